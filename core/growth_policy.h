// GrowthPolicy and GrowthMonitor — what a filter does when it fills up, and when.
//
// DESIGN
//   A policy is an action plus thresholds:
//     reject   the filter keeps its size; an insert it cannot store returns false and is counted
//              (what every fixed-size filter does on its own)
//     tier     add a table with capacity x growth (TieredCuckooFilter; ScalableBloomFilter's layers)
//     rebuild  build a larger filter from the store of record's keys and publish it (ServingFilter)
//   Thresholds (each 0 = off; the first that trips names the trigger):
//     fill               stats().fillRatio: set bits / m, or occupied slots / slots (load factor)
//     failedInserts      inserts refused since the last growth
//     estimatedFpr       stats().estimatedFpr, the FPR expected from the current fill
//     confirmedFpr       false positives the backend confirmed, over the last `confirmedWindow`
//                        absent-key lookups (the retrieval cache: the filter said "maybe", the
//                        store of record found nothing). Only a full window counts, so a few early
//                        lookups cannot trip it.
//   GrowthMonitor takes observations (a FilterStats, one absent-key outcome at a time), answers
//   which threshold trips, and keeps its state in GrowthMonitorStats (numbers only). It is not
//   thread-safe: its owner serialises the calls (ServingFilter holds it under a mutex).
//   The sliding window is a ring of one byte per absent-key outcome with a running count, so the
//   rate is exact over the last W outcomes (W = 10,000 by default: 10 kB).
#pragma once

#include "core/filter_stats.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

enum class GrowthAction : std::uint8_t { Reject = 0, Tier = 1, Rebuild = 2 };

/// "reject", "tier", "rebuild".
std::string_view growthActionName(GrowthAction action) noexcept;
/// Parses the names above; std::nullopt for anything else.
std::optional<GrowthAction> parseGrowthAction(std::string_view name) noexcept;

struct GrowthThresholds {
    double fill = 0.0;                     ///< fillRatio / load factor in (0, 1]; 0 = off
    std::uint64_t failedInserts = 0;       ///< refused inserts since the last growth; 0 = off
    double estimatedFpr = 0.0;             ///< in (0, 1); 0 = off
    double confirmedFpr = 0.0;             ///< backend-confirmed FP rate over the window, in (0, 1); 0 = off
    std::uint32_t confirmedWindow = 10'000;  ///< absent-key outcomes in the sliding window, >= 1
};

struct GrowthPolicy {
    GrowthAction action = GrowthAction::Reject;
    double growth = 2.0;  ///< capacity factor of a new tier or a rebuilt filter, > 1
    GrowthThresholds thresholds;
};

/// Throws std::invalid_argument naming the field, the range that works and the value given.
void validateGrowthPolicy(const GrowthPolicy& policy);

/// One line for `info` and describe(): "reject", "tier (x2, a tier at load 0.94)",
/// "rebuild (x2 when fill >= 0.9 or failed inserts >= 1)".
std::string describeGrowthPolicy(const GrowthPolicy& policy);

/// Which threshold tripped (None: none did).
enum class GrowthTrigger : std::uint8_t { None = 0, Fill, FailedInserts, EstimatedFpr, ConfirmedFpr };

/// "none", "fill", "failed-inserts", "estimated-fpr", "confirmed-fpr".
std::string_view growthTriggerName(GrowthTrigger trigger) noexcept;

struct GrowthMonitorStats {
    std::uint64_t statsObserved = 0;       ///< observe(FilterStats) calls since the last growth
    double fill = 0.0;                     ///< last observed fill ratio
    double estimatedFpr = 0.0;             ///< last observed estimated FPR
    std::uint64_t failedInserts = 0;       ///< refused inserts since the last growth
    std::uint64_t windowSamples = 0;       ///< absent-key outcomes in the window (<= confirmedWindow)
    std::uint64_t windowFalsePositives = 0;  ///< of which the filter had said "maybe"
    double windowFpr = 0.0;                ///< windowFalsePositives / windowSamples (0 when empty)
    std::uint64_t confirmedFalsePositives = 0;  ///< all confirmed false positives ever observed
    std::uint64_t trips = 0;               ///< observations at which a threshold tripped
    GrowthTrigger lastTrigger = GrowthTrigger::None;
    std::uint64_t growths = 0;             ///< grown() calls: tiers added or rebuilds published
};

class GrowthMonitor {
public:
    /// Throws std::invalid_argument on thresholds outside their ranges.
    explicit GrowthMonitor(const GrowthThresholds& thresholds);

    /// A filter's current statistics (failedInserts is its running total; the monitor counts
    /// from the value at the last growth). Returns the threshold that trips now, if any.
    GrowthTrigger observe(const FilterStats& stats);
    /// One lookup of a key the store of record does not have: filterSaidMaybe = the filter
    /// answered "maybe" (a confirmed false positive). Returns the threshold that trips now.
    GrowthTrigger observeAbsentKey(bool filterSaidMaybe);
    /// The trigger for the state observed so far, without a new observation.
    GrowthTrigger check() const noexcept;
    /// The filter grew (a tier was added or a rebuild published): the window is cleared and
    /// failed inserts count from `failedInsertsNow`.
    void grown(std::uint64_t failedInsertsNow = 0);

    const GrowthThresholds& thresholds() const noexcept { return m_thresholds; }
    GrowthMonitorStats stats() const noexcept;

private:
    GrowthTrigger tripped(GrowthTrigger trigger) noexcept;

    GrowthThresholds m_thresholds;
    GrowthMonitorStats m_stats;
    std::uint64_t m_failedBaseline = 0;
    std::uint64_t m_failedTotal = 0;
    std::vector<std::uint8_t> m_window;  ///< ring of outcomes (1 = confirmed false positive)
    std::size_t m_windowNext = 0;
};

} // namespace bloomlab
