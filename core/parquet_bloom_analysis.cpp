// parquet_bloom_analysis: fill, estimated distinct values, FPR now and the sizing verdict of a
// Parquet column chunk's bloom filter (the formulas are named in the header).
#include "core/parquet_bloom_analysis.h"

#include "core/filter_math.h"
#include "core/parse_units.h"

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

std::uint64_t blockedCapacityFor(std::uint64_t blocks, double fpr) {
    if (!(fpr > 0.0 && fpr < 1.0))
        throw std::invalid_argument("the FPR must be in (0, 1); got " + std::to_string(fpr));
    if (blocks == 0) return 0;
    // blockedFpr grows with n: the largest n with blockedFpr(n) <= fpr, by bisection.
    std::uint64_t lo = 0;
    std::uint64_t hi = blocks * 256;  // 256 values per block set every bit many times over
    while (hi > lo && math::blockedFpr(static_cast<double>(hi), blocks) <= fpr) hi *= 2;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if (math::blockedFpr(static_cast<double>(mid), blocks) <= fpr)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

BlockedBloomFilter withParquetCounts(const BlockedBloomFilter& filter, const ParquetBloomAnalysis& analysis) {
    double items = analysis.knownDistinct ? static_cast<double>(*analysis.knownDistinct) : analysis.estimatedDistinct;
    if (!std::isfinite(items)) items = static_cast<double>(filter.numBlocks()) * 256.0;
    return BlockedBloomFilter::fromBitset(filter.bitsetBytes(), blockedCapacityFor(filter.numBlocks(), analysis.targetFpr),
                                          analysis.targetFpr, static_cast<std::uint64_t>(std::llround(std::max(0.0, items))));
}

ParquetWriterSizing parquetWriterSizing(std::uint64_t n, double p) {
    if (n == 0) throw std::invalid_argument("the expected distinct values must be at least 1; got 0");
    if (!(p > 0.0 && p < 1.0)) throw std::invalid_argument("the FPP must be in (0, 1); got " + std::to_string(p));
    ParquetWriterSizing s;
    s.expectedNdv = n;
    s.fpp = p;
    s.formulaBits = -8.0 * static_cast<double>(n) / std::log1p(-std::pow(p, 1.0 / 8.0));
    const double wantBytes = std::max(32.0, std::floor(s.formulaBits) / 8.0);
    constexpr double kLargest = static_cast<double>(std::uint64_t{1} << 62);
    s.bytes = std::bit_ceil(static_cast<std::uint64_t>(std::ceil(std::min(wantBytes, kLargest))));
    s.blocks = s.bytes / BlockedBloomFilter::kBytesPerBlock;
    s.fprAtBytes = math::blockedFpr(static_cast<double>(n), s.blocks);
    s.fprAtParquetJavaMax = s.bytes > ParquetWriterSizing::kParquetJavaMaxBytes
                                ? math::blockedFpr(static_cast<double>(n), ParquetWriterSizing::kParquetJavaMaxBytes / 32)
                                : s.fprAtBytes;
    return s;
}

std::string ParquetWriterSizing::text() const {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.6g", fpp);
    std::string out = "parquet writers: parquet.bloom.filter.expected.ndv=" + std::to_string(expectedNdv) +
                      " parquet.bloom.filter.fpp=" + buf + " -> " + std::to_string(bytes) + " bytes (" +
                      formatBytes(static_cast<double>(bytes)) + ", " + std::to_string(blocks) +
                      " blocks: m = -8n / ln(1 - p^(1/8)) rounded up to a power of two), ";
    std::snprintf(buf, sizeof buf, "FPR %.4g with the split-block layout", fprAtBytes);
    out += buf;
    if (bytes > kParquetJavaMaxBytes) {
        std::snprintf(buf, sizeof buf, "%.4g", fprAtParquetJavaMax);
        out += "; parquet-java caps it at parquet.bloom.filter.max.bytes (1 MiB by default: FPR " + std::string(buf) +
               "; raise it to " + std::to_string(bytes) + ")";
    }
    return out;
}

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
