// tst_cli_json: bloomlab-cli for scripts (docs/json.md), run as a script runs it.
//   - every command with --json writes exactly one JSON document that Python's json module reads
//     (strict: no NaN/Infinity, UTF-8, one line), with every field docs/json.md documents for
//     it, of the documented type, and no field the page does not document (the checker reads
//     the tables of docs/json.md itself, so the page and the program cannot drift apart), and
//     every per-command section of the page is checked against a document of its command
//     (growing bench and sweep, bench --rebuild-readers, perf with every key kind included);
//   - keys with NUL, control characters, bytes that are not UTF-8 and a 1 MiB key come back
//     exactly (key, or key_hex for bytes that are not UTF-8);
//   - every command's usage error (2) and data error (1) give the same exit status with and
//     without --json, the message on stderr, and with --json the error document on stdout;
//     failed inserts give 3 with a complete document;
//   - --json with output to /dev/full fails (exit 1, one message) instead of claiming success;
//   - stderr is not a terminal here: no progress and no escape sequences; -q drops the notes but
//     not the warnings; on a pseudo-terminal (script(1)) progress is drawn, and not with -q;
//   - --json, -q and --quiet are options like the others: given twice, refused.
// Redis documents are checked against a redis-server of their own (skipped when not installed).
#include <QtTest/QtTest>

#include "core/bloom_filter.h"
#include "redis_test_server.h"
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>

namespace {

using bloomlab::test::CliResult;

const QString kDocs = QStringLiteral(BLOOMLAB_SOURCE_DIR "/docs/json.md");
const QString kParquet =
    QStringLiteral(BLOOMLAB_SOURCE_DIR "/tests/data/parquet/duckdb_types.parquet");

/// The checker: reads one document from stdin and the tables of docs/json.md, and prints what
/// does not match (exit 1) or nothing (exit 0). argv: docs path, section, expected exit status.
const char* const kChecker = R"PY(
import json, re, sys
docs, section = sys.argv[1], sys.argv[2]
raw = sys.stdin.buffer.read()
problems = []
try:
    text = raw.decode('utf-8')
except UnicodeDecodeError as e:
    sys.exit('stdout is not UTF-8: %s' % e)
if not text.endswith('\n') or text.count('\n') != 1:
    problems.append('not one line ending in a newline')
def constant(name):
    raise ValueError('non-finite number ' + name)
try:
    data = json.loads(text, parse_constant=constant)
except ValueError as e:
    sys.exit('not one JSON document: %s; stdout: %r' % (e, text[:300]))
if not isinstance(data, dict):
    sys.exit('the document is not an object')

sections, name = {}, None
for line in open(docs, encoding='utf-8'):
    m = re.match(r'^### (.+?)\s*$', line)
    if m:
        name = m.group(1)
        sections[name] = []
        continue
    m = re.match(r'^\| `([^`]*)` \| ([^|]+?) \|', line)
    if m and name is not None:
        sections[name].append((m.group(1), m.group(2).strip()))
if section not in sections or not sections[section]:
    sys.exit('docs/json.md has no table under "### %s"' % section)

def expand(name, prefix, out):
    for path, kind in sections[name]:
        full = prefix + ('' if path == '*' else path)
        see = re.search(r'see (\w[\w ]*)$', kind)
        if path != '*':
            out.append((full, kind))
        if see:
            inner = see.group(1).strip()
            if inner not in sections:
                sys.exit('docs/json.md: "see %s" names no section' % inner)
            sep = '' if path == '*' else ('[].' if kind.startswith('array') else '.')
            expand(inner, full + sep, out)
    return out

rows = expand(section, '', [])
if 'error' in data:
    rows += expand('error', '', [])
documented = {p for p, _ in rows}

SCALARS = {'string': str, 'boolean': bool, 'object': dict, 'array': list}
def is_type(value, word):
    word = word.rstrip('s') if word.endswith('s') and word not in ('nulls',) else word
    if word in ('null', 'nulls'):
        return value is None
    if word == 'integer':
        return isinstance(value, int) and not isinstance(value, bool)
    if word == 'number':
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if word in SCALARS:
        return isinstance(value, SCALARS[word]) and not (word != 'boolean' and isinstance(value, bool))
    raise SystemExit('docs/json.md: unknown type word %r' % word)

def check(value, kind, where):
    base = kind.split(',')[0].strip()
    m = re.match(r'^array of (\w+)(?: or (\w+))?$', base)
    if m:
        if not isinstance(value, list):
            return problems.append('%s: %r is not an array' % (where, value))
        for item in value:
            if not any(is_type(item, w) for w in m.groups() if w):
                problems.append('%s: element %r is not %s' % (where, item, base))
        return
    words = [w.strip() for w in base.split(' or ')]
    if not any(is_type(value, w) for w in words):
        problems.append('%s: %r is not %s' % (where, value, base))

def parents(path):
    tokens = path.split('.')
    current = [(data, '')]
    for token in tokens[:-1]:
        step = []
        array = token.endswith('[]')
        key = token[:-2] if array else token
        for value, where in current:
            if isinstance(value, dict) and key in value and value[key] is not None:
                inner = value[key]
                if array and isinstance(inner, list):
                    step += [(item, '%s%s[%d]' % (where, key, i)) for i, item in enumerate(inner)]
                elif not array:
                    step.append((inner, where + key))
        current = [(v, w + '.') for v, w in step]
    return [(v, w) for v, w in current if isinstance(v, dict)], tokens[-1]

for path, kind in rows:
    owners, key = parents(path)
    for owner, where in owners:
        if key not in owner:
            if 'optional' not in kind and 'error' not in owner:
                problems.append('%s%s: missing (documented as %s)' % (where, key, kind))
            continue
        check(owner[key], kind, where + key)

def walk(value, path):
    if isinstance(value, dict):
        for k, v in value.items():
            full = (path + '.' if path else '') + k
            if full not in documented:
                problems.append('%s: not documented under "### %s"' % (full, section))
            walk(v, full)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                walk(item, path + '[]')
walk(data, '')
if problems:
    sys.exit('\n'.join(problems[:20]))
)PY";

