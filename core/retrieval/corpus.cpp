#include "core/retrieval/corpus.h"

#include "core/key_reader.h"
#include "core/retrieval/random.h"

#include <array>
#include <stdexcept>
#include <string>

namespace bloomlab {

namespace {

constexpr std::uint64_t kMaxGeneratedPhrases = 50'000'000;

// Common words and query prefixes, used verbatim so phrases share real prefixes.
constexpr std::array<std::string_view, 48> kFunctionWords = {
    "the", "of", "and", "to", "in", "for", "on", "with", "at", "by", "from", "how", "what",
    "why", "best", "new", "free", "top", "cheap", "near", "me", "vs", "guide", "review", "price",
    "online", "buy", "make", "open", "city", "home", "time", "data", "error", "code", "map",
    "list", "day", "food", "car", "game", "book", "music", "news", "work", "job", "size", "set"};

constexpr std::array<std::string_view, 32> kPrefixes = {
    "how to", "what is", "best", "why does", "where to buy", "cheap", "free", "near me",
    "how do i", "is it", "top 10", "can you", "when is", "who is", "list of", "history of",
    "price of", "define", "difference between", "recipe for", "weather in", "map of",
    "meaning of", "reviews of", "install", "error", "tutorial", "download", "buy", "learn",
    "news about", "open"};

constexpr std::array<std::string_view, 20> kOnsets = {
    "b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w",
    "st", "tr", "pl", "ch"};
constexpr std::array<std::string_view, 8> kNuclei = {"a", "e", "i", "o", "u", "ea", "ou", "y"};
constexpr std::array<std::string_view, 10> kCodas = {"", "", "", "n", "r", "s", "t", "l", "nd", "ck"};

// Word lengths (letters) roughly as in English running text (Sigurd et al. 2004): the mode is
// 3-5 letters, the tail reaches 12. Weights for lengths 1..12.
constexpr std::array<std::uint32_t, 12> kLengthWeights = {3, 17, 21, 16, 11, 9, 8, 6, 4, 3, 1, 1};
// Words per phrase 1..7 (search queries are short).
constexpr std::array<std::uint32_t, 7> kWordCountWeights = {6, 28, 30, 19, 10, 5, 2};

template <std::size_t N>
std::size_t weightedPick(SplitMix64& rng, const std::array<std::uint32_t, N>& weights) {
    std::uint64_t total = 0;
    for (auto w : weights) total += w;
    std::uint64_t r = rng.below(total);
    for (std::size_t i = 0; i < N; ++i) {
        if (r < weights[i]) return i;
        r -= weights[i];
    }
    return N - 1;
}

std::string makeWord(SplitMix64& rng, std::size_t letters) {
    std::string word;
    while (word.size() < letters) {
        word += kOnsets[rng.below(kOnsets.size())];
        word += kNuclei[rng.below(kNuclei.size())];
        word += kCodas[rng.below(kCodas.size())];
    }
    word.resize(letters);
    return word;
}

/// A fixed vocabulary per seed: 4,000 pronounceable words (lengths as above) + function words.
std::vector<std::string> makeVocabulary(std::uint64_t seed) {
    SplitMix64 rng(seed ^ 0x76F0CAB5u);
    std::vector<std::string> vocabulary(kFunctionWords.begin(), kFunctionWords.end());
    std::unordered_set<std::string> seen(vocabulary.begin(), vocabulary.end());
    while (vocabulary.size() < 4000 + kFunctionWords.size()) {
        std::string word = makeWord(rng, weightedPick(rng, kLengthWeights) + 1);
        if (seen.insert(word).second) vocabulary.push_back(std::move(word));
    }
    return vocabulary;
}

class PhraseGenerator {
public:
    PhraseGenerator(std::uint64_t vocabularySeed, std::uint64_t streamSeed)
        : m_vocabulary(makeVocabulary(vocabularySeed)), m_rng(streamSeed) {}

