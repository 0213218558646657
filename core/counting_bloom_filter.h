// CountingBloomFilter — a Bloom filter of 4-bit counters that supports erase().
//
// DESIGN (the implementer fills in the measured figures)
//   Layout: counters packed two per byte (low nibble = even counter), blocked per 64-byte cache
//   line: 128 counters per line, so insert/lookup/erase touch exactly one line.
//
//     line L (64 bytes = 128 counters): |c0 c1|c2 c3| ... |c126 c127|
//     key -> XXH3-128 (seeded) -> h1, h2 (h2 odd)
//     L = reduceRange(h1, numLines); counter j (0 <= j < k) = ((h2 * (j + 1)) >> 57) & 127 ...
//     (implementer: any scheme that gives k well-spread counters in the line; document it here)
//
//   Counters: insert increments each of the k counters, but a counter at 15 stays 15 forever
//   (saturation sticks: never wraps, never decremented; PITFALLS #1). erase(key) first checks
//   all k counters are non-zero (else returns false: the key is certainly absent, nothing is
//   changed), then decrements each counter that is not saturated. Erasing a key that was never
//   inserted but whose counters are all non-zero (a false positive) cannot be detected — it is
//   the caller's contract to erase only inserted keys (PITFALLS #7); stats().saturatedCounters
//   shows how many counters are stuck.
//   FPR: blocked layout, filter_math::blockedFprGeneric(n, lines, 128, k); sizing searches the
//   smallest line count that meets p.
//   Memory: 4 bits per counter = 4x a classic filter of the same m.
//   Thread safety: NOT thread-safe; use SynchronizedFilter (any_filter.h) for shared use.
//   Measured: (fill in).
#pragma once

#include "core/filter_concept.h"
#include "core/filter_stats.h"
#include "core/hashing.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace bloomlab {

class CountingBloomFilter {
public:
    static constexpr unsigned kCountersPerLine = 128;
    static constexpr unsigned kBytesPerLine = 64;
    static constexpr std::uint8_t kMaxCount = 15;

    /// Sized so the blocked-layout FPR at n items is <= p; k chosen optimally for that layout.
    static CountingBloomFilter forCapacity(std::uint64_t capacity, double fpr, std::uint64_t seed = 0);
    /// Exact geometry: numCounters is rounded up to whole lines (128 counters).
    CountingBloomFilter(std::uint64_t numCounters, std::uint32_t numHashes,
                        std::uint64_t capacity = 0, double targetFpr = 0.0, std::uint64_t seed = 0);

    bool insert(std::string_view key);  ///< always true
    bool mightContain(std::string_view key) const;
    bool erase(std::string_view key);   ///< false (and no change) when some counter is 0
    FilterStats stats() const;

    /// Counter indexes (global, line * 128 + offset) of a key, in probe order.
    std::vector<std::uint64_t> probePositions(std::string_view key) const;
    std::uint8_t counterAt(std::uint64_t index) const;

    std::uint64_t numCounters() const noexcept { return m_numLines * kCountersPerLine; }
    std::uint64_t numLines() const noexcept { return m_numLines; }
    std::uint32_t numHashes() const noexcept { return m_numHashes; }
    std::uint64_t capacity() const noexcept { return m_capacity; }
    double targetFpr() const noexcept { return m_targetFpr; }
    std::uint64_t seed() const noexcept { return m_seed; }
    std::uint64_t itemCount() const noexcept { return m_items; }
    const std::vector<std::uint8_t>& bytes() const noexcept { return m_bytes; }

    static CountingBloomFilter fromBytes(std::uint64_t numLines, std::uint32_t numHashes,
                                         std::uint64_t capacity, double targetFpr, std::uint64_t seed,
                                         std::uint64_t items, std::vector<std::uint8_t> bytes);

private:
    std::uint64_t m_numLines = 0;
    std::uint32_t m_numHashes = 0;
    std::uint64_t m_capacity = 0;
    double m_targetFpr = 0.0;
    std::uint64_t m_seed = 0;
    std::uint64_t m_items = 0;
    std::vector<std::uint8_t> m_bytes;  // numLines * 64
};

static_assert(DeletableFilter<CountingBloomFilter>);

} // namespace bloomlab
