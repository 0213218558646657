// The names the desktop app runs under. They place its settings file (QSettings, native format):
// $XDG_CONFIG_HOME/BloomLab/bloomlab.conf, that is ~/.config/BloomLab/bloomlab.conf by default,
// and tie its windows to the menu entry bloomlab.desktop.
#pragma once

#include <QGuiApplication>
#include <QString>

namespace bloomlab::ui {

/// Call once, right after the QApplication is made and before any QSettings is used.
inline void setApplicationIdentity() {
    QCoreApplication::setOrganizationName(QStringLiteral("BloomLab"));
    QCoreApplication::setApplicationName(QStringLiteral("bloomlab"));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("BloomLab"));
    QGuiApplication::setDesktopFileName(QStringLiteral("bloomlab"));
}

} // namespace bloomlab::ui
