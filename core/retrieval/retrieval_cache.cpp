#include "core/retrieval/retrieval_cache.h"

#include <stdexcept>
#include <vector>

namespace bloomlab {

namespace {

ServingFilter::Options servingOptions(const GrowthPolicy& policy, Backend& backend, std::uint32_t checkEvery) {
    if (policy.action == GrowthAction::Tier)
        throw std::invalid_argument("a retrieval cache grows by rebuilding from its store (rebuild) or not at all "
                                    "(reject); got the tier action");
    if (policy.action == GrowthAction::Rebuild && !backend.listsKeys())
        throw std::invalid_argument("the " + backend.name() +
                                    " store cannot list its keys, so the cache cannot rebuild its filter from it "
                                    "(scan, hash and sqlite can)");
    ServingFilter::Options options;
    options.policy = policy;
    options.checkEvery = checkEvery;
    if (backend.listsKeys())
        options.keySource = [&backend](const ServingFilter::KeySink& sink) { backend.forEachKey(sink); };
    return options;
}

} // namespace

RetrievalCache::RetrievalCache(AnyFilter filter, Backend& backend, const CacheOptions& options)
    : m_filter(std::move(filter)),
      m_backend(backend),
      m_options(options),
      m_sketch(CountMinSketch::forError(options.sketchEpsilon, options.sketchDelta,
                                        options.conservativeUpdate, options.sketchSeed)) {}

RetrievalCache::RetrievalCache(const FilterSpec& spec, const GrowthPolicy& policy, Backend& backend,
                               const CacheOptions& options, std::uint32_t checkEvery)
    : m_serving(std::make_unique<ServingFilter>(spec, servingOptions(policy, backend, checkEvery))),
      m_backend(backend),
      m_options(options),
      m_sketch(CountMinSketch::forError(options.sketchEpsilon, options.sketchDelta,
                                        options.conservativeUpdate, options.sketchSeed)) {
    m_reader.emplace(*m_serving);
    m_window = policy.thresholds.confirmedFpr != 0.0 ? policy.thresholds.confirmedWindow : 0;
}

RetrievalCache::~RetrievalCache() = default;

const AnyFilter& RetrievalCache::filter() const {
    if (!m_filter)
        throw std::logic_error("a growing retrieval cache has no single filter: use mightContain(), filterStats() "
                               "or servingFilter()");
    return *m_filter;
}

bool RetrievalCache::mightContain(std::string_view key) {
    return m_reader ? m_reader->mightContain(key) : m_filter->mightContain(key);
}

FilterStats RetrievalCache::filterStats() const {
    return m_serving ? m_serving->snapshot()->stats() : m_filter->stats();
}

void RetrievalCache::observeAbsent(bool filterSaidMaybe) {
    if (m_serving) m_serving->observeAbsentKey(filterSaidMaybe);
}

std::optional<CacheGrowth> RetrievalCache::growth() const {
    if (!m_serving) return std::nullopt;
    const ServingStats s = m_serving->stats();
    CacheGrowth g;
    g.action = s.action;
    g.windowSamples = s.monitor.windowSamples;
    g.windowFalsePositives = s.monitor.windowFalsePositives;
    g.window = m_window;
    g.windowFpr = s.monitor.windowFpr;
    g.fill = s.filter.fillRatio;
    g.estimatedItems = s.filter.estimatedItems;
    g.items = s.filter.items;
    g.capacity = s.filter.capacity;
    g.estimatedFpr = s.filter.estimatedFpr;
    g.rebuilds = s.rebuilds;
    g.failedRebuilds = s.failedRebuilds;
    g.generation = s.generation;
    g.rebuilding = s.rebuilding;
    g.lastTrigger = s.monitor.lastTrigger;
    g.lastRebuildSeconds = s.lastRebuildSeconds;
    return g;
}

bool RetrievalCache::tryInsert(std::string_view key) {
    if (m_serving ? m_serving->insert(key) : m_filter->insert(key)) return true;
    ++m_counters.refusedInserts;
    return false;
}

void RetrievalCache::preload(std::string_view key) {
    if (!tryInsert(key)) m_pending.emplace(key);
}

std::optional<std::string> RetrievalCache::get(std::string_view query) {
    return get(query, mightContain(query));
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
        observeAbsent(false);  // no false negatives: a "no" is a certain absence
        return std::nullopt;
    }
    ++m_counters.backendCalls;
    std::optional<std::string> result = m_backend.lookup(query);
    if (!result) {
        if (maybe) ++m_counters.confirmedFalsePositives;
        observeAbsent(maybe);
    }
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
