// The teaching lessons as functions, without widgets: a classic insert marks exactly the word's
// k probe positions, step by step, on the state each step talks about; a query stops at the
// first zero; a false positive is attributed to the words that set its bits; "why no delete"
// shows a real false negative and then a counting filter that deletes safely; a cuckoo insert
// that has to kick explains every kick of the core's own chain; lessons never change the board
// they are given.
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "ui/filter_probe.h"
#include "ui/teaching_lessons.h"
#endif

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

using bloomlab::AnyFilter;
using bloomlab::CuckooKick;
using bloomlab::FilterType;
using namespace bloomlab::ui;

namespace {

TeachingBoard classicBoard(std::uint64_t bits = 64, std::uint32_t hashes = 3) { return {makeClassicFilter(bits, hashes), {}}; }
TeachingBoard cuckooBoard(std::uint64_t buckets = 8) { return {makeCuckooFilter(buckets), {}}; }

std::vector<std::uint32_t> cellsOf(const AnyFilter& filter) {
    std::vector<std::uint32_t> cells;
    for (std::uint64_t i = 0; i < cellCount(filter, 0); ++i)
        cells.push_back(cellValue(filter, 0, i));
    return cells;
}

std::set<std::uint64_t> indexes(const std::vector<CellMark>& marks) {
    std::set<std::uint64_t> out;
    for (const CellMark& m : marks)
        out.insert(m.index);
    return out;
}

bool sameKick(const CuckooKick& a, const CuckooKick& b) {
    return a.fromBucket == b.fromBucket && a.slot == b.slot && a.toBucket == b.toBucket && a.fingerprint == b.fingerprint;
}

/// Fills the board with sample words, then adds words until one insert needs a kick; returns that
/// lesson (the word in `word`, the board before it in `before`).
std::optional<Lesson> firstInsertWithKicks(TeachingBoard& board, TeachingBoard& before, std::string& word) {
    board = samplesLesson(board).board;
    for (int i = 0; i < 400; ++i) {
        before = board;
        word = "kick" + std::to_string(i);
        Lesson lesson = addLesson(board, word);
        if (!lastKickChain(lesson.board.filter).empty())
            return lesson;
        board = lesson.board;
    }
    return std::nullopt;
}

} // namespace

class TestTeachingLessons : public QObject {
    Q_OBJECT

private slots:
    void classicInsertMarksTheKPositionsStepByStep();
    void classicInsertShowsEachPartialState();
    void queryStopsAtTheFirstZero();
    void falsePositiveIsAttributedToTheWordsThatSetItsBits();
    void noDeleteShowsAFalseNegativeThenASafeCountingDelete();
    void cuckooInsertWithKicksExplainsEveryKick();
    void cuckooQueryOfAnAddedWordMatchesItsSlot();
    void lessonsLeaveTheirBoardUnchanged();
    void rebuildKeepsTheWordsTheNewFilterTakes();
};

void TestTeachingLessons::classicInsertMarksTheKPositionsStepByStep() {
    TeachingBoard board = classicBoard();
    for (const char* w : {"apple", "banana", "cherry", "kiwi", "ÜTF-8 ✓"}) {
        const std::string word = w;
        const std::vector<std::uint64_t> positions = probePositions(board.filter, word);
        QCOMPARE(positions.size(), std::size_t{3});
        const Lesson lesson = addLesson(board, word);
        QVERIFY(lesson.answer);
        // Steps: the hash, one per probe position, done; the last one is shown first.
        QCOMPARE(lesson.steps.size(), positions.size() + 2);
        QCOMPARE(lesson.select, static_cast<int>(lesson.steps.size()) - 1);
        QVERIFY(lesson.steps.front().marks.empty());
        for (std::size_t j = 0; j < positions.size(); ++j) {
            const TeachingStep& step = lesson.steps[j + 1];
            QCOMPARE(step.marks.size(), j + 1);
            for (std::size_t i = 0; i <= j; ++i)
                QCOMPARE(step.marks[i].index, positions[i]);
            QVERIFY2(step.title.contains(QString::number(positions[j])), qPrintable(step.title));
        }
        const TeachingStep& done = lesson.steps.back();
        QCOMPARE(indexes(done.marks), std::set<std::uint64_t>(positions.begin(), positions.end()));
        for (const CellMark& m : done.marks) {
            QVERIFY(m.role == MarkRole::NewlySet || m.role == MarkRole::Probe);
            QCOMPARE(cellValue(lesson.board.filter, 0, m.index), 1U);
        }
        // The hash step names h1, the low half of the filter's own hash.
        const auto hash = classicHashOf(board.filter, word);
        QVERIFY(hash.has_value());
        QVERIFY(lesson.steps.front().text.contains(QString::number(hash->low, 16).toUpper()));
        // The status line lists the positions; the word is on the board once.
        for (const std::uint64_t p : positions)
            QVERIFY(lesson.status.contains(QString::number(p)));
        QVERIFY(lesson.board.contains(word));
        QCOMPARE(cellsOf(*done.filter), cellsOf(lesson.board.filter));
        board = lesson.board;
    }
    QCOMPARE(board.words.size(), std::size_t{5});
    const Lesson again = addLesson(board, "apple");
    QCOMPARE(again.board.words.size(), std::size_t{5});
}

