// tst_perf_smoke: `bloomlab-cli perf` runs and its numbers are sane. Never a timing threshold:
// times are only required to exist (finite, > 0) where the operation exists and to be "n/a"
// where it does not.
//   - engine (in process, n = 20,000, both key kinds): every structure has its rows; no filter
//     misses an inserted key; batched and one-by-one answers agree (the engine throws otherwise);
//     each filter's measured false positives lie in the binomial acceptance band of its own
//     expected FPR (z = 4); the exact set has none; bits per key = 8 bytes / n and equal the
//     filter's own stats(); the key streams are distinct, deterministic and 30 bytes long;
//     the cuckoo fill stops at a real failure; the targets are all evaluated; CSV and Markdown
//     have their documented shape;
//   - CLI: `perf --quick --csv --chart --markdown` exits 0 with the header (CPU, compiler,
//     flags), the reference rows, a CSV with the documented columns, a valid PNG and the
//     Markdown section; bad options exit 2 with a message naming them.
#include <QtTest/QtTest>

#include "core/any_filter.h"
#include "core/bench/perf_engine.h"
#include "core/bench/perf_keys.h"
#include "core/bench/perf_report.h"
#include "core/blocked_bloom_filter.h"
#include "core/filter_math.h"
#include "core/hashing.h"
#include "core/morton_filter.h"
#include "core/prefetch_distance.h"
#include "test_support.h"

#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <set>
#include <string>

using namespace bloomlab;
using namespace bloomlab::bench;

namespace {

using Run = bloomlab::test::CliTextResult;
using test::runCliText;

Run runCli(const QStringList& args) { return runCliText(args); }

/// Splits one CSV line (fields may be quoted with "" escapes).
QStringList splitCsv(const QString& line) {
    QStringList fields;
    QString current;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                current += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                current += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields << current;
            current.clear();
        } else {
            current += c;
        }
    }
    fields << current;
    return fields;
}

bool finitePositive(double v) { return std::isfinite(v) && v > 0.0; }

const QStringList kRequiredColumns = {"structure", "n", "key_kind", "batched", "insert_ns",
                                      "lookup_pos_ns", "lookup_neg_ns", "bits_per_key", "fpr"};

/// One small run shared by the engine tests (about a second).
const PerfResult& smallRun() {
    static const PerfResult result = [] {
        PerfConfig config;
        config.sizes = {20'000};
        config.repeats = 2;
        config.maxQueries = 20'000;
        return runPerf(config, {}, std::stop_token{});
    }();
    return result;
}

} // namespace

class TestPerfSmoke : public QObject {
    Q_OBJECT

private slots:
    void keyStreams();
    void presentIdsArePermutation();
    void validation();
    void everyStructureHasItsRows();
    void cuckooLinesPerLookup();
    void timesExistExactlyWhereOperationsDo();
    void noFalseNegativesAndBinomialFpr();
    void bitsPerKeyMatchStructures();
    void cuckooFillStopsAtRealFailure();
    void hashCostAndTargets();
    void csvAndMarkdownShape();
    void cliQuickWritesEverything();
    void cliRejectsBadInput_data();
    void cliRejectsBadInput();
};

