// parquet_value — a value typed as text, turned into the bytes a Parquet bloom filter hashes:
// its PLAIN encoding (parquet-format BloomFilter.md, "the plain encoding of the value").
//   BYTE_ARRAY            the text's bytes as they are (no length prefix)
//   INT32 / INT64         a whole number, 4 / 8 bytes little-endian two's complement
//   FLOAT / DOUBLE        a decimal number ("2.5", "-1e-3", "inf", "nan"), IEEE 754 4 / 8 bytes
//                         little-endian (the nearest value, as a reader parsing the text gets)
//   FIXED_LEN_BYTE_ARRAY  the text's bytes, exactly type_length of them
//   BOOLEAN, INT96        refused: Parquet writers do not write bloom filters for them
// Unsigned columns (UINT_32 / UINT_64 logical types) store their values in INT32 / INT64 bits;
// their text must be given as the signed value.
#pragma once

#include "core/parquet_file.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace bloomlab {

/// Throws std::invalid_argument naming the text and what the column's type accepts.
std::string parquetPlainValue(std::string_view text, ParquetPhysicalType type, std::int32_t typeLength = 0);

/// The same for a leaf column of a file (its type and type_length).
inline std::string parquetPlainValue(std::string_view text, const ParquetColumn& column) {
    return parquetPlainValue(text, column.type, column.typeLength);
}

} // namespace bloomlab
