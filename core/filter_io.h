// filter_io — one versioned, checksummed binary format for every filter type, saved atomically
// (core/atomic_file.h). The Parquet bloom-filter blob of the blocked filter is
// core/parquet_bloom_blob.h.
//
// FORMAT v1 and v2 (all integers little-endian, whatever the host)
//   off size  field
//   0   8     magic "BLMLAB\r\n"
//   8   2     format version (1 or 2); other versions are refused: "unsupported version N"
//   10  1     filter type (FilterType)
//   11  1     hash algorithm (HashAlgorithm: 1 XXH3-128, 2 XXH64)
//   12  4     parameter block length P (bounded, <= 4096)
//   16  8     hash seed
//   24  P     type-specific parameters (see filter_io.cpp; every field validated)
//   24+P 8    payload length L (validated against the file size and the parameters)
//   32+P L    payload (bit words / counters / packed table / layers), little-endian
//   end 8     XXH64 (seed 0) of every byte before it
// Load reads the HEADER FIRST (at most kMaxFilterHeaderBytes) and checks the magic, the version,
// the type and the declared sizes against the file size; only then does it allocate and read the
// payload (a 2 GiB file of zeros is refused after one 4 KiB read), then it checks the checksum and
// every parameter (a file claiming 2^60 bits is an error, not an allocation; docs/pitfalls.md #9,
// #10). A file is opened with O_NONBLOCK and refused unless it is a regular file (a FIFO does not
// hang the loader). Save streams the header, the payload straight from the filter's memory (no
// serialized copy) and the checksum to a temp file in the same directory, fsyncs, renames over
// the target and fsyncs the directory: a crash leaves the old file or the new one, never half.
// VERSIONS: v2 is v1 whose parameter block starts with a 56-byte growth block (the growth policy
// and the rebuild count) and, for a tiered cuckoo filter, continues with the tier block (the
// tier rule and one cuckoo block per tier). A filter without a growth policy (reject, no
// rebuilds; scalable, whose layers are in v1) is written as v1, byte for byte what the first
// format wrote, so older readers keep reading it; they refuse a v2 file with "unsupported
// version 2 (this build reads version 1)". v3 is v2 with an 8-byte layout block between the
// growth block and the cuckoo block: only a cuckoo filter with the local layout is written so
// (its buckets mean something else, so a build that cannot place them must refuse the file, and
// does: "unsupported version 3"); spread-layout filters stay v1 or v2, byte for byte as before.
// This build reads all three.
// ONE SIZE LIMIT: a payload of at most kMaxPayloadBytes (16 GiB); build refuses a larger filter
// before allocating it (checkFilterFits), save refuses it, load refuses it.
#pragma once

#include "core/any_filter.h"
#include "core/atomic_file.h"        // writeFileAtomically, which saveFilter uses
#include "core/errors.h"             // FilterIoError
#include "core/parquet_bloom_blob.h" // the Parquet export, which callers of this header use

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace bloomlab {

/// The first format version: every filter without a growth policy is still written as v1.
inline constexpr std::uint16_t kFilterFormatVersion = 1;
/// The version of a filter with a growth policy (rebuild) or tiers.
inline constexpr std::uint16_t kGrowthFormatVersion = 2;
/// The version of a cuckoo filter with the local layout; the newest this build reads.
inline constexpr std::uint16_t kLayoutFormatVersion = 3;
/// The version saveFilter writes for `filter` (1, 2 or 3, see VERSIONS).
std::uint16_t filterFormatVersionFor(const AnyFilter& filter);
/// Largest payload a loader accepts (16 GiB); larger claims are refused before allocating.
inline constexpr std::uint64_t kMaxPayloadBytes = std::uint64_t{16} << 30;

/// The longest header a filter file has: 24 fixed bytes, a parameter block of at most 4096 and
/// the 8-byte payload length. The loaders read this much before anything else.
inline constexpr std::uint64_t kMaxFilterHeaderBytes = 24 + 4096 + 8;

/// What the header of a filter file declares (after readFilterHeader checked it).
struct FilterFileHeader {
    std::uint16_t version = kFilterFormatVersion;
    FilterType type = FilterType::Classic;
    std::uint32_t paramBytes = 0;
    std::uint64_t seed = 0;
    std::uint64_t payloadLength = 0;
    std::uint64_t headerBytes = 0; ///< bytes before the payload
};

/// Checks the header in `prefix` (the file's first min(fileSize, kMaxFilterHeaderBytes) bytes or
/// more) against `fileSize`: magic, version, type, hash id, parameter length, payload length.
/// Throws FilterIoError. Needs no byte past the header. `newestVersion` is the newest version
/// the caller reads (a test passes kFilterFormatVersion to read as a v1-only reader would).
FilterFileHeader readFilterHeader(std::span<const std::uint8_t> prefix, std::uint64_t fileSize,
                                  std::uint16_t newestVersion = kLayoutFormatVersion);

/// Fills the buffer it is given as far as the source goes; returns the bytes filled.
using FilterByteSource = std::function<std::size_t(std::span<std::uint8_t>)>;

/// The header-first read every loader uses (loadFilter, the fuzzer): reads the header through
/// `read`, checks it against `size`, and only then allocates and reads the rest; then
/// deserializeFilter. Throws FilterIoError.
AnyFilter readFilter(std::uint64_t size, const FilterByteSource& read);

/// Refuses, before a filter is allocated, a table of `tableBytes` (FilterPlan::bytes) above
/// kMaxPayloadBytes (what save and load refuse) or above the memory available now
/// (MemAvailable), saying how much it needs. `what` starts the message ("this cuckoo filter").
/// Throws FilterIoError.
void checkFilterFits(std::uint64_t tableBytes, const std::string& what);

std::vector<std::uint8_t> serializeFilter(const AnyFilter& filter);
/// Throws FilterIoError with a message naming the problem (bad magic, unsupported version N,
/// checksum mismatch, truncated, parameter out of range, ...). Never reads out of bounds.
AnyFilter deserializeFilter(std::span<const std::uint8_t> bytes);

/// Atomic save (AtomicFileWriter: temp + fsync + rename), streamed from the filter's memory.
/// Refuses a target that breaks the output rule (core/atomic_file.h). Throws FilterIoError.
void saveFilter(const AnyFilter& filter, const std::filesystem::path& path);
/// Opens with O_NONBLOCK, refuses a non-regular file, then readFilter. Throws FilterIoError
/// (also for unreadable or oversized files).
AnyFilter loadFilter(const std::filesystem::path& path);

} // namespace bloomlab
