// The filter API, stated once. Every filter static_asserts MembershipFilter; filters whose
// deletion is real (counting Bloom, cuckoo) also satisfy DeletableFilter.
#pragma once

#include "core/filter_stats.h"

#include <concepts>
#include <string_view>

namespace bloomlab {

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
