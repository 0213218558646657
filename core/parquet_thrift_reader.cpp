// parquet_thrift_reader: the bounded Thrift compact-protocol reader (format in the header).
#include "core/parquet_thrift_reader.h"

#include <bit>
#include <cstring>
#include <limits>
#include <utility>

namespace bloomlab {

ParquetThriftReader::ParquetThriftReader(std::span<const std::uint8_t> bytes, std::uint64_t baseOffset,
                                         std::string context)
    : m_bytes(bytes), m_base(baseOffset), m_context(std::move(context)) {}

void ParquetThriftReader::fail(std::string_view what) const {
    throw ParquetFormatError(m_context + ": " + std::string(what) + " (at byte " +
                             std::to_string(filePosition()) + ")");
}

std::string_view ParquetThriftReader::typeName(std::uint8_t type) noexcept {
    switch (type) {
    case kStop: return "stop";
    case kBoolTrue:
    case kBoolFalse: return "bool";
    case kByte: return "byte";
    case kI16: return "i16";
    case kI32: return "i32";
    case kI64: return "i64";
    case kDouble: return "double";
    case kBinary: return "binary";
    case kList: return "list";
    case kSet: return "set";
    case kMap: return "map";
    case kStruct: return "struct";
    default: return "unknown type";
    }
}

std::uint8_t ParquetThriftReader::byte() {
    if (m_pos >= m_bytes.size()) fail("truncated: the Thrift data ends in the middle of a value");
    return m_bytes[m_pos++];
}

std::uint64_t ParquetThriftReader::varint(int maxBytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < maxBytes; ++i) {
        const std::uint8_t b = byte();
        v |= std::uint64_t{b & 0x7fu} << (7 * i);
        if ((b & 0x80) == 0) return v;
    }
    fail("a varint is longer than " + std::to_string(maxBytes) + " bytes");
}

std::int64_t ParquetThriftReader::zigzag(int maxBytes) {
    const std::uint64_t v = varint(maxBytes);
    return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

void ParquetThriftReader::skipBytes(std::uint64_t n) {
    if (n > remaining())
        fail("truncated: a value of " + std::to_string(n) + " bytes is claimed but only " +
             std::to_string(remaining()) + " remain");
    m_pos += static_cast<std::size_t>(n);
}

void ParquetThriftReader::enter() {
    if (++m_depth > kMaxDepth) {
        --m_depth;
        fail("Thrift structures are nested more than " + std::to_string(kMaxDepth) + " deep");
    }
}

void ParquetThriftReader::leave() noexcept {
    if (m_depth > 0) --m_depth;
}

std::optional<ParquetThriftReader::Field> ParquetThriftReader::nextField(std::int16_t& lastId) {
    const std::uint8_t h = byte();
    if (h == kStop) return std::nullopt;
    Field f;
    f.type = h & 0x0f;
    if (f.type > kStruct) fail("unknown Thrift type " + std::to_string(f.type) + " in a field header");
    const int delta = h >> 4;
    std::int64_t id = 0;
    if (delta != 0) {
        id = std::int64_t{lastId} + delta;
    } else {
        id = zigzag(3);
    }
    if (id < std::numeric_limits<std::int16_t>::min() || id > std::numeric_limits<std::int16_t>::max())
        fail("field id " + std::to_string(id) + " is out of the i16 range");
    f.id = static_cast<std::int16_t>(id);
    lastId = f.id;
    return f;
}

std::int8_t ParquetThriftReader::readByte() { return static_cast<std::int8_t>(byte()); }

std::int16_t ParquetThriftReader::readI16() {
    const std::int64_t v = zigzag(3);
    if (v < std::numeric_limits<std::int16_t>::min() || v > std::numeric_limits<std::int16_t>::max())
        fail("an i16 value " + std::to_string(v) + " is out of range");
    return static_cast<std::int16_t>(v);
}

std::int32_t ParquetThriftReader::readI32() {
    const std::int64_t v = zigzag(5);
    if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max())
        fail("an i32 value " + std::to_string(v) + " is out of range");
    return static_cast<std::int32_t>(v);
}

std::int64_t ParquetThriftReader::readI64() { return zigzag(10); }

