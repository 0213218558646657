// make_seed_corpus <corpus-dir> — writes the small committed seed corpus for the fuzzers:
//   fuzz_filter_loader/   valid_<type>_*.blf: saved filters of every type (empty and filled), v1;
//                         valid_cuckoo_tiered.blf, valid_*_rebuild.blf: format v2 (growth)
//                         valid_cuckoo12_local.blf: format v3 (the local cuckoo layout)
//   fuzz_parquet_import/  valid_blocks_<N>.bin: Parquet bloom-filter blobs (header + bitset)
//   fuzz_parse_units/     the documented number syntax (and a few refusals)
//   fuzz_key_reader/      key files (bytes 0-1 select maxKeyBytes and mode, see fuzz_key_reader.cpp)
// Files named valid_* must load: tests/tst_hostile_inputs.cpp checks that, so a format change
// that forgets the corpus fails the test suite. Deterministic (fixed seeds).
#include "core/any_filter.h"
#include "core/blocked_bloom_filter.h"
#include "core/filter_io.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

void writeFile(const fs::path& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
        throw std::runtime_error("cannot write " + path.string());
    }
}

void writeFile(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
    writeFile(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

std::string keyOf(unsigned i) {
    std::string key = "seed-key-" + std::to_string(i);
    if (i % 7 == 0) {
        key.push_back('\0');
        key.push_back(static_cast<char>(0xff));
    }
    return key;
}

bloomlab::AnyFilter filled(bloomlab::FilterSpec spec, unsigned keys) {
    bloomlab::AnyFilter filter = bloomlab::AnyFilter::create(spec);
    for (unsigned i = 0; i < keys; ++i) {
        filter.insert(keyOf(i));
    }
    return filter;
}

void filterSeeds(const fs::path& dir) {
    using bloomlab::FilterType;
    struct Seed {
        const char* name;
        bloomlab::FilterSpec spec;
        unsigned keys;
    };
    const std::vector<Seed> seeds = {
        {"classic_empty", {.type = FilterType::Classic, .capacity = 50, .fpr = 0.05}, 0},
        {"classic_filled", {.type = FilterType::Classic, .capacity = 50, .fpr = 0.05}, 50},
        {"classic_seeded", {.type = FilterType::Classic, .capacity = 20, .fpr = 0.1, .seed = 12345}, 30},
        {"blocked_empty", {.type = FilterType::Blocked, .capacity = 20, .fpr = 0.05}, 0},
        {"blocked_filled", {.type = FilterType::Blocked, .capacity = 40, .fpr = 0.05}, 40},
        {"counting_filled", {.type = FilterType::Counting, .capacity = 30, .fpr = 0.05}, 30},
        {"counting_saturated", {.type = FilterType::Counting, .capacity = 10, .bits = 512, .hashes = 4}, 200},
        {"scalable_one_layer", {.type = FilterType::Scalable, .capacity = 20, .fpr = 0.05}, 10},
        {"scalable_layers", {.type = FilterType::Scalable, .capacity = 8, .fpr = 0.1, .maxLayers = 5}, 60},
        {"cuckoo8_filled", {.type = FilterType::Cuckoo, .capacity = 24, .fpr = 0.03, .fingerprintBits = 8}, 20},
        {"cuckoo12_filled", {.type = FilterType::Cuckoo, .capacity = 24, .fpr = 0.003, .fingerprintBits = 12}, 20},
        {"cuckoo16_full", {.type = FilterType::Cuckoo, .capacity = 8, .fpr = 0.0003, .fingerprintBits = 16, .maxKicks = 20}, 60},
    };
    for (const Seed& seed : seeds) {
        const bloomlab::AnyFilter filter = filled(seed.spec, seed.keys);
        writeFile(dir / ("valid_" + std::string(seed.name) + ".blf"), bloomlab::serializeFilter(filter));
    }
    // Format v2: the growth block, the tier block of a tiered cuckoo filter (3 tiers; the last
    // one at the tier limit), and the rebuild policy with every threshold set and a rebuild count.
    using bloomlab::GrowthAction;
    bloomlab::FilterSpec tiered{.type = FilterType::Cuckoo, .capacity = 6, .fpr = 0.05, .seed = 7};
    tiered.growthPolicy.action = GrowthAction::Tier;
    tiered.maxTiers = 3;
    writeFile(dir / "valid_cuckoo_tiered.blf", bloomlab::serializeFilter(filled(tiered, 40)));
    for (const auto& [name, type] : {std::pair{"classic_rebuild", FilterType::Classic},
                                     std::pair{"cuckoo_rebuild", FilterType::Cuckoo}}) {
        bloomlab::FilterSpec spec{.type = type, .capacity = 20, .fpr = 0.05};
        spec.growthPolicy.action = GrowthAction::Rebuild;
        spec.growthPolicy.thresholds = {0.5, 1, 0.1, 0.2, 100};
        bloomlab::AnyFilter filter = filled(spec, 15);
        filter.setRebuilds(2);
        writeFile(dir / ("valid_" + std::string(name) + ".blf"), bloomlab::serializeFilter(filter));
    }
    // Format v3: the layout block of a cuckoo filter with the local layout.
    bloomlab::FilterSpec local{.type = FilterType::Cuckoo, .capacity = 24, .fpr = 0.003, .fingerprintBits = 12};
    local.cuckooLayout = bloomlab::CuckooLayout::Local;
    writeFile(dir / "valid_cuckoo12_local.blf", bloomlab::serializeFilter(filled(local, 20)));
}

void parquetSeeds(const fs::path& dir) {
    for (std::uint64_t blocks : {1u, 2u, 5u}) {
        bloomlab::BlockedBloomFilter filter(blocks);
        for (unsigned i = 0; i < blocks * 8; ++i) {
            filter.insert(keyOf(i));
        }
        writeFile(dir / ("valid_blocks_" + std::to_string(blocks) + ".bin"),
                  bloomlab::exportParquetBloomFilter(filter));
    }
}

void unitSeeds(const fs::path& dir) {
    const std::vector<std::string_view> texts = {
        "1000", "1e6", "10k", "1M", "2.5G", "1T", "1_000_000", "0.01", "1e-3", "1/100", "1%",
        "47926", "64KiB", "1MiB", "1GiB", "1KB", "1MB", "1GB", "512B", "10kbit", "8bits", "5b",
        "9223372036854775808", "9223372036854775809", "0", "-1", "1.5", "nan", "inf", "1e309", "",
        "0x10", " 12", "1/0", "3/2", "100%"};
    unsigned i = 0;
    for (std::string_view text : texts) {
        writeFile(dir / ("unit_" + std::to_string(i++) + ".txt"), text);
    }
}

void keySeeds(const fs::path& dir) {
    using namespace std::string_literals;
    // Byte 0: maxKeyBytes selector; byte 1: mode (>= 0x80 = straddle the 1 MiB buffer edge).
    const std::vector<std::pair<const char*, std::string>> files = {
        {"plain", "\xff\x00" "alpha\nbeta\ngamma\n"s},
        {"no_final_newline", "\xff\x00" "alpha\nbeta"s},
        {"empty_lines", "\xff\x00" "\n\n\nx\n\n"s},
        {"binary", "\xff\x00" "a\0b\nc\r\n\r\n\xff\xfe\n"s},
        {"short_limit", "\x02\x00" "abcd\nab\n"s},
        {"exact_limit", "\x03\x00" "abcd\nabc\n"s},
        {"empty", "\xff\x00"s},
        {"straddle_plain", "\xff\x85" "alpha\nbeta\ngamma\n"s},
        {"straddle_long_line", "\xff\x80" + std::string(300, 'z') + "\nend"s},
        {"straddle_limit", "\x3f\x90" "0123456789\n"s},
    };
    for (const auto& [name, bytes] : files) {
        writeFile(dir / (std::string(name) + ".keys"), bytes);
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: make_seed_corpus <corpus-dir>   (e.g. fuzz/corpus)\n";
        return 2;
    }
    try {
        const fs::path root = argv[1];
        const std::vector<std::pair<const char*, void (*)(const fs::path&)>> parts = {
            {"fuzz_filter_loader", filterSeeds},
            {"fuzz_parquet_import", parquetSeeds},
            {"fuzz_parse_units", unitSeeds},
            {"fuzz_key_reader", keySeeds},
        };
        for (const auto& [name, write] : parts) {
            const fs::path dir = root / name;
            fs::create_directories(dir);
            write(dir);
            std::cout << dir.string() << "\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "make_seed_corpus: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
