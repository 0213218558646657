#include "redis_test_server.h"

#include <QStandardPaths>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>
#include <vector>

using namespace std::chrono_literals;

namespace bloomlab::test {

namespace {

/// A port nobody listens on now: bind 127.0.0.1:0, read the port, close. 0 on failure.
int boundPort(int wanted) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        return 0;
    }
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<std::uint16_t>(wanted));
    socklen_t length = sizeof address;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
        port = ntohs(address.sin_port);
    }
    ::close(fd);
    return port;
}

} // namespace

/// A free port P; with `busPort`, P + 10000 is free too (a cluster node listens there for its
/// cluster bus and does not start when it cannot).
int freeLoopbackPort(bool busPort) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        const int port = boundPort(0);
        if (!busPort || (port > 0 && port + 10000 <= 65535 && boundPort(port + 10000) == port + 10000)) {
            return port;
        }
    }
    return 0;
}

QString redisServerPath() { return QStandardPaths::findExecutable(QStringLiteral("redis-server")); }
QString redisCliPath() { return QStandardPaths::findExecutable(QStringLiteral("redis-cli")); }

redis::RedisConnectOptions quickOptions(std::string password) {
    redis::RedisConnectOptions options;
    options.connectTimeout = 1000ms;
    options.replyTimeout = 3000ms;
    options.password = std::move(password);
    return options;
}

FakeTcpServer::FakeTcpServer(Mode mode) : m_mode(mode) {
    m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (m_listen < 0) {
        return;
    }
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (::bind(m_listen, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(m_listen, 16) != 0 ||
        ::getsockname(m_listen, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        ::close(m_listen);
        m_listen = -1;
        return;
    }
    m_port = ntohs(address.sin_port);
    if (m_mode != Mode::Silent) {
        m_thread = std::thread([this] { serve(); });
    }
}

FakeTcpServer::~FakeTcpServer() {
    m_stop = true;
    if (m_thread.joinable()) {
        m_thread.join();
    }
    if (m_listen >= 0) {
        ::close(m_listen);
    }
}

void FakeTcpServer::serve() {
    static constexpr char kPage[] = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n";
    std::vector<int> clients;
    while (!m_stop) {
        std::vector<pollfd> fds{{m_listen, POLLIN, 0}};
        for (const int client : clients) {
            fds.push_back({client, POLLIN, 0});
        }
        if (::poll(fds.data(), fds.size(), 20) <= 0) {
            continue;
        }
        if ((fds[0].revents & POLLIN) != 0) {
            const int client = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (client >= 0 && m_mode == Mode::Closes) {
                ::close(client);
            } else if (client >= 0) {
                clients.push_back(client);
            }
        }
        for (std::size_t i = 1; i < fds.size(); ++i) {
            if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) {
                continue;
            }
            char buffer[4096];
            if (::read(fds[i].fd, buffer, sizeof buffer) <= 0) {
                ::close(fds[i].fd);
                std::erase(clients, fds[i].fd);
                continue;
            }
            [[maybe_unused]] const auto written = ::send(fds[i].fd, kPage, sizeof kPage - 1, MSG_NOSIGNAL);
        }
    }
    for (const int client : clients) {
        ::close(client);
    }
}

bool haveRedisServer() { return !redisServerPath().isEmpty() && !redisCliPath().isEmpty(); }

bool startRedisCluster(std::array<RedisServer, 3>& nodes, QString* problem) {
    QString error;
    for (RedisServer& server : nodes) {
        if (!server.start({QStringLiteral("--cluster-enabled"), QStringLiteral("yes"),
                           QStringLiteral("--cluster-config-file"), server.dir() + QStringLiteral("/nodes.conf"),
                           QStringLiteral("--cluster-node-timeout"), QStringLiteral("3000")},
                          &error)) {
            *problem = error;
            return false;
        }
    }
    QStringList args{QStringLiteral("--cluster"), QStringLiteral("create")};
    for (const RedisServer& server : nodes) {
        args << QString::fromStdString(server.address());
    }
    args << QStringLiteral("--cluster-replicas") << QStringLiteral("0") << QStringLiteral("--cluster-yes");
    const auto started = std::chrono::steady_clock::now();
    QProcess cli;
    cli.start(redisCliPath(), args);
    if (!cli.waitForFinished(30000) || cli.exitCode() != 0) {
        cli.kill();
        cli.waitForFinished(2000);
        *problem = QStringLiteral("redis-cli --cluster create failed: ") +
                           QString::fromLocal8Bit(cli.readAllStandardOutput() + cli.readAllStandardError()).right(400);
        return false;
    }
    qInfo("redis-cli --cluster create took %.1f s",
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    // Every node must agree the cluster is up before the tests use it.
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    while (std::chrono::steady_clock::now() < deadline) {
        bool ok = true;
        for (const RedisServer& server : nodes) {
            try {
                redis::RedisConnection connection(server.endpoint(), quickOptions());
                ok = ok && connection.command({"CLUSTER", "INFO"}).text.find("cluster_state:ok") != std::string::npos;
            } catch (const redis::RedisError&) {
                ok = false;
            }
        }
        if (ok) {
            return true;
        }
        std::this_thread::sleep_for(100ms);
    }
    *problem = QStringLiteral("the cluster did not reach cluster_state:ok within 20 s");
    return false;
}

} // namespace bloomlab::test
