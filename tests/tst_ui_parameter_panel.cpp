// Parameter panel: moving the n and p sliders updates m and k per the sizing formulas
// m = ceil(-n ln p / (ln 2)^2), k = max(1, round((m / n) ln 2)); typed values use the core's
// number syntax; bad typed values show a visible inline error, never reach the session and
// never crash.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "ui/filter_session.h"
#include "ui/log_slider_field.h"
#include "ui/main_window.h"
#include "ui/parameter_panel.h"
#endif

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>

#include <cmath>

using bloomlab::FilterSpec;
using bloomlab::FilterType;
using bloomlab::ui::ParameterPanel;

namespace {

/// The digits of a label such as "95,851" or "≈ 1,234 counters".
std::uint64_t labelNumber(const QLabel* label) {
    QString digits;
    for (const QChar c : label->text()) {
        if (c.isDigit())
            digits += c;
        else if (!digits.isEmpty() && c != QLatin1Char(','))
            break;
    }
    return digits.toULongLong();
}

std::uint64_t formulaM(double n, double p) {
    const double ln2 = std::log(2.0);
    return static_cast<std::uint64_t>(std::ceil(-n * std::log(p) / (ln2 * ln2)));
}

std::uint32_t formulaK(double m, double n) {
    return static_cast<std::uint32_t>(std::max(1.0, std::round(m / n * std::log(2.0))));
}

} // namespace

class TestUiParameterPanel : public QObject {
    Q_OBJECT

private slots:
    void slidersUpdateMAndK_data();
    void slidersUpdateMAndK();
    void typedValuesUseCoreSyntax();
    void badTypedInputShowsErrorAndIsNotEmitted_data();
    void badTypedInputShowsErrorAndIsNotEmitted();
    void badInputNeverReachesTheSession();
    void otherTypesShowTheirLayout();
};

void TestUiParameterPanel::slidersUpdateMAndK_data() {
    QTest::addColumn<int>("nPosition");
    QTest::addColumn<int>("pPosition");
    QTest::newRow("low ends") << 0 << 0;
    QTest::newRow("middle") << 500 << 500;
    QTest::newRow("n high, p low") << 900 << 120;
    QTest::newRow("n low, p high") << 150 << 980;
    QTest::newRow("top ends") << 1000 << 1000;
}

void TestUiParameterPanel::slidersUpdateMAndK() {
    QFETCH(int, nPosition);
    QFETCH(int, pPosition);
    ParameterPanel panel;
    QSignalSpy spy(&panel, &ParameterPanel::specChanged);
    auto* nSlider = panel.findChild<QSlider*>(QStringLiteral("nSlider"));
    auto* pSlider = panel.findChild<QSlider*>(QStringLiteral("pSlider"));
    QVERIFY(nSlider && pSlider);
    nSlider->setValue(nPosition == nSlider->value() ? nPosition + 1 : nPosition);
    nSlider->setValue(nPosition);
    pSlider->setValue(pPosition == pSlider->value() ? pPosition + 1 : pPosition);
    pSlider->setValue(pPosition);
    QVERIFY(spy.count() >= 2);

    const FilterSpec spec = panel.spec();
    const double n = static_cast<double>(spec.capacity);
    const double p = spec.fpr;
    QVERIFY(n >= ParameterPanel::kMinN && n <= ParameterPanel::kMaxN);
    QVERIFY(p >= ParameterPanel::kMinP && p <= ParameterPanel::kMaxP);
    // The field shows the slider's value.
    QCOMPARE(panel.nField()->value(), n);
    QCOMPARE(spy.last().at(0).value<FilterSpec>().capacity, spec.capacity);

    const std::uint64_t m = formulaM(n, p);
    QCOMPARE(labelNumber(panel.mBitsLabel()), m);
    QCOMPARE(panel.kLabel()->text().toUInt(), formulaK(static_cast<double>(m), n));
}

void TestUiParameterPanel::typedValuesUseCoreSyntax() {
    ParameterPanel panel;
    QSignalSpy spy(&panel, &ParameterPanel::specChanged);
    panel.nField()->field()->setText(QStringLiteral("1M"));
    QVERIFY(panel.nField()->commitText());
    panel.pField()->field()->setText(QStringLiteral("1/1000"));
    QVERIFY(panel.pField()->commitText());
    QCOMPARE(panel.spec().fpr, 0.001);
    panel.pField()->field()->setText(QStringLiteral("1%"));
    QVERIFY(panel.pField()->commitText());
    QCOMPARE(spy.count(), 3);
    QCOMPARE(panel.spec().capacity, std::uint64_t{1000000});
    QCOMPARE(panel.spec().fpr, 0.01);
    // Seed 001's example: n = 1,000,000, p = 1 % gives m = 9,585,059 bits and k = 7.
    QCOMPARE(labelNumber(panel.mBitsLabel()), std::uint64_t{9585059});
    QCOMPARE(panel.kLabel()->text(), QStringLiteral("7"));
    QVERIFY(!panel.nField()->hasError());
    QVERIFY(!panel.pField()->hasError());
}

