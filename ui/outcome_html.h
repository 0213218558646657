// outcome_html — the explorer's answer line: what the last insert or query did, as rich text
// ("Inserted ... — positions ...", "definitely not", "maybe — a false positive" and which keys
// set the cells of a false positive).
#pragma once

#include <QString>

namespace bloomlab::ui {

class FilterSession;
struct KeyOutcome;

/// The line for the session's last outcome (the session gives the filter and the known keys).
QString outcomeHtml(const KeyOutcome& last, const FilterSession& session);
/// What the line's tooltip adds for this outcome: a note when the key has white space at an end
/// (empty otherwise).
QString outcomeToolTip(const KeyOutcome& last);
/// The line before any key was inserted or queried.
QString noOutcomeHtml();

} // namespace bloomlab::ui
