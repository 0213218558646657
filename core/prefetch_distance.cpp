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
thread_local int t_scopedLevel = -1;              // -1: none, else a PrefetchLevel

/// A variable read once: whether it is set (non-empty), its text, and its value when the text is
/// a valid one.
template <class T>
struct EnvironmentValue {
    std::optional<T> value;
    bool set = false;
    std::string text;
};

template <class T>
EnvironmentValue<T> readEnvironment(const char* name, std::optional<T> (*parse)(std::string_view) noexcept) {
    EnvironmentValue<T> e;
    if (const char* value = std::getenv(name); value != nullptr && *value != '\0') {
        e.set = true;
        e.text = value;
        e.value = parse(e.text);
    }
    return e;
}

const EnvironmentValue<std::size_t>& environmentDistance() noexcept {
    static const EnvironmentValue<std::size_t> env = readEnvironment("BLOOMLAB_PREFETCH_DISTANCE", &parsePrefetchDistance);
    return env;
}

const EnvironmentValue<PrefetchLevel>& environmentLevel() noexcept {
    static const EnvironmentValue<PrefetchLevel> env = readEnvironment("BLOOMLAB_PREFETCH_LEVEL", &parsePrefetchLevel);
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

std::optional<PrefetchLevel> parsePrefetchLevel(std::string_view text) noexcept {
    if (text == "l1" || text == "L1") return PrefetchLevel::L1;
    if (text == "l2" || text == "L2") return PrefetchLevel::L2;
    return std::nullopt;
}

std::optional<std::size_t> prefetchDistanceFromEnvironment() noexcept { return environmentDistance().value; }

std::optional<PrefetchLevel> prefetchLevelFromEnvironment() noexcept { return environmentLevel().value; }

std::string prefetchEnvironmentProblem() {
    std::string problem;
    if (const auto& env = environmentDistance(); env.set && !env.value) {
        problem = "BLOOMLAB_PREFETCH_DISTANCE=" + quotedInput(env.text) +
                  " is not a prefetch distance (use 32, 64, 128 or 256 keys); the distance per array size is used instead";
    }
    if (const auto& env = environmentLevel(); env.set && !env.value) {
        if (!problem.empty()) problem += "; ";
        problem += "BLOOMLAB_PREFETCH_LEVEL=" + quotedInput(env.text) +
                   " is not a cache level (use l1 or l2); the level per array size is used instead";
    }
    return problem;
}

std::uint64_t prefetchCacheBytes() noexcept {
    static const std::uint64_t bytes = readCacheBytes();
    return bytes;
}

ScopedPrefetchDistance::ScopedPrefetchDistance(std::size_t keys) noexcept : m_previous(t_scopedDistance) {
    t_scopedDistance = std::clamp<std::size_t>(keys, 16, kMaxPrefetchDistance);
}

ScopedPrefetchDistance::~ScopedPrefetchDistance() { t_scopedDistance = m_previous; }

ScopedPrefetchLevel::ScopedPrefetchLevel(PrefetchLevel level) noexcept : m_previous(t_scopedLevel) {
    t_scopedLevel = static_cast<int>(level);
}

ScopedPrefetchLevel::~ScopedPrefetchLevel() { t_scopedLevel = m_previous; }

PrefetchChoice choosePrefetchDistance(std::uint64_t arrayBytes, PrefetchDistances distances) noexcept {
    const std::uint64_t cache = prefetchCacheBytes();
    const bool inCache = cache != 0 && arrayBytes <= cache;
    PrefetchChoice choice;
    if (t_scopedDistance != 0) {
        choice = {t_scopedDistance, PrefetchRule::Scoped};
    } else if (const std::optional<std::size_t> env = prefetchDistanceFromEnvironment()) {
        choice = {*env, PrefetchRule::Environment};
    } else if (inCache) {
        choice = {distances.inCache, PrefetchRule::InCache};
    } else {
        choice = {distances.memory, PrefetchRule::Memory};
    }
    // The level follows the array's size whatever set the distance, unless it is set itself.
    if (t_scopedLevel >= 0) {
        choice.level = static_cast<PrefetchLevel>(t_scopedLevel);
    } else if (const std::optional<PrefetchLevel> env = prefetchLevelFromEnvironment()) {
        choice.level = *env;
    } else {
        choice.level = inCache ? PrefetchLevel::L1 : PrefetchLevel::L2;
    }
    return choice;
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

const char* prefetchLevelName(PrefetchLevel level) noexcept {
    return level == PrefetchLevel::L1 ? "L1" : "L2";
}

} // namespace bloomlab
