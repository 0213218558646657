// Sizing calculator: n and p given solve m and k (the core's optimalClassic), and the summary
// offers the fewer-probes sizing (math::fewerProbesClassic) with its memory cost; with k or m
// given it does not; bad input shows a visible error and no result.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/filter_math.h"
#include "ui/calculator_panel.h"
#endif

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
};

QTEST_MAIN(TestUiCalculator)
#include "tst_ui_calculator.moc"
