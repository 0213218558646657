#include "ui/filter_probe.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <span>
#include <stdexcept>
#include <type_traits>

namespace bloomlab::ui {

namespace {

template <class T>
struct IsCuckoo : std::false_type {};
template <unsigned F>
struct IsCuckoo<CuckooFilter<F>> : std::true_type {};

/// tr() in the translation context "bloomlab::ui::FilterProbe" (this file's functions are no QObject
/// members; lupdate files Text::tr() strings under that context too).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(bloomlab::ui::FilterProbe)
};

/// Tier `layer` of a tiered cuckoo filter (each tier is drawn as a layer: a strip of its own).
template <class Fn>
auto withTier(const TieredCuckooFilter& f, std::uint32_t layer, Fn&& fn) {
    return std::visit(std::forward<Fn>(fn), f.tiers().at(layer));
}


/// Set bits of [begin, end) in a little-endian array of W-bit words.
template <class Word>
std::uint64_t countBits(std::span<const Word> words, std::uint64_t begin, std::uint64_t end) {
    constexpr unsigned bits = sizeof(Word) * 8;
    if (begin >= end)
        return 0;
    auto lowMask = [](unsigned n) -> Word { return n >= bits ? static_cast<Word>(~Word{0}) : static_cast<Word>((Word{1} << n) - 1); };
    const std::uint64_t first = begin / bits;
    const std::uint64_t last = (end - 1) / bits;
    const unsigned lo = static_cast<unsigned>(begin % bits);
    const unsigned hi = static_cast<unsigned>((end - 1) % bits) + 1;
    if (first == last)
        return static_cast<std::uint64_t>(std::popcount(static_cast<Word>((words[first] >> lo) & lowMask(hi - lo))));
    std::uint64_t total = static_cast<std::uint64_t>(std::popcount(static_cast<Word>(words[first] >> lo)));
    for (std::uint64_t w = first + 1; w < last; ++w)
        total += static_cast<std::uint64_t>(std::popcount(words[w]));
    total += static_cast<std::uint64_t>(std::popcount(static_cast<Word>(words[last] & lowMask(hi))));
    return total;
}

struct CounterSummary {
    std::uint64_t nonZero = 0;
    bool saturated = false;
};

CounterSummary summarizeCounters(std::span<const std::uint8_t> bytes, std::uint64_t begin, std::uint64_t end) {
    // Per byte: number of non-zero nibbles and whether one is 15 (saturated).
    static const auto table = [] {
        std::array<std::uint8_t, 256> t{};
        for (unsigned b = 0; b < 256; ++b) {
            const unsigned lo = b & 15U, hi = b >> 4;
            t[b] = static_cast<std::uint8_t>((lo != 0) + (hi != 0) + ((lo == 15 || hi == 15) ? 4 : 0));
        }
        return t;
    }();
    CounterSummary s;
    auto nibble = [&](std::uint64_t i) { return (bytes[i / 2] >> ((i % 2) * 4)) & 15U; };
    std::uint64_t i = begin;
    if (i < end && i % 2 == 1) {
        const unsigned v = nibble(i++);
        s.nonZero += v != 0;
        s.saturated |= v == 15;
    }
    for (; i + 1 < end; i += 2) {
        const std::uint8_t t = table[bytes[i / 2]];
        s.nonZero += t & 3U;
        s.saturated |= (t & 4U) != 0;
    }
    if (i < end) {
        const unsigned v = nibble(i);
        s.nonZero += v != 0;
        s.saturated |= v == 15;
    }
    return s;
}

} // namespace

CellKind cellKind(const AnyFilter& filter) {
    switch (filter.type()) {
    case FilterType::Counting: return CellKind::Counter;
    case FilterType::Cuckoo: return CellKind::Fingerprint;
    default: return CellKind::Bit;
    }
}

std::uint32_t layerCount(const AnyFilter& filter) {
    if (const auto* s = filter.as<ScalableBloomFilter>())
        return static_cast<std::uint32_t>(s->layers().size());
    if (const auto* t = filter.as<TieredCuckooFilter>())
        return t->tierCount();
    return 1;
}

