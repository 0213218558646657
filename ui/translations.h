// translations — the languages the desktop app speaks and the one place that switches them.
//
// The app's texts are English in the code (tr()); translations/bloomlab_<code>.ts holds each
// other language, built into :/i18n/bloomlab_<code>.qm (ui/CMakeLists.txt). English has a .qm
// too, with only the plural forms of "%n bit(s)"-style texts ("1 bit", "2 bits").
//
// A language is chosen once, before the main window is built (app/gui/main.cpp, from the setting
// View > Language writes, else the system locale): the widgets translate their texts when they
// are made, so a change in the menu takes effect at the next start. Choosing a language also
// makes its locale the default QLocale(), in which the fields format and read numbers, and
// installs Qt's own translations (qtbase: standard buttons, file dialogs) when the system has them.
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

namespace bloomlab::ui {

/// The settings key of View > Language: a language code, or empty for "follow the system".
inline constexpr const char* kLanguageSettingKey = "ui/language";

/// The language codes the app has: "en" first, then one per embedded translation, sorted
/// ("hi", "ja", "ru").
QStringList uiLanguages();

/// The language the system locale asks for (QLocale::system(): LC_ALL, LC_MESSAGES, LANG) when
/// the app has it, else "en". The system's list of preferred languages is tried in order.
QString systemUiLanguage();

/// A language's name in that language, as a menu shows it: "English", "Русский", "日本語",
/// "हिन्दी".
QString nativeLanguageName(const QString& code);

/// The locale the UI uses for `code`: the system locale when it is in that language (so "ru" on
/// a ru_UA system keeps ru_UA's number format), else the language's main country.
QLocale uiLocale(const QString& code);

/// Installs the app's and Qt's translations for `code` ("" or "system": follow the system
/// locale; a code not in uiLanguages() falls back to English), replacing those installed
/// before, and makes uiLocale() the default QLocale. Returns the language used.
QString setUiLanguage(const QString& code);

/// The language set by the last setUiLanguage ("en" before any).
QString currentUiLanguage();

} // namespace bloomlab::ui
