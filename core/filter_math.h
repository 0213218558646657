// filter_math: all the theory in one place. Every function states its formula and its source.
// Layout code (bloom_filter, blocked_bloom_filter, ...) calls these; charts plot them next to
// what was measured. Arguments are validated: bad input throws std::invalid_argument with a
// message a user can act on ("p must be in (0, 1); got 1.5").
#pragma once

#include <cstdint>
#include <optional>
#include <span>

namespace bloomlab::math {

inline constexpr double kLn2 = 0.69314718055994530942;

/// The most hash functions any filter uses, and the most the sizing solver suggests: 64. Past
/// k = 64 the FPR curve is flat to far below any p a user asks for (k = 64 is optimal for
/// p = 2^-64 = 5.4e-20), and every probe costs a memory access. planFilter (build) and
/// solveSizing (size) both cap the optimal k here; an explicit k above it is refused.
inline constexpr std::uint32_t kMaxHashes = 64;

/// The largest whole number the double-precision formulas (solveSizing) take exactly: 2^53.
/// Larger n or m would silently change value (9007199254740993 reads as ...992); they are refused.
inline constexpr std::uint64_t kMaxExactInteger = std::uint64_t{1} << 53;

// ---- Classic Bloom filter ----------------------------------------------------------------

struct BloomSizing {
    std::uint64_t bits = 0;    ///< m
    std::uint32_t hashes = 0;  ///< k
};

/// m = ceil(-n ln p / (ln 2)^2), k = max(1, round((m / n) ln 2)); when that k is above
/// kMaxHashes, k = kMaxHashes and m = classicBitsForFixedK(n, p, kMaxHashes).
/// Source: Bloom (1970); Broder & Mitzenmacher, "Network applications of Bloom filters" (2004).
/// Rounding rule: k is rounded to the nearest integer because the FPR curve is flat around the
/// optimum; rounding to nearest is never worse than ceil or floor by more than the asymmetry of
/// that curve, and for n = 10,000, p = 0.1 gives k = 3 (3.32): FPR 0.1007, where rounding up to k = 4
/// gives 0.1026.
BloomSizing optimalClassic(std::uint64_t n, double p);

/// p = (1 - e^(-k n / m))^k  (the standard approximation; Broder & Mitzenmacher 2004).
double classicFpr(double n, double m, double k);

/// n = -(m / k) ln(1 - p^(1/k)): how many items an m-bit, k-hash filter holds at FPR p.
double classicCapacity(double m, double p, double k);

/// m = ceil(-k n / ln(1 - p^(1/k))): bits needed for n items at FPR p with k fixed.
std::uint64_t classicBitsForFixedK(double n, double p, double k);

/// k = max(1, round((m / n) ln 2)), at most kMaxHashes.
std::uint32_t optimalHashes(double m, double n);

/// Memory a classic filter may spend over the optimum to need fewer probes (fewerProbesClassic).
inline constexpr double kFewerProbesExtraMemory = 0.10;

/// Classic sizing for speed: the smallest k whose m for (n, p) (classicBitsForFixedK) is at most
/// (1 + extraMemory) x the optimal m (optimalClassic); the optimal sizing when no smaller k fits.
/// The FPR is flat around the optimal k, so a little memory buys many fewer probes, and each probe
/// is a cache line read: with 10% more memory, p = 1% needs k = 4 instead of 7 (10.52 vs 9.59
/// bits per item), p = 0.1% k = 6 instead of 10, p = 0.01% k = 8 instead of 13.
/// A k whose m would not even fit 64 bits (k = 1 at p = 1e-17) is over the budget and skipped.
/// Throws std::invalid_argument on bad n or p, or when extraMemory is negative or not finite.
BloomSizing fewerProbesClassic(std::uint64_t n, double p, double extraMemory = kFewerProbesExtraMemory);

/// Swamidass & Baldi (2007): n* = -(m / k) ln(1 - X / m), X = set bits. Infinity when X = m.
double estimatedItems(std::uint64_t m, std::uint32_t k, std::uint64_t setBits);

/// Information-theoretic lower bound: log2(1 / p) bits per item (Carter et al. 1978).
double bitsPerItemLowerBound(double p);

// ---- Blocked Bloom (Parquet split-block: 256-bit blocks, 8 words, one bit per word) -------

/// FPR of a split-block Bloom filter holding n items in `blocks` blocks of 8 x 32-bit words,
/// one bit set per word. Items per block are Poisson(lambda = n / blocks); a block holding j
/// items answers "maybe" with probability (1 - (1 - 1/32)^j)^8. The FPR is the Poisson mixture
/// sum_j Pois(j; lambda) (1 - (31/32)^j)^8. Source: Putze, Sanders & Singler, "Cache-, hash- and
/// space-efficient Bloom filters" (2007), and the Parquet spec's discussion of SBBF sizing.
double blockedFpr(double n, std::uint64_t blocks);

/// Smallest block count whose blockedFpr(n, blocks) <= p (so a blocked filter built for p
/// measures about p, unlike the optimistic c = -8 / ln(1 - p^(1/8)) formula, which undersizes it).
std::uint64_t blockedBlocksFor(std::uint64_t n, double p);

/// Generic cache-line-blocked Bloom with k probes (with replacement) into a block of B cells:
/// sum_j Pois(j; n / blocks) (1 - (1 - 1/B)^(k j))^k. Used by the counting filter
/// (128 four-bit counters per 64-byte line).
double blockedFprGeneric(double n, std::uint64_t blocks, unsigned cellsPerBlock, unsigned k);

// ---- Cuckoo filter (Fan, Andersen, Kaminsky & Mitzenmacher, CoNEXT 2014) -----------------

/// FPR = 1 - (1 - 2^-f)^(2 b alpha): a lookup compares against at most 2b slots, each occupied
/// with probability alpha (load factor), each matching a random f-bit non-zero fingerprint with
/// probability about 2^-f. Upper bound 2b / 2^f at alpha = 1 (Fan et al., section 5.1).
double cuckooFpr(unsigned fingerprintBits, unsigned slotsPerBucket, double load);
double cuckooFprUpperBound(unsigned fingerprintBits, unsigned slotsPerBucket);

/// The largest load alpha whose cuckooFpr(f, b, alpha) = 1 - (1 - 2^-f)^(2 b alpha) is <= p:
/// alpha = ln(1 - p) / (2 b ln(1 - 2^-f)), capped at 1 (Fan et al. 2014, section 5.1, solved for
/// alpha). Throws std::invalid_argument unless p is in (0, 1), f in [1, 32] and b in [1, 64].
double cuckooLoadFor(unsigned fingerprintBits, unsigned slotsPerBucket, double p);

/// The load a cuckoo table is sized for (n items fill this share of its 4-slot buckets). It must
/// stay below the load at which the first insert runs out of its 500 kicks, which falls slowly
/// as tables grow: measured (perf's cuckoo fill, 12-bit, integer keys) 0.954 at 2.6M buckets and
/// 0.949 at 26M; sizing for 0.95 made a 100M-key table refuse inserts before it held n.
inline constexpr double kCuckooDesignLoad = 0.94;

/// Smallest supported fingerprint size (8, 12 or 16) whose cuckooFpr at `load` is <= p;
/// 16 when even 16 bits cannot reach p (the caller reports the measured/expected value).
unsigned cuckooFingerprintBitsFor(double p, unsigned slotsPerBucket = 4, double load = kCuckooDesignLoad);

/// The fewest buckets (>= 1; any count, not only powers of two) that n items fill to at most
/// `maxLoad` of their slots.
std::uint64_t cuckooBucketsFor(std::uint64_t n, unsigned slotsPerBucket = 4, double maxLoad = kCuckooDesignLoad);

// ---- Filters made of several (layers, tiers) ----------------------------------------------

/// The FPR of a lookup that asks several filters holding different keys (a scalable filter's
/// layers, a tiered cuckoo filter's tiers): 1 - prod(1 - p_i), their false positives being
/// independent events. Summed in logs, -expm1(sum log1p(-p_i)), so that small p_i are not lost
/// to cancellation (1 - (1 - 1e-18) is 0 in doubles; this gives 1e-18). Each p_i must be in
/// [0, 1]; none gives 0.
double anyOfIndependent(std::span<const double> probabilities);

// ---- Solver for the `size` command and the GUI calculator -------------------------------

/// Any two or three of n, p, m, k; the rest is solved (like the well-known online calculators):
///   n, p        -> m, k optimal          n, m      -> k optimal, p
///   n, m, k     -> p                     n, p, k   -> m
///   m, p        -> k optimal, n          m, p, k   -> n
///   m, k        -> not enough (throws)   all four  -> p recomputed, checked against given p
/// n, m and k must be whole numbers (1 <= n, m <= kMaxExactInteger = 2^53, 1 <= k <= kMaxHashes =
/// 64), p in (0, 1); the optimal k is capped at kMaxHashes (then m is the smallest for k = 64);
/// a p below the smallest double (about 1e-308) comes back as 0. Otherwise, or
/// with too few inputs, std::invalid_argument. With all four, the recomputed p is returned and the
/// query is refused when it exceeds the given p by more than kSolverTolerance (relative), since
/// rounding m and k makes an exact match rare. For m, p the optimal k is round(log2(1/p)) and
/// n = floor(classicCapacity(m, p, k)), so n items in m bits stay at or below p.
inline constexpr double kSolverTolerance = 0.05;
struct SizingQuery {
    std::optional<double> n;
    std::optional<double> p;
    std::optional<double> m;
    std::optional<double> k;
};
struct SizingResult {
    double n = 0;
    double p = 0;
    std::uint64_t m = 0;
    std::uint32_t k = 0;
    double bitsPerItem = 0;
};
SizingResult solveSizing(const SizingQuery& query);

// ---- Statistics of measured FPR ---------------------------------------------------------

struct Interval {
    double low = 0;
    double high = 0;
};

/// Wilson score interval for a binomial proportion (successes of trials) at z (1.96 = 95%).
Interval wilsonInterval(std::uint64_t successes, std::uint64_t trials, double z = 1.96);

/// Upper/lower acceptance bound for tests: expected count +- z * sqrt(trials p (1 - p)) + 1
/// (normal approximation of Binomial(trials, p); z = 4 gives a false-alarm rate below 1e-4).
/// The bounds are COUNTS (of false positives among `trials`), clamped to [0, trials].
Interval binomialAcceptance(std::uint64_t trials, double p, double z = 4.0);

} // namespace bloomlab::math
