// FilterPlan: the sizing rules of every filter type (listed in filter_plan.h), the checks that
// refuse a spec, and the theoretical FPR at any fill.
#include "core/filter_plan.h"

#include "core/filter_math.h"

#include "core/errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace bloomlab {

namespace {

static_assert(BloomFilter::kMaxHashes == math::kMaxHashes, "one k cap for the filters and the solver");

constexpr std::uint32_t kMaxCuckooKicks = 1000000;
constexpr unsigned kCuckooSlots = 4;

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) {
    return a / b + (a % b != 0 ? 1 : 0);
}

FilterPlan planChecked(const FilterSpec& spec);

/// The FPR limit (filter_plan.h): refuses `fpr` (the expected FPR at n of the plan being made)
/// above kMaxPlannedFpr, naming what was given and, when it can be computed, the smallest size
/// that stays within the limit.
void requireUsefulFpr(const FilterSpec& spec, double fpr) {
    if (fpr <= kMaxPlannedFpr * (1.0 + 1e-9)) return;
    const std::string type(filterTypeName(spec.type));
    std::uint64_t minimumBits = 0;
    if (spec.bits != 0) {
        FilterSpec smallest = spec;
        smallest.bits = 0;
        smallest.fpr = kMaxPlannedFpr;
        try {
            minimumBits = planChecked(smallest).bits;
        } catch (const std::invalid_argument&) {
            minimumBits = 0;
        }
    }
    const std::string at = "the " + type + " filter's expected FPR at n would be " + numberText(fpr, 4);
    std::string message = (spec.bits != 0 ? "a size of m = " + std::to_string(spec.bits) + " bits is too small for n = " +
                                                std::to_string(spec.capacity) + " items: " + at
                                          : "p = " + numberText(spec.fpr, 6) + " for n = " +
                                                std::to_string(spec.capacity) + " items: " + at) +
                          ", and every filter type refuses an expected FPR above 1/2 (it would answer "
                          "'maybe' for most absent keys): ";
    if (spec.bits == 0)
        message += "give p <= 0.5";
    else if (minimumBits != 0)
        message += "give at least " + std::to_string(minimumBits) + " bits, or a smaller n";
    else
        message += "give a larger size or a smaller n";
    throw FprLimitError(message, fpr, minimumBits);
}

/// The growth policy rules of FilterSpec (any_filter.h).
void validateGrowth(const FilterSpec& spec) {
    const GrowthPolicy& policy = spec.growthPolicy;
    validateGrowthPolicy(policy);
    const std::string type(filterTypeName(spec.type));
    const GrowthThresholds& t = policy.thresholds;
    if (policy.action == GrowthAction::Tier) {
        if (spec.type == FilterType::Scalable) {
            if (t.fill != 0.0 || t.failedInserts != 0 || t.estimatedFpr != 0.0 || t.confirmedFpr != 0.0)
                throwInvalidArgument("the scalable filter adds a layer when the newest holds its capacity; it takes no "
                                     "growth thresholds");
            return;
        }
        if (spec.type != FilterType::Cuckoo)
            throwInvalidArgument("the tier growth policy applies to the cuckoo filter (a new table per tier) and the "
                                 "scalable filter (its layers, which a growing classic filter is); a " + type +
                                 " filter can reject or rebuild");
        if (spec.fpr == 0.0)
            throwInvalidArgument("a tiered cuckoo filter sizes each tier from its share of the target FPR: give p, "
                                 "not a size");
        if (spec.fingerprintBits != 0)
            throwInvalidArgument("a tiered cuckoo filter chooses each tier's fingerprint size from its FPR budget; do "
                                 "not give fingerprint bits (got " + std::to_string(spec.fingerprintBits) + ")");
        if (t.failedInserts != 0)
            throwInvalidArgument("with the tier policy a refused insert always adds a tier (the key goes into it); "
                                 "the failed-inserts threshold applies to rebuild");
        if (t.estimatedFpr != 0.0 || t.confirmedFpr != 0.0)
            throwInvalidArgument("with the tier policy the compounded FPR stays below p by construction; the FPR "
                                 "thresholds apply to rebuild");
        if (t.fill != 0.0 && !(t.fill <= 0.97))
            throwInvalidArgument("a cuckoo tier refuses inserts above a load of about 0.95: the fill threshold of the "
                                 "tier policy must be in (0, 0.97]; got " + numberText(t.fill, 6));
        if (spec.maxTiers < 1 || spec.maxTiers > TieredCuckooFilter::kMaxTiersLimit)
            throwInvalidArgument("the tier limit must be in [1, " + std::to_string(TieredCuckooFilter::kMaxTiersLimit) +
                                 "]; got " + std::to_string(spec.maxTiers));
        if (!(spec.tierTightening > 0.0 && spec.tierTightening < 1.0))
            throwInvalidArgument("the tier tightening ratio r must be in (0, 1); got " +
                                 numberText(spec.tierTightening, 6));
        return;
    }
    if (spec.type == FilterType::Scalable && policy.action == GrowthAction::Rebuild)
        throwInvalidArgument("the scalable filter grows by layers (the tier policy); it is not rebuilt");
}

