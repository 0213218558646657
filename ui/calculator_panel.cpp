#include "ui/calculator_panel.h"

#include "core/parquet_bloom_analysis.h"
#include "core/parse_units.h"
#include "ui/chart_axes.h"
#include "ui/filter_probe.h"
#include "ui/glossary.h"
#include "ui/number_field.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bloomlab::ui {

CalculatorPanel::CalculatorPanel(QWidget* parent) : QWidget(parent) {
    auto* inputs = new QGroupBox(tr("Give any two (or three) — the rest is solved"), this);
    auto* grid = new QGridLayout(inputs);
    const QString names[4] = {tr("n — items"), tr("p — false-positive rate"), tr("m — size (bits, or 64KiB, 1MB…)"),
                              tr("k — hash functions")};
    const QString tips[4] = {glossary::n(), glossary::p(), glossary::m(), glossary::k()};
    const char* objectNames[4] = {"calcN", "calcP", "calcM", "calcK"};
    for (int i = 0; i < 4; ++i) {
        m_rows[i].given = new QCheckBox(names[i], inputs);
        m_rows[i].given->setToolTip(tr("Ticked: you give this value. Unticked: it is solved."));
        m_rows[i].edit = new QLineEdit(inputs);
        m_rows[i].edit->setObjectName(QString::fromLatin1(objectNames[i]));
        m_rows[i].edit->setPlaceholderText(tr("solved"));
        m_rows[i].edit->setToolTip(tips[i]);
        m_rows[i].given->setToolTip(tips[i]);
        grid->addWidget(m_rows[i].given, i, 0);
        grid->addWidget(m_rows[i].edit, i, 1);
        connect(m_rows[i].given, &QCheckBox::toggled, this, &CalculatorPanel::solve);
        connect(m_rows[i].edit, &QLineEdit::textEdited, this, [this, i] {
            if (!m_rows[i].given->isChecked()) {
                const QSignalBlocker block(m_rows[i].given);
                m_rows[i].given->setChecked(true);
            }
            solve();
        });
    }
    grid->setColumnStretch(1, 1);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("calcError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_apply = new QPushButton(tr("&Use n and p in the explorer"), this);
    m_apply->setObjectName(QStringLiteral("calcApply"));
    m_apply->setToolTip(tr("Copy the solved n and p to the parameter panel."));
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (m_result)
            emit applyRequested(m_result->n, m_result->p);
    });

    auto* left = new QVBoxLayout();
    left->addWidget(inputs);
    left->addWidget(m_error);
    left->addWidget(m_summary);
    left->addWidget(m_apply);
    left->addStretch(1);
    auto* leftWidget = new QWidget(this);
    leftWidget->setLayout(left);
    // Never narrower than the group's title and the longest name (in some languages over 300
    // pixels): squeezed, they would be cut and the fields would show only a part of a number.
    leftWidget->setMinimumWidth(std::max(290, leftWidget->minimumSizeHint().width()));
    leftWidget->setMaximumWidth(std::max(440, leftWidget->minimumWidth()));

    m_chart = new QChart();
    m_chart->setTitle(tr("FPR against items inserted (theory)"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_curve = new QLineSeries(m_chart);
    m_curve->setName(tr("theory"));  // the formula is in the title: short legend entries fit a narrow chart
    m_curve->setPen(QPen(QColor(0xef, 0x6c, 0x00), 2));
    m_capacityLine = new QLineSeries(m_chart);
    m_capacityLine->setName(tr("n"));
    m_capacityLine->setPen(QPen(QColor(0x75, 0x75, 0x75), 1, Qt::DashLine));
    m_design = new QScatterSeries(m_chart);
    m_design->setName(tr("(n, p)"));
    m_design->setMarkerSize(10);
    m_design->setColor(QColor(0x1e, 0x63, 0xd6));
    const ValueAxes axes = addSeriesAndFprAxes(m_chart, {m_capacityLine, m_curve, m_design}, tr("false-positive rate"));
    m_axisX = axes.x;
    m_axisY = axes.y;
    m_chartView = newChartView(m_chart, QStringLiteral("calculatorChart"), this);
    m_chartView->setMinimumSize(260, 240);  // beside the inputs in a 1024-pixel window

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(leftWidget);
    layout->addWidget(m_chartView, 1);

    m_updating = true;
    setField(N, QStringLiteral("10000"));
    setField(P, QStringLiteral("0.01"));
    setField(M, QString(), false);
    setField(K, QString(), false);
    m_updating = false;
    solve();
}

void CalculatorPanel::setField(Field field, const QString& text, bool given) {
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_rows[field].edit->setText(text);
    m_rows[field].given->setChecked(given);
    m_updating = wasUpdating;
    solve();
}

QString CalculatorPanel::errorText() const { return m_error->text(); }

bool CalculatorPanel::isGiven(Field field) const { return m_rows[field].given->isChecked(); }

int CalculatorPanel::curvePointCount() const { return static_cast<int>(m_curve->count()); }

void CalculatorPanel::solve() {
    if (m_updating)
        return;
    math::SizingQuery query;
    const QString labels[4] = {QStringLiteral("n"), QStringLiteral("p"), QStringLiteral("m"), QStringLiteral("k")};
    for (int i = 0; i < 4; ++i) {
        m_rows[i].edit->setStyleSheet(QString());
        if (!m_rows[i].given->isChecked())
            continue;
        const QString text = m_rows[i].edit->text();
        try {
            switch (i) {
            case N: query.n = static_cast<double>(parseCountField(text)); break;
            case P: query.p = parseProbabilityField(text); break;
            case M: query.m = static_cast<double>(parseSizeBitsField(text)); break;
            case K: {
                const std::uint64_t k = parseCountField(text);
                if (k > 64)
                    throw std::invalid_argument("k must be between 1 and 64; got " + text.trimmed().toStdString());
                query.k = static_cast<double>(k);
                break;
            }
            }
        } catch (const std::exception& e) {
            m_rows[i].edit->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #c62828; background: #fdecea; }"));
            showNoResult(tr("%1: %2").arg(labels[i], QString::fromStdString(e.what())), true);
            return;
        }
    }
    try {
        const math::SizingResult r = math::solveSizing(query);
        m_error->clear();
        m_result = r;
        showResult(r);
    } catch (const std::exception& e) {
        showNoResult(QString::fromStdString(e.what()), false);
        return;
    }
    m_apply->setEnabled(m_result.has_value() && m_result->p < 1.0 && m_result->p > 0.0);
}

void CalculatorPanel::showNoResult(const QString& message, bool inputMarked) {
    // No solution: nothing of the last one may stay on screen under the error.
    m_error->setText(message);
    m_result.reset();
    m_apply->setEnabled(false);
    for (Row& row : m_rows) {
        if (!row.given->isChecked())
            row.edit->clear();
    }
    m_summary->clear();
    m_curve->clear();
    m_capacityLine->clear();
    m_design->clear();
    m_chart->setTitle(inputMarked ? tr("No solution: correct the input marked in red")
                                  : tr("No solution: see the message on the left"));
}

QString CalculatorPanel::summaryText() const { return m_summary->text(); }

QString CalculatorPanel::parquetWritersText(const math::SizingResult& r) {
    if (!(r.n >= 1.0 && r.p > 0.0 && r.p < 1.0))
        return {};
    const ParquetWriterSizing s = parquetWriterSizing(static_cast<std::uint64_t>(r.n), r.p);
    QString text = tr("<br><b>Parquet writers</b>: parquet.bloom.filter.expected.ndv = %1, parquet.bloom.filter.fpp = %2 "
                      "→ %3 bytes (%4, rounded up to a power of two), FPR %5 with the split-block layout")
                       .arg(s.expectedNdv)
                       .arg(QString::number(s.fpp, 'g', 6))
                       .arg(s.bytes)
                       .arg(QString::fromStdString(formatBytes(static_cast<double>(s.bytes))), formatProbability(s.fprAtBytes));
    if (s.bytes > ParquetWriterSizing::kParquetJavaMaxBytes)
        text += tr("; parquet-java caps it at parquet.bloom.filter.max.bytes (1 MiB by default: FPR %1)")
                    .arg(formatProbability(s.fprAtParquetJavaMax));
    return text;
}

void CalculatorPanel::showResult(const math::SizingResult& r) {
    // Solved fields show their values (given ones keep what the user typed).
    const bool wholeN = r.n >= 0.0 && r.n < 9.0e15 && r.n == std::floor(r.n);
    const QString values[4] = {wholeN ? countFieldText(static_cast<std::uint64_t>(r.n)) : formatCount(r.n),
                               QString::number(r.p, 'g', 4), QString::number(r.m), QString::number(r.k)};
    for (int i = 0; i < 4; ++i) {
        if (!m_rows[i].given->isChecked()) {
            m_rows[i].edit->setText(values[i]);
            m_rows[i].edit->setStyleSheet(QStringLiteral("QLineEdit { color: #1e63d6; }"));
        }
    }
    // With n and p given and k solved: the same target with fewer probes for a little more memory
    // (math::fewerProbesClassic). Each probe of a lookup is a cache line read.
    QString fewer;
    if (!m_rows[K].given->isChecked() && !m_rows[M].given->isChecked() && r.n >= 1.0 && r.p > 0.0 && r.p < 1.0) {
        const math::BloomSizing fast = math::fewerProbesClassic(static_cast<std::uint64_t>(r.n), r.p);
        if (fast.hashes < r.k) {
            const double extra = 100.0 * (static_cast<double>(fast.bits) / static_cast<double>(r.m) - 1.0);
            fewer = tr("<br><b>fewer probes</b>: k = %1 meets the same p with %2 bits / item (+%3% memory): "
                       "%1 instead of %4 cache lines read per lookup")
                        .arg(fast.hashes)
                        .arg(QString::number(static_cast<double>(fast.bits) / r.n, 'f', 2))
                        .arg(QString::number(extra, 'f', 1))
                        .arg(r.k);
        }
    }
    m_summary->setText(tr("<b>n</b> = %1 items<br><b>p</b> = %2<br><b>m</b> = %3 bits = %4<br><b>k</b> = %5<br>"
                          "<b>bits / item</b> = %6 (information-theoretic minimum %7)")
                           .arg(formatCount(r.n), formatProbability(r.p), formatCount(static_cast<double>(r.m)),
                                QString::fromStdString(formatBytes(std::ceil(static_cast<double>(r.m) / 8.0))))
                           .arg(r.k)
                           .arg(QString::number(r.bitsPerItem, 'f', 2))
                           .arg(QString::number(math::bitsPerItemLowerBound(std::min(r.p, 0.999999)), 'f', 2)) +
                       fewer + parquetWritersText(r));
    const double xMax = std::max(2.2 * r.n, 10.0);
    QList<QPointF> curve;
    double yMax = 0;
    for (int i = 0; i <= 200; ++i) {
        const double items = xMax * i / 200.0;
        const double f = items > 0 ? math::classicFpr(items, static_cast<double>(r.m), r.k) : 0.0;
        curve.append({items, f});
        yMax = std::max(yMax, f);
    }
    m_curve->replace(curve);
    m_axisX->setRange(0, xMax);
    m_axisY->setRange(0, std::max(yMax * 1.05, 1e-9));
    m_capacityLine->replace({QPointF(r.n, 0), QPointF(r.n, m_axisY->max())});
    m_design->replace({QPointF(r.n, math::classicFpr(r.n, static_cast<double>(r.m), r.k))});
    m_chart->setTitle(tr("FPR = (1 − e^(−k·items/m))^k<br>m = %1 bits, k = %2").arg(formatCount(static_cast<double>(r.m))).arg(r.k));
}

} // namespace bloomlab::ui
