// perf_report: tables, CSV, targets and Markdown of a perf run (see perf_report.h).
#include "core/bench/perf_report.h"
#include "core/blocked_bloom_filter.h"
#include "core/cuckoo_filter.h"
#include "core/prefetch_distance.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace bloomlab::bench {

namespace {

std::string fmt(const char* format, double value) {
    if (std::isnan(value)) return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, format, value);
    return buf;
}

std::string withCommas(std::uint64_t value) {
    const std::string digits = std::to_string(value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
        out.push_back(digits[i]);
    }
    return out;
}

/// 1000000 -> "1M", 10000000 -> "10M", 200000 -> "200k".
std::string shortCount(std::uint64_t n) {
    if (n % 1'000'000 == 0) return std::to_string(n / 1'000'000) + "M";
    if (n % 1'000 == 0) return std::to_string(n / 1'000) + "k";
    return std::to_string(n);
}

/// "n = 10,000,000 (12.6 MiB): memory_bound 16 a, ..., 256 e ns/key, fastest 64; blocked 32 f, ...,
/// 256 i, fastest 64; used 64 (memory); at 64 prefetching into the L1 / the L2: memory_bound
/// x / y, blocked z / w ns/key; used L2".
std::string prefetchText(const PrefetchProbe& probe) {
    const auto list = [](const std::vector<std::pair<std::size_t, double>>& times, std::size_t fastest) {
        std::string out;
        for (std::size_t i = 0; i < times.size(); ++i) {
            out += (i == 0 ? " " : ", ") + std::to_string(times[i].first) + " " + fmt("%.2f", times[i].second);
        }
        return out + " ns/key, fastest " + std::to_string(fastest);
    };
    std::string out = "n = " + withCommas(probe.n) + " (" + fmt("%.1f", double(probe.bytes) / 1048576.0) +
                      " MiB): memory_bound" + list(probe.nsByDistance, probe.fastest);
    if (!probe.blockedNsByDistance.empty()) out += "; blocked" + list(probe.blockedNsByDistance, probe.blockedFastest);
    out += "; blocked and memory_bound used " + std::to_string(probe.used) + " (" + prefetchRuleName(probe.rule) + ")";
    if (!std::isnan(probe.memoryL1Ns)) {
        out += "; at " + std::to_string(probe.used) + " prefetching into the L1 / the L2: memory_bound " +
               fmt("%.2f", probe.memoryL1Ns) + " / " + fmt("%.2f", probe.memoryL2Ns) + ", blocked " +
               fmt("%.2f", probe.blockedL1Ns) + " / " + fmt("%.2f", probe.blockedL2Ns) + " ns/key; used " +
               prefetchLevelName(probe.level);
    }
    return out;
}

/// "n = 10,000,000: packed +3.61 ns, string_views +2.02 ns over integer keys (...)"
std::string stringKeyText(const StringKeyProbe& probe) {
    return "n = " + withCommas(probe.n) + ": packed " + fmt("%+.2f", probe.packedMinusIntNs) + " ns, string_views " +
           fmt("%+.2f", probe.viewsMinusIntNs) + " ns over integer keys (integer " + fmt("%.2f", probe.intNs) +
           ", string_views " + fmt("%.2f", probe.viewsNs) + ", packed " + fmt("%.2f", probe.packedNs) + " ns; " +
           std::to_string(probe.rounds) + " rounds of " + withCommas(probe.queries) + " lookups per pass)";
}

constexpr const char* kStringKeyNote =
    "batched blocked lookup, mean of present and absent keys, one filter per key layout, the three timed back to "
    "back in every round; medians of the differences inside each round";

constexpr const char* kPrefetchNote =
    "batched memory_bound lookup at prefetch distances 16 .. 256 keys and the blocked filter's batched lookup at "
    "32 .. 256 (absent keys), then both prefetching into the L1 and into the L2, interleaved, median ns per key; "
    "where another distance or level is clearly faster for the blocked filter on this host, "
    "BLOOMLAB_PREFETCH_DISTANCE=32|64|128|256 or BLOOMLAB_PREFETCH_LEVEL=l1|l2 sets it";

/// "prefetch distance of the batched pipelines: ..." — how the distances were chosen this run.
std::string prefetchChoiceText(const PerfHost& h) {
    const auto pair = [](PrefetchDistances d) {
        return d.inCache == d.memory ? std::to_string(d.memory)
                                     : std::to_string(d.inCache) + " within it, " + std::to_string(d.memory) + " beyond";
    };
    std::string out;
    if (h.prefetchEnvironment != 0) {
        out = std::to_string(h.prefetchEnvironment) + " keys for every array (BLOOMLAB_PREFETCH_DISTANCE)";
    } else {
        out = "per array size against the L2 (" +
              (h.l2Bytes ? fmt("%.1f", double(h.l2Bytes) / 1048576.0) + " MiB" : std::string("size unknown")) +
              "): blocked and memory_bound " + pair(BlockedBloomFilter::kBatchPrefetchDistances) +
              "; cuckoo with AVX-512 " + pair(CuckooFilter<12>::kBatchPrefetchDistancesAvx512) +
              " (groups of " + std::to_string(CuckooFilter<12>::kBatchLookupGroup) +
              " keys, of 16 at 32 and below), with AVX2 only " + pair(CuckooFilter<12>::kBatchPrefetchDistancesAvx2) +
              " (groups of " + std::to_string(CuckooFilter<12>::kBatchLookupGroup) +
              ", of 8 at 32 and below), key by key " +
              pair(CuckooFilter<12>::kBatchPrefetchDistancesScalar) + "; Morton " +
              pair(MortonFilter::kBatchPrefetchDistances);
    }
    out += "; classic: its own rings, 16 keys insert / 32 lookup";
    if (h.prefetchLevelEnvironment) {
        out += std::string("; prefetches into the ") + prefetchLevelName(*h.prefetchLevelEnvironment) +
               " for every array (BLOOMLAB_PREFETCH_LEVEL)";
    } else {
        out += "; prefetches into the L1 for arrays within the L2, into the L2 (prefetcht1) beyond it";
    }
    if (!h.prefetchProblem.empty()) out += "; " + h.prefetchProblem;
    return out;
}

