// Tests for bloomlab-cli on Parquet files (app/cli/cli_parquet.cpp), run as a user runs it, on
// the fixtures of tests/data/parquet (parquet-java, parquet-rs, DuckDB):
//   - `info` lists every column chunk's filter with a plausible fill, distinct values estimated
//     near the true count, and a verdict; `--json` has the documented fields;
//   - `query` reproduces every probe answer DuckDB recorded, per row group, and says "skipped"
//     exactly where every row group says no;
//   - `import` writes a blocked filter that `query` answers exactly as the chunk does;
//   - unknown columns, row groups out of range, chunks without a filter, numeric keys that are
//     not numbers, encrypted, truncated and damaged files exit non-zero with a message naming
//     the problem.
#include "test_support.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <map>
#include <utility>

using bloomlab::test::runCliText;

namespace {

const QString kData = QStringLiteral(BLOOMLAB_SOURCE_DIR "/tests/data/parquet/");
const QStringList kFixtures = {QStringLiteral("data_index_bloom_encoding_stats.parquet"),
                               QStringLiteral("data_index_bloom_encoding_with_length.parquet"),
                               QStringLiteral("duckdb_types.parquet"), QStringLiteral("duckdb_wide_filter.parquet")};
const QStringList kDuckdb = {QStringLiteral("duckdb_types.parquet"), QStringLiteral("duckdb_wide_filter.parquet")};

/// A footer with one BYTE_ARRAY column "c" and one row group whose chunk has no bloom filter.
const char* const kNoFilterHex =
    "504152311502192c4806736368656d61150200150c380163001602191c191c26081c150c2918016326020000260200002c00000050415231";

QString sidecar(const QString& parquet, const char* kind) {
    QString stem = parquet;
    stem.chop(QStringLiteral(".parquet").size());
    return kData + stem + QLatin1Char('.') + QLatin1String(kind) + QStringLiteral(".tsv");
}

/// Rows of a tab-separated fixture file, without its header.
QList<QStringList> readTsv(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    QList<QStringList> rows;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i)
        if (!lines[i].isEmpty()) rows.append(QString::fromUtf8(lines[i]).split(QLatin1Char('\t')));
    return rows;
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCliParquet : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString tmp(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void infoListsEveryFilterWithFillAndVerdict() {
        for (const QString& name : kFixtures) {
            const auto json = runCliText({QStringLiteral("info"), kData + name, QStringLiteral("--json")});
            QVERIFY2(json.exitCode == 0, qPrintable(name + json.err));
            const QJsonObject doc = QJsonDocument::fromJson(json.out.toUtf8()).object();
            QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("parquet"));
            const QJsonArray chunks = doc.value(QStringLiteral("chunks")).toArray();
            QCOMPARE(chunks.size(), doc.value(QStringLiteral("row_groups")).toInt() *
                                        doc.value(QStringLiteral("columns")).toArray().size());
            // The true distinct count per (column, row group): the DuckDB sidecar, or the 14
            // values of the parquet-java data.
            std::map<std::pair<QString, int>, double> truth;
            if (name.startsWith(QLatin1String("duckdb")))
                for (const QStringList& row : readTsv(sidecar(name, "distinct")))
                    truth[{row[0], row[1].toInt()}] = row[3].toDouble();
            else
                truth[{QStringLiteral("String"), 0}] = 14;

            const auto text = runCliText({QStringLiteral("info"), kData + name});
            QCOMPARE(text.exitCode, 0);
            for (const QJsonValue& v : chunks) {
                const QJsonObject c = v.toObject();
                const QString where = name + QLatin1Char(' ') + c.value(QStringLiteral("column")).toString() +
                                      QStringLiteral(" rg ") + QString::number(c.value(QStringLiteral("row_group")).toInt());
                QVERIFY2(c.value(QStringLiteral("has_bloom_filter")).toBool(), qPrintable(where));
                const double fill = c.value(QStringLiteral("fill_ratio")).toDouble();
                QVERIFY2(fill > 0.005 && fill < 0.8, qPrintable(where + QStringLiteral(" fill ") + QString::number(fill)));
                const double estimated = c.value(QStringLiteral("estimated_distinct")).toDouble();
                const double known = truth.at({c.value(QStringLiteral("column")).toString(),
                                               c.value(QStringLiteral("row_group")).toInt()});
                QVERIFY2(std::abs(estimated - known) <= 0.12 * known + 2,
                         qPrintable(where + QStringLiteral(": estimated %1, true %2").arg(estimated).arg(known)));
                QVERIFY(c.value(QStringLiteral("blocks")).toInt() * 32 == c.value(QStringLiteral("bytes")).toInt());
                const QString verdict = c.value(QStringLiteral("verdict_text")).toString();
                QVERIFY2(!verdict.isEmpty() && c.contains(QStringLiteral("verdict")), qPrintable(where));
                QVERIFY2(text.out.contains(verdict), qPrintable(where + QStringLiteral(": text lacks ") + verdict));
            }
        }
        // The known verdicts: parquet-java's 1 KiB filter for 14 values is oversized; DuckDB's
        // wide filter (written for an FPR of 10%) is overfilled for the 1% target and sized
        // right for 10%.
        const auto javaInfo = runCliText({QStringLiteral("info"), kData + kFixtures[0]});
        QVERIFY2(javaInfo.out.contains(QStringLiteral("32x larger than needed for 1%")), qPrintable(javaInfo.out));
        const auto wide = runCliText({QStringLiteral("info"), kData + kDuckdb[1]});
        QVERIFY2(wide.out.contains(QStringLiteral("overfilled: FPR now 6%")), qPrintable(wide.out));
        const auto wideAtTen = runCliText({QStringLiteral("info"), kData + kDuckdb[1], QStringLiteral("--fpr"), QStringLiteral("0.1")});
        QVERIFY2(wideAtTen.out.contains(QStringLiteral("sized right for 10%")), qPrintable(wideAtTen.out));
        QVERIFY(!wideAtTen.out.contains(QStringLiteral("overfilled")));
    }

