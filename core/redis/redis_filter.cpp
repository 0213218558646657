// RedisFilter: a classic or blocked Bloom filter in Redis strings; layout in redis_filter.h.
#include "core/redis/redis_filter.h"

#include "core/blocked_bloom_filter.h"
#include "core/bloom_filter.h"
#include "core/filter_math.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <thread>
#include <utility>

namespace bloomlab::redis {

namespace {

constexpr std::uint64_t kBlockBytes = BlockedBloomFilter::kBytesPerBlock;
constexpr std::uint64_t kBlockBits = kBlockBytes * 8;
/// Bytes per SETRANGE / GETRANGE when a whole bitset moves (copy to and from Redis): a reply
/// of this size arrives well within the reply timeout.
constexpr std::uint64_t kTransferChunk = std::uint64_t{1} << 20;
constexpr std::string_view kFormatField = "bloomlab_format";

std::string number(std::uint64_t value) { return std::to_string(value); }

std::string number(double value) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

/// Parquet's block of a hash (the formula of BlockedBloomFilter::blockIndex, which needs a
/// filter instance; tst_redis_filter compares the bits set through Redis with a local filter's).
std::uint64_t blockOfHash(std::uint64_t hash, std::uint64_t numBlocks) noexcept {
    return ((hash >> 32) * numBlocks) >> 32;
}

std::string_view hashName(FilterType type) { return type == FilterType::Blocked ? "xxh64" : "xxh3_128"; }
HashAlgorithm hashAlgorithm(FilterType type) {
    return type == FilterType::Blocked ? HashAlgorithm::Xxh64 : HashAlgorithm::Xxh3_128;
}

void validateGeometry(const RedisFilterGeometry& g) {
    if (!canLiveOnRedis(g.type)) {
        throw RedisFilterError("a Redis filter is classic or blocked; " + std::string(filterTypeName(g.type)) +
                               " filters cannot be kept in Redis");
    }
    if (g.bits == 0) {
        throw RedisFilterError("a Redis filter needs at least 1 bit; got m = 0");
    }
    if (g.type == FilterType::Blocked) {
        if (g.bits % kBlockBits != 0 || g.hashes != BlockedBloomFilter::kWordsPerBlock ||
            g.blocks() > BlockedBloomFilter::kMaxBlocks) {
            throw RedisFilterError("a blocked filter has m = 256 x blocks (at most 2^32 blocks) and k = 8; got m = " +
                                   number(g.bits) + ", k = " + number(std::uint64_t{g.hashes}));
        }
    } else if (g.hashes == 0 || g.hashes > BloomFilter::kMaxHashes || g.bits > BloomFilter::kMaxBits) {
        throw RedisFilterError("a classic filter needs 1 <= k <= 64 and m <= 2^40; got m = " + number(g.bits) +
                               ", k = " + number(std::uint64_t{g.hashes}));
    }
    if (g.targetFpr != 0.0 && !(g.targetFpr > 0.0 && g.targetFpr < 1.0)) {
        throw RedisFilterError("target p must be in (0, 1), or 0 when unknown; got " + number(g.targetFpr));
    }
}

void validateSegmentBytes(std::uint64_t segmentBytes) {
    if (segmentBytes < kBlockBytes || segmentBytes > kMaxSegmentBytes || segmentBytes % kBlockBytes != 0) {
        throw RedisFilterError("the segment size must be a multiple of 32 bytes from 32 B to 256 MiB; got " +
                               number(segmentBytes) + " bytes");
    }
}

void validateSegmentCount(const RedisFilterGeometry& g, std::uint64_t segmentBytes) {
    const std::uint64_t segments = (g.bytes() + segmentBytes - 1) / segmentBytes;
    if (segments > kMaxSegments) {
        throw RedisFilterError("a filter of " + number(g.bytes()) + " bytes in segments of " + number(segmentBytes) +
                               " bytes needs " + number(segments) + " segments; at most " + number(kMaxSegments) +
                               " are allowed: choose larger segments");
    }
}

void validateName(std::string_view name) {
    if (name.empty() || name.find_first_of("{}/") != std::string_view::npos) {
        throw RedisFilterError("a Redis filter NAME is non-empty and has no '{', '}' or '/'; got \"" +
                               std::string(name) + "\"");
    }
}

/// Error replies inside a filter's batch mean a key was changed under it (WRONGTYPE) or the
/// server refused (OOM, NOAUTH, READONLY): the message names the key and the reply.
void requireOk(const RedisReply& reply, std::string_view key, std::string_view what) {
    if (reply.isError()) {
        std::string hint;
        if (reply.isErrorWith("NOAUTH")) {
            hint = " (set REDISCLI_AUTH or put the password in the address)";
        } else if (reply.isErrorWith("OOM")) {
            hint = " (the server reached maxmemory)";
        } else if (reply.isErrorWith("WRONGTYPE")) {
            hint = " (the key was replaced by another kind of value)";
        }
        throw RedisError("Redis refused " + std::string(what) + " on key " + std::string(key) + ": " + reply.text + hint);
    }
}

std::vector<std::uint8_t> classicBytes(const BloomFilter& filter) {
    const std::span<const std::uint64_t> words = filter.words();
    std::vector<std::uint8_t> bytes(words.size() * sizeof(std::uint64_t));
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(bytes.data(), words.data(), bytes.size());
    } else {
        for (std::size_t i = 0; i < words.size(); ++i) {
            const std::uint64_t le = __builtin_bswap64(words[i]);
            std::memcpy(bytes.data() + i * 8, &le, 8);
        }
    }
    return bytes;
}

/// What a copy to Redis writes: the filter's bitset as little-endian bytes, and its item count.
struct UploadedBits {
    std::vector<std::uint8_t> bytes;
    std::uint64_t items = 0;
};

UploadedBits uploadedBits(const AnyFilter& filter) {
    if (const auto* classic = std::get_if<BloomFilter>(&filter.variant())) {
        return {classicBytes(*classic), classic->itemCount()};
    }
    const auto& blocked = std::get<BlockedBloomFilter>(filter.variant());
    return {blocked.bitsetBytes(), blocked.itemCount()};
}

FilterArray<std::uint64_t> classicWordsFrom(std::span<const std::uint8_t> bytes) {
    FilterArray<std::uint64_t> words(bytes.size() / sizeof(std::uint64_t));
    std::memcpy(words.data(), bytes.data(), words.size() * sizeof(std::uint64_t));
    if constexpr (std::endian::native == std::endian::big) {
        for (std::uint64_t& word : words) {
            word = __builtin_bswap64(word);
        }
    }
    return words;
}

template <class T>
bool parseField(const std::map<std::string, std::string, std::less<>>& fields, std::string_view name, T& out) {
    const auto it = fields.find(name);
    if (it == fields.end()) {
        return false;
    }
    const std::string& text = it->second;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && end == text.data() + text.size();
}

} // namespace

