// errors — how core reports a problem. A bad argument is std::invalid_argument with a message
// that names the parameter, the range that would work and the value given; a file or blob that
// cannot be read or written is FilterIoError. One home for the value formatting and the
// probability checks every filter and the sizing math make.
#pragma once

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bloomlab {

/// A filter file, a Parquet blob or a save that failed; the message names the file or field.
class FilterIoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A value as it appears in an error message (up to 10 significant digits).
template <class T>
std::string numberText(T value) {
    std::ostringstream out;
    out.precision(10);
    out << value;
    return out.str();
}

/// A value with `precision` significant digits (printf %g), for descriptions and summaries.
inline std::string numberText(double value, int precision) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", precision, value);
    return buf;
}

[[noreturn]] inline void throwInvalidArgument(const std::string& message) {
    throw std::invalid_argument(message);
}

/// Throws "<name> must be in (0, 1); got <p>" unless 0 < p < 1 (NaN fails).
inline void requireProbability(double p, std::string_view name = "p") {
    if (!(p > 0.0 && p < 1.0))
        throwInvalidArgument(std::string(name) + " must be in (0, 1); got " + numberText(p));
}

/// As requireProbability, but 0 is accepted as "unknown" (a filter rebuilt from its words).
inline void requireProbabilityOrUnknown(double p, std::string_view name = "p") {
    if (p != 0.0 && !(p > 0.0 && p < 1.0))
        throwInvalidArgument(std::string(name) + " must be in (0, 1), or 0 when unknown; got " +
                             numberText(p));
}

} // namespace bloomlab
