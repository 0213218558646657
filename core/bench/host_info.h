// host_info — what the benchmarks say about the machine they ran on: the CPU model, the load
// averages and the time of the run. One home for `perf` and `report` (Linux /proc; "unknown"
// where it is missing).
#pragma once

#include <cstdint>
#include <string>

namespace bloomlab::bench {

/// The first "model name" of /proc/cpuinfo, or "unknown CPU".
std::string cpuModelName();
/// The 1-, 5- and 15-minute load averages of /proc/loadavg ("2.31 1.80 1.02"), or "unknown".
std::string loadAverages();
/// The 1-minute load average of /proc/loadavg, or -1 when unknown.
double loadAverageOneMinute();
/// MemAvailable of /proc/meminfo in bytes; 0 when unknown.
std::uint64_t memoryAvailableBytes();
/// The current time as "YYYY-MM-DD HH:MM UTC".
std::string utcNow();

} // namespace bloomlab::bench
