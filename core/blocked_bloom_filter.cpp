// BlockedBloomFilter implementation: the Parquet split-block Bloom filter. Layout, hashing and
// concurrency contract: see blocked_bloom_filter.h.
#include "core/blocked_bloom_filter.h"
#include "core/errors.h"

#include "core/batch_pipeline.h"

#include "core/filter_math.h"
#include "core/hash_batch.h"
#include "core/hashing.h"
#include "core/prefetch_distance.h"
#include "core/simd_avx2.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define BLOOMLAB_HAVE_X86 1
#else
#define BLOOMLAB_HAVE_X86 0
#endif

#if defined(__SANITIZE_THREAD__)
#define BLOOMLAB_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BLOOMLAB_TSAN 1
#endif
#endif
#ifndef BLOOMLAB_TSAN
#define BLOOMLAB_TSAN 0
#endif

namespace bloomlab {

namespace {

// Prefetch distance of the batched paths: the block of key i + distance (batchChoice) is requested
// (into the L1 or, beyond the L2, the L2: core/prefetch_distance.h) while key i is probed, in a
// ring of groups of keys (hashed together, see KeySource). The group size follows how the keys
// are hashed (Source::vectorHashed): keys hashed in AVX-512 vectors (xxh64ManyVectorizes: 8-byte
// keys and strings from 4 bytes, four vectors of eight side by side), groups of 32; runs of
// strings of one length in AVX2 vectors (four vectors of four), groups of 16, one kernel call each
// (groups of 32 measured slower beyond the caches); keys hashed inline (InlineHashed: 8-byte keys
// and other strings without AVX-512, keys shorter than 4 bytes), groups of 16, whose blocks are
// requested sixteen at a time between the probes instead of 32 at once after a longer stretch of
// hashing. On the AVX2 path a group of sixteen 8-byte keys is hashed and placed four per vector
// (placeGroupAvx2); groups of 32 measured no faster there. Groups of 32 were the fastest tried on
// the AVX-512 path; on the scalar path groups of 8 were on the Intel hosts (through an
// out-of-line call per group), and with the inline hash groups of 16 beat 8 on the AMD host
// (figures in docs/performance.md).
// Precomputed hashes (HashSource) keep groups of 32.
// bench/perf_engine's memory_bound row uses the same distance and level.
constexpr std::size_t kPipelineGroup = 32;
constexpr std::size_t kInlineHashGroup = 16;
static_assert(kMinPrefetchDistance % kPipelineGroup == 0 && kMinPrefetchDistance % kInlineHashGroup == 0,
              "every distance is a whole number of groups");

/// The distance and prefetch level of a batch over this filter's array (core/prefetch_distance.h).
PrefetchChoice batchChoice(std::uint64_t numBlocks) noexcept {
    return choosePrefetchDistance(numBlocks * BlockedBloomFilter::kBytesPerBlock,
                                  BlockedBloomFilter::kBatchPrefetchDistances);
}

static_assert(BlockedBloomFilter::kWordsPerBlock * sizeof(std::uint32_t) == BlockedBloomFilter::kBytesPerBlock,
              "a block is eight 32-bit words = 32 bytes (Parquet spec)");
static_assert(std::atomic_ref<std::uint32_t>::required_alignment <= alignof(std::uint32_t),
              "words are accessed in place through std::atomic_ref");

inline void orWord(std::uint32_t& word, std::uint32_t bits) noexcept {
    std::atomic_ref<std::uint32_t> ref(word);
    // Relaxed pre-check: skip the locked RMW when every bit is already there.
    if ((ref.load(std::memory_order_relaxed) & bits) != bits) {
        ref.fetch_or(bits, std::memory_order_release);
    }
}

/// Parquet: block = ((h >> 32) * numBlocks) >> 32 (numBlocks <= 2^32, so no overflow).
inline std::uint64_t blockOf(std::uint64_t hash, std::uint64_t numBlocks) noexcept {
    return ((hash >> 32) * numBlocks) >> 32;
}

bool detectAvx2() noexcept {
#if BLOOMLAB_HAVE_X86 && !BLOOMLAB_TSAN
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") == 0) {
        return false;
    }
    const char* off = std::getenv("BLOOMLAB_NO_AVX2");
    return off == nullptr || *off == '\0';
#else
    return false;
#endif
}

bool avx2Enabled() noexcept {
    static const bool enabled = detectAvx2();
    return enabled;
}

// ---- Batched loops --------------------------------------------------------------------------
// A group software pipeline (core/batch_pipeline.h, groupPipeline): the hashes of a group of
// Group items are computed and their blocks prefetched, then the group prepared
// `distance` items earlier is probed, so hashing overlaps the cache misses and the misses
// are issued evenly. Hashes come from a Source, a whole group per call: precomputed (HashSource)
// or XXH64 of keys (KeySource). The loops exist once per kernel;
// the AVX2 copies carry target("avx2") so the kernel inlines into them. The choice between the
// copies is made once per batch call.

struct HashSource {
    const std::uint64_t* hashes;
    void operator()(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        std::copy_n(hashes + start, n, out);
    }
};

/// XXH64 (seed 0, as hashOf) of a group of keys at once: eight 8-byte keys per AVX-512 vector
/// where the CPU has it (core/hash_batch.h).
struct KeySource {
    const std::string_view* keys;
    void operator()(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        xxh64Many(std::span<const std::string_view>(keys + start, n), 0, out);
    }
    std::string_view key(std::size_t i) const noexcept { return keys[i]; }
    /// True when xxh64Many hashes these keys in vectors (judged by the first keys, as xxh64Many
    /// judges each group).
    bool vectorHashed(std::size_t count) const noexcept {
        return xxh64ManyVectorizes(std::span<const std::string_view>(keys, count));
    }
};

/// The same for keys in one buffer (KeyBatch).
struct BatchSource {
    KeyBatch keys;
    void operator()(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        xxh64Many(keys.subspan(start, n), 0, out);
    }
    std::string_view key(std::size_t i) const noexcept { return keys[i]; }
    bool vectorHashed(std::size_t count) const noexcept {
        return xxh64ManyVectorizes(keys.subspan(0, count));
    }
};

/// Sources of keys (not of precomputed hashes).
template <class Source>
concept HasKeys = requires(const Source& source) { source.key(std::size_t{0}); };

/// A key source hashed inline in the pipeline's loop, for keys xxh64Many would not hash in
/// AVX-512 vectors: it saves a call per group, and the keys' hashes, blocks and prefetches come
/// in one loop body (see pipelined), which overlaps the hashes of a group with each other and with
/// the probes. Key by key with hashing.h's xxh64 (the 8-byte case written out, XXH64 for other
/// lengths), or, on the AVX2 path, a whole group of 8-byte keys four per vector (placeGroupAvx2).
template <class Keys>
struct InlineHashed {
    Keys keys;
    /// True when keys [start, start + n) are all 8 bytes long (then word and hashLen8 apply).
    [[gnu::always_inline]] bool allFast(std::size_t start, std::size_t n) const noexcept {
        bool fast = true;
        for (std::size_t j = 0; j < n; ++j) {
            fast &= keys.key(start + j).size() == kFastKeyLength;
        }
        return fast;
    }
    /// The 8-byte key i as a little-endian word, as XXH64 reads it.
    [[gnu::always_inline]] std::uint64_t word(std::size_t i) const noexcept {
        std::uint64_t x = 0;
        std::memcpy(&x, keys.key(i).data(), sizeof x);
        return x;
    }
    [[gnu::always_inline]] std::uint64_t hashLen8(std::size_t i) const noexcept { return xxh64Len8(word(i), 0); }
    [[gnu::always_inline]] std::uint64_t hash(std::size_t i) const noexcept { return xxh64(keys.key(i)); }
};

/// Sources that pipelined hashes inline (InlineHashed) rather than a group per call.
template <class Source>
concept HashedInline = requires(const Source& source) { source.hashLen8(std::size_t{0}); };

#if defined(__x86_64__)
/// The prepare step of a full group of 8-byte keys on the AVX2 path: XXH64 four keys per vector
/// (simd::xxh64Len8x4), then in the same vectors each key's block (blockOf: the high half of the
/// hash times numBlocks, one 32 x 32-bit multiply, hence numBlocks < 2^32) and its address; the
/// addresses and the low 32 bits of the hashes go to the ring with one store each, and the blocks
/// are prefetched from the addresses just stored. The scalar hash spends six 64-bit multiplies per
/// key on the one scalar multiplier, and the vector form's three vpmuludq per multiply run on the
/// vector units beside the probes (figures in docs/performance.md). Not always_inline: called from
/// the pipeline's lambdas, which are compiled for AVX2 only once inlined into the AVX2 loops.
template <std::size_t Group, PrefetchLevel Level, int Rw, class Words, class Source>
__attribute__((target("avx2"))) inline void placeGroupAvx2(Words* words, std::uint64_t numBlocks, const Source& source,
                                                           std::size_t start, Words** block, std::uint32_t* x) noexcept {
    static_assert(Group % 4 == 0, "whole vectors of four keys");
    const __m256i blocks = simd::broadcast4(numBlocks);
    const __m256i base = simd::broadcast4(reinterpret_cast<std::uintptr_t>(words));
    const __m256i lowHalves = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
#pragma GCC unroll 8
    for (std::size_t j = 0; j < Group; j += 4) {
        const std::size_t i = start + j;
        const __m256i keys = _mm256_set_epi64x(static_cast<long long>(source.word(i + 3)), static_cast<long long>(source.word(i + 2)),
                                               static_cast<long long>(source.word(i + 1)), static_cast<long long>(source.word(i)));
        const __m256i hash = simd::xxh64Len8x4(keys, 0);
        const __m256i index = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(hash, 32), blocks), 32);
        static_assert(BlockedBloomFilter::kBytesPerBlock == 32, "the address is base + index * 32");
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(block + j), _mm256_add_epi64(base, _mm256_slli_epi64(index, 5)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(x + j),
                         _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(hash, lowHalves)));
        for (std::size_t l = 0; l < 4; ++l) {
            detail::prefetchLine<Level, Rw>(block[j + l]);
        }
    }
}
#endif