// ---- Geometry --------------------------------------------------------------------------------

std::uint64_t RedisFilterGeometry::bytes() const noexcept {
    return type == FilterType::Blocked ? bits / 8 : (bits + 63) / 64 * 8;
}

RedisFilterGeometry RedisFilterGeometry::classic(std::uint64_t bits, std::uint32_t hashes, std::uint64_t seed,
                                                 std::uint64_t capacity, double targetFpr) {
    RedisFilterGeometry g{FilterType::Classic, bits, hashes, seed, capacity, targetFpr};
    validateGeometry(g);
    return g;
}

RedisFilterGeometry RedisFilterGeometry::blocked(std::uint64_t blocks, std::uint64_t capacity, double targetFpr) {
    RedisFilterGeometry g{FilterType::Blocked, blocks * kBlockBits, BlockedBloomFilter::kWordsPerBlock, 0, capacity,
                          targetFpr};
    if (blocks == 0 || blocks > BlockedBloomFilter::kMaxBlocks) {
        throw RedisFilterError("a blocked filter has 1 to 2^32 blocks; got " + number(blocks));
    }
    validateGeometry(g);
    return g;
}

RedisFilterGeometry RedisFilterGeometry::forCapacity(FilterType type, std::uint64_t capacity, double fpr,
                                                     std::uint64_t seed) {
    if (type == FilterType::Blocked) {
        return blocked(math::blockedBlocksFor(capacity, fpr), capacity, fpr);
    }
    if (type != FilterType::Classic) {
        validateGeometry(RedisFilterGeometry{type, 1, 1, 0, 0, 0.0});
    }
    const math::BloomSizing sizing = math::optimalClassic(capacity, fpr);
    return classic(sizing.bits, sizing.hashes, seed, capacity, fpr);
}

RedisFilterGeometry RedisFilterGeometry::of(const AnyFilter& filter) {
    if (const auto* classic = std::get_if<BloomFilter>(&filter.variant())) {
        return RedisFilterGeometry::classic(classic->numBits(), classic->numHashes(), classic->seed(),
                                            classic->capacity(), classic->targetFpr());
    }
    if (const auto* blocked = std::get_if<BlockedBloomFilter>(&filter.variant())) {
        return RedisFilterGeometry::blocked(blocked->numBlocks(), blocked->capacity(), blocked->targetFpr());
    }
    throw RedisFilterError("only classic and blocked filters can be copied to Redis; this one is " +
                           std::string(filterTypeName(filter.type())));
}

// ---- Keys ------------------------------------------------------------------------------------

std::string RedisFilter::metadataKey(std::string_view name) { return "bloomlab:{" + std::string(name) + "}"; }

std::string RedisFilter::segmentKey(std::string_view name, std::uint64_t segment) {
    return "bloomlab:{" + std::string(name) + ":seg:" + number(segment) + "}";
}

std::string RedisFilter::creatingKey(std::string_view name) { return "bloomlab:{" + std::string(name) + "}:creating"; }

// ---- Construction ----------------------------------------------------------------------------

RedisFilter::RedisFilter(RedisCluster cluster, std::string name, RedisFilterGeometry geometry,
                         std::uint64_t segmentBytes, const RedisFilterOptions& options)
    : m_cluster(std::move(cluster)),
      m_name(std::move(name)),
      m_geometry(geometry),
      m_segmentBytes(segmentBytes),
      m_depth(std::max<std::size_t>(options.pipelineDepth, 1)),
      m_batchKeys(std::max<std::size_t>(options.batchKeys, 1)),
      m_metadataKey(metadataKey(m_name)) {
    const std::uint64_t count = segmentCount();
    m_segmentKeys.reserve(count);
    for (std::uint64_t s = 0; s < count; ++s) {
        m_segmentKeys.push_back(segmentKey(m_name, s));
    }
}

