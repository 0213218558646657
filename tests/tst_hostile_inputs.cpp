// Hostile and huge inputs (docs/pitfalls.md #9, #10).
//
// This executable replaces the global operator new/delete with a thin malloc/free wrapper that
// records the largest single request while "tracking" is on, and refuses (std::bad_alloc, never
// reaching malloc) any request above 4 GiB. That lets the tests state "refused before any
// allocation" precisely: while a hostile file is parsed, no single allocation may exceed
// 2 x the file's size + 1 MiB (what copying and decoding the file itself can need).
//
//   absurdHeaderFields   every byte offset of the header and parameter block of a saved filter
//                        of each type, overwritten with 1/2/4/8-byte extremes (0, 2^31, 2^32-1,
//                        2^60, 2^63, 2^64-1) and the checksum recomputed, so the claim reaches
//                        the size validation: deserializeFilter() must throw FilterIoError (or
//                        accept a harmless field) and stay within the allocation bound.
//   truncationsAndBitFlips  every truncation and every single-bit flip of each type's file is
//                        refused with FilterIoError.
//   unsupportedVersion   versions 0, 2, 3, 255, 65535 give "unsupported version N" (checksum
//                        left stale or recomputed; from memory and from a file).
//   sparseHugeFile       a 64 GiB sparse file with a valid header is refused by loadFilter()
//                        without reading it (allocation bound), and /dev/zero is refused.
//   parquetHostile       hand-made Thrift headers: lying lengths, negative/zero/odd sizes,
//                        deeply nested structs, endless varints; plus a blob written by hand per
//                        the Parquet spec must import.
//   hugeKeyStream        a generator thread pushes a multi-GB key stream through a pipe into
//                        KeyReader; the keys arrive intact (count + XXH64 sum) and the resident
//                        set stays flat (sampled VmRSS peak - baseline <= 32 MiB). Default 3 GiB
//                        (1 GiB under a sanitizer); BLOOMLAB_STREAM_MB=<MiB> overrides.
//   overlongKeyStream    a 256 MiB line through a pipe with maxKeyBytes = 1 MiB is refused
//                        ("longer than") after reading ~1 MiB, with flat memory.
//   cliStreamsHugeKeyInput  `bloomlab-cli build --keys -` fed a third of that stream on stdin
//                        counts every key and its peak RSS (wait4) stays within 32 MiB of the
//                        same build fed 1 MiB.
//   longAndBinaryKeys    1 MiB keys, keys differing only in their last/middle/first byte, all
//                        256 one-byte keys, NUL/CR/LF/0xFF keys and the empty key, in every
//                        filter type: all found, erase works where supported, and a filter
//                        holding one 1 MiB key says "no" for its one-byte variants (the whole
//                        key is hashed). KeyReader reads them back from a file byte for byte,
//                        and (when the CLI has `build`/`query`) a CLI round trip finds them all.
//   seedCorpusLoads      fuzz/corpus/*/valid_* still load (the corpus follows the format).
//   headerFirstRead      2 GiB of zeros (a counting source, a sparse file) and a valid header in a
//                        2 GiB file are refused after at most kMaxFilterHeaderBytes were read;
//                        a FIFO is refused at once.
//   itemCountAgainstFill items = 2^60 with an empty table is refused for every Bloom layout.
//   saveDoesNotCopyThePayload  saveFilter streams the payload: no allocation near its size.
#ifndef Q_MOC_RUN  // moc (Qt 6.4) cannot parse the C++20 concepts these pull in; it needs none of them
#include "core/any_filter.h"
#include "core/blocked_bloom_filter.h"
#include "core/filter_io.h"
#include "core/hashing.h"
#include "core/key_reader.h"
#include "test_support.h"
#endif

#include <QtTest/QtTest>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <new>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <typeinfo>
#include <vector>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define BLOOMLAB_UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define BLOOMLAB_UNDER_SANITIZER 1
#endif
#endif
#ifndef BLOOMLAB_UNDER_SANITIZER
#define BLOOMLAB_UNDER_SANITIZER 0
#endif

// ---- allocation tracking (global operator new/delete replacement) --------------------------

namespace {

std::atomic<bool> g_tracking{false};
std::atomic<std::size_t> g_largestRequest{0};
constexpr std::size_t kRefuseAbove = std::size_t{4} << 30;

void* trackedAllocate(std::size_t size, std::size_t alignment) {
    if (g_tracking.load(std::memory_order_relaxed)) {
        std::size_t seen = g_largestRequest.load(std::memory_order_relaxed);
        while (size > seen && !g_largestRequest.compare_exchange_weak(seen, size)) {
        }
    }
    if (size > kRefuseAbove) {
        throw std::bad_alloc();
    }
    void* p = nullptr;
    if (alignment <= alignof(std::max_align_t)) {
        p = std::malloc(size == 0 ? 1 : size);
    } else if (posix_memalign(&p, alignment, size == 0 ? alignment : size) != 0) {
        p = nullptr;
    }
    if (p == nullptr) {
        throw std::bad_alloc();
    }
    return p;
}

/// Largest single allocation made by fn(); returns it (tracking is not reentrant).
std::size_t largestAllocationDuring(const std::function<void()>& fn) {
    g_largestRequest.store(0);
    g_tracking.store(true);
    try {
        fn();
    } catch (...) {
        g_tracking.store(false);
        throw;
    }
    g_tracking.store(false);
    return g_largestRequest.load();
}

} // namespace

