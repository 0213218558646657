// MortonFilter: the block layout and the insert and lookup rules are described in morton_filter.h.
#include "core/morton_filter.h"

#include "core/batch_pipeline.h"
#include "core/errors.h"
#include "core/hash_batch.h"
#include "core/hashing.h"
#include "core/simd_avx2.h"
#include "core/simd_avx512.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace bloomlab {

namespace {

constexpr std::size_t kBlockBytes = 64;
constexpr std::size_t kOverflowWordByte = 48;  // the block's seventh word: the last slots, then the overflow bits
constexpr unsigned kOverflowShift = 12 * MortonFilter::kSlotsPerBlock - 8 * kOverflowWordByte;
constexpr std::size_t kCounterByte = 56;  // the block's last word
constexpr std::uint32_t kFingerprintMask = (1U << MortonFilter::kFingerprintBits) - 1;
// Three 12-bit lanes: ones and high bits for the "has a zero lane" test (cuckoo_filter.h).
constexpr std::uint64_t kLaneOnes = 0x001001001ULL;
constexpr std::uint64_t kLaneHighs = 0x800800800ULL;
constexpr std::uint32_t kOverflowMultiplier = 2654435761U;  // Knuth's multiplicative hash
constexpr std::uint32_t kOffsetMultiplier = 0x85EBCA6BU;     // MurmurHash3's fmix32 constant

constexpr std::uint64_t toLittleEndian(std::uint64_t x) noexcept {
    if constexpr (std::endian::native == std::endian::big) return __builtin_bswap64(x);
    return x;
}

[[gnu::always_inline]] inline std::uint64_t load64(const unsigned char* at) noexcept {
    std::uint64_t value = 0;
    std::memcpy(&value, at, sizeof value);
    return toLittleEndian(value);
}

void store64(unsigned char* at, std::uint64_t value) noexcept {
    value = toLittleEndian(value);
    std::memcpy(at, &value, sizeof value);
}

[[gnu::always_inline]] inline std::uint32_t load16(const unsigned char* at) noexcept {
    return static_cast<std::uint32_t>(at[0]) | (static_cast<std::uint32_t>(at[1]) << 8);
}

void store16(unsigned char* at, std::uint32_t value) noexcept {
    at[0] = static_cast<unsigned char>(value);
    at[1] = static_cast<unsigned char>(value >> 8);
}

// ---- From a key's hash (DESIGN in morton_filter.h) ----

[[gnu::always_inline]] inline std::uint64_t blockOfHash(std::uint64_t hash, std::uint64_t numBlocks) noexcept {
    return ((hash >> 32) * numBlocks) >> 32;  // numBlocks < 2^32: no overflow
}

[[gnu::always_inline]] inline unsigned bucketInBlockOfHash(std::uint64_t hash) noexcept {
    return static_cast<unsigned>(hash & (MortonFilter::kBucketsPerBlock - 1));
}

[[gnu::always_inline]] inline std::uint32_t fingerprintOfHash(std::uint64_t hash) noexcept {
    return 1 + static_cast<std::uint32_t>((((hash & 0xFFFFFFFFULL) >> 5) * kFingerprintMask) >> 27);
}

/// The fingerprint's overflow bit, as a position in the seventh word.
[[gnu::always_inline]] inline unsigned overflowBitOf(std::uint32_t fingerprint) noexcept {
    return kOverflowShift + reduceRange32(fingerprint * kOverflowMultiplier, MortonFilter::kOverflowBits);
}

/// The other bucket of a fingerprint in `bucket` among numBuckets (even, below 2^32) buckets:
/// an odd offset below numBuckets from a multiplicative hash of the fingerprint, added from an
/// even bucket and subtracted from an odd one (mod numBuckets). Branch-free: the parity of a
/// bucket put aside for its second read is a coin toss.
[[gnu::always_inline]] inline std::uint64_t alternateOf(std::uint64_t bucket, std::uint32_t fingerprint,
                                                        std::uint64_t numBuckets) noexcept {
    const std::uint64_t mixed = static_cast<std::uint32_t>(fingerprint * kOffsetMultiplier);
    const std::uint64_t offset = 2 * ((mixed * (numBuckets / 2)) >> 32) + 1;
    const std::uint64_t step = (bucket & 1U) == 0 ? offset : numBuckets - offset;
    const std::uint64_t to = bucket + step;
    return to >= numBuckets ? to - numBuckets : to;
}

// ---- Inside a block ----

/// Sum of the 2-bit counters in `bits` (at most 32 x 3 = 96). With Popcnt two popcnt
/// instructions (each counter is lo + 2 hi); without, plain SWAR (pairs, bytes, one multiply to
/// add the bytes), since not every x86-64 has popcnt and std::popcount is then a library call.
template <bool Popcnt>
[[gnu::always_inline]] inline unsigned counterSum(std::uint64_t bits) noexcept {
    if constexpr (Popcnt) {
        return static_cast<unsigned>(__builtin_popcountll(bits) + __builtin_popcountll(bits & 0xAAAAAAAAAAAAAAAAULL));
    } else {
        bits = (bits & 0x3333333333333333ULL) + ((bits >> 2) & 0x3333333333333333ULL);
        bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return static_cast<unsigned>((bits * 0x0101010101010101ULL) >> 56);
    }
}

[[gnu::always_inline]] inline std::uint64_t counters(const unsigned char* block) noexcept {
    return load64(block + kCounterByte);
}

/// The first slot of bucket j: the sum of the counters below it.
template <bool Popcnt = false>
[[gnu::always_inline]] inline unsigned bucketStart(std::uint64_t fca, unsigned j) noexcept {
    return counterSum<Popcnt>(fca & ((std::uint64_t{1} << (2 * j)) - 1));
}

[[gnu::always_inline]] inline unsigned bucketCount(std::uint64_t fca, unsigned j) noexcept {
    return static_cast<unsigned>((fca >> (2 * j)) & 3U);
}

std::uint32_t slotAt(const unsigned char* block, unsigned slot) noexcept {
    return (load16(block + 3 * slot / 2) >> ((slot & 1U) * 4)) & kFingerprintMask;
}

void setSlot(unsigned char* block, unsigned slot, std::uint32_t fingerprint) noexcept {
    unsigned char* at = block + 3 * slot / 2;
    const unsigned shift = (slot & 1U) * 4;
    const std::uint32_t word = load16(at);
    store16(at, (word & ~(kFingerprintMask << shift)) | (fingerprint << shift));
}

[[gnu::always_inline]] inline bool overflowSet(const unsigned char* block, std::uint32_t fingerprint) noexcept {
    return ((load64(block + kOverflowWordByte) >> overflowBitOf(fingerprint)) & 1U) != 0;
}

/// blockBucketHas with the block's counter word already read (the batched loops read a group's
/// counter words first, so that those loads are in flight together).
template <bool Popcnt = false>
[[gnu::always_inline]] inline bool bucketHasGivenCounters(const unsigned char* block, std::uint64_t fca, unsigned j,
                                                          std::uint32_t fingerprint) noexcept {
    const unsigned count = bucketCount(fca, j);
    const unsigned start = bucketStart<Popcnt>(fca, j);
    const std::uint64_t lanes = load64(block + 3 * start / 2) >> ((start & 1U) * 4);
    const std::uint64_t x = lanes ^ (fingerprint * kLaneOnes);
    const std::uint64_t zero = (x - kLaneOnes) & ~x & kLaneHighs;
    // Borrows only run upwards, so the lanes below `count` are exact.
    return (zero & ((std::uint64_t{1} << (12 * count)) - 1)) != 0;
}

/// Does bucket j of the block hold the fingerprint? The bucket's (at most 3) fingerprints are
/// read with one 8-byte load from inside the block (the last slot starts at byte 51) and matched as
/// 12-bit lanes at once.
template <bool Popcnt = false>
[[gnu::always_inline]] inline bool blockBucketHas(const unsigned char* block, unsigned j, std::uint32_t fingerprint) noexcept {
    return bucketHasGivenCounters<Popcnt>(block, counters(block), j, fingerprint);
}

} // namespace

