// CountingBloomFilter — a Bloom filter of 4-bit counters that supports erase().
//
// DESIGN
//   Layout: counters packed two per byte (low nibble = even counter), blocked per 64-byte cache
//   line: 128 counters per line, so insert/lookup/erase touch exactly one line.
//
//     line L (64 bytes = 128 counters): |c1 c0|c3 c2| ... |c127 c126|   (byte = hi:odd lo:even)
//     key -> XXH3-128 (seeded) -> (lo, hi)
//     L = reduceRange(lo, numLines)                      (Lemire multiply-shift, no modulo bias)
//     offsets: a stream of 7-bit values, nine per 64-bit word: word 0 = hi, word r = splitmix64(
//     hi + r * 0x9E3779B97F4A7C15); an offset already taken by this key is skipped (rejection),
//     so the k counters of one key are k DISTINCT counters of the line, a uniform k-subset of
//     the 128 (sampling without replacement; k <= 64 keeps the expected draws below 1.4 k).
//
//   Counters: insert increments each of the k counters, but a counter at 15 stays 15 forever
//   (saturation sticks: never wraps, never decremented; docs/pitfalls.md #1). erase(key) first checks
//   all k counters are non-zero (else returns false: the key is certainly absent, nothing is
//   changed), then decrements each counter that is not saturated. Erasing a key that was never
//   inserted but whose counters are all non-zero (a false positive) cannot be detected — it is
//   the caller's contract to erase only inserted keys (docs/pitfalls.md #7); stats().saturatedCounters
//   shows how many counters are stuck. Duplicate inserts count twice (a multiset): erase the
//   key as often as it was inserted.
//   FPR: because a key's counters are distinct, the exact model is sampling WITHOUT replacement:
//   expectedFpr(n, lines, k) = sum_j Pois(j; n / lines) P[k query counters all covered by j
//   random k-subsets of 128] (a hypergeometric Markov chain over the number of covered query
//   counters; see the .cpp; checked against inclusion-exclusion in the tests). forCapacity()
//   sizes with it: the smallest line count whose best-k FPR is <= p, and that k.
//   filter_math::blockedFprGeneric(n, lines, 128, k) is the with-replacement model with the
//   classic independence approximation; it is close at moderate p and optimistic at small p,
//   so it is NOT used for sizing. n = 100k, p = 1e-6: sizing by the generic formula gives
//   58,124 lines, k = 14, whose real (exact) FPR is 1.027e-6; the exact sizing gives 57,530
//   lines, k = 12, FPR 0.99999e-6. n = 1M, p = 1%: exact 83,927 lines (42.97 bits per item),
//   k = 6, FPR 0.99997% (the generic formula says 1.0012% for the same geometry).
//   stats().estimatedFpr is exact for the current counters: mean over lines of
//   C(nonZero_L, k) / C(128, k).
//   Memory: 4 bits per counter = 4x a classic filter of the same m.
//   Thread safety: NOT thread-safe; use SynchronizedFilter (any_filter.h) for shared use.
//   Measured (RelWithDebInfo, GCC 12; timings on a shared, loaded 2-core VM, indicative only):
//   n = 1M, p = 1%: 83,927 lines = 5.37 MB (42.97 bits per item), k = 6. FPR over 4 seeds x 4M
//   absent keys 0.998-1.012% (exact theory 0.99997%; stats' instance-exact estimate
//   0.994-1.005%); a 40M-query run agrees with the instance-exact estimate at z = 1.06.
//   tst_counting_bloom_filter: 200k absent keys at p = 10%, 1%, 0.1% and at 3x overfill all
//   inside the z = 4 bands. An insert or lookup costs one cache miss plus one XXH3-128 (speed:
//   docs/performance.md).
#pragma once

#include "core/filter_concept.h"
#include "core/filter_stats.h"
#include "core/filter_storage.h"
#include "core/hashing.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace bloomlab {

class CountingBloomFilter {
public:
    static constexpr unsigned kCountersPerLine = 128;
    static constexpr unsigned kBytesPerLine = 64;
    static constexpr std::uint8_t kMaxCount = 15;
    static constexpr std::uint32_t kMaxHashes = 64;  ///< at most half the line: distinct offsets stay cheap

    /// Sized so the blocked-layout FPR at n items is <= p; k chosen optimally for that layout.
    static CountingBloomFilter forCapacity(std::uint64_t capacity, double fpr, std::uint64_t seed = 0);
    /// The geometry forCapacity builds (the smallest line count whose best-k expectedFpr at
    /// `capacity` is <= fpr, and that k), without allocating. Throws std::invalid_argument.
    struct Geometry {
        std::uint64_t lines = 0;
        std::uint32_t hashes = 0;
    };
    static Geometry geometryFor(std::uint64_t capacity, double fpr);
    /// Exact geometry: numCounters is rounded up to whole lines (128 counters).
    CountingBloomFilter(std::uint64_t numCounters, std::uint32_t numHashes,
                        std::uint64_t capacity = 0, double targetFpr = 0.0, std::uint64_t seed = 0);

    bool insert(std::string_view key);  ///< always true
    bool mightContain(std::string_view key) const;
    bool erase(std::string_view key);   ///< false (and no change) when some counter is 0
    FilterStats stats() const;

    /// Exact expected FPR of this layout (distinct counters per key, see DESIGN) for n items in
    /// numLines lines with k counters per key. Throws std::invalid_argument on bad arguments.
    static double expectedFpr(double n, std::uint64_t numLines, std::uint32_t numHashes);
    /// expectedFpr(n, numLines(), numHashes()).
    double expectedFprAt(double n) const { return expectedFpr(n, m_numLines, m_numHashes); }

    /// Counter indexes (global, line * 128 + offset) of a key, in probe order.
    std::vector<std::uint64_t> probePositions(std::string_view key) const;
    std::uint8_t counterAt(std::uint64_t index) const;

    std::uint64_t numCounters() const noexcept { return m_numLines * kCountersPerLine; }
    std::uint64_t numLines() const noexcept { return m_numLines; }
    std::uint32_t numHashes() const noexcept { return m_numHashes; }
    std::uint64_t capacity() const noexcept { return m_capacity; }
    double targetFpr() const noexcept { return m_targetFpr; }
    std::uint64_t seed() const noexcept { return m_hash.seed(); }
    std::uint64_t itemCount() const noexcept { return m_items; }
    std::span<const std::uint8_t> bytes() const noexcept { return m_bytes; }

    static CountingBloomFilter fromBytes(std::uint64_t numLines, std::uint32_t numHashes,
                                         std::uint64_t capacity, double targetFpr, std::uint64_t seed,
                                         std::uint64_t items, std::span<const std::uint8_t> bytes);

private:
    struct Probe {
        std::uint64_t line = 0;
        std::array<std::uint8_t, kMaxHashes> offsets{};
    };
    Probe probe(std::string_view key) const noexcept;
    std::uint8_t counter(std::uint64_t line, unsigned offset) const noexcept;

    std::uint64_t m_numLines = 0;
    std::uint32_t m_numHashes = 0;
    std::uint64_t m_capacity = 0;
    double m_targetFpr = 0.0;
    SeededXxh3_128 m_hash;  ///< the seed, and its XXH3 constant derived once
    std::uint64_t m_items = 0;
    FilterArray<std::uint8_t> m_bytes;  // numLines * 64, 64-byte aligned; huge pages from 2 MiB (filter_storage.h)
};

static_assert(DeletableFilter<CountingBloomFilter>);

} // namespace bloomlab
