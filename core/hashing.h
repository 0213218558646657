// Hashing, kept separate from every layout: a filter takes one hash per key and derives all of
// its probes from it. Keys are byte strings; the hash of a key depends only on its bytes and the
// seed, never on the machine's byte order (xxHash reads input as little-endian).
//
// Algorithms (their ids are persisted in filter files, so they never change meaning):
//   1 = XXH3-128 (classic, counting, scalable Bloom; cuckoo)    2 = XXH64 (Parquet blocked Bloom)
//   3 = XXH3-64
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

namespace bloomlab {

enum class HashAlgorithm : std::uint8_t { Xxh3_128 = 1, Xxh64 = 2, Xxh3_64 = 3 };

struct Hash128 {
    std::uint64_t low = 0;
    std::uint64_t high = 0;
};

// 8-byte keys (integer ids, the commonest fixed-size key) take a call with a constant length,
// which the inlined xxHash (XXH_INLINE_ALL) compiles to straight-line code without its length
// dispatch and tail loops. Same function, same values (tst_hashing compares both calls).
inline constexpr std::size_t kFastKeyLength = 8;

/// XXH3-128 of an 8-byte key, the steps of xxHash 0.8's XXH3_len_4to8_128b at len = 8 (its two
/// 4-byte reads are then the whole key, read as one little-endian word `x`), written out so that it
/// is always inlined: GCC kept xxHash's own function out of line in the callers' loops (a call
/// and its length dispatch per key). `bitflip` is xxh3Len8Bitflip(seed). hash_batch.cpp runs the
/// same steps eight keys at a time; tst_hashing compares both with xxHash for many keys and seeds.
inline std::uint64_t xxh3Len8Bitflip(std::uint64_t seed) noexcept {
    std::uint64_t secret16 = 0;
    std::uint64_t secret24 = 0;
    static_assert(sizeof(XXH3_kSecret) >= 32, "the 8-byte path reads secret bytes 16 .. 31");
    std::memcpy(&secret16, XXH3_kSecret + 16, sizeof secret16);  // little-endian hosts (x86-64, AArch64)
    std::memcpy(&secret24, XXH3_kSecret + 24, sizeof secret24);
    const std::uint64_t mixedSeed = seed ^ (std::uint64_t{__builtin_bswap32(static_cast<std::uint32_t>(seed))} << 32);
    return (secret16 ^ secret24) + mixedSeed;
}

[[gnu::always_inline]] inline Hash128 xxh3_128Len8(std::uint64_t x, std::uint64_t bitflip) noexcept {
    __extension__ using Product = unsigned __int128;
    const Product product = static_cast<Product>(x ^ bitflip) * (XXH_PRIME64_1 + (kFastKeyLength << 2));
    std::uint64_t low = static_cast<std::uint64_t>(product);
    std::uint64_t high = static_cast<std::uint64_t>(product >> 64);
    high += low << 1;
    low ^= high >> 3;
    low ^= low >> 35;
    low *= 0x9FB21C651E98DF25ULL;
    low ^= low >> 28;
    high ^= high >> 37;  // XXH3_avalanche
    high *= 0x165667919E3779F9ULL;
    high ^= high >> 32;
    return {low, high};
}

/// xxh3_128 with bitflip = xxh3Len8Bitflip(seed) computed once by the caller, for loops over many
/// keys: inlined whole, so an 8-byte key costs no call.
[[gnu::always_inline]] inline Hash128 xxh3_128(std::string_view key, std::uint64_t seed, std::uint64_t bitflip) noexcept {
    if (key.size() == kFastKeyLength) {
        std::uint64_t x = 0;
        std::memcpy(&x, key.data(), sizeof x);  // little-endian, as xxHash reads input
        return xxh3_128Len8(x, bitflip);
    }
    const XXH128_hash_t h = XXH3_128bits_withSeed(key.data(), key.size(), seed);
    return {h.low64, h.high64};
}

inline Hash128 xxh3_128(std::string_view key, std::uint64_t seed = 0) noexcept {
    return xxh3_128(key, seed, xxh3Len8Bitflip(seed));
}

/// XXH3-128 under one seed, with xxh3Len8Bitflip(seed) derived once: what a filter keeps instead
/// of its bare seed, so that its one-key calls do not derive the constant per key (loops copy it
/// into a local, as the stores of their answers may alias a member). Same values as
/// xxh3_128(key, seed).
class SeededXxh3_128 {
public:
    explicit SeededXxh3_128(std::uint64_t seed = 0) noexcept : m_seed(seed), m_bitflip(xxh3Len8Bitflip(seed)) {}

