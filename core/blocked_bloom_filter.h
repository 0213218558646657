// BlockedBloomFilter — the split-block Bloom filter (SBBF) of the Apache Parquet spec
// (parquet-format BloomFilter.md), bit-compatible with Parquet writers.
//
// DESIGN (the implementer fills in the measured figures)
//   Layout: numBlocks blocks of 256 bits = eight 32-bit words (one 32-byte block, half a cache
//   line). Stored as std::vector<std::uint32_t>, little-endian when persisted/exported, so the
//   bitset is byte-identical to a Parquet writer's.
//
//     block b:  | w0 | w1 | w2 | w3 | w4 | w5 | w6 | w7 |   (8 x 32 bits)
//     key -> h = XXH64(key, seed 0)
//     b = ((h >> 32) * numBlocks) >> 32            (needs numBlocks <= 2^32)
//     x = uint32(h);  bit of word i = (x * SALT[i]) >> 27,  one bit set per word
//
//   Hashing: XXH64 seed 0, as the spec requires (algorithm id 2). Lookups touch one block.
//   Trade-off: ~1 memory access per key (fast) for a higher FPR than a classic filter of the
//   same size; sizing uses filter_math::blockedBlocksFor (the real layout's Poisson mixture), not
//   the spec's optimistic formula (docs/pitfalls.md #11).
//   Concurrency: with Writers::Many (the default) insert() never loses a concurrent insert's
//   bits. Portable path: atomic fetch_or on the 32-bit words. AVX2 path: one vector load finds
//   the words still missing a bit, and each 16-byte half that needs one is updated with one lock
//   cmpxchg16b (two locked instructions at most instead of eight). With Writers::One (a single
//   inserting thread) a block is updated with one vector load, OR and store (portable: release
//   stores per word), no locked instruction. Lookups use acquire loads (portable) or one
//   vector load, which on x86 reads each aligned word atomically, in both modes.
//   SIMD: an AVX2 path is chosen at run time (cpuid) with a portable fallback; both set
//   identical bits (tested). BLOOMLAB_NO_AVX2=1 forces the fallback.
//   Batching: insertMany / mightContainMany / mightContainHashes run a group pipeline
//   (core/batch_pipeline.h): hash a group of keys (32, 8 at a time with AVX-512,
//   core/hash_batch.h; with AVX2 only, 16, 8-byte keys four per vector with their blocks placed
//   in the same vectors) and prefetch their blocks (into the L2 for a filter beyond it,
//   core/prefetch_distance.h), then probe the keys prepared 64 keys earlier. Keys come as a span
//   of string_views or as a KeyBatch (one buffer + offsets; the same loops, hashed from it).
//   FPR, n = 1M, p = 1%: 10.53 bits/key (41,130 blocks), 1.004% measured on 1M absent keys;
//   theory 1.000%. The spec formula's 9.68 bits/key measures 1.495% (n = 200k,
//   tst_blocked_bloom_filter). A lookup reads one cache line. Speed against the floor of random
//   64-byte reads: docs/performance.md and report.md.
#pragma once

#include "core/atomic_word_array.h"
#include "core/filter_concept.h"
#include "core/filter_stats.h"
#include "core/filter_storage.h"
#include "core/hashing.h"
#include "core/key_batch.h"
#include "core/prefetch_distance.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <string_view>
#include <vector>

namespace bloomlab {

class BlockedBloomFilter {
public:
    static constexpr unsigned kWordsPerBlock = 8;
    static constexpr unsigned kBytesPerBlock = 32;
    static constexpr std::uint64_t kMaxBlocks = std::uint64_t{1} << 32;
    /// Batched calls prefetch the block of key i + distance while key i is probed, the distance
    /// chosen per array by core/prefetch_distance.h from these (the perf benchmark's memory_bound
    /// row uses the same). With vectorised hashing a distance of 32 keys is too short a time for
    /// a miss.
    static constexpr PrefetchDistances kBatchPrefetchDistances = {64, 64};
    /// The eight SALT constants of the Parquet spec.
    static constexpr std::array<std::uint32_t, 8> kSalt = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU,
                                                           0xa2b7289dU, 0x705495c7U, 0x2df1424bU,
                                                           0x9efc4947U, 0x5c6bfb31U};

    /// Sized with filter_math::blockedBlocksFor(n, p). Throws std::invalid_argument.
    static BlockedBloomFilter forCapacity(std::uint64_t capacity, double fpr);
    /// ceil(bytes / 32) blocks: `-m 1KiB` gives exactly 32 blocks. Throws on 0 or > kMaxBlocks.
    static BlockedBloomFilter withBytes(std::uint64_t bytes, std::uint64_t capacity = 0,
                                        double targetFpr = 0.0);

    explicit BlockedBloomFilter(std::uint64_t numBlocks, std::uint64_t capacity = 0,
                                double targetFpr = 0.0);

