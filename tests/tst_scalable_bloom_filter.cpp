// tst_scalable_bloom_filter: the scalable Bloom filter's contract.
//   - no false negatives across layers (100,000+ random byte keys incl. empty, NUL, non-ASCII);
//   - growth: layer i has capacity ceil(n0 s^i) and error p (1 - r) r^i; every layer but the
//     newest is exactly full; the hash is computed once and shared (layer 0 is bit-identical to
//     a plain BloomFilter of the same geometry fed the same keys);
//   - error budget (docs/pitfalls.md #8): compoundedFprBound() <= p for every layer count up to the
//     limit; measured FPR on 200,000 absent keys within math::binomialAcceptance (z = 4) of
//     the theory for the current layer fills, and not above the band of the bound;
//   - layer limit: insert returns false, counts the failure, changes nothing, lastError says why;
//   - persistence hooks (fromLayers validates), validation messages.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/filter_math.h"
#include "test_support.h"
#include "core/scalable_bloom_filter.h"
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

using namespace bloomlab;

namespace {

using test::absentKeys;
using test::insertedKeys;
using test::randomKeys;
using test::throwsWith;

ScalableBloomFilter::Params params(std::uint64_t n0, double p, std::uint32_t maxLayers = 32, double growth = 2.0,
                                   double tightening = 0.85, std::uint64_t seed = 0) {
    ScalableBloomFilter::Params result;
    result.initialCapacity = n0;
    result.targetFpr = p;
    result.growth = growth;
    result.tightening = tightening;
    result.maxLayers = maxLayers;
    result.seed = seed;
    return result;
}

std::vector<BloomFilter> copyLayers(const ScalableBloomFilter& filter) {
    return {filter.layers().begin(), filter.layers().end()};
}

} // namespace

