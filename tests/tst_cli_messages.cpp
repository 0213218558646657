// tst_cli_messages: every refusal of bloomlab-cli names the flag the user typed, the value they
// typed and what would work, with exit status 2 and nothing on stdout:
//   - every command x an option given twice ("option -p given twice"), -q/--quiet included;
//   - every command x an option missing its value ("--keys needs a value ...; got the option --out");
//   - every filter type x every filter option that does not apply to it, in build and size --type;
//   - values reported as typed (-p 1.0000001, 150%), ranges whose text matches what is accepted
//     (--hot, --ratios), no doubled "perf: perf:" prefix, unknown options called unknown.
// Nothing runs past parsing: no filter file, benchmark database or report is written.
#include <QtTest/QtTest>

#include "test_support.h"

#include <QDir>
#include <QTemporaryDir>

namespace {

using Run = bloomlab::test::CliTextResult;

Run runCli(const QStringList& args) { return bloomlab::test::runCliText(args, 60000); }

QString describe(const QStringList& args, const Run& r) {
    return QString("bloomlab-cli %1\nexit %2\nstdout: %3\nstderr: %4")
        .arg(args.join(' '))
        .arg(r.exitCode)
        .arg(r.out.left(1500))
        .arg(r.err.left(1500));
}

} // namespace

