#include "core/retrieval/scan_backend.h"

#include <cstring>

namespace bloomlab {

ScanBackend::ScanBackend(const StoreContents& contents) {
    contents.validate();
    const auto& phrases = contents.corpus->phrases();
    m_phrases = phrases;
    m_documentIndex.assign(phrases.size(), kNoDocument);
    for (std::size_t i = 0; i < phrases.size(); ++i) {
        if (!contents.hasDocument(i)) continue;
        m_documentIndex[i] = static_cast<std::uint32_t>(m_documents.size());
        m_documents.push_back(Corpus::documentFor(phrases[i]));
        ++m_documentCount;
    }
}

std::optional<std::string> ScanBackend::lookup(std::string_view query) {
    // Length first, bytes only on equal lengths: the cheap comparison a hand-written scan of a
    // phrase list would use (std::string == std::string_view goes through compare()).
    const std::size_t count = m_phrases.size();
    const std::size_t length = query.size();
    for (std::size_t i = 0; i < count; ++i) {
        const std::string& phrase = m_phrases[i];
        if (phrase.size() == length && std::memcmp(phrase.data(), query.data(), length) == 0) {
            const std::uint32_t doc = m_documentIndex[i];
            if (doc == kNoDocument) return std::nullopt;
            return m_documents[doc];
        }
    }
    return std::nullopt;
}

void ScanBackend::addDocument(std::string_view phrase, std::string_view document) {
    std::lock_guard listing(m_listing);
    for (std::size_t i = 0; i < m_phrases.size(); ++i) {
        if (m_phrases[i] != phrase) continue;
        if (m_documentIndex[i] == kNoDocument) {
            m_documentIndex[i] = static_cast<std::uint32_t>(m_documents.size());
            m_documents.emplace_back(document);
            ++m_documentCount;
        } else {
            m_documents[m_documentIndex[i]] = std::string(document);
        }
        return;
    }
    m_phrases.emplace_back(phrase);
    m_documentIndex.push_back(static_cast<std::uint32_t>(m_documents.size()));
    m_documents.emplace_back(document);
    ++m_documentCount;
}

void ScanBackend::forEachKey(const KeySink& sink) const {
    std::lock_guard listing(m_listing);
    for (std::size_t i = 0; i < m_phrases.size(); ++i)
        if (m_documentIndex[i] != kNoDocument) sink(m_phrases[i]);
}

} // namespace bloomlab
