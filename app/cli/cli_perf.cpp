// bloomlab-cli perf: filter speed side by side with libbloom, std::unordered_set and the
// memory-bound floor, checked against the performance targets. The measuring engine is core/bench/perf_engine (Qt-free); this
// file parses options, prints the table and writes the CSV, the chart and the Markdown section.
#include "chart_render.h"
#include "core/atomic_file.h"
#include "cli_common.h"
#include "cli_json.h"
#include "cli_redis.h"

#include "core/bench/perf_engine.h"
#include "core/bench/perf_report.h"
#include "core/parse_units.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace bloomlab::cli {

namespace {

using bench::PerfConfig;
using bench::PerfKeyKind;
using bench::PerfStructure;

constexpr std::string_view kPerfUsage =
    R"(Usage: bloomlab-cli perf [--quick] [--large] [-n LIST] [-p P] [--repeats R] [--keys LIST]
                        [--structures LIST] [--queries Q] [--seed S]
                        [--csv FILE] [--chart FILE.png|.svg] [--markdown FILE]

Measures every filter type (classic, blocked, counting, scalable, cuckoo with 8/12/16-bit
fingerprints) side by side with three reference rows in the same run: libbloom (Debian's
libbloom-dev), std::unordered_set (the exact set) and memory_bound (random 64-byte reads over a
buffer the size of the blocked filter: the physical floor of a one-line lookup). classic and
blocked insert as one writer thread (Writers::One); classic_atomic and blocked_atomic are the
same filters with the default Writers::Many (atomic OR, any number of inserting threads);
classic_fast is the classic at the same n and p with the fewest probes whose size is within 10%
of the optimum (p = 1%: k = 4 instead of 7; `size` prints it, `build --fewer-probes` builds it). For each:
insert ns/key, lookup ns/key on present and on absent keys, one key per call and batched
(insertMany / mightContainMany; n/a where a type has none), bits per key, measured FPR, bits
per key over log2(1/FPR), and time ratios against each reference row. Also the cuckoo load at
the first failed insert, the cost of hashing alone, and what a string key adds to a batched
blocked lookup, timed in pairs (integer, string_view and packed keys back to back in each
round; with int and packed keys and blocked). Prints the CPU model, compiler and flags;
the performance targets are checked at n = 10M with PASS/FAIL (the one-key classic lines also
at n = 1M, in the caches, when 1M is measured). Medians of --repeats runs; the
structures are interleaved inside each repeat. Build with CMAKE_BUILD_TYPE=Release for
representative numbers; the default run (n = 1M and 10M, 5 repeats) takes about 15-25 minutes
on 2 cores. Details: docs/performance.md.

  --quick              n = 200k, 1 repeat, 100k lookups: seconds (CI smoke; numbers indicative)
  --large              add n = 100M (needs several GB; unordered_set is skipped when memory is short)
  -n, --sizes LIST     comma-separated sizes (default 1M,10M), e.g. 1e6,1e7
  -p, --fpr P          target false-positive rate (default 0.01)
  --repeats R          repeats per measurement, the tables show medians (default 5)
  --keys LIST          comma-separated subset of int,string,packed,mixed; both = int,string;
                       all = int,string,packed,mixed (default all). packed: the string keys in
                       one buffer with offsets, as the batched KeyBatch calls take them; mixed:
                       keys of 8 to 39 bytes laid out the same way, lengths varying key by key
  --structures LIST    comma-separated subset of classic,classic_atomic,classic_fast,blocked,
                       blocked_atomic,counting,scalable,cuckoo8,cuckoo12,cuckoo16,
                       cuckoo12_local (cuckoo12 with the local layout),morton12 (a
                       Morton filter: buckets inside 64-byte blocks),libbloom,
                       unordered_set,memory_bound (default all)
  --queries Q          lookups per pass, at most n (default 10M)
  --seed S             key seed (default 42)
  --csv FILE           one row per measurement (medians, repeat = 0, and every repeat)
  --chart FILE         lookup ns against bits per key for every type (.png or .svg)
  --markdown FILE      the "Filter performance" section for report.md
                       (outputs: a regular file or a new path in a writable directory,
                       checked before the run)
  --chart-link TEXT    how the Markdown links the chart (default: the --chart path as given)
  --redis URL          instead: a blocked filter on Redis (redis://host:port/NAME or
                       redis-cluster://host:port,.../NAME; NAME must be free) at pipeline depths
                       1, 16, 256 beside the local blocked filter (docs/distributed.md)
  --redis-keys N       keys for --redis (default 50000)
)";

std::vector<std::string> splitList(const std::string& option, const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) throw UsageError("option " + option + ": empty entry in '" + text + "'");
        out.push_back(std::move(item));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

void checkChartPath(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext != ".png" && ext != ".svg")
        throw UsageError("option --chart: file must end in .png or .svg; got '" + path + "'");
}

