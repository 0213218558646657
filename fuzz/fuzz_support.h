// Shared by the libFuzzer harnesses: an invariant check that libFuzzer reports as a crash
// (abort() after printing what broke), and the checksum fix-up for filter files.
#pragma once

#include "core/hashing.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace bloomlab::fuzz {

/// A broken promise (false negative, unstable round trip, ...): print it and abort, so libFuzzer
/// saves the input as a crash artifact.
[[noreturn]] inline void fail(const char* what) {
    std::fprintf(stderr, "INVARIANT VIOLATED: %s\n", what);
    std::fflush(stderr);
    std::abort();
}

inline void check(bool condition, const char* what) {
    if (!condition) {
        fail(what);
    }
}

/// A copy of a filter file whose trailing XXH64 (seed 0, little-endian) is recomputed over every
/// byte before it, so mutated parameters and payloads get past the checksum and reach the
/// validation behind it. Inputs shorter than the checksum are returned unchanged.
inline std::vector<std::uint8_t> withFixedChecksum(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> copy(data, data + size);
    if (size < 8) {
        return copy;
    }
    const std::uint64_t sum =
        xxh64(std::string_view(reinterpret_cast<const char*>(data), size - 8), 0);
    for (unsigned i = 0; i < 8; ++i) {
        copy[size - 8 + i] = static_cast<std::uint8_t>(sum >> (8 * i));
    }
    return copy;
}

} // namespace bloomlab::fuzz
