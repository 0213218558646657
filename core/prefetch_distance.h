// prefetch_distance: how many keys ahead the batched pipelines (core/batch_pipeline.h) request a
// key's cache lines — the blocked filter's insertMany / mightContainMany, the cuckoo filter's
// mightContainMany and perf's memory_bound row.
//
// A miss must be requested at least one memory latency before the key is probed, and the lines
// in flight are bounded by the core's fill buffers, so the best distance depends on where the
// array lives. It is picked per call from the array's size and this host's caches:
//
//   array within the L2 (sysconf, read once)   the structure's in-cache distance (longer blocks:
//                                              fewer pipeline turns for the same hits)
//   array beyond the L2 (L3 or DRAM)           the structure's memory distance
//
// and BLOOMLAB_PREFETCH_DISTANCE=32|64|128|256 sets one distance for every array (read once per
// process), for a host where perf's prefetch distance probe shows another distance faster. The
// distances are powers of two (the structures' own from 16, the environment's from 32) up to 256,
// so each is a whole number of the groups that use it (the blocked filter's 8 or 32 keys, the
// cuckoo filter's 8 at 32 and below) and the pipelines' state arrays stay bounded
// (kMaxPrefetchDistance). The distance counts keys, and what the fill buffers bound is lines: a
// structure that asks for two lines per key (cuckoo) takes about half the distance of one that
// asks for one (blocked).
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

struct PrefetchChoice {
    std::size_t distance = 0;
    PrefetchRule rule = PrefetchRule::Memory;
};

/// The distance for an array of `arrayBytes` under `distances`, or the environment's.
PrefetchChoice choosePrefetchDistance(std::uint64_t arrayBytes, PrefetchDistances distances) noexcept;

/// The L2 size the rule compares with (bytes; 0 when the host does not say, and then every array
/// counts as beyond it).
std::uint64_t prefetchCacheBytes() noexcept;

/// BLOOMLAB_PREFETCH_DISTANCE as the pipelines read it: its value when valid, nothing when unset
/// or invalid (prefetchEnvironmentProblem says which).
std::optional<std::size_t> prefetchDistanceFromEnvironment() noexcept;

/// Empty when BLOOMLAB_PREFETCH_DISTANCE is unset or valid; otherwise a message naming the value
/// and the values that work (the pipelines then use the size rule).
std::string prefetchEnvironmentProblem();

/// Parses a distance as BLOOMLAB_PREFETCH_DISTANCE takes it: 32, 64, 128 or 256.
std::optional<std::size_t> parsePrefetchDistance(std::string_view text) noexcept;

/// "in-cache", "memory", "BLOOMLAB_PREFETCH_DISTANCE", "scoped".
const char* prefetchRuleName(PrefetchRule rule) noexcept;

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

} // namespace bloomlab
