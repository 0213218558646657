// RedisCluster: slot routing, CLUSTER SLOTS, MOVED / ASK, per-node pipelines; see redis_cluster.h.
#include "core/redis/redis_cluster.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <thread>
#include <utility>

namespace bloomlab::redis {

namespace {

constexpr std::uint16_t kNoNode = 0xFFFF;

constexpr std::array<std::uint16_t, 256> makeCrc16Table() {
    std::array<std::uint16_t, 256> table{};
    for (unsigned i = 0; i < 256; ++i) {
        std::uint16_t crc = static_cast<std::uint16_t>(i << 8);
        for (int bit = 0; bit < 8; ++bit) {
            crc = static_cast<std::uint16_t>((crc & 0x8000U) != 0 ? (crc << 1) ^ 0x1021U : crc << 1);
        }
        table[i] = crc;
    }
    return table;
}
constexpr std::array<std::uint16_t, 256> kCrc16Table = makeCrc16Table();
static_assert(kCrc16Table[1] == 0x1021 && kCrc16Table[255] == 0x1ef0,
              "the XModem CRC16 table of Redis' crc16.c (polynomial 0x1021)");

std::string_view errorHead(const RedisReply& reply) {
    const std::string_view text(reply.text);
    return text.substr(0, text.find(' '));
}

} // namespace

std::uint16_t crc16(std::string_view bytes) noexcept {
    std::uint16_t crc = 0;
    for (const char c : bytes) {
        crc = static_cast<std::uint16_t>((crc << 8) ^ kCrc16Table[((crc >> 8) ^ static_cast<std::uint8_t>(c)) & 0xFFU]);
    }
    return crc;
}

std::string_view hashTagOf(std::string_view key) noexcept {
    const std::size_t open = key.find('{');
    if (open == std::string_view::npos) {
        return key;
    }
    const std::size_t close = key.find('}', open + 1);
    if (close == std::string_view::npos || close == open + 1) {
        return key;
    }
    return key.substr(open + 1, close - open - 1);
}

std::uint16_t keySlot(std::string_view key) noexcept {
    return static_cast<std::uint16_t>(crc16(hashTagOf(key)) & (kClusterSlots - 1));
}

struct RedisCluster::Node {
    RedisEndpoint endpoint;
    std::unique_ptr<RedisConnection> connection;
};

RedisCluster::RedisCluster(bool isCluster, std::vector<RedisEndpoint> seeds, RedisConnectOptions options)
    : m_isCluster(isCluster), m_seeds(std::move(seeds)), m_options(std::move(options)), m_slotNode(kClusterSlots, kNoNode) {}

RedisCluster::RedisCluster(RedisCluster&&) noexcept = default;
RedisCluster& RedisCluster::operator=(RedisCluster&&) noexcept = default;
RedisCluster::~RedisCluster() = default;

RedisCluster RedisCluster::cluster(std::vector<RedisEndpoint> seeds, RedisConnectOptions options) {
    if (seeds.empty()) {
        throw RedisError("a Redis Cluster address needs at least one seed node (host:port)");
    }
    options.database = 0;
    RedisCluster result(true, std::move(seeds), std::move(options));
    result.refreshSlots();
    return result;
}

RedisCluster RedisCluster::single(RedisEndpoint server, RedisConnectOptions options) {
    RedisCluster result(false, {server}, std::move(options));
    const std::size_t node = result.nodeIndex(server);
    std::fill(result.m_slotNode.begin(), result.m_slotNode.end(), static_cast<std::uint16_t>(node));
    result.connection(node);  // connect now: a wrong address or password fails here
    return result;
}

RedisCluster RedisCluster::connect(const RedisLocation& location, RedisConnectOptions options) {
    return location.cluster ? cluster(location.nodes, std::move(options)) : single(location.nodes.front(), std::move(options));
}

std::size_t RedisCluster::nodeIndex(const RedisEndpoint& endpoint) {
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes[i]->endpoint == endpoint) {
            return i;
        }
    }
    if (m_nodes.size() + 1 >= kNoNode) {
        throw RedisError("the cluster names more nodes than this client supports");
    }
    m_nodes.push_back(std::make_unique<Node>(Node{endpoint, nullptr}));
    return m_nodes.size() - 1;
}

RedisConnection& RedisCluster::connection(std::size_t node) {
    Node& n = *m_nodes.at(node);
    if (!n.connection || n.connection->broken()) {
        n.connection.reset();
        n.connection = std::make_unique<RedisConnection>(n.endpoint, m_options);
    }
    return *n.connection;
}

