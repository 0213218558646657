// Overfill behaviour of every filter (docs/pitfalls.md #1, #6, #8).
//
// Classic and blocked at 1x, 2x and 10x their capacity (n = 10,000, p = 1%): the FPR measured
// on 100,000 absent keys must lie within the binomial acceptance band
// (math::binomialAcceptance, z = 4: expected count +- 4 sqrt(T p (1 - p)) + 1) of
//   (a) the exact FPR of this filter instance computed from its bits -- classic (X/m)^k,
//       blocked the mean over blocks of prod_w popcount(w)/32 -- which checks the probes behave
//       as modelled, and
//   (b) stats().estimatedFpr, which checks the stats tell the user the real FPR;
// and stats().overfilled must be true exactly when items > capacity.
// Counting: adversarial keys that share counters with a victim key push those counters to 15;
// erasing every adversarial key must leave them at 15 (saturation sticks), so the victim is
// never a false negative; the same at 10x capacity with half of the keys erased.
// Cuckoo (8/12/16-bit): insert past capacity until inserts fail; a failed insert returns false
// and changes nothing (table bytes and stash compared), failures are counted in stats, and every
// key whose insert returned true is still found -- also after erasing half of them.
// Scalable: with maxLayers = 3 the filter takes exactly n0 (1 + 2 + 4) items, then refuses with
// a failed-insert count and a lastError() that names the layer limit.
// CLI: `build` and `info` of a classic/blocked/counting filter at 10x capacity warn on stderr.
#ifndef Q_MOC_RUN  // moc (Qt 6.4) cannot parse the C++20 concepts these pull in; it needs none of them
#include "core/any_filter.h"
#include "core/blocked_bloom_filter.h"
#include "core/bloom_filter.h"
#include "core/counting_bloom_filter.h"
#include "core/cuckoo_filter.h"
#include "core/filter_math.h"
#include "core/scalable_bloom_filter.h"
#include "test_support.h"
#endif

#include <QtTest/QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace bloomlab;

namespace {

constexpr std::uint64_t kCapacity = 10'000;
constexpr double kFpr = 0.01;
constexpr std::uint64_t kTrials = 100'000;

std::string inKey(std::uint64_t i) { return "in-" + std::to_string(i); }
std::string outKey(std::uint64_t i) { return "out-" + std::to_string(i); }

template <class Filter>
std::uint64_t countMaybes(const Filter& filter) {
    std::uint64_t maybes = 0;
    for (std::uint64_t i = 0; i < kTrials; ++i) {
        maybes += filter.mightContain(outKey(i)) ? 1 : 0;
    }
    return maybes;
}

/// Exact FPR of a blocked filter in its current state: a random key picks a uniform block and
/// one uniform bit per word, so P(maybe) = mean over blocks of prod_w popcount(word_w) / 32.
double blockedInstanceFpr(const BlockedBloomFilter& filter) {
    const auto words = filter.words();
    double sum = 0.0;
    for (std::uint64_t b = 0; b < filter.numBlocks(); ++b) {
        double product = 1.0;
        for (unsigned w = 0; w < BlockedBloomFilter::kWordsPerBlock; ++w) {
            product *= std::popcount(words[b * BlockedBloomFilter::kWordsPerBlock + w]) / 32.0;
        }
        sum += product;
    }
    return sum / static_cast<double>(filter.numBlocks());
}

using test::within;

QByteArray bandMessage(const char* what, std::uint64_t measured, double p, math::Interval band) {
    return test::bandMessage(what, measured, kTrials, p, band);
}

} // namespace

class TestOverfill : public QObject {
    Q_OBJECT

private slots:
    void classicOverfill_data() { multipliers(); }
    void classicOverfill() {
        QFETCH(unsigned, multiplier);
        BloomFilter filter = BloomFilter::forCapacity(kCapacity, kFpr);
        for (std::uint64_t i = 0; i < multiplier * kCapacity; ++i) {
            filter.insert(inKey(i));
        }
        const FilterStats stats = filter.stats();
        const double instance = std::pow(static_cast<double>(filter.popcount()) / filter.numBits(),
                                         filter.numHashes());
        const double theory = math::classicFpr(multiplier * kCapacity, filter.numBits(), filter.numHashes());
        checkMeasured("classic", multiplier, countMaybes(filter), instance, theory, stats);
    }

    void blockedOverfill_data() { multipliers(); }
    void blockedOverfill() {
        QFETCH(unsigned, multiplier);
        BlockedBloomFilter filter = BlockedBloomFilter::forCapacity(kCapacity, kFpr);
        for (std::uint64_t i = 0; i < multiplier * kCapacity; ++i) {
            filter.insert(inKey(i));
        }
        const FilterStats stats = filter.stats();
        const double theory = math::blockedFpr(multiplier * kCapacity, filter.numBlocks());
        checkMeasured("blocked", multiplier, countMaybes(filter), blockedInstanceFpr(filter), theory, stats);
    }

