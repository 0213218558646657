#include "ui/filter_session.h"

#include "core/filter_io.h"
#include "core/filter_plan.h"
#include "core/growth_policy.h"
#include "core/key_reader.h"
#include "core/parse_units.h"
#include "ui/output_file.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <new>
#include <stdexcept>

namespace bloomlab::ui {

FilterSession::FilterSession(QObject* parent) : QObject(parent) {
    m_specTimer.setSingleShot(true);
    connect(&m_specTimer, &QTimer::timeout, this, &FilterSession::applyPendingSpec);
    m_spec.type = FilterType::Classic;
    m_spec.capacity = 10000;
    m_spec.fpr = 0.01;
    m_state->filter = AnyFilter::create(m_spec);
}

FilterSession::~FilterSession() = default;

std::uint64_t FilterSession::estimateBytes(const FilterSpec& spec) { return planFilter(spec).bytes; }

bool FilterSession::setSpec(const FilterSpec& spec) { return build(spec, true); }

bool FilterSession::build(const FilterSpec& spec, bool requested) {
    m_specTimer.stop();
    if (m_busy) {
        m_pendingSpec = spec;
        cancelJob();
        return true;
    }
    auto next = std::make_shared<State>();
    try {
        const std::uint64_t bytes = estimateBytes(spec);
        if (bytes > kMaxFilterBytes) {
            throw std::invalid_argument(
                tr("this filter needs %1; the explorer allocates at most %2. The Calculator tab "
                   "sizes filters of any size.")
                    .arg(QString::fromStdString(formatBytes(static_cast<double>(bytes))),
                         QString::fromStdString(formatBytes(static_cast<double>(kMaxFilterBytes))))
                    .toStdString());
        }
        next->filter = AnyFilter::create(spec);
    } catch (const std::bad_alloc&) {
        m_refusedSpec = tr("Not enough memory for this filter.");
        emit errorOccurred(m_refusedSpec);
        return false;
    } catch (const std::exception& e) {
        m_refusedSpec = QString::fromStdString(e.what());
        emit errorOccurred(m_refusedSpec);
        return false;
    }
    if (requested)
        m_refusedSpec.clear();
    // Keep the remembered keys so the picture stays comparable while tuning n and p.
    if (m_state->keysComplete && m_state->order.size() <= kMaxReinsertedKeys) {
        for (const std::string* key : m_state->order) {
            if (next->filter->insert(*key))
                remember(*next, *key);
        }
    }
    next->spec = spec;
    m_state = std::move(next);
    m_spec = spec;
    m_growthLog.clear();
    announceNewFilter();
    return true;
}

QStringList FilterSession::grow(State& state, bool checkRebuild) {
    QStringList lines;
    AnyFilter& f = *state.filter;
    if (const TieredCuckooFilter* tiered = f.tiered(); tiered && tiered->tierCount() > state.tiersSeen) {
        const auto tiers = tiered->tierStats();
        for (std::uint32_t i = state.tiersSeen; i < tiers.size(); ++i) {
            const auto& g = tiers[i].geometry;
            std::uint64_t items = 0;  // the keys the older tiers hold: when tier i was added
            for (std::uint32_t j = 0; j < i; ++j)
                items += tiers[j].items;
            lines << tr("Tier %1 added after %2 items: tier %3 was full, so a new table for %4 more items with "
                        "%5-bit fingerprints takes the next keys (its share of p: %6). Lookups now ask %7 "
                        "tables; the compounded FPR bound is %8, below p = %9.")
                         .arg(i + 1)
                         .arg(formatCount(static_cast<double>(items)))
                         .arg(i)
                         .arg(formatCount(static_cast<double>(g.capacity)))
                         .arg(g.fingerprintBits)
                         .arg(formatProbability(g.fprBudget))
                         .arg(i + 1)
                         .arg(formatProbability(tiered->compoundedFprBound()))
                         .arg(formatProbability(tiered->params().targetFpr));
        }
        state.tiersSeen = tiered->tierCount();
    }
    const GrowthTrigger trigger = checkRebuild ? f.rebuildTrigger() : GrowthTrigger::None;
    if (trigger == GrowthTrigger::None)
        return lines;
    const FilterStats before = f.stats();
    const QString why = tr("the %1 threshold was reached (fill %2, estimated FPR %3, %4 failed inserts)")
                            .arg(QString::fromLatin1(growthTriggerName(trigger).data()))
                            .arg(QString::number(before.fillRatio, 'f', 3))
                            .arg(formatProbability(before.estimatedFpr))
                            .arg(before.failedInserts);
    if (!state.keysComplete || !state.spec) {
        // The explorer is the key source; without every key a rebuild would lose some.
        if (!state.rebuildRefusedTold)
            lines << tr("At %1 items %2, but the explorer does not know every key of this filter (a loaded file, "
                        "or more keys than it remembers), so it cannot rebuild it: a rebuild needs every key.")
                         .arg(formatCount(static_cast<double>(before.items)), why);
        state.rebuildRefusedTold = true;
        return lines;
    }
    FilterSpec next;
    std::optional<AnyFilter> rebuilt;
    try {
        next = specForCapacity(*state.spec, grownCapacity(state.spec->growthPolicy, state.spec->capacity, before.items));
        if (planFilter(next).bytes > kMaxFilterBytes)
            throw std::invalid_argument(tr("the larger filter would need more than the explorer allocates").toStdString());
        rebuilt.emplace(AnyFilter::create(next));
    } catch (const std::exception& e) {
        if (!state.rebuildRefusedTold)
            lines << tr("At %1 items %2, but the filter cannot be rebuilt larger: %3")
                         .arg(formatCount(static_cast<double>(before.items)), why, QString::fromStdString(e.what()));
        state.rebuildRefusedTold = true;
        return lines;
    }
    rebuilt->setRebuilds(f.rebuilds() + 1);
    rebuilt->setWriters(Writers::One);
    std::uint64_t keys = 0;
    for (const std::string* key : state.order)
        keys += rebuilt->insert(*key) ? 1 : 0;
    for (std::uint64_t i = 0; i < state.fillKeys; ++i)
        keys += rebuilt->insert(std::string(kFillPrefix) + std::to_string(i)) ? 1 : 0;
    const FilterStats after = rebuilt->stats();
    lines << tr("Rebuild %1 at %2 items: %3. A filter for %4 items was built from the %5 keys the explorer knows "
                "(%6 → %7); the estimated FPR drops from %8 to %9.")
                 .arg(rebuilt->rebuilds())
                 .arg(formatCount(static_cast<double>(before.items)), why)
                 .arg(formatCount(static_cast<double>(next.capacity)))
                 .arg(formatCount(static_cast<double>(keys)))
                 .arg(QString::fromStdString(formatBytes(static_cast<double>(before.bytes))),
                      QString::fromStdString(formatBytes(static_cast<double>(after.bytes))))
                 .arg(formatProbability(before.estimatedFpr), formatProbability(after.estimatedFpr));
    state.filter = std::move(rebuilt);
    state.spec = next;
    return lines;
}

void FilterSession::announceGrowth(const QStringList& lines) {
    for (const QString& line : lines) {
        m_growthLog << line;
        emit growthEvent(line);
    }
}

void FilterSession::requestSpec(const FilterSpec& spec, int delayMs) {
    m_pendingSpec = spec;
    m_specTimer.start(delayMs);
}

void FilterSession::applyPendingSpec() {
    if (!m_pendingSpec || m_busy)
        return;
    const FilterSpec spec = *m_pendingSpec;
    m_pendingSpec.reset();
    setSpec(spec);
}

void FilterSession::remember(State& state, std::string_view key) {
    if (!state.keysComplete)
        return;
    if (state.order.size() >= kMaxRememberedKeys) {
        state.keysComplete = false;
        return;
    }
    const auto [it, added] = state.keySet.emplace(key);
    if (added)
        state.order.push_back(&*it);
}

Truth FilterSession::truthIn(const State& state, std::string_view key) {
    if (state.keySet.contains(key))
        return Truth::Inserted;
    if (key.starts_with(kFillPrefix)) {
        const std::string_view digits = key.substr(kFillPrefix.size());
        std::uint64_t index = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
        if (ec == std::errc() && end == digits.data() + digits.size() && index < state.fillKeys)
            return Truth::Inserted;
    }
    return state.keysComplete ? Truth::Absent : Truth::Unknown;
}

Truth FilterSession::truthOf(std::string_view key) const { return truthIn(*m_state, key); }

std::string FilterSession::absentKey(std::uint64_t index) {
    return std::string(kAbsentPrefix) + std::to_string(index);
}

void FilterSession::resetCounters() {
    m_tested = 0;
    m_falsePositives = 0;
    m_manualAbsent = 0;
    m_manualFalsePositives = 0;
}

void FilterSession::announceNewFilter() {
    m_points.clear();
    m_last.reset();
    resetCounters();
    emit filterReset();
    emit lastOutcomeChanged();
    emit countersChanged();
}

KeyOutcome FilterSession::insertKey(const std::string& key) {
    KeyOutcome out;
    out.key = key;
    out.inserted = true;
    if (!filter())
        return out;
    AnyFilter& f = *m_state->filter;
    const std::uint32_t layersBefore = layerCount(f);
    std::vector<CellMark> before;
    if (cellKind(f) != CellKind::Fingerprint)
        before = probeMarks(f, key);
    out.accepted = f.insert(key);
    if (out.accepted)
        remember(*m_state, key);
    const std::uint64_t rebuildsBefore = f.rebuilds();
    const QStringList grown = grow(*m_state);
    if (m_state->filter->rebuilds() != rebuildsBefore) {
        // A new filter object: the marks of the old one mean nothing in it.
        announceGrowth(grown);
        const KeyOutcome shown = queryKey(key);
        out.maybe = shown.maybe;
        out.truth = shown.truth;
        out.marks = shown.marks;
        m_last = out;
        emit filterReset();
        emit lastOutcomeChanged();
        emit countersChanged();
        return out;
    }
    announceGrowth(grown);
    out.maybe = f.mightContain(key);
    out.truth = truthIn(*m_state, key);
    out.marks = probeMarks(f, key);
    if (f.type() == FilterType::Scalable) {
        // The key went into the newest layer: show where.
        const std::uint32_t newest = layerCount(f) - 1;
        std::erase_if(out.marks, [newest](const CellMark& m) { return m.layer != newest; });
        if (layerCount(f) != layersBefore)
            before.clear();
    }
    for (CellMark& mark : out.marks) {
        const bool wasZero = std::any_of(before.begin(), before.end(), [&](const CellMark& b) {
            return b.layer == mark.layer && b.index == mark.index && b.role == MarkRole::ProbeZero;
        });
        if (wasZero)
            mark.role = MarkRole::NewlySet;
    }
    out.kicks = lastKickChain(f);
    resetCounters();
    m_last = out;
    if (cellKind(f) != CellKind::Fingerprint && layerCount(f) == layersBefore)
        emit cellsChanged(out.marks);
    else
        emit filterChanged();
    emit lastOutcomeChanged();
    emit countersChanged();
    return out;
}

KeyOutcome FilterSession::queryKey(const std::string& key) {
    KeyOutcome out;
    out.key = key;
    if (!filter())
        return out;
    const AnyFilter& f = *m_state->filter;
    out.maybe = f.mightContain(key);
    out.truth = truthIn(*m_state, key);
    out.marks = probeMarks(f, key);
    m_last = out;
    if (out.truth == Truth::Absent) {
        ++m_manualAbsent;
        m_manualFalsePositives += out.maybe ? 1 : 0;
    }
    emit lastOutcomeChanged();
    if (out.truth == Truth::Absent)
        emit countersChanged();
    return out;
}

std::vector<std::string> FilterSession::keysSettingCell(std::uint32_t layer, std::uint64_t index,
                                                        std::size_t limit) const {
    std::vector<std::string> found;
    if (!filter())
        return found;
    for (const std::string* key : m_state->order) {
        for (const CellMark& mark : probeMarks(*m_state->filter, *key)) {
            if (mark.layer == layer && mark.index == index && mark.role != MarkRole::Candidate) {
                found.push_back(*key);
                break;
            }
        }
        if (found.size() >= limit)
            break;
    }
    return found;
}

std::uint64_t FilterSession::testAbsentKeys(std::uint64_t count) {
    if (!filter() || count == 0)
        return 0;
    const AnyFilter& f = *m_state->filter;
    std::uint64_t fp = 0, tested = 0;
    while (tested < count) {
        const std::string key = absentKey(m_nextAbsent++);
        if (truthIn(*m_state, key) == Truth::Inserted)
            continue;  // the user inserted this very key: it is not absent
        ++tested;
        fp += f.mightContain(key) ? 1 : 0;
    }
    m_tested += tested;
    m_falsePositives += fp;
    const std::uint64_t items = f.stats().items;
    if (!m_points.empty() && m_points.back().items == items) {
        m_points.back().tested += tested;
        m_points.back().falsePositives += fp;
    } else {
        m_points.push_back({items, tested, fp});
    }
    emit countersChanged();
    return fp;
}

void FilterSession::clear() {
    if (m_busy)
        return;
    m_state->order.clear();
    m_state->keySet.clear();
    m_state->keysComplete = true;
    m_state->fillKeys = 0;
    build(m_spec, false);  // emptying the shown filter does not build a refused spec
}

void FilterSession::startJob(const QString& what) {
    m_busy = true;
    emit busyChanged(true);
    emit filterReset();  // views drop their pointer before the worker touches the filter
    emit jobProgress(0, what);
}

void FilterSession::finishJob(std::uint64_t jobId, std::shared_ptr<State> state, const QString& summary) {
    if (jobId != m_jobId)
        return;
    m_state = std::move(state);
    m_busy = false;
    emit filterReset();
    emit busyChanged(false);
    emit countersChanged();
    emit jobFinished(summary);
    if (m_pendingSpec)
        applyPendingSpec();
}

void FilterSession::cancelJob() { m_worker.cancel(); }

std::uint64_t FilterSession::crlfLineCount(const QString& path, qint64 scanBytes) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray head = file.read(scanBytes);
    return static_cast<std::uint64_t>(head.count("\r\n"));
}

