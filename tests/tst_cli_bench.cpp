// tst_cli_bench: bloomlab-cli bench / sweep / report, run as a user would (QProcess).
//   - bench prints the table on stdout, no progress bar when stderr is not a terminal, exit 0;
//   - bad input exits 2 with a message naming the option;
//   - sweep --csv: the header has the documented columns, one row per ratio and repeat, values
//     parse; --chart: a PNG starts with the PNG signature and has its IHDR size, an SVG parses
//     as XML with an <svg> root; an unknown chart extension is refused;
//   - --grow-hot: validation of the factor, the policy options and what they exclude (absurd,
//     missing, repeated values); a small growing run prints the series, writes it as CSV (two
//     arms x 40 windows) with a rebuild published only with the policy, and the last window's FPR
//     lower with it; --rebuild-readers validates its options and reports zero false negatives,
//     also on a cuckoo table that refuses the writer's inserts;
//   - report --quick writes report.md with its sections, the chart PNG(s) and report.csv in
//     report-assets/ next to it.
#include <QtTest/QtTest>

#include "test_support.h"

#include <QFile>
#include <QTemporaryDir>
#include <QXmlStreamReader>

namespace {

using Run = bloomlab::test::CliTextResult;

Run runCli(const QStringList& args, int timeoutMs = 120000) { return bloomlab::test::runCliText(args, timeoutMs); }

const QStringList kSmall = {"--corpus-size", "3000", "-n", "300", "--queries", "400", "--seed", "5"};

const QStringList kDocumentedColumns = {
    "backend", "filter", "n", "p", "m", "k", "hot_ratio", "repeat", "queries", "time_with_s",
    "time_without_s", "speedup", "p50_with_us", "p50_without_us", "p50_speedup", "p95_with_us",
    "p99_with_us", "fpr_cold", "model_speedup", "filter_bytes", "seed"};

bool isPng(const QString& path, int* width = nullptr, int* height = nullptr) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    const QByteArray head = file.read(24);
    static const QByteArray signature("\x89PNG\r\n\x1a\n", 8);
    if (head.size() < 24 || !head.startsWith(signature) || head.mid(12, 4) != "IHDR") return false;
    const auto be32 = [&](int at) {
        return (quint32(quint8(head[at])) << 24) | (quint32(quint8(head[at + 1])) << 16) |
               (quint32(quint8(head[at + 2])) << 8) | quint32(quint8(head[at + 3]));
    };
    if (width) *width = int(be32(16));
    if (height) *height = int(be32(20));
    return true;
}

} // namespace

class TestCliBench : public QObject {
    Q_OBJECT

private slots:
    void benchPrintsTable();
    void benchRejectsBadInput_data();
    void benchRejectsBadInput();
    void sweepWritesCsvAndPng();
    void sweepWritesSvg();
    void sweepRejectsUnknownChartType();
    void growHotSeries();
    void sweepGrowHot();
    void rebuildReaders();
    void reportQuick();
    void helpListsOptions();
};

void TestCliBench::benchPrintsTable() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("bench.csv");
    const Run run = runCli(QStringList{"bench", "--backend", "hash", "--repeats", "2", "--csv", csv} + kSmall);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.out.contains("backend hash, filter classic: n=300 p=0.1"));
    QVERIFY(run.out.contains("median"));
    QVERIFY(run.out.contains("p50_with"));
    QVERIFY2(!run.err.contains('\r'), "progress bar drawn although stderr is not a terminal");
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);  // header + 2 repeats
}

