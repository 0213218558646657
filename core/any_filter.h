// AnyFilter — a small value-type wrapper over every filter type (std::variant, no virtuals),
// for the CLI, the GUI, persistence and the benchmark. Hot loops that care use the concrete
// types directly; AnyFilter costs one std::visit branch per call.
#pragma once

#include "core/blocked_bloom_filter.h"
#include "core/bloom_filter.h"
#include "core/counting_bloom_filter.h"
#include "core/cuckoo_filter.h"
#include "core/filter_stats.h"
#include "core/growth_policy.h"
#include "core/scalable_bloom_filter.h"
#include "core/tiered_cuckoo_filter.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <variant>

namespace bloomlab {

enum class FilterType : std::uint8_t { Classic = 1, Blocked = 2, Counting = 3, Scalable = 4, Cuckoo = 5 };

/// "classic", "blocked", "counting", "scalable", "cuckoo".
std::string_view filterTypeName(FilterType type) noexcept;
/// Parses the names above; std::nullopt for anything else.
std::optional<FilterType> parseFilterType(std::string_view name) noexcept;

/// What to build. Exactly one of fpr (> 0) or bits (> 0) must be given, plus capacity (> 0).
/// With bits the filter has that size rounded up only to the layout's granularity (whole
/// 256-bit blocks for blocked, whole 512-bit lines of counters for counting, whole buckets of
/// four f-bit slots for cuckoo, any bucket count; classic is exact; scalable uses it for the
/// first layer). planFilter (filter_plan.h) gives the geometry a spec is built with.
///
/// Growth policy (core/growth_policy.h), what the filter does when it fills up:
///   reject   every type: the filter keeps its size; inserts it cannot store fail and are counted
///   tier     cuckoo: a TieredCuckooFilter (tables added with capacity x growthPolicy.growth, the
///            compounded FPR within p; needs fpr, not bits; no fingerprintBits: each tier chooses;
///            growthPolicy.thresholds.fill, when set, adds a tier once the newest reaches that load).
///            scalable: its layers are this policy (it is the only one the scalable type takes).
///            classic, blocked, counting: refused — a classic filter that grows by layers is the
///            scalable type; the blocked and counting layouts have no layered form here.
///   rebuild  classic, blocked, counting, cuckoo: the filter records the policy; whoever holds the
///            keys (the CLI's build from a key file, ServingFilter, the Explorer) asks
///            AnyFilter::rebuildTrigger() and builds specForCapacity(spec, grownCapacity(...)).
///            A file filter holds no keys: without a key source a rebuild is refused.
struct FilterSpec {
    FilterType type = FilterType::Classic;
    std::uint64_t capacity = 0;
    double fpr = 0.0;
    std::uint64_t bits = 0;
    std::uint32_t hashes = 0;            ///< 0 = optimal for the layout
    unsigned fingerprintBits = 0;        ///< cuckoo: 8, 12, 16, or 0 = smallest that meets fpr
    double growth = 2.0;                 ///< scalable
    double tightening = 0.85;            ///< scalable
    std::uint32_t maxLayers = 32;        ///< scalable
    std::uint32_t maxKicks = 500;        ///< cuckoo
    CuckooLayout cuckooLayout = CuckooLayout::Spread;  ///< cuckoo: where alternate buckets lie (not with tier)
    std::uint64_t seed = 0;              ///< hash seed (blocked is always XXH64 seed 0: Parquet)
    GrowthPolicy growthPolicy{};         ///< reject (default), tier or rebuild; see above
    std::uint32_t maxTiers = 8;          ///< cuckoo tier: the tier limit, in [1, 32]
    double tierTightening = 0.5;         ///< cuckoo tier: r, each tier's FPR budget p (1 - r) r^i
};

struct FilterPlan;

class AnyFilter {
public:
    using Variant = std::variant<BloomFilter, BlockedBloomFilter, CountingBloomFilter,
                                 ScalableBloomFilter, CuckooFilter<8>, CuckooFilter<12>,
                                 CuckooFilter<16>, TieredCuckooFilter>;

    /// fromPlan(planFilter(spec)). Throws std::invalid_argument with a user-readable message on
    /// bad parameters.
    static AnyFilter create(const FilterSpec& spec);
    /// Builds exactly the geometry of a plan from planFilter (filter_plan.h).
    static AnyFilter fromPlan(const FilterPlan& plan);

