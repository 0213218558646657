#include "ui/output_file.h"

#include "core/atomic_file.h"

#include <QFile>

#include <exception>
#include <filesystem>

namespace bloomlab::ui {

std::filesystem::path toPath(const QString& path) { return {QFile::encodeName(path).toStdString()}; }

QString outputProblem(const QString& path) {
    try {
        checkOutputTarget(toPath(path));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QString writeOutputFile(const QString& path, const QByteArray& bytes) {
    try {
        writeFileAtomically(toPath(path), std::string_view(bytes.data(), bytes.size()));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace bloomlab::ui
