// BitArrayView: in aggregate mode every pixel shades the fraction of set cells it
// covers — checked pixel by pixel against a direct count over the core's testBit/counterAt —
// for a classic filter, a blocked one, a counting one (saturated counters marked), and a classic
// filter of m = 10^8 bits; single-insert repaints (refreshCells) give the same picture as a full
// rebuild; zoom switches to one cell per bit; scalable shows one band per layer.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "ui/bit_array_view.h"
#include "ui/filter_probe.h"
#endif

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
};

void TestUiBitArrayView::aggregatePixelsShadeTheFractionOfSetBits() {
    AnyFilter filter(BloomFilter(1'000'003, 5));  // odd m: pixel ranges straddle word edges
    for (int i = 0; i < 60000; ++i)
        filter.insert("k" + std::to_string(i));
    BitArrayView view;
    view.resize(500, 320);
    view.setFilter(&filter);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
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
    AnyFilter filter(BloomFilter(100'000'000, 7));
    for (int i = 0; i < 200000; ++i)
        filter.insert("u" + std::to_string(i));
    BitArrayView view;
    view.resize(900, 500);
    view.setFilter(&filter);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
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
    view.resize(400, 300);
    view.setFilter(&filter);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
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
    view.resize(600, 500);
    view.setFilter(&filter);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
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
    view.resize(400, 300);
    view.setFilter(&filter);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto* bf = filter.as<BloomFilter>();
    for (std::uint64_t i : {std::uint64_t{0}, std::uint64_t{17}, std::uint64_t{63}}) {
        const auto r = view.cellRect(0, i);
        QVERIFY(r);
        QCOMPARE(view.describeAt(r->center()),
                 QStringLiteral("bit %1 = %2").arg(i).arg(bf->testBit(i) ? 1 : 0));
    }
    QVERIFY(view.describeAt(QPoint(-5, -5)).isEmpty());
}

QTEST_MAIN(TestUiBitArrayView)
#include "tst_ui_bit_array_view.moc"