void validate(const FilterSpec& spec) {
    const std::string type(filterTypeName(spec.type));
    if (type.empty()) throwInvalidArgument("unknown filter type " + std::to_string(int(spec.type)));
    if (spec.capacity == 0) throwInvalidArgument("capacity n must be >= 1; got 0");
    if (spec.capacity > (std::uint64_t{1} << 62))
        throwInvalidArgument("capacity n must be <= 2^62; got " + std::to_string(spec.capacity));
    const bool hasFpr = spec.fpr != 0.0;
    const bool hasBits = spec.bits != 0;
    if (hasFpr == hasBits)
        throwInvalidArgument("give exactly one of a target false-positive rate p or a size m (bits) for the " +
                type + " filter");
    if (hasFpr && !(spec.fpr > 0.0 && spec.fpr < 1.0))
        throwInvalidArgument("p must be in (0, 1); got " + numberText(spec.fpr, 6));
    if (spec.hashes > math::kMaxHashes)
        throwInvalidArgument("k (hash functions) must be in [1, " + std::to_string(math::kMaxHashes) + "]; got " +
                             std::to_string(spec.hashes));
    if (spec.type == FilterType::Blocked) {
        if (spec.hashes != 0 && spec.hashes != 8)
            throwInvalidArgument(
                "the blocked (Parquet split-block) filter always sets 8 bits per key; got k = " +
                std::to_string(spec.hashes));
        if (spec.seed != 0)
            throwInvalidArgument("the blocked (Parquet split-block) filter always hashes with XXH64 seed 0; got "
                    "seed " +
                    std::to_string(spec.seed));
    }
    if (spec.type == FilterType::Cuckoo) {
        if (spec.fingerprintBits != 0 && spec.fingerprintBits != 8 && spec.fingerprintBits != 12 &&
            spec.fingerprintBits != 16)
            throwInvalidArgument("cuckoo fingerprints are 8, 12 or 16 bits; got " +
                    std::to_string(spec.fingerprintBits));
        if (spec.maxKicks == 0 || spec.maxKicks > kMaxCuckooKicks)
            throwInvalidArgument("cuckoo max kicks must be in [1, " + std::to_string(kMaxCuckooKicks) +
                    "]; got " + std::to_string(spec.maxKicks));
        if (spec.hashes != 0)
            throwInvalidArgument("the cuckoo filter has no k; choose the fingerprint size (8, 12 or 16 bits) "
                    "instead");
        if (spec.cuckooLayout != CuckooLayout::Spread && spec.cuckooLayout != CuckooLayout::Local)
            throwInvalidArgument("the cuckoo layout must be spread or local; got " +
                                 std::to_string(static_cast<int>(spec.cuckooLayout)));
        if (spec.cuckooLayout == CuckooLayout::Local && spec.growthPolicy.action == GrowthAction::Tier)
            throwInvalidArgument("the local cuckoo layout is for a single table; a tiered cuckoo filter's tiers use the "
                                 "spread layout: choose the reject or rebuild growth policy, or the spread layout");
    } else if (spec.fingerprintBits != 0) {
        throwInvalidArgument("fingerprint bits only apply to the cuckoo filter");
    } else if (spec.cuckooLayout != CuckooLayout::Spread) {
        throwInvalidArgument("the cuckoo layout only applies to the cuckoo filter");
    }
    validateGrowth(spec);
    if (spec.type == FilterType::Scalable) {
        if (!(spec.growth >= 1.0 && spec.growth <= 16.0))
            throwInvalidArgument("scalable growth s must be in [1, 16]; got " + numberText(spec.growth, 6));
        if (!(spec.tightening > 0.0 && spec.tightening < 1.0))
            throwInvalidArgument("scalable tightening ratio r must be in (0, 1); got " + numberText(spec.tightening, 6));
        if (spec.maxLayers == 0 || spec.maxLayers > 64)
            throwInvalidArgument("scalable layer limit must be in [1, 64]; got " +
                    std::to_string(spec.maxLayers));
        if (spec.hashes != 0) throwInvalidArgument("the scalable filter chooses k per layer; do not give k");
    }
}

