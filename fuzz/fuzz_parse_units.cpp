// libFuzzer harness: parseCount, parseProbability, parseSizeBits and parseSizeBytes (the CLI/GUI number syntax)
// on arbitrary text. They may only throw std::invalid_argument (with a non-empty message).
// Accepted values must honour the documented ranges, and a plain decimal rendering of an
// accepted value must parse back to the same value (a differential oracle against the parser).
#include "core/parse_units.h"
#include "fuzz/fuzz_support.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

using bloomlab::fuzz::check;

namespace {

constexpr std::uint64_t kTwoTo63 = std::uint64_t{1} << 63;

template <class Fn>
bool accepts(Fn&& fn) {
    try {
        fn();
        return true;
    } catch (const std::invalid_argument& e) {
        check(e.what() != nullptr && e.what()[0] != '\0', "empty error message");
        return false;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    std::uint64_t count = 0;
    if (accepts([&] { count = bloomlab::parseCount(text); })) {
        check(count >= 1 && count <= kTwoTo63, "parseCount accepted a value outside [1, 2^63]");
        check(bloomlab::parseCount(std::to_string(count)) == count, "parseCount(to_string(v)) != v");
        check(!bloomlab::formatBytes(static_cast<double>(count)).empty(), "formatBytes returned nothing");
    }

    double p = 0.0;
    if (accepts([&] { p = bloomlab::parseProbability(text); })) {
        check(std::isfinite(p) && p > 0.0 && p < 1.0, "parseProbability accepted a value outside (0, 1)");
        char rendered[64];
        std::snprintf(rendered, sizeof rendered, "%.17g", p);
        check(bloomlab::parseProbability(rendered) == p, "parseProbability(%.17g of v) != v");
    }

    std::uint64_t bits = 0;
    if (accepts([&] { bits = bloomlab::parseSizeBits(text); })) {
        check(bits >= 1 && bits <= kTwoTo63, "parseSizeBits accepted a value outside [1, 2^63]");
        check(bloomlab::parseSizeBits(std::to_string(bits)) == bits, "parseSizeBits(to_string(v)) != v");
    }

    std::uint64_t bytes = 0;
    if (accepts([&] { bytes = bloomlab::parseSizeBytes(text); })) {
        check(bytes >= 1 && bytes <= kTwoTo63 / 8, "parseSizeBytes accepted a value outside [1, 2^60]");
        check(bloomlab::parseSizeBytes(std::to_string(bytes)) == bytes, "parseSizeBytes(to_string(v)) != v");
        check(bloomlab::parseSizeBits(std::to_string(bytes) + "B") == bytes * 8, "parseSizeBytes and parseSizeBits disagree");
    }
    return 0;
}
