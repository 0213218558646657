// Batched hashing; see hash_batch.h.
#include "core/hash_batch.h"

#include "core/hashing.h"
#include "core/simd_avx2.h"
#include "core/simd_avx512.h"

#include <cstdlib>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#define BLOOMLAB_HASH_X86_64 1
#else
#define BLOOMLAB_HASH_X86_64 0
#endif

namespace bloomlab {

namespace {

constexpr std::size_t kLanes512 = 8; // 64-bit lanes per AVX-512 vector
constexpr std::size_t kLanes256 = 4; // per AVX2 vector

bool cpuAvx512() noexcept {
#if BLOOMLAB_HASH_X86_64
    __builtin_cpu_init();
    // GCC's cpu detection also checks that the OS saves the 512-bit state (XCR0).
    return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512dq") != 0;
#else
    return false;
#endif
}

bool cpuAvx2() noexcept {
#if BLOOMLAB_HASH_X86_64
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
#else
    return false;
#endif
}

bool envSet(const char* name) noexcept {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0';
}

/// AVX-512 when the CPU has it and BLOOMLAB_NO_AVX512 is unset; else AVX2 when the CPU has it and
/// BLOOMLAB_NO_AVX2 is unset (the variable that also turns off the blocked filter's AVX2 kernel);
/// else scalar.
HashBatchPath detectPath() noexcept {
    if (cpuAvx512() && !envSet("BLOOMLAB_NO_AVX512")) {
        return HashBatchPath::Avx512;
    }
    if (cpuAvx2() && !envSet("BLOOMLAB_NO_AVX2")) {
        return HashBatchPath::Avx2;
    }
    return HashBatchPath::Scalar;
}

HashBatchPath widestPath() noexcept {
    static const HashBatchPath path = detectPath();
    return path;
}

// The loops below take their keys through three functions, overloaded for the two layouts: a
// span of string_views (`const std::string_view*` from position i) and a KeyBatch.

inline std::string_view keyAt(const std::string_view* keys, std::size_t i) noexcept {
    return keys[i];
}
inline std::string_view keyAt(const KeyBatch& keys, std::size_t i) noexcept {
    return keys[i];
}

/// True when all Lanes keys from position i are 8 bytes long (then one vector hashes them).
template <std::size_t Lanes>
inline bool fastKeys(const std::string_view* keys, std::size_t i) noexcept {
    bool all = true;
    for (std::size_t j = 0; j < Lanes; ++j) {
        all &= keys[i + j].size() == kFastKeyLength;
    }
    return all;
}
template <std::size_t Lanes> inline bool fastKeys(const KeyBatch& keys, std::size_t i) noexcept {
    const std::uint32_t* offsets = keys.offsets().data() + i;
    bool all = true;
    for (std::size_t j = 0; j < Lanes; ++j) {
        all &= offsets[j + 1] - offsets[j] == kFastKeyLength;
    }
    return all;
}

template <class Keys>
void xxh64Scalar(const Keys& keys, std::size_t count, std::uint64_t seed,
                 std::uint64_t* out) noexcept {
    for (std::size_t i = 0; i < count; ++i) {
        out[i] = xxh64(keyAt(keys, i), seed);
    }
}

template <class Keys>
void xxh3_128Scalar(const Keys& keys, std::size_t count, std::uint64_t seed, std::uint64_t* low,
                    std::uint64_t* high) noexcept {
    for (std::size_t i = 0; i < count; ++i) {
        const Hash128 h = xxh3_128(keyAt(keys, i), seed);
        low[i] = h.low;
        high[i] = h.high;
    }
}

#if BLOOMLAB_HASH_X86_64

// GCC 12's AVX-512 intrinsics pass _mm512_undefined_epi32() (a deliberately self-initialised
// value) as the unused merge operand, which -Wmaybe-uninitialized reports (GCC PR 105593, fixed
// in GCC 13); nothing here reads an uninitialised value.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

/// Eight 8-byte keys read as little-endian words (x86 is little-endian, as xxHash reads input).
__attribute__((target("avx512f,avx512dq"))) inline __m512i loadKeys8(const std::string_view* keys,
                                                                     std::size_t i) noexcept {
    std::uint64_t w[kLanes512];
    for (std::size_t j = 0; j < kLanes512; ++j) {
        std::memcpy(&w[j], keys[i + j].data(), sizeof w[j]);
    }
    return _mm512_loadu_si512(w);
}
/// In a KeyBatch, eight 8-byte keys in a row are 64 consecutive bytes: one load.
__attribute__((target("avx512f,avx512dq"))) inline __m512i loadKeys8(const KeyBatch& keys,
                                                                     std::size_t i) noexcept {
    return _mm512_loadu_si512(keys.data() + keys.offsets()[i]);
}

__attribute__((target("avx512f,avx512dq"))) inline __m512i constant(std::uint64_t value) noexcept {
    return _mm512_set1_epi64(static_cast<long long>(value));
}

/// XXH64's round for one whole 8-byte word w of the input, in G groups of eight lanes:
///   next = h ^ rotl(w * P2, 31) * P1;  next = rotl(next, 27) * P1 + P4.
/// A chain of three dependent multiplies (vpmullq: long latency) per group: the groups go through
/// each step together so their chains overlap (one group's whole chain after another's measured
/// slower).
template <std::size_t G>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void
xxh64MergeWords(const __m512i* h, const __m512i* w, __m512i* next) noexcept {
    const __m512i p1 = constant(XXH_PRIME64_1);
    __m512i k[G];
    for (std::size_t g = 0; g < G; ++g) k[g] = _mm512_mullo_epi64(w[g], constant(XXH_PRIME64_2));
    for (std::size_t g = 0; g < G; ++g) k[g] = _mm512_mullo_epi64(_mm512_rol_epi64(k[g], 31), p1);
    for (std::size_t g = 0; g < G; ++g)
        next[g] = _mm512_add_epi64(_mm512_mullo_epi64(_mm512_rol_epi64(_mm512_xor_si512(h[g], k[g]), 27), p1),
                                   constant(XXH_PRIME64_4));
}

/// XXH64's avalanche in G groups, step by step like the word round:
///   h ^= h >> 33;  h *= P2;  h ^= h >> 29;  h *= P3;  h ^= h >> 32.
template <std::size_t G>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void xxh64Avalanche(__m512i* h) noexcept {
    for (std::size_t g = 0; g < G; ++g)
        h[g] = _mm512_mullo_epi64(_mm512_xor_si512(h[g], _mm512_srli_epi64(h[g], 33)), constant(XXH_PRIME64_2));
    for (std::size_t g = 0; g < G; ++g)
        h[g] = _mm512_mullo_epi64(_mm512_xor_si512(h[g], _mm512_srli_epi64(h[g], 29)), constant(XXH_PRIME64_3));
    for (std::size_t g = 0; g < G; ++g) h[g] = _mm512_xor_si512(h[g], _mm512_srli_epi64(h[g], 32));
}

/// XXH64 of G groups of eight 8-byte inputs, lane by lane exactly as xxHash 0.8's XXH64 does for
/// len = 8: h = seed + P5 + 8, one word round with the key, then the avalanche.
template <std::size_t G>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void
xxh64Len8Groups(const __m512i* x, std::uint64_t seed, std::uint64_t* out) noexcept {
    __m512i h[G];
    for (std::size_t g = 0; g < G; ++g) h[g] = constant(seed + XXH_PRIME64_5 + kFastKeyLength);
    xxh64MergeWords<G>(h, x, h);
    xxh64Avalanche<G>(h);
    for (std::size_t g = 0; g < G; ++g) _mm512_storeu_si512(out + kLanes512 * g, h[g]);
}

/// Keys [i, i + 8G), all 8 bytes long, through xxh64Len8Groups.
template <std::size_t G, class Keys>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void
xxh64Len8At(const Keys& keys, std::size_t i, std::uint64_t seed, std::uint64_t* out) noexcept {
    __m512i x[G];
    for (std::size_t g = 0; g < G; ++g) x[g] = loadKeys8(keys, i + kLanes512 * g);
    xxh64Len8Groups<G>(x, seed, out + i);
}

/// Groups of eight keys the XXH64 kernels run side by side (1, 2 and 4 measured: 4 fastest, for
/// 8-byte keys and for 30-byte ones; figures in docs/performance.md).
constexpr std::size_t kGroups = 4;

/// Runs whose first key is 8 bytes: 32 keys per step while the next 32 are all 8 bytes long,
/// else eight at a time, each eight that are not all 8 bytes long through the scalar function.
template <class Keys>
__attribute__((target("avx512f,avx512dq"))) void
xxh64ManyAvx512(const Keys& keys, std::size_t count, std::uint64_t seed,
                std::uint64_t* out) noexcept {
    std::size_t i = 0;
    while (i + kLanes512 <= count) {
        if (i + kGroups * kLanes512 <= count && fastKeys<kGroups * kLanes512>(keys, i)) {
            xxh64Len8At<kGroups>(keys, i, seed, out);
            i += kGroups * kLanes512;
            continue;
        }
        if (fastKeys<kLanes512>(keys, i)) {
            xxh64Len8At<1>(keys, i, seed, out);
        } else {
            for (std::size_t j = i; j < i + kLanes512; ++j) out[j] = xxh64(keyAt(keys, j), seed);
        }
        i += kLanes512;
    }
    for (; i < count; ++i) {
        out[i] = xxh64(keyAt(keys, i), seed);
    }
}

/// Keys of 4 bytes or more, the lengths the string kernel below takes (shorter ones go through
/// the scalar function: their last bytes are not a 4-byte word inside the key).
constexpr std::size_t kStringMin = 4;

inline bool stringKernelKey(std::size_t length) noexcept {
    return length >= kStringMin;
}

/// A run takes the string kernel when any of its first eight keys is at least 4 and shorter than
/// this (names, words, phrases, addresses); runs of longer keys only (documents) keep the scalar
/// loop, whose four accumulators already stream.
constexpr std::size_t kStringRunBelow = 64;

/// The lanes of `within` whose value is at least `least`, per group; returns whether any is.
template <std::size_t G>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline unsigned
lanesAtLeast(const __mmask8* within, const __m512i* value, std::uint64_t least, __mmask8* out) noexcept {
    unsigned any = 0;
    for (std::size_t g = 0; g < G; ++g) {
        out[g] = _mm512_mask_cmpge_epu64_mask(within[g], value[g], constant(least));
        any |= out[g];
    }
    return any;
}

/// XXH64's 32-byte stripes for the lanes in `lanes` (keys of 32 bytes or more), exactly as
/// xxHash 0.8 does for len >= 32: four accumulators v1..v4 = seed + P1 + P2, seed + P2, seed,
/// seed - P1; each whole stripe s of the key (32 s + 32 <= len) rounds v_j with its word j
///   round(v, w) = rotl(v + w * P2, 31) * P1;
/// then h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18), merged with each v_j
///   h = (h ^ round(0, v_j)) * P1 + P4,
/// and h += len. Written into h for those lanes only; the key's last len & 31 bytes are left to
/// the finalisation in xxh64StringGroups.
template <std::size_t G>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void
xxh64Stripes(const __m512i* address, const __m512i* length, const __mmask8* lanes, std::uint64_t seed,
             __m512i* h) noexcept {
    const __m512i p1 = constant(XXH_PRIME64_1);
    const __m512i p2 = constant(XXH_PRIME64_2);
    const __m512i zero = _mm512_setzero_si512();
    const std::uint64_t start[4] = {seed + XXH_PRIME64_1 + XXH_PRIME64_2, seed + XXH_PRIME64_2, seed,
                                    seed - XXH_PRIME64_1};
    __m512i v[G][4];
    for (std::size_t g = 0; g < G; ++g)
        for (std::size_t j = 0; j < 4; ++j) v[g][j] = constant(start[j]);
    for (std::uint64_t stripe = 0;; ++stripe) {
        __mmask8 in[G];
        if (lanesAtLeast<G>(lanes, length, 32 * (stripe + 1), in) == 0) break;  // lanes only drop out
        for (std::size_t j = 0; j < 4; ++j) {
            for (std::size_t g = 0; g < G; ++g) {
                const __m512i w = _mm512_mask_i64gather_epi64(
                    zero, in[g], _mm512_add_epi64(address[g], constant(32 * stripe + 8 * j)), nullptr, 1);
                const __m512i next =
                    _mm512_mullo_epi64(_mm512_rol_epi64(_mm512_add_epi64(v[g][j], _mm512_mullo_epi64(w, p2)), 31), p1);
                v[g][j] = _mm512_mask_mov_epi64(v[g][j], in[g], next);
            }
        }
    }
    for (std::size_t g = 0; g < G; ++g) {
        __m512i acc = _mm512_add_epi64(_mm512_add_epi64(_mm512_rol_epi64(v[g][0], 1), _mm512_rol_epi64(v[g][1], 7)),
                                       _mm512_add_epi64(_mm512_rol_epi64(v[g][2], 12), _mm512_rol_epi64(v[g][3], 18)));
        for (std::size_t j = 0; j < 4; ++j) {
            const __m512i k = _mm512_mullo_epi64(_mm512_rol_epi64(_mm512_mullo_epi64(v[g][j], p2), 31), p1);
            acc = _mm512_add_epi64(_mm512_mullo_epi64(_mm512_xor_si512(acc, k), p1), constant(XXH_PRIME64_4));
        }
        h[g] = _mm512_mask_mov_epi64(h[g], lanes[g], _mm512_add_epi64(acc, length[g]));
    }
}

/// XXH64 of G groups of up to eight keys of 4 bytes or more, lane by lane exactly as xxHash 0.8's
/// XXH64: h = seed + P5 + len below 32 bytes, the stripes above (xxh64Stripes), then
/// XXH64_finalize over the key's last len & 31 bytes (the tail, from t = address + (len & ~31)) —
///   each whole 8-byte word w:   h ^= rotl(w * P2, 31) * P1;  h = rotl(h, 27) * P1 + P4;
///   a 4-byte word u, if left:   h ^= u * P1;                 h = rotl(h, 23) * P2 + P3;
///   each byte b left (0 to 3):  h ^= b * P5;                 h = rotl(h, 11) * P1;
/// then avalanche(h). Lanes differ in length, so every step runs on the lanes it applies to
/// (a mask) and reads through a masked gather from the keys' addresses: a lane off the mask reads
/// nothing, and no read leaves its key — the stripes' words, the tail's words at t + 8s for
/// 8(s + 1) <= len & 31, the 4-byte word at t + (len & 24) when len & 4, and the last bytes as the
/// 4-byte word ending at len (len >= 4), shifted down. Lanes outside `active` (keys shorter than 4
/// bytes) come out as garbage; the caller replaces them. Each step is a chain of dependent
/// multiplies (vpmullq: long latency), so the G groups go through every step together and their
/// chains overlap.
template <std::size_t G>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void
xxh64StringGroups(const __m512i* address, const __m512i* length, const __mmask8* active, std::uint64_t seed,
                  std::uint64_t* out) noexcept {
    const __m512i p1 = constant(XXH_PRIME64_1);
    const __m512i p2 = constant(XXH_PRIME64_2);
    const __m512i zero = _mm512_setzero_si512();
    __m512i h[G];
    __m512i tail[G];    // len & 31
    __m512i tailAt[G];  // address + (len & ~31)
    __mmask8 longLanes[G];
    unsigned anyLong = 0;
    for (std::size_t g = 0; g < G; ++g) {
        h[g] = _mm512_add_epi64(constant(seed + XXH_PRIME64_5), length[g]);
        tail[g] = _mm512_and_si512(length[g], constant(31));
        tailAt[g] = _mm512_add_epi64(address[g], _mm512_andnot_si512(constant(31), length[g]));
        longLanes[g] = _mm512_mask_cmpge_epu64_mask(active[g], length[g], constant(32));
        anyLong |= longLanes[g];
    }
    if (anyLong != 0) xxh64Stripes<G>(address, length, longLanes, seed, h);
    for (std::uint64_t word = 0; word < 3; ++word) {
        __mmask8 lanes[G];
        if (lanesAtLeast<G>(active, tail, 8 * (word + 1), lanes) == 0) break;  // lanes only drop out
        __m512i w[G];
        __m512i next[G];
        for (std::size_t g = 0; g < G; ++g)
            w[g] = _mm512_mask_i64gather_epi64(zero, lanes[g], _mm512_add_epi64(tailAt[g], constant(8 * word)), nullptr, 1);
        xxh64MergeWords<G>(h, w, next);
        for (std::size_t g = 0; g < G; ++g) h[g] = _mm512_mask_mov_epi64(h[g], lanes[g], next[g]);
    }
    for (std::size_t g = 0; g < G; ++g) {
        const __mmask8 word4 = _mm512_mask_test_epi64_mask(active[g], length[g], constant(4));
        const __m512i at = _mm512_add_epi64(tailAt[g], _mm512_and_si512(tail[g], constant(~std::uint64_t{7})));
        const __m512i u =
            _mm512_cvtepu32_epi64(_mm512_mask_i64gather_epi32(_mm256_setzero_si256(), word4, at, nullptr, 1));
        const __m512i next = _mm512_add_epi64(
            _mm512_mullo_epi64(_mm512_rol_epi64(_mm512_xor_si512(h[g], _mm512_mullo_epi64(u, p1)), 23), p2),
            constant(XXH_PRIME64_3));
        h[g] = _mm512_mask_mov_epi64(h[g], word4, next);
    }
    __m512i bytesLeft[G];
    __m512i last[G];
    __m512i shift[G];
    __mmask8 anyBytes[G];
    for (std::size_t g = 0; g < G; ++g) {
        bytesLeft[g] = _mm512_and_si512(length[g], constant(3));
        anyBytes[g] = _mm512_mask_test_epi64_mask(active[g], length[g], constant(3));
        last[g] = _mm512_cvtepu32_epi64(_mm512_mask_i64gather_epi32(
            _mm256_setzero_si256(), anyBytes[g], _mm512_sub_epi64(_mm512_add_epi64(address[g], length[g]), constant(4)),
            nullptr, 1));
        // Byte b of the t left sits at bit 8 (4 - t + b) of the word ending at len.
        shift[g] = _mm512_slli_epi64(_mm512_sub_epi64(constant(4), bytesLeft[g]), 3);
    }
    for (std::uint64_t b = 0; b < 3; ++b) {
        __mmask8 lanes[G];
        unsigned any = 0;
        for (std::size_t g = 0; g < G; ++g) {
            lanes[g] = _mm512_mask_cmpgt_epu64_mask(anyBytes[g], bytesLeft[g], constant(b));
            any |= lanes[g];
        }
        if (any == 0) break;
        for (std::size_t g = 0; g < G; ++g) {
            const __m512i byte = _mm512_and_si512(_mm512_srlv_epi64(last[g], shift[g]), constant(0xFF));
            const __m512i next = _mm512_mullo_epi64(
                _mm512_rol_epi64(_mm512_xor_si512(h[g], _mm512_mullo_epi64(byte, constant(XXH_PRIME64_5))), 11), p1);
            h[g] = _mm512_mask_mov_epi64(h[g], lanes[g], next);
            shift[g] = _mm512_add_epi64(shift[g], constant(8));
        }
    }
    xxh64Avalanche<G>(h);
    for (std::size_t g = 0; g < G; ++g) _mm512_storeu_si512(out + kLanes512 * g, h[g]);
}

/// The addresses and lengths of keys [i, i + 8) as vectors. Views: read one by one.
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void
stringKeys8(const std::string_view* keys, std::size_t i, __m512i& address, __m512i& length) noexcept {
    alignas(64) std::uint64_t a[kLanes512];
    alignas(64) std::uint64_t n[kLanes512];
    for (std::size_t j = 0; j < kLanes512; ++j) {
        a[j] = reinterpret_cast<std::uintptr_t>(keys[i + j].data());
        n[j] = keys[i + j].size();
    }
    address = _mm512_load_si512(a);
    length = _mm512_load_si512(n);
}
/// In a KeyBatch: nine offsets (two overlapping loads), lengths as their differences.
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void
stringKeys8(const KeyBatch& keys, std::size_t i, __m512i& address, __m512i& length) noexcept {
    const std::uint32_t* offsets = keys.offsets().data() + i;
    const __m512i begin = _mm512_cvtepu32_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(offsets)));
    const __m512i end = _mm512_cvtepu32_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(offsets + 1)));
    length = _mm512_sub_epi64(end, begin);
    address = _mm512_add_epi64(constant(reinterpret_cast<std::uintptr_t>(keys.data())), begin);
}

