// benchmark_engine — the benchmark of the retrieval experiment: the same queries with and without a
// filter in front of a backend, repeated, plus the hot-ratio sweep. Qt-free: progress goes out
// through a callback (the GUI adapts it to queued signals), cancellation comes in through a
// std::stop_token checked between queries.
//
// One benchmark session (runBenchmark, or runSweep for all its points):
//   corpus (corpusSize phrases, or corpusFile)  --shuffle(seed)-->  hot set = first n phrases
//   store  = backend over the corpus, documents for the hot set (StoreContents)
//   cache  = RetrievalCache(filter from config.filter, preloaded with the hot set)
//   cold   = distinct phrases absent from the corpus (Corpus::absentPhrases)
// Per point (hot ratio h): one Workload of Q queries; per repeat, four timed passes over it:
//   without: backend.lookup(q) for every q          -> time_without, latencies, c_hot, c_cold
//   with:    cache.get(q) for every q               -> time_with, latencies, false positives
//   filter:  filter.mightContain(q) for every q     -> c_f
//   empty:   nothing (the timing harness alone)     -> t_0
// Each query is timed with chained steady_clock stamps (one clock read per query, so the
// per-query latencies sum exactly to the pass time). The passes are interleaved in chunks of
// 256 queries (chunked ABBA): step j runs "without" on chunk j and "with" on chunk j + K/2 (K
// chunks), their order alternating from step to step, then "filter" on chunk j + K/4 and
// "empty" on chunk j. "filter" reads query strings last touched K/4 steps earlier, as cold as
// those "with" reads; on chunk j, just read by "without", they were in the CPU caches and c_f
// came out too low per query, which made the model over-predict at low h.
// So both sides of the comparison run under the same machine load at the same moment (a
// shared 2-core machine otherwise makes sequential passes incomparable), and the two lookups of
// one query are half a pass apart, so neither warms the caches for the other. The median over
// repeats is taken field by field.
//
// MODEL (measured against theory): with per-lookup costs c_f (filter probe), c_hot and c_cold
// (backend, on hot and on cold queries, from the "without" pass of the same repeat), the
// measured FPR on cold queries, and t_0 the timing harness's own cost per query (one clock read
// and the stop check, measured by timing an empty pass; it is inside both measured times),
//     time_without / Q = t_0 + h c_hot + (1 - h) c_cold
//     time_with    / Q = t_0 + c_f + h c_hot + (1 - h) FPR c_cold
//     model_speedup    = time_without / time_with
// which is the experiment's model 1 / (c_f/c_b + h + (1 - h) FPR) when c_hot = c_cold = c_b and t_0 = 0.
// They differ for the scan backend (a hit stops half way on average, a miss scans everything)
// and a little for SQLite (a hit also reads the document). h is the workload's exact hot
// fraction. All c values are reported net of t_0.
#pragma once

#include "core/any_filter.h"
#include "core/retrieval/backend.h"
#include "core/retrieval/remote_membership.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::bench {

enum class BackendKind : std::uint8_t { Scan, Hash, Sqlite, Latency };

struct BackendSpec {
    BackendKind kind = BackendKind::Scan;
    std::chrono::microseconds latency{200};  ///< latency backend: delay per lookup
    std::string sqlitePath;                  ///< sqlite backend: "" = a temp file
};
/// "scan", "hash", "sqlite", "latency", "latency:500" (microseconds). Throws std::invalid_argument.
BackendSpec parseBackendSpec(std::string_view text);
std::string backendName(const BackendSpec& spec);  ///< "scan", "latency:200", ...

enum class HotDistribution : std::uint8_t { Uniform, Zipf };

struct BenchConfig {
    BackendSpec backend;
    FilterSpec filter;               ///< capacity n and fpr p (or bits); the hot set is n queries
    double hotRatio = 0.3;           ///< fraction of queries that the backend can answer
    std::uint64_t queries = 20000;
    std::uint32_t repeats = 5;
    std::uint64_t seed = 42;
    std::uint64_t corpusSize = 100000;
    std::string corpusFile;          ///< "" = generated phrases
    HotDistribution distribution = HotDistribution::Uniform;
    double zipfExponent = 1.0;
    /// Optional: builds the store instead of `backend` (a custom store when embedding the
    /// engine, or an instrumented one in tests). CSV and tables still name `backend`.
    std::function<std::unique_ptr<Backend>(const StoreContents&)> backendFactory;
    /// Optional: a shared filter asked in front of the store instead of the local one
    /// (`--filter-at`). Called once per session with the preloaded local filter; returns a remote
    /// filter holding at least its keys. The "with" and "filter" passes then ask it once per
    /// chunk of 256 queries (one pipelined batch, timed with the chunk's first query), so c_f is
    /// the remote cost per query and the model uses it.
    std::function<std::unique_ptr<RemoteMembership>(const AnyFilter& preloaded)> remoteFilter;
    std::string remoteFilterLocation;  ///< for CSV (column filter_at) and tables; "" = local
    /// The growing workload (growth_benchmark.h; `--grow-hot F`): > 1 makes the hot set grow from
    /// n to growHot x n documents during the run; 0 = off (the fixed hot set above).
    double growHot = 0.0;
    /// The growing run's rebuild policy: rebuild when the backend-confirmed FPR over the last
    /// fpWindow absent-key lookups reaches rebuildFpr (0 = twice the filter's p; 0.2 for -m).
    double rebuildFpr = 0.0;
    std::uint32_t fpWindow = 1000;
};