class TestScalableBloomFilter : public QObject {
    Q_OBJECT

private slots:
    void noFalseNegativesAcrossLayers() {
        const std::vector<std::string> keys = insertedKeys(100'000, 1);
        ScalableBloomFilter filter(params(1000, 0.01));
        for (const std::string& key : keys) {
            QVERIFY(filter.insert(key));
        }
        std::uint64_t missing = 0;
        for (const std::string& key : keys) {
            missing += filter.mightContain(key) ? 0 : 1;
        }
        QCOMPARE(missing, std::uint64_t{0});
        QCOMPARE(filter.itemCount(), std::uint64_t{keys.size()});
        // 1000 (1 + 2 + ... + 64) = 127,000 >= 100,006 > 63,000: seven layers.
        QCOMPARE(filter.layers().size(), std::size_t{7});
    }

    void layersGrowAndTighten_data() {
        QTest::addColumn<double>("growth");
        QTest::addColumn<double>("tightening");
        QTest::newRow("s=2 r=0.85") << 2.0 << 0.85;
        QTest::newRow("s=1.5 r=0.5") << 1.5 << 0.5;
        QTest::newRow("s=1 r=0.9") << 1.0 << 0.9;
        QTest::newRow("s=4 r=0.7") << 4.0 << 0.7;
    }
    void layersGrowAndTighten() {
        QFETCH(double, growth);
        QFETCH(double, tightening);
        constexpr double kP = 0.02;
        ScalableBloomFilter filter(params(300, kP, 64, growth, tightening, 4));
        QCOMPARE(filter.layers().size(), std::size_t{1});
        QCOMPARE(filter.firstLayerFpr(), kP * (1.0 - tightening));
        const std::vector<std::string> keys = randomKeys(15'000, 4, 20, 2);  // s = 1: 50 layers
        for (const std::string& key : keys) {
            QVERIFY(filter.insert(key));
        }
        const std::vector<BloomFilter>& layers = filter.layers();
        QVERIFY(layers.size() > 2);
        std::uint64_t total = 0;
        for (std::size_t i = 0; i < layers.size(); ++i) {
            const auto index = static_cast<std::uint32_t>(i);
            const auto expectedCapacity = static_cast<std::uint64_t>(std::ceil(300.0 * std::pow(growth, index)));
            QCOMPARE(layers[i].capacity(), expectedCapacity);
            QCOMPARE(filter.layerCapacity(index), expectedCapacity);
            QVERIFY(std::abs(layers[i].targetFpr() - kP * (1 - tightening) * std::pow(tightening, index)) <=
                    1e-15 * kP);
            QCOMPARE(layers[i].seed(), std::uint64_t{4});
            // Each layer meets its share of the budget at capacity, with its real (rounded) m, k.
            QVERIFY(math::classicFpr(static_cast<double>(layers[i].capacity()), static_cast<double>(layers[i].numBits()),
                                     layers[i].numHashes()) <= layers[i].targetFpr());
            if (i + 1 < layers.size()) {
                QCOMPARE(layers[i].itemCount(), layers[i].capacity());  // older layers are full
            } else {
                QVERIFY(layers[i].itemCount() >= 1 && layers[i].itemCount() <= layers[i].capacity());
            }
            total += layers[i].itemCount();
        }
        QCOMPARE(total, std::uint64_t{keys.size()});
        QVERIFY(filter.compoundedFprBound() <= kP);
        const FilterStats s = filter.stats();
        QCOMPARE(s.layers, static_cast<std::uint32_t>(layers.size()));
        QCOMPARE(s.items, std::uint64_t{keys.size()});
        QCOMPARE(s.targetFpr, kP);
    }

    void hashIsSharedAcrossLayers() {
        // Layer 0 must be bit-identical to a plain BloomFilter with its geometry and seed that saw
        // the first n0 keys: same XXH3-128, same probes (the hash is computed once per key).
        ScalableBloomFilter filter(params(500, 0.01, 32, 2.0, 0.85, 77));
        const std::vector<std::string> keys = randomKeys(1500, 4, 16, 3);
        for (const std::string& key : keys) {
            filter.insert(key);
        }
        QCOMPARE(filter.layers().size(), std::size_t{2});
        for (std::size_t layer = 0; layer < 2; ++layer) {
            const BloomFilter& actual = filter.layers()[layer];
            BloomFilter plain(actual.numBits(), actual.numHashes(), actual.capacity(), actual.targetFpr(), 77);
            const std::size_t begin = layer == 0 ? 0 : 500;
            const std::size_t end = layer == 0 ? 500 : 1500;
            for (std::size_t i = begin; i < end; ++i) {
                plain.insert(keys[i]);
                // The filter's hash is XXH3-128 under its seed, as the function itself computes it.
                QVERIFY(actual.mightContainHash(xxh3_128(keys[i], 77)));
            }
            QVERIFY(std::ranges::equal(plain.words(), actual.words()));
        }
    }

    void errorBudgetHoldsForEveryLayerCount() {
        // The bound is reported for the layers that exist; it never exceeds p, up to the limit.
        for (double r : {0.5, 0.85, 0.95}) {
            ScalableBloomFilter filter(params(1, 0.001, 20, 1.0, r));
            for (std::uint32_t i = 0; i < 20; ++i) {
                std::string key = "k";  // appended, not "k" + ...: GCC 12 -O3 false -Wrestrict
                key += std::to_string(i);
                filter.insert(key);
                QVERIFY(filter.compoundedFprBound() <= 0.001);
            }
            QCOMPARE(filter.layers().size(), std::size_t{20});
            // The nominal shares sum to p (1 - r^L) < p.
            double shares = 0;
            for (const BloomFilter& layer : filter.layers()) {
                shares += layer.targetFpr();
            }
            QVERIFY(std::abs(shares - 0.001 * (1.0 - std::pow(r, 20))) <= 1e-12);
        }
    }

    void measuredFprWithinBounds_data() {
        QTest::addColumn<std::uint64_t>("inserted");
        QTest::newRow("one layer, full") << std::uint64_t{2000};
        QTest::newRow("five layers, last half full") << std::uint64_t{2000 * 15 + 16'000};
        QTest::newRow("seven layers") << std::uint64_t{2000 * 100};
    }
    void measuredFprWithinBounds() {
        QFETCH(std::uint64_t, inserted);
        constexpr double kP = 0.01;
        constexpr std::uint64_t kTrials = 200'000;
        ScalableBloomFilter filter(params(2000, kP, 32, 2.0, 0.85, 12));
        for (const std::string& key : randomKeys(inserted, 8, 32, 13)) {
            filter.insert(key);
        }
        std::uint64_t positives = 0;
        for (const std::string& key : absentKeys(kTrials, 14)) {
            positives += filter.mightContain(key) ? 1 : 0;
        }
        // Theory for the current fills: layers answer independently (they hold different keys),
        // FPR = 1 - prod (1 - classicFpr(n_i, m_i, k_i)).
        double allNegative = 1.0;
        for (const BloomFilter& layer : filter.layers()) {
            allNegative *= 1.0 - math::classicFpr(static_cast<double>(layer.itemCount()),
                                                  static_cast<double>(layer.numBits()), layer.numHashes());
        }
        const double theory = 1.0 - allNegative;
        const double bound = filter.compoundedFprBound();
        const FilterStats stats = filter.stats();
        qInfo("scalable %llu items, %zu layers: measured FPR %.5f, theory %.5f, stats %.5f, bound %.5f, target %.3f, "
              "first layer p0 %.5f",
              static_cast<unsigned long long>(inserted), filter.layers().size(),
              static_cast<double>(positives) / kTrials, theory, stats.estimatedFpr, bound, kP, filter.firstLayerFpr());
        const math::Interval band = math::binomialAcceptance(kTrials, theory);
        QVERIFY2(static_cast<double>(positives) >= band.low && static_cast<double>(positives) <= band.high,
                 qPrintable(QStringLiteral("%1 positives, theory %2, band [%3, %4]")
                                .arg(positives).arg(theory).arg(band.low).arg(band.high)));
        const math::Interval statsBand = math::binomialAcceptance(kTrials, stats.estimatedFpr);
        QVERIFY(static_cast<double>(positives) >= statsBand.low && static_cast<double>(positives) <= statsBand.high);
        QVERIFY(theory <= bound * (1.0 + 1e-12));  // 1 - (1 - x) vs x for one full layer
        QVERIFY(bound <= kP);
        QVERIFY(static_cast<double>(positives) <= math::binomialAcceptance(kTrials, bound).high);
        QVERIFY(!stats.overfilled);
    }

    void layerLimitRefusesAndReports() {
        ScalableBloomFilter filter(params(100, 0.01, 3));
        const std::vector<std::string> keys = randomKeys(800, 4, 16, 5);
        for (std::size_t i = 0; i < 700; ++i) {  // 100 + 200 + 400
            QVERIFY(filter.insert(keys[i]));
        }
        QVERIFY(filter.lastError().empty());
        QCOMPARE(filter.layers().size(), std::size_t{3});
        const std::vector<BloomFilter> before = copyLayers(filter);
        for (std::size_t i = 700; i < 800; ++i) {
            QVERIFY(!filter.insert(keys[i]));
        }
        // Nothing changed but the failure count.
        QCOMPARE(filter.layers().size(), std::size_t{3});
        for (std::size_t i = 0; i < 3; ++i) {
            QVERIFY(std::ranges::equal(before[i].words(), filter.layers()[i].words()));
            QCOMPARE(before[i].itemCount(), filter.layers()[i].itemCount());
        }
        QCOMPARE(filter.itemCount(), std::uint64_t{700});
        QCOMPARE(filter.failedInserts(), std::uint64_t{100});
        const FilterStats s = filter.stats();
        QCOMPARE(s.failedInserts, std::uint64_t{100});
        QVERIFY(s.overfilled);
        QCOMPARE(s.capacity, std::uint64_t{700});
        const std::string& error = filter.lastError();
        qInfo("lastError: %s", error.c_str());
        QVERIFY2(error.find("maxLayers") != std::string::npos && error.find("3 layers") != std::string::npos,
                 error.c_str());
        for (std::size_t i = 0; i < 700; ++i) {
            QVERIFY(filter.mightContain(keys[i]));
        }
        QVERIFY(filter.compoundedFprBound() <= 0.01);
    }

    void layerThatCannotExistIsAFailedInsert() {
        // Growth 4e18: layer 1 would hold 4e18 items, which needs more than 2^64 bits. The insert
        // that needs it fails cleanly (no allocation is attempted), with a message.
        ScalableBloomFilter filter(params(1, 0.01, 4, 4e18));
        QVERIFY(filter.insert("a"));
        QVERIFY(!filter.insert("b"));
        QCOMPARE(filter.layers().size(), std::size_t{1});
        QCOMPARE(filter.failedInserts(), std::uint64_t{1});
        qInfo("lastError: %s", filter.lastError().c_str());
        QVERIFY2(filter.lastError().find("cannot add layer 2") != std::string::npos, filter.lastError().c_str());
        QVERIFY(filter.mightContain("a"));
        QCOMPARE(filter.layerCapacity(1), std::uint64_t{4'000'000'000'000'000'000ULL});
        QVERIFY(throwsWith([&] { (void)filter.layerCapacity(2); }, "more than 2^63"));  // 1.6e37
    }

    void duplicatesUseCapacity() {
        ScalableBloomFilter filter(params(10, 0.01));
        for (int i = 0; i < 11; ++i) {
            QVERIFY(filter.insert("same"));
        }
        QCOMPARE(filter.layers().size(), std::size_t{2});
        QCOMPARE(filter.itemCount(), std::uint64_t{11});
        QVERIFY(filter.mightContain("same"));
    }

    void statsSumTheLayers() {
        ScalableBloomFilter filter(params(1000, 0.05, 32, 2.0, 0.85, 1));
        FilterStats s = filter.stats();
        QCOMPARE(s.items, std::uint64_t{0});
        QCOMPARE(s.layers, 1U);
        QCOMPARE(s.estimatedFpr, 0.0);
        for (const std::string& key : randomKeys(5000, 4, 16, 6)) {
            filter.insert(key);
        }
        s = filter.stats();
        std::uint64_t bytes = 0;
        std::uint64_t capacity = 0;
        std::uint64_t bits = 0;
        std::uint64_t setBits = 0;
        double estimated = 0;
        for (const BloomFilter& layer : filter.layers()) {
            bytes += layer.stats().bytes;
            capacity += layer.capacity();
            bits += layer.numBits();
            setBits += layer.popcount();
            estimated += layer.stats().estimatedItems;
        }
        QCOMPARE(s.items, std::uint64_t{5000});
        QCOMPARE(s.bytes, bytes);
        QCOMPARE(s.capacity, capacity);
        QCOMPARE(s.fillRatio, static_cast<double>(setBits) / static_cast<double>(bits));
        QCOMPARE(s.estimatedItems, estimated);
        QVERIFY(std::abs(s.estimatedItems - 5000.0) < 250.0);
        QCOMPARE(s.bitsPerItem, 8.0 * static_cast<double>(bytes) / 5000.0);
        QCOMPARE(s.failedInserts, std::uint64_t{0});
        QVERIFY(s.estimatedFpr > 0.0 && s.estimatedFpr < 0.05);
    }

    void statsKeepTinyFprs() {
        // p = 1e-12 gives k = 40; 100 keys in a layer for 1,000 set 7% of its bits, so its FPR is
        // about 0.07^40 = 1e-46: far below what 1 - (1 - p) can hold in doubles.
        ScalableBloomFilter filter(params(1000, 1e-12, 32, 2.0, 0.85, 1));
        for (const std::string& key : randomKeys(100, 4, 16, 7)) {
            filter.insert(key);
        }
        const FilterStats s = filter.stats();
        QCOMPARE(s.layers, 1U);
        const double layer = filter.layers().front().stats().estimatedFpr;
        QVERIFY2(layer > 0.0 && layer < 1e-30, qPrintable(QString::number(layer, 'g', 6)));
        QVERIFY2(std::abs(s.estimatedFpr / layer - 1.0) < 1e-12,
                 qPrintable(QString("filter %1, its layer %2").arg(s.estimatedFpr, 0, 'g', 6).arg(layer, 0, 'g', 6)));
    }

    void persistenceHooks() {
        const auto p = params(200, 0.01, 8, 2.0, 0.85, 31);
        ScalableBloomFilter filter(p);
        const std::vector<std::string> keys = randomKeys(1000, 4, 16, 7);
        for (const std::string& key : keys) {
            filter.insert(key);
        }
        const ScalableBloomFilter copy = ScalableBloomFilter::fromLayers(p, copyLayers(filter), 3);
        QCOMPARE(copy.layers().size(), filter.layers().size());
        QCOMPARE(copy.itemCount(), filter.itemCount());
        QCOMPARE(copy.stats().failedInserts, std::uint64_t{3});
        for (const std::string& key : keys) {
            QVERIFY(copy.mightContain(key));
        }
        for (const std::string& key : absentKeys(2000, 8)) {
            QCOMPARE(copy.mightContain(key), filter.mightContain(key));
        }

        QVERIFY(throwsWith([&] { (void)ScalableBloomFilter::fromLayers(p, {}, 0); }, "at least one layer"));
        auto tooFew = p;
        tooFew.maxLayers = 2;
        QVERIFY(throwsWith([&] { (void)ScalableBloomFilter::fromLayers(tooFew, copyLayers(filter), 0); },
                           "maxLayers = 2"));
        auto otherSeed = p;
        otherSeed.seed = 32;
        QVERIFY(throwsWith([&] { (void)ScalableBloomFilter::fromLayers(otherSeed, copyLayers(filter), 0); },
                           "seed"));
        auto otherCapacity = p;
        otherCapacity.initialCapacity = 201;
        QVERIFY(throwsWith([&] { (void)ScalableBloomFilter::fromLayers(otherCapacity, copyLayers(filter), 0); },
                           "capacity"));
        auto otherFpr = p;
        otherFpr.targetFpr = 0.001;
        QVERIFY(throwsWith([&] { (void)ScalableBloomFilter::fromLayers(otherFpr, copyLayers(filter), 0); },
                           "geometry"));
        // A middle layer that is not full (layers out of order) is refused.
        std::vector<BloomFilter> layers = copyLayers(filter);
        ScalableBloomFilter partial(p);
        partial.insert("only one");
        layers[0] = partial.layers()[0];
        QVERIFY(throwsWith([&] { (void)ScalableBloomFilter::fromLayers(p, std::move(layers), 0); }, "must be full"));
    }

    void validation() {
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(0, 0.01)); }, "initial capacity"));
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(10, 0.0)); }, "p must be in (0, 1); got 0"));
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(10, 1.5)); }, "p must be in (0, 1); got 1.5"));
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(10, 0.01, 32, 0.5)); }, "growth"));
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(10, 0.01, 32, 2.0, 1.0)); }, "tightening"));
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(10, 0.01, 32, 2.0, 0.0)); }, "tightening"));
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(10, 0.01, 0)); }, "maximum layers"));
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(10, 0.01, 65)); }, "maximum layers"));
        QVERIFY(throwsWith([] { ScalableBloomFilter f(params(10, 0.01, 32, std::nan(""))); }, "growth"));
    }
};

QTEST_GUILESS_MAIN(TestScalableBloomFilter)
#include "tst_scalable_bloom_filter.moc"
