// BitArrayView: in aggregate mode every pixel shades the fraction of set cells it
// covers — checked pixel by pixel against a direct count over the core's testBit/counterAt —
// for a classic filter, a blocked one, a counting one (saturated counters marked), and a classic
// filter of m = 10^8 bits; single-insert repaints (refreshCells) give the same picture as a full
// rebuild; zoom switches to one cell per bit; scalable shows one band per layer. The wheel zooms
// from its first notch (cell mode and aggregate mode alike) and keeps the cell under the cursor in
// the row under the cursor; cell labels and marks stay off the legend at high zoom; the hover text
// follows the filter when the cells under a resting cursor change.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "ui/bit_array_view.h"
#include "ui/filter_probe.h"
#endif

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

/// Zooms in one notch at a point in the lower part of the array; checks that the picture changed
/// (a different scale) and that the cell that was under the cursor is in the row under it.
void checkOneNotchAroundCursor(BitArrayView& view) {
    const double before = view.scale(0);
    const QPoint pos(view.width() / 2 + 7, view.height() * 2 / 3);
    const auto anchor = view.cellAt(pos);
    QVERIFY(anchor);
    wheelAt(view, pos);
    QVERIFY2(view.scale(0) > before, qPrintable(QStringLiteral("scale %1 -> %2").arg(before).arg(view.scale(0))));
    const auto rect = view.cellRect(0, anchor->second);
    QVERIFY2(rect, "the anchored cell scrolled out of view");
    QVERIFY2(rect->top() <= pos.y() && pos.y() <= rect->bottom() + 3,
             qPrintable(QStringLiteral("cell %1 now at y %2..%3, cursor at y %4")
                            .arg(anchor->second)
                            .arg(rect->top())
                            .arg(rect->bottom())
                            .arg(pos.y())));
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
    void wheelZoomsAroundTheCursorFromTheFirstNotch();
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
    // Zoom in to 4-pixel cells: single bits again, matching the core.
    view.zoomBy(4.0 / view.scale(0));
    QVERIFY(view.scale(0) >= 1.0);
    const QImage image = view.grab().toImage();
    for (std::uint64_t i = 0; i < 2000; ++i) {
        const auto rect = view.cellRect(0, i);
        QVERIFY(rect);
        QCOMPARE(image.pixelColor(rect->topLeft()).rgb(), view.cellColor(filter.as<BloomFilter>()->testBit(i)).rgb());
    }
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
}

void TestUiBitArrayView::wheelZoomsAroundTheCursorFromTheFirstNotch() {
    // Fitted at one pixel per bit: the step where three notches used to change nothing.
    {
        const AnyFilter filter = bloomWithKeys(100'000, 4, 8000, "w");
        BitArrayView view;
        QVERIFY(showFilter(view, filter, QSize(600, 260)));
        QCOMPARE(view.scale(0), 1.0);
        for (int notch = 0; notch < 3; ++notch)
            checkOneNotchAroundCursor(view);
        // And back out: every notch counts that way too.
        const double zoomed = view.scale(0);
        wheelAt(view, QPoint(300, 150), -120);
        QVERIFY(view.scale(0) < zoomed);
    }
    // A few bits per pixel, and a few pixels per bit.
    for (const std::uint64_t bits : {std::uint64_t{1'000'000}, std::uint64_t{9'586}}) {
        const AnyFilter filter = bloomWithKeys(bits, 4, bits / 12, "v");
        BitArrayView view;
        QVERIFY(showFilter(view, filter, QSize(600, 400)));
        checkOneNotchAroundCursor(view);
        checkOneNotchAroundCursor(view);
    }
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

QTEST_MAIN(TestUiBitArrayView)
#include "tst_ui_bit_array_view.moc"
