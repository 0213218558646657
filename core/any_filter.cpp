// AnyFilter: construction from a FilterPlan (planFilter in filter_plan.h holds the sizing rules
// of every type), the std::visit forwarding of the filter API, and the set operations.
#include "core/any_filter.h"

#include "core/filter_math.h"
#include "core/filter_plan.h"
#include "core/parse_units.h"

#include "core/errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace bloomlab {

namespace {

template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

template <class F>
inline constexpr bool kIsTiered = std::is_same_v<F, TieredCuckooFilter>;

template <class F>
inline constexpr bool kIsCuckoo =
    std::is_same_v<F, CuckooFilter<8>> || std::is_same_v<F, CuckooFilter<12>> ||
    std::is_same_v<F, CuckooFilter<16>>;

template <unsigned F> AnyFilter makeCuckoo(std::uint64_t buckets, const FilterSpec& spec) {
    return AnyFilter(CuckooFilter<F>(buckets, spec.capacity, spec.seed, spec.maxKicks, spec.cuckooLayout));
}

AnyFilter withPolicy(AnyFilter filter, const FilterSpec& spec) {
    filter.setGrowthPolicy(spec.growthPolicy);
    return filter;
}

AnyFilter makeCuckoo(unsigned f, std::uint64_t buckets, const FilterSpec& spec) {
    switch (f) {
    case 8:
        return makeCuckoo<8>(buckets, spec);
    case 12:
        return makeCuckoo<12>(buckets, spec);
    case 16:
        return makeCuckoo<16>(buckets, spec);
    default:
        throw std::invalid_argument("cuckoo fingerprints are 8, 12 or 16 bits; got " +
                                    std::to_string(f));
    }
}

} // namespace

std::string_view filterTypeName(FilterType type) noexcept {
    switch (type) {
    case FilterType::Classic:
        return "classic";
    case FilterType::Blocked:
        return "blocked";
    case FilterType::Counting:
        return "counting";
    case FilterType::Scalable:
        return "scalable";
    case FilterType::Cuckoo:
        return "cuckoo";
    }
    return {};
}

std::optional<FilterType> parseFilterType(std::string_view name) noexcept {
    for (FilterType type : {FilterType::Classic, FilterType::Blocked, FilterType::Counting,
                            FilterType::Scalable, FilterType::Cuckoo}) {
        if (filterTypeName(type) == name) return type;
    }
    return std::nullopt;
}

AnyFilter AnyFilter::create(const FilterSpec& spec) {
    return fromPlan(planFilter(spec));
}

AnyFilter AnyFilter::fromPlan(const FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    const std::uint64_t n = spec.capacity;
    switch (spec.type) {
    case FilterType::Classic:
        return withPolicy(AnyFilter(BloomFilter(plan.bits, plan.hashes, n, plan.targetFpr, spec.seed)), spec);
    case FilterType::Blocked:
        return withPolicy(AnyFilter(BlockedBloomFilter(plan.blocks, n, plan.targetFpr)), spec);
    case FilterType::Counting:
        return withPolicy(AnyFilter(CountingBloomFilter(plan.cells, plan.hashes, n, plan.targetFpr, spec.seed)),
                          spec);
    case FilterType::Scalable:
        return AnyFilter(ScalableBloomFilter(plan.scalable));  // its layers are its growth policy
    case FilterType::Cuckoo:
        if (spec.growthPolicy.action == GrowthAction::Tier) return AnyFilter(TieredCuckooFilter(plan.tiered));
        return withPolicy(makeCuckoo(plan.fingerprintBits, plan.buckets, spec), spec);
    }
    throw std::invalid_argument("unknown filter type " + std::to_string(int(spec.type)));
}

GrowthPolicy AnyFilter::naturalPolicy() const {
    GrowthPolicy policy;
    if (const auto* tiered = as<TieredCuckooFilter>()) {
        policy.action = GrowthAction::Tier;
        policy.growth = tiered->params().growth;
        policy.thresholds.fill = tiered->params().maxLoad;
    } else if (const auto* scalable = as<ScalableBloomFilter>()) {
        policy.action = GrowthAction::Tier;
        policy.growth = scalable->params().growth;
    }
    return policy;
}

