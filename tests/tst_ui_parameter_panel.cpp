// Parameter panel: moving the n and p sliders updates m and k per the sizing formulas
// m = ceil(-n ln p / (ln 2)^2), k = max(1, round((m / n) ln 2)); typed values use the core's
// number syntax; bad typed values show a visible inline error, never reach the session and
// never crash. What the n and p fields show parses back as the same value in every locale the
// UI runs in. The calculator's n and p reach the explorer unclamped when they fit its range
// (p = 1.15e-11) and with a note when they do not. After a rebuild the Derived values are the
// built filter's, for every type; a spec over the memory cap is marked "not built" in the
// panel and in the explorer, which keeps the previous filter.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "ui/calculator_panel.h"
#include "ui/false_positive_panel.h"
#include "ui/filter_probe.h"
#include "ui/filter_session.h"
#include "ui/log_slider_field.h"
#include "ui/main_window.h"
#include "ui/number_field.h"
#include "ui/parameter_panel.h"
#endif

#include "ui_locales.h"

#include <QPushButton>
#include <QStatusBar>

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

/// The number in brackets of the memory label: "11.7 KiB (11,984 bytes)".
std::uint64_t bytesInLabel(const QLabel* label) {
    const QString text = label->text();
    const qsizetype open = text.indexOf(QLatin1Char('('));
    QString digits;
    for (qsizetype i = open + 1; open >= 0 && i < text.size() && text.at(i) != QLatin1Char(')'); ++i)
        if (text.at(i).isDigit())
            digits += text.at(i);
    return digits.toULongLong();
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
    void fieldsParseBackInEveryLocale_data();
    void fieldsParseBackInEveryLocale();
    void calculatorPReachesTheExplorer();
    void derivedEqualsTheBuiltFilter_data();
    void derivedEqualsTheBuiltFilter();
    void overTheMemoryCapIsMarkedNotBuilt();
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

void TestUiParameterPanel::fieldsParseBackInEveryLocale_data() {
    bloomlab::test::addUiLocaleRows();
}

void TestUiParameterPanel::fieldsParseBackInEveryLocale() {
    QFETCH(QString, locale);
    const bloomlab::test::ScopedDefaultLocale scope{QLocale(locale)};
    ParameterPanel panel;
    QSignalSpy spy(&panel, &ParameterPanel::specChanged);
    // Every slider position: what the field shows is the value, and Enter on it changes nothing.
    for (int position = 0; position <= 1000; position += 37) {
        panel.nField()->slider()->setValue(position);
        panel.pField()->slider()->setValue(position);
        const double n = panel.nField()->value(), p = panel.pField()->value();
        QCOMPARE(static_cast<double>(bloomlab::ui::parseCountField(panel.nField()->field()->text())), n);
        QCOMPARE(bloomlab::ui::parseProbabilityField(panel.pField()->field()->text()), p);
        const int emitted = static_cast<int>(spy.count());
        panel.nField()->field()->setModified(true);
        QVERIFY2(panel.nField()->commitText(), qPrintable(panel.nField()->field()->text() + panel.nField()->errorText()));
        QVERIFY2(panel.pField()->commitText(), qPrintable(panel.pField()->field()->text() + panel.pField()->errorText()));
        QCOMPARE(static_cast<int>(spy.count()), emitted);
    }
    // Values set from elsewhere (a file, the calculator) with more digits than a slider step.
    for (const double n : {556419.0, 12345678.0, 99999999.0}) {
        for (const double p : {1.15e-11, 0.012345, 0.0100394, 3.3333333333333335e-4}) {
            FilterSpec spec = panel.spec();
            spec.capacity = static_cast<std::uint64_t>(n);
            spec.fpr = p;
            panel.setSpec(spec);
            QCOMPARE(static_cast<double>(bloomlab::ui::parseCountField(panel.nField()->field()->text())), n);
            QCOMPARE(bloomlab::ui::parseProbabilityField(panel.pField()->field()->text()), p);
            const int emitted = static_cast<int>(spy.count());
            QVERIFY(panel.nField()->commitText() && panel.pField()->commitText());
            QCOMPARE(static_cast<int>(spy.count()), emitted);  // the same values: nothing to rebuild
            // Typed in the locale's own grouping: the same n; a single '.' group (German "556.419")
            // could be a decimal too and is refused with both readings, the value kept.
            const QString localized = QLocale().toString(static_cast<qlonglong>(n));
            panel.nField()->field()->setText(localized);
            if (bloomlab::test::printedAmbiguously(localized)) {
                QVERIFY(!panel.nField()->commitText());
                QVERIFY2(panel.nField()->errorText().contains(QStringLiteral("“%1” can be read two ways").arg(localized)),
                         qPrintable(panel.nField()->errorText()));
                QCOMPARE(panel.nField()->value(), n);
                continue;
            }
            QVERIFY2(panel.nField()->commitText(), qPrintable(panel.nField()->field()->text() + panel.nField()->errorText()));
            QCOMPARE(panel.nField()->value(), n);
        }
    }
}

void TestUiParameterPanel::calculatorPReachesTheExplorer() {
    bloomlab::ui::MainWindow window({false, false});
    bloomlab::ui::CalculatorPanel* calculator = window.calculatorPanel();
    calculator->setField(bloomlab::ui::CalculatorPanel::N, QStringLiteral("1000"));
    calculator->setField(bloomlab::ui::CalculatorPanel::P, QStringLiteral("1.15e-11"));
    QVERIFY(calculator->applyButton()->isEnabled());
    QTest::mouseClick(calculator->applyButton(), Qt::LeftButton);
    QCOMPARE(window.parameterPanel()->spec().fpr, 1.15e-11);
    QCOMPARE(window.session()->spec().fpr, 1.15e-11);
    QCOMPARE(window.session()->spec().capacity, std::uint64_t{1000});
    QVERIFY(window.parameterPanel()->rangeNote().isEmpty());
    QCOMPARE(window.parameterPanel()->pField()->field()->text(), QStringLiteral("1.15e-11"));

    // Outside the explorer's range: clamped, and said so under p and in the status bar.
    calculator->setField(bloomlab::ui::CalculatorPanel::P, QStringLiteral("1e-14"));
    QTest::mouseClick(calculator->applyButton(), Qt::LeftButton);
    QCOMPARE(window.parameterPanel()->spec().fpr, ParameterPanel::kMinP);
    const QString note = window.parameterPanel()->rangeNote();
    QVERIFY2(note.contains(QStringLiteral("p = 1e-14")) && note.contains(QStringLiteral("uses p = 1e-12")), qPrintable(note));
    QVERIFY2(window.statusBar()->currentMessage().contains(note), qPrintable(window.statusBar()->currentMessage()));
    calculator->setField(bloomlab::ui::CalculatorPanel::N, QStringLiteral("2e9"));
    calculator->setField(bloomlab::ui::CalculatorPanel::P, QStringLiteral("0.01"));
    QTest::mouseClick(calculator->applyButton(), Qt::LeftButton);
    QCOMPARE(window.parameterPanel()->spec().capacity, std::uint64_t{100000000});
    QVERIFY2(window.parameterPanel()->rangeNote().contains(QStringLiteral("n = 2,000,000,000")),
             qPrintable(window.parameterPanel()->rangeNote()));
    // The next change in the panel itself clears the note.
    window.parameterPanel()->nField()->field()->setText(QStringLiteral("5000"));
    QVERIFY(window.parameterPanel()->nField()->commitText());
    QVERIFY(window.parameterPanel()->rangeNote().isEmpty());
}

void TestUiParameterPanel::derivedEqualsTheBuiltFilter_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("n");
    QTest::addColumn<QString>("p");
    for (const FilterType t : {FilterType::Classic, FilterType::Blocked, FilterType::Counting, FilterType::Scalable,
                               FilterType::Cuckoo}) {
        const QString name = bloomlab::ui::filterTypeKeyword(t);
        QTest::newRow(qPrintable(name + QStringLiteral(" 4,600 at 1 %"))) << int(t) << "4600" << "0.01";
        QTest::newRow(qPrintable(name + QStringLiteral(" 1M at 1e-5"))) << int(t) << "1M" << "1e-5";
        QTest::newRow(qPrintable(name + QStringLiteral(" 777 at 30 %"))) << int(t) << "777" << "0.3";
    }
}

