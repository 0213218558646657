// MortonFilter — a cuckoo filter whose buckets live inside 64-byte blocks, so that a lookup
// reads one cache line for most keys (after Breslow & Jayasena, "Morton Filters: Faster,
// Space-Efficient Cuckoo Filters via Biasing, Compression, and Decoupled Logical Sparsity",
// VLDB 2018).
//
// DESIGN
//   Layout: numBlocks blocks of 64 bytes (one cache line each; the array starts on a line):
//
//     bits   0..419   fingerprint store: 35 slots of 12 bits (slot s = bits [12 s, 12 s + 12))
//     bits 420..447   overflow bits: 28
//     bits 448..511   fullness counters: 32 logical buckets x 2 bits (the block's last word)
//
//   A block holds 32 logical buckets of 0 to 3 fingerprints that share its 35 slots: bucket j's
//   fingerprints are the slots [c_0 + ... + c_{j-1}, + c_j) in bucket order, so a block's
//   fingerprints are a prefix of its slots and a bucket starts at the sum of the counters below
//   it (popcounts, or SWAR, of the counter word). Space goes where the keys fell: a bucket holds
//   ~1.03 fingerprints on average at the design load, a crowded one up to 3, instead of every
//   bucket reserving 4 slots (the compression of the paper's title). A bucket's (at most 3)
//   fingerprints are read with one 8-byte load from inside the block and matched as 12-bit
//   lanes at once, with the cuckoo filter's "has a zero lane" test.
//     key -> XXH64 (seeded) = h
//     block = (h >> 32) * numBlocks >> 32          bucket j = h & 31       first bucket b1 = 32 block + j
//     fp = 1 + (((h & 0xFFFFFFFF) >> 5) * 4095 >> 27)                       1 .. 4095; 0 marks nothing
//     b2 = b1 + off(fp) if b1 is even, b1 - off(fp) if it is odd (mod N = 32 numBlocks),
//          off(fp) = 2 ((fp * 0x85EBCA6B mod 2^32) (N / 2) >> 32) + 1      odd, below N
//   The odd offset flips the parity, so alt(alt(b, fp), fp) = b: a fingerprint moves between its
//   two buckets knowing only where it is (the paper's H2). Block, bucket and fingerprint come
//   from disjoint bits of h, with multiplies only, so eight keys are placed per AVX-512 vector.
//   Overflow bits decide whether a lookup needs a second line. A key's bit is o(fp), one of 28
//   (a multiplicative hash of fp). Whenever a fingerprint is put outside the bucket it came from
//   (an insert into b2, a kick moving it from b to alt(b)), o(fp) is set in the block it left.
//   So a fingerprint that is not in its first bucket always has its bit set there, and a lookup
//   reads the second block only when the first bucket has no match and the bit is set. Bits are
//   never cleared (a stale bit only costs a read).
//   insert: into b1 if its block has a free slot and b1 fewer than 3 fingerprints; else into b2
//   likewise; else kicks: the carried fingerprint goes to a random one of its two buckets, whose
//   victim is one of the bucket's own 3 when it is full, else any fingerprint of the (full)
//   block, and the victim goes on to its other bucket, up to maxKicks. When kicks run out the
//   carried fingerprint goes to a one-slot stash (nothing lost); while it is occupied an insert
//   that finds no room in b1 or b2 returns false and changes nothing, as CuckooFilter's does.
//   erase: removes one fingerprint equal to the key's from where mightContain looks, in its
//   order: the first bucket, the second when the key's overflow bit is set, then the stash. So
//   erase(key) is true exactly when mightContain(key) was, and a false one changes nothing.
//   Every copy of a fingerprint in a key's two buckets belongs to a key with the same pair of
//   buckets, so removing any one of them leaves each remaining key a copy it finds (a copy in a
//   key's second bucket always has that key's bit set). Overflow bits are not cleared (another
//   fingerprint may share the bit, and which fingerprints moved is not recorded): a stale bit
//   costs a second read and a second bucket's share of the FPR, and stale bits accumulate as
//   keys are replaced (figures in docs/performance.md); a table rebuilt from its keys starts
//   clean. A freed slot takes the stash back when it is in one of the stash's buckets; which of
//   the two is its key's first is not known, so the other one's overflow bit is set too.
//   Erasing a key that was never inserted but collides with one that was removes that key's
//   fingerprint (docs/pitfalls.md #7): only erase inserted keys. Duplicates are stored as
//   copies and erased one at a time.
//   Deterministic figures (fixed seeds, tst_morton_filter): the first failed insert at load
//   0.998-1.000 (100, 1,000 and 20,000 blocks); at the 0.94 design load 10% of the overflow bits
//   are set and an absent key reads 1.10 lines (cuckoo12: 2.19, its local layout 1.90); FPR
//   0.030% (exact, averaged over every first bucket and fingerprint) at 15.56 bits per item,
//   against cuckoo12's 0.18% at 12.77.
//   FPR: a lookup compares fp with one bucket's fingerprints, and a second's when the bit is
//   set: about (items / buckets) (1 + set share of overflow bits) / 4095 (stats(); a little
//   below the exact rate, which also counts keys whose (b1, fp) is that of a moved fingerprint).
//   Sizing: numBlocks = ceil(n / (35 kMortonDesignLoad)); at most 2^27 blocks (2^32 buckets).
//   Trade-offs: an insert or erase shifts up to 35 packed slots; not in AnyFilter or the
//   file format: the library and `bloomlab-cli perf` (row `morton12`) use it. A lookup does more
//   arithmetic than the cuckoo filter's (the counter sum before the slots can be read, the
//   overflow bit, the keys put aside), so it wins where memory, not arithmetic, is the cost:
//   docs/performance.md.
//   Batched lookups (mightContainMany): XXH64 of a group of 32 keys at once (core/hash_batch.h;
//   on the AVX2 path its AVX2 kernel, four keys per vector and four with the scalar multiplier),
//   their blocks prefetched a distance ahead (into the L2 for a table beyond it:
//   core/prefetch_distance.h); when the group is visited its first buckets are matched in
//   stages, each over the whole group: the counter words read, then the buckets' starts summed
//   and their slots read, then the fingerprints compared (eight keys per AVX-512 vector or four
//   per AVX2 one, the words read with scalar loads as the cuckoo filter's are; without AVX2 key
//   by key). Matching key by key, each key's
//   slot read waited for its own counter word; the stages keep a group's reads in flight
//   together (figures in docs/performance.md). The keys that need their second block are put
//   aside with that block prefetched, to be matched when the next group is visited.
//   lookupPath() says which kernel ran: BLOOMLAB_NO_AVX512=1 leaves the AVX2 one,
//   BLOOMLAB_NO_AVX2=1 the portable one (for CPUs without AVX2 or popcnt); mightContain sums
//   the counters with popcnt unless the portable kernel runs.
//   Thread safety: NOT thread-safe.
#pragma once