/// The pipeline every batched loop runs: hash a group of keys, find and prefetch their blocks,
/// then visit(i, block, x) the keys prefetched `distance` keys earlier. The ring keeps each key's
/// block address and the 32 bits that pick its bits (not the hash), so the block is located once
/// per key. Always inlined, so the AVX2 loops below get it compiled for AVX2.
template <int Rw, std::size_t Group, PrefetchLevel Level, bool Avx2, class Words, class Source, class Visit>
[[gnu::always_inline]] inline void pipelined(Words* words, std::uint64_t numBlocks, Source source, std::size_t count,
                                             std::size_t distance, Visit visit) noexcept {
    struct Prepared {
        std::array<Words*, Group> block;
        std::array<std::uint32_t, Group> x;
    };
    detail::groupPipeline<Group, kMaxPrefetchDistance / Group, Prepared>(
        count, distance / Group,
        [&](std::size_t start, std::size_t n, Prepared& p) __attribute__((always_inline)) {
            const auto place = [&](std::size_t j, std::uint64_t hash) __attribute__((always_inline)) {
                p.block[j] = words + blockOf(hash, numBlocks) * BlockedBloomFilter::kWordsPerBlock;
                p.x[j] = static_cast<std::uint32_t>(hash);
                detail::prefetchLine<Level, Rw>(p.block[j]);
            };
            if constexpr (HashedInline<Source>) {
                const bool allLen8 = source.allFast(start, n);
#if defined(__x86_64__)
                if constexpr (Avx2) {
                    if (allLen8 && n == Group && numBlocks < BlockedBloomFilter::kMaxBlocks) {
                        placeGroupAvx2<Group, Level, Rw>(words, numBlocks, source, start, p.block.data(), p.x.data());
                        return;
                    }
                }
#endif
                // Hash, locate and prefetch key by key: the prefetch also keeps the compiler from
                // turning the hash loop into emulated 64-bit vector multiplies.
                if (allLen8) {
                    for (std::size_t j = 0; j < n; ++j) {
                        place(j, source.hashLen8(start + j));
                    }
                } else {
                    for (std::size_t j = 0; j < n; ++j) {
                        place(j, source.hash(start + j));
                    }
                }
            } else {
                std::array<std::uint64_t, Group> hashes;
                source(start, n, hashes.data());
                for (std::size_t j = 0; j < n; ++j) {
                    place(j, hashes[j]);
                }
            }
        },
        [&](std::size_t start, std::size_t n, const Prepared& p) __attribute__((always_inline)) {
            if constexpr (Avx2 && Rw == 0) {
                // A full group's AVX2 checks written out: no test of the count between keys.
                if (n == Group) {
#pragma GCC unroll 32
                    for (std::size_t j = 0; j < Group; ++j) {
                        visit(start + j, p.block[j], p.x[j]);
                    }
                    return;
                }
            }
            for (std::size_t j = 0; j < n; ++j) {
                visit(start + j, p.block[j], p.x[j]);
            }
        });
}

