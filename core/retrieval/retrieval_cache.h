// RetrievalCache — the retrieval experiment's Bloom cache: a membership filter in front of a store of
// record. get(query) answers "nothing" at once when the filter says no, else asks the backend.
//
// CONTRACT (no false negatives through the cache):
//   get(q) never returns empty for a query the backend would answer.
// It rests on one invariant, COVERAGE: every key the backend can answer is either in the filter
// or in the exact pending set. The cache keeps it as follows:
//   1. preload(key) — the keys the backend answers when the cache is built (the hot/known
//      queries). They go into the filter; if the filter refuses an insert (a full cuckoo table,
//      a scalable filter at its layer limit) the key goes to the pending set instead, so a refused
//      insert never becomes a false negative.
//   2. addDocument(key, doc) — the store grows through the cache: the backend gets the document
//      and the key goes to the pending set (exact, std::unordered_set). get() asks the backend
//      for pending keys even when the filter says no, so new documents are answered at once.
//   3. PROMOTION — pending keys are counted in a Count-Min Sketch each time they are queried;
//      a key seen more than `promotionThreshold` times is inserted into the filter and leaves
//      the pending set (the seed's "a query seen more than threshold times is added to the
//      filter"). flushPending() inserts all of them (automatically when the set exceeds
//      maxPending), which bounds its memory.
//   Writing to the backend behind the cache's back (not through addDocument) breaks coverage;
//   filters only ever grow, so nothing else can.
//   Why promote instead of inserting every new key at once: the filter's FPR budget is sized
//   for n keys. Frequency admission (like TinyLFU's doorkeeper) gives filter slots to the new
//   keys that are actually queried, and batches the rest; a pending hit costs one exact hash
//   lookup after the filter probe, so a popular new key is worth promoting.
//
// The sketch only counts queries for pending keys (whatever the filter answered for them), so
// the common path (filter probe, then backend; the pending set is skipped while empty) does no
// counting. Counters: every get() is exactly one of filterNegatives (answered
// empty without the backend) or backendCalls, so filterNegatives + backendCalls == queries.
// confirmedFalsePositives: the filter said maybe, the backend had nothing.
//
// GROWING (the serving mode): built from a FilterSpec and a GrowthPolicy, the cache keeps its
// filter in a ServingFilter (core/serving_filter.h: an immutable published snapshot, rebuilt on a
// worker thread from a key source, readers never wait) and monitors it:
//   - every lookup of a key the store does not have is one sample of the monitor's sliding
//     window: a filter "no" (answered without the store), or a confirmed false positive (the
//     filter said maybe, the store had nothing). The window's rate is the measured FPR;
//   - fill and the estimated item count come from the published snapshot's FilterStats.
// With the rebuild action, a threshold that trips (confirmed FPR over the window, fill, estimated
// FPR, refused inserts) starts a rebuild in the background: the worker lists the store of
// record's keys (Backend::forEachKey, so the store must list its keys: scan, hash, sqlite) into a
// filter growth times larger, replays the inserts made meanwhile (promotions, flushes) and
// publishes it. get() keeps answering from the old snapshot meanwhile and never waits on the
// rebuild. COVERAGE still holds: every key the filter was given was in the store first, so the
// listing has it; inserts during the rebuild are in the side log; the pending set is unchanged.
// What get() can still wait for, all short and none for the rebuild's bulk work: a get() that
// promotes a pending key inserts, and an insert waits while the worker holds the writers' gate for
// its last replay round and the pointer swap; the get() whose lookup trips the threshold starts
// the worker thread; addDocument() into an in-memory store waits while a listing runs
// (backend.h). Lookups themselves only read the published snapshot.
// With the reject action the cache monitors only (the same code path, no rebuild): the benchmark
// compares the two. growth() reports the window, fill, estimated count, rebuilds and generation.
//
// Not thread-safe (one owner; the backends are not thread-safe either). The serving mode's
// rebuild worker is the one other thread: it only lists the store (see backend.h) and fills the
// new snapshot; other threads may query servingFilter() directly.
#pragma once

#include "core/any_filter.h"
#include "core/growth_policy.h"
#include "core/serving_filter.h"
#include "core/retrieval/backend.h"
#include "core/retrieval/count_min_sketch.h"
#include "core/retrieval/transparent_hash.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace bloomlab {

struct CacheOptions {
    std::uint32_t promotionThreshold = 2;  ///< promote when a pending key is seen more than this
    double sketchEpsilon = 0.001;          ///< Count-Min error bound (relative to total count)
    double sketchDelta = 0.001;            ///< Count-Min failure probability
    bool conservativeUpdate = true;
    std::size_t maxPending = 4096;         ///< flushPending() when the pending set grows past this
    std::uint64_t sketchSeed = 0x5EED;
};

struct CacheCounters {
    std::uint64_t queries = 0;
    std::uint64_t filterNegatives = 0;        ///< answered empty without calling the backend
    std::uint64_t backendCalls = 0;           ///< filter said maybe, or the key was pending
    std::uint64_t confirmedFalsePositives = 0;  ///< filter said maybe, backend had no document
    std::uint64_t pendingHits = 0;            ///< queries for pending keys (all reach the backend)
    std::uint64_t promotions = 0;             ///< pending keys inserted into the filter
    std::uint64_t refusedInserts = 0;         ///< filter inserts that failed (key kept pending)
};

