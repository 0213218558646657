// ServingFilter: snapshot publication, the side log and the rebuild worker (see the header).
#include "core/serving_filter.h"

#include "core/errors.h"
#include "core/key_reader.h"

#include <chrono>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace bloomlab {

namespace {

bool isLockFreeType(FilterType type) noexcept {
    return type == FilterType::Classic || type == FilterType::Blocked;
}

/// Thrown from the key sink when the rebuild is cancelled, to leave the key source early.
struct RebuildCancelled {};

/// Side-log entries replayed per round while writers go on; the last round, under the exclusive
/// gate, is at most this long (plus what arrived meanwhile).
constexpr std::size_t kReplayRound = 1024;

/// Filters a rebuild tries (each growth times larger than the last) before it gives up.
constexpr std::uint32_t kRebuildAttempts = 4;

} // namespace

// ---- ServingSnapshot ----------------------------------------------------------------------

ServingSnapshot::ServingSnapshot(const FilterSpec& spec, std::uint64_t generation)
    : m_spec(spec), m_generation(generation) {
    AnyFilter filter = AnyFilter::create(spec);
    m_supportsErase = filter.supportsErase();
    if (isLockFreeType(spec.type)) {
        m_lockFree.emplace(std::move(filter));
    } else {
        m_locked.emplace(std::move(filter));
    }
}

bool ServingSnapshot::mightContain(std::string_view key) const {
    return m_lockFree ? m_lockFree->mightContain(key) : m_locked->mightContain(key);
}

FilterStats ServingSnapshot::stats() const {
    return m_lockFree ? m_lockFree->stats() : m_locked->stats();
}

bool ServingSnapshot::insert(std::string_view key) {
    return m_lockFree ? m_lockFree->insert(key) : m_locked->insert(key);
}

bool ServingSnapshot::erase(std::string_view key) {
    if (!m_supportsErase) {
        throw std::logic_error(std::string(filterTypeName(m_spec.type)) +
                               " filters cannot erase keys (clearing shared bits would create false negatives); "
                               "use a counting or cuckoo filter");
    }
    return m_locked->erase(key);  // counting and cuckoo are the locked kinds
}

void ServingSnapshot::setWriters(Writers writers) noexcept {
    if (m_lockFree) {
        m_lockFree->setWriters(writers);
    }
}

// ---- ServingFilter ------------------------------------------------------------------------

ServingFilter::KeySource ServingFilter::keyFileSource(std::string path) {
    return [path = std::move(path)](const KeySink& sink) { forEachKey(path, sink); };
}

ServingFilter::ServingFilter(const FilterSpec& spec, Options options)
    : m_options(std::move(options)), m_monitor(m_options.policy.thresholds) {
    validateGrowthPolicy(m_options.policy);
    if (m_options.checkEvery == 0) {
        throwInvalidArgument("checkEvery (inserts between growth checks) must be at least 1; got 0");
    }
    m_published = std::make_shared<ServingSnapshot>(spec, 0);
    m_current.store(m_published.get(), std::memory_order_seq_cst);
    m_rebuildStats.action = m_options.policy.action;
}

ServingFilter::ServingFilter(const FilterSpec& spec) : ServingFilter(spec, Options{}) {}

ServingFilter::~ServingFilter() {
    std::jthread worker;
    {
        std::lock_guard lock(m_workerMutex);
        worker = std::move(m_worker);
    }
    if (worker.joinable()) {
        worker.request_stop();
        worker.join();
    }
}

unsigned ServingFilter::enterRead() const noexcept {
    for (;;) {
        const std::uint64_t epoch = m_epoch.load(std::memory_order_seq_cst);
        const auto slot = static_cast<unsigned>(epoch & 1);
        m_readers[slot].count.fetch_add(1, std::memory_order_seq_cst);
        if (m_epoch.load(std::memory_order_seq_cst) == epoch) {
            return slot;  // registered in the epoch that is current: a retirement waits for us
        }
        m_readers[slot].count.fetch_sub(1, std::memory_order_seq_cst);  // flipped meanwhile: again
    }
}

