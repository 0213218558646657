// filter_io: the BloomLab filter file format (v1); saves go through atomic_file.
//
// PARAMETER BLOCKS (little-endian; "f64" is the IEEE-754 bit pattern as a u64)
//   classic  (type 1, hash 1)  36 bytes: numBits u64, numHashes u32, capacity u64,
//                              targetFpr f64, items u64.
//            payload: ceil(numBits / 64) u64 words; bits past numBits are zero.
//   blocked  (type 2, hash 2, seed 0)  32 bytes: numBlocks u64, capacity u64, targetFpr f64,
//                              items u64.   payload: numBlocks * 32 bytes, the Parquet bitset.
//   counting (type 3, hash 1)  36 bytes: numLines u64, numHashes u32, capacity u64,
//                              targetFpr f64, items u64.   payload: numLines * 64 bytes.
//   scalable (type 4, hash 1)  48 + 36 L bytes: initialCapacity u64, targetFpr f64, growth f64,
//                              tightening f64, maxLayers u32, failedInserts u64, layers L u32,
//                              then per layer the 36-byte classic block (the seed is shared).
//                              payload: the layers' words, layer 0 first.
//   cuckoo   (type 5, hash 1)  59 bytes: fingerprintBits u8, slotsPerBucket u8 (4),
//                              numBuckets u64, capacity u64, maxKicks u32, items u64,
//                              failedInserts u64, kicks u64, stashUsed u8, stashBucket u64,
//                              stashFingerprint u32.   payload: tableBytes() (packed slots).
//   v2 GROWTH BLOCK (56 bytes, first in a v2 parameter block): action u8 (0 reject, 1 tier,
//                              2 rebuild), 3 zero bytes, confirmedWindow u32, growth f64,
//                              fill f64, failedInserts u64, estimatedFpr f64, confirmedFpr f64,
//                              rebuilds u64; then the type's block above, except:
//   v3 LAYOUT BLOCK (8 bytes, between the growth block and the cuckoo block; written only for a
//                              cuckoo filter with the local layout): layout u8 (1 = local; 0,
//                              spread, is written as v1 or v2, so a v3 file holding it is refused),
//                              7 zero bytes.
//   tiered cuckoo (type 5, action 1)  68 + 59 T bytes: initialCapacity u64, targetFpr f64,
//                              growth f64, tightening f64, maxLoad f64, maxTiers u32,
//                              maxKicks u32, failedInserts u64, ambiguousErases u64, tiers T u32,
//                              then per tier the 59-byte cuckoo block (its seed is the tier
//                              rule's).   payload: the tiers' tables, tier 0 first.
//   Every tier block is checked against the tier rule (TieredCuckooFilter::tierFor: fingerprint
//   bits, buckets, capacity) and the payload sizes are summed with overflow checks before any
//   table is allocated.
//
// LOAD ORDER: magic, version, type, hash id, parameter length, then the payload length against
// the bytes actually present (so a truncated or lying file is named as such), then the XXH64
// checksum, then every parameter and the payload size the parameters imply (computed with
// overflow checks, against kMaxPayloadBytes) -- all before any allocation that depends on a
// value read from the file. Errors from the filters' own validation (std::invalid_argument)
// are reported as FilterIoError.
#include "core/filter_io.h"

#include "core/atomic_file.h"
#include "core/filter_math.h"
#include "core/hashing.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>
#include <memory>
#include <functional>
#include <unistd.h>

namespace bloomlab {

namespace {

constexpr std::array<std::uint8_t, 8> kMagic = {'B', 'L', 'M', 'L', 'A', 'B', '\r', '\n'};
constexpr std::size_t kFixedHeaderBytes = 24; // magic, version, type, hash, P, seed
constexpr std::uint32_t kMaxParamBytes = 4096;
constexpr std::size_t kMinFileBytes = kFixedHeaderBytes + 8 + 8; // + payload length + checksum
constexpr std::uint32_t kClassicParamBytes = 36;
constexpr std::uint32_t kBlockedParamBytes = 32;
constexpr std::uint32_t kCountingParamBytes = 36;
constexpr std::uint32_t kScalableFixedBytes = 48;
constexpr std::uint32_t kCuckooParamBytes = 59;
constexpr std::uint32_t kGrowthBlockBytes = 56;
constexpr std::uint32_t kLayoutBlockBytes = 8;
constexpr std::uint32_t kTieredFixedBytes = 68;
constexpr std::uint32_t kMaxScalableLayers = 64;
constexpr std::uint32_t kMaxCuckooKicks = 1000000;
static_assert(kMaxFilterHeaderBytes == kFixedHeaderBytes + kMaxParamBytes + 8);

[[noreturn]] void fail(const std::string& message) {
    throw FilterIoError(message);
}

std::string hex(std::uint64_t value) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(value));
    return buf;
}

std::string num(double value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    return buf;
}

// ---- Little-endian writer / bounds-checked reader -----------------------------------------

