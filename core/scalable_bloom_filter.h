// ScalableBloomFilter — grows by adding classic Bloom layers (Almeida, Baquero, Preguica &
// Hutchison, "Scalable Bloom Filters", 2007).
//
// DESIGN
//   Layers: L0, L1, ... each a BloomFilter. Layer i has capacity n_i = ceil(n0 * s^i) (growth
//   s, default 2) and error p_i = p0 * r^i (tightening r, default 0.85). A key goes into the
//   newest layer; a new layer is added when the newest holds its capacity (so every layer but
//   the newest holds exactly n_i items). Lookup asks every layer (newest first).
//   Error budget: the compounded FPR is at most sum p_i < p0 / (1 - r). The user's target p is
//   that bound, so the FIRST layer runs at p0 = p (1 - r) — e.g. 0.15 p for r = 0.85 — and stats
//   say so (docs/pitfalls.md #8). Layer geometry: k_i = optimal k for (n_i, p_i) (at most 64), m_i =
//   max(optimal m, the smallest m whose classicFpr(n_i, m, k_i) <= p_i), so rounding k never
//   lets a full layer exceed its share p_i. compoundedFprBound() = sum over the existing layers
//   of classicFpr(n_i, m_i, k_i) <= sum p_i < p.
//   Hashing: one XXH3-128 of the key (same seed for every layer) per operation, shared by all
//   layers through BloomFilter::insertHash / mightContainHash.
//   Duplicates: insert() does not look the key up first; a duplicate is stored again and uses
//   capacity (conservative: the FPR bound still holds, the structure just grows earlier).
//   Layer limit: maxLayers (default 32, at most 64). When the newest layer is full and the
//   limit is reached, insert returns false, changes nothing but the failed-insert count, and
//   lastError() says why (it keeps the most recent failure's message).
//   Thread safety: NOT thread-safe (adding a layer reallocates); use SynchronizedFilter. Its
//   layers are therefore Writers::One (plain stores, no locked OR per bit).
//   Measured: n0 = 10,000, p = 1%, s = 2, r = 0.85 (p0 = 0.15%), 1M keys: 7 layers, 2.42 MB
//   (19.36 bits per item); compoundedFprBound 0.679%, stats' estimate from the fill 0.627%,
//   measured 0.630% on 2M absent keys. Absent keys ask all 7 layers, present keys stop at the
//   layer that holds them, so absent lookups are the slower ones (docs/performance.md).
#pragma once

#include "core/bloom_filter.h"
#include "core/filter_concept.h"
#include "core/filter_stats.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

class ScalableBloomFilter {
public:
    struct Params {
        std::uint64_t initialCapacity = 1000;
        double targetFpr = 0.01;     ///< the compounded bound p0 / (1 - r)
        double growth = 2.0;         ///< s >= 1
        double tightening = 0.85;    ///< r in (0, 1)
        std::uint32_t maxLayers = 32;
        std::uint64_t seed = 0;
    };

    explicit ScalableBloomFilter(const Params& params);  ///< throws std::invalid_argument

    bool insert(std::string_view key);  ///< false when the layer limit is reached
    bool mightContain(std::string_view key) const;
    FilterStats stats() const;

    const Params& params() const noexcept { return m_params; }
    /// n_i = ceil(n0 * s^i) and p_i = p (1 - r) r^i for layer i (whether it exists yet or not).
    /// Throws std::invalid_argument when n_i does not fit 63 bits.
    std::uint64_t layerCapacity(std::uint32_t layer) const;
    double layerFpr(std::uint32_t layer) const;
    /// Layer i as the filter adds it (whether it exists yet or not): n_i, p_i and the geometry
    /// of the layer rule above. Allocates nothing, so sizing can ask before anything is built.
    /// `params` as the constructor accepts them; throws std::invalid_argument when n_i does not
    /// fit 63 bits.
    struct Layer {
        std::uint64_t capacity = 0;  ///< n_i
        double fpr = 0.0;            ///< p_i
        std::uint64_t bits = 0;      ///< m_i
        std::uint32_t hashes = 0;    ///< k_i
    };
    static Layer layerFor(const Params& params, std::uint32_t layer);
    std::uint64_t failedInserts() const noexcept { return m_failedInserts; }
    double firstLayerFpr() const noexcept;   ///< p (1 - r)
    double compoundedFprBound() const;       ///< sum of the layers' FPR at capacity (<= targetFpr)
    const std::vector<BloomFilter>& layers() const noexcept { return m_layers; }
    std::uint64_t itemCount() const noexcept;
    const std::string& lastError() const noexcept { return m_lastError; }

    /// Persistence: layers as saved (each checked against the geometry params imply: capacity,
    /// m, k and seed; every layer but the last full). Throws std::invalid_argument.
    static ScalableBloomFilter fromLayers(const Params& params, std::vector<BloomFilter> layers,
                                          std::uint64_t failedInserts);

private:
    static void validate(const Params& params);
    BloomFilter makeLayer(std::uint32_t layer) const;

    Params m_params;
    /// XXH3-128 under m_params.seed, every layer's seed. Kept here rather than read through the
    /// first layer, which measured slower per one-key call (one more dependent load).
    SeededXxh3_128 m_hash;
    std::vector<BloomFilter> m_layers;
    std::uint64_t m_failedInserts = 0;
    std::string m_lastError;
};

static_assert(MembershipFilter<ScalableBloomFilter>);

} // namespace bloomlab
