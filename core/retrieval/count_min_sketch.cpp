#include "core/retrieval/count_min_sketch.h"

#include "core/hashing.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>

namespace bloomlab {

namespace {
constexpr std::uint32_t kMaxDepth = 64;
constexpr double kMaxWidth = double(1u << 26);
constexpr std::uint32_t kSaturated = std::numeric_limits<std::uint32_t>::max();
} // namespace

CountMinSketch CountMinSketch::forError(double epsilon, double delta, bool conservative,
                                        std::uint64_t seed) {
    if (!(epsilon > 0.0 && epsilon < 1.0))
        throw std::invalid_argument("sketch epsilon must be in (0, 1); got " + std::to_string(epsilon));
    if (!(delta > 0.0 && delta < 1.0))
        throw std::invalid_argument("sketch delta must be in (0, 1); got " + std::to_string(delta));
    const double width = std::ceil(std::numbers::e / epsilon);
    const double depth = std::ceil(std::log(1.0 / delta));
    if (width > kMaxWidth)
        throw std::invalid_argument("sketch epsilon " + std::to_string(epsilon) +
                                    " needs more than 2^26 counters per row; use a larger epsilon");
    if (depth > kMaxDepth)
        throw std::invalid_argument("sketch delta " + std::to_string(delta) +
                                    " needs more than 64 rows; use a larger delta");
    return CountMinSketch(static_cast<std::uint32_t>(width),
                          std::max<std::uint32_t>(1, static_cast<std::uint32_t>(depth)),
                          conservative, seed);
}

CountMinSketch::CountMinSketch(std::uint32_t width, std::uint32_t depth, bool conservative,
                               std::uint64_t seed)
    : m_width(width), m_depth(depth), m_conservative(conservative), m_hash(seed) {
    if (width == 0) throw std::invalid_argument("sketch width must be >= 1; got 0");
    if (depth == 0 || depth > kMaxDepth)
        throw std::invalid_argument("sketch depth must be in [1, 64]; got " + std::to_string(depth));
    m_counters.assign(std::size_t{width} * depth, 0);
}

void CountMinSketch::positions(std::string_view key, std::uint64_t* out) const {
    const Hash128 h = m_hash(key);
    const std::uint64_t step = h.high | 1;
    for (std::uint32_t r = 0; r < m_depth; ++r)
        out[r] = std::uint64_t{r} * m_width + reduceRange(h.low + r * step, m_width);
}

std::uint32_t CountMinSketch::add(std::string_view key, std::uint32_t count) {
    std::array<std::uint64_t, kMaxDepth> pos{};
    positions(key, pos.data());
    m_total += count;
    const auto saturatingAdd = [](std::uint32_t value, std::uint32_t increment) {
        return value > kSaturated - increment ? kSaturated : value + increment;
    };
    if (m_conservative) {
        std::uint32_t current = kSaturated;
        for (std::uint32_t r = 0; r < m_depth; ++r) current = std::min(current, m_counters[pos[r]]);
        const std::uint32_t target = saturatingAdd(current, count);
        for (std::uint32_t r = 0; r < m_depth; ++r)
            m_counters[pos[r]] = std::max(m_counters[pos[r]], target);
        return target;
    }
    std::uint32_t estimate = kSaturated;
    for (std::uint32_t r = 0; r < m_depth; ++r) {
        m_counters[pos[r]] = saturatingAdd(m_counters[pos[r]], count);
        estimate = std::min(estimate, m_counters[pos[r]]);
    }
    return estimate;
}

std::uint32_t CountMinSketch::estimate(std::string_view key) const {
    std::array<std::uint64_t, kMaxDepth> pos{};
    positions(key, pos.data());
    std::uint32_t estimate = kSaturated;
    for (std::uint32_t r = 0; r < m_depth; ++r) estimate = std::min(estimate, m_counters[pos[r]]);
    return estimate;
}

void CountMinSketch::clear() {
    std::fill(m_counters.begin(), m_counters.end(), 0u);
    m_total = 0;
}

double CountMinSketch::epsilon() const noexcept { return std::numbers::e / m_width; }
double CountMinSketch::delta() const noexcept { return std::exp(-static_cast<double>(m_depth)); }

} // namespace bloomlab
