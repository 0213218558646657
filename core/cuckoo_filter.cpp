// CuckooFilter<f>: layout, hashing and the insert/erase rules are described in cuckoo_filter.h.
#include "core/cuckoo_filter.h"
#include "core/errors.h"

#include "core/batch_pipeline.h"
#include "core/filter_math.h"
#include "core/hash_batch.h"
#include "core/prefetch_distance.h"
#include "core/simd_avx2.h"
#include "core/simd_avx512.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>

namespace bloomlab {

namespace {

// fmix64 (core/hashing.h) spreads alternate buckets over the whole table: fmix64(fp) & mask
// depends on every bit of the fingerprint.

constexpr std::uint64_t toLittleEndian(std::uint64_t x) noexcept {
    if constexpr (std::endian::native == std::endian::big) {
        return __builtin_bswap64(x);
    } else {
        return x;
    }
}

/// Lane constants for four f-bit lanes in the low 4f bits of a word.
template <unsigned F>
struct Lanes {
    static constexpr std::uint64_t kOnes = 1ULL | (1ULL << F) | (1ULL << (2 * F)) | (1ULL << (3 * F));
    static constexpr std::uint64_t kHighs = kOnes << (F - 1);
    static constexpr std::uint64_t kBucketMask = F == 16 ? ~0ULL : (1ULL << (4 * F)) - 1;
    static constexpr std::uint64_t kLaneMask = (1ULL << F) - 1;

