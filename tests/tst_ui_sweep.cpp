// Speedup chart: a tiny sweep started from the UI adds exactly one chart point per hot
// ratio, while the sweep is still running (points arrive one by one from the worker thread);
// Cancel stops it early; a parameter changed during a run restarts it and the results of the
// outdated run are dropped; the GUI thread keeps processing events throughout. A refused run
// (n larger than the corpus) leaves curve, table and title with the run they show, and says so.
// Before any run the speedup axis ticks at whole steps (its labels show them exactly).
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/bench/benchmark_engine.h"
#include "core/filter_math.h"
#include "ui/speedup_chart_view.h"
#endif

#include <QLineSeries>
#include <QProgressBar>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QValueAxis>

using bloomlab::FilterSpec;
using bloomlab::FilterType;
using bloomlab::ui::SpeedupChartView;

namespace {

void configureTiny(SpeedupChartView& view, const char* backend, std::uint64_t n) {
    FilterSpec spec;
    spec.type = FilterType::Classic;
    spec.capacity = n;
    spec.fpr = 0.01;
    view.setFilterSpec(spec);
    view.setBackend(bloomlab::bench::parseBackendSpec(backend));
    view.setCorpusSize(2000);
    view.setQueries(300);
    view.setRepeats(1);
}

} // namespace

class TestUiSweep : public QObject {
    Q_OBJECT

private slots:
    void onePointPerHotRatio();
    void cancelStopsTheSweep();
    void changedParameterRestarts();
    void invalidConfigurationIsReported();
    void refusedRunKeepsTheShownRunsTitle();
    void emptyChartHasWholeTicks();
};

void TestUiSweep::onePointPerHotRatio() {
    SpeedupChartView view;
    view.resize(900, 600);
    view.show();
    // A fixed 200 us store (not the hash store, which finishes a tiny sweep in under a
    // millisecond on an idle machine): every point takes >= 300 x 200 us without the filter,
    // so the GUI thread's ticker provably runs while the worker measures.
    configureTiny(view, "latency:200", 200);
    const std::vector<double> ratios = {0.1, 0.4, 0.7};
    view.setSweepRatios(ratios);
    QSignalSpy points(&view, &SpeedupChartView::pointAdded);
    QSignalSpy finished(&view, &SpeedupChartView::sweepFinished);
    int runningWhenPointArrived = 0;
    connect(&view, &SpeedupChartView::pointAdded, this, [&] { runningWhenPointArrived += view.running() ? 1 : 0; });
    // The event loop stays alive while the worker measures: a timer keeps ticking.
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
    ticker.start(5);

    QTest::mouseClick(view.runButton(), Qt::LeftButton);
    QVERIFY(view.running());
    QVERIFY(view.cancelButton()->isEnabled());
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QVERIFY(!view.running());
    QCOMPARE(points.count(), 3);
    QCOMPARE(view.measuredSeries()->count(), 3);
    QCOMPARE(view.points().size(), std::size_t{3});
    for (std::size_t i = 0; i < ratios.size(); ++i) {
        QCOMPARE(view.measuredSeries()->at(static_cast<int>(i)).x(), ratios[i]);
        QCOMPARE(view.measuredSeries()->at(static_cast<int>(i)).y(), view.points()[i].median.speedup);
        QCOMPARE(view.points()[i].runs.size(), std::size_t{1});
        QVERIFY(view.points()[i].median.speedup > 0);
    }
    QVERIFY(runningWhenPointArrived >= 2);  // the first points came while the sweep still ran
    QVERIFY(ticks > 0);
    QCOMPARE(view.progressBar()->value(), 100);
}

void TestUiSweep::cancelStopsTheSweep() {
    SpeedupChartView view;
    view.resize(900, 600);
    view.show();
    configureTiny(view, "latency:1500", 200);  // 1.5 ms per backend lookup: slow on purpose
    view.setQueries(150);
    std::vector<double> ratios;
    for (int i = 0; i < 12; ++i)
        ratios.push_back(0.05 + 0.075 * i);
    view.setSweepRatios(ratios);
    QSignalSpy points(&view, &SpeedupChartView::pointAdded);
    QSignalSpy finished(&view, &SpeedupChartView::sweepFinished);
    view.run();
    QVERIFY(points.wait(60000));
    QTest::mouseClick(view.cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().at(0).toBool(), true);
    QVERIFY(!view.running());
    QVERIFY(!view.cancelButton()->isEnabled());
    QVERIFY(view.points().size() < ratios.size());
    QCOMPARE(view.measuredSeries()->count(), static_cast<int>(view.points().size()));
    // Nothing more arrives after the cancel was acknowledged.
    const int count = points.count();
    QTest::qWait(300);
    QCOMPARE(points.count(), count);
}

