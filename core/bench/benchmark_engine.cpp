#include "core/bench/benchmark_engine.h"

#include "core/bench/growth_benchmark.h"
#include "core/bench/workload.h"
#include "core/retrieval/corpus.h"
#include "core/retrieval/hash_backend.h"
#include "core/retrieval/latency_backend.h"
#include "core/retrieval/random.h"
#include "core/retrieval/retrieval_cache.h"
#include "core/retrieval/scan_backend.h"
#include "core/retrieval/sqlite_backend.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>

namespace bloomlab::bench {

namespace {

using Clock = std::chrono::steady_clock;

/// Results of timed calls end up here, so the optimiser cannot drop the calls.
std::atomic<std::uint64_t> g_sink{0};

constexpr std::int64_t kMaxLatencyUs = 10'000'000;  // 10 s per lookup is surely a typo
constexpr std::uint64_t kMaxQueries = 100'000'000;
constexpr std::uint32_t kMaxRepeats = 1000;
constexpr std::uint64_t kWarmupQueries = 2000;
constexpr std::size_t kChunk = 256;  // queries per interleaved chunk

std::string formatDouble(double value, int significant = 9) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", significant, value);
    return buffer;
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

double median(std::vector<double> values) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

/// Times fn(i) for i in [begin, end) with chained clock stamps into latencyNs[i]; false when
/// stopped.
template <class Fn>
bool timedRange(std::size_t begin, std::size_t end, std::vector<std::int64_t>& latencyNs,
                const std::stop_token& stop, Fn&& fn) {
    auto previous = Clock::now();
    for (std::size_t i = begin; i < end; ++i) {
        if (stop.stop_requested()) return false;
        fn(i);
        const auto now = Clock::now();
        latencyNs[i] = std::chrono::duration_cast<std::chrono::nanoseconds>(now - previous).count();
        previous = now;
    }
    return true;
}

struct Latencies {
    double total = 0, p50 = 0, p95 = 0, p99 = 0, mean = 0;  // total in s, others in us
};

Latencies summarize(std::vector<std::int64_t> ns) {
    Latencies out;
    if (ns.empty()) return out;
    const double sum = std::accumulate(ns.begin(), ns.end(), 0.0);
    out.total = sum * 1e-9;
    out.mean = sum / double(ns.size()) * 1e-3;
    std::sort(ns.begin(), ns.end());
    out.p50 = nearestRankPercentile(ns, 0.50) * 1e-3;
    out.p95 = nearestRankPercentile(ns, 0.95) * 1e-3;
    out.p99 = nearestRankPercentile(ns, 0.99) * 1e-3;
    return out;
}

/// Everything one runBenchmark/runSweep builds once.
class Session {
public:
    Session(const BenchConfig& config, std::uint64_t coldNeeded, const ProgressCallback& progress,
            std::uint64_t totalUnits)
        : m_config(config), m_corpus(loadCorpus(config, progress, totalUnits)) {
        if (config.filter.capacity > m_corpus.size())
            throw std::invalid_argument(
                "the hot set (n = " + std::to_string(config.filter.capacity) +
                ") cannot be larger than the corpus (" + std::to_string(m_corpus.size()) +
                " phrases)");
        report(progress, totalUnits, "building store (" + backendName(config.backend) + ")");
        // Hot set: n phrases chosen uniformly from the corpus (partial Fisher-Yates).
        const std::size_t n = config.filter.capacity;
        const std::vector<std::uint32_t> order = hotSetOrder(m_corpus.size(), n, config.seed);
        StoreContents contents{&m_corpus, std::vector<bool>(m_corpus.size(), false)};
        m_hotSet.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            m_hotSet.emplace_back(m_corpus.phrase(order[i]));
            contents.documented[order[i]] = true;
        }
        m_backend = config.backendFactory ? config.backendFactory(contents)
                                          : makeBackend(config.backend, contents);
        if (!m_backend) throw std::invalid_argument("the backend factory returned no store");