void TestPerfSmoke::keyStreams() {
    PerfKeys ints(PerfKeyKind::Integer, 7);
    PerfKeys strings(PerfKeyKind::String, 7);
    PerfKeys mixed(PerfKeyKind::Mixed, 7);
    std::set<std::string> seen;
    std::set<std::size_t> mixedLengths;
    for (const PerfIdSet& ids : {PerfIdSet::inserted(3000), PerfIdSet::absent()}) {
        for (PerfKeys* keys : {&ints, &strings, &mixed}) {
            const auto chunk = keys->fill(ids, 0, 3000);
            QCOMPARE(chunk.size(), std::size_t{3000});
            for (std::size_t i = 0; i < chunk.size(); ++i) {
                const std::string_view key = chunk[i];
                if (keys == &mixed) {
                    QVERIFY2(key.size() >= PerfKeys::kMixedMinBytes && key.size() <= PerfKeys::kMixedMaxBytes,
                             qPrintable(QString("mixed key of %1 bytes").arg(key.size())));
                    mixedLengths.insert(key.size());
                    QCOMPARE(chunk.batch[i], key);  // the KeyBatch holds the views' keys
                    if (i > 0) QVERIFY(key.data() == chunk[i - 1].data() + chunk[i - 1].size());
                } else {
                    QCOMPARE(key.size(), std::size_t{keys == &ints ? 8U : 30U});
                }
                QCOMPARE(std::string(key), keys->key(ids.id(i)));
                const char tag = keys == &ints ? 'i' : keys == &strings ? 's' : 'm';
                QVERIFY2(seen.insert(std::string(key) + tag).second, "keys must be distinct");
            }
        }
    }
    // Every length from 8 to 39 bytes occurs (6000 keys, 32 lengths).
    QCOMPARE(mixedLengths.size(), PerfKeys::kMixedMaxBytes - PerfKeys::kMixedMinBytes + 1);
    // Packed: the same key bytes as the string stream, back to back, and the KeyBatch of the chunk
    // holds exactly the views' keys.
    PerfKeys packed(PerfKeyKind::Packed, 7);
    const PerfChunk views = strings.fill(PerfIdSet::absent(), 100, 500);
    QVERIFY(!views.packed);
    const PerfChunk chunk = packed.fill(PerfIdSet::absent(), 100, 500);
    QVERIFY(chunk.packed);
    QCOMPARE(chunk.batch.size(), std::size_t{500});
    for (std::size_t i = 0; i < 500; ++i) {
        QCOMPARE(chunk[i], views[i]);
        QCOMPARE(chunk.batch[i], views[i]);
        if (i > 0) QVERIFY(chunk[i].data() == chunk[i - 1].data() + chunk[i - 1].size());  // contiguous
    }
    // Deterministic: the same id gives the same bytes in a fresh stream; another seed differs.
    PerfKeys again(PerfKeyKind::String, 7);
    QCOMPARE(again.key(12345), strings.key(12345));
    QVERIFY(PerfKeys(PerfKeyKind::String, 8).key(12345) != strings.key(12345));
    // The tag makes absent keys unique even when their head is shared.
    QVERIFY(strings.key(PerfKeys::kAbsentBase + 1) != strings.key(1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, PerfIdSet::inserted(0));
}

void TestPerfSmoke::presentIdsArePermutation() {
    for (const std::uint64_t n : {1000ULL, 1024ULL, 4099ULL}) {
        const PerfIdSet present = PerfIdSet::present(n, 42);
        std::set<std::uint64_t> ids;
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t id = present.id(i);
            QVERIFY(id < n);
            ids.insert(id);
        }
        QCOMPARE(ids.size(), std::size_t(n));  // every inserted key exactly once
        QVERIFY(present.id(0) != 0 || present.id(1) != 1);  // not the insertion order
        // A chunk's ids, walked one step at a time, equal id() at every start, across the
        // wrap at n (queries > n) and for every set; fill() writes those ids' keys.
        std::vector<std::uint64_t> walked(3 * n);
        for (const PerfIdSet& set : {present, PerfIdSet::inserted(n), PerfIdSet::absent()}) {
            for (const std::uint64_t begin : std::initializer_list<std::uint64_t>{0, 1, n - 1, n, 2 * n - 5, 7 * n + 3}) {
                set.ids(begin, walked.size(), walked.data());
                for (std::size_t i = 0; i < walked.size(); ++i) {
                    if (walked[i] != set.id(begin + i))
                        QFAIL(qPrintable(QString("n %1, start %2: id %3 walked %4, expected %5")
                                             .arg(n).arg(begin).arg(i).arg(walked[i]).arg(set.id(begin + i))));
                }
            }
        }
        PerfKeys keys(PerfKeyKind::Integer, 9);
        const PerfChunk chunk = keys.fill(present, n - 3, 100);
        for (std::size_t i = 0; i < chunk.size(); ++i) {
            QCOMPARE(std::string(chunk[i]), keys.key(present.id(n - 3 + i)));
        }
    }
}

void TestPerfSmoke::validation() {
    PerfConfig config;
    config.sizes = {10};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, validate(config));
    config = PerfConfig::quick();
    config.fpr = 1.5;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, validate(config));
    config = PerfConfig::quick();
    config.repeats = 0;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, validate(config));
    config = PerfConfig::quick();
    config.structures.clear();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, validate(config));
    QVERIFY(!parsePerfStructure("bogus"));
    for (const PerfStructure s : allPerfStructures()) QCOMPARE(*parsePerfStructure(perfStructureName(s)), s);
}

