// RedisFilter — a Bloom filter kept in Redis or a Redis Cluster, shared by every process that
// opens it: all of them add to it and ask it at once.
//
// DESIGN
//   Types: blocked (the Parquet split-block layout of core/blocked_bloom_filter.h) and classic
//   (core/bloom_filter.h). Both hash and place bits exactly as the local filters do (the same
//   hash functions, BlockedBloomFilter::blockMask / blockCheckPortable, BloomFilter::probeIndex),
//   and keep the same bytes: the local filter's little-endian bitset is the concatenation of the
//   Redis strings, so a file copied to Redis answers identically and copies back bit for bit.
//
//   Bit order: Redis numbers the bits of a string from the most significant bit of byte 0
//   (SETBIT / BITFIELD offset 0 = 0x80 of byte 0); the local filters from the least significant
//   one (bit i = byte i / 8, mask 1 << (i % 8)). Within a segment, local bit b is Redis offset
//   b ^ 7 (same byte, mirrored inside it): redisBitOffset(), the only place that knows.
//
//   Keys (NAME from the address; braces are hash tags, so each segment has its own slot and a
//   cluster spreads the segments over its nodes):
//     bloomlab:{NAME}          hash: the metadata (fields below)
//     bloomlab:{NAME:seg:0}    string: bytes [0, S) of the bitset
//     bloomlab:{NAME:seg:1}    string: bytes [S, 2S) ...     (the last segment may be shorter)
//     bloomlab:{NAME}:creating string: the segment count, only while a create or copy runs
//   S (segment bytes, default 64 MiB, 32 B to 256 MiB, a multiple of 32 B) bounds each string
//   well under Redis' 512 MB limit and keeps one filter from being one hot key on one shard; a
//   32-byte block never straddles two segments. Classic filters keep ceil(m / 64) * 8 bytes (the
//   local words), so bits past m are present and zero.
//
//   Operations (each key hashed locally; commands grouped by node and pipelined, depth
//   configurable, replies matched back to keys in order by RedisCluster::execute):
//     blocked lookup   GETRANGE seg off off+31          one round trip slot, 32 bytes back,
//                                                       checked by blockCheckPortable
//     blocked insert   BITFIELD seg SET u1 o0 1 ... SET u1 o7 1
//     classic lookup   BITFIELD seg GET u1 o ... (one command per segment the k probes touch)
//     classic insert   BITFIELD seg SET u1 o 1 ... (likewise)
//   Why BITFIELD SET u1 rather than 8 SETBITs: one command per key instead of eight (an eighth of
//   the commands, replies and parsing), and a command runs whole on the server, so the 8 bits of
//   a block appear together. Setting a bit to 1 is an idempotent OR of that bit: concurrent
//   inserters on any number of machines never lose each other's bits (Redis has no BITFIELD OR,
//   and needs none for single bits). No MULTI: nothing needs more than one command to be atomic.
//
//   Metadata (hash bloomlab:{NAME}): bloomlab_format (1), type (classic | blocked), m, k, blocks,
//   segments, segment_bytes, bytes, hash (xxh3_128 | xxh64), hash_id (1 | 2, as in filter files),
//   seed, capacity, target_fpr, items. Written LAST at create (after every segment exists, or
//   holds the copied bits), so a create that died half way leaves segments without metadata:
//   open() and create() detect that and refuse ("half-created"). A create that fails (a full
//   server, a lost node) or is cancelled deletes what it wrote before it throws, through its own
//   connections or, when those are cut, new ones (the CLI turns Ctrl-C into such a cancel:
//   DeferredSignals in core/atomic_file.h); only a process killed outright leaves a
//   half-created filter. The creation marker, set before the first segment and deleted after
//   the metadata, keeps the segment count of such a leftover, so removeHalfCreated() (the
//   CLI's remove) deletes every segment it wrote, on every node; without one (a leftover of a
//   version that set none) it deletes the segments it finds counting up from 0 until 256 in a
//   row are missing. Every open checks the fields, their consistency and each segment's
//   length: a foreign key with the filter's name
//   (another type, missing fields, another format) is refused, never overwritten.
//   items: an approximate counter, HINCRBY per batch (a concurrent crash may lose a batch's
//   increment; the bits are the truth). info() adds the Swamidass-Baldi estimate from the fill
//   (BITCOUNT per segment).
//
//   Trade-offs: a lookup is a network round trip instead of a memory access: it pays in front of
//   stores slower than that round trip, and batching (pipelines) amortises it over many keys. The metadata hash lives on one node (read at open, written once per batch for
//   the counter). Two creators racing on one NAME: each checks that NAME is free first, but the
//   check and the metadata write are separate commands; the later metadata write wins.
//   remove() deletes the metadata first, then the segments.
//   Viewing: sample(budget) reads at most `budget` bytes of the bitset: all of it when it fits,
//   else up to 256 evenly spaced ranges of equal size (multiples of 32 bytes, at 32-byte
//   offsets, so blocks stay whole; GETRANGE per segment piece). A bit view shows a sample as a
//   filter of the same type (sampleAsFilter) and says which fraction it is.
//   Threads: a RedisFilter owns its connections and is used by one thread at a time; each thread
//   (or process) opens its own, and they all share the filter through the server.
//   A node that goes away gives a RedisError (no failover handling); every command is
//   idempotent except the counter, so a batch may be retried.
#pragma once

