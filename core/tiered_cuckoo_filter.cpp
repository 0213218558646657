// TieredCuckooFilter: tier geometry, growth and the erase rule are described in the header.
#include "core/tiered_cuckoo_filter.h"

#include "core/errors.h"
#include "core/filter_math.h"
#include "core/hashing.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bloomlab {

namespace {

constexpr unsigned kSlots = CuckooFilter<8>::kSlotsPerBucket;

template <class Fn>
decltype(auto) visitTier(const TieredCuckooFilter::Tier& tier, Fn&& fn) {
    return std::visit(std::forward<Fn>(fn), tier);
}

unsigned bitsOf(const TieredCuckooFilter::Tier& tier) {
    return visitTier(tier, [](const auto& f) { return std::remove_cvref_t<decltype(f)>::kFingerprintBits; });
}

} // namespace

void TieredCuckooFilter::validate(const Params& params) {
    if (params.initialCapacity == 0) {
        throwInvalidArgument("the initial tier capacity must be at least 1; got 0");
    }
    requireProbability(params.targetFpr, "the target FPR p");
    // At most 16, as the scalable filter's layers: the next tier's allocation stays within 16x
    // the newest one's (a loaded file cannot make one insert allocate what it merely claims).
    if (!(params.growth >= 1.0 && params.growth <= 16.0)) {
        throwInvalidArgument("the tier growth factor must be in [1, 16]; got " + numberText(params.growth));
    }
    requireProbability(params.tightening, "the tightening ratio r");
    if (params.maxTiers < 1 || params.maxTiers > kMaxTiersLimit) {
        throwInvalidArgument("the tier limit must be in [1, " + numberText(kMaxTiersLimit) + "]; got " +
                             numberText(params.maxTiers));
    }
    if (!(params.maxLoad > 0.0 && params.maxLoad <= 0.97)) {
        throwInvalidArgument("the tier load must be in (0, 0.97] (a cuckoo table refuses inserts above ~0.95); got " +
                             numberText(params.maxLoad));
    }
}

TieredCuckooFilter::TierGeometry TieredCuckooFilter::tierFor(const Params& params, std::uint32_t tier) {
    validate(params);
    TierGeometry g;
    const double capacity = std::ceil(static_cast<double>(params.initialCapacity) * std::pow(params.growth, tier));
    if (!(capacity < 0x1p63)) {
        throwInvalidArgument("cuckoo tier " + numberText(tier) + " would hold " + numberText(capacity) +
                             " items, more than 2^63; use a smaller growth factor or fewer tiers");
    }
    g.capacity = static_cast<std::uint64_t>(capacity);
    g.fprBudget = params.targetFpr * (1.0 - params.tightening) * std::pow(params.tightening, tier);
    g.fingerprintBits = math::cuckooFingerprintBitsFor(g.fprBudget, kSlots, params.maxLoad);
    g.loadBound = params.maxLoad;
    if (math::cuckooFpr(g.fingerprintBits, kSlots, params.maxLoad) > g.fprBudget) {
        g.loadBound = std::min(params.maxLoad, math::cuckooLoadFor(g.fingerprintBits, kSlots, g.fprBudget));
    }
    g.buckets = math::cuckooBucketsFor(g.capacity, kSlots, g.loadBound);
    g.seed = params.seed + static_cast<std::uint64_t>(tier) * kGoldenGamma;
    return g;
}

TieredCuckooFilter::Tier TieredCuckooFilter::makeTier(const Params& params, std::uint32_t tier) {
    const TierGeometry g = tierFor(params, tier);
    switch (g.fingerprintBits) {
    case 8: return CuckooFilter<8>(g.buckets, g.capacity, g.seed, params.maxKicks);
    case 12: return CuckooFilter<12>(g.buckets, g.capacity, g.seed, params.maxKicks);
    default: return CuckooFilter<16>(g.buckets, g.capacity, g.seed, params.maxKicks);
    }
}

TieredCuckooFilter::TieredCuckooFilter(const Params& params, Unbuilt) : m_params(params) {
    validate(params);
}

TieredCuckooFilter::TieredCuckooFilter(const Params& params) : TieredCuckooFilter(params, Unbuilt{}) {
    m_tiers.push_back(makeTier(m_params, 0));
}

bool TieredCuckooFilter::newestIsFull() const {
    return visitTier(m_tiers.back(), [](const auto& f) {
        return f.itemCount() >= f.capacity() || f.stashFingerprint().has_value();
    });
}

bool TieredCuckooFilter::addTier() {
    const auto next = static_cast<std::uint32_t>(m_tiers.size());
    if (next >= m_params.maxTiers) {
        m_lastError = "tiered cuckoo filter is full: all " + numberText(next) +
                      " tiers (the tier limit) hold their capacity; build it with more tiers, a larger initial "
                      "capacity or a larger growth factor";
        return false;
    }
    try {
        m_tiers.push_back(makeTier(m_params, next));
    } catch (const std::exception& e) {  // too large, or out of memory: report, keep what exists
        m_lastError = "tiered cuckoo filter cannot add tier " + numberText(next) + ": " + e.what();
        return false;
    }
    return true;
}

bool TieredCuckooFilter::insert(std::string_view key) {
    if (newestIsFull()) {
        addTier();  // at the limit the newest keeps taking keys until it refuses one
    }
    const auto insertNewest = [this, key] {
        return std::visit([key](auto& f) { return f.insert(key); }, m_tiers.back());
    };
    if (insertNewest()) {
        return true;
    }
    // Refused (nothing changed in that tier): the key goes into a new tier if one can be added.
    if (addTier() && insertNewest()) {
        return true;
    }
    ++m_failedInserts;
    return false;
}

