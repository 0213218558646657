// tst_benchmark_engine: the benchmark engine (core/bench), without timing thresholds.
//   - validation messages for every bad field;
//   - one benchmark: repeat count, exact hot/cold split, FPR = false positives / cold, speedup =
//     time_without / time_with, medians, filter geometry, FPR within the binomial bound;
//   - the model formula on known numbers;
//   - a tiny sweep: one progress event per point, in order, done counts up to total;
//     cancellation from the callback after the first point and inside a point (with the slow
//     scan store: the stop token is checked between queries);
//   - workload: exact hot count, cold queries distinct and absent, Zipf favours low ranks,
//     deterministic per seed;
//   - CSV: header = documented columns, rows parse back to the RunResult values;
//   - MurmurHash3_x64_128 reference vectors; hash ablation FPR within binomial bounds;
//   - the standard report's sizing rows and Markdown sections (quick plan);
//   - the growing workload: the hot set grows evenly from n to F n, hot queries only from the
//     hot set of their moment; the growing run: 40 windows per arm, the reject arm never
//     rebuilds and keeps capacity n, the rebuild arm rebuilds on confirmed false positives,
//     window counts add up to the workload, the CSV has one row per arm and window; growth
//     validation messages;
//   - the latency histogram's quantiles against exact nearest-rank percentiles (within 1/32).
#include <QtTest/QtTest>

#include <chrono>
#include <thread>

#ifndef Q_MOC_RUN
#include "core/bench/benchmark_engine.h"
#include "core/bench/growth_benchmark.h"
#include "core/bench/rebuild_latency.h"
#include "core/bench/hash_ablation.h"
#include "core/bench/standard_report.h"
#include "core/bench/workload.h"
#include "core/filter_math.h"
#include "test_support.h"
#include "core/retrieval/corpus.h"
#include "core/retrieval/random.h"
#endif

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <cmath>
#include <set>
#include <span>
#include <sstream>
#include <stop_token>
#include <string>
#include <vector>

using namespace bloomlab;
using namespace bloomlab::bench;

