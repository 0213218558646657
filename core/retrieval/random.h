// Deterministic pseudo-random numbers for the corpus, the workloads and the tests.
//
// std::mt19937_64 is portable, but the std distributions are not (libstdc++ and libc++ map the
// same engine output to different values), so a corpus "from seed 42" would differ between
// machines. SplitMix64 (Steele, Lea & Flood 2014; the seeder of xoshiro) with our own range and
// real-number mapping gives the same phrases and queries everywhere.
#pragma once

#include "core/hashing.h"

#include <cstdint>

namespace bloomlab {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) noexcept : m_state(seed) {}

    std::uint64_t next() noexcept {
        return splitmix64(m_state += kGoldenGamma);
    }

    /// Uniform in [0, bound) by multiply-shift (Lemire); bound >= 1. The bias is below
    /// bound / 2^64, far under anything a benchmark can see.
    std::uint64_t below(std::uint64_t bound) noexcept {
        return static_cast<std::uint64_t>((static_cast<UInt128>(next()) * bound) >> 64);
    }

    /// Uniform in [0, 1) with 53 random bits.
    double unit() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t m_state;
};

} // namespace bloomlab
