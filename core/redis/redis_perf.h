// redis_perf — the Redis rows of `bloomlab-cli perf --redis URL`: ns per key for insert and
// lookup on a blocked filter kept in Redis, at pipeline depths 1, 16 and 256 (commands in
// flight per node), beside the same keys on the local blocked filter.
//
// HOW: n distinct keys (and n absent ones), hashed and sent as RedisFilter::insertMany /
// mightContainMany do (batches of 16384 keys, grouped by node); steady_clock around each whole
// pass. A fresh filter NAME-depth-D per depth (NAME must be free, each one is removed after its
// row). Depth 1 is one round trip per key: the latency floor; 256 amortises the round trip over
// the pipeline. Present keys must all be found (missedPresent counts any that were not).
#pragma once

#include "core/redis/redis_filter.h"
#include "core/redis/redis_url.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace bloomlab::redis {

struct RedisPerfRow {
    std::size_t depth = 0;  ///< 0 for the local filter
    double insertNs = 0;
    double lookupPosNs = 0;
    double lookupNegNs = 0;
    std::uint64_t missedPresent = 0;
    std::uint64_t falsePositives = 0;
};

struct RedisPerfResult {
    std::string location;  ///< password masked
    bool cluster = false;
    std::size_t nodes = 0;
    std::size_t keyBytes = 0;
    RedisPerfRow local;
    std::vector<RedisPerfRow> rows;  ///< one per depth
};

inline constexpr std::size_t kRedisPerfDepths[] = {1, 16, 256};

/// Throws RedisError / RedisFilterError (NAME taken, server unreachable). `options`: timeouts
/// (its pipeline depth is replaced by each of `depths` in turn).
RedisPerfResult measureRedisPerf(const RedisLocation& location, std::uint64_t n, std::uint64_t seed,
                                 const RedisFilterOptions& options = {},
                                 std::span<const std::size_t> depths = kRedisPerfDepths);

} // namespace bloomlab::redis
