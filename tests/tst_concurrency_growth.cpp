// Growing filters under concurrent use. Labelled "concurrency" by tests/CMakeLists.txt, so it
// also runs under ThreadSanitizer (preset dev-tsan).
//
// ServingFilter rebuilds: 2 writers insert their own keys (the store of record first: a
// per-writer "stored" count, store-release; then insert; then "published", store-release) and
// the growth monitor starts rebuilds on fill (and, for the cuckoo table, on refused inserts);
// 4 readers (two through ServingFilter::Reader handles, two through mightContain) query
// published keys throughout: before, during and after each rebuild. Every rebuild's key
// source, after listing the stored keys, waits until every reader has queried during that
// rebuild (so "readers do not wait on the rebuild" is checked by progress, not by time: a
// reader blocked by the rebuild would never make the count). Writers wait for a running rebuild
// every 4,096 inserts, so the filter is rebuilt several times as it fills.
// Tiered cuckoo: one writer fills a TieredCuckooFilter past several tiers behind a
// std::shared_mutex while 4 readers query published keys; after each added tier the writer
// waits until the readers have queried again.
// Promises checked: zero false negatives while running and after join, reader queries during
// rebuilds > 0 for every rebuild, the rebuild count and generation agree.
// The growing retrieval cache: its owner thread adds documents through the cache, flushes them
// into the filter and looks up absent keys, so backend-confirmed false positives start rebuilds
// from the store (a hash store whose key listing, like the key source above, waits until every
// reader has queried during the rebuild, and until the owner has flushed a batch into the filter
// during it: every rebuild has keys inserted while it runs, in its side log); 4 readers query the
// cache's ServingFilter for keys already in the filter throughout, and the owner asks the cache
// for every document: zero false negatives before, during and after each rebuild.
//
// Scale: 2 x 60,000 keys (classic), 2 x 30,000 (cuckoo), 40,000 (tiered); a tenth under
// ThreadSanitizer.
#ifndef Q_MOC_RUN
#include "core/bench/benchmark_engine.h"
#include "core/retrieval/corpus.h"
#include "core/retrieval/retrieval_cache.h"
#include "core/serving_filter.h"
#include "core/tiered_cuckoo_filter.h"
#include "test_support.h"  // BLOOMLAB_UNDER_TSAN
#endif

#include <QtTest/QtTest>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <random>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

using namespace bloomlab;

