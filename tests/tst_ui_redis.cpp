// tst_ui_redis: the explorer's Redis filter window (ui/redis_filter_window.h) on a real
// redis-server: every Redis call runs off the GUI thread. Open by address, statistics, query and
// insert going to the server (seen by a second client), a key file inserted in batches (every key
// found afterwards), the bits read whole for a small filter and sampled for a large one (the
// view says which part; Refresh reads it again), the password asked when the server needs it
// (and a wrong one asked again), a malformed address, a FIFO as key file, the explorer's filter
// copied to a new name (bit-identical; an existing name refused and left as it was). Slow or gone servers:
// a SIGSTOPped server and a port that accepts but never answers — the GUI thread keeps
// processing events while the job waits, the error is shown after the timeout, and Cancel
// returns the window to idle at once (and unblocks the worker: the window closes at once).
// Servers come from tests/redis_test_server.h; without redis-server the server tests skip.
#include "redis_test_server.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest/QtTest>

#ifndef Q_MOC_RUN
#include "core/any_filter.h"
#include "core/blocked_bloom_filter.h"
#include "core/redis/redis_filter.h"
#include "core/redis/redis_url.h"
#include "ui/redis_filter_window.h"
#endif

#include <sys/stat.h>

#include <chrono>

using bloomlab::test::FakeTcpServer;
using bloomlab::test::RedisServer;
using namespace bloomlab;
using namespace std::chrono_literals;

namespace {

using Window = ui::RedisFilterWindow;

/// Waits for the window's current job to end (its jobFinished); the job's ok flag, or nullopt
/// when none ended within `ms`.
std::optional<bool> waitForJob(Window& window, int ms = 20000) {
    QSignalSpy spy(&window, &Window::jobFinished);
    if (!window.busy()) return std::nullopt;
    if (!spy.wait(ms)) return std::nullopt;
    return spy.takeFirst().at(0).toBool();
}

/// Counts the GUI thread's event-loop turns while `window` is busy (a 10 ms timer).
class LoopWitness : public QObject {
public:
    explicit LoopWitness(const Window& window) : m_window(window) {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            if (m_window.busy()) ++m_busyTicks;
        });
        m_timer.start(10);
    }
    int busyTicks() const { return m_busyTicks; }

private:
    const Window& m_window;
    QTimer m_timer;
    int m_busyTicks = 0;
};

std::vector<std::uint8_t> blockedBytes(const AnyFilter& filter) {
    std::vector<std::uint8_t> bytes;
    for (const std::uint32_t w : std::get<BlockedBloomFilter>(filter.variant()).words())
        for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<std::uint8_t>(w >> (8 * b)));
    return bytes;
}

} // namespace

class TestUiRedis : public QObject {
    Q_OBJECT

private:
    bool m_haveServer = false;
    RedisServer m_server;
    RedisServer m_secured;
    QTemporaryDir m_dir;

