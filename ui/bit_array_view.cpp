#include "ui/bit_array_view.h"

#include "core/parse_units.h"

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
            renderPixel(*band, g, mark.index / g.perPixel);
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

void BitArrayView::setKickChain(std::vector<CuckooKick> kicks) {
    m_kicks = std::move(kicks);
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
        band.firstRow = 0;
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
    const int py = std::clamp(pos.y() - band.area.top(), 0, std::max(0, band.area.height() - 1));
    // The cell under the cursor; between cells (gaps, past the last) the first of its row.
    std::uint64_t anchorCell = cellIndexAt(band, before, pos).value_or(
        std::min(band.cells ? band.cells - 1 : 0, (band.firstRow + static_cast<std::uint64_t>(py / before.rowPx)) * before.cellsPerRow));
    band.scale = steppedScale(band, factor);
    const double minScale = fitScale(band);
    band.fitted = band.scale <= minScale;
    if (band.fitted)
        band.scale = minScale;
    const Geometry after = geometryOf(band);
    const std::uint64_t row = anchorCell / after.cellsPerRow;
    const std::uint64_t offset = static_cast<std::uint64_t>(py / after.rowPx);
    // The anchored row goes under the cursor even when that leaves room below the last row (rows
    // re-flow, so a cell near the end moves down faster than the view could scroll).
    band.firstRow = std::min(row > offset ? row - offset : 0, after.rows ? after.rows - 1 : 0);
    if (band.fitted)
        clampScroll(band);
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
            band.firstRow = old[band.layer].firstRow;
            clampScroll(band);
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
        }
        clampScroll(band);
        band.dirty = true;
    }
}

BitArrayView::Geometry BitArrayView::geometryFor(const Band& band, double scale) const {
    Geometry g;
    const int width = std::max(1, band.area.width());
    const int height = std::max(1, band.area.height());
    if (scale < 1.0) {
        g.aggregate = true;
        g.perPixel = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(std::ceil(1.0 / scale - 1e-9)));
        g.tilesPerRow = static_cast<std::uint64_t>(width);
        g.cellsPerRow = g.tilesPerRow * g.perPixel;
        g.rowPx = 1;
    } else {
        g.cell = std::max(1, static_cast<int>(std::floor(scale)));
        tileShape(g.tileW, g.tileH);
        const bool tiled = g.tileW * g.tileH > 1;
        g.gap = tiled ? (g.cell >= 3 ? 3 : 1) : 0;
        g.tilePxW = g.tileW * g.cell + g.gap;
        g.tilePxH = g.tileH * g.cell + g.gap;
        g.tilesPerRow = static_cast<std::uint64_t>(std::max(1, (width + g.gap) / g.tilePxW));
        if (m_preferredColumns > 0 && !tiled)
            g.tilesPerRow = std::min<std::uint64_t>(g.tilesPerRow, static_cast<std::uint64_t>(m_preferredColumns));
        g.cellsPerRow = g.tilesPerRow * static_cast<std::uint64_t>(g.tileW * g.tileH);
        g.rowPx = g.tilePxH;
    }
    g.rows = (band.cells + g.cellsPerRow - 1) / g.cellsPerRow;
    g.visibleRows = static_cast<std::uint64_t>((height + g.rowPx - 1) / g.rowPx);
    return g;
}

