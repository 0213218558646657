// atomic_file: the output rule, POSIX temp + fsync + rename writes, non-blocking bounded reads
// and the signal-safe registry of temp paths (see atomic_file.h).
#include "core/atomic_file.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <stdexcept>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace bloomlab {

namespace {

[[noreturn]] void fail(const std::string& message) {
    throw FilterIoError(message);
}

class Fd {
  public:
    explicit Fd(int fd) : m_fd(fd) {}
    ~Fd() {
        if (m_fd >= 0) ::close(m_fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }

  private:
    int m_fd;
};

std::string errnoText() {
    return std::strerror(errno);
}

void writeAll(int fd, std::span<const std::uint8_t> bytes, const std::string& context) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const std::size_t chunk = std::min<std::size_t>(bytes.size() - done, std::size_t{1} << 30);
        const ssize_t n = ::write(fd, bytes.data() + done, chunk);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(context + ": write failed: " + errnoText());
        }
        if (n == 0) fail(context + ": write made no progress");
        done += static_cast<std::size_t>(n);
    }
}

// ---- The registry of paths to remove on a signal ---------------------------------------------
// Fixed storage, no allocation: the handler only reads slots whose state is kReady and calls
// unlink/rmdir, both async-signal-safe.

constexpr int kSlotCount = 128;
constexpr std::size_t kSlotPathBytes = 4096;
constexpr int kFree = 0, kClaimed = 1, kReady = 2;

struct CleanupSlot {
    std::atomic<int> state{kFree};
    bool isDirectory = false;
    char path[kSlotPathBytes] = {};
};

CleanupSlot g_slots[kSlotCount];

void removeRegisteredPaths() noexcept {
    for (int pass = 0; pass < 2; ++pass) {  // files first, then the directories that held them
        for (CleanupSlot& slot : g_slots) {
            if (slot.state.load(std::memory_order_acquire) != kReady) continue;
            if (slot.isDirectory != (pass == 1)) continue;
            if (slot.isDirectory)
                ::rmdir(slot.path);
            else
                ::unlink(slot.path);
        }
    }
}

/// The write end of the live DeferredSignals' pipe (-1: none), and the signal it was handed.
std::atomic<int> g_deferPipe{-1};
std::atomic<int> g_deferredSignal{0};

extern "C" void removeTempPathsAndDie(int sig) {
    // The first signal while work can be cancelled goes to the watcher thread (write(2) is
    // async-signal-safe); the work cleans up and the caller ends the process.
    const int pipe = g_deferPipe.load();
    int none = 0;
    if (pipe >= 0 && g_deferredSignal.compare_exchange_strong(none, sig)) {
        const char byte = 1;
        const ssize_t written = ::write(pipe, &byte, 1);
        if (written == 1) return;
    }
    removeRegisteredPaths();
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

/// The directory a temp file for `path` goes in.
std::filesystem::path directoryOf(const std::filesystem::path& path) {
    std::filesystem::path dir = path.parent_path();
    return dir.empty() ? std::filesystem::path(".") : dir;
}

/// fchmod to the replaced file's permissions, fsync, close, rename over `path`, fsync the
/// directory. `fd` is the temp file's descriptor (closed here).
void commitTemp(Fd& fd, const std::string& tmpPath, const std::filesystem::path& path,
                const std::string& context) {
    struct stat old {};
    const mode_t mode =
        ::stat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode) ? (old.st_mode & 07777) : 0644;
    if (::fchmod(fd.get(), mode) != 0) fail(context + ": chmod failed: " + errnoText());
    if (::fsync(fd.get()) != 0) fail(context + ": fsync failed: " + errnoText());
    if (::close(fd.release()) != 0) fail(context + ": close failed: " + errnoText());
    // The target may have changed since the first check (a link or a FIFO put there meanwhile).
    checkOutputTarget(path);
    if (::rename(tmpPath.c_str(), path.c_str()) != 0)
        fail(context + ": rename failed: " + errnoText());
    // The rename is durable once the directory entry is on disk.
    const std::filesystem::path dir = directoryOf(path);
    const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        Fd dirHolder(dirFd);
        if (::fsync(dirFd) != 0 && errno != EINVAL && errno != EROFS)
            fail(context +
                 ": the file was written, but fsync of the directory failed: " + errnoText());
    }
}

