// standard_report — the standard benchmark set behind `bloomlab-cli report` (the retrieval
// experiment's report.md), Qt-free: runStandardReport() measures, renderReportMarkdown() writes
// the Markdown from what was measured. Every conclusion and recommendation in the text is
// computed from the numbers in ReportData (thresholds are stated next to them); nothing is
// canned. The chart is drawn by the caller (the CLI renders ReportData::sweeps with Qt Charts)
// and referenced by a relative path.
//
// The set (ReportPlan::standard()):
//   sizing     n = 10,000 with p = 0.1 (the experiment's) and p = 0.01: m, k, and why k is rounded
//   headline   the experiment's benchmark, 20,000 queries 30% hot, 5 repeats, classic filter, for the
//              scan, hash, sqlite and latency:200 stores (fewer queries for the slow scan)
//   sweeps     speedup vs hot ratio 0.1 ... 0.8 for scan, sqlite, latency:200, both p
//   types      every filter type at hot 0.3 in front of SQLite, both p (memory / FPR / speedup)
//   load       the experiment's load check: 1,000 queries 40/60 and 1,000 cold queries (FPR)
//   ablation   hash functions: ns per hash, ns per lookup, FPR
//   growth     a hot set that grows past n (growth_benchmark.h): FPR and P50/P99 over time with
//              and without the rebuild policy, and readers' latency during rebuilds
//              (rebuild_latency.h, 4 reader threads)
#pragma once

#include "core/bench/benchmark_engine.h"
#include "core/bench/growth_benchmark.h"
#include "core/bench/hash_ablation.h"
#include "core/bench/rebuild_latency.h"
#include "core/filter_math.h"

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace bloomlab::bench {

struct ReportRunPlan {
    BackendSpec backend;
    std::uint64_t queries = 20000;
    std::uint32_t repeats = 5;
};

struct ReportPlan {
    std::uint64_t n = 10000;
    std::vector<double> fprs{0.1, 0.01};
    std::vector<double> hotRatios{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};
    double headlineHot = 0.3;
    std::uint64_t corpusSize = 100000;
    std::uint64_t seed = 42;
    std::vector<ReportRunPlan> headline;
    std::vector<ReportRunPlan> sweeps;
    ReportRunPlan types;
    std::uint64_t loadQueries = 1000;
    double loadHot = 0.4;
    HashAblationConfig ablation;
    /// The growing run: this store and query count, hot ratio growthHot, the hot set growing
    /// growFactor x n, filter p = growthFpr.
    ReportRunPlan growth;
    double growthHot = 0.005;
    double growFactor = 3.0;
    double growthFpr = 0.01;
    RebuildLatencyConfig rebuildReaders;
    std::string name = "standard";

    /// The full set; about 7 minutes on an idle 2-core machine (Release build), longer when
    /// other processes compete for the cores.
    static ReportPlan standard();
    /// A tiny set for smoke tests (seconds; numbers not meaningful).
    static ReportPlan quick();
};

struct SizingRow {
    std::uint64_t n = 0;
    double p = 0;
    double mExact = 0;            ///< -n ln p / (ln 2)^2
    std::uint64_t m = 0;          ///< ceil(mExact)
    double kExact = 0;            ///< (m / n) ln 2
    std::uint32_t k = 0;          ///< the project's k (rounded to nearest)
    double fprAtK = 0;            ///< (1 - e^(-kn/m))^k
    double fprAtFloor = 0, fprAtCeil = 0;
    std::uint32_t kFloor = 0, kCeil = 0;
    double bitsPerItem = 0;
    double lowerBoundBitsPerItem = 0;  ///< log2(1 / p)
    double fprAt150 = 0, fprAt200 = 0; ///< FPR after 1.5 n and 2 n inserts (overfill)
};

struct ReportMeasurement {
    BenchConfig config;
    PointResult point;
};

struct ReportSweep {
    BenchConfig config;
    std::vector<PointResult> points;
};

struct ReportData {
    ReportPlan plan;
    std::vector<SizingRow> sizing;
    std::vector<ReportMeasurement> headline;   ///< per p, per backend
    std::vector<ReportSweep> sweeps;           ///< per p, per backend
    std::vector<ReportMeasurement> types;      ///< per p, per filter type
    std::vector<ReportMeasurement> load;       ///< per p: the 40/60 load, then 1,000 cold
    std::vector<HashAblationRow> ablation;
    BenchConfig growthConfig;
    std::vector<GrowthResult> growth;          ///< one point (empty when not reached)
    std::optional<RebuildLatencyResult> rebuildReaders;
    double elapsedS = 0;
    std::string generatedAtUtc;
    std::string host;                          ///< CPU model and hardware threads
    double loadAverageStart = -1;              ///< 1-minute load average (/proc/loadavg)
    double loadAverageEnd = -1;
    bool cancelled = false;
};

/// Runs the plan; progress reports (done, total) in benchmark repeats over the whole set.
/// On cancellation returns what was measured so far with cancelled = true.
ReportData runStandardReport(const ReportPlan& plan, const ProgressCallback& progress,
                             std::stop_token stop);

/// report.md. chartPaths: image paths relative to the report (one per p, in plan.fprs order;
/// empty entries are skipped). command: how it was produced (printed in the report).
/// growthCharts: the growing run's charts (FPR over time, P99 over time), relative paths; empty
/// entries are skipped.
std::string renderReportMarkdown(const ReportData& data, const std::vector<std::string>& chartPaths,
                                 const std::string& command, const std::vector<std::string>& growthCharts = {});

/// The sizing row for (n, p): m, k and the rounding comparison.
SizingRow sizingRow(std::uint64_t n, double p);

} // namespace bloomlab::bench