#include "core/filter_concept.h"
#include "core/filter_stats.h"
#include "core/filter_storage.h"
#include "core/key_batch.h"
#include "core/prefetch_distance.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace bloomlab {

/// The load a Morton filter is sized for (items / slots): below the first failed insert
/// (docs/performance.md).
inline constexpr double kMortonDesignLoad = 0.94;

/// How a Morton filter's lookups run on this machine (MortonFilter::lookupPath()).
enum class MortonLookupPath : std::uint8_t {
    Avx512,   ///< batched: eight keys per AVX-512 vector; one key: popcnt
    Avx2,     ///< batched: four keys per AVX2 vector (no AVX-512, or BLOOMLAB_NO_AVX512 set); one key: popcnt
    Portable  ///< no AVX2 (the CPU lacks it, or BLOOMLAB_NO_AVX2 is set): key by key, SWAR sums
};
/// "AVX-512", "AVX2" or "portable".
const char* mortonLookupPathName(MortonLookupPath path) noexcept;

class MortonFilter {
public:
    static constexpr unsigned kFingerprintBits = 12;
    static constexpr unsigned kSlotsPerBlock = 35;
    static constexpr unsigned kBucketsPerBlock = 32;
    static constexpr unsigned kMaxPerBucket = 3;
    static constexpr unsigned kOverflowBits = 28;
    static constexpr std::uint32_t kDefaultMaxKicks = 500;
    static constexpr std::uint32_t kMaxKicksLimit = 1'000'000;
    static constexpr std::uint64_t kMaxBlocks = std::uint64_t{1} << 27;  ///< 2^32 buckets, 8 GiB
    static constexpr PrefetchDistances kBatchPrefetchDistances = {64, 64};

    /// ceil(capacity / (35 kMortonDesignLoad)) blocks. Throws std::invalid_argument.
    static MortonFilter forCapacity(std::uint64_t capacity, std::uint64_t seed = 0,
                                    std::uint32_t maxKicks = kDefaultMaxKicks);
    /// numBlocks in [1, 2^27] (else std::invalid_argument).
    explicit MortonFilter(std::uint64_t numBlocks, std::uint64_t capacity = 0, std::uint64_t seed = 0,
                          std::uint32_t maxKicks = kDefaultMaxKicks);