RedisFilter::RedisFilter(RedisFilter&&) noexcept = default;
RedisFilter& RedisFilter::operator=(RedisFilter&&) noexcept = default;
RedisFilter::~RedisFilter() = default;

std::uint64_t RedisFilter::segmentCount() const noexcept {
    return (m_geometry.bytes() + m_segmentBytes - 1) / m_segmentBytes;
}

std::uint64_t RedisFilter::segmentLength(std::uint64_t segment) const noexcept {
    return std::min(m_segmentBytes, m_geometry.bytes() - segment * m_segmentBytes);
}

bool RedisFilter::exists(RedisCluster& cluster, std::string_view name) {
    const RedisReply reply = cluster.execute(RedisCommand{{"EXISTS", metadataKey(name)}});
    requireOk(reply, metadataKey(name), "EXISTS");
    return reply.integer != 0;
}

RedisFilter RedisFilter::createWith(RedisCluster cluster, std::string name, const RedisFilterGeometry& geometry,
                                    const RedisFilterOptions& options, std::span<const std::uint8_t> bitset,
                                    std::uint64_t items, bool* leftBehind) {
    validateName(name);
    validateGeometry(geometry);
    validateSegmentBytes(options.segmentBytes);
    validateSegmentCount(geometry, options.segmentBytes);
    RedisFilter filter(std::move(cluster), std::move(name), geometry, options.segmentBytes, options);
    RedisCluster& c = filter.m_cluster;

    const RedisReply type = c.execute(RedisCommand{{"TYPE", filter.m_metadataKey}});
    requireOk(type, filter.m_metadataKey, "TYPE");
    if (type.text != "none") {
        const RedisReply format = type.text == "hash" ? c.execute(RedisCommand{{"HGET", filter.m_metadataKey, std::string(kFormatField)}})
                                                      : RedisReply{};
        throw RedisFilterError(format.kind == RedisReply::Kind::String
                                   ? "a filter named \"" + filter.m_name + "\" already exists (key " +
                                         filter.m_metadataKey + "); open it, or remove it first (bloomlab-cli remove URL)"
                                   : "the key " + filter.m_metadataKey + " already holds a " + type.text +
                                         " that is not a BloomLab filter; choose another NAME");
    }
    const std::string marker = creatingKey(filter.m_name);
    std::vector<RedisCommand> commands{{{"EXISTS", marker}}};
    for (const std::string& key : filter.m_segmentKeys) {
        commands.push_back({{"EXISTS", key}});
    }
    std::vector<RedisReply> replies = c.execute(commands, filter.m_depth);
    for (std::size_t i = 0; i < replies.size(); ++i) {
        const std::string& key = i == 0 ? marker : filter.m_segmentKeys[i - 1];
        requireOk(replies[i], key, "EXISTS");
        if (replies[i].integer != 0) {
            throw RedisHalfCreatedError("a half-created filter \"" + filter.m_name + "\" is in the way: " + key +
                                        " exists without metadata (a create or copy that did not finish). Remove "
                                        "what it left (bloomlab-cli remove URL) or choose another NAME");
        }
    }
    // The marker keeps the segment count until the metadata is written (see DESIGN).
    requireOk(c.execute(RedisCommand{{"SET", marker, number(filter.segmentCount())}}), marker, "SET");
    try {
        writeCreated(filter, bitset, items);
    } catch (...) {
        // A create that fails (a full server, a lost node) or is cancelled takes back what it
        // wrote, so the name is free again; through the same connections when they still work,
        // else the caller that knows the address reconnects (leftBehind).
        bool removed = false;
        try {
            removeHalfCreated(c, filter.m_name, options);
            removed = true;
        } catch (...) {
        }
        if (leftBehind != nullptr) *leftBehind = !removed;
        throw;
    }
    return filter;
}

void RedisFilter::writeCreated(RedisFilter& filter, std::span<const std::uint8_t> bitset, std::uint64_t items) {
    RedisCluster& c = filter.m_cluster;
    const std::string marker = creatingKey(filter.m_name);
    std::vector<RedisCommand> commands;
    std::vector<RedisReply> replies;

    // Segments first: zeros (the last byte written makes Redis allocate the whole string), or
    // the copied bits in chunks.
    for (std::uint64_t s = 0; s < filter.segmentCount(); ++s) {
        const std::uint64_t length = filter.segmentLength(s);
        const std::string& key = filter.m_segmentKeys[s];
        if (bitset.empty()) {
            commands.push_back({{"SETRANGE", key, number(length - 1), std::string(1, '\0')}});
            continue;
        }
        for (std::uint64_t offset = 0; offset < length; offset += kTransferChunk) {
            const std::uint64_t n = std::min(kTransferChunk, length - offset);
            const auto* begin = reinterpret_cast<const char*>(bitset.data() + s * filter.m_segmentBytes + offset);
            commands.push_back({{"SETRANGE", key, number(offset), std::string(begin, n)}});
        }
    }
    replies = c.execute(commands, bitset.empty() ? filter.m_depth : 4);
    for (std::size_t i = 0; i < replies.size(); ++i) {
        requireOk(replies[i], commands[i].key(), "SETRANGE");
    }

    // Metadata last: its presence says the filter is complete.
    const RedisFilterGeometry& g = filter.m_geometry;
    RedisCommand meta{{"HSET", filter.m_metadataKey,
                       std::string(kFormatField), number(std::uint64_t{kRedisFilterFormat}),
                       "type", std::string(filterTypeName(g.type)),
                       "m", number(g.bits),
                       "k", number(std::uint64_t{g.hashes}),
                       "blocks", number(g.blocks()),
                       "segments", number(filter.segmentCount()),
                       "segment_bytes", number(filter.m_segmentBytes),
                       "bytes", number(g.bytes()),
                       "hash", std::string(hashName(g.type)),
                       "hash_id", number(std::uint64_t{static_cast<std::uint8_t>(hashAlgorithm(g.type))}),
                       "seed", number(g.seed),
                       "capacity", number(g.capacity),
                       "target_fpr", number(g.targetFpr),
                       "items", number(items)}};
    requireOk(c.execute(meta), filter.m_metadataKey, "HSET");
    requireOk(c.execute(RedisCommand{{"DEL", marker}}), marker, "DEL");
}

