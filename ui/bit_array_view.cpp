#include "ui/bit_array_view.h"

#include "core/parse_units.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>

namespace bloomlab::ui {

namespace {

constexpr int kTitleHeight = 18;
constexpr int kLegendHeight = 20;
constexpr int kBandSpacing = 4;
constexpr int kScrollIndicatorWidth = 5;
constexpr double kMaxZoomCellPx = 64.0;
constexpr QRgb kKick = qRgb(0xd8, 0x1b, 0x60);
constexpr double kKickDiscRadius = 9.0;

constexpr QRgb kBackground = qRgb(0xe4, 0xe7, 0xec);
constexpr QRgb kClear = qRgb(0xff, 0xff, 0xff);
constexpr QRgb kSet = qRgb(0x2f, 0x6f, 0xde);
constexpr QRgb kSaturated = qRgb(0x6a, 0x1b, 0x9a);
constexpr QRgb kOccupied = qRgb(0x00, 0x89, 0x7b);

QRgb mix(QRgb a, QRgb b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    auto channel = [t](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * t)); };
    return qRgb(channel(qRed(a), qRed(b)), channel(qGreen(a), qGreen(b)), channel(qBlue(a), qBlue(b)));
}

/// Heat colour of a counter 1..14 (0 is kClear, 15 is kSaturated).
QRgb heat(double t) {
    static constexpr std::array<QRgb, 4> stops = {qRgb(0xff, 0xf1, 0xa8), qRgb(0xfe, 0xb2, 0x4c),
                                                  qRgb(0xf0, 0x3b, 0x20), qRgb(0x99, 0x00, 0x0d)};
    t = std::clamp(t, 0.0, 1.0) * (stops.size() - 1);
    const auto i = std::min<std::size_t>(static_cast<std::size_t>(t), stops.size() - 2);
    return mix(stops[i], stops[i + 1], t - static_cast<double>(i));
}

/// The fingerprint size of a cuckoo filter's layer: its tier's when tiered, else the filter's.
unsigned fingerprintBitsOf(const AnyFilter& filter, std::uint32_t layer) {
    const std::optional<TierShape> tier = cuckooTier(filter, layer);
    return tier ? tier->fingerprintBits : filter.fingerprintBits();
}

QRgb fingerprintColor(std::uint32_t fp) {
    // Golden-ratio hue spacing: neighbouring fingerprints get clearly different colours.
    const double hue = std::fmod(static_cast<double>(fp) * 0.6180339887498949, 1.0);
    return QColor::fromHsvF(static_cast<float>(hue), 0.45F, 0.92F).rgb();
}

QColor markColor(MarkRole role) {
    switch (role) {
    case MarkRole::Probe: return {0xff, 0x8f, 0x00};
    case MarkRole::NewlySet: return {0x00, 0xc8, 0x53};
    case MarkRole::ProbeZero: return {0xe5, 0x39, 0x35};
    case MarkRole::Cleared: return {0xe5, 0x39, 0x35};
    case MarkRole::Candidate: return {0xff, 0x8f, 0x00};
    case MarkRole::Match: return {0x00, 0xc8, 0x53};
    case MarkRole::Shared: return {0x8e, 0x24, 0xaa};
    }
    return Qt::black;
}

} // namespace

BitArrayView::BitArrayView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_placeholder = tr("No filter");
    setToolTip(tr("Each cell is one bit (counter, or fingerprint slot) of the filter.\n"
                  "Wheel: zoom · drag: pan · Home: fit · hover: index and value."));
}

void BitArrayView::setFilter(const AnyFilter* filter) {
    m_filter = filter;
    m_marks.clear();
    m_kicks.clear();
    rebuildBands();
    update();
    updateHover();
}

void BitArrayView::setPlaceholderText(const QString& text) {
    m_placeholder = text;
    update();
}

void BitArrayView::refresh() {
    if (m_filter && layerCount(*m_filter) != m_bands.size()) {
        // Scalable grew a layer: keep zoom of the existing bands where possible.
        rebuildBands();
    } else {
        for (Band& band : m_bands) {
            band.cells = m_filter ? cellCount(*m_filter, band.layer) : 0;
            band.dirty = true;
        }
    }
    update();
    updateHover();
}

void BitArrayView::refreshCells(const std::vector<CellMark>& cells) {
    if (!m_filter || layerCount(*m_filter) != m_bands.size()) {
        refresh();
        return;
    }
    for (const CellMark& mark : cells) {
        Band* band = bandForLayer(mark.layer);
        if (!band || band->dirty || band->image.isNull())
            continue;
        const Geometry g = geometryOf(*band);
        if (g.aggregate)
            renderPixelOf(*band, g, mark.index);
        else
            renderCell(*band, g, mark.index);
    }
    update();
    updateHover();
}

void BitArrayView::setMarks(std::vector<CellMark> marks) {
    m_marks = std::move(marks);
    update();
}

void BitArrayView::setKickChain(std::vector<CuckooKick> kicks, int firstNumber) {
    m_kicks = std::move(kicks);
    m_firstKickNumber = firstNumber;
    update();
}

void BitArrayView::setMaxCellPixels(int pixels) {
    m_maxCellPx = std::clamp(pixels, 1, static_cast<int>(kMaxZoomCellPx));
    resetZoom();
}

void BitArrayView::setPreferredColumns(int columns) {
    m_preferredColumns = std::max(0, columns);
    resetZoom();
}

void BitArrayView::resetZoom() {
    for (Band& band : m_bands) {
        band.fitted = true;
        band.columns = 0;
        band.left = band.top = 0;
        band.scale = fitScale(band);
        band.dirty = true;
    }
    update();
}

void BitArrayView::zoomBy(double factor) {
    for (Band& band : m_bands)
        zoomBand(band, factor, band.area.topLeft());  // keys: the first visible cell stays on top
    update();
    updateHover();
}

void BitArrayView::zoomAt(const QPoint& pos, double factor) {
    Band* band = bandAt(pos);
    if (!band)
        return;
    zoomBand(*band, factor, pos);
    update();
    updateHover();
}

double BitArrayView::steppedScale(const Band& band, double factor) const {
    const double minScale = fitScale(band);
    const double wanted = band.scale * factor;
    double next = wanted;
    if (band.scale >= 1.0) {
        // Cell mode: whole pixels per cell edge, one more (or fewer) at least.
        const double cell = std::floor(band.scale + 1e-9);
        if (factor > 1.0)
            next = std::max(cell + 1.0, std::floor(wanted + 1e-9));
        else if (cell > 1.0)
            next = std::min(cell - 1.0, std::floor(wanted + 1e-9));
        else
            next = 0.5;  // from one pixel per cell to two cells per pixel
    } else if (wanted >= 1.0) {
        next = std::floor(wanted + 1e-9);  // a big step: straight to cells of that many pixels
    } else {
        // Aggregate mode: whole cells per pixel, one fewer (or more) at least.
        const double perPixel = std::max(2.0, std::ceil(1.0 / band.scale - 1e-9));
        double nextPerPixel = std::ceil(1.0 / wanted - 1e-9);
        nextPerPixel = factor > 1.0 ? std::min(perPixel - 1.0, nextPerPixel) : std::max(perPixel + 1.0, nextPerPixel);
        next = nextPerPixel <= 1.0 ? 1.0 : 1.0 / nextPerPixel;
    }
    return std::clamp(next, minScale, kMaxZoomCellPx);
}

