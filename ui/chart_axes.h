// chart_axes — how the panels give a Qt chart its axes and its view: a bottom and a left axis,
// attached to every series the chart holds, and an antialiased chart view.
#pragma once

#include <QString>

#include <initializer_list>

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
};

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
