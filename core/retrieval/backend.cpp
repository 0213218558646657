#include "core/retrieval/backend.h"

#include <stdexcept>
#include <string>

namespace bloomlab {

void StoreContents::validate() const {
    if (corpus == nullptr) throw std::invalid_argument("store contents need a corpus");
    if (!documented.empty() && documented.size() != corpus->size())
        throw std::invalid_argument("documented mask has " + std::to_string(documented.size()) +
                                    " entries for a corpus of " + std::to_string(corpus->size()) +
                                    " phrases");
}

void Backend::forEachKey(const KeySink&) const {
    throw std::logic_error("the " + name() + " store cannot list its keys (scan, hash and sqlite can)");
}

} // namespace bloomlab