/// ", two random lines per key at that size X ns = R x memory_bound" for a row with a two-line
/// floor (perf_engine.h), else nothing.
std::string twoLineFloorText(const PerfRow& row, double memoryBoundNs) {
    if (std::isnan(row.twoLineFloorNs)) return {};
    return ", two random lines per key at that size " + fmt("%.2f", row.twoLineFloorNs) + " ns = " +
           fmt("%.2f", row.twoLineFloorNs / memoryBoundNs) + "x memory_bound";
}

/// Printed under every target list: what one key per call can reach, and what to use instead.
constexpr const char* kOneKeyBound =
    "(one key per call: in a classic filter larger than the caches every key reads k random cache lines (k = 7 "
    "at p = 1%), and a call cannot prefetch the next key's lines, in any implementation (libbloom too), so the "
    "one-key ratios shrink toward 1x as n grows; for keys that arrive in batches use insertMany / mightContainMany (spans or KeyBatch), "
    "the blocked filter (one line per key) or classic_fast (fewer probes), whose targets hold there)";

/// Which code paths ran: the AVX-512 paths (batched hashing of 8-byte keys, and of strings from
/// 4 bytes with XXH64; the cuckoo filter's batched lookups) are chosen at run time and
/// BLOOMLAB_NO_AVX512=1 turns them off, so a run on an AVX-512 host can stand for the AVX2-only
/// CPUs most users have.
std::string pathsText(const PerfHost& h) {
    std::string out = h.avx512Hash    ? "AVX-512 on (batched hashing, cuckoo and Morton batched lookups)"
                      : h.avx512Cpu   ? "AVX-512 off (BLOOMLAB_NO_AVX512 set; this CPU has it): the AVX2-only path"
                                      : "AVX-512 off (this CPU has none): the AVX2-only path";
    out += std::string("; blocked-filter kernel ") + (h.avx2 ? "AVX2" : "portable (no AVX2, or BLOOMLAB_NO_AVX2 set)");
    out += std::string("; classic-filter probes ") + (h.classicBmi2 ? "BMI2 (mulx)" : "plain (no BMI2, or BLOOMLAB_NO_AVX2 set)");
    // Which batched hashing ran (core/hash_batch.h): XXH64 vectorises 8-byte keys and strings with
    // AVX-512; with AVX2 runs of strings of one length, and the blocked filter's pipeline hashes
    // 8-byte keys four per vector itself (placeGroupAvx2 in blocked_bloom_filter.cpp);
    // XXH3-128 has an AVX2 form too, which the classic filter's batched calls and the cuckoo
    // filter's batched lookups use (the latter also placing and matching four keys per vector).
    out += std::string("; batched hashing: XXH64 (blocked) ");
    if (h.hashXxh64 == HashBatchPath::Avx2) {
        out += "AVX2 for 8-byte keys (four per vector, placed in the same vectors) and runs of strings of one "
               "length from 4 to 31 bytes, scalar for other strings";
    } else {
        out += std::string(hashBatchPathName(h.hashXxh64)) + " for 8-byte keys and strings";
    }
    out += std::string(", XXH3-128 (8-byte keys) ") + hashBatchPathName(h.hashXxh3);
    if (h.hashXxh3 == HashBatchPath::Avx2) {
        out += " (four keys per vector: the classic filter's batched calls, and the cuckoo filter's batched lookups, "
               "which place and match four keys per vector too)";
    }
    out += std::string("; Morton lookups ") + mortonLookupPathName(h.morton);
    if (h.morton == MortonLookupPath::Avx2) {
        out += " (XXH64 of 8-byte keys eight at a time: four per vector, four with the scalar multiplier)";
    }
    return out;
}

std::string keyKindLabel(PerfKeyKind kind) {
    switch (kind) {
    case PerfKeyKind::Integer: return "integer keys (8 bytes)";
    case PerfKeyKind::String: return "string keys (30-byte phrases, a span of string_views)";
    case PerfKeyKind::Packed:
        return "packed string keys (the same phrases back to back in one buffer + offsets; batched calls of classic, "
               "blocked, cuckoo take them as a KeyBatch)";
    case PerfKeyKind::Mixed:
        return "mixed-length string keys (8 to 39 bytes, uniform; back to back in one buffer + offsets, like "
               "packed)";
    }
    return "";
}

double meanLookup(const PerfRow* row) { return row == nullptr ? kNotApplicable : row->lookupNs(); }

double ratio(double a, double b) {
    if (std::isnan(a) || std::isnan(b) || b <= 0) return kNotApplicable;
    return a / b;
}

/// The references a row is compared with (see the header comment).
struct References {
    const PerfRow* libbloom = nullptr;
    const PerfRow* unorderedSet = nullptr;
    const PerfRow* memoryBound = nullptr;
};

References referencesFor(const PerfResult& result, const PerfRow& row) {
    References refs;
    refs.libbloom = result.find(PerfStructure::Libbloom, row.n, row.keyKind, false);
    refs.unorderedSet = result.find(PerfStructure::UnorderedSet, row.n, row.keyKind, false);
    refs.memoryBound = result.find(PerfStructure::MemoryBound, row.n, PerfKeyKind::Integer, row.batched);
    return refs;
}

