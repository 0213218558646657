// bloomlab-cli on Parquet files (cli_parquet.h): info, query and import of the bloom filters in
// a Parquet file's column chunks, read by core/parquet_file.
#include "cli_parquet.h"

#include "core/atomic_file.h"

#include "cli_common.h"
#include "cli_json.h"

#include "core/any_filter.h"
#include "core/filter_io.h"
#include "core/key_reader.h"
#include "core/parquet_bloom_analysis.h"
#include "core/parquet_file.h"
#include "core/parquet_value.h"
#include "core/parse_units.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace bloomlab::cli {

namespace {

/// `value` with `digits` significant digits (general) or decimals (fixed), as printf's %g / %f.
std::string number(double value, int digits, std::chars_format style = std::chars_format::general) {
    std::array<char, 64> text{};
    const auto result = std::to_chars(text.data(), text.data() + text.size(), value, style, digits);
    return std::string(text.data(), result.ptr);
}

std::string columnList(const ParquetFile& file) {
    std::string out;
    for (const auto& c : file.columns()) {
        if (!out.empty()) out += ", ";
        out += c.dottedPath();
    }
    return out.empty() ? std::string("none") : out;
}

std::size_t columnOf(const ParquetFile& file, const std::optional<std::string>& name) {
    if (!name) throw UsageError("missing --column NAME (the file's columns: " + columnList(file) + ")");
    if (auto index = file.findColumn(*name)) return *index;
    throw UsageError("option --column: no column '" + *name + "' in " + file.name() + " (its columns: " +
                     columnList(file) + ")");
}

std::size_t rowGroupOf(const ParquetFile& file, const std::string& text) {
    std::size_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    const std::size_t count = file.rowGroups().size();
    const std::string range = count == 0 ? std::string("the file has no row groups")
                                         : "the file has " + std::to_string(count) + " row group" +
                                               (count == 1 ? "" : "s") + ": 0 to " + std::to_string(count - 1);
    if (text.empty() || ec != std::errc() || ptr != end)
        throw UsageError("option --row-group: '" + text + "' is not a row group number (" + range + ")");
    if (value >= count) throw UsageError("option --row-group: row group " + text + " is out of range (" + range + ")");
    return value;
}

double targetOf(const std::optional<std::string>& text) {
    if (!text) return 0.01;
    try {
        const double p = parseProbability(*text);
        if (p > 0.0 && p < 1.0) return p;
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("option --fpr: ") + e.what());
    }
    throw UsageError("option --fpr: the target FPR must be between 0 and 1 (e.g. 0.01 or 1%); got '" + *text + "'");
}

std::string_view verdictKeyword(ParquetBloomAnalysis::Verdict v) {
    switch (v) {
    case ParquetBloomAnalysis::Verdict::Empty: return "empty";
    case ParquetBloomAnalysis::Verdict::Overfilled: return "overfilled";
    case ParquetBloomAnalysis::Verdict::Undersized: return "undersized";
    case ParquetBloomAnalysis::Verdict::Oversized: return "oversized";
    case ParquetBloomAnalysis::Verdict::SizedRight: return "sized_right";
    }
    return "unknown";
}

/// One row group x column of `info`: the chunk and, when it has a readable filter, its analysis.
struct ChunkReport {
    const ParquetColumnChunk* chunk = nullptr;
    std::optional<ParquetBloomAnalysis> analysis;
    std::string error;  ///< the filter is there but cannot be read
};

std::string cell(std::string text, std::size_t width) {
    if (text.size() < width) text.resize(width, ' ');
    return text + "  ";
}

// ---- info ----------------------------------------------------------------------------------

} // namespace

bool isParquetInput(const std::vector<std::string>& args, std::initializer_list<std::string_view> valueOptions) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--") {
            if (i + 1 >= args.size()) return false;
            return isParquetInput({args[i + 1]}, {});
        }
        if (arg.size() > 1 && arg[0] == '-') {
            for (std::string_view option : valueOptions)
                if (arg == option) ++i;  // its value is not the file
            continue;
        }
        // Sniffed without blocking: a FIFO, device or directory is not a Parquet file, and the
        // filter path that follows refuses it with its own message.
        std::array<std::uint8_t, 4> head{};
        try {
            RegularFileReader in(arg, "bloomlab-cli");
            if (in.read(head) != head.size()) return false;
        } catch (const std::exception&) {
            return false;
        }
        return ParquetFile::looksLikeParquet(head);
    }
    return false;
}

