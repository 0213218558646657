// Export: the benchmark CSV has the documented columns (bench::csvHeader, one row per
// repeat plus the median per hot ratio); every chart exports as a non-empty PNG and a valid SVG;
// the report links the charts it wrote; exporting with nothing to export, or to a path that
// cannot be written, is an error message, not a crash.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/bench/benchmark_engine.h"
#include "ui/main_window.h"
#include "ui/speedup_chart_view.h"
#endif

#include <QImage>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>

using bloomlab::ui::MainWindow;
using bloomlab::ui::SpeedupChartView;

class TestUiExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void csvBeforeAnySweepIsAnError();
    void csvHasTheDocumentedColumns();
    void everyChartExportsAsPngAndSvg();
    void reportLinksItsCharts();
    void unwritablePathsAreErrors();

private:
    void runTinySweep();
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    const std::vector<double> m_ratios{0.2, 0.5};
};

void TestUiExport::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_window = std::make_unique<MainWindow>(MainWindow::Options{false, false});
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestUiExport::runTinySweep() {
    SpeedupChartView* view = m_window->speedupView();
    bloomlab::FilterSpec spec;
    spec.capacity = 200;
    spec.fpr = 0.01;
    view->setFilterSpec(spec);
    view->setBackend(bloomlab::bench::parseBackendSpec("hash"));
    view->setCorpusSize(2000);
    view->setQueries(200);
    view->setRepeats(2);
    view->setSweepRatios(m_ratios);
    QSignalSpy finished(view, &SpeedupChartView::sweepFinished);
    view->run();
    QVERIFY(finished.wait(60000));
    QCOMPARE(view->points().size(), m_ratios.size());
}

void TestUiExport::csvBeforeAnySweepIsAnError() {
    const QString path = m_dir.filePath(QStringLiteral("early.csv"));
    QVERIFY(!m_window->exportBenchmarkCsv(path));
    QVERIFY(!m_window->lastError().isEmpty());
    QVERIFY(!QFile::exists(path));
}

void TestUiExport::csvHasTheDocumentedColumns() {
    runTinySweep();
    const QString path = m_dir.filePath(QStringLiteral("sweep.csv"));
    QVERIFY(m_window->exportBenchmarkCsv(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QString::fromStdString(bloomlab::bench::csvHeader()));
    const std::vector<std::string> columns = bloomlab::bench::csvColumns();
    QStringList header = lines.first().split(QLatin1Char(','));
    QCOMPARE(header.size(), static_cast<qsizetype>(columns.size()));
    // The documented columns, in their order, first.
    const QStringList documented = {"backend", "filter", "n", "p", "m", "k", "hot_ratio", "repeat", "queries",
                                    "time_with_s", "time_without_s", "speedup", "p50_with_us", "p50_without_us",
                                    "p50_speedup", "p95_with_us", "p99_with_us", "fpr_cold", "model_speedup",
                                    "filter_bytes", "seed"};
    QCOMPARE(header.mid(0, documented.size()), documented);
    // Two repeats and one median row per hot ratio.
    QCOMPARE(lines.size() - 1, static_cast<qsizetype>(m_ratios.size() * 3));
    const int hotColumn = static_cast<int>(header.indexOf(QStringLiteral("hot_ratio")));
    const int repeatColumn = static_cast<int>(header.indexOf(QStringLiteral("repeat")));
    const int speedupColumn = static_cast<int>(header.indexOf(QStringLiteral("speedup")));
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines[i].split(QLatin1Char(','));
        QCOMPARE(cells.size(), header.size());
        QCOMPARE(cells[0], QStringLiteral("hash"));
        QCOMPARE(cells[1], QStringLiteral("classic"));
        QCOMPARE(cells[2], QStringLiteral("200"));
        const double h = cells[hotColumn].toDouble();
        QVERIFY(h == m_ratios[0] || h == m_ratios[1]);
        QVERIFY(cells[speedupColumn].toDouble() > 0);
        const int repeat = cells[repeatColumn].toInt();
        QVERIFY(repeat >= 0 && repeat <= 2);
    }
}

void TestUiExport::everyChartExportsAsPngAndSvg() {
    using Tab = MainWindow::Tab;
    for (const Tab tab : {Tab::Explorer, Tab::Benchmark, Tab::Teaching, Tab::Calculator, Tab::Compare}) {
        m_window->setCurrentTab(tab);
        QTest::qWait(50);
        const QString name = QStringLiteral("chart%1").arg(static_cast<int>(tab));
        const QString png = m_dir.filePath(name + QStringLiteral(".png"));
        const QString svg = m_dir.filePath(name + QStringLiteral(".svg"));
        QVERIFY2(m_window->exportChart(tab, png), qPrintable(m_window->lastError()));
        QVERIFY2(m_window->exportChart(tab, svg), qPrintable(m_window->lastError()));
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 200 && image.height() >= 150);
        // Not a blank image: more than one colour.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 3);
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgText = svgFile.readAll();
        QVERIFY(svgText.size() > 500);
        QVERIFY(svgText.contains("<svg"));
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QVERIFY(renderer.defaultSize().width() >= 200);
    }
}

void TestUiExport::reportLinksItsCharts() {
    const QString path = m_dir.filePath(QStringLiteral("report.md"));
    QVERIFY(m_window->exportReport(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY(text.startsWith(QStringLiteral("# BloomLab report")));
    QVERIFY(text.contains(QStringLiteral("## Speedup sweep")));
    QVERIFY(text.contains(QStringLiteral("## False-positive counter")));
    const QRegularExpression image(QStringLiteral("!\\[[^\\]]*\\]\\(([^)]+\\.png)\\)"));
    int images = 0;
    for (auto it = image.globalMatch(text); it.hasNext();) {
        const QString file = it.next().captured(1);
        QVERIFY2(!QImage(m_dir.filePath(file)).isNull(), qPrintable(file));
        ++images;
    }
    QVERIFY(images >= 2);
    QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("report-sweep.csv"))));
}

void TestUiExport::unwritablePathsAreErrors() {
    const QString bad = QStringLiteral("/nonexistent-dir-for-bloomlab-tests/x");
    QVERIFY(!m_window->exportChart(MainWindow::Tab::Calculator, bad + QStringLiteral(".png")));
    QVERIFY(!m_window->lastError().isEmpty());
    QVERIFY(!m_window->exportChart(MainWindow::Tab::Calculator, bad + QStringLiteral(".svg")));
    QVERIFY(!m_window->exportChart(MainWindow::Tab::Calculator, m_dir.filePath(QStringLiteral("x.bmpx"))));
    QVERIFY(m_window->lastError().contains(QStringLiteral("png")));
    QVERIFY(!m_window->exportBenchmarkCsv(bad + QStringLiteral(".csv")));
    QVERIFY(!m_window->exportReport(bad + QStringLiteral(".md")));
}

QTEST_MAIN(TestUiExport)
#include "tst_ui_export.moc"
