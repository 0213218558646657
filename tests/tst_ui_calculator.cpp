// Sizing calculator: n and p given solve m and k (the core's optimalClassic), and the summary
// offers the fewer-probes sizing (math::fewerProbesClassic) with its memory cost; with k or m
// given it does not; bad input shows a visible error and no result — and nothing of the last
// solution (solved fields, summary, chart) stays under it. Every value the calculator writes
// into a field parses back as that number, in every locale the UI runs in (en_US, de_DE, ru_RU,
// ja_JP, hi_IN, fr_FR), also when printed with that locale's group separators; the UI's parse
// step removes only separators that group digits.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/filter_math.h"
#include "ui/calculator_panel.h"
#include "ui/number_field.h"
#endif

#include "ui_locales.h"

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
        panel.setField(CalculatorPanel::P, QStringLiteral("1.5"));
        QVERIFY(!panel.result().has_value());
        QVERIFY2(panel.errorText().contains(QStringLiteral("1.5")), qPrintable(panel.errorText()));
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
        using bloomlab::ui::withoutGroupSeparators;
        const QLocale en(QStringLiteral("en_US")), de(QStringLiteral("de_DE")), ru(QStringLiteral("ru_RU")),
            fr(QStringLiteral("fr_FR")), hi(QStringLiteral("hi_IN"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("556,419"), en), QStringLiteral("556419"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral(" 1,000,000 KiB "), en), QStringLiteral("1000000 KiB"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1,234.5"), en), QStringLiteral("1234.5"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1,5"), en), QStringLiteral("1,5"));          // not a group
        QCOMPARE(withoutGroupSeparators(QStringLiteral("12,34"), en), QStringLiteral("12,34"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1234,567"), en), QStringLiteral("1234,567"));  // first group too long
        QCOMPARE(withoutGroupSeparators(QStringLiteral("0,001"), en), QStringLiteral("0,001"));      // no group starts with 0
        QCOMPARE(withoutGroupSeparators(QStringLiteral("0.123,456"), en), QStringLiteral("0.123,456"));  // a fraction
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1,000.000,5"), en), QStringLiteral("1000.000,5"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("10 000"), en), QStringLiteral("10 000"));    // not en's separator
        // German groups with '.': a C-locale fraction or exponent stays as it is.
        QCOMPARE(withoutGroupSeparators(QStringLiteral("556.419"), de), QStringLiteral("556419"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("556,419"), de), QStringLiteral("556419"));  // the C locale's
        QCOMPARE(withoutGroupSeparators(QStringLiteral("0.001"), de), QStringLiteral("0.001"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1.5"), de), QStringLiteral("1.5"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1.234e-05"), de), QStringLiteral("1.234e-05"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1.5MiB"), de), QStringLiteral("1.5MiB"));
        // Space-like separators: the locale's own, or a plain space typed instead.
        QCOMPARE(withoutGroupSeparators(QStringLiteral("556\u00a0419"), ru), QStringLiteral("556419"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("556 419"), ru), QStringLiteral("556419"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1\u202f000\u202f000"), fr), QStringLiteral("1000000"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("64 KiB"), fr), QStringLiteral("64 KiB"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1 5"), fr), QStringLiteral("1 5"));
        // Indian grouping: 2-digit groups above the last 3.
        QCOMPARE(withoutGroupSeparators(QStringLiteral("55,64,19,123"), hi), QStringLiteral("556419123"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("5,56,419"), hi), QStringLiteral("556419"));
        QCOMPARE(withoutGroupSeparators(QStringLiteral("5,56,41"), hi), QStringLiteral("5,56,41"));
        // Mixed separators are not one number.
        QCOMPARE(withoutGroupSeparators(QStringLiteral("1.000,000"), de), QStringLiteral("1.000,000"));
        // The core still says what is wrong, quoting what was typed.
        try {
            bloomlab::ui::parseCountField(QStringLiteral("556,419x"));
            QFAIL("556,419x parsed");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("556,419x")), e.what());
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
            // The same number in the locale's own grouping ("556.419", "5,56,419", U+00A0, U+202F).
            const QString localized = QLocale().toString(static_cast<qlonglong>(n));
            QCOMPARE(static_cast<double>(parseCountField(localized)), n);
            // Ticked as given, the solved text is accepted as it stands and solves the same.
            panel.setField(CalculatorPanel::N, shown, true);
            QVERIFY2(panel.errorText().isEmpty(), qPrintable(shown + QStringLiteral(": ") + panel.errorText()));
            QVERIFY(panel.result().has_value());
            QCOMPARE(panel.result()->n, n);
            panel.setField(CalculatorPanel::N, localized, true);
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
            QCOMPARE(parseSizeBitsField(QLocale().toString(static_cast<qulonglong>(r.m))), r.m);
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
