// filter_math: formulas and sources are stated next to each function in filter_math.h and again
// here where the numerical method matters (the Poisson mixtures, the solver's cases).
#include "core/filter_math.h"

#include "core/errors.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace bloomlab::math {

namespace {

constexpr double kLn2Squared = kLn2 * kLn2;
// 2^64 as a double: the first value that no std::uint64_t can hold.
constexpr double kTwoPow64 = 18446744073709551616.0;

void requirePositive(double value, const char* name) {
    if (!(value > 0.0) || !std::isfinite(value)) {
        throwInvalidArgument(std::string(name) + " must be a positive finite number; got " + numberText(value));
    }
}

void requireNonNegative(double value, const char* name) {
    if (!(value >= 0.0) || !std::isfinite(value)) {
        throwInvalidArgument(std::string(name) + " must be a finite number >= 0; got " + numberText(value));
    }
}

void requireWhole(double value, const char* name, double minimum, double maximum) {
    if (!std::isfinite(value) || value != std::floor(value) || value < minimum || value > maximum) {
        throwInvalidArgument(std::string(name) + " must be a whole number in [" + numberText(minimum) + ", " + numberText(maximum) +
             "]; got " + numberText(value));
    }
}

/// Converts a non-negative bit count computed in floating point to an integer with ceil,
/// refusing results that do not fit 64 bits (a size must never wrap).
std::uint64_t ceilToBits(double bits, const std::string& what) {
    const double rounded = std::ceil(bits);
    if (!std::isfinite(rounded) || rounded >= kTwoPow64) {
        throwInvalidArgument(what + " needs more than 2^64 bits; relax p or reduce n");
    }
    return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(rounded));
}

/// sum_j Pois(j; lambda) f(j) for a non-decreasing f with values in [0, 1].
/// The Poisson mass outside [lambda - 12 sqrt(lambda) - 40, lambda + 12 sqrt(lambda) + 40] is far
/// below 1e-30, so only that window is summed; pmf terms are computed in log space
/// (j ln lambda - lambda - lgamma(j + 1)) so that large lambda does not underflow e^-lambda.
/// When f has saturated to 1 (within 1e-15) at the window's low end, the result is f(jmin).
template <class F>
double poissonMixture(double lambda, F&& perLoad) {
    if (lambda <= 0.0) {
        return perLoad(0.0);
    }
    const double spread = 12.0 * std::sqrt(lambda) + 40.0;
    const double jmin = std::max(0.0, std::floor(lambda - spread));
    const double jmax = std::ceil(lambda + spread);
    const double atMin = perLoad(jmin);
    if (atMin >= 1.0 - 1e-15) {
        return atMin;
    }
    const double logLambda = std::log(lambda);
    double sum = 0.0;
    for (double j = jmin; j <= jmax; j += 1.0) {
        const double logPmf = j * logLambda - lambda - std::lgamma(j + 1.0);
        sum += std::exp(logPmf) * perLoad(j);
    }
    return std::min(1.0, sum);
}

} // namespace

// ---- Classic Bloom filter ----------------------------------------------------------------

BloomSizing optimalClassic(std::uint64_t n, double p) {
    if (n == 0) {
        throwInvalidArgument("n (expected items) must be >= 1; got 0");
    }
    requireProbability(p);
    const double nd = static_cast<double>(n);
    // m = ceil(-n ln p / (ln 2)^2). For n = 1e6, p = 0.01: 9,585,058.4 -> 9,585,059.
    const std::uint64_t m =
        ceilToBits(-nd * std::log(p) / kLn2Squared, "a classic Bloom filter for n = " + numberText(n) + ", p = " + numberText(p));
    // Past kMaxHashes the smallest m for k = kMaxHashes (the cap every filter applies).
    if (std::round(static_cast<double>(m) / nd * kLn2) > static_cast<double>(kMaxHashes)) {
        return {classicBitsForFixedK(nd, p, kMaxHashes), kMaxHashes};
    }
    return {m, optimalHashes(static_cast<double>(m), nd)};
}

