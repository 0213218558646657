// The JSON output of bloomlab-cli (`--json`, docs/json.md): one small writer that every command
// uses, and the one document a command run writes to standard output.
//
// Decisions, for every command alike:
//  - numbers are JSON numbers: whole counts exactly (64-bit), reals in the shortest form that
//    reads back to the same double; NaN and infinities are written as null;
//  - strings are UTF-8: valid UTF-8 is copied, control characters (U+0000-U+001F, U+007F) are
//    \u escapes, and each byte that is not part of valid UTF-8 becomes U+FFFD. Where such bytes
//    matter (keys, which are exact bytes), bytesField() adds NAME_hex with the exact bytes;
//  - a failed command's document is {"error": {"command": ..., "message": ..., "exit_code": N}};
//    a command that fails after its document has begun (a key file that breaks off during
//    `query`) closes the open arrays and objects and ends the top-level object with the same
//    "error" member.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {
class AnyFilter;
}

namespace bloomlab::cli {

class JsonWriter {
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    /// The member name of the next value (inside an object).
    JsonWriter& key(std::string_view name);

    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    JsonWriter& value(std::nullptr_t);
    template <std::floating_point T> JsonWriter& value(T number) {
        return real(static_cast<double>(number));
    }
    template <std::integral T> JsonWriter& value(T number) {
        if constexpr (std::same_as<T, bool>)
            return literal(number ? "true" : "false");
        else if constexpr (std::signed_integral<T>)
            return literal(std::to_string(static_cast<long long>(number)));
        else
            return literal(std::to_string(static_cast<unsigned long long>(number)));
    }

    /// key(name).value(v).
    template <class T> JsonWriter& field(std::string_view name, const T& v) {
        return key(name).value(v);
    }
    /// A number, or null when it is not known (`known` false: a capacity of 0 = unknown).
    template <class T> JsonWriter& optionalField(std::string_view name, const T& v, bool known) {
        return known ? field(name, v) : key(name).value(nullptr);
    }
    /// Exact bytes (a key): "name" as text (see above) and, only when the bytes are not valid
    /// UTF-8, "name_hex" with every byte as two lowercase hex digits.
    JsonWriter& bytesField(std::string_view name, std::string_view bytes);

    /// Nothing written yet.
    bool empty() const { return m_text.empty() && !m_flushed; }
    /// The top-level value is complete.
    bool complete() const { return m_complete; }
    /// Ends a document that failed part way: closes what is open and adds the "error" member to
    /// the top-level object; a writer that has written nothing gets the whole error document.
    void endWithError(std::string_view command, std::string_view message, int exitCode);

    /// Writes what is buffered to `out` (a newline after a complete document). Throws
    /// std::runtime_error when the write fails (a full disk, a closed pipe).
    void flush(std::FILE* out);
    /// flush() once more than 64 KiB are buffered (long outputs such as query's are streamed).
    void flushIfLarge(std::FILE* out) {
        if (m_text.size() >= (1u << 16)) flush(out);
    }
    const std::string& buffered() const { return m_text; }
    /// A flush failed: the document cannot be completed (the failure was reported once).
    bool writeFailed() const { return m_writeFailed; }

    /// `text` as a JSON string literal with the quotes (the rules above).
    static std::string quoted(std::string_view text);
    /// True when `bytes` is valid UTF-8 (no overlong forms, surrogates or code points > U+10FFFF).
    static bool isValidUtf8(std::string_view bytes);

private:
    JsonWriter& real(double number);
    JsonWriter& literal(std::string_view text);
    void beforeValue();

    std::string m_text;
    std::vector<char> m_open;       ///< '{' or '[' per open container
    std::vector<bool> m_hasMembers; ///< per open container: something written (a comma next)
    bool m_afterKey = false;
    bool m_complete = false;
    bool m_flushed = false;
    bool m_ended = false;
    bool m_writeFailed = false; ///< the newline after the complete document is written
};

/// The members "filter" (type, capacity, target_fpr, m, k, f) and "stats" (FilterStats) of a
/// filter: every command that writes or reads a filter file describes it so.
void writeFilterJson(JsonWriter& json, const AnyFilter& filter);

/// The document of this run (written by main at the end, or streamed by the command).
JsonWriter& jsonDocument();

} // namespace bloomlab::cli