void ServingFilter::leaveRead(unsigned slot) const noexcept {
    m_readers[slot].count.fetch_sub(1, std::memory_order_seq_cst);
}

void ServingFilter::publish(std::shared_ptr<ServingSnapshot> fresh) {
    // Called by the worker under the exclusive gate (no writer holds the old pointer).
    std::shared_ptr<ServingSnapshot> old = std::move(m_published);
    m_published = std::move(fresh);
    m_current.store(m_published.get(), std::memory_order_seq_cst);
    m_retired = std::move(old);
}

void ServingFilter::retire() {
    // Readers that registered before this flip may still hold the old pointer; those after it
    // load the new one. Wait for the first kind to leave, then drop the filter's reference (a
    // Reader handle may still own the old snapshot; the last owner frees it).
    const std::uint64_t epoch = m_epoch.fetch_add(1, std::memory_order_seq_cst);
    while (m_readers[epoch & 1].count.load(std::memory_order_seq_cst) != 0) {
        std::this_thread::yield();
    }
    m_retired.reset();
}

bool ServingFilter::mightContain(std::string_view key) const {
    const unsigned slot = enterRead();
    const bool maybe = m_current.load(std::memory_order_seq_cst)->mightContain(key);
    leaveRead(slot);
    return maybe;
}

std::shared_ptr<const ServingSnapshot> ServingFilter::snapshot() const {
    const unsigned slot = enterRead();
    std::shared_ptr<const ServingSnapshot> current = m_current.load(std::memory_order_seq_cst)->shared_from_this();
    leaveRead(slot);
    return current;
}

ServingFilter::Reader::Reader(const ServingFilter& owner)
    : m_owner(&owner), m_snapshot(owner.snapshot()), m_generation(m_snapshot->generation()) {}

bool ServingFilter::Reader::mightContain(std::string_view key) {
    // Publication stores the pointer, then the generation (release): a reader that sees the new
    // generation loads the new pointer; one that sees the old may query the old snapshot, which
    // holds every key inserted before the swap.
    if (m_owner->m_generation.load(std::memory_order_acquire) != m_generation) {
        m_snapshot = m_owner->snapshot();
        m_generation = m_snapshot->generation();
    }
    return m_snapshot->mightContain(key);
}

bool ServingFilter::insert(std::string_view key) {
    bool inserted = false;
    {
        std::shared_lock gate(m_writeGate);
        inserted = m_current.load(std::memory_order_acquire)->insert(key);
        if (m_logging) {
            std::lock_guard log(m_logMutex);
            m_log.push_back({LogOp::Insert, std::string(key)});
            ++m_loggedInserts[std::string(key)];
        }
    }
    afterInsert();
    return inserted;
}

bool ServingFilter::erase(std::string_view key) {
    std::shared_lock gate(m_writeGate);
    const bool erased = m_current.load(std::memory_order_acquire)->erase(key);
    if (m_logging && erased) {
        std::lock_guard log(m_logMutex);
        const auto logged = m_loggedInserts.find(std::string(key));
        if (logged != m_loggedInserts.end() && logged->second > 0) {
            --logged->second;  // cancels a copy the replay adds: safe to remove from the new snapshot
            m_log.push_back({LogOp::Erase, std::string(key)});
        } else {
            std::lock_guard stats(m_statsMutex);
            ++m_rebuildStats.erasesNotReplayed;
        }
    }
    return erased;
}

void ServingFilter::afterInsert() {
    if (m_options.policy.action != GrowthAction::Rebuild ||
        (m_insertsSinceCheck.fetch_add(1, std::memory_order_relaxed) + 1) % m_options.checkEvery != 0) {
        return;
    }
    std::unique_lock lock(m_monitorMutex, std::try_to_lock);
    if (!lock.owns_lock()) {
        return;  // another writer is checking right now
    }
    const GrowthTrigger trigger = m_monitor.observe(snapshot()->stats());
    checkGrowth(lock, trigger);
}

