// tst_counting_bloom_filter: the counting Bloom filter's contract.
//   - no false negatives (100,000+ random byte keys incl. empty, NUL and non-ASCII; duplicates);
//   - measured FPR on 200,000 absent keys within math::binomialAcceptance (z = 4, false-alarm
//     rate below 1e-4 per check) of the exact formula for this layout (distinct counters per
//     key: CountingBloomFilter::expectedFpr) and of stats().estimatedFpr; the exact formula is
//     checked against an independent inclusion-exclusion evaluation;
//   - sizing: smallest line count meeting p with the best k;
//   - erase: remaining keys all found; the counters equal a filter built from the remaining keys
//     alone; erase of an absent key is refused and changes nothing;
//   - saturation (docs/pitfalls.md #1): counters stick at 15, are never decremented, and adversarial keys
//     sharing a saturated key's counters are never lost after erases;
//   - stats, persistence hooks (fromBytes validates), validation messages, determinism.
// All randomness uses fixed seeds.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/counting_bloom_filter.h"
#include "core/filter_math.h"
#include "test_support.h"
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace bloomlab;

namespace {

using test::absentKeys;
using test::bandMessage;
using test::insertedKeys;
using test::randomKeys;
using test::throwsWith;
using test::within;

/// Independent evaluation of the exact FPR by inclusion-exclusion (long double): given j items,
/// P[all k query counters covered] = sum_i (-1)^i C(k, i) (C(128 - i, k) / C(128, k))^j, mixed
/// over Poisson(n / lines). Only usable for small k (cancellation), which is what it checks.
double inclusionExclusionFpr(double n, std::uint64_t lines, unsigned k) {
    auto choose = [](unsigned a, unsigned b) {
        long double r = 1;
        for (unsigned i = 1; i <= b; ++i) {
            r = r * static_cast<long double>(a - b + i) / static_cast<long double>(i);
        }
        return r;
    };
    const long double lambda = n / static_cast<double>(lines);
    long double sum = 0;
    long double pmf = std::exp(-lambda);
    const auto jEnd = static_cast<unsigned>(lambda + 12 * std::sqrt(lambda) + 40);
    for (unsigned j = 0; j <= jEnd; ++j) {
        if (j > 0) {
            pmf *= lambda / j;
        }
        long double covered = 0;
        for (unsigned i = 0; i <= k; ++i) {
            const long double term = choose(k, i) * std::pow(choose(128 - i, k) / choose(128, k), j);
            covered += (i % 2 == 0) ? term : -term;
        }
        sum += pmf * covered;
    }
    return static_cast<double>(sum);
}

/// Keys (from a deterministic stream) whose counters share at least one counter with `target`.
std::vector<std::string> keysSharingCounters(const CountingBloomFilter& filter, const std::string& target,
                                             std::size_t wanted) {
    const std::vector<std::uint64_t> t = filter.probePositions(target);
    const std::set<std::uint64_t> targetSet(t.begin(), t.end());
    std::vector<std::string> found;
    for (std::uint64_t i = 0; found.size() < wanted && i < 10'000'000; ++i) {
        std::string key = "sharer-" + std::to_string(i);
        for (std::uint64_t c : filter.probePositions(key)) {
            if (targetSet.count(c) != 0) {
                found.push_back(std::move(key));
                break;
            }
        }
    }
    return found;
}

} // namespace

