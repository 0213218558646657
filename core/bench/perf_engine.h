// perf_engine — filter speed measured side by side with reference rows (`bloomlab-cli perf`,
// checked against the performance targets). Qt-free; progress through a callback, cancellation through a std::stop_token.
//
// WHAT IS MEASURED, per size n, key kind (8-byte integers; 30-byte phrases as string_views;
// the same phrases packed in one buffer with offsets, perf_keys.h) and repeat:
//   every filter type, built as `bloomlab-cli build` builds it for (n, p) (AnyFilter::create),
//   plus three reference rows:
//     libbloom       Debian's libbloom (bloom_init(n, p), bloom_add, bloom_check);
//     unordered_set  std::unordered_set<uint64_t> / <std::string> (transparent lookup), reserved
//                    for n: the exact-set baseline (bytes measured with mallinfo2);
//     memory_bound   one random 8-byte read (insert: read-or-write) of a 64-byte line per key
//                    over a buffer as large as the blocked filter for (n, p); the line index is
//                    multiply-shift of the integer key, no hashing. One-by-one: independent
//                    loads (the CPU overlaps them itself); batched: a block pipeline as deep
//                    as the blocked filter's over an array of this size (core/prefetch_distance.h;
//                    see core/batch_pipeline.h for why a block rather than its group ring). The
//                    floor of a one-line lookup.
//   For each: insert ns/key (a fresh structure, n inserts), lookup ns/key on n present keys in
//   scattered order (lookup_pos) and on absent keys (lookup_neg), one-by-one (insert /
//   mightContain) and batched (insertMany / mightContainMany where the type has them; NaN =
//   "n/a" otherwise). Lookups use min(n, maxQueries) keys per pass.
//   FPR = positive answers on the absent pass / queries; present keys must all be found
//   (misses are counted and reported: a filter must have none).
//   floor_ns: the batched memory_bound lookup over a buffer of each filter's own size, measured
//   right after that filter's lookups (context for big layouts: counting, cuckoo-16).
//   two_line_floor_ns (rows that read two buckets: cuckoo8/12/16, cuckoo12_local): the same
//   buffer read two random lines per key, both prefetched (the fastest of three distances), the
//   floor of any lookup that reads two lines; the cuckoo target lines set it against theirs.
// HOW: steady_clock around each loop over an 8192-key chunk (keys are produced outside the
// timed region, see perf_keys.h); the loop times are summed per pass. A loop during which the
// thread lost its core (thread CPU time < 95% of the loop's wall time: the OS ran another
// process there) is left out of the sum, because it measures the neighbours; the share of loops
// kept is reported (keptFraction), and a pass with fewer than half clean keeps them all. Lookup answers are summed
// (and the sum passed through an empty asm barrier), so no loop can be optimised away. Repeats
// interleave the structures (repeat 1 of every structure, then repeat 2, ...), so slow drift
// from other load on the machine hits every row alike; tables show per-field medians.
// Cuckoo rows give the cache lines a lookup reads in their geometry: for cuckoo8/12/16 from the
// bucket offsets of two independent buckets; for cuckoo12_local counted over the placements of
// 65,536 fixed keys (both buckets' reads, distinct 64-byte lines).
// Also: the cuckoo load at the first failed insert (integer keys, a table sized for n, filled
// until insert returns false: the load when the first insert ran out of kicks and the victim
// stash took a fingerprint, and the load at the first insert that returned false), and the
// hash cost alone (ns per XXH3-128 / XXH64 / XXH3-64 of the integer and of the string keys).
#pragma once

#include "core/bench/benchmark_engine.h"
#include "core/bench/perf_keys.h"
#include "core/cuckoo_filter.h"
#include "core/hash_batch.h"
#include "core/morton_filter.h"
#include "core/prefetch_distance.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bloomlab::bench {

/// Table order: filters first, then the reference rows.
enum class PerfStructure : std::uint8_t {
    Classic,
    Blocked,
    Counting,
    Scalable,
    Cuckoo8,
    Cuckoo12,
    Cuckoo16,
    Libbloom,
    UnorderedSet,
    MemoryBound,
    ClassicAtomic,  ///< classic with Writers::Many (the library default); `classic` is Writers::One
    BlockedAtomic,  ///< blocked with Writers::Many; `blocked` is Writers::One
    ClassicFast,    ///< classic sized by math::fewerProbesClassic (fewest probes within +10% memory), Writers::One
    Cuckoo12Local,  ///< cuckoo12 with the local layout (CuckooLayout::Local): alternate buckets nearby
    Morton12,       ///< MortonFilter (core/morton_filter.h): 12-bit fingerprints in buckets inside 64-byte blocks
};

