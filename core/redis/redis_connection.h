// RedisConnection — one connection to one Redis server, over hiredis (synchronous API).
//
// DESIGN
//   - Connect with a timeout, then every reply waits at most the reply timeout (SO_RCVTIMEO /
//     SO_SNDTIMEO through redisSetTimeout): a server that stops answering gives a RedisError
//     naming the server and the timeout, never a hang.
//   - A server that goes away (connection reset, EOF, SIGPIPE on write) gives a RedisError; the
//     connection is then broken and every later call throws the same kind of error. SIGPIPE is
//     blocked on the calling thread around the calls that write, and a pending one is consumed,
//     so a closed socket never kills the process.
//   - AUTH (user + password, or password alone) and SELECT db are sent right after connecting.
//     The password is never part of a message: servers are named by RedisEndpoint::display().
//   - Pipelining: append() queues commands in hiredis' output buffer, readReply() sends the
//     buffer and returns replies in the order the commands were appended.
//   - Replies are copied out of hiredis into RedisReply values (hiredis types stay in the .cpp);
//     an error reply is a value (kind Error), not an exception: the caller decides (MOVED, ASK).
//   - Cancelling from another thread: connections made with a RedisInterrupter register their
//     socket with it; interrupt() shuts every registered socket down (shutdown(2), which wakes a
//     read or write blocked on it at once) and makes later connects fail. The blocked call then
//     throws a RedisError saying it was cancelled, and the connection is broken. The socket is
//     unregistered (under the interrupter's lock) before it is closed, so interrupt() never
//     touches a closed or reused descriptor. A connect in progress is not cut; it is bounded by
//     the connect timeout and fails right after.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab::redis {

/// Transport or server-state problems: cannot connect, timeout, server went away, AUTH refused,
/// unexpected reply. The message names the server (password masked) and what to do.
class RedisError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct RedisEndpoint {
    std::string host;
    int port = 6379;
    /// "host:port" ("[::1]:6379" for an IPv6 literal).
    std::string display() const;
    bool operator==(const RedisEndpoint&) const = default;
};

/// Cuts the connections registered with it from any thread (a GUI's Cancel, a window closing).
class RedisInterrupter {
public:
    /// Shuts down every registered socket; connections made afterwards fail at once.
    void interrupt();
    bool interrupted() const;

private:
    friend class RedisConnection;
    /// False (and nothing registered) when interrupt() came first.
    bool add(int socket);
    void remove(int socket);

    mutable std::mutex m_mutex;
    std::vector<int> m_sockets;
    bool m_interrupted = false;
};

struct RedisConnectOptions {
    std::chrono::milliseconds connectTimeout{3000};
    std::chrono::milliseconds replyTimeout{5000};
    std::string user;      ///< empty: AUTH with the password alone (the "default" user)
    std::string password;  ///< empty: no AUTH
    int database = 0;      ///< SELECT when non-zero (Redis Cluster has database 0 only)
    std::shared_ptr<RedisInterrupter> interrupter;  ///< optional: lets another thread cancel
};

/// One reply, copied out of hiredis.
struct RedisReply {
    enum class Kind : std::uint8_t { Nil, Status, Error, Integer, String, Array };
    Kind kind = Kind::Nil;
    long long integer = 0;
    std::string text;  ///< Status, Error, String
    std::vector<RedisReply> elements;

    bool isError() const noexcept { return kind == Kind::Error; }
    /// Error replies whose text starts with `prefix` ("MOVED", "ASK", "WRONGTYPE", ...).
    bool isErrorWith(std::string_view prefix) const noexcept;
};

class RedisConnection {
public:
    /// Connects, authenticates, selects the database. Throws RedisError.
    RedisConnection(RedisEndpoint endpoint, const RedisConnectOptions& options);
    ~RedisConnection();
    RedisConnection(RedisConnection&&) noexcept;
    RedisConnection& operator=(RedisConnection&&) noexcept;
    RedisConnection(const RedisConnection&) = delete;
    RedisConnection& operator=(const RedisConnection&) = delete;

    /// One command, one reply (error replies are returned, transport errors throw RedisError).
    RedisReply command(std::span<const std::string_view> args);
    RedisReply command(std::initializer_list<std::string_view> args);

    /// Pipelining: queue a command (nothing is sent yet) ...
    void append(std::span<const std::string_view> args);
    void append(std::initializer_list<std::string_view> args);
    /// ... then read the replies, one per appended command, in order. Throws RedisError on a
    /// timeout or a broken connection (the connection stays broken).
    RedisReply readReply();
    /// Commands appended whose replies were not read yet.
    std::size_t pending() const noexcept { return m_pending; }

    bool broken() const noexcept { return m_broken; }
    const RedisEndpoint& endpoint() const noexcept { return m_endpoint; }

private:
    struct Context;
    [[noreturn]] void fail(const std::string& what);
    void requireUsable() const;

    [[noreturn]] void failCancelled() const;

    RedisEndpoint m_endpoint;
    std::chrono::milliseconds m_replyTimeout{0};
    std::shared_ptr<RedisInterrupter> m_interrupter;
    std::unique_ptr<Context> m_context;
    std::size_t m_pending = 0;
    bool m_broken = false;
};

} // namespace bloomlab::redis
