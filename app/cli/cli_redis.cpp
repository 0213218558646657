// bloomlab-cli and filters on Redis: FILTER arguments and --out may be redis:// or
// redis-cluster:// addresses (cli_redis.h); the commands `insert` and `copy`; the shared filter
// asked by `bench --filter-at`; the Redis rows of `perf --redis`.
#include "cli_redis.h"

#include "cli_common.h"
#include "cli_growth.h"
#include "core/atomic_file.h"

#include "core/filter_io.h"
#include "core/key_reader.h"
#include "core/parse_units.h"
#include "core/redis/redis_filter.h"
#include "core/redis/redis_perf.h"
#include "core/redis/redis_url.h"

#include "cli_json.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bloomlab::cli {

namespace {

using redis::RedisFilter;
using redis::RedisLocation;

/// Keys sent per batch by query and insert (each batch is hashed, grouped by node, pipelined).
constexpr std::size_t kBatchKeys = 16384;

// ---- Redis options -----------------------------------------------------------------------------

constexpr std::uint64_t kMaxTimeoutMs = 600000;      // 10 minutes
constexpr std::uint64_t kMaxPipelineDepth = 65536;

/// The options of this process' Redis connections (set once by takeRedisOptions; the CLI runs
/// one command per process, on one thread).
redis::RedisFilterOptions& processOptions() {
    static redis::RedisFilterOptions options;
    return options;
}
/// Copies `filter` to a new NAME. Ctrl-C (or SIGTERM, SIGHUP) cancels the copy instead of
/// killing the process at once: the copy deletes what it wrote, then the process ends of the
/// signal as it would have (a second signal ends it at once).
void uploadInterruptibly(const RedisLocation& location, const AnyFilter& filter, redis::RedisFilterOptions options) {
    auto interrupter = std::make_shared<redis::RedisInterrupter>();
    options.interrupter = interrupter;
    DeferredSignals deferred([interrupter] { interrupter->interrupt(); });
    try {
        RedisFilter::upload(location, filter, options);
    } catch (const std::exception&) {
        if (deferred.signalled() == 0) throw;
        std::fprintf(stderr, "bloomlab-cli: interrupted: the copy to %s stopped, and what it had written was deleted\n",
                     location.display().c_str());
        deferred.dieOfSignal();
    }
}

/// perf --redis: the depths measured (1, 16, 256, or the one --pipeline-depth gave).
std::vector<std::size_t>& perfDepths() {
    static std::vector<std::size_t> depths(std::begin(redis::kRedisPerfDepths), std::end(redis::kRedisPerfDepths));
    return depths;
}

/// A whole number from 1 to `max`, as typed (no sign, no unit, no fraction).
std::uint64_t parseBounded(const std::string& option, const std::string& text, std::uint64_t max,
                           std::string_view unit, std::uint64_t fallback) {
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    const bool number = !text.empty() && error == std::errc() && end == text.data() + text.size();
    const std::string range = "give " + std::string(unit) + " from 1 to " + std::to_string(max) + " (default " +
                              std::to_string(fallback) + ")";
    if (error == std::errc::result_out_of_range || (number && value > max))
        throw UsageError("option " + option + ": '" + text + "' is too large; " + range);
    if (!number) throw UsageError("option " + option + ": '" + text + "' is not a whole number; " + range);
    if (value == 0) throw UsageError("option " + option + ": 0 is not allowed; " + range);
    return value;
}

/// The redis:// or redis-cluster:// address among `args` (as a word or after "--opt="), if any.
bool namesRedisAddress(const std::vector<std::string>& args) {
    for (const std::string& arg : args) {
        const auto eq = arg.find('=');
        if (isRedisArgument(arg) || (arg.starts_with("--") && eq != std::string::npos && isRedisArgument(arg.substr(eq + 1))))
            return true;
    }
    return false;
}

/// The address parsed (password from it or REDISCLI_AUTH); a malformed one is a usage error
/// whose message quotes it (password masked) and lists the accepted forms.
RedisLocation locationOf(const std::string& url) {
    try {
        return redis::parseRedisUrl(url);
    } catch (const redis::RedisUrlError& e) {
        throw UsageError(e.what());
    }
}

/// Reads keys from `path` ('-' = stdin) and hands them to `batch` kBatchKeys at a time.
template <class Batch>
std::uint64_t forEachKeyBatch(const std::string& path, Batch&& batch) {
    std::vector<std::string> keys;
    keys.reserve(kBatchKeys);
    const auto flush = [&] {
        if (keys.empty()) return;
        const std::vector<std::string_view> views(keys.begin(), keys.end());
        batch(std::span<const std::string_view>(views));
        keys.clear();
    };
    const std::uint64_t total = readKeys(path, [&](std::string_view key) {
        keys.emplace_back(key);
        if (keys.size() == kBatchKeys) flush();
    });
    flush();
    return total;
}

// ---- insert ----------------------------------------------------------------------------------

constexpr std::string_view kInsertUsage =
    R"(Usage: bloomlab-cli insert FILTER --keys FILE|- [--rebuild-keys FILE]

Adds keys (one per line, exact bytes; '-' = stdin) to an existing filter. FILTER is a filter
file (rewritten atomically: the old file stays whole until the new one is complete) or a filter
on Redis, redis://[user[:password]@]host[:port][/db]/NAME or
redis-cluster://host:port[,host:port...]/NAME (the keys go to the server in pipelined batches;
the password comes from the address or REDISCLI_AUTH and is never printed).

