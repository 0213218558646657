// GrowthPolicy / GrowthMonitor: the thresholds and the sliding window (see growth_policy.h).
#include "core/growth_policy.h"

#include "core/errors.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace bloomlab {

std::string_view growthActionName(GrowthAction action) noexcept {
    switch (action) {
    case GrowthAction::Reject: return "reject";
    case GrowthAction::Tier: return "tier";
    case GrowthAction::Rebuild: return "rebuild";
    }
    return "reject";
}

std::optional<GrowthAction> parseGrowthAction(std::string_view name) noexcept {
    for (const GrowthAction action : {GrowthAction::Reject, GrowthAction::Tier, GrowthAction::Rebuild}) {
        if (name == growthActionName(action)) {
            return action;
        }
    }
    return std::nullopt;
}

std::string_view growthTriggerName(GrowthTrigger trigger) noexcept {
    switch (trigger) {
    case GrowthTrigger::None: return "none";
    case GrowthTrigger::Fill: return "fill";
    case GrowthTrigger::FailedInserts: return "failed-inserts";
    case GrowthTrigger::EstimatedFpr: return "estimated-fpr";
    case GrowthTrigger::ConfirmedFpr: return "confirmed-fpr";
    }
    return "none";
}

namespace {

/// 0 (off) or a probability.
void requireOffOrProbability(double value, std::string_view name) {
    if (value != 0.0) {
        requireProbability(value, std::string(name) + " (0 = off)");
    }
}

void validateThresholds(const GrowthThresholds& t) {
    if (t.fill != 0.0 && !(t.fill > 0.0 && t.fill <= 1.0)) {
        throwInvalidArgument("the fill threshold must be in (0, 1], or 0 = off; got " + numberText(t.fill));
    }
    requireOffOrProbability(t.estimatedFpr, "the estimated-FPR threshold");
    requireOffOrProbability(t.confirmedFpr, "the confirmed-FPR threshold");
    if (t.confirmedWindow == 0) {
        throwInvalidArgument("the confirmed false-positive window must hold at least 1 lookup; got 0");
    }
}

} // namespace

void validateGrowthPolicy(const GrowthPolicy& policy) {
    if (!(policy.growth > 1.0 && std::isfinite(policy.growth))) {
        throwInvalidArgument("the growth factor must be a number greater than 1; got " + numberText(policy.growth));
    }
    validateThresholds(policy.thresholds);
}

std::string describeGrowthPolicy(const GrowthPolicy& policy) {
    const GrowthThresholds& t = policy.thresholds;
    const std::string growth = "x" + numberText(policy.growth, 4);
    switch (policy.action) {
    case GrowthAction::Reject:
        return "reject (the filter keeps its size; inserts it cannot store fail and are counted)";
    case GrowthAction::Tier:
        return "tier (" + growth + " capacity per tier" +
               (t.fill != 0.0 ? ", a tier added at load " + numberText(t.fill, 4) : std::string()) + ")";
    case GrowthAction::Rebuild: {
        std::string when;
        const auto add = [&when](const std::string& part) { when += (when.empty() ? "" : " or ") + part; };
        if (t.fill != 0.0) add("fill >= " + numberText(t.fill, 4));
        if (t.failedInserts != 0) add("failed inserts >= " + numberText(t.failedInserts));
        if (t.estimatedFpr != 0.0) add("estimated FPR >= " + numberText(t.estimatedFpr, 4));
        if (t.confirmedFpr != 0.0)
            add("confirmed FPR >= " + numberText(t.confirmedFpr, 4) + " over " + numberText(t.confirmedWindow) +
                " lookups");
        return "rebuild (" + growth + " capacity when " + (when.empty() ? std::string("never: no threshold set") : when) +
               ")";
    }
    }
    return "reject";
}

GrowthMonitor::GrowthMonitor(const GrowthThresholds& thresholds) : m_thresholds(thresholds) {
    validateThresholds(thresholds);
    if (thresholds.confirmedFpr != 0.0) {
        m_window.assign(thresholds.confirmedWindow, 0);
    }
}

GrowthTrigger GrowthMonitor::tripped(GrowthTrigger trigger) noexcept {
    if (trigger != GrowthTrigger::None) {
        ++m_stats.trips;
        m_stats.lastTrigger = trigger;
    }
    return trigger;
}

GrowthTrigger GrowthMonitor::observe(const FilterStats& stats) {
    ++m_stats.statsObserved;
    m_stats.fill = stats.fillRatio;
    m_stats.estimatedFpr = stats.estimatedFpr;
    m_failedTotal = stats.failedInserts;
    m_stats.failedInserts = m_failedTotal >= m_failedBaseline ? m_failedTotal - m_failedBaseline : 0;
    return tripped(check());
}

GrowthTrigger GrowthMonitor::observeAbsentKey(bool filterSaidMaybe) {
    if (filterSaidMaybe) {
        ++m_stats.confirmedFalsePositives;
    }
    if (!m_window.empty()) {
        std::uint8_t& slot = m_window[m_windowNext];
        if (m_stats.windowSamples == m_window.size()) {
            m_stats.windowFalsePositives -= slot;  // the oldest outcome leaves the window
        } else {
            ++m_stats.windowSamples;
        }
        slot = filterSaidMaybe ? 1 : 0;
        m_stats.windowFalsePositives += slot;
        m_windowNext = (m_windowNext + 1) % m_window.size();
    }
    return tripped(check());
}

GrowthTrigger GrowthMonitor::check() const noexcept {
    const GrowthThresholds& t = m_thresholds;
    if (t.fill != 0.0 && m_stats.statsObserved > 0 && m_stats.fill >= t.fill) {
        return GrowthTrigger::Fill;
    }
    if (t.failedInserts != 0 && m_stats.failedInserts >= t.failedInserts) {
        return GrowthTrigger::FailedInserts;
    }
    if (t.estimatedFpr != 0.0 && m_stats.statsObserved > 0 && m_stats.estimatedFpr >= t.estimatedFpr) {
        return GrowthTrigger::EstimatedFpr;
    }
    if (t.confirmedFpr != 0.0 && m_stats.windowSamples == m_window.size() &&
        static_cast<double>(m_stats.windowFalsePositives) >= t.confirmedFpr * static_cast<double>(m_window.size())) {
        return GrowthTrigger::ConfirmedFpr;
    }
    return GrowthTrigger::None;
}

void GrowthMonitor::grown(std::uint64_t failedInsertsNow) {
    ++m_stats.growths;
    m_failedBaseline = failedInsertsNow;
    m_failedTotal = failedInsertsNow;
    m_stats.failedInserts = 0;
    m_stats.fill = 0.0;
    m_stats.estimatedFpr = 0.0;
    m_stats.statsObserved = 0;  // the old filter's fill says nothing about the new one
    m_stats.windowSamples = 0;
    m_stats.windowFalsePositives = 0;
    m_windowNext = 0;
    std::fill(m_window.begin(), m_window.end(), std::uint8_t{0});
}

GrowthMonitorStats GrowthMonitor::stats() const noexcept {
    GrowthMonitorStats s = m_stats;
    s.windowFpr = s.windowSamples == 0 ? 0.0
                                       : static_cast<double>(s.windowFalsePositives) / static_cast<double>(s.windowSamples);
    return s;
}

} // namespace bloomlab
