// The lessons of the cuckoo filter: where a word goes (fingerprint, buckets, kicks) and a query.
#include "ui/teaching_lessons.h"

#include "ui/lesson_format.h"

#include <utility>

namespace bloomlab::ui {

using lesson::makeStep;
using lesson::quoted;
using lesson::snapshot;
using lesson::tr;

namespace {

QString hexDigits(std::uint32_t fingerprint) { return QString::number(fingerprint, 16).toUpper(); }

} // namespace

Lesson cuckooAddLesson(const TeachingBoard& board, const std::string& word) {
    Lesson out{board};
    TeachingBoard& next = out.board;
    const auto before = snapshot(board.filter);
    const CuckooPlace place = cuckooPlaceOf(board.filter, word).value_or(CuckooPlace{});
    const bool ok = next.filter.insert(word);
    const std::vector<CuckooKick> kicks = lastKickChain(next.filter);
    if (ok)
        next.words.push_back(word);
    const auto after = snapshot(next.filter);
    auto bucketMarks = [&](MarkRole role) {
        std::vector<CellMark> marks;
        for (const std::uint64_t b : {place.bucket1, place.bucket2})
            for (unsigned s = 0; s < kSlotsPerBucket; ++s)
                marks.push_back({0, b * kSlotsPerBucket + s, role});
        return marks;
    };
    std::vector<TeachingStep>& steps = out.steps;
    TeachingStep hashed = makeStep(
        tr("Fingerprint and buckets of %1").arg(quoted(word)),
        tr("The hash of %1 gives an 8-bit <b>fingerprint</b> f = <b>0x%2</b> (never 0: 0 marks an empty "
           "slot) and bucket <b>i1 = %3</b>. The other bucket is <b>i2 = i1 XOR hash(f) = %4</b>. Because "
           "i2 needs only f, a stored fingerprint can later move between its two buckets without the "
           "original word (and XOR maps i2 back to i1).")
            .arg(quoted(word), hexDigits(place.fingerprint))
            .arg(place.bucket1)
            .arg(place.bucket2),
        before);
    hashed.marks = bucketMarks(MarkRole::Candidate);
    steps.push_back(std::move(hashed));
    if (ok && kicks.empty()) {
        std::uint64_t cell = 0;
        for (const std::uint64_t b : {place.bucket1, place.bucket2})
            for (unsigned slot = 0; slot < kSlotsPerBucket; ++slot)
                if (cellValue(*before, 0, b * kSlotsPerBucket + slot) != cellValue(*after, 0, b * kSlotsPerBucket + slot))
                    cell = b * kSlotsPerBucket + slot;
        TeachingStep s;
        s.title = tr("Stored in bucket %1, slot %2").arg(cell / kSlotsPerBucket).arg(cell % kSlotsPerBucket);
        s.text = tr("Bucket %1 had a free slot, so f = 0x%2 goes into slot %3. Done — no other fingerprint moved.")
                     .arg(cell / kSlotsPerBucket)
                     .arg(hexDigits(place.fingerprint))
                     .arg(cell % kSlotsPerBucket);
        s.filter = after;
        s.marks = bucketMarks(MarkRole::Candidate);
        s.marks.push_back({0, cell, MarkRole::Match});
        steps.push_back(std::move(s));
    } else if (!kicks.empty()) {
        {
            TeachingStep s;
            s.title = tr("Both buckets are full");
            s.text = tr("All 8 slots of buckets %1 and %2 are taken. The cuckoo filter makes room: it puts f into a "
                        "slot anyway and <b>kicks</b> the fingerprint that was there to <i>its</i> other bucket.")
                         .arg(place.bucket1)
                         .arg(place.bucket2);
            s.filter = before;
            s.marks = bucketMarks(MarkRole::Candidate);
            steps.push_back(std::move(s));
        }
        for (std::size_t i = 0; i < kicks.size(); ++i) {
            const CuckooKick& kick = kicks[i];
            TeachingStep s;
            s.title = tr("Kick %1: 0x%2 from bucket %3 to %4")
                          .arg(i + 1)
                          .arg(hexDigits(kick.fingerprint))
                          .arg(kick.fromBucket)
                          .arg(kick.toBucket);
            s.text = tr("Fingerprint <b>0x%1</b> is evicted from bucket %2 (slot %3) and moves to its other bucket "
                        "%2 XOR hash(0x%1) = <b>%4</b>.%5")
                         .arg(hexDigits(kick.fingerprint))
                         .arg(kick.fromBucket)
                         .arg(kick.slot)
                         .arg(kick.toBucket)
                         .arg(i + 1 < kicks.size() ? tr(" That bucket is full too, so the chain goes on.")
                                                   : (ok ? tr(" It has a free slot: the chain ends.") : QString()));
            s.filter = after;
            s.kicks.assign(kicks.begin(), kicks.begin() + static_cast<std::ptrdiff_t>(i + 1));
            s.marks.push_back({0, kick.fromBucket * kSlotsPerBucket + kick.slot, MarkRole::Probe});
            steps.push_back(std::move(s));
        }
        TeachingStep s;
        s.filter = after;
        s.kicks = kicks;
        if (ok) {
            s.title = tr("Done after %n kick(s)", nullptr, static_cast<int>(kicks.size()));
            s.text = tr("%1 is stored, and every moved fingerprint sits in one of its own two buckets, so every word "
                        "is still found. Long chains mean the table is nearly full (load %2 %).")
                         .arg(quoted(word))
                         .arg(QString::number(next.filter.stats().fillRatio * 100, 'f', 0));
        } else {
            s.title = tr("Insert failed: the table is full");
            s.text = tr("After %1 kicks there was still no free slot. The last evicted fingerprint is kept in the "
                        "<b>stash</b> and the insert reports <b>false</b>: the filter never silently loses a word. "
                        "It is full now — rebuild it larger.")
                         .arg(kicks.size());
        }
        steps.push_back(std::move(s));
    } else {
        TeachingStep s;
        s.title = tr("Refused: the filter is full");
        s.text = tr("Both buckets are full and the stash is already occupied, so the insert returns <b>false</b> "
                    "and changes nothing. Nothing that was stored is lost.");
        s.filter = after;
        s.marks = bucketMarks(MarkRole::ProbeZero);
        steps.push_back(std::move(s));
    }
    out.select = kicks.empty() ? static_cast<int>(steps.size()) - 1 : 0;
    out.status = ok ? tr("Added %1 (%n kick(s))", nullptr, static_cast<int>(kicks.size())).arg(fromKey(word))
                    : tr("%1 was refused: the cuckoo filter is full").arg(fromKey(word));
    out.answer = ok;
    return out;
}

Lesson cuckooQueryLesson(const TeachingBoard& board, const std::string& word) {
    Lesson out{board};
    const CuckooPlace place = cuckooPlaceOf(board.filter, word).value_or(CuckooPlace{});
    const bool maybe = board.filter.mightContain(word);
    const bool inserted = board.contains(word);
    const QString f = hexDigits(place.fingerprint);
    TeachingStep s;
    s.filter = snapshot(board.filter);
    s.marks = probeMarks(board.filter, word);
    s.title = maybe ? (inserted ? tr("0x%1 found → maybe (true positive)") : tr("0x%1 found → maybe, a FALSE POSITIVE")).arg(f)
                    : tr("0x%1 not found → definitely not").arg(f);
    s.text = tr("%1 has fingerprint f = 0x%2 and buckets %3 and %4. The query looks at those 8 slots only. ")
                 .arg(quoted(word), f)
                 .arg(place.bucket1)
                 .arg(place.bucket2);
    if (!maybe)
        s.text += tr("No slot holds 0x%1, so %2 is <b>definitely not</b> in the filter.").arg(f, quoted(word));
    else if (inserted)
        s.text += tr("A slot holds 0x%1 → <b>maybe</b>; %2 was added, so this is right.").arg(f, quoted(word));
    else
        s.text += tr("A slot holds 0x%1 — but it belongs to another word with the same fingerprint in the same "
                     "bucket. %2 was never added: a <span style='color:#c62828'><b>false positive</b></span>. With "
                     "8-bit fingerprints this happens for at most 8/256 ≈ 3 % of absent words.")
                      .arg(f, quoted(word));
    out.steps.push_back(std::move(s));
    out.answer = maybe;
    return out;
}

} // namespace bloomlab::ui
