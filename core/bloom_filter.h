// BloomFilter — the classic Bloom filter (one flat bit array, k probes per key).
//
// DESIGN
//   Layout: m bits in std::vector<std::uint64_t> words; bit i lives in words[i / 64], bit i % 64
//   (little-endian word order when persisted).
//   Hashing: one XXH3-128 of the key (seeded) -> h1 = low, h2 = high | 1. Probe j (0 <= j < k)
//   is reduceRange(h1 + j * h2, m) (Kirsch & Mitzenmacher 2006 double hashing, computed mod 2^64,
//   then Lemire's multiply-shift onto [0, m)). h2 is forced odd and so never 0: all k probes of
//   one key differ before reduction (docs/pitfalls.md #2), and multiply-shift has no modulo bias and works
//   for any m up to 2^64 - 1 (docs/pitfalls.md #3, #4). All sizes are 64-bit.
//   Concurrency: mightContain() reads with acquire loads (in the BMI2 copies below, one shrx
//   from memory per probe, an aligned x86-64 read kept in order like them; bloom_filter.cpp
//   shiftedWord) and is safe alongside inserts; a query
//   that starts after an insert returned sees all of its bits (docs/pitfalls.md #12). Who may insert is
//   the filter's Writers mode: Many (default) sets bits with atomic fetch_or (release), so
//   concurrent inserts never lose bits; One (a single inserting thread, e.g. a bulk build) sets
//   them with plain release stores, without the locked instruction that keeps later loads from
//   starting before it completes.
//   Deletion: none (clearing bits would create false negatives for other keys; docs/pitfalls.md #7).
//   Batching: insertMany hashes key i + 16 and prefetches all its probe words while key i is
//   set. mightContainMany runs two stages: the first 2 probes of key i + 32 are prefetched; a key
//   whose 2 bits are set gets its other k - 2 probes prefetched and waits in a 16-key queue. An
//   absent key thus reads ~3.25 lines instead of k (half the bits are set at capacity).
//   mightContain hashes the key inline and calls the one-key lookup the filter picked when it was
//   made (detail::classicLookupFor; where the CPU has BMI2, a copy compiled for it whose probe
//   multiplies are mulx, hashing.h reduceRangeBmi2, and whose words are read and shifted by one
//   shrx each): for a filter
//   of at most a quarter of the L3 all k probes are loaded and combined without a branch (a
//   mispredicted branch costs more than cached lines);
//   for a larger one the same two stages as the batched call: probes 0 and 1 decide one branch,
//   the other k - 2 bits are combined without branches. The batched loops and the one-key lookups
//   are compiled for each k from 1 to 16 (unrolled; other k run loops with k read at run time, as
//   one-key inserts always do), and a batched call whose first key is 8 bytes long hashes its
//   keys 64 at a time through xxh3_128Many (eight per AVX-512 instruction, four per AVX2 one).
//   Like the one-key lookups, the batched loops have a BMI2 copy (mulx), run where
//   detail::cpuHasBmi2().
//   The batched calls take the keys as a span of string_views or as a KeyBatch (one buffer +
//   offsets, core/key_batch.h): the same loops, compiled for each layout.
//   Sizing: forCapacity uses the optimal k (least memory); filter_math::fewerProbesClassic gives
//   the fewest probes within +10% memory (p = 1%: k = 4, 10.52 bits per key), built with the
//   exact-geometry constructor or `bloomlab-cli build --fewer-probes`; perf measures it as classic_fast.
//   Storage: filter_storage.h (2-MiB aligned and MADV_HUGEPAGE from 2 MiB).
//   FPR, n = 1M, p = 1% (m = 9,585,059): 1.000% measured on absent keys; theory 1.004%.
//   A one-key lookup in a filter larger than the caches costs k = 7 memory accesses (as
//   libbloom's). Speed: docs/performance.md (the reference run) and report.md.
#pragma once

#include "core/atomic_word_array.h"
#include "core/filter_concept.h"
#include "core/filter_stats.h"
#include "core/filter_storage.h"
#include "core/hashing.h"
#include "core/key_batch.h"

