#include "ui/chart_axes.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace bloomlab::ui {

namespace {

void relabel(QCategoryAxis* axis) {
    static bool busy = false;  // appending a category may move the range: no recursion
    if (busy)
        return;
    busy = true;
    for (const QString& label : axis->categoriesLabels())
        axis->remove(label);
    const double low = axis->min(), high = axis->max();
    const double step = niceStep(low, high);
    // A category ends at each tick; the first one starts just below the lowest tick.
    axis->setStartValue(low - std::max(std::abs(step), 1e-300) * 1e-6);
    for (const double tick : niceTicks(low, high))
        axis->append(tickLabel(tick, step), tick);
    busy = false;
}

QValueAxis* newValueAxis(QChart* chart, const AxisStyle& style) {
    if (style.niceTicks) {
        QValueAxis* axis = newNiceAxis(chart, style.title);
        return axis;
    }
    auto* axis = new QValueAxis(chart);
    axis->setTitleText(style.title);
    axis->setLabelFormat(style.labelFormat);
    if (style.tickCount > 0)
        axis->setTickCount(style.tickCount);
    return axis;
}

} // namespace

double niceStep(double low, double high, int target) {
    const double span = high - low;
    if (!(span > 0) || !std::isfinite(span))
        return 1.0;
    const double raw = span / std::max(1, target);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * magnitude * 1.0000001)
            return m * magnitude;
    return 10.0 * magnitude;
}

std::vector<double> niceTicks(double low, double high, int target) {
    std::vector<double> ticks;
    const double step = niceStep(low, high, target);
    if (!(high > low) || !std::isfinite(step))
        return ticks;
    for (double i = std::ceil(low / step - 1e-9); i * step <= high + step * 1e-9 && ticks.size() < 100; i += 1.0)
        ticks.push_back(std::abs(i) < 0.5 ? 0.0 : i * step);
    return ticks;
}

QString tickLabel(double value, double step) {
    const QLocale locale;
    const double a = std::abs(step);
    if (a >= 1e5) {
        const bool giga = a >= 1e9;
        const double unit = giga ? 1e9 : 1e6;
        const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(a / unit) - 1e-9)), 0, 3);
        return value == 0 ? QStringLiteral("0")
                          : locale.toString(value / unit, 'f', decimals) + (giga ? QStringLiteral(" G") : QStringLiteral(" M"));
    }
    // Thousands in k from a step of 1,000: "10.000" and "15.000" do not fit under a narrow chart
    // (the calculator's at 1024 px) and were cut to "10.0…".
    if (a >= 1e3)
        return value == 0 ? QStringLiteral("0") : locale.toString(std::round(value / 1e3), 'f', 0) + QStringLiteral(" k");
    if (a >= 1)
        return locale.toString(std::round(value), 'f', 0);
    if (value == 0)
        return QStringLiteral("0");
    const int decimals = static_cast<int>(std::ceil(-std::log10(a) - 1e-9));
    if (decimals > 4)
        return value == 0 ? QStringLiteral("0") : QString::number(value, 'g', 2);
    return locale.toString(value, 'f', decimals);
}

QValueAxis* newNiceAxis(QChart* chart, const QString& title) {
    auto* axis = new QCategoryAxis(chart);
    axis->setTitleText(title);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    QObject::connect(axis, &QValueAxis::rangeChanged, axis, [axis] { relabel(axis); });
    relabel(axis);
    return axis;
}

void attachAxes(QChart* chart, QAbstractAxis* x, QAbstractAxis* y) {
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
}

ValueAxes addSeriesAndAxes(QChart* chart, std::initializer_list<QAbstractSeries*> series, const AxisStyle& x,
                           const AxisStyle& y) {
    for (QAbstractSeries* s : series)
        chart->addSeries(s);
    ValueAxes axes{newValueAxis(chart, x), newValueAxis(chart, y)};
    attachAxes(chart, axes.x, axes.y);
    return axes;
}

ValueAxes addSeriesAndFprAxes(QChart* chart, std::initializer_list<QAbstractSeries*> series, const QString& yTitle) {
    const QString items = QCoreApplication::translate("bloomlab::ui::ChartAxes", "items inserted");
    return addSeriesAndAxes(chart, series, {items, QStringLiteral("%.0f"), 5, true}, {yTitle, QStringLiteral("%.3g"), 0, true});
}

QChartView* newChartView(QChart* chart, const QString& objectName, QWidget* parent) {
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    return view;
}

} // namespace bloomlab::ui
