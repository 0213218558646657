// FilterPlan — what a FilterSpec gives, answered before anything is allocated: the exact
// geometry each filter type is built with, its memory and the theoretical FPR at any fill.
// AnyFilter::create builds from the plan (fromPlan), so the plan cannot drift from the built filter; the
// GUI's Derived panel, its memory guard and the CLI's `size` and `build` all ask here.
//
// Geometry rules. With FilterSpec::fpr each layout is sized by its own FPR model, so a filter
// built for p measures about p (the optimistic classic-style formulas undersize the blocked
// layouts):
//   classic   m = ceil(-n ln p / (ln 2)^2), k = round((m/n) ln 2) capped at 64 (then m is the
//             smallest for k = 64); with an explicit k, the smallest m for that k.
//   blocked   the fewest 256-bit blocks whose blockedFpr at n is <= p; always 8 probes (one per
//             32-bit word), XXH64 seed 0 (Parquet).
//   counting  CountingBloomFilter::geometryFor: the fewest 64-byte lines of 128 four-bit
//             counters whose best-k expectedFpr at n is <= p; with an explicit k, the fewest
//             lines whose blockedFprGeneric with that k is <= p.
//   scalable  layer 0 of ScalableBloomFilter's layer rule (n, p (1 - r)); later layers follow it.
//   cuckoo    cuckooBucketsFor(n) buckets of 4 slots at the 94% design load; f = the given
//             fingerprint size or the smallest of 8, 12, 16 whose cuckooFpr at that load is <= p.
//             With the tier growth policy: tier 0 of TieredCuckooFilter's tier rule (n, budget
//             p (1 - r), load = the policy's fill threshold or 0.94); later tiers follow it.
// With FilterSpec::bits (the `-m` option) the size is rounded up only to each layout's
// granularity:
//   classic   exactly `bits` bits; k = spec.hashes or round((m/n) ln 2).
//   blocked   ceil(bits / 256) blocks (`-m 1KiB` = 8192 bits = exactly 32 blocks).
//   counting  ceil(bits / 512) lines; k = spec.hashes or the k in [1, 16] that minimises the
//             blockedFprGeneric at n.
//   cuckoo    ceil(bits / (4 f)) buckets. Without an explicit fingerprint size, f is the largest
//             of 16, 12, 8 whose table holds n at <= 94% load (else 8, the most slots).
//   scalable  the first layer: p is chosen so that the first layer (n, p0 = p (1 - r)) needs
//             about `bits` bits; later layers follow the layer rule.
// The target FPR a filter built from a size records is the FPR its layout is expected to have
// at n items.
//
// One limit for every type: a plan whose expected FPR at n items is above kMaxPlannedFpr = 1/2
// is refused (FprLimitError), whether it came from p or from a size. Such a filter answers
// "maybe" for most absent keys (at m = 1 bit, for all of them); p = 1/2 itself is allowed.
// One cap for every type: the optimal k is capped at math::kMaxHashes = 64 (with a size, the
// optimal k for that size, at most 64; with p, the smallest m for k = 64); an explicit k above
// it is refused. `size` (math::solveSizing) applies the same cap.
#pragma once

#include "core/any_filter.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace bloomlab {

/// The highest expected FPR at n a plan may have (see the limit above).
inline constexpr double kMaxPlannedFpr = 0.5;

/// planFilter's refusal of a plan above kMaxPlannedFpr, with what the caller needs to say what
/// would work: the expected FPR and the smallest size (bits, as FilterPlan::bits counts them)
/// that stays within the limit for the same type and n (0 when none is known).
class FprLimitError : public std::invalid_argument {
public:
    FprLimitError(const std::string& message, double expectedFpr, std::uint64_t minimumBits)
        : std::invalid_argument(message), m_expectedFpr(expectedFpr), m_minimumBits(minimumBits) {}
    double expectedFpr() const noexcept { return m_expectedFpr; }
    std::uint64_t minimumBits() const noexcept { return m_minimumBits; }

private:
    double m_expectedFpr;
    std::uint64_t m_minimumBits;
};

struct FilterPlan {
    FilterSpec spec;                ///< what was asked (validated)
    /// m: bits (classic, blocked; scalable: its first layer), counters x 4 (counting), or table
    /// bits (cuckoo) — what AnyFilter::sizeInBits reports for the built filter.
    std::uint64_t bits = 0;
    std::uint64_t cells = 0;        ///< bits, counters (counting) or slots (cuckoo)
    std::uint32_t hashes = 0;       ///< k (blocked: 8; scalable: the first layer's; cuckoo: 0)
    unsigned fingerprintBits = 0;   ///< f (cuckoo only)
    std::uint64_t blocks = 0;       ///< blocked: 256-bit blocks
    std::uint64_t lines = 0;        ///< counting: 64-byte lines of 128 counters
    std::uint64_t buckets = 0;      ///< cuckoo: buckets of 4 slots
    std::uint32_t layers = 0;       ///< scalable: layers at build (1); 0 for the others
    std::uint64_t bytes = 0;        ///< memory of the table, as FilterStats::bytes reports it
    double bitsPerItem = 0.0;       ///< 8 bytes / n
    double targetFpr = 0.0;         ///< the target the built filter records (stats().targetFpr)
    double expectedFpr = 0.0;       ///< theory at n items: expectedFprAt(n)
    ScalableBloomFilter::Params scalable;  ///< scalable: the layer rule's parameters
    TieredCuckooFilter::Params tiered;     ///< cuckoo with the tier policy: the tier rule's

    /// Theoretical FPR after `items` inserts (0 for items <= 0). Scalable: the compounded FPR of
    /// the layers `items` fills, each sized as the filter sizes it (items beyond the last
    /// layer's capacity are refused by the filter and do not count).
    double expectedFprAt(double items) const;
};

/// The exact geometry AnyFilter::create(spec) builds, without allocating the filter. Throws
/// std::invalid_argument with the message create gives for a spec it refuses; FprLimitError
/// (an std::invalid_argument) for a plan above kMaxPlannedFpr.
FilterPlan planFilter(const FilterSpec& spec);

/// The capacity a rebuild builds for: ceil(growth x max(capacity, items)). Throws
/// std::invalid_argument when it would exceed 2^62 (the capacity limit every type has).
std::uint64_t grownCapacity(const GrowthPolicy& policy, std::uint64_t capacity, std::uint64_t items);

/// `spec` for `capacity` items: with p the same p; with a size, the same bits per item.
FilterSpec specForCapacity(FilterSpec spec, std::uint64_t capacity);

/// The spec a rebuild of `filter` starts from (then specForCapacity): its type, design capacity,
/// the target FPR it records, seed, fingerprint size and max kicks (cuckoo), and its growth
/// policy; k and the size follow from p. Throws std::invalid_argument for a filter that is not
/// rebuilt (scalable, tiered cuckoo: they grow by layers / tiers) or whose capacity or target is
/// unknown (an imported Parquet bitset).
FilterSpec rebuildSpecOf(const AnyFilter& filter);

/// Theoretical FPR of an existing filter after `items` inserts, from its real geometry (m, k,
/// blocks, lines, buckets, layers); the curve the charts draw next to measured points.
double expectedFprAt(const AnyFilter& filter, double items);

} // namespace bloomlab
