// FilterSession — the filter the explorer works on, shared by the parameter panel, the bit view
// and the false-positive counter. It owns the filter, remembers the keys inserted into it (the
// ground truth for "false positive" and for "which keys set this bit"), and counts false
// positives on absent keys.
//
// Threads: everything here runs on the GUI thread, except two long jobs (insert a key file,
// fill to 2n while measuring the FPR). A job takes the whole state by move, works on it alone on
// the worker thread and hands it back when it ends (also when cancelled), so no filter is ever
// shared between threads; meanwhile filter() is nullptr and the views show "busy".
// Rebuilds from the sliders are coalesced: requestSpec() waits for the sliders to rest.
// Growth: a cuckoo filter with the tier policy adds tables as keys arrive (the bit view shows
// one strip per tier); with the rebuild policy the session is the key source — it knows every
// key it inserted (remembered and generated fill keys) — so a tripped threshold rebuilds the
// filter larger from them, on the worker during a fill. Each step is told in one line a student
// can follow (growthEvent, growthLog(), the fill's progress text and summary).
#pragma once

#include "core/any_filter.h"
#include "core/retrieval/transparent_hash.h"
#include "ui/background_worker.h"
#include "ui/filter_probe.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace bloomlab::ui {

/// One measured point of FPR against the number of items inserted.
struct FprPoint {
    std::uint64_t items = 0;
    std::uint64_t tested = 0;
    std::uint64_t falsePositives = 0;
};

enum class Truth : std::uint8_t { Inserted, Absent, Unknown };

struct KeyOutcome {
    std::string key;
    bool inserted = false;   ///< the operation was an insert
    bool accepted = true;    ///< insert: the filter took the key (cuckoo/scalable may refuse)
    bool maybe = false;      ///< query: mightContain
    Truth truth = Truth::Unknown;
    std::vector<CellMark> marks;
    std::vector<CuckooKick> kicks;
};

class FilterSession : public QObject {
    Q_OBJECT

public:
    /// Largest structure the explorer allocates; bigger n/p are shown by the calculator only.
    static constexpr std::uint64_t kMaxFilterBytes = std::uint64_t{256} << 20;
    /// Keys remembered for ground truth and teaching; beyond this truth becomes "unknown".
    static constexpr std::size_t kMaxRememberedKeys = 2'000'000;
    /// Remembered keys re-inserted synchronously when the parameters change.
    static constexpr std::size_t kMaxReinsertedKeys = 200'000;
    /// Prefix of the generated absent keys and of the generated fill keys.
    static constexpr std::string_view kAbsentPrefix = "~absent#";
    static constexpr std::string_view kFillPrefix = "~fill#";

    explicit FilterSession(QObject* parent = nullptr);
    ~FilterSession() override;

    const FilterSpec& spec() const noexcept { return m_spec; }
    /// Rebuild now with new parameters (remembered keys are re-inserted when there are at most
    /// kMaxReinsertedKeys). On error (bad parameters, too large) the old filter stays, false is
    /// returned, errorOccurred is emitted and refusedSpecMessage() says why until a spec is
    /// built or a file loaded.
    bool setSpec(const FilterSpec& spec);
    /// Why the last requested spec was not built (the filter shown is the one before it); empty
    /// when the filter is the one last asked for.
    QString refusedSpecMessage() const { return m_refusedSpec; }
    /// Coalesced setSpec: applied once the calls stop for `delayMs`.
    void requestSpec(const FilterSpec& spec, int delayMs = 120);
    /// Bytes the structure for `spec` needs (planFilter, before allocating).
    static std::uint64_t estimateBytes(const FilterSpec& spec);

    /// nullptr while a background job owns the filter.
    const AnyFilter* filter() const noexcept { return m_state->filter ? &*m_state->filter : nullptr; }
    bool busy() const noexcept { return m_busy; }

    KeyOutcome insertKey(const std::string& key);
    KeyOutcome queryKey(const std::string& key);
    const std::optional<KeyOutcome>& lastOutcome() const noexcept { return m_last; }
    /// Ground truth for a key (Unknown for loaded filters or when too many keys were inserted).
    Truth truthOf(std::string_view key) const;
    /// Inserted keys (remembered ones) that map to this cell; stops after `limit`.
    std::vector<std::string> keysSettingCell(std::uint32_t layer, std::uint64_t index, std::size_t limit = 8) const;

    /// Tests `count` new absent keys; returns how many were false positives.
    std::uint64_t testAbsentKeys(std::uint64_t count);
    std::uint64_t absentTested() const noexcept { return m_tested; }
    std::uint64_t falsePositives() const noexcept { return m_falsePositives; }
    /// Keys queried by hand (queryKey) that are known absent, and how many of them the filter
    /// answered "maybe" for: known false positives. Counted apart from the generated absent keys
    /// (each query counts, a repeated one again); both restart when the contents change.
    std::uint64_t manualAbsentQueries() const noexcept { return m_manualAbsent; }
    std::uint64_t manualFalsePositives() const noexcept { return m_manualFalsePositives; }
    const std::vector<FprPoint>& measuredPoints() const noexcept { return m_points; }
    std::uint64_t rememberedKeyCount() const noexcept { return m_state->order.size(); }
    bool keysKnown() const noexcept { return m_state->keysComplete; }