    // ---- counting -------------------------------------------------------------------------

    void countingSaturationSticks() {
        // One line of 128 counters, 4 probes: keys share counters easily.
        CountingBloomFilter filter(128, 4);
        const std::string victim = "victim";
        const std::vector<std::uint64_t> victimCounters = filter.probePositions(victim);
        const std::set<std::uint64_t> targets(victimCounters.begin(), victimCounters.end());
        filter.insert(victim);

        // Adversarial keys: each shares at least one counter with the victim. Insert until every
        // victim counter has seen >= 30 increments from them (twice what 4 bits can count).
        std::map<std::uint64_t, unsigned> hits;
        std::vector<std::string> adversaries;
        for (std::uint64_t i = 0; std::any_of(targets.begin(), targets.end(),
                                              [&](std::uint64_t c) { return hits[c] < 30; });
             ++i) {
            QVERIFY2(i < 1'000'000, "could not find keys sharing counters with the victim");
            std::string key = "adv-" + std::to_string(i);
            const std::vector<std::uint64_t> counters = filter.probePositions(key);
            bool shares = false;
            for (std::uint64_t c : counters) {
                if (targets.count(c) != 0) {
                    ++hits[c];
                    shares = true;
                }
            }
            if (shares) {
                filter.insert(key);
                adversaries.push_back(std::move(key));
            }
        }
        for (std::uint64_t c : targets) {
            QCOMPARE(filter.counterAt(c), CountingBloomFilter::kMaxCount);  // saturated, not wrapped
        }
        const std::uint64_t saturatedBefore = filter.stats().saturatedCounters;
        QVERIFY(saturatedBefore >= targets.size());

        std::uint64_t refused = 0;
        for (const std::string& key : adversaries) {
            refused += filter.erase(key) ? 0 : 1;
        }
        qInfo("counting: %zu adversarial keys sharing the victim's %zu counters inserted and erased; "
              "saturated counters %llu before, %llu after; erases refused %llu",
              adversaries.size(), targets.size(), static_cast<unsigned long long>(saturatedBefore),
              static_cast<unsigned long long>(filter.stats().saturatedCounters),
              static_cast<unsigned long long>(refused));
        QCOMPARE(refused, std::uint64_t{0});  // every erased key was inserted
        for (std::uint64_t c : targets) {
            QCOMPARE(filter.counterAt(c), CountingBloomFilter::kMaxCount);  // never decremented
        }
        QVERIFY2(filter.mightContain(victim), "false negative: the victim was lost by erasing others");
        QCOMPARE(filter.stats().saturatedCounters, saturatedBefore);
    }

    void countingDuplicatesDoNotWrap() {
        CountingBloomFilter filter(1024, 3);
        for (int i = 0; i < 100; ++i) {
            filter.insert("same");
        }
        for (std::uint64_t c : filter.probePositions("same")) {
            QCOMPARE(filter.counterAt(c), CountingBloomFilter::kMaxCount);
        }
        for (int i = 0; i < 100; ++i) {
            QVERIFY(filter.erase("same"));  // saturated counters stay non-zero, so erase succeeds
        }
        QVERIFY(filter.mightContain("same"));  // saturation sticks; the key can no longer leave
    }

    void countingEraseOfAbsentKeyIsRefused() {
        CountingBloomFilter filter(4096, 4);
        for (int i = 0; i < 50; ++i) {
            filter.insert(inKey(i));
        }
        // Find an absent key with a zero counter (certainly absent), erase must change nothing.
        std::uint64_t i = 0;
        while (filter.mightContain(outKey(i))) {
            ++i;
        }
        const std::vector<std::uint8_t> before(filter.bytes().begin(), filter.bytes().end());
        QVERIFY(!filter.erase(outKey(i)));
        QVERIFY(std::ranges::equal(filter.bytes(), before));
        QCOMPARE(filter.itemCount(), std::uint64_t{50});
    }

