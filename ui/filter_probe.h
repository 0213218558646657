// filter_probe — read-only, UI-side views of any filter as "cells": the bits of a classic or
// blocked filter, the 4-bit counters of a counting filter, the bits of each scalable layer, the
// fingerprint slots of a cuckoo filter (cell = bucket * 4 + slot). The bit view paints cells,
// teaching mode explains them, and the tests compare them with the core's own accessors.
#pragma once

#include "core/any_filter.h"

#include <QString>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::ui {

/// What a highlighted cell means; the bit view gives each role its own colour.
enum class MarkRole : std::uint8_t {
    Probe,      ///< a position of the last key (value decides set/zero colouring)
    NewlySet,   ///< a bit this insert turned on
    ProbeZero,  ///< a probed position that is 0: "definitely not"
    Cleared,    ///< a bit cleared by the "why no delete" demo
    Candidate,  ///< cuckoo: a slot of bucket i1 or i2
    Match,      ///< cuckoo: the slot holding the key's fingerprint
};

struct CellMark {
    std::uint32_t layer = 0;
    std::uint64_t index = 0;
    MarkRole role = MarkRole::Probe;
    bool operator==(const CellMark&) const = default;
};

enum class CellKind : std::uint8_t { Bit, Counter, Fingerprint };

CellKind cellKind(const AnyFilter& filter);
/// 1 for everything but scalable (one per layer).
std::uint32_t layerCount(const AnyFilter& filter);
/// Cells of a layer: m bits, m counters, or buckets * 4 slots.
std::uint64_t cellCount(const AnyFilter& filter, std::uint32_t layer);
/// Bit (0/1), counter (0..15) or fingerprint (0 = empty slot).
std::uint32_t cellValue(const AnyFilter& filter, std::uint32_t layer, std::uint64_t index);

/// The cells a key maps to: its k positions (in every layer for scalable), or the 8 slots of
/// buckets i1 and i2 for cuckoo (the slot holding its fingerprint marked Match). Roles: Probe,
/// or ProbeZero for a probed cell that is 0.
std::vector<CellMark> probeMarks(const AnyFilter& filter, std::string_view key);

/// Short names for the UI ("classic", ...) translated.
QString filterTypeTitle(FilterType type);
/// "bit", "counter", "slot" translated.
QString cellNoun(CellKind kind);

/// A std::string from a QString as UTF-8 bytes (keys are byte strings).
std::string toKey(const QString& text);
QString fromKey(std::string_view key);

/// Human formatting: thousands separators, probabilities.
QString formatCount(double value);
QString formatProbability(double p);

} // namespace bloomlab::ui
