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
#include "ui/translations.h"
#endif

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
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

/// Adds words to fresh cuckoo boards of `buckets` buckets (filled with samples first) until an
/// insert's kick chain satisfies `wanted`; that lesson, its word and the board before it.
template <class Wanted>
std::optional<Lesson> insertWithKicks(std::uint64_t buckets, Wanted wanted, TeachingBoard& before, std::string& word) {
    for (int round = 0; round < 40; ++round) {
        TeachingBoard board = samplesLesson(cuckooBoard(buckets)).board;
        for (int i = 0; i < 60; ++i) {
            before = board;
            word = "r" + std::to_string(round) + "w" + std::to_string(i);
            Lesson lesson = addLesson(board, word);
            const std::vector<CuckooKick> kicks = lastKickChain(lesson.board.filter);
            if (!kicks.empty() && wanted(kicks))
                return lesson;
            if (!lesson.answer || kicks.size() > 20)
                break;  // full: start a new board
            board = lesson.board;
        }
    }
    return std::nullopt;
}

/// The words in typographic quotes in a text, in order.
QStringList quotedWords(const QString& text) {
    QStringList out;
    const QRegularExpression re(QStringLiteral("“([^”]*)”"));
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured(1);
    return out;
}

/// A shown result agrees with the exact value to the digits printed: "4.641 %" or "1.03e-04".
bool agreesToPrintedPrecision(double exact, const QString& shown) {
    QString number = shown.trimmed();
    double scale = 1.0;
    if (number.endsWith(QLatin1Char('%'))) {
        number = number.chopped(1).trimmed();
        scale = 0.01;
    }
    bool ok = false;
    const double value = number.toDouble(&ok) * scale;
    if (!ok)
        return false;
    // Half a unit in the last printed significant digit.
    const QString mantissa = number.section(QLatin1Char('e'), 0, 0).remove(QLatin1Char('-'));
    const qsizetype digits = mantissa.count(QRegularExpression(QStringLiteral("[0-9]"))) -
                             (mantissa.startsWith(QStringLiteral("0.")) ? mantissa.indexOf(QRegularExpression(QStringLiteral("[1-9]"))) - 1 : 0);
    const double tolerance = std::abs(value) * 0.5 * std::pow(10.0, -static_cast<double>(std::max<qsizetype>(1, digits) - 1)) + 1e-15;
    return std::abs(exact - value) <= tolerance;
}

/// Every mark's role agrees with the value of its cell in the state the step shows (the legend
/// words: "probed, = 0" is a cell that is 0, "probed, = 1", "turned on now", "used by both
/// words" and "still above 0" are cells that are not).
void verifyMarksMatchValues(const Lesson& lesson) {
    for (const TeachingStep& step : lesson.steps) {
        if (step.filter->type() == FilterType::Cuckoo)
            continue;
        for (const CellMark& m : step.marks) {
            const std::uint32_t value = cellValue(*step.filter, 0, m.index);
            switch (m.role) {
            case MarkRole::ProbeZero:
            case MarkRole::Cleared:
                if (step.filter->type() == FilterType::Classic || m.role == MarkRole::ProbeZero)
                    QVERIFY2(value == 0, qPrintable(step.title + QStringLiteral(": cell %1 is %2").arg(m.index).arg(value)));
                break;
            default:
                QVERIFY2(value != 0, qPrintable(step.title + QStringLiteral(": cell %1 is 0").arg(m.index)));
                break;
            }
        }
    }
}