bool FilterSession::insertKeysFromFile(const QString& path, bool stripCarriageReturn) {
    if (m_busy || !filter())
        return false;
    auto state = std::exchange(m_state, std::make_shared<State>());
    const std::uint64_t jobId = ++m_jobId;
    const qint64 fileSize = std::max<qint64>(1, QFileInfo(path).size());
    const QString name = QFileInfo(path).fileName();
    const std::string nativePath = QFile::encodeName(path).toStdString();
    m_last.reset();
    resetCounters();
    startJob(tr("Inserting keys from %1").arg(name));
    QObject* receiver = this;
    m_worker.submit([receiver, state, jobId, fileSize, name, nativePath, stripCarriageReturn](std::stop_token stop) {
        std::uint64_t inserted = 0, refused = 0;
        double bytes = 0;
        ProgressThrottle throttle;
        QString summary;
        try {
            KeyReader reader(nativePath);
            std::string key;
            while (reader.next(key)) {
                bytes += static_cast<double>(key.size() + 1);
                if (stripCarriageReturn && !key.empty() && key.back() == '\r')
                    key.pop_back();
                if (state->filter->insert(key)) {
                    ++inserted;
                    remember(*state, key);
                } else {
                    ++refused;
                }
                if ((inserted + refused) % 1024 == 0) {
                    if (stop.stop_requested())
                        break;
                    if (throttle.due()) {
                        const int percent = static_cast<int>(std::min(100.0, 100.0 * bytes / static_cast<double>(fileSize)));
                        const QString stage = FilterSession::tr("Inserted %1 keys").arg(formatCount(static_cast<double>(inserted)));
                        postTo(receiver, [receiver, jobId, percent, stage] {
                            auto* self = static_cast<FilterSession*>(receiver);
                            if (jobId == self->m_jobId)
                                emit self->jobProgress(percent, stage);
                        });
                    }
                }
            }
            summary = FilterSession::tr("Inserted %1 keys from %2").arg(formatCount(static_cast<double>(inserted)), name);
            if (refused)
                summary += FilterSession::tr(" (%1 refused: the filter is full)").arg(formatCount(static_cast<double>(refused)));
            if (stop.stop_requested())
                summary += FilterSession::tr(" — cancelled");
        } catch (const std::exception& e) {
            summary = FilterSession::tr("Error after %1 keys: %2")
                          .arg(formatCount(static_cast<double>(inserted)), QString::fromStdString(e.what()));
        }
        postTo(receiver, [receiver, jobId, state, summary] {
            static_cast<FilterSession*>(receiver)->finishJob(jobId, state, summary);
        });
    });
    return true;
}

