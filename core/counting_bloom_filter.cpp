// CountingBloomFilter: layout and formulas are described in counting_bloom_filter.h.
#include "core/counting_bloom_filter.h"
#include "core/errors.h"

#include "core/filter_math.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace bloomlab {

namespace {

// 2^52 lines = 2^58 bytes: far beyond any machine, but small enough that no size computed from it
// (bytes, counters) can overflow 64 bits.
constexpr std::uint64_t kMaxLines = std::uint64_t{1} << 52;

static_assert(CountingBloomFilter::kCountersPerLine == 2 * CountingBloomFilter::kBytesPerLine,
              "two 4-bit counters per byte");
static_assert(CountingBloomFilter::kCountersPerLine == 128,
              "offsets are 7-bit values drawn from the hash stream");
static_assert(CountingBloomFilter::kMaxHashes <= CountingBloomFilter::kCountersPerLine / 2,
              "distinct offsets by rejection stay cheap only while k <= half the line");

void validateHashes(std::uint32_t numHashes) {
    if (numHashes < 1 || numHashes > CountingBloomFilter::kMaxHashes) {
        throwInvalidArgument("the number of counters per key (k) must be in [1, " +
             numberText(CountingBloomFilter::kMaxHashes) + "]; got " + numberText(numHashes));
    }
}

void validateLines(std::uint64_t numLines) {
    if (numLines < 1 || numLines > kMaxLines) {
        throwInvalidArgument("the number of 64-byte counter lines must be in [1, 2^52]; got " + numberText(numLines));
    }
}

void validateTarget(double targetFpr) {
    if (!(targetFpr >= 0.0 && targetFpr < 1.0)) {
        throwInvalidArgument("target FPR must be in [0, 1) (0 = unknown); got " + numberText(targetFpr));
    }
}

/// ln C(a, b) for 0 <= b <= a.
double logChoose(double a, double b) {
    return std::lgamma(a + 1.0) - std::lgamma(b + 1.0) - std::lgamma(a - b + 1.0);
}

/// Smallest FPR over k of CountingBloomFilter::expectedFpr(n, lines, k), and that k. The FPR is
/// unimodal in k, so the scan stops at the first k that is no better than its predecessor.
std::pair<double, std::uint32_t> bestK(double n, std::uint64_t lines) {
    double best = CountingBloomFilter::expectedFpr(n, lines, 1);
    std::uint32_t bestHashes = 1;
    for (std::uint32_t k = 2; k <= CountingBloomFilter::kMaxHashes; ++k) {
        const double fpr = CountingBloomFilter::expectedFpr(n, lines, k);
        if (!(fpr < best)) {
            break;
        }
        best = fpr;
        bestHashes = k;
    }
    return {best, bestHashes};
}

} // namespace

// ---- Construction -------------------------------------------------------------------------

CountingBloomFilter CountingBloomFilter::forCapacity(std::uint64_t capacity, double fpr,
                                                     std::uint64_t seed) {
    const Geometry g = geometryFor(capacity, fpr);
    return CountingBloomFilter(g.lines * kCountersPerLine, g.hashes, capacity, fpr, seed);
}

