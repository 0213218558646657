// perf_engine: the side-by-side filter speed measurement (see perf_engine.h).
#include "core/bench/perf_engine.h"

#include "core/batch_pipeline.h"
#include "core/any_filter.h"
#include "core/filter_math.h"
#include "core/filter_storage.h"
#include "core/hash_batch.h"
#include "core/hashing.h"
#include "core/retrieval/transparent_hash.h"

#include <bloom.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_set>
#include <type_traits>
#include <utility>
#include <variant>

#ifndef BLOOMLAB_PERF_BUILD_TYPE
#define BLOOMLAB_PERF_BUILD_TYPE "unknown"
#endif
#ifndef BLOOMLAB_PERF_CXX_FLAGS
#define BLOOMLAB_PERF_CXX_FLAGS "unknown"
#endif

namespace bloomlab::bench {

namespace {

using Clock = std::chrono::steady_clock;
using Keys = std::span<const std::string_view>;

/// Stop requested between chunks; caught in runPerf.
struct Cancelled {};

/// Keeps `value` alive for the optimiser: the computation producing it cannot be dropped.
template <class T>
inline void keepAlive(const T& value) noexcept {
    __asm__ __volatile__("" : : "r,m"(value) : "memory");
}

inline std::uint64_t integerKey(std::string_view key) noexcept {
    std::uint64_t value = 0;
    std::memcpy(&value, key.data(), std::min(key.size(), sizeof value));
    return value;  // little-endian hosts (x86-64, AArch64): the key's encoding
}

std::string str(double value, int precision = 6) {
    std::ostringstream out;
    out.precision(precision);
    out << value;
    return out.str();
}

/// Heap bytes in use (glibc: main arena + mmapped chunks); 0 where unavailable.
std::uint64_t heapInUse() noexcept {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    const struct mallinfo2 info = mallinfo2();
    return static_cast<std::uint64_t>(info.uordblks) + static_cast<std::uint64_t>(info.hblkhd);
#else
    return 0;
#endif
}

/// MemAvailable from /proc/meminfo in bytes; 0 when unknown.
std::uint64_t memoryAvailable() {
    std::ifstream meminfo("/proc/meminfo");
    std::string name;
    std::uint64_t kib = 0;
    std::string unit;
    while (meminfo >> name >> kib >> unit) {
        if (name == "MemAvailable:") return kib * 1024;
    }
    return 0;
}

FilterSpec specFor(FilterType type, std::uint64_t n, double p, unsigned fingerprintBits = 0) {
    FilterSpec spec;
    spec.type = type;
    spec.capacity = n;
    spec.fpr = p;
    spec.fingerprintBits = fingerprintBits;
    return spec;
}

/// A filter built exactly as `bloomlab-cli build` builds it (AnyFilter::create), unwrapped.
template <class F>
F makeFilter(const FilterSpec& spec) {
    AnyFilter any = AnyFilter::create(spec);
    return std::get<F>(std::move(any.variant()));
}

std::uint64_t sumResults(std::span<const std::uint8_t> results) noexcept {
    std::uint64_t total = 0;
    for (const std::uint8_t r : results) total += r;
    return total;
}

// ---- Adapters: one per structure, the same small surface for the timing loops ----------------
// insertOne / lookupOne call the one-key API per key; insertBatch / lookupBatch the batched API
// over the whole chunk. Each returns the number of successful inserts or positive answers.

std::string classicGeometry(const BloomFilter& f) {
    return "m=" + std::to_string(f.numBits()) + " bits, k=" + std::to_string(f.numHashes());
}

template <class Filter>
struct FilterAdapter {
    Filter filter;
    std::uint64_t insertOne(Keys keys) {
        std::uint64_t ok = 0;
        for (const std::string_view key : keys) ok += filter.insert(key) ? 1 : 0;
        return ok;
    }
    std::uint64_t lookupOne(Keys keys) const {
        std::uint64_t hits = 0;
        for (const std::string_view key : keys) hits += filter.mightContain(key) ? 1 : 0;
        return hits;
    }
    std::uint64_t bytes() const { return filter.stats().bytes; }
    double expectedFpr() const { return filter.stats().estimatedFpr; }
};

struct ClassicAdapter : FilterAdapter<BloomFilter> {
    static constexpr bool kBatchInsert = true;
    static constexpr bool kBatchLookup = true;
    /// hashes = 0: the optimal k (as `build` without -k); otherwise as `build -k hashes`.
    ClassicAdapter(std::uint64_t n, double p, Writers writers, std::uint32_t hashes = 0)
        : FilterAdapter{makeFilter<BloomFilter>(classicSpec(n, p, hashes))} {
        filter.setWriters(writers);
    }
    static FilterSpec classicSpec(std::uint64_t n, double p, std::uint32_t hashes) {
        FilterSpec spec = specFor(FilterType::Classic, n, p);
        spec.hashes = hashes;
        return spec;
    }
    std::uint64_t insertBatch(Keys keys, std::span<std::uint8_t>) {
        filter.insertMany(keys);
        return keys.size();
    }
    std::uint64_t lookupBatch(Keys keys, std::span<std::uint8_t> scratch) const {
        filter.mightContainMany(keys, scratch.first(keys.size()));
        return sumResults(scratch.first(keys.size()));
    }
    std::string geometry() const { return classicGeometry(filter); }
};

struct BlockedAdapter : FilterAdapter<BlockedBloomFilter> {
    static constexpr bool kBatchInsert = true;
    static constexpr bool kBatchLookup = true;
    BlockedAdapter(std::uint64_t n, double p, Writers writers)
        : FilterAdapter{makeFilter<BlockedBloomFilter>(specFor(FilterType::Blocked, n, p))} {
        filter.setWriters(writers);
    }
    std::uint64_t insertBatch(Keys keys, std::span<std::uint8_t>) {
        filter.insertMany(keys);
        return keys.size();
    }
    std::uint64_t lookupBatch(Keys keys, std::span<std::uint8_t> scratch) const {
        filter.mightContainMany(keys, scratch.first(keys.size()));
        return sumResults(scratch.first(keys.size()));
    }
    std::string geometry() const {
        return std::to_string(filter.numBlocks()) + " blocks of 256 bits" +
               (BlockedBloomFilter::usingAvx2() ? ", AVX2" : ", portable");
    }
};

struct CountingAdapter : FilterAdapter<CountingBloomFilter> {
    static constexpr bool kBatchInsert = false;
    static constexpr bool kBatchLookup = false;
    CountingAdapter(std::uint64_t n, double p)
        : FilterAdapter{makeFilter<CountingBloomFilter>(specFor(FilterType::Counting, n, p))} {}
    std::uint64_t insertBatch(Keys, std::span<std::uint8_t>) { return 0; }
    std::uint64_t lookupBatch(Keys, std::span<std::uint8_t>) const { return 0; }
    std::string geometry() const {
        return std::to_string(filter.numLines()) + " lines of 128 4-bit counters, k=" +
               std::to_string(filter.numHashes());
    }
};

struct ScalableAdapter : FilterAdapter<ScalableBloomFilter> {
    static constexpr bool kBatchInsert = false;
    static constexpr bool kBatchLookup = false;
    ScalableAdapter(std::uint64_t n, double p)
        : FilterAdapter{makeFilter<ScalableBloomFilter>(specFor(FilterType::Scalable, n, p))} {}
    std::uint64_t insertBatch(Keys, std::span<std::uint8_t>) { return 0; }
    std::uint64_t lookupBatch(Keys, std::span<std::uint8_t>) const { return 0; }
    std::string geometry() const {
        std::string out = std::to_string(filter.layers().size()) + " layer(s)";
        if (!filter.layers().empty()) out += ", first " + classicGeometry(filter.layers().front());
        return out + " at p0=" + str(filter.firstLayerFpr(), 3);
    }
};

template <unsigned F>
struct CuckooAdapter : FilterAdapter<CuckooFilter<F>> {
    static constexpr bool kBatchInsert = false;
    static constexpr bool kBatchLookup = true;
    CuckooAdapter(std::uint64_t n, double p)
        : FilterAdapter<CuckooFilter<F>>{makeFilter<CuckooFilter<F>>(specFor(FilterType::Cuckoo, n, p, F))} {}
    std::uint64_t insertBatch(Keys, std::span<std::uint8_t>) { return 0; }
    std::uint64_t lookupBatch(Keys keys, std::span<std::uint8_t> scratch) const {
        this->filter.mightContainMany(keys, scratch.first(keys.size()));
        return sumResults(scratch.first(keys.size()));
    }
    std::string geometry() const {
        return "f=" + std::to_string(F) + ", " + std::to_string(this->filter.numBuckets()) +
               " buckets of 4, load " + str(this->filter.loadFactor(), 3);
    }
};

/// Debian's libbloom (Jyri J. Virkki): MurmurHash2 twice, k probes (a + i b) % bits, bytes.
class LibbloomAdapter {
public:
    static constexpr bool kBatchInsert = false;
    static constexpr bool kBatchLookup = false;
    LibbloomAdapter(std::uint64_t n, double p) {
        if (n > static_cast<std::uint64_t>(std::numeric_limits<int>::max()) / 16) {
            throw std::invalid_argument("libbloom takes an int entry count; n = " + std::to_string(n) +
                                        " is too large for it");
        }
        // libbloom refuses fewer than 1000 entries; the reference is sized for max(n, 1000).
        if (bloom_init(&m_bloom, static_cast<int>(std::max<std::uint64_t>(n, 1000)), p) != 0) {
            throw std::runtime_error("libbloom: bloom_init failed for n = " + std::to_string(n));
        }
    }
    ~LibbloomAdapter() { bloom_free(&m_bloom); }
    LibbloomAdapter(const LibbloomAdapter&) = delete;
    LibbloomAdapter& operator=(const LibbloomAdapter&) = delete;

