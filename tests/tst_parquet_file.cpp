// Tests for the Parquet footer reader (core/parquet_file), the plain-encoded values
// (core/parquet_value) and the sizing analysis (core/parquet_bloom_analysis), on files written
// by independent writers (tests/data/parquet: parquet-java, parquet-rs, DuckDB):
//   - every value of every column chunk answers "maybe" (no false negative);
//   - every probe answer DuckDB recorded (parquet_bloom_probe, present and absent values) is
//     reproduced exactly, false positives included;
//   - the footer's row counts, types, paths and distinct counts are the writer's; the distinct
//     count estimated from the fill is near the true one;
//   - the parquet-testing filters are found with and without bloom_filter_length;
//   - every truncation, bit flips and absurd lengths, offsets, list sizes and nesting depths
//     give a ParquetFormatError (never another exception, never a crash); encrypted files are
//     refused by name.
// moc (Qt 6.4) cannot parse libstdc++'s C++20 headers (<concepts>); it needs none of these.
#ifndef Q_MOC_RUN
#include "core/blocked_bloom_filter.h"
#include "core/filter_io.h"
#include "core/filter_math.h"
#include "core/parquet_bloom_analysis.h"
#include "core/parquet_file.h"
#include "core/parquet_value.h"
#endif

#include <QtTest>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace bloomlab;
using Bytes = std::vector<std::uint8_t>;

namespace {

const fs::path kData = fs::path(BLOOMLAB_SOURCE_DIR) / "tests" / "data" / "parquet";
const char* const kParquetJavaFiles[] = {"data_index_bloom_encoding_stats.parquet",
                                         "data_index_bloom_encoding_with_length.parquet"};
const char* const kDuckdbFiles[] = {"duckdb_types.parquet", "duckdb_wide_filter.parquet"};
const char* const kParquetJavaValues[] = {"Hello", "This is", "a",     "test",      "How",
                                          "are you", "doing ", "today", "the quick", "brown fox",
                                          "jumps", "over",    "the lazy", "dog"};

Bytes readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), {});
}

/// Rows of a tab-separated file, without its header line.
std::vector<std::vector<std::string>> readTsv(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (header) {
            header = false;
            continue;
        }
        std::vector<std::string> cells;
        std::size_t start = 0;
        for (;;) {
            const std::size_t tab = line.find('\t', start);
            cells.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos) break;
            start = tab + 1;
        }
        rows.push_back(std::move(cells));
    }
    return rows;
}

fs::path sidecar(const char* parquet, const char* kind) {
    std::string stem = parquet;
    stem.resize(stem.size() - std::string(".parquet").size());
    return kData / (stem + "." + kind + ".tsv");
}

/// Bloom filters of a file, read once per (row group, column).
class Filters {
public:
    explicit Filters(const ParquetFile& file) : m_file(file) {}
    const BlockedBloomFilter& get(std::size_t rowGroup, std::size_t column) {
        auto it = m_cache.find({rowGroup, column});
        if (it == m_cache.end()) it = m_cache.emplace(std::pair{rowGroup, column}, m_file.readBloomFilter(rowGroup, column)).first;
        return it->second;
    }

private:
    const ParquetFile& m_file;
    std::map<std::pair<std::size_t, std::size_t>, BlockedBloomFilter> m_cache;
};

std::size_t columnIndex(const ParquetFile& file, const std::string& name) {
    const auto index = file.findColumn(name);
    if (!index) throw std::runtime_error("fixture column " + name + " not found in " + file.name());
    return *index;
}

/// Everything a reader does with a file: the footer, every chunk's filter, one lookup each.
/// Only ParquetFormatError may escape; returns whether the footer parsed.
bool exercise(const Bytes& bytes, std::string* firstError = nullptr) {
    try {
        const ParquetFile file = ParquetFile::fromBytes(bytes, "damaged.parquet");
        for (const auto& group : file.rowGroups()) {
            for (const auto& chunk : group.columns) {
                if (!chunk.hasBloomFilter()) continue;
                try {
                    const BlockedBloomFilter f = file.readBloomFilter(chunk.rowGroup, chunk.column);
                    (void)f.mightContain("probe");
                    (void)analyzeParquetBloomFilter(f, chunk.distinctCount);
                } catch (const ParquetFormatError& e) {
                    if (firstError && firstError->empty()) *firstError = e.what();
                }
            }
        }
        return true;
    } catch (const ParquetFormatError& e) {
        if (firstError && firstError->empty()) *firstError = e.what();
        return false;
    }
}

