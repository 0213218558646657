// bloomlab-cli benchmark commands: bench (one configuration), sweep (speedup vs hot ratio, CSV
// and chart) and report (the standard benchmark set written as report.md).
#include "chart_render.h"
#include "cli_common.h"
#include "cli_json.h"
#include "cli_redis.h"
#include "core/atomic_file.h"
#include "core/errors.h"

#include "core/bench/benchmark_engine.h"
#include "core/bench/growth_benchmark.h"
#include "core/bench/rebuild_latency.h"
#include "core/bench/standard_report.h"
#include "core/filter_math.h"
#include "core/parse_units.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace bloomlab::cli {

namespace {

using bench::BenchConfig;
using bench::PointResult;
using bench::Progress;
using bench::RunResult;

std::vector<double> parseRatioList(const std::string& text) {
    std::vector<double> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string item =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) throw std::invalid_argument("empty entry in ratio list '" + text + "'");
        out.push_back(parseFraction(item));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

/// The options bench and sweep share.
constexpr std::string_view kCommonOptions = R"(Workload and store:
  --backend B          scan | hash | sqlite | latency | latency:US   (default scan)
                         scan: O(n) scan of the phrase list (the retrieval experiment's baseline)
                         hash: in-memory hash map; sqlite: on-disk SQLite table;
                         latency: a fixed delay per lookup (default 200 us)
  --sqlite-path FILE   SQLite store file (default: a private temp directory under $TMPDIR,
                       removed afterwards, also on SIGINT/SIGTERM/SIGHUP)
  --corpus FILE        phrases to index, one per line (default: generated)
  --corpus-size N      generated phrases (default 100000)
  --zipf S             draw hot queries by Zipf's law with exponent S (default: uniform)
  --queries Q          queries per run (default 20000)
  --repeats R          runs per configuration; the table shows their median (default 5)
  --seed S             seed for corpus, hot set and workload (default 42)
Filter (the hot set is n phrases of the corpus, all pre-loaded):
  --filter TYPE        classic | blocked | counting | scalable | cuckoo (default classic)
  -n, --capacity N     hot set size = filter capacity (default 10000)
  -p, --fpr P          target false-positive rate (default 0.1, the retrieval experiment's)
  -m, --bits SIZE      fixed filter size instead of -p (bits, or 64KiB, 1MB ...)
  -k, --hashes K       hash functions (default: optimal for the layout)
  --filter-at URL      ask a shared filter on Redis instead (redis://host:port/NAME or
                       redis-cluster://host:port,.../NAME; NAME must be free, removed after):
                       the filter is uploaded, then asked once per 256 queries (docs/distributed.md)
Growing hot set (the filter fills past n; run without and with a rebuild policy):
  --grow-hot F         the hot set grows from n to F x n documents during the run, F in (1, 1000]
                       (added through the cache, promoted or flushed into the filter); two runs,
                       interleaved: reject (the filter keeps its size) and rebuild (rebuilt 2x from
                       the store in the background); prints FPR and P50/P99 latency per window of
                       Q/40 queries with the rebuilds marked; --csv writes that series. Needs a
                       store that lists its keys (scan, hash, sqlite); one run (no --repeats)
  --rebuild-fpr R      rebuild when the backend-confirmed FPR over the window reaches R, 0 < R < 1
                       (default 2p, at most 0.5)
  --fp-window W        absent-key lookups in the sliding window, 1 to 10000000 (default 1000)
)";

struct ParsedBench {
    BenchConfig config;
    std::optional<std::string> csv;
    bool repeatsGiven = false;
};

/// A finite number as typed ("3", "2.5", "1e1"), or nothing when the text is not one.
std::optional<double> finiteNumber(const std::string& text) {
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (used != text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

/// The hot set's growth factor: a number in (1, 1000].
double parseGrowthFactor(const std::string& text) {
    const auto value = finiteNumber(text);
    if (!value || !(*value > 1.0) || *value > 1000.0)
        throw std::invalid_argument("the hot set's growth factor must be a number in (1, 1000]; got '" + text + "'");
    return *value;
}

/// The filter options bench, sweep and --rebuild-readers share: --filter, -n, -p / -m, -k.
/// `spec` holds the defaults; p defaults to `defaultFpr` unless -m is given.
void parseFilterOptions(ArgParser& parser, FilterSpec& spec, double defaultFpr) {
    if (auto v = parser.value({"--filter"})) {
        const auto type = parseFilterType(*v);
        if (!type)
            throw UsageError("option --filter: must be classic, blocked, counting, scalable or "
                             "cuckoo; got '" + *v + "'");
        spec.type = *type;
    }
    if (auto v = parser.value({"-n", "--capacity"})) spec.capacity = parseOption("-n", *v, parseCount);
    const auto fpr = parser.value({"-p", "--fpr"});
    const auto bits = parser.value({"-m", "--bits"});
    if (fpr && bits) throw UsageError("give either -p or -m, not both (-p " + *fpr + ", -m " + *bits + ")");
    if (bits) {
        spec.bits = parseOption("-m", *bits, parseSizeBits);
        spec.fpr = 0.0;
    } else {
        spec.fpr = fpr ? parseOption("-p", *fpr, parseProbability) : defaultFpr;
    }
    if (auto v = parser.value({"-k", "--hashes"})) {
        const std::uint64_t k = parseOption("-k", *v, parseCount);
        if (k > math::kMaxHashes)
            throw UsageError("option -k " + *v + ": must be in [1, " + std::to_string(math::kMaxHashes) +
                             "] (the most hash functions any filter uses)");
        spec.hashes = static_cast<std::uint32_t>(k);
    }
}

ParsedBench parseBenchOptions(ArgParser& parser) {
    ParsedBench out;
    BenchConfig& c = out.config;
    c.filter.capacity = 10000;
    if (auto v = parser.value({"--backend"}))
        c.backend = parseOption("--backend", *v, bench::parseBackendSpec);
    if (auto v = parser.value({"--sqlite-path"})) c.backend.sqlitePath = *v;
    if (auto v = parser.value({"--corpus"})) c.corpusFile = *v;
    if (auto v = parser.value({"--corpus-size"})) c.corpusSize = parseOption("--corpus-size", *v, parseCount);
    if (auto v = parser.value({"--zipf"})) {
        c.distribution = bench::HotDistribution::Zipf;
        c.zipfExponent = parseOption("--zipf", *v, [](const std::string& t) {
            const auto s = finiteNumber(t);
            if (!s || !(*s > 0)) throw std::invalid_argument("Zipf exponent must be a number > 0; got '" + t + "'");
            return *s;
        });
    }
    if (auto v = parser.value({"--queries"})) c.queries = parseOption("--queries", *v, parseCount);
    if (auto v = parser.value({"--repeats"})) {
        const std::uint64_t r = parseOption("--repeats", *v, parseCount);
        if (r > 1000) throw UsageError("option --repeats " + *v + ": must be in [1, 1000]");
        c.repeats = static_cast<std::uint32_t>(r);
        out.repeatsGiven = true;
    }
    if (auto v = parser.value({"--seed"})) c.seed = parseOption("--seed", *v, parseSeed);
    parseFilterOptions(parser, c.filter, 0.1);
    c.filter.seed = 0;
    const auto growHot = parser.value({"--grow-hot"});
    const auto rebuildFpr = parser.value({"--rebuild-fpr"});
    const auto fpWindow = parser.value({"--fp-window"});
    if (growHot) {
        c.growHot = parseOption("--grow-hot", *growHot, parseGrowthFactor);
        if (out.repeatsGiven)
            throw UsageError("--grow-hot runs once (the store grows during the run); --repeats does not apply");
        c.repeats = 1;
    }
    if (!growHot && (rebuildFpr || fpWindow))
        throw UsageError(std::string(rebuildFpr ? "--rebuild-fpr" : "--fp-window") +
                         " sets the rebuild policy of a growing run and needs --grow-hot F");
    if (rebuildFpr) c.rebuildFpr = parseOption("--rebuild-fpr", *rebuildFpr, parseProbability);
    if (fpWindow) {
        const std::uint64_t w = parseOption("--fp-window", *fpWindow, parseCount);
        if (w > 10'000'000) throw UsageError("option --fp-window " + *fpWindow + ": must be in [1, 10000000]");
        c.fpWindow = static_cast<std::uint32_t>(w);
    }
    out.csv = parser.value({"--csv"});
    // Every output is checked before the run, not after minutes of measuring.
    std::vector<std::filesystem::path> inputs;
    if (!c.backend.sqlitePath.empty()) {
        checkOutputTarget(c.backend.sqlitePath);
        inputs.emplace_back(c.backend.sqlitePath);
    }
    if (out.csv) checkOutputTarget(*out.csv, inputs);
    if (out.csv && !c.backend.sqlitePath.empty()) checkDistinctOutputs({{"--sqlite-path", c.backend.sqlitePath}, {"--csv", *out.csv}});
    if (auto v = parser.value({"--filter-at"})) {
        if (c.growHot != 0.0)
            throw UsageError("--grow-hot grows a local filter; --filter-at cannot be combined with it");
        attachRemoteFilter(c, *v);
    }
    return out;
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal, at most 20 times a
/// second. Stdout stays clean for the table.
class ProgressBar {
public:
    ProgressBar() : m_enabled(showProgress()) {}
    ~ProgressBar() { finish(); }

    void operator()(const Progress& p) {
        if (!m_enabled) return;
        const auto now = std::chrono::steady_clock::now();
        if (p.done < p.total && now - m_last < std::chrono::milliseconds(50) && !p.point) return;
        m_last = now;
        const int width = 30;
        const double fraction = p.total ? double(p.done) / double(p.total) : 0.0;
        const int filled = static_cast<int>(fraction * width);
        std::string bar(filled, '#');
        bar.resize(width, '.');
        char line[512];
        const int length = std::snprintf(line, sizeof line, "[%s] %3.0f%% %s", bar.c_str(), fraction * 100.0,
                                         p.stage.c_str());
        erase();
        std::fputs(line, stderr);
        std::fflush(stderr);
        m_drawn = std::clamp(length, 0, static_cast<int>(sizeof line) - 1);
    }
    void finish() {
        if (m_enabled && m_drawn > 0) erase();
        m_drawn = 0;
    }

private:
    /// Back to the start of the line and clear it: ESC [ K, or (without escape sequences) spaces
    /// over what was drawn.
    void erase() const {
        if (m_escapes)
            std::fputs("\r\033[K", stderr);
        else
            std::fprintf(stderr, "\r%*s\r", m_drawn, "");
    }

    bool m_enabled;
    bool m_escapes = terminalTakesEscapes();
    int m_drawn = 0;  ///< characters of the line drawn last
    std::chrono::steady_clock::time_point m_last{};
};

std::string describeConfig(const BenchConfig& c, const RunResult& any) {
    std::ostringstream out;
    out << "backend " << bench::backendName(c.backend) << ", filter "
        << filterTypeName(c.filter.type) << ": n=" << c.filter.capacity;
    if (c.filter.bits)
        out << " m=" << c.filter.bits << " (fixed)";
    else
        out << " p=" << c.filter.fpr;
    out << " -> m=" << any.m << " bits (" << formatBytes(double(any.filterBytes)) << "), k=" << any.k
        << "; built in " << fmt("%.3g", any.buildTimeS * 1e3) << " ms\n";
    out << "workload: " << c.queries << " queries, " << any.hotQueries << " hot / " << any.coldQueries
        << " cold ("
        << (c.distribution == bench::HotDistribution::Zipf ? "Zipf s=" + fmt("%g", c.zipfExponent)
                                                           : std::string("uniform"))
        << "), corpus "
        << (c.corpusFile.empty() ? std::to_string(c.corpusSize) + " generated phrases"
                                 : "'" + c.corpusFile + "'")
        << ", seed " << c.seed << ", " << c.repeats << " repeats\n";
    out << "costs are means net of the timing harness (t_0 = " << fmt("%.0f", any.timerOverheadNs)
        << " ns per query); model = (t_0 + h c_hot + (1-h) c_cold) / (t_0 + c_f + h c_hot + "
           "(1-h) FPR c_cold)\n";
    return out.str();
}

void printRunTable(std::ostream& out, const PointResult& point) {
    char line[512];
    std::snprintf(line, sizeof line, "%-7s %10s %12s %8s %10s %12s %8s %10s %10s %9s %8s %8s %10s %10s\n",
                  "repeat", "time_with", "time_without", "speedup", "p50_with", "p50_without",
                  "p50_x", "p95_with", "p99_with", "fpr_cold", "model", "c_f_ns", "c_hot_ns",
                  "c_cold_ns");
    out << line;
    const auto row = [&](const std::string& label, const RunResult& r) {
        std::snprintf(line, sizeof line,
                      "%-7s %9.4fs %11.4fs %7.2fx %8.2fus %10.2fus %7.1fx %8.2fus %8.2fus %9.4f "
                      "%7.2fx %8.1f %10.1f %10.1f\n",
                      label.c_str(), r.timeWithS, r.timeWithoutS, r.speedup, r.p50WithUs,
                      r.p50WithoutUs, r.p50Speedup, r.p95WithUs, r.p99WithUs, r.fprCold,
                      r.modelSpeedup, r.filterCostNs, r.backendHotNs, r.backendColdNs);
        out << line;
    };
    for (const auto& r : point.runs) row(std::to_string(r.repeat), r);
    if (!point.runs.empty()) row("median", point.median);
}

void writeCsv(const std::string& path, const BenchConfig& config,
              const std::vector<PointResult>& points) {
    std::string text = bench::csvHeader() + "\n";
    for (const auto& point : points)
        for (const auto& run : point.runs) text += bench::csvRow(config, run) + "\n";
    writeFileAtomically(path, text);
}

std::string backendColor(bench::BackendKind kind) {
    switch (kind) {
    case bench::BackendKind::Scan: return "#1f77b4";
    case bench::BackendKind::Hash: return "#9467bd";
    case bench::BackendKind::Sqlite: return "#2ca02c";
    case bench::BackendKind::Latency: return "#d62728";
    }
    return {};
}

/// Speedup vs hot ratio: per backend, the measured median (solid, dots) and the model (dashed),
/// plus the 2x reference line of the retrieval experiment's target.
ChartSpec speedupChart(const FilterSpec& filter, const std::vector<bench::ReportSweep>& sweeps) {
    ChartSpec spec;
    std::ostringstream title;
    title << "Speedup vs hot ratio (" << filterTypeName(filter.type) << " filter, n = "
          << filter.capacity;
    if (filter.bits)
        title << ", m = " << filter.bits;
    else
        title << ", p = " << filter.fpr;
    title << ")";
    spec.title = title.str();
    spec.subtitle = "solid: measured speedup (median of repeats); dashed: model from measured costs";
    spec.xTitle = "hot ratio h (fraction of queries the store answers)";
    spec.yTitle = "speedup = time without / time with";
    spec.referenceY = 2.0;
    spec.referenceLabel = "2x target";
    spec.yMin = 0.0;
    double lo = 1, hi = 0;
    for (const auto& sweep : sweeps) {
        const std::string name = bench::backendName(sweep.config.backend);
        ChartSeries measured{name, {}, ChartSeries::Style::Solid, true,
                             backendColor(sweep.config.backend.kind)};
        ChartSeries model{name + " model", {}, ChartSeries::Style::Dashed, false,
                          backendColor(sweep.config.backend.kind)};
        for (const auto& point : sweep.points) {
            measured.points.emplace_back(point.hotRatio, point.median.speedup);
            model.points.emplace_back(point.hotRatio, point.median.modelSpeedup);
            lo = std::min(lo, point.hotRatio);
            hi = std::max(hi, point.hotRatio);
        }
        spec.series.push_back(std::move(measured));
        spec.series.push_back(std::move(model));
    }
    if (hi > lo) {  // a margin of one tenth on each side, on round numbers
        spec.xMin = std::max(0.0, std::floor((lo - 0.05) * 10.0) / 10.0);
        spec.xMax = std::min(1.0, std::ceil((hi + 0.05) * 10.0) / 10.0);
    }
    return spec;
}

/// The JSON of one run (a repeat or the median row): the columns of the text table, unrounded.
void writeRunJson(JsonWriter& json, const RunResult& r) {
    json.beginObject()
        .field("repeat", r.repeat)
        .field("hot_ratio", r.hotRatio)
        .field("queries", r.queries)
        .field("time_with_s", r.timeWithS)
        .field("time_without_s", r.timeWithoutS)
        .field("speedup", r.speedup)
        .field("p50_with_us", r.p50WithUs)
        .field("p95_with_us", r.p95WithUs)
        .field("p99_with_us", r.p99WithUs)
        .field("p50_without_us", r.p50WithoutUs)
        .field("p50_speedup", r.p50Speedup)
        .field("fpr_cold", r.fprCold)
        .field("model_speedup", r.modelSpeedup)
        .field("model_ratio", r.modelRatio)
        .field("filter_cost_ns", r.filterCostNs)
        .field("backend_hot_ns", r.backendHotNs)
        .field("backend_cold_ns", r.backendColdNs)
        .endObject();
}

/// The "config" member of bench and sweep: what describeConfig prints.
void writeConfigJson(JsonWriter& json, const BenchConfig& c, const RunResult& any) {
    json.key("config")
        .beginObject()
        .field("backend", bench::backendName(c.backend))
        .field("filter", filterTypeName(c.filter.type))
        .field("n", c.filter.capacity)
        .optionalField("p", c.filter.fpr, c.filter.bits == 0)
        .optionalField("m_fixed", c.filter.bits, c.filter.bits != 0)
        .field("m", any.m)
        .field("k", any.k)
        .field("filter_bytes", any.filterBytes)
        .field("build_time_s", any.buildTimeS)
        .field("queries", c.queries)
        .field("hot_queries", any.hotQueries)
        .field("cold_queries", any.coldQueries)
        .field("distribution", c.distribution == bench::HotDistribution::Zipf ? "zipf" : "uniform")
        .optionalField("zipf_exponent", c.zipfExponent, c.distribution == bench::HotDistribution::Zipf)
        .optionalField("corpus", c.corpusFile, !c.corpusFile.empty())
        .field("corpus_size", c.corpusSize)
        .field("seed", c.seed)
        .field("repeats", c.repeats)
        .field("timer_overhead_ns", any.timerOverheadNs)
        .optionalField("remote_filter", c.remoteFilterLocation, !c.remoteFilterLocation.empty())
        .endObject();
}

// ---- growing hot set (--grow-hot) ------------------------------------------------------------

/// `split`: name the hot / cold split (one ratio; a sweep has one per ratio).
std::string describeGrowth(const BenchConfig& c, const bench::GrowthResult& r, bool split) {
    std::ostringstream out;
    out << "backend " << bench::backendName(c.backend) << ", filter " << filterTypeName(c.filter.type)
        << ": n=" << c.filter.capacity;
    if (c.filter.bits)
        out << " m=" << c.filter.bits << " (fixed)";
    else
        out << " p=" << c.filter.fpr;
    out << "; growing hot set: " << r.initialHot << " -> " << r.finalHot << " documents over " << r.queries
        << " queries";
    if (split) out << " (" << r.hotQueries << " hot / " << r.coldQueries << " cold)";
    out << ", corpus "
        << (c.corpusFile.empty() ? std::to_string(c.corpusSize) + " generated phrases" : "'" + c.corpusFile + "'")
        << ", seed " << c.seed << "\n";
    out << "reject: the filter keeps its size; rebuild: when the backend-confirmed FPR over the last "
        << r.fpWindow << " absent-key lookups reaches " << fmt("%g", r.rebuildFpr)
        << ", the filter is rebuilt 2x larger from the store in the background\n";
    return out.str();
}

std::string eventsText(const bench::GrowthArm& arm, std::uint64_t begin, std::uint64_t end) {
    std::string text;
    for (const bench::GrowthEvent& e : arm.events) {
        if (e.query < begin || e.query >= end) continue;
        if (!text.empty()) text += ", ";
        if (e.kind == bench::GrowthEvent::Kind::Started)
            text += "rebuild started at " + std::to_string(e.query) + " (" + std::string(growthTriggerName(e.trigger)) + ")";
        else
            text += "published at " + std::to_string(e.query) + " (capacity " + std::to_string(e.capacity) + ", " +
                    fmt("%.1f", e.rebuildSeconds * 1e3) + " ms)";
    }
    return text;
}

void printGrowthSeries(std::ostream& out, const bench::GrowthResult& r) {
    char line[512];
    std::snprintf(line, sizeof line, "%-6s %8s %8s %10s %10s %10s %10s %10s %10s %17s  %s\n", "window", "queries",
                  "hot_set", "fpr_reject", "fpr_rebuild", "p50_reject", "p50_rebuild", "p99_reject", "p99_rebuild",
                  "items/capacity", "rebuild events");
    out << line;
    for (std::size_t i = 0; i < r.rebuild.windows.size() && i < r.reject.windows.size(); ++i) {
        const bench::GrowthWindow& a = r.reject.windows[i];
        const bench::GrowthWindow& b = r.rebuild.windows[i];
        const std::string fill = std::to_string(b.filterItems) + "/" + std::to_string(b.filterCapacity);
        std::snprintf(line, sizeof line, "%-6zu %8llu %8llu %10.4f %11.4f %8.2fus %9.2fus %8.2fus %9.2fus %17s  %s\n",
                      i + 1, static_cast<unsigned long long>(b.firstQuery + b.queries),
                      static_cast<unsigned long long>(b.hotSet), a.fpr, b.fpr, a.p50Us, b.p50Us, a.p99Us, b.p99Us,
                      fill.c_str(), eventsText(r.rebuild, b.firstQuery, b.firstQuery + b.queries).c_str());
        out << line;
    }
    const auto last = [](const bench::GrowthArm& arm) { return arm.windows.empty() ? 0.0 : arm.windows.back().fpr; };
    out << "rebuilds: " << r.rebuild.final.rebuilds << " with the policy (" << r.rebuild.final.failedRebuilds
        << " failed), " << r.reject.final.rebuilds << " without; final filter capacity " << r.rebuild.final.capacity
        << " vs " << r.reject.final.capacity << "\n";
    out << "last window's FPR: " << fmt("%.4f", last(r.reject)) << " without the policy, "
        << fmt("%.4f", last(r.rebuild)) << " with it; confirmed false positives " << r.reject.counters.confirmedFalsePositives
        << " vs " << r.rebuild.counters.confirmedFalsePositives << "; no hot query went unanswered\n";
}

void writeGrowthCsv(const std::string& path, const BenchConfig& config, const std::vector<bench::GrowthResult>& points) {
    std::string text = bench::growthCsvHeader() + "\n";
    for (const auto& point : points) text += bench::growthCsvRows(config, point);
    writeFileAtomically(path, text);
}

/// The largest FPR and P99 over an arm's windows (what sweep's summary table shows).
struct ArmPeaks {
    double fprMax = 0, p99MaxUs = 0;
};
ArmPeaks armPeaks(const bench::GrowthArm& arm) {
    ArmPeaks peaks;
    for (const auto& w : arm.windows) {
        peaks.fprMax = std::max(peaks.fprMax, w.fpr);
        peaks.p99MaxUs = std::max(peaks.p99MaxUs, w.p99Us);
    }
    return peaks;
}

/// The filter options as given (--filter, -n, -p or -m, -k): the members filter, n, p, m_fixed
/// and k_fixed of the growing runs' and --rebuild-readers' documents.
void writeFilterOptionsJson(JsonWriter& json, const FilterSpec& spec) {
    json.field("filter", filterTypeName(spec.type))
        .field("n", spec.capacity)
        .optionalField("p", spec.fpr, spec.bits == 0)
        .optionalField("m_fixed", spec.bits, spec.bits != 0)
        .optionalField("k_fixed", spec.hashes, spec.hashes != 0);
}

/// The "config" member of a growing run (docs/json.md "growth config"): what describeGrowth
/// prints above the series, the policy as given.
void writeGrowthConfigJson(JsonWriter& json, const BenchConfig& c) {
    json.key("config").beginObject().field("backend", bench::backendName(c.backend));
    writeFilterOptionsJson(json, c.filter);
    json.field("grow_hot", c.growHot)
        .field("rebuild_fpr", bench::rebuildThreshold(c))
        .field("fp_window", c.fpWindow)
        .field("queries", c.queries)
        .optionalField("corpus", c.corpusFile, !c.corpusFile.empty())
        .field("corpus_size", c.corpusSize)
        .field("seed", c.seed)
        .endObject();
}

/// One arm of a growing run: its final figures, peaks, the series and the rebuild events.
void writeGrowthArmJson(JsonWriter& json, const bench::GrowthArm& arm) {
    const ArmPeaks peaks = armPeaks(arm);
    json.beginObject()
        .field("action", growthActionName(arm.action))
        .field("rebuilds", arm.final.rebuilds)
        .field("failed_rebuilds", arm.final.failedRebuilds)
        .field("final_capacity", arm.final.capacity)
        .field("final_items", arm.final.items)
        .field("confirmed_false_positives", arm.counters.confirmedFalsePositives)
        .field("backend_calls", arm.counters.backendCalls)
        .field("filter_negatives", arm.counters.filterNegatives)
        .field("fpr_max", peaks.fprMax)
        .optionalField("fpr_last", arm.windows.empty() ? 0.0 : arm.windows.back().fpr,
                       !arm.windows.empty())
        .field("p99_max_us", peaks.p99MaxUs)
        .key("windows")
        .beginArray();
    for (const bench::GrowthWindow& w : arm.windows)
        json.beginObject()
            .field("first_query", w.firstQuery)
            .field("queries", w.queries)
            .field("hot_set", w.hotSet)
            .field("cold_queries", w.coldQueries)
            .field("false_positives", w.falsePositives)
            .field("fpr", w.fpr)
            .field("p50_us", w.p50Us)
            .field("p99_us", w.p99Us)
            .field("max_us", w.maxUs)
            .field("filter_items", w.filterItems)
            .field("filter_capacity", w.filterCapacity)
            .field("monitor_fpr", w.monitorFpr)
            .field("generation", w.generation)
            .field("rebuilds_started", w.rebuildsStarted)
            .field("rebuilds_published", w.rebuildsPublished)
            .endObject();
    json.endArray().key("events").beginArray();
    for (const bench::GrowthEvent& e : arm.events) {
        const bool published = e.kind == bench::GrowthEvent::Kind::Published;
        json.beginObject()
            .field("kind", published ? "published" : "started")
            .field("query", e.query)
            .field("trigger", growthTriggerName(e.trigger))
            .optionalField("capacity", e.capacity, published)
            .optionalField("rebuild_s", e.rebuildSeconds, published)
            .endObject();
    }
    json.endArray().endObject();
}

/// One hot ratio of a growing run (docs/json.md "growth point"): both arms.
void writeGrowthPointJson(JsonWriter& json, const bench::GrowthResult& r) {
    json.beginObject()
        .field("hot_ratio", r.hotRatio)
        .field("queries", r.queries)
        .field("hot_queries", r.hotQueries)
        .field("cold_queries", r.coldQueries)
        .field("initial_hot", r.initialHot)
        .field("final_hot", r.finalHot)
        .field("window_queries", r.windowQueries)
        .key("reject");
    writeGrowthArmJson(json, r.reject);
    json.key("rebuild");
    writeGrowthArmJson(json, r.rebuild);
    json.endObject();
}

int runGrowthBench(const ParsedBench& parsed, const std::vector<double>& ratios, bool sweep) {
    ProgressBar bar;
    const bench::GrowthSweepResult result =
        bench::runGrowth(parsed.config, ratios, [&](const Progress& p) { bar(p); }, std::stop_token{});
    bar.finish();
    if (result.points.empty()) throw std::runtime_error("no growing run completed");
    std::cout << describeGrowth(parsed.config, result.points.front(), !sweep);
    if (!sweep) {
        printGrowthSeries(std::cout, result.points.front());
    } else {
        char line[256];
        std::snprintf(line, sizeof line, "%-6s %9s %9s %11s %11s %9s %12s %12s\n", "hot", "rebuilds", "fpr_max_rj",
                      "fpr_last_rj", "fpr_last_rb", "p99_max_rj", "p99_max_rb", "capacity_rb");
        std::cout << line;
        for (const auto& r : result.points) {
            const ArmPeaks reject = armPeaks(r.reject);
            const double fprMax = reject.fprMax, p99Reject = reject.p99MaxUs;
            const double p99Rebuild = armPeaks(r.rebuild).p99MaxUs;
            std::snprintf(line, sizeof line, "%-6.2f %9llu %10.4f %11.4f %11.4f %8.2fus %10.2fus %12llu\n", r.hotRatio,
                          static_cast<unsigned long long>(r.rebuild.final.rebuilds), fprMax,
                          r.reject.windows.empty() ? 0.0 : r.reject.windows.back().fpr,
                          r.rebuild.windows.empty() ? 0.0 : r.rebuild.windows.back().fpr, p99Reject, p99Rebuild,
                          static_cast<unsigned long long>(r.rebuild.final.capacity));
            std::cout << line;
        }
        std::cout << "(rj: without the policy, rb: with it; the per-window series is in --csv)\n";
    }
    if (parsed.csv) {
        writeGrowthCsv(*parsed.csv, parsed.config, result.points);
        std::cout << "CSV: " << *parsed.csv << "\n";
    }
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject();
        writeGrowthConfigJson(json, parsed.config);
        if (sweep) {
            json.key("points").beginArray();
            for (const auto& r : result.points)
                writeGrowthPointJson(json, r);
            json.endArray();
        } else {
            json.key("result");
            writeGrowthPointJson(json, result.points.front());
        }
        json.field("cancelled", result.cancelled)
            .optionalField("csv", parsed.csv.value_or(""), parsed.csv.has_value())
            .endObject();
    }
    return result.cancelled ? 1 : 0;
}

// ---- readers during a rebuild (--rebuild-readers) ---------------------------------------------

/// `bench --rebuild-readers R`: its own measurement (no store, no workload); the options it takes
/// are the filter's, --seed and --repeats (rebuilds); any other bench option is refused by name.
int runRebuildReaders(ArgParser& parser, const std::string& readersText) {
    bench::RebuildLatencyConfig config;
    const std::uint64_t readers = parseOption("--rebuild-readers", readersText, parseCount);
    if (readers > 64) throw UsageError("option --rebuild-readers " + readersText + ": must be in [1, 64]");
    config.readers = static_cast<std::uint32_t>(readers);
    config.filter.capacity = 1'000'000;
    parseFilterOptions(parser, config.filter, 0.01);
    if (config.filter.capacity > 100'000'000)
        throw UsageError("option -n " + std::to_string(config.filter.capacity) +
                         ": --rebuild-readers loads at most 100000000 keys");
    if (auto v = parser.value({"--repeats"})) {
        const std::uint64_t r = parseOption("--repeats", *v, parseCount);
        if (r > 100) throw UsageError("option --repeats " + *v + ": with --rebuild-readers, rebuilds in [1, 100]");
        config.rebuilds = static_cast<std::uint32_t>(r);
    }
    if (auto v = parser.value({"--seed"})) config.seed = parseOption("--seed", *v, parseSeed);
    for (const char* other : {"--backend", "--sqlite-path", "--corpus", "--corpus-size", "--zipf", "--queries",
                              "--hot", "--csv", "--filter-at", "--grow-hot", "--rebuild-fpr", "--fp-window"}) {
        if (parser.value({other}))
            throw UsageError(std::string(other) + " does not apply to --rebuild-readers (it takes --filter, -n, -p, "
                             "-m, -k, --repeats and --seed)");
    }
    parser.noPositionals("bench");
    parser.finish();

    std::cerr << (stderrIsTerminal() ? "measuring readers during rebuilds...\n" : "");
    bench::RebuildLatencyResult r;
    try {
        r = bench::runRebuildLatency(config, std::stop_token{});
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    std::cout << "readers during rebuilds: " << filterTypeName(config.filter.type) << " filter, n=" << config.filter.capacity;
    if (config.filter.bits)
        std::cout << " m=" << config.filter.bits;
    else
        std::cout << " p=" << config.filter.fpr;
    std::cout << "; " << r.readers << " reader threads (" << (r.readers + 1) / 2 << " through Reader handles, "
              << r.readers / 2 << " through mightContain), one writer inserting during each rebuild, "
              << std::thread::hardware_concurrency() << " hardware threads\n";
    for (std::size_t i = 0; i < r.rebuilds.size(); ++i) {
        const auto& b = r.rebuilds[i];
        std::cout << "rebuild " << i + 1 << ": " << b.keysListed << " keys listed, " << b.replayed
                  << " side-log entries replayed, capacity " << b.capacity << ", " << fmt("%.1f", b.seconds * 1e3)
                  << " ms from start to publication\n";
    }
    char line[256];
    std::snprintf(line, sizeof line, "%-11s %-13s %12s %9s %9s %9s %10s %11s\n", "phase", "readers", "queries",
                  "p50_ns", "p99_ns", "p99.9_ns", "p99.99_ns", "max_ns");
    std::cout << line;
    const auto row = [&](const char* phase, const char* kind, const bench::LatencySummary& s) {
        std::snprintf(line, sizeof line, "%-11s %-13s %12llu %9.0f %9.0f %9.0f %10.0f %11.0f\n", phase, kind,
                      static_cast<unsigned long long>(s.queries), s.p50Ns, s.p99Ns, s.p999Ns, s.p9999Ns, s.maxNs);
        std::cout << line;
    };
    row("steady", "Reader", r.steadyHandle);
    row("steady", "mightContain", r.steadyDirect);
    row("rebuilding", "Reader", r.rebuildingHandle);
    row("rebuilding", "mightContain", r.rebuildingDirect);
    std::cout << "false negatives: " << r.falseNegatives << " (keys " << r.keysAtStart << " -> " << r.keysAtEnd
              << "); latencies include one clock read; maxima on a shared machine are mostly preemption\n";
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject();
        writeFilterOptionsJson(json, config.filter);
        json.field("readers", r.readers)
            .field("handle_readers", (r.readers + 1) / 2)
            .field("direct_readers", r.readers / 2)
            .field("hardware_threads", std::thread::hardware_concurrency())
            .field("rebuilds_asked", config.rebuilds)
            .field("seed", config.seed)
            .key("rebuilds")
            .beginArray();
        for (const auto& b : r.rebuilds)
            json.beginObject()
                .field("seconds", b.seconds)
                .field("keys_listed", b.keysListed)
                .field("replayed", b.replayed)
                .field("capacity", b.capacity)
                .endObject();
        json.endArray().key("latency").beginArray();
        const auto summary = [&](const char* phase, const char* kind,
                                 const bench::LatencySummary& s) {
            json.beginObject()
                .field("phase", phase)
                .field("readers", kind)
                .field("queries", s.queries)
                .field("p50_ns", s.p50Ns)
                .field("p99_ns", s.p99Ns)
                .field("p999_ns", s.p999Ns)
                .field("p9999_ns", s.p9999Ns)
                .field("max_ns", s.maxNs)
                .endObject();
        };
        summary("steady", "Reader", r.steadyHandle);
        summary("steady", "mightContain", r.steadyDirect);
        summary("rebuilding", "Reader", r.rebuildingHandle);
        summary("rebuilding", "mightContain", r.rebuildingDirect);
        json.endArray()
            .field("keys_at_start", r.keysAtStart)
            .field("keys_at_end", r.keysAtEnd)
            .field("false_negatives", r.falseNegatives)
            .field("cancelled", r.cancelled)
            .endObject();
    }
    return r.falseNegatives == 0 && !r.cancelled ? 0 : 1;
}

/// The growing run over time: FPR (or P99 latency) per window, without and with the policy, and a
/// dotted vertical line at each published rebuild.
ChartSpec growthChart(const BenchConfig& c, const bench::GrowthResult& r, bool latency) {
    ChartSpec spec;
    spec.title = std::string(latency ? "P99 latency" : "False-positive rate") + " while the hot set grows " +
                 std::to_string(r.initialHot) + " -> " + std::to_string(r.finalHot) + " (" +
                 std::string(filterTypeName(c.filter.type)) + " filter, n = " + std::to_string(r.initialHot) +
                 ", p = " + fmt("%g", c.filter.fpr) + ", " + bench::backendName(c.backend) + " store)";
    spec.subtitle = "reject: the filter keeps its size; rebuild: rebuilt 2x from the store when the confirmed FPR "
                    "over " + std::to_string(r.fpWindow) + " lookups reaches " + fmt("%g", r.rebuildFpr) +
                    "; dotted: rebuild published";
    spec.xTitle = "queries answered (thousands)";
    spec.yTitle = latency ? "P99 latency per window (us)" : "FPR on cold queries per window";
    spec.yMin = 0.0;
    double top = 0;
    const auto series = [&](const bench::GrowthArm& arm, const std::string& name, const std::string& color) {
        ChartSeries s{name, {}, ChartSeries::Style::Solid, true, color};
        for (const auto& w : arm.windows) {
            const double y = latency ? w.p99Us : w.fpr;
            s.points.emplace_back(double(w.firstQuery + w.queries) / 1e3, y);
            top = std::max(top, y);
        }
        return s;
    };
    spec.series.push_back(series(r.reject, "without the policy (reject)", "#d62728"));
    spec.series.push_back(series(r.rebuild, "with the policy (rebuild)", "#1f77b4"));
    top = top > 0 ? top * 1.08 : 1.0;
    spec.yMax = top;
    spec.xMin = 0.0;
    spec.xMax = double(r.queries) / 1e3;
    int n = 0;
    for (const auto& e : r.rebuild.events) {
        if (e.kind != bench::GrowthEvent::Kind::Published) continue;
        ChartSeries line{"rebuild " + std::to_string(++n) + " published (capacity " + std::to_string(e.capacity) + ")",
                         {{double(e.query) / 1e3, 0.0}, {double(e.query) / 1e3, top}}, ChartSeries::Style::Dotted, false, "#555555"};
        spec.series.push_back(std::move(line));
    }
    return spec;
}

// ---- bench -----------------------------------------------------------------------------------

constexpr std::string_view kBenchHeader =
    R"(Usage: bloomlab-cli bench [--backend B] [--filter TYPE] [-n N] [-p P] [--hot H]
                         [--queries Q] [--repeats R] [--csv FILE] [--seed S] [...]

Runs the same queries against a store with and without a filter in front (the retrieval
experiment) and prints one row per repeat plus their median: total time, per-query latency
percentiles, speedup = time_without / time_with, P50 speedup, FPR on cold queries, and the
model speedup (h c_hot + (1-h) c_cold) / (c_f + h c_hot + (1-h) FPR c_cold) from the measured
per-lookup costs. A progress bar goes to stderr when it is a terminal.

  --hot H              fraction of queries the store answers, in [0, 1] (default 0.3)
  --csv FILE           also write one CSV row per repeat (columns: docs/benchmark.md)
  --rebuild-readers R  instead: readers' latency while a filter is rebuilt in the background.
                       R reader threads (1 to 64) query a filter of n keys (default 1000000,
                       p 0.01) while it is rebuilt --repeats times (default 3) and a writer
                       inserts; prints P50/P99/P99.9/P99.99/max with and without a rebuild
                       running. Takes --filter, -n, -p, -m, -k, --repeats and --seed only
)";

int runBench(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    if (auto readers = parser.value({"--rebuild-readers"})) return runRebuildReaders(parser, *readers);
    ParsedBench parsed = parseBenchOptions(parser);
    if (auto v = parser.value({"--hot"})) parsed.config.hotRatio = parseOption("--hot", *v, parseFraction);
    parser.noPositionals("bench");
    parser.finish();
    try {
        bench::validate(parsed.config);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }

    if (parsed.config.growHot != 0.0) return runGrowthBench(parsed, {parsed.config.hotRatio}, false);

    ProgressBar bar;
    const PointResult point = bench::runBenchmark(
        parsed.config, [&](const Progress& p) { bar(p); }, std::stop_token{});
    bar.finish();
    if (point.runs.empty()) throw std::runtime_error("no repeat completed");
    std::cout << describeConfig(parsed.config, point.runs.front());
    printRunTable(std::cout, point);
    printRemoteFilterVerdict(std::cout, parsed.config, point.median);
    if (parsed.csv) {
        writeCsv(*parsed.csv, parsed.config, {point});
        std::cout << "CSV: " << *parsed.csv << "\n";
    }
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject();
        writeConfigJson(json, parsed.config, point.runs.front());
        json.key("runs").beginArray();
        for (const auto& r : point.runs) writeRunJson(json, r);
        json.endArray().key("median");
        writeRunJson(json, point.median);
        json.optionalField("csv", parsed.csv.value_or(""), parsed.csv.has_value()).endObject();
    }
    return 0;
}

// ---- sweep -----------------------------------------------------------------------------------

constexpr std::string_view kSweepHeader =
    R"(Usage: bloomlab-cli sweep [--backend B] [--filter TYPE] [-n N] [-p P] [--ratios LIST]
                         [--queries Q] [--repeats R] [--csv FILE] [--chart FILE.png|.svg] [...]

Runs the benchmark at each hot ratio (default 0.1,0.2,...,0.8) and prints the median speedup
per ratio next to the model's, the model error, the P50 speedup and the FPR on cold queries.
--chart draws speedup vs hot ratio (measured and model curves, 2x reference line) with Qt
Charts, offscreen.

  --ratios LIST        comma-separated hot ratios in [0, 1], e.g. 0.1,0.3,0.5
  --csv FILE           one CSV row per repeat and ratio (columns: docs/benchmark.md)
  --chart FILE         .png or .svg

Every output is a regular file (replaced atomically) or a new path, in an existing directory
the user can write: devices, FIFOs, sockets, directories, symbolic links, the command's own
inputs and a missing or read-only directory are refused before any work starts.
)";

int runSweepCommand(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    ParsedBench parsed = parseBenchOptions(parser);
    bench::SweepConfig sweep;
    if (auto v = parser.value({"--ratios"}))
        sweep.hotRatios = parseOption("--ratios", *v, parseRatioList);
    const auto chart = parser.value({"--chart"});
    parser.noPositionals("sweep");
    parser.finish();
    if (chart) {
        checkOutputTarget(*chart);
        const auto ext = std::filesystem::path(*chart).extension().string();
        if (ext != ".png" && ext != ".svg" && ext != ".PNG" && ext != ".SVG")
            throw UsageError("option --chart: file must end in .png or .svg; got '" + *chart + "'");
        std::vector<std::filesystem::path> inputs;
        if (!parsed.config.backend.sqlitePath.empty()) inputs.emplace_back(parsed.config.backend.sqlitePath);
        checkOutputTarget(*chart, inputs);
        std::vector<std::pair<std::string, std::string>> outputs{{"--chart", *chart}};
        if (parsed.csv) outputs.insert(outputs.begin(), {"--csv", *parsed.csv});
        if (!parsed.config.backend.sqlitePath.empty())
            outputs.insert(outputs.begin(), {"--sqlite-path", parsed.config.backend.sqlitePath});
        checkDistinctOutputs(outputs);
    }
    sweep.base = parsed.config;
    try {
        bench::validate(sweep);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (sweep.base.growHot != 0.0) {
        if (chart)
            throw UsageError("--chart draws speedup vs hot ratio; with --grow-hot the series goes to --csv "
                             "(and `report` draws it)");
        return runGrowthBench(parsed, sweep.hotRatios, true);
    }

    ProgressBar bar;
    const bench::SweepResult result =
        bench::runSweep(sweep, [&](const Progress& p) { bar(p); }, std::stop_token{});
    bar.finish();
    if (result.points.empty()) throw std::runtime_error("no sweep point completed");

    std::cout << describeConfig(sweep.base, result.points.front().median);
    std::cout << "median of " << sweep.base.repeats << " repeats per ratio:\n";
    char line[512];
    std::snprintf(line, sizeof line, "%-6s %8s %8s %9s %8s %10s %12s %9s %8s %10s %10s\n", "hot",
                  "speedup", "model", "model_err", "p50_x", "p50_with", "p50_without",
                  "fpr_cold", "c_f_ns", "c_hot_ns", "c_cold_ns");
    std::cout << line;
    double worstError = 0;
    for (const auto& point : result.points) {
        const RunResult& r = point.median;
        const double error = r.modelRatio > 0 ? r.modelRatio - 1.0 : 0.0;  // median of repeats
        worstError = std::max(worstError, std::fabs(error));
        std::snprintf(line, sizeof line,
                      "%-6.2f %7.2fx %7.2fx %+8.1f%% %7.1fx %8.2fus %10.2fus %9.4f %8.1f %10.1f %10.1f\n",
                      point.hotRatio, r.speedup, r.modelSpeedup, error * 100.0, r.p50Speedup,
                      r.p50WithUs, r.p50WithoutUs, r.fprCold, r.filterCostNs, r.backendHotNs,
                      r.backendColdNs);
        std::cout << line;
    }
    std::cout << "largest |measured / model - 1|: " << fmt("%.1f", worstError * 100.0) << "%\n";
    for (const auto& point : result.points) printRemoteFilterVerdict(std::cout, sweep.base, point.median);
    if (parsed.csv) {
        writeCsv(*parsed.csv, sweep.base, result.points);
        std::cout << "CSV: " << *parsed.csv << "\n";
    }
    if (chart) {
        const ChartSpec spec = speedupChart(sweep.base.filter, {{sweep.base, result.points}});
        renderChart(spec, *chart);
        std::cout << "chart: " << *chart << "\n";
    }
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject();
        writeConfigJson(json, sweep.base, result.points.front().median);
        json.key("points").beginArray();
        for (const auto& point : result.points) {
            const double error = point.median.modelRatio > 0 ? point.median.modelRatio - 1.0 : 0.0;
            json.beginObject().field("hot_ratio", point.hotRatio).field("model_error", error).key("median");
            writeRunJson(json, point.median);
            json.key("runs").beginArray();
            for (const auto& r : point.runs) writeRunJson(json, r);
            json.endArray().endObject();
        }
        json.endArray()
            .field("largest_model_error", worstError)
            .optionalField("csv", parsed.csv.value_or(""), parsed.csv.has_value())
            .optionalField("chart", chart.value_or(""), chart.has_value())
            .endObject();
    }
    return 0;
}

// ---- report ----------------------------------------------------------------------------------

constexpr std::string_view kReportUsage =
    R"(Usage: bloomlab-cli report [--out FILE] [--quick]

Runs the standard benchmark set (the retrieval experiment: n = 10,000 with p = 0.1 and
p = 0.01; scan, hash, sqlite and latency stores; speedup vs hot ratio 0.1 ... 0.8; every filter
type; hash ablation; a hot set growing past n with and without a rebuild policy, and readers'
latency during rebuilds) and writes a Markdown report with the parameters (n, p -> m, k and why), FPR results, the
latency table with and without the filter (P50/P95/P99), the speedup-vs-hot-ratio charts,
memory, conclusions and recommendations computed from the measurements. The charts (PNG) and a
CSV of every measurement go to report-assets/ next to the report. Takes about 7 minutes on an idle
2-core machine; build with CMAKE_BUILD_TYPE=Release for representative numbers.

  --out FILE     report path (default report.md); nothing is written until the run is complete
                 (an interrupted or failed report leaves no report.md and no report-assets/)
  --quick        tiny sizes for a smoke test (seconds; the numbers mean nothing)
)";

/// The report's chart for one target p, inside report-assets/.
std::string chartFileName(double p) {
    char name[64];
    std::snprintf(name, sizeof name, "speedup_vs_hot_ratio_p%g.png", p);
    return name;
}

int runReport(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    const std::string out = parser.value({"--out", "-o"}).value_or("report.md");
    const bool quick = parser.flag({"--quick"});
    parser.noPositionals("report");
    parser.finish();

    const std::filesystem::path reportPath(out);
    const std::filesystem::path dir =
        reportPath.has_parent_path() ? reportPath.parent_path() : std::filesystem::path(".");
    const std::filesystem::path assets = dir / "report-assets";
    // Every output is checked before the run (minutes), and nothing is created until the end:
    // the charts and the CSV are staged in a private directory next to report-assets/, moved
    // into it when the report is complete, and report.md is written last, atomically. A failed
    // or interrupted report leaves neither report.md nor report-assets/.
    checkOutputTarget(reportPath);
    {
        std::error_code ec;
        const auto status = std::filesystem::symlink_status(assets, ec);
        if (!ec && status.type() != std::filesystem::file_type::directory &&
            status.type() != std::filesystem::file_type::not_found)
            throw std::runtime_error("cannot write '" + assets.string() +
                                     "': it exists and is not a directory (the report's charts "
                                     "and CSV go in a report-assets/ directory next to it)");
    }
    const bench::ReportPlan plan = quick ? bench::ReportPlan::quick() : bench::ReportPlan::standard();
    // report-assets/ is created at the end when it does not exist yet (its directory, the
    // report's, was checked above); an existing one must take the files the run writes.
    if (std::filesystem::is_directory(assets)) {
        checkOutputTarget(assets / "report.csv");
        for (double p : plan.fprs)
            checkOutputTarget(assets / chartFileName(p));
        for (const char* name : {"growth.csv", "growth_fpr.png", "growth_p99.png"})
            checkOutputTarget(assets / name);
    }
    PrivateTempDir staging(".report-assets.tmp", dir);

    // Progress: the bar, on a terminal only (docs/json.md: nothing is logged without one).
    ProgressBar bar;
    const bench::ReportData data =
        bench::runStandardReport(plan, [&](const Progress& p) { bar(p); }, std::stop_token{});
    bar.finish();

    // The charts and CSVs are written in the staging directory and moved into report-assets/
    // at the end; an error names the file the user will look for, not the staging copy.
    std::vector<std::string> chartPaths;
    std::vector<std::string> growthCharts;
    std::string growthCsv; // report-assets/growth.csv when written
    try {
        // Charts: one per p, every swept backend on it.
        for (double p : plan.fprs) {
            std::vector<bench::ReportSweep> sweeps;
            FilterSpec filter;
            for (const auto& sweep : data.sweeps)
                if (sweep.config.filter.fpr == p) {
                    sweeps.push_back(sweep);
                    filter = sweep.config.filter;
                }
            if (sweeps.empty()) {
                chartPaths.emplace_back();
                continue;
            }
            const std::string name = chartFileName(p);
            renderChart(speedupChart(filter, sweeps), staging.track(name).string());
            chartPaths.push_back("report-assets/" + std::string(name));
        }

        // Every measurement as CSV.
        {
            std::string csv = bench::csvHeader() + "\n";
            const auto rows = [&](const BenchConfig& config, const PointResult& point) {
                for (const auto& run : point.runs) csv += bench::csvRow(config, run) + "\n";
            };
            for (const auto& m : data.load) rows(m.config, m.point);
            for (const auto& m : data.headline) rows(m.config, m.point);
            for (const auto& s : data.sweeps)
                for (const auto& point : s.points) rows(s.config, point);
            for (const auto& m : data.types) rows(m.config, m.point);
            writeFileAtomically(staging.track("report.csv"), csv);
        }

        // The growing hot set: two charts over time and the series as CSV.
        if (!data.growth.empty()) {
            for (const bool latency : {false, true}) {
                const std::string name = latency ? "growth_p99.png" : "growth_fpr.png";
                renderChart(growthChart(data.growthConfig, data.growth.front(), latency), staging.track(name).string());
                growthCharts.push_back("report-assets/" + name);
            }
            std::string text = bench::growthCsvHeader() + "\n";
            for (const auto& point : data.growth) text += bench::growthCsvRows(data.growthConfig, point);
            const auto csvPath = staging.track("growth.csv");
            writeFileAtomically(csvPath, text);
            growthCsv = "report-assets/growth.csv";
        }
    } catch (const FilterIoError& e) {
        std::string message = e.what();
        const std::string from = staging.path().string(), to = assets.string();
        for (auto at = message.find(from); at != std::string::npos; at = message.find(from, at + to.size()))
            message.replace(at, from.size(), to);
        throw FilterIoError(message);
    }

    const std::string command = std::string("bloomlab-cli report") + (quick ? " --quick" : "");
    const std::string markdown = bench::renderReportMarkdown(data, chartPaths, command, growthCharts);
    std::filesystem::create_directories(assets);
    for (const auto& entry : std::filesystem::directory_iterator(staging.path())) {
        const auto target = assets / entry.path().filename();
        checkOutputTarget(target);
        std::filesystem::rename(entry.path(), target);
    }
    writeFileAtomically(reportPath, markdown);
    std::cout << "report: " << out << " (" << std::fixed;
    std::cout.precision(0);
    std::cout << data.elapsedS << " s)\n";
    for (const auto& chart : chartPaths)
        if (!chart.empty()) std::cout << "chart: " << (dir / chart).string() << "\n";
    for (const auto& chart : growthCharts) std::cout << "chart: " << (dir / chart).string() << "\n";
    std::cout << "csv: " << (assets / "report.csv").string() << "\n";
    if (!growthCsv.empty()) std::cout << "csv: " << (dir / growthCsv).string() << "\n";
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject().field("report", out).field("elapsed_s", data.elapsedS).key("charts").beginArray();
        for (const auto& chart : chartPaths)
            if (!chart.empty()) json.value((dir / chart).string());
        for (const auto& chart : growthCharts)
            json.value((dir / chart).string());
        json.endArray()
            .field("csv", (assets / "report.csv").string())
            .optionalField("growth_csv", (dir / growthCsv).string(), !growthCsv.empty())
            .field("quick", quick)
            .field("cancelled", data.cancelled)
            .endObject();
    }
    return data.cancelled ? 1 : 0;
}

const std::string& benchUsage() {
    static const std::string usage = std::string(kBenchHeader) + "\n" + std::string(kCommonOptions);
    return usage;
}
const std::string& sweepUsage() {
    static const std::string usage = std::string(kSweepHeader) + "\n" + std::string(kCommonOptions);
    return usage;
}

const bool kBenchRegistered = registerCommand(
    {"bench", "benchmark a store with and without a filter (the retrieval experiment)", benchUsage(), runBench});
const bool kSweepRegistered = registerCommand(
    {"sweep", "speedup vs hot ratio, with CSV and chart output", sweepUsage(), runSweepCommand});
const bool kReportRegistered = registerCommand(
    {"report", "run the standard benchmark set and write report.md", kReportUsage, runReport});

}  // namespace
}  // namespace bloomlab::cli