    void queryReproducesDuckdbProbeAnswers() {
        for (const QString& name : kDuckdb) {
            // The probes grouped by column, in file order.
            std::map<QString, QList<QStringList>> byColumn;
            for (const QStringList& row : readTsv(sidecar(name, "probes"))) byColumn[row[0]].append(row);
            int answers = 0;
            for (const auto& [column, rows] : byColumn) {
                QByteArray keys;
                for (const QStringList& row : rows) keys += row[1].toUtf8() + '\n';
                const QString keyFile = tmp(column + QStringLiteral(".keys"));
                QVERIFY(writeFile(keyFile, keys));
                const auto r = runCliText({QStringLiteral("query"), kData + name, QStringLiteral("--column"), column,
                                           QStringLiteral("--keys"), keyFile});
                QVERIFY2(r.exitCode == 0, qPrintable(r.err));
                const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
                QCOMPARE(lines.size(), rows.size());
                for (qsizetype i = 0; i < rows.size(); ++i) {
                    const QString excludes = rows[i][2];
                    QString expected;
                    for (qsizetype g = 0; g < excludes.size(); ++g)
                        expected += (g ? QStringLiteral(" ") : QString()) +
                                    (excludes[g] == QLatin1Char('1') ? QStringLiteral("no") : QStringLiteral("maybe"));
                    expected += excludes.contains(QLatin1Char('0')) ? QStringLiteral("\tread") : QStringLiteral("\tskipped");
                    QVERIFY2(lines[i] == expected, qPrintable(QStringLiteral("%1 %2 '%3': got '%4', DuckDB says '%5'")
                                                                  .arg(name, column, rows[i][1], lines[i], expected)));
                    answers += static_cast<int>(excludes.size());
                }
                // --count sums the same answers.
                const auto counted = runCliText({QStringLiteral("query"), kData + name, QStringLiteral("--column"), column,
                                                 QStringLiteral("--keys"), keyFile, QStringLiteral("--count")});
                QCOMPARE(counted.exitCode, 0);
                const qsizetype skipped = r.out.count(QStringLiteral("\tskipped"));
                QVERIFY2(counted.out.contains(QStringLiteral("read=%1 skipped=%2").arg(rows.size() - skipped).arg(skipped)),
                         qPrintable(counted.out));
            }
            QVERIFY(answers >= 1000);
        }
    }

    void queryOneRowGroupAnswersLikeAFilter() {
        // The parquet-java data: all 14 values maybe, in both files (with and without
        // bloom_filter_length), the output a filter's.
        const QStringList values = {QStringLiteral("Hello"), QStringLiteral("This is"), QStringLiteral("a"),
                                    QStringLiteral("test"), QStringLiteral("How"), QStringLiteral("are you"),
                                    QStringLiteral("doing "), QStringLiteral("today"), QStringLiteral("the quick"),
                                    QStringLiteral("brown fox"), QStringLiteral("jumps"), QStringLiteral("over"),
                                    QStringLiteral("the lazy"), QStringLiteral("dog")};
        QVERIFY(writeFile(tmp(QStringLiteral("java.keys")), values.join(QLatin1Char('\n')).toUtf8() + '\n'));
        for (int i = 0; i < 2; ++i) {
            const auto r = runCliText({QStringLiteral("query"), kData + kFixtures[i], QStringLiteral("--column"),
                                       QStringLiteral("String"), QStringLiteral("--row-group"), QStringLiteral("0"),
                                       QStringLiteral("--keys"), tmp(QStringLiteral("java.keys")), QStringLiteral("--count")});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QCOMPARE(r.out, QStringLiteral("maybe=14 no=0\n"));
        }
    }