    std::uint64_t insertOne(Keys keys) {
        std::uint64_t ok = 0;
        for (const std::string_view key : keys) {
            ok += bloom_add(&m_bloom, key.data(), static_cast<int>(key.size())) >= 0 ? 1 : 0;
        }
        m_inserted += keys.size();
        return ok;
    }
    std::uint64_t lookupOne(Keys keys) {
        std::uint64_t hits = 0;
        for (const std::string_view key : keys) {
            hits += bloom_check(&m_bloom, key.data(), static_cast<int>(key.size())) == 1 ? 1 : 0;
        }
        return hits;
    }
    std::uint64_t insertBatch(Keys, std::span<std::uint8_t>) { return 0; }
    std::uint64_t lookupBatch(Keys, std::span<std::uint8_t>) { return 0; }
    std::uint64_t bytes() const { return static_cast<std::uint64_t>(m_bloom.bytes); }
    /// Theory for its geometry at the n keys the benchmark inserts (libbloom keeps no count).
    double expectedFpr() const {
        return math::classicFpr(static_cast<double>(m_inserted), static_cast<double>(m_bloom.bits), m_bloom.hashes);
    }
    std::string geometry() const {
        return "m=" + std::to_string(m_bloom.bits) + " bits, k=" + std::to_string(m_bloom.hashes) + ", libbloom " +
               bloom_version();
    }

private:
    struct bloom m_bloom {};
    std::uint64_t m_inserted = 0;
};

/// std::unordered_set as the exact baseline, reserved for n. Bytes: heap growth during the build.
template <class Set>
class UnorderedSetAdapter {
public:
    static constexpr bool kBatchInsert = false;
    static constexpr bool kBatchLookup = false;
    static constexpr bool kIntegerKeys = std::is_same_v<typename Set::key_type, std::uint64_t>;