A filter file's growth policy (build --on-full) is honoured: a tiered cuckoo filter adds tiers
as it needs them (the output says how many this insert added). With the rebuild policy, when a
threshold is reached the filter is rebuilt growth times larger from --rebuild-keys FILE (every
key of the filter; checked first: a list with fewer keys the filter knows than its items is
refused, nothing changed) and the new keys; without --rebuild-keys the threshold is reported on
stderr and the rebuild refused (exit 3), because a filter file holds no key list and the
inserted keys are only the new ones.

Options:
  --keys FILE|-           the keys to add ('-' = stdin)
  --rebuild-keys FILE     a filter with the rebuild policy: every key of the filter, the key
                          source of a rebuild (a regular file, read twice)

Exit status: 0 when every key went in; 3 when some inserts failed (a full cuckoo table, a
scalable filter at its layer limit; the file is saved with the others) or a rebuild threshold
was reached; 2 for usage errors; 1 for other errors (a file that cannot be read, a server that
cannot be reached).
)";

int runInsert(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    const auto keys = parser.value({"--keys"});
    const auto rebuildKeys = parser.value({"--rebuild-keys"}, "a key file listing every key of the filter");
    const std::string target = parser.onePositional("FILTER", keysFromFileHint("insert"));
    parser.finish();
    if (!keys) throw UsageError("missing --keys FILE (or --keys - for stdin)");

    if (isRedisArgument(target)) {
        if (rebuildKeys) throw UsageError("--rebuild-keys applies to a filter file (with the rebuild policy)");
        const RedisLocation location = locationOf(target);
        RedisFilter filter = RedisFilter::open(location, processOptions());
        const std::uint64_t total =
            forEachKeyBatch(*keys, [&](std::span<const std::string_view> batch) { filter.insertMany(batch); });
        std::cout << "inserted " << total << " keys into " << location.display() << "\n";
        if (outputOptions().json)
            jsonDocument()
                .beginObject()
                .field("location", location.display())
                .field("keys_read", total)
                .field("inserted", total)
                .field("failed", 0)
                .endObject();
        return 0;
    }
    checkOutputTarget(target, {*keys});  // the filter is rewritten: it must not be its own key file
    return insertIntoFilterFile(target, *keys, rebuildKeys);
}

// ---- copy ------------------------------------------------------------------------------------

constexpr std::string_view kCopyUsage =
    R"(Usage: bloomlab-cli copy SRC DST [--segment-bytes SIZE]

Copies a filter between a file and Redis, either way (or file to file, Redis to Redis). SRC
and DST are filter files or addresses redis://[user[:password]@]host[:port][/db]/NAME and
redis-cluster://host:port[,host:port...]/NAME. The copy is bit for bit: a file copied to Redis
and back is byte-identical. On Redis only classic and blocked filters can live; DST must not
exist yet (a Redis NAME is never overwritten; a file DST is replaced atomically).