CountingBloomFilter::Geometry CountingBloomFilter::geometryFor(std::uint64_t capacity, double fpr) {
    if (capacity == 0) {
        throwInvalidArgument("n (expected items) must be >= 1; got 0");
    }
    requireProbability(fpr);
    const double n = static_cast<double>(capacity);
    // Start from the classic filter's size (a blocked layout never beats it), bracket by doubling,
    // then bisect: the best-k FPR falls monotonically as lines are added.
    const math::BloomSizing classic = math::optimalClassic(capacity, fpr);
    std::uint64_t high = std::max<std::uint64_t>(1, classic.bits / kCountersPerLine);
    std::uint64_t low = 1;
    while (bestK(n, high).first > fpr) {
        low = high + 1;
        if (high >= kMaxLines) {
            throwInvalidArgument("a counting Bloom filter for n = " + numberText(capacity) + ", p = " + numberText(fpr) +
                 " would need more than 2^52 lines (2^58 bytes); raise p or reduce n");
        }
        high = std::min(kMaxLines, high * 2);
    }
    while (low < high) {
        const std::uint64_t mid = low + (high - low) / 2;
        if (bestK(n, mid).first <= fpr) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    return {high, bestK(n, high).second};
}

CountingBloomFilter::CountingBloomFilter(std::uint64_t numCounters, std::uint32_t numHashes,
                                         std::uint64_t capacity, double targetFpr,
                                         std::uint64_t seed)
    : m_numHashes(numHashes), m_capacity(capacity), m_targetFpr(targetFpr), m_hash(seed) {
    if (numCounters == 0) {
        throwInvalidArgument("the number of counters must be >= 1; got 0");
    }
    if (numCounters > kMaxLines * kCountersPerLine) {
        throwInvalidArgument("the number of counters must be at most 2^59; got " + numberText(numCounters));
    }
    validateHashes(numHashes);
    validateTarget(targetFpr);
    m_numLines = (numCounters + kCountersPerLine - 1) / kCountersPerLine;
    m_bytes.assign(static_cast<std::size_t>(m_numLines * kBytesPerLine), 0);
}

CountingBloomFilter CountingBloomFilter::fromBytes(std::uint64_t numLines, std::uint32_t numHashes,
                                                   std::uint64_t capacity, double targetFpr,
                                                   std::uint64_t seed, std::uint64_t items,
                                                   std::span<const std::uint8_t> bytes) {
    validateLines(numLines);
    validateHashes(numHashes);
    validateTarget(targetFpr);
    if (bytes.size() != numLines * kBytesPerLine) {
        throwInvalidArgument("counting filter payload has " + numberText(bytes.size()) + " bytes; " + numberText(numLines) +
             " lines need exactly " + numberText(numLines * kBytesPerLine));
    }
    // Every live item holds k non-zero counters in its line, so a payload of all-zero counters
    // cannot carry items.
    if (items > 0 && std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; })) {
        throwInvalidArgument("counting filter claims " + numberText(items) + " items but all of its counters are zero");
    }
    CountingBloomFilter filter(kCountersPerLine, numHashes, capacity, targetFpr, seed);
    filter.m_numLines = numLines;
    filter.m_items = items;
    filter.m_bytes.assign(bytes.begin(), bytes.end());
    return filter;
}

// ---- Probing ------------------------------------------------------------------------------

namespace {

/// Calls visit(offset) for the k distinct offsets of a key, in probe order, and stops early when
/// visit returns false (lookups of absent keys usually stop at the first or second counter).
/// Offsets are 7-bit draws from the stream hi, splitmix64(hi + r * golden), ...; a draw already
/// taken by this key is rejected, which makes the k offsets a uniform k-subset of the line.
template <class Visit>
inline bool visitOffsets(std::uint64_t high, std::uint32_t k, Visit&& visit) {
    std::uint64_t takenLow = 0;   // offsets 0..63
    std::uint64_t takenHigh = 0;  // offsets 64..127
    std::uint64_t word = high;
    unsigned drawsLeft = 9;  // 9 x 7 = 63 bits per word
    std::uint64_t round = 0;
    for (std::uint32_t j = 0; j < k;) {
        if (drawsLeft == 0) {
            ++round;
            word = splitmix64(high + round * kGoldenGamma);
            drawsLeft = 9;
        }
        const auto offset = static_cast<unsigned>(word & 127U);
        word >>= 7;
        --drawsLeft;
        const std::uint64_t bit = std::uint64_t{1} << (offset & 63U);
        std::uint64_t& taken = (offset & 64U) != 0 ? takenHigh : takenLow;
        if ((taken & bit) != 0) {
            continue;
        }
        taken |= bit;
        ++j;
        if (!visit(offset)) {
            return false;
        }
    }
    return true;
}

} // namespace

CountingBloomFilter::Probe CountingBloomFilter::probe(std::string_view key) const noexcept {
    const Hash128 h = m_hash(key);
    Probe p;
    p.line = reduceRange(h.low, m_numLines);
    std::uint32_t j = 0;
    visitOffsets(h.high, m_numHashes, [&](unsigned offset) {
        p.offsets[j++] = static_cast<std::uint8_t>(offset);
        return true;
    });
    return p;
}

std::uint8_t CountingBloomFilter::counter(std::uint64_t line, unsigned offset) const noexcept {
    const std::uint8_t byte = m_bytes[static_cast<std::size_t>(line * kBytesPerLine + offset / 2)];
    return static_cast<std::uint8_t>((offset & 1U) != 0 ? byte >> 4 : byte & 0x0FU);
}

