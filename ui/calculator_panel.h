// CalculatorPanel — the sizing calculator: tick any of n, p, m, k as given, the others are solved
// by math::solveSizing (n, p -> m, k; n, m -> k, p; m, p -> n, k; ...), live as you type. A chart
// shows the classic FPR against items inserted for the solved m and k, past n.
#pragma once

#include "core/filter_math.h"

#include <QWidget>

#include <optional>

class QChart;
class QChartView;
class QCheckBox;
class QLabel;
class QLineEdit;
class QLineSeries;
class QPushButton;
class QScatterSeries;
class QValueAxis;

namespace bloomlab::ui {

class CalculatorPanel : public QWidget {
    Q_OBJECT

public:
    enum Field { N, P, M, K };

    explicit CalculatorPanel(QWidget* parent = nullptr);

    /// Marks a field as given with this text (or as solved with given = false) and re-solves.
    void setField(Field field, const QString& text, bool given = true);
    /// The last successful result (empty while the inputs are invalid; then the solved fields,
    /// the summary and the chart are empty too).
    const std::optional<math::SizingResult>& result() const noexcept { return m_result; }
    QString errorText() const;
    /// The result summary as shown (rich text).
    QString summaryText() const;
    QChartView* chartView() const noexcept { return m_chartView; }
    QLineEdit* edit(Field field) const noexcept { return m_rows[field].edit; }
    bool isGiven(Field field) const;
    QPushButton* applyButton() const noexcept { return m_apply; }
    /// Points of the FPR curve drawn (0 while there is no solution).
    int curvePointCount() const;

signals:
    /// "Use in explorer": n and p of the solution.
    void applyRequested(double n, double p);

private:
    void solve();
    void showResult(const math::SizingResult& r);
    /// What Parquet writers allocate for r.n distinct values at FPP r.p (parquetWriterSizing).
    static QString parquetWritersText(const math::SizingResult& r);
    /// The inputs do not solve: the message, and the solved fields, summary and chart cleared.
    /// `inputMarked` when one input is marked in red (it cannot be read); else the inputs
    /// together have no solution, and the chart's title points to the message instead.
    void showNoResult(const QString& message, bool inputMarked);

    struct Row {
        QCheckBox* given = nullptr;
        QLineEdit* edit = nullptr;
    };
    Row m_rows[4];
    QLabel* m_summary = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_apply = nullptr;
    QChart* m_chart = nullptr;
    QChartView* m_chartView = nullptr;
    QLineSeries* m_curve = nullptr;
    QLineSeries* m_capacityLine = nullptr;
    QScatterSeries* m_design = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    std::optional<math::SizingResult> m_result;
    bool m_updating = false;
};

} // namespace bloomlab::ui
