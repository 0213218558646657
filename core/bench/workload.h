// Workload — the query stream of one benchmark point: Q queries, a fraction h of them "hot"
// (drawn from the hot set, which the store answers), the rest "cold" (distinct phrases
// guaranteed absent from the corpus), shuffled together with a fixed seed.
//
// Hot queries are drawn with replacement, uniformly or by Zipf's law over the hot set's order
// (rank r has weight 1 / r^s), which is how real query logs look: a few queries repeat a lot.
// Cold queries are all distinct, so the false-positive rate measured on them is a binomial
// proportion over independent keys.
#pragma once

#include "core/retrieval/random.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::bench {

/// Samples ranks 0..n-1 with P(r) proportional to 1 / (r + 1)^s (inverse CDF, binary search).
class ZipfSampler {
public:
    /// n >= 1, s > 0. Throws std::invalid_argument.
    ZipfSampler(std::uint64_t n, double exponent);
    std::uint64_t sample(SplitMix64& rng) const;
    double probability(std::uint64_t rank) const;

private:
    std::vector<double> m_cdf;
};

/// The hot set's corpus indices: the first `count` of a partial Fisher-Yates shuffle of
/// [0, corpusSize) seeded from `seed` (the benchmark's hot set; the growing run extends it, so its
/// first n are the same phrases). count <= corpusSize.
std::vector<std::uint32_t> hotSetOrder(std::size_t corpusSize, std::size_t count, std::uint64_t seed);

struct WorkloadSpec {
    double hotRatio = 0.3;
    std::uint64_t queries = 20000;
    bool zipf = false;
    double zipfExponent = 1.0;
    std::uint64_t seed = 42;
};

struct Workload {
    std::vector<std::string_view> queries;
    std::vector<std::uint8_t> hot;  ///< 1 where queries[i] came from the hot set
    std::uint64_t hotCount = 0;
    std::uint64_t coldCount = 0;
};

/// hotCount = round(h * Q); the cold queries are coldPool[0, Q - hotCount) (the pool must be
/// that large). Views point into hotSet's targets and coldPool: keep them alive.
/// Throws std::invalid_argument (h outside [0, 1], Q = 0, empty hot set with h > 0, pool too small).
Workload makeWorkload(std::span<const std::string_view> hotSet,
                      std::span<const std::string> coldPool, const WorkloadSpec& spec);

/// The growing workload (`--grow-hot F`): the hot set starts as the first `initialHot` phrases of
/// `hotOrder` (the filter's n) and grows evenly to all of them (F x n) over the Q queries: before
/// query i the store holds hotSetSize[i] documents (a document is added every Q / ((F - 1) n)
/// queries, the last before the last query). A hot query draws uniformly from the hot set of its
/// moment, so new documents are queried from the moment they exist; cold queries are
/// coldPool[0, Q - hotCount), all distinct, as in makeWorkload.
struct GrowingWorkloadSpec {
    double hotRatio = 0.3;
    std::uint64_t queries = 20000;
    std::uint64_t initialHot = 0;  ///< n: documents when the run starts (>= 1)
    std::uint64_t seed = 42;
};

struct GrowingWorkload {
    std::vector<std::string_view> queries;
    std::vector<std::uint8_t> hot;          ///< 1 where queries[i] came from the hot set
    std::vector<std::uint32_t> hotSetSize;  ///< documents in the store when query i runs
    std::uint64_t hotCount = 0;
    std::uint64_t coldCount = 0;
};

/// Throws std::invalid_argument (h outside [0, 1], Q = 0, initialHot = 0 or larger than hotOrder,
/// hotOrder over 2^32 phrases, cold pool too small). Views point into hotOrder's targets and
/// coldPool: keep them alive.
GrowingWorkload makeGrowingWorkload(std::span<const std::string_view> hotOrder,
                                    std::span<const std::string> coldPool, const GrowingWorkloadSpec& spec);

} // namespace bloomlab::bench
