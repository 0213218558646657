// Sizing calculator: n and p given solve m and k (the core's optimalClassic), and the summary
// offers the fewer-probes sizing (math::fewerProbesClassic) with its memory cost; with k or m
// given it does not; bad input shows a visible error and no result — and nothing of the last
// solution (solved fields, summary, chart) stays under it. Every value the calculator writes
// into a field parses back as that number, in every locale the UI runs in (en_US, de_DE, ru_RU,
// ja_JP, hi_IN, fr_FR), also when printed with that locale's group separators; the UI's parse
// step removes only separators that group digits, reads the locale's decimal mark, and refuses a
// mark that could be either (German "2.125", Russian "2,125"), naming both readings and a way to
// type each — which then reads as that reading.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/filter_math.h"
#include "ui/calculator_panel.h"
#include "ui/number_field.h"
#endif

#include "ui_locales.h"

#include <QChart>
#include <QChartView>
#include <QLineEdit>
#include <QPushButton>

using bloomlab::ui::CalculatorPanel;

class TestUiCalculator : public QObject {
    Q_OBJECT

private slots:
    void fewerProbesOffered() {
        CalculatorPanel panel;
        panel.setField(CalculatorPanel::N, QStringLiteral("1M"));
        panel.setField(CalculatorPanel::P, QStringLiteral("0.01"));
        QVERIFY(panel.result().has_value());
        QCOMPARE(panel.result()->m, std::uint64_t{9'585'059});
        QCOMPARE(panel.result()->k, 7U);
        const QString summary = panel.summaryText();
        QVERIFY2(summary.contains(QStringLiteral("<b>fewer probes</b>: k = 4 meets the same p with 10.52 bits / item "
                                                 "(+9.8% memory): 4 instead of 7 cache lines read per lookup")),
                 qPrintable(summary));
        // p = 0.1%: k = 6 instead of 10 (filter_math.h).
        panel.setField(CalculatorPanel::P, QStringLiteral("0.001"));
        QVERIFY2(panel.summaryText().contains(QStringLiteral("k = 6 meets the same p")), qPrintable(panel.summaryText()));
        QVERIFY2(panel.summaryText().contains(QStringLiteral("6 instead of 10 cache lines")), qPrintable(panel.summaryText()));
    }

    void notOfferedWhenKOrMIsGiven() {
        CalculatorPanel panel;
        panel.setField(CalculatorPanel::N, QStringLiteral("1M"));
        panel.setField(CalculatorPanel::P, QStringLiteral("0.01"));
        panel.setField(CalculatorPanel::K, QStringLiteral("4"));
        QVERIFY(panel.result().has_value());
        QCOMPARE(panel.result()->k, 4U);
        QCOMPARE(panel.result()->m, bloomlab::math::classicBitsForFixedK(1e6, 0.01, 4));
        QVERIFY2(!panel.summaryText().contains(QStringLiteral("fewer probes")), qPrintable(panel.summaryText()));
        // p = 0.5 needs k = 1: nothing fewer to offer.
        panel.setField(CalculatorPanel::K, QString(), false);
        panel.setField(CalculatorPanel::P, QStringLiteral("0.5"));
        QVERIFY(panel.result().has_value());
        QCOMPARE(panel.result()->k, 1U);
        QVERIFY(!panel.summaryText().contains(QStringLiteral("fewer probes")));
    }

    void badInputIsVisible() {
        CalculatorPanel panel;
        const auto marked = [&](CalculatorPanel::Field field) {
            return panel.edit(field)->styleSheet().contains(QStringLiteral("border"));
        };
        panel.setField(CalculatorPanel::P, QStringLiteral("1.5"));
        QVERIFY(!panel.result().has_value());
        QVERIFY2(panel.errorText().contains(QStringLiteral("1.5")), qPrintable(panel.errorText()));
        QVERIFY(marked(CalculatorPanel::P));
        QVERIFY(panel.chartView()->chart()->title().contains(QStringLiteral("marked in red")));
        // Inputs that each read fine but together have no solution: nothing is marked, so the
        // chart does not point to a red input, and the message says what would work.
        panel.setField(CalculatorPanel::P, QStringLiteral("0.01"));
        panel.setField(CalculatorPanel::N, QStringLiteral("10000"));
        panel.setField(CalculatorPanel::M, QStringLiteral("1000"));
        QVERIFY(!panel.result().has_value());
        for (const auto field : {CalculatorPanel::N, CalculatorPanel::P, CalculatorPanel::M, CalculatorPanel::K})
            QVERIFY(!marked(field));
        const QString title = panel.chartView()->chart()->title();
        QVERIFY2(!title.contains(QStringLiteral("red")) && title.contains(QStringLiteral("message")), qPrintable(title));
        QVERIFY2(panel.errorText().contains(QStringLiteral("needs m = 95851 bits")), qPrintable(panel.errorText()));
    }

