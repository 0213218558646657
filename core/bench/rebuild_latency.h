// rebuild_latency — readers' latency while a ServingFilter is rebuilt (`bloomlab-cli bench
// --rebuild-readers R`): the benchmark behind "no reader waits on the rebuild", measured instead
// of asserted by a timed unit test.
//
// Setup: a ServingFilter (FilterSpec from the options) holding n keys; its key source lists the
// keys written so far (key i = "rk:" + i; the writer counts a key as stored before inserting it).
// R reader threads query keys already inserted, in a loop: half through ServingFilter::Reader
// handles (one generation load per query), half through ServingFilter::mightContain (the epoch
// read section). Each query is timed alone (two steady_clock reads around it, so every figure
// includes one clock read) and lands in a log-linear histogram (32 sub-buckets
// per power of two: percentiles within 3%, the maximum exact) of its phase:
//   steady      no rebuild running (checked before and after the query)
//   rebuilding  a rebuild running at the query's start or end
// The main thread alternates: a steady phase of quietSeconds, then startRebuild() (growth x the
// current size) while it inserts new keys (the side log) until the rebuild is published. A refused
// insert (a full cuckoo table) stops the writer; its key is published to the readers only after a
// catch-up rebuild has listed it (a refused key is in no filter until then), so a run with refused
// inserts records more rebuilds than asked for. Every
// answer is also checked: a "no" for an inserted key is a false negative (counted; must be 0).
// On a shared machine the maxima are dominated by preemption (a reader descheduled for a time
// slice), in both phases alike; compare the two phases, not the maximum with the P50.
#pragma once

#include "core/any_filter.h"

#include <array>
#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

namespace bloomlab::bench {

/// Latencies in nanoseconds, log-linear buckets (see above).
class LatencyHistogram {
public:
    void add(std::uint64_t ns) noexcept;
    void merge(const LatencyHistogram& other) noexcept;
    std::uint64_t count() const noexcept { return m_count; }
    std::uint64_t max() const noexcept { return m_max; }
    /// The upper edge of the bucket holding the q-quantile (nearest rank), at most max(); 0 when empty.
    double quantile(double q) const noexcept;

private:
    static constexpr unsigned kSubBits = 5;
    static constexpr unsigned kSub = 1u << kSubBits;
    static constexpr std::size_t kBuckets = (64 - kSubBits + 1) * kSub;
    static std::size_t bucketOf(std::uint64_t ns) noexcept;
    static std::uint64_t upperEdge(std::size_t bucket) noexcept;
    std::array<std::uint64_t, kBuckets> m_counts{};
    std::uint64_t m_count = 0;
    std::uint64_t m_max = 0;
};

struct RebuildLatencyConfig {
    FilterSpec filter;              ///< capacity = keys loaded before the first rebuild
    std::uint32_t readers = 4;      ///< 1 to 64
    std::uint32_t rebuilds = 3;     ///< 1 to 100
    double quietSeconds = 0.25;     ///< steady phase before each rebuild, (0, 60]
    std::uint64_t seed = 42;        ///< readers' key choice
};

struct LatencySummary {
    std::uint64_t queries = 0;
    double p50Ns = 0, p99Ns = 0, p999Ns = 0, p9999Ns = 0, maxNs = 0;
};

struct RebuildRecord {
    double seconds = 0;             ///< startRebuild() to publication
    std::uint64_t keysListed = 0;
    std::uint64_t replayed = 0;     ///< side-log entries (the writer's inserts meanwhile)
    std::uint64_t capacity = 0;     ///< of the published filter
};

struct RebuildLatencyResult {
    std::uint32_t readers = 0;
    LatencySummary steadyHandle, steadyDirect;          ///< Reader handles / mightContain, no rebuild
    LatencySummary rebuildingHandle, rebuildingDirect;  ///< while a rebuild ran
    std::vector<RebuildRecord> rebuilds;
    std::uint64_t keysAtStart = 0, keysAtEnd = 0;
    std::uint64_t falseNegatives = 0;
    bool cancelled = false;
};

/// Throws std::invalid_argument on a bad config or filter spec; std::runtime_error when a rebuild
/// fails (its message).
RebuildLatencyResult runRebuildLatency(const RebuildLatencyConfig& config, std::stop_token stop);

} // namespace bloomlab::bench
