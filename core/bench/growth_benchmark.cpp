// The growing-hot-set benchmark: two arms, interleaved, a time series (see growth_benchmark.h).
#include "core/bench/growth_benchmark.h"

#include "core/bench/workload.h"
#include "core/retrieval/corpus.h"
#include "core/retrieval/random.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>
#include <stdexcept>

namespace bloomlab::bench {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kChunk = 256;               // queries per interleaved chunk, as in the fixed benchmark
constexpr double kMaxGrowHot = 1000.0;
constexpr std::uint32_t kMaxFpWindow = 10'000'000;
constexpr double kRebuildGrowth = 2.0;            // a rebuilt filter holds 2x the items it replaces
constexpr std::uint32_t kCheckEvery = 256;        // inserts between the monitor's fill checks

std::atomic<std::uint64_t> g_growthSink{0};

std::string number(double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.9g", value);
    return buffer;
}

std::uint64_t finalHotFor(const BenchConfig& config) {
    return static_cast<std::uint64_t>(std::ceil(config.growHot * static_cast<double>(config.filter.capacity)));
}

/// One arm: its store, its cache, and what it measured.
class Arm {
public:
    Arm(const BenchConfig& config, GrowthAction action, const StoreContents& contents,
        std::span<const std::string_view> initialHot, double threshold)
        : m_backend(config.backendFactory ? config.backendFactory(contents) : makeBackend(config.backend, contents)) {
        if (!m_backend) throw std::invalid_argument("the backend factory returned no store");
        GrowthPolicy policy;
        policy.action = action;
        policy.growth = kRebuildGrowth;
        // Both arms monitor the same window; only the rebuild arm acts on it.
        policy.thresholds.confirmedFpr = threshold;
        policy.thresholds.confirmedWindow = config.fpWindow;
        CacheOptions options;
        options.maxPending = std::max<std::size_t>(16, initialHot.size() / 8);
        m_cache.emplace(config.filter, policy, *m_backend, options, kCheckEvery);
        m_cache->preloadAll(initialHot);
        m_result.action = action;
    }

    /// Runs queries [begin, end): adds the documents due, times each get(), records events.
    void run(const GrowingWorkload& w, std::span<const std::string_view> hotOrder, std::size_t begin,
             std::size_t end, std::vector<std::int64_t>& latencyNs) {
        auto previous = Clock::now();
        for (std::size_t i = begin; i < end; ++i) {
            if (m_documents < w.hotSetSize[i]) {
                while (m_documents < w.hotSetSize[i]) {
                    const std::string_view phrase = hotOrder[m_documents++];
                    m_cache->addDocument(phrase, Corpus::documentFor(std::string(phrase)));
                }
                previous = Clock::now();  // additions are writes, not part of the query's latency
            }
            const bool answered = m_cache->get(w.queries[i]).has_value();
            const auto now = Clock::now();
            latencyNs[i] = std::chrono::duration_cast<std::chrono::nanoseconds>(now - previous).count();
            previous = now;
            m_sink += answered;
            if (w.hot[i] && !answered) ++m_hotMisses;
            noteEvents(i);
        }
    }

    void closeWindow(const GrowingWorkload& w, std::size_t begin, std::size_t end,
                     std::vector<std::int64_t>& latencyNs) {
        GrowthWindow win;
        win.firstQuery = begin;
        win.queries = end - begin;
        win.hotSet = m_documents;
        for (std::size_t i = begin; i < end; ++i) win.coldQueries += w.hot[i] ? 0 : 1;
        const std::uint64_t fp = m_cache->counters().confirmedFalsePositives;
        win.falsePositives = fp - m_falsePositivesBefore;
        m_falsePositivesBefore = fp;
        win.fpr = win.coldQueries ? double(win.falsePositives) / double(win.coldQueries) : 0.0;
        std::vector<std::int64_t> ns(latencyNs.begin() + std::ptrdiff_t(begin), latencyNs.begin() + std::ptrdiff_t(end));
        std::sort(ns.begin(), ns.end());
        win.p50Us = nearestRankPercentile(ns, 0.50) * 1e-3;
        win.p99Us = nearestRankPercentile(ns, 0.99) * 1e-3;
        win.maxUs = ns.empty() ? 0.0 : double(ns.back()) * 1e-3;
        const CacheGrowth g = *m_cache->growth();
        win.filterItems = g.items;
        win.filterCapacity = g.capacity;
        win.monitorFpr = g.windowFpr;
        win.generation = g.generation;
        for (const GrowthEvent& e : m_result.events) {
            if (e.query < begin || e.query >= end) continue;
            (e.kind == GrowthEvent::Kind::Started ? win.rebuildsStarted : win.rebuildsPublished) += 1;
        }
        m_result.windows.push_back(win);
    }