    void errorClearsTheLastSolution() {
        CalculatorPanel panel;
        panel.setField(CalculatorPanel::N, QStringLiteral("1M"));
        panel.setField(CalculatorPanel::P, QStringLiteral("0.01"));
        QVERIFY(panel.result().has_value());
        QCOMPARE(panel.edit(CalculatorPanel::M)->text(), QStringLiteral("9585059"));
        QVERIFY(!panel.summaryText().isEmpty());
        QVERIFY(panel.curvePointCount() > 0);
        QVERIFY(panel.applyButton()->isEnabled());
        const auto expectNothingShown = [&](const char* what) {
            QVERIFY2(!panel.result().has_value(), what);
            QVERIFY2(!panel.errorText().isEmpty(), what);
            QVERIFY2(panel.edit(CalculatorPanel::M)->text().isEmpty(), qPrintable(panel.edit(CalculatorPanel::M)->text()));
            QVERIFY2(panel.edit(CalculatorPanel::K)->text().isEmpty(), qPrintable(panel.edit(CalculatorPanel::K)->text()));
            QVERIFY2(panel.summaryText().isEmpty(), qPrintable(panel.summaryText()));
            QCOMPARE(panel.curvePointCount(), 0);
            QVERIFY2(!panel.applyButton()->isEnabled(), what);
        };
        // A field that does not parse, and inputs that parse but do not solve.
        panel.setField(CalculatorPanel::P, QStringLiteral("1.5"));
        expectNothingShown("bad p");
        panel.setField(CalculatorPanel::P, QStringLiteral("0.01"));
        QVERIFY(panel.result().has_value());
        QCOMPARE(panel.edit(CalculatorPanel::M)->text(), QStringLiteral("9585059"));
        panel.setField(CalculatorPanel::N, QString(), false);
        panel.setField(CalculatorPanel::P, QString(), false);
        panel.setField(CalculatorPanel::K, QStringLiteral("4"));
        QVERIFY(!panel.result().has_value());  // k alone solves nothing
        QVERIFY(panel.edit(CalculatorPanel::M)->text().isEmpty());
        QVERIFY(panel.summaryText().isEmpty());
        QCOMPARE(panel.curvePointCount(), 0);
    }

