// bloomlab-cli filter commands: size (the sizing calculator), build, query, info, export,
// import, union, intersect.
#include "cli_common.h"
#include "cli_json.h"
#include "cli_growth.h"
#include "cli_redis.h"
#include "cli_parquet.h"

#include "core/any_filter.h"
#include "core/filter_io.h"
#include "core/filter_math.h"
#include "core/filter_plan.h"
#include "core/growth_policy.h"
#include "core/key_reader.h"
#include "core/parquet_bloom_analysis.h"
#include "core/parse_units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unordered_set>
#include <vector>

namespace bloomlab::cli {

namespace {

// ---- the filter options of build and size --type -----------------------------------------

/// A finite positive real number (scalable growth).
double parseReal(const std::string& option, const std::string& text) {
    double value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value) || !(value > 0))
        throw UsageError("option " + option + ": invalid number '" + text +
                         "' (a positive real number)");
    return value;
}

std::string typeList() {
    return "classic, blocked, counting, scalable, cuckoo";
}

FilterType parseType(const std::string& text) {
    if (auto type = parseFilterType(text)) return *type;
    throw UsageError("option --type: unknown filter type '" + text + "' (" + typeList() + ")");
}

/// A whole number option in [low, high], refused with the text as typed.
std::uint64_t boundedCount(const std::string& option, const std::string& text, std::uint64_t low,
                           std::uint64_t high, const std::string& what = {}) {
    const std::uint64_t value = parseOption(option, text, parseCount);
    if (value < low || value > high)
        throw UsageError("option " + option + " " + text + ": must be in [" + std::to_string(low) + ", " +
                         std::to_string(high) + "]" + (what.empty() ? "" : " (" + what + ")"));
    return value;
}

/// The options that describe a filter (build, and size with --type), read from the command
/// line first and interpreted after ArgParser::finish, so an unknown option is reported first.
struct SpecOptions {
    /// A value option with the spelling the user typed (for messages).
    struct Given {
        std::optional<std::string> text;
        std::string option;
        explicit operator bool() const { return text.has_value(); }
        const std::string& operator*() const { return *text; }
    };
    static Given read(ArgParser& parser, std::initializer_list<std::string_view> names,
                      std::string_view what) {
        Given g;
        g.text = parser.value(names, what);
        g.option = parser.spelling(names);
        return g;
    }

    Given type, items, fpr, bits, hashes, fingerprint, maxKicks, cuckooLayout, growth, tightening, maxLayers, seed;
    Given onFull, maxFill, maxFailed, maxFpr;  ///< the growth policy
    bool fewerProbes = false;

    explicit SpecOptions(ArgParser& parser)
        : type(read(parser, {"-t", "--type"}, "classic, blocked, counting, scalable or cuckoo")),
          items(read(parser, {"-n", "--items"}, "a count such as 1000, 1e6 or 10k")),
          fpr(read(parser, {"-p", "--fpr"}, "a probability such as 0.01, 1/100 or 1%")),
          bits(read(parser, {"-m", "--bits"}, "a size such as 10M bits or 1MiB")),
          hashes(read(parser, {"-k", "--hashes"}, "a count of hash functions")),
          fingerprint(read(parser, {"-f", "--fingerprint-bits"}, "8, 12 or 16")),
          maxKicks(read(parser, {"--max-kicks"}, "a count")),
          cuckooLayout(read(parser, {"--cuckoo-layout"}, "spread or local")),
          growth(read(parser, {"--growth"}, "a real number in [1, 16]")),
          tightening(read(parser, {"--tightening"}, "a ratio in (0, 1)")),
          maxLayers(read(parser, {"--max-layers"}, "a count in [1, 64]")),
          seed(read(parser, {"--seed"}, "a 64-bit number, decimal or 0x hex")),
          onFull(read(parser, {"--on-full"}, "reject, tier or rebuild")),
          maxFill(read(parser, {"--max-fill"}, "a fill ratio or load factor in (0, 1]")),
          maxFailed(read(parser, {"--max-failed"}, "a count of failed inserts")),
          maxFpr(read(parser, {"--max-fpr"}, "a probability such as 0.02 or 2%")),
          fewerProbes(parser.flag({"--fewer-probes"})) {}

    /// The growth action --on-full names (reject when not given).
    GrowthAction action() const {
        if (!onFull) return GrowthAction::Reject;
        if (auto parsed = parseGrowthAction(*onFull)) return *parsed;
        throw UsageError("option " + onFull.option + ": unknown growth policy '" + *onFull +
                         "' (reject: inserts that do not fit fail; tier: add a table (cuckoo); rebuild: build a "
                         "larger filter from the key file)");
    }

    /// --on-full and its thresholds into spec.growthPolicy, with the refusals that name the
    /// options as typed (the core's rules are in FilterSpec, any_filter.h).
    void readGrowth(FilterSpec& spec) const {
        const GrowthAction a = action();
        GrowthPolicy& policy = spec.growthPolicy;
        policy.action = a;
        for (const Given* given : {&maxFill, &maxFailed, &maxFpr})
            if (*given && a == GrowthAction::Reject)
                throw UsageError("option " + given->option + " is a growth threshold: it needs --on-full rebuild" +
                                 (given == &maxFill ? std::string(" or tier") : std::string()));
        if (a == GrowthAction::Reject && onFull && spec.type == FilterType::Scalable)
            throw UsageError("--on-full reject does not apply to --type scalable: it always adds layers (up to "
                             "--max-layers); for a fixed size give --max-layers 1, or --type classic");
        if (a == GrowthAction::Tier && spec.type != FilterType::Cuckoo && spec.type != FilterType::Scalable)
            throw UsageError("--on-full tier does not apply to --type " + std::string(filterTypeName(spec.type)) +
                             (spec.type == FilterType::Classic
                                  ? ": a classic filter that grows by layers is --type scalable"
                                  : ": tiers are cuckoo tables (--type cuckoo) or Bloom layers (--type scalable)") +
                             "; or use --on-full rebuild");
        if (a == GrowthAction::Tier && spec.type == FilterType::Cuckoo) {
            if (bits) throw UsageError("--on-full tier sizes each cuckoo tier from its share of -p; give -p, not " +
                                       bits.option);
            if (spec.cuckooLayout == CuckooLayout::Local)
                throw UsageError("--on-full tier builds spread-layout tiers; drop " + cuckooLayout.option +
                                 " local, or use --on-full reject or rebuild");
            if (fingerprint)
                throw UsageError("--on-full tier chooses each tier's fingerprint size from its FPR budget; drop " +
                                 fingerprint.option);
        }
        if (a == GrowthAction::Tier && (maxFailed || maxFpr)) {
            const Given& g = maxFailed ? maxFailed : maxFpr;
            throw UsageError("option " + g.option + " applies to --on-full rebuild: with tier " +
                             (maxFailed ? std::string("a refused insert always adds a tier (the key goes into it)")
                                        : std::string("the compounded FPR stays below -p by construction")));
        }
        if (a == GrowthAction::Tier && maxFill && spec.type == FilterType::Scalable)
            throw UsageError("option " + maxFill.option + " does not apply to --type scalable: a layer is added when "
                             "the newest holds its capacity");
        if (a == GrowthAction::Rebuild && spec.type == FilterType::Scalable)
            throw UsageError("--on-full rebuild does not apply to --type scalable: it grows by layers (its tier "
                             "policy)");
        if (a == GrowthAction::Rebuild && !maxFill && !maxFailed && !maxFpr)
            throw UsageError("--on-full rebuild needs a threshold: --max-fill F (fill ratio or load factor), "
                             "--max-failed N (failed inserts) or --max-fpr P (estimated FPR now)");
        if (maxFill) {
            const double fill = parseOption(maxFill.option, *maxFill, parseFraction);
            const double high = a == GrowthAction::Tier ? 0.97 : 1.0;
            if (!(fill > 0.0 && fill <= high))
                throw UsageError("option " + maxFill.option + " " + *maxFill + ": must be in (0, " +
                                 (a == GrowthAction::Tier ? std::string("0.97] (a cuckoo tier refuses inserts above a "
                                                                        "load of about 0.95)")
                                                          : std::string("1]")));
            policy.thresholds.fill = fill;
        }
        if (maxFailed)
            policy.thresholds.failedInserts =
                boundedCount(maxFailed.option, *maxFailed, 1, std::uint64_t{1} << 62, "failed inserts");
        if (maxFpr) policy.thresholds.estimatedFpr = parseOption(maxFpr.option, *maxFpr, parseProbability);
        if (a != GrowthAction::Reject && growth && spec.type != FilterType::Scalable) {
            policy.growth = parseReal(growth.option, *growth);
            if (!(policy.growth > 1.0 && policy.growth <= 16.0))
                throw UsageError("option " + growth.option + " " + *growth +
                                 ": must be in (1, 16] (the capacity factor of a new tier or a rebuilt filter)");
        }
        if (a == GrowthAction::Tier && spec.type == FilterType::Cuckoo) {
            if (tightening) spec.tierTightening = parseOption(tightening.option, *tightening, parseProbability);
            if (maxLayers)
                spec.maxTiers = static_cast<std::uint32_t>(
                    boundedCount(maxLayers.option, *maxLayers, 1, TieredCuckooFilter::kMaxTiersLimit, "cuckoo tiers"));
        }
    }

