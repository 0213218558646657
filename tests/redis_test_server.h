// Real redis-server processes for the tests (tst_redis_filter, tst_cli_redis, tst_ui_redis): a
// server on a free loopback port in a temporary directory, killed and reaped by its destructor
// (and by the kernel should the test die first), and a 3-master cluster made with
// `redis-cli --cluster create ... --cluster-yes`. Every wait is bounded. Without redis-server
// installed, haveRedisServer() is false and the tests skip with a message saying how to install it.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/redis/redis_connection.h"
#endif

#include <signal.h>
#include <sys/prctl.h>

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

namespace bloomlab::test {

/// A port nobody listens on now (bind 127.0.0.1:0, read it, close); with `busPort`, P + 10000
/// is free too (a cluster node listens there for its cluster bus). 0 on failure.
int freeLoopbackPort(bool busPort = false);
QString redisServerPath();
QString redisCliPath();
/// redis-server and redis-cli are both installed.
bool haveRedisServer();
/// The message a test skips with when they are not.
inline constexpr const char* kNoRedisServer =
    "redis-server is not installed (Debian: apt-get install redis-server redis-tools)";

/// In a test function: skip it (QSKIP, which returns from the function it is in, hence a macro)
/// when `have` (the result of haveRedisServer()) is false.
#define REQUIRE_REDIS_SERVER(have)                     \
    do {                                               \
        if (!(have)) QSKIP(bloomlab::test::kNoRedisServer); \
    } while (false)

/// Short timeouts for test connections (connect 1 s, reply 3 s).
redis::RedisConnectOptions quickOptions(std::string password = {});

/// One redis-server process on a free loopback port; killed and reaped by the destructor.
class RedisServer {
public:
    bool start(const QStringList& extra, QString* error) {
        const bool clusterNode = extra.contains(QStringLiteral("--cluster-enabled"));
        for (int attempt = 0; attempt < 3; ++attempt) {
            m_port = freeLoopbackPort(clusterNode);
            QStringList args{QStringLiteral("--port"), QString::number(m_port), QStringLiteral("--bind"),
                             QStringLiteral("127.0.0.1"), QStringLiteral("--save"), QString(),
                             QStringLiteral("--appendonly"), QStringLiteral("no"), QStringLiteral("--dir"),
                             m_dir.path(), QStringLiteral("--logfile"), m_dir.filePath(QStringLiteral("redis.log"))};
            args += extra;
            m_process = std::make_unique<QProcess>();
            m_process->setProgram(redisServerPath());
            m_process->setArguments(args);
            m_process->setStandardOutputFile(QProcess::nullDevice());
            m_process->setStandardErrorFile(QProcess::nullDevice());
            // Should this test die before its destructors run, the kernel kills the server too.
            m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
            m_process->start();
            if (!m_process->waitForStarted(5000)) {
                *error = QStringLiteral("redis-server did not start: ") + m_process->errorString();
                return false;
            }
            if (waitForPing(std::chrono::seconds(10))) {
                return true;
            }
            stop();
        }
        *error = QStringLiteral("redis-server did not answer PING within 10 s on three ports (see its log)");
        return false;
    }

    bool waitForPing(std::chrono::milliseconds limit) const {
        const auto deadline = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < deadline) {
            if (m_process->state() == QProcess::NotRunning) {
                return false;
            }
            try {
                redis::RedisConnectOptions options = quickOptions();
                options.connectTimeout = std::chrono::milliseconds(200);
                options.replyTimeout = std::chrono::milliseconds(500);
                redis::RedisConnection connection(endpoint(), options);
                connection.command({"PING"});  // +PONG, or -NOAUTH with --requirepass: up either way
                return true;
            } catch (const redis::RedisError&) {
                if (m_process->waitForFinished(50)) {
                    return false;  // it exited (its log says why)
                }
            }
        }
        return false;
    }

    void stop() {
        if (m_process && m_process->state() != QProcess::NotRunning) {
            ::kill(static_cast<pid_t>(m_process->processId()), SIGCONT);
            m_process->kill();
            m_process->waitForFinished(5000);
        }
        m_process.reset();
    }
    void pause() const { ::kill(static_cast<pid_t>(m_process->processId()), SIGSTOP); }
    void resume() const { ::kill(static_cast<pid_t>(m_process->processId()), SIGCONT); }

    ~RedisServer() { stop(); }

    int port() const { return m_port; }
    redis::RedisEndpoint endpoint() const { return {"127.0.0.1", m_port}; }
    std::string address() const { return "127.0.0.1:" + std::to_string(m_port); }
    QString dir() const { return m_dir.path(); }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    int m_port = 0;
};
/// A TCP server on a free loopback port that is not Redis, for hostile-server tests:
///   Silent  — listens and never accepts: connects succeed (the kernel's backlog), nothing answers;
///   Garbage — accepts and answers every request with an HTTP error page (not RESP);
///   Closes  — accepts and closes the connection at once.
/// The thread stops and the socket closes in the destructor.
class FakeTcpServer {
public:
    enum class Mode { Silent, Garbage, Closes };
    explicit FakeTcpServer(Mode mode);
    ~FakeTcpServer();
    FakeTcpServer(const FakeTcpServer&) = delete;
    FakeTcpServer& operator=(const FakeTcpServer&) = delete;

    bool listening() const { return m_listen >= 0; }
    int port() const { return m_port; }
    std::string address() const { return "127.0.0.1:" + std::to_string(m_port); }

private:
    void serve();

    Mode m_mode;
    int m_listen = -1;
    int m_port = 0;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

/// Starts the three servers as cluster nodes and joins them with redis-cli --cluster create (no
/// replicas), then waits (at most 20 s) until every node reports cluster_state:ok. False with
/// `problem` set when any step fails.
bool startRedisCluster(std::array<RedisServer, 3>& nodes, QString* problem);

} // namespace bloomlab::test