    void groupSeparatorsAreRemovedOnlyBetweenDigitGroups() {
        using bloomlab::ui::coreNumberText;
        const QLocale en(QStringLiteral("en_US")), de(QStringLiteral("de_DE")), ru(QStringLiteral("ru_RU")),
            fr(QStringLiteral("fr_FR")), hi(QStringLiteral("hi_IN"));
        QCOMPARE(coreNumberText(QStringLiteral("556,419"), en), QStringLiteral("556419"));
        QCOMPARE(coreNumberText(QStringLiteral(" 1,000,000 KiB "), en), QStringLiteral("1000000 KiB"));
        QCOMPARE(coreNumberText(QStringLiteral("1,234.5"), en), QStringLiteral("1234.5"));
        QCOMPARE(coreNumberText(QStringLiteral("2.125"), en), QStringLiteral("2.125"));        // '.' groups nothing in en
        QCOMPARE(coreNumberText(QStringLiteral("1,5"), en), QStringLiteral("1,5"));            // not a group
        QCOMPARE(coreNumberText(QStringLiteral("12,34"), en), QStringLiteral("12,34"));
        QCOMPARE(coreNumberText(QStringLiteral("1234,567"), en), QStringLiteral("1234,567"));  // first group too long
        QCOMPARE(coreNumberText(QStringLiteral("0,001"), en), QStringLiteral("0,001"));        // no group starts with 0
        QCOMPARE(coreNumberText(QStringLiteral("0.123,456"), en), QStringLiteral("0.123,456"));  // a fraction
        QCOMPARE(coreNumberText(QStringLiteral("1,000.000,5"), en), QStringLiteral("1,000.000,5"));
        QCOMPARE(coreNumberText(QStringLiteral("10 000"), en), QStringLiteral("10 000"));      // not en's separator
        // German: '.' groups, ',' is the decimal mark (and the app's own group mark).
        QCOMPARE(coreNumberText(QStringLiteral("6.671.562"), de), QStringLiteral("6671562"));  // two groups: no decimal
        QCOMPARE(coreNumberText(QStringLiteral("6,671,562"), de), QStringLiteral("6671562"));
        QCOMPARE(coreNumberText(QStringLiteral("1.234,5"), de), QStringLiteral("1234.5"));
        QCOMPARE(coreNumberText(QStringLiteral("2,5"), de), QStringLiteral("2.5"));
        QCOMPARE(coreNumberText(QStringLiteral("0,01"), de), QStringLiteral("0.01"));
        QCOMPARE(coreNumberText(QStringLiteral("0.001"), de), QStringLiteral("0.001"));
        QCOMPARE(coreNumberText(QStringLiteral("1.5"), de), QStringLiteral("1.5"));
        QCOMPARE(coreNumberText(QStringLiteral("1.234e-05"), de), QStringLiteral("1.234e-05"));  // groups take no exponent
        QCOMPARE(coreNumberText(QStringLiteral("1.5MiB"), de), QStringLiteral("1.5MiB"));
        QCOMPARE(coreNumberText(QStringLiteral("2.1250"), de), QStringLiteral("2.1250"));
        QCOMPARE(coreNumberText(QStringLiteral("1.000,000"), de), QStringLiteral("1000.000"));
        // Space-like separators: the locale's own, or a plain space typed instead; ',' decimal.
        QCOMPARE(coreNumberText(QStringLiteral("556\u00a0419"), ru), QStringLiteral("556419"));
        QCOMPARE(coreNumberText(QStringLiteral("556 419"), ru), QStringLiteral("556419"));
        QCOMPARE(coreNumberText(QStringLiteral("2.125"), ru), QStringLiteral("2.125"));
        QCOMPARE(coreNumberText(QStringLiteral("6,671,562"), ru), QStringLiteral("6671562"));
        QCOMPARE(coreNumberText(QStringLiteral("1\u202f000\u202f000"), fr), QStringLiteral("1000000"));
        QCOMPARE(coreNumberText(QStringLiteral("64 KiB"), fr), QStringLiteral("64 KiB"));
        QCOMPARE(coreNumberText(QStringLiteral("1 5"), fr), QStringLiteral("1 5"));
        QCOMPARE(coreNumberText(QStringLiteral("9,6"), fr), QStringLiteral("9.6"));
        // Indian grouping: 2-digit groups above the last 3.
        QCOMPARE(coreNumberText(QStringLiteral("55,64,19,123"), hi), QStringLiteral("556419123"));
        QCOMPARE(coreNumberText(QStringLiteral("5,56,419"), hi), QStringLiteral("556419"));
        QCOMPARE(coreNumberText(QStringLiteral("5,56,41"), hi), QStringLiteral("5,56,41"));
        // A mark that both groups and marks decimals is refused, with both readings.
        struct Ambiguous {
            const QLocale& locale;
            const char* typed;
            const char* whole;
            const char* decimal;    // the decimal reading
            const char* spelling;   // how the message says to type it
        };
        for (const Ambiguous& a : {Ambiguous{de, "2.125", "2125", "2.125", "2.1250"},
                                   Ambiguous{de, "2,125", "2125", "2.125", "2.1250"},
                                   Ambiguous{de, "556.419", "556419", "556.419", "556.4190"},
                                   Ambiguous{de, "2.125k", "2125", "2.125", "2.1250"},
                                   Ambiguous{ru, "2,125", "2125", "2.125", "2.125"},
                                   Ambiguous{fr, "556,419", "556419", "556.419", "556.419"}}) {
            try {
                const QString read = coreNumberText(QString::fromUtf8(a.typed), a.locale);
                QFAIL(qPrintable(QStringLiteral("%1 read as %2").arg(QString::fromUtf8(a.typed), read)));
            } catch (const std::invalid_argument& e) {
                const QString message = QString::fromUtf8(e.what());
                const QString typed = QString::fromUtf8(a.typed);
                QVERIFY2(message.contains(QStringLiteral("“%1”").arg(typed.endsWith(QLatin1Char('k')) ? typed.chopped(1) : typed)),
                         qPrintable(message));
                QVERIFY2(message.contains(QStringLiteral("%1 (").arg(QString::fromUtf8(a.whole))), qPrintable(message));
                QVERIFY2(message.contains(QStringLiteral(" or %1 (").arg(QString::fromUtf8(a.decimal))), qPrintable(message));
                QVERIFY2(message.contains(QStringLiteral("Type %1 or %2 to say which.")
                                              .arg(QString::fromUtf8(a.whole), QString::fromUtf8(a.spelling))),
                         qPrintable(message));
                // Each suggested spelling reads as its reading, without a question.
                QCOMPARE(coreNumberText(QString::fromUtf8(a.whole), a.locale), QString::fromUtf8(a.whole));
                QCOMPARE(QLocale::c().toDouble(coreNumberText(QString::fromUtf8(a.spelling), a.locale)),
                         QLocale::c().toDouble(QString::fromUtf8(a.decimal)));
            }
        }
        // The core still says what is wrong, quoting what was typed.
        try {
            bloomlab::ui::parseCountField(QStringLiteral("556,419x"));
            QFAIL("556,419x parsed");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("556,419x")), e.what());
        }
    }

    void refusesWhatCouldBeReadTwoWays_data() { bloomlab::test::addUiLocaleRows(); }

    /// In every UI locale: what the app writes into a field (countFieldText, decimalFieldText)
    /// reads back as the same number with no question; a whole number or a decimal typed the way
    /// the locale prints it reads as that number unless a mark could be read two ways, and then
    /// it is refused with both readings, never guessed.
    void refusesWhatCouldBeReadTwoWays() {
        QFETCH(QString, locale);
        const bloomlab::test::ScopedDefaultLocale scope{QLocale(locale)};
        using namespace bloomlab::ui;
        int refused = 0;
        for (const std::uint64_t v : {std::uint64_t{7}, std::uint64_t{999}, std::uint64_t{1000}, std::uint64_t{2125},
                                      std::uint64_t{556419}, std::uint64_t{1'000'000}, std::uint64_t{6'671'562},
                                      std::uint64_t{123'456'789'012}}) {
            const QString app = countFieldText(v);
            QCOMPARE(parseCountField(app), v);
            QCOMPARE(parseSizeBitsField(app), v);
            const QString printed = QLocale().toString(static_cast<qulonglong>(v));
            if (!bloomlab::test::printedAmbiguously(printed)) {
                QCOMPARE(parseCountField(printed), v);
                continue;
            }
            ++refused;
            try {
                (void)parseCountField(printed);
                QFAIL(qPrintable(printed + QStringLiteral(" was read without a question")));
            } catch (const std::invalid_argument& e) {
                const QString message = QString::fromUtf8(e.what());
                QVERIFY2(message.contains(QStringLiteral("“%1” can be read two ways: %2 (").arg(printed).arg(v)),
                         qPrintable(message));
            }
        }
        for (const double d : {2.125, 12.375, 9.6, 0.125, 1.5, 100.25, 1e-3, 3.0}) {
            const QString app = decimalFieldText(d);
            QCOMPARE(parsePositiveDecimalField(app), d);
            // Typed with the locale's decimal mark ("2,125" in German, Russian, French).
            const QString printed = QLocale().toString(d, 'g', 15);
            const bool ambiguous = bloomlab::test::printedAmbiguously(printed) ||
                                   (QLocale().decimalPoint() == QLatin1String(",") && printed.count(QLatin1Char(',')) == 1 &&
                                    printed.section(QLatin1Char(','), 1).size() == 3 && !printed.startsWith(QLatin1Char('0')));
            if (!ambiguous) {
                QCOMPARE(parsePositiveDecimalField(printed), d);
                continue;
            }
            ++refused;
            try {
                (void)parsePositiveDecimalField(printed);
                QFAIL(qPrintable(printed + QStringLiteral(" was read without a question")));
            } catch (const std::invalid_argument& e) {
                QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("“%1” can be read two ways").arg(printed)), e.what());
            }
        }
        // Only where a mark both groups and marks decimals: German, Russian and French.
        const bool twoWay = QLocale().groupSeparator() == QLatin1String(".") || QLocale().decimalPoint() == QLatin1String(",");
        QCOMPARE(refused > 0, twoWay);
        // And the core's own '.' decimal of three digits: a question only where '.' groups.
        try {
            QCOMPARE(parsePositiveDecimalField(QStringLiteral("2.125")), 2.125);
            QVERIFY(QLocale().groupSeparator() != QLatin1String("."));
        } catch (const std::invalid_argument& e) {
            QCOMPARE(QLocale().groupSeparator(), QStringLiteral("."));
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("Type 2125 or 2.1250 to say which.")), e.what());
        }
    }

    void solvedValuesParseBackInEveryLocale_data() {
        bloomlab::test::addUiLocaleRows();
    }

    void solvedValuesParseBackInEveryLocale() {
        QFETCH(QString, locale);
        const bloomlab::test::ScopedDefaultLocale scope{QLocale(locale)};
        using bloomlab::ui::parseCountField;
        using bloomlab::ui::parseProbabilityField;
        using bloomlab::ui::parseSizeBitsField;
        // m and p given: n solved, printed with group separators ("6,671,562" for 8 MB at 1 %): the
        // calculator once refused such a text as input ("unexpected ',671,562'").
        for (const char* m : {"8MB", "1GB", "100000", "64KiB"}) {
            CalculatorPanel panel;
            panel.setField(CalculatorPanel::N, QString(), false);
            panel.setField(CalculatorPanel::M, QString::fromLatin1(m));
            panel.setField(CalculatorPanel::P, QStringLiteral("0.01"));
            QVERIFY2(panel.result().has_value(), qPrintable(panel.errorText()));
            const double n = panel.result()->n;
            const QString shown = panel.edit(CalculatorPanel::N)->text();
            if (qstrcmp(m, "8MB") == 0)
                QCOMPARE(shown, QStringLiteral("6,671,562"));
            QCOMPARE(static_cast<double>(parseCountField(shown)), n);
            // The same number in the locale's own grouping ("6.671.562", "5,56,419", U+00A0, U+202F);
            // a single '.' group in German is refused (see refusesWhatCouldBeReadTwoWays).
            const QString localized = QLocale().toString(static_cast<qlonglong>(n));
            const bool ambiguous = bloomlab::test::printedAmbiguously(localized);
            if (!ambiguous)
                QCOMPARE(static_cast<double>(parseCountField(localized)), n);
            // Ticked as given, the solved text is accepted as it stands and solves the same.
            panel.setField(CalculatorPanel::N, shown, true);
            QVERIFY2(panel.errorText().isEmpty(), qPrintable(shown + QStringLiteral(": ") + panel.errorText()));
            QVERIFY(panel.result().has_value());
            QCOMPARE(panel.result()->n, n);
            panel.setField(CalculatorPanel::N, localized, true);
            if (ambiguous) {
                QVERIFY2(panel.errorText().contains(QStringLiteral("“%1” can be read two ways").arg(localized)),
                         qPrintable(panel.errorText()));
                QVERIFY(!panel.result().has_value());
                continue;
            }
            QVERIFY2(panel.errorText().isEmpty(), qPrintable(localized + QStringLiteral(": ") + panel.errorText()));
            QCOMPARE(panel.result()->n, n);
        }
        // n and p given: m and k solved; n and m given: p solved.
        for (const char* n : {"1M", "556419", "1e8"}) {
            CalculatorPanel panel;
            panel.setField(CalculatorPanel::N, QString::fromLatin1(n));
            panel.setField(CalculatorPanel::P, QStringLiteral("1/3000"));
            QVERIFY(panel.result().has_value());
            const auto r = *panel.result();
            QCOMPARE(parseSizeBitsField(panel.edit(CalculatorPanel::M)->text()), r.m);
            QCOMPARE(parseCountField(panel.edit(CalculatorPanel::K)->text()), std::uint64_t{r.k});
            const QString localM = QLocale().toString(static_cast<qulonglong>(r.m));
            if (!bloomlab::test::printedAmbiguously(localM))
                QCOMPARE(parseSizeBitsField(localM), r.m);
            panel.setField(CalculatorPanel::M, panel.edit(CalculatorPanel::M)->text());
            panel.setField(CalculatorPanel::P, QString(), false);
            QVERIFY(panel.result().has_value());
            const QString p = panel.edit(CalculatorPanel::P)->text();
            QCOMPARE(parseProbabilityField(p), QLocale::c().toDouble(p));  // the number shown
            QVERIFY2(std::abs(parseProbabilityField(p) / panel.result()->p - 1.0) < 1e-3, qPrintable(p));
        }
    }
};

QTEST_MAIN(TestUiCalculator)
#include "tst_ui_calculator.moc"
