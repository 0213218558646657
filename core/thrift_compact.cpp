// thrift_compact: the bounds-checked compact-protocol reader and writer primitives.
#include "core/thrift_compact.h"

#include <bit>
#include <limits>
#include <utility>

namespace bloomlab::thrift {

CompactReader::CompactReader(std::span<const std::uint8_t> bytes, std::string what, int maxDepth)
    : m_bytes(bytes), m_what(std::move(what)), m_maxDepth(maxDepth) {}

void CompactReader::fail(const std::string& problem) const {
    throw FilterIoError(m_what + " " + problem);
}

std::uint8_t CompactReader::byte() {
    if (m_pos >= m_bytes.size()) fail("is truncated");
    return m_bytes[m_pos++];
}

std::uint64_t CompactReader::varint(int maxBytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < maxBytes; ++i) {
        const std::uint8_t b = byte();
        v |= std::uint64_t{b & 0x7fu} << (7 * i);
        if ((b & 0x80) == 0) return v;
    }
    fail("has an over-long varint");
}

std::int64_t CompactReader::zigzag(int maxBytes) {
    const std::uint64_t v = varint(maxBytes);
    return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

std::int16_t CompactReader::i16() {
    const std::int64_t v = zigzag(kMaxVarintBytesI16);
    if (v < std::numeric_limits<std::int16_t>::min() || v > std::numeric_limits<std::int16_t>::max())
        fail("has an i16 out of range");
    return static_cast<std::int16_t>(v);
}

std::int32_t CompactReader::i32() {
    const std::int64_t v = zigzag(kMaxVarintBytesI32);
    if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max())
        fail("has an i32 out of range");
    return static_cast<std::int32_t>(v);
}

std::int64_t CompactReader::i64() {
    return zigzag(kMaxVarintBytesI64);
}

double CompactReader::f64() {
    if (remaining() < 8) fail("is truncated");
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v |= std::uint64_t{m_bytes[m_pos + i]} << (8 * i); // little-endian, as the spec says
    m_pos += 8;
    return std::bit_cast<double>(v);
}

std::span<const std::uint8_t> CompactReader::binary() {
    const std::uint64_t n = varint(kMaxVarintBytesI32);
    if (n > remaining()) fail("is truncated");
    const auto out = m_bytes.subspan(m_pos, static_cast<std::size_t>(n));
    m_pos += static_cast<std::size_t>(n);
    return out;
}

void CompactReader::skipBytes(std::uint64_t n) {
    if (n > remaining()) fail("is truncated");
    m_pos += static_cast<std::size_t>(n);
}

std::optional<FieldHeader> CompactReader::field(std::int16_t& lastId) {
    const std::uint8_t h = byte();
    if (h == 0) return std::nullopt;
    FieldHeader out;
    out.type = h & 0x0f;
    const int delta = h >> 4;
    if (delta != 0) {
        out.id = static_cast<std::int16_t>(lastId + delta);
    } else {
        const std::int64_t v = zigzag(kMaxVarintBytesI16);
        if (v < std::numeric_limits<std::int16_t>::min() ||
            v > std::numeric_limits<std::int16_t>::max())
            fail("has a field id out of range");
        out.id = static_cast<std::int16_t>(v);
    }
    lastId = out.id;
    return out;
}

ListHeader CompactReader::listHeader() {
    const std::uint8_t h = byte();
    ListHeader out{static_cast<std::uint64_t>(h >> 4), static_cast<std::uint8_t>(h & 0x0f)};
    if (out.size == 15) out.size = varint(kMaxVarintBytesI32);
    return out;
}

void CompactReader::skip(std::uint8_t type, int depth) {
    if (depth > m_maxDepth) fail("is nested too deeply");
    const auto skipElement = [&](std::uint8_t t) {
        if (t == static_cast<std::uint8_t>(CompactType::BoolTrue) ||
            t == static_cast<std::uint8_t>(CompactType::BoolFalse))
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
        for (std::uint64_t i = 0; i < size; ++i) {
            skipElement(static_cast<std::uint8_t>(kv >> 4));
            skipElement(static_cast<std::uint8_t>(kv & 0x0f));
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
    fail("has an unknown Thrift type " + std::to_string(type));
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