/// "classic", "classic_atomic", "classic_fast", "blocked", "blocked_atomic", "counting", "scalable", "cuckoo8", "cuckoo12", "cuckoo16",
/// "cuckoo12_local", "morton12", "libbloom", "unordered_set", "memory_bound".
std::string_view perfStructureName(PerfStructure structure) noexcept;
std::optional<PerfStructure> parsePerfStructure(std::string_view name) noexcept;
bool isReference(PerfStructure structure) noexcept;
std::vector<PerfStructure> allPerfStructures();

struct PerfConfig {
    std::vector<std::uint64_t> sizes{1'000'000, 10'000'000};
    double fpr = 0.01;
    std::uint32_t repeats = 5;
    std::vector<PerfKeyKind> keyKinds{PerfKeyKind::Integer, PerfKeyKind::String, PerfKeyKind::Packed,
                                      PerfKeyKind::Mixed};
    std::vector<PerfStructure> structures = allPerfStructures();
    std::uint64_t maxQueries = 10'000'000;  ///< lookups per pass: min(n, maxQueries)
    std::uint64_t seed = 42;
    bool cuckooFill = true;                 ///< measure the cuckoo load at the first failure
    bool hashCost = true;                   ///< measure hashing alone
    bool ownFloor = true;                   ///< floor_ns for every filter row
    bool prefetchProbe = true;              ///< PrefetchProbe per n
    bool stringKeyProbe = true;             ///< StringKeyProbe per n (with integer and packed keys and blocked)

    /// n = 200,000, 1 repeat, 100,000 queries: a few seconds (CI smoke; numbers are indicative).
    static PerfConfig quick();
};

/// Throws std::invalid_argument naming the field.
void validate(const PerfConfig& config);

inline constexpr double kNotApplicable = std::numeric_limits<double>::quiet_NaN();

/// ns per key; NaN = the structure has no such operation ("n/a").
struct PerfTimes {
    double insertNs = kNotApplicable;
    double lookupPosNs = kNotApplicable;
    double lookupNegNs = kNotApplicable;
};

struct PerfRow {
    PerfStructure structure = PerfStructure::Classic;
    std::uint64_t n = 0;
    PerfKeyKind keyKind = PerfKeyKind::Integer;
    bool batched = false;
    std::vector<PerfTimes> runs;  ///< one per repeat
    PerfTimes median;             ///< field by field
    std::uint64_t bytes = 0;      ///< payload bytes (filters: stats().bytes; unordered_set: heap)
    double bitsPerKey = kNotApplicable;
    std::uint64_t queries = 0;          ///< lookups per pass
    std::uint64_t falsePositives = 0;   ///< on the absent pass (the last repeat)
    std::uint64_t missedPresent = 0;    ///< present keys answered "no" (must be 0)
    double fpr = kNotApplicable;
    double expectedFpr = kNotApplicable;  ///< the filter's own estimate after the build
    double bitsOverMinimum = kNotApplicable;  ///< bitsPerKey / log2(1 / fpr)
    double floorNs = kNotApplicable;      ///< batched memory_bound lookup over `bytes`
    double twoLineFloorNs = kNotApplicable;  ///< the same buffer, two random lines per key (cuckoo rows)
    std::string geometry;                 ///< "m=..., k=7", "f=12, 4194304 buckets", ...
    double keptFraction = 1.0;            ///< smallest share of clean timed loops in any pass
    std::uint32_t noisyPasses = 0;        ///< passes with < 50% clean loops (all loops kept)
    double lookupNs() const noexcept { return (median.lookupPosNs + median.lookupNegNs) / 2.0; }
};

struct CuckooFillResult {
    PerfStructure structure = PerfStructure::Cuckoo12;  ///< cuckoo8/12/16, cuckoo12_local or morton12
    unsigned fingerprintBits = 0;
    CuckooLayout layout = CuckooLayout::Spread;
    std::uint64_t n = 0;            ///< the table was sized for n (filter_math::cuckooBucketsFor)
    std::uint64_t slotCount = 0;
    double loadAtFirstStash = kNotApplicable;    ///< first insert that ran out of kicks
    double loadAtFirstFailure = kNotApplicable;  ///< first insert that returned false
    std::uint64_t kicks = 0;
};

struct HashCostRow {
    std::string hash;      ///< "XXH3-128", "XXH64", "XXH3-64"
    double intNs = 0;      ///< median ns per hash of an 8-byte key
    double stringNs = 0;   ///< median ns per hash of a 30-byte key
};

