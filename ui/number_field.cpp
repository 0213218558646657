#include "ui/number_field.h"

#include "core/parse_units.h"

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

/// The separator of `separators` that `text` has at `pos`, or an empty string.
QString separatorAt(const QString& text, qsizetype pos, const std::vector<QString>& separators) {
    for (const QString& s : separators)
        if (!s.isEmpty() && QStringView(text).mid(pos).startsWith(s))
            return s;
    return {};
}

qsizetype digitRun(const QString& text, qsizetype pos) {
    qsizetype end = pos;
    while (end < text.size() && isAsciiDigit(text.at(end)))
        ++end;
    return end - pos;
}

} // namespace

QString withoutGroupSeparators(const QString& text, const QLocale& locale) {
    const QString s = text.trimmed();
    std::vector<QString> separators;
    for (const QString& sep : {locale.groupSeparator(), QLocale::c().groupSeparator()}) {
        if (isSpaceSeparator(sep)) {
            for (const char16_t c : {u' ', u'\u00a0', u'\u2009', u'\u202f'})
                separators.emplace_back(QChar(c));
        } else if (!sep.isEmpty()) {
            separators.push_back(sep);
        }
    }
    const QString decimalPoint = locale.decimalPoint();
    auto isFractionMark = [&](QChar c) {
        return c == QLatin1Char('.') || (!decimalPoint.isEmpty() && c == decimalPoint.at(0));
    };

    QString out;
    out.reserve(s.size());
    qsizetype i = 0;
    while (i < s.size()) {
        const bool starts = isAsciiDigit(s.at(i)) && (i == 0 || (!isAsciiDigit(s.at(i - 1)) && !isFractionMark(s.at(i - 1))));
        if (!starts) {
            out += s.at(i++);
            continue;
        }
        // A whole number from here: digit groups joined by one and the same separator.
        const qsizetype first = digitRun(s, i);
        qsizetype end = i + first;
        std::vector<qsizetype> groups;
        QString used;
        while (end < s.size()) {
            const QString sep = separatorAt(s, end, separators);
            if (sep.isEmpty() || (!used.isEmpty() && !isSpaceSeparator(used) && sep != used))
                break;
            const qsizetype run = digitRun(s, end + sep.size());
            if (run == 0)
                break;
            used = sep;
            groups.push_back(run);
            end += sep.size() + run;
        }
        bool grouped = !groups.empty() && first <= 3 && s.at(i) != QLatin1Char('0') && groups.back() == 3;
        for (std::size_t g = 0; grouped && g + 1 < groups.size(); ++g)
            grouped = groups[g] == 2 || groups[g] == 3;
        // "1.234e-05" in a locale that groups with '.' is a fraction with an exponent.
        if (grouped && end < s.size() && (s.at(end) == QLatin1Char('e') || s.at(end) == QLatin1Char('E')))
            grouped = false;
        if (grouped && used == QLatin1String(".") && end + 1 < s.size() && isFractionMark(s.at(end)) &&
            isAsciiDigit(s.at(end + 1)))
            grouped = false;
        const QString span = s.mid(i, end - i);
        if (grouped) {
            for (const QChar c : span)
                if (isAsciiDigit(c))
                    out += c;
        } else {
            out += span;
        }
        i = end;
    }
    return out;
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