double BitArrayView::fitScale(const Band& band) const {
    const int height = band.area.height();
    const int width = band.area.width();
    if (band.cells == 0 || height <= 0 || width <= 0)
        return 1.0;
    for (int cell = m_maxCellPx; cell >= 1; --cell) {
        const Geometry g = geometryFor(band, cell);
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
    const std::uint64_t fullyVisible = static_cast<std::uint64_t>(std::max(1, band.area.height() / g.rowPx));
    const std::uint64_t maxFirst = g.rows > fullyVisible ? g.rows - fullyVisible : 0;
    band.firstRow = std::min(band.firstRow, maxFirst);
}

std::optional<QRect> BitArrayView::cellRectIn(const Band& band, const Geometry& g, std::uint64_t index) const {
    if (index >= band.cells)
        return std::nullopt;
    std::uint64_t row = 0;
    int x = 0, y = 0, w = 1, h = 1;
    if (g.aggregate) {
        const std::uint64_t pixel = index / g.perPixel;
        row = pixel / g.tilesPerRow;
        x = static_cast<int>(pixel % g.tilesPerRow);
        if (row < band.firstRow)
            return std::nullopt;
        y = static_cast<int>(row - band.firstRow);
    } else {
        const std::uint64_t perTile = static_cast<std::uint64_t>(g.tileW * g.tileH);
        const std::uint64_t tile = index / perTile;
        const auto within = static_cast<int>(index % perTile);
        row = tile / g.tilesPerRow;
        if (row < band.firstRow)
            return std::nullopt;
        x = static_cast<int>(tile % g.tilesPerRow) * g.tilePxW + (within % g.tileW) * g.cell;
        y = static_cast<int>(row - band.firstRow) * g.tilePxH + (within / g.tileW) * g.cell;
        w = h = g.cell;
    }
    if (y >= band.area.height())
        return std::nullopt;
    return QRect(band.area.left() + x, band.area.top() + y, w, h);
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
    for (int y = y0; y < y0 + inner && y < band.image.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(band.image.scanLine(y));
        for (int x = x0; x < x0 + inner && x < band.image.width(); ++x)
            line[x] = color;
    }
}

void BitArrayView::renderPixel(Band& band, const Geometry& g, std::uint64_t pixel) const {
    const std::uint64_t row = pixel / g.tilesPerRow;
    if (row < band.firstRow || row - band.firstRow >= static_cast<std::uint64_t>(band.image.height()))
        return;
    const int x = static_cast<int>(pixel % g.tilesPerRow);
    const int y = static_cast<int>(row - band.firstRow);
    const std::uint64_t begin = pixel * g.perPixel;
    reinterpret_cast<QRgb*>(band.image.scanLine(y))[x] =
        begin < band.cells ? aggregateColor(band.layer, begin, begin + g.perPixel) : kBackground;
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
        const std::uint64_t width = g.tilesPerRow;
        for (std::uint64_t y = 0; y < static_cast<std::uint64_t>(band.image.height()); ++y) {
            const std::uint64_t row = band.firstRow + y;
            auto* line = reinterpret_cast<QRgb*>(band.image.scanLine(static_cast<int>(y)));
            for (std::uint64_t x = 0; x < width; ++x) {
                const std::uint64_t begin = (row * width + x) * g.perPixel;
                if (begin >= band.cells)
                    return;
                line[x] = aggregateColor(band.layer, begin, begin + g.perPixel);
            }
        }
        return;
    }
    const std::uint64_t first = band.firstRow * g.cellsPerRow;
    const std::uint64_t last = std::min(band.cells, (band.firstRow + g.visibleRows) * g.cellsPerRow);
    for (std::uint64_t i = first; i < last; ++i)
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
        shape = tr("%1 buckets × 4 slots, %2-bit fingerprints")
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
            const std::uint64_t first = band.firstRow * g.cellsPerRow;
            const std::uint64_t last = std::min(band.cells, (band.firstRow + g.visibleRows) * g.cellsPerRow);
            for (std::uint64_t i = first; i < last; ++i) {
                const auto r = cellRectIn(band, g, i);
                if (!r)
                    continue;
                const bool set = cellValue(*m_filter, band.layer, i) != 0;
                painter.setPen(set ? QColor(255, 255, 255, 200) : QColor(0, 0, 0, 110));
                painter.drawText(r->adjusted(0, 0, -4, -3), Qt::AlignRight | Qt::AlignBottom, QString::number(i));
            }
        }
        const int minTextCell = kind == CellKind::Fingerprint ? 26 : 16;
        if (!g.aggregate && kind != CellKind::Bit && g.cell >= minTextCell) {
            painter.setPen(Qt::black);
            QFont tiny = font();
            tiny.setPixelSize(std::max(8, g.cell / (kind == CellKind::Fingerprint ? 3 : 2)));
            painter.setFont(tiny);
            const std::uint64_t first = band.firstRow * g.cellsPerRow;
            const std::uint64_t last = std::min(band.cells, (band.firstRow + g.visibleRows) * g.cellsPerRow);
            for (std::uint64_t i = first; i < last; ++i) {
                const std::uint32_t v = cellValue(*m_filter, band.layer, i);
                if (v == 0)
                    continue;
                const auto r = cellRectIn(band, g, i);
                if (!r)
                    continue;
                const QString text = kind == CellKind::Counter ? QString::number(v)
                                                               : QString::number(v, 16).toUpper();
                painter.setPen(kind == CellKind::Counter && v >= 8 ? Qt::white : Qt::black);
                painter.drawText(*r, Qt::AlignCenter, text);
            }
        }
        painter.restore();
    }
    // Marks and arrows may reach a little past their cells, but never into the legend.
    painter.save();
    painter.setClipRect(QRect(0, 0, width(), m_legendArea.top()));
    painter.setRenderHint(QPainter::Antialiasing);
    drawCellNumbers(painter);
    drawMarks(painter);
    drawKicks(painter);
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
    if (g.rows <= g.visibleRows)
        return;
    const QRect track(band.area.right() + 3, band.area.top(), kScrollIndicatorWidth, band.area.height());
    painter.fillRect(track, QColor(0, 0, 0, 25));
    const double total = static_cast<double>(g.rows);
    const int top = std::min(track.height() - 6, static_cast<int>(track.height() * static_cast<double>(band.firstRow) / total));
    const int height = std::max(6, static_cast<int>(track.height() * static_cast<double>(g.visibleRows) / total));
    painter.fillRect(QRect(track.left(), track.top() + top, track.width(), std::min(height, track.height() - top)),
                     QColor(0, 0, 0, 110));
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

