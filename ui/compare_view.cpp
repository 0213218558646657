#include "ui/compare_view.h"

#include "core/filter_math.h"
#include "core/filter_plan.h"
#include "core/parse_units.h"
#include "ui/background_worker.h"
#include "ui/chart_axes.h"
#include "ui/filter_probe.h"
#include "ui/number_field.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace bloomlab::ui {

namespace {

constexpr FilterType kTypes[] = {FilterType::Classic, FilterType::Blocked, FilterType::Counting, FilterType::Scalable,
                                 FilterType::Cuckoo};

/// Whether `type` can be built for `keys` in `bits`: the plan accepts it (below that the FPR
/// at n is 1 in floating point: every query would say "maybe") and a cuckoo table holds the
/// keys at the load it is designed for.
bool budgetFits(FilterType type, std::uint64_t keys, std::uint64_t bits) {
    FilterSpec spec;
    spec.type = type;
    spec.capacity = keys;
    spec.bits = bits;
    try {
        const FilterPlan plan = planFilter(spec);
        return type != FilterType::Cuckoo ||
               static_cast<double>(keys) <= math::kCuckooDesignLoad * static_cast<double>(plan.cells);
    } catch (const std::invalid_argument&) {
        return false;
    }
}

/// The smallest budget in bits that fits (budgetFits grows with the budget); 0 when none up to
/// 2^44 bits does.
std::uint64_t minimumBudgetBits(FilterType type, std::uint64_t keys) {
    std::uint64_t high = 1;
    while (!budgetFits(type, keys, high)) {
        if (high >= (std::uint64_t{1} << 44))
            return 0;
        high *= 2;
    }
    std::uint64_t low = high / 2;  // does not fit (or is 0)
    while (high - low > 1) {
        const std::uint64_t mid = low + (high - low) / 2;
        (budgetFits(type, keys, mid) ? high : low) = mid;
    }
    return high;
}

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
    if (!budgetFits(type, keys, budgetBits)) {
        const std::uint64_t minimum = minimumBudgetBits(type, keys);
        row.error = minimum == 0
                        ? CompareView::tr("budget too small for %1 at %2 keys").arg(filterTypeKeyword(type), formatCount(static_cast<double>(keys)))
                        : CompareView::tr("budget too small for %1: needs at least %2 bytes (%3 bits per key) for %4 keys")
                              .arg(filterTypeKeyword(type), formatCount(std::ceil(static_cast<double>(minimum) / 8.0)),
                                   QString::number(static_cast<double>(minimum) / static_cast<double>(keys), 'g', 3),
                                   formatCount(static_cast<double>(keys)));
        row.minimumBits = minimum;
        return row;
    }
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
    m_budgetUnit = new QComboBox(this);
    m_budgetUnit->setObjectName(QStringLiteral("compareBudgetUnit"));
    m_budgetUnit->addItem(tr("in total"));
    m_budgetUnit->addItem(tr("bits / key"));
    m_budgetUnit->setToolTip(tr("In total: the budget of each filter in bits or bytes. Bits per key: the budget is "
                                "this many bits for every key (10 bits per key of 100,000 keys = 1,000,000 bits)."));
    auto budgetTip = [this] {
        m_budget->setToolTip(m_budgetUnit->currentIndex() == 0
                                 ? tr("Memory budget of every filter: bits (958506, 1e6) or bytes (120KiB, 1MB). Layouts "
                                      "round up to their granularity; the table shows what each really uses.")
                                 : tr("Bits per key of every filter (10, 9.6): the budget is this times the keys. Layouts "
                                      "round up to their granularity; the table shows what each really uses."));
    };
    budgetTip();
    connect(m_budgetUnit, &QComboBox::currentIndexChanged, this, budgetTip);
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
    m_error->setObjectName(QStringLiteral("compareError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("compareNote"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: #b26a00;"));
    m_note->setVisible(false);
    m_metric = new QComboBox(this);
    m_metric->addItem(tr("bits per key"));
    m_metric->addItem(tr("measured FPR"));
    m_metric->addItem(tr("build time (ms)"));
    m_metric->addItem(tr("lookup time (ns)"));
    m_metric->setCurrentIndex(1);
    m_metric->setToolTip(tr("What the bar chart shows."));

