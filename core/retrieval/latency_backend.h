// LatencyBackend — the retrieval experiment's synthetic store: every lookup takes a fixed delay (a network hop,
// a disk read), then answers from an in-memory map (documents for the documented phrases).
//
// Timing: delays under 1 ms are a busy-wait on std::chrono::steady_clock until start + delay
// (sleep_for on Linux overshoots by 50-100 us, which would swamp a 200 us delay and make
// measured costs disagree with the configured one); delays of 1 ms and more sleep until
// 100 us before the deadline, then spin the rest, so they are accurate without burning a core.
// The delay is measured from the start of lookup(), so the map lookup is inside it.
#pragma once

#include "core/retrieval/backend.h"
#include "core/retrieval/transparent_hash.h"

#include <chrono>
#include <string>
#include <unordered_map>

namespace bloomlab {

class LatencyBackend final : public Backend {
public:
    /// delay in [0, 10 s]. Throws std::invalid_argument.
    LatencyBackend(const StoreContents& contents, std::chrono::microseconds delay);

    std::string name() const override { return "latency:" + std::to_string(m_delay.count()); }
    std::optional<std::string> lookup(std::string_view query) override;
    void addDocument(std::string_view phrase, std::string_view document) override;
    std::uint64_t documentCount() const override { return m_documents.size(); }
    std::chrono::microseconds delay() const noexcept { return m_delay; }

    /// Waits until `deadline` (busy-wait below 1 ms, sleep + spin above). Exposed for tests.
    static void waitUntil(std::chrono::steady_clock::time_point deadline);

private:
    std::chrono::microseconds m_delay;
    std::unordered_map<std::string, std::string, TransparentStringHash, std::equal_to<>> m_documents;
};

} // namespace bloomlab
