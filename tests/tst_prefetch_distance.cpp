// Tests for core/prefetch_distance: the accepted distances and levels, the rule per array size,
// and BLOOMLAB_PREFETCH_DISTANCE / BLOOMLAB_PREFETCH_LEVEL as the process was started with them
// (CTest runs this binary with both unset, each set to valid values, and both set to wrong ones;
// every case checks what its environment implies), and that the batched lookups answer as the
// one-key ones at every distance and level the rule can pick.
#include "core/blocked_bloom_filter.h"
#include "core/cuckoo_filter.h"
#include "core/prefetch_distance.h"

#include "test_support.h"

#include <QtTest>

#include <cstdlib>
#include <string>
#include <vector>

using namespace bloomlab;

class TestPrefetchDistance : public QObject {
    Q_OBJECT

  private slots:
    void parsesOnlyTheDistancesThePipelinesHold() {
        for (const std::size_t d : {32U, 64U, 128U, 256U}) {
            QCOMPARE(parsePrefetchDistance(std::to_string(d)).value_or(0), d);
        }
        for (const char* bad : {"", "0", "16", "48", "100", "512", "64 ", " 64", "+64", "-64", "64k", "abc",
                                "99999999999999999999999"}) {
            QVERIFY2(!parsePrefetchDistance(bad).has_value(), bad);
        }
    }

    void parsesOnlyTheLevels() {
        QCOMPARE(parsePrefetchLevel("l1").value_or(PrefetchLevel::L2), PrefetchLevel::L1);
        QCOMPARE(parsePrefetchLevel("L1").value_or(PrefetchLevel::L2), PrefetchLevel::L1);
        QCOMPARE(parsePrefetchLevel("l2").value_or(PrefetchLevel::L1), PrefetchLevel::L2);
        QCOMPARE(parsePrefetchLevel("L2").value_or(PrefetchLevel::L1), PrefetchLevel::L2);
        for (const char* bad : {"", "1", "2", "l3", "L0", "l1 ", " l2", "l12", "L1L2", "prefetcht1", "t0"}) {
            QVERIFY2(!parsePrefetchLevel(bad).has_value(), bad);
        }
        QCOMPARE(std::string(prefetchLevelName(PrefetchLevel::L1)), std::string("L1"));
        QCOMPARE(std::string(prefetchLevelName(PrefetchLevel::L2)), std::string("L2"));
    }

    /// Within the L2 prefetches fill the L1, beyond it the L2, whatever set the distance; the
    /// environment's level, when valid, for every array.
    void levelPerArraySize() {
        const char* env = std::getenv("BLOOMLAB_PREFETCH_LEVEL");
        const std::optional<PrefetchLevel> forced = env ? parsePrefetchLevel(env) : std::nullopt;
        const std::uint64_t cache = prefetchCacheBytes();
        const PrefetchDistances d{128, 64};
        if (forced) {
            QCOMPARE(prefetchLevelFromEnvironment().value_or(PrefetchLevel(7)), *forced);
            QCOMPARE(choosePrefetchDistance(1024, d).level, *forced);
            QCOMPARE(choosePrefetchDistance(std::uint64_t{1} << 40, d).level, *forced);
            return;
        }
        QVERIFY(!prefetchLevelFromEnvironment().has_value());
        QCOMPARE(choosePrefetchDistance(std::uint64_t{1} << 40, d).level, PrefetchLevel::L2);
        if (cache == 0) {
            QCOMPARE(choosePrefetchDistance(1024, d).level, PrefetchLevel::L2);  // every array counts as beyond it
            return;
        }
        QCOMPARE(choosePrefetchDistance(1024, d).level, PrefetchLevel::L1);
        QCOMPARE(choosePrefetchDistance(cache, d).level, PrefetchLevel::L1);
        QCOMPARE(choosePrefetchDistance(cache + 1, d).level, PrefetchLevel::L2);
        {
            const ScopedPrefetchDistance scoped(256);  // a distance set another way keeps the size rule's level
            QCOMPARE(choosePrefetchDistance(1024, d).level, PrefetchLevel::L1);
            QCOMPARE(choosePrefetchDistance(cache + 1, d).level, PrefetchLevel::L2);
        }
    }