std::uint64_t cellCount(const AnyFilter& filter, std::uint32_t layer) {
    return std::visit(
        [layer](const auto& f) -> std::uint64_t {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, BloomFilter> || std::is_same_v<T, BlockedBloomFilter>) {
                return f.numBits();
            } else if constexpr (std::is_same_v<T, CountingBloomFilter>) {
                return f.numCounters();
            } else if constexpr (std::is_same_v<T, ScalableBloomFilter>) {
                return layer < f.layers().size() ? f.layers()[layer].numBits() : 0;
            } else if constexpr (std::is_same_v<T, TieredCuckooFilter>) {
                return layer < f.tierCount()
                           ? withTier(f, layer, [](const auto& t) { return t.numBuckets() * kSlotsPerBucket; })
                           : 0;
            } else {
                static_assert(IsCuckoo<T>::value);
                return f.numBuckets() * T::kSlotsPerBucket;
            }
        },
        filter.variant());
}

std::uint32_t cellValue(const AnyFilter& filter, std::uint32_t layer, std::uint64_t index) {
    return std::visit(
        [layer, index](const auto& f) -> std::uint32_t {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, BloomFilter> || std::is_same_v<T, BlockedBloomFilter>) {
                return f.testBit(index) ? 1U : 0U;
            } else if constexpr (std::is_same_v<T, CountingBloomFilter>) {
                return f.counterAt(index);
            } else if constexpr (std::is_same_v<T, ScalableBloomFilter>) {
                return f.layers().at(layer).testBit(index) ? 1U : 0U;
            } else if constexpr (std::is_same_v<T, TieredCuckooFilter>) {
                return withTier(f, layer, [index](const auto& t) -> std::uint32_t {
                    return t.slotAt(index / kSlotsPerBucket, static_cast<unsigned>(index % kSlotsPerBucket));
                });
            } else {
                static_assert(IsCuckoo<T>::value);
                return f.slotAt(index / T::kSlotsPerBucket,
                                static_cast<unsigned>(index % T::kSlotsPerBucket));
            }
        },
        filter.variant());
}

std::vector<CellMark> probeMarks(const AnyFilter& filter, std::string_view key) {
    std::vector<CellMark> marks;
    if (const std::optional<CuckooPlace> place = cuckooPlaceOf(filter, key)) {
        for (const std::uint64_t bucket : {place->bucket1, place->bucket2}) {
            for (unsigned slot = 0; slot < kSlotsPerBucket; ++slot) {
                const std::uint64_t cell = bucket * kSlotsPerBucket + slot;
                const bool match = cellValue(filter, 0, cell) == place->fingerprint;
                const CellMark mark{0, cell, match ? MarkRole::Match : MarkRole::Candidate};
                if (std::find(marks.begin(), marks.end(), mark) == marks.end())
                    marks.push_back(mark);
            }
            if (place->bucket1 == place->bucket2)
                break;
        }
        return marks;
    }
    for (std::uint32_t layer = 0; layer < layerCount(filter); ++layer) {
        for (const std::uint64_t pos : probePositions(filter, key, layer)) {
            const bool zero = cellValue(filter, layer, pos) == 0;
            marks.push_back({layer, pos, zero ? MarkRole::ProbeZero : MarkRole::Probe});
        }
    }
    return marks;
}

CellRangeSummary summarizeCells(const AnyFilter& filter, std::uint32_t layer, std::uint64_t begin, std::uint64_t end) {
    end = std::min(end, cellCount(filter, layer));
    if (begin >= end)
        return {};
    const double span = static_cast<double>(end - begin);
    return std::visit(
        [&](const auto& f) -> CellRangeSummary {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, BloomFilter> || std::is_same_v<T, BlockedBloomFilter>) {
                return {static_cast<double>(countBits(f.words(), begin, end)) / span, false};
            } else if constexpr (std::is_same_v<T, ScalableBloomFilter>) {
                return {static_cast<double>(countBits(f.layers()[layer].words(), begin, end)) / span, false};
            } else if constexpr (std::is_same_v<T, CountingBloomFilter>) {
                const CounterSummary s = summarizeCounters(f.bytes(), begin, end);
                return {static_cast<double>(s.nonZero) / span, s.saturated};
            } else if constexpr (std::is_same_v<T, TieredCuckooFilter>) {
                const std::uint64_t step = std::max<std::uint64_t>(1, (end - begin) / 16);
                std::uint64_t seen = 0, occupied = 0;
                withTier(f, layer, [&](const auto& t) {
                    for (std::uint64_t i = begin; i < end; i += step, ++seen)
                        occupied += t.slotAt(i / kSlotsPerBucket, static_cast<unsigned>(i % kSlotsPerBucket)) != 0;
                });
                return {static_cast<double>(occupied) / static_cast<double>(seen), false};
            } else {
                static_assert(IsCuckoo<T>::value);
                const std::uint64_t step = std::max<std::uint64_t>(1, (end - begin) / 16);
                std::uint64_t seen = 0, occupied = 0;
                for (std::uint64_t i = begin; i < end; i += step, ++seen)
                    occupied += f.slotAt(i / T::kSlotsPerBucket, static_cast<unsigned>(i % T::kSlotsPerBucket)) != 0;
                return {static_cast<double>(occupied) / static_cast<double>(seen), false};
            }
        },
        filter.variant());
}