#include "core/any_filter.h"
#include "core/redis/redis_cluster.h"
#include "core/redis/redis_url.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::redis {

/// A Redis key with the filter's name that is not a usable BloomLab filter (foreign, another
/// format, half-created), or a geometry that Redis cannot hold. Also thrown for types other than
/// classic and blocked.
class RedisFilterError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// NAME has segments (or a creation marker) without metadata: a create or copy that did not
/// finish. RedisFilter::removeHalfCreated deletes what it left.
class RedisHalfCreatedError : public RedisFilterError {
public:
    using RedisFilterError::RedisFilterError;
};

inline constexpr std::uint32_t kRedisFilterFormat = 1;
inline constexpr std::uint64_t kDefaultSegmentBytes = std::uint64_t{64} << 20;
inline constexpr std::uint64_t kMaxSegmentBytes = std::uint64_t{256} << 20;
/// At most this many segments per filter (metadata claiming more is refused before any key
/// name is made): 1 Mi segments of the default 64 MiB would be 64 TiB.
inline constexpr std::uint64_t kMaxSegments = std::uint64_t{1} << 20;

struct RedisFilterOptions {
    std::uint64_t segmentBytes = kDefaultSegmentBytes;  ///< create only (open reads it)
    std::size_t pipelineDepth = 256;                     ///< commands in flight per node
    std::size_t batchKeys = 16384;                       ///< keys hashed and sent per execute()
    std::chrono::milliseconds connectTimeout{3000};
    std::chrono::milliseconds replyTimeout{5000};
    std::shared_ptr<RedisInterrupter> interrupter;  ///< optional: lets another thread cancel calls
};

/// Whether filters of `type` can live on Redis: classic and blocked, whose bits the server can
/// set atomically (every other check of a type against Redis asks this).
constexpr bool canLiveOnRedis(FilterType type) noexcept {
    return type == FilterType::Classic || type == FilterType::Blocked;
}

/// The shape of a filter: classic (m bits, k probes, seed) or blocked (m = 256 x blocks, k = 8).
struct RedisFilterGeometry {
    FilterType type = FilterType::Blocked;
    std::uint64_t bits = 0;
    std::uint32_t hashes = 0;
    std::uint64_t seed = 0;
    std::uint64_t capacity = 0;  ///< recorded for info (0 = unknown)
    double targetFpr = 0.0;      ///< recorded for info (0 = unknown)

    std::uint64_t blocks() const noexcept { return type == FilterType::Blocked ? bits / 256 : 0; }
    /// Bytes of the bitset (blocked: 32 per block; classic: ceil(m / 64) * 8).
    std::uint64_t bytes() const noexcept;