/// Keys [i, i + 8G) through xxh64StringGroups; those shorter than 4 bytes through the scalar
/// function.
template <std::size_t G, class Keys>
__attribute__((target("avx512f,avx512dq"), always_inline)) inline void
xxh64StringAt(const Keys& keys, std::size_t i, std::uint64_t seed, std::uint64_t* out) noexcept {
    __m512i address[G];
    __m512i length[G];
    __mmask8 active[G];
    unsigned all = 0xFF;
    for (std::size_t g = 0; g < G; ++g) {
        stringKeys8(keys, i + kLanes512 * g, address[g], length[g]);
        active[g] = _mm512_cmpge_epu64_mask(length[g], constant(kStringMin));
        all &= active[g];
    }
    xxh64StringGroups<G>(address, length, active, seed, out + i);
    if (all == 0xFF) return;
    for (std::size_t g = 0; g < G; ++g) {
        for (std::size_t j = 0; j < kLanes512; ++j) {
            if ((active[g] >> j & 1U) == 0) out[i + kLanes512 * g + j] = xxh64(keyAt(keys, i + kLanes512 * g + j), seed);
        }
    }
}

/// Runs of strings such as words, names, phrases, addresses (xxh64RunOf: Strings): 32 keys per
/// step as four groups of eight (then eight), whatever their lengths from 4 bytes up; keys
/// shorter than 4 bytes take the scalar function.
template <class Keys>
__attribute__((target("avx512f,avx512dq"))) void
xxh64ManyStringsAvx512(const Keys& keys, std::size_t count, std::uint64_t seed, std::uint64_t* out) noexcept {
    std::size_t i = 0;
    for (; i + kGroups * kLanes512 <= count; i += kGroups * kLanes512) {
        xxh64StringAt<kGroups>(keys, i, seed, out);
    }
    for (; i + kLanes512 <= count; i += kLanes512) {
        xxh64StringAt<1>(keys, i, seed, out);
    }
    for (; i < count; ++i) {
        out[i] = xxh64(keyAt(keys, i), seed);
    }
}

