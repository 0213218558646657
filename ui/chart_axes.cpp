#include "ui/chart_axes.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QValueAxis>

namespace bloomlab::ui {

namespace {

QValueAxis* newValueAxis(QChart* chart, const AxisStyle& style) {
    auto* axis = new QValueAxis(chart);
    axis->setTitleText(style.title);
    axis->setLabelFormat(style.labelFormat);
    if (style.tickCount > 0)
        axis->setTickCount(style.tickCount);
    return axis;
}

} // namespace

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
    return addSeriesAndAxes(chart, series, {items, QStringLiteral("%.0f"), 5}, {yTitle, QStringLiteral("%.3g"), 0});
}

QChartView* newChartView(QChart* chart, const QString& objectName, QWidget* parent) {
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    return view;
}

} // namespace bloomlab::ui
