// chart_axes — how the panels give a Qt chart its axes and its view: a bottom and a left axis,
// attached to every series the chart holds, and an antialiased chart view. Axes with nice ticks
// put their ticks at multiples of 1, 2 or 5 × 10^k whatever the range (not at a fifth of 2.2 n),
// labelled short: "0.02", "5,000", "20 k", "1.5 M".
#pragma once

#include <QString>

#include <initializer_list>
#include <vector>

class QAbstractAxis;
class QAbstractSeries;
class QChart;
class QChartView;
class QValueAxis;
class QWidget;

namespace bloomlab::ui {

/// Title, printf-style label format and tick count (0: Qt's default) of a value axis.
struct AxisStyle {
    QString title;
    QString labelFormat;
    int tickCount = 0;
    bool niceTicks = false;  ///< ticks at nice values, relabelled whenever the range changes
};

/// Tick values inside [low, high]: the multiples of one step of 1, 2 or 5 × 10^k that give
/// about `target` intervals.
std::vector<double> niceTicks(double low, double high, int target = 5);
/// The step niceTicks uses.
double niceStep(double low, double high, int target = 5);
/// A tick's label: as many decimals as the step needs; steps of ten thousand and more in
/// thousands ("20 k"), of a hundred thousand and more in millions ("0.5 M", "50 M"), of a
/// billion and more in billions ("5 G").
QString tickLabel(double value, double step);
/// A value axis (a QCategoryAxis underneath) whose ticks and labels follow niceTicks.
QValueAxis* newNiceAxis(QChart* chart, const QString& title);

struct ValueAxes {
    QValueAxis* x = nullptr;
    QValueAxis* y = nullptr;
};

/// Adds x at the bottom and y on the left and attaches both to every series of the chart (add
/// the series first).
void attachAxes(QChart* chart, QAbstractAxis* x, QAbstractAxis* y);
/// Adds the series (in this order: later ones are drawn on top), then two new value axes with
/// these styles, attached to every series.
ValueAxes addSeriesAndAxes(QChart* chart, std::initializer_list<QAbstractSeries*> series, const AxisStyle& x,
                           const AxisStyle& y);
/// The same for the FPR charts: "items inserted" (whole numbers, 5 ticks) against an FPR axis
/// titled yTitle.
ValueAxes addSeriesAndFprAxes(QChart* chart, std::initializer_list<QAbstractSeries*> series, const QString& yTitle);
/// An antialiased view of the chart, named for tests and exports.
QChartView* newChartView(QChart* chart, const QString& objectName, QWidget* parent);

} // namespace bloomlab::ui