// ---- A small Thrift compact writer for hand-made footers --------------------------------------
class ThriftOut {
public:
    Bytes bytes;
    void varint(std::uint64_t v) {
        while (v >= 0x80) {
            bytes.push_back(static_cast<std::uint8_t>(v | 0x80));
            v >>= 7;
        }
        bytes.push_back(static_cast<std::uint8_t>(v));
    }
    void zigzag(std::int64_t v) { varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63)); }
    void field(std::int16_t& last, std::int16_t id, std::uint8_t type) {
        const int delta = id - last;
        if (delta >= 1 && delta <= 15) {
            bytes.push_back(static_cast<std::uint8_t>(delta << 4 | type));
        } else {
            bytes.push_back(type);
            zigzag(id);
        }
        last = id;
    }
    void binary(std::string_view s) {
        varint(s.size());
        bytes.insert(bytes.end(), s.begin(), s.end());
    }
    void list(std::uint8_t elementType, std::uint64_t size) {
        if (size < 15) {
            bytes.push_back(static_cast<std::uint8_t>(size << 4 | elementType));
        } else {
            bytes.push_back(static_cast<std::uint8_t>(0xf0 | elementType));
            varint(size);
        }
    }
    void stop() { bytes.push_back(0); }
};

/// A hand-made file: one BYTE_ARRAY column "c", one row group of `values` values, `blob` at
/// byte 4 and the chunk's bloom_filter_offset / length as given. `extra` is spliced into
/// FileMetaData as field 20 (an unknown field a reader must skip) when not empty.
struct Synthetic {
    Bytes blob;
    std::optional<std::int64_t> offset = 4;
    std::optional<std::int32_t> length;
    std::optional<std::int64_t> schemaListSize;  // claimed size of the schema list
    Bytes unknownField;                          // type byte + value of field 20, raw
    bool encryptionAlgorithm = false;
};

Bytes makeFile(const Synthetic& s) {
    ThriftOut t;
    std::int16_t last = 0;
    t.field(last, 1, 5);  // version
    t.zigzag(1);
    t.field(last, 2, 9);  // schema
    t.list(12, s.schemaListSize ? static_cast<std::uint64_t>(*s.schemaListSize) : 2);
    {  // root
        std::int16_t l = 0;
        t.field(l, 4, 8);
        t.binary("schema");
        t.field(l, 5, 5);
        t.zigzag(1);
        t.stop();
    }
    {  // leaf
        std::int16_t l = 0;
        t.field(l, 1, 5);
        t.zigzag(6);
        t.field(l, 4, 8);
        t.binary("c");
        t.stop();
    }
    t.field(last, 3, 6);  // num_rows
    t.zigzag(10);
    t.field(last, 4, 9);  // row_groups
    t.list(12, 1);
    {
        std::int16_t lg = 0;
        t.field(lg, 1, 9);
        t.list(12, 1);
        {
            std::int16_t lc = 0;
            t.field(lc, 2, 6);  // file_offset
            t.zigzag(4);
            t.field(lc, 3, 12);  // meta_data
            {
                std::int16_t lm = 0;
                t.field(lm, 1, 5);
                t.zigzag(6);
                t.field(lm, 3, 9);
                t.list(8, 1);
                t.binary("c");
                t.field(lm, 5, 6);
                t.zigzag(10);
                if (s.offset) {
                    t.field(lm, 14, 6);
                    t.zigzag(*s.offset);
                }
                if (s.length) {
                    t.field(lm, 15, 5);
                    t.zigzag(*s.length);
                }
                t.stop();
            }
            t.stop();
        }
        t.field(lg, 3, 6);
        t.zigzag(10);
        t.stop();
    }
    if (s.encryptionAlgorithm) {
        t.field(last, 8, 12);
        t.stop();
    }
    if (!s.unknownField.empty()) {
        t.bytes.push_back(0);  // long form: type in the low nibble, set below
        t.bytes.back() = s.unknownField.front();
        t.zigzag(20);
        last = 20;
        t.bytes.insert(t.bytes.end(), s.unknownField.begin() + 1, s.unknownField.end());
    }
    t.stop();
    // Sized first: GCC 12 -O3 warns (-Wstringop-overread, wrongly) when a four-byte vector grows
    // by a range insert.
    Bytes file;
    file.reserve(4 + s.blob.size() + t.bytes.size() + 8);
    for (const char c : {'P', 'A', 'R', '1'}) file.push_back(static_cast<std::uint8_t>(c));
    file.insert(file.end(), s.blob.begin(), s.blob.end());
    file.insert(file.end(), t.bytes.begin(), t.bytes.end());
    const auto n = static_cast<std::uint32_t>(t.bytes.size());
    for (int i = 0; i < 4; ++i) file.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
    file.insert(file.end(), {'P', 'A', 'R', '1'});
    return file;
}