void BitArrayView::drawKicks(QPainter& painter) const {
    if (m_kicks.empty() || m_bands.empty() || !m_filter || m_filter->type() != FilterType::Cuckoo)
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
    // One arrow per kick, numbered: kick i starts at the slot it emptied and ends where its
    // fingerprint went, i.e. the slot of kick i + 1 (which is in that bucket); the last arrow ends
    // at its bucket. Arrows bend to alternate sides so a back-and-forth pair does not overlap, and
    // a kick whose other bucket is the same bucket is a loop.
    std::vector<QPointF> labels;
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
        const bool latest = i + 1 == m_kicks.size();
        const QPointF a = QRectF(*from).center();
        QPointF b = QRectF(*to).center();
        const double cell = std::max(6, g.cell);
        QPainterPath path(a);
        if (kick.toBucket == kick.fromBucket) {
            // A loop: out of the slot and back into the same bucket, over it (under it in the top
            // row, where there is no room above).
            const double lift = cell * 0.8 + 6.0 * static_cast<double>(i % 3);
            const double up = from->top() - band.area.top() > lift + 12 ? -1.0 : 1.0;
            path.cubicTo(a + QPointF(-cell * 0.4, up * lift), b + QPointF(cell * 0.4, up * lift), b + QPointF(0, up * cell * 0.3));
            b += QPointF(0, up * cell * 0.3);
        } else {
            const QPointF d = b - a;
            const double len = std::hypot(d.x(), d.y());
            const QPointF normal = len > 0 ? QPointF(-d.y(), d.x()) / len : QPointF(0, -1);
            const double side = i % 2 == 0 ? 1.0 : -1.0;
            const QPointF control = (a + b) / 2 + normal * side * std::min(50.0, 10.0 + len / 5.0);
            // End on the target's edge, not its centre, so the head is not hidden under the label.
            const QPointF in = b - control;
            const double inLen = std::hypot(in.x(), in.y());
            if (inLen > cell * 0.4)
                b -= in / inLen * (cell * 0.3);
            path.quadTo(control, b);
        }
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(Qt::white, latest ? 6 : 5, Qt::SolidLine, Qt::RoundCap));
        painter.drawPath(path);
        painter.setPen(QPen(color, latest ? 3 : 2, Qt::SolidLine, Qt::RoundCap));
        painter.drawPath(path);
        if (latest && !g.aggregate && g.cell >= 6)
            painter.drawRect(QRectF(*from).adjusted(2, 2, -3, -3));
        const QPointF dir = b - path.pointAtPercent(0.9);
        const double len = std::hypot(dir.x(), dir.y());
        if (len > 0.1) {
            const QPointF u = dir / len;
            const QPointF n(-u.y(), u.x());
            QPolygonF head;
            head << b << b - u * 10 + n * 5 << b - u * 10 - n * 5;
            painter.setBrush(color);
            painter.drawPolygon(head);
        }
        // The number in a white disc on the curve, moved along it if an earlier label is there.
        QPointF at = path.pointAtPercent(0.5);
        for (double t = 0.35; t <= 0.66; t += 0.15) {
            const bool clash = std::any_of(labels.begin(), labels.end(),
                                           [&](const QPointF& p) { return std::hypot(p.x() - at.x(), p.y() - at.y()) < 18; });
            if (!clash)
                break;
            at = path.pointAtPercent(t);
        }
        labels.push_back(at);
        painter.setPen(QPen(color, 1.5));
        painter.setBrush(Qt::white);
        painter.drawEllipse(at, 8.5, 8.5);
        painter.setPen(Qt::black);
        painter.drawText(QRectF(at.x() - 9, at.y() - 9, 18, 18), Qt::AlignCenter, QString::number(i + 1));
    }
    painter.restore();
}

