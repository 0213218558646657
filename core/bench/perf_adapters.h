// perf_adapters — one adapter per structure `bloomlab-cli perf` measures (every filter type,
// libbloom, std::unordered_set and the memory-bound floor), each with the same small surface for
// the timing loops (perf_timing.h). Header-only (the adapters are inlined into the timing loops);
// used by perf_engine.cpp only.
//
// insertOne / lookupOne call the one-key API per key; insertBatch / lookupBatch the batched API
// over the whole chunk. Each returns the number of successful inserts or positive answers.
#pragma once

#include "core/any_filter.h"
#include "core/batch_pipeline.h"
#include "core/prefetch_distance.h"
#include "core/bench/perf_timing.h"
#include "core/filter_math.h"
#include "core/filter_storage.h"
#include "core/hashing.h"
#include "core/morton_filter.h"
#include "core/retrieval/transparent_hash.h"

#include <bloom.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

namespace bloomlab::bench::perf {

inline std::uint64_t integerKey(std::string_view key) noexcept {
    std::uint64_t value = 0;
    std::memcpy(&value, key.data(), std::min(key.size(), sizeof value));
    return value;  // little-endian hosts (x86-64, AArch64): the key's encoding
}

inline std::string str(double value, int precision = 6) {
    std::ostringstream out;
    out.precision(precision);
    out << value;
    return out.str();
}

/// Heap bytes in use (glibc: main arena + mmapped chunks); 0 where unavailable.
inline std::uint64_t heapInUse() noexcept {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    const struct mallinfo2 info = mallinfo2();
    return static_cast<std::uint64_t>(info.uordblks) + static_cast<std::uint64_t>(info.hblkhd);
#else
    return 0;
#endif
}

inline FilterSpec specFor(FilterType type, std::uint64_t n, double p, unsigned fingerprintBits = 0,
                          CuckooLayout layout = CuckooLayout::Spread) {
    FilterSpec spec;
    spec.type = type;
    spec.capacity = n;
    spec.fpr = p;
    spec.fingerprintBits = fingerprintBits;
    spec.cuckooLayout = layout;
    return spec;
}

/// A filter built exactly as `bloomlab-cli build` builds it (AnyFilter::create), unwrapped.
template <class F>
F makeFilter(const FilterSpec& spec) {
    AnyFilter any = AnyFilter::create(spec);
    return std::get<F>(std::move(any.variant()));
}

inline std::uint64_t sumResults(std::span<const std::uint8_t> results) noexcept {
    std::uint64_t total = 0;
    for (const std::uint8_t r : results) total += r;
    return total;
}

inline std::string classicGeometry(const BloomFilter& f) {
    return "m=" + std::to_string(f.numBits()) + " bits, k=" + std::to_string(f.numHashes());
}

template <class Filter>
struct FilterAdapter {
    Filter filter;
    std::uint64_t insertOne(Keys keys) {
        std::uint64_t ok = 0;
        for (const std::string_view key : keys) ok += filter.insert(key) ? 1 : 0;
        return ok;
    }
    std::uint64_t lookupOne(Keys keys) const {
        std::uint64_t hits = 0;
        for (const std::string_view key : keys) hits += filter.mightContain(key) ? 1 : 0;
        return hits;
    }
    /// The batched calls, present only where the structure has them (BatchInserts /
    /// BatchLookups in perf_timing.h detect them).
    /// A packed chunk goes to the KeyBatch overload where the filter has one.
    std::uint64_t insertBatch(Keys keys, std::span<std::uint8_t>)
        requires requires(Filter& f, Keys k) { f.insertMany(k.views); }
    {
        if constexpr (requires(Filter& f, const KeyBatch& b) { f.insertMany(b); }) {
            if (keys.packed) {
                filter.insertMany(keys.batch);
                return keys.size();
            }
        }
        filter.insertMany(keys.views);
        return keys.size();
    }
    std::uint64_t lookupBatch(Keys keys, std::span<std::uint8_t> scratch) const
        requires requires(const Filter& f, Keys k, std::span<std::uint8_t> r) { f.mightContainMany(k.views, r); }
    {
        if constexpr (requires(const Filter& f, const KeyBatch& b, std::span<std::uint8_t> r) {
                          f.mightContainMany(b, r);
                      }) {
            if (keys.packed) {
                filter.mightContainMany(keys.batch, scratch.first(keys.size()));
                return sumResults(scratch.first(keys.size()));
            }
        }
        filter.mightContainMany(keys.views, scratch.first(keys.size()));
        return sumResults(scratch.first(keys.size()));
    }
    std::uint64_t bytes() const { return filter.stats().bytes; }
    double expectedFpr() const { return filter.stats().estimatedFpr; }
};

struct ClassicAdapter : FilterAdapter<BloomFilter> {
    /// hashes = 0: the optimal k (as `build` without -k); otherwise as `build -k hashes`.
    ClassicAdapter(std::uint64_t n, double p, Writers writers, std::uint32_t hashes = 0)
        : FilterAdapter{makeFilter<BloomFilter>(classicSpec(n, p, hashes))} {
        filter.setWriters(writers);
    }
    static FilterSpec classicSpec(std::uint64_t n, double p, std::uint32_t hashes) {
        FilterSpec spec = specFor(FilterType::Classic, n, p);
        spec.hashes = hashes;
        return spec;
    }
    std::string geometry() const { return classicGeometry(filter); }
};

struct BlockedAdapter : FilterAdapter<BlockedBloomFilter> {
    BlockedAdapter(std::uint64_t n, double p, Writers writers)
        : FilterAdapter{makeFilter<BlockedBloomFilter>(specFor(FilterType::Blocked, n, p))} {
        filter.setWriters(writers);
    }
    std::string geometry() const {
        return std::to_string(filter.numBlocks()) + " blocks of 256 bits" +
               (BlockedBloomFilter::usingAvx2() ? ", AVX2" : ", portable");
    }
};

struct CountingAdapter : FilterAdapter<CountingBloomFilter> {
    CountingAdapter(std::uint64_t n, double p)
        : FilterAdapter{makeFilter<CountingBloomFilter>(specFor(FilterType::Counting, n, p))} {}
    std::string geometry() const {
        return std::to_string(filter.numLines()) + " lines of 128 4-bit counters, k=" +
               std::to_string(filter.numHashes());
    }
};

struct ScalableAdapter : FilterAdapter<ScalableBloomFilter> {
    ScalableAdapter(std::uint64_t n, double p)
        : FilterAdapter{makeFilter<ScalableBloomFilter>(specFor(FilterType::Scalable, n, p))} {}
    std::string geometry() const {
        std::string out = std::to_string(filter.layers().size()) + " layer(s)";
        if (!filter.layers().empty()) out += ", first " + classicGeometry(filter.layers().front());
        return out + " at p0=" + str(filter.firstLayerFpr(), 3);
    }
};

template <unsigned F, CuckooLayout Layout = CuckooLayout::Spread>
struct CuckooAdapter : FilterAdapter<CuckooFilter<F>> {
    CuckooAdapter(std::uint64_t n, double p)
        : FilterAdapter<CuckooFilter<F>>{makeFilter<CuckooFilter<F>>(specFor(FilterType::Cuckoo, n, p, F, Layout))} {}
    std::string geometry() const {
        return "f=" + std::to_string(F) + (Layout == CuckooLayout::Local ? ", local layout" : "") + ", " +
               std::to_string(this->filter.numBuckets()) + " buckets of 4, load " + str(this->filter.loadFactor(), 3) +
               ", " + str(Layout == CuckooLayout::Local ? countedLinesPerLookup() : linesPerLookup(), 3) +
               " cache lines per lookup";
    }
    /// Cache lines a lookup reads for uniformly spread buckets: two buckets, each read as one
    /// 8-byte word (4 bytes for f = 8) at byte offset bucket * kBucketBytes, which crosses a
    /// 64-byte line for some offsets (the table starts on a line). Averaged over one period of
    /// the offsets (64 buckets cover every offset mod 64 for 4-, 6- and 8-byte buckets).
    static double linesPerLookup() {
        constexpr unsigned kBytes = CuckooFilter<F>::kBucketBytes;
        constexpr unsigned kRead = kBytes == 4 ? 4 : 8;
        unsigned lines = 0;
        for (unsigned b = 0; b < 64; ++b) lines += (b * kBytes) % 64 + kRead > 64 ? 2 : 1;
        return 2.0 * lines / 64.0;
    }
    /// The same count over this filter's real placements of 65,536 fixed keys, where the two
    /// buckets are not independent (the local layout): distinct 64-byte lines of both reads.
    double countedLinesPerLookup() const {
        constexpr std::uint64_t kBytes = CuckooFilter<F>::kBucketBytes;
        constexpr std::uint64_t kRead = kBytes == 4 ? 4 : 8;
        constexpr std::uint64_t kKeys = 65'536;
        std::uint64_t lines = 0;
        for (std::uint64_t i = 0; i < kKeys; ++i) {
            const auto p = this->filter.placementOf("lines-" + std::to_string(i));
            const std::uint64_t a0 = p.bucket1 * kBytes / 64, a1 = (p.bucket1 * kBytes + kRead - 1) / 64;
            const std::uint64_t b0 = p.bucket2 * kBytes / 64, b1 = (p.bucket2 * kBytes + kRead - 1) / 64;
            lines += 1 + (a1 != a0 ? 1 : 0) + (b0 != a0 && b0 != a1 ? 1 : 0) + (b1 != b0 && b1 != a0 && b1 != a1 ? 1 : 0);
        }
        return static_cast<double>(lines) / static_cast<double>(kKeys);
    }
};

/// The Morton filter (core/morton_filter.h), sized for n at its design load; p does not apply
/// (12-bit fingerprints, as cuckoo12).
struct MortonAdapter : FilterAdapter<MortonFilter> {
    explicit MortonAdapter(std::uint64_t n) : FilterAdapter<MortonFilter>{make(n)} {}
    static MortonFilter make(std::uint64_t n) { return MortonFilter::forCapacity(n); }
    std::string geometry() const {
        return "f=12, " + std::to_string(filter.numBlocks()) + " blocks of 64 bytes (32 buckets, 35 slots), load " +
               str(filter.loadFactor(), 3) + ", overflow bits set " + str(filter.overflowBitShare(), 3) + ", " +
               str(countedLinesPerAbsentLookup(), 3) + " cache lines per absent lookup";
    }
    /// Lines mightContain reads for 65,536 fixed keys that were not inserted: one block, and the
    /// second only when the first bucket has no match and the key's overflow bit is set.
    double countedLinesPerAbsentLookup() const {
        constexpr std::uint64_t kKeys = 65'536;
        std::uint64_t lines = 0;
        for (std::uint64_t i = 0; i < kKeys; ++i) lines += filter.linesRead("lines-" + std::to_string(i));
        return static_cast<double>(lines) / static_cast<double>(kKeys);
    }
};

/// Debian's libbloom (Jyri J. Virkki): MurmurHash2 twice, k probes (a + i b) % bits, bytes.
class LibbloomAdapter {
public:
    LibbloomAdapter(std::uint64_t n, double p) {
        if (n > static_cast<std::uint64_t>(std::numeric_limits<int>::max()) / 16) {
            throw std::invalid_argument("libbloom takes an int entry count; n = " + std::to_string(n) +
                                        " is too large for it");
        }
        // libbloom refuses fewer than 1000 entries; the reference is sized for max(n, 1000).
        if (bloom_init(&m_bloom, static_cast<int>(std::max<std::uint64_t>(n, 1000)), p) != 0) {
            throw std::runtime_error("libbloom: bloom_init failed for n = " + std::to_string(n));
        }
    }
    ~LibbloomAdapter() { bloom_free(&m_bloom); }
    LibbloomAdapter(const LibbloomAdapter&) = delete;
    LibbloomAdapter& operator=(const LibbloomAdapter&) = delete;

