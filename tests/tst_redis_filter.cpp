// tst_redis_filter: the shared filter on real redis-server processes (core/redis).
//   - addresses (redis://, redis-cluster://, errors, the password never echoed), CRC16 slots and
//     hash tags, the bit order between Redis strings and the local filters;
//   - one server: create / insert / query / info for blocked and classic, 0 false negatives,
//     FPR within the binomial bound, the same bits as a local filter fed the same keys;
//   - a 3-master cluster (redis-cli --cluster create): segments on more than one node, the same
//     checks, 4 threads with their own connections inserting disjoint keys, then every key found;
//     a slot migrated under a segment (ASK while MIGRATING, MOVED after SETSLOT NODE);
//   - AUTH right / wrong / missing; a server killed mid-query and a stopped server: a RedisError
//     within the timeouts, never a hang;
//   - a foreign key, a wrong format, a half-created filter: refused; what an unfinished create
//     left (marker, segments) removed, and only that;
//   - file -> Redis -> file copies bit-identical (both types, on the cluster).
// Servers run on free loopback ports in temporary directories and are killed at the end (also
// when a check fails). Without redis-server installed every server test skips.
#include "redis_test_server.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "core/filter_io.h"
#include "core/filter_math.h"
#include "core/redis/redis_cluster.h"
#include "core/redis/redis_connection.h"
#include "core/redis/redis_filter.h"
#include "core/redis/redis_url.h"
#endif

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace bloomlab;
using namespace bloomlab::redis;
using namespace std::chrono_literals;
using bloomlab::test::freeLoopbackPort;
using bloomlab::test::quickOptions;
using bloomlab::test::redisCliPath;
using bloomlab::test::redisServerPath;
using bloomlab::test::RedisServer;
using bloomlab::test::startRedisCluster;

namespace {


/// Starts `server` and creates a blocked filter NAME of `blocks` on it; nullopt (with a warning)
/// when the server does not start.
std::optional<RedisFilter> filterOnNewServer(RedisServer& server, const std::string& name, std::uint64_t blocks,
                                             std::chrono::milliseconds replyTimeout) {
    QString error;
    if (!server.start({}, &error)) {
        qWarning("%s", qPrintable(error));
        return std::nullopt;
    }
    RedisFilterOptions options;
    options.connectTimeout = 1000ms;
    options.replyTimeout = replyTimeout;
    return RedisFilter::create(parseRedisUrl("redis://" + server.address() + "/" + name, ""),
                               RedisFilterGeometry::blocked(blocks), options);
}

std::vector<std::string> makeKeys(std::size_t count, const std::string& prefix) {
    std::vector<std::string> keys;
    keys.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        keys.push_back(prefix + std::to_string(i * 2654435761ULL % 1000000007ULL) + "-" + std::to_string(i));
    }
    return keys;
}

std::vector<std::string_view> views(const std::vector<std::string>& keys) { return {keys.begin(), keys.end()}; }

RedisLocation locationOf(const std::string& url) { return parseRedisUrl(url, ""); }

template <class E, class F>
QString messageOf(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::size_t countPositive(const std::vector<std::uint8_t>& results) {
    return static_cast<std::size_t>(std::count(results.begin(), results.end(), std::uint8_t{1}));
}

/// A local filter with the same geometry and keys as a Redis one.
AnyFilter localTwin(const RedisFilterGeometry& g) {
    if (g.type == FilterType::Blocked) {
        return AnyFilter(BlockedBloomFilter(g.blocks(), g.capacity, g.targetFpr));
    }
    return AnyFilter(BloomFilter(g.bits, g.hashes, g.capacity, g.targetFpr, g.seed));
}

std::uint64_t popcountOf(const AnyFilter& filter) {
    return filter.type() == FilterType::Blocked ? std::get<BlockedBloomFilter>(filter.variant()).popcount()
                                                : std::get<BloomFilter>(filter.variant()).popcount();
}

bool sameBits(const AnyFilter& a, const AnyFilter& b) {
    if (a.type() != b.type()) {
        return false;
    }
    if (a.type() == FilterType::Blocked) {
        return std::ranges::equal(std::get<BlockedBloomFilter>(a.variant()).words(),
                                  std::get<BlockedBloomFilter>(b.variant()).words());
    }
    return std::ranges::equal(std::get<BloomFilter>(a.variant()).words(), std::get<BloomFilter>(b.variant()).words());
}

} // namespace

// QSKIP / QVERIFY return from the function they are in, so these are macros, not helpers.
#define REQUIRE_SERVER()                                                                            \
    do {                                                                                            \
        if (!m_haveServer) {                                                                        \
            QSKIP("redis-server is not installed (Debian: apt-get install redis-server redis-tools)"); \
        }                                                                                           \
    } while (false)
#define REQUIRE_CLUSTER()                                           \
    do {                                                            \
        REQUIRE_SERVER();                                           \
        QVERIFY2(m_clusterUp, qPrintable(m_clusterProblem));        \
    } while (false)

class TestRedisFilter : public QObject {
    Q_OBJECT

private:
    bool m_haveServer = false;
    RedisServer m_single;
    std::array<RedisServer, 3> m_cluster;
    bool m_clusterUp = false;
    QString m_clusterProblem;

    std::string singleUrl(const std::string& name) const { return "redis://" + m_single.address() + "/" + name; }
    std::string clusterUrl(const std::string& name) const {
        return "redis-cluster://" + m_cluster[0].address() + "," + m_cluster[1].address() + "/" + name;
    }

    bool startCluster() { return startRedisCluster(m_cluster, &m_clusterProblem); }

