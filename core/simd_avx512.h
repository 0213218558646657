// AVX-512 code shared by the batched hashing (hash_batch.cpp) and the cuckoo and Morton filters'
// batched lookups: 64-bit lane arithmetic that AVX-512 has no single instruction for, and reading
// 8-byte words at byte offsets lane by lane. Only for code compiled with
// target("avx512f,avx512dq") and called after a run-time CPU check. simd_avx2.h: four lanes.
#pragma once

#if defined(__x86_64__)
#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace bloomlab::simd {

#define BLOOMLAB_AVX512 __attribute__((target("avx512f,avx512dq"), always_inline))

BLOOMLAB_AVX512 inline __m512i broadcast(std::uint64_t value) noexcept {
    return _mm512_set1_epi64(static_cast<long long>(value));
}

/// The high and low 64 bits of the 128-bit products a * b, lane by lane, from four 32 x 32-bit
/// multiplies (vpmuludq): the same values as (unsigned __int128)a * b.
BLOOMLAB_AVX512 inline void multiply64to128(__m512i a, __m512i b, __m512i& high, __m512i& low) noexcept {
    const __m512i mask32 = broadcast(0xFFFFFFFFULL);
    const __m512i aHigh = _mm512_srli_epi64(a, 32);
    const __m512i bHigh = _mm512_srli_epi64(b, 32);
    const __m512i ll = _mm512_mul_epu32(a, b);
    const __m512i lh = _mm512_mul_epu32(a, bHigh);
    const __m512i hl = _mm512_mul_epu32(aHigh, b);
    const __m512i hh = _mm512_mul_epu32(aHigh, bHigh);
    // Middle column: at most 3 x (2^32 - 1) < 2^34, no overflow.
    const __m512i mid = _mm512_add_epi64(_mm512_add_epi64(_mm512_srli_epi64(ll, 32), _mm512_and_si512(lh, mask32)),
                                         _mm512_and_si512(hl, mask32));
    high = _mm512_add_epi64(_mm512_add_epi64(hh, _mm512_srli_epi64(lh, 32)),
                            _mm512_add_epi64(_mm512_srli_epi64(hl, 32), _mm512_srli_epi64(mid, 32)));
    low = _mm512_or_si512(_mm512_slli_epi64(mid, 32), _mm512_and_si512(ll, mask32));
}

/// hashing.h's reduceRange lane by lane: the high 64 bits of hash * range.
BLOOMLAB_AVX512 inline __m512i reduceRange(__m512i hash, __m512i range) noexcept {
    __m512i high;
    __m512i low;
    multiply64to128(hash, range, high, low);
    return high;
}

/// reduceRange for a range below 2^32 (the lanes' high 32 bits of range must be 0), with two
/// 32 x 32-bit multiplies instead of four: hash * range = (hi 2^32 + lo) range, and the high 64
/// bits are (hi range + (lo range >> 32)) >> 32 exactly (the sum stays below 2^64).
BLOOMLAB_AVX512 inline __m512i reduceRangeBelow32(__m512i hash, __m512i range) noexcept {
    const __m512i low = _mm512_srli_epi64(_mm512_mul_epu32(hash, range), 32);
    const __m512i high = _mm512_mul_epu32(_mm512_srli_epi64(hash, 32), range);
    return _mm512_srli_epi64(_mm512_add_epi64(high, low), 32);
}

/// x ^ (x >> Shift), lane by lane.
template <unsigned Shift>
BLOOMLAB_AVX512 inline __m512i xorShift(__m512i x) noexcept {
    return _mm512_xor_si512(x, _mm512_srli_epi64(x, Shift));
}

/// The 8-byte words at base + offsets[i], one per lane: what _mm512_i64gather_epi64(offsets, base, 1)
/// returns, read with eight scalar loads (why: wordsAt4 in simd_avx2.h).
BLOOMLAB_AVX512 inline __m512i wordsAt8(const unsigned char* base, __m512i offsets) noexcept {
    alignas(64) std::uint64_t at[8];
    _mm512_store_si512(at, offsets);
    std::uint64_t word[8];
    for (int lane = 0; lane < 8; ++lane) std::memcpy(&word[lane], base + at[lane], sizeof word[lane]);
    return _mm512_set_epi64(static_cast<long long>(word[7]), static_cast<long long>(word[6]), static_cast<long long>(word[5]),
                            static_cast<long long>(word[4]), static_cast<long long>(word[3]), static_cast<long long>(word[2]),
                            static_cast<long long>(word[1]), static_cast<long long>(word[0]));
}

} // namespace bloomlab::simd

#endif