void TestCliBench::benchRejectsBadInput_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("hot") << QStringList{"--hot", "1.5"} << "--hot";
    QTest::newRow("backend") << QStringList{"--backend", "oracle"} << "backend must be";
    QTest::newRow("latency") << QStringList{"--backend", "latency:abc"} << "whole microseconds";
    QTest::newRow("filter") << QStringList{"--filter", "quotient"} << "--filter";
    QTest::newRow("p") << QStringList{"-p", "2"} << "-p";
    QTest::newRow("p and m") << QStringList{"-p", "0.1", "-m", "1000"} << "either -p or -m";
    QTest::newRow("queries") << QStringList{"--queries", "0"} << "--queries";
    QTest::newRow("n > corpus") << QStringList{"-n", "5000", "--corpus-size", "100"} << "larger than the corpus";
    QTest::newRow("unknown") << QStringList{"--frobnicate"} << "--frobnicate";
    QTest::newRow("unknown is unknown") << QStringList{"--frobnicate", "3"} << "unknown option '--frobnicate'";
    QTest::newRow("repeated") << QStringList{"--seed", "1", "--seed", "2"} << "option --seed given twice ('--seed 1' and '--seed 2')";
    QTest::newRow("missing value") << QStringList{"--seed", "--queries", "5"} << "--seed needs a value";
    QTest::newRow("stray") << QStringList{"extra"} << "bench takes no positional arguments; got 'extra'";
    QTest::newRow("k cap") << QStringList{"-k", "65"} << "option -k 65: must be in [1, 64]";
    QTest::newRow("hot as typed") << QStringList{"--hot", "1.0000001"} << "invalid fraction '1.0000001': must be in [0, 1]";
    // The growing workload.
    const QString factor = "option --grow-hot: the hot set's growth factor must be a number in (1, 1000]; got ";
    QTest::newRow("grow 1") << QStringList{"--grow-hot", "1"} << factor + "'1'";
    QTest::newRow("grow 0.5") << QStringList{"--grow-hot", "0.5"} << factor + "'0.5'";
    QTest::newRow("grow huge") << QStringList{"--grow-hot", "1e9"} << factor + "'1e9'";
    QTest::newRow("grow nan") << QStringList{"--grow-hot", "nan"} << factor + "'nan'";
    QTest::newRow("grow inf") << QStringList{"--grow-hot", "inf"} << factor + "'inf'";
    QTest::newRow("grow text") << QStringList{"--grow-hot", "3x"} << factor + "'3x'";
    QTest::newRow("grow missing") << QStringList{"--grow-hot"} << "--grow-hot needs a value";
    QTest::newRow("grow repeated") << QStringList{"--grow-hot", "2", "--grow-hot", "3"}
                                   << "option --grow-hot given twice ('--grow-hot 2' and '--grow-hot 3')";
    QTest::newRow("grow > corpus") << QStringList{"--grow-hot", "20", "-n", "300", "--corpus-size", "3000"}
                                   << "grows to 6000 phrases (--grow-hot 20 x n = 300), more than the corpus (3000";
    QTest::newRow("grow repeats") << QStringList{"--grow-hot", "2", "--repeats", "3"} << "--repeats does not apply";
    QTest::newRow("grow latency") << QStringList{"--grow-hot", "2", "--backend", "latency:10"}
                                  << "must list its keys: scan, hash or sqlite; got latency:10";
    QTest::newRow("grow zipf") << QStringList{"--grow-hot", "2", "--zipf", "1"} << "--zipf cannot be combined";
    QTest::newRow("grow sqlite path") << QStringList{"--grow-hot", "2", "--backend", "sqlite", "--sqlite-path", "s.db"}
                                      << "--sqlite-path cannot name both";
    QTest::newRow("grow filter-at") << QStringList{"--grow-hot", "2", "--filter-at", "redis://127.0.0.1:1/x"}
                                    << "--filter-at cannot be combined";
    QTest::newRow("rebuild-fpr alone") << QStringList{"--rebuild-fpr", "0.1"} << "--rebuild-fpr sets the rebuild policy of a growing run and needs --grow-hot F";
    QTest::newRow("fp-window alone") << QStringList{"--fp-window", "100"} << "--fp-window sets the rebuild policy";
    QTest::newRow("rebuild-fpr 1.5") << QStringList{"--grow-hot", "2", "--rebuild-fpr", "1.5"} << "option --rebuild-fpr";
    QTest::newRow("rebuild-fpr 0") << QStringList{"--grow-hot", "2", "--rebuild-fpr", "0"} << "option --rebuild-fpr";
    QTest::newRow("rebuild-fpr repeated") << QStringList{"--grow-hot", "2", "--rebuild-fpr", "0.1", "--rebuild-fpr", "0.2"}
                                          << "option --rebuild-fpr given twice";
    QTest::newRow("fp-window 0") << QStringList{"--grow-hot", "2", "--fp-window", "0"} << "option --fp-window";
    QTest::newRow("fp-window huge") << QStringList{"--grow-hot", "2", "--fp-window", "2e7"}
                                    << "option --fp-window 2e7: must be in [1, 10000000]";
    QTest::newRow("fp-window missing") << QStringList{"--grow-hot", "2", "--fp-window"} << "--fp-window needs a value";
    // Readers during a rebuild.
    QTest::newRow("readers 0") << QStringList{"--rebuild-readers", "0"} << "option --rebuild-readers";
    QTest::newRow("readers 65") << QStringList{"--rebuild-readers", "65"} << "option --rebuild-readers 65: must be in [1, 64]";
    QTest::newRow("readers text") << QStringList{"--rebuild-readers", "four"} << "option --rebuild-readers";
    QTest::newRow("readers missing") << QStringList{"--rebuild-readers"} << "--rebuild-readers needs a value";
    QTest::newRow("readers repeated") << QStringList{"--rebuild-readers", "4", "--rebuild-readers", "2"}
                                      << "option --rebuild-readers given twice";
    QTest::newRow("readers hot") << QStringList{"--rebuild-readers", "4", "--hot", "0.3"}
                                 << "--hot does not apply to --rebuild-readers";
    QTest::newRow("readers grow") << QStringList{"--rebuild-readers", "4", "--grow-hot", "2"}
                                  << "--grow-hot does not apply to --rebuild-readers";
    QTest::newRow("readers repeats") << QStringList{"--rebuild-readers", "4", "--repeats", "101"}
                                     << "rebuilds in [1, 100]";
    QTest::newRow("readers n") << QStringList{"--rebuild-readers", "4", "-n", "1e9"} << "loads at most 100000000 keys";
    QTest::newRow("readers p") << QStringList{"--rebuild-readers", "4", "-p", "1.5"} << "-p";
    QTest::newRow("readers stray") << QStringList{"--rebuild-readers", "4", "extra"} << "bench takes no positional arguments";
}

