// Concurrency stress. Labelled "concurrency" by tests/CMakeLists.txt, so it
// also runs under ThreadSanitizer (preset dev-tsan) and AddressSanitizer (preset dev-asan).
//
// Lock-free classic and blocked Bloom: W writer threads each insert their own keys and publish
// their progress after every insert (store-release); R reader threads, and the writers
// themselves between inserts, pick a writer, load its progress (load-acquire) and query a key
// below it -- both a random one and the most recently published one, which races hardest with
// the writers' fetch_or on the same words. The filters promise: a query that starts after an
// insert returned sees it. So every such query must answer "maybe" (zero false negatives), and
// after join every key must be found (zero lost inserts) and itemCount() must be exact.
//
// SynchronizedFilter (core/any_filter.h) over counting, cuckoo and scalable: writers insert;
// counting and cuckoo writers also erase every 4th of their keys right after inserting it
// ("transient" keys); readers query published permanent keys (paced to at most 4 queries per
// published insert, so the reader-preferring lock cannot starve the writers); a monitor thread
// reads stats() every 10 ms (stats() scans the whole structure).
// Zero false negatives, zero failed inserts/erases, exact item counts after join; the scalable
// filter starts tiny so that it adds layers while readers are querying.
//
// Scale: 4 writers x 1,000,000 keys (lock-free) and 4 writers x 250,000 keys (synchronized) by
// default. Under ThreadSanitizer the key counts are divided by 10 (TSan makes each atomic
// operation and lock ~10-50x slower), under AddressSanitizer by 4. BLOOMLAB_STRESS_KEYS=<keys
// per writer> overrides the lock-free figure (the synchronized one is a quarter of it).
#ifndef Q_MOC_RUN  // moc (Qt 6.4) cannot parse the C++20 concepts these pull in; it needs none of them
#include "core/any_filter.h"
#include "core/blocked_bloom_filter.h"
#include "core/bloom_filter.h"
#include "test_support.h"  // BLOOMLAB_UNDER_TSAN, BLOOMLAB_UNDER_ASAN
#endif

#include <QtTest/QtTest>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>
#include <thread>
#include <vector>


using namespace bloomlab;

namespace {

constexpr unsigned kWriters = 4;
constexpr unsigned kReaders = 2;
/// 1M keys per writer; a tenth under ThreadSanitizer, a quarter under AddressSanitizer.
constexpr std::uint64_t kDefaultKeysPerWriter =
    BLOOMLAB_UNDER_TSAN ? 100'000 : BLOOMLAB_UNDER_ASAN ? 250'000 : 1'000'000;

std::uint64_t keysPerWriter() {
    if (const char* env = std::getenv("BLOOMLAB_STRESS_KEYS")) {
        const long long value = std::atoll(env);
        if (value > 0) {
            return static_cast<std::uint64_t>(value);
        }
    }
    return kDefaultKeysPerWriter;
}

/// A 10-byte binary key: 'k', writer id, index as 8 little-endian bytes.
struct Key {
    std::array<char, 10> bytes{};
    Key(unsigned writer, std::uint64_t index) {
        bytes[0] = 'k';
        bytes[1] = static_cast<char>(writer);
        for (unsigned b = 0; b < 8; ++b) {
            bytes[2 + b] = static_cast<char>(index >> (8 * b));
        }
    }
    std::string_view view() const { return {bytes.data(), bytes.size()}; }
};

struct alignas(64) Progress {
    std::atomic<std::uint64_t> published{0};
};

struct Rng {  // xorshift64*, one per thread, fixed seeds
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 0x2545F4914F6CDD1DULL;
    }
};

struct StressFigures {
    std::uint64_t inserts = 0;
    std::uint64_t queries = 0;
    std::uint64_t falseNegatives = 0;
    std::uint64_t lostInserts = 0;
    double seconds = 0;
    unsigned writers = kWriters;
};

/// Picks a writer, acquires its progress and queries one of its published keys (`accept`
/// filters the index: only permanent keys). Returns false for a false negative.
template <class Query, class Accept>
bool queryPublished(std::vector<Progress>& progress, Rng& rng, bool newest, Query&& query,
                    Accept&& accept, std::uint64_t& queries) {
    const unsigned writer = static_cast<unsigned>(rng.next() % progress.size());
    const std::uint64_t published = progress[writer].published.load(std::memory_order_acquire);
    if (published == 0) {
        return true;
    }
    std::uint64_t index = newest ? published - 1 : rng.next() % published;
    while (!accept(index)) {
        if (index == 0) {
            return true;
        }
        --index;
    }
    ++queries;
    return query(Key(writer, index).view());
}

