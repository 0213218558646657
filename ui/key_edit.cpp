#include "ui/key_edit.h"

#include <QAction>
#include <QCoreApplication>
#include <QIcon>
#include <QLineEdit>
#include <QPainter>
#include <QPixmap>
#include <QStringList>

namespace bloomlab::ui {

namespace {

/// Text::tr() in the translation context "bloomlab::ui::KeyEdit" (this file's functions are no QObject
/// members; lupdate files Text::tr() strings under that context too).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(bloomlab::ui::KeyEdit)
};

/// An open box (U+2423), the sign for a visible space, in the warning colour.
QIcon spaceIcon() {
    QPixmap pixmap(32, 32);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0xb2, 0x6a, 0x00), 3));
    // Drawn, not a glyph: the open box is missing from many fonts.
    painter.drawPolyline(QPolygon({QPoint(5, 16), QPoint(5, 25), QPoint(27, 25), QPoint(27, 16)}));
    return QIcon(pixmap);
}

constexpr const char* kMarkerName = "edgeSpacesMarker";

} // namespace

QString edgeSpacesText(const QString& text) {
    qsizetype leading = 0;
    while (leading < text.size() && text.at(leading).isSpace())
        ++leading;
    qsizetype trailing = 0;
    while (trailing < text.size() - leading && text.at(text.size() - 1 - trailing).isSpace())
        ++trailing;
    QStringList parts;
    if (leading > 0)
        parts << Text::tr("%n leading space(s)", nullptr, static_cast<int>(leading));
    if (trailing > 0)
        parts << Text::tr("%n trailing space(s)", nullptr, static_cast<int>(trailing));
    return parts.join(Text::tr(" and "));
}

namespace {

/// The visible sign of one white space character at an end of a key.
QString edgeSign(QChar c) { return c == QLatin1Char('\t') ? QStringLiteral("→") : QStringLiteral("·"); }

/// Splits `key` into its leading white space, its middle and its trailing white space.
void splitEdges(const QString& key, QString& leading, QString& middle, QString& trailing) {
    qsizetype begin = 0;
    while (begin < key.size() && key.at(begin).isSpace())
        ++begin;
    qsizetype end = key.size();
    while (end > begin && key.at(end - 1).isSpace())
        --end;
    leading = key.left(begin);
    middle = key.mid(begin, end - begin);
    trailing = key.mid(end);
}

QString signsHtml(const QString& spaces) {
    if (spaces.isEmpty())
        return {};
    QString signs;
    for (const QChar c : spaces)
        signs += edgeSign(c);
    return QStringLiteral("<span style='background:#ffe0b2;color:#8a4b00'>%1</span>").arg(signs);
}

QString signsPlain(const QString& spaces) {
    QString signs;
    for (const QChar c : spaces)
        signs += edgeSign(c);
    return signs;
}

} // namespace

QString keyHtml(const QString& key) {
    QString leading, middle, trailing;
    splitEdges(key, leading, middle, trailing);
    QString html = QStringLiteral("“") + signsHtml(leading) + middle.toHtmlEscaped() + signsHtml(trailing) + QStringLiteral("”");
    const QString edges = edgeSpacesText(key);
    if (!edges.isEmpty())
        html += QStringLiteral(" <span style='color:#8a4b00'>") + Text::tr("(%1)").arg(edges).toHtmlEscaped() + QStringLiteral("</span>");
    return html;
}

QString keyPlain(const QString& key) {
    QString leading, middle, trailing;
    splitEdges(key, leading, middle, trailing);
    QString text = QStringLiteral("“") + signsPlain(leading) + middle + signsPlain(trailing) + QStringLiteral("”");
    const QString edges = edgeSpacesText(key);
    if (!edges.isEmpty())
        text += QStringLiteral(" ") + Text::tr("(%1)").arg(edges);
    return text;
}

QString keyEdgeSpacesNote(const QString& key) {
    const QString edges = edgeSpacesText(key);
    if (edges.isEmpty())
        return {};
    QString leading, middle, trailing;
    splitEdges(key, leading, middle, trailing);
    return Text::tr("The key %1 has %2 (shown as · for a space, → for a tab): they are part of the key, so it is "
              "not the same key as “%3”.")
        .arg(QStringLiteral("“") + signsPlain(leading) + middle + signsPlain(trailing) + QStringLiteral("”"), edges, middle);
}

QLineEdit* newKeyEdit(QWidget* parent, const QString& objectName, const QString& placeholder, KeySpaces spaces) {
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(objectName);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    QAction* marker = edit->addAction(spaceIcon(), QLineEdit::TrailingPosition);
    marker->setObjectName(QString::fromLatin1(kMarkerName));
    marker->setVisible(false);
    QObject::connect(edit, &QLineEdit::textChanged, marker, [marker, spaces](const QString& text) {
        const QString edges = edgeSpacesText(text);
        marker->setVisible(!edges.isEmpty());
        if (edges.isEmpty())
            return;
        const QString bare = text.trimmed();
        marker->setToolTip(spaces == KeySpaces::PartOfTheKey
                               ? Text::tr("The key has %1: they are part of the key (\"%2\" and \"%3\" are different keys).")
                                     .arg(edges, text, bare)
                               : Text::tr("%1 ignored here: the word is \"%2\".").arg(edges, bare));
        marker->setText(marker->toolTip());
    });
    return edit;
}

QAction* edgeSpacesMarker(const QLineEdit* edit) {
    return edit ? edit->findChild<QAction*>(QString::fromLatin1(kMarkerName)) : nullptr;
}

} // namespace bloomlab::ui
