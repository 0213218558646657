// Batched hashing; see hash_batch.h.
#include "core/hash_batch.h"

#include "core/hashing.h"
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

/// xxh64Many's path: AVX-512 where it runs, else scalar. The AVX2 XXH64 (xxh64ManyAvx2) gives the
/// same values but measured slower than the scalar loop inside the blocked filter's batched
/// lookup, the one caller that hashes with XXH64 in batches: its probes (vpmulld, shifts) use the
/// same vector ports as the emulated 64-bit multiplies, while the scalar hash runs beside them.
HashBatchPath xxh64Path() noexcept {
    static const HashBatchPath path =
        widestPath() == HashBatchPath::Avx512 ? HashBatchPath::Avx512 : HashBatchPath::Scalar;
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

/// XXH64 of eight 8-byte inputs, lane by lane exactly as xxHash 0.8's XXH64 does for len = 8:
///   h = seed + P5 + 8;  h ^= rotl(x * P2, 31) * P1;  h = rotl(h, 27) * P1 + P4;  avalanche(h).
__attribute__((target("avx512f,avx512dq"))) inline __m512i
xxh64Len8x8(__m512i x, std::uint64_t seed) noexcept {
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
__attribute__((target("avx512f,avx512dq"))) void
xxh64ManyAvx512(const Keys& keys, std::size_t count, std::uint64_t seed,
                std::uint64_t* out) noexcept {
    std::size_t i = 0;
    for (; i + kLanes512 <= count; i += kLanes512) {
        if (!fastKeys<kLanes512>(keys, i)) {
            for (std::size_t j = 0; j < kLanes512; ++j) {
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

BLOOMLAB_AVX2 __m256i broadcast256(std::uint64_t value) noexcept {
    return _mm256_set1_epi64x(static_cast<long long>(value));
}

/// The low 64 bits of a * b, lane by lane: lo(a) lo(b) + ((hi(a) lo(b) + lo(a) hi(b)) << 32); the
/// hi(a) hi(b) term lies wholly above bit 63. b is a constant, so its halves cost nothing.
BLOOMLAB_AVX2 __m256i multiplyLow(__m256i a, std::uint64_t b) noexcept {
    const __m256i bLow = broadcast256(b);
    const __m256i bHigh = broadcast256(b >> 32);
    const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), bLow),
                                           _mm256_mul_epu32(a, bHigh));
    return _mm256_add_epi64(_mm256_mul_epu32(a, bLow), _mm256_slli_epi64(cross, 32));
}

/// simd::multiply64to128 for four lanes: the high and low 64 bits of a * b (b a constant).
BLOOMLAB_AVX2 void multiply64to128(__m256i a, std::uint64_t b, __m256i& high,
                                   __m256i& low) noexcept {
    const __m256i mask32 = broadcast256(0xFFFFFFFFULL);
    const __m256i bLow = broadcast256(b);
    const __m256i bHigh = broadcast256(b >> 32);
    const __m256i aHigh = _mm256_srli_epi64(a, 32);
    const __m256i ll = _mm256_mul_epu32(a, bLow);
    const __m256i lh = _mm256_mul_epu32(a, bHigh);
    const __m256i hl = _mm256_mul_epu32(aHigh, bLow);
    const __m256i hh = _mm256_mul_epu32(aHigh, bHigh);
    // Middle column: at most 3 x (2^32 - 1) < 2^34, no overflow.
    const __m256i mid =
        _mm256_add_epi64(_mm256_add_epi64(_mm256_srli_epi64(ll, 32), _mm256_and_si256(lh, mask32)),
                         _mm256_and_si256(hl, mask32));
    high =
        _mm256_add_epi64(_mm256_add_epi64(hh, _mm256_srli_epi64(lh, 32)),
                         _mm256_add_epi64(_mm256_srli_epi64(hl, 32), _mm256_srli_epi64(mid, 32)));
    low = _mm256_or_si256(_mm256_slli_epi64(mid, 32), _mm256_and_si256(ll, mask32));
}

template <int Bits> BLOOMLAB_AVX2 __m256i rotateLeft(__m256i x) noexcept {
    return _mm256_or_si256(_mm256_slli_epi64(x, Bits), _mm256_srli_epi64(x, 64 - Bits));
}

template <int Shift> BLOOMLAB_AVX2 __m256i xorShift256(__m256i x) noexcept {
    return _mm256_xor_si256(x, _mm256_srli_epi64(x, Shift));
}

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

/// xxh64Len8x8 on four lanes.
BLOOMLAB_AVX2 __m256i xxh64Len8x4(__m256i x, std::uint64_t seed) noexcept {
    const __m256i k1 = multiplyLow(rotateLeft<31>(multiplyLow(x, XXH_PRIME64_2)), XXH_PRIME64_1);
    __m256i h = _mm256_xor_si256(broadcast256(seed + XXH_PRIME64_5 + kFastKeyLength), k1);
    h = _mm256_add_epi64(multiplyLow(rotateLeft<27>(h), XXH_PRIME64_1),
                         broadcast256(XXH_PRIME64_4));
    h = multiplyLow(xorShift256<33>(h), XXH_PRIME64_2);
    h = multiplyLow(xorShift256<29>(h), XXH_PRIME64_3);
    return xorShift256<32>(h);
}

/// xxh3_128Len8x8 on four lanes.
BLOOMLAB_AVX2 void xxh3_128Len8x4(__m256i x, __m256i bitflip, __m256i& low,
                                  __m256i& high) noexcept {
    multiply64to128(_mm256_xor_si256(x, bitflip), XXH_PRIME64_1 + (kFastKeyLength << 2), high, low);
    high = _mm256_add_epi64(high, _mm256_slli_epi64(low, 1));
    low = _mm256_xor_si256(low, _mm256_srli_epi64(high, 3));
    low = multiplyLow(xorShift256<35>(low), 0x9FB21C651E98DF25ULL);
    low = xorShift256<28>(low);
    high = multiplyLow(xorShift256<37>(high), 0x165667919E3779F9ULL);
    high = xorShift256<32>(high);
}

/// Eight keys per step: four in a vector and the next four through the scalar XXH64, interleaved
/// in one loop body. The vector XXH64 (three vpmuludq per multiply) is no faster than the scalar
/// one on its own; the two together keep both the vector units and the scalar multiplier busy
/// (figures in docs/performance.md). Reached only through xxh64ManyOn (see xxh64Path).
template <class Keys>
__attribute__((target("avx2"))) void xxh64ManyAvx2(const Keys& keys, std::size_t count,
                                                   std::uint64_t seed,
                                                   std::uint64_t* out) noexcept {
    std::size_t i = 0;
    for (; i + 2 * kLanes256 <= count; i += 2 * kLanes256) {
        if (!fastKeys<2 * kLanes256>(keys, i)) {
            for (std::size_t j = 0; j < 2 * kLanes256; ++j) {
                out[i + j] = xxh64(keyAt(keys, i + j), seed);
            }
            continue;
        }
        const __m256i v = xxh64Len8x4(loadKeys4(keys, i), seed);
        for (std::size_t j = kLanes256; j < 2 * kLanes256; ++j) {
            out[i + j] = XXH64(keyAt(keys, i + j).data(), kFastKeyLength, seed);
        }
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), v);
    }
    if (i + kLanes256 <= count && fastKeys<kLanes256>(keys, i)) {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i),
                            xxh64Len8x4(loadKeys4(keys, i), seed));
        i += kLanes256;
    }
    for (; i < count; ++i) {
        out[i] = xxh64(keyAt(keys, i), seed);
    }
}

