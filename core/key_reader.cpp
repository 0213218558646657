// KeyReader: a fixed 1 MiB read buffer plus the current key. next() scans the buffer with
// memchr for '\n' and copies the bytes before it into the caller's string, refilling the
// buffer as needed; nothing else is retained, so memory is flat for files of any size.
#include "core/key_reader.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <sys/stat.h>

namespace bloomlab {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

std::string displayName(const std::string& path) {
    return path == "-" ? std::string("<stdin>") : path;
}

} // namespace

KeyReader::KeyReader(const std::string& path, std::size_t maxKeyBytes)
    : m_maxKeyBytes(maxKeyBytes), m_path(path) {
    if (path == "-") {
        m_file = stdin;
        m_ownsFile = false;
    } else {
        m_file = std::fopen(path.c_str(), "rb");
        if (m_file == nullptr)
            throw std::runtime_error("cannot open keys file '" + path +
                                     "': " + std::strerror(errno));
        m_ownsFile = true;
        struct stat info {};
        if (::fstat(::fileno(m_file), &info) == 0 && S_ISDIR(info.st_mode)) {
            std::fclose(m_file);
            m_file = nullptr;
            throw std::runtime_error("cannot open keys file '" + path + "': it is a directory");
        }
    }
    m_buffer.resize(kChunkBytes);
}

KeyReader::~KeyReader() {
    if (m_ownsFile && m_file != nullptr) std::fclose(m_file);
}

bool KeyReader::fill() {
    if (m_eof) return false;
    const std::size_t got = std::fread(m_buffer.data(), 1, m_buffer.size(), m_file);
    if (got < m_buffer.size()) {
        if (std::ferror(m_file))
            throw std::runtime_error("cannot read keys file '" + displayName(m_path) +
                                     "': " + std::strerror(errno));
        m_eof = true;
    }
    m_bufferPos = 0;
    m_bufferEnd = got;
    return got > 0;
}

bool KeyReader::next(std::string& key) {
    key.clear();
    bool started = false; // at least one byte (content or the '\n') belongs to this key
    for (;;) {
        if (m_bufferPos == m_bufferEnd && !fill()) {
            if (!started) return false;
            ++m_count; // a last line without '\n'
            return true;
        }
        started = true;
        const char* begin = m_buffer.data() + m_bufferPos;
        const std::size_t available = m_bufferEnd - m_bufferPos;
        const void* newline = std::memchr(begin, '\n', available);
        const std::size_t take =
            newline != nullptr ? static_cast<std::size_t>(static_cast<const char*>(newline) - begin)
                               : available;
        if (key.size() + take > m_maxKeyBytes)
            throw std::runtime_error("key " + std::to_string(m_count + 1) + " of '" +
                                     displayName(m_path) + "' is longer than " +
                                     std::to_string(m_maxKeyBytes) + " bytes");
        key.append(begin, take);
        if (newline != nullptr) {
            m_bufferPos += take + 1;
            ++m_count;
            return true;
        }
        m_bufferPos = m_bufferEnd;
    }
}

std::uint64_t forEachKey(const std::string& path, const std::function<void(std::string_view)>& fn) {
    KeyReader reader(path);
    std::string key;
    while (reader.next(key))
        fn(key);
    return reader.keysRead();
}

} // namespace bloomlab