    BlockedBloomFilter(const BlockedBloomFilter& other);
    BlockedBloomFilter& operator=(const BlockedBloomFilter& other);
    BlockedBloomFilter(BlockedBloomFilter&& other) noexcept;
    BlockedBloomFilter& operator=(BlockedBloomFilter&& other) noexcept;
    ~BlockedBloomFilter() = default;

    bool insert(std::string_view key);  ///< always true; thread-safe under Writers::Many
    bool mightContain(std::string_view key) const;
    FilterStats stats() const;

    static std::uint64_t hashOf(std::string_view key) noexcept { return xxh64(key, 0); }
    void insertHash(std::uint64_t hash);
    bool mightContainHash(std::uint64_t hash) const;
    void insertMany(std::span<const std::string_view> keys);
    void mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) const;
    /// The same over keys in one buffer with offsets (KeyBatch, core/key_batch.h): same bits set
    /// and same answers as the span overloads and the one-key calls, key for key.
    void insertMany(const KeyBatch& keys);
    void mightContainMany(const KeyBatch& keys, std::span<std::uint8_t> results) const;
    /// Hash-level batch (integer-key benchmarks hash outside).
    void mightContainHashes(std::span<const std::uint64_t> hashes, std::span<std::uint8_t> results) const;

    std::uint64_t blockIndex(std::uint64_t hash) const noexcept;
    /// The 8 bit indexes (0..31), one per word, that `hash` sets in its block.
    static std::array<std::uint8_t, 8> blockMask(std::uint64_t hash) noexcept;
    /// Global bit positions (block * 256 + word * 32 + bit) of a key, for teaching mode.
    std::vector<std::uint64_t> probePositions(std::string_view key) const;
    bool testBit(std::uint64_t index) const;
    std::uint64_t popcount() const;

    void unionWith(const BlockedBloomFilter& other);      ///< same numBlocks required
    void intersectWith(const BlockedBloomFilter& other);  ///< same numBlocks required

    std::uint64_t numBlocks() const noexcept { return m_numBlocks; }
    std::uint64_t numBits() const noexcept { return m_numBlocks * 256; }
    std::uint64_t capacity() const noexcept { return m_capacity; }
    double targetFpr() const noexcept { return m_targetFpr; }
    std::uint64_t itemCount() const noexcept { return m_items.load(std::memory_order_relaxed); }
    std::span<const std::uint32_t> words() const noexcept { return m_words.span(); }

    /// Who may insert at once (see Writers in filter_concept.h); Writers::Many by default.
    /// Not persisted, copied with the filter. Change it only while no thread inserts.
    void setWriters(Writers writers) noexcept { m_writers = writers; }
    Writers writers() const noexcept { return m_writers; }
    /// The bitset as Parquet stores it (little-endian 32-bit words).
    std::vector<std::uint8_t> bitsetBytes() const;

    /// Rebuild from a Parquet-layout bitset (size must be a non-zero multiple of 32 bytes).
    static BlockedBloomFilter fromBitset(std::span<const std::uint8_t> bitset, std::uint64_t capacity,
                                         double targetFpr, std::uint64_t items);

    /// True when the AVX2 path is in use on this CPU (reported by `perf` and `info`). Decided
    /// once per process: the CPU supports AVX2 (cpuid, via __builtin_cpu_supports) and the
    /// environment variable BLOOMLAB_NO_AVX2 is unset (set it to compare against the fallback).
    /// ThreadSanitizer builds always use the portable path (atomic loads it can see).
    static bool usingAvx2() noexcept;
    /// True when this CPU could run the AVX2 kernels (regardless of BLOOMLAB_NO_AVX2).
    static bool cpuHasAvx2() noexcept;

    // ---- Block kernels, exposed so tests can compare both paths bit for bit ----------------
    // `block` points at the 8 words of one block; x = uint32(hash). The AVX2 variants must only
    // be called when cpuHasAvx2(). Inserts are atomic per word (fetch_or) in both variants.
    static void blockInsertPortable(std::uint32_t* block, std::uint32_t x) noexcept;
    static bool blockCheckPortable(const std::uint32_t* block, std::uint32_t x) noexcept;
    static void blockInsertAvx2(std::uint32_t* block, std::uint32_t x) noexcept;
    static bool blockCheckAvx2(const std::uint32_t* block, std::uint32_t x) noexcept;

private:
    std::uint64_t m_numBlocks = 0;
    std::uint64_t m_capacity = 0;
    double m_targetFpr = 0.0;
    Writers m_writers = Writers::Many;
    std::atomic<std::uint64_t> m_items{0};
    AtomicWordArray<std::uint32_t> m_words;  // 8 per block
};

static_assert(MembershipFilter<BlockedBloomFilter>);

} // namespace bloomlab
