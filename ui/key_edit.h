// key_edit — the field where a key is typed (the explorer's key bar, teaching mode's word): one
// place that decides how typed text becomes a key.
#pragma once

#include <QString>

class QLineEdit;
class QWidget;

namespace bloomlab::ui {

/// A line edit with a clear button, the placeholder and the object name (for tests) given.
QLineEdit* newKeyEdit(QWidget* parent, const QString& objectName, const QString& placeholder);

} // namespace bloomlab::ui
