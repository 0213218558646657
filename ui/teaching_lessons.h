// teaching_lessons — the lessons of teaching mode as plain functions: a teaching board (a tiny
// filter and the words added to it) and a word in, the steps that explain the action out. A step
// is a title, an explanation, the cells to mark and the filter state it talks about, so stepping
// back and forth shows each state (the partial states of an insert are the final state with the
// bits of later probes cleared again). No widgets: TeachingPanel shows the steps, and the tests
// call the lessons directly.
//   Add:    hash -> h1, h2 -> each of the k positions -> the bits turning on.
//   Query:  each probed bit; the first 0 means "definitely not"; all 1s mean "maybe", and for a
//           false positive, which added words set those bits.
//   Cuckoo: fingerprint, buckets i1 and i2, the slot taken, every kick of a relocation chain.
//   Why no delete: clearing a word's bits in a classic filter makes another word vanish (a false
//           negative); a counting filter deletes the same word safely.
#pragma once

#include "core/any_filter.h"
#include "ui/filter_probe.h"

#include <QString>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace bloomlab::ui {

struct TeachingStep {
    QString title;                             ///< one line for the step list
    QString text;                              ///< the explanation (rich text)
    std::shared_ptr<const AnyFilter> filter;   ///< the state the text talks about
    std::vector<CellMark> marks;
    std::vector<CuckooKick> kicks;  ///< the arrows drawn: consecutive kicks of the chain
    int firstKickNumber = 1;        ///< the number of kicks.front() in the chain
};

/// A teaching filter (classic or cuckoo) and the words added to it, in order, each once.
struct TeachingBoard {
    AnyFilter filter;
    std::vector<std::string> words;

    bool contains(const std::string& word) const;
};

/// What a lesson produced: the steps, the one to show first, a line for the status bar (empty:
/// none), the answer of the action (add: stored; query: "maybe"; why no delete: the walk-through
/// could be shown) and the board after the action (unchanged by a query).
struct Lesson {
    explicit Lesson(TeachingBoard start) : board(std::move(start)) {}

    TeachingBoard board;
    std::vector<TeachingStep> steps;
    int select = 0;
    QString status;
    bool answer = false;
};

/// The same words on a new, empty filter (those the new filter refuses are dropped).
TeachingBoard rebuildBoard(AnyFilter empty, const std::vector<std::string>& words);

/// What the structure of the board is and how its actions work (one step).
Lesson introLesson(const TeachingBoard& board);
/// Adds a word (not empty) and explains each step: classic or cuckoo, by the board's filter.
Lesson addLesson(const TeachingBoard& board, const std::string& word);
/// Queries a word (not empty) and explains each probe.
Lesson queryLesson(const TeachingBoard& board, const std::string& word);
/// Adds sample words: classic until about half the bits are set, cuckoo until 90 % of the slots
/// are taken (so the next insert has to kick).
Lesson samplesLesson(const TeachingBoard& board);
/// A word that was never added but the filter says "maybe" about: the sample words first, then
/// "word1" ... "word200000"; empty when there is none.
std::string findFalsePositive(const TeachingBoard& board);

/// The lessons of each structure (addLesson and queryLesson choose among them).
Lesson bloomAddLesson(const TeachingBoard& board, const std::string& word);
Lesson bloomQueryLesson(const TeachingBoard& board, const std::string& word);
Lesson cuckooAddLesson(const TeachingBoard& board, const std::string& word);
Lesson cuckooQueryLesson(const TeachingBoard& board, const std::string& word);
/// Classic boards: adds sample words until two words share a bit, then shows that clearing one
/// word's bits hides the other (a false negative) and that a counting filter deletes safely.
/// answer = false (with a status line, and the board with the samples) when no two words share
/// a bit.
Lesson noDeleteLesson(const TeachingBoard& board);

} // namespace bloomlab::ui
