#include "ui/derived_sizing.h"

#include "core/filter_math.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace bloomlab::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("bloomlab::ui::DerivedSizing", text); }

/// Counting filter: 128 counters per 64-byte line; the smallest line count (and its best k)
/// whose blocked-layout FPR at n meets p. Starts from the classic m, which is always too small
/// for the blocked layout, and grows by 1/64 steps: an estimate for display (the filter itself
/// sizes exactly in CountingBloomFilter::forCapacity).
void countingEstimate(std::uint64_t n, double p, std::uint64_t& lines, std::uint32_t& k) {
    const math::BloomSizing classic = math::optimalClassic(n, p);
    lines = std::max<std::uint64_t>(1, (classic.bits + 127) / 128);
    for (int guard = 0; guard < 4096; ++guard) {
        const double nd = static_cast<double>(n);
        std::uint32_t bestK = 1;
        double best = 1.0;
        const std::uint32_t centre = math::optimalHashes(static_cast<double>(lines * 128), nd);
        for (std::uint32_t kk = std::max<std::uint32_t>(1, centre > 2 ? centre - 2 : 1); kk <= centre + 2; ++kk) {
            const double f = math::blockedFprGeneric(nd, lines, 128, kk);
            if (f < best) {
                best = f;
                bestK = kk;
            }
        }
        if (best <= p) {
            k = bestK;
            return;
        }
        lines += std::max<std::uint64_t>(1, lines / 64);
    }
    k = classic.hashes;
}

} // namespace

DerivedSizing deriveSizing(const FilterSpec& spec) {
    DerivedSizing d;
    const std::uint64_t n = spec.capacity;
    const double nd = static_cast<double>(n);
    const double p = spec.fpr;
    d.lowerBoundBitsPerItem = math::bitsPerItemLowerBound(p);
    switch (spec.type) {
    case FilterType::Classic: {
        const math::BloomSizing s = math::optimalClassic(n, p);
        d.bits = d.cells = s.bits;
        d.hashes = s.hashes;
        d.expectedFpr = math::classicFpr(nd, static_cast<double>(s.bits), s.hashes);
        d.note = tr("m = −n·ln p / (ln 2)², k = round((m/n)·ln 2)");
        break;
    }
    case FilterType::Blocked: {
        const std::uint64_t blocks = math::blockedBlocksFor(n, p);
        d.bits = d.cells = blocks * 256;
        d.hashes = 8;
        d.expectedFpr = math::blockedFpr(nd, blocks);
        d.note = tr("%1 blocks of 256 bits; one bit per 32-bit word").arg(blocks);
        break;
    }
    case FilterType::Counting: {
        std::uint64_t lines = 0;
        std::uint32_t k = 0;
        countingEstimate(n, p, lines, k);
        d.cells = lines * 128;
        d.bits = d.cells * 4;
        d.hashes = k;
        d.expectedFpr = math::blockedFprGeneric(nd, lines, 128, k);
        d.approximate = true;
        d.note = tr("%1 lines of 128 four-bit counters (4× the memory of bits)").arg(lines);
        break;
    }
    case FilterType::Scalable: {
        const double p0 = p * (1.0 - spec.tightening);
        const math::BloomSizing s = math::optimalClassic(n, p0);
        d.bits = d.cells = s.bits;
        d.hashes = s.hashes;
        d.expectedFpr = math::classicFpr(nd, static_cast<double>(s.bits), s.hashes);
        d.note = tr("first layer at p0 = p·(1 − r) = %1; layers grow ×%2").arg(p0, 0, 'g', 3).arg(spec.growth);
        break;
    }
    case FilterType::Cuckoo: {
        const unsigned f = spec.fingerprintBits ? spec.fingerprintBits : math::cuckooFingerprintBitsFor(p);
        const std::uint64_t buckets = math::cuckooBucketsFor(n);
        d.fingerprintBits = f;
        d.cells = buckets * 4;
        d.bits = d.cells * f;
        d.hashes = 2;
        d.expectedFpr = math::cuckooFpr(f, 4, nd / static_cast<double>(d.cells));
        d.note = tr("%1 buckets × 4 slots of %2-bit fingerprints").arg(buckets).arg(f);
        break;
    }
    }
    d.bytes = std::ceil(static_cast<double>(d.bits) / 8.0);
    d.bitsPerItem = static_cast<double>(d.bits) / nd;
    return d;
}

double theoreticalFpr(const FilterSpec& spec, double items) {
    if (items <= 0)
        return 0.0;
    const DerivedSizing d = deriveSizing(spec);
    switch (spec.type) {
    case FilterType::Classic: return math::classicFpr(items, static_cast<double>(d.bits), d.hashes);
    case FilterType::Blocked: return math::blockedFpr(items, d.cells / 256);
    case FilterType::Counting: return math::blockedFprGeneric(items, d.cells / 128, 128, d.hashes);
    case FilterType::Cuckoo:
        return math::cuckooFpr(d.fingerprintBits, 4, std::min(1.0, items / static_cast<double>(d.cells)));
    case FilterType::Scalable: {
        // Layer i holds n0 s^i items at p0 r^i; a key is a false positive if any layer says maybe.
        double remaining = items;
        double capacity = static_cast<double>(spec.capacity);
        double pi = spec.fpr * (1.0 - spec.tightening);
        double allNegative = 1.0;
        for (std::uint32_t layer = 0; layer < std::max<std::uint32_t>(1, spec.maxLayers) && remaining > 0; ++layer) {
            const math::BloomSizing s = math::optimalClassic(static_cast<std::uint64_t>(std::max(1.0, std::round(capacity))), pi);
            const double here = std::min(remaining, capacity);
            allNegative *= 1.0 - math::classicFpr(here, static_cast<double>(s.bits), s.hashes);
            remaining -= here;
            capacity *= spec.growth;
            pi *= spec.tightening;
        }
        return 1.0 - allNegative;
    }
    }
    return 0.0;
}

double theoreticalFpr(const AnyFilter& filter, double items) {
    if (items <= 0)
        return 0.0;
    return std::visit(
        [items](const auto& f) -> double {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, BloomFilter>) {
                return math::classicFpr(items, static_cast<double>(f.numBits()), f.numHashes());
            } else if constexpr (std::is_same_v<T, BlockedBloomFilter>) {
                return math::blockedFpr(items, f.numBlocks());
            } else if constexpr (std::is_same_v<T, CountingBloomFilter>) {
                return f.expectedFprAt(items);  // exact: k distinct counters per key
            } else if constexpr (std::is_same_v<T, ScalableBloomFilter>) {
                FilterSpec spec;
                spec.type = FilterType::Scalable;
                spec.capacity = f.params().initialCapacity;
                spec.fpr = f.params().targetFpr;
                spec.growth = f.params().growth;
                spec.tightening = f.params().tightening;
                spec.maxLayers = f.params().maxLayers;
                return theoreticalFpr(spec, items);
            } else {
                const double slotCount = static_cast<double>(f.numBuckets() * T::kSlotsPerBucket);
                return math::cuckooFpr(T::kFingerprintBits, T::kSlotsPerBucket, std::min(1.0, items / slotCount));
            }
        },
        filter.variant());
}

} // namespace bloomlab::ui