double classicFpr(double n, double m, double k) {
    requireNonNegative(n, "n");
    requirePositive(m, "m");
    requirePositive(k, "k");
    // (1 - e^(-kn/m))^k; -expm1(-x) = 1 - e^-x without cancellation for small kn/m.
    const double fill = -std::expm1(-k * n / m);
    return std::pow(fill, k);
}

double classicCapacity(double m, double p, double k) {
    requirePositive(m, "m");
    requireProbability(p);
    requirePositive(k, "k");
    // Inverse of classicFpr in n: p^(1/k) = 1 - e^(-kn/m)  =>  n = -(m/k) ln(1 - p^(1/k)).
    return -(m / k) * std::log1p(-std::pow(p, 1.0 / k));
}

std::uint64_t classicBitsForFixedK(double n, double p, double k) {
    requirePositive(n, "n");
    requireProbability(p);
    requirePositive(k, "k");
    // Inverse of classicFpr in m: m = -k n / ln(1 - p^(1/k)).
    return ceilToBits(-k * n / std::log1p(-std::pow(p, 1.0 / k)),
                      "a classic Bloom filter for n = " + numberText(n) + ", p = " + numberText(p) + ", k = " + numberText(k));
}

std::uint32_t optimalHashes(double m, double n) {
    requirePositive(m, "m");
    requirePositive(n, "n");
    // k* = (m/n) ln 2 minimises (1 - e^(-kn/m))^k; rounded to nearest (rule in filter_math.h).
    const double k = std::round(m / n * kLn2);
    if (k < 1.0) {
        return 1;
    }
    if (!(k <= static_cast<double>(kMaxHashes))) {
        return kMaxHashes;
    }
    return static_cast<std::uint32_t>(k);
}

BloomSizing fewerProbesClassic(std::uint64_t n, double p, double extraMemory) {
    if (!std::isfinite(extraMemory) || extraMemory < 0.0) {
        throwInvalidArgument("the extra memory allowed must be a finite fraction >= 0 (0.1 = 10%); got " + numberText(extraMemory));
    }
    const BloomSizing optimal = optimalClassic(n, p);
    const double budget = static_cast<double>(optimal.bits) * (1.0 + extraMemory);
    for (std::uint32_t k = 1; k < optimal.hashes; ++k) {
        // The size for this k in floating point first: for small k and tiny p it does not fit 64
        // bits (k = 1, p = 1e-17: 1e20 bits), which is simply over the budget.
        const double exact = -static_cast<double>(k) * static_cast<double>(n) / std::log1p(-std::pow(p, 1.0 / k));
        if (!(std::ceil(exact) <= budget)) {
            continue;
        }
        return {classicBitsForFixedK(static_cast<double>(n), p, k), k};
    }
    return optimal;
}

double estimatedItems(std::uint64_t m, std::uint32_t k, std::uint64_t setBits) {
    if (m == 0) {
        throwInvalidArgument("m must be >= 1; got 0");
    }
    if (k == 0) {
        throwInvalidArgument("k must be >= 1; got 0");
    }
    if (setBits > m) {
        throwInvalidArgument("set bits (" + numberText(setBits) + ") cannot exceed m (" + numberText(m) + ")");
    }
    if (setBits == m) {
        return std::numeric_limits<double>::infinity();
    }
    const double md = static_cast<double>(m);
    // Swamidass & Baldi (2007): n* = -(m/k) ln(1 - X/m).
    return -(md / k) * std::log1p(-static_cast<double>(setBits) / md);
}

double bitsPerItemLowerBound(double p) {
    requireProbability(p);
    return -std::log2(p);
}

// ---- Blocked Bloom ------------------------------------------------------------------------

double blockedFpr(double n, std::uint64_t blocks) {
    requireNonNegative(n, "n");
    if (blocks == 0) {
        throwInvalidArgument("the number of blocks must be >= 1; got 0");
    }
    // A block holding j items has each of its 8 probed bits set with probability
    // 1 - (31/32)^j (one bit of 32 per word, per item); a query needs all 8.
    const double lambda = n / static_cast<double>(blocks);
    const double logMiss = std::log1p(-1.0 / 32.0);
    return poissonMixture(lambda, [logMiss](double j) {
        return std::pow(-std::expm1(j * logMiss), 8.0);
    });
}

