// BloomFilter implementation. Design, probe rule and concurrency contract: see bloom_filter.h.
#include "core/bloom_filter.h"
#include "core/errors.h"

#include "core/filter_math.h"
#include "core/hash_batch.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace bloomlab {

namespace {

// Batched paths: the key kBatchDistance positions ahead is hashed and the words of its probes
// prefetched while the current key is probed (a software pipeline; hashing overlaps the misses).
// 16 keys of lead cover about one memory latency (a shorter ring measured slower; figures in
// docs/performance.md); the ring is 16 x 64 positions.
constexpr std::size_t kBatchDistance = 16;
static_assert((kBatchDistance & (kBatchDistance - 1)) == 0, "ring indexing uses & instead of %");

// Probes a lookup tests before it decides whether the key can still be present (one key and batched).
constexpr std::uint32_t kFirstGroup = 2;

/// A filter's k, fixed at compile time (K > 0) or read at run time (K = 0). With K fixed the
/// compiler unrolls every loop over the probes (with k read at run time, the loop counter,
/// compare, branch and register moves around each probe were about half the instructions, and
/// at n = 10M the batched loops are bound by instructions more than by the L3; the gain is in
/// docs/performance.md). withProbeCount runs a callable with the fixed instantiation for k <=
/// kMaxFixedProbes (the optimal k for every p down to 2^-16, and every fewer-probes k), otherwise
/// with K = 0. The batched loops go through it on every call, one-key lookups once, when the
/// filter is made (detail::classicLookupFor); one-key inserts (setAll) take k at run time.
template <std::uint32_t K>
struct ProbeCount {
    static constexpr std::uint32_t kFixed = K;
    std::uint32_t runtime = K;
    constexpr std::uint32_t operator()() const noexcept { return K != 0 ? K : runtime; }
    /// Room for the positions of one key.
    static constexpr std::uint32_t kSlots = K != 0 ? K : BloomFilter::kMaxHashes;
};

constexpr std::uint32_t kMaxFixedProbes = 16;

template <class F>
decltype(auto) withProbeCount(std::uint32_t k, F&& f) {
    switch (k) {
    case 1: return f(ProbeCount<1>{});
    case 2: return f(ProbeCount<2>{});
    case 3: return f(ProbeCount<3>{});
    case 4: return f(ProbeCount<4>{});
    case 5: return f(ProbeCount<5>{});
    case 6: return f(ProbeCount<6>{});
    case 7: return f(ProbeCount<7>{});
    case 8: return f(ProbeCount<8>{});
    case 9: return f(ProbeCount<9>{});
    case 10: return f(ProbeCount<10>{});
    case 11: return f(ProbeCount<11>{});
    case 12: return f(ProbeCount<12>{});
    case 13: return f(ProbeCount<13>{});
    case 14: return f(ProbeCount<14>{});
    case 15: return f(ProbeCount<15>{});
    case 16: return f(ProbeCount<16>{});
    default: return f(ProbeCount<0>{k});
    }
}
static_assert(kMaxFixedProbes == 16, "withProbeCount lists the fixed cases 1 .. 16");

static_assert(std::atomic_ref<std::uint64_t>::required_alignment <= alignof(std::uint64_t),
              "bit words are accessed in place through std::atomic_ref");

std::uint64_t wordCount(std::uint64_t numBits) noexcept { return numBits / 64 + (numBits % 64 != 0 ? 1 : 0); }

/// The bit position of the probe at unreduced value x: reduceRange(x, numBits). Bmi2: for code
/// compiled into a target("bmi2") function, the multiply written as mulx (reduceRangeBmi2).
template <bool Bmi2>
[[gnu::always_inline]] inline std::uint64_t probePosition(std::uint64_t x, std::uint64_t numBits) noexcept {
#if defined(__x86_64__)
    if constexpr (Bmi2) {
        return reduceRangeBmi2(x, numBits);
    }
#endif
    return reduceRange(x, numBits);
}

/// The word holding bit `position`, shifted so that the bit is bit 0 (the bits above it are left
/// for the caller's final `& 1`, one AND per key instead of one per probe). Bmi2: for code
/// compiled into a target("bmi2") function, one shrx that reads the word from memory. Written as
/// an atomic acquire load and a shift, GCC keeps the loads in program order and puts every shift
/// after the last of them, so all k positions stay live, and the one-key lookups saved and
/// restored four more registers and spilled one; the asm leaves it free to interleave the
/// probes. Its "memory" clobber keeps it where the acquire load was relative to other memory
/// accesses, and an aligned 8-byte read is atomic on x86-64, so readers alongside inserts see
/// what they saw before.
template <bool Bmi2>
[[gnu::always_inline]] inline std::uint64_t shiftedWord(const std::uint64_t* words, std::uint64_t position) noexcept {
#if defined(__x86_64__)
    if constexpr (Bmi2) {
        std::uint64_t shifted = 0;
        asm("shrx %[pos], (%[words],%[index],8), %[out]"
            : [out] "=r"(shifted)
            : [pos] "r"(position), [words] "r"(words), [index] "r"(position >> 6)
            : "memory");
        return shifted;
    }
#endif
    return loadWord(words[position >> 6]) >> (position & 63);
}

/// The word of the probe at unreduced value x, shifted so that its bit is bit 0 (shiftedWord).
template <bool Bmi2>
[[gnu::always_inline]] inline std::uint64_t probeWord(const std::uint64_t* words, std::uint64_t numBits,
                                                      std::uint64_t x) noexcept {
    return shiftedWord<Bmi2>(words, probePosition<Bmi2>(x, numBits));
}

/// One key, in the two stages of mightContainMany: probes 0 and 1 are loaded together and decide
/// one branch (an absent key at capacity fails it 3 times in 4, so it stays fairly predictable);
/// a key past it has its other k - 2 probes loaded together and combined without branches. A
/// branch per probe mispredicted on about half the absent keys, and each flush threw away the
/// loads already in flight (figures in docs/performance.md). Compiled for
/// each k like the batched loops (mightContainHash calls it through a pointer chosen when the
/// filter is made); K = 0 reads k at run time.
template <std::uint32_t K, bool Bmi2>
[[gnu::always_inline]] inline bool lookupOneInStages(const std::uint64_t* words, std::uint64_t numBits, std::uint32_t runtimeK, Hash128 hash) noexcept {
    const std::uint32_t k = ProbeCount<K>{runtimeK}();
    const std::uint64_t step = hash.high | 1U;  // odd, hence non-zero (docs/pitfalls.md #2)
    std::uint64_t x = hash.low;
    static_assert(kFirstGroup == 2, "the first stage below is written out for two probes");
    if (k == 1) return (probeWord<Bmi2>(words, numBits, x) & 1U) != 0;
    if ((probeWord<Bmi2>(words, numBits, x) & probeWord<Bmi2>(words, numBits, x + step) & 1U) == 0) return false;
    x += 2 * step;
    std::uint64_t all = 1;
#pragma GCC unroll 16
    for (std::uint32_t j = 2; j < k; ++j, x += step) all &= probeWord<Bmi2>(words, numBits, x);
    return (all & 1U) != 0;
}

/// One key in a cache-resident filter: all k probes loaded and combined without a branch. Where
/// the lines are in the caches, loading the other k - 2 costs less than the first stage's branch,
/// which mispredicts on about a quarter of absent keys and throws away the following keys' work.
/// Out of the caches the k loads of every absent key cost more than the branch saves, so this
/// is chosen only for filters up to a quarter of the L3 (measurements in docs/performance.md).
template <std::uint32_t K, bool Bmi2>
[[gnu::always_inline]] inline bool lookupOneFlat(const std::uint64_t* words, std::uint64_t numBits, std::uint32_t runtimeK, Hash128 hash) noexcept {
    const std::uint32_t k = ProbeCount<K>{runtimeK}();
    const std::uint64_t step = hash.high | 1U;
    std::uint64_t x = hash.low;
    std::uint64_t all = 1;
#pragma GCC unroll 16
    for (std::uint32_t j = 0; j < k; ++j, x += step) all &= probeWord<Bmi2>(words, numBits, x);
    return (all & 1U) != 0;
}

/// The same two lookups compiled for BMI2 (mulx, shrx), chosen when the CPU has it (every CPU
/// with AVX2 does): without it each probe's multiply is tied to rax:rdx and each variable shift
/// goes through cl, so the seven probes of k = 7 ran short of registers and spilled; the body is
/// the same template, its multiplies written as mulx (reduceRangeBmi2).
template <std::uint32_t K>
__attribute__((target("bmi2"))) bool lookupOneFlatBmi2(const std::uint64_t* words, std::uint64_t numBits,
                                                       std::uint32_t runtimeK, Hash128 hash) noexcept {
    return lookupOneFlat<K, true>(words, numBits, runtimeK, hash);
}
template <std::uint32_t K>
__attribute__((target("bmi2"))) bool lookupOneInStagesBmi2(const std::uint64_t* words, std::uint64_t numBits,
                                                           std::uint32_t runtimeK, Hash128 hash) noexcept {
    return lookupOneInStages<K, true>(words, numBits, runtimeK, hash);
}

/// XXH3-128 of keys[0], keys[1], ... in that order, for the batched loops, which take each
/// key's hash once, in order. When xxh3_128Many has a vector path on this CPU (eight 8-byte keys
/// per AVX-512 instruction, four per AVX2 one) and the call's first key is 8 bytes long (the keys
/// of one call mostly share a length), the keys are hashed 64 at a time by xxh3_128Many (the
/// same values as xxh3_128, tst_hashing; it hashes keys of other lengths one by one). Otherwise
/// each key is hashed when it is taken,
/// as before: hashing chunks of longer keys ahead only moved their scalar hashing into bursts
/// without prefetches (slower), and checking every chunk's lengths instead of the first key's
/// cost 8-byte keys part of the gain (figures in docs/performance.md).
/// The caller passes the key's index, which it holds in a register anyway: a position kept in
/// the stream had to be reloaded and stored for every key, since the loops' byte-sized result
/// stores may alias it.
template <class Keys>
class HashStream {
public:
    HashStream(const Keys& keys, std::uint64_t seed) noexcept
        : m_keys(keys),
          m_hash(seed),
          m_chunked(hashBatchPath(HashAlgorithm::Xxh3_128) != HashBatchPath::Scalar && !keys.empty() &&
                    keys.front().size() == kFastKeyLength) {}