namespace {

BenchConfig tinyConfig(const char* backend = "hash") {
    BenchConfig c;
    c.backend = parseBackendSpec(backend);
    c.filter.type = FilterType::Classic;
    c.filter.capacity = 300;
    c.filter.fpr = 0.1;
    c.hotRatio = 0.3;
    c.queries = 600;
    c.repeats = 2;
    c.corpusSize = 3000;
    c.seed = 7;
    return c;
}

using test::errorOf;

std::vector<std::string> splitCsv(const std::string& line) {
    std::vector<std::string> cells;
    std::stringstream in(line);
    std::string cell;
    while (std::getline(in, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    return cells;
}

} // namespace

class TestBenchmarkEngine : public QObject {
    Q_OBJECT

private slots:
    void validation();
    void oneBenchmark();
    void remoteFilterIsAskedInBatches();
    void modelFormula();
    void sweepReportsEachPoint();
    void sweepCancelsAfterFirstPoint();
    void cancelInsidePointWithScan();
    void stopIsCheckedBetweenQueries();
    void workloadShape();
    void zipfFavoursLowRanks();
    void csvColumnsAndRoundTrip();
    void murmur3ReferenceVectors();
    void hashAblation();
    void reportSizingAndMarkdown();
    void growingWorkloadShape();
    void growingRun();
    void growthValidation();
    void latencyHistogramQuantiles();
};

void TestBenchmarkEngine::validation() {
    const auto expect = [](BenchConfig c, const char* fragment) {
        const QString e = errorOf([&] { validate(c); });
        QVERIFY2(e.contains(fragment), qPrintable(e.isEmpty() ? QString("no error") : e));
    };
    BenchConfig c = tinyConfig();
    c.hotRatio = 1.5;
    expect(c, "hot ratio");
    c = tinyConfig();
    c.queries = 0;
    expect(c, "queries");
    c = tinyConfig();
    c.repeats = 0;
    expect(c, "repeats");
    c = tinyConfig();
    c.filter.capacity = 5000;
    expect(c, "cannot be larger than the corpus");
    c = tinyConfig();
    c.filter.capacity = 0;
    expect(c, "n (hot set");
    c = tinyConfig();
    c.distribution = HotDistribution::Zipf;
    c.zipfExponent = 0;
    expect(c, "Zipf");
    SweepConfig sweep;
    sweep.base = tinyConfig();
    sweep.hotRatios = {0.2, -0.1};
    QVERIFY(errorOf([&] { runSweep(sweep, {}, {}); }).contains("hot ratio"));
    sweep.hotRatios.clear();
    QVERIFY(errorOf([&] { runSweep(sweep, {}, {}); }).contains("at least one"));
    c = tinyConfig();
    c.filter.fpr = 1.5;  // caught by AnyFilter::create
    QVERIFY(!errorOf([&] { runBenchmark(c, {}, {}); }).isEmpty());
}

void TestBenchmarkEngine::oneBenchmark() {
    const BenchConfig c = tinyConfig();
    std::vector<Progress> events;
    const PointResult point = runBenchmark(c, [&](const Progress& p) { events.push_back(p); }, {});
    QCOMPARE(point.runs.size(), std::size_t{2});
    QVERIFY(!events.empty());
    QVERIFY(events.back().point.has_value());
    QCOMPARE(events.back().done, std::uint64_t{2});
    const SizingRow sizing = sizingRow(c.filter.capacity, c.filter.fpr);
    for (const RunResult& r : point.runs) {
        QCOMPARE(r.queries, c.queries);
        QCOMPARE(r.hotQueries, std::uint64_t{180});  // round(0.3 * 600)
        QCOMPARE(r.coldQueries, std::uint64_t{420});
        QCOMPARE(r.fprCold, double(r.falsePositives) / 420.0);
        QVERIFY(r.timeWithS > 0 && r.timeWithoutS > 0);
        QVERIFY(std::fabs(r.speedup - r.timeWithoutS / r.timeWithS) < 1e-9 * r.speedup);
        QVERIFY(r.p50WithUs <= r.p95WithUs && r.p95WithUs <= r.p99WithUs);
        QVERIFY(r.p50WithoutUs <= r.p95WithoutUs && r.p95WithoutUs <= r.p99WithoutUs);
        QCOMPARE(r.m, sizing.m);
        QCOMPARE(r.k, sizing.k);
        QCOMPARE(r.filterBytes, (sizing.m + 63) / 64 * 8);
        QVERIFY(r.modelSpeedup > 0);
        QVERIFY(r.timerOverheadNs > 0);
    }
    // Same filter, same queries: the false positives are identical in every repeat, and the
    // FPR lies within the binomial acceptance band of the filter's expected FPR.
    QCOMPARE(point.runs[0].falsePositives, point.runs[1].falsePositives);
    const auto band = math::binomialAcceptance(420, sizing.fprAtK);
    QVERIFY2(double(point.runs[0].falsePositives) >= band.low &&
                 double(point.runs[0].falsePositives) <= band.high,
             qPrintable(QString::number(point.runs[0].falsePositives)));
    // Median of two = the mean of the two.
    QVERIFY(std::fabs(point.median.timeWithS - 0.5 * (point.runs[0].timeWithS + point.runs[1].timeWithS)) < 1e-12);
    QCOMPARE(point.median.repeat, std::uint32_t{0});
    // The repeats are numbered 1..R.
    QCOMPARE(point.runs[0].repeat, std::uint32_t{1});
    QCOMPARE(point.runs[1].repeat, std::uint32_t{2});
}

namespace {

/// A shared filter stand-in: a copy of the preloaded filter, counting the batches it is asked;
/// with `sayNo` it answers "no" for every key. Each batch takes at least kRoundTrip, as a network
/// round trip would: the time the benchmark charges to the filter is then bounded below by a
/// figure far above timer noise, so the test can check where the call is timed without racing
/// the clock (an in-memory batch of 256 lookups alone can fall below the timer overhead).
constexpr auto kRoundTrip = std::chrono::milliseconds(2);

class CountingRemote final : public RemoteMembership {
public:
    CountingRemote(const AnyFilter& filter, bool sayNo, std::uint64_t* calls, std::uint64_t* keys)
        : m_filter(filter), m_sayNo(sayNo), m_calls(calls), m_keys(keys) {}
    void mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) override {
        std::this_thread::sleep_for(kRoundTrip);  // sleeps at least this long
        ++*m_calls;
        *m_keys += keys.size();
        for (std::size_t i = 0; i < keys.size(); ++i) results[i] = !m_sayNo && m_filter.mightContain(keys[i]);
    }
    std::string location() const override { return "test://remote"; }

private:
    AnyFilter m_filter;
    bool m_sayNo;
    std::uint64_t* m_calls;
    std::uint64_t* m_keys;
};

} // namespace

void TestBenchmarkEngine::remoteFilterIsAskedInBatches() {
    const PointResult local = runBenchmark(tinyConfig(), {}, {});
    BenchConfig c = tinyConfig();
    std::uint64_t calls = 0;
    std::uint64_t keys = 0;
    c.remoteFilterLocation = "redis://host:6379/a,b";
    c.remoteFilter = [&](const AnyFilter& preloaded) -> std::unique_ptr<RemoteMembership> {
        return std::make_unique<CountingRemote>(preloaded, false, &calls, &keys);
    };
    const PointResult remote = runBenchmark(c, {}, {});
    QCOMPARE(remote.runs.size(), std::size_t{2});
    // 600 queries = 3 chunks of at most 256; the "with" and "filter" passes ask once per chunk.
    QCOMPARE(calls, std::uint64_t{2 * 3 * 2});
    QCOMPARE(keys, std::uint64_t{2 * 600 * 2});
    // The same bits answer: the same false positives as the local filter.
    QCOMPARE(remote.runs[0].falsePositives, local.runs[0].falsePositives);
    // The filter-only pass asks the remote 3 times per run, inside the timed region: at least
    // 3 round trips over 600 queries. Half of that bound leaves room for the timer overhead that
    // is subtracted (tens of ns per query) and still fails if the call were timed outside.
    const double floorNs = 3.0 * std::chrono::duration<double, std::nano>(kRoundTrip).count() / 600.0;
    for (const RunResult& run : remote.runs)
        QVERIFY2(run.filterCostNs > 0.5 * floorNs,
                 qPrintable(QString("c_f %1 ns, at least %2 expected").arg(run.filterCostNs).arg(floorNs)));
    const std::string row = csvRow(c, remote.median);
    QVERIFY2(row.ends_with(",\"redis://host:6379/a,b\""), row.c_str());  // quoted: it holds a comma
    QVERIFY(csvRow(tinyConfig(), local.median).ends_with(","));            // empty for the local filter

    // The cache really takes the remote answers: a remote saying "no" to everything loses the
    // hot queries, which the benchmark reports as a broken coverage invariant.
    c.remoteFilter = [&](const AnyFilter& preloaded) -> std::unique_ptr<RemoteMembership> {
        return std::make_unique<CountingRemote>(preloaded, true, &calls, &keys);
    };
    QVERIFY(errorOf([&] { runBenchmark(c, {}, {}); }).contains("coverage invariant"));
}

void TestBenchmarkEngine::modelFormula() {
    // The retrieval experiment's simple form: c_hot = c_cold = c_b, no harness cost: 1 / (c_f/c_b + h + (1-h) FPR).
    QVERIFY(std::fabs(modelSpeedup(0.3, 0.1, 0.0, 1.0, 1.0) - 1.0 / (0.3 + 0.07)) < 1e-12);
    QVERIFY(std::fabs(modelSpeedup(0.3, 0.1, 0.01, 1.0, 1.0) - 1.0 / (0.01 + 0.3 + 0.07)) < 1e-12);
    // Scan-like: hits cost half a miss.
    const double expected = (0.3 * 0.5 + 0.7 * 1.0) / (0.3 * 0.5 + 0.7 * 0.1 * 1.0);
    QVERIFY(std::fabs(modelSpeedup(0.3, 0.1, 0.0, 0.5, 1.0) - expected) < 1e-12);
    // The harness cost t_0 is in both times.
    QVERIFY(std::fabs(modelSpeedup(0.5, 0.0, 0.0, 1.0, 1.0, 1.0) - 2.0 / 1.5) < 1e-12);
    QCOMPARE(modelSpeedup(1.0, 0.0, 0.0, 0.0, 0.0), 0.0);  // nothing to divide: reported as 0
}

void TestBenchmarkEngine::sweepReportsEachPoint() {
    SweepConfig sweep;
    sweep.base = tinyConfig();
    sweep.base.repeats = 2;
    sweep.hotRatios = {0.2, 0.5, 0.8};
    std::vector<double> pointRatios;
    std::uint64_t lastDone = 0;
    bool monotone = true;
    std::uint64_t total = 0;
    const SweepResult result = runSweep(
        sweep,
        [&](const Progress& p) {
            monotone = monotone && p.done >= lastDone;
            lastDone = p.done;
            total = p.total;
            if (p.point) pointRatios.push_back(p.point->hotRatio);
        },
        {});
    QVERIFY(!result.cancelled);
    QCOMPARE(result.points.size(), std::size_t{3});
    QCOMPARE(pointRatios, (std::vector<double>{0.2, 0.5, 0.8}));  // one event per point, in order
    QVERIFY(monotone);
    QCOMPARE(total, std::uint64_t{6});
    QCOMPARE(lastDone, std::uint64_t{6});
    for (std::size_t i = 0; i < 3; ++i) {
        QCOMPARE(result.points[i].runs.size(), std::size_t{2});
        QCOMPARE(result.points[i].median.hotQueries,
                 std::uint64_t(std::llround(sweep.hotRatios[i] * double(sweep.base.queries))));
    }
}

void TestBenchmarkEngine::sweepCancelsAfterFirstPoint() {
    SweepConfig sweep;
    sweep.base = tinyConfig();
    sweep.hotRatios = {0.1, 0.2, 0.3, 0.4};
    std::stop_source source;
    int points = 0;
    const SweepResult result = runSweep(
        sweep,
        [&](const Progress& p) {
            if (p.point) {
                ++points;
                source.request_stop();
            }
        },
        source.get_token());
    QVERIFY(result.cancelled);
    QCOMPARE(result.points.size(), std::size_t{1});
    QCOMPARE(points, 1);
}

namespace {
/// A store that counts lookups and requests a stop at a chosen lookup.
class StoppingStore final : public Backend {
public:
    StoppingStore(std::unique_ptr<Backend> inner, std::stop_source& source, std::uint64_t stopAt)
        : m_inner(std::move(inner)), m_source(source), m_stopAt(stopAt) {}
    std::string name() const override { return "stopping"; }
    std::optional<std::string> lookup(std::string_view query) override {
        if (++m_lookups == m_stopAt) m_source.request_stop();
        if (m_source.stop_requested()) ++m_afterStop;
        return m_inner->lookup(query);
    }
    void addDocument(std::string_view p, std::string_view d) override { m_inner->addDocument(p, d); }
    std::uint64_t documentCount() const override { return m_inner->documentCount(); }
    static inline std::uint64_t m_afterStop = 0;

private:
    std::unique_ptr<Backend> m_inner;
    std::stop_source& m_source;
    std::uint64_t m_stopAt;
    std::uint64_t m_lookups = 0;
};
} // namespace

void TestBenchmarkEngine::stopIsCheckedBetweenQueries() {
    // The store requests the stop in the middle of a repeat: its 4,000th lookup comes after the
    // warm-up (2,000 direct lookups plus the ~700 the cache forwards) and inside the first
    // repeat (3,000 direct lookups). Exactly one lookup, the one that requested it, may run after
    // the request: the engine checks between queries.
    for (const char* kind : {"scan", "sqlite"}) {
        std::stop_source source;
        StoppingStore::m_afterStop = 0;
        BenchConfig c = tinyConfig(kind);
        c.queries = 3000;
        c.repeats = 3;
        c.backendFactory = [&](const StoreContents& contents) -> std::unique_ptr<Backend> {
            return std::make_unique<StoppingStore>(makeBackend(parseBackendSpec(kind), contents),
                                                   source, 4000);
        };
        const PointResult point = runBenchmark(c, {}, source.get_token());
        QVERIFY(point.runs.empty());
        QCOMPARE(StoppingStore::m_afterStop, std::uint64_t{1});
    }
}

void TestBenchmarkEngine::cancelInsidePointWithScan() {
    // Stop requested when the second repeat starts: the first repeat is kept, the second is
    // abandoned between queries (the scan store makes every query slow, so a check only between
    // repeats would run the whole second repeat).
    BenchConfig c = tinyConfig("scan");
    c.repeats = 5;
    std::stop_source source;
    int repeatEvents = 0;
    const PointResult point = runBenchmark(
        c,
        [&](const Progress& p) {
            if (p.stage.find("repeat 2/") != std::string::npos) {
                ++repeatEvents;
                source.request_stop();
            }
        },
        source.get_token());
    QCOMPARE(repeatEvents, 1);
    QCOMPARE(point.runs.size(), std::size_t{1});

    SweepConfig sweep;
    sweep.base = tinyConfig("scan");
    sweep.hotRatios = {0.2, 0.4};
    std::stop_source early;
    early.request_stop();
    const SweepResult none = runSweep(sweep, {}, early.get_token());
    QVERIFY(none.cancelled);
    QVERIFY(none.points.empty());
}

void TestBenchmarkEngine::workloadShape() {
    const Corpus corpus = Corpus::generate(2000, 3);
    std::vector<std::string_view> hot;
    for (std::size_t i = 0; i < 200; ++i) hot.emplace_back(corpus.phrase(i));
    const std::vector<std::string> cold = corpus.absentPhrases(1000, 4);
    WorkloadSpec spec;
    spec.hotRatio = 0.37;
    spec.queries = 1000;
    spec.seed = 9;
    const Workload w = makeWorkload(hot, cold, spec);
    QCOMPARE(w.queries.size(), std::size_t{1000});
    QCOMPARE(w.hotCount, std::uint64_t{370});
    QCOMPARE(w.coldCount, std::uint64_t{630});
    std::set<std::string_view> coldSeen;
    const std::set<std::string_view> hotSet(hot.begin(), hot.end());
    for (std::size_t i = 0; i < w.queries.size(); ++i) {
        if (w.hot[i]) {
            QVERIFY(hotSet.contains(w.queries[i]));
        } else {
            QVERIFY(!corpus.contains(w.queries[i]));
            QVERIFY(coldSeen.insert(w.queries[i]).second);  // distinct
        }
    }
    // Shuffled: hot queries are not all at the front.
    QVERIFY(std::count(w.hot.begin(), w.hot.begin() + 370, 1) < 370);
    const Workload again = makeWorkload(hot, cold, spec);
    QVERIFY(again.queries == w.queries);
    spec.hotRatio = 0.0;
    QCOMPARE(makeWorkload(hot, cold, spec).hotCount, std::uint64_t{0});
    spec.hotRatio = 1.0;
    QCOMPARE(makeWorkload(hot, cold, spec).coldCount, std::uint64_t{0});
    spec.hotRatio = 0.1;
    QVERIFY(errorOf([&] { makeWorkload(hot, std::span<const std::string>(cold.data(), 10), spec); })
                .contains("cold pool"));
}

void TestBenchmarkEngine::zipfFavoursLowRanks() {
    const ZipfSampler zipf(1000, 1.0);
    double harmonic = 0;
    for (int r = 1; r <= 1000; ++r) harmonic += 1.0 / r;
    QVERIFY(std::fabs(zipf.probability(0) - 1.0 / harmonic) < 1e-12);
    QVERIFY(std::fabs(zipf.probability(9) - 0.1 / harmonic) < 1e-12);
    SplitMix64 rng(5);
    const int draws = 100000;
    std::uint64_t rank0 = 0;
    for (int i = 0; i < draws; ++i) rank0 += zipf.sample(rng) == 0;
    const auto band = math::binomialAcceptance(draws, zipf.probability(0));
    QVERIFY2(double(rank0) >= band.low && double(rank0) <= band.high, qPrintable(QString::number(rank0)));
    QVERIFY(errorOf([] { ZipfSampler z(10, 0.0); }).contains("exponent"));
}

void TestBenchmarkEngine::csvColumnsAndRoundTrip() {
    const std::vector<std::string> documented = {
        "backend", "filter", "n", "p", "m", "k", "hot_ratio", "repeat", "queries", "time_with_s",
        "time_without_s", "speedup", "p50_with_us", "p50_without_us", "p50_speedup", "p95_with_us",
        "p99_with_us", "fpr_cold", "model_speedup", "filter_bytes", "seed"};
    const std::vector<std::string> header = splitCsv(csvHeader());
    QVERIFY(header == csvColumns());
    QVERIFY(header.size() > documented.size());
    QVERIFY(std::equal(documented.begin(), documented.end(), header.begin()));
    QCOMPARE(std::set<std::string>(header.begin(), header.end()).size(), header.size());

    BenchConfig c = tinyConfig();
    c.repeats = 1;
    const PointResult point = runBenchmark(c, {}, {});
    const RunResult& r = point.runs.front();
    const std::vector<std::string> cells = splitCsv(csvRow(c, r));
    QCOMPARE(cells.size(), header.size());
    const auto col = [&](const std::string& name) {
        return cells[std::size_t(std::find(header.begin(), header.end(), name) - header.begin())];
    };
    const auto num = [&](const std::string& name) { return std::stod(col(name)); };
    QCOMPARE(col("backend"), std::string("hash"));
    QCOMPARE(col("filter"), std::string("classic"));
    QCOMPARE(col("n"), std::string("300"));
    QCOMPARE(num("p"), 0.1);
    QCOMPARE(std::stoull(col("m")), r.m);
    QCOMPARE(std::stoul(col("k")), unsigned(r.k));
    QCOMPARE(num("hot_ratio"), 0.3);
    QCOMPARE(col("repeat"), std::string("1"));
    QCOMPARE(std::stoull(col("queries")), r.queries);
    const auto close = [](double a, double b) { return std::fabs(a - b) <= 1e-8 * std::max(1.0, std::fabs(b)); };
    QVERIFY(close(num("time_with_s"), r.timeWithS));
    QVERIFY(close(num("time_without_s"), r.timeWithoutS));
    QVERIFY(close(num("speedup"), r.speedup));
    QVERIFY(close(num("p50_with_us"), r.p50WithUs));
    QVERIFY(close(num("p50_without_us"), r.p50WithoutUs));
    QVERIFY(close(num("p50_speedup"), r.p50Speedup));
    QVERIFY(close(num("p95_with_us"), r.p95WithUs));
    QVERIFY(close(num("p99_with_us"), r.p99WithUs));
    QVERIFY(close(num("fpr_cold"), r.fprCold));
    QVERIFY(close(num("model_speedup"), r.modelSpeedup));
    QCOMPARE(std::stoull(col("filter_bytes")), r.filterBytes);
    QCOMPARE(col("seed"), std::string("7"));
    QCOMPARE(std::stoull(col("false_positives")), r.falsePositives);
    QCOMPARE(col("distribution"), std::string("uniform"));
}

void TestBenchmarkEngine::murmur3ReferenceVectors() {
    // Reference outputs of MurmurHash3_x64_128 with seed 0 (the SMHasher implementation).
    struct Vector {
        const char* text;
        std::uint64_t h1, h2;
    };
    const Vector vectors[] = {
        {"", 0, 0},
        {"hello", 0xcbd8a7b341bd9b02ULL, 0x5b1e906a48ae1d19ULL},
        {"hello, world", 0x342fac623a5ebc8eULL, 0x4cdcbc079642414dULL},
        {"19 Jan 2038 at 3:14:07 AM", 0xb89e5988b737affcULL, 0x664fc2950231b2cbULL},
        {"The quick brown fox jumps over the lazy dog.", 0xcd99481f9ee902c9ULL, 0x695da1a38987b6e7ULL},
    };
    for (const auto& v : vectors) {
        const Hash128 h = murmur3_x64_128(v.text);
        QCOMPARE(h.low, v.h1);
        QCOMPARE(h.high, v.h2);
    }
    QVERIFY(murmur3_x64_128("hello", 1).low != murmur3_x64_128("hello", 0).low);
}

void TestBenchmarkEngine::hashAblation() {
    HashAblationConfig config;
    config.n = 2000;
    config.p = 0.05;
    config.probes = 20000;
    config.corpusSize = 10000;
    config.timingRounds = 1;
    int events = 0;
    const auto rows = runHashAblation(config, [&](const Progress&) { ++events; }, {});
    QCOMPARE(rows.size(), config.hashes.size());
    QVERIFY(events >= int(rows.size()));
    const auto sizing = math::optimalClassic(config.n, config.p);
    for (const auto& row : rows) {
        QCOMPARE(row.m, sizing.bits);
        QCOMPARE(row.k, sizing.hashes);
        QCOMPARE(row.probes, config.probes);
        const auto band = math::binomialAcceptance(config.probes, row.expectedFpr);
        QVERIFY2(double(row.falsePositives) >= band.low && double(row.falsePositives) <= band.high,
                 qPrintable(QString::fromStdString(row.hash) + ": " + QString::number(row.falsePositives)));
        QVERIFY(row.fprLow <= row.fpr && row.fpr <= row.fprHigh);
        QVERIFY(row.nsPerHash > 0 && row.nsPerLookup > 0);
    }
    std::stop_source stopped;
    stopped.request_stop();
    QVERIFY(runHashAblation(config, {}, stopped.get_token()).empty());
    config.n = 0;
    QVERIFY(errorOf([&] { runHashAblation(config, {}, {}); }).contains("n must be"));
}

void TestBenchmarkEngine::reportSizingAndMarkdown() {
    // The retrieval experiment's sizing: n = 10,000, p = 0.1 -> m = 47,926 bits, k = 3.32 rounded to 3.
    const SizingRow s = sizingRow(10000, 0.1);
    QCOMPARE(s.m, std::uint64_t{47926});
    QCOMPARE(s.k, std::uint32_t{3});
    QCOMPARE(s.kFloor, std::uint32_t{3});
    QCOMPARE(s.kCeil, std::uint32_t{4});
    QVERIFY(std::fabs(s.kExact - 3.32) < 0.01);
    QVERIFY(s.fprAtK < s.fprAtCeil);  // rounding to nearest beats the seed's k = 4 here
    QVERIFY(s.fprAt200 > s.fprAt150 && s.fprAt150 > s.fprAtK);
    const SizingRow s2 = sizingRow(1'000'000, 0.01);  // seed 001: about 9.6 million bits, k = 7
    QCOMPARE(s2.k, std::uint32_t{7});
    QVERIFY(s2.m > 9'500'000 && s2.m < 9'700'000);

    ReportPlan plan = ReportPlan::quick();
    plan.sweeps.resize(1);    // keep the test short: one sweep store
    plan.headline.resize(2);  // scan and hash
    const ReportData data = runStandardReport(plan, {}, {});
    QVERIFY(!data.cancelled);
    QCOMPARE(data.sizing.size(), plan.fprs.size());
    QCOMPARE(data.headline.size(), plan.fprs.size() * plan.headline.size());
    QCOMPARE(data.sweeps.size(), plan.fprs.size() * plan.sweeps.size());
    QCOMPARE(data.types.size(), plan.fprs.size() * 5);
    QCOMPARE(data.load.size(), plan.fprs.size() * 2);
    QCOMPARE(data.ablation.size(), plan.ablation.hashes.size());
    QCOMPARE(data.growth.size(), std::size_t{1});
    QCOMPARE(data.growth.front().rebuild.windows.size(), std::size_t{kGrowthWindows});
    QVERIFY(data.rebuildReaders.has_value());
    QCOMPARE(data.rebuildReaders->falseNegatives, std::uint64_t{0});
    QCOMPARE(data.rebuildReaders->rebuilds.size(), std::size_t{plan.rebuildReaders.rebuilds});
    QVERIFY(data.rebuildReaders->steadyHandle.queries > 0);
    const std::string md =
        renderReportMarkdown(data, {"report-assets/a.png", ""}, "test", {"report-assets/g1.png", "report-assets/g2.png"});
    for (const char* section : {"## 1. Parameters", "## 2. False-positive rate", "## 3. Latency",
                                "## 4. Speedup vs hot ratio", "## 5. Memory", "## 6. Hash functions",
                                "## 7. Conclusions", "## 8. Production recommendations",
                                "## 9. A hot set that grows past n", "## 10. How this report was produced",
                                "](report-assets/a.png)", "](report-assets/g1.png)", "](report-assets/g2.png)",
                                "**Readers during a rebuild.**", "| rebuilding | Reader |"})
        QVERIFY2(md.find(section) != std::string::npos, section);
    QVERIFY(md.find("P50 without") != std::string::npos);

    std::stop_source stopped;
    stopped.request_stop();
    QVERIFY(runStandardReport(plan, {}, stopped.get_token()).cancelled);
}

void TestBenchmarkEngine::growingWorkloadShape() {
    const Corpus corpus = Corpus::generate(1000, 3);
    std::vector<std::string_view> order;
    for (std::size_t i = 0; i < 400; ++i) order.emplace_back(corpus.phrase(i));
    const auto cold = corpus.absentPhrases(1000, 4);
    GrowingWorkloadSpec spec;
    spec.hotRatio = 0.5;
    spec.queries = 2000;
    spec.initialHot = 100;
    spec.seed = 11;
    const GrowingWorkload w = makeGrowingWorkload(order, cold, spec);
    QCOMPARE(w.queries.size(), std::size_t{2000});
    QCOMPARE(w.hotCount, std::uint64_t{1000});
    QCOMPARE(w.hotSetSize.front(), std::uint32_t{100});  // (1 x 300) / 2000 = 0 added before query 0
    QCOMPARE(w.hotSetSize.back(), std::uint32_t{400});   // every document by the last query
    for (std::size_t i = 0; i < w.queries.size(); ++i) {
        if (i > 0) QVERIFY(w.hotSetSize[i] >= w.hotSetSize[i - 1]);
        QCOMPARE(w.hotSetSize[i], std::uint32_t(100 + (i + 1) * 300 / 2000));
        if (w.hot[i]) {
            const auto at = std::find(order.begin(), order.end(), w.queries[i]);
            QVERIFY(at != order.end());
            QVERIFY2(std::size_t(at - order.begin()) < w.hotSetSize[i], "a hot query drew a document not yet added");
        } else {
            QVERIFY(!corpus.contains(w.queries[i]));
        }
    }
    // Deterministic per seed.
    const GrowingWorkload again = makeGrowingWorkload(order, cold, spec);
    QVERIFY(again.queries == w.queries);
    spec.initialHot = 401;
    QVERIFY(errorOf([&] { makeGrowingWorkload(order, cold, spec); }).contains("between 1 and 400"));
}

void TestBenchmarkEngine::growingRun() {
    BenchConfig c = tinyConfig("scan");
    c.growHot = 3.0;
    c.queries = 4000;
    c.hotRatio = 0.2;
    c.rebuildFpr = 0.2;
    c.fpWindow = 200;
    c.repeats = 1;
    std::uint64_t lastDone = 0, total = 0;
    const GrowthSweepResult result = runGrowth(c, {0.2}, [&](const Progress& p) {
        QVERIFY(p.done >= lastDone);
        lastDone = p.done;
        total = p.total;
    }, {});
    QCOMPARE(result.points.size(), std::size_t{1});
    QVERIFY(!result.cancelled);
    QCOMPARE(lastDone, total);
    QCOMPARE(total, std::uint64_t{kGrowthWindows});
    const GrowthResult& r = result.points.front();
    QCOMPARE(r.initialHot, std::uint64_t{300});
    QCOMPARE(r.finalHot, std::uint64_t{900});
    QCOMPARE(r.windowQueries, std::uint64_t{100});
    for (const GrowthArm* arm : {&r.reject, &r.rebuild}) {
        QCOMPARE(arm->windows.size(), std::size_t{kGrowthWindows});
        std::uint64_t queries = 0, cold = 0, fps = 0;
        for (const GrowthWindow& w : arm->windows) {
            queries += w.queries;
            cold += w.coldQueries;
            fps += w.falsePositives;
            QVERIFY(w.p50Us <= w.p99Us && w.p99Us <= w.maxUs);
        }
        QCOMPARE(queries, c.queries);
        QCOMPARE(cold, r.coldQueries);
        QCOMPARE(fps, arm->counters.confirmedFalsePositives);
        QCOMPARE(arm->windows.back().hotSet, std::uint64_t{900});
        QCOMPARE(arm->counters.queries, c.queries);
    }
    QCOMPARE(r.reject.final.rebuilds, std::uint64_t{0});
    QVERIFY(r.reject.events.empty());
    QCOMPARE(r.reject.final.capacity, std::uint64_t{300});
    QVERIFY(r.rebuild.final.rebuilds >= 1);
    QVERIFY(r.rebuild.final.capacity > 300);
    QCOMPARE(r.rebuild.events.front().kind, GrowthEvent::Kind::Started);
    QCOMPARE(r.rebuild.events.front().trigger, GrowthTrigger::ConfirmedFpr);
    // Both arms see the same workload: identical until the rebuild starts.
    const std::uint64_t started = r.rebuild.events.front().query;
    for (std::size_t i = 0; i < kGrowthWindows && (i + 1) * r.windowQueries <= started; ++i)
        QCOMPARE(r.rebuild.windows[i].falsePositives, r.reject.windows[i].falsePositives);
    const std::string csv = growthCsvRows(c, r);
    QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), std::ptrdiff_t{2 * kGrowthWindows});
    const std::string header = growthCsvHeader();
    QCOMPARE(std::count(header.begin(), header.end(), ','),
             std::ptrdiff_t(growthCsvColumns().size() - 1));
}

