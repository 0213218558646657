// atomic_file — whole-file writes that a crash cannot tear, and bounded whole-file reads.
//
// A write goes to a temp file in the same directory, is fsynced, renamed over the target and
// the directory is fsynced: after a crash the target holds the old bytes or the new ones, never
// a mix. A read refuses anything but a regular file and lets the caller refuse its size before
// a byte is allocated (a file claiming to be 2^60 bytes is an error, not an allocation).
#pragma once

#include "core/errors.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace bloomlab {

/// Writes `bytes` to `path` atomically: a temp file in the same directory, write, fsync, rename
/// over `path`, fsync the directory. Keeps the permissions of the file it replaces (new files:
/// rw-r--r--). On failure the temp file is removed and `path` is untouched. Throws FilterIoError
/// ("cannot save '<path>': ...").
void writeFileAtomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);

/// Reads the whole regular file at `path`. `checkSize` sees its size before anything is allocated
/// and throws to refuse it. Errors are FilterIoError "<context>: <reason>".
std::vector<std::uint8_t> readWholeFile(const std::filesystem::path& path,
                                        const std::string& context,
                                        const std::function<void(std::uint64_t)>& checkSize);

} // namespace bloomlab
