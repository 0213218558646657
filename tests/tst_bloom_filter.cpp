// tst_bloom_filter: the classic Bloom filter's contract.
//   - no false negatives (random byte keys incl. empty, NUL and non-ASCII bytes, duplicates),
//     single-key and batched paths agree bit for bit;
//   - measured FPR on absent keys within math::binomialAcceptance (z = 4) of classicFpr;
//   - the probe rule: step forced odd / non-zero, distinct probes, positions past 2^32 with
//     64-bit sizes (docs/pitfalls.md #2, #3, #4);
//   - stats, set operations (and refusal of incompatible filters), copy / move, persistence
//     hooks, validation messages, concurrent inserts.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/bloom_filter.h"
#include "core/filter_math.h"
#include "test_support.h"
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace bloomlab;

namespace {

using test::randomKeys;
using test::sameWords;
using test::throwsWith;
using test::views;

} // namespace

class TestBloomFilter : public QObject {
    Q_OBJECT

private slots:
    void keyBatchMatchesPerKey() {
        // Keys in one buffer with offsets (KeyBatch) set the bits and give the answers of the one-key
        // calls: a batch whose first key is 8 bytes (hashed 64 at a time, eight per AVX-512 vector)
        // and one whose first key is not (hashed as taken), lengths 0..64 and long keys, both
        // writer modes, and slices that end inside the pipelines' rings.
        const std::vector<std::string> keys = test::mixedLengthKeys(41);
        const KeyBatchBuilder builder = test::packed(keys);
        const KeyBatch batch = builder.view();
        QCOMPARE(batch.size(), keys.size());
        const std::size_t half = keys.size() / 2;
        for (const Writers writers : {Writers::One, Writers::Many}) {
            for (const std::size_t first : {std::size_t{0}, std::size_t{301}}) {  // 8-byte first key, then not
                BloomFilter single(6000, 4);
                BloomFilter packed(6000, 4);
                single.setWriters(writers);
                packed.setWriters(writers);
                for (std::size_t i = first; i < first + half; ++i) single.insert(keys[i]);
                packed.insertMany(batch.subspan(first, half));
                QVERIFY(sameWords(single, packed));
                QCOMPARE(packed.itemCount(), single.itemCount());
            }
        }
        BloomFilter filter(6000, 4);
        filter.insertMany(batch.subspan(0, half));
        const std::string slices =
            test::sliceMismatch(filter, batch, {0, 1, 299, 301, 513}, {0, 1, 7, 8, 9, 16, 17, 32, 33, 64, 65, 200});
        QVERIFY2(slices.empty(), slices.c_str());
        const std::string whole = test::sliceMismatch(filter, batch, {0}, {batch.size()});
        QVERIFY2(whole.empty(), whole.c_str());
        const auto positives = static_cast<std::size_t>(
            std::ranges::count_if(keys, [&](const std::string& key) { return filter.mightContain(key); }));
        QVERIFY(positives >= half && positives < keys.size());  // every inserted key, not every key
        std::vector<std::uint8_t> wrong(1);
        QVERIFY(throwsWith([&] { filter.mightContainMany(batch.subspan(0, 2), wrong); }, "results has 1 slots for 2 keys"));
    }

