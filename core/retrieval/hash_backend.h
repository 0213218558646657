// HashBackend — an in-memory hash map phrase -> document (std::unordered_map, transparent
// lookup). A lookup costs about as much as a filter probe, which is the point: it shows when a
// filter in front of the store is NOT worth it (the model speedup 1 / (c_f/c_b + h + (1-h)FPR)
// drops below 1 as c_f approaches c_b).
#pragma once

#include "core/retrieval/backend.h"
#include "core/retrieval/transparent_hash.h"

#include <mutex>
#include <string>
#include <unordered_map>

namespace bloomlab {

class HashBackend final : public Backend {
public:
    explicit HashBackend(const StoreContents& contents);

    std::string name() const override { return "hash"; }
    std::optional<std::string> lookup(std::string_view query) override;
    void addDocument(std::string_view phrase, std::string_view document) override;
    std::uint64_t documentCount() const override { return m_documents.size(); }
    bool listsKeys() const noexcept override { return true; }
    void forEachKey(const KeySink& sink) const override;

private:
    mutable std::mutex m_listing;  ///< held by forEachKey and addDocument (lookup only reads)
    std::unordered_map<std::string, std::string, TransparentStringHash, std::equal_to<>> m_documents;
};

} // namespace bloomlab
