#include "ui/speedup_chart_view.h"

#include "ui/chart_axes.h"
#include "ui/filter_probe.h"
#include "ui/glossary.h"
#include "ui/output_file.h"
#include "ui/sweep_runner.h"

#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace bloomlab::ui {

namespace {

const std::vector<double> kSeedRatios = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};

QTableWidgetItem* numberItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

SpeedupChartView::SpeedupChartView(QWidget* parent) : QWidget(parent) {
    m_spec.type = FilterType::Classic;
    m_spec.capacity = 10000;
    m_spec.fpr = 0.01;
    m_runner = new SweepRunner(this);
    m_restartTimer.setSingleShot(true);
    m_restartTimer.setInterval(300);
    connect(&m_restartTimer, &QTimer::timeout, this, [this] {
        if (m_runner->running())
            run();  // the runner asks the old job to stop; its late results are dropped by job id
    });

    m_chart = new QChart();
    m_chart->setTitle(tr("Speedup against hot ratio"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(6, 6, 6, 6));
    m_measured = new QLineSeries(m_chart);
    m_measured->setName(tr("measured (median of repeats)"));
    m_measured->setPen(QPen(QColor(0x1e, 0x63, 0xd6), 2.5));
    m_measured->setPointsVisible(true);
    m_measuredDots = new QScatterSeries(m_chart);
    m_measuredDots->setMarkerSize(10);
    m_measuredDots->setColor(QColor(0x1e, 0x63, 0xd6));
    m_measuredDots->setBorderColor(Qt::white);
    m_model = new QLineSeries(m_chart);
    // The formula is long: the legend names the curve, the chart's tooltip gives the formula (a
    // legend too wide for a 1024-pixel window is cut by the chart).
    m_model->setName(tr("model"));
    m_model->setPen(QPen(QColor(0xef, 0x6c, 0x00), 2, Qt::DashLine));
    m_reference = new QLineSeries(m_chart);
    m_reference->setName(tr("2× target"));
    m_reference->setPen(QPen(QColor(0x2e, 0x7d, 0x32), 1.5, Qt::DotLine));
    m_reference->append(0, 2);
    m_reference->append(1, 2);
    m_hotMarker = new QLineSeries(m_chart);
    m_hotMarker->setName(tr("hot ratio slider"));
    m_hotMarker->setPen(QPen(QColor(0x75, 0x75, 0x75), 1, Qt::DashDotLine));
    const ValueAxes axes =
        addSeriesAndAxes(m_chart, {m_reference, m_hotMarker, m_model, m_measured, m_measuredDots},
                         {tr("hot ratio h (share of queries the backend can answer)"), QStringLiteral("%.1f"), 11},
                         {tr("speedup (×)"), QStringLiteral("%.1f"), 0});
    m_axisX = axes.x;
    m_axisY = axes.y;
    m_axisX->setRange(0, 1);
    m_axisY->setRange(0, 3);
    m_axisY->applyNiceNumbers();  // ticks at whole steps before the first run too (not 0.8, 2.3)
    // The dots repeat the measured line: keep them out of the legend.
    for (QLegendMarker* marker : m_chart->legend()->markers(m_measuredDots))
        marker->setVisible(false);
    m_chartView = newChartView(m_chart, QStringLiteral("speedupChart"), this);
    m_chartView->setMinimumHeight(300);
    m_chartView->setToolTip(tr("speedup = time without the filter / time with the filter, for the same queries.\n"
                               "model = (h·c_hot + (1−h)·c_cold) / (c_f + h·c_hot + (1−h)·FPR·c_cold)\n"
                               "Hover over a measured point for its latencies."));
    connect(m_measuredDots, &QScatterSeries::hovered, this, [this](const QPointF& pt, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        for (const bench::PointResult& p : m_points) {
            if (std::abs(p.hotRatio - pt.x()) < 1e-9) {
                const bench::RunResult& r = p.median;
                QToolTip::showText(QCursor::pos(),
                                   tr("h = %1\nspeedup %2× (p50 %3×)\np50 with %4 µs, without %5 µs\n"
                                      "FPR on cold queries %6\nmodel %7×")
                                       .arg(p.hotRatio, 0, 'f', 2)
                                       .arg(r.speedup, 0, 'f', 2)
                                       .arg(r.p50Speedup, 0, 'f', 2)
                                       .arg(r.p50WithUs, 0, 'f', 1)
                                       .arg(r.p50WithoutUs, 0, 'f', 1)
                                       .arg(formatProbability(r.fprCold))
                                       .arg(r.modelSpeedup, 0, 'f', 2),
                                   m_chartView);
            }
        }
    });

    // ---- controls ----
    m_queries = new QSpinBox(this);
    m_queries->setRange(10, 1000000);
    m_queries->setValue(2000);
    m_queries->setSingleStep(500);
    m_queries->setToolTip(tr("Queries per repeat and hot ratio (bloomlab-cli bench uses 20,000)."));
    m_repeats = new QSpinBox(this);
    m_repeats->setRange(1, 50);
    m_repeats->setValue(3);
    m_repeats->setToolTip(tr("Repeats per hot ratio; the chart shows their median."));
    m_corpus = new QSpinBox(this);
    m_corpus->setRange(100, 5000000);
    m_corpus->setValue(100000);
    m_corpus->setSingleStep(10000);
    m_corpus->setToolTip(tr("Phrases in the simulated store (bloomlab-cli bench: 100,000). The hot set is n of them, "
                            "so n must not exceed this."));
    m_run = new QPushButton(tr("&Run sweep"), this);
    m_run->setObjectName(QStringLiteral("runSweep"));
    m_run->setToolTip(tr("Measure speedup at each hot ratio on a worker thread (F5)."));
    m_cancel = new QPushButton(tr("&Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelSweep"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_status = new QLabel(tr("Press Run to measure."), this);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("sweepStatus"));

    auto* controls = new QGridLayout();
    controls->addWidget(new QLabel(tr("Queries"), this), 0, 0);
    controls->addWidget(m_queries, 0, 1);
    controls->addWidget(new QLabel(tr("Repeats"), this), 0, 2);
    controls->addWidget(m_repeats, 0, 3);
    controls->addWidget(new QLabel(tr("Corpus"), this), 0, 4);
    controls->addWidget(m_corpus, 0, 5);
    controls->addWidget(m_run, 0, 6);
    controls->addWidget(m_cancel, 0, 7);
    controls->addWidget(m_progress, 1, 0, 1, 8);
    controls->addWidget(m_status, 2, 0, 1, 8);
    controls->setColumnStretch(5, 1);

    m_table = new QTableWidget(0, static_cast<int>(tableHeaders().size()), this);
    m_table->setObjectName(QStringLiteral("sweepTable"));
    // On screen the units go on a second header line, so narrow columns keep whole words.
    QStringList headers = tableHeaders();
    for (QString& header : headers)
        header.replace(QStringLiteral(" ("), QStringLiteral("\n("));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setMinimumHeight(120);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_chartView);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({520, 200});
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter, 1);
    layout->addLayout(controls);

    connect(m_run, &QPushButton::clicked, this, &SpeedupChartView::run);
    connect(m_cancel, &QPushButton::clicked, this, &SpeedupChartView::cancel);
    for (QSpinBox* box : {m_queries, m_repeats, m_corpus})
        connect(box, &QSpinBox::valueChanged, this, &SpeedupChartView::restartIfRunning);

    connect(m_runner, &SweepRunner::progressed, this, [this](quint64, int done, int total, const QString& stage) {
        m_progress->setValue(total > 0 ? 100 * done / total : 0);
        m_status->setText(tr("Running: %1").arg(stage));
    });
    connect(m_runner, &SweepRunner::pointReady, this,
            [this](quint64, const bench::PointResult& point) { onPoint(point); });
    connect(m_runner, &SweepRunner::finished, this, [this](quint64, bool cancelled) {
        setRunningUi(false);
        m_progress->setValue(cancelled ? m_progress->value() : 100);
        const QString text = cancelled ? tr("Cancelled after %n point(s).", nullptr, static_cast<int>(m_points.size()))
                                       : tr("Done: %n point(s).", nullptr, static_cast<int>(m_points.size()));
        m_status->setText(text);
        emit statusMessage(text);
        emit sweepFinished(cancelled);
    });
    connect(m_runner, &SweepRunner::failed, this, [this](quint64, const QString& message) {
        setRunningUi(false);
        m_error = message;
        m_status->setText(QStringLiteral("<span style='color:#c62828'>%1</span>").arg(tr("Error: %1").arg(message.toHtmlEscaped())));
        emit statusMessage(tr("Benchmark error: %1").arg(message));
        emit sweepFinished(true);
    });

    updateHotMarker();
    updateTitle();
}

