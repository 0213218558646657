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
//   - The stores of record list their keys (scan, hash, sqlite): exactly the phrases with a
//     document, including those added later; the latency store refuses to. A listing on another
//     thread while the owner looks up and adds documents (the rebuild worker's case) lists every
//     document that existed when it started, each once, and nothing without a document.
//   - GROWING: a rebuild triggered by backend-confirmed false positives (fixed seeds, a small
//     overfilled filter): it starts at the exact lookup the sliding window predicts (computed
//     here independently from the old filter's answers), is published with twice the items'
//     capacity, the measured FPR drops within the binomial band of the new filter's estimate,
//     and every document is still answered; the reject policy monitors without rebuilding; the
//     serving mode refuses the tier action, a store that cannot list its keys, and filter().
#include <QtTest/QtTest>

#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "core/bench/benchmark_engine.h"
#include "core/retrieval/corpus.h"
#include "core/retrieval/retrieval_cache.h"
#include "test_support.h"
#endif

#include <atomic>
#include <set>
#include <thread>

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
    void storesListTheirKeys_data();
    void storesListTheirKeys();
    void listingBesideTheOwner_data() { storesListTheirKeys_data(); }
    void listingBesideTheOwner();
    void rebuildOnConfirmedFalsePositives_data();
    void rebuildOnConfirmedFalsePositives();
    void rejectPolicyMonitorsOnly();
    void servingModeValidation();
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

void TestRetrievalCache::storesListTheirKeys_data() {
    QTest::addColumn<QString>("backend");
    QTest::addColumn<bool>("lists");
    QTest::newRow("scan") << "scan" << true;
    QTest::newRow("hash") << "hash" << true;
    QTest::newRow("sqlite") << "sqlite" << true;
    QTest::newRow("latency") << "latency:0" << false;
}

void TestRetrievalCache::storesListTheirKeys() {
    QFETCH(QString, backend);
    QFETCH(bool, lists);
    const Corpus corpus = Corpus::generate(500, 12);
    StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
    std::set<std::string> expected;
    for (std::size_t i = 0; i < corpus.size(); i += 3) {
        contents.documented[i] = true;
        expected.insert(corpus.phrase(i));
    }
    auto store = bench::makeBackend(bench::parseBackendSpec(backend.toStdString()), contents);
    QCOMPARE(store->listsKeys(), lists);
    if (!lists) {
        QVERIFY(test::errorOf([&] { store->forEachKey([](std::string_view) {}); }).contains("cannot list its keys"));
        return;
    }
    // A phrase of the corpus without a document gets one, and a phrase new to the store.
    store->addDocument(corpus.phrase(1), "late");
    store->addDocument("a phrase the corpus never had", "new");
    expected.insert(corpus.phrase(1));
    expected.insert("a phrase the corpus never had");
    std::multiset<std::string> listed;
    store->forEachKey([&](std::string_view key) { listed.emplace(key); });
    QCOMPARE(listed.size(), expected.size());  // each once
    QVERIFY(std::equal(listed.begin(), listed.end(), expected.begin()));
    QCOMPARE(std::uint64_t(listed.size()), store->documentCount());
}

void TestRetrievalCache::listingBesideTheOwner() {
    QFETCH(QString, backend);
    QFETCH(bool, lists);
    if (!lists) return;  // the latency store cannot list (storesListTheirKeys checks the refusal)
    const Corpus corpus = Corpus::generate(4000, 13);
    StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
    std::set<std::string> before, after;
    for (std::size_t i = 0; i < 2000; ++i) {
        contents.documented[i] = true;
        before.insert(corpus.phrase(i));
    }
    after = before;
    auto store = bench::makeBackend(bench::parseBackendSpec(backend.toStdString()), contents);
    for (int round = 0; round < 3; ++round) {
        std::multiset<std::string> listed;
        std::atomic<bool> started{false};
        std::thread lister([&] {
            store->forEachKey([&](std::string_view key) {
                started.store(true, std::memory_order_release);
                listed.emplace(key);
            });
        });
        while (!started.load(std::memory_order_acquire)) std::this_thread::yield();
        // The owner goes on: lookups, and documents for 100 more phrases of the corpus.
        std::uint64_t answered = 0;
        for (std::size_t i = 0; i < 4000; i += 7) answered += store->lookup(corpus.phrase(i)) ? 1 : 0;
        for (std::size_t i = 2000 + std::size_t(round) * 100; i < 2100 + std::size_t(round) * 100; ++i) {
            store->addDocument(corpus.phrase(i), "added");
            after.insert(corpus.phrase(i));
        }
        lister.join();
        QVERIFY(answered > 0);
        for (const auto& key : before) QVERIFY2(listed.count(key) == 1, key.c_str());
        for (const auto& key : listed) QVERIFY2(after.contains(key) && listed.count(key) == 1, key.c_str());
        before = after;  // the next listing starts after these additions
    }
    QCOMPARE(std::uint64_t(after.size()), store->documentCount());
}

