// FalsePositivePanel — the false-positive counter of the explorer: keys inserted, absent keys
// tested, false positives, observed FPR with its 95 % Wilson interval beside the expected FPR,
// fill ratio and estimated item count; the known false positives among the keys queried by hand,
// apart; a line saying so when the last parameters were not built; and a chart of FPR against items inserted (theory curve
// for this filter's geometry, measured points) that runs past n so overfilling is visible.
#pragma once

#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QPushButton;
class QScatterSeries;
class QSpinBox;
class QValueAxis;

namespace bloomlab::ui {

class FilterSession;

class FalsePositivePanel : public QWidget {
    Q_OBJECT

public:
    explicit FalsePositivePanel(FilterSession* session, QWidget* parent = nullptr);

    QChartView* chartView() const noexcept { return m_chartView; }
    QPushButton* testButton() const noexcept { return m_test; }
    QPushButton* fillButton() const noexcept { return m_fill; }
    QSpinBox* probeCount() const noexcept { return m_probes; }
    QLabel* falsePositivesLabel() const noexcept { return m_fp; }
    QLabel* testedLabel() const noexcept { return m_tested; }
    /// "manual: 1 false positive of 3 absent queries": the known-absent keys queried by hand.
    QLabel* manualLabel() const noexcept { return m_manual; }
    /// Shown while the last requested parameters were not built (the previous filter stays).
    QLabel* notBuiltLabel() const noexcept { return m_notBuilt; }
    QScatterSeries* measuredSeries() const noexcept { return m_measured; }

    /// Text for the report: the counters as shown.
    QString summaryText() const;

public slots:
    void testAbsent();
    void fillToTwiceN();
    void refresh();

private:
    void rebuildTheory();
    QString manualText() const;

    FilterSession* m_session;
    QLabel* m_items = nullptr;
    QLabel* m_tested = nullptr;
    QLabel* m_fp = nullptr;
    QLabel* m_manual = nullptr;
    QLabel* m_notBuilt = nullptr;
    QLabel* m_observed = nullptr;
    QLabel* m_expected = nullptr;
    QLabel* m_theoryNow = nullptr;
    QLabel* m_fill_ = nullptr;
    QLabel* m_estimated = nullptr;
    QLabel* m_note = nullptr;
    QSpinBox* m_probes = nullptr;
    QPushButton* m_test = nullptr;
    QPushButton* m_fill = nullptr;
    QPushButton* m_cancel = nullptr;
    QChart* m_chart = nullptr;
    QChartView* m_chartView = nullptr;
    QLineSeries* m_theory = nullptr;
    QScatterSeries* m_measured = nullptr;
    QLineSeries* m_capacityLine = nullptr;
    QLineSeries* m_targetLine = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
};

} // namespace bloomlab::ui