    QString url(const RedisServer& server, const char* name) const {
        return QStringLiteral("redis://%1/%2").arg(QString::fromStdString(server.address()), QLatin1String(name));
    }
    static redis::RedisFilter create(const QString& address, std::uint64_t blocks, std::uint64_t segmentBytes = 0) {
        redis::RedisFilterOptions options;
        if (segmentBytes != 0) options.segmentBytes = segmentBytes;
        return redis::RedisFilter::create(redis::parseRedisUrl(address.toStdString(), ""),
                                          redis::RedisFilterGeometry::blocked(blocks, blocks * 20, 0.01), options);
    }
    /// A window on `address` that has finished opening (nullptr with a failed check otherwise).
    static std::unique_ptr<Window> opened(const QString& address, Window::Settings settings = {}) {
        QString error;
        auto window = Window::create(address, {}, &error, nullptr, settings);
        if (!window) {
            qWarning("%s", qPrintable(error));
            return nullptr;
        }
        const std::optional<bool> ok = waitForJob(*window);
        if (!ok || !*ok || !window->isOpen()) {
            qWarning("not opened: %s", qPrintable(window->statusText()));
            return nullptr;
        }
        return window;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
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
        auto window = Window::create(address, {}, &error);
        QVERIFY2(window, qPrintable(error));
        QVERIFY(window->busy());  // connecting in the background: create() returned at once
        QSignalSpy opened(window.get(), &Window::opened);
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QCOMPARE(opened.count(), 1);
        // Idle and open: the key buttons work, Cancel does not.
        const auto button = [&](const char* text) {
            for (QPushButton* b : window->findChildren<QPushButton*>())
                if (b->text() == QString::fromUtf8(text)) return b;
            return static_cast<QPushButton*>(nullptr);
        };
        for (const char* text : {"&Query", "&Insert on the server", "Insert &file…", "&Refresh"})
            QVERIFY2(button(text) && button(text)->isEnabled(), text);
        QVERIFY(button("&Cancel") && !button("&Cancel")->isEnabled());
        QVERIFY2(window->statsText().contains(QStringLiteral("items (counter): 1")), qPrintable(window->statsText()));
        QVERIFY(window->statsText().contains(QStringLiteral("Swamidass")));
        QVERIFY(window->snapshot() != nullptr);
        QVERIFY(window->snapshot()->mightContain("already there"));
        QVERIFY2(window->bitViewMessage().contains(QStringLiteral("the whole filter")), qPrintable(window->bitViewMessage()));

        QVERIFY(window->queryKey(QStringLiteral("already there")));
        QVERIFY(!window->queryKey(QStringLiteral("second while busy")));  // one job at a time, nothing dropped
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QCOMPARE(window->lastAnswer(), std::optional<bool>(true));
        QVERIFY(window->resultText().contains(QStringLiteral("maybe")));
        QVERIFY(window->queryKey(QStringLiteral("never inserted anywhere")));
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QCOMPARE(window->lastAnswer(), std::optional<bool>(other.mightContain("never inserted anywhere")));

        QVERIFY(window->insertKey(QStringLiteral("from the window")));
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QVERIFY(other.mightContain("from the window"));                // it went to the server
        QVERIFY(window->snapshot()->mightContain("from the window"));  // and the bits were read again
        QVERIFY(window->statsText().contains(QStringLiteral("items (counter): 2")));

        // Inserted elsewhere: Refresh shows it.
        other.insert("from another process");
        QVERIFY(window->refresh());
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QVERIFY(window->snapshot()->mightContain("from another process"));
        QVERIFY(window->statsText().contains(QStringLiteral("items (counter): 3")));
        other.remove();
    }