void TestUiParameterPanel::derivedEqualsTheBuiltFilter() {
    QFETCH(int, type);
    QFETCH(QString, n);
    QFETCH(QString, p);
    bloomlab::ui::MainWindow window({false, false});
    ParameterPanel* panel = window.parameterPanel();
    bloomlab::ui::FilterSession* session = window.session();
    QSignalSpy reset(session, &bloomlab::ui::FilterSession::filterReset);
    panel->typeCombo()->setCurrentIndex(panel->typeCombo()->findData(type));
    panel->nField()->field()->setText(n);
    QVERIFY(panel->nField()->commitText());
    panel->pField()->field()->setText(p);
    QVERIFY(panel->pField()->commitText());
    QVERIFY(reset.wait(5000));  // the coalesced rebuild (Apply)
    QTRY_COMPARE(session->spec().capacity, panel->spec().capacity);
    QCOMPARE(session->spec().fpr, panel->spec().fpr);
    QCOMPARE(int(session->spec().type), type);
    const bloomlab::AnyFilter* filter = session->filter();
    QVERIFY(filter);
    const auto stats = filter->stats();
    const auto d = panel->derived();
    QCOMPARE(d.bits, filter->sizeInBits());
    QCOMPARE(d.bytes, static_cast<double>(stats.bytes));
    // What the labels show, digit for digit.
    const auto* bytesLabel = panel->findChild<QLabel*>(QStringLiteral("mBytes"));
    QVERIFY(bytesLabel);
    QCOMPARE(bytesInLabel(bytesLabel), stats.bytes);
    if (filter->type() == FilterType::Counting)
        QCOMPARE(labelNumber(panel->mBitsLabel()), filter->sizeInBits() / 4);  // counters of 4 bits
    else
        QCOMPARE(labelNumber(panel->mBitsLabel()), filter->sizeInBits());
    if (filter->type() == FilterType::Cuckoo)
        QCOMPARE(panel->kLabel()->text(), QStringLiteral("2 buckets, %1-bit fingerprint").arg(filter->fingerprintBits()));
    else
        QCOMPARE(panel->kLabel()->text().toUInt(), filter->hashCount());
    QVERIFY(!panel->mBitsLabel()->text().contains(QStringLiteral("≈")));
    QVERIFY(panel->derivedBuilt());
}

