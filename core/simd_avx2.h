// AVX2 code shared by the batched hashing (hash_batch.cpp) and the blocked, cuckoo and Morton
// filters' batched calls: 64-bit lane arithmetic that AVX2 has no single instruction for, XXH64
// and XXH3-128 of 8-byte keys four at a time, and reading 8-byte words at byte offsets lane by
// lane. Only for code compiled with target("avx2") (or more) and called after a run-time CPU check.
// simd_avx512.h is the same for eight lanes.
#pragma once

#if defined(__x86_64__)
#include "core/hashing.h"

#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace bloomlab::simd {

#define BLOOMLAB_SIMD_AVX2 __attribute__((target("avx2"), always_inline))

BLOOMLAB_SIMD_AVX2 inline __m256i broadcast4(std::uint64_t value) noexcept {
    return _mm256_set1_epi64x(static_cast<long long>(value));
}

/// The low 64 bits of a * b, lane by lane (b a constant, so its halves cost nothing):
/// lo(a) lo(b) + ((hi(a) lo(b) + lo(a) hi(b)) << 32); the hi(a) hi(b) term lies wholly above bit 63.
BLOOMLAB_SIMD_AVX2 inline __m256i multiplyLow4(__m256i a, std::uint64_t b) noexcept {
    const __m256i bLow = broadcast4(b);
    const __m256i bHigh = broadcast4(b >> 32);
    const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), bLow), _mm256_mul_epu32(a, bHigh));
    return _mm256_add_epi64(_mm256_mul_epu32(a, bLow), _mm256_slli_epi64(cross, 32));
}

/// x ^ (x >> Shift), lane by lane.
template <int Shift> BLOOMLAB_SIMD_AVX2 inline __m256i xorShift4(__m256i x) noexcept {
    return _mm256_xor_si256(x, _mm256_srli_epi64(x, Shift));
}

/// x rotated left by Bits, lane by lane (AVX2 has no rotate: two shifts and an OR).
template <int Bits> BLOOMLAB_SIMD_AVX2 inline __m256i rotateLeft4(__m256i x) noexcept {
    return _mm256_or_si256(_mm256_slli_epi64(x, Bits), _mm256_srli_epi64(x, 64 - Bits));
}

/// XXH64 of four 8-byte keys (the words in x, little-endian), the same values as hashing.h's
/// xxh64Len8: the batched hashing's AVX2 form (hash_batch.cpp) and the blocked filter's AVX2
/// pipeline, which places the four keys in the same vectors (blocked_bloom_filter.cpp).
BLOOMLAB_SIMD_AVX2 inline __m256i xxh64Len8x4(__m256i x, std::uint64_t seed) noexcept {
    const __m256i k1 = multiplyLow4(rotateLeft4<31>(multiplyLow4(x, XXH_PRIME64_2)), XXH_PRIME64_1);
    __m256i h = _mm256_xor_si256(broadcast4(seed + XXH_PRIME64_5 + kFastKeyLength), k1);
    h = _mm256_add_epi64(multiplyLow4(rotateLeft4<27>(h), XXH_PRIME64_1), broadcast4(XXH_PRIME64_4));
    h = multiplyLow4(xorShift4<33>(h), XXH_PRIME64_2);
    h = multiplyLow4(xorShift4<29>(h), XXH_PRIME64_3);
    return xorShift4<32>(h);
}

/// The high and low 64 bits of a * b, lane by lane (b a constant): four 32 x 32-bit products,
/// summed column by column so that no partial sum overflows 64 bits ((2^32 - 1)^2 + 2 (2^32 - 1)
/// < 2^64).
BLOOMLAB_SIMD_AVX2 inline void multiply64to128x4(__m256i a, std::uint64_t b, __m256i& high, __m256i& low) noexcept {
    const __m256i mask32 = broadcast4(0xFFFFFFFFULL);
    const __m256i bLow = broadcast4(b);
    const __m256i bHigh = broadcast4(b >> 32);
    const __m256i aHigh = _mm256_srli_epi64(a, 32);
    const __m256i ll = _mm256_mul_epu32(a, bLow);
    const __m256i hl = _mm256_add_epi64(_mm256_mul_epu32(aHigh, bLow), _mm256_srli_epi64(ll, 32));
    const __m256i lh = _mm256_add_epi64(_mm256_mul_epu32(a, bHigh), _mm256_and_si256(hl, mask32));
    high = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(aHigh, bHigh), _mm256_srli_epi64(hl, 32)),
                            _mm256_srli_epi64(lh, 32));
    low = _mm256_or_si256(_mm256_slli_epi64(lh, 32), _mm256_and_si256(ll, mask32));
}

/// XXH3-128 of four 8-byte keys (the words in x), the same values as hashing.h's xxh3_128Len8;
/// bitflip is xxh3Len8Bitflip(seed) in every lane. The batched hashing's AVX2 form
/// (hash_batch.cpp), and the local cuckoo lookup's, which hashes four keys this way beside four
/// whose 128-bit products take the scalar multiplier (cuckoo_filter.cpp, xxh3_128Mixed).
BLOOMLAB_SIMD_AVX2 inline void xxh3_128Len8x4(__m256i x, __m256i bitflip, __m256i& low, __m256i& high) noexcept {
    multiply64to128x4(_mm256_xor_si256(x, bitflip), XXH_PRIME64_1 + (kFastKeyLength << 2), high, low);
    high = _mm256_add_epi64(high, _mm256_slli_epi64(low, 1));
    low = _mm256_xor_si256(low, _mm256_srli_epi64(high, 3));
    low = multiplyLow4(xorShift4<35>(low), 0x9FB21C651E98DF25ULL);
    low = xorShift4<28>(low);
    high = multiplyLow4(xorShift4<37>(high), 0x165667919E3779F9ULL);
    high = xorShift4<32>(high);
}

/// The 8-byte words at base + offsets[i], one per lane (unaligned, little-endian): what
/// _mm256_i64gather_epi64(base, offsets, 1) returns, read with four scalar loads. A gather is
/// many micro-ops on AMD Zen cores (measured here on Zen 4) and slower still on Intel cores with
/// the Gather Data Sampling mitigation (microcode from 2023); plain loads go through the load
/// ports beside the vector work. The words enter the vector by inserts: one vector load from a
/// stack copy of them would wait for the four stores to reach the cache (no store forwarding
/// across stores), which slowed the Morton filter's dependent stages. Figures in
/// docs/performance.md.
BLOOMLAB_SIMD_AVX2 inline __m256i wordsAt4(const unsigned char* base, __m256i offsets) noexcept {
    alignas(32) std::uint64_t at[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(at), offsets);
    std::uint64_t word[4];
    for (int lane = 0; lane < 4; ++lane) std::memcpy(&word[lane], base + at[lane], sizeof word[lane]);
    return _mm256_set_epi64x(static_cast<long long>(word[3]), static_cast<long long>(word[2]), static_cast<long long>(word[1]),
                             static_cast<long long>(word[0]));
}

#undef BLOOMLAB_SIMD_AVX2

} // namespace bloomlab::simd

#endif