/// What the threads of one stress run share: each writer's progress, the finished-writer count
/// and the query tallies.
struct StressRun {
    explicit StressRun(unsigned writers) : progress(writers) {}

    std::vector<Progress> progress;
    std::atomic<unsigned> writersDone{0};
    std::atomic<std::uint64_t> queries{0};
    std::atomic<std::uint64_t> falseNegatives{0};
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

    bool writing() const { return writersDone.load(std::memory_order_acquire) < progress.size(); }

    /// Writer `w`: for each of its keys, insertOne(key, index), publish the index (store-release),
    /// then query a published key of some writer (the newest one every other time).
    template <class Insert, class Query, class Accept>
    void write(unsigned w, std::uint64_t perWriter, std::uint64_t seed, Insert&& insertOne, Query& query,
               Accept& accept) {
        Rng rng{seed};
        std::uint64_t myQueries = 0;
        std::uint64_t myMisses = 0;
        for (std::uint64_t i = 0; i < perWriter; ++i) {
            const Key key(w, i);
            insertOne(key, i);
            progress[w].published.store(i + 1, std::memory_order_release);
            if (!queryPublished(progress, rng, (i & 1) != 0, query, accept, myQueries)) {
                ++myMisses;
            }
        }
        tally(myQueries, myMisses);
        writersDone.fetch_add(1, std::memory_order_release);
    }

    void tally(std::uint64_t myQueries, std::uint64_t myMisses) {
        queries += myQueries;
        falseNegatives += myMisses;
    }

    /// After join: the run's time and tallies, and the accepted keys `filter` no longer finds.
    template <class Filter, class Accept>
    void finish(StressFigures& figures, Filter& filter, std::uint64_t perWriter, Accept& accept) const {
        const auto writers = static_cast<unsigned>(progress.size());
        figures.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        figures.inserts = writers * perWriter;
        figures.writers = writers;
        figures.queries = queries.load();
        figures.falseNegatives = falseNegatives.load();
        for (unsigned w = 0; w < writers; ++w) {
            for (std::uint64_t i = 0; i < perWriter; ++i) {
                if (accept(i) && !filter.mightContain(Key(w, i).view())) {
                    ++figures.lostInserts;
                }
            }
        }
    }
};

/// Lock-free filters (classic, blocked): concurrent insert + mightContain on the filter itself.
/// `writerCount` threads insert (kWriters, or 1 for a Writers::One filter, whose single writer
/// alternates insert() and one-key insertMany()).
template <class Filter>
StressFigures stressLockFree(Filter& filter, std::uint64_t perWriter, unsigned writerCount = kWriters) {
    StressRun run(writerCount);
    const auto all = [](std::uint64_t) { return true; };
    const auto query = [&filter](std::string_view key) { return filter.mightContain(key); };
    const auto insertOne = [&filter, writerCount](const Key& key, std::uint64_t i) {
        const std::string_view view = key.view();
        if (writerCount == 1 && (i & 1) != 0) {
            filter.insertMany(std::span<const std::string_view>(&view, 1));
        } else {
            filter.insert(view);
        }
    };

    std::vector<std::thread> threads;
    for (unsigned w = 0; w < writerCount; ++w) {
        threads.emplace_back([&, w] { run.write(w, perWriter, 0x1234567ULL + w, insertOne, query, all); });
    }
    for (unsigned r = 0; r < kReaders; ++r) {
        threads.emplace_back([&, r] {
            Rng rng{0xABCDEF01ULL + r};
            std::uint64_t myQueries = 0;
            std::uint64_t myMisses = 0;
            while (run.writing()) {
                for (int j = 0; j < 256; ++j) {
                    if (!queryPublished(run.progress, rng, (j & 1) != 0, query, all, myQueries)) {
                        ++myMisses;
                    }
                }
            }
            run.tally(myQueries, myMisses);
        });
    }
    for (std::thread& t : threads) {
        t.join();
    }
    StressFigures figures;
    run.finish(figures, filter, perWriter, all);
    return figures;
}

struct SyncFigures : StressFigures {
    std::uint64_t erases = 0;
    std::uint64_t failedInserts = 0;
    std::uint64_t failedErases = 0;
    std::uint64_t statsCalls = 0;
    std::uint64_t badStats = 0;  ///< stats() with a fill ratio outside [0, 1]
    FilterStats finalStats;
};

bool isTransient(std::uint64_t index) { return index % 4 == 3; }

