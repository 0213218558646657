// tst_retrieval: the stores of the retrieval experiment — corpus, the four stores and the Count-Min
// Sketch.
//   - Corpus: deterministic per seed, distinct phrases, realistic shape (word lengths, words
//     per phrase, shared prefixes), absent phrases really absent, file loading (duplicates and
//     empty lines skipped), validation.
//   - Backends (scan, hash, sqlite, latency): a documented phrase returns its document, an
//     undocumented or absent one returns nothing, addDocument grows the store; SQLite refuses a
//     foreign database and removes its temp file; the latency store never answers early.
//   - CountMinSketch: never under-counts; the error bound eps N holds for at least the fraction
//     the (eps, delta) guarantee promises (binomial acceptance); conservative update never
//     estimates above plain update; counters saturate; geometry from (eps, delta).
#include <QtTest/QtTest>

#ifndef Q_MOC_RUN
#include "core/bench/benchmark_engine.h"
#include "core/filter_math.h"
#include "test_support.h"
#include "core/retrieval/corpus.h"
#include "core/retrieval/count_min_sketch.h"
#include "core/retrieval/hash_backend.h"
#include "core/retrieval/latency_backend.h"
#include "core/retrieval/random.h"
#include "core/retrieval/scan_backend.h"
#include "core/retrieval/sqlite_backend.h"
#endif

#include <sqlite3.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace bloomlab;

namespace {

std::unique_ptr<Backend> makeStore(const QString& kind, const StoreContents& contents) {
    if (kind == "scan") return std::make_unique<ScanBackend>(contents);
    if (kind == "hash") return std::make_unique<HashBackend>(contents);
    if (kind == "sqlite") return std::make_unique<SqliteBackend>(contents);
    return std::make_unique<LatencyBackend>(contents, std::chrono::microseconds(2));
}

using test::errorOf;

} // namespace

class TestRetrieval : public QObject {
    Q_OBJECT

private slots:
    void corpusIsDeterministicAndDistinct();
    void corpusLooksLikeQueries();
    void absentPhrasesAreAbsent();
    void corpusFromFile();
    void corpusValidation();
    void backendAnswersExactlyItsDocuments_data();
    void backendAnswersExactlyItsDocuments();
    void storeContentsValidation();
    void sqliteTempFileIsRemoved();
    void sqliteRefusesForeignDatabase();
    void sqliteReusesItsOwnStore();
    void latencyNeverAnswersEarly();
    void latencyValidation();
    void backendSpecParsing();
    void sketchGeometry();
    void sketchNeverUndercounts();
    void sketchErrorBoundHolds();
    void conservativeUpdateNeverAbovePlain();
    void sketchSaturates();
    void sketchValidation();
};

void TestRetrieval::corpusIsDeterministicAndDistinct() {
    const Corpus a = Corpus::generate(5000, 7);
    const Corpus b = Corpus::generate(5000, 7);
    const Corpus c = Corpus::generate(5000, 8);
    QCOMPARE(a.size(), std::size_t{5000});
    QVERIFY(a.phrases() == b.phrases());
    QVERIFY(a.phrases() != c.phrases());
    const std::set<std::string> distinct(a.phrases().begin(), a.phrases().end());
    QCOMPARE(distinct.size(), a.size());
    for (const auto& phrase : a.phrases()) {
        QVERIFY(!phrase.empty());
        QVERIFY(a.contains(phrase));
    }
    QVERIFY(!a.contains("certainly not a generated phrase 123"));
    // Moving keeps the index valid (it holds views into the phrases).
    Corpus moved = Corpus::generate(300, 1);
    const std::string first = moved.phrase(0);
    Corpus target = std::move(moved);
    QVERIFY(target.contains(first));
}

void TestRetrieval::corpusLooksLikeQueries() {
    const Corpus corpus = Corpus::generate(20000, 42);
    std::uint64_t words = 0, letters = 0, prefixed = 0, maxWords = 0, minWords = 100;
    for (const auto& phrase : corpus.phrases()) {
        std::uint64_t count = 1;
        for (char ch : phrase) count += ch == ' ';
        words += count;
        letters += phrase.size() - (count - 1);
        maxWords = std::max(maxWords, count);
        minWords = std::min(minWords, count);
        if (phrase.starts_with("how to ") || phrase.starts_with("what is ") ||
            phrase.starts_with("where to buy ") || phrase.starts_with("difference between "))
            ++prefixed;
    }
    const double meanWordLength = double(letters) / double(words);
    const double meanWords = double(words) / double(corpus.size());
    QVERIFY2(meanWordLength > 3.5 && meanWordLength < 7.0, qPrintable(QString::number(meanWordLength)));
    QVERIFY2(meanWords > 2.0 && meanWords < 4.5, qPrintable(QString::number(meanWords)));
    QVERIFY(minWords >= 1);
    QVERIFY(maxWords <= 7 + 3);  // a prefix adds up to 2 words (3 for "difference between" +1)
    // 25% of phrases take one of 32 prefixes: these four multi-word ones (which no run of
    // ordinary words reproduces in practice) are 25% x 4/32 = 3.1% (binomial bound).
    const double expected = 0.25 * 4.0 / 32.0;
    const auto band = math::binomialAcceptance(corpus.size(), expected);
    QVERIFY2(double(prefixed) >= band.low && double(prefixed) <= band.high,
             qPrintable(QString::number(prefixed)));
}