    static RedisFilterGeometry classic(std::uint64_t bits, std::uint32_t hashes, std::uint64_t seed = 0,
                                       std::uint64_t capacity = 0, double targetFpr = 0.0);
    static RedisFilterGeometry blocked(std::uint64_t blocks, std::uint64_t capacity = 0, double targetFpr = 0.0);
    /// Sized as the local filters size themselves (filter_math::optimalClassic, blockedBlocksFor).
    static RedisFilterGeometry forCapacity(FilterType type, std::uint64_t capacity, double fpr, std::uint64_t seed = 0);
    /// The geometry of a local classic or blocked filter; RedisFilterError for other types.
    static RedisFilterGeometry of(const AnyFilter& filter);
};

struct RedisSegmentInfo {
    std::string key;
    RedisEndpoint node;
    std::uint64_t bytes = 0;
    std::uint64_t setBits = 0;
};

struct RedisFilterInfo {
    std::string location;  ///< the address, password masked
    RedisFilterGeometry geometry;
    std::uint64_t segmentBytes = 0;
    std::string hashName;  ///< "xxh3_128" or "xxh64"
    std::uint64_t items = 0;  ///< the INCRBY counter
    std::uint64_t setBits = 0;
    double fillRatio = 0.0;
    double estimatedItems = 0.0;  ///< Swamidass-Baldi from the fill (filter_math::estimatedItems)
    double estimatedFpr = 0.0;    ///< classic: fill^k; blocked: blockedFpr(estimatedItems, blocks)
    std::vector<RedisSegmentInfo> segments;
    std::vector<RedisEndpoint> nodes;  ///< the distinct nodes holding segments
};

/// A bounded part of a filter's bitset (RedisFilter::sample): the whole bitset, or evenly spaced
/// ranges of rangeBytes each, concatenated in order.
struct RedisBitSample {
    std::uint64_t totalBytes = 0;         ///< the filter's bitset
    std::uint64_t rangeBytes = 0;         ///< bytes per range
    std::vector<std::uint64_t> offsets;   ///< where each range starts in the bitset (bytes)
    std::vector<std::uint8_t> bytes;      ///< the ranges, concatenated
    std::uint64_t items = 0;              ///< the items counter when the sample was read

    bool complete() const noexcept { return bytes.size() == totalBytes; }
    double fraction() const noexcept {
        return totalBytes == 0 ? 1.0 : static_cast<double>(bytes.size()) / static_cast<double>(totalBytes);
    }
};

class RedisFilter {
public:
    /// Ranges a sample has at most.
    static constexpr std::size_t kSampleRanges = 256;
    /// Creates NAME (refused when NAME exists, is half-created or holds a foreign key).
    /// Throws RedisError (connection), RedisFilterError (name taken, bad geometry).
    static RedisFilter create(const RedisLocation& location, const RedisFilterGeometry& geometry,
                              const RedisFilterOptions& options = {});
    static RedisFilter create(RedisCluster cluster, std::string name, const RedisFilterGeometry& geometry,
                              const RedisFilterOptions& options = {});
    /// Opens an existing filter, checking its metadata and segments.
    static RedisFilter open(const RedisLocation& location, const RedisFilterOptions& options = {});
    static RedisFilter open(RedisCluster cluster, std::string name, const RedisFilterOptions& options = {});
    /// Copies a local classic or blocked filter to a new NAME (bits, geometry, item count).
    static RedisFilter upload(const RedisLocation& location, const AnyFilter& filter,
                              const RedisFilterOptions& options = {});
    static RedisFilter upload(RedisCluster cluster, std::string name, const AnyFilter& filter,
                              const RedisFilterOptions& options = {});
    /// Whether NAME has metadata (a filter, or a foreign key with its name).
    static bool exists(RedisCluster& cluster, std::string_view name);

    RedisFilter(RedisFilter&&) noexcept;
    RedisFilter& operator=(RedisFilter&&) noexcept;
    ~RedisFilter();