template <std::size_t Group, PrefetchLevel Level, class Source>
void checkLoopPortable(const std::uint32_t* words, std::uint64_t numBlocks, Source source, std::size_t count, std::size_t distance,
                       std::uint8_t* results) noexcept {
    pipelined<0, Group, Level, false>(words, numBlocks, source, count, distance, [&](std::size_t i, const std::uint32_t* block, std::uint32_t x) __attribute__((always_inline)) {
        results[i] = BlockedBloomFilter::blockCheckPortable(block, x) ? 1 : 0;
    });
}

/// Writers::One: a plain (release) store of each ORed word; no other thread writes the block.
inline void blockInsertPortableOne(std::uint32_t* block, std::uint32_t x) noexcept {
    for (unsigned i = 0; i < BlockedBloomFilter::kWordsPerBlock; ++i) {
        std::atomic_ref<std::uint32_t> ref(block[i]);
        ref.store(ref.load(std::memory_order_relaxed) | (std::uint32_t{1} << ((x * BlockedBloomFilter::kSalt[i]) >> 27)),
                  std::memory_order_release);
    }
}

template <Writers W>
inline void blockInsertPortableAs(std::uint32_t* block, std::uint32_t x) noexcept {
    if constexpr (W == Writers::One) {
        blockInsertPortableOne(block, x);
    } else {
        BlockedBloomFilter::blockInsertPortable(block, x);
    }
}