void TestRetrieval::absentPhrasesAreAbsent() {
    const Corpus corpus = Corpus::generate(20000, 3);
    const auto absent = corpus.absentPhrases(5000, 11);
    QCOMPARE(absent.size(), std::size_t{5000});
    const std::set<std::string> distinct(absent.begin(), absent.end());
    QCOMPARE(distinct.size(), absent.size());
    for (const auto& phrase : absent) QVERIFY(!corpus.contains(phrase));
    QVERIFY(corpus.absentPhrases(5000, 11) == absent);
    QVERIFY(corpus.absentPhrases(5000, 12) != absent);
}

void TestRetrieval::corpusFromFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("phrases.txt").toStdString();
    {
        std::ofstream out(path, std::ios::binary);
        out << "alpha beta\n\nalpha beta\ngamma\r\ndelta";  // duplicate, empty line, CR kept
    }
    const Corpus corpus = Corpus::fromFile(path);
    QCOMPARE(corpus.size(), std::size_t{3});
    QCOMPARE(corpus.skippedLines(), std::uint64_t{2});
    QVERIFY(corpus.contains("alpha beta"));
    QVERIFY(corpus.contains("gamma\r"));
    QVERIFY(corpus.contains("delta"));
    const std::string empty = dir.filePath("empty.txt").toStdString();
    std::ofstream(empty).close();
    QVERIFY(errorOf([&] { (void)Corpus::fromFile(empty); }).contains("no phrases"));
    QVERIFY(errorOf([&] { (void)Corpus::fromFile(dir.filePath("missing.txt").toStdString()); })
                .contains("missing.txt"));
}

void TestRetrieval::corpusValidation() {
    QVERIFY(errorOf([] { (void)Corpus::generate(0, 1); }).contains("corpus size"));
    QVERIFY(Corpus::documentFor("x y").find("x y") != std::string::npos);
    QVERIFY(Corpus::documentFor("a") != Corpus::documentFor("b"));
}

void TestRetrieval::backendAnswersExactlyItsDocuments_data() {
    QTest::addColumn<QString>("kind");
    for (const char* kind : {"scan", "hash", "sqlite", "latency"}) QTest::newRow(kind) << kind;
}

void TestRetrieval::backendAnswersExactlyItsDocuments() {
    QFETCH(QString, kind);
    const Corpus corpus = Corpus::generate(1500, 5);
    StoreContents contents{&corpus, std::vector<bool>(corpus.size(), false)};
    for (std::size_t i = 0; i < corpus.size(); i += 3) contents.documented[i] = true;
    auto store = makeStore(kind, contents);
    QCOMPARE(store->documentCount(), std::uint64_t{500});
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        const auto answer = store->lookup(corpus.phrase(i));
        if (i % 3 == 0) {
            QVERIFY2(answer.has_value(), corpus.phrase(i).c_str());
            QCOMPARE(*answer, Corpus::documentFor(corpus.phrase(i)));
        } else {
            QVERIFY2(!answer.has_value(), corpus.phrase(i).c_str());
        }
    }
    for (const auto& absent : corpus.absentPhrases(300, 9)) QVERIFY(!store->lookup(absent));
    QVERIFY(!store->lookup(""));

    // Growth: a new phrase, a corpus phrase without a document, and a replaced document.
    store->addDocument("brand new phrase", "doc-new");
    store->addDocument(corpus.phrase(1), "doc-1");
    store->addDocument(corpus.phrase(0), "doc-0-replaced");
    QCOMPARE(store->lookup("brand new phrase").value_or("-"), std::string("doc-new"));
    QCOMPARE(store->lookup(corpus.phrase(1)).value_or("-"), std::string("doc-1"));
    QCOMPARE(store->lookup(corpus.phrase(0)).value_or("-"), std::string("doc-0-replaced"));
    QCOMPARE(store->documentCount(), std::uint64_t{502});

    // The factory builds the same kinds.
    const auto spec = bench::parseBackendSpec(kind == "latency" ? "latency:1" : kind.toStdString());
    auto built = bench::makeBackend(spec, contents);
    QCOMPARE(QString::fromStdString(built->name()), kind == "latency" ? QString("latency:1") : kind);
    QVERIFY(built->lookup(corpus.phrase(3)).has_value());
}