    bool insert(std::string_view key);  ///< always true
    bool mightContain(std::string_view key);
    void insertMany(std::span<const std::string_view> keys);
    /// results[i] = 1 for maybe, 0 for definitely not; results.size() == keys.size().
    void mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results);

    RedisFilterInfo info();
    /// The filter as a local BloomFilter / BlockedBloomFilter, bit-identical.
    AnyFilter download();
    /// At most `byteBudget` bytes of the bitset (at least 32): all of it when it fits, else
    /// evenly spaced ranges (see DESIGN). Throws RedisError.
    RedisBitSample sample(std::uint64_t byteBudget);
    /// A sample as a local filter of the same type whose bitset is the sampled bytes (for a bit
    /// view: its bit i is bit i of the concatenated ranges). A complete sample is the filter.
    AnyFilter sampleAsFilter(const RedisBitSample& sample) const;
    /// Deletes the metadata, then every segment.
    void remove();
    /// Deletes what a create or copy that did not finish left of NAME: its segments and its
    /// creation marker (see DESIGN). Returns the number of keys deleted. Throws RedisFilterError
    /// when NAME is a complete filter (open it and remove() it) or when nothing of NAME is there.
    static std::uint64_t removeHalfCreated(const RedisLocation& location, const RedisFilterOptions& options = {});
    static std::uint64_t removeHalfCreated(RedisCluster& cluster, std::string_view name,
                                           const RedisFilterOptions& options = {});

    const RedisFilterGeometry& geometry() const noexcept { return m_geometry; }
    const std::string& name() const noexcept { return m_name; }
    std::uint64_t segmentBytes() const noexcept { return m_segmentBytes; }
    std::uint64_t segmentCount() const noexcept;
    RedisCluster& cluster() noexcept { return m_cluster; }

    static std::string metadataKey(std::string_view name);
    static std::string segmentKey(std::string_view name, std::uint64_t segment);
    /// bloomlab:{NAME}:creating, the creation marker (see DESIGN).
    static std::string creatingKey(std::string_view name);
    /// The Redis bit offset (SETBIT / BITFIELD) of bit b of a segment in the local filters'
    /// order (byte b / 8, mask 1 << (b % 8)): the same byte, bits mirrored.
    static constexpr std::uint64_t redisBitOffset(std::uint64_t localBit) noexcept { return localBit ^ 7U; }

private:
    RedisFilter(RedisCluster cluster, std::string name, RedisFilterGeometry geometry, std::uint64_t segmentBytes,
                const RedisFilterOptions& options);
    /// Creates NAME with `bitset` (empty: zeros). A create that fails after its marker takes
    /// back what it wrote; when its connections cannot, *leftBehind is set.
    static RedisFilter createWith(RedisCluster cluster, std::string name, const RedisFilterGeometry& geometry,
                                  const RedisFilterOptions& options, std::span<const std::uint8_t> bitset,
                                  std::uint64_t items, bool* leftBehind = nullptr);
    /// createWith on new connections to `location`; what a failed create could not take back is
    /// removed through connections of its own.
    static RedisFilter createAt(const RedisLocation& location, const RedisFilterOptions& options,
                                const RedisFilterGeometry& geometry, std::span<const std::uint8_t> bitset,
                                std::uint64_t items);
    /// The segments and metadata of a create, after its checks and its marker.
    static void writeCreated(RedisFilter& filter, std::span<const std::uint8_t> bitset, std::uint64_t items);
    static RedisCluster connectTo(const RedisLocation& location, const RedisFilterOptions& options);
    static RedisFilter locatedAt(RedisFilter filter, const RedisLocation& location);
    std::uint64_t segmentLength(std::uint64_t segment) const noexcept;
    /// Reads `length` bytes at each of `offsets` (GETRANGE per segment piece and transfer chunk)
    /// and the items counter; the bytes concatenated in order.
    std::vector<std::uint8_t> readRanges(std::span<const std::uint64_t> offsets, std::uint64_t length,
                                         std::uint64_t* items);
    /// Appends the commands for one key (insert or lookup); returns how many.
    std::size_t appendCommands(std::string_view key, bool insert, std::vector<RedisCommand>& out) const;

    RedisCluster m_cluster;
    std::string m_name;
    RedisFilterGeometry m_geometry;
    std::uint64_t m_segmentBytes = 0;
    std::size_t m_depth = 256;
    std::size_t m_batchKeys = 16384;
    std::vector<std::string> m_segmentKeys;
    std::string m_metadataKey;
    std::string m_location;  ///< for messages and info (password masked)
};

} // namespace bloomlab::redis