bool TieredCuckooFilter::mightContain(std::string_view key) const {
    for (auto tier = m_tiers.rbegin(); tier != m_tiers.rend(); ++tier) {
        if (visitTier(*tier, [key](const auto& f) { return f.mightContain(key); })) {
            return true;
        }
    }
    return false;
}

bool TieredCuckooFilter::erase(std::string_view key) {
    Tier* match = nullptr;
    for (auto tier = m_tiers.rbegin(); tier != m_tiers.rend(); ++tier) {
        if (visitTier(*tier, [key](const auto& f) { return f.mightContain(key); })) {
            if (match != nullptr) {
                ++m_ambiguousErases;  // two tiers match: one may be another key's fingerprint
                return false;
            }
            match = &*tier;
        }
    }
    return match != nullptr && std::visit([key](auto& f) { return f.erase(key); }, *match);
}

std::uint64_t TieredCuckooFilter::itemCount() const noexcept {
    std::uint64_t items = 0;
    for (const Tier& tier : m_tiers) {
        items += visitTier(tier, [](const auto& f) { return f.itemCount(); });
    }
    return items;
}

std::vector<TieredCuckooFilter::TierStats> TieredCuckooFilter::tierStats() const {
    std::vector<TierStats> out;
    out.reserve(m_tiers.size());
    for (std::uint32_t i = 0; i < m_tiers.size(); ++i) {
        TierStats s;
        s.geometry = tierFor(m_params, i);
        visitTier(m_tiers[i], [&s](const auto& f) {
            const double slots = static_cast<double>(f.numBuckets() * kSlots);
            s.items = f.itemCount();
            s.load = f.loadFactor();
            s.fprAtCapacity = math::cuckooFpr(std::remove_cvref_t<decltype(f)>::kFingerprintBits, kSlots,
                                              std::min(1.0, static_cast<double>(f.capacity()) / slots));
            s.estimatedFpr = math::cuckooFpr(std::remove_cvref_t<decltype(f)>::kFingerprintBits, kSlots,
                                             std::min(1.0, s.load));
            s.bytes = f.numBuckets() * std::remove_cvref_t<decltype(f)>::kBucketBytes;
            s.kicks = f.kicks();
            s.stashOccupied = f.stashFingerprint().has_value();
        });
        out.push_back(s);
    }
    return out;
}

double TieredCuckooFilter::compoundedFprBound() const {
    double bound = 0.0;
    for (const TierStats& s : tierStats()) {
        bound += s.fprAtCapacity;
    }
    return bound;
}

FilterStats TieredCuckooFilter::stats() const {
    FilterStats s;
    s.targetFpr = m_params.targetFpr;
    double slots = 0.0;
    double occupied = 0.0;
    std::vector<double> tierFprs;  // tiers hold different keys and hash independently
    for (const TierStats& t : tierStats()) {
        s.items += t.items;
        s.capacity += t.geometry.capacity;
        s.bytes += t.bytes;
        s.kicks += t.kicks;
        s.stashOccupied = s.stashOccupied || t.stashOccupied;
        slots += static_cast<double>(t.geometry.buckets * kSlots);
        occupied += t.load * static_cast<double>(t.geometry.buckets * kSlots);
        tierFprs.push_back(t.estimatedFpr);
    }
    for (const Tier& tier : m_tiers) {
        s.maxKickChain = std::max(s.maxKickChain, visitTier(tier, [](const auto& f) { return f.stats().maxKickChain; }));
    }
    s.bitsPerItem = s.items == 0 ? 0.0 : 8.0 * static_cast<double>(s.bytes) / static_cast<double>(s.items);
    s.fillRatio = slots == 0.0 ? 0.0 : occupied / slots;
    s.estimatedFpr = math::anyOfIndependent(tierFprs);
    s.estimatedItems = static_cast<double>(s.items);
    s.layers = tierCount();
    s.failedInserts = m_failedInserts;
    s.overfilled = m_failedInserts > 0 || s.items > s.capacity;
    return s;
}

TieredCuckooFilter TieredCuckooFilter::fromTiers(const Params& params, std::vector<Tier> tiers,
                                                 std::uint64_t failedInserts, std::uint64_t ambiguousErases) {
    TieredCuckooFilter filter(params, Unbuilt{});
    if (tiers.empty() || tiers.size() > params.maxTiers) {
        throwInvalidArgument("a tiered cuckoo filter has 1 to " + numberText(params.maxTiers) + " tiers (its limit); got " +
                             numberText(tiers.size()));
    }
    for (std::uint32_t i = 0; i < tiers.size(); ++i) {
        const TierGeometry g = tierFor(params, i);
        const bool matches = visitTier(tiers[i], [&g](const auto& f) {
            return std::remove_cvref_t<decltype(f)>::kFingerprintBits == g.fingerprintBits && f.numBuckets() == g.buckets &&
                   f.capacity() == g.capacity && f.seed() == g.seed;
        });
        if (!matches) {
            throwInvalidArgument("cuckoo tier " + numberText(i) + " has " + numberText(bitsOf(tiers[i])) +
                                 "-bit fingerprints or a bucket count, capacity or seed other than its parameters give (" +
                                 numberText(g.fingerprintBits) + " bits, " + numberText(g.buckets) + " buckets, capacity " +
                                 numberText(g.capacity) + ")");
        }
    }
    filter.m_tiers = std::move(tiers);
    filter.m_failedInserts = failedInserts;
    filter.m_ambiguousErases = ambiguousErases;
    return filter;
}

} // namespace bloomlab
