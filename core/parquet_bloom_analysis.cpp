// parquet_bloom_analysis: fill, estimated distinct values, FPR now and the sizing verdict of a
// Parquet column chunk's bloom filter (the formulas are named in the header).
#include "core/parquet_bloom_analysis.h"

#include "core/filter_math.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace bloomlab {

namespace {

/// "23%", "1.5%", "0.012%": two significant digits, at least a whole percent.
std::string percent(double p) {
    const double v = 100.0 * p;
    char buf[32];
    if (v >= 10.0 || v == 0.0)
        std::snprintf(buf, sizeof buf, "%.0f%%", v);
    else
        std::snprintf(buf, sizeof buf, "%.2g%%", v);
    return buf;
}

std::string ratioText(double r) {
    char buf[32];
    std::snprintf(buf, sizeof buf, r >= 10.0 ? "%.0fx" : "%.1fx", r);
    return buf;
}

} // namespace

ParquetBloomAnalysis analyzeParquetBloomFilter(const BlockedBloomFilter& filter,
                                               std::optional<std::int64_t> knownDistinct, double targetFpr) {
    if (!(targetFpr > 0.0 && targetFpr < 1.0))
        throw std::invalid_argument("the target FPR must be in (0, 1); got " + std::to_string(targetFpr));
    ParquetBloomAnalysis a;
    const FilterStats s = filter.stats();
    a.bytes = s.bytes;
    a.blocks = filter.numBlocks();
    a.fillRatio = s.fillRatio;
    a.estimatedDistinct = s.estimatedItems;
    a.fprFromBits = s.estimatedFpr;
    a.knownDistinct = knownDistinct;
    a.targetFpr = targetFpr;
    if (a.blocks == 0) return a;

    const bool full = std::isinf(a.estimatedDistinct);
    a.fprNow = full ? 1.0 : math::blockedFpr(a.estimatedDistinct, a.blocks);
    const double forSizing = full ? static_cast<double>(a.blocks) * 256.0 : std::max(1.0, std::ceil(a.estimatedDistinct));
    a.blocksNeeded = math::blockedBlocksFor(static_cast<std::uint64_t>(forSizing), targetFpr);
    a.bytesNeededPowerOfTwo = std::bit_ceil(a.blocksNeeded * BlockedBloomFilter::kBytesPerBlock);
    a.sizeRatio = static_cast<double>(a.blocks) / static_cast<double>(a.blocksNeeded);

    const std::string target = percent(targetFpr);
    if (a.fillRatio == 0.0) {
        a.verdict = ParquetBloomAnalysis::Verdict::Empty;
        a.verdictText = "empty: no value was added";
    } else if (a.fprNow > 2.0 * targetFpr) {
        a.verdict = ParquetBloomAnalysis::Verdict::Overfilled;
        a.verdictText = "overfilled: FPR now " + percent(a.fprNow) + "; " + target + " needs " +
                        std::to_string(a.bytesNeededPowerOfTwo) + " bytes (a power of two)";
    } else if (a.fprNow > targetFpr) {
        a.verdict = ParquetBloomAnalysis::Verdict::Undersized;
        a.verdictText = "a little small for " + target + ": FPR now " + percent(a.fprNow) + "; " + target + " needs " +
                        std::to_string(a.bytesNeededPowerOfTwo) + " bytes (a power of two)";
    } else if (a.sizeRatio >= 2.0) {
        a.verdict = ParquetBloomAnalysis::Verdict::Oversized;
        a.verdictText = ratioText(a.sizeRatio) + " larger than needed for " + target + " at this fill";
    } else {
        a.verdict = ParquetBloomAnalysis::Verdict::SizedRight;
        a.verdictText = "sized right for " + target + ": FPR now " + percent(a.fprNow);
    }
    return a;
}

} // namespace bloomlab
