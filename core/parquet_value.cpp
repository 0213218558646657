// parquet_value: text -> the plain-encoded bytes a Parquet bloom filter hashes (see the header).
#include "core/parquet_value.h"

#include "core/parse_units.h"

#include <bit>
#include <charconv>
#include <limits>
#include <stdexcept>
#include <system_error>
#include <type_traits>

namespace bloomlab {

namespace {

template <typename T>
std::string littleEndian(T bits) {
    std::string out(sizeof(T), '\0');
    for (std::size_t i = 0; i < sizeof(T); ++i) out[i] = static_cast<char>((bits >> (8 * i)) & 0xff);
    return out;
}

/// A whole number (integral T) or a decimal number (floating T), the whole text, '+' allowed.
template <typename T>
T parseNumber(std::string_view text, std::string_view typeName) {
    T value{};
    const char* first = text.data();
    const char* end = text.data() + text.size();
    if (!text.empty() && text.front() == '+') ++first;  // from_chars takes no '+'
    std::from_chars_result r{};
    if constexpr (std::is_floating_point_v<T>)
        r = std::from_chars(first, end, value, std::chars_format::general);
    else
        r = std::from_chars(first, end, value);
    const std::string column = std::string(typeName) + " column";
    if (first == end || r.ptr != end || (r.ec != std::errc{} && r.ec != std::errc::result_out_of_range)) {
        if constexpr (std::is_floating_point_v<T>)
            throw std::invalid_argument(quotedInput(text) + " is not a number for a " + column + " (e.g. 2.5, -1e-3, inf, nan)");
        else
            throw std::invalid_argument(quotedInput(text) + " is not a whole number for an " + column + " (" +
                                        std::to_string(std::numeric_limits<T>::min()) + " to " +
                                        std::to_string(std::numeric_limits<T>::max()) + ")");
    }
    if (r.ec == std::errc::result_out_of_range)
        throw std::invalid_argument(quotedInput(text) + " is out of range for a" +
                                    (std::is_floating_point_v<T> ? " " : "n ") + column);
    return value;
}

} // namespace

std::string parquetPlainValue(std::string_view text, ParquetPhysicalType type, std::int32_t typeLength) {
    switch (type) {
    case ParquetPhysicalType::ByteArray: return std::string(text);
    case ParquetPhysicalType::Int32:
        return littleEndian(static_cast<std::uint32_t>(parseNumber<std::int32_t>(text, "INT32")));
    case ParquetPhysicalType::Int64:
        return littleEndian(static_cast<std::uint64_t>(parseNumber<std::int64_t>(text, "INT64")));
    case ParquetPhysicalType::Float: return littleEndian(std::bit_cast<std::uint32_t>(parseNumber<float>(text, "FLOAT")));
    case ParquetPhysicalType::Double:
        return littleEndian(std::bit_cast<std::uint64_t>(parseNumber<double>(text, "DOUBLE")));
    case ParquetPhysicalType::FixedLenByteArray:
        if (typeLength <= 0 || text.size() != static_cast<std::size_t>(typeLength))
            throw std::invalid_argument(quotedInput(text) + " is " + std::to_string(text.size()) +
                                        " bytes; this FIXED_LEN_BYTE_ARRAY column holds values of exactly " +
                                        std::to_string(typeLength) + " bytes");
        return std::string(text);
    case ParquetPhysicalType::Boolean:
    case ParquetPhysicalType::Int96:
        break;
    }
    throw std::invalid_argument("values of a " + std::string(parquetTypeName(type)) +
                                " column cannot be looked up: Parquet bloom filters cover BYTE_ARRAY, INT32, "
                                "INT64, FLOAT, DOUBLE and FIXED_LEN_BYTE_ARRAY columns");
}

} // namespace bloomlab
