// bloomlab-cli filter commands: size (the sizing calculator).
#include "cli_common.h"

#include "core/filter_math.h"
#include "core/parse_units.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bloomlab::cli {

namespace {

std::string fmt(const char* format, double value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, value);
    return buf;
}

/// Runs a core parser and turns its std::invalid_argument into a UsageError naming the option.
template <class Parse>
auto parseOption(const std::string& option, const std::string& text, Parse parse) {
    try {
        return parse(text);
    } catch (const std::invalid_argument& e) {
        throw UsageError("option " + option + ": " + e.what());
    }
}

// ---- size ----------------------------------------------------------------------------------

constexpr std::string_view kSizeUsage =
    R"(Usage: bloomlab-cli size [-n N] [-p P] [-m BITS|SIZE] [-k K]

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
)";

int runSize(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    math::SizingQuery query;
    if (auto v = parser.value({"-n", "--items"}))
        query.n = static_cast<double>(parseOption("-n", *v, parseCount));
    if (auto v = parser.value({"-p", "--fpr"})) query.p = parseOption("-p", *v, parseProbability);
    if (auto v = parser.value({"-m", "--bits"}))
        query.m = static_cast<double>(parseOption("-m", *v, parseSizeBits));
    if (auto v = parser.value({"-k", "--hashes"}))
        query.k = static_cast<double>(parseOption("-k", *v, parseCount));
    parser.finish();
    if (!query.n && !query.p && !query.m && !query.k)
        throw UsageError("give at least two of -n, -p, -m (optionally -k); see size --help");

    math::SizingResult r;
    try {
        r = math::solveSizing(query);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    const std::uint64_t bytes = r.m / 8 + (r.m % 8 != 0 ? 1 : 0);
    std::cout << "n=" << fmt("%.0f", r.n) << "\n"
              << "p=" << fmt("%.6g", r.p) << "\n"
              << "m=" << r.m << " bits (" << bytes << " bytes, " << formatBytes(double(bytes))
              << ")\n"
              << "k=" << r.k << "\n"
              << "bits_per_item=" << fmt("%.3f", r.bitsPerItem) << "\n";
    if (query.n && query.p && r.n >= 1.0) {
        // The same target with the other layouts (their FPR curves differ from the classic one).
        const auto n = static_cast<std::uint64_t>(r.n);
        const std::uint64_t blocks = math::blockedBlocksFor(n, r.p);
        std::cout << "blocked: " << blocks << " blocks of 256 bits = " << blocks * 256 << " bits ("
                  << formatBytes(double(blocks) * 32.0) << "), expected FPR "
                  << fmt("%.4g", math::blockedFpr(r.n, blocks)) << "\n";
        const unsigned f = math::cuckooFingerprintBitsFor(r.p);
        const std::uint64_t buckets = math::cuckooBucketsFor(n);
        const double load = r.n / (double(buckets) * 4.0);
        std::cout << "cuckoo: " << f << "-bit fingerprints, " << buckets << " buckets x 4 slots ("
                  << formatBytes(double(buckets) * 4.0 * f / 8.0) << "), load " << fmt("%.3f", load)
                  << ", expected FPR " << fmt("%.4g", math::cuckooFpr(f, 4, load)) << "\n";
    }
    return 0;
}

const bool kSizeRegistered = registerCommand(
    {"size", "solve Bloom filter sizing: any two or three of n, p, m, k", kSizeUsage, runSize});

} // namespace

} // namespace bloomlab::cli
