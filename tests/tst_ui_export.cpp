// Export: the benchmark CSV has the documented columns (bench::csvHeader, one row per
// repeat plus the median per hot ratio); every chart exports as a non-empty PNG and a valid SVG;
// the report links the charts it wrote; exporting with nothing to export, or to a path that
// cannot be written, is an error message, not a crash. In the SVG a curve that leaves the plot
// is cut at the plot's edge like in the PNG (no point of it above the plot area), and put back
// whole afterwards.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/bench/benchmark_engine.h"
#include "ui/chart_axes.h"
#include "ui/chart_export.h"
#include "ui/calculator_panel.h"
#include "ui/false_positive_panel.h"
#include "ui/filter_session.h"
#include "ui/main_window.h"
#include "ui/speedup_chart_view.h"
#endif

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QImage>
#include <QLineSeries>
#include <QTransform>
#include <QValueAxis>
#include <QXmlStreamReader>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>

#include <sys/stat.h>

using bloomlab::ui::MainWindow;
using bloomlab::ui::SpeedupChartView;

namespace {

/// A window whose "replace the files next to the report?" question is answered by the test.
class AnsweringWindow : public MainWindow {
public:
    AnsweringWindow() : MainWindow(Options{false, false}) {}
    bool replace = true;
    QStringList askedAbout;

protected:
    bool askReplaceFiles(const QString&, const QStringList& names) override {
        askedAbout = names;
        return replace;
    }
};

QByteArray contentsOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestUiExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void csvBeforeAnySweepIsAnError();
    void csvHasTheDocumentedColumns();
    void everyChartExportsAsPngAndSvg();
    void reportLinksItsCharts();
    void unwritablePathsAreErrors();
    void specialFilesAreRefusedNotOpened();
    void reportAsksBeforeReplacingFilesNextToIt();
    void svgCurvesStayInsideThePlot();
    void axisTicksAreNiceNumbers();

private:
    void runTinySweep();
    QTemporaryDir m_dir;
    std::unique_ptr<AnsweringWindow> m_window;
    const std::vector<double> m_ratios{0.2, 0.5};
};

void TestUiExport::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_window = std::make_unique<AnsweringWindow>();
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
    // The documented columns (README), in their order, first.
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
    // The sweep table is the benchmark view's own: its header, then one row per hot ratio.
    QVERIFY(!m_window->speedupView()->points().empty());
    const QString sweep = text.mid(text.indexOf(QStringLiteral("## Speedup sweep")));
    QVERIFY(sweep.contains(QStringLiteral("| hot ratio | speedup | p50 speedup |")));
    for (const auto& point : m_window->speedupView()->points())
        QVERIFY2(sweep.contains(QStringLiteral("\n| %1 | ").arg(point.hotRatio, 0, 'f', 2)), qPrintable(sweep));
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

// A FIFO would block the window in open() until some reader came; a link would be written
// through; a device would take the bytes. Each is refused with the reason before anything is
// opened, for every kind of export, and left as it was.
void TestUiExport::specialFilesAreRefusedNotOpened() {
    const QString fifo = m_dir.filePath(QStringLiteral("pipe.png"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
    const QString target = m_dir.filePath(QStringLiteral("target.txt"));
    {
        QFile file(target);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("the user's file\n");
    }
    const QString link = m_dir.filePath(QStringLiteral("link.svg"));
    QVERIFY(QFile::link(target, link));
    const struct {
        QString path;
        QString says;
    } cases[] = {
        {fifo, QStringLiteral("it is a FIFO (named pipe)")},
        {link, QStringLiteral("it is a symbolic link")},
        {QStringLiteral("/dev/null"), QStringLiteral("it is a character device")},
    };
    for (const auto& c : cases) {
        if (c.path.endsWith(QStringLiteral(".png")) || c.path.endsWith(QStringLiteral(".svg"))) {
            QVERIFY(!m_window->exportChart(MainWindow::Tab::Calculator, c.path));
            QVERIFY2(m_window->lastError().contains(c.says), qPrintable(m_window->lastError()));
        }
        QVERIFY(!m_window->exportBenchmarkCsv(c.path));
        QVERIFY2(m_window->lastError().contains(c.says), qPrintable(m_window->lastError()));
        QVERIFY(!m_window->exportReport(c.path));
        QVERIFY2(m_window->lastError().contains(c.says), qPrintable(m_window->lastError()));
    }
    QCOMPARE(contentsOf(target), QByteArray("the user's file\n"));
    QVERIFY(QFileInfo(link).isSymLink());
    // A FIFO where one of the report's charts goes: nothing is written, not even the report.
    const QString fifoChart = m_dir.filePath(QStringLiteral("piped-fpr.png"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifoChart).constData(), 0644), 0);
    QVERIFY(!m_window->exportReport(m_dir.filePath(QStringLiteral("piped.md"))));
    QVERIFY2(m_window->lastError().contains(QStringLiteral("it is a FIFO")), qPrintable(m_window->lastError()));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("piped.md"))));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("piped-speedup.png"))));
}