bool CountingBloomFilter::insert(std::string_view key) {
    const Hash128 h = m_hash(key);
    std::uint8_t* line = m_bytes.data() + reduceRange(h.low, m_numLines) * kBytesPerLine;
    // The offsets are distinct, so each counter is incremented at most once per insert.
    visitOffsets(h.high, m_numHashes, [line](unsigned offset) {
        std::uint8_t& byte = line[offset / 2];
        const unsigned shift = (offset & 1U) * 4;
        if (((byte >> shift) & 0x0FU) < kMaxCount) {  // a saturated counter sticks at 15 (never wraps)
            byte = static_cast<std::uint8_t>(byte + (1U << shift));
        }
        return true;
    });
    ++m_items;
    return true;
}

bool CountingBloomFilter::mightContain(std::string_view key) const {
    const Hash128 h = m_hash(key);
    const std::uint8_t* line = m_bytes.data() + reduceRange(h.low, m_numLines) * kBytesPerLine;
    return visitOffsets(h.high, m_numHashes, [line](unsigned offset) {
        return ((line[offset / 2] >> ((offset & 1U) * 4)) & 0x0FU) != 0;
    });
}

bool CountingBloomFilter::erase(std::string_view key) {
    const Probe p = probe(key);
    // Check first, change afterwards: a key with a zero counter was certainly never inserted
    // (or already erased), and decrementing its other counters would remove other keys.
    for (std::uint32_t j = 0; j < m_numHashes; ++j) {
        if (counter(p.line, p.offsets[j]) == 0) {
            return false;
        }
    }
    std::uint8_t* line = m_bytes.data() + p.line * kBytesPerLine;
    for (std::uint32_t j = 0; j < m_numHashes; ++j) {
        const unsigned offset = p.offsets[j];
        std::uint8_t& byte = line[offset / 2];
        const unsigned shift = (offset & 1U) * 4;
        const unsigned value = (byte >> shift) & 0x0FU;
        if (value < kMaxCount) {  // a saturated counter lost count of its keys: never decrement it
            byte = static_cast<std::uint8_t>(byte - (1U << shift));
        }
    }
    if (m_items > 0) {
        --m_items;
    }
    return true;
}

std::vector<std::uint64_t> CountingBloomFilter::probePositions(std::string_view key) const {
    const Probe p = probe(key);
    std::vector<std::uint64_t> positions(m_numHashes);
    for (std::uint32_t j = 0; j < m_numHashes; ++j) {
        positions[j] = p.line * kCountersPerLine + p.offsets[j];
    }
    return positions;
}

std::uint8_t CountingBloomFilter::counterAt(std::uint64_t index) const {
    if (index >= numCounters()) {
        throw std::out_of_range("counter index " + numberText(index) + " is out of range; the filter has " +
                                numberText(numCounters()) + " counters");
    }
    return counter(index / kCountersPerLine, static_cast<unsigned>(index % kCountersPerLine));
}

// ---- Theory and statistics ----------------------------------------------------------------