void TestRetrieval::storeContentsValidation() {
    const Corpus corpus = Corpus::generate(10, 1);
    StoreContents wrong{&corpus, std::vector<bool>(3, true)};
    QVERIFY(errorOf([&] { ScanBackend store(wrong); }).contains("3 entries"));
    StoreContents none{nullptr, {}};
    QVERIFY(errorOf([&] { HashBackend store(none); }).contains("corpus"));
    StoreContents all{&corpus, {}};  // empty mask = every phrase documented
    ScanBackend store(all);
    QCOMPARE(store.documentCount(), std::uint64_t{10});
}

void TestRetrieval::sqliteTempFileIsRemoved() {
    const Corpus corpus = Corpus::generate(200, 2);
    std::filesystem::path path;
    {
        SqliteBackend store(StoreContents{&corpus, {}});
        path = store.path();
        QVERIFY(std::filesystem::exists(path));
        QVERIFY(store.fileBytes() > 0);
        QVERIFY(store.lookup(corpus.phrase(17)).has_value());
    }
    QVERIFY(!std::filesystem::exists(path));
    QVERIFY(!std::filesystem::exists(path.string() + "-wal"));
}

void TestRetrieval::sqliteRefusesForeignDatabase() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("other.db").toStdString();
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "CREATE TABLE customers (id INTEGER)", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    const Corpus corpus = Corpus::generate(50, 2);
    const QString error = errorOf([&] { SqliteBackend store(StoreContents{&corpus, {}}, path); });
    QVERIFY2(error.contains("customers"), qPrintable(error));
    QVERIFY(std::filesystem::exists(path));  // untouched

    const std::string garbage = dir.filePath("garbage.db").toStdString();
    {
        std::ofstream out(garbage, std::ios::binary);
        out << std::string(4096, 'x');
    }
    QVERIFY(!errorOf([&] { SqliteBackend store(StoreContents{&corpus, {}}, garbage); }).isEmpty());
}

void TestRetrieval::sqliteReusesItsOwnStore() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("store.db").toStdString();
    const Corpus first = Corpus::generate(100, 1);
    const Corpus second = Corpus::generate(100, 2);
    { SqliteBackend store(StoreContents{&first, {}}, path); }
    QVERIFY(std::filesystem::exists(path));  // a given path is kept
    SqliteBackend store(StoreContents{&second, {}}, path);
    QVERIFY(store.lookup(second.phrase(5)).has_value());
    bool anyOld = false;
    for (const auto& phrase : first.phrases()) anyOld |= !second.contains(phrase) && store.lookup(phrase).has_value();
    QVERIFY(!anyOld);  // rebuilt, not appended
}

void TestRetrieval::latencyNeverAnswersEarly() {
    // steady_clock is monotonic, so "not before the deadline" is a hard guarantee (no upper
    // bound is asserted: a loaded machine may answer late).
    const Corpus corpus = Corpus::generate(20, 2);
    for (int us : {0, 50, 300, 1500}) {
        LatencyBackend store(StoreContents{&corpus, {}}, std::chrono::microseconds(us));
        const auto start = std::chrono::steady_clock::now();
        const auto answer = store.lookup(corpus.phrase(3));
        const auto elapsed = std::chrono::steady_clock::now() - start;
        QVERIFY(answer.has_value());
        QVERIFY(elapsed >= std::chrono::microseconds(us));
        QCOMPARE(QString::fromStdString(store.name()), QString("latency:%1").arg(us));
    }
}

void TestRetrieval::latencyValidation() {
    const Corpus corpus = Corpus::generate(5, 2);
    QVERIFY(errorOf([&] { LatencyBackend s(StoreContents{&corpus, {}}, std::chrono::microseconds(-1)); })
                .contains("latency"));
    QVERIFY(errorOf([&] { LatencyBackend s(StoreContents{&corpus, {}}, std::chrono::seconds(11)); })
                .contains("latency"));
}

void TestRetrieval::backendSpecParsing() {
    using bench::BackendKind;
    QVERIFY(bench::parseBackendSpec("scan").kind == BackendKind::Scan);
    QVERIFY(bench::parseBackendSpec("hash").kind == BackendKind::Hash);
    QVERIFY(bench::parseBackendSpec("sqlite").kind == BackendKind::Sqlite);
    const auto latency = bench::parseBackendSpec("latency");
    QVERIFY(latency.kind == BackendKind::Latency);
    QCOMPARE(latency.latency.count(), std::int64_t{200});
    QCOMPARE(bench::parseBackendSpec("latency:50000").latency.count(), std::int64_t{50000});
    QCOMPARE(bench::backendName(bench::parseBackendSpec("latency:7")), std::string("latency:7"));
    for (const char* bad : {"", "Scan", "latency:", "latency:-5", "latency:1.5", "latency:99999999", "mysql"})
        QVERIFY2(errorOf([&] { (void)bench::parseBackendSpec(bad); }).contains("backend must be"), bad);
}