void BitArrayView::zoomBand(Band& band, double factor, std::optional<QPoint> anchor) {
    const Geometry before = geometryOf(band);
    const QPoint pos = anchor.value_or(band.area.center());
    const int px = std::clamp(pos.x() - band.area.left(), 0, std::max(0, band.area.width() - 1));
    const int py = std::clamp(pos.y() - band.area.top(), 0, std::max(0, band.area.height() - 1));
    // The cell under the cursor and where in it the cursor is; between cells (tile gaps, past the
    // last cell) the content point scales instead.
    const std::optional<std::uint64_t> anchorCell =
        cellIndexAt(band, before, band.area.topLeft() + QPoint(px, py));
    double fx = 0.0, fy = 0.0;
    if (anchorCell) {
        const ContentCell was = contentCell(before, *anchorCell);
        fx = static_cast<double>(band.left + px - was.x) / was.edge;
        fy = static_cast<double>(band.top + py - was.y) / was.edge;
    }
    // The first step away from the fitted picture freezes its row length: no re-flow from here on.
    if (band.columns == 0)
        band.columns = before.cellsPerRow;
    band.scale = steppedScale(band, factor);
    const double minScale = fitScale(band);
    if (band.scale <= minScale) {
        // Back to the whole array, laid out for the width again.
        band.fitted = true;
        band.scale = minScale;
        band.columns = 0;
        band.left = band.top = 0;
        band.dirty = true;
        return;
    }
    band.fitted = false;
    const Geometry after = geometryOf(band);
    if (anchorCell) {
        const ContentCell now = contentCell(after, *anchorCell);
        auto inside = [&now](double f) { return std::clamp(static_cast<int>(std::floor(f * now.edge)), 0, now.edge - 1); };
        band.left = now.x + inside(fx) - px;
        band.top = now.y + inside(fy) - py;
    } else {
        const double sx = before.contentWidth > 0 ? static_cast<double>(after.contentWidth) / before.contentWidth : 1.0;
        const double sy = before.contentHeight > 0 ? static_cast<double>(after.contentHeight) / before.contentHeight : 1.0;
        band.left = std::llround(static_cast<double>(band.left + px) * sx) - px;
        band.top = std::llround(static_cast<double>(band.top + py) * sy) - py;
    }
    band.dirty = true;
}

void BitArrayView::updateHover() {
    if (!m_hoverPos || m_dragBand)
        return;
    emit hoverTextChanged(describeAt(*m_hoverPos));
}

double BitArrayView::scale(std::uint32_t layer) const {
    const Band* band = bandForLayer(layer);
    return band ? band->scale : 0.0;
}

std::optional<QRect> BitArrayView::cellRect(std::uint32_t layer, std::uint64_t index) const {
    const Band* band = bandForLayer(layer);
    if (!band || index >= band->cells)
        return std::nullopt;
    return cellRectIn(*band, geometryOf(*band), index);
}

QColor BitArrayView::cellColor(std::uint32_t value) const { return QColor(valueRgb(value)); }

QColor BitArrayView::shadeFor(double fraction, bool saturated) const {
    if (!m_filter)
        return QColor(kClear);
    switch (cellKind(*m_filter)) {
    case CellKind::Bit: return QColor(mix(kClear, kSet, fraction));
    case CellKind::Counter: return QColor(saturated ? kSaturated : mix(kClear, heat(0.55), fraction));
    case CellKind::Fingerprint: return QColor(mix(kClear, kOccupied, fraction));
    }
    return QColor(kClear);
}

// ---- layout ---------------------------------------------------------------------------------

void BitArrayView::tileShape(int& tileW, int& tileH) const {
    tileW = tileH = 1;
    if (!m_filter)
        return;
    switch (m_filter->type()) {
    case FilterType::Blocked: tileW = 32; tileH = 8; break;   // one 256-bit block
    case FilterType::Counting: tileW = 16; tileH = 8; break;  // one 64-byte line of counters
    case FilterType::Cuckoo: tileW = 4; tileH = 1; break;     // one bucket of 4 slots
    default: break;
    }
}

void BitArrayView::rebuildBands() {
    std::vector<Band> old = std::move(m_bands);
    m_bands.clear();
    if (m_filter) {
        const std::uint32_t layers = layerCount(*m_filter);
        for (std::uint32_t i = 0; i < layers; ++i) {
            Band band;
            band.layer = i;
            band.cells = cellCount(*m_filter, i);
            m_bands.push_back(std::move(band));
        }
    }
    layoutBands();
    // A scalable filter that just grew keeps the zoom of its existing layers.
    for (Band& band : m_bands) {
        if (band.layer < old.size() && old[band.layer].cells == band.cells && !old[band.layer].fitted) {
            band.scale = old[band.layer].scale;
            band.fitted = false;
            band.columns = old[band.layer].columns;
            band.left = old[band.layer].left;
            band.top = old[band.layer].top;
        }
    }
}

void BitArrayView::layoutBands() {
    const QRect all = rect().adjusted(2, 2, -2, -2);
    m_legendArea = QRect(all.left(), all.bottom() - kLegendHeight + 1, all.width(), kLegendHeight);
    if (m_bands.empty())
        return;
    const int count = static_cast<int>(m_bands.size());
    const int available = all.height() - kLegendHeight - kBandSpacing * (count - 1);
    const int perBand = std::max(kTitleHeight + 4, available / count);
    int y = all.top();
    for (Band& band : m_bands) {
        band.titleArea = QRect(all.left(), y, all.width(), kTitleHeight);
        band.area = QRect(all.left(), y + kTitleHeight, all.width() - kScrollIndicatorWidth - 2,
                          std::max(4, perBand - kTitleHeight));
        y += perBand + kBandSpacing;
        const double fit = fitScale(band);
        if (band.fitted || band.scale < fit) {
            band.scale = fit;
            band.fitted = true;
            band.columns = 0;
        }
        clampScroll(band);
        band.dirty = true;
    }
}

BitArrayView::Geometry BitArrayView::geometryFor(const Band& band, double scale, std::uint64_t columns) const {
    Geometry g;
    const int width = std::max(1, band.area.width());
    if (scale < 1.0) {
        g.aggregate = true;
        g.perPixel = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(std::ceil(1.0 / scale - 1e-9)));
        // A frozen row length need not be a multiple of the cells per pixel: a row's last pixel
        // then covers fewer cells (pixels never straddle rows).
        g.cellsPerRow = columns > 0 ? columns : static_cast<std::uint64_t>(width) * g.perPixel;
        g.tilesPerRow = (g.cellsPerRow + g.perPixel - 1) / g.perPixel;
        g.rowPx = 1;
        g.contentWidth = static_cast<std::int64_t>(g.tilesPerRow);
    } else {
        g.cell = std::max(1, static_cast<int>(std::floor(scale)));
        tileShape(g.tileW, g.tileH);
        const bool tiled = g.tileW * g.tileH > 1;
        const auto perTile = static_cast<std::uint64_t>(g.tileW * g.tileH);
        g.gap = tiled ? (g.cell >= 3 ? 3 : 1) : 0;
        g.tilePxW = g.tileW * g.cell + g.gap;
        g.tilePxH = g.tileH * g.cell + g.gap;
        if (columns > 0) {
            // Frozen in aggregate mode the row length may not be whole tiles: the nearest.
            g.tilesPerRow = std::max<std::uint64_t>(1, (columns + perTile / 2) / perTile);
        } else {
            g.tilesPerRow = static_cast<std::uint64_t>(std::max(1, (width + g.gap) / g.tilePxW));
            if (m_preferredColumns > 0 && !tiled)
                g.tilesPerRow = std::min<std::uint64_t>(g.tilesPerRow, static_cast<std::uint64_t>(m_preferredColumns));
        }
        g.cellsPerRow = g.tilesPerRow * perTile;
        g.rowPx = g.tilePxH;
        g.contentWidth = static_cast<std::int64_t>(g.tilesPerRow) * g.tilePxW - g.gap;
    }
    g.rows = (band.cells + g.cellsPerRow - 1) / g.cellsPerRow;
    g.contentHeight = static_cast<std::int64_t>(g.rows) * g.rowPx - (g.aggregate ? 0 : g.gap);
    return g;
}