RedisFilter RedisFilter::create(RedisCluster cluster, std::string name, const RedisFilterGeometry& geometry,
                                const RedisFilterOptions& options) {
    return createWith(std::move(cluster), std::move(name), geometry, options, {}, 0);
}

RedisCluster RedisFilter::connectTo(const RedisLocation& location, const RedisFilterOptions& options) {
    RedisConnectOptions connect = location.connectOptions(options.connectTimeout, options.replyTimeout);
    connect.interrupter = options.interrupter;
    return RedisCluster::connect(location, std::move(connect));
}

RedisFilter RedisFilter::locatedAt(RedisFilter filter, const RedisLocation& location) {
    filter.m_location = location.display();
    return filter;
}

RedisFilter RedisFilter::createAt(const RedisLocation& location, const RedisFilterOptions& options,
                                  const RedisFilterGeometry& geometry, std::span<const std::uint8_t> bitset,
                                  std::uint64_t items) {
    bool leftBehind = false;
    try {
        return locatedAt(createWith(connectTo(location, options), location.name, geometry, options, bitset, items,
                                    &leftBehind),
                         location);
    } catch (...) {
        if (leftBehind) {
            // The create's own connections could not take back what it wrote (cancelled, or
            // cut): new ones, without the interrupter that cancelled it, try once more.
            try {
                RedisFilterOptions cleanup = options;
                cleanup.interrupter.reset();
                RedisCluster fresh = connectTo(location, cleanup);
                // The cut connections' last commands may still be in the server's input and run
                // after this delete (a segment written again): delete until two rounds, 50 ms
                // apart, find nothing.
                for (int round = 0, quiet = 0; round < 20 && quiet < 2; ++round) {
                    if (round > 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
                    std::uint64_t deleted = 0;
                    try {
                        deleted = removeHalfCreated(fresh, location.name, cleanup);
                    } catch (const RedisFilterError&) {
                        // nothing of NAME is left (or a complete filter holds it now)
                    }
                    quiet = deleted == 0 ? quiet + 1 : 0;
                }
            } catch (...) {
                // Still there: open() calls it half-created and remove URL deletes it.
            }
        }
        throw;
    }
}

RedisFilter RedisFilter::create(const RedisLocation& location, const RedisFilterGeometry& geometry,
                                const RedisFilterOptions& options) {
    return createAt(location, options, geometry, {}, 0);
}

RedisFilter RedisFilter::upload(RedisCluster cluster, std::string name, const AnyFilter& filter,
                                const RedisFilterOptions& options) {
    const UploadedBits bits = uploadedBits(filter);
    return createWith(std::move(cluster), std::move(name), RedisFilterGeometry::of(filter), options, bits.bytes,
                      bits.items);
}

RedisFilter RedisFilter::upload(const RedisLocation& location, const AnyFilter& filter,
                                const RedisFilterOptions& options) {
    const UploadedBits bits = uploadedBits(filter);
    return createAt(location, options, RedisFilterGeometry::of(filter), bits.bytes, bits.items);
}

RedisFilter RedisFilter::open(RedisCluster cluster, std::string name, const RedisFilterOptions& options) {
    validateName(name);
    const std::string key = metadataKey(name);
    const RedisReply all = cluster.execute(RedisCommand{{"HGETALL", key}});
    if (all.isErrorWith("WRONGTYPE")) {
        const RedisReply type = cluster.execute(RedisCommand{{"TYPE", key}});
        throw RedisFilterError("the key " + key + " is a " + type.text +
                               ", not a BloomLab filter's metadata hash; refusing to use it as filter \"" + name + "\"");
    }
    requireOk(all, key, "HGETALL");
    if (all.elements.empty()) {
        const std::vector<RedisCommand> probes{{{"EXISTS", creatingKey(name)}}, {{"EXISTS", segmentKey(name, 0)}}};
        const std::vector<RedisReply> found = cluster.execute(probes);
        requireOk(found[0], creatingKey(name), "EXISTS");
        requireOk(found[1], segmentKey(name, 0), "EXISTS");
        if (found[0].integer != 0 || found[1].integer != 0) {
            throw RedisHalfCreatedError("filter \"" + name + "\" is half-created: its metadata " + key +
                                        " does not exist, but what a create or copy that did not finish wrote does; "
                                        "remove that (bloomlab-cli remove URL), then create it again");
        }
        throw RedisFilterError("there is no filter named \"" + name + "\" (no key " + key +
                               "); create it first: bloomlab-cli build --out or copy, or the app's File > Copy Filter to Redis");
    }
    std::map<std::string, std::string, std::less<>> fields;
    for (std::size_t i = 0; i + 1 < all.elements.size(); i += 2) {
        fields[all.elements[i].text] = all.elements[i + 1].text;
    }
    const auto foreign = [&](const std::string& problem) -> RedisFilterError {
        return RedisFilterError("the key " + key + " is not a usable BloomLab filter: " + problem);
    };
    std::uint32_t format = 0;
    if (!fields.contains(kFormatField)) {
        throw foreign("it is a hash without the field " + std::string(kFormatField) + " (a foreign key with this name?)");
    }
    if (!parseField(fields, kFormatField, format) || format != kRedisFilterFormat) {
        throw foreign("it has format " + fields.at(std::string(kFormatField)) + "; this BloomLab reads format " +
                      number(std::uint64_t{kRedisFilterFormat}));
    }
    RedisFilterGeometry g;
    const auto typeField = fields.find("type");
    const std::optional<FilterType> type =
        typeField == fields.end() ? std::nullopt : parseFilterType(typeField->second);
    std::uint64_t blocks = 0;
    std::uint64_t segments = 0;
    std::uint64_t segmentBytes = 0;
    std::uint64_t bytes = 0;
    std::uint64_t items = 0;
    if (!type || !parseField(fields, "m", g.bits) || !parseField(fields, "k", g.hashes) ||
        !parseField(fields, "blocks", blocks) || !parseField(fields, "segments", segments) ||
        !parseField(fields, "segment_bytes", segmentBytes) || !parseField(fields, "bytes", bytes) ||
        !parseField(fields, "seed", g.seed) || !parseField(fields, "capacity", g.capacity) ||
        !parseField(fields, "target_fpr", g.targetFpr) || !parseField(fields, "items", items) ||
        !fields.contains("hash")) {
        throw foreign("a field is missing or not a number (needs type, m, k, blocks, segments, segment_bytes, "
                      "bytes, hash, seed, capacity, target_fpr, items)");
    }
    g.type = *type;
    try {
        validateGeometry(g);
        validateSegmentBytes(segmentBytes);
        validateSegmentCount(g, segmentBytes);
    } catch (const RedisFilterError& e) {
        throw foreign(e.what());
    }
    if (fields.at("hash") != hashName(g.type) || g.blocks() != blocks || g.bytes() != bytes ||
        segments != (bytes + segmentBytes - 1) / segmentBytes) {
        throw foreign("its fields disagree (type " + std::string(filterTypeName(g.type)) + ", hash " + fields.at("hash") +
                      ", m " + number(g.bits) + ", blocks " + number(blocks) + ", bytes " + number(bytes) +
                      ", segments " + number(segments) + " of " + number(segmentBytes) + " bytes)");
    }
    RedisFilter filter(std::move(cluster), std::move(name), g, segmentBytes, options);
    std::vector<RedisCommand> commands;
    for (const std::string& segment : filter.m_segmentKeys) {
        commands.push_back({{"STRLEN", segment}});
    }
    const std::vector<RedisReply> lengths = filter.m_cluster.execute(commands, filter.m_depth);
    for (std::uint64_t s = 0; s < lengths.size(); ++s) {
        if (lengths[s].isErrorWith("WRONGTYPE") ||
            (!lengths[s].isError() && static_cast<std::uint64_t>(lengths[s].integer) != filter.segmentLength(s))) {
            throw foreign("segment " + filter.m_segmentKeys[s] + " has " +
                          (lengths[s].isError() ? "another type" : number(static_cast<std::uint64_t>(lengths[s].integer)) + " bytes") +
                          " where the metadata says " + number(filter.segmentLength(s)) + " bytes");
        }
        requireOk(lengths[s], filter.m_segmentKeys[s], "STRLEN");
    }
    return filter;
}

RedisFilter RedisFilter::open(const RedisLocation& location, const RedisFilterOptions& options) {
    return locatedAt(open(connectTo(location, options), location.name, options), location);
}

void RedisFilter::remove() {
    requireOk(m_cluster.execute(RedisCommand{{"DEL", m_metadataKey}}), m_metadataKey, "DEL");
    // The segments, and a creation marker a create left when it stopped between its last two
    // commands.
    std::vector<RedisCommand> commands;
    for (const std::string& key : m_segmentKeys) {
        commands.push_back({{"DEL", key}});
    }
    commands.push_back({{"DEL", creatingKey(m_name)}});
    const std::vector<RedisReply> replies = m_cluster.execute(commands, m_depth);
    for (std::size_t i = 0; i < replies.size(); ++i) {
        requireOk(replies[i], commands[i].key(), "DEL");
    }
}

std::uint64_t RedisFilter::removeHalfCreated(const RedisLocation& location, const RedisFilterOptions& options) {
    RedisCluster cluster = connectTo(location, options);
    return removeHalfCreated(cluster, location.name, options);
}

std::uint64_t RedisFilter::removeHalfCreated(RedisCluster& cluster, std::string_view name,
                                             const RedisFilterOptions& options) {
    validateName(name);
    if (exists(cluster, name)) {
        throw RedisFilterError("\"" + std::string(name) + "\" is not half-created: its metadata " + metadataKey(name) +
                               " exists (remove the filter itself)");
    }
    const std::size_t depth = std::max<std::size_t>(options.pipelineDepth, 1);
    const std::string marker = creatingKey(name);
    const RedisReply count = cluster.execute(RedisCommand{{"GET", marker}});
    if (count.isErrorWith("WRONGTYPE")) {
        throw RedisFilterError("the key " + marker + " is not a BloomLab creation marker; refusing to delete anything");
    }
    requireOk(count, marker, "GET");
    std::uint64_t deleted = 0;
    const auto deleteAll = [&](const std::vector<RedisCommand>& commands) {
        const std::vector<RedisReply> replies = cluster.execute(commands, depth);
        for (std::size_t i = 0; i < replies.size(); ++i) {
            requireOk(replies[i], commands[i].key(), "DEL");
            deleted += static_cast<std::uint64_t>(std::max<long long>(replies[i].integer, 0));
        }
    };
    if (count.kind == RedisReply::Kind::String) {
        std::uint64_t segments = 0;
        const char* end = count.text.data() + count.text.size();
        const auto [at, error] = std::from_chars(count.text.data(), end, segments);
        if (error != std::errc{} || at != end || segments > kMaxSegments) {
            throw RedisFilterError("the creation marker " + marker + " holds \"" + count.text +
                                   "\", not a segment count; refusing to delete anything");
        }
        std::vector<RedisCommand> commands;
        for (std::uint64_t s = 0; s < segments; ++s) {
            commands.push_back({{"DEL", segmentKey(name, s)}});
        }
        commands.push_back({{"DEL", marker}});
        deleteAll(commands);
        return deleted;
    }
    // No marker: segments counted up from 0 until kGap in a row are missing.
    constexpr std::uint64_t kGap = 256;
    std::uint64_t next = 0;
    std::uint64_t reach = kGap;  // one past the last index worth probing: the last found + kGap
    while (next < std::min(reach, kMaxSegments)) {
        std::vector<RedisCommand> probes;
        for (std::uint64_t s = next; s < std::min(reach, kMaxSegments); ++s) {
            probes.push_back({{"EXISTS", segmentKey(name, s)}});
        }
        const std::vector<RedisReply> found = cluster.execute(probes, depth);
        std::vector<RedisCommand> commands;
        for (std::size_t i = 0; i < found.size(); ++i) {
            requireOk(found[i], probes[i].key(), "EXISTS");
            if (found[i].integer != 0) {
                commands.push_back({{"DEL", std::string(probes[i].key())}});
                reach = next + i + 1 + kGap;
            }
        }
        next += probes.size();
        if (!commands.empty()) {
            deleteAll(commands);
        }
    }
    if (deleted == 0) {
        throw RedisFilterError("there is no filter named \"" + std::string(name) + "\" and nothing that a create or copy of it left");
    }
    return deleted;
}

// ---- Keys in and out -------------------------------------------------------------------------

std::size_t RedisFilter::appendCommands(std::string_view key, bool insert, std::vector<RedisCommand>& out) const {
    const std::uint64_t segmentBits = m_segmentBytes * 8;
    if (m_geometry.type == FilterType::Blocked) {
        const std::uint64_t hash = BlockedBloomFilter::hashOf(key);
        const std::uint64_t blocksPerSegment = m_segmentBytes / kBlockBytes;
        const std::uint64_t block = blockOfHash(hash, m_geometry.blocks());
        const std::uint64_t segment = block / blocksPerSegment;
        const std::uint64_t firstByte = (block % blocksPerSegment) * kBlockBytes;
        const std::string& segmentName = m_segmentKeys[segment];
        if (!insert) {
            out.push_back({{"GETRANGE", segmentName, number(firstByte), number(firstByte + kBlockBytes - 1)}});
            return 1;
        }
        const std::array<std::uint8_t, 8> mask = BlockedBloomFilter::blockMask(hash);
        RedisCommand command{{"BITFIELD", segmentName}};
        command.args.reserve(2 + 4 * mask.size());
        for (std::size_t word = 0; word < mask.size(); ++word) {
            const std::uint64_t localBit = firstByte * 8 + word * 32 + mask[word];
            command.args.insert(command.args.end(), {"SET", "u1", number(redisBitOffset(localBit)), "1"});
        }
        out.push_back(std::move(command));
        return 1;
    }
    const Hash128 hash = xxh3_128(key, m_geometry.seed);
    std::array<std::uint64_t, BloomFilter::kMaxHashes> probes{};
    for (std::uint32_t j = 0; j < m_geometry.hashes; ++j) {
        probes[j] = BloomFilter::probeIndex(hash, j, m_geometry.bits);
    }
    std::sort(probes.begin(), probes.begin() + m_geometry.hashes);
    std::size_t commands = 0;
    for (std::uint32_t j = 0; j < m_geometry.hashes;) {
        const std::uint64_t segment = probes[j] / segmentBits;
        RedisCommand command{{"BITFIELD", m_segmentKeys[segment]}};
        for (; j < m_geometry.hashes && probes[j] / segmentBits == segment; ++j) {
            const std::string offset = number(redisBitOffset(probes[j] % segmentBits));
            if (insert) {
                command.args.insert(command.args.end(), {"SET", "u1", offset, "1"});
            } else {
                command.args.insert(command.args.end(), {"GET", "u1", offset});
            }
        }
        out.push_back(std::move(command));
        ++commands;
    }
    return commands;
}

bool RedisFilter::insert(std::string_view key) {
    insertMany(std::span<const std::string_view>(&key, 1));
    return true;
}

bool RedisFilter::mightContain(std::string_view key) {
    std::uint8_t result = 0;
    mightContainMany(std::span<const std::string_view>(&key, 1), std::span<std::uint8_t>(&result, 1));
    return result != 0;
}

void RedisFilter::insertMany(std::span<const std::string_view> keys) {
    std::vector<RedisCommand> commands;
    for (std::size_t start = 0; start < keys.size(); start += m_batchKeys) {
        const std::size_t count = std::min(m_batchKeys, keys.size() - start);
        commands.clear();
        for (std::size_t i = 0; i < count; ++i) {
            appendCommands(keys[start + i], true, commands);
        }
        commands.push_back({{"HINCRBY", m_metadataKey, "items", number(std::uint64_t{count})}});
        const std::vector<RedisReply> replies = m_cluster.execute(commands, m_depth);
        for (std::size_t i = 0; i < replies.size(); ++i) {
            requireOk(replies[i], commands[i].key(), i + 1 == replies.size() ? "HINCRBY" : "BITFIELD SET");
        }
    }
}

void RedisFilter::mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) {
    if (results.size() != keys.size()) {
        throw std::invalid_argument("mightContainMany: results has " + number(std::uint64_t{results.size()}) +
                                    " slots for " + number(std::uint64_t{keys.size()}) + " keys; they must be equal");
    }
    std::vector<RedisCommand> commands;
    std::vector<std::size_t> owner;
    for (std::size_t start = 0; start < keys.size(); start += m_batchKeys) {
        const std::size_t count = std::min(m_batchKeys, keys.size() - start);
        commands.clear();
        owner.clear();
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t added = appendCommands(keys[start + i], false, commands);
            owner.insert(owner.end(), added, start + i);
            results[start + i] = 1;
        }
        const std::vector<RedisReply> replies = m_cluster.execute(commands, m_depth);
        for (std::size_t c = 0; c < replies.size(); ++c) {
            const RedisReply& reply = replies[c];
            requireOk(reply, commands[c].key(), commands[c].args[0]);
            const std::size_t index = owner[c];
            if (m_geometry.type == FilterType::Blocked) {
                if (reply.kind != RedisReply::Kind::String || reply.text.size() != kBlockBytes) {
                    throw RedisFilterError("segment " + std::string(commands[c].key()) + " returned " +
                                           number(std::uint64_t{reply.text.size()}) +
                                           " bytes for a 32-byte block: it was truncated or replaced");
                }
                std::array<std::uint32_t, BlockedBloomFilter::kWordsPerBlock> words{};
                for (std::size_t w = 0; w < words.size(); ++w) {
                    const auto* p = reinterpret_cast<const unsigned char*>(reply.text.data() + 4 * w);
                    words[w] = std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) |
                               (std::uint32_t{p[3]} << 24);
                }
                const auto x = static_cast<std::uint32_t>(BlockedBloomFilter::hashOf(keys[index]));
                results[index] = BlockedBloomFilter::blockCheckPortable(words.data(), x) ? 1 : 0;
                continue;
            }
            for (const RedisReply& bit : reply.elements) {
                if (bit.integer == 0) {
                    results[index] = 0;
                }
            }
        }
    }
}

