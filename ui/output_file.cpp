#include "ui/output_file.h"

#include "core/atomic_file.h"

#include <QFile>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <span>

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
        writeFileAtomically(toPath(path), std::span(reinterpret_cast<const std::uint8_t*>(bytes.constData()),
                                                        static_cast<std::size_t>(bytes.size())));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace bloomlab::ui
