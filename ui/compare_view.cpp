#include "ui/compare_view.h"

#include "core/filter_math.h"
#include "core/parse_units.h"
#include "ui/background_worker.h"
#include "ui/chart_axes.h"
#include "ui/filter_probe.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <chrono>
#include <cmath>

namespace bloomlab::ui {

namespace {

constexpr FilterType kTypes[] = {FilterType::Classic, FilterType::Blocked, FilterType::Counting, FilterType::Scalable,
                                 FilterType::Cuckoo};

/// Builds one filter type on the keys and measures it (runs on the worker thread).
CompareRow measure(FilterType type, std::uint64_t keys, std::uint64_t budgetBits, std::uint64_t queries,
                   const std::stop_token& stop) {
    using Clock = std::chrono::steady_clock;
    CompareRow row;
    row.type = type;
    row.keys = keys;
    FilterSpec spec;
    spec.type = type;
    spec.capacity = keys;
    spec.bits = budgetBits;
    try {
        AnyFilter filter = AnyFilter::create(spec);
        const auto start = Clock::now();
        for (std::uint64_t i = 0; i < keys; ++i) {
            if (!filter.insert("key:" + std::to_string(i)))
                ++row.failedInserts;
            if (i % 8192 == 0 && stop.stop_requested())
                return row;
        }
        row.buildMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        std::vector<std::string> absent;
        absent.reserve(queries);
        for (std::uint64_t i = 0; i < queries; ++i)
            absent.push_back("absent:" + std::to_string(i));
        const auto lookupStart = Clock::now();
        for (std::uint64_t i = 0; i < queries; ++i) {
            row.falsePositives += filter.mightContain(absent[i]) ? 1 : 0;
            if (i % 8192 == 0 && stop.stop_requested())
                return row;
        }
        row.lookupNs = std::chrono::duration<double, std::nano>(Clock::now() - lookupStart).count() /
                       static_cast<double>(std::max<std::uint64_t>(1, queries));
        row.tested = queries;
        const FilterStats stats = filter.stats();
        row.bytes = stats.bytes;
        row.bitsPerKey = 8.0 * static_cast<double>(stats.bytes) / static_cast<double>(keys);
        row.expectedFpr = stats.estimatedFpr;
    } catch (const std::exception& e) {
        row.error = QString::fromStdString(e.what());
    }
    return row;
}

QTableWidgetItem* cell(const QString& text, bool number = true) {
    auto* item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent), m_worker(std::make_unique<BackgroundWorker>()) {
    m_keys = new QLineEdit(QStringLiteral("100000"), this);
    m_keys->setObjectName(QStringLiteral("compareKeys"));
    m_keys->setToolTip(tr("Keys inserted into every filter (the same keys for all)."));
    m_budget = new QLineEdit(QStringLiteral("1MiB"), this);
    m_budget->setObjectName(QStringLiteral("compareBudget"));
    m_budget->setToolTip(tr("Memory budget of every filter: bits (958506, 1e6) or bytes (120KiB, 1MB). Layouts round "
                            "up to their granularity; the table shows what each really uses."));
    m_queries = new QLineEdit(QStringLiteral("200000"), this);
    m_queries->setObjectName(QStringLiteral("compareQueries"));
    m_queries->setToolTip(tr("Absent keys queried per filter to measure the FPR and the lookup time."));
    m_run = new QPushButton(tr("&Compare"), this);
    m_run->setObjectName(QStringLiteral("compareRun"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, static_cast<int>(std::size(kTypes)));
    m_progress->setValue(0);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_metric = new QComboBox(this);
    m_metric->addItem(tr("bits per key"));
    m_metric->addItem(tr("measured FPR"));
    m_metric->addItem(tr("build time (ms)"));
    m_metric->addItem(tr("lookup time (ns)"));
    m_metric->setCurrentIndex(1);
    m_metric->setToolTip(tr("What the bar chart shows."));

    auto* controls = new QGridLayout();
    controls->addWidget(new QLabel(tr("Keys"), this), 0, 0);
    controls->addWidget(m_keys, 0, 1);
    controls->addWidget(new QLabel(tr("Memory budget"), this), 0, 2);
    controls->addWidget(m_budget, 0, 3);
    controls->addWidget(new QLabel(tr("Absent queries"), this), 0, 4);
    controls->addWidget(m_queries, 0, 5);
    controls->addWidget(m_run, 0, 6);
    controls->addWidget(m_cancel, 0, 7);
    controls->addWidget(m_progress, 1, 0, 1, 6);
    controls->addWidget(new QLabel(tr("Chart"), this), 1, 6);
    controls->addWidget(m_metric, 1, 7);
    controls->addWidget(m_error, 2, 0, 1, 8);
    for (int c : {1, 3, 5})
        controls->setColumnStretch(c, 1);

    m_table = new QTableWidget(0, 8, this);
    m_table->setObjectName(QStringLiteral("compareTable"));
    // Two-line headers: narrow columns (a 1024-pixel window) keep whole words.
    m_table->setHorizontalHeaderLabels({tr("filter"), tr("memory"), tr("bits / key"), tr("measured FPR\n[95 % CI]"),
                                        tr("expected\nFPR"), tr("build\n(ms)"), tr("lookup\n(ns)"), tr("failed\ninserts")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setMinimumHeight(140);

    m_chart = new QChart();
    m_chart->setTitle(tr("Filters at the same memory budget"));
    m_chart->legend()->setVisible(false);
    m_series = new QBarSeries(m_chart);
    m_series->setLabelsVisible(true);
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    m_chart->addSeries(m_series);
    m_axisX = new QBarCategoryAxis(m_chart);
    m_axisY = newNiceAxis(m_chart, QString());
    attachAxes(m_chart, m_axisX, m_axisY);
    m_chartView = newChartView(m_chart, QStringLiteral("compareChart"), this);
    m_chartView->setMinimumHeight(220);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_chartView);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({220, 420});
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(splitter, 1);

    connect(m_run, &QPushButton::clicked, this, &CompareView::run);
    connect(m_cancel, &QPushButton::clicked, this, &CompareView::cancel);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &CompareView::updateChart);
    updateChart();
}

CompareView::~CompareView() { m_worker.reset(); }

void CompareView::setKeyCount(std::uint64_t keys) { m_keys->setText(QString::number(keys)); }
void CompareView::setBudgetBits(std::uint64_t bits) { m_budget->setText(QString::number(bits)); }
void CompareView::setQueryCount(std::uint64_t queries) { m_queries->setText(QString::number(queries)); }

QString CompareView::errorText() const { return m_error->text(); }

void CompareView::run() {
    std::uint64_t keys = 0, budget = 0, queries = 0;
    try {
        keys = parseCount(m_keys->text().trimmed().toStdString());
        budget = parseSizeBits(m_budget->text().trimmed().toStdString());
        queries = parseCount(m_queries->text().trimmed().toStdString());
        if (keys > 50'000'000)
            throw std::invalid_argument("keys must be at most 50,000,000 here; got " + m_keys->text().toStdString());
        if (queries > 50'000'000)
            throw std::invalid_argument("absent queries must be at most 50,000,000 here; got " +
                                        m_queries->text().toStdString());
        if (budget > (std::uint64_t{2} << 33))  // 2 GiB of filter memory
            throw std::invalid_argument("the memory budget must be at most 2 GiB here; got " +
                                        m_budget->text().toStdString());
    } catch (const std::exception& e) {
        m_error->setText(QString::fromStdString(e.what()));
        return;
    }
    m_error->clear();
    m_rows.clear();
    m_table->setRowCount(0);
    updateChart();
    m_progress->setValue(0);
    const std::uint64_t job = ++m_job;
    setRunningUi(true);
    CompareView* self = this;
    m_worker->submit([self, job, keys, budget, queries](std::stop_token stop) {
        for (const FilterType type : kTypes) {
            if (stop.stop_requested())
                break;
            const CompareRow row = measure(type, keys, budget, queries, stop);
            if (stop.stop_requested())
                break;
            postTo(self, [self, job, row] { self->onRow(job, row); });
        }
        const bool cancelled = stop.stop_requested();
        postTo(self, [self, job, cancelled] { self->onDone(job, cancelled); });
    });
}

void CompareView::cancel() { m_worker->cancel(); }

void CompareView::setRunningUi(bool running) {
    m_running = running;
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
}

void CompareView::onRow(std::uint64_t job, const CompareRow& row) {
    if (job != m_job)
        return;
    m_rows.push_back(row);
    m_progress->setValue(static_cast<int>(m_rows.size()));
    const int r = m_table->rowCount();
    m_table->insertRow(r);
    m_table->setItem(r, 0, cell(filterTypeTitle(row.type), false));
    if (!row.error.isEmpty()) {
        m_table->setItem(r, 1, cell(row.error, false));
        m_table->setSpan(r, 1, 1, 7);
    } else {
        const math::Interval ci = math::wilsonInterval(row.falsePositives, row.tested);
        m_table->setItem(r, 1, cell(QString::fromStdString(formatBytes(static_cast<double>(row.bytes)))));
        m_table->setItem(r, 2, cell(QString::number(row.bitsPerKey, 'f', 2)));
        m_table->setItem(r, 3, cell(tr("%1 [%2 – %3]")
                                        .arg(formatProbability(static_cast<double>(row.falsePositives) /
                                                               static_cast<double>(std::max<std::uint64_t>(1, row.tested))),
                                             formatProbability(ci.low), formatProbability(ci.high))));
        m_table->setItem(r, 4, cell(formatProbability(row.expectedFpr)));
        m_table->setItem(r, 5, cell(QString::number(row.buildMs, 'f', 1)));
        m_table->setItem(r, 6, cell(QString::number(row.lookupNs, 'f', 1)));
        m_table->setItem(r, 7, cell(formatCount(static_cast<double>(row.failedInserts))));
    }
    updateChart();
}

void CompareView::onDone(std::uint64_t job, bool cancelled) {
    if (job != m_job)
        return;
    setRunningUi(false);
    emit statusMessage(cancelled ? tr("Comparison cancelled.") : tr("Comparison done."));
    emit finished(cancelled);
}

void CompareView::updateChart() {
    m_series->clear();
    QStringList categories;
    auto* set = new QBarSet(m_metric->currentText());
    set->setColor(QColor(0x1e, 0x63, 0xd6));
    double top = 0;
    for (const CompareRow& row : m_rows) {
        if (!row.error.isEmpty())
            continue;
        double v = 0;
        switch (m_metric->currentIndex()) {
        case 0: v = row.bitsPerKey; break;
        case 1: v = row.tested ? static_cast<double>(row.falsePositives) / static_cast<double>(row.tested) : 0; break;
        case 2: v = row.buildMs; break;
        case 3: v = row.lookupNs; break;
        }
        categories << filterTypeKeyword(row.type);
        set->append(v);
        top = std::max(top, v);
    }
    m_series->append(set);
    m_series->setLabelsPrecision(m_metric->currentIndex() == 1 ? 3 : 4);
    m_axisX->setCategories(categories.isEmpty() ? QStringList{tr("(run the comparison)")} : categories);
    m_axisY->setRange(0, top > 0 ? top * 1.15 : 1);
    m_axisY->setTitleText(m_metric->currentText());
    m_chart->setTitle(tr("%1 — every filter at the same memory budget (%2), same %3 keys")
                          .arg(m_metric->currentText(), m_budget->text(), m_keys->text()));
}

QString CompareView::markdownTable() const {
    if (m_rows.empty())
        return {};
    QString md = QStringLiteral("| filter | memory | bits/key | measured FPR | 95% CI | expected FPR | build ms | lookup ns | failed inserts |\n"
                                "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const CompareRow& row : m_rows) {
        if (!row.error.isEmpty()) {
            md += QStringLiteral("| %1 | error: %2 |||||||\n").arg(filterTypeKeyword(row.type), row.error);
            continue;
        }
        const math::Interval ci = math::wilsonInterval(row.falsePositives, row.tested);
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 – %6 | %7 | %8 | %9 | %10 |\n")
                  .arg(filterTypeKeyword(row.type), QString::fromStdString(formatBytes(static_cast<double>(row.bytes))),
                       QString::number(row.bitsPerKey, 'f', 2),
                       QString::number(static_cast<double>(row.falsePositives) / static_cast<double>(std::max<std::uint64_t>(1, row.tested)), 'g', 4),
                       QString::number(ci.low, 'g', 3), QString::number(ci.high, 'g', 3),
                       QString::number(row.expectedFpr, 'g', 4), QString::number(row.buildMs, 'f', 1),
                       QString::number(row.lookupNs, 'f', 1))
                  .arg(row.failedInserts);
    }
    return md;
}

} // namespace bloomlab::ui