MortonFilter MortonFilter::forCapacity(std::uint64_t capacity, std::uint64_t seed, std::uint32_t maxKicks) {
    if (capacity == 0) {
        throwInvalidArgument("a Morton filter needs a capacity of at least 1 key");
    }
    const double blocks = std::ceil(static_cast<double>(capacity) / (kSlotsPerBlock * kMortonDesignLoad));
    if (!(blocks <= static_cast<double>(kMaxBlocks))) {
        throwInvalidArgument("capacity " + numberText(capacity) + " needs more than " + numberText(kMaxBlocks) + " blocks");
    }
    return MortonFilter(static_cast<std::uint64_t>(blocks), capacity, seed, maxKicks);
}

MortonFilter::MortonFilter(std::uint64_t numBlocks, std::uint64_t capacity, std::uint64_t seed, std::uint32_t maxKicks)
    : m_numBlocks(numBlocks), m_capacity(capacity), m_seed(seed), m_maxKicks(maxKicks) {
    if (numBlocks == 0 || numBlocks > kMaxBlocks) {
        throwInvalidArgument("a Morton filter has 1 to " + numberText(kMaxBlocks) + " blocks; got " + numberText(numBlocks));
    }
    if (maxKicks > kMaxKicksLimit) {
        throwInvalidArgument("maximum kicks must be in [0, " + numberText(kMaxKicksLimit) + "]; got " + numberText(maxKicks));
    }
    m_table.assign(numBlocks * (kBlockBytes / sizeof(std::uint64_t)), 0);
    m_rngState = splitmix64(seed ^ 0x4D6F72746F6EULL) | 1U;
}

std::uint64_t MortonFilter::nextRandom() noexcept {
    std::uint64_t x = m_rngState;  // xorshift64
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    m_rngState = x;
    return x;
}