void TestUiSweep::changedParameterRestarts() {
    SpeedupChartView view;
    configureTiny(view, "latency:300", 200);
    const std::vector<double> ratios = {0.2, 0.5, 0.8};
    view.setSweepRatios(ratios);
    QSignalSpy points(&view, &SpeedupChartView::pointAdded);
    QSignalSpy finished(&view, &SpeedupChartView::sweepFinished);
    view.run();
    QVERIFY(points.wait(60000));
    FilterSpec changed;
    changed.type = FilterType::Classic;
    changed.capacity = 300;
    changed.fpr = 0.05;
    view.setFilterSpec(changed);  // during the run: restart, old results dropped
    QVERIFY(finished.wait(60000));
    while (view.running())
        QVERIFY(finished.wait(60000));
    QCOMPARE(view.measuredConfig().base.filter.capacity, std::uint64_t{300});
    QCOMPARE(view.points().size(), ratios.size());
    QCOMPARE(view.measuredSeries()->count(), 3);
    const auto sizing = bloomlab::math::optimalClassic(300, 0.05);
    for (const auto& p : view.points())
        QCOMPARE(p.median.m, sizing.bits);  // every point measured with the new filter
}

void TestUiSweep::invalidConfigurationIsReported() {
    SpeedupChartView view;
    configureTiny(view, "hash", 5000);  // hot set larger than the 2,000-phrase corpus
    QSignalSpy finished(&view, &SpeedupChartView::sweepFinished);
    view.run();
    QVERIFY(!view.running());
    QVERIFY(!view.lastError().isEmpty());
    QVERIFY(view.lastError().contains(QStringLiteral("corpus")));
    QCOMPARE(view.measuredSeries()->count(), 0);
}

void TestUiSweep::refusedRunKeepsTheShownRunsTitle() {
    SpeedupChartView view;
    configureTiny(view, "hash", 200);
    view.setSweepRatios({0.2, 0.6});
    QSignalSpy finished(&view, &SpeedupChartView::sweepFinished);
    view.run();
    QVERIFY(finished.wait(60000));
    QCOMPARE(view.points().size(), std::size_t{2});
    const QString title = view.chartView()->chart()->title();
    QVERIFY2(title.contains(QStringLiteral("n = 200")), qPrintable(title));
    const auto table = view.findChild<QTableWidget*>(QStringLiteral("sweepTable"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 2);

    // n = 100 million does not fit the 2,000-phrase corpus: refused.
    FilterSpec big;
    big.type = FilterType::Classic;
    big.capacity = 100'000'000;
    big.fpr = 0.01;
    view.setFilterSpec(big);
    view.run();
    QVERIFY(!view.running());
    QVERIFY(view.lastError().contains(QStringLiteral("corpus")));
    // Curve, table and title still agree: they show the n = 200 run.
    QCOMPARE(view.chartView()->chart()->title(), title);
    QVERIFY(!view.chartView()->chart()->title().contains(QStringLiteral("100,000,000")));
    QCOMPARE(view.measuredSeries()->count(), 2);
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(view.measuredConfig().base.filter.capacity, std::uint64_t{200});
    QString status;
    for (const QLabel* label : view.findChildren<QLabel*>())
        if (label->text().contains(QStringLiteral("refused")))
            status = label->text();
    QVERIFY2(status.contains(QStringLiteral("previous run")) && status.contains(QStringLiteral("n = 200")), qPrintable(status));
}

void TestUiSweep::emptyChartHasWholeTicks() {
    SpeedupChartView view;
    QValueAxis* y = nullptr;
    for (QAbstractAxis* axis : view.chartView()->chart()->axes(Qt::Vertical))
        y = qobject_cast<QValueAxis*>(axis);
    QVERIFY(y);
    QVERIFY(y->tickCount() >= 2);
    const double step = (y->max() - y->min()) / (y->tickCount() - 1);
    // Every tick is a multiple of 0.5, so "%.1f" shows it exactly (not 0.75 as "0.8").
    for (int i = 0; i < y->tickCount(); ++i) {
        const double tick = y->min() + step * i;
        QVERIFY2(std::abs(tick * 2 - std::round(tick * 2)) < 1e-9, qPrintable(QString::number(tick)));
    }
    QVERIFY(y->max() >= 2.0);  // room for the 2x target line
}

QTEST_MAIN(TestUiSweep)
#include "tst_ui_sweep.moc"