/// XXH3-128 of eight 8-byte inputs: hashing.h's xxh3_128Len8 lane by lane (xxHash 0.8's
/// XXH3_len_4to8_128b at len = 8, where its two 4-byte reads are the whole key):
/// keyed = x ^ (secret[16..24) ^ secret[24..32)) + seed'),
/// seed' = seed ^ (bswap32(seed) << 32); m = keyed * (P1 + 4 len) as 128 bits; then its mixing.
__attribute__((target("avx512f,avx512dq"))) inline void
xxh3_128Len8x8(__m512i x, __m512i bitflip, __m512i& low, __m512i& high) noexcept {
    simd::multiply64to128(_mm512_xor_si512(x, bitflip),
                          simd::broadcast(XXH_PRIME64_1 + (kFastKeyLength << 2)), high, low);
    high = _mm512_add_epi64(high, _mm512_slli_epi64(low, 1));
    low = _mm512_xor_si512(low, _mm512_srli_epi64(high, 3));
    low = simd::xorShift<35>(low);
    low = _mm512_mullo_epi64(low, simd::broadcast(0x9FB21C651E98DF25ULL));
    low = simd::xorShift<28>(low);
    high = simd::xorShift<37>(high);
    high = _mm512_mullo_epi64(high, simd::broadcast(0x165667919E3779F9ULL));
    high = simd::xorShift<32>(high);
}

