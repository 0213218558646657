// tst_morton_filter: the Morton filter's contract (core/morton_filter.h).
//   - no false negatives for random byte keys (empty, NUL, non-ASCII among them) in tables of 1,
//     37 and 1,000 blocks filled to the design load; mightContainMany (spans and KeyBatch, any
//     slice, runs of 8-byte keys and keys of every length) answers as mightContain key by key, on
//     the AVX-512 path and without it (the no_avx512 run of this test) and without popcnt (the
//     portable run); one key per call answers as the lookup by placement; lookupPath() follows
//     the CPU and the variables;
//   - the alternate bucket is an involution, flips the parity and stays in the table, for every
//     fingerprint in tables of 1 to 64 blocks and random buckets of larger ones;
//   - the table's own bookkeeping: each bucket holds at most 3 fingerprints, none is 0, the
//     buckets together hold the occupied slots, every inserted key's fingerprint is in its first
//     or second bucket, and where it is in the second the key's overflow bit is set (the rule
//     that lets a lookup stop at one line);
//   - the measured FPR of 200,000 absent keys lies in the binomial band (z = 4) around the exact
//     rate, the mean of mightContainPlacement over every (first bucket, fingerprint) pair;
//     stats().estimatedFpr is within 15% of it;
//   - lines per absent lookup at the design load (fixed seeds) stay below 1.25;
//   - fill to failure (fixed seeds, deterministic): the first failed insert comes at load >= 0.99;
//     it returns false and changes nothing; every key inserted before it is still found;
//   - erase: true exactly where mightContain was, and then one copy fewer (itemCount, the bucket
//     sizes); a false erase changes no byte; after erasing half the keys (a table at the design
//     load) every other key is still found, one key and batched; the same key inserted twice is
//     erased twice; erasing every key empties the table (counters and slots zero); in a full
//     table (stash taken) erases free slots until the stash goes back in, then every remaining
//     key, the stashed one among them, is found and a key refused before is taken (with and
//     without kicks); erasing the stashed key itself empties the stash;
//   - determinism (same seed, same bytes) and the validation messages.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/filter_math.h"
#include "core/hash_batch.h"
#include "core/key_batch.h"
#include "core/morton_filter.h"
#include "core/prefetch_distance.h"
#include "test_support.h"
#endif

#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

using namespace bloomlab;

namespace {

using test::absentKeys;
using test::insertedKeys;
using test::throwsWith;

/// The first failed insert of every fixed-seed case in fillToFailure comes at or above this load
/// (the lowest measured, rounded down).
constexpr double kFirstFailureLoad = 0.99;

/// Keys to fill `blocks` blocks to the design load.
std::uint64_t designKeys(std::uint64_t blocks) {
    return static_cast<std::uint64_t>(static_cast<double>(blocks * MortonFilter::kSlotsPerBlock) * kMortonDesignLoad);
}

MortonFilter filled(std::uint64_t blocks, std::uint64_t seed, std::vector<std::string>& keys) {
    MortonFilter filter(blocks, 0, seed);
    keys = insertedKeys(designKeys(blocks) - 6, seed);  // insertedKeys adds six edge cases
    for (const std::string& key : keys) {
        if (!filter.insert(key)) throw std::runtime_error("insert failed below the design load");
    }
    return filter;
}

/// Fingerprints stored in the table (the sum of the bucket sizes).
std::uint64_t storedFingerprints(const MortonFilter& filter) {
    std::uint64_t stored = 0;
    for (std::uint64_t b = 0; b < filter.numBuckets(); ++b) stored += filter.bucketFingerprints(b).size();
    return stored;
}

/// Erases the key and checks the contract: true exactly where mightContain was true, one copy
/// fewer then, and no byte changed otherwise. Returns erase's answer.
bool eraseChecked(MortonFilter& filter, const std::string& key) {
    const bool present = filter.mightContain(key);
    const std::uint64_t items = filter.itemCount();
    const std::vector<std::uint8_t> before(filter.tableView().begin(), filter.tableView().end());
    const bool erased = filter.erase(key);
    if (erased != present) {
        throw std::runtime_error("erase answered " + std::to_string(erased) + " for a key mightContain answered " +
                                 std::to_string(present));
    }
    if (erased && filter.itemCount() != items - 1) throw std::runtime_error("an erase did not remove exactly one item");
    if (!erased && (filter.itemCount() != items || !std::ranges::equal(before, filter.tableView()))) {
        throw std::runtime_error("an erase that found nothing changed the filter");
    }
    return erased;
}

std::vector<std::uint8_t> batchAnswers(const MortonFilter& filter, const std::vector<std::string>& keys) {
    const std::vector<std::string_view> views = test::views(keys);
    std::vector<std::uint8_t> out(keys.size(), 9);
    filter.mightContainMany(views, out);
    return out;
}

} // namespace