// ---- Inspection and copies -------------------------------------------------------------------

RedisFilterInfo RedisFilter::info() {
    RedisFilterInfo info;
    info.location = m_location;
    info.geometry = m_geometry;
    info.segmentBytes = m_segmentBytes;
    info.hashName = std::string(hashName(m_geometry.type));
    std::vector<RedisCommand> commands;
    commands.push_back({{"HGET", m_metadataKey, "items"}});
    for (const std::string& key : m_segmentKeys) {
        commands.push_back({{"BITCOUNT", key}});
    }
    const std::vector<RedisReply> replies = m_cluster.execute(commands, m_depth);
    requireOk(replies[0], m_metadataKey, "HGET");
    std::from_chars(replies[0].text.data(), replies[0].text.data() + replies[0].text.size(), info.items);
    for (std::uint64_t s = 0; s < m_segmentKeys.size(); ++s) {
        const RedisReply& reply = replies[s + 1];
        requireOk(reply, m_segmentKeys[s], "BITCOUNT");
        RedisSegmentInfo segment{m_segmentKeys[s], m_cluster.nodeOf(m_segmentKeys[s]), segmentLength(s),
                                 static_cast<std::uint64_t>(reply.integer)};
        info.setBits += segment.setBits;
        if (std::find(info.nodes.begin(), info.nodes.end(), segment.node) == info.nodes.end()) {
            info.nodes.push_back(segment.node);
        }
        info.segments.push_back(std::move(segment));
    }
    info.fillRatio = static_cast<double>(info.setBits) / static_cast<double>(m_geometry.bits);
    info.estimatedItems = math::estimatedItems(m_geometry.bits, m_geometry.hashes, info.setBits);
    info.estimatedFpr = m_geometry.type == FilterType::Blocked
                            ? (std::isfinite(info.estimatedItems) ? math::blockedFpr(info.estimatedItems, m_geometry.blocks()) : 1.0)
                            : std::pow(info.fillRatio, static_cast<double>(m_geometry.hashes));
    return info;
}