class TestCountingBloomFilter : public QObject {
    Q_OBJECT

private slots:
    void noFalseNegatives() {
        std::vector<std::string> keys = insertedKeys(100'000, 11);
        CountingBloomFilter filter = CountingBloomFilter::forCapacity(keys.size() + 1000, 0.01, 7);
        for (const std::string& key : keys) {
            QVERIFY(filter.insert(key));
        }
        for (std::size_t i = 0; i < 1000; ++i) {  // duplicates count as separate inserts
            QVERIFY(filter.insert(keys[i]));
        }
        std::uint64_t missing = 0;
        for (const std::string& key : keys) {
            missing += filter.mightContain(key) ? 0 : 1;
        }
        QCOMPARE(missing, std::uint64_t{0});
        QCOMPARE(filter.itemCount(), std::uint64_t{keys.size() + 1000});
    }

    void measuredFprMatchesExactFormula_data() {
        QTest::addColumn<std::uint64_t>("capacity");
        QTest::addColumn<double>("fpr");
        QTest::addColumn<double>("fill");  // inserted items / capacity
        QTest::newRow("n=100k p=1%") << std::uint64_t{100'000} << 0.01 << 1.0;
        QTest::newRow("n=100k p=10%") << std::uint64_t{100'000} << 0.1 << 1.0;
        QTest::newRow("n=20k p=0.1%") << std::uint64_t{20'000} << 0.001 << 1.0;
        QTest::newRow("n=20k p=1% at 3x") << std::uint64_t{20'000} << 0.01 << 3.0;
    }
    void measuredFprMatchesExactFormula() {
        QFETCH(std::uint64_t, capacity);
        QFETCH(double, fpr);
        QFETCH(double, fill);
        constexpr std::uint64_t kTrials = 200'000;
        CountingBloomFilter filter = CountingBloomFilter::forCapacity(capacity, fpr, 3);
        const auto n = static_cast<std::size_t>(static_cast<double>(capacity) * fill);
        for (const std::string& key : randomKeys(n, 8, 32, 21)) {
            filter.insert(key);
        }
        std::uint64_t positives = 0;
        for (const std::string& key : absentKeys(kTrials, 22)) {
            positives += filter.mightContain(key) ? 1 : 0;
        }
        const double theory = filter.expectedFprAt(static_cast<double>(n));
        const FilterStats stats = filter.stats();
        qInfo("counting n=%zu in %llu lines, k=%u: measured FPR %.5f, exact theory %.5f, stats %.5f, "
              "blockedFprGeneric %.5f, target %.5f",
              n, static_cast<unsigned long long>(filter.numLines()), filter.numHashes(),
              static_cast<double>(positives) / kTrials, theory, stats.estimatedFpr,
              math::blockedFprGeneric(static_cast<double>(n), filter.numLines(), 128, filter.numHashes()), fpr);
        // Theory for the layout (before the fact) and the instance's own estimate (after).
        const math::Interval theoryBand = math::binomialAcceptance(kTrials, theory);
        QVERIFY2(within(positives, theoryBand),
                 bandMessage("vs expectedFpr", positives, kTrials, theory, theoryBand).constData());
        const math::Interval statsBand = math::binomialAcceptance(kTrials, stats.estimatedFpr);
        QVERIFY2(within(positives, statsBand),
                 bandMessage("vs stats().estimatedFpr", positives, kTrials, stats.estimatedFpr, statsBand).constData());
        if (fill <= 1.0) {
            // Built for p: at capacity the filter must measure at most about p.
            QVERIFY(theory <= fpr);
            const math::Interval targetBand = math::binomialAcceptance(kTrials, fpr);
            QVERIFY2(static_cast<double>(positives) <= targetBand.high,
                     bandMessage("vs target p", positives, kTrials, fpr, targetBand).constData());
            QVERIFY(!stats.overfilled);
        } else {
            QVERIFY(stats.overfilled);
        }
    }

    void exactFormulaAgreesWithInclusionExclusion() {
        struct Case {
            double n;
            std::uint64_t lines;
            unsigned k;
        };
        for (const Case& c : {Case{1000, 100, 3}, Case{100'000, 8393, 6}, Case{5000, 1000, 8}, Case{1, 1, 1},
                              Case{50, 1, 4}, Case{1e5, 57530, 10}}) {
            const double chain = CountingBloomFilter::expectedFpr(c.n, c.lines, c.k);
            const double reference = inclusionExclusionFpr(c.n, c.lines, c.k);
            QVERIFY2(std::abs(chain - reference) <= 1e-9 * reference + 1e-15,
                     qPrintable(QStringLiteral("n=%1 lines=%2 k=%3: chain %4, inclusion-exclusion %5")
                                    .arg(c.n).arg(c.lines).arg(c.k).arg(chain, 0, 'g', 12).arg(reference, 0, 'g', 12)));
        }
        QCOMPARE(CountingBloomFilter::expectedFpr(0, 10, 4), 0.0);
        // Monotone in n, bounded by 1, and 1 when every line is overloaded.
        double previous = 0;
        for (double n = 100; n <= 1e6; n *= 3) {
            const double f = CountingBloomFilter::expectedFpr(n, 1000, 6);
            QVERIFY(f > previous);
            QVERIFY(f <= 1.0);
            previous = f;
        }
        QVERIFY(CountingBloomFilter::expectedFpr(1e9, 1, 64) > 1.0 - 1e-12);
        // k = 1 has a closed form: E[1 - (127/128)^j] over Poisson(lambda) = 1 - e^(-lambda/128).
        for (double n : {1.0, 10.0, 500.0, 1e5}) {
            const double closed = -std::expm1(-n / 100.0 / 128.0);
            QVERIFY(std::abs(CountingBloomFilter::expectedFpr(n, 100, 1) - closed) <= 1e-12 * closed);
        }
    }

    void sizingIsSmallestMeetingP() {
        struct Case {
            std::uint64_t n;
            double p;
        };
        for (const Case& c : {Case{1'000'000, 0.01}, Case{100'000, 0.1}, Case{100'000, 1e-4}, Case{10, 0.5},
                              Case{1, 0.01}}) {
            const CountingBloomFilter filter = CountingBloomFilter::forCapacity(c.n, c.p);
            const double n = static_cast<double>(c.n);
            const double at = CountingBloomFilter::expectedFpr(n, filter.numLines(), filter.numHashes());
            QVERIFY(at <= c.p);
            // The chosen k is the best for this line count.
            for (std::uint32_t k = 1; k <= CountingBloomFilter::kMaxHashes; ++k) {
                QVERIFY(CountingBloomFilter::expectedFpr(n, filter.numLines(), k) >= at);
            }
            // One line fewer cannot meet p with any k.
            if (filter.numLines() > 1) {
                for (std::uint32_t k = 1; k <= CountingBloomFilter::kMaxHashes; ++k) {
                    QVERIFY(CountingBloomFilter::expectedFpr(n, filter.numLines() - 1, k) > c.p);
                }
            }
            QCOMPARE(filter.capacity(), c.n);
            QCOMPARE(filter.targetFpr(), c.p);
            QCOMPARE(filter.bytes().size(), filter.numLines() * 64);
        }
        // Known answer (computed by the exact formula): n = 1M, p = 1% -> 83,927 lines, k = 6.
        const CountingBloomFilter million = CountingBloomFilter::forCapacity(1'000'000, 0.01);
        QCOMPARE(million.numLines(), std::uint64_t{83'927});
        QCOMPARE(million.numHashes(), 6U);
    }

    void countersOfAKeyAreDistinctAndInOneLine() {
        for (std::uint32_t k : {1U, 6U, 32U, 64U}) {
            CountingBloomFilter filter(128 * 1000, k);
            for (const std::string& key : randomKeys(2000, 0, 16, 31 + k)) {
                const std::vector<std::uint64_t> positions = filter.probePositions(key);
                QCOMPARE(positions.size(), std::size_t{k});
                const std::set<std::uint64_t> distinct(positions.begin(), positions.end());
                QCOMPARE(distinct.size(), std::size_t{k});
                const std::uint64_t line = positions.front() / 128;
                for (std::uint64_t p : positions) {
                    QCOMPARE(p / 128, line);
                    QVERIFY(p < filter.numCounters());
                }
            }
        }
        // Offsets spread over the whole line: every one of the 128 offsets is used.
        CountingBloomFilter filter(128, 4);
        std::set<std::uint64_t> used;
        for (const std::string& key : randomKeys(2000, 1, 8, 5)) {
            for (std::uint64_t p : filter.probePositions(key)) {
                used.insert(p);
            }
        }
        QCOMPARE(used.size(), std::size_t{128});
    }

    void insertIncrementsEachCounterOnce() {
        CountingBloomFilter filter(128 * 64, 7);
        const std::vector<std::uint64_t> positions = filter.probePositions("alpha");
        filter.insert("alpha");
        std::uint64_t nonZero = 0;
        for (std::uint64_t i = 0; i < filter.numCounters(); ++i) {
            nonZero += filter.counterAt(i) != 0 ? 1 : 0;
        }
        QCOMPARE(nonZero, std::uint64_t{7});
        for (std::uint64_t p : positions) {
            QCOMPARE(filter.counterAt(p), std::uint8_t{1});
        }
        filter.insert("alpha");
        for (std::uint64_t p : positions) {
            QCOMPARE(filter.counterAt(p), std::uint8_t{2});
        }
    }

    void eraseKeepsRemainingKeys() {
        const std::vector<std::string> keys = insertedKeys(100'000, 41);
        CountingBloomFilter filter = CountingBloomFilter::forCapacity(keys.size(), 0.01, 9);
        CountingBloomFilter remainingOnly = CountingBloomFilter::forCapacity(keys.size(), 0.01, 9);
        for (const std::string& key : keys) {
            filter.insert(key);
        }
        QCOMPARE(filter.stats().saturatedCounters, std::uint64_t{0});  // so erase is exact below
        std::uint64_t refused = 0;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (i % 2 == 0) {
                refused += filter.erase(keys[i]) ? 0 : 1;
            } else {
                remainingOnly.insert(keys[i]);
            }
        }
        QCOMPARE(refused, std::uint64_t{0});
        std::uint64_t missing = 0;
        for (std::size_t i = 1; i < keys.size(); i += 2) {
            missing += filter.mightContain(keys[i]) ? 0 : 1;
        }
        QCOMPARE(missing, std::uint64_t{0});
        // Without saturation, erasing is exact: the counters equal those of a filter that only
        // ever saw the remaining keys.
        QVERIFY(std::ranges::equal(filter.bytes(), remainingOnly.bytes()));
        QCOMPARE(filter.itemCount(), std::uint64_t{keys.size() / 2});
        // Erased keys now behave like absent keys (FPR of the half-full filter).
        std::uint64_t erasedPositives = 0;
        std::uint64_t trials = 0;
        for (std::size_t i = 0; i < keys.size(); i += 2) {
            erasedPositives += filter.mightContain(keys[i]) ? 1 : 0;
            ++trials;
        }
        const double theory = filter.expectedFprAt(static_cast<double>(filter.itemCount()));
        const math::Interval band = math::binomialAcceptance(trials, theory);
        QVERIFY2(within(erasedPositives, band),
                 bandMessage("erased keys", erasedPositives, trials, theory, band).constData());
    }

    void eraseOfAbsentKeyIsRefusedAndChangesNothing() {
        CountingBloomFilter filter = CountingBloomFilter::forCapacity(10'000, 0.01, 1);
        for (const std::string& key : randomKeys(10'000, 4, 16, 51)) {
            filter.insert(key);
        }
        const std::vector<std::uint8_t> before(filter.bytes().begin(), filter.bytes().end());
        std::uint64_t refusals = 0;
        std::uint64_t falsePositives = 0;
        for (const std::string& key : absentKeys(5000, 52)) {
            if (!filter.mightContain(key)) {
                QVERIFY(!filter.erase(key));
                ++refusals;
            } else {
                ++falsePositives;  // cannot be told apart from an inserted key (documented)
            }
        }
        QVERIFY(refusals > 4000);
        QVERIFY(std::ranges::equal(filter.bytes(), before));
        QCOMPARE(filter.itemCount(), std::uint64_t{10'000});
        // Erasing from an empty filter, and erasing twice what was inserted once.
        CountingBloomFilter empty(128, 3);
        QVERIFY(!empty.erase("anything"));
        QVERIFY(!empty.erase(""));
        empty.insert("once");
        QVERIFY(empty.erase("once"));
        QVERIFY(!empty.erase("once"));
        QVERIFY(std::all_of(empty.bytes().begin(), empty.bytes().end(), [](std::uint8_t b) { return b == 0; }));
        QCOMPARE(empty.itemCount(), std::uint64_t{0});
    }

    void duplicatesAreAMultiset() {
        CountingBloomFilter filter(128 * 16, 5);
        for (int i = 0; i < 3; ++i) {
            filter.insert("dup");
        }
        QVERIFY(filter.erase("dup"));
        QVERIFY(filter.erase("dup"));
        QVERIFY(filter.mightContain("dup"));  // one copy left
        QVERIFY(filter.erase("dup"));
        QVERIFY(!filter.mightContain("dup"));  // the only key: its counters are back to 0
        QVERIFY(!filter.erase("dup"));
    }

    void counterSaturatesAtFifteenAndSticks() {
        CountingBloomFilter filter(128, 3);
        const std::vector<std::uint64_t> positions = filter.probePositions("hot");
        for (unsigned i = 1; i <= 40; ++i) {
            filter.insert("hot");
            for (std::uint64_t p : positions) {
                QCOMPARE(unsigned{filter.counterAt(p)}, std::min(i, 15U));  // never wraps to 0
            }
        }
        QCOMPARE(filter.stats().saturatedCounters, std::uint64_t{3});
        for (unsigned i = 0; i < 40; ++i) {
            QVERIFY(filter.erase("hot"));  // saturated counters are non-zero: erase succeeds
            for (std::uint64_t p : positions) {
                QCOMPARE(filter.counterAt(p), CountingBloomFilter::kMaxCount);  // never decremented
            }
        }
        QVERIFY(filter.mightContain("hot"));  // the price of saturation: it can no longer leave
        QCOMPARE(filter.stats().saturatedCounters, std::uint64_t{3});
        QCOMPARE(filter.itemCount(), std::uint64_t{0});
    }

    void saturationNeverLosesKeysSharingCounters() {
        // Adversarial: one key inserted 20 times saturates its counters; keys that share those
        // counters (same line, same counters) are inserted once each; then the hot key is erased
        // 20 times and half the sharers are erased. A counter that wrapped (15 + 1 -> 0) or was
        // decremented after saturating (15 - 20 -> 0) would make the other sharers vanish.
        CountingBloomFilter filter(128 * 4, 4);
        const std::string hot = "hot-key";
        const std::vector<std::string> sharers = keysSharingCounters(filter, hot, 200);
        QCOMPARE(sharers.size(), std::size_t{200});
        for (int i = 0; i < 20; ++i) {
            filter.insert(hot);
        }
        for (const std::string& key : sharers) {
            filter.insert(key);
        }
        const std::vector<std::uint64_t> hotCounters = filter.probePositions(hot);
        for (std::uint64_t c : hotCounters) {
            QCOMPARE(filter.counterAt(c), CountingBloomFilter::kMaxCount);
        }
        for (int i = 0; i < 20; ++i) {
            QVERIFY(filter.erase(hot));
        }
        for (std::size_t i = 0; i < sharers.size(); i += 2) {
            QVERIFY(filter.erase(sharers[i]));
        }
        std::uint64_t lost = 0;
        for (std::size_t i = 1; i < sharers.size(); i += 2) {
            lost += filter.mightContain(sharers[i]) ? 0 : 1;
        }
        QCOMPARE(lost, std::uint64_t{0});
        for (std::uint64_t c : hotCounters) {
            QCOMPARE(filter.counterAt(c), CountingBloomFilter::kMaxCount);
        }
        // stats().saturatedCounters counts exactly the counters at 15.
        std::uint64_t atFifteen = 0;
        for (std::uint64_t i = 0; i < filter.numCounters(); ++i) {
            atFifteen += filter.counterAt(i) == CountingBloomFilter::kMaxCount ? 1 : 0;
        }
        QVERIFY(atFifteen >= hotCounters.size());
        QCOMPARE(filter.stats().saturatedCounters, atFifteen);
        QCOMPARE(filter.itemCount(), std::uint64_t{100});
    }

    void statsReportTheCounters() {
        CountingBloomFilter filter = CountingBloomFilter::forCapacity(1000, 0.01, 2);
        FilterStats s = filter.stats();
        QCOMPARE(s.items, std::uint64_t{0});
        QCOMPARE(s.bytes, filter.numLines() * 64);
        QCOMPARE(s.bitsPerItem, 0.0);
        QCOMPARE(s.fillRatio, 0.0);
        QCOMPARE(s.estimatedFpr, 0.0);
        QCOMPARE(s.layers, 1U);
        QCOMPARE(s.capacity, std::uint64_t{1000});
        QCOMPARE(s.targetFpr, 0.01);
        for (const std::string& key : randomKeys(1000, 4, 20, 61)) {
            filter.insert(key);
        }
        s = filter.stats();
        QCOMPARE(s.items, std::uint64_t{1000});
        QCOMPARE(s.bitsPerItem, 8.0 * static_cast<double>(s.bytes) / 1000.0);
        std::uint64_t nonZero = 0;
        for (std::uint64_t i = 0; i < filter.numCounters(); ++i) {
            nonZero += filter.counterAt(i) != 0 ? 1 : 0;
        }
        QCOMPARE(s.fillRatio, static_cast<double>(nonZero) / static_cast<double>(filter.numCounters()));
        QCOMPARE(s.estimatedItems, math::estimatedItems(filter.numCounters(), filter.numHashes(), nonZero));
        QVERIFY(std::abs(s.estimatedItems - 1000.0) < 100.0);  // Swamidass-Baldi, ~3 sigma
        QVERIFY(!s.overfilled);
        filter.insert("one more");
        QVERIFY(filter.stats().overfilled);  // items > capacity
    }

    void persistenceHooks() {
        CountingBloomFilter filter = CountingBloomFilter::forCapacity(5000, 0.02, 99);
        const std::vector<std::string> keys = randomKeys(5000, 4, 24, 71);
        for (const std::string& key : keys) {
            filter.insert(key);
        }
        filter.erase(keys[0]);
        CountingBloomFilter copy =
            CountingBloomFilter::fromBytes(filter.numLines(), filter.numHashes(), filter.capacity(), filter.targetFpr(),
                                           filter.seed(), filter.itemCount(), filter.bytes());
        QVERIFY(std::ranges::equal(copy.bytes(), filter.bytes()));
        QCOMPARE(copy.itemCount(), filter.itemCount());
        QCOMPARE(copy.numHashes(), filter.numHashes());
        for (const std::string& key : absentKeys(2000, 72)) {
            QCOMPARE(copy.mightContain(key), filter.mightContain(key));
        }
        for (std::size_t i = 1; i < keys.size(); ++i) {
            QVERIFY(copy.mightContain(keys[i]));
        }
        const std::vector<std::uint8_t> bytes(filter.bytes().begin(), filter.bytes().end());
        QVERIFY(throwsWith([&] { (void)CountingBloomFilter::fromBytes(filter.numLines() + 1, 4, 0, 0, 0, 0, bytes); },
                           "need exactly"));
        QVERIFY(throwsWith([&] { (void)CountingBloomFilter::fromBytes(0, 4, 0, 0, 0, 0, {}); }, "lines"));
        QVERIFY(throwsWith([&] { (void)CountingBloomFilter::fromBytes(1, 0, 0, 0, 0, 0, std::vector<std::uint8_t>(64)); },
                           "k"));
        QVERIFY(throwsWith([&] { (void)CountingBloomFilter::fromBytes(1, 65, 0, 0, 0, 0, std::vector<std::uint8_t>(64)); },
                           "k"));
        QVERIFY(throwsWith([&] { (void)CountingBloomFilter::fromBytes(1, 4, 0, 1.5, 0, 0, std::vector<std::uint8_t>(64)); },
                           "target FPR"));
        QVERIFY(throwsWith([&] { (void)CountingBloomFilter::fromBytes(1, 4, 0, 0, 0, 5, std::vector<std::uint8_t>(64)); },
                           "all of its counters are zero"));
        QVERIFY(throwsWith([&] { (void)CountingBloomFilter::fromBytes(std::uint64_t{1} << 60, 4, 0, 0, 0, 0, {}); },
                           "lines"));
    }

    void validation() {
        QVERIFY(throwsWith([] { (void)CountingBloomFilter::forCapacity(0, 0.01); }, "n (expected items) must be >= 1"));
        QVERIFY(throwsWith([] { (void)CountingBloomFilter::forCapacity(100, 0.0); }, "p must be in (0, 1); got 0"));
        QVERIFY(throwsWith([] { (void)CountingBloomFilter::forCapacity(100, 1.5); }, "p must be in (0, 1); got 1.5"));
        QVERIFY(throwsWith([] { (void)CountingBloomFilter::forCapacity(100, std::nan("")); }, "p must be in (0, 1)"));
        QVERIFY(throwsWith([] { CountingBloomFilter f(0, 3); }, "counters must be >= 1"));
        QVERIFY(throwsWith([] { CountingBloomFilter f(128, 0); }, "must be in [1, 64]; got 0"));
        QVERIFY(throwsWith([] { CountingBloomFilter f(128, 65); }, "must be in [1, 64]; got 65"));
        QVERIFY(throwsWith([] { CountingBloomFilter f(128, 3, 0, -0.1); }, "target FPR"));
        QVERIFY(throwsWith([] { (void)CountingBloomFilter::expectedFpr(-1, 1, 1); }, "n must be"));
        QVERIFY(throwsWith([] { (void)CountingBloomFilter::expectedFpr(1, 0, 1); }, "lines"));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, (void)CountingBloomFilter(128, 3).counterAt(128));
        // Rounding up to whole lines.
        QCOMPARE(CountingBloomFilter(1, 3).numLines(), std::uint64_t{1});
        QCOMPARE(CountingBloomFilter(129, 3).numLines(), std::uint64_t{2});
        QCOMPARE(CountingBloomFilter(256, 3).numCounters(), std::uint64_t{256});
    }

    void deterministicAndSeeded() {
        const std::vector<std::string> keys = randomKeys(3000, 0, 16, 81);
        CountingBloomFilter a = CountingBloomFilter::forCapacity(3000, 0.01, 5);
        CountingBloomFilter b = CountingBloomFilter::forCapacity(3000, 0.01, 5);
        CountingBloomFilter c = CountingBloomFilter::forCapacity(3000, 0.01, 6);
        for (const std::string& key : keys) {
            a.insert(key);
            b.insert(key);
            c.insert(key);
        }
        QVERIFY(std::ranges::equal(a.bytes(), b.bytes()));
        QVERIFY(!std::ranges::equal(a.bytes(), c.bytes()));
        // Pinned layout answer: the positions of "hello" with seed 0 in 1,000 lines, k = 6 (a
        // change of hashing or offset scheme breaks saved filters; this catches it).
        const CountingBloomFilter pinned(128 * 1000, 6);
        const std::vector<std::uint64_t> positions = pinned.probePositions("hello");
        const Hash128 h = xxh3_128("hello", 0);
        QCOMPARE(positions.front() / 128, reduceRange(h.low, 1000));
        QCOMPARE(positions.front() % 128, h.high & 127);
        // The same with a seed and an 8-byte key (XXH3's own code for that length, with the
        // seed's constant kept by the filter).
        const CountingBloomFilter seeded(128 * 1000, 6, 0, 0.0, 5);
        const Hash128 h8 = xxh3_128("12345678", 5);
        const std::vector<std::uint64_t> positions8 = seeded.probePositions("12345678");
        QCOMPARE(positions8.front() / 128, reduceRange(h8.low, 1000));
        QCOMPARE(positions8.front() % 128, h8.high & 127);
    }
};

QTEST_GUILESS_MAIN(TestCountingBloomFilter)
#include "tst_counting_bloom_filter.moc"
