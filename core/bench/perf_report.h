// perf_report — what `bloomlab-cli perf` prints and writes from a PerfResult: the text table
// with ratios against each reference row, the CSV, the performance targets with PASS/FAIL, the
// "Filter performance" Markdown section and the data of the time-vs-space chart (the CLI draws
// it with Qt Charts; this file stays Qt-free).
//
// Ratios are TIME ratios, row ns / reference ns (below 1 = faster than the reference), on the
// mean of the present and absent lookups, against the reference of the same n (libbloom and
// unordered_set: their one-by-one rows, the only ones they have; memory_bound: the row of the
// same mode, one-by-one or batched, always from the integer key stream because it hashes
// nothing). Targets state their own direction ("throughput >= 2x" = reference ns / row ns).
#pragma once

#include "core/bench/perf_engine.h"

#include <string>
#include <utility>
#include <vector>

namespace bloomlab::bench {

/// The human-readable report (header with CPU, compiler, flags, load; one table per n and key
/// kind; cuckoo fill; hash cost; targets).
std::string renderPerfText(const PerfResult& result);

/// CSV: the median row of each measurement (repeat = 0) and one row per repeat (repeat = 1..R,
/// times only). Columns: perfCsvColumns(). Missing values are "n/a".
std::string renderPerfCsv(const PerfResult& result);
std::vector<std::string> perfCsvColumns();

struct PerfTarget {
    std::string name;        ///< "classic insert >= 2x libbloom throughput (insertMany)"
    std::string measured;    ///< the ratio and the two times it comes from, e.g. "2.31x (libbloom ... / classic ...)"
    double value = kNotApplicable;  ///< the ratio compared with the limit
    double limit = 0;
    bool atLeast = true;     ///< value >= limit (else value <= limit)
    bool evaluated = false;  ///< false when a needed row was not measured
    bool pass = false;
};

/// The performance targets, evaluated at n = 10M if the run has it, else at its largest n (then the
/// n is named in every target). Integer keys; p as configured.
std::vector<PerfTarget> evaluatePerfTargets(const PerfResult& result);
/// The same targets at a given n of the run (named in every target unless n = 10M).
std::vector<PerfTarget> evaluatePerfTargets(const PerfResult& result, std::uint64_t n);
std::uint64_t perfTargetSize(const PerfResult& result);
/// Where targets are reported: perfTargetSize, then every larger n of the run (with --large,
/// 100M: a size that no CPU cache holds, where memory_bound measures DRAM).
std::vector<std::uint64_t> perfTargetSizes(const PerfResult& result);
/// A note when the filters at n fit in the host's L3 cache ("" otherwise): then memory_bound
/// is the L3's floor, not DRAM's, and hashing weighs more in every ratio to it.
std::string cacheNote(const PerfResult& result, std::uint64_t n);

/// The "Filter performance" section for report.md. `chartLink` is the chart path as it should
/// appear in report.md ("" = no chart); `command` the command line that produced the run.
std::string renderPerfMarkdown(const PerfResult& result, const std::string& chartLink, const std::string& command);

struct PerfChartSeries {
    std::string name;
    std::vector<std::pair<double, double>> points;  ///< (bits per key, lookup ns)
};
struct PerfChartData {
    std::string title;
    std::vector<PerfChartSeries> series;  ///< one per structure: one-by-one and batched points
    double floorNs = kNotApplicable;      ///< memory_bound batched lookup (reference line)
};
/// Lookup ns (mean of present and absent) against bits per key, integer keys, at `n`.
PerfChartData perfChartData(const PerfResult& result, std::uint64_t n);

} // namespace bloomlab::bench