void AnyFilter::setGrowthPolicy(const GrowthPolicy& policy) {
    const FilterType t = type();
    const std::string name(filterTypeName(t));
    validateGrowthPolicy(policy);
    const GrowthPolicy natural = naturalPolicy();
    if (natural.action == GrowthAction::Tier) {
        // Tiered cuckoo and scalable grow by their own tiers / layers, fixed when they are built.
        if (policy.action == GrowthAction::Tier) return;
        throw std::invalid_argument("the " + std::string(as<TieredCuckooFilter>() ? "tiered cuckoo" : "scalable") +
                                    " filter grows by " + (as<TieredCuckooFilter>() ? "tiers" : "layers") +
                                    "; its growth policy is tier, not " + std::string(growthActionName(policy.action)));
    }
    if (policy.action == GrowthAction::Tier)
        throw std::invalid_argument("the tier growth policy applies to the cuckoo filter (a new table per tier) and "
                                    "the scalable filter (its layers); a " + name +
                                    " filter can reject or rebuild");
    m_policy = policy;
}

GrowthTrigger AnyFilter::rebuildTrigger() const {
    if (m_policy.action != GrowthAction::Rebuild) return GrowthTrigger::None;
    GrowthMonitor monitor(m_policy.thresholds);
    return monitor.observe(stats());
}

void AnyFilter::unionWith(const AnyFilter& other) {
    combineWith(other, true);
}

void AnyFilter::intersectWith(const AnyFilter& other) {
    combineWith(other, false);
}

namespace {

/// The item count after a union. The larger input's count is exact; what the other adds is
/// estimated from the fill: Swamidass & Baldi's estimate for the OR (FilterStats::estimatedItems)
/// minus the same estimate for the larger input. The result is kept within what a union of two
/// sets can hold: at least the larger count, at most the sum (a key in both is one key). A
/// filter united with itself keeps its count exactly (the OR adds no bit); the sum alone would
/// count it twice and call it overfilled.
std::uint64_t unionItems(std::uint64_t a, double estimatedA, std::uint64_t b, double estimatedB,
                         double estimatedUnion) {
    const std::uint64_t low = std::max(a, b);
    const std::uint64_t high = a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max() : a + b;
    const double added = estimatedUnion - (a >= b ? estimatedA : estimatedB);
    if (!std::isfinite(added) || static_cast<double>(low) + added >= static_cast<double>(high)) return high;
    if (!(added > 0.0)) return low;
    return std::min(high, low + static_cast<std::uint64_t>(std::llround(added)));
}

} // namespace

void AnyFilter::combineWith(const AnyFilter& other, bool isUnion) {
    if (auto* classic = as<BloomFilter>(); classic && other.as<BloomFilter>()) {
        const BloomFilter& b = *other.as<BloomFilter>();
        const std::uint64_t before = classic->itemCount();
        const double estimatedBefore = isUnion ? classic->stats().estimatedItems : 0.0;
        isUnion ? classic->unionWith(b) : classic->intersectWith(b);
        if (isUnion) {
            const std::uint64_t items = unionItems(before, estimatedBefore, b.itemCount(), b.stats().estimatedItems,
                                                   classic->stats().estimatedItems);
            const auto words = classic->words();
            *classic = BloomFilter::fromWords(classic->numBits(), classic->numHashes(), classic->capacity(),
                                              classic->targetFpr(), classic->seed(), items,
                                              FilterArray<std::uint64_t>(words.begin(), words.end()));
        }
    } else if (auto* blocked = as<BlockedBloomFilter>(); blocked && other.as<BlockedBloomFilter>()) {
        const BlockedBloomFilter& b = *other.as<BlockedBloomFilter>();
        const std::uint64_t before = blocked->itemCount();
        const double estimatedBefore = isUnion ? blocked->stats().estimatedItems : 0.0;
        isUnion ? blocked->unionWith(b) : blocked->intersectWith(b);
        if (isUnion) {
            const std::uint64_t items = unionItems(before, estimatedBefore, b.itemCount(), b.stats().estimatedItems,
                                                   blocked->stats().estimatedItems);
            *blocked = BlockedBloomFilter::fromBitset(blocked->bitsetBytes(), blocked->capacity(),
                                                      blocked->targetFpr(), items);
        }
    } else {
        throw std::invalid_argument(std::string(isUnion ? "union" : "intersection") +
                " needs two classic or two blocked filters (bitwise OR / AND of the same "
                "geometry); got " +
                std::string(filterTypeName(type())) + " and " +
                std::string(filterTypeName(other.type())));
    }
}

