// Filters that live on Redis or Redis Cluster, for the filter commands (cli_redis.cpp): a FILTER
// argument or an --out may be a redis:// or redis-cluster:// address (core/redis/redis_url.h)
// instead of a file. The password comes from the address or REDISCLI_AUTH and is never printed.
#pragma once

#include "core/any_filter.h"
#include "core/bench/benchmark_engine.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::cli {

/// The Redis options of every command that may talk to Redis (build, info, query, union,
/// intersect, insert, copy, remove, bench, sweep, perf): --redis-connect-timeout MS, --redis-timeout MS,
/// --pipeline-depth N. main() takes them out of the arguments before the command's own parser
/// runs (takeRedisOptions) and appends their help to the command's (redisOptionsHelp), so every
/// such command has them, spelled and checked alike. They hold for the whole process (one
/// command per process).
bool talksToRedis(std::string_view command);
/// The help block of the Redis options for `command`; empty for commands that never talk to Redis.
std::string redisOptionsHelp(std::string_view command);
/// For a command that talks to Redis: the Redis options taken out of `args` and validated
/// (UsageError: missing, repeated, not a whole number, out of range, or given while no argument
/// is a Redis address); the other arguments returned in order. Other commands: `args` as is.
std::vector<std::string> takeRedisOptions(std::string_view command, std::vector<std::string> args);

/// `build --out`: a Redis address is parsed and the filter type checked before any key is read
/// (only classic and blocked filters live on Redis: UsageError naming the type and what works).
/// A file --out: nothing to check here.
void checkRedisOutput(FilterType type, const std::string& out);

/// True when a FILTER argument names a filter on Redis rather than a file.
bool isRedisArgument(const std::string& argument);
/// An argument as it may be printed: a Redis address with its password masked, a path as is.
std::string shownArgument(const std::string& argument);
/// The filter a FILTER argument names: a file (loadFilter) or a Redis filter (downloaded,
/// bit-identical). A malformed address is a UsageError naming it and the accepted forms.
AnyFilter openFilterArgument(const std::string& argument);
/// Stores `filter` where an --out argument says: a file (saved atomically) or a new filter on
/// Redis (uploaded; an existing NAME is refused, never overwritten).
void storeFilterArgument(const AnyFilter& filter, const std::string& argument);

/// `query` and `info` on a Redis filter (exit status, output as for a file).
int queryRedisFilter(const std::string& url, const std::string& keysPath, bool countOnly);
int infoRedisFilter(const std::string& url);

/// `bench` / `sweep --filter-at URL`: the benchmark uploads its filter to URL (a NAME that must
/// not exist; removed at the end) and asks it, batched, in front of the store.
void attachRemoteFilter(bench::BenchConfig& config, const std::string& url);
/// After the table: where the shared filter pays and where its round trip costs more than the
/// store (measured speedup, the model with the measured remote cost).
void printRemoteFilterVerdict(std::ostream& out, const bench::BenchConfig& config,
                              const bench::RunResult& median);

/// `perf --redis URL`: ns per key for insert and lookup on a Redis filter at pipeline depths 1,
/// 16 and 256, beside the local blocked filter (n keys; NAME must not exist; removed after).
void printRedisPerf(std::ostream& out, const std::string& url, std::uint64_t n, std::uint64_t seed);

} // namespace bloomlab::cli