template <Writers W, std::size_t Group, PrefetchLevel Level, class Source>
void insertLoopPortable(std::uint32_t* words, std::uint64_t numBlocks, Source source, std::size_t count, std::size_t distance) noexcept {
    pipelined<1, Group, Level, false>(words, numBlocks, source, count, distance, [&](std::size_t, std::uint32_t* block, std::uint32_t x) __attribute__((always_inline)) {
        blockInsertPortableAs<W>(block, x);
    });
}

#if BLOOMLAB_HAVE_X86

__attribute__((target("avx2"))) inline __m256i avx2Mask(std::uint32_t x) noexcept {
    const __m256i salt = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(BlockedBloomFilter::kSalt.data()));
    const __m256i shifts = _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_set1_epi32(static_cast<int>(x)), salt), 27);
    return _mm256_sllv_epi32(_mm256_set1_epi32(1), shifts);
}

// A vector load (32-byte aligned in the filter) of words that other threads may fetch_or into. On x86 every
// aligned 4-byte element of such a load is read atomically and loads are not reordered with
// other loads (TSO), so each word is seen either before or after a concurrent OR — the same
// guarantee as eight acquire loads. (TSan builds never take this path; see detectAvx2.)
__attribute__((target("avx2"))) inline bool avx2Check(const std::uint32_t* block, std::uint32_t x) noexcept {
    const __m256i bits = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block));
    return _mm256_testc_si256(bits, avx2Mask(x)) != 0;  // (~bits & mask) == 0
}

#if defined(__x86_64__)
/// 16-byte compare-and-swap (lock cmpxchg16b; every AVX2 CPU has CX16). On failure the current
/// value is written back to expectedLow/High. A locked instruction is atomic against every other
/// access to the same bytes, including the 32-bit atomic ORs of the portable path and of
/// unionWith (Intel SDM vol. 3, 8.1.2), and it is a full barrier (stronger than release).
struct alignas(16) QwordPair {
    std::uint64_t low;
    std::uint64_t high;
};
inline bool compareExchange16(std::uint32_t* address, std::uint64_t& expectedLow, std::uint64_t& expectedHigh,
                              std::uint64_t desiredLow, std::uint64_t desiredHigh) noexcept {
    bool swapped = false;
    __asm__ __volatile__("lock cmpxchg16b %1"
                         : "=@ccz"(swapped), "+m"(*reinterpret_cast<QwordPair*>(address)), "+a"(expectedLow),
                           "+d"(expectedHigh)
                         : "b"(desiredLow), "c"(desiredHigh)
                         : "memory");
    return swapped;
}
#endif

// Insert: one vector load tells which words still miss their bit; each 16-byte half that does
// is updated with one 16-byte CAS (two locked instructions at most, instead of eight 32-bit
// fetch_or; about three times faster, docs/performance.md). A plain vector store would
// lose bits set concurrently by other threads (docs/pitfalls.md #12).
__attribute__((target("avx2"))) inline void avx2Insert(std::uint32_t* block, std::uint32_t x) noexcept {
    const __m256i mask = avx2Mask(x);
    const __m256i bits = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block));
    const __m256i missing = _mm256_andnot_si256(bits, mask);
    if (_mm256_testz_si256(missing, missing) != 0) {
        return;  // every bit already set
    }
#if defined(__x86_64__)
    if ((reinterpret_cast<std::uintptr_t>(block) & 15U) == 0) {
        alignas(32) std::uint64_t maskQ[4];
        alignas(32) std::uint64_t bitsQ[4];
        _mm256_store_si256(reinterpret_cast<__m256i*>(maskQ), mask);
        _mm256_store_si256(reinterpret_cast<__m256i*>(bitsQ), bits);
        for (unsigned half = 0; half < 2; ++half) {
            const std::uint64_t maskLow = maskQ[2 * half];
            const std::uint64_t maskHigh = maskQ[2 * half + 1];
            std::uint64_t low = bitsQ[2 * half];
            std::uint64_t high = bitsQ[2 * half + 1];
            while (((maskLow & ~low) | (maskHigh & ~high)) != 0 &&
                   !compareExchange16(block + 4 * half, low, high, low | maskLow, high | maskHigh)) {
            }
        }
        return;
    }
#endif
    // Unaligned block (only through the public kernel) or 32-bit x86: per-word atomic OR.
    alignas(32) std::uint32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), mask);
    for (unsigned i = 0; i < 8; ++i) {
        orWord(block[i], lanes[i]);
    }
}

template <std::size_t Group, PrefetchLevel Level, class Source>
__attribute__((target("avx2"))) void checkLoopAvx2(const std::uint32_t* words, std::uint64_t numBlocks, Source source,
                                                   std::size_t count, std::size_t distance, std::uint8_t* results) noexcept {
    pipelined<0, Group, Level, true>(words, numBlocks, source, count, distance, [&](std::size_t i, const std::uint32_t* block, std::uint32_t x) __attribute__((always_inline)) {
        results[i] = avx2Check(block, x) ? 1 : 0;
    });
}