void* operator new(std::size_t size) { return trackedAllocate(size, 0); }
void* operator new[](std::size_t size) { return trackedAllocate(size, 0); }
void* operator new(std::size_t size, std::align_val_t al) { return trackedAllocate(size, static_cast<std::size_t>(al)); }
void* operator new[](std::size_t size, std::align_val_t al) { return trackedAllocate(size, static_cast<std::size_t>(al)); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    try { return trackedAllocate(size, 0); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    try { return trackedAllocate(size, 0); } catch (...) { return nullptr; }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

using namespace bloomlab;
namespace fs = std::filesystem;

namespace {

using Bytes = std::vector<std::uint8_t>;

struct Sample {
    const char* name;
    FilterSpec spec;
    unsigned keys;
};

/// Small filters of every type (files of a few hundred bytes, so exhaustive edits stay fast).
std::vector<Sample> samples() {
    return {
        {"classic", {.type = FilterType::Classic, .capacity = 100, .fpr = 0.01, .seed = 7}, 100},
        {"blocked", {.type = FilterType::Blocked, .capacity = 100, .fpr = 0.01}, 100},
        {"counting", {.type = FilterType::Counting, .capacity = 60, .fpr = 0.05}, 60},
        {"scalable", {.type = FilterType::Scalable, .capacity = 20, .fpr = 0.05, .maxLayers = 4}, 50},
        {"cuckoo8", {.type = FilterType::Cuckoo, .capacity = 40, .fpr = 0.05, .fingerprintBits = 8}, 40},
        {"cuckoo12", {.type = FilterType::Cuckoo, .capacity = 40, .fpr = 0.01, .fingerprintBits = 12}, 40},
        {"cuckoo16", {.type = FilterType::Cuckoo, .capacity = 40, .fpr = 0.001, .fingerprintBits = 16}, 40},
    };
}

Bytes sampleBytes(const Sample& sample) {
    AnyFilter filter = AnyFilter::create(sample.spec);
    for (unsigned i = 0; i < sample.keys; ++i) {
        filter.insert("key-" + std::to_string(i));
    }
    return serializeFilter(filter);
}

std::uint64_t readLe(const Bytes& bytes, std::size_t offset, unsigned width) {
    std::uint64_t value = 0;
    for (unsigned i = 0; i < width; ++i) {
        value |= std::uint64_t{bytes[offset + i]} << (8 * i);
    }
    return value;
}

void writeLe(Bytes& bytes, std::size_t offset, unsigned width, std::uint64_t value) {
    for (unsigned i = 0; i < width; ++i) {
        bytes[offset + i] = static_cast<std::uint8_t>(value >> (8 * i));
    }
}

void fixChecksum(Bytes& bytes) {
    const std::size_t body = bytes.size() - 8;
    writeLe(bytes, body, 8, xxh64(std::string_view(reinterpret_cast<const char*>(bytes.data()), body), 0));
}

std::size_t allocationBound(std::size_t inputBytes) { return 2 * inputBytes + (std::size_t{1} << 20); }

enum class Outcome { Refused, Accepted, OtherException };

struct LoadResult {
    Outcome outcome = Outcome::Refused;
    std::string message;
    std::size_t largestAllocation = 0;
};

LoadResult tryDeserialize(const Bytes& bytes) {
    LoadResult result;
    result.largestAllocation = largestAllocationDuring([&] {
        try {
            const AnyFilter filter = deserializeFilter(bytes);
            result.outcome = Outcome::Accepted;
        } catch (const FilterIoError& e) {
            result.outcome = Outcome::Refused;
            result.message = e.what();
        } catch (const std::exception& e) {
            result.outcome = Outcome::OtherException;
            result.message = std::string(typeid(e).name()) + ": " + e.what();
        }
    });
    return result;
}

void writeFile(const fs::path& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string asString(const Bytes& bytes) { return {bytes.begin(), bytes.end()}; }

/// Resident set size now, from /proc/self/statm (pages -> bytes).
std::uint64_t residentBytes() {
    std::ifstream statm("/proc/self/statm");
    std::uint64_t sizePages = 0;
    std::uint64_t residentPages = 0;
    statm >> sizePages >> residentPages;
    return residentPages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

struct Pipe {
    int readFd = -1;
    int writeFd = -1;
    Pipe() {
        int fds[2];
        if (pipe(fds) == 0) {
            readFd = fds[0];
            writeFd = fds[1];
            fcntl(writeFd, F_SETPIPE_SZ, 1 << 20);  // fewer context switches; best effort
        }
    }
    ~Pipe() {
        closeRead();
        closeWrite();
    }
    void closeRead() {
        if (readFd >= 0) {
            close(readFd);
            readFd = -1;
        }
    }
    void closeWrite() {
        if (writeFd >= 0) {
            close(writeFd);
            writeFd = -1;
        }
    }
    std::string readPath() const { return "/proc/self/fd/" + std::to_string(readFd); }
};

bool writeAll(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t n = write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;  // EPIPE once the reader gave up
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

struct KeyStream {
    std::uint64_t keys = 0;
    std::uint64_t sum = 0;  ///< sum of XXH64 of the keys
    std::uint64_t bytes = 0;
};

/// Writes at least totalBytes of keys to fd in 1 MiB chunks (stops early if the reader goes):
/// key i = its index as 8 binary bytes ('\n' bytes turned into 0x0b) + (i mod 48) filler bytes
/// that include NUL, CR and 0xff.
KeyStream writeKeyStream(int fd, std::uint64_t totalBytes) {
    static const char kFiller[] = "\0\r\xff" "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ";
    KeyStream sent;
    std::string chunk;
    chunk.reserve((1 << 20) + 64);
    char key[64];
    while (sent.bytes < totalBytes) {
        chunk.clear();
        KeyStream inChunk;
        while (chunk.size() < (1 << 20)) {
            std::uint64_t index = sent.keys + inChunk.keys;
            for (int b = 0; b < 8; ++b, index >>= 8) {
                const char c = static_cast<char>(index & 0xff);
                key[b] = c == '\n' ? '\x0b' : c;
            }
            const std::size_t filler = (sent.keys + inChunk.keys) % 48;
            std::memcpy(key + 8, kFiller, filler);
            const std::string_view k(key, 8 + filler);
            inChunk.sum += xxh64(k);
            ++inChunk.keys;
            chunk.append(k);
            chunk.push_back('\n');
        }
        if (!writeAll(fd, chunk.data(), chunk.size())) {
            break;
        }
        sent.keys += inChunk.keys;
        sent.sum += inChunk.sum;
        sent.bytes += chunk.size();
    }
    return sent;
}

/// Runs `argv` with stdin fed by writeKeyStream(totalBytes) through a pipe, stdout and stderr
/// captured in `output`; returns the exit status and the child's peak RSS (wait4 ru_maxrss).
struct ChildRun {
    int exitCode = -1;
    std::uint64_t maxRssBytes = 0;
    KeyStream sent;
    std::string output;
};

ChildRun runWithKeyStream(const std::vector<std::string>& argv, std::uint64_t totalBytes,
                          const fs::path& outputFile) {
    ChildRun run;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        return run;
    }
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[0], 0);
        const int out = open(outputFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(out, 1);
        dup2(out, 2);
        std::vector<char*> args;
        for (const std::string& a : argv) {
            args.push_back(const_cast<char*>(a.c_str()));
        }
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    close(fds[0]);
    run.sent = writeKeyStream(fds[1], totalBytes);
    close(fds[1]);
    int status = 0;
    rusage usage{};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.maxRssBytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
    std::ifstream in(outputFile);
    run.output.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return run;
}

std::uint64_t streamMegabytes() {
    if (const char* env = std::getenv("BLOOMLAB_STREAM_MB")) {
        const long long value = std::atoll(env);
        if (value > 0) {
            return static_cast<std::uint64_t>(value);
        }
    }
    return BLOOMLAB_UNDER_SANITIZER ? 1024 : 3072;
}

/// Keys every filter must hold: empty, binary, all single bytes, 1 MiB keys and near twins.
std::vector<std::string> awkwardKeys() {
    using namespace std::string_literals;
    std::vector<std::string> keys = {""s, "\0"s, "\0\0"s, "a\0b"s, "\r"s, "\r\n"s, "\n"s, "\xff\xfe"s,
                                     "caf\xc3\xa9"s, std::string(1000, '\0')};
    for (int c = 0; c < 256; ++c) {
        keys.emplace_back(1, static_cast<char>(c));
    }
    std::mt19937_64 rng(42);
    std::string big(std::size_t{1} << 20, '\0');
    for (char& c : big) {
        c = static_cast<char>(rng());
    }
    keys.push_back(big);
    std::string twin = big;
    twin.back() = static_cast<char>(twin.back() ^ 1);
    keys.push_back(twin);
    keys.push_back(big + "x");
    keys.push_back(std::string(std::size_t{1} << 20, '\n'));
    keys.push_back(std::string(std::size_t{1} << 20, '\0'));
    return keys;
}

} // namespace

class TestHostileInputs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { signal(SIGPIPE, SIG_IGN); }

    void absurdHeaderFields() {
        const std::uint64_t extremes[] = {0, 1ULL << 31, 0xFFFFFFFFULL, 1ULL << 32, 1ULL << 60,
                                          1ULL << 63, ~0ULL};
        for (const Sample& sample : samples()) {
            const Bytes original = sampleBytes(sample);
            QVERIFY(original.size() > 40);
            const std::uint64_t paramBytes = readLe(original, 12, 4);
            QVERIFY2(paramBytes <= 4096, "parameter block length out of the documented range");
            // Header (magic excluded) + parameters + payload length field.
            const std::size_t end = std::min<std::size_t>(24 + paramBytes + 8, original.size() - 8);
            std::size_t refused = 0;
            std::size_t accepted = 0;
            std::size_t largest = 0;
            for (std::size_t offset = 8; offset < end; ++offset) {
                for (unsigned width : {1U, 2U, 4U, 8U}) {
                    if (offset + width > original.size() - 8) {
                        continue;
                    }
                    for (std::uint64_t value : extremes) {
                        Bytes edited = original;
                        writeLe(edited, offset, width, value);
                        if (edited == original) {
                            continue;
                        }
                        fixChecksum(edited);
                        const LoadResult r = tryDeserialize(edited);
                        largest = std::max(largest, r.largestAllocation);
                        const QByteArray where = QStringLiteral("%1: offset %2 width %3 value %4: %5")
                                                     .arg(sample.name).arg(offset).arg(width)
                                                     .arg(value).arg(QString::fromStdString(r.message))
                                                     .toUtf8();
                        QVERIFY2(r.outcome != Outcome::OtherException, where.constData());
                        QVERIFY2(r.largestAllocation <= allocationBound(edited.size()), where.constData());
                        if (r.outcome == Outcome::Refused) {
                            QVERIFY2(!r.message.empty(), where.constData());
                            ++refused;
                        } else {
                            ++accepted;
                        }
                    }
                }
            }
            qInfo("%s (%zu bytes): %zu edited headers refused, %zu accepted (harmless fields), "
                  "largest allocation %zu bytes", sample.name, original.size(), refused, accepted, largest);
            QVERIFY(refused > 0);
        }
    }

    void truncationsAndBitFlips() {
        for (const Sample& sample : samples()) {
            const Bytes original = sampleBytes(sample);
            QCOMPARE(tryDeserialize(original).outcome, Outcome::Accepted);
            for (std::size_t length = 0; length < original.size(); ++length) {
                const Bytes cut(original.begin(), original.begin() + static_cast<std::ptrdiff_t>(length));
                const LoadResult r = tryDeserialize(cut);
                const QByteArray where =
                    QStringLiteral("%1 truncated to %2 bytes: %3").arg(sample.name).arg(length)
                        .arg(QString::fromStdString(r.message)).toUtf8();
                QVERIFY2(r.outcome == Outcome::Refused, where.constData());
                QVERIFY2(r.largestAllocation <= allocationBound(original.size()), where.constData());
            }
            for (std::size_t bit = 0; bit < original.size() * 8; ++bit) {
                Bytes flipped = original;
                flipped[bit / 8] = static_cast<std::uint8_t>(flipped[bit / 8] ^ (1U << (bit % 8)));
                const LoadResult r = tryDeserialize(flipped);
                const QByteArray where = QStringLiteral("%1 with bit %2 flipped: %3").arg(sample.name)
                                             .arg(bit).arg(QString::fromStdString(r.message)).toUtf8();
                QVERIFY2(r.outcome == Outcome::Refused, where.constData());
            }
        }
    }

    void unsupportedVersion() {
        const Bytes original = sampleBytes(samples().front());
        QCOMPARE(readLe(original, 8, 2), std::uint64_t{kFilterFormatVersion});
        QTemporaryDir dir;
        // Versions 2 (a filter that grows) and 3 (the local cuckoo layout) are read since they
        // exist: 4 is the first unknown one.
        for (std::uint64_t version : {0ULL, 4ULL, 5ULL, 255ULL, 65535ULL}) {
            for (bool recomputeChecksum : {false, true}) {
                Bytes edited = original;
                writeLe(edited, 8, 2, version);
                if (recomputeChecksum) {
                    fixChecksum(edited);
                }
                const std::string expected = "unsupported version " + std::to_string(version);
                const LoadResult r = tryDeserialize(edited);
                QVERIFY2(r.outcome == Outcome::Refused, expected.c_str());
                QVERIFY2(r.message.find(expected) != std::string::npos,
                         ("message '" + r.message + "' lacks '" + expected + "'").c_str());

                const fs::path path = fs::path(dir.path().toStdString()) / "future.blf";
                writeFile(path, asString(edited));
                try {
                    (void)loadFilter(path);
                    QFAIL("loadFilter accepted another format version");
                } catch (const FilterIoError& e) {
                    QVERIFY2(std::string(e.what()).find(expected) != std::string::npos, e.what());
                }
            }
        }
    }

    void sparseHugeFile() {
        QTemporaryDir dir;
        const fs::path path = fs::path(dir.path().toStdString()) / "huge.blf";
        const Bytes header = sampleBytes(samples().front());
        writeFile(path, asString(header));
        fs::resize_file(path, std::uintmax_t{64} << 30);  // sparse: no disk used
        std::string message;
        const std::size_t largest = largestAllocationDuring([&] {
            try {
                (void)loadFilter(path);
            } catch (const FilterIoError& e) {
                message = e.what();
            }
        });
        qInfo("64 GiB sparse file: '%s'; largest allocation %zu bytes", message.c_str(), largest);
        QVERIFY2(!message.empty(), "a 64 GiB file was accepted");
        QVERIFY(largest <= allocationBound(header.size()));

        // A device that never ends: must be refused, not read until memory runs out.
        message.clear();
        std::size_t devLargest = 0;
        try {
            devLargest = largestAllocationDuring([&] {
                try {
                    (void)loadFilter("/dev/zero");
                } catch (const FilterIoError& e) {
                    message = e.what();
                }
            });
        } catch (const std::bad_alloc&) {
            QFAIL("loadFilter('/dev/zero') kept allocating (over 4 GiB requested)");
        }
        qInfo("/dev/zero: '%s'; largest allocation %zu bytes", message.c_str(), devLargest);
        QVERIFY2(!message.empty(), "/dev/zero was accepted as a filter");
        QVERIFY(devLargest <= allocationBound(0) + (std::size_t{16} << 20));
    }

    // The header-first read: a source that counts what the loader asks for. A file of zeros that
    // claims 2 GiB, and a valid header whose declared sizes disagree with a 2 GiB file size, are
    // refused after the header (at most kMaxFilterHeaderBytes read, nothing large allocated).
    void headerFirstRead() {
        std::uint64_t readBytes = 0;
        const auto zeros = [&](std::span<std::uint8_t> buffer) {
            std::fill(buffer.begin(), buffer.end(), std::uint8_t{0});
            readBytes += buffer.size();
            return buffer.size();
        };
        std::string message;
        std::size_t largest = largestAllocationDuring([&] {
            message = bloomlab::test::errorOf([&] { (void)readFilter(std::uint64_t{2} << 30, zeros); }).toStdString();
        });
        qInfo("2 GiB of zeros through readFilter: read %llu bytes, largest allocation %zu: '%s'",
              static_cast<unsigned long long>(readBytes), largest, message.c_str());
        QVERIFY(message.find("bad magic") != std::string::npos);
        QVERIFY(readBytes <= kMaxFilterHeaderBytes);
        QVERIFY(largest <= (std::size_t{1} << 20));

        const Bytes valid = sampleBytes(samples().front());
        readBytes = 0;
        const auto validThenZeros = [&](std::span<std::uint8_t> buffer) {
            for (std::size_t i = 0; i < buffer.size(); ++i)
                buffer[i] = readBytes + i < valid.size() ? valid[readBytes + i] : 0;
            readBytes += buffer.size();
            return buffer.size();
        };
        largest = largestAllocationDuring([&] {
            message = bloomlab::test::errorOf([&] { (void)readFilter(std::uint64_t{2} << 30, validThenZeros); })
                          .toStdString();
        });
        qInfo("valid header, 2 GiB file: read %llu bytes, largest allocation %zu: '%s'",
              static_cast<unsigned long long>(readBytes), largest, message.c_str());
        QVERIFY(message.find("unexpected bytes after the payload") != std::string::npos);
        QVERIFY(readBytes <= kMaxFilterHeaderBytes);
        QVERIFY(largest <= (std::size_t{1} << 20));

        // The same through loadFilter on a sparse 2 GiB file of zeros, and on a FIFO (no hang).
        QTemporaryDir dir;
        const fs::path path = fs::path(dir.path().toStdString()) / "zeros.blf";
        writeFile(path, "");
        fs::resize_file(path, std::uintmax_t{2} << 30);
        largest = largestAllocationDuring([&] {
            message = bloomlab::test::errorOf([&] { (void)loadFilter(path); }).toStdString();
        });
        qInfo("sparse 2 GiB zero file: largest allocation %zu: '%s'", largest, message.c_str());
        QVERIFY(message.find("bad magic") != std::string::npos);
        QVERIFY(largest <= (std::size_t{1} << 20));
        const fs::path fifo = fs::path(dir.path().toStdString()) / "filter.fifo";
        QCOMPARE(mkfifo(fifo.c_str(), 0644), 0);
        message = bloomlab::test::errorOf([&] { (void)loadFilter(fifo); }).toStdString();
        QVERIFY2(message.find("is a FIFO (named pipe), not a regular file") != std::string::npos,
                 message.c_str());
    }

    // A stored item count the table contradicts (items > 0, nothing set) is refused, for every
    // Bloom-type layout; the same file with items = 0 loads. (Cuckoo: fromTable requires items
    // to equal the occupied slots.)
    void itemCountAgainstFill() {
        struct Case {
            const char* name;
            FilterSpec spec;
            std::size_t itemsOffset;
        };
        const Case cases[] = {
            {"classic", {.type = FilterType::Classic, .capacity = 100, .fpr = 0.01}, 24 + 28},
            {"blocked", {.type = FilterType::Blocked, .capacity = 100, .fpr = 0.01}, 24 + 24},
            {"counting", {.type = FilterType::Counting, .capacity = 100, .fpr = 0.01}, 24 + 28},
            {"scalable", {.type = FilterType::Scalable, .capacity = 100, .fpr = 0.01}, 24 + 48 + 28},
        };
        for (const Case& c : cases) {
            Bytes bytes = serializeFilter(AnyFilter::create(c.spec));
            QCOMPARE(readLe(bytes, c.itemsOffset, 8), std::uint64_t{0});
            (void)deserializeFilter(bytes);
            writeLe(bytes, c.itemsOffset, 8, std::uint64_t{1} << 60);
            fixChecksum(bytes);
            const LoadResult r = tryDeserialize(bytes);
            qInfo("%s, items = 2^60, empty table: '%s'", c.name, r.message.c_str());
            QVERIFY2(r.outcome == Outcome::Refused, c.name);
            QVERIFY(r.message.find("1152921504606846976 items but its table is empty") != std::string::npos);
        }
    }

    // Saving streams the payload from the filter's own memory: no allocation near its size.
    void saveDoesNotCopyThePayload() {
        QTemporaryDir dir;
        for (FilterType type : {FilterType::Classic, FilterType::Blocked, FilterType::Counting,
                                FilterType::Scalable, FilterType::Cuckoo}) {
            AnyFilter filter = AnyFilter::create({.type = type, .capacity = 2000000, .fpr = 0.01});
            for (int i = 0; i < 1000; ++i) filter.insert("key-" + std::to_string(i));
            const fs::path path = fs::path(dir.path().toStdString()) / "big.blf";
            const std::size_t largest = largestAllocationDuring([&] { saveFilter(filter, path); });
            const auto size = fs::file_size(path);
            qInfo("%s: saved %llu bytes, largest allocation during the save %zu bytes",
                  filterTypeName(type).data(), static_cast<unsigned long long>(size), largest);
            QVERIFY(size > (std::uintmax_t{1} << 20));
            QVERIFY(largest < (std::size_t{64} << 10));
            QCOMPARE(asString(serializeFilter(filter)), [&] {
                std::ifstream in(path, std::ios::binary);
                return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
            }());
        }
    }

    void parquetHostile() {
        // BloomFilterHeader, Thrift compact protocol, written by hand from parquet.thrift:
        // 1: i32 numBytes (0x15 + zigzag varint); 2: algorithm {1: BLOCK {}}; 3: hash
        // {1: XXHASH {}}; 4: compression {1: UNCOMPRESSED {}}; stop.
        const auto header = [](std::uint64_t zigzagVarintBytes) {
            std::string h = "\x15";
            std::uint64_t v = zigzagVarintBytes;
            do {
                h.push_back(static_cast<char>((v & 0x7F) | (v > 0x7F ? 0x80 : 0)));
                v >>= 7;
            } while (v != 0);
            h += std::string("\x1c\x1c\x00\x00\x1c\x1c\x00\x00\x1c\x1c\x00\x00\x00", 13);
            return h;
        };
        const auto zigzag = [](std::int64_t n) {
            return static_cast<std::uint64_t>((n << 1) ^ (n >> 63));
        };
        const auto asBlob = [](const std::string& s) {
            return Bytes(s.begin(), s.end());
        };
        const std::string bitset(32, '\x5a');

        // A blob written from the spec (not by our exporter) must import.
        BlockedBloomFilter imported = importParquetBloomFilter(asBlob(header(zigzag(32)) + bitset));
        QCOMPARE(imported.numBlocks(), std::uint64_t{1});
        QCOMPARE(asString(imported.bitsetBytes()), bitset);

        const std::vector<std::pair<const char*, std::string>> hostile = {
            {"empty", ""},
            {"numBytes INT32_MAX, 32 bytes follow", header(zigzag(0x7FFFFFFF)) + bitset},
            {"numBytes negative", header(zigzag(-32)) + bitset},
            {"numBytes zero", header(zigzag(0))},
            {"numBytes 33 (not whole blocks)", header(zigzag(33)) + bitset + "x"},
            {"numBytes 64, 32 bytes follow", header(zigzag(64)) + bitset},
            {"numBytes beyond i32", header(zigzag(std::int64_t{1} << 40)) + bitset},
            {"endless varint", "\x15" + std::string(64, '\xff')},
            {"nested structs 100k deep", std::string(100'000, '\x1c')},
            {"header only, no stop", std::string("\x15\x40\x1c\x1c\x00\x00", 6)},
            {"list claiming 2^32-1 struct elements", std::string("\x19\xfc\xff\xff\xff\x0f", 6) + bitset},
        };
        for (const auto& [name, blob] : hostile) {
            std::string message;
            bool other = false;
            const std::size_t largest = largestAllocationDuring([&] {
                try {
                    (void)importParquetBloomFilter(asBlob(blob));
                } catch (const FilterIoError& e) {
                    message = e.what();
                } catch (const std::exception& e) {
                    other = true;
                    message = e.what();
                }
            });
            const QByteArray where = QStringLiteral("%1: '%2', largest allocation %3")
                                         .arg(name, QString::fromStdString(message)).arg(largest).toUtf8();
            QVERIFY2(!other && !message.empty(), where.constData());
            QVERIFY2(largest <= allocationBound(blob.size()), where.constData());
        }
    }

    void hugeKeyStream() {
        const std::uint64_t totalBytes = streamMegabytes() << 20;
        Pipe pipe;
        QVERIFY(pipe.readFd >= 0);
        KeyStream sent;
        std::thread generator([&] {
            sent = writeKeyStream(pipe.writeFd, totalBytes);
            pipe.closeWrite();
        });

        const std::uint64_t baseline = residentBytes();
        std::uint64_t peak = baseline;
        std::uint64_t receivedKeys = 0;
        std::uint64_t readerCount = 0;
        std::uint64_t receivedSum = 0;
        std::uint64_t receivedBytes = 0;
        std::string error;
        const auto start = std::chrono::steady_clock::now();
        try {
            KeyReader reader(pipe.readPath());
            std::string key;
            while (reader.next(key)) {
                receivedSum += xxh64(key);
                receivedBytes += key.size() + 1;
                if ((++receivedKeys & 0xFFFFF) == 0) {
                    peak = std::max(peak, residentBytes());
                }
            }
            readerCount = reader.keysRead();
        } catch (const std::exception& e) {
            error = e.what();
        }
        peak = std::max(peak, residentBytes());
        pipe.closeRead();  // unblocks the generator if reading stopped early
        generator.join();
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(readerCount, receivedKeys);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        qInfo("key stream through a pipe: %.2f GiB, %llu keys in %.1f s (%.0f MiB/s); RSS baseline "
              "%.1f MiB, peak %.1f MiB (+%.2f MiB)", receivedBytes / double(1ULL << 30),
              static_cast<unsigned long long>(receivedKeys), seconds, receivedBytes / seconds / (1 << 20),
              baseline / double(1 << 20), peak / double(1 << 20), (peak - baseline) / double(1 << 20));
        QCOMPARE(receivedKeys, sent.keys);
        QCOMPARE(receivedSum, sent.sum);
        QVERIFY(receivedBytes >= totalBytes);
        QVERIFY2(peak - baseline <= (std::uint64_t{32} << 20), "memory grew while streaming keys");
    }

    void overlongKeyStream() {
        Pipe pipe;
        QVERIFY(pipe.readFd >= 0);
        std::uint64_t written = 0;
        std::thread generator([&] {
            const std::string chunk(1 << 20, 'x');
            for (int i = 0; i < 256 && writeAll(pipe.writeFd, chunk.data(), chunk.size()); ++i) {
                written += chunk.size();
            }
            pipe.closeWrite();
        });
        const std::uint64_t baseline = residentBytes();
        std::string message;
        try {
            KeyReader reader(pipe.readPath(), std::size_t{1} << 20);
            std::string key;
            while (reader.next(key)) {
            }
        } catch (const std::runtime_error& e) {
            message = e.what();
        }
        const std::uint64_t after = residentBytes();
        pipe.closeRead();  // the generator now gets EPIPE and stops
        generator.join();
        qInfo("256 MiB line, maxKeyBytes 1 MiB: '%s' after the writer sent %.1f MiB; RSS +%.2f MiB",
              message.c_str(), written / double(1 << 20), (after - baseline) / double(1 << 20));
        QVERIFY2(message.find("longer than") != std::string::npos, message.c_str());
        QVERIFY(after - baseline <= (std::uint64_t{32} << 20));
    }

    void cliStreamsHugeKeyInput() {
        // `bloomlab-cli build --keys -` fed a long key stream on stdin: the CLI's peak RSS must
        // not grow with the input (compared with the same build fed 1 MiB; bound 32 MiB).
        const std::string cli = BLOOMLAB_CLI_PATH;
        if (!fs::exists(cli)) {
            QSKIP("bloomlab-cli is not built");
        }
        QTemporaryDir dir;
        const fs::path base(dir.path().toStdString());
        const auto build = [&](std::uint64_t bytes) {
            return runWithKeyStream({cli, "build", "--type", "blocked", "-n", "1000000", "-p", "0.01",
                                     "--keys", "-", "--out", (base / "stream.blf").string()},
                                    bytes, base / "cli-output.txt");
        };
        const ChildRun small = build(std::uint64_t{1} << 20);
        QVERIFY2(small.exitCode == 0, small.output.c_str());
        const std::uint64_t bigBytes = (streamMegabytes() / 3) << 20;
        const ChildRun big = build(bigBytes);
        qInfo("bloomlab-cli build --keys -: %.0f MiB stdin (%llu keys) peak RSS %.1f MiB; 1 MiB stdin "
              "%.1f MiB", big.sent.bytes / double(1 << 20), static_cast<unsigned long long>(big.sent.keys),
              big.maxRssBytes / double(1 << 20), small.maxRssBytes / double(1 << 20));
        QVERIFY2(big.exitCode == 0, big.output.c_str());
        QVERIFY(big.sent.bytes >= bigBytes);
        const std::string expected = "from " + std::to_string(big.sent.keys) + " keys";
        QVERIFY2(big.output.find(expected) != std::string::npos,
                 ("CLI output lacks '" + expected + "': " + big.output).c_str());
        QVERIFY2(big.maxRssBytes <= small.maxRssBytes + (std::uint64_t{32} << 20),
                 "the CLI's memory grew with the size of its key input");
    }

    void longAndBinaryKeys_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<unsigned>("fingerprintBits");
        QTest::newRow("classic") << int(FilterType::Classic) << 0U;
        QTest::newRow("blocked") << int(FilterType::Blocked) << 0U;
        QTest::newRow("counting") << int(FilterType::Counting) << 0U;
        QTest::newRow("scalable") << int(FilterType::Scalable) << 0U;
        QTest::newRow("cuckoo8") << int(FilterType::Cuckoo) << 8U;
        QTest::newRow("cuckoo12") << int(FilterType::Cuckoo) << 12U;
        QTest::newRow("cuckoo16") << int(FilterType::Cuckoo) << 16U;
    }

    void longAndBinaryKeys() {
        QFETCH(int, type);
        QFETCH(unsigned, fingerprintBits);
        const FilterSpec spec{.type = static_cast<FilterType>(type), .capacity = 1000, .fpr = 0.01,
                              .fingerprintBits = fingerprintBits};
        const std::vector<std::string> keys = awkwardKeys();
        AnyFilter filter = AnyFilter::create(spec);
        for (const std::string& key : keys) {
            QVERIFY(filter.insert(key));
        }
        for (std::size_t i = 0; i < keys.size(); ++i) {
            QVERIFY2(filter.mightContain(keys[i]), ("false negative for awkward key #" + std::to_string(i)).c_str());
        }
        // Survives a save/load round trip.
        AnyFilter reloaded = deserializeFilter(serializeFilter(filter));
        for (const std::string& key : keys) {
            QVERIFY(reloaded.mightContain(key));
        }
        if (filter.supportsErase()) {
            for (const std::string& key : keys) {
                QVERIFY(filter.erase(key));
            }
            QCOMPARE(filter.stats().items, std::uint64_t{0});
        }

        // One 1 MiB key alone: its one-byte variants must be "no" (the whole key is hashed;
        // the chance of a false positive with one stored key is about 1e-4 or less per variant).
        std::string big = keys[keys.size() - 5];
        QCOMPARE(big.size(), std::size_t{1} << 20);
        AnyFilter single = AnyFilter::create(spec);
        QVERIFY(single.insert(big));
        for (std::size_t at : {big.size() - 1, big.size() / 2, std::size_t{0}}) {
            std::string variant = big;
            variant[at] = static_cast<char>(variant[at] ^ 0x20);
            QVERIFY2(!single.mightContain(variant), ("1 MiB key variant at byte " + std::to_string(at)).c_str());
        }
        QVERIFY(!single.mightContain(big.substr(0, big.size() - 1)));
    }

    void longAndBinaryKeysThroughKeyReaderAndCli() {
        // Keys without '\n' (the key-file separator), through a file, KeyReader and the CLI.
        std::vector<std::string> keys;
        for (const std::string& key : awkwardKeys()) {
            if (key.find('\n') == std::string::npos) {
                keys.push_back(key);
            }
        }
        QTemporaryDir dir;
        const fs::path keysPath = fs::path(dir.path().toStdString()) / "awkward.keys";
        std::string file;
        for (const std::string& key : keys) {
            file += key;
            file += '\n';
        }
        writeFile(keysPath, file);
        std::vector<std::string> read;
        forEachKey(keysPath.string(), [&](std::string_view key) { read.emplace_back(key); });
        QVERIFY(read == keys);

        const QString cli = QStringLiteral(BLOOMLAB_CLI_PATH);
        QProcess probe;
        probe.start(cli, {"build", "--help"});
        if (!probe.waitForFinished(60'000) || probe.exitCode() != 0) {
            QSKIP("bloomlab-cli has no working `build` command yet");
        }
        for (const char* type : {"classic", "blocked", "counting", "scalable", "cuckoo"}) {
            const QString out = dir.filePath(QStringLiteral("f-%1.blf").arg(type));
            QProcess build;
            build.start(cli, {"build", "--type", type, "-n", "1000", "-p", "0.01", "--keys",
                              QString::fromStdString(keysPath.string()), "--out", out});
            QVERIFY(build.waitForFinished(120'000));
            QVERIFY2(build.exitCode() == 0, build.readAllStandardError().constData());
            QProcess query;
            query.start(cli, {"query", out, "--keys", QString::fromStdString(keysPath.string()), "--count"});
            QVERIFY(query.waitForFinished(120'000));
            QVERIFY2(query.exitCode() == 0, query.readAllStandardError().constData());
            const QString output = QString::fromUtf8(query.readAllStandardOutput());
            const QString expected = QStringLiteral("maybe=%1 no=0").arg(keys.size());
            QVERIFY2(output.contains(expected), qPrintable(QStringLiteral("%1: '%2' lacks '%3'")
                                                               .arg(type, output.trimmed(), expected)));
        }
    }

    void seedCorpusLoads() {
        const fs::path corpus = fs::path(BLOOMLAB_SOURCE_DIR) / "fuzz" / "corpus";
        std::size_t filters = 0;
        std::size_t blobs = 0;
        if (fs::exists(corpus / "fuzz_filter_loader")) {
            for (const auto& entry : fs::directory_iterator(corpus / "fuzz_filter_loader")) {
                if (entry.path().filename().string().rfind("valid_", 0) != 0) {
                    continue;
                }
                try {
                    (void)loadFilter(entry.path());
                    ++filters;
                } catch (const FilterIoError& e) {
                    QFAIL(qPrintable(QStringLiteral("%1: %2 (regenerate: make_seed_corpus fuzz/corpus)")
                                         .arg(QString::fromStdString(entry.path().string()), e.what())));
                }
            }
        }
        if (fs::exists(corpus / "fuzz_parquet_import")) {
            for (const auto& entry : fs::directory_iterator(corpus / "fuzz_parquet_import")) {
                if (entry.path().filename().string().rfind("valid_", 0) != 0) {
                    continue;
                }
                std::ifstream in(entry.path(), std::ios::binary);
                const Bytes blob{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
                (void)importParquetBloomFilter(blob);
                ++blobs;
            }
        }
        qInfo("seed corpus: %zu filter files and %zu Parquet blobs load", filters, blobs);
        QVERIFY(filters >= 7);
        QVERIFY(blobs >= 1);
    }
};

QTEST_GUILESS_MAIN(TestHostileInputs)
#include "tst_hostile_inputs.moc"