    explicit UnorderedSetAdapter(std::uint64_t n) {
        const std::uint64_t before = heapInUse();
        m_set.reserve(n);
        m_heapBase = before;
    }
    std::uint64_t insertOne(Keys keys) {
        std::uint64_t ok = 0;
        for (const std::string_view key : keys) {
            if constexpr (kIntegerKeys) {
                ok += m_set.insert(integerKey(key)).second ? 1 : 0;
            } else {
                ok += m_set.emplace(key).second ? 1 : 0;
            }
        }
        m_heapAfter = heapInUse();
        return ok;
    }
    std::uint64_t lookupOne(Keys keys) const {
        std::uint64_t hits = 0;
        for (const std::string_view key : keys) {
            if constexpr (kIntegerKeys) {
                hits += m_set.contains(integerKey(key)) ? 1 : 0;
            } else {
                hits += m_set.contains(key) ? 1 : 0;
            }
        }
        return hits;
    }
    std::uint64_t insertBatch(Keys, std::span<std::uint8_t>) { return 0; }
    std::uint64_t lookupBatch(Keys, std::span<std::uint8_t>) const { return 0; }
    std::uint64_t bytes() const { return m_heapAfter > m_heapBase ? m_heapAfter - m_heapBase : 0; }
    double expectedFpr() const { return 0.0; }
    std::string geometry() const {
        return std::to_string(m_set.bucket_count()) + " buckets; bytes = heap growth (mallinfo2)";
    }

private:
    Set m_set;
    std::uint64_t m_heapBase = 0;
    std::uint64_t m_heapAfter = 0;
};

using IntegerSet = std::unordered_set<std::uint64_t>;
using StringSet = std::unordered_set<std::string, TransparentStringHash, std::equal_to<>>;

/// The physical floor: one random 64-byte line per key over `bytes` of memory, no hashing (the
/// line is multiply-shift of the integer key). Batched: the blocked filter's block pipeline
/// (core/batch_pipeline.h), as deep.
class MemoryBoundAdapter {
public:
    static constexpr bool kBatchInsert = true;
    static constexpr bool kBatchLookup = true;
    static constexpr std::size_t kDistance = BlockedBloomFilter::kBatchPrefetchDistance;

    explicit MemoryBoundAdapter(std::uint64_t bytes)
        : m_lines(std::max<std::uint64_t>(1, bytes / 64)), m_words(m_lines * 8) {
        // Distinct non-zero contents: every page is really backed (an untouched page would map
        // to the shared zero page and make reads look free).
        for (std::size_t i = 0; i < m_words.size(); ++i) m_words[i] = perfMix64(i) | 1U;
    }

