// SpeedupChartView — the benchmark tab: speedup against hot ratio (Qt Charts). Measured points
// are appended one by one while the sweep runs on a worker thread (SweepRunner); the model curve
// (bench::modelSpeedup with the measured costs) and a 2x reference line sit beside them; a table
// lists the latencies with and without the filter. Run / Cancel and a progress bar; changing a
// parameter during a run restarts it.
#pragma once

#include "core/bench/benchmark_engine.h"

#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <vector>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QProgressBar;
class QPushButton;
class QScatterSeries;
class QSpinBox;
class QTableWidget;
class QValueAxis;

namespace bloomlab::ui {

class SweepRunner;

class SpeedupChartView : public QWidget {
    Q_OBJECT

public:
    explicit SpeedupChartView(QWidget* parent = nullptr);
    ~SpeedupChartView() override;

    void setFilterSpec(const FilterSpec& spec);
    void setBackend(const bench::BackendSpec& backend);
    void setHotRatio(double ratio);
    /// The ratios a sweep measures (default 0.1 ... 0.8 plus the hot-ratio slider's value).
    void setSweepRatios(std::vector<double> ratios);
    void setQueries(int queries);
    void setRepeats(int repeats);
    void setCorpusSize(int phrases);

    bench::SweepConfig sweepConfig() const;
    std::vector<double> effectiveRatios() const;

    void run();
    void cancel();
    bool running() const;

    const std::vector<bench::PointResult>& points() const noexcept { return m_points; }
    /// The configuration the shown points were measured with.
    const bench::SweepConfig& measuredConfig() const noexcept { return m_measuredConfig; }
    /// Writes csvHeader() and one csvRow() per repeat and per median; returns an error or "".
    QString exportCsv(const QString& path) const;
    /// The results table as Markdown (the median of each hot ratio, the same cells as on screen);
    /// empty before the first point.
    QString markdownTable() const;
    QString lastError() const { return m_error; }

    QChartView* chartView() const noexcept { return m_chartView; }
    QLineSeries* measuredSeries() const noexcept { return m_measured; }
    QPushButton* runButton() const noexcept { return m_run; }
    QPushButton* cancelButton() const noexcept { return m_cancel; }
    QProgressBar* progressBar() const noexcept { return m_progress; }

signals:
    void runningChanged(bool running);
    void pointAdded(const bloomlab::bench::PointResult& point);
    void sweepFinished(bool cancelled);
    void statusMessage(const QString& message);

private:
    void restartIfRunning();
    void clearResults();
    void onPoint(const bench::PointResult& point);
    void updateModelCurve();
    void updateAxes();
    void updateHotMarker();
    void updateTitle();
    /// "classic filter, n = 1,000, p = 0.01, backend hash": what a sweep measures.
    static QString describeRun(const bench::SweepConfig& config);
    void setRunningUi(bool running);
    void addTableRow(const bench::PointResult& point);
    static QStringList tableHeaders();
    static QStringList tableCells(const bench::PointResult& point);

    FilterSpec m_spec;
    bench::BackendSpec m_backend;
    double m_hotRatio = 0.3;
    std::vector<double> m_ratios;
    bool m_customRatios = false;
    bench::SweepConfig m_measuredConfig;
    std::vector<bench::PointResult> m_points;
    QString m_error;
    QTimer m_restartTimer;  // coalesces parameter changes during a run into one restart

    SweepRunner* m_runner = nullptr;
    QChart* m_chart = nullptr;
    QChartView* m_chartView = nullptr;
    QLineSeries* m_measured = nullptr;
    QScatterSeries* m_measuredDots = nullptr;
    QLineSeries* m_model = nullptr;
    QLineSeries* m_reference = nullptr;
    QLineSeries* m_hotMarker = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    QSpinBox* m_queries = nullptr;
    QSpinBox* m_repeats = nullptr;
    QSpinBox* m_corpus = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace bloomlab::ui
