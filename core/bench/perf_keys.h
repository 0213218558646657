// perf_keys — the key streams of `bloomlab-cli perf`, produced chunk by chunk.
//
// A key is named by a 64-bit id; its bytes depend only on (kind, id, seed):
//   integer: 8 bytes, the little-endian encoding of mix64(id ^ seedMix), mix64 = SplitMix64's
//            finaliser (a bijection on 64 bits), so distinct ids give distinct, uniformly spread
//            keys;
//   string:  30 bytes of retrieval-like text, head + ' ' + tag:
//              head = 22 bytes cut from phrases of the project's query corpus (Corpus::generate,
//                     8192 heads, picked by mix64(id)), so keys share real query prefixes;
//              tag  = the id in 7 base-32 letters (a-z, 2-7), which makes the key unique.
//            e.g. "how to install pla tro" + " " + "aaaaab4".
//   packed:  the same 30-byte string keys, laid out as a column or a network batch holds them:
//            back to back in one buffer with 32-bit offsets (KeyBatch, core/key_batch.h). The
//            batched calls of the filters that take a KeyBatch get the chunk that way; every
//            other call gets string_views into the same buffer. (The `string` layout is a
//            32-byte slot per key in one chunk buffer, handed over as a span of string_views: a
//            16-byte view per key read beside the key bytes.)
//   mixed:   string keys of varying length, packed like `packed`: 8 to 39 bytes (uniform, picked
//            by the top 5 bits of mix64(id)), head cut to length - 8 bytes + ' ' + tag, e.g.
//            " aaaaab4" or "how to in aaaaab5". Lengths vary key by key the way a column of names,
//            e-mail addresses or URLs does, so a hash that branches on the length mispredicts
//            where fixed 30-byte keys never do; 3 lengths in 4 take xxHash's short-input path
//            (below 32 bytes), the rest its 32-byte stripes.
// Id sets used by the benchmark (each a pass over up to count ids, in chunks):
//   inserted       ids 0 .. n-1, in order;
//   present query  ids perm(i) = (a i + b) mod n, a coprime to n: every inserted key at most once,
//                  in an order unrelated to insertion (so an exact set's nodes, allocated in
//                  insertion order, are not read sequentially);
//   absent query   ids kAbsentBase + i, never inserted (n <= kMaxKeys < kAbsentBase).
// Producing a chunk is NOT part of any timed region: the benchmark fills a chunk, then times the
// loop over it. Filling costs about the same for every set (a present id is the previous one plus
// a, mod n, not a 128-bit division per key): the time between two timed loops affects the second
// one (on a shared host, other work evicts the filter's lines from the L3 meanwhile; a pass whose
// keys took longer to produce measured slower, docs/performance.md "How it is timed"), so it must
// not differ between the passes the targets compare. Chunks are kChunkKeys = 8192 keys (64 KiB of
// integer keys, 256 KiB of string keys, so they are cache-resident like keys that just arrived),
// a timed loop is 8192 operations and the clock's own cost (one read per timed loop) is spread
// over 8192 operations.
#pragma once

#include "core/hashing.h"
#include "core/key_batch.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::bench {

enum class PerfKeyKind : std::uint8_t { Integer, String, Packed, Mixed };

/// "int", "string", "packed" or "mixed" (the CSV's key_kind column).
std::string_view perfKeyKindName(PerfKeyKind kind) noexcept;

/// SplitMix64's finaliser (Steele, Lea & Flood 2014): a bijection on 64-bit values.
constexpr std::uint64_t perfMix64(std::uint64_t x) noexcept {
    return splitmix64(x + kGoldenGamma);
}

/// Which ids a pass walks (see the header comment).
class PerfIdSet {
public:
    enum class Kind : std::uint8_t { Inserted, Present, Absent };
    /// Throws std::invalid_argument when n is 0 or above kMaxKeys.
    static PerfIdSet inserted(std::uint64_t n);
    static PerfIdSet present(std::uint64_t n, std::uint64_t seed);
    static PerfIdSet absent();

    std::uint64_t id(std::uint64_t i) const noexcept;
    /// ids(begin .. begin + count) into out: the same values as id(), one step apart, so filling a
    /// chunk costs about as much for every set (see the header comment).
    void ids(std::uint64_t begin, std::size_t count, std::uint64_t* out) const noexcept;
    Kind kind() const noexcept { return m_kind; }

private:
    PerfIdSet(Kind kind, std::uint64_t n, std::uint64_t a, std::uint64_t b)
        : m_kind(kind), m_n(n), m_a(a), m_b(b) {}
    Kind m_kind;
    std::uint64_t m_n;
    std::uint64_t m_a;
    std::uint64_t m_b;
};

/// One chunk of keys as the timing loops hand it to a structure: views of the keys (every call
/// can take them; iterate it like a span) and, for the packed layout, the same keys as a
/// KeyBatch over one buffer (packed = true: the packed and mixed kinds).
struct PerfChunk {
    std::span<const std::string_view> views;
    KeyBatch batch;
    bool packed = false;

    std::size_t size() const noexcept { return views.size(); }
    std::string_view operator[](std::size_t i) const noexcept { return views[i]; }
    auto begin() const noexcept { return views.begin(); }
    auto end() const noexcept { return views.end(); }
};

class PerfKeys {
public:
    static constexpr std::size_t kChunkKeys = std::size_t{1} << 13;
    static constexpr std::size_t kStringKeyBytes = 30;
    static constexpr std::size_t kMixedMinBytes = 8;   ///< ' ' + the 7-letter tag
    static constexpr std::size_t kMixedMaxBytes = 39;
    static constexpr std::uint64_t kMaxKeys = std::uint64_t{1} << 34;     ///< largest n
    static constexpr std::uint64_t kAbsentBase = std::uint64_t{1} << 34;  ///< first absent id

    explicit PerfKeys(PerfKeyKind kind, std::uint64_t seed = 42);

    PerfKeyKind kind() const noexcept { return m_kind; }

    /// Fills keys for positions [begin, begin + count) of `ids` (count <= kChunkKeys) and returns
    /// them (views, and the KeyBatch for the packed and mixed kinds), valid until the next fill().
    PerfChunk fill(const PerfIdSet& ids, std::uint64_t begin, std::size_t count);

    /// The bytes of one key (tests, and code that needs a single key outside a chunk).
    std::string key(std::uint64_t id) const;

private:
    /// Writes the key's bytes (at most m_stride) and returns how many.
    std::size_t writeKey(std::uint64_t id, char* out) const noexcept;

    PerfKeyKind m_kind;
    std::uint64_t m_seedMix;
    std::size_t m_stride;                  // room per key in m_data (its length but for mixed)
    std::vector<char> m_heads;  // 8192 heads of 22 bytes (string keys), + 9 bytes for mixed
    std::vector<char> m_data;
    std::vector<std::string_view> m_views;
    std::vector<std::uint32_t> m_offsets;  // packed, mixed: count + 1 offsets into m_data
    std::vector<std::uint64_t> m_ids;      // the chunk's ids
};

} // namespace bloomlab::bench
