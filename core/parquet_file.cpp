// parquet_file: the Parquet footer reader for bloom filters (layout and fields in the header).
#include "core/parquet_file.h"

#include "core/atomic_file.h"

#include "core/filter_io.h"
#include "core/thrift_compact.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace bloomlab {

// ---- Sources ---------------------------------------------------------------------------------

class ParquetFile::Source {
public:
    virtual ~Source() = default;
    virtual std::uint64_t size() const noexcept = 0;
    /// Bytes [offset, offset + n); the caller has checked the range against size().
    virtual std::vector<std::uint8_t> read(std::uint64_t offset, std::size_t n) const = 0;
};

namespace {

constexpr std::uint8_t kMagic[4] = {'P', 'A', 'R', '1'};
constexpr std::uint8_t kEncryptedMagic[4] = {'P', 'A', 'R', 'E'};
/// Bytes read to parse a BloomFilterHeader whose length the footer does not give (a header is
/// about 15 bytes; unknown fields a future writer adds fit in this too).
constexpr std::uint64_t kBloomHeaderWindow = 4096;
/// Nesting of Thrift structs, lists and maps accepted (the footer itself nests about 7).
constexpr int kMaxThriftDepth = 64;

using thrift::CompactType;
constexpr std::uint8_t raw(CompactType type) noexcept { return static_cast<std::uint8_t>(type); }

[[noreturn]] void fail(const std::string& what) { throw ParquetFormatError(what); }

class MemorySource final : public ParquetFile::Source {
public:
    explicit MemorySource(std::vector<std::uint8_t> bytes) : m_bytes(std::move(bytes)) {}
    std::uint64_t size() const noexcept override { return m_bytes.size(); }
    std::vector<std::uint8_t> read(std::uint64_t offset, std::size_t n) const override {
        const auto* start = m_bytes.data() + offset;
        return {start, start + n};
    }

private:
    std::vector<std::uint8_t> m_bytes;
};

class FileSource final : public ParquetFile::Source {
public:
    explicit FileSource(const std::filesystem::path& path) : m_name(path.string()) {
        // O_NONBLOCK: a FIFO given as a Parquet file is refused below instead of blocking the open.
        m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (m_fd < 0) fail(m_name + ": cannot open: " + std::strerror(errno));
        struct stat st {};
        if (::fstat(m_fd, &st) != 0) {
            const int e = errno;
            ::close(m_fd);
            fail(m_name + ": cannot stat: " + std::strerror(e));
        }
        if (!S_ISREG(st.st_mode)) {
            ::close(m_fd);
            fail(m_name + ": is " + fileKindName(st.st_mode) + ", not a regular file");
        }
        m_size = static_cast<std::uint64_t>(st.st_size);
    }
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;
    ~FileSource() override { ::close(m_fd); }

    std::uint64_t size() const noexcept override { return m_size; }
    std::vector<std::uint8_t> read(std::uint64_t offset, std::size_t n) const override {
        std::vector<std::uint8_t> out(n);
        std::size_t done = 0;
        while (done < n) {
            const ssize_t got = ::pread(m_fd, out.data() + done, n - done, static_cast<off_t>(offset + done));
            if (got < 0) {
                if (errno == EINTR) continue;
                fail(m_name + ": read failed at byte " + std::to_string(offset + done) + ": " + std::strerror(errno));
            }
            if (got == 0)
                fail(m_name + ": the file ended at byte " + std::to_string(offset + done) +
                     " while reading (did it shrink?)");
            done += static_cast<std::size_t>(got);
        }
        return out;
    }

private:
    std::string m_name;
    int m_fd = -1;
    std::uint64_t m_size = 0;
};

std::uint32_t readLe32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24;
}

/// A schema element as read, before the tree is walked.
struct SchemaElement {
    std::optional<std::int32_t> type;
    std::int32_t typeLength = 0;
    std::string name;
    std::optional<std::int32_t> numChildren;
};