Options:
  --segment-bytes SIZE  a Redis DST: bytes per segment string (65536, 64KiB, 1MiB), a
                      multiple of 32 from 32 B to 256 MiB (default 64 MiB). Smaller segments
                      spread a filter over more cluster nodes (docs/distributed.md).
)";

int runCopy(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    redis::RedisFilterOptions options = processOptions();
    if (auto v = parser.value({"--segment-bytes"})) options.segmentBytes = parseOption("--segment-bytes", *v, parseSizeBytes);
    auto rest = parser.positionals();
    parser.finish();
    if (rest.size() != 2) throw UsageError("give SRC and DST (see --help)");
    for (const std::string& argument : rest)
        if (isRedisArgument(argument)) locationOf(argument);  // a malformed address fails before any work
    if (!isRedisArgument(rest[1]))
        checkOutputTarget(rest[1], isRedisArgument(rest[0]) ? std::vector<std::filesystem::path>{}
                                                             : std::vector<std::filesystem::path>{rest[0]});
    const AnyFilter filter = openFilterArgument(rest[0]);
    if (isRedisArgument(rest[1]))
        uploadInterruptibly(locationOf(rest[1]), filter, options);
    else
        saveFilter(filter, rest[1]);
    if (outputOptions().json)
        jsonDocument()
            .beginObject()
            .field("from", shownArgument(rest[0]))
            .field("to", shownArgument(rest[1]))
            .field("type", filterTypeName(filter.type()))
            .field("m", filter.sizeInBits())
            .endObject();
    std::cout << "copied " << filterTypeName(filter.type()) << " filter (" << filter.sizeInBits() << " bits) from "
              << shownArgument(rest[0]) << " to " << shownArgument(rest[1]) << "\n";
    return 0;
}

// ---- remove ----------------------------------------------------------------------------------

constexpr std::string_view kRemoveUsage =
    R"(Usage: bloomlab-cli remove URL

Deletes a BloomLab filter on Redis or Redis Cluster: URL is redis://[user[:password]@]host[:port]
[/db]/NAME or redis-cluster://host:port[,host:port...]/NAME. The filter is opened first, so only
a key that holds a BloomLab filter is deleted (any other key of that name is refused and left
alone); then its metadata goes, then its segments. What a create or copy that did not finish
left (segments without metadata: "half-created") is deleted too, on every node. Stop the programs that use the filter first:
one that still has it open is not told; its lookups then fail (blocked) or answer "no" for
every key (classic), and its inserts write keys of that name again. A filter file is removed
like any file (rm).
)";

int runRemove(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    auto rest = parser.positionals();
    parser.finish();
    if (rest.size() != 1) throw UsageError("give exactly one filter address (see --help)");
    if (!isRedisArgument(rest[0]))
        throw UsageError("'" + rest[0] + "' is not a Redis address; remove deletes filters on Redis (" +
                         std::string(redis::kRedisUrlForms) + "); a filter file is removed like any file (rm)");
    const RedisLocation location = locationOf(rest[0]);
    std::optional<RedisFilter> opened;
    try {
        opened.emplace(RedisFilter::open(location, processOptions()));
    } catch (const redis::RedisHalfCreatedError&) {
        // What a create or copy that did not finish left: its segments, found by its marker.
        const std::uint64_t keys = RedisFilter::removeHalfCreated(location, processOptions());
        if (outputOptions().json)
            jsonDocument()
                .beginObject()
                .field("location", location.display())
                .field("half_created", true)
                .field("keys", keys)
                .endObject();
        std::cout << "removed what an unfinished create or copy left at " << location.display() << " (" << keys
                  << (keys == 1 ? " key" : " keys") << ")\n";
        return 0;
    }
    RedisFilter& filter = *opened;
    const redis::RedisFilterGeometry geometry = filter.geometry();
    const std::size_t segments = filter.segmentCount();
    filter.remove();
    if (outputOptions().json)
        jsonDocument()
            .beginObject()
            .field("location", location.display())
            .field("type", filterTypeName(geometry.type))
            .field("m", geometry.bits)
            .field("segments", segments)
            .endObject();
    std::cout << "removed " << filterTypeName(geometry.type) << " filter (" << geometry.bits << " bits, " << segments
              << (segments == 1 ? " segment" : " segments") << ") at " << location.display() << "\n";
    return 0;
}