void TestRetrieval::sketchGeometry() {
    const auto sketch = CountMinSketch::forError(0.001, 0.01);
    QCOMPARE(sketch.width(), std::uint32_t(std::ceil(std::exp(1.0) / 0.001)));  // 2719
    QCOMPARE(sketch.depth(), std::uint32_t(std::ceil(std::log(1.0 / 0.01))));   // 5
    QVERIFY(sketch.epsilon() <= 0.001);
    QVERIFY(sketch.delta() <= 0.01);
    QCOMPARE(sketch.bytes(), std::uint64_t{2719} * 5 * 4);
    QVERIFY(sketch.conservative());
}

void TestRetrieval::sketchNeverUndercounts() {
    // A small sketch (many collisions) over a Zipf-like stream: estimate >= truth always.
    for (bool conservative : {false, true}) {
        CountMinSketch sketch(64, 3, conservative, 9);
        std::map<std::string, std::uint32_t> truth;
        SplitMix64 rng(1);
        for (int i = 0; i < 20000; ++i) {
            std::string key = "k";  // appended, not "k" + ...: GCC 12 -O3 false -Wrestrict
            key += std::to_string(rng.below(1 + rng.below(500)));
            const std::uint32_t estimate = sketch.add(key);
            ++truth[key];
            QVERIFY(estimate >= truth[key]);
        }
        for (const auto& [key, count] : truth) QVERIFY(sketch.estimate(key) >= count);
        QCOMPARE(sketch.totalCount(), std::uint64_t{20000});
        sketch.clear();
        QCOMPARE(sketch.estimate("k1"), std::uint32_t{0});
    }
}

void TestRetrieval::sketchErrorBoundHolds() {
    // CM guarantee (plain update): P(estimate > truth + eps N) <= delta for each key. Over K keys
    // the number of violations is at most Binomial(K, delta): accept up to its z = 4 bound.
    const double eps = 0.01, delta = 0.05;
    auto sketch = CountMinSketch::forError(eps, delta, false, 3);
    std::map<std::string, std::uint32_t> truth;
    SplitMix64 rng(2);
    const int total = 50000;
    for (int i = 0; i < total; ++i) {
        const std::string key = "key-" + std::to_string(rng.below(2000));
        sketch.add(key);
        ++truth[key];
    }
    std::uint64_t violations = 0;
    for (const auto& [key, count] : truth)
        violations += double(sketch.estimate(key)) > double(count) + eps * total;
    const auto band = math::binomialAcceptance(truth.size(), delta);
    QVERIFY2(double(violations) <= band.high, qPrintable(QString::number(violations)));
}

void TestRetrieval::conservativeUpdateNeverAbovePlain() {
    CountMinSketch plain(128, 4, false, 5);
    CountMinSketch conservative(128, 4, true, 5);
    SplitMix64 rng(4);
    std::vector<std::string> keys;
    for (int i = 0; i < 30000; ++i) {
        std::string key = "q";  // appended, not "q" + ...: GCC 12 -O3 false -Wrestrict
        key += std::to_string(rng.below(3000));
        plain.add(key);
        conservative.add(key);
        keys.push_back(std::move(key));
    }
    std::uint64_t strictlyBetter = 0;
    for (const auto& key : keys) {
        QVERIFY(conservative.estimate(key) <= plain.estimate(key));
        strictlyBetter += conservative.estimate(key) < plain.estimate(key);
    }
    QVERIFY(strictlyBetter > 0);  // with this much collision CU must help somewhere
}

void TestRetrieval::sketchSaturates() {
    for (bool conservative : {false, true}) {
        CountMinSketch sketch(8, 2, conservative);
        sketch.add("x", UINT32_MAX - 1);
        QCOMPARE(sketch.add("x", 5), UINT32_MAX);
        QCOMPARE(sketch.add("x"), UINT32_MAX);
        QCOMPARE(sketch.estimate("x"), UINT32_MAX);
    }
}

void TestRetrieval::sketchValidation() {
    QVERIFY(errorOf([] { (void)CountMinSketch::forError(0, 0.1); }).contains("epsilon"));
    QVERIFY(errorOf([] { (void)CountMinSketch::forError(0.1, 1.0); }).contains("delta"));
    QVERIFY(errorOf([] { (void)CountMinSketch::forError(1e-9, 0.1); }).contains("2^26"));
    QVERIFY(errorOf([] { CountMinSketch s(0, 2); }).contains("width"));
    QVERIFY(errorOf([] { CountMinSketch s(10, 65); }).contains("depth"));
}

QTEST_GUILESS_MAIN(TestRetrieval)
#include "tst_retrieval.moc"
