// BitArrayView: in aggregate mode every pixel shades the fraction of set cells it
// covers — checked pixel by pixel against a direct count over the core's testBit/counterAt —
// for a classic filter, a blocked one, a counting one (saturated counters marked), and a classic
// filter of m = 10^8 bits; single-insert repaints (refreshCells) give the same picture as a full
// rebuild; zoom switches to one cell per bit; scalable shows one band per layer. The wheel zooms
// from its first notch (cell mode and aggregate mode alike) and keeps the cell under the cursor
// under the cursor, row and column, at many positions and for plain, tiled (blocked) and bucket
// (cuckoo) layouts, in and out; dragging pans both ways; cell labels and marks stay off the legend
// at high zoom; the hover text follows the filter when the cells under a resting cursor change.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "ui/bit_array_view.h"
#include "ui/filter_probe.h"
#endif

#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

using bloomlab::AnyFilter;
using bloomlab::BloomFilter;
using bloomlab::ui::BitArrayView;
using bloomlab::ui::CellMark;

namespace {

/// Compares `samples` pixels (spread over the array) with a direct count of the cells they cover.
void verifyAggregatePixels(BitArrayView& view, std::uint32_t layer, int samples) {
    const AnyFilter* filter = view.filter();
    QVERIFY(filter);
    const double scale = view.scale(layer);
    QVERIFY2(scale < 1.0, "expected aggregate mode");
    const auto perPixel = static_cast<std::uint64_t>(std::ceil(1.0 / scale - 1e-9));
    const std::uint64_t cells = bloomlab::ui::cellCount(*filter, layer);
    const QImage image = view.grab().toImage();
    int checked = 0;
    for (int s = 0; s < samples; ++s) {
        const std::uint64_t index = (cells - 1) * static_cast<std::uint64_t>(s) / static_cast<std::uint64_t>(samples - 1);
        const auto rect = view.cellRect(layer, index);
        if (!rect)
            continue;  // scrolled out of view
        const std::uint64_t begin = index / perPixel * perPixel;
        const std::uint64_t end = std::min(cells, begin + perPixel);
        std::uint64_t nonZero = 0;
        bool saturated = false;
        for (std::uint64_t i = begin; i < end; ++i) {
            const std::uint32_t v = bloomlab::ui::cellValue(*filter, layer, i);
            nonZero += v != 0;
            saturated |= filter->type() == bloomlab::FilterType::Counting && v >= 15;
        }
        const QColor expected = view.shadeFor(static_cast<double>(nonZero) / static_cast<double>(end - begin), saturated);
        const QColor painted = image.pixelColor(rect->topLeft());
        QVERIFY2(painted.rgb() == expected.rgb(),
                 qPrintable(QStringLiteral("pixel of cells %1..%2: painted %3, expected %4 (%5 of %6 set)")
                                .arg(begin)
                                .arg(end - 1)
                                .arg(painted.name(), expected.name())
                                .arg(nonZero)
                                .arg(end - begin)));
        ++checked;
    }
    QVERIFY(checked >= samples / 2);
}

/// A classic filter of `bits` bits and k hashes holding the keys prefix0 .. prefix(keys-1).
AnyFilter bloomWithKeys(std::uint64_t bits, std::uint32_t k, std::uint64_t keys, const std::string& prefix) {
    AnyFilter filter(BloomFilter(bits, k));
    for (std::uint64_t i = 0; i < keys; ++i)
        filter.insert(prefix + std::to_string(i));
    return filter;
}

/// Shows the filter in the view at this size; true once the view is on screen.
bool showFilter(BitArrayView& view, const AnyFilter& filter, QSize size) {
    view.resize(size);
    view.setFilter(&filter);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

/// One wheel notch (120) at `pos`, as a mouse wheel sends it.
void wheelAt(BitArrayView& view, const QPoint& pos, int delta = 120) {
    QWheelEvent event(QPointF(pos), QPointF(view.mapToGlobal(pos)), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &event);
}

void hoverAt(BitArrayView& view, const QPoint& pos) {
    QMouseEvent event(QEvent::MouseMove, QPointF(pos), QPointF(view.mapToGlobal(pos)), Qt::NoButton, Qt::NoButton,
                      Qt::NoModifier);
    QApplication::sendEvent(&view, &event);
}

/// One wheel notch at `pos` (in when delta > 0); checks that the scale changed and that the cell
/// that was under the cursor still is: the very cell in cell mode, the pixel holding it when
/// pixels hold several cells. Returns false (after failing) or when `pos` is not on a cell.
bool notchKeepsTheCellUnderTheCursor(BitArrayView& view, const QPoint& pos, int delta = 120) {
    const double before = view.scale(0);
    const auto anchor = view.cellAt(pos);
    if (!anchor)
        return false;
    wheelAt(view, pos, delta);
    const double after = view.scale(0);
    if (delta > 0 ? after <= before : after >= before) {
        QTest::qFail(qPrintable(QStringLiteral("scale %1 -> %2").arg(before).arg(after)), __FILE__, __LINE__);
        return false;
    }
    const auto rect = view.cellRect(0, anchor->second);
    const auto now = view.cellAt(pos);
    const bool kept = after >= 1.0 ? now && now->second == anchor->second : rect && rect->contains(pos);
    if (!kept) {
        QTest::qFail(qPrintable(QStringLiteral("at (%1, %2), scale %3 -> %4: cell %5 was under the cursor, now %6 "
                                               "(cell %5 at %7, %8)")
                                    .arg(pos.x())
                                    .arg(pos.y())
                                    .arg(before)
                                    .arg(after)
                                    .arg(anchor->second)
                                    .arg(now ? QString::number(now->second) : QStringLiteral("none"))
                                    .arg(rect ? rect->x() : -1)
                                    .arg(rect ? rect->y() : -1)),
                     __FILE__, __LINE__);
        return false;
    }
    return true;
}

/// Points spread over the band (corners, edges, centre and between), and points on cells spread
/// over the array (first, last and between, at different places inside the cell), for anchored
/// zooms.
std::vector<QPoint> spreadPositions(BitArrayView& view) {
    std::vector<QPoint> points;
    for (const double fx : {0.03, 0.27, 0.5, 0.71, 0.97})
        for (const double fy : {0.12, 0.45, 0.8})
            points.emplace_back(static_cast<int>(view.width() * fx) + 1, static_cast<int>(view.height() * fy) + 1);
    view.resetZoom();
    const std::uint64_t cells = bloomlab::ui::cellCount(*view.filter(), 0);
    int corner = 0;
    for (const double f : {0.0, 0.13, 0.37, 0.52, 0.77, 1.0}) {
        const auto index = std::min(cells - 1, static_cast<std::uint64_t>(static_cast<double>(cells) * f));
        if (const auto r = view.cellRect(0, index)) {
            const int dx = corner % 2 ? r->width() - 1 : 0;
            const int dy = corner / 2 % 2 ? r->height() - 1 : 0;
            points.push_back(r->topLeft() + QPoint(dx, dy));
            ++corner;
        }
    }
    return points;
}

/// From the fitted picture: `notches` wheel notches in at `pos`, then one out; every notch keeps
/// the cell under the cursor. Returns how many positions were on a cell.
int zoomInAndOutAtSpreadPositions(BitArrayView& view, int notches) {
    int onCells = 0;
    for (const QPoint& pos : spreadPositions(view)) {
        view.resetZoom();
        if (!view.cellAt(pos))
            continue;  // a tile gap or past the last cell
        ++onCells;
        for (int i = 0; i < notches; ++i)
            if (!notchKeepsTheCellUnderTheCursor(view, pos))
                return -1;
        if (!notchKeepsTheCellUnderTheCursor(view, pos, -120))
            return -1;
    }
    return onCells;
}

} // namespace

class TestUiBitArrayView : public QObject {
    Q_OBJECT

private slots:
    void aggregatePixelsShadeTheFractionOfSetBits();
    void blockedAndCountingAggregates();
    void hundredMillionBits();
    void partialRepaintEqualsFullRebuild();
    void zoomInShowsSingleBits();
    void scalableHasOneBandPerLayer();
    void hoverDescribesTheCell();
    void fingerprintsShowEveryHexDigit();
    void wheelZoomsAroundTheCursorFromTheFirstNotch();
    void dragPansBothWays();
    void numberDiscPlacement();
    void kickNumbersKeepOffTheLabels();
    void labelsStayOffTheLegend();
    void hoverFollowsTheFilter();
};

void TestUiBitArrayView::aggregatePixelsShadeTheFractionOfSetBits() {
    AnyFilter filter(BloomFilter(1'000'003, 5));  // odd m: pixel ranges straddle word edges
    for (int i = 0; i < 60000; ++i)
        filter.insert("k" + std::to_string(i));
    BitArrayView view;
    QVERIFY(showFilter(view, filter, QSize(500, 320)));
    verifyAggregatePixels(view, 0, 400);
}

void TestUiBitArrayView::blockedAndCountingAggregates() {
    AnyFilter blocked = AnyFilter::create({bloomlab::FilterType::Blocked, 50000, 0.01});
    AnyFilter counting = AnyFilter::create({bloomlab::FilterType::Counting, 50000, 0.01});
    for (int i = 0; i < 40000; ++i) {
        blocked.insert("b" + std::to_string(i));
        counting.insert("c" + std::to_string(i));
    }
    // Push one key's counters to saturation: the pixels holding them must show it.
    for (int i = 0; i < 20; ++i)
        counting.insert("hot");
    for (AnyFilter* f : {&blocked, &counting}) {
        BitArrayView view;
        view.resize(420, 300);
        view.setFilter(f);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        verifyAggregatePixels(view, 0, 300);
        if (f == &counting) {
            const QImage image = view.grab().toImage();
            for (const CellMark& m : bloomlab::ui::probeMarks(counting, "hot")) {
                const auto rect = view.cellRect(0, m.index);
                QVERIFY(rect);
                QCOMPARE(image.pixelColor(rect->topLeft()).rgb(), view.shadeFor(0, true).rgb());
            }
        }
    }
}

void TestUiBitArrayView::hundredMillionBits() {
    const AnyFilter filter = bloomWithKeys(100'000'000, 7, 200000, "u");
    BitArrayView view;
    QVERIFY(showFilter(view, filter, QSize(900, 500)));
    verifyAggregatePixels(view, 0, 120);
    // Zoom in to 4-pixel cells: single bits again, matching the core, wherever one looks.
    view.zoomBy(4.0 / view.scale(0));
    QCOMPARE(view.scale(0), 4.0);
    const QImage image = view.grab().toImage();
    int checked = 0;
    for (int y = 25; y < view.height() - 30; y += 7) {
        for (int x = 5; x < view.width() - 12; x += 5) {
            const auto cell = view.cellAt(QPoint(x, y));
            QVERIFY(cell);
            QCOMPARE(image.pixelColor(x, y).rgb(), view.cellColor(filter.as<BloomFilter>()->testBit(cell->second)).rgb());
            ++checked;
        }
    }
    QVERIFY(checked > 5000);
}

void TestUiBitArrayView::partialRepaintEqualsFullRebuild() {
    AnyFilter filter(BloomFilter(300'000, 6));
    for (int i = 0; i < 10000; ++i)
        filter.insert("p" + std::to_string(i));
    BitArrayView view;
    QVERIFY(showFilter(view, filter, QSize(400, 300)));
    (void)view.grab();  // builds the cached image
    for (int i = 0; i < 500; ++i) {
        const std::string key = "new" + std::to_string(i);
        filter.insert(key);
        view.refreshCells(bloomlab::ui::probeMarks(filter, key));
    }
    const QImage incremental = view.grab().toImage();
    view.refresh();
    const QImage full = view.grab().toImage();
    QCOMPARE(incremental, full);
}

void TestUiBitArrayView::zoomInShowsSingleBits() {
    AnyFilter filter(BloomFilter(64, 3));
    filter.insert("apple");
    BitArrayView view;
    view.setMaxCellPixels(30);
    view.resize(400, 300);
    view.setFilter(&filter);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.scale(0) >= 20);  // 64 bits fit in big cells
    QSet<QPair<int, int>> seen;
    for (std::uint64_t i = 0; i < 64; ++i) {
        const auto r = view.cellRect(0, i);
        QVERIFY(r);
        QVERIFY(view.rect().contains(*r));
        QVERIFY(!seen.contains({r->x(), r->y()}));  // cells never overlap
        seen.insert({r->x(), r->y()});
    }
}

void TestUiBitArrayView::scalableHasOneBandPerLayer() {
    bloomlab::ScalableBloomFilter::Params params;
    params.initialCapacity = 500;
    params.targetFpr = 0.01;
    AnyFilter filter{bloomlab::ScalableBloomFilter(params)};
    for (int i = 0; i < 3000; ++i)
        filter.insert("s" + std::to_string(i));
    const auto layers = bloomlab::ui::layerCount(filter);
    QVERIFY(layers >= 3);
    BitArrayView view;
    QVERIFY(showFilter(view, filter, QSize(600, 500)));
    const QImage image = view.grab().toImage();
    int previousTop = -1;
    for (std::uint32_t layer = 0; layer < layers; ++layer) {
        const auto first = view.cellRect(layer, 0);
        QVERIFY(first);
        QVERIFY(first->top() > previousTop);  // bands are stacked, layer 0 on top
        previousTop = first->top();
        // The band paints this layer's bits.
        const auto* layerFilter = &filter.as<bloomlab::ScalableBloomFilter>()->layers()[layer];
        if (view.scale(layer) >= 1.0) {
            for (std::uint64_t i = 0; i < 200; ++i) {
                const auto r = view.cellRect(layer, i);
                QVERIFY(r);
                QCOMPARE(image.pixelColor(r->topLeft()).rgb(), view.cellColor(layerFilter->testBit(i)).rgb());
            }
        } else {
            verifyAggregatePixels(view, layer, 50);
        }
    }
}

void TestUiBitArrayView::hoverDescribesTheCell() {
    AnyFilter filter(BloomFilter(64, 3));
    filter.insert("apple");
    BitArrayView view;
    QVERIFY(showFilter(view, filter, QSize(400, 300)));
    const auto* bf = filter.as<BloomFilter>();
    for (std::uint64_t i : {std::uint64_t{0}, std::uint64_t{17}, std::uint64_t{63}}) {
        const auto r = view.cellRect(0, i);
        QVERIFY(r);
        QCOMPARE(view.describeAt(r->center()),
                 QStringLiteral("bit %1 = %2").arg(i).arg(bf->testBit(i) ? 1 : 0));
    }
    QVERIFY(view.describeAt(QPoint(-5, -5)).isEmpty());
    // A cursor resting on a cell: the tooltip tells the cell, not the view's usage help.
    const auto r = view.cellRect(0, 17);
    QVERIFY(r);
    QHelpEvent rest(QEvent::ToolTip, r->center(), view.mapToGlobal(r->center()));
    QApplication::sendEvent(&view, &rest);
    QTRY_COMPARE(QToolTip::text(), QStringLiteral("bit 17 = %1").arg(bf->testBit(17) ? 1 : 0));
}

void TestUiBitArrayView::fingerprintsShowEveryHexDigit() {
    using bloomlab::ui::formatFingerprint;
    QCOMPARE(formatFingerprint(5, 8), QStringLiteral("05"));
    QCOMPARE(formatFingerprint(0xA3, 12), QStringLiteral("0A3"));
    QCOMPARE(formatFingerprint(0xFFF, 12), QStringLiteral("FFF"));
    QCOMPARE(formatFingerprint(0x1, 16), QStringLiteral("0001"));
    // A slot's tooltip writes its fingerprint with as many digits as the filter's fingerprints
    // have, so a small value does not read as a different size.
    AnyFilter filter(bloomlab::CuckooFilter<12>(8));
    for (int i = 0; i < 20; ++i)
        filter.insert("k" + std::to_string(i));
    BitArrayView view;
    QVERIFY(showFilter(view, filter, QSize(600, 400)));
    int described = 0;
    for (std::uint64_t i = 0; i < 32; ++i) {
        const std::uint32_t value = bloomlab::ui::cellValue(filter, 0, i);
        if (value == 0)
            continue;
        const auto r = view.cellRect(0, i);
        QVERIFY(r);
        QCOMPARE(view.describeAt(r->center()), QStringLiteral("bucket %1, slot %2: fingerprint 0x%3")
                                                   .arg(i / 4)
                                                   .arg(i % 4)
                                                   .arg(QString::number(value, 16).toUpper().rightJustified(3, u'0')));
        ++described;
    }
    QCOMPARE(described, 20);
}

void TestUiBitArrayView::wheelZoomsAroundTheCursorFromTheFirstNotch() {
    // Fitted at one pixel per bit: the step where three notches used to change nothing.
    {
        const AnyFilter filter = bloomWithKeys(100'000, 4, 8000, "w");
        BitArrayView view;
        QVERIFY(showFilter(view, filter, QSize(600, 260)));
        QCOMPARE(view.scale(0), 1.0);
        const int onCells = zoomInAndOutAtSpreadPositions(view, 4);
        QVERIFY2(onCells >= 15, qPrintable(QStringLiteral("%1 of 21 positions on a cell").arg(onCells)));
    }
    // A few bits per pixel (several notches stay in aggregate mode, then cross into cells), and a
    // few pixels per bit.
    for (const std::uint64_t bits : {std::uint64_t{1'000'000}, std::uint64_t{9'586}}) {
        const AnyFilter filter = bloomWithKeys(bits, 4, bits / 12, "v");
        BitArrayView view;
        QVERIFY(showFilter(view, filter, QSize(600, 400)));
        const int onCells = zoomInAndOutAtSpreadPositions(view, 6);
        QVERIFY2(onCells >= 15, qPrintable(QStringLiteral("%1 of 21 positions on a cell").arg(onCells)));
    }
    // Tiled layouts: blocked (32 x 8 tiles with gaps) and cuckoo (4-slot buckets): the cell, not
    // just its tile, stays under the cursor.
    for (const bloomlab::FilterType type : {bloomlab::FilterType::Blocked, bloomlab::FilterType::Cuckoo}) {
        AnyFilter filter = AnyFilter::create({type, 3000, 0.01});
        for (int i = 0; i < 2000; ++i)
            filter.insert("t" + std::to_string(i));
        BitArrayView view;
        QVERIFY(showFilter(view, filter, QSize(640, 420)));
        const int onCells = zoomInAndOutAtSpreadPositions(view, 5);
        QVERIFY2(onCells >= 8, qPrintable(QStringLiteral("%1 of 21 positions on a cell").arg(onCells)));
    }
    // Many notches in a row at one point, then all the way back out but one.
    {
        const AnyFilter filter = bloomWithKeys(200'000, 4, 15000, "z");
        BitArrayView view;
        QVERIFY(showFilter(view, filter, QSize(700, 380)));
        const QPoint pos(611, 301);
        int in = 0;
        while (view.scale(0) < 64.0 && in < 40) {
            QVERIFY(notchKeepsTheCellUnderTheCursor(view, pos));
            ++in;
        }
        QVERIFY(in > 8);
        for (int out = 0; out + 1 < in; ++out) {
            const double fit = [&] {
                BitArrayView fresh;
                fresh.resize(view.size());
                fresh.setFilter(&filter);
                return fresh.scale(0);
            }();
            if (view.scale(0) * 0.8 <= fit)
                break;  // the next notch shows the whole array again
            QVERIFY(notchKeepsTheCellUnderTheCursor(view, pos, -120));
        }
    }
}

void TestUiBitArrayView::dragPansBothWays() {
    const AnyFilter filter = bloomWithKeys(50'000, 4, 4000, "d");
    BitArrayView view;
    QVERIFY(showFilter(view, filter, QSize(600, 360)));
    const auto middle = view.cellRect(0, 30'000);
    QVERIFY(middle);
    const QPoint pos = middle->center();
    for (int i = 0; i < 8; ++i)
        wheelAt(view, pos);
    const QPoint grab = pos + QPoint(20, -10);
    const auto before = view.cellAt(grab);
    QVERIFY(before);
    // Drag the picture left and up: the grabbed cell moves with the mouse.
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, grab);
    QMouseEvent move(QEvent::MouseMove, QPointF(grab - QPoint(90, 40)), QPointF(view.mapToGlobal(grab - QPoint(90, 40))),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &move);
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, grab - QPoint(90, 40));
    const auto after = view.cellAt(grab - QPoint(90, 40));
    QVERIFY(after);
    QCOMPARE(after->second, before->second);
    // Not past the first column: dragging far right stops with cell 0's column at the left edge.
    view.resetZoom();
    wheelAt(view, QPoint(10, 100));
    const auto leftCell = view.cellAt(QPoint(10, 100));
    QVERIFY(leftCell);
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    QMouseEvent far(QEvent::MouseMove, QPointF(2000, 100), QPointF(view.mapToGlobal(QPoint(2000, 100))), Qt::NoButton,
                    Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &far);
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(2000, 100));
    const auto first = view.cellRect(0, 0);
    if (first)
        QVERIFY(first->left() <= 10);  // at most the margin the zoom itself left
}

void TestUiBitArrayView::labelsStayOffTheLegend() {
    const AnyFilter filter = bloomWithKeys(4096, 3, 900, "l");
    BitArrayView view;
    // The band is 3 rows of 64 px and 50 px of a fourth: that row's labels and marks fall on the legend.
    view.resize(1200, 42 + 3 * 64 + 50);
    view.setFilter(&filter);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int i = 0; i < 20; ++i)
        view.zoomBy(1.25);
    QCOMPARE(view.scale(0), 64.0);
    std::vector<CellMark> marks;
    for (std::uint64_t i = 0; i < 4096; ++i) {
        const auto r = view.cellRect(0, i);
        if (r && r->bottom() >= view.height() - 22)
            marks.push_back({0, i, bloomlab::ui::MarkRole::Probe});
    }
    QVERIFY(!marks.empty());
    view.setMarks(marks);
    const QImage image = view.grab().toImage();
    // The legend strip right of its items is plain window background.
    const QRgb background = view.palette().window().color().rgb();
    int foreign = 0;
    for (int y = view.height() - 20; y < view.height() - 3; ++y)
        for (int x = 800; x < view.width() - 10; ++x)
            foreign += image.pixel(x, y) != background;
    QCOMPARE(foreign, 0);
}

void TestUiBitArrayView::hoverFollowsTheFilter() {
    AnyFilter filter(BloomFilter(256, 3));
    BitArrayView view;
    QVERIFY(showFilter(view, filter, QSize(500, 300)));
    const std::vector<CellMark> marks = bloomlab::ui::probeMarks(filter, "hovered");
    QVERIFY(!marks.empty());
    const std::uint64_t index = marks.front().index;
    const auto r = view.cellRect(0, index);
    QVERIFY(r);
    QSignalSpy hover(&view, &BitArrayView::hoverTextChanged);
    hoverAt(view, r->center());
    QVERIFY(!hover.isEmpty());
    QCOMPARE(hover.last().at(0).toString(), QStringLiteral("bit %1 = 0").arg(index));
    // The key goes in while the cursor rests: the text says so without another mouse move.
    filter.insert("hovered");
    view.refreshCells(marks);
    QCOMPARE(hover.last().at(0).toString(), QStringLiteral("bit %1 = 1").arg(index));
    // A new filter under the cursor: told again too.
    AnyFilter other(BloomFilter(256, 3));
    view.setFilter(&other);
    QCOMPARE(hover.last().at(0).toString(), QStringLiteral("bit %1 = 0").arg(index));
}

void TestUiBitArrayView::numberDiscPlacement() {
    using bloomlab::ui::placeNumberDisc;
    // The first candidate is free: taken.
    QCOMPARE(placeNumberDisc({{50, 50}, {100, 100}}, 9, {QRectF(0, 0, 20, 20)}), QRectF(41, 41, 18, 18));
    // The first one covers a label: the next free one.
    QCOMPARE(placeNumberDisc({{10, 10}, {100, 100}}, 9, {QRectF(0, 0, 20, 20)}), QRectF(91, 91, 18, 18));
    // Outside the band: skipped too.
    QCOMPARE(placeNumberDisc({{3, 50}, {60, 50}}, 9, {}, QRectF(0, 0, 200, 200)), QRectF(51, 41, 18, 18));
    // Nothing free: the least covered.
    QCOMPARE(placeNumberDisc({{10, 10}, {25, 10}}, 9, {QRectF(0, 0, 20, 20)}), QRectF(16, 1, 18, 18));
}

void TestUiBitArrayView::kickNumbersKeepOffTheLabels() {
    // Teaching-size tables with real kick chains, at big and at small cells: every number disc
    // stays clear of every bucket, slot and fingerprint text and of the other discs.
    int chains = 0;
    for (const QSize size : {QSize(900, 420), QSize(640, 330), QSize(520, 300)}) {
        for (int round = 0; round < 6; ++round) {
            AnyFilter filter = bloomlab::ui::makeCuckooFilter(8);
            std::vector<bloomlab::CuckooKick> kicks;
            for (int i = 0; i < 40 && kicks.size() < 2; ++i) {
                if (!filter.insert("k" + std::to_string(round) + "-" + std::to_string(i)))
                    break;
                kicks = bloomlab::ui::lastKickChain(filter);
            }
            if (kicks.size() < 2)
                continue;
            BitArrayView view;
            view.setMaxCellPixels(64);
            QVERIFY(showFilter(view, filter, size));
            view.setKickChain(kicks);
            const std::vector<QRect> labels = view.cellLabelRects();
            QVERIFY2(labels.size() >= 32, "bucket and slot labels are drawn");
            const std::vector<QRectF> discs = view.kickNumberRects();
            QCOMPARE(discs.size(), kicks.size());
            for (std::size_t d = 0; d < discs.size(); ++d) {
                for (const QRect& label : labels)
                    QVERIFY2(!discs[d].intersects(QRectF(label)),
                             qPrintable(QStringLiteral("%1x%2: disc %3 at (%4, %5) covers a label at (%6, %7) %8x%9")
                                            .arg(size.width())
                                            .arg(size.height())
                                            .arg(d + 1)
                                            .arg(discs[d].x())
                                            .arg(discs[d].y())
                                            .arg(label.x())
                                            .arg(label.y())
                                            .arg(label.width())
                                            .arg(label.height())));
                for (std::size_t e = d + 1; e < discs.size(); ++e)
                    QVERIFY2(!discs[d].intersects(discs[e]), qPrintable(QStringLiteral("%1x%2 discs %3 %4 at (%5,%6) (%7,%8)").arg(size.width()).arg(size.height()).arg(d).arg(e).arg(discs[d].x()).arg(discs[d].y()).arg(discs[e].x()).arg(discs[e].y())));
            }
            ++chains;
        }
    }
    QVERIFY(chains >= 6);
}

QTEST_MAIN(TestUiBitArrayView)
#include "tst_ui_bit_array_view.moc"
