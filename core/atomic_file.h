// atomic_file — how BloomLab writes and reads files: outputs that never destroy, writes that a
// crash cannot tear, reads that never block, and temp files that a signal cannot leave behind.
//
// OUTPUT RULE (checkOutputTarget; every command that writes a file calls it for each output,
// before any long work, with the command's inputs):
//   - an output is a regular file (replaced atomically, keeping its permissions) or a new path;
//   - its directory exists, is a directory and is writable and searchable by the effective user
//     (faccessat with AT_EACCESS: root passes the permission bits, as its write would, but not
//     a read-only file system), since the file is written there as a temp file and renamed; a
//     missing directory, a file where the directory should be and a directory that cannot be
//     written are refused, naming the directory and why;
//   - an existing character or block device, FIFO, socket or directory is refused, naming the
//     path and what it is (as root, `--out /dev/null` must not replace the device node);
//   - a symbolic link is refused, naming where it points: replacing the link would silently
//     detach it, following it lets whoever can plant a link in a shared directory choose which
//     file a root process overwrites. Give the real path instead;
//   - an output that is the same file as one of the inputs (same st_dev and st_ino: a hard
//     link, "./x" or "../dir/x" are caught too; "-" is standard input) is refused.
// The atomic writers below apply the type and link checks again at write time.
//
// WRITES go to a temp file in the same directory, are fsynced, renamed over the target and the
// directory is fsynced: after a crash the target holds the old bytes or the new ones, never a
// mix. While a temp file exists its path is in a signal-safe registry: installCleanupHandlers()
// makes SIGINT, SIGTERM and SIGHUP unlink every registered path before the process dies (then
// the signal's default action runs), and sets SIGXFSZ to SIG_IGN so a file-size limit makes
// write() fail with EFBIG and the normal cleanup runs.
//
// READS open with O_NONBLOCK (a FIFO given as a file must not hang), fstat the descriptor and
// refuse anything but a regular file before reading a byte.
#pragma once

#include "core/errors.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <thread>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

/// The output rule above. `inputs` are paths the command reads ("-" = standard input); missing
/// or unreadable inputs are skipped (opening them reports that). Throws FilterIoError
/// "cannot write '<path>': it is a FIFO (named pipe); an output must be a regular file or a new
/// path" or "... it is the same file as the input '<input>'".
void checkOutputTarget(const std::filesystem::path& path,
                       const std::vector<std::filesystem::path>& inputs = {});

/// A file written through a temp file in the target's directory: write() pieces, then commit()
/// (fsync, rename over the target, fsync the directory). Destroyed without commit() -- an
/// exception, a failed write -- the temp file is removed and the target is untouched. The temp
/// path is registered for removal on SIGINT/SIGTERM/SIGHUP while it exists.
class AtomicFileWriter {
  public:
    /// Checks the target (checkOutputTarget without inputs) and creates the temp file. Throws
    /// FilterIoError ("cannot save '<path>': ...").
    explicit AtomicFileWriter(const std::filesystem::path& path);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    void write(std::span<const std::uint8_t> bytes);
    void commit();

  private:
    std::filesystem::path m_path;
    std::string m_context;
    std::string m_tmpPath;
    int m_fd = -1;
    int m_slot = -1;
};

/// Writes `bytes` to `path` atomically (AtomicFileWriter). Keeps the permissions of the file it
/// replaces (new files: rw-r--r--). Throws FilterIoError ("cannot save '<path>': ...").
void writeFileAtomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
/// The same for text (CSV, Markdown) or bytes held as chars (an image encoded in memory).
void writeFileAtomically(const std::filesystem::path& path, std::string_view text);

/// Reads the whole regular file at `path`. `checkSize` sees its size before anything is allocated
/// and throws to refuse it. Errors are FilterIoError "<context>: <reason>".
std::vector<std::uint8_t> readWholeFile(const std::filesystem::path& path,
                                        const std::string& context,
                                        const std::function<void(std::uint64_t)>& checkSize);

/// A regular file opened for reading with O_NONBLOCK, fstat-ed and refused unless regular
/// ("<context>: '<path>' is a FIFO (named pipe), not a regular file"). read() fills as much of
/// `buffer` as the file has and returns the count (0 at the end).
class RegularFileReader {
  public:
    RegularFileReader(const std::filesystem::path& path, const std::string& context);
    ~RegularFileReader();
    RegularFileReader(const RegularFileReader&) = delete;
    RegularFileReader& operator=(const RegularFileReader&) = delete;

    std::uint64_t size() const noexcept { return m_size; }
    std::size_t read(std::span<std::uint8_t> buffer);

  private:
    std::string m_context;
    int m_fd = -1;
    std::uint64_t m_size = 0;
};

/// "a FIFO (named pipe)", "a directory", "a character device", ... for an lstat/stat mode.
std::string fileKindName(unsigned mode);

// ---- Cleanup on signals ---------------------------------------------------------------------

/// Adds `path` (a file, or with `isDirectory` an empty-by-then directory) to the signal-safe
/// registry; returns its slot (-1 when the registry is full: the path is then only cleaned up
/// by the normal error paths). Files are removed before directories.
int registerCleanupPath(const std::string& path, bool isDirectory = false) noexcept;
/// Removes a slot from the registry (the path was renamed into place or removed).
void unregisterCleanupPath(int slot) noexcept;
/// Installs the SIGINT/SIGTERM/SIGHUP handler (unlink every registered path, then re-raise with
/// the default action) and sets SIGXFSZ to SIG_IGN. Idempotent.
void installCleanupHandlers();

/// While one is alive, the first SIGINT/SIGTERM/SIGHUP does not end the process: `onSignal`
/// runs on a thread of its own (where it may lock and call anything; a signal handler may not)
/// to cancel the work in progress, which then cleans up after itself (a copy to Redis deletes
/// what it wrote) and fails; the caller asks signalled() and ends with dieOfSignal(). A second
/// signal ends the process as usual. Needs installCleanupHandlers(); one at a time.
class DeferredSignals {
  public:
    explicit DeferredSignals(std::function<void()> onSignal);
    ~DeferredSignals();
    DeferredSignals(const DeferredSignals&) = delete;
    DeferredSignals& operator=(const DeferredSignals&) = delete;

    /// The signal that came, or 0.
    int signalled() const noexcept;
    /// Removes the registered paths and ends the process with signalled(), as the handler would
    /// have (the exit status a shell expects of an interrupted command).
    [[noreturn]] void dieOfSignal() const;

  private:
    int m_read = -1;
    int m_write = -1;
    std::thread m_watcher;
};

/// A directory only this process uses ("<prefix>-XXXXXX" made by mkdtemp in `base`, default
/// $TMPDIR or /tmp), removed with everything in it by the destructor and, for the files added
/// with track(), by the signal handler. Staging outputs in one (in the target's directory) and
/// renaming them into place at the end leaves nothing behind when a run fails or is interrupted.
class PrivateTempDir {
  public:
    /// Throws FilterIoError naming the directory when it cannot be created.
    explicit PrivateTempDir(const std::string& prefix, const std::filesystem::path& base = {});
    ~PrivateTempDir();
    PrivateTempDir(const PrivateTempDir&) = delete;
    PrivateTempDir& operator=(const PrivateTempDir&) = delete;

    const std::filesystem::path& path() const noexcept { return m_path; }
    /// `path() / name`, registered for removal on a signal.
    std::filesystem::path track(const std::string& name);

  private:
    std::filesystem::path m_path;
    std::vector<int> m_slots;
};

} // namespace bloomlab