namespace {

constexpr unsigned kWriters = 2;
constexpr unsigned kReaders = 4;
constexpr std::uint64_t kScale = BLOOMLAB_UNDER_TSAN ? 10 : 1;

/// Key `index` of writer `writer`: 'g', writer id, index as 8 little-endian bytes.
std::string keyOf(unsigned writer, std::uint64_t index) {
    std::string key(10, '\0');
    key[0] = 'g';
    key[1] = static_cast<char>(writer);
    for (unsigned b = 0; b < 8; ++b) {
        key[2 + b] = static_cast<char>(index >> (8 * b));
    }
    return key;
}

using Rng = std::mt19937_64;  // fixed seeds

struct alignas(64) WriterProgress {
    std::atomic<std::uint64_t> stored{0};     ///< in the store of record
    std::atomic<std::uint64_t> published{0};  ///< insert() returned
};

struct alignas(64) ReaderTally {
    std::atomic<std::uint64_t> queries{0};
    std::atomic<std::uint64_t> duringRebuild{0};
    std::atomic<std::uint64_t> falseNegatives{0};
};

struct RebuildFigures {
    std::uint64_t inserts = 0;
    std::uint64_t queries = 0;
    std::uint64_t queriesDuringRebuilds = 0;
    std::uint64_t falseNegatives = 0;
    std::uint64_t lostKeys = 0;
    std::uint64_t rebuildsWithoutReaders = 0;  ///< rebuilds during which some reader made no query
    std::uint64_t retriedInserts = 0;
    ServingStats stats;
};

/// The writers, readers and rebuilds described at the top, on a filter built from `spec`.
RebuildFigures stressRebuilds(const FilterSpec& spec, const GrowthThresholds& thresholds, std::uint64_t perWriter) {
    std::array<WriterProgress, kWriters> progress;
    std::array<ReaderTally, kReaders> tally;
    std::atomic<bool> done{false};
    std::atomic<std::uint64_t> rebuildsWithoutReaders{0};
    std::atomic<std::uint64_t> retried{0};

    ServingFilter::Options options;
    options.policy.action = GrowthAction::Rebuild;
    options.policy.thresholds = thresholds;
    options.checkEvery = 64;
    options.keySource = [&](const ServingFilter::KeySink& sink) {
        std::array<std::uint64_t, kReaders> before{};
        for (unsigned r = 0; r < kReaders; ++r) {
            before[r] = tally[r].duringRebuild.load(std::memory_order_acquire);
        }
        for (unsigned w = 0; w < kWriters; ++w) {
            const std::uint64_t stored = progress[w].stored.load(std::memory_order_acquire);
            for (std::uint64_t i = 0; i < stored; ++i) {
                sink(keyOf(w, i));
            }
        }
        // Progress, not time: every reader must query while this rebuild is in flight. The
        // bound only keeps a broken build from hanging (it would fail the count below).
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        for (unsigned r = 0; r < kReaders; ++r) {
            while (tally[r].duringRebuild.load(std::memory_order_acquire) == before[r]) {
                if (std::chrono::steady_clock::now() > deadline) {
                    rebuildsWithoutReaders.fetch_add(1);
                    return;
                }
                std::this_thread::yield();
            }
        }
    };
    ServingFilter filter(spec, options);

    std::vector<std::thread> threads;
    for (unsigned w = 0; w < kWriters; ++w) {
        threads.emplace_back([&, w] {
            for (std::uint64_t i = 0; i < perWriter; ++i) {
                const std::string key = keyOf(w, i);
                progress[w].stored.store(i + 1, std::memory_order_release);
                // A refused insert (a full cuckoo table) is not represented yet: rebuild, retry.
                for (int attempt = 0; !filter.insert(key) && attempt < 20; ++attempt) {
                    retried.fetch_add(1);
                    filter.startRebuild();
                    filter.waitForRebuild();
                }
                progress[w].published.store(i + 1, std::memory_order_release);
                if ((i + 1) % 4096 == 0) {
                    filter.waitForRebuild();  // writers may wait (readers may not): several rebuilds
                }
            }
        });
    }
    for (unsigned r = 0; r < kReaders; ++r) {
        threads.emplace_back([&, r] {
            Rng rng(0xC0FFEEULL + r);
            ServingFilter::Reader reader(filter);
            const bool useHandle = r % 2 == 0;
            while (!done.load(std::memory_order_acquire)) {
                const auto w = static_cast<unsigned>(rng() % kWriters);
                const std::uint64_t published = progress[w].published.load(std::memory_order_acquire);
                if (published == 0) {
                    std::this_thread::yield();
                    continue;
                }
                const bool rebuilding = filter.rebuilding();
                const std::uint64_t index = (rng() & 1) != 0 ? published - 1 : rng() % published;
                const std::string key = keyOf(w, index);
                const bool found = useHandle ? reader.mightContain(key) : filter.mightContain(key);
                if (!found) {
                    tally[r].falseNegatives.fetch_add(1, std::memory_order_relaxed);
                }
                tally[r].queries.fetch_add(1, std::memory_order_relaxed);
                if (rebuilding) {
                    tally[r].duringRebuild.fetch_add(1, std::memory_order_release);
                }
            }
        });
    }
    for (unsigned w = 0; w < kWriters; ++w) {
        threads[w].join();
    }
    filter.waitForRebuild();
    done.store(true, std::memory_order_release);
    for (unsigned t = kWriters; t < threads.size(); ++t) {
        threads[t].join();
    }

    RebuildFigures f;
    f.inserts = kWriters * perWriter;
    for (const ReaderTally& t : tally) {
        f.queries += t.queries.load();
        f.queriesDuringRebuilds += t.duringRebuild.load();
        f.falseNegatives += t.falseNegatives.load();
    }
    for (unsigned w = 0; w < kWriters; ++w) {
        for (std::uint64_t i = 0; i < perWriter; ++i) {
            f.lostKeys += filter.mightContain(keyOf(w, i)) ? 0 : 1;
        }
    }
    return {f.inserts, f.queries, f.queriesDuringRebuilds, f.falseNegatives, f.lostKeys,
            rebuildsWithoutReaders.load(), retried.load(), filter.stats()};
}

void report(const char* name, const RebuildFigures& f) {
    const QString line = QString("%1: %2 inserts, %3 rebuilds (generation %4), %5 readers made %6 queries, %7 during "
                                 "rebuilds; false negatives %8, lost keys %9")
                             .arg(name)
                             .arg(f.inserts)
                             .arg(f.stats.rebuilds)
                             .arg(f.stats.generation)
                             .arg(kReaders)
                             .arg(f.queries)
                             .arg(f.queriesDuringRebuilds)
                             .arg(f.falseNegatives)
                             .arg(f.lostKeys);
    qInfo("%s; retried inserts %s, final capacity %s", qPrintable(line), qPrintable(QString::number(f.retriedInserts)),
          qPrintable(QString::number(f.stats.filter.capacity)));
}

void checkRebuilds(const RebuildFigures& f) {
    QCOMPARE(f.falseNegatives, std::uint64_t{0});
    QCOMPARE(f.lostKeys, std::uint64_t{0});
    QVERIFY2(f.stats.rebuilds >= 2, "the monitor should have started several rebuilds");
    QCOMPARE(f.stats.failedRebuilds, std::uint64_t{0});
    QCOMPARE(f.stats.generation, f.stats.rebuilds);
    QCOMPARE(f.rebuildsWithoutReaders, std::uint64_t{0});
    QVERIFY(f.queriesDuringRebuilds > 0);
    QVERIFY(f.stats.filter.capacity >= f.inserts);
}

/// A store of record (a hash store) whose key listing, once done, waits until every reader has
/// queried during the rebuild that asked for it.
class WaitingStore final : public Backend {
public:
    WaitingStore(const StoreContents& contents, std::array<ReaderTally, kReaders>& tally)
        : m_store(bench::makeBackend(bench::parseBackendSpec("hash"), contents)), m_tally(tally) {}
    std::string name() const override { return "hash (waiting)"; }
    std::optional<std::string> lookup(std::string_view query) override { return m_store->lookup(query); }
    void addDocument(std::string_view phrase, std::string_view document) override {
        m_store->addDocument(phrase, document);
    }
    std::uint64_t documentCount() const override { return m_store->documentCount(); }
    bool listsKeys() const noexcept override { return true; }
    void forEachKey(const KeySink& sink) const override {
        std::array<std::uint64_t, kReaders> before{};
        for (unsigned r = 0; r < kReaders; ++r) {
            before[r] = m_tally[r].duringRebuild.load(std::memory_order_acquire);
        }
        m_store->forEachKey(sink);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        for (unsigned r = 0; r < kReaders; ++r) {
            while (m_tally[r].duringRebuild.load(std::memory_order_acquire) == before[r]) {
                if (std::chrono::steady_clock::now() > deadline) {
                    m_listingsWithoutReaders.fetch_add(1);
                    return;
                }
                std::this_thread::yield();
            }
        }
        while (m_held.load(std::memory_order_acquire)) {
            if (std::chrono::steady_clock::now() > deadline) {
                m_listingsWithoutReaders.fetch_add(1);
                return;
            }
            std::this_thread::yield();
        }
    }
    std::uint64_t listingsWithoutReaders() const { return m_listingsWithoutReaders.load(); }
    /// While held, a listing does not return (so the rebuild cannot end) until released.
    void hold(bool held) { m_held.store(held, std::memory_order_release); }

private:
    std::unique_ptr<Backend> m_store;
    std::array<ReaderTally, kReaders>& m_tally;
    mutable std::atomic<std::uint64_t> m_listingsWithoutReaders{0};
    std::atomic<bool> m_held{false};
};

} // namespace