template <class Keys>
__attribute__((target("avx512f,avx512dq"))) void
xxh3_128ManyAvx512(const Keys& keys, std::size_t count, std::uint64_t seed, std::uint64_t* low,
                   std::uint64_t* high) noexcept {
    const __m512i bitflip = simd::broadcast(xxh3Len8Bitflip(seed));
    const auto scalar = [&](std::size_t i) {
        const Hash128 h = xxh3_128(keyAt(keys, i), seed);
        low[i] = h.low;
        high[i] = h.high;
    };
    std::size_t i = 0;
    for (; i + kLanes512 <= count; i += kLanes512) {
        if (!fastKeys<kLanes512>(keys, i)) {
            for (std::size_t j = 0; j < kLanes512; ++j)
                scalar(i + j);
            continue;
        }
        __m512i l;
        __m512i h;
        xxh3_128Len8x8(loadKeys8(keys, i), bitflip, l, h);
        _mm512_storeu_si512(low + i, l);
        _mm512_storeu_si512(high + i, h);
    }
    for (; i < count; ++i)
        scalar(i);
}

#pragma GCC diagnostic pop

// ---- AVX2: four keys per 256-bit vector ---------------------------------------------------------
// AVX2 has neither a 64-bit lane multiply nor a rotate: the low 64 bits of a product come from
// three 32 x 32-bit multiplies (vpmuludq), the full 128 bits from four, and a rotate is two
// shifts and an OR.

