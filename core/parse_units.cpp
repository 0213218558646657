// parse_units — strict number parsing for the CLI and the GUI.
//
// Counts and sizes are parsed EXACTLY (no detour through double): the text is split into a
// decimal significand D (at most 38 significant digits, so it fits in 128 bits) and a power of
// ten; every unit is 2^a * 5^b (10^3 = 2^3 5^3, 1024 = 2^10, a byte = 2^3 bits), so the value is
// D * 2^a * 5^b with integer a, b. Negative exponents must divide D exactly, otherwise the text
// is not a whole number ("1.5" items, "0.1B" = 0.8 bits) and is refused. The result is checked
// against 2^63 before it can overflow. Probabilities use std::from_chars on text that has first
// been checked against the same decimal grammar, so "inf", "nan", hex floats and "+1" never
// reach it.
//
// Grammar (surrounding ASCII whitespace is ignored; nothing else may follow):
//   decimal  = digits [ "." digits ] [ ("e" | "E") ["+" | "-"] digits ]  |  "." digits [exp]
//   digits   = digit { ["_"] digit }      ("_" only between digits: "1_000_000")
//   count    = decimal [ "k" | "K" | "M" | "G" | "T" ]
//   size     = decimal [ " "* unit ],  unit = prefix? ("B" | "b" | "bit" | "bits")
//              prefix = k K M G T (1000-based) | Ki Mi Gi Ti (1024-based); no unit = bits;
//              a bare k/M/G/T counts bits ("10k" = 10,000 bits).
//   prob     = decimal | decimal "%" | decimal "/" decimal
#include "core/parse_units.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <system_error>