// Writers::One: one vector load, OR, one vector store (no locked instruction). On x86 each aligned
// 4-byte element of the store is written atomically, so a concurrent reader sees every word
// before or after it, as with the per-word ORs; only a second writer could lose bits.
__attribute__((target("avx2"))) inline void avx2InsertOne(std::uint32_t* block, std::uint32_t x) noexcept {
    __m256i* const address = reinterpret_cast<__m256i*>(block);
    _mm256_storeu_si256(address, _mm256_or_si256(_mm256_loadu_si256(address), avx2Mask(x)));
}

template <Writers W>
__attribute__((target("avx2"))) inline void avx2InsertAs(std::uint32_t* block, std::uint32_t x) noexcept {
    if constexpr (W == Writers::One) {
        avx2InsertOne(block, x);
    } else {
        avx2Insert(block, x);
    }
}

template <Writers W, std::size_t Group, PrefetchLevel Level, class Source>
__attribute__((target("avx2"))) void insertLoopAvx2(std::uint32_t* words, std::uint64_t numBlocks, Source source,
                                                    std::size_t count, std::size_t distance) noexcept {
    pipelined<1, Group, Level, true>(words, numBlocks, source, count, distance, [&](std::size_t, std::uint32_t* block, std::uint32_t x) __attribute__((always_inline)) {
        avx2InsertAs<W>(block, x);
    });
}

#endif  // BLOOMLAB_HAVE_X86

template <std::size_t Group, class Source>
void checkRangeIn(const std::uint32_t* words, std::uint64_t numBlocks, Source source, std::size_t count,
                  std::uint8_t* results) noexcept {
    const PrefetchChoice choice = batchChoice(numBlocks);
    detail::withPrefetchLevel(choice.level, [&](auto level) {
#if BLOOMLAB_HAVE_X86
        if (avx2Enabled()) {
            checkLoopAvx2<Group, level()>(words, numBlocks, source, count, choice.distance, results);
            return;
        }
#endif
        checkLoopPortable<Group, level()>(words, numBlocks, source, count, choice.distance, results);
    });
}

template <class Source>
void checkRange(const std::uint32_t* words, std::uint64_t numBlocks, Source source, std::size_t count,
                std::uint8_t* results) noexcept {
    if constexpr (HasKeys<Source>) {
        if (!source.vectorHashed(count)) {
            checkRangeIn<kInlineHashGroup>(words, numBlocks, InlineHashed<Source>{source}, count, results);
            return;
        }
        if (!hashBatchVectorized()) {  // the AVX2 string kernel
            checkRangeIn<kInlineHashGroup>(words, numBlocks, source, count, results);
            return;
        }
    }
    checkRangeIn<kPipelineGroup>(words, numBlocks, source, count, results);
}

template <Writers W, std::size_t Group, class Source>
void insertRangeIn(std::uint32_t* words, std::uint64_t numBlocks, Source source, std::size_t count) noexcept {
    const PrefetchChoice choice = batchChoice(numBlocks);
    detail::withPrefetchLevel(choice.level, [&](auto level) {
#if BLOOMLAB_HAVE_X86
        if (avx2Enabled()) {
            insertLoopAvx2<W, Group, level()>(words, numBlocks, source, count, choice.distance);
            return;
        }
#endif
        insertLoopPortable<W, Group, level()>(words, numBlocks, source, count, choice.distance);
    });
}

template <Writers W, class Source>
void insertRangeAs(std::uint32_t* words, std::uint64_t numBlocks, Source source, std::size_t count) noexcept {
    if constexpr (HasKeys<Source>) {
        if (!source.vectorHashed(count)) {
            insertRangeIn<W, kInlineHashGroup>(words, numBlocks, InlineHashed<Source>{source}, count);
            return;
        }
        if (!hashBatchVectorized()) {  // the AVX2 string kernel
            insertRangeIn<W, kInlineHashGroup>(words, numBlocks, source, count);
            return;
        }
    }
    insertRangeIn<W, kPipelineGroup>(words, numBlocks, source, count);
}

template <class Source>
void insertRange(Writers writers, std::uint32_t* words, std::uint64_t numBlocks, Source source,
                 std::size_t count) noexcept {
    if (writers == Writers::One) {
        insertRangeAs<Writers::One>(words, numBlocks, source, count);
    } else {
        insertRangeAs<Writers::Many>(words, numBlocks, source, count);
    }
}

void validateBlocks(std::uint64_t numBlocks, double targetFpr) {
    if (numBlocks == 0) {
        throw std::invalid_argument("a blocked Bloom filter needs at least 1 block (32 bytes); got 0");
    }
    if (numBlocks > BlockedBloomFilter::kMaxBlocks) {
        throw std::invalid_argument("a blocked Bloom filter has at most 2^32 blocks (128 GiB), the Parquet "
                                    "layout's limit; got " + numberText(numBlocks));
    }
    requireProbabilityOrUnknown(targetFpr, "target p");
}

} // namespace