class Writer {
  public:
    explicit Writer(std::vector<std::uint8_t>& out) : m_out(out) {}
    void u8(std::uint8_t v) { m_out.push_back(v); }
    void u16(std::uint16_t v) { put(v, 2); }
    void u32(std::uint32_t v) { put(v, 4); }
    void u64(std::uint64_t v) { put(v, 8); }
    void f64(double v) { put(std::bit_cast<std::uint64_t>(v), 8); }
    void bytes(std::span<const std::uint8_t> b) {
        // resize + copy rather than vector::insert of a range: GCC 12 at -O3 inlines that insert
        // into serializeFilter and reports a -Wstringop-overflow for its reallocation path, which
        // never runs past the new size. Same bytes either way.
        const std::size_t at = m_out.size();
        m_out.resize(at + b.size());
        std::copy(b.begin(), b.end(), m_out.begin() + static_cast<std::ptrdiff_t>(at));
    }
    void words(std::span<const std::uint64_t> w) {
        for (std::uint64_t v : w)
            u64(v);
    }
    std::size_t size() const { return m_out.size(); }
    void patch32(std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            m_out[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
    }

  private:
    void put(std::uint64_t v, int n) {
        for (int i = 0; i < n; ++i)
            m_out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    std::vector<std::uint8_t>& m_out;
};

class Reader {
  public:
    Reader(std::span<const std::uint8_t> bytes, const char* what) : m_bytes(bytes), m_what(what) {}
    std::uint8_t u8() { return static_cast<std::uint8_t>(get(1)); }
    std::uint16_t u16() { return static_cast<std::uint16_t>(get(2)); }
    std::uint32_t u32() { return static_cast<std::uint32_t>(get(4)); }
    std::uint64_t u64() { return get(8); }
    double f64() { return std::bit_cast<double>(get(8)); }
    std::span<const std::uint8_t> take(std::uint64_t n) {
        need(n);
        auto out = m_bytes.subspan(m_pos, static_cast<std::size_t>(n));
        m_pos += static_cast<std::size_t>(n);
        return out;
    }
    std::size_t remaining() const { return m_bytes.size() - m_pos; }

  private:
    void need(std::uint64_t n) const {
        if (n > remaining())
            fail(std::string("truncated ") + m_what + ": needs " + std::to_string(n) +
                 " more bytes, " + std::to_string(remaining()) + " left");
    }
    std::uint64_t get(int n) {
        need(static_cast<std::uint64_t>(n));
        std::uint64_t v = 0;
        for (int i = 0; i < n; ++i)
            v |= std::uint64_t{m_bytes[m_pos + i]} << (8 * i);
        m_pos += static_cast<std::size_t>(n);
        return v;
    }
    std::span<const std::uint8_t> m_bytes;
    std::size_t m_pos = 0;
    const char* m_what;
};

FilterArray<std::uint64_t> readWords(std::span<const std::uint8_t> bytes) {
    FilterArray<std::uint64_t> words(bytes.size() / 8);
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::uint64_t v = 0;
        for (int b = 0; b < 8; ++b)
            v |= std::uint64_t{bytes[i * 8 + b]} << (8 * b);
        words[i] = v;
    }
    return words;
}

// ---- Parameter validation ------------------------------------------------------------------

/// a * b, failing (with `what` in the message) past kMaxPayloadBytes.
std::uint64_t payloadBytes(std::uint64_t count, std::uint64_t unitBytes, const std::string& what) {
    if (count != 0 && unitBytes > kMaxPayloadBytes / count)
        fail(what + " needs more than " + std::to_string(kMaxPayloadBytes >> 30) +
             " GiB, the largest payload this build loads");
    return count * unitBytes;
}

void checkTargetFpr(double p, const std::string& what) {
    if (!(p == 0.0 || (p > 0.0 && p < 1.0)))
        fail(what + ": target FPR must be in (0, 1) or 0 (unknown); got " + num(p));
}

void checkCapacity(std::uint64_t capacity, const std::string& what) {
    if (capacity > (std::uint64_t{1} << 62))
        fail(what + ": capacity " + std::to_string(capacity) + " is above the limit of 2^62");
}

struct ClassicParams {
    std::uint64_t numBits = 0;
    std::uint32_t numHashes = 0;
    std::uint64_t capacity = 0;
    double targetFpr = 0;
    std::uint64_t items = 0;
};

void writeClassicParams(Writer& w, const BloomFilter& f) {
    w.u64(f.numBits());
    w.u32(f.numHashes());
    w.u64(f.capacity());
    w.f64(f.targetFpr());
    w.u64(f.itemCount());
}

ClassicParams readClassicParams(Reader& r, const std::string& what) {
    ClassicParams p;
    p.numBits = r.u64();
    p.numHashes = r.u32();
    p.capacity = r.u64();
    p.targetFpr = r.f64();
    p.items = r.u64();
    if (p.numBits == 0) fail(what + ": m must be >= 1 bit; got 0");
    if (p.numHashes < 1 || p.numHashes > 64)
        fail(what + ": k must be in [1, 64]; got " + std::to_string(p.numHashes));
    checkCapacity(p.capacity, what);
    checkTargetFpr(p.targetFpr, what);
    return p;
}

std::uint64_t classicPayloadBytes(const ClassicParams& p, const std::string& what) {
    const std::uint64_t words = p.numBits / 64 + (p.numBits % 64 != 0 ? 1 : 0);
    return payloadBytes(words, 8, what + " of " + std::to_string(p.numBits) + " bits");
}

template <class Fn> auto rethrowInvalid(const std::string& what, Fn fn) {
    try {
        return fn();
    } catch (const std::invalid_argument& e) {
        fail(what + ": " + e.what());
    } catch (const std::bad_alloc&) {
        fail(what + ": out of memory");
    }
}

HashAlgorithm expectedHash(FilterType type) {
    return type == FilterType::Blocked ? HashAlgorithm::Xxh64 : HashAlgorithm::Xxh3_128;
}

const char* hashName(HashAlgorithm h) {
    switch (h) {
    case HashAlgorithm::Xxh3_128:
        return "XXH3-128";
    case HashAlgorithm::Xxh64:
        return "XXH64";
    case HashAlgorithm::Xxh3_64:
        return "XXH3-64";
    }
    return "unknown";
}

template <class F>
inline constexpr bool kIsCuckoo =
    std::is_same_v<F, CuckooFilter<8>> || std::is_same_v<F, CuckooFilter<12>> ||
    std::is_same_v<F, CuckooFilter<16>>;

// ---- Serialisation per type -------------------------------------------------------------------

/// The pieces of a saved filter: the small parameter block (built here) and views of the
/// payload in the filter's own memory (saving never copies the table).
struct Encoded {
    FilterType type;
    std::uint64_t seed = 0;
    std::vector<std::uint8_t> params;
    std::vector<std::span<const std::uint8_t>> payload; ///< host-order words, see writeFilter
    unsigned wordBytes = 1;                             ///< 8, 4 or 1: how to make them LE
    std::uint16_t version = kFilterFormatVersion;
};

template <class T> std::span<const std::uint8_t> rawBytes(std::span<const T> words) {
    return {reinterpret_cast<const std::uint8_t*>(words.data()), words.size_bytes()};
}

void writeCuckooParams(Writer& params, const auto& f) {
    using F = std::decay_t<decltype(f)>;
    const FilterStats stats = f.stats();
    const auto stash = f.stash();
    params.u8(static_cast<std::uint8_t>(F::kFingerprintBits));
    params.u8(static_cast<std::uint8_t>(F::kSlotsPerBucket));
    params.u64(f.numBuckets());
    params.u64(f.capacity());
    params.u32(f.maxKicks());
    params.u64(f.itemCount());
    params.u64(stats.failedInserts);
    params.u64(stats.kicks);
    params.u8(stash ? 1 : 0);
    params.u64(stash ? stash->first : 0);
    params.u32(stash ? stash->second : 0);
}

void writeGrowthBlock(Writer& params, const AnyFilter& any) {
    const GrowthPolicy& policy = any.growthPolicy();
    const std::size_t before = params.size();
    params.u8(static_cast<std::uint8_t>(policy.action));
    params.u8(0);
    params.u8(0);
    params.u8(0);
    params.u32(policy.thresholds.confirmedWindow);
    params.f64(policy.growth);
    params.f64(policy.thresholds.fill);
    params.u64(policy.thresholds.failedInserts);
    params.f64(policy.thresholds.estimatedFpr);
    params.f64(policy.thresholds.confirmedFpr);
    params.u64(any.rebuilds());
    if (params.size() - before != kGrowthBlockBytes) throw std::logic_error("growth block size");
}

Encoded encode(const AnyFilter& any) {
    Encoded e{any.type(), 0, {}, {}};
    Writer params(e.params);
    e.version = filterFormatVersionFor(any);
    if (e.version >= kGrowthFormatVersion) writeGrowthBlock(params, any);
    if (e.version == kLayoutFormatVersion) {
        params.u8(static_cast<std::uint8_t>(any.cuckooLayout()));
        for (int i = 0; i < 7; ++i) params.u8(0);
    }
    std::visit(
        [&](const auto& f) {
            using F = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<F, BloomFilter>) {
                e.seed = f.seed();
                writeClassicParams(params, f);
                e.payload.push_back(rawBytes(f.words()));
                e.wordBytes = 8;
            } else if constexpr (std::is_same_v<F, BlockedBloomFilter>) {
                params.u64(f.numBlocks());
                params.u64(f.capacity());
                params.f64(f.targetFpr());
                params.u64(f.itemCount());
                e.payload.push_back(rawBytes(f.words())); // the Parquet bitset: LE 32-bit words
                e.wordBytes = 4;
            } else if constexpr (std::is_same_v<F, CountingBloomFilter>) {
                e.seed = f.seed();
                params.u64(f.numLines());
                params.u32(f.numHashes());
                params.u64(f.capacity());
                params.f64(f.targetFpr());
                params.u64(f.itemCount());
                e.payload.push_back(f.bytes());
            } else if constexpr (std::is_same_v<F, ScalableBloomFilter>) {
                const auto& p = f.params();
                e.seed = p.seed;
                params.u64(p.initialCapacity);
                params.f64(p.targetFpr);
                params.f64(p.growth);
                params.f64(p.tightening);
                params.u32(p.maxLayers);
                params.u64(f.stats().failedInserts);
                params.u32(static_cast<std::uint32_t>(f.layers().size()));
                for (const BloomFilter& layer : f.layers()) {
                    writeClassicParams(params, layer);
                    e.payload.push_back(rawBytes(layer.words()));
                }
                e.wordBytes = 8;
            } else if constexpr (std::is_same_v<F, TieredCuckooFilter>) {
                const auto& p = f.params();
                e.seed = p.seed;
                params.u64(p.initialCapacity);
                params.f64(p.targetFpr);
                params.f64(p.growth);
                params.f64(p.tightening);
                params.f64(p.maxLoad);
                params.u32(p.maxTiers);
                params.u32(p.maxKicks);
                params.u64(f.failedInserts());
                params.u64(f.ambiguousErases());
                params.u32(f.tierCount());
                for (const auto& tier : f.tiers()) {
                    std::visit([&](const auto& table) {
                        writeCuckooParams(params, table);
                        e.payload.push_back(table.tableView());
                    }, tier);
                }
            } else {
                static_assert(kIsCuckoo<F>);
                e.seed = f.seed();
                writeCuckooParams(params, f);
                e.payload.push_back(f.tableView()); // the packed table, as tableBytes() gives it
            }
        },
        any.variant());
    return e;
}