int runParquetInfo(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    const bool json = outputOptions().json;
    const double target = targetOf(parser.value({"-p", "--fpr"}));
    const std::string path = parser.onePositional("FILE.parquet");
    parser.finish();
    const ParquetFile file = ParquetFile::open(path);

    std::vector<ChunkReport> reports;
    std::size_t withFilter = 0;
    std::size_t damaged = 0;
    for (const auto& group : file.rowGroups()) {
        for (const auto& chunk : group.columns) {
            ChunkReport report;
            report.chunk = &chunk;
            if (chunk.hasBloomFilter()) {
                ++withFilter;
                try {
                    report.analysis = analyzeParquetBloomFilter(file.readBloomFilter(chunk.rowGroup, chunk.column),
                                                                chunk.distinctCount, target);
                } catch (const std::exception& e) {
                    report.error = e.what();
                    ++damaged;
                }
            }
            reports.push_back(std::move(report));
        }
    }

    if (json) {
        JsonWriter& out = jsonDocument();
        out.beginObject()
            .field("file", path)
            .field("format", "parquet")
            .field("bytes", file.fileSize())
            .field("created_by", file.createdBy())
            .field("rows", file.numRows())
            .field("row_groups", file.rowGroups().size())
            .field("target_fpr", target)
            .key("columns")
            .beginArray();
        for (const auto& column : file.columns())
            out.beginObject().field("column", column.dottedPath()).field("type", parquetTypeName(column.type)).endObject();
        out.endArray().key("chunks").beginArray();
        for (const ChunkReport& r : reports) {
            const ParquetColumnChunk& c = *r.chunk;
            out.beginObject()
                .field("row_group", c.rowGroup)
                .field("column", file.columns()[c.column].dottedPath())
                .field("type", parquetTypeName(c.type))
                .field("values", c.numValues)
                .field("has_bloom_filter", c.hasBloomFilter())
                .optionalField("distinct_count", c.distinctCount.value_or(0), c.distinctCount.has_value());
            if (const auto& a = r.analysis) {
                out.field("bytes", a->bytes)
                    .field("blocks", a->blocks)
                    .field("fill_ratio", a->fillRatio)
                    .field("estimated_distinct", a->estimatedDistinct)
                    .field("fpr_now", a->fprNow)
                    .field("bytes_needed", a->bytesNeededPowerOfTwo)
                    .field("verdict", verdictKeyword(a->verdict))
                    .field("verdict_text", a->verdictText);
            } else if (!r.error.empty()) {
                out.field("error", r.error);
            }
            out.endObject();
        }
        out.endArray().endObject();
    } else {
        std::cout << "file: " << path << " (" << file.fileSize() << " bytes)\n"
                  << "format: Parquet" << (file.createdBy().empty() ? "" : ", created by " + file.createdBy()) << "\n"
                  << "rows: " << file.numRows() << " in " << file.rowGroups().size() << " row group"
                  << (file.rowGroups().size() == 1 ? "" : "s") << "; " << file.columns().size() << " column"
                  << (file.columns().size() == 1 ? "" : "s") << "; " << withFilter << " of " << reports.size()
                  << " column chunks have a bloom filter\n"
                  << "verdicts for a target FPR of " << number(target, 4) << " (--fpr)\n\n";
        std::size_t nameWidth = 6;
        for (const auto& c : file.columns()) nameWidth = std::max(nameWidth, c.dottedPath().size());
        std::cout << cell("rg", 3) << cell("column", nameWidth) << cell("type", 10) << cell("values", 8)
                  << cell("filter", 6) << cell("bytes", 8) << cell("blocks", 6) << cell("fill", 6)
                  << cell("est.distinct", 12) << cell("FPR now", 9) << cell("distinct", 8) << "verdict\n";
        for (const ChunkReport& r : reports) {
            const ParquetColumnChunk& c = *r.chunk;
            const std::string type = c.type == ParquetPhysicalType::FixedLenByteArray ? "FIXED_LEN" : std::string(parquetTypeName(c.type));
            std::cout << cell(std::to_string(c.rowGroup), 3) << cell(file.columns()[c.column].dottedPath(), nameWidth)
                      << cell(type, 10) << cell(std::to_string(c.numValues), 8)
                      << cell(c.hasBloomFilter() ? "yes" : "no", 6);
            const std::string distinct = c.distinctCount ? std::to_string(*c.distinctCount) : "-";
            if (const auto& a = r.analysis) {
                std::cout << cell(std::to_string(a->bytes), 8) << cell(std::to_string(a->blocks), 6)
                          << cell(number(a->fillRatio, 4, std::chars_format::fixed), 6)
                          << cell(std::isfinite(a->estimatedDistinct) ? number(a->estimatedDistinct, 0, std::chars_format::fixed) : "all bits", 12)
                          << cell(number(a->fprNow, 3), 9) << cell(distinct, 8) << a->verdictText << "\n";
            } else if (!r.error.empty()) {
                std::cout << "damaged: " << r.error << "\n";
            } else {
                std::cout << cell("-", 8) << cell("-", 6) << cell("-", 6) << cell("-", 12) << cell("-", 9)
                          << cell(distinct, 8) << "no bloom filter: a reader cannot skip this chunk by value\n";
            }
        }
    }
    if (damaged > 0) {
        std::cerr << "bloomlab-cli info: error: " << damaged << " bloom filter" << (damaged == 1 ? "" : "s")
                  << " of " << path << " cannot be read";
        for (const ChunkReport& r : reports)
            if (!r.error.empty()) {
                std::cerr << "; first: " << r.error;
                break;
            }
        std::cerr << "\n";
        return 1;
    }
    return 0;
}

