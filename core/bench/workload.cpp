#include "core/bench/workload.h"

#include <algorithm>
#include <optional>
#include <cmath>
#include <stdexcept>
#include <string>

namespace bloomlab::bench {

ZipfSampler::ZipfSampler(std::uint64_t n, double exponent) {
    if (n == 0) throw std::invalid_argument("Zipf needs at least one rank");
    if (!(exponent > 0.0) || !std::isfinite(exponent))
        throw std::invalid_argument("Zipf exponent must be > 0; got " + std::to_string(exponent));
    m_cdf.resize(n);
    double sum = 0.0;
    for (std::uint64_t r = 0; r < n; ++r) {
        sum += 1.0 / std::pow(static_cast<double>(r + 1), exponent);
        m_cdf[r] = sum;
    }
    for (double& c : m_cdf) c /= sum;
    m_cdf.back() = 1.0;
}

std::uint64_t ZipfSampler::sample(SplitMix64& rng) const {
    const double u = rng.unit();
    const auto it = std::upper_bound(m_cdf.begin(), m_cdf.end(), u);
    return static_cast<std::uint64_t>(std::min<std::ptrdiff_t>(it - m_cdf.begin(),
                                                               std::ptrdiff_t(m_cdf.size()) - 1));
}

double ZipfSampler::probability(std::uint64_t rank) const {
    if (rank >= m_cdf.size()) return 0.0;
    return rank == 0 ? m_cdf[0] : m_cdf[rank] - m_cdf[rank - 1];
}

std::vector<std::uint32_t> hotSetOrder(std::size_t corpusSize, std::size_t count, std::uint64_t seed) {
    if (count > corpusSize)
        throw std::invalid_argument("the hot set (" + std::to_string(count) + " phrases) cannot be larger than the corpus (" +
                                    std::to_string(corpusSize) + " phrases)");
    std::vector<std::uint32_t> order(corpusSize);
    for (std::size_t i = 0; i < corpusSize; ++i) order[i] = static_cast<std::uint32_t>(i);
    SplitMix64 rng(seed ^ 0x4F7E5E7ULL);
    for (std::size_t i = 0; i < count; ++i) std::swap(order[i], order[i + rng.below(order.size() - i)]);
    order.resize(count);
    return order;
}

Workload makeWorkload(std::span<const std::string_view> hotSet,
                      std::span<const std::string> coldPool, const WorkloadSpec& spec) {
    if (!(spec.hotRatio >= 0.0 && spec.hotRatio <= 1.0))
        throw std::invalid_argument("hot ratio must be in [0, 1]; got " + std::to_string(spec.hotRatio));
    if (spec.queries == 0) throw std::invalid_argument("queries must be >= 1; got 0");
    Workload w;
    w.hotCount = static_cast<std::uint64_t>(std::llround(spec.hotRatio * double(spec.queries)));
    w.coldCount = spec.queries - w.hotCount;
    if (w.hotCount > 0 && hotSet.empty())
        throw std::invalid_argument("hot ratio > 0 needs a non-empty hot set");
    if (coldPool.size() < w.coldCount)
        throw std::invalid_argument("cold pool has " + std::to_string(coldPool.size()) +
                                    " phrases; the workload needs " + std::to_string(w.coldCount));

    SplitMix64 rng(spec.seed ^ 0xB0A710ADULL);
    w.hot.assign(spec.queries, 0);
    std::fill(w.hot.begin(), w.hot.begin() + static_cast<std::ptrdiff_t>(w.hotCount), 1);
    for (std::uint64_t i = spec.queries - 1; i > 0; --i)  // Fisher-Yates
        std::swap(w.hot[i], w.hot[rng.below(i + 1)]);

    std::optional<ZipfSampler> zipf;
    if (spec.zipf && w.hotCount > 0) zipf.emplace(hotSet.size(), spec.zipfExponent);
    w.queries.reserve(spec.queries);
    std::uint64_t nextCold = 0;
    for (std::uint64_t i = 0; i < spec.queries; ++i) {
        if (w.hot[i]) {
            const std::uint64_t pick = zipf ? zipf->sample(rng) : rng.below(hotSet.size());
            w.queries.push_back(hotSet[pick]);
        } else {
            w.queries.push_back(coldPool[nextCold++]);
        }
    }
    return w;
}

GrowingWorkload makeGrowingWorkload(std::span<const std::string_view> hotOrder,
                                    std::span<const std::string> coldPool, const GrowingWorkloadSpec& spec) {
    if (spec.initialHot == 0 || spec.initialHot > hotOrder.size())
        throw std::invalid_argument("the initial hot set must hold between 1 and " + std::to_string(hotOrder.size()) +
                                    " phrases; got " + std::to_string(spec.initialHot));
    if (hotOrder.size() > UINT32_MAX)
        throw std::invalid_argument("a growing hot set holds at most 2^32 - 1 phrases; got " +
                                    std::to_string(hotOrder.size()));
    WorkloadSpec base;
    base.hotRatio = spec.hotRatio;
    base.queries = spec.queries;
    base.seed = spec.seed;
    // The hot/cold pattern and the cold queries of the fixed workload; the hot draws are redone
    // below from the hot set of each moment.
    const Workload fixed = makeWorkload(hotOrder.first(spec.initialHot), coldPool, base);
    GrowingWorkload w;
    w.queries = fixed.queries;
    w.hot = fixed.hot;
    w.hotCount = fixed.hotCount;
    w.coldCount = fixed.coldCount;
    w.hotSetSize.resize(spec.queries);
    const std::uint64_t added = hotOrder.size() - spec.initialHot;
    SplitMix64 rng(spec.seed ^ 0x6D057A7ULL);
    for (std::uint64_t i = 0; i < spec.queries; ++i) {
        // (i + 1) * added / Q in 128 bits: every document is in by the last query.
        const auto grown = static_cast<std::uint64_t>(static_cast<UInt128>(added) * (i + 1) / spec.queries);
        const std::uint64_t size = spec.initialHot + std::min(grown, added);
        w.hotSetSize[i] = static_cast<std::uint32_t>(size);
        if (w.hot[i]) w.queries[i] = hotOrder[rng.below(size)];
    }
    return w;
}

} // namespace bloomlab::bench