/// Streams a filter in format v1 or v2 to `sink` in pieces: the header, the parameters, the payload
/// straight from the filter's memory (byte-swapped through a small buffer on a big-endian host),
/// the checksum. serializeFilter and saveFilter both write through here.
void writeFilter(const AnyFilter& filter,
                 const std::function<void(std::span<const std::uint8_t>)>& sink) {
    const Encoded e = encode(filter);
    std::uint64_t payloadLength = 0;
    for (const auto& piece : e.payload) payloadLength += piece.size();
    if (payloadLength > kMaxPayloadBytes)
        fail("the " + std::string(filterTypeName(e.type)) + " filter's table is " +
             std::to_string(payloadLength) + " bytes, above the " +
             std::to_string(kMaxPayloadBytes >> 30) +
             " GiB a BloomLab filter file holds (the limit save and load share)");

    XXH64_state_t* state = XXH64_createState();
    if (state == nullptr) throw std::bad_alloc();
    const std::unique_ptr<XXH64_state_t, XXH_errorcode (*)(XXH64_state_t*)> owner(state,
                                                                                 XXH64_freeState);
    XXH64_reset(state, 0);
    const auto emit = [&](std::span<const std::uint8_t> bytes) {
        XXH64_update(state, bytes.data(), bytes.size());
        sink(bytes);
    };

    std::vector<std::uint8_t> head;
    head.reserve(kFixedHeaderBytes + e.params.size() + 8);
    Writer w(head);
    w.bytes(kMagic);
    w.u16(e.version);
    w.u8(static_cast<std::uint8_t>(e.type));
    w.u8(static_cast<std::uint8_t>(expectedHash(e.type)));
    w.u32(static_cast<std::uint32_t>(e.params.size()));
    w.u64(e.seed);
    w.bytes(e.params);
    w.u64(payloadLength);
    emit(head);

    for (const auto& piece : e.payload) {
        if constexpr (std::endian::native == std::endian::little) {
            emit(piece);
        } else {
            std::array<std::uint8_t, 65536> buffer;
            for (std::size_t at = 0; at < piece.size(); at += buffer.size()) {
                const std::size_t n = std::min(buffer.size(), piece.size() - at);
                for (std::size_t i = 0; i < n; ++i) {
                    const std::size_t word = (at + i) / e.wordBytes * e.wordBytes;
                    buffer[i] = piece[word + (e.wordBytes - 1 - (at + i - word))];
                }
                emit(std::span<const std::uint8_t>(buffer.data(), n));
            }
        }
    }

    std::vector<std::uint8_t> tail;
    Writer(tail).u64(XXH64_digest(state));
    sink(tail);
}

