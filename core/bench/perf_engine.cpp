// perf_engine: the side-by-side filter speed measurement (see perf_engine.h).
#include "core/bench/perf_engine.h"

#include "core/bench/host_info.h"
#include "core/bench/perf_adapters.h"
#include "core/bench/perf_timing.h"
#include "core/batch_pipeline.h"
#include "core/any_filter.h"
#include "core/bloom_filter.h"
#include "core/filter_math.h"
#include "core/filter_storage.h"
#include "core/hash_batch.h"
#include "core/hashing.h"
#include "core/prefetch_distance.h"
#include "core/retrieval/transparent_hash.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
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

using namespace perf;

/// Rows whose lookup reads two buckets anywhere in the table (the local layout's are nearby,
/// but in another line for most keys): they get a two-line floor.
bool readsTwoBuckets(PerfStructure structure) noexcept {
    return structure == PerfStructure::Cuckoo8 || structure == PerfStructure::Cuckoo12 ||
           structure == PerfStructure::Cuckoo16 || structure == PerfStructure::Cuckoo12Local;
}

struct Floors {
    double oneLine = kNotApplicable;
    double twoLines = kNotApplicable;
};

/// The batched memory-bound lookup over a buffer of `bytes` (floor_ns of a filter row) and, when
/// asked, the same buffer read two random lines per key (two_line_floor_ns): the fastest of the
/// distances 16, 32 and 64 keys, since two lines per key put twice the lines in flight at one
/// distance and the floor should be the best this pattern can do.
Floors measureFloors(std::uint64_t bytes, std::uint64_t queries, bool twoLines, std::uint64_t seed,
                     const std::stop_token& stop, std::vector<std::uint8_t>& scratch) {
    PerfKeys intKeys(PerfKeyKind::Integer, seed ^ 0xF1008ULL);
    MemoryBoundAdapter memory(bytes);
    Floors floors;
    floors.oneLine = timedPass(intKeys, PerfIdSet::absent(), queries, stop,
                               [&](Keys k) { return memory.lookupBatch(k, scratch); })
                         .nsPerKey;
    if (twoLines) {
        for (const std::size_t distance : {16, 32, 64}) {
            const double ns = timedPass(intKeys, PerfIdSet::absent(), queries, stop,
                                        [&](Keys k) { return memory.lookupBatchTwoLinesAt(k, distance); })
                                  .nsPerKey;
            if (std::isnan(floors.twoLines) || ns < floors.twoLines) floors.twoLines = ns;
        }
    }
    return floors;
}

double median(std::vector<double> values);

