#include "ui/false_positive_panel.h"

#include "core/filter_math.h"
#include "ui/chart_axes.h"
#include "ui/derived_sizing.h"
#include "ui/filter_session.h"
#include "ui/glossary.h"

#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace bloomlab::ui {

FalsePositivePanel::FalsePositivePanel(FilterSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    // A grid, not a form layout: a wrapped value gets the second line it needs (the form layout
    // wraps the text but keeps the row one line high).
    auto* form = new QGridLayout();
    form->setColumnStretch(1, 1);
    int rows = 0;
    auto row = [&](const QString& label, const QString& tip, const QString& name) {
        auto* value = new QLabel(this);
        value->setObjectName(name);
        value->setToolTip(tip);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        // A long value ("2,000 (over capacity)", an interval) takes a second line rather than
        // widening the panel past a 1024-pixel window.
        value->setWordWrap(true);
        auto* l = new QLabel(label, this);
        l->setToolTip(tip);
        form->addWidget(l, rows, 0, Qt::AlignLeft | Qt::AlignTop);
        form->addWidget(value, rows++, 1, Qt::AlignTop);
        return value;
    };
    m_items = row(tr("Keys inserted"), tr("Items in the filter (successful inserts)."), QStringLiteral("fpItems"));
    m_tested = row(tr("Absent keys tested"), tr("Generated keys that were never inserted, queried since the "
                                                "filter last changed."), QStringLiteral("fpTested"));
    m_fp = row(tr("False positives"), tr("Absent keys the filter answered \"maybe\" for."), QStringLiteral("fpCount"));
    m_observed = row(tr("Observed FPR"), glossary::fpr() + tr("\nIn brackets: 95 % Wilson confidence interval."),
                     QStringLiteral("fpObserved"));
    m_manual = row(tr("Your queries"),
                   tr("Keys you queried in the key field that were never inserted, and how many of them the filter "
                      "answered \"maybe\" for: known false positives. Counted apart from the generated keys above."),
                   QStringLiteral("fpManual"));
    m_expected = row(tr("Expected FPR now"), glossary::fpr() + tr("\nEstimated by the filter from its current fill."),
                     QStringLiteral("fpExpected"));
    m_theoryNow = row(tr("Theory at this fill"), glossary::fpr() + tr("\nThe formula for this layout at the current number of items."),
                      QStringLiteral("fpTheory"));
    m_fill_ = row(tr("Fill ratio"), glossary::fillRatio(), QStringLiteral("fpFill"));
    m_estimated = row(tr("Estimated items"), glossary::estimatedItems(), QStringLiteral("fpEstimated"));
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_notBuilt = new QLabel(this);
    m_notBuilt->setObjectName(QStringLiteral("fpNotBuilt"));
    m_notBuilt->setWordWrap(true);
    m_notBuilt->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_notBuilt->setVisible(false);

    m_probes = new QSpinBox(this);
    m_probes->setRange(100, 10000000);
    m_probes->setValue(10000);
    m_probes->setSingleStep(1000);
    m_probes->setToolTip(tr("How many new absent keys one test queries."));
    m_test = new QPushButton(tr("&Test absent keys"), this);
    m_test->setObjectName(QStringLiteral("testAbsent"));
    m_test->setToolTip(tr("Query that many keys that were never inserted and count the \"maybe\" answers (Ctrl+T)."));
    m_fill = new QPushButton(tr("&Fill to 2n and measure"), this);
    m_fill->setObjectName(QStringLiteral("fillMeasure"));
    m_fill->setToolTip(tr("Insert generated keys up to twice the capacity, measuring the FPR at 16 steps on "
                          "a worker thread: watch it climb past n."));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);

    // Two rows of two halves, not a grid: a grid's column is as wide as its widest button in
    // either row, which in some languages makes the panel too wide for a 1024-pixel window.
    auto* buttons = new QVBoxLayout();
    auto* testRow = new QHBoxLayout();
    testRow->addWidget(m_probes, 1);
    testRow->addWidget(m_test, 1);
    auto* fillRow = new QHBoxLayout();
    fillRow->addWidget(m_fill, 1);
    fillRow->addWidget(m_cancel, 1);
    buttons->addLayout(testRow);
    buttons->addLayout(fillRow);

    auto* left = new QVBoxLayout();
    left->addLayout(form);
    left->addWidget(m_note);
    left->addWidget(m_notBuilt);  // in the note's place: the panel must not grow in a small window
    left->addLayout(buttons);

    m_chart = new QChart();
    m_chart->setTitle(tr("FPR against items inserted"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_theory = new QLineSeries(m_chart);
    m_theory->setName(tr("theory"));
    m_theory->setPen(QPen(QColor(0xef, 0x6c, 0x00), 2));
    m_measured = new QScatterSeries(m_chart);
    m_measured->setName(tr("measured"));
    m_measured->setMarkerSize(9);
    m_measured->setColor(QColor(0x1e, 0x63, 0xd6));
    m_measured->setBorderColor(Qt::white);
    m_capacityLine = new QLineSeries(m_chart);
    m_capacityLine->setName(tr("n"));
    m_capacityLine->setPen(QPen(QColor(0x75, 0x75, 0x75), 1, Qt::DashLine));
    m_targetLine = new QLineSeries(m_chart);
    m_targetLine->setName(tr("p"));
    m_targetLine->setPen(QPen(QColor(0x2e, 0x7d, 0x32), 1, Qt::DotLine));
    const ValueAxes axes = addSeriesAndFprAxes(m_chart, {m_capacityLine, m_targetLine, m_theory, m_measured}, tr("FPR"));
    m_axisX = axes.x;
    m_axisY = axes.y;
    m_chartView = newChartView(m_chart, QStringLiteral("fprChart"), this);
    m_chartView->setMinimumSize(300, 240);
    connect(m_measured, &QScatterSeries::hovered, this, [this](const QPointF& pt, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        for (const FprPoint& p : m_session->measuredPoints()) {
            if (static_cast<double>(p.items) == pt.x()) {
                const math::Interval ci = math::wilsonInterval(p.falsePositives, p.tested);
                QToolTip::showText(QCursor::pos(),
                                   tr("%1 items: %2 of %3 absent keys were false positives\nFPR %4 "
                                      "(95 % CI %5 – %6)")
                                       .arg(formatCount(static_cast<double>(p.items)))
                                       .arg(p.falsePositives)
                                       .arg(p.tested)
                                       .arg(formatProbability(static_cast<double>(p.falsePositives) / static_cast<double>(p.tested)),
                                            formatProbability(ci.low), formatProbability(ci.high)),
                                   m_chartView);
            }
        }
    });

    // Counters and buttons on top, the chart below (the panel sits in a column beside the bits).
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(left);
    layout->addWidget(m_chartView, 1);

    connect(m_test, &QPushButton::clicked, this, &FalsePositivePanel::testAbsent);
    connect(m_fill, &QPushButton::clicked, this, &FalsePositivePanel::fillToTwiceN);
    connect(m_cancel, &QPushButton::clicked, m_session, &FilterSession::cancelJob);
    connect(m_session, &FilterSession::countersChanged, this, &FalsePositivePanel::refresh);
    connect(m_session, &FilterSession::filterReset, this, [this] {
        rebuildTheory();
        refresh();
    });
    connect(m_session, &FilterSession::filterChanged, this, &FalsePositivePanel::refresh);
    connect(m_session, &FilterSession::errorOccurred, this, &FalsePositivePanel::refresh);
    connect(m_session, &FilterSession::busyChanged, this, [this](bool busy) {
        m_test->setEnabled(!busy);
        m_fill->setEnabled(!busy);
        m_cancel->setEnabled(busy);
    });
    connect(m_session, &FilterSession::jobProgress, this, [this](int percent, const QString& stage) {
        // The window's status bar holds the one progress bar; here the count keeps moving.
        if (!m_session->filter())
            m_items->setText(tr("%1 (%2 %)").arg(stage).arg(percent));
    });
    rebuildTheory();
    refresh();
}

void FalsePositivePanel::testAbsent() {
    m_session->testAbsentKeys(static_cast<std::uint64_t>(m_probes->value()));
}

void FalsePositivePanel::fillToTwiceN() {
    const std::uint64_t n = m_session->spec().capacity;
    const std::uint64_t probes = static_cast<std::uint64_t>(m_probes->value());
    m_session->fillAndMeasure(2 * n, 16, probes);
}

void FalsePositivePanel::rebuildTheory() {
    const AnyFilter* filter = m_session->filter();
    if (!filter)
        return;  // busy: keep the old curve
    const double n = static_cast<double>(m_session->spec().capacity);
    const double xMax = std::max(2.2 * n, static_cast<double>(filter->stats().items) * 1.1);
    QList<QPointF> curve;
    double yMax = 0;
    for (int i = 0; i <= 200; ++i) {
        const double items = xMax * i / 200.0;
        const double f = theoreticalFpr(*filter, items);
        curve.append({items, f});
        yMax = std::max(yMax, f);
    }
    m_theory->replace(curve);
    m_axisX->setRange(0, xMax);
    m_axisY->setRange(0, std::max(yMax * 1.08, m_session->spec().fpr * 2));
    m_capacityLine->replace({QPointF(n, 0), QPointF(n, m_axisY->max())});
    m_targetLine->replace({QPointF(0, m_session->spec().fpr), QPointF(xMax, m_session->spec().fpr)});
    m_chart->setTitle(tr("FPR against items inserted<br>(%1, n = %2, p = %3)")
                          .arg(filterTypeTitle(filter->type()), formatCount(n), formatProbability(m_session->spec().fpr)));
}

void FalsePositivePanel::refresh() {
    const AnyFilter* filter = m_session->filter();
    QList<QPointF> points;
    double yMax = m_axisY->max();
    double xMax = m_axisX->max();
    for (const FprPoint& p : m_session->measuredPoints()) {
        if (p.tested == 0)
            continue;
        const double y = static_cast<double>(p.falsePositives) / static_cast<double>(p.tested);
        points.append({static_cast<double>(p.items), y});
        yMax = std::max(yMax, y * 1.1);
        xMax = std::max(xMax, static_cast<double>(p.items) * 1.05);
    }
    m_measured->replace(points);
    if (yMax > m_axisY->max() || xMax > m_axisX->max()) {
        m_axisY->setRange(0, yMax);
        m_axisX->setRange(0, xMax);
    }
    const std::uint64_t tested = m_session->absentTested();
    const std::uint64_t fp = m_session->falsePositives();
    m_tested->setText(formatCount(static_cast<double>(tested)));
    m_fp->setText(formatCount(static_cast<double>(fp)));
    m_manual->setText(manualText());
    const QString refused = m_session->refusedSpecMessage();
    m_notBuilt->setVisible(!refused.isEmpty());
    m_note->setVisible(refused.isEmpty());
    if (!refused.isEmpty()) {
        // The reason is under the Derived values and in the tooltip; here what is shown instead.
        const FilterSpec& shown = m_session->spec();
        m_notBuilt->setText(tr("The new parameters were not built (see Derived). Still showing the previous "
                               "filter (%1, n = %2, p = %3).")
                                .arg(filterTypeTitle(shown.type), formatCount(static_cast<double>(shown.capacity)),
                                     formatProbability(shown.fpr)));
        m_notBuilt->setToolTip(refused);
    }
    if (tested > 0) {
        const math::Interval ci = math::wilsonInterval(fp, tested);
        m_observed->setText(tr("%1  [%2 – %3]")
                                .arg(formatProbability(static_cast<double>(fp) / static_cast<double>(tested)),
                                     formatProbability(ci.low), formatProbability(ci.high)));
    } else {
        m_observed->setText(tr("– (test some absent keys)"));
    }
    if (!filter) {
        // A job owns the filter: the last measured step says how many items it holds.
        if (!m_session->measuredPoints().empty())
            m_items->setText(tr("%1 (filling…)").arg(formatCount(static_cast<double>(m_session->measuredPoints().back().items))));
        m_note->setText(tr("A background job is using the filter…"));
        return;
    }
    const FilterStats stats = filter->stats();
    m_items->setText(formatCount(static_cast<double>(stats.items)) +
                     (stats.overfilled ? tr("  (over capacity!)") : QString()));
    m_items->setStyleSheet(stats.overfilled ? QStringLiteral("color: #c62828; font-weight: bold;") : QString());
    m_expected->setText(formatProbability(stats.estimatedFpr));
    m_theoryNow->setText(tr("%1 at %2 items")
                             .arg(formatProbability(theoreticalFpr(*filter, static_cast<double>(stats.items))),
                                  formatCount(static_cast<double>(stats.items))));
    m_fill_->setText(QString::number(stats.fillRatio * 100.0, 'f', 2) + QStringLiteral(" %"));
    m_estimated->setText(std::isfinite(stats.estimatedItems) ? formatCount(std::round(stats.estimatedItems))
                                                              : tr("∞ (every bit set)"));
    if (!m_session->keysKnown())
        m_note->setText(tr("The inserted keys are not all known (loaded file or very many keys): absent keys "
                           "are generated with the prefix \"%1\" and assumed absent.")
                            .arg(QString::fromLatin1(FilterSession::kAbsentPrefix.data(),
                                                     static_cast<qsizetype>(FilterSession::kAbsentPrefix.size()))));
    else
        m_note->setText(tr("Absent keys are generated (\"%1…\") and checked against every inserted key, so a "
                           "\"maybe\" for them is a real false positive.")
                            .arg(QString::fromLatin1(FilterSession::kAbsentPrefix.data(),
                                                     static_cast<qsizetype>(FilterSession::kAbsentPrefix.size()))));
}

QString FalsePositivePanel::manualText() const {
    const std::uint64_t queries = m_session->manualAbsentQueries();
    if (queries == 0)
        return m_session->keysKnown() ? tr("– (query a key that was not inserted)")
                                      : tr("– (the inserted keys are not known)");
    const std::uint64_t fp = m_session->manualFalsePositives();
    const QString positives = fp == 1 ? tr("1 false positive") : tr("%1 false positives").arg(formatCount(static_cast<double>(fp)));
    const QString absent = queries == 1 ? tr("1 absent query") : tr("%1 absent queries").arg(formatCount(static_cast<double>(queries)));
    return tr("manual: %1 of %2").arg(positives, absent);
}

QString FalsePositivePanel::summaryText() const {
    return tr("- keys inserted: %1\n- absent keys tested: %2\n- false positives: %3\n- observed FPR [95 % CI]: %4\n"
              "- expected FPR now (from the fill): %5\n- theory: %6\n- fill ratio: %7\n- estimated items: %8\n"
              "- your queries: %9")
        .arg(m_items->text(), m_tested->text(), m_fp->text(), m_observed->text(), m_expected->text(), m_theoryNow->text(),
             m_fill_->text(), m_estimated->text(), m_manual->text());
}

} // namespace bloomlab::ui