    std::uint64_t insertOne(Keys keys) {
        std::uint64_t ok = 0;
        for (const std::string_view key : keys) {
            ok += bloom_add(&m_bloom, key.data(), static_cast<int>(key.size())) >= 0 ? 1 : 0;
        }
        m_inserted += keys.size();
        return ok;
    }
    std::uint64_t lookupOne(Keys keys) {
        std::uint64_t hits = 0;
        for (const std::string_view key : keys) {
            hits += bloom_check(&m_bloom, key.data(), static_cast<int>(key.size())) == 1 ? 1 : 0;
        }
        return hits;
    }
    std::uint64_t bytes() const { return static_cast<std::uint64_t>(m_bloom.bytes); }
    /// Theory for its geometry at the n keys the benchmark inserts (libbloom keeps no count).
    double expectedFpr() const {
        return math::classicFpr(static_cast<double>(m_inserted), static_cast<double>(m_bloom.bits), m_bloom.hashes);
    }
    std::string geometry() const {
        return "m=" + std::to_string(m_bloom.bits) + " bits, k=" + std::to_string(m_bloom.hashes) + ", libbloom " +
               bloom_version();
    }

private:
    struct bloom m_bloom {};
    std::uint64_t m_inserted = 0;
};

/// std::unordered_set as the exact baseline, reserved for n. Bytes: heap growth during the build.
template <class Set>
class UnorderedSetAdapter {
public:
    static constexpr bool kIntegerKeys = std::is_same_v<typename Set::key_type, std::uint64_t>;