// ---- query ---------------------------------------------------------------------------------

int runParquetQuery(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    const auto keys = parser.value({"--keys"});
    const auto column = parser.value({"--column"});
    const auto rowGroup = parser.value({"--row-group"});
    const bool count = parser.flag({"-c", "--count"});
    const std::string path = parser.onePositional("FILE.parquet", keysFromFileHint("query"));
    parser.finish();
    if (!keys) throw UsageError("missing --keys FILE (or --keys - for stdin)");
    const ParquetFile file = ParquetFile::open(path);
    const std::size_t col = columnOf(file, column);
    const ParquetColumn& leaf = file.columns()[col];
    const std::string name = leaf.dottedPath();

    // The row groups asked about, and their filters (nothing where a chunk has none).
    std::vector<std::size_t> groups;
    if (rowGroup) {
        groups.push_back(rowGroupOf(file, *rowGroup));
    } else {
        for (std::size_t g = 0; g < file.rowGroups().size(); ++g) groups.push_back(g);
    }
    std::vector<std::optional<BlockedBloomFilter>> filters;
    std::size_t withFilter = 0;
    for (std::size_t g : groups) {
        if (file.chunk(g, col).hasBloomFilter()) {
            filters.emplace_back(file.readBloomFilter(g, col));
            ++withFilter;
        } else {
            filters.emplace_back();
        }
    }
    if (withFilter == 0) {
        throw std::runtime_error("column '" + name + "' of " + path + " has no bloom filter" +
                                 (rowGroup ? " in row group " + *rowGroup : std::string(" in any row group")) +
                                 "; `bloomlab-cli info " + path + "` lists the chunks that have one");
    }
    if (rowGroup && !filters.front()) {
        throw std::runtime_error("column '" + name + "' of " + path + " has no bloom filter in row group " + *rowGroup);
    }

    const bool numeric = leaf.type != ParquetPhysicalType::ByteArray && leaf.type != ParquetPhysicalType::FixedLenByteArray;
    std::vector<std::uint64_t> maybe(groups.size(), 0);
    std::uint64_t skipped = 0;
    std::uint64_t read = 0;
    std::uint64_t line = 0;
    std::string buffer;
    auto flush = [&buffer] {
        if (!buffer.empty() && std::fwrite(buffer.data(), 1, buffer.size(), stdout) != buffer.size())
            throw std::runtime_error("cannot write to standard output");
        buffer.clear();
    };
    // --json: {"file", "column", "row_groups": [N...], "results": [{"key", "answers": ["maybe" |
    // "no" | null (no filter)], "skipped"}], "maybe": [per row group], "read", "skipped"}.
    // The document begins with the first key (or at the end), so a key file that cannot be
    // opened gives the plain error document.
    const bool json = outputOptions().json;
    JsonWriter& document = jsonDocument();
    const auto beginDocument = [&] {
        if (!json || !document.empty()) return;
        document.beginObject().field("file", path).field("column", name).key("row_groups").beginArray();
        for (std::size_t g : groups) document.value(g);
        document.endArray();
        if (!count) document.key("results").beginArray();
    };
    readKeys(*keys, [&](std::string_view key) {
        beginDocument();
        ++line;
        if (numeric && !key.empty() && key.back() == '\r') key.remove_suffix(1);  // CRLF key files
        std::string value;
        try {
            value = parquetPlainValue(key, leaf);
        } catch (const std::invalid_argument& e) {
            throw UsageError("--keys " + *keys + " line " + std::to_string(line) + ": " + e.what());
        }
        bool anyMaybe = false;
        std::string answers;
        for (std::size_t i = 0; i < groups.size(); ++i) {
            // A chunk without a filter must be read: it counts as "maybe" and shows as "-".
            const bool hit = !filters[i] || filters[i]->mightContain(value);
            maybe[i] += hit;
            anyMaybe = anyMaybe || hit;
            if (!count) answers += std::string(i ? " " : "") + (!filters[i] ? "-" : hit ? "maybe" : "no");
        }
        (anyMaybe ? read : skipped) += 1;
        if (json) {
            if (count) return;
            document.beginObject().bytesField("key", key).key("answers").beginArray();
            for (std::size_t i = 0; i < groups.size(); ++i) {
                if (!filters[i])
                    document.value(nullptr);
                else
                    document.value(filters[i]->mightContain(value) ? "maybe" : "no");
            }
            document.endArray().field("skipped", !anyMaybe).endObject();
            document.flushIfLarge(stdout);
            return;
        }
        if (!count) {
            buffer += answers;
            if (groups.size() > 1) buffer += anyMaybe ? "\tread" : "\tskipped";
            buffer += '\n';
            if (buffer.size() >= (1 << 16)) flush();
        }
    });
    flush();
    if (json) {
        beginDocument();
        if (!count) document.endArray();
        document.key("maybe").beginArray();
        for (std::size_t i = 0; i < groups.size(); ++i) {
            if (filters[i])
                document.value(maybe[i]);
            else
                document.value(nullptr);  // no filter: every key is read
        }
        document.endArray().field("read", read).field("skipped", skipped).endObject();
        return 0;
    }
    if (count) {
        if (groups.size() == 1) {
            std::printf("maybe=%llu no=%llu\n", static_cast<unsigned long long>(maybe[0]),
                        static_cast<unsigned long long>(line - maybe[0]));
        } else {
            for (std::size_t i = 0; i < groups.size(); ++i)
                std::printf("row group %zu: %s\n", groups[i],
                            filters[i] ? ("maybe=" + std::to_string(maybe[i]) + " no=" + std::to_string(line - maybe[i])).c_str()
                                       : "no bloom filter (read for every key)");
            std::printf("read=%llu skipped=%llu\n", static_cast<unsigned long long>(read),
                        static_cast<unsigned long long>(skipped));
        }
    }
    if (std::fflush(stdout) != 0) throw std::runtime_error("cannot write to standard output");
    return 0;
}