    std::uint64_t insertOne(Keys keys) {
        std::uint64_t* const words = m_words.data();
        for (const std::string_view key : keys) {
            words[reduceRange(integerKey(key), m_lines) * 8] |= 2U;
        }
        return keys.size();
    }
    std::uint64_t insertBatch(Keys keys, std::span<std::uint8_t>) {
        std::uint64_t* const words = m_words.data();
        detail::blockPipeline<kDistance, std::uint64_t>(
            keys.size(),
            [&](std::size_t i, std::uint64_t& at) __attribute__((always_inline)) {
                at = reduceRange(integerKey(keys[i]), m_lines) * 8;
                __builtin_prefetch(words + at, 1, 3);
            },
            [&](std::size_t, std::uint64_t at) __attribute__((always_inline)) { words[at] |= 2U; });
        return keys.size();
    }
    std::uint64_t lookupOne(Keys keys) const {
        const std::uint64_t* const words = m_words.data();
        std::uint64_t hits = 0;
        for (const std::string_view key : keys) {
            hits += words[reduceRange(integerKey(key), m_lines) * 8] & 1U;
        }
        return hits;
    }
    std::uint64_t lookupBatch(Keys keys, std::span<std::uint8_t>) const {
        const std::uint64_t* const words = m_words.data();
        std::uint64_t hits = 0;
        detail::blockPipeline<kDistance, std::uint64_t>(
            keys.size(),
            [&](std::size_t i, std::uint64_t& at) __attribute__((always_inline)) {
                at = reduceRange(integerKey(keys[i]), m_lines) * 8;
                __builtin_prefetch(words + at, 0, 3);
            },
            [&](std::size_t, std::uint64_t at) __attribute__((always_inline)) { hits += words[at] & 1U; });
        return hits;
    }
    std::uint64_t bytes() const { return m_lines * 64; }
    double expectedFpr() const { return kNotApplicable; }
    std::string geometry() const { return std::to_string(m_lines) + " lines of 64 bytes"; }

private:
    std::uint64_t m_lines;
    FilterArray<std::uint64_t> m_words;  // the filters' allocator (huge pages from 2 MiB): the floor stays the strictest
};

// ---- Timing ---------------------------------------------------------------------------------

struct PassResult {
    double nsPerKey = 0;
    std::uint64_t count = 0;      ///< successful inserts / positive answers
    double keptFraction = 1.0;    ///< share of the chunk loops whose time was kept
    bool noisy = false;           ///< fewer than half were clean: every loop was kept
};

/// CPU time of this thread (excludes time the OS gave to other threads).
std::uint64_t threadCpuNs() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ULL + static_cast<std::uint64_t>(ts.tv_nsec);
}

/// Runs op over `total` keys of `ids`, chunk by chunk; only the loops over chunks are timed
/// (steady_clock). A loop during which the thread lost the CPU (its thread CPU time is below
/// kMinCpuShare of the wall time: the OS ran something else on this core) measures the
/// neighbours, not the filter, and is left out; when fewer than half the loops are clean, all
/// are kept and keptFraction says so.
template <class Op>
PassResult timedPass(PerfKeys& keys, const PerfIdSet& ids, std::uint64_t total, const std::stop_token& stop, Op&& op) {
    constexpr double kMinCpuShare = 0.95;
    double allNs = 0;
    double cleanNs = 0;
    std::uint64_t cleanKeys = 0;
    std::uint64_t loops = 0;
    std::uint64_t cleanLoops = 0;
    std::uint64_t count = 0;
    for (std::uint64_t begin = 0; begin < total; begin += PerfKeys::kChunkKeys) {
        if (stop.stop_requested()) throw Cancelled{};
        const auto chunk = keys.fill(ids, begin, static_cast<std::size_t>(std::min<std::uint64_t>(PerfKeys::kChunkKeys, total - begin)));
        const std::uint64_t cpuStart = threadCpuNs();
        const auto start = Clock::now();
        count += op(chunk);
        const auto end = Clock::now();
        const std::uint64_t cpuEnd = threadCpuNs();
        keepAlive(count);
        const double ns = std::chrono::duration<double, std::nano>(end - start).count();
        allNs += ns;
        ++loops;
        if (static_cast<double>(cpuEnd - cpuStart) >= kMinCpuShare * ns) {
            cleanNs += ns;
            cleanKeys += chunk.size();
            ++cleanLoops;
        }
    }
    PassResult out;
    out.count = count;
    if (total == 0) return out;
    if (cleanLoops * 2 >= loops && cleanKeys > 0) {
        out.nsPerKey = cleanNs / static_cast<double>(cleanKeys);
        out.keptFraction = static_cast<double>(cleanLoops) / static_cast<double>(loops);
    } else {
        out.nsPerKey = allNs / static_cast<double>(total);
        out.keptFraction = 1.0;
        out.noisy = true;
    }
    return out;
}

struct Measured {
    PerfTimes one;
    PerfTimes batch;
    std::uint64_t bytes = 0;
    std::uint64_t falsePositives = 0;
    std::uint64_t missedPresent = 0;
    double expectedFpr = kNotApplicable;
    std::string geometry;
    double keptFraction = 1.0;  ///< smallest share of clean loops over the passes
    std::uint32_t noisyPasses = 0;

