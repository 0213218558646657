// Shared by the Qt Test executables (linked into every tests/tst_*.cpp): deterministic key sets,
// the expected-exception check, the binomial acceptance check for measured false-positive
// counts, running the built bloomlab-cli, and whether a sanitizer is compiled in.
#pragma once

#include "core/filter_math.h"
#include "core/key_batch.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// BLOOMLAB_UNDER_TSAN / BLOOMLAB_UNDER_ASAN: 1 when built with ThreadSanitizer /
// AddressSanitizer (GCC defines __SANITIZE_*__, clang answers __has_feature), else 0.
#if defined(__SANITIZE_THREAD__)
#define BLOOMLAB_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BLOOMLAB_UNDER_TSAN 1
#endif
#endif
#ifndef BLOOMLAB_UNDER_TSAN
#define BLOOMLAB_UNDER_TSAN 0
#endif
#if defined(__SANITIZE_ADDRESS__)
#define BLOOMLAB_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BLOOMLAB_UNDER_ASAN 1
#endif
#endif
#ifndef BLOOMLAB_UNDER_ASAN
#define BLOOMLAB_UNDER_ASAN 0
#endif

namespace bloomlab::test {

// ---- Keys ----------------------------------------------------------------------------------

/// `count` random byte strings with lengths in [minLength, maxLength] (every byte value, NUL
/// included), the same for the same seed.
std::vector<std::string> randomKeys(std::size_t count, std::size_t minLength, std::size_t maxLength,
                                    std::uint64_t seed);

/// Keys to insert: `count` random keys of length 4..32 (so practically distinct) followed by six
/// edge cases (the empty key, NUL bytes, non-ASCII UTF-8, a run of 0xFE bytes).
std::vector<std::string> insertedKeys(std::size_t count, std::uint64_t seed);

/// Keys never inserted: random keys of length 33..48, longer than every key insertedKeys makes.
std::vector<std::string> absentKeys(std::size_t count, std::uint64_t seed);

/// Views of `keys` (which must outlive them), for the batched insert / lookup calls.
std::vector<std::string_view> views(const std::vector<std::string>& keys);

/// Keys of mixed lengths for the KeyBatch tests, the same for the same seed: 300 keys of 8 bytes
/// (runs for the vectorised hashing), 700 of 0..64 bytes (empty keys among them), 8 long ones
/// (200..5000 bytes) and a last empty key.
std::vector<std::string> mixedLengthKeys(std::uint64_t seed);

/// The keys packed into one buffer with offsets (KeyBatchBuilder::view() gives the KeyBatch).
KeyBatchBuilder packed(const std::vector<std::string>& keys);

/// "" when, for every slice [start, start + size) of `batch` (each start + size <= its size),
/// filter.mightContainMany answers as filter.mightContain key by key and writes nothing past the
/// slice; otherwise the first difference, in words.
template <class Filter>
std::string sliceMismatch(const Filter& filter, const KeyBatch& batch, std::initializer_list<std::size_t> starts,
                          std::initializer_list<std::size_t> sizes) {
    for (const std::size_t start : starts) {
        for (const std::size_t size : sizes) {
            std::vector<std::uint8_t> partial(size + 1, 7);
            filter.mightContainMany(batch.subspan(start, size), std::span(partial).first(size));
            for (std::size_t i = 0; i < size; ++i) {
                if ((partial[i] != 0) != filter.mightContain(batch[start + i])) {
                    return "slice at " + std::to_string(start) + " of " + std::to_string(size) + " keys: key " +
                           std::to_string(start + i) + " answers differently";
                }
            }
            if (partial[size] != 7) return "slice at " + std::to_string(start) + " wrote past its end";
        }
    }
    return "";
}

/// Same words in the same order: two word-array filters hold identical bits.
template <class Filter>
bool sameWords(const Filter& a, const Filter& b) {
    return std::ranges::equal(a.words(), b.words());
}

// ---- Expected errors -----------------------------------------------------------------------

/// True when `what` contains `fragment`; otherwise prints the whole message as a Qt warning.
/// Stores the message in `message` when given.
bool messageContains(const char* what, const char* fragment, QString* message = nullptr);

/// Runs `f`; true when it throws std::invalid_argument whose message contains `fragment`.
template <class F>
bool throwsWith(F&& f, const char* fragment, QString* message = nullptr) {
    try {
        std::forward<F>(f)();
    } catch (const std::invalid_argument& e) {
        return messageContains(e.what(), fragment, message);
    }
    return false;
}

/// Runs `f`; the message of the std::exception it throws, or an empty string when it returns.
template <class F>
QString errorOf(F&& f) {
    try {
        std::forward<F>(f)();
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

// ---- Measured false positives --------------------------------------------------------------

/// `count` lies inside `band` (a math::binomialAcceptance interval of counts).
bool within(std::uint64_t count, const math::Interval& band);

/// The failure message for a count outside its band: what was measured, the rate, the expected
/// p and the accepted interval.
QByteArray bandMessage(const char* what, std::uint64_t count, std::uint64_t trials, double p,
                       const math::Interval& band);

// ---- The built command-line tool -----------------------------------------------------------

struct CliResult {
    int exitCode = -1;  ///< -1: did not start or timed out (err says which); -2: crashed
    QByteArray out;
    QByteArray err;
};

/// Runs bloomlab-cli (BLOOMLAB_CLI_PATH) with `args`, writes `input` to its stdin and closes it,
/// and waits up to `timeoutMs` (then kills it).
CliResult runCli(const QStringList& args, const QByteArray& input = {}, int timeoutMs = 300000);

struct CliTextResult {
    int exitCode = -1;  ///< as CliResult::exitCode
    QString out;        ///< stdout decoded as UTF-8
    QString err;        ///< stderr decoded as UTF-8
};

/// runCli with no input and the output decoded as UTF-8.
CliTextResult runCliText(const QStringList& args, int timeoutMs = 300000);

} // namespace bloomlab::test