    void importWritesAFilterThatAnswersTheSame() {
        for (const QString& name : kDuckdb) {
            // Keys: the column's values of every row group and the probes (absent values too).
            QByteArray keys;
            for (const QStringList& row : readTsv(sidecar(name, "values")))
                if (row[0] == QLatin1String("s")) keys += row[2].toUtf8() + '\n';
            for (const QStringList& row : readTsv(sidecar(name, "probes")))
                if (row[0] == QLatin1String("s")) keys += row[1].toUtf8() + '\n';
            QVERIFY(writeFile(tmp(QStringLiteral("s.keys")), keys));
            const auto groups = QJsonDocument::fromJson(
                runCliText({QStringLiteral("info"), kData + name, QStringLiteral("--json")}).out.toUtf8())
                                    .object().value(QStringLiteral("row_groups")).toInt();
            QVERIFY(groups >= 2);
            for (int g = 0; g < groups; ++g) {
                const QString out = tmp(QStringLiteral("%1-%2.blf").arg(name).arg(g));
                const auto imported = runCliText({QStringLiteral("import"), kData + name, QStringLiteral("--column"),
                                                  QStringLiteral("s"), QStringLiteral("--row-group"), QString::number(g),
                                                  QStringLiteral("--out"), out});
                QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
                const auto fromFilter = runCliText({QStringLiteral("query"), out, QStringLiteral("--keys"), tmp(QStringLiteral("s.keys"))});
                const auto fromParquet =
                    runCliText({QStringLiteral("query"), kData + name, QStringLiteral("--column"), QStringLiteral("s"),
                                QStringLiteral("--row-group"), QString::number(g), QStringLiteral("--keys"), tmp(QStringLiteral("s.keys"))});
                QCOMPARE(fromFilter.exitCode, 0);
                QCOMPARE(fromParquet.exitCode, 0);
                QVERIFY(fromFilter.out.count(QLatin1Char('\n')) > 500);
                QCOMPARE(fromFilter.out, fromParquet.out);
                // The saved filter is a blocked filter with the chunk's distinct count as items.
                const auto info = runCliText({QStringLiteral("info"), out});
                QVERIFY2(info.out.contains(QStringLiteral("blocked Bloom filter")), qPrintable(info.out));
            }
        }
    }

