// Teaching mode and the bit view: adding a word highlights exactly its k positions and
// the painted cells show the core's bits; a query explains each probe (first zero = definitely
// not, all ones = maybe, false positives attributed to the words that set the bits); "why no
// delete" produces a real false negative in the classic filter and none in the counting filter;
// the cuckoo walk-through shows the core's own kick chain.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "ui/bit_array_view.h"
#include "ui/filter_session.h"
#include "ui/glossary.h"
#include "ui/main_window.h"
#include "ui/outcome_html.h"
#include "ui/sample_keys.h"
#include "ui/teaching_panel.h"
#endif

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>
#include <QPushButton>

#include <algorithm>
#include <set>

using bloomlab::AnyFilter;
using bloomlab::BloomFilter;
using bloomlab::CountingBloomFilter;
using bloomlab::CuckooFilter;
using bloomlab::ui::BitArrayView;
using bloomlab::ui::CellMark;
using bloomlab::ui::MarkRole;
using bloomlab::ui::TeachingPanel;

namespace {

/// Every cell of the view's filter is painted with the colour of the core's value for it
/// (sampled 4 px inside the left edge at mid-height: inside the highlight rings, off the X of a
/// cleared cell, and away from the counter / fingerprint text drawn at the centre).
void verifyPaintedCellsMatchCore(BitArrayView* view) {
    const AnyFilter* filter = view->filter();
    QVERIFY(filter);
    const QImage image = view->grab().toImage();
    const std::uint64_t cells = bloomlab::ui::cellCount(*filter, 0);
    for (std::uint64_t i = 0; i < cells; ++i) {
        const auto rect = view->cellRect(0, i);
        QVERIFY2(rect.has_value(), qPrintable(QStringLiteral("cell %1 not on screen").arg(i)));
        QVERIFY(rect->width() >= 6);  // cell mode: every cell is its own square
        const QColor painted = image.pixelColor(rect->left() + 4, rect->center().y());
        const QColor expected = view->cellColor(bloomlab::ui::cellValue(*filter, 0, i));
        QVERIFY2(painted.rgb() == expected.rgb(),
                 qPrintable(QStringLiteral("cell %1: painted %2, core value gives %3")
                                .arg(i)
                                .arg(painted.name(), expected.name())));
    }
}

std::set<std::uint64_t> markedIndexes(const std::vector<CellMark>& marks) {
    std::set<std::uint64_t> out;
    for (const CellMark& m : marks)
        out.insert(m.index);
    return out;
}

} // namespace

class TestUiTeaching : public QObject {
    Q_OBJECT

private slots:
    void addHighlightsExactlyTheKPositions();
    void everyStepOfAnAddShowsItsOwnState();
    void queryStopsAtTheFirstZero();
    void falsePositiveIsAttributed();
    void whyNoDeleteShowsAFalseNegativeThenCountingIsSafe();
    void cuckooWalkThroughShowsTheKickChain();
    void emptyWordIsRefused();
    void teachingGridIsSquareEightByEightFor64Bits();
    void glossaryIsANonModalDockWithoutJargon();
    void explorerAnswerLineCountsDistinctBits();
    void legendNamesOnlyTheMarksDrawn();
};