void RedisCluster::refreshSlots() {
    if (!m_isCluster) {
        return;
    }
    std::vector<RedisEndpoint> candidates;
    for (const auto& node : m_nodes) {
        candidates.push_back(node->endpoint);
    }
    for (const RedisEndpoint& seed : m_seeds) {
        if (std::find(candidates.begin(), candidates.end(), seed) == candidates.end()) {
            candidates.push_back(seed);
        }
    }
    std::string problems;
    for (const RedisEndpoint& candidate : candidates) {
        RedisReply reply;
        try {
            reply = connection(nodeIndex(candidate)).command({"CLUSTER", "SLOTS"});
        } catch (const RedisError& e) {
            problems += std::string(problems.empty() ? "" : "; ") + e.what();
            continue;
        }
        if (reply.isError() || reply.kind != RedisReply::Kind::Array) {
            problems += std::string(problems.empty() ? "" : "; ") + candidate.display() +
                        " answered CLUSTER SLOTS with " + (reply.isError() ? reply.text : "no slot list") +
                        (reply.isErrorWith("ERR") ? " (not a cluster node? use redis:// for one server)" : "");
            continue;
        }
        std::vector<std::uint16_t> map(kClusterSlots, kNoNode);
        for (const RedisReply& range : reply.elements) {
            if (range.elements.size() < 3 || range.elements[2].elements.size() < 2) {
                continue;
            }
            const long long first = range.elements[0].integer;
            const long long last = range.elements[1].integer;
            const RedisReply& master = range.elements[2];
            RedisEndpoint endpoint{master.elements[0].text, static_cast<int>(master.elements[1].integer)};
            if (endpoint.host.empty() || endpoint.host == "?") {
                endpoint.host = candidate.host;
            }
            const auto node = static_cast<std::uint16_t>(nodeIndex(endpoint));
            for (long long slot = std::max(0LL, first); slot <= std::min<long long>(last, kClusterSlots - 1); ++slot) {
                map[static_cast<std::size_t>(slot)] = node;
            }
        }
        m_slotNode = std::move(map);
        return;
    }
    throw RedisError("no node of the Redis Cluster answered CLUSTER SLOTS: " + problems);
}

RedisEndpoint RedisCluster::parseRedirect(const RedisReply& reply, std::uint16_t* slot) const {
    // "MOVED 3999 127.0.0.1:6381" / "ASK 3999 127.0.0.1:6381"
    const std::string_view text(reply.text);
    const std::size_t first = text.find(' ');
    const std::size_t second = first == std::string_view::npos ? first : text.find(' ', first + 1);
    if (second == std::string_view::npos) {
        throw RedisError("cannot read the redirection \"" + reply.text + "\"");
    }
    const std::string_view slotText = text.substr(first + 1, second - first - 1);
    const std::string_view address = text.substr(second + 1);
    unsigned value = 0;
    std::from_chars(slotText.data(), slotText.data() + slotText.size(), value);
    *slot = static_cast<std::uint16_t>(value % kClusterSlots);
    const std::size_t colon = address.rfind(':');
    if (colon == std::string_view::npos) {
        throw RedisError("cannot read the node in the redirection \"" + reply.text + "\"");
    }
    RedisEndpoint endpoint;
    endpoint.host = std::string(address.substr(0, colon));
    if (endpoint.host.size() >= 2 && endpoint.host.front() == '[') {
        endpoint.host = endpoint.host.substr(1, endpoint.host.size() - 2);
    }
    const std::string_view port = address.substr(colon + 1);
    std::from_chars(port.data(), port.data() + port.size(), endpoint.port);
    return endpoint;
}

std::vector<RedisReply> RedisCluster::execute(std::span<const RedisCommand> commands, std::size_t depth) {
    try {
        return executeRounds(commands, depth);
    } catch (...) {
        // A batch that failed half way leaves unread replies: such connections are dropped (and
        // reopened on next use) so no later command reads a stale reply.
        for (auto& node : m_nodes) {
            if (node->connection && node->connection->pending() != 0) {
                node->connection.reset();
            }
        }
        throw;
    }
}