    void scopedLevelNestsAndRestores() {
        const PrefetchChoice before = choosePrefetchDistance(std::uint64_t{1} << 40, {128, 64});
        {
            const ScopedPrefetchLevel outer(PrefetchLevel::L1);
            QCOMPARE(choosePrefetchDistance(std::uint64_t{1} << 40, {128, 64}).level, PrefetchLevel::L1);
            {
                const ScopedPrefetchLevel inner(PrefetchLevel::L2);
                QCOMPARE(choosePrefetchDistance(1024, {64, 64}).level, PrefetchLevel::L2);
                // The distance stays the size rule's (or the environment's).
                QCOMPARE(choosePrefetchDistance(std::uint64_t{1} << 40, {128, 64}).distance, before.distance);
            }
            QCOMPARE(choosePrefetchDistance(1024, {64, 64}).level, PrefetchLevel::L1);
        }
        const PrefetchChoice after = choosePrefetchDistance(std::uint64_t{1} << 40, {128, 64});
        QCOMPARE(after.level, before.level);
        QCOMPARE(after.distance, before.distance);
    }

    void rulePerArraySize() {
        const PrefetchDistances d{128, 64};
        const char* env = std::getenv("BLOOMLAB_PREFETCH_DISTANCE");
        const std::optional<std::size_t> forced = env ? parsePrefetchDistance(env) : std::nullopt;
        const std::uint64_t cache = prefetchCacheBytes();
        const PrefetchChoice small = choosePrefetchDistance(1024, d);
        const PrefetchChoice large = choosePrefetchDistance(std::uint64_t{1} << 40, d);
        if (forced) {
            QCOMPARE(small.distance, *forced);
            QCOMPARE(large.distance, *forced);
            QCOMPARE(small.rule, PrefetchRule::Environment);
            QCOMPARE(prefetchDistanceFromEnvironment().value_or(0), *forced);
            return;
        }
        QVERIFY(!prefetchDistanceFromEnvironment().has_value());
        QCOMPARE(large.distance, std::size_t{64});
        QCOMPARE(large.rule, PrefetchRule::Memory);
        if (cache == 0) {
            QCOMPARE(small.rule, PrefetchRule::Memory);  // no cache size known: every array is "memory"
        } else {
            QCOMPARE(small.distance, std::size_t{128});
            QCOMPARE(small.rule, PrefetchRule::InCache);
            QCOMPARE(choosePrefetchDistance(cache, d).rule, PrefetchRule::InCache);
            QCOMPARE(choosePrefetchDistance(cache + 1, d).rule, PrefetchRule::Memory);
        }
    }

    void wrongEnvironmentIsNamedAndIgnored() {
        const char* env = std::getenv("BLOOMLAB_PREFETCH_DISTANCE");
        const char* levelEnv = std::getenv("BLOOMLAB_PREFETCH_LEVEL");
        const bool wrongDistance = env != nullptr && *env != '\0' && !parsePrefetchDistance(env);
        const bool wrongLevel = levelEnv != nullptr && *levelEnv != '\0' && !parsePrefetchLevel(levelEnv);
        const std::string problem = prefetchEnvironmentProblem();
        QCOMPARE(problem.empty(), !wrongDistance && !wrongLevel);
        if (wrongDistance) {
            QVERIFY2(problem.find(std::string("BLOOMLAB_PREFETCH_DISTANCE='") + env + "'") != std::string::npos, problem.c_str());
            QVERIFY2(problem.find("32, 64, 128 or 256") != std::string::npos, problem.c_str());
            QCOMPARE(choosePrefetchDistance(std::uint64_t{1} << 40, {128, 64}).rule, PrefetchRule::Memory);
        }
        if (wrongLevel) {
            QVERIFY2(problem.find(std::string("BLOOMLAB_PREFETCH_LEVEL='") + levelEnv + "'") != std::string::npos, problem.c_str());
            QVERIFY2(problem.find("use l1 or l2") != std::string::npos, problem.c_str());
            QCOMPARE(choosePrefetchDistance(std::uint64_t{1} << 40, {128, 64}).level, PrefetchLevel::L2);
        }
    }