const bool kRemoveRegistered =
    registerCommand({"remove", "delete a filter on Redis", kRemoveUsage, runRemove});
const bool kInsertRegistered =
    registerCommand({"insert", "add keys to an existing filter (file or Redis)", kInsertUsage, runInsert});
const bool kCopyRegistered =
    registerCommand({"copy", "copy a filter between a file and Redis, either way", kCopyUsage, runCopy});

// ---- bench --filter-at -------------------------------------------------------------------------

/// The benchmark's shared filter: a copy of its preloaded local filter on Redis, asked in
/// pipelined batches, removed when the benchmark ends.
class RedisMembership final : public RemoteMembership {
public:
    explicit RedisMembership(RedisFilter filter, std::string location)
        : m_filter(std::move(filter)), m_location(std::move(location)) {}
    ~RedisMembership() override {
        try {
            m_filter.remove();
        } catch (const std::exception& e) {
            std::cerr << "bloomlab-cli: warning: could not remove the benchmark's filter at " << m_location << ": "
                      << e.what() << "\n";
        }
    }
    RedisMembership(const RedisMembership&) = delete;
    RedisMembership& operator=(const RedisMembership&) = delete;

    void mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) override {
        m_filter.mightContainMany(keys, results);
    }
    std::string location() const override { return m_location; }

private:
    RedisFilter m_filter;
    std::string m_location;
};

} // namespace

bool talksToRedis(std::string_view command) {
    for (std::string_view name : {"build", "info", "query", "union", "intersect", "insert", "copy", "remove", "bench", "sweep", "perf"})
        if (command == name) return true;
    return false;
}

std::string redisOptionsHelp(std::string_view command) {
    if (!talksToRedis(command)) return {};
    const std::string where = command == "perf"                           ? "--redis"
                              : command == "bench" || command == "sweep" ? "--filter-at"
                              : command == "build"                       ? "--out"
                              : command == "union" || command == "intersect" ? "a FILTER or --out"
                              : command == "copy"                        ? "SRC or DST"
                              : command == "remove"                      ? "URL"
                                                                         : "FILTER";
    std::string help = "\nRedis options (only when " + where +
                       " is a redis:// or redis-cluster:// address; each given at most once):\n"
                       "      --redis-connect-timeout MS  time to connect to each node, 1 to 600000 ms (default 3000)\n"
                       "      --redis-timeout MS          time to wait for each reply, 1 to 600000 ms (default 5000)\n"
                       "      --pipeline-depth N          commands in flight per node, 1 to 65536 (default 256)";
    help += command == "perf" ? ";\n                                  measures at N only instead of 1, 16 and 256\n" : "\n";
    return help;
}

std::vector<std::string> takeRedisOptions(std::string_view command, std::vector<std::string> args) {
    if (!talksToRedis(command)) return args;
    ArgParser parser(std::move(args));
    const auto connect = parser.value({"--redis-connect-timeout"}, "milliseconds, 1 to 600000");
    const auto reply = parser.value({"--redis-timeout"}, "milliseconds, 1 to 600000");
    const auto depth = parser.value({"--pipeline-depth"}, "commands in flight per node, 1 to 65536");
    std::vector<std::string> rest = parser.unused();
    if ((connect || reply || depth) && !namesRedisAddress(rest)) {
        const std::string given = connect ? "--redis-connect-timeout" : reply ? "--redis-timeout" : "--pipeline-depth";
        throw UsageError("option " + given + " applies to filters on Redis only, and no argument is a redis:// or "
                         "redis-cluster:// address (see --help)");
    }
    redis::RedisFilterOptions& options = processOptions();
    if (connect)
        options.connectTimeout = std::chrono::milliseconds(
            parseBounded("--redis-connect-timeout", *connect, kMaxTimeoutMs, "milliseconds", 3000));
    if (reply)
        options.replyTimeout =
            std::chrono::milliseconds(parseBounded("--redis-timeout", *reply, kMaxTimeoutMs, "milliseconds", 5000));
    if (depth) {
        options.pipelineDepth = parseBounded("--pipeline-depth", *depth, kMaxPipelineDepth, "a depth", 256);
        perfDepths() = {options.pipelineDepth};
    }
    return rest;
}