std::vector<std::uint8_t> RedisFilter::readRanges(std::span<const std::uint64_t> offsets, std::uint64_t length,
                                                  std::uint64_t* items) {
    std::vector<RedisCommand> commands;
    commands.push_back({{"HGET", m_metadataKey, "items"}});
    for (const std::uint64_t start : offsets) {
        // Split at segment boundaries and into transfer chunks: every reply is bounded.
        for (std::uint64_t at = start; at < start + length;) {
            const std::uint64_t segment = at / m_segmentBytes;
            const std::uint64_t inSegment = at % m_segmentBytes;
            const std::uint64_t n =
                std::min({kTransferChunk, start + length - at, segmentLength(segment) - inSegment});
            commands.push_back({{"GETRANGE", m_segmentKeys[segment], number(inSegment), number(inSegment + n - 1)}});
            at += n;
        }
    }
    const std::vector<RedisReply> replies = m_cluster.execute(commands, 4);
    requireOk(replies[0], m_metadataKey, "HGET");
    *items = 0;
    std::from_chars(replies[0].text.data(), replies[0].text.data() + replies[0].text.size(), *items);
    std::vector<std::uint8_t> bytes;
    bytes.reserve(offsets.size() * length);
    for (std::size_t i = 1; i < replies.size(); ++i) {
        requireOk(replies[i], commands[i].key(), "GETRANGE");
        bytes.insert(bytes.end(), replies[i].text.begin(), replies[i].text.end());
    }
    if (bytes.size() != offsets.size() * length) {
        throw RedisFilterError("filter \"" + m_name + "\" returned " + number(std::uint64_t{bytes.size()}) +
                               " bytes where its metadata says " + number(offsets.size() * length) +
                               ": a segment was truncated meanwhile");
    }
    return bytes;
}

