// perf_timing — how `bloomlab-cli perf` times one structure: passes over chunks of keys with
// only the loop over each chunk on the clock, loops that lost the CPU left out, and measure(),
// which runs the insert and lookup passes of an adapter (perf_adapters.h). Header-only: the
// timing loops are templates over the adapter, so each is compiled with its structure's calls
// inlined. Used by perf_engine.cpp only.
#pragma once

#include "core/bench/perf_engine.h"
#include "core/bench/perf_keys.h"

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <ctime>
#include <memory>
#include <span>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::bench::perf {

using Clock = std::chrono::steady_clock;
/// A chunk of keys (perf_keys.h): iterate it like a span of string_views; packed chunks also
/// carry the KeyBatch the batched calls take.
using Keys = PerfChunk;

/// Stop requested between chunks; caught in runPerf.
struct Cancelled {};

/// Keeps `value` alive for the optimiser: the computation producing it cannot be dropped.
template <class T>
inline void keepAlive(const T& value) noexcept {
    __asm__ __volatile__("" : : "r,m"(value) : "memory");
}

struct PassResult {
    double nsPerKey = 0;
    std::uint64_t count = 0;      ///< successful inserts / positive answers
    double keptFraction = 1.0;    ///< share of the chunk loops whose time was kept
    bool noisy = false;           ///< fewer than half were clean: every loop was kept
};

/// CPU time of this thread (excludes time the OS gave to other threads).
inline std::uint64_t threadCpuNs() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ULL + static_cast<std::uint64_t>(ts.tv_nsec);
}

/// Runs op over `total` keys of `ids`, chunk by chunk; only the loops over chunks are timed
/// (steady_clock). A loop during which the thread lost the CPU (its thread CPU time is below
/// kMinCpuShare of the wall time: the OS ran something else on this core) measures the
/// neighbours, not the filter, and is left out; when fewer than half the loops are clean, all
/// are kept and keptFraction says so.
template <class Op>
PassResult timedPass(PerfKeys& keys, const PerfIdSet& ids, std::uint64_t total, const std::stop_token& stop, Op&& op) {
    constexpr double kMinCpuShare = 0.95;
    double allNs = 0;
    double cleanNs = 0;
    std::uint64_t cleanKeys = 0;
    std::uint64_t loops = 0;
    std::uint64_t cleanLoops = 0;
    std::uint64_t count = 0;
    for (std::uint64_t begin = 0; begin < total; begin += PerfKeys::kChunkKeys) {
        if (stop.stop_requested()) throw Cancelled{};
        const auto chunk = keys.fill(ids, begin, static_cast<std::size_t>(std::min<std::uint64_t>(PerfKeys::kChunkKeys, total - begin)));
        const std::uint64_t cpuStart = threadCpuNs();
        const auto start = Clock::now();
        count += op(chunk);
        const auto end = Clock::now();
        const std::uint64_t cpuEnd = threadCpuNs();
        keepAlive(count);
        const double ns = std::chrono::duration<double, std::nano>(end - start).count();
        allNs += ns;
        ++loops;
        if (static_cast<double>(cpuEnd - cpuStart) >= kMinCpuShare * ns) {
            cleanNs += ns;
            cleanKeys += chunk.size();
            ++cleanLoops;
        }
    }
    PassResult out;
    out.count = count;
    if (total == 0) return out;
    if (cleanLoops * 2 >= loops && cleanKeys > 0) {
        out.nsPerKey = cleanNs / static_cast<double>(cleanKeys);
        out.keptFraction = static_cast<double>(cleanLoops) / static_cast<double>(loops);
    } else {
        out.nsPerKey = allNs / static_cast<double>(total);
        out.keptFraction = 1.0;
        out.noisy = true;
    }
    return out;
}

struct Measured {
    PerfTimes one;
    PerfTimes batch;
    std::uint64_t bytes = 0;
    std::uint64_t falsePositives = 0;
    std::uint64_t missedPresent = 0;
    double expectedFpr = kNotApplicable;
    std::string geometry;
    double keptFraction = 1.0;  ///< smallest share of clean loops over the passes
    std::uint32_t noisyPasses = 0;

