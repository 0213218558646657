// tst_retrieval_cache: RetrievalCache's contract (core/retrieval/retrieval_cache.h).
//   - NO FALSE NEGATIVES THROUGH THE CACHE, for every filter type x every store: every query
//     the store answers (pre-loaded keys, keys added later through addDocument, and those keys
//     again after they were promoted into the filter) is answered with the store's document;
//     queries the store cannot answer come back empty (the cache invents nothing).
//   - Promotion: a pending key is promoted exactly when its Count-Min estimate passes the
//     threshold; since the sketch never under-counts, threshold + 1 queries always promote.
//   - Refused inserts (a full cuckoo table) stay pending: still no false negatives.
//   - Counters: filterNegatives + backendCalls == queries; confirmed false positives equal the
//     absent queries the filter let through (recomputed independently from mightContain).
//   - flushPending / maxPending bound the pending set.
#include <QtTest/QtTest>

#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "core/bench/benchmark_engine.h"
#include "core/retrieval/corpus.h"
#include "core/retrieval/retrieval_cache.h"
#endif

#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace bloomlab;

namespace {

FilterSpec specFor(FilterType type, std::uint64_t capacity, double fpr) {
    FilterSpec spec;
    spec.type = type;
    spec.capacity = capacity;
    spec.fpr = fpr;
    return spec;
}

const std::vector<FilterType> kAllTypes = {FilterType::Classic, FilterType::Blocked,
                                           FilterType::Counting, FilterType::Scalable,
                                           FilterType::Cuckoo};

} // namespace

class TestRetrievalCache : public QObject {
    Q_OBJECT

private slots:
    void noFalseNegatives_data();
    void noFalseNegatives();
    void promotionNeedsMoreThanThreshold();
    void refusedInsertsStayPending();
    void countersAddUp();
    void maxPendingFlushes();
    void optionsValidation();
};

void TestRetrievalCache::noFalseNegatives_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("backend");
    for (FilterType type : kAllTypes)
        for (const char* backend : {"scan", "hash", "sqlite", "latency:1"})
            QTest::newRow(qPrintable(QString("%1/%2").arg(QString::fromUtf8(filterTypeName(type).data(),
                                                                            int(filterTypeName(type).size())),
                                                          backend)))
                << int(type) << QString(backend);
}

void TestRetrievalCache::noFalseNegatives() {
    QFETCH(int, type);
    QFETCH(QString, backend);

    // The store indexes 1,200 phrases and holds documents for 300 of them (the hot set).
    const Corpus corpus = Corpus::generate(1200, 21);
    StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
    std::vector<std::string> hot;
    for (std::size_t i = 0; i < corpus.size(); i += 4) {
        contents.documented[i] = true;
        hot.push_back(corpus.phrase(i));
    }
    auto store = bench::makeBackend(bench::parseBackendSpec(backend.toStdString()), contents);

    CacheOptions options;
    options.promotionThreshold = 2;
    // Capacity covers the hot set and the growth below, so no insert is refused here (refused
    // inserts have their own test).
    RetrievalCache cache(AnyFilter::create(specFor(FilterType(type), 600, 0.05)), *store, options);
    cache.preloadAll(hot);
    QCOMPARE(cache.pendingCount(), std::size_t{0});

    // Growth: 150 new phrases (absent from the corpus) get documents through the cache.
    const std::vector<std::string> growth = corpus.absentPhrases(150, 5);
    for (const auto& phrase : growth) cache.addDocument(phrase, "grown:" + phrase);
    QCOMPARE(cache.pendingCount(), growth.size());

    // Everything: every corpus phrase (answered or not), absent phrases, the growth.
    std::vector<std::string> queries(corpus.phrases().begin(), corpus.phrases().end());
    for (const auto& phrase : corpus.absentPhrases(400, 99)) queries.push_back(phrase);
    const auto check = [&](const std::string& query) {
        const std::optional<std::string> expected = store->lookup(query);
        const std::optional<std::string> got = cache.get(query);
        if (expected) {
            QVERIFY2(got.has_value(), qPrintable("false negative through the cache: " + QString::fromStdString(query)));
            QCOMPARE(*got, *expected);
        } else {
            QVERIFY2(!got.has_value(), qPrintable("answer invented for " + QString::fromStdString(query)));
        }
    };
    for (const auto& q : queries) {
        check(q);
        if (QTest::currentTestFailed()) return;
    }
    // Growth queried threshold + 1 times: answered every time, then promoted.
    for (std::uint32_t round = 0; round <= options.promotionThreshold; ++round)
        for (const auto& q : growth) {
            QVERIFY(cache.isPending(q) || round > 0);
            check(q);
            if (QTest::currentTestFailed()) return;
        }
    QCOMPARE(cache.counters().promotions, std::uint64_t(growth.size()));
    QCOMPARE(cache.pendingCount(), std::size_t{0});
    for (const auto& q : growth) {
        QVERIFY(cache.filter().mightContain(q));  // promoted into the filter
        check(q);                                  // and still answered
        if (QTest::currentTestFailed()) return;
    }
    // And after promotion, everything still holds.
    for (const auto& q : queries) {
        check(q);
        if (QTest::currentTestFailed()) return;
    }
    const CacheCounters& c = cache.counters();
    QCOMPARE(c.filterNegatives + c.backendCalls, c.queries);
    QCOMPARE(c.refusedInserts, std::uint64_t{0});
}

