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
//
// Writer sizing (parquetWriterSizing): what parquet-java and DuckDB allocate for a column chunk
// of n distinct values at FPR p. Both solve m = -8 n / ln(1 - p^(1/8)) bits (the split-block
// formula of Putze et al. with k = 8: parquet-java BlockSplitBloomFilter.optimalNumOfBits,
// DuckDB ParquetBloomFilter) and round m / 8 bytes up to a power of two, at least one 32-byte
// block; parquet-java then caps the bitset at parquet.bloom.filter.max.bytes (1 MiB by default).
// The FPR reported is the real layout's (math::blockedFpr) at the rounded size.
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

/// The distinct values `blocks` blocks hold before their FPR (math::blockedFpr) exceeds `fpr`:
/// the capacity of a filter read from a file, which records none. Throws std::invalid_argument
/// when fpr is not in (0, 1).
std::uint64_t blockedCapacityFor(std::uint64_t blocks, double fpr);

/// The filter with the counts the views and `info` of a blocked filter need, which a Parquet
/// file does not record: items = the distinct values estimated from its fill (the writer's
/// distinct count when it wrote one), capacity = blockedCapacityFor(blocks, targetFpr), target
/// FPR = analysis.targetFpr. The bits are the filter's.
BlockedBloomFilter withParquetCounts(const BlockedBloomFilter& filter, const ParquetBloomAnalysis& analysis);

struct ParquetWriterSizing {
    std::uint64_t expectedNdv = 0;        ///< parquet.bloom.filter.expected.ndv
    double fpp = 0.01;                    ///< parquet.bloom.filter.fpp
    double formulaBits = 0.0;             ///< -8 n / ln(1 - p^(1/8))
    std::uint64_t bytes = 0;              ///< formulaBits / 8 rounded up to a power of two (>= 32)
    std::uint64_t blocks = 0;             ///< bytes / 32
    double fprAtBytes = 0.0;              ///< math::blockedFpr(n, blocks): what the rounded size gives
    static constexpr std::uint64_t kParquetJavaMaxBytes = std::uint64_t{1} << 20;  ///< default max.bytes
    double fprAtParquetJavaMax = 0.0;     ///< FPR at the 1 MiB cap (when bytes exceed it; else fprAtBytes)
    /// "parquet writers: parquet.bloom.filter.expected.ndv=1000000, parquet.bloom.filter.fpp=0.01
    ///  -> 2097152 bytes (2 MiB, a power of two), FPR 0.0011 with the split-block layout; ..."
    std::string text() const;
};

/// Throws std::invalid_argument when n is 0 or p is not in (0, 1).
ParquetWriterSizing parquetWriterSizing(std::uint64_t n, double p);

/// Throws std::invalid_argument when targetFpr is not in (0, 1).
ParquetBloomAnalysis analyzeParquetBloomFilter(const BlockedBloomFilter& filter,
                                               std::optional<std::int64_t> knownDistinct = std::nullopt,
                                               double targetFpr = 0.01);

} // namespace bloomlab