    /// The options every filter needs: --type, -n and one of -p or -m.
    void requireGeometry() const {
        if (!type) throw UsageError("missing --type (" + typeList() + ")");
        if (!items) throw UsageError("missing -n (the design capacity)");
        if (!fpr && !bits) throw UsageError("give -p (target FPR) or -m (size)");
        if (fpr && bits)
            throw UsageError("give " + fpr.option + " or " + bits.option + ", not both (" + fpr.option + " " +
                             *fpr + ", " + bits.option + " " + *bits + ")");
    }

    /// The filter options that apply only to some types, refused for the others like -f is.
    void rejectInapplicable(FilterType t) const {
        struct Rule {
            const Given* given;
            std::initializer_list<FilterType> types;
            const char* names;
        };
        using enum FilterType;
        const Rule rules[] = {
            {&hashes, {Classic, Counting}, "classic and counting (blocked always sets 8 bits; scalable "
                                           "chooses k per layer; cuckoo has fingerprints instead)"},
            {&fingerprint, {Cuckoo}, "cuckoo"},
            {&maxKicks, {Cuckoo}, "cuckoo"},
            {&cuckooLayout, {Cuckoo}, "cuckoo"},
            {&growth, {Scalable}, "scalable, and to --on-full tier or rebuild"},
            {&tightening, {Scalable}, "scalable and cuckoo with --on-full tier"},
            {&maxLayers, {Scalable}, "scalable and cuckoo with --on-full tier (the tier limit)"},
            {&seed, {Classic, Counting, Scalable, Cuckoo},
             "classic, counting, scalable and cuckoo (blocked hashes with XXH64 seed 0, as Parquet)"},
        };
        const GrowthAction a = action();
        const bool tiered = t == Cuckoo && a == GrowthAction::Tier;
        for (const Rule& rule : rules) {
            if (!*rule.given) continue;
            if (std::find(rule.types.begin(), rule.types.end(), t) != rule.types.end()) continue;
            if (tiered && (rule.given == &growth || rule.given == &tightening || rule.given == &maxLayers)) continue;
            if (a == GrowthAction::Rebuild && rule.given == &growth) continue;
            throw UsageError("option " + rule.given->option + " does not apply to --type " +
                             std::string(filterTypeName(t)) + "; it applies to " + rule.names);
        }
        if (fewerProbes && t != Classic)
            throw UsageError("option --fewer-probes does not apply to --type " + std::string(filterTypeName(t)) +
                             "; it applies to classic (the other layouts' probes are not k cache lines)");
    }

    FilterSpec spec() const {
        FilterSpec spec;
        spec.type = parseType(*type);
        rejectInapplicable(spec.type);
        spec.capacity = parseOption(items.option, *items, parseCount);
        if (fpr) spec.fpr = parseOption(fpr.option, *fpr, parseProbability);
        if (bits) spec.bits = parseOption(bits.option, *bits, parseSizeBits);
        if (hashes)
            spec.hashes = static_cast<std::uint32_t>(
                boundedCount(hashes.option, *hashes, 1, math::kMaxHashes, "the most hash functions any filter uses"));
        if (fingerprint) {
            const std::uint64_t f = parseOption(fingerprint.option, *fingerprint, parseCount);
            if (f != 8 && f != 12 && f != 16)
                throw UsageError("option " + fingerprint.option + " " + *fingerprint + ": must be 8, 12 or 16");
            spec.fingerprintBits = static_cast<unsigned>(f);
        }
        if (maxKicks)
            spec.maxKicks = static_cast<std::uint32_t>(boundedCount(maxKicks.option, *maxKicks, 1, 1000000));
        if (cuckooLayout) {
            const auto layout = parseCuckooLayout(*cuckooLayout);
            if (!layout)
                throw UsageError("option " + cuckooLayout.option + " '" + *cuckooLayout +
                                 "': unknown cuckoo layout (spread: alternate buckets anywhere in the table, the "
                                 "default; local: alternate buckets near the first one, fewer cache lines per lookup)");
            spec.cuckooLayout = *layout;
        }
        if (growth && spec.type == FilterType::Scalable) {
            spec.growth = parseReal(growth.option, *growth);
            if (!(spec.growth >= 1.0 && spec.growth <= 16.0))
                throw UsageError("option " + growth.option + " " + *growth + ": must be in [1, 16]");
        }
        if (tightening && spec.type == FilterType::Scalable)
            spec.tightening = parseOption(tightening.option, *tightening, parseProbability);
        if (maxLayers && spec.type == FilterType::Scalable)
            spec.maxLayers = static_cast<std::uint32_t>(boundedCount(maxLayers.option, *maxLayers, 1, 64));
        readGrowth(spec);
        if (seed) spec.seed = parseOption(seed.option, *seed, parseSeed);
        if (fewerProbes) {
            if (hashes) throw UsageError("give " + hashes.option + " or --fewer-probes, not both");
            if (!fpr) throw UsageError("--fewer-probes needs -p (it sizes for the target FPR)");
            try {
                spec.hashes = math::fewerProbesClassic(spec.capacity, spec.fpr).hashes;
            } catch (const std::invalid_argument& e) {
                throw UsageError(e.what());
            }
        }
        return spec;
    }