void writeFile(const std::string& path, const std::string& text, const char* what) {
    try {
        writeFileAtomically(path, text);
    } catch (const FilterIoError& e) {
        throw std::runtime_error(std::string("cannot write ") + what + ": " + e.what());
    }
}

ChartSpec chartSpec(const bench::PerfChartData& data) {
    // One colour per filter row (perf has up to ten), none of them the grey of the memory_bound
    // line; libbloom, the peer, is black and dashed whatever its place.
    static const char* const kColors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                                          "#e377c2", "#bcbd22", "#17becf", "#393b79", "#843c39", "#637939"};
    ChartSpec spec;
    spec.title = data.title;
    spec.xTitle = "bits per key (space); per type: upper dot = one key per call, lower dot = batched";
    spec.yTitle = "lookup ns per key (time)";
    std::size_t color = 0;
    for (const auto& series : data.series) {
        ChartSeries s;
        s.name = series.name;
        s.points = series.points;
        const bool peer = series.name == "libbloom";
        s.style = peer ? ChartSeries::Style::Dashed : ChartSeries::Style::Solid;
        s.markers = true;
        s.color = peer ? "#000000" : kColors[color++ % (sizeof kColors / sizeof kColors[0])];
        spec.series.push_back(std::move(s));
    }
    if (!std::isnan(data.floorNs)) {
        spec.referenceY = data.floorNs;
        spec.referenceLabel = "memory_bound (batched floor)";
    }
    spec.yMin = 0.0;
    // Keep the extreme points off the frame: from the next multiple of 5 below the smallest x to
    // a little past the largest.
    double xLo = INFINITY, xHi = 0.0;
    for (const auto& series : data.series)
        for (const auto& [x, y] : series.points) {
            xLo = std::min(xLo, x);
            xHi = std::max(xHi, x);
        }
    if (std::isfinite(xLo)) {
        spec.xMin = std::max(0.0, std::floor((xLo - 1.0) / 5.0) * 5.0);
        spec.xMax = std::ceil((xHi + 2.0) / 5.0) * 5.0;
    }
    return spec;
}

/// The JSON token of a batched-hashing path: "avx512", "avx2" or "scalar".
const char* hashPathToken(HashBatchPath path) {
    switch (path) {
    case HashBatchPath::Avx512: return "avx512";
    case HashBatchPath::Avx2: return "avx2";
    case HashBatchPath::Scalar: return "scalar";
    }
    return "scalar";
}

/// The JSON token of the Morton filter's lookup path: "avx512", "avx2" or "portable".
const char* mortonPathToken(MortonLookupPath path) {
    switch (path) {
    case MortonLookupPath::Avx512: return "avx512";
    case MortonLookupPath::Avx2: return "avx2";
    case MortonLookupPath::Portable: return "portable";
    }
    return "portable";
}

/// The JSON token of why a prefetch distance was chosen: "in_cache", "memory" or "environment".
const char* prefetchRuleToken(PrefetchRule rule) {
    switch (rule) {
    case PrefetchRule::InCache: return "in_cache";
    case PrefetchRule::Memory: return "memory";
    case PrefetchRule::Environment: return "environment";
    case PrefetchRule::Scoped: return "scoped";
    }
    return "memory";
}

/// The JSON token of a prefetch level: "l1" or "l2" (as BLOOMLAB_PREFETCH_LEVEL takes them).
const char* prefetchLevelToken(PrefetchLevel level) {
    return level == PrefetchLevel::L1 ? "l1" : "l2";
}

std::string commandLine(const std::vector<std::string>& args) {
    std::string out = "bloomlab-cli perf";
    for (const std::string& a : args) out += " " + a;
    return out;
}

