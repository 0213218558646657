// host_info: /proc readers and the UTC time stamp of a benchmark run.
#include "core/bench/host_info.h"

#include <chrono>
#include <cstdint>
#include <ctime>
#include <fstream>

namespace bloomlab::bench {

std::string cpuModelName() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    std::string model;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos && colon + 2 <= line.size()) model = line.substr(colon + 2);
            break;
        }
    }
    return model.empty() ? std::string("unknown CPU") : model;
}

std::string loadAverages() {
    std::ifstream file("/proc/loadavg");
    std::string one, five, fifteen;
    if (!(file >> one >> five >> fifteen)) return "unknown";
    return one + " " + five + " " + fifteen;
}

double loadAverageOneMinute() {
    std::ifstream in("/proc/loadavg");
    double load = -1;
    if (!(in >> load)) return -1;
    return load;
}

std::string utcNow() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

std::uint64_t memoryAvailableBytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string name;
    std::uint64_t kib = 0;
    std::string unit;
    while (meminfo >> name >> kib >> unit) {
        if (name == "MemAvailable:") return kib * 1024;
    }
    return 0;
}

} // namespace bloomlab::bench