    /// Create, insert n keys, query them and n absent keys, compare with the local twin.
    void exerciseFilter(const RedisLocation& location, const RedisFilterGeometry& geometry,
                        const RedisFilterOptions& options, std::size_t n, std::size_t minNodes) {
        RedisFilter filter = RedisFilter::create(location, geometry, options);
        const std::vector<std::string> present = makeKeys(n, location.name + "-in-");
        const std::vector<std::string> absent = makeKeys(n, location.name + "-out-");
        filter.insertMany(views(present));
        QVERIFY(filter.insert("one more key"));

        std::vector<std::uint8_t> results(n);
        filter.mightContainMany(views(present), results);
        QCOMPARE(countPositive(results), n);  // no false negatives
        QVERIFY(filter.mightContain("one more key"));

        filter.mightContainMany(views(absent), results);
        const std::size_t falsePositives = countPositive(results);
        const double expected = geometry.type == FilterType::Blocked
                                    ? math::blockedFpr(double(n + 1), geometry.blocks())
                                    : math::classicFpr(double(n + 1), double(geometry.bits), geometry.hashes);
        const math::Interval bound = math::binomialAcceptance(n, expected);
        qInfo("%s %s: FPR %.4f%% on %zu absent keys (theory %.4f%%, accepted %.0f-%.0f false positives)",
              filterTypeName(geometry.type).data(), location.cluster ? "cluster" : "one server",
              100.0 * double(falsePositives) / double(n), n, 100.0 * expected, bound.low, bound.high);
        QVERIFY(double(falsePositives) >= bound.low && double(falsePositives) <= bound.high);

        // The same keys in a local filter of the same geometry: the same bits, the same answers.
        AnyFilter twin = localTwin(geometry);
        for (const std::string& key : present) {
            twin.insert(key);
        }
        twin.insert("one more key");
        const AnyFilter copy = filter.download();
        QVERIFY(sameBits(copy, twin));
        for (std::size_t i = 0; i < n; ++i) {
            QCOMPARE(results[i] != 0, twin.mightContain(absent[i]));
        }

        const RedisFilterInfo info = filter.info();
        QCOMPARE(info.items, std::uint64_t{n + 1});
        QCOMPARE(info.geometry.bits, geometry.bits);
        QCOMPARE(info.segments.size(), std::size_t(filter.segmentCount()));
        QCOMPARE(info.setBits, popcountOf(copy));
        QVERIFY2(std::abs(info.estimatedItems - double(n + 1)) < 0.05 * double(n), qPrintable(QString::number(info.estimatedItems)));
        QVERIFY2(info.nodes.size() >= minNodes,
                 qPrintable(QStringLiteral("segments on %1 node(s)").arg(info.nodes.size())));
        QVERIFY(info.location.find(location.name) != std::string::npos);

        RedisFilter reopened = RedisFilter::open(location, options);
        QCOMPARE(reopened.segmentBytes(), options.segmentBytes);
        QVERIFY(reopened.mightContain(present.front()));
        reopened.remove();
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(location, options); }).contains("no filter named"));
    }