    /// Non-zero iff some lane of x (x has no bits above 4F) is zero. Classic SWAR test (Mycroft
    /// 1987; "Bit Twiddling Hacks"): a borrow can only flag lanes ABOVE a truly zero lane, so the
    /// answer and the lowest flagged lane are exact.
    static constexpr std::uint64_t zeroLanes(std::uint64_t x) noexcept { return (x - kOnes) & ~x & kHighs; }
    static constexpr std::uint64_t matchLanes(std::uint64_t bucket, std::uint32_t fp) noexcept {
        return zeroLanes(bucket ^ (kOnes * fp));
    }
    static constexpr unsigned lowestLane(std::uint64_t flags) noexcept {
        return static_cast<unsigned>(std::countr_zero(flags)) / F;
    }
};

static_assert(Lanes<8>::kOnes == 0x01010101ULL && Lanes<8>::kHighs == 0x80808080ULL,
              "8-bit lanes: the textbook has-zero-byte constants");
static_assert(Lanes<12>::kOnes == 0x001001001001ULL && Lanes<12>::kHighs == 0x800800800800ULL,
              "12-bit lanes: four lanes fill exactly 48 bits");
static_assert(Lanes<16>::kOnes == 0x0001000100010001ULL && Lanes<16>::kHighs == 0x8000800080008000ULL,
              "16-bit lanes: four lanes fill exactly one 64-bit word");
static_assert(Lanes<12>::zeroLanes(0x123456789ABCULL) == 0 && Lanes<12>::zeroLanes(0x123000789ABCULL) != 0,
              "the zero-lane test must see a zero 12-bit lane and only then");
static_assert(Lanes<8>::matchLanes(0x11223344ULL, 0x22) == 0x00800000ULL,
              "a matching byte sets exactly its lane's high bit (here lane 2)");

/// The spread layout's alternate bucket (CuckooAlternateMap::operator() for it), inlined where
/// the batched loops place keys one by one.
[[gnu::always_inline]] inline std::uint64_t spreadAlternate(const CuckooAlternateMap& map, std::uint64_t bucket,
                                                            std::uint32_t fingerprint) noexcept {
    const std::uint64_t mixed = fmix64(fingerprint);
    if (map.powerOfTwo) {
        return bucket ^ (mixed & (map.numBuckets - 1));
    }
    // (t - bucket) mod N with t = h(fp) in [0, N): an involution for every N, since
    // t - (t - b) = b (mod N). bucket < N, so one conditional add replaces the modulo. h must look
    // random: Fibonacci hashing (fp * 2^64/phi, one multiply instead of fmix64's two) spaces the
    // 255 offsets of 8-bit fingerprints evenly, and that regularity lowered the load of the first
    // failed insert at 70,001 buckets from 0.961-0.963 to 0.944-0.950 (measured, tst_cuckoo_filter).
    const std::uint64_t t = reduceRange(mixed, map.numBuckets);
    return t >= bucket ? t - bucket : t + map.numBuckets - bucket;
}

/// The local map's offset outside a last block for a fingerprint whose fmix64 is `mixed`: 1 +
/// reduceRange over the group's range less one, a value in [1, r) (the group is mixed >> 61).
/// Depends on the fingerprint alone, so localOffsetTable holds it for every 12-bit fingerprint.
[[gnu::always_inline]] inline std::uint64_t localOffset(std::uint64_t mixed) noexcept {
    return 1 + reduceRange(mixed << 3, CuckooAlternateMap::kLocalRanges[mixed >> 61] - 1);
}

/// The local layout's alternate bucket (CuckooAlternateMap::operator() for it), inlined where
/// the batched loops and mightContain place keys one by one: out of line it was a call per key.
[[gnu::always_inline]] inline std::uint64_t localAlternate(const CuckooAlternateMap& map, std::uint64_t bucket,
                                                           std::uint32_t fingerprint) noexcept {
    const std::uint64_t mixed = fmix64(fingerprint);
    // Both buckets lie in the same block of the group's range, whose bounds depend only on the
    // block, so the map is an involution: XOR by the same non-zero offset (below r, so it stays
    // in the aligned block), or the subtraction map inside the last block. The group takes the
    // top 3 bits of the mix; the offsets use the other 61 (reduceRange reads the high bits, which
    // the group would otherwise fix).
    const std::uint64_t group = mixed >> 61;
    const std::uint64_t bits = mixed << 3;
    if (bucket >= map.tailBase[group]) [[unlikely]] {
        const std::uint64_t base = map.tailBase[group];
        const std::uint64_t size = map.tailSize[group];
        const std::uint64_t t = reduceRange(bits, size);
        const std::uint64_t local = bucket - base;
        return base + (t >= local ? t - local : t + size - local);
    }
    return bucket ^ localOffset(mixed);
}

/// Entry fp (below 2^12: f = 8 and 12) is localOffset(fmix64(fp)) (below 2^16) in its low 16
/// bits and the fingerprint's group above them: the local map outside a last block with one load
/// instead of fmix64's two multiplies and the reduction. 16 KiB, built on first use.
const std::array<std::uint32_t, 4096>& localOffsetTable() noexcept {
    static const std::array<std::uint32_t, 4096> table = [] {
        std::array<std::uint32_t, 4096> entries{};
        for (std::uint32_t fp = 0; fp < entries.size(); ++fp) {
            const std::uint64_t mixed = fmix64(fp);
            entries[fp] = static_cast<std::uint32_t>(localOffset(mixed) | (mixed >> 61) << 16);
        }
        return entries;
    }();
    return table;
}
static_assert(CuckooAlternateMap::kLocalRanges.back() <= (std::uint64_t{1} << 16),
              "localOffsetTable keeps an offset (below the largest range) in 16 bits");

#if defined(__x86_64__)

// GCC 12 reports the intrinsics' deliberately undefined merge operands (see hash_batch.cpp).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

/// fmix64 lane by lane.
__attribute__((target("avx512f,avx512dq"))) inline __m512i fmix64x8(__m512i x) noexcept {
    x = simd::xorShift<33>(x);
    x = _mm512_mullo_epi64(x, simd::broadcast(0xFF51AFD7ED558CCDULL));
    x = simd::xorShift<33>(x);
    x = _mm512_mullo_epi64(x, simd::broadcast(0xC4CEB9FE1A85EC53ULL));
    return simd::xorShift<33>(x);
}

static_assert(CuckooAlternateMap::kLocalRanges.back() <= (std::uint64_t{1} << 30),
              "the local ranges and their last blocks (< 2 r) must stay below 2^32 for reduceRangeBelow32");

/// CuckooAlternateMap's local rule for eight first buckets at once (same values, tested): the
/// group's block parameters picked per lane with one permute each.
__attribute__((target("avx512f,avx512dq"))) inline __m512i localAlternateAvx512(const CuckooAlternateMap& map,
                                                                                __m512i bucket, __m512i mixed) noexcept {
    const __m512i group = _mm512_srli_epi64(mixed, 61);
    const __m512i bits = _mm512_slli_epi64(mixed, 3);
    const __m512i rangeMinusOne = _mm512_permutexvar_epi64(group, _mm512_loadu_si512(map.rangeMinusOne.data()));
    const __m512i tailBase = _mm512_permutexvar_epi64(group, _mm512_loadu_si512(map.tailBase.data()));
    const __m512i tailSize = _mm512_permutexvar_epi64(group, _mm512_loadu_si512(map.tailSize.data()));
    // Ranges and last blocks are below 2^32 buckets (at most 2 x 65,536, or a table smaller than that).
    const __m512i xored =
        _mm512_xor_si512(bucket, _mm512_add_epi64(simd::reduceRangeBelow32(bits, rangeMinusOne), simd::broadcast(1)));
    // Where a group of eight keys rarely has one in a last block (map.tailsRare: tables of a few
    // million buckets and up), a branch skips that block's rule when none has. Elsewhere (a
    // quarter million buckets: about one group in four) the branch mispredicted more than the
    // arithmetic costs, so the rule is computed for every lane and blended.
    const __mmask8 tail = _mm512_cmpge_epu64_mask(bucket, tailBase);
    if (map.tailsRare && tail == 0) return xored;
    const __m512i local = _mm512_sub_epi64(bucket, tailBase);
    const __m512i t = simd::reduceRangeBelow32(bits, tailSize);
    const __m512i difference = _mm512_sub_epi64(t, local);
    const __m512i inTail = _mm512_add_epi64(
        tailBase, _mm512_mask_blend_epi64(_mm512_cmplt_epu64_mask(t, local), difference, _mm512_add_epi64(difference, tailSize)));
    return _mm512_mask_blend_epi64(tail, xored, inTail);
}

/// The placement rule of placementFromHash for eight hashes at once (same values, tested):
/// fingerprints and first and second buckets, one lane per key. The ranges reduced onto (2^f - 1
/// fingerprints; the bucket count when it is below 2^32, as every table of up to 16 GiB is) take
/// reduceRangeBelow32, two 32 x 32-bit multiplies instead of four: the same values.
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void placeEight(
    const std::uint64_t* lowHashes, const std::uint64_t* highHashes, std::uint64_t laneMask,
    const CuckooAlternateMap& map, __m512i& fingerprint, __m512i& bucket1, __m512i& bucket2) noexcept {
    const __m512i low = _mm512_loadu_si512(lowHashes);
    const __m512i high = _mm512_loadu_si512(highHashes);
    fingerprint = _mm512_add_epi64(simd::reduceRangeBelow32(high, simd::broadcast(laneMask)), simd::broadcast(1));
    const __m512i mixed = fmix64x8(fingerprint);
    const __m512i n = simd::broadcast(map.numBuckets);
    const bool below32 = map.numBuckets <= 0xFFFFFFFFULL;
    const auto reduce = [below32](__m512i hash, __m512i range) __attribute__((target("avx512f,avx512dq"), always_inline)) {
        return below32 ? simd::reduceRangeBelow32(hash, range) : simd::reduceRange(hash, range);
    };
    bucket1 = map.powerOfTwo ? _mm512_and_si512(low, simd::broadcast(map.numBuckets - 1)) : reduce(low, n);
    if (map.layout == CuckooLayout::Local) {
        bucket2 = localAlternateAvx512(map, bucket1, mixed);
    } else if (map.powerOfTwo) {
        bucket2 = _mm512_xor_si512(bucket1, _mm512_and_si512(mixed, simd::broadcast(map.numBuckets - 1)));
    } else {
        const __m512i t = reduce(mixed, n);
        const __m512i difference = _mm512_sub_epi64(t, bucket1);
        // t >= bucket1 ? t - bucket1 : t + N - bucket1
        bucket2 = _mm512_mask_blend_epi64(_mm512_cmplt_epu64_mask(t, bucket1), difference,
                                          _mm512_add_epi64(difference, n));
    }
}

/// placeEight into arrays of 8 values each (placementsOf's chunks).
__attribute__((target("avx512f,avx512dq"))) void placeEightAvx512(const std::uint64_t* lowHashes,
                                                                  const std::uint64_t* highHashes,
                                                                  std::uint64_t laneMask, const CuckooAlternateMap& map,
                                                                  std::uint64_t* fps, std::uint64_t* b1,
                                                                  std::uint64_t* b2) noexcept {
    __m512i fingerprint;
    __m512i bucket1;
    __m512i bucket2;
    placeEight(lowHashes, highHashes, laneMask, map, fingerprint, bucket1, bucket2);
    _mm512_storeu_si512(fps, fingerprint);
    _mm512_storeu_si512(b1, bucket1);
    _mm512_storeu_si512(b2, bucket2);
}

/// What the vectorised batched lookups need of a CuckooFilter<F> besides its bucket size, which
/// they take as a template argument (kBytes: 4, 6 or 8): a size read at run time was tested
/// wherever an offset was computed or a line prefetched, and reloaded after every store (the
/// stores of a group may alias it, as far as the compiler knows).
struct LookupView {
    const unsigned char* table = nullptr;
    const CuckooAlternateMap* alternate = nullptr;
    std::uint64_t seed = 0;
    std::uint64_t laneMask = 0;
    std::uint64_t ones = 0;
    std::uint64_t highs = 0;
    bool stashUsed = false;
    std::uint64_t stashOffset = 0;  ///< the stash's bucket, as a byte offset
    std::uint32_t stashFingerprint = 0;
    std::size_t distance = 64;  ///< keys ahead (rounded down to whole groups, at least one)
};

/// The stash's answer for a key whose buckets are at byte offsets offset1 and offset2.
inline bool stashHolds(const LookupView& v, std::uint64_t fp, std::uint64_t offset1, std::uint64_t offset2) noexcept {
    return v.stashUsed && v.stashFingerprint == fp && (v.stashOffset == offset1 || v.stashOffset == offset2);
}

/// Byte offsets of buckets (bucket x 4, 6 or 8) with shifts and an add: one cycle each, where a
/// 64-bit multiply (vpmullq) is three operations and fifteen cycles.
template <unsigned kBytes>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline __m512i bucketOffsets(__m512i buckets) noexcept {
    static_assert(kBytes == 4 || kBytes == 6 || kBytes == 8, "buckets of 4, 6 or 8 bytes");
    const __m512i times4 = _mm512_slli_epi64(buckets, 2);
    if constexpr (kBytes == 4) return times4;
    if constexpr (kBytes == 8) return _mm512_slli_epi64(buckets, 3);
    return _mm512_add_epi64(times4, _mm512_slli_epi64(buckets, 1));
}

/// One bucket per lane at its byte offset: an 8-byte read (inside the table: its padding word),
/// masked to the bucket's bytes.
template <unsigned kBytes>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline __m512i bucketsAt(const LookupView& v,
                                                                                    __m512i offsets) noexcept {
    if constexpr (kBytes == 8) return simd::wordsAt8(v.table, offsets);
    return _mm512_and_si512(simd::wordsAt8(v.table, offsets), simd::broadcast(Lanes<2 * kBytes>::kBucketMask));
}

/// A group of keys between placement and matching in the vectorised batched lookups: each key's
/// fingerprint and its two buckets' byte offsets.
template <std::size_t kGroup>
struct alignas(64) LookupGroup {
    std::uint64_t fp[kGroup];
    std::uint64_t offset1[kGroup];
    std::uint64_t offset2[kGroup];
};

/// Requests the line of the bucket at byte `offset` (and, for a 6-byte bucket, the line its
/// 8-byte read may reach into) into the cache Level names.
template <PrefetchLevel Level, unsigned kBytes>
[[gnu::always_inline]] inline void prefetchBucket(const unsigned char* table, std::uint64_t offset) noexcept {
    const unsigned char* at = table + offset;
    detail::prefetchLine<Level>(at);
    if constexpr (kBytes == 6) {
        detail::prefetchLine<Level>(at + 7);
    }
}

/// mightContainMany with AVX-512 throughout: groups of kGroup keys hashed and placed 8 at a time
/// (fingerprint, both buckets' byte offsets), both buckets' lines prefetched, and the group prepared
/// v.distance keys earlier matched 8 keys at a time (both buckets read with scalar loads into two
/// vectors, simd::wordsAt8; the zero-lane test in 64-bit lanes; one 8-byte store of answers).
/// count is a multiple of 8; the caller answers the last count % 8 keys one by one.
template <std::size_t kGroup, unsigned kBytes, PrefetchLevel Level, class Keys>
__attribute__((target("avx512f,avx512dq"))) void lookupManyAvx512(const LookupView& v, const Keys& keys,
                                                                  std::size_t count, std::uint8_t* results) noexcept {
    static_assert(kGroup % 8 == 0, "a group is a whole number of vectors of eight keys");
    using Group = LookupGroup<kGroup>;
    // Not always_inline: groupPipeline (no target attribute) calls them, once per group.
    const auto prepare = [&](std::size_t start, std::size_t n, Group& g) __attribute__((target("avx512f,avx512dq"))) {
        alignas(64) std::uint64_t low[kGroup];
        alignas(64) std::uint64_t high[kGroup];
        xxh3_128Many(keys.subspan(start, n), v.seed, low, high);
        for (std::size_t j = 0; j < n; j += 8) {
            __m512i fingerprint;
            __m512i bucket1;
            __m512i bucket2;
            placeEight(low + j, high + j, v.laneMask, *v.alternate, fingerprint, bucket1, bucket2);
            _mm512_store_si512(g.fp + j, fingerprint);
            _mm512_store_si512(g.offset1 + j, bucketOffsets<kBytes>(bucket1));
            _mm512_store_si512(g.offset2 + j, bucketOffsets<kBytes>(bucket2));
        }
        for (std::size_t j = 0; j < n; ++j) {
            prefetchBucket<Level, kBytes>(v.table, g.offset1[j]);
            prefetchBucket<Level, kBytes>(v.table, g.offset2[j]);
        }
    };
    const auto visit = [&](std::size_t start, std::size_t n, const Group& g) __attribute__((target("avx512f,avx512dq"))) {
        const __m512i ones = simd::broadcast(v.ones);
        const __m512i highs = simd::broadcast(v.highs);
        for (std::size_t j = 0; j < n; j += 8) {
            const __m512i fp = _mm512_load_si512(g.fp + j);
            const __m512i pattern = _mm512_mullo_epi64(fp, ones);
            const __m512i x1 = _mm512_xor_si512(bucketsAt<kBytes>(v, _mm512_load_si512(g.offset1 + j)), pattern);
            const __m512i x2 = _mm512_xor_si512(bucketsAt<kBytes>(v, _mm512_load_si512(g.offset2 + j)), pattern);
            // (x - ones) & ~x & highs per bucket: non-zero iff some lane matched.
            const __m512i z = _mm512_and_si512(_mm512_or_si512(_mm512_andnot_si512(x1, _mm512_sub_epi64(x1, ones)),
                                                               _mm512_andnot_si512(x2, _mm512_sub_epi64(x2, ones))),
                                               highs);
            const __mmask8 found = _mm512_test_epi64_mask(z, z);
            _mm_storel_epi64(reinterpret_cast<__m128i*>(results + start + j),
                             _mm512_cvtepi64_epi8(_mm512_maskz_set1_epi64(found, 1)));
            if (v.stashUsed) {
                for (std::size_t lane = j; lane < j + 8; ++lane) {
                    if (stashHolds(v, g.fp[lane], g.offset1[lane], g.offset2[lane])) results[start + lane] = 1;
                }
            }
        }
    };
    detail::groupPipeline<kGroup, kMaxPrefetchDistance / kGroup, Group>(count, v.distance / kGroup, prepare, visit);
}

// ---- Without AVX-512: four keys per AVX2 vector ----------------------------------------------
//
// AVX2 has no 64-bit lane multiply: the reductions onto ranges below 2^32 take two 32 x 32-bit
// multiplies (vpmuludq) as reduceRangeBelow32 does, and fmix64's multiplies three (two where the
// input, a fingerprint, is below 2^32).

#define BLOOMLAB_CUCKOO_AVX2 __attribute__((target("avx2"), always_inline)) inline

using simd::broadcast4;
using simd::multiplyLow4;
using simd::xorShift4;

/// reduceRange(hash, range) lane by lane for range < 2^32: (hi(hash) range + (lo(hash) range >> 32)) >> 32,
/// which cannot overflow 64 bits (the same values as the 128-bit product's high half).
BLOOMLAB_CUCKOO_AVX2 __m256i reduceRangeBelow32x4(__m256i hash, __m256i range) noexcept {
    const __m256i low = _mm256_srli_epi64(_mm256_mul_epu32(hash, range), 32);
    const __m256i high = _mm256_mul_epu32(_mm256_srli_epi64(hash, 32), range);
    return _mm256_srli_epi64(_mm256_add_epi64(high, low), 32);
}

/// simd::multiplyLow4 for a < 2^32 in every lane (hi(a) = 0).
BLOOMLAB_CUCKOO_AVX2 __m256i multiplyLowSmall4(__m256i a, std::uint64_t b) noexcept {
    return _mm256_add_epi64(_mm256_mul_epu32(a, broadcast4(b)), _mm256_slli_epi64(_mm256_mul_epu32(a, broadcast4(b >> 32)), 32));
}

/// fmix64 of four fingerprints (each below 2^32, so the first x ^= x >> 33 leaves it unchanged).
BLOOMLAB_CUCKOO_AVX2 __m256i fmix64OfFingerprints4(__m256i fingerprint) noexcept {
    __m256i x = multiplyLowSmall4(fingerprint, 0xFF51AFD7ED558CCDULL);
    x = multiplyLow4(xorShift4<33>(x), 0xC4CEB9FE1A85EC53ULL);
    return xorShift4<33>(x);
}

/// The block parameters of the local map in 32 bits (every table the AVX2 loop takes has fewer
/// than 2^32 buckets), so one vpermd picks a lane's value by its group.
struct LocalTables32 {
    alignas(32) std::uint32_t rangeMinusOne[8];
    alignas(32) std::uint32_t tailBase[8];
    alignas(32) std::uint32_t tailSize[8];
};

/// table[group] in each 64-bit lane (group in 0..7).
BLOOMLAB_CUCKOO_AVX2 __m256i pickByGroup4(const std::uint32_t* table, __m256i group) noexcept {
    const __m256i values = _mm256_load_si256(reinterpret_cast<const __m256i*>(table));
    return _mm256_and_si256(_mm256_permutevar8x32_epi32(values, group), broadcast4(0xFFFFFFFFULL));
}

/// What the AVX2 batched lookup needs: LookupView plus the map in a form for four lanes.
struct LookupViewAvx2 {
    LookupView base;
    LocalTables32 local;
    /// localOffsetTable's entries where the lookup places keys with it (placeLocalByTable), else null.
    const std::uint32_t* localOffsets = nullptr;
};

/// placementFromHash for four hashes (same values, tested): fingerprint and both buckets.
BLOOMLAB_CUCKOO_AVX2 void placeFour(const std::uint64_t* lowHashes, const std::uint64_t* highHashes,
                                    const LookupViewAvx2& v, __m256i& fingerprint, __m256i& bucket1,
                                    __m256i& bucket2) noexcept {
    const CuckooAlternateMap& map = *v.base.alternate;
    const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(lowHashes));
    const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(highHashes));
    fingerprint = _mm256_add_epi64(reduceRangeBelow32x4(high, broadcast4(v.base.laneMask)), broadcast4(1));
    const __m256i mixed = fmix64OfFingerprints4(fingerprint);
    const __m256i n = broadcast4(map.numBuckets);
    bucket1 = map.powerOfTwo ? _mm256_and_si256(low, broadcast4(map.numBuckets - 1)) : reduceRangeBelow32x4(low, n);
    if (map.layout == CuckooLayout::Local) {
        const __m256i group = _mm256_srli_epi64(mixed, 61);
        const __m256i bits = _mm256_slli_epi64(mixed, 3);
        const __m256i xored = _mm256_xor_si256(
            bucket1, _mm256_add_epi64(reduceRangeBelow32x4(bits, pickByGroup4(v.local.rangeMinusOne, group)), broadcast4(1)));
        // The last-block rule as localAlternateAvx512 applies it: skipped by a branch when no lane
        // is in a last block where that is the rule (map.tailsRare), else computed for every lane
        // and blended (figures in docs/performance.md).
        const __m256i tailBase = pickByGroup4(v.local.tailBase, group);
        // Every value is below 2^32, so the signed 64-bit compare orders them as unsigned ones.
        const __m256i tail = _mm256_cmpgt_epi64(tailBase, bucket1);  // all ones where NOT in a last block
        if (map.tailsRare && _mm256_movemask_pd(_mm256_castsi256_pd(tail)) == 0xF) {
            bucket2 = xored;
            return;
        }
        const __m256i tailSize = pickByGroup4(v.local.tailSize, group);
        const __m256i local = _mm256_sub_epi64(bucket1, tailBase);
        const __m256i t = reduceRangeBelow32x4(bits, tailSize);
        const __m256i wraps = _mm256_cmpgt_epi64(local, t);
        const __m256i inTail =
            _mm256_add_epi64(tailBase, _mm256_add_epi64(_mm256_sub_epi64(t, local), _mm256_and_si256(wraps, tailSize)));
        bucket2 = _mm256_blendv_epi8(inTail, xored, tail);
    } else if (map.powerOfTwo) {
        bucket2 = _mm256_xor_si256(bucket1, _mm256_and_si256(mixed, broadcast4(map.numBuckets - 1)));
    } else {
        const __m256i t = reduceRangeBelow32x4(mixed, n);
        const __m256i wraps = _mm256_cmpgt_epi64(bucket1, t);  // t < bucket1: t + N - bucket1
        bucket2 = _mm256_add_epi64(_mm256_sub_epi64(t, bucket1), _mm256_and_si256(wraps, n));
    }
}

