#include "ui/sample_keys.h"

#include <QFile>

static void initBloomlabResources() { Q_INIT_RESOURCE(bloomlab); }

namespace bloomlab::ui {

void initResources() {
    static const bool done = [] {
        initBloomlabResources();
        return true;
    }();
    (void)done;
}

const QStringList& sampleWords() {
    static const QStringList words = [] {
        initResources();
        QStringList list;
        QFile file(QStringLiteral(":/keys/words.txt"));
        if (file.open(QIODevice::ReadOnly | QIODevice::Text)) {
            const QString text = QString::fromUtf8(file.readAll());
            for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                list.append(line.trimmed());
        }
        return list;
    }();
    return words;
}

} // namespace bloomlab::ui