    PassResult note(PassResult pass) {
        keptFraction = std::min(keptFraction, pass.keptFraction);
        noisyPasses += pass.noisy ? 1 : 0;
        return pass;
    }
};

struct PassContext {
    PerfKeys& keys;
    std::uint64_t n;
    std::uint64_t queries;
    std::uint64_t seed;
    const std::stop_token& stop;
    std::vector<std::uint8_t>& scratch;
};

/// An adapter whose structure has a batched insert (insertMany) or batched lookup
/// (mightContainMany); the others are measured one key per call only.
template <class Adapter>
concept BatchInserts = requires(Adapter& a, Keys keys, std::span<std::uint8_t> scratch) {
    { a.insertBatch(keys, scratch) } -> std::convertible_to<std::uint64_t>;
};
template <class Adapter>
concept BatchLookups = requires(const Adapter& a, Keys keys, std::span<std::uint8_t> scratch) {
    { a.lookupBatch(keys, scratch) } -> std::convertible_to<std::uint64_t>;
};

/// Insert (fresh structure, one-by-one; then a second fresh one, batched, if it exists), then
/// lookups present/absent, one-by-one and batched, on the structure built last.
template <class Adapter, class Make>
Measured measure(PassContext& ctx, Make make) {
    Measured out;
    const PerfIdSet inserted = PerfIdSet::inserted(ctx.n);
    const PerfIdSet present = PerfIdSet::present(ctx.n, ctx.seed);
    const PerfIdSet absent = PerfIdSet::absent();
    std::span<std::uint8_t> scratch(ctx.scratch);

    std::unique_ptr<Adapter> adapter = make();
    const PassResult insertOne = out.note(timedPass(ctx.keys, inserted, ctx.n, ctx.stop, [&](Keys k) { return adapter->insertOne(k); }));
    out.one.insertNs = insertOne.nsPerKey;
    if constexpr (BatchInserts<Adapter>) {
        adapter.reset();
        adapter = make();
        const PassResult insertBatch = out.note(timedPass(ctx.keys, inserted, ctx.n, ctx.stop,
                                                 [&](Keys k) { return adapter->insertBatch(k, scratch); }));
        out.batch.insertNs = insertBatch.nsPerKey;
    }
    const PassResult posOne = out.note(timedPass(ctx.keys, present, ctx.queries, ctx.stop, [&](Keys k) { return adapter->lookupOne(k); }));
    const PassResult negOne = out.note(timedPass(ctx.keys, absent, ctx.queries, ctx.stop, [&](Keys k) { return adapter->lookupOne(k); }));
    out.one.lookupPosNs = posOne.nsPerKey;
    out.one.lookupNegNs = negOne.nsPerKey;
    out.missedPresent = ctx.queries - posOne.count;
    out.falsePositives = negOne.count;
    if constexpr (BatchLookups<Adapter>) {
        const PassResult posBatch = out.note(timedPass(ctx.keys, present, ctx.queries, ctx.stop,
                                              [&](Keys k) { return adapter->lookupBatch(k, scratch); }));
        const PassResult negBatch = out.note(timedPass(ctx.keys, absent, ctx.queries, ctx.stop,
                                              [&](Keys k) { return adapter->lookupBatch(k, scratch); }));
        out.batch.lookupPosNs = posBatch.nsPerKey;
        out.batch.lookupNegNs = negBatch.nsPerKey;
        if (posBatch.count != posOne.count || negBatch.count != negOne.count) {
            throw std::logic_error("perf: batched and one-by-one lookups disagree (" + std::to_string(posBatch.count) +
                                   " vs " + std::to_string(posOne.count) + " present, " +
                                   std::to_string(negBatch.count) + " vs " + std::to_string(negOne.count) +
                                   " absent hits)");
        }
    }
    out.bytes = adapter->bytes();
    out.expectedFpr = adapter->expectedFpr();
    out.geometry = adapter->geometry();
    return out;
}

} // namespace bloomlab::bench::perf