/// Rows of one (n, kind) in table order; batched rows with no operation at all are kept (n/a).
std::vector<const PerfRow*> rowsOf(const PerfResult& result, std::uint64_t n, PerfKeyKind kind) {
    std::vector<const PerfRow*> out;
    for (const PerfStructure s : allPerfStructures()) {
        for (const bool batched : {false, true}) {
            const PerfRow* row = result.find(s, n, kind, batched);
            if (row != nullptr) out.push_back(row);
        }
    }
    return out;
}

bool hasAnyTime(const PerfRow& row) {
    return !std::isnan(row.median.insertNs) || !std::isnan(row.median.lookupPosNs) ||
           !std::isnan(row.median.lookupNegNs);
}

std::string fprText(const PerfRow& row) {
    if (row.structure == PerfStructure::MemoryBound) return "-";
    return fmt("%.5f", row.fpr);
}

std::string csvEscape(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string csvNumber(double value, const char* format = "%.6g") { return fmt(format, value); }

const CuckooFillResult* fillFor(const PerfResult& result, PerfStructure structure, std::uint64_t n) {
    for (const CuckooFillResult& fill : result.cuckooFill) {
        if (fill.structure == structure && fill.n == n) return &fill;
    }
    return nullptr;
}

/// The perf structure's name: "cuckoo12", "cuckoo12_local", "morton12", ...
std::string fillName(const CuckooFillResult& fill) {
    return std::string(perfStructureName(fill.structure));
}

std::vector<std::uint64_t> sizesOf(const PerfResult& result) {
    std::vector<std::uint64_t> sizes;
    for (const PerfRow& row : result.rows) {
        if (std::find(sizes.begin(), sizes.end(), row.n) == sizes.end()) sizes.push_back(row.n);
    }
    return sizes;
}

std::vector<PerfKeyKind> kindsOf(const PerfResult& result, std::uint64_t n) {
    std::vector<PerfKeyKind> kinds;
    for (const PerfRow& row : result.rows) {
        if (row.n == n && std::find(kinds.begin(), kinds.end(), row.keyKind) == kinds.end()) kinds.push_back(row.keyKind);
    }
    return kinds;
}

} // namespace

// ---- Text -------------------------------------------------------------------------------------

std::string renderPerfText(const PerfResult& result) {
    std::ostringstream out;
    const PerfHost& h = result.host;
    out << "bloomlab perf: " << h.cpu << ", " << h.threads << " hardware threads"
        << (h.l3Bytes ? ", L3 cache " + fmt("%.0f", double(h.l3Bytes) / 1048576.0) + " MiB" : std::string()) << "\n";
    out << "compiler: " << h.compiler << ", " << h.buildType << " build, flags: " << h.flags << "\n";
    out << "code paths: " << pathsText(h) << "\nhuge pages for filter arrays >= 2 MiB: " << h.hugePages << "; load average before: " << h.loadBefore
        << ", after: " << h.loadAfter << "; started " << h.startedUtc << ", took " << fmt("%.0f", result.elapsedS)
        << " s\n";
    out << "p = " << result.config.fpr << "; median of " << result.config.repeats
        << " repeat(s), structures interleaved; ns per key; ratios are time ratios (row / reference) on the mean of\n"
           "present and absent lookups; memory_bound = random 64-byte reads over a buffer the size of the blocked "
           "filter\n"
           "classic and blocked insert as one writer thread (Writers::One, plain stores; libbloom has no thread "
           "safety);\nclassic_atomic and blocked_atomic as any number of writers (Writers::Many, atomic OR, the "
           "default);\nclassic_fast = classic with the fewest probes (k) whose size is within 10% of the optimum "
           "(filter_math::fewerProbesClassic; build --fewer-probes)\n";
    out << "prefetch distance of the batched pipelines: " << prefetchChoiceText(h) << "\n";
    if (!result.prefetchProbes.empty()) {
        out << "prefetch distance probe (" << kPrefetchNote << "):\n";
        for (const PrefetchProbe& probe : result.prefetchProbes) out << "  " << prefetchText(probe) << "\n";
    }
    if (!result.stringKeyProbes.empty()) {
        out << "string keys against integer keys, paired (" << kStringKeyNote << "):\n";
        for (const StringKeyProbe& probe : result.stringKeyProbes) out << "  " << stringKeyText(probe) << "\n";
    }
    if (result.cancelled) out << "CANCELLED: the tables hold what was measured before the stop\n";

    char line[512];
    for (const std::uint64_t n : sizesOf(result)) {
        for (const PerfKeyKind kind : kindsOf(result, n)) {
            const auto rows = rowsOf(result, n, kind);
            if (rows.empty()) continue;
            out << "\nn = " << withCommas(n) << ", " << keyKindLabel(kind) << ", " << withCommas(rows.front()->queries)
                << " lookups per pass\n";
            std::snprintf(line, sizeof line, "%-14s %-6s %9s %9s %9s %9s %9s %8s %8s %6s %5s | %9s %9s %9s\n",
                          "structure", "mode", "insert", "look_pos", "look_neg", "bits/key", "fpr", "bits/min", "floor",
                          "misses", "kept", "/libbloom", "/uset", "/memory");
            out << line;
            for (const PerfRow* row : rows) {
                const References refs = referencesFor(result, *row);
                const bool reference = isReference(row->structure);
                std::snprintf(line, sizeof line, "%-14s %-6s %9s %9s %9s %9s %9s %8s %8s %6s %5s | %9s %9s %9s\n",
                              std::string(perfStructureName(row->structure)).c_str(), row->batched ? "batch" : "one",
                              fmt("%.1f", row->median.insertNs).c_str(), fmt("%.1f", row->median.lookupPosNs).c_str(),
                              fmt("%.1f", row->median.lookupNegNs).c_str(), fmt("%.2f", row->bitsPerKey).c_str(),
                              fprText(*row).c_str(), fmt("%.2f", row->bitsOverMinimum).c_str(),
                              fmt("%.1f", row->floorNs).c_str(),
                              reference ? "-" : std::to_string(row->missedPresent).c_str(),
                              fmt("%.0f%%", 100.0 * row->keptFraction).c_str(),
                              fmt("%.2fx", ratio(row->lookupNs(), meanLookup(refs.libbloom))).c_str(),
                              fmt("%.3fx", ratio(row->lookupNs(), meanLookup(refs.unorderedSet))).c_str(),
                              fmt("%.2fx", ratio(row->lookupNs(), meanLookup(refs.memoryBound))).c_str());
                out << line;
            }
        }
        bool fillHeader = false;
        for (const CuckooFillResult& fill : result.cuckooFill) {
            if (fill.n != n) continue;
            if (!fillHeader) {
                out << "\ncuckoo fill (integer keys, table sized for n = " << withCommas(n)
                    << ", inserting until insert returns false):\n";
                fillHeader = true;
            }
            out << "  " << fillName(fill) << ": " << withCommas(fill.slotCount)
                << " slots; load when the first insert ran out of kicks (stash taken): "
                << fmt("%.4f", fill.loadAtFirstStash) << "; load at the first failed insert: "
                << fmt("%.4f", fill.loadAtFirstFailure) << "; " << withCommas(fill.kicks) << " kicks\n";
        }
    }
    if (!result.hashCost.empty()) {
        out << "\nhash cost alone (ns per key, median):\n";
        for (const HashCostRow& row : result.hashCost) {
            std::snprintf(line, sizeof line, "  %-9s int %6.2f   string %6.2f   string - int %+6.2f\n", row.hash.c_str(),
                          row.intNs, row.stringNs, row.stringNs - row.intNs);
            out << line;
        }
    }
    for (const std::string& note : result.notes) out << "note: " << note << "\n";

    for (const std::uint64_t n : perfTargetSizes(result)) {
        const auto targets = evaluatePerfTargets(result, n);
        out << "\nperformance targets (n = " << withCommas(n) << ", p = " << result.config.fpr << ", integer keys):\n";
        if (const std::string note = cacheNote(result, n); !note.empty()) out << "  (" << note << ")\n";
        for (const PerfTarget& t : targets) {
            out << "  [" << (!t.evaluated ? "n/a " : t.pass ? "PASS" : "FAIL") << "] " << t.name << ": " << t.measured
                << "\n";
        }
        out << "  " << kOneKeyBound << "\n";
    }
    return out.str();
}