std::uint64_t MortonFilter::alternateBucket(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept {
    return alternateOf(bucket, fingerprint, numBuckets());
}

MortonFilter::Placement MortonFilter::placementFromHash(std::uint64_t hash) const noexcept {
    Placement p;
    p.bucket1 = blockOfHash(hash, m_numBlocks) * kBucketsPerBlock + bucketInBlockOfHash(hash);
    p.fingerprint = fingerprintOfHash(hash);
    p.bucket2 = alternateBucket(p.bucket1, p.fingerprint);
    return p;
}

MortonFilter::Placement MortonFilter::placementOf(std::string_view key) const noexcept {
    return placementFromHash(xxh64(key, m_seed));
}

bool MortonFilter::bucketHas(std::uint64_t bucket, std::uint32_t fingerprint) const noexcept {
    return blockBucketHas(block(bucket / kBucketsPerBlock), static_cast<unsigned>(bucket % kBucketsPerBlock),
                          fingerprint);
}

bool MortonFilter::lookup(const Placement& p) const noexcept {
    if (bucketHas(p.bucket1, p.fingerprint)) return true;
    if (overflowSet(block(p.bucket1 / kBucketsPerBlock), p.fingerprint) && bucketHas(p.bucket2, p.fingerprint)) {
        return true;
    }
    return stashHolds(p);
}

bool MortonFilter::mightContainPlacement(std::uint64_t bucket1, std::uint32_t fingerprint) const noexcept {
    return lookup({fingerprint, bucket1, alternateBucket(bucket1, fingerprint)});
}

unsigned MortonFilter::linesRead(std::string_view key) const noexcept {
    const Placement p = placementOf(key);
    if (bucketHas(p.bucket1, p.fingerprint)) return 1;
    if (!overflowSet(block(p.bucket1 / kBucketsPerBlock), p.fingerprint)) return 1;
    return p.bucket1 / kBucketsPerBlock == p.bucket2 / kBucketsPerBlock ? 1 : 2;
}

std::vector<std::uint32_t> MortonFilter::bucketFingerprints(std::uint64_t bucket) const {
    if (bucket >= numBuckets()) {
        throwInvalidArgument("bucket " + numberText(bucket) + " is outside the filter's " + numberText(numBuckets()) + " buckets");
    }
    const unsigned char* b = block(bucket / kBucketsPerBlock);
    const auto j = static_cast<unsigned>(bucket % kBucketsPerBlock);
    const std::uint64_t fca = counters(b);
    std::vector<std::uint32_t> out;
    for (unsigned s = bucketStart(fca, j), end = s + bucketCount(fca, j); s < end; ++s) out.push_back(slotAt(b, s));
    return out;
}

void MortonFilter::setOverflow(std::uint64_t bucket, std::uint32_t fingerprint) noexcept {
    unsigned char* b = block(bucket / kBucketsPerBlock);
    store64(b + kOverflowWordByte, load64(b + kOverflowWordByte) | (std::uint64_t{1} << overflowBitOf(fingerprint)));
}

bool MortonFilter::tryPlace(std::uint64_t bucket, std::uint32_t fingerprint) noexcept {
    unsigned char* b = block(bucket / kBucketsPerBlock);
    const auto j = static_cast<unsigned>(bucket % kBucketsPerBlock);
    const std::uint64_t fca = counters(b);
    const unsigned total = counterSum<false>(fca);
    const unsigned count = bucketCount(fca, j);
    if (total >= kSlotsPerBlock || count >= kMaxPerBucket) return false;
    const unsigned at = bucketStart(fca, j) + count;
    for (unsigned s = total; s > at; --s) setSlot(b, s, slotAt(b, s - 1));
    setSlot(b, at, fingerprint);
    store64(b + kCounterByte, fca + (std::uint64_t{1} << (2 * j)));
    ++m_occupied;
    return true;
}

bool MortonFilter::removeFrom(std::uint64_t bucket, std::uint32_t fingerprint) noexcept {
    unsigned char* b = block(bucket / kBucketsPerBlock);
    const auto j = static_cast<unsigned>(bucket % kBucketsPerBlock);
    const std::uint64_t fca = counters(b);
    const unsigned start = bucketStart(fca, j);
    const unsigned end = start + bucketCount(fca, j);
    unsigned at = start;
    while (at < end && slotAt(b, at) != fingerprint) ++at;
    if (at == end) return false;
    const unsigned total = counterSum<false>(fca);
    for (unsigned s = at; s + 1 < total; ++s) setSlot(b, s, slotAt(b, s + 1));
    setSlot(b, total - 1, 0);
    store64(b + kCounterByte, fca - (std::uint64_t{1} << (2 * j)));
    --m_occupied;
    return true;
}

void MortonFilter::restoreStash() noexcept {
    if (!m_stashUsed) return;
    const std::uint64_t other = alternateBucket(m_stashBucket, m_stashFingerprint);
    for (const auto& [to, from] : {std::pair{m_stashBucket, other}, std::pair{other, m_stashBucket}}) {
        if (tryPlace(to, m_stashFingerprint)) {
            setOverflow(from, m_stashFingerprint);  // found from either bucket, whichever is its key's first
            clearStash();
            return;
        }
    }
}

bool MortonFilter::erase(std::string_view key) {
    const Placement p = placementOf(key);
    // Where mightContain looks, in its order (DESIGN: erase).
    if (removeFrom(p.bucket1, p.fingerprint) ||
        (overflowSet(block(p.bucket1 / kBucketsPerBlock), p.fingerprint) && removeFrom(p.bucket2, p.fingerprint))) {
        --m_items;
        restoreStash();
        return true;
    }
    if (!stashHolds(p)) return false;
    clearStash();
    --m_items;
    return true;
}

bool MortonFilter::insert(std::string_view key) {
    const Placement p = placementOf(key);
    if (tryPlace(p.bucket1, p.fingerprint)) {
        ++m_items;
        return true;
    }
    if (tryPlace(p.bucket2, p.fingerprint)) {
        setOverflow(p.bucket1, p.fingerprint);
        ++m_items;
        return true;
    }
    if (m_stashUsed) {
        ++m_failedInserts;  // full: refuse without touching the table
        return false;
    }
    std::uint64_t bucket = p.bucket1;
    if ((nextRandom() >> 63) != 0) {
        bucket = p.bucket2;
        setOverflow(p.bucket1, p.fingerprint);
    }
    std::uint32_t carried = p.fingerprint;
    for (std::uint32_t kick = 0; kick < m_maxKicks; ++kick) {
        unsigned char* b = block(bucket / kBucketsPerBlock);
        const auto j = static_cast<unsigned>(bucket % kBucketsPerBlock);
        std::uint64_t fca = counters(b);
        const unsigned total = counterSum<false>(fca);
        // The victim: one of the bucket's own when it holds 3, else (the block is full) any of the block's.
        unsigned victimSlot = 0;
        if (bucketCount(fca, j) >= kMaxPerBucket) {
            victimSlot = bucketStart(fca, j) + static_cast<unsigned>(reduceRange(nextRandom(), kMaxPerBucket));
        } else {
            victimSlot = static_cast<unsigned>(reduceRange(nextRandom(), kSlotsPerBlock));
        }
        unsigned victimBucket = 0;
        while (bucketStart(fca, victimBucket) + bucketCount(fca, victimBucket) <= victimSlot) ++victimBucket;
        const std::uint32_t victim = slotAt(b, victimSlot);
        for (unsigned s = victimSlot; s + 1 < total; ++s) setSlot(b, s, slotAt(b, s + 1));
        setSlot(b, total - 1, 0);
        fca -= std::uint64_t{1} << (2 * victimBucket);
        store64(b + kCounterByte, fca);
        --m_occupied;
        const bool placed = tryPlace(bucket, carried);  // room now: a slot and a place in the bucket
        (void)placed;
        const std::uint64_t from = (bucket / kBucketsPerBlock) * kBucketsPerBlock + victimBucket;
        setOverflow(from, victim);
        ++m_kicks;
        carried = victim;
        bucket = alternateBucket(from, victim);
        if (tryPlace(bucket, carried)) {
            ++m_items;
            m_maxKickChain = std::max(m_maxKickChain, kick + 1);
            return true;
        }
    }
    m_stashUsed = true;
    m_stashBucket = bucket;
    m_stashFingerprint = carried;
    ++m_items;
    m_maxKickChain = std::max(m_maxKickChain, m_maxKicks);
    return true;
}

// ---- Batched lookups ----------------------------------------------------------------------
// A group pipeline (core/batch_pipeline.h): a group's keys are hashed together (XXH64 in
// vectors where the CPU has AVX-512) and their first blocks prefetched `distance` keys ahead.
// When a group is visited, each key's first bucket is matched, and a key whose first bucket has
// no match and whose overflow bit is set is put aside with its second block prefetched, to be
// matched when the next group is visited, so that miss overlaps other work too.
//
// A group is matched in stages: first every key's counter word is read (the loads of the whole
// group in flight together), then the bucket starts are summed and the buckets' slots read, then
// the fingerprints compared. Matched key by key (or vector by vector), each key's slot read waited
// for its own counter word, and those chains of two dependent reads queued behind each other; the
// stages measured faster on every kernel (figures in docs/performance.md). The loop exists once
// per kernel (AVX-512, AVX2 with popcnt and BMI2 for its scalar parts, portable), each copy
// compiled for its instructions.

namespace {

/// A lookup's keys and how its loops hash a range of them. avx2(), for the AVX2 loop, takes the
/// batched hashing's AVX2 kernel for 8-byte keys (four per vector, four with the scalar
/// multiplier), which xxh64Many leaves to the blocked filter's own pipeline there (xxh64PathFor
/// in hash_batch.cpp): measured faster than the scalar hash (figures in docs/performance.md).
struct SpanSource {
    std::span<const std::string_view> keys;
    std::uint64_t seed;
    [[gnu::always_inline]] void operator()(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        xxh64Many(keys.subspan(start, n), seed, out);
    }
#if defined(__x86_64__)
    [[gnu::always_inline]] void avx2(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        xxh64ManyOn(HashBatchPath::Avx2, keys.subspan(start, n), seed, out);
    }
#endif
};

struct BatchSource {
    const KeyBatch* keys;
    std::uint64_t seed;
    [[gnu::always_inline]] void operator()(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        xxh64Many(keys->subspan(start, n), seed, out);
    }
#if defined(__x86_64__)
    [[gnu::always_inline]] void avx2(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        xxh64ManyOn(HashBatchPath::Avx2, keys->subspan(start, n), seed, out);
    }
#endif
};

constexpr std::size_t kGroup = 32;
static_assert(kGroup <= 32, "a group's keys that need their second bucket are bits of one 32-bit mask");

struct LoopView {
    const unsigned char* table;
    std::uint64_t numBlocks;
};

[[gnu::always_inline]] inline const unsigned char* firstBlockOf(const LoopView& v, std::uint64_t hash) noexcept {
    return v.table + blockOfHash(hash, v.numBlocks) * kBlockBytes;
}

/// Keys put aside for their second bucket, two groups' worth: those of the group visited last
/// (their blocks asked for then) and those of the group being visited.
struct Deferred {
    std::array<std::array<std::uint32_t, kGroup>, 2> index;
    std::array<std::array<std::uint32_t, kGroup>, 2> fingerprint;
    std::array<std::array<std::uint64_t, kGroup>, 2> bucket;
    std::array<std::size_t, 2> count{0, 0};
    unsigned side = 0;

    /// Puts aside the keys of the group at `start` (hashes h) whose bits are set in `need`, each
    /// with its second block prefetched.
    template <PrefetchLevel Level>
    [[gnu::always_inline]] void add(const LoopView& v, std::size_t start, const std::uint64_t* h, std::uint32_t need) noexcept {
        std::size_t k = count[side];
        for (; need != 0; need &= need - 1) {
            const auto i = static_cast<unsigned>(std::countr_zero(need));
            const std::uint32_t fp = fingerprintOfHash(h[i]);
            const std::uint64_t first = blockOfHash(h[i], v.numBlocks) * MortonFilter::kBucketsPerBlock + bucketInBlockOfHash(h[i]);
            const std::uint64_t second = alternateOf(first, fp, v.numBlocks * MortonFilter::kBucketsPerBlock);
            detail::prefetchLine<Level>(v.table + (second / MortonFilter::kBucketsPerBlock) * kBlockBytes);
            index[side][k] = static_cast<std::uint32_t>(start + i);
            fingerprint[side][k] = fp;
            bucket[side][k] = second;
            ++k;
        }
        count[side] = k;
    }
    /// Matches the keys put aside by the group visited last, then makes room for this group's.
    /// Key by key: about one key in ten of a group is here.
    template <bool Popcnt>
    [[gnu::always_inline]] void settle(const LoopView& v, std::uint8_t* out) noexcept {
        const unsigned other = side ^ 1U;
        for (std::size_t k = 0; k < count[other]; ++k) {
            const std::uint64_t b = bucket[other][k];
            // Stored without a branch (the first bucket's 0 is there): whether a key put aside is
            // found is a coin toss for the predictor.
            out[index[other][k]] = blockBucketHas<Popcnt>(v.table + (b / MortonFilter::kBucketsPerBlock) * kBlockBytes,
                                                          static_cast<unsigned>(b % MortonFilter::kBucketsPerBlock),
                                                          fingerprint[other][k])
                                       ? 1
                                       : 0;
        }
        count[other] = 0;
        side = other;
    }
};

/// The first buckets of n (<= kGroup) keys, key by key in two stages (the counter words, then the
/// rest): writes out[0 .. n) and returns the keys that need their second bucket (bit j: key j).
template <bool Popcnt>
[[gnu::always_inline]] inline std::uint32_t matchGroupScalar(const LoopView& v, const std::uint64_t* h, std::size_t n,
                                                             std::uint8_t* out) noexcept {
    std::array<std::uint64_t, kGroup> fca;
    for (std::size_t j = 0; j < n; ++j) fca[j] = counters(firstBlockOf(v, h[j]));
    std::uint32_t need = 0;
    for (std::size_t j = 0; j < n; ++j) {
        const unsigned char* first = firstBlockOf(v, h[j]);
        const std::uint32_t fp = fingerprintOfHash(h[j]);
        const bool hit = bucketHasGivenCounters<Popcnt>(first, fca[j], bucketInBlockOfHash(h[j]), fp);
        out[j] = hit ? 1 : 0;
        // No branch: whether a key hit, and whether its bit is set, are coin tosses.
        need |= static_cast<std::uint32_t>(!hit & overflowSet(first, fp)) << j;
    }
    return need;
}

/// The pipeline every copy runs: prefetch a group's first blocks `distance` keys ahead (into the
/// cache Level names); when a group is visited, settle the keys put aside one group earlier, then
/// match the group's first buckets with matchGroup(h, n, out) -> need, and put aside the keys
/// that need their second one.
template <bool Popcnt, PrefetchLevel Level, class Source, class MatchGroup>
[[gnu::always_inline]] inline void runLoop(const LoopView& v, Source source, std::size_t count, std::size_t distance,
                                           std::uint8_t* out, MatchGroup matchGroup) noexcept {
    using Hashes = std::array<std::uint64_t, kGroup>;
    Deferred deferred;
    detail::groupPipeline<kGroup, kMaxPrefetchDistance / kGroup, Hashes>(
        count, distance / kGroup,
        [&](std::size_t start, std::size_t n, Hashes& h) __attribute__((always_inline)) {
            source(start, n, h.data());
            for (std::size_t j = 0; j < n; ++j) detail::prefetchLine<Level>(firstBlockOf(v, h[j]));
        },
        [&](std::size_t start, std::size_t n, const Hashes& h) __attribute__((always_inline)) {
            deferred.settle<Popcnt>(v, out);
            deferred.add<Level>(v, start, h.data(), matchGroup(h.data(), n, out + start));
        });
    deferred.settle<Popcnt>(v, out);
    deferred.settle<Popcnt>(v, out);
}

template <bool Popcnt, PrefetchLevel Level, class Source>
[[gnu::always_inline]] inline void scalarLoop(const LoopView& v, Source source, std::size_t count, std::size_t distance,
                                             std::uint8_t* out) noexcept {
    runLoop<Popcnt, Level>(v, source, count, distance, out,
                           [&](const std::uint64_t* h, std::size_t n, std::uint8_t* o) __attribute__((always_inline)) {
                               return matchGroupScalar<Popcnt>(v, h, n, o);
                           });
}

template <PrefetchLevel Level, class Source>
void scalarLoopPortable(const LoopView& v, Source source, std::size_t count, std::size_t distance, std::uint8_t* out) noexcept {
    scalarLoop<false, Level>(v, source, count, distance, out);
}

/// mightContain's table part for one key's hash (the stash aside): the first bucket, and only
/// when it has no match and the key's overflow bit is set, the second, whose place is computed
/// then. One inlined chain from the hash to the answer: the block read, the counters summed, the
/// bucket's fingerprints read from the same (now cached) line.
template <bool Popcnt>
[[gnu::always_inline]] inline bool oneKeyHas(const LoopView& v, std::uint64_t hash) noexcept {
    const std::uint64_t blockIndex = blockOfHash(hash, v.numBlocks);
    const unsigned j = bucketInBlockOfHash(hash);
    const std::uint32_t fp = fingerprintOfHash(hash);
    const unsigned char* first = v.table + blockIndex * kBlockBytes;
    if (blockBucketHas<Popcnt>(first, j, fp)) return true;
    if (!overflowSet(first, fp)) return false;
    const std::uint64_t second = alternateOf(blockIndex * MortonFilter::kBucketsPerBlock + j, fp,
                                             v.numBlocks * MortonFilter::kBucketsPerBlock);
    return blockBucketHas<Popcnt>(v.table + (second / MortonFilter::kBucketsPerBlock) * kBlockBytes,
                                  static_cast<unsigned>(second % MortonFilter::kBucketsPerBlock), fp);
}

bool oneKeyHasPortable(const LoopView& v, std::uint64_t hash) noexcept {
    return oneKeyHas<false>(v, hash);
}

#if defined(__x86_64__)
__attribute__((target("popcnt,bmi,bmi2"))) bool oneKeyHasPopcnt(const LoopView& v, std::uint64_t hash) noexcept {
    return oneKeyHas<true>(v, hash);
}

/// AVX-512BW (vpsadbw on 512-bit vectors): every AVX-512 CPU but the Xeon Phi has it.
bool cpuHasAvx512Bw() noexcept {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512bw") != 0;
}

/// popcnt and BMI2 (shifts by a register without cl, bzhi) for the AVX2 loop's scalar parts and
/// the one-key lookup (every AVX2 CPU has both).
bool cpuHasPopcntBmi2() noexcept {
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") != 0 && __builtin_cpu_supports("bmi2") != 0;
}

// GCC 12's AVX-512 intrinsics pass an uninitialised vector as the unused merge operand, which
// -Wmaybe-uninitialized reports (GCC PR 105593, as in hash_batch.cpp).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

/// The first buckets of a whole group, eight keys per vector, in three stages over the group's
/// vectors: (1) place each key (block, bucket in block, fingerprint) and read the counter words;
/// (2) sum each bucket's start (SWAR, then vpsadbw adds the eight bytes of each lane) and read its
/// slots and the overflow word; (3) match the 12-bit lanes, write the answers, and
/// test the overflow bits of the keys that found nothing. Returns those keys (bit j: key j).
__attribute__((target("avx512f,avx512dq,avx512bw,popcnt,bmi,bmi2"))) inline std::uint32_t
matchGroupAvx512(const LoopView& v, const std::uint64_t* hashes, std::uint8_t* out) noexcept {
    using simd::broadcast;
    constexpr std::size_t kVectors = kGroup / 8;
    __m512i offset[kVectors];
    __m512i j[kVectors];
    __m512i fingerprint[kVectors];
    __m512i fca[kVectors];
    __m512i slots[kVectors];
    __m512i count[kVectors];
    __m512i overflow[kVectors];
    const __m512i one = broadcast(1);
    for (std::size_t q = 0; q < kVectors; ++q) {
        const __m512i hash = _mm512_loadu_si512(hashes + 8 * q);
        const __m512i block = _mm512_srli_epi64(_mm512_mul_epu32(_mm512_srli_epi64(hash, 32), broadcast(v.numBlocks)), 32);
        offset[q] = _mm512_slli_epi64(block, 6);
        j[q] = _mm512_and_si512(hash, broadcast(MortonFilter::kBucketsPerBlock - 1));
        const __m512i low27 = _mm512_and_si512(_mm512_srli_epi64(hash, 5), broadcast(0x7FFFFFFULL));
        fingerprint[q] =
            _mm512_add_epi64(_mm512_srli_epi64(_mm512_mul_epu32(low27, broadcast(kFingerprintMask)), 27), one);
        fca[q] = simd::wordsAt8(v.table, _mm512_add_epi64(offset[q], broadcast(kCounterByte)));
    }
    for (std::size_t q = 0; q < kVectors; ++q) {
        const __m512i twoJ = _mm512_add_epi64(j[q], j[q]);
        __m512i below = _mm512_and_si512(fca[q], _mm512_sub_epi64(_mm512_sllv_epi64(one, twoJ), one));
        const __m512i pairs = broadcast(0x3333333333333333ULL);
        below = _mm512_add_epi64(_mm512_and_si512(below, pairs), _mm512_and_si512(_mm512_srli_epi64(below, 2), pairs));
        below = _mm512_and_si512(_mm512_add_epi64(below, _mm512_srli_epi64(below, 4)), broadcast(0x0F0F0F0F0F0F0F0FULL));
        const __m512i start = _mm512_sad_epu8(below, _mm512_setzero_si512());  // the eight bytes' sum per lane
        count[q] = _mm512_and_si512(_mm512_srlv_epi64(fca[q], twoJ), broadcast(3));
        const __m512i slotByte = _mm512_srli_epi64(_mm512_add_epi64(_mm512_add_epi64(start, start), start), 1);
        slots[q] = _mm512_srlv_epi64(simd::wordsAt8(v.table, _mm512_add_epi64(offset[q], slotByte)),
                                     _mm512_slli_epi64(_mm512_and_si512(start, one), 2));
        // Every lane's, not only those that will find nothing: then the read does not wait for the match.
        overflow[q] = simd::wordsAt8(v.table, _mm512_add_epi64(offset[q], broadcast(kOverflowWordByte)));
    }
    std::uint32_t need = 0;
    for (std::size_t q = 0; q < kVectors; ++q) {
        const __m512i fp = fingerprint[q];
        const __m512i pattern = _mm512_ternarylogic_epi64(fp, _mm512_slli_epi64(fp, 12), _mm512_slli_epi64(fp, 24), 0xFE);  // a | b | c
        const __m512i x = _mm512_xor_si512(slots[q], pattern);
        // (x - ones) & ~x & highs: ternary logic a & ~b & c = 0x20.
        const __m512i zero = _mm512_ternarylogic_epi64(_mm512_sub_epi64(x, broadcast(kLaneOnes)), x, broadcast(kLaneHighs), 0x20);
        const __m512i countBits = _mm512_add_epi64(_mm512_slli_epi64(count[q], 3), _mm512_slli_epi64(count[q], 2));
        const __mmask8 hit = _mm512_test_epi64_mask(zero, _mm512_sub_epi64(_mm512_sllv_epi64(one, countBits), one));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 8 * q), _mm512_cvtepi64_epi8(_mm512_maskz_set1_epi64(hit, 1)));
        // The overflow bit (overflowBitOf): the top of the block's seventh word.
        const __m512i mixed = _mm512_and_si512(_mm512_mul_epu32(fp, broadcast(kOverflowMultiplier)), broadcast(0xFFFFFFFFULL));
        const __m512i bit = _mm512_add_epi64(_mm512_srli_epi64(_mm512_mul_epu32(mixed, broadcast(MortonFilter::kOverflowBits)), 32),
                                             broadcast(kOverflowShift));
        const __mmask8 second = _mm512_mask_test_epi64_mask(static_cast<__mmask8>(~hit), _mm512_srlv_epi64(overflow[q], bit), one);
        need |= static_cast<std::uint32_t>(second) << (8 * q);
    }
    return need;
}

