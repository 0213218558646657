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

inline Hash128 xxh3_128(std::string_view key, std::uint64_t seed = 0) noexcept {
    const XXH128_hash_t h = key.size() == kFastKeyLength
                                ? XXH3_128bits_withSeed(key.data(), kFastKeyLength, seed)
                                : XXH3_128bits_withSeed(key.data(), key.size(), seed);
    return {h.low64, h.high64};
}

inline std::uint64_t xxh3_64(std::string_view key, std::uint64_t seed = 0) noexcept {
    return key.size() == kFastKeyLength ? XXH3_64bits_withSeed(key.data(), kFastKeyLength, seed)
                                        : XXH3_64bits_withSeed(key.data(), key.size(), seed);
}

inline std::uint64_t xxh64(std::string_view key, std::uint64_t seed = 0) noexcept {
    return key.size() == kFastKeyLength ? XXH64(key.data(), kFastKeyLength, seed)
                                        : XXH64(key.data(), key.size(), seed);
}

/// Lemire's multiply-shift range reduction ("fastrange"): maps a uniform 64-bit value to
/// [0, range) without a division and without the bias of `hash % range` on a narrower hash.
/// Uses the high bits of the hash, so callers must feed well-mixed values.
__extension__ using UInt128 = unsigned __int128;  // GCC/Clang; __extension__ keeps -Wpedantic quiet

inline std::uint64_t reduceRange(std::uint64_t hash, std::uint64_t range) noexcept {
    return static_cast<std::uint64_t>((static_cast<UInt128>(hash) * range) >> 64);
}

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