// ---- CSV --------------------------------------------------------------------------------------

std::vector<std::string> perfCsvColumns() {
    return {"structure", "n",         "key_kind",      "batched",        "insert_ns",     "lookup_pos_ns",
            "lookup_neg_ns", "bits_per_key", "fpr",      "repeat",         "p",             "queries",
            "bytes",     "false_positives", "missed_present", "expected_fpr", "bits_over_min", "floor_ns",
            "kept_loops", "noisy_passes", "geometry"};
}

std::string renderPerfCsv(const PerfResult& result) {
    std::ostringstream out;
    const auto columns = perfCsvColumns();
    for (std::size_t i = 0; i < columns.size(); ++i) out << (i ? "," : "") << columns[i];
    out << "\n";
    const auto emit = [&](const PerfRow& row, const PerfTimes& t, std::uint32_t repeat) {
        const bool median = repeat == 0;
        out << perfStructureName(row.structure) << ',' << row.n << ',' << perfKeyKindName(row.keyKind) << ','
            << (row.batched ? 1 : 0) << ',' << csvNumber(t.insertNs) << ',' << csvNumber(t.lookupPosNs) << ','
            << csvNumber(t.lookupNegNs) << ',' << csvNumber(row.bitsPerKey) << ','
            << (row.structure == PerfStructure::MemoryBound ? "n/a" : csvNumber(row.fpr)) << ',' << repeat << ','
            << result.config.fpr << ',' << row.queries << ',' << row.bytes << ',';
        if (median) {
            const bool counts = row.structure != PerfStructure::MemoryBound;
            out << (counts ? std::to_string(row.falsePositives) : "n/a") << ','
                << (counts ? std::to_string(row.missedPresent) : "n/a") << ',' << csvNumber(row.expectedFpr) << ','
                << csvNumber(row.bitsOverMinimum) << ',' << csvNumber(row.floorNs) << ','
                << csvNumber(row.keptFraction, "%.3f") << ',' << row.noisyPasses << ',' << csvEscape(row.geometry);
        } else {
            out << "n/a,n/a,n/a,n/a,n/a,n/a,n/a,";
        }
        out << "\n";
    };
    for (const PerfRow& row : result.rows) {
        emit(row, row.median, 0);
        for (std::size_t r = 0; r < row.runs.size(); ++r) emit(row, row.runs[r], static_cast<std::uint32_t>(r + 1));
    }
    return out.str();
}

// ---- Targets ----------------------------------------------------------------------------------

/// Where the one-key classic target is set: a filter that fits in the caches (1.1 MiB at p = 1%).
constexpr std::uint64_t kInCacheTargetSize = 1'000'000;

std::uint64_t perfTargetSize(const PerfResult& result) {
    std::uint64_t best = 0;
    for (const PerfRow& row : result.rows) {
        if (row.n == 10'000'000) return row.n;
        best = std::max(best, row.n);
    }
    return best;
}

std::vector<std::uint64_t> perfTargetSizes(const PerfResult& result) {
    const std::uint64_t primary = perfTargetSize(result);
    std::vector<std::uint64_t> sizes;
    if (primary == 0) return sizes;
    sizes.push_back(primary);
    for (const std::uint64_t n : sizesOf(result)) {
        if (n > primary) sizes.push_back(n);
    }
    return sizes;
}