BitArrayView::ContentCell BitArrayView::contentCell(const Geometry& g, std::uint64_t index) const {
    if (g.aggregate) {
        const std::uint64_t row = index / g.cellsPerRow;
        const std::uint64_t x = (index % g.cellsPerRow) / g.perPixel;
        return {static_cast<std::int64_t>(x), static_cast<std::int64_t>(row), 1};
    }
    const auto perTile = static_cast<std::uint64_t>(g.tileW * g.tileH);
    const std::uint64_t tile = index / perTile;
    const auto within = static_cast<int>(index % perTile);
    const std::uint64_t row = tile / g.tilesPerRow;
    const auto x = static_cast<std::int64_t>(tile % g.tilesPerRow) * g.tilePxW + (within % g.tileW) * g.cell;
    const auto y = static_cast<std::int64_t>(row) * g.tilePxH + (within / g.tileW) * g.cell;
    return {x, y, g.cell};
}

std::vector<BitArrayView::CellRun> BitArrayView::visibleRuns(const Band& band, const Geometry& g) const {
    std::vector<CellRun> runs;
    if (g.aggregate || band.cells == 0 || band.area.width() <= 0 || band.area.height() <= 0)
        return runs;
    const std::int64_t x0 = std::max<std::int64_t>(0, band.left);
    const std::int64_t x1 = band.left + band.area.width() - 1;
    const std::int64_t y0 = std::max<std::int64_t>(0, band.top);
    const std::int64_t y1 = band.top + band.area.height() - 1;
    if (x1 < 0 || y1 < 0)
        return runs;
    const auto col0 = static_cast<std::uint64_t>(x0 / g.tilePxW);
    const std::uint64_t col1 = std::min<std::uint64_t>(g.tilesPerRow - 1, static_cast<std::uint64_t>(x1 / g.tilePxW));
    const auto row0 = static_cast<std::uint64_t>(y0 / g.tilePxH);
    const std::uint64_t row1 = std::min<std::uint64_t>(g.rows ? g.rows - 1 : 0, static_cast<std::uint64_t>(y1 / g.tilePxH));
    if (col0 > col1 || row0 > row1 || row0 >= g.rows)
        return runs;
    const auto perTile = static_cast<std::uint64_t>(g.tileW * g.tileH);
    for (std::uint64_t row = row0; row <= row1; ++row) {
        const std::uint64_t begin = (row * g.tilesPerRow + col0) * perTile;
        const std::uint64_t end = std::min(band.cells, (row * g.tilesPerRow + col1 + 1) * perTile);
        if (begin < end)
            runs.push_back({begin, end});
    }
    return runs;
}

BitArrayView::CellRun BitArrayView::pixelRun(const Band& band, const Geometry& g, std::uint64_t index) const {
    const std::uint64_t rowStart = index / g.cellsPerRow * g.cellsPerRow;
    const std::uint64_t begin = rowStart + (index - rowStart) / g.perPixel * g.perPixel;
    const std::uint64_t end = std::min({band.cells, begin + g.perPixel, rowStart + g.cellsPerRow});
    return {begin, end};
}

double BitArrayView::fitScale(const Band& band) const {
    const int height = band.area.height();
    const int width = band.area.width();
    if (band.cells == 0 || height <= 0 || width <= 0)
        return 1.0;
    for (int cell = m_maxCellPx; cell >= 1; --cell) {
        const Geometry g = geometryFor(band, cell, 0);
        const bool fitsWidth = g.tileW * g.cell <= width;
        if (fitsWidth && g.rows * static_cast<std::uint64_t>(g.rowPx) <= static_cast<std::uint64_t>(height) + static_cast<std::uint64_t>(g.gap))
            return cell;
    }
    const double pixels = static_cast<double>(width) * height;
    const double perPixel = std::max(2.0, std::ceil(static_cast<double>(band.cells) / pixels));
    return 1.0 / perPixel;
}

void BitArrayView::clampScroll(Band& band) const {
    const Geometry g = geometryOf(band);
    const std::int64_t maxLeft = std::max<std::int64_t>(0, g.contentWidth - band.area.width());
    const std::int64_t maxTop = std::max<std::int64_t>(0, g.contentHeight - band.area.height());
    band.left = std::clamp<std::int64_t>(band.left, 0, maxLeft);
    band.top = std::clamp<std::int64_t>(band.top, 0, maxTop);
}

std::optional<QRect> BitArrayView::cellRectIn(const Band& band, const Geometry& g, std::uint64_t index) const {
    if (index >= band.cells)
        return std::nullopt;
    // Off the view by more than an int holds (a frozen row of millions of cells at 64 px): not shown.
    const ContentCell content = contentCell(g, index);
    const std::int64_t x = band.area.left() + content.x - band.left;
    const std::int64_t y = band.area.top() + content.y - band.top;
    if (x + content.edge <= band.area.left() || x > band.area.right() || y + content.edge <= band.area.top() ||
        y > band.area.bottom())
        return std::nullopt;
    return QRect(static_cast<int>(x), static_cast<int>(y), content.edge, content.edge);
}

// ---- rendering --------------------------------------------------------------------------

QRgb BitArrayView::valueRgb(std::uint32_t value) const {
    if (!m_filter)
        return kClear;
    switch (cellKind(*m_filter)) {
    case CellKind::Bit: return value ? kSet : kClear;
    case CellKind::Counter:
        if (value == 0)
            return kClear;
        if (value >= kSaturatedCounter)
            return kSaturated;
        return heat((value - 1) / 13.0);
    case CellKind::Fingerprint: return value ? fingerprintColor(value) : kClear;
    }
    return kClear;
}

QRgb BitArrayView::aggregateColor(std::uint32_t layer, std::uint64_t begin, std::uint64_t end) const {
    end = std::min(end, cellCount(*m_filter, layer));
    if (begin >= end)
        return kBackground;
    const CellRangeSummary summary = summarizeCells(*m_filter, layer, begin, end);
    return shadeFor(summary.nonZeroFraction, summary.saturated).rgb();
}

void BitArrayView::renderCell(Band& band, const Geometry& g, std::uint64_t index) const {
    const std::optional<QRect> r = cellRectIn(band, g, index);
    if (!r)
        return;
    const QRgb color = valueRgb(cellValue(*m_filter, band.layer, index));
    // Cells of 5 px and more keep a 1 px grid line on their right and bottom edges.
    const int inner = g.cell >= 5 ? g.cell - 1 : g.cell;
    const int x0 = r->left() - band.area.left();
    const int y0 = r->top() - band.area.top();
    for (int y = std::max(0, y0); y < y0 + inner && y < band.image.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(band.image.scanLine(y));
        for (int x = std::max(0, x0); x < x0 + inner && x < band.image.width(); ++x)
            line[x] = color;
    }
}