    void copiesTheExplorersFilterToTheServer() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        // A classic filter with keys: the copy on the server is bit-identical and its window
        // shows it (items, bits) and works on it.
        auto local = std::make_shared<AnyFilter>(BloomFilter(20000, 5, 2000, 0.01, 7));
        for (int i = 0; i < 1500; ++i) local->insert("copied " + std::to_string(i));
        const QString address = url(m_server, "gui-copied");
        QString error;
        auto window = Window::createByCopying(address, local, {}, &error, nullptr, {});
        QVERIFY2(window, qPrintable(error));
        QVERIFY(window->busy());
        QVERIFY2(window->statusText().contains(QStringLiteral("Copying the filter to")), qPrintable(window->statusText()));
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QVERIFY(window->isOpen());
        QVERIFY2(window->statsText().contains(QStringLiteral("items (counter): 1500")), qPrintable(window->statsText()));
        redis::RedisFilter other = redis::RedisFilter::open(redis::parseRedisUrl(address.toStdString(), ""));
        const AnyFilter onServer = other.download();
        QCOMPARE(onServer.as<BloomFilter>()->words().size(), local->as<BloomFilter>()->words().size());
        QVERIFY(std::equal(onServer.as<BloomFilter>()->words().begin(), onServer.as<BloomFilter>()->words().end(),
                           local->as<BloomFilter>()->words().begin()));
        // Refresh and insert open the copy, not copy it again.
        QVERIFY(window->insertKey(QStringLiteral("after the copy")));
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QVERIFY(other.mightContain("after the copy"));
        QVERIFY(window->refresh());
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));

        // A name that exists is refused and left as it was.
        const std::uint64_t itemsBefore = other.info().items;
        auto second = Window::createByCopying(address, std::make_shared<AnyFilter>(BloomFilter(64, 2)), {}, &error,
                                              nullptr, {});
        QVERIFY2(second, qPrintable(error));
        QCOMPARE(waitForJob(*second), std::optional<bool>(false));
        QVERIFY2(second->statusText().contains(QStringLiteral("already exists")), qPrintable(second->statusText()));
        QVERIFY(!second->isOpen());
        QCOMPARE(other.info().items, itemsBefore);
        QVERIFY(other.mightContain("copied 7"));

        // A type Redis cannot hold is said before anything connects; so is a malformed address.
        QVERIFY(!Window::createByCopying(url(m_server, "gui-cuckoo"),
                                         std::make_shared<AnyFilter>(CuckooFilter<12>(1024)), {}, &error, nullptr, {}));
        QVERIFY2(error.contains(QStringLiteral("Only classic and blocked")) && error.contains(QStringLiteral("Cuckoo")) &&
                     error.contains(QStringLiteral("Classic Bloom or Blocked Bloom (Parquet SBBF)")),
                 qPrintable(error));
        QVERIFY(!Window::copyProblem(nullptr).isEmpty());
        QVERIFY(Window::copyProblem(local.get()).isEmpty());
        QVERIFY(!Window::createByCopying(QStringLiteral("redis://127.0.0.1:0/x"), local, {}, &error, nullptr, {}));
        QVERIFY2(error.contains(QStringLiteral("port")), qPrintable(error));
        other.remove();
    }

    void insertsAKeyFileInBatches() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString address = url(m_server, "gui-file");
        redis::RedisFilter other = create(address, 4096);
        const QString path = m_dir.filePath(QStringLiteral("keys.txt"));
        std::vector<std::string> keys;
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            for (int i = 0; i < 40000; ++i) {
                keys.push_back("file-key-" + std::to_string(i * 7919));
                file.write(QByteArray::fromStdString(keys.back()) + '\n');
            }
        }
        auto window = opened(address);
        QVERIFY(window);
        auto* bar = window->findChild<QProgressBar*>();
        QVERIFY(bar);
        int shown = 0;  // the largest percentage the bar showed while the batches went out
        connect(bar, &QProgressBar::valueChanged, this, [&](int value) {
            if (window->busy() && bar->maximum() == 100) shown = std::max(shown, value);
        });
        QVERIFY(window->insertKeysFromFile(path));
        QCOMPARE(waitForJob(*window, 60000), std::optional<bool>(true));
        QVERIFY2(shown > 0 && shown <= 100, qPrintable(QString::number(shown)));
        QVERIFY2(window->resultText().contains(QStringLiteral("Inserted 40000 keys")), qPrintable(window->resultText()));
        const std::vector<std::string_view> views(keys.begin(), keys.end());
        std::vector<std::uint8_t> found(keys.size());
        other.mightContainMany(views, found);
        QCOMPARE(std::count(found.begin(), found.end(), std::uint8_t{1}), std::ptrdiff_t(keys.size()));
        QVERIFY(window->statsText().contains(QStringLiteral("items (counter): 40000")));

        // A FIFO (or device) is refused before any job starts: nothing blocks.
        const QString fifo = m_dir.filePath(QStringLiteral("keys.fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QVERIFY(!window->insertKeysFromFile(fifo));
        QVERIFY(!window->busy());
        QVERIFY2(window->statusText().contains(QStringLiteral("is a named pipe (FIFO), not a regular file")) &&
                     window->statusText().contains(fifo),
                 qPrintable(window->statusText()));
        QVERIFY(!window->insertKeysFromFile(m_dir.filePath(QStringLiteral("missing.txt"))));
        other.remove();
    }

    void largeFilterBitsAreSampled() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        // 64 KiB in 1 KiB segments against a view that reads at most 4 KiB whole and samples 1 KiB.
        const QString address = url(m_server, "gui-large");
        redis::RedisFilter other = create(address, 2048, 1024);
        std::vector<std::string> keys;
        for (int i = 0; i < 3000; ++i) keys.push_back("sampled-" + std::to_string(i));
        other.insertMany(std::vector<std::string_view>(keys.begin(), keys.end()));
        Window::Settings settings;
        settings.maxViewBytes = 4096;
        settings.sampleBytes = 1024;
        auto window = opened(address, settings);
        QVERIFY(window);
        QVERIFY(window->snapshot() != nullptr);
        QCOMPARE(window->snapshot()->sizeInBits(), std::uint64_t{1024 * 8});
        const QString message = window->bitViewMessage();
        // 32 ranges of 32 B, one every 2 KiB: 1 KiB of 64 KiB = 1.56 %.
        for (const char* part : {"a sample", "64.00 KiB", "4.00 KiB", "32 ranges", "32 B", "2.00 KiB", "1.56 %"})
            QVERIFY2(message.contains(QLatin1String(part)), qPrintable(QLatin1String(part) + QLatin1Char('\n') + message));
        // The view's bits are the sampled ranges of the server's bitset.
        const redis::RedisBitSample sample = other.sample(1024);
        QVERIFY(blockedBytes(*window->snapshot()) == sample.bytes);
        // Inserted elsewhere: Refresh reads the sample again.
        for (int i = 0; i < 3000; ++i) keys.push_back("more-" + std::to_string(i));
        other.insertMany(std::vector<std::string_view>(keys.begin() + 3000, keys.end()));
        QVERIFY(blockedBytes(*window->snapshot()) != other.sample(1024).bytes);
        QVERIFY(window->refresh());
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QVERIFY(blockedBytes(*window->snapshot()) == other.sample(1024).bytes);
        // Query and insert still use the whole filter.
        QVERIFY(window->queryKey(QStringLiteral("more-2999")));
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QCOMPARE(window->lastAnswer(), std::optional<bool>(true));
        other.remove();
    }

    void defaultViewSamplesAbove16MiB() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        const QString address = url(m_server, "gui-huge");
        redis::RedisFilter other = create(address, Window::kMaxViewBytes / 32 + 1024);
        auto window = opened(address);
        QVERIFY(window);
        QCOMPARE(window->snapshot()->sizeInBits(), std::uint64_t{Window::kSampleBytes * 8});
        QVERIFY2(window->bitViewMessage().contains(QStringLiteral("a sample")) &&
                     window->bitViewMessage().contains(QStringLiteral("16.00 MiB")) &&
                     window->bitViewMessage().contains(QStringLiteral("256 ranges")),
                 qPrintable(window->bitViewMessage()));
        other.remove();
    }

    void asksForThePassword() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        qunsetenv("REDISCLI_AUTH");
        const QString plain = url(m_secured, "gui-secured");
        redis::RedisFilter::create(redis::parseRedisUrl(plain.toStdString(), "gui-Secret"),
                                   redis::RedisFilterGeometry::blocked(16));
        int asked = 0;
        QString error;
        auto window = Window::create(
            plain,
            [&](const QString& shown) -> std::optional<QString> {
                ++asked;
                if (!shown.contains(QString::fromStdString(m_secured.address()))) return std::nullopt;
                return asked == 1 ? QStringLiteral("wrong") : QStringLiteral("gui-Secret");
            },
            &error);
        QVERIFY2(window, qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(window->isOpen() && !window->busy(), 20000);
        QCOMPARE(asked, 2);
        QVERIFY(!window->statsText().contains(QStringLiteral("gui-Secret")));
        QVERIFY(!window->statusText().contains(QStringLiteral("gui-Secret")));
        // Cancelled: the window says why it is not open.
        auto none = Window::create(plain, [](const QString&) { return std::optional<QString>(); }, &error);
        QVERIFY(none);
        QCOMPARE(waitForJob(*none), std::optional<bool>(false));
        QVERIFY(!none->isOpen());
        QVERIFY2(none->statusText().contains(QStringLiteral("authentication")) ||
                     none->statusText().contains(QStringLiteral("NOAUTH")),
                 qPrintable(none->statusText()));
        // Always wrong: asked a bounded number of times, then the refusal is shown.
        int prompts = 0;
        auto wrong = Window::create(plain, [&](const QString&) { return std::optional<QString>(QString::number(++prompts)); },
                                    &error);
        QTRY_VERIFY_WITH_TIMEOUT(!wrong->busy() && !wrong->statusText().isEmpty() &&
                                     wrong->statusText().contains(QStringLiteral("failed")),
                                 20000);
        QCOMPARE(prompts, Window::kMaxPasswordPrompts);
        QVERIFY(!wrong->isOpen());
    }

    void stoppedServerKeepsTheWindowResponsive() {
        REQUIRE_REDIS_SERVER(m_haveServer);
        RedisServer frozen;
        QString error;
        QVERIFY2(frozen.start({}, &error), qPrintable(error));
        const QString address = url(frozen, "gui-frozen");
        create(address, 64);
        Window::Settings settings;
        settings.replyTimeout = 1500ms;
        auto window = opened(address, settings);
        QVERIFY(window);
        frozen.pause();  // SIGSTOP: connected, nothing answers
        LoopWitness witness(*window);
        QVERIFY(window->queryKey(QStringLiteral("k")));
        QCOMPARE(waitForJob(*window), std::optional<bool>(false));
        QVERIFY2(witness.busyTicks() >= 3, qPrintable(QString::number(witness.busyTicks())));  // the loop kept turning
        QVERIFY2(window->statusText().contains(QStringLiteral("Query failed")) &&
                     window->statusText().contains(QStringLiteral("did not answer within 1500 ms")),
                 qPrintable(window->statusText()));
        QCOMPARE(window->lastAnswer(), std::optional<bool>());
        // The server is back: the next action connects again.
        frozen.resume();
        QVERIFY(window->queryKey(QStringLiteral("k")));
        QCOMPARE(waitForJob(*window), std::optional<bool>(true));
        QCOMPARE(window->lastAnswer(), std::optional<bool>(false));
    }

    void silentPortShowsTheTimeoutAndCancelReturnsAtOnce() {
        FakeTcpServer silent(FakeTcpServer::Mode::Silent);  // accepts connections, never answers
        QVERIFY(silent.listening());
        const QString address = QStringLiteral("redis://%1/nothing").arg(QString::fromStdString(silent.address()));
        Window::Settings settings;
        settings.replyTimeout = 1000ms;
        QString error;
        auto window = Window::create(address, {}, &error, nullptr, settings);
        QVERIFY2(window, qPrintable(error));
        LoopWitness witness(*window);
        QCOMPARE(waitForJob(*window), std::optional<bool>(false));
        QVERIFY2(witness.busyTicks() >= 3, qPrintable(QString::number(witness.busyTicks())));
        QVERIFY2(window->statusText().contains(QStringLiteral("did not answer within 1000 ms")),
                 qPrintable(window->statusText()));
        QVERIFY(!window->isOpen());

        // A reply timeout of two minutes, cancelled: idle at once, and the worker is free again
        // (the window closes without waiting for the timeout).
        settings.replyTimeout = 120000ms;
        auto patient = Window::create(address, {}, &error, nullptr, settings);
        QVERIFY(patient && patient->busy());
        QTest::qWait(200);
        QVERIFY(patient->busy());
        QSignalSpy finished(patient.get(), &Window::jobFinished);
        patient->cancel();
        QVERIFY(!patient->busy());
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.takeFirst().at(0).toBool(), false);
        QVERIFY2(patient->statusText().contains(QStringLiteral("Cancelled")), qPrintable(patient->statusText()));
        QTest::qWait(100);
        QCOMPARE(finished.count(), 0);  // the cancelled job's own result was dropped
        QElapsedTimer closing;
        closing.start();
        patient.reset();
        QVERIFY2(closing.elapsed() < 30000, qPrintable(QString::number(closing.elapsed())));  // not the 120 s

        // A copy cancelled says that what it wrote goes again (it did not get to write here).
        auto copying = Window::createByCopying(address, std::make_shared<AnyFilter>(BloomFilter(64, 2)), {}, &error,
                                               nullptr, settings);
        QVERIFY2(copying && copying->busy(), qPrintable(error));
        QTest::qWait(200);
        copying->cancel();
        QVERIFY(!copying->busy());
        QVERIFY2(copying->statusText().contains(QStringLiteral("what it had written to the server is deleted again")) &&
                     copying->statusText().contains(QStringLiteral("Refresh copies the filter again")),
                 qPrintable(copying->statusText()));
        copying.reset();
    }

    void closingWhileBusyDoesNotWaitForTheTimeout() {
        FakeTcpServer silent(FakeTcpServer::Mode::Silent);
        QVERIFY(silent.listening());
        Window::Settings settings;
        settings.replyTimeout = 120000ms;
        QString error;
        auto window = Window::create(QStringLiteral("redis://%1/nothing").arg(QString::fromStdString(silent.address())),
                                     {}, &error, nullptr, settings);
        QVERIFY(window && window->busy());
        QTest::qWait(200);
        QElapsedTimer closing;
        closing.start();
        window.reset();
        QVERIFY2(closing.elapsed() < 30000, qPrintable(QString::number(closing.elapsed())));
    }

    void garbageServerIsAnError() {
        FakeTcpServer garbage(FakeTcpServer::Mode::Garbage);
        QVERIFY(garbage.listening());
        QString error;
        auto window = Window::create(QStringLiteral("redis://%1/x").arg(QString::fromStdString(garbage.address())), {},
                                     &error);
        QVERIFY(window);
        QCOMPARE(waitForJob(*window), std::optional<bool>(false));
        QVERIFY2(window->statusText().contains(QString::fromStdString(garbage.address())) &&
                     window->statusText().contains(QStringLiteral("rotocol")),
                 qPrintable(window->statusText()));
    }

    void badAddress() {
        QString error;
        QVERIFY(!Window::create(QStringLiteral("redis://host:port/x"), {}, &error));
        QVERIFY2(error.contains(QStringLiteral("redis://host:port/x")) && error.contains(QStringLiteral("redis-cluster://")),
                 qPrintable(error));
        QVERIFY(!Window::create(QStringLiteral("redis://127.0.0.1:0/x"), {}, &error));
        QVERIFY(error.contains(QStringLiteral("1 to 65535")));
    }
};

QTEST_MAIN(TestUiRedis)
#include "tst_ui_redis.moc"
