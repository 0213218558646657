// RedisConnection over hiredis: timeouts, AUTH, SELECT, pipelining; see redis_connection.h.
#include "core/redis/redis_connection.h"

#include <hiredis/hiredis.h>

#include <cerrno>
#include <csignal>
#include <ctime>
#include <algorithm>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <utility>

namespace bloomlab::redis {

namespace {

struct ContextDeleter {
    void operator()(redisContext* context) const noexcept { redisFree(context); }
};
struct ReplyDeleter {
    void operator()(redisReply* reply) const noexcept { freeReplyObject(reply); }
};
using ReplyPtr = std::unique_ptr<redisReply, ReplyDeleter>;

timeval toTimeval(std::chrono::milliseconds ms) {
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(ms.count() / 1000);
    tv.tv_usec = static_cast<suseconds_t>((ms.count() % 1000) * 1000);
    return tv;
}

/// Blocks SIGPIPE on this thread while hiredis writes to a socket the server may have closed;
/// a SIGPIPE raised meanwhile is consumed, so the write fails with EPIPE instead of killing us.
class SigpipeGuard {
public:
    SigpipeGuard() {
        sigemptyset(&m_pipe);
        sigaddset(&m_pipe, SIGPIPE);
        sigset_t pending;
        sigpending(&pending);
        m_wasPending = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &m_pipe, &m_previous);
    }
    ~SigpipeGuard() {
        if (!m_wasPending) {
            sigset_t pending;
            sigpending(&pending);
            if (sigismember(&pending, SIGPIPE) == 1) {
                const timespec zero{0, 0};
                while (sigtimedwait(&m_pipe, nullptr, &zero) == -1 && errno == EINTR) {
                }
            }
        }
        pthread_sigmask(SIG_SETMASK, &m_previous, nullptr);
    }
    SigpipeGuard(const SigpipeGuard&) = delete;
    SigpipeGuard& operator=(const SigpipeGuard&) = delete;

private:
    sigset_t m_pipe{};
    sigset_t m_previous{};
    bool m_wasPending = false;
};

RedisReply convert(const redisReply& reply) {
    RedisReply out;
    switch (reply.type) {
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
    case REDIS_REPLY_ERROR:
        out.kind = reply.type == REDIS_REPLY_STRING   ? RedisReply::Kind::String
                   : reply.type == REDIS_REPLY_STATUS ? RedisReply::Kind::Status
                                                      : RedisReply::Kind::Error;
        out.text.assign(reply.str, reply.len);
        break;
    case REDIS_REPLY_INTEGER:
        out.kind = RedisReply::Kind::Integer;
        out.integer = reply.integer;
        break;
    case REDIS_REPLY_ARRAY:
        out.kind = RedisReply::Kind::Array;
        out.elements.reserve(reply.elements);
        for (std::size_t i = 0; i < reply.elements; ++i) {
            out.elements.push_back(convert(*reply.element[i]));
        }
        break;
    default:
        out.kind = RedisReply::Kind::Nil;
        break;
    }
    return out;
}

} // namespace

struct RedisConnection::Context {
    std::shared_ptr<RedisInterrupter> interrupter;  ///< the socket is registered with it
    std::unique_ptr<redisContext, ContextDeleter> context;
    ~Context() {
        if (interrupter && context) {
            interrupter->remove(context->fd);  // before redisFree closes it
        }
    }
};

void RedisInterrupter::interrupt() {
    const std::lock_guard lock(m_mutex);
    m_interrupted = true;
    for (const int socket : m_sockets) {
        ::shutdown(socket, SHUT_RDWR);
    }
}

bool RedisInterrupter::interrupted() const {
    const std::lock_guard lock(m_mutex);
    return m_interrupted;
}

bool RedisInterrupter::add(int socket) {
    const std::lock_guard lock(m_mutex);
    if (m_interrupted) {
        return false;
    }
    m_sockets.push_back(socket);
    return true;
}

void RedisInterrupter::remove(int socket) {
    const std::lock_guard lock(m_mutex);
    m_sockets.erase(std::remove(m_sockets.begin(), m_sockets.end(), socket), m_sockets.end());
}