    PassResult note(PassResult pass) {
        keptFraction = std::min(keptFraction, pass.keptFraction);
        noisyPasses += pass.noisy ? 1 : 0;
        return pass;
    }
};

struct PassContext {
    PerfKeys& keys;
    std::uint64_t n;
    std::uint64_t queries;
    std::uint64_t seed;
    const std::stop_token& stop;
    std::vector<std::uint8_t>& scratch;
};

/// Insert (fresh structure, one-by-one; then a second fresh one, batched, if it exists), then
/// lookups present/absent, one-by-one and batched, on the structure built last.
template <class Adapter, class Make>
Measured measure(PassContext& ctx, Make make) {
    Measured out;
    const PerfIdSet inserted = PerfIdSet::inserted(ctx.n);
    const PerfIdSet present = PerfIdSet::present(ctx.n, ctx.seed);
    const PerfIdSet absent = PerfIdSet::absent();
    std::span<std::uint8_t> scratch(ctx.scratch);

    std::unique_ptr<Adapter> adapter = make();
    const PassResult insertOne = out.note(timedPass(ctx.keys, inserted, ctx.n, ctx.stop, [&](Keys k) { return adapter->insertOne(k); }));
    out.one.insertNs = insertOne.nsPerKey;
    if constexpr (Adapter::kBatchInsert) {
        adapter.reset();
        adapter = make();
        const PassResult insertBatch = out.note(timedPass(ctx.keys, inserted, ctx.n, ctx.stop,
                                                 [&](Keys k) { return adapter->insertBatch(k, scratch); }));
        out.batch.insertNs = insertBatch.nsPerKey;
    }
    const PassResult posOne = out.note(timedPass(ctx.keys, present, ctx.queries, ctx.stop, [&](Keys k) { return adapter->lookupOne(k); }));
    const PassResult negOne = out.note(timedPass(ctx.keys, absent, ctx.queries, ctx.stop, [&](Keys k) { return adapter->lookupOne(k); }));
    out.one.lookupPosNs = posOne.nsPerKey;
    out.one.lookupNegNs = negOne.nsPerKey;
    out.missedPresent = ctx.queries - posOne.count;
    out.falsePositives = negOne.count;
    if constexpr (Adapter::kBatchLookup) {
        const PassResult posBatch = out.note(timedPass(ctx.keys, present, ctx.queries, ctx.stop,
                                              [&](Keys k) { return adapter->lookupBatch(k, scratch); }));
        const PassResult negBatch = out.note(timedPass(ctx.keys, absent, ctx.queries, ctx.stop,
                                              [&](Keys k) { return adapter->lookupBatch(k, scratch); }));
        out.batch.lookupPosNs = posBatch.nsPerKey;
        out.batch.lookupNegNs = negBatch.nsPerKey;
        if (posBatch.count != posOne.count || negBatch.count != negOne.count) {
            throw std::logic_error("perf: batched and one-by-one lookups disagree (" + std::to_string(posBatch.count) +
                                   " vs " + std::to_string(posOne.count) + " present, " +
                                   std::to_string(negBatch.count) + " vs " + std::to_string(negOne.count) +
                                   " absent hits)");
        }
    }
    out.bytes = adapter->bytes();
    out.expectedFpr = adapter->expectedFpr();
    out.geometry = adapter->geometry();
    return out;
}

/// The batched memory-bound lookup over a buffer of `bytes` (floor_ns of a filter row).
double floorNs(std::uint64_t bytes, std::uint64_t queries, std::uint64_t seed, const std::stop_token& stop,
               std::vector<std::uint8_t>& scratch) {
    PerfKeys intKeys(PerfKeyKind::Integer, seed ^ 0xF1008ULL);
    MemoryBoundAdapter memory(bytes);
    return timedPass(intKeys, PerfIdSet::absent(), queries, stop,
                     [&](Keys k) { return memory.lookupBatch(k, scratch); })
        .nsPerKey;
}

double median(std::vector<double> values) {
    for (const double v : values) {
        if (std::isnan(v)) return kNotApplicable;
    }
    if (values.empty()) return kNotApplicable;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
}

PerfTimes medianTimes(const std::vector<PerfTimes>& runs) {
    std::vector<double> insert, pos, neg;
    for (const PerfTimes& t : runs) {
        insert.push_back(t.insertNs);
        pos.push_back(t.lookupPosNs);
        neg.push_back(t.lookupNegNs);
    }
    return {median(insert), median(pos), median(neg)};
}

/// Rough heap need of the exact baseline (node + bucket + string payload), to skip it politely
/// instead of exhausting memory on --large runs.
std::uint64_t unorderedSetBytesEstimate(std::uint64_t n, PerfKeyKind kind) {
    return n * (kind == PerfKeyKind::Integer ? 48 : 128);
}

Measured measureStructure(PerfStructure s, PassContext& ctx, double p, std::uint64_t memoryBoundBytes) {
    const std::uint64_t n = ctx.n;
    switch (s) {
    // classic and blocked are timed as a single inserting thread builds them (Writers::One, as
    // libbloom, which has no thread safety at all); the _atomic rows as the default Writers::Many.
    case PerfStructure::Classic:
        return measure<ClassicAdapter>(ctx, [&] { return std::make_unique<ClassicAdapter>(n, p, Writers::One); });
    case PerfStructure::ClassicAtomic:
        return measure<ClassicAdapter>(ctx, [&] { return std::make_unique<ClassicAdapter>(n, p, Writers::Many); });
    case PerfStructure::ClassicFast:
        return measure<ClassicAdapter>(ctx, [&] {
            return std::make_unique<ClassicAdapter>(n, p, Writers::One, math::fewerProbesClassic(n, p).hashes);
        });
    case PerfStructure::Blocked:
        return measure<BlockedAdapter>(ctx, [&] { return std::make_unique<BlockedAdapter>(n, p, Writers::One); });
    case PerfStructure::BlockedAtomic:
        return measure<BlockedAdapter>(ctx, [&] { return std::make_unique<BlockedAdapter>(n, p, Writers::Many); });
    case PerfStructure::Counting:
        return measure<CountingAdapter>(ctx, [&] { return std::make_unique<CountingAdapter>(n, p); });
    case PerfStructure::Scalable:
        return measure<ScalableAdapter>(ctx, [&] { return std::make_unique<ScalableAdapter>(n, p); });
    case PerfStructure::Cuckoo8:
        return measure<CuckooAdapter<8>>(ctx, [&] { return std::make_unique<CuckooAdapter<8>>(n, p); });
    case PerfStructure::Cuckoo12:
        return measure<CuckooAdapter<12>>(ctx, [&] { return std::make_unique<CuckooAdapter<12>>(n, p); });
    case PerfStructure::Cuckoo16:
        return measure<CuckooAdapter<16>>(ctx, [&] { return std::make_unique<CuckooAdapter<16>>(n, p); });
    case PerfStructure::Libbloom:
        return measure<LibbloomAdapter>(ctx, [&] { return std::make_unique<LibbloomAdapter>(n, p); });
    case PerfStructure::UnorderedSet:
        if (ctx.keys.kind() == PerfKeyKind::Integer) {
            return measure<UnorderedSetAdapter<IntegerSet>>(
                ctx, [&] { return std::make_unique<UnorderedSetAdapter<IntegerSet>>(n); });
        }
        return measure<UnorderedSetAdapter<StringSet>>(
            ctx, [&] { return std::make_unique<UnorderedSetAdapter<StringSet>>(n); });
    case PerfStructure::MemoryBound:
        return measure<MemoryBoundAdapter>(ctx, [&] { return std::make_unique<MemoryBoundAdapter>(memoryBoundBytes); });
    }
    throw std::logic_error("perf: unknown structure");
}

CuckooFillResult measureCuckooFill(unsigned f, std::uint64_t n, double p, std::uint64_t seed, const std::stop_token& stop) {
    CuckooFillResult out;
    out.fingerprintBits = f;
    out.n = n;
    AnyFilter any = AnyFilter::create(specFor(FilterType::Cuckoo, n, p, f));
    PerfKeys keys(PerfKeyKind::Integer, seed ^ 0xC0C0ULL);
    const PerfIdSet ids = PerfIdSet::inserted(PerfKeys::kMaxKeys);
    std::visit(
        [&](auto& filter) {
            using T = std::decay_t<decltype(filter)>;
            if constexpr (requires { filter.numBuckets(); filter.stashFingerprint(); }) {
                out.slotCount = filter.numBuckets() * T::kSlotsPerBucket;
                const std::uint64_t limit = out.slotCount + 2;  // a full table cannot take more
                for (std::uint64_t begin = 0; begin < limit && std::isnan(out.loadAtFirstFailure);
                     begin += PerfKeys::kChunkKeys) {
                    if (stop.stop_requested()) throw Cancelled{};
                    const auto chunk = keys.fill(ids, begin, static_cast<std::size_t>(std::min<std::uint64_t>(PerfKeys::kChunkKeys, limit - begin)));
                    for (const std::string_view key : chunk) {
                        const bool ok = filter.insert(key);
                        if (std::isnan(out.loadAtFirstStash) && filter.stashFingerprint().has_value()) {
                            out.loadAtFirstStash = filter.loadFactor();
                        }
                        if (!ok) {
                            out.loadAtFirstFailure = filter.loadFactor();
                            break;
                        }
                    }
                }
                out.kicks = filter.kicks();
            }
        },
        any.variant());
    return out;
}

template <class Hash>
double hashPass(PerfKeys& keys, std::uint64_t count, const std::stop_token& stop, Hash hash) {
    return timedPass(keys, PerfIdSet::absent(), count, stop, [&](Keys chunk) {
               std::uint64_t sum = 0;
               for (const std::string_view key : chunk) sum += hash(key);
               keepAlive(sum);
               return std::uint64_t{0};
           })
        .nsPerKey;
}

std::string utcNow() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

} // namespace

