// AnyFilter: construction from a FilterSpec (the one place that turns "type, n, p or m" into a
// concrete geometry), and the std::visit forwarding of the filter API.
//
// Geometry rules for FilterSpec::bits (the `-m` option), rounded up only to each layout's
// granularity:
//   classic   exactly `bits` bits; k = spec.hashes or round((m/n) ln 2).
//   blocked   ceil(bits / 256) blocks of 256 bits (`-m 1KiB` = 8192 bits = exactly 32 blocks);
//             always 8 probes (one per word), XXH64 seed 0 (Parquet).
//   counting  ceil(bits / 512) lines of 128 four-bit counters (64 bytes); k = spec.hashes or the
//             k in [1, 16] that minimises the blocked-layout FPR at n.
//   cuckoo    ceil(bits / (4 f)) buckets of 4 f-bit slots. Without an explicit fingerprint
//             size, f is the largest of 16, 12, 8 whose table holds n at <= 94% load (else 8,
//             the most slots).
//   scalable  the first layer: p is derived so that the first layer (n, p0 = p (1 - r)) needs
//             about `bits` bits; later layers follow the growth rules.
// With FilterSpec::fpr the layout-aware sizing of each filter is used (blockedBlocksFor,
// CountingBloomFilter::forCapacity, cuckooFingerprintBitsFor + cuckooBucketsFor), so a filter
// built for p measures about p (PITFALLS #11). The recorded target FPR of a filter built from a
// size is the FPR its layout is expected to have at n items.
#include "core/any_filter.h"

#include "core/filter_math.h"
#include "core/parse_units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace bloomlab {

namespace {

constexpr std::uint32_t kMaxCuckooKicks = 1000000;

template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

template <class F>
inline constexpr bool kIsCuckoo =
    std::is_same_v<F, CuckooFilter<8>> || std::is_same_v<F, CuckooFilter<12>> ||
    std::is_same_v<F, CuckooFilter<16>>;

std::string num(double value, int precision = 6) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", precision, value);
    return buf;
}

[[noreturn]] void invalid(const std::string& message) {
    throw std::invalid_argument(message);
}

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) {
    return a / b + (a % b != 0 ? 1 : 0);
}

/// k in [1, 16] minimising the counting filter's blocked FPR at n items (ties: smaller k).
std::uint32_t bestCountingHashes(std::uint64_t n, std::uint64_t lines) {
    std::uint32_t best = 1;
    double bestFpr = 2.0;
    for (std::uint32_t k = 1; k <= 16; ++k) {
        const double fpr =
            math::blockedFprGeneric(double(n), lines, CountingBloomFilter::kCountersPerLine, k);
        if (fpr < bestFpr) {
            bestFpr = fpr;
            best = k;
        }
    }
    return best;
}

/// Smallest line count whose counting FPR with k hashes at n items is <= p.
std::uint64_t countingLinesFor(std::uint64_t n, double p, std::uint32_t k) {
    auto fprAt = [&](std::uint64_t lines) {
        return math::blockedFprGeneric(double(n), lines, CountingBloomFilter::kCountersPerLine, k);
    };
    std::uint64_t high = 1;
    while (fprAt(high) > p) {
        if (high > (std::uint64_t{1} << 40))
            invalid("a counting filter with k = " + std::to_string(k) +
                    " cannot reach p = " + num(p) + " for n = " + std::to_string(n) +
                    "; choose another k or let it be optimal");
        high *= 2;
    }
    std::uint64_t low = high / 2; // fprAt(low) > p, or low == 0
    while (high - low > 1) {
        const std::uint64_t mid = low + (high - low) / 2;
        if (fprAt(mid) <= p)
            high = mid;
        else
            low = mid;
    }
    return high;
}

template <unsigned F> AnyFilter makeCuckoo(std::uint64_t buckets, const FilterSpec& spec) {
    return AnyFilter(CuckooFilter<F>(buckets, spec.capacity, spec.seed, spec.maxKicks));
}