double ParquetThriftReader::readDouble() {
    if (remaining() < 8) fail("truncated: a double needs 8 bytes");
    std::uint64_t bits = 0;
    for (unsigned i = 0; i < 8; ++i) bits |= std::uint64_t{m_bytes[m_pos + i]} << (8 * i);
    m_pos += 8;
    return std::bit_cast<double>(bits);
}

std::string_view ParquetThriftReader::readBinary() {
    const std::uint64_t n = varint(5);
    if (n > remaining())
        fail("truncated: a string of " + std::to_string(n) + " bytes is claimed but only " +
             std::to_string(remaining()) + " remain");
    const auto* start = reinterpret_cast<const char*>(m_bytes.data() + m_pos);
    m_pos += static_cast<std::size_t>(n);
    return {start, static_cast<std::size_t>(n)};
}

bool ParquetThriftReader::fieldBool(const Field& field) const {
    if (field.type != kBoolTrue && field.type != kBoolFalse)
        fail("field " + std::to_string(field.id) + " should be a bool but is a " +
             std::string(typeName(field.type)));
    return field.type == kBoolTrue;
}

void ParquetThriftReader::expectType(const Field& field, std::uint8_t expected, std::string_view name) const {
    const bool isBool = expected == kBoolTrue || expected == kBoolFalse;
    const bool ok = isBool ? (field.type == kBoolTrue || field.type == kBoolFalse) : field.type == expected;
    if (!ok)
        fail(std::string(name) + " (field " + std::to_string(field.id) + ") should be a " +
             std::string(typeName(expected)) + " but is a " + std::string(typeName(field.type)));
}

ParquetThriftReader::ListHeader ParquetThriftReader::readListHeader() {
    const std::uint8_t h = byte();
    ListHeader l;
    l.elementType = h & 0x0f;
    l.size = h >> 4;
    if (l.size == 15) l.size = varint(5);
    if (l.elementType == kStop || l.elementType > kStruct)
        fail("a list has the unknown element type " + std::to_string(l.elementType));
    // Every element takes at least one byte: a larger count cannot be backed by these bytes.
    if (l.size > remaining())
        fail("a list claims " + std::to_string(l.size) + " elements but only " +
             std::to_string(remaining()) + " bytes remain");
    return l;
}

void ParquetThriftReader::skip(std::uint8_t type) { skipValue(type, false); }

void ParquetThriftReader::skipValue(std::uint8_t type, bool inContainer) {
    switch (type) {
    case kBoolTrue:
    case kBoolFalse:
        if (inContainer) skipBytes(1);  // a bool element of a list or map is one byte
        return;
    case kByte: skipBytes(1); return;
    case kI16: (void)varint(3); return;
    case kI32: (void)varint(5); return;
    case kI64: (void)varint(10); return;
    case kDouble: skipBytes(8); return;
    case kBinary: skipBytes(varint(5)); return;
    case kList:
    case kSet: {
        const ListHeader l = readListHeader();
        enter();
        for (std::uint64_t i = 0; i < l.size; ++i) skipValue(l.elementType, true);
        leave();
        return;
    }
    case kMap: {
        const std::uint64_t size = varint(5);
        if (size == 0) return;
        const std::uint8_t kv = byte();
        const std::uint8_t keyType = kv >> 4;
        const std::uint8_t valueType = kv & 0x0f;
        if (keyType == kStop || keyType > kStruct || valueType == kStop || valueType > kStruct)
            fail("a map has an unknown key or value type");
        if (size > remaining())
            fail("a map claims " + std::to_string(size) + " entries but only " +
                 std::to_string(remaining()) + " bytes remain");
        enter();
        for (std::uint64_t i = 0; i < size; ++i) {
            skipValue(keyType, true);
            skipValue(valueType, true);
        }
        leave();
        return;
    }
    case kStruct: {
        enter();
        std::int16_t last = 0;
        while (const auto f = nextField(last)) skipValue(f->type, false);
        leave();
        return;
    }
    default:
        fail("cannot skip a value of the unknown Thrift type " + std::to_string(type));
    }
}

} // namespace bloomlab
