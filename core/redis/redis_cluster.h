// RedisCluster — commands routed to the node that owns their key: a Redis Cluster, or one server.
//
// DESIGN
//   - Slot of a key: CRC16 (XModem, as Redis' crc16.c) of its hash tag, mod 16384. The hash tag
//     is the part between the first '{' and the first '}' after it when that part is non-empty;
//     otherwise the whole key (Redis Cluster specification, "Hash tags").
//   - The slot map (slot -> master) comes from CLUSTER SLOTS, asked of the seed nodes in turn.
//     One connection per master, opened on first use with the same credentials and timeouts.
//   - execute() runs a batch of single-key commands: grouped by node, sent to every node as
//     pipelines of at most `depth` commands (all nodes' pipelines are written before any reply
//     is read, so the nodes work at the same time), replies put back in the batch's order.
//     MOVED updates the slot map (and refreshes it from CLUSTER SLOTS before the next round);
//     ASK resends the command to the named node after ASKING, without touching the map;
//     TRYAGAIN and CLUSTERDOWN retry after a short pause. A command redirected more than
//     kMaxRedirects times fails the batch with a RedisError naming the key and the last reply.
//   - A single server (redis://) is a "cluster" of one node owning every slot: no CLUSTER SLOTS,
//     and a MOVED from it means the address names a cluster node: the error says to use
//     redis-cluster://.
//   - A node that goes away fails the batch with its RedisError (no failover: the commands of a
//     filter are idempotent, so the caller may simply retry the batch on a new RedisCluster).
#pragma once

#include "core/redis/redis_connection.h"
#include "core/redis/redis_url.h"

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::redis {

inline constexpr std::uint16_t kClusterSlots = 16384;

/// CRC16-XModem (polynomial 0x1021, initial value 0), the checksum of Redis Cluster key slots.
std::uint16_t crc16(std::string_view bytes) noexcept;
/// The hash tag of a key ({...} rule) or the whole key.
std::string_view hashTagOf(std::string_view key) noexcept;
/// crc16(hashTagOf(key)) mod 16384.
std::uint16_t keySlot(std::string_view key) noexcept;

/// Redirections followed so far (for tests, info and the benchmark's report).
struct RedisRedirects {
    std::uint64_t moved = 0;
    std::uint64_t ask = 0;
    std::uint64_t retries = 0;  ///< TRYAGAIN / CLUSTERDOWN
};

/// One command of a batch: its arguments and which of them is the key that routes it.
struct RedisCommand {
    std::vector<std::string> args;
    std::size_t keyIndex = 1;
    std::string_view key() const noexcept { return args[keyIndex]; }
};

class RedisCluster {
public:
    static constexpr unsigned kMaxRedirects = 8;

    /// A Redis Cluster reached through its seed nodes (the slot map is read at once). Throws
    /// RedisError when no seed answers CLUSTER SLOTS.
    static RedisCluster cluster(std::vector<RedisEndpoint> seeds, RedisConnectOptions options);
    /// One server owning every slot.
    static RedisCluster single(RedisEndpoint server, RedisConnectOptions options);
    /// Either, as the location says (redis:// or redis-cluster://).
    static RedisCluster connect(const RedisLocation& location, RedisConnectOptions options);

    RedisCluster(RedisCluster&&) noexcept;
    RedisCluster& operator=(RedisCluster&&) noexcept;
    RedisCluster(const RedisCluster&) = delete;
    RedisCluster& operator=(const RedisCluster&) = delete;
    ~RedisCluster();

    bool isCluster() const noexcept { return m_isCluster; }

    /// Runs the commands (pipelines of at most `depth` per node) and returns their replies in
    /// order. Error replies other than redirections are returned as values. Throws RedisError.
    std::vector<RedisReply> execute(std::span<const RedisCommand> commands, std::size_t depth = 256);
    /// One command, routed by its key.
    RedisReply execute(const RedisCommand& command);

    /// The master that owns `key` now (per the current slot map).
    RedisEndpoint nodeOf(std::string_view key) const;
    /// Masters in the slot map (the one server for single()).
    std::vector<RedisEndpoint> masters() const;
    const RedisRedirects& redirects() const noexcept { return m_redirects; }
    /// Reads CLUSTER SLOTS again (no-op for single()). Throws RedisError.
    void refreshSlots();

private:
    struct Node;
    RedisCluster(bool isCluster, std::vector<RedisEndpoint> seeds, RedisConnectOptions options);
    std::size_t nodeIndex(const RedisEndpoint& endpoint);
    RedisConnection& connection(std::size_t node);
    std::vector<RedisReply> executeRounds(std::span<const RedisCommand> commands, std::size_t depth);
    RedisEndpoint parseRedirect(const RedisReply& reply, std::uint16_t* slot) const;

    bool m_isCluster = false;
    std::vector<RedisEndpoint> m_seeds;
    RedisConnectOptions m_options;
    std::vector<std::unique_ptr<Node>> m_nodes;
    std::vector<std::uint16_t> m_slotNode;
    RedisRedirects m_redirects;  ///< slot -> index in m_nodes; kNoNode when unassigned
};

} // namespace bloomlab::redis