Bytes sampleBlob() {
    BlockedBloomFilter f(4);
    f.insert("x");
    return exportParquetBloomFilter(f);
}

std::string errorOf(const Bytes& bytes) {
    try {
        const ParquetFile file = ParquetFile::fromBytes(bytes, "made.parquet");
        if (!file.rowGroups().empty() && !file.rowGroups()[0].columns.empty() && file.rowGroups()[0].columns[0].hasBloomFilter())
            (void)file.readBloomFilter(0, 0);
    } catch (const ParquetFormatError& e) {
        return e.what();
    }
    return {};
}

std::string hex(std::string_view bytes) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned char c : bytes) {
        out += digits[c >> 4];
        out += digits[c & 15];
    }
    return out;
}

} // namespace

class TestParquetFile : public QObject {
    Q_OBJECT

  private slots:
    void parquetJavaFilterWithAndWithoutLength() {
        for (const char* name : kParquetJavaFiles) {
            const ParquetFile file = ParquetFile::open(kData / name);
            QCOMPARE(file.columns().size(), std::size_t{1});
            QCOMPARE(file.columns()[0].dottedPath(), std::string("String"));
            QCOMPARE(file.columns()[0].type, ParquetPhysicalType::ByteArray);
            QCOMPARE(file.rowGroups().size(), std::size_t{1});
            QCOMPARE(file.numRows(), std::int64_t{14});
            const ParquetColumnChunk& chunk = file.chunk(0, 0);
            QVERIFY(chunk.hasBloomFilter());
            const bool withLength = std::string(name).find("with_length") != std::string::npos;
            QCOMPARE(chunk.bloomFilterLength.has_value(), withLength);
            QCOMPARE(*chunk.bloomFilterOffset, std::int64_t{withLength ? 253 : 192});
            if (withLength) QCOMPARE(*chunk.bloomFilterLength, std::int32_t{2064});
            const BlockedBloomFilter filter = file.readBloomFilter(0, 0);
            // The header is 16 bytes: 1024 bitset bytes without the length, 2048 with it.
            QCOMPARE(filter.numBlocks() * 32, std::uint64_t{withLength ? 2048u : 1024u});
            for (const char* v : kParquetJavaValues)
                QVERIFY2(filter.mightContain(parquetPlainValue(v, file.columns()[0])), v);
            // Absent values: "maybe" about as often as the bitset's own FPR says.
            const ParquetBloomAnalysis a = analyzeParquetBloomFilter(filter, chunk.distinctCount);
            constexpr std::uint64_t kAbsent = 20000;
            std::uint64_t maybe = 0;
            for (std::uint64_t i = 0; i < kAbsent; ++i) maybe += filter.mightContain("absent-" + std::to_string(i));
            const math::Interval ok = math::binomialAcceptance(kAbsent, a.fprFromBits);
            QVERIFY2(maybe >= ok.low && maybe <= ok.high, qPrintable(QString::number(maybe)));
            QVERIFY(std::abs(a.estimatedDistinct - 14.0) <= 3.0);
            QCOMPARE(a.verdict, ParquetBloomAnalysis::Verdict::Oversized);  // 2 KiB for 14 values
        }
        // parquet-java's blob alone: the importer the reader calls answers for its four strings.
        const BlockedBloomFilter blobFilter = importParquetBloomFilter(readAll(kData / "bloom_filter.xxhash.bin"));
        QCOMPARE(blobFilter.numBlocks(), std::uint64_t{32});
        for (const char* v : {"hello", "parquet", "bloom", "filter"}) QVERIFY2(blobFilter.mightContain(v), v);
        // The file without bloom_filter_length reads the same filter as the blob does when the
        // header's length is taken from the header itself.
        const ParquetFile a = ParquetFile::open(kData / kParquetJavaFiles[0]);
        const Bytes bytes = readAll(kData / kParquetJavaFiles[0]);
        const Bytes blob(bytes.begin() + 192, bytes.begin() + 192 + 1040);
        QVERIFY(a.readBloomFilter(0, 0).bitsetBytes() == importParquetBloomFilter(blob).bitsetBytes());
    }

