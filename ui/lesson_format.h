// lesson_format — the wording the teaching lessons share: their translation context, how a word,
// a hash and a list of positions are written, and which added words use a bit.
#pragma once

#include "ui/teaching_lessons.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace bloomlab::ui {

/// tr() in the lessons' translation context, "bloomlab::ui::TeachingLessons" (the lessons are no
/// QObject; lupdate files TeachingLessons::tr() strings under the same context).
struct TeachingLessons {
    Q_DECLARE_TR_FUNCTIONS(bloomlab::ui::TeachingLessons)
};

} // namespace bloomlab::ui

namespace bloomlab::ui::lesson {

std::shared_ptr<const AnyFilter> snapshot(const AnyFilter& filter);
/// "0x" and the upper-case hex digits, padded to width.
QString hex(std::uint64_t value, int width = 16);
/// A word in typographic quotes for a step's text (rich text): HTML-escaped, white space at its
/// ends made visible (keyHtml).
QString quoted(const std::string& word);
/// The same for a step's title, which is plain text (escaped where it is shown).
QString quotedTitle(const std::string& word);
/// "3, 17, 42".
QString numberList(const std::vector<std::uint64_t>& numbers);
/// How many different values `positions` holds (a key's k probes can hit the same bit twice).
std::size_t distinctCount(const std::vector<std::uint64_t>& positions);
/// Empty when the k positions are all different; else e.g. "3 probes, 2 distinct bits: probes 1
/// and 3 both land on bit 17 — the range reduction maps different hash values to the same bit."
QString repeatedProbesNote(const std::vector<std::uint64_t>& positions);
/// A step with its title, explanation and the state it talks about (no marks yet).
TeachingStep makeStep(QString title, QString text, std::shared_ptr<const AnyFilter> state);
/// Marks these cells of layer 0 with one role.
void markCells(TeachingStep& step, const std::vector<std::uint64_t>& cells, MarkRole role);
/// Up to four added words other than `except` that use bit `position` of a classic board, quoted.
QString wordsSetting(const TeachingBoard& board, std::uint64_t position, const std::string& except = {});

} // namespace bloomlab::ui::lesson
