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
// of 32 at a distance of 64 (its figures in blocked_bloom_filter.cpp). perf's memory_bound row
// keeps blockPipeline at the same distance: for its bare reads the block form measured as fast or
// faster than rings of 8, 16 or 32 keys, so the floor stays the strictest pattern we have.
//
// Everything is always_inline (and so must be the lambdas passed in, with
// `__attribute__((always_inline))`): the blocked filter calls this from target("avx2")
// functions, and only code inlined into them may use AVX2 instructions.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>

namespace bloomlab::detail {

/// A rolling ring of groups: prepareGroup(start, n, state) fills the GroupState of keys
/// [start, start + n) (and prefetches) just before visitGroup(start, n, state) runs for the group
/// prepared Ahead groups earlier, so the misses are issued evenly through the loop instead of in
/// bursts of a whole block, and a group can be hashed or probed with vector instructions.
/// Distance = Group * Ahead keys; n < Group only for the last group.
template <std::size_t Group, std::size_t Ahead, class GroupState, class PrepareGroup, class VisitGroup>
[[gnu::always_inline]] inline void groupPipeline(std::size_t count, PrepareGroup prepareGroup, VisitGroup visitGroup) {
    static_assert(Group >= 1 && Ahead >= 1, "a group holds at least one key and runs ahead by at least one");
    constexpr std::size_t kSlots = Ahead + 1;
    std::array<GroupState, kSlots> ring;
    const std::size_t groups = (count + Group - 1) / Group;
    std::size_t prepareSlot = 0;
    std::size_t visitSlot = 0;
    for (std::size_t g = 0; g < groups + Ahead; ++g) {
        if (g < groups) {
            const std::size_t start = g * Group;
            prepareGroup(start, std::min(Group, count - start), ring[prepareSlot]);
            prepareSlot = prepareSlot + 1 == kSlots ? 0 : prepareSlot + 1;
        }
        if (g >= Ahead) {
            const std::size_t start = (g - Ahead) * Group;
            visitGroup(start, std::min(Group, count - start), ring[visitSlot]);
            visitSlot = visitSlot + 1 == kSlots ? 0 : visitSlot + 1;
        }
    }
}

/// For every i in [0, count): prepare(i, state) fills a State in place (and prefetches), later
/// visit(i, state) uses it; prepare runs for all keys of block b before visit runs for the keys
/// of block b - 1. State lives in two blocks on the stack (keep it small or Block short).
template <std::size_t Block, class State, class Prepare, class Visit>
[[gnu::always_inline]] inline void blockPipeline(std::size_t count, Prepare prepare, Visit visit) {
    static_assert(Block >= 1, "a pipeline block holds at least one key");
    std::array<std::array<State, Block>, 2> blocks;
    std::size_t previousStart = 0;
    std::size_t previousCount = 0;
    unsigned side = 0;
    for (std::size_t start = 0; start < count; start += Block) {
        const std::size_t n = std::min(Block, count - start);
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