// The limits the filters' constructors enforce, checked here (with their messages) so that a
// plan is refused before anything is allocated.

void requireTarget(double target) {
    if (target != 0.0 && !(target > 0.0 && target < 1.0))
        throwInvalidArgument("target p must be in (0, 1), or 0 when unknown; got " + numberText(target, 10));
}

void requireClassicGeometry(std::uint64_t bits, std::uint32_t hashes, double target) {
    if (bits > BloomFilter::kMaxBits)
        throwInvalidArgument("m = " + std::to_string(bits) +
                " bits is above the supported maximum of 2^40 bits (128 GiB); raise p or split the set");
    if (hashes < 1 || hashes > BloomFilter::kMaxHashes)
        throwInvalidArgument("k (hash functions) must be in [1, 64]; got " + std::to_string(hashes));
    requireTarget(target);
}

/// k in [1, 16] minimising the counting filter's blocked FPR at n items (ties: smaller k).
std::uint32_t bestCountingHashes(std::uint64_t n, std::uint64_t lines) {
    std::uint32_t best = 1;
    double bestFpr = 2.0;
    for (std::uint32_t k = 1; k <= 16; ++k) {
        const double fpr =
            math::blockedFprGeneric(double(n), lines, CountingBloomFilter::kCountersPerLine, k);
        if (fpr < bestFpr) {
            bestFpr = fpr;
            best = k;
        }
    }
    return best;
}

/// Smallest line count whose counting FPR with k hashes at n items is <= p.
std::uint64_t countingLinesFor(std::uint64_t n, double p, std::uint32_t k) {
    auto fprAt = [&](std::uint64_t lines) {
        return math::blockedFprGeneric(double(n), lines, CountingBloomFilter::kCountersPerLine, k);
    };
    std::uint64_t high = 1;
    while (fprAt(high) > p) {
        if (high > (std::uint64_t{1} << 40))
            throwInvalidArgument("a counting filter with k = " + std::to_string(k) +
                    " cannot reach p = " + numberText(p, 6) + " for n = " + std::to_string(n) +
                    "; choose another k or let it be optimal");
        high *= 2;
    }
    std::uint64_t low = high / 2; // fprAt(low) > p, or low == 0
    while (high - low > 1) {
        const std::uint64_t mid = low + (high - low) / 2;
        if (fprAt(mid) <= p)
            high = mid;
        else
            low = mid;
    }
    return high;
}

/// Bytes of a classic filter of `bits` bits: whole 64-bit words.
std::uint64_t classicBytes(std::uint64_t bits) {
    return ceilDiv(bits, 64) * 8;
}