std::string cacheNote(const PerfResult& result, std::uint64_t n) {
    const std::uint64_t l3 = result.host.l3Bytes;
    if (l3 == 0) return "";
    // The memory_bound buffer is the blocked filter's size; the classic and cuckoo tables of the
    // targets are of the same order.
    std::uint64_t floorBytes = 0;
    std::uint64_t largest = 0;
    for (const PerfRow& row : result.rows) {
        if (row.n != n || row.keyKind != PerfKeyKind::Integer) continue;
        if (row.structure == PerfStructure::MemoryBound) floorBytes = row.bytes;
        if (row.structure == PerfStructure::Classic || row.structure == PerfStructure::Blocked ||
            row.structure == PerfStructure::Cuckoo12 || row.structure == PerfStructure::Libbloom) {
            largest = std::max(largest, row.bytes);
        }
    }
    const std::uint64_t measured = std::max(floorBytes, largest);
    if (measured == 0 || measured > l3) return "";
    return "at n = " + withCommas(n) + " the memory_bound buffer and the filters these targets compare (at most " +
           fmt("%.1f", double(measured) / 1048576.0) + " MiB) fit in this CPU's " + fmt("%.0f", double(l3) / 1048576.0) +
           " MiB L3 cache, so memory_bound measures the L3, not DRAM, and the hash and probe arithmetic weigh more in "
           "every ratio to it";
}

std::vector<PerfTarget> evaluatePerfTargets(const PerfResult& result) {
    return evaluatePerfTargets(result, perfTargetSize(result));
}

