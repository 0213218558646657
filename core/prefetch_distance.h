// prefetch_distance: how many keys ahead the batched pipelines (core/batch_pipeline.h) request a
// key's cache lines, and into which cache — the blocked filter's insertMany / mightContainMany,
// the cuckoo and Morton filters' mightContainMany and perf's memory_bound row.
//
// A miss must be requested at least one memory latency before the key is probed, and the lines
// in flight are bounded by the core's miss buffers, so the best distance depends on where the
// array lives. It is picked per call from the array's size and this host's caches:
//
//   array within the L2 (sysconf, read once)   the structure's in-cache distance (longer blocks:
//                                              fewer pipeline turns for the same hits), and
//                                              prefetches into the L1 (prefetcht0)
//   array beyond the L2 (L3 or DRAM)           the structure's memory distance, and prefetches
//                                              into the L2 only (prefetcht1)
//
// Why the L2 beyond it: a prefetch into the L1 holds one of the L1's few miss buffers until its
// line arrives, and with those full every further miss waits, whatever the distance; a prefetch
// into the L2 is tracked by the L2's longer miss queue, so more lines are in flight at once and
// the key's own load then hits the L2. On the AMD EPYC (Zen 4) host this measured faster beyond
// the L2, most of all in DRAM (docs/performance.md, "Prefetching into the L2 beyond it, kept");
// within the L2 the line is there already and prefetcht0 moves it to the L1.
//
// BLOOMLAB_PREFETCH_DISTANCE=32|64|128|256 sets one distance for every array, and
// BLOOMLAB_PREFETCH_LEVEL=l1|l2 one cache level (both read once per process), for a host where
// perf's prefetch probe shows another choice faster. The
// distances are powers of two (the structures' own from 16, the environment's from 32) up to 256,
// so each is a whole number of the groups that use it (the blocked filter's 8 or 32 keys, the
// cuckoo filter's 8 or 16 at 32 and below and 64 above) and the pipelines' state arrays stay
// bounded (kMaxPrefetchDistance). The distance counts keys, and what the miss buffers bound is lines:
// while the prefetches filled the L1, a structure that asks for two lines per key (cuckoo) was
// fastest at about half the distance of one that asks for one (blocked); into the L2, whose miss
// queue is longer, both take 64 (the key-by-key cuckoo loop keeps its shorter blocks).
// The classic filter keeps its own fixed rings (bloom_filter.cpp): k lines per key put k times as
// many prefetches in flight per key, and longer rings measured slower there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bloomlab {

inline constexpr std::size_t kMinPrefetchDistance = 32;  ///< what BLOOMLAB_PREFETCH_DISTANCE accepts
inline constexpr std::size_t kMaxPrefetchDistance = 256;

/// Why a distance was chosen.
enum class PrefetchRule {
    InCache,      ///< the array fits in the L2
    Memory,       ///< the array is larger than the L2
    Environment,  ///< BLOOMLAB_PREFETCH_DISTANCE
    Scoped,       ///< a ScopedPrefetchDistance on this thread (perf's probe)
};

/// A structure's two distances (keys): arrays within the L2, and larger ones.
struct PrefetchDistances {
    std::size_t inCache;
    std::size_t memory;
};

/// The cache a pipeline's prefetches fill.
enum class PrefetchLevel : std::uint8_t {
    L1,  ///< prefetcht0: the line into the L1 (and the caches below it); arrays within the L2
    L2,  ///< prefetcht1: the line into the L2 only; arrays beyond it
};

struct PrefetchChoice {
    std::size_t distance = 0;
    PrefetchRule rule = PrefetchRule::Memory;
    PrefetchLevel level = PrefetchLevel::L2;  ///< by the array's size, unless set (environment, scoped)
};

/// The distance and level for an array of `arrayBytes` under `distances`, or what the
/// environment (or a scoped setting) says.
PrefetchChoice choosePrefetchDistance(std::uint64_t arrayBytes, PrefetchDistances distances) noexcept;

/// The L2 size the rule compares with (bytes; 0 when the host does not say, and then every array
/// counts as beyond it).
std::uint64_t prefetchCacheBytes() noexcept;

/// BLOOMLAB_PREFETCH_DISTANCE as the pipelines read it: its value when valid, nothing when unset
/// or invalid (prefetchEnvironmentProblem says which).
std::optional<std::size_t> prefetchDistanceFromEnvironment() noexcept;

/// BLOOMLAB_PREFETCH_LEVEL as the pipelines read it: its value when valid, nothing when unset or
/// invalid (prefetchEnvironmentProblem says which).
std::optional<PrefetchLevel> prefetchLevelFromEnvironment() noexcept;

/// Empty when BLOOMLAB_PREFETCH_DISTANCE and BLOOMLAB_PREFETCH_LEVEL are unset or valid; otherwise
/// a message naming each wrong value and the values that work (the pipelines then use the size
/// rule for it).
std::string prefetchEnvironmentProblem();

/// Parses a distance as BLOOMLAB_PREFETCH_DISTANCE takes it: 32, 64, 128 or 256.
std::optional<std::size_t> parsePrefetchDistance(std::string_view text) noexcept;

/// Parses a level as BLOOMLAB_PREFETCH_LEVEL takes it: l1 or l2 (either case).
std::optional<PrefetchLevel> parsePrefetchLevel(std::string_view text) noexcept;

/// "in-cache", "memory", "BLOOMLAB_PREFETCH_DISTANCE", "scoped".
const char* prefetchRuleName(PrefetchRule rule) noexcept;

/// "L1" or "L2".
const char* prefetchLevelName(PrefetchLevel level) noexcept;

/// While it lives, every batched call on this thread uses `keys` (clamped to 16 .. 256), before
/// the environment and the size rule: perf's probe times a filter at each distance in one process,
/// interleaved, which separate runs with BLOOMLAB_PREFETCH_DISTANCE cannot do on a noisy host.
/// Nests; restores the previous setting when destroyed.
class ScopedPrefetchDistance {
public:
    explicit ScopedPrefetchDistance(std::size_t keys) noexcept;
    ~ScopedPrefetchDistance();
    ScopedPrefetchDistance(const ScopedPrefetchDistance&) = delete;
    ScopedPrefetchDistance& operator=(const ScopedPrefetchDistance&) = delete;

private:
    std::size_t m_previous;
};

/// The same for the level: while it lives, every batched call on this thread prefetches into
/// `level`, before BLOOMLAB_PREFETCH_LEVEL and the size rule (perf's probe; the tests run both
/// levels' loops on small tables). Nests; restores the previous setting when destroyed.
class ScopedPrefetchLevel {
public:
    explicit ScopedPrefetchLevel(PrefetchLevel level) noexcept;
    ~ScopedPrefetchLevel();
    ScopedPrefetchLevel(const ScopedPrefetchLevel&) = delete;
    ScopedPrefetchLevel& operator=(const ScopedPrefetchLevel&) = delete;

private:
    int m_previous;
};

} // namespace bloomlab
