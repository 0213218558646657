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
// The reader never reads past its span, refuses varints longer than their type allows, refuses
// a list or map claiming more elements than bytes remain (every element takes at least one
// byte) before anything is read or allocated, and stops nesting at a depth limit, so hostile
// input ends in a DecodeError, never in a crash. Its message has one of two forms:
//   - a reader of a blob: "<what> <problem>" ("<what> is truncated", "... is nested too deeply");
//   - a reader given its bytes' file offset (FileOffset): "<what>: <detail> (at byte <file
//     position>)", the detail saying which value failed ("a list claims 4294967296 elements but
//     only 12 bytes remain").
// Each caller turns a DecodeError into its own error type with the same message.
#pragma once

#include "core/errors.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
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

/// Data the reader refuses. A FilterIoError, so blob readers pass it on as it is; `position()`
/// is the file position (or the offset in the blob) of the byte after the last one read.
class DecodeError : public FilterIoError {
  public:
    DecodeError(const std::string& message, std::uint64_t position)
        : FilterIoError(message), m_position(position) {}
    std::uint64_t position() const noexcept { return m_position; }

  private:
    std::uint64_t m_position;
};

/// The file position of a reader's first byte: a reader given one names file positions.
struct FileOffset {
    std::uint64_t value = 0;
};

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
    /// A reader of bytes that lie at `base` in a file; `what` names them in messages
    /// ("data.parquet: footer (FileMetaData)"), which give file positions.
    CompactReader(std::span<const std::uint8_t> bytes, FileOffset base, std::string what,
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
    /// The same, as text (a view into the input).
    std::string_view text();
    void skipBytes(std::uint64_t n);

    /// The next field header of the struct being read, or nullopt at its end. `lastId` is the
    /// previous field's id in this struct (0 at its start) and is updated.
    std::optional<FieldHeader> field(std::int16_t& lastId);
    /// A list or set header; an unknown element type, or more elements than bytes remain, is
    /// refused.
    ListHeader listHeader();

    /// Skips one value of compact type `type` (unknown fields are legal in Thrift). `depth` is
    /// the nesting level of that value, 1 for a field of the outermost struct; past the depth
    /// limit the data is refused.
    void skip(std::uint8_t type, int depth);
    /// Skips one value one level below the nesting entered with enter().
    void skip(std::uint8_t type) { skip(type, m_depth + 1); }

    /// Nesting guard for a caller reading its own structs and lists: enter() before reading
    /// a nested value, leave() after. enter() refuses the data past the depth limit.
    void enter();
    void leave() noexcept;

    /// Refuses the data unless `field` has type `expected` (either bool type for a bool);
    /// `name` names the field ("ColumnMetaData.type").
    void expectType(const FieldHeader& field, CompactType expected, std::string_view name) const;
    /// "i32", "binary", "struct", ... ("unknown type" past the known ones).
    static std::string_view typeName(std::uint8_t type) noexcept;

    /// The value of a bool field, from its header type.
    static bool boolField(std::uint8_t type) noexcept {
        return type == static_cast<std::uint8_t>(CompactType::BoolTrue);
    }

    /// Bytes read so far (the offset of the next byte in the span).
    std::size_t position() const noexcept { return m_pos; }
    /// The file position of the next byte (position() for a reader without a FileOffset).
    std::uint64_t filePosition() const noexcept { return m_base + m_pos; }
    std::size_t remaining() const noexcept { return m_bytes.size() - m_pos; }
    const std::string& what() const noexcept { return m_what; }

    /// Throws DecodeError for what the caller found wrong in the data: "<what> <problem>", or
    /// for a reader with a FileOffset "<what>: <problem> (at byte <file position>)".
    [[noreturn]] void fail(const std::string& problem) const;

  private:
    /// Throws DecodeError: `problem` for a blob reader, `detail` for one with a FileOffset.
    [[noreturn]] void refuse(std::string_view problem, const std::string& detail) const;
    void checkCount(std::uint64_t count, const char* kind, const char* noun);

    std::span<const std::uint8_t> m_bytes;
    std::size_t m_pos = 0;
    std::uint64_t m_base = 0;
    bool m_located = false;
    std::string m_what;
    int m_maxDepth;
    int m_depth = 0;
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
