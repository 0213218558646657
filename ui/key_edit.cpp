#include "ui/key_edit.h"

#include <QLineEdit>

namespace bloomlab::ui {

QLineEdit* newKeyEdit(QWidget* parent, const QString& objectName, const QString& placeholder) {
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(objectName);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

} // namespace bloomlab::ui