void checkRedisOutput(FilterType type, const std::string& out) {
    if (!isRedisArgument(out)) return;
    const RedisLocation location = locationOf(out);
    if (!redis::canLiveOnRedis(type))
        throw UsageError("--out " + location.display() + ": a " + std::string(filterTypeName(type)) +
                         " filter cannot live on Redis; only classic and blocked filters can (--type blocked or "
                         "--type classic), or write a " + std::string(filterTypeName(type)) + " filter to a file");
}

bool isRedisArgument(const std::string& argument) {
    // "redis:" and "redis-cluster:" typos (one slash, none) are addresses too, so their message
    // lists the accepted forms instead of "no such file".
    return redis::isRedisUrl(argument) || argument.starts_with("redis:") || argument.starts_with("redis-cluster:");
}

std::string shownArgument(const std::string& argument) {
    return isRedisArgument(argument) ? redis::maskRedisUrl(argument) : argument;
}

AnyFilter openFilterArgument(const std::string& argument) {
    if (!isRedisArgument(argument)) return loadFilter(argument);
    return RedisFilter::open(locationOf(argument), processOptions()).download();
}

void storeFilterArgument(const AnyFilter& filter, const std::string& argument) {
    if (!isRedisArgument(argument)) {
        saveFilter(filter, argument);
        return;
    }
    uploadInterruptibly(locationOf(argument), filter, processOptions());
}

int queryRedisFilter(const std::string& url, const std::string& keysPath, bool countOnly) {
    RedisFilter filter = RedisFilter::open(locationOf(url), processOptions());
    std::uint64_t maybe = 0;
    std::uint64_t no = 0;
    std::vector<std::uint8_t> results;
    std::string buffer;
    // --json: as for a file, with "location" in place of "file".
    const bool json = outputOptions().json;
    JsonWriter& document = jsonDocument();
    // The document begins with the first batch (or at the end): a key file that cannot be
    // opened gives the plain error document.
    const auto beginDocument = [&] {
        if (!json || !document.empty()) return;
        document.beginObject().field("location", shownArgument(url));
        if (!countOnly) document.key("results").beginArray();
    };
    forEachKeyBatch(keysPath, [&](std::span<const std::string_view> batch) {
        results.resize(batch.size());
        filter.mightContainMany(batch, results);
        if (json) {
            beginDocument();
            for (std::size_t i = 0; i < batch.size(); ++i) {
                (results[i] ? maybe : no) += 1;
                if (!countOnly) document.beginObject().bytesField("key", batch[i]).field("maybe", results[i] != 0).endObject();
            }
            document.flushIfLarge(stdout);
            return;
        }
        buffer.clear();
        for (const std::uint8_t hit : results) {
            (hit ? maybe : no) += 1;
            if (!countOnly) buffer += hit ? "maybe\n" : "no\n";
        }
        if (!buffer.empty() && std::fwrite(buffer.data(), 1, buffer.size(), stdout) != buffer.size())
            throw std::runtime_error("cannot write to standard output");
    });
    if (json) {
        beginDocument();
        if (!countOnly) document.endArray();
        document.field("maybe", maybe).field("no", no).endObject();
        return 0;
    }
    if (countOnly)
        std::printf("maybe=%llu no=%llu\n", static_cast<unsigned long long>(maybe),
                    static_cast<unsigned long long>(no));
    if (std::fflush(stdout) != 0) throw std::runtime_error("cannot write to standard output");
    return 0;
}