void BitArrayView::renderPixelOf(Band& band, const Geometry& g, std::uint64_t index) const {
    if (index >= band.cells)
        return;
    const ContentCell content = contentCell(g, index);
    const std::int64_t x = content.x - band.left;
    const std::int64_t y = content.y - band.top;
    if (x < 0 || y < 0 || x >= band.image.width() || y >= band.image.height())
        return;
    const CellRun run = pixelRun(band, g, index);
    reinterpret_cast<QRgb*>(band.image.scanLine(static_cast<int>(y)))[x] = aggregateColor(band.layer, run.begin, run.end);
}

void BitArrayView::renderBand(Band& band) const {
    band.dirty = false;
    if (band.area.width() <= 0 || band.area.height() <= 0) {
        band.image = QImage();
        return;
    }
    band.image = QImage(band.area.size(), QImage::Format_RGB32);
    band.image.fill(kBackground);
    if (!m_filter)
        return;
    const Geometry g = geometryOf(band);
    if (g.aggregate) {
        for (int y = 0; y < band.image.height(); ++y) {
            const std::int64_t row = band.top + y;
            if (row < 0)
                continue;
            if (static_cast<std::uint64_t>(row) >= g.rows)
                break;
            auto* line = reinterpret_cast<QRgb*>(band.image.scanLine(y));
            for (int x = 0; x < band.image.width(); ++x) {
                const std::int64_t column = band.left + x;
                if (column < 0 || static_cast<std::uint64_t>(column) >= g.tilesPerRow)
                    continue;
                const std::uint64_t begin =
                    static_cast<std::uint64_t>(row) * g.cellsPerRow + static_cast<std::uint64_t>(column) * g.perPixel;
                if (begin >= band.cells)
                    break;
                const CellRun run = pixelRun(band, g, begin);
                line[x] = aggregateColor(band.layer, run.begin, run.end);
            }
        }
        return;
    }
    for (const CellRun& run : visibleRuns(band, g))
        for (std::uint64_t i = run.begin; i < run.end; ++i)
            renderCell(band, g, i);
}

QString BitArrayView::bandTitle(const Band& band) const {
    if (!m_filter)
        return {};
    const FilterStats stats = m_filter->stats();
    if (const std::optional<LayerShape> layer = scalableLayer(*m_filter, band.layer)) {
        return tr("Layer %1 — m = %2 bits, k = %3, p = %4, %5 items")
            .arg(band.layer)
            .arg(formatCount(static_cast<double>(layer->bits)))
            .arg(layer->hashes)
            .arg(formatProbability(layer->targetFpr))
            .arg(formatCount(static_cast<double>(layer->items)));
    }
    if (const std::optional<TierShape> tier = cuckooTier(*m_filter, band.layer)) {
        return tr("Tier %1 — %2 buckets × 4 slots, %3-bit fingerprints, share of p %4 — %5 of %6 items, %7 % full")
            .arg(band.layer + 1)
            .arg(formatCount(static_cast<double>(tier->buckets)))
            .arg(tier->fingerprintBits)
            .arg(formatProbability(tier->fprBudget))
            .arg(formatCount(static_cast<double>(tier->items)), formatCount(static_cast<double>(tier->capacity)))
            .arg(QString::number(tier->load * 100.0, 'f', 1));
    }
    QString shape;
    switch (m_filter->type()) {
    case FilterType::Classic:
        shape = tr("m = %1 bits, k = %2").arg(formatCount(static_cast<double>(band.cells))).arg(m_filter->hashCount());
        break;
    case FilterType::Blocked:
        shape = tr("%1 blocks of 256 bits (32 × 8 tiles), k = 8")
                    .arg(formatCount(static_cast<double>(band.cells / 256)));
        break;
    case FilterType::Counting:
        shape = tr("%1 four-bit counters in 64-byte lines (16 × 8 tiles), k = %2")
                    .arg(formatCount(static_cast<double>(band.cells)))
                    .arg(m_filter->hashCount());
        break;
    case FilterType::Cuckoo:
        // The local layout (alternate buckets in a nearby block) is said, since the buckets a
        // key lights up then lie close together.
        shape = (m_filter->cuckooLayout() == CuckooLayout::Local
                     ? tr("%1 buckets × 4 slots, %2-bit fingerprints, local layout")
                     : tr("%1 buckets × 4 slots, %2-bit fingerprints"))
                    .arg(formatCount(static_cast<double>(band.cells / 4)))
                    .arg(m_filter->fingerprintBits());
        break;
    case FilterType::Scalable: break;
    }
    return tr("%1 — %2 — %3 % full").arg(filterTypeTitle(m_filter->type()), shape,
                                          QString::number(stats.fillRatio * 100.0, 'f', 1));
}

void BitArrayView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().window());
    if (!m_filter || m_bands.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.9));
    for (Band& band : m_bands) {
        if (band.dirty)
            renderBand(band);
        painter.setFont(small);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(band.titleArea.adjusted(2, 0, -2, 0), Qt::AlignLeft | Qt::AlignVCenter,
                         painter.fontMetrics().elidedText(bandTitle(band), Qt::ElideRight, band.titleArea.width() - 4));
        painter.fillRect(band.area, QColor(kBackground));
        painter.drawImage(band.area.topLeft(), band.image);
        drawScrollIndicator(painter, band);

        // Values as text once cells are big enough to read them, kept inside the band (a row cut
        // by the band's bottom must not write over the legend or the next band).
        painter.save();
        painter.setClipRect(band.area);
        const Geometry g = geometryOf(band);
        const CellKind kind = cellKind(*m_filter);
        if (!g.aggregate && kind == CellKind::Bit && g.cell >= 28) {
            // Bit indexes, small, in the bottom-right corner of each cell.
            QFont tiny = font();
            tiny.setPixelSize(std::clamp(g.cell / 4, 8, 12));
            painter.setFont(tiny);
            for (const CellRun& run : visibleRuns(band, g)) {
                for (std::uint64_t i = run.begin; i < run.end; ++i) {
                    const auto r = cellRectIn(band, g, i);
                    if (!r)
                        continue;
                    const bool set = cellValue(*m_filter, band.layer, i) != 0;
                    painter.setPen(set ? QColor(255, 255, 255, 200) : QColor(0, 0, 0, 110));
                    painter.drawText(r->adjusted(0, 0, -4, -3), Qt::AlignRight | Qt::AlignBottom, QString::number(i));
                }
            }
        }
        // Counter values; fingerprints are written with the bucket and slot names (cellLabels),
        // over the kick arrows.
        if (!g.aggregate && kind == CellKind::Counter && g.cell >= 16) {
            painter.setPen(Qt::black);
            QFont tiny = font();
            tiny.setPixelSize(std::max(8, g.cell / 2));
            painter.setFont(tiny);
            for (const CellRun& run : visibleRuns(band, g)) {
                for (std::uint64_t i = run.begin; i < run.end; ++i) {
                    const std::uint32_t v = cellValue(*m_filter, band.layer, i);
                    if (v == 0)
                        continue;
                    const auto r = cellRectIn(band, g, i);
                    if (!r)
                        continue;
                    painter.setPen(v >= 8 ? Qt::white : Qt::black);
                    painter.drawText(*r, Qt::AlignCenter, QString::number(v));
                }
            }
        }
        painter.restore();
    }
    // Marks and arrows may reach a little past their cells, but never into the legend.
    painter.save();
    painter.setClipRect(QRect(0, 0, width(), m_legendArea.top()));
    painter.setRenderHint(QPainter::Antialiasing);
    // Bucket and slot names over the rings and arrows (so an arrow never hides one), the kick
    // numbers over everything (placed clear of the names).
    drawMarks(painter);
    drawKicks(painter, false);
    drawCellNumbers(painter);
    drawKicks(painter, true);
    painter.restore();
    painter.setFont(small);
    drawLegend(painter);
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        painter.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

