// number_field — how the text of every number field of the UI becomes a number, and how the UI
// writes numbers into fields so that they read back. The core's number syntax
// (core/parse_units.h) has '.' as its only decimal point and no group separators. A field's text
// first becomes that syntax here, in the UI's locale:
//   - group marks: the locale's group separator (any space-like one for a locale that groups
//     with a space) and ',' (the app prints counts with ',' groups in every language); a mark
//     groups digits only in a whole number whose first group has 1 to 3 digits (not starting
//     with 0), whose last has exactly 3 and whose groups between have 2 or 3 (Indian grouping),
//     not followed by an exponent: "556,419" -> "556419", "5,56,419" -> "556419";
//   - decimal marks: '.' and the locale's decimal separator: "2,5" -> "2.5" in German;
//   - a grouped number may end in a decimal part with the other mark: "1.234,5" (de) and
//     "1,234.5" (en) -> "1234.5";
//   - a single mark that is both (the number could be read either way) is refused, never
//     guessed: "2.125" in German could be 2125 or 2.125, "2,125" in Russian 2125 or 2.125. The
//     message names the text, both readings and a spelling of each that is not ambiguous
//     ("2125"; "2.1250" or "2,125" where the locale has a decimal mark that is no group mark).
//     Locales whose decimal mark is '.' and which group with ',' or a space (en, ja, hi) never
//     see this; German ('.' groups) and Russian and French (',' is their decimal mark, and the
//     app's ',' groups) do.
// What is left goes to the core parser, which checks everything else and names the bad text.
// The UI writes counts and decimals into fields with countFieldText and decimalFieldText, which
// choose a spelling that reads back as the same number in the current locale.
#pragma once

#include <QLocale>
#include <QString>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bloomlab::ui {

/// The text in the core's syntax (see above), surrounding white space (also U+00A0) trimmed.
/// Throws std::invalid_argument naming the text, its two readings and how to type each when a
/// mark could group digits or be the decimal point.
QString coreNumberText(const QString& text, const QLocale& locale = QLocale());

/// A count as the UI writes it into a field: with ',' groups ("556,419") unless that is
/// ambiguous in `locale`, then in the locale's grouping, then plain digits; always read back as
/// `value`.
QString countFieldText(std::uint64_t value, const QLocale& locale = QLocale());
/// A positive decimal ("9.6", "12.375") as the UI writes it into a field; where '.' would be
/// ambiguous in `locale` with a trailing zero ("12.3750"). Always read back as `value`.
QString decimalFieldText(double value, const QLocale& locale = QLocale());

/// Parses a field's text with a core parser (parseCount, parseProbability, parseSizeBits, or
/// any callable taking std::string_view): coreNumberText, then the parser. Its
/// std::invalid_argument is passed on; when the text was changed for the core, the message also
/// quotes the text as typed.
template <typename Parser>
auto parseFieldText(const QString& text, Parser parser) -> decltype(parser(std::string_view{})) {
    const QString plain = coreNumberText(text);
    const std::string bytes = plain.toStdString();
    try {
        return parser(std::string_view(bytes));
    } catch (const std::invalid_argument& e) {
        if (plain == text.trimmed())
            throw;
        throw std::invalid_argument(std::string(e.what()) + " (typed as '" + text.trimmed().toStdString() + "')");
    }
}

/// The core's counts ("10000", "1e6", "10k", "556,419"), probabilities ("0.01", "1%", "1/100")
/// and sizes in bits ("958506", "64KiB", "1MB") from a field's text.
std::uint64_t parseCountField(const QString& text);
double parseProbabilityField(const QString& text);
std::uint64_t parseSizeBitsField(const QString& text);
/// A positive decimal number ("10", "9.6", "1,024", "1e3"), e.g. bits per key. Throws
/// std::invalid_argument naming the text for anything else (also 0, "nan", "inf").
double parsePositiveDecimalField(const QString& text);

} // namespace bloomlab::ui