        report(progress, totalUnits, "building filter");
        const auto start = Clock::now();
        m_cache.emplace(AnyFilter::create(config.filter), *m_backend);
        m_cache->preloadAll(m_hotSet);
        m_buildTimeS = seconds(Clock::now() - start);
        if (m_cache->pendingCount() > 0) m_refusedNote = m_cache->pendingCount();
        if (config.remoteFilter) {
            report(progress, totalUnits, "uploading the filter to " + config.remoteFilterLocation);
            m_remote = config.remoteFilter(m_cache->filter());
            if (!m_remote) throw std::invalid_argument("the remote filter factory returned no filter");
        }

        report(progress, totalUnits, "generating cold queries");
        m_coldPool = m_corpus.absentPhrases(coldNeeded, config.seed ^ 0xC01DULL);
    }

    PointResult runPoint(double hotRatio, const ProgressCallback& progress, std::uint64_t& done,
                         std::uint64_t total, const std::stop_token& stop) {
        PointResult point;
        point.hotRatio = hotRatio;
        WorkloadSpec spec;
        spec.hotRatio = hotRatio;
        spec.queries = m_config.queries;
        spec.zipf = m_config.distribution == HotDistribution::Zipf;
        spec.zipfExponent = m_config.zipfExponent;
        spec.seed = m_config.seed + static_cast<std::uint64_t>(std::llround(hotRatio * 1e6));
        const Workload workload = makeWorkload(m_hotSet, m_coldPool, spec);

        char ratioText[32];
        std::snprintf(ratioText, sizeof ratioText, "hot %.2f", hotRatio);
        warmUp(workload, stop);
        for (std::uint32_t r = 0; r < m_config.repeats; ++r) {
            if (stop.stop_requested()) break;
            if (progress) {
                Progress p;
                p.done = done;
                p.total = total;
                p.stage = std::string(ratioText) + ", repeat " + std::to_string(r + 1) + "/" +
                          std::to_string(m_config.repeats);
                progress(p);
            }
            std::optional<RunResult> run = runRepeat(workload, hotRatio, r, stop);
            if (!run) break;  // stopped mid-repeat: the partial repeat is dropped
            point.runs.push_back(*run);
            ++done;
        }
        point.median = medianOf(point.runs, hotRatio);
        return point;
    }

private:
    static Corpus loadCorpus(const BenchConfig& config, const ProgressCallback& progress,
                             std::uint64_t totalUnits) {
        report(progress, totalUnits, "building corpus");
        if (!config.corpusFile.empty()) return Corpus::fromFile(config.corpusFile);
        return Corpus::generate(config.corpusSize, config.seed);
    }

    static void report(const ProgressCallback& progress, std::uint64_t total, std::string stage) {
        if (!progress) return;
        Progress p;
        p.total = total;
        p.stage = std::move(stage);
        progress(p);
    }

    void warmUp(const Workload& w, const std::stop_token& stop) {
        const std::size_t count = std::min<std::size_t>(w.queries.size(), kWarmupQueries);
        for (std::size_t i = 0; i < count && !stop.stop_requested(); ++i) {
            m_sink += m_backend->lookup(w.queries[i]).has_value();
            m_sink += m_cache->get(w.queries[i]).has_value();
        }
    }

