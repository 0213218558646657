// tst_tiered_cuckoo_filter: the tiered cuckoo filter's contract (single thread; the concurrent
// checks are in tst_concurrency_growth).
//   - tier geometry: n_i = ceil(n0 s^i), p_i = p (1 - r) r^i, fingerprints widened 8 -> 12 -> 16,
//     then the load bounded (math::cuckooLoadFor); every tier's FPR at capacity <= p_i;
//   - no false negative for any key inserted before or after each tier was added;
//   - compounded FPR after 5 tiers: measured on 200,000 absent keys within the binomial band of
//     the bound (z = 4), and the bound < p;
//   - erase: removes one copy from the only tier that matches; an ambiguous erase (two tiers
//     match) changes nothing and is counted, so it cannot remove another key's fingerprint;
//   - the reject policy (maxTiers = 1) behaves as a plain cuckoo filter; the tier limit refuses
//     and counts; fromTiers validates; bad parameters are refused with messages.
#include <QtTest/QtTest>

#ifndef Q_MOC_RUN
#include "core/filter_math.h"
#include "core/growth_policy.h"
#include "core/tiered_cuckoo_filter.h"
#include "test_support.h"
#endif

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace bloomlab;

namespace {

/// n0 = 2,000, p = 10%, s = 2, r = 0.3: five tiers of 8, 12, 12, 12 and 16 bits hold 62,000 keys.
TieredCuckooFilter::Params demoParams() {
    return {.initialCapacity = 2000, .targetFpr = 0.10, .growth = 2.0, .tightening = 0.3, .maxTiers = 8, .seed = 7};
}

constexpr std::uint64_t kFiveTiers = 2000 + 4000 + 8000 + 16000 + 32000;

unsigned bitsOf(const TieredCuckooFilter::Tier& tier) {
    return std::visit([](const auto& f) { return std::remove_cvref_t<decltype(f)>::kFingerprintBits; }, tier);
}

} // namespace

class TestTieredCuckooFilter : public QObject {
    Q_OBJECT

private slots:
    void tierGeometryFollowsTheBudget() {
        const TieredCuckooFilter::Params params = demoParams();
        const std::vector<unsigned> expectedBits = {8, 12, 12, 12, 16};
        double budget = 0;
        for (std::uint32_t i = 0; i < 8; ++i) {
            const auto g = TieredCuckooFilter::tierFor(params, i);
            QCOMPARE(g.capacity, static_cast<std::uint64_t>(2000) << i);
            QVERIFY(std::abs(g.fprBudget - 0.1 * 0.7 * std::pow(0.3, i)) < 1e-15);
            if (i < expectedBits.size()) {
                QCOMPARE(g.fingerprintBits, expectedBits[i]);
            }
            const double atCapacity =
                math::cuckooFpr(g.fingerprintBits, 4, static_cast<double>(g.capacity) / (4.0 * g.buckets));
            QVERIFY2(atCapacity <= g.fprBudget * (1 + 1e-12), qPrintable(QString("tier %1").arg(i)));
            budget += atCapacity;
            if (i >= 6) {  // 16 bits cannot reach p_i at 0.94 any more: the load is bounded
                QCOMPARE(g.fingerprintBits, 16U);
                QVERIFY(g.loadBound < params.maxLoad);
            }
        }
        QVERIFY(budget < params.targetFpr);
        // cuckooLoadFor inverts cuckooFpr.
        const double load = math::cuckooLoadFor(16, 4, 1e-5);
        QVERIFY(std::abs(math::cuckooFpr(16, 4, load) - 1e-5) < 1e-12);
        QCOMPARE(math::cuckooLoadFor(8, 4, 0.5), 1.0);
    }

