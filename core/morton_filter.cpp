// MortonFilter: the block layout and the insert and lookup rules are described in morton_filter.h.
#include "core/morton_filter.h"

#include "core/batch_pipeline.h"
#include "core/errors.h"
#include "core/hash_batch.h"
#include "core/hashing.h"
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

/// Does bucket j of the block hold the fingerprint? The bucket's (at most 3) fingerprints are
/// read with one 8-byte load from inside the block (the last slot starts at byte 51) and matched as
/// 12-bit lanes at once.
template <bool Popcnt = false>
[[gnu::always_inline]] inline bool blockBucketHas(const unsigned char* block, unsigned j, std::uint32_t fingerprint) noexcept {
    const std::uint64_t fca = counters(block);
    const unsigned count = bucketCount(fca, j);
    const unsigned start = bucketStart<Popcnt>(fca, j);
    const std::uint64_t lanes = load64(block + 3 * start / 2) >> ((start & 1U) * 4);
    const std::uint64_t x = lanes ^ (fingerprint * kLaneOnes);
    const std::uint64_t zero = (x - kLaneOnes) & ~x & kLaneHighs;
    // Borrows only run upwards, so the lanes below `count` are exact.
    return (zero & ((std::uint64_t{1} << (12 * count)) - 1)) != 0;
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
// When a group is visited, each key's first bucket is matched (eight keys per AVX-512 vector, or
// key by key); a key whose first bucket has no match and whose overflow bit is set is put aside
// with its second block prefetched, and matched when the next group is visited, so that miss
// overlaps other work too. The loop exists once per kernel, each copy compiled for its
// instructions (popcnt and BMI2 for the scalar one where the CPU has them).

namespace {

struct SpanSource {
    std::span<const std::string_view> keys;
    std::uint64_t seed;
    [[gnu::always_inline]] void operator()(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        xxh64Many(keys.subspan(start, n), seed, out);
    }
};

struct BatchSource {
    const KeyBatch* keys;
    std::uint64_t seed;
    [[gnu::always_inline]] void operator()(std::size_t start, std::size_t n, std::uint64_t* out) const noexcept {
        xxh64Many(keys->subspan(start, n), seed, out);
    }
};

constexpr std::size_t kGroup = 32;

struct LoopView {
    const unsigned char* table;
    std::uint64_t numBlocks;
};

/// Keys put aside for their second bucket, two groups' worth: those of the group visited last
/// (their blocks asked for then) and those of the group being visited.
struct Deferred {
    alignas(64) std::array<std::array<std::uint64_t, kGroup + 8>, 2> index;
    alignas(64) std::array<std::array<std::uint64_t, kGroup + 8>, 2> fingerprint;
    alignas(64) std::array<std::array<std::uint64_t, kGroup + 8>, 2> bucket;
    std::array<std::size_t, 2> count{0, 0};
    unsigned side = 0;

    /// Puts key i aside when `needed`, without a branch (whether a key needs its second bucket
    /// is a coin toss for the branch predictor): the entry is always written, and kept by
    /// advancing the count; the prefetch goes to the second block, or to the first (cached).
    template <PrefetchLevel Level>
    [[gnu::always_inline]] void add(const LoopView& v, std::size_t i, std::uint64_t firstBucket, std::uint32_t fp,
                                    bool needed) noexcept {
        const std::uint64_t second = alternateOf(firstBucket, fp, v.numBlocks * MortonFilter::kBucketsPerBlock);
        const std::uint64_t line = (needed ? second : firstBucket) / MortonFilter::kBucketsPerBlock;
        detail::prefetchLine<Level>(v.table + line * kBlockBytes);
        const std::size_t k = count[side];
        index[side][k] = i;
        fingerprint[side][k] = fp;
        bucket[side][k] = second;
        count[side] = k + (needed ? 1 : 0);
    }
    /// Key by key: matches the keys put aside by the group visited last, then makes room for
    /// this group's.
    template <bool Popcnt>
    [[gnu::always_inline]] void settle(const LoopView& v, std::uint8_t* out) noexcept {
        const unsigned other = side ^ 1U;
        for (std::size_t k = 0; k < count[other]; ++k) {
            const std::uint64_t b = bucket[other][k];
            if (blockBucketHas<Popcnt>(v.table + (b / MortonFilter::kBucketsPerBlock) * kBlockBytes,
                                       static_cast<unsigned>(b % MortonFilter::kBucketsPerBlock),
                                       static_cast<std::uint32_t>(fingerprint[other][k]))) {
                out[index[other][k]] = 1;
            }
        }
        count[other] = 0;
        side = other;
    }
};

/// The pipeline every copy runs: prefetch a group's first blocks `distance` keys ahead (into the
/// cache Level names); when a group is visited, settle(deferred) the keys put aside one group
/// earlier, then matchGroup(start, n, hashes, deferred) writes out[start .. start + n) and puts
/// aside the keys that need their second bucket.
template <PrefetchLevel Level, class Source, class Settle, class MatchGroup>
[[gnu::always_inline]] inline void runLoop(const LoopView& v, Source source, std::size_t count, std::size_t distance,
                                           Settle settle, MatchGroup matchGroup) noexcept {
    using Hashes = std::array<std::uint64_t, kGroup>;
    detail::groupPipeline<kGroup, kMaxPrefetchDistance / kGroup, Hashes>(
        count, distance / kGroup,
        [&](std::size_t start, std::size_t n, Hashes& h) __attribute__((always_inline)) {
            source(start, n, h.data());
            for (std::size_t j = 0; j < n; ++j) {
                detail::prefetchLine<Level>(v.table + blockOfHash(h[j], v.numBlocks) * kBlockBytes);
            }
        },
        [&](std::size_t start, std::size_t n, const Hashes& h) __attribute__((always_inline)) {
            settle();
            matchGroup(start, n, h.data());
        });
    settle();
    settle();
}

template <bool Popcnt, PrefetchLevel Level, class Source>
[[gnu::always_inline]] inline void scalarLoop(const LoopView& v, Source source, std::size_t count, std::size_t distance,
                                             std::uint8_t* out) noexcept {
    Deferred deferred;
    runLoop<Level>(
        v, source, count, distance,
        [&]() __attribute__((always_inline)) { deferred.settle<Popcnt>(v, out); },
        [&](std::size_t start, std::size_t n, const std::uint64_t* h) __attribute__((always_inline)) {
            // The keys that need their second bucket are noted without a branch, then put aside
            // in a loop of their own: the second bucket's arithmetic only for them.
            std::array<std::uint8_t, kGroup> pending;
            std::size_t waiting = 0;
            for (std::size_t j = 0; j < n; ++j) {
                const unsigned char* first = v.table + blockOfHash(h[j], v.numBlocks) * kBlockBytes;
                const std::uint32_t fp = fingerprintOfHash(h[j]);
                const bool hit = blockBucketHas<Popcnt>(first, bucketInBlockOfHash(h[j]), fp);
                out[start + j] = hit ? 1 : 0;
                pending[waiting] = static_cast<std::uint8_t>(j);
                waiting += (!hit & overflowSet(first, fp)) ? 1 : 0;
            }
            for (std::size_t k = 0; k < waiting; ++k) {
                const std::size_t j = pending[k];
                deferred.add<Level>(v, start + j,
                                    blockOfHash(h[j], v.numBlocks) * MortonFilter::kBucketsPerBlock + bucketInBlockOfHash(h[j]),
                                    fingerprintOfHash(h[j]), true);
            }
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
template <PrefetchLevel Level, class Source>
__attribute__((target("popcnt,bmi,bmi2"))) void scalarLoopPopcnt(const LoopView& v, Source source, std::size_t count,
                                                                 std::size_t distance, std::uint8_t* out) noexcept {
    scalarLoop<true, Level>(v, source, count, distance, out);
}

__attribute__((target("popcnt,bmi,bmi2"))) bool oneKeyHasPopcnt(const LoopView& v, std::uint64_t hash) noexcept {
    return oneKeyHas<true>(v, hash);
}

/// AVX-512BW (vpsadbw on 512-bit vectors): every AVX-512 CPU but the Xeon Phi has it.
bool cpuHasAvx512Bw() noexcept {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512bw") != 0;
}

/// popcnt and BMI2 (shifts by a register without cl, bzhi) for the scalar loop.
bool cpuHasPopcntBmi2() noexcept {
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") != 0 && __builtin_cpu_supports("bmi2") != 0;
}

// GCC 12's AVX-512 intrinsics pass an uninitialised vector as the unused merge operand, which
// -Wmaybe-uninitialized reports (GCC PR 105593, as in hash_batch.cpp).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

#define BLOOMLAB_MORTON_AVX512 __attribute__((target("avx512f,avx512dq,avx512bw,popcnt,bmi,bmi2"), always_inline))

/// blockBucketHas for eight (block byte offset, bucket in block, fingerprint) lanes: the counter
/// words and the buckets' slots gathered, each bucket's start summed in SWAR, the 12-bit lanes
/// matched at once. Lanes outside `lanes` are not read.
BLOOMLAB_MORTON_AVX512 inline __mmask8 matchBuckets(const unsigned char* table, __mmask8 lanes, __m512i offset, __m512i j,
                                                    __m512i fingerprint) noexcept {
    using simd::broadcast;
    const __m512i one = broadcast(1);
    const __m512i fca = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), lanes,
                                                    _mm512_add_epi64(offset, broadcast(kCounterByte)), table, 1);
    const __m512i twoJ = _mm512_add_epi64(j, j);
    __m512i below = _mm512_and_si512(fca, _mm512_sub_epi64(_mm512_sllv_epi64(one, twoJ), one));
    const __m512i pairs = broadcast(0x3333333333333333ULL);
    below = _mm512_add_epi64(_mm512_and_si512(below, pairs), _mm512_and_si512(_mm512_srli_epi64(below, 2), pairs));
    below = _mm512_and_si512(_mm512_add_epi64(below, _mm512_srli_epi64(below, 4)), broadcast(0x0F0F0F0F0F0F0F0FULL));
    const __m512i start = _mm512_sad_epu8(below, _mm512_setzero_si512());  // the eight bytes' sum per lane
    const __m512i count = _mm512_and_si512(_mm512_srlv_epi64(fca, twoJ), broadcast(3));
    const __m512i slotByte = _mm512_srli_epi64(_mm512_add_epi64(_mm512_add_epi64(start, start), start), 1);
    __m512i slots = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), lanes, _mm512_add_epi64(offset, slotByte), table, 1);
    slots = _mm512_srlv_epi64(slots, _mm512_slli_epi64(_mm512_and_si512(start, one), 2));
    const __m512i pattern = _mm512_ternarylogic_epi64(fingerprint, _mm512_slli_epi64(fingerprint, 12),
                                                      _mm512_slli_epi64(fingerprint, 24), 0xFE);  // a | b | c
    const __m512i x = _mm512_xor_si512(slots, pattern);
    // (x - ones) & ~x & highs: ternary logic a & ~b & c = 0x20.
    const __m512i zero = _mm512_ternarylogic_epi64(_mm512_sub_epi64(x, broadcast(kLaneOnes)), x, broadcast(kLaneHighs), 0x20);
    const __m512i countBits = _mm512_add_epi64(_mm512_slli_epi64(count, 3), _mm512_slli_epi64(count, 2));
    return _mm512_mask_test_epi64_mask(lanes, zero, _mm512_sub_epi64(_mm512_sllv_epi64(one, countBits), one));
}

/// alternateOf, eight lanes at once.
BLOOMLAB_MORTON_AVX512 inline __m512i alternateEight(__m512i bucket, __m512i fingerprint, std::uint64_t numBuckets) noexcept {
    using simd::broadcast;
    const __m512i mask32 = broadcast(0xFFFFFFFFULL);
    const __m512i mixed = _mm512_and_si512(_mm512_mul_epu32(fingerprint, broadcast(kOffsetMultiplier)), mask32);
    const __m512i offset = _mm512_add_epi64(
        _mm512_slli_epi64(_mm512_srli_epi64(_mm512_mul_epu32(mixed, broadcast(numBuckets / 2)), 32), 1), broadcast(1));
    const __m512i n = broadcast(numBuckets);
    const __mmask8 even = _mm512_testn_epi64_mask(bucket, broadcast(1));
    const __m512i step = _mm512_mask_blend_epi64(even, _mm512_sub_epi64(n, offset), offset);
    const __m512i to = _mm512_add_epi64(bucket, step);
    return _mm512_mask_sub_epi64(to, _mm512_cmpge_epu64_mask(to, n), to, n);
}

/// Eight keys from their hashes: out[0..8) from the first buckets; the lanes that need their
/// second bucket are appended to the deferred list (compressed), their blocks prefetched.
template <PrefetchLevel Level>
__attribute__((target("avx512f,avx512dq,avx512bw,popcnt,bmi,bmi2"))) inline void matchEight(const LoopView& v, const std::uint64_t* hashes, std::size_t first,
                                              std::uint8_t* out, Deferred& deferred) noexcept {
    using simd::broadcast;
    const __m512i hash = _mm512_loadu_si512(hashes);
    const __m512i block = _mm512_srli_epi64(_mm512_mul_epu32(_mm512_srli_epi64(hash, 32), broadcast(v.numBlocks)), 32);
    const __m512i offset = _mm512_slli_epi64(block, 6);
    const __m512i j = _mm512_and_si512(hash, broadcast(MortonFilter::kBucketsPerBlock - 1));
    const __m512i low27 = _mm512_and_si512(_mm512_srli_epi64(hash, 5), broadcast(0x7FFFFFFULL));
    const __m512i fingerprint = _mm512_add_epi64(_mm512_srli_epi64(_mm512_mul_epu32(low27, broadcast(kFingerprintMask)), 27), broadcast(1));
    const __mmask8 hit = matchBuckets(v.table, 0xFF, offset, j, fingerprint);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + first), _mm512_cvtepi64_epi8(_mm512_maskz_set1_epi64(hit, 1)));
    // No branch on the outcome from here on: whether a lane hit, and whether its overflow bit is
    // set, are coin tosses for the branch predictor, and a mispredicted branch would also drain
    // the gathers in flight.
    const auto miss = static_cast<__mmask8>(~hit);
    // The overflow bits: the top of the block's seventh word (overflowBitOf).
    const __m512i word = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), miss,
                                                     _mm512_add_epi64(offset, broadcast(kOverflowWordByte)), v.table, 1);
    const __m512i mixed = _mm512_and_si512(_mm512_mul_epu32(fingerprint, broadcast(kOverflowMultiplier)), broadcast(0xFFFFFFFFULL));
    const __m512i bit = _mm512_add_epi64(_mm512_srli_epi64(_mm512_mul_epu32(mixed, broadcast(MortonFilter::kOverflowBits)), 32),
                                         broadcast(kOverflowShift));
    const __mmask8 second = _mm512_mask_test_epi64_mask(miss, _mm512_srlv_epi64(word, bit), broadcast(1));
    const std::uint64_t numBuckets = v.numBlocks * MortonFilter::kBucketsPerBlock;
    const __m512i bucket = _mm512_add_epi64(_mm512_slli_epi64(block, 5), j);
    const __m512i other = alternateEight(bucket, fingerprint, numBuckets);
    const unsigned side = deferred.side;
    const std::size_t at = deferred.count[side];
    const __m512i index = _mm512_add_epi64(broadcast(first), _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0));
    // Compressed in registers and stored whole (the lists have room for 8 past the last entry):
    // a compressing store to memory is several times slower.
    _mm512_storeu_si512(deferred.index[side].data() + at, _mm512_maskz_compress_epi64(second, index));
    _mm512_storeu_si512(deferred.fingerprint[side].data() + at, _mm512_maskz_compress_epi64(second, fingerprint));
    _mm512_storeu_si512(deferred.bucket[side].data() + at, _mm512_maskz_compress_epi64(second, other));
    deferred.count[side] = at + static_cast<std::size_t>(__builtin_popcount(second));
    // Eight prefetches, always: a lane's second block where it needs one, else its first (in
    // the cache already), so the loop has no data-dependent trip count.
    alignas(64) std::uint64_t lines[8];
    _mm512_store_si512(lines, _mm512_mask_blend_epi64(second, offset, _mm512_slli_epi64(_mm512_srli_epi64(other, 5), 6)));
    for (unsigned lane = 0; lane < 8; ++lane) detail::prefetchLine<Level>(v.table + lines[lane]);
}

