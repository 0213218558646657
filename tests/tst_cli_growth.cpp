// Drives the built bloomlab-cli (BLOOMLAB_CLI_PATH) through the growth policies: `build
// --on-full tier` (cuckoo past 5 tiers: every key "maybe", the FPR on absent keys within the
// binomial band of the compounded bound `info` prints), `insert` into a tiered file (tiers added,
// no false negative), `build --on-full rebuild` (rebuild lines, `info` shows the count, no false
// negative), `insert` into a rebuild-policy file whose threshold trips (refused rebuild, exit 3,
// keys kept; with --rebuild-keys: a short list refused with the file untouched, a complete one
// rebuilds with no false negative), and the refusals of every bad use of the options (exit 2, a
// message naming what was typed). moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>);
// it needs none of these.
#ifndef Q_MOC_RUN
#include "core/filter_math.h"
#endif
#include "test_support.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <cstdint>
#include <string>

namespace {

using Result = bloomlab::test::CliResult;

Result run(const QStringList& args, const QByteArray& input = {}) {
    return bloomlab::test::runCli(args, input);
}

QString describe(const Result& r) {
    return QString("exit %1\nstdout: %2\nstderr: %3")
        .arg(r.exitCode)
        .arg(QString::fromUtf8(r.out.left(3000)))
        .arg(QString::fromUtf8(r.err.left(3000)));
}

QByteArray keyLines(const char* prefix, int from, int to) {
    QByteArray file;
    for (int i = from; i < to; ++i)
        file += prefix + QByteArray::number(i) + "\n";
    return file;
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// The number after "NAME: " in the output (-1 when absent).
double field(const QByteArray& out, const char* name) {
    const QRegularExpression re(
        QString("(?m)^%1: ([0-9.e+-]+)").arg(QRegularExpression::escape(name)));
    const auto match = re.match(QString::fromUtf8(out));
    return match.hasMatch() ? match.captured(1).toDouble() : -1.0;
}

} // namespace

class TestCliGrowth : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString file(const QString& name) const { return m_dir.filePath(name); }

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo::exists(QStringLiteral(BLOOMLAB_CLI_PATH)), BLOOMLAB_CLI_PATH);
        QVERIFY(writeFile(file("keys.txt"), keyLines("present-", 0, 62000)));
        QVERIFY(writeFile(file("more.txt"), keyLines("later-", 0, 60000)));
        QVERIFY(writeFile(file("absent.txt"), keyLines("absent-", 0, 200000)));
    }

    /// Cuckoo with the tier policy, n0 = 2,000, p = 10%, r = 0.3: 62,000 keys fill 5 tiers. No key
    /// is a false negative; the FPR on 200,000 absent keys is within the band of the bound.
    void tierBuildPastFiveTiers() {
        const QString out = file("tiered.blf");
        Result r = run({"build", "-t", "cuckoo", "-n", "2000", "-p", "0.1", "--on-full", "tier",
                        "--tightening", "0.3", "--keys", file("keys.txt"), "-o", out});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("62000 inserted, 0 failed"), qPrintable(describe(r)));
        r = run({"info", out});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("format: BloomLab filter v2\n"), qPrintable(describe(r)));
        QVERIFY2(r.out.contains("tiers: 5 of at most 8\n"), qPrintable(describe(r)));
        QVERIFY2(
            r.out.contains("growth policy: tier (x2 capacity per tier, a tier added at load 0.94)"),
            qPrintable(describe(r)));
        for (const char* tier : {"  tier 0: n=2000 ", "  tier 4: n=32000 "})
            QVERIFY2(r.out.contains(tier), qPrintable(describe(r)));
        const double bound = field(r.out, "compounded FPR bound");
        QVERIFY2(bound > 0.0 && bound < 0.1, qPrintable(describe(r)));
        r = run({"query", out, "--keys", file("keys.txt"), "-c"});
        QCOMPARE(r.out, QByteArray("maybe=62000 no=0\n"));
        r = run({"query", out, "--keys", file("absent.txt"), "-c"});
        const QRegularExpression count("maybe=(\\d+) no=(\\d+)");
        const auto m = count.match(QString::fromUtf8(r.out));
        QVERIFY2(m.hasMatch(), r.out.constData());
        const std::uint64_t positives = m.captured(1).toULongLong();
        const bloomlab::math::Interval band = bloomlab::math::binomialAcceptance(200000, bound);
        qInfo("tiered cuckoo file, 5 tiers: bound %.4f%%, measured %.4f%%", 100 * bound,
              100.0 * double(positives) / 200000);
        QVERIFY2(double(positives) <= band.high,
                 bloomlab::test::bandMessage("absent keys 'maybe'", positives, 200000, bound, band)
                     .constData());

        // insert honours the policy stored in the file: 60,000 more keys fill most of a sixth tier.
        r = run({"insert", out, "--keys", file("more.txt")});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("tiers: 6 (1 added by this insert)"), qPrintable(describe(r)));
        for (const char* keys : {"keys.txt", "more.txt"}) {
            r = run({"query", out, "--keys", file(keys), "-c"});
            QVERIFY2(r.out.endsWith(" no=0\n"), qPrintable(describe(r)));
        }
        r = run({"info", out});
        QVERIFY2(r.out.contains("tiers: 6 of at most 8\n"), qPrintable(describe(r)));
        const double grown = field(r.out, "compounded FPR bound");
        QVERIFY2(grown > bound && grown < 0.1, qPrintable(describe(r)));
    }

    /// At the tier limit the newest tier takes keys until it refuses one: failed inserts, exit 3.
    void tierLimitReported() {
        const Result r =
            run({"build", "-t", "cuckoo", "-n", "100", "-p", "0.01", "--on-full", "tier",
                 "--max-layers", "2", "--keys", file("keys.txt"), "-o", file("limited.blf")});
        QVERIFY2(r.exitCode == 3, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("tiered cuckoo filter is full: all 2 tiers"),
                 qPrintable(describe(r)));
    }

    /// The rebuild policy re-reads the key file into a larger filter; `info` shows the count.
    void rebuildBuildAndInsert() {
        const QString out = file("rebuilt.blf");
        Result r = run({"build", "-t", "classic", "-n", "5000", "-p", "0.01", "--on-full",
                        "rebuild", "--max-fpr", "0.02", "--keys", file("keys.txt"), "-o", out});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("rebuild 1: estimated-fpr threshold reached"),
                 qPrintable(describe(r)));
        int rebuilds = 0;
        for (auto it =
                 QRegularExpression("(?m)^rebuild \\d+: ").globalMatch(QString::fromUtf8(r.out));
             it.hasNext(); it.next())
            ++rebuilds;
        QVERIFY2(rebuilds >= 3, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QByteArray::number(rebuilds) + " rebuilds)"),
                 qPrintable(describe(r)));
        r = run({"info", out});
        QVERIFY2(r.out.contains("growth policy: rebuild (x2 capacity when estimated FPR >= 0.02)"),
                 qPrintable(describe(r)));
        QCOMPARE(field(r.out, "rebuilds"), double(rebuilds));
        QVERIFY2(r.out.contains("rebuild threshold reached: no\n"), qPrintable(describe(r)));
        QVERIFY2(field(r.out, "estimated FPR now") < 0.02, qPrintable(describe(r)));
        r = run({"query", out, "--keys", file("keys.txt"), "-c"});
        QCOMPARE(r.out, QByteArray("maybe=62000 no=0\n"));

        // A cuckoo filter rebuilt on its first failed insert keeps every key.
        r = run({"build", "-t", "cuckoo", "-n", "5000", "-p", "0.01", "--on-full", "rebuild",
                 "--max-failed", "1", "--growth", "1.5", "--keys", file("keys.txt"), "-o",
                 file("cuckoo.blf")});
        QVERIFY2(r.exitCode == 0 && r.out.contains("failed-inserts threshold reached"),
                 qPrintable(describe(r)));
        r = run({"query", file("cuckoo.blf"), "--keys", file("keys.txt"), "-c"});
        QCOMPARE(r.out, QByteArray("maybe=62000 no=0\n"));

        // insert past the threshold: the keys go in, the rebuild is refused (no key list), exit 3.
        r = run({"insert", out, "--keys", file("more.txt")});
        QVERIFY2(r.exitCode == 3, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("estimated-fpr threshold is reached") &&
                     r.err.contains("not rebuilt"),
                 qPrintable(describe(r)));
        r = run({"query", out, "--keys", file("more.txt"), "-c"});
        QCOMPARE(r.out, QByteArray("maybe=60000 no=0\n"));
        r = run({"info", out});
        QVERIFY2(r.out.contains("rebuild threshold reached: yes (estimated-fpr)\n"),
                 qPrintable(describe(r)));
    }

    /// insert --rebuild-keys: the complete key list is the key source. A list that lacks keys is
    /// refused before anything changes; a complete one rebuilds, and every key stays "maybe".
    void insertRebuildsFromAFullKeyList() {
        QVERIFY(writeFile(file("first.txt"), keyLines("first-", 0, 3000)));
        QVERIFY(writeFile(file("second.txt"), keyLines("second-", 0, 9000)));
        QVERIFY(writeFile(file("all.txt"), keyLines("first-", 0, 3000)));
        const QString out = file("insert-rebuild.blf");
        Result r = run({"build", "-t", "cuckoo", "-n", "4000", "-p", "0.01", "--on-full", "rebuild",
                        "--max-fill", "0.8", "--keys", file("first.txt"), "-o", out});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QFile original(out);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray before = original.readAll();
        original.close();
        // A list without the filter's keys: refused, the file untouched.
        r = run(
            {"insert", out, "--keys", file("second.txt"), "--rebuild-keys", file("second.txt")});
        QVERIFY2(r.exitCode == 1 && r.err.contains("keys are missing") &&
                     r.err.contains("nothing was changed"),
                 qPrintable(describe(r)));
        QFile unchanged(out);
        QVERIFY(unchanged.open(QIODevice::ReadOnly));
        QCOMPARE(unchanged.readAll(), before);
        // The complete list: rebuilt larger from it and the new keys.
        r = run({"insert", out, "--keys", file("second.txt"), "--rebuild-keys", file("all.txt")});
        QVERIFY2(r.exitCode == 0 && r.out.contains("rebuild 1: fill threshold reached") &&
                     r.out.contains("rebuilt it from 12000 keys"),
                 qPrintable(describe(r)));
        for (const char* keys : {"first.txt", "second.txt"}) {
            r = run({"query", out, "--keys", file(keys), "-c"});
            QVERIFY2(r.out.endsWith(" no=0\n"), qPrintable(describe(r)));
        }
        r = run({"info", out});
        QCOMPARE(field(r.out, "rebuilds"), 1.0);
        QVERIFY2(r.out.contains("rebuild threshold reached: no\n"), qPrintable(describe(r)));
        // Misuse: stdin, a filter without the rebuild policy.
        r = run({"insert", out, "--keys", file("second.txt"), "--rebuild-keys", "-"});
        QVERIFY2(r.exitCode == 2 && r.err.contains("--rebuild-keys - is standard input"),
                 qPrintable(describe(r)));
        r = run({"build", "-t", "classic", "-n", "100", "-p", "0.01", "--keys", file("first.txt"),
                 "-o", file("plain.blf")});
        r = run({"insert", file("plain.blf"), "--keys", file("second.txt"), "--rebuild-keys",
                 file("all.txt")});
        QVERIFY2(r.exitCode == 2 && r.err.contains("has the reject policy"),
                 qPrintable(describe(r)));
    }

    void badGrowthOptionsAreRefused_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        const QStringList cuckoo = {"-t", "cuckoo", "-n", "1000", "-p", "0.01"};
        const QStringList classic = {"-t", "classic", "-n", "1000", "-p", "0.01"};
        const auto row = [](const char* name, const QStringList& options, const char* message) {
            QTest::newRow(name) << options << QString(message);
        };
        row("unknown policy", cuckoo + QStringList{"--on-full", "grow"},
            "unknown growth policy 'grow'");
        row("policy twice", cuckoo + QStringList{"--on-full", "tier", "--on-full", "reject"},
            "given twice");
        row("policy no value", cuckoo + QStringList{"--on-full"}, "--on-full needs a value");
        row("classic tier", classic + QStringList{"--on-full", "tier"},
            "a classic filter that grows by layers is --type scalable");
        row("blocked tier",
            QStringList{"-t", "blocked", "-n", "1000", "-p", "0.01", "--on-full", "tier"},
            "tiers are cuckoo tables");
        row("tier with -m",
            QStringList{"-t", "cuckoo", "-n", "1000", "-m", "1MiB", "--on-full", "tier"},
            "give -p, not -m");
        row("tier with -f", cuckoo + QStringList{"--on-full", "tier", "-f", "8"}, "drop -f");
        row("tier max-failed", cuckoo + QStringList{"--on-full", "tier", "--max-failed", "3"},
            "option --max-failed applies to --on-full rebuild");
        row("tier max-fpr", cuckoo + QStringList{"--on-full", "tier", "--max-fpr", "0.02"},
            "by construction");
        row("tier fill 0.99", cuckoo + QStringList{"--on-full", "tier", "--max-fill", "0.99"},
            "option --max-fill 0.99: must be in (0, 0.97]");
        row("tier limit 33", cuckoo + QStringList{"--on-full", "tier", "--max-layers", "33"},
            "option --max-layers 33: must be in [1, 32] (cuckoo tiers)");
        row("tightening with reject", cuckoo + QStringList{"--tightening", "0.5"},
            "option --tightening does not apply to --type cuckoo");
        row("rebuild no threshold", classic + QStringList{"--on-full", "rebuild"},
            "--on-full rebuild needs a threshold");
        row("threshold without policy", classic + QStringList{"--max-fill", "0.5"},
            "option --max-fill is a growth threshold: it needs --on-full rebuild or tier");
        row("fill 0", classic + QStringList{"--on-full", "rebuild", "--max-fill", "0"},
            "option --max-fill 0: must be in (0, 1]");
        row("fill 1.5", classic + QStringList{"--on-full", "rebuild", "--max-fill", "1.5"},
            "option --max-fill");
        row("failed 0", classic + QStringList{"--on-full", "rebuild", "--max-failed", "0"},
            "option --max-failed");
        row("fpr 1", classic + QStringList{"--on-full", "rebuild", "--max-fpr", "1"},
            "option --max-fpr");
        row("fpr text", classic + QStringList{"--on-full", "rebuild", "--max-fpr", "lots"},
            "option --max-fpr");
        row("growth 1",
            classic + QStringList{"--on-full", "rebuild", "--max-fill", "0.5", "--growth", "1"},
            "option --growth 1: must be in (1, 16]");
        row("growth 17",
            classic + QStringList{"--on-full", "rebuild", "--max-fill", "0.5", "--growth", "17"},
            "option --growth 17: must be in (1, 16]");
        row("scalable reject",
            QStringList{"-t", "scalable", "-n", "1000", "-p", "0.01", "--on-full", "reject"},
            "--on-full reject does not apply to --type scalable");
        row("scalable rebuild",
            QStringList{"-t", "scalable", "-n", "1000", "-p", "0.01", "--on-full", "rebuild",
                        "--max-fill", "0.5"},
            "--on-full rebuild does not apply to --type scalable");
    }

    void badGrowthOptionsAreRefused() {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        const Result r = run(QStringList{"build"} + options +
                             QStringList{"--keys", file("keys.txt"), "-o", file("bad.blf")});
        QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
        QVERIFY2(QString::fromUtf8(r.err).contains(message), qPrintable(describe(r)));
        QVERIFY(!QFileInfo::exists(file("bad.blf")));
        // size --type takes the same options and refuses them the same way.
        const Result size = run(QStringList{"size"} + options);
        QVERIFY2(size.exitCode == 2 && QString::fromUtf8(size.err).contains(message),
                 qPrintable(describe(size)));
    }

    /// The rebuild policy reads its key file twice: standard input, a FIFO or a directory is
    /// refused before any work.
    void rebuildNeedsARereadableKeyFile() {
        const QStringList options = {"build", "-t",   "classic",         "-n",      "1000",
                                     "-p",    "0.01", "--on-full",       "rebuild", "--max-fill",
                                     "0.5",   "-o",   file("stdin.blf"), "--keys"};
        Result r = run(options + QStringList{"-"}, keyLines("k", 0, 100));
        QVERIFY2(r.exitCode == 2 &&
                     r.err.contains("--keys - is standard input, which cannot be read twice"),
                 qPrintable(describe(r)));
        const QString fifo = file("keys.fifo");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        r = run(options + QStringList{fifo});
        QVERIFY2(r.exitCode == 2 && r.err.contains("is not a regular file"),
                 qPrintable(describe(r)));
        r = run(options + QStringList{m_dir.path()});
        QVERIFY2(r.exitCode == 2 && r.err.contains("is not a regular file"),
                 qPrintable(describe(r)));
        QVERIFY(!QFileInfo::exists(file("stdin.blf")));
        // The tier policy reads its keys once: standard input works.
        r = run({"build", "-t", "cuckoo", "-n", "50", "-p", "0.01", "--on-full", "tier", "--keys",
                 "-", "-o", file("stdin-tier.blf")},
                keyLines("k", 0, 300));
        QVERIFY2(r.exitCode == 0 && r.out.contains("300 inserted"), qPrintable(describe(r)));
    }

    /// A threshold that cannot be met by growing (a fill threshold the empty-ish filter already
    /// passes) stops after 20 rebuilds with a message, not a loop.
    void runawayRebuildStops() {
        const Result r =
            run({"build", "-t", "counting", "-n", "10", "-p", "0.01", "--on-full", "rebuild",
                 "--max-fill", "1e-9", "--keys", file("keys.txt"), "-o", file("runaway.blf")});
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("tripped again after 20 rebuilds"), qPrintable(describe(r)));
        QVERIFY(!QFileInfo::exists(file("runaway.blf")));
    }

    /// `size --type cuckoo --on-full tier` prints the first tier's geometry.
    void sizeShowsTheFirstTier() {
        const Result r = run({"size", "-t", "cuckoo", "-n", "2000", "-p", "0.1", "--on-full",
                              "tier", "--tightening", "0.3"});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("f=8\n"),
                 qPrintable(describe(r))); // tier 0's budget 7% takes 8 bits
    }
};

QTEST_GUILESS_MAIN(TestCliGrowth)
#include "tst_cli_growth.moc"