// ---- Names ----------------------------------------------------------------------------------

std::string_view perfStructureName(PerfStructure structure) noexcept {
    switch (structure) {
    case PerfStructure::Classic: return "classic";
    case PerfStructure::Blocked: return "blocked";
    case PerfStructure::ClassicAtomic: return "classic_atomic";
    case PerfStructure::ClassicFast: return "classic_fast";
    case PerfStructure::BlockedAtomic: return "blocked_atomic";
    case PerfStructure::Counting: return "counting";
    case PerfStructure::Scalable: return "scalable";
    case PerfStructure::Cuckoo8: return "cuckoo8";
    case PerfStructure::Cuckoo12: return "cuckoo12";
    case PerfStructure::Cuckoo16: return "cuckoo16";
    case PerfStructure::Libbloom: return "libbloom";
    case PerfStructure::UnorderedSet: return "unordered_set";
    case PerfStructure::MemoryBound: return "memory_bound";
    }
    return "?";
}

std::vector<PerfStructure> allPerfStructures() {
    return {PerfStructure::Classic,  PerfStructure::ClassicAtomic, PerfStructure::ClassicFast, PerfStructure::Blocked,
            PerfStructure::BlockedAtomic, PerfStructure::Counting, PerfStructure::Scalable,
            PerfStructure::Cuckoo8,  PerfStructure::Cuckoo12, PerfStructure::Cuckoo16, PerfStructure::Libbloom,
            PerfStructure::UnorderedSet, PerfStructure::MemoryBound};
}

std::optional<PerfStructure> parsePerfStructure(std::string_view name) noexcept {
    for (const PerfStructure s : allPerfStructures()) {
        if (perfStructureName(s) == name) return s;
    }
    return std::nullopt;
}

bool isReference(PerfStructure structure) noexcept {
    return structure == PerfStructure::Libbloom || structure == PerfStructure::UnorderedSet ||
           structure == PerfStructure::MemoryBound;
}

