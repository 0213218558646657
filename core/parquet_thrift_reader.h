// ParquetThriftReader — a bounded reader of the Thrift compact protocol, as the Parquet footer
// (FileMetaData) and the bloom filter header are encoded.
//
// Thrift compact protocol (thrift/doc/specs/thrift-compact-protocol.md):
//   field header: (delta << 4) | type when the field id grows by 1..15 over the previous field
//   of the same struct, else the type byte and then the field id as a zigzag varint (i16);
//   0x00 ends a struct. Types: 1/2 bool true/false (the value is in the type), 3 byte, 4 i16,
//   5 i32, 6 i64 (zigzag varints), 7 double (8 bytes), 8 binary (varint length + bytes),
//   9 list, 10 set (header (size << 4) | element type, size 15 = a varint follows; bools are
//   one byte each), 11 map (varint size, then (key type << 4) | value type when size > 0),
//   12 struct.
// Bounds: every read is checked against the end of the bytes; a list or map claiming more
// elements than bytes remain is refused before anything is read or allocated (every element
// takes at least one byte); nesting deeper than kMaxDepth is refused (skip() recurses, with this
// limit). Errors throw ParquetFormatError naming the file position and what was being read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bloomlab {

/// A Parquet file (or a part of one) that cannot be read: damaged, truncated, encrypted, or
/// using something this reader does not support. The message names the file position or field.
class ParquetFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class ParquetThriftReader {
public:
    /// Deepest nesting of structs, lists and maps accepted (Parquet's own footer nests about 6).
    static constexpr int kMaxDepth = 64;

    enum Type : std::uint8_t {
        kStop = 0,
        kBoolTrue = 1,
        kBoolFalse = 2,
        kByte = 3,
        kI16 = 4,
        kI32 = 5,
        kI64 = 6,
        kDouble = 7,
        kBinary = 8,
        kList = 9,
        kSet = 10,
        kMap = 11,
        kStruct = 12,
    };

    struct Field {
        std::int16_t id = 0;
        std::uint8_t type = kStop;
    };
    struct ListHeader {
        std::uint8_t elementType = kStop;
        std::uint64_t size = 0;
    };

    /// `bytes` is the Thrift message; `baseOffset` its position in the file (error messages give
    /// file positions); `context` names what is read ("footer of data.parquet").
    ParquetThriftReader(std::span<const std::uint8_t> bytes, std::uint64_t baseOffset, std::string context);

    /// The next field header of the struct being read, or nothing at its end. `lastId` is the
    /// previous field id of this struct (0 at its start), updated here.
    std::optional<Field> nextField(std::int16_t& lastId);

    /// Values. Integer reads check the varint length and the range of the type.
    std::int8_t readByte();
    std::int16_t readI16();
    std::int32_t readI32();
    std::int64_t readI64();
    double readDouble();
    /// A binary / string; a view into the bytes (valid while they are).
    std::string_view readBinary();
    /// The bool of a struct field (carried in its type).
    bool fieldBool(const Field& field) const;
    /// A list or set header; its size is checked against the bytes left.
    ListHeader readListHeader();

    /// Skips one value of compact type `type` (structs, lists, sets and maps included).
    void skip(std::uint8_t type);

    /// Nesting guard for the caller's own struct and list reading: enter() before descending,
    /// leave() after. enter() throws past kMaxDepth.
    void enter();
    void leave() noexcept;

    /// Throws ParquetFormatError unless `field` has type `expected`; `name` names the field.
    void expectType(const Field& field, std::uint8_t expected, std::string_view name) const;

    /// Bytes consumed so far, and the file position of the next byte.
    std::size_t consumed() const noexcept { return m_pos; }
    std::uint64_t filePosition() const noexcept { return m_base + m_pos; }
    std::size_t remaining() const noexcept { return m_bytes.size() - m_pos; }

    /// Throws ParquetFormatError: "<context>: <what> (at byte <file position>)".
    [[noreturn]] void fail(std::string_view what) const;

    static std::string_view typeName(std::uint8_t type) noexcept;

private:
    std::uint8_t byte();
    std::uint64_t varint(int maxBytes);
    std::int64_t zigzag(int maxBytes);
    void skipBytes(std::uint64_t n);
    void skipValue(std::uint8_t type, bool inContainer);

    std::span<const std::uint8_t> m_bytes;
    std::uint64_t m_base = 0;
    std::string m_context;
    std::size_t m_pos = 0;
    int m_depth = 0;
};

} // namespace bloomlab