void planClassic(FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    const double n = double(spec.capacity);
    if (spec.bits == 0) {
        math::BloomSizing sizing;
        if (spec.hashes == 0) {
            sizing = math::optimalClassic(spec.capacity, spec.fpr);
            if (sizing.hashes > BloomFilter::kMaxHashes) {
                sizing.hashes = BloomFilter::kMaxHashes;
                sizing.bits = math::classicBitsForFixedK(n, spec.fpr, BloomFilter::kMaxHashes);
            }
        } else {
            sizing = {math::classicBitsForFixedK(n, spec.fpr, spec.hashes), spec.hashes};
        }
        plan.bits = sizing.bits;
        plan.hashes = sizing.hashes;
        plan.targetFpr = spec.fpr;
    } else {
        plan.bits = spec.bits;
        plan.hashes = spec.hashes != 0 ? spec.hashes : math::optimalHashes(double(spec.bits), n);
        plan.targetFpr = math::classicFpr(n, double(spec.bits), plan.hashes);
    }
    requireUsefulFpr(spec, math::classicFpr(n, double(plan.bits), plan.hashes));
    requireClassicGeometry(plan.bits, plan.hashes, plan.targetFpr);
    plan.cells = plan.bits;
    plan.bytes = classicBytes(plan.bits);
}

void planBlocked(FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    const double n = double(spec.capacity);
    if (spec.bits == 0) {
        plan.blocks = math::blockedBlocksFor(spec.capacity, spec.fpr);
        plan.targetFpr = spec.fpr;
    } else {
        plan.blocks = ceilDiv(spec.bits, 256);
        if (plan.blocks > BlockedBloomFilter::kMaxBlocks)
            throwInvalidArgument("a blocked filter has at most 2^32 blocks (2^40 bits); got m = " +
                    std::to_string(spec.bits));
        plan.targetFpr = math::blockedFpr(n, plan.blocks);
    }
    requireUsefulFpr(spec, math::blockedFpr(n, plan.blocks));
    requireTarget(plan.targetFpr);
    plan.bits = plan.cells = plan.blocks * 256;
    plan.hashes = BlockedBloomFilter::kWordsPerBlock;
    plan.bytes = plan.blocks * BlockedBloomFilter::kBytesPerBlock;
}

void planCounting(FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    const std::uint64_t n = spec.capacity;
    constexpr unsigned kCells = CountingBloomFilter::kCountersPerLine;
    if (spec.bits == 0 && spec.hashes == 0) {
        const CountingBloomFilter::Geometry g = CountingBloomFilter::geometryFor(n, spec.fpr);
        plan.lines = g.lines;
        plan.hashes = g.hashes;
        plan.targetFpr = spec.fpr;
    } else {
        plan.lines = spec.bits != 0
                         ? ceilDiv(spec.bits, std::uint64_t{CountingBloomFilter::kBytesPerLine} * 8)
                         : countingLinesFor(n, spec.fpr, spec.hashes);
        plan.hashes = spec.hashes != 0 ? spec.hashes : bestCountingHashes(n, plan.lines);
        plan.targetFpr = spec.bits != 0
                             ? math::blockedFprGeneric(double(n), plan.lines, kCells, plan.hashes)
                             : spec.fpr;
        if (plan.lines * kCells > (std::uint64_t{1} << 59))
            throwInvalidArgument("the number of counters must be at most 2^59; got " +
                    std::to_string(plan.lines * kCells));
        requireUsefulFpr(spec, CountingBloomFilter::expectedFpr(double(n), plan.lines, plan.hashes));
        if (!(plan.targetFpr >= 0.0 && plan.targetFpr < 1.0))
            throwInvalidArgument("target FPR must be in [0, 1) (0 = unknown); got " + numberText(plan.targetFpr, 10));
    }
    plan.cells = plan.lines * kCells;
    plan.bits = plan.cells * 4;
    plan.bytes = plan.lines * CountingBloomFilter::kBytesPerLine;
}

