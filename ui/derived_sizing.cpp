#include "ui/derived_sizing.h"

#include "core/filter_math.h"
#include "core/filter_plan.h"

#include <QCoreApplication>


namespace bloomlab::ui {

namespace {

/// tr() in the translation context "bloomlab::ui::DerivedSizing" (this file's functions are no QObject
/// members; lupdate files Text::tr() strings under that context too).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(bloomlab::ui::DerivedSizing)
};

QString layoutNote(const FilterPlan& plan) {
    switch (plan.spec.type) {
    case FilterType::Classic: return Text::tr("m = −n·ln p / (ln 2)², k = round((m/n)·ln 2)");
    case FilterType::Blocked: return Text::tr("%1 blocks of 256 bits; one bit per 32-bit word").arg(plan.blocks);
    case FilterType::Counting:
        return Text::tr("%1 lines of 128 four-bit counters (4× the memory of bits)").arg(plan.lines);
    case FilterType::Scalable:
        return Text::tr("first layer at p0 = p·(1 − r) = %1; layers grow ×%2")
            .arg(plan.scalable.targetFpr * (1.0 - plan.scalable.tightening), 0, 'g', 3)
            .arg(plan.spec.growth);
    case FilterType::Cuckoo:
        return Text::tr("%1 buckets × 4 slots of %2-bit fingerprints").arg(plan.buckets).arg(plan.fingerprintBits);
    }
    return {};
}

} // namespace

DerivedSizing deriveSizing(const FilterSpec& spec) {
    const FilterPlan plan = planFilter(spec);
    DerivedSizing d;
    d.bits = plan.bits;
    d.cells = plan.cells;
    d.hashes = spec.type == FilterType::Cuckoo ? 2 : plan.hashes;  // cuckoo: two candidate buckets
    d.fingerprintBits = plan.fingerprintBits;
    d.bytes = static_cast<double>(plan.bytes);
    d.bitsPerItem = plan.bitsPerItem;
    d.expectedFpr = plan.expectedFpr;
    const double target = spec.fpr > 0.0 ? spec.fpr : plan.targetFpr;
    d.lowerBoundBitsPerItem = target > 0.0 && target < 1.0 ? math::bitsPerItemLowerBound(target) : 0.0;
    d.note = layoutNote(plan);
    return d;
}

double theoreticalFpr(const FilterSpec& spec, double items) {
    if (items <= 0)
        return 0.0;
    return planFilter(spec).expectedFprAt(items);
}

double theoreticalFpr(const AnyFilter& filter, double items) { return expectedFprAt(filter, items); }

} // namespace bloomlab::ui