/// Refuses a stored item count that the table contradicts. A filter that counts items > 0 but
/// has no bit (or counter) set cannot come from inserts: every insert sets at least one. Such a
/// file is refused rather than loaded with a clamped count: clamping would hide a damaged or
/// crafted file (its checksum proves nothing, anyone can recompute it), and the count drives
/// the verdicts the user reads ("overfilled", "estimated FPR"). A count above the fill is
/// legitimate (duplicate inserts count), so only this contradiction is checked.
void checkItemsAgainstFill(std::uint64_t items, std::span<const std::uint8_t> payload,
                           const std::string& what) {
    if (items == 0) return;
    if (std::all_of(payload.begin(), payload.end(), [](std::uint8_t b) { return b == 0; }))
        fail(what + ": stores " + std::to_string(items) +
             " items but its table is empty (every insert sets at least one bit); the file is "
             "damaged or crafted");
}

AnyFilter decodeClassic(Reader& r, std::uint64_t seed, std::span<const std::uint8_t> payload) {
    const std::string what = "classic filter";
    const ClassicParams p = readClassicParams(r, what);
    const std::uint64_t expected = classicPayloadBytes(p, what);
    if (payload.size() != expected)
        fail(what + ": payload is " + std::to_string(payload.size()) + " bytes; m = " +
             std::to_string(p.numBits) + " bits needs " + std::to_string(expected));
    checkItemsAgainstFill(p.items, payload, what);
    return rethrowInvalid(what, [&] {
        return AnyFilter(BloomFilter::fromWords(p.numBits, p.numHashes, p.capacity, p.targetFpr,
                                                seed, p.items, readWords(payload)));
    });
}

AnyFilter decodeBlocked(Reader& r, std::uint64_t seed, std::span<const std::uint8_t> payload) {
    const std::string what = "blocked filter";
    if (seed != 0)
        fail(what + ": seed must be 0 (Parquet XXH64 seed 0); got " + std::to_string(seed));
    const std::uint64_t numBlocks = r.u64();
    const std::uint64_t capacity = r.u64();
    const double targetFpr = r.f64();
    const std::uint64_t items = r.u64();
    if (numBlocks == 0 || numBlocks > BlockedBloomFilter::kMaxBlocks)
        fail(what + ": block count must be in [1, 2^32]; got " + std::to_string(numBlocks));
    checkCapacity(capacity, what);
    checkTargetFpr(targetFpr, what);
    const std::uint64_t expected =
        payloadBytes(numBlocks, 32, what + " of " + std::to_string(numBlocks) + " blocks");
    if (payload.size() != expected)
        fail(what + ": payload is " + std::to_string(payload.size()) + " bytes; " +
             std::to_string(numBlocks) + " blocks need " + std::to_string(expected));
    checkItemsAgainstFill(items, payload, what);
    return rethrowInvalid(what, [&] {
        return AnyFilter(BlockedBloomFilter::fromBitset(payload, capacity, targetFpr, items));
    });
}

AnyFilter decodeCounting(Reader& r, std::uint64_t seed, std::span<const std::uint8_t> payload) {
    const std::string what = "counting filter";
    const std::uint64_t numLines = r.u64();
    const std::uint32_t numHashes = r.u32();
    const std::uint64_t capacity = r.u64();
    const double targetFpr = r.f64();
    const std::uint64_t items = r.u64();
    if (numLines == 0) fail(what + ": line count must be >= 1; got 0");
    if (numHashes < 1 || numHashes > 64)
        fail(what + ": k must be in [1, 64]; got " + std::to_string(numHashes));
    checkCapacity(capacity, what);
    checkTargetFpr(targetFpr, what);
    const std::uint64_t expected =
        payloadBytes(numLines, CountingBloomFilter::kBytesPerLine,
                     what + " of " + std::to_string(numLines) + " lines");
    if (payload.size() != expected)
        fail(what + ": payload is " + std::to_string(payload.size()) + " bytes; " +
             std::to_string(numLines) + " lines need " + std::to_string(expected));
    checkItemsAgainstFill(items, payload, what);
    return rethrowInvalid(what, [&] {
        return AnyFilter(CountingBloomFilter::fromBytes(
            numLines, numHashes, capacity, targetFpr, seed, items, payload));
    });
}

AnyFilter decodeScalable(Reader& r, std::uint32_t paramBytes, std::uint64_t seed,
                         std::span<const std::uint8_t> payload) {
    const std::string what = "scalable filter";
    ScalableBloomFilter::Params params;
    params.initialCapacity = r.u64();
    params.targetFpr = r.f64();
    params.growth = r.f64();
    params.tightening = r.f64();
    params.maxLayers = r.u32();
    params.seed = seed;
    const std::uint64_t failedInserts = r.u64();
    const std::uint32_t layerCount = r.u32();
    if (params.initialCapacity == 0) fail(what + ": initial capacity must be >= 1; got 0");
    checkCapacity(params.initialCapacity, what);
    if (!(params.targetFpr > 0.0 && params.targetFpr < 1.0))
        fail(what + ": target FPR must be in (0, 1); got " + num(params.targetFpr));
    if (!(params.growth >= 1.0 && params.growth <= 16.0))
        fail(what + ": growth must be in [1, 16]; got " + num(params.growth));
    if (!(params.tightening > 0.0 && params.tightening < 1.0))
        fail(what + ": tightening ratio must be in (0, 1); got " + num(params.tightening));
    if (params.maxLayers == 0 || params.maxLayers > kMaxScalableLayers)
        fail(what + ": layer limit must be in [1, " + std::to_string(kMaxScalableLayers) +
             "]; got " + std::to_string(params.maxLayers));
    if (layerCount == 0 || layerCount > params.maxLayers)
        fail(what + ": layer count must be in [1, " + std::to_string(params.maxLayers) + "]; got " +
             std::to_string(layerCount));
    const std::uint64_t expectedParams =
        kScalableFixedBytes + std::uint64_t{kClassicParamBytes} * layerCount;
    if (paramBytes != expectedParams)
        fail(what + ": parameter block is " + std::to_string(paramBytes) + " bytes; " +
             std::to_string(layerCount) + " layers need " + std::to_string(expectedParams));
    std::vector<ClassicParams> layers;
    std::uint64_t total = 0;
    for (std::uint32_t i = 0; i < layerCount; ++i) {
        const std::string layerWhat = what + " layer " + std::to_string(i);
        layers.push_back(readClassicParams(r, layerWhat));
        const std::uint64_t bytes = classicPayloadBytes(layers.back(), layerWhat);
        total += bytes;
        if (total > kMaxPayloadBytes)
            fail(what + ": layers need more than " + std::to_string(kMaxPayloadBytes >> 30) +
                 " GiB");
    }
    if (payload.size() != total)
        fail(what + ": payload is " + std::to_string(payload.size()) + " bytes; its layers need " +
             std::to_string(total));
    return rethrowInvalid(what, [&] {
        std::vector<BloomFilter> built;
        built.reserve(layers.size());
        std::size_t offset = 0;
        for (const ClassicParams& p : layers) {
            const auto bytes = static_cast<std::size_t>(classicPayloadBytes(p, what));
            checkItemsAgainstFill(p.items, payload.subspan(offset, bytes),
                                  what + " layer " + std::to_string(built.size()));
            built.push_back(BloomFilter::fromWords(p.numBits, p.numHashes, p.capacity, p.targetFpr,
                                                   seed, p.items,
                                                   readWords(payload.subspan(offset, bytes))));
            offset += bytes;
        }
        return AnyFilter(ScalableBloomFilter::fromLayers(params, std::move(built), failedInserts));
    });
}

