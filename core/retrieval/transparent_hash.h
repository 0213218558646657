// Heterogeneous lookup for std::unordered_{set,map}<std::string>: find(std::string_view) without
// building a temporary std::string (C++20 transparent hashing).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace bloomlab {

struct TransparentStringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept {
        return std::hash<std::string_view>{}(text);
    }
};

/// map[key] = value for a std::string-keyed map with transparent lookup: the key string is built
/// only when the key is new.
template <class Map>
void insertOrAssignByView(Map& map, std::string_view key, std::string_view value) {
    const auto it = map.find(key);
    if (it != map.end())
        it->second = std::string(value);
    else
        map.emplace(std::string(key), std::string(value));
}

} // namespace bloomlab
