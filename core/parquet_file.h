// ParquetFile — what a Parquet file says about its bloom filters: the footer (FileMetaData)
// read for its schema leaves and, per row group x column chunk, the path, physical type, number
// of values, bloom_filter_offset / bloom_filter_length and the distinct count when written; and
// each column chunk's bloom filter read as a BlockedBloomFilter (Parquet's split-block filter).
//
// FILE LAYOUT (parquet-format, README "File format")
//   "PAR1" | column chunks, bloom filters, page indexes ... | FileMetaData (Thrift compact)
//   | footer length (4 bytes, little-endian) | "PAR1"
//   A file whose footer is encrypted ends in "PARE" instead; it is refused, as are plaintext
//   footers of encrypted files (FileMetaData.encryption_algorithm set): their column metadata
//   and bloom filters are encrypted.
// Read from FileMetaData: 2 schema (SchemaElement 1 type, 2 type_length, 4 name,
//   5 num_children), 3 num_rows, 4 row_groups (RowGroup 1 columns, 3 num_rows; ColumnChunk 1
//   file_path, 3 meta_data; ColumnMetaData 1 type, 3 path_in_schema, 5 num_values,
//   12 statistics (Statistics 4 distinct_count), 14 bloom_filter_offset, 15 bloom_filter_length),
//   6 created_by. Every other field, of any type, is skipped, so files of any writer version
//   load. Not read: page indexes, data pages, key-value metadata, encrypted files.
// A bloom filter is a Thrift BloomFilterHeader followed by its bitset (importParquetBloomFilter);
// when bloom_filter_length is absent the header is parsed to find the bitset's size.
// Bounds: the footer length, every offset and every length are checked against the file size
// before anything is read or allocated; the Thrift reader is bounded (thrift_compact.h).
// Damaged files throw ParquetFormatError naming the file, the position or the field.
#pragma once

#include "core/blocked_bloom_filter.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

/// A Parquet file (or a part of one) that cannot be read: damaged, truncated, encrypted, or
/// using something this reader does not support. The message names the file position or field.
class ParquetFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// parquet.thrift enum Type (the numbers are the file's).
enum class ParquetPhysicalType : std::int32_t {
    Boolean = 0,
    Int32 = 1,
    Int64 = 2,
    Int96 = 3,
    Float = 4,
    Double = 5,
    ByteArray = 6,
    FixedLenByteArray = 7,
};

/// "BOOLEAN", "INT32", ..., "FIXED_LEN_BYTE_ARRAY" (as parquet-format spells them).
std::string_view parquetTypeName(ParquetPhysicalType type) noexcept;

/// A leaf column of the schema, in schema order (the order of a row group's column chunks).
struct ParquetColumn {
    std::vector<std::string> path;     ///< names from below the root to the leaf
    ParquetPhysicalType type = ParquetPhysicalType::ByteArray;
    std::int32_t typeLength = 0;       ///< FIXED_LEN_BYTE_ARRAY: bytes per value; else 0
    /// The path joined with '.' ("st.a"): how columns are named to the user.
    std::string dottedPath() const;
};

/// One column chunk of one row group.
struct ParquetColumnChunk {
    std::size_t rowGroup = 0;
    std::size_t column = 0;            ///< index into ParquetFile::columns()
    ParquetPhysicalType type = ParquetPhysicalType::ByteArray;
    std::int64_t numValues = 0;        ///< values including nulls (ColumnMetaData.num_values)
    std::optional<std::int64_t> bloomFilterOffset;
    std::optional<std::int32_t> bloomFilterLength;  ///< header + bitset, when the writer wrote it
    std::optional<std::int64_t> distinctCount;      ///< Statistics.distinct_count, when written
    std::optional<std::int64_t> nullCount;          ///< Statistics.null_count, when written
    std::string filePath;              ///< non-empty: the chunk lives in another file
    bool hasBloomFilter() const noexcept { return bloomFilterOffset.has_value(); }
};

struct ParquetRowGroup {
    std::int64_t numRows = 0;
    std::vector<ParquetColumnChunk> columns;  ///< one per schema leaf, in schema order
};

class ParquetFile {
public:
    /// Largest footer accepted (a claim above it is refused before allocating).
    static constexpr std::uint64_t kMaxFooterBytes = std::uint64_t{256} << 20;

    /// Reads the footer of the file at `path` (the column data is not read). Throws
    /// ParquetFormatError (also for unreadable files).
    static ParquetFile open(const std::filesystem::path& path);
    /// The same for a file held in memory; `name` names it in messages.
    static ParquetFile fromBytes(std::vector<std::uint8_t> bytes, std::string name = "Parquet data");

    /// True when `head` (the first bytes of a file) starts with a Parquet magic ("PAR1", or
    /// "PARE" for an encrypted footer): how a Parquet file is told from a filter file.
    static bool looksLikeParquet(std::span<const std::uint8_t> head) noexcept;

    const std::string& name() const noexcept { return m_name; }
    std::uint64_t fileSize() const noexcept;
    std::int64_t numRows() const noexcept { return m_numRows; }
    const std::string& createdBy() const noexcept { return m_createdBy; }
    const std::vector<ParquetColumn>& columns() const noexcept { return m_columns; }
    const std::vector<ParquetRowGroup>& rowGroups() const noexcept { return m_rowGroups; }

    /// The column whose dotted path (or, when unique, last name) is `name`; nothing if none.
    std::optional<std::size_t> findColumn(std::string_view name) const;
    /// Throws std::out_of_range naming the valid range.
    const ParquetColumnChunk& chunk(std::size_t rowGroup, std::size_t column) const;

    /// The bloom filter of a column chunk. Throws ParquetFormatError when the chunk has none,
    /// lives in another file, or its header or bitset is damaged; std::out_of_range for indexes.
    BlockedBloomFilter readBloomFilter(std::size_t rowGroup, std::size_t column) const;

    class Source;  // the bytes behind the file (a file on disk or a buffer)

private:
    ParquetFile() = default;
    void parseFooter();
    /// Reads FileMetaData from `footer`, the bytes at `footerStart`.
    void readFooter(std::span<const std::uint8_t> footer, std::uint64_t footerStart);

    std::shared_ptr<const Source> m_source;
    std::uint64_t m_dataEnd = 0;  ///< where the footer starts: column data and filters lie before
    std::string m_name;
    std::int64_t m_numRows = 0;
    std::string m_createdBy;
    std::vector<ParquetColumn> m_columns;
    std::vector<ParquetRowGroup> m_rowGroups;
};

} // namespace bloomlab
