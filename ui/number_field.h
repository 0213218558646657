// number_field — how the text of every number field of the UI becomes a number: the fields the
// app fills itself (a solved n, a slider's value, a budget) must parse back, in whatever locale
// the UI runs in. The UI prints counts with group separators ("556,419"; "556.419" in German,
// "556 419" with U+00A0 in Russian, U+202F in French, "5,56,419" in Hindi); the core's number
// syntax (core/parse_units.h) knows none of them. So each field's text first loses the group
// separators the UI itself prints — those of the UI's QLocale and the C locale's ',' — and only
// where they group digits: a whole number whose first group has 1 to 3 digits (not starting
// with 0), whose last group has exactly 3 and whose groups between have 2 or 3 (the Indian
// grouping), not part of a fraction and not followed by a decimal point or an exponent. What is
// left goes to the core parser, which checks everything else and names the bad text.
//   "556,419" -> "556419"    "1,000,000 KiB" -> "1000000 KiB"    "0.001" stays (a fraction)
//   "1,5" stays (not a group: the core then says what is wrong)  "1.234e-05" stays
#pragma once

#include <QLocale>
#include <QString>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bloomlab::ui {

/// The text with the group separators of `locale` and of the C locale removed where they group
/// digits (see above), surrounding white space (also U+00A0) trimmed. The text the core parses.
QString withoutGroupSeparators(const QString& text, const QLocale& locale = QLocale());

/// Parses a field's text with a core parser (parseCount, parseProbability, parseSizeBits, or
/// any callable taking std::string_view): withoutGroupSeparators, then the parser. Its
/// std::invalid_argument is passed on; when separators were removed, the message also quotes
/// the text as typed.
template <typename Parser>
auto parseFieldText(const QString& text, Parser parser) -> decltype(parser(std::string_view{})) {
    const QString plain = withoutGroupSeparators(text);
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
