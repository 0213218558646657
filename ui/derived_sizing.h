// derived_sizing — what the parameter panel shows while the sliders move: m, k, memory, bits per
// item and expected FPR at n for each filter type, taken from core's planFilter (the geometry
// AnyFilter::create builds; no filter is allocated, so it stays instant even for n = 10^8).
#pragma once

#include "core/any_filter.h"

#include <QString>

#include <cstdint>

namespace bloomlab::ui {

struct DerivedSizing {
    std::uint64_t bits = 0;        ///< m: bits, counters x 4 bits, or table bits (FilterPlan::bits)
    std::uint64_t cells = 0;       ///< bits, counters or slots
    std::uint32_t hashes = 0;      ///< k (cuckoo: 2 candidate buckets)
    unsigned fingerprintBits = 0;  ///< cuckoo
    double bytes = 0;              ///< memory of the built filter
    double bitsPerItem = 0;        ///< 8 bytes / n
    double expectedFpr = 0;        ///< at n items
    double lowerBoundBitsPerItem = 0;  ///< log2(1 / p); 0 when p is unknown
    bool approximate = false;      ///< true for an estimate; every figure from planFilter is exact
    QString note;                  ///< one line about the layout
};

/// Throws std::invalid_argument (from planFilter) for a spec AnyFilter::create refuses.
DerivedSizing deriveSizing(const FilterSpec& spec);

/// Theoretical FPR after `items` inserts into a filter of this spec's geometry (the curve the
/// charts draw next to the measured points). Scalable: the compounded FPR of the layers that
/// `items` fills, each sized as the filter sizes it.
double theoreticalFpr(const FilterSpec& spec, double items);
/// The same for an existing filter, from its real geometry (m, k, blocks, lines, buckets).
double theoreticalFpr(const AnyFilter& filter, double items);

} // namespace bloomlab::ui