class TestCliMessages : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_keys;

    /// Placeholders: KEYS = an existing key file, F = a filter path that is never written.
    QStringList resolve(QStringList args) const {
        for (QString& a : args) {
            if (a == "KEYS") a = m_keys;
            if (a == "F") a = m_dir.filePath("never-written.blf");
        }
        return args;
    }

    /// Runs `args`, expects exit 2, empty stdout, and every fragment in stderr; nothing written.
    void expectRefusal(const QStringList& raw, const QStringList& fragments) {
        const QStringList args = resolve(raw);
        const Run r = runCli(args);
        QVERIFY2(r.exitCode == 2, qPrintable(describe(args, r)));
        QVERIFY2(r.out.isEmpty(), qPrintable(describe(args, r)));
        QVERIFY2(r.err.startsWith("bloomlab-cli " + args.front() + ": "), qPrintable(describe(args, r)));
        for (const QString& fragment : fragments)
            QVERIFY2(r.err.contains(fragment), qPrintable("missing '" + fragment + "' in\n" + describe(args, r)));
        QVERIFY(!QFileInfo::exists(m_dir.filePath("never-written.blf")));
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot), QStringList{"keys.txt"});
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_keys = m_dir.filePath("keys.txt");
        QFile f(m_keys);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a\nb\n");
    }

    void repeatedOption_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        // Each command with a valid command line, then one of its options given a second time
        // (the first spelling in the base line, the second as written here).
        struct Case {
            const char* name;
            QStringList base;
            QStringList again;
            QString message;
        };
        const QStringList build = {"build", "-t", "classic", "-n", "10", "-p", "0.1", "--keys", "KEYS", "--out", "F"};
        const QList<Case> cases = {
            {"size -p", {"size", "-n", "10", "-p", "0.1"}, {"-p", "0.2"}, "option -p given twice ('-p 0.1' and '-p 0.2'); give it once"},
            {"size --fpr=", {"size", "-n", "10", "-p", "0.1"}, {"--fpr=0.2"}, "option -p given twice ('-p 0.1' and '--fpr=0.2')"},
            {"build --keys", build, {"--keys", "KEYS"}, "option --keys given twice"},
            {"build --items", build, {"--items", "20"}, "option -n given twice ('-n 10' and '--items 20')"},
            {"build --quiet", build + QStringList{"-q"}, {"--quiet"}, "option -q given twice (as --quiet)"},
            {"query --keys", {"query", "F", "--keys", "KEYS"}, {"--keys", "KEYS"}, "option --keys given twice"},
            {"query -c", {"query", "F", "--keys", "KEYS", "-c"}, {"-c"}, "option -c given twice"},
            {"export --format", {"export", "F", "--format", "parquet", "--out", "F"}, {"--format", "parquet"}, "option --format given twice"},
            {"import -o", {"import", "F", "--format", "parquet", "--out", "F"}, {"-o", "F"}, "option --out given twice"},
            {"union --out", {"union", "F", "F", "--out", "F"}, {"--out", "F"}, "option --out given twice"},
            {"intersect -o", {"intersect", "F", "F", "-o", "F"}, {"-o", "F"}, "option -o given twice"},
            {"bench -p", {"bench", "-p", "0.1"}, {"-p", "0.2"}, "option -p given twice"},
            {"bench --queries", {"bench", "--queries", "10"}, {"--queries", "20"}, "option --queries given twice"},
            {"sweep --ratios", {"sweep", "--ratios", "0.1"}, {"--ratios", "0.2"}, "option --ratios given twice"},
            {"report --quick", {"report", "--quick", "--out", "F"}, {"--quick"}, "option --quick given twice"},
            {"report -o", {"report", "--out", "F"}, {"-o", "F"}, "option --out given twice"},
            {"perf --seed", {"perf", "--seed", "1"}, {"--seed", "2"}, "option --seed given twice"},
            {"perf --fpr", {"perf", "-p", "0.1"}, {"--fpr", "0.2"}, "option -p given twice ('-p 0.1' and '--fpr 0.2')"},
        };
        for (const Case& c : cases) QTest::newRow(c.name) << c.base + c.again << c.message;
    }
    void repeatedOption() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        expectRefusal(args, {message});
    }

    void repeatedCommonOption_data() {
        // -q/--quiet belongs to every command and is refused twice like any option, before the
        // command runs (--json twice: tst_cli_json, whose refusal is a JSON document on stdout).
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QList<QStringList> commands = {
            {"size", "-n", "10", "-p", "0.1"},
            {"build", "-t", "classic", "-n", "10", "-p", "0.1", "--keys", "KEYS", "--out", "F"},
            {"query", "F", "--keys", "KEYS"},
            {"info", "F"},
            {"export", "F", "--format", "parquet", "--out", "F"},
            {"import", "F", "--format", "parquet", "--out", "F"},
            {"union", "F", "F", "--out", "F"},
            {"intersect", "F", "F", "--out", "F"},
            {"insert", "F", "--keys", "KEYS"},
            {"copy", "F", "F"},
            {"bench", "--queries", "10"},
            {"sweep", "--ratios", "0.1"},
            {"report", "--out", "F"},
            {"perf", "--seed", "1"},
        };
        for (const QStringList& base : commands) {
            QTest::newRow(qPrintable(base.front() + " -q --quiet"))
                << base + QStringList{"-q", "--quiet"} << "option -q given twice (as --quiet); give it once";
            QTest::newRow(qPrintable(base.front() + " --quiet --quiet"))
                << QStringList{base.front(), "--quiet"} + base.mid(1) + QStringList{"--quiet"}
                << "option --quiet given twice; give it once";
        }
    }
    void repeatedCommonOption() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        expectRefusal(args, {message});
    }

    void missingValue_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("size -n last") << QStringList{"size", "-p", "0.1", "-n"}
                                      << "-n needs a value (a count such as 1000, 1e6 or 10k); it is the last argument";
        QTest::newRow("size -n then -p") << QStringList{"size", "-n", "-p", "0.1"} << "-n needs a value (a count such as "
                                                                                     "1000, 1e6 or 10k); got the option -p";
        QTest::newRow("build --keys then --out")
            << QStringList{"build", "-t", "classic", "-n", "10", "-p", "0.1", "--keys", "--out", "F"}
            << "--keys needs a value (a key file name, or - for standard input); got the option --out";
        QTest::newRow("build --out last") << QStringList{"build", "-t", "classic", "-n", "10", "-p", "0.1", "--keys",
                                                         "KEYS", "--out"}
                                          << "--out needs a value (the filter file to write); it is the last argument";
        QTest::newRow("build -t then -n") << QStringList{"build", "-t", "-n", "10"} << "-t needs a value (classic, "
                                                                                       "blocked, counting, scalable or "
                                                                                       "cuckoo); got the option -n";
        QTest::newRow("query --keys then -c") << QStringList{"query", "F", "--keys", "-c"}
                                              << "--keys needs a value (a key file name, or - for standard input); got "
                                                 "the option -c";
        QTest::newRow("export --format then --out") << QStringList{"export", "F", "--format", "--out", "F"}
                                                    << "--format needs a value (parquet); got the option --out";
        QTest::newRow("import --out last") << QStringList{"import", "F", "--format", "parquet", "--out"}
                                           << "--out needs a value";
        QTest::newRow("union --out then option") << QStringList{"union", "F", "F", "--out", "--frob"}
                                                 << "--out needs a value (the filter file to write); got the option --frob";
        QTest::newRow("intersect --out last") << QStringList{"intersect", "F", "F", "--out"} << "--out needs a value";
        QTest::newRow("bench --seed then --queries") << QStringList{"bench", "--seed", "--queries", "5"}
                                                     << "--seed needs a value; got the option --queries";
        QTest::newRow("sweep --ratios then --chart") << QStringList{"sweep", "--ratios", "--chart", "x.png"}
                                                     << "--ratios needs a value; got the option --chart";
        QTest::newRow("report --out then --quick") << QStringList{"report", "--out", "--quick"}
                                                   << "--out needs a value; got the option --quick";
        QTest::newRow("perf --csv last") << QStringList{"perf", "--quick", "--csv"} << "--csv needs a value";
        // -q is an option of every command: never taken for a value.
        QTest::newRow("query --keys then -q") << QStringList{"query", "F", "--keys", "-q"}
                                              << "--keys needs a value (a key file name, or - for standard input); got "
                                                 "the option -q";
        QTest::newRow("perf --csv then --quiet") << QStringList{"perf", "--csv", "--quiet"}
                                                 << "--csv needs a value; got the option --quiet";
    }
    void missingValue() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        expectRefusal(args, {message});
    }

    void dashValuesAreValues() {
        // "-" alone (standard input) and a value given with '=' are values, not options.
        const QStringList args = resolve({"build", "-t", "classic", "-n", "10", "-p", "0.1", "--keys", "-", "-q",
                                          "--out=" + m_dir.filePath("stdin.blf")});
        const Run r = runCli(args);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(args, r)));
        QVERIFY(QFile::remove(m_dir.filePath("stdin.blf")));
    }

    void inapplicableOption_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QStringList>("option");
        QTest::addColumn<QString>("appliesTo");
        const QList<QPair<QStringList, QString>> options = {
            {{"-k", "3"}, "classic and counting"},  {{"--hashes", "3"}, "classic and counting"},
            {{"-f", "8"}, "cuckoo"},               {{"--fingerprint-bits", "8"}, "cuckoo"},
            {{"--max-kicks", "10"}, "cuckoo"},     {{"--growth", "2"}, "scalable"},
            {{"--cuckoo-layout", "local"}, "cuckoo"},
            {{"--tightening", "0.5"}, "scalable"}, {{"--max-layers", "3"}, "scalable"},
            {{"--seed", "3"}, "classic, counting, scalable and cuckoo"},
            {{"--fewer-probes"}, "classic"},
        };
        const QMap<QString, QStringList> applies = {
            {"classic and counting", {"classic", "counting"}},
            {"cuckoo", {"cuckoo"}},
            {"scalable", {"scalable"}},
            {"classic, counting, scalable and cuckoo", {"classic", "counting", "scalable", "cuckoo"}},
            {"classic", {"classic"}},
        };
        for (const char* type : {"classic", "blocked", "counting", "scalable", "cuckoo"}) {
            for (const auto& [option, appliesTo] : options) {
                if (applies.value(appliesTo).contains(type)) continue;
                QTest::newRow(qPrintable(QString(type) + " " + option.front())) << type << option << appliesTo;
            }
        }
    }
    void inapplicableOption() {
        QFETCH(QString, type);
        QFETCH(QStringList, option);
        QFETCH(QString, appliesTo);
        const QString message =
            "option " + option.front() + " does not apply to --type " + type + "; it applies to " + appliesTo;
        expectRefusal(QStringList{"build", "--type", type, "-n", "100", "-p", "0.01"} + option +
                          QStringList{"--keys", "KEYS", "--out", "F"},
                      {message});
        expectRefusal(QStringList{"size", "--type", type, "-n", "100", "-p", "0.01"} + option, {message});
    }

    void applicableOptionsAreAccepted() {
        // The other side of the table: each option is accepted by the types it names.
        const QList<QStringList> accepted = {
            {"classic", "-k", "3", "--seed", "5"},       {"classic", "--fewer-probes"},
            {"counting", "-k", "3", "--seed", "5"},      {"scalable", "--growth", "4", "--tightening", "0.5", "--max-layers", "3", "--seed", "5"},
            {"cuckoo", "-f", "16", "--max-kicks", "50", "--seed", "5"}, {"blocked"},
            {"cuckoo", "--cuckoo-layout", "local"}, {"cuckoo", "--cuckoo-layout=spread", "--on-full", "tier"},
            {"cuckoo", "--cuckoo-layout", "local", "--on-full", "rebuild", "--max-fill", "0.9"},
        };
        for (const QStringList& row : accepted) {
            const QStringList args = QStringList{"size", "--type", row.front(), "-n", "100", "-p", "0.01"} + row.mid(1);
            const Run r = runCli(args);
            QVERIFY2(r.exitCode == 0, qPrintable(describe(args, r)));
        }
    }

    void valuesAreReportedAsTyped_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("fragments");
        QTest::newRow("p just above 1") << QStringList{"size", "-n", "10", "-p", "1.0000001"}
                                        << QStringList{"option -p: invalid probability '1.0000001': must be in (0, 1)"};
        QTest::newRow("p percent") << QStringList{"size", "-n", "10", "-p", "150%"}
                                   << QStringList{"'150%': must be in (0, 1)", "it is 1.5"};
        QTest::newRow("k above the cap") << QStringList{"build", "-t", "classic", "-n", "10", "-p", "0.1", "-k", "5000",
                                                        "--keys", "KEYS", "--out", "F"}
                                         << QStringList{"option -k 5000: must be in [1, 64]"};
        QTest::newRow("bench k above the cap") << QStringList{"bench", "-k", "65"} << QStringList{"option -k 65: must be in [1, 64]"};
        QTest::newRow("max layers") << QStringList{"size", "-t", "scalable", "-n", "10", "-p", "0.1", "--max-layers", "5000"}
                                    << QStringList{"option --max-layers 5000: must be in [1, 64]"};
        QTest::newRow("fingerprint") << QStringList{"size", "-t", "cuckoo", "-n", "10", "-p", "0.1", "-f", "1000000"}
                                     << QStringList{"option -f 1000000: must be 8, 12 or 16"};
        QTest::newRow("long spelling") << QStringList{"size", "-t", "cuckoo", "-n", "10", "-p", "0.1", "--fingerprint-bits", "9"}
                                       << QStringList{"option --fingerprint-bits 9: must be 8, 12 or 16"};
        for (const char* layout : {"diagonal", "LOCAL", "", "local,spread"}) {
            QTest::newRow(qPrintable(QString("cuckoo layout '%1'").arg(layout)))
                << QStringList{"build", "-t", "cuckoo", "-n", "10", "-p", "0.1", QString("--cuckoo-layout=") + layout,
                               "--keys", "KEYS", "--out", "F"}
                << QStringList{QString("option --cuckoo-layout '%1': unknown cuckoo layout (spread: ").arg(layout),
                               "local: alternate buckets near the first one"};
        }
        QTest::newRow("local layout with tiers")
            << QStringList{"size", "-t", "cuckoo", "-n", "10", "-p", "0.1", "--cuckoo-layout", "local", "--on-full", "tier"}
            << QStringList{"--on-full tier builds spread-layout tiers; drop --cuckoo-layout local"};
        QTest::newRow("p and m") << QStringList{"size", "-t", "classic", "-n", "10", "--fpr", "0.1", "-m", "1k"}
                                 << QStringList{"give --fpr or -m, not both (--fpr 0.1, -m 1k)"};
        QTest::newRow("m too small, no p given")
            << QStringList{"build", "-t", "classic", "-n", "1000", "-m", "10", "--keys", "KEYS", "--out", "F"}
            << QStringList{"option -m 10: ", "give -m 1443 (bits) or more"};
        QTest::newRow("hot above 1") << QStringList{"bench", "--hot", "1.5"}
                                     << QStringList{"option --hot: invalid fraction '1.5': must be in [0, 1]"};
        QTest::newRow("ratios above 1") << QStringList{"sweep", "--ratios", "0,1,1.01"}
                                        << QStringList{"option --ratios: invalid fraction '1.01': must be in [0, 1]"};
        QTest::newRow("ratio twice") << QStringList{"sweep", "--ratios", "0.3,0.5,30%"}
                                     << QStringList{"hot ratio 0.3 is given twice; give each ratio once"};
        QTest::newRow("perf prefix once") << QStringList{"perf", "-n", "10"} << QStringList{"bloomlab-cli perf: n must be in"};
        QTest::newRow("unknown option") << QStringList{"info", "F", "--frob"} << QStringList{"unknown option '--frob'"};
        QTest::newRow("unknown option bench") << QStringList{"bench", "--frob", "3"} << QStringList{"unknown option '--frob'"};
        QTest::newRow("stray positional") << QStringList{"bench", "extra"}
                                          << QStringList{"bench takes no positional arguments; got 'extra'"};
        QTest::newRow("filter option without type") << QStringList{"size", "-n", "10", "-p", "0.1", "--growth", "2"}
                                                    << QStringList{"option --growth is a filter option: it needs --type"};
    }
    void valuesAreReportedAsTyped() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, fragments);
        expectRefusal(args, fragments);
        const Run r = runCli(resolve(args));
        QVERIFY2(!r.err.contains("perf: perf:") && !r.err.contains("; got 1\n"), qPrintable(describe(args, r)));
    }

    void rangeTextMatchesWhatIsAccepted() {
        // --hot and --ratios say [0, 1]: their help says so, and both ends parse (checked in
        // tst_parse_units through parseFraction, which they use).
        for (const QString& command : {QString("bench"), QString("sweep")}) {
            const Run r = runCli({command, "--help"});
            QVERIFY2(r.exitCode == 0 && r.out.contains("in [0, 1]"), qPrintable(describe({command, "--help"}, r)));
            QVERIFY(!r.out.contains("(0, 1)"));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliMessages)
#include "tst_cli_messages.moc"