/// PrefetchProbe: the batched memory_bound lookup at distances 16 .. 256 over `bytes`, and the
/// blocked filter for (n, p), filled with n keys, at the distances its pipeline takes (32 .. 256,
/// set with ScopedPrefetchDistance), both at the level the size rule picks; then both at the
/// distance they use, prefetching into the L1 and into the L2 (ScopedPrefetchLevel). All
/// interleaved inside each repeat (as the structures are), medians per setting.
PrefetchProbe probePrefetch(std::uint64_t n, double p, std::uint64_t bytes, std::uint64_t queries,
                            std::uint32_t repeats, std::uint64_t seed, const std::stop_token& stop,
                            std::vector<std::uint8_t>& scratch) {
    PrefetchProbe probe;
    probe.n = n;
    MemoryBoundAdapter memory(bytes);
    probe.bytes = memory.bytes();
    const PrefetchChoice used = choosePrefetchDistance(probe.bytes, BlockedBloomFilter::kBatchPrefetchDistances);
    probe.used = used.distance;
    probe.rule = used.rule;
    probe.level = used.level;
    PerfKeys intKeys(PerfKeyKind::Integer, seed ^ 0xD157ULL);
    BlockedAdapter blocked(n, p, Writers::One);
    timedPass(intKeys, PerfIdSet::inserted(n), n, stop, [&](Keys k) { return blocked.insertBatch(k, scratch); });
    constexpr std::size_t kDistances[] = {16, 32, 64, 128, 256};
    constexpr std::size_t kBlockedDistances[] = {32, 64, 128, 256};
    static_assert(kDistances[std::size(kDistances) - 1] <= kMaxPrefetchDistance, "the pipelines' state arrays bound it");
    constexpr PrefetchLevel kLevels[] = {PrefetchLevel::L1, PrefetchLevel::L2};
    std::vector<std::vector<double>> times(std::size(kDistances));
    std::vector<std::vector<double>> blockedTimes(std::size(kBlockedDistances));
    std::array<std::vector<double>, 2> levelTimes;
    std::array<std::vector<double>, 2> blockedLevelTimes;
    for (std::uint32_t r = 0; r < repeats; ++r) {
        for (std::size_t i = 0; i < std::size(kDistances); ++i) {
            times[i].push_back(timedPass(intKeys, PerfIdSet::absent(), queries, stop,
                                         [&](Keys k) { return memory.lookupBatchAt(k, kDistances[i], used.level); })
                                   .nsPerKey);
        }
        for (std::size_t i = 0; i < std::size(kBlockedDistances); ++i) {
            const ScopedPrefetchDistance distance(kBlockedDistances[i]);
            blockedTimes[i].push_back(timedPass(intKeys, PerfIdSet::absent(), queries, stop,
                                                [&](Keys k) { return blocked.lookupBatch(k, scratch); })
                                          .nsPerKey);
        }
        for (std::size_t i = 0; i < std::size(kLevels); ++i) {
            levelTimes[i].push_back(timedPass(intKeys, PerfIdSet::absent(), queries, stop,
                                              [&](Keys k) { return memory.lookupBatchAt(k, used.distance, kLevels[i]); })
                                        .nsPerKey);
            const ScopedPrefetchLevel level(kLevels[i]);
            blockedLevelTimes[i].push_back(timedPass(intKeys, PerfIdSet::absent(), queries, stop,
                                                     [&](Keys k) { return blocked.lookupBatch(k, scratch); })
                                               .nsPerKey);
        }
    }
    const auto medians = [](const auto& distances, const std::vector<std::vector<double>>& t,
                            std::vector<std::pair<std::size_t, double>>& out, std::size_t& fastest) {
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < std::size(distances); ++i) {
            const double ns = median(t[i]);
            out.emplace_back(distances[i], ns);
            if (ns < best) {
                best = ns;
                fastest = distances[i];
            }
        }
    };
    medians(kDistances, times, probe.nsByDistance, probe.fastest);
    medians(kBlockedDistances, blockedTimes, probe.blockedNsByDistance, probe.blockedFastest);
    probe.memoryL1Ns = median(levelTimes[0]);
    probe.memoryL2Ns = median(levelTimes[1]);
    probe.blockedL1Ns = median(blockedLevelTimes[0]);
    probe.blockedL2Ns = median(blockedLevelTimes[1]);
    return probe;
}