AnyFilter makeCuckoo(unsigned f, std::uint64_t buckets, const FilterSpec& spec) {
    switch (f) {
    case 8:
        return makeCuckoo<8>(buckets, spec);
    case 12:
        return makeCuckoo<12>(buckets, spec);
    case 16:
        return makeCuckoo<16>(buckets, spec);
    default:
        invalid("cuckoo fingerprints are 8, 12 or 16 bits; got " + std::to_string(f));
    }
}

void validate(const FilterSpec& spec) {
    const std::string type(filterTypeName(spec.type));
    if (type.empty()) invalid("unknown filter type " + std::to_string(int(spec.type)));
    if (spec.capacity == 0) invalid("capacity n must be >= 1; got 0");
    if (spec.capacity > (std::uint64_t{1} << 62))
        invalid("capacity n must be <= 2^62; got " + std::to_string(spec.capacity));
    const bool hasFpr = spec.fpr != 0.0;
    const bool hasBits = spec.bits != 0;
    if (hasFpr == hasBits)
        invalid("give exactly one of a target false-positive rate p or a size m (bits) for the " +
                type + " filter");
    if (hasFpr && !(spec.fpr > 0.0 && spec.fpr < 1.0))
        invalid("p must be in (0, 1); got " + num(spec.fpr));
    if (spec.hashes > 64)
        invalid("k (hash functions) must be in [1, 64]; got " + std::to_string(spec.hashes));
    if (spec.type == FilterType::Blocked) {
        if (spec.hashes != 0 && spec.hashes != 8)
            invalid(
                "the blocked (Parquet split-block) filter always sets 8 bits per key; got k = " +
                std::to_string(spec.hashes));
        if (spec.seed != 0)
            invalid("the blocked (Parquet split-block) filter always hashes with XXH64 seed 0; got "
                    "seed " +
                    std::to_string(spec.seed));
    }
    if (spec.type == FilterType::Cuckoo) {
        if (spec.fingerprintBits != 0 && spec.fingerprintBits != 8 && spec.fingerprintBits != 12 &&
            spec.fingerprintBits != 16)
            invalid("cuckoo fingerprints are 8, 12 or 16 bits; got " +
                    std::to_string(spec.fingerprintBits));
        if (spec.maxKicks == 0 || spec.maxKicks > kMaxCuckooKicks)
            invalid("cuckoo max kicks must be in [1, " + std::to_string(kMaxCuckooKicks) +
                    "]; got " + std::to_string(spec.maxKicks));
        if (spec.hashes != 0)
            invalid("the cuckoo filter has no k; choose the fingerprint size (8, 12 or 16 bits) "
                    "instead");
    } else if (spec.fingerprintBits != 0) {
        invalid("fingerprint bits only apply to the cuckoo filter");
    }
    if (spec.type == FilterType::Scalable) {
        if (!(spec.growth >= 1.0 && spec.growth <= 16.0))
            invalid("scalable growth s must be in [1, 16]; got " + num(spec.growth));
        if (!(spec.tightening > 0.0 && spec.tightening < 1.0))
            invalid("scalable tightening ratio r must be in (0, 1); got " + num(spec.tightening));
        if (spec.maxLayers == 0 || spec.maxLayers > 64)
            invalid("scalable layer limit must be in [1, 64]; got " +
                    std::to_string(spec.maxLayers));
    }
}

} // namespace

std::string_view filterTypeName(FilterType type) noexcept {
    switch (type) {
    case FilterType::Classic:
        return "classic";
    case FilterType::Blocked:
        return "blocked";
    case FilterType::Counting:
        return "counting";
    case FilterType::Scalable:
        return "scalable";
    case FilterType::Cuckoo:
        return "cuckoo";
    }
    return {};
}

std::optional<FilterType> parseFilterType(std::string_view name) noexcept {
    for (FilterType type : {FilterType::Classic, FilterType::Blocked, FilterType::Counting,
                            FilterType::Scalable, FilterType::Cuckoo}) {
        if (filterTypeName(type) == name) return type;
    }
    return std::nullopt;
}