/// Every formula with numbers in the steps' texts multiplies out as shown; returns how many were
/// checked. Formulas: "(S/m)<sup>k</sup> = R", "g<sub>j</sub> = ... = 0xG → ⌊g·m / 2<sup>64</sup>⌋ =
/// <b>p</b>", "a XOR b = <b>c</b>", "c × 4 = b bits ... <b>r×</b>".
int verifyFormulas(const Lesson& lesson) {
    int checked = 0;
    static const QRegularExpression power(QStringLiteral("\\((\\d+)/(\\d+)\\)<sup>(\\d+)</sup> = <b>([^<]+)</b>"));
    static const QRegularExpression plainPower(QStringLiteral("(?<![0-9/])([0-9.]+)<sup>(\\d+)</sup> = <b>([^<]+)</b>"));
    static const QRegularExpression reduce(
        QStringLiteral("= 0x([0-9A-F]+) → ⌊g·(\\d+) / 2<sup>64</sup>⌋ = <b>(\\d+)</b>"));
    static const QRegularExpression xorRule(QStringLiteral("(\\d+) XOR (\\d+) = <b>(\\d+)</b>"));
    static const QRegularExpression memory(
        QStringLiteral("(\\d+) four-bit counters are \\1 × 4 = (\\d+) bits, against (\\d+) bits[^<]*<b>([0-9.]+)×</b>"));
    for (const TeachingStep& step : lesson.steps) {
        for (auto it = power.globalMatch(step.text); it.hasNext(); ++checked) {
            const auto m = it.next();
            const double exact = std::pow(m.captured(1).toDouble() / m.captured(2).toDouble(), m.captured(3).toDouble());
            [&] { QVERIFY2(agreesToPrintedPrecision(exact, m.captured(4)), qPrintable(m.captured(0))); }();
        }
        for (auto it = plainPower.globalMatch(step.text); it.hasNext(); ++checked) {
            const auto m = it.next();
            const double exact = std::pow(m.captured(1).toDouble(), m.captured(2).toDouble());
            [&] { QVERIFY2(agreesToPrintedPrecision(exact, m.captured(3)), qPrintable(m.captured(0))); }();
        }
        for (auto it = reduce.globalMatch(step.text); it.hasNext(); ++checked) {
            const auto m = it.next();
            __extension__ const unsigned __int128 g = m.captured(1).toULongLong(nullptr, 16);
            const std::uint64_t reduced = static_cast<std::uint64_t>((g * m.captured(2).toULongLong()) >> 64);
            [&] { QCOMPARE(reduced, m.captured(3).toULongLong()); }();
        }
        for (auto it = xorRule.globalMatch(step.text); it.hasNext(); ++checked) {
            const auto m = it.next();
            [&] { QCOMPARE(m.captured(1).toULongLong() ^ m.captured(2).toULongLong(), m.captured(3).toULongLong()); }();
        }
        for (auto it = memory.globalMatch(step.text); it.hasNext(); ++checked) {
            const auto m = it.next();
            const double counters = m.captured(1).toDouble();
            [&] {
                QCOMPARE(m.captured(2).toDouble(), counters * 4);
                QVERIFY(agreesToPrintedPrecision(counters * 4 / m.captured(3).toDouble(), m.captured(4)));
            }();
        }
    }
    return checked;
}

} // namespace

class TestTeachingLessons : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void classicInsertMarksTheKPositionsStepByStep();
    void classicInsertShowsEachPartialState();
    void queryStopsAtTheFirstZero();
    void falsePositiveIsAttributedToTheWordsThatSetItsBits();
    void noDeleteShowsAFalseNegativeThenASafeCountingDelete();
    void cuckooInsertWithKicksExplainsEveryKick();
    void cuckooQueryOfAnAddedWordMatchesItsSlot();
    void lessonsLeaveTheirBoardUnchanged();
    void rebuildKeepsTheWordsTheNewFilterTakes();
    void cuckooKickStepsShowTheTableAsItWasAtThatStep();
    void cuckooKickBackIntoTheSameBucketIsExplained();
    void cuckooFinalStepNumbersEveryKick();
    void repeatedProbesAreCountedAsDistinctBits();
    void noDeleteCountingHalfKeepsAKeyThatSharesACounter();
    void marksAgreeWithTheCellsTheyRing();
    void formulasMultiplyOutAsShown();
    void wordsAreQuotedOnceForTitlesAndTexts();
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
        // This kick's arrow and at most the two before it, numbered as in the chain.
        const std::size_t from = i >= 2 ? i - 2 : 0;
        QCOMPARE(step.kicks.size(), i + 1 - from);
        QCOMPARE(step.firstKickNumber, static_cast<int>(from) + 1);
        for (std::size_t j = from; j <= i; ++j)
            QVERIFY(sameKick(step.kicks[j - from], kicks[j]));
        // The slot just written, then the other slots of the bucket the evicted fingerprint heads for.
        QCOMPARE(step.marks.front().index, kicks[i].fromBucket * kSlotsPerBucket + kicks[i].slot);
        QCOMPARE(step.marks.front().role, MarkRole::Probe);
        for (std::size_t m = 1; m < step.marks.size(); ++m) {
            QCOMPARE(step.marks[m].role, MarkRole::Candidate);
            QCOMPARE(step.marks[m].index / kSlotsPerBucket, kicks[i].toBucket);
        }
        QVERIFY(step.title.contains(QString::number(kicks[i].fingerprint, 16).toUpper()));
    }
    // The last step: every arrow of a chain of up to 8 kicks, else the last 8 (and says so).
    const TeachingStep& done = lesson.steps.back();
    QCOMPARE(done.kicks.size(), std::min<std::size_t>(kicks.size(), 8));
    QCOMPARE(static_cast<std::size_t>(done.firstKickNumber), kicks.size() - done.kicks.size() + 1);
    QVERIFY(sameKick(done.kicks.back(), kicks.back()));
    QCOMPARE(done.text.contains(QStringLiteral("arrows are drawn for the last 8 kicks")), kicks.size() > 8);
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

