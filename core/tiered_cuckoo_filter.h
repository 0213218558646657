// TieredCuckooFilter — a cuckoo filter that grows by adding tables (tiers), like RedisBloom's
// CF expansion, with the scalable Bloom filter's error budget (Almeida et al. 2007).
//
// DESIGN
//   Layout: tiers T0, T1, ... each a CuckooFilter<f_i> (core/cuckoo_filter.h, layout unchanged).
//
//     tier i:  capacity n_i = ceil(n0 s^i)         (s = growth, default 2)
//              budget   p_i = p (1 - r) r^i        (r = tightening, default 0.5)
//              f_i      = the narrowest of 8, 12, 16 bits with cuckooFpr(f, 4, L) <= p_i,
//                         L = maxLoad (default kCuckooDesignLoad = 0.94)
//              load     = L, or, when even 16 bits exceed p_i at L, the largest load whose
//                         16-bit FPR is p_i (math::cuckooLoadFor): the tier gets more buckets
//              buckets  = cuckooBucketsFor(n_i, 4, load);  seed_i = seed + i * golden gamma
//
//     insert -> newest tier; a new tier is added when the newest holds n_i items, its stash is
//               occupied, or it refuses the key (then the key goes into the new tier)
//     lookup -> every tier, newest first (the newest holds about half of the keys)
//     erase  -> the one tier that matches (see below)
//
//   Error budget: an absent key is a false positive when any tier answers "maybe", so the FPR is
//   at most the sum of the tiers' FPRs (union bound, no independence needed), and
//   sum_i p (1 - r) r^i < p. compoundedFprBound() is the sum over the existing tiers of
//   cuckooFpr(f_i, 4, n_i / slots_i), i.e. each tier at its capacity; it stays below p however
//   many tiers are added. Widening f by 4 bits divides a tier's FPR by 16, and the budget halves
//   per tier with r = 0.5, so a tier widens about every 4 tiers; past 16 bits the load bound
//   takes over and costs memory instead (the maxTiers limit keeps that finite).
//   With p = 10%, r = 0.3 the first five tiers take 8, 12, 12, 12, 16 bits.
//   Hashing: each tier hashes the key with its own seed (XXH3-128), so the tiers' fingerprints
//   and buckets are independent; a lookup of an absent key costs one hash per tier.
//   Erase: removes one copy from the newest tier that has it — when only one tier matches.
//   When several tiers match, a newer match may be another key's fingerprint (a false positive
//   of that tier for this key): removing it would make that other key a false negative. Cuckoo
//   deletion is safe inside one table because two keys with the same fingerprint and a shared
//   bucket share both buckets; across tiers that no longer holds. So an ambiguous erase changes
//   nothing, returns false and is counted (ambiguousErases): the key stays a "maybe" (a false
//   positive at worst), never anyone's false negative. A key inserted twice into different
//   tiers therefore cannot be erased; copies inside one tier erase one at a time.
//   Tier limit: maxTiers (default 8, at most 32; 1 = the reject policy, a plain cuckoo filter).
//   At the limit the newest tier takes keys past its capacity until it refuses them, as a
//   CuckooFilter does; refused inserts return false, change nothing and are counted.
//   Thread safety: NOT thread-safe (adding a tier reallocates the tier list); readers and
//   writers share a lock (std::shared_mutex), or publish it through ServingFilter.
//   Measured (fixed seeds, tst_tiered_cuckoo_filter): n0 = 2,000, p = 10%, s = 2, r = 0.3,
//   62,000 keys = 5 full tiers of 8, 12, 12, 12, 16 bits (tier 6 on would bound its load):
//   compoundedFprBound 3.462%, estimate from the loads 3.444%, measured 3.436% on 200,000 absent
//   keys (inside the z = 4 binomial band); 14.83 bits per item. No false negative for any key
//   after each tier was added. Erasing every other key of 4 tiers (20,000 keys): 9,859 erased,
//   141 ambiguous (kept as "maybe"), no false negative; the naive newest-tier rule, applied to a
//   key that tier 1 falsely matches, lost a key of tier 1.
#pragma once