#define BLOOMLAB_AVX2 __attribute__((target("avx2"), always_inline)) inline

using simd::broadcast4;
using simd::multiplyLow4;
using simd::rotateLeft4;
using simd::xxh3_128Len8x4;
using simd::xxh64Len8x4;
using simd::xorShift4;

/// Four 8-byte keys read as little-endian words.
BLOOMLAB_AVX2 __m256i loadKeys4(const std::string_view* keys, std::size_t i) noexcept {
    std::uint64_t w[kLanes256];
    for (std::size_t j = 0; j < kLanes256; ++j) {
        std::memcpy(&w[j], keys[i + j].data(), sizeof w[j]);
    }
    return _mm256_set_epi64x(static_cast<long long>(w[3]), static_cast<long long>(w[2]),
                             static_cast<long long>(w[1]), static_cast<long long>(w[0]));
}
/// In a KeyBatch, four 8-byte keys in a row are 32 consecutive bytes: one load.
BLOOMLAB_AVX2 __m256i loadKeys4(const KeyBatch& keys, std::size_t i) noexcept {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(keys.data() + keys.offsets()[i]));
}

/// Eight keys per step while they are all 8 bytes long: four in a vector and the next four
/// through the scalar XXH64, in one loop body; other keys one by one. The vector XXH64 (three
/// vpmuludq per multiply) is no faster than the scalar one on its own; the two together keep both
/// the vector units and the scalar multiplier busy (figures in docs/performance.md). Reached
/// through xxh64ManyOn (see xxh64PathFor), as the Morton filter's AVX2 lookup does.
template <class Keys>
__attribute__((target("avx2"))) void xxh64ManyAvx2(const Keys& keys, std::size_t count,
                                                   std::uint64_t seed,
                                                   std::uint64_t* out) noexcept {
    std::size_t i = 0;
    for (; i + 2 * kLanes256 <= count; i += 2 * kLanes256) {
        if (!fastKeys<2 * kLanes256>(keys, i)) [[unlikely]] {
            for (std::size_t j = 0; j < 2 * kLanes256; ++j) {
                out[i + j] = xxh64(keyAt(keys, i + j), seed);
            }
            continue;
        }
        std::uint64_t word[2 * kLanes256];
        for (std::size_t j = 0; j < 2 * kLanes256; ++j) {
            std::memcpy(&word[j], keyAt(keys, i + j).data(), sizeof word[j]);
        }
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i),
                            xxh64Len8x4(_mm256_set_epi64x(static_cast<long long>(word[3]), static_cast<long long>(word[2]),
                                                          static_cast<long long>(word[1]), static_cast<long long>(word[0])),
                                        seed));
        for (std::size_t j = kLanes256; j < 2 * kLanes256; ++j) {
            out[i + j] = xxh64Len8(word[j], seed);
        }
    }
    for (; i < count; ++i) {
        out[i] = xxh64(keyAt(keys, i), seed);
    }
}