    bool insert(std::string_view key);
    bool mightContain(std::string_view key) const;
    /// Removes one stored copy of the key's fingerprint (DESIGN: erase); false, and nothing
    /// changed, when mightContain(key) is false. Only erase keys that were inserted.
    bool erase(std::string_view key);
    void mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) const;
    void mightContainMany(const KeyBatch& keys, std::span<std::uint8_t> results) const;
    FilterStats stats() const;
    /// The code path lookups take here (chosen once per process from the CPU and the
    /// BLOOMLAB_NO_AVX512 / BLOOMLAB_NO_AVX2 variables).
    static MortonLookupPath lookupPath() noexcept;

    struct Placement {
        std::uint32_t fingerprint = 0;
        std::uint64_t bucket1 = 0;
        std::uint64_t bucket2 = 0;
    };
    Placement placementOf(std::string_view key) const noexcept;
    std::uint64_t alternateBucket(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept;
    /// mightContain for a key with this first bucket and fingerprint (bucket1 < numBuckets(),
    /// fingerprint in 1 .. 4095; unchecked): a key's answer depends on nothing else, so averaging
    /// it over every pair gives the exact false-positive rate of random absent keys.
    bool mightContainPlacement(std::uint64_t bucket1, std::uint32_t fingerprint) const noexcept;
    /// Cache lines mightContain(key) reads: 1, or 2 when it also needs the second block.
    unsigned linesRead(std::string_view key) const noexcept;
    /// The blocks as bytes (valid until the filter changes).
    std::span<const std::uint8_t> tableView() const noexcept {
        return {reinterpret_cast<const std::uint8_t*>(m_table.data()), static_cast<std::size_t>(m_numBlocks * 64)};
    }
    /// The fingerprints of one logical bucket, in slot order.
    std::vector<std::uint32_t> bucketFingerprints(std::uint64_t bucket) const;

    std::uint64_t numBlocks() const noexcept { return m_numBlocks; }
    std::uint64_t numBuckets() const noexcept { return m_numBlocks * kBucketsPerBlock; }
    std::uint64_t capacity() const noexcept { return m_capacity; }
    std::uint64_t seed() const noexcept { return m_seed; }
    std::uint64_t itemCount() const noexcept { return m_items; }
    std::uint64_t failedInserts() const noexcept { return m_failedInserts; }
    std::uint64_t kicks() const noexcept { return m_kicks; }
    std::optional<std::uint32_t> stashFingerprint() const noexcept;
    /// The stash as (one of its fingerprint's two buckets, fingerprint) when occupied.
    std::optional<std::pair<std::uint64_t, std::uint32_t>> stash() const noexcept;
    /// Occupied slots / (35 numBlocks) (the stash is not a slot).
    double loadFactor() const noexcept;
    /// Set overflow bits / (28 numBlocks).
    double overflowBitShare() const noexcept;

private:
    unsigned char* block(std::uint64_t index) noexcept {
        return reinterpret_cast<unsigned char*>(m_table.data()) + index * 64;
    }
    const unsigned char* block(std::uint64_t index) const noexcept {
        return reinterpret_cast<const unsigned char*>(m_table.data()) + index * 64;
    }
    bool bucketHas(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept;
    bool lookup(const Placement& p) const noexcept;
    /// True when the stash is occupied by this placement's fingerprint in one of its buckets.
    bool stashHolds(const Placement& p) const noexcept {
        return m_stashUsed && m_stashFingerprint == p.fingerprint &&
               (m_stashBucket == p.bucket1 || m_stashBucket == p.bucket2);
    }
    bool tryPlace(std::uint64_t bucket, std::uint32_t fingerprint) noexcept;
    /// Removes one slot equal to the fingerprint from the bucket (the block's later slots shift
    /// down); false when the bucket holds none.
    bool removeFrom(std::uint64_t bucket, std::uint32_t fingerprint) noexcept;
    /// After an erase: the stash's fingerprint back into one of its buckets if either has room.
    void restoreStash() noexcept;
    void clearStash() noexcept {
        m_stashUsed = false;
        m_stashBucket = 0;
        m_stashFingerprint = 0;
    }
    void setOverflow(std::uint64_t bucket, std::uint32_t fingerprint) noexcept;
    Placement placementFromHash(std::uint64_t hash) const noexcept;
    template <class Source>
    void lookupBatch(Source source, std::size_t count, std::span<std::uint8_t> results) const;
    std::uint64_t nextRandom() noexcept;

    std::uint64_t m_numBlocks = 0;
    std::uint64_t m_capacity = 0;
    std::uint64_t m_seed = 0;
    std::uint32_t m_maxKicks = kDefaultMaxKicks;
    std::uint64_t m_items = 0;
    std::uint64_t m_occupied = 0;
    std::uint64_t m_failedInserts = 0;
    std::uint64_t m_kicks = 0;
    std::uint32_t m_maxKickChain = 0;
    std::uint64_t m_rngState = 0x9E3779B97F4A7C15ULL;
    bool m_stashUsed = false;
    std::uint64_t m_stashBucket = 0;
    std::uint32_t m_stashFingerprint = 0;
    FilterArray<std::uint64_t> m_table;  // 8 words per block; 64-byte aligned
};

static_assert(DeletableFilter<MortonFilter>);

} // namespace bloomlab
