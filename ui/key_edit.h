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

/// The marker of a field made by newKeyEdit: visible while the text has white space at an end.
QAction* edgeSpacesMarker(const QLineEdit* edit);

} // namespace bloomlab::ui