/// SynchronizedFilter: concurrent insert (+ erase of transient keys) + mightContain + stats.
SyncFigures stressSynchronized(SynchronizedFilter& filter, std::uint64_t perWriter, bool withErase) {
    StressRun run(kWriters);
    std::atomic<std::uint64_t> erases{0};
    std::atomic<std::uint64_t> failedInserts{0};
    std::atomic<std::uint64_t> failedErases{0};
    std::atomic<std::uint64_t> statsCalls{0};
    std::atomic<std::uint64_t> badStats{0};
    const auto permanent = [withErase](std::uint64_t i) { return !withErase || !isTransient(i); };
    const auto query = [&filter](std::string_view key) { return filter.mightContain(key); };
    const auto insertOne = [&](const Key& key, std::uint64_t i) {
        if (!filter.insert(key.view())) {
            failedInserts.fetch_add(1, std::memory_order_relaxed);
        }
        if (withErase && isTransient(i)) {
            if (filter.erase(key.view())) {
                erases.fetch_add(1, std::memory_order_relaxed);
            } else {
                failedErases.fetch_add(1, std::memory_order_relaxed);
            }
        }
    };

    std::vector<std::thread> threads;
    for (unsigned w = 0; w < kWriters; ++w) {
        threads.emplace_back([&, w] { run.write(w, perWriter, 0x7654321ULL + w, insertOne, query, permanent); });
    }
    for (unsigned r = 0; r < kReaders; ++r) {
        threads.emplace_back([&, r] {
            Rng rng{0xFEDCBA9ULL + r};
            std::uint64_t myQueries = 0;
            std::uint64_t myMisses = 0;
            while (run.writing()) {
                // Paced: at most 4 queries per published insert. Unpaced readers keep the
                // shared lock held by someone at all times and starve the writers (glibc's
                // rwlock prefers readers): see docs/reliability.md.
                std::uint64_t published = 0;
                for (const Progress& p : run.progress) {
                    published += p.published.load(std::memory_order_relaxed);
                }
                if (myQueries > 4 * published + 256) {
                    std::this_thread::yield();
                    continue;
                }
                for (int j = 0; j < 64; ++j) {
                    if (!queryPublished(run.progress, rng, (j & 1) != 0, query, permanent, myQueries)) {
                        ++myMisses;
                    }
                }
            }
            run.tally(myQueries, myMisses);
        });
    }
    threads.emplace_back([&] {  // monitor: stats() under the shared lock while writers write
        while (run.writing()) {
            const FilterStats s = filter.stats();
            if (!(s.fillRatio >= 0.0 && s.fillRatio <= 1.0)) {
                badStats.fetch_add(1, std::memory_order_relaxed);
            }
            statsCalls.fetch_add(1, std::memory_order_relaxed);
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    });
    for (std::thread& t : threads) {
        t.join();
    }
    SyncFigures figures;
    run.finish(figures, filter, perWriter, permanent);
    figures.erases = erases.load();
    figures.failedInserts = failedInserts.load();
    figures.failedErases = failedErases.load();
    figures.statsCalls = statsCalls.load();
    figures.badStats = badStats.load();
    figures.finalStats = filter.stats();
    return figures;
}

void report(const char* name, const StressFigures& f) {
    qInfo("%s: %u writers + %u readers, %llu inserts, %llu concurrent queries, %.2f s "
          "(%.2f M inserts/s), false negatives %llu, lost inserts %llu",
          name, f.writers, kReaders, static_cast<unsigned long long>(f.inserts),
          static_cast<unsigned long long>(f.queries), f.seconds, f.inserts / f.seconds / 1e6,
          static_cast<unsigned long long>(f.falseNegatives),
          static_cast<unsigned long long>(f.lostInserts));
}

void report(const char* name, const SyncFigures& f) {
    report(name, static_cast<const StressFigures&>(f));
    qInfo("%s: erases %llu (failed %llu), failed inserts %llu, stats() calls %llu, final items %llu, "
          "layers %u", name, static_cast<unsigned long long>(f.erases),
          static_cast<unsigned long long>(f.failedErases),
          static_cast<unsigned long long>(f.failedInserts),
          static_cast<unsigned long long>(f.statsCalls),
          static_cast<unsigned long long>(f.finalStats.items), f.finalStats.layers);
}

} // namespace

