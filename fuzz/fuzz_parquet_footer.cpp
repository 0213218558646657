// libFuzzer harness: a Parquet file's footer and bloom filters read from arbitrary bytes
// (ParquetFile::fromBytes, readBloomFilter for every column chunk that has one). Only
// ParquetFormatError may escape. A file that loads must be consistent:
//   - every row group has one column chunk per schema leaf, of the leaf's type;
//   - a bloom filter that reads lies inside the file: its bitset is a contiguous range of the
//     input, after bloom_filter_offset;
//   - a key inserted afterwards is found (no false negative); the analysis runs.
#include "core/blocked_bloom_filter.h"
#include "core/parquet_bloom_analysis.h"
#include "core/parquet_file.h"
#include "core/parquet_value.h"
#include "fuzz/fuzz_support.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

using bloomlab::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::uint8_t> bytes(data, data + size);
    try {
        const bloomlab::ParquetFile file = bloomlab::ParquetFile::fromBytes(bytes, "fuzz.parquet");
        check(file.fileSize() == size, "file size differs from the input");
        for (const auto& group : file.rowGroups()) {
            check(group.columns.size() == file.columns().size(), "row group without one chunk per leaf");
            for (const auto& chunk : group.columns) {
                check(chunk.type == file.columns()[chunk.column].type, "chunk type differs from its leaf");
                if (!chunk.hasBloomFilter()) continue;
                try {
                    bloomlab::BlockedBloomFilter filter = file.readBloomFilter(chunk.rowGroup, chunk.column);
                    const std::vector<std::uint8_t> bitset = filter.bitsetBytes();
                    check(!bitset.empty() && bitset.size() % 32 == 0, "bitset is not whole 32-byte blocks");
                    const auto start = bytes.begin() + static_cast<std::ptrdiff_t>(*chunk.bloomFilterOffset);
                    check(*chunk.bloomFilterOffset >= 4 && static_cast<std::size_t>(*chunk.bloomFilterOffset) < size,
                          "a filter was read from outside the file");
                    check(std::search(start, bytes.end(), bitset.begin(), bitset.end()) != bytes.end(),
                          "bitset is not a range of the file after bloom_filter_offset");
                    (void)bloomlab::analyzeParquetBloomFilter(filter, chunk.distinctCount);
                    try {
                        (void)filter.mightContain(bloomlab::parquetPlainValue("12", file.columns()[chunk.column]));
                    } catch (const std::invalid_argument&) {
                        // a type without plain values to look up (BOOLEAN, INT96, short fixed length)
                    }
                    filter.insert("bloomlab-fuzz-probe-key");
                    check(filter.mightContain("bloomlab-fuzz-probe-key"), "false negative after read + insert");
                } catch (const bloomlab::ParquetFormatError&) {
                    // this chunk's filter is refused with a message; the others are still read
                }
            }
        }
        (void)file.findColumn("a.b");
    } catch (const bloomlab::ParquetFormatError&) {
        // refused with a message
    }
    return 0;
}