    void noFalseNegativesAcrossTiers() {
        TieredCuckooFilter filter(demoParams());
        const std::vector<std::string> keys = test::insertedKeys(kFiveTiers - 6, 11);
        std::uint32_t tiersSeen = 1;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            QVERIFY(filter.insert(keys[i]));
            if (filter.tierCount() != tiersSeen) {  // a tier was just added: check everything so far
                tiersSeen = filter.tierCount();
                for (std::size_t j = 0; j <= i; ++j) {
                    QVERIFY2(filter.mightContain(keys[j]), qPrintable(QString("key %1 after tier %2").arg(j).arg(tiersSeen)));
                }
            }
        }
        QCOMPARE(filter.tierCount(), 5U);
        for (const std::string& key : keys) {
            QVERIFY(filter.mightContain(key));
        }
        QCOMPARE(filter.itemCount(), static_cast<std::uint64_t>(keys.size()));
        QCOMPARE(filter.failedInserts(), std::uint64_t{0});
        const FilterStats s = filter.stats();
        QCOMPARE(s.layers, 5U);
        QCOMPARE(s.capacity, kFiveTiers);
        QCOMPARE(s.items, static_cast<std::uint64_t>(keys.size()));
        QVERIFY(!s.overfilled);
    }

    void compoundedFprWithinBoundAfterFiveTiers() {
        TieredCuckooFilter filter(demoParams());
        for (const std::string& key : test::insertedKeys(kFiveTiers - 6, 12)) {
            QVERIFY(filter.insert(key));
        }
        QCOMPARE(filter.tierCount(), 5U);
        std::vector<unsigned> bits;
        for (const auto& tier : filter.tiers()) {
            bits.push_back(bitsOf(tier));
        }
        QCOMPARE(bits, (std::vector<unsigned>{8, 12, 12, 12, 16}));
        const double bound = filter.compoundedFprBound();
        QVERIFY(bound < 0.10);
        constexpr std::uint64_t kTrials = 200'000;
        std::uint64_t positives = 0;
        for (const std::string& key : test::absentKeys(kTrials, 13)) {
            positives += filter.mightContain(key) ? 1 : 0;
        }
        const FilterStats s = filter.stats();
        qInfo("5 tiers (8, 12, 12, 12, 16 bits), %llu keys: compounded bound %.4f%%, estimate %.4f%%, "
              "measured %.4f%% (%llu of %llu absent keys), %.2f bits per item",
              static_cast<unsigned long long>(s.items), 100 * bound, 100 * s.estimatedFpr,
              100.0 * positives / kTrials, static_cast<unsigned long long>(positives),
              static_cast<unsigned long long>(kTrials), s.bitsPerItem);
        const math::Interval band = math::binomialAcceptance(kTrials, bound);
        QVERIFY2(static_cast<double>(positives) <= band.high,
                 test::bandMessage("false positives after 5 tiers", positives, kTrials, bound, band).constData());
        // Tiers hold their capacity, so the estimate from the loads is the same figure (up to
        // the union bound's overlap) and the measurement sits inside its band too.
        const math::Interval estimate = math::binomialAcceptance(kTrials, s.estimatedFpr);
        QVERIFY2(test::within(positives, estimate),
                 test::bandMessage("false positives vs estimate", positives, kTrials, s.estimatedFpr, estimate).constData());
    }

    void eraseRemovesOneCopyFromTheMatchingTier() {
        TieredCuckooFilter filter(demoParams());
        const std::vector<std::string> keys = test::insertedKeys(20'000 - 6, 21);  // 4 tiers
        for (const std::string& key : keys) {
            QVERIFY(filter.insert(key));
        }
        QCOMPARE(filter.tierCount(), 4U);
        // Duplicates inside the newest tier: two copies, two erases.
        const std::string dup = "duplicated key";
        QVERIFY(filter.insert(dup));
        QVERIFY(filter.insert(dup));
        QVERIFY(filter.erase(dup));
        QVERIFY(filter.mightContain(dup));
        QVERIFY(filter.erase(dup));
        // Erase every other key; the rest must all stay found (no false negatives), whatever
        // tier they are in.
        std::uint64_t erased = 0;
        for (std::size_t i = 0; i < keys.size(); i += 2) {
            erased += filter.erase(keys[i]) ? 1 : 0;
        }
        for (std::size_t i = 1; i < keys.size(); i += 2) {
            QVERIFY2(filter.mightContain(keys[i]), qPrintable(QString("key %1 lost by an erase").arg(i)));
        }
        qInfo("erased %llu of %llu, ambiguous (kept) %llu",
              static_cast<unsigned long long>(erased), static_cast<unsigned long long>((keys.size() + 1) / 2),
              static_cast<unsigned long long>(filter.ambiguousErases()));
        QCOMPARE(erased + filter.ambiguousErases(), static_cast<std::uint64_t>((keys.size() + 1) / 2));
        QCOMPARE(filter.itemCount(), static_cast<std::uint64_t>(keys.size()) - erased);
        // An absent key that matches no tier changes nothing.
        const std::uint64_t before = filter.itemCount();
        std::uint64_t refused = 0;
        for (const std::string& key : test::absentKeys(2000, 22)) {
            if (!filter.mightContain(key)) {
                refused += filter.erase(key) ? 0 : 1;
            }
        }
        QVERIFY(refused > 0);
        QCOMPARE(filter.itemCount(), before);
    }

    void ambiguousEraseCannotRemoveAnotherKey() {
        // x lives in tier 0 and is a false positive of tier 1 (a key y of tier 1 has x's 12-bit
        // fingerprint in one of x's tier-1 buckets). Erasing x from "the newest tier that has
        // it" would take y's fingerprint, and y would become a false negative.
        TieredCuckooFilter::Params params = demoParams();
        params.initialCapacity = 64;
        const std::vector<std::string> first = test::insertedKeys(63 - 6, 31);  // with x: tier 0 full
        const std::vector<std::string> second = test::insertedKeys(128 - 6, 32);  // tier 1 full
        const auto build = [&](const std::string& x) {
            TieredCuckooFilter f(params);
            f.insert(x);
            for (const std::string& key : first) {
                f.insert(key);
            }
            for (const std::string& key : second) {
                f.insert(key);
            }
            return f;
        };
        std::optional<TieredCuckooFilter> found;
        std::string x;
        for (const std::string& candidate : test::absentKeys(20'000, 33)) {
            TieredCuckooFilter f = build(candidate);
            if (std::get<CuckooFilter<12>>(f.tiers()[1]).mightContain(candidate)) {
                found.emplace(std::move(f));
                x = candidate;
                break;
            }
        }
        QVERIFY2(found.has_value(), "no key of tier 0 is a false positive of tier 1 among 20,000 candidates");
        TieredCuckooFilter& filter = *found;
        QCOMPARE(filter.tierCount(), 2U);
        QVERIFY(std::get<CuckooFilter<8>>(filter.tiers()[0]).mightContain(x));
        const std::uint64_t items = filter.itemCount();
        QVERIFY(!filter.erase(x));  // ambiguous: refused and counted, nothing removed
        QCOMPARE(filter.ambiguousErases(), std::uint64_t{1});
        QCOMPARE(filter.itemCount(), items);
        QVERIFY(filter.mightContain(x));
        for (const std::string& key : second) {
            QVERIFY(filter.mightContain(key));
        }
        // What the naive rule would do: erase x from tier 1 (the newest that matches).
        auto naive = std::get<CuckooFilter<12>>(filter.tiers()[1]);
        QVERIFY(naive.erase(x));
        std::uint64_t lost = 0;
        for (const std::string& key : second) {
            lost += naive.mightContain(key) ? 0 : 1;
        }
        qInfo("erasing a tier-0 key from the tier-1 table that falsely matches it loses %llu tier-1 key(s)",
              static_cast<unsigned long long>(lost));
        QVERIFY(lost >= 1);
    }

    void rejectPolicyIsOneTier() {
        TieredCuckooFilter::Params params = demoParams();
        params.maxTiers = 1;  // the reject policy
        params.initialCapacity = 1000;
        TieredCuckooFilter filter(params);
        std::uint64_t stored = 0;
        const std::vector<std::string> keys = test::insertedKeys(3000, 41);
        for (const std::string& key : keys) {
            stored += filter.insert(key) ? 1 : 0;
        }
        QCOMPARE(filter.tierCount(), 1U);
        QVERIFY(filter.failedInserts() > 0);
        QCOMPARE(stored + filter.failedInserts(), static_cast<std::uint64_t>(keys.size()));
        QVERIFY(filter.lastError().find("tier limit") != std::string::npos);
        QVERIFY(filter.stats().overfilled);
        // Tier 0 is exactly the plain cuckoo filter of the same geometry and seed.
        const auto g = TieredCuckooFilter::tierFor(params, 0);
        QCOMPARE(g.seed, params.seed);
        CuckooFilter<8> plain(g.buckets, g.capacity, g.seed);
        for (const std::string& key : keys) {
            plain.insert(key);
        }
        QVERIFY(std::get<CuckooFilter<8>>(filter.tiers()[0]).tableBytes() == plain.tableBytes());
    }

    void tierLimitRefusesAndCounts() {
        TieredCuckooFilter::Params params = demoParams();
        params.initialCapacity = 100;
        params.maxTiers = 3;
        TieredCuckooFilter filter(params);
        std::uint64_t stored = 0;
        for (const std::string& key : test::insertedKeys(2000, 51)) {
            stored += filter.insert(key) ? 1 : 0;
        }
        QCOMPARE(filter.tierCount(), 3U);
        QVERIFY(filter.failedInserts() > 0);
        QCOMPARE(filter.itemCount(), stored);
    }

    void fromTiersValidates() {
        TieredCuckooFilter filter(demoParams());
        for (const std::string& key : test::insertedKeys(5000, 61)) {
            filter.insert(key);
        }
        const TieredCuckooFilter copy =
            TieredCuckooFilter::fromTiers(demoParams(), filter.tiers(), filter.failedInserts(), 0);
        QCOMPARE(copy.tierCount(), filter.tierCount());
        QCOMPARE(copy.itemCount(), filter.itemCount());
        TieredCuckooFilter::Params other = demoParams();
        other.seed = 8;
        QVERIFY(test::throwsWith([&] { TieredCuckooFilter::fromTiers(other, filter.tiers(), 0, 0); }, "cuckoo tier 0"));
        QVERIFY(test::throwsWith([&] { TieredCuckooFilter::fromTiers(demoParams(), {}, 0, 0); }, "tiers"));
    }

    void badParametersAreRefused() {
        TieredCuckooFilter::Params p = demoParams();
        p.targetFpr = 1.5;
        QVERIFY(test::throwsWith([&] { TieredCuckooFilter f(p); }, "got 1.5"));
        p = demoParams();
        p.maxTiers = 0;
        QVERIFY(test::throwsWith([&] { TieredCuckooFilter f(p); }, "tier limit must be in [1, 32]"));
        p = demoParams();
        p.maxLoad = 0.99;
        QVERIFY(test::throwsWith([&] { TieredCuckooFilter f(p); }, "tier load"));
        p = demoParams();
        p.initialCapacity = 0;
        QVERIFY(test::throwsWith([&] { TieredCuckooFilter f(p); }, "initial tier capacity"));
    }

    void growthPolicyNamesAndChecks() {
        QCOMPARE(parseGrowthAction("tier"), std::optional<GrowthAction>(GrowthAction::Tier));
        QCOMPARE(parseGrowthAction("rebuild"), std::optional<GrowthAction>(GrowthAction::Rebuild));
        QCOMPARE(parseGrowthAction("reject"), std::optional<GrowthAction>(GrowthAction::Reject));
        QVERIFY(!parseGrowthAction("grow").has_value());
        GrowthPolicy policy;
        policy.growth = 1.0;
        QVERIFY(test::throwsWith([&] { validateGrowthPolicy(policy); }, "greater than 1"));
        policy = {};
        policy.thresholds.fill = 1.5;
        QVERIFY(test::throwsWith([&] { validateGrowthPolicy(policy); }, "fill threshold"));
        policy = {};
        policy.thresholds.confirmedFpr = 0.01;
        policy.thresholds.confirmedWindow = 0;
        QVERIFY(test::throwsWith([&] { validateGrowthPolicy(policy); }, "window"));
    }

    void monitorTripsAtEachThreshold() {
        // Each threshold alone: an observation just below it does not trip, one at it does.
        struct Case {
            GrowthThresholds thresholds;
            FilterStats below;
            FilterStats at;
            GrowthTrigger trigger;
        };
        const std::vector<Case> cases = {
            {{.fill = 0.5}, {.fillRatio = 0.4}, {.fillRatio = 0.5}, GrowthTrigger::Fill},
            {{.failedInserts = 3}, {.failedInserts = 2}, {.failedInserts = 3}, GrowthTrigger::FailedInserts},
            {{.estimatedFpr = 0.02}, {.estimatedFpr = 0.019}, {.estimatedFpr = 0.021}, GrowthTrigger::EstimatedFpr},
        };
        for (const Case& c : cases) {
            GrowthMonitor monitor(c.thresholds);
            QCOMPARE(monitor.observe(c.below), GrowthTrigger::None);
            QCOMPARE(monitor.observe(c.at), c.trigger);
            QCOMPARE(monitor.stats().trips, std::uint64_t{1});
            QCOMPARE(monitor.stats().lastTrigger, c.trigger);
            monitor.grown(c.at.failedInserts);  // a growth clears the state
            QCOMPARE(monitor.check(), GrowthTrigger::None);
            QCOMPARE(monitor.stats().growths, std::uint64_t{1});
        }
        // Failed inserts count from the last growth.
        GrowthMonitor failed({.failedInserts = 3});
        failed.grown(3);
        QCOMPARE(failed.observe({.failedInserts = 5}), GrowthTrigger::None);
        QCOMPARE(failed.stats().failedInserts, std::uint64_t{2});
        QCOMPARE(failed.observe({.failedInserts = 6}), GrowthTrigger::FailedInserts);

        // Sliding window of 100 absent-key outcomes, threshold 5%: a full window is needed, and
        // old outcomes leave it.
        GrowthMonitor window({.confirmedFpr = 0.05, .confirmedWindow = 100});
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(window.observeAbsentKey(true), GrowthTrigger::None);  // window not full yet
        }
        for (int i = 0; i < 89; ++i) {
            QCOMPARE(window.observeAbsentKey(false), GrowthTrigger::None);
        }
        QCOMPARE(window.observeAbsentKey(false), GrowthTrigger::ConfirmedFpr);  // 10 of 100
        for (int i = 0; i < 6; ++i) {
            window.observeAbsentKey(false);  // the first 6 false positives slide out: 4 of 100
        }
        QCOMPARE(window.check(), GrowthTrigger::None);
        const GrowthMonitorStats ws = window.stats();
        QCOMPARE(ws.windowSamples, std::uint64_t{100});
        QCOMPARE(ws.windowFalsePositives, std::uint64_t{4});
        QCOMPARE(ws.confirmedFalsePositives, std::uint64_t{10});
        QVERIFY(std::abs(ws.windowFpr - 0.04) < 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestTieredCuckooFilter)
#include "tst_tiered_cuckoo_filter.moc"