void planScalable(FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    const std::uint64_t n = spec.capacity;
    ScalableBloomFilter::Params& params = plan.scalable;
    params.initialCapacity = n;
    params.growth = spec.growth;
    params.tightening = spec.tightening;
    params.maxLayers = spec.maxLayers;
    params.seed = spec.seed;
    if (spec.bits != 0) {
        // First layer of about `bits` bits at n items: p0 = its classic FPR with optimal k;
        // the compounded target is p0 / (1 - r).
        const std::uint32_t k = math::optimalHashes(double(spec.bits), double(n));
        const double p0 = math::classicFpr(double(n), double(spec.bits), k);
        requireUsefulFpr(spec, p0);
        params.targetFpr = p0 / (1.0 - spec.tightening);
        if (!(params.targetFpr > 0.0 && params.targetFpr < 1.0))
            throwInvalidArgument("m = " + std::to_string(spec.bits) +
                    " bits is too small for a first layer of n = " + std::to_string(n) +
                    " items (its FPR " + numberText(p0, 6) + " / (1 - r) is not below 1)");
    } else {
        params.targetFpr = spec.fpr;
    }
    const ScalableBloomFilter::Layer first = ScalableBloomFilter::layerFor(params, 0);
    requireClassicGeometry(first.bits, first.hashes, first.fpr);
    plan.bits = plan.cells = first.bits;
    plan.hashes = first.hashes;
    plan.layers = 1;
    plan.bytes = classicBytes(first.bits);
    plan.targetFpr = params.targetFpr;
}

/// Cuckoo with the tier policy: tier 0 of the tier rule (TieredCuckooFilter::tierFor).
void planTieredCuckoo(FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    TieredCuckooFilter::Params& params = plan.tiered;
    params.initialCapacity = spec.capacity;
    params.targetFpr = spec.fpr;
    params.growth = spec.growthPolicy.growth;
    params.tightening = spec.tierTightening;
    params.maxTiers = spec.maxTiers;
    params.maxLoad = spec.growthPolicy.thresholds.fill != 0.0 ? spec.growthPolicy.thresholds.fill
                                                              : math::kCuckooDesignLoad;
    params.seed = spec.seed;
    params.maxKicks = spec.maxKicks;
    const TieredCuckooFilter::TierGeometry first = TieredCuckooFilter::tierFor(params, 0);
    if (first.buckets > CuckooFilter<8>::kMaxBuckets)
        throwInvalidArgument("the cuckoo bucket count must be in [1, 2^40]; got " + std::to_string(first.buckets));
    plan.buckets = first.buckets;
    plan.fingerprintBits = first.fingerprintBits;
    plan.cells = plan.buckets * kCuckooSlots;
    plan.bits = plan.cells * plan.fingerprintBits;
    plan.bytes = plan.bits / 8;
    plan.layers = 1;
    plan.targetFpr = spec.fpr;  // the compounded bound, as the filter's stats report it
}

void planCuckoo(FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    if (spec.growthPolicy.action == GrowthAction::Tier) return planTieredCuckoo(plan);
    const std::uint64_t n = spec.capacity;
    unsigned f = spec.fingerprintBits;
    if (spec.bits == 0) {
        if (f == 0) f = math::cuckooFingerprintBitsFor(spec.fpr, kCuckooSlots, math::kCuckooDesignLoad);
        plan.buckets = math::cuckooBucketsFor(n, kCuckooSlots, math::kCuckooDesignLoad);
    } else {
        auto bucketsFor = [&](unsigned bits) {
            return std::max<std::uint64_t>(1, ceilDiv(spec.bits, std::uint64_t{kCuckooSlots} * bits));
        };
        if (f == 0) {
            f = 8;
            for (unsigned candidate : {16u, 12u}) {
                if (double(n) <= math::kCuckooDesignLoad * kCuckooSlots * double(bucketsFor(candidate))) {
                    f = candidate;
                    break;
                }
            }
        }
        plan.buckets = bucketsFor(f);
    }
    if (plan.buckets > CuckooFilter<8>::kMaxBuckets)
        throwInvalidArgument("the cuckoo bucket count must be in [1, 2^40]; got " + std::to_string(plan.buckets));
    plan.fingerprintBits = f;
    plan.cells = plan.buckets * kCuckooSlots;
    plan.bits = plan.cells * f;
    plan.bytes = plan.bits / 8;  // 4 f bits per bucket: a whole number of bytes for f = 8, 12, 16
    // The design FPR, as the filter's stats report it: the table holding its capacity.
    plan.targetFpr = math::cuckooFpr(f, kCuckooSlots, std::min(1.0, double(n) / double(plan.cells)));
}