    std::optional<RunResult> runRepeat(const Workload& w, double hotRatio, std::uint32_t repeat,
                                       const std::stop_token& stop) {
        const std::size_t count = w.queries.size();
        std::vector<std::int64_t> without(count), with(count), filterOnly(count), harness(count);
        std::uint64_t hotMisses = 0;
        const std::uint64_t fpBefore = m_cache->counters().confirmedFalsePositives;
        const AnyFilter& filter = m_cache->filter();

        const auto lookupWithout = [&](std::size_t i) {
            m_sink += m_backend->lookup(w.queries[i]).has_value();
        };
        const auto lookupWith = [&](std::size_t i) {
            const bool answered = m_cache->get(w.queries[i]).has_value();
            hotMisses += (w.hot[i] && !answered);
            m_sink += answered;
        };
        // Chunked ABBA interleaving (see the header): step j times "without" on chunk j and
        // "with" on chunk j + K/2, in alternating order, then the filter-only and empty passes on
        // chunk j. Both sides see the same machine load at the same moment, and the two lookups
        // of one query are half a pass apart, so neither warms the other's caches.
        const std::size_t chunks = (count + kChunk - 1) / kChunk;
        const auto range = [&](std::size_t chunk) {
            const std::size_t begin = chunk * kChunk;
            return std::pair{begin, std::min(count, begin + kChunk)};
        };
        // A remote filter (--filter-at) is asked once per chunk, inside the timed region of the
        // chunk's first query; each query then takes its answer from the batch.
        std::vector<std::uint8_t> remoteAnswers(kChunk);
        const auto askRemote = [&](std::size_t begin, std::size_t end) {
            m_remote->mightContainMany(std::span(w.queries).subspan(begin, end - begin),
                                       std::span(remoteAnswers).first(end - begin));
        };
        const auto timedWith = [&](std::size_t begin, std::size_t end) {
            if (!m_remote) return timedRange(begin, end, with, stop, lookupWith);
            return timedRange(begin, end, with, stop, [&](std::size_t i) {
                if (i == begin) askRemote(begin, end);
                const bool answered = m_cache->get(w.queries[i], remoteAnswers[i - begin] != 0).has_value();
                hotMisses += (w.hot[i] && !answered);
                m_sink += answered;
            });
        };
        for (std::size_t step = 0; step < chunks; ++step) {
            const auto [a0, a1] = range(step);
            const auto [b0, b1] = range((step + chunks / 2) % chunks);
            const bool withFirst = (step + repeat) % 2 == 1;
            if (withFirst) {
                if (!timedWith(b0, b1)) return std::nullopt;
                if (!timedRange(a0, a1, without, stop, lookupWithout)) return std::nullopt;
            } else {
                if (!timedRange(a0, a1, without, stop, lookupWithout)) return std::nullopt;
                if (!timedWith(b0, b1)) return std::nullopt;
            }
            // The filter-only pass on chunk j + K/4: its query strings were last read K/4 steps
            // ago, as cold as those the "with" pass meets (on chunk j, just read by "without",
            // they would be in the CPU caches and c_f would come out too low).
            const auto [f0, f1] = range((step + chunks / 4) % chunks);
            const bool filtered =
                m_remote ? timedRange(f0, f1, filterOnly, stop,
                                      [&](std::size_t i) {
                                          if (i == f0) askRemote(f0, f1);
                                          m_sink += remoteAnswers[i - f0];
                                      })
                         : timedRange(f0, f1, filterOnly, stop,
                                      [&](std::size_t i) { m_sink += filter.mightContain(w.queries[i]); });
            if (!filtered) return std::nullopt;
            if (!timedRange(a0, a1, harness, stop, [&](std::size_t i) { m_sink += i & 1; }))
                return std::nullopt;
        }
        const std::uint64_t falsePositives = m_cache->counters().confirmedFalsePositives - fpBefore;
        const double overhead = std::accumulate(harness.begin(), harness.end(), 0.0) / double(count);
        if (hotMisses > 0)
            throw std::logic_error("retrieval cache returned empty for " + std::to_string(hotMisses) +
                                   " hot queries: its coverage invariant is broken");

        RunResult run;
        run.repeat = repeat + 1;
        run.hotRatio = hotRatio;
        run.queries = count;
        run.hotQueries = w.hotCount;
        run.coldQueries = w.coldCount;
        run.falsePositives = falsePositives;
        run.fprCold = w.coldCount ? double(falsePositives) / double(w.coldCount) : 0.0;

        double hotSum = 0, coldSum = 0;
        for (std::size_t i = 0; i < count; ++i) (w.hot[i] ? hotSum : coldSum) += double(without[i]);
        const auto net = [&](double meanNs) { return std::max(0.0, meanNs - overhead); };
        run.timerOverheadNs = overhead;
        run.backendHotNs = w.hotCount ? net(hotSum / double(w.hotCount)) : 0.0;
        run.backendColdNs = w.coldCount ? net(coldSum / double(w.coldCount)) : 0.0;
        run.backendCostNs = net((hotSum + coldSum) / double(count));
        run.filterCostNs =
            net(std::accumulate(filterOnly.begin(), filterOnly.end(), 0.0) / double(count));

        const Latencies lw = summarize(std::move(with));
        const Latencies lo = summarize(std::move(without));
        run.timeWithS = lw.total;
        run.timeWithoutS = lo.total;
        run.speedup = lw.total > 0 ? lo.total / lw.total : 0.0;
        run.p50WithUs = lw.p50;
        run.p95WithUs = lw.p95;
        run.p99WithUs = lw.p99;
        run.meanWithUs = lw.mean;
        run.p50WithoutUs = lo.p50;
        run.p95WithoutUs = lo.p95;
        run.p99WithoutUs = lo.p99;
        run.meanWithoutUs = lo.mean;
        run.p50Speedup = lw.p50 > 0 ? lo.p50 / lw.p50 : 0.0;
        const double h = double(w.hotCount) / double(count);
        run.modelSpeedup = modelSpeedup(h, run.fprCold, run.filterCostNs, run.backendHotNs,
                                        run.backendColdNs, overhead);
        run.modelRatio = run.modelSpeedup > 0 ? run.speedup / run.modelSpeedup : 0.0;
        const FilterStats stats = filter.stats();
        run.filterBytes = stats.bytes;
        run.estimatedFpr = stats.estimatedFpr;
        run.buildTimeS = m_buildTimeS;
        run.m = filter.sizeInBits();
        run.k = filter.hashCount();
        return run;
    }