AnyFilter AnyFilter::create(const FilterSpec& spec) {
    validate(spec);
    const std::uint64_t n = spec.capacity;
    const bool bySize = spec.bits != 0;

    switch (spec.type) {
    case FilterType::Classic: {
        if (!bySize) {
            if (spec.hashes == 0)
                return AnyFilter(BloomFilter::forCapacity(n, spec.fpr, spec.seed));
            const std::uint64_t m = math::classicBitsForFixedK(double(n), spec.fpr, spec.hashes);
            return AnyFilter(BloomFilter(m, spec.hashes, n, spec.fpr, spec.seed));
        }
        const std::uint32_t k =
            spec.hashes != 0 ? spec.hashes : math::optimalHashes(double(spec.bits), double(n));
        const double expected = math::classicFpr(double(n), double(spec.bits), k);
        return AnyFilter(BloomFilter(spec.bits, k, n, expected, spec.seed));
    }
    case FilterType::Blocked: {
        if (!bySize) return AnyFilter(BlockedBloomFilter::forCapacity(n, spec.fpr));
        const std::uint64_t blocks = ceilDiv(spec.bits, 256);
        if (blocks > BlockedBloomFilter::kMaxBlocks)
            invalid("a blocked filter has at most 2^32 blocks (2^40 bits); got m = " +
                    std::to_string(spec.bits));
        return AnyFilter(BlockedBloomFilter(blocks, n, math::blockedFpr(double(n), blocks)));
    }
    case FilterType::Counting: {
        if (!bySize && spec.hashes == 0)
            return AnyFilter(CountingBloomFilter::forCapacity(n, spec.fpr, spec.seed));
        const std::uint64_t lines =
            bySize ? ceilDiv(spec.bits, std::uint64_t{CountingBloomFilter::kBytesPerLine} * 8)
                   : countingLinesFor(n, spec.fpr, spec.hashes);
        const std::uint32_t k = spec.hashes != 0 ? spec.hashes : bestCountingHashes(n, lines);
        const double target =
            bySize ? math::blockedFprGeneric(double(n), lines,
                                             CountingBloomFilter::kCountersPerLine, k)
                   : spec.fpr;
        return AnyFilter(CountingBloomFilter(lines * CountingBloomFilter::kCountersPerLine, k, n,
                                             target, spec.seed));
    }
    case FilterType::Scalable: {
        ScalableBloomFilter::Params params;
        params.initialCapacity = n;
        params.growth = spec.growth;
        params.tightening = spec.tightening;
        params.maxLayers = spec.maxLayers;
        params.seed = spec.seed;
        if (spec.hashes != 0) invalid("the scalable filter chooses k per layer; do not give k");
        if (bySize) {
            // First layer of about `bits` bits at n items: p0 = its classic FPR with optimal k;
            // the compounded target is p0 / (1 - r).
            const std::uint32_t k = math::optimalHashes(double(spec.bits), double(n));
            const double p0 = math::classicFpr(double(n), double(spec.bits), k);
            params.targetFpr = p0 / (1.0 - spec.tightening);
            if (!(params.targetFpr > 0.0 && params.targetFpr < 1.0))
                invalid("m = " + std::to_string(spec.bits) +
                        " bits is too small for a first layer of n = " + std::to_string(n) +
                        " items (its FPR " + num(p0) + " / (1 - r) is not below 1)");
        } else {
            params.targetFpr = spec.fpr;
        }
        return AnyFilter(ScalableBloomFilter(params));
    }
    case FilterType::Cuckoo: {
        if (!bySize) {
            const unsigned f = spec.fingerprintBits != 0
                                   ? spec.fingerprintBits
                                   : math::cuckooFingerprintBitsFor(spec.fpr, 4, math::kCuckooDesignLoad);
            return makeCuckoo(f, math::cuckooBucketsFor(n, 4, math::kCuckooDesignLoad), spec);
        }
        auto bucketsFor = [&](unsigned f) { return std::max<std::uint64_t>(1, ceilDiv(spec.bits, 4ULL * f)); };
        unsigned f = spec.fingerprintBits;
        if (f == 0) {
            f = 8;
            for (unsigned candidate : {16u, 12u}) {
                if (double(n) <= math::kCuckooDesignLoad * 4.0 * double(bucketsFor(candidate))) {
                    f = candidate;
                    break;
                }
            }
        }
        return makeCuckoo(f, bucketsFor(f), spec);
    }
    }
    invalid("unknown filter type " + std::to_string(int(spec.type)));
}

