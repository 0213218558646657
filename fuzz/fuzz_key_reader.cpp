// libFuzzer harness: KeyReader on arbitrary file contents.
//
// Input layout: byte 1 selects the mode. Below 0x80 the rest of the input is the whole keys
// file, and byte 0 selects maxKeyBytes (values < 0x80 give 1..128 bytes, to reach the
// over-long-key error; others give the default 64 MiB). From 0x80 the file is a filler prefix
// (lines of 4095 'f's) ending (byte1 & 0x7F) bytes before the 1 MiB mark, followed by the rest
// of the input -- so the fuzzed bytes straddle KeyReader's 1 MiB read-buffer boundary
// (key_reader.cpp), where a refill bug would hide -- and maxKeyBytes is 4096 + 32 x byte 0. The file is held in a memfd and opened through
// /proc/self/fd/N, so no disk is involved.
// Oracle (the documented format): a key is exactly the bytes between two '\n'; a last line
// without '\n' is a key; an empty file has no keys. So joining the keys with '\n' (plus a final
// '\n' when the file ends with one) must give back the file byte for byte, and the reader must
// throw std::runtime_error exactly when some line is longer than maxKeyBytes.
#include "core/key_reader.h"
#include "fuzz/fuzz_support.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

using bloomlab::fuzz::check;

namespace {

int memoryFile() {
    static const int fd = memfd_create("bloomlab-fuzz-keys", 0);
    return fd;
}

std::size_t longestLine(std::string_view text) {
    std::size_t longest = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        longest = std::max(longest, end - start);
        start = end + 1;
    }
    return longest;
}

} // namespace

constexpr std::size_t kReaderBufferBytes = std::size_t{1} << 20;  // KeyReader's chunk size

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) {
        return 0;
    }
    const bool straddle = data[1] >= 0x80;
    // Plain mode: maxKeyBytes 1..128 (byte 0 < 0x80) or the default. Straddle mode: 4096 +
    // 32 x byte 0 (4 KiB .. 12 KiB), so a line crossing the buffer edge can exceed it.
    const std::size_t maxKeyBytes = straddle         ? 4096 + std::size_t{data[0]} * 32
                                    : data[0] < 0x80 ? std::size_t{data[0]} + 1
                                                     : bloomlab::KeyReader::kDefaultMaxKeyBytes;
    static std::string file;  // reused: keeps its capacity, so no fresh pages per input
    file.clear();
    if (straddle) {
        // Filler lines of 4095 'f's (256 keys per MiB: cheap to read under instrumentation).
        const std::size_t prefix = kReaderBufferBytes - (data[1] & 0x7F);
        while (file.size() < prefix) {
            file.append(std::min<std::size_t>(4095, prefix - file.size()), 'f');
            if (file.size() < prefix) {
                file.push_back('\n');
            }
        }
    }
    file.append(reinterpret_cast<const char*>(data + 2), size - 2);
    const std::string_view content(file);

    const int fd = memoryFile();
    check(fd >= 0, "memfd_create failed");
    check(ftruncate(fd, 0) == 0, "ftruncate failed");
    check(pwrite(fd, content.data(), content.size(), 0) == static_cast<ssize_t>(content.size()),
          "pwrite failed");
    const std::string path = "/proc/self/fd/" + std::to_string(fd);

    const bool tooLong = !content.empty() && longestLine(content) > maxKeyBytes;
    static std::string joined;
    joined.clear();
    std::string key;
    std::uint64_t keys = 0;
    bool threw = false;
    try {
        bloomlab::KeyReader reader(path, maxKeyBytes);
        while (reader.next(key)) {
            check(key.size() <= maxKeyBytes, "KeyReader returned a key longer than maxKeyBytes");
            if (keys > 0) {
                joined.push_back('\n');
            }
            joined += key;
            ++keys;
            check(reader.keysRead() == keys, "keysRead() does not count the keys returned");
        }
    } catch (const std::runtime_error& e) {
        check(e.what()[0] != '\0', "empty error message");
        threw = true;
    }
    check(threw == tooLong, threw ? "KeyReader threw on a file without an over-long key"
                                  : "KeyReader accepted a key longer than maxKeyBytes");
    if (!threw) {
        if (!content.empty() && content.back() == '\n') {
            joined.push_back('\n');
        }
        check(joined == content, "keys joined by '\\n' do not reproduce the file");
    }
    return 0;
}