std::optional<LayerShape> scalableLayer(const AnyFilter& filter, std::uint32_t layer) {
    const auto* s = filter.as<ScalableBloomFilter>();
    if (!s || layer >= s->layers().size())
        return std::nullopt;
    const BloomFilter& f = s->layers()[layer];
    return LayerShape{f.numBits(), f.numHashes(), f.targetFpr(), f.itemCount()};
}

std::optional<TierShape> cuckooTier(const AnyFilter& filter, std::uint32_t layer) {
    const TieredCuckooFilter* tiered = filter.tiered();
    if (!tiered || layer >= tiered->tierCount())
        return std::nullopt;
    const TieredCuckooFilter::TierStats s = tiered->tierStats()[layer];
    return TierShape{s.geometry.buckets, s.geometry.fingerprintBits, s.geometry.fprBudget, s.geometry.capacity,
                     s.items, s.load};
}

std::vector<std::uint64_t> probePositions(const AnyFilter& filter, std::string_view key, std::uint32_t layer) {
    return std::visit(
        [&](const auto& f) -> std::vector<std::uint64_t> {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, ScalableBloomFilter>) {
                return layer < f.layers().size() ? f.layers()[layer].probePositions(key) : std::vector<std::uint64_t>{};
            } else if constexpr (IsCuckoo<T>::value || std::is_same_v<T, TieredCuckooFilter>) {
                return {};
            } else {
                return f.probePositions(key);
            }
        },
        filter.variant());
}

std::optional<Hash128> classicHashOf(const AnyFilter& filter, std::string_view key) {
    if (const auto* f = filter.as<BloomFilter>())
        return f->hashOf(key);
    return std::nullopt;
}

std::optional<CuckooPlace> cuckooPlaceOf(const AnyFilter& filter, std::string_view key) {
    return std::visit(
        [&](const auto& f) -> std::optional<CuckooPlace> {
            using T = std::decay_t<decltype(f)>;
            if constexpr (IsCuckoo<T>::value) {
                const auto placement = f.placementOf(key);
                return CuckooPlace{placement.fingerprint, placement.bucket1, placement.bucket2};
            } else {
                return std::nullopt;
            }
        },
        filter.variant());
}

std::vector<CuckooKick> lastKickChain(const AnyFilter& filter) {
    return std::visit(
        [](const auto& f) -> std::vector<CuckooKick> {
            if constexpr (requires { f.lastKickChain(); })
                return f.lastKickChain();
            else
                return {};
        },
        filter.variant());
}

std::uint64_t bucketCount(const AnyFilter& filter) {
    return std::visit(
        [](const auto& f) -> std::uint64_t {
            if constexpr (IsCuckoo<std::decay_t<decltype(f)>>::value)
                return f.numBuckets();
            else
                return 0;
        },
        filter.variant());
}

void clearBitForDemo(AnyFilter& filter, std::uint64_t index) {
    auto* f = filter.as<BloomFilter>();
    if (!f)
        throw std::logic_error("clearBitForDemo: only a classic Bloom filter has plain bits to clear");
    f->resetBitForDemo(index);
}

AnyFilter cuckooWithSlotsForDemo(const AnyFilter& like, const std::vector<std::uint32_t>& values) {
    const auto* f = like.as<CuckooFilter<8>>();
    if (!f || values.size() != f->numBuckets() * kSlotsPerBucket)
        throw std::logic_error("cuckooWithSlotsForDemo: needs an 8-bit cuckoo filter and one value per slot");
    // 8-bit fingerprints: slot s of bucket b is byte 4b + s of the packed table.
    std::vector<std::uint8_t> table(values.size());
    std::uint64_t items = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        table[i] = static_cast<std::uint8_t>(values[i]);
        items += values[i] != 0;
    }
    return AnyFilter(CuckooFilter<8>::fromTable(f->numBuckets(), f->capacity(), f->seed(), f->maxKicks(), items,
                                                f->failedInserts(), f->kicks(), table, std::nullopt));
}

