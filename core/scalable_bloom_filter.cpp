// ScalableBloomFilter: layer rules and the error budget are described in scalable_bloom_filter.h.
#include "core/scalable_bloom_filter.h"
#include "core/errors.h"

#include "core/filter_math.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace bloomlab {

namespace {

constexpr std::uint32_t kMaxLayersLimit = 64;
constexpr std::uint32_t kMaxLayerHashes = 64;  // BloomFilter's limit on k
constexpr double kTwoPow63 = 9223372036854775808.0;

struct LayerGeometry {
    std::uint64_t bits = 0;
    std::uint32_t hashes = 0;
};

/// k = optimal for (n_i, p_i) capped at 64; m = the larger of the optimal m and the smallest m
/// that keeps classicFpr(n_i, m, k) <= p_i with that (rounded) k.
LayerGeometry layerGeometry(std::uint64_t capacity, double fpr) {
    math::BloomSizing sizing = math::optimalClassic(capacity, fpr);
    sizing.hashes = std::min(sizing.hashes, kMaxLayerHashes);
    const std::uint64_t forK =
        math::classicBitsForFixedK(static_cast<double>(capacity), fpr, static_cast<double>(sizing.hashes));
    return {std::max(sizing.bits, forK), sizing.hashes};
}

/// n_i = ceil(n0 * s^i); throws when it does not fit 63 bits.
std::uint64_t layerCapacityOf(const ScalableBloomFilter::Params& params, std::uint32_t layer) {
    const double capacity =
        std::ceil(static_cast<double>(params.initialCapacity) * std::pow(params.growth, static_cast<double>(layer)));
    if (!(capacity < kTwoPow63)) {
        throwInvalidArgument("layer " + numberText(layer) + " would hold " + numberText(capacity) +
             " items (initial capacity x growth^layer), more than 2^63");
    }
    return static_cast<std::uint64_t>(capacity);
}

} // namespace

void ScalableBloomFilter::validate(const Params& params) {
    if (params.initialCapacity == 0) {
        throwInvalidArgument("initial capacity (items in the first layer) must be >= 1; got 0");
    }
    requireProbability(params.targetFpr);
    if (!(params.growth >= 1.0) || !std::isfinite(params.growth)) {
        throwInvalidArgument("growth s (capacity ratio between layers) must be a finite number >= 1; got " +
             numberText(params.growth));
    }
    if (!(params.tightening > 0.0 && params.tightening < 1.0)) {
        throwInvalidArgument("tightening ratio r (error ratio between layers) must be in (0, 1); got " +
             numberText(params.tightening));
    }
    if (params.maxLayers < 1 || params.maxLayers > kMaxLayersLimit) {
        throwInvalidArgument("maximum layers must be in [1, " + numberText(kMaxLayersLimit) + "]; got " + numberText(params.maxLayers));
    }
}

ScalableBloomFilter::ScalableBloomFilter(const Params& params) : m_params(params), m_hash(params.seed) {
    validate(params);
    m_layers.push_back(makeLayer(0));
}

ScalableBloomFilter::Layer ScalableBloomFilter::layerFor(const Params& params, std::uint32_t layer) {
    Layer result;
    result.capacity = layerCapacityOf(params, layer);
    result.fpr = params.targetFpr * (1.0 - params.tightening) * std::pow(params.tightening, static_cast<double>(layer));
    const LayerGeometry g = layerGeometry(result.capacity, result.fpr);
    result.bits = g.bits;
    result.hashes = g.hashes;
    return result;
}

std::uint64_t ScalableBloomFilter::layerCapacity(std::uint32_t layer) const {
    return layerCapacityOf(m_params, layer);
}

double ScalableBloomFilter::layerFpr(std::uint32_t layer) const {
    return firstLayerFpr() * std::pow(m_params.tightening, static_cast<double>(layer));
}

double ScalableBloomFilter::firstLayerFpr() const noexcept {
    return m_params.targetFpr * (1.0 - m_params.tightening);
}

BloomFilter ScalableBloomFilter::makeLayer(std::uint32_t layer) const {
    const Layer plan = layerFor(m_params, layer);
    BloomFilter filter(plan.bits, plan.hashes, plan.capacity, plan.fpr, m_params.seed);
    filter.setWriters(Writers::One);  // the scalable filter is single-writer anyway (see header)
    return filter;
}

bool ScalableBloomFilter::insert(std::string_view key) {
    const Hash128 hash = m_hash(key);
    if (m_layers.back().itemCount() >= m_layers.back().capacity()) {
        const auto next = static_cast<std::uint32_t>(m_layers.size());
        if (next >= m_params.maxLayers) {
            ++m_failedInserts;
            m_lastError = "scalable filter is full: all " + numberText(m_params.maxLayers) +
                          " layers (the maxLayers limit) hold their capacity (" + numberText(itemCount()) +
                          " items); build it with more layers, a larger initial capacity or a larger "
                          "growth factor";
            return false;
        }
        try {
            m_layers.push_back(makeLayer(next));
        } catch (const std::exception& e) {  // sizing (invalid_argument), length_error, bad_alloc
            ++m_failedInserts;
            m_lastError = "scalable filter cannot add layer " + numberText(next + 1) + ": " + e.what();
            return false;
        }
    }
    m_layers.back().insertHash(hash);
    return true;
}

