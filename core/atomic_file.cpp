// atomic_file: POSIX temp + fsync + rename writes and bounded reads (see atomic_file.h).
#include "core/atomic_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <sys/stat.h>
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

} // namespace

void writeFileAtomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
    const std::string context = "cannot save '" + path.string() + "'";
    if (path.empty() || !path.has_filename()) fail(context + ": not a file name");

    std::filesystem::path dir = path.parent_path();
    if (dir.empty()) dir = ".";
    // Built by appending: GCC 12 at -O3 reports a false -Wrestrict for `"." + std::string`
    // (GCC bug 105329); the name is the same.
    std::string tmpName = path.filename().string();
    tmpName.insert(0, 1, '.');
    tmpName += ".tmp-XXXXXX";
    std::string tmpl = (dir / tmpName).string();
    const int rawFd = ::mkstemp(tmpl.data());
    if (rawFd < 0)
        fail(context + ": cannot create a temporary file in '" + dir.string() +
             "': " + errnoText());
    Fd fd(rawFd);
    const std::string tmpPath = tmpl;
    try {
        // Keep the permissions of the file being replaced; new files get rw-r--r--.
        struct stat old {};
        const mode_t mode =
            ::stat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode) ? (old.st_mode & 07777) : 0644;
        if (::fchmod(fd.get(), mode) != 0) fail(context + ": chmod failed: " + errnoText());
        writeAll(fd.get(), bytes, context);
        if (::fsync(fd.get()) != 0) fail(context + ": fsync failed: " + errnoText());
        if (::close(fd.release()) != 0) fail(context + ": close failed: " + errnoText());
        if (::rename(tmpPath.c_str(), path.c_str()) != 0)
            fail(context + ": rename failed: " + errnoText());
    } catch (...) {
        ::unlink(tmpPath.c_str());
        throw;
    }
    // The rename is durable once the directory entry is on disk.
    const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        Fd dirHolder(dirFd);
        if (::fsync(dirFd) != 0 && errno != EINVAL && errno != EROFS)
            fail(context +
                 ": the file was written, but fsync of the directory failed: " + errnoText());
    }
}

std::vector<std::uint8_t> readWholeFile(const std::filesystem::path& path,
                                        const std::string& context,
                                        const std::function<void(std::uint64_t)>& checkSize) {
    const int rawFd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (rawFd < 0) fail(context + ": " + errnoText());
    Fd fd(rawFd);
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0) fail(context + ": " + errnoText());
    if (!S_ISREG(info.st_mode)) fail(context + ": not a regular file");
    const auto size = static_cast<std::uint64_t>(info.st_size);
    checkSize(size);
    std::vector<std::uint8_t> bytes;
    try {
        bytes.resize(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        fail(context + ": out of memory reading " + std::to_string(size) + " bytes");
    }
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(context + ": read failed: " + errnoText());
        }
        if (n == 0) break; // the file shrank while we read it
        done += static_cast<std::size_t>(n);
    }
    bytes.resize(done);
    return bytes;
}

} // namespace bloomlab