    std::uint64_t seed() const noexcept { return m_seed; }
    [[gnu::always_inline]] Hash128 operator()(std::string_view key) const noexcept {
        return xxh3_128(key, m_seed, m_bitflip);
    }

private:
    std::uint64_t m_seed;
    std::uint64_t m_bitflip;
};

inline std::uint64_t xxh3_64(std::string_view key, std::uint64_t seed = 0) noexcept {
    return key.size() == kFastKeyLength ? XXH3_64bits_withSeed(key.data(), kFastKeyLength, seed)
                                        : XXH3_64bits_withSeed(key.data(), key.size(), seed);
}

/// XXH64 of an 8-byte key read as one little-endian word `x`: the steps of xxHash 0.8's XXH64
/// at len = 8 (h = seed + P5 + 8, one word round with the key, the avalanche), written out so that
/// it is always inlined: GCC kept xxHash's finalisation out of line even with the length constant
/// (a call per key in the filters' loops). hash_batch.cpp runs the same steps eight keys at a
/// time; tst_hashing compares both with xxHash.
[[gnu::always_inline]] inline std::uint64_t xxh64Len8(std::uint64_t x, std::uint64_t seed) noexcept {
    std::uint64_t k = x * XXH_PRIME64_2;
    k = ((k << 31) | (k >> 33)) * XXH_PRIME64_1;
    std::uint64_t h = (seed + XXH_PRIME64_5 + kFastKeyLength) ^ k;
    h = ((h << 27) | (h >> 37)) * XXH_PRIME64_1 + XXH_PRIME64_4;
    h ^= h >> 33;
    h *= XXH_PRIME64_2;
    h ^= h >> 29;
    h *= XXH_PRIME64_3;
    h ^= h >> 32;
    return h;
}

inline std::uint64_t xxh64(std::string_view key, std::uint64_t seed = 0) noexcept {
    if (key.size() == kFastKeyLength) {
        std::uint64_t x = 0;
        std::memcpy(&x, key.data(), sizeof x);  // little-endian, as xxHash reads input
        return xxh64Len8(x, seed);
    }
    return XXH64(key.data(), key.size(), seed);
}

/// Lemire's multiply-shift range reduction ("fastrange"): maps a uniform 64-bit value to
/// [0, range) without a division and without the bias of `hash % range` on a narrower hash.
/// Uses the high bits of the hash, so callers must feed well-mixed values.
__extension__ using UInt128 = unsigned __int128;  // GCC/Clang; __extension__ keeps -Wpedantic quiet

inline std::uint64_t reduceRange(std::uint64_t hash, std::uint64_t range) noexcept {
    return static_cast<std::uint64_t>((static_cast<UInt128>(hash) * range) >> 64);
}

#if defined(__x86_64__)
/// reduceRange through BMI2's mulx, the same value: mulx takes `range` in rdx once and writes the
/// high half to any register. GCC 12 compiles the 128-bit product to mul even for BMI2 targets
/// (rax:rdx fixed, a move per probe), and the one-key lookups, seven probes in a row, then ran
/// short of registers and spilled. Call it only where the CPU has BMI2 (the instruction is in the
/// asm text, whatever the compiler's target). Both of mulx's destinations name one register, which
/// then receives the high half (Intel SDM, AMD APM), and that register is early-clobber, so it is
/// never rdx: `range` stays there for the next probe instead of being moved back before each one.
[[gnu::always_inline]] inline std::uint64_t reduceRangeBmi2(std::uint64_t hash, std::uint64_t range) noexcept {
    std::uint64_t high = 0;
    asm("mulx %[hash], %[high], %[high]" : [high] "=&r"(high) : [hash] "r"(hash), "d"(range));
    return high;
}
#endif

inline std::uint32_t reduceRange32(std::uint32_t hash, std::uint32_t range) noexcept {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(hash) * range) >> 32);
}

/// The golden-ratio increment 2^64 / phi (odd): SplitMix64's step, Fibonacci hashing's factor.
inline constexpr std::uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ULL;

/// SplitMix64's finaliser (Steele, Lea & Flood 2014): a bijective 64-bit mixer.
constexpr std::uint64_t splitmix64(std::uint64_t x) noexcept {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return x;
}

/// MurmurHash3's fmix64 (Appleby): a bijective 64-bit finaliser; every output bit depends on
/// every input bit.
constexpr std::uint64_t fmix64(std::uint64_t x) noexcept {
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ULL;
    x ^= x >> 33;
    return x;
}

} // namespace bloomlab