class TestMortonFilter : public QObject {
    Q_OBJECT

private slots:
    void noFalseNegatives_data() {
        QTest::addColumn<quint64>("blocks");
        QTest::newRow("1 block") << quint64{1};
        QTest::newRow("37 blocks") << quint64{37};
        QTest::newRow("1000 blocks") << quint64{1000};
    }
    void noFalseNegatives() {
        QFETCH(quint64, blocks);
        std::vector<std::string> keys;
        const MortonFilter filter = filled(blocks, 11, keys);
        QVERIFY(filter.loadFactor() > 0.9);
        for (const std::string& key : keys) QVERIFY2(filter.mightContain(key), key.c_str());
        const std::vector<std::uint8_t> batch = batchAnswers(filter, keys);
        for (std::size_t i = 0; i < keys.size(); ++i) QCOMPARE(batch[i], std::uint8_t{1});
    }

    void batchMatchesOneKey() {
        std::vector<std::string> keys;
        const MortonFilter filter = filled(500, 3, keys);
        std::vector<std::string> mixed = absentKeys(20'000, 4);
        for (std::size_t i = 0; i < keys.size(); i += 2) mixed.push_back(keys[i]);
        std::shuffle(mixed.begin(), mixed.end(), std::mt19937_64(5));
        // Each pipeline exists once per prefetch level (the L1 for this small table by the size
        // rule): both levels.
        for (const PrefetchLevel level : {PrefetchLevel::L1, PrefetchLevel::L2}) {
            const ScopedPrefetchLevel scoped(level);
            const std::vector<std::uint8_t> batch = batchAnswers(filter, mixed);
            std::uint64_t positives = 0;
            for (std::size_t i = 0; i < mixed.size(); ++i) {
                QVERIFY2(batch[i] == (filter.mightContain(mixed[i]) ? 1 : 0), qPrintable(QStringLiteral("key %1").arg(i)));
                positives += batch[i];
            }
            QVERIFY(positives >= keys.size() / 2);
        }
        // One key per call (its own inlined chain) answers as the lookup by placement (the
        // table's reference reading) for present and absent keys alike.
        for (std::size_t i = 0; i < mixed.size(); ++i) {
            const MortonFilter::Placement p = filter.placementOf(mixed[i]);
            QVERIFY2(filter.mightContain(mixed[i]) == filter.mightContainPlacement(p.bucket1, p.fingerprint),
                     qPrintable(QStringLiteral("key %1").arg(i)));
        }
        // Keys in one buffer: every slice, including ones shorter than a vector or a group.
        const std::vector<std::string> lengths = test::mixedLengthKeys(6);
        MortonFilter small(64, 0, 6);
        for (std::size_t i = 0; i < lengths.size(); i += 3) QVERIFY(small.insert(lengths[i]));
        const KeyBatchBuilder packed = test::packed(lengths);
        const std::string mismatch = test::sliceMismatch(small, packed.view(), {0, 1, 7, 33, 300}, {0, 1, 7, 8, 9, 31, 32, 33, 65, 500});
        QVERIFY2(mismatch.empty(), mismatch.c_str());
        // The same keys as string_views: runs of 8-byte keys (the first 300), which the vector
        // loops hash eight at a time, then keys of every length.
        const std::vector<std::uint8_t> viewAnswers = batchAnswers(small, lengths);
        for (std::size_t i = 0; i < lengths.size(); ++i) {
            QVERIFY2(viewAnswers[i] == (small.mightContain(lengths[i]) ? 1 : 0), qPrintable(QStringLiteral("key %1").arg(i)));
        }
        std::vector<std::uint8_t> wrong(3);
        QVERIFY(throwsWith([&] { small.mightContainMany(test::views(lengths), wrong); }, "results has 3 entries"));
    }

    void pathFollowsEnvironment() {
        // This process's path, from the CPU and the variables its ctest variant sets: the
        // no_avx512 run takes the AVX2 kernel, the portable run (AVX2 off too) the SWAR sums.
        const MortonLookupPath path = MortonFilter::lookupPath();
        qInfo("Morton lookups: %s", mortonLookupPathName(path));
        const bool noAvx512 = !qEnvironmentVariableIsEmpty("BLOOMLAB_NO_AVX512");
        const bool noAvx2 = !qEnvironmentVariableIsEmpty("BLOOMLAB_NO_AVX2");
        if (noAvx512 && noAvx2) QCOMPARE(path, MortonLookupPath::Portable);
        if (noAvx512) QVERIFY(path != MortonLookupPath::Avx512);
        if (!noAvx512 && cpuHasAvx512()) QCOMPARE(path, MortonLookupPath::Avx512);
        if (!noAvx2 && hashBatchPathSupported(HashBatchPath::Avx2)) QVERIFY(path != MortonLookupPath::Portable);
        if (noAvx512 && !noAvx2 && hashBatchPathSupported(HashBatchPath::Avx2)) QCOMPARE(path, MortonLookupPath::Avx2);
        QCOMPARE(std::string(mortonLookupPathName(MortonLookupPath::Avx2)), std::string("AVX2"));
        QCOMPARE(std::string(mortonLookupPathName(MortonLookupPath::Portable)), std::string("portable"));
    }

    void alternateIsAnInvolution() {
        std::mt19937_64 rng(7);
        for (std::uint64_t blocks = 1; blocks <= 64; ++blocks) {
            const MortonFilter filter(blocks);
            const std::uint64_t n = filter.numBuckets();
            for (std::uint32_t fp = 1; fp <= 4095; ++fp) {
                const std::uint64_t bucket = rng() % n;
                const std::uint64_t other = filter.alternateBucket(bucket, fp);
                QVERIFY(other < n);
                QVERIFY((other & 1U) != (bucket & 1U));
                QCOMPARE(filter.alternateBucket(other, fp), bucket);
            }
        }
        const MortonFilter large((std::uint64_t{1} << 20) + 3);
        for (int i = 0; i < 100'000; ++i) {
            const std::uint64_t bucket = rng() % large.numBuckets();
            const auto fp = static_cast<std::uint32_t>(1 + rng() % 4095);
            const std::uint64_t other = large.alternateBucket(bucket, fp);
            QVERIFY(other < large.numBuckets());
            QCOMPARE(large.alternateBucket(other, fp), bucket);
        }
    }

    void bookkeeping() {
        std::vector<std::string> keys;
        const MortonFilter filter = filled(300, 21, keys);
        std::uint64_t stored = 0;
        for (std::uint64_t b = 0; b < filter.numBuckets(); ++b) {
            const std::vector<std::uint32_t> fps = filter.bucketFingerprints(b);
            QVERIFY(fps.size() <= MortonFilter::kMaxPerBucket);
            for (const std::uint32_t fp : fps) QVERIFY(fp >= 1 && fp <= 4095);
            stored += fps.size();
        }
        QCOMPARE(static_cast<double>(stored), filter.loadFactor() * static_cast<double>(filter.numBlocks() * MortonFilter::kSlotsPerBlock));
        QCOMPARE(stored + (filter.stashFingerprint() ? 1 : 0), filter.itemCount());
        std::uint64_t inSecond = 0;
        for (const std::string& key : keys) {
            const auto p = filter.placementOf(key);
            const auto has = [&](std::uint64_t b) {
                const auto fps = filter.bucketFingerprints(b);
                return std::find(fps.begin(), fps.end(), p.fingerprint) != fps.end();
            };
            QVERIFY(has(p.bucket1) || has(p.bucket2));
            if (!has(p.bucket1)) {
                ++inSecond;
                // Found in its second bucket only: the lookup must go there, so the overflow bit is set.
                QCOMPARE(filter.linesRead(key), p.bucket1 / 32 == p.bucket2 / 32 ? 1U : 2U);
            }
        }
        QVERIFY(inSecond > 0);  // the table is full enough that some keys live in their second bucket
        QVERIFY(throwsWith([&] { (void)filter.bucketFingerprints(filter.numBuckets()); }, "outside the filter"));
    }

    void fprMatchesExactRate() {
        std::vector<std::string> keys;
        const MortonFilter filter = filled(256, 31, keys);
        // The answer for a key depends only on (first bucket, fingerprint), and hashing makes both
        // uniform for absent keys: the exact rate is the mean over every pair.
        std::uint64_t hits = 0;
        for (std::uint64_t b = 0; b < filter.numBuckets(); ++b) {
            for (std::uint32_t fp = 1; fp <= 4095; ++fp) hits += filter.mightContainPlacement(b, fp) ? 1 : 0;
        }
        const double exact = static_cast<double>(hits) / (static_cast<double>(filter.numBuckets()) * 4095.0);
        constexpr std::uint64_t kTrials = 200'000;
        std::uint64_t positives = 0;
        for (const std::string& key : absentKeys(kTrials, 32)) positives += filter.mightContain(key) ? 1 : 0;
        const math::Interval band = math::binomialAcceptance(kTrials, exact);
        QVERIFY2(test::within(positives, band), test::bandMessage("false positives", positives, kTrials, exact, band));
        const double estimated = filter.stats().estimatedFpr;
        QVERIFY2(std::abs(estimated - exact) <= 0.15 * exact,
                 qPrintable(QStringLiteral("estimated %1, exact %2").arg(estimated).arg(exact)));
        qInfo("exact FPR %.6f, measured %.6f, estimated %.6f, %.2f bits per item", exact,
              static_cast<double>(positives) / kTrials, estimated, filter.stats().bitsPerItem);
    }

    void linesPerAbsentLookup() {
        for (const std::uint64_t seed : {41, 42}) {
            std::vector<std::string> keys;
            const MortonFilter filter = filled(2000, seed, keys);
            std::uint64_t lines = 0;
            const std::vector<std::string> absent = absentKeys(50'000, seed);
            for (const std::string& key : absent) {
                const unsigned read = filter.linesRead(key);
                QVERIFY(read == 1 || read == 2);
                lines += read;
            }
            const double mean = static_cast<double>(lines) / static_cast<double>(absent.size());
            qInfo("seed %d: %.3f lines per absent lookup, overflow bits set %.3f", static_cast<int>(seed), mean,
                  filter.overflowBitShare());
            QVERIFY2(mean < 1.25, qPrintable(QString::number(mean)));
        }
    }

    void fillToFailure_data() {
        QTest::addColumn<quint64>("blocks");
        QTest::addColumn<quint64>("seed");
        for (const quint64 blocks : {quint64{100}, quint64{1000}, quint64{20000}}) {
            for (const quint64 seed : {quint64{1}, quint64{2}}) {
                QTest::addRow("%llu blocks, seed %llu", static_cast<unsigned long long>(blocks),
                              static_cast<unsigned long long>(seed))
                    << blocks << seed;
            }
        }
    }
    void fillToFailure() {
        QFETCH(quint64, blocks);
        QFETCH(quint64, seed);
        MortonFilter filter(blocks, 0, seed);
        std::vector<std::string> stored;
        const std::uint64_t slotCount = blocks * MortonFilter::kSlotsPerBlock;
        for (std::uint64_t i = 0;; ++i) {
            QVERIFY2(i <= slotCount + 1, "a full table took more keys than it has slots");
            std::string key = "fill-" + std::to_string(seed) + "-" + std::to_string(i);
            const bool stashed = filter.stashFingerprint().has_value();
            // Only a filter whose stash is taken may refuse: snapshot it then.
            std::vector<std::uint8_t> before;
            if (stashed) before.assign(filter.tableView().begin(), filter.tableView().end());
            const std::uint64_t items = filter.itemCount();
            if (!filter.insert(key)) {
                QVERIFY(stashed);  // only a full filter (stash taken) refuses
                QCOMPARE(filter.itemCount(), items);
                QVERIFY(std::equal(before.begin(), before.end(), filter.tableView().begin()));
                QCOMPARE(filter.failedInserts(), std::uint64_t{1});
                break;
            }
            stored.push_back(std::move(key));
        }
        qInfo("first failed insert at load %.4f", filter.loadFactor());
        QVERIFY2(filter.loadFactor() >= kFirstFailureLoad, qPrintable(QString::number(filter.loadFactor())));
        for (const std::string& key : stored) QVERIFY2(filter.mightContain(key), key.c_str());
        std::vector<std::uint8_t> batch = batchAnswers(filter, stored);
        QCOMPARE(std::count(batch.begin(), batch.end(), std::uint8_t{1}), static_cast<std::ptrdiff_t>(stored.size()));
        QVERIFY(filter.stats().stashOccupied);
        QVERIFY(filter.kicks() > 0);
    }

    void eraseHalf() {
        std::vector<std::string> keys;
        MortonFilter filter = filled(400, 51, keys);
        const std::uint64_t items = filter.itemCount();
        std::vector<std::string> kept;
        std::vector<std::string> erased;
        for (std::size_t i = 0; i < keys.size(); ++i) (i % 2 == 0 ? erased : kept).push_back(keys[i]);
        for (const std::string& key : erased) QVERIFY2(eraseChecked(filter, key), key.c_str());
        QCOMPARE(filter.itemCount(), items - erased.size());
        QCOMPARE(storedFingerprints(filter) + (filter.stashFingerprint() ? 1 : 0), filter.itemCount());
        for (const std::string& key : kept) QVERIFY2(filter.mightContain(key), key.c_str());
        const std::vector<std::uint8_t> batch = batchAnswers(filter, kept);
        QCOMPARE(std::count(batch.begin(), batch.end(), std::uint8_t{1}), static_cast<std::ptrdiff_t>(kept.size()));
        // An erased key is found again only through another key's equal fingerprint in its
        // buckets: about the FPR (0.03%), far below 1%.
        std::uint64_t stillFound = 0;
        for (const std::string& key : erased) stillFound += filter.mightContain(key) ? 1 : 0;
        QVERIFY2(stillFound * 100 < erased.size(), qPrintable(QString::number(stillFound)));
        // Absent keys: an erase is refused exactly where the lookup says no, and changes nothing.
        std::uint64_t refused = 0;
        for (const std::string& key : absentKeys(20'000, 52)) refused += eraseChecked(filter, key) ? 0 : 1;
        QVERIFY(refused > 19'800);
    }

    void eraseDuplicatesAndEmpty() {
        MortonFilter filter(37, 0, 61);
        const std::vector<std::string> keys = insertedKeys(800, 61);
        for (const std::string& key : keys) QVERIFY(filter.insert(key));
        QVERIFY(filter.insert(keys[5]));  // a second copy
        const std::uint64_t items = filter.itemCount();
        QVERIFY(eraseChecked(filter, keys[5]));
        QVERIFY(filter.mightContain(keys[5]));  // the other copy
        QVERIFY(eraseChecked(filter, keys[5]));
        QCOMPARE(filter.itemCount(), items - 2);
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (i != 5) QVERIFY2(eraseChecked(filter, keys[i]), keys[i].c_str());
        }
        QCOMPARE(filter.itemCount(), std::uint64_t{0});
        QCOMPARE(filter.loadFactor(), 0.0);
        QVERIFY(!filter.stashFingerprint());
        // An empty table has nothing to erase, whatever the key (its overflow bits may be set).
        QVERIFY(!eraseChecked(filter, keys[0]));
        QVERIFY(!eraseChecked(filter, std::string()));
        QCOMPARE(filter.itemCount(), std::uint64_t{0});
        // No slot and no counter is left set; only overflow bits may stay (never cleared).
        const std::span<const std::uint8_t> table = filter.tableView();
        for (std::uint64_t block = 0; block < filter.numBlocks(); ++block) {
            const std::uint8_t* at = table.data() + block * 64;
            // Slots: bits 0 .. 419, so bytes 0 .. 51 and the low half of byte 52 (its high half
            // starts the overflow bits); counters: bytes 56 .. 63.
            for (std::size_t byte = 0; byte < 52; ++byte) QCOMPARE(static_cast<unsigned>(at[byte]), 0U);
            QCOMPARE(static_cast<unsigned>(at[52] & 0x0F), 0U);
            for (std::size_t byte = 56; byte < 64; ++byte) QCOMPARE(static_cast<unsigned>(at[byte]), 0U);
        }
    }

    void eraseRestoresTheStash_data() {
        QTest::addColumn<quint32>("maxKicks");
        QTest::addColumn<quint64>("seed");
        for (const quint32 kicks : {quint32{0}, quint32{500}}) {
            for (const quint64 seed : {quint64{1}, quint64{2}, quint64{3}, quint64{4}}) {
                QTest::addRow("%u kicks, seed %llu", kicks, static_cast<unsigned long long>(seed)) << kicks << seed;
            }
        }
    }
    void eraseRestoresTheStash() {
        QFETCH(quint32, maxKicks);
        QFETCH(quint64, seed);
        MortonFilter filter(100, 0, seed, maxKicks);
        std::vector<std::string> stored;
        std::string refused;
        for (std::uint64_t i = 0;; ++i) {
            QVERIFY(i <= 100 * MortonFilter::kSlotsPerBlock + 1);
            std::string key = "fill-" + std::to_string(seed) + "-" + std::to_string(i);
            if (!filter.insert(key)) {
                refused = key;
                break;
            }
            stored.push_back(std::move(key));
        }
        const auto stash = filter.stash();
        QVERIFY(stash.has_value());
        const auto [headedFor, fingerprint] = *stash;
        const std::uint64_t other = filter.alternateBucket(headedFor, fingerprint);
        // Free slots in the block of the stash's other bucket, by erasing keys stored there (not
        // the stashed one), until the stash goes back: into `other`, since the bucket it was
        // headed for is still full. Which of the two is its key's first bucket the filter does
        // not know, so the key must be found either way.
        std::vector<std::string> remaining;
        std::size_t erased = 0;
        for (const std::string& key : stored) {
            const MortonFilter::Placement p = filter.placementOf(key);
            const std::vector<std::uint32_t> there = filter.bucketFingerprints(p.bucket1);
            const bool inOtherBlock =
                p.bucket1 / MortonFilter::kBucketsPerBlock == other / MortonFilter::kBucketsPerBlock;
            if (filter.stash().has_value() && inOtherBlock && p.fingerprint != fingerprint &&
                std::find(there.begin(), there.end(), p.fingerprint) != there.end()) {
                QVERIFY2(eraseChecked(filter, key), key.c_str());
                ++erased;
            } else {
                remaining.push_back(key);
            }
        }
        QVERIFY2(!filter.stash().has_value(), "erasing the keys of the other bucket's block never let the stash back");
        qInfo("the stash went back after %zu erases", erased);
        const std::vector<std::uint32_t> inOther = filter.bucketFingerprints(other);
        const std::vector<std::uint32_t> inHeadedFor = filter.bucketFingerprints(headedFor);
        QVERIFY(std::find(inOther.begin(), inOther.end(), fingerprint) != inOther.end() ||
                std::find(inHeadedFor.begin(), inHeadedFor.end(), fingerprint) != inHeadedFor.end());
        QCOMPARE(filter.itemCount(), static_cast<std::uint64_t>(stored.size() - erased));
        QCOMPARE(storedFingerprints(filter), filter.itemCount());
        for (const std::string& key : remaining) QVERIFY2(filter.mightContain(key), key.c_str());
        const std::vector<std::uint8_t> batch = batchAnswers(filter, remaining);
        QCOMPARE(std::count(batch.begin(), batch.end(), std::uint8_t{1}), static_cast<std::ptrdiff_t>(remaining.size()));
        QVERIFY(filter.insert(refused));  // the stash is free again
        QVERIFY(filter.mightContain(refused));
    }

    void eraseTheStashedKey() {
        MortonFilter filter(100, 0, 1);
        std::vector<std::string> stored;
        for (std::uint64_t i = 0;; ++i) {
            QVERIFY(i <= 100 * MortonFilter::kSlotsPerBlock + 1);
            std::string key = "fill-1-" + std::to_string(i);
            if (!filter.insert(key)) break;
            stored.push_back(std::move(key));
        }
        const auto stash = filter.stash();
        QVERIFY(stash.has_value());
        const auto stashed = std::find_if(stored.begin(), stored.end(), [&](const std::string& key) {
            const MortonFilter::Placement p = filter.placementOf(key);
            return p.fingerprint == stash->second && (p.bucket1 == stash->first || p.bucket2 == stash->first);
        });
        QVERIFY(stashed != stored.end());
        QVERIFY(eraseChecked(filter, *stashed));
        QVERIFY(!filter.stash().has_value());
        QCOMPARE(storedFingerprints(filter), filter.itemCount());
        for (auto it = stored.begin(); it != stored.end(); ++it) {
            if (it != stashed) QVERIFY2(filter.mightContain(*it), it->c_str());
        }
    }

    void deterministic() {
        std::vector<std::string> keys;
        const MortonFilter a = filled(200, 8, keys);
        MortonFilter b(200, 0, 8);
        for (const std::string& key : keys) QVERIFY(b.insert(key));
        QVERIFY(std::ranges::equal(a.tableView(), b.tableView()));
        MortonFilter c(200, 0, 9);
        for (const std::string& key : keys) QVERIFY(c.insert(key));
        QVERIFY(!std::ranges::equal(a.tableView(), c.tableView()));
    }

    void sizing() {
        const MortonFilter f = MortonFilter::forCapacity(1'000'000);
        QCOMPARE(f.numBlocks(), std::uint64_t{30396});  // ceil(1e6 / (35 x 0.94))
        QCOMPARE(f.capacity(), std::uint64_t{1'000'000});
        QCOMPARE(f.stats().bytes, std::uint64_t{30396} * 64);
        QCOMPARE(MortonFilter::forCapacity(1).numBlocks(), std::uint64_t{1});
    }

    void validation() {
        QVERIFY(throwsWith([] { MortonFilter f(0); }, "1 to 134217728 blocks; got 0"));
        QVERIFY(throwsWith([] { MortonFilter f(MortonFilter::kMaxBlocks + 1); }, "got 134217729"));
        QVERIFY(throwsWith([] { MortonFilter f(1, 0, 0, MortonFilter::kMaxKicksLimit + 1); }, "maximum kicks"));
        QVERIFY(throwsWith([] { (void)MortonFilter::forCapacity(0); }, "capacity of at least 1"));
        QVERIFY(throwsWith([] { (void)MortonFilter::forCapacity(std::uint64_t{1} << 40); }, "needs more than"));
    }
};

QTEST_GUILESS_MAIN(TestMortonFilter)
#include "tst_morton_filter.moc"