/// Compounded FPR of a scalable filter after `items` inserts: layer i holds n_i items (the
/// newest what is left); a key is a false positive if any layer says maybe, and the layers hold
/// different keys, so their answers are independent.
double scalableFprAt(const ScalableBloomFilter::Params& params, double items) {
    double remaining = items;
    std::vector<double> layerFprs;
    for (std::uint32_t i = 0; i < params.maxLayers && remaining > 0; ++i) {
        ScalableBloomFilter::Layer layer;
        try {
            layer = ScalableBloomFilter::layerFor(params, i);
        } catch (const std::invalid_argument&) {
            break;  // the filter cannot add this layer either
        }
        const double here = std::min(remaining, double(layer.capacity));
        layerFprs.push_back(math::classicFpr(here, double(layer.bits), layer.hashes));
        remaining -= here;
    }
    return math::anyOfIndependent(layerFprs);
}

/// Compounded FPR of a tiered cuckoo filter after `items` inserts: tier i holds n_i items (the
/// newest what is left, up to its slots at the tier limit); independent tiers, as above.
double tieredFprAt(const TieredCuckooFilter::Params& params, double items) {
    double remaining = items;
    std::vector<double> tierFprs;
    for (std::uint32_t i = 0; i < params.maxTiers && remaining > 0; ++i) {
        TieredCuckooFilter::TierGeometry tier;
        try {
            tier = TieredCuckooFilter::tierFor(params, i);
        } catch (const std::invalid_argument&) {
            break;
        }
        const double slots = double(tier.buckets) * kCuckooSlots;
        const double here = std::min(remaining, i + 1 == params.maxTiers ? slots : double(tier.capacity));
        tierFprs.push_back(math::cuckooFpr(tier.fingerprintBits, kCuckooSlots, std::min(1.0, here / slots)));
        remaining -= here;
    }
    return math::anyOfIndependent(tierFprs);
}

double cuckooFprAt(unsigned f, std::uint64_t buckets, double items) {
    const double slots = double(buckets) * kCuckooSlots;
    return math::cuckooFpr(f, kCuckooSlots, std::min(1.0, items / slots));
}

} // namespace

FilterPlan planFilter(const FilterSpec& spec) {
    return planChecked(spec);
}

namespace {

FilterPlan planChecked(const FilterSpec& spec) {
    validate(spec);
    FilterPlan plan;
    plan.spec = spec;
    switch (spec.type) {
    case FilterType::Classic: planClassic(plan); break;
    case FilterType::Blocked: planBlocked(plan); break;
    case FilterType::Counting: planCounting(plan); break;
    case FilterType::Scalable: planScalable(plan); break;
    case FilterType::Cuckoo: planCuckoo(plan); break;
    }
    const double n = double(spec.capacity);
    plan.bitsPerItem = 8.0 * double(plan.bytes) / n;
    plan.expectedFpr = plan.expectedFprAt(n);
    requireUsefulFpr(spec, plan.expectedFpr);
    return plan;
}

} // namespace

