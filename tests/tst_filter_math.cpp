// tst_filter_math: sizing known answers, formula inversions, the solver's every case, the
// Poisson-mixture FPR of the blocked layout (against an independent summation and against a
// simulated split-block filter), cuckoo FPR, Swamidass-Baldi estimates and the statistics of
// measured FPR.
//
// Statistical checks use fixed seeds and bounds computed from stated formulas (a z = 4 band of
// an estimated standard deviation), never hand-tuned slack.
#include "core/filter_math.h"
#include "test_support.h"

#include <QtTest/QtTest>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace bloomlab;
using namespace bloomlab::math;

namespace {

using test::throwsWith;

/// Independent reference for the Poisson mixtures: plain recurrence p_j = p_{j-1} lambda / j
/// from p_0 = e^-lambda, summed until the tail is negligible (valid for lambda < ~700).
template <class F>
double referenceMixture(double lambda, F&& perLoad) {
    double pmf = std::exp(-lambda);
    double sum = pmf * perLoad(0);
    double mass = pmf;
    for (int j = 1; j < 5000 && (j < lambda || 1.0 - mass > 1e-17); ++j) {
        pmf *= lambda / j;
        mass += pmf;
        sum += pmf * perLoad(j);
    }
    return sum;
}

constexpr std::array<std::uint32_t, 8> kSalt = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                                                0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};

} // namespace