    /// A tiered cuckoo filter carries the tier policy (growth, and its tier load as the fill
    /// threshold), a scalable filter the tier policy of its layers, every other the reject policy
    /// until setGrowthPolicy.
    template <class F>
    explicit AnyFilter(F filter) : m_impl(std::move(filter)) {
        m_policy = naturalPolicy();
    }

    FilterType type() const noexcept;
    bool insert(std::string_view key);
    bool mightContain(std::string_view key) const;
    bool supportsErase() const noexcept;  ///< counting and cuckoo
    /// Throws std::logic_error for types that cannot delete (classic, blocked, scalable).
    bool erase(std::string_view key);
    FilterStats stats() const;
    /// Classic and blocked: who may insert at once (Writers::Many by default; Writers::One when
    /// a single thread builds the filter, e.g. `bloomlab-cli build`). No effect on counting,
    /// scalable and cuckoo, which are single-writer anyway (SynchronizedFilter for threads).
    void setWriters(Writers writers) noexcept;
    /// Multi-line human description: type, parameters (n, p, m, k / buckets, f), hash, seed.
    std::string describe() const;
    /// Geometry summary for tables: m in bits (or table bits), k (or fingerprint bits).
    std::uint64_t sizeInBits() const;
    std::uint32_t hashCount() const;
    /// Fingerprint bits for cuckoo, 0 otherwise.
    unsigned fingerprintBits() const noexcept;
    /// The cuckoo table's layout (Spread for every other type and for tiered cuckoo).
    CuckooLayout cuckooLayout() const noexcept;

    /// Bitwise OR (union) or AND (intersection) with another filter of the same geometry: two
    /// classic filters with the same m, k and seed, or two blocked filters with the same block
    /// count. The union answers "maybe" for every key inserted into either; the intersection
    /// keeps every key inserted into both (and may keep keys of only one). Throws
    /// std::invalid_argument for other types or a different geometry. After a union the item
    /// count is an ESTIMATE: the larger input's count plus what the OR's fill adds over that
    /// input's (Swamidass & Baldi), clamped to [max(a, b), a + b] (a filter united with itself
    /// keeps its count); after an intersection it is min(a, b).
    void unionWith(const AnyFilter& other);
    void intersectWith(const AnyFilter& other);

    /// The growth policy the filter was built with (saved in its file). A tiered cuckoo filter's
    /// is always tier; a scalable filter's is reported as tier (its layers).
    const GrowthPolicy& growthPolicy() const noexcept { return m_policy; }
    /// Throws std::invalid_argument when the policy does not apply to this filter (the rules of
    /// FilterSpec above; validateGrowthPolicy for the numbers).
    void setGrowthPolicy(const GrowthPolicy& policy);
    /// Rebuilds this filter descends from (a rebuilt filter carries its predecessor's count + 1).
    std::uint64_t rebuilds() const noexcept { return m_rebuilds; }
    void setRebuilds(std::uint64_t rebuilds) noexcept { m_rebuilds = rebuilds; }
    /// The rebuild policy's threshold that trips now (fill, failed inserts, estimated FPR from
    /// stats()); GrowthTrigger::None for the other policies. Costs one stats() call.
    GrowthTrigger rebuildTrigger() const;
    /// Tiers of a tiered cuckoo filter (nullptr for the other types).
    const TieredCuckooFilter* tiered() const noexcept { return as<TieredCuckooFilter>(); }

    Variant& variant() noexcept { return m_impl; }
    const Variant& variant() const noexcept { return m_impl; }
    template <class F> F* as() noexcept { return std::get_if<F>(&m_impl); }
    template <class F> const F* as() const noexcept { return std::get_if<F>(&m_impl); }

private:
    void combineWith(const AnyFilter& other, bool isUnion);
    GrowthPolicy naturalPolicy() const;

    Variant m_impl;
    GrowthPolicy m_policy;
    std::uint64_t m_rebuilds = 0;
};

/// Thread-safe wrapper for the filters that are not thread-safe on their own (counting,
/// scalable, cuckoo): a reader-writer lock; lookups share, inserts/erases are exclusive.
class SynchronizedFilter {
public:
    explicit SynchronizedFilter(AnyFilter filter) : m_filter(std::move(filter)) {}
    bool insert(std::string_view key);
    bool mightContain(std::string_view key) const;
    bool erase(std::string_view key);
    FilterStats stats() const;

private:
    mutable std::shared_mutex m_mutex;
    AnyFilter m_filter;
};

} // namespace bloomlab
