#include "core/retrieval/latency_backend.h"

#include <stdexcept>
#include <thread>

namespace bloomlab {

LatencyBackend::LatencyBackend(const StoreContents& contents, std::chrono::microseconds delay)
    : m_delay(delay) {
    if (delay.count() < 0 || delay > std::chrono::seconds(10))
        throw std::invalid_argument("latency must be in [0, 10000000] us; got " +
                                    std::to_string(delay.count()) + " us");
    contents.validate();
    const auto& phrases = contents.corpus->phrases();
    for (std::size_t i = 0; i < phrases.size(); ++i)
        if (contents.hasDocument(i)) m_documents.emplace(phrases[i], Corpus::documentFor(phrases[i]));
}

void LatencyBackend::waitUntil(std::chrono::steady_clock::time_point deadline) {
    using namespace std::chrono;
    auto now = steady_clock::now();
    if (deadline - now >= milliseconds(1)) {
        std::this_thread::sleep_until(deadline - microseconds(100));
        now = steady_clock::now();
    }
    while (now < deadline) now = steady_clock::now();
}

std::optional<std::string> LatencyBackend::lookup(std::string_view query) {
    const auto deadline = std::chrono::steady_clock::now() + m_delay;
    std::optional<std::string> result;
    const auto it = m_documents.find(query);
    if (it != m_documents.end()) result = it->second;
    waitUntil(deadline);
    return result;
}

void LatencyBackend::addDocument(std::string_view phrase, std::string_view document) {
    insertOrAssignByView(m_documents, phrase, document);
}

} // namespace bloomlab