std::string RedisEndpoint::display() const {
    const bool ipv6 = host.find(':') != std::string::npos;
    return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

bool RedisReply::isErrorWith(std::string_view prefix) const noexcept {
    return kind == Kind::Error && std::string_view(text).substr(0, prefix.size()) == prefix &&
           (text.size() == prefix.size() || text[prefix.size()] == ' ');
}

RedisConnection::RedisConnection(RedisEndpoint endpoint, const RedisConnectOptions& options)
    : m_endpoint(std::move(endpoint)),
      m_replyTimeout(options.replyTimeout),
      m_interrupter(options.interrupter),
      m_context(std::make_unique<Context>()) {
    if (m_interrupter && m_interrupter->interrupted()) {
        failCancelled();
    }
    m_context->context.reset(redisConnectWithTimeout(m_endpoint.host.c_str(), m_endpoint.port,
                                                     toTimeval(options.connectTimeout)));
    if (!m_context->context) {
        throw RedisError("cannot connect to Redis at " + m_endpoint.display() + ": out of memory");
    }
    if (m_context->context->err != 0) {
        throw RedisError("cannot connect to Redis at " + m_endpoint.display() + " (within " +
                         std::to_string(options.connectTimeout.count()) +
                         " ms): " + m_context->context->errstr + "; is redis-server running there?");
    }
    if (m_interrupter) {
        if (!m_interrupter->add(m_context->context->fd)) {
            failCancelled();
        }
        m_context->interrupter = m_interrupter;
    }
    if (redisSetTimeout(m_context->context.get(), toTimeval(options.replyTimeout)) != REDIS_OK) {
        throw RedisError("cannot set the reply timeout on the connection to " + m_endpoint.display());
    }
    if (!options.password.empty()) {
        const RedisReply reply = options.user.empty() ? command({"AUTH", options.password})
                                                      : command({"AUTH", options.user, options.password});
        if (reply.isError()) {
            throw RedisError("authentication to Redis at " + m_endpoint.display() +
                             (options.user.empty() ? "" : " as user '" + options.user + "'") +
                             " failed: " + reply.text +
                             ". Check the password (from the address or REDISCLI_AUTH) and the user");
        }
    }
    if (options.database != 0) {
        const RedisReply reply = command({"SELECT", std::to_string(options.database)});
        if (reply.isError()) {
            throw RedisError("Redis at " + m_endpoint.display() + " refused database " +
                             std::to_string(options.database) + ": " + reply.text +
                             (reply.isErrorWith("NOAUTH") ? " (set REDISCLI_AUTH or put the password in the address)"
                                                          : ""));
        }
    }
}

RedisConnection::~RedisConnection() = default;
RedisConnection::RedisConnection(RedisConnection&&) noexcept = default;
RedisConnection& RedisConnection::operator=(RedisConnection&&) noexcept = default;

void RedisConnection::requireUsable() const {
    if (!m_context || !m_context->context) {
        throw RedisError("the connection to Redis at " + m_endpoint.display() + " was moved from");
    }
    if (m_broken) {
        throw RedisError("the connection to Redis at " + m_endpoint.display() +
                         " was lost earlier; reconnect to continue");
    }
}

void RedisConnection::failCancelled() const {
    throw RedisError("cancelled: the call to Redis at " + m_endpoint.display() + " was interrupted");
}

void RedisConnection::fail(const std::string& what) {
    m_broken = true;
    m_pending = 0;
    if (m_interrupter && m_interrupter->interrupted()) {
        failCancelled();
    }
    const redisContext* c = m_context->context.get();
    std::string detail = c != nullptr && c->errstr[0] != '\0' ? std::string(c->errstr) : std::string("no detail");
    const bool timeout = c != nullptr && c->err == REDIS_ERR_IO && (detail.find("temporarily unavailable") != std::string::npos ||
                                                                    detail.find("timed out") != std::string::npos);
    if (timeout) {
        throw RedisError("Redis at " + m_endpoint.display() + " did not answer within " +
                         std::to_string(m_replyTimeout.count()) + " ms (" + what + ")");
    }
    if (c != nullptr && c->err == REDIS_ERR_EOF) {
        detail = "the server closed the connection";
    }
    if (c != nullptr && c->err == REDIS_ERR_PROTOCOL) {
        // Bytes that are no Redis reply: another service listens there (HTTP, SSH, ...).
        throw RedisError("the server at " + m_endpoint.display() + " does not speak the Redis protocol (" + what +
                         "): " + detail + "; check the host and port of the address");
    }
    throw RedisError("lost the connection to Redis at " + m_endpoint.display() + " (" + what + "): " + detail);
}

void RedisConnection::append(std::span<const std::string_view> args) {
    requireUsable();
    std::vector<const char*> argv(args.size());
    std::vector<std::size_t> lengths(args.size());
    for (std::size_t i = 0; i < args.size(); ++i) {
        argv[i] = args[i].data();
        lengths[i] = args[i].size();
    }
    if (redisAppendCommandArgv(m_context->context.get(), static_cast<int>(args.size()), argv.data(), lengths.data()) !=
        REDIS_OK) {
        fail("queueing a command");
    }
    ++m_pending;
}

void RedisConnection::append(std::initializer_list<std::string_view> args) {
    append(std::span<const std::string_view>(args.begin(), args.size()));
}

RedisReply RedisConnection::readReply() {
    requireUsable();
    if (m_pending == 0) {
        throw RedisError("internal: a reply was read from " + m_endpoint.display() + " with no command pending");
    }
    void* raw = nullptr;
    int status = REDIS_ERR;
    {
        const SigpipeGuard guard;
        status = redisGetReply(m_context->context.get(), &raw);
    }
    ReplyPtr reply(static_cast<redisReply*>(raw));
    if (status != REDIS_OK || !reply) {
        fail("waiting for a reply");
    }
    --m_pending;
    return convert(*reply);
}

RedisReply RedisConnection::command(std::span<const std::string_view> args) {
    if (m_pending != 0) {
        throw RedisError("internal: a command was sent to " + m_endpoint.display() + " while " +
                         std::to_string(m_pending) + " pipelined replies were unread");
    }
    append(args);
    return readReply();
}

RedisReply RedisConnection::command(std::initializer_list<std::string_view> args) {
    return command(std::span<const std::string_view>(args.begin(), args.size()));
}

} // namespace bloomlab::redis