    /// Key i's hash; called for i = 0, 1, 2, ... in order (a chunk is hashed when i enters it).
    [[gnu::always_inline]] Hash128 at(std::size_t i) noexcept {
        if (!m_chunked) return m_hash(m_keys[i]);
        const std::size_t slot = i % kHashChunk;
        if (slot == 0) refill(i);
        return {m_low[slot], m_high[slot]};
    }

private:
    static constexpr std::size_t kHashChunk = 64;
    void refill(std::size_t first) noexcept {
        xxh3_128Many(m_keys.subspan(first, std::min(kHashChunk, m_keys.size() - first)), m_hash.seed(), m_low, m_high);
    }
    Keys m_keys;  // a span of string_views or a KeyBatch: both are views, copied by value
    SeededXxh3_128 m_hash;
    bool m_chunked;
    std::uint64_t m_low[kHashChunk];
    std::uint64_t m_high[kHashChunk];
};

/// Sets one bit of a word. Writers::Many: a locked OR, and only when the bit is still missing
/// (the load was done first by the caller). Writers::One: a plain store of the ORed word (release,
/// so a reader that acquires a later publication sees it); no other thread writes the word.
template <Writers W>
inline void setBit(std::uint64_t& word, std::uint64_t seen, std::uint64_t mask) noexcept {
    if constexpr (W == Writers::Many) {
        if ((seen & mask) == 0) {
            std::atomic_ref<std::uint64_t>(word).fetch_or(mask, std::memory_order_release);
        }
    } else {
        std::atomic_ref<std::uint64_t>(word).store(seen | mask, std::memory_order_release);
    }
}

/// Batched paths: the k positions of a key are computed once, when its words are prefetched,
/// and kept in the ring until the key is probed (recomputing them would cost k more 128-bit
/// multiplies per key, which shows when the filter fits in cache).
template <int Rw, bool Bmi2, std::uint32_t K>
[[gnu::always_inline]] inline void positionsAndPrefetch(const std::uint64_t* words, std::uint64_t numBits, ProbeCount<K> probes,
                                                        Hash128 hash, std::uint64_t* positions) noexcept {
    const std::uint32_t k = probes();
    const std::uint64_t step = hash.high | 1U;
    std::uint64_t x = hash.low;
#pragma GCC unroll 16
    for (std::uint32_t j = 0; j < k; ++j, x += step) {
        positions[j] = probePosition<Bmi2>(x, numBits);
        __builtin_prefetch(words + (positions[j] >> 6), Rw, 3);
    }
}

/// Branch-free: every word was prefetched, so testing all k costs no extra miss, and an absent
/// key's early exit would be a mispredicted branch (its first clear bit is at a random probe).
template <bool Bmi2, std::uint32_t K>
[[gnu::always_inline]] inline bool testPositions(const std::uint64_t* words, const std::uint64_t* positions,
                                                 ProbeCount<K> probes) noexcept {
    const std::uint32_t k = probes();
    std::uint64_t all = 1;
#pragma GCC unroll 16
    for (std::uint32_t j = 0; j < k; ++j) {
        all &= shiftedWord<Bmi2>(words, positions[j]);
    }
    return (all & 1U) != 0;
}

/// Sets the bits at precomputed positions. Many: every word is read first, then the locked OR is
/// issued only for bits still missing. One: each word is reloaded just before its store, so two
/// probes in one word keep both bits.
template <Writers W, std::uint32_t K>
[[gnu::always_inline]] inline void setPositions(std::uint64_t* words, const std::uint64_t* positions,
                                                ProbeCount<K> probes) noexcept {
    const std::uint32_t k = probes();
    if constexpr (W == Writers::One) {
        for (std::uint32_t j = 0; j < k; ++j) {
            std::uint64_t& word = words[positions[j] >> 6];
            setBit<W>(word, std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed),
                      std::uint64_t{1} << (positions[j] & 63));
        }
    } else {
        std::uint64_t seen[ProbeCount<K>::kSlots];
        for (std::uint32_t j = 0; j < k; ++j) {
            seen[j] = std::atomic_ref<std::uint64_t>(words[positions[j] >> 6]).load(std::memory_order_relaxed);
        }
        for (std::uint32_t j = 0; j < k; ++j) {
            setBit<W>(words[positions[j] >> 6], seen[j], std::uint64_t{1} << (positions[j] & 63));
        }
    }
}

