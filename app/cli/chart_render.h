// chart_render — Qt Charts rendered offscreen to a PNG or SVG file, for `bloomlab-cli sweep
// --chart` and `bloomlab-cli report`. The only Qt code of the CLI: the benchmark engine stays
// Qt-free and hands over plain numbers in a ChartSpec.
//
// A QApplication is created on first use (Qt Charts draws through QGraphicsView widgets). When
// no platform is chosen (QT_QPA_PLATFORM unset) it is set to "offscreen" first, so rendering
// works on a server without a display.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bloomlab::cli {

struct ChartSeries {
    std::string name;                               ///< legend text
    std::vector<std::pair<double, double>> points;  ///< (x, y)
    enum class Style { Solid, Dashed, Dotted } style = Style::Solid;
    bool markers = true;                            ///< draw a dot at every point
    std::string color;                              ///< "#RRGGBB"; empty = theme colour
};

struct ChartSpec {
    std::string title;
    std::string subtitle;              ///< a smaller second title line (optional)
    std::string xTitle;
    std::string yTitle;
    std::vector<ChartSeries> series;
    std::optional<double> referenceY;   ///< a horizontal reference line (e.g. 2x) ...
    std::string referenceLabel;         ///< ... and its legend text
    std::optional<double> xMin, xMax, yMin, yMax;  ///< axis ranges; unset = from the data
    int width = 960;                    ///< pixels (PNG) / user units (SVG)
    int height = 600;
};

/// Writes `path` as PNG (".png") or SVG (".svg"), chosen by the extension (case-insensitive),
/// atomically. The chart is drawn in memory first, so a write that fails (a full disk) is
/// reported with its reason by the file writer ("cannot save '<path>': write failed: ...").
/// Throws std::invalid_argument for another extension.
void renderChart(const ChartSpec& spec, const std::string& path);

} // namespace bloomlab::cli