double CountingBloomFilter::expectedFpr(double n, std::uint64_t numLines, std::uint32_t numHashes) {
    if (!(n >= 0.0) || !std::isfinite(n)) {
        throwInvalidArgument("n must be a finite number >= 0; got " + numberText(n));
    }
    validateLines(numLines);
    validateHashes(numHashes);
    if (n == 0.0) {
        return 0.0;
    }
    // Items per line ~ Poisson(lambda = n / lines) (multiply-shift spreads keys uniformly).
    // Given j items in the query's line, each item's counters are a uniform k-subset of the B =
    // 128 counters. Track c = how many of the query's k counters are covered: one more item
    // covers d new ones with the hypergeometric probability
    //   T(c, c + d) = C(k - c, d) C(B - k + c, k - d) / C(B, k),
    // so after j items the chain's mass at c = k is P[all k query counters non-zero | j]. The
    // chain is a sum of non-negative terms (no inclusion-exclusion cancellation).
    const unsigned k = numHashes;
    const double b = kCountersPerLine;
    const double lambda = n / static_cast<double>(numLines);
    const double logAll = logChoose(b, k);
    std::vector<double> transition((k + 1) * (k + 1), 0.0);
    for (unsigned c = 0; c <= k; ++c) {
        for (unsigned d = 0; d <= k - c; ++d) {
            const double others = b - k + c;  // counters the query has not covered yet
            if (k - d > others) {
                continue;
            }
            transition[c * (k + 1) + d] =
                std::exp(logChoose(k - c, d) + logChoose(others, k - d) - logAll);
        }
        // Rows sum to 1 exactly in theory; renormalise away the lgamma rounding (~1e-13) so the
        // chain conserves mass over many steps.
        double rowSum = 0.0;
        for (unsigned d = 0; d <= k - c; ++d) {
            rowSum += transition[c * (k + 1) + d];
        }
        for (unsigned d = 0; d <= k - c; ++d) {
            transition[c * (k + 1) + d] /= rowSum;
        }
    }
    std::vector<double> mass(k + 1, 0.0);
    std::vector<double> next(k + 1, 0.0);
    mass[0] = 1.0;
    const double logLambda = std::log(lambda);
    const double jEnd = lambda + 12.0 * std::sqrt(lambda) + 40.0;  // Poisson mass beyond < 1e-30
    double sum = 0.0;
    double pmfSeen = 0.0;
    for (double j = 0.0;; j += 1.0) {
        const double pmf = std::exp(j * logLambda - lambda - std::lgamma(j + 1.0));
        sum += pmf * mass[k];
        pmfSeen += pmf;
        // P[covered | j] only grows with j and is at most 1: once the uncovered mass is below
        // 1e-16, every later j contributes its Poisson mass (times 1 - that remainder).
        double uncovered = 0.0;
        for (unsigned c = 0; c < k; ++c) {
            uncovered += mass[c];
        }
        if (uncovered < 1e-16) {
            return std::min(1.0, sum + std::max(0.0, 1.0 - pmfSeen) * (1.0 - uncovered));
        }
        if (j >= jEnd) {
            return std::min(1.0, sum);
        }
        std::fill(next.begin(), next.end(), 0.0);
        for (unsigned c = 0; c <= k; ++c) {
            if (mass[c] == 0.0) {
                continue;
            }
            for (unsigned d = 0; d <= k - c; ++d) {
                next[c + d] += mass[c] * transition[c * (k + 1) + d];
            }
        }
        mass.swap(next);
    }
}

FilterStats CountingBloomFilter::stats() const {
    FilterStats s;
    s.items = m_items;
    s.capacity = m_capacity;
    s.targetFpr = m_targetFpr;
    s.bytes = m_bytes.size();
    s.bitsPerItem = m_items == 0 ? 0.0 : 8.0 * static_cast<double>(s.bytes) / static_cast<double>(m_items);
    s.layers = 1;

    // C(x, k) / C(128, k) for x = 0..128: the probability that a random k-subset of a line with
    // x non-zero counters hits only non-zero counters (exact for the current state).
    std::array<double, kCountersPerLine + 1> hitProbability{};
    const double logAll = logChoose(kCountersPerLine, m_numHashes);
    for (unsigned x = m_numHashes; x <= kCountersPerLine; ++x) {
        hitProbability[x] = std::exp(logChoose(x, m_numHashes) - logAll);
    }
    std::uint64_t nonZero = 0;
    double fprSum = 0.0;
    for (std::uint64_t line = 0; line < m_numLines; ++line) {
        unsigned lineNonZero = 0;
        const std::uint8_t* bytes = m_bytes.data() + line * kBytesPerLine;
        for (unsigned i = 0; i < kBytesPerLine; ++i) {
            const std::uint8_t byte = bytes[i];
            const unsigned low = byte & 0x0FU;
            const unsigned high = byte >> 4;
            lineNonZero += (low != 0 ? 1U : 0U) + (high != 0 ? 1U : 0U);
            s.saturatedCounters += (low == kMaxCount ? 1U : 0U) + (high == kMaxCount ? 1U : 0U);
        }
        nonZero += lineNonZero;
        fprSum += hitProbability[lineNonZero];
    }
    const std::uint64_t counters = numCounters();
    s.fillRatio = static_cast<double>(nonZero) / static_cast<double>(counters);
    s.estimatedFpr = fprSum / static_cast<double>(m_numLines);
    // Each item leaves a given counter zero with probability 1 - k/128, so with Poisson line
    // loads E[zero fraction] = e^(-k n / m): the Swamidass-Baldi estimate applies unchanged.
    s.estimatedItems = math::estimatedItems(counters, m_numHashes, nonZero);
    s.overfilled = (m_capacity > 0 && m_items > m_capacity) ||
                   (m_targetFpr > 0.0 && s.estimatedFpr > 2.0 * m_targetFpr);
    return s;
}

} // namespace bloomlab