    /// planFilter, with its refusals as usage errors naming the options as typed.
    FilterPlan plan(const FilterSpec& spec) const {
        try {
            return planFilter(spec);
        } catch (const FprLimitError& e) {
            std::string message = "the " + std::string(filterTypeName(spec.type)) +
                                  " filter would have an expected FPR of " + fmt("%.4g", e.expectedFpr()) +
                                  " at " + items.option + " " + *items + " items; every type refuses an "
                                  "expected FPR above 1/2 (it would answer 'maybe' for most absent keys)";
            if (bits) {
                message = "option " + bits.option + " " + *bits + ": " + message + "; give " + bits.option + " " +
                          (e.minimumBits() != 0 ? std::to_string(e.minimumBits()) + " (bits) or more"
                                                : std::string("larger")) +
                          ", or a smaller " + items.option;
            } else {
                message = "option " + fpr.option + " " + *fpr + ": " + message + "; give " + fpr.option + " 0.5 or less";
            }
            throw UsageError(message);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
};

/// One line per layout for `size -n N -p P`: what each type is built with for the same target.
void printLayoutLine(std::ostream& out, FilterType type, std::uint64_t n, double p) {
    FilterSpec spec;
    spec.type = type;
    spec.capacity = n;
    spec.fpr = p;
    FilterPlan plan;
    try {
        plan = planFilter(spec);
    } catch (const std::exception& e) {
        // Marked, not fatal: `size` prints every answer it can compute and exits 0.
        out << filterTypeName(type) << ": cannot be built: " << e.what() << "\n";
        return;
    }
    const std::string memory = formatBytes(double(plan.bytes));
    const std::string expected = fmt("%.4g", plan.expectedFpr);
    switch (type) {
    case FilterType::Blocked:
        out << "blocked: " << plan.blocks << " blocks of 256 bits = " << plan.bits << " bits ("
            << memory << "), expected FPR " << expected << "\n";
        break;
    case FilterType::Counting:
        out << "counting: " << plan.lines << " lines of 128 four-bit counters, k=" << plan.hashes
            << " (" << memory << "), expected FPR " << expected << "\n";
        break;
    case FilterType::Scalable:
        out << "scalable: first layer m=" << plan.bits << " bits, k=" << plan.hashes << " ("
            << memory << ") at p0 = p (1 - r) = "
            << fmt("%.4g", plan.scalable.targetFpr * (1.0 - plan.scalable.tightening))
            << ", expected FPR " << expected << "\n";
        break;
    case FilterType::Cuckoo:
        out << "cuckoo: " << plan.fingerprintBits << "-bit fingerprints, " << plan.buckets
            << " buckets x 4 slots (" << memory << "), load "
            << fmt("%.3f", double(n) / double(plan.cells)) << ", expected FPR " << expected << "\n";
        break;
    case FilterType::Classic:
        break;
    }
}

/// `size --type`: the plan as key=value lines (what `build` with the same options builds).
void printPlan(std::ostream& out, const FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    out << "type=" << filterTypeName(spec.type) << "\n"
        << "n=" << spec.capacity << "\n";
    if (plan.blocks != 0) out << "blocks=" << plan.blocks << "\n";
    if (plan.lines != 0) out << "lines=" << plan.lines << "\ncounters=" << plan.cells << "\n";
    if (plan.buckets != 0) out << "buckets=" << plan.buckets << "\n";
    if (plan.layers != 0) out << "layers=" << plan.layers << "\n";
    const char* what = spec.type == FilterType::Counting   ? " (4 per counter)"
                       : spec.type == FilterType::Scalable ? " (first layer)"
                       : spec.type == FilterType::Cuckoo   ? " (table)"
                                                           : "";
    out << "m=" << plan.bits << " bits" << what << "\n";
    if (spec.type == FilterType::Cuckoo)
        out << "f=" << plan.fingerprintBits << "\nlayout=" << cuckooLayoutName(spec.cuckooLayout) << "\n";
    else
        out << "k=" << plan.hashes << (spec.type == FilterType::Scalable ? " (first layer)" : "") << "\n";
    if (spec.type == FilterType::Scalable)
        out << "target_fpr=" << fmt("%.6g", plan.targetFpr) << " (compounded bound)\n";
    out << "bytes=" << plan.bytes << " (" << formatBytes(double(plan.bytes)) << ")\n"
        << "bits_per_item=" << fmt("%.3f", plan.bitsPerItem) << "\n"
        << "expected_fpr=" << fmt("%.6g", plan.expectedFpr) << " (at n)\n";
}

/// The members of a plan in JSON (`size --type` and the layouts of `size -n -p`): the same
/// values printPlan prints; counts a layout does not have are 0.
void writePlanJson(JsonWriter& json, const FilterPlan& plan) {
    const FilterSpec& spec = plan.spec;
    json.field("type", filterTypeName(spec.type))
        .field("n", spec.capacity)
        .field("m", plan.bits)
        .field("k", plan.hashes)
        .field("f", plan.fingerprintBits)
        .optionalField("cuckoo_layout", std::string(cuckooLayoutName(spec.cuckooLayout)), spec.type == FilterType::Cuckoo)
        .field("blocks", plan.blocks)
        .field("lines", plan.lines)
        .field("counters", spec.type == FilterType::Counting ? plan.cells : 0)
        .field("buckets", plan.buckets)
        .field("layers", plan.layers)
        .field("target_fpr", plan.targetFpr)
        .field("bytes", plan.bytes)
        .field("bits_per_item", plan.bitsPerItem)
        .field("expected_fpr", plan.expectedFpr);
}

// ---- size ----------------------------------------------------------------------------------

constexpr std::string_view kSizeUsage =
    R"(Usage: bloomlab-cli size [-n N] [-p P] [-m BITS|SIZE] [-k K]
       bloomlab-cli size --type TYPE -n N (-p P | -m SIZE) [build's filter options]

Solves the classic Bloom filter sizing equations from any two or three of n, p, m, k
(like the online Bloom filter calculators):
  n, p      -> m, k (optimal)          n, m     -> k (optimal), p
  n, m, k   -> p                       n, p, k  -> m
  m, p      -> k (optimal), n          m, p, k  -> n
Formulas: m = ceil(-n ln p / (ln 2)^2), k = max(1, round((m/n) ln 2)), p = (1 - e^(-kn/m))^k.
When n and p are known it also prints what the blocked (Parquet split-block) and cuckoo layouts
need for the same n and p (their FPR differs from the classic formula's).

Options:
  -n, --items N        items: 1000, 1e6, 10k, 1M, 1_000_000
  -p, --fpr P          false-positive rate: 0.01, 1e-3, 1/100, 1%
  -m, --bits SIZE      filter size: bits (9585059, 10M) or bytes (64KiB, 1MiB, 1MB, 512B)
  -k, --hashes K       number of hash functions
  -h, --help           this help

Output (key=value lines):
  n=1000000
  p=0.01
  m=9585059 bits (1198133 bytes, 1.14 MiB)
  k=7
  bits_per_item=9.585
n and m must be whole numbers up to 2^53 (the formulas work in double precision); k is at most
64, the cap every filter uses (the optimal k is capped there too). A line that cannot be
computed (a layout's size limit) is marked "cannot be built: ..." and size still exits 0.
With -n and -p (and no -k) it adds the classic with the fewest probes within 10% more memory
(fewer_probes: k=4 ... for p = 1%); with -n and -p it adds what the blocked, counting, scalable
and cuckoo layouts are built with for the same target.

With --type, it prints exactly what `build` with the same options builds, without building it:
type, n, the geometry (m, k or f; blocks, lines, buckets or layers), bytes of memory, bits per
item and the expected FPR at n. It takes build's filter options (-k, -f, --fewer-probes,
--growth, --tightening, --max-layers, --max-kicks, --cuckoo-layout, --seed, --on-full, --max-fill,
--max-failed, --max-fpr); with --on-full tier the geometry is the first tier's.
It ends with what Parquet writers take for n distinct values at FPP p (parquet-java
parquet.bloom.filter.expected.ndv / parquet.bloom.filter.fpp, as DuckDB sizes): the bitset
bytes they allocate (-8n / ln(1 - p^(1/8)) bits rounded up to a power of two bytes) and the FPR
the split-block layout gives at that size.
)";

/// A whole number for the sizing solver, which computes in double precision: exact up to
/// 2^53 (math::kMaxExactInteger); larger values are refused with the text as typed.
double solverWhole(const std::string& option, const std::string& text, std::uint64_t value) {
    if (value > math::kMaxExactInteger)
        throw UsageError("option " + option + " " + text + ": the sizing formulas work in double precision, "
                         "exact for whole numbers up to 2^53 = 9007199254740992; give at most that");
    return static_cast<double>(value);
}

/// `size --json` without --type: the solved n, p, m, k and, with -n and -p, the fewer-probes
/// classic, the other layouts and the Parquet writers' sizing (what the text lines say).
void writeSizingJson(JsonWriter& json, const math::SizingQuery& query, const math::SizingResult& r) {
    json.beginObject()
        .field("mode", "solve")
        .field("n", r.n)
        .field("p", r.p)
        .field("m", r.m)
        .field("bytes", r.m / 8 + (r.m % 8 != 0 ? 1 : 0))
        .field("k", r.k)
        .field("k_capped", r.k == math::kMaxHashes && !query.k)
        .field("bits_per_item", r.bitsPerItem);
    const bool layouts = query.n && query.p && r.n >= 1.0;
    json.key("fewer_probes");
    if (layouts && !query.k) {
        try {
            const math::BloomSizing fast = math::fewerProbesClassic(static_cast<std::uint64_t>(r.n), r.p);
            if (fast.hashes < r.k)
                json.beginObject()
                    .field("k", fast.hashes)
                    .field("m", fast.bits)
                    .field("bits_per_item", double(fast.bits) / r.n)
                    .field("memory_change", double(fast.bits) / double(r.m) - 1.0)
                    .endObject();
            else
                json.value(nullptr);
        } catch (const std::exception& e) {
            json.beginObject().field("error", e.what()).endObject();
        }
    } else {
        json.value(nullptr);
    }
    json.key("layouts").beginArray();
    if (layouts) {
        for (FilterType type : {FilterType::Blocked, FilterType::Counting, FilterType::Scalable, FilterType::Cuckoo}) {
            FilterSpec spec;
            spec.type = type;
            spec.capacity = static_cast<std::uint64_t>(r.n);
            spec.fpr = r.p;
            json.beginObject();
            try {
                writePlanJson(json, planFilter(spec));
            } catch (const std::exception& e) {
                json.field("type", filterTypeName(type)).field("error", e.what());
            }
            json.endObject();
        }
    }
    json.endArray().key("parquet_writer");
    if (layouts && r.p > 0.0 && r.p < 1.0) {
        const ParquetWriterSizing w = parquetWriterSizing(static_cast<std::uint64_t>(r.n), r.p);
        json.beginObject()
            .field("expected_ndv", w.expectedNdv)
            .field("fpp", w.fpp)
            .field("formula_bits", w.formulaBits)
            .field("bytes", w.bytes)
            .field("blocks", w.blocks)
            .field("fpr", w.fprAtBytes)
            .field("fpr_at_parquet_java_max", w.fprAtParquetJavaMax)
            .endObject();
    } else {
        json.value(nullptr);
    }
    json.endObject();
}

int runSize(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    const SpecOptions options(parser);
    parser.finish();
    if (options.type) {
        options.requireGeometry();
        const FilterPlan plan = options.plan(options.spec());
        printPlan(std::cout, plan);
        if (outputOptions().json) {
            JsonWriter& json = jsonDocument();
            json.beginObject().field("mode", "plan");
            writePlanJson(json, plan);
            json.endObject();
        }
        return 0;
    }
    for (const SpecOptions::Given* given : {&options.fingerprint, &options.maxKicks, &options.growth,
                                            &options.tightening, &options.maxLayers, &options.seed, &options.onFull,
                                            &options.maxFill, &options.maxFailed, &options.maxFpr})
        if (*given)
            throw UsageError("option " + given->option + " is a filter option: it needs --type; see size --help");
    if (options.fewerProbes)
        throw UsageError("option --fewer-probes is a filter option: it needs --type classic; without --type, "
                         "size prints the fewer-probes line itself");
    math::SizingQuery query;
    if (options.items)
        query.n = solverWhole(options.items.option, *options.items,
                              parseOption(options.items.option, *options.items, parseCount));
    if (options.fpr) query.p = parseOption(options.fpr.option, *options.fpr, parseProbability);
    if (options.bits)
        query.m = solverWhole(options.bits.option, *options.bits,
                              parseOption(options.bits.option, *options.bits, parseSizeBits));
    if (options.hashes)
        query.k = static_cast<double>(boundedCount(options.hashes.option, *options.hashes, 1, math::kMaxHashes,
                                                   "the most hash functions any filter uses"));
    if (!query.n && !query.p && !query.m && !query.k)
        throw UsageError("give at least two of -n, -p, -m (optionally -k); see size --help");

    math::SizingResult r;
    try {
        r = math::solveSizing(query);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    const std::uint64_t bytes = r.m / 8 + (r.m % 8 != 0 ? 1 : 0);
    // A p below the smallest double is marked, not printed as 0.
    const std::string pText = r.p > 0.0 ? fmt("%.6g", r.p) : std::string("<1e-308 (below double precision)");
    std::cout << "n=" << fmt("%.0f", r.n) << "\n"
              << "p=" << pText << "\n"
              << "m=" << r.m << " bits (" << bytes << " bytes, " << formatBytes(double(bytes))
              << ")\n"
              << "k=" << r.k << (r.k == math::kMaxHashes && !query.k ? " (the cap: no filter uses more)" : "")
              << "\n"
              << "bits_per_item=" << fmt("%.3f", r.bitsPerItem) << "\n";
    if (query.n && query.p && r.n >= 1.0) {
        // The same target with the other layouts (their FPR curves differ from the classic one).
        // Each line is computed on its own: one that cannot be is marked, and size still exits 0.
        const auto n = static_cast<std::uint64_t>(r.n);
        if (!query.k) {
            // Fewer probes for a little more memory: each probe is a cache line read.
            try {
                const math::BloomSizing fast = math::fewerProbesClassic(n, r.p);
                if (fast.hashes < r.k) {
                    std::cout << "fewer_probes: k=" << fast.hashes << ", m=" << fast.bits << " bits ("
                              << formatBytes(double(fast.bits) / 8.0) << "), "
                              << fmt("%.3f", double(fast.bits) / r.n) << " bits/item, "
                              << fmt("%+.1f%%", 100.0 * (double(fast.bits) / double(r.m) - 1.0))
                              << " memory for " << r.k - fast.hashes << " fewer probes (build with --fewer-probes or -k "
                              << fast.hashes << ")\n";
                }
            } catch (const std::exception& e) {
                std::cout << "fewer_probes: cannot be computed: " << e.what() << "\n";
            }
        }
        for (FilterType type :
             {FilterType::Blocked, FilterType::Counting, FilterType::Scalable, FilterType::Cuckoo})
            printLayoutLine(std::cout, type, n, r.p);
        printParquetWriterSizing(r.n, r.p);
    }
    if (outputOptions().json) writeSizingJson(jsonDocument(), query, r);
    return 0;
}

const bool kSizeRegistered = registerCommand(
    {"size", "solve Bloom filter sizing: any two or three of n, p, m, k", kSizeUsage, runSize});

std::string yesNo(bool b) {
    return b ? "yes" : "no";
}

void printStats(std::ostream& out, const AnyFilter& filter) {
    const FilterStats s = filter.stats();
    out << "items: " << s.items << "\n"
        << "memory: " << s.bytes << " bytes (" << formatBytes(double(s.bytes)) << ")\n"
        << "bits per item: " << (s.items > 0 ? fmt("%.3f", s.bitsPerItem) : std::string("-"))
        << "\n"
        << (filter.type() == FilterType::Cuckoo ? "load factor: " : "fill ratio: ")
        << fmt("%.4f", s.fillRatio) << "\n"
        << "estimated FPR now: " << fmt("%.4g", s.estimatedFpr) << "\n"
        << "estimated items (from fill): " << fmt("%.0f", s.estimatedItems) << "\n"
        << "overfilled: " << yesNo(s.overfilled) << "\n";
    switch (filter.type()) {
    case FilterType::Counting:
        out << "saturated counters: " << s.saturatedCounters << "\n";
        break;
    case FilterType::Scalable:
        out << "layers: " << s.layers << "\n"
            << "failed inserts: " << s.failedInserts << "\n";
        break;
    case FilterType::Cuckoo:
        if (const TieredCuckooFilter* tiered = filter.tiered())
            out << "tiers: " << s.tiers << " of at most " << tiered->params().maxTiers << "\n"
                << "compounded FPR bound: " << fmt("%.4g", tiered->compoundedFprBound()) << " (target "
                << fmt("%.4g", tiered->params().targetFpr) << ")\n"
                << "ambiguous erases: " << tiered->ambiguousErases() << "\n";
        out << "failed inserts: " << s.failedInserts << "\n"
            << "kicks: " << s.kicks << "\n"
            << "stash occupied: " << yesNo(s.stashOccupied) << "\n";
        break;
    default:
        break;
    }
    out << "growth policy: " << growthActionName(static_cast<GrowthAction>(s.growthAction)) << "\n";
    if (s.growthAction == static_cast<std::uint8_t>(GrowthAction::Rebuild)) {
        out << "rebuilds: " << s.rebuilds << "\n";
        const GrowthTrigger trigger = filter.rebuildTrigger();
        out << "rebuild threshold reached: "
            << (trigger == GrowthTrigger::None ? std::string("no") : "yes (" + std::string(growthTriggerName(trigger)) + ")")
            << "\n";
    }
}

/// Warnings shared by build and info: overfill and failed inserts.
void warnAboutState(const AnyFilter& filter, const std::string& prefix) {
    const FilterStats s = filter.stats();
    if (s.overfilled) {
        std::cerr << prefix << "warning: the filter is overfilled: " << s.items << " items";
        if (s.capacity > 0) std::cerr << " for a capacity of " << s.capacity;
        std::cerr << "; its estimated FPR is now " << fmt("%.4g", s.estimatedFpr);
        if (s.targetFpr > 0) std::cerr << " (target " << fmt("%.4g", s.targetFpr) << ")";
        std::cerr << ". Rebuild it larger.\n";
    }
    if (s.failedInserts > 0) {
        std::cerr
            << prefix << "warning: " << s.failedInserts
            << " inserts failed; those keys are NOT in the filter (queries for them may say 'no')";
        if (const auto* scalable = filter.as<ScalableBloomFilter>();
            scalable && !scalable->lastError().empty())
            std::cerr << ": " << scalable->lastError();
        else if (const TieredCuckooFilter* tiered = filter.tiered(); tiered && !tiered->lastError().empty())
            std::cerr << ": " << tiered->lastError();
        else if (filter.type() == FilterType::Cuckoo)
            std::cerr << ": the cuckoo table is full (a key can only go to its 2 buckets of 4 slots, "
                         "so at most 8 copies of one fingerprint fit there; repeated keys are skipped "
                         "by build, so the table itself is too small)";
        std::cerr << ". Rebuild it with a larger -n.\n";
    }
}

// ---- build ---------------------------------------------------------------------------------

constexpr std::string_view kBuildUsage =
    R"(Usage: bloomlab-cli build --type TYPE -n N (-p P | -m SIZE) --keys FILE|- --out FILTER [options]

Builds a filter from a key file and saves it (atomically) in the BloomLab format.
Keys are one per line: exactly the bytes between two '\n' ('\r', NUL and non-UTF-8 bytes are
part of the key; a last line without '\n' is a key). '--keys -' reads standard input.

Options:
  -t, --type TYPE            classic | blocked | counting | scalable | cuckoo
  -n, --items N              design capacity (1e6, 10k, 1M)
  -p, --fpr P                target false-positive rate (0.01, 1/100, 1%); the size follows
                             from the layout's own FPR formula
  -m, --bits SIZE            the filter's size instead of p: bits (10M) or bytes (1MiB, 64KiB);
                             rounded up only to the layout's granularity (blocked: whole 32-byte
                             blocks, so -m 1KiB = 32 blocks; counting: whole 64-byte lines;
                             cuckoo: whole buckets of 4 f-bit slots; scalable: the first layer)
  -k, --hashes K             hash functions (classic, counting; default optimal)
      --fewer-probes         classic with -p: the fewest hash functions whose size stays within
                             10% of the optimum (p = 1%: k = 4, 10.52 bits/item instead of k = 7,
                             9.59): fewer cache lines per lookup; `size` shows the trade
  -f, --fingerprint-bits F   cuckoo fingerprint size: 8, 12 or 16 (default: smallest meeting p)
      --max-kicks N          cuckoo relocation limit per insert (default 500)
      --cuckoo-layout L      cuckoo: spread (default: a key's two buckets anywhere in the table)
                             or local (the second bucket near the first for most keys: fewer
                             cache lines per lookup, same size and FPR; not with --on-full tier)
      --growth S             scalable capacity growth per layer (default 2)
      --tightening R         scalable error tightening ratio (default 0.85)
      --max-layers L         scalable layer limit (default 32)
      --seed S               hash seed (not for blocked: Parquet uses XXH64 seed 0)
      --on-full POLICY       what the filter does when it fills up (default reject):
                               reject   it keeps its size; inserts it cannot store fail (counted)
                               tier     cuckoo: a new table of capacity x --growth (default 2) per
                                        tier, each within its share of -p, so the compounded FPR
                                        stays below -p; --tightening R (default 0.5) is the share
                                        ratio, --max-layers L (1 to 32, default 8) the tier limit.
                                        scalable: its layers (what it always does)
                               rebuild  classic, blocked, counting, cuckoo: when a threshold trips,
                                        a filter --growth (default 2) times larger is built from
                                        the key file again (so --keys must be a regular file)
      --max-fill F           tier: the load at which a tier is added, in (0, 0.97] (default
                             0.94); rebuild: rebuild at a fill ratio (Bloom: set bits / m;
                             counting: non-zero counters; cuckoo: load factor) in (0, 1]
      --max-failed N         rebuild: rebuild after N failed inserts (a full cuckoo table)
      --max-fpr P            rebuild: rebuild when the FPR estimated from the fill reaches P
      --keys FILE|-          key file ('-' = stdin)
  -o, --out FILTER           output file (written atomically), or a new filter on Redis (redis://host[:port][/db]/NAME,
                             redis-cluster://host:port[,...]/NAME; password from REDISCLI_AUTH)
  -q, --quiet                no summary on stdout either (with --json the document is written)

Every output is a regular file (replaced atomically) or a new path, in an existing directory
the user can write: devices, FIFOs, sockets, directories, symbolic links, the command's own
inputs and a missing or read-only directory are refused before any work starts;
a filter above 16 GiB (what a filter file holds) or above the available memory is refused
before it is allocated.
The key file is a set: an exact repeat of an earlier key is skipped and counted ("N duplicate
keys skipped"), for every type. The check is exact and remembers up to 16 MiB of keys (about
150,000 short keys), so build's memory does not grow with its input; past that, build says on
stderr how many keys it could not check.
k is at most 64 (the cap `size` uses too). Every type refuses a filter whose expected FPR at n
is above 1/2 (with -m: a size too small for n); the message gives the smallest size that works.

The growth policy is saved in the filter (format version 2; a filter without one stays version
1) and `insert` honours it. A rebuild re-reads the key file from its start into the larger
filter (the thresholds are checked every n/64 inserts, at most 4096, and at each failed insert);
each rebuild prints a line naming the threshold, the keys read and the new capacity. Up to 20
rebuilds; a threshold that trips on every larger filter too is an error.

Exit status: 0 when every key was inserted; 3 when the filter was saved but some inserts
failed (cuckoo table full, scalable layer limit, tier limit); 2 for usage errors; 1 for other
errors. Warnings go to stderr when the filter ends up overfilled or inserts failed.
)";

/// Exact repeats of keys in a build's key file, found with a memory-bounded exact check: every
/// distinct key is remembered (its bytes) until kDuplicateCheckBytes are held; after that, new
/// keys are no longer remembered (repeats of the remembered ones are still found) and the build
/// says how many keys the check covered. Only keys the filter already answers "maybe" for are
/// looked up, so a fresh key costs one filter lookup and one insert into the set.
class RepeatCheck {
public:
    /// The memory the check may hold. Small and fixed, so that build's memory does not grow with
    /// its key input (a stream of any length is read in constant memory).
    static constexpr std::uint64_t kDuplicateCheckBytes = std::uint64_t{16} << 20;  // 16 MiB
    /// Estimated memory per remembered key besides its bytes (hash node, bucket, string header).
    static constexpr std::uint64_t kOverheadPerKey = 96;

    /// True when `key` was seen before (it is then not inserted again).
    bool repeated(std::string_view key, bool filterSaysMaybe) {
        if (filterSaysMaybe && m_seen.contains(key)) return true;
        if (m_bytes < kDuplicateCheckBytes) {
            m_seen.emplace(key);
            m_bytes += key.size() + kOverheadPerKey;
        } else {
            ++m_unchecked;
        }
        return false;
    }
    /// Keys read after the budget was spent (their repeats are inserted again).
    std::uint64_t unchecked() const { return m_unchecked; }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_set<std::string, Hash, std::equal_to<>> m_seen;
    std::uint64_t m_bytes = 0;
    std::uint64_t m_unchecked = 0;
};

/// The rebuild policy's key source is the key file, read again from its start at each rebuild:
/// it must be a regular file (standard input, a FIFO or a device cannot be read twice).
void requireRereadableKeys(const std::string& keys, const std::string& option) {
    std::error_code ec;
    if (keys == "-" || !std::filesystem::is_regular_file(keys, ec))
        throw UsageError("--on-full rebuild rebuilds from the key file, read again from its start: " + option + " " +
                         keys +
                         " is " + (keys == "-" ? std::string("standard input") : std::string("not a regular file")) +
                         ", which cannot be read twice; give a regular file" +
                         (option == "--keys" ? std::string(", or --on-full tier (cuckoo)") : std::string()));
}

/// What buildFromKeyFiles built and counted (its last pass).
struct KeyFileBuild {
    std::optional<AnyFilter> filter;
    std::uint64_t total = 0;       ///< keys read
    std::uint64_t inserted = 0;
    std::uint64_t failed = 0;
    std::uint64_t duplicates = 0;  ///< exact repeats skipped
    std::uint64_t unchecked = 0;   ///< keys past the repeat check's memory
    std::uint64_t rebuilds = 0;    ///< the filter's count (rebuildsBefore + this build's)
    FilterPlan plan;               ///< what the filter was built from (after the rebuilds)
};

/// Builds `spec` from the SET of the keys of `paths`, read in order: an exact repeat of an earlier
/// line is skipped and counted, for every type (a repeat would count twice in the items of a
/// Bloom filter, twice in a counting filter's counters, and take a second slot in a cuckoo
/// table). With the rebuild policy a tripped threshold abandons the pass: the files are read
/// again from the first into a filter growth times larger (they are the key source); the
/// thresholds are checked every n/64 inserts (at most 4,096), at each failed insert and at the
/// end. Each rebuild prints a line unless `quiet`. `plan` turns a spec into its plan (with the
/// caller's messages).
KeyFileBuild buildFromKeyFiles(FilterSpec spec, const std::vector<std::string>& paths, std::uint64_t rebuildsBefore,
                               bool quiet, const std::function<FilterPlan(const FilterSpec&)>& plan) {
    struct Rebuild {
        GrowthTrigger trigger;
    };
    constexpr std::uint64_t kMaxRebuilds = 20;
    KeyFileBuild b;
    b.rebuilds = rebuildsBefore;
    FilterPlan current = plan(spec);
    for (;;) {
        AnyFilter filter = [&] {
            try {
                checkFilterFits(current.bytes, "this " + std::string(filterTypeName(spec.type)) + " filter");
                return AnyFilter::fromPlan(current);
            } catch (const std::invalid_argument& e) {
                throw UsageError(e.what());
            }
        }();
        filter.setRebuilds(b.rebuilds);
        filter.setWriters(Writers::One);  // this thread is the only writer: plain stores, no locked OR
        const bool rebuilding = filter.growthPolicy().action == GrowthAction::Rebuild;
        const std::uint64_t checkEvery = std::clamp<std::uint64_t>(spec.capacity / 64, 1, 4096);
        RepeatCheck repeats;
        b.inserted = b.failed = b.duplicates = b.total = 0;
        std::uint64_t read = 0;
        try {
            for (const std::string& path : paths) {
                b.total += readKeys(path, [&](std::string_view key) {
                    ++read;
                    if (repeats.repeated(key, filter.mightContain(key))) {
                        ++b.duplicates;
                        return;
                    }
                    const bool ok = filter.insert(key);
                    (ok ? b.inserted : b.failed) += 1;
                    if (rebuilding && (!ok || b.inserted % checkEvery == 0))
                        if (const GrowthTrigger trigger = filter.rebuildTrigger(); trigger != GrowthTrigger::None)
                            throw Rebuild{trigger};
                });
            }
            if (rebuilding)
                if (const GrowthTrigger trigger = filter.rebuildTrigger(); trigger != GrowthTrigger::None)
                    throw Rebuild{trigger};
        } catch (const Rebuild& r) {
            if (b.rebuilds - rebuildsBefore == kMaxRebuilds)
                throw std::runtime_error("the rebuild threshold (" + describeGrowthPolicy(spec.growthPolicy) +
                                         ") tripped again after " + std::to_string(kMaxRebuilds) +
                                         " rebuilds, at a capacity of " + std::to_string(spec.capacity) +
                                         " items; raise the threshold or -n");
            const FilterStats s = filter.stats();
            std::uint64_t capacity = 0;
            try {
                capacity = grownCapacity(spec.growthPolicy, spec.capacity, b.inserted);
            } catch (const std::invalid_argument& e) {
                throw std::runtime_error(std::string("cannot rebuild: ") + e.what());
            }
            ++b.rebuilds;
            if (!quiet) {
                std::string sources;
                for (const std::string& path : paths) sources += (sources.empty() ? "" : " + ") + path;
                std::cout << "rebuild " << b.rebuilds << ": " << growthTriggerName(r.trigger)
                          << " threshold reached (" << (filter.type() == FilterType::Cuckoo ? "load " : "fill ")
                          << fmt("%.4f", s.fillRatio) << ", failed inserts " << s.failedInserts
                          << ", estimated FPR " << fmt("%.4g", s.estimatedFpr) << ") after "
                          << read << " keys at capacity " << spec.capacity
                          << "; rebuilding for " << capacity << " from " << sources << "\n";
            }
            spec = specForCapacity(spec, capacity);
            current = plan(spec);
            continue;
        }
        b.unchecked = repeats.unchecked();
        b.filter.emplace(std::move(filter));
        b.plan = current;
        return b;
    }
}

int runBuild(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    const SpecOptions options(parser);
    const auto keys = parser.value({"--keys"}, "a key file name, or - for standard input");
    const auto out = parser.value({"-o", "--out"}, "the filter file to write");
    const bool quiet = outputOptions().quiet;
    parser.finish();

    options.requireGeometry();
    if (!keys) throw UsageError("missing --keys FILE (or --keys - for stdin)");
    if (!out) throw UsageError("missing --out FILTER");
    if (!isRedisArgument(*out)) checkOutputTarget(*out, {*keys});

    FilterSpec spec = options.spec();
    checkRedisOutput(spec.type, *out);
    if (spec.growthPolicy.action == GrowthAction::Rebuild) requireRereadableKeys(*keys, "--keys");
    const FilterPlan plan = options.plan(spec);

    // A forced geometry (e.g. cuckoo -f 8) may not reach the requested p even at capacity.
    if (spec.fpr > 0 && plan.targetFpr > spec.fpr * (1.0 + 1e-9))
        std::cerr << "bloomlab-cli build: warning: this " << filterTypeName(spec.type)
                  << " filter is expected to reach an FPR of " << fmt("%.4g", plan.targetFpr)
                  << " at n = " << spec.capacity
                  << ", above the requested p = " << fmt("%.4g", spec.fpr) << "\n";

    KeyFileBuild b = buildFromKeyFiles(spec, {*keys}, 0, quiet, [&options](const FilterSpec& s) { return options.plan(s); });
    AnyFilter& filter = *b.filter;
    const std::uint64_t rebuilds = b.rebuilds, inserted = b.inserted, failed = b.failed, duplicates = b.duplicates,
                        total = b.total, unchecked = b.unchecked;
    storeFilterArgument(filter, *out);

    if (!quiet) {
        std::cout << "built " << filterTypeName(filter.type()) << " filter from " << total
                  << " keys (" << inserted << " inserted, " << failed << " failed, " << duplicates
                  << " duplicate keys skipped"
                  << (rebuilds > 0 ? ", " + std::to_string(rebuilds) + " rebuilds" : std::string()) << ") -> "
                  << shownArgument(*out) << "\n"
                  << filter.describe()
                  << "planned: " << b.plan.bytes << " bytes, expected FPR at n "
                  << fmt("%.4g", b.plan.expectedFpr) << "\n";
        printStats(std::cout, filter);
    }
    if (unchecked > 0 && showNotes())
        std::cerr << "bloomlab-cli build: note: the duplicate check remembers keys up to "
                  << formatBytes(double(RepeatCheck::kDuplicateCheckBytes)) << "; the last "
                  << unchecked
                  << " keys were not remembered, so their repeats (if any) were inserted again\n";
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject()
            .field("out", shownArgument(*out))
            .field("keys_read", total)
            .field("inserted", inserted)
            .field("failed", failed)
            .field("duplicates", duplicates)
            .field("unchecked_for_duplicates", unchecked)
            .field("rebuilds", rebuilds)
            .field("planned_bytes", b.plan.bytes)
            .field("expected_fpr", b.plan.expectedFpr);
        writeFilterJson(json, filter);
        json.endObject();
    }
    warnAboutState(filter, "bloomlab-cli build: ");
    return failed > 0 ? 3 : 0;
}

// ---- query ---------------------------------------------------------------------------------

constexpr std::string_view kQueryUsage =
    R"(Usage: bloomlab-cli query FILTER --keys FILE|- [--count]

Looks up every key (one per line, exact bytes; '-' = stdin) and prints one line per key:
'maybe' (possibly in the set: check the store of record) or 'no' (certainly not inserted).

Options:
  --keys FILE|-   key file ('-' = stdin)
  -c, --count     print only the summary line 'maybe=N no=M'
FILTER may be a file or a filter on Redis (redis://..., redis-cluster://...; docs/distributed.md).

A Parquet file (told by its magic, PAR1) in place of FILTER:
  bloomlab-cli query FILE.parquet --column NAME [--row-group N] --keys FILE|- [--count]
Looks every key up in the column's bloom filter of each row group (or of row group N) and
prints per key the answers of the row groups, space-separated ('maybe', 'no', '-' for a chunk
without a filter), and with several row groups 'skipped' (every row group says no: a reader
skips the value's row groups entirely) or 'read'. With --row-group N the output is exactly a
filter's ('maybe' / 'no'). Keys are hashed as Parquet does, as their plain encoding: the bytes
for BYTE_ARRAY, each line parsed as a number for INT32, INT64, FLOAT and DOUBLE columns (an
unsigned column's values as their signed value), exactly type_length bytes for
FIXED_LEN_BYTE_ARRAY. --count: 'maybe=N no=M' per row group and 'read=N skipped=M'.
)";

int runQuery(std::vector<std::string> args) {
    if (isParquetInput(args, {"--keys", "--column", "--row-group"})) return runParquetQuery(std::move(args));
    ArgParser parser(std::move(args));
    const auto keys = parser.value({"--keys"}, "a key file name, or - for standard input");
    const bool count = parser.flag({"-c", "--count"});
    const std::string path = parser.onePositional("FILTER", keysFromFileHint("query"));
    parser.finish();
    if (!keys) throw UsageError("missing --keys FILE (or --keys - for stdin)");
    if (isRedisArgument(path)) return queryRedisFilter(path, *keys, count);

    const AnyFilter filter = loadFilter(path);
    std::uint64_t maybe = 0;
    std::uint64_t no = 0;
    // --json: {"file", "type", "results": [{"key", "maybe"}...], "maybe", "no"}, streamed as it goes.
    const bool json = outputOptions().json;
    JsonWriter& document = jsonDocument();
    // The document begins with the first key (or at the end), so a key file that cannot be
    // opened gives the plain error document.
    const auto beginDocument = [&] {
        if (!json || !document.empty()) return;
        document.beginObject().field("file", path).field("type", filterTypeName(filter.type()));
        if (!count) document.key("results").beginArray();
    };
    std::string buffer;
    buffer.reserve(1 << 16);
    auto flush = [&buffer] {
        if (!buffer.empty() &&
            std::fwrite(buffer.data(), 1, buffer.size(), stdout) != buffer.size())
            throw std::runtime_error("cannot write to standard output");
        buffer.clear();
    };
    readKeys(*keys, [&](std::string_view key) {
        const bool hit = filter.mightContain(key);
        (hit ? maybe : no) += 1;
        if (json) {
            beginDocument();
            if (!count) {
                document.beginObject().bytesField("key", key).field("maybe", hit).endObject();
                document.flushIfLarge(stdout);
            }
        } else if (!count) {
            buffer += hit ? "maybe\n" : "no\n";
            if (buffer.size() >= (1 << 16)) flush();
        }
    });
    flush();
    if (json) {
        beginDocument();
        if (!count) document.endArray();
        document.field("maybe", maybe).field("no", no).endObject();
        return 0;
    }
    if (count)
        std::printf("maybe=%llu no=%llu\n", static_cast<unsigned long long>(maybe),
                    static_cast<unsigned long long>(no));
    if (std::fflush(stdout) != 0) throw std::runtime_error("cannot write to standard output");
    return 0;
}

// ---- info ----------------------------------------------------------------------------------

constexpr std::string_view kInfoUsage =
    R"(Usage: bloomlab-cli info FILTER

Prints the filter's type, parameters (n, p, m, k / buckets, fingerprint bits), hash and seed,
and its statistics (items, memory, bits per item, fill, estimated FPR now, and per type:
saturated counters, layers, failed inserts, kicks). Warns on stderr when it is overfilled.
On Redis (redis://..., redis-cluster://...): also its segments, the nodes they live on, the
items counter and the Swamidass-Baldi estimate from the fill.

A Parquet file (told by its magic, PAR1) in place of FILTER:
  bloomlab-cli info FILE.parquet [--json] [--fpr P]
One row per row group x column: has a bloom filter?, bitset bytes, blocks, fill ratio, distinct
values estimated from the fill, FPR now (split-block layout at that count), the writer's
distinct count if it wrote one, and a verdict for the target FPR P (default 0.01): 'empty',
'overfilled: FPR now 23%', 'a little small', 'Nx larger than needed', 'sized right'.
--json prints {file, format, bytes, created_by, rows, row_groups, target_fpr, columns [{column,
type}], chunks [{row_group, column, type, values, has_bloom_filter, distinct_count (null if not
written), bytes, blocks, fill_ratio, estimated_distinct, fpr_now, bytes_needed (for P, a power
of two), verdict (empty|overfilled|undersized|oversized|sized_right), verdict_text, or error}]}.
Encrypted files, chunks stored in other files and damaged files are refused (exit 1).
)";

int runInfo(std::vector<std::string> args) {
    if (isParquetInput(args, {"-p", "--fpr"})) return runParquetInfo(std::move(args));
    ArgParser parser(std::move(args));
    const std::string path = parser.onePositional("FILTER");
    parser.finish();
    if (isRedisArgument(path)) return infoRedisFilter(path);
    const AnyFilter filter = loadFilter(path);
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    std::cout << "file: " << path;
    if (!ec) std::cout << " (" << size << " bytes)";
    std::cout << "\nformat: BloomLab filter v" << filterFormatVersionFor(filter) << "\n" << filter.describe();
    printStats(std::cout, filter);
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject()
            .field("file", path)
            .optionalField("file_bytes", ec ? 0 : size, !ec)
            .field("format", "bloomlab")
            .field("format_version", filterFormatVersionFor(filter));
        writeFilterJson(json, filter);
        json.endObject();
    }
    warnAboutState(filter, "bloomlab-cli info: ");
    return 0;
}

// ---- insert into a filter file (the command is in cli_redis.cpp) ---------------------------

} // namespace

int insertIntoFilterFile(const std::string& target, const std::string& keysPath,
                         const std::optional<std::string>& rebuildKeys) {
    AnyFilter filter = loadFilter(target);
    const bool rebuildPolicy = filter.growthPolicy().action == GrowthAction::Rebuild;
    if (rebuildKeys) {
        if (!rebuildPolicy)
            throw UsageError("--rebuild-keys applies to a filter with the rebuild policy (build --on-full rebuild); " +
                             target + " has the " + std::string(growthActionName(filter.growthPolicy().action)) +
                             " policy");
        requireRereadableKeys(*rebuildKeys, "--rebuild-keys");
        checkOutputTarget(target, {keysPath, *rebuildKeys});
        // The key source must list every key of the filter: each of them is a "maybe" in it, so
        // fewer "maybe" keys than the filter's items proves keys are missing (a necessary check;
        // duplicates inserted earlier count in items, so this may refuse a complete list, never
        // pass one that lacks keys the count can see).
        std::uint64_t maybe = 0;
        const std::uint64_t listed =
            readKeys(*rebuildKeys, [&](std::string_view key) { maybe += filter.mightContain(key) ? 1 : 0; });
        const std::uint64_t items = filter.stats().items;
        if (maybe < items)
            throw std::runtime_error("--rebuild-keys " + *rebuildKeys + " lists " + std::to_string(listed) + " keys, " +
                                     std::to_string(maybe) + " of them in " + target + ", which holds " +
                                     std::to_string(items) +
                                     " items: keys are missing, and a rebuild from it would lose them (false "
                                     "negatives); list every key of the filter (nothing was changed)");
    }
    filter.setWriters(Writers::One);  // this thread is the only writer
    const std::uint32_t tiersBefore = filter.stats().tiers;
    std::uint64_t failed = 0;
    const std::uint64_t total = readKeys(keysPath, [&](std::string_view key) { failed += filter.insert(key) ? 0 : 1; });
    // insert's JSON document (docs/json.md): the filter as saved; rebuilt_from_keys when a rebuild ran.
    const auto writeInsertJson = [&](const AnyFilter& saved, std::optional<std::uint64_t> rebuiltFrom) {
        if (!outputOptions().json) return;
        JsonWriter& json = jsonDocument();
        json.beginObject()
            .field("file", target)
            .field("keys_read", total)
            .field("inserted", total - failed)
            .field("failed", failed)
            .optionalField("rebuilt_from_keys", rebuiltFrom.value_or(0), rebuiltFrom.has_value());
        writeFilterJson(json, saved);
        json.endObject();
    };
    const GrowthTrigger trigger = filter.rebuildTrigger();
    if (trigger != GrowthTrigger::None && rebuildKeys) {
        // Rebuild from every key (the listed ones, then the new ones), growth times larger.
        FilterSpec spec;
        try {
            spec = rebuildSpecOf(filter);
            // The keys it holds and the ones it refused: the rebuilt filter takes both.
            spec = specForCapacity(spec, grownCapacity(spec.growthPolicy, spec.capacity, filter.stats().items + failed));
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error(std::string("cannot rebuild: ") + e.what());
        }
        std::cout << "rebuild " << filter.rebuilds() + 1 << ": " << growthTriggerName(trigger)
                  << " threshold reached after inserting " << keysPath << "; rebuilding for " << spec.capacity
                  << " from " << *rebuildKeys << " + " << keysPath << "\n";
        const auto plan = [](const FilterSpec& s) {
            try {
                return planFilter(s);
            } catch (const std::invalid_argument& e) {
                throw std::runtime_error(std::string("cannot rebuild: ") + e.what());
            }
        };
        KeyFileBuild b = buildFromKeyFiles(spec, {*rebuildKeys, keysPath}, filter.rebuilds() + 1, false, plan);
        saveFilter(*b.filter, target);
        const FilterStats s = b.filter->stats();
        std::cout << "inserted " << total << " keys into " << target << " and rebuilt it from " << b.total
                  << " keys (" << b.inserted << " inserted, " << b.failed << " failed, " << b.duplicates
                  << " duplicate keys skipped): " << filterTypeName(b.filter->type()) << ", capacity " << s.capacity
                  << ", " << s.items << " items, " << s.rebuilds << " rebuilds, estimated FPR now "
                  << fmt("%.4g", s.estimatedFpr) << "\n";
        writeInsertJson(*b.filter, b.total);
        return b.failed > 0 ? 3 : 0;
    }
    saveFilter(filter, target);
    const FilterStats s = filter.stats();
    std::cout << "inserted " << total - failed << " of " << total << " keys into " << target << " ("
              << filterTypeName(filter.type()) << ", " << s.items << " items now)\n";
    if (filter.tiered() != nullptr)
        std::cout << "tiers: " << s.tiers << " (" << s.tiers - tiersBefore << " added by this insert)\n";
    writeInsertJson(filter, std::nullopt);
    if (failed > 0)
        std::cerr << "bloomlab-cli insert: warning: " << failed
                  << " inserts failed (the filter is full); rebuild it larger\n";
    if (trigger != GrowthTrigger::None) {
        // The key source of a rebuild is the complete key list; a filter file does not hold its
        // keys, and the inserted file lists only the new ones: rebuilding from it would lose the
        // others (false negatives). Without --rebuild-keys the rebuild is refused, saying how.
        std::cerr << "bloomlab-cli insert: the rebuild policy's " << growthTriggerName(trigger)
                  << " threshold is reached (" << describeGrowthPolicy(filter.growthPolicy())
                  << "; now fill " << fmt("%.4f", s.fillRatio) << ", failed inserts " << s.failedInserts
                  << ", estimated FPR " << fmt("%.4g", s.estimatedFpr)
                  << "), but a filter file holds no key list to rebuild from and " << keysPath
                  << " lists only the new keys: not rebuilt (the keys above were inserted and saved). Give "
                     "--rebuild-keys FILE listing every key of the filter, or rebuild it with `bloomlab-cli build "
                     "--on-full rebuild --keys FILE`.\n";
        return 3;
    }
    return failed > 0 ? 3 : 0;
}

namespace {

// ---- export / import -----------------------------------------------------------------------

constexpr std::string_view kExportUsage =
    R"(Usage: bloomlab-cli export FILTER --out FILE [--format parquet]

Writes a blocked filter as a Parquet bloom filter blob: the Thrift compact BloomFilterHeader
{numBytes, algorithm BLOCK, hash XXHASH, compression UNCOMPRESSED} followed by the bitset
(little-endian 32-bit words), byte for byte what a Parquet writer stores for a column chunk.
Only the blocked filter has the Parquet layout; other types are refused.

Options:
  --format parquet   the only export format (the default)
  -o, --out FILE     output file (written atomically)

Every output is a regular file (replaced atomically) or a new path, in an existing directory
the user can write: devices, FIFOs, sockets, directories, symbolic links, the command's own
inputs and a missing or read-only directory are refused before any work starts.
)";

int runExport(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    const auto format = parser.value({"--format"}, "parquet");
    const auto out = parser.value({"-o", "--out"}, "the file to write");
    const std::string path = parser.onePositional("FILTER");
    parser.finish();
    if (format && *format != "parquet")
        throw UsageError("unsupported --format '" + *format + "' (only 'parquet', the default)");
    if (!out) throw UsageError("missing --out FILE");
    checkOutputTarget(*out, {path});
    const AnyFilter filter = loadFilter(path);
    const auto* blocked = filter.as<BlockedBloomFilter>();
    if (blocked == nullptr)
        throw std::runtime_error(
            "'" + path + "' is a " + std::string(filterTypeName(filter.type())) +
            " filter; only the blocked (split-block) filter can be exported as Parquet");
    const std::vector<std::uint8_t> blob = exportParquetBloomFilter(*blocked);
    writeFileAtomically(*out, blob);
    if (outputOptions().json)
        jsonDocument()
            .beginObject()
            .field("out", *out)
            .field("format", "parquet")
            .field("blocks", blocked->numBlocks())
            .field("bitset_bytes", blocked->numBlocks() * 32)
            .field("header_bytes", blob.size() - blocked->numBlocks() * 32)
            .field("bytes", blob.size())
            .endObject();
    std::cout << "exported " << blocked->numBlocks() << " blocks (" << blocked->numBlocks() * 32
              << " bitset bytes + " << blob.size() - blocked->numBlocks() * 32
              << " header bytes) to " << *out << "\n";
    return 0;
}

constexpr std::string_view kImportUsage =
    R"(Usage: bloomlab-cli import BLOB --out FILTER [--format parquet]

Reads a Parquet bloom filter blob (Thrift compact BloomFilterHeader + bitset, as written by
'export' or extracted from a Parquet file at bloom_filter_offset) and saves it as a blocked
BloomLab filter. The item count and target FPR are unknown (0) after import.

Options:
  --format parquet   the only import format (the default)
  -o, --out FILTER   output file (written atomically)

A Parquet file (told by its magic, PAR1) in place of BLOB:
  bloomlab-cli import FILE.parquet --column NAME --row-group N --out FILTER [--fpr P]
saves that column chunk's bloom filter as a blocked filter, with items = the file's distinct
count or, when it has none, the count estimated from the fill, and capacity = the values its
size holds at FPR P (default 0.01).

Every output is a regular file (replaced atomically) or a new path, in an existing directory
the user can write: devices, FIFOs, sockets, directories, symbolic links, the command's own
inputs and a missing or read-only directory are refused before any work starts.
)";

int runImport(std::vector<std::string> args) {
    if (isParquetInput(args, {"--format", "-o", "--out", "--column", "--row-group", "-p", "--fpr"}))
        return runParquetImport(std::move(args));
    ArgParser parser(std::move(args));
    const auto format = parser.value({"--format"}, "parquet");
    const auto out = parser.value({"-o", "--out"}, "the file to write");
    const std::string path = parser.onePositional("BLOB");
    parser.finish();
    if (format && *format != "parquet")
        throw UsageError("unsupported --format '" + *format + "' (only 'parquet', the default)");
    if (!out) throw UsageError("missing --out FILTER");
    checkOutputTarget(*out, {path});
    const std::vector<std::uint8_t> blob =
        readWholeFile(path, "cannot read '" + path + "'", [&](std::uint64_t size) {
            if (size > kMaxPayloadBytes + 64)
                throw std::runtime_error("'" + path + "' is not a readable file of at most 16 GiB");
        });
    // The blob's own errors say what is wrong in it; the path says which file.
    AnyFilter filter = [&] {
        try {
            return AnyFilter(importParquetBloomFilter(blob));
        } catch (const FilterIoError& e) {
            throw FilterIoError("cannot import '" + path + "': " + e.what());
        }
    }();
    saveFilter(filter, *out);
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject().field("out", *out).field("source", path).field("format", "parquet");
        writeFilterJson(json, filter);
        json.endObject();
    }
    std::cout << "imported " << filter.as<BlockedBloomFilter>()->numBlocks() << " blocks to "
              << *out << "\n";
    return 0;
}

// ---- union / intersect ---------------------------------------------------------------------

constexpr std::string_view kUnionUsage =
    R"(Usage: bloomlab-cli union A B --out FILTER

Bitwise OR of two classic filters with the same m, k and seed, or two blocked filters with the
same block count. The result answers 'maybe' for every key inserted into A or B (exactly as if
both key sets had been inserted into one filter). Its item count is an estimate: the larger
input's count plus what the OR's fill adds (Swamidass-Baldi), at most the sum.
Every output is a regular file (replaced atomically) or a new path, in an existing directory
the user can write: devices, FIFOs, sockets, directories, symbolic links, the command's own
inputs and a missing or read-only directory are refused before any work starts.
)";