// ---- Kernels ------------------------------------------------------------------------------

void BlockedBloomFilter::blockInsertPortable(std::uint32_t* block, std::uint32_t x) noexcept {
    for (unsigned i = 0; i < kWordsPerBlock; ++i) {
        orWord(block[i], std::uint32_t{1} << ((x * kSalt[i]) >> 27));
    }
}

bool BlockedBloomFilter::blockCheckPortable(const std::uint32_t* block, std::uint32_t x) noexcept {
    // Branch-free: accumulate every missing bit, answer once (early exits mispredict at ~50%).
    std::uint32_t missing = 0;
    for (unsigned i = 0; i < kWordsPerBlock; ++i) {
        const std::uint32_t mask = std::uint32_t{1} << ((x * kSalt[i]) >> 27);
        missing |= mask & ~loadWord(block[i]);
    }
    return missing == 0;
}

void BlockedBloomFilter::blockInsertAvx2(std::uint32_t* block, std::uint32_t x) noexcept {
#if BLOOMLAB_HAVE_X86
    avx2Insert(block, x);
#else
    blockInsertPortable(block, x);
#endif
}

bool BlockedBloomFilter::blockCheckAvx2(const std::uint32_t* block, std::uint32_t x) noexcept {
#if BLOOMLAB_HAVE_X86
    return avx2Check(block, x);
#else
    return blockCheckPortable(block, x);
#endif
}

bool BlockedBloomFilter::cpuHasAvx2() noexcept {
#if BLOOMLAB_HAVE_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
#else
    return false;
#endif
}

bool BlockedBloomFilter::usingAvx2() noexcept { return avx2Enabled(); }

// ---- Construction -------------------------------------------------------------------------

BlockedBloomFilter BlockedBloomFilter::forCapacity(std::uint64_t capacity, double fpr) {
    return BlockedBloomFilter(math::blockedBlocksFor(capacity, fpr), capacity, fpr);
}

BlockedBloomFilter BlockedBloomFilter::withBytes(std::uint64_t bytes, std::uint64_t capacity, double targetFpr) {
    if (bytes == 0) {
        throw std::invalid_argument("a blocked Bloom filter needs at least 1 byte (rounded up to one 32-byte "
                                    "block); got 0");
    }
    return BlockedBloomFilter(bytes / kBytesPerBlock + (bytes % kBytesPerBlock != 0 ? 1 : 0), capacity, targetFpr);
}

BlockedBloomFilter::BlockedBloomFilter(std::uint64_t numBlocks, std::uint64_t capacity, double targetFpr)
    : m_numBlocks(numBlocks), m_capacity(capacity), m_targetFpr(targetFpr) {
    validateBlocks(numBlocks, targetFpr);
    m_words = AtomicWordArray<std::uint32_t>(numBlocks * kWordsPerBlock);
}

BlockedBloomFilter::BlockedBloomFilter(const BlockedBloomFilter& other)
    : m_numBlocks(other.m_numBlocks),
      m_capacity(other.m_capacity),
      m_targetFpr(other.m_targetFpr),
      m_writers(other.m_writers),
      m_items(other.m_items.load(std::memory_order_relaxed)),
      m_words(other.m_words) {}

BlockedBloomFilter& BlockedBloomFilter::operator=(const BlockedBloomFilter& other) {
    if (this != &other) {
        BlockedBloomFilter copy(other);
        *this = std::move(copy);
    }
    return *this;
}

BlockedBloomFilter::BlockedBloomFilter(BlockedBloomFilter&& other) noexcept
    : m_numBlocks(std::exchange(other.m_numBlocks, 0)),
      m_capacity(std::exchange(other.m_capacity, 0)),
      m_targetFpr(std::exchange(other.m_targetFpr, 0.0)),
      m_writers(other.m_writers),
      m_items(other.m_items.exchange(0, std::memory_order_relaxed)),
      m_words(std::move(other.m_words)) {}

BlockedBloomFilter& BlockedBloomFilter::operator=(BlockedBloomFilter&& other) noexcept {
    if (this != &other) {
        m_numBlocks = std::exchange(other.m_numBlocks, 0);
        m_capacity = std::exchange(other.m_capacity, 0);
        m_targetFpr = std::exchange(other.m_targetFpr, 0.0);
        m_writers = other.m_writers;
        m_items.store(other.m_items.exchange(0, std::memory_order_relaxed), std::memory_order_relaxed);
        m_words = std::move(other.m_words);
    }
    return *this;
}

// ---- Single-key operations ----------------------------------------------------------------

bool BlockedBloomFilter::insert(std::string_view key) {
    insertHash(hashOf(key));
    return true;
}