// ---- AVX2 string kernel: keys of one length -------------------------------------------------
// xxh64StringGroups's steps on four lanes, for a run of keys that all have the same length from
// 4 to 31 bytes (a fixed-width column: codes, ids, dates, digests in hex, fixed-size records).
// Every lane then takes every step, so there are no masks or blends, and each word is read with
// four scalar loads: the AVX2 gathers and blends a mixed-length kernel needs made it slower than
// the scalar loop (docs/performance.md). Keys of other lengths, and runs whose lengths vary, take
// the scalar function.

/// A little-endian word of Bytes bytes (8, 4 or 1) at p, zero-extended.
template <std::size_t Bytes> inline std::uint64_t loadWord(const char* p) noexcept {
    if constexpr (Bytes == 8) {
        std::uint64_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    } else if constexpr (Bytes == 4) {
        std::uint32_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    } else {
        static_assert(Bytes == 1);
        return static_cast<unsigned char>(*p);
    }
}

/// The words at `offset` of four keys, one lane each. Built from the four values directly: writing
/// them to memory and loading the vector back stalls on store forwarding.
template <std::size_t Bytes>
BLOOMLAB_AVX2 __m256i loadLanes(const char* const* key, std::size_t offset) noexcept {
    return _mm256_set_epi64x(static_cast<long long>(loadWord<Bytes>(key[3] + offset)),
                             static_cast<long long>(loadWord<Bytes>(key[2] + offset)),
                             static_cast<long long>(loadWord<Bytes>(key[1] + offset)),
                             static_cast<long long>(loadWord<Bytes>(key[0] + offset)));
}

/// XXH64 of G groups of four keys of `length` bytes (4 <= length < 32), lane by lane exactly as
/// xxHash 0.8's XXH64 (the finalisation spelled out at xxh64StringGroups); key[4g + j] is lane j
/// of group g. The G chains of dependent multiplies go through each step together.
template <std::size_t G>
BLOOMLAB_AVX2 void xxh64SameLengthGroups(const char* const* key, std::size_t length, std::uint64_t seed,
                                         std::uint64_t* out) noexcept {
    __m256i h[G];
    for (std::size_t g = 0; g < G; ++g) h[g] = broadcast4(seed + XXH_PRIME64_5 + length);
    std::size_t at = 0;
    for (; at + 8 <= length; at += 8) {
        for (std::size_t g = 0; g < G; ++g) {
            const __m256i w = loadLanes<8>(key + kLanes256 * g, at);
            const __m256i k = multiplyLow4(rotateLeft4<31>(multiplyLow4(w, XXH_PRIME64_2)), XXH_PRIME64_1);
            h[g] = _mm256_add_epi64(multiplyLow4(rotateLeft4<27>(_mm256_xor_si256(h[g], k)), XXH_PRIME64_1),
                                    broadcast4(XXH_PRIME64_4));
        }
    }
    if (at + 4 <= length) {
        for (std::size_t g = 0; g < G; ++g) {
            const __m256i u = loadLanes<4>(key + kLanes256 * g, at);
            h[g] = _mm256_add_epi64(
                multiplyLow4(rotateLeft4<23>(_mm256_xor_si256(h[g], multiplyLow4(u, XXH_PRIME64_1))), XXH_PRIME64_2),
                broadcast4(XXH_PRIME64_3));
        }
        at += 4;
    }
    for (; at < length; ++at) {
        for (std::size_t g = 0; g < G; ++g) {
            const __m256i byte = loadLanes<1>(key + kLanes256 * g, at);
            h[g] = multiplyLow4(rotateLeft4<11>(_mm256_xor_si256(h[g], multiplyLow4(byte, XXH_PRIME64_5))),
                               XXH_PRIME64_1);
        }
    }
    for (std::size_t g = 0; g < G; ++g) {
        h[g] = multiplyLow4(xorShift4<33>(h[g]), XXH_PRIME64_2);
        h[g] = multiplyLow4(xorShift4<29>(h[g]), XXH_PRIME64_3);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + kLanes256 * g), xorShift4<32>(h[g]));
    }
}

/// Groups of four keys the AVX2 string kernel runs side by side (1, 2 and 4 measured: 4 fastest).
constexpr std::size_t kSameLengthGroups = 4;
constexpr std::size_t kSameLengthRun = kSameLengthGroups * kLanes256;
/// The string kernel takes lengths from kStringMin up to (not including) this: longer keys have
/// XXH64's 32-byte stripes, whose four accumulators the scalar loop already streams.
constexpr std::size_t kSameLengthBelow = 32;

/// The length all keys [i, i + N) share when it is one the AVX2 string kernel takes, else 0.
template <std::size_t N, class Keys>
inline std::size_t sameKernelLength(const Keys& keys, std::size_t i) noexcept {
    const std::size_t length = keyAt(keys, i).size();
    bool same = length >= kStringMin && length < kSameLengthBelow;
    for (std::size_t j = 1; j < N; ++j) {
        same &= keyAt(keys, i + j).size() == length;
    }
    return same ? length : 0;
}

/// Runs of strings on the AVX2 path (xxh64RunOf: Strings): 16 keys per step through
/// xxh64SameLengthGroups when they share a length it takes, else one by one.
template <class Keys>
__attribute__((target("avx2"))) void xxh64ManyStringsAvx2(const Keys& keys, std::size_t count, std::uint64_t seed,
                                                          std::uint64_t* out) noexcept {
    std::size_t i = 0;
    for (; i + kSameLengthRun <= count; i += kSameLengthRun) {
        const std::size_t length = sameKernelLength<kSameLengthRun>(keys, i);
        if (length == 0) {
            for (std::size_t j = i; j < i + kSameLengthRun; ++j) out[j] = xxh64(keyAt(keys, j), seed);
            continue;
        }
        const char* key[kSameLengthRun];
        for (std::size_t j = 0; j < kSameLengthRun; ++j) key[j] = keyAt(keys, i + j).data();
        xxh64SameLengthGroups<kSameLengthGroups>(key, length, seed, out + i);
    }
    for (; i < count; ++i) {
        out[i] = xxh64(keyAt(keys, i), seed);
    }
}

