// parse_units — the number syntax of the CLI and the GUI fields, in one place (and fuzzed).
// All functions throw std::invalid_argument with a message naming the bad text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bloomlab {

/// Counts: "1000", "1e6", "10k", "1M", "2.5G" (k/M/G/T = 10^3/6/9/12), "1_000_000".
/// Must be a positive whole number <= 2^63.
std::uint64_t parseCount(std::string_view text);

/// Probabilities: "0.01", "1e-3", "1/100", "1%". Must be in (0, 1).
double parseProbability(std::string_view text);

/// Fractions (the benchmark's hot ratio): the probability syntax, but 0 and 1 included: "0",
/// "0.3", "30%", "3/10", "1". Must be in [0, 1].
double parseFraction(std::string_view text);

/// Sizes in BITS: a plain number is bits ("47926", "1e6", "10k"); a byte unit converts:
/// "64KiB", "1MiB", "1GiB" (1024-based), "1KB", "1MB", "1GB" (1000-based), "512B";
/// "b"/"bit"/"bits" suffix = bits. Must be > 0 and <= 2^63.
std::uint64_t parseSizeBits(std::string_view text);

/// Sizes in BYTES: a plain number is bytes ("65536", "64k" = 64,000); byte units as for
/// parseSizeBits ("64KiB", "1MiB", "1MB", "512B"); a bit unit must make whole bytes ("1024b").
/// Must be > 0.
std::uint64_t parseSizeBytes(std::string_view text);

/// Human-readable byte size: "5.85 KiB", "1.14 MiB".
std::string formatBytes(double bytes);

/// What the user typed, for an error message: in single quotes, at most 80 bytes (then "..."),
/// control characters as \xNN.
std::string quotedInput(std::string_view text);

} // namespace bloomlab