std::uint64_t blockedBlocksFor(std::uint64_t n, double p) {
    if (n == 0) {
        throwInvalidArgument("n (expected items) must be >= 1; got 0");
    }
    requireProbability(p);
    constexpr std::uint64_t kMaxBlocks = std::uint64_t{1} << 32;  // Parquet's block index limit
    const double nd = static_cast<double>(n);
    // blockedFpr falls monotonically as blocks grow. Start from the spec's (optimistic) estimate
    // c = -8 / ln(1 - p^(1/8)) bits per item, which is below the answer, then bracket and bisect.
    const double specBits = -8.0 * nd / std::log1p(-std::pow(p, 1.0 / 8.0));
    std::uint64_t low = 1;
    std::uint64_t high = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::min(specBits / 256.0, 4.0e9)));
    while (blockedFpr(nd, high) > p) {
        low = high + 1;
        if (high >= kMaxBlocks) {
            throwInvalidArgument("a split-block Bloom filter for n = " + numberText(n) + ", p = " + numberText(p) +
                 " would need more than 2^32 blocks (128 GiB), the Parquet layout's limit; raise p or "
                 "split the set");
        }
        high = std::min(kMaxBlocks, high * 2);
    }
    // Invariant: blockedFpr(high) <= p, and every count below `low` is too small.
    while (low < high) {
        const std::uint64_t mid = low + (high - low) / 2;
        if (blockedFpr(nd, mid) <= p) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    return high;
}

double blockedFprGeneric(double n, std::uint64_t blocks, unsigned cellsPerBlock, unsigned k) {
    requireNonNegative(n, "n");
    if (blocks == 0) {
        throwInvalidArgument("the number of blocks must be >= 1; got 0");
    }
    if (cellsPerBlock < 2) {
        throwInvalidArgument("cells per block must be >= 2; got " + numberText(cellsPerBlock));
    }
    if (k == 0) {
        throwInvalidArgument("k must be >= 1; got 0");
    }
    // A block holding j items received k j probes (with replacement) over B cells; a given cell
    // is non-empty with probability 1 - (1 - 1/B)^(kj); a query needs its k cells non-empty.
    const double lambda = n / static_cast<double>(blocks);
    const double logMiss = std::log1p(-1.0 / static_cast<double>(cellsPerBlock));
    const double kd = static_cast<double>(k);
    return poissonMixture(lambda, [logMiss, kd](double j) {
        return std::pow(-std::expm1(kd * j * logMiss), kd);
    });
}

// ---- Cuckoo filter ------------------------------------------------------------------------

namespace {
void requireCuckooShape(unsigned fingerprintBits, unsigned slotsPerBucket) {
    if (fingerprintBits < 1 || fingerprintBits > 32) {
        throwInvalidArgument("fingerprint bits must be in [1, 32]; got " + numberText(fingerprintBits));
    }
    if (slotsPerBucket < 1 || slotsPerBucket > 64) {
        throwInvalidArgument("slots per bucket must be in [1, 64]; got " + numberText(slotsPerBucket));
    }
}
} // namespace

double cuckooFpr(unsigned fingerprintBits, unsigned slotsPerBucket, double load) {
    requireCuckooShape(fingerprintBits, slotsPerBucket);
    if (!(load >= 0.0 && load <= 1.0)) {
        throwInvalidArgument("load factor must be in [0, 1]; got " + numberText(load));
    }
    // 1 - (1 - 2^-f)^(2 b alpha), evaluated as -expm1(2 b alpha log1p(-2^-f)).
    const double perSlot = std::ldexp(1.0, -static_cast<int>(fingerprintBits));
    return -std::expm1(2.0 * slotsPerBucket * load * std::log1p(-perSlot));
}

double cuckooFprUpperBound(unsigned fingerprintBits, unsigned slotsPerBucket) {
    requireCuckooShape(fingerprintBits, slotsPerBucket);
    return std::min(1.0, std::ldexp(2.0 * slotsPerBucket, -static_cast<int>(fingerprintBits)));
}

double cuckooLoadFor(unsigned fingerprintBits, unsigned slotsPerBucket, double p) {
    requireProbability(p);
    requireCuckooShape(fingerprintBits, slotsPerBucket);
    const double perSlot = std::log1p(-std::ldexp(1.0, -static_cast<int>(fingerprintBits)));
    return std::min(1.0, std::log1p(-p) / (2.0 * slotsPerBucket * perSlot));
}