void TestCliBench::benchRejectsBadInput() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runCli(QStringList{"bench"} + args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
}

void TestCliBench::sweepWritesCsvAndPng() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("sweep.csv");
    const QString png = dir.filePath("sweep.png");
    const Run run = runCli(QStringList{"sweep", "--backend", "hash", "--ratios", "0.2,0.5,0.8", "--repeats",
                                       "2", "--csv", csv, "--chart", png} + kSmall);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.out.contains("largest |measured / model - 1|"));

    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 3 * 2);
    const QStringList header = lines.front().split(',');
    QCOMPARE(header.mid(0, kDocumentedColumns.size()), kDocumentedColumns);
    QMap<QString, int> hotCounts;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines[i].split(',');
        QCOMPARE(cells.size(), header.size());
        QCOMPARE(cells[header.indexOf("backend")], QString("hash"));
        bool ok = false;
        const double speedup = cells[header.indexOf("speedup")].toDouble(&ok);
        QVERIFY(ok && speedup > 0);
        const double fpr = cells[header.indexOf("fpr_cold")].toDouble(&ok);
        QVERIFY(ok && fpr >= 0 && fpr <= 1);
        ++hotCounts[cells[header.indexOf("hot_ratio")]];
    }
    QCOMPARE(hotCounts.keys(), (QStringList{"0.2", "0.5", "0.8"}));
    for (int count : hotCounts) QCOMPARE(count, 2);

    int width = 0, height = 0;
    QVERIFY(isPng(png, &width, &height));
    QCOMPARE(width, 960);
    QCOMPARE(height, 600);
}

