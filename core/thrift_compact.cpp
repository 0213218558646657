// thrift_compact: the bounds-checked compact-protocol reader and writer primitives.
#include "core/thrift_compact.h"

#include <bit>
#include <limits>
#include <utility>

namespace bloomlab::thrift {

namespace {

constexpr std::uint8_t kStopType = static_cast<std::uint8_t>(CompactType::Stop);
constexpr std::uint8_t kLastType = static_cast<std::uint8_t>(CompactType::Struct);

bool isBoolType(std::uint8_t type) noexcept {
    return type == static_cast<std::uint8_t>(CompactType::BoolTrue) ||
           type == static_cast<std::uint8_t>(CompactType::BoolFalse);
}

std::string unknownType(std::uint8_t type) {
    return "has an unknown Thrift type " + std::to_string(type);
}

} // namespace

CompactReader::CompactReader(std::span<const std::uint8_t> bytes, std::string what, int maxDepth)
    : m_bytes(bytes), m_what(std::move(what)), m_maxDepth(maxDepth) {}

CompactReader::CompactReader(std::span<const std::uint8_t> bytes, FileOffset base, std::string what,
                             int maxDepth)
    : m_bytes(bytes), m_base(base.value), m_located(true), m_what(std::move(what)),
      m_maxDepth(maxDepth) {}

void CompactReader::refuse(std::string_view problem, const std::string& detail) const {
    if (m_located)
        throw DecodeError(m_what + ": " + detail + " (at byte " + std::to_string(filePosition()) + ")",
                          filePosition());
    throw DecodeError(m_what + " " + std::string(problem), filePosition());
}

void CompactReader::fail(const std::string& problem) const {
    refuse(problem, problem);
}

std::uint8_t CompactReader::byte() {
    if (m_pos >= m_bytes.size())
        refuse("is truncated", "truncated: the Thrift data ends in the middle of a value");
    return m_bytes[m_pos++];
}

std::uint64_t CompactReader::varint(int maxBytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < maxBytes; ++i) {
        const std::uint8_t b = byte();
        v |= std::uint64_t{b & 0x7fu} << (7 * i);
        if ((b & 0x80) == 0) return v;
    }
    refuse("has an over-long varint", "a varint is longer than " + std::to_string(maxBytes) + " bytes");
}

std::int64_t CompactReader::zigzag(int maxBytes) {
    const std::uint64_t v = varint(maxBytes);
    return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

std::int16_t CompactReader::i16() {
    const std::int64_t v = zigzag(kMaxVarintBytesI16);
    if (v < std::numeric_limits<std::int16_t>::min() || v > std::numeric_limits<std::int16_t>::max())
        refuse("has an i16 out of range", "an i16 value " + std::to_string(v) + " is out of range");
    return static_cast<std::int16_t>(v);
}

std::int32_t CompactReader::i32() {
    const std::int64_t v = zigzag(kMaxVarintBytesI32);
    if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max())
        refuse("has an i32 out of range", "an i32 value " + std::to_string(v) + " is out of range");
    return static_cast<std::int32_t>(v);
}

std::int64_t CompactReader::i64() {
    return zigzag(kMaxVarintBytesI64);
}

double CompactReader::f64() {
    if (remaining() < 8) refuse("is truncated", "truncated: a double needs 8 bytes");
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v |= std::uint64_t{m_bytes[m_pos + i]} << (8 * i); // little-endian, as the spec says
    m_pos += 8;
    return std::bit_cast<double>(v);
}

std::span<const std::uint8_t> CompactReader::binary() {
    const std::uint64_t n = varint(kMaxVarintBytesI32);
    if (n > remaining())
        refuse("is truncated", "truncated: a string of " + std::to_string(n) +
                                   " bytes is claimed but only " + std::to_string(remaining()) +
                                   " remain");
    const auto out = m_bytes.subspan(m_pos, static_cast<std::size_t>(n));
    m_pos += static_cast<std::size_t>(n);
    return out;
}