    static RunResult medianOf(const std::vector<RunResult>& runs, double hotRatio) {
        RunResult m;
        m.hotRatio = hotRatio;
        if (runs.empty()) return m;
        const auto med = [&](auto field) {
            std::vector<double> v;
            v.reserve(runs.size());
            for (const auto& r : runs) v.push_back(double(r.*field));
            return median(std::move(v));
        };
        const RunResult& first = runs.front();
        m.repeat = 0;
        m.queries = first.queries;
        m.hotQueries = first.hotQueries;
        m.coldQueries = first.coldQueries;
        m.timeWithS = med(&RunResult::timeWithS);
        m.timeWithoutS = med(&RunResult::timeWithoutS);
        m.speedup = med(&RunResult::speedup);
        m.p50WithUs = med(&RunResult::p50WithUs);
        m.p95WithUs = med(&RunResult::p95WithUs);
        m.p99WithUs = med(&RunResult::p99WithUs);
        m.meanWithUs = med(&RunResult::meanWithUs);
        m.p50WithoutUs = med(&RunResult::p50WithoutUs);
        m.p95WithoutUs = med(&RunResult::p95WithoutUs);
        m.p99WithoutUs = med(&RunResult::p99WithoutUs);
        m.meanWithoutUs = med(&RunResult::meanWithoutUs);
        m.p50Speedup = med(&RunResult::p50Speedup);
        m.fprCold = med(&RunResult::fprCold);
        m.falsePositives = static_cast<std::uint64_t>(std::llround(med(&RunResult::falsePositives)));
        m.modelSpeedup = med(&RunResult::modelSpeedup);
        m.modelRatio = med(&RunResult::modelRatio);
        m.filterCostNs = med(&RunResult::filterCostNs);
        m.backendCostNs = med(&RunResult::backendCostNs);
        m.backendHotNs = med(&RunResult::backendHotNs);
        m.backendColdNs = med(&RunResult::backendColdNs);
        m.timerOverheadNs = med(&RunResult::timerOverheadNs);
        m.filterBytes = first.filterBytes;
        m.estimatedFpr = first.estimatedFpr;
        m.buildTimeS = first.buildTimeS;
        m.m = first.m;
        m.k = first.k;
        return m;
    }

