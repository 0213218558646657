// glossary — the explanations of n, p, m, k, FPR and hot ratio, written once and used as
// tooltips everywhere (parameter panel, calculator, counters) and in Help > Glossary, a dock the
// user can keep open next to the work (not a dialog that blocks the window).
#pragma once

#include <QString>

class QDockWidget;
class QWidget;

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
/// The glossary as a dock widget (object name "glossaryDock"), hidden until shown; closable,
/// movable and floatable; the window stays usable while it is open.
QDockWidget* newGlossaryDock(QWidget* parent);
/// Shows and raises the glossary dock. The first time it floats as a tool window of a readable
/// size beside the main window (docking it would squeeze the tabs); the user may dock it.
void showGlossaryDock(QDockWidget* dock);

} // namespace bloomlab::ui::glossary
