// prefetch_distance: the batched pipelines' distance per array size (see prefetch_distance.h).
#include "core/prefetch_distance.h"
#include "core/parse_units.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include <unistd.h>

namespace bloomlab {

namespace {

thread_local std::size_t t_scopedDistance = 0;  // 0: none

struct EnvironmentDistance {
    std::optional<std::size_t> distance;
    bool set = false;
    std::string text;
};

const EnvironmentDistance& environmentDistance() noexcept {
    static const EnvironmentDistance env = [] {
        EnvironmentDistance e;
        if (const char* value = std::getenv("BLOOMLAB_PREFETCH_DISTANCE"); value != nullptr && *value != '\0') {
            e.set = true;
            e.text = value;
            e.distance = parsePrefetchDistance(e.text);
        }
        return e;
    }();
    return env;
}

std::uint64_t readCacheBytes() noexcept {
#ifdef _SC_LEVEL2_CACHE_SIZE
    const long bytes = ::sysconf(_SC_LEVEL2_CACHE_SIZE);
    return bytes > 0 ? static_cast<std::uint64_t>(bytes) : 0;
#else
    return 0;
#endif
}

} // namespace

std::optional<std::size_t> parsePrefetchDistance(std::string_view text) noexcept {
    std::size_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    for (std::size_t d = kMinPrefetchDistance; d <= kMaxPrefetchDistance; d *= 2) {
        if (value == d) return value;
    }
    return std::nullopt;
}

std::optional<std::size_t> prefetchDistanceFromEnvironment() noexcept { return environmentDistance().distance; }

std::string prefetchEnvironmentProblem() {
    const EnvironmentDistance& env = environmentDistance();
    if (!env.set || env.distance) return {};
    return "BLOOMLAB_PREFETCH_DISTANCE=" + quotedInput(env.text) +
           " is not a prefetch distance (use 32, 64, 128 or 256 keys); the distance per array size is used instead";
}

std::uint64_t prefetchCacheBytes() noexcept {
    static const std::uint64_t bytes = readCacheBytes();
    return bytes;
}

ScopedPrefetchDistance::ScopedPrefetchDistance(std::size_t keys) noexcept : m_previous(t_scopedDistance) {
    t_scopedDistance = std::clamp<std::size_t>(keys, 16, kMaxPrefetchDistance);
}

ScopedPrefetchDistance::~ScopedPrefetchDistance() { t_scopedDistance = m_previous; }

PrefetchChoice choosePrefetchDistance(std::uint64_t arrayBytes, PrefetchDistances distances) noexcept {
    if (t_scopedDistance != 0) return {t_scopedDistance, PrefetchRule::Scoped};
    if (const std::optional<std::size_t> env = prefetchDistanceFromEnvironment()) {
        return {*env, PrefetchRule::Environment};
    }
    const std::uint64_t cache = prefetchCacheBytes();
    if (cache != 0 && arrayBytes <= cache) return {distances.inCache, PrefetchRule::InCache};
    return {distances.memory, PrefetchRule::Memory};
}

const char* prefetchRuleName(PrefetchRule rule) noexcept {
    switch (rule) {
    case PrefetchRule::InCache: return "in-cache";
    case PrefetchRule::Memory: return "memory";
    case PrefetchRule::Environment: return "BLOOMLAB_PREFETCH_DISTANCE";
    case PrefetchRule::Scoped: return "scoped";
    }
    return "";
}

} // namespace bloomlab
