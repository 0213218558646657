// filter_probe — the one way the UI reads a filter: views of any filter as "cells" (the bits of
// a classic or blocked filter, the 4-bit counters of a counting filter, the bits of each scalable
// layer, the fingerprint slots of a cuckoo filter: cell = bucket * 4 + slot), what a key does to
// them (probe positions, the double hash behind them, cuckoo buckets and kicks), and the small
// filters teaching mode builds. The bit view paints cells, teaching mode explains them, and the
// tests compare them with the core's own accessors. No other UI file names a concrete filter type.
#pragma once

#include "core/any_filter.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::ui {

/// What a highlighted cell means; the bit view gives each role its own colour.
enum class MarkRole : std::uint8_t {
    Probe,      ///< a position of the last key (value decides set/zero colouring)
    NewlySet,   ///< a bit this insert turned on
    ProbeZero,  ///< a probed position that is 0: "definitely not"
    Cleared,    ///< a bit cleared by the "why no delete" demo
    Candidate,  ///< cuckoo: a slot of bucket i1 or i2
    Match,      ///< cuckoo: the slot holding the key's fingerprint; counters: still above 0
    Shared,     ///< a cell two words use (the "why no delete" demo)
};

struct CellMark {
    std::uint32_t layer = 0;
    std::uint64_t index = 0;
    MarkRole role = MarkRole::Probe;
    bool operator==(const CellMark&) const = default;
};

enum class CellKind : std::uint8_t { Bit, Counter, Fingerprint };

CellKind cellKind(const AnyFilter& filter);
/// 1 for everything but scalable (one per layer).
std::uint32_t layerCount(const AnyFilter& filter);
/// Cells of a layer: m bits, m counters, or buckets * 4 slots.
std::uint64_t cellCount(const AnyFilter& filter, std::uint32_t layer);
/// Bit (0/1), counter (0..15) or fingerprint (0 = empty slot).
std::uint32_t cellValue(const AnyFilter& filter, std::uint32_t layer, std::uint64_t index);

/// The cells a key maps to: its k positions (in every layer for scalable), or the 8 slots of
/// buckets i1 and i2 for cuckoo (the slot holding its fingerprint marked Match). Roles: Probe,
/// or ProbeZero for a probed cell that is 0.
std::vector<CellMark> probeMarks(const AnyFilter& filter, std::string_view key);

/// What a range of cells holds, for a pixel that stands for many cells.
struct CellRangeSummary {
    double nonZeroFraction = 0.0;  ///< bits set, counters above 0 or slots occupied, over the range
    bool saturated = false;        ///< counting: a counter of the range is stuck at its maximum
};
/// Over [begin, end) of a layer (end clamped to the layer). Cuckoo slots are sampled, at most 16
/// per range, so a table of 10^8 slots still redraws quickly.
CellRangeSummary summarizeCells(const AnyFilter& filter, std::uint32_t layer, std::uint64_t begin, std::uint64_t end);

/// The value at which a counting filter's counter sticks, and counters per 64-byte line.
inline constexpr std::uint32_t kSaturatedCounter = CountingBloomFilter::kMaxCount;
inline constexpr std::uint64_t kCountersPerLine = CountingBloomFilter::kCountersPerLine;
/// Slots per cuckoo bucket (cell = bucket * kSlotsPerBucket + slot).
inline constexpr unsigned kSlotsPerBucket = CuckooFilter<8>::kSlotsPerBucket;

/// The geometry of one layer of a scalable filter.
struct LayerShape {
    std::uint64_t bits = 0;
    std::uint32_t hashes = 0;
    double targetFpr = 0.0;
    std::uint64_t items = 0;
};
/// Scalable filters only; std::nullopt for every other type or a layer that does not exist.
std::optional<LayerShape> scalableLayer(const AnyFilter& filter, std::uint32_t layer);

