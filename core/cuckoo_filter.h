// CuckooFilter<FingerprintBits> — partial-key cuckoo hashing (Fan, Andersen, Kaminsky &
// Mitzenmacher, "Cuckoo Filter: Practically Better Than Bloom", CoNEXT 2014).
//
// DESIGN
//   Layout: numBuckets (any count >= 1) buckets of 4 slots; a slot holds an f-bit fingerprint,
//   f in {8, 12, 16}; 0 means empty. Buckets are packed little-endian: bucket i is the 4f-bit
//   integer at byte offset i * f / 2 (32, 48 or 64 bits; every bucket starts on a byte), slot j
//   is its bits [j f, (j + 1) f). Memory is exactly numBuckets * 4 * f / 8 bytes, plus one
//   padding word so a bucket is always read with one unaligned 8-byte load.
//
//     bucket (f = 12):  bits 47..36 | 35..24 | 23..12 | 11..0
//                           slot 3  | slot 2 | slot 1 | slot 0
//     key -> XXH3-128 (seeded) -> (lo, hi)
//     fp = 1 + reduceRange(hi, 2^f - 1)          uniform over 1 .. 2^f - 1, so 0 stays "empty"
//     N a power of two:  i1 = lo & (N - 1)          i2 = i1 XOR (fmix64(fp) & (N - 1))
//     any other N:       i1 = reduceRange(lo, N)    i2 = (t - i1) mod N,  t = reduceRange(fmix64(fp), N)
//     (fmix64 = MurmurHash3's 64-bit finaliser; reduceRange = multiply-shift, no division)
//   Both maps use only i and fp, and alt(alt(i, fp), fp) = i (XOR: x ^ y ^ y = x; subtraction:
//   t - (t - i) = i mod N): an involution for every N, so relocated fingerprints stay findable
//   (docs/pitfalls.md #5: plain i1 XOR h(fp) mod N is NOT one when N is not a power of two). Sizing picks
//   the fewest buckets for 94% load (filter_math::cuckooBucketsFor, kCuckooDesignLoad: below
//   the load of the first failed insert, which falls to ~0.949 at 26M buckets), so a table holds
//   n at 12.8 bits per item for f = 12 instead of up to twice that after rounding N up to a power
//   of two. Powers of two keep the XOR map, so every file written before other counts were allowed
//   loads with its buckets where they were; a build from before refuses the new counts.
//   Lookup is word-parallel: x = bucket XOR (fp * 0x..001001001001) has a zero f-bit lane iff a
//   slot holds fp, tested with the exact "has a zero lane" trick (x - ones) & ~x & highs != 0
//   (one load, five ALU operations per bucket, no loop over slots). The lowest flagged lane is
//   always a true zero lane, which is how insert finds a free slot and erase a matching one.
//
//   insert: place in i1 or i2 if a slot is free; else relocate (kick) a random victim from a
//   random one of the two buckets to its alternate, up to maxKicks (default 500; random choices
//   come from a xorshift64 seeded from the hash seed, so runs are deterministic). If kicks run
//   out, the last evicted fingerprint goes to a one-slot victim stash and insert returns true
//   (nothing is lost). While the stash is occupied the filter is full: insert only succeeds by
//   direct placement into i1 or i2, otherwise it returns false WITHOUT modifying anything, and
//   the failure is counted (docs/pitfalls.md #6). erase() that frees a slot tries to move the stash back
//   into the table. Duplicates: inserting the same key twice stores two copies (up to 2 x 4 = 8
//   per key before kicks are forced), so erase() removes one copy at a time, like a multiset.
//   erase: removes exactly one matching fingerprint from i1, i2 or the stash; returns false and
//   changes nothing when none matches. Erasing a key that was never inserted but collides with
//   an inserted one removes that key's fingerprint (docs/pitfalls.md #7): only erase inserted keys.
//   FPR: filter_math::cuckooFpr(f, 4, load) <= 8 / 2^f (the stash adds at most
//   2 / (numBuckets (2^f - 1)), negligible).
//   Thread safety: NOT thread-safe; use SynchronizedFilter (any_filter.h).
//   Measured (fixed seeds, so these loads are deterministic): first failed insert at load
//   0.974-0.980 (256 buckets), 0.963-0.969 (4,096), 0.960-0.965 (65,536), 0.956-0.963 (2^20)
//   over f = 8, 12, 16 (seeds 1-2 in tst_cuckoo_filter; 1-3 for 2^20); with the subtraction map
//   0.969-0.977 (300 buckets), 0.960-0.971 (5,000), 0.961-0.964 (70,001); f = 12 with integer
//   keys (bloomlab-cli perf): 0.954 at 2.6M buckets, 0.949 at 26M, hence the 0.94 design load.
//   At load 0.95 in 2^18 buckets, 2M absent keys: FPR f = 8 2.932% (theory 2.931%), f = 12 0.1857% (0.1854%),
//   f = 16 0.0122% (0.0116%); 8.42 / 12.63 / 16.84 bits per item; filling to 0.95 costs ~0.9
//   kicks per item (max chain ~200-230).
//   LOCAL LAYOUT (CuckooLayout::Local, chosen at construction, saved as file format v3; the
//   default Spread is everything above). Only the alternate-bucket map changes: same fingerprint,
//   same first bucket, same table bytes, same sizing. With the spread map a lookup reads two
//   random buckets, so it waits for two cache lines (2.19 lines for f = 12, whose 6-byte buckets
//   are read with 8-byte loads). Like a vacuum filter (Wang et al., VLDB 2019), the local map
//   keeps the alternate bucket inside an aligned block whose size r the fingerprint chooses:
//     mix = fmix64(fp);  g = mix >> 61 (8 groups);  r = kLocalRanges[g] = 8, 16, 16, 64, 256,
//                        1,024, 8,192, 65,536 buckets
//     i2 = i1 XOR (1 + reduceRange(mix << 3, r - 1))    inside the aligned block of r buckets
//     last block of a group: [tailBase, N) holds the r <= size < 2r leftover buckets when r does
//     not divide N (or the whole table when N < r); there i2 = base + (t - (i1 - base)) mod size,
//     t = reduceRange(mix << 3, size): the subtraction map above, inside that block
//   Both maps depend only on fp and on the block, which i1 and i2 share, so alt(alt(i, fp), fp)
//   = i for every N (tst_cuckoo_filter checks every table of 1 to 300 buckets and random pairs in
//   larger ones, incl. non-powers of two); no rounding of the bucket count is needed. The offset
//   is never 0, so the two buckets differ outside a last block. Why 8 groups with mostly small
//   ranges and a few large ones: with small ranges only, each block is a closed table and the
//   most loaded of many blocks overflows early (all ranges 8: first failed insert at load 0.37
//   in 2^20 buckets; 8, 8, 8, 1024: 0.51); the fingerprints with large ranges let a crowded
//   block shed items to its neighbours (vacuum's several ranges). This mix was the best
//   measured (a simulation of the same kick rule) between locality and load for 2^20 to 26.6M
//   buckets: first failed insert at 0.947-0.955 at 2.66M and 26.6M buckets; fewer large-range
//   groups lose load as N grows (8, 16, 16, 16, 64, 128, 512, 4096: 0.86-0.91 at 26.6M
//   buckets), more of them lose locality.
//   Measured (fixed seeds): first failed insert at load 0.9533-0.9659 over 5,000, 70,001, 2^17
//   and 263,158 buckets, f = 8, 12, 16, seeds 1-2 (tst_cuckoo_filter bounds it at 0.95; spread:
//   0.9596 and up), so a table sized at the 0.94 design load takes its n; f = 12 with integer
//   keys (bloomlab-cli perf, cuckoo12_local fill line): 0.9593 at 265,958 buckets (1M keys),
//   0.9554 at 2,659,575 (10M; spread: 0.9625 and 0.9578). FPR at load 0.94 on 200,000
//   absent keys (2^15 and 70,001 buckets): f = 8 2.854% / 2.855% (theory 2.900%), f = 12
//   0.1705% / 0.1915% (0.1834%), f = 16 0.0100% / 0.0080% (0.0115%): the layout moves buckets,
//   not fingerprints, so cuckooFpr holds. Lines per lookup (f = 12, counted over real
//   placements, perf's geometry column): 1.90 instead of 2.19: three keys in eight find both
//   buckets in 96 bytes, most others still read two lines. Trade-offs: a second line is still
//   read by most keys (a one-line lookup needs buckets in one 64-byte block, which caps the load:
//   the Morton filter's overflow bits are the way past that); the map costs a few more
//   operations per key (a group lookup, a second reduceRange), which shows when the table is in
//   cache; a local file cannot be read by a build from before it ("unsupported version 3").
//   Batched lookups (mightContainMany): with AVX-512, groups of keys hashed (XXH3-128 of eight
//   8-byte keys per vector, core/hash_batch.h), placed (fingerprint, both buckets) and matched
//   (both buckets read into two vectors, the zero-lane test on 64-bit lanes) eight at a time; the
//   words are read with scalar loads, not gathers, which are slow on AMD Zen and on Intel cores
//   with the Gather Data Sampling mitigation (core/simd_avx2.h): groups of 64 keys prefetched 64
//   keys ahead (one group). With AVX2 only (most laptops and cloud VMs), the same four at a time
//   (AVX2's 32 x 32-bit multiplies build the 64-bit ones; tables below 2^32 buckets), groups of
//   64 at 64 too; except that a local table where a last block is rare (tailsRare) with f = 8 or
//   12 places its keys one by one with the scalar multiplier, the offset outside a last block
//   read from a 4,096-entry table by fingerprint (fmix64 and the reduction once per fingerprint,
//   not per key), while the vectors hash (four keys per vector beside four scalar ones).
//   Without either, a block pipeline of 32 keys (16 beyond the L2), key by key.
//   Beyond the L2 the lines are prefetched into the L2 only (core/prefetch_distance.h): 64 keys
//   ahead are ~140 lines, more than the L1's fill buffers hold, which is why the distance was 32
//   (groups of 16, or of 8 with AVX2) while prefetches filled the L1; the L2's miss queue takes
//   them (figures in docs/performance.md). Keys come as a span of string_views or as a KeyBatch
//   (one buffer + offsets, core/key_batch.h), through the same loops. A lookup reads two buckets
//   (and a third line for 3 buckets in 32, where a bucket straddles two lines). Speed:
//   docs/performance.md and report.md.
#pragma once

