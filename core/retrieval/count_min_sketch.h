// CountMinSketch — approximate frequencies in bounded memory (Cormode & Muthukrishnan, "An
// improved data stream summary: the count-min sketch and its applications", J. Algorithms 2005).
//
//   depth rows x width counters (uint32, saturating):
//       row 0: [c c c c ... c]      add(key): for each row r, counter[r][h_r(key)] += 1
//       row 1: [c c c c ... c]      estimate(key) = min_r counter[r][h_r(key)]
//       ...
//   width = ceil(e / epsilon), depth = ceil(ln(1 / delta)):
//   estimate >= true count always; estimate <= true + epsilon * N with probability >= 1 - delta,
//   where N is the total of all adds.
//
// Hashing: one XXH3-128 per key; row r uses reduceRange(h1 + r * h2, width) with h2 forced odd
// (the same Kirsch-Mitzenmacher derivation as the Bloom filters; the CM bound needs pairwise
// independent rows, which double hashing approximates well for width >> depth).
// Conservative update (Estan & Varghese 2002): an add raises only the counters that are below
// the new estimate; estimates stay upper bounds and overcount less. It is optional because it
// makes the sketch non-linear (two sketches can no longer be merged by adding counters).
// Counters saturate at 2^32 - 1 instead of wrapping, so estimates never fall.
#pragma once

#include "core/hashing.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace bloomlab {

class CountMinSketch {
public:
    /// Sized from the error bounds above. epsilon in (0, 1), delta in (0, 1); throws
    /// std::invalid_argument. Width is capped at 2^26 counters per row.
    static CountMinSketch forError(double epsilon, double delta, bool conservative = true,
                                   std::uint64_t seed = 0);

    /// width >= 1, 1 <= depth <= 64. Throws std::invalid_argument.
    CountMinSketch(std::uint32_t width, std::uint32_t depth, bool conservative = true,
                   std::uint64_t seed = 0);

    /// Adds `count` occurrences; returns the key's estimate afterwards.
    std::uint32_t add(std::string_view key, std::uint32_t count = 1);
    /// An upper bound of the key's true count (exact when no other key collides in some row).
    std::uint32_t estimate(std::string_view key) const;
    void clear();

    std::uint32_t width() const noexcept { return m_width; }
    std::uint32_t depth() const noexcept { return m_depth; }
    bool conservative() const noexcept { return m_conservative; }
    /// The guarantees this geometry gives: epsilon = e / width, delta = e^-depth.
    double epsilon() const noexcept;
    double delta() const noexcept;
    std::uint64_t totalCount() const noexcept { return m_total; }
    std::uint64_t bytes() const noexcept { return m_counters.size() * sizeof(std::uint32_t); }

private:
    void positions(std::string_view key, std::uint64_t* out) const;

    std::uint32_t m_width;
    std::uint32_t m_depth;
    bool m_conservative;
    SeededXxh3_128 m_hash;
    std::uint64_t m_total = 0;
    std::vector<std::uint32_t> m_counters;  ///< row-major: row r at [r * width, (r + 1) * width)
};

} // namespace bloomlab