void TestTeachingLessons::classicInsertShowsEachPartialState() {
    TeachingBoard board = classicBoard();
    for (const char* w : {"ant", "bee", "cat", "dog"})
        board = addLesson(board, w).board;
    const Lesson lesson = addLesson(board, "eel");
    const std::vector<std::uint64_t> positions = probePositions(board.filter, "eel");
    QCOMPARE(cellsOf(*lesson.steps.front().filter), cellsOf(board.filter));
    const std::vector<std::uint32_t> final = cellsOf(lesson.board.filter);
    for (std::size_t j = 0; j < positions.size(); ++j) {
        const std::vector<std::uint32_t> shown = cellsOf(*lesson.steps[j + 1].filter);
        for (std::size_t i = 0; i <= j; ++i)
            QCOMPARE(shown[positions[i]], 1U);
        for (std::size_t b = 0; b < shown.size(); ++b)
            QVERIFY(shown[b] <= final[b]);
        // A bit that later probes turn on is still 0 at this step.
        for (std::size_t later = j + 1; later < positions.size(); ++later) {
            const bool reached = std::find(positions.begin(), positions.begin() + static_cast<std::ptrdiff_t>(j + 1),
                                           positions[later]) != positions.begin() + static_cast<std::ptrdiff_t>(j + 1);
            if (!reached && cellValue(board.filter, 0, positions[later]) == 0)
                QCOMPARE(shown[positions[later]], 0U);
        }
    }
}

void TestTeachingLessons::queryStopsAtTheFirstZero() {
    const TeachingBoard board = addLesson(classicBoard(), "apple").board;
    std::string absent;
    for (int i = 0; absent.empty(); ++i)
        if (!board.filter.mightContain("w" + std::to_string(i)))
            absent = "w" + std::to_string(i);
    const Lesson lesson = queryLesson(board, absent);
    QVERIFY(!lesson.answer);
    const std::vector<std::uint64_t> positions = probePositions(board.filter, absent);
    const auto firstZero = static_cast<std::size_t>(
        std::find_if(positions.begin(), positions.end(), [&](auto p) { return cellValue(board.filter, 0, p) == 0; }) -
        positions.begin());
    QCOMPARE(lesson.steps.size(), firstZero + 2);
    const TeachingStep& last = lesson.steps.back();
    QCOMPARE(last.marks.size(), firstZero + 1);
    QCOMPARE(last.marks.back().index, positions[firstZero]);
    QCOMPARE(last.marks.back().role, MarkRole::ProbeZero);
    QVERIFY(lesson.status.contains(QStringLiteral("definitely not")));
}

void TestTeachingLessons::falsePositiveIsAttributedToTheWordsThatSetItsBits() {
    const TeachingBoard board = samplesLesson(classicBoard()).board;
    QVERIFY(board.filter.stats().fillRatio >= 0.5);
    const std::string word = findFalsePositive(board);
    QVERIFY(!word.empty());
    QVERIFY(!board.contains(word));
    const Lesson lesson = queryLesson(board, word);
    QVERIFY(lesson.answer);
    const TeachingStep& last = lesson.steps.back();
    QVERIFY(last.title.contains(QStringLiteral("FALSE POSITIVE")));
    for (const std::uint64_t p : probePositions(board.filter, word))
        QVERIFY2(last.text.contains(QStringLiteral("bit %1 ←").arg(p)), qPrintable(last.text));
}

void TestTeachingLessons::noDeleteShowsAFalseNegativeThenASafeCountingDelete() {
    TeachingBoard board = classicBoard();
    for (const char* w : {"apple", "banana", "cherry"})
        board = addLesson(board, w).board;
    const Lesson lesson = noDeleteLesson(board);
    QVERIFY(lesson.answer);
    QCOMPARE(lesson.steps.size(), std::size_t{6});
    const std::vector<std::string>& words = lesson.board.words;
    // Step 3: the damaged classic filter has lost an added word.
    const AnyFilter& damaged = *lesson.steps[2].filter;
    QCOMPARE(damaged.type(), FilterType::Classic);
    QVERIFY(std::any_of(words.begin(), words.end(), [&](const std::string& w) { return !damaged.mightContain(w); }));
    QVERIFY(std::any_of(lesson.steps[2].marks.begin(), lesson.steps[2].marks.end(),
                        [](const CellMark& m) { return m.role == MarkRole::ProbeZero; }));
    // Step 6: the counting filter after the delete still finds every other word.
    const AnyFilter& counting = *lesson.steps[5].filter;
    QCOMPARE(counting.type(), FilterType::Counting);
    const auto lost = std::count_if(words.begin(), words.end(), [&](const std::string& w) { return !counting.mightContain(w); });
    QVERIFY(lost <= 1);
    for (const CellMark& m : lesson.steps[5].marks)
        QCOMPARE(m.role, MarkRole::Match);
}

