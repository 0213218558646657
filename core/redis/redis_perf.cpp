#include "core/redis/redis_perf.h"

#include "core/blocked_bloom_filter.h"
#include "core/filter_math.h"
#include "core/redis/redis_filter.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <span>

namespace bloomlab::redis {

namespace {

using Clock = std::chrono::steady_clock;

/// n keys of 16 bytes: a fixed prefix (present 'p', absent 'a') and 15 hex digits of a
/// SplitMix64 sequence, distinct for distinct i.
std::vector<std::string> perfKeys(std::uint64_t n, char prefix, std::uint64_t seed) {
    std::vector<std::string> keys;
    keys.reserve(n);
    char buffer[32];
    for (std::uint64_t i = 0; i < n; ++i) {
        std::uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        std::snprintf(buffer, sizeof buffer, "%c%015llx", prefix,
                      static_cast<unsigned long long>((z & 0x0FFFFFFFFFFFFFFFULL) ^ (i << 40)));
        keys.emplace_back(buffer);
    }
    return keys;
}

template <class Fn>
double nsPerKey(std::size_t keys, Fn&& fn) {
    const auto start = Clock::now();
    fn();
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
    return keys ? ns / double(keys) : 0.0;
}

} // namespace

RedisPerfResult measureRedisPerf(const RedisLocation& location, std::uint64_t n, std::uint64_t seed,
                                 const RedisFilterOptions& baseOptions, std::span<const std::size_t> depths) {
    n = std::max<std::uint64_t>(n, 1);
    const std::vector<std::string> present = perfKeys(n, 'p', seed);
    const std::vector<std::string> absent = perfKeys(n, 'a', seed ^ 0xA85E47ULL);
    const std::vector<std::string_view> presentViews(present.begin(), present.end());
    const std::vector<std::string_view> absentViews(absent.begin(), absent.end());
    std::vector<std::uint8_t> answers(n);
    const auto count = [&] { return std::uint64_t(std::count(answers.begin(), answers.end(), std::uint8_t{1})); };

    RedisPerfResult result;
    result.location = location.display();
    result.cluster = location.cluster;
    result.keyBytes = present.front().size();
    const std::uint64_t blocks = math::blockedBlocksFor(n, 0.01);

    BlockedBloomFilter local(blocks, n, 0.01);
    result.local.insertNs = nsPerKey(n, [&] { local.insertMany(presentViews); });
    result.local.lookupPosNs = nsPerKey(n, [&] { local.mightContainMany(presentViews, answers); });
    result.local.missedPresent = n - count();
    result.local.lookupNegNs = nsPerKey(n, [&] { local.mightContainMany(absentViews, answers); });
    result.local.falsePositives = count();

    for (const std::size_t depth : depths) {
        RedisLocation at = location;
        at.name += "-depth-" + std::to_string(depth);
        RedisFilterOptions options = baseOptions;
        options.pipelineDepth = depth;
        RedisFilter filter = RedisFilter::create(at, RedisFilterGeometry::blocked(blocks, n, 0.01), options);
        result.nodes = std::max(result.nodes, filter.cluster().masters().size());
        RedisPerfRow row;
        row.depth = depth;
        try {
            row.insertNs = nsPerKey(n, [&] { filter.insertMany(presentViews); });
            row.lookupPosNs = nsPerKey(n, [&] { filter.mightContainMany(presentViews, answers); });
            row.missedPresent = n - count();
            row.lookupNegNs = nsPerKey(n, [&] { filter.mightContainMany(absentViews, answers); });
            row.falsePositives = count();
        } catch (...) {
            try {
                filter.remove();
            } catch (...) {  // the first error is the one to report
            }
            throw;
        }
        filter.remove();
        result.rows.push_back(row);
    }
    return result;
}

} // namespace bloomlab::redis