void TestRetrievalCache::promotionNeedsMoreThanThreshold() {
    const Corpus corpus = Corpus::generate(100, 3);
    auto store = bench::makeBackend(bench::parseBackendSpec("hash"), StoreContents{&corpus, {}});
    for (std::uint32_t threshold : {0u, 1u, 4u}) {
        CacheOptions options;
        options.promotionThreshold = threshold;
        RetrievalCache cache(AnyFilter::create(specFor(FilterType::Classic, 200, 0.01)), *store, options);
        cache.addDocument("late arrival", "doc");
        for (std::uint32_t seen = 1; seen <= threshold; ++seen) {
            QCOMPARE(cache.get("late arrival").value_or("-"), std::string("doc"));
            QVERIFY2(cache.isPending("late arrival"), "promoted too early");
        }
        QCOMPARE(cache.get("late arrival").value_or("-"), std::string("doc"));  // seen threshold + 1 times
        QVERIFY(!cache.isPending("late arrival"));
        QCOMPARE(cache.counters().promotions, std::uint64_t{1});
        QCOMPARE(cache.counters().pendingHits, std::uint64_t{threshold + 1});
        QVERIFY(cache.sketch().estimate("late arrival") >= threshold + 1);
    }
}

void TestRetrievalCache::refusedInsertsStayPending() {
    // A cuckoo table sized for 16 keys cannot hold 400: inserts fail, the keys stay pending
    // (exact), and no answerable key is lost.
    const Corpus corpus = Corpus::generate(400, 8);
    auto store = bench::makeBackend(bench::parseBackendSpec("hash"), StoreContents{&corpus, {}});
    CacheOptions options;
    options.maxPending = 1'000'000;
    RetrievalCache cache(AnyFilter::create(specFor(FilterType::Cuckoo, 16, 0.01)), *store, options);
    cache.preloadAll(corpus.phrases());
    QVERIFY(cache.counters().refusedInserts > 0);
    QCOMPARE(cache.pendingCount(), std::size_t(cache.counters().refusedInserts));
    for (const auto& phrase : corpus.phrases())
        QCOMPARE(cache.get(phrase).value_or("-"), Corpus::documentFor(phrase));
    QCOMPARE(cache.flushPending(), std::size_t{0});  // still full: nothing goes in, nothing is lost
    for (const auto& phrase : corpus.phrases()) QVERIFY(cache.get(phrase).has_value());
}

void TestRetrievalCache::countersAddUp() {
    const Corpus corpus = Corpus::generate(2000, 4);
    StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
    std::vector<std::string> hot;
    for (std::size_t i = 0; i < 500; ++i) {
        contents.documented[i] = true;
        hot.push_back(corpus.phrase(i));
    }
    auto store = bench::makeBackend(bench::parseBackendSpec("hash"), contents);
    for (FilterType type : kAllTypes) {
        RetrievalCache cache(AnyFilter::create(specFor(type, 500, 0.2)), *store);
        cache.preloadAll(hot);
        const auto absent = corpus.absentPhrases(3000, 17);
        std::uint64_t expectedFalsePositives = 0;
        for (const auto& q : absent) expectedFalsePositives += cache.filter().mightContain(q);
        for (const auto& q : absent) QVERIFY(!cache.get(q));
        for (const auto& q : hot) QVERIFY(cache.get(q));
        const CacheCounters& c = cache.counters();
        QCOMPARE(c.queries, std::uint64_t(absent.size() + hot.size()));
        QCOMPARE(c.filterNegatives + c.backendCalls, c.queries);
        QCOMPARE(c.confirmedFalsePositives, expectedFalsePositives);
        QCOMPARE(c.backendCalls, std::uint64_t(hot.size()) + expectedFalsePositives);
        QVERIFY(expectedFalsePositives > 0);  // p = 0.2 over 3,000 absent keys: surely some
        QCOMPARE(c.pendingHits, std::uint64_t{0});
        cache.resetCounters();
        QCOMPARE(cache.counters().queries, std::uint64_t{0});
    }
}

void TestRetrievalCache::maxPendingFlushes() {
    const Corpus corpus = Corpus::generate(10, 2);
    auto store = bench::makeBackend(bench::parseBackendSpec("hash"), StoreContents{&corpus, {}});
    CacheOptions options;
    options.maxPending = 8;
    RetrievalCache cache(AnyFilter::create(specFor(FilterType::Classic, 100, 0.01)), *store, options);
    for (int i = 0; i < 8; ++i) cache.addDocument("new " + std::to_string(i), "d");
    QCOMPARE(cache.pendingCount(), std::size_t{8});
    cache.addDocument("new 8", "d");  // the ninth exceeds maxPending: all go into the filter
    QCOMPARE(cache.pendingCount(), std::size_t{0});
    for (int i = 0; i <= 8; ++i) {
        QVERIFY(cache.filter().mightContain("new " + std::to_string(i)));
        QCOMPARE(cache.get("new " + std::to_string(i)).value_or("-"), std::string("d"));
    }
}

void TestRetrievalCache::optionsValidation() {
    const Corpus corpus = Corpus::generate(10, 2);
    auto store = bench::makeBackend(bench::parseBackendSpec("hash"), StoreContents{&corpus, {}});
    CacheOptions bad;
    bad.sketchEpsilon = 2.0;
    bool threw = false;
    try {
        RetrievalCache cache(AnyFilter::create(specFor(FilterType::Classic, 10, 0.1)), *store, bad);
    } catch (const std::invalid_argument& e) {
        threw = QString(e.what()).contains("epsilon");
    }
    QVERIFY(threw);
}

QTEST_GUILESS_MAIN(TestRetrievalCache)
#include "tst_retrieval_cache.moc"
