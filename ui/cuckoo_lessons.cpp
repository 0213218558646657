// The lessons of the cuckoo filter: where a word goes (fingerprint, buckets, kicks) and a query.
#include "ui/teaching_lessons.h"

#include "ui/lesson_format.h"

#include <QStringList>

#include <optional>
#include <utility>

namespace bloomlab::ui {

using lesson::makeStep;
using lesson::numberList;
using lesson::quoted;
using lesson::quotedTitle;
using lesson::snapshot;

namespace {

/// Arrows on a kick step: that kick and the ones just before it.
constexpr std::size_t kRecentKickArrows = 3;
/// Arrows on the last step of an insert: the whole chain up to this many kicks, else its end.
constexpr std::size_t kFinalKickArrows = 8;

QString hexDigits(std::uint32_t fingerprint) { return formatFingerprint(fingerprint, kTeachingFingerprintBits); }

bool isPowerOfTwo(std::uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

/// "i2 = i1 XOR (hash(f) mod 8) = 3 XOR 5 = 6": how a fingerprint's other bucket follows from one
/// bucket and the fingerprint, with the numbers of this case. (The core uses XOR for a power-of-two
/// number of buckets, else the subtraction t - b mod N, t = hash(f) mod N.)
QString otherBucketFormula(const QString& from, const QString& to, std::uint64_t bucket, std::uint64_t other,
                           std::uint64_t buckets, const QString& f) {
    if (isPowerOfTwo(buckets))
        return TeachingLessons::tr("%1 = %2 XOR (hash(%3) mod %4) = %5 XOR %6 = <b>%7</b>")
            .arg(to, from, f)
            .arg(buckets)
            .arg(bucket)
            .arg(bucket ^ other)
            .arg(other);
    return TeachingLessons::tr("%1 = (hash(%3) mod %4 − %2) mod %4 = (%5 − %6) mod %4 = <b>%7</b>")
        .arg(to, from, f)
        .arg(buckets)
        .arg((bucket + other) % buckets)
        .arg(bucket)
        .arg(other);
}

std::vector<std::uint32_t> slotsOf(const AnyFilter& filter) {
    std::vector<std::uint32_t> table(cellCount(filter, 0));
    for (std::uint64_t i = 0; i < table.size(); ++i)
        table[i] = cellValue(filter, 0, i);
    return table;
}

/// The lowest free slot of a bucket (where the core puts a fingerprint), if any.
std::optional<unsigned> freeSlot(const std::vector<std::uint32_t>& table, std::uint64_t bucket) {
    for (unsigned s = 0; s < kSlotsPerBucket; ++s)
        if (table[bucket * kSlotsPerBucket + s] == 0)
            return s;
    return std::nullopt;
}

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
    const std::uint64_t buckets = bucketCount(board.filter);
    const QString fHex = QStringLiteral("0x") + hexDigits(place.fingerprint);
    TeachingStep hashed = makeStep(
        TeachingLessons::tr("Fingerprint and buckets of %1").arg(quotedTitle(word)),
        TeachingLessons::tr("The hash of %1 gives an 8-bit <b>fingerprint</b> f = <b>%2</b> (never 0: 0 marks an empty "
           "slot) and bucket <b>i1 = %3</b>. The other bucket is %4. Because i2 needs only f, a stored "
           "fingerprint can later move between its two buckets without the original word (the same rule "
           "maps i2 back to i1).%5")
            .arg(quoted(word), fHex)
            .arg(place.bucket1)
            .arg(otherBucketFormula(TeachingLessons::tr("i1"), TeachingLessons::tr("i2"), place.bucket1, place.bucket2, buckets, TeachingLessons::tr("f")))
            .arg(place.bucket1 == place.bucket2
                     ? TeachingLessons::tr("<br>Here i2 = i1: hash(f) mod %1 is 0, so both of the word's buckets are the same "
                          "bucket and it has 4 slots to choose from, not 8.")
                           .arg(buckets)
                     : QString()),
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
        s.title = TeachingLessons::tr("Stored in bucket %1, slot %2").arg(cell / kSlotsPerBucket).arg(cell % kSlotsPerBucket);
        s.text = TeachingLessons::tr("Bucket %1 had a free slot, so f = 0x%2 goes into slot %3. Done — no other fingerprint moved.")
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
            s.title = TeachingLessons::tr("Both buckets are full");
            s.text = TeachingLessons::tr("All slots of buckets %1 and %2 are taken. The cuckoo filter makes room: it picks one of the "
                        "two buckets at random (here bucket %3) and a random slot in it (slot %4), puts f there and "
                        "<b>kicks</b> out the fingerprint that was in it, to <i>its</i> other bucket.")
                         .arg(place.bucket1)
                         .arg(place.bucket2)
                         .arg(kicks.front().fromBucket)
                         .arg(kicks.front().slot);
            s.filter = before;
            s.marks = bucketMarks(MarkRole::Candidate);
            steps.push_back(std::move(s));
        }
        // Replay the chain on the table as it was before the insert: after kick i the fingerprint
        // carried so far sits in the kicked slot and the evicted one is out of the table, on its way.
        std::vector<std::uint32_t> table = slotsOf(*before);
        std::uint32_t carried = place.fingerprint;
        // Where the word's own fingerprint is: a later kick can push it out again.
        bool carryingNew = true;
        // (a sentinel rather than std::optional: GCC 12 -O2 warns -Wmaybe-uninitialized, wrongly, on
        // an optional compared in a loop)
        constexpr std::uint64_t kNoCell = ~std::uint64_t{0};
        std::uint64_t newCell = kNoCell;
        for (std::size_t i = 0; i < kicks.size(); ++i) {
            const CuckooKick& kick = kicks[i];
            const std::uint64_t cell = kick.fromBucket * kSlotsPerBucket + kick.slot;
            const bool evictingNew = newCell == cell;
            table[cell] = carried;
            if (carryingNew)
                newCell = cell;
            else if (evictingNew)
                newCell = kNoCell;
            carryingNew = evictingNew;
            const QString victim = QStringLiteral("0x") + hexDigits(kick.fingerprint);
            const bool last = i + 1 == kicks.size();
            const std::optional<unsigned> landing = last ? freeSlot(table, kick.toBucket) : std::nullopt;
            TeachingStep s;
            s.title = kick.toBucket == kick.fromBucket
                          ? TeachingLessons::tr("Kick %1: %2 out of bucket %3 and back into it").arg(i + 1).arg(victim).arg(kick.fromBucket)
                          : TeachingLessons::tr("Kick %1: %2 from bucket %3 to %4").arg(i + 1).arg(victim).arg(kick.fromBucket).arg(kick.toBucket);
            QString text = TeachingLessons::tr("<b>0x%1</b> goes into bucket %2, slot %3 and pushes out fingerprint <b>%4</b>, which "
                              "is now out of the table (the grid shows the table at this moment). %5.")
                               .arg(hexDigits(carried))
                               .arg(kick.fromBucket)
                               .arg(kick.slot)
                               .arg(victim,
                                    otherBucketFormula(QString::number(kick.fromBucket), TeachingLessons::tr("Its other bucket"), kick.fromBucket,
                                                       kick.toBucket, buckets, victim));
            if (kick.toBucket == kick.fromBucket)
                text += TeachingLessons::tr(" hash(%1) mod %2 is 0, so both buckets of %1 are bucket %3: it can only go back into "
                           "the bucket it was just pushed out of.")
                            .arg(victim)
                            .arg(buckets)
                            .arg(kick.fromBucket);
            if (!last)
                text += TeachingLessons::tr(" Bucket %1 is full, so %2 takes a slot there and kicks the next fingerprint out.")
                            .arg(kick.toBucket)
                            .arg(victim);
            else if (landing)
                text += TeachingLessons::tr(" Bucket %1 has a free slot (slot %2): %3 goes there and the chain ends.")
                            .arg(kick.toBucket)
                            .arg(*landing)
                            .arg(victim);
            else
                text += TeachingLessons::tr(" Bucket %1 is full too, and this was the last kick allowed: %2 goes to the <b>stash</b>, "
                           "a single spare place next to the table.")
                            .arg(kick.toBucket)
                            .arg(victim);
            s.text = text;
            s.filter = snapshot(cuckooWithSlotsForDemo(*before, table));
            // This kick's arrow and the two before it: a long chain drawn whole is a tangle.
            const std::size_t from = i + 1 > kRecentKickArrows ? i + 1 - kRecentKickArrows : 0;
            s.kicks.assign(kicks.begin() + static_cast<std::ptrdiff_t>(from), kicks.begin() + static_cast<std::ptrdiff_t>(i + 1));
            s.firstKickNumber = static_cast<int>(from) + 1;
            s.marks.push_back({0, cell, MarkRole::Probe});
            for (unsigned slot = 0; slot < kSlotsPerBucket; ++slot)
                if (kick.toBucket * kSlotsPerBucket + slot != cell)
                    s.marks.push_back({0, kick.toBucket * kSlotsPerBucket + slot, MarkRole::Candidate});
            steps.push_back(std::move(s));
            carried = kick.fingerprint;
        }
        const CuckooKick& lastKick = kicks.back();
        const std::optional<unsigned> landing = freeSlot(table, lastKick.toBucket);
        QStringList chain;
        for (std::size_t i = 0; i < kicks.size() && i < 12; ++i)
            chain << TeachingLessons::tr("%1. 0x%2: bucket %3 → %4")
                         .arg(i + 1)
                         .arg(hexDigits(kicks[i].fingerprint))
                         .arg(kicks[i].fromBucket)
                         .arg(kicks[i].toBucket);
        if (kicks.size() > 12)
            chain << QStringLiteral("…");
        TeachingStep s;
        s.filter = after;
        // Every arrow up to kFinalKickArrows; of a longer chain the last ones, and the text says so.
        const std::size_t drawnFrom = kicks.size() > kFinalKickArrows ? kicks.size() - kFinalKickArrows : 0;
        s.kicks.assign(kicks.begin() + static_cast<std::ptrdiff_t>(drawnFrom), kicks.end());
        s.firstKickNumber = static_cast<int>(drawnFrom) + 1;
        const QString drawn = drawnFrom == 0 ? QString()
                                             : TeachingLessons::tr(" (arrows are drawn for the last %1 kicks, %2 to %3)")
                                                   .arg(kFinalKickArrows)
                                                   .arg(drawnFrom + 1)
                                                   .arg(kicks.size());
        if (carryingNew && landing)
            newCell = lastKick.toBucket * kSlotsPerBucket + *landing;
        if (newCell != kNoCell)
            s.marks.push_back({0, newCell, MarkRole::Match});
        if (landing) {
            s.marks.push_back({0, lastKick.toBucket * kSlotsPerBucket + *landing, MarkRole::Match});
            s.title = TeachingLessons::tr("Done after %n kick(s)", nullptr, static_cast<int>(kicks.size()));
            s.text = TeachingLessons::tr("%1 is stored (bucket %2, slot %3), and every moved fingerprint sits in one of its own two "
                        "buckets, so every word is still found. The arrows are numbered in kick order%6: %4. Long "
                        "chains mean the table is nearly full (load %5 %).")
                         .arg(quoted(word))
                         .arg((newCell == kNoCell ? 0 : newCell) / kSlotsPerBucket)
                         .arg((newCell == kNoCell ? 0 : newCell) % kSlotsPerBucket)
                         .arg(chain.join(QStringLiteral("; ")))
                         .arg(QString::number(next.filter.stats().fillRatio * 100, 'f', 0), drawn);
        } else {
            s.title = TeachingLessons::tr("Done after %n kick(s): one fingerprint waits in the stash", nullptr, static_cast<int>(kicks.size()));
            s.text = TeachingLessons::tr("After %1 kicks there was still no free slot. The last evicted fingerprint, 0x%2, is kept in "
                        "the <b>stash</b>, so no word is lost and every word is still found. The kicks%4: %3. The "
                        "filter is full now: the next insert that finds both its buckets full is refused — rebuild "
                        "it larger.")
                         .arg(kicks.size())
                         .arg(hexDigits(lastKick.fingerprint))
                         .arg(chain.join(QStringLiteral("; ")), drawn);
        }
        steps.push_back(std::move(s));
    } else {
        TeachingStep s;
        s.title = TeachingLessons::tr("Refused: the filter is full");
        s.text = TeachingLessons::tr("Both buckets are full and the stash is already occupied, so the insert returns <b>false</b> "
                    "and changes nothing. Nothing that was stored is lost.");
        s.filter = after;
        s.marks = bucketMarks(MarkRole::ProbeZero);
        steps.push_back(std::move(s));
    }
    out.select = kicks.empty() ? static_cast<int>(steps.size()) - 1 : 0;
    out.status = ok ? TeachingLessons::tr("Added %1 (%n kick(s))", nullptr, static_cast<int>(kicks.size())).arg(fromKey(word))
                    : TeachingLessons::tr("%1 was refused: the cuckoo filter is full").arg(fromKey(word));
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
    s.title = maybe ? (inserted ? TeachingLessons::tr("0x%1 found → maybe (true positive)") : TeachingLessons::tr("0x%1 found → maybe, a FALSE POSITIVE")).arg(f)
                    : TeachingLessons::tr("0x%1 not found → definitely not").arg(f);
    s.text = TeachingLessons::tr("%1 has fingerprint f = 0x%2 and buckets %3 and %4. The query looks at those 8 slots only. ")
                 .arg(quoted(word), f)
                 .arg(place.bucket1)
                 .arg(place.bucket2);
    if (!maybe)
        s.text += TeachingLessons::tr("No slot holds 0x%1, so %2 is <b>definitely not</b> in the filter.").arg(f, quoted(word));
    else if (inserted)
        s.text += TeachingLessons::tr("A slot holds 0x%1 → <b>maybe</b>; %2 was added, so this is right.").arg(f, quoted(word));
    else
        s.text += TeachingLessons::tr("A slot holds 0x%1 — but it belongs to another word with the same fingerprint in the same "
                     "bucket. %2 was never added: a <span style='color:#c62828'><b>false positive</b></span>. With "
                     "8-bit fingerprints this happens for at most 8/256 ≈ 3 % of absent words.")
                      .arg(f, quoted(word));
    out.steps.push_back(std::move(s));
    out.answer = maybe;
    return out;
}

} // namespace bloomlab::ui
