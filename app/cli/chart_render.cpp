#include "chart_render.h"

#include "core/atomic_file.h"

#include <QApplication>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QPen>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace bloomlab::cli {

namespace {

/// Series a legend row at the bottom holds with their names whole at the default sizes.
constexpr std::size_t kLegendRowSeries = 6;

/// Drops the two notices the offscreen platform prints on every start (they are about a missing
/// XDG runtime directory and window size hints, irrelevant to rendering a file); everything
/// else goes to the previous handler.
QtMessageHandler g_previousHandler = nullptr;
void filterOffscreenNotices(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type != QtCriticalMsg && type != QtFatalMsg &&
        (message.startsWith(QStringLiteral("QStandardPaths: XDG_RUNTIME_DIR")) ||
         message.contains(QStringLiteral("propagateSizeHints"))))
        return;
    if (g_previousHandler) g_previousHandler(type, context, message);
}

void ensureApplication() {
    if (QApplication::instance() != nullptr) return;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    g_previousHandler = qInstallMessageHandler(filterOffscreenNotices);
    static int argc = 1;
    static char name[] = "bloomlab-cli";
    static char* argv[] = {name, nullptr};
    static std::unique_ptr<QApplication> app = std::make_unique<QApplication>(argc, argv);
}

Qt::PenStyle penStyle(ChartSeries::Style style) {
    switch (style) {
    case ChartSeries::Style::Dashed: return Qt::DashLine;
    case ChartSeries::Style::Dotted: return Qt::DotLine;
    case ChartSeries::Style::Solid: break;
    }
    return Qt::SolidLine;
}

std::string lowerExtension(const std::string& path) {
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos) return {};
    std::string ext = path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

/// A "nice" axis step (1, 2 or 5 times a power of ten) for about `ticks` intervals.
double niceStep(double range, int ticks) {
    const double raw = range / std::max(ticks, 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 5.0, 10.0})
        if (raw <= f * magnitude) return f * magnitude;
    return 10.0 * magnitude;
}

} // namespace