void TestUiParameterPanel::badTypedInputShowsErrorAndIsNotEmitted_data() {
    QTest::addColumn<bool>("isN");
    QTest::addColumn<QString>("text");
    QTest::newRow("p = 0") << false << "0";
    QTest::newRow("p = 1") << false << "1";
    QTest::newRow("p = 1.5") << false << "1.5";
    QTest::newRow("p text") << false << "abc";
    QTest::newRow("p negative") << false << "-0.1";
    QTest::newRow("p empty") << false << "";
    QTest::newRow("p above panel range") << false << "0.7";
    QTest::newRow("n = 0") << true << "0";
    QTest::newRow("n text") << true << "lots";
    QTest::newRow("n fraction") << true << "10.5";
    QTest::newRow("n negative") << true << "-5";
    QTest::newRow("n above panel range") << true << "1e9";
    QTest::newRow("n below panel range") << true << "3";
}

void TestUiParameterPanel::badTypedInputShowsErrorAndIsNotEmitted() {
    QFETCH(bool, isN);
    QFETCH(QString, text);
    ParameterPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const FilterSpec before = panel.spec();
    QSignalSpy spy(&panel, &ParameterPanel::specChanged);
    bloomlab::ui::LogSliderField* field = isN ? panel.nField() : panel.pField();
    const int sliderBefore = field->slider()->value();

    field->field()->setFocus();
    field->field()->clear();
    QTest::keyClicks(field->field(), text);
    QTest::keyClick(field->field(), Qt::Key_Return);

    QCOMPARE(spy.count(), 0);
    QVERIFY(field->hasError());
    QVERIFY(!field->errorText().isEmpty());
    QVERIFY(field->errorLabel()->isVisible());
    QCOMPARE(field->slider()->value(), sliderBefore);
    QCOMPARE(panel.spec().capacity, before.capacity);
    QCOMPARE(panel.spec().fpr, before.fpr);

    // Typing again clears the error; a valid value is then accepted.
    field->field()->selectAll();
    QTest::keyClicks(field->field(), isN ? QStringLiteral("5000") : QStringLiteral("0.05"));
    QVERIFY(!field->errorLabel()->isVisible());
    QTest::keyClick(field->field(), Qt::Key_Return);
    QCOMPARE(spy.count(), 1);
    QVERIFY(!field->hasError());
}

void TestUiParameterPanel::badInputNeverReachesTheSession() {
    bloomlab::ui::MainWindow window({false, false});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    bloomlab::ui::FilterSession* session = window.session();
    const FilterSpec before = session->spec();
    QVERIFY(session->filter() != nullptr);
    auto* pEdit = window.findChild<QLineEdit*>(QStringLiteral("pEdit"));
    QVERIFY(pEdit);
    for (const QString& bad : {QStringLiteral("0"), QStringLiteral("2"), QStringLiteral("nan"), QStringLiteral("1/0")}) {
        pEdit->setFocus();
        pEdit->selectAll();
        QTest::keyClicks(pEdit, bad);
        QTest::keyClick(pEdit, Qt::Key_Return);
        QTest::qWait(200);  // longer than the coalescing delay of the session
        QVERIFY(window.parameterPanel()->pField()->hasError());
        QCOMPARE(session->spec().fpr, before.fpr);
        QVERIFY(session->filter() != nullptr);
    }
}

void TestUiParameterPanel::otherTypesShowTheirLayout() {
    // Classic: the expected FPR is (1 - e^(-kn/m))^k with the rounded k (1.0039 % for p = 1 %).
    // The other layouts are sized as the smallest that meets p, so their expected FPR is <= p.
    ParameterPanel panel;
    auto* type = panel.typeCombo();
    for (int i = 0; i < type->count(); ++i) {
        type->setCurrentIndex(i);
        const auto d = panel.derived();
        const FilterSpec spec = panel.spec();
        QVERIFY2(d.bits > 0, qPrintable(type->currentText()));
        QVERIFY(d.bitsPerItem >= d.lowerBoundBitsPerItem);
        if (spec.type == FilterType::Classic) {
            const double n = static_cast<double>(spec.capacity);
            const double expected = std::pow(1.0 - std::exp(-static_cast<double>(d.hashes) * n / static_cast<double>(d.bits)), d.hashes);
            QVERIFY(std::abs(d.expectedFpr - expected) <= 1e-12);
        } else {
            QVERIFY2(d.expectedFpr > 0 && d.expectedFpr <= spec.fpr,
                     qPrintable(type->currentText() + QStringLiteral(": ") + QString::number(d.expectedFpr)));
        }
    }
}

QTEST_MAIN(TestUiParameterPanel)
#include "tst_ui_parameter_panel.moc"
