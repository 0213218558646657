#include "cli_json.h"

#include "core/any_filter.h"
#include "core/growth_policy.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace bloomlab::cli {

namespace {

/// Length of the valid UTF-8 sequence at the start of `s`, or 0 when its first byte does not
/// begin one (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t utf8Sequence(std::string_view s) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char c = b(0);
    if (c < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF; // the second byte's range
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        if (c == 0xE0) low = 0xA0;
        if (c == 0xED) high = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        if (c == 0xF0) low = 0x90;
        if (c == 0xF4) high = 0x8F;
    } else {
        return 0;
    }
    if (s.size() < length) return 0;
    if (b(1) < low || b(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (b(i) < 0x80 || b(i) > 0xBF) return 0;
    return length;
}

} // namespace

bool JsonWriter::isValidUtf8(std::string_view bytes) {
    while (!bytes.empty()) {
        const std::size_t n = utf8Sequence(bytes);
        if (n == 0) return false;
        bytes.remove_prefix(n);
    }
    return true;
}

std::string JsonWriter::quoted(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    while (!text.empty()) {
        const std::size_t n = utf8Sequence(text);
        if (n == 0) {
            out += "\xEF\xBF\xBD"; // U+FFFD for a byte that is not valid UTF-8
            text.remove_prefix(1);
            continue;
        }
        if (n > 1) {
            out.append(text.data(), n);
            text.remove_prefix(n);
            continue;
        }
        const unsigned char c = static_cast<unsigned char>(text.front());
        text.remove_prefix(1);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7F) {
                static constexpr char kHex[] = "0123456789abcdef";
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 15];
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
    return out;
}

void JsonWriter::beforeValue() {
    if (m_complete) throw std::logic_error("JSON: a second top-level value");
    if (!m_open.empty()) {
        if (m_open.back() == '{' && !m_afterKey)
            throw std::logic_error("JSON: a value without a key");
        if (m_open.back() == '[' && m_hasMembers.back()) m_text += ',';
        m_hasMembers.back() = true;
    }
    m_afterKey = false;
}

JsonWriter& JsonWriter::literal(std::string_view text) {
    beforeValue();
    m_text += text;
    if (m_open.empty()) m_complete = true;
    return *this;
}

JsonWriter& JsonWriter::real(double number) {
    if (!std::isfinite(number)) return literal("null");
    char buf[64];
    // Whole numbers as digits (1000000, not 1e+06); the rest in the shortest exact form.
    const bool whole = std::floor(number) == number && std::fabs(number) < 1e15;
    const auto result = whole
                            ? std::to_chars(buf, buf + sizeof buf, number, std::chars_format::fixed)
                            : std::to_chars(buf, buf + sizeof buf, number);
    return literal(std::string_view(buf, static_cast<std::size_t>(result.ptr - buf)));
}

JsonWriter& JsonWriter::value(std::string_view text) {
    return literal(quoted(text));
}
JsonWriter& JsonWriter::value(std::nullptr_t) {
    return literal("null");
}

JsonWriter& JsonWriter::key(std::string_view name) {
    if (m_open.empty() || m_open.back() != '{' || m_afterKey)
        throw std::logic_error("JSON: a key outside an object");
    if (m_hasMembers.back()) m_text += ',';
    m_hasMembers.back() = true;
    m_text += quoted(name);
    m_text += ':';
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::beginObject() {
    beforeValue();
    m_text += '{';
    m_open.push_back('{');
    m_hasMembers.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::beginArray() {
    beforeValue();
    m_text += '[';
    m_open.push_back('[');
    m_hasMembers.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::endObject() {
    if (m_open.empty() || m_open.back() != '{' || m_afterKey)
        throw std::logic_error("JSON: unbalanced object");
    m_text += '}';
    m_open.pop_back();
    m_hasMembers.pop_back();
    if (m_open.empty()) m_complete = true;
    return *this;
}

JsonWriter& JsonWriter::endArray() {
    if (m_open.empty() || m_open.back() != '[') throw std::logic_error("JSON: unbalanced array");
    m_text += ']';
    m_open.pop_back();
    m_hasMembers.pop_back();
    if (m_open.empty()) m_complete = true;
    return *this;
}

JsonWriter& JsonWriter::bytesField(std::string_view name, std::string_view bytes) {
    field(name, bytes);
    if (!isValidUtf8(bytes)) {
        static constexpr char kHex[] = "0123456789abcdef";
        std::string hex;
        hex.reserve(bytes.size() * 2);
        for (const char ch : bytes) {
            const auto c = static_cast<unsigned char>(ch);
            hex += kHex[c >> 4];
            hex += kHex[c & 15];
        }
        key(std::string(name) + "_hex").value(hex);
    }
    return *this;
}

void JsonWriter::endWithError(std::string_view command, std::string_view message, int exitCode) {
    const auto errorObject = [&] {
        beginObject()
            .field("command", command)
            .field("message", message)
            .field("exit_code", exitCode)
            .endObject();
    };
    if (m_complete) return; // the result was complete: the exit status and stderr tell the rest
    if (empty()) {
        beginObject().key("error");
        errorObject();
        endObject();
        return;
    }
    // Close what is open down to the top-level object, then add the error member there.
    if (m_afterKey) value(nullptr);
    while (m_open.size() > 1) {
        if (m_open.back() == '{')
            endObject();
        else
            endArray();
    }
    if (m_open.back() == '{') {
        key("error");
        errorObject();
        endObject();
    } else {
        errorObject();
        endArray();
    }
}

void JsonWriter::flush(std::FILE* out) {
    if (m_complete && !m_ended) {
        m_text += '\n';
        m_ended = true;
    }
    errno = 0;
    // The end of the document is flushed through stdio too, so a full disk is seen here.
    if ((!m_text.empty() && std::fwrite(m_text.data(), 1, m_text.size(), out) != m_text.size()) ||
        (m_complete && std::fflush(out) != 0)) {
        const int error = errno;
        m_text.clear();
        m_writeFailed = true;
        throw std::runtime_error(
            std::string("cannot write to standard output") +
            (error != 0 ? std::string(": ") + std::strerror(error) : std::string()));
    }
    m_flushed = m_flushed || !m_text.empty();
    m_text.clear();
}

/// The members "filter" (its parameters) and "stats" (printStats' numbers) of a filter in JSON:
/// build, info, union, intersect, import and insert describe the filter they wrote or read so.
void writeFilterJson(JsonWriter& json, const AnyFilter& filter) {
    const FilterStats s = filter.stats();
    json.key("filter")
        .beginObject()
        .field("type", filterTypeName(filter.type()))
        .optionalField("capacity", s.capacity, s.capacity > 0)
        .optionalField("target_fpr", s.targetFpr, s.targetFpr > 0)
        .field("m", filter.sizeInBits())
        .field("k", filter.type() == FilterType::Cuckoo ? 0 : filter.hashCount())
        .field("f", filter.fingerprintBits())
        .optionalField("cuckoo_layout", std::string(cuckooLayoutName(filter.cuckooLayout())),
                       filter.type() == FilterType::Cuckoo)
        .endObject();
    json.key("stats")
        .beginObject()
        .field("items", s.items)
        .field("bytes", s.bytes)
        .optionalField("bits_per_item", s.bitsPerItem, s.items > 0)
        .field("fill_ratio", s.fillRatio)
        .field("estimated_fpr", s.estimatedFpr)
        .field("estimated_items", s.estimatedItems)
        .field("overfilled", s.overfilled)
        .field("saturated_counters", s.saturatedCounters)
        .field("layers", s.layers)
        .field("failed_inserts", s.failedInserts)
        .field("kicks", s.kicks)
        .field("stash_occupied", s.stashOccupied)
        .field("growth_policy", growthActionName(static_cast<GrowthAction>(s.growthAction)))
        .field("tiers", s.tiers)
        .field("rebuilds", s.rebuilds)
        .endObject();
}

JsonWriter& jsonDocument() {
    static JsonWriter document;
    return document;
}

} // namespace bloomlab::cli