void TestCliBench::sweepWritesSvg() {
    QTemporaryDir dir;
    const QString svg = dir.filePath("sweep.svg");
    const Run run = runCli(QStringList{"sweep", "--backend", "hash", "--ratios", "0.3,0.6", "--repeats", "1",
                                       "--chart", svg} + kSmall);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString root;
    int elements = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            if (root.isEmpty()) root = xml.name().toString();
            ++elements;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(root, QString("svg"));
    QVERIFY(elements > 20);  // axes, grid, series, legend
}

void TestCliBench::sweepRejectsUnknownChartType() {
    const Run run = runCli(QStringList{"sweep", "--chart", "chart.gif"} + kSmall);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(".png or .svg"), qPrintable(run.err));
}

void TestCliBench::growHotSeries() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("grow.csv");
    const Run run = runCli({"bench", "--backend", "hash", "--grow-hot", "2.5", "-n", "300", "--corpus-size", "3000",
                            "--queries", "8000", "--hot", "0.2", "--rebuild-fpr", "0.2", "--fp-window", "200", "--seed",
                            "5", "--csv", csv});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("growing hot set: 300 -> 750 documents over 8000 queries"), qPrintable(run.out));
    QVERIFY(run.out.contains("fpr_reject"));
    QVERIFY(run.out.contains("rebuild started at"));
    // The run waits for a rebuild still running at its end: the count and capacity are final.
    QVERIFY2(run.out.contains("rebuilds: 1 with the policy (0 failed), 0 without; final filter capacity 828 vs 300"),
             qPrintable(run.out));
    QVERIFY(run.out.contains("no hot query went unanswered"));

    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 2 * 40);
    const QStringList header = lines.front().split(',');
    for (const char* column : {"policy", "window", "fpr", "p50_us", "p99_us", "hot_set", "filter_capacity",
                               "rebuilds_started", "rebuilds_published"})
        QVERIFY2(header.contains(column), column);
    QMap<QString, int> published, started, rows;
    QMap<QString, double> lastFpr;
    int lastHotSet = 0;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines[i].split(',');
        QCOMPARE(cells.size(), header.size());
        const QString policy = cells[header.indexOf("policy")];
        ++rows[policy];
        published[policy] += cells[header.indexOf("rebuilds_published")].toInt();
        started[policy] += cells[header.indexOf("rebuilds_started")].toInt();
        bool ok = false;
        const double fpr = cells[header.indexOf("fpr")].toDouble(&ok);
        QVERIFY(ok && fpr >= 0 && fpr <= 1);
        QVERIFY(cells[header.indexOf("p99_us")].toDouble(&ok) >= cells[header.indexOf("p50_us")].toDouble() && ok);
        if (cells[header.indexOf("window")] == "40") {
            lastFpr[policy] = fpr;
            lastHotSet = cells[header.indexOf("hot_set")].toInt();
        }
    }
    QCOMPARE(rows.value("reject"), 40);
    QCOMPARE(rows.value("rebuild"), 40);
    QCOMPARE(published.value("reject"), 0);
    QCOMPARE(started.value("reject"), 0);
    QCOMPARE(started.value("rebuild"), 1);
    QVERIFY(published.value("rebuild") <= 1);
    QCOMPARE(lastHotSet, 750);
    // A 2 ms run can end before a loaded machine schedules the rebuild's thread; when the rebuild
    // was published during the run, the last window's FPR is lower with the policy.
    if (published.value("rebuild") == 1)
        QVERIFY2(lastFpr.value("rebuild") < lastFpr.value("reject"),
             qPrintable(QString("last window FPR: rebuild %1, reject %2").arg(lastFpr.value("rebuild")).arg(lastFpr.value("reject"))));
}