// The file dialog asks about the report; the charts and the CSV written next to it replace
// existing files only when the user agrees, and are left whole when not.
void TestUiExport::reportAsksBeforeReplacingFilesNextToIt() {
    QTemporaryDir dir;
    const QString report = dir.filePath(QStringLiteral("notes.md"));
    const QString chart = dir.filePath(QStringLiteral("notes-fpr.png"));
    const QString csv = dir.filePath(QStringLiteral("notes-sweep.csv"));
    for (const QString& path : {chart, csv}) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("kept\n");
    }
    QVERIFY(!m_window->speedupView()->points().empty());  // so the CSV is one of the files
    m_window->replace = false;
    m_window->askedAbout.clear();
    QVERIFY(!m_window->exportReport(report));
    QCOMPARE(m_window->askedAbout, (QStringList{QStringLiteral("notes-fpr.png"), QStringLiteral("notes-sweep.csv")}));
    QCOMPARE(contentsOf(chart), QByteArray("kept\n"));
    QCOMPARE(contentsOf(csv), QByteArray("kept\n"));
    QVERIFY(!QFileInfo::exists(report));

    m_window->replace = true;
    QVERIFY(m_window->exportReport(report));
    QVERIFY(!QImage(chart).isNull());
    QVERIFY(contentsOf(csv).startsWith(QByteArray::fromStdString(bloomlab::bench::csvHeader())));
    QVERIFY(contentsOf(report).startsWith("# BloomLab report"));
    // Nothing next to it exists any more that it did not write: it asks nothing.
    m_window->askedAbout.clear();
    QVERIFY(m_window->exportReport(dir.filePath(QStringLiteral("fresh.md"))));
    QVERIFY(m_window->askedAbout.isEmpty());
}

namespace {

/// Every point (after the groups' transforms) that the SVG strokes in `stroke` ("#rrggbb").
QList<QPointF> strokedPoints(const QString& svgPath, const QString& stroke) {
    QFile file(svgPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&file);
    struct Group {
        QTransform transform;
        QString stroke;
    };
    QList<Group> stack{{QTransform(), QString()}};
    const QRegularExpression number(QStringLiteral("-?\\d+(?:\\.\\d+)?(?:[eE]-?\\d+)?"));
    QList<QPointF> points;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("g")) {
            stack.removeLast();
            continue;
        }
        if (!xml.isStartElement())
            continue;
        const auto attributes = xml.attributes();
        if (xml.name() == QLatin1String("g")) {
            Group group = stack.last();
            const QString matrix = attributes.value(QLatin1String("transform")).toString();
            if (matrix.startsWith(QLatin1String("matrix("))) {
                QList<double> m;
                for (auto it = number.globalMatch(matrix); it.hasNext();)
                    m << it.next().captured().toDouble();
                if (m.size() == 6)
                    group.transform = QTransform(m[0], m[1], m[2], m[3], m[4], m[5]) * group.transform;
            }
            if (attributes.hasAttribute(QLatin1String("stroke")))
                group.stroke = attributes.value(QLatin1String("stroke")).toString();
            stack.append(group);
            continue;
        }
        const QString data = xml.name() == QLatin1String("polyline") ? attributes.value(QLatin1String("points")).toString()
                             : xml.name() == QLatin1String("path")   ? attributes.value(QLatin1String("d")).toString()
                                                                      : QString();
        if (data.isEmpty() || stack.last().stroke.compare(stroke, Qt::CaseInsensitive) != 0)
            continue;
        QList<double> values;
        for (auto it = number.globalMatch(data); it.hasNext();)
            values << it.next().captured().toDouble();
        for (qsizetype i = 0; i + 1 < values.size(); i += 2)
            points << stack.last().transform.map(QPointF(values[i], values[i + 1]));
    }
    return points;
}

} // namespace

