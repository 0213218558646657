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

} // namespace bloomlab
