// libFuzzer harness: the loaders' header-first read (readFilter, what loadFilter runs on a file)
// on arbitrary bytes (every filter type).
//
// Each input is loaded twice: as given (magic, version and checksum checks) and with its
// trailing XXH64 recomputed (fuzz_support.h), so mutations also reach the parameter and payload
// validation that the checksum would otherwise hide. The loader may only throw FilterIoError;
// anything else (another exception, an out-of-bounds read, an allocation the file cannot
// justify -- scripts/fuzz.sh runs with -malloc_limit_mb) is a crash. The byte source also checks
// the header-first order: until readFilterHeader accepted the header, the loader may not ask for
// more than kMaxFilterHeaderBytes. A file that loads must then
// behave as a filter:
//   - serialize -> deserialize -> serialize gives the same bytes (the writer's output loads);
//   - stats(), describe() and lookups work;
//   - a key whose insert() returned true is found, and erase() of it succeeds where supported
//     (a tiered cuckoo filter may refuse it as ambiguous, counted).
#include "core/any_filter.h"
#include "core/filter_io.h"
#include "fuzz/fuzz_support.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace {

using bloomlab::AnyFilter;
using bloomlab::fuzz::check;

void exercise(AnyFilter& filter) {
    const bloomlab::FilterStats stats = filter.stats();
    check(stats.fillRatio >= 0.0 && stats.fillRatio <= 1.0, "fillRatio outside [0, 1]");
    check(!(stats.estimatedFpr < 0.0) && !(stats.estimatedFpr > 1.0), "estimatedFpr outside [0, 1]");
    (void)filter.describe();
    (void)filter.sizeInBits();
    (void)filter.hashCount();
    (void)filter.type();

    const std::vector<std::uint8_t> first = bloomlab::serializeFilter(filter);
    AnyFilter reloaded = bloomlab::deserializeFilter(first);  // must load: we wrote it
    check(bloomlab::serializeFilter(reloaded) == first, "serialize(deserialize(serialize(f))) differs");

    static const std::string kBinary("\0\xff\r\n", 4);
    for (std::string_view key : {std::string_view(), std::string_view("hello"), std::string_view(kBinary)}) {
        (void)filter.mightContain(key);
    }

    const std::string_view probe = "bloomlab-fuzz-probe-key";
    if (filter.insert(probe)) {
        check(filter.mightContain(probe), "false negative: inserted key not found in a loaded filter");
        if (filter.supportsErase()) {
            // A tiered cuckoo filter refuses an erase that more than one tier matches (another
            // tier's fingerprint may belong to another key) and counts it; nothing else may fail.
            const bloomlab::TieredCuckooFilter* tiered = filter.tiered();
            const std::uint64_t ambiguousBefore = tiered != nullptr ? tiered->ambiguousErases() : 0;
            check(filter.erase(probe) || (tiered != nullptr && tiered->ambiguousErases() > ambiguousBefore),
                  "erase of a just-inserted key failed in a loaded filter");
        }
    }
}

/// readFilter over `bytes`, through the same source interface a file is read with.
AnyFilter readThroughSource(std::span<const std::uint8_t> bytes) {
    std::size_t at = 0;
    bool headerAccepted = false;
    try {
        (void)bloomlab::readFilterHeader(bytes, bytes.size());
        headerAccepted = true;
    } catch (const bloomlab::FilterIoError&) {
    }
    return bloomlab::readFilter(bytes.size(), [&](std::span<std::uint8_t> buffer) {
        check(headerAccepted || at + buffer.size() <= bloomlab::kMaxFilterHeaderBytes,
              "the loader read past the header of a file whose header it refuses");
        const std::size_t n = std::min(buffer.size(), bytes.size() - at);
        std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(at), n, buffer.begin());
        at += n;
        return n;
    });
}

void tryLoad(std::span<const std::uint8_t> bytes) {
    try {
        AnyFilter filter = readThroughSource(bytes);
        exercise(filter);
    } catch (const bloomlab::FilterIoError&) {
        // refused with a message: the expected outcome for almost every input
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tryLoad(std::span<const std::uint8_t>(data, size));
    if (size >= 8) {
        const std::vector<std::uint8_t> fixed = bloomlab::fuzz::withFixedChecksum(data, size);
        tryLoad(fixed);
    }
    return 0;
}