QString show(const QStringList& args, const CliResult& r) {
    return QStringLiteral("bloomlab-cli %1\nexit %2\nstdout: %3\nstderr: %4")
        .arg(args.join(QLatin1Char(' ')))
        .arg(r.exitCode)
        .arg(QString::fromUtf8(r.out.left(1200)))
        .arg(QString::fromUtf8(r.err.left(1200)));
}

/// Runs the checker on `document` for `section`; an empty string when it passes.
QString checkDocument(const QByteArray& document, const QString& section) {
    QProcess python;
    python.start(QStringLiteral("python3"),
                 {QStringLiteral("-c"), QString::fromUtf8(kChecker), kDocs, section});
    if (!python.waitForStarted(30000))
        return QStringLiteral("python3 did not start (scripts/common.sh installs it)");
    python.write(document);
    python.closeWriteChannel();
    if (!python.waitForFinished(120000)) return QStringLiteral("python3 timed out");
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0)
        return QString::fromUtf8(python.readAllStandardError() + python.readAllStandardOutput());
    return {};
}

QByteArray fromHex(const QString& hex) {
    return QByteArray::fromHex(hex.toLatin1());
}

} // namespace

class TestCliJson : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QList<std::pair<QByteArray, bool>> m_hostileKeys; ///< a hostile key file's lines; valid UTF-8?
    QSet<QString> m_sectionsChecked;                  ///< docs/json.md sections a document passed

    /// Runs `args` with --json: expects `exit`, a document that passes the checker for
    /// `section`, and stderr free of progress and escape sequences. Returns the document.
    QJsonObject json(const QStringList& args, const QString& section, int exit = 0,
                     const QByteArray& input = {}) {
        const QStringList full = args + QStringList{QStringLiteral("--json")};
        const CliResult r = bloomlab::test::runCli(full, input);
        [&] { QVERIFY2(r.exitCode == exit, qPrintable(show(full, r))); }();
        const QString problem = checkDocument(r.out, section);
        [&] {
            QVERIFY2(problem.isEmpty(), qPrintable(problem + QLatin1Char('\n') + show(full, r)));
        }();
        if (problem.isEmpty()) m_sectionsChecked.insert(section);
        [&] {
            QVERIFY2(
                !r.err.contains('\r') && !r.err.contains('\x1b') && !r.out.contains('\x1b'),
                qPrintable("progress or an escape sequence without a terminal\n" + show(full, r)));
        }();
        return QJsonDocument::fromJson(r.out).object();
    }

    bool write(const QString& name, const QByteArray& bytes) {
        QFile f(path(name));
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }

    /// Each result's key is the key file's line: exact in "key" for valid UTF-8, else in
    /// "key_hex", with U+FFFD in "key" where the bytes were not UTF-8.
    void verifyKeys(const QJsonArray& results) {
        QCOMPARE(results.size(), m_hostileKeys.size());
        for (int i = 0; i < results.size(); ++i) {
            const QJsonObject r = results[i].toObject();
            const auto& [key, utf8] = m_hostileKeys[i];
            const QString line = QStringLiteral(", line %1").arg(i + 1);
            if (utf8) {
                QVERIFY2(!r.contains("key_hex"),
                         qPrintable("key_hex for a valid UTF-8 key" + line));
                QCOMPARE(r.value("key").toString().toUtf8(), key);
            } else {
                QVERIFY2(r.contains("key_hex"),
                         qPrintable("no key_hex for bytes not UTF-8" + line));
                QCOMPARE(fromHex(r.value("key_hex").toString()), key);
                QVERIFY(r.value("key").toString().contains(QChar(0xFFFD)));
            }
        }
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QVERIFY(write(QStringLiteral("keys.txt"), "alpha\nbeta\ngamma\n"));
        QVERIFY(write(QStringLiteral("absent.txt"), "delta\nepsilon\n"));
        // Keys a careless or hostile key file holds: NUL, control bytes, quotes, bytes that are not
        // UTF-8 (a lone continuation byte, an overlong '/', a surrogate, a truncated sequence),
        // valid multi-byte text, CR, and a 1 MiB key.
        m_hostileKeys = {{QByteArray("nul\0inside", 10), true},
                         {"\x01\x1f\x7f", true},
                         {"quote\" back\\slash", true},
                         {"\xff", false},
                         {"\xc0\xaf", false},     // an overlong '/'
                         {"\xed\xa0\x80", false}, // a UTF-16 surrogate
                         {"\xe6\x97", false},     // a sequence cut short
                         {"caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x99\x82", true},
                         {"carriage\r", true},
                         {QByteArray(1 << 20, 'k'), true}};
        QByteArray hostile;
        for (const auto& [key, utf8] : m_hostileKeys)
            hostile += key + '\n';
        QVERIFY(write(QStringLiteral("hostile.txt"), hostile));
        QByteArray many;
        for (int i = 0; i < 2000; ++i)
            many += "key" + QByteArray::number(i) + '\n';
        QVERIFY(write(QStringLiteral("many.txt"), many));
        for (const char* type : {"classic", "blocked", "cuckoo"}) {
            const QStringList args = {QStringLiteral("build"),
                                      QStringLiteral("-t"),
                                      QString::fromLatin1(type),
                                      QStringLiteral("-n"),
                                      QStringLiteral("100"),
                                      QStringLiteral("-p"),
                                      QStringLiteral("0.01"),
                                      QStringLiteral("--keys"),
                                      path(QStringLiteral("keys.txt")),
                                      QStringLiteral("--out"),
                                      path(QString::fromLatin1(type) + ".blf")};
            const CliResult r = bloomlab::test::runCli(args);
            QVERIFY2(r.exitCode == 0, qPrintable(show(args, r)));
        }
    }

    void sizeDocuments() {
        QJsonObject d = json({"size", "-n", "1e6", "-p", "0.01"}, "size (solve)");
        QCOMPARE(d.value("m").toInteger(), 9585059); // the classic formula's known answer
        QCOMPARE(d.value("k").toInt(), 7);
        QCOMPARE(d.value("layouts").toArray().size(), 4);
        QVERIFY(d.value("parquet_writer").isObject());
        d = json({"size", "-n", "10k", "-m", "64KiB"}, "size (solve)");
        QVERIFY(d.value("layouts").toArray().isEmpty() && d.value("parquet_writer").isNull());
        for (const char* type : {"classic", "blocked", "counting", "scalable", "cuckoo"}) {
            d = json({"size", "--type", type, "-n", "1M", "-p", "1%"}, "size (plan)");
            QCOMPARE(d.value("type").toString(), QString::fromLatin1(type));
            QCOMPARE(d.value("mode").toString(), QStringLiteral("plan"));
        }
    }

    void filterDocuments() {
        const QString keys = path("keys.txt");
        QJsonObject d = json({"build", "-t", "counting", "-n", "100", "-p", "0.01", "--keys", keys,
                              "--out", path("counting.blf")},
                             "build");
        QCOMPARE(d.value("inserted").toInt(), 3);
        QCOMPARE(d.value("filter").toObject().value("type").toString(), QStringLiteral("counting"));
        // build -q --json: the document all the same.
        d = json({"build", "-t", "scalable", "-n", "100", "-p", "0.01", "--keys", keys, "--out",
                  path("scalable.blf"), "-q"},
                 "build");
        QCOMPARE(d.value("stats").toObject().value("items").toInt(), 3);

        d = json({"query", path("classic.blf"), "--keys", keys}, "query");
        QCOMPARE(d.value("results").toArray().size(), 3);
        QCOMPARE(d.value("maybe").toInt(), 3); // no false negatives
        d = json({"query", path("classic.blf"), "--keys", path("absent.txt"), "--count"}, "query");
        QVERIFY(!d.contains("results"));
        QCOMPARE(d.value("maybe").toInt() + d.value("no").toInt(), 2);
        // Keys from standard input.
        d = json({"query", path("blocked.blf"), "--keys", "-"}, "query", 0, "alpha\nzzz\n");
        QCOMPARE(d.value("results").toArray().size(), 2);

        for (const char* type : {"classic", "blocked", "cuckoo", "counting", "scalable"})
            QCOMPARE(json({"info", path(QString::fromLatin1(type) + ".blf")}, "info")
                         .value("filter")
                         .toObject()
                         .value("type")
                         .toString(),
                     QString::fromLatin1(type));

        d = json({"export", path("blocked.blf"), "--format", "parquet", "--out", path("blob.bin")},
                 "export");
        QCOMPARE(d.value("bytes").toInteger(), QFileInfo(path("blob.bin")).size());
        d = json({"import", path("blob.bin"), "--format", "parquet", "--out", path("imported.blf")},
                 "import");
        QVERIFY(d.value("filter").toObject().value("capacity").isNull()); // unknown after import
        d = json({"union", path("blocked.blf"), path("imported.blf"), "--out", path("union.blf")},
                 "union");
        QCOMPARE(d.value("operation").toString(), QStringLiteral("union"));
        d = json({"intersect", path("blocked.blf"), path("imported.blf"), "--out", path("and.blf")},
                 "union");
        QCOMPARE(d.value("operation").toString(), QStringLiteral("intersection"));
        d = json({"insert", path("classic.blf"), "--keys", path("absent.txt")}, "insert");
        QCOMPARE(d.value("inserted").toInt(), 2);
        QCOMPARE(d.value("stats").toObject().value("items").toInt(), 5);
        d = json({"copy", path("classic.blf"), path("copy.blf")}, "copy");
        QCOMPARE(d.value("to").toString(), path("copy.blf"));
    }

    void hostileKeysComeBackExactly() {
        for (const char* type : {"classic", "cuckoo"})
            verifyKeys(json({"query", path(QString::fromLatin1(type) + ".blf"), "--keys",
                             path("hostile.txt")},
                            "query")
                           .value("results")
                           .toArray());
        verifyKeys(json({"query", kParquet, "--column", "s", "--keys", path("hostile.txt")},
                        "query (Parquet)")
                       .value("results")
                       .toArray());
    }

    void parquetDocuments() {
        QJsonObject d = json({"info", kParquet}, "info (Parquet)");
        QCOMPARE(d.value("row_groups").toInt(), 3);
        d = json({"query", kParquet, "--column", "s", "--keys", path("keys.txt")},
                 "query (Parquet)");
        QCOMPARE(d.value("results").toArray().size(), 3);
        QCOMPARE(d.value("row_groups").toArray().size(), 3);
        d = json({"query", kParquet, "--column", "s", "--row-group", "1", "--keys",
                  path("hostile.txt"), "--count"},
                 "query (Parquet)");
        QCOMPARE(d.value("read").toInt() + d.value("skipped").toInt(), m_hostileKeys.size());
        d = json({"import", kParquet, "--column", "s", "--row-group", "0", "--out", path("pq.blf")},
                 "import (Parquet)");
        QCOMPARE(d.value("filter").toObject().value("type").toString(), QStringLiteral("blocked"));
    }

    void benchmarkDocuments() {
        const QStringList small = {"--backend", "hash", "--corpus-size", "2000",
                                   "-n",        "200",  "--queries",     "2000"};
        QJsonObject d = json(
            QStringList{"bench", "--repeats", "2", "--csv", path("bench.csv")} + small, "bench");
        QCOMPARE(d.value("runs").toArray().size(), 2);
        QCOMPARE(d.value("csv").toString(), path("bench.csv"));
        d = json(QStringList{"sweep", "--repeats", "1", "--ratios", "0.2,0.5"} + small, "sweep");
        QCOMPARE(d.value("points").toArray().size(), 2);
        QDir().mkpath(path("report"));
        d = json({"report", "--quick", "--out", path("report/report.md")}, "report");
        QVERIFY(QFileInfo::exists(path("report/report.md")));
        // Speedup vs hot ratio for each p, then the growing hot set's two charts; every one listed
        // exists, and so does the growth CSV.
        const QJsonArray charts = d.value("charts").toArray();
        QCOMPARE(charts.size(), 4);
        QVERIFY(charts[2].toString().endsWith("report-assets/growth_fpr.png"));
        QVERIFY(charts[3].toString().endsWith("report-assets/growth_p99.png"));
        for (const QJsonValue& chart : charts)
            QVERIFY2(QFileInfo(chart.toString()).size() > 0, qPrintable(chart.toString()));
        QCOMPARE(d.value("growth_csv").toString(), path("report/report-assets/growth.csv"));
        QVERIFY(QFileInfo(path("report/report-assets/growth.csv")).size() > 0);
        d = json({"perf", "--quick", "--structures", "classic,blocked,cuckoo8", "-n", "20000",
                  "--queries", "20000", "--keys", "int"},
                 "perf");
        QVERIFY(d.value("rows").toArray().size() >= 3);
    }

    void perfDocumentCarriesPathsProbeAndPackedRows() {
        // Every key kind (all = int, string, packed, mixed), the reference rows the targets need.
        QJsonObject d =
            json({"perf", "--quick", "--structures", "classic,blocked,libbloom,memory_bound", "-n",
                  "20000", "--queries", "20000", "--keys", "all"},
                 "perf");
        QSet<QString> kinds;
        for (const QJsonValue& row : d.value("rows").toArray())
            kinds.insert(row.toObject().value("keys").toString());
        QCOMPARE(kinds, (QSet<QString>{"int", "string", "packed", "mixed"}));
        const QJsonObject paths = d.value("code_paths").toObject();
        // The reason is there exactly when the AVX-512 paths did not run.
        QCOMPARE(paths.value("avx512_off_reason").isNull(), paths.value("avx512").toBool());
        // The batched hashing paths: both take the widest path the process runs (XXH64's AVX2 path
        // covers runs of strings of one length only).
        const QSet<QString> hashPaths{"avx512", "avx2", "scalar"};
        QVERIFY2(hashPaths.contains(paths.value("hash_xxh64").toString()), "hash_xxh64 names a path");
        QVERIFY2(hashPaths.contains(paths.value("hash_xxh3_128").toString()), "hash_xxh3_128 names a path");
        QCOMPARE(paths.value("hash_xxh64").toString() == "avx512", paths.value("avx512").toBool());
        QCOMPARE(paths.value("hash_xxh3_128").toString() == "avx512", paths.value("avx512").toBool());
        QCOMPARE(paths.value("hash_xxh64").toString(), paths.value("hash_xxh3_128").toString());
        // The Morton filter's lookups: AVX-512 exactly when the other AVX-512 paths run (every
        // CPU with AVX-512 F and DQ has BW), AVX2 exactly when XXH3-128's batched hashing takes
        // its AVX2 kernel (every AVX2 CPU has popcnt and BMI2), portable otherwise.
        const QString morton = paths.value("morton_lookup").toString();
        QVERIFY2((QSet<QString>{"avx512", "avx2", "portable"}).contains(morton), qPrintable(morton));
        QCOMPARE(morton == "avx512", paths.value("avx512").toBool());
        QCOMPARE(morton == "avx2", paths.value("hash_xxh3_128").toString() == "avx2");
        QCOMPARE(paths.value("blocked_kernel").toString(),
                 d.value("host").toObject().value("avx2").toBool() ? QStringLiteral("avx2")
                                                                   : QStringLiteral("portable"));
        // The classic filter's BMI2 copies: every CPU with AVX2 has BMI2, and BLOOMLAB_NO_AVX2
        // turns both off together.
        QVERIFY2(paths.value("classic_bmi2").isBool(), "classic_bmi2 is a boolean");
        QCOMPARE(paths.value("classic_bmi2").toBool(), bloomlab::detail::cpuHasBmi2());
        if (paths.value("blocked_kernel").toString() == "avx2") QVERIFY(paths.value("classic_bmi2").toBool());
        const QJsonArray probes = d.value("prefetch_probes").toArray();
        QCOMPARE(probes.size(), 1);
        const QJsonObject probe = probes[0].toObject();
        QCOMPARE(probe.value("n").toInt(), 20000);
        bool fastestTried = false;
        for (const QJsonValue& distance : probe.value("distances").toArray())
            fastestTried = fastestTried || distance.toObject().value("distance").toInt() ==
                                               probe.value("fastest").toInt();
        QVERIFY2(fastestTried, "the fastest distance is one of those tried");
        // Both prefetch levels timed at the distance used; a 20,000-key filter (25 KiB) is within
        // any L2, so the size rule prefetches into the L1 (unless the host reports no L2 size).
        for (const char* field : {"memory_bound_l1_ns", "memory_bound_l2_ns", "blocked_l1_ns", "blocked_l2_ns"})
            QVERIFY2(probe.value(field).toDouble() > 0, field);
        if (qEnvironmentVariableIsEmpty("BLOOMLAB_PREFETCH_LEVEL")) {
            QCOMPARE(probe.value("level").toString(),
                     paths.value("l2_bytes").toInteger() > 0 ? QStringLiteral("l1") : QStringLiteral("l2"));
            QVERIFY(paths.value("prefetch_level_environment").isNull());
        }
        const QJsonArray targets = d.value("targets").toArray();
        QVERIFY(!targets.isEmpty());
        for (const QJsonValue& t : targets)
            QCOMPARE(t.toObject().value("n").toInt(), 20000);

        // A quick perf run (20,000 keys) with one of the code-path variables set for it.
        const auto quickPerfWith = [this](const char* variable, const QString& structures, const QString& keys) {
            qputenv(variable, "1");
            const QJsonObject document = json({"perf", "--quick", "--structures", structures, "-n", "20000", "--queries",
                                               "20000", "--keys", keys},
                                              "perf");
            qunsetenv(variable);
            return document;
        };

        // BLOOMLAB_NO_AVX512 turns the AVX-512 paths off, and the document says why.
        d = quickPerfWith("BLOOMLAB_NO_AVX512", "blocked", "packed");
        const QJsonObject off = d.value("code_paths").toObject();
        QVERIFY(!off.value("avx512").toBool());
        QVERIFY(off.value("hash_xxh64").toString() != "avx512");
        QCOMPARE(off.value("hash_xxh64").toString(), off.value("hash_xxh3_128").toString());
        QVERIFY(off.value("hash_xxh3_128").toString() != "avx512");
        QCOMPARE(off.value("morton_lookup").toString() == "portable", off.value("hash_xxh3_128").toString() == "scalar");
        QCOMPARE(off.value("morton_lookup").toString() == "avx2", off.value("hash_xxh3_128").toString() == "avx2");
        QCOMPARE(off.value("avx512_off_reason").toString(), off.value("avx512_cpu").toBool()
                                                                ? QStringLiteral("disabled")
                                                                : QStringLiteral("unsupported"));
        for (const QJsonValue& row : d.value("rows").toArray())
            QCOMPARE(row.toObject().value("keys").toString(), QStringLiteral("packed"));

        // BLOOMLAB_NO_AVX2 stands for a CPU before AVX2: the blocked kernel and the classic
        // filter's copies all take their portable forms, and the document says so.
        d = quickPerfWith("BLOOMLAB_NO_AVX2", "classic,blocked", "int");
        const QJsonObject portable = d.value("code_paths").toObject();
        QCOMPARE(portable.value("blocked_kernel").toString(), QStringLiteral("portable"));
        QCOMPARE(portable.value("classic_bmi2").toBool(), false);
    }

    void growingAndRebuildReaderDocuments() {
        // Sizes of tst_cli_bench's growing runs: a second or less each.
        QJsonObject d =
            json({"bench", "--backend",     "hash",          "--grow-hot",  "2.5",  "-n",
                  "300",   "--corpus-size", "3000",          "--queries",   "8000", "--hot",
                  "0.2",   "--rebuild-fpr", "0.2",           "--fp-window", "200",  "--seed",
                  "5",     "--csv",         path("grow.csv")},
                 "bench (growing)");
        QCOMPARE(d.value("config").toObject().value("grow_hot").toDouble(), 2.5);
        QCOMPARE(d.value("config").toObject().value("rebuild_fpr").toDouble(), 0.2);
        QCOMPARE(d.value("csv").toString(), path("grow.csv"));
        const QJsonObject result = d.value("result").toObject();
        QCOMPARE(result.value("initial_hot").toInt(), 300);
        QCOMPARE(result.value("final_hot").toInt(), 750);
        QCOMPARE(result.value("hot_queries").toInt() + result.value("cold_queries").toInt(), 8000);
        for (const char* arm : {"reject", "rebuild"}) {
            const QJsonObject a = result.value(arm).toObject();
            QCOMPARE(a.value("action").toString(), QString::fromLatin1(arm));
            const QJsonArray windows = a.value("windows").toArray();
            QCOMPARE(windows.size(), 40);
            qint64 queries = 0;
            double fprMax = 0;
            for (const QJsonValue& w : windows) {
                queries += w.toObject().value("queries").toInteger();
                fprMax = std::max(fprMax, w.toObject().value("fpr").toDouble());
            }
            QCOMPARE(queries, 8000); // the windows cover the run
            QCOMPARE(a.value("fpr_max").toDouble(), fprMax);
            QCOMPARE(a.value("fpr_last").toDouble(),
                     windows.last().toObject().value("fpr").toDouble());
        }
        QCOMPARE(result.value("reject").toObject().value("rebuilds").toInt(), 0);
        QVERIFY(result.value("rebuild").toObject().value("rebuilds").toInt() >= 1);
        QVERIFY(!result.value("rebuild").toObject().value("events").toArray().isEmpty());

        d = json({"sweep", "--backend", "scan", "--grow-hot", "2", "-n", "200", "--corpus-size",
                  "2000", "--queries", "3000", "--ratios", "0.1,0.4", "--seed", "3"},
                 "sweep (growing)");
        const QJsonArray points = d.value("points").toArray();
        QCOMPARE(points.size(), 2);
        QCOMPARE(points[0].toObject().value("hot_ratio").toDouble(), 0.1);
        QCOMPARE(points[1].toObject().value("hot_ratio").toDouble(), 0.4);
        QVERIFY(d.value("csv").isNull());

        d = json(
            {"bench", "--rebuild-readers", "2", "-n", "20000", "--repeats", "1", "--seed", "9"},
            "bench (rebuild readers)");
        QCOMPARE(d.value("readers").toInt(), 2);
        QCOMPARE(d.value("handle_readers").toInt() + d.value("direct_readers").toInt(), 2);
        QCOMPARE(d.value("false_negatives").toInt(), 0);
        QVERIFY(d.value("rebuilds").toArray().size() >= 1);
        const QJsonArray latency = d.value("latency").toArray();
        QCOMPARE(latency.size(), 4);
        for (const QJsonValue& row : latency) {
            const QJsonObject r = row.toObject();
            QVERIFY(r.value("p50_ns").toDouble() <= r.value("p99_ns").toDouble());
            QVERIFY(r.value("p99_ns").toDouble() <= r.value("max_ns").toDouble());
        }
        QVERIFY(d.value("keys_at_end").toInteger() >= d.value("keys_at_start").toInteger());
        for (const QJsonValue& row : d.value("rows").toArray())
            QCOMPARE(row.toObject().value("missed_present").toInt(), 0);
    }

    void redisDocuments() {
        REQUIRE_REDIS_SERVER(bloomlab::test::haveRedisServer());
        bloomlab::test::RedisServer server;
        QString error;
        QVERIFY2(server.start({}, &error), qPrintable(error));
        const QString url = QStringLiteral("redis://127.0.0.1:%1/jsonf").arg(server.port());
        json({"copy", path("blocked.blf"), url}, "copy");
        QJsonObject d = json({"insert", url, "--keys", path("absent.txt")}, "insert (Redis)");
        QCOMPARE(d.value("keys_read").toInt(), 2);
        d = json({"query", url, "--keys", path("hostile.txt")}, "query (Redis)");
        verifyKeys(d.value("results").toArray());
        d = json({"query", url, "--keys", path("keys.txt"), "-c"}, "query (Redis)");
        QCOMPARE(d.value("maybe").toInt(), 3);
        d = json({"info", url}, "info (Redis)");
        QCOMPARE(d.value("type").toString(), QStringLiteral("blocked"));
        {
            // A second copy to remove, so the filter above stays for what follows.
            const QString doomed = QStringLiteral("redis://127.0.0.1:%1/jsonremove").arg(server.port());
            json({"copy", path("blocked.blf"), doomed}, "copy");
            const QJsonObject removed = json({"remove", doomed}, "remove (Redis)");
            QCOMPARE(removed.value("type").toString(), QStringLiteral("blocked"));
            QCOMPARE(removed.value("segments").toInt(), 1);
        }
        d = json({"perf", "--redis",
                  QStringLiteral("redis://127.0.0.1:%1/jsonperf").arg(server.port()),
                  "--redis-keys", "2000"},
                 "perf (Redis)");
        QCOMPARE(d.value("rows").toArray().size(), 4);
    }

    /// Every section under "## Per command" of docs/json.md was checked against a real document
    /// above (a documented command output that no test produces would drift unnoticed). The
    /// Redis sections need a redis-server; run alone, this test has nothing to compare.
    void everyDocumentedCommandIsChecked() {
        if (m_sectionsChecked.isEmpty()) QSKIP("run with the document tests above");
        QFile docs(kDocs);
        QVERIFY(docs.open(QIODevice::ReadOnly | QIODevice::Text));
        bool perCommand = false;
        QStringList missing;
        while (!docs.atEnd()) {
            const QString line = QString::fromUtf8(docs.readLine()).trimmed();
            if (line.startsWith(QLatin1String("## ")))
                perCommand = line == QLatin1String("## Per command");
            if (!perCommand || !line.startsWith(QLatin1String("### "))) continue;
            const QString section = line.mid(4);
            if (section.contains(QLatin1String("(Redis)")) && !bloomlab::test::haveRedisServer())
                continue;
            if (!m_sectionsChecked.contains(section)) missing << section;
        }
        QVERIFY2(missing.isEmpty(),
                 qPrintable("sections no document was checked against: " + missing.join(", ")));
    }

    /// Every command: a usage error (2) and a data error (1), the same with and without --json.
    void exitStatus_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        const QString missing = QStringLiteral("/nonexistent/dir/f.blf");
        const QList<std::tuple<const char*, QStringList, int>> cases = {
            {"size usage", {"size", "-n", "10", "-p", "2"}, 2},
            {"size nothing", {"size"}, 2},
            {"build usage", {"build", "-t", "classic", "-n", "10"}, 2},
            {"build data",
             {"build", "-t", "classic", "-n", "10", "-p", "0.1", "--keys", missing, "--out", "OUT"},
             1},
            {"query usage", {"query", "CLASSIC"}, 2},
            {"query data", {"query", missing, "--keys", "KEYS"}, 1},
            {"query keys data", {"query", "CLASSIC", "--keys", missing}, 1},
            {"info usage", {"info"}, 2},
            {"info data", {"info", "KEYS"}, 1},
            {"export usage", {"export", "CLASSIC", "--format", "csv", "--out", "OUT"}, 2},
            {"export data", {"export", "CLASSIC", "--format", "parquet", "--out", "OUT"}, 1},
            {"import usage", {"import", "KEYS", "--format", "csv", "--out", "OUT"}, 2},
            {"import data", {"import", "KEYS", "--out", "OUT"}, 1},
            {"union usage", {"union", "CLASSIC", "--out", "OUT"}, 2},
            {"union data", {"union", "CLASSIC", "BLOCKED", "--out", "OUT"}, 1},
            {"intersect usage", {"intersect", "CLASSIC"}, 2},
            {"intersect data", {"intersect", "CLASSIC", missing, "--out", "OUT"}, 1},
            {"insert usage", {"insert", "CLASSIC"}, 2},
            {"insert data", {"insert", missing, "--keys", "KEYS"}, 1},
            {"copy usage", {"copy", "CLASSIC"}, 2},
            {"copy data", {"copy", missing, "OUT"}, 1},
            {"remove usage", {"remove", "CLASSIC"}, 2},
            {"remove data", {"remove", "redis://127.0.0.1:1/none"}, 1},
            {"bench usage", {"bench", "--hot", "2"}, 2},
            {"bench data", {"bench", "--corpus", missing}, 1},
            {"sweep usage", {"sweep", "--ratios", "0.1,,0.2"}, 2},
            {"sweep data", {"sweep", "--corpus", missing, "--ratios", "0.5"}, 1},
            {"report usage", {"report", "extra"}, 2},
            {"report data", {"report", "--quick", "--out", "/nonexistent/dir/report.md"}, 1},
            {"perf usage", {"perf", "--keys", "floats"}, 2},
            {"perf data", {"perf", "--quick", "--csv", "DIR"}, 1},
            {"parquet info usage", {"info", "PARQUET", "--fpr", "2"}, 2},
            {"parquet query usage", {"query", "PARQUET", "--column", "nope", "--keys", "KEYS"}, 2},
            {"redis usage", {"query", "redis:/bad", "--keys", "KEYS"}, 2},
            {"quiet twice", {"size", "-n", "10", "-p", "0.1", "-q", "--quiet"}, 2},
        };
        for (const auto& [name, args, exit] : cases)
            QTest::newRow(name) << args << exit;
    }
    void exitStatus() {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        for (QString& a : args) {
            if (a == "KEYS") a = path("keys.txt");
            if (a == "CLASSIC") a = path("classic.blf");
            if (a == "BLOCKED") a = path("blocked.blf");
            if (a == "PARQUET") a = kParquet;
            if (a == "OUT") a = path("never-written.out");
            if (a == "DIR") a = m_dir.path();
        }
        const CliResult text = bloomlab::test::runCli(args);
        QVERIFY2(text.exitCode == exit, qPrintable(show(args, text)));
        QVERIFY2(text.out.isEmpty(), qPrintable(show(args, text)));
        QVERIFY2(text.err.startsWith("bloomlab-cli " + args.front().toUtf8() + ": "),
                 qPrintable(show(args, text)));

        const QStringList withJson = args + QStringList{"--json"};
        const CliResult r = bloomlab::test::runCli(withJson);
        QVERIFY2(r.exitCode == exit, qPrintable(show(withJson, r)));
        QCOMPARE(r.err, text.err);
        const QString problem = checkDocument(r.out, QStringLiteral("error"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem + '\n' + show(withJson, r)));
        const QJsonObject error = QJsonDocument::fromJson(r.out).object().value("error").toObject();
        QCOMPARE(error.value("exit_code").toInt(), exit);
        QCOMPARE(error.value("command").toString(), args.front());
        QVERIFY2(r.err.contains(error.value("message").toString().toUtf8()),
                 qPrintable(show(withJson, r)));
        QVERIFY(!QFileInfo::exists(path("never-written.out")));
    }

    void jsonTwiceIsRefusedInJson() {
        const QStringList args = {"size", "-n", "10", "-p", "0.1", "--json", "--json"};
        const CliResult r = bloomlab::test::runCli(args);
        QVERIFY2(r.exitCode == 2 && r.err.contains("option --json given twice; give it once"),
                 qPrintable(show(args, r)));
        const QString problem = checkDocument(r.out, QStringLiteral("error"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem + '\n' + show(args, r)));
    }

    void unknownCommandIsRefusedInJson() {
        const QStringList args = {"frobnicate", "--json"};
        const CliResult r = bloomlab::test::runCli(args);
        QVERIFY2(r.exitCode == 2 && r.err.contains("unknown command 'frobnicate'"),
                 qPrintable(show(args, r)));
        const QString problem = checkDocument(r.out, QStringLiteral("error"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem + '\n' + show(args, r)));
        // Without --json: text only.
        QVERIFY(bloomlab::test::runCli({"frobnicate"}).out.isEmpty());
    }

    void failedInsertsExitThreeWithTheirDocument() {
        // 2000 distinct keys into a cuckoo table sized for 10: most do not fit.
        QJsonObject d = json({"build", "-t", "cuckoo", "-n", "10", "-p", "0.01", "--keys",
                              path("many.txt"), "--out", path("full.blf")},
                             "build", 3);
        QVERIFY(d.value("failed").toInt() > 0);
        QCOMPARE(d.value("inserted").toInt() + d.value("failed").toInt(), 2000);
        d = json({"insert", path("full.blf"), "--keys", path("absent.txt")}, "insert", 3);
        QVERIFY(d.value("failed").toInt() > 0);
    }

    void partialDocumentEndsWithTheError() {
        // A directory as the key file: the query document has begun when the read fails.
        const QStringList args = {"query", path("classic.blf"), "--keys", m_dir.path(), "--json"};
        const CliResult r = bloomlab::test::runCli(args);
        QVERIFY2(r.exitCode == 1 || r.exitCode == 2, qPrintable(show(args, r)));
        const QString problem = checkDocument(r.out, QStringLiteral("query"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem + '\n' + show(args, r)));
        QCOMPARE(QJsonDocument::fromJson(r.out)
                     .object()
                     .value("error")
                     .toObject()
                     .value("exit_code")
                     .toInt(),
                 r.exitCode);
    }

    void fullStandardOutputIsAnError() {
        for (const QStringList& args :
             {QStringList{"size", "-n", "1e6", "-p", "0.01", "--json"},
              QStringList{"query", path("classic.blf"), "--keys", path("hostile.txt"), "--json"},
              QStringList{"query", path("classic.blf"), "--keys", path("hostile.txt"), "--json",
                          "--count"},
              QStringList{"size", "-n", "1e6", "-p", "7", "--json"}}) {
            QProcess p;
            p.setStandardOutputFile(QStringLiteral("/dev/full"));
            p.start(QStringLiteral(BLOOMLAB_CLI_PATH), args);
            QVERIFY(p.waitForFinished(60000));
            const QByteArray err = p.readAllStandardError();
            QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() != 0, err.constData());
            QCOMPARE(err.count("cannot write to standard output"), 1);
        }
    }

    void helpNamesTheCommonOptions() {
        const CliResult list = bloomlab::test::runCli({"--help"});
        QCOMPARE(list.exitCode, 0);
        for (const char* command :
             {"size", "build", "query", "info", "export", "import", "union", "intersect", "insert",
              "copy", "remove", "bench", "sweep", "report", "perf"}) {
            QVERIFY2(list.out.contains(QByteArray("  ") + command + ' '), command);
            const CliResult r = bloomlab::test::runCli({command, "--help", "--json"});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains("--json") && r.out.contains("-q, --quiet") &&
                         r.out.contains("Exit status"),
                     command);
            QVERIFY2(!r.out.startsWith('{'), "--help is text, also with --json");
        }
    }

    void quietDropsNotesButNotWarnings() {
        // More keys than the duplicate check remembers (16 MiB): build says so in a note.
        QByteArray keys;
        keys.reserve(200000 * 12);
        for (int i = 0; i < 200000; ++i)
            keys += "k" + QByteArray::number(i) + '\n';
        QVERIFY(write("big.txt", keys));
        const QStringList build = {"build",         "-t",    "blocked",      "-n",
                                   "200k",          "-p",    "0.01",         "--keys",
                                   path("big.txt"), "--out", path("big.blf")};
        CliResult r = bloomlab::test::runCli(build);
        QVERIFY2(r.exitCode == 0 && r.err.contains("note:"), qPrintable(show(build, r)));
        r = bloomlab::test::runCli(build + QStringList{"-q"});
        QVERIFY2(r.exitCode == 0 && r.err.isEmpty() && r.out.isEmpty(), qPrintable(show(build, r)));
        r = bloomlab::test::runCli(build + QStringList{"--quiet", "--json"});
        QVERIFY2(r.exitCode == 0 && r.err.isEmpty() && r.out.startsWith('{'),
                 qPrintable(show(build, r)));
        // An overfilled filter: the warning stays with -q.
        const QStringList over = {
            "build",          "-t",    "classic",        "-n", "100", "-p", "0.01", "--keys",
            path("many.txt"), "--out", path("over.blf"), "-q"};
        r = bloomlab::test::runCli(over);
        QVERIFY2(r.exitCode == 0 && r.err.contains("warning: the filter is overfilled"),
                 qPrintable(show(over, r)));
    }

    void progressOnlyOnATerminal() {
        // Not a terminal (a pipe): nothing on stderr from a whole benchmark and a perf run.
        const QStringList bench = {"bench", "--backend", "hash", "--corpus-size", "2000", "-n",
                                   "200",   "--queries", "2000", "--repeats",     "2"};
        const QStringList perf = {"perf",  "--quick",   "--structures", "classic", "-n",
                                  "20000", "--queries", "20000",        "--keys",  "int"};
        for (const QStringList& args : {bench, perf}) {
            const CliResult r = bloomlab::test::runCli(args);
            QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), qPrintable(show(args, r)));
            QVERIFY(!r.out.contains('\x1b'));
        }
        // On a pseudo-terminal (script(1) gives the program one): progress, and none with -q.
        if (QStandardPaths::findExecutable(QStringLiteral("script")).isEmpty())
            QSKIP("script(1) (util-linux) is not installed: the terminal case is not checked");
        {
            QProcess probe;  // a sandbox without /dev/ptmx: script cannot make a terminal
            probe.start(QStringLiteral("script"), {"-qec", "test -t 2", "/dev/null"});
            if (!probe.waitForFinished(30000) || probe.exitCode() != 0)
                QSKIP("no pseudo-terminal here (script -qec 'test -t 2' failed)");
        }
        const auto onTerminal = [&](const QStringList& args) {
            QStringList quoted;
            for (const QString& a : QStringList{QStringLiteral(BLOOMLAB_CLI_PATH)} + args)
                quoted << "'" + a + "'";
            QProcess p;
            p.start(QStringLiteral("script"),
                    {"-qec", quoted.join(' ') + " >/dev/null", "/dev/null"});
            p.waitForFinished(120000);
            return p.readAllStandardOutput();
        };
        const QByteArray shown = onTerminal(perf);
        QVERIFY2(shown.contains("%]"), shown.constData());
        const QByteArray quiet = onTerminal(perf + QStringList{"-q"});
        QVERIFY2(!quiet.contains("%]"), quiet.constData());
        // The bench bar clears its line with ESC [ K; with NO_COLOR (or TERM=dumb) with spaces.
        const QStringList longer = {"bench", "--backend", "hash",   "--corpus-size", "20000", "-n",
                                    "2000",  "--queries", "200000", "--repeats",     "3"};
        const QByteArray bar = onTerminal(longer);
        QVERIFY2(bar.contains("%") && bar.contains("\x1b[K"), bar.constData());
        qputenv("NO_COLOR", "1");
        const QByteArray plain = onTerminal(longer);
        qunsetenv("NO_COLOR");
        QVERIFY2(plain.contains("%") && !plain.contains('\x1b'), plain.constData());
        QVERIFY2(onTerminal(longer + QStringList{"--quiet"}).isEmpty(), "a bar with --quiet");
    }

    void noColourWithNoColor() {
        // No colour is ever written; NO_COLOR changes nothing, and the outputs hold no escapes.
        qputenv("NO_COLOR", "1");
        for (const QStringList& args :
             {QStringList{"size", "-n", "1e6", "-p", "0.01"},
              QStringList{"info", path("cuckoo.blf")}, QStringList{"info", kParquet}}) {
            const CliResult r = bloomlab::test::runCli(args);
            QVERIFY2(r.exitCode == 0 && !r.out.contains('\x1b') && !r.err.contains('\x1b'),
                     qPrintable(show(args, r)));
        }
        qunsetenv("NO_COLOR");
    }
};

QTEST_GUILESS_MAIN(TestCliJson)
#include "tst_cli_json.moc"