FilterType AnyFilter::type() const noexcept {
    return std::visit(Overloaded{[](const BloomFilter&) { return FilterType::Classic; },
                                 [](const BlockedBloomFilter&) { return FilterType::Blocked; },
                                 [](const CountingBloomFilter&) { return FilterType::Counting; },
                                 [](const ScalableBloomFilter&) { return FilterType::Scalable; },
                                 [](const auto&) { return FilterType::Cuckoo; }},
                      m_impl);
}

bool AnyFilter::insert(std::string_view key) {
    return std::visit([key](auto& f) { return f.insert(key); }, m_impl);
}

void AnyFilter::setWriters(Writers writers) noexcept {
    std::visit(
        [writers](auto& f) {
            if constexpr (requires { f.setWriters(writers); }) f.setWriters(writers);
        },
        m_impl);
}

bool AnyFilter::mightContain(std::string_view key) const {
    return std::visit([key](const auto& f) { return f.mightContain(key); }, m_impl);
}

bool AnyFilter::supportsErase() const noexcept {
    return std::visit([](const auto& f) { return DeletableFilter<std::decay_t<decltype(f)>>; },
                      m_impl);
}

bool AnyFilter::erase(std::string_view key) {
    return std::visit(
        [this, key](auto& f) -> bool {
            using F = std::decay_t<decltype(f)>;
            if constexpr (DeletableFilter<F>) {
                return f.erase(key);
            } else {
                throw std::logic_error(
                    "the " + std::string(filterTypeName(type())) +
                    " filter cannot delete keys (clearing bits would create false "
                    "negatives); use a counting or cuckoo filter");
            }
        },
        m_impl);
}

FilterStats AnyFilter::stats() const {
    return std::visit([](const auto& f) { return f.stats(); }, m_impl);
}

std::uint64_t AnyFilter::sizeInBits() const {
    return std::visit(Overloaded{[](const BloomFilter& f) { return f.numBits(); },
                                 [](const BlockedBloomFilter& f) { return f.numBits(); },
                                 [](const CountingBloomFilter& f) { return f.numCounters() * 4; },
                                 [](const ScalableBloomFilter& f) {
                                     std::uint64_t bits = 0;
                                     for (const BloomFilter& layer : f.layers())
                                         bits += layer.numBits();
                                     return bits;
                                 },
                                 [](const auto& f) {
                                     using F = std::decay_t<decltype(f)>;
                                     return f.numBuckets() * F::kSlotsPerBucket *
                                            F::kFingerprintBits;
                                 }},
                      m_impl);
}

std::uint32_t AnyFilter::hashCount() const {
    return std::visit(
        Overloaded{[](const BloomFilter& f) { return f.numHashes(); },
                   [](const BlockedBloomFilter&) { return std::uint32_t{8}; },
                   [](const CountingBloomFilter& f) { return f.numHashes(); },
                   [](const ScalableBloomFilter& f) {
                       return f.layers().empty() ? std::uint32_t{0} : f.layers().back().numHashes();
                   },
                   [](const auto& f) {
                       return std::uint32_t{std::decay_t<decltype(f)>::kFingerprintBits};
                   }},
        m_impl);
}

unsigned AnyFilter::fingerprintBits() const noexcept {
    return std::visit(
        [](const auto& f) -> unsigned {
            using F = std::decay_t<decltype(f)>;
            if constexpr (kIsCuckoo<F>)
                return F::kFingerprintBits;
            else
                return 0;
        },
        m_impl);
}