#include "core/filter_concept.h"
#include "core/filter_stats.h"
#include "core/filter_storage.h"
#include "core/hashing.h"
#include "core/key_batch.h"
#include "core/prefetch_distance.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <string_view>
#include <vector>

namespace bloomlab {

/// Where a key's alternate bucket may lie; chosen at construction and saved in the file.
///   Spread  anywhere in the table (the XOR or subtraction map above); the default.
///   Local   near the first bucket for most fingerprints (the range map, LOCAL LAYOUT above).
enum class CuckooLayout : std::uint8_t { Spread = 0, Local = 1 };

/// "spread", "local".
std::string_view cuckooLayoutName(CuckooLayout layout) noexcept;
/// Parses the names above; std::nullopt for anything else.
std::optional<CuckooLayout> parseCuckooLayout(std::string_view name) noexcept;

/// The alternate-bucket map of a table of numBuckets buckets: the one home of the rule (the
/// AVX-512 placement in cuckoo_filter.cpp applies these same tables eight keys at a time).
struct CuckooAlternateMap {
    /// Local layout: the fingerprint's mix picks one of eight groups (its top 3 bits); a group
    /// keeps the alternate bucket inside an aligned block of this many buckets.
    static constexpr std::array<std::uint64_t, 8> kLocalRanges = {8, 16, 16, 64, 256, 1024, 8192, 65536};

