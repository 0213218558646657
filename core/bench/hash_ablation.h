// Hash ablation (the retrieval experiment's "compare hash functions" step): the same classic Bloom
// layout (m bits, k probes by Kirsch-Mitzenmacher double hashing h1 + j * h2, h2 forced odd,
// multiply-shift onto [0, m)) driven by different hash functions, measured for
//   - ns per hash of a key (best of several timed rounds over the probe keys),
//   - ns per filter lookup (hash + k probes),
//   - FPR on keys certainly absent (with a 95% Wilson interval and the theoretical value).
// Hash functions: XXH3-128 (the project's default), XXH3-64, XXH64, std::hash<std::string_view>
// (libstdc++: a 64-bit Murmur2 variant) and MurmurHash3_x64_128 (written here, checked against
// the reference vectors). A 128-bit hash gives h1, h2 directly; a 64-bit hash h gives h1 = h,
// h2 = rotl(h, 32) | 1 (the split many libraries use; its two halves are not independent, which
// is exactly what the FPR column can reveal).
#pragma once

#include "core/bench/benchmark_engine.h"
#include "core/hashing.h"

#include <cstdint>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::bench {

/// MurmurHash3_x64_128 (Austin Appleby, public domain algorithm; reimplemented). Reads the key
/// as little-endian 64-bit blocks on every machine. Returns {h1 = low, h2 = high}.
Hash128 murmur3_x64_128(std::string_view key, std::uint32_t seed = 0) noexcept;

enum class AblationHash : std::uint8_t { Xxh3_128, Xxh3_64, Xxh64, StdHash, Murmur3_128 };
std::string_view ablationHashName(AblationHash hash) noexcept;
/// The two double-hashing seeds for a key under `hash` (see the header comment).
Hash128 ablationHashPair(AblationHash hash, std::string_view key) noexcept;

struct HashAblationConfig {
    std::uint64_t n = 10000;         ///< keys inserted (a hot set from the generated corpus)
    double p = 0.01;                 ///< target FPR: m, k from math::optimalClassic(n, p)
    std::uint64_t probes = 100000;   ///< absent keys probed for the FPR
    std::uint64_t corpusSize = 100000;
    std::uint32_t timingRounds = 5;
    std::uint64_t seed = 42;
    std::vector<AblationHash> hashes{AblationHash::Xxh3_128, AblationHash::Xxh3_64,
                                     AblationHash::Xxh64, AblationHash::StdHash,
                                     AblationHash::Murmur3_128};
};

struct HashAblationRow {
    std::string hash;
    double nsPerHash = 0;
    double nsPerLookup = 0;
    std::uint64_t m = 0;
    std::uint32_t k = 0;
    std::uint64_t falsePositives = 0;
    std::uint64_t probes = 0;
    double fpr = 0;
    double fprLow = 0, fprHigh = 0;  ///< 95% Wilson interval
    double expectedFpr = 0;          ///< (1 - e^(-kn/m))^k
};

/// One row per hash; progress once per hash. Stops early (fewer rows) when stop is requested.
/// Throws std::invalid_argument on bad config.
std::vector<HashAblationRow> runHashAblation(const HashAblationConfig& config,
                                             const ProgressCallback& progress,
                                             std::stop_token stop);

} // namespace bloomlab::bench