FilterType AnyFilter::type() const noexcept {
    return std::visit(Overloaded{[](const BloomFilter&) { return FilterType::Classic; },
                                 [](const BlockedBloomFilter&) { return FilterType::Blocked; },
                                 [](const CountingBloomFilter&) { return FilterType::Counting; },
                                 [](const ScalableBloomFilter&) { return FilterType::Scalable; },
                                 [](const auto&) { return FilterType::Cuckoo; }},
                      m_impl);
}

bool AnyFilter::insert(std::string_view key) {
    return std::visit([key](auto& f) { return f.insert(key); }, m_impl);
}

void AnyFilter::setWriters(Writers writers) noexcept {
    std::visit(
        [writers](auto& f) {
            if constexpr (requires { f.setWriters(writers); }) f.setWriters(writers);
        },
        m_impl);
}

bool AnyFilter::mightContain(std::string_view key) const {
    return std::visit([key](const auto& f) { return f.mightContain(key); }, m_impl);
}

bool AnyFilter::supportsErase() const noexcept {
    return std::visit([](const auto& f) { return DeletableFilter<std::decay_t<decltype(f)>>; },
                      m_impl);
}

bool AnyFilter::erase(std::string_view key) {
    return std::visit(
        [this, key](auto& f) -> bool {
            using F = std::decay_t<decltype(f)>;
            if constexpr (DeletableFilter<F>) {
                return f.erase(key);
            } else {
                throw std::logic_error(
                    "the " + std::string(filterTypeName(type())) +
                    " filter cannot delete keys (clearing bits would create false "
                    "negatives); use a counting or cuckoo filter");
            }
        },
        m_impl);
}

FilterStats AnyFilter::stats() const {
    FilterStats s = std::visit([](const auto& f) { return f.stats(); }, m_impl);
    s.growthAction = static_cast<std::uint8_t>(m_policy.action);
    s.tiers = as<TieredCuckooFilter>() ? s.layers : 0;
    s.rebuilds = m_rebuilds;
    return s;
}

std::uint64_t AnyFilter::sizeInBits() const {
    return std::visit(Overloaded{[](const BloomFilter& f) { return f.numBits(); },
                                 [](const BlockedBloomFilter& f) { return f.numBits(); },
                                 [](const CountingBloomFilter& f) { return f.numCounters() * 4; },
                                 [](const ScalableBloomFilter& f) {
                                     std::uint64_t bits = 0;
                                     for (const BloomFilter& layer : f.layers())
                                         bits += layer.numBits();
                                     return bits;
                                 },
                                 [](const TieredCuckooFilter& f) {
                                     std::uint64_t bits = 0;
                                     for (const auto& tier : f.tierStats()) bits += tier.bytes * 8;
                                     return bits;
                                 },
                                 [](const auto& f) {
                                     using F = std::decay_t<decltype(f)>;
                                     return f.numBuckets() * F::kSlotsPerBucket *
                                            F::kFingerprintBits;
                                 }},
                      m_impl);
}

