// Readers' latency during ServingFilter rebuilds (see rebuild_latency.h).
#include "core/bench/rebuild_latency.h"

#include "core/retrieval/random.h"
#include "core/serving_filter.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>

namespace bloomlab::bench {

// ---- LatencyHistogram ------------------------------------------------------------------------

std::size_t LatencyHistogram::bucketOf(std::uint64_t ns) noexcept {
    if (ns < kSub) return static_cast<std::size_t>(ns);
    const unsigned msb = 63u - static_cast<unsigned>(std::countl_zero(ns));  // >= kSubBits
    const unsigned shift = msb - kSubBits;
    const auto sub = static_cast<std::size_t>((ns >> shift) & (kSub - 1));
    return (shift + 1) * kSub + sub;
}

std::uint64_t LatencyHistogram::upperEdge(std::size_t bucket) noexcept {
    if (bucket < kSub) return bucket;
    const std::size_t shift = bucket / kSub - 1;
    const std::uint64_t lower = (std::uint64_t{kSub} + bucket % kSub) << shift;
    return lower + ((std::uint64_t{1} << shift) - 1);
}

void LatencyHistogram::add(std::uint64_t ns) noexcept {
    ++m_counts[bucketOf(ns)];
    ++m_count;
    m_max = std::max(m_max, ns);
}

void LatencyHistogram::merge(const LatencyHistogram& other) noexcept {
    for (std::size_t i = 0; i < kBuckets; ++i) m_counts[i] += other.m_counts[i];
    m_count += other.m_count;
    m_max = std::max(m_max, other.m_max);
}

double LatencyHistogram::quantile(double q) const noexcept {
    if (m_count == 0) return 0.0;
    const auto rank = std::clamp<std::uint64_t>(
        static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(m_count))), 1, m_count);
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < kBuckets; ++i) {
        seen += m_counts[i];
        if (seen >= rank) return static_cast<double>(std::min(upperEdge(i), m_max));
    }
    return static_cast<double>(m_max);
}

// ---- the benchmark -------------------------------------------------------------------------

namespace {

using Clock = std::chrono::steady_clock;

std::string keyOf(std::uint64_t index) { return "rk:" + std::to_string(index); }

LatencySummary summaryOf(const LatencyHistogram& h) {
    LatencySummary s;
    s.queries = h.count();
    s.p50Ns = h.quantile(0.50);
    s.p99Ns = h.quantile(0.99);
    s.p999Ns = h.quantile(0.999);
    s.p9999Ns = h.quantile(0.9999);
    s.maxNs = static_cast<double>(h.max());
    return s;
}

struct alignas(64) ReaderState {
    LatencyHistogram steady;
    LatencyHistogram rebuilding;
    std::uint64_t falseNegatives = 0;
};

} // namespace