class TestConcurrencyGrowth : public QObject {
    Q_OBJECT

private slots:
    void classicRebuildsWhileReadersQuery() {
        GrowthThresholds t;
        t.fill = 0.45;
        const RebuildFigures f = stressRebuilds({.type = FilterType::Classic, .capacity = 2000, .fpr = 0.01}, t,
                                                60'000 / kScale);
        report("classic", f);
        checkRebuilds(f);
    }

    void cuckooRebuildsWhileReadersQuery() {
        GrowthThresholds t;
        t.fill = 0.80;
        t.failedInserts = 1;
        const RebuildFigures f = stressRebuilds(
            {.type = FilterType::Cuckoo, .capacity = 2000, .fpr = 0.001, .fingerprintBits = 12}, t, 30'000 / kScale);
        report("cuckoo (synchronized)", f);
        checkRebuilds(f);
    }

    void growingCacheRebuildsWhileReadersQuery() {
        // 300 documents at the start, 3,000 arriving in batches of 150, a filter sized for 300.
        const std::uint64_t initialCount = 300 / (kScale == 1 ? 1 : 3);
        const std::uint64_t arrivingCount = 3000 / (kScale == 1 ? 1 : 3);
        const std::uint64_t batch = 150 / (kScale == 1 ? 1 : 3);
        const Corpus corpus = Corpus::generate(initialCount + arrivingCount, 41);
        StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
        for (std::uint64_t i = 0; i < initialCount; ++i) {
            contents.documented[i] = true;
        }
        const std::vector<std::string>& keys = corpus.phrases();  // read-only from here on
        std::array<ReaderTally, kReaders> tally;
        WaitingStore store(contents, tally);
        GrowthPolicy policy;
        policy.action = GrowthAction::Rebuild;
        policy.thresholds.confirmedFpr = 0.05;
        policy.thresholds.confirmedWindow = 100;
        CacheOptions options;
        options.maxPending = 1'000'000;  // flushed by the owner
        RetrievalCache cache({.type = FilterType::Classic, .capacity = initialCount, .fpr = 0.01}, policy, store,
                             options);
        for (std::uint64_t i = 0; i < initialCount; ++i) {
            cache.preload(keys[i]);
        }
        ServingFilter& filter = *cache.servingFilter();
        std::atomic<std::uint64_t> inFilter{initialCount};  // keys[0, inFilter) are in the filter
        std::atomic<bool> done{false};
        std::vector<std::thread> readers;
        for (unsigned r = 0; r < kReaders; ++r) {
            readers.emplace_back([&, r] {
                Rng rng(0xCAC4EULL + r);
                ServingFilter::Reader reader(filter);
                while (!done.load(std::memory_order_acquire)) {
                    const std::uint64_t n = inFilter.load(std::memory_order_acquire);
                    const bool rebuilding = filter.rebuilding();
                    const std::string& key = keys[(rng() & 1) != 0 ? n - 1 : rng() % n];
                    const bool found = r % 2 == 0 ? reader.mightContain(key) : filter.mightContain(key);
                    tally[r].falseNegatives.fetch_add(found ? 0 : 1, std::memory_order_relaxed);
                    tally[r].queries.fetch_add(1, std::memory_order_relaxed);
                    if (rebuilding) {
                        tally[r].duringRebuild.fetch_add(1, std::memory_order_release);
                    }
                }
            });
        }
        // The owner: a batch arrives and is flushed into the filter, then absent-key lookups
        // (the window trips once the filter is overfilled) and a check of every document. A rebuild
        // started in one batch is held (by the store's listing) until the next batch is flushed;
        // then the owner waits for it, so the filter is rebuilt several times.
        const std::vector<std::string> absent = corpus.absentPhrases(20'000, 42);
        std::uint64_t nextAbsent = 0;
        std::uint64_t ownerFalseNegatives = 0;
        std::uint64_t batchesDuringRebuilds = 0;
        store.hold(true);
        for (std::uint64_t start = initialCount; start < initialCount + arrivingCount; start += batch) {
            for (std::uint64_t i = start; i < start + batch; ++i) {
                cache.addDocument(keys[i], Corpus::documentFor(keys[i]));
            }
            cache.flushPending();
            inFilter.store(start + batch, std::memory_order_release);
            if (filter.rebuilding()) {  // held by the store: this batch went to the side log
                ++batchesDuringRebuilds;
                store.hold(false);
                filter.waitForRebuild();  // the owner may wait (readers may not): several rebuilds
                store.hold(true);
            }
            for (int i = 0; i < 200; ++i) {
                QVERIFY(!cache.get(absent[nextAbsent++ % absent.size()]));
            }
            for (std::uint64_t i = 0; i < start + batch; ++i) {
                ownerFalseNegatives += cache.get(keys[i]) ? 0 : 1;
            }
        }
        store.hold(false);
        filter.waitForRebuild();
        done.store(true, std::memory_order_release);
        for (std::thread& t : readers) {
            t.join();
        }
        std::uint64_t queries = 0, during = 0, falseNegatives = 0;
        for (const ReaderTally& t : tally) {
            queries += t.queries.load();
            during += t.duringRebuild.load();
            falseNegatives += t.falseNegatives.load();
        }
        const CacheGrowth g = *cache.growth();
        qInfo("growing cache: %llu documents, %llu rebuilds (capacity %llu), %u readers made %llu queries, %llu "
              "during rebuilds, %llu batches flushed during rebuilds; false negatives %llu (readers), %llu (through "
              "the cache)",
              static_cast<unsigned long long>(initialCount + arrivingCount),
              static_cast<unsigned long long>(g.rebuilds), static_cast<unsigned long long>(g.capacity), kReaders,
              static_cast<unsigned long long>(queries), static_cast<unsigned long long>(during),
              static_cast<unsigned long long>(batchesDuringRebuilds), static_cast<unsigned long long>(falseNegatives),
              static_cast<unsigned long long>(ownerFalseNegatives));
        QCOMPARE(falseNegatives, std::uint64_t{0});
        QCOMPARE(ownerFalseNegatives, std::uint64_t{0});
        QVERIFY2(g.rebuilds >= 2, "confirmed false positives should have started several rebuilds");
        QCOMPARE(g.failedRebuilds, std::uint64_t{0});
        QCOMPARE(g.generation, g.rebuilds);
        QCOMPARE(store.listingsWithoutReaders(), std::uint64_t{0});
        QVERIFY(during > 0);
        // Every rebuild but one tripped in the last batch spans a flush of the next batch.
        QVERIFY(batchesDuringRebuilds >= 1 && batchesDuringRebuilds + 1 >= g.rebuilds);
        for (std::uint64_t i = 0; i < initialCount + arrivingCount; ++i) {
            QVERIFY(filter.mightContain(keys[i]));
        }
    }

    void tiersAddedWhileReadersQuery() {
        TieredCuckooFilter::Params params;
        params.initialCapacity = 1000 / kScale;
        params.targetFpr = 0.01;
        params.maxTiers = 12;
        params.seed = 5;
        TieredCuckooFilter tiered(params);
        std::shared_mutex lock;
        const std::uint64_t total = 40'000 / kScale;
        std::atomic<std::uint64_t> published{0};
        std::atomic<bool> done{false};
        std::atomic<std::uint64_t> falseNegatives{0};
        std::atomic<std::uint64_t> queries{0};
        std::atomic<std::uint64_t> failed{0};
        std::vector<std::thread> threads;
        std::atomic<std::uint64_t> progress{0};  // reader queries so far
        std::atomic<std::uint64_t> tiersWithoutReaders{0};
        threads.emplace_back([&] {
            std::uint32_t tiers = 1;
            for (std::uint64_t i = 0; i < total; ++i) {
                std::unique_lock write(lock);
                if (!tiered.insert(keyOf(0, i))) {
                    failed.fetch_add(1);
                }
                const std::uint32_t now = tiered.tierCount();
                write.unlock();
                published.store(i + 1, std::memory_order_release);
                if (now != tiers) {  // a tier was added: let the readers query across it
                    tiers = now;
                    const std::uint64_t before = progress.load(std::memory_order_acquire);
                    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
                    while (progress.load(std::memory_order_acquire) < before + 4 * kReaders) {
                        if (std::chrono::steady_clock::now() > deadline) {
                            tiersWithoutReaders.fetch_add(1);
                            break;
                        }
                        std::this_thread::yield();
                    }
                }
            }
        });
        for (unsigned r = 0; r < kReaders; ++r) {
            threads.emplace_back([&, r] {
                Rng rng(0xBEEFULL + r);
                std::uint64_t mine = 0;
                while (!done.load(std::memory_order_acquire)) {
                    const std::uint64_t n = published.load(std::memory_order_acquire);
                    if (n == 0) {
                        std::this_thread::yield();
                        continue;
                    }
                    const std::uint64_t index = (rng() & 1) != 0 ? n - 1 : rng() % n;
                    std::shared_lock read(lock);
                    if (!tiered.mightContain(keyOf(0, index))) {
                        falseNegatives.fetch_add(1);
                    }
                    read.unlock();
                    progress.fetch_add(1, std::memory_order_release);
                    if ((++mine & 63) == 0) {
                        std::this_thread::yield();  // glibc's rwlock prefers readers: let the writer in
                    }
                }
                queries.fetch_add(mine);
            });
        }
        threads[0].join();
        done.store(true, std::memory_order_release);
        for (std::size_t t = 1; t < threads.size(); ++t) {
            threads[t].join();
        }
        qInfo("tiered cuckoo: %llu inserts, %u tiers, %u readers made %llu queries, false negatives %llu",
              static_cast<unsigned long long>(total), tiered.tierCount(), kReaders,
              static_cast<unsigned long long>(queries.load()), static_cast<unsigned long long>(falseNegatives.load()));
        QCOMPARE(failed.load(), std::uint64_t{0});
        QCOMPARE(falseNegatives.load(), std::uint64_t{0});
        QCOMPARE(tiersWithoutReaders.load(), std::uint64_t{0});
        QVERIFY(tiered.tierCount() >= 4);
        QVERIFY(queries.load() > 0);
        for (std::uint64_t i = 0; i < total; ++i) {
            QVERIFY(tiered.mightContain(keyOf(0, i)));
        }
        QVERIFY(tiered.compoundedFprBound() < params.targetFpr);
    }
};

QTEST_GUILESS_MAIN(TestConcurrencyGrowth)
#include "tst_concurrency_growth.moc"