#pragma GCC diagnostic pop

#define BLOOMLAB_MORTON_AVX2 __attribute__((target("avx2"), always_inline)) inline

using simd::broadcast4;

/// matchGroupAvx512 on four lanes (AVX2): the same three stages over the group's eight vectors,
/// with the operations AVX2 lacks written out (ternary logic as and / or / andnot, mask tests as
/// compares and movemask). The answers of four keys are one 4-byte store: byte i is bit i of the
/// match mask, spread by one multiply (as in the cuckoo filter's AVX2 lookup).
__attribute__((target("avx2,popcnt,bmi,bmi2"))) inline std::uint32_t
matchGroupAvx2(const LoopView& v, const std::uint64_t* hashes, std::uint8_t* out) noexcept {
    constexpr std::size_t kVectors = kGroup / 4;
    __m256i offset[kVectors];
    __m256i j[kVectors];
    __m256i fingerprint[kVectors];
    __m256i fca[kVectors];
    __m256i slots[kVectors];
    __m256i count[kVectors];
    __m256i overflow[kVectors];
    const __m256i one = broadcast4(1);
    for (std::size_t q = 0; q < kVectors; ++q) {
        const __m256i hash = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(hashes + 4 * q));
        const __m256i block = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(hash, 32), broadcast4(v.numBlocks)), 32);
        offset[q] = _mm256_slli_epi64(block, 6);
        j[q] = _mm256_and_si256(hash, broadcast4(MortonFilter::kBucketsPerBlock - 1));
        const __m256i low27 = _mm256_and_si256(_mm256_srli_epi64(hash, 5), broadcast4(0x7FFFFFFULL));
        fingerprint[q] = _mm256_add_epi64(_mm256_srli_epi64(_mm256_mul_epu32(low27, broadcast4(kFingerprintMask)), 27), one);
        fca[q] = simd::wordsAt4(v.table, _mm256_add_epi64(offset[q], broadcast4(kCounterByte)));
    }
    for (std::size_t q = 0; q < kVectors; ++q) {
        const __m256i twoJ = _mm256_add_epi64(j[q], j[q]);
        __m256i below = _mm256_and_si256(fca[q], _mm256_sub_epi64(_mm256_sllv_epi64(one, twoJ), one));
        const __m256i pairs = broadcast4(0x3333333333333333ULL);
        below = _mm256_add_epi64(_mm256_and_si256(below, pairs), _mm256_and_si256(_mm256_srli_epi64(below, 2), pairs));
        below = _mm256_and_si256(_mm256_add_epi64(below, _mm256_srli_epi64(below, 4)), broadcast4(0x0F0F0F0F0F0F0F0FULL));
        const __m256i start = _mm256_sad_epu8(below, _mm256_setzero_si256());  // the eight bytes' sum per lane
        count[q] = _mm256_and_si256(_mm256_srlv_epi64(fca[q], twoJ), broadcast4(3));
        const __m256i slotByte = _mm256_srli_epi64(_mm256_add_epi64(_mm256_add_epi64(start, start), start), 1);
        slots[q] = _mm256_srlv_epi64(simd::wordsAt4(v.table, _mm256_add_epi64(offset[q], slotByte)),
                                     _mm256_slli_epi64(_mm256_and_si256(start, one), 2));
        overflow[q] = simd::wordsAt4(v.table, _mm256_add_epi64(offset[q], broadcast4(kOverflowWordByte)));
    }
    std::uint32_t need = 0;
    for (std::size_t q = 0; q < kVectors; ++q) {
        const __m256i fp = fingerprint[q];
        const __m256i pattern = _mm256_or_si256(_mm256_or_si256(fp, _mm256_slli_epi64(fp, 12)), _mm256_slli_epi64(fp, 24));
        const __m256i x = _mm256_xor_si256(slots[q], pattern);
        const __m256i zero = _mm256_and_si256(_mm256_andnot_si256(x, _mm256_sub_epi64(x, broadcast4(kLaneOnes))), broadcast4(kLaneHighs));
        const __m256i countBits = _mm256_add_epi64(_mm256_slli_epi64(count[q], 3), _mm256_slli_epi64(count[q], 2));
        const __m256i inBucket = _mm256_and_si256(zero, _mm256_sub_epi64(_mm256_sllv_epi64(one, countBits), one));
        const std::uint32_t found =
            static_cast<std::uint32_t>(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(inBucket, _mm256_setzero_si256())))) ^
            0xFU;
        // Bit i lands on bit 8i (i + 7i); no two of the products' terms share a bit, so no carry.
        const std::uint32_t answers = (found * 0x204081U) & 0x01010101U;
        std::memcpy(out + 4 * q, &answers, sizeof answers);
        const __m256i mixed = _mm256_and_si256(_mm256_mul_epu32(fp, broadcast4(kOverflowMultiplier)), broadcast4(0xFFFFFFFFULL));
        const __m256i bit = _mm256_add_epi64(_mm256_srli_epi64(_mm256_mul_epu32(mixed, broadcast4(MortonFilter::kOverflowBits)), 32),
                                             broadcast4(kOverflowShift));
        const __m256i set = _mm256_and_si256(_mm256_srlv_epi64(overflow[q], bit), one);
        const auto flagged = static_cast<std::uint32_t>(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(set, one))));
        need |= (flagged & ~found) << (4 * q);
    }
    return need;
}