/// One repeat of one configuration. Times in seconds, latencies in microseconds.
struct RunResult {
    std::uint32_t repeat = 0;
    double hotRatio = 0;
    std::uint64_t queries = 0;
    double timeWithS = 0;
    double timeWithoutS = 0;
    double speedup = 0;              ///< timeWithoutS / timeWithS
    double p50WithUs = 0, p95WithUs = 0, p99WithUs = 0, meanWithUs = 0;
    double p50WithoutUs = 0, p95WithoutUs = 0, p99WithoutUs = 0, meanWithoutUs = 0;
    double p50Speedup = 0;           ///< p50WithoutUs / p50WithUs
    double fprCold = 0;              ///< false positives / cold queries
    std::uint64_t coldQueries = 0;
    std::uint64_t falsePositives = 0;
    double modelSpeedup = 0;         ///< the MODEL above (1 / (c_f/c_b + h + (1 - h) FPR) in its simplest form)
    /// speedup / modelSpeedup of this repeat; in a median row, the median of the repeats' ratios
    /// (not the ratio of the medians, which would pair numbers from different repeats).
    double modelRatio = 0;
    double filterCostNs = 0;         ///< c_f: measured mean filter lookup cost
    double backendCostNs = 0;        ///< c_b: measured mean backend lookup cost
    double backendHotNs = 0;         ///< c_hot: mean backend cost of the hot queries
    double backendColdNs = 0;        ///< c_cold: mean backend cost of the cold queries
    double timerOverheadNs = 0;      ///< t_0: the timing harness's cost per query
    std::uint64_t hotQueries = 0;
    std::uint64_t filterBytes = 0;
    double estimatedFpr = 0;         ///< the filter's own FPR estimate from its fill (stats())
    double buildTimeS = 0;
    std::uint64_t m = 0;             ///< filter size in bits
    std::uint32_t k = 0;
};

/// All repeats of one hot ratio, and their medians (field by field).
struct PointResult {
    double hotRatio = 0;
    std::vector<RunResult> runs;
    RunResult median;
};

struct Progress {
    std::uint64_t done = 0;          ///< work units done (repeats, over all points)
    std::uint64_t total = 0;
    std::string stage;               ///< "building corpus", "hot 0.30, repeat 2/5", ...
    std::optional<PointResult> point;  ///< set when a sweep point has just completed
};
using ProgressCallback = std::function<void(const Progress&)>;

/// Runs one configuration. Throws std::invalid_argument on bad config; returns early (with the
/// repeats done so far) when stop is requested.
PointResult runBenchmark(const BenchConfig& config, const ProgressCallback& progress,
                         std::stop_token stop);

struct SweepConfig {
    BenchConfig base;
    std::vector<double> hotRatios{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};
};
struct SweepResult {
    std::vector<PointResult> points;
    bool cancelled = false;
};
/// One point per ratio, each reported through progress(point) as it completes.
SweepResult runSweep(const SweepConfig& config, const ProgressCallback& progress, std::stop_token stop);

/// CSV: the documented stable columns (README), one row per RunResult. The first 21 columns are
/// the experiment's list; more follow (docs/benchmark.md). The median row of a point has repeat 0.
std::string csvHeader();
std::string csvRow(const BenchConfig& config, const RunResult& run);
/// Column names of csvHeader(), in order.
std::vector<std::string> csvColumns();
/// Cells joined by commas (cells that need quoting are quoted by the caller).
std::string joinCsv(const std::vector<std::string>& cells);

/// The store a benchmark uses, built over `contents` (SQLite: a temp file unless
/// spec.sqlitePath is set). Throws std::invalid_argument / std::runtime_error.
std::unique_ptr<Backend> makeBackend(const BackendSpec& spec, const StoreContents& contents);

/// The model speedup for costs in any one time unit (see MODEL above).
double modelSpeedup(double hotFraction, double fprCold, double filterCost, double hotCost,
                    double coldCost, double perQueryOverhead = 0.0);

/// Nearest-rank percentile of ascending `sorted`; q in [0, 1]; 0 when empty.
double nearestRankPercentile(const std::vector<std::int64_t>& sorted, double q);

/// Checks a configuration (throws std::invalid_argument with a message naming the field).
void validate(const BenchConfig& config);
/// The base configuration, and the ratios: at least one, each in [0, 1], none twice.
void validate(const SweepConfig& config);

} // namespace bloomlab::bench