/// One key: its k positions, then setPositions. Many: every word is loaded first (independent
/// loads, so their misses overlap) and only then the locked ORs are issued (interleaving them
/// would serialise the misses: a locked instruction keeps later loads from executing before it
/// completes). One: plain stores do not hold back later loads, so the misses overlap anyway.
template <Writers W>
inline void setAll(std::uint64_t* words, std::uint64_t numBits, std::uint32_t k, Hash128 hash) noexcept {
    std::uint64_t positions[BloomFilter::kMaxHashes];
    const std::uint64_t step = hash.high | 1U;
    std::uint64_t x = hash.low;
    for (std::uint32_t j = 0; j < k; ++j, x += step) {
        positions[j] = reduceRange(x, numBits);
    }
    setPositions<W>(words, positions, ProbeCount<0>{k});
}

template <Writers W, bool Bmi2, std::uint32_t K, class Keys>
[[gnu::always_inline]] inline void insertLoop(std::uint64_t* words, std::uint64_t numBits, ProbeCount<K> k,
                                              std::uint64_t seed, const Keys& keys) noexcept {
    std::uint64_t ring[kBatchDistance][ProbeCount<K>::kSlots];
    const std::size_t count = keys.size();
    HashStream<Keys> hashes(keys, seed);
    for (std::size_t i = 0; i < std::min(count, kBatchDistance); ++i) {
        positionsAndPrefetch<1, Bmi2>(words, numBits, k, hashes.at(i), ring[i]);
    }
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t* const positions = ring[i & (kBatchDistance - 1)];
        setPositions<W>(words, positions, k);
        if (i + kBatchDistance < count) {
            positionsAndPrefetch<1, Bmi2>(words, numBits, k, hashes.at(i + kBatchDistance), positions);
        }
    }
}