void BitArrayView::drawCellNumbers(QPainter& painter) const {
    // Teaching-size cuckoo tables: "bucket 5" in the top-left corner of each bucket's first slot
    // and "slot 2" in the bottom-right corner of every slot (the fingerprint is at the centre).
    if (!m_filter || m_filter->type() != FilterType::Cuckoo || m_bands.empty())
        return;
    const Band& band = m_bands.front();
    const Geometry g = geometryOf(band);
    if (g.aggregate || g.cell < 26)
        return;
    painter.save();
    painter.setClipRect(band.area);
    QFont tiny = font();
    tiny.setPixelSize(std::clamp(g.cell / 5, 8, 11));
    painter.setFont(tiny);
    const QFontMetrics metrics = painter.fontMetrics();
    const std::uint64_t buckets = band.cells / kSlotsPerBucket;
    // Tiles are buckets here: a row of the band holds tilesPerRow of them.
    const std::uint64_t lastBucket = std::min(buckets, (band.firstRow + g.visibleRows) * g.tilesPerRow);
    for (std::uint64_t bucket = band.firstRow * g.tilesPerRow; bucket < lastBucket; ++bucket) {
        for (unsigned slot = 0; slot < kSlotsPerBucket; ++slot) {
            const auto r = cellRectIn(band, g, bucket * kSlotsPerBucket + slot);
            if (!r)
                break;
            const QRect inner = r->adjusted(3, 1, -4, -2);
            if (slot == 0) {
                const QString name = tr("bucket %1").arg(bucket);
                painter.setPen(QColor(0, 0, 0, 210));
                painter.drawText(inner, Qt::AlignLeft | Qt::AlignTop,
                                 metrics.horizontalAdvance(name) <= inner.width() ? name : tr("b%1").arg(bucket));
            }
            const QString slotName = tr("slot %1").arg(slot);
            painter.setPen(QColor(0, 0, 0, 140));
            painter.drawText(inner, Qt::AlignRight | Qt::AlignBottom,
                             metrics.horizontalAdvance(slotName) * 2 <= inner.width() ? slotName : QString::number(slot));
        }
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
    // Items keep a 14-pixel gap while they fit, closer together when not; one that still does not
    // fit is left out whole rather than cut.
    int needed = 0;
    for (const Item& item : items)
        needed += 14 + painter.fontMetrics().horizontalAdvance(item.text) + 14;
    const int gap = needed <= m_legendArea.width() ? 14 : 6;
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
    const int px = pos.x() - band.area.left();
    const int py = pos.y() - band.area.top();
    if (g.aggregate) {
        if (px >= static_cast<int>(g.tilesPerRow))
            return std::nullopt;
        const std::uint64_t pixel = (band.firstRow + static_cast<std::uint64_t>(py)) * g.tilesPerRow + static_cast<std::uint64_t>(px);
        const std::uint64_t begin = pixel * g.perPixel;
        return begin < band.cells ? std::optional<std::uint64_t>(begin) : std::nullopt;
    }
    const std::uint64_t tileRow = band.firstRow + static_cast<std::uint64_t>(py / g.tilePxH);
    const std::uint64_t tileCol = static_cast<std::uint64_t>(px / g.tilePxW);
    const int inX = px % g.tilePxW;
    const int inY = py % g.tilePxH;
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
        const std::uint64_t begin = *found;
        const std::uint64_t end = std::min(band->cells, begin + g.perPixel);
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
                           .arg(QString::number(value, 16).toUpper())
                     : tr("bucket %1, slot %2: empty").arg(formatCount(static_cast<double>(index / 4))).arg(index % 4);
    default:
        return tr("%1bit %2 = %3").arg(layerPrefix, formatCount(static_cast<double>(index))).arg(value);
    }
}

void BitArrayView::resizeEvent(QResizeEvent*) { layoutBands(); }

void BitArrayView::scrollBand(Band& band, double rows) {
    band.dragRemainder += rows;
    const auto whole = static_cast<long long>(band.dragRemainder);
    if (whole == 0)
        return;
    band.dragRemainder -= static_cast<double>(whole);
    const long long next = static_cast<long long>(band.firstRow) + whole;
    const std::uint64_t was = band.firstRow;
    band.firstRow = next < 0 ? 0 : static_cast<std::uint64_t>(next);
    clampScroll(band);
    // A zoom may have left the view past the last row: going down stays there, going up is free.
    if (whole > 0)
        band.firstRow = std::max(band.firstRow, std::min(was, static_cast<std::uint64_t>(next)));
    else
        band.firstRow = next < 0 ? 0 : static_cast<std::uint64_t>(next);
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
        const int dy = event->pos().y() - m_dragLast->y();
        m_dragLast = event->pos();
        scrollBand(*m_dragBand, -static_cast<double>(dy) / geometryOf(*m_dragBand).rowPx);
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
    const double page = static_cast<double>(std::max(1, band.area.height() / geometryOf(band).rowPx));
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(1.25); break;
    case Qt::Key_Minus: zoomBy(0.8); break;
    case Qt::Key_Home:
    case Qt::Key_0: resetZoom(); break;
    case Qt::Key_Down: for (Band& b : m_bands) scrollBand(b, 1); break;
    case Qt::Key_Up: for (Band& b : m_bands) scrollBand(b, -1); break;
    case Qt::Key_PageDown: for (Band& b : m_bands) scrollBand(b, page); break;
    case Qt::Key_PageUp: for (Band& b : m_bands) scrollBand(b, -page); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

} // namespace bloomlab::ui