std::uint32_t AnyFilter::hashCount() const {
    return std::visit(
        Overloaded{[](const BloomFilter& f) { return f.numHashes(); },
                   [](const BlockedBloomFilter&) { return std::uint32_t{8}; },
                   [](const CountingBloomFilter& f) { return f.numHashes(); },
                   [](const ScalableBloomFilter& f) {
                       return f.layers().empty() ? std::uint32_t{0} : f.layers().back().numHashes();
                   },
                   [](const TieredCuckooFilter& f) {
                       return std::uint32_t{f.tierStats().back().geometry.fingerprintBits};
                   },
                   [](const auto& f) {
                       return std::uint32_t{std::decay_t<decltype(f)>::kFingerprintBits};
                   }},
        m_impl);
}

unsigned AnyFilter::fingerprintBits() const noexcept {
    return std::visit(
        [](const auto& f) -> unsigned {
            using F = std::decay_t<decltype(f)>;
            if constexpr (kIsCuckoo<F>)
                return F::kFingerprintBits;
            else if constexpr (kIsTiered<F>)
                return TieredCuckooFilter::tierFor(f.params(), f.tierCount() - 1).fingerprintBits;
            else
                return 0;
        },
        m_impl);
}

CuckooLayout AnyFilter::cuckooLayout() const noexcept {
    return std::visit(
        [](const auto& f) -> CuckooLayout {
            using F = std::decay_t<decltype(f)>;
            if constexpr (kIsCuckoo<F>)
                return f.layout();
            else
                return CuckooLayout::Spread;
        },
        m_impl);
}

