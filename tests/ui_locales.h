// The locales the UI runs in (its translations and the system locales they follow), for the
// tests that check a field reads back what the UI prints: every one groups digits differently
// (',', '.', U+00A0, U+202F, the Indian 2-digit groups). A number the locale prints with a single
// '.' group ("556.419" in German) can also be read as a decimal, and the UI refuses to guess
// (ui/number_field.h): printedAmbiguously tells the tests which texts those are.
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

/// True when `printed` (a whole number as the default locale prints it) has exactly one group
/// separator and that separator is also a decimal mark there ('.' always is; so is the locale's
/// decimal point): the UI must refuse it and name both readings rather than pick one.
inline bool printedAmbiguously(const QString& printed) {
    const QString group = QLocale().groupSeparator();
    if (group.size() != 1 || printed.count(group) != 1)
        return false;
    return group == QLatin1String(".") || group == QLocale().decimalPoint();
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