/// placeFour into arrays of 4 values each (placementsOf's chunks without AVX-512).
__attribute__((target("avx2"))) void placeFourAvx2(const std::uint64_t* lowHashes, const std::uint64_t* highHashes,
                                                   const LookupViewAvx2& v, std::uint64_t* fps, std::uint64_t* b1,
                                                   std::uint64_t* b2) noexcept {
    __m256i fingerprint;
    __m256i bucket1;
    __m256i bucket2;
    placeFour(lowHashes, highHashes, v, fingerprint, bucket1, bucket2);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(fps), fingerprint);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(b1), bucket1);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(b2), bucket2);
}

/// True where the AVX2 placement (placeFour) applies: without AVX-512, with XXH3-128's AVX2 kernel,
/// and for tables below 2^32 buckets (a 12-bit table of up to 24 GiB; its reductions are 32-bit
/// ones).
bool placesFourPerVector(const CuckooAlternateMap& map) noexcept {
    return hashBatchPath(HashAlgorithm::Xxh3_128) == HashBatchPath::Avx2 && map.numBuckets <= 0xFFFFFFFFULL;
}

/// The local map's block parameters in 32 bits (every table the AVX2 paths take has fewer than
/// 2^32 buckets).
LocalTables32 localTables32(const CuckooAlternateMap& map) noexcept {
    LocalTables32 tables;
    for (std::size_t g = 0; g < CuckooAlternateMap::kLocalRanges.size(); ++g) {
        tables.rangeMinusOne[g] = static_cast<std::uint32_t>(map.rangeMinusOne[g]);
        tables.tailBase[g] = static_cast<std::uint32_t>(map.tailBase[g]);
        tables.tailSize[g] = static_cast<std::uint32_t>(map.tailSize[g]);
    }
    return tables;
}

