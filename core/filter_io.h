// filter_io — one versioned, checksummed binary format for every filter type, saved atomically
// (core/atomic_file.h). The Parquet bloom-filter blob of the blocked filter is
// core/parquet_bloom_blob.h.
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
// docs/pitfalls.md #9, #10). Save writes a temp file in the same directory, fsyncs, renames over the
// target and fsyncs the directory: a crash leaves the old file or the new one, never half.
#pragma once

#include "core/any_filter.h"
#include "core/atomic_file.h"        // writeFileAtomically, which saveFilter uses
#include "core/errors.h"             // FilterIoError
#include "core/parquet_bloom_blob.h" // the Parquet export, which callers of this header use

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace bloomlab {

inline constexpr std::uint16_t kFilterFormatVersion = 1;
/// Largest payload a loader accepts (16 GiB); larger claims are refused before allocating.
inline constexpr std::uint64_t kMaxPayloadBytes = std::uint64_t{16} << 30;

std::vector<std::uint8_t> serializeFilter(const AnyFilter& filter);
/// Throws FilterIoError with a message naming the problem (bad magic, unsupported version N,
/// checksum mismatch, truncated, parameter out of range, ...). Never reads out of bounds.
AnyFilter deserializeFilter(std::span<const std::uint8_t> bytes);

/// Atomic save (temp + fsync + rename). Throws FilterIoError.
void saveFilter(const AnyFilter& filter, const std::filesystem::path& path);
/// Throws FilterIoError (also for unreadable or oversized files).
AnyFilter loadFilter(const std::filesystem::path& path);

} // namespace bloomlab