unsigned cuckooFingerprintBitsFor(double p, unsigned slotsPerBucket, double load) {
    requireProbability(p);
    for (const unsigned bits : {8U, 12U, 16U}) {
        if (cuckooFpr(bits, slotsPerBucket, load) <= p) {
            return bits;
        }
    }
    return 16;
}

std::uint64_t cuckooBucketsFor(std::uint64_t n, unsigned slotsPerBucket, double maxLoad) {
    if (n == 0) {
        throwInvalidArgument("n (expected items) must be >= 1; got 0");
    }
    if (slotsPerBucket < 1 || slotsPerBucket > 64) {
        throwInvalidArgument("slots per bucket must be in [1, 64]; got " + numberText(slotsPerBucket));
    }
    if (!(maxLoad > 0.0 && maxLoad <= 1.0)) {
        throwInvalidArgument("maximum load must be in (0, 1]; got " + numberText(maxLoad));
    }
    // Any bucket count works (the alternate-bucket map is an involution for every count; see
    // cuckoo_filter.h), so this is the smallest count that keeps the load at or below maxLoad.
    const double needed = std::ceil(static_cast<double>(n) / (slotsPerBucket * maxLoad));
    constexpr std::uint64_t kLimit = std::uint64_t{1} << 62;
    if (needed > static_cast<double>(kLimit)) {
        throwInvalidArgument("a cuckoo filter for n = " + numberText(n) + " would need more than 2^62 buckets");
    }
    auto buckets = static_cast<std::uint64_t>(needed);
    // Guard the double rounding: the load n / slots must really be <= maxLoad, and must not be
    // with one bucket fewer.
    const auto load = [&](std::uint64_t b) {
        return static_cast<double>(n) / (static_cast<double>(slotsPerBucket) * static_cast<double>(b));
    };
    buckets = std::max<std::uint64_t>(buckets, 1);
    while (load(buckets) > maxLoad) ++buckets;
    while (buckets > 1 && load(buckets - 1) <= maxLoad) --buckets;
    return buckets;
}

// ---- Filters made of several ---------------------------------------------------------------

double anyOfIndependent(std::span<const double> probabilities) {
    double logNone = 0.0;  // log of the probability that no event occurs
    for (const double p : probabilities) {
        if (!(p >= 0.0 && p <= 1.0)) {
            throwInvalidArgument("a probability must be in [0, 1]; got " + numberText(p));
        }
        logNone += std::log1p(-p);  // -inf for p = 1, and then expm1 gives exactly -1
    }
    return -std::expm1(logNone);
}

// ---- Solver -------------------------------------------------------------------------------