/// Deferred::settle eight keys at a time.
__attribute__((target("avx512f,avx512dq,avx512bw,popcnt,bmi,bmi2"))) inline void settleEight(const LoopView& v, Deferred& deferred, std::uint8_t* out) noexcept {
    using simd::broadcast;
    const unsigned other = deferred.side ^ 1U;
    const std::size_t count = deferred.count[other];
    for (std::size_t k = 0; k < count; k += 8) {
        const auto lanes = static_cast<__mmask8>(count - k >= 8 ? 0xFF : (1U << (count - k)) - 1);
        const __m512i bucket = _mm512_maskz_loadu_epi64(lanes, deferred.bucket[other].data() + k);
        const __m512i fingerprint = _mm512_maskz_loadu_epi64(lanes, deferred.fingerprint[other].data() + k);
        const __m512i offset = _mm512_slli_epi64(_mm512_srli_epi64(bucket, 5), 6);
        const __m512i j = _mm512_and_si512(bucket, broadcast(MortonFilter::kBucketsPerBlock - 1));
        for (unsigned m = matchBuckets(v.table, lanes, offset, j, fingerprint); m != 0; m &= m - 1) {
            out[deferred.index[other][k + static_cast<unsigned>(__builtin_ctz(m))]] = 1;
        }
    }
    deferred.count[other] = 0;
    deferred.side = other;
}