class TestFilterMath : public QObject {
    Q_OBJECT

private slots:
    // ---- Classic sizing ------------------------------------------------------------------
    void optimalClassicKnownAnswers() {
        const BloomSizing a = optimalClassic(1'000'000, 0.01);
        QCOMPARE(a.bits, std::uint64_t{9'585'059});
        QCOMPARE(a.hashes, 7U);
        const BloomSizing b = optimalClassic(10'000, 0.1);
        QCOMPARE(b.bits, std::uint64_t{47'926});
        QCOMPARE(b.hashes, 3U);  // (m/n) ln 2 = 3.32 rounds to 3
        // The rounding rule's justification: k = 3 is better than the seed's k = 4 here.
        QVERIFY(classicFpr(10'000, 47'926, 3) < classicFpr(10'000, 47'926, 4));
        QVERIFY(std::abs(classicFpr(10'000, 47'926, 3) - 0.1007) < 5e-5);
        QVERIFY(std::abs(classicFpr(10'000, 47'926, 4) - 0.1026) < 5e-5);
        // One item, p close to 1: still at least one bit and one hash.
        const BloomSizing tiny = optimalClassic(1, 0.9);
        QVERIFY(tiny.bits >= 1);
        QCOMPARE(tiny.hashes, 1U);
    }

    void fewerProbesClassicAtExtremeP() {
        // For tiny p the small k need more than 2^64 bits (k = 1 at p = 1e-17: 1e20 bits for
        // n = 1000): those are over the budget and skipped, never thrown.
        for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{1000}, std::uint64_t{1'000'000'000}}) {
            for (const double p : {0.5, 0.01, 1e-17, 1e-100, 1e-300}) {
                const BloomSizing optimal = optimalClassic(n, p);
                const BloomSizing fast = fewerProbesClassic(n, p);
                QVERIFY(fast.hashes >= 1 && fast.hashes <= optimal.hashes);
                QVERIFY(fast.hashes <= kMaxHashes);
                QVERIFY(double(fast.bits) <= double(optimal.bits) * (1.0 + kFewerProbesExtraMemory) + 1.0);
                QVERIFY(classicFpr(double(n), double(fast.bits), fast.hashes) <= p * 1.05);  // rounding k
            }
        }
        QCOMPARE(fewerProbesClassic(1000, 1e-17).hashes, 34U);
    }

    void oneHashCapForSizeAndBuild() {
        // The optimal k is capped at kMaxHashes (64) with the smallest m for k = 64, which is what
        // build builds (planFilter) and what size prints (solveSizing).
        const BloomSizing capped = optimalClassic(1000, 1e-30);
        QCOMPARE(capped.hashes, kMaxHashes);
        QCOMPARE(capped.bits, classicBitsForFixedK(1000, 1e-30, 64));
        QVERIFY(classicFpr(1000, double(capped.bits), 64) <= 1e-30 * (1.0 + 1e-9));
        const SizingResult solved = solveSizing({1000.0, 1e-30, std::nullopt, std::nullopt});
        QCOMPARE(solved.k, kMaxHashes);
        QCOMPARE(solved.m, capped.bits);
        QCOMPARE(optimalHashes(1e12, 1.0), kMaxHashes);
        QCOMPARE(solveSizing({1.0, std::nullopt, 131072.0, std::nullopt}).k, kMaxHashes);
        QCOMPARE(solveSizing({std::nullopt, 1e-300, 1e9, std::nullopt}).k, kMaxHashes);
        QVERIFY(throwsWith([] { solveSizing({1000.0, 0.01, std::nullopt, 65.0}); }, "k must be a whole number in [1, 64]"));
    }

    void solverRefusesIntegersADoubleCannotHold() {
        const double twoPow53 = 9007199254740992.0;
        QCOMPARE(solveSizing({1000.0, std::nullopt, twoPow53, std::nullopt}).m, std::uint64_t{9007199254740992ULL});
        QVERIFY(throwsWith([&] { solveSizing({1000.0, std::nullopt, 2 * twoPow53, std::nullopt}); }, "m (bits) must be a whole number"));
        QVERIFY(throwsWith([&] { solveSizing({2 * twoPow53, 0.01, std::nullopt, std::nullopt}); }, "n must be a whole number"));
    }

    void fewerProbesClassicTradesMemoryForProbes() {
        // Known answers (filter_math.h): 10% more memory, p = 1% -> k = 4, 0.1% -> 6, 0.01% -> 8.
        const BloomSizing a = fewerProbesClassic(1'000'000, 0.01);
        QCOMPARE(a.hashes, 4U);
        QCOMPARE(a.bits, classicBitsForFixedK(1e6, 0.01, 4));
        QVERIFY(std::abs(double(a.bits) / 1e6 - 10.523) < 0.001);
        QCOMPARE(fewerProbesClassic(1'000'000, 0.001).hashes, 6U);
        QCOMPARE(fewerProbesClassic(1'000'000, 1e-4).hashes, 8U);
        // A tighter allowance keeps more probes: 5% -> k = 5 at p = 1% (+2.75%).
        QCOMPARE(fewerProbesClassic(1'000'000, 0.01, 0.05).hashes, 5U);
        for (const double p : {0.5, 0.1, 0.01, 1e-4, 1e-9}) {
            for (const double extra : {0.0, 0.02, 0.1, 0.5}) {
                const BloomSizing optimal = optimalClassic(1'000'000, p);
                const BloomSizing fast = fewerProbesClassic(1'000'000, p, extra);
                const QByteArray where = QStringLiteral("p=%1 extra=%2").arg(p).arg(extra).toUtf8();
                // Never more probes than the optimum, never over budget, and still meets p.
                QVERIFY2(fast.hashes <= optimal.hashes, where.constData());
                QVERIFY2(double(fast.bits) <= double(optimal.bits) * (1.0 + extra) || fast.hashes == optimal.hashes,
                         where.constData());
                QVERIFY2(classicFpr(1e6, double(fast.bits), fast.hashes) <= p * 1.1, where.constData());
                // k is the smallest that fits: k - 1 would need more than the budget.
                if (fast.hashes > 1 && fast.hashes < optimal.hashes) {
                    QVERIFY2(double(classicBitsForFixedK(1e6, p, fast.hashes - 1)) > double(optimal.bits) * (1.0 + extra),
                             where.constData());
                }
            }
        }
        // No allowance: the optimal sizing itself (no smaller k fits in zero extra memory).
        QCOMPARE(fewerProbesClassic(1'000'000, 0.01, 0.0).hashes, 7U);
        QVERIFY(throwsWith([] { fewerProbesClassic(1000, 0.01, -0.1); }, "extra memory"));
        QVERIFY(throwsWith([] { fewerProbesClassic(1000, 0.01, std::numeric_limits<double>::quiet_NaN()); }, "extra memory"));
        QVERIFY(throwsWith([] { fewerProbesClassic(0, 0.01); }, "n (expected items)"));
        QVERIFY(throwsWith([] { fewerProbesClassic(1000, 1.5); }, "p must be"));
    }

    void optimalClassicMeetsTarget_data() {
        QTest::addColumn<quint64>("n");
        QTest::addColumn<double>("p");
        for (const quint64 n : {1ULL, 7ULL, 1000ULL, 123'457ULL, 1'000'000'000ULL}) {
            for (const double p : {0.5, 0.1, 0.01, 1e-4, 1e-9}) {
                QTest::newRow(qPrintable(QStringLiteral("n=%1 p=%2").arg(n).arg(p))) << n << p;
            }
        }
    }
    void optimalClassicMeetsTarget() {
        QFETCH(quint64, n);
        QFETCH(double, p);
        const BloomSizing s = optimalClassic(n, p);
        // m is the ceiling of the formula, k the rounded optimum.
        const double exact = -static_cast<double>(n) * std::log(p) / (kLn2 * kLn2);
        QCOMPARE(s.bits, static_cast<std::uint64_t>(std::max(1.0, std::ceil(exact))));
        QCOMPARE(s.hashes, optimalHashes(static_cast<double>(s.bits), static_cast<double>(n)));
        // With the optimal (real) k the FPR would be exactly p; the integer k costs at most a few
        // percent (the curve is flat at the optimum): check within 10% of p.
        QVERIFY2(classicFpr(static_cast<double>(n), static_cast<double>(s.bits), s.hashes) <= p * 1.1,
                 qPrintable(QString::number(classicFpr(static_cast<double>(n), static_cast<double>(s.bits), s.hashes))));
    }

    void classicRejectsBadInput() {
        QString message;
        QVERIFY(throwsWith([] { optimalClassic(100, 1.5); }, "got 1.5", &message));
        QVERIFY2(message.contains("p must be in (0, 1)"), qPrintable(message));
        QVERIFY(throwsWith([] { optimalClassic(100, 0.0); }, "p must be in (0, 1)"));
        QVERIFY(throwsWith([] { optimalClassic(100, 1.0); }, "p must be in (0, 1)"));
        QVERIFY(throwsWith([] { optimalClassic(100, std::nan("")); }, "p must be in (0, 1)"));
        QVERIFY(throwsWith([] { optimalClassic(0, 0.01); }, "n (expected items) must be >= 1"));
        QVERIFY(throwsWith([] { optimalClassic(std::numeric_limits<std::uint64_t>::max(), 1e-300); }, "2^64 bits"));
        QVERIFY(throwsWith([] { classicFpr(10, 0, 3); }, "m must be a positive"));
        QVERIFY(throwsWith([] { classicFpr(-1, 10, 3); }, "n must be a finite number >= 0"));
        QVERIFY(throwsWith([] { classicFpr(10, 100, 0); }, "k must be a positive"));
    }

    void classicInversions() {
        // classicCapacity and classicBitsForFixedK invert classicFpr.
        for (const double k : {1.0, 3.0, 7.0, 13.0}) {
            for (const double p : {0.2, 0.01, 1e-5}) {
                const double m = 1e6;
                const double n = classicCapacity(m, p, k);
                QVERIFY(std::abs(classicFpr(n, m, k) - p) <= 1e-9 * p);
                const std::uint64_t bits = classicBitsForFixedK(1e5, p, k);
                QVERIFY(classicFpr(1e5, static_cast<double>(bits), k) <= p);
                QVERIFY(classicFpr(1e5, static_cast<double>(bits - 1), k) > p);  // smallest such m
            }
        }
        QCOMPARE(optimalHashes(47'926, 10'000), 3U);
        QCOMPARE(optimalHashes(9'585'059, 1'000'000), 7U);
        QCOMPARE(optimalHashes(1, 1'000'000), 1U);  // never 0
        QCOMPARE(classicFpr(0, 100, 3), 0.0);
        QVERIFY(std::abs(bitsPerItemLowerBound(0.01) - 6.643856189774724) < 1e-12);
        QVERIFY(std::abs(bitsPerItemLowerBound(0.5) - 1.0) < 1e-12);
    }

    // ---- Swamidass-Baldi -----------------------------------------------------------------
    void estimatedItemsFormula() {
        QCOMPARE(estimatedItems(1000, 3, 0), 0.0);
        QVERIFY(std::isinf(estimatedItems(1000, 3, 1000)));
        // n* = -(m/k) ln(1 - X/m): with X = m (1 - e^-1/2), k = 1 -> m/2.
        QVERIFY(std::abs(estimatedItems(1'000'000, 1, 393'469) - 500'000) < 2.0);
        QVERIFY(throwsWith([] { estimatedItems(1000, 3, 1001); }, "cannot exceed m"));
        QVERIFY(throwsWith([] { estimatedItems(0, 3, 0); }, "m must be >= 1"));
        QVERIFY(throwsWith([] { estimatedItems(10, 0, 0); }, "k must be >= 1"));
    }

    void estimatedItemsOnSimulatedFilter() {
        // n items each set k uniform random bits of m (the model behind the estimator). The
        // estimate's standard deviation follows from the delta method: X has variance
        // m e^-t (1 - (1 + t) e^-t) with t = kn/m, and dn*/dX = e^t / k.
        const std::uint64_t m = 1'000'000;
        const std::uint32_t k = 5;
        std::mt19937_64 rng(20240601);
        std::vector<bool> bits(m);
        std::uint64_t setBits = 0;
        std::uniform_int_distribution<std::uint64_t> pick(0, m - 1);
        for (const std::uint64_t n : {20'000ULL, 100'000ULL, 200'000ULL}) {
            std::fill(bits.begin(), bits.end(), false);
            setBits = 0;
            for (std::uint64_t i = 0; i < n * k; ++i) {
                const std::uint64_t b = pick(rng);
                if (!bits[b]) {
                    bits[b] = true;
                    ++setBits;
                }
            }
            const double t = static_cast<double>(k * n) / static_cast<double>(m);
            const double varX = static_cast<double>(m) * std::exp(-t) * (1.0 - (1.0 + t) * std::exp(-t));
            const double sd = std::sqrt(varX) * std::exp(t) / k;
            const double estimate = estimatedItems(m, k, setBits);
            QVERIFY2(std::abs(estimate - static_cast<double>(n)) <= 4.0 * sd + 1.0,
                     qPrintable(QStringLiteral("n=%1 estimate=%2 sd=%3").arg(n).arg(estimate).arg(sd)));
        }
    }

    // ---- Blocked (split-block) -----------------------------------------------------------
    void blockedFprMatchesIndependentSummation() {
        const double q = 31.0 / 32.0;
        for (const double lambda : {0.0, 0.3, 5.0, 24.3, 60.0, 300.0}) {
            const std::uint64_t blocks = 1000;
            const double expected = referenceMixture(lambda, [q](int j) { return std::pow(1.0 - std::pow(q, j), 8); });
            const double got = blockedFpr(lambda * blocks, blocks);
            QVERIFY2(std::abs(got - expected) <= 1e-12 + 1e-9 * expected,
                     qPrintable(QStringLiteral("lambda=%1 got=%2 want=%3").arg(lambda).arg(got).arg(expected)));
        }
        QCOMPARE(blockedFpr(0, 10), 0.0);
        // Saturation: a hugely overfilled filter answers maybe to everything.
        QVERIFY(blockedFpr(1e12, 1) > 0.999999);
        QVERIFY(throwsWith([] { blockedFpr(10, 0); }, "blocks must be >= 1"));
    }

    void blockedFprGenericMatchesIndependentSummation() {
        for (const unsigned cells : {64U, 128U, 512U}) {
            for (const unsigned k : {1U, 4U, 8U}) {
                for (const double lambda : {0.5, 10.0, 40.0, 200.0}) {
                    const double miss = 1.0 - 1.0 / cells;
                    const double expected = referenceMixture(
                        lambda, [miss, k](int j) { return std::pow(1.0 - std::pow(miss, static_cast<double>(k) * j), k); });
                    const double got = blockedFprGeneric(lambda * 1000, 1000, cells, k);
                    QVERIFY2(std::abs(got - expected) <= 1e-12 + 1e-9 * expected,
                             qPrintable(QStringLiteral("B=%1 k=%2 lambda=%3 got=%4 want=%5")
                                            .arg(cells).arg(k).arg(lambda).arg(got).arg(expected)));
                }
            }
        }
        QCOMPARE(blockedFprGeneric(0, 10, 128, 4), 0.0);
        QVERIFY(throwsWith([] { blockedFprGeneric(10, 10, 1, 4); }, "cells per block must be >= 2"));
        QVERIFY(throwsWith([] { blockedFprGeneric(10, 10, 128, 0); }, "k must be >= 1"));
    }

    void blockedFprMatchesSimulatedSplitBlockFilter() {
        // An independent split-block filter (plain arrays, random 64-bit hashes from a fixed-seed
        // mt19937_64): its exact FPR for a uniform absent hash is the mean over blocks of
        // prod_i popcount(word_i) / 32. Its expectation is blockedFpr (loads are Binomial, which the
        // Poisson mixture matches to O(1/blocks)); the band is 4 standard errors of that mean,
        // estimated from the per-block terms.
        const std::uint64_t n = 200'000;
        const std::uint64_t blocks = blockedBlocksFor(n, 0.01);
        std::vector<std::uint32_t> words(blocks * 8, 0);
        std::mt19937_64 rng(7);
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t h = rng();
            const std::uint64_t block = ((h >> 32) * blocks) >> 32;
            const auto x = static_cast<std::uint32_t>(h);
            for (unsigned w = 0; w < 8; ++w) {
                words[block * 8 + w] |= std::uint32_t{1} << ((x * kSalt[w]) >> 27);
            }
        }
        double sum = 0.0;
        double sumSquares = 0.0;
        for (std::uint64_t b = 0; b < blocks; ++b) {
            double term = 1.0;
            for (unsigned w = 0; w < 8; ++w) {
                term *= std::popcount(words[b * 8 + w]) / 32.0;
            }
            sum += term;
            sumSquares += term * term;
        }
        const double count = static_cast<double>(blocks);
        const double mean = sum / count;
        const double standardError = std::sqrt((sumSquares / count - mean * mean) / (count - 1.0));
        const double theory = blockedFpr(static_cast<double>(n), blocks);
        QVERIFY2(std::abs(mean - theory) <= 4.0 * standardError,
                 qPrintable(QStringLiteral("simulated %1, theory %2, se %3").arg(mean).arg(theory).arg(standardError)));
    }

    void blockedBlocksForIsSmallestMeetingP() {
        for (const std::uint64_t n : {1ULL, 10ULL, 1000ULL, 100'000ULL, 1'000'000ULL}) {
            for (const double p : {0.3, 0.1, 0.01, 0.001, 1e-5}) {
                const std::uint64_t blocks = blockedBlocksFor(n, p);
                QVERIFY(blocks >= 1);
                QVERIFY2(blockedFpr(static_cast<double>(n), blocks) <= p,
                         qPrintable(QStringLiteral("n=%1 p=%2 blocks=%3").arg(n).arg(p).arg(blocks)));
                if (blocks > 1) {
                    QVERIFY(blockedFpr(static_cast<double>(n), blocks - 1) > p);
                }
            }
        }
        QVERIFY(throwsWith([] { blockedBlocksFor(0, 0.01); }, "n (expected items) must be >= 1"));
        QVERIFY(throwsWith([] { blockedBlocksFor(10, 2.0); }, "got 2"));
        QVERIFY(throwsWith([] { blockedBlocksFor(4'000'000'000'000ULL, 1e-6); }, "more than 2^32 blocks"));
    }

    void blockedSizingVersusParquetFormula() {
        // docs/pitfalls.md #11: the spec's c = -8 / ln(1 - p^(1/8)) gives 9.68 bits/value at 1%, which
        // really yields about 1.5%; sizing from the layout needs about 10.5 bits/value.
        const double n = 1'000'000;
        const double specBitsPerValue = -8.0 / std::log1p(-std::pow(0.01, 1.0 / 8.0));
        QVERIFY(std::abs(specBitsPerValue - 9.68) < 0.01);
        const auto specBlocks = static_cast<std::uint64_t>(std::ceil(specBitsPerValue * n / 256.0));
        const double specFpr = blockedFpr(n, specBlocks);
        QVERIFY2(specFpr > 0.014 && specFpr < 0.016, qPrintable(QString::number(specFpr)));
        const double ourBitsPerValue = 256.0 * static_cast<double>(blockedBlocksFor(1'000'000, 0.01)) / n;
        QVERIFY2(ourBitsPerValue > 10.4 && ourBitsPerValue < 10.7, qPrintable(QString::number(ourBitsPerValue)));
    }

    // ---- Cuckoo --------------------------------------------------------------------------
    void cuckooFormulas() {
        // 1 - (1 - 2^-f)^(2 b alpha)
        QVERIFY(std::abs(cuckooFpr(8, 4, 0.95) - (1.0 - std::pow(1.0 - 1.0 / 256, 7.6))) < 1e-15);
        QVERIFY(std::abs(cuckooFpr(12, 4, 0.5) - (1.0 - std::pow(1.0 - 1.0 / 4096, 4.0))) < 1e-15);
        QCOMPARE(cuckooFpr(12, 4, 0.0), 0.0);
        QCOMPARE(cuckooFprUpperBound(8, 4), 8.0 / 256);
        QCOMPARE(cuckooFprUpperBound(16, 4), 8.0 / 65536);
        for (const unsigned f : {8U, 12U, 16U}) {
            QVERIFY(cuckooFpr(f, 4, 1.0) <= cuckooFprUpperBound(f, 4));
            QVERIFY(cuckooFpr(f, 4, 0.5) < cuckooFpr(f, 4, 0.95));
        }
        QCOMPARE(cuckooFingerprintBitsFor(0.05), 8U);   // 8 bits: 2.9% at 95% load
        QCOMPARE(cuckooFingerprintBitsFor(0.01), 12U);  // 12 bits: 0.19%
        QCOMPARE(cuckooFingerprintBitsFor(1e-4), 16U);  // 16 bits: 0.012% > 1e-4 -> still 16
        QVERIFY(throwsWith([] { cuckooFpr(12, 4, 1.5); }, "load factor must be in [0, 1]; got 1.5"));
        QVERIFY(throwsWith([] { cuckooFpr(0, 4, 0.5); }, "fingerprint bits"));
        QVERIFY(throwsWith([] { cuckooFingerprintBitsFor(0.0); }, "p must be in (0, 1)"));
    }

    void cuckooLoadInvertsCuckooFpr() {
        for (const unsigned f : {8U, 12U, 16U}) {
            for (const double p : {1e-9, 1e-5, 1e-3}) {
                const double load = cuckooLoadFor(f, 4, p);
                if (load < 1.0) {
                    QVERIFY2(std::abs(cuckooFpr(f, 4, load) - p) <= 1e-12 * p, qPrintable(QString("f %1 p %2").arg(f).arg(p)));
                } else {
                    QVERIFY(cuckooFpr(f, 4, 1.0) <= p);
                }
            }
        }
        QCOMPARE(cuckooLoadFor(8, 4, 0.5), 1.0);  // even a full table is below p
        QVERIFY(throwsWith([] { cuckooLoadFor(12, 4, 0.0); }, "p must be in (0, 1)"));
        QVERIFY(throwsWith([] { cuckooLoadFor(0, 4, 0.01); }, "fingerprint bits must be in [1, 32]; got 0"));
        QVERIFY(throwsWith([] { cuckooLoadFor(12, 0, 0.01); }, "slots per bucket must be in [1, 64]; got 0"));
    }

    void anyOfIndependentEvents() {
        QCOMPARE(anyOfIndependent({}), 0.0);
        const std::vector<double> half{0.5, 0.5};
        QVERIFY(std::abs(anyOfIndependent(half) - 0.75) < 1e-15);
        const std::vector<double> some{0.01, 0.02, 0.005};
        QVERIFY(std::abs(anyOfIndependent(some) - (1.0 - 0.99 * 0.98 * 0.995)) < 1e-15);
        const std::vector<double> certain{0.3, 1.0};
        QCOMPARE(anyOfIndependent(certain), 1.0);
        // Small probabilities survive: 1 - (1 - 1e-18)^2 is 0 in doubles, the answer is 2e-18.
        const std::vector<double> tiny{1e-18, 1e-18};
        QVERIFY2(std::abs(anyOfIndependent(tiny) - 2e-18) < 1e-30, qPrintable(QString::number(anyOfIndependent(tiny), 'g', 17)));
        const std::vector<double> one{3.1e-47};
        QVERIFY(std::abs(anyOfIndependent(one) / 3.1e-47 - 1.0) < 1e-12);
        const std::vector<double> bad{0.1, 1.5};
        QVERIFY(throwsWith([&] { anyOfIndependent(bad); }, "a probability must be in [0, 1]; got 1.5"));
        const std::vector<double> nan{std::nan("")};
        QVERIFY(throwsWith([&] { anyOfIndependent(nan); }, "a probability must be in [0, 1]"));
    }

    void cuckooBuckets() {
        for (const std::uint64_t n : {1ULL, 3ULL, 4ULL, 1000ULL, 1'000'000ULL, 10'000'000ULL}) {
            const std::uint64_t buckets = cuckooBucketsFor(n);
            QVERIFY(buckets >= 1);
            // The fewest buckets (any count: the alternate map is an involution for every N).
            QVERIFY(static_cast<double>(n) / (4.0 * static_cast<double>(buckets)) <= kCuckooDesignLoad);
            if (buckets > 1) {
                QVERIFY(static_cast<double>(n) / (4.0 * static_cast<double>(buckets - 1)) > kCuckooDesignLoad);
            }
        }
        QCOMPARE(kCuckooDesignLoad, 0.94);
        QCOMPARE(cuckooBucketsFor(1'000'000), std::uint64_t{265'958});  // ceil(1e6 / 3.76)
        QCOMPARE(cuckooBucketsFor(10'000'000), std::uint64_t{2'659'575});
        QCOMPARE(cuckooBucketsFor(38, 4, 0.95), std::uint64_t{10});  // exactly 95%: 10 buckets suffice
        QCOMPARE(cuckooBucketsFor(39, 4, 0.95), std::uint64_t{11});
        QVERIFY(throwsWith([] { cuckooBucketsFor(0); }, "n (expected items) must be >= 1"));
        QVERIFY(throwsWith([] { cuckooBucketsFor(10, 4, 0.0); }, "maximum load"));
    }

    // ---- Solver: every row of the table in filter_math.h --------------------------------
    void solverNP() {
        const SizingResult r = solveSizing({1e6, 0.01, std::nullopt, std::nullopt});
        QCOMPARE(r.m, std::uint64_t{9'585'059});
        QCOMPARE(r.k, 7U);
        QCOMPARE(r.n, 1e6);
        QCOMPARE(r.p, 0.01);
        QVERIFY(std::abs(r.bitsPerItem - 9.585059) < 1e-9);
        const SizingResult s = solveSizing({1e4, 0.1, std::nullopt, std::nullopt});
        QCOMPARE(s.m, std::uint64_t{47'926});
        QCOMPARE(s.k, 3U);
    }

    void solverNM() {
        const SizingResult r = solveSizing({1e6, std::nullopt, 9'585'059.0, std::nullopt});
        QCOMPARE(r.k, 7U);
        QCOMPARE(r.p, classicFpr(1e6, 9'585'059, 7));
        QVERIFY(std::abs(r.p - 0.01) < 0.0005);
    }

    void solverNMK() {
        const SizingResult r = solveSizing({1e6, std::nullopt, 9'585'059.0, 4.0});
        QCOMPARE(r.k, 4U);
        QCOMPARE(r.m, std::uint64_t{9'585'059});
        QCOMPARE(r.p, classicFpr(1e6, 9'585'059, 4));
    }

    void solverNPK() {
        const SizingResult r = solveSizing({1e6, 0.01, std::nullopt, 4.0});
        QCOMPARE(r.k, 4U);
        QCOMPARE(r.m, classicBitsForFixedK(1e6, 0.01, 4));
        QVERIFY(classicFpr(1e6, static_cast<double>(r.m), 4) <= 0.01);
        QVERIFY(r.m > 9'585'059);  // a non-optimal k costs bits
    }

    void solverMP() {
        const SizingResult r = solveSizing({std::nullopt, 0.01, 9'585'059.0, std::nullopt});
        QCOMPARE(r.k, 7U);  // round(log2(100)) = round(6.64)
        QCOMPARE(r.n, std::floor(r.n));
        QVERIFY(classicFpr(r.n, 9'585'059, 7) <= 0.01);
        QVERIFY(classicFpr(r.n + 1, 9'585'059, 7) > 0.01);  // the largest such n
        QVERIFY(std::abs(r.n - 1e6) < 1e6 * 0.01);
    }

    void solverMPK() {
        const SizingResult r = solveSizing({std::nullopt, 0.01, 9'585'059.0, 3.0});
        QCOMPARE(r.k, 3U);
        QVERIFY(classicFpr(r.n, 9'585'059, 3) <= 0.01);
        QVERIFY(classicFpr(r.n + 1, 9'585'059, 3) > 0.01);
        QVERIFY(std::abs(r.bitsPerItem - 9'585'059 / r.n) < 1e-9);
    }

    void solverAllFour() {
        // Consistent: p is recomputed from n, m, k.
        const SizingResult r = solveSizing({1e6, 0.01, 9'585'059.0, 7.0});
        QCOMPARE(r.p, classicFpr(1e6, 9'585'059, 7));
        // Inconsistent (m far too small for p): refused, naming the computed p.
        QString message;
        QVERIFY(throwsWith([] { solveSizing({1e6, 0.01, 1e6, 7.0}); }, "above the requested p", &message));
        QVERIFY2(message.contains("give only three"), qPrintable(message));
    }

    void solverNPMTooSmall() {
        // n, p and m given (k solved): the best k misses p. The message says so, and which m
        // would do, instead of asking for three inputs (three were given).
        QString message;
        QVERIFY(throwsWith([] { solveSizing({1e4, 0.01, 1000.0, std::nullopt}); }, "even with the best k", &message));
        const BloomSizing needed = optimalClassic(10000, 0.01);
        QVERIFY2(message.contains(QStringLiteral("needs m = %1 bits (k = %2)").arg(needed.bits).arg(needed.hashes)) &&
                     !message.contains("give only three"),
                 qPrintable(message));
        // At the needed m it solves, p within the solver's tolerance (the optimum's m is the
        // continuous one; its whole k moves p a little).
        const SizingResult r = solveSizing({1e4, 0.01, static_cast<double>(needed.bits), std::nullopt});
        QVERIFY2(r.p <= 0.01 * (1.0 + kSolverTolerance), qPrintable(QString::number(r.p)));
    }

    void solverNotEnough() {
        const char* fragment = "not enough to solve";
        QVERIFY(throwsWith([] { solveSizing({std::nullopt, std::nullopt, 1e6, 7.0}); }, fragment));  // m, k
        QVERIFY(throwsWith([] { solveSizing({1e6, std::nullopt, std::nullopt, std::nullopt}); }, fragment));
        QVERIFY(throwsWith([] { solveSizing({std::nullopt, 0.01, std::nullopt, std::nullopt}); }, fragment));
        QVERIFY(throwsWith([] { solveSizing({std::nullopt, std::nullopt, 1e6, std::nullopt}); }, fragment));
        QVERIFY(throwsWith([] { solveSizing({1e6, std::nullopt, std::nullopt, 7.0}); }, fragment));
        QVERIFY(throwsWith([] { solveSizing({std::nullopt, 0.01, std::nullopt, 7.0}); }, fragment));
        QVERIFY(throwsWith([] { solveSizing({}); }, fragment));
    }

    void solverValidates() {
        QVERIFY(throwsWith([] { solveSizing({1e6, 1.5, std::nullopt, std::nullopt}); }, "p must be in (0, 1); got 1.5"));
        QVERIFY(throwsWith([] { solveSizing({10.5, 0.1, std::nullopt, std::nullopt}); }, "n must be a whole number"));
        QVERIFY(throwsWith([] { solveSizing({0.0, 0.1, std::nullopt, std::nullopt}); }, "n must be a whole number"));
        QVERIFY(throwsWith([] { solveSizing({100.0, std::nullopt, 0.0, std::nullopt}); }, "m (bits) must be a whole"));
        QVERIFY(throwsWith([] { solveSizing({100.0, std::nullopt, 1000.0, 0.0}); }, "k must be a whole number"));
        QVERIFY(throwsWith([] { solveSizing({std::nullopt, 0.001, 2.0, std::nullopt}); }, "cannot hold even one item"));
    }

    // ---- Statistics of measured FPR ------------------------------------------------------
    void wilsonKnownValues() {
        // Published 95% Wilson intervals (4-decimal tables): 10/1000 -> [0.0054, 0.0183],
        // 0/100 -> [0, 0.0370], 50/100 -> [0.4038, 0.5962].
        const Interval a = wilsonInterval(10, 1000);
        QVERIFY(std::abs(a.low - 0.0054) < 5e-5 && std::abs(a.high - 0.0183) < 5e-5);
        const Interval b = wilsonInterval(0, 100);
        QCOMPARE(b.low, 0.0);
        QVERIFY(std::abs(b.high - 0.0370) < 5e-5);
        const Interval c = wilsonInterval(50, 100);
        QVERIFY(std::abs(c.low - 0.4038) < 5e-5 && std::abs(c.high - 0.5962) < 5e-5);
        const Interval d = wilsonInterval(100, 100);
        QVERIFY(d.high <= 1.0 && d.high > 0.9999);
        QVERIFY(wilsonInterval(10, 1000, 3.0).high > a.high);  // wider at larger z
        QVERIFY(throwsWith([] { wilsonInterval(0, 0); }, "trials must be >= 1"));
        QVERIFY(throwsWith([] { wilsonInterval(5, 4); }, "cannot exceed trials"));
    }

    void binomialAcceptanceBand() {
        // 100,000 trials at p = 0.01: 1000 +- (4 sqrt(990) + 1) = 1000 +- 126.86.
        const Interval band = binomialAcceptance(100'000, 0.01);
        const double slack = 4.0 * std::sqrt(990.0) + 1.0;
        QVERIFY(std::abs(band.low - (1000.0 - slack)) < 1e-9);
        QVERIFY(std::abs(band.high - (1000.0 + slack)) < 1e-9);
        const Interval zero = binomialAcceptance(1000, 0.0);
        QCOMPARE(zero.low, 0.0);
        QCOMPARE(zero.high, 1.0);
        QCOMPARE(binomialAcceptance(10, 1.0).high, 10.0);  // clamped to trials
        QVERIFY(throwsWith([] { binomialAcceptance(0, 0.1); }, "trials must be >= 1"));
        QVERIFY(throwsWith([] { binomialAcceptance(10, 1.5); }, "p must be in [0, 1]"));
    }
};

QTEST_GUILESS_MAIN(TestFilterMath)
#include "tst_filter_math.moc"
