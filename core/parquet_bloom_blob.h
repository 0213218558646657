// parquet_bloom_blob — the blocked filter as Parquet stores a column's bloom filter: a Thrift
// compact-encoded BloomFilterHeader followed by the bitset.
//
// parquet.thrift:
//   struct BloomFilterHeader { 1: required i32 numBytes; 2: required BloomFilterAlgorithm
//     algorithm; 3: required BloomFilterHash hash; 4: required BloomFilterCompression compression }
//   union BloomFilterAlgorithm { 1: SplitBlockAlgorithm BLOCK }      (SplitBlockAlgorithm {})
//   union BloomFilterHash { 1: XxHash XXHASH }                          (XxHash {})
//   union BloomFilterCompression { 1: Uncompressed UNCOMPRESSED }       (Uncompressed {})
// So a header for N bitset bytes is: 15 <varint(2N)> 1C 1C 00 00 1C 1C 00 00 1C 1C 00 00 00.
#pragma once

#include "core/blocked_bloom_filter.h"
#include "core/errors.h"

#include <cstdint>
#include <span>
#include <vector>

namespace bloomlab {

/// The header {numBytes, algorithm BLOCK, hash XXHASH, compression UNCOMPRESSED} followed by the
/// bitset, exactly as a Parquet writer stores it. Throws FilterIoError when the bitset is larger
/// than numBytes (an i32) can describe.
std::vector<std::uint8_t> exportParquetBloomFilter(const BlockedBloomFilter& filter);
/// Parses such a blob (validating the header and the length; unknown fields are skipped).
/// Throws FilterIoError naming the problem.
BlockedBloomFilter importParquetBloomFilter(std::span<const std::uint8_t> blob);

} // namespace bloomlab