void TestCliBench::sweepGrowHot() {
    const Run refused = runCli(QStringList{"sweep", "--grow-hot", "2", "--chart", "grow.png"} + kSmall);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("with --grow-hot the series goes to --csv"), qPrintable(refused.err));
    const Run run = runCli({"sweep", "--backend", "scan", "--grow-hot", "2", "-n", "200", "--corpus-size", "2000",
                            "--queries", "3000", "--ratios", "0.1,0.4", "--seed", "3"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.out.contains("fpr_last_rb"));
    QVERIFY(run.out.contains("\n0.10 "));
    QVERIFY(run.out.contains("\n0.40 "));
}

void TestCliBench::rebuildReaders() {
    const Run run = runCli({"bench", "--rebuild-readers", "4", "-n", "20000", "--repeats", "2", "--seed", "9"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("4 reader threads (2 through Reader handles, 2 through mightContain)"), qPrintable(run.out));
    QVERIFY(run.out.contains("rebuild 1: "));
    QVERIFY(run.out.contains("rebuild 2: "));
    QVERIFY(run.out.contains("capacity 80000"));  // 20,000 -> 40,000 -> 80,000
    QVERIFY(run.out.contains("\nrebuilding  Reader"));
    QVERIFY(run.out.contains("\nsteady      mightContain"));
    QVERIFY(run.out.contains("false negatives: 0 "));
    // A cuckoo table sized for 50 keys refuses the writer's inserts: a refused key reaches the
    // readers only after a rebuild has listed it, so there is still no false negative.
    const Run cuckoo = runCli({"bench", "--rebuild-readers", "2", "--filter", "cuckoo", "-n", "50", "--repeats", "3"});
    QVERIFY2(cuckoo.exitCode == 0, qPrintable(cuckoo.out + cuckoo.err));
    QVERIFY2(cuckoo.out.contains("false negatives: 0 "), qPrintable(cuckoo.out));
    QVERIFY(cuckoo.out.contains("rebuild 3: "));
}

void TestCliBench::reportQuick() {
    QTemporaryDir dir;
    const QString report = dir.filePath("out/report.md");
    QVERIFY(QDir().mkpath(dir.filePath("out")));
    const Run run = runCli({"report", "--quick", "--out", report}, 300000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QFile file(report);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(file.readAll());
    for (const char* section : {"# BloomLab benchmark report", "## 1. Parameters", "## 3. Latency",
                                "## 7. Conclusions", "## 8. Production recommendations",
                                "## 9. A hot set that grows past n", "](report-assets/growth_fpr.png)",
                                "](report-assets/growth_p99.png)"})
        QVERIFY2(md.contains(section), section);
    QVERIFY(isPng(dir.filePath("out/report-assets/growth_fpr.png")));
    QVERIFY(isPng(dir.filePath("out/report-assets/growth_p99.png")));
    QFile growth(dir.filePath("out/report-assets/growth.csv"));
    QVERIFY(growth.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(growth.readLine()).startsWith("backend,filter,n,p,hot_ratio,grow_hot,policy,"));
    QVERIFY(md.contains("](report-assets/speedup_vs_hot_ratio_p0.1.png)"));
    QVERIFY(isPng(dir.filePath("out/report-assets/speedup_vs_hot_ratio_p0.1.png")));
    QVERIFY(isPng(dir.filePath("out/report-assets/speedup_vs_hot_ratio_p0.01.png")));
    QFile csv(dir.filePath("out/report-assets/report.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(csv.readLine()).startsWith("backend,filter,n,p,m,k,"));
}

void TestCliBench::helpListsOptions() {
    for (const char* command : {"bench", "sweep", "report"}) {
        const Run run = runCli({command, "--help"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("Usage: bloomlab-cli " + QString(command)));
    }
    const Run bench = runCli({"bench", "--help"});
    for (const char* option : {"--backend", "--filter", "--hot", "--queries", "--repeats", "--csv", "--seed",
                               "--grow-hot", "--rebuild-fpr", "--fp-window", "--rebuild-readers"})
        QVERIFY2(bench.out.contains(option), option);
}

QTEST_GUILESS_MAIN(TestCliBench)
#include "tst_cli_bench.moc"