SizingResult solveSizing(const SizingQuery& query) {
    constexpr auto kMaxWhole = static_cast<double>(kMaxExactInteger);
    constexpr auto kMaxK = static_cast<double>(kMaxHashes);
    if (query.n) {
        requireWhole(*query.n, "n", 1.0, kMaxWhole);
    }
    if (query.p) {
        requireProbability(*query.p);
    }
    if (query.m) {
        requireWhole(*query.m, "m (bits)", 1.0, kMaxWhole);
    }
    if (query.k) {
        requireWhole(*query.k, "k", 1.0, kMaxK);
    }

    SizingResult r;
    const bool hasN = query.n.has_value();
    const bool hasP = query.p.has_value();
    const bool hasM = query.m.has_value();
    const bool hasK = query.k.has_value();

    if (hasN && hasM) {
        // n, m (-> k optimal, p); n, m, k (-> p); all four (-> p recomputed and checked).
        r.n = *query.n;
        r.m = static_cast<std::uint64_t>(*query.m);
        r.k = hasK ? static_cast<std::uint32_t>(*query.k) : optimalHashes(static_cast<double>(r.m), r.n);
        r.p = classicFpr(r.n, static_cast<double>(r.m), r.k);
        if (hasP && r.p > *query.p * (1.0 + kSolverTolerance)) {
            if (hasK) {  // all four given: one too many to solve
                throwInvalidArgument("n = " + numberText(r.n) + ", m = " + numberText(r.m) + ", k = " + numberText(r.k) +
                                     " give p = " + numberText(r.p) + ", above the requested p = " + numberText(*query.p) +
                                     "; give only three of n, p, m, k to let the fourth be solved");
            }
            // n, p and m given, k solved: even the best k misses p, so m is too small for n.
            const BloomSizing needed = optimalClassic(static_cast<std::uint64_t>(r.n), *query.p);
            throwInvalidArgument("n = " + numberText(r.n) + " items in m = " + numberText(r.m) + " bits give p = " +
                                 numberText(r.p) + " even with the best k (" + numberText(r.k) +
                                 "), above the requested p = " + numberText(*query.p) + "; p = " + numberText(*query.p) +
                                 " for n = " + numberText(r.n) + " needs m = " + numberText(needed.bits) + " bits (k = " +
                                 numberText(needed.hashes) + "): give a larger m or a smaller n, or leave m out to have it solved");
        }
    } else if (hasN && hasP) {
        r.n = *query.n;
        r.p = *query.p;
        if (hasK) {
            // n, p, k -> m for that fixed k.
            r.k = static_cast<std::uint32_t>(*query.k);
            r.m = classicBitsForFixedK(r.n, r.p, r.k);
        } else {
            // n, p -> m, k optimal (same as optimalClassic, k capped at kMaxHashes).
            const BloomSizing sizing = optimalClassic(static_cast<std::uint64_t>(r.n), r.p);
            r.m = sizing.bits;
            r.k = sizing.hashes;
        }
    } else if (hasM && hasP) {
        // m, p (-> k optimal, n); m, p, k (-> n). The optimal k for a target p is
        // round(log2(1/p)) (at k* = (m/n) ln 2 the FPR is 2^-k*). n is rounded down so that
        // n items in m bits stay at or below p.
        r.m = static_cast<std::uint64_t>(*query.m);
        r.p = *query.p;
        if (hasK) {
            r.k = static_cast<std::uint32_t>(*query.k);
        } else {
            r.k = static_cast<std::uint32_t>(std::clamp(std::round(-std::log2(r.p)), 1.0, kMaxK));
        }
        r.n = std::floor(classicCapacity(static_cast<double>(r.m), r.p, r.k));
        if (r.n < 1.0) {
            throwInvalidArgument("m = " + numberText(r.m) + " bits cannot hold even one item at p = " + numberText(r.p) + " with k = " +
                 numberText(r.k));
        }
    } else {
        throwInvalidArgument("not enough to solve: give two of n, p, m (optionally with k), e.g. n and p; "
             "m and k alone do not fix the load");
    }
    r.bitsPerItem = static_cast<double>(r.m) / r.n;
    return r;
}

// ---- Statistics ---------------------------------------------------------------------------

Interval wilsonInterval(std::uint64_t successes, std::uint64_t trials, double z) {
    if (trials == 0) {
        throwInvalidArgument("trials must be >= 1; got 0");
    }
    if (successes > trials) {
        throwInvalidArgument("successes (" + numberText(successes) + ") cannot exceed trials (" + numberText(trials) + ")");
    }
    requirePositive(z, "z");
    // Wilson (1927): (p + z^2/2n +- z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n).
    const double n = static_cast<double>(trials);
    const double phat = static_cast<double>(successes) / n;
    const double z2 = z * z;
    const double denominator = 1.0 + z2 / n;
    const double centre = (phat + z2 / (2.0 * n)) / denominator;
    const double half = z / denominator * std::sqrt(phat * (1.0 - phat) / n + z2 / (4.0 * n * n));
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Interval binomialAcceptance(std::uint64_t trials, double p, double z) {
    if (trials == 0) {
        throwInvalidArgument("trials must be >= 1; got 0");
    }
    if (!(p >= 0.0 && p <= 1.0)) {
        throwInvalidArgument("p must be in [0, 1]; got " + numberText(p));
    }
    requirePositive(z, "z");
    const double n = static_cast<double>(trials);
    const double expected = n * p;
    const double slack = z * std::sqrt(n * p * (1.0 - p)) + 1.0;
    return {std::max(0.0, expected - slack), std::min(n, expected + slack)};
}

} // namespace bloomlab::math
