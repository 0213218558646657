// The lessons of the classic Bloom filter: add, query, and why it has no delete.
#include "ui/teaching_lessons.h"

#include "ui/lesson_format.h"
#include "ui/sample_keys.h"

#include "core/hashing.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <utility>

namespace bloomlab::ui {

using lesson::hex;
using lesson::makeStep;
using lesson::markCells;
using lesson::numberList;
using lesson::quoted;
using lesson::quotedTitle;
using lesson::snapshot;
using lesson::wordsSetting;

namespace {

bool isSet(const AnyFilter& filter, std::uint64_t position) { return cellValue(filter, 0, position) != 0; }

/// The cells both position lists hold, each once, in the order of `b`.
std::vector<std::uint64_t> sharedCells(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    std::vector<std::uint64_t> shared;
    for (const std::uint64_t p : b)
        if (std::find(a.begin(), a.end(), p) != a.end() && std::find(shared.begin(), shared.end(), p) == shared.end())
            shared.push_back(p);
    return shared;
}

/// Marks `cells` with `role`, except the shared ones, which get MarkRole::Shared (each cell once).
void markWithShared(TeachingStep& step, const std::vector<std::uint64_t>& cells, MarkRole role,
                    const std::vector<std::uint64_t>& shared) {
    for (const std::uint64_t p : cells) {
        const bool isShared = std::find(shared.begin(), shared.end(), p) != shared.end();
        const CellMark mark{0, p, isShared ? MarkRole::Shared : role};
        if (std::find(step.marks.begin(), step.marks.end(), mark) == step.marks.end())
            step.marks.push_back(mark);
    }
}

/// "bit 17" or "bits 3, 17", the numbers in bold.
QString bitsText(const std::vector<std::uint64_t>& bits) {
    return (bits.size() == 1 ? TeachingLessons::tr("bit <b>%1</b>") : TeachingLessons::tr("bits <b>%1</b>")).arg(numberList(bits));
}

AnyFilter countingFilterOf(const TeachingBoard& board) {
    AnyFilter counting = makeCountingFilter(cellCount(board.filter, 0), board.filter.hashCount());
    for (const std::string& w : board.words)
        counting.insert(w);
    return counting;
}

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
    steps.push_back(makeStep(TeachingLessons::tr("Hash %1").arg(quotedTitle(word)),
                             TeachingLessons::tr("XXH3-128 turns %1 into a 128-bit number. Its low half is <b>h1</b> = %2, its high half "
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
        s.title = TeachingLessons::tr("Position %1 → bit %2").arg(j + 1).arg(p);
        QString how = formulaShown ? TeachingLessons::tr("g<sub>%1</sub> = h1 + %1·h2 = %2 → ⌊g·%3 / 2<sup>64</sup>⌋ = <b>%4</b>. ")
                                         .arg(j)
                                         .arg(hex(hash.low + j * h2))
                                         .arg(m)
                                         .arg(p)
                                   : TeachingLessons::tr("Position %1 is bit <b>%2</b>. ").arg(j + 1).arg(p);
        if (repeat) {
            const auto first = std::find(positions.begin(), positions.begin() + j, p) - positions.begin();
            how += TeachingLessons::tr("The same bit as position %1 of this word: g<sub>%2</sub> and g<sub>%3</sub> are different "
                      "numbers, but the range reduction maps both to bit %4, so this probe changes nothing.")
                       .arg(first + 1)
                       .arg(first)
                       .arg(j)
                       .arg(p);
        }
        else if (wasSet[j]) {
            const QString by = wordsSetting(next, p, word);
            how += by.isEmpty() ? TeachingLessons::tr("Bit %1 was already 1 and stays 1.").arg(p)
                                : TeachingLessons::tr("Bit %1 was already 1 (set by %2) and stays 1: words share bits.").arg(p).arg(by);
        } else {
            how += TeachingLessons::tr("Bit %1 was 0 and <b>turns on</b>.").arg(p);
        }
        s.text = how;
        s.filter = partial;
        for (std::uint32_t i = 0; i <= j; ++i)
            s.marks.push_back({0, positions[i], wasSet[i] ? MarkRole::Probe : MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    {
        // Count bits, not probes: two probes of one word can land on the same bit.
        std::set<std::uint64_t> turnedOn, alreadySet;
        for (std::uint32_t j = 0; j < k; ++j)
            (wasSet[j] ? alreadySet : turnedOn).insert(positions[j]);
        const QString repeats = lesson::repeatedProbesNote(positions);
        std::uint64_t setBits = 0;
        for (std::uint64_t b = 0; b < m; ++b)
            setBits += isSet(next.filter, b) ? 1 : 0;
        const double fill = static_cast<double>(setBits) / static_cast<double>(m);
        TeachingStep s;
        s.title = TeachingLessons::tr("Done: %1 is in the filter").arg(quotedTitle(word));
        s.text = TeachingLessons::tr("All %1 probes of %2 find a 1 now: %n bit(s) turned on", nullptr, static_cast<int>(turnedOn.size()))
                     .arg(k)
                     .arg(quoted(word)) +
                 TeachingLessons::tr(", %n bit(s) were already set.", nullptr, static_cast<int>(alreadySet.size())) +
                 (repeats.isEmpty() ? QString() : QStringLiteral(" ") + repeats) +
                 TeachingLessons::tr(" The filter holds %n word(s); %1 of its %2 bits are 1, so a word that was never added finds "
                    "all its %3 bits set with probability about (%1/%2)<sup>%3</sup> = <b>%4</b> — the "
                    "false-positive rate.", nullptr, static_cast<int>(next.words.size()))
                     .arg(setBits)
                     .arg(m)
                     .arg(k)
                     .arg(formatProbability(std::pow(fill, k)));
        s.filter = snapshot(next.filter);
        for (std::uint32_t j = 0; j < k; ++j)
            s.marks.push_back({0, positions[j], wasSet[j] ? MarkRole::Probe : MarkRole::NewlySet});
        steps.push_back(std::move(s));
    }
    out.select = static_cast<int>(steps.size()) - 1;
    out.status = TeachingLessons::tr("Added %1: bits %2").arg(fromKey(word), numberList(positions));
    if (lesson::distinctCount(positions) < positions.size())
        out.status += TeachingLessons::tr(" (%1 distinct)").arg(lesson::distinctCount(positions));
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
        s.title = TeachingLessons::tr("Query %1").arg(quotedTitle(word));
        const QString repeats = lesson::repeatedProbesNote(positions);
        s.text = TeachingLessons::tr("The query hashes %1 exactly like an insert would, giving the same %2 positions: %3. "
                    "Now each bit is checked in turn.")
                     .arg(quoted(word))
                     .arg(k)
                     .arg(numberList(positions)) +
                 (repeats.isEmpty() ? QString() : QStringLiteral("<br>") + repeats);
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
            s.title = TeachingLessons::tr("Bit %1 is 0 → definitely not").arg(p);
            s.text = TeachingLessons::tr("Bit %1 is <b>0</b>. Adding %2 would have set it, and bits are never cleared, so %2 was "
                        "<b>definitely not</b> added. The filter can stop here: one zero is proof.%3")
                         .arg(p)
                         .arg(quoted(word))
                         .arg(inserted ? TeachingLessons::tr("<br><span style='color:#c62828'>(It was added, so the filter is broken "
                                            "— this never happens with an intact Bloom filter.)</span>")
                                       : QString());
            steps.push_back(std::move(s));
            definitelyNot = true;
            break;
        }
        const QString by = wordsSetting(board, p, word);
        s.title = TeachingLessons::tr("Bit %1 is 1").arg(p);
        s.text = by.isEmpty() ? TeachingLessons::tr("Bit %1 is <b>1</b>. Keep checking.").arg(p)
                              : TeachingLessons::tr("Bit %1 is <b>1</b> (set by %2). Keep checking.").arg(p).arg(by);
        const auto earlier = std::find(positions.begin(), positions.begin() + j, p);
        if (earlier != positions.begin() + j) {
            s.title = TeachingLessons::tr("Bit %1 again").arg(p);
            s.text = TeachingLessons::tr("Position %1 is bit %2 again, the same bit as position %3 (the range reduction maps both hash "
                        "values to it): nothing new is learned. Keep checking.")
                         .arg(j + 1)
                         .arg(p)
                         .arg(earlier - positions.begin() + 1);
        }
        steps.push_back(std::move(s));
    }
    if (!definitelyNot) {
        TeachingStep s;
        s.filter = now;
        s.marks = marks;
        if (inserted) {
            s.title = TeachingLessons::tr("All %n probed bit(s) are 1 → maybe (true positive)", nullptr,
                         static_cast<int>(lesson::distinctCount(positions)));
            s.text = TeachingLessons::tr("Every probed bit is 1, so the answer is <b>maybe</b>. %1 was added, so this is a true "
                        "positive: a Bloom filter never forgets a word it was given.")
                         .arg(quoted(word));
        } else {
            QStringList blame;
            std::set<std::uint64_t> named;
            for (const auto p : positions) {
                if (!named.insert(p).second)
                    continue;  // a bit two probes share is named once
                const QString by = wordsSetting(board, p, word);
                blame << TeachingLessons::tr("bit %1 ← %2").arg(p).arg(by.isEmpty() ? TeachingLessons::tr("?") : by);
            }
            s.title = TeachingLessons::tr("All %n probed bit(s) are 1 → maybe, but a FALSE POSITIVE", nullptr,
                         static_cast<int>(lesson::distinctCount(positions)));
            s.text = TeachingLessons::tr("Every probed bit is 1, so the filter says <b>maybe</b> — yet %1 was <b>never added</b>. Its "
                        "bits were set by other words: %2.<br>That is a <span style='color:#c62828'><b>false "
                        "positive</b></span>. A \"maybe\" must always be checked against the real data; only "
                        "\"definitely not\" is certain.")
                         .arg(quoted(word), blame.join(QStringLiteral("; ")));
        }
        steps.push_back(std::move(s));
    }
    out.select = static_cast<int>(steps.size()) - 1;
    out.status = definitelyNot ? TeachingLessons::tr("%1: definitely not").arg(fromKey(word))
                               : (inserted ? TeachingLessons::tr("%1: maybe (it was added)").arg(fromKey(word))
                                           : TeachingLessons::tr("%1: maybe — a false positive").arg(fromKey(word)));
    out.answer = !definitelyNot;
    return out;
}

Lesson noDeleteLesson(const TeachingBoard& board) {
    Lesson out{board};
    TeachingBoard& next = out.board;
    // A word A to delete, a word B that shares a bit with A in the classic filter (clearing A's
    // bits then hides B) and a word C that shares a counter with A in the counting filter (the
    // counting delete then has to leave C's counter above 0). The counting filter has its own
    // geometry (whole lines of counters), so B and C may differ; B is taken when it can be both.
    struct Cast {
        std::string a, b, c;
    };
    auto findCast = [&]() -> std::optional<Cast> {
        const AnyFilter counting = countingFilterOf(next);
        for (auto ia = next.words.rbegin(); ia != next.words.rend(); ++ia) {
            const auto pa = probePositions(next.filter, *ia);
            const auto ca = probePositions(counting, *ia);
            std::string b, c;
            for (const std::string& other : next.words) {
                if (other == *ia)
                    continue;
                const bool sharesBit = !sharedCells(pa, probePositions(next.filter, other)).empty();
                const bool sharesCounter = !sharedCells(ca, probePositions(counting, other)).empty();
                if (sharesBit && sharesCounter)
                    return Cast{*ia, other, other};
                if (sharesBit && b.empty())
                    b = other;
                if (sharesCounter && c.empty())
                    c = other;
            }
            if (!b.empty() && !c.empty())
                return Cast{*ia, b, c};
        }
        return std::nullopt;
    };
    std::optional<Cast> cast = findCast();
    int added = 0;
    for (const QString& w : sampleWords()) {
        if (cast)
            break;
        const std::string key = toKey(w);
        if (next.contains(key))
            continue;
        next.filter.insert(key);
        next.words.push_back(key);
        ++added;
        cast = findCast();
    }
    if (!cast) {
        out.status = TeachingLessons::tr("No two words share a bit; try a smaller m.");
        return out;
    }
    const std::string& a = cast->a;
    const std::string& b = cast->b;
    const std::string& c = cast->c;
    const std::vector<std::uint64_t> pa = probePositions(next.filter, a);
    const std::vector<std::uint64_t> pb = probePositions(next.filter, b);
    const std::vector<std::uint64_t> shared = sharedCells(pa, pb);

    std::vector<TeachingStep>& steps = out.steps;
    const auto intact = snapshot(next.filter);
    {
        TeachingStep s;
        s.title = TeachingLessons::tr("%1 and %2 share bit %3").arg(quotedTitle(a), quotedTitle(b)).arg(shared.front());
        s.text = TeachingLessons::tr("%1 uses bits %2; %3 uses bits %4. Both need %5.%6<br>Suppose we want to delete %1.")
                     .arg(quoted(a), numberList(pa), quoted(b), numberList(pb))
                     .arg(bitsText(shared))
                     .arg(added ? TeachingLessons::tr(" (%n sample word(s) were added so that two words share a bit.)", nullptr, added) : QString());
        s.filter = intact;
        markWithShared(s, pa, MarkRole::Probe, shared);
        markWithShared(s, pb, MarkRole::Probe, shared);
        steps.push_back(std::move(s));
    }
    auto damaged = std::make_shared<AnyFilter>(next.filter);
    for (auto p : pa)
        clearBitForDemo(*damaged, p);
    {
        TeachingStep s;
        s.title = TeachingLessons::tr("Clear the bits of %1").arg(quotedTitle(a));
        s.text = TeachingLessons::tr("The naive delete: set %1's bits (%2) back to 0. A plain bit cannot say how many words "
                    "set it, so %3 is cleared too, although %4 still needs it.")
                     .arg(quoted(a), numberList(pa))
                     .arg(bitsText(shared))
                     .arg(quoted(b));
        s.filter = damaged;
        markCells(s, pa, MarkRole::Cleared);
        steps.push_back(std::move(s));
    }
    {
        TeachingStep s;
        s.title = TeachingLessons::tr("Query %1 → \"definitely not\": a FALSE NEGATIVE").arg(quotedTitle(b));
        s.text = TeachingLessons::tr("Now %1 finds bit %2 at 0 and the filter answers <b>definitely not</b> — but %1 was added! "
                    "This is a <span style='color:#c62828'><b>false negative</b></span>, the one mistake a Bloom "
                    "filter must never make. That is why a classic Bloom filter has no delete: rebuild it instead.")
                     .arg(quoted(b))
                     .arg(shared.front());
        s.filter = damaged;
        for (auto p : pb) {
            const CellMark mark{0, p, isSet(*damaged, p) ? MarkRole::Probe : MarkRole::ProbeZero};
            if (std::find(s.marks.begin(), s.marks.end(), mark) == s.marks.end())
                s.marks.push_back(mark);
        }
        steps.push_back(std::move(s));
    }
    // The counting filter: the same words, counters instead of bits.
    AnyFilter counting = countingFilterOf(next);
    const auto ca = probePositions(counting, a);
    const auto cc = probePositions(counting, c);
    const std::vector<std::uint64_t> sharedCounters = sharedCells(ca, cc);
    const std::uint64_t counters = cellCount(counting, 0);
    const std::uint64_t bits = cellCount(next.filter, 0);
    const double ratio = static_cast<double>(counters * 4) / static_cast<double>(bits);
    const QString memory = TeachingLessons::tr("%1 four-bit counters are %1 × 4 = %2 bits, against %3 bits for the classic filter: "
                              "<b>%4×</b> the memory")
                               .arg(counters)
                               .arg(counters * 4)
                               .arg(bits)
                               .arg(QString::number(ratio, 'g', 4));
    QStringList counts;
    for (const std::uint64_t p : sharedCounters)
        counts << TeachingLessons::tr("counter %1 = %2").arg(p).arg(cellValue(counting, 0, p));
    TeachingStep countersStep = makeStep(
        TeachingLessons::tr("A counting filter: counters instead of bits"),
        TeachingLessons::tr("A <b>counting Bloom filter</b> keeps a 4-bit counter per cell and adds 1 for each word that uses it "
           "(its counters come in 64-byte lines of 128, so it has its own positions). The same %1 words are "
           "inserted. %2 uses counters %3; %4 uses %5. Both use <b>%6</b>: %7.")
            .arg(next.words.size())
            .arg(quoted(a), numberList(ca), quoted(c), numberList(cc), numberList(sharedCounters))
            .arg(counts.join(QStringLiteral(", "))),
        snapshot(counting));
    markWithShared(countersStep, ca, MarkRole::Probe, sharedCounters);
    markWithShared(countersStep, cc, MarkRole::Probe, sharedCounters);
    steps.push_back(std::move(countersStep));

    const bool erased = counting.erase(a);
    QStringList after;
    for (const std::uint64_t p : sharedCounters)
        after << TeachingLessons::tr("counter %1 drops to %2").arg(p).arg(cellValue(counting, 0, p));
    QString eraseText = TeachingLessons::tr("erase(%1) refused: one of its counters was 0.").arg(quoted(a));
    if (erased)
        eraseText = TeachingLessons::tr("Deleting %1 subtracts 1 from each of its counters (%2): %3, because %4 still counts in it. "
                       "(A counter that reached 15 sticks at 15 forever, so an overflow can never cause a false "
                       "negative.)")
                        .arg(quoted(a), numberList(ca), after.join(QStringLiteral(", ")), quoted(c));
    TeachingStep erase = makeStep(TeachingLessons::tr("erase(%1) decrements its counters").arg(quotedTitle(a)), eraseText, snapshot(counting));
    markCells(erase, ca, MarkRole::Cleared);
    steps.push_back(std::move(erase));

    const bool found = counting.mightContain(c);
    TeachingStep stillFound = makeStep(
        TeachingLessons::tr("Query %1 → still found").arg(quotedTitle(c)),
        found ? TeachingLessons::tr("All counters of %1 are still above 0 — including the shared counter %2 — so %1 is <b>still "
                   "found</b>: the counting filter deleted %3 safely. The price: %4; and you may only delete words "
                   "that really were added.")
                    .arg(quoted(c), numberList(sharedCounters), quoted(a), memory)
              : TeachingLessons::tr("%1 is not found — this should not happen.").arg(quoted(c)),
        snapshot(counting));
    for (const std::uint64_t p : cc) {
        const CellMark mark{0, p, cellValue(counting, 0, p) > 0 ? MarkRole::Match : MarkRole::ProbeZero};
        if (std::find(stillFound.marks.begin(), stillFound.marks.end(), mark) == stillFound.marks.end())
            stillFound.marks.push_back(mark);
    }
    steps.push_back(std::move(stillFound));
    out.select = 0;
    out.status = TeachingLessons::tr("Why no delete: step through with Next (Alt+Right).");
    out.answer = true;
    return out;
}

} // namespace bloomlab::ui
