#include "ui/chart_export.h"

#include "ui/output_file.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <QBuffer>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

#include <cmath>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace bloomlab::ui {

namespace {
/// tr() in the translation context "bloomlab::ui::ChartExport" (this file's functions are no QObject
/// members; lupdate files Text::tr() strings under that context too).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(bloomlab::ui::ChartExport)
};

/// One axis of a series as drawn: linear, or log10 for a log axis.
struct AxisSpan {
    double low = 0, high = 1;
    bool log = false;
    double to(double v) const { return log ? (v > 0 ? std::log10(v) : -HUGE_VAL) : v; }
    double from(double t) const { return log ? std::pow(10.0, t) : t; }
};

std::optional<AxisSpan> axisSpan(QAbstractSeries* series, Qt::Orientation orientation) {
    for (QAbstractAxis* axis : series->attachedAxes()) {
        if (axis->orientation() != orientation)
            continue;
        if (auto* value = qobject_cast<QValueAxis*>(axis))
            return AxisSpan{value->min(), value->max(), false};
        if (auto* log = qobject_cast<QLogValueAxis*>(axis))
            return AxisSpan{std::log10(log->min()), std::log10(log->max()), true};
    }
    return std::nullopt;
}

/// Liang–Barsky: the part of segment a-b inside [x0,x1] x [y0,y1], if any.
std::optional<std::pair<QPointF, QPointF>> clipSegment(QPointF a, QPointF b, const QRectF& box) {
    if (!std::isfinite(a.x()) || !std::isfinite(a.y()) || !std::isfinite(b.x()) || !std::isfinite(b.y()))
        return std::nullopt;
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - box.left(), box.right() - a.x(), a.y() - box.top(), box.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return std::nullopt;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return std::nullopt;
    }
    return std::make_pair(a + (b - a) * t0, a + (b - a) * t1);
}

/// SVG output has no clipping (QSvgGenerator ignores clip paths), so a curve that leaves the
/// plot would be drawn over the axes and the title. While this lives, every line and scatter
/// series of the charts under `widget` holds only its part inside the axes' ranges (a curve that
/// leaves and comes back becomes extra pieces drawn with the same pen); the destructor puts the
/// original points back.
class ClipSeriesToPlot {
public:
    explicit ClipSeriesToPlot(QWidget* widget) {
        QList<QChartView*> views = widget->findChildren<QChartView*>();
        if (auto* view = qobject_cast<QChartView*>(widget))
            views.prepend(view);
        for (QChartView* view : views)
            for (QAbstractSeries* series : view->chart()->series())
                if (auto* xy = qobject_cast<QXYSeries*>(series))
                    clip(view->chart(), xy);
    }
    ~ClipSeriesToPlot() {
        for (auto& [chart, piece] : m_pieces)
            chart->removeSeries(piece.get());  // back in the unique_ptr's hands
        for (auto& [series, points] : m_saved)
            series->replace(points);
    }
    ClipSeriesToPlot(const ClipSeriesToPlot&) = delete;
    ClipSeriesToPlot& operator=(const ClipSeriesToPlot&) = delete;

private:
    void clip(QChart* chart, QXYSeries* series) {
        const auto xs = axisSpan(series, Qt::Horizontal);
        const auto ys = axisSpan(series, Qt::Vertical);
        if (!xs || !ys || !series->isVisible())
            return;
        const QList<QPointF> points = series->points();
        const QRectF box(QPointF(xs->low, ys->low), QPointF(xs->high, ys->high));
        auto map = [&](const QPointF& p) { return QPointF(xs->to(p.x()), ys->to(p.y())); };
        auto unmap = [&](const QPointF& p) { return QPointF(xs->from(p.x()), ys->from(p.y())); };
        auto inside = [&](const QPointF& p) {
            const QPointF m = map(p);
            return m.x() >= box.left() && m.x() <= box.right() && m.y() >= box.top() && m.y() <= box.bottom();
        };
        bool allInside = true;
        for (const QPointF& p : points)
            allInside = allInside && inside(p);
        if (allInside)
            return;
        std::vector<QList<QPointF>> pieces;
        if (qobject_cast<QScatterSeries*>(series)) {
            pieces.emplace_back();
            for (const QPointF& p : points)
                if (inside(p))
                    pieces.back().append(p);
        } else {
            QList<QPointF> current;
            for (qsizetype i = 0; i + 1 < points.size(); ++i) {
                const auto part = clipSegment(map(points[i]), map(points[i + 1]), box);
                if (!part) {
                    if (!current.isEmpty())
                        pieces.push_back(std::exchange(current, {}));
                    continue;
                }
                const QPointF start = unmap(part->first);
                if (current.isEmpty())
                    current.append(start);
                current.append(unmap(part->second));
                if (part->second != map(points[i + 1]))
                    pieces.push_back(std::exchange(current, {}));
            }
            if (!current.isEmpty())
                pieces.push_back(current);
        }
        m_saved.emplace_back(series, points);
        series->replace(pieces.empty() ? QList<QPointF>{} : pieces.front());
        auto* line = qobject_cast<QLineSeries*>(series);
        for (std::size_t i = 1; line && i < pieces.size(); ++i) {
            auto piece = std::make_unique<QLineSeries>();
            piece->setPen(line->pen());
            piece->replace(pieces[i]);
            chart->addSeries(piece.get());
            for (QAbstractAxis* axis : series->attachedAxes())
                piece->attachAxis(axis);
            for (QLegendMarker* marker : chart->legend()->markers(piece.get()))
                marker->setVisible(false);
            m_pieces.emplace_back(chart, std::move(piece));
        }
    }

    std::vector<std::pair<QXYSeries*, QList<QPointF>>> m_saved;
    std::vector<std::pair<QChart*, std::unique_ptr<QLineSeries>>> m_pieces;
};

} // namespace

QString exportPng(QWidget* widget, const QString& path) {
    if (!widget)
        return Text::tr("Nothing to export.");
    if (const QString problem = outputProblem(path); !problem.isEmpty())
        return problem;
    const QPixmap pixmap = widget->grab();
    if (pixmap.isNull())
        return Text::tr("The view could not be rendered.");
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!pixmap.save(&buffer, "PNG"))
        return Text::tr("The view could not be encoded as PNG.");
    return writeOutputFile(path, bytes);
}

QString exportSvg(QWidget* widget, const QString& path, const QString& title) {
    if (!widget)
        return Text::tr("Nothing to export.");
    if (const QString problem = outputProblem(path); !problem.isEmpty())
        return problem;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(widget->size());
    generator.setViewBox(QRect(QPoint(0, 0), widget->size()));
    generator.setTitle(title.isEmpty() ? widget->windowTitle() : title);
    generator.setDescription(Text::tr("Exported from BloomLab"));
    {
        QPainter painter;
        if (!painter.begin(&generator))
            return Text::tr("The view could not be drawn as SVG.");
        const ClipSeriesToPlot clipped(widget);
        widget->render(&painter);
        painter.end();
    }
    return writeOutputFile(path, bytes);
}

QString exportWidget(QWidget* widget, const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg"))
        return exportSvg(widget, path);
    if (suffix == QLatin1String("png"))
        return exportPng(widget, path);
    return Text::tr("Unknown image type \"%1\": use .png or .svg.").arg(suffix);
}

} // namespace bloomlab::ui