    void duckdbSchemaAndCounts() {
        const ParquetFile file = ParquetFile::open(kData / "duckdb_types.parquet");
        QVERIFY(file.createdBy().find("DuckDB") != std::string::npos);
        const std::pair<const char*, ParquetPhysicalType> expected[] = {
            {"s", ParquetPhysicalType::ByteArray}, {"n", ParquetPhysicalType::Int64},
            {"d", ParquetPhysicalType::Double},    {"small", ParquetPhysicalType::Int32},
            {"st.a", ParquetPhysicalType::ByteArray}, {"st.b", ParquetPhysicalType::Int32}};
        QCOMPARE(file.columns().size(), std::size_t{6});
        for (std::size_t i = 0; i < 6; ++i) {
            QCOMPARE(file.columns()[i].dottedPath(), std::string(expected[i].first));
            QCOMPARE(file.columns()[i].type, expected[i].second);
        }
        QCOMPARE(file.columns()[4].path, (std::vector<std::string>{"st", "a"}));
        QCOMPARE(file.findColumn("st.a"), std::optional<std::size_t>{4});
        QCOMPARE(file.findColumn("a"), std::optional<std::size_t>{4});  // unique leaf name
        QCOMPARE(file.findColumn("zz"), std::optional<std::size_t>{});
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, (void)file.chunk(3, 0));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, (void)file.chunk(0, 6));

        for (const char* name : kDuckdbFiles) {
            const ParquetFile f = ParquetFile::open(kData / name);
            Filters filters(f);
            int rowsChecked = 0;
            for (const auto& row : readTsv(sidecar(name, "distinct"))) {
                const std::size_t col = columnIndex(f, row[0]);
                const std::size_t group = std::stoul(row[1]);
                const std::int64_t rows = std::stoll(row[2]);
                const std::int64_t distinct = std::stoll(row[3]);
                const ParquetColumnChunk& chunk = f.chunk(group, col);
                QCOMPARE(f.rowGroups()[group].numRows, rows);
                QCOMPARE(chunk.numValues, rows);  // flat columns: one value (or null) per row
                QCOMPARE(chunk.distinctCount, std::optional<std::int64_t>{distinct});
                QVERIFY(chunk.hasBloomFilter());
                QVERIFY(chunk.bloomFilterLength.has_value());
                const ParquetBloomAnalysis a = analyzeParquetBloomFilter(filters.get(group, col), chunk.distinctCount);
                // The Swamidass-Baldi estimate from 256 B bits: within 20% (+2 for tiny counts).
                const double tolerance = 0.2 * static_cast<double>(distinct) + 2.0;
                QVERIFY2(std::abs(a.estimatedDistinct - static_cast<double>(distinct)) <= tolerance,
                         qPrintable(QString("%1 %2 row group %3: estimated %4, true %5")
                                        .arg(name, row[0].c_str()).arg(group).arg(a.estimatedDistinct).arg(distinct)));
                QVERIFY(a.fillRatio > 0.0 && a.fillRatio < 1.0);
                QVERIFY(!a.verdictText.empty());
                QVERIFY(a.fprNow > 0.0 && a.fprNow < 1.0);
                ++rowsChecked;
            }
            QVERIFY(rowsChecked >= 4);
        }
    }

    void duckdbEveryValueAnswersMaybe() {
        for (const char* name : kDuckdbFiles) {
            const ParquetFile file = ParquetFile::open(kData / name);
            Filters filters(file);
            std::size_t checked = 0, falseNegatives = 0;
            std::string first;
            for (const auto& row : readTsv(sidecar(name, "values"))) {
                const std::size_t col = columnIndex(file, row[0]);
                const std::size_t group = std::stoul(row[1]);
                const std::string key = parquetPlainValue(row[2], file.columns()[col]);
                ++checked;
                if (!filters.get(group, col).mightContain(key)) {
                    ++falseNegatives;
                    if (first.empty()) first = row[0] + " row group " + row[1] + ": " + row[2];
                }
            }
            QVERIFY2(falseNegatives == 0, qPrintable(QString("%1: %2 of %3 false negatives, first %4")
                                                         .arg(name).arg(falseNegatives).arg(checked).arg(first.c_str())));
            QVERIFY(checked >= 1000);
        }
    }

    void duckdbProbeAnswersReproduced() {
        for (const char* name : kDuckdbFiles) {
            const ParquetFile file = ParquetFile::open(kData / name);
            Filters filters(file);
            std::size_t answers = 0, mismatches = 0, absentMaybe = 0;
            std::string first;
            for (const auto& row : readTsv(sidecar(name, "probes"))) {
                const std::size_t col = columnIndex(file, row[0]);
                const std::string key = parquetPlainValue(row[1], file.columns()[col]);
                QCOMPARE(row[2].size(), file.rowGroups().size());
                for (std::size_t g = 0; g < row[2].size(); ++g) {
                    const bool excludes = !filters.get(g, col).mightContain(key);
                    const bool duckdbExcludes = row[2][g] == '1';
                    ++answers;
                    if (excludes != duckdbExcludes) {
                        ++mismatches;
                        if (first.empty()) first = row[0] + " '" + row[1] + "' row group " + std::to_string(g);
                    }
                }
                // Values the generator made absent from the whole file that DuckDB's filter did
                // not exclude somewhere: false positives, the answers a wrong hash misses.
                if (row[1].rfind("town-", 0) == 0 || row[1].rfind("k-absent-", 0) == 0)
                    absentMaybe += row[2].find('0') != std::string::npos;
            }
            QVERIFY2(mismatches == 0, qPrintable(QString("%1: %2 of %3 answers differ from DuckDB's, first %4")
                                                     .arg(name).arg(mismatches).arg(answers).arg(first.c_str())));
            QVERIFY(answers >= 1000);
            if (std::string(name) == "duckdb_wide_filter.parquet") QVERIFY(absentMaybe >= 10);
        }
    }

    void plainValueEncoding() {
        using T = ParquetPhysicalType;
        QCOMPARE(hex(parquetPlainValue("abc", T::ByteArray)), std::string("616263"));
        QCOMPARE(hex(parquetPlainValue("", T::ByteArray)), std::string(""));
        QCOMPARE(hex(parquetPlainValue("1", T::Int32)), std::string("01000000"));
        QCOMPARE(hex(parquetPlainValue("-2", T::Int32)), std::string("feffffff"));
        QCOMPARE(hex(parquetPlainValue("+7", T::Int32)), std::string("07000000"));
        QCOMPARE(hex(parquetPlainValue("-2147483648", T::Int32)), std::string("00000080"));
        QCOMPARE(hex(parquetPlainValue("258", T::Int64)), std::string("0201000000000000"));
        QCOMPARE(hex(parquetPlainValue("-9223372036854775808", T::Int64)), std::string("0000000000000080"));
        QCOMPARE(hex(parquetPlainValue("1.5", T::Double)), std::string("000000000000f83f"));
        QCOMPARE(hex(parquetPlainValue("-0.25", T::Float)), std::string("000080be"));
        QCOMPARE(hex(parquetPlainValue("1e0", T::Float)), std::string("0000803f"));
        QCOMPARE(hex(parquetPlainValue("abcd", T::FixedLenByteArray, 4)), std::string("61626364"));
        for (const char* bad : {"", "abc", "1.5", "2147483648", "-2147483649", "1 ", " 1", "0x10", "+"})
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetPlainValue(bad, T::Int32));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetPlainValue("9223372036854775808", T::Int64));
        for (const char* bad : {"", "x", "1.5.1", "1e", "1,5"})
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetPlainValue(bad, T::Double));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetPlainValue("1e400", T::Double));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetPlainValue("abc", T::FixedLenByteArray, 4));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetPlainValue("true", T::Boolean));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetPlainValue("1", T::Int96));
        try {
            parquetPlainValue("12x", T::Int64);
            QFAIL("no exception");
        } catch (const std::invalid_argument& e) {
            const std::string m = e.what();
            QVERIFY2(m.find("'12x'") != std::string::npos && m.find("INT64") != std::string::npos, e.what());
        }
    }

    void analysisVerdicts() {
        // 100 values in 1 KiB (32 blocks): far more than 1% needs.
        BlockedBloomFilter big(32);
        for (int i = 0; i < 100; ++i) big.insert("v" + std::to_string(i));
        const ParquetBloomAnalysis a = analyzeParquetBloomFilter(big, 100);
        QCOMPARE(a.verdict, ParquetBloomAnalysis::Verdict::Oversized);
        QVERIFY2(a.verdictText.find("larger than needed for 1% at this fill") != std::string::npos, a.verdictText.c_str());
        QCOMPARE(a.blocksNeeded, math::blockedBlocksFor(static_cast<std::uint64_t>(std::ceil(a.estimatedDistinct)), 0.01));
        QCOMPARE(a.bytes, std::uint64_t{1024});
        // 2000 values in 1 KiB: overfilled.
        BlockedBloomFilter small(32);
        for (int i = 0; i < 2000; ++i) small.insert("v" + std::to_string(i));
        const ParquetBloomAnalysis b = analyzeParquetBloomFilter(small);
        QCOMPARE(b.verdict, ParquetBloomAnalysis::Verdict::Overfilled);
        QVERIFY2(b.verdictText.rfind("overfilled: FPR now ", 0) == 0, b.verdictText.c_str());
        QVERIFY(b.fprNow > 0.02);
        // Sized for 1% by blockedBlocksFor: sized right.
        BlockedBloomFilter right(math::blockedBlocksFor(5000, 0.01));
        for (int i = 0; i < 5000; ++i) right.insert("v" + std::to_string(i));
        const ParquetBloomAnalysis c = analyzeParquetBloomFilter(right);
        QCOMPARE(c.verdict, ParquetBloomAnalysis::Verdict::SizedRight);
        QVERIFY(std::abs(c.estimatedDistinct - 5000.0) < 250.0);
        QVERIFY(std::abs(c.fprNow - 0.01) < 0.003);
        // 1.15 x the values it was sized for: above 1%, within 2 x.
        BlockedBloomFilter tight(math::blockedBlocksFor(5000, 0.01));
        for (int i = 0; i < 5750; ++i) tight.insert("v" + std::to_string(i));
        const ParquetBloomAnalysis d = analyzeParquetBloomFilter(tight);
        QVERIFY2(d.fprNow > 0.01 && d.fprNow <= 0.02, qPrintable(QString::number(d.fprNow)));
        QCOMPARE(d.verdict, ParquetBloomAnalysis::Verdict::Undersized);
        QVERIFY2(d.verdictText.rfind("a little small for 1%: FPR now ", 0) == 0, d.verdictText.c_str());
        QCOMPARE(analyzeParquetBloomFilter(BlockedBloomFilter(4)).verdict, ParquetBloomAnalysis::Verdict::Empty);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzeParquetBloomFilter(right, std::nullopt, 1.0));
    }

    void writerSizingMatchesDuckdb() {
        // DuckDB sized every chunk's filter from its distinct count and its FPR setting (1% by
        // default, 10% for the wide file): parquetWriterSizing gives the same bytes.
        const std::pair<const char*, double> files[] = {{"duckdb_types.parquet", 0.01}, {"duckdb_wide_filter.parquet", 0.1}};
        std::size_t checked = 0;
        for (const auto& [name, fpp] : files) {
            const ParquetFile file = ParquetFile::open(kData / name);
            for (const auto& group : file.rowGroups())
                for (const auto& chunk : group.columns) {
                    QVERIFY(chunk.distinctCount.has_value());
                    const ParquetWriterSizing s = parquetWriterSizing(static_cast<std::uint64_t>(*chunk.distinctCount), fpp);
                    QCOMPARE(s.bytes, file.readBloomFilter(chunk.rowGroup, chunk.column).numBlocks() * 32);
                    ++checked;
                }
        }
        QCOMPARE(checked, std::size_t{22});
        // The formula, the power of two, the FPR of the rounded size and the 1 MiB cap.
        const ParquetWriterSizing m = parquetWriterSizing(1'000'000, 0.01);
        QVERIFY(std::abs(m.formulaBits - 9'681'526.7) < 1.0);
        QCOMPARE(m.bytes, std::uint64_t{2} << 20);
        QCOMPARE(m.fprAtBytes, math::blockedFpr(1e6, m.blocks));
        QVERIFY(m.fprAtParquetJavaMax > 0.02 && m.fprAtParquetJavaMax < 0.04);
        QVERIFY2(m.text().find("parquet.bloom.filter.max.bytes") != std::string::npos, m.text().c_str());
        QCOMPARE(parquetWriterSizing(1, 0.5).bytes, std::uint64_t{32});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetWriterSizing(0, 0.01));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parquetWriterSizing(10, 1.0));
        // Capacity: the largest n whose FPR stays within the target.
        const std::uint64_t cap = blockedCapacityFor(64, 0.01);
        QVERIFY(math::blockedFpr(static_cast<double>(cap), 64) <= 0.01);
        QVERIFY(math::blockedFpr(static_cast<double>(cap + 1), 64) > 0.01);
        QVERIFY(math::blockedBlocksFor(cap, 0.01) <= 64);
        // withParquetCounts keeps the bits and sets items and capacity.
        BlockedBloomFilter f(64);
        for (int i = 0; i < 300; ++i) f.insert("v" + std::to_string(i));
        const BlockedBloomFilter counted = withParquetCounts(f, analyzeParquetBloomFilter(f, 300));
        QVERIFY(std::ranges::equal(counted.words(), f.words()));
        QCOMPARE(counted.itemCount(), std::uint64_t{300});
        QCOMPARE(counted.capacity(), cap);
    }

    void handMadeFooterReads() {
        Synthetic s;
        s.blob = sampleBlob();
        const Bytes bytes = makeFile(s);
        const ParquetFile f = ParquetFile::fromBytes(bytes, "made.parquet");
        QVERIFY(f.readBloomFilter(0, 0).mightContain("x"));
        s.length = static_cast<std::int32_t>(s.blob.size());
        QVERIFY(ParquetFile::fromBytes(makeFile(s)).readBloomFilter(0, 0).mightContain("x"));
        // Unknown fields of every type are skipped: a nested struct holding a list, a map, a
        // double, a binary and bools.
        ThriftOut u;
        u.bytes.push_back(12);  // the field's type (struct)
        std::int16_t l = 0;
        u.field(l, 1, 9);
        u.list(1, 3);
        u.bytes.insert(u.bytes.end(), {1, 0, 1});
        u.field(l, 2, 11);
        u.varint(2);
        u.bytes.push_back(0x85);  // binary -> i32
        u.binary("k1");
        u.zigzag(-5);
        u.binary("k2");
        u.zigzag(7);
        u.field(l, 3, 7);
        u.bytes.insert(u.bytes.end(), 8, 0);
        u.field(l, 40, 8);
        u.binary("skip me");
        u.field(l, 41, 1);
        u.field(l, 42, 12);
        u.stop();
        u.stop();
        s.unknownField = u.bytes;
        QVERIFY(ParquetFile::fromBytes(makeFile(s)).readBloomFilter(0, 0).mightContain("x"));
        QVERIFY(ParquetFile::looksLikeParquet(bytes));
        QVERIFY(!ParquetFile::looksLikeParquet(Bytes{'B', 'L', 'M', 'L'}));
    }

    void hostileFootersGiveClearErrors() {
        const Bytes blob = sampleBlob();
        auto check = [&](Synthetic s, const char* expected) {
            if (s.blob.empty()) s.blob = blob;
            const std::string e = errorOf(makeFile(s));
            QVERIFY2(e.find(expected) != std::string::npos, qPrintable(QString("expected '%1' in '%2'").arg(expected, e.c_str())));
        };
        Synthetic s;
        s.offset = -1;
        check(s, "bloom_filter_offset -1 is outside the data area");
        s.offset = std::int64_t{1} << 62;
        check(s, "is outside the data area");
        s.offset = 4;
        s.length = 0x7fffffff;
        check(s, "bloom_filter_length 2147483647 at bloom_filter_offset 4 does not fit");
        s.length = -3;
        check(s, "bloom_filter_length -3");
        s.length = static_cast<std::int32_t>(blob.size()) - 1;
        check(s, "");  // the header's own length check or the importer refuses it
        s.length.reset();
        // numBytes claiming more than the file holds.
        Synthetic big;
        big.blob = blob;
        big.blob[1] = 0xfe;  // numBytes varint 0xfe 0x10 ... -> far larger than the bitset
        big.blob[2] = 0x7f;
        check(big, "does not fit in the");
        // A list claiming 2^32 elements: refused before anything is allocated.
        Synthetic list;
        list.schemaListSize = std::int64_t{1} << 32;
        check(list, "a list claims 4294967296 elements");
        // Nesting deeper than the limit in an unknown field.
        Synthetic deep;
        deep.unknownField.push_back(12);
        for (int i = 0; i < 10000; ++i) deep.unknownField.push_back(0x1c);  // field 1: struct
        deep.unknownField.insert(deep.unknownField.end(), 10001, 0);
        check(deep, "nested more than");
        // A plaintext footer of an encrypted file, and an encrypted footer.
        Synthetic enc;
        enc.encryptionAlgorithm = true;
        check(enc, "encrypted");
        Synthetic plain;
        plain.blob = blob;
        Bytes pare = makeFile(plain);
        std::copy_n("PARE", 4, pare.end() - 4);
        QVERIFY(errorOf(pare).find("the footer is encrypted (magic PARE)") != std::string::npos);
        // Footer lengths: zero, too large, absurd.
        for (std::uint32_t len : {0u, 0xffffffffu, static_cast<std::uint32_t>(pare.size() - 11)}) {
            Bytes b = makeFile(plain);
            for (int i = 0; i < 4; ++i) b[b.size() - 8 + i] = static_cast<std::uint8_t>(len >> (8 * i));
            QVERIFY2(errorOf(b).find("footer length") != std::string::npos, errorOf(b).c_str());
        }
        QVERIFY(errorOf(Bytes{'P', 'A', 'R', '1'}).find("too short") != std::string::npos);
        QVERIFY(errorOf(Bytes(100, 0)).find("not a Parquet file") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(ParquetFormatError, ParquetFile::open(kData / "no-such-file.parquet"));
        QVERIFY_THROWS_EXCEPTION(ParquetFormatError, ParquetFile::open(kData));
        // A chunk without a filter says so.
        Synthetic none;
        none.blob = blob;
        none.offset.reset();
        const ParquetFile f = ParquetFile::fromBytes(makeFile(none), "made.parquet");
        QVERIFY(!f.chunk(0, 0).hasBloomFilter());
        try {
            (void)f.readBloomFilter(0, 0);
            QFAIL("no exception");
        } catch (const ParquetFormatError& e) {
            QVERIFY2(std::string(e.what()) == "made.parquet: row group 0, column 'c' has no bloom filter", e.what());
        }
    }

    void everyTruncationIsRefused() {
        std::vector<const char*> all(std::begin(kParquetJavaFiles), std::end(kParquetJavaFiles));
        all.insert(all.end(), std::begin(kDuckdbFiles), std::end(kDuckdbFiles));
        for (const char* name : all) {
            const Bytes bytes = readAll(kData / name);
            QVERIFY(exercise(bytes));
            std::size_t refused = 0;
            for (std::size_t n = 0; n < bytes.size(); ++n) {
                const Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
                const bool endsWithMagic = n >= 4 && std::equal(prefix.end() - 4, prefix.end(), "PAR1");
                std::string error;
                const bool parsed = exercise(prefix, &error);
                if (!parsed) ++refused;
                if (!endsWithMagic) QVERIFY2(!parsed && !error.empty(), qPrintable(QString("%1 cut at %2").arg(name).arg(n)));
            }
            QVERIFY(refused + 4 >= bytes.size());
        }
    }

    // The fuzzer's seeds must stay readable files (a reader change that refuses them would leave
    // the fuzzer mutating rejects only).
    void fuzzSeedsLoad() {
        const fs::path corpus = fs::path(BLOOMLAB_SOURCE_DIR) / "fuzz" / "corpus" / "fuzz_parquet_footer";
        std::size_t seeds = 0;
        for (const auto& entry : fs::directory_iterator(corpus)) {
            const ParquetFile file = ParquetFile::open(entry.path());
            QVERIFY(!file.rowGroups().empty());
            QVERIFY(file.chunk(0, 0).hasBloomFilter());
            (void)file.readBloomFilter(0, 0);
            ++seeds;
        }
        QVERIFY(seeds >= 3);
    }

    void bitFlipsAndDamageNeverCrash() {
        std::vector<const char*> all(std::begin(kParquetJavaFiles), std::end(kParquetJavaFiles));
        all.insert(all.end(), std::begin(kDuckdbFiles), std::end(kDuckdbFiles));
        std::mt19937_64 rng(19);
        for (const char* name : all) {
            const Bytes bytes = readAll(kData / name);
            const std::uint32_t footer = std::uint32_t{bytes[bytes.size() - 8]} | std::uint32_t{bytes[bytes.size() - 7]} << 8 |
                                         std::uint32_t{bytes[bytes.size() - 6]} << 16 | std::uint32_t{bytes[bytes.size() - 5]} << 24;
            // Every bit of the footer, its length and the closing magic.
            const std::size_t from = bytes.size() - 8 - footer;
            std::size_t parsed = 0, refused = 0;
            for (std::size_t at = from; at < bytes.size(); ++at) {
                for (int bit = 0; bit < 8; ++bit) {
                    Bytes damaged = bytes;
                    damaged[at] ^= static_cast<std::uint8_t>(1u << bit);
                    (exercise(damaged) ? parsed : refused) += 1;
                }
            }
            QVERIFY(refused > 0);
            // Random flips anywhere (bloom filter headers and bitsets included), 1 to 8 bits each.
            for (int round = 0; round < 600; ++round) {
                Bytes damaged = bytes;
                const int flips = 1 + static_cast<int>(rng() % 8);
                for (int i = 0; i < flips; ++i) damaged[rng() % damaged.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
                (void)exercise(damaged);
            }
            // Bytes cut out of the middle (the footer length then points elsewhere).
            for (int round = 0; round < 100; ++round) {
                Bytes damaged = bytes;
                const std::size_t at = rng() % damaged.size();
                const std::size_t n = std::min<std::size_t>(1 + rng() % 64, damaged.size() - at);
                damaged.erase(damaged.begin() + static_cast<std::ptrdiff_t>(at), damaged.begin() + static_cast<std::ptrdiff_t>(at + n));
                (void)exercise(damaged);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestParquetFile)
#include "tst_parquet_file.moc"