    void countingTenfoldThenErase() {
        CountingBloomFilter filter = CountingBloomFilter::forCapacity(1000, kFpr);
        constexpr std::uint64_t kKeys = 10'000;  // 10x capacity
        for (std::uint64_t i = 0; i < kKeys; ++i) {
            filter.insert(inKey(i));
        }
        const FilterStats full = filter.stats();
        QVERIFY(full.overfilled);
        std::uint64_t refused = 0;
        for (std::uint64_t i = 0; i < kKeys; i += 2) {
            refused += filter.erase(inKey(i)) ? 0 : 1;
        }
        std::uint64_t falseNegatives = 0;
        for (std::uint64_t i = 1; i < kKeys; i += 2) {
            falseNegatives += filter.mightContain(inKey(i)) ? 0 : 1;
        }
        qInfo("counting at 10x: %llu saturated counters of %llu, estimated FPR %.4f; erased half: "
              "%llu refused, %llu false negatives among the other half",
              static_cast<unsigned long long>(full.saturatedCounters),
              static_cast<unsigned long long>(filter.numCounters()), full.estimatedFpr,
              static_cast<unsigned long long>(refused), static_cast<unsigned long long>(falseNegatives));
        QVERIFY(full.saturatedCounters > 0);
        QCOMPARE(refused, std::uint64_t{0});
        QCOMPARE(falseNegatives, std::uint64_t{0});
        QCOMPARE(filter.itemCount(), kKeys / 2);
    }

    // ---- cuckoo ----------------------------------------------------------------------------

    void cuckooPastCapacity8() { cuckooPastCapacity<8>(); }
    void cuckooPastCapacity12() { cuckooPastCapacity<12>(); }
    void cuckooPastCapacity16() { cuckooPastCapacity<16>(); }

    // ---- scalable --------------------------------------------------------------------------

    void scalableLayerLimit() {
        ScalableBloomFilter::Params params;
        params.initialCapacity = 100;
        params.targetFpr = kFpr;
        params.growth = 2.0;
        params.tightening = 0.85;
        params.maxLayers = 3;
        ScalableBloomFilter filter(params);
        std::uint64_t accepted = 0;
        std::uint64_t firstRefusal = 0;
        for (std::uint64_t i = 0; i < 1000; ++i) {
            if (filter.insert(inKey(i))) {
                ++accepted;
            } else if (firstRefusal == 0) {
                firstRefusal = i + 1;
            }
        }
        const FilterStats stats = filter.stats();
        qInfo("scalable, maxLayers 3, n0 100: accepted %llu, first refusal at insert #%llu, "
              "failed %llu, layers %u, estimated FPR %.5f (bound %.5f); lastError: %s",
              static_cast<unsigned long long>(accepted), static_cast<unsigned long long>(firstRefusal),
              static_cast<unsigned long long>(stats.failedInserts), stats.layers, stats.estimatedFpr,
              filter.compoundedFprBound(), filter.lastError().c_str());
        QCOMPARE(accepted, std::uint64_t{100 + 200 + 400});  // n0 (1 + s + s^2), then the limit
        QCOMPARE(stats.layers, 3U);
        QCOMPARE(stats.failedInserts, std::uint64_t{300});
        QVERIFY2(QString::fromStdString(filter.lastError()).contains("layer", Qt::CaseInsensitive),
                 filter.lastError().c_str());
        QVERIFY(filter.compoundedFprBound() <= kFpr);
        for (std::uint64_t i = 0; i < accepted; ++i) {
            QVERIFY2(filter.mightContain(inKey(i)), "false negative in a scalable filter at its limit");
        }

        // The same limit through AnyFilter (what the CLI and GUI use).
        AnyFilter any = AnyFilter::create(
            {.type = FilterType::Scalable, .capacity = 100, .fpr = kFpr, .maxLayers = 3});
        std::uint64_t anyAccepted = 0;
        for (std::uint64_t i = 0; i < 1000; ++i) {
            anyAccepted += any.insert(inKey(i)) ? 1 : 0;
        }
        QCOMPARE(anyAccepted, accepted);
        QCOMPARE(any.stats().failedInserts, std::uint64_t{300});
    }

    // ---- the CLI warns ---------------------------------------------------------------------