namespace bloomlab {

namespace {

__extension__ typedef unsigned __int128 U128;

constexpr std::uint64_t kMaxValue = std::uint64_t{1} << 63;
constexpr int kMaxSignificantDigits = 38; // 10^38 < 2^127
constexpr long kExponentCap = 100000;     // larger exponents are clamped (they overflow anyway)

[[noreturn]] void fail(std::string_view what, std::string_view text, std::string_view why) {
    throw std::invalid_argument("invalid " + std::string(what) + " " + quotedInput(text) + ": " +
                                std::string(why));
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

/// A decimal number split as  significand * 10^exponent, with the significand's digits kept
/// (leading and trailing zeros stripped, trailing zeros moved into the exponent). `plain` is
/// the text without underscores, for std::from_chars.
struct Decimal {
    std::string digits; // no leading/trailing zeros; empty means the value is zero
    long exponent = 0;
    std::string plain;
};

/// Reads a decimal from the front of `s` (advancing it). Returns false when `s` does not start
/// with a number. Throws on malformed numbers that did start ("1.", "1e", "1__0").
bool readDecimal(std::string_view& s, Decimal& out, std::string_view what, std::string_view text) {
    std::size_t i = 0;
    std::string mantissa; // all digits, integer part then fraction part
    long fractionDigits = 0;
    auto readDigits = [&](bool fraction) {
        std::size_t count = 0;
        while (i < s.size()) {
            if (isDigit(s[i])) {
                mantissa += s[i];
                out.plain += s[i];
                if (fraction) ++fractionDigits;
                ++count;
                ++i;
            } else if (s[i] == '_' && count > 0 && i + 1 < s.size() && isDigit(s[i + 1])) {
                ++i;
            } else if (s[i] == '_') {
                fail(what, text, "'_' is only allowed between digits");
            } else {
                break;
            }
        }
        return count;
    };

    const std::size_t intDigits = readDigits(false);
    std::size_t fracDigits = 0;
    if (i < s.size() && s[i] == '.') {
        out.plain += '.';
        ++i;
        fracDigits = readDigits(true);
        if (fracDigits == 0) fail(what, text, "expected digits after '.'");
    }
    if (intDigits == 0 && fracDigits == 0) return false;

    long exponent = 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        // An exponent needs a digit after the 'e' (and an optional sign).
        std::size_t j = i + 1;
        bool negative = false;
        if (j < s.size() && (s[j] == '+' || s[j] == '-')) {
            negative = s[j] == '-';
            ++j;
        }
        if (j < s.size() && isDigit(s[j])) {
            out.plain += 'e';
            if (negative) out.plain += '-';
            while (j < s.size() && isDigit(s[j])) {
                if (exponent < kExponentCap) exponent = exponent * 10 + (s[j] - '0');
                out.plain += s[j];
                ++j;
            }
            if (exponent > kExponentCap) exponent = kExponentCap;
            if (negative) exponent = -exponent;
            i = j;
        } // else: not an exponent; the caller reports the 'e' as unexpected text
    }

    // Normalise: strip leading zeros, move trailing zeros into the exponent.
    std::size_t first = mantissa.find_first_not_of('0');
    if (first == std::string::npos) {
        out.digits.clear();
        out.exponent = 0;
    } else {
        std::size_t last = mantissa.find_last_not_of('0');
        out.digits = mantissa.substr(first, last - first + 1);
        out.exponent = exponent - fractionDigits + static_cast<long>(mantissa.size() - 1 - last);
    }
    s.remove_prefix(i);
    return true;
}

/// Exact value of digits * 10^exponent * 2^pow2 * 5^pow5 as an integer in [1, 2^63].
std::uint64_t exactWhole(const Decimal& d, int pow2, int pow5, std::string_view what,
                         std::string_view text) {
    if (d.digits.empty()) fail(what, text, "must be greater than 0");
    if (d.digits.size() > static_cast<std::size_t>(kMaxSignificantDigits))
        fail(what, text, "too many significant digits");
    U128 value = 0;
    for (char c : d.digits)
        value = value * 10 + static_cast<unsigned>(c - '0');

    long a = d.exponent + pow2;
    long b = d.exponent + pow5;
    // Divide first (negative powers must divide the significand exactly).
    for (; a < 0; ++a) {
        if (value % 2 != 0) fail(what, text, "must be a whole number");
        value /= 2;
    }
    for (; b < 0; ++b) {
        if (value % 5 != 0) fail(what, text, "must be a whole number");
        value /= 5;
    }
    const std::string tooLarge = "too large (the limit is 2^63 = 9223372036854775808)";
    if (value > kMaxValue) fail(what, text, tooLarge);
    for (; a > 0; --a) {
        value *= 2;
        if (value > kMaxValue) fail(what, text, tooLarge);
    }
    for (; b > 0; --b) {
        value *= 5;
        if (value > kMaxValue) fail(what, text, tooLarge);
    }
    return static_cast<std::uint64_t>(value);
}

/// k/M/G/T as a power of 1000 (1..4), 0 when `c` is not one of them.
int decimalPrefix(char c) {
    switch (c) {
    case 'k':
    case 'K':
        return 1;
    case 'M':
        return 2;
    case 'G':
        return 3;
    case 'T':
        return 4;
    default:
        return 0;
    }
}

void rejectSign(std::string_view s, std::string_view what, std::string_view text) {
    if (!s.empty() && s.front() == '-') fail(what, text, "must not be negative");
    if (!s.empty() && s.front() == '+') fail(what, text, "write the number without a '+' sign");
}

double toDouble(const Decimal& d, std::string_view what, std::string_view text) {
    double value = 0;
    const char* begin = d.plain.data();
    const char* end = begin + d.plain.size();
    auto [ptr, ec] = std::from_chars(begin, end, value, std::chars_format::general);
    if (ec == std::errc::result_out_of_range) fail(what, text, "out of range");
    if (ec != std::errc() || ptr != end || !std::isfinite(value)) fail(what, text, "not a number");
    return value;
}

} // namespace

std::uint64_t parseCount(std::string_view text) {
    constexpr std::string_view what = "count";
    std::string_view s = trim(text);
    if (s.empty()) fail(what, text, "expected a number such as 1000, 1e6, 10k or 1M");
    rejectSign(s, what, text);
    Decimal d;
    if (!readDecimal(s, d, what, text))
        fail(what, text, "expected a number such as 1000, 1e6, 10k or 1M");
    int power = 0;
    if (!s.empty() && decimalPrefix(s.front()) != 0) {
        power = 3 * decimalPrefix(s.front());
        s.remove_prefix(1);
    }
    if (!s.empty())
        fail(what, text,
             "unexpected " + quotedInput(s) + " (suffixes: k, M, G, T = 10^3, 10^6, 10^9, 10^12)");
    return exactWhole(d, power, power, what, text);
}

namespace {

/// A probability-like number as written ("0.01", "1e-3", "1/100", "1%"), not yet range-checked.
double readFraction(std::string_view text, std::string_view what) {
    std::string_view s = trim(text);
    if (s.empty()) fail(what, text, "expected a number such as 0.01, 1e-3, 1/100 or 1%");
    rejectSign(s, what, text);
    Decimal numerator;
    if (!readDecimal(s, numerator, what, text))
        fail(what, text, "expected a number such as 0.01, 1e-3, 1/100 or 1%");
    double value = toDouble(numerator, what, text);
    if (std::string_view rest = trim(s); !rest.empty() && rest.front() == '/') s = rest;
    if (!s.empty() && s.front() == '%') {
        s.remove_prefix(1);
        value /= 100.0;
    } else if (!s.empty() && s.front() == '/') {
        s.remove_prefix(1);
        s = trim(s);
        rejectSign(s, what, text);
        Decimal denominator;
        if (!readDecimal(s, denominator, what, text))
            fail(what, text, "expected a number after '/'");
        const double below = toDouble(denominator, what, text);
        if (below == 0.0) fail(what, text, "division by zero");
        value /= below;
    }
    if (!s.empty()) fail(what, text, "unexpected " + quotedInput(s) + " after the number");
    return value;
}

/// The range message: the text as typed is already quoted by fail(); a '%' or '/' form also
/// shows the value it stands for ("150%" is 1.5).
std::string outsideRange(std::string_view text, double value, const char* range) {
    std::string why = std::string("must be in ") + range;
    if (text.find('%') != std::string_view::npos || text.find('/') != std::string_view::npos) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", value);
        why += std::string("; it is ") + buf;
    }
    return why;
}

} // namespace

