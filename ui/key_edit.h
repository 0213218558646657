// key_edit — the field where a key is typed (the explorer's key bar, teaching mode's word): one
// place that decides how typed text becomes a key. White space at either end is never dropped
// silently: while the text begins or ends with it, a "␣" marker shows at the end of the field and
// its tooltip says how many spaces there are and what happens to them (part of the key in the
// explorer, where "apple " and "apple" are different keys; ignored in teaching mode).
#pragma once

#include <QString>

class QAction;
class QLineEdit;
class QWidget;

namespace bloomlab::ui {

enum class KeySpaces {
    PartOfTheKey,  ///< the text is the key, byte for byte
    Trimmed,       ///< the caller trims the text (teaching mode's words)
};

/// A line edit with a clear button, the placeholder, the object name (for tests) and the edge
/// white space marker.
QLineEdit* newKeyEdit(QWidget* parent, const QString& objectName, const QString& placeholder,
                      KeySpaces spaces = KeySpaces::PartOfTheKey);

/// "1 leading space and 2 trailing spaces"; empty when the text has none at its ends.
QString edgeSpacesText(const QString& text);

/// A typed key as the app echoes it in rich text: in typographic quotes, HTML-escaped, every white
/// space character at either end drawn as a visible sign (a shaded "·" for a space, "→" for a tab)
/// and, when there are any, followed by "(1 leading space)" — so " banana" never reads "banana".
QString keyHtml(const QString& key);
/// The same for plain text (status bar, dialogs): “·banana” (1 leading space).
QString keyPlain(const QString& key);
/// A sentence for a tooltip when the key has white space at an end ("The key “·banana” has 1
/// leading space: it is part of the key ..."); empty otherwise.
QString keyEdgeSpacesNote(const QString& key);

/// The marker of a field made by newKeyEdit: visible while the text has white space at an end.
QAction* edgeSpacesMarker(const QLineEdit* edit);

} // namespace bloomlab::ui
