#include "core/retrieval/hash_backend.h"

namespace bloomlab {

HashBackend::HashBackend(const StoreContents& contents) {
    contents.validate();
    const auto& phrases = contents.corpus->phrases();
    for (std::size_t i = 0; i < phrases.size(); ++i)
        if (contents.hasDocument(i)) m_documents.emplace(phrases[i], Corpus::documentFor(phrases[i]));
}

std::optional<std::string> HashBackend::lookup(std::string_view query) {
    const auto it = m_documents.find(query);
    if (it == m_documents.end()) return std::nullopt;
    return it->second;
}

void HashBackend::addDocument(std::string_view phrase, std::string_view document) {
    std::lock_guard listing(m_listing);
    insertOrAssignByView(m_documents, phrase, document);
}

void HashBackend::forEachKey(const KeySink& sink) const {
    std::lock_guard listing(m_listing);
    for (const auto& entry : m_documents) sink(entry.first);
}

} // namespace bloomlab