#undef BLOOMLAB_MORTON_AVX2

static_assert((0b1011U * 0x204081U & 0x01010101U) == 0x01000101U,
              "the multiply that spreads four answer bits to four bytes (lanes 0, 1 and 3 found)");

template <PrefetchLevel Level, class Source>
__attribute__((target("avx2,popcnt,bmi,bmi2"))) void avx2Loop(const LoopView& v, Source source, std::size_t count,
                                                              std::size_t distance, std::uint8_t* out) noexcept {
    runLoop<true, Level>(v, source, count, distance, out,
                         [&](const std::uint64_t* h, std::size_t n, std::uint8_t* o) __attribute__((always_inline)) {
                             // A call's last group, when shorter, key by key.
                             return n == kGroup ? matchGroupAvx2(v, h, o) : matchGroupScalar<true>(v, h, n, o);
                         });
}

template <PrefetchLevel Level, class Source>
__attribute__((target("avx512f,avx512dq,avx512bw,popcnt,bmi,bmi2"))) void avx512Loop(const LoopView& v, Source source, std::size_t count,
                                                                          std::size_t distance, std::uint8_t* out) noexcept {
    runLoop<true, Level>(v, source, count, distance, out,
                         [&](const std::uint64_t* h, std::size_t n, std::uint8_t* o) __attribute__((always_inline)) {
                             // A call's last group, when shorter, key by key.
                             return n == kGroup ? matchGroupAvx512(v, h, o) : matchGroupScalar<true>(v, h, n, o);
                         });
}
#endif

} // namespace