bool ScalableBloomFilter::mightContain(std::string_view key) const {
    const Hash128 hash = m_hash(key);
    for (auto layer = m_layers.rbegin(); layer != m_layers.rend(); ++layer) {
        if (layer->mightContainHash(hash)) {
            return true;
        }
    }
    return false;
}

double ScalableBloomFilter::compoundedFprBound() const {
    double bound = 0.0;
    for (const BloomFilter& layer : m_layers) {
        bound += math::classicFpr(static_cast<double>(layer.capacity()),
                                  static_cast<double>(layer.numBits()),
                                  static_cast<double>(layer.numHashes()));
    }
    return bound;
}

std::uint64_t ScalableBloomFilter::itemCount() const noexcept {
    std::uint64_t items = 0;
    for (const BloomFilter& layer : m_layers) {
        items += layer.itemCount();
    }
    return items;
}

FilterStats ScalableBloomFilter::stats() const {
    FilterStats s;
    s.targetFpr = m_params.targetFpr;
    s.layers = static_cast<std::uint32_t>(m_layers.size());
    s.failedInserts = m_failedInserts;
    std::uint64_t bits = 0;
    std::uint64_t setBits = 0;
    std::vector<double> layerFprs;
    layerFprs.reserve(m_layers.size());
    for (const BloomFilter& layer : m_layers) {
        const FilterStats ls = layer.stats();
        s.items += ls.items;
        s.capacity += ls.capacity;  // what the existing layers hold before the next one is added
        s.bytes += ls.bytes;
        s.estimatedItems += ls.estimatedItems;
        bits += layer.numBits();
        setBits += layer.popcount();
        layerFprs.push_back(ls.estimatedFpr);
    }
    s.bitsPerItem = s.items == 0 ? 0.0 : 8.0 * static_cast<double>(s.bytes) / static_cast<double>(s.items);
    s.fillRatio = bits == 0 ? 0.0 : static_cast<double>(setBits) / static_cast<double>(bits);
    // The layers hold different keys, so their false positives are independent events.
    s.estimatedFpr = math::anyOfIndependent(layerFprs);
    s.overfilled = m_failedInserts > 0 || s.estimatedFpr > 2.0 * m_params.targetFpr;
    return s;
}

ScalableBloomFilter ScalableBloomFilter::fromLayers(const Params& params, std::vector<BloomFilter> layers,
                                                    std::uint64_t failedInserts) {
    validate(params);
    if (layers.empty()) {
        throwInvalidArgument("a scalable filter needs at least one layer; got 0");
    }
    if (layers.size() > params.maxLayers) {
        throwInvalidArgument("a scalable filter with maxLayers = " + numberText(params.maxLayers) + " cannot have " +
             numberText(layers.size()) + " layers");
    }
    ScalableBloomFilter filter(Params{.initialCapacity = 1,
                                      .targetFpr = params.targetFpr,
                                      .growth = 1.0,
                                      .tightening = params.tightening,
                                      .maxLayers = 1,
                                      .seed = params.seed});  // replaced below; keeps layer 0 tiny
    filter.m_params = params;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const BloomFilter& layer = layers[i];
        const auto index = static_cast<std::uint32_t>(i);
        const Layer g = layerFor(params, index);
        const std::uint64_t capacity = g.capacity;
        const std::string which = "scalable layer " + numberText(i) + ": ";
        if (layer.capacity() != capacity) {
            throwInvalidArgument(which + "capacity " + numberText(layer.capacity()) + " does not match " + numberText(capacity) +
                 " (initial capacity x growth^layer)");
        }
        if (layer.numBits() != g.bits || layer.numHashes() != g.hashes) {
            throwInvalidArgument(which + "geometry m = " + numberText(layer.numBits()) + ", k = " + numberText(layer.numHashes()) +
                 " does not match m = " + numberText(g.bits) + ", k = " + numberText(g.hashes) +
                 " implied by its capacity and error share");
        }
        if (layer.seed() != params.seed) {
            throwInvalidArgument(which + "hash seed " + numberText(layer.seed()) + " differs from the filter's seed " +
                 numberText(params.seed));
        }
        if (layer.itemCount() > capacity) {
            throwInvalidArgument(which + "holds " + numberText(layer.itemCount()) + " items, more than its capacity " + numberText(capacity));
        }
        if (i + 1 < layers.size() && layer.itemCount() != capacity) {
            throwInvalidArgument(which + "holds " + numberText(layer.itemCount()) + " items but a newer layer exists, so it must be full (" +
                 numberText(capacity) + ")");
        }
    }
    for (BloomFilter& layer : layers) {
        layer.setWriters(Writers::One);
    }
    filter.m_layers = std::move(layers);
    filter.m_failedInserts = failedInserts;
    return filter;
}

} // namespace bloomlab
