// BitArrayView — the live picture of a filter's memory, custom painted.
//
//   +- title: type, m, k, fill ----------------------------------------+
//   | cells, row-major; one cell per bit/counter/slot while it fits;    |
//   | else every pixel shades the fraction of set cells it covers       |
//   +- legend ----------------------------------------------------------+
//
// Per type: classic = plain bit grid; blocked = 256-bit blocks drawn as 32 x 8 tiles (one row per
// 32-bit word, so the "one bit per word" pattern of the Parquet layout is visible); counting =
// heat map of the 4-bit counters in 16 x 8 tiles (one 64-byte line each), saturated counters
// marked; scalable = one strip (band) per layer; cuckoo = buckets as 4-slot tiles coloured by
// fingerprint, with the last kick chain drawn as arrows.
//
// Speed at m = 10^8: nothing is computed per frame. Each band keeps a cached image of what is on
// screen, rebuilt only when the data, the zoom or the scroll position change. In aggregate mode
// the per-pixel fractions come from popcounts over the filter's words (masked at the pixel
// edges), one pass over the visible words; single inserts repaint only the pixels of the cells
// they touched (refreshCells). Marks and kick arrows are drawn over the cached image.
//
// Interaction: wheel = zoom around the cursor (every notch changes the cell size; the cell under
// the cursor stays in the row under the cursor, rows re-flow to the width), drag = pan, hover =
// index and value (told again whenever the cells under a resting cursor change), keys +/- zoom,
// arrows/PageUp/PageDown pan, Home fits the whole array.
#pragma once

#include "core/any_filter.h"
#include "ui/filter_probe.h"

#include <QImage>
#include <QWidget>

#include <optional>
#include <vector>

namespace bloomlab::ui {

class BitArrayView : public QWidget {
    Q_OBJECT

public:
    explicit BitArrayView(QWidget* parent = nullptr);

    /// The filter to show (not owned; the caller keeps it alive or passes nullptr first).
    void setFilter(const AnyFilter* filter);
    const AnyFilter* filter() const noexcept { return m_filter; }
    /// Text shown when there is no filter (e.g. while a background job owns it).
    void setPlaceholderText(const QString& text);
    /// The filter's contents changed (possibly its layer count, for scalable): rebuild lazily.
    void refresh();
    /// Only these cells changed (one insert): repaint just their pixels.
    void refreshCells(const std::vector<CellMark>& cells);

    void setMarks(std::vector<CellMark> marks);
    const std::vector<CellMark>& marks() const noexcept { return m_marks; }
    /// Cuckoo: the relocation chain to draw as arrows (empty = none).
    void setKickChain(std::vector<CuckooKick> kicks);
    const std::vector<CuckooKick>& kickChain() const noexcept { return m_kicks; }

    /// Largest cell edge in pixels when fitting (teaching mode uses big cells).
    void setMaxCellPixels(int pixels);
    /// At most this many cells per row in cell mode (0 = as many as fit); teaching mode uses 16
    /// so bit indexes are easy to read off.
    void setPreferredColumns(int columns);
    /// Fit the whole array again (undo zoom and pan).
    void resetZoom();
    void zoomBy(double factor);
    /// Zooms the band under `pos` by one step in `factor`'s direction (at least one pixel per
    /// cell, or one cell per pixel, so every wheel notch shows), keeping the cell at `pos` in
    /// the row under `pos`.
    void zoomAt(const QPoint& pos, double factor);

    /// Pixels per cell in a layer's band: >= 1 in cell mode, < 1 when cells share a pixel.
    double scale(std::uint32_t layer = 0) const;
    /// Widget rectangle of a cell in cell mode (the pixel holding it in aggregate mode), or
    /// nothing when it is scrolled out of view.
    std::optional<QRect> cellRect(std::uint32_t layer, std::uint64_t index) const;
    /// The colour a single cell with this value is painted with (for the current filter type).
    QColor cellColor(std::uint32_t value) const;
    /// The colour of a pixel that covers several cells, `fraction` of them non-zero (any of them
    /// saturated, for counters).
    QColor shadeFor(double fraction, bool saturated = false) const;
    /// The legend's words for a mark of this role on cells of this kind ("probed, = 0", ...); the
    /// legend lists only the roles that are drawn.
    static QString markCaption(CellKind kind, MarkRole role);
    /// What hovering at `pos` reports ("bit 1,234 = 1", ...); empty outside the cells.
    QString describeAt(const QPoint& pos) const;
    /// The cell at `pos` (the first cell of the pixel in aggregate mode); nothing off the cells.
    std::optional<std::pair<std::uint32_t, std::uint64_t>> cellAt(const QPoint& pos) const;