const char* mortonLookupPathName(MortonLookupPath path) noexcept {
    switch (path) {
    case MortonLookupPath::Avx512: return "AVX-512";
    case MortonLookupPath::Avx2: return "AVX2";
    case MortonLookupPath::Portable: return "portable";
    }
    return "portable";
}

MortonLookupPath MortonFilter::lookupPath() noexcept {
#if defined(__x86_64__)
    // The batched hashing's paths (BLOOMLAB_NO_AVX512 / BLOOMLAB_NO_AVX2 turn the vector ones
    // off), with the few extra instructions each kernel needs. XXH3-128's batched path is scalar
    // exactly when AVX2 is off (or absent): then the portable loop and sums run, so the code for
    // CPUs without AVX2 or popcnt is exercised on any host.
    static const MortonLookupPath path = [] {
        if (hashBatchPath(HashAlgorithm::Xxh64) == HashBatchPath::Avx512 && cpuHasAvx512Bw()) {
            return MortonLookupPath::Avx512;
        }
        if (hashBatchPath(HashAlgorithm::Xxh3_128) != HashBatchPath::Scalar && cpuHasPopcntBmi2()) {
            return MortonLookupPath::Avx2;
        }
        return MortonLookupPath::Portable;
    }();
    return path;
#else
    return MortonLookupPath::Portable;
#endif
}

