// tst_cuckoo_filter: the cuckoo filter's contract, for fingerprints of 8, 12 and 16 bits.
//   - no false negatives (100,000+ random byte keys incl. empty, NUL, non-ASCII); the batched
//     lookup agrees with the single one; the word-parallel match agrees with a slot-by-slot scan;
//   - measured FPR on 200,000 absent keys within math::binomialAcceptance (z = 4) of
//     math::cuckooFpr(f, 4, load) at the measured load;
//   - fill to failure (fixed seeds, so the loads are deterministic): the first failed insert
//     comes at load >= 0.94, returns false and leaves table, stash and counts unchanged, and
//     every key inserted before it is still found (docs/pitfalls.md #6);
//   - erase removes exactly one matching fingerprint; erase of an absent key changes nothing;
//     the stash is emptied by erases; duplicates take a second slot (multiset);
//   - alternate bucket is an involution (docs/pitfalls.md #5); determinism (same seed, same table);
//     kicks are observable (stats, lastKickChain consistent with alternateBucket);
//   - persistence hooks (fromTable validates), validation messages;
//   - the local layout: involution and block bounds for every table of 1 to 300 buckets and
//     random pairs in larger ones, locality within its binomial band, no false negatives after
//     kicks, erases and refills, batched = one key (placements and answers), FPR within the
//     binomial band at load 0.94, fill to failure at load >= 0.95 (fixed seeds), fromTable.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/cuckoo_filter.h"
#include "core/hash_batch.h"
#include "core/filter_math.h"
#include "core/prefetch_distance.h"
#include "test_support.h"
#endif

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace bloomlab;

namespace {

using test::absentKeys;
using test::insertedKeys;
using test::randomKeys;
using test::throwsWith;

/// The local layout's first failed insert comes at or above this load in every fixed-seed case
/// of localFillToFailure (the lowest measured, rounded down).
constexpr double kLocalFirstFailureLoad = 0.95;

template <unsigned F>
struct State {
    std::vector<std::uint8_t> table;
    std::optional<std::pair<std::uint64_t, std::uint32_t>> stash;
    std::uint64_t items = 0;
    std::uint64_t kicks = 0;

