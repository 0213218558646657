// ScanBackend — the retrieval experiment's baseline: "search" is an O(n) scan of the in-memory phrase list.
// A query absent from the list costs a full scan; a present one stops where it is found, on
// average half way for uniformly placed queries. Comparison is std::string equality (length
// first, then bytes), so a miss costs about one length compare per phrase.
#pragma once

#include "core/retrieval/backend.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace bloomlab {

class ScanBackend final : public Backend {
public:
    explicit ScanBackend(const StoreContents& contents);

    std::string name() const override { return "scan"; }
    std::optional<std::string> lookup(std::string_view query) override;
    /// Appends the phrase to the list when new (the list grows), else replaces its document.
    void addDocument(std::string_view phrase, std::string_view document) override;
    std::uint64_t documentCount() const override { return m_documentCount; }
    std::uint64_t phraseCount() const noexcept { return m_phrases.size(); }
    bool listsKeys() const noexcept override { return true; }
    void forEachKey(const KeySink& sink) const override;

private:
    mutable std::mutex m_listing;  ///< held by forEachKey and addDocument (lookup only reads)
    static constexpr std::uint32_t kNoDocument = UINT32_MAX;
    std::vector<std::string> m_phrases;
    std::vector<std::uint32_t> m_documentIndex;  ///< per phrase: index into m_documents or kNoDocument
    std::vector<std::string> m_documents;
    std::uint64_t m_documentCount = 0;
};

} // namespace bloomlab