/// Reads a list<struct> calling `element(reader)` for each struct (already entered).
template <typename F>
void readStructList(thrift::CompactReader& r, const thrift::FieldHeader& f, std::string_view name, F element) {
    r.expectType(f, CompactType::List, name);
    const auto list = r.listHeader();
    if (list.elementType != raw(CompactType::Struct))
        r.fail(std::string(name) + " should be a list of structs but holds " +
               std::string(thrift::CompactReader::typeName(list.elementType)) + " values");
    r.enter();
    for (std::uint64_t i = 0; i < list.size; ++i) {
        r.enter();
        element(r, i);
        r.leave();
    }
    r.leave();
}

SchemaElement readSchemaElement(thrift::CompactReader& r) {
    SchemaElement e;
    bool haveName = false;
    std::int16_t last = 0;
    while (const auto f = r.field(last)) {
        switch (f->id) {
        case 1:
            r.expectType(*f, CompactType::I32, "SchemaElement.type");
            e.type = r.i32();
            break;
        case 2:
            r.expectType(*f, CompactType::I32, "SchemaElement.type_length");
            e.typeLength = r.i32();
            break;
        case 4:
            r.expectType(*f, CompactType::Binary, "SchemaElement.name");
            e.name = std::string(r.text());
            haveName = true;
            break;
        case 5:
            r.expectType(*f, CompactType::I32, "SchemaElement.num_children");
            e.numChildren = r.i32();
            break;
        default: r.skip(f->type); break;
        }
    }
    if (!haveName) r.fail("a schema element has no name");
    return e;
}

std::vector<ParquetColumn> schemaLeaves(const std::vector<SchemaElement>& elements, thrift::CompactReader& r) {
    if (elements.empty()) r.fail("the schema is empty");
    const SchemaElement& root = elements.front();
    if (!root.numChildren || *root.numChildren < 0)
        r.fail("the schema root '" + root.name + "' is not a group (no num_children)");
    // Walked without recursion: one frame per open group, counting the children still to come.
    struct Frame {
        std::int64_t remaining;
    };
    std::vector<Frame> open{{*root.numChildren}};
    std::vector<std::string> path;
    std::vector<ParquetColumn> leaves;
    auto closeFinished = [&] {
        while (!open.empty() && open.back().remaining == 0) {
            open.pop_back();
            if (!open.empty()) path.pop_back();  // the root has no name in the path
        }
    };
    closeFinished();
    for (std::size_t i = 1; i < elements.size(); ++i) {
        const SchemaElement& e = elements[i];
        if (open.empty())
            r.fail("the schema has " + std::to_string(elements.size()) + " elements but its groups hold only " +
                   std::to_string(i) + " (element '" + e.name + "' belongs to no group)");
        --open.back().remaining;
        if (e.numChildren) {
            if (*e.numChildren < 0 || static_cast<std::uint64_t>(*e.numChildren) > elements.size())
                r.fail("schema element '" + e.name + "' claims " + std::to_string(*e.numChildren) + " children");
            path.push_back(e.name);
            open.push_back({*e.numChildren});
        } else {
            if (!e.type) r.fail("schema leaf '" + e.name + "' has no physical type");
            if (*e.type < 0 || *e.type > static_cast<std::int32_t>(ParquetPhysicalType::FixedLenByteArray))
                r.fail("schema leaf '" + e.name + "' has the unknown physical type " + std::to_string(*e.type));
            ParquetColumn c;
            c.path = path;
            c.path.push_back(e.name);
            c.type = static_cast<ParquetPhysicalType>(*e.type);
            if (c.type == ParquetPhysicalType::FixedLenByteArray) {
                if (e.typeLength <= 0)
                    r.fail("FIXED_LEN_BYTE_ARRAY leaf '" + e.name + "' has type_length " + std::to_string(e.typeLength));
                c.typeLength = e.typeLength;
            }
            leaves.push_back(std::move(c));
        }
        closeFinished();
    }
    if (!open.empty()) r.fail("the schema ends before all the children its groups claim");
    return leaves;
}

void readStatistics(thrift::CompactReader& r, ParquetColumnChunk& c) {
    std::int16_t last = 0;
    while (const auto f = r.field(last)) {
        if (f->id == 3 && f->type == raw(CompactType::I64)) {
            c.nullCount = r.i64();
        } else if (f->id == 4 && f->type == raw(CompactType::I64)) {
            const std::int64_t d = r.i64();
            if (d < 0) r.fail("Statistics.distinct_count is negative (" + std::to_string(d) + ")");
            c.distinctCount = d;
        } else {
            r.skip(f->type);
        }
    }
}