/// bucketOffsets on four lanes.
template <unsigned kBytes>
BLOOMLAB_CUCKOO_AVX2 __m256i bucketOffsets4(__m256i buckets) noexcept {
    static_assert(kBytes == 4 || kBytes == 6 || kBytes == 8, "buckets of 4, 6 or 8 bytes");
    const __m256i times4 = _mm256_slli_epi64(buckets, 2);
    if constexpr (kBytes == 4) return times4;
    if constexpr (kBytes == 8) return _mm256_slli_epi64(buckets, 3);
    return _mm256_add_epi64(times4, _mm256_slli_epi64(buckets, 1));
}

/// bucketsAt on four lanes.
template <unsigned kBytes>
BLOOMLAB_CUCKOO_AVX2 __m256i bucketsAt4(const LookupView& v, __m256i offsets) noexcept {
    if constexpr (kBytes == 8) return simd::wordsAt4(v.table, offsets);
    return _mm256_and_si256(simd::wordsAt4(v.table, offsets), broadcast4(Lanes<2 * kBytes>::kBucketMask));
}

static_assert((0b1011U * 0x204081U & 0x01010101U) == 0x01000101U,
              "the multiply that spreads four answer bits to four bytes (lanes 0, 1 and 3 found)");

/// The local layout's placement of n hashed keys (placementFromHash's values: fingerprint and
/// both buckets' byte offsets) key by key with the scalar multiplier and localOffsetTable, and
/// both buckets' lines prefetched. For local tables where a last block is rare (map.tailsRare;
/// such a key takes localAlternate, a branch that rarely runs) and fingerprints below 2^12: AVX2
/// emulates each 64-bit multiply with three 32-bit ones, and the vectors already carry the hash,
/// while the scalar units have room (figures in docs/performance.md).
template <unsigned kBytes, PrefetchLevel Level, std::size_t kGroup>
[[gnu::always_inline]] inline void placeLocalByTable(const LookupViewAvx2& va, const std::uint64_t* low,
                                                     const std::uint64_t* high, std::size_t n,
                                                     LookupGroup<kGroup>& g) noexcept {
    // Copies: the stores below may alias the view's fields, as far as the compiler knows.
    const CuckooAlternateMap& map = *va.base.alternate;
    const std::array<std::uint64_t, 8> tailBase = map.tailBase;
    const std::uint64_t numBuckets = map.numBuckets;
    const std::uint64_t laneMask = va.base.laneMask;
    const std::uint32_t* const offsets = va.localOffsets;
    const unsigned char* const table = va.base.table;
    // The first bucket as placementFromHash finds it, with the table's kind of size fixed per loop.
    const auto place = [&](auto firstBucket) __attribute__((always_inline)) {
        for (std::size_t j = 0; j < n; ++j) {
            const std::uint64_t fp = 1 + reduceRange(high[j], laneMask);
            const std::uint64_t bucket1 = firstBucket(low[j]);
            const std::uint32_t entry = offsets[fp];
            std::uint64_t bucket2 = bucket1 ^ (entry & 0xFFFFU);
            if (bucket1 >= tailBase[entry >> 16]) [[unlikely]] {
                bucket2 = localAlternate(map, bucket1, static_cast<std::uint32_t>(fp));
            }
            g.fp[j] = fp;
            g.offset1[j] = bucket1 * kBytes;
            g.offset2[j] = bucket2 * kBytes;
            prefetchBucket<Level, kBytes>(table, bucket1 * kBytes);
            prefetchBucket<Level, kBytes>(table, bucket2 * kBytes);
        }
    };
    if (map.powerOfTwo) {
        place([numBuckets](std::uint64_t hash) __attribute__((always_inline)) { return hash & (numBuckets - 1); });
    } else {
        place([numBuckets](std::uint64_t hash) __attribute__((always_inline)) { return reduceRange(hash, numBuckets); });
    }
}

