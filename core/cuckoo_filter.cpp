// CuckooFilter<f>: layout, hashing and the insert/erase rules are described in cuckoo_filter.h.
#include "core/cuckoo_filter.h"

#include "core/batch_pipeline.h"
#include "core/filter_math.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>

namespace bloomlab {

namespace {

template <class T>
std::string str(T value) {
    std::ostringstream out;
    out.precision(10);
    out << value;
    return out.str();
}

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

/// MurmurHash3's fmix64 (Appleby): a bijective 64-bit finaliser; every output bit depends on
/// every input bit, so fmix64(fp) & mask spreads alternate buckets over the whole table.
constexpr std::uint64_t fmix64(std::uint64_t x) noexcept {
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ULL;
    x ^= x >> 33;
    return x;
}

constexpr std::uint64_t toLittleEndian(std::uint64_t x) noexcept {
    if constexpr (std::endian::native == std::endian::big) {
        return __builtin_bswap64(x);
    } else {
        return x;
    }
}

/// Lane constants for four f-bit lanes in the low 4f bits of a word.
template <unsigned F>
struct Lanes {
    static constexpr std::uint64_t kOnes = 1ULL | (1ULL << F) | (1ULL << (2 * F)) | (1ULL << (3 * F));
    static constexpr std::uint64_t kHighs = kOnes << (F - 1);
    static constexpr std::uint64_t kBucketMask = F == 16 ? ~0ULL : (1ULL << (4 * F)) - 1;
    static constexpr std::uint64_t kLaneMask = (1ULL << F) - 1;