bool MortonFilter::mightContain(std::string_view key) const {
    const std::uint64_t hash = xxh64(key, m_seed);
    const LoopView v{block(0), m_numBlocks};
#if defined(__x86_64__)
    // popcnt sums the counters in two instructions where the SWAR takes eight, on the chain
    // from the block's arrival to the answer.
    static const bool popcnt = lookupPath() != MortonLookupPath::Portable;
    if (popcnt ? oneKeyHasPopcnt(v, hash) : oneKeyHasPortable(v, hash)) return true;
#else
    if (oneKeyHasPortable(v, hash)) return true;
#endif
    return m_stashUsed && stashHolds(placementFromHash(hash));
}

template <class Source>
void MortonFilter::lookupBatch(Source source, std::size_t count, std::span<std::uint8_t> results) const {
    if (results.size() != count) {
        throwInvalidArgument("mightContainMany: results has " + numberText(results.size()) + " entries for " + numberText(count) + " keys");
    }
    if (count == 0) return;
    const PrefetchChoice choice = choosePrefetchDistance(m_numBlocks * kBlockBytes, kBatchPrefetchDistances);
    const std::size_t distance = choice.distance;
    const LoopView v{block(0), m_numBlocks};
    std::uint8_t* out = results.data();
    // A call is split into runs of at most 2^32 - 1 keys (the put-aside list holds 32-bit indexes).
    for (std::size_t done = 0; done < count;) {
        const std::size_t n = std::min<std::size_t>(count - done, 0xFFFFFFFFU);
        const auto part = [&](std::size_t start, std::size_t m, std::uint64_t* hashes) __attribute__((always_inline)) {
            source(done + start, m, hashes);
        };
        detail::withPrefetchLevel(choice.level, [&](auto level) {
#if defined(__x86_64__)
            static const MortonLookupPath path = lookupPath();
            if (path == MortonLookupPath::Avx512) {
                avx512Loop<level()>(v, part, n, distance, out + done);
            } else if (path == MortonLookupPath::Avx2) {
                const auto partAvx2 = [&](std::size_t start, std::size_t m, std::uint64_t* hashes) __attribute__((always_inline)) {
                    source.avx2(done + start, m, hashes);
                };
                avx2Loop<level()>(v, partAvx2, n, distance, out + done);
            } else {
                scalarLoopPortable<level()>(v, part, n, distance, out + done);
            }
#else
            scalarLoopPortable<level()>(v, part, n, distance, out + done);
#endif
        });
        done += n;
    }
    if (m_stashUsed) {
        // One fingerprint; rare (a table filled past its kicks): checked key by key.
        for (std::size_t i = 0; i < count; ++i) {
            if (out[i] == 0) {
                std::uint64_t h = 0;
                source(i, 1, &h);
                out[i] = stashHolds(placementFromHash(h)) ? 1 : 0;
            }
        }
    }
}

