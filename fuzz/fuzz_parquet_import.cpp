// libFuzzer harness: importParquetBloomFilter() on arbitrary bytes (a Thrift compact
// BloomFilterHeader followed by the bitset). It may only throw FilterIoError. A blob that
// imports must give a sane blocked filter:
//   - the bitset is a whole number of 32-byte blocks and is a contiguous range of the blob
//     (the importer copies bits, it never invents them);
//   - export -> import -> export is stable and keeps the bitset;
//   - a key inserted afterwards is found (no false negative).
#include "core/blocked_bloom_filter.h"
#include "core/filter_io.h"
#include "fuzz/fuzz_support.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

using bloomlab::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> blob(data, size);
    try {
        bloomlab::BlockedBloomFilter filter = bloomlab::importParquetBloomFilter(blob);
        const std::vector<std::uint8_t> bitset = filter.bitsetBytes();
        check(!bitset.empty() && bitset.size() % 32 == 0, "imported bitset is not whole 32-byte blocks");
        check(bitset.size() / 32 == filter.numBlocks(), "numBlocks does not match the bitset");
        check(std::search(blob.begin(), blob.end(), bitset.begin(), bitset.end()) != blob.end(),
              "imported bitset is not a contiguous range of the blob");

        const std::vector<std::uint8_t> exported = bloomlab::exportParquetBloomFilter(filter);
        bloomlab::BlockedBloomFilter again = bloomlab::importParquetBloomFilter(exported);
        check(again.bitsetBytes() == bitset, "export/import changed the bitset");
        check(bloomlab::exportParquetBloomFilter(again) == exported, "export is not stable");

        (void)filter.stats();
        (void)filter.mightContain("hello");
        filter.insert("bloomlab-fuzz-probe-key");
        check(filter.mightContain("bloomlab-fuzz-probe-key"), "false negative after import + insert");
    } catch (const bloomlab::FilterIoError&) {
        // refused with a message
    }
    return 0;
}