std::vector<RedisReply> RedisCluster::executeRounds(std::span<const RedisCommand> commands, std::size_t depth) {
    struct Attempt {
        std::size_t index;
        std::size_t node;
        bool asking;
    };
    depth = std::max<std::size_t>(depth, 1);
    std::vector<RedisReply> replies(commands.size());
    std::vector<unsigned> redirects(commands.size(), 0);

    auto nodeForKey = [&](std::size_t index) -> std::size_t {
        const std::uint16_t slot = keySlot(commands[index].key());
        if (m_slotNode[slot] == kNoNode) {
            refreshSlots();
        }
        if (m_slotNode[slot] == kNoNode) {
            throw RedisError("no node of the Redis Cluster serves slot " + std::to_string(slot) + " (key " +
                             std::string(commands[index].key()) + "); is every slot assigned (redis-cli --cluster check)?");
        }
        return m_slotNode[slot];
    };

    std::vector<Attempt> todo;
    todo.reserve(commands.size());
    for (std::size_t i = 0; i < commands.size(); ++i) {
        todo.push_back({i, nodeForKey(i), false});
    }
    std::vector<std::string_view> argv;
    while (!todo.empty()) {
        std::vector<std::vector<Attempt>> perNode(m_nodes.size());
        for (const Attempt& attempt : todo) {
            perNode[attempt.node].push_back(attempt);
        }
        std::vector<Attempt> retry;
        std::vector<std::pair<std::uint16_t, std::size_t>> moved;  // slot, node
        bool pause = false;
        std::vector<std::size_t> position(perNode.size(), 0);
        for (;;) {
            std::vector<std::pair<std::size_t, std::size_t>> sent;  // node, count
            for (std::size_t node = 0; node < perNode.size(); ++node) {
                const std::size_t count = std::min(depth, perNode[node].size() - position[node]);
                if (count == 0) {
                    continue;
                }
                RedisConnection& c = connection(node);
                for (std::size_t j = 0; j < count; ++j) {
                    const Attempt& attempt = perNode[node][position[node] + j];
                    if (attempt.asking) {
                        c.append({"ASKING"});
                    }
                    const RedisCommand& command = commands[attempt.index];
                    argv.assign(command.args.begin(), command.args.end());
                    c.append(argv);
                }
                sent.emplace_back(node, count);
            }
            if (sent.empty()) {
                break;
            }
            for (const auto& [node, count] : sent) {
                RedisConnection& c = connection(node);
                for (std::size_t j = 0; j < count; ++j) {
                    Attempt attempt = perNode[node][position[node] + j];
                    if (attempt.asking) {
                        c.readReply();  // +OK of ASKING
                    }
                    RedisReply reply = c.readReply();
                    const std::string_view head = reply.isError() ? errorHead(reply) : std::string_view();
                    const bool redirected = head == "MOVED" || head == "ASK" || head == "TRYAGAIN" || head == "CLUSTERDOWN";
                    if (!redirected) {
                        replies[attempt.index] = std::move(reply);
                        continue;
                    }
                    if (!m_isCluster && (head == "MOVED" || head == "ASK")) {
                        throw RedisError("the server at " + m_nodes[node]->endpoint.display() +
                                         " is a Redis Cluster node (it answered " + reply.text +
                                         "); address it as redis-cluster://" + m_nodes[node]->endpoint.display() +
                                         "/NAME");
                    }
                    if (++redirects[attempt.index] > kMaxRedirects) {
                        throw RedisError("the Redis Cluster still redirects key " +
                                         std::string(commands[attempt.index].key()) + " after " +
                                         std::to_string(kMaxRedirects) + " attempts (last reply: " + reply.text +
                                         "); is a resharding or failover stuck (redis-cli --cluster check)?");
                    }
                    if (head == "MOVED" || head == "ASK") {
                        std::uint16_t slot = 0;
                        RedisEndpoint target = parseRedirect(reply, &slot);
                        if (target.host.empty()) {
                            target.host = m_nodes[node]->endpoint.host;
                        }
                        const std::size_t targetNode = nodeIndex(target);
                        ++(head == "MOVED" ? m_redirects.moved : m_redirects.ask);
                        if (head == "MOVED") {
                            m_slotNode[slot] = static_cast<std::uint16_t>(targetNode);
                            moved.emplace_back(slot, targetNode);
                        }
                        retry.push_back({attempt.index, targetNode, head == "ASK"});
                    } else {
                        pause = true;
                        ++m_redirects.retries;
                        retry.push_back({attempt.index, node, false});
                    }
                }
                position[node] += count;
            }
        }
        if (!moved.empty()) {
            // The whole map may have changed (a resharding moves many slots); the redirections
            // just seen are newer than what the node asked may say, so they are kept.
            refreshSlots();
            for (const auto& [slot, node] : moved) {
                m_slotNode[slot] = static_cast<std::uint16_t>(node);
            }
            for (Attempt& attempt : retry) {
                if (!attempt.asking) {
                    attempt.node = nodeForKey(attempt.index);
                }
            }
        }
        if (pause) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        todo = std::move(retry);
    }
    return replies;
}

RedisReply RedisCluster::execute(const RedisCommand& command) {
    return std::move(execute(std::span<const RedisCommand>(&command, 1), 1).front());
}

RedisEndpoint RedisCluster::nodeOf(std::string_view key) const {
    const std::uint16_t node = m_slotNode[keySlot(key)];
    if (node == kNoNode) {
        throw RedisError("no node of the Redis Cluster serves slot " + std::to_string(keySlot(key)));
    }
    return m_nodes[node]->endpoint;
}

std::vector<RedisEndpoint> RedisCluster::masters() const {
    std::vector<bool> used(m_nodes.size(), false);
    for (const std::uint16_t node : m_slotNode) {
        if (node != kNoNode) {
            used[node] = true;
        }
    }
    std::vector<RedisEndpoint> result;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (used[i]) {
            result.push_back(m_nodes[i]->endpoint);
        }
    }
    return result;
}

} // namespace bloomlab::redis