// Batched lookups in two stages. Stage 1 prefetches only the first kFirstGroup probes of a key
// and tests them kLookupDistance keys later; only a key with all of them set (every present key,
// and about a quarter of absent ones in a filter at capacity, where half the bits are set) has
// its other k - kFirstGroup probes computed and prefetched, and goes into a queue of
// kSecondQueue keys, tested when the queue is full (or at the end). An absent key then reads
// about 2 + 5/4 lines instead of k = 7 at p = 1%; a present key reads the same k lines as a
// single-stage pipeline, in two rounds. A stage-1 distance of 32 beat 16 and 64, and a 16-key
// queue beat a 32-key one (figures in docs/performance.md).
// Two stages and not more: the second stage's branch is taken at random for absent keys
// (a branch-free variant that always writes the queue entry measured slower).
constexpr std::size_t kLookupDistance = 32;
constexpr std::size_t kSecondQueue = 16;
static_assert((kSecondQueue & (kSecondQueue - 1)) == 0, "queue indexing uses & instead of %");

struct FirstStage {
    std::uint64_t positions[kFirstGroup];
    std::uint64_t next;  ///< h1 + kFirstGroup * h2: the third probe, unreduced
    std::uint64_t step;
};

template <std::uint32_t K>
struct SecondStage {
    std::size_t index;
    std::uint64_t positions[std::max(ProbeCount<K>::kSlots, kFirstGroup + 1) - kFirstGroup];
};