void TestUiExport::svgCurvesStayInsideThePlot() {
    QChart* chart = new QChart();
    chart->legend()->hide();
    auto* curve = new QLineSeries();
    curve->setPen(QPen(QColor(0xd0, 0x10, 0x70), 2));
    // Like the speedup model near h = 0: far above the axis range at the left, inside on the
    // right, and once more above in the middle (the part that comes back is drawn too).
    QList<QPointF> points;
    for (int i = 0; i <= 100; ++i) {
        const double x = i / 100.0;
        points.append({x, 0.3 / (x + 0.02) + (std::abs(x - 0.6) < 0.05 ? 20.0 : 0.0)});
    }
    curve->replace(points);
    const bloomlab::ui::ValueAxes axes = bloomlab::ui::addSeriesAndAxes(chart, {curve}, {QStringLiteral("x"), QStringLiteral("%.1f")}, {QStringLiteral("y"), QStringLiteral("%.1f")});
    axes.x->setRange(0, 1);
    axes.y->setRange(0, 3);
    QChartView* view = bloomlab::ui::newChartView(chart, QStringLiteral("clipChart"), nullptr);
    const std::unique_ptr<QChartView> owner(view);
    view->resize(640, 420);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view));

    const QString svg = m_dir.filePath(QStringLiteral("clipped.svg"));
    QCOMPARE(bloomlab::ui::exportSvg(view, svg), QString());
    const QRectF plot = view->mapFromScene(chart->plotArea()).boundingRect();
    const QList<QPointF> drawn = strokedPoints(svg, QStringLiteral("#d01070"));
    QVERIFY2(drawn.size() > 20, qPrintable(QString::number(drawn.size())));
    double highest = 1e9;
    int middle = 0;
    for (const QPointF& p : drawn) {
        highest = std::min(highest, p.y());
        QVERIFY2(p.y() >= plot.top() - 1.5, qPrintable(QStringLiteral("point (%1, %2) above the plot's top %3")
                                                         .arg(p.x()).arg(p.y()).arg(plot.top())));
        QVERIFY(p.x() >= plot.left() - 1.5 && p.x() <= plot.right() + 1.5);
        const double share = (p.x() - plot.left()) / plot.width();
        middle += share > 0.45 && share < 0.7 && p.y() <= plot.top() + 1.5 ? 1 : 0;
    }
    QVERIFY(highest <= plot.top() + 1.5);  // cut at the edge, not dropped
    QVERIFY(middle >= 2);                  // the spike in the middle reaches the edge too
    // The chart has its whole curve back.
    QCOMPARE(curve->points(), points);
    QCOMPARE(chart->series().size(), 1);
}