void TestTeachingLessons::cuckooKickStepsShowTheTableAsItWasAtThatStep() {
    TeachingBoard before = cuckooBoard();
    std::string word;
    const auto found = insertWithKicks(8, [](const std::vector<CuckooKick>& k) { return k.size() >= 2; }, before, word);
    QVERIFY2(found.has_value(), "no insert needed two kicks");
    const Lesson& lesson = *found;
    const std::vector<CuckooKick> kicks = lastKickChain(lesson.board.filter);
    const std::vector<std::uint32_t> final = cellsOf(lesson.board.filter);
    QCOMPARE(cellsOf(*lesson.steps[1].filter), cellsOf(before.filter));  // "both buckets are full"
    // Replay the chain on the table before the insert: kick i writes the fingerprint carried so far
    // into its slot and takes the one that was there.
    std::vector<std::uint32_t> replay = cellsOf(before.filter);
    std::uint32_t carried = cuckooPlaceOf(before.filter, word)->fingerprint;
    for (std::size_t i = 0; i < kicks.size(); ++i) {
        const std::uint64_t cell = kicks[i].fromBucket * kSlotsPerBucket + kicks[i].slot;
        QCOMPARE(replay[cell], kicks[i].fingerprint);  // the evicted fingerprint was there
        replay[cell] = carried;
        carried = kicks[i].fingerprint;
        const TeachingStep& step = lesson.steps[i + 2];
        QCOMPARE(cellsOf(*step.filter), replay);
        QVERIFY2(cellsOf(*step.filter) != final, qPrintable(step.title));
        // The fingerprint in hand is out of the table: one fewer occupied slot than at the end.
        const auto occupied = [](const std::vector<std::uint32_t>& c) { return std::count_if(c.begin(), c.end(), [](auto v) { return v != 0; }); };
        QCOMPARE(occupied(replay) + 1, occupied(final));
    }
    QCOMPARE(cellsOf(*lesson.steps.back().filter), final);
}

void TestTeachingLessons::cuckooKickBackIntoTheSameBucketIsExplained() {
    TeachingBoard before = cuckooBoard();
    std::string word;
    auto selfKick = [](const std::vector<CuckooKick>& kicks) {
        return std::any_of(kicks.begin(), kicks.end(), [](const CuckooKick& k) { return k.fromBucket == k.toBucket; });
    };
    const auto found = insertWithKicks(4, selfKick, before, word);
    QVERIFY2(found.has_value(), "no kick had the same bucket as its other bucket");
    const std::vector<CuckooKick> kicks = lastKickChain(found->board.filter);
    for (std::size_t i = 0; i < kicks.size(); ++i) {
        const QString& text = found->steps[i + 2].text;
        QCOMPARE(text.contains(QStringLiteral("can only go back")), kicks[i].fromBucket == kicks[i].toBucket);
        if (kicks[i].fromBucket == kicks[i].toBucket)
            QVERIFY2(text.contains(QStringLiteral("%1 XOR 0 = <b>%1</b>").arg(kicks[i].fromBucket)), qPrintable(text));
    }
}

void TestTeachingLessons::cuckooFinalStepNumbersEveryKick() {
    TeachingBoard before = cuckooBoard();
    std::string word;
    const auto found = insertWithKicks(8, [](const std::vector<CuckooKick>& k) { return k.size() >= 2 && k.size() <= 12; }, before, word);
    QVERIFY(found.has_value());
    const std::vector<CuckooKick> kicks = lastKickChain(found->board.filter);
    const TeachingStep& done = found->steps.back();
    QCOMPARE(done.kicks.size(), std::min<std::size_t>(kicks.size(), 8));  // the arrows; the text lists every kick
    for (std::size_t i = 0; i < kicks.size(); ++i)
        QVERIFY2(done.text.contains(QStringLiteral("%1. 0x%2: bucket %3 → %4")
                                        .arg(i + 1)
                                        .arg(QString::number(kicks[i].fingerprint, 16).toUpper())
                                        .arg(kicks[i].fromBucket)
                                        .arg(kicks[i].toBucket)),
                 qPrintable(done.text));
    // Where the new fingerprint ended up (a later kick may have moved it again) and the last
    // evicted one's landing slot are marked.
    const std::uint32_t fp = cuckooPlaceOf(before.filter, word)->fingerprint;
    QVERIFY(std::any_of(done.marks.begin(), done.marks.end(), [&](const CellMark& m) {
        return m.role == MarkRole::Match && cellValue(found->board.filter, 0, m.index) == fp &&
               (m.index / kSlotsPerBucket == cuckooPlaceOf(before.filter, word)->bucket1 ||
                m.index / kSlotsPerBucket == cuckooPlaceOf(before.filter, word)->bucket2);
    }));
    QVERIFY(std::any_of(done.marks.begin(), done.marks.end(), [&](const CellMark& m) {
        return m.index / kSlotsPerBucket == kicks.back().toBucket && m.role == MarkRole::Match &&
               cellValue(found->board.filter, 0, m.index) == kicks.back().fingerprint;
    }));
}