    void noFalseNegatives() {
        // Inserted keys: 100,000 random byte strings of length 0..32, plus explicit edge cases,
        // plus 1,000 duplicates.
        std::vector<std::string> keys = randomKeys(100'000, 0, 32, 1);
        keys.emplace_back("");
        keys.emplace_back(std::string("a\0b", 3));
        keys.emplace_back(std::string("\0", 1));
        keys.emplace_back(std::string("\0\0\0\0", 4));
        keys.emplace_back("\xff\xfe\x80");
        keys.emplace_back("ключ");       // UTF-8 Cyrillic
        keys.emplace_back("キー");       // UTF-8 Japanese
        keys.emplace_back("कुंजी");      // UTF-8 Devanagari
        keys.emplace_back(std::string(1000, 'x'));
        for (std::size_t i = 0; i < 1000; ++i) {
            keys.push_back(keys[i]);
        }
        BloomFilter filter = BloomFilter::forCapacity(keys.size(), 0.01);
        for (const std::string& key : keys) {
            QVERIFY(filter.insert(key));
        }
        QCOMPARE(filter.itemCount(), static_cast<std::uint64_t>(keys.size()));  // duplicates counted
        for (const std::string& key : keys) {
            QVERIFY(filter.mightContain(key));
        }
        // "" and "\0" are different keys with different probes.
        QVERIFY(filter.probePositions("") != filter.probePositions(std::string("\0", 1)));

        // Batched paths give the same bits and answers.
        BloomFilter batched = BloomFilter::forCapacity(keys.size(), 0.01);
        const std::vector<std::string_view> keyViews = views(keys);
        batched.insertMany(keyViews);
        QVERIFY(sameWords(filter, batched));
        QCOMPARE(batched.itemCount(), filter.itemCount());
        std::vector<std::uint8_t> results(keyViews.size(), 0);
        batched.mightContainMany(keyViews, results);
        QVERIFY(std::ranges::all_of(results, [](std::uint8_t r) { return r == 1; }));
    }

    void measuredFprWithinBinomialBound_data() {
        QTest::addColumn<quint64>("n");
        QTest::addColumn<double>("p");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("n=100k p=1%") << quint64{100'000} << 0.01 << quint64{0};
        QTest::newRow("n=10k p=10% (retrieval experiment config)") << quint64{10'000} << 0.1 << quint64{0};
        QTest::newRow("n=50k p=0.1% seed 42") << quint64{50'000} << 0.001 << quint64{42};
    }
    void measuredFprWithinBinomialBound() {
        QFETCH(quint64, n);
        QFETCH(double, p);
        QFETCH(quint64, seed);
        BloomFilter filter = BloomFilter::forCapacity(n, p, seed);
        // n distinct keys (8..24 random bytes; checked distinct, since the theory counts them).
        const std::vector<std::string> keys = randomKeys(n, 8, 24, 100 + n);
        QCOMPARE(std::set<std::string>(keys.begin(), keys.end()).size(), static_cast<std::size_t>(n));
        for (const std::string& key : keys) {
            filter.insert(key);
        }
        // Absent keys are 25..40 bytes long, so none can equal an inserted key.
        constexpr std::uint64_t kTrials = 200'000;
        const std::vector<std::string> absent = randomKeys(kTrials, 25, 40, 200 + n);
        std::uint64_t falsePositives = 0;
        for (const std::string& key : absent) {
            falsePositives += filter.mightContain(key) ? 1 : 0;
        }
        // The instance's own FPR varies from the formula by far less than query noise here (the
        // fill's relative s.d. is ~0.1% at these sizes), so the band is the binomial one.
        const double theory = math::classicFpr(static_cast<double>(n), static_cast<double>(filter.numBits()),
                                               filter.numHashes());
        const math::Interval band = math::binomialAcceptance(kTrials, theory);
        qInfo("n=%llu p=%g: measured FPR %.5f on %llu absent keys, theory %.5f", static_cast<unsigned long long>(n), p,
              static_cast<double>(falsePositives) / kTrials, static_cast<unsigned long long>(kTrials), theory);
        QVERIFY2(falsePositives >= band.low && falsePositives <= band.high,
                 qPrintable(QStringLiteral("%1 false positives of %2 (%3), theory %4, band [%5, %6]")
                                .arg(falsePositives).arg(kTrials)
                                .arg(static_cast<double>(falsePositives) / kTrials).arg(theory)
                                .arg(band.low).arg(band.high)));
        // The sizing itself lands on p: integer k moves the theory by under 1% here.
        QVERIFY(std::abs(theory - p) <= 0.01 * p);
        // Batched lookups agree with single lookups on absent keys too.
        std::vector<std::uint8_t> results(absent.size());
        filter.mightContainMany(views(absent), results);
        std::uint64_t batchedPositives = 0;
        for (std::size_t i = 0; i < absent.size(); ++i) {
            QCOMPARE(results[i] == 1, filter.mightContain(absent[i]));
            batchedPositives += results[i];
        }
        QCOMPARE(batchedPositives, falsePositives);
    }

    void stepIsOddAndNonZero() {
        // The probe rule is reduceRange(low + j * (high | 1), m). A zero high half must not give
        // k copies of one probe, and an even step is made odd (docs/pitfalls.md #2).
        const std::uint64_t huge = ~std::uint64_t{0};  // m = 2^64 - 1: reduction is x -> x - 1
        for (const std::uint64_t low : {std::uint64_t{5}, std::uint64_t{0x123456789ABCDEF}, ~std::uint64_t{0} - 100}) {
            for (std::uint32_t j = 0; j < 64; ++j) {
                QCOMPARE(BloomFilter::probeIndex({low, 0}, j, huge), BloomFilter::probeIndex({low, 1}, j, huge));
                QCOMPARE(BloomFilter::probeIndex({low, 6}, j, huge), BloomFilter::probeIndex({low, 7}, j, huge));
            }
            std::set<std::uint64_t> probes;
            for (std::uint32_t j = 0; j < 64; ++j) {
                probes.insert(BloomFilter::probeIndex({low, 0}, j, huge));
            }
            QCOMPARE(probes.size(), std::size_t{64});  // step 1, not 0: 64 distinct probes
        }
        // A step that is a multiple of 2^63 would revisit two bits; forced odd, it cannot.
        std::set<std::uint64_t> probes;
        for (std::uint32_t j = 0; j < 64; ++j) {
            probes.insert(BloomFilter::probeIndex({12345, std::uint64_t{1} << 63}, j, huge));
        }
        QCOMPARE(probes.size(), std::size_t{64});
    }

    void probesOfAKeyAreDistinct() {
        // Before reduction the k values low + j * step (mod 2^64) are distinct (step odd). After
        // reduction to m cells two probes of a key coincide with probability about 1/m per pair
        // (as for independent hashes), so over 100,000 keys the count of keys with a repeated
        // probe is Binomial(100,000, <= C(k,2)/m): checked against the z = 4 band. A zero or
        // even step would make most keys repeat.
        const std::uint64_t m = 1'000'000;
        const std::uint32_t k = 7;
        BloomFilter filter(m, k);
        std::uint64_t keysWithRepeats = 0;
        for (const std::string& key : randomKeys(100'000, 1, 16, 3)) {
            std::vector<std::uint64_t> positions = filter.probePositions(key);
            QCOMPARE(positions.size(), std::size_t{k});
            std::ranges::sort(positions);
            keysWithRepeats += std::ranges::adjacent_find(positions) != positions.end() ? 1 : 0;
        }
        const double pairs = k * (k - 1) / 2.0;
        const math::Interval band = math::binomialAcceptance(100'000, pairs / static_cast<double>(m));
        QVERIFY2(keysWithRepeats <= band.high, qPrintable(QString::number(keysWithRepeats)));

        // The probes of one key are spread over the whole array (not clustered by a small step).
        std::uint64_t lowHalf = 0;
        std::uint64_t total = 0;
        for (const std::string& key : randomKeys(10'000, 1, 16, 4)) {
            for (const std::uint64_t position : filter.probePositions(key)) {
                lowHalf += position < m / 2 ? 1 : 0;
                ++total;
            }
        }
        const math::Interval half = math::binomialAcceptance(total, 0.5);
        QVERIFY(lowHalf >= half.low && lowHalf <= half.high);
    }

    void sizesBeyond32Bits() {
        // Pure rule, no allocation: with m = 2^32 + 1000 the last cell is reachable.
        const std::uint64_t m32 = (std::uint64_t{1} << 32) + 1000;
        QCOMPARE(BloomFilter::probeIndex({~std::uint64_t{0}, 0}, 0, m32), m32 - 1);
        QVERIFY(BloomFilter::probeIndex({std::uint64_t{3} << 62, 0}, 0, m32) > (std::uint64_t{3} << 30));

        // A real filter of 2^32 + 2^20 bits (512 MiB + 128 KiB): keys whose probes land past
        // 2^32 are inserted and found, and those bits really are set (a 32-bit size would have
        // wrapped m to 2^20 and every probe below it: docs/pitfalls.md #4).
        const std::uint64_t m = (std::uint64_t{1} << 32) + (std::uint64_t{1} << 20);
        BloomFilter filter(m, 7);
        QCOMPARE(filter.numBits(), m);
        QCOMPARE(filter.words().size(), static_cast<std::size_t>(m / 64));
        std::vector<std::string> farKeys;
        std::uint64_t maxPosition = 0;
        for (std::uint64_t i = 0; farKeys.size() < 5 && i < 1'000'000; ++i) {
            const std::string key = "far-" + std::to_string(i);
            for (const std::uint64_t position : filter.probePositions(key)) {
                QVERIFY(position < m);
                maxPosition = std::max(maxPosition, position);
                if (position >= (std::uint64_t{1} << 32)) {
                    farKeys.push_back(key);
                    break;
                }
            }
        }
        QCOMPARE(farKeys.size(), std::size_t{5});  // about 1 key in 585 has such a probe
        for (const std::string& key : farKeys) {
            QVERIFY(!filter.mightContain(key));
            filter.insert(key);
            QVERIFY(filter.mightContain(key));
            for (const std::uint64_t position : filter.probePositions(key)) {
                QVERIFY(filter.testBit(position));
            }
        }
        QVERIFY(maxPosition >= (std::uint64_t{1} << 32));
        QVERIFY(filter.popcount() <= 5 * 7);
        QVERIFY(filter.popcount() >= 5);
        // Bits below 2^32 at the same offsets (what a wrapped index would hit) are not set.
        for (const std::string& key : farKeys) {
            for (const std::uint64_t position : filter.probePositions(key)) {
                if (position >= (std::uint64_t{1} << 32)) {
                    QVERIFY(!filter.testBit(position - (std::uint64_t{1} << 32)));
                }
            }
        }
    }

    void statsReflectTheFill() {
        const std::uint64_t n = 50'000;
        BloomFilter filter = BloomFilter::forCapacity(n, 0.01);
        FilterStats empty = filter.stats();
        QCOMPARE(empty.items, std::uint64_t{0});
        QCOMPARE(empty.bitsPerItem, 0.0);
        QCOMPARE(empty.fillRatio, 0.0);
        QCOMPARE(empty.estimatedFpr, 0.0);
        QCOMPARE(empty.layers, 1U);
        QVERIFY(!empty.overfilled);
        const std::vector<std::string> keys = randomKeys(n, 8, 20, 5);
        QCOMPARE(std::set<std::string>(keys.begin(), keys.end()).size(), static_cast<std::size_t>(n));
        for (const std::string& key : keys) {
            filter.insert(key);
        }
        const FilterStats s = filter.stats();
        QCOMPARE(s.items, n);
        QCOMPARE(s.capacity, n);
        QCOMPARE(s.targetFpr, 0.01);
        QCOMPARE(s.bytes, (filter.numBits() + 63) / 64 * 8);
        QCOMPARE(s.bitsPerItem, 8.0 * static_cast<double>(s.bytes) / static_cast<double>(n));
        QCOMPARE(s.fillRatio, static_cast<double>(filter.popcount()) / static_cast<double>(filter.numBits()));
        QCOMPARE(s.estimatedFpr, std::pow(s.fillRatio, filter.numHashes()));
        QVERIFY(!s.overfilled);
        // Swamidass-Baldi estimate within 4 s.d. (delta method, see tst_filter_math).
        const double t = filter.numHashes() * static_cast<double>(n) / static_cast<double>(filter.numBits());
        const double sd = std::sqrt(static_cast<double>(filter.numBits()) * std::exp(-t) * (1 - (1 + t) * std::exp(-t))) *
                          std::exp(t) / filter.numHashes();
        QVERIFY2(std::abs(s.estimatedItems - static_cast<double>(n)) <= 4 * sd + 1,
                 qPrintable(QStringLiteral("%1 vs %2 (sd %3)").arg(s.estimatedItems).arg(n).arg(sd)));
        // Overfill to 3x: flagged.
        for (const std::string& key : randomKeys(2 * n, 8, 20, 6)) {
            filter.insert(key);
        }
        const FilterStats over = filter.stats();
        QVERIFY(over.overfilled);
        QVERIFY(over.estimatedFpr > 2 * 0.01);
    }

    void unionAndIntersection() {
        const std::vector<std::string> a = randomKeys(5'000, 1, 20, 7);
        const std::vector<std::string> b = randomKeys(5'000, 21, 30, 8);
        const std::vector<std::string> common = randomKeys(500, 31, 40, 9);
        BloomFilter fa(100'000, 5, 10'000, 0.01, 99);
        BloomFilter fb(100'000, 5, 10'000, 0.01, 99);
        BloomFilter both(100'000, 5, 10'000, 0.01, 99);
        for (const auto& key : a) { fa.insert(key); both.insert(key); }
        for (const auto& key : b) { fb.insert(key); both.insert(key); }
        for (const auto& key : common) { fa.insert(key); fb.insert(key); both.insert(key); }

        BloomFilter united = fa;
        united.unionWith(fb);
        QVERIFY(sameWords(united, both));  // union is exact
        QCOMPARE(united.itemCount(), fa.itemCount() + fb.itemCount());
        for (const auto& key : b) {
            QVERIFY(united.mightContain(key));
        }

        BloomFilter intersected = fa;
        intersected.intersectWith(fb);
        for (std::size_t i = 0; i < intersected.words().size(); ++i) {
            QCOMPARE(intersected.words()[i], fa.words()[i] & fb.words()[i]);
        }
        QCOMPARE(intersected.itemCount(), std::min(fa.itemCount(), fb.itemCount()));
        for (const auto& key : common) {
            QVERIFY(intersected.mightContain(key));  // never "no" for a key in both
        }
        std::uint64_t onlyA = 0;
        for (const auto& key : a) {
            onlyA += intersected.mightContain(key) ? 1 : 0;
        }
        QVERIFY(onlyA < a.size() / 2);  // most keys of one set only are gone

        // Incompatible filters are refused, naming the difference; nothing changes.
        const std::vector<std::uint64_t> before(fa.words().begin(), fa.words().end());
        QVERIFY(throwsWith([&] { fa.unionWith(BloomFilter(100'001, 5, 0, 0.0, 99)); }, "different m: 100000 vs 100001"));
        QVERIFY(throwsWith([&] { fa.intersectWith(BloomFilter(100'000, 6, 0, 0.0, 99)); }, "different k: 5 vs 6"));
        QVERIFY(throwsWith([&] { fa.unionWith(BloomFilter(100'000, 5, 0, 0.0, 1)); }, "different hash seeds"));
        QVERIFY(std::ranges::equal(before, fa.words()));
    }

    void copyAndMove() {
        BloomFilter original(10'000, 4, 1000, 0.05, 3);
        for (const auto& key : randomKeys(1000, 1, 10, 10)) {
            original.insert(key);
        }
        // Every copy and move hashes as the original: 8-byte keys take the constant-length path,
        // whose seed-derived constant the filter keeps beside the seed, so a copy or move that
        // lost it would hash them as seed 0 does (and miss the original's keys).
        const std::vector<std::string> eight = randomKeys(50, 8, 8, 12);
        std::vector<Hash128> expected;
        for (const auto& key : eight) expected.push_back(xxh3_128(key, 3));  // derives the constant from the seed
        QVERIFY(expected[0].low != xxh3_128(eight[0], 0).low);
        const auto hashesAsOriginal = [&](const BloomFilter& f) {
            for (std::size_t i = 0; i < eight.size(); ++i) {
                const Hash128 h = f.hashOf(eight[i]);
                if (h.low != expected[i].low || h.high != expected[i].high) return false;
            }
            return true;
        };
        QVERIFY(hashesAsOriginal(original));
        BloomFilter copy(original);
        QVERIFY(hashesAsOriginal(copy));
        QVERIFY(sameWords(copy, original));
        QCOMPARE(copy.itemCount(), original.itemCount());
        QCOMPARE(copy.seed(), std::uint64_t{3});
        QCOMPARE(copy.capacity(), std::uint64_t{1000});
        QCOMPARE(copy.targetFpr(), 0.05);
        copy.insert("only in the copy");
        QVERIFY(copy.mightContain("only in the copy"));
        QVERIFY(!sameWords(copy, original));  // independent storage

        BloomFilter assigned(64, 1);
        assigned = original;
        QVERIFY(hashesAsOriginal(assigned));
        QVERIFY(sameWords(assigned, original));
        QCOMPARE(assigned.numHashes(), 4U);
        assigned = assigned;  // self-assignment keeps the data
        QVERIFY(sameWords(assigned, original));

        const std::vector<std::uint64_t> words(original.words().begin(), original.words().end());
        BloomFilter moved(std::move(original));
        QVERIFY(hashesAsOriginal(moved));
        QVERIFY(std::ranges::equal(moved.words(), words));
        QCOMPARE(moved.itemCount(), std::uint64_t{1000});
        QCOMPARE(original.numBits(), std::uint64_t{0});  // NOLINT(bugprone-use-after-move): documented state
        QCOMPARE(original.stats().bytes, std::uint64_t{0});
        BloomFilter target(64, 1);
        target = std::move(moved);
        QVERIFY(hashesAsOriginal(target));
        QVERIFY(std::ranges::equal(target.words(), words));
        QCOMPARE(target.numBits(), std::uint64_t{10'000});
        original = target;  // a moved-from filter can be assigned again
        QVERIFY(sameWords(original, target));
    }

    void fromWordsAndDeterminism() {
        BloomFilter a(1000, 3, 100, 0.01, 77);
        BloomFilter b(1000, 3, 100, 0.01, 77);
        BloomFilter c(1000, 3, 100, 0.01, 78);
        for (const auto& key : randomKeys(100, 0, 10, 11)) {
            a.insert(key);
            b.insert(key);
            c.insert(key);
        }
        QVERIFY(sameWords(a, b));   // same seed: same bits
        QVERIFY(!sameWords(a, c));  // the seed changes the bits
        FilterArray<std::uint64_t> words(a.words().begin(), a.words().end());
        BloomFilter restored = BloomFilter::fromWords(1000, 3, 100, 0.01, 77, a.itemCount(), words);
        QVERIFY(sameWords(restored, a));
        QCOMPARE(restored.itemCount(), a.itemCount());
        QCOMPARE(restored.seed(), std::uint64_t{77});
        QVERIFY(throwsWith([&] { BloomFilter::fromWords(1000, 3, 0, 0.0, 0, 0, FilterArray<std::uint64_t>(15)); },
                           "needs 16 64-bit words; got 15"));
        FilterArray<std::uint64_t> dirty(16, 0);
        dirty.back() = std::uint64_t{1} << 40;  // bit 1000 + 0..23 are past m = 1000 (1000 = 15*64 + 40)
        QVERIFY(throwsWith([&] { BloomFilter::fromWords(1000, 3, 0, 0.0, 0, 0, dirty); }, "bits past m"));
        dirty.back() = std::uint64_t{1} << 39;  // bit 999: inside
        QCOMPARE(BloomFilter::fromWords(1000, 3, 0, 0.0, 0, 1, dirty).popcount(), std::uint64_t{1});
    }

    void validation() {
        QVERIFY(throwsWith([] { BloomFilter(0, 3); }, "m (bits) must be >= 1; got 0"));
        QVERIFY(throwsWith([] { BloomFilter(100, 0); }, "k (hash functions) must be in [1, 64]; got 0"));
        QVERIFY(throwsWith([] { BloomFilter(100, 65); }, "got 65"));
        QVERIFY(throwsWith([] { BloomFilter((std::uint64_t{1} << 40) + 1, 3); }, "above the supported maximum"));
        QVERIFY(throwsWith([] { BloomFilter(100, 3, 10, 1.5); }, "target p must be in (0, 1)"));
        QVERIFY(throwsWith([] { BloomFilter::forCapacity(0, 0.01); }, "n (expected items) must be >= 1"));
        QVERIFY(throwsWith([] { BloomFilter::forCapacity(100, 1.5); }, "p must be in (0, 1); got 1.5"));
        BloomFilter filter(100, 3);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, filter.testBit(100));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, filter.resetBitForDemo(100));
        const std::vector<std::string_view> keys = {"a", "b"};
        std::vector<std::uint8_t> results(1);
        QVERIFY(throwsWith([&] { filter.mightContainMany(keys, results); }, "results has 1 slots for 2 keys"));
        // Astronomically small p: k is capped at 64 and m solved for it; the formula still meets p.
        const BloomFilter strict = BloomFilter::forCapacity(1000, 1e-25);
        QCOMPARE(strict.numHashes(), 64U);
        QVERIFY(math::classicFpr(1000, static_cast<double>(strict.numBits()), 64) <= 1e-25);
    }

    void clearingABitCreatesFalseNegatives() {
        // Why a Bloom filter cannot delete (docs/pitfalls.md #7): clearing one of a key's bits makes it
        // (and every other key sharing that bit) disappear.
        BloomFilter filter(10'000, 4);
        filter.insert("keep me");
        QVERIFY(filter.mightContain("keep me"));
        filter.resetBitForDemo(filter.probePositions("keep me")[2]);
        QVERIFY(!filter.mightContain("keep me"));
    }

    void batchedLookupsAgreeWithSingle() {
        // mightContainMany's two stages (first 2 probes, then the rest through a 16-key queue)
        // give the answer of mightContain for every key: absent keys that pass or fail stage 1,
        // present keys, k below, at and above the first group (1, 2, 3, 7, 20), batches shorter
        // than the pipeline, and runs of positives long enough to fill the queue many times.
        const std::vector<std::string> inserted = randomKeys(4000, 1, 20, 41);
        const std::vector<std::string> absent = randomKeys(4000, 21, 30, 42);  // other lengths: disjoint
        std::vector<std::string_view> mixed;
        for (std::size_t i = 0; i < inserted.size(); ++i) {
            mixed.emplace_back(inserted[i]);
            if (i % 3 == 0) mixed.emplace_back(absent[i]);  // runs of present keys between absent ones
        }
        for (std::size_t i = 0; i < absent.size(); ++i) mixed.emplace_back(absent[i]);
        for (const std::uint32_t k : {1U, 2U, 3U, 7U, 20U}) {
            // m chosen so that about half the bits are set, as in a filter at capacity.
            BloomFilter filter(static_cast<std::uint64_t>(inserted.size()) * k * 3 / 2, k);
            for (const auto& key : inserted) filter.insert(key);
            for (const std::size_t length : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{31},
                                             std::size_t{33}, mixed.size()}) {
                const std::span<const std::string_view> batch(mixed.data(), length);
                std::vector<std::uint8_t> results(length, 2);
                filter.mightContainMany(batch, results);
                std::size_t positives = 0;
                for (std::size_t i = 0; i < length; ++i) {
                    QCOMPARE(results[i], static_cast<std::uint8_t>(filter.mightContain(batch[i]) ? 1 : 0));
                    positives += results[i];
                }
                if (length == mixed.size()) {
                    // And both equal the definition: every probe position's bit set (the one-key
                    // lookup decides on probes 0 and 1 first, then combines the rest).
                    for (const std::string_view key : batch) {
                        bool all = true;
                        for (const std::uint64_t position : filter.probePositions(key)) all = all && filter.testBit(position);
                        QCOMPARE(filter.mightContain(key), all);
                    }
                }
                if (length == mixed.size()) {
                    // Both answers occur (every inserted key is a positive; about a quarter of
                    // the absent ones pass stage 1, few pass both), so both stages and the queue ran.
                    QVERIFY(positives >= inserted.size());
                    QVERIFY(positives < mixed.size());
                }
            }
        }
    }

    void everyProbeCountMatchesTheDefinition() {
        // Calls with k = 1 .. 16 run loops instantiated for that k (unrolled), other k the run-time
        // loops; one-key lookups run one of two variants (flat for cache-resident filters, in two
        // stages for larger ones), both checked here on the same filter. For each k, in both
        // writer modes, single and batched: the bits set are exactly the union of the keys' probe
        // positions, and every answer is the definition (all probe bits set). Half the keys are
        // runs of 8-byte keys, which the batched calls hash eight at a time where the CPU has AVX-512.
        std::vector<std::string> inserted = randomKeys(1500, 1, 20, 61);
        std::vector<std::string> absent = randomKeys(1500, 21, 30, 62);  // other lengths: disjoint
        for (const std::string& key : randomKeys(1500, 8, 8, 63)) inserted.push_back(key);
        for (const std::string& key : randomKeys(1500, 8, 8, 64)) absent.push_back(key);
        std::vector<std::string_view> queries = views(inserted);
        for (const std::string& key : absent) queries.emplace_back(key);
        std::vector<std::uint32_t> counts;
        for (std::uint32_t k = 1; k <= 18; ++k) counts.push_back(k);
        counts.push_back(31);
        counts.push_back(BloomFilter::kMaxHashes);
        for (const std::uint32_t k : counts) {
            const std::uint64_t bits = static_cast<std::uint64_t>(inserted.size()) * k * 3 / 2;
            for (const Writers writers : {Writers::One, Writers::Many}) {
                BloomFilter single(bits, k);
                BloomFilter batched(bits, k);
                single.setWriters(writers);
                batched.setWriters(writers);
                std::set<std::uint64_t> expected;
                for (const std::string& key : inserted) {
                    single.insert(key);
                    for (const std::uint64_t position : single.probePositions(key)) expected.insert(position);
                }
                batched.insertMany(views(inserted));
                QVERIFY2(sameWords(single, batched), qPrintable(QStringLiteral("k = %1").arg(k)));
                QCOMPARE(single.popcount(), static_cast<std::uint64_t>(expected.size()));
                for (const std::uint64_t position : expected) QVERIFY(single.testBit(position));
                std::vector<std::uint8_t> results(queries.size(), 2);
                single.mightContainMany(queries, results);
                const detail::ClassicLookup flat = detail::classicLookupFor(k, true, false);
                const detail::ClassicLookup staged = detail::classicLookupFor(k, false, false);
                QVERIFY(flat != staged);
                // The BMI2 copies where this CPU has BMI2 (otherwise the plain ones again).
                const bool bmi2 = detail::cpuHasBmi2();
                const detail::ClassicLookup flatBmi2 = detail::classicLookupFor(k, true, bmi2);
                const detail::ClassicLookup stagedBmi2 = detail::classicLookupFor(k, false, bmi2);
                QVERIFY(!bmi2 || (flatBmi2 != flat && stagedBmi2 != staged));
                std::size_t positives = 0;
                for (std::size_t i = 0; i < queries.size(); ++i) {
                    bool all = true;
                    for (const std::uint64_t position : single.probePositions(queries[i])) {
                        all = all && expected.count(position) != 0;
                    }
                    QCOMPARE(single.mightContain(queries[i]), all);
                    const Hash128 hash = single.hashOf(queries[i]);
                    QCOMPARE(flat(single.words().data(), bits, k, hash), all);
                    QCOMPARE(staged(single.words().data(), bits, k, hash), all);
                    QCOMPARE(flatBmi2(single.words().data(), bits, k, hash), all);
                    QCOMPARE(stagedBmi2(single.words().data(), bits, k, hash), all);
                    QCOMPARE(results[i], static_cast<std::uint8_t>(all ? 1 : 0));
                    positives += results[i];
                }
                // Every inserted key is positive, and at this fill some absent keys are not.
                QVERIFY(positives >= inserted.size());
                QVERIFY(positives < queries.size());
            }
        }
    }

    void bmi2CopiesFollowTheEnvironment() {
        // BLOOMLAB_NO_AVX2 stands for a CPU before AVX2 and BMI2: the one-key lookups and the
        // batched loops must then run their plain copies (the ctest variant "portable" runs this
        // file that way, so the tests above check both copies on a BMI2 host).
        if (!qEnvironmentVariableIsEmpty("BLOOMLAB_NO_AVX2")) {
            QVERIFY(!detail::cpuHasBmi2());
        } else {
#if defined(__x86_64__)
            QCOMPARE(detail::cpuHasBmi2(), __builtin_cpu_supports("bmi2") != 0);
#else
            QVERIFY(!detail::cpuHasBmi2());
#endif
        }
    }

    void oneWriterModeSetsTheSameBits() {
        // Writers::One (plain stores) must set exactly the bits Writers::Many (atomic OR) sets,
        // single-key and batched; in a 64-bit filter every probe lands in the same word (the
        // store of one probe must not drop the bit of the one before).
        QCOMPARE(BloomFilter(1000, 3).writers(), Writers::Many);  // the safe default
        const std::vector<std::string> keys = randomKeys(30'000, 0, 24, 21);
        const std::vector<std::string_view> keyViews = views(keys);
        for (const std::uint64_t bits : {std::uint64_t{64}, std::uint64_t{130}, std::uint64_t{300'000}}) {
            BloomFilter many(bits, 7);
            BloomFilter oneSingle(bits, 7);
            BloomFilter oneBatched(bits, 7);
            oneSingle.setWriters(Writers::One);
            oneBatched.setWriters(Writers::One);
            for (std::size_t i = 0; i < keys.size(); ++i) {
                many.insert(keys[i]);
                oneSingle.insert(keys[i]);
                if (bits == 64 && i < 40) {
                    QVERIFY(sameWords(many, oneSingle));  // step by step while the word fills
                }
            }
            oneBatched.insertMany(keyViews);
            QVERIFY(sameWords(many, oneSingle));
            QVERIFY(sameWords(many, oneBatched));
            QCOMPARE(oneBatched.itemCount(), many.itemCount());
        }
        // Copies and moves keep the mode.
        BloomFilter one(1000, 3);
        one.setWriters(Writers::One);
        const BloomFilter copy(one);
        QCOMPARE(copy.writers(), Writers::One);
        const BloomFilter moved(std::move(one));
        QCOMPARE(moved.writers(), Writers::One);
    }

    void concurrentInsertsLoseNoBits() {
        // Four threads insert disjoint key sets at once; afterwards every key is present and the
        // bits equal those of a sequential build (atomic fetch_or; docs/pitfalls.md #12).
        constexpr int kThreads = 4;
        std::vector<std::vector<std::string>> sets;
        for (int t = 0; t < kThreads; ++t) {
            sets.push_back(randomKeys(25'000, 1, 16, 50 + t));
        }
        BloomFilter shared(200'000, 5);  // small m: many threads hit the same words
        BloomFilter sequential(200'000, 5);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&shared, &set = sets[t], t] {
                if (t % 2 == 0) {
                    for (const auto& key : set) {
                        shared.insert(key);
                    }
                } else {
                    const std::vector<std::string_view> keyViews(set.begin(), set.end());
                    shared.insertMany(keyViews);
                }
            });
        }
        for (auto& thread : threads) {
            thread.join();
        }
        for (const auto& set : sets) {
            for (const auto& key : set) {
                sequential.insert(key);
                QVERIFY(shared.mightContain(key));
            }
        }
        QVERIFY(sameWords(shared, sequential));
        QCOMPARE(shared.itemCount(), std::uint64_t{kThreads * 25'000});
    }
};

QTEST_GUILESS_MAIN(TestBloomFilter)
#include "tst_bloom_filter.moc"