std::string AnyFilter::describe() const {
    std::ostringstream out;
    auto line = [&out](const std::string& key, const std::string& value) {
        out << key << ": " << value << "\n";
    };
    auto bits = [](std::uint64_t b) {
        return std::to_string(b) + " bits (" + formatBytes(double(b) / 8.0) + ")";
    };
    auto target = [](double p) { return p > 0.0 ? num(p) : std::string("unknown"); };
    auto capacity = [](std::uint64_t c) {
        return c > 0 ? std::to_string(c) : std::string("unknown");
    };
    std::visit(
        Overloaded{
            [&](const BloomFilter& f) {
                line("type", "classic Bloom filter");
                line("capacity (n)", capacity(f.capacity()));
                line("target FPR (p)", target(f.targetFpr()));
                line("bits (m)", bits(f.numBits()));
                line("hash functions (k)", std::to_string(f.numHashes()));
                line("hash", "XXH3-128, seed " + std::to_string(f.seed()) +
                                 ", Kirsch-Mitzenmacher double hashing");
            },
            [&](const BlockedBloomFilter& f) {
                line("type", "blocked Bloom filter (Parquet split-block)");
                line("capacity (n)", capacity(f.capacity()));
                line("target FPR (p)", target(f.targetFpr()));
                line("blocks", std::to_string(f.numBlocks()) + " x 256 bits");
                line("bits (m)", bits(f.numBits()));
                line("bits set per key", "8 (one per 32-bit word)");
                line("hash", "XXH64, seed 0 (Parquet)");
                line("SIMD", BlockedBloomFilter::usingAvx2() ? "AVX2" : "portable");
            },
            [&](const CountingBloomFilter& f) {
                line("type", "counting Bloom filter (4-bit counters, 64-byte lines)");
                line("capacity (n)", capacity(f.capacity()));
                line("target FPR (p)", target(f.targetFpr()));
                line("counters", std::to_string(f.numCounters()) + " in " +
                                     std::to_string(f.numLines()) + " lines of 128");
                line("memory", bits(f.numCounters() * 4));
                line("hash functions (k)", std::to_string(f.numHashes()));
                line("hash", "XXH3-128, seed " + std::to_string(f.seed()));
            },
            [&](const ScalableBloomFilter& f) {
                const auto& p = f.params();
                line("type", "scalable Bloom filter (layers of classic filters)");
                line("initial capacity (n0)", std::to_string(p.initialCapacity));
                line("target FPR (compounded bound)", num(p.targetFpr));
                line("first layer FPR (p (1 - r))", num(f.firstLayerFpr()));
                line("growth (s)", num(p.growth));
                line("tightening (r)", num(p.tightening));
                line("layer limit", std::to_string(p.maxLayers));
                line("layers", std::to_string(f.layers().size()));
                for (std::size_t i = 0; i < f.layers().size(); ++i) {
                    const BloomFilter& layer = f.layers()[i];
                    line("  layer " + std::to_string(i),
                         "n=" + std::to_string(layer.capacity()) + " p=" + num(layer.targetFpr()) +
                             " m=" + std::to_string(layer.numBits()) +
                             " k=" + std::to_string(layer.numHashes()) +
                             " items=" + std::to_string(layer.itemCount()));
                }
                line("hash",
                     "XXH3-128, seed " + std::to_string(p.seed) + " (shared by all layers)");
            },
            [&](const auto& f) {
                using F = std::decay_t<decltype(f)>;
                line("type", "cuckoo filter (partial-key cuckoo hashing)");
                line("capacity (n)", capacity(f.capacity()));
                line("buckets", std::to_string(f.numBuckets()) + " x " +
                                    std::to_string(F::kSlotsPerBucket) + " slots");
                line("fingerprint bits (f)", std::to_string(F::kFingerprintBits));
                line("table", bits(f.numBuckets() * F::kSlotsPerBucket * F::kFingerprintBits));
                line("max kicks", std::to_string(f.maxKicks()));
                line("FPR upper bound (full table)",
                     num(math::cuckooFprUpperBound(F::kFingerprintBits, F::kSlotsPerBucket)));
                line("hash", "XXH3-128, seed " + std::to_string(f.seed()));
            }},
        m_impl);
    return out.str();
}

bool SynchronizedFilter::insert(std::string_view key) {
    std::unique_lock lock(m_mutex);
    return m_filter.insert(key);
}

bool SynchronizedFilter::mightContain(std::string_view key) const {
    std::shared_lock lock(m_mutex);
    return m_filter.mightContain(key);
}

bool SynchronizedFilter::erase(std::string_view key) {
    std::unique_lock lock(m_mutex);
    return m_filter.erase(key);
}

FilterStats SynchronizedFilter::stats() const {
    std::shared_lock lock(m_mutex);
    return m_filter.stats();
}

} // namespace bloomlab