    const BenchConfig& m_config;
    Corpus m_corpus;
    std::vector<std::string_view> m_hotSet;
    std::vector<std::string> m_coldPool;
    std::unique_ptr<Backend> m_backend;
    std::optional<RetrievalCache> m_cache;
    std::unique_ptr<RemoteMembership> m_remote;  ///< --filter-at: asked instead of the cache's filter
    double m_buildTimeS = 0;
    std::uint64_t m_refusedNote = 0;
    std::uint64_t m_sink = 0;  // consumes every timed result (published in the destructor)

public:
    ~Session() { g_sink.fetch_add(m_sink, std::memory_order_relaxed); }
};

std::uint64_t coldNeededFor(const BenchConfig& config, const std::vector<double>& ratios) {
    std::uint64_t most = 0;
    for (double h : ratios) {
        const auto hot = static_cast<std::uint64_t>(std::llround(h * double(config.queries)));
        most = std::max(most, config.queries - std::min(hot, config.queries));
    }
    return most;
}

} // namespace

BackendSpec parseBackendSpec(std::string_view text) {
    BackendSpec spec;
    const auto bad = [&](const std::string& why) {
        return std::invalid_argument("backend must be scan, hash, sqlite, latency or latency:US" +
                                     why + "; got '" + std::string(text) + "'");
    };
    if (text == "scan") {
        spec.kind = BackendKind::Scan;
    } else if (text == "hash") {
        spec.kind = BackendKind::Hash;
    } else if (text == "sqlite") {
        spec.kind = BackendKind::Sqlite;
    } else if (text == "latency") {
        spec.kind = BackendKind::Latency;
    } else if (text.starts_with("latency:")) {
        spec.kind = BackendKind::Latency;
        const std::string_view number = text.substr(8);
        std::int64_t us = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), us);
        if (number.empty() || ec != std::errc() || end != number.data() + number.size())
            throw bad(" (US = whole microseconds)");
        if (us < 0 || us > kMaxLatencyUs)
            throw bad(" (US in [0, " + std::to_string(kMaxLatencyUs) + "])");
        spec.latency = std::chrono::microseconds(us);
    } else {
        throw bad("");
    }
    return spec;
}

std::string backendName(const BackendSpec& spec) {
    switch (spec.kind) {
    case BackendKind::Scan: return "scan";
    case BackendKind::Hash: return "hash";
    case BackendKind::Sqlite: return "sqlite";
    case BackendKind::Latency: return "latency:" + std::to_string(spec.latency.count());
    }
    return "unknown";
}

std::unique_ptr<Backend> makeBackend(const BackendSpec& spec, const StoreContents& contents) {
    switch (spec.kind) {
    case BackendKind::Scan: return std::make_unique<ScanBackend>(contents);
    case BackendKind::Hash: return std::make_unique<HashBackend>(contents);
    case BackendKind::Sqlite: return std::make_unique<SqliteBackend>(contents, spec.sqlitePath);
    case BackendKind::Latency: return std::make_unique<LatencyBackend>(contents, spec.latency);
    }
    throw std::invalid_argument("unknown backend kind");
}

double nearestRankPercentile(const std::vector<std::int64_t>& sorted, double q) {
    if (sorted.empty()) return 0.0;
    const auto rank = static_cast<std::size_t>(std::ceil(q * double(sorted.size())));
    return double(sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1]);
}