    explicit UnorderedSetAdapter(std::uint64_t n) {
        const std::uint64_t before = heapInUse();
        m_set.reserve(n);
        m_heapBase = before;
    }
    std::uint64_t insertOne(Keys keys) {
        std::uint64_t ok = 0;
        for (const std::string_view key : keys) {
            if constexpr (kIntegerKeys) {
                ok += m_set.insert(integerKey(key)).second ? 1 : 0;
            } else {
                ok += m_set.emplace(key).second ? 1 : 0;
            }
        }
        m_heapAfter = heapInUse();
        return ok;
    }
    std::uint64_t lookupOne(Keys keys) const {
        std::uint64_t hits = 0;
        for (const std::string_view key : keys) {
            if constexpr (kIntegerKeys) {
                hits += m_set.contains(integerKey(key)) ? 1 : 0;
            } else {
                hits += m_set.contains(key) ? 1 : 0;
            }
        }
        return hits;
    }
    std::uint64_t bytes() const { return m_heapAfter > m_heapBase ? m_heapAfter - m_heapBase : 0; }
    double expectedFpr() const { return 0.0; }
    std::string geometry() const {
        return std::to_string(m_set.bucket_count()) + " buckets; bytes = heap growth (mallinfo2)";
    }

private:
    Set m_set;
    std::uint64_t m_heapBase = 0;
    std::uint64_t m_heapAfter = 0;
};

using IntegerSet = std::unordered_set<std::uint64_t>;
using StringSet = std::unordered_set<std::string, TransparentStringHash, std::equal_to<>>;

/// The physical floor: one random 64-byte line per key over `bytes` of memory, no hashing (the
/// line is multiply-shift of the integer key). Batched: a block pipeline (core/batch_pipeline.h)
/// as deep as the blocked filter's over an array of this size, prefetching into the same cache
/// (core/prefetch_distance.h).
class MemoryBoundAdapter {
public:
    explicit MemoryBoundAdapter(std::uint64_t bytes)
        : m_lines(std::max<std::uint64_t>(1, bytes / 64)), m_words(m_lines * 8),
          m_choice(choosePrefetchDistance(m_lines * 64, BlockedBloomFilter::kBatchPrefetchDistances)) {
        // Distinct non-zero contents: every page is really backed (an untouched page would map
        // to the shared zero page and make reads look free).
        for (std::size_t i = 0; i < m_words.size(); ++i) m_words[i] = perfMix64(i) | 1U;
    }