template <unsigned Bits>
AnyFilter decodeCuckooTable(std::uint64_t numBuckets, std::uint64_t capacity, std::uint64_t seed,
                            std::uint32_t maxKicks, std::uint64_t items, std::uint64_t failed,
                            std::uint64_t kicks, std::span<const std::uint8_t> table,
                            std::optional<std::pair<std::uint64_t, std::uint32_t>> stash) {
    return AnyFilter(CuckooFilter<Bits>::fromTable(numBuckets, capacity, seed, maxKicks, items,
                                                   failed, kicks, table, stash));
}

/// The 59-byte cuckoo block, checked on its own (the payload size it implies is tableBytes()).
struct CuckooParams {
    unsigned bits = 0;
    std::uint64_t numBuckets = 0;
    std::uint64_t capacity = 0;
    std::uint32_t maxKicks = 0;
    std::uint64_t items = 0;
    std::uint64_t failed = 0;
    std::uint64_t kicks = 0;
    std::optional<std::pair<std::uint64_t, std::uint32_t>> stash;
    std::uint64_t tableBytes = 0;
};

CuckooParams readCuckooParams(Reader& r, const std::string& what) {
    CuckooParams c;
    c.bits = r.u8();
    const unsigned slots = r.u8();
    c.numBuckets = r.u64();
    c.capacity = r.u64();
    c.maxKicks = r.u32();
    c.items = r.u64();
    c.failed = r.u64();
    c.kicks = r.u64();
    const unsigned stashUsed = r.u8();
    const std::uint64_t stashBucket = r.u64();
    const std::uint32_t stashFingerprint = r.u32();
    if (c.bits != 8 && c.bits != 12 && c.bits != 16)
        fail(what + ": fingerprint bits must be 8, 12 or 16; got " + std::to_string(c.bits));
    if (slots != 4) fail(what + ": slots per bucket must be 4; got " + std::to_string(slots));
    if (c.numBuckets == 0) fail(what + ": bucket count must be >= 1; got 0");
    checkCapacity(c.capacity, what);
    if (c.maxKicks == 0 || c.maxKicks > kMaxCuckooKicks)
        fail(what + ": max kicks must be in [1, " + std::to_string(kMaxCuckooKicks) + "]; got " +
             std::to_string(c.maxKicks));
    // 4 slots x `bits` bits = bits / 2 bytes per bucket (bits is even).
    c.tableBytes = payloadBytes(c.numBuckets, c.bits / 2,
                                what + " of " + std::to_string(c.numBuckets) + " buckets");
    if (c.items > c.numBuckets * 4 + 1)
        fail(what + ": item count " + std::to_string(c.items) + " exceeds the table's " +
             std::to_string(c.numBuckets * 4) + " slots + 1 stash");
    if (stashUsed > 1) fail(what + ": stash flag must be 0 or 1; got " + std::to_string(stashUsed));
    if (stashUsed == 1) {
        if (stashBucket >= c.numBuckets)
            fail(what + ": stash bucket " + std::to_string(stashBucket) +
                 " is outside the table of " + std::to_string(c.numBuckets) + " buckets");
        if (stashFingerprint == 0 || stashFingerprint >= (std::uint32_t{1} << c.bits))
            fail(what + ": stash fingerprint " + std::to_string(stashFingerprint) +
                 " is not a non-zero " + std::to_string(c.bits) + "-bit value");
        c.stash = std::make_pair(stashBucket, stashFingerprint);
    } else if (stashBucket != 0 || stashFingerprint != 0) {
        fail(what + ": an empty stash must have bucket 0 and fingerprint 0");
    }
    return c;
}

void checkCuckooPayload(const CuckooParams& c, std::span<const std::uint8_t> payload, const std::string& what) {
    if (payload.size() != c.tableBytes)
        fail(what + ": payload is " + std::to_string(payload.size()) + " bytes; " +
             std::to_string(c.numBuckets) + " buckets of 4 x " + std::to_string(c.bits) +
             "-bit slots need " + std::to_string(c.tableBytes));
}

template <class Out>
Out buildCuckoo(const CuckooParams& c, std::uint64_t seed, std::span<const std::uint8_t> table,
                CuckooLayout layout = CuckooLayout::Spread) {
    switch (c.bits) {
    case 8:
        return Out(CuckooFilter<8>::fromTable(c.numBuckets, c.capacity, seed, c.maxKicks, c.items, c.failed, c.kicks,
                                              table, c.stash, layout));
    case 12:
        return Out(CuckooFilter<12>::fromTable(c.numBuckets, c.capacity, seed, c.maxKicks, c.items, c.failed,
                                               c.kicks, table, c.stash, layout));
    default:
        return Out(CuckooFilter<16>::fromTable(c.numBuckets, c.capacity, seed, c.maxKicks, c.items, c.failed,
                                               c.kicks, table, c.stash, layout));
    }
}