void TestBenchmarkEngine::growthValidation() {
    BenchConfig c = tinyConfig();
    c.growHot = 1.0;
    QVERIFY(errorOf([&] { validate(c); }).contains("--grow-hot) must be a number in (1, 1000]; got 1"));
    c.growHot = 11.0;  // 3,300 > 3,000 phrases
    QVERIFY(errorOf([&] { validate(c); }).contains("grows to 3300 phrases"));
    c.growHot = 2.0;
    c.rebuildFpr = 1.0;
    QVERIFY(errorOf([&] { validate(c); }).contains("--rebuild-fpr) must be in (0, 1)"));
    c.rebuildFpr = 0.0;
    c.fpWindow = 0;
    QVERIFY(errorOf([&] { validate(c); }).contains("--fp-window) must be in [1, 10000000]"));
    c.fpWindow = 100;
    c.backend = parseBackendSpec("latency:5");
    QVERIFY(errorOf([&] { validate(c); }).contains("must list its keys"));
    c.backend = parseBackendSpec("hash");
    QVERIFY(errorOf([&] { validate(c); }).isEmpty());
    QCOMPARE(rebuildThreshold(c), 0.2);  // 2 x p = 0.1
    c.filter.fpr = 0.4;
    QCOMPARE(rebuildThreshold(c), 0.5);  // capped
    c.growHot = 0.0;
    QVERIFY(errorOf([&] { runGrowth(c, {0.3}, {}, {}); }).contains("--grow-hot > 1"));
}