    GrowthArm finish() {
        ServingFilter* serving = m_cache->servingFilter();
        serving->waitForRebuild();  // a rebuild still running ends before the figures are taken
        m_result.final = *m_cache->growth();
        m_result.counters = m_cache->counters();
        g_growthSink.fetch_add(m_sink, std::memory_order_relaxed);
        return std::move(m_result);
    }

    std::uint64_t hotMisses() const noexcept { return m_hotMisses; }
    std::uint64_t documents() const noexcept { return m_documents; }
    void setDocuments(std::uint64_t count) noexcept { m_documents = count; }

private:
    void noteEvents(std::size_t query) {
        ServingFilter* serving = m_cache->servingFilter();
        const bool rebuilding = serving->rebuilding();
        const std::uint64_t generation = m_cache->filterGeneration();
        if (rebuilding && !m_wasRebuilding) {
            GrowthEvent e;
            e.kind = GrowthEvent::Kind::Started;
            e.query = query;
            e.trigger = m_cache->growth()->lastTrigger;
            m_result.events.push_back(e);
        }
        if (generation != m_generation) {
            const CacheGrowth g = *m_cache->growth();
            if (m_result.events.empty() || m_result.events.back().kind != GrowthEvent::Kind::Started) {
                GrowthEvent started;  // started and published between two queries
                started.query = query;
                started.trigger = g.lastTrigger;
                m_result.events.push_back(started);
            }
            GrowthEvent e;
            e.kind = GrowthEvent::Kind::Published;
            e.query = query;
            e.capacity = g.capacity;
            e.rebuildSeconds = g.lastRebuildSeconds;
            e.trigger = m_result.events.back().trigger;
            m_result.events.push_back(e);
            m_generation = generation;
        }
        m_wasRebuilding = rebuilding;
    }

    std::unique_ptr<Backend> m_backend;
    std::optional<RetrievalCache> m_cache;  // after m_backend: destroyed (rebuild joined) first
    GrowthArm m_result;
    std::uint64_t m_documents = 0;
    std::uint64_t m_falsePositivesBefore = 0;
    std::uint64_t m_hotMisses = 0;
    std::uint64_t m_generation = 0;
    bool m_wasRebuilding = false;
    std::uint64_t m_sink = 0;
};

} // namespace

void validateGrowth(const BenchConfig& config) {
    if (!(config.growHot > 1.0 && config.growHot <= kMaxGrowHot))
        throw std::invalid_argument("the hot set's growth factor (--grow-hot) must be a number in (1, " +
                                    number(kMaxGrowHot) + "]; got " + number(config.growHot));
    if (config.corpusFile.empty() && finalHotFor(config) > config.corpusSize)
        throw std::invalid_argument("the hot set grows to " + std::to_string(finalHotFor(config)) +
                                    " phrases (--grow-hot " + number(config.growHot) + " x n = " +
                                    std::to_string(config.filter.capacity) + "), more than the corpus (" +
                                    std::to_string(config.corpusSize) + " phrases)");
    if (config.rebuildFpr != 0.0 && !(config.rebuildFpr > 0.0 && config.rebuildFpr < 1.0))
        throw std::invalid_argument("the rebuild threshold (--rebuild-fpr) must be in (0, 1); got " +
                                    number(config.rebuildFpr));
    if (config.fpWindow == 0 || config.fpWindow > kMaxFpWindow)
        throw std::invalid_argument("the false-positive window (--fp-window) must be in [1, " +
                                    std::to_string(kMaxFpWindow) + "] lookups; got " +
                                    std::to_string(config.fpWindow));
    if (!config.backendFactory && config.backend.kind == BackendKind::Latency)
        throw std::invalid_argument("--grow-hot rebuilds the filter from the store, which must list its keys: "
                                    "scan, hash or sqlite; got " + backendName(config.backend));
    if (!config.backend.sqlitePath.empty())
        throw std::invalid_argument("--grow-hot builds two stores (with and without the policy), each in a "
                                    "temp file: --sqlite-path cannot name both");
    if (config.remoteFilter)
        throw std::invalid_argument("--grow-hot grows a local filter; --filter-at cannot be combined with it");
    if (config.distribution != HotDistribution::Uniform)
        throw std::invalid_argument("--grow-hot draws hot queries uniformly from the hot set of the moment; "
                                    "--zipf cannot be combined with it");
}

