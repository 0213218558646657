// glossary — the explanations of n, p, m, k, FPR and hot ratio, written once and used as
// tooltips everywhere (parameter panel, calculator, counters) and in Help > Glossary.
#pragma once

#include <QString>

namespace bloomlab::ui::glossary {

QString n();
QString p();
QString m();
QString k();
QString fpr();
QString hotRatio();
QString bitsPerItem();
QString fillRatio();
QString estimatedItems();
QString backend();
QString filterType();
/// All of the above as one HTML page (Help > Glossary).
QString html();

} // namespace bloomlab::ui::glossary