    void cliWarnsWhenOverfilled() {
        const QString cli = QStringLiteral(BLOOMLAB_CLI_PATH);
        if (!QFileInfo::exists(cli)) {
            QSKIP("bloomlab-cli is not built");
        }
        QTemporaryDir dir;
        QFile keys(dir.filePath("keys.txt"));
        QVERIFY(keys.open(QIODevice::WriteOnly));
        for (int i = 0; i < 1000; ++i) {
            keys.write(QByteArray::fromStdString(inKey(static_cast<std::uint64_t>(i)) + "\n"));
        }
        keys.close();
        for (const char* type : {"classic", "blocked", "counting"}) {
            const QString out = dir.filePath(QStringLiteral("%1.blf").arg(type));
            for (const QStringList& args :
                 {QStringList{"build", "--type", type, "-n", "100", "-p", "0.01", "--keys", keys.fileName(), "--out", out},
                  QStringList{"info", out}}) {
                QProcess process;
                process.start(cli, args);
                QVERIFY(process.waitForFinished(60'000));
                const QString err = QString::fromUtf8(process.readAllStandardError());
                QVERIFY2(process.exitCode() == 0, qPrintable(err));
                QVERIFY2(err.contains("overfilled", Qt::CaseInsensitive),
                         qPrintable(QStringLiteral("`%1` at 10x capacity printed no overfill warning: '%2'")
                                        .arg(args.join(' '), err)));
            }
        }
    }

private:
    static void multipliers() {
        QTest::addColumn<unsigned>("multiplier");
        QTest::newRow("1x") << 1U;
        QTest::newRow("2x") << 2U;
        QTest::newRow("10x") << 10U;
    }

    static void checkMeasured(const char* name, unsigned multiplier, std::uint64_t measured,
                              double instanceFpr, double theoryFpr, const FilterStats& stats) {
        qInfo("%s at %ux capacity: measured FPR %.5f, instance (from bits) %.5f, stats().estimatedFpr "
              "%.5f, theory %.5f, overfilled %s, estimated items %.0f",
              name, multiplier, static_cast<double>(measured) / kTrials, instanceFpr,
              stats.estimatedFpr, theoryFpr, stats.overfilled ? "yes" : "no", stats.estimatedItems);
        const math::Interval instanceBand = math::binomialAcceptance(kTrials, instanceFpr);
        QVERIFY2(within(measured, instanceBand),
                 bandMessage("vs the instance FPR", measured, instanceFpr, instanceBand).constData());
        const math::Interval statsBand = math::binomialAcceptance(kTrials, stats.estimatedFpr);
        QVERIFY2(within(measured, statsBand),
                 bandMessage("vs stats().estimatedFpr", measured, stats.estimatedFpr, statsBand).constData());
        QCOMPARE(stats.items, std::uint64_t{multiplier} * kCapacity);
        QCOMPARE(stats.overfilled, multiplier > 1);
    }

    template <unsigned Bits>
    static void cuckooPastCapacity() {
        constexpr std::uint64_t kBuckets = 256;  // 1,024 slots
        CuckooFilter<Bits> filter(kBuckets, kBuckets * 4);
        std::vector<std::string> stored;
        std::uint64_t failures = 0;
        std::uint64_t unchangedFailures = 0;
        double loadAtFirstFailure = 0.0;
        for (std::uint64_t i = 0; i < 2 * kBuckets * 4; ++i) {
            const std::string key = inKey(i);
            const std::vector<std::uint8_t> tableBefore = filter.tableBytes();
            const auto stashBefore = filter.stashFingerprint();
            const std::uint64_t itemsBefore = filter.itemCount();
            if (filter.insert(key)) {
                stored.push_back(key);
                continue;
            }
            if (failures++ == 0) {
                loadAtFirstFailure = filter.loadFactor();
            }
            unchangedFailures += (filter.tableBytes() == tableBefore && filter.stashFingerprint() == stashBefore
                                  && filter.itemCount() == itemsBefore) ? 1 : 0;
        }
        const FilterStats stats = filter.stats();
        std::uint64_t lost = 0;
        for (const std::string& key : stored) {
            lost += filter.mightContain(key) ? 0 : 1;
        }
        qInfo("cuckoo%u: %llu slots; %llu inserts accepted (load %.4f), first failure at load %.4f, "
              "%llu failed (%llu left the table unchanged), kicks %llu, max chain %u, stash %s; "
              "lost %llu", Bits, static_cast<unsigned long long>(kBuckets * 4),
              static_cast<unsigned long long>(stored.size()), filter.loadFactor(), loadAtFirstFailure,
              static_cast<unsigned long long>(failures), static_cast<unsigned long long>(unchangedFailures),
              static_cast<unsigned long long>(stats.kicks), stats.maxKickChain,
              stats.stashOccupied ? "occupied" : "empty", static_cast<unsigned long long>(lost));
        QVERIFY2(failures > 0, "inserting 2x the slot count never failed");
        QCOMPARE(unchangedFailures, failures);
        QCOMPARE(stats.failedInserts, failures);
        QCOMPARE(stats.items, std::uint64_t{stored.size()});
        QCOMPARE(lost, std::uint64_t{0});

        // Erase half of what is stored; the other half must all still be found.
        std::uint64_t refused = 0;
        for (std::size_t i = 0; i < stored.size(); i += 2) {
            refused += filter.erase(stored[i]) ? 0 : 1;
        }
        std::uint64_t lostAfterErase = 0;
        for (std::size_t i = 1; i < stored.size(); i += 2) {
            lostAfterErase += filter.mightContain(stored[i]) ? 0 : 1;
        }
        QCOMPARE(refused, std::uint64_t{0});
        QCOMPARE(lostAfterErase, std::uint64_t{0});
        QCOMPARE(filter.itemCount(), std::uint64_t{stored.size() - (stored.size() + 1) / 2});
    }
};

QTEST_GUILESS_MAIN(TestOverfill)
#include "tst_overfill.moc"