AnyFilter makeClassicFilter(std::uint64_t bits, std::uint32_t hashes) { return AnyFilter(BloomFilter(bits, hashes)); }

AnyFilter makeCountingFilter(std::uint64_t counters, std::uint32_t hashes) {
    return AnyFilter(CountingBloomFilter(counters, hashes));
}

AnyFilter makeCuckooFilter(std::uint64_t buckets) { return AnyFilter(CuckooFilter<kTeachingFingerprintBits>(buckets)); }

QString filterTypeTitle(FilterType type) {
    switch (type) {
    case FilterType::Classic: return Text::tr("Classic Bloom");
    case FilterType::Blocked: return Text::tr("Blocked Bloom (Parquet SBBF)");
    case FilterType::Counting: return Text::tr("Counting Bloom");
    case FilterType::Scalable: return Text::tr("Scalable Bloom");
    case FilterType::Cuckoo: return Text::tr("Cuckoo");
    }
    return {};
}

QString filterTypeKeyword(FilterType type) {
    const std::string_view name = filterTypeName(type);
    return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

QString cellNoun(CellKind kind) {
    switch (kind) {
    case CellKind::Bit: return Text::tr("bit");
    case CellKind::Counter: return Text::tr("counter");
    case CellKind::Fingerprint: return Text::tr("slot");
    }
    return {};
}

std::string toKey(const QString& text) {
    const QByteArray utf8 = text.toUtf8();
    return std::string(utf8.constData(), static_cast<std::size_t>(utf8.size()));
}

QString fromKey(std::string_view key) {
    return QString::fromUtf8(key.data(), static_cast<qsizetype>(key.size()));
}

namespace {
/// The UI's number locale (setUiLanguage sets the default); English where none is set (the C
/// locale would print 1000000 without grouping).
QLocale uiNumberLocale() {
    const QLocale locale;
    return locale.language() == QLocale::C ? QLocale(QLocale::English) : locale;
}
} // namespace

QString formatCount(double value) {
    const QLocale locale = uiNumberLocale();
    if (std::isfinite(value) && std::abs(value) < 9.0e15 && value == std::floor(value))
        return locale.toString(static_cast<qlonglong>(value));
    if (!std::isfinite(value))
        return QStringLiteral("∞");
    return locale.toString(value, 'f', 1);
}

QString keyFileProblem(const QString& path) {
    const QString shown = QDir::toNativeSeparators(path);
    const QString what = Text::tr("Choose a text file with one key per line.");
    struct stat info {};
    if (path.isEmpty() || ::stat(QFile::encodeName(path).constData(), &info) != 0) {
        return QFileInfo(path).isSymLink()
                   ? Text::tr("“%1” is a symbolic link to nothing (its target does not exist). %2").arg(shown, what)
                   : Text::tr("“%1” does not exist. %2").arg(shown, what);
    }
    if (!S_ISREG(info.st_mode)) {
        QString kind;
        if (S_ISDIR(info.st_mode))
            kind = Text::tr("a folder");
        else if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode))
            kind = Text::tr("a device");
        else if (S_ISFIFO(info.st_mode))
            kind = Text::tr("a named pipe (FIFO)");
        else if (S_ISSOCK(info.st_mode))
            kind = Text::tr("a socket");
        if (kind.isEmpty())
            return Text::tr("“%1” is not a regular file. %2").arg(shown, what);
        return Text::tr("“%1” is %2, not a regular file. %3").arg(shown, kind, what);
    }
    if (!QFileInfo(path).isReadable())
        return Text::tr("You have no permission to read “%1”. %2").arg(shown, what);
    return {};
}

QString formatFingerprint(std::uint32_t fingerprint, unsigned bits) {
    const int digits = static_cast<int>((bits + 3) / 4);
    return QString::number(fingerprint, 16).toUpper().rightJustified(digits, QLatin1Char('0'));
}

QString formatProbability(double p) {
    if (!std::isfinite(p))
        return QStringLiteral("–");
    if (p == 0.0)
        return QStringLiteral("0");
    const QLocale locale = uiNumberLocale();
    if (p >= 0.001)
        return locale.toString(p * 100.0, 'g', 4) + QStringLiteral(" %");
    // 1.00e-04 (QLocale writes "E"; the lessons and the panels write "e"), with the UI's
    // decimal mark.
    return QString::number(p, 'e', 2).replace(QLatin1Char('.'), locale.decimalPoint());
}

} // namespace bloomlab::ui