int infoRedisFilter(const std::string& url) {
    RedisFilter filter = RedisFilter::open(locationOf(url), processOptions());
    const redis::RedisFilterInfo info = filter.info();
    const redis::RedisFilterGeometry& g = info.geometry;
    std::cout << "filter: " << info.location << (filter.cluster().isCluster() ? " (Redis Cluster)" : " (Redis)")
              << "\nformat: BloomLab Redis filter v" << redis::kRedisFilterFormat << "\n"
              << "type: " << filterTypeName(g.type) << "\n"
              << "m: " << g.bits << " bits (" << g.bytes() << " bytes, " << formatBytes(double(g.bytes())) << ")\n"
              << "k: " << g.hashes << "\n";
    if (g.type == FilterType::Blocked) std::cout << "blocks: " << g.blocks() << " of 256 bits\n";
    std::cout << "hash: " << info.hashName << ", seed " << g.seed << "\n"
              << "capacity: " << g.capacity << "\n"
              << "target FPR: " << (g.targetFpr > 0 ? fmt("%.4g", g.targetFpr) : std::string("-")) << "\n"
              << "segments: " << info.segments.size() << " of at most " << info.segmentBytes << " bytes ("
              << formatBytes(double(info.segmentBytes)) << ")\n";
    // One line per segment up to a screenful; a filter in thousands of small segments lists
    // the first ones, and each node's share below (--json has every segment).
    constexpr std::size_t kListedSegments = 16;
    for (std::size_t i = 0; i < info.segments.size() && i < kListedSegments; ++i) {
        const redis::RedisSegmentInfo& segment = info.segments[i];
        std::cout << "  " << segment.key << "  " << segment.bytes << " bytes, " << segment.setBits << " bits set, on "
                  << segment.node.display() << "\n";
    }
    if (info.segments.size() > kListedSegments)
        std::cout << "  ... and " << info.segments.size() - kListedSegments
                  << " more (--json lists every segment)\n";
    std::cout << "nodes: " << info.nodes.size() << " (";
    for (std::size_t i = 0; i < info.nodes.size(); ++i) {
        std::cout << (i ? ", " : "") << info.nodes[i].display();
        if (info.segments.size() > 1) {
            const auto held = std::count_if(info.segments.begin(), info.segments.end(),
                                            [&](const redis::RedisSegmentInfo& s) { return s.node == info.nodes[i]; });
            std::cout << ": " << held << (held == 1 ? " segment" : " segments");
        }
    }
    std::cout << ")\n"
              << "items (counter): " << info.items << "\n"
              << "fill ratio: " << fmt("%.4f", info.fillRatio) << " (" << info.setBits << " bits set)\n"
              << "estimated items (Swamidass-Baldi, from the fill): " << fmt("%.0f", info.estimatedItems) << "\n"
              << "estimated FPR now: " << fmt("%.4g", info.estimatedFpr) << "\n";
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject()
            .field("location", info.location)
            .field("cluster", filter.cluster().isCluster())
            .field("format", "bloomlab-redis")
            .field("format_version", redis::kRedisFilterFormat)
            .field("type", filterTypeName(g.type))
            .field("m", g.bits)
            .field("bytes", g.bytes())
            .field("k", g.hashes)
            .field("blocks", g.type == FilterType::Blocked ? g.blocks() : 0)
            .field("hash", info.hashName)
            .field("seed", g.seed)
            .optionalField("capacity", g.capacity, g.capacity > 0)
            .optionalField("target_fpr", g.targetFpr, g.targetFpr > 0)
            .field("segment_bytes", info.segmentBytes)
            .key("segments")
            .beginArray();
        for (const redis::RedisSegmentInfo& segment : info.segments)
            json.beginObject()
                .field("key", segment.key)
                .field("bytes", segment.bytes)
                .field("set_bits", segment.setBits)
                .field("node", segment.node.display())
                .endObject();
        json.endArray().key("nodes").beginArray();
        for (const auto& node : info.nodes) json.value(node.display());
        json.endArray()
            .field("items", info.items)
            .field("set_bits", info.setBits)
            .field("fill_ratio", info.fillRatio)
            .field("estimated_items", info.estimatedItems)
            .field("estimated_fpr", info.estimatedFpr)
            .endObject();
    }
    if (g.capacity > 0 && info.estimatedItems > 1.1 * double(g.capacity))
        std::cerr << "bloomlab-cli info: warning: the filter holds about " << fmt("%.0f", info.estimatedItems)
                  << " items for a capacity of " << g.capacity << "; its FPR is above target\n";
    return 0;
}