AnyFilter decodeCuckoo(Reader& r, std::uint64_t seed, std::span<const std::uint8_t> payload, CuckooLayout layout) {
    const std::string what = "cuckoo filter";
    const CuckooParams c = readCuckooParams(r, what);
    checkCuckooPayload(c, payload, what);
    return rethrowInvalid(what, [&] { return buildCuckoo<AnyFilter>(c, seed, payload, layout); });
}

/// The v3 layout block: the layout byte and 7 reserved zero bytes.
CuckooLayout readLayoutBlock(Reader& r) {
    const std::string what = "cuckoo filter: layout block";
    const unsigned layout = r.u8();
    bool reservedZero = true;
    for (int i = 0; i < 7; ++i) reservedZero = r.u8() == 0 && reservedZero;
    if (layout == static_cast<unsigned>(CuckooLayout::Spread))
        fail(what + ": layout 0 (spread) is written as version 1 or 2, never 3; the file is damaged");
    if (layout != static_cast<unsigned>(CuckooLayout::Local))
        fail(what + ": unknown cuckoo layout " + std::to_string(layout) + " (this build reads 1, local)");
    if (!reservedZero) fail(what + ": reserved bytes must be 0");
    return CuckooLayout::Local;
}

AnyFilter decodeTieredCuckoo(Reader& r, std::uint32_t paramBytes, std::uint64_t seed,
                             std::span<const std::uint8_t> payload) {
    const std::string what = "tiered cuckoo filter";
    TieredCuckooFilter::Params params;
    params.initialCapacity = r.u64();
    params.targetFpr = r.f64();
    params.growth = r.f64();
    params.tightening = r.f64();
    params.maxLoad = r.f64();
    params.maxTiers = r.u32();
    params.maxKicks = r.u32();
    params.seed = seed;
    const std::uint64_t failedInserts = r.u64();
    const std::uint64_t ambiguousErases = r.u64();
    const std::uint32_t tierCount = r.u32();
    if (params.maxTiers < 1 || params.maxTiers > TieredCuckooFilter::kMaxTiersLimit)
        fail(what + ": tier limit must be in [1, " + std::to_string(TieredCuckooFilter::kMaxTiersLimit) +
             "]; got " + std::to_string(params.maxTiers));
    if (tierCount == 0 || tierCount > params.maxTiers)
        fail(what + ": tier count must be in [1, " + std::to_string(params.maxTiers) + "]; got " +
             std::to_string(tierCount));
    if (params.maxKicks == 0 || params.maxKicks > kMaxCuckooKicks)
        fail(what + ": max kicks must be in [1, " + std::to_string(kMaxCuckooKicks) + "]; got " +
             std::to_string(params.maxKicks));
    checkCapacity(params.initialCapacity, what);
    const std::uint64_t expectedParams =
        kGrowthBlockBytes + kTieredFixedBytes + std::uint64_t{kCuckooParamBytes} * tierCount;
    if (paramBytes != expectedParams)
        fail(what + ": parameter block is " + std::to_string(paramBytes) + " bytes; " +
             std::to_string(tierCount) + " tiers need " + std::to_string(expectedParams));
    std::vector<CuckooParams> tiers;
    std::uint64_t total = 0;
    for (std::uint32_t i = 0; i < tierCount; ++i) {
        const std::string tierWhat = what + " tier " + std::to_string(i);
        tiers.push_back(readCuckooParams(r, tierWhat));
        const CuckooParams& c = tiers.back();
        // The tier rule gives every tier's geometry: a block that differs is refused here,
        // before its table is allocated (tierFor allocates nothing).
        const TieredCuckooFilter::TierGeometry g = rethrowInvalid(tierWhat, [&] {
            return TieredCuckooFilter::tierFor(params, i);
        });
        if (c.bits != g.fingerprintBits || c.numBuckets != g.buckets || c.capacity != g.capacity ||
            c.maxKicks != params.maxKicks)
            fail(tierWhat + ": " + std::to_string(c.bits) + "-bit fingerprints, " + std::to_string(c.numBuckets) +
                 " buckets, capacity " + std::to_string(c.capacity) + ", max kicks " + std::to_string(c.maxKicks) +
                 "; the tier rule gives " + std::to_string(g.fingerprintBits) + " bits, " +
                 std::to_string(g.buckets) + " buckets, capacity " + std::to_string(g.capacity) + ", max kicks " +
                 std::to_string(params.maxKicks));
        total += c.tableBytes;
        if (total > kMaxPayloadBytes)
            fail(what + ": tiers need more than " + std::to_string(kMaxPayloadBytes >> 30) + " GiB");
    }
    if (payload.size() != total)
        fail(what + ": payload is " + std::to_string(payload.size()) + " bytes; its tiers need " +
             std::to_string(total));
    return rethrowInvalid(what, [&] {
        std::vector<TieredCuckooFilter::Tier> built;
        built.reserve(tiers.size());
        std::size_t offset = 0;
        for (std::uint32_t i = 0; i < tiers.size(); ++i) {
            const auto bytes = static_cast<std::size_t>(tiers[i].tableBytes);
            built.push_back(buildCuckoo<TieredCuckooFilter::Tier>(tiers[i], TieredCuckooFilter::tierFor(params, i).seed,
                                                                  payload.subspan(offset, bytes)));
            offset += bytes;
        }
        return AnyFilter(TieredCuckooFilter::fromTiers(params, std::move(built), failedInserts, ambiguousErases));
    });
}

/// The v2 growth block: the policy (checked by validateGrowthPolicy when applied) and the
/// rebuild count.
struct GrowthBlock {
    GrowthPolicy policy;
    std::uint64_t rebuilds = 0;
};

GrowthBlock readGrowthBlock(Reader& r) {
    const std::string what = "growth block";
    GrowthBlock b;
    const unsigned action = r.u8();
    const unsigned pad0 = r.u8(), pad1 = r.u8(), pad2 = r.u8();
    b.policy.thresholds.confirmedWindow = r.u32();
    b.policy.growth = r.f64();
    b.policy.thresholds.fill = r.f64();
    b.policy.thresholds.failedInserts = r.u64();
    b.policy.thresholds.estimatedFpr = r.f64();
    b.policy.thresholds.confirmedFpr = r.f64();
    b.rebuilds = r.u64();
    if (action > static_cast<unsigned>(GrowthAction::Rebuild))
        fail(what + ": growth action must be 0 (reject), 1 (tier) or 2 (rebuild); got " + std::to_string(action));
    if (pad0 != 0 || pad1 != 0 || pad2 != 0) fail(what + ": reserved bytes must be 0");
    b.policy.action = static_cast<GrowthAction>(action);
    rethrowInvalid(what, [&] {
        validateGrowthPolicy(b.policy);
        return 0;
    });
    return b;
}

} // namespace