/// ColumnMetaData; returns the path_in_schema read.
std::vector<std::string> readColumnMetaData(thrift::CompactReader& r, ParquetColumnChunk& c) {
    std::vector<std::string> path;
    bool haveType = false;
    std::int16_t last = 0;
    while (const auto f = r.field(last)) {
        switch (f->id) {
        case 1: {
            r.expectType(*f, CompactType::I32, "ColumnMetaData.type");
            const std::int32_t t = r.i32();
            if (t < 0 || t > static_cast<std::int32_t>(ParquetPhysicalType::FixedLenByteArray))
                r.fail("ColumnMetaData.type " + std::to_string(t) + " is not a Parquet physical type");
            c.type = static_cast<ParquetPhysicalType>(t);
            haveType = true;
            break;
        }
        case 3: {
            r.expectType(*f, CompactType::List, "ColumnMetaData.path_in_schema");
            const auto list = r.listHeader();
            if (list.elementType != raw(CompactType::Binary))
                r.fail("ColumnMetaData.path_in_schema should be a list of strings");
            path.reserve(static_cast<std::size_t>(list.size));
            for (std::uint64_t i = 0; i < list.size; ++i) path.emplace_back(r.text());
            break;
        }
        case 5:
            r.expectType(*f, CompactType::I64, "ColumnMetaData.num_values");
            c.numValues = r.i64();
            if (c.numValues < 0) r.fail("ColumnMetaData.num_values is negative (" + std::to_string(c.numValues) + ")");
            break;
        case 12:
            r.expectType(*f, CompactType::Struct, "ColumnMetaData.statistics");
            r.enter();
            readStatistics(r, c);
            r.leave();
            break;
        case 14:
            r.expectType(*f, CompactType::I64, "ColumnMetaData.bloom_filter_offset");
            c.bloomFilterOffset = r.i64();
            break;
        case 15:
            r.expectType(*f, CompactType::I32, "ColumnMetaData.bloom_filter_length");
            c.bloomFilterLength = r.i32();
            break;
        default: r.skip(f->type); break;
        }
    }
    if (!haveType) r.fail("a ColumnMetaData lacks its required type");
    return path;
}

std::string joinPath(const std::vector<std::string>& path) {
    std::string out;
    for (const auto& p : path) {
        if (!out.empty()) out += '.';
        out += p;
    }
    return out;
}

} // namespace

// ---- Names -------------------------------------------------------------------------------------

std::string_view parquetTypeName(ParquetPhysicalType type) noexcept {
    switch (type) {
    case ParquetPhysicalType::Boolean: return "BOOLEAN";
    case ParquetPhysicalType::Int32: return "INT32";
    case ParquetPhysicalType::Int64: return "INT64";
    case ParquetPhysicalType::Int96: return "INT96";
    case ParquetPhysicalType::Float: return "FLOAT";
    case ParquetPhysicalType::Double: return "DOUBLE";
    case ParquetPhysicalType::ByteArray: return "BYTE_ARRAY";
    case ParquetPhysicalType::FixedLenByteArray: return "FIXED_LEN_BYTE_ARRAY";
    }
    return "unknown";
}

std::string ParquetColumn::dottedPath() const { return joinPath(path); }

// ---- ParquetFile -------------------------------------------------------------------------------

ParquetFile ParquetFile::open(const std::filesystem::path& path) {
    ParquetFile f;
    f.m_name = path.string();
    f.m_source = std::make_shared<FileSource>(path);
    f.parseFooter();
    return f;
}

ParquetFile ParquetFile::fromBytes(std::vector<std::uint8_t> bytes, std::string name) {
    ParquetFile f;
    f.m_name = std::move(name);
    f.m_source = std::make_shared<MemorySource>(std::move(bytes));
    f.parseFooter();
    return f;
}

bool ParquetFile::looksLikeParquet(std::span<const std::uint8_t> head) noexcept {
    return head.size() >= 4 && (std::equal(head.begin(), head.begin() + 4, kMagic) ||
                                std::equal(head.begin(), head.begin() + 4, kEncryptedMagic));
}