void attachRemoteFilter(bench::BenchConfig& config, const std::string& url) {
    const RedisLocation location = locationOf(url);
    if (!redis::canLiveOnRedis(config.filter.type))
        throw UsageError("--filter-at needs --filter classic or blocked (the layouts a Redis filter has); got " +
                         std::string(filterTypeName(config.filter.type)));
    config.remoteFilterLocation = location.display();
    config.remoteFilter = [location](const AnyFilter& preloaded) -> std::unique_ptr<RemoteMembership> {
        return std::make_unique<RedisMembership>(RedisFilter::upload(location, preloaded, processOptions()),
                                                 location.display());
    };
}

void printRemoteFilterVerdict(std::ostream& out, const bench::BenchConfig& config, const bench::RunResult& r) {
    if (config.remoteFilterLocation.empty()) return;
    const double store = r.hotRatio * r.backendHotNs + (1.0 - r.hotRatio) * r.backendColdNs;
    out << "shared filter at " << config.remoteFilterLocation << ": c_f = " << fmt("%.0f", r.filterCostNs)
        << " ns per query (one pipelined batch per 256 queries) against " << fmt("%.0f", store)
        << " ns per store lookup (h = " << fmt("%.2f", r.hotRatio) << ")\n";
    if (r.speedup >= 1.0)
        out << "  it pays in front of " << bench::backendName(config.backend) << ": measured speedup "
            << fmt("%.2f", r.speedup) << "x, model " << fmt("%.2f", r.modelSpeedup) << "x\n";
    else
        out << "  its round trip costs more than the " << bench::backendName(config.backend)
            << " store itself: measured speedup " << fmt("%.2f", r.speedup) << "x, model "
            << fmt("%.2f", r.modelSpeedup) << "x (ask the store directly, or a local filter)\n";
}

void printRedisPerf(std::ostream& out, const std::string& url, std::uint64_t n, std::uint64_t seed) {
    const RedisLocation location = locationOf(url);
    const redis::RedisPerfResult result = redis::measureRedisPerf(location, n, seed, processOptions(), perfDepths());
    char line[256];
    out << "\nRedis filter at " << result.location << " (" << (result.cluster ? "cluster, " : "")
        << result.nodes << (result.nodes == 1 ? " node" : " nodes") << "), blocked, n = " << n
        << " keys of " << result.keyBytes << " bytes; ns per key\n";
    std::snprintf(line, sizeof line, "%-16s %8s %12s %12s %12s %8s\n", "structure", "depth", "insert_ns",
                  "lookup_pos", "lookup_neg", "missed");
    out << line;
    const auto row = [&](const std::string& name, const std::string& depth, const redis::RedisPerfRow& r) {
        std::snprintf(line, sizeof line, "%-16s %8s %12.1f %12.1f %12.1f %8llu\n", name.c_str(), depth.c_str(),
                      r.insertNs, r.lookupPosNs, r.lookupNegNs, static_cast<unsigned long long>(r.missedPresent));
        out << line;
    };
    row("blocked (local)", "-", result.local);
    for (const redis::RedisPerfRow& r : result.rows) row("blocked (redis)", std::to_string(r.depth), r);
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject()
            .field("location", result.location)
            .field("cluster", result.cluster)
            .field("nodes", result.nodes)
            .field("n", n)
            .field("key_bytes", result.keyBytes)
            .key("rows")
            .beginArray();
        const auto jsonRow = [&](const char* where, std::size_t depth, const redis::RedisPerfRow& r) {
            json.beginObject()
                .field("structure", where)
                .optionalField("depth", depth, depth > 0)
                .field("insert_ns", r.insertNs)
                .field("lookup_present_ns", r.lookupPosNs)
                .field("lookup_absent_ns", r.lookupNegNs)
                .field("missed", r.missedPresent)
                .endObject();
        };
        jsonRow("blocked_local", 0, result.local);
        for (const redis::RedisPerfRow& r : result.rows) jsonRow("blocked_redis", r.depth, r);
        json.endArray().endObject();
    }
}

} // namespace bloomlab::cli