template <class Keys>
__attribute__((target("avx2"))) void xxh3_128ManyAvx2(const Keys& keys, std::size_t count,
                                                      std::uint64_t seed, std::uint64_t* low,
                                                      std::uint64_t* high) noexcept {
    const __m256i bitflip = broadcast256(xxh3Len8Bitflip(seed));
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

/// The vector loops run only for runs whose first key is 8 bytes: for other runs the vector
/// loops' per-group fallback measured slower than the plain scalar loop (30-byte keys;
/// docs/performance.md). `path` must be one the CPU can run (see runnable).
template <class Keys>
[[gnu::always_inline]] inline void xxh64ManyOnPath(HashBatchPath path, const Keys& keys,
                                                   std::size_t count, std::uint64_t seed,
                                                   std::uint64_t* out) noexcept {
#if BLOOMLAB_HASH_X86_64
    if (count > 0 && keyAt(keys, 0).size() == kFastKeyLength) {
        if (path == HashBatchPath::Avx512) {
            xxh64ManyAvx512(keys, count, seed, out);
            return;
        }
        if (path == HashBatchPath::Avx2) {
            xxh64ManyAvx2(keys, count, seed, out);
            return;
        }
    }
#else
    (void)path;
#endif
    xxh64Scalar(keys, count, seed, out);
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
        return xxh64Path();
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

bool hashBatchVectorized() noexcept {
    return widestPath() == HashBatchPath::Avx512;
}

bool cpuHasAvx512() noexcept {
    return cpuAvx512();
}

void xxh64Many(std::span<const std::string_view> keys, std::uint64_t seed,
               std::uint64_t* out) noexcept {
    xxh64ManyOnPath(xxh64Path(), keys.data(), keys.size(), seed, out);
}
void xxh64Many(const KeyBatch& keys, std::uint64_t seed, std::uint64_t* out) noexcept {
    xxh64ManyOnPath(xxh64Path(), keys, keys.size(), seed, out);
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
