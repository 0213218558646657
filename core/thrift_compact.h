// thrift_compact — the Thrift compact protocol (thrift/doc/specs/thrift-compact-protocol.md),
// as Parquet stores its metadata: a bounds-checked reader and the few writer primitives.
//
//   field header: (delta << 4) | type for field-id deltas 1..15, else type, then the field id
//   as a zigzag varint; a struct ends with 0x00. Integers (i16, i32, i64) are zigzag varints;
//   binary is a varint length then the bytes; a bool field carries its value in the header
//   type (1 true, 2 false), a bool list element is one byte. List/set header: (size << 4) |
//   element type, size 15 = the size follows as a varint. Map: varint size, then (if non-zero)
//   one byte (key type << 4) | value type.
//
// The reader never reads past its span, refuses varints longer than their type allows, and
// stops nesting at a depth limit, so hostile input ends in a FilterIoError naming `what`
// ("<what> is truncated", "<what> is nested too deeply", ...), never in a crash.
#pragma once

#include "core/errors.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bloomlab::thrift {

/// Compact-protocol type ids (as they appear in field, list and map headers).
enum class CompactType : std::uint8_t {
    Stop = 0,
    BoolTrue = 1,
    BoolFalse = 2,
    Byte = 3,
    I16 = 4,
    I32 = 5,
    I64 = 6,
    Double = 7,
    Binary = 8,
    List = 9,
    Set = 10,
    Map = 11,
    Struct = 12,
};

/// Longest varint each integer type may use (7 bits per byte).
inline constexpr int kMaxVarintBytesI16 = 3;
inline constexpr int kMaxVarintBytesI32 = 5;
inline constexpr int kMaxVarintBytesI64 = 10;
/// Nesting the reader follows before it calls the data hostile.
inline constexpr int kDefaultMaxDepth = 16;

struct FieldHeader {
    std::int16_t id = 0;
    std::uint8_t type = 0; ///< a CompactType value (kept raw: unknown types are reported by skip)
};

struct ListHeader {
    std::uint64_t size = 0;
    std::uint8_t elementType = 0;
};

class CompactReader {
  public:
    /// `what` names the data in every error message, e.g. "Parquet bloom filter header".
    explicit CompactReader(std::span<const std::uint8_t> bytes, std::string what,
                           int maxDepth = kDefaultMaxDepth);

    std::uint8_t byte();
    /// An unsigned varint of at most `maxBytes` bytes.
    std::uint64_t varint(int maxBytes);
    /// A zigzag-encoded signed varint of at most `maxBytes` bytes.
    std::int64_t zigzag(int maxBytes);
    std::int16_t i16();
    std::int32_t i32();
    std::int64_t i64();
    double f64();
    /// A binary or string value: varint length, then that many bytes (a view into the input).
    std::span<const std::uint8_t> binary();
    void skipBytes(std::uint64_t n);

    /// The next field header of the struct being read, or nullopt at its end. `lastId` is the
    /// previous field's id in this struct (0 at its start) and is updated.
    std::optional<FieldHeader> field(std::int16_t& lastId);
    /// A list or set header.
    ListHeader listHeader();

    /// Skips one value of compact type `type` (unknown fields are legal in Thrift). `depth` is
    /// the nesting level of that value, 1 for a field of the outermost struct; past the depth
    /// limit the data is refused.
    void skip(std::uint8_t type, int depth);

    /// The value of a bool field, from its header type.
    static bool boolField(std::uint8_t type) noexcept {
        return type == static_cast<std::uint8_t>(CompactType::BoolTrue);
    }

    std::size_t position() const noexcept { return m_pos; }
    std::size_t remaining() const noexcept { return m_bytes.size() - m_pos; }
    const std::string& what() const noexcept { return m_what; }

    /// Throws FilterIoError "<what> <problem>".
    [[noreturn]] void fail(const std::string& problem) const;

  private:
    std::span<const std::uint8_t> m_bytes;
    std::size_t m_pos = 0;
    std::string m_what;
    int m_maxDepth;
};

// ---- Writer primitives ---------------------------------------------------------------------

void appendVarint(std::vector<std::uint8_t>& out, std::uint64_t value);
void appendZigzag(std::vector<std::uint8_t>& out, std::int64_t value);
/// A field header for a field-id delta of 1..15 (the short form).
inline void appendShortFieldHeader(std::vector<std::uint8_t>& out, int delta, CompactType type) {
    out.push_back(static_cast<std::uint8_t>((delta << 4) | static_cast<std::uint8_t>(type)));
}
inline void appendStructEnd(std::vector<std::uint8_t>& out) {
    out.push_back(static_cast<std::uint8_t>(CompactType::Stop));
}

} // namespace bloomlab::thrift