/// mkstemps for a temp file next to `path`: ".<name>.tmp-XXXXXX<suffix>".
std::pair<int, std::string> createTemp(const std::filesystem::path& path, const std::string& suffix,
                                       const std::string& context) {
    if (path.empty() || !path.has_filename()) fail(context + ": not a file name");
    const std::filesystem::path dir = directoryOf(path);
    // Built by appending: GCC 12 at -O3 reports a false -Wrestrict for `"." + std::string`
    // (GCC bug 105329); the name is the same.
    std::string tmpName = path.filename().string();
    tmpName.insert(0, 1, '.');
    tmpName += ".tmp-XXXXXX";
    tmpName += suffix;
    std::string tmpl = (dir / tmpName).string();
    const int fd = ::mkstemps(tmpl.data(), static_cast<int>(suffix.size()));
    if (fd < 0)
        fail(context + ": cannot create a temporary file in '" + dir.string() +
             "': " + errnoText());
    return {fd, tmpl};
}

} // namespace

std::string fileKindName(unsigned mode) {
    if (S_ISREG(mode)) return "a regular file";
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISLNK(mode)) return "a symbolic link";
    return "not a regular file";
}

void checkOutputTarget(const std::filesystem::path& path,
                       const std::vector<std::filesystem::path>& inputs) {
    const std::string context = "cannot write '" + path.string() + "'";
    if (path.empty() || !path.has_filename()) fail(context + ": not a file name");
    // The directory first: the file is written as a temp file there and renamed, so it must be
    // an existing, searchable, writable directory. A command must not measure for minutes and
    // then find that out.
    const std::filesystem::path dir = directoryOf(path);
    struct stat parent {};
    if (::stat(dir.c_str(), &parent) != 0) {
        const int error = errno;
        if (error == ENOENT)
            fail(context + ": the directory '" + dir.string() +
                 "' does not exist (create it first, or give a path in an existing directory)");
        if (error == ENOTDIR)
            fail(context + ": '" + dir.string() +
                 "' is not a directory (a part of the path is a file)");
        fail(context + ": cannot reach the directory '" + dir.string() +
             "': " + std::strerror(error));
    }
    if (!S_ISDIR(parent.st_mode))
        fail(context + ": '" + dir.string() + "' is " + fileKindName(parent.st_mode) +
             ", not a directory");
    // Effective ids (AT_EACCESS), as the write will use them. For root the permission bits do
    // not refuse (root may write in a mode 0555 directory, and so may this check); a read-only
    // file system (EROFS) refuses root as well.
    if (::faccessat(AT_FDCWD, dir.c_str(), W_OK | X_OK, AT_EACCESS) != 0) {
        const std::string why = errnoText();
        fail(context + ": the directory '" + dir.string() + "' is not writable (" + why + ")");
    }
    // Permission bits do not tell everything: root passes the check above in /proc and /sys,
    // where no file can be created. A temp file made and removed right away asks the file
    // system itself, as the write at the end will.
    {
        std::string probe = (dir / ".bloomlab-write-check-XXXXXX").string();
        const int fd = ::mkstemp(probe.data());
        if (fd < 0) {
            const std::string why = errnoText();
            fail(context + ": no file can be created in the directory '" + dir.string() + "' (" + why +
                 "); give a path on a writable file system");
        }
        ::close(fd);
        ::unlink(probe.c_str());
    }
    struct stat target {};
    if (::lstat(path.c_str(), &target) != 0) {
        if (errno == ENOENT) return; // a new path in a writable directory
        fail(context + ": " + errnoText());
    }
    if (S_ISLNK(target.st_mode)) {
        std::error_code ec;
        const std::filesystem::path to = std::filesystem::read_symlink(path, ec);
        fail(context + ": it is a symbolic link (to '" + (ec ? std::string("?") : to.string()) +
             "'); outputs never follow or replace links: give the real path");
    }
    if (!S_ISREG(target.st_mode))
        fail(context + ": it is " + fileKindName(target.st_mode) +
             "; an output must be a regular file or a new path");
    for (const std::filesystem::path& input : inputs) {
        struct stat in {};
        const bool known = input == "-" ? ::fstat(STDIN_FILENO, &in) == 0
                                        : ::stat(input.c_str(), &in) == 0;
        if (known && in.st_dev == target.st_dev && in.st_ino == target.st_ino)
            fail(context + ": it is the same file as the input '" +
                 (input == "-" ? std::string("-' (standard input") : input.string()) +
                 "'; writing it would destroy the input: give a new path");
    }
}

