// KeyReader — streams keys from a file or stdin, one per line. A key is exactly the bytes
// between two '\n' (a '\r' before the '\n' is part of the key, NUL bytes are kept); a last line
// without '\n' is a key; an empty file has no keys. Memory stays flat for files of any size:
// only the current key is held (keys longer than maxKeyBytes are an error, default 64 MiB).
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace bloomlab {

class KeyReader {
  public:
    static constexpr std::size_t kDefaultMaxKeyBytes = std::size_t{64} << 20;

    /// "-" reads stdin. Throws std::runtime_error("cannot open keys file 'X': reason").
    explicit KeyReader(const std::string& path, std::size_t maxKeyBytes = kDefaultMaxKeyBytes);
    ~KeyReader();
    KeyReader(const KeyReader&) = delete;
    KeyReader& operator=(const KeyReader&) = delete;

    /// Next key into `key`; false at end of input. Throws std::runtime_error on read errors or
    /// an over-long key ("key N is longer than ... bytes").
    bool next(std::string& key);
    std::uint64_t keysRead() const noexcept { return m_count; }

  private:
    bool fill(); ///< refills m_buffer; false at end of input

    std::FILE* m_file = nullptr;
    bool m_ownsFile = false;
    std::size_t m_maxKeyBytes;
    std::string m_path;
    std::uint64_t m_count = 0;
    std::string m_buffer; // fixed-size read chunk (1 MiB)
    std::size_t m_bufferPos = 0;
    std::size_t m_bufferEnd = 0;
    bool m_eof = false;
};

/// Calls fn(key) for every key of `path` ("-" = stdin); returns the number of keys.
std::uint64_t forEachKey(const std::string& path, const std::function<void(std::string_view)>& fn);

} // namespace bloomlab