// ---- import --------------------------------------------------------------------------------

int runParquetImport(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    const auto column = parser.value({"--column"});
    const auto rowGroup = parser.value({"--row-group"});
    const auto out = parser.value({"-o", "--out"});
    const auto format = parser.value({"--format"});
    const double target = targetOf(parser.value({"-p", "--fpr"}));
    const std::string path = parser.onePositional("FILE.parquet");
    parser.finish();
    if (format && *format != "parquet")
        throw UsageError("unsupported --format '" + *format + "' (only 'parquet', the default)");
    if (!out) throw UsageError("missing --out FILTER");
    const ParquetFile file = ParquetFile::open(path);
    const std::size_t col = columnOf(file, column);
    if (!rowGroup) {
        throw UsageError("missing --row-group N (the file has " + std::to_string(file.rowGroups().size()) +
                         " row groups; each column chunk has its own filter)");
    }
    const std::size_t group = rowGroupOf(file, *rowGroup);
    const ParquetColumnChunk& chunk = file.chunk(group, col);
    const BlockedBloomFilter read = file.readBloomFilter(group, col);
    const ParquetBloomAnalysis analysis = analyzeParquetBloomFilter(read, chunk.distinctCount, target);
    AnyFilter filter(withParquetCounts(read, analysis));
    saveFilter(filter, *out);
    const FilterStats s = filter.stats();
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject()
            .field("out", *out)
            .field("source", path)
            .field("format", "parquet")
            .field("row_group", group)
            .field("column", file.columns()[col].dottedPath())
            .field("items_from", chunk.distinctCount ? "distinct_count" : "fill")
            .field("target_fpr", target);
        writeFilterJson(json, filter);
        json.endObject();
    }
    std::cout << "imported row group " << group << ", column '" << file.columns()[col].dottedPath() << "': "
              << read.numBlocks() << " blocks (" << analysis.bytes << " bytes) -> " << *out << "\n"
              << "items: " << s.items << (chunk.distinctCount ? " (the file's distinct count)" : " (estimated from the fill)")
              << "; capacity " << s.capacity << " for an FPR of " << number(target, 4) << "\n";
    return 0;
}

// ---- size ----------------------------------------------------------------------------------

void printParquetWriterSizing(double n, double p) {
    if (!(n >= 1.0) || !(p > 0.0 && p < 1.0)) return;
    std::cout << parquetWriterSizing(static_cast<std::uint64_t>(n), p).text() << "\n";
}

} // namespace bloomlab::cli