    QSize sizeHint() const override { return {640, 360}; }
    QSize minimumSizeHint() const override { return {240, 140}; }

signals:
    void hoverTextChanged(const QString& text);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Band {
        std::uint32_t layer = 0;
        std::uint64_t cells = 0;
        QRect titleArea;
        QRect area;              // where the cells are painted
        double scale = 1.0;      // pixels per cell
        bool fitted = true;      // follow the band size until the user zooms
        std::uint64_t firstRow = 0;
        double dragRemainder = 0.0;
        QImage image;
        bool dirty = true;
    };
    struct Geometry {
        bool aggregate = false;
        int cell = 1;                   // cell mode: pixels per cell edge
        std::uint64_t perPixel = 1;     // aggregate mode: cells per pixel
        int tileW = 1, tileH = 1, gap = 0;
        int tilePxW = 1, tilePxH = 1;   // tile pitch in pixels (cell mode)
        std::uint64_t tilesPerRow = 1;  // tiles (aggregate: pixels) per row
        std::uint64_t cellsPerRow = 1;
        int rowPx = 1;
        std::uint64_t rows = 0;
        std::uint64_t visibleRows = 0;
    };

    void rebuildBands();
    void layoutBands();
    Geometry geometryFor(const Band& band, double scale) const;
    Geometry geometryOf(const Band& band) const { return geometryFor(band, band.scale); }
    double fitScale(const Band& band) const;
    /// The scale one zoom step from the band's: the cell edge (or cells per pixel) changes by at
    /// least one, within [fit, maximum].
    double steppedScale(const Band& band, double factor) const;
    void zoomBand(Band& band, double factor, std::optional<QPoint> anchor);
    std::optional<std::uint64_t> cellIndexAt(const Band& band, const Geometry& g, const QPoint& pos) const;
    /// Re-tells the hover text for the resting cursor (the cells under it may have changed).
    void updateHover();
    void clampScroll(Band& band) const;
    void renderBand(Band& band) const;
    void renderCell(Band& band, const Geometry& g, std::uint64_t index) const;
    void renderPixel(Band& band, const Geometry& g, std::uint64_t pixel) const;
    QRgb aggregateColor(std::uint32_t layer, std::uint64_t begin, std::uint64_t end) const;
    QRgb valueRgb(std::uint32_t value) const;
    std::optional<QRect> cellRectIn(const Band& band, const Geometry& g, std::uint64_t index) const;
    Band* bandAt(const QPoint& pos);
    const Band* bandAt(const QPoint& pos) const;
    Band* bandForLayer(std::uint32_t layer);
    const Band* bandForLayer(std::uint32_t layer) const;
    void tileShape(int& tileW, int& tileH) const;
    QString bandTitle(const Band& band) const;
    void drawMarks(class QPainter& painter) const;
    void drawKicks(class QPainter& painter) const;
    void drawCellNumbers(class QPainter& painter) const;
    void drawLegend(class QPainter& painter) const;
    void drawScrollIndicator(class QPainter& painter, const Band& band) const;
    void scrollBand(Band& band, double rows);

    const AnyFilter* m_filter = nullptr;
    QString m_placeholder;
    std::vector<Band> m_bands;
    std::vector<CellMark> m_marks;
    std::vector<CuckooKick> m_kicks;
    int m_maxCellPx = 24;
    int m_preferredColumns = 0;
    QRect m_legendArea;
    std::optional<QPoint> m_dragLast;
    std::optional<QPoint> m_hoverPos;
    int m_wheelRemainder = 0;
    Band* m_dragBand = nullptr;
};

} // namespace bloomlab::ui