void renderChart(const ChartSpec& spec, const std::string& path) {
    const std::string ext = lowerExtension(path);
    if (ext != "png" && ext != "svg")
        throw std::invalid_argument("chart file must end in .png or .svg; got '" + path + "'");
    if (spec.width < 100 || spec.height < 100)
        throw std::invalid_argument("chart size must be at least 100 x 100");
    ensureApplication();

    // Data ranges.
    double xLo = INFINITY, xHi = -INFINITY, yLo = INFINITY, yHi = -INFINITY;
    for (const auto& s : spec.series)
        for (const auto& [x, y] : s.points) {
            if (!std::isfinite(x) || !std::isfinite(y)) continue;
            xLo = std::min(xLo, x);
            xHi = std::max(xHi, x);
            yLo = std::min(yLo, y);
            yHi = std::max(yHi, y);
        }
    if (spec.referenceY) {
        yLo = std::min(yLo, *spec.referenceY);
        yHi = std::max(yHi, *spec.referenceY);
    }
    if (!std::isfinite(xLo)) xLo = 0, xHi = 1;
    if (!std::isfinite(yLo)) yLo = 0, yHi = 1;
    if (xHi <= xLo) xHi = xLo + 1;
    if (yHi <= yLo) yHi = yLo + 1;
    const double xMin = spec.xMin.value_or(xLo);
    const double xMax = spec.xMax.value_or(xHi);
    const double yMin = spec.yMin.value_or(std::min(0.0, yLo));
    const double yStep = niceStep(spec.yMax.value_or(yHi) - yMin, 8);
    const double yMax = spec.yMax.value_or(std::ceil(yHi * 1.05 / yStep) * yStep);

    // The view takes ownership of the chart passed to its constructor (the chart owns its axes
    // and series). setChart() on a default-constructed view would orphan the view's own chart.
    QChartView view(new QChart);
    QChart& chart = *view.chart();
    // Chart titles are rich text: a bold title and an optional smaller second line.
    QString title = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(spec.title).toHtmlEscaped());
    if (!spec.subtitle.empty())
        title += QStringLiteral("<br><span style=\"font-size:small\">%1</span>")
                     .arg(QString::fromStdString(spec.subtitle).toHtmlEscaped());
    chart.setTitle(title);
    QFont titleFont = chart.titleFont();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    chart.setTitleFont(titleFont);
    chart.legend()->setVisible(true);
    // One row at the bottom while the names fit; with many series (perf's ten filter rows and
    // libbloom) a row elides every name to a few letters, so they go in a column on the right.
    chart.legend()->setAlignment(spec.series.size() > kLegendRowSeries ? Qt::AlignRight : Qt::AlignBottom);
    chart.legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart.setBackgroundBrush(Qt::white);

    auto* axisX = new QValueAxis;  // owned by the chart once added
    axisX->setTitleText(QString::fromStdString(spec.xTitle));
    axisX->setRange(xMin, xMax);
    axisX->setTickType(QValueAxis::TicksDynamic);
    axisX->setTickAnchor(0.0);
    axisX->setTickInterval(niceStep(xMax - xMin, 10));
    axisX->setLabelFormat("%.2g");
    auto* axisY = new QValueAxis;
    axisY->setTitleText(QString::fromStdString(spec.yTitle));
    axisY->setRange(yMin, yMax);
    axisY->setTickType(QValueAxis::TicksDynamic);
    axisY->setTickAnchor(0.0);
    axisY->setTickInterval(niceStep(yMax - yMin, 8));
    axisY->setLabelFormat("%.3g");
    chart.addAxis(axisX, Qt::AlignBottom);
    chart.addAxis(axisY, Qt::AlignLeft);

    const auto attach = [&](QXYSeries* series) {
        chart.addSeries(series);
        series->attachAxis(axisX);
        series->attachAxis(axisY);
    };

    for (const auto& s : spec.series) {
        auto* line = new QLineSeries;
        line->setName(QString::fromStdString(s.name));
        for (const auto& [x, y] : s.points)
            if (std::isfinite(x) && std::isfinite(y)) line->append(x, y);
        QPen pen = line->pen();
        pen.setWidthF(2.5);
        pen.setStyle(penStyle(s.style));
        if (!s.color.empty()) pen.setColor(QColor(QString::fromStdString(s.color)));
        line->setPen(pen);
        line->setPointsVisible(s.markers);
        attach(line);
        if (s.color.empty()) {
            // Keep the theme colour the series got, but with our width and style.
            QPen themed = line->pen();
            themed.setWidthF(2.5);
            themed.setStyle(penStyle(s.style));
            line->setPen(themed);
        }
    }
    if (spec.referenceY) {
        auto* ref = new QLineSeries;
        ref->setName(QString::fromStdString(spec.referenceLabel.empty() ? "reference"
                                                                        : spec.referenceLabel));
        ref->append(xMin, *spec.referenceY);
        ref->append(xMax, *spec.referenceY);
        QPen pen(QColor(120, 120, 120));
        pen.setWidthF(1.5);
        pen.setStyle(Qt::DashDotLine);
        ref->setPen(pen);
        attach(ref);
    }

    view.setRenderHint(QPainter::Antialiasing);
    view.setFrameShape(QFrame::NoFrame);
    view.resize(spec.width, spec.height);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();  // offscreen: lays the scene out; nothing appears on any screen
    QApplication::processEvents();

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (ext == "png") {
        QImage image(spec.width, spec.height, QImage::Format_ARGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            view.render(&painter, QRectF(0, 0, spec.width, spec.height),
                        QRect(0, 0, spec.width, spec.height));
        }
        if (!image.save(&buffer, "PNG")) throw std::runtime_error("cannot encode chart '" + path + "' as PNG");
    } else {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(spec.width, spec.height));
        generator.setViewBox(QRect(0, 0, spec.width, spec.height));
        generator.setTitle(QString::fromStdString(spec.title));
        generator.setDescription("BloomLab chart");
        {
            QPainter painter;
            if (!painter.begin(&generator)) throw std::runtime_error("cannot draw chart '" + path + "' as SVG");
            view.render(&painter, QRectF(0, 0, spec.width, spec.height),
                        QRect(0, 0, spec.width, spec.height));
            painter.end();
        }
    }
    writeFileAtomically(path, std::string_view(bytes.data(), bytes.size()));
}

} // namespace bloomlab::cli
