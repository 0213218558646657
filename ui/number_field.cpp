#include "ui/number_field.h"

#include "core/parse_units.h"
#include "ui/filter_probe.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <vector>

namespace bloomlab::ui {

namespace {

/// U+0020, U+00A0 (no-break space), U+2009 (thin space), U+202F (narrow no-break space): a
/// locale that groups with one of them is read with any of them (a user types the plain space).
bool isSpaceSeparator(const QString& separator) {
    if (separator.size() != 1)
        return false;
    const char16_t c = separator.at(0).unicode();
    return c == u' ' || c == u'\u00a0' || c == u'\u2009' || c == u'\u202f';
}

bool isAsciiDigit(QChar c) { return c >= QLatin1Char('0') && c <= QLatin1Char('9'); }

qsizetype digitRun(const QString& text, qsizetype pos) {
    qsizetype end = pos;
    while (end < text.size() && isAsciiDigit(text.at(end)))
        ++end;
    return end - pos;
}

/// Text::tr() in the translation context "bloomlab::ui::NumberField" (these are free functions; lupdate
/// files Text::tr() strings under that context too).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(bloomlab::ui::NumberField)
};

/// The marks of a locale: which characters may group digits and which may start a decimal part.
/// Space-like characters all count as one mark, ' '.
struct Marks {
    QString group;  // one character per mark
    QString decimal;

    explicit Marks(const QLocale& locale) {
        const QString sep = locale.groupSeparator();
        if (isSpaceSeparator(sep))
            group += QLatin1Char(' ');
        else if (sep.size() == 1)
            group += sep.at(0);
        if (!group.contains(QLatin1Char(',')))
            group += QLatin1Char(',');  // the app's own grouping, in every language
        decimal = QStringLiteral(".");
        const QString point = locale.decimalPoint();
        if (point.size() == 1 && point.at(0) != QLatin1Char('.') && !isSpaceSeparator(point))
            decimal += point.at(0);
    }
    /// The mark a character is (space-like ones as ' '), or a null QChar.
    QChar markOf(QChar c) const {
        const QChar m = isSpaceSeparator(QString(c)) ? QChar(QLatin1Char(' ')) : c;
        return group.contains(m) || decimal.contains(m) ? m : QChar();
    }
    bool groups(QChar m) const { return group.contains(m); }
    bool decimals(QChar m) const { return decimal.contains(m); }
};

/// Digit groups g[0..count] joined by one grouping mark form a grouped whole number.
bool groupedDigits(const std::vector<QString>& g, std::size_t count) {
    if (count == 0 || g[0].size() > 3 || g[0].startsWith(QLatin1Char('0')) || g[count].size() != 3)
        return false;
    for (std::size_t i = 1; i < count; ++i)
        if (g[i].size() != 2 && g[i].size() != 3)
            return false;
    return true;
}

QString joined(const std::vector<QString>& g, std::size_t from, std::size_t to) {
    QString out;
    for (std::size_t i = from; i < to; ++i)
        out += g[i];
    return out;
}

/// Refuses "2.125" where '.' both groups and marks decimals: names both readings and a spelling
/// of each that is not ambiguous.
[[noreturn]] void throwAmbiguous(const QString& typed, const QString& span, QChar mark, const QString& whole,
                                 const QString& intPart, const QString& fraction, const Marks& marks) {
    // The decimal reading, spelled with a decimal mark that groups nothing here; failing that
    // with a fourth fraction digit (a group has exactly three).
    QString decimal;
    for (const QChar m : marks.decimal)
        if (decimal.isEmpty() && !marks.groups(m))
            decimal = intPart + m + fraction;
    if (decimal.isEmpty())
        decimal = intPart + QLatin1Char('.') + fraction + QLatin1Char('0');
    QString message = Text::tr("“%1” can be read two ways: %2 (“%3” grouping digits) or %4 (“%3” as the decimal point). "
                         "Type %5 or %6 to say which.")
                          .arg(span, whole, QString(mark), intPart + QLatin1Char('.') + fraction, whole, decimal);
    if (span != typed)
        message += Text::tr(" (in “%1”)").arg(typed);
    throw std::invalid_argument(message.toStdString());
}

} // namespace

