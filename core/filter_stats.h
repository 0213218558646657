// FilterStats: the one statistics record every filter returns from stats().
// Numbers only (no strings), so the CLI, the GUI and the benchmark format them as they need.
#pragma once

#include <cstdint>

namespace bloomlab {

struct FilterStats {
    std::uint64_t items = 0;           ///< successful inserts (duplicates counted), minus erases
    std::uint64_t capacity = 0;        ///< design capacity n (0 when built from a size only)
    double targetFpr = 0.0;            ///< the p the filter was sized for (0 when unknown)
    std::uint64_t bytes = 0;           ///< payload memory of the structure (bit array, counters, table)
    double bitsPerItem = 0.0;          ///< 8 * bytes / items (0 when empty)
    double fillRatio = 0.0;            ///< set bits / m, non-zero counters / m, or occupied slots / slots
    double estimatedFpr = 0.0;         ///< FPR expected now, from the current fill (not from n)
    double estimatedItems = 0.0;       ///< items estimated from the fill (Swamidass-Baldi for Bloom)
    bool overfilled = false;           ///< items > capacity, or estimatedFpr > 2 * targetFpr
    // Structure-specific; zero where not relevant.
    std::uint64_t saturatedCounters = 0;  ///< counting: counters stuck at 15
    std::uint32_t layers = 0;             ///< scalable: number of layers (1 for single-array filters)
    std::uint64_t failedInserts = 0;      ///< cuckoo / scalable: inserts that returned false
    std::uint64_t kicks = 0;              ///< cuckoo: total relocations performed
    std::uint32_t maxKickChain = 0;       ///< cuckoo: longest relocation chain of one insert
    bool stashOccupied = false;           ///< cuckoo: the victim stash holds a fingerprint
    // Growth (core/growth_policy.h); zero for a filter without a growth policy.
    std::uint8_t growthAction = 0;        ///< GrowthAction: 0 reject, 1 tier, 2 rebuild
    std::uint32_t tiers = 0;              ///< tiered cuckoo: tables (1 until the first tier is added)
    std::uint64_t rebuilds = 0;           ///< rebuild policy: larger filters built from the keys so far
};

} // namespace bloomlab
