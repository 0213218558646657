// Corpus — the phrase list the retrieval backends search (the retrieval experiment: an
// in-memory list of 100,000 phrases). Generated deterministically from a seed, or loaded from a file with one
// phrase per line.
//
// Generated phrases look like search queries: 1 to 7 words (mostly 2 to 4), word lengths drawn
// from an English-like distribution (mean about 5 letters, 1 to 12), a vocabulary of a few
// thousand pronounceable words plus common function words, and about a quarter of the phrases
// starting with one of a few dozen shared prefixes ("how to", "best", "what is", ...), so
// keys share prefixes the way real query logs do (a hash that only looks at the first bytes
// would suffer). Every phrase is distinct. The same (size, seed) gives the same phrases on every
// machine (SplitMix64, no std distributions).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace bloomlab {

class Corpus {
public:
    /// `size` distinct phrases (1 <= size <= 50,000,000). Throws std::invalid_argument.
    static Corpus generate(std::uint64_t size, std::uint64_t seed);

    /// One phrase per line via KeyReader; empty lines and repeated phrases are skipped (counted in
    /// skippedLines()). Throws std::runtime_error when the file cannot be read or has no phrase.
    static Corpus fromFile(const std::string& path);

    /// Builds from an explicit list (duplicates and empty strings skipped, as for files).
    explicit Corpus(std::vector<std::string> phrases);

    Corpus(Corpus&&) noexcept = default;
    Corpus& operator=(Corpus&&) noexcept = default;
    Corpus(const Corpus&) = delete;  // the index holds views into m_phrases
    Corpus& operator=(const Corpus&) = delete;
    ~Corpus() = default;

    std::size_t size() const noexcept { return m_phrases.size(); }
    const std::string& phrase(std::size_t index) const { return m_phrases.at(index); }
    const std::vector<std::string>& phrases() const noexcept { return m_phrases; }
    /// Exact membership (hash index over the phrases).
    bool contains(std::string_view phrase) const { return m_index.contains(phrase); }
    std::uint64_t skippedLines() const noexcept { return m_skipped; }
    std::uint64_t totalBytes() const noexcept { return m_bytes; }

    /// `count` distinct phrases from the same generator (same look, different stream) that are
    /// guaranteed not to be in this corpus: the "cold" queries. Deterministic in (corpus, seed).
    std::vector<std::string> absentPhrases(std::uint64_t count, std::uint64_t seed) const;

    /// The document the stores hold for a phrase: deterministic text of about 100-200 bytes
    /// that names the phrase (so a test can check the right document came back).
    static std::string documentFor(std::string_view phrase);

private:
    Corpus() = default;
    void add(std::string phrase);

    std::vector<std::string> m_phrases;
    std::unordered_set<std::string_view> m_index;
    std::uint64_t m_skipped = 0;
    std::uint64_t m_bytes = 0;
};

} // namespace bloomlab