#pragma GCC diagnostic pop

template <PrefetchLevel Level, class Source>
__attribute__((target("avx512f,avx512dq,avx512bw,popcnt,bmi,bmi2"))) void avx512Loop(const LoopView& v, Source source, std::size_t count,
                                                                          std::size_t distance, std::uint8_t* out) noexcept {
    Deferred deferred;
    runLoop<Level>(
        v, source, count, distance, [&]() __attribute__((always_inline)) { settleEight(v, deferred, out); },
        [&](std::size_t start, std::size_t n, const std::uint64_t* h) __attribute__((always_inline)) {
            std::size_t j = 0;
            for (; j + 8 <= n; j += 8) matchEight<Level>(v, h + j, start + j, out, deferred);
            for (; j < n; ++j) {
                const std::uint64_t block = blockOfHash(h[j], v.numBlocks);
                const unsigned bucket = bucketInBlockOfHash(h[j]);
                const std::uint32_t fp = fingerprintOfHash(h[j]);
                const unsigned char* first = v.table + block * kBlockBytes;
                const bool hit = blockBucketHas<true>(first, bucket, fp);
                out[start + j] = hit ? 1 : 0;
                deferred.add<Level>(v, start + j, block * MortonFilter::kBucketsPerBlock + bucket, fp, !hit & overflowSet(first, fp));
            }
        });
}
#endif

} // namespace