double rebuildThreshold(const BenchConfig& config) {
    if (config.rebuildFpr != 0.0) return config.rebuildFpr;
    const double p = config.filter.bits != 0 || config.filter.fpr <= 0.0 ? 0.1 : config.filter.fpr;
    return std::min(0.5, 2.0 * p);
}

GrowthSweepResult runGrowth(const BenchConfig& config, const std::vector<double>& hotRatios,
                            const ProgressCallback& progress, std::stop_token stop) {
    validate(config);
    if (config.growHot == 0.0) throw std::invalid_argument("a growing run needs --grow-hot > 1");
    if (hotRatios.empty()) throw std::invalid_argument("a growing run needs at least one hot ratio");
    for (double h : hotRatios)
        if (!(h >= 0.0 && h <= 1.0)) throw std::invalid_argument("hot ratio must be in [0, 1]; got " + number(h));
    const std::uint64_t windowQueries = (config.queries + kGrowthWindows - 1) / kGrowthWindows;
    const std::uint64_t windowsPerRatio = (config.queries + windowQueries - 1) / windowQueries;
    const std::uint64_t total = windowsPerRatio * hotRatios.size();
    const auto report = [&](std::uint64_t done, std::string stage) {
        if (!progress) return;
        Progress p;
        p.done = done;
        p.total = total;
        p.stage = std::move(stage);
        progress(p);
    };

    report(0, "building corpus");
    const Corpus corpus = config.corpusFile.empty() ? Corpus::generate(config.corpusSize, config.seed)
                                                    : Corpus::fromFile(config.corpusFile);
    const std::uint64_t n = config.filter.capacity;
    const std::uint64_t finalHot = finalHotFor(config);
    if (finalHot > corpus.size())
        throw std::invalid_argument("the hot set grows to " + std::to_string(finalHot) + " phrases (--grow-hot " +
                                    number(config.growHot) + " x n = " + std::to_string(n) +
                                    "), more than the corpus (" + std::to_string(corpus.size()) + " phrases)");
    // The hot order: the fixed benchmark's hot set first (hotSetOrder: the same phrases for the
    // same seed), then the phrases that arrive.
    const std::vector<std::uint32_t> order = hotSetOrder(corpus.size(), finalHot, config.seed);
    std::vector<std::string_view> hotOrder;
    hotOrder.reserve(finalHot);
    for (std::size_t i = 0; i < finalHot; ++i) hotOrder.emplace_back(corpus.phrase(order[i]));
    StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
    for (std::size_t i = 0; i < n; ++i) contents.documented[order[i]] = true;

    std::uint64_t coldNeeded = 0;
    for (double h : hotRatios)
        coldNeeded = std::max(coldNeeded, config.queries - std::min<std::uint64_t>(
                                                               config.queries, std::llround(h * double(config.queries))));
    report(0, "generating cold queries");
    const std::vector<std::string> coldPool = corpus.absentPhrases(coldNeeded, config.seed ^ 0xC01DULL);
    const double threshold = rebuildThreshold(config);
    const std::span<const std::string_view> initialHot = std::span(hotOrder).first(n);

    GrowthSweepResult result;
    std::uint64_t done = 0;
    for (double h : hotRatios) {
        if (stop.stop_requested()) break;
        char ratioText[32];
        std::snprintf(ratioText, sizeof ratioText, "hot %.2f", h);
        report(done, std::string(ratioText) + ": building stores (" + backendName(config.backend) + ")");
        GrowingWorkloadSpec spec;
        spec.hotRatio = h;
        spec.queries = config.queries;
        spec.initialHot = n;
        spec.seed = config.seed + static_cast<std::uint64_t>(std::llround(h * 1e6));
        const GrowingWorkload w = makeGrowingWorkload(hotOrder, coldPool, spec);
        Arm without(config, GrowthAction::Reject, contents, initialHot, threshold);
        Arm with(config, GrowthAction::Rebuild, contents, initialHot, threshold);
        without.setDocuments(n);
        with.setDocuments(n);

        std::vector<std::int64_t> latencyWithout(config.queries), latencyWith(config.queries);
        bool stopped = false;
        for (std::uint64_t begin = 0; begin < config.queries && !stopped; begin += windowQueries) {
            const std::uint64_t end = std::min<std::uint64_t>(config.queries, begin + windowQueries);
            for (std::uint64_t c = begin; c < end; c += kChunk) {
                if (stop.stop_requested()) {
                    stopped = true;
                    break;
                }
                const std::uint64_t chunkEnd = std::min<std::uint64_t>(end, c + kChunk);
                if ((c / kChunk) % 2 == 0) {
                    without.run(w, hotOrder, c, chunkEnd, latencyWithout);
                    with.run(w, hotOrder, c, chunkEnd, latencyWith);
                } else {
                    with.run(w, hotOrder, c, chunkEnd, latencyWith);
                    without.run(w, hotOrder, c, chunkEnd, latencyWithout);
                }
            }
            if (stopped) break;
            without.closeWindow(w, begin, end, latencyWithout);
            with.closeWindow(w, begin, end, latencyWith);
            ++done;
            report(done, std::string(ratioText) + ", query " + std::to_string(end) + "/" +
                             std::to_string(config.queries));
        }
        if (without.hotMisses() + with.hotMisses() > 0)
            throw std::logic_error("the growing retrieval cache returned empty for " +
                                   std::to_string(without.hotMisses() + with.hotMisses()) +
                                   " hot queries: a false negative (coverage broken)");
        if (stopped) break;
        GrowthResult point;
        point.hotRatio = h;
        point.queries = config.queries;
        point.hotQueries = w.hotCount;
        point.coldQueries = w.coldCount;
        point.initialHot = n;
        point.finalHot = finalHot;
        point.windowQueries = windowQueries;
        point.rebuildFpr = threshold;
        point.fpWindow = config.fpWindow;
        point.reject = without.finish();
        point.rebuild = with.finish();
        result.points.push_back(std::move(point));
    }
    result.cancelled = result.points.size() < hotRatios.size();
    return result;
}