std::vector<PerfTarget> evaluatePerfTargets(const PerfResult& result, std::uint64_t n) {
    std::vector<PerfTarget> targets;
    if (n == 0) return targets;
    const std::string at = n == 10'000'000 ? ""
                           : n > 10'000'000 ? " [at n = " + withCommas(n) + "]"
                                            : " [at n = " + withCommas(n) + ", not 10M: indicative only]";
    const auto row = [&](PerfStructure s, bool batched, PerfKeyKind kind = PerfKeyKind::Integer) {
        return result.find(s, n, kind, batched);
    };
    const auto finish = [&](PerfTarget t) {
        t.evaluated = !std::isnan(t.value);
        if (t.evaluated) t.pass = t.atLeast ? t.value >= t.limit : t.value <= t.limit;
        t.name += at;
        targets.push_back(std::move(t));
    };

    const PerfRow* lib = row(PerfStructure::Libbloom, false);
    const PerfRow* memory = row(PerfStructure::MemoryBound, true);
    // The two classic targets (insert; lookup of present and absent keys) of one classic row
    // against one libbloom row, named `name ... (mode)` + where (empty: this n, with `at`).
    const auto classicTargets = [&](const PerfRow* libbloom, const PerfRow* classic, const std::string& name,
                                    const std::string& mode, const std::string& where) {
        const std::string shape =
            classic ? "; " + classic->geometry + ", " + fmt("%.2f", classic->bitsPerKey) + " bits/key" : "";
        PerfTarget insert;
        insert.name = name + " insert throughput >= 2x libbloom (" + mode + ")" + where;
        insert.limit = 2.0;
        PerfTarget lookup;
        lookup.name = name + " lookup throughput >= 2x libbloom, present and absent keys (" + mode + ")" + where;
        lookup.limit = 2.0;
        if (libbloom && classic) {
            insert.value = ratio(libbloom->median.insertNs, classic->median.insertNs);
            insert.measured = fmt("%.2fx", insert.value) + " (libbloom " + fmt("%.1f", libbloom->median.insertNs) +
                              " ns / " + name + " " + fmt("%.1f", classic->median.insertNs) + " ns)" + shape;
            const double pos = ratio(libbloom->median.lookupPosNs, classic->median.lookupPosNs);
            const double neg = ratio(libbloom->median.lookupNegNs, classic->median.lookupNegNs);
            lookup.value = std::isnan(pos) || std::isnan(neg) ? kNotApplicable : std::min(pos, neg);
            lookup.measured = "present " + fmt("%.2fx", pos) + " (" + fmt("%.1f", libbloom->median.lookupPosNs) +
                              " / " + fmt("%.1f", classic->median.lookupPosNs) + " ns), absent " + fmt("%.2fx", neg) +
                              " (" + fmt("%.1f", libbloom->median.lookupNegNs) + " / " +
                              fmt("%.1f", classic->median.lookupNegNs) + " ns)" + shape;
        } else {
            insert.measured = lookup.measured = "not measured";
        }
        for (PerfTarget* t : {&insert, &lookup}) {
            if (where.empty()) {
                finish(std::move(*t));
            } else {
                t->evaluated = !std::isnan(t->value);
                if (t->evaluated) t->pass = t->value >= t->limit;
                targets.push_back(std::move(*t));
            }
        }
    };
    // The classic target, for the classic at its optimal k (least memory) and for
    // classic_fast (the same filter sized with fewer probes for up to 10% more memory), each
    // named with its geometry so the trade is visible next to the ratio.
    for (const PerfStructure subject : {PerfStructure::Classic, PerfStructure::ClassicFast}) {
        for (const bool batched : {true, false}) {
            const PerfRow* classic = row(subject, batched);
            if (subject == PerfStructure::ClassicFast && classic == nullptr) continue;  // not in this run
            classicTargets(lib, classic, std::string(perfStructureName(subject)),
                           batched ? "insertMany / mightContainMany" : "one key per call", "");
        }
    }
    // One key per call, in the caches: the classic filter at n = 1M (1.1 MiB) against libbloom,
    // when the run measured 1M beside the larger target size. Beyond the caches the one-key lines
    // above are bounded by k random lines per key (the note under the list says so), so the
    // one-key target is set where the filter fits in the caches.
    if (n > kInCacheTargetSize) {
        const PerfRow* libSmall = result.find(PerfStructure::Libbloom, kInCacheTargetSize, PerfKeyKind::Integer, false);
        const PerfRow* classicSmall = result.find(PerfStructure::Classic, kInCacheTargetSize, PerfKeyKind::Integer, false);
        if (libSmall && classicSmall) {
            classicTargets(libSmall, classicSmall, "classic", "one key per call",
                           " [at n = " + withCommas(kInCacheTargetSize) + ": the filter in the caches]");
        }
    }
    const PerfRow* blocked = row(PerfStructure::Blocked, true);
    {
        PerfTarget t;
        t.name = "blocked batched lookup <= 1.5x memory_bound (batched)";
        t.limit = 1.5;
        t.atLeast = false;
        if (blocked && memory) {
            const double worst = std::max(blocked->median.lookupPosNs, blocked->median.lookupNegNs);
            t.value = ratio(worst, memory->lookupNs());
            t.measured = fmt("%.2fx", t.value) + " (blocked " + fmt("%.2f", blocked->median.lookupPosNs) + " present / " +
                         fmt("%.2f", blocked->median.lookupNegNs) + " absent ns, the slower / memory_bound " +
                         fmt("%.2f", memory->lookupNs()) + " ns)";
        } else {
            t.measured = "not measured";
        }
        finish(std::move(t));
    }
    {
        const PerfRow* classic = row(PerfStructure::Classic, true);
        PerfTarget t;
        t.name = "blocked batched lookup <= 0.5x classic lookup (both batched)";
        t.limit = 0.5;
        t.atLeast = false;
        if (blocked && classic) {
            t.value = ratio(blocked->lookupNs(), classic->lookupNs());
            t.measured = fmt("%.2fx", t.value) + " (blocked " + fmt("%.2f", blocked->lookupNs()) + " ns / classic " +
                         fmt("%.2f", classic->lookupNs()) + " ns, mean of present and absent)";
        } else {
            t.measured = "not measured";
        }
        finish(std::move(t));
    }
    // cuckoo12, and cuckoo12_local when it was measured: the batched lookup against the floor,
    // and the load of the first failed insert in the table `build` makes for n.
    // morton12 (buckets inside one 64-byte block, core/morton_filter.h) answers to the local
    // layout's target.
    for (const PerfStructure structure : {PerfStructure::Cuckoo12, PerfStructure::Cuckoo12Local, PerfStructure::Morton12}) {
        const bool local = structure != PerfStructure::Cuckoo12;
        const std::string name(perfStructureName(structure));
        const PerfRow* cuckoo = row(structure, true);
        const CuckooFillResult* fill = fillFor(result, structure, n);
        if (local && cuckoo == nullptr && fill == nullptr) continue;
        {
            PerfTarget t;
            t.limit = local ? 1.5 : 2.0;
            t.name = name + " batched lookup <= " + (local ? "1.5x" : "2x") + " memory_bound (batched)";
            t.atLeast = false;
            if (cuckoo && memory) {
                const double worst = std::max(cuckoo->median.lookupPosNs, cuckoo->median.lookupNegNs);
                t.value = ratio(worst, memory->lookupNs());
                t.measured = fmt("%.2fx", t.value) + " (" + name + " " + fmt("%.2f", cuckoo->median.lookupPosNs) +
                             " present / " + fmt("%.2f", cuckoo->median.lookupNegNs) +
                             " absent ns, the slower / memory_bound " + fmt("%.2f", memory->lookupNs()) +
                             " ns; own-size floor " + fmt("%.2f", cuckoo->floorNs) + " ns" +
                             twoLineFloorText(*cuckoo, memory->lookupNs()) + "; " + cuckoo->geometry + ")";
            } else {
                t.measured = "not measured";
            }
            finish(std::move(t));
        }
        {
            PerfTarget t;
            t.name = name + " fills to >= 94% load before the first failed insert";
            t.limit = 0.94;
            if (fill) {
                t.value = fill->loadAtFirstStash;
                t.measured = fmt("%.2f%%", 100.0 * fill->loadAtFirstStash) +
                             " when the first insert ran out of kicks (its fingerprint went to the stash); " +
                             fmt("%.2f%%", 100.0 * fill->loadAtFirstFailure) + " at the first insert that returned false";
            } else {
                t.measured = "not measured";
            }
            finish(std::move(t));
        }
    }
    {
        PerfTarget t;
        t.name = "string keys: hashing adds <= 5 ns per key over integer keys";
        t.limit = 5.0;
        t.atLeast = false;
        double worst = kNotApplicable;
        std::string parts;
        for (const HashCostRow& h : result.hashCost) {
            if (h.hash == "XXH3-64") continue;  // not used by any filter
            const double delta = h.stringNs - h.intNs;
            worst = std::isnan(worst) ? delta : std::max(worst, delta);
            parts += (parts.empty() ? "" : ", ") + h.hash + " " + fmt("%+.2f", delta) + " ns (" + fmt("%.2f", h.intNs) +
                     " -> " + fmt("%.2f", h.stringNs) + ")";
        }
        t.value = worst;
        // Whole-lookup view (hash + key bytes + probing), for context.
        for (const PerfStructure s : {PerfStructure::Classic, PerfStructure::Blocked}) {
            const PerfRow* i = row(s, true, PerfKeyKind::Integer);
            const PerfRow* str = row(s, true, PerfKeyKind::String);
            if (i && str) {
                parts += "; " + std::string(perfStructureName(s)) + " batched lookup string - int " +
                         fmt("%+.2f", str->lookupNs() - i->lookupNs()) + " ns";
            }
        }
        t.measured = parts.empty() ? "not measured" : "hash alone: " + parts;
        finish(std::move(t));
    }
    {
        // Keys as a column or a network batch holds them (one buffer + offsets, the KeyBatch
        // overloads): what a string key costs a batched blocked lookup beyond an integer key.
        const PerfRow* ints = row(PerfStructure::Blocked, true, PerfKeyKind::Integer);
        const PerfRow* packed = row(PerfStructure::Blocked, true, PerfKeyKind::Packed);
        const PerfRow* views = row(PerfStructure::Blocked, true, PerfKeyKind::String);
        PerfTarget t;
        t.name = "packed string keys (KeyBatch) add <= 6 ns per batched blocked lookup over integer keys";
        t.limit = 6.0;
        t.atLeast = false;
        const StringKeyProbe* paired = nullptr;
        for (const StringKeyProbe& probe : result.stringKeyProbes) {
            if (probe.n == n) paired = &probe;
        }
        if (paired) {
            // The paired rounds decide: the table's rows for each key layout were measured
            // minutes apart, and a host's speed can drift between them.
            t.value = paired->packedMinusIntNs;
            t.measured = fmt("%+.2f", t.value) + " ns (median of " + std::to_string(paired->rounds) +
                         " paired rounds: packed " + fmt("%.2f", paired->packedNs) + " / integer " +
                         fmt("%.2f", paired->intNs) + " ns; string_views " + fmt("%+.2f", paired->viewsMinusIntNs) +
                         " ns" +
                         (ints && packed ? "; the table's separate rows: " +
                                               fmt("%+.2f", packed->lookupNs() - ints->lookupNs()) + " ns"
                                         : std::string()) +
                         ")";
        } else if (ints && packed) {
            t.value = packed->lookupNs() - ints->lookupNs();
            t.measured = fmt("%+.2f", t.value) + " ns (packed " + fmt("%.2f", packed->lookupNs()) + " / integer " +
                         fmt("%.2f", ints->lookupNs()) + " ns" +
                         (views ? "; string_views " + fmt("%+.2f", views->lookupNs() - ints->lookupNs()) + " ns" : "") +
                         ")";
        } else {
            t.measured = "not measured (needs --keys with int and packed)";
        }
        // Keys whose length varies key by key (no target; what fixed-length keys leave out).
        if (const PerfRow* mixed = row(PerfStructure::Blocked, true, PerfKeyKind::Mixed); mixed && ints) {
            t.measured += "; mixed-length keys (rows, no target): " + fmt("%+.2f", mixed->lookupNs() - ints->lookupNs()) +
                          " ns (" + fmt("%.2f", mixed->lookupNs()) + ")";
        }
        finish(std::move(t));
    }
    return targets;
}

