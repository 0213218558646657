// Block and group software pipelines for the batched filter calls (insertMany / mightContainMany) and for
// perf's memory-bound reference row, which must prefetch exactly as the filters do.
//
//   keys:     | block 0 | block 1 | block 2 | ...        (Block keys each)
//   step b:   prepare(block b): compute each key's state (hash, positions) and prefetch its lines
//             visit(block b - 1): probe or update the keys prepared one step earlier
//
// While block b - 1 is probed, the Block prefetches of block b are in flight, and the probes
// find their lines already requested a whole block of hashing earlier. It replaced a rolling
// ring (state of key i + D prepared in the iteration that probed key i, whose prefetches then
// waited behind that iteration's hash) and measured faster for the cuckoo and blocked filters
// and perf's memory_bound row (figures in docs/performance.md).
// The classic filter keeps its rolling ring: with k = 7 lines per key, a block of 16 keys puts
// 112 prefetches in flight at once and measured slower.
//
// groupPipeline is the middle ground, for loops whose hashing got cheap (vectorised, 8 keys per
// instruction): groups of G keys are prepared Ahead groups before they are visited, so the
// misses are spread over the loop instead of one burst per block. The blocked filter uses groups
// of 32 or 8 (its figures in blocked_bloom_filter.cpp).
// The distance (keys ahead) is a run-time argument, chosen per array by core/prefetch_distance.h;
// the state arrays are sized for the longest distance allowed. perf's memory_bound row
// keeps blockPipeline at the same distance: for its bare reads the block form measured as fast or
// faster than rings of 8, 16 or 32 keys, so the floor stays the strictest pattern we have.
//
// Everything is always_inline (and so must be the lambdas passed in, with
// `__attribute__((always_inline))`): the blocked filter calls this from target("avx2")
// functions, and only code inlined into them may use AVX2 instructions.
#pragma once

#include "core/prefetch_distance.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>

namespace bloomlab::detail {

/// Requests the line holding `p` into the cache `Level` names (core/prefetch_distance.h): the L1
/// (prefetcht0) or the L2 only (prefetcht1). Rw = 1 announces a write.
template <PrefetchLevel Level, int Rw = 0>
[[gnu::always_inline]] inline void prefetchLine(const void* p) noexcept {
    __builtin_prefetch(p, Rw, Level == PrefetchLevel::L1 ? 3 : 2);
}

/// Calls f(std::integral_constant<PrefetchLevel, level>{}): a pipeline compiled once per level,
/// chosen per call, so no prefetch tests the level at run time.
template <class F>
[[gnu::always_inline]] inline decltype(auto) withPrefetchLevel(PrefetchLevel level, F&& f) {
    if (level == PrefetchLevel::L2) return f(std::integral_constant<PrefetchLevel, PrefetchLevel::L2>{});
    return f(std::integral_constant<PrefetchLevel, PrefetchLevel::L1>{});
}

/// A rolling ring of groups: prepareGroup(start, n, state) fills the GroupState of keys
/// [start, start + n) (and prefetches) just before visitGroup(start, n, state) runs for the group
/// prepared `ahead` groups earlier, so the misses are issued evenly through the loop instead of in
/// bursts of a whole block, and a group can be hashed or probed with vector instructions.
/// Distance = Group * ahead keys (1 <= ahead <= MaxAhead: the ring lives on the stack); n < Group
/// only for the last group.
template <std::size_t Group, std::size_t MaxAhead, class GroupState, class PrepareGroup, class VisitGroup>
[[gnu::always_inline]] inline void groupPipeline(std::size_t count, std::size_t ahead, PrepareGroup prepareGroup,
                                                 VisitGroup visitGroup) {
    static_assert(Group >= 1 && MaxAhead >= 1, "a group holds at least one key and runs ahead by at least one");
    ahead = std::clamp<std::size_t>(ahead, 1, MaxAhead);
    const std::size_t slots = ahead + 1;
    std::array<GroupState, MaxAhead + 1> ring;
    const std::size_t groups = (count + Group - 1) / Group;
    std::size_t prepareSlot = 0;
    std::size_t visitSlot = 0;
    for (std::size_t g = 0; g < groups + ahead; ++g) {
        if (g < groups) {
            const std::size_t start = g * Group;
            prepareGroup(start, std::min(Group, count - start), ring[prepareSlot]);
            prepareSlot = prepareSlot + 1 == slots ? 0 : prepareSlot + 1;
        }
        if (g >= ahead) {
            const std::size_t start = (g - ahead) * Group;
            visitGroup(start, std::min(Group, count - start), ring[visitSlot]);
            visitSlot = visitSlot + 1 == slots ? 0 : visitSlot + 1;
        }
    }
}

/// For every i in [0, count): prepare(i, state) fills a State in place (and prefetches), later
/// visit(i, state) uses it; prepare runs for all keys of block b before visit runs for the keys
/// of block b - 1. Blocks of `block` keys (1 <= block <= MaxBlock); State lives in two blocks of
/// MaxBlock on the stack (keep it small).
template <std::size_t MaxBlock, class State, class Prepare, class Visit>
[[gnu::always_inline]] inline void blockPipeline(std::size_t count, std::size_t block, Prepare prepare, Visit visit) {
    static_assert(MaxBlock >= 1, "a pipeline block holds at least one key");
    block = std::clamp<std::size_t>(block, 1, MaxBlock);
    std::array<std::array<State, MaxBlock>, 2> blocks;
    std::size_t previousStart = 0;
    std::size_t previousCount = 0;
    unsigned side = 0;
    for (std::size_t start = 0; start < count; start += block) {
        const std::size_t n = std::min(block, count - start);
        for (std::size_t j = 0; j < n; ++j) {
            prepare(start + j, blocks[side][j]);
        }
        side ^= 1U;
        for (std::size_t j = 0; j < previousCount; ++j) {
            visit(previousStart + j, blocks[side][j]);
        }
        previousStart = start;
        previousCount = n;
    }
    side ^= 1U;
    for (std::size_t j = 0; j < previousCount; ++j) {
        visit(previousStart + j, blocks[side][j]);
    }
}

} // namespace bloomlab::detail