void TestBenchmarkEngine::latencyHistogramQuantiles() {
    LatencyHistogram h;
    std::vector<std::int64_t> exact;
    SplitMix64 rng(5);
    for (int i = 0; i < 100'000; ++i) {
        // Mostly tens of nanoseconds, a tail up to milliseconds.
        const std::uint64_t ns = (i % 100 == 0) ? rng.below(5'000'000) : 20 + rng.below(200);
        h.add(ns);
        exact.push_back(std::int64_t(ns));
    }
    std::sort(exact.begin(), exact.end());
    QCOMPARE(h.count(), std::uint64_t{100'000});
    QCOMPARE(h.max(), std::uint64_t(exact.back()));
    for (double q : {0.5, 0.9, 0.99, 0.999, 0.9999}) {
        const double want = nearestRankPercentile(exact, q);
        const double got = h.quantile(q);
        QVERIFY2(got >= want && got <= want * (1.0 + 1.0 / 32.0) + 1.0,
                 qPrintable(QString("q %1: histogram %2, exact %3").arg(q).arg(got).arg(want)));
    }
    LatencyHistogram other;
    other.add(7);
    h.merge(other);
    QCOMPARE(h.count(), std::uint64_t{100'001});
    QCOMPARE(LatencyHistogram().quantile(0.5), 0.0);
}

QTEST_GUILESS_MAIN(TestBenchmarkEngine)
#include "tst_benchmark_engine.moc"
