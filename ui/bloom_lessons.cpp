// The lessons of the classic Bloom filter: add, query, and why it has no delete.
#include "ui/teaching_lessons.h"

#include "ui/lesson_format.h"
#include "ui/sample_keys.h"

#include "core/hashing.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace bloomlab::ui {

using lesson::hex;
using lesson::makeStep;
using lesson::markCells;
using lesson::numberList;
using lesson::quoted;
using lesson::snapshot;
using lesson::tr;
using lesson::wordsSetting;

namespace {

bool isSet(const AnyFilter& filter, std::uint64_t position) { return cellValue(filter, 0, position) != 0; }

} // namespace

Lesson bloomAddLesson(const TeachingBoard& board, const std::string& word) {
    Lesson out{board};
    TeachingBoard& next = out.board;
    const Hash128 hash = classicHashOf(board.filter, word).value_or(Hash128{});
    const std::vector<std::uint64_t> positions = probePositions(board.filter, word);
    const std::uint64_t m = cellCount(board.filter, 0);
    const std::uint32_t k = board.filter.hashCount();
    std::vector<bool> wasSet(k);
    for (std::uint32_t j = 0; j < k; ++j)
        wasSet[j] = isSet(board.filter, positions[j]);
    next.filter.insert(word);
    if (!board.contains(word))
        next.words.push_back(word);

    // The double-hashing formula, shown with numbers when it reproduces the filter's positions.
    const std::uint64_t h2 = hash.high | 1U;
    bool formulaShown = true;
    for (std::uint32_t j = 0; j < k; ++j)
        formulaShown = formulaShown && reduceRange(hash.low + j * h2, m) == positions[j];

    std::vector<TeachingStep>& steps = out.steps;
    steps.push_back(makeStep(tr("Hash %1").arg(quoted(word)),
                             tr("XXH3-128 turns %1 into a 128-bit number. Its low half is <b>h1</b> = %2, its high half "
                                "(made odd, so it is never 0) is <b>h2</b> = %3.<br>The %4 positions are "
                                "<i>g<sub>j</sub> = h1 + j·h2</i> (mod 2<sup>64</sup>), each mapped onto 0…%5 by "
                                "<i>⌊g<sub>j</sub>·m / 2<sup>64</sup>⌋</i> (double hashing: one hash gives all k "
                                "positions).")
                                 .arg(quoted(word), hex(hash.low), hex(h2))
                                 .arg(k)
                                 .arg(m - 1),
                             snapshot(board.filter)));
    for (std::uint32_t j = 0; j < k; ++j) {
        // State after probes 0..j: the final state minus the bits that only later probes turn on.
        auto partial = std::make_shared<AnyFilter>(next.filter);
        std::set<std::uint64_t> reached(positions.begin(), positions.begin() + j + 1);
        for (std::uint32_t later = j + 1; later < k; ++later)
            if (!wasSet[later] && !reached.contains(positions[later]))
                clearBitForDemo(*partial, positions[later]);
        TeachingStep s;
        const std::uint64_t p = positions[j];
        const bool repeat = std::find(positions.begin(), positions.begin() + j, p) != positions.begin() + j;
        s.title = tr("Position %1 → bit %2").arg(j + 1).arg(p);
        QString how = formulaShown ? tr("g<sub>%1</sub> = h1 + %1·h2 = %2 → ⌊g·%3 / 2<sup>64</sup>⌋ = <b>%4</b>. ")
                                         .arg(j)
                                         .arg(hex(hash.low + j * h2))
                                         .arg(m)
                                         .arg(p)
                                   : tr("Position %1 is bit <b>%2</b>. ").arg(j + 1).arg(p);
        if (repeat)
            how += tr("The same bit as an earlier position of this word (it happens when m is small).");
        else if (wasSet[j]) {
            const QString by = wordsSetting(next, p, word);
            how += by.isEmpty() ? tr("Bit %1 was already 1 and stays 1.").arg(p)
                                : tr("Bit %1 was already 1 (set by %2) and stays 1: words share bits.").arg(p).arg(by);
        } else {
            how += tr("Bit %1 was 0 and <b>turns on</b>.").arg(p);
        }
        s.text = how;
        s.filter = partial;
        for (std::uint32_t i = 0; i <= j; ++i)
            s.marks.push_back({0, positions[i], wasSet[i] ? MarkRole::Probe : MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    {
        const std::size_t fresh = static_cast<std::size_t>(std::count(wasSet.begin(), wasSet.end(), false));
        const double fill = next.filter.stats().fillRatio;
        TeachingStep s;
        s.title = tr("Done: %1 is in the filter").arg(quoted(word));
        s.text = tr("All %1 bits of %2 are 1 now (%3 turned on, %4 were already set). The filter holds %5 word(s); "
                    "%6 % of its bits are 1, so a word that was never added finds all its %1 bits set with "
                    "probability about %7<sup>%1</sup> = <b>%8</b> — the false-positive rate.")
                     .arg(k)
                     .arg(quoted(word))
                     .arg(fresh)
                     .arg(k - fresh)
                     .arg(next.words.size())
                     .arg(QString::number(fill * 100, 'f', 1))
                     .arg(QString::number(fill, 'f', 2))
                     .arg(formatProbability(std::pow(fill, k)));
        s.filter = snapshot(next.filter);
        for (std::uint32_t j = 0; j < k; ++j)
            s.marks.push_back({0, positions[j], wasSet[j] ? MarkRole::Probe : MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    out.select = static_cast<int>(steps.size()) - 1;
    out.status = tr("Added %1: bits %2").arg(fromKey(word), numberList(positions));
    out.answer = true;
    return out;
}

Lesson bloomQueryLesson(const TeachingBoard& board, const std::string& word) {
    Lesson out{board};
    const std::vector<std::uint64_t> positions = probePositions(board.filter, word);
    const std::uint32_t k = board.filter.hashCount();
    const bool inserted = board.contains(word);
    const auto now = snapshot(board.filter);
    std::vector<TeachingStep>& steps = out.steps;
    {
        TeachingStep s;
        s.title = tr("Query %1").arg(quoted(word));
        s.text = tr("The query hashes %1 exactly like an insert would, giving the same %2 positions: %3. "
                    "Now each bit is checked in turn.")
                     .arg(quoted(word))
                     .arg(k)
                     .arg(numberList(positions));
        s.filter = now;
        steps.push_back(std::move(s));
    }
    std::vector<CellMark> marks;
    bool definitelyNot = false;
    for (std::uint32_t j = 0; j < k; ++j) {
        const std::uint64_t p = positions[j];
        const bool set = isSet(board.filter, p);
        marks.push_back({0, p, set ? MarkRole::Probe : MarkRole::ProbeZero});
        TeachingStep s;
        s.filter = now;
        s.marks = marks;
        if (!set) {
            s.title = tr("Bit %1 is 0 → definitely not").arg(p);
            s.text = tr("Bit %1 is <b>0</b>. Adding %2 would have set it, and bits are never cleared, so %2 was "
                        "<b>definitely not</b> added. The filter can stop here: one zero is proof.%3")
                         .arg(p)
                         .arg(quoted(word))
                         .arg(inserted ? tr("<br><span style='color:#c62828'>(It was added, so the filter is broken "
                                            "— this never happens with an intact Bloom filter.)</span>")
                                       : QString());
            steps.push_back(std::move(s));
            definitelyNot = true;
            break;
        }
        const QString by = wordsSetting(board, p, word);
        s.title = tr("Bit %1 is 1").arg(p);
        s.text = by.isEmpty() ? tr("Bit %1 is <b>1</b>. Keep checking.").arg(p)
                              : tr("Bit %1 is <b>1</b> (set by %2). Keep checking.").arg(p).arg(by);
        steps.push_back(std::move(s));
    }
    if (!definitelyNot) {
        TeachingStep s;
        s.filter = now;
        s.marks = marks;
        if (inserted) {
            s.title = tr("All %1 bits are 1 → maybe (true positive)").arg(k);
            s.text = tr("Every probed bit is 1, so the answer is <b>maybe</b>. %1 was added, so this is a true "
                        "positive: a Bloom filter never forgets a word it was given.")
                         .arg(quoted(word));
        } else {
            QStringList blame;
            for (const auto p : positions) {
                const QString by = wordsSetting(board, p, word);
                blame << tr("bit %1 ← %2").arg(p).arg(by.isEmpty() ? tr("?") : by);
            }
            s.title = tr("All %1 bits are 1 → maybe, but a FALSE POSITIVE").arg(k);
            s.text = tr("Every probed bit is 1, so the filter says <b>maybe</b> — yet %1 was <b>never added</b>. Its "
                        "bits were set by other words: %2.<br>That is a <span style='color:#c62828'><b>false "
                        "positive</b></span>. A \"maybe\" must always be checked against the real data; only "
                        "\"definitely not\" is certain.")
                         .arg(quoted(word), blame.join(QStringLiteral("; ")));
        }
        steps.push_back(std::move(s));
    }
    out.select = static_cast<int>(steps.size()) - 1;
    out.status = definitelyNot ? tr("%1: definitely not").arg(fromKey(word))
                               : (inserted ? tr("%1: maybe (it was added)").arg(fromKey(word))
                                           : tr("%1: maybe — a false positive").arg(fromKey(word)));
    out.answer = !definitelyNot;
    return out;
}

Lesson noDeleteLesson(const TeachingBoard& board) {
    Lesson out{board};
    TeachingBoard& next = out.board;
    // Find words A, B that share a bit: clearing A's bits then hides B.
    auto findPair = [&](std::string& a, std::string& b) {
        for (auto ia = next.words.rbegin(); ia != next.words.rend(); ++ia) {
            const auto pa = probePositions(next.filter, *ia);
            for (const std::string& candidate : next.words) {
                if (candidate == *ia)
                    continue;
                const auto pb = probePositions(next.filter, candidate);
                if (std::any_of(pb.begin(), pb.end(), [&](auto p) { return std::find(pa.begin(), pa.end(), p) != pa.end(); })) {
                    a = *ia;
                    b = candidate;
                    return true;
                }
            }
        }
        return false;
    };
    std::string a, b;
    int added = 0;
    for (const QString& w : sampleWords()) {
        if (findPair(a, b))
            break;
        const std::string key = toKey(w);
        if (next.contains(key))
            continue;
        next.filter.insert(key);
        next.words.push_back(key);
        ++added;
    }
    if (a.empty() && !findPair(a, b)) {
        out.status = tr("No two words share a bit; try a smaller m.");
        return out;
    }
    const std::vector<std::uint64_t> pa = probePositions(next.filter, a);
    const std::vector<std::uint64_t> pb = probePositions(next.filter, b);
    std::vector<std::uint64_t> shared;
    for (auto p : pb)
        if (std::find(pa.begin(), pa.end(), p) != pa.end() && std::find(shared.begin(), shared.end(), p) == shared.end())
            shared.push_back(p);

    std::vector<TeachingStep>& steps = out.steps;
    const auto intact = snapshot(next.filter);
    {
        TeachingStep s;
        s.title = tr("%1 and %2 share bit %3").arg(quoted(a), quoted(b)).arg(shared.front());
        s.text = tr("%1 uses bits %2; %3 uses bits %4. Both need bit <b>%5</b>.%6<br>Suppose we want to delete %1.")
                     .arg(quoted(a), numberList(pa), quoted(b), numberList(pb))
                     .arg(shared.front())
                     .arg(added ? tr(" (%n sample word(s) were added so that two words share a bit.)", nullptr, added) : QString());
        s.filter = intact;
        markCells(s, pa, MarkRole::Probe);
        for (auto p : pb)
            s.marks.push_back({0, p, std::find(shared.begin(), shared.end(), p) != shared.end() ? MarkRole::ProbeZero : MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    auto damaged = std::make_shared<AnyFilter>(next.filter);
    for (auto p : pa)
        clearBitForDemo(*damaged, p);
    {
        TeachingStep s;
        s.title = tr("Clear the bits of %1").arg(quoted(a));
        s.text = tr("The naive delete: set %1's bits (%2) back to 0. A plain bit cannot say how many words "
                    "set it, so bit %3 is cleared too, although %4 still needs it.")
                     .arg(quoted(a), numberList(pa))
                     .arg(shared.front())
                     .arg(quoted(b));
        s.filter = damaged;
        markCells(s, pa, MarkRole::Cleared);
        steps.push_back(std::move(s));
    }
    {
        TeachingStep s;
        s.title = tr("Query %1 → \"definitely not\": a FALSE NEGATIVE").arg(quoted(b));
        s.text = tr("Now %1 finds bit %2 at 0 and the filter answers <b>definitely not</b> — but %1 was added! "
                    "This is a <span style='color:#c62828'><b>false negative</b></span>, the one mistake a Bloom "
                    "filter must never make. That is why a classic Bloom filter has no delete: rebuild it instead.")
                     .arg(quoted(b))
                     .arg(shared.front());
        s.filter = damaged;
        for (auto p : pb)
            s.marks.push_back({0, p, isSet(*damaged, p) ? MarkRole::Probe : MarkRole::ProbeZero});
        steps.push_back(std::move(s));
    }
    // The counting filter: the same words, counters instead of bits.
    AnyFilter counting = makeCountingFilter(cellCount(next.filter, 0), next.filter.hashCount());
    for (const std::string& w : next.words)
        counting.insert(w);
    const auto ca = probePositions(counting, a);
    const auto cb = probePositions(counting, b);
    TeachingStep counters = makeStep(
        tr("A counting filter: counters instead of bits"),
        tr("A <b>counting Bloom filter</b> keeps a 4-bit counter per cell (%1 counters here, in 64-byte "
           "lines of 128) and adds 1 for each word that uses it. The same %2 words are inserted. %3 uses counters "
           "%4, %5 uses %6; a counter shared by several words holds a higher count.")
            .arg(cellCount(counting, 0))
            .arg(next.words.size())
            .arg(quoted(a), numberList(ca), quoted(b), numberList(cb)),
        snapshot(counting));
    markCells(counters, ca, MarkRole::Probe);
    markCells(counters, cb, MarkRole::NewlySet);
    steps.push_back(std::move(counters));

    const bool erased = counting.erase(a);
    QString eraseText = tr("erase(%1) refused: one of its counters was 0.").arg(quoted(a));
    if (erased)
        eraseText = tr("Deleting %1 subtracts 1 from each of its counters (%2). Counters other words still use stay "
                       "above 0. (A counter that reached 15 sticks at 15 forever, so an overflow can never cause a "
                       "false negative.)")
                        .arg(quoted(a), numberList(ca));
    TeachingStep erase = makeStep(tr("erase(%1) decrements its counters").arg(quoted(a)), eraseText, snapshot(counting));
    markCells(erase, ca, MarkRole::Cleared);
    steps.push_back(std::move(erase));

    const bool found = counting.mightContain(b);
    TeachingStep stillFound = makeStep(
        tr("Query %1 → still found").arg(quoted(b)),
        found ? tr("All counters of %1 are still above 0, so %1 is <b>still found</b>: the counting filter "
                   "deleted %2 safely. The price: 4 bits per cell instead of 1 (4× the memory), and you may "
                   "only delete words that really were added.")
                    .arg(quoted(b), quoted(a))
              : tr("%1 is not found — this should not happen.").arg(quoted(b)),
        snapshot(counting));
    for (const std::uint64_t p : cb)
        stillFound.marks.push_back({0, p, cellValue(counting, 0, p) > 0 ? MarkRole::Match : MarkRole::ProbeZero});
    steps.push_back(std::move(stillFound));
    out.select = 0;
    out.status = tr("Why no delete: step through with Next (Alt+Right).");
    out.answer = true;
    return out;
}

} // namespace bloomlab::ui