void TestPerfSmoke::everyStructureHasItsRows() {
    const PerfResult& r = smallRun();
    QVERIFY(!r.cancelled);
    QVERIFY(!r.host.cpu.empty());
    QVERIFY(!r.host.compiler.empty());
    for (const PerfStructure s : allPerfStructures()) {
        for (const PerfKeyKind kind :
             {PerfKeyKind::Integer, PerfKeyKind::String, PerfKeyKind::Packed, PerfKeyKind::Mixed}) {
            for (const bool batched : {false, true}) {
                const PerfRow* row = r.find(s, 20'000, kind, batched);
                if (s == PerfStructure::MemoryBound && kind != PerfKeyKind::Integer) {
                    QVERIFY2(row == nullptr, "memory_bound hashes nothing: measured once, integer stream");
                    continue;
                }
                QVERIFY2(row != nullptr, perfStructureName(s).data());
                QCOMPARE(row->runs.size(), std::size_t{2});
                QCOMPARE(row->queries, std::uint64_t{20'000});
            }
        }
    }
}

void TestPerfSmoke::cuckooLinesPerLookup() {
    // Two buckets per lookup; a 12-bit bucket (6 bytes, read as 8) crosses a cache line at 3 of
    // every 32 offsets, 8- and 16-bit buckets (4 and 8 bytes, aligned) never do.
    const PerfResult& r = smallRun();
    const auto geometry = [&](PerfStructure s) { return r.find(s, 20'000, PerfKeyKind::Integer, true)->geometry; };
    QVERIFY2(geometry(PerfStructure::Cuckoo12).find(", 2.19 cache lines per lookup") != std::string::npos,
             geometry(PerfStructure::Cuckoo12).c_str());
    QVERIFY2(geometry(PerfStructure::Cuckoo8).find(", 2 cache lines per lookup") != std::string::npos,
             geometry(PerfStructure::Cuckoo8).c_str());
    QVERIFY2(geometry(PerfStructure::Cuckoo16).find(", 2 cache lines per lookup") != std::string::npos,
             geometry(PerfStructure::Cuckoo16).c_str());
    QVERIFY(renderPerfText(r).find("cache lines per lookup)") != std::string::npos);  // in the cuckoo12 target line
    // ... beside the floor of reading two random lines per key at the table's size.
    QVERIFY(renderPerfText(r).find("x memory_bound; f=12, ") != std::string::npos);
    QVERIFY(renderPerfText(r).find(", two random lines per key at that size ") != std::string::npos);
    // The local layout counts its real placements: fewer lines than two independent buckets,
    // more than one (three groups in eight keep both buckets within 16; the others spread wider).
    const std::string local = geometry(PerfStructure::Cuckoo12Local);
    const std::size_t at = local.find(" cache lines per lookup");
    QVERIFY2(local.find("f=12, local layout, ") == 0 && at != std::string::npos, local.c_str());
    const double lines = std::stod(local.substr(local.rfind(", ", at) + 2));
    QVERIFY2(lines > 1.2 && lines < 2.1, local.c_str());
}

void TestPerfSmoke::timesExistExactlyWhereOperationsDo() {
    const PerfResult& r = smallRun();
    for (const PerfRow& row : r.rows) {
        const auto name = perfStructureName(row.structure);
        const bool hasBatchInsert = row.structure == PerfStructure::Classic || row.structure == PerfStructure::Blocked ||
                                    row.structure == PerfStructure::ClassicAtomic ||
                                    row.structure == PerfStructure::ClassicFast ||
                                    row.structure == PerfStructure::BlockedAtomic ||
                                    row.structure == PerfStructure::MemoryBound;
        const bool hasBatchLookup = hasBatchInsert || row.structure == PerfStructure::Cuckoo8 ||
                                    row.structure == PerfStructure::Cuckoo12 || row.structure == PerfStructure::Cuckoo16 ||
                                    row.structure == PerfStructure::Cuckoo12Local || row.structure == PerfStructure::Morton12;
        const bool insertExists = !row.batched || hasBatchInsert;
        const bool lookupExists = !row.batched || hasBatchLookup;
        for (const PerfTimes& t : row.runs) {
            QVERIFY2(finitePositive(t.insertNs) == insertExists, name.data());
            QVERIFY2(std::isnan(t.insertNs) == !insertExists, name.data());
            QVERIFY2(finitePositive(t.lookupPosNs) == lookupExists, name.data());
            QVERIFY2(finitePositive(t.lookupNegNs) == lookupExists, name.data());
        }
        QCOMPARE(finitePositive(row.median.lookupNegNs), lookupExists);
        QVERIFY(row.keptFraction > 0.0 && row.keptFraction <= 1.0);
        if (!isReference(row.structure)) QVERIFY2(finitePositive(row.floorNs), name.data());
        // The two-line floor: for the rows whose lookup reads two buckets, and only for them.
        const bool twoBuckets = row.structure == PerfStructure::Cuckoo8 || row.structure == PerfStructure::Cuckoo12 ||
                                row.structure == PerfStructure::Cuckoo16 || row.structure == PerfStructure::Cuckoo12Local;
        QVERIFY2(finitePositive(row.twoLineFloorNs) == twoBuckets, name.data());
        QVERIFY2(std::isnan(row.twoLineFloorNs) == !twoBuckets, name.data());
    }
}

void TestPerfSmoke::noFalseNegativesAndBinomialFpr() {
    const PerfResult& r = smallRun();
    for (const PerfRow& row : r.rows) {
        const auto name = perfStructureName(row.structure);
        if (row.structure == PerfStructure::MemoryBound) {
            QVERIFY(std::isnan(row.fpr));
            continue;
        }
        QCOMPARE(row.missedPresent, std::uint64_t{0});
        if (row.structure == PerfStructure::UnorderedSet) {
            QCOMPARE(row.falsePositives, std::uint64_t{0});
            QCOMPARE(row.fpr, 0.0);
            continue;
        }
        // Each filter against its own expected FPR (instance estimate from stats(), or theory for
        // libbloom's geometry), with the binomial band of z = 4.
        QVERIFY2(row.expectedFpr > 0.0 && row.expectedFpr < 1.0, name.data());
        const math::Interval band = math::binomialAcceptance(row.queries, row.expectedFpr, 4.0);
        const auto fp = static_cast<double>(row.falsePositives);
        QVERIFY2(fp >= band.low && fp <= band.high,
                 qPrintable(QStringLiteral("%1 (%2): %3 false positives, band [%4, %5]")
                                .arg(name.data())
                                .arg(perfKeyKindName(row.keyKind).data())
                                .arg(fp)
                                .arg(band.low)
                                .arg(band.high)));
        QCOMPARE(row.fpr, fp / static_cast<double>(row.queries));
        if (row.fpr > 0.0) QCOMPARE(row.bitsOverMinimum, row.bitsPerKey / std::log2(1.0 / row.fpr));
    }
}

void TestPerfSmoke::bitsPerKeyMatchStructures() {
    const PerfResult& r = smallRun();
    const std::uint64_t n = 20'000;
    const auto specFor = [&](FilterType type, unsigned f = 0) {
        FilterSpec spec;
        spec.type = type;
        spec.capacity = n;
        spec.fpr = r.config.fpr;
        spec.fingerprintBits = f;
        return spec;
    };
    const std::pair<PerfStructure, FilterSpec> filters[] = {
        {PerfStructure::Classic, specFor(FilterType::Classic)},
        {PerfStructure::Blocked, specFor(FilterType::Blocked)},
        {PerfStructure::ClassicAtomic, specFor(FilterType::Classic)},
        {PerfStructure::ClassicFast, [&] {
             FilterSpec spec = specFor(FilterType::Classic);
             spec.hashes = bloomlab::math::fewerProbesClassic(n, r.config.fpr).hashes;
             return spec;
         }()},
        {PerfStructure::BlockedAtomic, specFor(FilterType::Blocked)},
        {PerfStructure::Counting, specFor(FilterType::Counting)},
        {PerfStructure::Scalable, specFor(FilterType::Scalable)},
        {PerfStructure::Cuckoo8, specFor(FilterType::Cuckoo, 8)},
        {PerfStructure::Cuckoo12, specFor(FilterType::Cuckoo, 12)},
        {PerfStructure::Cuckoo16, specFor(FilterType::Cuckoo, 16)},
        {PerfStructure::Cuckoo12Local, [&] {
             FilterSpec spec = specFor(FilterType::Cuckoo, 12);
             spec.cuckooLayout = CuckooLayout::Local;
             return spec;
         }()}};
    for (const auto& [structure, spec] : filters) {
        const PerfRow* row = r.find(structure, n, PerfKeyKind::Integer, false);
        QVERIFY(row != nullptr);
        // Same bytes as the filter `build` makes for (n, p).
        QCOMPARE(row->bytes, AnyFilter::create(spec).stats().bytes);
        QCOMPARE(row->bitsPerKey, 8.0 * static_cast<double>(row->bytes) / static_cast<double>(n));
    }
    // memory_bound reads over a buffer the size of the blocked filter (whole 64-byte lines).
    const PerfRow* blocked = r.find(PerfStructure::Blocked, n, PerfKeyKind::Integer, false);
    const PerfRow* memory = r.find(PerfStructure::MemoryBound, n, PerfKeyKind::Integer, true);
    QVERIFY(blocked && memory);
    QCOMPARE(memory->bytes, blocked->bytes / 64 * 64);
    // The exact set costs more than any filter (heap measured where glibc reports it).
    const PerfRow* set = r.find(PerfStructure::UnorderedSet, n, PerfKeyKind::String, false);
    QVERIFY(set != nullptr);
    if (set->bytes != 0) QVERIFY(set->bitsPerKey > 30.0 * 8.0);  // at least the 30 key bytes
}

void TestPerfSmoke::cuckooFillStopsAtRealFailure() {
    const PerfResult& r = smallRun();
    QCOMPARE(r.cuckooFill.size(), std::size_t{5});  // cuckoo8, 12, 16, cuckoo12_local and morton12
    QCOMPARE(std::count_if(r.cuckooFill.begin(), r.cuckooFill.end(),
                           [](const CuckooFillResult& f) { return f.layout == CuckooLayout::Local && f.fingerprintBits == 12; }),
             std::ptrdiff_t{1});
    for (const CuckooFillResult& fill : r.cuckooFill) {
        if (fill.structure == PerfStructure::Morton12) {
            // The filter perf measures: the design-load table for n, filled far past its design load.
            QCOMPARE(fill.slotCount, MortonFilter::forCapacity(fill.n).numBlocks() * MortonFilter::kSlotsPerBlock);
            QVERIFY(fill.loadAtFirstStash >= 0.98 && fill.loadAtFirstStash <= fill.loadAtFirstFailure);
            QVERIFY(fill.loadAtFirstFailure <= 1.0);
            QVERIFY(fill.kicks > 0);
            continue;
        }
        QCOMPARE(fill.structure, fill.fingerprintBits == 8    ? PerfStructure::Cuckoo8
                                 : fill.fingerprintBits == 16 ? PerfStructure::Cuckoo16
                                 : fill.layout == CuckooLayout::Local ? PerfStructure::Cuckoo12Local
                                                                      : PerfStructure::Cuckoo12);
        FilterSpec spec;
        spec.type = FilterType::Cuckoo;
        spec.capacity = fill.n;
        spec.fpr = r.config.fpr;
        spec.fingerprintBits = fill.fingerprintBits;
        spec.cuckooLayout = fill.layout;
        const AnyFilter filter = AnyFilter::create(spec);
        QCOMPARE(fill.slotCount, filter.sizeInBits() / fill.fingerprintBits);
        // Filled until insert returned false, which happens only after a stash was needed.
        QVERIFY(std::isfinite(fill.loadAtFirstStash));
        QVERIFY(std::isfinite(fill.loadAtFirstFailure));
        QVERIFY(fill.loadAtFirstStash <= fill.loadAtFirstFailure);
        QVERIFY(fill.loadAtFirstFailure <= 1.0);
        QVERIFY(fill.loadAtFirstStash > 0.5);  // far past the load any table is sized for
        QVERIFY(fill.kicks > 0);
    }
}

void TestPerfSmoke::hashCostAndTargets() {
    const PerfResult& r = smallRun();
    QCOMPARE(r.hashCost.size(), std::size_t{3});
    for (const HashCostRow& h : r.hashCost) {
        QVERIFY(finitePositive(h.intNs));
        QVERIFY(finitePositive(h.stringNs));
    }
    // The prefetch distance probe: one per n, five distances, each timed, the fastest one of them.
    QCOMPARE(r.prefetchProbes.size(), std::size_t{1});
    const PrefetchProbe& probe = r.prefetchProbes.front();
    QCOMPARE(probe.nsByDistance.size(), std::size_t{5});
    double fastestNs = 1e300;
    for (const auto& [distance, ns] : probe.nsByDistance) {
        QVERIFY(finitePositive(ns));
        fastestNs = std::min(fastestNs, ns);
    }
    QVERIFY(std::any_of(probe.nsByDistance.begin(), probe.nsByDistance.end(),
                        [&](const auto& d) { return d.first == probe.fastest && d.second == fastestNs; }));
    QVERIFY(renderPerfText(r).find("prefetch distance probe") != std::string::npos);
    // Both prefetch levels at the distance used, each timed, and which one the rows took.
    for (const double ns : {probe.memoryL1Ns, probe.memoryL2Ns, probe.blockedL1Ns, probe.blockedL2Ns}) {
        QVERIFY(finitePositive(ns));
    }
    QCOMPARE(probe.level, choosePrefetchDistance(probe.bytes, BlockedBloomFilter::kBatchPrefetchDistances).level);
    QVERIFY(renderPerfText(r).find("prefetching into the L1 / the L2") != std::string::npos);
    const auto targets = evaluatePerfTargets(r);
    // 14 targets (2 of them cuckoo12_local's, 2 morton12's), and the 4 classic lines again for
    // classic_fast (named with its geometry).
    QCOMPARE(targets.size(), std::size_t{18});
    for (const char* name : {"cuckoo12_local batched lookup <= 1.5x memory_bound (batched)",
                             "cuckoo12_local fills to >= 94% load before the first failed insert",
                             "morton12 batched lookup <= 1.5x memory_bound (batched)",
                             "morton12 fills to >= 94% load before the first failed insert"}) {
        QVERIFY2(std::any_of(targets.begin(), targets.end(), [&](const PerfTarget& t) { return t.name.find(name) == 0; }),
                 name);
    }
    std::size_t fastLines = 0;
    for (const PerfTarget& t : targets) {
        if (t.name.rfind("classic_fast ", 0) != 0) continue;
        ++fastLines;
        QVERIFY2(t.measured.find("; m=") != std::string::npos && t.measured.find(", k=4, 10.52 bits/key") != std::string::npos, t.measured.c_str());
    }
    QCOMPARE(fastLines, std::size_t{4});
    PerfResult withoutFast = r;
    std::erase_if(withoutFast.rows, [](const PerfRow& row) { return row.structure == PerfStructure::ClassicFast; });
    QCOMPARE(evaluatePerfTargets(withoutFast).size(), std::size_t{14});
    // Without cuckoo12_local or morton12 their two lines each are left out (the other runs'
    // target lists).
    PerfResult withoutLocal = withoutFast;
    std::erase_if(withoutLocal.rows, [](const PerfRow& row) { return row.structure == PerfStructure::Cuckoo12Local; });
    std::erase_if(withoutLocal.cuckooFill, [](const CuckooFillResult& f) { return f.structure == PerfStructure::Cuckoo12Local; });
    QCOMPARE(evaluatePerfTargets(withoutLocal).size(), std::size_t{12});
    std::erase_if(withoutLocal.rows, [](const PerfRow& row) { return row.structure == PerfStructure::Morton12; });
    std::erase_if(withoutLocal.cuckooFill, [](const CuckooFillResult& f) { return f.structure == PerfStructure::Morton12; });
    QCOMPARE(evaluatePerfTargets(withoutLocal).size(), std::size_t{10});
    // The packed-keys line needs the integer and packed rows; without them it says so.
    // It takes the paired probe when there is one (one per n: integer, string_views and packed
    // keys timed back to back in each of 2 x repeats + 1 rounds), else the table's rows.
    QCOMPARE(r.stringKeyProbes.size(), std::size_t{1});
    const StringKeyProbe& paired = r.stringKeyProbes.front();
    QCOMPARE(paired.n, std::uint64_t{20'000});
    QCOMPARE(paired.rounds, std::uint32_t{5});
    for (const double ns : {paired.intNs, paired.viewsNs, paired.packedNs}) QVERIFY(finitePositive(ns));
    QVERIFY(std::isfinite(paired.viewsMinusIntNs) && std::isfinite(paired.packedMinusIntNs));
    QVERIFY(renderPerfText(r).find("string keys against integer keys, paired") != std::string::npos);
    QVERIFY(renderPerfMarkdown(r, "", "perf").find("String keys against integer keys, paired") != std::string::npos);
    const auto packedLine = [](const std::vector<PerfTarget>& all) {
        return *std::find_if(all.begin(), all.end(), [](const PerfTarget& t) { return t.name.find("packed string keys") == 0; });
    };
    QCOMPARE(packedLine(targets).value, paired.packedMinusIntNs);
    QVERIFY(packedLine(targets).measured.find("paired rounds") != std::string::npos);
    QVERIFY(packedLine(targets).measured.find("the table's separate rows") != std::string::npos);
    // The mixed-length rows are reported beside it (no target of their own), with their difference.
    const PerfRow* mixedBlocked = r.find(PerfStructure::Blocked, 20'000, PerfKeyKind::Mixed, true);
    QVERIFY(mixedBlocked != nullptr);
    QVERIFY(packedLine(targets).measured.find("mixed-length keys (rows, no target)") != std::string::npos);
    PerfResult withoutProbe = r;
    withoutProbe.stringKeyProbes.clear();
    const PerfRow* intBlocked = r.find(PerfStructure::Blocked, 20'000, PerfKeyKind::Integer, true);
    const PerfRow* packedBlocked = r.find(PerfStructure::Blocked, 20'000, PerfKeyKind::Packed, true);
    QCOMPARE(packedLine(evaluatePerfTargets(withoutProbe)).value, packedBlocked->lookupNs() - intBlocked->lookupNs());
    QVERIFY(packedLine(evaluatePerfTargets(withoutProbe)).measured.find("string_views") != std::string::npos);
    // Neither the probe nor the rows: not evaluated, and it says what is missing.
    PerfResult withoutPacked = withoutProbe;
    std::erase_if(withoutPacked.rows, [](const PerfRow& row) { return row.keyKind == PerfKeyKind::Packed; });
    QVERIFY(!packedLine(evaluatePerfTargets(withoutPacked)).evaluated);
    // The probe runs only where its target can be read: integer and packed keys and the blocked
    // filter all measured.
    const auto probesOf = [](std::vector<PerfKeyKind> kinds, std::vector<PerfStructure> structures) {
        PerfConfig config;
        config.sizes = {2'000};
        config.repeats = 1;
        config.maxQueries = 2'000;
        config.keyKinds = std::move(kinds);
        config.structures = std::move(structures);
        config.cuckooFill = false;
        config.hashCost = false;
        config.ownFloor = false;
        config.prefetchProbe = false;
        return runPerf(config, {}, std::stop_token{}).stringKeyProbes.size();
    };
    QCOMPARE(probesOf({PerfKeyKind::Integer, PerfKeyKind::Packed}, {PerfStructure::Blocked}), std::size_t{1});
    QCOMPARE(probesOf({PerfKeyKind::Integer, PerfKeyKind::String}, {PerfStructure::Blocked}), std::size_t{0});
    QCOMPARE(probesOf({PerfKeyKind::Integer, PerfKeyKind::Packed}, {PerfStructure::Classic}), std::size_t{0});
    for (const PerfTarget& t : targets) {
        QVERIFY2(t.evaluated, t.name.c_str());
        QVERIFY2(std::isfinite(t.value), t.name.c_str());
        QCOMPARE(t.pass, t.atLeast ? t.value >= t.limit : t.value <= t.limit);
        QVERIFY2(t.name.find("not 10M") != std::string::npos, "a small run must say its targets are indicative");
    }
    // The one-key classic target in the caches: a run with 1M beside the 10M target size gets
    // two more lines, computed from the 1M rows (here copies of this run's rows; the 10M copy of
    // the classic one-key lookup is made four times slower, so the two sizes' lines differ).
    PerfResult twoSizes = r;
    twoSizes.rows.clear();
    for (PerfRow copy : r.rows) {
        copy.n = 1'000'000;
        twoSizes.rows.push_back(copy);
        copy.n = 10'000'000;
        if (copy.structure == PerfStructure::Classic && !copy.batched) copy.median.lookupPosNs *= 4;
        twoSizes.rows.push_back(copy);
    }
    const auto withInCache = evaluatePerfTargets(twoSizes);
    QCOMPARE(withInCache.size(), targets.size() + 2);
    const PerfRow* lib = r.find(PerfStructure::Libbloom, 20'000, PerfKeyKind::Integer, false);
    const PerfRow* classicOne = r.find(PerfStructure::Classic, 20'000, PerfKeyKind::Integer, false);
    QVERIFY(lib != nullptr && classicOne != nullptr);
    std::size_t inCacheLines = 0;
    for (const PerfTarget& t : withInCache) {
        if (t.name.find("[at n = 1,000,000: the filter in the caches]") == std::string::npos) continue;
        ++inCacheLines;
        QVERIFY2(t.name.find("(one key per call)") != std::string::npos, t.name.c_str());
        QVERIFY(t.evaluated);
        QCOMPARE(t.pass, t.value >= 2.0);
        const double expected =
            t.name.find("insert") != std::string::npos
                ? lib->median.insertNs / classicOne->median.insertNs
                : std::min(lib->median.lookupPosNs / classicOne->median.lookupPosNs,
                           lib->median.lookupNegNs / classicOne->median.lookupNegNs);
        QVERIFY2(std::abs(t.value - expected) <= 1e-9 * expected, t.measured.c_str());
    }
    QCOMPARE(inCacheLines, std::size_t{2});
    // Only when 1M was measured beside a larger size: a 1M-only run has no extra lines.
    PerfResult onlyMillion = twoSizes;
    std::erase_if(onlyMillion.rows, [](const PerfRow& row) { return row.n != 1'000'000; });
    QCOMPARE(evaluatePerfTargets(onlyMillion).size(), targets.size());
    QCOMPARE(perfTargetSize(r), std::uint64_t{20'000});
    QCOMPARE(perfTargetSizes(r), std::vector<std::uint64_t>{20'000});  // one size: nothing beyond it
    QCOMPARE(evaluatePerfTargets(r, 20'000).size(), targets.size());
    QVERIFY(evaluatePerfTargets(r, 0).empty());
    // A 20k-key filter fits in any L3: when the host reports one, the targets say so.
    if (r.host.l3Bytes > 0) {
        QVERIFY(cacheNote(r, 20'000).find("L3 cache") != std::string::npos);
    }
    PerfResult noCache = r;
    noCache.host.l3Bytes = 0;
    QVERIFY(cacheNote(noCache, 20'000).empty());
}

void TestPerfSmoke::csvAndMarkdownShape() {
    const PerfResult& r = smallRun();
    const QStringList lines = QString::fromStdString(renderPerfCsv(r)).split('\n', Qt::SkipEmptyParts);
    const QStringList header = lines.front().split(',');
    for (int i = 0; i < kRequiredColumns.size(); ++i) QCOMPARE(header[i], kRequiredColumns[i]);
    QCOMPARE(lines.size(), 1 + static_cast<int>(r.rows.size() * (1 + r.config.repeats)));
    std::set<QString> structures;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList fields = splitCsv(lines[i]);
        QCOMPARE(fields.size(), header.size());
        structures.insert(fields[0]);
        for (int c = 4; c <= 8; ++c) {  // times, bits/key, fpr: a number or "n/a"
            bool ok = false;
            fields[c].toDouble(&ok);
            QVERIFY2(ok || fields[c] == "n/a", qPrintable(lines[i]));
        }
    }
    for (const char* reference : {"libbloom", "unordered_set", "memory_bound"}) QVERIFY(structures.count(reference));

    const std::string md = renderPerfMarkdown(r, "report-assets/perf.png", "bloomlab-cli perf -n 20000");
    QVERIFY(md.rfind("## Filter performance", 0) == 0);
    QVERIFY(md.find("![Lookup time against bits per key](report-assets/perf.png)") != std::string::npos);
    QVERIFY(md.find(r.host.cpu) != std::string::npos);
    std::size_t verdicts = 0;
    for (std::size_t at = 0; (at = md.find("**PASS**", at)) != std::string::npos; ++at) ++verdicts;
    for (std::size_t at = 0; (at = md.find("**FAIL**", at)) != std::string::npos; ++at) ++verdicts;
    QCOMPARE(verdicts, std::size_t{18});
    // Which code paths ran (AVX-512 on or off, and why), in the report's host line and the text header.
    QVERIFY(md.find(r.host.avx512Hash ? "code paths: AVX-512 on" : "code paths: AVX-512 off") != std::string::npos);
    QVERIFY(renderPerfText(r).find("code paths: AVX-512 ") != std::string::npos);
    // ... and which batched hashing ran for each hash function.
    const std::string xxh64 = r.host.hashXxh64 == HashBatchPath::Avx2
                                  ? "AVX2 for 8-byte keys (four per vector, placed in the same vectors) and runs of "
                                    "strings of one length from 4 to 31 bytes, scalar for other strings"
                                  : std::string(hashBatchPathName(r.host.hashXxh64)) + " for 8-byte keys and strings";
    const std::string hashing = "batched hashing: XXH64 (blocked) " + xxh64 + ", XXH3-128 (8-byte keys) " +
                                hashBatchPathName(r.host.hashXxh3);
    QVERIFY(renderPerfText(r).find(hashing) != std::string::npos);
    QVERIFY(md.find(hashing) != std::string::npos);
    QVERIFY(r.host.hashXxh64 == hashBatchPath(HashAlgorithm::Xxh64));
    QVERIFY(r.host.hashXxh3 == hashBatchPath(HashAlgorithm::Xxh3_128));
    QVERIFY(md.find("One key per call: in a classic filter larger than the caches") != std::string::npos);

    const PerfChartData chart = perfChartData(r, 20'000);
    QCOMPARE(chart.series.size(), std::size_t{11});  // ten filter rows (classic_fast, cuckoo12_local, morton12 too) and libbloom
    QVERIFY(finitePositive(chart.floorNs));
}

void TestPerfSmoke::cliQuickWritesEverything() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("perf.csv");
    const QString png = dir.filePath("perf.png");
    const QString md = dir.filePath("perf.md");
    const Run run = runCli({"perf", "--quick", "--keys", "int", "--csv", csv, "--chart", png, "--markdown", md});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.out.contains("bloomlab perf: "));
    QVERIFY(run.out.contains("compiler: "));
    QVERIFY(run.out.contains("flags: "));
    for (const char* name : {"classic", "blocked", "counting", "scalable", "cuckoo8", "cuckoo12", "cuckoo16",
                             "cuckoo12_local", "libbloom", "unordered_set", "memory_bound"})
        QVERIFY2(run.out.contains(QString("\n") + name + " "), name);
    QVERIFY(run.out.contains("performance targets (n = "));
    QVERIFY(run.out.contains("n/a"));  // counting has no batched API

    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csvFile.readAll()).split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 20);
    for (int i = 0; i < kRequiredColumns.size(); ++i) QCOMPARE(lines.front().split(',')[i], kRequiredColumns[i]);

    QFile image(png);
    QVERIFY(image.open(QIODevice::ReadOnly));
    QVERIFY(image.read(8) == QByteArray("\x89PNG\r\n\x1a\n", 8));

    QFile markdown(md);
    QVERIFY(markdown.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(markdown.readAll());
    QVERIFY(text.startsWith("## Filter performance"));
    QVERIFY(text.contains(png));  // the chart link defaults to the --chart path
    QVERIFY(text.contains("bloomlab-cli perf --quick"));
}

void TestPerfSmoke::cliRejectsBadInput_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("repeats 0") << QStringList{"--repeats", "0"} << "--repeats";
    QTest::newRow("unknown structure") << QStringList{"--structures", "classic,bogus"} << "bogus";
    QTest::newRow("chart extension") << QStringList{"--chart", "x.gif"} << "--chart";
    QTest::newRow("p out of range") << QStringList{"-p", "1.5"} << "-p";
    QTest::newRow("keys") << QStringList{"--keys", "floats"} << "--keys";
    QTest::newRow("keys in a list") << QStringList{"--keys", "int,floats"} << "unknown key kind 'floats'";
    QTest::newRow("keys twice") << QStringList{"--keys", "int,both"} << "names a key kind twice";
    QTest::newRow("keys empty entry") << QStringList{"--keys", "int,,packed"} << "empty entry";
    QTest::newRow("tiny n") << QStringList{"-n", "10"} << "n must be";
    // A repeated entry would measure the same rows twice (spelled differently, too).
    QTest::newRow("size twice") << QStringList{"-n", "1M,200k,1e6"} << "n = 1000000 is given twice";
    QTest::newRow("structure twice") << QStringList{"--structures", "classic,blocked,classic"}
                                     << "structure 'classic' is given twice";
    QTest::newRow("unknown option") << QStringList{"--fast"} << "--fast";
}

void TestPerfSmoke::cliRejectsBadInput() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runCli(QStringList{"perf"} + args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestPerfSmoke)
#include "tst_perf_smoke.moc"
