#include "ui/translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QPointer>
#include <QTranslator>

#include <algorithm>
#include <array>

namespace bloomlab::ui {

namespace {

QString resourceDir() { return QStringLiteral(":/i18n"); }

QString english() { return QStringLiteral("en"); }

/// The language part of a locale: "ru" for ru_RU, "en" for en_US and for C.
QString languageCode(const QLocale& locale) {
    if (locale.language() == QLocale::C)
        return english();
    return QLocale::languageToCode(locale.language());
}

/// The translators setUiLanguage installed, in install order (Qt asks the last one first): the
/// English plural forms (the fallback for a text a translation has not finished), the chosen
/// language's, and Qt's own. Owned by the application object.
std::array<QPointer<QTranslator>, 3>& installedTranslators() {
    static std::array<QPointer<QTranslator>, 3> translators;
    return translators;
}

QString& currentLanguage() {
    static QString language = english();
    return language;
}

/// A translator for the file, installed, or nullptr when the file is missing or unreadable.
QTranslator* installTranslator(const QString& file, const QString& directory) {
    auto* translator = new QTranslator(QCoreApplication::instance());
    if (!translator->load(file, directory) || !QCoreApplication::installTranslator(translator)) {
        delete translator;
        return nullptr;
    }
    return translator;
}

} // namespace

QStringList uiLanguages() {
    QStringList codes;
    const QStringList files =
        QDir(resourceDir()).entryList({QStringLiteral("bloomlab_*.qm")}, QDir::Files, QDir::Name);
    for (const QString& file : files) {
        const QString code = file.mid(9, file.size() - 9 - 3);  // bloomlab_<code>.qm
        if (!code.isEmpty() && code != english())
            codes << code;
    }
    codes.prepend(english());
    return codes;
}

QString systemUiLanguage() {
    const QStringList available = uiLanguages();
    const QLocale system = QLocale::system();
    QStringList wanted = system.uiLanguages();
    wanted.prepend(system.name());
    for (const QString& name : wanted) {
        const QString code = languageCode(QLocale(name));
        if (available.contains(code))
            return code;
    }
    return english();
}

QString nativeLanguageName(const QString& code) {
    const QLocale locale(code);
    if (code == english() || locale.language() == QLocale::English)
        return QStringLiteral("English");  // not "American English", the en_US locale's own name
    const QString name = locale.nativeLanguageName();
    if (name.isEmpty())
        return code;
    return locale.toUpper(name.left(1)) + name.mid(1);  // "русский" in a menu is "Русский"
}

QLocale uiLocale(const QString& code) {
    const QLocale system = QLocale::system();
    if (languageCode(system) == code)
        return system;
    return QLocale(code);
}

QString setUiLanguage(const QString& code) {
    const bool followSystem = code.isEmpty() || code == QLatin1String("system");
    QString language = followSystem ? systemUiLanguage() : code;
    if (!uiLanguages().contains(language))
        language = english();

    for (QPointer<QTranslator>& translator : installedTranslators()) {
        if (translator) {
            QCoreApplication::removeTranslator(translator);
            delete translator;
        }
        translator = nullptr;
    }
    if (QCoreApplication::instance()) {
        auto& installed = installedTranslators();
        installed[0] = installTranslator(QStringLiteral("bloomlab_en"), resourceDir());
        if (language != english()) {
            installed[1] = installTranslator(QStringLiteral("bloomlab_") + language, resourceDir());
            // Qt's own texts (standard buttons, file dialogs), when the system has them
            // (Debian: qt6-translations-l10n).
            installed[2] = installTranslator(QStringLiteral("qtbase_") + language,
                                             QLibraryInfo::path(QLibraryInfo::TranslationsPath));
        }
    }
    // Following the system, the fields use the system's number format even when the app has no
    // translation for its language (a de_DE system gets English texts and "1.234,5").
    QLocale::setDefault(followSystem ? QLocale::system() : uiLocale(language));
    currentLanguage() = language;
    return language;
}

QString currentUiLanguage() { return currentLanguage(); }

} // namespace bloomlab::ui
