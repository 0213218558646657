#include "ui/teaching_lessons.h"

#include "ui/lesson_format.h"
#include "ui/sample_keys.h"

#include <algorithm>
#include <utility>

namespace bloomlab::ui {

using lesson::quoted;
using lesson::snapshot;

bool TeachingBoard::contains(const std::string& word) const {
    return std::find(words.begin(), words.end(), word) != words.end();
}

TeachingBoard rebuildBoard(AnyFilter empty, const std::vector<std::string>& words) {
    TeachingBoard board{std::move(empty), {}};
    for (const std::string& w : words)
        if (board.filter.insert(w))
            board.words.push_back(w);
    return board;
}

Lesson introLesson(const TeachingBoard& board) {
    TeachingStep step;
    if (board.filter.type() != FilterType::Cuckoo) {
        step.title = TeachingLessons::tr("A Bloom filter");
        step.text = TeachingLessons::tr("A Bloom filter is an array of %1 bits, all 0 at first. To <b>add</b> a word, the filter "
                       "hashes it to %2 positions and sets those bits to 1. To <b>query</b> a word it checks the "
                       "same %2 bits: if any is 0 the word was <b>definitely not</b> added; if all are 1 the answer "
                       "is <b>maybe</b>.<br><br>Type a word and press <b>Add</b>.")
                        .arg(cellCount(board.filter, 0))
                        .arg(board.filter.hashCount());
    } else {
        step.title = TeachingLessons::tr("A cuckoo filter");
        step.text = TeachingLessons::tr("A cuckoo filter is a table of %1 buckets with 4 slots each. It stores a small "
                       "<b>fingerprint</b> of each word (8 bits here) in one of two buckets, <i>i1</i> and "
                       "<i>i2</i>. When both are full it <b>kicks</b> a fingerprint out to its other bucket, like "
                       "a cuckoo chick. Unlike a Bloom filter it can delete: remove the fingerprint.<br><br>Type a "
                       "word and press <b>Add</b>.")
                        .arg(bucketCount(board.filter));
    }
    step.filter = snapshot(board.filter);
    Lesson out{board};
    out.steps.push_back(std::move(step));
    return out;
}

Lesson addLesson(const TeachingBoard& board, const std::string& word) {
    return board.filter.type() == FilterType::Cuckoo ? cuckooAddLesson(board, word) : bloomAddLesson(board, word);
}

Lesson queryLesson(const TeachingBoard& board, const std::string& word) {
    return board.filter.type() == FilterType::Cuckoo ? cuckooQueryLesson(board, word) : bloomQueryLesson(board, word);
}

Lesson samplesLesson(const TeachingBoard& board) {
    const bool cuckoo = board.filter.type() == FilterType::Cuckoo;
    Lesson out{board};
    TeachingBoard& next = out.board;
    int added = 0;
    for (const QString& w : sampleWords()) {
        const std::string key = toKey(w);
        if (next.filter.stats().fillRatio >= (cuckoo ? 0.9 : 0.5))
            break;
        if (next.contains(key))
            continue;
        if (!next.filter.insert(key))
            break;
        next.words.push_back(key);
        ++added;
    }
    TeachingStep s;
    s.title = TeachingLessons::tr("%n sample word(s) added", nullptr, added);
    if (!cuckoo)
        s.text = TeachingLessons::tr("The filter now holds %1 words and %2 % of its bits are 1. Try <b>Find a false positive</b>, "
                    "or query a word of your own.")
                     .arg(next.words.size())
                     .arg(QString::number(next.filter.stats().fillRatio * 100, 'f', 0));
    else
        s.text = TeachingLessons::tr("The table is %1 % full. The next inserts will probably have to kick fingerprints around: add "
                    "a word and step through its kick chain.")
                     .arg(QString::number(next.filter.stats().fillRatio * 100, 'f', 0));
    s.filter = snapshot(next.filter);
    out.steps.push_back(std::move(s));
    return out;
}

std::string findFalsePositive(const TeachingBoard& board) {
    auto falsePositive = [&](const std::string& candidate) {
        return !board.contains(candidate) && board.filter.mightContain(candidate);
    };
    for (const QString& w : sampleWords())
        if (falsePositive(toKey(w)))
            return toKey(w);
    for (int i = 1; i <= 200000; ++i) {
        const std::string candidate = "word" + std::to_string(i);
        if (falsePositive(candidate))
            return candidate;
    }
    return {};
}

} // namespace bloomlab::ui
