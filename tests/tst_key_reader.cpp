// Tests for core/key_reader: exact bytes between '\n', the last unterminated line, binary and
// very long keys, chunk boundaries, stdin, errors, and flat memory on a large stream.
#include "core/key_reader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstdio>
#include <fcntl.h>
#include <random>
#include <stdexcept>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace bloomlab;

namespace {

void writeFile(const std::string& path, const std::string& bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    QVERIFY(f != nullptr);
    QCOMPARE(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
    QCOMPARE(std::fclose(f), 0);
}

std::vector<std::string> readAll(const std::string& path,
                                 std::size_t maxKeyBytes = KeyReader::kDefaultMaxKeyBytes) {
    KeyReader reader(path, maxKeyBytes);
    std::vector<std::string> keys;
    std::string key;
    while (reader.next(key))
        keys.push_back(key);
    if (reader.keysRead() != keys.size())
        throw std::logic_error("keysRead() disagrees with next()");
    return keys;
}

long maxRssKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

using Keys = std::vector<std::string>;

} // namespace

class TestKeyReader : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string path(const char* name) const { return (m_dir.path() + "/" + name).toStdString(); }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // First, so the process's peak RSS is still small: a 256 MiB stream through a FIFO must not
    // raise the peak RSS by more than 16 MiB (the reader holds one 1 MiB chunk and one key).
    void memoryStaysFlatOnLargeStream() {
        const std::string fifo = path("stream.fifo");
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        constexpr std::uint64_t kTotalBytes = std::uint64_t{256} << 20;
        std::string line = "key-0123456789-abcdefghijklmnopqrstuvwxyz-"; // 42 bytes + number + '\n'
        std::uint64_t written = 0;
        std::uint64_t lines = 0;
        std::thread writer([&] {
            std::FILE* out = std::fopen(fifo.c_str(), "wb");
            if (out == nullptr) return;
            std::string chunk;
            while (written < kTotalBytes) {
                chunk.clear();
                while (chunk.size() < (1u << 16)) {
                    chunk += line;
                    chunk += std::to_string(lines++);
                    chunk += '\n';
                }
                if (std::fwrite(chunk.data(), 1, chunk.size(), out) != chunk.size()) break;
                written += chunk.size();
            }
            std::fclose(out);
        });
        const long before = maxRssKiB();
        std::uint64_t count = 0;
        std::uint64_t bytes = 0;
        bool ordered = true;
        {
            KeyReader reader(fifo);
            std::string key;
            while (reader.next(key)) {
                if (count % 100000 == 0) ordered = ordered && key == line + std::to_string(count);
                bytes += key.size() + 1;
                ++count;
            }
        }
        writer.join();
        const long after = maxRssKiB();
        QCOMPARE(count, lines);
        QCOMPARE(bytes, written);
        QVERIFY(ordered);
        QVERIFY2(after - before < 16 * 1024,
                 qPrintable(QString("peak RSS grew by %1 KiB while streaming %2 MiB")
                                .arg(after - before)
                                .arg(written >> 20)));
    }