bool FilterSession::fillAndMeasure(std::uint64_t targetItems, int steps, std::uint64_t probesPerStep) {
    if (m_busy || !filter() || steps <= 0)
        return false;
    auto state = std::exchange(m_state, std::make_shared<State>());
    const std::uint64_t jobId = ++m_jobId;
    const std::uint64_t firstAbsent = m_nextAbsent;
    m_nextAbsent += static_cast<std::uint64_t>(steps) * probesPerStep * 2 + 1024;
    const std::uint64_t startItems = state->filter->stats().items;
    m_last.reset();
    resetCounters();
    startJob(tr("Filling to %1 items").arg(formatCount(static_cast<double>(targetItems))));
    QObject* receiver = this;
    m_worker.submit([receiver, state, jobId, targetItems, steps, probesPerStep, firstAbsent, startItems](std::stop_token stop) {
        AnyFilter& f = *state->filter;  // grow() may replace the filter: same storage, new object
        std::uint64_t items = startItems;
        std::uint64_t absent = firstAbsent;
        bool full = false;
        qsizetype events = 0;
        const std::uint64_t checkEvery =
            std::clamp<std::uint64_t>((state->spec ? state->spec->capacity : targetItems) / 64, 1, 4096);
        ProgressThrottle throttle;
        const double span = static_cast<double>(targetItems > startItems ? targetItems - startItems : 1);
        for (int step = 1; step <= steps && !stop.stop_requested() && !full; ++step) {
            const std::uint64_t goal =
                targetItems > startItems ? startItems + (targetItems - startItems) * static_cast<std::uint64_t>(step) / static_cast<std::uint64_t>(steps)
                                         : items;
            while (items < goal) {
                const std::string key = std::string(kFillPrefix) + std::to_string(state->fillKeys);
                bool ok = f.insert(key);
                if (ok) {
                    ++state->fillKeys;
                    ++items;
                }
                if (!ok || f.tiered() != nullptr || items % checkEvery == 0) {
                    const std::uint64_t rebuildsBefore = f.rebuilds();
                    const QStringList lines = grow(*state, !ok || items % checkEvery == 0);
                    if (!lines.isEmpty()) {
                        const int percent = static_cast<int>(100.0 * static_cast<double>(items - startItems) / span);
                        postTo(receiver, [receiver, jobId, lines, percent] {
                            auto* self = static_cast<FilterSession*>(receiver);
                            if (jobId != self->m_jobId)
                                return;
                            self->announceGrowth(lines);
                            emit self->jobProgress(percent, lines.last());
                        });
                        events += lines.size();
                    }
                    if (!ok && f.rebuilds() != rebuildsBefore && f.insert(key)) {  // rebuilt: the key fits now
                        ok = true;
                        ++state->fillKeys;
                        ++items;
                    }
                }
                if (!ok) {
                    full = true;
                    break;
                }
                if (items % 4096 == 0) {
                    if (stop.stop_requested())
                        break;
                    if (throttle.due()) {
                        const int percent = static_cast<int>(100.0 * static_cast<double>(items - startItems) / span);
                        const QString stage = FilterSession::tr("%1 items").arg(formatCount(static_cast<double>(items)));
                        postTo(receiver, [receiver, jobId, percent, stage] {
                            auto* self = static_cast<FilterSession*>(receiver);
                            if (jobId == self->m_jobId)
                                emit self->jobProgress(percent, stage);
                        });
                    }
                }
            }
            if (stop.stop_requested())
                break;
            FprPoint point{items, 0, 0};
            while (point.tested < probesPerStep) {
                const std::string key = absentKey(absent++);
                if (truthIn(*state, key) == Truth::Inserted)
                    continue;
                ++point.tested;
                point.falsePositives += f.mightContain(key) ? 1 : 0;
            }
            postTo(receiver, [receiver, jobId, point] {
                auto* self = static_cast<FilterSession*>(receiver);
                if (jobId != self->m_jobId)
                    return;
                self->m_points.push_back(point);
                self->m_tested = point.tested;
                self->m_falsePositives = point.falsePositives;
                emit self->countersChanged();
            });
        }
        QString summary = FilterSession::tr("Filled to %1 items").arg(formatCount(static_cast<double>(items)));
        if (events > 0)
            summary += FilterSession::tr(" — %n growth step(s); see the parameter panel", nullptr, static_cast<int>(events));
        if (full)
            summary += FilterSession::tr(" — the filter refused an insert (full)");
        if (stop.stop_requested())
            summary += FilterSession::tr(" — cancelled");
        postTo(receiver, [receiver, jobId, state, summary] {
            auto* self = static_cast<FilterSession*>(receiver);
            // Keep the counters of the last measured step (finishJob does not reset them).
            self->finishJob(jobId, state, summary);
        });
    });
    return true;
}

