// tst_ui_redis: the explorer's Redis filter window (ui/redis_filter_window.h) on a real
// redis-server: open by address, statistics, query and insert going to the server (seen by a
// second client), the bits downloaded for a small filter and refused with a message for a large
// one, the password asked when the server needs it (and a wrong one asked again), a malformed
// address. Servers come from tests/redis_test_server.h; without redis-server every test skips.
#include "redis_test_server.h"

#include <QtTest/QtTest>

#ifndef Q_MOC_RUN
#include "core/redis/redis_filter.h"
#include "core/redis/redis_url.h"
#include "ui/redis_filter_window.h"
#endif

using bloomlab::test::RedisServer;
using namespace bloomlab;

class TestUiRedis : public QObject {
    Q_OBJECT

private:
    bool m_haveServer = false;
    RedisServer m_server;
    RedisServer m_secured;

    QString url(const RedisServer& server, const char* name) const {
        return QStringLiteral("redis://%1/%2").arg(QString::fromStdString(server.address()), QLatin1String(name));
    }
    static redis::RedisFilter create(const QString& address, std::uint64_t blocks) {
        return redis::RedisFilter::create(redis::parseRedisUrl(address.toStdString(), ""),
                                          redis::RedisFilterGeometry::blocked(blocks, blocks * 20, 0.01));
    }

private slots:
    void initTestCase() {
        m_haveServer = bloomlab::test::haveRedisServer();
        if (!m_haveServer) return;
        QString error;
        QVERIFY2(m_server.start({}, &error), qPrintable(error));
        QVERIFY2(m_secured.start({QStringLiteral("--requirepass"), QStringLiteral("gui-Secret")}, &error),
                 qPrintable(error));
    }
    void cleanupTestCase() {
        m_server.stop();
        m_secured.stop();
    }

    void opensQueriesAndInsertsOnTheServer() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString address = url(m_server, "gui-small");
        redis::RedisFilter other = create(address, 64);
        other.insert("already there");
        QString error;
        auto window = ui::RedisFilterWindow::open(address, {}, &error);
        QVERIFY2(window, qPrintable(error));
        QVERIFY2(window->statsText().contains(QStringLiteral("items (counter): 1")), qPrintable(window->statsText()));
        QVERIFY(window->statsText().contains(QStringLiteral("Swamidass")));
        QVERIFY(window->queryKey(QStringLiteral("already there")));
        QVERIFY(window->snapshot() != nullptr);
        QVERIFY(window->snapshot()->mightContain("already there"));
        QVERIFY(window->bitViewMessage().contains(QStringLiteral("downloaded")));

        window->insertKey(QStringLiteral("from the window"));
        QVERIFY(other.mightContain("from the window"));  // it went to the server
        QVERIFY(window->snapshot()->mightContain("from the window"));  // and the bits were refreshed
        QVERIFY(window->statsText().contains(QStringLiteral("items (counter): 2")));
        other.remove();
    }

    void largeFilterBitsRefusedWithMessage() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString address = url(m_server, "gui-large");
        const std::uint64_t blocks = ui::RedisFilterWindow::kMaxViewBytes / 32 + 1024;
        redis::RedisFilter filter = create(address, blocks);
        QString error;
        auto window = ui::RedisFilterWindow::open(address, {}, &error);
        QVERIFY2(window, qPrintable(error));
        QVERIFY(window->snapshot() == nullptr);
        QVERIFY2(window->bitViewMessage().contains(QStringLiteral("Bits not shown")) &&
                     window->bitViewMessage().contains(QStringLiteral("16.00 MiB")),
                 qPrintable(window->bitViewMessage()));
        QVERIFY(!window->queryKey(QStringLiteral("nothing inserted")));
        filter.remove();
    }

    void asksForThePassword() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        qunsetenv("REDISCLI_AUTH");
        const QString plain = url(m_secured, "gui-secured");
        redis::RedisFilter::create(redis::parseRedisUrl(plain.toStdString(), "gui-Secret"),
                                   redis::RedisFilterGeometry::blocked(16));
        int asked = 0;
        QString error;
        auto window = ui::RedisFilterWindow::open(
            plain,
            [&](const QString& shown) -> std::optional<QString> {
                ++asked;
                if (!shown.contains(QString::fromStdString(m_secured.address()))) return std::nullopt;
                return asked == 1 ? QStringLiteral("wrong") : QStringLiteral("gui-Secret");
            },
            &error);
        QVERIFY2(window, qPrintable(error));
        QCOMPARE(asked, 2);
        QVERIFY(!window->statsText().contains(QStringLiteral("gui-Secret")));
        // Cancelled: no window, the server's message.
        auto none = ui::RedisFilterWindow::open(plain, [](const QString&) { return std::optional<QString>(); }, &error);
        QVERIFY(!none);
        QVERIFY2(error.contains(QStringLiteral("authentication")) || error.contains(QStringLiteral("NOAUTH")),
                 qPrintable(error));
    }

    void badAddress() {
        QString error;
        QVERIFY(!ui::RedisFilterWindow::open(QStringLiteral("redis://host:port/x"), {}, &error));
        QVERIFY2(error.contains(QStringLiteral("redis://host:port/x")) && error.contains(QStringLiteral("redis-cluster://")),
                 qPrintable(error));
    }
};

QTEST_MAIN(TestUiRedis)
#include "tst_ui_redis.moc"