#include <atomic>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace bloomlab {

namespace detail {

/// The one-key lookup of a hash in a filter with k probes (k is passed for k above the fixed
/// instantiations, see classicLookupFor).
using ClassicLookup = bool (*)(const std::uint64_t* words, std::uint64_t numBits, std::uint32_t k,
                               Hash128 hash) noexcept;

/// The one-key lookup compiled for k (1 <= k <= 64; bloom_filter.cpp), chosen once per filter:
/// for a cache-resident filter (storage::cacheResident) all k probes without a branch, otherwise
/// in two stages that skip the other k - 2 lines for most absent keys.
/// bmi2: the copy compiled for BMI2 (mulx, shrx; only when cpuHasBmi2()), same answers.
ClassicLookup classicLookupFor(std::uint32_t k, bool cacheResident, bool bmi2) noexcept;

/// True when this CPU has BMI2 (every x86-64 CPU with AVX2 has it) and BLOOMLAB_NO_AVX2 is unset:
/// the one-key lookups and the batched loops then run their BMI2 copies. BLOOMLAB_NO_AVX2 stands
/// for an x86-64 CPU before AVX2, which had no BMI2 either, so that the plain copies are tested too.
bool cpuHasBmi2() noexcept;

} // namespace detail

class BloomFilter {
public:
    /// Largest supported m: 2^40 bits (128 GiB). Beyond it the constructor refuses with a message
    /// instead of attempting the allocation.
    static constexpr std::uint64_t kMaxBits = std::uint64_t{1} << 40;
    static constexpr std::uint32_t kMaxHashes = 64;

    /// Sized by filter_math::optimalClassic(n, p). Throws std::invalid_argument on bad n or p.
    /// When the optimal k exceeds kMaxHashes (p below about 2^-64), k = 64 and m is solved for
    /// that k (filter_math::classicBitsForFixedK).
    static BloomFilter forCapacity(std::uint64_t capacity, double fpr, std::uint64_t seed = 0);

    /// Exact geometry. numBits >= 1, 1 <= numHashes <= 64. capacity/targetFpr are recorded for
    /// stats (0 = unknown). Throws std::invalid_argument.
    BloomFilter(std::uint64_t numBits, std::uint32_t numHashes, std::uint64_t capacity = 0,
                double targetFpr = 0.0, std::uint64_t seed = 0);

    BloomFilter(const BloomFilter& other);
    BloomFilter& operator=(const BloomFilter& other);
    /// Copies take a word-by-word snapshot (safe while other threads insert into `other`).
    /// A moved-from filter has no bits (numBits() == 0) and may only be assigned to or destroyed.
    BloomFilter(BloomFilter&& other) noexcept;
    BloomFilter& operator=(BloomFilter&& other) noexcept;
    ~BloomFilter() = default;

    bool insert(std::string_view key);               ///< always true; thread-safe under Writers::Many
    /// Thread-safe with concurrent inserts. Inline: the key is hashed in the caller's code (8-byte
    /// keys take the constant-length xxHash path), then one indirect call runs the probes.
    bool mightContain(std::string_view key) const noexcept { return mightContainHash(hashOf(key)); }
    FilterStats stats() const;

    // Hash-level API (hashing separate from layout; used by scalable layers and batching).
    Hash128 hashOf(std::string_view key) const noexcept { return m_hash(key); }
    void insertHash(Hash128 hash);
    bool mightContainHash(Hash128 hash) const noexcept {
        return m_lookup(m_words.data(), m_numBits, m_numHashes, hash);
    }

