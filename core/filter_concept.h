// The filter API, stated once. Every filter static_asserts MembershipFilter; filters whose
// deletion is real (counting Bloom, cuckoo) also satisfy DeletableFilter.
#pragma once

#include "core/filter_stats.h"

#include <concepts>
#include <cstdint>
#include <string_view>

namespace bloomlab {

/// Who may insert into a lock-free filter (classic and blocked Bloom) at the same time. In both
/// modes any number of threads may query while it is written, and a query that starts after an
/// insert returned sees that key (the insert publishes with release stores).
enum class Writers : std::uint8_t {
    /// The default: any number of threads may insert at once. Bits are set with atomic OR, one
    /// locked instruction per word still missing a bit (lock or / lock cmpxchg16b on x86).
    Many,
    /// At most one thread inserts at a time (the caller guarantees it, e.g. a bulk build).
    /// Bits are set with a plain load and store (no locked instruction): insertMany is 2-3x
    /// faster, but two threads inserting at once could lose each other's bits.
    One,
};

/// insert(key) -> bool: true when the key is now represented (classic Bloom always true;
/// cuckoo/scalable may return false when full, and then nothing already inside was lost).
/// mightContain(key): false = definitely not inserted; true = maybe (ask the store of record).
template <class F>
concept MembershipFilter = requires(F filter, const F& constFilter, std::string_view key) {
    { filter.insert(key) } -> std::same_as<bool>;
    { constFilter.mightContain(key) } -> std::same_as<bool>;
    { constFilter.stats() } -> std::same_as<FilterStats>;
};

/// erase(key) -> bool: true when one occurrence was removed; false when the key was (certainly)
/// not there, in which case nothing changed.
template <class F>
concept DeletableFilter = MembershipFilter<F> && requires(F filter, std::string_view key) {
    { filter.erase(key) } -> std::same_as<bool>;
};

} // namespace bloomlab