double FilterPlan::expectedFprAt(double items) const {
    if (!(items > 0.0)) return 0.0;
    switch (spec.type) {
    case FilterType::Classic:
        return math::classicFpr(items, double(bits), hashes);
    case FilterType::Blocked:
        return math::blockedFpr(items, blocks);
    case FilterType::Counting:
        return CountingBloomFilter::expectedFpr(items, lines, hashes);
    case FilterType::Scalable:
        return scalableFprAt(scalable, items);
    case FilterType::Cuckoo:
        if (spec.growthPolicy.action == GrowthAction::Tier) return tieredFprAt(tiered, items);
        return cuckooFprAt(fingerprintBits, buckets, items);
    }
    return 0.0;
}

std::uint64_t grownCapacity(const GrowthPolicy& policy, std::uint64_t capacity, std::uint64_t items) {
    const double grown = std::ceil(policy.growth * double(std::max(capacity, items)));
    if (!(grown <= double(std::uint64_t{1} << 62)))
        throwInvalidArgument("a rebuild x" + numberText(policy.growth, 4) + " of a filter for " + std::to_string(capacity) +
                             " items would need a capacity above 2^62");
    return std::max<std::uint64_t>(static_cast<std::uint64_t>(grown), capacity + 1);
}

FilterSpec specForCapacity(FilterSpec spec, std::uint64_t capacity) {
    if (spec.bits != 0 && spec.capacity != 0)
        spec.bits = static_cast<std::uint64_t>(
            std::ceil(double(spec.bits) * double(capacity) / double(spec.capacity)));
    spec.capacity = capacity;
    return spec;
}

FilterSpec rebuildSpecOf(const AnyFilter& filter) {
    FilterSpec spec;
    spec.type = filter.type();
    const std::string type(filterTypeName(spec.type));
    if (filter.tiered() != nullptr || spec.type == FilterType::Scalable)
        throwInvalidArgument("the " + std::string(filter.tiered() ? "tiered cuckoo" : "scalable") +
                             " filter grows by " + (filter.tiered() ? "tiers" : "layers") + "; it is not rebuilt");
    const FilterStats stats = filter.stats();
    spec.capacity = stats.capacity;
    spec.fpr = stats.targetFpr;
    if (spec.capacity == 0 || !(spec.fpr > 0.0 && spec.fpr < 1.0))
        throwInvalidArgument("this " + type + " filter records no design capacity or target FPR (an imported "
                             "bitset?), so a rebuild does not know what to build; build it again with -n and -p");
    std::visit(
        [&spec](const auto& f) {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, BloomFilter> || std::is_same_v<T, CountingBloomFilter>) {
                spec.seed = f.seed();
            } else if constexpr (requires { f.maxKicks(); T::kFingerprintBits; }) {
                spec.seed = f.seed();
                spec.fingerprintBits = T::kFingerprintBits;
                spec.maxKicks = f.maxKicks();
                spec.cuckooLayout = f.layout();
            }
        },
        filter.variant());
    spec.growthPolicy = filter.growthPolicy();
    return spec;
}

double expectedFprAt(const AnyFilter& filter, double items) {
    if (!(items > 0.0)) return 0.0;
    return std::visit(
        [items](const auto& f) -> double {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, BloomFilter>) {
                return math::classicFpr(items, double(f.numBits()), f.numHashes());
            } else if constexpr (std::is_same_v<T, BlockedBloomFilter>) {
                return math::blockedFpr(items, f.numBlocks());
            } else if constexpr (std::is_same_v<T, CountingBloomFilter>) {
                return f.expectedFprAt(items);
            } else if constexpr (std::is_same_v<T, ScalableBloomFilter>) {
                return scalableFprAt(f.params(), items);
            } else if constexpr (std::is_same_v<T, TieredCuckooFilter>) {
                return tieredFprAt(f.params(), items);
            } else {
                return cuckooFprAt(T::kFingerprintBits, f.numBuckets(), items);
            }
        },
        filter.variant());
}

} // namespace bloomlab
