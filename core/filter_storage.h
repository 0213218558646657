// filter_storage — the allocator behind the filters' bit and slot arrays.
//
// DESIGN
//   Every lookup of a filter larger than the caches is a random read, and once the array is larger
//   than the TLB covers with 4-KiB pages (a few thousand entries: some MiB), each of those reads
//   also walks the page table. Arrays of 2 MiB or more are therefore placed on 2-MiB boundaries,
//   rounded up to whole 2-MiB pages, and marked MADV_HUGEPAGE before anything touches them, so the
//   kernel backs them with transparent huge pages when it has them (Linux, THP in "madvise" or
//   "always" mode): one TLB entry covers 512 times as much. Smaller arrays are only 64-byte aligned
//   (a 32-byte block or a 4-slot cuckoo bucket never straddles two lines).
//   Filters far larger than the L3 (n = 100M) gain on every batched lookup; inside the L3 the
//   difference is noise (figures in docs/performance.md). BLOOMLAB_NO_HUGEPAGES=1 (any non-empty value)
//   turns the advice off; alignment and rounding stay, so deallocation never depends on it.
//   The rounding costs at most 2 MiB of address space per large array; stats().bytes reports the
//   array itself. Pages are still only backed when touched (filters zero their arrays on creation).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bloomlab {

namespace storage {

inline constexpr std::size_t kCacheLine = 64;
inline constexpr std::size_t kHugePage = std::size_t{2} << 20;

/// Alignment used for an array of `bytes`: kHugePage from kHugePage bytes on, else kCacheLine.
constexpr std::size_t alignmentFor(std::size_t bytes) noexcept { return bytes >= kHugePage ? kHugePage : kCacheLine; }

/// Storage for `bytes` (uninitialised), aligned by alignmentFor(bytes); large arrays are rounded
/// up to whole huge pages and advised MADV_HUGEPAGE unless BLOOMLAB_NO_HUGEPAGES is set.
/// Throws std::bad_alloc.
void* allocate(std::size_t bytes);
/// Frees what allocate(bytes) returned (the same `bytes`).
void deallocate(void* pointer, std::size_t bytes) noexcept;

/// Whether allocate() advises huge pages (false when BLOOMLAB_NO_HUGEPAGES is set or on systems
/// without madvise(MADV_HUGEPAGE)).
bool hugePagesAdvised() noexcept;

/// The last-level (L3) cache of cpu 0 in bytes, from sysfs, read once; 0 when unknown.
std::uint64_t lastLevelCacheBytes() noexcept;

/// Whether an array of `bytes` counts as cache-resident for the choice of a lookup loop: at most a
/// quarter of the last-level cache (which other cores, the keys and the store behind the filter
/// share; on the shared dev VM a 12 MiB filter in its 32 MiB L3 often behaved like one in DRAM),
/// or at most 4 MiB when the cache size is unknown.
bool cacheResident(std::uint64_t bytes) noexcept;

/// The kernel's THP mode as /sys/kernel/mm/transparent_hugepage/enabled selects it ("always",
/// "madvise", "never"), or "unknown".
std::string transparentHugePageMode();

} // namespace storage

/// std::allocator replacement for filter arrays (see the design note above).
template <class T>
struct FilterAllocator {
    using value_type = T;
    FilterAllocator() noexcept = default;
    template <class U>
    FilterAllocator(const FilterAllocator<U>&) noexcept {}  // NOLINT: allocator rebind
    T* allocate(std::size_t count) { return static_cast<T*>(storage::allocate(count * sizeof(T))); }
    void deallocate(T* pointer, std::size_t count) noexcept { storage::deallocate(pointer, count * sizeof(T)); }
    template <class U>
    bool operator==(const FilterAllocator<U>&) const noexcept { return true; }
};

template <class T>
using FilterArray = std::vector<T, FilterAllocator<T>>;

} // namespace bloomlab