    CuckooAlternateMap() = default;
    CuckooAlternateMap(std::uint64_t numBuckets, CuckooLayout layout) noexcept;
    std::uint64_t operator()(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept;

    std::uint64_t numBuckets = 1;
    CuckooLayout layout = CuckooLayout::Spread;
    bool powerOfTwo = true;  ///< spread: the XOR map (power of two) or the subtraction map
    // Local, per group g: blocks [k r, (k + 1) r) below tailBase[g] use bucket XOR offset; the
    // last block, [tailBase, numBuckets) of tailSize buckets (r <= size < 2r, or the whole table
    // when it is smaller than r), uses the subtraction map inside itself. tailBase = numBuckets
    // when r divides the table (no such block).
    std::array<std::uint64_t, 8> rangeMinusOne{};
    std::array<std::uint64_t, 8> tailBase{};
    std::array<std::uint64_t, 8> tailSize{};
    /// Local: true when a group of eight keys has a key in a last block less often than
    /// kRareTailShare; the vector placements then test for one and skip the last-block rule
    /// when none has, instead of computing it for every lane.
    bool tailsRare = false;
    static constexpr double kRareTailShare = 0.0625;
};

/// One step of the last insert's relocation chain (teaching mode draws it).
struct CuckooKick {
    std::uint64_t fromBucket = 0;
    std::uint32_t slot = 0;
    std::uint64_t toBucket = 0;
    std::uint32_t fingerprint = 0;
};

template <unsigned FingerprintBits>
class CuckooFilter {
    static_assert(FingerprintBits == 8 || FingerprintBits == 12 || FingerprintBits == 16,
                  "fingerprints are 8, 12 or 16 bits: 4 slots then pack into 32, 48 or 64 bits");

public:
    static constexpr unsigned kSlotsPerBucket = 4;
    static constexpr unsigned kFingerprintBits = FingerprintBits;
    static constexpr std::uint32_t kDefaultMaxKicks = 500;
    static constexpr std::uint32_t kMaxKicksLimit = 1'000'000;       ///< kicks are bounded
    static constexpr std::uint64_t kMaxBuckets = std::uint64_t{1} << 40;
    static constexpr unsigned kBucketBytes = kSlotsPerBucket * FingerprintBits / 8;
    /// Batched lookups' prefetch distances (keys; core/prefetch_distance.h: tables within the
    /// L2, larger ones): with AVX-512 groups placed eight keys per vector (64 keys per group at
    /// distances above 32, 16 at 32 and below), with AVX2 only four per vector (groups of 64
    /// above 32, of 8 at 32 and below), without either a block pipeline of key-by-key placements.
    /// Beyond the L2 the vector paths keep 64, as the blocked filter does: a key asks for two
    /// lines (2.2 with f = 12), and while prefetches filled the L1 half the distance was faster
    /// (as many lines in flight, not as many keys); into the L2, whose miss queue is longer, 64
    /// measured faster than 32 on both paths (figures in docs/performance.md).
    static constexpr PrefetchDistances kBatchPrefetchDistancesAvx512 = {64, 64};
    static constexpr PrefetchDistances kBatchPrefetchDistancesAvx2 = {64, 64};
    static constexpr PrefetchDistances kBatchPrefetchDistancesScalar = {32, 16};
    /// The vector paths' group at distances above 32 keys: one group ahead at 64. Against groups
    /// of 32 two ahead it halves the calls and loops per key around the hashing and placement;
    /// it measured faster on both vector paths, from the L2 to beyond the L3 (figures in
    /// docs/performance.md).
    static constexpr std::size_t kBatchLookupGroup = 64;