void TestUiParameterPanel::overTheMemoryCapIsMarkedNotBuilt() {
    bloomlab::ui::MainWindow window({false, false});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ParameterPanel* panel = window.parameterPanel();
    bloomlab::ui::FilterSession* session = window.session();
    for (int i = 0; i < 20; ++i)
        session->insertKey("kept-" + std::to_string(i));
    const std::uint64_t bitsBefore = session->filter()->sizeInBits();
    QVERIFY(panel->derivedBuilt());
    auto* notBuilt = window.falsePositivePanel()->notBuiltLabel();
    QVERIFY2(!notBuilt->isVisible(), qPrintable(notBuilt->text() + QStringLiteral("|") + session->refusedSpecMessage()));

    // n = 10^8 at p = 10^-12: 5.8 * 10^9 bits (719 MB), over the explorer's 256 MiB.
    QSignalSpy errors(session, &bloomlab::ui::FilterSession::errorOccurred);
    panel->nField()->field()->setText(QStringLiteral("1e8"));
    QVERIFY(panel->nField()->commitText());
    panel->pField()->field()->setText(QStringLiteral("1e-12"));
    QVERIFY(panel->pField()->commitText());
    QVERIFY(errors.wait(5000));
    QVERIFY(session->filter());
    QCOMPARE(session->filter()->sizeInBits(), bitsBefore);  // the previous filter stays ...
    QVERIFY(session->filter()->mightContain("kept-7"));
    // ... and says so: the Derived values are marked, the explorer names the filter it shows.
    QVERIFY(!panel->derivedBuilt());
    QVERIFY2(panel->sessionMessage().startsWith(QStringLiteral("Not built: this filter needs")), qPrintable(panel->sessionMessage()));
    QVERIFY(panel->findChild<QLabel*>(QStringLiteral("sessionMessage"))->isVisible());
    QVERIFY(!panel->mBitsLabel()->isEnabled());
    QCOMPARE(labelNumber(panel->mBitsLabel()), formulaM(1e8, 1e-12));  // the numbers asked for, greyed
    QVERIFY(notBuilt->isVisible());
    QVERIFY2(notBuilt->text().contains(QStringLiteral("not built")) &&
                 notBuilt->text().contains(QStringLiteral("previous filter (Classic Bloom, n = 10,000, p = 1 %)")),
             qPrintable(notBuilt->text()));
    QCOMPARE(notBuilt->toolTip(), session->refusedSpecMessage());
    // Clearing the shown filter does not build the refused one: still marked.
    QVERIFY(window.clearFilterAsking());
    QVERIFY(!panel->derivedBuilt());
    QVERIFY(notBuilt->isVisible());

    // A spec that fits: built, the marks go.
    QSignalSpy reset(session, &bloomlab::ui::FilterSession::filterReset);
    panel->nField()->field()->setText(QStringLiteral("20000"));
    QVERIFY(panel->nField()->commitText());
    QVERIFY(reset.wait(5000));
    QCOMPARE(session->spec().capacity, std::uint64_t{20000});
    QVERIFY(panel->derivedBuilt());
    QVERIFY(panel->mBitsLabel()->isEnabled());
    QVERIFY(!notBuilt->isVisible());
    QCOMPARE(labelNumber(panel->mBitsLabel()), session->filter()->sizeInBits());
}

QTEST_MAIN(TestUiParameterPanel)
#include "tst_ui_parameter_panel.moc"
