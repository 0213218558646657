#include "ui/outcome_html.h"

#include "ui/filter_session.h"
#include "ui/key_edit.h"
#include "ui/lesson_format.h"

#include <QCoreApplication>
#include <QStringList>

namespace bloomlab::ui {

namespace {

/// Text::tr() in the translation context "bloomlab::ui::MainWindow" (this file's functions are no QObject
/// members; lupdate files Text::tr() strings under that context too).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(bloomlab::ui::MainWindow)
};

/// Classic, blocked and counting filters: " 4 probes, 3 distinct bits: ..." when two of the key's
/// probes land on the same cell; empty otherwise (and for scalable and cuckoo filters).
QString repeatedProbes(const KeyOutcome& outcome, const FilterSession& session) {
    if (!session.filter() || session.filter()->type() == FilterType::Cuckoo || layerCount(*session.filter()) != 1)
        return {};
    std::vector<std::uint64_t> cells;
    for (const CellMark& mark : outcome.marks)
        cells.push_back(mark.index);
    const QString note = lesson::repeatedProbesNote(cells);
    return note.isEmpty() ? QString() : QStringLiteral(" ") + note;
}

} // namespace

QString outcomeToolTip(const KeyOutcome& outcome) { return keyEdgeSpacesNote(fromKey(outcome.key)); }

QString noOutcomeHtml() { return Text::tr("Insert a key to see its k positions light up; query a key to see its answer."); }

QString outcomeHtml(const KeyOutcome& outcome, const FilterSession& session) {
    // Quoted, with white space at its ends made visible (" banana" is not "banana").
    const QString key = keyHtml(fromKey(outcome.key));
    QStringList positions;
    for (const CellMark& mark : outcome.marks) {
        if (mark.role == MarkRole::Candidate)
            continue;
        positions << (layerCount(*session.filter()) > 1 ? QStringLiteral("L%1:%2").arg(mark.layer).arg(mark.index)
                                                       : QString::number(mark.index));
        if (positions.size() >= 12) {
            positions << QStringLiteral("…");
            break;
        }
    }
    if (outcome.inserted) {
        QString text = outcome.accepted ? Text::tr("Inserted <b>%1</b>").arg(key) : Text::tr("<span style='color:#c62828'>The filter refused <b>%1</b> (full)</span>").arg(key);
        if (session.filter() && session.filter()->type() == FilterType::Cuckoo) {
            text += Text::tr(" — buckets highlighted") +
                    (outcome.kicks.empty() ? QString() : Text::tr(", %n kick(s) drawn as arrows", nullptr, static_cast<int>(outcome.kicks.size())));
        } else {
            text += Text::tr(" — positions %1 (green: turned on now, orange: were already set).").arg(positions.join(QStringLiteral(", "))) +
                    repeatedProbes(outcome, session);
        }
        return text;
    }
    if (!outcome.maybe) {
        return Text::tr("<b>%1</b>: <span style='color:#2e7d32'><b>definitely not</b></span> in the set — a probed "
                  "cell is empty (red ring).")
            .arg(key);
    }
    if (session.filter() && session.filter()->type() == FilterType::Cuckoo) {
        // Cuckoo: say where the fingerprint sits rather than listing slot numbers.
        QStringList where;
        for (const CellMark& mark : outcome.marks)
            if (mark.role == MarkRole::Match)
                where << Text::tr("bucket %1, slot %2").arg(mark.index / kSlotsPerBucket).arg(mark.index % kSlotsPerBucket);
        positions = where;
    }
    switch (outcome.truth) {
    case Truth::Inserted:
        return Text::tr("<b>%1</b>: <b>maybe</b> — and it was inserted (true positive). Found at %2.")
                   .arg(key, positions.join(QStringLiteral(", "))) +
               repeatedProbes(outcome, session);
    case Truth::Unknown:
        return Text::tr("<b>%1</b>: <b>maybe</b> — the inserted keys are not all known, so it cannot be told "
                  "whether this is a false positive.")
            .arg(key);
    case Truth::Absent: {
        QString blame;
        if (session.rememberedKeyCount() <= 100000 && session.filter() &&
            session.filter()->type() != FilterType::Cuckoo) {
            QStringList parts;
            for (const CellMark& mark : outcome.marks) {
                const auto keys = session.keysSettingCell(mark.layer, mark.index, 3);
                QStringList names;
                for (const auto& k : keys)
                    names << keyHtml(fromKey(k));
                parts << Text::tr("%1 ← %2").arg(mark.index).arg(names.isEmpty() ? Text::tr("generated keys") : names.join(QStringLiteral(", ")));
                if (parts.size() >= 6)
                    break;
            }
            blame = Text::tr(" Its cells were set by: %1.").arg(parts.join(QStringLiteral("; ")));
        }
        return Text::tr("<b>%1</b>: <b>maybe</b> — but it was never inserted: a <span style='color:#c62828'>"
                  "<b>false positive</b></span>.%2")
            .arg(key, blame);
    }
    }
    return {};
}

} // namespace bloomlab::ui