template <bool Bmi2, std::uint32_t K, class Keys>
[[gnu::always_inline]] inline void lookupLoop(const std::uint64_t* words, std::uint64_t numBits, ProbeCount<K> probes,
                                              std::uint64_t seed, const Keys& keys, std::uint8_t* results) noexcept {
    const std::uint32_t k = probes();
    // Both counts are constants when K is; ProbeCount<0> carries them at run time.
    const std::uint32_t first = std::min(k, kFirstGroup);
    const std::uint32_t rest = k - first;
    const ProbeCount<(K > kFirstGroup ? K - kFirstGroup : 0)> restProbes{rest};
    const ProbeCount<std::min(K, kFirstGroup)> firstProbes{first};
    const std::size_t count = keys.size();
    FirstStage ring[kLookupDistance];
    SecondStage<K> queue[kSecondQueue];
    std::size_t head = 0;
    std::size_t tail = 0;
    HashStream<Keys> hashes(keys, seed);
    // Called for i = 0, 1, 2, ... in order, as the stream requires.
    const auto prepare = [&](FirstStage& stage, std::size_t i) __attribute__((always_inline)) {
        const Hash128 hash = hashes.at(i);
        stage.step = hash.high | 1U;  // odd, hence non-zero (docs/pitfalls.md #2)
        std::uint64_t x = hash.low;
        for (std::uint32_t j = 0; j < first; ++j, x += stage.step) {
            stage.positions[j] = probePosition<Bmi2>(x, numBits);
            __builtin_prefetch(words + (stage.positions[j] >> 6), 0, 3);
        }
        stage.next = x;
    };
    const auto finish = [&](const SecondStage<K>& entry) __attribute__((always_inline)) {
        results[entry.index] = testPositions<Bmi2>(words, entry.positions, restProbes) ? 1 : 0;
    };
    for (std::size_t i = 0; i < std::min(count, kLookupDistance); ++i) {
        prepare(ring[i], i);
    }
    for (std::size_t i = 0; i < count; ++i) {
        FirstStage& stage = ring[i & (kLookupDistance - 1)];
        if (!testPositions<Bmi2>(words, stage.positions, firstProbes)) {
            results[i] = 0;
        } else if (rest == 0) {
            results[i] = 1;
        } else {
            if (tail - head == kSecondQueue) {
                finish(queue[head++ & (kSecondQueue - 1)]);
            }
            SecondStage<K>& entry = queue[tail++ & (kSecondQueue - 1)];
            entry.index = i;
            std::uint64_t x = stage.next;
            for (std::uint32_t j = 0; j < rest; ++j, x += stage.step) {
                entry.positions[j] = probePosition<Bmi2>(x, numBits);
                __builtin_prefetch(words + (entry.positions[j] >> 6), 0, 3);
            }
        }
        if (i + kLookupDistance < count) {
            prepare(stage, i + kLookupDistance);
        }
    }
    while (head != tail) {
        finish(queue[head++ & (kSecondQueue - 1)]);
    }
}

// The batched loops compiled twice, as the one-key lookups are: a plain copy, and one for BMI2
// (mulx, shrx, shlx; chosen where detail::cpuHasBmi2(), every CPU with AVX2), whose k
// reductions per key take no fixed registers. Same bits set, same answers (the tests run both).
template <Writers W, std::uint32_t K, class Keys>
void insertLoopPlain(std::uint64_t* words, std::uint64_t numBits, ProbeCount<K> k, std::uint64_t seed,
                     const Keys& keys) noexcept {
    insertLoop<W, false>(words, numBits, k, seed, keys);
}
template <std::uint32_t K, class Keys>
void lookupLoopPlain(const std::uint64_t* words, std::uint64_t numBits, ProbeCount<K> probes, std::uint64_t seed,
                     const Keys& keys, std::uint8_t* results) noexcept {
    lookupLoop<false>(words, numBits, probes, seed, keys, results);
}
#if defined(__x86_64__)
template <Writers W, std::uint32_t K, class Keys>
__attribute__((target("bmi2"))) void insertLoopBmi2(std::uint64_t* words, std::uint64_t numBits, ProbeCount<K> k,
                                                    std::uint64_t seed, const Keys& keys) noexcept {
    insertLoop<W, true>(words, numBits, k, seed, keys);
}
template <std::uint32_t K, class Keys>
__attribute__((target("bmi2"))) void lookupLoopBmi2(const std::uint64_t* words, std::uint64_t numBits,
                                                    ProbeCount<K> probes, std::uint64_t seed, const Keys& keys,
                                                    std::uint8_t* results) noexcept {
    lookupLoop<true>(words, numBits, probes, seed, keys, results);
}
#endif