void TestTeachingLessons::repeatedProbesAreCountedAsDistinctBits() {
    // On 16 bits with k = 4, many words probe one bit twice.
    const TeachingBoard board = classicBoard(16, 4);
    std::string word;
    for (int i = 0; word.empty(); ++i) {
        const auto p = probePositions(board.filter, "w" + std::to_string(i));
        if (std::set<std::uint64_t>(p.begin(), p.end()).size() == 3)
            word = "w" + std::to_string(i);
    }
    const std::vector<std::uint64_t> positions = probePositions(board.filter, word);
    const Lesson lesson = addLesson(board, word);
    const QString& done = lesson.steps.back().text;
    QVERIFY2(done.contains(QStringLiteral("4 probes, 3 distinct bits")), qPrintable(done));
    QVERIFY2(done.contains(QStringLiteral("3 bits turned on")), qPrintable(done));  // empty board: every distinct bit
    QVERIFY2(done.contains(QStringLiteral("0 bits were already set")), qPrintable(done));
    QVERIFY(done.contains(QStringLiteral("range reduction maps different hash values to the same bit")));
    QCOMPARE(cellsOf(lesson.board.filter), [&] {
        std::vector<std::uint32_t> c(16);
        for (auto p : positions)
            c[p] = 1;
        return c;
    }());
    const Lesson query = queryLesson(lesson.board, word);
    QVERIFY(query.steps.front().text.contains(QStringLiteral("4 probes, 3 distinct bits")));
    // A word without a repeat says nothing about it.
    std::string plain;
    for (int i = 0; plain.empty(); ++i) {
        const auto p = probePositions(board.filter, "v" + std::to_string(i));
        if (std::set<std::uint64_t>(p.begin(), p.end()).size() == 4)
            plain = "v" + std::to_string(i);
    }
    QVERIFY(!addLesson(board, plain).steps.back().text.contains(QStringLiteral("distinct")));
}

void TestTeachingLessons::noDeleteCountingHalfKeepsAKeyThatSharesACounter() {
    for (const std::uint64_t bits : {64, 128, 256}) {
        TeachingBoard board = classicBoard(bits, 3);
        for (const char* w : {"apple", "banana", "cherry"})
            board = addLesson(board, w).board;
        const Lesson lesson = noDeleteLesson(board);
        QVERIFY(lesson.answer);
        QCOMPARE(lesson.steps.size(), std::size_t{6});
        const QStringList erased = quotedWords(lesson.steps[4].title);
        const QStringList kept = quotedWords(lesson.steps[5].title);
        QCOMPARE(erased.size(), 1);
        QCOMPARE(kept.size(), 1);
        const std::string a = toKey(erased[0]);
        const std::string c = toKey(kept[0]);
        const AnyFilter& before = *lesson.steps[3].filter;
        const AnyFilter& after = *lesson.steps[5].filter;
        QCOMPARE(before.type(), FilterType::Counting);
        // The kept key really shares a counter with the deleted one, and that counter stays above 0.
        const auto ca = probePositions(before, a);
        const auto cc = probePositions(before, c);
        std::vector<std::uint64_t> shared;
        for (auto p : cc)
            if (std::find(ca.begin(), ca.end(), p) != ca.end())
                shared.push_back(p);
        QVERIFY2(!shared.empty(), qPrintable(QStringLiteral("%1 and %2 share no counter").arg(erased[0], kept[0])));
        for (auto p : shared) {
            QVERIFY(cellValue(before, 0, p) >= 2);
            QCOMPARE(cellValue(after, 0, p), cellValue(before, 0, p) - 1);
            QVERIFY(cellValue(after, 0, p) > 0);
        }
        QVERIFY(after.mightContain(c));
        QVERIFY(!after.mightContain(a) || true);  // a may still be a false positive; the point is c
        // The memory claim is computed: counters * 4 bits against the classic filter's bits.
        const std::uint64_t counters = cellCount(before, 0);
        const QString ratio = QString::number(static_cast<double>(counters * 4) / static_cast<double>(bits), 'g', 4);
        QVERIFY2(lesson.steps[5].text.contains(QStringLiteral("<b>%1×</b> the memory").arg(ratio)), qPrintable(lesson.steps[5].text));
        if (bits == 64)
            QCOMPARE(ratio, QStringLiteral("8"));
        QVERIFY(verifyFormulas(lesson) >= 1);
    }
}