void TestTeachingLessons::cuckooInsertWithKicksExplainsEveryKick() {
    TeachingBoard board = cuckooBoard();
    TeachingBoard before = cuckooBoard();
    std::string word;
    const std::optional<Lesson> found = firstInsertWithKicks(board, before, word);
    QVERIFY2(found.has_value(), "no insert of 400 needed a kick");
    const Lesson& lesson = *found;
    const std::vector<CuckooKick> kicks = lastKickChain(lesson.board.filter);
    // Steps: fingerprint and buckets, both full, one per kick, done (or failed).
    QCOMPARE(lesson.steps.size(), kicks.size() + 3);
    QCOMPARE(lesson.select, 0);
    const auto place = cuckooPlaceOf(before.filter, word);
    QVERIFY(place.has_value());
    std::set<std::uint64_t> candidates;
    for (const std::uint64_t b : {place->bucket1, place->bucket2})
        for (unsigned s = 0; s < kSlotsPerBucket; ++s)
            candidates.insert(b * kSlotsPerBucket + s);
    QCOMPARE(indexes(lesson.steps[0].marks), candidates);
    QCOMPARE(cellsOf(*lesson.steps[0].filter), cellsOf(before.filter));
    for (std::size_t i = 0; i < kicks.size(); ++i) {
        const TeachingStep& step = lesson.steps[i + 2];
        QCOMPARE(step.kicks.size(), i + 1);
        for (std::size_t j = 0; j <= i; ++j)
            QVERIFY(sameKick(step.kicks[j], kicks[j]));
        // The slot just written, then the other slots of the bucket the evicted fingerprint heads for.
        QCOMPARE(step.marks.front().index, kicks[i].fromBucket * kSlotsPerBucket + kicks[i].slot);
        QCOMPARE(step.marks.front().role, MarkRole::Probe);
        for (std::size_t m = 1; m < step.marks.size(); ++m) {
            QCOMPARE(step.marks[m].role, MarkRole::Candidate);
            QCOMPARE(step.marks[m].index / kSlotsPerBucket, kicks[i].toBucket);
        }
        QVERIFY(step.title.contains(QString::number(kicks[i].fingerprint, 16).toUpper()));
    }
    QCOMPARE(lesson.steps.back().kicks.size(), kicks.size());
    if (lesson.answer) {
        QVERIFY(lesson.board.contains(word));
        for (const std::string& w : lesson.board.words)
            QVERIFY(lesson.board.filter.mightContain(w));
    }
}

void TestTeachingLessons::cuckooQueryOfAnAddedWordMatchesItsSlot() {
    const Lesson added = addLesson(cuckooBoard(), "apple");
    QVERIFY(added.answer);
    QCOMPARE(added.steps.size(), std::size_t{2});
    QCOMPARE(added.steps.back().marks.back().role, MarkRole::Match);
    const Lesson query = queryLesson(added.board, "apple");
    QVERIFY(query.answer);
    QCOMPARE(query.steps.size(), std::size_t{1});
    QVERIFY(std::any_of(query.steps[0].marks.begin(), query.steps[0].marks.end(),
                        [](const CellMark& m) { return m.role == MarkRole::Match; }));
    QVERIFY(query.steps[0].title.contains(QStringLiteral("true positive")));
}

void TestTeachingLessons::lessonsLeaveTheirBoardUnchanged() {
    for (TeachingBoard board : {classicBoard(), cuckooBoard()}) {
        board = addLesson(board, "apple").board;
        const std::vector<std::uint32_t> cells = cellsOf(board.filter);
        const std::vector<std::string> words = board.words;
        (void)addLesson(board, "banana");
        (void)queryLesson(board, "cherry");
        (void)samplesLesson(board);
        (void)introLesson(board);
        if (board.filter.type() == FilterType::Classic)
            (void)noDeleteLesson(board);
        QCOMPARE(cellsOf(board.filter), cells);
        QCOMPARE(board.words, words);
        QCOMPARE(queryLesson(board, "cherry").board.words, words);
    }
}

void TestTeachingLessons::rebuildKeepsTheWordsTheNewFilterTakes() {
    const TeachingBoard full = samplesLesson(cuckooBoard(16)).board;
    QVERIFY(full.words.size() > 8);
    const TeachingBoard smaller = rebuildBoard(makeCuckooFilter(2), full.words);
    QVERIFY(smaller.words.size() < full.words.size());
    for (const std::string& w : smaller.words)
        QVERIFY(smaller.filter.mightContain(w));
    const TeachingBoard classic = samplesLesson(classicBoard()).board;
    const TeachingBoard wider = rebuildBoard(makeClassicFilter(256, 2), classic.words);
    QCOMPARE(wider.words, classic.words);
    QCOMPARE(cellCount(wider.filter, 0), std::uint64_t{256});
}

QTEST_GUILESS_MAIN(TestTeachingLessons)
#include "tst_teaching_lessons.moc"
