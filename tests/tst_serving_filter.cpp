// tst_serving_filter: the serving filter's rebuild contract, one step at a time (the threads
// racing it are in tst_concurrency_growth).
//   - a rebuild from a key source (a callback, a key file) publishes a larger snapshot with
//     every key, counts the rebuild and moves the generation; a Reader handle follows it;
//   - the monitor starts rebuilds: on fill, and on backend-confirmed false positives;
//   - the side log: inserts during a rebuild reach the new snapshot; an erase is replayed only
//     when it cancels an insert logged in the same rebuild, others are kept out and counted;
//   - readers keep the old snapshot while the rebuild waits; a cancelled rebuild publishes
//     nothing; no key source means no rebuild.
#include <QtTest/QtTest>

#ifndef Q_MOC_RUN
#include "core/serving_filter.h"
#include "test_support.h"
#endif

#include <QTemporaryDir>

#include <atomic>
#include <cstdint>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

using namespace bloomlab;

namespace {

FilterSpec classicSpec(std::uint64_t capacity, double fpr) {
    return {.type = FilterType::Classic, .capacity = capacity, .fpr = fpr};
}

ServingFilter::KeySource listOf(const std::vector<std::string>& keys) {
    return [&keys](const ServingFilter::KeySink& sink) {
        for (const std::string& key : keys) {
            sink(key);
        }
    };
}

} // namespace