void TestRetrievalCache::rebuildOnConfirmedFalsePositives_data() {
    QTest::addColumn<QString>("backend");
    QTest::newRow("scan") << "scan";
    QTest::newRow("hash") << "hash";
    QTest::newRow("sqlite") << "sqlite";
}

void TestRetrievalCache::rebuildOnConfirmedFalsePositives() {
    QFETCH(QString, backend);
    // The store answers 100 phrases when the cache is built; 400 more arrive through the cache
    // and are flushed into a filter sized for 100 at p = 0.05: about 5x overfilled.
    const Corpus corpus = Corpus::generate(1000, 31);
    StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
    std::vector<std::string> initial, arriving;
    for (std::size_t i = 0; i < 500; ++i) {
        contents.documented[i] = i < 100;
        (i < 100 ? initial : arriving).push_back(corpus.phrase(i));
    }
    auto store = bench::makeBackend(bench::parseBackendSpec(backend.toStdString()), contents);
    GrowthPolicy policy;
    policy.action = GrowthAction::Rebuild;
    policy.growth = 2.0;
    policy.thresholds.confirmedFpr = 0.1;
    policy.thresholds.confirmedWindow = 200;
    CacheOptions options;
    options.maxPending = 1'000'000;  // flushed by hand below
    RetrievalCache cache(specFor(FilterType::Classic, 100, 0.05), policy, *store, options);
    QVERIFY(cache.serving());
    cache.preloadAll(initial);
    for (const auto& phrase : arriving) cache.addDocument(phrase, Corpus::documentFor(phrase));
    QCOMPARE(cache.flushPending(), arriving.size());

    // Where the window must trip: the first lookup at which the last 200 absent-key outcomes
    // (the old filter's answers) hold at least 0.1 x 200 false positives.
    const std::vector<std::string> absent = corpus.absentPhrases(4000, 77);
    std::vector<int> oldAnswer;
    for (const auto& q : absent) oldAnswer.push_back(cache.mightContain(q) ? 1 : 0);
    std::size_t expectedTrip = absent.size();
    for (std::size_t i = 199, sum = 0; i < absent.size(); ++i) {
        sum = 0;
        for (std::size_t j = i - 199; j <= i; ++j) sum += std::size_t(oldAnswer[j]);
        if (sum >= 20) {
            expectedTrip = i;
            break;
        }
    }
    QVERIFY2(expectedTrip == 199, "a 5x overfilled filter should trip at the first full window");

    std::size_t tripped = absent.size();
    std::uint64_t falsePositives = 0;
    for (std::size_t i = 0; i < absent.size(); ++i) {
        QVERIFY(!cache.get(absent[i]));
        falsePositives += std::uint64_t(oldAnswer[i]);
        const CacheGrowth g = *cache.growth();
        if (g.rebuilding || g.rebuilds > 0) {
            tripped = i;
            break;
        }
        QCOMPARE(g.windowSamples, std::uint64_t(i + 1));  // every absent-key lookup is a sample
        QCOMPARE(g.windowFalsePositives, falsePositives);
    }
    QCOMPARE(tripped, expectedTrip);
    QCOMPARE(cache.counters().confirmedFalsePositives, falsePositives);
    cache.servingFilter()->waitForRebuild();
    const CacheGrowth g = *cache.growth();
    QCOMPARE(g.rebuilds, std::uint64_t{1});
    QCOMPARE(g.failedRebuilds, std::uint64_t{0});
    QCOMPARE(g.generation, std::uint64_t{1});
    QCOMPARE(g.lastTrigger, GrowthTrigger::ConfirmedFpr);
    QCOMPARE(g.capacity, std::uint64_t{1000});  // 2 x max(capacity 100, items 500)
    QCOMPARE(g.items, std::uint64_t{500});      // listed from the store: each document once
    QCOMPARE(g.windowSamples, std::uint64_t{0});  // the window restarts with the new filter
    QCOMPARE(g.window, std::uint32_t{200});
    QVERIFY(g.fill > 0.0 && g.fill < 0.5);
    QVERIFY(std::fabs(g.estimatedItems - 500.0) < 50.0);

    // Every document is answered through the rebuilt filter.
    for (const auto& phrase : initial) QCOMPARE(cache.get(phrase).value_or("-"), Corpus::documentFor(phrase));
    for (const auto& phrase : arriving) QCOMPARE(cache.get(phrase).value_or("-"), Corpus::documentFor(phrase));
    QCOMPARE(cache.filterGeneration(), std::uint64_t{1});
    // The FPR on fresh absent keys is that of the rebuilt filter: within the binomial band of its
    // own estimate (half full at p = 0.05), and far below the threshold that tripped.
    const std::vector<std::string> fresh = corpus.absentPhrases(20'000, 78);
    const std::uint64_t before = cache.counters().confirmedFalsePositives;
    for (const auto& q : fresh) QVERIFY(!cache.get(q));
    const std::uint64_t after = cache.counters().confirmedFalsePositives - before;
    const double expected = cache.filterStats().estimatedFpr;
    const math::Interval band = math::binomialAcceptance(fresh.size(), expected);
    QVERIFY2(test::within(after, band), test::bandMessage("false positives after the rebuild", after, fresh.size(),
                                                          expected, band));
    QVERIFY(double(after) / double(fresh.size()) < 0.05);
}

void TestRetrievalCache::rejectPolicyMonitorsOnly() {
    const Corpus corpus = Corpus::generate(600, 32);
    StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
    for (std::size_t i = 0; i < 500; ++i) contents.documented[i] = true;
    auto store = bench::makeBackend(bench::parseBackendSpec("hash"), contents);
    GrowthPolicy policy;  // reject
    policy.thresholds.confirmedFpr = 0.1;
    policy.thresholds.confirmedWindow = 200;
    RetrievalCache cache(specFor(FilterType::Classic, 100, 0.05), policy, *store);
    for (std::size_t i = 0; i < 500; ++i) cache.preload(corpus.phrase(i));
    std::uint64_t falsePositives = 0;
    const std::vector<std::string> absent = corpus.absentPhrases(1000, 79);
    for (const auto& q : absent) {
        falsePositives += cache.mightContain(q) ? 1 : 0;
        QVERIFY(!cache.get(q));
    }
    const CacheGrowth g = *cache.growth();
    QCOMPARE(g.action, GrowthAction::Reject);
    QCOMPARE(g.rebuilds, std::uint64_t{0});
    QVERIFY(!g.rebuilding);
    QCOMPARE(g.capacity, std::uint64_t{100});
    QCOMPARE(g.windowSamples, std::uint64_t{200});  // the last 200 absent-key lookups
    QVERIFY(g.windowFpr >= 0.1);                     // tripped, and nothing done about it
    QCOMPARE(cache.counters().confirmedFalsePositives, falsePositives);
    QVERIFY(g.fill > 0.7);
}

void TestRetrievalCache::servingModeValidation() {
    const Corpus corpus = Corpus::generate(50, 33);
    auto latency = bench::makeBackend(bench::parseBackendSpec("latency:0"), StoreContents{&corpus, {}});
    auto hash = bench::makeBackend(bench::parseBackendSpec("hash"), StoreContents{&corpus, {}});
    GrowthPolicy rebuild;
    rebuild.action = GrowthAction::Rebuild;
    QVERIFY(test::throwsWith([&] { RetrievalCache c(specFor(FilterType::Classic, 10, 0.1), rebuild, *latency); },
                             "cannot list its keys"));
    GrowthPolicy tier;
    tier.action = GrowthAction::Tier;
    QVERIFY(test::throwsWith([&] { RetrievalCache c(specFor(FilterType::Cuckoo, 10, 0.1), tier, *hash); },
                             "got the tier action"));
    GrowthPolicy badGrowth = rebuild;
    badGrowth.growth = 1.0;
    QVERIFY(test::throwsWith([&] { RetrievalCache c(specFor(FilterType::Classic, 10, 0.1), badGrowth, *hash); },
                             "growth factor"));
    // Monitoring only works in front of any store.
    RetrievalCache monitored(specFor(FilterType::Classic, 10, 0.1), GrowthPolicy{}, *latency);
    QVERIFY(test::errorOf([&] { (void)monitored.filter(); }).contains("no single filter"));
    RetrievalCache plain(AnyFilter::create(specFor(FilterType::Classic, 10, 0.1)), *hash);
    QVERIFY(!plain.growth());
    QVERIFY(!plain.serving());
}

QTEST_GUILESS_MAIN(TestRetrievalCache)
#include "tst_retrieval_cache.moc"
