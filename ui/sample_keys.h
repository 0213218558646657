// sample_keys — the words the demo and teaching mode use (resources/keys/words.txt, compiled in),
// and the one call that registers the compiled-in resources of this static library.
#pragma once

#include <QStringList>

namespace bloomlab::ui {

/// Registers :/icons and :/keys (needed once: the resources live in a static library).
void initResources();
/// The words of resources/keys/words.txt (fruit, animals, colours, things), in file order.
const QStringList& sampleWords();

} // namespace bloomlab::ui