class TestServingFilter : public QObject {
    Q_OBJECT

private slots:
    void rebuildPublishesALargerSnapshot() {
        std::vector<std::string> store;
        ServingFilter::Options options;
        options.keySource = listOf(store);
        ServingFilter filter(classicSpec(1000, 0.01), options);
        ServingFilter::Reader reader(filter);
        for (const std::string& key : test::insertedKeys(1994, 1)) {
            store.push_back(key);  // the store of record first, then the filter
            QVERIFY(filter.insert(key));
        }
        QCOMPARE(reader.generation(), std::uint64_t{0});
        QVERIFY(filter.startRebuild());
        filter.waitForRebuild();
        const ServingStats s = filter.stats();
        QCOMPARE(s.rebuilds, std::uint64_t{1});
        QCOMPARE(s.failedRebuilds, std::uint64_t{0});
        QCOMPARE(s.generation, std::uint64_t{1});
        QCOMPARE(s.lastRebuildKeys, std::uint64_t{2000});
        QCOMPARE(s.filter.capacity, std::uint64_t{4000});  // growth 2 x max(capacity, items)
        QVERIFY(s.lastRebuildSeconds >= 0.0);
        QVERIFY(!s.rebuilding);
        for (const std::string& key : store) {
            QVERIFY(filter.mightContain(key));
            QVERIFY(reader.mightContain(key));
        }
        QCOMPARE(reader.generation(), std::uint64_t{1});
        QCOMPARE(filter.snapshot()->generation(), std::uint64_t{1});
        // 2,000 keys in a filter for 4,000 at 1%: the FPR fell from the overfilled ~10%.
        std::uint64_t positives = 0;
        for (const std::string& key : test::absentKeys(20'000, 2)) {
            positives += filter.mightContain(key) ? 1 : 0;
        }
        QVERIFY2(positives < 20'000 * 0.01, qPrintable(QString("%1 false positives").arg(positives)));
    }

    void rebuildFromAKeyFile() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("keys.txt").toStdString();
        std::vector<std::string> keys;
        {
            std::ofstream out(path, std::ios::binary);
            for (int i = 0; i < 3000; ++i) {
                keys.push_back("key-" + std::to_string(i));
                out << keys.back() << '\n';
            }
        }
        ServingFilter::Options options;
        options.keySource = ServingFilter::keyFileSource(path);
        ServingFilter filter({.type = FilterType::Blocked, .capacity = 500, .fpr = 0.01}, options);
        QVERIFY(filter.startRebuild(5000));
        filter.waitForRebuild();
        QCOMPARE(filter.stats().lastRebuildKeys, std::uint64_t{3000});
        QCOMPARE(filter.stats().filter.capacity, std::uint64_t{5000});
        for (const std::string& key : keys) {
            QVERIFY(filter.mightContain(key));
        }
    }

    void monitorStartsARebuildOnFill() {
        std::vector<std::string> store;
        store.reserve(8000);
        ServingFilter::Options options;
        options.policy.action = GrowthAction::Rebuild;
        options.policy.thresholds.fill = 0.45;  // an optimally sized classic filter is ~0.5 full at n
        options.checkEvery = 100;
        options.keySource = listOf(store);
        ServingFilter filter(classicSpec(1000, 0.01), options);
        for (const std::string& key : test::insertedKeys(900, 3)) {  // at most one rebuild in flight
            store.push_back(key);
            filter.insert(key);
        }
        filter.waitForRebuild();
        const ServingStats s = filter.stats();
        QVERIFY2(s.rebuilds >= 1, "the fill threshold did not start a rebuild");
        QCOMPARE(s.monitor.growths, s.rebuilds);
        QVERIFY(s.filter.capacity >= 2000);
        QVERIFY(s.filter.fillRatio < 0.45);
        for (const std::string& key : store) {
            QVERIFY(filter.mightContain(key));
        }
    }

    void monitorStartsARebuildOnConfirmedFalsePositives() {
        std::vector<std::string> store = test::insertedKeys(4994, 4);
        ServingFilter::Options options;
        options.policy.action = GrowthAction::Rebuild;
        options.policy.thresholds.confirmedFpr = 0.05;
        options.policy.thresholds.confirmedWindow = 1000;
        options.keySource = listOf(store);
        ServingFilter filter(classicSpec(1000, 0.01), options);  // 5x overfilled: FPR ~ 50%
        for (const std::string& key : store) {
            filter.insert(key);
        }
        std::uint64_t lookups = 0;
        for (const std::string& key : test::absentKeys(5000, 5)) {
            if (filter.rebuilding() || filter.stats().rebuilds > 0) {
                break;
            }
            filter.observeAbsentKey(filter.mightContain(key));  // the backend found nothing
            ++lookups;
        }
        filter.waitForRebuild();
        const ServingStats s = filter.stats();
        QCOMPARE(s.rebuilds, std::uint64_t{1});
        QCOMPARE(s.monitor.lastTrigger, GrowthTrigger::ConfirmedFpr);
        QCOMPARE(lookups, std::uint64_t{1000});  // trips as soon as the window is full
        QCOMPARE(s.monitor.windowSamples, std::uint64_t{0});  // cleared by the rebuild
        QCOMPARE(s.filter.capacity, std::uint64_t{10'000});
        std::uint64_t positives = 0;
        for (const std::string& key : test::absentKeys(10'000, 6)) {
            positives += filter.mightContain(key) ? 1 : 0;
        }
        QVERIFY2(positives < 10'000 * 0.02, qPrintable(QString("%1 false positives after the rebuild").arg(positives)));
    }

    void sideLogDuringARebuild() {
        // The key source lists the store, then waits until the test has inserted and erased
        // keys while the rebuild is in flight.
        std::vector<std::string> store = test::insertedKeys(994, 7);
        std::promise<void> release;
        std::shared_future<void> released = release.get_future().share();
        std::atomic<bool> listed{false};
        ServingFilter::Options options;
        options.keySource = [&](const ServingFilter::KeySink& sink) {
            for (const std::string& key : store) {
                sink(key);
            }
            listed = true;
            released.wait();
        };
        ServingFilter filter({.type = FilterType::Cuckoo, .capacity = 1000, .fpr = 0.0001, .fingerprintBits = 16},
                             options);
        for (const std::string& key : store) {
            QVERIFY(filter.insert(key));
        }
        QVERIFY(filter.startRebuild());
        QVERIFY(!filter.startRebuild());  // one at a time
        while (!listed) {
            std::this_thread::yield();
        }
        QVERIFY(filter.rebuilding());
        const std::string during = "inserted during the rebuild";
        const std::string transient = "inserted and erased during the rebuild";
        QVERIFY(filter.insert(during));
        QVERIFY(filter.insert(transient));
        QVERIFY(filter.erase(transient));   // cancels a logged insert: replayed
        QVERIFY(filter.erase(store[0]));    // listed by the source: kept out of the new snapshot
        QVERIFY(filter.mightContain(during));  // the old snapshot answers meanwhile
        QCOMPARE(filter.snapshot()->generation(), std::uint64_t{0});
        release.set_value();
        filter.waitForRebuild();
        const ServingStats s = filter.stats();
        QCOMPARE(s.rebuilds, std::uint64_t{1});
        QCOMPARE(s.lastReplayedOps, std::uint64_t{3});  // two inserts, one erase
        QCOMPARE(s.erasesNotReplayed, std::uint64_t{1});
        QVERIFY(filter.mightContain(during));
        QVERIFY(!filter.mightContain(transient));
        QVERIFY(filter.mightContain(store[0]));  // stale "maybe", never a false negative
        for (std::size_t i = 1; i < store.size(); ++i) {
            QVERIFY(filter.mightContain(store[i]));
        }
        QCOMPARE(s.filter.items, static_cast<std::uint64_t>(store.size()) + 1);
    }

    void cancelledRebuildPublishesNothing() {
        const std::vector<std::string> keys = test::insertedKeys(94, 8);
        ServingFilter::Options options;
        options.keySource = [](const ServingFilter::KeySink& sink) {
            for (std::uint64_t i = 0;; ++i) {  // endless: only cancellation ends it
                sink("k" + std::to_string(i));
            }
        };
        {
            ServingFilter filter(classicSpec(100, 0.01), options);
            for (const std::string& key : keys) {
                filter.insert(key);
            }
            QVERIFY(filter.startRebuild());
        }  // the destructor cancels and joins
        ServingFilter filter(classicSpec(100, 0.01));
        QVERIFY(!filter.startRebuild());  // no key source
        QCOMPARE(filter.stats().action, GrowthAction::Reject);
    }

    void badOptionsAreRefused() {
        ServingFilter::Options options;
        options.checkEvery = 0;
        QVERIFY(test::throwsWith([&] { ServingFilter f(classicSpec(100, 0.01), options); }, "checkEvery"));
        options = {};
        options.policy.growth = 0.5;
        QVERIFY(test::throwsWith([&] { ServingFilter f(classicSpec(100, 0.01), options); }, "growth factor"));
        ServingFilter classic(classicSpec(100, 0.01));
        QVERIFY(!test::errorOf([&] { classic.erase("x"); }).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestServingFilter)
#include "tst_serving_filter.moc"