// ---- AtomicFileWriter ------------------------------------------------------------------------

AtomicFileWriter::AtomicFileWriter(const std::filesystem::path& path)
    : m_path(path), m_context("cannot save '" + path.string() + "'") {
    checkOutputTarget(path);
    auto [fd, tmpPath] = createTemp(path, "", m_context);
    m_fd = fd;
    m_tmpPath = std::move(tmpPath);
    m_slot = registerCleanupPath(m_tmpPath);
}

AtomicFileWriter::~AtomicFileWriter() {
    if (m_fd >= 0) ::close(m_fd);
    if (!m_tmpPath.empty()) ::unlink(m_tmpPath.c_str());
    unregisterCleanupPath(m_slot);
}

void AtomicFileWriter::write(std::span<const std::uint8_t> bytes) {
    if (m_fd < 0) fail(m_context + ": the file was already committed");
    writeAll(m_fd, bytes, m_context);
}

void AtomicFileWriter::commit() {
    if (m_fd < 0) fail(m_context + ": the file was already committed");
    Fd fd(std::exchange(m_fd, -1));
    commitTemp(fd, m_tmpPath, m_path, m_context);
    m_tmpPath.clear();  // renamed: nothing to remove
    unregisterCleanupPath(std::exchange(m_slot, -1));
}

void writeFileAtomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
    AtomicFileWriter writer(path);
    writer.write(bytes);
    writer.commit();
}