/// insertLoop / lookupLoop on the copy this CPU runs best (see above).
template <Writers W, std::uint32_t K, class Keys>
void insertLoopFor(std::uint64_t* words, std::uint64_t numBits, ProbeCount<K> k, std::uint64_t seed,
                   const Keys& keys) noexcept {
#if defined(__x86_64__)
    if (detail::cpuHasBmi2()) {
        insertLoopBmi2<W>(words, numBits, k, seed, keys);
        return;
    }
#endif
    insertLoopPlain<W>(words, numBits, k, seed, keys);
}
template <std::uint32_t K, class Keys>
void lookupLoopFor(const std::uint64_t* words, std::uint64_t numBits, ProbeCount<K> probes, std::uint64_t seed,
                   const Keys& keys, std::uint8_t* results) noexcept {
#if defined(__x86_64__)
    if (detail::cpuHasBmi2()) {
        lookupLoopBmi2(words, numBits, probes, seed, keys, results);
        return;
    }
#endif
    lookupLoopPlain(words, numBits, probes, seed, keys, results);
}

void validateGeometry(std::uint64_t numBits, std::uint32_t numHashes, double targetFpr) {
    if (numBits == 0) {
        throw std::invalid_argument("m (bits) must be >= 1; got 0");
    }
    if (numBits > BloomFilter::kMaxBits) {
        throw std::invalid_argument("m = " + numberText(numBits) + " bits is above the supported maximum of 2^40 bits "
                                    "(128 GiB); raise p or split the set");
    }
    if (numHashes < 1 || numHashes > BloomFilter::kMaxHashes) {
        throw std::invalid_argument("k (hash functions) must be in [1, 64]; got " + numberText(numHashes));
    }
    requireProbabilityOrUnknown(targetFpr, "target p");
}

} // namespace

namespace {
/// The plain copies as function pointers (always_inline bodies are inlined into these).
template <std::uint32_t K>
bool lookupOneFlatPlain(const std::uint64_t* words, std::uint64_t numBits, std::uint32_t runtimeK, Hash128 hash) noexcept {
    return lookupOneFlat<K, false>(words, numBits, runtimeK, hash);
}
template <std::uint32_t K>
bool lookupOneInStagesPlain(const std::uint64_t* words, std::uint64_t numBits, std::uint32_t runtimeK,
                            Hash128 hash) noexcept {
    return lookupOneInStages<K, false>(words, numBits, runtimeK, hash);
}
} // namespace

detail::ClassicLookup detail::classicLookupFor(std::uint32_t k, bool cacheResident, bool bmi2) noexcept {
    return withProbeCount(k, [cacheResident, bmi2](auto probes) -> ClassicLookup {
        constexpr std::uint32_t K = decltype(probes)::kFixed;
        if (bmi2) return cacheResident ? &lookupOneFlatBmi2<K> : &lookupOneInStagesBmi2<K>;
        return cacheResident ? &lookupOneFlatPlain<K> : &lookupOneInStagesPlain<K>;
    });
}

bool detail::cpuHasBmi2() noexcept {
#if defined(__x86_64__)
    static const bool has = [] {
        __builtin_cpu_init();
        const char* off = std::getenv("BLOOMLAB_NO_AVX2");
        return __builtin_cpu_supports("bmi2") != 0 && (off == nullptr || *off == '\0');
    }();
    return has;
#else
    return false;
#endif
}

void BloomFilter::selectLookup() noexcept {
    m_lookup = detail::classicLookupFor(m_numHashes, storage::cacheResident(m_words.size() * sizeof(std::uint64_t)),
                                        detail::cpuHasBmi2());
}

BloomFilter BloomFilter::forCapacity(std::uint64_t capacity, double fpr, std::uint64_t seed) {
    math::BloomSizing sizing = math::optimalClassic(capacity, fpr);
    if (sizing.hashes > kMaxHashes) {
        sizing.hashes = kMaxHashes;
        sizing.bits = math::classicBitsForFixedK(static_cast<double>(capacity), fpr, kMaxHashes);
    }
    return BloomFilter(sizing.bits, sizing.hashes, capacity, fpr, seed);
}

