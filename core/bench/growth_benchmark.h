// growth_benchmark — the retrieval benchmark with a hot set that grows past the filter's n
// (`bench` / `sweep` `--grow-hot F`), run with and without a rebuild policy; the result is a time
// series of FPR and latency through the rebuild(s).
//
// One growing run (per hot ratio h):
//   corpus --shuffle(seed)--> hot order: its first n phrases are the initial hot set (documents in
//   the store, pre-loaded into the filter, sized for n), the next (F - 1) n arrive during the run
//   two arms, each with its own store and its own growing RetrievalCache (serving mode):
//     reject   monitor only: the filter keeps its size (what a fixed filter does)
//     rebuild  when the backend-confirmed FPR over the last W absent-key lookups reaches R, the
//              cache rebuilds its filter from the store, growth 2x, in the background
//   the GrowingWorkload (workload.h): Q queries, h of them hot, drawn from the hot set of their
//   moment; before each query the store gets the documents due by then, through
//   RetrievalCache::addDocument (pending, promoted after 3 queries or flushed into the filter
//   when the pending set passes max(16, n / 8)); so the filter fills past n and its FPR climbs.
// The two arms run interleaved in chunks of 256 queries, their order alternating (as the fixed
// benchmark's passes do), so both see the same machine load. Each cache.get() is timed with
// chained steady_clock stamps; document additions are outside the timed region. The series has
// kGrowthWindows windows of ceil(Q / kGrowthWindows) queries: per arm and window the FPR on its
// cold queries (confirmed false positives / cold queries), P50, P99 and the maximum latency, the
// hot set size, the filter's items and capacity and the monitor's window FPR. Rebuild moments
// are events (the query at which the rebuild was seen to start, and the first query answered by
// the published filter). A hot query answered empty would be a false negative through the cache:
// the run throws std::logic_error (none may happen before, during or after a rebuild).
#pragma once

#include "core/bench/benchmark_engine.h"
#include "core/growth_policy.h"
#include "core/retrieval/retrieval_cache.h"

#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

namespace bloomlab::bench {

constexpr std::uint32_t kGrowthWindows = 40;

struct GrowthWindow {
    std::uint64_t firstQuery = 0;       ///< index of the window's first query
    std::uint64_t queries = 0;
    std::uint64_t hotSet = 0;           ///< documents in the store at the window's end
    std::uint64_t coldQueries = 0;
    std::uint64_t falsePositives = 0;   ///< backend-confirmed, in this window
    double fpr = 0.0;                   ///< falsePositives / coldQueries
    double p50Us = 0.0, p99Us = 0.0, maxUs = 0.0;
    std::uint64_t filterItems = 0;      ///< the published filter's, at the window's end
    std::uint64_t filterCapacity = 0;
    double monitorFpr = 0.0;            ///< the monitor's sliding-window FPR at the window's end
    std::uint64_t generation = 0;
    std::uint32_t rebuildsStarted = 0;  ///< events in this window
    std::uint32_t rebuildsPublished = 0;
};

struct GrowthEvent {
    enum class Kind : std::uint8_t { Started, Published };
    Kind kind = Kind::Started;
    std::uint64_t query = 0;            ///< index of the query at which it was seen
    std::uint64_t capacity = 0;         ///< published: the new filter's capacity
    double rebuildSeconds = 0.0;        ///< published: start to publication
    GrowthTrigger trigger = GrowthTrigger::None;  ///< the threshold that tripped
};

struct GrowthArm {
    GrowthAction action = GrowthAction::Reject;
    std::vector<GrowthWindow> windows;
    std::vector<GrowthEvent> events;
    CacheGrowth final;                  ///< the cache's monitoring figures at the end
    CacheCounters counters;
};

struct GrowthResult {
    double hotRatio = 0.0;
    std::uint64_t queries = 0;
    std::uint64_t hotQueries = 0, coldQueries = 0;
    std::uint64_t initialHot = 0;       ///< n
    std::uint64_t finalHot = 0;         ///< ceil(F n)
    std::uint64_t windowQueries = 0;
    double rebuildFpr = 0.0;            ///< the threshold used
    std::uint32_t fpWindow = 0;
    GrowthArm reject;                   ///< without the policy
    GrowthArm rebuild;                  ///< with it
};

struct GrowthSweepResult {
    std::vector<GrowthResult> points;   ///< one per hot ratio, in order
    bool cancelled = false;
};

/// Runs the growing workload at each hot ratio (both arms each time, fresh stores per ratio).
/// Progress counts windows over all ratios. Throws std::invalid_argument on a bad config
/// (validate()), std::logic_error on a false negative through the cache. Returns the ratios
/// completed when stop is requested.
GrowthSweepResult runGrowth(const BenchConfig& config, const std::vector<double>& hotRatios,
                            const ProgressCallback& progress, std::stop_token stop);

/// The growth options of `config` (growHot, rebuildFpr, fpWindow and what they exclude); called by
/// validate() when growHot != 0. Throws std::invalid_argument naming the option.
void validateGrowth(const BenchConfig& config);
/// The confirmed-FPR threshold a run uses: config.rebuildFpr, or twice p (0.2 for a filter sized
/// by bits), at most 0.5.
double rebuildThreshold(const BenchConfig& config);

/// CSV of the series: one row per arm and window (columns: docs/benchmark.md).
std::vector<std::string> growthCsvColumns();
std::string growthCsvHeader();
std::string growthCsvRows(const BenchConfig& config, const GrowthResult& result);

} // namespace bloomlab::bench