PerfConfig PerfConfig::quick() {
    PerfConfig config;
    config.sizes = {200'000};
    config.repeats = 1;
    config.maxQueries = 100'000;
    return config;
}

void validate(const PerfConfig& config) {
    if (config.sizes.empty()) throw std::invalid_argument("perf: give at least one size n");
    for (const std::uint64_t n : config.sizes) {
        if (n < 1000 || n > PerfKeys::kMaxKeys) {
            throw std::invalid_argument("perf: n must be in [1000, 2^34]; got " + std::to_string(n));
        }
    }
    if (!(config.fpr > 0.0 && config.fpr < 1.0)) {
        throw std::invalid_argument("perf: p must be in (0, 1); got " + str(config.fpr));
    }
    if (config.repeats < 1 || config.repeats > 100) {
        throw std::invalid_argument("perf: repeats must be in [1, 100]; got " + std::to_string(config.repeats));
    }
    if (config.keyKinds.empty()) throw std::invalid_argument("perf: choose at least one key kind");
    if (config.structures.empty()) throw std::invalid_argument("perf: choose at least one structure");
    if (config.maxQueries < 1000) {
        throw std::invalid_argument("perf: queries must be at least 1000; got " + std::to_string(config.maxQueries));
    }
}

// ---- Host -----------------------------------------------------------------------------------

std::string loadAverage() {
    std::ifstream file("/proc/loadavg");
    std::string one, five, fifteen;
    if (!(file >> one >> five >> fifteen)) return "unknown";
    return one + " " + five + " " + fifteen;
}

PerfHost describeHost() {
    PerfHost host;
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos && colon + 2 <= line.size()) host.cpu = line.substr(colon + 2);
            break;
        }
    }
    if (host.cpu.empty()) host.cpu = "unknown CPU";
    host.threads = std::thread::hardware_concurrency();
#if defined(__clang__)
    host.compiler = std::string("Clang ") + __clang_version__;
#elif defined(__GNUC__)
    host.compiler = std::string("GCC ") + __VERSION__;
#else
    host.compiler = "unknown compiler";
#endif
    host.buildType = BLOOMLAB_PERF_BUILD_TYPE;
    host.flags = BLOOMLAB_PERF_CXX_FLAGS;
    host.avx2 = BlockedBloomFilter::usingAvx2();
    host.avx512Hash = hashBatchVectorized();
    host.hugePages = storage::hugePagesAdvised()
                         ? "advised (kernel THP mode: " + storage::transparentHugePageMode() + ")"
                         : std::string("not advised (BLOOMLAB_NO_HUGEPAGES or no madvise)");
    host.l3Bytes = storage::lastLevelCacheBytes();
    host.loadBefore = loadAverage();
    host.startedUtc = utcNow();
    return host;
}

const PerfRow* PerfResult::find(PerfStructure structure, std::uint64_t n, PerfKeyKind kind, bool batched) const noexcept {
    for (const PerfRow& row : rows) {
        if (row.structure == structure && row.n == n && row.keyKind == kind && row.batched == batched) return &row;
    }
    return nullptr;
}

// ---- The run --------------------------------------------------------------------------------