BloomFilter::BloomFilter(std::uint64_t numBits, std::uint32_t numHashes, std::uint64_t capacity, double targetFpr,
                         std::uint64_t seed)
    : m_numBits(numBits), m_numHashes(numHashes), m_capacity(capacity), m_targetFpr(targetFpr),
      m_hash(seed) {
    validateGeometry(numBits, numHashes, targetFpr);
    m_words = AtomicWordArray<std::uint64_t>(wordCount(numBits));
    selectLookup();
}

BloomFilter::BloomFilter(const BloomFilter& other)
    : m_numBits(other.m_numBits),
      m_numHashes(other.m_numHashes),
      m_capacity(other.m_capacity),
      m_targetFpr(other.m_targetFpr),
      m_hash(other.m_hash),
      m_writers(other.m_writers),
      m_lookup(other.m_lookup),
      m_items(other.m_items.load(std::memory_order_relaxed)),
      m_words(other.m_words) {}

BloomFilter& BloomFilter::operator=(const BloomFilter& other) {
    if (this != &other) {
        BloomFilter copy(other);
        *this = std::move(copy);
    }
    return *this;
}

BloomFilter::BloomFilter(BloomFilter&& other) noexcept
    : m_numBits(std::exchange(other.m_numBits, 0)),
      m_numHashes(std::exchange(other.m_numHashes, 0)),
      m_capacity(std::exchange(other.m_capacity, 0)),
      m_targetFpr(std::exchange(other.m_targetFpr, 0.0)),
      m_hash(std::exchange(other.m_hash, SeededXxh3_128{})),
      m_writers(other.m_writers),
      m_lookup(other.m_lookup),
      m_items(other.m_items.exchange(0, std::memory_order_relaxed)),
      m_words(std::move(other.m_words)) {}

BloomFilter& BloomFilter::operator=(BloomFilter&& other) noexcept {
    if (this != &other) {
        m_numBits = std::exchange(other.m_numBits, 0);
        m_numHashes = std::exchange(other.m_numHashes, 0);
        m_capacity = std::exchange(other.m_capacity, 0);
        m_targetFpr = std::exchange(other.m_targetFpr, 0.0);
        m_hash = std::exchange(other.m_hash, SeededXxh3_128{});
        m_writers = other.m_writers;
        m_lookup = other.m_lookup;
        m_items.store(other.m_items.exchange(0, std::memory_order_relaxed), std::memory_order_relaxed);
        m_words = std::move(other.m_words);
    }
    return *this;
}

bool BloomFilter::insert(std::string_view key) {
    insertHash(hashOf(key));
    return true;
}

void BloomFilter::insertHash(Hash128 hash) {
    if (m_writers == Writers::One) {
        setAll<Writers::One>(m_words.data(), m_numBits, m_numHashes, hash);
    } else {
        setAll<Writers::Many>(m_words.data(), m_numBits, m_numHashes, hash);
    }
    addItems(1);
}

template <class Keys>
void BloomFilter::insertBatch(const Keys& keys) {
    if (m_writers == Writers::One) {
        withProbeCount(m_numHashes,
                       [&](auto k) { insertLoopFor<Writers::One>(m_words.data(), m_numBits, k, m_hash.seed(), keys); });
    } else {
        withProbeCount(m_numHashes,
                       [&](auto k) { insertLoopFor<Writers::Many>(m_words.data(), m_numBits, k, m_hash.seed(), keys); });
    }
    addItems(keys.size());
}

template <class Keys>
void BloomFilter::lookupBatch(const Keys& keys, std::span<std::uint8_t> results) const {
    if (results.size() != keys.size()) {
        throw std::invalid_argument("mightContainMany: results has " + numberText(results.size()) + " slots for " +
                                    numberText(keys.size()) + " keys; they must be equal");
    }
    withProbeCount(m_numHashes,
                   [&](auto k) { lookupLoopFor(m_words.data(), m_numBits, k, m_hash.seed(), keys, results.data()); });
}

void BloomFilter::insertMany(std::span<const std::string_view> keys) { insertBatch(keys); }
void BloomFilter::insertMany(const KeyBatch& keys) { insertBatch(keys); }

void BloomFilter::mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) const {
    lookupBatch(keys, results);
}
void BloomFilter::mightContainMany(const KeyBatch& keys, std::span<std::uint8_t> results) const {
    lookupBatch(keys, results);
}

std::vector<std::uint64_t> BloomFilter::probePositions(std::string_view key) const {
    const Hash128 hash = hashOf(key);
    std::vector<std::uint64_t> positions(m_numHashes);
    for (std::uint32_t j = 0; j < m_numHashes; ++j) {
        positions[j] = probeIndex(hash, j, m_numBits);
    }
    return positions;
}