    // The labels wrap and the boxes show what fits (the list shows all of it), so the row of
    // controls fits a 1024-pixel window in every language.
    for (QComboBox* box : {m_budgetUnit, m_metric}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    auto wrapped = [this](const QString& text) {
        auto* label = new QLabel(text, this);
        label->setWordWrap(true);
        return label;
    };
    auto* controls = new QGridLayout();
    controls->addWidget(wrapped(tr("Keys")), 0, 0);
    controls->addWidget(m_keys, 0, 1);
    // Room for "10,000,000" also in a 1024-pixel window.
    const int digits = m_keys->fontMetrics().horizontalAdvance(QStringLiteral("10,000,000")) + 12;
    for (QLineEdit* edit : {m_keys, m_budget, m_queries})
        edit->setMinimumWidth(digits);
    auto* budgetRow = new QHBoxLayout();
    budgetRow->setContentsMargins(0, 0, 0, 0);
    budgetRow->addWidget(m_budget, 1);
    budgetRow->addWidget(m_budgetUnit);
    controls->addWidget(wrapped(tr("Memory budget")), 0, 2);
    controls->addLayout(budgetRow, 0, 3);
    controls->addWidget(wrapped(tr("Absent queries")), 0, 4);
    controls->addWidget(m_queries, 0, 5);
    controls->addWidget(m_run, 0, 6);
    controls->addWidget(m_progress, 1, 0, 1, 4);
    controls->addWidget(m_cancel, 1, 4);
    auto* chartRow = new QHBoxLayout();
    chartRow->setContentsMargins(0, 0, 0, 0);
    chartRow->addWidget(new QLabel(tr("Chart"), this));
    chartRow->addWidget(m_metric, 1);
    controls->addLayout(chartRow, 1, 5, 1, 2);
    controls->addWidget(m_error, 2, 0, 1, 7);
    controls->addWidget(m_note, 3, 0, 1, 7);
    for (int c : {1, 3, 5})
        controls->setColumnStretch(c, 1);
    controls->setColumnStretch(3, 2);

    m_table = new QTableWidget(0, 8, this);
    m_table->setObjectName(QStringLiteral("compareTable"));
    // Two-line headers: narrow columns (a 1024-pixel window) keep whole words.
    m_table->setHorizontalHeaderLabels({tr("filter"), tr("memory"), tr("bits / key"), tr("measured FPR\n[95 % CI]"),
                                        tr("expected\nFPR"), tr("build\n(ms)"), tr("lookup\n(ns)"), tr("failed\ninserts")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
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

void CompareView::setKeyCount(std::uint64_t keys) { m_keys->setText(countFieldText(keys)); }
void CompareView::setBudgetBits(std::uint64_t bits) {
    m_budgetUnit->setCurrentIndex(0);
    m_budget->setText(countFieldText(bits));
}

void CompareView::setBudgetBitsPerKey(double bitsPerKey) {
    m_budgetUnit->setCurrentIndex(1);
    m_budget->setText(decimalFieldText(bitsPerKey));
}

std::uint64_t CompareView::budgetBits(std::uint64_t keys) const {
    if (m_budgetUnit->currentIndex() == 0)
        return parseSizeBitsField(m_budget->text());
    const double perKey = parsePositiveDecimalField(m_budget->text());
    // Whole bits, rounded up; 9.6 x 1,000 is 9,600 (not 9,601 from the product's last bit).
    const double total = std::ceil(perKey * static_cast<double>(keys) * (1.0 - 1e-12));
    if (!(total <= 9.0e18))
        throw std::invalid_argument(tr("%1 bits per key of %2 keys is too large a budget")
                                        .arg(m_budget->text().trimmed(), formatCount(static_cast<double>(keys)))
                                        .toStdString());
    return static_cast<std::uint64_t>(total);
}

QString CompareView::budgetText() const {
    const QString typed = m_budget->text().trimmed();
    if (m_budgetUnit->currentIndex() == 1)
        return tr("%1 bits per key").arg(typed);
    // A plain number is bits: say so ("1,000 bits"); "1MiB" speaks for itself.
    const bool plain = std::none_of(typed.begin(), typed.end(), [](QChar c) { return c.isLetter(); });
    try {
        if (plain)
            return tr("%1 bits").arg(formatCount(static_cast<double>(parseSizeBitsField(typed))));
    } catch (const std::invalid_argument&) {
    }
    return typed;
}
void CompareView::setQueryCount(std::uint64_t queries) { m_queries->setText(countFieldText(queries)); }

QString CompareView::errorText() const { return m_error->text(); }

void CompareView::run() {
    std::uint64_t keys = 0, budget = 0, queries = 0;
    try {
        keys = parseCountField(m_keys->text());
        budget = budgetBits(keys);
        queries = parseCountField(m_queries->text());
        if (keys > 50'000'000)
            throw std::invalid_argument(
                tr("keys must be at most %1 here; got %2").arg(formatCount(50'000'000), m_keys->text()).toStdString());
        if (queries > 50'000'000)
            throw std::invalid_argument(tr("absent queries must be at most %1 here; got %2")
                                            .arg(formatCount(50'000'000), m_queries->text())
                                            .toStdString());
        if (budget > (std::uint64_t{2} << 33))  // 2 GiB of filter memory
            throw std::invalid_argument(
                tr("the memory budget must be at most 2 GiB here; got %1").arg(budgetText()).toStdString() +
                (m_budgetUnit->currentIndex() == 1 ? " (" + formatBytes(static_cast<double>(budget) / 8.0) + ")" : std::string()));
    } catch (const std::exception& e) {
        m_error->setText(QString::fromStdString(e.what()));
        return;
    }
    m_error->clear();
    m_note->clear();
    m_note->setVisible(false);
    m_shownBudget = budgetText();
    m_shownKeys = formatCount(static_cast<double>(keys));
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
    showRow(row);
}

void CompareView::showRow(const CompareRow& row) {
    m_rows.push_back(row);
    m_progress->setValue(static_cast<int>(m_rows.size()));
    const int r = m_table->rowCount();
    m_table->insertRow(r);
    // The short name, as under the bars and in the note (the long one, "Blocked Bloom (Parquet
    // SBBF)", was cut to "Blocked …" at 1024 px); the long one in the tooltip.
    m_table->setItem(r, 0, cell(filterTypeKeyword(row.type), false));
    m_table->item(r, 0)->setToolTip(filterTypeTitle(row.type));
    if (!row.error.isEmpty()) {
        m_table->setItem(r, 1, cell(row.error, false));
        m_table->setSpan(r, 1, 1, 7);
        m_table->item(r, 1)->setToolTip(row.error);
    } else if (row.failedInserts > 0) {
        // A filter that refused keys is not the filter that was asked for: its "maybe" rate on
        // absent keys is not a false-positive rate of these keys.
        m_table->setItem(r, 1, cell(QString::fromStdString(formatBytes(static_cast<double>(row.bytes)))));
        m_table->setItem(r, 2, cell(QString::number(row.bitsPerKey, 'f', 2)));
        auto* invalid = cell(tr("not valid: %1 of %2 inserts failed (full)")
                                 .arg(formatCount(static_cast<double>(row.failedInserts)), formatCount(static_cast<double>(row.keys))),
                             false);
        invalid->setForeground(QColor(0xc6, 0x28, 0x28));
        m_table->setItem(r, 3, invalid);
        m_table->setSpan(r, 3, 1, 2);
        m_table->setItem(r, 5, cell(QString::number(row.buildMs, 'f', 1)));
        m_table->setItem(r, 6, cell(QString::number(row.lookupNs, 'f', 1)));
        m_table->setItem(r, 7, cell(formatCount(static_cast<double>(row.failedInserts))));
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
    updateNote();
    updateChart();
}

bool CompareView::fprValid(const CompareRow& row) { return row.error.isEmpty() && row.failedInserts == 0 && row.tested > 0; }

void CompareView::updateNote() {
    // One line: the table row of each type says the rest.
    QStringList notBuilt, full;
    for (const CompareRow& row : m_rows) {
        if (!row.error.isEmpty())
            notBuilt << filterTypeKeyword(row.type);
        else if (row.failedInserts > 0)
            full << filterTypeKeyword(row.type);
    }
    QStringList parts;
    if (!notBuilt.isEmpty())
        parts << tr("Not built (the budget is too small; the table says how much each needs): %1.")
                     .arg(notBuilt.join(QStringLiteral(", ")));
    if (!full.isEmpty())
        parts << tr("No FPR for %1: inserts failed (the filter is full).").arg(full.join(QStringLiteral(", ")));
    m_note->setText(parts.join(QLatin1Char(' ')));
    m_note->setVisible(!parts.isEmpty());
}

QString CompareView::noteText() const { return m_note->text(); }

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
    // The values stand above the bars (LabelsOutsideEnd), on the chart's background: the theme's
    // bar-label colour is meant for text inside a bar (white on the light theme), so the labels
    // take the axes' label colour, which the theme makes readable on that background.
    set->setLabelColor(m_axisY->labelsColor());
    double top = 0;
    for (const CompareRow& row : m_rows) {
        if (!row.error.isEmpty() || (m_metric->currentIndex() == 1 && !fprValid(row)))
            continue;  // no bar for a filter that was not built, nor an FPR for one that is full
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
    m_axisX->setCategories(!categories.isEmpty() ? categories
                           : m_rows.empty()      ? QStringList{tr("(run the comparison)")}
                                                 : QStringList{tr("(no filter to show: see the table)")});
    m_axisY->setRange(0, top > 0 ? top * 1.15 : 1);
    m_axisY->setTitleText(m_metric->currentText());
    m_chart->setTitle(tr("%1 — every filter at the same memory budget (%2), same %3 keys")
                          .arg(m_metric->currentText(), m_shownBudget.isEmpty() ? budgetText() : m_shownBudget,
                               m_shownKeys.isEmpty() ? m_keys->text().trimmed() : m_shownKeys));
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
        if (row.failedInserts > 0) {
            md += QStringLiteral("| %1 | %2 | %3 | not valid (inserts failed) | | | %4 | %5 | %6 |\n")
                      .arg(filterTypeKeyword(row.type), QString::fromStdString(formatBytes(static_cast<double>(row.bytes))),
                           QString::number(row.bitsPerKey, 'f', 2), QString::number(row.buildMs, 'f', 1),
                           QString::number(row.lookupNs, 'f', 1))
                      .arg(row.failedInserts);
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