    std::uint64_t insertOne(Keys keys) {
        std::uint64_t* const words = m_words.data();
        for (const std::string_view key : keys) {
            words[reduceRange(integerKey(key), m_lines) * 8] |= 2U;
        }
        return keys.size();
    }
    std::uint64_t insertBatch(Keys keys, std::span<std::uint8_t>) {
        std::uint64_t* const words = m_words.data();
        detail::withPrefetchLevel(m_choice.level, [&](auto level) {
            detail::blockPipeline<kMaxPrefetchDistance, std::uint64_t>(
                keys.size(), m_choice.distance,
                [&](std::size_t i, std::uint64_t& at) __attribute__((always_inline)) {
                    at = reduceRange(integerKey(keys[i]), m_lines) * 8;
                    detail::prefetchLine<level(), 1>(words + at);
                },
                [&](std::size_t, std::uint64_t at) __attribute__((always_inline)) { words[at] |= 2U; });
        });
        return keys.size();
    }
    std::uint64_t lookupOne(Keys keys) const {
        const std::uint64_t* const words = m_words.data();
        std::uint64_t hits = 0;
        for (const std::string_view key : keys) {
            hits += words[reduceRange(integerKey(key), m_lines) * 8] & 1U;
        }
        return hits;
    }
    std::uint64_t lookupBatch(Keys keys, std::span<std::uint8_t>) const {
        return lookupBatchAt(keys, m_choice.distance, m_choice.level);
    }
    /// The batched lookup with another pipeline distance or prefetch level (perf's prefetch probe).
    std::uint64_t lookupBatchAt(Keys keys, std::size_t distance, PrefetchLevel prefetchLevel) const {
        const std::uint64_t* const words = m_words.data();
        std::uint64_t hits = 0;
        detail::withPrefetchLevel(prefetchLevel, [&](auto level) {
            detail::blockPipeline<kMaxPrefetchDistance, std::uint64_t>(
                keys.size(), distance,
                [&](std::size_t i, std::uint64_t& at) __attribute__((always_inline)) {
                    at = reduceRange(integerKey(keys[i]), m_lines) * 8;
                    detail::prefetchLine<level()>(words + at);
                },
                [&](std::size_t, std::uint64_t at) __attribute__((always_inline)) { hits += words[at] & 1U; });
        });
        return hits;
    }
    /// Two random lines per key, both prefetched `distance` keys ahead and both read: the floor
    /// of a lookup that reads two independent lines, as a cuckoo filter's two buckets do (perf's
    /// two-line floor). The second line comes from the key times an odd constant, whose high
    /// bits do not follow the first line's.
    std::uint64_t lookupBatchTwoLinesAt(Keys keys, std::size_t distance) const {
        struct Lines {
            std::uint64_t first;
            std::uint64_t second;
        };
        const std::uint64_t* const words = m_words.data();
        std::uint64_t hits = 0;
        detail::withPrefetchLevel(m_choice.level, [&](auto level) {
            detail::blockPipeline<kMaxPrefetchDistance, Lines>(
                keys.size(), distance,
                [&](std::size_t i, Lines& at) __attribute__((always_inline)) {
                    const std::uint64_t key = integerKey(keys[i]);
                    at.first = reduceRange(key, m_lines) * 8;
                    at.second = reduceRange(key * 0x9E3779B97F4A7C15ULL, m_lines) * 8;
                    detail::prefetchLine<level()>(words + at.first);
                    detail::prefetchLine<level()>(words + at.second);
                },
                [&](std::size_t, Lines at) __attribute__((always_inline)) { hits += words[at.first] & words[at.second] & 1U; });
        });
        return hits;
    }
    std::uint64_t bytes() const { return m_lines * 64; }
    double expectedFpr() const { return kNotApplicable; }
    std::string geometry() const { return std::to_string(m_lines) + " lines of 64 bytes"; }

private:
    std::uint64_t m_lines;
    FilterArray<std::uint64_t> m_words;  // the filters' allocator (huge pages from 2 MiB): the floor stays the strictest
    PrefetchChoice m_choice;
};

} // namespace bloomlab::bench::perf