const char* mortonLookupPathName(MortonLookupPath path) noexcept {
    switch (path) {
    case MortonLookupPath::Avx512: return "AVX-512";
    case MortonLookupPath::Popcnt: return "popcnt";
    case MortonLookupPath::Portable: return "portable";
    }
    return "portable";
}

MortonLookupPath MortonFilter::lookupPath() noexcept {
#if defined(__x86_64__)
    // The batched hashing's paths (BLOOMLAB_NO_AVX512 / BLOOMLAB_NO_AVX2 turn the vector ones
    // off), with the few extra instructions each kernel needs. XXH3-128's batched path is scalar
    // only when AVX2 is off (or absent): then the portable sums run too, so the code for CPUs
    // without popcnt is exercised on any host.
    static const MortonLookupPath path = [] {
        if (hashBatchPath(HashAlgorithm::Xxh64) == HashBatchPath::Avx512 && cpuHasAvx512Bw()) {
            return MortonLookupPath::Avx512;
        }
        if (hashBatchPath(HashAlgorithm::Xxh3_128) != HashBatchPath::Scalar && cpuHasPopcntBmi2()) {
            return MortonLookupPath::Popcnt;
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
            } else if (path == MortonLookupPath::Popcnt) {
                scalarLoopPopcnt<level()>(v, part, n, distance, out + done);
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