#include "core/cuckoo_filter.h"
#include "core/filter_concept.h"
#include "core/filter_math.h"
#include "core/filter_stats.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace bloomlab {

class TieredCuckooFilter {
public:
    static constexpr std::uint32_t kMaxTiersLimit = 32;

    struct Params {
        std::uint64_t initialCapacity = 1000;  ///< n0 >= 1
        double targetFpr = 0.01;               ///< p: the compounded bound, in (0, 1)
        double growth = 2.0;                   ///< s in [1, 16]
        double tightening = 0.5;               ///< r in (0, 1)
        std::uint32_t maxTiers = 8;            ///< in [1, 32]
        double maxLoad = math::kCuckooDesignLoad;  ///< the load each tier is sized for, in (0, 0.97]
        std::uint64_t seed = 0;
        std::uint32_t maxKicks = CuckooFilter<12>::kDefaultMaxKicks;
    };

    /// Tier i as the filter adds it (whether it exists yet or not). Allocates nothing.
    struct TierGeometry {
        std::uint64_t capacity = 0;    ///< n_i
        double fprBudget = 0.0;        ///< p_i = p (1 - r) r^i
        unsigned fingerprintBits = 0;  ///< f_i
        double loadBound = 0.0;        ///< maxLoad, or less when 16 bits cannot reach p_i
        std::uint64_t buckets = 0;
        std::uint64_t seed = 0;
    };
    /// Throws std::invalid_argument on bad params or when n_i does not fit 63 bits.
    static TierGeometry tierFor(const Params& params, std::uint32_t tier);

    using Tier = std::variant<CuckooFilter<8>, CuckooFilter<12>, CuckooFilter<16>>;

    /// Per-tier figures for stats tables, `info` and the GUI (numbers only).
    struct TierStats {
        TierGeometry geometry;
        std::uint64_t items = 0;
        double load = 0.0;            ///< occupied slots / slots
        double fprAtCapacity = 0.0;   ///< cuckooFpr(f_i, 4, n_i / slots): its term of the bound
        double estimatedFpr = 0.0;    ///< cuckooFpr at the current load
        std::uint64_t bytes = 0;
        std::uint64_t kicks = 0;
        bool stashOccupied = false;
    };

    explicit TieredCuckooFilter(const Params& params);  ///< builds tier 0; throws std::invalid_argument

    bool insert(std::string_view key);  ///< false only at the tier limit, when the newest refuses
    bool mightContain(std::string_view key) const;
    /// true: one copy removed from the only tier that matches. false: nothing changed (no tier
    /// matches, or several do: counted in ambiguousErases, see DESIGN).
    bool erase(std::string_view key);
    FilterStats stats() const;

    const Params& params() const noexcept { return m_params; }
    std::uint32_t tierCount() const noexcept { return static_cast<std::uint32_t>(m_tiers.size()); }
    const std::vector<Tier>& tiers() const noexcept { return m_tiers; }
    std::vector<TierStats> tierStats() const;
    /// Sum over the existing tiers of their FPR at capacity (< targetFpr).
    double compoundedFprBound() const;
    std::uint64_t itemCount() const noexcept;
    std::uint64_t failedInserts() const noexcept { return m_failedInserts; }
    std::uint64_t ambiguousErases() const noexcept { return m_ambiguousErases; }
    const std::string& lastError() const noexcept { return m_lastError; }

    /// Persistence: tiers as saved, each checked against tierFor(params, i) (fingerprint bits,
    /// buckets, capacity, seed). Throws std::invalid_argument.
    static TieredCuckooFilter fromTiers(const Params& params, std::vector<Tier> tiers,
                                        std::uint64_t failedInserts, std::uint64_t ambiguousErases);

private:
    struct Unbuilt {};
    TieredCuckooFilter(const Params& params, Unbuilt);
    static void validate(const Params& params);
    static Tier makeTier(const Params& params, std::uint32_t tier);
    bool newestIsFull() const;
    bool addTier();

    Params m_params;
    std::vector<Tier> m_tiers;
    std::uint64_t m_failedInserts = 0;
    std::uint64_t m_ambiguousErases = 0;
    std::string m_lastError;
};

static_assert(DeletableFilter<TieredCuckooFilter>);

} // namespace bloomlab