void MortonFilter::mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) const {
    lookupBatch(SpanSource{keys, m_seed}, keys.size(), results);
}

void MortonFilter::mightContainMany(const KeyBatch& keys, std::span<std::uint8_t> results) const {
    lookupBatch(BatchSource{&keys, m_seed}, keys.size(), results);
}

// ---- Statistics ---------------------------------------------------------------------------

std::optional<std::uint32_t> MortonFilter::stashFingerprint() const noexcept {
    if (!m_stashUsed) return std::nullopt;
    return m_stashFingerprint;
}

std::optional<std::pair<std::uint64_t, std::uint32_t>> MortonFilter::stash() const noexcept {
    if (!m_stashUsed) return std::nullopt;
    return std::pair{m_stashBucket, m_stashFingerprint};
}

double MortonFilter::loadFactor() const noexcept {
    return static_cast<double>(m_occupied) / (static_cast<double>(m_numBlocks) * kSlotsPerBlock);
}

double MortonFilter::overflowBitShare() const noexcept {
    std::uint64_t set = 0;
    for (std::uint64_t i = 0; i < m_numBlocks; ++i) {
        set += static_cast<std::uint64_t>(std::popcount(load64(block(i) + kOverflowWordByte) >> kOverflowShift));
    }
    return static_cast<double>(set) / (static_cast<double>(m_numBlocks) * kOverflowBits);
}

FilterStats MortonFilter::stats() const {
    FilterStats s;
    s.items = m_items;
    s.capacity = m_capacity;
    s.bytes = m_numBlocks * kBlockBytes;
    s.bitsPerItem = m_items == 0 ? 0.0 : 8.0 * static_cast<double>(s.bytes) / static_cast<double>(m_items);
    s.fillRatio = loadFactor();
    // An absent key is compared with its first bucket's fingerprints, and with its second
    // bucket's when its overflow bit is set; each matches with probability 1 / 4095.
    const double perBucket = static_cast<double>(m_occupied) / static_cast<double>(numBuckets());
    s.estimatedFpr = perBucket * (1.0 + overflowBitShare()) / static_cast<double>(kFingerprintMask);
    s.estimatedItems = static_cast<double>(m_items);
    s.overfilled = m_capacity != 0 && m_items > m_capacity;
    s.failedInserts = m_failedInserts;
    s.kicks = m_kicks;
    s.maxKickChain = m_maxKickChain;
    s.stashOccupied = m_stashUsed;
    return s;
}

} // namespace bloomlab