PerfResult runPerf(const PerfConfig& config, const ProgressCallback& progress, std::stop_token stop) {
    validate(config);
    PerfResult result;
    result.config = config;
    result.host = describeHost();
    const auto started = Clock::now();

    std::vector<unsigned> cuckooBits;
    for (const PerfStructure s : config.structures) {
        if (s == PerfStructure::Cuckoo8) cuckooBits.push_back(8);
        if (s == PerfStructure::Cuckoo12) cuckooBits.push_back(12);
        if (s == PerfStructure::Cuckoo16) cuckooBits.push_back(16);
    }

    std::uint64_t total = 0;
    for (std::size_t i = 0; i < config.sizes.size(); ++i) {
        total += config.keyKinds.size() * config.repeats * config.structures.size();
        if (config.cuckooFill) total += cuckooBits.size();
    }
    if (config.hashCost) total += 1;
    std::uint64_t done = 0;
    const auto report = [&](const std::string& stage) {
        if (progress) progress(Progress{done, total, stage, std::nullopt});
    };

    std::vector<std::uint8_t> scratch(PerfKeys::kChunkKeys);
    try {
        for (const std::uint64_t n : config.sizes) {
            const std::uint64_t queries = std::min(n, config.maxQueries);
            // The memory-bound buffer: the blocked filter's size for (n, p).
            const std::uint64_t memoryBoundBytes =
                makeFilter<BlockedBloomFilter>(specFor(FilterType::Blocked, n, config.fpr)).stats().bytes;
            for (const PerfKeyKind kind : config.keyKinds) {
                PerfKeys keys(kind, config.seed);
                PassContext ctx{keys, n, queries, config.seed, stop, scratch};
                // rows: [structure][batched]
                std::vector<std::array<PerfRow, 2>> rows(config.structures.size());
                std::vector<bool> skipped(config.structures.size(), false);
                std::vector<std::vector<double>> floors(config.structures.size());
                for (std::size_t si = 0; si < config.structures.size(); ++si) {
                    const PerfStructure s = config.structures[si];
                    for (int b = 0; b < 2; ++b) {
                        PerfRow& row = rows[si][b];
                        row.structure = s;
                        row.n = n;
                        row.keyKind = kind;
                        row.batched = b == 1;
                        row.queries = queries;
                    }
                    if (s == PerfStructure::MemoryBound && kind == PerfKeyKind::String) {
                        skipped[si] = true;  // key-independent: measured once, with the integer stream
                    }
                    if (s == PerfStructure::UnorderedSet) {
                        const std::uint64_t need = unorderedSetBytesEstimate(n, kind);
                        const std::uint64_t available = memoryAvailable();
                        if (available != 0 && need > available / 2) {
                            skipped[si] = true;
                            result.notes.push_back("unordered_set skipped at n = " + std::to_string(n) + " (" +
                                                   std::string(perfKeyKindName(kind)) + " keys): it would need about " +
                                                   std::to_string(need >> 20) + " MiB, more than half of the " +
                                                   std::to_string(available >> 20) + " MiB available");
                        }
                    }
                    if (s == PerfStructure::Libbloom && n > static_cast<std::uint64_t>(std::numeric_limits<int>::max()) / 16) {
                        skipped[si] = true;
                        result.notes.push_back("libbloom skipped at n = " + std::to_string(n) +
                                               ": its int-sized counters cannot hold that many bits");
                    }
                }
                for (std::uint32_t repeat = 1; repeat <= config.repeats; ++repeat) {
                    for (std::size_t si = 0; si < config.structures.size(); ++si) {
                        const PerfStructure s = config.structures[si];
                        report("n=" + std::to_string(n) + " " + std::string(perfKeyKindName(kind)) + " keys, repeat " +
                               std::to_string(repeat) + "/" + std::to_string(config.repeats) + ": " +
                               std::string(perfStructureName(s)));
                        if (!skipped[si]) {
                            const Measured m = measureStructure(s, ctx, config.fpr, memoryBoundBytes);
                            double floor = kNotApplicable;
                            if (config.ownFloor && !isReference(s)) {
                                floor = floorNs(m.bytes, std::min<std::uint64_t>(queries, 2'000'000), config.seed, stop, scratch);
                            }
                            if (!std::isnan(floor)) floors[si].push_back(floor);
                            for (int b = 0; b < 2; ++b) {
                                PerfRow& row = rows[si][b];
                                row.runs.push_back(b == 0 ? m.one : m.batch);
                                row.bytes = m.bytes;
                                row.falsePositives = m.falsePositives;
                                row.missedPresent = m.missedPresent;
                                row.expectedFpr = m.expectedFpr;
                                row.geometry = m.geometry;
                                row.keptFraction = std::min(row.keptFraction, m.keptFraction);
                                row.noisyPasses += m.noisyPasses;
                            }
                        }
                        ++done;
                    }
                }
                for (std::size_t si = 0; si < config.structures.size(); ++si) {
                    if (skipped[si]) continue;
                    const PerfStructure s = config.structures[si];
                    for (int b = 0; b < 2; ++b) {
                        PerfRow& row = rows[si][b];
                        row.median = medianTimes(row.runs);
                        if (!floors[si].empty()) row.floorNs = median(floors[si]);
                        row.bitsPerKey = 8.0 * static_cast<double>(row.bytes) / static_cast<double>(n);
                        if (s != PerfStructure::MemoryBound) {
                            row.fpr = static_cast<double>(row.falsePositives) / static_cast<double>(queries);
                            if (row.fpr > 0.0) row.bitsOverMinimum = row.bitsPerKey / std::log2(1.0 / row.fpr);
                        }
                        result.rows.push_back(row);
                    }
                }
            }
            if (config.cuckooFill) {
                for (const unsigned f : cuckooBits) {
                    report("n=" + std::to_string(n) + ": cuckoo" + std::to_string(f) + " fill to the first failure");
                    result.cuckooFill.push_back(measureCuckooFill(f, n, config.fpr, config.seed, stop));
                    ++done;
                }
            }
        }
        if (config.hashCost) {
            report("hash cost");
            const std::uint64_t count = std::min<std::uint64_t>(config.maxQueries, 2'000'000);
            PerfKeys intKeys(PerfKeyKind::Integer, config.seed);
            PerfKeys stringKeys(PerfKeyKind::String, config.seed);
            const auto run = [&](const char* name, auto hash) {
                std::vector<double> ints, strings;
                for (std::uint32_t r = 0; r < config.repeats; ++r) {
                    ints.push_back(hashPass(intKeys, count, stop, hash));
                    strings.push_back(hashPass(stringKeys, count, stop, hash));
                }
                result.hashCost.push_back({name, median(ints), median(strings)});
            };
            run("XXH3-128", [](std::string_view k) { const Hash128 h = xxh3_128(k, 0); return h.low ^ h.high; });
            run("XXH64", [](std::string_view k) { return xxh64(k, 0); });
            run("XXH3-64", [](std::string_view k) { return xxh3_64(k, 0); });
            ++done;
        }
    } catch (const Cancelled&) {
        result.cancelled = true;
    }
    result.host.loadAfter = loadAverage();
    result.elapsedS = std::chrono::duration<double>(Clock::now() - started).count();
    report(result.cancelled ? "cancelled" : "done");
    return result;
}

} // namespace bloomlab::bench