SpeedupChartView::~SpeedupChartView() = default;

void SpeedupChartView::setFilterSpec(const FilterSpec& spec) {
    m_spec = spec;
    updateTitle();
    restartIfRunning();
}

void SpeedupChartView::setBackend(const bench::BackendSpec& backend) {
    m_backend = backend;
    updateTitle();
    restartIfRunning();
}

void SpeedupChartView::setHotRatio(double ratio) {
    m_hotRatio = ratio;
    updateHotMarker();
    if (!m_customRatios)
        restartIfRunning();
}

void SpeedupChartView::setSweepRatios(std::vector<double> ratios) {
    m_ratios = std::move(ratios);
    m_customRatios = !m_ratios.empty();
    restartIfRunning();
}

void SpeedupChartView::setQueries(int queries) { m_queries->setValue(queries); }
void SpeedupChartView::setRepeats(int repeats) { m_repeats->setValue(repeats); }
void SpeedupChartView::setCorpusSize(int phrases) { m_corpus->setValue(phrases); }

std::vector<double> SpeedupChartView::effectiveRatios() const {
    if (m_customRatios)
        return m_ratios;
    std::vector<double> ratios = kSeedRatios;
    const bool present = std::any_of(ratios.begin(), ratios.end(), [this](double r) { return std::abs(r - m_hotRatio) < 0.005; });
    if (!present)
        ratios.push_back(m_hotRatio);
    std::sort(ratios.begin(), ratios.end());
    return ratios;
}