void TestUiTeaching::addHighlightsExactlyTheKPositions() {
    TeachingPanel panel;
    panel.resize(1100, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QStringList words = {QStringLiteral("apple"), QStringLiteral("banana"), QStringLiteral("cherry"),
                               QStringLiteral("ÜTF-8 ✓"), QStringLiteral("kiwi")};
    for (const QString& word : words) {
        QVERIFY(panel.addWord(word));
        const auto* bf = panel.bloomFilter().as<BloomFilter>();
        QVERIFY(bf);
        const std::vector<std::uint64_t> positions = bf->probePositions(bloomlab::ui::toKey(word));
        QCOMPARE(positions.size(), std::size_t{bf->numHashes()});
        // The final step is selected: exactly k marks, at exactly the core's positions.
        QCOMPARE(panel.currentStep(), static_cast<int>(panel.steps().size()) - 1);
        const auto& marks = panel.bitView()->marks();
        QCOMPARE(marks.size(), positions.size());
        QCOMPARE(markedIndexes(marks), std::set<std::uint64_t>(positions.begin(), positions.end()));
        for (const CellMark& m : marks) {
            QVERIFY(m.role == MarkRole::NewlySet || m.role == MarkRole::Probe);
            QVERIFY(bf->testBit(m.index));
        }
        // And the view paints the core's bits (the step's snapshot equals the live filter).
        QCOMPARE(panel.bitView()->filter()->as<BloomFilter>()->popcount(), bf->popcount());
        verifyPaintedCellsMatchCore(panel.bitView());
    }
}

void TestUiTeaching::everyStepOfAnAddShowsItsOwnState() {
    TeachingPanel panel;
    panel.resize(1100, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    for (const char* w : {"ant", "bee", "cat", "dog"})
        panel.addWord(QString::fromLatin1(w));
    const auto before = panel.bloomFilter().as<BloomFilter>()->popcount();
    QVERIFY(panel.addWord(QStringLiteral("eel")));
    const auto* bf = panel.bloomFilter().as<BloomFilter>();
    const auto positions = bf->probePositions("eel");
    // Steps: hash, one per position, done.
    QCOMPARE(panel.steps().size(), positions.size() + 2);
    QCOMPARE(panel.steps().front().filter->as<BloomFilter>()->popcount(), before);
    for (std::size_t j = 0; j < positions.size(); ++j) {
        panel.selectStep(static_cast<int>(j + 1));
        const BloomFilter* shown = panel.bitView()->filter()->as<BloomFilter>();
        // Positions 0..j are on, and the shown state has no bits the final state lacks.
        for (std::size_t i = 0; i <= j; ++i)
            QVERIFY(shown->testBit(positions[i]));
        for (std::uint64_t b = 0; b < shown->numBits(); ++b)
            if (shown->testBit(b))
                QVERIFY(bf->testBit(b));
        QCOMPARE(panel.bitView()->marks().size(), j + 1);
        verifyPaintedCellsMatchCore(panel.bitView());
    }
    QVERIFY(!panel.explanation()->text().isEmpty());
}

void TestUiTeaching::queryStopsAtTheFirstZero() {
    TeachingPanel panel;
    panel.addWord(QStringLiteral("apple"));
    const auto* bf = panel.bloomFilter().as<BloomFilter>();
    // A word whose probe sequence meets a zero.
    std::string absent;
    for (int i = 0; absent.empty(); ++i) {
        const std::string w = "w" + std::to_string(i);
        if (!bf->mightContain(w))
            absent = w;
    }
    QVERIFY(!panel.queryWord(QString::fromStdString(absent)));
    const auto positions = bf->probePositions(absent);
    const auto firstZero = static_cast<std::size_t>(
        std::find_if(positions.begin(), positions.end(), [&](auto p) { return !bf->testBit(p); }) - positions.begin());
    // Steps: the hash, then one per probe up to and including the first zero.
    QCOMPARE(panel.steps().size(), firstZero + 2);
    const auto& marks = panel.bitView()->marks();
    QCOMPARE(marks.size(), firstZero + 1);
    QCOMPARE(marks.back().role, MarkRole::ProbeZero);
    QCOMPARE(marks.back().index, positions[firstZero]);
    QVERIFY(panel.steps().back().title.contains(QStringLiteral("definitely not")));
    // Querying an added word: all k probed, "maybe".
    QVERIFY(panel.queryWord(QStringLiteral("apple")));
    QCOMPARE(panel.bitView()->marks().size(), std::size_t{bf->numHashes()});
}

void TestUiTeaching::falsePositiveIsAttributed() {
    TeachingPanel panel;
    panel.fillWithSamples();
    const QString fp = panel.findFalsePositive();
    QVERIFY(!fp.isEmpty());
    const auto* bf = panel.bloomFilter().as<BloomFilter>();
    const std::string key = bloomlab::ui::toKey(fp);
    QVERIFY(bf->mightContain(key));
    const auto& words = panel.words();
    QVERIFY(std::find(words.begin(), words.end(), key) == words.end());
    QVERIFY(panel.steps().back().title.contains(QStringLiteral("FALSE POSITIVE")));
    // Each probed bit is named with a word that really maps to it.
    const QString text = panel.steps().back().text;
    for (const auto p : bf->probePositions(key)) {
        bool someoneSetIt = false;
        for (const std::string& w : words) {
            const auto wp = bf->probePositions(w);
            if (std::find(wp.begin(), wp.end(), p) != wp.end()) {
                someoneSetIt = true;
                QVERIFY2(text.contains(QStringLiteral("bit %1 ←").arg(p)), qPrintable(text));
                break;
            }
        }
        QVERIFY(someoneSetIt);
    }
}

void TestUiTeaching::whyNoDeleteShowsAFalseNegativeThenCountingIsSafe() {
    TeachingPanel panel;
    panel.resize(1100, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    for (const char* w : {"apple", "banana", "cherry", "date", "elderberry", "fig", "grape"})
        panel.addWord(QString::fromLatin1(w));
    QVERIFY(panel.explainNoDelete());
    const auto& steps = panel.steps();
    QCOMPARE(steps.size(), std::size_t{6});
    // Step 3: the damaged classic filter forgets a word that was added (false negative).
    const auto* damaged = steps[2].filter->as<BloomFilter>();
    QVERIFY(damaged);
    int falseNegatives = 0;
    for (const std::string& w : panel.words())
        falseNegatives += damaged->mightContain(w) ? 0 : 1;
    QVERIFY(falseNegatives >= 2);  // the deleted word and at least one innocent one
    // The live teaching filter is untouched: no false negatives.
    for (const std::string& w : panel.words())
        QVERIFY(panel.bloomFilter().mightContain(w));
    // Steps 4-6: the counting filter after erase still finds every other word.
    const auto* counting = steps[5].filter->as<CountingBloomFilter>();
    QVERIFY(counting);
    int found = 0;
    for (const std::string& w : panel.words())
        found += counting->mightContain(w) ? 1 : 0;
    QVERIFY(found >= static_cast<int>(panel.words().size()) - 1);
    for (int i = 0; i < 6; ++i) {
        panel.selectStep(i);
        QCOMPARE(panel.bitView()->filter(), steps[static_cast<std::size_t>(i)].filter.get());
        if (i >= 3)
            verifyPaintedCellsMatchCore(panel.bitView());
    }
}

void TestUiTeaching::cuckooWalkThroughShowsTheKickChain() {
    TeachingPanel panel;
    panel.resize(1100, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setMode(TeachingPanel::Mode::Cuckoo);
    panel.fillWithSamples();
    const auto* cf = panel.cuckooFilter().as<CuckooFilter<8>>();
    QVERIFY(cf);
    QVERIFY(cf->loadFactor() >= 0.85);
    // Add words until one needs kicks (or the table refuses).
    bool sawKicks = false;
    for (int i = 0; i < 40 && !sawKicks; ++i) {
        const QString word = QStringLiteral("extra%1").arg(i);
        const auto placement = cf->placementOf(bloomlab::ui::toKey(word));
        const bool ok = panel.addWord(word);
        // The first step names the core's fingerprint and buckets.
        QVERIFY(panel.steps().front().text.contains(QString::number(placement.fingerprint, 16).toUpper()));
        if (!cf->lastKickChain().empty()) {
            sawKicks = true;
            const auto& chain = cf->lastKickChain();
            QCOMPARE(panel.steps().size(), chain.size() + 3);  // buckets, both full, kicks..., done
            panel.selectStep(static_cast<int>(panel.steps().size()) - 1);
            // The whole chain up to 8 kicks, else its last 8, numbered as in the chain.
            const auto& shown = panel.bitView()->kickChain();
            QCOMPARE(shown.size(), std::min<std::size_t>(chain.size(), 8));
            const std::size_t offset = chain.size() - shown.size();
            QCOMPARE(panel.bitView()->firstKickNumber(), static_cast<int>(offset) + 1);
            for (std::size_t k = 0; k < shown.size(); ++k) {
                QCOMPARE(shown[k].fromBucket, chain[offset + k].fromBucket);
                QCOMPARE(shown[k].toBucket, chain[offset + k].toBucket);
                QCOMPARE(shown[k].fingerprint, chain[offset + k].fingerprint);
            }
            QCOMPARE(ok, panel.steps().back().title.startsWith(QStringLiteral("Done")));
        }
        if (!ok)
            break;
    }
    QVERIFY(sawKicks);
    panel.selectStep(0);  // no kick arrows over the cells
    verifyPaintedCellsMatchCore(panel.bitView());
}

void TestUiTeaching::emptyWordIsRefused() {
    TeachingPanel panel;
    QSignalSpy spy(&panel, &TeachingPanel::statusMessage);
    QVERIFY(!panel.addWord(QStringLiteral("   ")));
    QVERIFY(!panel.queryWord(QString()));
    QCOMPARE(spy.count(), 2);
    QCOMPARE(panel.bloomFilter().stats().items, std::uint64_t{0});
}

void TestUiTeaching::teachingGridIsSquareEightByEightFor64Bits() {
    TeachingPanel panel;
    panel.resize(1280, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    BitArrayView* view = panel.bitView();
    QCOMPARE(bloomlab::ui::cellCount(*view->filter(), 0), std::uint64_t{64});
    const QRect origin = *view->cellRect(0, 0);
    for (std::uint64_t i = 0; i < 64; ++i) {
        const auto r = view->cellRect(0, i);
        QVERIFY(r.has_value());
        // Row i / 8, column i % 8: bit 8 starts the second row under bit 0.
        QCOMPARE(r->left(), view->cellRect(0, i % 8)->left());
        QCOMPARE(r->top(), view->cellRect(0, (i / 8) * 8)->top());
        QCOMPARE(r->top() > origin.top(), i >= 8);
    }
    QVERIFY(view->cellRect(0, 7)->left() > view->cellRect(0, 6)->left());
    QVERIFY(view->cellRect(0, 8)->top() > view->cellRect(0, 7)->top());
}

void TestUiTeaching::glossaryIsANonModalDockWithoutJargon() {
    bloomlab::ui::MainWindow window(bloomlab::ui::MainWindow::Options{false, false});
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("glossaryDock"));
    QVERIFY(dock);
    QVERIFY(!dock->isVisible());
    QAction* open = nullptr;
    for (QAction* action : window.findChildren<QAction*>())
        if (action->shortcut() == QKeySequence(QKeySequence::HelpContents))
            open = action;
    QVERIFY(open);
    open->trigger();
    QTRY_VERIFY(dock->isVisible());
    // Nothing modal: the window keeps working while the glossary is open.
    QCOMPARE(QApplication::activeModalWidget(), nullptr);
    QVERIFY(!dock->isModal());
    QCOMPARE(dock->windowModality(), Qt::NonModal);
    QVERIFY(window.isEnabled());
    QVERIFY(dock->features().testFlag(QDockWidget::DockWidgetClosable));
    // Readable: it floats beside the window rather than squeezing into the docked tabs.
    QVERIFY(dock->isFloating());
    QVERIFY2(dock->width() >= 300, qPrintable(QString::number(dock->width())));
    auto* text = dock->findChild<QTextBrowser*>(QStringLiteral("glossaryText"));
    QVERIFY(text);
    const QString plain = text->toPlainText();
    for (const char* term : {"n —", "p —", "m —", "k —", "FPR", "Hot ratio", "Backend", "Filter type"})
        QVERIFY2(plain.contains(QString::fromUtf8(term)), term);
    // Words a student would have to look up elsewhere.
    for (const char* jargon : {"Swamidass", "information-theoretic", "split-block", "error budget", "O(n)", "n*",
                               "backend can answer", "baseline"})
        QVERIFY2(!plain.contains(QString::fromUtf8(jargon)), jargon);
}

void TestUiTeaching::explorerAnswerLineCountsDistinctBits() {
    bloomlab::ui::FilterSession session;
    bloomlab::FilterSpec spec;
    spec.type = bloomlab::FilterType::Classic;
    spec.capacity = 8;
    spec.bits = 64;
    spec.hashes = 8;
    QSignalSpy errors(&session, &bloomlab::ui::FilterSession::errorOccurred);
    QVERIFY2(session.setSpec(spec), errors.isEmpty() ? "" : qPrintable(errors.front().front().toString()));
    std::string repeated, plain;
    for (int i = 0; repeated.empty() || plain.empty(); ++i) {
        const std::string w = "k" + std::to_string(i);
        const auto p = bloomlab::ui::probePositions(*session.filter(), w);
        const auto distinct = std::set<std::uint64_t>(p.begin(), p.end()).size();
        if (distinct == p.size() - 1 && repeated.empty())
            repeated = w;
        if (distinct == p.size() && plain.empty())
            plain = w;
    }
    const auto p = bloomlab::ui::probePositions(*session.filter(), repeated);
    const QString inserted = bloomlab::ui::outcomeHtml(session.insertKey(repeated), session);
    QVERIFY2(inserted.contains(QStringLiteral("%1 probes, %2 distinct bit(s)").arg(p.size()).arg(p.size() - 1)), qPrintable(inserted));
    QVERIFY(inserted.contains(QStringLiteral("range reduction")));
    const QString queried = bloomlab::ui::outcomeHtml(session.queryKey(repeated), session);
    QVERIFY2(queried.contains(QStringLiteral("distinct bit(s)")), qPrintable(queried));
    QVERIFY(!bloomlab::ui::outcomeHtml(session.insertKey(plain), session).contains(QStringLiteral("distinct")));
}

void TestUiTeaching::legendNamesOnlyTheMarksDrawn() {
    using bloomlab::ui::CellKind;
    // The captions say what the ring means for the cell it is drawn on.
    QVERIFY(BitArrayView::markCaption(CellKind::Bit, MarkRole::ProbeZero).contains(QStringLiteral("0")));
    QVERIFY(BitArrayView::markCaption(CellKind::Bit, MarkRole::Probe).contains(QStringLiteral("1")));
    QVERIFY(BitArrayView::markCaption(CellKind::Bit, MarkRole::Shared) != BitArrayView::markCaption(CellKind::Bit, MarkRole::ProbeZero));
    TeachingPanel panel;
    for (const char* w : {"apple", "banana", "cherry"})
        panel.addWord(QString::fromLatin1(w));
    QVERIFY(panel.explainNoDelete());
    // Step 1 of "why no delete": every ringed bit is 1, none is drawn as "probed, = 0".
    panel.selectStep(0);
    for (const CellMark& m : panel.bitView()->marks()) {
        QVERIFY(m.role != MarkRole::ProbeZero);
        QCOMPARE(bloomlab::ui::cellValue(*panel.bitView()->filter(), 0, m.index), 1U);
    }
}

QTEST_MAIN(TestUiTeaching)
#include "tst_ui_teaching.moc"