// ---- Markdown ---------------------------------------------------------------------------------

std::string renderPerfMarkdown(const PerfResult& result, const std::string& chartLink, const std::string& command) {
    std::ostringstream out;
    const PerfHost& h = result.host;
    out << "## Filter performance\n\n";
    out << "Measured by `" << command << "` (" << h.startedUtc << ", " << fmt("%.0f", result.elapsedS) << " s) on "
        << h.cpu << " (" << h.threads << " hardware threads, shared"
        << (h.l3Bytes ? ", " + fmt("%.0f", double(h.l3Bytes) / 1048576.0) + " MiB L3" : std::string()) << "), " << h.compiler << ", " << h.buildType
        << " build (`" << h.flags << "`), code paths: " << pathsText(h) << ", huge pages for filter arrays of 2 MiB or more " << h.hugePages << ". Load average before / after: " << h.loadBefore << " / " << h.loadAfter << ".\n\n";
    out << "Prefetch distance of the batched pipelines: " << prefetchChoiceText(h) << ".\n\n";
    if (!result.prefetchProbes.empty()) {
        out << "Prefetch distance probe (" << kPrefetchNote << "): ";
        for (std::size_t i = 0; i < result.prefetchProbes.size(); ++i) {
            out << (i == 0 ? "" : "; ") << prefetchText(result.prefetchProbes[i]);
        }
        out << ".\n\n";
    }
    if (!result.stringKeyProbes.empty()) {
        out << "String keys against integer keys, paired (" << kStringKeyNote << "): ";
        for (std::size_t i = 0; i < result.stringKeyProbes.size(); ++i) {
            out << (i == 0 ? "" : "; ") << stringKeyText(result.stringKeyProbes[i]);
        }
        out << ".\n\n";
    }
    out << "Every figure is the median of " << result.config.repeats
        << " repeats, with the structures interleaved inside each repeat so that noise from other work on the "
           "machine hits every row alike; p = "
        << result.config.fpr
        << ". Times are ns per key, timed with `steady_clock` around whole 8192-key loops (key generation "
           "outside); loops during which the OS gave the core to another process (thread CPU time below 95% of "
           "wall time) are left out, and `kept` is the smallest share of loops kept in any pass. `one` = one key per call (insert / mightContain), `batch` = insertMany / mightContainMany "
           "(n/a where the type has none). Ratios are time ratios, row / reference, on the mean of present and "
           "absent lookups (below 1 = faster). `memory_bound` is the physical floor: one random 64-byte read per "
           "key over a buffer the size of the blocked filter, no hashing; `floor` is the same, batched, over a "
           "buffer of the row's own size. `bits/min` = bits per key / log2(1 / measured FPR). `classic` and "
           "`blocked` insert as one writer thread builds them (`Writers::One`: plain stores; libbloom has no thread "
           "safety at all); `classic_atomic` and `blocked_atomic` are the same filters as any number of threads may "
           "insert into them at once (`Writers::Many`, the library default: atomic OR, a locked instruction per "
           "word still missing a bit). Their lookups are the same code. `classic_fast` is the classic filter at the "
           "same n and p with the fewest probes whose size stays within 10% of the optimal size "
           "(`filter_math::fewerProbesClassic`; at p = 1% k = 4 instead of 7 for 10.52 instead of 9.59 bits per key): "
           "each probe of a lookup is a cache line read, so fewer probes trade a little memory for time. "
           "`bloomlab-cli size` prints it and `build --fewer-probes` builds it.\n\n";

    for (const std::uint64_t n : perfTargetSizes(result)) {
        const auto targets = evaluatePerfTargets(result, n);
        out << "### Performance targets (n = " << withCommas(n) << ", p = " << result.config.fpr << ", integer keys)\n\n";
        if (const std::string note = cacheNote(result, n); !note.empty()) {
            std::string sentence = note;
            sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
            out << sentence << ".\n\n";
        }
        out << "| target | measured | result |\n|---|---|---|\n";
        for (const PerfTarget& t : targets) {
            out << "| " << t.name << " | " << t.measured << " | " << (!t.evaluated ? "n/a" : t.pass ? "**PASS**" : "**FAIL**")
                << " |\n";
        }
        std::string bound = kOneKeyBound + 1;  // without the parentheses, as a sentence
        bound.pop_back();
        bound[0] = 'O';
        out << "\n" << bound << ".\n\n";
    }
    if (!chartLink.empty()) {
        out << "![Lookup time against bits per key](" << chartLink << ")\n\n";
    }

    for (const std::uint64_t n : sizesOf(result)) {
        for (const PerfKeyKind kind : kindsOf(result, n)) {
            const auto rows = rowsOf(result, n, kind);
            if (rows.empty()) continue;
            out << "### n = " << withCommas(n) << ", " << keyKindLabel(kind) << "\n\n";
            out << "| structure | mode | insert ns | lookup present ns | lookup absent ns | bits/key | FPR | bits/min | "
                   "floor ns | / libbloom | / unordered_set | / memory_bound | kept |\n";
            out << "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
            for (const PerfRow* row : rows) {
                if (row->batched && !hasAnyTime(*row)) {
                    continue;  // no batched API at all: the one-by-one row says it all
                }
                const References refs = referencesFor(result, *row);
                out << "| " << perfStructureName(row->structure) << " | " << (row->batched ? "batch" : "one") << " | "
                    << fmt("%.1f", row->median.insertNs) << " | " << fmt("%.1f", row->median.lookupPosNs) << " | "
                    << fmt("%.1f", row->median.lookupNegNs) << " | " << fmt("%.2f", row->bitsPerKey) << " | "
                    << fprText(*row) << " | " << fmt("%.2f", row->bitsOverMinimum) << " | " << fmt("%.1f", row->floorNs)
                    << " | " << fmt("%.2f", ratio(row->lookupNs(), meanLookup(refs.libbloom))) << " | "
                    << fmt("%.3f", ratio(row->lookupNs(), meanLookup(refs.unorderedSet))) << " | "
                    << fmt("%.2f", ratio(row->lookupNs(), meanLookup(refs.memoryBound))) << " | "
                    << fmt("%.0f%%", 100.0 * row->keptFraction) << " |\n";
            }
            out << "\n";
        }
    }
    out << "Types without a batched API (counting, scalable; cuckoo has no insertMany; libbloom and "
           "unordered_set have none) have only `one` rows, or n/a cells.\n\n";

    if (!result.cuckooFill.empty()) {
        out << "Cuckoo fill (integer keys, the table `build` makes for n, filled until an insert returns false):\n\n";
        out << "| filter | n | slots | load when the first insert ran out of kicks | load at the first failed insert | "
               "kicks |\n|---|--:|--:|--:|--:|--:|\n";
        for (const CuckooFillResult& fill : result.cuckooFill) {
            out << "| " << fillName(fill) << " | " << withCommas(fill.n) << " | " << withCommas(fill.slotCount)
                << " | " << fmt("%.2f%%", 100.0 * fill.loadAtFirstStash) << " | "
                << fmt("%.2f%%", 100.0 * fill.loadAtFirstFailure) << " | " << withCommas(fill.kicks) << " |\n";
        }
        out << "\n";
    }
    if (!result.hashCost.empty()) {
        out << "Hashing alone (ns per key, median):\n\n| hash | 8-byte key | 30-byte key | difference |\n|---|--:|--:|--:|\n";
        for (const HashCostRow& row : result.hashCost) {
            out << "| " << row.hash << " | " << fmt("%.2f", row.intNs) << " | " << fmt("%.2f", row.stringNs) << " | "
                << fmt("%+.2f", row.stringNs - row.intNs) << " |\n";
        }
        out << "\n";
    }
    for (const std::string& note : result.notes) out << "Note: " << note << ".\n\n";
    out << "How to run it and what each row means: docs/performance.md.\n";
    return out.str();
}