double parseProbability(std::string_view text) {
    constexpr std::string_view what = "probability";
    const double value = readFraction(text, what);
    if (!(value > 0.0 && value < 1.0) || !std::isfinite(value))
        fail(what, text, outsideRange(text, value, "(0, 1), both ends excluded"));
    // Below the smallest normal double the value keeps only some of its digits (1e-320 would be
    // taken, and echoed, as 9.99989e-321); no filter needs a p that small.
    if (value < std::numeric_limits<double>::min())
        fail(what, text, "too small: the smallest probability taken is 2.2e-308 (below it a double loses digits)");
    return value;
}

double parseFraction(std::string_view text) {
    constexpr std::string_view what = "fraction";
    const double value = readFraction(text, what);
    if (!(value >= 0.0 && value <= 1.0) || !std::isfinite(value))
        fail(what, text, outsideRange(text, value, "[0, 1], both ends included"));
    return value;
}

namespace {

/// A size with or without a unit, in bits. A plain number (or one with only a count suffix,
/// "10k") is bits, or bytes when `plainIsBytes`.
std::uint64_t parseSizeInBits(std::string_view text, bool plainIsBytes) {
    constexpr std::string_view what = "size";
    std::string_view s = trim(text);
    const char* hint = plainIsBytes ? "expected bytes (65536, 64k, 64KiB, 1MiB, 1MB, 512B)"
                                    : "expected bits (47926, 1e6, 10k) or bytes (64KiB, 1MiB, 1MB, 512B)";
    if (s.empty()) fail(what, text, hint);
    rejectSign(s, what, text);
    Decimal d;
    if (!readDecimal(s, d, what, text)) fail(what, text, hint);
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);

    int pow2 = 0;
    int pow5 = 0;
    if (s.empty() && plainIsBytes) pow2 += 3;
    if (!s.empty()) {
        std::string_view unit = s;
        const int prefix = decimalPrefix(unit.front());
        bool binary = false;
        if (prefix != 0) {
            unit.remove_prefix(1);
            if (!unit.empty() && unit.front() == 'i') {
                binary = true;
                unit.remove_prefix(1);
            }
        }
        bool bytes = false;
        if (unit == "B" || unit == "byte" || unit == "bytes") {
            bytes = true;
        } else if (unit == "b" || unit == "bit" || unit == "bits") {
            bytes = false;
        } else if (unit.empty() && prefix != 0 && !binary) {
            bytes = plainIsBytes; // "10k" = 10,000 of the plain unit, like a count
        } else {
            fail(what, text,
                 "unknown unit " + quotedInput(s) +
                     (plainIsBytes ? " (use B, KiB, MiB, GiB, KB, MB, GB, or a plain number of bytes)"
                                   : " (use B, KiB, MiB, GiB, KB, MB, GB for bytes; b, bits, k, M for bits)"));
        }
        if (binary) {
            pow2 += 10 * prefix;
        } else {
            pow2 += 3 * prefix;
            pow5 += 3 * prefix;
        }
        if (bytes) pow2 += 3;
    }
    return exactWhole(d, pow2, pow5, what, text);
}

} // namespace

std::uint64_t parseSizeBits(std::string_view text) { return parseSizeInBits(text, false); }

std::uint64_t parseSizeBytes(std::string_view text) {
    const std::uint64_t bits = parseSizeInBits(text, true);
    if (bits % 8 != 0)
        fail("size", text, "must be a whole number of bytes (got " + std::to_string(bits) + " bits)");
    return bits / 8;
}

std::string quotedInput(std::string_view text) {
    std::string out = "'";
    for (char c : text.substr(0, 80)) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", u);
            out += buf;
        } else {
            out += c;
        }
    }
    if (text.size() > 80) out += "...";
    out += "'";
    return out;
}

std::string formatBytes(double bytes) {
    char buf[64];
    if (!std::isfinite(bytes)) {
        std::snprintf(buf, sizeof buf, "%g B", bytes);
        return buf;
    }
    static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes < 1024.0) {
        if (bytes == std::floor(bytes))
            std::snprintf(buf, sizeof buf, "%.0f B", bytes);
        else
            std::snprintf(buf, sizeof buf, "%.2f B", bytes);
        return buf;
    }
    double value = bytes;
    int unit = -1;
    while (value >= 1024.0 && unit < 5) {
        value /= 1024.0;
        ++unit;
    }
    // 1023.999 KiB would print as "1024.00 KiB"; move it to the next unit instead.
    if (value >= 1023.995 && unit < 5) {
        value /= 1024.0;
        ++unit;
    }
    std::snprintf(buf, sizeof buf, "%.2f %s", value, kUnits[unit]);
    return buf;
}

} // namespace bloomlab
