#include "ui/filter_probe.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

#include <cmath>
#include <type_traits>

namespace bloomlab::ui {

namespace {

template <class T>
struct IsCuckoo : std::false_type {};
template <unsigned F>
struct IsCuckoo<CuckooFilter<F>> : std::true_type {};

QString tr(const char* text) { return QCoreApplication::translate("bloomlab::ui::FilterProbe", text); }

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
    auto addPositions = [&](std::uint32_t layer, const std::vector<std::uint64_t>& positions) {
        for (const std::uint64_t pos : positions) {
            const bool zero = cellValue(filter, layer, pos) == 0;
            marks.push_back({layer, pos, zero ? MarkRole::ProbeZero : MarkRole::Probe});
        }
    };
    std::visit(
        [&](const auto& f) {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, ScalableBloomFilter>) {
                for (std::uint32_t i = 0; i < f.layers().size(); ++i)
                    addPositions(i, f.layers()[i].probePositions(key));
            } else if constexpr (IsCuckoo<T>::value) {
                const auto placement = f.placementOf(key);
                for (const std::uint64_t bucket : {placement.bucket1, placement.bucket2}) {
                    for (unsigned slot = 0; slot < T::kSlotsPerBucket; ++slot) {
                        const std::uint64_t cell = bucket * T::kSlotsPerBucket + slot;
                        const bool match = f.slotAt(bucket, slot) == placement.fingerprint;
                        CellMark mark{0, cell, match ? MarkRole::Match : MarkRole::Candidate};
                        if (std::find(marks.begin(), marks.end(), mark) == marks.end())
                            marks.push_back(mark);
                    }
                    if (placement.bucket1 == placement.bucket2)
                        break;
                }
            } else {
                addPositions(0, f.probePositions(key));
            }
        },
        filter.variant());
    return marks;
}

QString filterTypeTitle(FilterType type) {
    switch (type) {
    case FilterType::Classic: return tr("Classic Bloom");
    case FilterType::Blocked: return tr("Blocked Bloom (Parquet SBBF)");
    case FilterType::Counting: return tr("Counting Bloom");
    case FilterType::Scalable: return tr("Scalable Bloom");
    case FilterType::Cuckoo: return tr("Cuckoo");
    }
    return {};
}

QString cellNoun(CellKind kind) {
    switch (kind) {
    case CellKind::Bit: return tr("bit");
    case CellKind::Counter: return tr("counter");
    case CellKind::Fingerprint: return tr("slot");
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

QString formatCount(double value) {
    QLocale locale(QLocale::English);
    if (std::isfinite(value) && std::abs(value) < 9.0e15 && value == std::floor(value))
        return locale.toString(static_cast<qlonglong>(value));
    if (!std::isfinite(value))
        return QStringLiteral("∞");
    return locale.toString(value, 'f', 1);
}

QString formatProbability(double p) {
    if (!std::isfinite(p))
        return QStringLiteral("–");
    if (p == 0.0)
        return QStringLiteral("0");
    if (p >= 0.001)
        return QString::number(p * 100.0, 'g', 4) + QStringLiteral(" %");
    return QString::number(p, 'e', 2);
}

} // namespace bloomlab::ui