/// XXH3-128 of keys [start, start + n) into low and high (xxh3_128Many's values), eight keys per
/// step: four in an AVX2 vector (simd::xxh3_128Len8x4) and four written as scalar code
/// (xxh3_128Len8), whose 128-bit products take the scalar multiplier (the vector kernel builds
/// each from four 32 x 32-bit products); keys that are not all 8 bytes long are hashed one by one.
/// GCC packs the scalar four's steps after their products into vectors as well; kept scalar
/// throughout (a register barrier) they measured no faster. Beside placeLocalByTable's scalar
/// placement this measured faster than xxh3_128Many's four keys per vector, and slower beside
/// the vector placement (figures in docs/performance.md).
template <class Keys>
__attribute__((target("avx2"), always_inline)) inline void xxh3_128Mixed(const Keys& keys, std::size_t start,
                                                                         std::size_t n, std::uint64_t seed,
                                                                         std::uint64_t* low, std::uint64_t* high) noexcept {
    const std::uint64_t bitflip = xxh3Len8Bitflip(seed);
    const __m256i bitflips = broadcast4(bitflip);
    std::size_t j = 0;
    for (; j + 8 <= n; j += 8) {
        const std::size_t i = start + j;
        bool fast = true;
        for (std::size_t lane = 0; lane < 8; ++lane) fast &= keys[i + lane].size() == kFastKeyLength;
        if (!fast) [[unlikely]] {
            for (std::size_t lane = 0; lane < 8; ++lane) {
                const Hash128 h = xxh3_128(keys[i + lane], seed, bitflip);
                low[j + lane] = h.low;
                high[j + lane] = h.high;
            }
            continue;
        }
        std::uint64_t word[8];
        for (std::size_t lane = 0; lane < 8; ++lane) std::memcpy(&word[lane], keys[i + lane].data(), sizeof word[lane]);
        __m256i vectorLow;
        __m256i vectorHigh;
        simd::xxh3_128Len8x4(_mm256_set_epi64x(static_cast<long long>(word[3]), static_cast<long long>(word[2]),
                                               static_cast<long long>(word[1]), static_cast<long long>(word[0])),
                             bitflips, vectorLow, vectorHigh);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(low + j), vectorLow);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(high + j), vectorHigh);
        for (std::size_t lane = 4; lane < 8; ++lane) {
            const Hash128 h = xxh3_128Len8(word[lane], bitflip);
            low[j + lane] = h.low;
            high[j + lane] = h.high;
        }
    }
    for (; j < n; ++j) {
        const Hash128 h = xxh3_128(keys[start + j], seed, bitflip);
        low[j] = h.low;
        high[j] = h.high;
    }
}

/// lookupManyAvx512 on four lanes: groups of kGroup keys hashed (xxh3_128Many, its AVX2 kernel),
/// placed four at a time, both buckets' lines prefetched, matched four at a time (the buckets read
/// as simd::wordsAt4 reads them). count is a multiple of 4; the caller answers the rest one by one.
///
/// Beyond the L2 (Level L2) each four keys' lines are prefetched as soon as they are placed, so
/// the prefetches spread over the group's placement; within it they follow the placement in one
/// loop. Spread, they measured faster from the L3 and slower from the L2, and with AVX-512 level
/// or slower (figures in docs/performance.md). The answers of four keys are one 4-byte store:
/// byte i is bit i of the match mask, spread by one multiply.
template <std::size_t kGroup, unsigned kBytes, PrefetchLevel Level, class Keys>
__attribute__((target("avx2"))) void lookupManyAvx2(const LookupViewAvx2& va, const Keys& keys, std::size_t count,
                                                    std::uint8_t* results) noexcept {
    static_assert(kGroup % 4 == 0, "a group is a whole number of vectors of four keys");
    const LookupView& v = va.base;
    using Group = LookupGroup<kGroup>;
    const auto prepare = [&](std::size_t start, std::size_t n, Group& g) __attribute__((target("avx2"))) {
        alignas(32) std::uint64_t low[kGroup];
        alignas(32) std::uint64_t high[kGroup];
        if (va.localOffsets != nullptr) {
            xxh3_128Mixed(keys, start, n, v.seed, low, high);
            placeLocalByTable<kBytes, Level>(va, low, high, n, g);
            return;
        }
        xxh3_128Many(keys.subspan(start, n), v.seed, low, high);
        for (std::size_t j = 0; j < n; j += 4) {
            __m256i fingerprint;
            __m256i bucket1;
            __m256i bucket2;
            placeFour(low + j, high + j, va, fingerprint, bucket1, bucket2);
            _mm256_store_si256(reinterpret_cast<__m256i*>(g.fp + j), fingerprint);
            _mm256_store_si256(reinterpret_cast<__m256i*>(g.offset1 + j), bucketOffsets4<kBytes>(bucket1));
            _mm256_store_si256(reinterpret_cast<__m256i*>(g.offset2 + j), bucketOffsets4<kBytes>(bucket2));
            if constexpr (Level == PrefetchLevel::L2) {
                for (std::size_t lane = j; lane < j + 4; ++lane) {
                    prefetchBucket<Level, kBytes>(v.table, g.offset1[lane]);
                    prefetchBucket<Level, kBytes>(v.table, g.offset2[lane]);
                }
            }
        }
        if constexpr (Level != PrefetchLevel::L2) {
            for (std::size_t j = 0; j < n; ++j) {
                prefetchBucket<Level, kBytes>(v.table, g.offset1[j]);
                prefetchBucket<Level, kBytes>(v.table, g.offset2[j]);
            }
        }
    };
    const auto visit = [&](std::size_t start, std::size_t n, const Group& g) __attribute__((target("avx2"))) {
        // A copy: the answers are bytes, which may alias the view's fields, so the compiler would
        // reload them after every store.
        const LookupView lv = v;
        const __m256i ones = broadcast4(lv.ones);
        const __m256i highs = broadcast4(lv.highs);
        std::uint8_t* const out = results + start;
        for (std::size_t j = 0; j < n; j += 4) {
            const __m256i fp = _mm256_load_si256(reinterpret_cast<const __m256i*>(g.fp + j));
            const __m256i pattern = multiplyLowSmall4(fp, lv.ones);
            const __m256i x1 = _mm256_xor_si256(
                bucketsAt4<kBytes>(lv, _mm256_load_si256(reinterpret_cast<const __m256i*>(g.offset1 + j))), pattern);
            const __m256i x2 = _mm256_xor_si256(
                bucketsAt4<kBytes>(lv, _mm256_load_si256(reinterpret_cast<const __m256i*>(g.offset2 + j))), pattern);
            const __m256i z = _mm256_and_si256(_mm256_or_si256(_mm256_andnot_si256(x1, _mm256_sub_epi64(x1, ones)),
                                                               _mm256_andnot_si256(x2, _mm256_sub_epi64(x2, ones))),
                                               highs);
            const std::uint32_t found =
                static_cast<std::uint32_t>(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(z, _mm256_setzero_si256())))) ^
                0xFU;
            // Bit i lands on bit 8i (i + 7i); no two of the products' terms share a bit, so no carry.
            const std::uint32_t answers = (found * 0x204081U) & 0x01010101U;
            std::memcpy(out + j, &answers, sizeof answers);
        }
        if (lv.stashUsed) {
            for (std::size_t lane = 0; lane < n; ++lane) {
                if (stashHolds(lv, g.fp[lane], g.offset1[lane], g.offset2[lane])) out[lane] = 1;
            }
        }
    };
    detail::groupPipeline<kGroup, kMaxPrefetchDistance / kGroup, Group>(count, v.distance / kGroup, prepare, visit);
}

#undef BLOOMLAB_CUCKOO_AVX2

#pragma GCC diagnostic pop

#endif

} // namespace

// ---- Layouts and the alternate-bucket map --------------------------------------------------

std::string_view cuckooLayoutName(CuckooLayout layout) noexcept {
    return layout == CuckooLayout::Local ? "local" : "spread";
}

std::optional<CuckooLayout> parseCuckooLayout(std::string_view name) noexcept {
    for (const CuckooLayout layout : {CuckooLayout::Spread, CuckooLayout::Local}) {
        if (name == cuckooLayoutName(layout)) return layout;
    }
    return std::nullopt;
}

CuckooAlternateMap::CuckooAlternateMap(std::uint64_t buckets, CuckooLayout mapLayout) noexcept
    : numBuckets(buckets), layout(mapLayout), powerOfTwo(std::has_single_bit(buckets)) {
    for (std::size_t g = 0; g < kLocalRanges.size(); ++g) {
        const std::uint64_t range = kLocalRanges[g];
        const std::uint64_t blocks = buckets / range;
        rangeMinusOne[g] = range - 1;
        if (blocks == 0) {  // a table smaller than the range: one block, the whole table
            tailBase[g] = 0;
            tailSize[g] = buckets;
        } else if (buckets % range == 0) {  // whole blocks only
            tailBase[g] = buckets;
            tailSize[g] = range;
        } else {  // the last whole block takes the leftover buckets
            tailBase[g] = (blocks - 1) * range;
            tailSize[g] = buckets - tailBase[g];
        }
    }
    double inTail = 0;  // the share of keys whose first bucket is in their group's last block
    for (std::size_t g = 0; g < kLocalRanges.size(); ++g) {
        inTail += static_cast<double>(buckets - std::min(tailBase[g], buckets)) / static_cast<double>(buckets) /
                  static_cast<double>(kLocalRanges.size());
    }
    tailsRare = 1.0 - std::pow(1.0 - inTail, 8) < kRareTailShare;
}