    /// Non-zero iff some lane of x (x has no bits above 4F) is zero. Classic SWAR test (Mycroft
    /// 1987; "Bit Twiddling Hacks"): a borrow can only flag lanes ABOVE a truly zero lane, so the
    /// answer and the lowest flagged lane are exact.
    static constexpr std::uint64_t zeroLanes(std::uint64_t x) noexcept { return (x - kOnes) & ~x & kHighs; }
    static constexpr std::uint64_t matchLanes(std::uint64_t bucket, std::uint32_t fp) noexcept {
        return zeroLanes(bucket ^ (kOnes * fp));
    }
    static constexpr unsigned lowestLane(std::uint64_t flags) noexcept {
        return static_cast<unsigned>(std::countr_zero(flags)) / F;
    }
};

static_assert(Lanes<8>::kOnes == 0x01010101ULL && Lanes<8>::kHighs == 0x80808080ULL,
              "8-bit lanes: the textbook has-zero-byte constants");
static_assert(Lanes<12>::kOnes == 0x001001001001ULL && Lanes<12>::kHighs == 0x800800800800ULL,
              "12-bit lanes: four lanes fill exactly 48 bits");
static_assert(Lanes<16>::kOnes == 0x0001000100010001ULL && Lanes<16>::kHighs == 0x8000800080008000ULL,
              "16-bit lanes: four lanes fill exactly one 64-bit word");
static_assert(Lanes<12>::zeroLanes(0x123456789ABCULL) == 0 && Lanes<12>::zeroLanes(0x123000789ABCULL) != 0,
              "the zero-lane test must see a zero 12-bit lane and only then");
static_assert(Lanes<8>::matchLanes(0x11223344ULL, 0x22) == 0x00800000ULL,
              "a matching byte sets exactly its lane's high bit (here lane 2)");

} // namespace

// ---- Construction -------------------------------------------------------------------------

template <unsigned F>
CuckooFilter<F> CuckooFilter<F>::forCapacity(std::uint64_t capacity, std::uint64_t seed, std::uint32_t maxKicks) {
    return CuckooFilter(math::cuckooBucketsFor(capacity, kSlotsPerBucket, math::kCuckooDesignLoad), capacity, seed, maxKicks);
}

template <unsigned F>
CuckooFilter<F>::CuckooFilter(std::uint64_t numBuckets, std::uint64_t capacity, std::uint64_t seed,
                              std::uint32_t maxKicks)
    : m_numBuckets(numBuckets), m_capacity(capacity), m_seed(seed), m_maxKicks(maxKicks) {
    if (numBuckets == 0 || numBuckets > kMaxBuckets) {
        fail("the cuckoo bucket count must be in [1, 2^40]; got " + str(numBuckets));
    }
    m_powerOfTwo = std::has_single_bit(numBuckets);
    if (maxKicks > kMaxKicksLimit) {
        fail("maximum kicks must be in [0, " + str(kMaxKicksLimit) + "]; got " + str(maxKicks));
    }
    // xorshift64 needs a non-zero state; splitmix-style scrambling of the seed gives one (the
    // constant keeps seed 0 away from state 0).
    m_rngState = fmix64(seed ^ 0x9E3779B97F4A7C15ULL) | 1ULL;
    const std::uint64_t tableBytes = numBuckets * kBucketBytes;
    m_table.assign(static_cast<std::size_t>((tableBytes + 7) / 8 + 1), 0);  // + 1 padding word
}

template <unsigned F>
CuckooFilter<F> CuckooFilter<F>::fromTable(std::uint64_t numBuckets, std::uint64_t capacity, std::uint64_t seed,
                                           std::uint32_t maxKicks, std::uint64_t items,
                                           std::uint64_t failedInserts, std::uint64_t kicks,
                                           std::span<const std::uint8_t> table,
                                           std::optional<std::pair<std::uint64_t, std::uint32_t>> stash) {
    if (numBuckets == 0 || numBuckets > kMaxBuckets) {
        fail("the cuckoo bucket count must be in [1, 2^40]; got " + str(numBuckets));
    }
    if (table.size() != numBuckets * kBucketBytes) {
        fail("cuckoo table has " + str(table.size()) + " bytes; " + str(numBuckets) + " buckets of " +
             str(kBucketBytes) + " bytes need exactly " + str(numBuckets * kBucketBytes));
    }
    CuckooFilter filter(numBuckets, capacity, seed, maxKicks);
    std::memcpy(filter.m_table.data(), table.data(), table.size());
    if (stash) {
        const auto [bucket, fp] = *stash;
        if (bucket >= numBuckets) {
            fail("cuckoo stash bucket " + str(bucket) + " is out of range (" + str(numBuckets) + " buckets)");
        }
        if (fp == 0 || fp > Lanes<F>::kLaneMask) {
            fail("cuckoo stash fingerprint " + str(fp) + " is not a non-zero " + str(F) + "-bit value");
        }
        const std::uint64_t alt = filter.alternateBucket(bucket, fp);
        if (Lanes<F>::zeroLanes(filter.loadBucket(bucket)) != 0 || Lanes<F>::zeroLanes(filter.loadBucket(alt)) != 0) {
            fail("cuckoo stash holds a fingerprint although one of its buckets has a free slot");
        }
        filter.m_stashUsed = true;
        filter.m_stashBucket = bucket;
        filter.m_stashFingerprint = fp;
    }
    const std::uint64_t expected = filter.occupiedSlots() + (stash ? 1 : 0);
    if (items != expected) {
        fail("cuckoo filter claims " + str(items) + " items but its table and stash hold " + str(expected) +
             " fingerprints");
    }
    filter.m_items = items;
    filter.m_failedInserts = failedInserts;
    filter.m_kicks = kicks;
    return filter;
}

// ---- Bucket access ------------------------------------------------------------------------

template <unsigned F>
std::uint64_t CuckooFilter<F>::loadBucket(std::uint64_t bucket) const noexcept {
    const auto* table = reinterpret_cast<const unsigned char*>(m_table.data());
    if constexpr (F == 8) {
        // A 4-byte bucket at a 4-byte offset never crosses a cache line; an 8-byte read would
        // for one bucket in 16 (and then need a second line).
        std::uint32_t word = 0;
        std::memcpy(&word, table + bucket * kBucketBytes, sizeof word);
        if constexpr (std::endian::native == std::endian::big) {
            word = __builtin_bswap32(word);
        }
        return word;
    }
    std::uint64_t word = 0;
    std::memcpy(&word, table + bucket * kBucketBytes, sizeof word);
    return toLittleEndian(word) & Lanes<F>::kBucketMask;
}

template <unsigned F>
void CuckooFilter<F>::storeBucket(std::uint64_t bucket, std::uint64_t value) noexcept {
    unsigned char* at = reinterpret_cast<unsigned char*>(m_table.data()) + bucket * kBucketBytes;
    std::uint64_t word = 0;
    std::memcpy(&word, at, sizeof word);
    word = toLittleEndian(word);
    word = (word & ~Lanes<F>::kBucketMask) | value;  // keep the next bucket's bytes (f = 8, 12)
    word = toLittleEndian(word);
    std::memcpy(at, &word, sizeof word);
}

template <unsigned F>
bool CuckooFilter<F>::tryPlace(std::uint64_t bucket, std::uint32_t fingerprint) noexcept {
    const std::uint64_t value = loadBucket(bucket);
    const std::uint64_t empty = Lanes<F>::zeroLanes(value);
    if (empty == 0) {
        return false;
    }
    const unsigned lane = Lanes<F>::lowestLane(empty);
    storeBucket(bucket, value | (static_cast<std::uint64_t>(fingerprint) << (lane * F)));
    return true;
}

template <unsigned F>
bool CuckooFilter<F>::removeFrom(std::uint64_t bucket, std::uint32_t fingerprint) noexcept {
    const std::uint64_t value = loadBucket(bucket);
    const std::uint64_t match = Lanes<F>::matchLanes(value, fingerprint);
    if (match == 0) {
        return false;
    }
    const unsigned lane = Lanes<F>::lowestLane(match);
    storeBucket(bucket, value & ~(Lanes<F>::kLaneMask << (lane * F)));
    return true;
}

template <unsigned F>
std::uint64_t CuckooFilter<F>::nextRandom() noexcept {
    // xorshift64 (Marsaglia 2003), period 2^64 - 1; callers use the high bits.
    std::uint64_t x = m_rngState;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    m_rngState = x;
    return x;
}

// ---- Hashing ------------------------------------------------------------------------------

template <unsigned F>
typename CuckooFilter<F>::Placement CuckooFilter<F>::placementOf(std::string_view key) const {
    const Hash128 h = xxh3_128(key, m_seed);
    Placement p;
    p.fingerprint = static_cast<std::uint32_t>(1 + reduceRange(h.high, Lanes<F>::kLaneMask));
    p.bucket1 = m_powerOfTwo ? h.low & (m_numBuckets - 1) : reduceRange(h.low, m_numBuckets);
    p.bucket2 = alternateBucket(p.bucket1, p.fingerprint);
    return p;
}

template <unsigned F>
std::uint64_t CuckooFilter<F>::alternateBucket(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept {
    if (m_powerOfTwo) {
        return bucket ^ (fmix64(fingerprint) & (m_numBuckets - 1));
    }
    // (t - bucket) mod N with t = h(fp) in [0, N): an involution for every N, since
    // t - (t - b) = b (mod N). bucket < N, so one conditional add replaces the modulo. h must look
    // random: Fibonacci hashing (fp * 2^64/phi, one multiply instead of fmix64's two) spaces the
    // 255 offsets of 8-bit fingerprints evenly, and that regularity lowered the load of the first
    // failed insert at 70,001 buckets from 0.961-0.963 to 0.944-0.950 (measured, tst_cuckoo_filter).
    const std::uint64_t t = reduceRange(fmix64(fingerprint), m_numBuckets);
    return t >= bucket ? t - bucket : t + m_numBuckets - bucket;
}

// ---- Operations ---------------------------------------------------------------------------

template <unsigned F>
bool CuckooFilter<F>::insert(std::string_view key) {
    const Placement p = placementOf(key);
    m_lastKicks.clear();
    if (tryPlace(p.bucket1, p.fingerprint) || tryPlace(p.bucket2, p.fingerprint)) {
        ++m_items;
        return true;
    }
    if (m_stashUsed) {
        // Full: relocating would push a second fingerprint out with nowhere to go. Refuse
        // without touching the table (PITFALLS #6).
        ++m_failedInserts;
        return false;
    }
    std::uint64_t bucket = (nextRandom() >> 63) != 0 ? p.bucket2 : p.bucket1;
    std::uint32_t carried = p.fingerprint;
    for (std::uint32_t kick = 0; kick < m_maxKicks; ++kick) {
        const auto slot = static_cast<unsigned>(nextRandom() >> 62);  // 0..3
        const std::uint64_t value = loadBucket(bucket);
        const auto victim = static_cast<std::uint32_t>((value >> (slot * F)) & Lanes<F>::kLaneMask);
        storeBucket(bucket, (value & ~(Lanes<F>::kLaneMask << (slot * F))) |
                                (static_cast<std::uint64_t>(carried) << (slot * F)));
        const std::uint64_t next = alternateBucket(bucket, victim);
        m_lastKicks.push_back({bucket, slot, next, victim});
        ++m_kicks;
        carried = victim;
        bucket = next;
        if (tryPlace(bucket, carried)) {
            ++m_items;
            m_maxKickChain = std::max(m_maxKickChain, kick + 1);
            return true;
        }
    }
    // Kicks exhausted: the fingerprint in hand (whose buckets are both full) goes to the stash.
    // The new key is in the table or is the one stashed; nothing is lost.
    m_stashUsed = true;
    m_stashBucket = bucket;
    m_stashFingerprint = carried;
    ++m_items;
    m_maxKickChain = std::max(m_maxKickChain, m_maxKicks);
    return true;
}

template <unsigned F>
bool CuckooFilter<F>::lookup(const Placement& p) const noexcept {
    const std::uint64_t b1 = loadBucket(p.bucket1);
    const std::uint64_t b2 = loadBucket(p.bucket2);
    if ((Lanes<F>::matchLanes(b1, p.fingerprint) | Lanes<F>::matchLanes(b2, p.fingerprint)) != 0) {
        return true;
    }
    return m_stashUsed && m_stashFingerprint == p.fingerprint &&
           (m_stashBucket == p.bucket1 || m_stashBucket == p.bucket2);
}

template <unsigned F>
bool CuckooFilter<F>::mightContain(std::string_view key) const {
    return lookup(placementOf(key));
}

template <unsigned F>
void CuckooFilter<F>::mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) const {
    if (results.size() != keys.size()) {
        fail("mightContainMany: results has " + str(results.size()) + " entries for " + str(keys.size()) + " keys");
    }
    // Block pipeline (core/batch_pipeline.h): the placements of 32 keys are computed and both
    // buckets of each prefetched, then the 32 keys prefetched one block earlier are matched (see
    // the measurements there; blocks of 16 or 64 were no better). A 12-bit bucket is read with
    // one 8-byte load that may reach into the next cache line, so its last byte is prefetched too.
    constexpr std::size_t kDistance = 32;
    const auto* bytes = reinterpret_cast<const unsigned char*>(m_table.data());
    const auto prefetchBucket = [bytes](std::uint64_t bucket) __attribute__((always_inline)) {
        const unsigned char* at = bytes + bucket * kBucketBytes;
        __builtin_prefetch(at);
        if constexpr (F == 12) {
            __builtin_prefetch(at + 7);
        }
    };
    detail::blockPipeline<kDistance, Placement>(
        keys.size(),
        [&](std::size_t i, Placement& p) __attribute__((always_inline)) {
            p = placementOf(keys[i]);
            prefetchBucket(p.bucket1);
            prefetchBucket(p.bucket2);
        },
        [&](std::size_t i, const Placement& p) __attribute__((always_inline)) { results[i] = lookup(p) ? 1 : 0; });
}

template <unsigned F>
void CuckooFilter<F>::restoreStash() noexcept {
    if (m_stashUsed && (tryPlace(m_stashBucket, m_stashFingerprint) ||
                        tryPlace(alternateBucket(m_stashBucket, m_stashFingerprint), m_stashFingerprint))) {
        m_stashUsed = false;
        m_stashBucket = 0;
        m_stashFingerprint = 0;
    }
}

template <unsigned F>
bool CuckooFilter<F>::erase(std::string_view key) {
    const Placement p = placementOf(key);
    if (removeFrom(p.bucket1, p.fingerprint) || removeFrom(p.bucket2, p.fingerprint)) {
        --m_items;
        restoreStash();
        return true;
    }
    if (m_stashUsed && m_stashFingerprint == p.fingerprint &&
        (m_stashBucket == p.bucket1 || m_stashBucket == p.bucket2)) {
        m_stashUsed = false;
        m_stashBucket = 0;
        m_stashFingerprint = 0;
        --m_items;
        return true;
    }
    return false;
}

// ---- Inspection and statistics ------------------------------------------------------------

template <unsigned F>
std::uint32_t CuckooFilter<F>::slotAt(std::uint64_t bucket, unsigned slot) const {
    if (bucket >= m_numBuckets || slot >= kSlotsPerBucket) {
        throw std::out_of_range("cuckoo slot (" + str(bucket) + ", " + str(slot) + ") is out of range: " +
                                str(m_numBuckets) + " buckets of " + str(kSlotsPerBucket) + " slots");
    }
    return static_cast<std::uint32_t>((loadBucket(bucket) >> (slot * F)) & Lanes<F>::kLaneMask);
}

template <unsigned F>
std::optional<std::uint32_t> CuckooFilter<F>::stashFingerprint() const noexcept {
    if (!m_stashUsed) {
        return std::nullopt;
    }
    return m_stashFingerprint;
}

template <unsigned F>
std::optional<std::pair<std::uint64_t, std::uint32_t>> CuckooFilter<F>::stash() const noexcept {
    if (!m_stashUsed) {
        return std::nullopt;
    }
    return std::pair<std::uint64_t, std::uint32_t>{m_stashBucket, m_stashFingerprint};
}

template <unsigned F>
std::uint64_t CuckooFilter<F>::occupiedSlots() const noexcept {
    std::uint64_t occupied = 0;
    for (std::uint64_t bucket = 0; bucket < m_numBuckets; ++bucket) {
        const std::uint64_t value = loadBucket(bucket);
        for (unsigned slot = 0; slot < kSlotsPerBucket; ++slot) {
            occupied += ((value >> (slot * F)) & Lanes<F>::kLaneMask) != 0 ? 1 : 0;
        }
    }
    return occupied;
}

template <unsigned F>
double CuckooFilter<F>::loadFactor() const noexcept {
    const std::uint64_t inTable = m_items - (m_stashUsed ? 1 : 0);
    return static_cast<double>(inTable) / static_cast<double>(m_numBuckets * kSlotsPerBucket);
}

template <unsigned F>
std::vector<std::uint8_t> CuckooFilter<F>::tableBytes() const {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(m_table.data());
    return std::vector<std::uint8_t>(bytes, bytes + m_numBuckets * kBucketBytes);
}

template <unsigned F>
FilterStats CuckooFilter<F>::stats() const {
    FilterStats s;
    s.items = m_items;
    s.capacity = m_capacity;
    s.bytes = m_numBuckets * kBucketBytes;
    s.bitsPerItem = m_items == 0 ? 0.0 : 8.0 * static_cast<double>(s.bytes) / static_cast<double>(m_items);
    s.fillRatio = loadFactor();
    s.estimatedFpr = math::cuckooFpr(F, kSlotsPerBucket, std::min(1.0, s.fillRatio));
    // The design FPR: what the table answers when it holds its capacity.
    if (m_capacity > 0) {
        const double designLoad = static_cast<double>(m_capacity) / static_cast<double>(m_numBuckets * kSlotsPerBucket);
        s.targetFpr = math::cuckooFpr(F, kSlotsPerBucket, std::min(1.0, designLoad));
    }
    s.estimatedItems = static_cast<double>(m_items);  // exact: one fingerprint per item
    s.layers = 1;
    s.failedInserts = m_failedInserts;
    s.kicks = m_kicks;
    s.maxKickChain = m_maxKickChain;
    s.stashOccupied = m_stashUsed;
    s.overfilled = m_stashUsed || m_failedInserts > 0 || (m_capacity > 0 && m_items > m_capacity);
    return s;
}

template class CuckooFilter<8>;
template class CuckooFilter<12>;
template class CuckooFilter<16>;

} // namespace bloomlab