std::uint64_t ParquetFile::fileSize() const noexcept { return m_source ? m_source->size() : 0; }

void ParquetFile::parseFooter() {
    const std::uint64_t size = m_source->size();
    if (size < 12)
        fail(m_name + ": " + std::to_string(size) +
             " bytes is too short for a Parquet file (at least 12: PAR1, footer length, PAR1)");
    const std::vector<std::uint8_t> head = m_source->read(0, 4);
    const std::vector<std::uint8_t> tail = m_source->read(size - 8, 8);
    if (std::equal(tail.begin() + 4, tail.end(), kEncryptedMagic) ||
        std::equal(head.begin(), head.end(), kEncryptedMagic))
        fail(m_name + ": the footer is encrypted (magic PARE); encrypted Parquet files are not supported");
    if (!std::equal(head.begin(), head.end(), kMagic))
        fail(m_name + ": not a Parquet file (it does not start with the magic PAR1)");
    if (!std::equal(tail.begin() + 4, tail.end(), kMagic))
        fail(m_name + ": does not end with the magic PAR1 (the file is truncated or damaged; at byte " +
             std::to_string(size - 4) + ")");
    const std::uint64_t footerLength = readLe32(tail.data());
    if (footerLength == 0 || footerLength > size - 12)
        fail(m_name + ": the footer length " + std::to_string(footerLength) + " (at byte " + std::to_string(size - 8) +
             ") does not fit in the " + std::to_string(size - 12) + " bytes between the magics");
    if (footerLength > kMaxFooterBytes)
        fail(m_name + ": the footer length " + std::to_string(footerLength) + " exceeds the " +
             std::to_string(kMaxFooterBytes) + "-byte limit");
    const std::uint64_t footerStart = size - 8 - footerLength;
    m_dataEnd = footerStart;
    const std::vector<std::uint8_t> footer = m_source->read(footerStart, static_cast<std::size_t>(footerLength));
    try {
        readFooter(footer, footerStart);
    } catch (const thrift::DecodeError& e) {
        fail(e.what());
    }
}