std::uint64_t CuckooAlternateMap::operator()(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept {
    return layout == CuckooLayout::Local ? localAlternate(*this, bucket, fingerprint)
                                         : spreadAlternate(*this, bucket, fingerprint);
}

// ---- Construction -------------------------------------------------------------------------

template <unsigned F>
CuckooFilter<F> CuckooFilter<F>::forCapacity(std::uint64_t capacity, std::uint64_t seed, std::uint32_t maxKicks,
                                             CuckooLayout layout) {
    return CuckooFilter(math::cuckooBucketsFor(capacity, kSlotsPerBucket, math::kCuckooDesignLoad), capacity, seed,
                        maxKicks, layout);
}

template <unsigned F>
CuckooFilter<F>::CuckooFilter(std::uint64_t numBuckets, std::uint64_t capacity, std::uint64_t seed,
                              std::uint32_t maxKicks, CuckooLayout layout)
    : m_numBuckets(numBuckets), m_capacity(capacity), m_hash(seed), m_maxKicks(maxKicks) {
    if (numBuckets == 0 || numBuckets > kMaxBuckets) {
        throwInvalidArgument("the cuckoo bucket count must be in [1, 2^40]; got " + numberText(numBuckets));
    }
    if (layout != CuckooLayout::Spread && layout != CuckooLayout::Local) {
        throwInvalidArgument("the cuckoo layout must be spread (0) or local (1); got " +
                             numberText(static_cast<unsigned>(layout)));
    }
    m_alternate = CuckooAlternateMap(numBuckets, layout);
    if (maxKicks > kMaxKicksLimit) {
        throwInvalidArgument("maximum kicks must be in [0, " + numberText(kMaxKicksLimit) + "]; got " + numberText(maxKicks));
    }
    // xorshift64 needs a non-zero state; splitmix-style scrambling of the seed gives one (the
    // constant keeps seed 0 away from state 0).
    m_rngState = fmix64(seed ^ kGoldenGamma) | 1ULL;
    const std::uint64_t tableBytes = numBuckets * kBucketBytes;
    m_table.assign(static_cast<std::size_t>((tableBytes + 7) / 8 + 1), 0);  // + 1 padding word
}

template <unsigned F>
CuckooFilter<F> CuckooFilter<F>::fromTable(std::uint64_t numBuckets, std::uint64_t capacity, std::uint64_t seed,
                                           std::uint32_t maxKicks, std::uint64_t items,
                                           std::uint64_t failedInserts, std::uint64_t kicks,
                                           std::span<const std::uint8_t> table,
                                           std::optional<std::pair<std::uint64_t, std::uint32_t>> stash,
                                           CuckooLayout layout) {
    if (numBuckets == 0 || numBuckets > kMaxBuckets) {
        throwInvalidArgument("the cuckoo bucket count must be in [1, 2^40]; got " + numberText(numBuckets));
    }
    if (table.size() != numBuckets * kBucketBytes) {
        throwInvalidArgument("cuckoo table has " + numberText(table.size()) + " bytes; " + numberText(numBuckets) + " buckets of " +
             numberText(kBucketBytes) + " bytes need exactly " + numberText(numBuckets * kBucketBytes));
    }
    CuckooFilter filter(numBuckets, capacity, seed, maxKicks, layout);
    std::memcpy(filter.m_table.data(), table.data(), table.size());
    if (stash) {
        const auto [bucket, fp] = *stash;
        if (bucket >= numBuckets) {
            throwInvalidArgument("cuckoo stash bucket " + numberText(bucket) + " is out of range (" + numberText(numBuckets) + " buckets)");
        }
        if (fp == 0 || fp > Lanes<F>::kLaneMask) {
            throwInvalidArgument("cuckoo stash fingerprint " + numberText(fp) + " is not a non-zero " + numberText(F) + "-bit value");
        }
        const std::uint64_t alt = filter.alternateBucket(bucket, fp);
        if (Lanes<F>::zeroLanes(filter.loadBucket(bucket)) != 0 || Lanes<F>::zeroLanes(filter.loadBucket(alt)) != 0) {
            throwInvalidArgument("cuckoo stash holds a fingerprint although one of its buckets has a free slot");
        }
        filter.m_stashUsed = true;
        filter.m_stashBucket = bucket;
        filter.m_stashFingerprint = fp;
    }
    const std::uint64_t expected = filter.occupiedSlots() + (stash ? 1 : 0);
    if (items != expected) {
        throwInvalidArgument("cuckoo filter claims " + numberText(items) + " items but its table and stash hold " + numberText(expected) +
             " fingerprints");
    }
    filter.m_items = items;
    filter.m_failedInserts = failedInserts;
    filter.m_kicks = kicks;
    return filter;
}

// ---- Bucket access ------------------------------------------------------------------------

template <unsigned F>
std::uint64_t CuckooFilter<F>::loadBucket(std::uint64_t bucket) const noexcept {
    const auto* table = reinterpret_cast<const unsigned char*>(m_table.data());
    if constexpr (F == 8) {
        // A 4-byte bucket at a 4-byte offset never crosses a cache line; an 8-byte read would
        // for one bucket in 16 (and then need a second line).
        std::uint32_t word = 0;
        std::memcpy(&word, table + bucket * kBucketBytes, sizeof word);
        if constexpr (std::endian::native == std::endian::big) {
            word = __builtin_bswap32(word);
        }
        return word;
    }
    std::uint64_t word = 0;
    std::memcpy(&word, table + bucket * kBucketBytes, sizeof word);
    return toLittleEndian(word) & Lanes<F>::kBucketMask;
}

template <unsigned F>
void CuckooFilter<F>::storeBucket(std::uint64_t bucket, std::uint64_t value) noexcept {
    unsigned char* at = reinterpret_cast<unsigned char*>(m_table.data()) + bucket * kBucketBytes;
    std::uint64_t word = 0;
    std::memcpy(&word, at, sizeof word);
    word = toLittleEndian(word);
    word = (word & ~Lanes<F>::kBucketMask) | value;  // keep the next bucket's bytes (f = 8, 12)
    word = toLittleEndian(word);
    std::memcpy(at, &word, sizeof word);
}

template <unsigned F>
bool CuckooFilter<F>::tryPlace(std::uint64_t bucket, std::uint32_t fingerprint) noexcept {
    const std::uint64_t value = loadBucket(bucket);
    const std::uint64_t empty = Lanes<F>::zeroLanes(value);
    if (empty == 0) {
        return false;
    }
    const unsigned lane = Lanes<F>::lowestLane(empty);
    storeBucket(bucket, value | (static_cast<std::uint64_t>(fingerprint) << (lane * F)));
    return true;
}

template <unsigned F>
bool CuckooFilter<F>::removeFrom(std::uint64_t bucket, std::uint32_t fingerprint) noexcept {
    const std::uint64_t value = loadBucket(bucket);
    const std::uint64_t match = Lanes<F>::matchLanes(value, fingerprint);
    if (match == 0) {
        return false;
    }
    const unsigned lane = Lanes<F>::lowestLane(match);
    storeBucket(bucket, value & ~(Lanes<F>::kLaneMask << (lane * F)));
    return true;
}

template <unsigned F>
std::uint64_t CuckooFilter<F>::nextRandom() noexcept {
    // xorshift64 (Marsaglia 2003), period 2^64 - 1; callers use the high bits.
    std::uint64_t x = m_rngState;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    m_rngState = x;
    return x;
}

// ---- Hashing ------------------------------------------------------------------------------

template <unsigned F>
[[gnu::always_inline]] inline typename CuckooFilter<F>::Placement
CuckooFilter<F>::placementFromHash(std::uint64_t low, std::uint64_t high) const noexcept {
    Placement p;
    p.fingerprint = static_cast<std::uint32_t>(1 + reduceRange(high, Lanes<F>::kLaneMask));
    p.bucket1 = m_alternate.powerOfTwo ? low & (m_numBuckets - 1) : reduceRange(low, m_numBuckets);
    p.bucket2 = m_alternate.layout == CuckooLayout::Spread ? spreadAlternate(m_alternate, p.bucket1, p.fingerprint)
                                                           : localAlternate(m_alternate, p.bucket1, p.fingerprint);
    return p;
}

template <unsigned F>
[[gnu::always_inline]] inline typename CuckooFilter<F>::Placement
CuckooFilter<F>::placementInline(std::string_view key, const SeededXxh3_128& hash) const noexcept {
    const Hash128 h = hash(key);
    return placementFromHash(h.low, h.high);
}

template <unsigned F>
typename CuckooFilter<F>::Placement CuckooFilter<F>::placementOf(std::string_view key) const {
    return placementInline(key, m_hash);
}

template <unsigned F>
void CuckooFilter<F>::placeChunk(const std::string_view* keys, std::size_t count, Placement* out) const noexcept {
    alignas(64) std::uint64_t low[kPlacementChunk];
    alignas(64) std::uint64_t high[kPlacementChunk];
    xxh3_128Many(std::span<const std::string_view>(keys, count), m_hash.seed(), low, high);
    std::size_t j = 0;
#if defined(__x86_64__)
    if (hashBatchVectorized()) {
        for (; j + 8 <= count; j += 8) {
            alignas(64) std::uint64_t fps[8];
            alignas(64) std::uint64_t b1[8];
            alignas(64) std::uint64_t b2[8];
            placeEightAvx512(low + j, high + j, Lanes<F>::kLaneMask, m_alternate, fps, b1, b2);
            for (unsigned lane = 0; lane < 8; ++lane) {
                out[j + lane] = {static_cast<std::uint32_t>(fps[lane]), b1[lane], b2[lane]};
            }
        }
    } else if (placesFourPerVector(m_alternate)) {
        LookupViewAvx2 va;
        va.base.alternate = &m_alternate;
        va.base.laneMask = Lanes<F>::kLaneMask;
        va.local = localTables32(m_alternate);
        for (; j + 4 <= count; j += 4) {
            alignas(32) std::uint64_t fps[4];
            alignas(32) std::uint64_t b1[4];
            alignas(32) std::uint64_t b2[4];
            placeFourAvx2(low + j, high + j, va, fps, b1, b2);
            for (unsigned lane = 0; lane < 4; ++lane) {
                out[j + lane] = {static_cast<std::uint32_t>(fps[lane]), b1[lane], b2[lane]};
            }
        }
    }
#endif
    for (; j < count; ++j) {
        out[j] = placementFromHash(low[j], high[j]);
    }
}

template <unsigned F>
void CuckooFilter<F>::placementsOf(std::span<const std::string_view> keys, std::span<Placement> out) const {
    if (out.size() != keys.size()) {
        throwInvalidArgument("placementsOf: out has " + numberText(out.size()) + " entries for " + numberText(keys.size()) + " keys");
    }
    for (std::size_t start = 0; start < keys.size(); start += kPlacementChunk) {
        placeChunk(keys.data() + start, std::min(kPlacementChunk, keys.size() - start), out.data() + start);
    }
}

template <unsigned F>
std::uint64_t CuckooFilter<F>::alternateBucket(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept {
    return m_alternate(bucket, fingerprint);
}

// ---- Operations ---------------------------------------------------------------------------

template <unsigned F>
bool CuckooFilter<F>::insert(std::string_view key) {
    const Placement p = placementOf(key);
    m_lastKicks.clear();
    if (tryPlace(p.bucket1, p.fingerprint) || tryPlace(p.bucket2, p.fingerprint)) {
        ++m_items;
        return true;
    }
    if (m_stashUsed) {
        // Full: relocating would push a second fingerprint out with nowhere to go. Refuse
        // without touching the table (docs/pitfalls.md #6).
        ++m_failedInserts;
        return false;
    }
    std::uint64_t bucket = (nextRandom() >> 63) != 0 ? p.bucket2 : p.bucket1;
    std::uint32_t carried = p.fingerprint;
    for (std::uint32_t kick = 0; kick < m_maxKicks; ++kick) {
        const auto slot = static_cast<unsigned>(nextRandom() >> 62);  // 0..3
        const std::uint64_t value = loadBucket(bucket);
        const auto victim = static_cast<std::uint32_t>((value >> (slot * F)) & Lanes<F>::kLaneMask);
        storeBucket(bucket, (value & ~(Lanes<F>::kLaneMask << (slot * F))) |
                                (static_cast<std::uint64_t>(carried) << (slot * F)));
        const std::uint64_t next = alternateBucket(bucket, victim);
        m_lastKicks.push_back({bucket, slot, next, victim});
        ++m_kicks;
        carried = victim;
        bucket = next;
        if (tryPlace(bucket, carried)) {
            ++m_items;
            m_maxKickChain = std::max(m_maxKickChain, kick + 1);
            return true;
        }
    }
    // Kicks exhausted: the fingerprint in hand (whose buckets are both full) goes to the stash.
    // The new key is in the table or is the one stashed; nothing is lost.
    m_stashUsed = true;
    m_stashBucket = bucket;
    m_stashFingerprint = carried;
    ++m_items;
    m_maxKickChain = std::max(m_maxKickChain, m_maxKicks);
    return true;
}

template <unsigned F>
bool CuckooFilter<F>::lookup(const Placement& p) const noexcept {
    const std::uint64_t b1 = loadBucket(p.bucket1);
    const std::uint64_t b2 = loadBucket(p.bucket2);
    if ((Lanes<F>::matchLanes(b1, p.fingerprint) | Lanes<F>::matchLanes(b2, p.fingerprint)) != 0) {
        return true;
    }
    return stashHolds(p);
}

template <unsigned F>
bool CuckooFilter<F>::mightContain(std::string_view key) const {
    return lookup(placementInline(key, m_hash));
}

template <unsigned F>
void CuckooFilter<F>::mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) const {
    lookupBatch(keys, results);
}

template <unsigned F>
void CuckooFilter<F>::mightContainMany(const KeyBatch& keys, std::span<std::uint8_t> results) const {
    lookupBatch(keys, results);
}

template <unsigned F>
template <class Keys>
void CuckooFilter<F>::lookupBatch(const Keys& keys, std::span<std::uint8_t> results) const {
    if (results.size() != keys.size()) {
        throwInvalidArgument("mightContainMany: results has " + numberText(results.size()) + " entries for " + numberText(keys.size()) + " keys");
    }
    // With AVX-512 (the CPU has it and BLOOMLAB_NO_AVX512 is unset): lookupManyAvx512. The
    // distances are chosen per table size (core/prefetch_distance.h, kBatchPrefetchDistances*;
    // their figures in docs/performance.md).
    const std::uint64_t tableBytes = m_table.size() * sizeof(std::uint64_t);
#if defined(__x86_64__)
    const auto view = [&] {
        LookupView v;
        v.table = reinterpret_cast<const unsigned char*>(m_table.data());
        v.alternate = &m_alternate;
        v.seed = m_hash.seed();
        v.laneMask = Lanes<F>::kLaneMask;
        v.ones = Lanes<F>::kOnes;
        v.highs = Lanes<F>::kHighs;
        v.stashUsed = m_stashUsed;
        v.stashOffset = m_stashBucket * kBucketBytes;
        v.stashFingerprint = m_stashFingerprint;
        return v;
    };
    if (hashBatchVectorized()) {
        LookupView v = view();
        const PrefetchChoice choice = choosePrefetchDistance(tableBytes, kBatchPrefetchDistancesAvx512);
        v.distance = choice.distance;
        const std::size_t whole = keys.size() / 8 * 8;
        // Groups of kBatchLookupGroup keys, one group ahead at the distance of 64 both within
        // the L2 and beyond it (where the lines go to the L2, whose miss queue takes a group's
        // ~140 prefetches). Shorter distances (BLOOMLAB_PREFETCH_DISTANCE=32 and below) in
        // groups of 16: with prefetches into the L1 they were the memory distance, and larger
        // groups sent their prefetches in one burst. Figures in docs/performance.md.
        detail::withPrefetchLevel(choice.level, [&](auto level) {
            if (v.distance <= 32) {
                lookupManyAvx512<16, kBucketBytes, level()>(v, keys, whole, results.data());
            } else {
                lookupManyAvx512<kBatchLookupGroup, kBucketBytes, level()>(v, keys, whole, results.data());
            }
        });
        for (std::size_t i = whole; i < keys.size(); ++i) {
            results[i] = mightContain(keys[i]) ? 1 : 0;
        }
        return;
    }
    // Without AVX-512, with AVX2 (xxh3_128Many takes its AVX2 kernel): lookupManyAvx2, for every
    // table placesFourPerVector takes.
    if (placesFourPerVector(m_alternate)) {
        LookupViewAvx2 va;
        va.base = view();
        const PrefetchChoice choice = choosePrefetchDistance(tableBytes, kBatchPrefetchDistancesAvx2);
        va.base.distance = choice.distance;
        va.local = localTables32(m_alternate);
        // The local layout's keys placed with the scalar units and localOffsetTable where a last
        // block is rare (else the branch to localAlternate would mispredict: one key in 26 at a
        // quarter million buckets) and fingerprints fit the table.
        if (m_alternate.layout == CuckooLayout::Local && m_alternate.tailsRare && F <= 12) {
            va.localOffsets = localOffsetTable().data();
        }
        const std::size_t whole = keys.size() / 4 * 4;
        // Groups of kBatchLookupGroup keys, one group ahead at 64; shorter distances in groups
        // of 8, four groups ahead (the memory distance while prefetches went to the L1). Figures
        // in docs/performance.md.
        detail::withPrefetchLevel(choice.level, [&](auto level) {
            if (va.base.distance <= 32) {
                lookupManyAvx2<8, kBucketBytes, level()>(va, keys, whole, results.data());
            } else {
                lookupManyAvx2<kBatchLookupGroup, kBucketBytes, level()>(va, keys, whole, results.data());
            }
        });
        for (std::size_t i = whole; i < keys.size(); ++i) {
            results[i] = mightContain(keys[i]) ? 1 : 0;
        }
        return;
    }
#endif
    // Without AVX-512 or AVX2 (or a table of 2^32 buckets or more): the block pipeline
    // (core/batch_pipeline.h): the placements of a block of keys (32 within the L2, 16 beyond it)
    // are computed key by key and both buckets of each prefetched, then the keys prefetched one
    // block earlier are matched. A 12-bit bucket is read with one 8-byte load that may reach into
    // the next cache line, so its last byte is prefetched too.
    const PrefetchChoice choice = choosePrefetchDistance(tableBytes, kBatchPrefetchDistancesScalar);
    const SeededXxh3_128 hash = m_hash;  // a local: the answers' byte stores may alias the member
    const auto* bytes = reinterpret_cast<const unsigned char*>(m_table.data());
    detail::withPrefetchLevel(choice.level, [&](auto level) {
        const auto prefetchBucket = [bytes, level](std::uint64_t bucket) __attribute__((always_inline)) {
            const unsigned char* at = bytes + bucket * kBucketBytes;
            detail::prefetchLine<level()>(at);
            if constexpr (F == 12) {
                detail::prefetchLine<level()>(at + 7);
            }
        };
        detail::blockPipeline<kMaxPrefetchDistance, Placement>(
            keys.size(), choice.distance,
            [&](std::size_t i, Placement& p) __attribute__((always_inline)) {
                p = placementInline(keys[i], hash);
                prefetchBucket(p.bucket1);
                prefetchBucket(p.bucket2);
            },
            [&](std::size_t i, const Placement& p) __attribute__((always_inline)) { results[i] = lookup(p) ? 1 : 0; });
    });
}

template <unsigned F>
void CuckooFilter<F>::restoreStash() noexcept {
    if (m_stashUsed && (tryPlace(m_stashBucket, m_stashFingerprint) ||
                        tryPlace(alternateBucket(m_stashBucket, m_stashFingerprint), m_stashFingerprint))) {
        m_stashUsed = false;
        m_stashBucket = 0;
        m_stashFingerprint = 0;
    }
}

template <unsigned F>
bool CuckooFilter<F>::erase(std::string_view key) {
    const Placement p = placementOf(key);
    if (removeFrom(p.bucket1, p.fingerprint) || removeFrom(p.bucket2, p.fingerprint)) {
        --m_items;
        restoreStash();
        return true;
    }
    if (stashHolds(p)) {
        m_stashUsed = false;
        m_stashBucket = 0;
        m_stashFingerprint = 0;
        --m_items;
        return true;
    }
    return false;
}

// ---- Inspection and statistics ------------------------------------------------------------

template <unsigned F>
std::uint32_t CuckooFilter<F>::slotAt(std::uint64_t bucket, unsigned slot) const {
    if (bucket >= m_numBuckets || slot >= kSlotsPerBucket) {
        throw std::out_of_range("cuckoo slot (" + numberText(bucket) + ", " + numberText(slot) + ") is out of range: " +
                                numberText(m_numBuckets) + " buckets of " + numberText(kSlotsPerBucket) + " slots");
    }
    return static_cast<std::uint32_t>((loadBucket(bucket) >> (slot * F)) & Lanes<F>::kLaneMask);
}

template <unsigned F>
std::optional<std::uint32_t> CuckooFilter<F>::stashFingerprint() const noexcept {
    if (!m_stashUsed) {
        return std::nullopt;
    }
    return m_stashFingerprint;
}

template <unsigned F>
std::optional<std::pair<std::uint64_t, std::uint32_t>> CuckooFilter<F>::stash() const noexcept {
    if (!m_stashUsed) {
        return std::nullopt;
    }
    return std::pair<std::uint64_t, std::uint32_t>{m_stashBucket, m_stashFingerprint};
}

template <unsigned F>
std::uint64_t CuckooFilter<F>::occupiedSlots() const noexcept {
    std::uint64_t occupied = 0;
    for (std::uint64_t bucket = 0; bucket < m_numBuckets; ++bucket) {
        const std::uint64_t value = loadBucket(bucket);
        for (unsigned slot = 0; slot < kSlotsPerBucket; ++slot) {
            occupied += ((value >> (slot * F)) & Lanes<F>::kLaneMask) != 0 ? 1 : 0;
        }
    }
    return occupied;
}

template <unsigned F>
double CuckooFilter<F>::loadFactor() const noexcept {
    const std::uint64_t inTable = m_items - (m_stashUsed ? 1 : 0);
    return static_cast<double>(inTable) / static_cast<double>(m_numBuckets * kSlotsPerBucket);
}

template <unsigned F>
std::vector<std::uint8_t> CuckooFilter<F>::tableBytes() const {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(m_table.data());
    return std::vector<std::uint8_t>(bytes, bytes + m_numBuckets * kBucketBytes);
}

template <unsigned F>
FilterStats CuckooFilter<F>::stats() const {
    FilterStats s;
    s.items = m_items;
    s.capacity = m_capacity;
    s.bytes = m_numBuckets * kBucketBytes;
    s.bitsPerItem = m_items == 0 ? 0.0 : 8.0 * static_cast<double>(s.bytes) / static_cast<double>(m_items);
    s.fillRatio = loadFactor();
    s.estimatedFpr = math::cuckooFpr(F, kSlotsPerBucket, std::min(1.0, s.fillRatio));
    // The design FPR: what the table answers when it holds its capacity.
    if (m_capacity > 0) {
        const double designLoad = static_cast<double>(m_capacity) / static_cast<double>(m_numBuckets * kSlotsPerBucket);
        s.targetFpr = math::cuckooFpr(F, kSlotsPerBucket, std::min(1.0, designLoad));
    }
    s.estimatedItems = static_cast<double>(m_items);  // exact: one fingerprint per item
    s.layers = 1;
    s.failedInserts = m_failedInserts;
    s.kicks = m_kicks;
    s.maxKickChain = m_maxKickChain;
    s.stashOccupied = m_stashUsed;
    s.overfilled = m_stashUsed || m_failedInserts > 0 || (m_capacity > 0 && m_items > m_capacity);
    return s;
}

template class CuckooFilter<8>;
template class CuckooFilter<12>;
template class CuckooFilter<16>;

} // namespace bloomlab