/// One tier of a tiered cuckoo filter (drawn as a layer).
struct TierShape {
    std::uint64_t buckets = 0;
    unsigned fingerprintBits = 0;
    double fprBudget = 0.0;  ///< its share of p
    std::uint64_t capacity = 0;
    std::uint64_t items = 0;
    double load = 0.0;
};
/// Tiered cuckoo filters only; std::nullopt for every other type or a tier that does not exist.
std::optional<TierShape> cuckooTier(const AnyFilter& filter, std::uint32_t layer);

/// The k cell positions of a key in a layer, in probe order (repeats kept); empty for cuckoo.
std::vector<std::uint64_t> probePositions(const AnyFilter& filter, std::string_view key, std::uint32_t layer = 0);
/// Classic filters: the 128-bit hash whose halves h1 (low) and h2 (high, made odd) give the
/// positions h1 + j h2 (double hashing). std::nullopt for every other type.
std::optional<Hash128> classicHashOf(const AnyFilter& filter, std::string_view key);

/// Where a cuckoo filter puts a key: its fingerprint and its two buckets.
struct CuckooPlace {
    std::uint32_t fingerprint = 0;
    std::uint64_t bucket1 = 0;
    std::uint64_t bucket2 = 0;
};
/// Cuckoo filters only; std::nullopt for every other type.
std::optional<CuckooPlace> cuckooPlaceOf(const AnyFilter& filter, std::string_view key);
/// The relocations of the last cuckoo insert, in order; empty for every other type.
std::vector<CuckooKick> lastKickChain(const AnyFilter& filter);
/// Buckets of a cuckoo filter; 0 for every other type.
std::uint64_t bucketCount(const AnyFilter& filter);

/// Classic filters: clears one bit, to show what a naive delete would do (and each state of an
/// insert, probe by probe). Throws std::logic_error for every other type.
void clearBitForDemo(AnyFilter& filter, std::uint64_t index);
/// Cuckoo filters: the same filter with these slot values (cell = bucket * 4 + slot, 0 = empty;
/// one value per cell), to show each state of a kick chain. The stash stays empty. Throws
/// std::logic_error for every other type or a wrong number of values.
AnyFilter cuckooWithSlotsForDemo(const AnyFilter& like, const std::vector<std::uint32_t>& values);

/// The small filters of teaching mode: a classic filter of exactly m bits and k hashes, a
/// counting filter of at least that many counters (whole lines), a cuckoo filter with 8-bit
/// fingerprints.
AnyFilter makeClassicFilter(std::uint64_t bits, std::uint32_t hashes);
AnyFilter makeCountingFilter(std::uint64_t counters, std::uint32_t hashes);
AnyFilter makeCuckooFilter(std::uint64_t buckets);
/// The fingerprint size of makeCuckooFilter's filters (the lessons' text assumes 8).
inline constexpr unsigned kTeachingFingerprintBits = 8;

/// Short names for the UI ("Classic Bloom", ...) translated.
QString filterTypeTitle(FilterType type);
/// The type as the CLI, settings and files spell it ("classic", ...), not translated.
QString filterTypeKeyword(FilterType type);
/// "bit", "counter", "slot" translated.
QString cellNoun(CellKind kind);

/// A std::string from a QString as UTF-8 bytes (keys are byte strings).
std::string toKey(const QString& text);
QString fromKey(std::string_view key);

/// Why `path` cannot be read as a key file (one key per line), said to the user with the path and
/// what would work; empty when it is a readable regular file (a link to one is followed). A
/// FIFO or device is refused too: it would block a worker in open() or read(), where Cancel
/// cannot reach, and /dev/zero would never end.
QString keyFileProblem(const QString& path);

/// Human formatting: thousands separators, probabilities.
QString formatCount(double value);
QString formatProbability(double p);
/// A cuckoo fingerprint in upper-case hex, one digit per 4 of its `bits` ("05" for 5 at 8 bits,
/// "0A3" at 12), so every slot of a table shows the same number of digits; no "0x".
QString formatFingerprint(std::uint32_t fingerprint, unsigned bits);

} // namespace bloomlab::ui