bool BloomFilter::testBit(std::uint64_t index) const {
    if (index >= m_numBits) {
        throw std::out_of_range("bit index " + numberText(index) + " is outside the filter's " + numberText(m_numBits) + " bits");
    }
    return (loadWord(m_words[index >> 6]) >> (index & 63)) & 1U;
}

void BloomFilter::resetBitForDemo(std::uint64_t index) {
    if (index >= m_numBits) {
        throw std::out_of_range("bit index " + numberText(index) + " is outside the filter's " + numberText(m_numBits) + " bits");
    }
    std::atomic_ref<std::uint64_t>(m_words[index >> 6])
        .fetch_and(~(std::uint64_t{1} << (index & 63)), std::memory_order_release);
}

std::uint64_t BloomFilter::popcount() const {
    return m_words.popcount();
}

FilterStats BloomFilter::stats() const {
    FilterStats s;
    s.items = itemCount();
    s.capacity = m_capacity;
    s.targetFpr = m_targetFpr;
    s.bytes = static_cast<std::uint64_t>(m_words.size()) * sizeof(std::uint64_t);
    s.bitsPerItem = s.items == 0 ? 0.0 : 8.0 * static_cast<double>(s.bytes) / static_cast<double>(s.items);
    s.layers = 1;
    if (m_numBits == 0) {
        return s;  // moved-from
    }
    const std::uint64_t setBits = popcount();
    s.fillRatio = static_cast<double>(setBits) / static_cast<double>(m_numBits);
    // A query for an absent key hits k independent uniformly placed bits: fill^k.
    s.estimatedFpr = std::pow(s.fillRatio, static_cast<double>(m_numHashes));
    s.estimatedItems = math::estimatedItems(m_numBits, m_numHashes, setBits);
    s.overfilled = (m_capacity > 0 && s.items > m_capacity) ||
                   (m_targetFpr > 0.0 && s.estimatedFpr > 2.0 * m_targetFpr);
    return s;
}

namespace {
void requireCompatible(const BloomFilter& a, const BloomFilter& b, const char* operation) {
    const std::string prefix = std::string("cannot ") + operation + " Bloom filters with different ";
    if (a.numBits() != b.numBits()) {
        throw std::invalid_argument(prefix + "m: " + numberText(a.numBits()) + " vs " + numberText(b.numBits()) + " bits");
    }
    if (a.numHashes() != b.numHashes()) {
        throw std::invalid_argument(prefix + "k: " + numberText(a.numHashes()) + " vs " + numberText(b.numHashes()) + " hashes");
    }
    if (a.seed() != b.seed()) {
        throw std::invalid_argument(prefix + "hash seeds: " + numberText(a.seed()) + " vs " + numberText(b.seed()));
    }
}
} // namespace

void BloomFilter::unionWith(const BloomFilter& other) {
    requireCompatible(*this, other, "unite");
    if (this == &other) {
        return;
    }
    m_words.orWith(other.m_words);
    m_items.fetch_add(other.itemCount(), std::memory_order_relaxed);
}

void BloomFilter::intersectWith(const BloomFilter& other) {
    requireCompatible(*this, other, "intersect");
    if (this == &other) {
        return;
    }
    m_words.andWith(other.m_words);
    m_items.store(std::min(itemCount(), other.itemCount()), std::memory_order_relaxed);
}

BloomFilter BloomFilter::fromWords(std::uint64_t numBits, std::uint32_t numHashes, std::uint64_t capacity,
                                   double targetFpr, std::uint64_t seed, std::uint64_t items,
                                   FilterArray<std::uint64_t> words) {
    validateGeometry(numBits, numHashes, targetFpr);
    if (words.size() != wordCount(numBits)) {
        throw std::invalid_argument("a " + numberText(numBits) + "-bit filter needs " + numberText(wordCount(numBits)) +
                                    " 64-bit words; got " + numberText(words.size()));
    }
    if (numBits % 64 != 0 && (words.back() >> (numBits % 64)) != 0) {
        throw std::invalid_argument("bits past m = " + numberText(numBits) + " are set; the saved words are corrupt");
    }
    BloomFilter filter(1, numHashes, capacity, targetFpr, seed);  // tiny allocation, replaced below
    filter.m_numBits = numBits;
    filter.m_words = AtomicWordArray<std::uint64_t>(std::move(words));
    filter.selectLookup();
    filter.m_items.store(items, std::memory_order_relaxed);
    return filter;
}

} // namespace bloomlab
