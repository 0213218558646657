// ServingFilter — a filter in service that is rebuilt larger in the background while readers
// keep querying it without locks: immutable snapshot publication.
//
// DESIGN
//   published ──► ServingSnapshot g      (generation g: geometry fixed once published)
//                    ▲  readers: load the pointer, query, never lock
//                    │  writers: shared gate, insert into g (+ side log while rebuilding)
//   rebuild worker:  ServingSnapshot g+1, private until published
//                    1. list the store of record's keys (KeySource) into it (Writers::One)
//                    2. replay the side log in rounds while writers go on
//                    3. exclusive gate (writers pause, readers do not): replay the rest,
//                       publish g+1, stop logging
//
//   Publication: an epoch scheme (two reader counters), not std::atomic<std::shared_ptr>.
//   GCC 12's std::atomic<std::shared_ptr> is NOT lock-free (is_lock_free() is false): it uses
//   the low bit of the control-block pointer as a spinlock around the reference-count update,
//   and its load() releases that bit with memory_order_relaxed, so there is no happens-before
//   between a reader's read of the pointer and the next store's write: ThreadSanitizer reports it
//   as a data race (tst_concurrency_growth did, under dev-tsan). Here readers load a plain
//   std::atomic<ServingSnapshot*> (one load, wait-free) inside a read section: they add 1 to the
//   counter of the current epoch's parity, re-check that the epoch did not move (else retry) and
//   subtract 1 when done. Publication stores the new pointer, flips the epoch, and waits — on
//   the worker, never on a reader — until the old parity's counter is 0; then no reader can hold
//   the old pointer and the filter drops its reference. All of it is seq_cst: a reader that saw
//   the new epoch loads the new pointer; one registered in the old epoch is waited for.
//   Lifetime is still shared_ptr (ServingSnapshot is enable_shared_from_this): snapshot() takes
//   a reference inside a read section, and ServingFilter::Reader keeps one across queries and
//   checks one atomic generation counter per query (an acquire load, no read-modify-write),
//   reloading only when the generation moved; the last owner frees an old snapshot.
//   Snapshots are immutable in geometry (the filter object is never replaced in place); keys keep
//   arriving through the filter's own thread-safe insert: classic and blocked Bloom are lock-free
//   (atomic OR), every other type sits behind a SynchronizedFilter (any_filter.h), whose shared
//   lock the readers take — the rebuild never holds it.
//
//   Inserts during a rebuild: side log, not double writes. An insert goes to the published
//   snapshot (readers see it at once) and to the log; the worker replays the log into the new
//   snapshot before publishing. Double writes would have to insert into a filter the worker is
//   bulk-loading (so no single-writer fast path) and would apply erases to a filter that may not
//   hold the key yet — and a cuckoo or counting erase of a key that is not there removes someone
//   else's fingerprint: a false negative. With the log, an erase during a rebuild is replayed
//   only when it cancels an insert logged in the same rebuild (a copy the replay itself adds);
//   any other erase leaves the new snapshot with the key (a stale "maybe", counted in
//   erasesNotReplayed), never a false negative.
//   KeySource contract: it lists every key whose insert() began before startRebuild() (write to
//   the store of record before inserting into the filter); keys inserted later are in the log.
//   A new snapshot that refuses a key (a cuckoo table too small for what arrived meanwhile) is
//   never published: the worker starts over with a filter growth times larger (4 attempts), so
//   a published snapshot always holds every listed and logged key. The log lives in memory
//   until the swap (one string per insert during the rebuild).
//   Growth: with the rebuild policy, every checkEvery inserts the GrowthMonitor observes the
//   snapshot's stats, and observeAbsentKey() feeds it backend-confirmed false positives; a trip
//   starts a rebuild to ceil(growth x max(capacity, items)) if none is running.
//   No reader waits on a rebuild and no reader sees a false negative (tst_concurrency_growth:
//   4 readers query keys inserted before, during and after rebuilds).
#pragma once

#include "core/any_filter.h"
#include "core/filter_stats.h"
#include "core/growth_policy.h"

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

namespace bloomlab {

/// One published generation of a ServingFilter's filter.
class ServingSnapshot : public std::enable_shared_from_this<ServingSnapshot> {
public:
    /// Builds AnyFilter::create(spec); classic and blocked are used directly (lock-free), the
    /// others behind a SynchronizedFilter. Throws std::invalid_argument on a bad spec.
    ServingSnapshot(const FilterSpec& spec, std::uint64_t generation);
    ServingSnapshot(const ServingSnapshot&) = delete;
    ServingSnapshot& operator=(const ServingSnapshot&) = delete;

    bool mightContain(std::string_view key) const;
    FilterStats stats() const;
    std::uint64_t generation() const noexcept { return m_generation; }
    const FilterSpec& spec() const noexcept { return m_spec; }
    bool lockFree() const noexcept { return m_lockFree.has_value(); }