void ParquetFile::readFooter(std::span<const std::uint8_t> footer, std::uint64_t footerStart) {
    thrift::CompactReader r(footer, thrift::FileOffset{footerStart}, m_name + ": footer (FileMetaData)",
                            kMaxThriftDepth);
    std::vector<SchemaElement> schema;
    bool haveSchema = false, haveRowGroups = false;
    std::vector<ParquetRowGroup> rowGroups;
    std::vector<std::vector<std::vector<std::string>>> chunkPaths;  // per row group, per chunk
    std::int16_t last = 0;
    r.enter();
    while (const auto f = r.field(last)) {
        switch (f->id) {
        case 2:
            readStructList(r, *f, "FileMetaData.schema", [&](thrift::CompactReader& rr, std::uint64_t) {
                schema.push_back(readSchemaElement(rr));
            });
            haveSchema = true;
            break;
        case 3:
            r.expectType(*f, CompactType::I64, "FileMetaData.num_rows");
            m_numRows = r.i64();
            if (m_numRows < 0) r.fail("FileMetaData.num_rows is negative (" + std::to_string(m_numRows) + ")");
            break;
        case 4:
            readStructList(r, *f, "FileMetaData.row_groups", [&](thrift::CompactReader& rr, std::uint64_t g) {
                ParquetRowGroup group;
                std::vector<std::vector<std::string>> paths;
                std::int16_t lastG = 0;
                while (const auto fg = rr.field(lastG)) {
                    if (fg->id == 1) {
                        readStructList(rr, *fg, "RowGroup.columns", [&](thrift::CompactReader& rc, std::uint64_t ci) {
                            ParquetColumnChunk c;
                            c.rowGroup = static_cast<std::size_t>(g);
                            c.column = static_cast<std::size_t>(ci);
                            bool haveMeta = false, encrypted = false;
                            std::int16_t lastC = 0;
                            while (const auto fc = rc.field(lastC)) {
                                if (fc->id == 1 && fc->type == raw(CompactType::Binary)) {
                                    c.filePath = std::string(rc.text());
                                } else if (fc->id == 3) {
                                    rc.expectType(*fc, CompactType::Struct, "ColumnChunk.meta_data");
                                    rc.enter();
                                    paths.push_back(readColumnMetaData(rc, c));
                                    rc.leave();
                                    haveMeta = true;
                                } else {
                                    if (fc->id == 8 || fc->id == 9) encrypted = true;
                                    rc.skip(fc->type);
                                }
                            }
                            if (encrypted)
                                rc.fail("row group " + std::to_string(g) + ", column chunk " + std::to_string(ci) +
                                        " is encrypted; encrypted Parquet files are not supported");
                            if (!haveMeta)
                                rc.fail("row group " + std::to_string(g) + ", column chunk " + std::to_string(ci) +
                                        " has no ColumnMetaData");
                            group.columns.push_back(std::move(c));
                        });
                    } else if (fg->id == 3) {
                        rr.expectType(*fg, CompactType::I64, "RowGroup.num_rows");
                        group.numRows = rr.i64();
                        if (group.numRows < 0)
                            rr.fail("RowGroup.num_rows is negative (" + std::to_string(group.numRows) + ")");
                    } else {
                        rr.skip(fg->type);
                    }
                }
                rowGroups.push_back(std::move(group));
                chunkPaths.push_back(std::move(paths));
            });
            haveRowGroups = true;
            break;
        case 6:
            r.expectType(*f, CompactType::Binary, "FileMetaData.created_by");
            m_createdBy = std::string(r.text());
            break;
        case 8:
            r.fail("the file is encrypted (FileMetaData.encryption_algorithm is set: a plaintext footer with "
                   "encrypted columns); encrypted Parquet files are not supported");
        default: r.skip(f->type); break;
        }
    }
    r.leave();
    if (!haveSchema) r.fail("FileMetaData lacks its required schema");
    if (!haveRowGroups) r.fail("FileMetaData lacks its required row_groups");
    m_columns = schemaLeaves(schema, r);

    for (std::size_t g = 0; g < rowGroups.size(); ++g) {
        auto& group = rowGroups[g];
        if (group.columns.size() != m_columns.size())
            r.fail("row group " + std::to_string(g) + " has " + std::to_string(group.columns.size()) +
                   " column chunks but the schema has " + std::to_string(m_columns.size()) + " leaf columns");
        for (std::size_t c = 0; c < group.columns.size(); ++c) {
            const ParquetColumn& leaf = m_columns[c];
            const ParquetColumnChunk& chunk = group.columns[c];
            if (chunk.type != leaf.type)
                r.fail("row group " + std::to_string(g) + ", column '" + leaf.dottedPath() + "': the chunk's type " +
                       std::string(parquetTypeName(chunk.type)) + " differs from the schema's " +
                       std::string(parquetTypeName(leaf.type)));
            const auto& path = chunkPaths[g][c];
            if (!path.empty() && path != leaf.path)
                r.fail("row group " + std::to_string(g) + ", column chunk " + std::to_string(c) + ": path_in_schema '" +
                       joinPath(path) + "' differs from the schema's leaf '" + leaf.dottedPath() + "'");
        }
    }
    m_rowGroups = std::move(rowGroups);
}

std::optional<std::size_t> ParquetFile::findColumn(std::string_view name) const {
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i].dottedPath() == name) return i;
    std::optional<std::size_t> byLeafName;
    for (std::size_t i = 0; i < m_columns.size(); ++i) {
        if (!m_columns[i].path.empty() && m_columns[i].path.back() == name) {
            if (byLeafName) return std::nullopt;  // ambiguous
            byLeafName = i;
        }
    }
    return byLeafName;
}

const ParquetColumnChunk& ParquetFile::chunk(std::size_t rowGroup, std::size_t column) const {
    if (rowGroup >= m_rowGroups.size())
        throw std::out_of_range(m_name + ": row group " + std::to_string(rowGroup) + " does not exist (the file has " +
                                std::to_string(m_rowGroups.size()) + ": 0.." +
                                std::to_string(m_rowGroups.empty() ? 0 : m_rowGroups.size() - 1) + ")");
    if (column >= m_columns.size())
        throw std::out_of_range(m_name + ": column " + std::to_string(column) + " does not exist (the file has " +
                                std::to_string(m_columns.size()) + " leaf columns)");
    return m_rowGroups[rowGroup].columns[column];
}

