// tst_cli_bench: bloomlab-cli bench / sweep / report, run as a user would (QProcess).
//   - bench prints the table on stdout, no progress bar when stderr is not a terminal, exit 0;
//   - bad input exits 2 with a message naming the option;
//   - sweep --csv: the header has the documented columns, one row per ratio and repeat, values
//     parse; --chart: a PNG starts with the PNG signature and has its IHDR size, an SVG parses
//     as XML with an <svg> root; an unknown chart extension is refused;
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
                                "## 7. Conclusions", "## 8. Production recommendations"})
        QVERIFY2(md.contains(section), section);
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
    for (const char* option : {"--backend", "--filter", "--hot", "--queries", "--repeats", "--csv", "--seed"})
        QVERIFY2(bench.out.contains(option), option);
}

QTEST_GUILESS_MAIN(TestCliBench)
#include "tst_cli_bench.moc"
