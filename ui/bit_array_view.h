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
// the cursor stays under the cursor, in its row and its column), drag = pan both ways, hover =
// index and value (told again whenever the cells under a resting cursor change), keys +/- zoom,
// arrows/PageUp/PageDown pan, Home fits the whole array.
//
// Zoom does not re-flow: the first step away from the fitted picture freezes the number of cells
// per row the user is looking at, so zooming magnifies that picture like a map (rows get wider
// than the view and pan sideways) instead of re-wrapping every row, which would move every cell
// to another column. Offsets are in content pixels and may leave a margin beside the array after
// a zoom at its edge (so the anchored cell can stay put); panning never pushes further out.
// Zooming back out to the fitted scale re-flows to the width again.
#pragma once

#include "core/any_filter.h"
#include "ui/filter_probe.h"

#include <QImage>
#include <QPainterPath>
#include <QWidget>

#include <optional>
#include <vector>

namespace bloomlab::ui {

/// Where a number disc of `radius` goes: the first of `candidates` (centres, best first) whose disc
/// lies inside `within` (a null rect: anywhere) and meets none of `avoid`; when every candidate
/// meets something, the one that covers the least. Returns the disc's bounding square.
QRectF placeNumberDisc(const std::vector<QPointF>& candidates, double radius, const std::vector<QRectF>& avoid,
                       const QRectF& within = QRectF());

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
    /// Cuckoo: the relocation chain to draw as arrows (empty = none), numbered from `firstNumber`
    /// (a part of a long chain keeps the numbers of its kicks).
    void setKickChain(std::vector<CuckooKick> kicks, int firstNumber = 1);
    const std::vector<CuckooKick>& kickChain() const noexcept { return m_kicks; }
    int firstKickNumber() const noexcept { return m_firstKickNumber; }

    /// Largest cell edge in pixels when fitting (teaching mode uses big cells).
    void setMaxCellPixels(int pixels);
    /// At most this many cells per row in cell mode (0 = as many as fit); teaching mode uses 16
    /// so bit indexes are easy to read off.
    void setPreferredColumns(int columns);
    /// Fit the whole array again (undo zoom and pan).
    void resetZoom();
    void zoomBy(double factor);
    /// Zooms the band under `pos` by one step in `factor`'s direction (at least one pixel per
    /// cell, or one cell per pixel, so every wheel notch shows), keeping the cell at `pos` under
    /// `pos` (unless the step reaches the fitted scale, which shows the whole array again).
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

    /// Cuckoo tables at teaching size: the rectangles of the bucket, slot and fingerprint texts
    /// drawn in the cells (empty when cells are too small to carry them).
    std::vector<QRect> cellLabelRects() const;
    /// The number discs of the kick arrows, in kick order.
    std::vector<QRectF> kickNumberRects() const;

    QSize sizeHint() const override { return {640, 360}; }
    QSize minimumSizeHint() const override { return {240, 140}; }

signals:
    void hoverTextChanged(const QString& text);

protected:
    /// Tooltips: over a cell, what hovering reports ("bit 1,234 = 0"); elsewhere the view's help.
    bool event(QEvent* event) override;
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
        std::uint64_t columns = 0;  // cells per row frozen while zoomed; 0 = follow the width
        std::int64_t left = 0;      // content pixel at the area's left edge (may be < 0 after a zoom)
        std::int64_t top = 0;       // content pixel at the area's top edge
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
        std::int64_t contentWidth = 0;   // pixels of the whole array laid out at this scale
        std::int64_t contentHeight = 0;
    };
    struct CellLabel {
        QRect rect;
        QString text;
        int flags = 0;
        QFont font;
        QColor color;
    };
    struct KickArrow {
        int number = 0;
        bool latest = false;
        QRect from;
        QPainterPath path;
        QPointF tip;
        QRectF disc;
    };
    std::vector<CellLabel> cellLabels() const;
    std::vector<KickArrow> kickArrows() const;
    /// A run of consecutive cells [begin, end) that is (at least partly) in view.
    struct CellRun {
        std::uint64_t begin = 0;
        std::uint64_t end = 0;
    };

    void rebuildBands();
    void layoutBands();
    /// The layout at `scale` with `columns` cells per row (0: as many as fit the band's width).
    Geometry geometryFor(const Band& band, double scale, std::uint64_t columns) const;
    Geometry geometryOf(const Band& band) const { return geometryFor(band, band.scale, band.columns); }
    /// Top-left content pixel of a cell (of the pixel holding it in aggregate mode) and its edge;
    /// 64-bit, as a frozen row of a huge array at 64 px per cell is wider than an int.
    struct ContentCell {
        std::int64_t x = 0;
        std::int64_t y = 0;
        int edge = 1;
    };
    ContentCell contentCell(const Geometry& g, std::uint64_t index) const;
    /// The cells of the rows and columns in view, tile-aligned, one run per visible tile row.
    std::vector<CellRun> visibleRuns(const Band& band, const Geometry& g) const;
    /// The cells the aggregate pixel holding `index` covers.
    CellRun pixelRun(const Band& band, const Geometry& g, std::uint64_t index) const;
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
    void renderPixelOf(Band& band, const Geometry& g, std::uint64_t index) const;
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
    /// The kick arrows, or (numbers) their number discs.
    void drawKicks(class QPainter& painter, bool numbers) const;
    void drawCellNumbers(class QPainter& painter) const;
    void drawLegend(class QPainter& painter) const;
    void drawScrollIndicator(class QPainter& painter, const Band& band) const;
    /// Pans by pixels; never further out than the array (an offset a zoom left out of range is
    /// kept until the pan brings it back).
    void panBand(Band& band, std::int64_t dx, std::int64_t dy);

    const AnyFilter* m_filter = nullptr;
    QString m_placeholder;
    std::vector<Band> m_bands;
    std::vector<CellMark> m_marks;
    std::vector<CuckooKick> m_kicks;
    int m_firstKickNumber = 1;
    int m_maxCellPx = 24;
    int m_preferredColumns = 0;
    QRect m_legendArea;
    std::optional<QPoint> m_dragLast;
    std::optional<QPoint> m_hoverPos;
    int m_wheelRemainder = 0;
    Band* m_dragBand = nullptr;
};

} // namespace bloomlab::ui