    /// Buckets from filter_math::cuckooBucketsFor(n, 4, kCuckooDesignLoad = 0.94). Throws std::invalid_argument.
    static CuckooFilter forCapacity(std::uint64_t capacity, std::uint64_t seed = 0,
                                    std::uint32_t maxKicks = kDefaultMaxKicks,
                                    CuckooLayout layout = CuckooLayout::Spread);
    /// numBuckets in [1, 2^40] (else std::invalid_argument); any count, not only powers of two.
    explicit CuckooFilter(std::uint64_t numBuckets, std::uint64_t capacity = 0,
                          std::uint64_t seed = 0, std::uint32_t maxKicks = kDefaultMaxKicks,
                          CuckooLayout layout = CuckooLayout::Spread);

    bool insert(std::string_view key);
    bool mightContain(std::string_view key) const;
    bool erase(std::string_view key);
    FilterStats stats() const;

    /// Batched lookup: hash a window, prefetch both buckets, then match.
    void mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) const;
    /// The same over keys in one buffer with offsets (KeyBatch, core/key_batch.h): same answers
    /// as the span overload and mightContain, key for key.
    void mightContainMany(const KeyBatch& keys, std::span<std::uint8_t> results) const;

    struct Placement {
        std::uint32_t fingerprint = 0;
        std::uint64_t bucket1 = 0;
        std::uint64_t bucket2 = 0;
    };
    Placement placementOf(std::string_view key) const;
    /// out[i] = placementOf(keys[i]) for every key, computed a group at a time (XXH3-128 and the
    /// bucket arithmetic of eight 8-byte keys per AVX-512 vector where the CPU has it, else of
    /// four per AVX2 vector: the batched lookup's first stage, so that tests compare its buckets
    /// key by key on both paths). Throws std::invalid_argument if the sizes differ.
    void placementsOf(std::span<const std::string_view> keys, std::span<Placement> out) const;
    std::uint64_t alternateBucket(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept;
    std::uint32_t slotAt(std::uint64_t bucket, unsigned slot) const;
    const std::vector<CuckooKick>& lastKickChain() const noexcept { return m_lastKicks; }
    std::optional<std::uint32_t> stashFingerprint() const noexcept;
    /// The stash as fromTable() takes it: (bucket, fingerprint) when occupied.
    std::optional<std::pair<std::uint64_t, std::uint32_t>> stash() const noexcept;

    std::uint64_t numBuckets() const noexcept { return m_numBuckets; }
    CuckooLayout layout() const noexcept { return m_alternate.layout; }
    std::uint64_t capacity() const noexcept { return m_capacity; }
    std::uint64_t seed() const noexcept { return m_hash.seed(); }
    std::uint32_t maxKicks() const noexcept { return m_maxKicks; }
    std::uint64_t itemCount() const noexcept { return m_items; }  ///< table slots + stash
    std::uint64_t failedInserts() const noexcept { return m_failedInserts; }
    std::uint64_t kicks() const noexcept { return m_kicks; }
    /// Occupied table slots / (4 numBuckets) (the stash is not a table slot).
    double loadFactor() const noexcept;
    /// Packed table bytes, little-endian (persistence).
    std::vector<std::uint8_t> tableBytes() const;
    /// The same bytes as tableBytes(), without a copy (valid until the filter changes): what a
    /// save streams to the file.
    std::span<const std::uint8_t> tableView() const noexcept {
        return {reinterpret_cast<const std::uint8_t*>(m_table.data()),
                static_cast<std::size_t>(m_numBuckets * kBucketBytes)};
    }

    /// Persistence. table.size() must be numBuckets * kBucketBytes; items must equal the occupied
    /// slots plus the stash; stash: (bucket, fingerprint) if occupied, with both of its buckets
    /// full (the invariant insert/erase keep). The kick RNG restarts from the seed. Throws
    /// std::invalid_argument.
    static CuckooFilter fromTable(std::uint64_t numBuckets, std::uint64_t capacity, std::uint64_t seed,
                                  std::uint32_t maxKicks, std::uint64_t items,
                                  std::uint64_t failedInserts, std::uint64_t kicks,
                                  std::span<const std::uint8_t> table,
                                  std::optional<std::pair<std::uint64_t, std::uint32_t>> stash,
                                  CuckooLayout layout = CuckooLayout::Spread);

private:
    std::uint64_t loadBucket(std::uint64_t bucket) const noexcept;
    void storeBucket(std::uint64_t bucket, std::uint64_t value) noexcept;
    bool tryPlace(std::uint64_t bucket, std::uint32_t fingerprint) noexcept;
    bool removeFrom(std::uint64_t bucket, std::uint32_t fingerprint) noexcept;
    bool lookup(const Placement& p) const noexcept;
    /// True when the stash is occupied by this placement's fingerprint in one of its buckets.
    bool stashHolds(const Placement& p) const noexcept {
        return m_stashUsed && m_stashFingerprint == p.fingerprint &&
               (m_stashBucket == p.bucket1 || m_stashBucket == p.bucket2);
    }
    /// mightContainMany for either key layout (a span of string_views or a KeyBatch).
    template <class Keys>
    void lookupBatch(const Keys& keys, std::span<std::uint8_t> results) const;
    Placement placementFromHash(std::uint64_t low, std::uint64_t high) const noexcept;
    /// placementOf with an 8-byte key's hash and the spread layout's map written out where it is
    /// used (GCC keeps both out of line otherwise: a call each per key, costing as much as their
    /// arithmetic). `hash` is m_hash, or a loop's local copy of it.
    Placement placementInline(std::string_view key, const SeededXxh3_128& hash) const noexcept;
    /// placementsOf for at most kPlacementChunk keys, unchecked.
    void placeChunk(const std::string_view* keys, std::size_t count, Placement* out) const noexcept;
    static constexpr std::size_t kPlacementChunk = 32;
    void restoreStash() noexcept;
    std::uint64_t nextRandom() noexcept;
    std::uint64_t occupiedSlots() const noexcept;

    // Packed buckets as bytes inside 64-bit words (see DESIGN), plus one padding word.
    std::uint64_t m_numBuckets = 0;
    CuckooAlternateMap m_alternate;  ///< the layout's alternate-bucket map (and the first bucket's rule)
    std::uint64_t m_capacity = 0;
    SeededXxh3_128 m_hash;  ///< the seed, and its XXH3 constant derived once
    std::uint32_t m_maxKicks = kDefaultMaxKicks;
    std::uint64_t m_items = 0;
    std::uint64_t m_failedInserts = 0;
    std::uint64_t m_kicks = 0;
    std::uint32_t m_maxKickChain = 0;
    std::uint64_t m_rngState = 0x9E3779B97F4A7C15ULL;
    bool m_stashUsed = false;
    std::uint64_t m_stashBucket = 0;
    std::uint32_t m_stashFingerprint = 0;
    std::vector<CuckooKick> m_lastKicks;
    FilterArray<std::uint64_t> m_table;  // 64-byte aligned; huge pages from 2 MiB (filter_storage.h)
};

extern template class CuckooFilter<8>;
extern template class CuckooFilter<12>;
extern template class CuckooFilter<16>;

static_assert(DeletableFilter<CuckooFilter<12>>);

} // namespace bloomlab