    void clear();

    /// The growth steps of this filter so far (growthEvent's lines), oldest first.
    const QStringList& growthLog() const noexcept { return m_growthLog; }

    /// Background: insert every line of a text file (progress, cancellable). A line's bytes are
    /// its key, a '\r' before the '\n' included (as the CLI reads it), unless
    /// `stripCarriageReturn`: then a CRLF file gives the same keys as typed ones.
    bool insertKeysFromFile(const QString& path, bool stripCarriageReturn = false);
    /// Lines ending in "\r\n" among the first `scanBytes` bytes of a file (0 when it cannot be read).
    static std::uint64_t crlfLineCount(const QString& path, qint64 scanBytes = qint64{1} << 20);
    /// Background: insert generated keys up to `targetItems`, measuring the FPR `steps` times.
    bool fillAndMeasure(std::uint64_t targetItems, int steps, std::uint64_t probesPerStep);
    void cancelJob();

    /// Throws FilterIoError (message for the user).
    void loadFromFile(const QString& path);
    /// Works on `filter` from now on (as loadFromFile does with a loaded one); `keysKnown`: its
    /// keys are all known (none were inserted), else truth is "unknown". Throws FilterIoError
    /// while a background job runs.
    void adoptFilter(AnyFilter filter, bool keysKnown);
    void saveToFile(const QString& path) const;

signals:
    void filterReset();                               ///< a new filter object (geometry changed)
    void filterChanged();                             ///< contents changed
    void cellsChanged(const std::vector<CellMark>& cells);  ///< only these cells changed
    void lastOutcomeChanged();
    void countersChanged();
    void busyChanged(bool busy);
    void jobProgress(int percent, const QString& stage);
    void jobFinished(const QString& summary);
    /// A tier was added or the filter rebuilt: one sentence saying what happened and why.
    void growthEvent(const QString& line);
    void errorOccurred(const QString& message);

private:
    struct State {
        std::optional<AnyFilter> filter;
        // Each remembered key is stored once, in the set; `order` points at the set's nodes
        // (stable across rehashing) to keep insertion order for re-inserting.
        std::unordered_set<std::string, TransparentStringHash, std::equal_to<>> keySet;
        std::vector<const std::string*> order;
        bool keysComplete = true;
        std::uint64_t fillKeys = 0;  // generated keys kFillPrefix + 0 .. fillKeys-1 were inserted
        std::optional<FilterSpec> spec;  // what the filter was built from (none for a loaded one)
        std::uint32_t tiersSeen = 1;     // tiers already told about
        bool rebuildRefusedTold = false; // the "cannot rebuild" line was given once
    };
    /// After an insert: tells a new tier, or rebuilds when the rebuild policy's threshold trips
    /// (from the keys the state knows). Returns the lines to show (none when nothing happened).
    /// Runs on whichever thread owns `state`.
    /// `checkRebuild`: also ask the rebuild threshold (one stats() call; the fill asks every
    /// n/64 inserts and at each refused insert).
    static QStringList grow(State& state, bool checkRebuild = true);
    void announceGrowth(const QStringList& lines);
    static void remember(State& state, std::string_view key);
    static Truth truthIn(const State& state, std::string_view key);
    static std::string absentKey(std::uint64_t index);
    void resetCounters();
    /// After the filter was replaced: no points, no last outcome, counters at 0; tells the views.
    void announceNewFilter();
    void startJob(const QString& what);
    void finishJob(std::uint64_t jobId, std::shared_ptr<State> state, const QString& summary);
    void applyPendingSpec();
    /// setSpec's work; `requested`: the spec was asked for (a success ends an earlier refusal).
    bool build(const FilterSpec& spec, bool requested);

    FilterSpec m_spec;
    std::shared_ptr<State> m_state = std::make_shared<State>();
    std::optional<KeyOutcome> m_last;
    std::uint64_t m_tested = 0;
    std::uint64_t m_falsePositives = 0;
    std::uint64_t m_nextAbsent = 0;
    std::uint64_t m_manualAbsent = 0;
    std::uint64_t m_manualFalsePositives = 0;
    QString m_refusedSpec;
    QStringList m_growthLog;
    std::vector<FprPoint> m_points;
    bool m_busy = false;
    std::uint64_t m_jobId = 0;
    std::optional<FilterSpec> m_pendingSpec;
    QTimer m_specTimer;
    BackgroundWorker m_worker;  // last: joined before the members above are destroyed
};

} // namespace bloomlab::ui
