// parquet_bloom_blob: BloomFilterHeader encoding and decoding (see parquet_bloom_blob.h).
#include "core/parquet_bloom_blob.h"

#include "core/thrift_compact.h"

#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

namespace bloomlab {

namespace {

using thrift::CompactReader;
using thrift::CompactType;

constexpr std::uint8_t kThriftI32 = static_cast<std::uint8_t>(CompactType::I32);
constexpr std::uint8_t kThriftStruct = static_cast<std::uint8_t>(CompactType::Struct);
constexpr const char* kHeaderWhat = "Parquet bloom filter header";

[[noreturn]] void fail(const std::string& message) {
    throw FilterIoError(message);
}

/// Reads a union whose only known member is field 1 (an empty struct); `what` names it.
void readKnownUnion(CompactReader& r, const char* what, const char* member) {
    std::int16_t last = 0;
    int members = 0;
    while (const auto f = r.field(last)) {
        if (f->id != 1)
            fail(std::string("Parquet bloom filter uses an unsupported ") + what +
                 " (union field " + std::to_string(f->id) + "; only 1 = " + member +
                 " is supported)");
        if (f->type != kThriftStruct)
            fail(std::string("Parquet bloom filter header: ") + what + "." + member +
                 " is not a struct");
        r.skip(kThriftStruct, 2); // the empty struct (unknown fields inside are skipped)
        ++members;
    }
    if (members != 1)
        fail(std::string("Parquet bloom filter header: ") + what +
             " must set exactly one member; got " + std::to_string(members));
}

} // namespace

std::vector<std::uint8_t> exportParquetBloomFilter(const BlockedBloomFilter& filter) {
    const std::vector<std::uint8_t> bitset = filter.bitsetBytes();
    if (bitset.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        fail("the filter's bitset is " + std::to_string(bitset.size()) +
             " bytes; a Parquet bloom filter's numBytes is a 32-bit field (at most 2147483647)");
    std::vector<std::uint8_t> out;
    out.reserve(bitset.size() + 20);
    thrift::appendShortFieldHeader(out, 1, CompactType::I32); // field 1: i32 numBytes
    thrift::appendZigzag(out, static_cast<std::int64_t>(bitset.size()));
    for (int member = 0; member < 3; ++member) {
        thrift::appendShortFieldHeader(out, 1, CompactType::Struct); // field 2, 3, 4: the union
        thrift::appendShortFieldHeader(out, 1, CompactType::Struct); //   its field 1: empty struct
        thrift::appendStructEnd(out);                                //   end of the empty struct
        thrift::appendStructEnd(out);                                //   end of the union
    }
    thrift::appendStructEnd(out); // end of BloomFilterHeader
    out.insert(out.end(), bitset.begin(), bitset.end());
    return out;
}

BlockedBloomFilter importParquetBloomFilter(std::span<const std::uint8_t> blob) {
    CompactReader r(blob, kHeaderWhat);
    std::int16_t last = 0;
    std::optional<std::int64_t> numBytes;
    bool seen[5] = {false, false, false, false, false};
    while (const auto f = r.field(last)) {
        const std::int16_t id = f->id;
        if (id >= 1 && id <= 4) {
            if (seen[id]) fail("Parquet bloom filter header repeats field " + std::to_string(id));
            seen[id] = true;
        }
        switch (id) {
        case 1:
            if (f->type != kThriftI32) fail("Parquet bloom filter header: numBytes is not an i32");
            numBytes = r.zigzag(thrift::kMaxVarintBytesI32);
            break;
        case 2:
            if (f->type != kThriftStruct)
                fail("Parquet bloom filter header: algorithm is not a union");
            readKnownUnion(r, "algorithm", "BLOCK (split-block)");
            break;
        case 3:
            if (f->type != kThriftStruct) fail("Parquet bloom filter header: hash is not a union");
            readKnownUnion(r, "hash", "XXHASH");
            break;
        case 4:
            if (f->type != kThriftStruct)
                fail("Parquet bloom filter header: compression is not a union");
            readKnownUnion(r, "compression", "UNCOMPRESSED");
            break;
        default:
            r.skip(f->type, 1);
            break;
        }
    }
    for (int field = 1; field <= 4; ++field) {
        static constexpr const char* kNames[] = {"", "numBytes", "algorithm", "hash",
                                                 "compression"};
        if (!seen[field])
            fail(std::string("Parquet bloom filter header lacks the required field ") +
                 kNames[field]);
    }
    const std::int64_t n = *numBytes;
    if (n <= 0 || n % 32 != 0 || n > std::numeric_limits<std::int32_t>::max())
        fail("Parquet bloom filter numBytes must be a positive multiple of 32 (whole 256-bit "
             "blocks); got " +
             std::to_string(n));
    const std::size_t bitsetStart = r.position();
    const std::size_t available = blob.size() - bitsetStart;
    if (static_cast<std::uint64_t>(n) != available)
        fail("Parquet bloom filter header says numBytes = " + std::to_string(n) + " but " +
             std::to_string(available) + " bytes follow the header");
    try {
        return BlockedBloomFilter::fromBitset(blob.subspan(bitsetStart), 0, 0.0, 0);
    } catch (const std::invalid_argument& e) {
        fail(std::string("Parquet bloom filter: ") + e.what());
    }
}

} // namespace bloomlab