// ---- Public API ------------------------------------------------------------------------------

std::vector<std::uint8_t> serializeFilter(const AnyFilter& filter) {
    std::vector<std::uint8_t> out;
    Writer w(out);
    writeFilter(filter, [&](std::span<const std::uint8_t> piece) { w.bytes(piece); });
    return out;
}

std::uint16_t filterFormatVersionFor(const AnyFilter& filter) {
    if (filter.cuckooLayout() == CuckooLayout::Local) return kLayoutFormatVersion;
    const bool grows = filter.tiered() != nullptr || filter.growthPolicy().action == GrowthAction::Rebuild ||
                       filter.rebuilds() != 0;
    return grows ? kGrowthFormatVersion : kFilterFormatVersion;
}

FilterFileHeader readFilterHeader(std::span<const std::uint8_t> prefix, std::uint64_t fileSize,
                                  std::uint16_t newestVersion) {
    if (prefix.size() < kMagic.size() || !std::equal(kMagic.begin(), kMagic.end(), prefix.begin()))
        fail("not a BloomLab filter file (bad magic; expected \"BLMLAB\\r\\n\")");
    if (prefix.size() < 10)
        fail("truncated filter file: " + std::to_string(fileSize) + " bytes, no version");
    const auto version = static_cast<std::uint16_t>(prefix[8] | (prefix[9] << 8));
    if (version < kFilterFormatVersion || version > newestVersion)
        fail("unsupported version " + std::to_string(version) + " (this build reads version" +
             (newestVersion == kFilterFormatVersion ? " 1" : "s 1 to " + std::to_string(newestVersion)) + ")");
    if (fileSize < kMinFileBytes || prefix.size() < kFixedHeaderBytes)
        fail("truncated filter file: " + std::to_string(fileSize) +
             " bytes, shorter than the " + std::to_string(kMinFileBytes) + "-byte minimum");

    Reader header(prefix.subspan(10, kFixedHeaderBytes - 10), "filter header");
    FilterFileHeader h;
    h.version = version;
    const std::uint8_t typeId = header.u8();
    const std::uint8_t hashId = header.u8();
    h.paramBytes = header.u32();
    h.seed = header.u64();
    if (typeId < 1 || typeId > 5) fail("unknown filter type " + std::to_string(typeId));
    h.type = static_cast<FilterType>(typeId);
    const std::string typeName(filterTypeName(h.type));
    if (hashId != static_cast<std::uint8_t>(expectedHash(h.type)))
        fail("unsupported hash algorithm " + std::to_string(hashId) + " for a " + typeName +
             " filter (expected " + std::to_string(int(expectedHash(h.type))) + " = " +
             hashName(expectedHash(h.type)) + ")");
    if (h.paramBytes > kMaxParamBytes)
        fail("parameter block of " + std::to_string(h.paramBytes) +
             " bytes is above the limit of " + std::to_string(kMaxParamBytes));
    const std::uint64_t beforePayload = kFixedHeaderBytes + std::uint64_t{h.paramBytes} + 8;
    if (fileSize < beforePayload + 8 || prefix.size() < beforePayload)
        fail("truncated filter file: " + std::to_string(fileSize) +
             " bytes, but the header and its " + std::to_string(h.paramBytes) +
             "-byte parameter block need " + std::to_string(beforePayload + 8));
    Reader lengthReader(prefix.subspan(kFixedHeaderBytes + h.paramBytes, 8), "payload length");
    h.payloadLength = lengthReader.u64();
    if (h.payloadLength > kMaxPayloadBytes)
        fail("payload of " + std::to_string(h.payloadLength) + " bytes is above the limit of " +
             std::to_string(kMaxPayloadBytes >> 30) + " GiB");
    const std::uint64_t available = fileSize - beforePayload - 8;
    if (h.payloadLength > available)
        fail("truncated filter file: the payload should be " + std::to_string(h.payloadLength) +
             " bytes, only " + std::to_string(available) + " are present");
    if (h.payloadLength < available)
        fail("filter file has " + std::to_string(available - h.payloadLength) +
             " unexpected bytes after the payload (or a wrong payload length)");
    h.headerBytes = beforePayload;
    return h;
}

AnyFilter readFilter(std::uint64_t size, const FilterByteSource& read) {
    // 1. The header, at most kMaxFilterHeaderBytes: magic, version, type, the declared sizes
    //    against the file size. A 2 GiB file of zeros ends here, after one small read.
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(std::min(size, kMaxFilterHeaderBytes)));
    std::size_t got = read(bytes);
    if (got < bytes.size()) fail("truncated filter file: it ended after " + std::to_string(got) +
                                 " of its " + std::to_string(size) + " bytes");
    const FilterFileHeader header = readFilterHeader(bytes, size);
    // 2. The payload and checksum, now that the header justifies the size.
    const std::size_t prefix = bytes.size();
    try {
        bytes.resize(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        fail("out of memory reading a " + std::to_string(header.payloadLength) + "-byte payload");
    }
    got = read(std::span<std::uint8_t>(bytes).subspan(prefix));
    if (got < bytes.size() - prefix)
        fail("truncated filter file: it ended after " + std::to_string(prefix + got) + " of its " +
             std::to_string(size) + " bytes");
    // 3. The checksum and every parameter.
    return deserializeFilter(bytes);
}

namespace {
/// The v1 parameter block of `type` (also a v2 block after its growth block).
AnyFilter decodeBody(FilterType type, Reader& params, std::uint32_t paramBytes, std::uint64_t seed,
                     std::span<const std::uint8_t> payload, CuckooLayout layout = CuckooLayout::Spread);
} // namespace