void BitArrayView::drawScrollIndicator(QPainter& painter, const Band& band) const {
    const Geometry g = geometryOf(band);
    // Where the view is in the whole array: a bar beside the band, and one along its bottom edge
    // once rows are wider than the view.
    auto thumb = [](int track, std::int64_t offset, std::int64_t view, std::int64_t content, int& start, int& length) {
        const double total = static_cast<double>(std::max(content, offset + view) - std::min<std::int64_t>(0, offset));
        const double from = static_cast<double>(offset - std::min<std::int64_t>(0, offset));
        start = std::min(track - 6, static_cast<int>(track * from / total));
        length = std::min(track - start, std::max(6, static_cast<int>(track * static_cast<double>(view) / total)));
    };
    int start = 0, length = 0;
    if (g.contentHeight > band.area.height() || band.top != 0) {
        const QRect track(band.area.right() + 3, band.area.top(), kScrollIndicatorWidth, band.area.height());
        painter.fillRect(track, QColor(0, 0, 0, 25));
        thumb(track.height(), band.top, band.area.height(), g.contentHeight, start, length);
        painter.fillRect(QRect(track.left(), track.top() + start, track.width(), length), QColor(0, 0, 0, 110));
    }
    if (g.contentWidth > band.area.width() || band.left != 0) {
        const QRect track(band.area.left(), band.area.bottom() - 3, band.area.width(), 4);
        painter.fillRect(track, QColor(255, 255, 255, 140));
        thumb(track.width(), band.left, band.area.width(), g.contentWidth, start, length);
        painter.fillRect(QRect(track.left() + start, track.top(), length, track.height()), QColor(0, 0, 0, 110));
    }
}

void BitArrayView::drawMarks(QPainter& painter) const {
    for (const CellMark& mark : m_marks) {
        const Band* band = bandForLayer(mark.layer);
        if (!band)
            continue;
        const Geometry g = geometryOf(*band);
        const auto r = cellRectIn(*band, g, mark.index);
        if (!r)
            continue;
        const QColor color = markColor(mark.role);
        const bool dashed = mark.role == MarkRole::Candidate || mark.role == MarkRole::Cleared;
        if (!g.aggregate && g.cell >= 6) {
            // A white halo outside the cell, then the coloured frame on the cell's edge: visible on
            // set and clear cells alike, and the cell's own colour stays readable inside.
            const QRectF cellRect = QRectF(*r).adjusted(0.5, 0.5, -0.5, -0.5);
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(Qt::white, 2));
            painter.drawRect(cellRect.adjusted(-2, -2, 2, 2));
            painter.setPen(QPen(color, g.cell >= 12 ? 3 : 2, dashed ? Qt::DashLine : Qt::SolidLine));
            painter.drawRect(cellRect.adjusted(-0.5, -0.5, 0.5, 0.5));
            // Crossed out only when the cell is 0 now (a decremented counter may still count).
            if (mark.role == MarkRole::Cleared && cellValue(*m_filter, mark.layer, mark.index) == 0) {
                painter.drawLine(r->topLeft(), r->bottomRight());
                painter.drawLine(r->topRight(), r->bottomLeft());
            }
        } else {
            // Too small to outline: a ring centred on the cell's pixel.
            const QPointF c = QRectF(*r).center();
            painter.setPen(QPen(Qt::white, 4));
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(c, 5.5, 5.5);
            painter.setPen(QPen(color, 2.5, dashed ? Qt::DashLine : Qt::SolidLine));
            painter.drawEllipse(c, 5.5, 5.5);
        }
    }
}

std::vector<BitArrayView::CellLabel> BitArrayView::cellLabels() const {
    // Teaching-size cuckoo tables: "bucket 5" in the top-left corner of each bucket's first slot,
    // "slot 2" in the bottom-right corner of every slot and the fingerprint at the centre.
    std::vector<CellLabel> labels;
    if (!m_filter || m_filter->type() != FilterType::Cuckoo || m_bands.empty())
        return labels;
    const Band& band = m_bands.front();
    const Geometry g = geometryOf(band);
    if (g.aggregate || g.cell < 26)
        return labels;
    QFont tiny = font();
    tiny.setPixelSize(std::clamp(g.cell / 5, 8, 11));
    const QFontMetrics metrics(tiny);
    QFont value = font();
    value.setPixelSize(std::max(8, g.cell / 3));
    const QFontMetrics valueMetrics(value);
    // Tiles are buckets here, so every run of visible cells holds whole buckets.
    for (const CellRun& run : visibleRuns(band, g)) {
        for (std::uint64_t index = run.begin; index < run.end; ++index) {
            const std::uint64_t bucket = index / kSlotsPerBucket;
            const auto slot = static_cast<unsigned>(index % kSlotsPerBucket);
            const auto r = cellRectIn(band, g, index);
            if (!r)
                continue;
            const QRect inner = r->adjusted(3, 1, -4, -2);
            auto add = [&](const QString& text, int flags, const QFont& f, const QFontMetrics& m, QColor color) {
                labels.push_back({m.boundingRect(inner, flags, text), text, flags, f, color});
            };
            if (slot == 0) {
                const QString name = tr("bucket %1").arg(bucket);
                add(metrics.horizontalAdvance(name) <= inner.width() ? name : tr("b%1").arg(bucket),
                    Qt::AlignLeft | Qt::AlignTop, tiny, metrics, QColor(0, 0, 0, 210));
            }
            const QString slotName = tr("slot %1").arg(slot);
            add(metrics.horizontalAdvance(slotName) * 2 <= inner.width() ? slotName : QString::number(slot),
                Qt::AlignRight | Qt::AlignBottom, tiny, metrics, QColor(0, 0, 0, 140));
            if (const std::uint32_t v = cellValue(*m_filter, 0, index); v != 0) {
                const QString text = formatFingerprint(v, fingerprintBitsOf(*m_filter, 0));
                labels.push_back({valueMetrics.boundingRect(*r, Qt::AlignCenter, text), text, Qt::AlignCenter, value,
                                  Qt::black});
            }
        }
    }
    return labels;
}

std::vector<QRect> BitArrayView::cellLabelRects() const {
    std::vector<QRect> rects;
    for (const CellLabel& label : cellLabels())
        rects.push_back(label.rect);
    return rects;
}