private slots:
    void initTestCase() {
        m_haveServer = !redisServerPath().isEmpty() && !redisCliPath().isEmpty();
        if (!m_haveServer) {
            return;
        }
        QString error;
        QVERIFY2(m_single.start({}, &error), qPrintable(error));
        const auto start = std::chrono::steady_clock::now();
        m_clusterUp = startCluster();
        qInfo("3-master cluster %s in %.1f s", m_clusterUp ? "up" : "NOT up",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }

    void cleanupTestCase() {
        m_single.stop();
        for (RedisServer& server : m_cluster) {
            server.stop();
        }
    }

    void parsesAddresses() {
        RedisLocation l = parseRedisUrl("redis://alice:s%40cret@db.example:6380/3/users.v2", "ignored");
        QVERIFY(!l.cluster);
        QCOMPARE(l.nodes.size(), std::size_t(1));
        QCOMPARE(l.nodes[0].host, std::string("db.example"));
        QCOMPARE(l.nodes[0].port, 6380);
        QCOMPARE(l.user, std::string("alice"));
        QCOMPARE(l.password, std::string("s@cret"));
        QCOMPARE(l.database, 3);
        QCOMPARE(l.name, std::string("users.v2"));
        QCOMPARE(l.display(), std::string("redis://alice:***@db.example:6380/3/users.v2"));

        l = parseRedisUrl("redis://localhost/f", "from-env");
        QCOMPARE(l.nodes[0].port, 6379);
        QCOMPARE(l.password, std::string("from-env"));
        QCOMPARE(l.display(), std::string("redis://localhost:6379/f"));

        l = parseRedisUrl("redis-cluster://10.0.0.1:7000,10.0.0.2:7001,[::1]:7002/shared", "");
        QVERIFY(l.cluster);
        QCOMPARE(l.nodes.size(), std::size_t(3));
        QCOMPARE(l.nodes[2].host, std::string("::1"));
        QCOMPARE(l.nodes[2].port, 7002);
        QCOMPARE(l.name, std::string("shared"));
        QVERIFY(isRedisUrl("redis://h/n") && isRedisUrl("redis-cluster://h:1/n") && !isRedisUrl("filter.blf"));

        const auto refused = [](const char* url) { return messageOf<RedisUrlError>([&] { parseRedisUrl(url, ""); }); };
        QVERIFY(refused("redis://host:99999/f").contains("port \"99999\""));
        QVERIFY(refused("redis://host").contains("NAME is missing"));
        QVERIFY(refused("redis://host/0/").contains("NAME is missing"));
        QVERIFY(refused("redis://host/x/f").contains("database \"x\""));
        QVERIFY(refused("redis://host/bad{name}").contains("letters, digits"));
        QVERIFY(refused("redis-cluster://a:1/2/f").contains("database 0 only"));
        QVERIFY(refused("redis://a:1,b:2/f").contains("redis-cluster://"));
        QVERIFY(refused("http://host/f").contains("redis://[user[:password]@]host[:port][/db]/NAME"));
        const QString masked = refused("redis://bob:hunter2@host:abc/f");
        QVERIFY(masked.contains("bob:***@host:abc"));
        QVERIFY(!masked.contains("hunter2"));
    }

    void routesSlotsByHashTag() {
        QCOMPARE(crc16("123456789"), std::uint16_t{0x31C3});  // the Redis Cluster specification's check value
        QCOMPARE(keySlot("123456789"), std::uint16_t{0x31C3 & 16383});
        QCOMPARE(keySlot("{user1000}.following"), keySlot("{user1000}.followers"));
        QCOMPARE(hashTagOf("foo{}{bar}"), std::string_view("foo{}{bar}"));
        QCOMPARE(hashTagOf("foo{{bar}}zap"), std::string_view("{bar"));
        QCOMPARE(hashTagOf("foo{bar}{zap}"), std::string_view("bar"));
        QCOMPARE(RedisFilter::segmentKey("f", 7), std::string("bloomlab:{f:seg:7}"));
        QCOMPARE(hashTagOf(RedisFilter::segmentKey("f", 7)), std::string_view("f:seg:7"));
        QCOMPARE(RedisFilter::metadataKey("f"), std::string("bloomlab:{f}"));
    }

    void mapsBitOrder() {
        // Local bit 0 is mask 0x01 of byte 0; Redis offset 7 is mask 0x01 of byte 0.
        QCOMPARE(RedisFilter::redisBitOffset(0), std::uint64_t{7});
        QCOMPARE(RedisFilter::redisBitOffset(7), std::uint64_t{0});
        QCOMPARE(RedisFilter::redisBitOffset(8 * 5 + 2), std::uint64_t{8 * 5 + 5});
        for (std::uint64_t b = 0; b < 4096; ++b) {
            QCOMPARE(RedisFilter::redisBitOffset(RedisFilter::redisBitOffset(b)), b);
            QCOMPARE(RedisFilter::redisBitOffset(b) / 8, b / 8);
        }
    }

    void singleServerBlocked() {
        REQUIRE_SERVER();
        RedisFilterOptions options;
        options.segmentBytes = 4096;
        options.pipelineDepth = 64;
        exerciseFilter(locationOf(singleUrl("single-blocked")), RedisFilterGeometry::forCapacity(FilterType::Blocked, 20000, 0.01),
                       options, 20000, 1);
    }

    void singleServerClassic() {
        REQUIRE_SERVER();
        RedisFilterOptions options;
        options.segmentBytes = 2048;
        exerciseFilter(locationOf(singleUrl("single-classic")),
                       RedisFilterGeometry::forCapacity(FilterType::Classic, 10000, 0.01, 42), options, 10000, 1);
    }

    void clusterBlockedAndClassic() {
        REQUIRE_CLUSTER();
        RedisFilterOptions options;
        options.segmentBytes = 1024;  // ~30 segments: they must spread over the masters
        exerciseFilter(locationOf(clusterUrl("cluster-blocked")),
                       RedisFilterGeometry::forCapacity(FilterType::Blocked, 20000, 0.01), options, 20000, 2);
        if (QTest::currentTestFailed()) {
            return;
        }
        exerciseFilter(locationOf(clusterUrl("cluster-classic")),
                       RedisFilterGeometry::forCapacity(FilterType::Classic, 10000, 0.01, 7), options, 10000, 2);
    }

    void concurrentInsertersLoseNothing() {
        REQUIRE_CLUSTER();
        const RedisLocation location = locationOf(clusterUrl("concurrent"));
        RedisFilterOptions options;
        options.segmentBytes = 512;
        options.batchKeys = 500;  // many interleaved batches per thread
        RedisFilter filter = RedisFilter::create(location, RedisFilterGeometry::forCapacity(FilterType::Blocked, 20000, 0.01),
                                                 options);
        constexpr std::size_t kThreads = 4;
        constexpr std::size_t kPerThread = 5000;
        std::vector<std::vector<std::string>> keys;
        for (std::size_t t = 0; t < kThreads; ++t) {
            keys.push_back(makeKeys(kPerThread, "writer" + std::to_string(t) + "-"));
        }
        std::vector<std::future<std::string>> done;
        for (std::size_t t = 0; t < kThreads; ++t) {
            done.push_back(std::async(std::launch::async, [&, t]() -> std::string {
                try {
                    RedisFilter own = RedisFilter::open(location, options);  // its own connections
                    own.insertMany(views(keys[t]));
                    return {};
                } catch (const std::exception& e) {
                    return e.what();
                }
            }));
        }
        for (auto& f : done) {
            QVERIFY(f.wait_for(30s) == std::future_status::ready);
            const std::string error = f.get();
            QVERIFY2(error.empty(), error.c_str());
        }
        for (std::size_t t = 0; t < kThreads; ++t) {
            std::vector<std::uint8_t> results(kPerThread);
            filter.mightContainMany(views(keys[t]), results);
            QCOMPARE(countPositive(results), kPerThread);
        }
        QCOMPARE(filter.info().items, std::uint64_t{kThreads * kPerThread});
        filter.remove();
    }

    void followsAskAndMovedDuringResharding() {
        REQUIRE_CLUSTER();
        const RedisLocation location = locationOf(clusterUrl("resharded"));
        RedisFilterOptions options;
        options.segmentBytes = 1024;
        RedisFilter filter = RedisFilter::create(location, RedisFilterGeometry::blocked(64), options);
        const std::vector<std::string> keys = makeKeys(1000, "moved-");
        filter.insertMany(views(keys));

        const std::string segment = RedisFilter::segmentKey("resharded", 0);
        const std::uint16_t slot = keySlot(segment);
        const RedisEndpoint source = filter.cluster().nodeOf(segment);
        RedisEndpoint target;
        for (const RedisServer& server : m_cluster) {
            if (!(server.endpoint() == source)) {
                target = server.endpoint();
                break;
            }
        }
        RedisConnection src(source, quickOptions());
        RedisConnection dst(target, quickOptions());
        const std::string sourceId = src.command({"CLUSTER", "MYID"}).text;
        const std::string targetId = dst.command({"CLUSTER", "MYID"}).text;
        const std::string slotText = std::to_string(slot);
        QCOMPARE(dst.command({"CLUSTER", "SETSLOT", slotText, "IMPORTING", sourceId}).text, std::string("OK"));
        QCOMPARE(src.command({"CLUSTER", "SETSLOT", slotText, "MIGRATING", targetId}).text, std::string("OK"));
        const RedisReply migrated = src.command({"MIGRATE", target.host, std::to_string(target.port), "", "0", "5000",
                                                 "KEYS", segment});
        QVERIFY2(!migrated.isError(), migrated.text.c_str());

        // The key left the source while its slot is MIGRATING: the source answers ASK.
        std::vector<std::uint8_t> results(keys.size());
        filter.mightContainMany(views(keys), results);
        QCOMPARE(countPositive(results), keys.size());
        QVERIFY(filter.cluster().nodeOf(segment) == source);  // ASK does not change the map
        QVERIFY(filter.cluster().redirects().ask >= 1);
        QCOMPARE(filter.cluster().redirects().moved, std::uint64_t{0});

        for (const RedisServer& server : m_cluster) {
            RedisConnection node(server.endpoint(), quickOptions());
            const RedisReply r = node.command({"CLUSTER", "SETSLOT", slotText, "NODE", targetId});
            QVERIFY2(!r.isError(), r.text.c_str());
        }
        // The slot now belongs to the target: the source answers MOVED, the map follows.
        filter.mightContainMany(views(keys), results);
        QCOMPARE(countPositive(results), keys.size());
        QVERIFY(filter.cluster().nodeOf(segment) == target);
        QVERIFY(filter.cluster().redirects().moved >= 1);
        filter.insert("after the move");
        QVERIFY(filter.mightContain("after the move"));
        filter.remove();
    }

    void copiesFileToRedisAndBack() {
        REQUIRE_CLUSTER();
        QTemporaryDir dir;
        for (const FilterType type : {FilterType::Blocked, FilterType::Classic}) {
            FilterSpec spec;
            spec.type = type;
            spec.capacity = 5000;
            spec.fpr = 0.01;
            spec.seed = type == FilterType::Classic ? 99 : 0;
            AnyFilter local = AnyFilter::create(spec);
            const std::vector<std::string> keys = makeKeys(5000, "copy-");
            for (const std::string& key : keys) {
                local.insert(key);
            }
            const std::filesystem::path first = dir.filePath(QStringLiteral("first.blf")).toStdString();
            const std::filesystem::path second = dir.filePath(QStringLiteral("second.blf")).toStdString();
            saveFilter(local, first);
            const AnyFilter loaded = loadFilter(first);

            const std::string name = std::string("copy-") + std::string(filterTypeName(type));
            RedisFilterOptions options;
            options.segmentBytes = 1024;
            RedisFilter remote = RedisFilter::upload(locationOf(clusterUrl(name)), loaded, options);
            QVERIFY(remote.info().nodes.size() >= 2);
            const std::vector<std::string> absent = makeKeys(5000, "copy-absent-");
            std::vector<std::uint8_t> results(absent.size());
            remote.mightContainMany(views(absent), results);
            for (std::size_t i = 0; i < absent.size(); ++i) {
                QCOMPARE(results[i] != 0, loaded.mightContain(absent[i]));  // answers identically
            }
            saveFilter(remote.download(), second);
            QCOMPARE(serializeFilter(loadFilter(second)), serializeFilter(loaded));  // bit-identical, same count
            remote.remove();
        }
    }

    void authenticates() {
        REQUIRE_SERVER();
        RedisServer guarded;
        QString error;
        QVERIFY2(guarded.start({QStringLiteral("--requirepass"), QStringLiteral("open sesame")}, &error), qPrintable(error));
        const std::string base = "redis://" + guarded.address() + "/guarded";
        const auto geometry = RedisFilterGeometry::blocked(16);

        RedisFilter filter = RedisFilter::create(parseRedisUrl(base, "open sesame"), geometry);  // REDISCLI_AUTH
        filter.insert("k");
        QVERIFY(RedisFilter::open(parseRedisUrl("redis://:open%20sesame@" + guarded.address() + "/guarded", "")).mightContain("k"));

        const QString wrong = messageOf<RedisError>([&] { RedisFilter::open(parseRedisUrl(base, "not it")); });
        QVERIFY2(wrong.contains("authentication") && wrong.contains("failed"), qPrintable(wrong));
        QVERIFY(!wrong.contains("not it"));
        const QString wrongUrl = messageOf<RedisError>([&] {
            RedisFilter::open(parseRedisUrl("redis://:hunter2@" + guarded.address() + "/guarded", ""));
        });
        QVERIFY(!wrongUrl.isEmpty() && !wrongUrl.contains("hunter2"));
        const QString missing = messageOf<RedisError>([&] { RedisFilter::open(parseRedisUrl(base, "")); });
        QVERIFY2(missing.contains("NOAUTH") && missing.contains("REDISCLI_AUTH"), qPrintable(missing));
    }

    void serverKilledMidQuery() {
        REQUIRE_SERVER();
        RedisServer doomed;
        std::optional<RedisFilter> created = filterOnNewServer(doomed, "doomed", 1024, 2000ms);
        QVERIFY(created);
        RedisFilter& filter = *created;
        const std::vector<std::string> keys = makeKeys(20000, "doomed-");
        filter.insertMany(views(keys));
        // A second client that will write a pipeline larger than the socket buffers after the
        // server died: the writes fail with EPIPE, and SIGPIPE must not end this process.
        RedisFilterOptions deep;
        deep.pipelineDepth = keys.size();
        deep.batchKeys = keys.size();
        RedisFilter writer = RedisFilter::open(parseRedisUrl("redis://" + doomed.address() + "/doomed", ""), deep);

        std::atomic<int> rounds{0};
        auto querying = std::async(std::launch::async, [&]() -> std::string {
            std::vector<std::uint8_t> results(keys.size());
            try {
                for (;;) {
                    filter.mightContainMany(views(keys), results);
                    ++rounds;
                }
            } catch (const RedisError& e) {
                return e.what();
            }
        });
        const auto deadline = std::chrono::steady_clock::now() + 10s;
        while (rounds.load() < 2 && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(5ms);
        }
        const auto killedAt = std::chrono::steady_clock::now();
        doomed.stop();  // SIGKILL while the loop queries
        QVERIFY(querying.wait_for(10s) == std::future_status::ready);
        const std::string message = querying.get();
        const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - killedAt).count();
        qInfo("server killed after %d query rounds; error after %.2f s: %s", rounds.load(), seconds, message.c_str());
        QVERIFY2(message.find(doomed.address()) != std::string::npos, message.c_str());
        QVERIFY(seconds < 5.0);
        // Later calls fail at once with a connection error, not a crash.
        QVERIFY(!messageOf<RedisError>([&] { filter.mightContain("x"); }).isEmpty());
        const QString pipeMessage = messageOf<RedisError>([&] { writer.insertMany(views(keys)); });
        QVERIFY2(pipeMessage.contains("lost the connection"), qPrintable(pipeMessage));
    }

    void stoppedServerTimesOut() {
        REQUIRE_SERVER();
        RedisServer frozen;
        std::optional<RedisFilter> filter = filterOnNewServer(frozen, "frozen", 16, 500ms);
        QVERIFY(filter.has_value());
        frozen.pause();  // SIGSTOP: the socket stays open, nothing answers
        const auto start = std::chrono::steady_clock::now();
        const QString message = messageOf<RedisError>([&] { filter->mightContain("k"); });
        const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QVERIFY2(message.contains("did not answer within 500 ms"), qPrintable(message));
        QVERIFY(seconds < 3.0);
        frozen.stop();
    }

    void refusesForeignAndHalfCreatedKeys() {
        REQUIRE_SERVER();
        RedisConnection direct(m_single.endpoint(), quickOptions());
        const RedisLocation stringKey = locationOf(singleUrl("foreign-string"));
        direct.command({"SET", RedisFilter::metadataKey("foreign-string"), "not a filter"});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(stringKey); }).contains("is a string"));
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::create(stringKey, RedisFilterGeometry::blocked(4)); })
                    .contains("not a BloomLab filter"));
        QCOMPARE(direct.command({"GET", RedisFilter::metadataKey("foreign-string")}).text, std::string("not a filter"));

        direct.command({"HSET", RedisFilter::metadataKey("foreign-hash"), "owner", "someone else"});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(locationOf(singleUrl("foreign-hash"))); })
                    .contains("without the field bloomlab_format"));

        const RedisLocation future = locationOf(singleUrl("future-format"));
        RedisFilter::create(future, RedisFilterGeometry::blocked(4));
        direct.command({"HSET", RedisFilter::metadataKey("future-format"), "bloomlab_format", "2"});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(future); }).contains("format 2"));
        direct.command({"HSET", RedisFilter::metadataKey("future-format"), "bloomlab_format", "1", "m", "9999"});
        QVERIFY(!messageOf<RedisFilterError>([&] { RedisFilter::open(future); }).isEmpty());
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::create(future, RedisFilterGeometry::blocked(4)); })
                    .contains("already exists"));

        const RedisLocation truncated = locationOf(singleUrl("truncated"));
        RedisFilter::create(truncated, RedisFilterGeometry::blocked(4));
        direct.command({"SET", RedisFilter::segmentKey("truncated", 0), "short"});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(truncated); }).contains("has 5 bytes"));

        const RedisLocation half = locationOf(singleUrl("half"));
        direct.command({"SETRANGE", RedisFilter::segmentKey("half", 0), "127", std::string(1, '\0')});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(half); }).contains("half-created"));
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::create(half, RedisFilterGeometry::blocked(4)); })
                    .contains("half-created"));

        QVERIFY(messageOf<RedisFilterError>([&] {
                    RedisFilter::create(locationOf(singleUrl("cuckoo")), RedisFilterGeometry{FilterType::Cuckoo, 64, 1});
                }).contains("classic or blocked"));
        direct.command({"HSET", RedisFilter::metadataKey("future-format"), "m", "1099511627776", "k", "7", "type",
                        "classic", "blocks", "0", "bytes", "137438953472", "segment_bytes", "32", "segments", "4294967296"});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(future); }).contains("choose larger segments"));
        RedisFilterOptions odd;
        odd.segmentBytes = 100;
        QVERIFY(messageOf<RedisFilterError>([&] {
                    RedisFilter::create(locationOf(singleUrl("odd")), RedisFilterGeometry::blocked(4), odd);
                }).contains("multiple of 32"));
    }

    // What a create or copy that did not finish leaves: removeHalfCreated deletes it, found by
    // the creation marker's segment count, or without a marker by counting segments up from 0;
    // a complete filter, a foreign marker and nothing at all are refused, and nothing is deleted.
    void removesWhatAnUnfinishedCreateLeft() {
        REQUIRE_SERVER();
        RedisConnection direct(m_single.endpoint(), quickOptions());
        const auto keysOf = [&](const std::string& name) {
            return direct.command({"KEYS", "bloomlab:{" + name + "*"}).elements.size();
        };
        // A create that finished leaves no marker.
        const RedisLocation done = locationOf(singleUrl("finished"));
        RedisFilter::create(done, RedisFilterGeometry::blocked(4));
        QCOMPARE(direct.command({"EXISTS", RedisFilter::creatingKey("finished")}).integer, 0LL);
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::removeHalfCreated(done); }).contains("is not half-created"));
        QCOMPARE(keysOf("finished"), std::size_t{2});

        // Marker for 5 segments, 3 of them written (0, 1 and 4: pipelines finish out of order).
        const RedisLocation marked = locationOf(singleUrl("marked"));
        direct.command({"SET", RedisFilter::creatingKey("marked"), "5"});
        for (int s : {0, 1, 4}) direct.command({"SET", RedisFilter::segmentKey("marked", s), "bits"});
        QVERIFY_THROWS_EXCEPTION(bloomlab::redis::RedisHalfCreatedError, RedisFilter::open(marked));
        QVERIFY_THROWS_EXCEPTION(bloomlab::redis::RedisHalfCreatedError,
                                 RedisFilter::create(marked, RedisFilterGeometry::blocked(4)));
        QCOMPARE(RedisFilter::removeHalfCreated(marked), std::uint64_t{4});
        QCOMPARE(keysOf("marked"), std::size_t{0});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(marked); }).contains("there is no filter named"));

        // A marker alone (stopped before the first segment) is a half-created filter too.
        const RedisLocation early = locationOf(singleUrl("early"));
        direct.command({"SET", RedisFilter::creatingKey("early"), "2"});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::open(early); }).contains("half-created"));
        QCOMPARE(RedisFilter::removeHalfCreated(early), std::uint64_t{1});

        // No marker (written by a version that set none, or a remove stopped after the metadata):
        // segments up to the first 256 missing in a row.
        const RedisLocation unmarked = locationOf(singleUrl("unmarked"));
        for (int s : {0, 1, 2, 200, 455, 712}) direct.command({"SET", RedisFilter::segmentKey("unmarked", s), "bits"});
        QCOMPARE(RedisFilter::removeHalfCreated(unmarked), std::uint64_t{5});
        QCOMPARE(keysOf("unmarked"), std::size_t{1});  // segment 712, after 256 missing in a row

        // A marker that is not one, and a name with nothing at all: refused, nothing deleted.
        direct.command({"SET", RedisFilter::creatingKey("strange"), "not a count"});
        direct.command({"SET", RedisFilter::segmentKey("strange", 0), "bits"});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::removeHalfCreated(locationOf(singleUrl("strange"))); })
                    .contains("not a segment count"));
        QCOMPARE(keysOf("strange"), std::size_t{2});
        QVERIFY(messageOf<RedisFilterError>([&] { RedisFilter::removeHalfCreated(locationOf(singleUrl("nothing"))); })
                    .contains("nothing that a create or copy of it left"));

        // remove() of a complete filter also takes a marker left beside it (stopped between the
        // metadata and the marker's deletion).
        direct.command({"SET", RedisFilter::creatingKey("finished"), "1"});
        RedisFilter::open(done).remove();
        QCOMPARE(keysOf("finished"), std::size_t{0});
    }

    // A copy that fails half way (the server reaches maxmemory) or is cancelled takes back what
    // it wrote: the name is free again, with no segment and no marker left.
    void failedOrCancelledCopyLeavesNothing() {
        REQUIRE_SERVER();
        RedisConnection direct(m_single.endpoint(), quickOptions());
        const auto keysOf = [&](const std::string& name) {
            return direct.command({"KEYS", "bloomlab:{" + name + "*"}).elements.size();
        };
        // 8 MiB of bits in 64 KiB segments.
        const AnyFilter big =
            AnyFilter::create({.type = FilterType::Blocked, .capacity = 1000000, .bits = std::uint64_t{64} << 20});
        RedisFilterOptions small;
        small.segmentBytes = 64 * 1024;

        // Full: the server refuses a segment after the marker and the first ones.
        const long long used = std::stoll([&] {
            const std::string info = direct.command({"INFO", "memory"}).text;
            const auto at = info.find("used_memory:") + std::string("used_memory:").size();
            return info.substr(at, info.find('\r', at) - at);
        }());
        direct.command({"CONFIG", "SET", "maxmemory-policy", "noeviction"});
        direct.command({"CONFIG", "SET", "maxmemory", std::to_string(used + 2 * 1024 * 1024)});
        const QString full = messageOf<RedisError>([&] { RedisFilter::upload(locationOf(singleUrl("full")), big, small); });
        direct.command({"CONFIG", "SET", "maxmemory", "0"});
        QVERIFY2(full.contains("maxmemory"), qPrintable(full));
        QCOMPARE(keysOf("full"), std::size_t{0});

        // Cancelled once the marker is there (the upload's own connections are cut, so new ones
        // take back what it wrote).
        RedisFilterOptions cancellable = small;
        cancellable.interrupter = std::make_shared<RedisInterrupter>();
        auto copying = std::async(std::launch::async, [&]() -> std::string {
            try {
                RedisFilter::upload(locationOf(singleUrl("cancelled")), big, cancellable);
            } catch (const RedisError& e) {
                return e.what();
            }
            return "copied";
        });
        const auto deadline = std::chrono::steady_clock::now() + 20s;
        while (direct.command({"EXISTS", RedisFilter::creatingKey("cancelled")}).integer == 0 &&
               std::chrono::steady_clock::now() < deadline) {
        }
        cancellable.interrupter->interrupt();
        QVERIFY(copying.wait_for(30s) == std::future_status::ready);
        const QString cancelled = QString::fromStdString(copying.get());
        QVERIFY2(cancelled.contains("cancelled"), qPrintable(cancelled));
        QCOMPARE(keysOf("cancelled"), std::size_t{0});
        // The name is free: the same copy, not cancelled, succeeds.
        RedisFilter::upload(locationOf(singleUrl("cancelled")), big, small).remove();
    }

    void refusesClusterNodeAsSingleServer() {
        REQUIRE_CLUSTER();
        RedisFilterOptions options;
        options.segmentBytes = 1024;  // 128 segments: some hash to slots of the other masters
        const QString message = messageOf<RedisError>([&] {
            RedisFilter::create(locationOf("redis://" + m_cluster[0].address() + "/wrong-scheme"),
                                RedisFilterGeometry::blocked(4096), options);
        });
        // Some segment of 4096 blocks lands on another node's slot: MOVED, which a single server never sends.
        QVERIFY2(message.contains("redis-cluster://"), qPrintable(message));
    }

    void samplesEvenlySpacedRanges() {
        REQUIRE_SERVER();
        RedisFilterOptions options;
        options.segmentBytes = 1024;  // ranges cross segment boundaries: the pieces must line up
        for (const FilterType type : {FilterType::Blocked, FilterType::Classic}) {
            const std::string name = "sampled-" + std::string(filterTypeName(type));
            const RedisFilterGeometry geometry = type == FilterType::Blocked
                                                     ? RedisFilterGeometry::blocked(2048)  // 64 KiB
                                                     : RedisFilterGeometry::classic(524288, 5, 7);
            RedisFilter filter = RedisFilter::create(locationOf(singleUrl(name)), geometry, options);
            filter.insertMany(views(makeKeys(20000, "sampled-")));
            const AnyFilter whole = filter.download();
            // The downloaded filter's bytes, little-endian words as the local filters keep them.
            std::vector<std::uint8_t> bits;
            const auto appendWord = [&bits](std::uint64_t word, int bytes) {
                for (int b = 0; b < bytes; ++b) bits.push_back(static_cast<std::uint8_t>(word >> (8 * b)));
            };
            if (type == FilterType::Blocked) {
                for (const std::uint32_t w : std::get<BlockedBloomFilter>(whole.variant()).words()) appendWord(w, 4);
            } else {
                for (const std::uint64_t w : std::get<BloomFilter>(whole.variant()).words()) appendWord(w, 8);
            }
            QCOMPARE(bits.size(), std::size_t(geometry.bytes()));
            for (const std::uint64_t budget : {std::uint64_t{4096}, std::uint64_t{3000}, std::uint64_t{32}, std::uint64_t{1}}) {
                const RedisBitSample sample = filter.sample(budget);
                QVERIFY(!sample.complete());
                QVERIFY2(sample.bytes.size() <= std::max<std::uint64_t>(budget, 32), qPrintable(QString::number(budget)));
                QCOMPARE(sample.totalBytes, geometry.bytes());
                QCOMPARE(sample.bytes.size(), sample.offsets.size() * sample.rangeBytes);
                QVERIFY(sample.rangeBytes % 32 == 0 && sample.rangeBytes > 0);
                QVERIFY(sample.offsets.size() <= RedisFilter::kSampleRanges);
                const std::uint64_t stride = sample.offsets.size() > 1 ? sample.offsets[1] - sample.offsets[0] : 0;
                for (std::size_t i = 0; i < sample.offsets.size(); ++i) {
                    QCOMPARE(sample.offsets[i], i * stride);  // evenly spaced from the start
                    QVERIFY(sample.offsets[i] % 32 == 0);
                    QVERIFY(sample.offsets[i] + sample.rangeBytes <= sample.totalBytes);
                    QVERIFY(i == 0 || sample.offsets[i] >= sample.offsets[i - 1] + sample.rangeBytes);
                    QVERIFY(std::equal(sample.bytes.begin() + std::ptrdiff_t(i * sample.rangeBytes),
                                       sample.bytes.begin() + std::ptrdiff_t((i + 1) * sample.rangeBytes),
                                       bits.begin() + std::ptrdiff_t(sample.offsets[i])));
                }
                // Spread over the whole bitset: the last range starts in its last 1/ranges part.
                QVERIFY(sample.offsets.size() == 1 || sample.offsets.back() + 2 * stride > sample.totalBytes);
                const AnyFilter part = filter.sampleAsFilter(sample);
                QCOMPARE(part.type(), type);
                QCOMPARE(part.sizeInBits(), std::uint64_t{sample.bytes.size() * 8});
            }
            const RedisBitSample full = filter.sample(geometry.bytes());
            QVERIFY(full.complete());
            QCOMPARE(full.fraction(), 1.0);
            QVERIFY(sameBits(filter.sampleAsFilter(full), whole));
            filter.remove();
        }
    }

    void interrupterCutsABlockedCall() {
        bloomlab::test::FakeTcpServer silent(bloomlab::test::FakeTcpServer::Mode::Silent);
        QVERIFY(silent.listening());
        RedisFilterOptions options;
        options.connectTimeout = 2000ms;
        options.replyTimeout = 120000ms;  // would block two minutes without the interrupt
        options.interrupter = std::make_shared<RedisInterrupter>();
        auto opening = std::async(std::launch::async, [&]() -> std::string {
            try {
                RedisFilter::open(locationOf("redis://" + silent.address() + "/silent"), options);
            } catch (const RedisError& e) {
                return e.what();
            }
            return "opened?";
        });
        QVERIFY(opening.wait_for(300ms) == std::future_status::timeout);  // blocked on the reply
        options.interrupter->interrupt();
        QVERIFY(opening.wait_for(20s) == std::future_status::ready);
        const QString message = QString::fromStdString(opening.get());
        QVERIFY2(message.contains("cancelled") && message.contains(QString::fromStdString(silent.address())),
                 qPrintable(message));
        // Later connections with that interrupter fail at once.
        QVERIFY(messageOf<RedisError>([&] { RedisFilter::open(locationOf("redis://" + silent.address() + "/x"), options); })
                    .contains("cancelled"));
    }

    void hostileServersGiveClearErrors() {
        using bloomlab::test::FakeTcpServer;
        RedisFilterOptions options;
        options.connectTimeout = 1000ms;
        options.replyTimeout = 1000ms;
        const auto openAt = [&](const FakeTcpServer& server) {
            return messageOf<RedisError>(
                [&] { RedisFilter::open(locationOf("redis://" + server.address() + "/hostile"), options); });
        };
        FakeTcpServer garbage(FakeTcpServer::Mode::Garbage);
        FakeTcpServer closes(FakeTcpServer::Mode::Closes);
        FakeTcpServer silent(FakeTcpServer::Mode::Silent);
        QVERIFY(garbage.listening() && closes.listening() && silent.listening());
        const QString notRedis = openAt(garbage);
        QVERIFY2(notRedis.contains(QString::fromStdString(garbage.address())) &&
                     notRedis.contains("does not speak the Redis protocol") &&
                     notRedis.contains("check the host and port"),
                 qPrintable(notRedis));
        const QString closed = openAt(closes);
        QVERIFY2(closed.contains(QString::fromStdString(closes.address())) &&
                     (closed.contains("closed the connection") || closed.contains("reset")),
                 qPrintable(closed));
        const QString quiet = openAt(silent);
        QVERIFY2(quiet.contains("did not answer within 1000 ms"), qPrintable(quiet));
        // The same through a cluster address (CLUSTER SLOTS is the first command).
        const QString seed = messageOf<RedisError>([&] {
            RedisFilter::open(locationOf("redis-cluster://" + garbage.address() + "/hostile"), options);
        });
        QVERIFY2(!seed.isEmpty() && seed.contains(QString::fromStdString(garbage.address())), qPrintable(seed));
    }

    void hostileAddressesRefused() {
        const auto refused = [](const std::string& url) {
            return messageOf<RedisUrlError>([&] { parseRedisUrl(url, ""); });
        };
        for (const char* port : {"0", "70000", "-1", "65536", "1e3", "99999999999999999999"}) {
            const QString message = refused(std::string("redis://127.0.0.1:") + port + "/f");
            QVERIFY2(message.contains(QStringLiteral("1 to 65535")) && message.contains(QLatin1String(port)),
                     qPrintable(message));
        }
        QVERIFY(refused("redis-cluster://a:1,b:0/f").contains("1 to 65535"));
        QVERIFY(!refused("redis://h/" + std::string(129, 'n')).isEmpty());
        // A megabyte name, a 64 KiB host: refused, and the message quotes only the start.
        const QString longName = refused("redis://h/" + std::string(1 << 20, 'n'));
        QVERIFY2(longName.contains("1048586 characters") && longName.size() < 1000, qPrintable(longName.left(400)));
        const QString longHost = refused("redis://" + std::string(1 << 16, 'h') + ":1/f");
        QVERIFY2(longHost.contains("the host has 65536 characters") && longHost.size() < 1000,
                 qPrintable(longHost.left(400)));
        QCOMPARE(parseRedisUrl("redis://" + std::string(253, 'h') + ":1/f", "").nodes[0].host.size(), std::size_t(253));
        QVERIFY(refused("redis-cluster://a:1," + std::string(254, 'h') + ":2/f").contains("at most 253"));
        QVERIFY(refused("redis://h:" + std::string(1 << 16, '9') + "/f").size() < 1000);
        QVERIFY(refused("redis://h/bad{" + std::string(1 << 16, 'n') + "}").size() < 1000);
        for (const char* bad : {"redis://", "redis:///f", "redis://:1/f", "redis://h:/f", "redis://h/f/", "redis://h/f g",
                                "redis://h/%00", "redis://[::1/f", "redis-cluster://", "redis-cluster://a:1,,b:2/f"}) {
            QVERIFY2(!refused(bad).isEmpty(), bad);
        }
        // A name at the limit is accepted; the key names stay within Redis' limits.
        QCOMPARE(parseRedisUrl("redis://h/" + std::string(128, 'n'), "").name.size(), std::size_t(128));
    }

    void unreachableServerFailsFast() {
        const int port = freeLoopbackPort();
        const auto start = std::chrono::steady_clock::now();
        const QString message = messageOf<RedisError>([&] {
            RedisFilter::open(locationOf("redis://127.0.0.1:" + std::to_string(port) + "/nothing"));
        });
        QVERIFY2(message.contains("cannot connect") && message.contains(QString::number(port)), qPrintable(message));
        QVERIFY(std::chrono::steady_clock::now() - start < 5s);
    }
};

QTEST_GUILESS_MAIN(TestRedisFilter)
#include "tst_redis_filter.moc"