    /// Batched: hash a window of keys, prefetch their words, then probe. results.size() must
    /// equal keys.size() (results[i] = 1 for maybe, 0 for definitely not).
    void insertMany(std::span<const std::string_view> keys);
    void mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) const;
    /// The same over keys in one buffer with offsets (KeyBatch, core/key_batch.h): same bits set
    /// and same answers as the span overloads and the one-key calls, key for key.
    void insertMany(const KeyBatch& keys);
    void mightContainMany(const KeyBatch& keys, std::span<std::uint8_t> results) const;

    /// Probe j of a hash in an m-bit filter: reduceRange(low + j * (high | 1), m), all mod 2^64.
    /// Pure (no filter needed), so tests can check the step rule and positions past 2^32.
    static std::uint64_t probeIndex(Hash128 hash, std::uint32_t j, std::uint64_t numBits) noexcept {
        return reduceRange(hash.low + static_cast<std::uint64_t>(j) * (hash.high | 1U), numBits);
    }

    /// The k bit positions of a key, in probe order (teaching mode, tests).
    std::vector<std::uint64_t> probePositions(std::string_view key) const;
    bool testBit(std::uint64_t index) const;
    /// Teaching only ("why Bloom filters cannot delete"): clears one bit.
    void resetBitForDemo(std::uint64_t index);
    std::uint64_t popcount() const;

    /// Set operations: same m, k and seed required, else std::invalid_argument saying which
    /// parameter differs. Union is exact (same as inserting both sets); intersection is an
    /// upper approximation (it may answer "maybe" for keys in only one set, never "no" for a
    /// key in both). items after union = sum (an upper bound), after intersection = min.
    void unionWith(const BloomFilter& other);
    void intersectWith(const BloomFilter& other);

    std::uint64_t numBits() const noexcept { return m_numBits; }
    std::uint32_t numHashes() const noexcept { return m_numHashes; }
    std::uint64_t capacity() const noexcept { return m_capacity; }
    double targetFpr() const noexcept { return m_targetFpr; }
    std::uint64_t seed() const noexcept { return m_hash.seed(); }

    /// Who may insert at once (see Writers in filter_concept.h); Writers::Many by default.
    /// Not persisted, copied with the filter. Change it only while no thread inserts.
    void setWriters(Writers writers) noexcept { m_writers = writers; }
    Writers writers() const noexcept { return m_writers; }
    std::uint64_t itemCount() const noexcept { return m_items.load(std::memory_order_relaxed); }
    std::span<const std::uint64_t> words() const noexcept { return m_words.span(); }

    /// Persistence: rebuild from saved words (words.size() must be ceil(numBits / 64); bits past
    /// numBits must be zero). Throws std::invalid_argument.
    static BloomFilter fromWords(std::uint64_t numBits, std::uint32_t numHashes,
                                 std::uint64_t capacity, double targetFpr, std::uint64_t seed,
                                 std::uint64_t items, FilterArray<std::uint64_t> words);

private:
    /// Counts inserted keys. Writers::One: a relaxed load and store, since the one inserting thread
    /// is the only writer of the count; a locked add (Writers::Many) also waits until the insert's
    /// stores have drained, so one-key inserts could not overlap each other's misses.
    void addItems(std::uint64_t count) noexcept {
        if (m_writers == Writers::One) {
            m_items.store(m_items.load(std::memory_order_relaxed) + count, std::memory_order_relaxed);
        } else {
            m_items.fetch_add(count, std::memory_order_relaxed);
        }
    }

    /// The batched loops for either key layout (a span of string_views or a KeyBatch).
    template <class Keys>
    void insertBatch(const Keys& keys);
    template <class Keys>
    void lookupBatch(const Keys& keys, std::span<std::uint8_t> results) const;

    /// m_lookup for the current k and array size (the constructor and fromWords call it).
    void selectLookup() noexcept;

    std::uint64_t m_numBits = 0;
    std::uint32_t m_numHashes = 0;
    std::uint64_t m_capacity = 0;
    double m_targetFpr = 0.0;
    SeededXxh3_128 m_hash;  ///< the seed, and its XXH3 constant derived once
    Writers m_writers = Writers::Many;
    detail::ClassicLookup m_lookup = nullptr;  ///< set by selectLookup()
    std::atomic<std::uint64_t> m_items{0};
    AtomicWordArray<std::uint64_t> m_words;
};

static_assert(MembershipFilter<BloomFilter>);

} // namespace bloomlab