std::vector<BitArrayView::KickArrow> BitArrayView::kickArrows() const {
    std::vector<KickArrow> arrows;
    if (m_kicks.empty() || m_bands.empty() || !m_filter || m_filter->type() != FilterType::Cuckoo)
        return arrows;
    const Band& band = m_bands.front();
    const Geometry g = geometryOf(band);
    // Number discs keep off every label of the table (and off each other).
    std::vector<QRectF> avoid;
    for (const CellLabel& label : cellLabels())
        avoid.emplace_back(label.rect);
    // One arrow per kick, numbered: kick i starts at the slot it emptied and ends where its
    // fingerprint went, i.e. the slot of kick i + 1 (which is in that bucket); the last arrow ends
    // at its bucket. Arrows bend to alternate sides so a back-and-forth pair does not overlap, and
    // a kick whose other bucket is the same bucket is a loop.
    for (std::size_t i = 0; i < m_kicks.size(); ++i) {
        const CuckooKick& kick = m_kicks[i];
        const auto from = cellRectIn(band, g, kick.fromBucket * kSlotsPerBucket + kick.slot);
        std::optional<QRect> to;
        if (i + 1 < m_kicks.size()) {
            to = cellRectIn(band, g, m_kicks[i + 1].fromBucket * kSlotsPerBucket + m_kicks[i + 1].slot);
        } else if (const auto landed = std::find_if(m_marks.begin(), m_marks.end(), [&](const CellMark& m) {
                       return m.role == MarkRole::Match && m.index / kSlotsPerBucket == kick.toBucket &&
                              cellValue(*m_filter, 0, m.index) == kick.fingerprint;
                   });
                   landed != m_marks.end()) {
            // The slot the last evicted fingerprint was put in, when the step marks it.
            to = cellRectIn(band, g, landed->index);
        } else {
            const auto first = cellRectIn(band, g, kick.toBucket * kSlotsPerBucket);
            const auto last = cellRectIn(band, g, kick.toBucket * kSlotsPerBucket + kSlotsPerBucket - 1);
            if (first && last)
                to = first->united(*last);
        }
        if (!from || !to)
            continue;
        KickArrow arrow;
        arrow.number = m_firstKickNumber + static_cast<int>(i);
        arrow.latest = i + 1 == m_kicks.size();
        arrow.from = *from;
        // Arrows start and end on the cells' edges, not their centres, so the fingerprints in the
        // cells stay readable under them.
        QPointF a = QRectF(*from).center();
        QPointF b = QRectF(*to).center();
        const double cell = std::max(6, g.cell);
        const double edge = cell * 0.45;
        QPainterPath path;
        if (kick.toBucket == kick.fromBucket) {
            // A loop: out of the slot and back into the same bucket, over it (under it in the top
            // row, where there is no room above).
            const double lift = cell * 0.8 + 6.0 * static_cast<double>(i % 3);
            const double up = from->top() - band.area.top() > lift + 12 ? -1.0 : 1.0;
            a += QPointF(0, up * edge);
            b += QPointF(0, up * edge);
            path.moveTo(a);
            path.cubicTo(a + QPointF(-cell * 0.4, up * lift), b + QPointF(cell * 0.4, up * lift), b);
        } else {
            const QPointF d = b - a;
            const double len = std::hypot(d.x(), d.y());
            const QPointF normal = len > 0 ? QPointF(-d.y(), d.x()) / len : QPointF(0, -1);
            const double side = i % 2 == 0 ? 1.0 : -1.0;
            const QPointF control = (a + b) / 2 + normal * side * std::min(50.0, 10.0 + len / 5.0);
            const QPointF out = control - a;
            const double outLen = std::hypot(out.x(), out.y());
            if (outLen > edge * 2)
                a += out / outLen * edge;
            const QPointF in = b - control;
            const double inLen = std::hypot(in.x(), in.y());
            if (inLen > edge * 2)
                b -= in / inLen * edge;
            path.moveTo(a);
            path.quadTo(control, b);
        }
        arrow.path = path;
        arrow.tip = b;
        // The number in a white disc on the curve (or just beside it) where it covers no label and
        // no earlier number.
        // Candidates: the middle of the curve first, then outwards along it, each on the curve and
        // then beside it on either side (a disc beside its arrow still reads as its number).
        std::vector<QPointF> candidates;
        for (const double beside : {0.0, 11.0, 20.0}) {
            for (int k = 0; k <= 8; ++k) {
                for (const int sign : {1, -1}) {
                    if (k == 0 && sign < 0)
                        continue;
                    const double t = 0.5 + sign * 0.05 * k;
                    const QPointF p = path.pointAtPercent(t);
                    const double angle = path.angleAtPercent(t) * M_PI / 180.0;
                    const QPointF normal(std::sin(angle), std::cos(angle));  // Qt angles: anticlockwise, y down
                    candidates.push_back(p + normal * beside);
                    if (beside > 0.0)
                        candidates.push_back(p - normal * beside);
                }
            }
        }
        arrow.disc = placeNumberDisc(candidates, kKickDiscRadius, avoid, QRectF(band.area));
        avoid.push_back(arrow.disc);
        arrows.push_back(std::move(arrow));
    }
    return arrows;
}

std::vector<QRectF> BitArrayView::kickNumberRects() const {
    std::vector<QRectF> rects;
    for (const KickArrow& arrow : kickArrows())
        rects.push_back(arrow.disc);
    return rects;
}

QRectF placeNumberDisc(const std::vector<QPointF>& candidates, double radius, const std::vector<QRectF>& avoid,
                       const QRectF& within) {
    // The first candidate whose disc is inside `within` and clear of everything; failing that the
    // one overlapping least (a number must be drawn somewhere).
    auto discAt = [radius](const QPointF& c) { return QRectF(c.x() - radius, c.y() - radius, 2 * radius, 2 * radius); };
    QRectF best;
    double bestOverlap = -1.0;
    for (const QPointF& c : candidates) {
        const QRectF disc = discAt(c);
        double overlap = within.isNull() || within.contains(disc) ? 0.0 : 1e9;
        for (const QRectF& r : avoid) {
            const QRectF both = disc.intersected(r);
            if (!both.isEmpty())
                overlap += both.width() * both.height();
        }
        if (overlap == 0.0)
            return disc;
        if (bestOverlap < 0.0 || overlap < bestOverlap) {
            bestOverlap = overlap;
            best = disc;
        }
    }
    return best;
}

void BitArrayView::drawKicks(QPainter& painter, bool numbers) const {
    const std::vector<KickArrow> arrows = kickArrows();
    if (arrows.empty())
        return;
    const Band& band = m_bands.front();
    const Geometry g = geometryOf(band);
    const QColor color(kKick);
    painter.save();
    painter.setClipRect(band.area);
    QFont label = font();
    label.setPixelSize(11);
    label.setBold(true);
    painter.setFont(label);
    for (const KickArrow& arrow : arrows) {
        if (numbers)
            break;
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(Qt::white, arrow.latest ? 6 : 5, Qt::SolidLine, Qt::RoundCap));
        painter.drawPath(arrow.path);
        painter.setPen(QPen(color, arrow.latest ? 3 : 2, Qt::SolidLine, Qt::RoundCap));
        painter.drawPath(arrow.path);
        if (arrow.latest && !g.aggregate && g.cell >= 6)
            painter.drawRect(QRectF(arrow.from).adjusted(2, 2, -3, -3));
        const QPointF b = arrow.tip;
        const QPointF dir = b - arrow.path.pointAtPercent(0.9);
        const double len = std::hypot(dir.x(), dir.y());
        if (len > 0.1) {
            const QPointF u = dir / len;
            const QPointF n(-u.y(), u.x());
            QPolygonF head;
            head << b << b - u * 10 + n * 5 << b - u * 10 - n * 5;
            painter.setBrush(color);
            painter.drawPolygon(head);
        }
    }
    for (const KickArrow& arrow : arrows) {
        if (!numbers)
            break;
        painter.setPen(QPen(color, 1.5));
        painter.setBrush(Qt::white);
        painter.drawEllipse(arrow.disc.adjusted(0.5, 0.5, -0.5, -0.5));
        painter.setPen(Qt::black);
        painter.drawText(arrow.disc, Qt::AlignCenter, QString::number(arrow.number));
    }
    painter.restore();
}