void FilterSession::loadFromFile(const QString& path) {
    if (m_busy)
        throw FilterIoError(tr("a background job is still running; cancel it first").toStdString());
    AnyFilter loaded = loadFilter(toPath(path));
    const bool empty = loaded.stats().items == 0;  // the keys of a loaded filter are unknown
    adoptFilter(std::move(loaded), empty);
}

void FilterSession::adoptFilter(AnyFilter filter, bool keysKnown) {
    if (m_busy)
        throw FilterIoError(tr("a background job is still running; cancel it first").toStdString());
    const FilterStats stats = filter.stats();
    auto next = std::make_shared<State>();
    next->filter = std::move(filter);
    next->keysComplete = keysKnown;
    m_state = std::move(next);
    m_spec = FilterSpec{};
    m_spec.type = m_state->filter->type();
    m_spec.capacity = stats.capacity ? stats.capacity : std::max<std::uint64_t>(1, stats.items);
    m_spec.fpr = stats.targetFpr > 0 && stats.targetFpr < 1 ? stats.targetFpr : 0.01;
    m_spec.fingerprintBits = m_state->filter->fingerprintBits();
    m_spec.cuckooLayout = m_state->filter->cuckooLayout();
    m_spec.growthPolicy = m_state->filter->growthPolicy();
    if (const TieredCuckooFilter* tiered = m_state->filter->tiered()) {
        m_spec.fingerprintBits = 0;  // each tier chooses its own
        m_spec.capacity = tiered->params().initialCapacity;
        m_spec.tierTightening = tiered->params().tightening;
        m_spec.maxTiers = tiered->params().maxTiers;
        m_state->tiersSeen = tiered->tierCount();
    } else if (m_spec.type == FilterType::Scalable) {
        m_spec.growthPolicy = GrowthPolicy{};  // its layers; the spec's policy stays reject
    }
    m_refusedSpec.clear();
    m_growthLog.clear();
    announceNewFilter();
}

void FilterSession::saveToFile(const QString& path) const {
    if (!filter())
        throw FilterIoError(tr("a background job is still running; cancel it first").toStdString());
    saveFilter(*m_state->filter, toPath(path));
}

} // namespace bloomlab::ui
