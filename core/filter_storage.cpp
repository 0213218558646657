#include "core/filter_storage.h"

#include <cstdlib>
#include <fstream>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace bloomlab::storage {

namespace {

constexpr std::size_t roundUp(std::size_t bytes, std::size_t unit) noexcept { return (bytes + unit - 1) / unit * unit; }

/// The size actually allocated: whole huge pages for large arrays, so the last one is advised too.
constexpr std::size_t allocatedBytes(std::size_t bytes) noexcept {
    return bytes >= kHugePage ? roundUp(bytes, kHugePage) : bytes;
}

} // namespace

bool hugePagesAdvised() noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    static const bool advised = [] {
        const char* off = std::getenv("BLOOMLAB_NO_HUGEPAGES");
        return off == nullptr || *off == '\0';
    }();
    return advised;
#else
    return false;
#endif
}

void* allocate(std::size_t bytes) {
    if (bytes == 0) bytes = 1;
    const std::size_t size = allocatedBytes(bytes);
    if (size < bytes) throw std::bad_alloc();  // rounding overflowed
    void* const pointer = ::operator new(size, std::align_val_t{alignmentFor(bytes)});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kHugePage && hugePagesAdvised()) {
        // Advice only: without THP (or with it set to "never") the call fails or does nothing and
        // the array simply stays on small pages.
        (void)::madvise(pointer, size, MADV_HUGEPAGE);
    }
#endif
    return pointer;
}

void deallocate(void* pointer, std::size_t bytes) noexcept {
    if (bytes == 0) bytes = 1;
    ::operator delete(pointer, std::align_val_t{alignmentFor(bytes)});
}

std::uint64_t lastLevelCacheBytes() noexcept {
    static const std::uint64_t bytes = [] {
        std::ifstream in("/sys/devices/system/cpu/cpu0/cache/index3/size");
        std::uint64_t value = 0;
        std::string unit;
        if (!(in >> value) || value > (std::uint64_t{1} << 40)) return std::uint64_t{0};
        in >> unit;  // "32768K"
        if (unit == "K") return value << 10;
        if (unit == "M") return value << 20;
        return unit.empty() ? value : std::uint64_t{0};
    }();
    return bytes;
}

bool cacheResident(std::uint64_t bytes) noexcept {
    const std::uint64_t cache = lastLevelCacheBytes();
    return bytes <= (cache != 0 ? cache / 4 : std::uint64_t{4} << 20);
}

std::string transparentHugePageMode() {
    std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string line;
    if (!std::getline(in, line)) return "unknown";
    // "always [madvise] never": the selected mode is in brackets.
    const auto open = line.find('[');
    const auto close = line.find(']', open);
    if (open == std::string::npos || close == std::string::npos) return "unknown";
    return line.substr(open + 1, close - open - 1);
}

} // namespace bloomlab::storage