void BitArrayView::drawCellNumbers(QPainter& painter) const {
    const std::vector<CellLabel> labels = cellLabels();
    if (labels.empty())
        return;
    painter.save();
    painter.setClipRect(m_bands.front().area);
    for (const CellLabel& label : labels) {
        painter.setFont(label.font);
        painter.setPen(label.color);
        painter.drawText(label.rect, label.flags, label.text);
    }
    painter.restore();
}

QString BitArrayView::markCaption(CellKind kind, MarkRole role) {
    switch (role) {
    case MarkRole::Probe:
        return kind == CellKind::Fingerprint ? tr("just written") : kind == CellKind::Counter ? tr("probed, above 0")
                                                                                                   : tr("probed, = 1");
    case MarkRole::NewlySet: return tr("turned on now");
    case MarkRole::ProbeZero:
        return kind == CellKind::Fingerprint ? tr("no match") : tr("probed, = 0");
    case MarkRole::Cleared: return kind == CellKind::Counter ? tr("decremented") : tr("cleared");
    case MarkRole::Shared: return kind == CellKind::Counter ? tr("shared by both words") : tr("used by both words");
    case MarkRole::Candidate: return tr("possible bucket");
    case MarkRole::Match: return kind == CellKind::Fingerprint ? tr("found / stored") : tr("still above 0");
    }
    return {};
}

void BitArrayView::drawLegend(QPainter& painter) const {
    struct Item {
        QColor color;
        QString text;
        bool ring;
        bool dashed = false;  // drawn like the marks it stands for
    };
    std::vector<Item> items;
    const CellKind kind = cellKind(*m_filter);
    switch (kind) {
    case CellKind::Bit:
        items = {{QColor(kClear), tr("0"), false}, {QColor(kSet), tr("1"), false}};
        break;
    case CellKind::Counter:
        items = {{QColor(kClear), tr("0"), false},
                 {QColor(heat(0.0)), tr("1"), false},
                 {QColor(heat(1.0)), tr("14"), false},
                 {QColor(kSaturated), tr("15 = saturated (sticks)"), false}};
        break;
    case CellKind::Fingerprint:
        items = {{QColor(kClear), tr("empty slot"), false},
                 {QColor(fingerprintColor(0x5a)), tr("fingerprint (hex)"), false}};
        break;
    }
    // One entry per kind of mark that is drawn, in the order of the roles, worded for the cells.
    for (const MarkRole role : {MarkRole::Probe, MarkRole::NewlySet, MarkRole::ProbeZero, MarkRole::Cleared,
                                MarkRole::Shared, MarkRole::Candidate, MarkRole::Match}) {
        if (std::none_of(m_marks.begin(), m_marks.end(), [role](const CellMark& m) { return m.role == role; }))
            continue;
        const QString caption = markCaption(kind, role);
        if (std::none_of(items.begin(), items.end(), [&](const Item& i) { return i.ring && i.text == caption; }))
            items.push_back({markColor(role), caption, true, role == MarkRole::Candidate || role == MarkRole::Cleared});
    }
    if (!m_kicks.empty() && m_filter->type() == FilterType::Cuckoo)
        items.push_back({QColor(kKick), tr("kick, in order"), true});
    // Items keep a 14-pixel gap while they fit, closer together when not; when even that is too
    // wide the swatches of plain cell values go first (the cells show them), the rings and the
    // kick arrows stay; one that still does not fit is left out whole rather than cut.
    auto width = [&](int gap) {
        int needed = 0;
        for (const Item& item : items)
            needed += 14 + painter.fontMetrics().horizontalAdvance(item.text) + gap;
        return needed;
    };
    while (width(6) > m_legendArea.width()) {
        const auto plain = std::find_if(items.rbegin(), items.rend(), [](const Item& i) { return !i.ring; });
        if (plain == items.rend() || std::all_of(items.begin(), items.end(), [](const Item& i) { return !i.ring; }))
            break;
        items.erase(std::next(plain).base());
    }
    const int gap = width(14) <= m_legendArea.width() ? 14 : 6;
    int x = m_legendArea.left() + 2;
    const int y = m_legendArea.top() + (m_legendArea.height() - 10) / 2;
    painter.setPen(palette().color(QPalette::WindowText));
    for (const Item& item : items) {
        if (x + 14 + painter.fontMetrics().horizontalAdvance(item.text) > m_legendArea.right())
            break;
        const QRect swatch(x, y, 10, 10);
        if (item.ring) {
            painter.setPen(QPen(item.color, 2, item.dashed ? Qt::DotLine : Qt::SolidLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(swatch.adjusted(1, 1, -1, -1));
        } else {
            painter.fillRect(swatch, item.color);
            painter.setPen(QColor(0x90, 0x90, 0x90));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(swatch.adjusted(0, 0, -1, -1));
        }
        painter.setPen(palette().color(QPalette::WindowText));
        const int textWidth = painter.fontMetrics().horizontalAdvance(item.text);
        painter.drawText(QRect(x + 14, m_legendArea.top(), textWidth + 2, m_legendArea.height()),
                         Qt::AlignVCenter | Qt::AlignLeft, item.text);
        x += 14 + textWidth + gap;
    }
}

// ---- hit testing and interaction -----------------------------------------------------------

BitArrayView::Band* BitArrayView::bandAt(const QPoint& pos) {
    for (Band& band : m_bands)
        if (band.area.adjusted(0, -kTitleHeight, kScrollIndicatorWidth + 2, 0).contains(pos))
            return &band;
    return nullptr;
}

const BitArrayView::Band* BitArrayView::bandAt(const QPoint& pos) const {
    return const_cast<BitArrayView*>(this)->bandAt(pos);
}

BitArrayView::Band* BitArrayView::bandForLayer(std::uint32_t layer) {
    return layer < m_bands.size() ? &m_bands[layer] : nullptr;
}

const BitArrayView::Band* BitArrayView::bandForLayer(std::uint32_t layer) const {
    return layer < m_bands.size() ? &m_bands[layer] : nullptr;
}

std::optional<std::uint64_t> BitArrayView::cellIndexAt(const Band& band, const Geometry& g, const QPoint& pos) const {
    if (!band.area.contains(pos))
        return std::nullopt;
    const std::int64_t cx = band.left + (pos.x() - band.area.left());
    const std::int64_t cy = band.top + (pos.y() - band.area.top());
    if (cx < 0 || cy < 0 || cx >= g.contentWidth)
        return std::nullopt;
    if (g.aggregate) {
        const std::uint64_t begin =
            static_cast<std::uint64_t>(cy) * g.cellsPerRow + static_cast<std::uint64_t>(cx) * g.perPixel;
        return begin < band.cells ? std::optional<std::uint64_t>(begin) : std::nullopt;
    }
    const auto tileRow = static_cast<std::uint64_t>(cy / g.tilePxH);
    const auto tileCol = static_cast<std::uint64_t>(cx / g.tilePxW);
    const auto inX = static_cast<int>(cx % g.tilePxW);
    const auto inY = static_cast<int>(cy % g.tilePxH);
    if (tileCol >= g.tilesPerRow || inX >= g.tileW * g.cell || inY >= g.tileH * g.cell)
        return std::nullopt;
    const std::uint64_t perTile = static_cast<std::uint64_t>(g.tileW * g.tileH);
    const std::uint64_t tile = tileRow * g.tilesPerRow + tileCol;
    const std::uint64_t index = tile * perTile + static_cast<std::uint64_t>((inY / g.cell) * g.tileW + inX / g.cell);
    return index < band.cells ? std::optional<std::uint64_t>(index) : std::nullopt;
}

std::optional<std::pair<std::uint32_t, std::uint64_t>> BitArrayView::cellAt(const QPoint& pos) const {
    const Band* band = bandAt(pos);
    if (!band || !m_filter)
        return std::nullopt;
    const auto index = cellIndexAt(*band, geometryOf(*band), pos);
    if (!index)
        return std::nullopt;
    return std::make_pair(band->layer, *index);
}

QString BitArrayView::describeAt(const QPoint& pos) const {
    const Band* band = bandAt(pos);
    if (!band || !m_filter || !band->area.contains(pos))
        return {};
    const Geometry g = geometryOf(*band);
    const std::optional<std::uint64_t> found = cellIndexAt(*band, g, pos);
    if (!found)
        return {};
    const QString layerPrefix = m_bands.size() > 1 ? tr("layer %1, ").arg(band->layer) : QString();
    const CellKind kind = cellKind(*m_filter);
    if (g.aggregate) {
        const CellRun run = pixelRun(*band, g, *found);
        const std::uint64_t begin = run.begin;
        const std::uint64_t end = run.end;
        std::uint64_t set = 0;
        bool sampled = false;
        if (kind == CellKind::Fingerprint && end - begin > 64) {
            sampled = true;
        } else {
            for (std::uint64_t i = begin; i < end; ++i)
                set += cellValue(*m_filter, band->layer, i) != 0;
        }
        const QString range = tr("%1%2s %3–%4").arg(layerPrefix, cellNoun(kind), formatCount(static_cast<double>(begin)),
                                                   formatCount(static_cast<double>(end - 1)));
        if (sampled)
            return tr("%1 (%2 slots per pixel; shade is a sample of 16)").arg(range).arg(end - begin);
        const QString what = kind == CellKind::Bit ? tr("set") : kind == CellKind::Counter ? tr("non-zero") : tr("occupied");
        return tr("%1: %2 of %3 %4 (%5 %)")
            .arg(range)
            .arg(set)
            .arg(end - begin)
            .arg(what)
            .arg(QString::number(100.0 * static_cast<double>(set) / static_cast<double>(end - begin), 'f', 1));
    }
    const std::uint64_t index = *found;
    const std::uint32_t value = cellValue(*m_filter, band->layer, index);
    switch (m_filter->type()) {
    case FilterType::Blocked:
        return tr("bit %1 = %2 (block %3, word %4, bit %5)")
            .arg(formatCount(static_cast<double>(index)))
            .arg(value)
            .arg(index / 256)
            .arg((index / 32) % 8)
            .arg(index % 32);
    case FilterType::Counting:
        return tr("counter %1 = %2%3 (line %4)")
            .arg(formatCount(static_cast<double>(index)))
            .arg(value)
            .arg(value >= kSaturatedCounter ? tr(", saturated") : QString())
            .arg(index / kCountersPerLine);
    case FilterType::Cuckoo:
        return value ? tr("bucket %1, slot %2: fingerprint 0x%3")
                           .arg(formatCount(static_cast<double>(index / 4)))
                           .arg(index % 4)
                           .arg(formatFingerprint(value, fingerprintBitsOf(*m_filter, band->layer)))
                     : tr("bucket %1, slot %2: empty").arg(formatCount(static_cast<double>(index / 4))).arg(index % 4);
    default:
        return tr("%1bit %2 = %3").arg(layerPrefix, formatCount(static_cast<double>(index))).arg(value);
    }
}

void BitArrayView::resizeEvent(QResizeEvent*) { layoutBands(); }

bool BitArrayView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        // A cursor resting on a cell keeps the cell's text (the widget's own tooltip, the usage
        // help, would replace it otherwise).
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = describeAt(help->pos());
        if (!text.isEmpty()) {
            QToolTip::showText(help->globalPos(), text, this);
            return true;
        }
    }
    return QWidget::event(event);
}