/// `perf --json`: the host and the code paths that ran, one object per measured row (medians;
/// null where a row has no such number), the cuckoo fill, hashing costs, the prefetch-distance
/// probe, the performance targets (as the text's target lists) and the files written.
void writePerfJson(JsonWriter& json, const bench::PerfResult& result, const std::optional<std::string>& csv,
                   const std::optional<std::string>& chart, const std::optional<std::string>& markdown) {
    const bench::PerfHost& h = result.host;
    json.beginObject()
        .key("host")
        .beginObject()
        .field("cpu", h.cpu)
        .field("threads", h.threads)
        .field("compiler", h.compiler)
        .field("build_type", h.buildType)
        .field("flags", h.flags)
        .field("avx2", h.avx2)
        .field("l3_bytes", h.l3Bytes)
        .field("huge_pages", h.hugePages)
        .field("load_before", h.loadBefore)
        .field("load_after", h.loadAfter)
        .field("started_utc", h.startedUtc)
        .endObject()
        // The code paths that ran (the text header's "code paths:" line): the AVX-512 paths are
        // chosen at run time, BLOOMLAB_NO_AVX512=1 turns them off.
        .key("code_paths")
        .beginObject()
        .field("avx512", h.avx512Hash)
        .field("avx512_cpu", h.avx512Cpu)
        .optionalField("avx512_off_reason", h.avx512Cpu ? "disabled" : "unsupported", !h.avx512Hash)
        .field("blocked_kernel", h.avx2 ? "avx2" : "portable")
        .field("classic_bmi2", h.classicBmi2)
        .field("hash_xxh64", hashPathToken(h.hashXxh64))
        .field("hash_xxh3_128", hashPathToken(h.hashXxh3))
        .field("morton_lookup", mortonPathToken(h.morton))
        .field("l2_bytes", h.l2Bytes)
        .optionalField("prefetch_distance_environment", h.prefetchEnvironment, h.prefetchEnvironment != 0)
        .optionalField("prefetch_environment_problem", h.prefetchProblem, !h.prefetchProblem.empty())
        .optionalField("prefetch_level_environment",
                       h.prefetchLevelEnvironment ? prefetchLevelToken(*h.prefetchLevelEnvironment) : "",
                       h.prefetchLevelEnvironment.has_value())
        .endObject()
        .field("fpr", result.config.fpr)
        .field("repeats", result.config.repeats)
        .field("seed", result.config.seed)
        .key("rows")
        .beginArray();
    for (const bench::PerfRow& row : result.rows)
        json.beginObject()
            .field("structure", bench::perfStructureName(row.structure))
            .field("n", row.n)
            .field("keys", bench::perfKeyKindName(row.keyKind))
            .field("batched", row.batched)
            .field("insert_ns", row.median.insertNs)
            .field("lookup_present_ns", row.median.lookupPosNs)
            .field("lookup_absent_ns", row.median.lookupNegNs)
            .field("bytes", row.bytes)
            .field("bits_per_key", row.bitsPerKey)
            .field("queries", row.queries)
            .field("false_positives", row.falsePositives)
            .field("missed_present", row.missedPresent)
            .field("fpr", row.fpr)
            .field("expected_fpr", row.expectedFpr)
            .field("bits_over_minimum", row.bitsOverMinimum)
            .field("geometry", row.geometry)
            .field("floor_ns", row.floorNs)
            .field("two_line_floor_ns", row.twoLineFloorNs)
            .field("kept_fraction", row.keptFraction)
            .field("noisy_passes", row.noisyPasses)
            .endObject();
    json.endArray().key("cuckoo_fill").beginArray();
    for (const bench::CuckooFillResult& f : result.cuckooFill)
        json.beginObject()
            .field("structure", bench::perfStructureName(f.structure))
            .field("fingerprint_bits", f.fingerprintBits)
            .field("layout", f.structure == bench::PerfStructure::Morton12 ? std::string_view("morton") : cuckooLayoutName(f.layout))
            .field("n", f.n)
            .field("slots", f.slotCount)
            .field("load_at_first_stash", f.loadAtFirstStash)
            .field("load_at_first_failure", f.loadAtFirstFailure)
            .field("kicks", f.kicks)
            .endObject();
    json.endArray().key("hash_cost").beginArray();
    for (const bench::HashCostRow& h : result.hashCost)
        json.beginObject()
            .field("hash", h.hash)
            .field("int_ns", h.intNs)
            .field("string_ns", h.stringNs)
            .endObject();
    json.endArray().key("prefetch_probes").beginArray();
    for (const bench::PrefetchProbe& probe : result.prefetchProbes) {
        json.beginObject()
            .field("n", probe.n)
            .field("bytes", probe.bytes)
            .key("distances")
            .beginArray();
        for (const auto& [distance, ns] : probe.nsByDistance)
            json.beginObject().field("distance", distance).field("ns_per_key", ns).endObject();
        json.endArray().key("blocked_distances").beginArray();
        for (const auto& [distance, ns] : probe.blockedNsByDistance)
            json.beginObject().field("distance", distance).field("ns_per_key", ns).endObject();
        json.endArray()
            .field("fastest", probe.fastest)
            .field("blocked_fastest", probe.blockedFastest)
            .field("used", probe.used)
            .field("rule", prefetchRuleToken(probe.rule))
            .field("level", prefetchLevelToken(probe.level))
            .field("memory_bound_l1_ns", probe.memoryL1Ns)
            .field("memory_bound_l2_ns", probe.memoryL2Ns)
            .field("blocked_l1_ns", probe.blockedL1Ns)
            .field("blocked_l2_ns", probe.blockedL2Ns)
            .endObject();
    }
    json.endArray().key("string_key_probes").beginArray();
    for (const bench::StringKeyProbe& probe : result.stringKeyProbes)
        json.beginObject()
            .field("n", probe.n)
            .field("queries", probe.queries)
            .field("rounds", probe.rounds)
            .field("int_ns", probe.intNs)
            .field("string_views_ns", probe.viewsNs)
            .field("packed_ns", probe.packedNs)
            .field("string_views_minus_int_ns", probe.viewsMinusIntNs)
            .field("packed_minus_int_ns", probe.packedMinusIntNs)
            .endObject();
    json.endArray().key("targets").beginArray();
    for (const std::uint64_t n : bench::perfTargetSizes(result))
        for (const bench::PerfTarget& t : bench::evaluatePerfTargets(result, n))
            json.beginObject()
                .field("n", n)
                .field("name", t.name)
                .field("measured", t.measured)
                .field("value", t.value)
                .field("limit", t.limit)
                .field("at_least", t.atLeast)
                .field("evaluated", t.evaluated)
                .optionalField("pass", t.pass, t.evaluated)
                .endObject();
    json.endArray().key("notes").beginArray();
    for (const std::string& note : result.notes) json.value(note);
    json.endArray()
        .field("elapsed_s", result.elapsedS)
        .field("cancelled", result.cancelled)
        .optionalField("csv", csv.value_or(""), csv.has_value())
        .optionalField("chart", chart.value_or(""), chart.has_value())
        .optionalField("markdown", markdown.value_or(""), markdown.has_value())
        .endObject();
}