std::vector<std::string> growthCsvColumns() {
    return {"backend",      "filter",         "n",             "p",                "hot_ratio",
            "grow_hot",     "policy",         "rebuild_fpr",   "fp_window",        "window",
            "first_query",  "queries",        "hot_set",       "cold_queries",     "false_positives",
            "fpr",          "p50_us",         "p99_us",        "max_us",           "filter_items",
            "filter_capacity", "monitor_fpr", "generation",    "rebuilds_started", "rebuilds_published",
            "seed"};
}

std::string growthCsvHeader() { return joinCsv(growthCsvColumns()); }

std::string growthCsvRows(const BenchConfig& config, const GrowthResult& result) {
    std::string text;
    for (const GrowthArm* arm : {&result.reject, &result.rebuild}) {
        for (std::size_t i = 0; i < arm->windows.size(); ++i) {
            const GrowthWindow& w = arm->windows[i];
            const std::vector<std::string> cells = {
                backendName(config.backend),
                std::string(filterTypeName(config.filter.type)),
                std::to_string(config.filter.capacity),
                number(config.filter.bits != 0 ? 0.0 : config.filter.fpr),
                number(result.hotRatio),
                number(config.growHot),
                std::string(growthActionName(arm->action)),
                number(result.rebuildFpr),
                std::to_string(result.fpWindow),
                std::to_string(i + 1),
                std::to_string(w.firstQuery),
                std::to_string(w.queries),
                std::to_string(w.hotSet),
                std::to_string(w.coldQueries),
                std::to_string(w.falsePositives),
                number(w.fpr),
                number(w.p50Us),
                number(w.p99Us),
                number(w.maxUs),
                std::to_string(w.filterItems),
                std::to_string(w.filterCapacity),
                number(w.monitorFpr),
                std::to_string(w.generation),
                std::to_string(w.rebuildsStarted),
                std::to_string(w.rebuildsPublished),
                std::to_string(config.seed),
            };
            text += joinCsv(cells) + '\n';
        }
    }
    return text;
}

} // namespace bloomlab::bench
