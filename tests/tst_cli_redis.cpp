// tst_cli_redis: bloomlab-cli with filters on real redis-server processes (app/cli/cli_redis.cpp):
// build --out redis://, insert, query (no false negatives), info (segments, nodes, counter,
// estimate), copy file -> Redis -> file byte-identical, a cluster address, AUTH through
// REDISCLI_AUTH and the URL (a wrong password fails with a message that does not contain it), a
// server that is gone (a quick non-zero exit), a malformed address (the message names it and the
// accepted forms), bench --filter-at and perf --redis (columns only, no timing assertion).
// The servers are started and stopped by the test (tests/redis_test_server.h); without
// redis-server installed every test skips.
#include "redis_test_server.h"
#include "test_support.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <array>
#include <chrono>
#include <csignal>
#include <memory>
#include <string>

using bloomlab::test::CliTextResult;
using bloomlab::test::RedisServer;
using bloomlab::test::runCliText;

namespace {

constexpr const char* kPassword = "s3cret-Passw0rd";

/// Sets REDISCLI_AUTH for the CLI processes started while it lives.
class ScopedAuth {
public:
    explicit ScopedAuth(const char* password) { qputenv("REDISCLI_AUTH", password); }
    ~ScopedAuth() { qunsetenv("REDISCLI_AUTH"); }
    ScopedAuth(const ScopedAuth&) = delete;
    ScopedAuth& operator=(const ScopedAuth&) = delete;
};

QString describe(const CliTextResult& r) {
    return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3").arg(r.exitCode).arg(r.out, r.err);
}

} // namespace

class TestCliRedis : public QObject {
    Q_OBJECT

private:
    bool m_haveServer = false;
    RedisServer m_single;
    RedisServer m_secured;  ///< --requirepass kPassword
    std::array<RedisServer, 3> m_cluster;
    bool m_clusterUp = false;
    QString m_clusterProblem;
    QTemporaryDir m_dir;
    QString m_present;  ///< 3000 keys
    QString m_more;     ///< 2000 other keys (insert)
    QString m_absent;   ///< 5000 keys never inserted

    QString url(const RedisServer& server, const QString& name) const {
        return QStringLiteral("redis://") + QString::fromStdString(server.address()) + QLatin1Char('/') + name;
    }
    QString clusterUrl(const QString& name) const {
        return QStringLiteral("redis-cluster://") + QString::fromStdString(m_cluster[0].address()) +
               QLatin1Char(',') + QString::fromStdString(m_cluster[1].address()) + QLatin1Char('/') + name;
    }
    QString writeKeys(const QString& file, int from, int count, const char* prefix) {
        QFile out(m_dir.filePath(file));
        if (!out.open(QIODevice::WriteOnly)) return {};
        for (int i = from; i < from + count; ++i) out.write(QByteArray(prefix) + QByteArray::number(qint64(i) * 7919) + "\n");
        return out.fileName();
    }
    static QByteArray readAll(const QString& path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
    /// query --count on `filter` for `keys`: {maybe, no}.
    static std::pair<int, int> counts(const QString& filter, const QString& keys) {
        const CliTextResult r = runCliText({"query", filter, "--keys", keys, "--count"}, 60000);
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("maybe=(\\d+) no=(\\d+)")).match(r.out);
        if (r.exitCode != 0 || !m.hasMatch()) {
            qWarning("%s", qPrintable(describe(r)));
            return {-1, -1};
        }
        return {m.captured(1).toInt(), m.captured(2).toInt()};
    }

private slots:
    void initTestCase() {
        m_haveServer = bloomlab::test::haveRedisServer();
        QVERIFY(m_dir.isValid());
        m_present = writeKeys(QStringLiteral("present.txt"), 0, 3000, "user:");
        m_more = writeKeys(QStringLiteral("more.txt"), 3000, 2000, "user:");
        m_absent = writeKeys(QStringLiteral("absent.txt"), 0, 5000, "absent-key/");
        if (!m_haveServer) return;
        QString error;
        QVERIFY2(m_single.start({}, &error), qPrintable(error));
        QVERIFY2(m_secured.start({QStringLiteral("--requirepass"), QString::fromLatin1(kPassword)}, &error),
                 qPrintable(error));
        m_clusterUp = bloomlab::test::startRedisCluster(m_cluster, &m_clusterProblem);
    }