    void exactBytes_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QByteArrayList>("expected");
        QTest::newRow("empty file") << QByteArray() << QByteArrayList{};
        QTest::newRow("one newline = one empty key") << QByteArray("\n") << QByteArrayList{""};
        QTest::newRow("two empty keys") << QByteArray("\n\n") << QByteArrayList{"", ""};
        QTest::newRow("terminated") << QByteArray("a\nbb\n") << QByteArrayList{"a", "bb"};
        QTest::newRow("unterminated last line") << QByteArray("a\nbb") << QByteArrayList{"a", "bb"};
        QTest::newRow("only unterminated") << QByteArray("x") << QByteArrayList{"x"};
        QTest::newRow("CR kept") << QByteArray("a\r\nb\r\n") << QByteArrayList{"a\r", "b\r"};
        QTest::newRow("lone CR") << QByteArray("a\rb\n") << QByteArrayList{"a\rb"};
        QTest::newRow("NUL bytes") << QByteArray("a\0b\n\0\n", 6)
                                   << QByteArrayList{QByteArray("a\0b", 3), QByteArray("\0", 1)};
        QTest::newRow("spaces kept") << QByteArray(" a \n\t\n") << QByteArrayList{" a ", "\t"};
        QTest::newRow("non-ASCII and invalid UTF-8")
            << QByteArray("\xc3\xa9t\xc3\xa9\n\xff\xfe\n")
            << QByteArrayList{"\xc3\xa9t\xc3\xa9", "\xff\xfe"};
        QTest::newRow("empty in middle") << QByteArray("a\n\nb\n") << QByteArrayList{"a", "", "b"};
    }
    void exactBytes() {
        QFETCH(QByteArray, content);
        QFETCH(QByteArrayList, expected);
        const std::string file = path("exact.txt");
        writeFile(file, content.toStdString());
        const Keys keys = readAll(file);
        QCOMPARE(keys.size(), std::size_t(expected.size()));
        for (std::size_t i = 0; i < keys.size(); ++i)
            QCOMPARE(QByteArray::fromStdString(keys[i]), expected[int(i)]);
    }

    // Keys of random lengths (0..5000 bytes, random bytes except '\n') written into a ~6 MiB file,
    // so many keys straddle the reader's 1 MiB chunk boundaries; plus one 1 MiB key and one key
    // that is exactly a chunk long.
    void chunkBoundariesAndLongKeys() {
        std::mt19937_64 rng(42);
        Keys expected;
        std::string content;
        std::uniform_int_distribution<int> length(0, 5000);
        std::uniform_int_distribution<int> byte(0, 255);
        auto randomKey = [&](std::size_t n) {
            std::string key(n, '\0');
            for (auto& c : key) {
                int b = byte(rng);
                if (b == '\n') b = 0;
                c = static_cast<char>(b);
            }
            return key;
        };
        while (content.size() < (std::size_t{6} << 20)) {
            std::string key = expected.size() == 700   ? randomKey(std::size_t{1} << 20)
                              : expected.size() == 900 ? randomKey((std::size_t{1} << 20) - 1)
                                                       : randomKey(std::size_t(length(rng)));
            content += key;
            content += '\n';
            expected.push_back(std::move(key));
        }
        content += "last"; // unterminated
        expected.push_back("last");
        const std::string file = path("chunks.bin");
        writeFile(file, content);
        const Keys keys = readAll(file);
        QCOMPARE(keys.size(), expected.size());
        for (std::size_t i = 0; i < keys.size(); ++i)
            QVERIFY2(keys[i] == expected[i], qPrintable(QString("key %1 differs").arg(i)));
    }

    void overlongKeyIsAnError() {
        const std::string file = path("long.txt");
        writeFile(file, "short\n" + std::string(101, 'x') + "\nafter\n");
        KeyReader reader(file, 100);
        std::string key;
        QVERIFY(reader.next(key));
        QCOMPARE(key, std::string("short"));
        try {
            reader.next(key);
            QFAIL("a 101-byte key was accepted with a 100-byte limit");
        } catch (const std::runtime_error& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("key 2") != std::string::npos, e.what());
            QVERIFY2(message.find("longer than 100 bytes") != std::string::npos, e.what());
        }
        // Exactly at the limit is fine.
        writeFile(file, std::string(100, 'y'));
        QCOMPARE(readAll(file, 100), Keys{std::string(100, 'y')});
    }

    void missingFileIsAnError() {
        const std::string file = path("does-not-exist.txt");
        try {
            KeyReader reader(file);
            QFAIL("opened a missing file");
        } catch (const std::runtime_error& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("cannot open keys file '" + file + "'") != std::string::npos,
                     e.what());
            QVERIFY2(message.find("No such file") != std::string::npos, e.what());
        }
    }

    void directoryIsAnError() {
        try {
            KeyReader reader(m_dir.path().toStdString());
            QFAIL("opened a directory");
        } catch (const std::runtime_error& e) {
            QVERIFY2(std::string(e.what()).find("directory") != std::string::npos, e.what());
        }
    }

    void readsStdin() {
        const std::string file = path("stdin.txt");
        writeFile(file, std::string("one\ntwo\0\nthree", 14));
        const int saved = ::dup(STDIN_FILENO);
        QVERIFY(saved >= 0);
        const int fd = ::open(file.c_str(), O_RDONLY);
        QVERIFY(fd >= 0);
        QVERIFY(::dup2(fd, STDIN_FILENO) >= 0);
        ::close(fd);
        std::clearerr(stdin);
        Keys keys;
        std::uint64_t counted = 0;
        try {
            counted = forEachKey("-", [&](std::string_view key) { keys.emplace_back(key); });
        } catch (...) {
        }
        ::dup2(saved, STDIN_FILENO);
        ::close(saved);
        std::clearerr(stdin);
        QCOMPARE(counted, std::uint64_t(3));
        QCOMPARE(keys, (Keys{"one", std::string("two\0", 4), "three"}));
    }

    void forEachKeyCounts() {
        const std::string file = path("count.txt");
        std::string content;
        for (int i = 0; i < 12345; ++i)
            content += std::to_string(i) + "\n";
        writeFile(file, content);
        std::uint64_t sum = 0;
        const std::uint64_t n =
            forEachKey(file, [&](std::string_view key) { sum += std::stoull(std::string(key)); });
        QCOMPARE(n, std::uint64_t(12345));
        QCOMPARE(sum, std::uint64_t(12344) * 12345 / 2);
    }
};

QTEST_GUILESS_MAIN(TestKeyReader)
#include "tst_key_reader.moc"