namespace {

/// The ticks of a nice axis: at multiples of one step of 1, 2 or 5 x 10^k, labelled short.
void verifyNiceAxis(QAbstractAxis* abstractAxis, const char* what) {
    auto* axis = qobject_cast<QCategoryAxis*>(abstractAxis);
    QVERIFY2(axis, what);
    const QStringList labels = axis->categoriesLabels();
    QVERIFY2(labels.size() >= 3 && labels.size() <= 11, qPrintable(QStringLiteral("%1: %2").arg(what, labels.join(QLatin1Char('|')))));
    QList<double> values;
    for (const QString& label : labels)
        values << axis->endValue(label);
    const double step = values[1] - values[0];
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    QVERIFY2(std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6,
             qPrintable(QStringLiteral("%1: step %2").arg(what).arg(step)));
    for (qsizetype i = 0; i < values.size(); ++i) {
        const double multiple = values[i] / step;
        QVERIFY2(std::abs(multiple - std::round(multiple)) < 1e-6, qPrintable(QStringLiteral("%1: tick %2").arg(what).arg(values[i])));
        QVERIFY(values[i] >= axis->min() - step * 1e-6 && values[i] <= axis->max() + step * 1e-6);
        // Short labels: "0.02", "200,000", "50 M"; never "0.0563" or "612061".
        QVERIFY2(labels[i].size() <= 8, qPrintable(QStringLiteral("%1: label %2").arg(what, labels[i])));
    }
}

} // namespace

void TestUiExport::axisTicksAreNiceNumbers() {
    // The ranges that used to give odd ticks: 0 .. 2.2 n for n = 278,210 and n = 10^8, and an
    // FPR axis up to 0.0563.
    bloomlab::ui::FilterSession session;
    bloomlab::FilterSpec spec;
    spec.capacity = 278'210;
    spec.fpr = 0.0261;
    QVERIFY(session.setSpec(spec));
    bloomlab::ui::FalsePositivePanel panel(&session);
    panel.resize(500, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QChart* chart = panel.chartView()->chart();
    verifyNiceAxis(chart->axes(Qt::Horizontal).value(0), "items axis");
    verifyNiceAxis(chart->axes(Qt::Vertical).value(0), "FPR axis");
    for (const auto& [low, high] : {std::pair{0.0, 2.2e8}, std::pair{0.0, 0.0563}, std::pair{0.0, 612061.0}, std::pair{0.0, 3.3e-6}}) {
        const std::vector<double> ticks = bloomlab::ui::niceTicks(low, high);
        QVERIFY(ticks.size() >= 3 && ticks.size() <= 11);
        const double step = bloomlab::ui::niceStep(low, high);
        for (const double tick : ticks)
            QVERIFY2(bloomlab::ui::tickLabel(tick, step).size() <= 8, qPrintable(bloomlab::ui::tickLabel(tick, step)));
    }
    QCOMPARE(bloomlab::ui::tickLabel(1.5e8, bloomlab::ui::niceStep(0, 2.2e8)), QStringLiteral("150 M"));
    QCOMPARE(bloomlab::ui::tickLabel(1.5e6, bloomlab::ui::niceStep(0, 2.2e6)), QLocale().toString(1.5, 'f', 1) + QStringLiteral(" M"));
    QCOMPARE(bloomlab::ui::tickLabel(40000, bloomlab::ui::niceStep(0, 1e5)), QStringLiteral("40 k"));
    QCOMPARE(bloomlab::ui::tickLabel(1500, bloomlab::ui::niceStep(0, 2200)), QLocale().toString(1500.0, 'f', 0));
    // Steps of a thousand and more in k, short enough for a narrow chart (the calculator's at
    // 1024 px cut "10.000" to "10.0…").
    QCOMPARE(bloomlab::ui::tickLabel(15000, bloomlab::ui::niceStep(0, 22000)), QStringLiteral("15 k"));
    QCOMPARE(bloomlab::ui::tickLabel(3000, bloomlab::ui::niceStep(0, 4400)), QStringLiteral("3 k"));
    QCOMPARE(bloomlab::ui::tickLabel(0.05, bloomlab::ui::niceStep(0, 0.0563)), QLocale().toString(0.05, 'f', 2));
    // The calculator's chart at n = 10^8.
    bloomlab::ui::CalculatorPanel calculator;
    calculator.resize(900, 500);
    calculator.show();
    QVERIFY(QTest::qWaitForWindowExposed(&calculator));
    verifyNiceAxis(calculator.chartView()->chart()->axes(Qt::Horizontal).value(0), "calculator items axis");
}

QTEST_MAIN(TestUiExport)
#include "tst_ui_export.moc"