double modelSpeedup(double hotFraction, double fprCold, double filterCost, double hotCost,
                    double coldCost, double perQueryOverhead) {
    const double h = hotFraction;
    const double without = perQueryOverhead + h * hotCost + (1.0 - h) * coldCost;
    const double with =
        perQueryOverhead + filterCost + h * hotCost + (1.0 - h) * fprCold * coldCost;
    return with > 0 ? without / with : 0.0;
}

void validate(const BenchConfig& config) {
    if (config.filter.capacity == 0)
        throw std::invalid_argument("n (hot set size / filter capacity) must be >= 1; got 0");
    if (!(config.hotRatio >= 0.0 && config.hotRatio <= 1.0))
        throw std::invalid_argument("hot ratio must be in [0, 1]; got " +
                                    formatDouble(config.hotRatio));
    if (config.queries == 0 || config.queries > kMaxQueries)
        throw std::invalid_argument("queries must be in [1, " + std::to_string(kMaxQueries) +
                                    "]; got " + std::to_string(config.queries));
    if (config.repeats == 0 || config.repeats > kMaxRepeats)
        throw std::invalid_argument("repeats must be in [1, " + std::to_string(kMaxRepeats) +
                                    "]; got " + std::to_string(config.repeats));
    if (config.corpusFile.empty() && config.corpusSize == 0)
        throw std::invalid_argument("corpus size must be >= 1; got 0");
    if (config.corpusFile.empty() && config.filter.capacity > config.corpusSize)
        throw std::invalid_argument("the hot set (n = " + std::to_string(config.filter.capacity) +
                                    ") cannot be larger than the corpus (" +
                                    std::to_string(config.corpusSize) + " phrases)");
    if (config.distribution == HotDistribution::Zipf &&
        !(config.zipfExponent > 0.0 && std::isfinite(config.zipfExponent)))
        throw std::invalid_argument("Zipf exponent must be > 0; got " +
                                    formatDouble(config.zipfExponent));
    if (config.backend.kind == BackendKind::Latency &&
        (config.backend.latency.count() < 0 || config.backend.latency.count() > kMaxLatencyUs))
        throw std::invalid_argument("latency must be in [0, " + std::to_string(kMaxLatencyUs) +
                                    "] us");
    if (config.growHot != 0.0) validateGrowth(config);
}

PointResult runBenchmark(const BenchConfig& config, const ProgressCallback& progress,
                         std::stop_token stop) {
    validate(config);
    const std::uint64_t total = config.repeats;
    Session session(config, coldNeededFor(config, {config.hotRatio}), progress, total);
    std::uint64_t done = 0;
    PointResult point = session.runPoint(config.hotRatio, progress, done, total, stop);
    if (progress) {
        Progress p;
        p.done = done;
        p.total = total;
        p.stage = stop.stop_requested() ? "cancelled" : "done";
        p.point = point;
        progress(p);
    }
    return point;
}

void validate(const SweepConfig& config) {
    validate(config.base);
    if (config.hotRatios.empty()) throw std::invalid_argument("a sweep needs at least one hot ratio");
    for (auto it = config.hotRatios.begin(); it != config.hotRatios.end(); ++it) {
        if (!(*it >= 0.0 && *it <= 1.0))
            throw std::invalid_argument("hot ratio must be in [0, 1]; got " + formatDouble(*it));
        // The same ratio twice would be measured twice, as two rows of the table.
        if (std::find(config.hotRatios.begin(), it, *it) != it)
            throw std::invalid_argument("hot ratio " + formatDouble(*it) + " is given twice; give each ratio once");
    }
}