void ServingFilter::observeAbsentKey(bool filterSaidMaybe) {
    std::unique_lock lock(m_monitorMutex);
    const GrowthTrigger trigger = m_monitor.observeAbsentKey(filterSaidMaybe);
    checkGrowth(lock, trigger);
}

void ServingFilter::checkGrowth(std::unique_lock<std::mutex>& monitorLock, GrowthTrigger trigger) {
    if (trigger == GrowthTrigger::None || m_options.policy.action != GrowthAction::Rebuild || rebuilding() ||
        !m_options.keySource) {
        return;
    }
    monitorLock.unlock();
    startRebuild(0);
}

namespace {

/// `spec` for `capacity` items; a size-given spec keeps its bits per item.
FilterSpec specFor(FilterSpec spec, std::uint64_t capacity) {
    if (spec.bits != 0 && spec.capacity != 0) {
        spec.bits = static_cast<std::uint64_t>(
            std::ceil(static_cast<double>(spec.bits) * static_cast<double>(capacity) / static_cast<double>(spec.capacity)));
    }
    spec.capacity = capacity;
    return spec;
}

} // namespace

bool ServingFilter::startRebuild(std::uint64_t capacity) {
    std::lock_guard worker(m_workerMutex);
    if (!m_options.keySource || m_rebuilding.load(std::memory_order_acquire)) {
        return false;
    }
    if (m_worker.joinable()) {
        m_worker.join();  // the previous rebuild has finished (m_rebuilding is false)
    }
    const std::shared_ptr<const ServingSnapshot> current = snapshot();
    if (capacity == 0) {
        const double base = static_cast<double>(std::max(current->spec().capacity, current->stats().items));
        capacity = static_cast<std::uint64_t>(std::ceil(m_options.policy.growth * base));
    }
    const FilterSpec spec = specFor(current->spec(), capacity);
    {
        std::unique_lock gate(m_writeGate);  // from here on every insert is logged
        m_logging = true;
        std::lock_guard log(m_logMutex);
        m_log.clear();
        m_loggedInserts.clear();
    }
    m_rebuilding.store(true, std::memory_order_release);
    // The clock starts here, not in the worker: on a busy machine the new thread may wait for a
    // core, and that wait is part of how long readers keep the old snapshot.
    const auto requested = std::chrono::steady_clock::now();
    m_worker = std::jthread(
        [this, spec, requested](const std::stop_token& stop) { runRebuild(stop, spec, requested); });
    return true;
}

std::uint64_t ServingFilter::replay(ServingSnapshot& fresh, const std::vector<LogEntry>& entries) {
    std::uint64_t refused = 0;
    for (const LogEntry& entry : entries) {
        if (entry.op == LogOp::Insert) {
            refused += fresh.insert(entry.key) ? 0 : 1;
        } else {
            fresh.erase(entry.key);
        }
    }
    return refused;
}

