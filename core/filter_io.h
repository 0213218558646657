// filter_io — one versioned, checksummed binary format for every filter type, atomic saves,
// and the Parquet bloom-filter blob export for the blocked filter.
//
// FORMAT v1 (all integers little-endian, whatever the host)
//   off size  field
//   0   8     magic "BLMLAB\r\n"
//   8   2     format version (1); other versions are refused: "unsupported version N"
//   10  1     filter type (FilterType)
//   11  1     hash algorithm (HashAlgorithm: 1 XXH3-128, 2 XXH64)
//   12  4     parameter block length P (bounded, <= 4096)
//   16  8     hash seed
//   24  P     type-specific parameters (see filter_io.cpp; every field validated)
//   24+P 8    payload length L (validated against the file size and the parameters)
//   32+P L    payload (bit words / counters / packed table / layers), little-endian
//   end 8     XXH64 (seed 0) of every byte before it
// Load validates the magic, the version, the checksum, then every size against the file length
// and sane limits BEFORE allocating (a file claiming 2^60 bits is an error, not an allocation;
// PITFALLS #9, #10). Save writes a temp file in the same directory, fsyncs, renames over the
// target and fsyncs the directory: a crash leaves the old file or the new one, never half.
#pragma once

#include "core/any_filter.h"
#include "core/blocked_bloom_filter.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace bloomlab {

class FilterIoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr std::uint16_t kFilterFormatVersion = 1;
/// Largest payload a loader accepts (16 GiB); larger claims are refused before allocating.
inline constexpr std::uint64_t kMaxPayloadBytes = std::uint64_t{16} << 30;

std::vector<std::uint8_t> serializeFilter(const AnyFilter& filter);
/// Throws FilterIoError with a message naming the problem (bad magic, unsupported version N,
/// checksum mismatch, truncated, parameter out of range, ...). Never reads out of bounds.
AnyFilter deserializeFilter(std::span<const std::uint8_t> bytes);

/// Atomic save (temp + fsync + rename). Throws FilterIoError.
void saveFilter(const AnyFilter& filter, const std::filesystem::path& path);
/// The atomic write behind saveFilter, for any bytes (the Parquet export uses it): a temp file
/// in the same directory, write, fsync, rename over `path`, fsync the directory. On failure the
/// temp file is removed and `path` is untouched. Throws FilterIoError.
void writeFileAtomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
/// Throws FilterIoError (also for unreadable or oversized files).
AnyFilter loadFilter(const std::filesystem::path& path);

/// Parquet: Thrift compact-encoded BloomFilterHeader {numBytes, algorithm BLOCK, hash XXHASH,
/// compression UNCOMPRESSED} followed by the bitset, exactly as a Parquet writer stores it.
std::vector<std::uint8_t> exportParquetBloomFilter(const BlockedBloomFilter& filter);
/// Parses such a blob (validating the header and the length). Throws FilterIoError.
BlockedBloomFilter importParquetBloomFilter(std::span<const std::uint8_t> blob);

} // namespace bloomlab