template <class Keys>
__attribute__((target("avx2"))) void xxh3_128ManyAvx2(const Keys& keys, std::size_t count,
                                                      std::uint64_t seed, std::uint64_t* low,
                                                      std::uint64_t* high) noexcept {
    const __m256i bitflip = broadcast4(xxh3Len8Bitflip(seed));
    const auto scalar = [&](std::size_t i) {
        const Hash128 h = xxh3_128(keyAt(keys, i), seed);
        low[i] = h.low;
        high[i] = h.high;
    };
    std::size_t i = 0;
    for (; i + kLanes256 <= count; i += kLanes256) {
        if (!fastKeys<kLanes256>(keys, i)) {
            for (std::size_t j = 0; j < kLanes256; ++j)
                scalar(i + j);
            continue;
        }
        __m256i l;
        __m256i h;
        xxh3_128Len8x4(loadKeys4(keys, i), bitflip, l, h);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(low + i), l);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(high + i), h);
    }
    for (; i < count; ++i)
        scalar(i);
}

#undef BLOOMLAB_AVX2

#endif

/// Which XXH64 loop a run takes on a path, judged by its first keys: Len8 when the first key is 8
/// bytes (the 8-byte loops: for other runs their per-group fallback measured slower than the plain
/// scalar loop, 30-byte keys; docs/performance.md); else Strings when the path's string kernel
/// takes the run: on AVX-512 when any of the first eight is 4 to 63 bytes long (that kernel takes
/// every length from 4 bytes, so a run whose lengths vary key by key, as a column of names or
/// addresses does, stays in it wherever its first key falls), on AVX2 when the first sixteen share
/// one length from 4 to 31 bytes; else Other (the scalar loop).
enum class Xxh64Run : std::uint8_t { Len8, Strings, Other };

template <class Keys> Xxh64Run xxh64RunOf(HashBatchPath path, const Keys& keys, std::size_t count) noexcept {
#if BLOOMLAB_HASH_X86_64
    if (count == 0 || path == HashBatchPath::Scalar) return Xxh64Run::Other;
    if (keyAt(keys, 0).size() == kFastKeyLength) return Xxh64Run::Len8;
    if (path == HashBatchPath::Avx2) {
        return count >= kSameLengthRun && sameKernelLength<kSameLengthRun>(keys, 0) != 0 ? Xxh64Run::Strings
                                                                                         : Xxh64Run::Other;
    }
    for (std::size_t i = 0; i < std::min(count, kLanes512); ++i) {
        const std::size_t length = keyAt(keys, i).size();
        if (stringKernelKey(length) && length < kStringRunBelow) return Xxh64Run::Strings;
    }
#else
    (void)path;
    (void)keys;
    (void)count;
#endif
    return Xxh64Run::Other;
}

/// The path xxh64Many takes for a run: the widest the process runs, except that on AVX2 only runs
/// of strings take it. The 8-byte AVX2 kernel (xxh64ManyAvx2) gives the same values, but as a call
/// that fills an array of hashes it made the blocked filter's batched lookup slower than the
/// scalar hash (its probes use the same vector ports as the emulated 64-bit multiplies). That
/// pipeline now hashes full groups of 8-byte keys itself, four per vector, and places them in the
/// same vectors (simd::xxh64Len8x4, blocked_bloom_filter.cpp), which measured faster than both;
/// it calls xxh64Many only for the runs this function sends to a vector kernel. A string costs the
/// scalar hash three times the multiplies of an 8-byte key, and there the AVX2 kernel measured
/// faster inside that loop too (docs/performance.md). The Morton filter's AVX2 lookup, which
/// fills an array of hashes per group anyway, takes the 8-byte kernel through xxh64ManyOn.
HashBatchPath xxh64PathFor(Xxh64Run run) noexcept {
    const HashBatchPath widest = widestPath();
    return widest == HashBatchPath::Avx2 && run != Xxh64Run::Strings ? HashBatchPath::Scalar : widest;
}

/// `path` must be one the CPU can run (see runnable), and `run` xxh64RunOf(path, ...).
template <class Keys>
[[gnu::always_inline]] inline void xxh64ManyRun(HashBatchPath path, Xxh64Run run, const Keys& keys, std::size_t count,
                                                std::uint64_t seed, std::uint64_t* out) noexcept {
#if BLOOMLAB_HASH_X86_64
    if (run == Xxh64Run::Len8) {
        if (path == HashBatchPath::Avx512) {
            xxh64ManyAvx512(keys, count, seed, out);
            return;
        }
        if (path == HashBatchPath::Avx2) {
            xxh64ManyAvx2(keys, count, seed, out);
            return;
        }
    }
    if (run == Xxh64Run::Strings && path == HashBatchPath::Avx512) {
        xxh64ManyStringsAvx512(keys, count, seed, out);
        return;
    }
    if (run == Xxh64Run::Strings && path == HashBatchPath::Avx2) {
        xxh64ManyStringsAvx2(keys, count, seed, out);
        return;
    }
#else
    (void)path;
    (void)run;
#endif
    xxh64Scalar(keys, count, seed, out);
}

/// xxh64ManyOn: `path`'s loops for every run.
template <class Keys>
[[gnu::always_inline]] inline void xxh64ManyOnPath(HashBatchPath path, const Keys& keys, std::size_t count,
                                                   std::uint64_t seed, std::uint64_t* out) noexcept {
    xxh64ManyRun(path, xxh64RunOf(path, keys, count), keys, count, seed, out);
}