SweepResult runSweep(const SweepConfig& config, const ProgressCallback& progress,
                     std::stop_token stop) {
    validate(config);
    const std::uint64_t total = config.hotRatios.size() * std::uint64_t{config.base.repeats};
    SweepResult result;
    Session session(config.base, coldNeededFor(config.base, config.hotRatios), progress, total);
    std::uint64_t done = 0;
    for (double h : config.hotRatios) {
        if (stop.stop_requested()) break;
        PointResult point = session.runPoint(h, progress, done, total, stop);
        if (point.runs.size() < config.base.repeats) break;  // stopped inside this point
        result.points.push_back(point);
        if (progress) {
            Progress p;
            p.done = done;
            p.total = total;
            char stage[48];
            std::snprintf(stage, sizeof stage, "hot %.2f done", h);
            p.stage = stage;
            p.point = std::move(point);
            progress(p);
        }
    }
    result.cancelled = result.points.size() < config.hotRatios.size();
    return result;
}

std::vector<std::string> csvColumns() {
    return {"backend",        "filter",          "n",
            "p",              "m",               "k",
            "hot_ratio",      "repeat",          "queries",
            "time_with_s",    "time_without_s",  "speedup",
            "p50_with_us",    "p50_without_us",  "p50_speedup",
            "p95_with_us",    "p99_with_us",     "fpr_cold",
            "model_speedup",  "filter_bytes",    "seed",
            "p95_without_us", "p99_without_us",  "mean_with_us",
            "mean_without_us", "hot_queries",    "cold_queries",
            "false_positives", "filter_ns",      "backend_ns",
            "backend_hot_ns", "backend_cold_ns", "timer_ns",       "model_ratio",
            "build_time_s",
            "distribution",   "corpus",          "filter_at"};
}

std::string joinCsv(const std::vector<std::string>& cells) {
    std::string line;
    for (const auto& cell : cells) {
        if (!line.empty()) line += ',';
        line += cell;
    }
    return line;
}

std::string csvHeader() { return joinCsv(csvColumns()); }

std::string csvRow(const BenchConfig& config, const RunResult& run) {
    std::vector<std::string> cells = {
        backendName(config.backend),
        std::string(filterTypeName(config.filter.type)),
        std::to_string(config.filter.capacity),
        formatDouble(config.filter.fpr),
        std::to_string(run.m),
        std::to_string(run.k),
        formatDouble(run.hotRatio),
        std::to_string(run.repeat),
        std::to_string(run.queries),
        formatDouble(run.timeWithS),
        formatDouble(run.timeWithoutS),
        formatDouble(run.speedup),
        formatDouble(run.p50WithUs),
        formatDouble(run.p50WithoutUs),
        formatDouble(run.p50Speedup),
        formatDouble(run.p95WithUs),
        formatDouble(run.p99WithUs),
        formatDouble(run.fprCold),
        formatDouble(run.modelSpeedup),
        std::to_string(run.filterBytes),
        std::to_string(config.seed),
        formatDouble(run.p95WithoutUs),
        formatDouble(run.p99WithoutUs),
        formatDouble(run.meanWithUs),
        formatDouble(run.meanWithoutUs),
        std::to_string(run.hotQueries),
        std::to_string(run.coldQueries),
        std::to_string(run.falsePositives),
        formatDouble(run.filterCostNs),
        formatDouble(run.backendCostNs),
        formatDouble(run.backendHotNs),
        formatDouble(run.backendColdNs),
        formatDouble(run.timerOverheadNs),
        formatDouble(run.modelRatio),
        formatDouble(run.buildTimeS),
        config.distribution == HotDistribution::Zipf ? "zipf:" + formatDouble(config.zipfExponent)
                                                     : std::string("uniform"),
        config.corpusFile.empty() ? "generated:" + std::to_string(config.corpusSize)
                                  : std::string("file"),
        // A cluster address holds commas: quoted (RFC 4180), like any cell that needs it.
        config.remoteFilterLocation.find_first_of(",\"") == std::string::npos
            ? config.remoteFilterLocation
            : '"' + config.remoteFilterLocation + '"',
    };
    return joinCsv(cells);
}

} // namespace bloomlab::bench
