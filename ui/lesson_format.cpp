#include "ui/lesson_format.h"

#include "ui/key_edit.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <utility>

namespace bloomlab::ui::lesson {

std::shared_ptr<const AnyFilter> snapshot(const AnyFilter& filter) { return std::make_shared<const AnyFilter>(filter); }

QString hex(std::uint64_t value, int width) {
    return QStringLiteral("0x") + QString::number(value, 16).toUpper().rightJustified(width, QLatin1Char('0'));
}

QString quoted(const std::string& word) { return keyHtml(fromKey(word)); }

QString quotedTitle(const std::string& word) { return keyPlain(fromKey(word)); }

QString numberList(const std::vector<std::uint64_t>& numbers) {
    QStringList list;
    for (const std::uint64_t n : numbers)
        list << QString::number(n);
    return list.join(QStringLiteral(", "));
}

std::size_t distinctCount(const std::vector<std::uint64_t>& positions) {
    std::vector<std::uint64_t> sorted = positions;
    std::sort(sorted.begin(), sorted.end());
    return static_cast<std::size_t>(std::unique(sorted.begin(), sorted.end()) - sorted.begin());
}

QString repeatedProbesNote(const std::vector<std::uint64_t>& positions) {
    const std::size_t distinct = distinctCount(positions);
    if (distinct == positions.size())
        return {};
    QStringList repeats;
    std::vector<bool> done(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (done[i])
            continue;
        QStringList probes{QString::number(i + 1)};
        for (std::size_t j = i + 1; j < positions.size(); ++j)
            if (positions[j] == positions[i]) {
                probes << QString::number(j + 1);
                done[j] = true;
            }
        if (probes.size() == 2)
            repeats << TeachingLessons::tr("probes %1 and %2 both land on bit %3").arg(probes[0], probes[1]).arg(positions[i]);
        else if (probes.size() > 2)
            repeats << TeachingLessons::tr("probes %1 all land on bit %2").arg(probes.join(QStringLiteral(", "))).arg(positions[i]);
    }
    return TeachingLessons::tr("%1 probes, %n distinct bit(s): ", nullptr, static_cast<int>(distinct)).arg(positions.size()) +
           TeachingLessons::tr("%1 — the range reduction maps different hash values to the same bit, which is common when m is small.")
               .arg(repeats.join(QStringLiteral("; ")));
}

TeachingStep makeStep(QString title, QString text, std::shared_ptr<const AnyFilter> state) {
    TeachingStep step;
    step.title = std::move(title);
    step.text = std::move(text);
    step.filter = std::move(state);
    return step;
}

void markCells(TeachingStep& step, const std::vector<std::uint64_t>& cells, MarkRole role) {
    for (const std::uint64_t cell : cells)
        step.marks.push_back({0, cell, role});
}

QString wordsSetting(const TeachingBoard& board, std::uint64_t position, const std::string& except) {
    QStringList found;
    for (const std::string& w : board.words) {
        if (w == except)
            continue;
        const auto positions = probePositions(board.filter, w);
        if (std::find(positions.begin(), positions.end(), position) != positions.end())
            found << quoted(w);
        if (found.size() >= 4)
            break;
    }
    return found.join(QStringLiteral(", "));
}

} // namespace bloomlab::ui::lesson
