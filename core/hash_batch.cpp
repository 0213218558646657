// Batched hashing; see hash_batch.h.
#include "core/hash_batch.h"

#include "core/hashing.h"
#include "core/simd_avx512.h"

#include <cstdlib>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#define BLOOMLAB_HAVE_AVX512_PATH 1
#else
#define BLOOMLAB_HAVE_AVX512_PATH 0
#endif

namespace bloomlab {

namespace {

constexpr std::size_t kLanes = 8;

bool cpuAvx512() noexcept {
#if BLOOMLAB_HAVE_AVX512_PATH
    __builtin_cpu_init();
    // GCC's cpu detection also checks that the OS saves the 512-bit state (XCR0).
    return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512dq") != 0;
#else
    return false;
#endif
}

bool detectAvx512() noexcept {
#if BLOOMLAB_HAVE_AVX512_PATH
    if (!cpuAvx512()) {
        return false;
    }
    const char* off = std::getenv("BLOOMLAB_NO_AVX512");
    return off == nullptr || *off == '\0';
#else
    return false;
#endif
}

bool avx512Enabled() noexcept {
    static const bool enabled = detectAvx512();
    return enabled;
}

#if BLOOMLAB_HAVE_AVX512_PATH

// GCC 12's AVX-512 intrinsics pass _mm512_undefined_epi32() (a deliberately self-initialised
// value) as the unused merge operand, which -Wmaybe-uninitialized reports (GCC PR 105593, fixed
// in GCC 13); nothing here reads an uninitialised value.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

// The vector loops below take their keys through three functions, overloaded for the two
// layouts: a span of string_views (`const std::string_view*` from position i) and a KeyBatch.

inline std::string_view keyAt(const std::string_view* keys, std::size_t i) noexcept { return keys[i]; }
inline std::string_view keyAt(const KeyBatch& keys, std::size_t i) noexcept { return keys[i]; }

/// True when all eight keys from position i are 8 bytes long (then one vector hashes them).
inline bool eightFastKeys(const std::string_view* keys, std::size_t i) noexcept {
    bool all = true;
    for (std::size_t j = 0; j < kLanes; ++j) {
        all &= keys[i + j].size() == kFastKeyLength;
    }
    return all;
}
inline bool eightFastKeys(const KeyBatch& keys, std::size_t i) noexcept {
    const std::uint32_t* offsets = keys.offsets().data() + i;
    bool all = true;
    for (std::size_t j = 0; j < kLanes; ++j) {
        all &= offsets[j + 1] - offsets[j] == kFastKeyLength;
    }
    return all;
}

/// Eight 8-byte keys read as little-endian words (x86 is little-endian, as xxHash reads input).
__attribute__((target("avx512f,avx512dq"))) inline __m512i loadKeys8(const std::string_view* keys,
                                                                     std::size_t i) noexcept {
    std::uint64_t w[kLanes];
    for (std::size_t j = 0; j < kLanes; ++j) {
        std::memcpy(&w[j], keys[i + j].data(), sizeof w[j]);
    }
    return _mm512_loadu_si512(w);
}
/// In a KeyBatch, eight 8-byte keys in a row are 64 consecutive bytes: one load.
__attribute__((target("avx512f,avx512dq"))) inline __m512i loadKeys8(const KeyBatch& keys, std::size_t i) noexcept {
    return _mm512_loadu_si512(keys.data() + keys.offsets()[i]);
}

__attribute__((target("avx512f,avx512dq"))) inline __m512i constant(std::uint64_t value) noexcept {
    return _mm512_set1_epi64(static_cast<long long>(value));
}

/// XXH64 of eight 8-byte inputs, lane by lane exactly as xxHash 0.8's XXH64 does for len = 8:
///   h = seed + P5 + 8;  h ^= rotl(x * P2, 31) * P1;  h = rotl(h, 27) * P1 + P4;  avalanche(h).
__attribute__((target("avx512f,avx512dq"))) inline __m512i xxh64Len8x8(__m512i x, std::uint64_t seed) noexcept {
    const __m512i p1 = constant(XXH_PRIME64_1);
    const __m512i p2 = constant(XXH_PRIME64_2);
    const __m512i k1 = _mm512_mullo_epi64(_mm512_rol_epi64(_mm512_mullo_epi64(x, p2), 31), p1);
    __m512i h = _mm512_xor_si512(constant(seed + XXH_PRIME64_5 + kFastKeyLength), k1);
    h = _mm512_add_epi64(_mm512_mullo_epi64(_mm512_rol_epi64(h, 27), p1), constant(XXH_PRIME64_4));
    h = _mm512_xor_si512(h, _mm512_srli_epi64(h, 33));
    h = _mm512_mullo_epi64(h, p2);
    h = _mm512_xor_si512(h, _mm512_srli_epi64(h, 29));
    h = _mm512_mullo_epi64(h, constant(XXH_PRIME64_3));
    return _mm512_xor_si512(h, _mm512_srli_epi64(h, 32));
}

template <class Keys>
__attribute__((target("avx512f,avx512dq"))) void xxh64ManyAvx512(const Keys& keys, std::size_t count,
                                                                 std::uint64_t seed, std::uint64_t* out) noexcept {
    std::size_t i = 0;
    for (; i + kLanes <= count; i += kLanes) {
        if (!eightFastKeys(keys, i)) {
            for (std::size_t j = 0; j < kLanes; ++j) {
                out[i + j] = xxh64(keyAt(keys, i + j), seed);
            }
            continue;
        }
        _mm512_storeu_si512(out + i, xxh64Len8x8(loadKeys8(keys, i), seed));
    }
    for (; i < count; ++i) {
        out[i] = xxh64(keyAt(keys, i), seed);
    }
}

/// XXH3-128 of eight 8-byte inputs, as xxHash 0.8's XXH3_len_4to8_128b does for len = 8 (where
/// its two 4-byte reads are the whole key): keyed = x ^ (secret[16..24) ^ secret[24..32)) + seed'),
/// seed' = seed ^ (bswap32(seed) << 32); m = keyed * (P1 + 4 len) as 128 bits; then its mixing.
__attribute__((target("avx512f,avx512dq"))) inline void xxh3_128Len8x8(__m512i x, __m512i bitflip, __m512i& low,
                                                                       __m512i& high) noexcept {
    simd::multiply64to128(_mm512_xor_si512(x, bitflip), simd::broadcast(XXH_PRIME64_1 + (kFastKeyLength << 2)), high,
                          low);
    high = _mm512_add_epi64(high, _mm512_slli_epi64(low, 1));
    low = _mm512_xor_si512(low, _mm512_srli_epi64(high, 3));
    low = simd::xorShift<35>(low);
    low = _mm512_mullo_epi64(low, simd::broadcast(0x9FB21C651E98DF25ULL));
    low = simd::xorShift<28>(low);
    high = simd::xorShift<37>(high);
    high = _mm512_mullo_epi64(high, simd::broadcast(0x165667919E3779F9ULL));
    high = simd::xorShift<32>(high);
}

std::uint64_t readLE64(const unsigned char* p) noexcept {
    std::uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);  // x86: little-endian
    return v;
}

template <class Keys>
__attribute__((target("avx512f,avx512dq"))) void xxh3_128ManyAvx512(const Keys& keys, std::size_t count,
                                                                    std::uint64_t seed, std::uint64_t* low,
                                                                    std::uint64_t* high) noexcept {
    const std::uint64_t mixedSeed = seed ^ (std::uint64_t{__builtin_bswap32(static_cast<std::uint32_t>(seed))} << 32);
    const __m512i bitflip = simd::broadcast((readLE64(XXH3_kSecret + 16) ^ readLE64(XXH3_kSecret + 24)) + mixedSeed);
    const auto scalar = [&](std::size_t i) {
        const Hash128 h = xxh3_128(keyAt(keys, i), seed);
        low[i] = h.low;
        high[i] = h.high;
    };
    std::size_t i = 0;
    for (; i + kLanes <= count; i += kLanes) {
        if (!eightFastKeys(keys, i)) {
            for (std::size_t j = 0; j < kLanes; ++j) scalar(i + j);
            continue;
        }
        __m512i l;
        __m512i h;
        xxh3_128Len8x8(loadKeys8(keys, i), bitflip, l, h);
        _mm512_storeu_si512(low + i, l);
        _mm512_storeu_si512(high + i, h);
    }
    for (; i < count; ++i) scalar(i);
}

#pragma GCC diagnostic pop

#endif

} // namespace