bench::SweepConfig SpeedupChartView::sweepConfig() const {
    bench::SweepConfig config;
    config.base.backend = m_backend;
    config.base.filter = m_spec;
    config.base.queries = static_cast<std::uint64_t>(m_queries->value());
    config.base.repeats = static_cast<std::uint32_t>(m_repeats->value());
    config.base.corpusSize = static_cast<std::uint64_t>(m_corpus->value());
    config.hotRatios = effectiveRatios();
    return config;
}

bool SpeedupChartView::running() const { return m_runner->running(); }

void SpeedupChartView::run() {
    const bench::SweepConfig config = sweepConfig();
    try {
        bench::validate(config);
    } catch (const std::exception& e) {
        // The refused run leaves the chart, the table and the title with the run they show.
        m_error = QString::fromStdString(e.what());
        const QString shown = m_points.empty() ? tr("nothing has been measured yet.")
                                               : tr("still showing the previous run (%1).").arg(describeRun(m_measuredConfig));
        m_status->setText(QStringLiteral("<span style='color:#c62828'>%1</span> %2")
                              .arg(tr("Run refused: %1").arg(m_error.toHtmlEscaped()), shown.toHtmlEscaped()));
        emit statusMessage(tr("Benchmark run refused: %1").arg(m_error));
        return;
    }
    m_restartTimer.stop();
    m_error.clear();
    clearResults();
    m_measuredConfig = config;
    m_progress->setValue(0);
    m_status->setText(tr("Starting…"));
    setRunningUi(true);
    m_runner->start(config);
    updateTitle();
}

void SpeedupChartView::cancel() {
    m_restartTimer.stop();
    if (!m_runner->running())
        return;
    m_status->setText(tr("Cancelling…"));
    m_runner->cancel();
}

void SpeedupChartView::restartIfRunning() {
    updateTitle();
    if (m_runner->running()) {
        m_status->setText(tr("Parameters changed: restarting…"));
        m_restartTimer.start();
    }
}

void SpeedupChartView::clearResults() {
    m_points.clear();
    m_measured->clear();
    m_measuredDots->clear();
    m_model->clear();
    m_table->setRowCount(0);
    updateAxes();
}

void SpeedupChartView::onPoint(const bench::PointResult& point) {
    m_points.push_back(point);
    m_measured->append(point.hotRatio, point.median.speedup);
    m_measuredDots->append(point.hotRatio, point.median.speedup);
    addTableRow(point);
    updateModelCurve();
    updateAxes();
    emit pointAdded(point);
}

QStringList SpeedupChartView::tableHeaders() {
    return {tr("hot ratio"), tr("speedup"), tr("p50 speedup"), tr("p50 with (µs)"), tr("p50 without (µs)"),
            tr("p99 with (µs)"), tr("FPR (cold)"), tr("model")};
}

QStringList SpeedupChartView::tableCells(const bench::PointResult& point) {
    const bench::RunResult& r = point.median;
    return {QString::number(point.hotRatio, 'f', 2),       QString::number(r.speedup, 'f', 2) + QStringLiteral("×"),
            QString::number(r.p50Speedup, 'f', 2) + QStringLiteral("×"), QString::number(r.p50WithUs, 'f', 2),
            QString::number(r.p50WithoutUs, 'f', 2),      QString::number(r.p99WithUs, 'f', 2),
            formatProbability(r.fprCold),                 QString::number(r.modelSpeedup, 'f', 2) + QStringLiteral("×")};
}

