#include "core/bench/benchmark_engine.h"

#include <charconv>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace bloomlab::bench {

namespace {

constexpr std::int64_t kMaxLatencyUs = 10'000'000;  // 10 s per lookup is surely a typo

std::string formatDouble(double value, int significant = 9) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", significant, value);
    return buffer;
}

} // namespace

BackendSpec parseBackendSpec(std::string_view text) {
    BackendSpec spec;
    const auto bad = [&](const std::string& why) {
        return std::invalid_argument("backend must be scan, hash, sqlite, latency or latency:US " +
                                     why + "; got '" + std::string(text) + "'");
    };
    if (text == "scan") {
        spec.kind = BackendKind::Scan;
    } else if (text == "hash") {
        spec.kind = BackendKind::Hash;
    } else if (text == "sqlite") {
        spec.kind = BackendKind::Sqlite;
    } else if (text == "latency") {
        spec.kind = BackendKind::Latency;
    } else if (text.starts_with("latency:")) {
        spec.kind = BackendKind::Latency;
        const std::string_view number = text.substr(8);
        std::int64_t us = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), us);
        if (number.empty() || ec != std::errc() || end != number.data() + number.size())
            throw bad("(US = whole microseconds)");
        if (us < 0 || us > kMaxLatencyUs)
            throw bad("(US in [0, " + std::to_string(kMaxLatencyUs) + "])");
        spec.latency = std::chrono::microseconds(us);
    } else {
        throw bad("");
    }
    return spec;
}

std::string backendName(const BackendSpec& spec) {
    switch (spec.kind) {
    case BackendKind::Scan: return "scan";
    case BackendKind::Hash: return "hash";
    case BackendKind::Sqlite: return "sqlite";
    case BackendKind::Latency: return "latency:" + std::to_string(spec.latency.count());
    }
    return "unknown";
}

std::string csvHeader() {
    return "backend,filter,n,p,m,k,hot_ratio,repeat,queries,time_with_s,time_without_s,speedup,"
           "p50_with_us,p50_without_us,p50_speedup,p95_with_us,p99_with_us,fpr_cold,"
           "model_speedup,filter_bytes,seed";
}

std::string csvRow(const BenchConfig& config, const RunResult& run) {
    std::string row;
    row += backendName(config.backend) + ",";
    row += std::string(filterTypeName(config.filter.type)) + ",";
    row += std::to_string(config.filter.capacity) + ",";
    row += formatDouble(config.filter.fpr) + ",";
    row += std::to_string(run.m) + ",";
    row += std::to_string(run.k) + ",";
    row += formatDouble(run.hotRatio) + ",";
    row += std::to_string(run.repeat) + ",";
    row += std::to_string(run.queries) + ",";
    row += formatDouble(run.timeWithS) + ",";
    row += formatDouble(run.timeWithoutS) + ",";
    row += formatDouble(run.speedup) + ",";
    row += formatDouble(run.p50WithUs) + ",";
    row += formatDouble(run.p50WithoutUs) + ",";
    row += formatDouble(run.p50Speedup) + ",";
    row += formatDouble(run.p95WithUs) + ",";
    row += formatDouble(run.p99WithUs) + ",";
    row += formatDouble(run.fprCold) + ",";
    row += formatDouble(run.modelSpeedup) + ",";
    row += std::to_string(run.filterBytes) + ",";
    row += std::to_string(config.seed);
    return row;
}

} // namespace bloomlab::bench