    std::string next() {
        std::string phrase;
        std::size_t words = weightedPick(m_rng, kWordCountWeights) + 1;
        if (m_rng.below(100) < 25) {  // a quarter share a common prefix
            phrase = kPrefixes[m_rng.below(kPrefixes.size())];
            words = words > 1 ? words - 1 : 1;
        }
        for (std::size_t i = 0; i < words; ++i) {
            // Function words are frequent: 1 in 5 words.
            const bool common = m_rng.below(5) == 0;
            const std::string_view word =
                common ? m_vocabulary[m_rng.below(kFunctionWords.size())]
                       : m_vocabulary[kFunctionWords.size() +
                                      m_rng.below(m_vocabulary.size() - kFunctionWords.size())];
            if (!phrase.empty()) phrase += ' ';
            phrase += word;
        }
        return phrase;
    }

private:
    std::vector<std::string> m_vocabulary;
    SplitMix64 m_rng;
};

} // namespace

Corpus::Corpus(std::vector<std::string> phrases) {
    m_phrases.reserve(phrases.size());
    for (auto& phrase : phrases) add(std::move(phrase));
}

void Corpus::add(std::string phrase) {
    if (phrase.empty() || m_index.contains(phrase)) {
        ++m_skipped;
        return;
    }
    if (m_phrases.size() == m_phrases.capacity()) {
        // Reallocation moves short (SSO) strings, so the views in the index must be rebuilt.
        m_phrases.reserve(m_phrases.empty() ? 1024 : m_phrases.size() * 2);
        m_index.clear();
        for (const auto& p : m_phrases) m_index.insert(p);
    }
    m_bytes += phrase.size();
    m_phrases.push_back(std::move(phrase));
    m_index.insert(m_phrases.back());
}

Corpus Corpus::generate(std::uint64_t size, std::uint64_t seed) {
    if (size == 0 || size > kMaxGeneratedPhrases)
        throw std::invalid_argument("corpus size must be in [1, " +
                                    std::to_string(kMaxGeneratedPhrases) + "]; got " +
                                    std::to_string(size));
    Corpus corpus;
    corpus.m_phrases.reserve(size);
    corpus.m_index.reserve(size);
    PhraseGenerator generator(seed, seed * 0x9E3779B97F4A7C15ULL + 1);
    while (corpus.m_phrases.size() < size) corpus.add(generator.next());
    corpus.m_skipped = 0;  // generator repeats are not "skipped lines"
    return corpus;
}

Corpus Corpus::fromFile(const std::string& path) {
    Corpus corpus;
    KeyReader reader(path);
    std::string line;
    while (reader.next(line)) corpus.add(line);
    if (corpus.m_phrases.empty())
        throw std::runtime_error("corpus file '" + path + "' has no phrases (one per line)");
    return corpus;
}

std::vector<std::string> Corpus::absentPhrases(std::uint64_t count, std::uint64_t seed) const {
    // Same vocabulary look, an independent stream; a corpus loaded from a file gets phrases from
    // the generator's vocabulary, which are absent all the same (checked against the index).
    PhraseGenerator generator(seed, (seed ^ 0xC01DC01DC01DULL) * 0xD1B54A32D192ED03ULL + 7);
    std::vector<std::string> out;
    out.reserve(count);
    std::unordered_set<std::string> produced;
    produced.reserve(count);
    std::uint64_t attempts = 0;
    const std::uint64_t maxAttempts = 100 * count + 1000;
    while (out.size() < count) {
        if (++attempts > maxAttempts)
            throw std::runtime_error("could not generate " + std::to_string(count) +
                                     " distinct phrases absent from the corpus");
        std::string phrase = generator.next();
        // Some absent phrases get a digit suffix so they also differ from corpus phrases only
        // at the end (a shared-prefix miss), like real misspelled or longer queries.
        if (attempts % 4 == 0) {
            phrase += ' ';
            phrase += std::to_string(attempts % 97);
        }
        if (contains(phrase) || produced.contains(phrase)) continue;
        produced.insert(phrase);
        out.push_back(std::move(phrase));
    }
    return out;
}

std::string Corpus::documentFor(std::string_view phrase) {
    std::string doc;
    doc.reserve(phrase.size() * 3 + 64);
    doc += "<doc q=\"";
    doc += phrase;
    doc += "\">Results for ";
    doc += phrase;
    doc += ": an article about ";
    doc += phrase;
    doc += ", with references.</doc>";
    return doc;
}

} // namespace bloomlab