bool BlockedBloomFilter::mightContain(std::string_view key) const { return mightContainHash(hashOf(key)); }

void BlockedBloomFilter::insertHash(std::uint64_t hash) {
    std::uint32_t* block = m_words.data() + blockOf(hash, m_numBlocks) * kWordsPerBlock;
    const auto x = static_cast<std::uint32_t>(hash);
    const bool one = m_writers == Writers::One;
#if BLOOMLAB_HAVE_X86
    if (avx2Enabled()) {
        one ? avx2InsertOne(block, x) : avx2Insert(block, x);
    } else {
        one ? blockInsertPortableOne(block, x) : blockInsertPortable(block, x);
    }
#else
    one ? blockInsertPortableOne(block, x) : blockInsertPortable(block, x);
#endif
    m_items.fetch_add(1, std::memory_order_relaxed);
}

bool BlockedBloomFilter::mightContainHash(std::uint64_t hash) const {
    const std::uint32_t* block = m_words.data() + blockOf(hash, m_numBlocks) * kWordsPerBlock;
#if BLOOMLAB_HAVE_X86
    if (avx2Enabled()) {
        return avx2Check(block, static_cast<std::uint32_t>(hash));
    }
#endif
    return blockCheckPortable(block, static_cast<std::uint32_t>(hash));
}

// ---- Batched operations -------------------------------------------------------------------

void BlockedBloomFilter::insertMany(std::span<const std::string_view> keys) {
    insertRange(m_writers, m_words.data(), m_numBlocks, KeySource{keys.data()}, keys.size());
    m_items.fetch_add(keys.size(), std::memory_order_relaxed);
}

void BlockedBloomFilter::mightContainMany(std::span<const std::string_view> keys,
                                          std::span<std::uint8_t> results) const {
    if (results.size() != keys.size()) {
        throw std::invalid_argument("mightContainMany: results has " + numberText(results.size()) + " slots for " +
                                    numberText(keys.size()) + " keys; they must be equal");
    }
    checkRange(m_words.data(), m_numBlocks, KeySource{keys.data()}, keys.size(), results.data());
}

void BlockedBloomFilter::insertMany(const KeyBatch& keys) {
    insertRange(m_writers, m_words.data(), m_numBlocks, BatchSource{keys}, keys.size());
    m_items.fetch_add(keys.size(), std::memory_order_relaxed);
}

void BlockedBloomFilter::mightContainMany(const KeyBatch& keys, std::span<std::uint8_t> results) const {
    if (results.size() != keys.size()) {
        throw std::invalid_argument("mightContainMany: results has " + numberText(results.size()) + " slots for " +
                                    numberText(keys.size()) + " keys; they must be equal");
    }
    checkRange(m_words.data(), m_numBlocks, BatchSource{keys}, keys.size(), results.data());
}

void BlockedBloomFilter::mightContainHashes(std::span<const std::uint64_t> hashes,
                                            std::span<std::uint8_t> results) const {
    if (results.size() != hashes.size()) {
        throw std::invalid_argument("mightContainHashes: results has " + numberText(results.size()) + " slots for " +
                                    numberText(hashes.size()) + " hashes; they must be equal");
    }
    checkRange(m_words.data(), m_numBlocks, HashSource{hashes.data()}, hashes.size(), results.data());
}

// ---- Inspection ---------------------------------------------------------------------------

std::uint64_t BlockedBloomFilter::blockIndex(std::uint64_t hash) const noexcept { return blockOf(hash, m_numBlocks); }

std::array<std::uint8_t, 8> BlockedBloomFilter::blockMask(std::uint64_t hash) noexcept {
    const auto x = static_cast<std::uint32_t>(hash);
    std::array<std::uint8_t, 8> bits{};
    for (unsigned i = 0; i < kWordsPerBlock; ++i) {
        bits[i] = static_cast<std::uint8_t>((x * kSalt[i]) >> 27);
    }
    return bits;
}

std::vector<std::uint64_t> BlockedBloomFilter::probePositions(std::string_view key) const {
    const std::uint64_t hash = hashOf(key);
    const std::uint64_t base = blockOf(hash, m_numBlocks) * 256;
    const std::array<std::uint8_t, 8> bits = blockMask(hash);
    std::vector<std::uint64_t> positions(kWordsPerBlock);
    for (unsigned i = 0; i < kWordsPerBlock; ++i) {
        positions[i] = base + i * 32U + bits[i];
    }
    return positions;
}

bool BlockedBloomFilter::testBit(std::uint64_t index) const {
    if (index >= numBits()) {
        throw std::out_of_range("bit index " + numberText(index) + " is outside the filter's " + numberText(numBits()) + " bits");
    }
    return (loadWord(m_words[index >> 5]) >> (index & 31)) & 1U;
}

std::uint64_t BlockedBloomFilter::popcount() const {
    return m_words.popcount();
}