BlockedBloomFilter ParquetFile::readBloomFilter(std::size_t rowGroup, std::size_t column) const {
    const ParquetColumnChunk& c = chunk(rowGroup, column);
    const std::string where = m_name + ": row group " + std::to_string(rowGroup) + ", column '" +
                              m_columns[column].dottedPath() + "'";
    if (!c.hasBloomFilter()) fail(where + " has no bloom filter");
    if (!c.filePath.empty())
        fail(where + " is stored in another file ('" + c.filePath + "'); only single-file Parquet is read");
    // Bloom filters lie between the leading magic and the footer.
    const std::uint64_t size = m_source->size();
    const std::uint64_t dataEnd = m_dataEnd;
    const std::int64_t offset = *c.bloomFilterOffset;
    if (offset < 4 || static_cast<std::uint64_t>(offset) >= dataEnd)
        fail(where + ": bloom_filter_offset " + std::to_string(offset) + " is outside the data area (bytes 4.." +
             std::to_string(dataEnd) + " of a " + std::to_string(size) + "-byte file)");
    const std::uint64_t available = dataEnd - static_cast<std::uint64_t>(offset);
    if (c.bloomFilterLength && (*c.bloomFilterLength <= 0 || static_cast<std::uint64_t>(*c.bloomFilterLength) > available))
        fail(where + ": bloom_filter_length " + std::to_string(*c.bloomFilterLength) + " at bloom_filter_offset " +
             std::to_string(offset) + " does not fit in the " + std::to_string(available) +
             " bytes before the footer");

    // The header: numBytes (field 1) gives the bitset's size; the rest is checked by the importer.
    const std::uint64_t window =
        c.bloomFilterLength ? static_cast<std::uint64_t>(*c.bloomFilterLength) : std::min(available, kBloomHeaderWindow);
    const std::vector<std::uint8_t> headBytes = m_source->read(static_cast<std::uint64_t>(offset), static_cast<std::size_t>(window));
    std::optional<std::int32_t> numBytes;
    std::uint64_t headerSize = 0;
    try {
        thrift::CompactReader r(headBytes, thrift::FileOffset{static_cast<std::uint64_t>(offset)},
                                where + ": BloomFilterHeader", kMaxThriftDepth);
        std::int16_t last = 0;
        r.enter();
        while (const auto f = r.field(last)) {
            if (f->id == 1) {
                r.expectType(*f, CompactType::I32, "BloomFilterHeader.numBytes");
                numBytes = r.i32();
            } else {
                r.skip(f->type);
            }
        }
        r.leave();
        if (!numBytes) r.fail("the header lacks its required numBytes");
        headerSize = r.position();
        if (*numBytes <= 0 || static_cast<std::uint64_t>(*numBytes) > available - headerSize)
            r.fail("numBytes " + std::to_string(*numBytes) + " does not fit in the " + std::to_string(available - headerSize) +
                   " bytes between the header and the footer");
    } catch (const thrift::DecodeError& e) {
        fail(e.what());
    }
    const std::uint64_t total = headerSize + static_cast<std::uint64_t>(*numBytes);
    if (c.bloomFilterLength && static_cast<std::uint64_t>(*c.bloomFilterLength) != total)
        fail(where + ": bloom_filter_length " + std::to_string(*c.bloomFilterLength) + " differs from the header (" +
             std::to_string(headerSize) + " bytes) + numBytes (" + std::to_string(*numBytes) + ") = " +
             std::to_string(total));
    std::vector<std::uint8_t> blob = total <= headBytes.size()
                                         ? std::vector<std::uint8_t>(headBytes.begin(), headBytes.begin() + static_cast<std::ptrdiff_t>(total))
                                         : m_source->read(static_cast<std::uint64_t>(offset), static_cast<std::size_t>(total));
    try {
        return importParquetBloomFilter(blob);
    } catch (const std::runtime_error& e) {
        fail(where + ": bloom filter at byte " + std::to_string(offset) + ": " + e.what());
    }
}

} // namespace bloomlab