QString coreNumberText(const QString& text, const QLocale& locale) {
    const QString s = text.trimmed();
    const Marks marks(locale);
    QString out;
    out.reserve(s.size());
    qsizetype i = 0;
    while (i < s.size()) {
        const bool starts =
            isAsciiDigit(s.at(i)) && (i == 0 || (!isAsciiDigit(s.at(i - 1)) && marks.markOf(s.at(i - 1)).isNull()));
        if (!starts) {
            out += s.at(i++);
            continue;
        }
        // A number from here: digit runs joined by single marks.
        std::vector<QString> groups{s.mid(i, digitRun(s, i))};
        QString used;  // the marks, in order
        qsizetype end = i + groups.front().size();
        while (end + 1 < s.size()) {
            const QChar mark = marks.markOf(s.at(end));
            const qsizetype run = mark.isNull() ? 0 : digitRun(s, end + 1);
            if (run == 0)
                break;
            used += mark;
            groups.push_back(s.mid(end + 1, run));
            end += 1 + run;
        }
        const QString span = s.mid(i, end - i);
        i = end;
        const auto k = static_cast<std::size_t>(used.size());
        if (k == 0) {
            out += span;
            continue;
        }
        const bool exponent = end < s.size() && (s.at(end) == QLatin1Char('e') || s.at(end) == QLatin1Char('E'));
        const QChar first = used.at(0);
        if (used.count(first) == used.size()) {
            const bool asGroups = marks.groups(first) && groupedDigits(groups, k) && !exponent;
            const bool asDecimal = k == 1 && marks.decimals(first);
            if (asGroups && asDecimal)
                throwAmbiguous(text.trimmed(), span, first, joined(groups, 0, groups.size()), groups[0], groups[1], marks);
            if (asGroups)
                out += joined(groups, 0, groups.size());
            else if (asDecimal)
                out += groups[0] + QLatin1Char('.') + groups[1];
            else
                out += span;  // not a number the core reads: it says what is wrong
            continue;
        }
        // Groups with one mark, then a decimal part with another: "1.234,5", "1,234.5".
        const QChar last = used.at(used.size() - 1);
        const bool groupsThenDecimal = used.left(used.size() - 1).count(first) == used.size() - 1 &&
                                       marks.groups(first) && marks.decimals(last) && groupedDigits(groups, k - 1);
        out += groupsThenDecimal ? joined(groups, 0, k) + QLatin1Char('.') + groups[k] : span;
    }
    return out;
}

QString countFieldText(std::uint64_t value, const QLocale& locale) {
    const QString plain = QString::number(value);
    for (const QString& candidate :
         {QLocale(QLocale::English).toString(static_cast<qulonglong>(value)), locale.toString(static_cast<qulonglong>(value))}) {
        try {
            if (coreNumberText(candidate, locale) == plain)
                return candidate;
        } catch (const std::invalid_argument&) {
            // ambiguous here: the next spelling
        }
    }
    return plain;
}

QString decimalFieldText(double value, const QLocale& locale) {
    const QString text = QString::number(value, 'g', 15);
    try {
        if (coreNumberText(text, locale) == text)
            return text;
    } catch (const std::invalid_argument&) {
        // "12.375" where '.' also groups digits: a fourth fraction digit makes it no group.
    }
    return text.contains(QLatin1Char('e')) ? text : text + QLatin1Char('0');
}

std::uint64_t parseCountField(const QString& text) { return parseFieldText(text, parseCount); }

double parseProbabilityField(const QString& text) { return parseFieldText(text, parseProbability); }

std::uint64_t parseSizeBitsField(const QString& text) { return parseFieldText(text, parseSizeBits); }

double parsePositiveDecimalField(const QString& text) {
    return parseFieldText(text, [&text](std::string_view plain) {
        static const QRegularExpression decimal(QStringLiteral("^(\\d+(\\.\\d+)?|\\.\\d+)([eE][+-]?\\d+)?$"));
        const QString value = QString::fromUtf8(plain.data(), static_cast<qsizetype>(plain.size()));
        bool ok = false;
        const double v = decimal.match(value).hasMatch() ? QLocale::c().toDouble(value, &ok) : 0.0;
        if (!ok || !std::isfinite(v) || v <= 0.0)
            throw std::invalid_argument("invalid number '" + text.trimmed().toStdString() +
                                        "': expected a positive number such as 10, 9.6 or 1e3");
        return v;
    });
}

} // namespace bloomlab::ui