/// StringKeyProbe (perf_engine.h): one blocked filter per key layout, each filled with its n
/// keys, then `rounds` rounds that time each layout's batched lookup of present and of absent
/// keys back to back; the differences to the integer keys are taken inside each round.
StringKeyProbe probeStringKeys(std::uint64_t n, double p, std::uint64_t queries, std::uint32_t rounds,
                               std::uint64_t seed, const std::stop_token& stop, std::vector<std::uint8_t>& scratch) {
    constexpr std::array kKinds{PerfKeyKind::Integer, PerfKeyKind::String, PerfKeyKind::Packed};
    std::vector<PerfKeys> keys;
    std::vector<std::unique_ptr<BlockedAdapter>> filters;
    for (const PerfKeyKind kind : kKinds) {
        keys.emplace_back(kind, seed);
        filters.push_back(std::make_unique<BlockedAdapter>(n, p, Writers::One));
        timedPass(keys.back(), PerfIdSet::inserted(n), n, stop,
                  [&](Keys k) { return filters.back()->insertBatch(k, scratch); });
    }
    const PerfIdSet present = PerfIdSet::present(n, seed);
    const PerfIdSet absent = PerfIdSet::absent();
    std::array<std::vector<double>, kKinds.size()> times;
    std::vector<double> viewsMinusInt, packedMinusInt;
    for (std::uint32_t r = 0; r < rounds; ++r) {
        std::array<double, kKinds.size()> round{};
        for (std::size_t i = 0; i < kKinds.size(); ++i) {
            const auto lookup = [&](Keys k) { return filters[i]->lookupBatch(k, scratch); };
            round[i] = (timedPass(keys[i], present, queries, stop, lookup).nsPerKey +
                        timedPass(keys[i], absent, queries, stop, lookup).nsPerKey) / 2.0;
            times[i].push_back(round[i]);
        }
        viewsMinusInt.push_back(round[1] - round[0]);
        packedMinusInt.push_back(round[2] - round[0]);
    }
    StringKeyProbe probe;
    probe.n = n;
    probe.queries = queries;
    probe.rounds = rounds;
    probe.intNs = median(times[0]);
    probe.viewsNs = median(times[1]);
    probe.packedNs = median(times[2]);
    probe.viewsMinusIntNs = median(viewsMinusInt);
    probe.packedMinusIntNs = median(packedMinusInt);
    return probe;
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
    case PerfStructure::Cuckoo12Local: {
        using Local = CuckooAdapter<12, CuckooLayout::Local>;
        return measure<Local>(ctx, [&] { return std::make_unique<Local>(n, p); });
    }
    case PerfStructure::Morton12:
        return measure<MortonAdapter>(ctx, [&] { return std::make_unique<MortonAdapter>(n); });
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

/// Inserts integer keys into `filter` (slotCount slots) until an insert returns false, noting
/// the loads at the first stashed fingerprint and at that failure, and the kicks.
template <class Filter>
void fillUntilFailure(Filter& filter, std::uint64_t slotCount, std::uint64_t seed, const std::stop_token& stop,
                      CuckooFillResult& out) {
    out.slotCount = slotCount;
    PerfKeys keys(PerfKeyKind::Integer, seed ^ 0xC0C0ULL);
    const PerfIdSet ids = PerfIdSet::inserted(PerfKeys::kMaxKeys);
    const std::uint64_t limit = slotCount + 2;  // a full table cannot take more
    for (std::uint64_t begin = 0; begin < limit && std::isnan(out.loadAtFirstFailure); begin += PerfKeys::kChunkKeys) {
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

CuckooFillResult measureCuckooFill(unsigned f, CuckooLayout layout, std::uint64_t n, double p, std::uint64_t seed,
                                   const std::stop_token& stop) {
    CuckooFillResult out;
    out.structure = f == 8    ? PerfStructure::Cuckoo8
                    : f == 16 ? PerfStructure::Cuckoo16
                    : layout == CuckooLayout::Local ? PerfStructure::Cuckoo12Local
                                                    : PerfStructure::Cuckoo12;
    out.fingerprintBits = f;
    out.layout = layout;
    out.n = n;
    AnyFilter any = AnyFilter::create(specFor(FilterType::Cuckoo, n, p, f, layout));
    std::visit(
        [&](auto& filter) {
            using T = std::decay_t<decltype(filter)>;
            if constexpr (requires { filter.numBuckets(); filter.stashFingerprint(); }) {
                fillUntilFailure(filter, filter.numBuckets() * T::kSlotsPerBucket, seed, stop, out);
            }
        },
        any.variant());
    return out;
}

/// The Morton filter perf measures for n, filled the same way.
CuckooFillResult measureMortonFill(std::uint64_t n, std::uint64_t seed, const std::stop_token& stop) {
    CuckooFillResult out;
    out.structure = PerfStructure::Morton12;
    out.fingerprintBits = MortonFilter::kFingerprintBits;
    out.n = n;
    MortonFilter filter = MortonAdapter::make(n);
    fillUntilFailure(filter, filter.numBlocks() * MortonFilter::kSlotsPerBlock, seed, stop, out);
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

/// The probe needs integer and packed keys among the measured kinds and the blocked filter
/// among the structures (the target it serves compares those).
bool wantsStringKeyProbe(const PerfConfig& config) {
    const auto has = [](const auto& list, auto value) { return std::find(list.begin(), list.end(), value) != list.end(); };
    return config.stringKeyProbe && has(config.keyKinds, PerfKeyKind::Integer) &&
           has(config.keyKinds, PerfKeyKind::Packed) && has(config.structures, PerfStructure::Blocked);
}

/// Twice the repeats plus one: an odd count (an exact median) of short rounds.
std::uint32_t stringKeyProbeRounds(std::uint32_t repeats) {
    return 2 * repeats + 1;
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
    case PerfStructure::Cuckoo12Local: return "cuckoo12_local";
    case PerfStructure::Morton12: return "morton12";
    case PerfStructure::Libbloom: return "libbloom";
    case PerfStructure::UnorderedSet: return "unordered_set";
    case PerfStructure::MemoryBound: return "memory_bound";
    }
    return "?";
}

std::vector<PerfStructure> allPerfStructures() {
    return {PerfStructure::Classic,  PerfStructure::ClassicAtomic, PerfStructure::ClassicFast, PerfStructure::Blocked,
            PerfStructure::BlockedAtomic, PerfStructure::Counting, PerfStructure::Scalable,
            PerfStructure::Cuckoo8,  PerfStructure::Cuckoo12, PerfStructure::Cuckoo16, PerfStructure::Cuckoo12Local,
            PerfStructure::Morton12, PerfStructure::Libbloom,
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
    // A repeated entry would measure the same rows twice, and the targets read the first only.
    const auto firstRepeat = [](const auto& list) {
        for (auto it = list.begin(); it != list.end(); ++it) {
            if (std::find(list.begin(), it, *it) != it) return it;
        }
        return list.end();
    };
    if (const auto it = firstRepeat(config.sizes); it != config.sizes.end()) {
        throw std::invalid_argument("perf: n = " + std::to_string(*it) + " is given twice; give each size once");
    }
    if (const auto it = firstRepeat(config.structures); it != config.structures.end()) {
        throw std::invalid_argument("perf: structure '" + std::string(perfStructureName(*it)) +
                                    "' is given twice; give each structure once");
    }
    if (const auto it = firstRepeat(config.keyKinds); it != config.keyKinds.end()) {
        throw std::invalid_argument("perf: key kind '" + std::string(perfKeyKindName(*it)) +
                                    "' is given twice; give each key kind once");
    }
    if (config.maxQueries < 1000) {
        throw std::invalid_argument("perf: queries must be at least 1000; got " + std::to_string(config.maxQueries));
    }
}

// ---- Host -----------------------------------------------------------------------------------

PerfHost describeHost() {
    PerfHost host;
    host.cpu = cpuModelName();
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
    host.classicBmi2 = detail::cpuHasBmi2();
    host.avx512Hash = hashBatchVectorized();
    host.avx512Cpu = cpuHasAvx512();
    host.hashXxh64 = hashBatchPath(HashAlgorithm::Xxh64);
    host.hashXxh3 = hashBatchPath(HashAlgorithm::Xxh3_128);
    host.morton = MortonFilter::lookupPath();
    host.hugePages = storage::hugePagesAdvised()
                         ? "advised (kernel THP mode: " + storage::transparentHugePageMode() + ")"
                         : std::string("not advised (BLOOMLAB_NO_HUGEPAGES or no madvise)");
    host.l3Bytes = storage::lastLevelCacheBytes();
    host.l2Bytes = prefetchCacheBytes();
    host.prefetchEnvironment = prefetchDistanceFromEnvironment().value_or(0);
    host.prefetchProblem = prefetchEnvironmentProblem();
    host.prefetchLevelEnvironment = prefetchLevelFromEnvironment();
    host.loadBefore = loadAverages();
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

    std::vector<std::pair<unsigned, CuckooLayout>> cuckooBits;
    for (const PerfStructure s : config.structures) {
        if (s == PerfStructure::Cuckoo8) cuckooBits.emplace_back(8, CuckooLayout::Spread);
        if (s == PerfStructure::Cuckoo12) cuckooBits.emplace_back(12, CuckooLayout::Spread);
        if (s == PerfStructure::Cuckoo16) cuckooBits.emplace_back(16, CuckooLayout::Spread);
        if (s == PerfStructure::Cuckoo12Local) cuckooBits.emplace_back(12, CuckooLayout::Local);
    }

    const bool wantsMorton =
        std::find(config.structures.begin(), config.structures.end(), PerfStructure::Morton12) != config.structures.end();
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < config.sizes.size(); ++i) {
        total += config.keyKinds.size() * config.repeats * config.structures.size();
        if (config.cuckooFill) total += cuckooBits.size() + (wantsMorton ? 1 : 0);
        if (wantsStringKeyProbe(config)) total += 1;
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
            if (config.prefetchProbe) {
                report("n=" + std::to_string(n) + ": prefetch distance probe");
                result.prefetchProbes.push_back(probePrefetch(n, config.fpr, memoryBoundBytes, std::min<std::uint64_t>(queries, 1'000'000),
                                                              config.repeats, config.seed, stop, scratch));
            }
            for (const PerfKeyKind kind : config.keyKinds) {
                PerfKeys keys(kind, config.seed);
                PassContext ctx{keys, n, queries, config.seed, stop, scratch};
                // rows: [structure][batched]
                std::vector<std::array<PerfRow, 2>> rows(config.structures.size());
                std::vector<bool> skipped(config.structures.size(), false);
                std::vector<std::vector<double>> floors(config.structures.size());
                std::vector<std::vector<double>> twoLineFloors(config.structures.size());
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
                    if (s == PerfStructure::MemoryBound && kind != PerfKeyKind::Integer) {
                        skipped[si] = true;  // key-independent: measured once, with the integer stream
                    }
                    if (s == PerfStructure::UnorderedSet) {
                        const std::uint64_t need = unorderedSetBytesEstimate(n, kind);
                        const std::uint64_t available = memoryAvailableBytes();
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
                            if (config.ownFloor && !isReference(s)) {
                                const Floors floor = measureFloors(m.bytes, std::min<std::uint64_t>(queries, 2'000'000),
                                                                   readsTwoBuckets(s), config.seed, stop, scratch);
                                if (!std::isnan(floor.oneLine)) floors[si].push_back(floor.oneLine);
                                if (!std::isnan(floor.twoLines)) twoLineFloors[si].push_back(floor.twoLines);
                            }
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
                        if (!twoLineFloors[si].empty()) row.twoLineFloorNs = median(twoLineFloors[si]);
                        row.bitsPerKey = 8.0 * static_cast<double>(row.bytes) / static_cast<double>(n);
                        if (s != PerfStructure::MemoryBound) {
                            row.fpr = static_cast<double>(row.falsePositives) / static_cast<double>(queries);
                            if (row.fpr > 0.0) row.bitsOverMinimum = row.bitsPerKey / std::log2(1.0 / row.fpr);
                        }
                        result.rows.push_back(row);
                    }
                }
            }
            if (wantsStringKeyProbe(config)) {
                report("n=" + std::to_string(n) + ": string keys against integer keys, paired");
                result.stringKeyProbes.push_back(
                    probeStringKeys(n, config.fpr, queries, stringKeyProbeRounds(config.repeats), config.seed, stop, scratch));
                ++done;
            }
            if (config.cuckooFill) {
                for (const auto& [f, layout] : cuckooBits) {
                    report("n=" + std::to_string(n) + ": cuckoo" + std::to_string(f) +
                           (layout == CuckooLayout::Local ? "_local" : "") + " fill to the first failure");
                    result.cuckooFill.push_back(measureCuckooFill(f, layout, n, config.fpr, config.seed, stop));
                    ++done;
                }
                if (wantsMorton) {
                    report("n=" + std::to_string(n) + ": morton12 fill to the first failure");
                    result.cuckooFill.push_back(measureMortonFill(n, config.seed, stop));
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
    result.host.loadAfter = loadAverages();
    result.elapsedS = std::chrono::duration<double>(Clock::now() - started).count();
    report(result.cancelled ? "cancelled" : "done");
    return result;
}

} // namespace bloomlab::bench