    void cleanupTestCase() {
        m_single.stop();
        m_secured.stop();
        for (RedisServer& server : m_cluster) server.stop();
    }

    void buildInsertQueryInfo() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString filter = url(m_single, QStringLiteral("users"));
        CliTextResult r = runCliText({"build", "--type", "blocked", "-n", "5000", "-p", "0.01", "--keys", m_present,
                                      "--out", filter}, 60000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(filter), qPrintable(describe(r)));
        r = runCliText({"insert", filter, "--keys", m_more}, 60000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("inserted 2000 keys")), qPrintable(describe(r)));

        QCOMPARE(counts(filter, m_present), std::make_pair(3000, 0));  // no false negatives
        QCOMPARE(counts(filter, m_more), std::make_pair(2000, 0));
        const auto [falsePositives, negatives] = counts(filter, m_absent);
        QCOMPARE(falsePositives + negatives, 5000);
        QVERIFY2(falsePositives < 150, qPrintable(QString::number(falsePositives)));  // p = 1% of 5000: ~50

        r = runCliText({"info", filter}, 30000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        for (const char* field : {"type: blocked", "m: ", "k: 8", "segments: 1", "bloomlab:{users:seg:0}",
                                  "nodes: 1", "items (counter): 5000", "Swamidass-Baldi", "estimated FPR now"})
            QVERIFY2(r.out.contains(QLatin1String(field)), qPrintable(QString::fromLatin1(field) + "\n" + r.out));
        const QRegularExpressionMatch estimate =
            QRegularExpression(QStringLiteral("Swamidass-Baldi, from the fill\\): (\\d+)")).match(r.out);
        QVERIFY(estimate.hasMatch());
        QVERIFY2(std::abs(estimate.captured(1).toInt() - 5000) < 250, qPrintable(estimate.captured(0)));

        // An existing NAME is never overwritten.
        r = runCliText({"build", "--type", "blocked", "-n", "5000", "-p", "0.01", "--keys", m_present, "--out", filter},
                       60000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("users")), qPrintable(describe(r)));
    }

    void insertIntoFile() {
        const QString file = m_dir.filePath(QStringLiteral("grow.blf"));
        CliTextResult r = runCliText({"build", "--type", "classic", "-n", "5000", "-p", "0.01", "--keys", m_present,
                                      "--out", file}, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCliText({"insert", file, "--keys", m_more}, 60000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("5000 items now")), qPrintable(describe(r)));
        QCOMPARE(counts(file, m_more), std::make_pair(2000, 0));
    }

    void copyFileToRedisAndBack_data() {
        QTest::addColumn<QString>("type");
        QTest::newRow("blocked") << QStringLiteral("blocked");
        QTest::newRow("classic") << QStringLiteral("classic");
    }
    void copyFileToRedisAndBack() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        QFETCH(QString, type);
        const QString original = m_dir.filePath(type + QStringLiteral("-original.blf"));
        const QString back = m_dir.filePath(type + QStringLiteral("-back.blf"));
        const QString remote = url(m_single, QStringLiteral("copy-") + type);
        CliTextResult r = runCliText({"build", "--type", type, "-n", "3000", "-p", "0.01", "--keys", m_present,
                                      "--out", original}, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCliText({"copy", original, remote}, 30000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(counts(remote, m_present), std::make_pair(3000, 0));
        r = runCliText({"copy", remote, back}, 30000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QByteArray a = readAll(original);
        QVERIFY(!a.isEmpty());
        QVERIFY2(a == readAll(back), "the file copied to Redis and back differs from the original");
    }

    void removeDeletesFiltersOnly() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString original = m_dir.filePath(QStringLiteral("to-remove.blf"));
        const QString remote = url(m_single, QStringLiteral("to-remove"));
        CliTextResult r = runCliText({"build", "--type", "classic", "-n", "3000", "-p", "0.01", "--keys", m_present,
                                      "--out", original}, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCliText({"copy", original, remote, "--segment-bytes", "1KiB"}, 30000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        // A name that exists is refused, and the message says how to remove it.
        r = runCliText({"copy", original, remote}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("already exists")) &&
                     r.err.contains(QStringLiteral("bloomlab-cli remove")),
                 qPrintable(describe(r)));
        bloomlab::redis::RedisConnection raw(m_single.endpoint(), bloomlab::test::quickOptions());
        const auto keyCount = [&] { return raw.command({"DBSIZE"}).integer; };
        const long long before = keyCount();
        r = runCliText({"remove", remote, "--json"}, 30000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("\"segments\":")), qPrintable(describe(r)));
        const int segments = QRegularExpression(QStringLiteral("\"segments\":(\\d+)")).match(r.out).captured(1).toInt();
        QVERIFY2(segments > 1, qPrintable(r.out));                 // 1024-byte segments: several
        QCOMPARE(keyCount(), before - 1 - segments);               // the metadata and every segment
        r = runCliText({"info", remote}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("no filter named")), qPrintable(describe(r)));
        r = runCliText({"remove", remote}, 30000);                 // twice: nothing left to remove
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("no filter named")), qPrintable(describe(r)));
        r = runCliText({"copy", original, remote}, 30000);         // the name is free again
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCliText({"remove", remote}, 30000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("removed classic filter")), qPrintable(describe(r)));

        // A filter in many small segments: info lists the first 16, counts the rest and each
        // node's share; --json has every one.
        const QString many = url(m_single, QStringLiteral("many-segments"));
        r = runCliText({"copy", original, many, "--segment-bytes", "32"}, 30000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCliText({"info", many}, 30000);
        const int total = QRegularExpression(QStringLiteral("segments: (\\d+) of")).match(r.out).captured(1).toInt();
        QVERIFY2(r.exitCode == 0 && total > 16, qPrintable(describe(r)));
        QCOMPARE(r.out.count(QStringLiteral("  bloomlab:{many-segments:seg:")), qsizetype(16));
        QVERIFY2(r.out.contains(QStringLiteral("  ... and %1 more (--json lists every segment)").arg(total - 16)),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral(": %1 segments)").arg(total)), qPrintable(r.out));
        r = runCliText({"info", many, "--json"}, 30000);
        QCOMPARE(r.out.count(QStringLiteral("\"key\":\"bloomlab:{many-segments:seg:")), qsizetype(total));
        QCOMPARE(runCliText({"remove", many}, 30000).exitCode, 0);

        // A key of that name that is no BloomLab filter is refused and kept.
        QCOMPARE(raw.command({"SET", "bloomlab:{foreign-remove}", "keep me"}).text, std::string("OK"));
        r = runCliText({"remove", url(m_single, QStringLiteral("foreign-remove"))}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("not a BloomLab filter")), qPrintable(describe(r)));
        QCOMPARE(raw.command({"GET", "bloomlab:{foreign-remove}"}).text, std::string("keep me"));
        // Usage: a file, no address, two addresses.
        for (const QStringList& args : {QStringList{"remove", original}, QStringList{"remove"},
                                        QStringList{"remove", remote, remote}}) {
            r = runCliText(args, 30000);
            QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
        }
        QVERIFY(QFile::exists(original));  // a file argument is never touched
    }

    void unionOfRedisAndFile() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString a = m_dir.filePath(QStringLiteral("a.blf"));
        const QString b = url(m_single, QStringLiteral("union-b"));
        const QString out = url(m_single, QStringLiteral("union-out"));
        QCOMPARE(runCliText({"build", "--type", "blocked", "-n", "5000", "-p", "0.01", "--keys", m_present, "--out", a})
                     .exitCode,
                 0);
        QCOMPARE(runCliText({"build", "--type", "blocked", "-n", "5000", "-p", "0.01", "--keys", m_more, "--out", b})
                     .exitCode,
                 0);
        const CliTextResult r = runCliText({"union", a, b, "--out", out}, 30000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(counts(out, m_present), std::make_pair(3000, 0));
        QCOMPARE(counts(out, m_more), std::make_pair(2000, 0));
    }

    void clusterAddress() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        QVERIFY2(m_clusterUp, qPrintable(m_clusterProblem));
        const QString filter = clusterUrl(QStringLiteral("shared"));
        CliTextResult r = runCliText({"build", "--type", "classic", "-n", "5000", "-p", "0.01", "--keys", m_present,
                                      "--out", filter}, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCliText({"insert", filter, "--keys", m_more}, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(counts(filter, m_present), std::make_pair(3000, 0));
        QCOMPARE(counts(filter, m_more), std::make_pair(2000, 0));
        r = runCliText({"info", filter}, 30000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("(Redis Cluster)")) &&
                     r.out.contains(QStringLiteral("items (counter): 5000")),
                 qPrintable(describe(r)));

        // Small segments spread one filter over the nodes; the copy answers the same.
        const QString file = m_dir.filePath(QStringLiteral("cluster-source.blf"));
        const QString spread = clusterUrl(QStringLiteral("spread"));
        QCOMPARE(runCliText({"copy", filter, file}, 30000).exitCode, 0);
        r = runCliText({"copy", file, spread, "--segment-bytes", "1024"}, 30000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCliText({"info", spread}, 30000);
        const QRegularExpressionMatch nodes = QRegularExpression(QStringLiteral("nodes: (\\d+)")).match(r.out);
        QVERIFY2(r.exitCode == 0 && nodes.hasMatch() && nodes.captured(1).toInt() > 1, qPrintable(describe(r)));
        QCOMPARE(counts(spread, m_present), std::make_pair(3000, 0));
        QCOMPARE(counts(spread, m_more), std::make_pair(2000, 0));
        r = runCliText({"copy", file, clusterUrl(QStringLiteral("odd")), "--segment-bytes", "1000"}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("multiple of 32")), qPrintable(describe(r)));
        // remove deletes a filter spread over several nodes: every segment, on every node.
        r = runCliText({"remove", spread}, 30000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("removed classic filter")), qPrintable(describe(r)));
        for (const RedisServer& node : m_cluster) {
            bloomlab::redis::RedisConnection raw(node.endpoint(), bloomlab::test::quickOptions());
            const bloomlab::redis::RedisReply keys = raw.command({"KEYS", "bloomlab:{spread*"});
            QVERIFY2(keys.elements.empty(), "a segment of the removed filter is left on a node");
        }
        r = runCliText({"info", spread}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("no filter named")), qPrintable(describe(r)));

        // What an unfinished copy or remove leaves on a cluster (segments on several nodes, no
        // metadata): refused by info, deleted by remove from every node.
        const QString half = clusterUrl(QStringLiteral("halfspread"));
        r = runCliText({"copy", file, half, "--segment-bytes", "1KiB"}, 30000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        int deletedMetadata = 0;
        for (const RedisServer& node : m_cluster) {
            bloomlab::redis::RedisConnection raw(node.endpoint(), bloomlab::test::quickOptions());
            const bloomlab::redis::RedisReply reply = raw.command({"DEL", "bloomlab:{halfspread}"});
            deletedMetadata += reply.isError() ? 0 : static_cast<int>(reply.integer);  // MOVED on the other nodes
        }
        QCOMPARE(deletedMetadata, 1);
        r = runCliText({"info", half}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("half-created")) &&
                     r.err.contains(QStringLiteral("bloomlab-cli remove")),
                 qPrintable(describe(r)));
        r = runCliText({"remove", half}, 30000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("removed what an unfinished create or copy left")),
                 qPrintable(describe(r)));
        int nodesHolding = 0;
        for (const RedisServer& node : m_cluster) {
            bloomlab::redis::RedisConnection raw(node.endpoint(), bloomlab::test::quickOptions());
            QVERIFY2(raw.command({"KEYS", "bloomlab:{halfspread*"}).elements.empty(), "a leftover segment is still on a node");
            nodesHolding += 1;
        }
        QCOMPARE(nodesHolding, 3);
        r = runCliText({"copy", file, half}, 30000);  // the name is free again
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    }

    // Ctrl-C during a copy to Redis cancels it: what it wrote is deleted, and the process ends
    // of the signal (as a shell expects of an interrupted command).
    void interruptedCopyLeavesNothing() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString big = m_dir.filePath(QStringLiteral("interrupted.blf"));
        CliTextResult r = runCliText({"build", "--type", "blocked", "-n", "1000", "-m", "64MiB", "--keys", m_present,
                                      "--out", big}, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        bloomlab::redis::RedisConnection raw(m_single.endpoint(), bloomlab::test::quickOptions());
        const std::string marker = "bloomlab:{interrupted}:creating";  // RedisFilter::creatingKey
        QProcess copy;
        copy.start(QStringLiteral(BLOOMLAB_CLI_PATH),
                   {"copy", big, url(m_single, QStringLiteral("interrupted")), "--segment-bytes", "4KiB"});
        QVERIFY(copy.waitForStarted(30000));
        QElapsedTimer waited;
        waited.start();
        while (raw.command({"EXISTS", marker}).integer == 0 && waited.elapsed() < 30000) {
        }
        QVERIFY2(waited.elapsed() < 30000, "the copy never started writing");
        QCOMPARE(::kill(static_cast<pid_t>(copy.processId()), SIGINT), 0);
        QVERIFY(copy.waitForFinished(60000));
        const QString err = QString::fromUtf8(copy.readAllStandardError());
        QCOMPARE(copy.exitStatus(), QProcess::CrashExit);  // ended by the signal
        QVERIFY2(err.contains(QStringLiteral("interrupted: the copy to")) && err.contains(QStringLiteral("was deleted")),
                 qPrintable(err));
        QCOMPARE(raw.command({"KEYS", "bloomlab:{interrupted*"}).elements.size(), std::size_t{0});
    }

    void passwordFromEnvironmentAndUrl() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString filter = url(m_secured, QStringLiteral("secured"));
        {
            ScopedAuth auth(kPassword);
            const CliTextResult r = runCliText(
                {"build", "--type", "blocked", "-n", "5000", "-p", "0.01", "--keys", m_present, "--out", filter}, 60000);
            QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
            QVERIFY(!r.out.contains(QLatin1String(kPassword)) && !r.err.contains(QLatin1String(kPassword)));
            QCOMPARE(counts(filter, m_present), std::make_pair(3000, 0));
        }
        // The password in the address: works, and is masked wherever the address is printed.
        const QString withPassword = QStringLiteral("redis://:") + QLatin1String(kPassword) + QLatin1Char('@') +
                                     QString::fromStdString(m_secured.address()) + QStringLiteral("/secured-copy");
        CliTextResult r = runCliText({"copy", filter.isEmpty() ? QString() : withPassword, withPassword}, 30000);
        QVERIFY(r.exitCode != 0);  // SRC needs the password too: none given in the environment
        QVERIFY2(!r.out.contains(QLatin1String(kPassword)) && !r.err.contains(QLatin1String(kPassword)),
                 qPrintable(describe(r)));
        r = runCliText({"build", "--type", "blocked", "-n", "100", "-p", "0.01", "--keys", m_present, "--out",
                        withPassword}, 60000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral(":***@")), qPrintable(describe(r)));
        QVERIFY2(!r.out.contains(QLatin1String(kPassword)) && !r.err.contains(QLatin1String(kPassword)),
                 qPrintable(describe(r)));
    }

    void wrongPasswordFails() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString wrong = QStringLiteral("not-the-Passw0rd");
        {
            ScopedAuth auth("not-the-Passw0rd");
            const CliTextResult r = runCliText({"info", url(m_secured, QStringLiteral("secured"))}, 30000);
            QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("authentication")), qPrintable(describe(r)));
            QVERIFY2(!r.err.contains(wrong) && !r.out.contains(wrong), qPrintable(describe(r)));
        }
        const CliTextResult r = runCliText({"query", QStringLiteral("redis://:") + wrong + QLatin1Char('@') +
                                                         QString::fromStdString(m_secured.address()) +
                                                         QStringLiteral("/secured"),
                                            "--keys", m_present}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("authentication")), qPrintable(describe(r)));
        QVERIFY2(!r.err.contains(wrong) && !r.out.contains(wrong), qPrintable(describe(r)));
        // No password at all for a server that needs one.
        const CliTextResult none = runCliText({"info", url(m_secured, QStringLiteral("secured"))}, 30000);
        QVERIFY2(none.exitCode == 1 && !none.err.isEmpty(), qPrintable(describe(none)));
    }

    void serverGoneFailsQuickly() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        RedisServer doomed;
        QString error;
        QVERIFY2(doomed.start({}, &error), qPrintable(error));
        const QString filter = url(doomed, QStringLiteral("doomed"));
        QCOMPARE(runCliText({"build", "--type", "blocked", "-n", "100", "-p", "0.01", "--keys", m_present, "--out",
                             filter}).exitCode,
                 0);
        doomed.stop();
        const auto start = std::chrono::steady_clock::now();
        const CliTextResult r = runCliText({"query", filter, "--keys", m_present}, 30000);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("cannot connect")), qPrintable(describe(r)));
        QVERIFY2(seconds < 10.0, qPrintable(QString::number(seconds)));
    }

    void badAddressNamesInputAndForms_data() {
        QTest::addColumn<QString>("address");
        QTest::newRow("port") << QStringLiteral("redis://localhost:notaport/f");
        QTest::newRow("no name") << QStringLiteral("redis://localhost:6379");
        QTest::newRow("one slash") << QStringLiteral("redis:/localhost/f");
        QTest::newRow("cluster without nodes") << QStringLiteral("redis-cluster:///f");
    }
    void badAddressNamesInputAndForms() {
        QFETCH(QString, address);
        for (const QStringList& args : {QStringList{"info", address}, QStringList{"query", address, "--keys", m_present},
                                        QStringList{"copy", m_present, address}}) {
            const CliTextResult r = runCliText(args, 30000);
            QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
            QVERIFY2(r.err.contains(address), qPrintable(describe(r)));
            QVERIFY2(r.err.contains(QStringLiteral("redis://[user[:password]@]host[:port][/db]/NAME")) &&
                         r.err.contains(QStringLiteral("redis-cluster://host:port[,host:port...]/NAME")),
                     qPrintable(describe(r)));
        }
        const CliTextResult masked = runCliText({"info", QStringLiteral("redis://u:hunter2@host:bad/f")}, 30000);
        QVERIFY2(masked.exitCode == 2 && !masked.err.contains(QStringLiteral("hunter2")), qPrintable(describe(masked)));
    }

    void benchWithSharedFilter() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString filter = url(m_single, QStringLiteral("bench-filter"));
        const QString csv = m_dir.filePath(QStringLiteral("bench.csv"));
        const CliTextResult r =
            runCliText({"bench", "--backend", "hash", "--filter", "blocked", "-n", "500", "--corpus-size", "2000",
                        "--queries", "1000", "--repeats", "1", "--filter-at", filter, "--csv", csv},
                       120000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        for (const char* column : {"speedup", "fpr_cold", "model", "c_f_ns", "c_hot_ns", "c_cold_ns", "median"})
            QVERIFY2(r.out.contains(QLatin1String(column)), qPrintable(QString::fromLatin1(column) + "\n" + r.out));
        QVERIFY2(r.out.contains(QStringLiteral("shared filter at ") + filter), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("it pays")) || r.out.contains(QStringLiteral("costs more than")),
                 qPrintable(r.out));
        const QList<QByteArray> lines = readAll(csv).trimmed().split('\n');
        QVERIFY(lines.size() >= 2);
        QVERIFY(lines.front().endsWith(",filter_at"));
        QVERIFY2(lines.back().endsWith(filter.toUtf8()), lines.back().constData());
        // The benchmark removes its filter: the NAME is free again.
        QVERIFY2(runCliText({"info", filter}, 30000).exitCode == 1, "the benchmark left its filter behind");
    }

    void benchRefusesOtherTypes() {
        const CliTextResult r = runCliText({"bench", "--filter", "cuckoo", "--filter-at", "redis://127.0.0.1:1/x"});
        QVERIFY2(r.exitCode == 2 && r.err.contains(QStringLiteral("classic or blocked")), qPrintable(describe(r)));
    }

    void fourProcessesInsertAtOnce() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        QVERIFY2(m_clusterUp, qPrintable(m_clusterProblem));
        const QString filter = clusterUrl(QStringLiteral("four-writers"));
        CliTextResult r = runCliText({"build", "--type", "blocked", "-n", "30000", "-p", "0.01", "--keys", m_present,
                                      "--out", filter},
                                     60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        std::array<QString, 4> files;
        std::array<std::unique_ptr<QProcess>, 4> writers;
        for (int w = 0; w < 4; ++w) {
            files[w] = writeKeys(QStringLiteral("writer%1.txt").arg(w), w * 100000, 5000,
                                 qPrintable(QStringLiteral("writer%1-").arg(w)));
            QVERIFY(!files[w].isEmpty());
        }
        for (int w = 0; w < 4; ++w) {  // all four started before any is waited for
            writers[w] = std::make_unique<QProcess>();
            writers[w]->start(QStringLiteral(BLOOMLAB_CLI_PATH),
                              {"insert", filter, "--keys", files[w], "--pipeline-depth", "64"});
        }
        for (int w = 0; w < 4; ++w) {
            QVERIFY(writers[w]->waitForFinished(120000));
            QVERIFY2(writers[w]->exitStatus() == QProcess::NormalExit && writers[w]->exitCode() == 0,
                     writers[w]->readAllStandardError().constData());
        }
        for (int w = 0; w < 4; ++w) QCOMPARE(counts(filter, files[w]), std::make_pair(5000, 0));  // nothing lost
        QCOMPARE(counts(filter, m_present), std::make_pair(3000, 0));
        r = runCliText({"info", filter}, 30000);
        QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("items (counter): 23000")), qPrintable(describe(r)));
    }

    void redisOptionsValidated_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString f = QStringLiteral("redis://127.0.0.1:1/x");
        QTest::newRow("zero") << QStringList{"info", f, "--redis-timeout", "0"} << "0 is not allowed";
        QTest::newRow("negative") << QStringList{"query", f, "--keys", "-", "--redis-timeout", "-5"}
                                  << "'-5' is not a whole number";
        QTest::newRow("fraction") << QStringList{"insert", f, "--keys", "-", "--redis-connect-timeout", "1.5"}
                                  << "'1.5' is not a whole number";
        QTest::newRow("unit") << QStringList{"info", f, "--redis-timeout=5s"} << "'5s' is not a whole number";
        QTest::newRow("absurd") << QStringList{"info", f, "--redis-timeout", "86400000"} << "too large";
        QTest::newRow("huge") << QStringList{"copy", "a.blf", f, "--pipeline-depth", "99999999999999999999999"}
                              << "too large";
        QTest::newRow("depth zero") << QStringList{"union", "a.blf", f, "--pipeline-depth", "0"} << "0 is not allowed";
        QTest::newRow("depth absurd") << QStringList{"bench", "--filter-at", f, "--pipeline-depth", "65537"}
                                      << "1 to 65536";
        QTest::newRow("repeated") << QStringList{"info", f, "--redis-timeout", "5", "--redis-timeout=6"} << "given twice";
        QTest::newRow("missing") << QStringList{"info", f, "--redis-connect-timeout"} << "needs a value";
        QTest::newRow("missing before option") << QStringList{"perf", "--pipeline-depth", "--redis", f}
                                               << "needs a value";
        QTest::newRow("no redis address") << QStringList{"info", "a.blf", "--redis-timeout", "100"}
                                          << "applies to filters on Redis only";
        QTest::newRow("perf without --redis") << QStringList{"perf", "--pipeline-depth", "4"}
                                              << "applies to filters on Redis only";
        QTest::newRow("not a Redis command") << QStringList{"size", "-n", "10", "--redis-timeout", "100"}
                                             << "unknown option '--redis-timeout'";
    }
    void redisOptionsValidated() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliTextResult r = runCliText(args, 30000);
        QVERIFY2(r.exitCode == 2 && r.err.contains(message), qPrintable(describe(r)));
        QVERIFY2(r.out.isEmpty(), qPrintable(describe(r)));
    }

    void redisOptionsInHelp() {
        for (const char* command : {"build", "info", "query", "union", "intersect", "insert", "copy", "bench", "sweep",
                                    "perf"}) {
            const CliTextResult r = runCliText({command, "--help"});
            for (const char* option : {"--redis-connect-timeout MS", "--redis-timeout MS", "--pipeline-depth N"})
                QVERIFY2(r.exitCode == 0 && r.out.contains(QLatin1String(option)),
                         qPrintable(QString::fromLatin1(command) + ": " + QLatin1String(option)));
        }
        QVERIFY(!runCliText({"size", "--help"}).out.contains(QStringLiteral("--redis-timeout")));
    }

    void redisTimeoutsApply() {
        bloomlab::test::FakeTcpServer silent(bloomlab::test::FakeTcpServer::Mode::Silent);
        QVERIFY(silent.listening());
        const QString address = QStringLiteral("redis://%1/x").arg(QString::fromStdString(silent.address()));
        CliTextResult r = runCliText({"info", address, "--redis-timeout", "300"}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("did not answer within 300 ms")), qPrintable(describe(r)));
        r = runCliText({"query", address, "--keys", m_present, "--redis-timeout=250"}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("did not answer within 250 ms")), qPrintable(describe(r)));
        // A closed port: the connect timeout given is the one the message names.
        const QString closed = QStringLiteral("redis://127.0.0.1:%1/x").arg(bloomlab::test::freeLoopbackPort());
        r = runCliText({"info", closed, "--redis-connect-timeout", "750"}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("within 750 ms")), qPrintable(describe(r)));
        bloomlab::test::FakeTcpServer garbage(bloomlab::test::FakeTcpServer::Mode::Garbage);
        r = runCliText({"info", QStringLiteral("redis://%1/x").arg(QString::fromStdString(garbage.address()))}, 30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QStringLiteral("rotocol")), qPrintable(describe(r)));
        bloomlab::test::FakeTcpServer closes(bloomlab::test::FakeTcpServer::Mode::Closes);
        r = runCliText({"query", QStringLiteral("redis://%1/x").arg(QString::fromStdString(closes.address())), "--keys",
                        m_present},
                       30000);
        QVERIFY2(r.exitCode == 1 && r.err.contains(QString::fromStdString(closes.address())), qPrintable(describe(r)));
    }

    void pipelineDepthApplies() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString filter = url(m_single, QStringLiteral("depth-one"));
        CliTextResult r = runCliText({"build", "--type", "classic", "-n", "5000", "-p", "0.01", "--keys", m_present,
                                      "--out", filter, "--pipeline-depth", "1", "--redis-timeout", "20000"},
                                     60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = runCliText({"insert", filter, "--keys", m_more, "--pipeline-depth", "3"}, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const CliTextResult q = runCliText({"query", filter, "--keys", m_more, "--count", "--pipeline-depth", "7"}, 60000);
        QVERIFY2(q.exitCode == 0 && q.out.contains(QStringLiteral("maybe=2000 no=0")), qPrintable(describe(q)));
        r = runCliText({"perf", "--redis", url(m_single, QStringLiteral("perf-depth")), "--redis-keys", "200",
                        "--pipeline-depth", "8"},
                       120000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QRegularExpression row(QStringLiteral("blocked \\(redis\\)\\s+(\\d+)\\s"));
        QStringList depths;
        for (auto it = row.globalMatch(r.out); it.hasNext();) depths << it.next().captured(1);
        QCOMPARE(depths, QStringList{QStringLiteral("8")});
    }

    void buildRefusesTypesRedisCannotHold_data() {
        QTest::addColumn<QString>("type");
        QTest::newRow("counting") << QStringLiteral("counting");
        QTest::newRow("scalable") << QStringLiteral("scalable");
        QTest::newRow("cuckoo") << QStringLiteral("cuckoo");
    }
    void buildRefusesTypesRedisCannotHold() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        QFETCH(QString, type);
        const QString filter = url(m_single, QStringLiteral("never-") + type);
        // The key file does not exist: the refusal must come first, before any key is read.
        const CliTextResult r =
            runCliText({"build", "--type", type, "-n", "1000", "-p", "0.01", "--keys",
                        m_dir.filePath(QStringLiteral("no-such-keys.txt")), "--out", filter},
                       30000);
        QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(QStringLiteral("a ") + type + QStringLiteral(" filter cannot live on Redis")) &&
                     r.err.contains(QStringLiteral("--type blocked")) && r.err.contains(QStringLiteral("--type classic")) &&
                     !r.err.contains(QStringLiteral("no-such-keys")),
                 qPrintable(describe(r)));
        const CliTextResult info = runCliText({"info", filter}, 30000);
        QVERIFY2(info.exitCode == 1 && info.err.contains(QStringLiteral("no filter named")), qPrintable(describe(info)));
        // The same types to a file are fine.
        const CliTextResult file =
            runCliText({"build", "--type", type, "-n", "1000", "-p", "0.01", "--keys", m_present, "--out",
                        m_dir.filePath(type + QStringLiteral(".blf"))},
                       30000);
        QVERIFY2(file.exitCode == 0 || file.exitCode == 3, qPrintable(describe(file)));
    }

    void perfRedisRows() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const CliTextResult r =
            runCliText({"perf", "--redis", url(m_single, QStringLiteral("perf")), "--redis-keys", "300"}, 120000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QStringLiteral("insert_ns")) && r.out.contains(QStringLiteral("lookup_pos")) &&
                     r.out.contains(QStringLiteral("blocked (local)")),
                 qPrintable(r.out));
        for (const char* depth : {"1", "16", "256"}) {
            const QRegularExpression row(QStringLiteral("blocked \\(redis\\)\\s+") + QLatin1String(depth) +
                                         QStringLiteral("\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+\\s+0\\n"));
            QVERIFY2(row.match(r.out).hasMatch(), qPrintable(QString::fromLatin1(depth) + "\n" + r.out));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliRedis)
#include "tst_cli_redis.moc"