/// xxh64Many: each run on xxh64PathFor(run).
template <class Keys>
[[gnu::always_inline]] inline void xxh64ManyDefault(const Keys& keys, std::size_t count, std::uint64_t seed,
                                                    std::uint64_t* out) noexcept {
    const Xxh64Run run = xxh64RunOf(widestPath(), keys, count);
    xxh64ManyRun(xxh64PathFor(run), run, keys, count, seed, out);
}

template <class Keys>
[[gnu::always_inline]] inline void
xxh3_128ManyOnPath(HashBatchPath path, const Keys& keys, std::size_t count, std::uint64_t seed,
                   std::uint64_t* low, std::uint64_t* high) noexcept {
#if BLOOMLAB_HASH_X86_64
    if (count > 0 && keyAt(keys, 0).size() == kFastKeyLength) {
        if (path == HashBatchPath::Avx512) {
            xxh3_128ManyAvx512(keys, count, seed, low, high);
            return;
        }
        if (path == HashBatchPath::Avx2) {
            xxh3_128ManyAvx2(keys, count, seed, low, high);
            return;
        }
    }
#else
    (void)path;
#endif
    xxh3_128Scalar(keys, count, seed, low, high);
}

/// `path` if this CPU can run it, else the scalar loop (the *On functions take any path).
HashBatchPath runnable(HashBatchPath path) noexcept {
    return hashBatchPathSupported(path) ? path : HashBatchPath::Scalar;
}

} // namespace

HashBatchPath hashBatchPath(HashAlgorithm algorithm) noexcept {
    switch (algorithm) {
    case HashAlgorithm::Xxh64:
        return widestPath(); // on AVX2 for runs of strings only (xxh64PathFor)
    case HashAlgorithm::Xxh3_128:
        return widestPath();
    case HashAlgorithm::Xxh3_64:
        return HashBatchPath::Scalar; // no batched function
    }
    return HashBatchPath::Scalar;
}

bool hashBatchPathSupported(HashBatchPath path) noexcept {
    static const bool avx2 = cpuAvx2();
    static const bool avx512 = cpuAvx512();
    switch (path) {
    case HashBatchPath::Scalar:
        return true;
    case HashBatchPath::Avx2:
        return avx2;
    case HashBatchPath::Avx512:
        return avx512;
    }
    return false;
}

const char* hashBatchPathName(HashBatchPath path) noexcept {
    switch (path) {
    case HashBatchPath::Scalar:
        return "scalar";
    case HashBatchPath::Avx2:
        return "AVX2";
    case HashBatchPath::Avx512:
        return "AVX-512";
    }
    return "scalar";
}

namespace {
template <class Keys> bool xxh64Vectorizes(const Keys& keys, std::size_t count) noexcept {
    const Xxh64Run run = xxh64RunOf(widestPath(), keys, count);
    return run != Xxh64Run::Other && xxh64PathFor(run) != HashBatchPath::Scalar;
}
} // namespace

bool xxh64ManyVectorizes(std::span<const std::string_view> keys) noexcept {
    return xxh64Vectorizes(keys.data(), keys.size());
}
bool xxh64ManyVectorizes(const KeyBatch& keys) noexcept {
    return xxh64Vectorizes(keys, keys.size());
}

bool hashBatchVectorized() noexcept {
    return widestPath() == HashBatchPath::Avx512;
}

bool cpuHasAvx512() noexcept {
    return cpuAvx512();
}

void xxh64Many(std::span<const std::string_view> keys, std::uint64_t seed,
               std::uint64_t* out) noexcept {
    xxh64ManyDefault(keys.data(), keys.size(), seed, out);
}
void xxh64Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* out) noexcept {
    xxh64ManyDefault(keys, keys.size(), seed, out);
}
void xxh3_128Many(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* low,
                  std::uint64_t* high) noexcept {
    xxh3_128ManyOnPath(widestPath(), keys.data(), keys.size(), seed, low, high);
}
void xxh3_128Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* low,
                  std::uint64_t* high) noexcept {
    xxh3_128ManyOnPath(widestPath(), keys, keys.size(), seed, low, high);
}

void xxh64ManyOn(HashBatchPath path, std::span<const std::string_view> keys, std::uint64_t seed,
                 std::uint64_t* out) noexcept {
    xxh64ManyOnPath(runnable(path), keys.data(), keys.size(), seed, out);
}
void xxh64ManyOn(HashBatchPath path, const KeyBatch& keys, std::uint64_t seed,
                 std::uint64_t* out) noexcept {
    xxh64ManyOnPath(runnable(path), keys, keys.size(), seed, out);
}
void xxh3_128ManyOn(HashBatchPath path, std::span<const std::string_view> keys, std::uint64_t seed,
                    std::uint64_t* low, std::uint64_t* high) noexcept {
    xxh3_128ManyOnPath(runnable(path), keys.data(), keys.size(), seed, low, high);
}
void xxh3_128ManyOn(HashBatchPath path, const KeyBatch& keys, std::uint64_t seed,
                    std::uint64_t* low, std::uint64_t* high) noexcept {
    xxh3_128ManyOnPath(runnable(path), keys, keys.size(), seed, low, high);
}

void xxh64ManyScalar(std::span<const std::string_view> keys, std::uint64_t seed,
                     std::uint64_t* out) noexcept {
    xxh64Scalar(keys.data(), keys.size(), seed, out);
}
void xxh3_128ManyScalar(std::span<const std::string_view> keys, std::uint64_t seed,
                        std::uint64_t* low, std::uint64_t* high) noexcept {
    xxh3_128Scalar(keys.data(), keys.size(), seed, low, high);
}

} // namespace bloomlab