std::string_view CompactReader::text() {
    const auto bytes = binary();
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

void CompactReader::skipBytes(std::uint64_t n) {
    if (n > remaining())
        refuse("is truncated", "truncated: a value of " + std::to_string(n) +
                                   " bytes is claimed but only " + std::to_string(remaining()) +
                                   " remain");
    m_pos += static_cast<std::size_t>(n);
}

std::optional<FieldHeader> CompactReader::field(std::int16_t& lastId) {
    const std::uint8_t h = byte();
    if (h == kStopType) return std::nullopt;
    FieldHeader out;
    out.type = h & 0x0f;
    if (out.type > kLastType)
        refuse(unknownType(out.type),
               "unknown Thrift type " + std::to_string(out.type) + " in a field header");
    const int delta = h >> 4;
    const std::int64_t id = delta != 0 ? std::int64_t{lastId} + delta : zigzag(kMaxVarintBytesI16);
    if (id < std::numeric_limits<std::int16_t>::min() || id > std::numeric_limits<std::int16_t>::max())
        refuse("has a field id out of range", "field id " + std::to_string(id) + " is out of the i16 range");
    out.id = static_cast<std::int16_t>(id);
    lastId = out.id;
    return out;
}

void CompactReader::checkCount(std::uint64_t count, const char* kind, const char* noun) {
    // Every element takes at least one byte: a larger count cannot be backed by these bytes.
    if (count > remaining())
        refuse("is truncated", std::string(kind) + " claims " + std::to_string(count) + " " + noun +
                                   " but only " + std::to_string(remaining()) + " bytes remain");
}

ListHeader CompactReader::listHeader() {
    const std::uint8_t h = byte();
    ListHeader out{static_cast<std::uint64_t>(h >> 4), static_cast<std::uint8_t>(h & 0x0f)};
    if (out.size == 15) out.size = varint(kMaxVarintBytesI32);
    if (out.elementType == kStopType || out.elementType > kLastType)
        refuse(unknownType(out.elementType),
               "a list has the unknown element type " + std::to_string(out.elementType));
    checkCount(out.size, "a list", "elements");
    return out;
}

void CompactReader::enter() {
    if (m_depth >= m_maxDepth)
        refuse("is nested too deeply",
               "Thrift structures are nested more than " + std::to_string(m_maxDepth) + " deep");
    ++m_depth;
}

void CompactReader::leave() noexcept {
    if (m_depth > 0) --m_depth;
}

void CompactReader::expectType(const FieldHeader& field, CompactType expected, std::string_view name) const {
    const auto want = static_cast<std::uint8_t>(expected);
    const bool ok = isBoolType(want) ? isBoolType(field.type) : field.type == want;
    if (!ok)
        fail(std::string(name) + " (field " + std::to_string(field.id) + ") should be a " +
             std::string(typeName(want)) + " but is a " + std::string(typeName(field.type)));
}

std::string_view CompactReader::typeName(std::uint8_t type) noexcept {
    switch (static_cast<CompactType>(type)) {
    case CompactType::Stop: return "stop";
    case CompactType::BoolTrue:
    case CompactType::BoolFalse: return "bool";
    case CompactType::Byte: return "byte";
    case CompactType::I16: return "i16";
    case CompactType::I32: return "i32";
    case CompactType::I64: return "i64";
    case CompactType::Double: return "double";
    case CompactType::Binary: return "binary";
    case CompactType::List: return "list";
    case CompactType::Set: return "set";
    case CompactType::Map: return "map";
    case CompactType::Struct: return "struct";
    }
    return "unknown type";
}

void CompactReader::skip(std::uint8_t type, int depth) {
    if (depth > m_maxDepth)
        refuse("is nested too deeply",
               "Thrift structures are nested more than " + std::to_string(m_maxDepth) + " deep");
    const auto skipElement = [&](std::uint8_t t) {
        if (isBoolType(t))
            skipBytes(1); // bools inside a list or map are one byte each
        else
            skip(t, depth + 1);
    };
    switch (static_cast<CompactType>(type)) {
    case CompactType::BoolTrue:
    case CompactType::BoolFalse:
        return; // a bool field's value is in its header
    case CompactType::Byte:
        skipBytes(1);
        return;
    case CompactType::I16:
        varint(kMaxVarintBytesI16);
        return;
    case CompactType::I32:
        varint(kMaxVarintBytesI32);
        return;
    case CompactType::I64:
        varint(kMaxVarintBytesI64);
        return;
    case CompactType::Double:
        skipBytes(8);
        return;
    case CompactType::Binary:
        skipBytes(varint(kMaxVarintBytesI32));
        return;
    case CompactType::List:
    case CompactType::Set: {
        const ListHeader list = listHeader();
        for (std::uint64_t i = 0; i < list.size; ++i)
            skipElement(list.elementType);
        return;
    }
    case CompactType::Map: {
        const std::uint64_t size = varint(kMaxVarintBytesI32);
        if (size == 0) return;
        const std::uint8_t kv = byte();
        const auto keyType = static_cast<std::uint8_t>(kv >> 4);
        const auto valueType = static_cast<std::uint8_t>(kv & 0x0f);
        for (const std::uint8_t t : {keyType, valueType})
            if (t == kStopType || t > kLastType)
                refuse(unknownType(t), "a map has an unknown key or value type");
        checkCount(size, "a map", "entries");
        for (std::uint64_t i = 0; i < size; ++i) {
            skipElement(keyType);
            skipElement(valueType);
        }
        return;
    }
    case CompactType::Struct: {
        std::int16_t last = 0;
        while (const auto f = field(last))
            skip(f->type, depth + 1);
        return;
    }
    case CompactType::Stop:
        break;
    }
    refuse(unknownType(type), "cannot skip a value of the unknown Thrift type " + std::to_string(type));
}

void appendVarint(std::vector<std::uint8_t>& out, std::uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<std::uint8_t>(value | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(value));
}

void appendZigzag(std::vector<std::uint8_t>& out, std::int64_t value) {
    appendVarint(out, (static_cast<std::uint64_t>(value) << 1) ^
                          static_cast<std::uint64_t>(value >> 63));
}

} // namespace bloomlab::thrift
