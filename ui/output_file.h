// output_file — how the GUI writes what the user exports (charts, CSV, the Markdown report): the
// core's rules for every output (core/atomic_file.h), so a chart saved over a FIFO, a device, a
// link or into a read-only directory is refused with the reason instead of blocking the window
// or writing through the link, and a write cut short (a full disk) leaves the old file as it was.
#pragma once

#include <QByteArray>
#include <QString>

#include <filesystem>

namespace bloomlab::ui {

/// The file-system path of a file name from a dialog (the local 8-bit encoding Qt uses).
std::filesystem::path toPath(const QString& path);

/// Why `path` cannot be written as an output (it names the path and what would work), or an
/// empty string when it can.
QString outputProblem(const QString& path);

/// Writes `bytes` to `path`, replacing it atomically. Returns an empty string on success, else
/// the reason (the path, what went wrong), for the user.
QString writeOutputFile(const QString& path, const QByteArray& bytes);

} // namespace bloomlab::ui