int runPerfCommand(std::vector<std::string> args) {
    const std::string command = commandLine(args);
    ArgParser parser(std::move(args));
    const bool quick = parser.flag({"--quick"});
    const bool large = parser.flag({"--large"});
    PerfConfig config = quick ? PerfConfig::quick() : PerfConfig{};
    if (auto v = parser.value({"-n", "--sizes"})) {
        config.sizes.clear();
        for (const std::string& item : splitList("-n", *v)) config.sizes.push_back(parseOption("-n", item, parseCount));
    }
    // --large adds 100M unless -n already has it.
    if (large && std::find(config.sizes.begin(), config.sizes.end(), 100'000'000) == config.sizes.end())
        config.sizes.push_back(100'000'000);
    if (auto v = parser.value({"-p", "--fpr"})) config.fpr = parseOption("-p", *v, parseProbability);
    if (auto v = parser.value({"--repeats"})) {
        const std::uint64_t r = parseOption("--repeats", *v, parseCount);
        if (r < 1 || r > 100) throw UsageError("option --repeats " + *v + ": must be in [1, 100]");
        config.repeats = static_cast<std::uint32_t>(r);
    }
    if (auto v = parser.value({"--keys"})) {
        config.keyKinds.clear();
        const auto add = [&](PerfKeyKind kind) {
            if (std::find(config.keyKinds.begin(), config.keyKinds.end(), kind) != config.keyKinds.end())
                throw UsageError("option --keys: '" + *v + "' names a key kind twice");
            config.keyKinds.push_back(kind);
        };
        for (const std::string& item : splitList("--keys", *v)) {
            if (item == "int") {
                add(PerfKeyKind::Integer);
            } else if (item == "string") {
                add(PerfKeyKind::String);
            } else if (item == "packed") {
                add(PerfKeyKind::Packed);
            } else if (item == "mixed") {
                add(PerfKeyKind::Mixed);
            } else if (item == "both" || item == "all") {
                add(PerfKeyKind::Integer);
                add(PerfKeyKind::String);
                if (item == "all") {
                    add(PerfKeyKind::Packed);
                    add(PerfKeyKind::Mixed);
                }
            } else {
                throw UsageError("option --keys: unknown key kind '" + item +
                                 "' (int, string, packed, mixed, or both = int,string, all = int,string,packed,mixed)");
            }
        }
    }
    if (auto v = parser.value({"--structures"})) {
        config.structures.clear();
        for (const std::string& item : splitList("--structures", *v)) {
            const auto s = bench::parsePerfStructure(item);
            if (!s)
                throw UsageError("option --structures: unknown structure '" + item +
                                 "' (classic, classic_atomic, classic_fast, blocked, blocked_atomic, counting, scalable, "
                                 "cuckoo8, cuckoo12, cuckoo16, cuckoo12_local, morton12, libbloom, unordered_set, memory_bound)");
            config.structures.push_back(*s);
        }
    }
    if (auto v = parser.value({"--queries"})) config.maxQueries = parseOption("--queries", *v, parseCount);
    if (auto v = parser.value({"--seed"})) config.seed = parseOption("--seed", *v, parseSeed);
    const auto csv = parser.value({"--csv"});
    const auto chart = parser.value({"--chart"});
    const auto markdown = parser.value({"--markdown"});
    const auto chartLink = parser.value({"--chart-link"});
    const auto redisUrl = parser.value({"--redis"});
    const auto redisKeys = parser.value({"--redis-keys"});
    parser.noPositionals("perf");
    parser.finish();
    // Every output is checked before the run, not after it.
    std::vector<std::pair<std::string, std::string>> outputs;
    for (const auto& [option, output] : {std::pair{"--csv", &csv}, {"--chart", &chart}, {"--markdown", &markdown}})
        if (*output) {
            checkOutputTarget(**output);
            outputs.emplace_back(option, **output);
        }
    checkDistinctOutputs(outputs);
    if (redisUrl) {
        printRedisPerf(std::cout, *redisUrl, redisKeys ? parseOption("--redis-keys", *redisKeys, parseCount) : 50000,
                       config.seed);
        return 0;
    }
    if (chart) checkChartPath(*chart);
    try {
        bench::validate(config);
    } catch (const std::invalid_argument& e) {
        // The engine's messages start with "perf: "; main already names the command.
        std::string message = e.what();
        if (message.starts_with("perf: ")) message.erase(0, 6);
        throw UsageError(message);
    }

    // Progress: one line per stage on stderr when it is a terminal (the table goes to stdout).
    const auto started = std::chrono::steady_clock::now();
    std::string lastStage;
    const bool progress = showProgress();
    const bench::PerfResult result = bench::runPerf(
        config,
        [&](const bench::Progress& p) {
            if (!progress || p.stage == lastStage) return;
            lastStage = p.stage;
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            std::fprintf(stderr, "[%5.0fs %3.0f%%] %s\n", elapsed, p.total ? 100.0 * double(p.done) / double(p.total) : 0.0,
                         p.stage.c_str());
        },
        std::stop_token{});

    std::cout << bench::renderPerfText(result);
    if (csv) {
        writeFile(*csv, bench::renderPerfCsv(result), "CSV file");
        std::cout << "CSV: " << *csv << "\n";
    }
    if (chart) {
        const ChartSpec spec = chartSpec(bench::perfChartData(result, bench::perfTargetSize(result)));
        renderChart(spec, *chart);
        std::cout << "chart: " << *chart << "\n";
    }
    if (markdown) {
        const std::string link = chartLink ? *chartLink : chart ? *chart : std::string();
        writeFile(*markdown, bench::renderPerfMarkdown(result, link, command), "Markdown file");
        std::cout << "markdown: " << *markdown << "\n";
    }
    if (outputOptions().json) writePerfJson(jsonDocument(), result, csv, chart, markdown);
    for (const auto& row : result.rows) {
        if (!bench::isReference(row.structure) && row.missedPresent != 0) {
            std::cerr << "bloomlab-cli perf: error: " << bench::perfStructureName(row.structure) << " at n = " << row.n
                      << " answered 'no' for " << row.missedPresent << " inserted keys (false negatives)\n";
            return 1;
        }
    }
    return result.cancelled ? 1 : 0;
}

const bool kPerfRegistered = registerCommand(
    {"perf", "filter speed vs libbloom, unordered_set and the memory floor", kPerfUsage, runPerfCommand});

}  // namespace
}  // namespace bloomlab::cli