// ---- Chart data -------------------------------------------------------------------------------

PerfChartData perfChartData(const PerfResult& result, std::uint64_t n) {
    PerfChartData chart;
    chart.title = "Lookup time vs space: n = " + shortCount(n) + ", p = " + fmt("%g", result.config.fpr) +
                  ", integer keys (mean of present and absent; median of " + std::to_string(result.config.repeats) + ")";
    for (const PerfStructure s : allPerfStructures()) {
        if (s == PerfStructure::UnorderedSet || s == PerfStructure::MemoryBound) continue;  // off-scale / the line
        if (s == PerfStructure::ClassicAtomic || s == PerfStructure::BlockedAtomic) continue;  // same lookups
        PerfChartSeries series;
        series.name = std::string(perfStructureName(s));
        for (const bool batched : {false, true}) {
            const PerfRow* row = result.find(s, n, PerfKeyKind::Integer, batched);
            if (row == nullptr || std::isnan(row->lookupNs())) continue;
            series.points.emplace_back(row->bitsPerKey, row->lookupNs());
        }
        if (!series.points.empty()) chart.series.push_back(std::move(series));
    }
    if (const PerfRow* memory = result.find(PerfStructure::MemoryBound, n, PerfKeyKind::Integer, true)) {
        chart.floorNs = memory->lookupNs();
    }
    return chart;
}

} // namespace bloomlab::bench