void SpeedupChartView::addTableRow(const bench::PointResult& point) {
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    const QStringList cells = tableCells(point);
    for (int column = 0; column < cells.size(); ++column)
        m_table->setItem(row, column, numberItem(cells[column]));
    m_table->scrollToBottom();
}

QString SpeedupChartView::markdownTable() const {
    if (m_points.empty())
        return {};
    const QStringList headers = tableHeaders();
    QString md = QStringLiteral("| ") + headers.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
    for (qsizetype i = 0; i < headers.size(); ++i)
        md += QStringLiteral("---:|");
    md += QLatin1Char('\n');
    for (const bench::PointResult& point : m_points)
        md += QStringLiteral("| ") + tableCells(point).join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    return md;
}

void SpeedupChartView::updateModelCurve() {
    if (m_points.empty()) {
        m_model->clear();
        return;
    }
    // Costs and FPR do not depend on h: average the medians measured so far.
    double cf = 0, hot = 0, cold = 0, fpr = 0;
    int hotSamples = 0;
    for (const bench::PointResult& p : m_points) {
        cf += p.median.filterCostNs;
        cold += p.median.backendColdNs;
        fpr += p.median.fprCold;
        if (p.median.hotQueries > 0) {
            hot += p.median.backendHotNs;
            ++hotSamples;
        }
    }
    const double count = static_cast<double>(m_points.size());
    cf /= count;
    cold /= count;
    fpr /= count;
    hot = hotSamples ? hot / hotSamples : cold;
    QList<QPointF> curve;
    for (int i = 0; i <= 100; ++i) {
        const double h = i / 100.0;
        curve.append({h, bench::modelSpeedup(h, fpr, cf, hot, cold)});
    }
    m_model->replace(curve);
}

void SpeedupChartView::updateAxes() {
    double top = 2.5;
    for (const QPointF& p : m_measured->points())
        top = std::max(top, p.y());
    // The model explodes near h = 0 for slow backends: let it set the scale only from h = 0.1.
    for (const QPointF& p : m_model->points())
        if (p.x() >= 0.1)
            top = std::max(top, p.y());
    m_axisY->setRange(0, top * 1.1);
    m_axisY->applyNiceNumbers();
    updateHotMarker();
}

void SpeedupChartView::updateHotMarker() {
    m_hotMarker->replace({QPointF(m_hotRatio, 0), QPointF(m_hotRatio, m_axisY->max())});
}

QString SpeedupChartView::describeRun(const bench::SweepConfig& config) {
    QString backend;
    try {
        backend = QString::fromStdString(bench::backendName(config.base.backend));
    } catch (...) {
    }
    return tr("%1 filter, n = %2, p = %3, backend %4")
        .arg(filterTypeKeyword(config.base.filter.type))
        .arg(formatCount(static_cast<double>(config.base.filter.capacity)))
        .arg(formatProbability(config.base.filter.fpr))
        .arg(backend);
}

void SpeedupChartView::updateTitle() {
    // The title names the run the curve and the table show; before any run, the one F5 starts.
    const bool measured = !m_points.empty() || m_runner->running();
    const QString shown = describeRun(measured ? m_measuredConfig : sweepConfig());
    m_chart->setTitle(measured ? tr("Speedup against hot ratio — %1").arg(shown)
                               : tr("Speedup against hot ratio — %1 (not run yet)").arg(shown));
    if (measured && !m_runner->running() && describeRun(sweepConfig()) != shown)
        m_status->setText(tr("Showing the run of %1; the parameters have changed since (Run sweep measures them).").arg(shown));
}

void SpeedupChartView::setRunningUi(bool running) {
    m_run->setText(running ? tr("&Restart") : tr("&Run sweep"));
    m_cancel->setEnabled(running);
    emit runningChanged(running);
}

QString SpeedupChartView::exportCsv(const QString& path) const {
    if (m_points.empty())
        return tr("There are no benchmark results yet: run the sweep first.");
    QByteArray text = QByteArray::fromStdString(bench::csvHeader()) + '\n';
    for (const bench::PointResult& point : m_points) {
        bench::BenchConfig config = m_measuredConfig.base;
        config.hotRatio = point.hotRatio;
        for (const bench::RunResult& run : point.runs)
            text += QByteArray::fromStdString(bench::csvRow(config, run)) + '\n';
        text += QByteArray::fromStdString(bench::csvRow(config, point.median)) + '\n';
    }
    return writeOutputFile(path, text);
}

} // namespace bloomlab::ui
