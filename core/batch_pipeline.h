// Block software pipeline for the batched filter calls (insertMany / mightContainMany) and for
// perf's memory-bound reference row, which must prefetch exactly as the filters do.
//
//   keys:     | block 0 | block 1 | block 2 | ...        (Block keys each)
//   step b:   prepare(block b): compute each key's state (hash, positions) and prefetch its lines
//             visit(block b - 1): probe or update the keys prepared one step earlier
//
// While block b - 1 is probed, the Block prefetches of block b are in flight, and the probes
// find their lines already requested a whole block of hashing earlier. Measured against the
// rolling ring it replaced (state of key i + D prepared in the iteration that probed key i,
// whose prefetches then waited behind that iteration's hash), 2-core EPYC VM, integer keys,
// absent lookups, ns per key: cuckoo (12-bit) 1M 11.6 -> 5.6, 10M 12.2 -> 6.1, 100M 39.8 ->
// 12.2; blocked 10M 3.57 -> 3.42, 100M 8.78 -> 7.46; perf's memory_bound row at 100M 6.9 -> 5.5.
// The classic filter keeps its rolling ring: with k = 7 lines per key, a block of 16 keys puts
// 112 prefetches in flight at once and measured slower (100M insertMany 39 -> 53 ns, lookups
// 28 -> 32.5 ns).
//
// Everything is always_inline (and so must be the lambdas passed in, with
// `__attribute__((always_inline))`): the blocked filter calls this from target("avx2")
// functions, and only code inlined into them may use AVX2 instructions.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>

namespace bloomlab::detail {

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
