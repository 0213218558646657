// Drives the built bloomlab-cli (BLOOMLAB_CLI_PATH) through QProcess: --help for every filter
// command, the size known answers, `size --type` against what `build` builds (and against
// planFilter) for every type, a build/query round trip with 100,000 keys (the empty key,
// NUL, CR and non-UTF-8 bytes included) for every type with zero false negatives and an FPR on
// 100,000 absent keys within the binomial bound of p, stdin keys, -m granularity, info,
// Parquet export, set operations, warnings, and bad arguments (exit code and message).
// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/filter_math.h"
#include "core/filter_plan.h"
#endif
#include "test_support.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <string>

namespace {

using Result = bloomlab::test::CliResult;

Result run(const QStringList& args, const QByteArray& input = {}) { return bloomlab::test::runCli(args, input); }

QString describe(const Result& r) {
    return QString("exit %1\nstdout: %2\nstderr: %3")
        .arg(r.exitCode)
        .arg(QString::fromUtf8(r.out.left(2000)))
        .arg(QString::fromUtf8(r.err.left(2000)));
}

/// 100,000 present keys with awkward bytes; the keys file is exactly these lines.
QByteArray presentKeys(int count) {
    QByteArray file;
    file += "\n";                            // the empty key
    file += QByteArray("nul\0inside\n", 11); // NUL byte
    file += "carriage\r\n";                  // '\r' is part of the key
    file += "caf\xc3\xa9\n";                 // UTF-8
    file += "\xff\xfe\x80\n";                // not UTF-8
    file += QByteArray(5000, 'L') + "\n";    // long
    file += "dup\ndup\n";                    // duplicate
    for (int i = int(8); i < count; ++i)
        file += "present-" + QByteArray::number(i) + "\n";
    return file;
}

QByteArray absentKeys(int count) {
    QByteArray file;
    for (int i = 0; i < count; ++i)
        file += "absent-" + QByteArray::number(i) + "\n";
    return file;
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestCliFilters : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_present;
    QString m_absent;
    QString file(const QString& name) const { return m_dir.filePath(name); }

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo::exists(QStringLiteral(BLOOMLAB_CLI_PATH)), BLOOMLAB_CLI_PATH);
        m_present = file("present.txt");
        m_absent = file("absent.txt");
        QVERIFY(writeFile(m_present, presentKeys(100000)));
        QVERIFY(writeFile(m_absent, absentKeys(100000)));
    }

    void helpForEveryCommand() {
        for (const char* command :
             {"size", "build", "query", "info", "export", "import", "union", "intersect"}) {
            const Result r = run({command, "--help"});
            QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
            QVERIFY2(r.out.startsWith(QByteArray("Usage: bloomlab-cli ") + command),
                     qPrintable(describe(r)));
        }
        const Result top = run({"--help"});
        QCOMPARE(top.exitCode, 0);
        for (const char* command : {"size", "build", "query", "info", "export"})
            QVERIFY2(top.out.contains(QByteArray("  ") + command), top.out.constData());
    }

    void sizeKnownAnswers() {
        Result r = run({"size", "-n", "1e6", "-p", "0.01"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("m=9585059 bits (1198133 bytes, 1.14 MiB)\n"), r.out.constData());
        QVERIFY2(r.out.contains("\nk=7\n"), r.out.constData());
        // The fewer-probes alternative (filter_math::fewerProbesClassic), and what -k then builds.
        QVERIFY2(r.out.contains("fewer_probes: k=4, m=10522705 bits (1.25 MiB), 10.523 bits/item, +9.8% memory for 3 "
                                "fewer probes (build with --fewer-probes or -k 4)\n"),
                 r.out.constData());
        const Result fast = run({"size", "-n", "1e6", "-p", "0.01", "-k", "4"});
        QVERIFY2(fast.out.contains("m=10522705 bits") && !fast.out.contains("fewer_probes"), fast.out.constData());
        r = run({"size", "-n", "10k", "-p", "1/10"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("m=47926 bits (5991 bytes, 5.85 KiB)") && r.out.contains("\nk=3\n"),
                 r.out.constData());
        r = run({"size", "-n", "1M", "-m", "1MiB", "-k", "7"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("m=8388608 bits") && r.out.contains("\nk=7\n"), r.out.constData());
        const double p = bloomlab::math::classicFpr(1e6, 8388608, 7);
        QVERIFY2(r.out.contains("p=" + QByteArray::number(p, 'g', 6) + "\n"), r.out.constData());
    }

    // `size --type` prints what `build` with the same options builds: the same m, k or f and
    // bytes as the built filter reports, and as planFilter gives for the same spec.
    void sizeTypeMatchesBuild_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("type");
        QTest::addColumn<double>("p");
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<int>("extra");  // k for classic/counting, f for cuckoo, 0 = none
        using bloomlab::FilterType;
        // Every row is for n = 4,600 (-n 4600).
        const auto row = [](const char* name, QStringList options, FilterType type, double p,
                            quint64 bits, int extra = 0) {
            QTest::newRow(name) << options << int(type) << p << bits << extra;
        };
        row("classic p", {"-t", "classic", "-n", "4600", "-p", "0.01"}, FilterType::Classic, 0.01, 0);
        row("classic m k", {"-t", "classic", "-n", "4600", "-m", "50000", "-k", "5"}, FilterType::Classic, 0, 50000, 5);
        row("blocked p", {"-t", "blocked", "-n", "4600", "-p", "0.01"}, FilterType::Blocked, 0.01, 0);
        row("blocked m", {"-t", "blocked", "-n", "4600", "-m", "4KiB"}, FilterType::Blocked, 0, 32768);
        row("counting p", {"-t", "counting", "-n", "4600", "-p", "0.01"}, FilterType::Counting, 0.01, 0);
        row("counting p k", {"-t", "counting", "-n", "4600", "-p", "0.01", "-k", "4"}, FilterType::Counting, 0.01, 0, 4);
        row("counting m", {"-t", "counting", "-n", "4600", "-m", "100000"}, FilterType::Counting, 0, 100000);
        row("scalable p", {"-t", "scalable", "-n", "4600", "-p", "0.01"}, FilterType::Scalable, 0.01, 0);
        row("scalable m", {"-t", "scalable", "-n", "4600", "-m", "80000"}, FilterType::Scalable, 0, 80000);
        row("cuckoo p", {"-t", "cuckoo", "-n", "4600", "-p", "0.01"}, FilterType::Cuckoo, 0.01, 0);
        row("cuckoo p f8", {"-t", "cuckoo", "-n", "4600", "-p", "0.01", "-f", "8"}, FilterType::Cuckoo, 0.01, 0, 8);
        row("cuckoo m", {"-t", "cuckoo", "-n", "4600", "-m", "70000"}, FilterType::Cuckoo, 0, 70000);
    }
    void sizeTypeMatchesBuild() {
        QFETCH(QStringList, options);
        QFETCH(int, type);
        QFETCH(double, p);
        QFETCH(quint64, bits);
        QFETCH(int, extra);
        bloomlab::FilterSpec spec{.type = bloomlab::FilterType(type), .capacity = 4600, .fpr = p, .bits = bits};
        if (spec.type == bloomlab::FilterType::Cuckoo)
            spec.fingerprintBits = unsigned(extra);
        else
            spec.hashes = std::uint32_t(extra);
        const bloomlab::FilterPlan plan = bloomlab::planFilter(spec);
        const bool cuckoo = spec.type == bloomlab::FilterType::Cuckoo;
        const QByteArray m = "m=" + QByteArray::number(plan.bits) + " bits";
        const QByteArray kf = cuckoo ? "f=" + QByteArray::number(plan.fingerprintBits)
                                     : "k=" + QByteArray::number(plan.hashes);
        const QByteArray bytes = QByteArray::number(plan.bytes);

        const Result size = run(QStringList{"size"} + options);
        QVERIFY2(size.exitCode == 0, qPrintable(describe(size)));
        QVERIFY2(size.out.contains("\n" + m), qPrintable(describe(size)));
        QVERIFY2(size.out.contains("\n" + kf), qPrintable(describe(size)));
        QVERIFY2(size.out.contains("\nbytes=" + bytes + " ("), qPrintable(describe(size)));

        const Result build =
            run(QStringList{"build"} + options + QStringList{"--keys", "-", "--out", file("plan.blf")}, "x\n");
        QVERIFY2(build.exitCode == 0, qPrintable(describe(build)));
        QVERIFY2(build.out.contains("\nmemory: " + bytes + " bytes ("), qPrintable(describe(build)));
        QVERIFY2(build.out.contains("\nplanned: " + bytes + " bytes,"), qPrintable(describe(build)));
        const QByteArray builtM = spec.type == bloomlab::FilterType::Scalable
                                      ? " m=" + QByteArray::number(plan.bits) + " k=" + QByteArray::number(plan.hashes)
                                      : ": " + QByteArray::number(plan.bits) + " bits";
        QVERIFY2(build.out.contains(builtM), qPrintable(describe(build)));
        if (spec.type != bloomlab::FilterType::Scalable && spec.type != bloomlab::FilterType::Blocked) {
            const QByteArray builtKf = (cuckoo ? "(f): " : "(k): ") +
                                       QByteArray::number(cuckoo ? plan.fingerprintBits : plan.hashes) + "\n";
            QVERIFY2(build.out.contains(builtKf), qPrintable(describe(build)));
        }
    }

    void sizeListsEveryLayoutFromThePlan() {
        using bloomlab::FilterType;
        const Result r = run({"size", "-n", "4600", "-p", "0.01"});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const auto plan = [](FilterType type) {
            return bloomlab::planFilter({.type = type, .capacity = 4600, .fpr = 0.01});
        };
        QVERIFY2(r.out.contains("blocked: " + QByteArray::number(plan(FilterType::Blocked).blocks) + " blocks"),
                 r.out.constData());
        QVERIFY2(r.out.contains("counting: " + QByteArray::number(plan(FilterType::Counting).lines) + " lines"),
                 r.out.constData());
        QVERIFY2(r.out.contains("scalable: first layer m=" + QByteArray::number(plan(FilterType::Scalable).bits) +
                                " bits"),
                 r.out.constData());
        QVERIFY2(r.out.contains(", " + QByteArray::number(plan(FilterType::Cuckoo).buckets) + " buckets"),
                 r.out.constData());
        // The filter options describe one type: without --type they are refused.
        const Result refused = run({"size", "-n", "4600", "-p", "0.01", "-f", "8"});
        QVERIFY2(refused.exitCode == 2 && refused.err.contains("option -f is a filter option: it needs --type"), qPrintable(describe(refused)));
    }

    // build + query for every type: all 100,000 present keys 'maybe'; on 100,000 absent keys the
    // 'maybe' count stays below the upper end of math::binomialAcceptance(100000, p), z = 4
    // (a filter built for p must measure at most about p).
    void buildQueryRoundTrip_data() {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("classic") << QStringList{"--type", "classic"};
        QTest::newRow("blocked") << QStringList{"--type", "blocked"};
        QTest::newRow("counting") << QStringList{"--type", "counting"};
        QTest::newRow("scalable") << QStringList{"--type", "scalable"};
        QTest::newRow("cuckoo") << QStringList{"--type", "cuckoo"};
        QTest::newRow("cuckoo-16") << QStringList{"--type", "cuckoo", "--fingerprint-bits", "16"};
        QTest::newRow("cuckoo-local") << QStringList{"--type", "cuckoo", "--cuckoo-layout", "local"};
        QTest::newRow("classic-seeded")
            << QStringList{"--type", "classic", "--seed", "0xfeed", "-k", "5"};
    }
    void buildQueryRoundTrip() {
        QFETCH(QStringList, options);
        const QString filter = file(options.join('_') + ".blf");
        Result r =
            run(QStringList{"build"} + options +
                QStringList{"-n", "100000", "-p", "0.01", "--keys", m_present, "--out", filter});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.startsWith("built "), qPrintable(describe(r)));
        QVERIFY2(r.out.contains("from 100000 keys (99999 inserted, 0 failed, 1 duplicate keys skipped)"),
                 qPrintable(describe(r)));
        QVERIFY2(r.err.isEmpty(), qPrintable(describe(r)));

        r = run({"query", filter, "--keys", m_present});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.out.count('\n'), qsizetype(100000));
        QCOMPARE(r.out.count("maybe\n"), qsizetype(100000)); // zero false negatives

        r = run({"query", filter, "--keys", m_present, "--count"});
        QCOMPARE(r.out, QByteArray("maybe=100000 no=0\n"));

        r = run({"query", filter, "--keys", m_absent, "--count"});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QList<QByteArray> parts = r.out.trimmed().split(' ');
        QCOMPARE(parts.size(), qsizetype(2));
        QVERIFY(parts[0].startsWith("maybe=") && parts[1].startsWith("no="));
        const quint64 maybe = parts[0].mid(6).toULongLong();
        const quint64 no = parts[1].mid(3).toULongLong();
        QCOMPARE(maybe + no, quint64(100000));
        const auto band = bloomlab::math::binomialAcceptance(100000, 0.01);
        QVERIFY2(double(maybe) <= band.high,
                 qPrintable(QString("maybe=%1 > %2").arg(maybe).arg(band.high)));
        qInfo("%s: %llu false positives in 100000 absent keys", qPrintable(options.join(' ')),
              static_cast<unsigned long long>(maybe));
    }

    void localCuckooLayoutIsSavedAndShown() {
        // build --cuckoo-layout local: info names the layout and format v3; insert into the file
        // keeps both (and finds the old and new keys); the default stays spread and v1.
        const QString local = file("layout_local.blf");
        const QString spread = file("layout_spread.blf");
        Result r = run({"build", "-t", "cuckoo", "-n", "100000", "-p", "0.01", "--cuckoo-layout", "local", "--keys",
                        m_present, "--out", local});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = run({"build", "-t", "cuckoo", "-n", "100000", "-p", "0.01", "--keys", m_present, "--out", spread});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = run({"info", local});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("format: BloomLab filter v3\n"), qPrintable(describe(r)));
        QVERIFY2(r.out.contains("\nlayout: local ("), qPrintable(describe(r)));
        r = run({"info", spread});
        QVERIFY2(r.out.contains("format: BloomLab filter v1\n"), qPrintable(describe(r)));
        QVERIFY2(r.out.contains("\nlayout: spread ("), qPrintable(describe(r)));
        // The JSON says it too (filter.cuckoo_layout), and size prints what build would build.
        for (const auto& [path, name] : {std::pair{local, QStringLiteral("local")}, std::pair{spread, QStringLiteral("spread")}}) {
            r = run({"info", "--json", path});
            QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
            const QJsonObject filter = QJsonDocument::fromJson(r.out).object().value("filter").toObject();
            QCOMPARE(filter.value("cuckoo_layout").toString(), name);
            r = run({"size", "-t", "cuckoo", "-n", "100000", "-p", "0.01", "--cuckoo-layout", name});
            QVERIFY2(r.exitCode == 0 && QString::fromUtf8(r.out).contains("\nlayout=" + name + "\n"), qPrintable(describe(r)));
        }
        QCOMPARE(QFileInfo(local).size(), QFileInfo(spread).size() + 64);  // growth and layout blocks
        const QString more = file("layout_more.txt");
        {
            QFile f(more);
            QVERIFY(f.open(QIODevice::WriteOnly));
            for (int i = 0; i < 500; ++i) f.write("layout-extra-" + QByteArray::number(i) + "\n");
        }
        r = run({"insert", local, "--keys", more});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = run({"info", local});
        QVERIFY2(r.out.contains("format: BloomLab filter v3\n") && r.out.contains("\nlayout: local ("),
                 qPrintable(describe(r)));
        for (const QString& keys : {m_present, more}) {
            r = run({"query", local, "--keys", keys, "--count"});
            QVERIFY2(r.exitCode == 0 && r.out.startsWith("maybe=") && r.out.contains(" no=0\n"), qPrintable(describe(r)));
        }
    }

    void keysFromStdin() {
        const QString filter = file("stdin.blf");
        const QByteArray keys =
            QByteArray("alpha\nbeta\n\ngamma", 17); // empty key, unterminated last
        Result r = run({"build", "--type", "counting", "-n", "100", "-p", "1%", "--keys", "-",
                        "--out", filter},
                       keys);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("from 4 keys (4 inserted, 0 failed, 0 duplicate keys skipped)"), qPrintable(describe(r)));
        r = run({"query", filter, "--keys", "-"}, QByteArray("gamma\nalpha\n\nbeta\n"));
        QCOMPARE(r.out, QByteArray("maybe\nmaybe\nmaybe\nmaybe\n"));
    }

    void sizeOptionRoundsToTheLayout() {
        const QString filter = file("blocked1k.blf");
        Result r = run({"build", "--type", "blocked", "-n", "100", "-m", "1KiB", "--keys", "-",
                        "--out", filter},
                       "x\n");
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = run({"info", filter});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("blocks: 32 x 256 bits\n"), r.out.constData());
        QVERIFY2(r.out.contains("bits (m): 8192 bits"), r.out.constData());
        QVERIFY2(r.out.contains("items: 1\n"), r.out.constData());
        QVERIFY2(r.out.contains("format: BloomLab filter v1"), r.out.constData());

        r = run({"build", "--type", "classic", "-n", "100", "-m", "1000", "-k", "3", "--keys", "-",
                 "--out", file("c.blf")},
                "x\n");
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("bits (m): 1000 bits") && r.out.contains("hash functions (k): 3"),
                 r.out.constData());

        // --fewer-probes: the geometry `size` offers (k = 4, m = classicBitsForFixedK) for the same p.
        r = run({"build", "--type", "classic", "-n", "1M", "-p", "0.01", "--fewer-probes", "--keys", "-",
                 "--out", file("fast.blf")},
                "x\ny\n");
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("bits (m): 10522705 bits") && r.out.contains("hash functions (k): 4"),
                 r.out.constData());
        const Result query = run({"query", file("fast.blf"), "--keys", "-"}, "x\ny\n");
        QVERIFY2(query.exitCode == 0 && query.out.count("maybe") == 2, qPrintable(describe(query)));
    }

    void exportParquet() {
        const QString filter = file("export.blf");
        const QString blob = file("export.parquet-bloom");
        Result r = run({"build", "--type", "blocked", "-n", "100", "-m", "1KiB", "--keys", "-",
                        "--out", filter},
                       "hello\n");
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = run({"export", filter, "--format", "parquet", "--out", blob});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QFile f(blob);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QCOMPARE(bytes.size(), qsizetype(16 + 1024));
        QCOMPARE(bytes.left(16), QByteArray::fromHex("158010"
                                                     "1c1c0000"
                                                     "1c1c0000"
                                                     "1c1c0000"
                                                     "00"));
        // Parquet's known answer for "hello" in 32 blocks: block 4, word 0 has bit 20.
        QCOMPARE(quint8(bytes[16 + 4 * 32 + 2]), quint8(1u << (20 - 16)));
        // And back; parquet is the only format, so --format may be left out.
        const QString again = file("imported.blf");
        r = run({"import", blob, "--out", again});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        r = run({"query", again, "--keys", "-"}, "hello\n");
        QCOMPARE(r.out, QByteArray("maybe\n"));
        // A blob cut short, and a file that is no blob at all: refused with the file named.
        const QString cut = file("cut.bin");
        {
            QFile c(cut);
            QVERIFY(c.open(QIODevice::WriteOnly));
            c.write(bytes.left(20));
        }
        r = run({"import", cut, "--format", "parquet", "--out", file("cut.blf")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("cannot import '" + cut.toUtf8() + "': Parquet bloom filter header says numBytes = 1024 but 4 bytes follow"),
                 qPrintable(describe(r)));
        QVERIFY(!QFileInfo::exists(file("cut.blf")));
        const QString text = file("words.txt");
        {
            QFile t(text);
            QVERIFY(t.open(QIODevice::WriteOnly));
            t.write("apple\nbanana\n");
        }
        r = run({"import", text, "--format", "parquet", "--out", file("words.blf")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("cannot import '" + text.toUtf8() + "': "), qPrintable(describe(r)));
        QVERIFY(!QFileInfo::exists(file("words.blf")));

        // Other types are refused.
        const QString classic = file("classic-export.blf");
        run({"build", "--type", "classic", "-n", "10", "-p", "0.01", "--keys", "-", "--out",
             classic},
            "a\n");
        r = run({"export", classic, "--out", file("nope")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("only the blocked"), qPrintable(describe(r)));
        QVERIFY(!QFileInfo::exists(file("nope")));
    }

    void unionAndIntersect() {
        const QString a = file("a.blf"), b = file("b.blf"), u = file("u.blf"), i = file("i.blf");
        const QStringList common = {"--type", "classic", "-n", "1000", "-p",
                                    "0.01",   "--keys",  "-",  "--out"};
        QCOMPARE(run(QStringList{"build"} + common + QStringList{a}, "one\nboth\n").exitCode, 0);
        QCOMPARE(run(QStringList{"build"} + common + QStringList{b}, "two\nboth\n").exitCode, 0);
        Result r = run({"union", a, b, "--out", u});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(run({"query", u, "--keys", "-"}, "one\ntwo\nboth\n").out,
                 QByteArray("maybe\nmaybe\nmaybe\n"));
        r = run({"intersect", a, b, "--out", i});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(run({"query", i, "--keys", "-"}, "both\n").out, QByteArray("maybe\n"));
        // Different geometry is refused with the differing parameter named.
        const QString c = file("c2.blf");
        QCOMPARE(run({"build", "--type", "classic", "-n", "5000", "-p", "0.01", "--keys", "-",
                      "--out", c},
                     "x\n")
                     .exitCode,
                 0);
        r = run({"union", a, c, "--out", file("bad.blf")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("incompatible filters") && r.err.contains("m"),
                 qPrintable(describe(r)));
    }

    void overfillAndFailedInsertsWarn() {
        QByteArray many;
        for (int i = 0; i < 20000; ++i)
            many += "k" + QByteArray::number(i) + "\n";
        Result r = run({"build", "--type", "classic", "-n", "1000", "-p", "0.01", "--keys", "-",
                        "--out", file("over.blf")},
                       many);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(
            r.err.contains("warning: the filter is overfilled: 20000 items for a capacity of 1000"),
            qPrintable(describe(r)));
        r = run({"info", file("over.blf")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("overfilled: yes") && r.err.contains("overfilled"),
                 qPrintable(describe(r)));

        r = run({"build", "--type", "cuckoo", "-n", "1000", "-p", "0.01", "--keys", "-", "--out",
                 file("full.blf")},
                many);
        QVERIFY2(r.exitCode == 3, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("inserts failed; those keys are NOT in the filter"),
                 qPrintable(describe(r)));
        QVERIFY(QFileInfo::exists(file("full.blf")));

        r = run({"build", "--type", "scalable", "-n", "1000", "-p", "0.01", "--max-layers", "2",
                 "--keys", "-", "--out", file("limit.blf")},
                many);
        QVERIFY2(r.exitCode == 3, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("inserts failed"), qPrintable(describe(r)));
    }

    void forcedGeometryAboveTargetWarns() {
        const Result r = run({"build", "--type", "cuckoo", "-f", "8", "-n", "1000", "-p", "0.001",
                              "--keys", "-", "--out", file("f8.blf")},
                             "a\n");
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("above the requested p = 0.001"), qPrintable(describe(r)));
        const Result quiet = run({"build", "--type", "cuckoo", "-n", "1000", "-p", "0.001",
                                  "--keys", "-", "--out", file("fauto.blf")},
                                 "a\n");
        QVERIFY2(quiet.exitCode == 0 && quiet.err.isEmpty(), qPrintable(describe(quiet)));
    }

    void badArguments_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString keys = "KEYS";
        QTest::newRow("size nothing") << QStringList{"size"} << 2 << "at least two";
        QTest::newRow("size m k only")
            << QStringList{"size", "-m", "1000", "-k", "3"} << 2 << "not enough to solve";
        QTest::newRow("size bad p")
            << QStringList{"size", "-n", "10", "-p", "1.5"} << 2 << "invalid probability '1.5': must be in (0, 1)";
        QTest::newRow("size garbage n")
            << QStringList{"size", "-n", "10x", "-p", "0.1"} << 2 << "invalid count '10x'";
        QTest::newRow("size negative")
            << QStringList{"size", "-n", "-5", "-p", "0.1"} << 2 << "negative";
        QTest::newRow("size unknown option")
            << QStringList{"size", "-n", "5", "-p", "0.1", "--frobnicate"} << 2
            << "unknown option '--frobnicate'";
        QTest::newRow("size missing value")
            << QStringList{"size", "-n"} << 2 << "-n needs a value";
        QTest::newRow("build no type")
            << QStringList{"build", "-n", "10", "-p", "0.1", "--keys", keys, "--out", "X"} << 2
            << "missing --type";
        QTest::newRow("build bad type")
            << QStringList{"build", "--type", "bloom", "-n",    "10", "-p",
                           "0.1",   "--keys", keys,    "--out", "X"}
            << 2 << "unknown filter type 'bloom'";
        QTest::newRow("build p and m")
            << QStringList{"build", "--type", "classic", "-n", "10",    "-p", "0.1",
                           "-m",    "1k",     "--keys",  keys, "--out", "X"}
            << 2 << "not both";
        QTest::newRow("build fewer probes blocked")
            << QStringList{"build", "--type", "blocked", "-n", "10", "-p", "0.1", "--fewer-probes",
                           "--keys", keys, "--out", "X"}
            << 2 << "option --fewer-probes does not apply to --type blocked; it applies to classic";
        QTest::newRow("build fewer probes and k")
            << QStringList{"build", "--type", "classic", "-n", "10", "-p", "0.1", "-k", "2", "--fewer-probes",
                           "--keys", keys, "--out", "X"}
            << 2 << "give -k or --fewer-probes, not both";
        QTest::newRow("build fewer probes by size")
            << QStringList{"build", "--type", "classic", "-n", "10", "-m", "1KiB", "--fewer-probes",
                           "--keys", keys, "--out", "X"}
            << 2 << "--fewer-probes needs -p";
        QTest::newRow("build no keys")
            << QStringList{"build", "--type", "classic", "-n", "10", "-p", "0.1", "--out", "X"} << 2
            << "missing --keys";
        QTest::newRow("build missing keys file")
            << QStringList{"build", "--type", "classic",        "-n",    "10", "-p",
                           "0.1",   "--keys", "/nonexistent/k", "--out", "X"}
            << 1 << "cannot open keys file '/nonexistent/k'";
        QTest::newRow("build blocked seed")
            << QStringList{"build",  "--type", "blocked", "-n", "10",    "-p", "0.1",
                           "--seed", "3",      "--keys",  keys, "--out", "X"}
            << 2 << "XXH64 seed 0";
        QTest::newRow("build bad fingerprint")
            << QStringList{"build", "--type", "cuckoo", "-n", "10",    "-p", "0.1",
                           "-f",    "10",     "--keys", keys, "--out", "X"}
            << 2 << "8, 12 or 16";
        QTest::newRow("build bad seed")
            << QStringList{"build",  "--type", "classic", "-n", "10",    "-p", "0.1",
                           "--seed", "x1",     "--keys",  keys, "--out", "X"}
            << 2 << "invalid seed 'x1'";
        QTest::newRow("query no filter")
            << QStringList{"query", "--keys", keys} << 2 << "missing FILTER";
        QTest::newRow("query missing filter")
            << QStringList{"query", "/nonexistent.blf", "--keys", keys} << 1
            << "cannot load filter '/nonexistent.blf'";
        QTest::newRow("query not a filter")
            << QStringList{"query", keys, "--keys", keys} << 1 << "bad magic";
        QTest::newRow("query keys as arguments")
            << QStringList{"query", "X", "alice", "bob"} << 2
            << "unexpected argument 'alice': keys are read from a file, one per line (--keys FILE), "
               "or from standard input (--keys -): printf '%s\\n' KEY... | bloomlab-cli query FILTER --keys -";
        QTest::newRow("insert keys as arguments")
            << QStringList{"insert", "X", "alice"} << 2
            << "unexpected argument 'alice': keys are read from a file, one per line (--keys FILE), "
               "or from standard input (--keys -): printf '%s\\n' KEY... | bloomlab-cli insert FILTER --keys -";
        QTest::newRow("import bad format")
            << QStringList{"import", "X", "--format", "csv", "--out", "Y"} << 2
            << "unsupported --format 'csv' (only 'parquet', the default)";
        QTest::newRow("info two files")
            << QStringList{"info", "a", "b"} << 2 << "unexpected argument 'b'";
        QTest::newRow("export bad format")
            << QStringList{"export", "X", "--format", "csv", "--out", "Y"} << 2
            << "unsupported --format 'csv'";
        QTest::newRow("unknown command")
            << QStringList{"frobnicate"} << 2 << "unknown command 'frobnicate'";
    }
    void badArguments() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        for (QString& arg : args) {
            if (arg == "KEYS") arg = m_absent;
            if (arg == "X") arg = file("never-written.blf");
        }
        const Result r = run(args);
        QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
        QVERIFY2(r.out.isEmpty(), qPrintable(describe(r)));
        QVERIFY2(r.err.startsWith("bloomlab-cli"), qPrintable(describe(r)));
        QVERIFY2(QString::fromUtf8(r.err).contains(message), qPrintable(describe(r)));
        QVERIFY(!QFileInfo::exists(file("never-written.blf")));
    }

    // ---- verdicts: a key file is a set; a union estimates its items; one FPR limit ----------

    void repeatedKeysAreSkippedForEveryType_data() {
        QTest::addColumn<QString>("type");
        for (const char* type : {"classic", "blocked", "counting", "scalable", "cuckoo"}) QTest::newRow(type) << type;
    }
    void repeatedKeysAreSkippedForEveryType() {
        // 30 copies of one key (more than the 2 x 4 slots a cuckoo key can use) among 100
        // distinct ones: every type builds the set of 101 keys, exit 0, no failure, no overfill.
        QFETCH(QString, type);
        QByteArray keys;
        for (int i = 0; i < 30; ++i) keys += "same\n";
        for (int i = 0; i < 100; ++i) keys += "key-" + QByteArray::number(i) + "\n";
        keys += "same\n";
        const QString filter = file("dup-" + type + ".blf");
        const Result r = run({"build", "--type", type, "-n", "1000000", "-p", "0.01", "--keys", "-", "--out", filter},
                             keys);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("from 131 keys (101 inserted, 0 failed, 30 duplicate keys skipped)"),
                 qPrintable(describe(r)));
        QVERIFY2(r.out.contains("items: 101\n"), qPrintable(describe(r)));
        QVERIFY2(!r.err.contains("overfilled") && !r.err.contains("failed"), qPrintable(describe(r)));
        const Result q = run({"query", filter, "--keys", "-", "--count"}, keys);
        QCOMPARE(q.out, QByteArray("maybe=131 no=0\n"));
    }

    void repeatCheckIsBoundedAndSaysSo() {
        // 300,000 distinct keys outgrow the check's 16 MiB (key bytes + 96 bytes each): the
        // first ones stay remembered (their repeat is still skipped), and build says how many
        // keys it could not check instead of pretending the whole file was checked.
        QByteArray keys;
        for (int i = 0; i < 300000; ++i) keys += "k-" + QByteArray::number(i) + "\n";
        keys += "k-0\n";
        const Result r = run({"build", "--type", "classic", "-n", "400000", "-p", "0.01", "--keys", "-", "--out",
                              file("bounded.blf")},
                             keys);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("from 300001 keys (300000 inserted, 0 failed, 1 duplicate keys skipped)"),
                 qPrintable(describe(r)));
        const QRegularExpressionMatch m =
            QRegularExpression("duplicate check remembers keys up to 16.00 MiB; the last (\\d+) keys were not remembered")
                .match(QString::fromUtf8(r.err));
        QVERIFY2(m.hasMatch(), qPrintable(describe(r)));
        QVERIFY(m.captured(1).toInt() > 100000 && m.captured(1).toInt() < 300000);
    }

    void unionWithItselfKeepsItsItemCount_data() {
        QTest::addColumn<QString>("type");
        QTest::newRow("classic") << "classic";
        QTest::newRow("blocked") << "blocked";
    }
    void unionWithItselfKeepsItsItemCount() {
        QFETCH(QString, type);
        QByteArray keys;
        for (int i = 0; i < 900; ++i) keys += "u-" + QByteArray::number(i) + "\n";
        const QString a = file("self-" + type + ".blf"), u = file("self-union-" + type + ".blf");
        QCOMPARE(run({"build", "--type", type, "-n", "1000", "-p", "0.01", "--keys", "-", "--out", a}, keys).exitCode, 0);
        const Result r = run({"union", a, a, "--out", u});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("items: 900\n"), qPrintable(describe(r)));  // not 1800
        QVERIFY2(r.out.contains("the item count is an estimate"), qPrintable(describe(r)));
        QVERIFY2(r.out.contains("overfilled: no"), qPrintable(describe(r)));
        const Result info = run({"info", u});
        QVERIFY2(info.exitCode == 0 && info.err.isEmpty(), qPrintable(describe(info)));
        // Two disjoint halves: the estimate lies between the larger count and the sum, near the sum.
        QByteArray first, second;
        for (int i = 0; i < 400; ++i) first += "x-" + QByteArray::number(i) + "\n";
        for (int i = 0; i < 400; ++i) second += "y-" + QByteArray::number(i) + "\n";
        const QString x = file("x-" + type + ".blf"), y = file("y-" + type + ".blf");
        QCOMPARE(run({"build", "--type", type, "-n", "1000", "-p", "0.01", "--keys", "-", "--out", x}, first).exitCode, 0);
        QCOMPARE(run({"build", "--type", type, "-n", "1000", "-p", "0.01", "--keys", "-", "--out", y}, second).exitCode, 0);
        const Result xy = run({"union", x, y, "--out", file("xy-" + type + ".blf")});
        QVERIFY2(xy.exitCode == 0, qPrintable(describe(xy)));
        const QRegularExpressionMatch count = QRegularExpression("\nitems: (\\d+)\n").match(QString::fromUtf8(xy.out));
        QVERIFY2(count.hasMatch(), qPrintable(describe(xy)));
        const int items = count.captured(1).toInt();
        QVERIFY2(items >= 760 && items <= 800, qPrintable(describe(xy)));
    }

    void sizeTooSmallIsRefusedByEveryType_data() {
        QTest::addColumn<QString>("type");
        for (const char* type : {"classic", "blocked", "counting", "scalable"}) QTest::newRow(type) << type;
    }
    void sizeTooSmallIsRefusedByEveryType() {
        // -m 1 for 1000 items: an expected FPR of (almost) 1. One rule for every type: an expected
        // FPR above 1/2 is refused, naming -m as typed and the smallest size that works.
        QFETCH(QString, type);
        for (const QString& command : {QString("build"), QString("size")}) {
            QStringList args{command, "--type", type, "-n", "1000", "-m", "1"};
            if (command == "build") args += {"--keys", m_absent, "--out", file("never-written.blf")};
            const Result r = run(args);
            QVERIFY2(r.exitCode == 2 && r.out.isEmpty(), qPrintable(describe(r)));
            const QString err = QString::fromUtf8(r.err);
            QVERIFY2(err.contains("option -m 1: the " + type + " filter would have an expected FPR of"),
                     qPrintable(describe(r)));
            QVERIFY2(err.contains("at -n 1000 items") && err.contains("above 1/2"), qPrintable(describe(r)));
            QVERIFY2(!err.contains("target p"), qPrintable(describe(r)));  // no p was given
            // The suggested size is accepted.
            const QRegularExpressionMatch m = QRegularExpression("give -m (\\d+) \\(bits\\)").match(err);
            if (type != "scalable") {
                QVERIFY2(m.hasMatch(), qPrintable(describe(r)));
                const Result ok = run({"size", "--type", type, "-n", "1000", "-m", m.captured(1)});
                QVERIFY2(ok.exitCode == 0, qPrintable(describe(ok)));
            }
            QVERIFY(!QFileInfo::exists(file("never-written.blf")));
        }
        // -p above 1/2 gives an expected FPR above 1/2 too: the same rule (scalable's first layer
        // is sized for p (1 - r), so its expected FPR at n stays below 1/2 and it is accepted).
        if (type == "scalable") return;
        const Result p = run({"size", "--type", type, "-n", "1000", "-p", "0.9"});
        QVERIFY2(p.exitCode == 2 && p.err.contains("option -p 0.9") && p.err.contains("0.5 or less"),
                 qPrintable(describe(p)));
        QCOMPARE(run({"size", "--type", type, "-n", "1000", "-p", "0.5"}).exitCode, 0);
    }

    void sizeAnswersEveryLineOverAbsurdInputs() {
        // Valid input never exits with an error after printing: each line is computed or marked
        // "cannot be built"; only a classic answer that cannot exist (more than 2^64 bits, or m too
        // small for one item) is refused, with exit 2 and nothing on stdout.
        const QStringList counts = {"1", "1000", "1e9", "1e15", "9007199254740992"};
        const QStringList probabilities = {"0.5", "0.01", "1e-17", "1e-300"};
        const QStringList sizes = {"1", "1000", "1e9", "9007199254740992"};
        int answered = 0;
        const auto check = [&](const QStringList& args, const QStringList& lines) {
            const Result r = run(QStringList{"size"} + args);
            if (r.exitCode == 2) {
                QVERIFY2(r.out.isEmpty() && (r.err.contains("2^64 bits") || r.err.contains("cannot hold even one item")),
                         qPrintable(args.join(' ') + "\n" + describe(r)));
                return;
            }
            QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), qPrintable(args.join(' ') + "\n" + describe(r)));
            for (const QString& line : lines)
                QVERIFY2(r.out.contains("\n" + line.toUtf8()) || r.out.startsWith(line.toUtf8()),
                         qPrintable(args.join(' ') + ": no line " + line + "\n" + describe(r)));
            QVERIFY2(!r.out.contains("k=0") && !r.out.contains("\np=0\n"), qPrintable(describe(r)));
            ++answered;
        };
        const QStringList all = {"n=", "p=", "m=", "k=", "bits_per_item=", "blocked: ", "counting: ", "scalable: ", "cuckoo: "};
        const QStringList basic = {"n=", "p=", "m=", "k=", "bits_per_item="};
        for (const QString& n : counts)
            for (const QString& p : probabilities) check({"-n", n, "-p", p}, all);
        for (const QString& m : sizes) {
            for (const QString& n : counts) check({"-n", n, "-m", m}, basic);
            for (const QString& p : probabilities) check({"-m", m, "-p", p}, basic);
            check({"-n", "1000", "-m", m, "-k", "64"}, basic);
        }
        QVERIFY(answered > 40);
        // The two named cases: both print every line and exit 0.
        Result r = run({"size", "-n", "1000", "-p", "1e-17"});
        QVERIFY2(r.exitCode == 0 && r.out.contains("fewer_probes: k="), qPrintable(describe(r)));
        r = run({"size", "-n", "1e15", "-p", "0.01"});
        QVERIFY2(r.exitCode == 0 && r.out.contains("blocked: cannot be built: ") && r.out.contains("cuckoo: "),
                 qPrintable(describe(r)));
    }

    void sizeAndBuildShareTheHashCap() {
        // size never suggests a k that build refuses: both cap k at 64.
        Result r = run({"size", "-n", "1000", "-p", "1e-30"});
        QVERIFY2(r.exitCode == 0 && r.out.contains("\nk=64 (the cap"), qPrintable(describe(r)));
        r = run({"size", "-n", "1", "-m", "131072"});
        QVERIFY2(r.exitCode == 0 && r.out.contains("\nk=64"), qPrintable(describe(r)));
        r = run({"size", "--type", "classic", "-n", "1", "-m", "131072"});  // no -k given: no "got 90852"
        QVERIFY2(r.exitCode == 0 && r.out.contains("\nk=64\n"), qPrintable(describe(r)));
        for (const QString& command : {QString("size"), QString("build")}) {
            QStringList args{command, "--type", "classic", "-n", "1000", "-p", "0.01", "-k", "65"};
            if (command == "build") args += {"--keys", m_absent, "--out", file("never-written.blf")};
            r = run(args);
            QVERIFY2(r.exitCode == 2 && r.err.contains("option -k 65: must be in [1, 64]"), qPrintable(describe(r)));
        }
        r = run({"size", "-n", "1000", "-p", "0.01", "-k", "65"});
        QVERIFY2(r.exitCode == 2 && r.err.contains("option -k 65: must be in [1, 64]"), qPrintable(describe(r)));
    }

    void sizeIntegersAreExact() {
        Result r = run({"size", "-n", "1000", "-m", "9007199254740992"});
        QVERIFY2(r.exitCode == 0 && r.out.contains("\nm=9007199254740992 bits"), qPrintable(describe(r)));
        for (const char* m : {"9007199254740993", "9223372036854775807"}) {
            r = run({"size", "-n", "1000", "-m", m});
            QVERIFY2(r.exitCode == 2 && r.out.isEmpty(), qPrintable(describe(r)));
            QVERIFY2(r.err.contains(QByteArray("option -m ") + m + ": ") && r.err.contains("2^53"), qPrintable(describe(r)));
        }
        r = run({"size", "-n", "9007199254740993", "-p", "0.01"});
        QVERIFY2(r.exitCode == 2 && r.err.contains("option -n 9007199254740993: "), qPrintable(describe(r)));
    }

    void corruptFilterIsRefused() {
        const QString filter = file("corrupt.blf");
        QCOMPARE(run({"build", "--type", "classic", "-n", "100", "-p", "0.01", "--keys", "-",
                      "--out", filter},
                     "a\n")
                     .exitCode,
                 0);
        QFile f(filter);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x10);
        f.seek(0);
        f.write(bytes);
        f.close();
        const Result r = run({"info", filter});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("checksum mismatch"), qPrintable(describe(r)));
        f.resize(30);
        const Result t = run({"query", filter, "--keys", "-"}, "a\n");
        QCOMPARE(t.exitCode, 1);
        QVERIFY2(t.err.contains("truncated"), qPrintable(describe(t)));
    }
};

QTEST_GUILESS_MAIN(TestCliFilters)
#include "tst_cli_filters.moc"