    void errorsNameTheProblem() {
        const QString types = kData + kDuckdb[0];
        QVERIFY(writeFile(tmp(QStringLiteral("n.keys")), "12\n-7\n12x\n"));
        struct Case {
            QStringList args;
            QString message;
        };
        const QString noFilter = tmp(QStringLiteral("nofilter.parquet"));
        QVERIFY(writeFile(noFilter, QByteArray::fromHex(kNoFilterHex)));
        QByteArray encrypted = "PARE";
        encrypted += QByteArray(16, '\0');
        encrypted += QByteArray::fromHex("10000000") + "PARE";
        QVERIFY(writeFile(tmp(QStringLiteral("encrypted.parquet")), encrypted));
        const QByteArray whole = readFile(types);
        QVERIFY(writeFile(tmp(QStringLiteral("truncated.parquet")), whole.left(whole.size() / 2)));
        // A bloom filter header overwritten with junk (parquet-rs file: its filter at byte 253).
        QByteArray damaged = readFile(kData + kFixtures[1]);
        for (int i = 253; i < 253 + 16; ++i) damaged[i] = char(0xff);
        QVERIFY(writeFile(tmp(QStringLiteral("damaged.parquet")), damaged));

        const QList<Case> cases = {
            {{QStringLiteral("query"), types, QStringLiteral("--column"), QStringLiteral("nope"), QStringLiteral("--keys"),
              tmp(QStringLiteral("n.keys"))},
             QStringLiteral("no column 'nope'")},
            {{QStringLiteral("query"), types, QStringLiteral("--column"), QStringLiteral("nope"), QStringLiteral("--keys"),
              tmp(QStringLiteral("n.keys"))},
             QStringLiteral("its columns: s, n, d, small, st.a, st.b")},
            {{QStringLiteral("query"), types, QStringLiteral("--column"), QStringLiteral("s"), QStringLiteral("--row-group"),
              QStringLiteral("3"), QStringLiteral("--keys"), tmp(QStringLiteral("n.keys"))},
             QStringLiteral("row group 3 is out of range (the file has 3 row groups: 0 to 2)")},
            {{QStringLiteral("import"), types, QStringLiteral("--column"), QStringLiteral("s"), QStringLiteral("--row-group"),
              QStringLiteral("9"), QStringLiteral("--out"), tmp(QStringLiteral("x.blf"))},
             QStringLiteral("the file has 3 row groups")},
            {{QStringLiteral("query"), types, QStringLiteral("--column"), QStringLiteral("n"), QStringLiteral("--keys"),
              tmp(QStringLiteral("n.keys"))},
             QStringLiteral("line 3: '12x' is not a whole number for an INT64 column")},
            {{QStringLiteral("query"), noFilter, QStringLiteral("--column"), QStringLiteral("c"), QStringLiteral("--keys"),
              tmp(QStringLiteral("n.keys"))},
             QStringLiteral("column 'c' of ") + noFilter + QStringLiteral(" has no bloom filter in any row group")},
            {{QStringLiteral("import"), noFilter, QStringLiteral("--column"), QStringLiteral("c"), QStringLiteral("--row-group"),
              QStringLiteral("0"), QStringLiteral("--out"), tmp(QStringLiteral("x.blf"))},
             QStringLiteral("has no bloom filter")},
            {{QStringLiteral("info"), tmp(QStringLiteral("encrypted.parquet"))}, QStringLiteral("encrypted Parquet files are not supported")},
            {{QStringLiteral("info"), tmp(QStringLiteral("truncated.parquet"))}, QStringLiteral("truncated.parquet")},
            {{QStringLiteral("query"), tmp(QStringLiteral("truncated.parquet")), QStringLiteral("--column"), QStringLiteral("s"),
              QStringLiteral("--keys"), tmp(QStringLiteral("n.keys"))},
             QStringLiteral("error:")},
            {{QStringLiteral("info"), tmp(QStringLiteral("damaged.parquet"))}, QStringLiteral("cannot be read")},
            {{QStringLiteral("import"), tmp(QStringLiteral("damaged.parquet")), QStringLiteral("--column"), QStringLiteral("String"),
              QStringLiteral("--row-group"), QStringLiteral("0"), QStringLiteral("--out"), tmp(QStringLiteral("x.blf"))},
             QStringLiteral("BloomFilterHeader")},
        };
        for (const Case& c : cases) {
            const auto r = runCliText(c.args);
            QVERIFY2(r.exitCode > 0, qPrintable(c.args.join(QLatin1Char(' ')) + QStringLiteral(" exited ") + QString::number(r.exitCode)));
            QVERIFY2(r.err.contains(c.message), qPrintable(c.args.join(QLatin1Char(' ')) + QStringLiteral("\nstderr: ") + r.err));
        }
        QVERIFY(!QFile::exists(tmp(QStringLiteral("x.blf"))));
        // The info of a file without filters still works: it says so per chunk.
        const auto plain = runCliText({QStringLiteral("info"), noFilter});
        QCOMPARE(plain.exitCode, 0);
        QVERIFY2(plain.out.contains(QStringLiteral("no bloom filter")), qPrintable(plain.out));
    }

    void everyTruncationGivesAClearError() {
        // Every prefix of the smallest fixture: a clear error (exit 1, the file named), never a crash.
        const QByteArray whole = readFile(kData + kFixtures[0]);
        QVERIFY(whole.size() > 1000);
        const QString path = tmp(QStringLiteral("cut.parquet"));
        for (qsizetype size = 4; size < whole.size(); size += 97) {
            QVERIFY(writeFile(path, whole.left(size)));
            const auto r = runCliText({QStringLiteral("info"), path});
            QVERIFY2(r.exitCode == 1, qPrintable(QStringLiteral("%1 bytes: exit %2 %3").arg(size).arg(r.exitCode).arg(r.err)));
            QVERIFY2(r.err.contains(QStringLiteral("cut.parquet")), qPrintable(r.err));
        }
    }

    void sizeStatesWriterParameters() {
        const auto r = runCliText({QStringLiteral("size"), QStringLiteral("-n"), QStringLiteral("120"), QStringLiteral("-p"),
                                   QStringLiteral("0.01")});
        QCOMPARE(r.exitCode, 0);
        // DuckDB wrote 256 bytes for the 120 distinct values of duckdb_types.parquet's `s`.
        QVERIFY2(r.out.contains(QStringLiteral("parquet.bloom.filter.expected.ndv=120 parquet.bloom.filter.fpp=0.01 -> 256 bytes")),
                 qPrintable(r.out));
        const auto big = runCliText({QStringLiteral("size"), QStringLiteral("-n"), QStringLiteral("1e6"), QStringLiteral("-p"),
                                     QStringLiteral("0.01")});
        QVERIFY2(big.out.contains(QStringLiteral("-> 2097152 bytes")) && big.out.contains(QStringLiteral("parquet.bloom.filter.max.bytes")),
                 qPrintable(big.out));
    }
};

QTEST_GUILESS_MAIN(TestCliParquet)
#include "tst_cli_parquet.moc"