std::string AnyFilter::describe() const {
    std::ostringstream out;
    auto line = [&out](const std::string& key, const std::string& value) {
        out << key << ": " << value << "\n";
    };
    auto bits = [](std::uint64_t b) {
        return std::to_string(b) + " bits (" + formatBytes(double(b) / 8.0) + ")";
    };
    auto target = [](double p) { return p > 0.0 ? numberText(p, 6) : std::string("unknown"); };
    auto capacity = [](std::uint64_t c) {
        return c > 0 ? std::to_string(c) : std::string("unknown");
    };
    std::visit(
        Overloaded{
            [&](const BloomFilter& f) {
                line("type", "classic Bloom filter");
                line("capacity (n)", capacity(f.capacity()));
                line("target FPR (p)", target(f.targetFpr()));
                line("bits (m)", bits(f.numBits()));
                line("hash functions (k)", std::to_string(f.numHashes()));
                line("hash", "XXH3-128, seed " + std::to_string(f.seed()) +
                                 ", Kirsch-Mitzenmacher double hashing");
            },
            [&](const BlockedBloomFilter& f) {
                line("type", "blocked Bloom filter (Parquet split-block)");
                line("capacity (n)", capacity(f.capacity()));
                line("target FPR (p)", target(f.targetFpr()));
                line("blocks", std::to_string(f.numBlocks()) + " x 256 bits");
                line("bits (m)", bits(f.numBits()));
                line("bits set per key", "8 (one per 32-bit word)");
                line("hash", "XXH64, seed 0 (Parquet)");
                line("SIMD", BlockedBloomFilter::usingAvx2() ? "AVX2" : "portable");
            },
            [&](const CountingBloomFilter& f) {
                line("type", "counting Bloom filter (4-bit counters, 64-byte lines)");
                line("capacity (n)", capacity(f.capacity()));
                line("target FPR (p)", target(f.targetFpr()));
                line("counters", std::to_string(f.numCounters()) + " in " +
                                     std::to_string(f.numLines()) + " lines of 128");
                line("memory", bits(f.numCounters() * 4));
                line("hash functions (k)", std::to_string(f.numHashes()));
                line("hash", "XXH3-128, seed " + std::to_string(f.seed()));
            },
            [&](const ScalableBloomFilter& f) {
                const auto& p = f.params();
                line("type", "scalable Bloom filter (layers of classic filters)");
                line("initial capacity (n0)", std::to_string(p.initialCapacity));
                line("target FPR (compounded bound)", numberText(p.targetFpr, 6));
                line("first layer FPR (p (1 - r))", numberText(f.firstLayerFpr(), 6));
                line("growth (s)", numberText(p.growth, 6));
                line("tightening (r)", numberText(p.tightening, 6));
                line("layer limit", std::to_string(p.maxLayers));
                line("layers", std::to_string(f.layers().size()));
                for (std::size_t i = 0; i < f.layers().size(); ++i) {
                    const BloomFilter& layer = f.layers()[i];
                    line("  layer " + std::to_string(i),
                         "n=" + std::to_string(layer.capacity()) + " p=" + numberText(layer.targetFpr(), 6) +
                             " m=" + std::to_string(layer.numBits()) +
                             " k=" + std::to_string(layer.numHashes()) +
                             " items=" + std::to_string(layer.itemCount()));
                }
                line("hash",
                     "XXH3-128, seed " + std::to_string(p.seed) + " (shared by all layers)");
            },
            [&](const TieredCuckooFilter& f) {
                const auto& p = f.params();
                line("type", "tiered cuckoo filter (a table added per tier)");
                line("initial capacity (n0)", std::to_string(p.initialCapacity));
                line("target FPR (compounded bound)", numberText(p.targetFpr, 6));
                line("growth (s)", numberText(p.growth, 6));
                line("tightening (r)", numberText(p.tightening, 6));
                line("tier load", numberText(p.maxLoad, 6));
                line("tier limit", std::to_string(p.maxTiers));
                line("max kicks", std::to_string(p.maxKicks));
                line("tiers", std::to_string(f.tierCount()));
                const auto tiers = f.tierStats();
                for (std::size_t i = 0; i < tiers.size(); ++i) {
                    const auto& t = tiers[i];
                    line("  tier " + std::to_string(i),
                         "n=" + std::to_string(t.geometry.capacity) + " p=" + numberText(t.geometry.fprBudget, 6) +
                             " f=" + std::to_string(t.geometry.fingerprintBits) +
                             " buckets=" + std::to_string(t.geometry.buckets) +
                             " items=" + std::to_string(t.items) + " load=" + numberText(t.load, 4));
                }
                line("compounded FPR bound", numberText(f.compoundedFprBound(), 6));
                line("hash", "XXH3-128, tier i seed " + std::to_string(p.seed) + " + i x golden gamma");
            },
            [&](const auto& f) {
                using F = std::decay_t<decltype(f)>;
                line("type", "cuckoo filter (partial-key cuckoo hashing)");
                line("capacity (n)", capacity(f.capacity()));
                line("buckets", std::to_string(f.numBuckets()) + " x " +
                                    std::to_string(F::kSlotsPerBucket) + " slots");
                line("fingerprint bits (f)", std::to_string(F::kFingerprintBits));
                line("layout", f.layout() == CuckooLayout::Local
                                   ? "local (alternate bucket in a nearby block chosen by the fingerprint)"
                                   : "spread (alternate bucket anywhere in the table)");
                line("table", bits(f.numBuckets() * F::kSlotsPerBucket * F::kFingerprintBits));
                line("max kicks", std::to_string(f.maxKicks()));
                line("FPR upper bound (full table)",
                     numberText(math::cuckooFprUpperBound(F::kFingerprintBits, F::kSlotsPerBucket)));
                line("hash", "XXH3-128, seed " + std::to_string(f.seed()));
            }},
        m_impl);
    line("growth policy", describeGrowthPolicy(m_policy));
    if (m_policy.action == GrowthAction::Rebuild) line("rebuilds", std::to_string(m_rebuilds));
    return out.str();
}

bool SynchronizedFilter::insert(std::string_view key) {
    std::unique_lock lock(m_mutex);
    return m_filter.insert(key);
}

bool SynchronizedFilter::mightContain(std::string_view key) const {
    std::shared_lock lock(m_mutex);
    return m_filter.mightContain(key);
}

bool SynchronizedFilter::erase(std::string_view key) {
    std::unique_lock lock(m_mutex);
    return m_filter.erase(key);
}

FilterStats SynchronizedFilter::stats() const {
    std::shared_lock lock(m_mutex);
    return m_filter.stats();
}

} // namespace bloomlab