    // Thread-safe; the ServingFilter's writers call them.
    bool insert(std::string_view key);
    bool erase(std::string_view key);  ///< std::logic_error for types that cannot delete
    bool supportsErase() const noexcept { return m_supportsErase; }
    /// Writers::One while only the rebuild worker fills it, Writers::Many once published.
    void setWriters(Writers writers) noexcept;

private:
    FilterSpec m_spec;
    std::uint64_t m_generation = 0;
    bool m_supportsErase = false;
    std::optional<AnyFilter> m_lockFree;           ///< classic, blocked
    std::optional<SynchronizedFilter> m_locked;    ///< counting, scalable, cuckoo
};

/// A ServingFilter's state: numbers only.
struct ServingStats {
    FilterStats filter;                 ///< the published snapshot's
    GrowthMonitorStats monitor;
    GrowthAction action = GrowthAction::Reject;
    std::uint64_t generation = 0;       ///< published snapshots so far - 1
    std::uint64_t rebuilds = 0;         ///< rebuilds published
    std::uint64_t failedRebuilds = 0;   ///< cancelled or failed (lastRebuildError says why)
    double lastRebuildSeconds = 0.0;    ///< startRebuild() to publication of the last published rebuild
    std::uint64_t lastRebuildKeys = 0;  ///< keys the key source listed for it
    std::uint64_t lastReplayedOps = 0;  ///< side-log entries replayed into it
    std::uint64_t erasesNotReplayed = 0;  ///< erases during rebuilds kept out of the new snapshot
    bool rebuilding = false;
};

class ServingFilter {
public:
    using KeySink = std::function<void(std::string_view)>;
    /// Calls the sink once per key of the store of record (a scan, a table, a key file).
    using KeySource = std::function<void(const KeySink&)>;
    /// The keys of a file, one per line (core/key_reader), read when the rebuild runs.
    static KeySource keyFileSource(std::string path);

    struct Options {
        GrowthPolicy policy;          ///< rebuild: the monitor's trips start rebuilds
        KeySource keySource;          ///< needed for any rebuild
        std::uint32_t checkEvery = 4096;  ///< inserts between monitor observations (>= 1)
    };

    /// Throws std::invalid_argument on a bad spec or policy.
    ServingFilter(const FilterSpec& spec, Options options);
    explicit ServingFilter(const FilterSpec& spec);  ///< reject policy, no key source
    ~ServingFilter();  ///< cancels a running rebuild and waits for its worker
    ServingFilter(const ServingFilter&) = delete;
    ServingFilter& operator=(const ServingFilter&) = delete;

    /// Never waits for a rebuild or a writer: two counter updates and a pointer load around the
    /// query (see DESIGN); thread-safe.
    bool mightContain(std::string_view key) const;
    std::shared_ptr<const ServingSnapshot> snapshot() const;

    /// A per-thread reader: keeps its snapshot and checks the generation counter per query.
    /// Must not outlive its ServingFilter.
    class Reader {
    public:
        explicit Reader(const ServingFilter& owner);
        bool mightContain(std::string_view key);
        std::uint64_t generation() const noexcept { return m_generation; }

    private:
        const ServingFilter* m_owner;
        std::shared_ptr<const ServingSnapshot> m_snapshot;
        std::uint64_t m_generation = 0;
    };

    /// Thread-safe. false when the filter refused the key (a full cuckoo table): the key is not
    /// represented until a rebuild lists it.
    bool insert(std::string_view key);
    /// Thread-safe; counting and cuckoo only (std::logic_error otherwise).
    bool erase(std::string_view key);
    /// The store of record did not have a key the filter was asked about: filterSaidMaybe = it
    /// was a confirmed false positive. Feeds the monitor's window (may start a rebuild).
    void observeAbsentKey(bool filterSaidMaybe);

    /// Starts a rebuild to `capacity` items (0: ceil(growth x max(capacity, items))). false when
    /// one is running or there is no key source.
    bool startRebuild(std::uint64_t capacity = 0);
    /// Waits until no rebuild is running (returns at once when none is).
    void waitForRebuild();
    bool rebuilding() const noexcept { return m_rebuilding.load(std::memory_order_acquire); }
    ServingStats stats() const;
    std::string lastRebuildError() const;

private:
    enum class LogOp : std::uint8_t { Insert, Erase };
    struct LogEntry {
        LogOp op;
        std::string key;
    };
    void runRebuild(const std::stop_token& stop, FilterSpec spec, std::chrono::steady_clock::time_point start);
    /// Applies log entries to the new snapshot; returns the inserts it refused.
    static std::uint64_t replay(ServingSnapshot& fresh, const std::vector<LogEntry>& entries);
    void afterInsert();
    void checkGrowth(std::unique_lock<std::mutex>& monitorLock, GrowthTrigger trigger);

    Options m_options;
    /// Epoch read section (see DESIGN): returns the reader-count slot to leave.
    unsigned enterRead() const noexcept;
    void leaveRead(unsigned slot) const noexcept;
    void publish(std::shared_ptr<ServingSnapshot> fresh);  ///< under the exclusive gate
    void retire();                                         ///< waits out the old epoch's readers

    std::atomic<ServingSnapshot*> m_current{nullptr};  ///< what readers load
    std::shared_ptr<ServingSnapshot> m_published;      ///< owns *m_current; changed by publish()
    std::shared_ptr<ServingSnapshot> m_retired;        ///< the previous one until retire()
    struct alignas(64) ReaderCount {
        std::atomic<std::uint64_t> count{0};
    };
    mutable std::atomic<std::uint64_t> m_epoch{0};
    mutable std::array<ReaderCount, 2> m_readers;  ///< readers inside a section, by epoch parity
    std::atomic<std::uint64_t> m_generation{0};

    // Writers: shared; the rebuild's start and publication: exclusive. Readers never take it.
    std::shared_mutex m_writeGate;
    bool m_logging = false;  ///< guarded by m_writeGate
    std::mutex m_logMutex;
    std::vector<LogEntry> m_log;
    std::unordered_map<std::string, std::uint64_t> m_loggedInserts;  ///< this rebuild's, per key

    std::atomic<std::uint64_t> m_insertsSinceCheck{0};
    mutable std::mutex m_monitorMutex;
    GrowthMonitor m_monitor;

    mutable std::mutex m_statsMutex;  ///< the rebuild figures of ServingStats, the error
    ServingStats m_rebuildStats;
    std::string m_lastError;

    std::mutex m_workerMutex;
    std::atomic<bool> m_rebuilding{false};
    std::jthread m_worker;
};

} // namespace bloomlab