    void scopedDistanceNestsAndRestores() {
        const PrefetchChoice before = choosePrefetchDistance(std::uint64_t{1} << 40, {128, 64});
        {
            const ScopedPrefetchDistance outer(128);
            QCOMPARE(choosePrefetchDistance(1024, {64, 64}).distance, std::size_t{128});
            QCOMPARE(choosePrefetchDistance(1024, {64, 64}).rule, PrefetchRule::Scoped);
            {
                const ScopedPrefetchDistance inner(100000);  // clamped to the longest the pipelines hold
                QCOMPARE(choosePrefetchDistance(1024, {64, 64}).distance, kMaxPrefetchDistance);
            }
            QCOMPARE(choosePrefetchDistance(1024, {64, 64}).distance, std::size_t{128});
        }
        const PrefetchChoice after = choosePrefetchDistance(std::uint64_t{1} << 40, {128, 64});
        QCOMPARE(after.distance, before.distance);
        QCOMPARE(after.rule, before.rule);
        // The batched answers at a scoped distance too (the probe's blocked rows).
        const ScopedPrefetchDistance shortest(16);
        checkBatches(20000, CuckooLayout::Spread);
    }

    /// Batches longer than the longest distance and shorter than the shortest, and lengths that
    /// end mid-group: the batched answers equal the one-key ones (the filter tests run again with
    /// BLOOMLAB_PREFETCH_DISTANCE=32 and 256 for the rest).
    void batchedAnswersMatchOneKeyAnswers() {
        for (const std::uint64_t n : {1000ULL, 300000ULL}) {
            for (const CuckooLayout layout : {CuckooLayout::Spread, CuckooLayout::Local}) {
                checkBatches(n, layout);
            }
        }
    }

    /// Each pipeline is compiled once per level: both answer alike, on a table of either size.
    void batchedAnswersAtBothLevels() {
        for (const PrefetchLevel level : {PrefetchLevel::L1, PrefetchLevel::L2}) {
            const ScopedPrefetchLevel scoped(level);
            for (const std::uint64_t n : {1000ULL, 300000ULL}) {
                checkBatches(n, CuckooLayout::Spread);
            }
            checkBatches(20000, CuckooLayout::Local);
        }
    }

    /// Every distance the cuckoo filter's pipelines take, whatever the table's size: groups of 16
    /// keys at 32 and below, of 32 above (AVX-512), blocks of the distance (without it).
    void cuckooAnswersAtEveryGroupSize() {
        for (const std::size_t distance : {std::size_t{16}, std::size_t{32}, std::size_t{64}, std::size_t{256}}) {
            const ScopedPrefetchDistance scoped(distance);
            QCOMPARE(choosePrefetchDistance(1, CuckooFilter<12>::kBatchPrefetchDistancesAvx512).distance, distance);
            for (const CuckooLayout layout : {CuckooLayout::Spread, CuckooLayout::Local}) {
                checkBatches(20000, layout);
            }
        }
    }

  private:
    static void checkBatches(std::uint64_t n, CuckooLayout layout) {
        BlockedBloomFilter blocked = BlockedBloomFilter::forCapacity(n, 0.01);
        CuckooFilter<12> cuckoo = CuckooFilter<12>::forCapacity(n, 7, CuckooFilter<12>::kDefaultMaxKicks, layout);
        const std::vector<std::string> present = test::insertedKeys(n / 2, n);
        for (const std::string& k : present) {
            blocked.insert(k);
            QVERIFY(cuckoo.insert(k));
        }
        std::vector<std::string> keys = test::absentKeys(n / 2 + 777, n + 1);
        keys.insert(keys.end(), present.begin(), present.end());
        for (const std::size_t count : {std::size_t{1}, std::size_t{31}, std::size_t{257}, std::size_t{2049}, keys.size()}) {
            if (count > keys.size()) continue;
            const std::vector<std::string_view> views(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(count));
            std::vector<std::uint8_t> a(count), b(count);
            blocked.mightContainMany(views, a);
            cuckoo.mightContainMany(views, b);
            for (std::size_t i = 0; i < count; ++i) {
                QCOMPARE(bool(a[i]), blocked.mightContain(views[i]));
                QCOMPARE(bool(b[i]), cuckoo.mightContain(views[i]));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestPrefetchDistance)
#include "tst_prefetch_distance.moc"