FilterStats BlockedBloomFilter::stats() const {
    FilterStats s;
    s.items = itemCount();
    s.capacity = m_capacity;
    s.targetFpr = m_targetFpr;
    s.bytes = static_cast<std::uint64_t>(m_words.size()) * sizeof(std::uint32_t);
    s.bitsPerItem = s.items == 0 ? 0.0 : 8.0 * static_cast<double>(s.bytes) / static_cast<double>(s.items);
    s.layers = 1;
    if (m_numBlocks == 0) {
        return s;  // moved-from
    }
    // A random absent key picks a uniform block and one uniform bit per word: it answers "maybe"
    // with probability prod_i popcount(word_i) / 32 in that block. Averaged over blocks, this is
    // the exact FPR of the current bitset for a uniform hash.
    std::uint64_t setBits = 0;
    double fprSum = 0.0;
    for (std::uint64_t b = 0; b < m_numBlocks; ++b) {
        double product = 1.0;
        for (unsigned i = 0; i < kWordsPerBlock; ++i) {
            const int ones = std::popcount(loadWord(m_words[b * kWordsPerBlock + i], std::memory_order_relaxed));
            setBits += static_cast<std::uint64_t>(ones);
            product *= ones / 32.0;
        }
        fprSum += product;
    }
    s.fillRatio = static_cast<double>(setBits) / static_cast<double>(numBits());
    s.estimatedFpr = fprSum / static_cast<double>(m_numBlocks);
    // Each item sets 8 bits, each bit of the m = 256 B cells hit with probability 1 / (32 B) per
    // item: the Swamidass-Baldi estimate with k = 8.
    s.estimatedItems = math::estimatedItems(numBits(), kWordsPerBlock, setBits);
    s.overfilled = (m_capacity > 0 && s.items > m_capacity) ||
                   (m_targetFpr > 0.0 && s.estimatedFpr > 2.0 * m_targetFpr);
    return s;
}

// ---- Set operations -----------------------------------------------------------------------

namespace {
void requireSameBlocks(const BlockedBloomFilter& a, const BlockedBloomFilter& b, const char* operation) {
    if (a.numBlocks() != b.numBlocks()) {
        throw std::invalid_argument(std::string("cannot ") + operation +
                                    " blocked Bloom filters with different sizes: " + numberText(a.numBlocks()) + " vs " +
                                    numberText(b.numBlocks()) + " blocks");
    }
}
} // namespace

void BlockedBloomFilter::unionWith(const BlockedBloomFilter& other) {
    requireSameBlocks(*this, other, "unite");
    if (this == &other) {
        return;
    }
    m_words.orWith(other.m_words);
    m_items.fetch_add(other.itemCount(), std::memory_order_relaxed);
}

void BlockedBloomFilter::intersectWith(const BlockedBloomFilter& other) {
    requireSameBlocks(*this, other, "intersect");
    if (this == &other) {
        return;
    }
    m_words.andWith(other.m_words);
    m_items.store(std::min(itemCount(), other.itemCount()), std::memory_order_relaxed);
}

// ---- Parquet bitset -----------------------------------------------------------------------

std::vector<std::uint8_t> BlockedBloomFilter::bitsetBytes() const {
    std::vector<std::uint8_t> bytes(m_words.size() * sizeof(std::uint32_t));
    for (std::size_t i = 0; i < m_words.size(); ++i) {
        const std::uint32_t word = loadWord(m_words[i], std::memory_order_relaxed);
        bytes[4 * i + 0] = static_cast<std::uint8_t>(word);
        bytes[4 * i + 1] = static_cast<std::uint8_t>(word >> 8);
        bytes[4 * i + 2] = static_cast<std::uint8_t>(word >> 16);
        bytes[4 * i + 3] = static_cast<std::uint8_t>(word >> 24);
    }
    return bytes;
}

BlockedBloomFilter BlockedBloomFilter::fromBitset(std::span<const std::uint8_t> bitset, std::uint64_t capacity,
                                                  double targetFpr, std::uint64_t items) {
    if (bitset.empty() || bitset.size() % kBytesPerBlock != 0) {
        throw std::invalid_argument("a Parquet split-block bitset must be a non-zero multiple of 32 bytes; got " +
                                    numberText(bitset.size()) + " bytes");
    }
    BlockedBloomFilter filter(bitset.size() / kBytesPerBlock, capacity, targetFpr);
    for (std::size_t i = 0; i < filter.m_words.size(); ++i) {
        filter.m_words[i] = static_cast<std::uint32_t>(bitset[4 * i]) |
                            (static_cast<std::uint32_t>(bitset[4 * i + 1]) << 8) |
                            (static_cast<std::uint32_t>(bitset[4 * i + 2]) << 16) |
                            (static_cast<std::uint32_t>(bitset[4 * i + 3]) << 24);
    }
    filter.m_items.store(items, std::memory_order_relaxed);
    return filter;
}

} // namespace bloomlab