AnyFilter RedisFilter::download() {
    const std::uint64_t all[] = {0};
    RedisBitSample whole;
    whole.totalBytes = whole.rangeBytes = m_geometry.bytes();
    whole.offsets.assign(std::begin(all), std::end(all));
    whole.bytes = readRanges(whole.offsets, whole.rangeBytes, &whole.items);
    return sampleAsFilter(whole);
}

RedisBitSample RedisFilter::sample(std::uint64_t byteBudget) {
    RedisBitSample sample;
    sample.totalBytes = m_geometry.bytes();
    if (sample.totalBytes <= byteBudget) {
        sample.rangeBytes = sample.totalBytes;
        sample.offsets = {0};
    } else {
        // Equal ranges of whole blocks, as many as the budget allows up to kSampleRanges, spread
        // evenly: range i starts at i x stride (stride >= rangeBytes, so they never overlap).
        const std::uint64_t budget = std::max(byteBudget, kBlockBytes);
        const std::uint64_t ranges = std::min<std::uint64_t>(kSampleRanges, budget / kBlockBytes);
        sample.rangeBytes = budget / ranges / kBlockBytes * kBlockBytes;
        const std::uint64_t stride = sample.totalBytes / ranges / kBlockBytes * kBlockBytes;
        for (std::uint64_t i = 0; i < ranges; ++i) {
            sample.offsets.push_back(i * stride);
        }
    }
    sample.bytes = readRanges(sample.offsets, sample.rangeBytes, &sample.items);
    return sample;
}

