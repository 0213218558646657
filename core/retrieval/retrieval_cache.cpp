#include "core/retrieval/retrieval_cache.h"

#include <vector>

namespace bloomlab {

RetrievalCache::RetrievalCache(AnyFilter filter, Backend& backend, const CacheOptions& options)
    : m_filter(std::move(filter)),
      m_backend(backend),
      m_options(options),
      m_sketch(CountMinSketch::forError(options.sketchEpsilon, options.sketchDelta,
                                        options.conservativeUpdate, options.sketchSeed)) {}

bool RetrievalCache::tryInsert(std::string_view key) {
    if (m_filter.insert(key)) return true;
    ++m_counters.refusedInserts;
    return false;
}

void RetrievalCache::preload(std::string_view key) {
    if (!tryInsert(key)) m_pending.emplace(key);
}

std::optional<std::string> RetrievalCache::get(std::string_view query) {
    return get(query, m_filter.mightContain(query));
}

std::optional<std::string> RetrievalCache::get(std::string_view query, bool maybe) {
    ++m_counters.queries;
    // The pending set is consulted whatever the filter says: a pending key may also be a false
    // positive of the filter, and it must still be counted and promoted (a cuckoo relocation
    // could take that false positive away).
    const auto pending = m_pending.empty() ? m_pending.end() : m_pending.find(query);
    const bool isPending = pending != m_pending.end();
    if (!maybe && !isPending) {
        ++m_counters.filterNegatives;
        return std::nullopt;
    }
    ++m_counters.backendCalls;
    std::optional<std::string> result = m_backend.lookup(query);
    if (maybe && !result) ++m_counters.confirmedFalsePositives;
    if (isPending) {
        ++m_counters.pendingHits;
        if (m_sketch.add(query) > m_options.promotionThreshold && tryInsert(query)) {
            ++m_counters.promotions;
            m_pending.erase(pending);
        }
    }
    return result;
}

void RetrievalCache::addDocument(std::string_view key, std::string_view document) {
    // Pending first: if the backend write throws, the key is merely pending (a wasted backend
    // call later), never missing from coverage. A "maybe" from the filter is not taken as
    // coverage: it may be a false positive, and a cuckoo relocation can make it go away.
    m_pending.emplace(key);
    m_backend.addDocument(key, document);
    if (m_pending.size() > m_options.maxPending) flushPending();
}

std::size_t RetrievalCache::flushPending() {
    std::size_t inserted = 0;
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (tryInsert(*it)) {
            ++inserted;
            it = m_pending.erase(it);
        } else {
            ++it;
        }
    }
    return inserted;
}

} // namespace bloomlab