/// Runs stressLockFree with `writers` inserting threads of keysPerWriter() keys each and checks
/// its promises: no false negative while inserting, nothing lost, exact item count.
template <class Filter>
void checkLockFree(const char* name, Filter& filter, unsigned writers) {
    const std::uint64_t n = keysPerWriter();
    const StressFigures f = stressLockFree(filter, n, writers);
    report(name, f);
    QCOMPARE(f.falseNegatives, std::uint64_t{0});
    QCOMPARE(f.lostInserts, std::uint64_t{0});
    QCOMPARE(filter.itemCount(), writers * n);
    QVERIFY(f.queries > 0);
}

class TestConcurrency : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        qInfo("keys per writer: %llu lock-free, %llu synchronized%s",
              static_cast<unsigned long long>(keysPerWriter()),
              static_cast<unsigned long long>(syncKeysPerWriter()),
              BLOOMLAB_UNDER_TSAN   ? " (scaled down for ThreadSanitizer)"
              : BLOOMLAB_UNDER_ASAN ? " (scaled down for AddressSanitizer)"
                                    : "");
    }

    void classicLockFree() {
        BloomFilter filter = BloomFilter::forCapacity(kWriters * keysPerWriter(), 0.01);
        checkLockFree("classic", filter, kWriters);
    }

    void blockedLockFree() {
        BlockedBloomFilter filter = BlockedBloomFilter::forCapacity(kWriters * keysPerWriter(), 0.01);
        checkLockFree("blocked", filter, kWriters);
    }

    // Writers::One (no locked instructions): one writer, the readers and the writer itself query
    // what it published; same promises (no false negative, nothing lost).
    void classicOneWriter() {
        BloomFilter filter = BloomFilter::forCapacity(keysPerWriter(), 0.01);
        filter.setWriters(Writers::One);
        checkLockFree("classic, Writers::One", filter, 1);
    }

    void blockedOneWriter() {
        BlockedBloomFilter filter = BlockedBloomFilter::forCapacity(keysPerWriter(), 0.01);
        filter.setWriters(Writers::One);
        checkLockFree("blocked, Writers::One", filter, 1);
    }

    void countingSynchronized() {
        const std::uint64_t n = syncKeysPerWriter();
        SynchronizedFilter filter(AnyFilter::create(
            {.type = FilterType::Counting, .capacity = kWriters * n, .fpr = 0.01}));
        checkSynchronized("counting", filter, n, true);
    }

    void cuckooSynchronized_data() {
        QTest::addColumn<unsigned>("fingerprintBits");
        QTest::newRow("8-bit") << 8U;
        QTest::newRow("16-bit") << 16U;
    }

    void cuckooSynchronized() {
        QFETCH(unsigned, fingerprintBits);
        const std::uint64_t n = syncKeysPerWriter();
        SynchronizedFilter filter(AnyFilter::create({.type = FilterType::Cuckoo,
                                                     .capacity = kWriters * n,
                                                     .fpr = 0.01,
                                                     .fingerprintBits = fingerprintBits}));
        checkSynchronized(fingerprintBits == 8 ? "cuckoo8" : "cuckoo16", filter, n, true);
    }

    void scalableSynchronized() {
        const std::uint64_t n = syncKeysPerWriter();
        // Starts at 1,000 items: with growth 2 it adds ~10 layers while readers query.
        SynchronizedFilter filter(AnyFilter::create(
            {.type = FilterType::Scalable, .capacity = 1000, .fpr = 0.01}));
        const SyncFigures f = checkSynchronized("scalable", filter, n, false);
        QVERIFY2(f.finalStats.layers > 3, "the scalable filter should have grown during the test");
    }

private:
    static std::uint64_t syncKeysPerWriter() { return std::max<std::uint64_t>(1, keysPerWriter() / 4); }

    SyncFigures checkSynchronized(const char* name, SynchronizedFilter& filter, std::uint64_t n,
                                  bool withErase) {
        const SyncFigures f = stressSynchronized(filter, n, withErase);
        report(name, f);
        const std::uint64_t transient = withErase ? kWriters * (n / 4) : 0;
        [&] {
            QCOMPARE(f.falseNegatives, std::uint64_t{0});
            QCOMPARE(f.lostInserts, std::uint64_t{0});
            QCOMPARE(f.failedInserts, std::uint64_t{0});
            QCOMPARE(f.failedErases, std::uint64_t{0});
            QCOMPARE(f.erases, transient);
            QCOMPARE(f.badStats, std::uint64_t{0});
            QCOMPARE(f.finalStats.items, kWriters * n - transient);
            QVERIFY(f.queries > 0);
        }();
        return f;
    }
};

QTEST_GUILESS_MAIN(TestConcurrency)
#include "tst_concurrency.moc"