    explicit State(const CuckooFilter<F>& filter)
        : table(filter.tableBytes()), stash(filter.stash()), items(filter.itemCount()), kicks(filter.kicks()) {}
    bool operator==(const State&) const = default;
};

/// Slot-by-slot reference lookup (no SWAR): what the word-parallel match must agree with.
template <unsigned F>
bool naiveContains(const CuckooFilter<F>& filter, std::string_view key) {
    const auto p = filter.placementOf(key);
    for (std::uint64_t bucket : {p.bucket1, p.bucket2}) {
        for (unsigned slot = 0; slot < 4; ++slot) {
            if (filter.slotAt(bucket, slot) == p.fingerprint) {
                return true;
            }
        }
    }
    const auto stash = filter.stash();
    return stash && stash->second == p.fingerprint && (stash->first == p.bucket1 || stash->first == p.bucket2);
}

template <unsigned F>
void noFalseNegatives() {
    const std::vector<std::string> keys = insertedKeys(100'000, F);
    CuckooFilter<F> filter = CuckooFilter<F>::forCapacity(keys.size(), 5);
    for (const std::string& key : keys) {
        QVERIFY(filter.insert(key));
    }
    std::uint64_t missing = 0;
    for (const std::string& key : keys) {
        missing += filter.mightContain(key) ? 0 : 1;
    }
    QCOMPARE(missing, std::uint64_t{0});
    QCOMPARE(filter.itemCount(), std::uint64_t{keys.size()});
    // Batched lookups (prefetching both buckets) agree with single ones, hits and misses.
    std::vector<std::string> mixed(keys.begin(), keys.begin() + 5000);
    const std::vector<std::string> absent = absentKeys(5000, 100 + F);
    mixed.insert(mixed.end(), absent.begin(), absent.end());
    const std::vector<std::string_view> views(mixed.begin(), mixed.end());
    std::vector<std::uint8_t> results(views.size(), 7);
    filter.mightContainMany(views, results);
    for (std::size_t i = 0; i < views.size(); ++i) {
        QCOMPARE(results[i] != 0, filter.mightContain(views[i]));
    }
    // Spans that end inside a pipeline block, or hold less than one (blocks of 32 keys).
    for (const std::size_t size : {0, 1, 31, 32, 33, 64, 65, 1000}) {
        const std::span<const std::string_view> part(views.data() + 4990, size);  // present and absent keys
        std::vector<std::uint8_t> partial(size + 1, 7);
        filter.mightContainMany(part, std::span(partial).first(size));
        for (std::size_t i = 0; i < size; ++i) {
            QCOMPARE(partial[i] != 0, filter.mightContain(part[i]));
        }
        QCOMPARE(partial[size], std::uint8_t{7});  // nothing written past the span
    }
    std::vector<std::uint8_t> wrongSize(3);
    QVERIFY(throwsWith([&] { filter.mightContainMany(views, wrongSize); }, "results has 3 entries"));
}

template <unsigned F>
void keyBatchMatchesPerKey(CuckooLayout layout = CuckooLayout::Spread) {
    // mightContainMany over keys in one buffer with offsets (KeyBatch) answers as mightContain:
    // runs of 8-byte keys (the AVX-512 group path), lengths 0..64, long keys, present and absent,
    // a power-of-two and another bucket count, and slices that end inside a group.
    const std::vector<std::string> keys = test::mixedLengthKeys(51 + F);
    const KeyBatchBuilder builder = test::packed(keys);
    const KeyBatch batch = builder.view();
    const std::size_t half = keys.size() / 2;
    for (const std::uint64_t buckets : {std::uint64_t{256}, std::uint64_t{300}}) {
        CuckooFilter<F> filter(buckets, 0, 3, CuckooFilter<F>::kDefaultMaxKicks, layout);
        for (std::size_t i = 0; i < half; ++i) QVERIFY(filter.insert(keys[i]));
        const std::string whole = test::sliceMismatch(filter, batch, {0}, {batch.size()});
        QVERIFY2(whole.empty(), whole.c_str());
        const auto positives = static_cast<std::size_t>(
            std::ranges::count_if(keys, [&](const std::string& key) { return filter.mightContain(key); }));
        QVERIFY(positives >= half && positives < keys.size());
        const std::string slices =
            test::sliceMismatch(filter, batch, {0, 1, 299, 513}, {0, 1, 7, 8, 9, 31, 32, 33, 64, 65, 200});
        QVERIFY2(slices.empty(), slices.c_str());
        std::vector<std::uint8_t> wrong(3);
        QVERIFY(throwsWith([&] { filter.mightContainMany(batch.subspan(0, 2), wrong); }, "results has 3 entries"));
    }
}

/// placementsOf and mightContainMany over `views` against the one-key calls, key by key;
/// `results` receives the batched answers.
template <unsigned F>
void batchedMatchesOneKey(const CuckooFilter<F>& filter, const std::vector<std::string_view>& views,
                          std::vector<std::uint8_t>& results) {
    std::vector<typename CuckooFilter<F>::Placement> placements(views.size());
    filter.placementsOf(views, placements);
    results.assign(views.size(), 7);
    filter.mightContainMany(views, results);
    for (std::size_t i = 0; i < views.size(); ++i) {
        const auto p = filter.placementOf(views[i]);
        QCOMPARE(placements[i].fingerprint, p.fingerprint);
        QCOMPARE(placements[i].bucket1, p.bucket1);
        QCOMPARE(placements[i].bucket2, p.bucket2);
        QCOMPARE(results[i], static_cast<std::uint8_t>(filter.mightContain(views[i]) ? 1 : 0));
    }
}

template <unsigned F>
void eightByteKeysBatched(CuckooLayout layout = CuckooLayout::Spread) {
    // Runs of 8-byte keys take the vectorised path of the batched calls (hashing, placement and
    // matching eight keys per AVX-512 vector or four per AVX2 one, whichever the process runs;
    // the test variants run each): placements and answers must be those of the one-key calls, for
    // both alternate maps (a power-of-two and another bucket count), spans that end inside a
    // group of 32 or the distance of 64, and with the stash occupied.
    qInfo("XXH3-128 batched path: %s", hashBatchPathName(hashBatchPath(HashAlgorithm::Xxh3_128)));
    // The local layout adds 70,001 buckets: XOR blocks and a last block larger than its range.
    std::vector<std::uint64_t> counts = {std::uint64_t{1} << 12, std::uint64_t{3001}};
    if (layout == CuckooLayout::Local) counts.push_back(70'001);
    for (const std::uint64_t buckets : counts) {
        CuckooFilter<F> filter(buckets, 0, 11, 20, layout);
        const std::vector<std::string> keys = randomKeys(buckets * 4 + 64, 8, 8, 300 + F);
        for (const std::string& key : keys) {
            filter.insert(key);  // past capacity: the stash fills and later inserts fail
        }
        QVERIFY(filter.stash().has_value());
        std::vector<std::string> mixed(keys.begin(), keys.begin() + 3000);
        const std::vector<std::string> absent = randomKeys(3000, 8, 8, 400 + F);
        mixed.insert(mixed.end(), absent.begin(), absent.end());
        const auto stash = *filter.stash();
        for (const std::string& key : keys) {  // the stashed key itself, so its answer comes from the stash
            const auto p = filter.placementOf(key);
            if (p.fingerprint == stash.second && (p.bucket1 == stash.first || p.bucket2 == stash.first)) {
                mixed.push_back(key);
                break;
            }
        }
        const std::vector<std::string_view> views(mixed.begin(), mixed.end());
        std::vector<std::uint8_t> results;
        batchedMatchesOneKey(filter, views, results);
        if (QTest::currentTestFailed()) return;
        const auto yes = static_cast<std::size_t>(std::ranges::count(results, std::uint8_t{1}));
        QCOMPARE(results.back(), std::uint8_t{1});  // the stashed key
        // ... also inside a whole group of eight (the vectorised path, not the one-by-one tail).
        const std::vector<std::string_view> stashedEight(8, views.back());
        std::vector<std::uint8_t> eight(8, 7);
        filter.mightContainMany(stashedEight, eight);
        QVERIFY(std::ranges::all_of(eight, [](std::uint8_t r) { return r == 1; }));
        QVERIFY(yes > 2500 && yes < views.size());  // hits and misses both occur
        for (const std::size_t size : {0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129, 200}) {
            const std::span<const std::string_view> part(views.data() + 2950, size);
            std::vector<std::uint8_t> partial(size + 1, 7);
            filter.mightContainMany(part, std::span(partial).first(size));
            for (std::size_t i = 0; i < size; ++i) {
                QCOMPARE(partial[i], results[2950 + i]);
            }
            QCOMPARE(partial[size], std::uint8_t{7});  // nothing written past the span
        }
        // The memory distances, forced on this small table: with AVX-512 groups of 16 keys two
        // groups ahead (32) or one (16), with AVX2 groups of 8 four or two groups ahead, without
        // either blocks of the distance; spans that end inside a group of 16 too. Each pipeline
        // exists once per prefetch level: both levels. Above 32 the vector paths take groups of
        // 64, one, two or four groups ahead (64, 128, 256).
        for (const auto& [distance, level] : {std::pair{std::size_t{16}, PrefetchLevel::L2}, std::pair{std::size_t{32}, PrefetchLevel::L2},
                                             std::pair{std::size_t{32}, PrefetchLevel::L1}, std::pair{std::size_t{64}, PrefetchLevel::L2},
                                             std::pair{std::size_t{128}, PrefetchLevel::L1}, std::pair{std::size_t{256}, PrefetchLevel::L2}}) {
            const ScopedPrefetchDistance scoped(distance);
            const ScopedPrefetchLevel scopedLevel(level);
            std::vector<std::uint8_t> forced(views.size(), 7);
            filter.mightContainMany(views, forced);
            QVERIFY(forced == results);
            for (const std::size_t size : {1, 8, 15, 16, 17, 24, 31, 32, 33, 47, 48, 49, 200}) {
                const std::span<const std::string_view> part(views.data() + 2950, size);
                std::vector<std::uint8_t> partial(size + 1, 7);
                filter.mightContainMany(part, std::span(partial).first(size));
                for (std::size_t i = 0; i < size; ++i) {
                    QCOMPARE(partial[i], results[2950 + i]);
                }
                QCOMPARE(partial[size], std::uint8_t{7});
            }
        }
    }
    CuckooFilter<F> filter(64);
    std::vector<typename CuckooFilter<F>::Placement> wrong(2);
    const std::vector<std::string_view> one = {"a"};
    QVERIFY(throwsWith([&] { filter.placementsOf(one, wrong); }, "out has 2 entries for 1 keys"));
}

template <unsigned F>
void wordParallelMatchesSlotScan() {
    // Small table pushed to its limit (stash occupied), so every slot pattern and the stash occur.
    CuckooFilter<F> filter(256, 0, 3);
    const std::vector<std::string> keys = randomKeys(1100, 4, 16, 200 + F);
    for (const std::string& key : keys) {
        filter.insert(key);
    }
    QVERIFY(filter.stash().has_value());
    for (const std::string& key : keys) {
        QCOMPARE(filter.mightContain(key), naiveContains(filter, key));
    }
    for (const std::string& key : absentKeys(50'000, 300 + F)) {
        QCOMPARE(filter.mightContain(key), naiveContains(filter, key));
    }
}

template <unsigned F>
void measuredFpr() {
  // A power of two (131,072 slots, XOR map) and a prime count (subtraction map).
  for (const std::uint64_t kBuckets : {std::uint64_t{1} << 15, std::uint64_t{30'011}}) {
    constexpr std::uint64_t kTrials = 200'000;
    CuckooFilter<F> filter(kBuckets, 0, 9);
    const auto n = static_cast<std::size_t>(0.95 * kBuckets * 4);
    for (const std::string& key : randomKeys(n, 8, 32, 400 + F)) {
        QVERIFY(filter.insert(key));
    }
    std::uint64_t positives = 0;
    for (const std::string& key : absentKeys(kTrials, 500 + F)) {
        positives += filter.mightContain(key) ? 1 : 0;
    }
    const double load = filter.loadFactor();
    const double theory = math::cuckooFpr(F, 4, load);
    const FilterStats stats = filter.stats();
    qInfo("cuckoo f=%u at load %.4f: measured FPR %.6f, theory %.6f, bound 8/2^f %.6f, kicks %llu, max chain %u", F,
          load, static_cast<double>(positives) / kTrials, theory, math::cuckooFprUpperBound(F, 4),
          static_cast<unsigned long long>(stats.kicks), stats.maxKickChain);
    const math::Interval band = math::binomialAcceptance(kTrials, theory);
    QVERIFY2(static_cast<double>(positives) >= band.low && static_cast<double>(positives) <= band.high,
             qPrintable(QStringLiteral("%1 positives of %2, theory %3, band [%4, %5]")
                            .arg(positives).arg(kTrials).arg(theory).arg(band.low).arg(band.high)));
    QCOMPARE(stats.estimatedFpr, theory);
    QVERIFY(positives <= math::binomialAcceptance(kTrials, math::cuckooFprUpperBound(F, 4)).high);
  }
}

template <unsigned F>
void fillToFailureCase(std::uint64_t buckets, std::uint64_t seed, CuckooLayout layout = CuckooLayout::Spread,
                       double minLoad = 0.952) {
    // Deterministic: the table, the keys and the kick RNG are all fixed by the seeds, so the
    // load at the first failure is a fixed number for each case (printed below).
    CuckooFilter<F> filter(buckets, 0, seed, CuckooFilter<F>::kDefaultMaxKicks, layout);
    const std::uint64_t slotCount = buckets * 4;
    std::vector<std::string> stored;
    std::string failedKey;
    std::uint64_t i = 0;
    for (;; ++i) {
        QVERIFY2(i < 2 * slotCount, "inserting twice the slot count never failed");
        std::string key = "fill-" + std::to_string(seed) + "-" + std::to_string(i);
        // Documented: insert can only fail while the stash is occupied, so the full state is
        // snapshotted then (a failure without a snapshot fails the test below).
        // (Emplaced rather than built with ?:, which GCC 12 at -O3 reports as maybe
        // uninitialized although it is read only after has_value().)
        std::optional<State<F>> before;
        if (filter.stash()) before.emplace(filter);
        if (filter.insert(key)) {
            stored.push_back(std::move(key));
            continue;
        }
        QVERIFY(before.has_value());
        QVERIFY2(State<F>(filter) == *before, "a failed insert modified the filter");
        failedKey = std::move(key);
        break;
    }
    const double load = filter.loadFactor();
    const FilterStats stats = filter.stats();
    qInfo("cuckoo f=%u, %s, %llu buckets, seed %llu: first failed insert at load %.4f (%zu keys), kicks %llu, "
          "max chain %u, stash %s",
          F, cuckooLayoutName(layout).data(), static_cast<unsigned long long>(buckets), static_cast<unsigned long long>(seed), load, stored.size(),
          static_cast<unsigned long long>(stats.kicks), stats.maxKickChain, stats.stashOccupied ? "occupied" : "empty");
    // Deterministic, so a tight bound: every spread case measured 0.9596 or more; a weaker
    // alternate-bucket hash (Fibonacci hashing of fp) measured 0.944 at 70,001 buckets and fails
    // 0.952. The local layout's bound is set from its own cases (localFillToFailure).
    QVERIFY2(load >= minLoad, qPrintable(QStringLiteral("load at first failure %1 < %2").arg(load).arg(minLoad)));
    QCOMPARE(stats.failedInserts, std::uint64_t{1});
    QVERIFY(stats.stashOccupied);  // failure happens only when the stash is taken
    QVERIFY(stats.overfilled);
    QCOMPARE(stats.items, std::uint64_t{stored.size()});
    QCOMPARE(stats.maxKickChain, filter.maxKicks());
    std::uint64_t lost = 0;
    for (const std::string& key : stored) {
        lost += filter.mightContain(key) ? 0 : 1;
    }
    QCOMPARE(lost, std::uint64_t{0});
    // Failing again (same key, other keys) is counted each time and loses nothing.
    QVERIFY(!filter.insert(failedKey));
    std::uint64_t extraFailures = 1;
    for (std::uint64_t j = 0; j < 200; ++j) {
        extraFailures += filter.insert("more-" + std::to_string(j)) ? 0 : 1;
    }
    QCOMPARE(filter.stats().failedInserts, 1 + extraFailures);
    QVERIFY(extraFailures > 1);
    for (const std::string& key : stored) {
        lost += filter.mightContain(key) ? 0 : 1;
    }
    QCOMPARE(lost, std::uint64_t{0});
}

// A table sized for n (kCuckooDesignLoad) takes n inserts without running out of kicks: the
// design load sits below the load of the first failure (docs/pitfalls.md #6 from the user's side).
template <unsigned F>
void capacityIsReachable() {
    constexpr std::uint64_t kItems = 1'000'000;
    CuckooFilter<F> filter = CuckooFilter<F>::forCapacity(kItems, 11);
    for (std::uint64_t i = 0; i < kItems; ++i) {
        QVERIFY(filter.insert("cap-" + std::to_string(i)));
    }
    QVERIFY(!filter.stash().has_value());
    QCOMPARE(filter.stats().failedInserts, std::uint64_t{0});
    QVERIFY(filter.loadFactor() <= math::kCuckooDesignLoad);
    QVERIFY(filter.loadFactor() > math::kCuckooDesignLoad - 0.001);  // no slack: the fewest buckets
}

template <unsigned F>
void eraseSemantics() {
    CuckooFilter<F> filter(1024, 0, 4);
    const std::vector<std::string> keys = randomKeys(3000, 4, 16, 600 + F);
    for (const std::string& key : keys) {
        QVERIFY(filter.insert(key));
    }
    // Absent keys that are not false positives: erase refuses and changes nothing.
    const State<F> before(filter);
    std::uint64_t refused = 0;
    for (const std::string& key : absentKeys(3000, 700 + F)) {
        if (!filter.mightContain(key)) {
            QVERIFY(!filter.erase(key));
            ++refused;
        }
    }
    QVERIFY(refused > 2000);
    QVERIFY(State<F>(filter) == before);
    // Erase exactly one fingerprint per call: the occupied slot count drops by one.
    for (std::size_t i = 0; i < keys.size(); i += 2) {
        const std::uint64_t items = filter.itemCount();
        QVERIFY(filter.erase(keys[i]));
        QCOMPARE(filter.itemCount(), items - 1);
    }
    std::uint64_t lost = 0;
    for (std::size_t i = 1; i < keys.size(); i += 2) {
        lost += filter.mightContain(keys[i]) ? 0 : 1;
    }
    QCOMPARE(lost, std::uint64_t{0});
    std::uint64_t occupied = 0;
    for (std::uint64_t b = 0; b < filter.numBuckets(); ++b) {
        for (unsigned s = 0; s < 4; ++s) {
            occupied += filter.slotAt(b, s) != 0 ? 1 : 0;
        }
    }
    QCOMPARE(occupied + (filter.stash() ? 1 : 0), filter.itemCount());
    // Erase everything left: the table is empty again.
    for (std::size_t i = 1; i < keys.size(); i += 2) {
        QVERIFY(filter.erase(keys[i]));
    }
    QCOMPARE(filter.itemCount(), std::uint64_t{0});
    const std::vector<std::uint8_t> table = filter.tableBytes();
    QVERIFY(std::all_of(table.begin(), table.end(), [](std::uint8_t b) { return b == 0; }));
    QVERIFY(!filter.erase(keys[0]));
}

template <unsigned F>
void stashIsEmptiedByErase() {
    CuckooFilter<F> filter(64, 0, 8);
    std::vector<std::string> stored;
    for (std::uint64_t i = 0; !filter.stash(); ++i) {
        std::string key = "s-" + std::to_string(i);
        QVERIFY(filter.insert(key));
        stored.push_back(std::move(key));
    }
    const auto stash = *filter.stash();
    const std::uint64_t alt = filter.alternateBucket(stash.first, stash.second);
    // Both buckets of the stashed fingerprint are full (the invariant fromTable checks).
    for (unsigned s = 0; s < 4; ++s) {
        QVERIFY(filter.slotAt(stash.first, s) != 0 && filter.slotAt(alt, s) != 0);
    }
    // Erasing a key whose two buckets are the stash's two buckets (the stashed key itself is
    // one) frees a slot there, or empties the stash; either way the stash is empty afterwards.
    const auto inStashBuckets = std::find_if(stored.begin(), stored.end(), [&](const std::string& key) {
        const auto p = filter.placementOf(key);
        return (p.bucket1 == stash.first && p.bucket2 == alt) || (p.bucket1 == alt && p.bucket2 == stash.first);
    });
    QVERIFY(inStashBuckets != stored.end());
    const std::string erased = *inStashBuckets;
    stored.erase(inStashBuckets);
    const std::uint64_t items = filter.itemCount();
    QVERIFY(filter.erase(erased));
    QCOMPARE(filter.itemCount(), items - 1);
    QVERIFY(!filter.stash().has_value());
    QVERIFY(!filter.stats().stashOccupied);
    for (const std::string& key : stored) {
        QVERIFY(filter.mightContain(key));
    }
    // With room again, inserts succeed.
    QVERIFY(filter.insert(erased));
}

template <unsigned F>
void duplicatesTakeSlots() {
    CuckooFilter<F> filter(16, 0, 1);
    // A key whose two buckets differ (so it has 8 slots).
    std::string key;
    for (std::uint64_t i = 0;; ++i) {
        key = "dup-" + std::to_string(i);
        const auto p = filter.placementOf(key);
        if (p.bucket1 != p.bucket2) {
            break;
        }
    }
    for (int i = 0; i < 8; ++i) {
        QVERIFY(filter.insert(key));
    }
    QCOMPARE(filter.stats().kicks, std::uint64_t{0});  // eight copies fit without relocation
    // The ninth copy has to kick: all victims are its own copies, bouncing between its two
    // buckets, until the kick limit puts one into the stash.
    QVERIFY(filter.insert(key));
    QVERIFY(filter.stash().has_value());
    QCOMPARE(filter.stats().kicks, std::uint64_t{filter.maxKicks()});
    QVERIFY(!filter.insert(key));  // tenth: both buckets full and the stash taken
    QCOMPARE(filter.itemCount(), std::uint64_t{9});
    for (int i = 0; i < 9; ++i) {
        QVERIFY(filter.mightContain(key));
        QVERIFY(filter.erase(key));
    }
    QVERIFY(!filter.mightContain(key));
    QVERIFY(!filter.erase(key));
    QCOMPARE(filter.itemCount(), std::uint64_t{0});
}

template <unsigned F>
void involution() {
    std::mt19937_64 rng(F);
    // Exhaustive for small tables of every count (powers of two use XOR, the others the
    // subtraction map): every bucket and every fingerprint maps back (docs/pitfalls.md #5).
    for (std::uint64_t buckets = 1; buckets <= 40; ++buckets) {
        const CuckooFilter<F> filter(buckets);
        for (std::uint64_t b = 0; b < buckets; ++b) {
            for (std::uint32_t f = 1; f < (1U << F); f += F == 8 ? 1 : 37) {
                const std::uint64_t a = filter.alternateBucket(b, f);
                QVERIFY(a < buckets);
                QCOMPARE(filter.alternateBucket(a, f), b);
            }
        }
    }
    for (std::uint64_t buckets : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{1000}, std::uint64_t{1024},
                                  std::uint64_t{263'158}, std::uint64_t{1} << 20}) {
        const CuckooFilter<F> filter(buckets);
        const std::uint64_t n = filter.numBuckets();
        std::uniform_int_distribution<std::uint64_t> bucket(0, n - 1);
        std::uniform_int_distribution<std::uint32_t> fp(1, (1U << F) - 1);
        for (int i = 0; i < 20'000; ++i) {
            const std::uint64_t b = bucket(rng);
            const std::uint32_t f = fp(rng);
            const std::uint64_t a = filter.alternateBucket(b, f);
            QVERIFY(a < n);
            QCOMPARE(filter.alternateBucket(a, f), b);
        }
    }
    // Placements: i2 = alt(i1), i1 = alt(i2); fingerprints are never 0 and fit F bits; with a
    // non-power-of-two count the first buckets spread over the whole table (multiply-shift).
    std::set<std::uint32_t> seen;
    for (const std::uint64_t buckets : {std::uint64_t{4096}, std::uint64_t{3000}}) {
        CuckooFilter<F> filter(buckets);
        std::vector<std::uint32_t> perTenth(10, 0);
        for (int i = 0; i < 20'000; ++i) {  // distinct keys (random short keys repeat)
            const auto p = filter.placementOf("placement-" + std::to_string(i));
            QVERIFY(p.fingerprint >= 1 && p.fingerprint < (1U << F));
            QVERIFY(p.bucket1 < buckets && p.bucket2 < buckets);
            QCOMPARE(filter.alternateBucket(p.bucket1, p.fingerprint), p.bucket2);
            QCOMPARE(filter.alternateBucket(p.bucket2, p.fingerprint), p.bucket1);
            ++perTenth[p.bucket1 * 10 / buckets];
            ++perTenth[p.bucket2 * 10 / buckets];
            seen.insert(p.fingerprint);
        }
        // 40,000 placements in 10 equal ranges: each holds 4,000 +- 6 sigma (sigma = 60).
        for (const std::uint32_t count : perTenth) {
            QVERIFY2(count > 3640 && count < 4360, qPrintable(QString("%1 placements in a tenth").arg(count)));
        }
    }
    if (F == 8) {
        QCOMPARE(seen.size(), std::size_t{255});  // every non-zero 8-bit value occurs
    }
}

template <unsigned F>
void deterministic() {
    const std::vector<std::string> keys = randomKeys(4000, 4, 16, 900 + F);
    CuckooFilter<F> a(1024, 0, 42);
    CuckooFilter<F> b(1024, 0, 42);
    CuckooFilter<F> c(1024, 0, 43);
    for (const std::string& key : keys) {
        QCOMPARE(a.insert(key), b.insert(key));
        c.insert(key);
    }
    QVERIFY(a.tableBytes() == b.tableBytes());
    QVERIFY(a.stash() == b.stash());
    QCOMPARE(a.stats().kicks, b.stats().kicks);
    QCOMPARE(a.stats().failedInserts, b.stats().failedInserts);
    QVERIFY(a.tableBytes() != c.tableBytes());
}

template <unsigned F>
void kicksAreObservable() {
    CuckooFilter<F> filter(1024, 0, 6);
    std::uint64_t longestSeen = 0;
    std::uint64_t chainSum = 0;
    for (std::uint64_t i = 0; filter.loadFactor() < 0.93; ++i) {
        QVERIFY(filter.insert("k-" + std::to_string(i)));
        const std::vector<CuckooKick>& chain = filter.lastKickChain();
        chainSum += chain.size();
        longestSeen = std::max<std::uint64_t>(longestSeen, chain.size());
        for (std::size_t s = 0; s < chain.size(); ++s) {
            QVERIFY(chain[s].slot < 4);
            QVERIFY(chain[s].fingerprint != 0);
            QCOMPARE(chain[s].toBucket, filter.alternateBucket(chain[s].fromBucket, chain[s].fingerprint));
            if (s + 1 < chain.size()) {
                QCOMPARE(chain[s + 1].fromBucket, chain[s].toBucket);  // the victim moves on
            }
        }
    }
    const FilterStats stats = filter.stats();
    QCOMPARE(stats.kicks, chainSum);
    QCOMPARE(std::uint64_t{stats.maxKickChain}, longestSeen);
    QVERIFY(stats.kicks > 0);
    QVERIFY(!stats.stashOccupied);
}

template <unsigned F>
void persistence() {
    CuckooFilter<F> filter(128, 500, 77, 200);
    const std::vector<std::string> keys = randomKeys(600, 4, 16, 1000 + F);
    std::vector<std::string> stored;
    for (const std::string& key : keys) {
        if (filter.insert(key)) {
            stored.push_back(key);
        }
    }
    QVERIFY(filter.stash().has_value());
    QCOMPARE(filter.tableBytes().size(), std::size_t{128 * 4 * F / 8});
    const auto copy = CuckooFilter<F>::fromTable(filter.numBuckets(), filter.capacity(), filter.seed(),
                                                 filter.maxKicks(), filter.itemCount(), filter.failedInserts(),
                                                 filter.kicks(), filter.tableBytes(), filter.stash());
    QVERIFY(copy.tableBytes() == filter.tableBytes());
    QVERIFY(copy.stash() == filter.stash());
    QCOMPARE(copy.itemCount(), filter.itemCount());
    QCOMPARE(copy.stats().failedInserts, filter.stats().failedInserts);
    QCOMPARE(copy.stats().kicks, filter.stats().kicks);
    QCOMPARE(copy.maxKicks(), std::uint32_t{200});
    for (const std::string& key : stored) {
        QVERIFY(copy.mightContain(key));
    }
    for (const std::string& key : absentKeys(5000, 1100 + F)) {
        QCOMPARE(copy.mightContain(key), filter.mightContain(key));
    }

    const std::vector<std::uint8_t> table = filter.tableBytes();
    const auto stash = filter.stash();
    const std::uint64_t items = filter.itemCount();
    auto load = [&](std::uint64_t buckets, std::uint64_t count, std::span<const std::uint8_t> bytes,
                    std::optional<std::pair<std::uint64_t, std::uint32_t>> s) {
        (void)CuckooFilter<F>::fromTable(buckets, 0, 0, 500, count, 0, 0, bytes, s);
    };
    QVERIFY(throwsWith([&] { load(128, items, std::span(table).first(table.size() - 1), stash); }, "need exactly"));
    QVERIFY(throwsWith([&] { load(96, items, table, stash); }, "need exactly"));  // 96 buckets, 128's bytes
    QVERIFY(throwsWith([&] { load(0, 0, {}, std::nullopt); }, "in [1, 2^40]"));
    QVERIFY(throwsWith([&] { load(std::uint64_t{1} << 50, 0, {}, std::nullopt); }, "in [1, 2^40]"));
    QVERIFY(throwsWith([&] { load(128, items + 1, table, stash); }, "claims"));
    QVERIFY(throwsWith([&] { load(128, items, table, std::nullopt); }, "claims"));  // stash dropped
    QVERIFY(throwsWith([&] { load(128, items, table, std::pair<std::uint64_t, std::uint32_t>{128, 1}); },
                       "out of range"));
    QVERIFY(throwsWith([&] { load(128, items, table, std::pair<std::uint64_t, std::uint32_t>{0, 0}); },
                       "fingerprint"));
    QVERIFY(throwsWith([&] { load(128, items, table, std::pair<std::uint64_t, std::uint32_t>{0, 1U << F}); },
                       "fingerprint"));
    // A stash next to a free slot cannot come from insert: refused.
    const std::vector<std::uint8_t> empty(table.size(), 0);
    QVERIFY(throwsWith([&] { load(128, 1, empty, std::pair<std::uint64_t, std::uint32_t>{3, 5}); }, "free slot"));
    // An empty filter loads.
    const auto fresh = CuckooFilter<F>::fromTable(128, 0, 0, 500, 0, 0, 0, empty, std::nullopt);
    QCOMPARE(fresh.itemCount(), std::uint64_t{0});
    QVERIFY(!fresh.mightContain("x"));
}

// In a table of a few million buckets a group of keys rarely has one in a last block
// (CuckooAlternateMap::tailsRare), and the vector placements then skip the last-block rule for
// a group without such a key. Placements (placementsOf: eight keys per AVX-512 vector, four per
// AVX2 one, as the test variants choose) and batched answers must still be the one-key calls',
// for the keys in a last block and for the others.
template <unsigned F>
void localLargeTable() {
    const std::uint64_t buckets = 2'000'003;  // not a power of two: every group has a last block
    const CuckooAlternateMap map(buckets, CuckooLayout::Local);
    QVERIFY(map.tailsRare);
    QVERIFY(!CuckooAlternateMap(70'001, CuckooLayout::Local).tailsRare);  // the blended rule there
    CuckooFilter<F> filter(buckets, 0, 5, 500, CuckooLayout::Local);
    const std::vector<std::string> keys = randomKeys(120'000, 8, 8, 1500 + F);
    for (std::size_t i = 0; i < keys.size(); i += 2) {
        QVERIFY(filter.insert(keys[i]));
    }
    const std::vector<std::string_view> views(keys.begin(), keys.end());
    std::vector<std::uint8_t> results;
    batchedMatchesOneKey(filter, views, results);
    if (QTest::currentTestFailed()) return;
    std::size_t inLastBlock = 0;
    for (std::size_t i = 0; i < views.size(); ++i) {
        if (i % 2 == 0) QCOMPARE(results[i], std::uint8_t{1});  // inserted
        const auto p = filter.placementOf(views[i]);
        inLastBlock += p.bucket1 >= map.tailBase[fmix64(p.fingerprint) >> 61] ? 1 : 0;
    }
    // About 0.7% of keys: enough groups of eight with one, and most without.
    qInfo("%zu of %zu keys have their first bucket in a last block", inLastBlock, views.size());
    QVERIFY2(inLastBlock > 300 && inLastBlock < 3000, std::to_string(inLastBlock).c_str());

    // In a table this empty nearly every key sits in its first bucket, so the answers above do
    // not depend on the second. Here each key's fingerprint is written into its second bucket
    // alone (slot 0, where free), and every batched answer must find it there.
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(buckets * 4 * F / 8), 0);
    std::vector<std::string_view> second;
    for (const std::string_view key : views) {
        const auto p = filter.placementOf(key);
        if (p.bucket1 == p.bucket2) continue;  // possible in a last block
        std::uint64_t word = 0;
        const std::size_t at = static_cast<std::size_t>(p.bucket2 * F / 2);
        std::memcpy(&word, bytes.data() + at, F / 2);
        if ((word & ((std::uint64_t{1} << F) - 1)) != 0) continue;  // slot 0 taken
        word |= p.fingerprint;
        std::memcpy(bytes.data() + at, &word, F / 2);
        second.push_back(key);
    }
    QVERIFY(second.size() > views.size() * 9 / 10);
    const auto copy = CuckooFilter<F>::fromTable(buckets, 0, 5, 500, second.size(), 0, 0, bytes, std::nullopt,
                                                 CuckooLayout::Local);
    batchedMatchesOneKey(copy, second, results);
    if (QTest::currentTestFailed()) return;
    QVERIFY(std::ranges::all_of(results, [](std::uint8_t r) { return r == 1; }));

    // Keys of other lengths among them: groups of eight with one are hashed key by key.
    const std::vector<std::string> mixed = randomKeys(4'000, 1, 20, 1600 + F);
    for (std::size_t i = 0; i < mixed.size(); i += 2) {
        QVERIFY(filter.insert(mixed[i]));
    }
    const std::vector<std::string_view> mixedViews(mixed.begin(), mixed.end());
    batchedMatchesOneKey(filter, mixedViews, results);
    if (QTest::currentTestFailed()) return;
    for (std::size_t i = 0; i < mixedViews.size(); i += 2) {
        QCOMPARE(results[i], std::uint8_t{1});
    }
}

template <unsigned F>
void statsReport() {
    CuckooFilter<F> filter = CuckooFilter<F>::forCapacity(10'000, 2);
    QCOMPARE(filter.numBuckets(), math::cuckooBucketsFor(10'000));
    FilterStats s = filter.stats();
    QCOMPARE(s.bytes, filter.numBuckets() * 4 * F / 8);
    QCOMPARE(s.items, std::uint64_t{0});
    QCOMPARE(s.capacity, std::uint64_t{10'000});
    QCOMPARE(s.targetFpr,
             math::cuckooFpr(F, 4, 10'000.0 / static_cast<double>(filter.numBuckets() * 4)));  // the design FPR
    QCOMPARE(s.layers, 1U);
    for (const std::string& key : randomKeys(10'000, 4, 16, 1200 + F)) {
        filter.insert(key);
    }
    s = filter.stats();
    QCOMPARE(s.items, std::uint64_t{10'000});
    QCOMPARE(s.fillRatio, 10'000.0 / static_cast<double>(filter.numBuckets() * 4));
    QCOMPARE(s.fillRatio, filter.loadFactor());
    QCOMPARE(s.estimatedItems, 10'000.0);
    QCOMPARE(s.bitsPerItem, 8.0 * static_cast<double>(s.bytes) / 10'000.0);
    QCOMPARE(s.estimatedFpr, math::cuckooFpr(F, 4, s.fillRatio));
    QVERIFY(!s.overfilled);
    QCOMPARE(s.failedInserts, std::uint64_t{0});
}

template <unsigned F>
void validation() {
    QVERIFY(throwsWith([] { CuckooFilter<F> f(0); }, "in [1, 2^40]; got 0"));
    QVERIFY(throwsWith([] { CuckooFilter<F> f(std::uint64_t{1} << 41); }, "in [1, 2^40]"));
    QCOMPARE(CuckooFilter<F>(3).numBuckets(), std::uint64_t{3});  // any count is a valid table
    QCOMPARE(CuckooFilter<F>(1000).stats().bytes, std::uint64_t{1000} * 4 * F / 8);
    QVERIFY(throwsWith([] { CuckooFilter<F> f(16, 0, 0, 2'000'000); }, "maximum kicks"));
    QVERIFY(throwsWith([] { (void)CuckooFilter<F>::forCapacity(0); }, "n (expected items) must be >= 1"));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, (void)CuckooFilter<F>(16).slotAt(16, 0));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, (void)CuckooFilter<F>(16).slotAt(0, 4));
    // maxKicks = 0 is allowed: a full pair of buckets sends the newcomer straight to the stash.
    CuckooFilter<F> noKicks(1, 0, 0, 0);
    for (int i = 0; i < 4; ++i) {
        QVERIFY(noKicks.insert("n" + std::to_string(i)));
    }
    QVERIFY(noKicks.insert("n4"));
    QVERIFY(noKicks.stash().has_value());
    QVERIFY(!noKicks.insert("n5"));
    for (int i = 0; i < 5; ++i) {
        QVERIFY(noKicks.mightContain("n" + std::to_string(i)));
    }
}


// ---- The local layout -----------------------------------------------------------------------

/// The block of the group's range that holds both buckets of (bucket, fp), by the rule in
/// cuckoo_filter.h recomputed here from the ranges alone: [start, end).
std::pair<std::uint64_t, std::uint64_t> localBlock(std::uint64_t buckets, std::uint64_t bucket, std::uint32_t fp) {
    const std::uint64_t range = CuckooAlternateMap::kLocalRanges[fmix64(fp) >> 61];
    const std::uint64_t blocks = buckets / range;
    if (blocks == 0) return {0, buckets};
    const std::uint64_t last = buckets % range == 0 ? blocks * range : (blocks - 1) * range;
    if (bucket >= last) return {last, buckets};
    return {bucket / range * range, bucket / range * range + range};
}

template <unsigned F>
void localInvolution() {
    // Every table size from 1 to 300 exhaustively, then random (bucket, fp) pairs in tables whose
    // count is a power of two, a multiple of the largest range, just above one, and prime: the
    // map is an involution, never leaves the table, and keeps both buckets in one block of the
    // group's range (the last block also takes the leftover buckets).
    for (std::uint64_t buckets = 1; buckets <= 300; ++buckets) {
        const CuckooFilter<F> filter(buckets, 0, 0, 500, CuckooLayout::Local);
        for (std::uint64_t b = 0; b < buckets; ++b) {
            for (std::uint32_t f = 1; f < (1U << F); f += F == 8 ? 1 : 37) {
                const std::uint64_t a = filter.alternateBucket(b, f);
                QVERIFY(a < buckets);
                QCOMPARE(filter.alternateBucket(a, f), b);
                const auto [start, end] = localBlock(buckets, b, f);
                QVERIFY(a >= start && a < end);
            }
        }
    }
    std::mt19937_64 rng(F + 100);
    for (const std::uint64_t buckets : {std::uint64_t{1} << 16, std::uint64_t{3} << 16, std::uint64_t{65'537},
                                        std::uint64_t{70'001}, std::uint64_t{263'158}, std::uint64_t{1} << 20,
                                        std::uint64_t{2'659'575}}) {
        const CuckooFilter<F> filter(buckets, 0, 0, 500, CuckooLayout::Local);
        std::uniform_int_distribution<std::uint64_t> bucket(0, buckets - 1);
        std::uniform_int_distribution<std::uint32_t> fp(1, (1U << F) - 1);
        std::uint64_t xorMoves = 0;
        for (int i = 0; i < 20'000; ++i) {
            const std::uint64_t b = bucket(rng);
            const std::uint32_t f = fp(rng);
            const std::uint64_t a = filter.alternateBucket(b, f);
            QVERIFY(a < buckets);
            QCOMPARE(filter.alternateBucket(a, f), b);
            const auto [start, end] = localBlock(buckets, b, f);
            QVERIFY(a >= start && a < end);
            xorMoves += a != b ? 1 : 0;
        }
        QVERIFY(xorMoves > 19'000);  // an XOR offset is never 0; only a last block can map b to itself
    }
    // Locality: in 2^20 buckets (whole blocks for every range) both buckets share an aligned
    // block of 16 (96 bytes for f = 12) for groups of range 8 and 16 always, and for a group of
    // range r when the XOR offset, uniform in [1, r), is below 16: probability
    // (3 + sum over r = 64 .. 65,536 of 15 / (r - 1)) / 8. Never more than 65,536 buckets apart.
    const CuckooFilter<F> big(std::uint64_t{1} << 20, 0, 0, 500, CuckooLayout::Local);
    double sameBlock = 3.0;
    for (std::size_t g = 3; g < 8; ++g) sameBlock += 15.0 / static_cast<double>(CuckooAlternateMap::kLocalRanges[g] - 1);
    sameBlock /= 8.0;
    std::uint64_t near = 0;
    constexpr std::uint64_t kKeys = 40'000;
    for (std::uint64_t i = 0; i < kKeys; ++i) {
        const auto p = big.placementOf("near-" + std::to_string(i));
        near += p.bucket1 / 16 == p.bucket2 / 16 ? 1 : 0;
        QVERIFY((p.bucket1 ^ p.bucket2) < 65'536);
    }
    const math::Interval band = math::binomialAcceptance(kKeys, sameBlock);
    QVERIFY2(static_cast<double>(near) >= band.low && static_cast<double>(near) <= band.high,
             qPrintable(QStringLiteral("%1 of %2 placements in one block of 16, expected %3").arg(near).arg(kKeys).arg(sameBlock * kKeys)));
    // The default stays spread, and the local map differs from it.
    QCOMPARE(CuckooFilter<F>(1000).layout(), CuckooLayout::Spread);
    QCOMPARE(big.layout(), CuckooLayout::Local);
    const CuckooFilter<F> spread(std::uint64_t{1} << 20);
    std::uint64_t differ = 0;
    for (std::uint32_t f = 1; f < 200; ++f) differ += spread.alternateBucket(5, f) != big.alternateBucket(5, f) ? 1 : 0;
    QVERIFY(differ > 190);
}

template <unsigned F>
void localNoFalseNegatives() {
    // A table sized for n takes n keys (kicks happen), every key is found one at a time and
    // batched, erasing half keeps the other half, and a second fill after the erases is found too.
    const std::vector<std::string> keys = insertedKeys(100'000, F + 20);
    CuckooFilter<F> filter = CuckooFilter<F>::forCapacity(keys.size(), 5, CuckooFilter<F>::kDefaultMaxKicks,
                                                          CuckooLayout::Local);
    QCOMPARE(filter.layout(), CuckooLayout::Local);
    QCOMPARE(filter.numBuckets(), math::cuckooBucketsFor(keys.size()));  // same size as spread
    for (const std::string& key : keys) QVERIFY(filter.insert(key));
    QVERIFY(filter.kicks() > 1000);
    QVERIFY(!filter.stash().has_value());
    const std::vector<std::string_view> views(keys.begin(), keys.end());
    std::vector<std::uint8_t> results(views.size(), 7);
    filter.mightContainMany(views, results);
    for (std::size_t i = 0; i < views.size(); ++i) {
        QVERIFY(filter.mightContain(views[i]));
        QCOMPARE(results[i], std::uint8_t{1});
    }
    for (std::size_t i = 0; i < keys.size(); i += 2) QVERIFY(filter.erase(keys[i]));
    QCOMPARE(filter.itemCount(), std::uint64_t{keys.size() / 2});
    for (std::size_t i = 1; i < keys.size(); i += 2) QVERIFY(filter.mightContain(keys[i]));
    const std::vector<std::string> more = insertedKeys(50'000, F + 40);
    for (const std::string& key : more) QVERIFY(filter.insert(key));
    for (const std::string& key : more) QVERIFY(filter.mightContain(key));
    for (std::size_t i = 1; i < keys.size(); i += 2) QVERIFY(filter.mightContain(keys[i]));
}

template <unsigned F>
void localMeasuredFpr() {
    // Filled to 0.94 (the design load): the FPR on 200,000 absent keys is cuckooFpr at the
    // measured load, within the binomial band (the layout moves buckets, not fingerprints).
    for (const std::uint64_t buckets : {std::uint64_t{1} << 15, std::uint64_t{70'001}}) {
        constexpr std::uint64_t kTrials = 200'000;
        CuckooFilter<F> filter(buckets, 0, 9, 500, CuckooLayout::Local);
        const auto n = static_cast<std::size_t>(0.94 * static_cast<double>(buckets) * 4);
        for (const std::string& key : randomKeys(n, 8, 32, 1400 + F)) QVERIFY(filter.insert(key));
        std::uint64_t positives = 0;
        for (const std::string& key : absentKeys(kTrials, 1500 + F)) positives += filter.mightContain(key) ? 1 : 0;
        const double load = filter.loadFactor();
        const double theory = math::cuckooFpr(F, 4, load);
        qInfo("cuckoo f=%u local, %llu buckets at load %.4f: measured FPR %.6f, theory %.6f", F,
              static_cast<unsigned long long>(buckets), load, static_cast<double>(positives) / kTrials, theory);
        const math::Interval band = math::binomialAcceptance(kTrials, theory);
        QVERIFY2(static_cast<double>(positives) >= band.low && static_cast<double>(positives) <= band.high,
                 qPrintable(QStringLiteral("%1 positives of %2, theory %3, band [%4, %5]")
                                .arg(positives).arg(kTrials).arg(theory).arg(band.low).arg(band.high)));
    }
}

template <unsigned F>
void localPersistence() {
    // fromTable rebuilds a local filter that answers as the original; read as spread, the same
    // table loses keys (which is why the file records the layout).
    CuckooFilter<F> filter(70'001, 0, 77, 500, CuckooLayout::Local);
    const std::vector<std::string> keys = randomKeys(260'000, 4, 16, 1600 + F);
    std::vector<std::string> stored;
    for (const std::string& key : keys) {
        if (filter.insert(key)) stored.push_back(key);
    }
    const auto copy = CuckooFilter<F>::fromTable(filter.numBuckets(), filter.capacity(), filter.seed(),
                                                 filter.maxKicks(), filter.itemCount(), filter.failedInserts(),
                                                 filter.kicks(), filter.tableBytes(), filter.stash(),
                                                 CuckooLayout::Local);
    QCOMPARE(copy.layout(), CuckooLayout::Local);
    for (const std::string& key : stored) QVERIFY(copy.mightContain(key));
    for (const std::string& key : absentKeys(5000, 1700 + F)) QCOMPARE(copy.mightContain(key), filter.mightContain(key));
    std::uint64_t lostAsSpread = 0;
    if (!filter.stash()) {
        const auto misread = CuckooFilter<F>::fromTable(filter.numBuckets(), filter.capacity(), filter.seed(),
                                                        filter.maxKicks(), filter.itemCount(), filter.failedInserts(),
                                                        filter.kicks(), filter.tableBytes(), std::nullopt);
        for (const std::string& key : stored) lostAsSpread += misread.mightContain(key) ? 0 : 1;
        QVERIFY(lostAsSpread > stored.size() / 10);
    }
    QVERIFY(throwsWith([] { CuckooFilter<F> f(16, 0, 0, 500, static_cast<CuckooLayout>(2)); },
                       "layout must be spread (0) or local (1); got 2"));
}

/// The rows of a fill-to-failure test: every bucket count with seeds 1 and 2.
void addFillRows(std::initializer_list<std::uint64_t> bucketCounts) {
    QTest::addColumn<std::uint64_t>("buckets");
    QTest::addColumn<std::uint64_t>("seed");
    for (const std::uint64_t buckets : bucketCounts) {
        for (const std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{2}}) {
            QTest::addRow("%llu buckets, seed %llu", static_cast<unsigned long long>(buckets),
                          static_cast<unsigned long long>(seed))
                << buckets << seed;
        }
    }
}

} // namespace

class TestCuckooFilter : public QObject {
    Q_OBJECT

private slots:
    void keyBatchMatchesPerKey8() { keyBatchMatchesPerKey<8>(); }
    void keyBatchMatchesPerKey12() { keyBatchMatchesPerKey<12>(); }
    void keyBatchMatchesPerKey16() { keyBatchMatchesPerKey<16>(); }
    void noFalseNegatives8() { noFalseNegatives<8>(); }
    void noFalseNegatives12() { noFalseNegatives<12>(); }
    void noFalseNegatives16() { noFalseNegatives<16>(); }
    void eightByteKeysBatched8() { eightByteKeysBatched<8>(); }
    void eightByteKeysBatched12() { eightByteKeysBatched<12>(); }
    void eightByteKeysBatched16() { eightByteKeysBatched<16>(); }
    void wordParallelMatchesSlotScan8() { wordParallelMatchesSlotScan<8>(); }
    void wordParallelMatchesSlotScan12() { wordParallelMatchesSlotScan<12>(); }
    void wordParallelMatchesSlotScan16() { wordParallelMatchesSlotScan<16>(); }
    void measuredFpr8() { measuredFpr<8>(); }
    void measuredFpr12() { measuredFpr<12>(); }
    void measuredFpr16() { measuredFpr<16>(); }

    void fillToFailure_data() {
        // Powers of two (XOR map) and other counts (subtraction map), small to large.
        addFillRows({std::uint64_t{256}, std::uint64_t{300}, std::uint64_t{1} << 12, std::uint64_t{5000},
                     std::uint64_t{1} << 16, std::uint64_t{70'001}});
    }
    void fillToFailure() {
        QFETCH(std::uint64_t, buckets);
        QFETCH(std::uint64_t, seed);
        fillToFailureCase<8>(buckets, seed);
        fillToFailureCase<12>(buckets, seed);
        fillToFailureCase<16>(buckets, seed);
    }

    void capacityIsReachable8() { capacityIsReachable<8>(); }
    void capacityIsReachable12() { capacityIsReachable<12>(); }
    void capacityIsReachable16() { capacityIsReachable<16>(); }
    void eraseSemantics8() { eraseSemantics<8>(); }
    void eraseSemantics12() { eraseSemantics<12>(); }
    void eraseSemantics16() { eraseSemantics<16>(); }
    void stashIsEmptiedByErase8() { stashIsEmptiedByErase<8>(); }
    void stashIsEmptiedByErase12() { stashIsEmptiedByErase<12>(); }
    void stashIsEmptiedByErase16() { stashIsEmptiedByErase<16>(); }
    void duplicatesTakeSlots8() { duplicatesTakeSlots<8>(); }
    void duplicatesTakeSlots12() { duplicatesTakeSlots<12>(); }
    void duplicatesTakeSlots16() { duplicatesTakeSlots<16>(); }
    void involution8() { involution<8>(); }
    void involution12() { involution<12>(); }
    void involution16() { involution<16>(); }
    void deterministic8() { deterministic<8>(); }
    void deterministic12() { deterministic<12>(); }
    void deterministic16() { deterministic<16>(); }
    void kicksAreObservable8() { kicksAreObservable<8>(); }
    void kicksAreObservable12() { kicksAreObservable<12>(); }
    void kicksAreObservable16() { kicksAreObservable<16>(); }
    void persistence8() { persistence<8>(); }
    void persistence12() { persistence<12>(); }
    void persistence16() { persistence<16>(); }
    void stats8() { statsReport<8>(); }
    void stats12() { statsReport<12>(); }
    void stats16() { statsReport<16>(); }
    void validation8() { validation<8>(); }
    void validation12() { validation<12>(); }
    void validation16() { validation<16>(); }

    void localInvolution8() { localInvolution<8>(); }
    void localInvolution12() { localInvolution<12>(); }
    void localInvolution16() { localInvolution<16>(); }
    void localNoFalseNegatives8() { localNoFalseNegatives<8>(); }
    void localNoFalseNegatives12() { localNoFalseNegatives<12>(); }
    void localNoFalseNegatives16() { localNoFalseNegatives<16>(); }
    void localBatchedMatchesOneKey8() { eightByteKeysBatched<8>(CuckooLayout::Local); }
    void localBatchedMatchesOneKey12() { eightByteKeysBatched<12>(CuckooLayout::Local); }
    void localBatchedMatchesOneKey16() { eightByteKeysBatched<16>(CuckooLayout::Local); }
    void localKeyBatchMatchesPerKey12() { keyBatchMatchesPerKey<12>(CuckooLayout::Local); }
    void localLargeTable8() { localLargeTable<8>(); }
    void localLargeTable12() { localLargeTable<12>(); }
    void localLargeTable16() { localLargeTable<16>(); }
    void localMeasuredFpr8() { localMeasuredFpr<8>(); }
    void localMeasuredFpr12() { localMeasuredFpr<12>(); }
    void localMeasuredFpr16() { localMeasuredFpr<16>(); }
    void localPersistence8() { localPersistence<8>(); }
    void localPersistence12() { localPersistence<12>(); }
    void localPersistence16() { localPersistence<16>(); }
    void localFillToFailure_data() {
        // Below the largest range (the big groups span the whole table), one block plus a
        // leftover, whole blocks, and many blocks with a leftover.
        addFillRows({std::uint64_t{5000}, std::uint64_t{70'001}, std::uint64_t{1} << 17, std::uint64_t{263'158}});
    }
    void localFillToFailure() {
        QFETCH(std::uint64_t, buckets);
        QFETCH(std::uint64_t, seed);
        fillToFailureCase<8>(buckets, seed, CuckooLayout::Local, kLocalFirstFailureLoad);
        fillToFailureCase<12>(buckets, seed, CuckooLayout::Local, kLocalFirstFailureLoad);
        fillToFailureCase<16>(buckets, seed, CuckooLayout::Local, kLocalFirstFailureLoad);
    }

    void erasingAFalsePositiveRemovesAnotherKey() {
        // Documented hazard (docs/pitfalls.md #7): a never-inserted key that collides with an inserted
        // one (same fingerprint, shared bucket) erases that key's fingerprint.
        CuckooFilter<8> filter(64, 0, 1);
        const std::vector<std::string> keys = randomKeys(200, 4, 16, 1300);
        for (const std::string& key : keys) {
            QVERIFY(filter.insert(key));
        }
        std::string impostor;
        for (const std::string& key : absentKeys(100'000, 1301)) {
            if (filter.mightContain(key)) {
                impostor = key;
                break;
            }
        }
        QVERIFY(!impostor.empty());
        const std::uint64_t items = filter.itemCount();
        QVERIFY(filter.erase(impostor));  // cannot be told apart from an inserted key
        QCOMPARE(filter.itemCount(), items - 1);
    }
};

QTEST_GUILESS_MAIN(TestCuckooFilter)
#include "tst_cuckoo_filter.moc"