/// The batched memory_bound lookup at several prefetch distances over one n's buffer (the blocked
/// filter's size), and the blocked filter itself at each distance its pipeline takes, then both
/// prefetching into the L1 and into the L2, interleaved: which distance and level this host's
/// memory wants, and which ones the filters used (core/prefetch_distance.h;
/// BLOOMLAB_PREFETCH_DISTANCE and BLOOMLAB_PREFETCH_LEVEL set others).
struct PrefetchProbe {
    std::uint64_t n = 0;
    std::uint64_t bytes = 0;
    std::vector<std::pair<std::size_t, double>> nsByDistance;  ///< (distance in keys, median ns per key)
    std::size_t fastest = 0;                                   ///< the distance with the least time
    std::vector<std::pair<std::size_t, double>> blockedNsByDistance;  ///< the blocked filter's batched lookup, 32 .. 256
    std::size_t blockedFastest = 0;
    std::size_t used = 0;                       ///< the blocked filter's (and memory_bound's) distance at this size
    PrefetchRule rule = PrefetchRule::Memory;   ///< why (core/prefetch_distance.h)
    PrefetchLevel level = PrefetchLevel::L2;    ///< the cache their prefetches fill at this size
    double memoryL1Ns = kNotApplicable;   ///< memory_bound at `used`, prefetching into the L1
    double memoryL2Ns = kNotApplicable;   ///< ... into the L2
    double blockedL1Ns = kNotApplicable;  ///< the blocked filter at `used`, into the L1
    double blockedL2Ns = kNotApplicable;  ///< ... into the L2
};

/// What a string key adds to a batched blocked lookup over an integer key, measured in pairs: one
/// blocked filter per key layout (integer keys, string_views, packed string keys; each filled
/// with its own n keys) and their batched lookups timed back to back in every round, so a host
/// whose speed drifts in the minutes between the table's key-layout blocks moves both sides of
/// each difference alike. Times are the mean of present and absent keys; medians over rounds.
struct StringKeyProbe {
    std::uint64_t n = 0;
    std::uint64_t queries = 0;          ///< lookups per pass
    std::uint32_t rounds = 0;
    double intNs = kNotApplicable;      ///< median lookup time, integer keys
    double viewsNs = kNotApplicable;    ///< string keys as a span of string_views
    double packedNs = kNotApplicable;   ///< string keys as a KeyBatch
    double viewsMinusIntNs = kNotApplicable;   ///< median of the per-round differences
    double packedMinusIntNs = kNotApplicable;
};

struct PerfHost {
    std::string cpu;          ///< /proc/cpuinfo model name
    unsigned threads = 0;
    std::string compiler;     ///< "GCC 12.2.0"
    std::string buildType;    ///< CMAKE_BUILD_TYPE of the bench library
    std::string flags;        ///< compiler flags of that build type
    bool avx2 = false;        ///< BlockedBloomFilter::usingAvx2()
    bool classicBmi2 = false; ///< detail::cpuHasBmi2(): the classic filter's loops run their BMI2 copies
    bool avx512Hash = false;  ///< hashBatchVectorized(): batched calls hash 8-byte keys 8 at a time
    bool avx512Cpu = false;   ///< cpuHasAvx512(): the CPU could (avx512Hash false with it = BLOOMLAB_NO_AVX512 set)
    HashBatchPath hashXxh64 = HashBatchPath::Scalar;  ///< hashBatchPath(Xxh64): how xxh64Many hashes (on AVX2: runs of strings of one length)
    HashBatchPath hashXxh3 = HashBatchPath::Scalar;   ///< hashBatchPath(Xxh3_128): how xxh3_128Many does
    MortonLookupPath morton = MortonLookupPath::Portable;  ///< MortonFilter::lookupPath()
    std::string hugePages;    ///< filter arrays >= 2 MiB: "advised (THP madvise)", "off (BLOOMLAB_NO_HUGEPAGES)", ...
    std::uint64_t l3Bytes = 0;  ///< last-level cache of cpu0 (sysfs index3), 0 if unknown
    std::uint64_t l2Bytes = 0;  ///< the L2 size the prefetch distance rule compares with, 0 if unknown
    std::size_t prefetchEnvironment = 0;  ///< BLOOMLAB_PREFETCH_DISTANCE when set and valid, else 0
    std::string prefetchProblem;          ///< non-empty when it (or BLOOMLAB_PREFETCH_LEVEL) is set but wrong (then ignored)
    std::optional<PrefetchLevel> prefetchLevelEnvironment;  ///< BLOOMLAB_PREFETCH_LEVEL when set and valid
    std::string loadBefore;   ///< /proc/loadavg at the start
    std::string loadAfter;
    std::string startedUtc;
};
PerfHost describeHost();

struct PerfResult {
    PerfConfig config;
    PerfHost host;
    std::vector<PerfRow> rows;
    std::vector<CuckooFillResult> cuckooFill;
    std::vector<HashCostRow> hashCost;
    std::vector<PrefetchProbe> prefetchProbes;
    std::vector<StringKeyProbe> stringKeyProbes;
    std::vector<std::string> notes;  ///< skipped rows and why
    double elapsedS = 0;
    bool cancelled = false;

    const PerfRow* find(PerfStructure structure, std::uint64_t n, PerfKeyKind kind, bool batched) const noexcept;
};

/// Runs the whole measurement. Throws std::invalid_argument on bad config; returns what was
/// measured so far (cancelled = true) when stop is requested.
PerfResult runPerf(const PerfConfig& config, const ProgressCallback& progress, std::stop_token stop);

} // namespace bloomlab::bench
