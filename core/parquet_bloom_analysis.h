// parquet_bloom_analysis — how well a column chunk's bloom filter is sized: its fill, the
// distinct values estimated from the fill, the FPR it gives now, and a verdict against a target
// FPR. Numbers and a verdict; the caller formats them (the verdict text is offered ready-made).
//
//   estimated distinct  Swamidass-Baldi with k = 8 over the m = 256 B bits (each value sets 8
//                       bits, one per word of its block, each bit hit with probability 1 / (32 B)
//                       per value): math::estimatedItems, as BlockedBloomFilter::stats() gives it
//   FPR now             math::blockedFpr(estimated distinct, blocks), the Poisson mixture of the
//                       split-block layout; fprFromBits is the FPR the bitset itself gives a
//                       uniform hash (mean over blocks of prod popcount(word) / 32)
//   blocks needed       math::blockedBlocksFor(estimated distinct, target): what the real layout
//                       needs for the target; writers round bitsets to powers of two bytes
// Verdict: Empty (no bit set); Overfilled when FPR now > 2 x target; Undersized when FPR now is
// above the target but within 2 x; Oversized when the filter has at least 2 x the blocks needed;
// else SizedRight.
#pragma once

#include "core/blocked_bloom_filter.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bloomlab {

struct ParquetBloomAnalysis {
    enum class Verdict { Empty, Overfilled, Undersized, Oversized, SizedRight };

    std::uint64_t bytes = 0;              ///< bitset bytes (32 per block)
    std::uint64_t blocks = 0;
    double fillRatio = 0.0;               ///< set bits / all bits
    double estimatedDistinct = 0.0;       ///< from the fill; infinity when every bit is set
    std::optional<std::int64_t> knownDistinct;  ///< the writer's Statistics.distinct_count
    double fprNow = 0.0;                  ///< blockedFpr at the estimated distinct count
    double fprFromBits = 0.0;             ///< the bitset's own FPR for a uniform hash
    double targetFpr = 0.01;
    std::uint64_t blocksNeeded = 0;       ///< for targetFpr at the estimated distinct count
    std::uint64_t bytesNeededPowerOfTwo = 0;  ///< blocksNeeded x 32 rounded up to a power of two
    double sizeRatio = 0.0;               ///< blocks / blocksNeeded
    Verdict verdict = Verdict::Empty;
    /// "12x larger than needed for 1% at this fill", "overfilled: FPR now 23%", ...
    std::string verdictText;
};

/// Throws std::invalid_argument when targetFpr is not in (0, 1).
ParquetBloomAnalysis analyzeParquetBloomFilter(const BlockedBloomFilter& filter,
                                               std::optional<std::int64_t> knownDistinct = std::nullopt,
                                               double targetFpr = 0.01);

} // namespace bloomlab