void TestTeachingLessons::marksAgreeWithTheCellsTheyRing() {
    TeachingBoard board = classicBoard();
    for (const char* w : {"apple", "banana", "cherry", "date"}) {
        const Lesson add = addLesson(board, w);
        verifyMarksMatchValues(add);
        board = add.board;
    }
    verifyMarksMatchValues(queryLesson(board, "apple"));
    verifyMarksMatchValues(queryLesson(board, "zzz-absent"));
    const Lesson noDelete = noDeleteLesson(board);
    verifyMarksMatchValues(noDelete);
    // The first step rings the shared bit(s) as shared, not as "probe = 0".
    QVERIFY(std::any_of(noDelete.steps[0].marks.begin(), noDelete.steps[0].marks.end(),
                        [](const CellMark& m) { return m.role == MarkRole::Shared; }));
    const TeachingBoard full = samplesLesson(board).board;
    verifyMarksMatchValues(queryLesson(full, findFalsePositive(full)));
}

void TestTeachingLessons::formulasMultiplyOutAsShown() {
    int checked = 0;
    TeachingBoard board = classicBoard();
    for (const char* w : {"apple", "banana", "cherry", "date", "elderberry", "fig", "grape", "honeydew"}) {
        const Lesson add = addLesson(board, w);
        checked += verifyFormulas(add);
        board = add.board;
    }
    // Nearly empty and nearly full filters: tiny and large false-positive rates.
    for (const std::uint64_t bits : {1024, 16}) {
        const Lesson add = addLesson(samplesLesson(classicBoard(bits, 3)).board, "kiwi");
        checked += verifyFormulas(add);
    }
    checked += verifyFormulas(addLesson(classicBoard(1024, 8), "single"));
    checked += verifyFormulas(noDeleteLesson(board));
    TeachingBoard cuckoo = cuckooBoard();
    std::string word;
    const auto kicked = insertWithKicks(8, [](const std::vector<CuckooKick>& k) { return k.size() >= 2; }, cuckoo, word);
    QVERIFY(kicked.has_value());
    checked += verifyFormulas(*kicked);
    checked += verifyFormulas(addLesson(cuckooBoard(), "apple"));
    QVERIFY2(checked >= 40, qPrintable(QString::number(checked)));
}

void TestTeachingLessons::initTestCase() {
    // The English texts as the app shows them: plural forms ("1 leading space") come from the
    // English translation; numbers stay in the test's locale.
    const QLocale locale;
    QCOMPARE(bloomlab::ui::setUiLanguage(QStringLiteral("en")), QStringLiteral("en"));
    QLocale::setDefault(locale);
}

void TestTeachingLessons::wordsAreQuotedOnceForTitlesAndTexts() {
    // Titles are plain text (escaped where shown), texts rich text: "a&b" must read "a&b" in both,
    // never "a&amp;b"; white space at a word's ends is shown as signs in both.
    for (TeachingBoard board : {classicBoard(), cuckooBoard()}) {
        for (const std::string& word : {std::string("a&b"), std::string(" pear")}) {
            const Lesson added = addLesson(board, word);
            QVERIFY(!added.steps.empty());
            const QString plain = word == "a&b" ? QStringLiteral("“a&b”") : QStringLiteral("“·pear” (1 leading space)");
            const QString rich = word == "a&b" ? QStringLiteral("“a&amp;b”") : QStringLiteral("·</span>pear”");
            QVERIFY2(added.steps.front().title.contains(plain), qPrintable(added.steps.front().title));
            QVERIFY2(added.steps.front().text.contains(rich), qPrintable(added.steps.front().text));
        }
    }
}

QTEST_GUILESS_MAIN(TestTeachingLessons)
#include "tst_teaching_lessons.moc"