void xxh64ManyScalar(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* out) noexcept {
    for (std::size_t i = 0; i < keys.size(); ++i) {
        out[i] = xxh64(keys[i], seed);
    }
}

void xxh64Many(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* out) noexcept {
#if BLOOMLAB_HAVE_AVX512_PATH
    // Runs whose first key is not 8 bytes take the scalar loop: the AVX-512 loop's scalar fallback
    // measured slower for them than the plain scalar loop (30-byte keys; docs/performance.md).
    if (avx512Enabled() && !keys.empty() && keys.front().size() == kFastKeyLength) {
        xxh64ManyAvx512(keys.data(), keys.size(), seed, out);
        return;
    }
#endif
    xxh64ManyScalar(keys, seed, out);
}

void xxh3_128ManyScalar(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* low,
                        std::uint64_t* high) noexcept {
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const Hash128 h = xxh3_128(keys[i], seed);
        low[i] = h.low;
        high[i] = h.high;
    }
}

void xxh3_128Many(std::span<const std::string_view> keys, std::uint64_t seed, std::uint64_t* low,
                  std::uint64_t* high) noexcept {
#if BLOOMLAB_HAVE_AVX512_PATH
    if (avx512Enabled() && !keys.empty() && keys.front().size() == kFastKeyLength) {  // as xxh64Many
        xxh3_128ManyAvx512(keys.data(), keys.size(), seed, low, high);
        return;
    }
#endif
    xxh3_128ManyScalar(keys, seed, low, high);
}

void xxh64Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* out) noexcept {
#if BLOOMLAB_HAVE_AVX512_PATH
    if (avx512Enabled() && !keys.empty() && keys.front().size() == kFastKeyLength) {  // as above
        xxh64ManyAvx512(keys, keys.size(), seed, out);
        return;
    }
#endif
    for (std::size_t i = 0; i < keys.size(); ++i) {
        out[i] = xxh64(keys[i], seed);
    }
}

void xxh3_128Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* low, std::uint64_t* high) noexcept {
#if BLOOMLAB_HAVE_AVX512_PATH
    if (avx512Enabled() && !keys.empty() && keys.front().size() == kFastKeyLength) {  // as xxh64Many
        xxh3_128ManyAvx512(keys, keys.size(), seed, low, high);
        return;
    }
#endif
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const Hash128 h = xxh3_128(keys[i], seed);
        low[i] = h.low;
        high[i] = h.high;
    }
}

bool hashBatchVectorized() noexcept { return avx512Enabled(); }

bool cpuHasAvx512() noexcept { return cpuAvx512(); }

} // namespace bloomlab