void ServingFilter::runRebuild(const std::stop_token& stop, FilterSpec spec,
                               std::chrono::steady_clock::time_point start) {
    const auto checkStop = [&stop] {
        if (stop.stop_requested()) {
            throw RebuildCancelled{};
        }
    };
    try {
        const std::uint64_t generation = m_generation.load(std::memory_order_acquire) + 1;
        std::vector<LogEntry> replayed;  // every log entry taken so far, for a retry
        for (std::uint32_t attempt = 0;; ++attempt) {
            // A filter that refuses a key (a cuckoo table too small for what arrived meanwhile)
            // is never published: the attempt starts over, growth times larger.
            if (attempt == kRebuildAttempts) {
                throw std::runtime_error("every filter tried, up to a capacity of " + numberText(spec.capacity) +
                                         " items, refused keys; rebuild with a larger capacity");
            }
            if (attempt > 0) {
                spec = specFor(spec, static_cast<std::uint64_t>(std::ceil(m_options.policy.growth *
                                                                           static_cast<double>(spec.capacity))));
            }
            auto fresh = std::make_shared<ServingSnapshot>(spec, generation);
            fresh->setWriters(Writers::One);  // only this thread writes it until it is published
            std::uint64_t keys = 0;
            std::uint64_t refused = 0;
            m_options.keySource([&](std::string_view key) {
                checkStop();
                refused += fresh->insert(key) ? 0 : 1;
                ++keys;
            });
            refused += replay(*fresh, replayed);
            const auto takeLog = [&](std::vector<LogEntry>& batch) {
                {
                    std::lock_guard log(m_logMutex);
                    batch.swap(m_log);
                }
                const std::size_t taken = batch.size();
                refused += replay(*fresh, batch);
                replayed.insert(replayed.end(), std::make_move_iterator(batch.begin()),
                                std::make_move_iterator(batch.end()));
                batch.clear();
                return taken;
            };
            std::vector<LogEntry> batch;
            std::size_t taken = 0;
            do {  // replay in rounds while writers go on, until a round is short
                taken = takeLog(batch);
                checkStop();
            } while (refused == 0 && taken >= kReplayRound);
            if (refused != 0) {
                continue;
            }
            std::uint64_t failedNow = 0;
            {
                std::unique_lock gate(m_writeGate);  // writers pause here; readers do not
                takeLog(batch);
                if (refused != 0) {
                    continue;
                }
                fresh->setWriters(Writers::Many);
                failedNow = fresh->stats().failedInserts;
                publish(fresh);
                m_generation.store(generation, std::memory_order_release);
                m_logging = false;
                std::lock_guard log(m_logMutex);
                m_loggedInserts.clear();
            }
            retire();  // outside the gate: writers go on while old readers finish
            {
                std::lock_guard monitor(m_monitorMutex);
                m_monitor.grown(failedNow);
            }
            std::lock_guard stats(m_statsMutex);
            ++m_rebuildStats.rebuilds;
            m_rebuildStats.lastRebuildKeys = keys;
            m_rebuildStats.lastReplayedOps = replayed.size();
            m_rebuildStats.lastRebuildSeconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            m_lastError.clear();
            break;
        }
    } catch (const RebuildCancelled&) {
        std::lock_guard stats(m_statsMutex);
        ++m_rebuildStats.failedRebuilds;
        m_lastError = "the rebuild was cancelled";
    } catch (const std::exception& e) {
        std::lock_guard stats(m_statsMutex);
        ++m_rebuildStats.failedRebuilds;
        m_lastError = std::string("the rebuild failed: ") + e.what();
    }
    {
        std::unique_lock gate(m_writeGate);
        if (m_logging) {  // not published: stop logging, the published snapshot has every key
            m_logging = false;
            std::lock_guard log(m_logMutex);
            m_log.clear();
            m_loggedInserts.clear();
        }
    }
    m_rebuilding.store(false, std::memory_order_release);
}

void ServingFilter::waitForRebuild() {
    std::lock_guard worker(m_workerMutex);
    if (m_worker.joinable()) {
        m_worker.join();
    }
}

ServingStats ServingFilter::stats() const {
    ServingStats s;
    {
        std::lock_guard stats(m_statsMutex);
        s = m_rebuildStats;
    }
    const std::shared_ptr<const ServingSnapshot> current = snapshot();
    s.filter = current->stats();
    s.generation = current->generation();
    {
        std::lock_guard monitor(m_monitorMutex);
        s.monitor = m_monitor.stats();
    }
    s.rebuilding = rebuilding();
    return s;
}

std::string ServingFilter::lastRebuildError() const {
    std::lock_guard stats(m_statsMutex);
    return m_lastError;
}

} // namespace bloomlab
