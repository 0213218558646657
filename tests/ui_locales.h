// The locales the UI runs in (its translations and the system locales they follow), for the
// tests that check a field reads back what the UI prints: every one groups digits differently
// (',', '.', U+00A0, U+202F, the Indian 2-digit groups).
#pragma once

#include <QLocale>
#include <QString>
#include <QTest>

namespace bloomlab::test {

inline constexpr const char* kUiLocales[] = {"en_US", "de_DE", "ru_RU", "ja_JP", "hi_IN", "fr_FR"};

/// The rows of a data function: a "locale" column, one row per UI locale.
inline void addUiLocaleRows() {
    QTest::addColumn<QString>("locale");
    for (const char* name : kUiLocales)
        QTest::newRow(name) << QString::fromLatin1(name);
}

/// Makes `locale` the UI's default locale (QLocale()) until the end of the scope.
class ScopedDefaultLocale {
public:
    explicit ScopedDefaultLocale(const QLocale& locale) : m_before(QLocale()) { QLocale::setDefault(locale); }
    ~ScopedDefaultLocale() { QLocale::setDefault(m_before); }
    ScopedDefaultLocale(const ScopedDefaultLocale&) = delete;
    ScopedDefaultLocale& operator=(const ScopedDefaultLocale&) = delete;

private:
    QLocale m_before;
};

} // namespace bloomlab::test
