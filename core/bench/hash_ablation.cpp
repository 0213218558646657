#include "core/bench/hash_ablation.h"

#include "core/filter_math.h"
#include "core/retrieval/corpus.h"
#include "core/retrieval/random.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <functional>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace bloomlab::bench {

namespace {

std::atomic<std::uint64_t> g_ablationSink{0};

std::uint64_t load64le(const unsigned char* p) noexcept {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

/// The classic layout of BloomFilter, over precomputed hash pairs.
class AblationBloom {
public:
    AblationBloom(std::uint64_t bits, std::uint32_t hashes)
        : m_bits(bits), m_hashes(hashes), m_words((bits + 63) / 64, 0) {}

    void insert(Hash128 h) noexcept {
        const std::uint64_t step = h.high | 1;
        for (std::uint32_t j = 0; j < m_hashes; ++j) {
            const std::uint64_t bit = reduceRange(h.low + j * step, m_bits);
            m_words[bit >> 6] |= std::uint64_t{1} << (bit & 63);
        }
    }
    bool mightContain(Hash128 h) const noexcept {
        const std::uint64_t step = h.high | 1;
        for (std::uint32_t j = 0; j < m_hashes; ++j) {
            const std::uint64_t bit = reduceRange(h.low + j * step, m_bits);
            if (!(m_words[bit >> 6] >> (bit & 63) & 1)) return false;
        }
        return true;
    }

private:
    std::uint64_t m_bits;
    std::uint32_t m_hashes;
    std::vector<std::uint64_t> m_words;
};

Hash128 split64(std::uint64_t h) noexcept { return {h, std::rotl(h, 32)}; }

} // namespace

Hash128 murmur3_x64_128(std::string_view key, std::uint32_t seed) noexcept {
    const auto* data = reinterpret_cast<const unsigned char*>(key.data());
    const std::size_t len = key.size();
    const std::size_t blocks = len / 16;
    constexpr std::uint64_t c1 = 0x87C37B91114253D5ULL;
    constexpr std::uint64_t c2 = 0x4CF5AD432745937FULL;
    std::uint64_t h1 = seed;
    std::uint64_t h2 = seed;

    for (std::size_t i = 0; i < blocks; ++i) {
        std::uint64_t k1 = load64le(data + i * 16);
        std::uint64_t k2 = load64le(data + i * 16 + 8);
        k1 *= c1;
        k1 = std::rotl(k1, 31);
        k1 *= c2;
        h1 ^= k1;
        h1 = std::rotl(h1, 27);
        h1 += h2;
        h1 = h1 * 5 + 0x52DCE729;
        k2 *= c2;
        k2 = std::rotl(k2, 33);
        k2 *= c1;
        h2 ^= k2;
        h2 = std::rotl(h2, 31);
        h2 += h1;
        h2 = h2 * 5 + 0x38495AB5;
    }

    const unsigned char* tail = data + blocks * 16;
    const std::size_t rest = len & 15;
    std::uint64_t k1 = 0;
    std::uint64_t k2 = 0;
    for (std::size_t i = rest; i > 8; --i) k2 ^= std::uint64_t{tail[i - 1]} << ((i - 9) * 8);
    if (rest > 8) {
        k2 *= c2;
        k2 = std::rotl(k2, 33);
        k2 *= c1;
        h2 ^= k2;
    }
    for (std::size_t i = std::min<std::size_t>(rest, 8); i > 0; --i)
        k1 ^= std::uint64_t{tail[i - 1]} << ((i - 1) * 8);
    if (rest > 0) {
        k1 *= c1;
        k1 = std::rotl(k1, 31);
        k1 *= c2;
        h1 ^= k1;
    }

    h1 ^= len;
    h2 ^= len;
    h1 += h2;
    h2 += h1;
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 += h2;
    h2 += h1;
    return {h1, h2};
}

std::string_view ablationHashName(AblationHash hash) noexcept {
    switch (hash) {
    case AblationHash::Xxh3_128: return "XXH3-128";
    case AblationHash::Xxh3_64: return "XXH3-64";
    case AblationHash::Xxh64: return "XXH64";
    case AblationHash::StdHash: return "std::hash";
    case AblationHash::Murmur3_128: return "Murmur3-x64-128";
    }
    return "?";
}

Hash128 ablationHashPair(AblationHash hash, std::string_view key) noexcept {
    switch (hash) {
    case AblationHash::Xxh3_128: return xxh3_128(key);
    case AblationHash::Xxh3_64: return split64(xxh3_64(key));
    case AblationHash::Xxh64: return split64(xxh64(key));
    case AblationHash::StdHash: return split64(std::hash<std::string_view>{}(key));
    case AblationHash::Murmur3_128: return murmur3_x64_128(key);
    }
    return {};
}

std::vector<HashAblationRow> runHashAblation(const HashAblationConfig& config,
                                             const ProgressCallback& progress,
                                             std::stop_token stop) {
    if (config.n == 0) throw std::invalid_argument("ablation n must be >= 1; got 0");
    if (config.probes == 0) throw std::invalid_argument("ablation probes must be >= 1; got 0");
    if (config.timingRounds == 0) throw std::invalid_argument("timing rounds must be >= 1; got 0");
    if (config.n > config.corpusSize)
        throw std::invalid_argument("ablation n (" + std::to_string(config.n) +
                                    ") cannot exceed the corpus size (" +
                                    std::to_string(config.corpusSize) + ")");
    const math::BloomSizing sizing = math::optimalClassic(config.n, config.p);

    const auto report = [&](std::uint64_t done, std::string stage) {
        if (!progress) return;
        Progress p;
        p.done = done;
        p.total = config.hashes.size();
        p.stage = std::move(stage);
        progress(p);
    };
    report(0, "hash ablation: building keys");
    const Corpus corpus = Corpus::generate(config.corpusSize, config.seed);
    std::vector<std::string_view> keys;
    keys.reserve(config.n);
    {
        // A uniform n-subset of the corpus (the same kind of hot set the benchmark uses).
        std::vector<std::uint32_t> order(corpus.size());
        std::iota(order.begin(), order.end(), 0u);
        SplitMix64 rng(config.seed ^ 0xAB1A7E5ULL);
        for (std::size_t i = 0; i < config.n; ++i) {
            std::swap(order[i], order[i + rng.below(order.size() - i)]);
            keys.emplace_back(corpus.phrase(order[i]));
        }
    }
    const std::vector<std::string> probes = corpus.absentPhrases(config.probes, config.seed ^ 0xF00DULL);

    std::vector<HashAblationRow> rows;
    std::uint64_t sink = 0;
    for (std::size_t index = 0; index < config.hashes.size(); ++index) {
        if (stop.stop_requested()) break;
        const AblationHash hash = config.hashes[index];
        report(index, "hash ablation: " + std::string(ablationHashName(hash)));
        HashAblationRow row;
        row.hash = ablationHashName(hash);
        row.m = sizing.bits;
        row.k = sizing.hashes;
        row.probes = probes.size();
        row.expectedFpr = math::classicFpr(double(config.n), double(sizing.bits), double(sizing.hashes));

        AblationBloom filter(sizing.bits, sizing.hashes);
        for (const auto key : keys) filter.insert(ablationHashPair(hash, key));
        for (const auto key : keys)  // sanity: a Bloom filter has no false negatives
            if (!filter.mightContain(ablationHashPair(hash, key)))
                throw std::logic_error("hash ablation filter lost a key");

        double bestHash = std::numeric_limits<double>::infinity();
        double bestLookup = std::numeric_limits<double>::infinity();
        std::uint64_t falsePositives = 0;
        for (std::uint32_t round = 0; round < config.timingRounds && !stop.stop_requested(); ++round) {
            auto start = std::chrono::steady_clock::now();
            for (const auto& probe : probes) {
                const Hash128 h = ablationHashPair(hash, probe);
                sink += h.low ^ h.high;
            }
            auto mid = std::chrono::steady_clock::now();
            std::uint64_t positives = 0;
            for (const auto& probe : probes) positives += filter.mightContain(ablationHashPair(hash, probe));
            auto end = std::chrono::steady_clock::now();
            bestHash = std::min(bestHash, std::chrono::duration<double, std::nano>(mid - start).count());
            bestLookup = std::min(bestLookup, std::chrono::duration<double, std::nano>(end - mid).count());
            falsePositives = positives;
        }
        if (stop.stop_requested()) break;
        row.nsPerHash = bestHash / double(probes.size());
        row.nsPerLookup = bestLookup / double(probes.size());
        row.falsePositives = falsePositives;
        row.fpr = double(falsePositives) / double(probes.size());
        const math::Interval ci = math::wilsonInterval(falsePositives, probes.size());
        row.fprLow = ci.low;
        row.fprHigh = ci.high;
        rows.push_back(row);
    }
    g_ablationSink.fetch_add(sink, std::memory_order_relaxed);
    report(rows.size(), "hash ablation: done");
    return rows;
}

} // namespace bloomlab::bench