RebuildLatencyResult runRebuildLatency(const RebuildLatencyConfig& config, std::stop_token stop) {
    if (config.readers == 0 || config.readers > 64)
        throw std::invalid_argument("readers must be in [1, 64]; got " + std::to_string(config.readers));
    if (config.rebuilds == 0 || config.rebuilds > 100)
        throw std::invalid_argument("rebuilds must be in [1, 100]; got " + std::to_string(config.rebuilds));
    if (!(config.quietSeconds > 0.0 && config.quietSeconds <= 60.0))
        throw std::invalid_argument("the steady phase must last (0, 60] seconds; got " +
                                    std::to_string(config.quietSeconds));
    if (config.filter.capacity == 0) throw std::invalid_argument("n (keys loaded) must be >= 1; got 0");

    std::atomic<std::uint64_t> stored{0};     // keys in the "store of record" (listed by the source)
    std::atomic<std::uint64_t> published{0};  // keys whose insert() returned: readers query these
    ServingFilter::Options options;
    options.policy.action = GrowthAction::Rebuild;
    options.keySource = [&stored](const ServingFilter::KeySink& sink) {
        const std::uint64_t count = stored.load(std::memory_order_acquire);
        for (std::uint64_t i = 0; i < count; ++i) sink(keyOf(i));
    };
    ServingFilter filter(config.filter, options);  // throws on a bad spec

    // A key is published to the readers once its insert returned true (see the rebuild loop for a
    // refused one).
    const auto insertNext = [&] {
        const std::uint64_t i = stored.load(std::memory_order_relaxed);
        stored.store(i + 1, std::memory_order_release);  // the store of record first
        const bool ok = filter.insert(keyOf(i));
        if (ok) published.store(i + 1, std::memory_order_release);
        return ok;
    };
    for (std::uint64_t i = 0; i < config.filter.capacity; ++i) {
        if (!insertNext())
            throw std::invalid_argument("the filter refused key " + std::to_string(i) + " of the " +
                                        std::to_string(config.filter.capacity) + " it was sized for");
    }

    RebuildLatencyResult result;
    result.readers = config.readers;
    result.keysAtStart = published.load();
    std::vector<ReaderState> states(config.readers);
    std::atomic<bool> done{false};
    std::vector<std::thread> threads;
    threads.reserve(config.readers);
    for (std::uint32_t r = 0; r < config.readers; ++r) {
        threads.emplace_back([&, r] {
            ReaderState& state = states[r];
            SplitMix64 rng(config.seed + 0x9E3779B97F4A7C15ULL * (r + 1));
            ServingFilter::Reader reader(filter);
            const bool useHandle = r % 2 == 0;
            std::string key;
            while (!done.load(std::memory_order_acquire)) {
                key = keyOf(rng.below(published.load(std::memory_order_acquire)));
                const bool before = filter.rebuilding();
                const auto t0 = Clock::now();
                const bool found = useHandle ? reader.mightContain(key) : filter.mightContain(key);
                const auto t1 = Clock::now();
                const bool after = filter.rebuilding();
                const auto ns = static_cast<std::uint64_t>(
                    std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count()));
                (before || after ? state.rebuilding : state.steady).add(ns);
                state.falseNegatives += found ? 0 : 1;
            }
        });
    }

    std::string failure;
    for (std::uint32_t rebuild = 0; rebuild < config.rebuilds; ++rebuild) {
        const auto quietEnd = Clock::now() + std::chrono::duration<double>(config.quietSeconds);
        while (Clock::now() < quietEnd && !stop.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (stop.stop_requested()) {
            result.cancelled = true;
            break;
        }
        // One rebuild while the writer inserts; the writer stops at a refused insert (a full
        // cuckoo table), which may have hit the new snapshot just after publication and so be in
        // no filter: it stays unpublished to the readers until a catch-up rebuild, started after
        // it was stored, has listed it.
        bool refused = false;
        const auto rebuildOnce = [&](bool write) {
            const std::uint64_t before = filter.stats().rebuilds;
            if (!filter.startRebuild()) {
                failure = "a rebuild could not start";
                return false;
            }
            std::uint64_t inserted = 0;
            while (write && filter.rebuilding()) {  // its inserts go to the side log
                if (!insertNext()) {
                    refused = true;
                    break;
                }
                if (++inserted % 64 == 0) std::this_thread::yield();
            }
            filter.waitForRebuild();
            const ServingStats s = filter.stats();
            if (s.rebuilds == before) {
                failure = filter.lastRebuildError();
                return false;
            }
            result.rebuilds.push_back({s.lastRebuildSeconds, s.lastRebuildKeys, s.lastReplayedOps, s.filter.capacity});
            return true;
        };
        if (!rebuildOnce(true) || (refused && !rebuildOnce(false))) break;
        published.store(stored.load(std::memory_order_acquire), std::memory_order_release);
    }
    const auto tailEnd = Clock::now() + std::chrono::duration<double>(config.quietSeconds);
    while (Clock::now() < tailEnd && !stop.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    done.store(true, std::memory_order_release);
    for (std::thread& t : threads) t.join();
    if (!failure.empty()) throw std::runtime_error("rebuild failed: " + failure);

    LatencyHistogram steadyHandle, steadyDirect, rebuildingHandle, rebuildingDirect;
    for (std::uint32_t r = 0; r < config.readers; ++r) {
        (r % 2 == 0 ? steadyHandle : steadyDirect).merge(states[r].steady);
        (r % 2 == 0 ? rebuildingHandle : rebuildingDirect).merge(states[r].rebuilding);
        result.falseNegatives += states[r].falseNegatives;
    }
    result.steadyHandle = summaryOf(steadyHandle);
    result.steadyDirect = summaryOf(steadyDirect);
    result.rebuildingHandle = summaryOf(rebuildingHandle);
    result.rebuildingDirect = summaryOf(rebuildingDirect);
    result.keysAtEnd = published.load();
    for (std::uint64_t i = 0; i < result.keysAtEnd; ++i) result.falseNegatives += filter.mightContain(keyOf(i)) ? 0 : 1;
    return result;
}

} // namespace bloomlab::bench