AnyFilter RedisFilter::sampleAsFilter(const RedisBitSample& sample) const {
    const RedisFilterGeometry& g = m_geometry;
    if (sample.complete()) {
        if (g.type == FilterType::Blocked) {
            return AnyFilter(BlockedBloomFilter::fromBitset(sample.bytes, g.capacity, g.targetFpr, sample.items));
        }
        return AnyFilter(BloomFilter::fromWords(g.bits, g.hashes, g.capacity, g.targetFpr, g.seed, sample.items,
                                                classicWordsFrom(sample.bytes)));
    }
    // A part: the same type over the sampled bytes (a multiple of 32, hence whole blocks and
    // words); capacity and items scaled to the part, so its fill reads as the whole's would.
    const double part = sample.fraction();
    const auto scaled = [part](std::uint64_t value) {
        return static_cast<std::uint64_t>(std::llround(static_cast<double>(value) * part));
    };
    if (g.type == FilterType::Blocked) {
        return AnyFilter(BlockedBloomFilter::fromBitset(sample.bytes, scaled(g.capacity), g.targetFpr, scaled(sample.items)));
    }
    return AnyFilter(BloomFilter::fromWords(sample.bytes.size() * 8, g.hashes, scaled(g.capacity), g.targetFpr, g.seed,
                                            scaled(sample.items), classicWordsFrom(sample.bytes)));
}

} // namespace bloomlab::redis