void writeFileAtomically(const std::filesystem::path& path, std::string_view text) {
    writeFileAtomically(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

// ---- Reads -----------------------------------------------------------------------------------

RegularFileReader::RegularFileReader(const std::filesystem::path& path, const std::string& context)
    : m_context(context) {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (m_fd < 0) fail(context + ": " + errnoText());
    struct stat info {};
    if (::fstat(m_fd, &info) != 0) {
        const std::string reason = errnoText();
        ::close(m_fd);
        fail(context + ": " + reason);
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(m_fd);
        fail(context + ": '" + path.string() + "' is " + fileKindName(info.st_mode) +
             ", not a regular file");
    }
    m_size = static_cast<std::uint64_t>(info.st_size);
}

RegularFileReader::~RegularFileReader() {
    if (m_fd >= 0) ::close(m_fd);
}

std::size_t RegularFileReader::read(std::span<std::uint8_t> buffer) {
    std::size_t done = 0;
    while (done < buffer.size()) {
        const ssize_t n = ::read(m_fd, buffer.data() + done, buffer.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(m_context + ": read failed: " + errnoText());
        }
        if (n == 0) break; // end of file (or the file shrank while we read it)
        done += static_cast<std::size_t>(n);
    }
    return done;
}

std::vector<std::uint8_t> readWholeFile(const std::filesystem::path& path,
                                        const std::string& context,
                                        const std::function<void(std::uint64_t)>& checkSize) {
    RegularFileReader reader(path, context);
    const std::uint64_t size = reader.size();
    checkSize(size);
    std::vector<std::uint8_t> bytes;
    try {
        bytes.resize(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        fail(context + ": out of memory reading " + std::to_string(size) + " bytes");
    }
    bytes.resize(reader.read(bytes));
    return bytes;
}

// ---- Cleanup on signals ----------------------------------------------------------------------

int registerCleanupPath(const std::string& path, bool isDirectory) noexcept {
    if (path.size() + 1 > kSlotPathBytes) return -1;
    for (int i = 0; i < kSlotCount; ++i) {
        int expected = kFree;
        if (!g_slots[i].state.compare_exchange_strong(expected, kClaimed,
                                                      std::memory_order_acq_rel))
            continue;
        std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
        g_slots[i].isDirectory = isDirectory;
        g_slots[i].state.store(kReady, std::memory_order_release);
        return i;
    }
    return -1;
}

void unregisterCleanupPath(int slot) noexcept {
    if (slot >= 0 && slot < kSlotCount) g_slots[slot].state.store(kFree, std::memory_order_release);
}

void installCleanupHandlers() {
    struct sigaction action {};
    action.sa_handler = removeTempPathsAndDie;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction previous {};
        // A signal the parent ignored (nohup, a background job's SIGINT) stays ignored.
        if (::sigaction(sig, nullptr, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        ::sigaction(sig, &action, nullptr);
    }
    // Past RLIMIT_FSIZE a write fails with EFBIG (and the temp file is removed) instead of the
    // process being killed with the temp file left behind.
    ::signal(SIGXFSZ, SIG_IGN);
}

DeferredSignals::DeferredSignals(std::function<void()> onSignal) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) fail("cannot create a pipe for signals: " + errnoText());
    m_read = ends[0];
    m_write = ends[1];
    g_deferredSignal.store(0);
    int none = -1;
    if (!g_deferPipe.compare_exchange_strong(none, m_write)) {
        ::close(m_read);
        ::close(m_write);
        throw std::logic_error("DeferredSignals: one is alive already");
    }
    m_watcher = std::thread([read = m_read, onSignal = std::move(onSignal)] {
        char byte = 0;
        ssize_t got = 0;
        do {
            got = ::read(read, &byte, 1);
        } while (got < 0 && errno == EINTR);
        if (got == 1) onSignal();  // 0: the destructor closed the pipe
    });
}

DeferredSignals::~DeferredSignals() {
    g_deferPipe.store(-1);
    ::close(m_write);  // ends the watcher's read when no signal came
    if (m_watcher.joinable()) m_watcher.join();
    ::close(m_read);
}

int DeferredSignals::signalled() const noexcept { return g_deferredSignal.load(); }

void DeferredSignals::dieOfSignal() const {
    const int sig = signalled() != 0 ? signalled() : SIGTERM;
    removeRegisteredPaths();
    ::signal(sig, SIG_DFL);
    ::raise(sig);
    std::_Exit(128 + sig);  // a signal the process blocks: end with the shell's status for it
}

PrivateTempDir::PrivateTempDir(const std::string& prefix, const std::filesystem::path& where) {
    std::error_code ec;
    std::filesystem::path base = where.empty() ? std::filesystem::temp_directory_path(ec) : where;
    if (ec) base = "/tmp";
    std::string tmpl = (base / (prefix + "-XXXXXX")).string();
    if (::mkdtemp(tmpl.data()) == nullptr)
        fail("cannot create a private temporary directory in '" + base.string() + "': " + errnoText() +
             // Given a directory, the caller stages its outputs there: TMPDIR would not help.
             (where.empty() ? " (set TMPDIR to a writable directory)"
                            : " (the outputs are written there: choose a directory on a writable file system)"));
    m_path = tmpl;
    m_slots.push_back(registerCleanupPath(m_path.string(), true));
}

PrivateTempDir::~PrivateTempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
    for (int slot : m_slots) unregisterCleanupPath(slot);
}

std::filesystem::path PrivateTempDir::track(const std::string& name) {
    std::filesystem::path file = m_path / name;
    m_slots.push_back(registerCleanupPath(file.string()));
    return file;
}

} // namespace bloomlab