void BitArrayView::panBand(Band& band, std::int64_t dx, std::int64_t dy) {
    const Geometry g = geometryOf(band);
    auto pan = [](std::int64_t value, std::int64_t delta, std::int64_t max) {
        return std::clamp(value + delta, std::min<std::int64_t>(0, value), std::max(max, value));
    };
    band.left = pan(band.left, dx, std::max<std::int64_t>(0, g.contentWidth - band.area.width()));
    band.top = pan(band.top, dy, std::max<std::int64_t>(0, g.contentHeight - band.area.height()));
    band.dirty = true;
    update();
    updateHover();
}

void BitArrayView::wheelEvent(QWheelEvent* event) {
    const QPoint pos = event->position().toPoint();
    Band* band = bandAt(pos);
    const int delta = event->angleDelta().y();
    if (!band || delta == 0) {
        event->ignore();
        return;
    }
    // One notch (120) is one step; touchpads send smaller deltas: step once they add up to a notch.
    m_wheelRemainder += delta;
    if (std::abs(m_wheelRemainder) < 120 && std::abs(delta) < 120) {
        event->accept();
        return;
    }
    const int steps = std::max(1, std::abs(m_wheelRemainder) / 120);
    const double factor = m_wheelRemainder > 0 ? 1.25 : 0.8;
    m_wheelRemainder = 0;
    for (int i = 0; i < steps; ++i)
        zoomBand(*band, factor, pos);
    update();
    updateHover();
    event->accept();
}

void BitArrayView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragBand = bandAt(event->pos());
        m_dragLast = event->pos();
        if (m_dragBand)
            setCursor(Qt::ClosedHandCursor);
    }
    QWidget::mousePressEvent(event);
}

void BitArrayView::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragBand && m_dragLast && (event->buttons() & Qt::LeftButton)) {
        const QPoint d = event->pos() - *m_dragLast;
        m_dragLast = event->pos();
        panBand(*m_dragBand, -d.x(), -d.y());
        return;
    }
    m_hoverPos = event->pos();
    const QString text = describeAt(event->pos());
    emit hoverTextChanged(text);
    if (!text.isEmpty())
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    else
        QToolTip::hideText();
}

void BitArrayView::mouseReleaseEvent(QMouseEvent* event) {
    m_dragBand = nullptr;
    m_dragLast.reset();
    unsetCursor();
    QWidget::mouseReleaseEvent(event);
}

void BitArrayView::leaveEvent(QEvent*) {
    m_hoverPos.reset();
    emit hoverTextChanged(QString());
}

void BitArrayView::keyPressEvent(QKeyEvent* event) {
    if (m_bands.empty()) {
        QWidget::keyPressEvent(event);
        return;
    }
    Band& band = m_bands.front();
    const Geometry g = geometryOf(band);
    const std::int64_t page = std::max(g.rowPx, band.area.height() - g.rowPx);
    const std::int64_t column = g.aggregate ? std::max(1, band.area.width() / 10) : g.tilePxW;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(1.25); break;
    case Qt::Key_Minus: zoomBy(0.8); break;
    case Qt::Key_Home:
    case Qt::Key_0: resetZoom(); break;
    case Qt::Key_Down: for (Band& b : m_bands) panBand(b, 0, g.rowPx); break;
    case Qt::Key_Up: for (Band& b : m_bands) panBand(b, 0, -g.rowPx); break;
    case Qt::Key_Right: for (Band& b : m_bands) panBand(b, column, 0); break;
    case Qt::Key_Left: for (Band& b : m_bands) panBand(b, -column, 0); break;
    case Qt::Key_PageDown: for (Band& b : m_bands) panBand(b, 0, page); break;
    case Qt::Key_PageUp: for (Band& b : m_bands) panBand(b, 0, -page); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

} // namespace bloomlab::ui
