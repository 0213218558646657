// Compare view: a budget too small for a type says so in words, with the least budget that
// fits (and that budget does build the type), never the plan's message about p; a type that
// failed inserts shows no measured FPR (no bar, "not valid" in the table, a note); the budget
// can be given in bits per key; every value the view writes into its fields parses back as
// that number in every locale the UI runs in; the values above the bars are readable on the
// chart's background.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "ui/compare_view.h"
#include "ui/filter_probe.h"
#include "ui/number_field.h"
#endif

#include "ui_locales.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLineEdit>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

using bloomlab::FilterType;
using bloomlab::ui::CompareRow;
using bloomlab::ui::CompareView;

namespace {

/// The view's fields set to these values (the budget in total bits).
void fill(CompareView& view, std::uint64_t keys, std::uint64_t budgetBits, std::uint64_t queries) {
    view.setKeyCount(keys);
    view.setBudgetBits(budgetBits);
    view.setQueryCount(queries);
}

bool runAndWait(CompareView& view) {
    QSignalSpy finished(&view, &CompareView::finished);
    view.run();
    if (!view.errorText().isEmpty())
        return false;
    return finished.wait(120000);
}

QLineEdit* field(CompareView& view, const char* name) { return view.findChild<QLineEdit*>(QString::fromLatin1(name)); }

int barCount(CompareView& view) {
    const auto series = view.chartView()->chart()->series();
    if (series.isEmpty())
        return -1;
    auto* bars = qobject_cast<QBarSeries*>(series.first());
    return bars && !bars->barSets().isEmpty() ? static_cast<int>(bars->barSets().first()->count()) : 0;
}

/// WCAG 2 contrast ratio of two colours (1 = the same, 21 = black on white).
double contrastRatio(const QColor& a, const QColor& b) {
    const auto luminance = [](const QColor& c) {
        const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

/// The colours a brush paints: its colour, or each stop of its gradient (the chart themes paint
/// their backgrounds with gradients).
QList<QColor> colorsOf(const QBrush& brush) {
    QList<QColor> colors;
    if (const QGradient* gradient = brush.gradient()) {
        for (const QGradientStop& stop : gradient->stops())
            colors << stop.second;
    } else {
        colors << brush.color();
    }
    return colors;
}

/// The bar values are drawn above the bars, on the chart's background: readable on every colour
/// of it.
bool barLabelsReadable(CompareView& view) {
    QChart* chart = view.chartView()->chart();
    auto* bars = qobject_cast<QBarSeries*>(chart->series().value(0));
    if (!bars || bars->barSets().isEmpty() || !bars->isLabelsVisible() ||
        bars->labelsPosition() != QAbstractBarSeries::LabelsOutsideEnd)
        return false;
    const QColor label = bars->barSets().first()->labelColor();
    const QBrush background = chart->isPlotAreaBackgroundVisible() ? chart->plotAreaBackgroundBrush() : chart->backgroundBrush();
    for (const QColor& color : colorsOf(background)) {
        const double ratio = contrastRatio(label, color);
        if (ratio < 4.5) {
            qWarning("bar labels %s on %s: contrast %.2f, below 4.5", qPrintable(label.name()), qPrintable(color.name()), ratio);
            return false;
        }
    }
    return true;
}

} // namespace

class TestUiCompare : public QObject {
    Q_OBJECT

private slots:
    void tinyBudgetSaysWhatEachTypeNeeds();
    void theStatedMinimumBuilds();
    void budgetInBitsPerKey();
    void failedInsertsShowNoFpr();
    void fieldsParseBackInEveryLocale_data();
    void fieldsParseBackInEveryLocale();
};

void TestUiCompare::tinyBudgetSaysWhatEachTypeNeeds() {
    CompareView view;
    fill(view, 10000, 100, 1000);
    QVERIFY(runAndWait(view));
    QCOMPARE(view.rows().size(), std::size_t{5});
    for (const CompareRow& row : view.rows()) {
        const QString keyword = bloomlab::ui::filterTypeKeyword(row.type);
        QVERIFY2(row.error.startsWith(QStringLiteral("budget too small for %1: needs at least ").arg(keyword)),
                 qPrintable(row.error));
        QVERIFY2(row.error.contains(QStringLiteral("bytes")) && row.error.contains(QStringLiteral("10,000 keys")),
                 qPrintable(row.error));
        QVERIFY2(!row.error.contains(QStringLiteral("p must")) && !row.error.contains(QStringLiteral("target")),
                 qPrintable(row.error));
        QVERIFY(row.minimumBits > 100);
        QCOMPARE(row.tested, std::uint64_t{0});
        // The bytes named are the least budget, rounded up to whole bytes.
        QVERIFY2(row.error.contains(bloomlab::ui::formatCount(std::ceil(static_cast<double>(row.minimumBits) / 8.0)) +
                                    QStringLiteral(" bytes")),
                 qPrintable(row.error));
    }
    // Cuckoo: 10,000 keys at the 94 % design load need ceil(10,000 / (0.94 * 4)) = 2,660 buckets
    // of 4 slots; with 8-bit fingerprints a budget makes ceil(bits / 32) buckets: one bit more
    // than 2,659 buckets is the least.
    const CompareRow& cuckoo = view.rows().back();
    QCOMPARE(cuckoo.type, FilterType::Cuckoo);
    QCOMPARE(cuckoo.minimumBits, std::uint64_t{2659} * 4 * 8 + 1);
    // The note repeats it in words; no bar is drawn for a type that was not built.
    QVERIFY2(view.noteText().contains(QStringLiteral("Not built (the budget is too small; the table says how much each "
                                                     "needs): classic, blocked, counting, scalable, cuckoo.")),
             qPrintable(view.noteText()));
    QCOMPARE(barCount(view), 0);
    QVERIFY2(view.chartView()->chart()->title().contains(QStringLiteral("(100 bits)")),
             qPrintable(view.chartView()->chart()->title()));
    QVERIFY(view.table()->item(4, 1)->text().startsWith(QStringLiteral("budget too small for cuckoo")));
    // Each row is named by the short name (whole at 1024 px), the long one in its tooltip.
    for (int r = 0; r < 5; ++r) {
        QCOMPARE(view.table()->item(r, 0)->text(), bloomlab::ui::filterTypeKeyword(view.rows()[static_cast<std::size_t>(r)].type));
        QCOMPARE(view.table()->item(r, 0)->toolTip(), bloomlab::ui::filterTypeTitle(view.rows()[static_cast<std::size_t>(r)].type));
    }
}

void TestUiCompare::theStatedMinimumBuilds() {
    CompareView small;
    fill(small, 10000, 100, 1000);
    QVERIFY(runAndWait(small));
    for (const CompareRow& tooSmall : small.rows()) {
        // One bit less than the minimum is refused with the same words; the minimum builds.
        CompareView view;
        fill(view, 10000, tooSmall.minimumBits - 1, 1000);
        QVERIFY(runAndWait(view));
        const CompareRow& below = view.rows()[static_cast<std::size_t>(&tooSmall - small.rows().data())];
        QVERIFY2(below.error.startsWith(QStringLiteral("budget too small")), qPrintable(below.error));
        QCOMPARE(below.minimumBits, tooSmall.minimumBits);
        CompareView fits;
        fill(fits, 10000, tooSmall.minimumBits, 1000);
        QVERIFY(runAndWait(fits));
        const CompareRow& at = fits.rows()[static_cast<std::size_t>(&tooSmall - small.rows().data())];
        QVERIFY2(at.error.isEmpty(), qPrintable(bloomlab::ui::filterTypeKeyword(at.type) + QStringLiteral(": ") + at.error));
        QCOMPARE(at.tested, std::uint64_t{1000});
    }
}

void TestUiCompare::budgetInBitsPerKey() {
    CompareView view;
    view.setKeyCount(10000);
    view.setQueryCount(20000);
    view.setBudgetBitsPerKey(9.6);
    auto* unit = view.findChild<QComboBox*>(QStringLiteral("compareBudgetUnit"));
    QVERIFY(unit);
    QCOMPARE(unit->currentIndex(), 1);
    QCOMPARE(view.budgetBits(10000), std::uint64_t{96000});
    QVERIFY(runAndWait(view));
    QCOMPARE(view.rows().size(), std::size_t{5});
    const CompareRow& classic = view.rows().front();
    QCOMPARE(classic.type, FilterType::Classic);
    QVERIFY(classic.error.isEmpty());
    QCOMPARE(classic.bytes, std::uint64_t{96000 / 64 * 8});  // exactly 96,000 bits in 64-bit words
    QVERIFY(std::abs(classic.bitsPerKey - 9.6) < 1e-9);
    QVERIFY2(view.chartView()->chart()->title().contains(QStringLiteral("9.6 bits per key")),
             qPrintable(view.chartView()->chart()->title()));
    // Typed by hand, with the field's own syntax.
    field(view, "compareBudget")->setText(QStringLiteral("12"));
    QCOMPARE(view.budgetBits(1000), std::uint64_t{12000});
    field(view, "compareBudget")->setText(QStringLiteral("0"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, view.budgetBits(1000));
    field(view, "compareBudget")->setText(QStringLiteral("ten"));
    view.run();
    QVERIFY2(view.errorText().contains(QStringLiteral("ten")), qPrintable(view.errorText()));
    unit->setCurrentIndex(0);
    field(view, "compareBudget")->setText(QStringLiteral("1,000,000"));
    QCOMPARE(view.budgetBits(1000), std::uint64_t{1000000});
}

void TestUiCompare::failedInsertsShowNoFpr() {
    CompareView view;
    CompareRow good;
    good.type = FilterType::Classic;
    good.bytes = 12504;
    good.bitsPerKey = 10.0;
    good.keys = 10000;
    good.tested = 20000;
    good.falsePositives = 180;
    good.expectedFpr = 0.0082;
    CompareRow full = good;
    full.type = FilterType::Cuckoo;
    full.failedInserts = 37;
    full.falsePositives = 20000;  // what a table that is full answers: not a false-positive rate
    view.showRow(good);
    view.showRow(full);
    QVERIFY(CompareView::fprValid(good));
    QVERIFY(!CompareView::fprValid(full));
    QVERIFY(view.table()->item(0, 3)->text().contains(QStringLiteral("0.9 %")));
    const QString shown = view.table()->item(1, 3)->text();
    QVERIFY2(shown.startsWith(QStringLiteral("not valid: 37 of 10,000 inserts failed")), qPrintable(shown));
    QVERIFY(!shown.contains(QStringLiteral("%")));
    QCOMPARE(view.table()->item(1, 4), nullptr);  // no expected FPR beside it either
    QCOMPARE(view.table()->item(1, 7)->text(), QStringLiteral("37"));
    QVERIFY2(view.noteText().contains(QStringLiteral("No FPR for cuckoo: inserts failed")), qPrintable(view.noteText()));
    QCOMPARE(barCount(view), 1);  // the measured-FPR chart: the classic bar only
    QVERIFY(barLabelsReadable(view));
    QVERIFY(view.markdownTable().contains(QStringLiteral("not valid (inserts failed)")));
}

void TestUiCompare::fieldsParseBackInEveryLocale_data() {
    bloomlab::test::addUiLocaleRows();
}

void TestUiCompare::fieldsParseBackInEveryLocale() {
    QFETCH(QString, locale);
    const bloomlab::test::ScopedDefaultLocale scope{QLocale(locale)};
    CompareView view;
    // Each count, and its budget at 9.6 bits per key (rounded up to a whole bit).
    const std::pair<std::uint64_t, std::uint64_t> cases[] = {
        {7, 68}, {1000, 9600}, {123456, 1185178}, {20000000, 192000000}, {50000000, 480000000}};
    for (const auto& [value, perKeyBudget] : cases) {
        view.setKeyCount(value);
        view.setQueryCount(value);
        view.setBudgetBits(value * 10);
        QCOMPARE(bloomlab::ui::parseCountField(field(view, "compareKeys")->text()), value);
        QCOMPARE(bloomlab::ui::parseCountField(field(view, "compareQueries")->text()), value);
        QCOMPARE(view.budgetBits(value), value * 10);
        // Printed in the locale's own grouping, the same numbers (unless a single '.' group could
        // be a decimal too: refused, see tst_ui_calculator).
        const QString keys = QLocale().toString(static_cast<qulonglong>(value));
        field(view, "compareKeys")->setText(keys);
        if (!bloomlab::test::printedAmbiguously(keys))
            QCOMPARE(bloomlab::ui::parseCountField(field(view, "compareKeys")->text()), value);
        else
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bloomlab::ui::parseCountField(field(view, "compareKeys")->text()));
        const QString budget = QLocale().toString(static_cast<qulonglong>(value * 10));
        field(view, "compareBudget")->setText(budget);
        if (!bloomlab::test::printedAmbiguously(budget))
            QCOMPARE(view.budgetBits(value), value * 10);
        // A bits-per-key value the app writes reads back, also where '.' groups digits.
        view.setBudgetBitsPerKey(12.375);
        QCOMPARE(view.budgetBits(8), std::uint64_t{99});
        view.setBudgetBitsPerKey(9.6);
        QCOMPARE(view.budgetBits(value), perKeyBudget);
    }
    // The demo's run starts from filled fields: they run as they stand.
    fill(view, 2000, 20000, 2000);
    QVERIFY2(runAndWait(view), qPrintable(view.errorText()));
    QCOMPARE(view.rows().size(), std::size_t{5});
}

QTEST_MAIN(TestUiCompare)
#include "tst_ui_compare.moc"