AnyFilter deserializeFilter(std::span<const std::uint8_t> bytes) {
    const FilterFileHeader header = readFilterHeader(bytes, bytes.size());
    const std::uint32_t paramBytes = header.paramBytes;
    const std::uint64_t seed = header.seed;
    const std::uint64_t beforePayload = header.headerBytes;
    const std::uint64_t payloadLength = header.payloadLength;
    const FilterType type = header.type;
    const std::string typeName(filterTypeName(type));

    const std::size_t checked = bytes.size() - 8;
    Reader sumReader(bytes.subspan(checked), "checksum");
    const std::uint64_t stored = sumReader.u64();
    const std::uint64_t actual = XXH64(bytes.data(), checked, 0);
    if (stored != actual)
        fail("checksum mismatch (stored " + hex(stored) + ", computed " + hex(actual) +
             "): the file is damaged");

    Reader params(bytes.subspan(kFixedHeaderBytes, paramBytes), "parameter block");
    const std::span<const std::uint8_t> payload = bytes.subspan(
        static_cast<std::size_t>(beforePayload), static_cast<std::size_t>(payloadLength));
    if (header.version == kFilterFormatVersion) return decodeBody(type, params, paramBytes, seed, payload);

    // v2: the growth block, then the type's block (the tier block for a tiered cuckoo filter).
    // v3: the growth block, the layout block, then the cuckoo block.
    const std::string versionName = "a version " + std::to_string(header.version) + " parameter block";
    if (paramBytes < kGrowthBlockBytes)
        fail(typeName + " filter: " + versionName + " starts with the " + std::to_string(kGrowthBlockBytes) +
             "-byte growth block; it is " + std::to_string(paramBytes) + " bytes");
    const GrowthBlock growth = readGrowthBlock(params);
    const bool tiered = growth.policy.action == GrowthAction::Tier && type == FilterType::Cuckoo;
    CuckooLayout layout = CuckooLayout::Spread;
    std::uint32_t bodyBytes = paramBytes - kGrowthBlockBytes;
    if (header.version == kLayoutFormatVersion) {
        if (type != FilterType::Cuckoo || tiered)
            fail(typeName + " filter: version 3 holds a cuckoo filter of one table with its layout; this file "
                            "claims a " + (tiered ? std::string("tiered cuckoo") : typeName) + " filter");
        if (bodyBytes < kLayoutBlockBytes)
            fail(typeName + " filter: " + versionName + " has no room for the " + std::to_string(kLayoutBlockBytes) +
                 "-byte layout block");
        layout = readLayoutBlock(params);
        bodyBytes -= kLayoutBlockBytes;
    }
    AnyFilter filter = tiered ? decodeTieredCuckoo(params, paramBytes, seed, payload)
                              : decodeBody(type, params, bodyBytes, seed, payload, layout);
    rethrowInvalid(typeName + " filter", [&] {
        filter.setGrowthPolicy(growth.policy);
        return 0;
    });
    filter.setRebuilds(growth.rebuilds);
    return filter;
}

namespace {

AnyFilter decodeBody(FilterType type, Reader& params, std::uint32_t paramBytes, std::uint64_t seed,
                     std::span<const std::uint8_t> payload, CuckooLayout layout) {
    const std::string typeName(filterTypeName(type));
    auto requireParams = [&](std::uint32_t expected) {
        if (paramBytes != expected)
            fail(typeName + " filter: parameter block is " + std::to_string(paramBytes) +
                 " bytes; expected " + std::to_string(expected));
    };
    switch (type) {
    case FilterType::Classic:
        requireParams(kClassicParamBytes);
        return decodeClassic(params, seed, payload);
    case FilterType::Blocked:
        requireParams(kBlockedParamBytes);
        return decodeBlocked(params, seed, payload);
    case FilterType::Counting:
        requireParams(kCountingParamBytes);
        return decodeCounting(params, seed, payload);
    case FilterType::Scalable:
        if (paramBytes < kScalableFixedBytes)
            fail("scalable filter: parameter block is " + std::to_string(paramBytes) +
                 " bytes; at least " + std::to_string(kScalableFixedBytes) + " expected");
        return decodeScalable(params, paramBytes, seed, payload);
    case FilterType::Cuckoo:
        requireParams(kCuckooParamBytes);
        return decodeCuckoo(params, seed, payload, layout);
    }
    fail("unknown filter type " + std::to_string(static_cast<int>(type)));
}

} // namespace

void saveFilter(const AnyFilter& filter, const std::filesystem::path& path) {
    AtomicFileWriter file(path);
    try {
        writeFilter(filter, [&](std::span<const std::uint8_t> piece) { file.write(piece); });
    } catch (const FilterIoError& e) {
        const std::string message = e.what();
        if (message.starts_with("cannot save")) throw;
        fail("cannot save '" + path.string() + "': " + message);
    }
    file.commit();
}

AnyFilter loadFilter(const std::filesystem::path& path) {
    const std::string context = "cannot load filter '" + path.string() + "'";
    RegularFileReader file(path, context);
    try {
        return readFilter(file.size(), [&](std::span<std::uint8_t> buffer) { return file.read(buffer); });
    } catch (const FilterIoError& e) {
        const std::string message = e.what();
        if (message.starts_with(context)) throw;  // a read error already names the file
        fail(context + ": " + message);
    }
}

void checkFilterFits(std::uint64_t tableBytes, const std::string& what) {
    if (tableBytes > kMaxPayloadBytes)
        fail(what + " needs " + std::to_string(tableBytes) + " bytes (" +
             numberText(static_cast<double>(tableBytes) / double(1 << 30), 4) + " GiB), above the " +
             std::to_string(kMaxPayloadBytes >> 30) +
             " GiB a BloomLab filter file holds (the one limit build, save and load share); "
             "use a smaller -n, a larger -p or a smaller -m");
    const long pages = ::sysconf(_SC_AVPHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    std::uint64_t available = 0;
    if (std::FILE* meminfo = std::fopen("/proc/meminfo", "r")) {
        char line[256];
        while (std::fgets(line, sizeof line, meminfo)) {
            unsigned long long kib = 0;
            if (std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1) available = kib * 1024;
        }
        std::fclose(meminfo);
    }
    if (available == 0 && pages > 0 && pageSize > 0)
        available = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
    if (available != 0 && tableBytes > available)
        fail(what + " needs " + std::to_string(tableBytes) + " bytes (" +
             numberText(static_cast<double>(tableBytes) / double(1 << 20), 4) +
             " MiB), more than the " +
             numberText(static_cast<double>(available) / double(1 << 20), 4) +
             " MiB of memory available now; use a smaller -n, a larger -p or a smaller -m");
}

} // namespace bloomlab