/// The serving mode's monitoring figures (see GROWING): numbers only.
struct CacheGrowth {
    GrowthAction action = GrowthAction::Reject;
    std::uint64_t windowSamples = 0;          ///< absent-key lookups in the sliding window
    std::uint64_t windowFalsePositives = 0;   ///< of which the store confirmed a false positive
    double windowFpr = 0.0;                   ///< their ratio (0 while the window is empty)
    std::uint32_t window = 0;                 ///< the window's size (0: confirmed-FPR threshold off)
    double fill = 0.0;                        ///< the published filter's fill ratio
    double estimatedItems = 0.0;              ///< items estimated from the fill
    std::uint64_t items = 0;                  ///< inserts into the published filter
    std::uint64_t capacity = 0;               ///< its design capacity
    double estimatedFpr = 0.0;                ///< its FPR expected from the fill
    std::uint64_t rebuilds = 0;               ///< rebuilds published
    std::uint64_t failedRebuilds = 0;         ///< cancelled or failed
    std::uint64_t generation = 0;             ///< published snapshots - 1
    bool rebuilding = false;
    GrowthTrigger lastTrigger = GrowthTrigger::None;
    double lastRebuildSeconds = 0.0;
};

class RetrievalCache {
public:
    /// The backend must outlive the cache. Throws std::invalid_argument on bad sketch options.
    RetrievalCache(AnyFilter filter, Backend& backend, const CacheOptions& options = {});
    /// The serving mode (see GROWING): a ServingFilter built from `spec` under `policy`, checked
    /// every `checkEvery` inserts. Throws std::invalid_argument on a bad spec, policy or options,
    /// and when the policy rebuilds but the store cannot list its keys (the latency store).
    RetrievalCache(const FilterSpec& spec, const GrowthPolicy& policy, Backend& backend,
                   const CacheOptions& options = {}, std::uint32_t checkEvery = 1024);
    ~RetrievalCache();  ///< serving mode: cancels a running rebuild and waits for its worker
    RetrievalCache(const RetrievalCache&) = delete;
    RetrievalCache& operator=(const RetrievalCache&) = delete;

    /// Registers a key the backend can already answer (see CONTRACT 1).
    void preload(std::string_view key);
    template <class Range>
    void preloadAll(const Range& keys) {
        for (const auto& key : keys) preload(key);
    }

    /// The document for `query`, or empty. Never empty for a query the backend would answer.
    std::optional<std::string> get(std::string_view query);
    /// The same, with the filter's answer for `query` given by the caller: a filter asked
    /// elsewhere (a shared one on Redis, asked in batches; see remote_membership.h) that holds
    /// at least the keys of this cache's own filter.
    std::optional<std::string> get(std::string_view query, bool filterSaysMaybe);

    /// Adds a document to the store and keeps coverage (see CONTRACT 2).
    void addDocument(std::string_view key, std::string_view document);

    /// Inserts every pending key into the filter; returns how many went in (refused inserts
    /// stay pending).
    std::size_t flushPending();

    const CacheCounters& counters() const noexcept { return m_counters; }
    void resetCounters() noexcept { m_counters = {}; }
    /// The local filter. std::logic_error in the serving mode (use mightContain, filterStats,
    /// servingFilter).
    const AnyFilter& filter() const;
    /// The filter's answer (the published snapshot's in the serving mode), without counting.
    bool mightContain(std::string_view key);
    FilterStats filterStats() const;
    bool serving() const noexcept { return m_serving != nullptr; }
    /// The serving mode's filter (nullptr otherwise): other threads may query it.
    ServingFilter* servingFilter() noexcept { return m_serving.get(); }
    /// The generation the cache's reader used last (0 outside the serving mode): changes right
    /// after a rebuild is published.
    std::uint64_t filterGeneration() const noexcept { return m_reader ? m_reader->generation() : 0; }
    /// Serving mode: the monitoring figures; empty otherwise.
    std::optional<CacheGrowth> growth() const;
    const CountMinSketch& sketch() const noexcept { return m_sketch; }
    const CacheOptions& options() const noexcept { return m_options; }
    std::size_t pendingCount() const noexcept { return m_pending.size(); }
    bool isPending(std::string_view key) const { return m_pending.contains(key); }
    Backend& backend() noexcept { return m_backend; }

private:
    bool tryInsert(std::string_view key);
    void observeAbsent(bool filterSaidMaybe);

    std::optional<AnyFilter> m_filter;        ///< the local filter, or
    std::unique_ptr<ServingFilter> m_serving;  ///< the serving mode's
    std::optional<ServingFilter::Reader> m_reader;  ///< declared after m_serving: destroyed first
    Backend& m_backend;
    CacheOptions m_options;
    CountMinSketch m_sketch;
    std::unordered_set<std::string, TransparentStringHash, std::equal_to<>> m_pending;
    CacheCounters m_counters;
    std::uint32_t m_window = 0;  ///< the monitor's window size (serving mode, confirmed-FPR threshold on)
};

} // namespace bloomlab