constexpr std::string_view kIntersectUsage =
    R"(Usage: bloomlab-cli intersect A B --out FILTER

Bitwise AND of two classic filters with the same m, k and seed, or two blocked filters with the
same block count. Every key inserted into both A and B stays 'maybe'; keys in only one of them
may also stay 'maybe' (the AND is an upper approximation of the intersection).
Every output is a regular file (replaced atomically) or a new path, in an existing directory
the user can write: devices, FIFOs, sockets, directories, symbolic links, the command's own
inputs and a missing or read-only directory are refused before any work starts.
)";

int runSetOperation(std::vector<std::string> args, bool isUnion) {
    ArgParser parser(std::move(args));
    const auto out = parser.value({"-o", "--out"}, "the filter file to write");
    auto inputs = parser.positionals();
    parser.finish();
    if (inputs.size() != 2) throw UsageError("give exactly two filter files (see --help)");
    if (!out) throw UsageError("missing --out FILTER");
    if (!isRedisArgument(*out)) checkOutputTarget(*out, {inputs[0], inputs[1]});
    AnyFilter a = openFilterArgument(inputs[0]);
    const AnyFilter b = openFilterArgument(inputs[1]);
    try {
        isUnion ? a.unionWith(b) : a.intersectWith(b);
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(std::string("incompatible filters: ") + e.what());
    }
    storeFilterArgument(a, *out);
    if (outputOptions().json) {
        JsonWriter& json = jsonDocument();
        json.beginObject()
            .field("operation", isUnion ? "union" : "intersection")
            .key("inputs")
            .beginArray()
            .value(shownArgument(inputs[0]))
            .value(shownArgument(inputs[1]))
            .endArray()
            .field("out", shownArgument(*out))
            .field("items_estimated", isUnion);
        writeFilterJson(json, a);
        json.endObject();
    }
    std::cout << (isUnion ? "union" : "intersection") << " of " << shownArgument(inputs[0]) << " and "
              << shownArgument(inputs[1]) << " -> " << shownArgument(*out) << "\n"
              << (isUnion ? "the item count is an estimate: the larger input's count plus what the OR's fill "
                            "adds (Swamidass-Baldi), at most the sum (keys in both count once)\n"
                          : "the item count is the smaller input's (an upper bound of the intersection)\n");
    printStats(std::cout, a);
    return 0;
}

int runUnion(std::vector<std::string> args) {
    return runSetOperation(std::move(args), true);
}
int runIntersect(std::vector<std::string> args) {
    return runSetOperation(std::move(args), false);
}

const bool kBuildRegistered =
    registerCommand({"build", "build a filter from a key file and save it", kBuildUsage, runBuild});
const bool kQueryRegistered = registerCommand(
    {"query", "look keys up in a saved filter (maybe / no)", kQueryUsage, runQuery});
const bool kInfoRegistered =
    registerCommand({"info", "show a saved filter's parameters and stats", kInfoUsage, runInfo});
const bool kExportRegistered = registerCommand(
    {"export", "export a blocked filter as a Parquet bloom filter blob", kExportUsage, runExport});
const bool kImportRegistered = registerCommand(
    {"import", "import a Parquet bloom filter blob as a blocked filter", kImportUsage, runImport});
const bool kUnionRegistered =
    registerCommand({"union", "OR two compatible classic/blocked filters", kUnionUsage, runUnion});
const bool kIntersectRegistered = registerCommand(
    {"intersect", "AND two compatible classic/blocked filters", kIntersectUsage, runIntersect});

} // namespace

} // namespace bloomlab::cli
