#include "ui/lesson_format.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <utility>

namespace bloomlab::ui::lesson {

QString tr(const char* text, const char* disambiguation, int n) {
    return QCoreApplication::translate("bloomlab::ui::TeachingLessons", text, disambiguation, n);
}

std::shared_ptr<const AnyFilter> snapshot(const AnyFilter& filter) { return std::make_shared<const AnyFilter>(filter); }

QString hex(std::uint64_t value, int width) {
    return QStringLiteral("0x") + QString::number(value, 16).toUpper().rightJustified(width, QLatin1Char('0'));
}

QString quoted(const std::string& word) { return QStringLiteral("“") + fromKey(word).toHtmlEscaped() + QStringLiteral("”"); }

QString numberList(const std::vector<std::uint64_t>& numbers) {
    QStringList list;
    for (const std::uint64_t n : numbers)
        list << QString::number(n);
    return list.join(QStringLiteral(", "));
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
