// perf_keys: key streams of the perf benchmark (see perf_keys.h).
#include "core/bench/perf_keys.h"

#include "core/retrieval/corpus.h"

#include <cstring>
#include <numeric>
#include <stdexcept>

namespace bloomlab::bench {

namespace {

constexpr std::size_t kHeadBytes = 22;
constexpr std::size_t kTagLetters = 7;
constexpr std::size_t kHeadCount = 8192;
static_assert(kHeadBytes + 1 + kTagLetters == PerfKeys::kStringKeyBytes, "head + ' ' + tag = 30 bytes");
static_assert(PerfKeys::kAbsentBase + PerfKeys::kMaxKeys <= (std::uint64_t{1} << (5 * kTagLetters)),
              "every id, inserted or absent, must fit the 7-letter base-32 tag (unique keys)");
static_assert((kHeadCount & (kHeadCount - 1)) == 0, "heads are picked with a mask");

static_assert(PerfKeys::kMixedMinBytes == 1 + kTagLetters, "the shortest mixed key is ' ' + tag");
static_assert(PerfKeys::kMixedMaxBytes - PerfKeys::kMixedMinBytes == 31, "mixed lengths: 32, picked by 5 bits");
// A mixed key's head runs past its 22-byte slot into the next head's bytes (the text goes on).
constexpr std::size_t kHeadTextBytes = (kHeadCount - 1) * kHeadBytes + PerfKeys::kMixedMaxBytes - PerfKeys::kMixedMinBytes;
static_assert(kHeadTextBytes >= kHeadCount * kHeadBytes);

constexpr char kTagAlphabet[33] = "abcdefghijklmnopqrstuvwxyz234567";

__extension__ using Wide = unsigned __int128;

} // namespace

std::string_view perfKeyKindName(PerfKeyKind kind) noexcept {
    switch (kind) {
    case PerfKeyKind::Integer: return "int";
    case PerfKeyKind::String: return "string";
    case PerfKeyKind::Packed: return "packed";
    case PerfKeyKind::Mixed: return "mixed";
    }
    return "int";
}

// ---- Id sets --------------------------------------------------------------------------------

PerfIdSet PerfIdSet::inserted(std::uint64_t n) {
    if (n == 0 || n > PerfKeys::kMaxKeys) {
        throw std::invalid_argument("perf: n must be in [1, 2^34]; got " + std::to_string(n));
    }
    return PerfIdSet(Kind::Inserted, n, 1, 0);
}

PerfIdSet PerfIdSet::present(std::uint64_t n, std::uint64_t seed) {
    if (n == 0 || n > PerfKeys::kMaxKeys) {
        throw std::invalid_argument("perf: n must be in [1, 2^34]; got " + std::to_string(n));
    }
    // A multiplier near n / golden ratio, nudged until coprime to n: i -> (a i + b) mod n is
    // then a bijection of [0, n) that scatters neighbours far apart.
    std::uint64_t a = static_cast<std::uint64_t>(static_cast<double>(n) * 0.6180339887498949) | 1U;
    if (a >= n) a = 1;
    while (std::gcd(a, n) != 1) ++a;
    const std::uint64_t b = perfMix64(seed) % n;
    return PerfIdSet(Kind::Present, n, a % n == 0 ? 1 : a, b);
}

PerfIdSet PerfIdSet::absent() { return PerfIdSet(Kind::Absent, 0, 1, 0); }

std::uint64_t PerfIdSet::id(std::uint64_t i) const noexcept {
    switch (m_kind) {
    case Kind::Inserted:
        return i;
    case Kind::Present:
        return static_cast<std::uint64_t>((static_cast<Wide>(m_a) * (i % m_n) + m_b) % m_n);
    case Kind::Absent:
        return PerfKeys::kAbsentBase + i;
    }
    return i;
}

void PerfIdSet::ids(std::uint64_t begin, std::size_t count, std::uint64_t* out) const noexcept {
    if (count == 0) return;
    if (m_kind != Kind::Present) {
        for (std::size_t i = 0; i < count; ++i) out[i] = id(begin + i);
        return;
    }
    // (a (i + 1) + b) mod n = ((a i + b) mod n + a) mod n with a < n: an add and a compare
    // (values below 2^35, no overflow); at i mod n = 0 the walk starts over at b.
    std::uint64_t position = begin % m_n;
    std::uint64_t current = id(begin);
    out[0] = current;
    for (std::size_t i = 1; i < count; ++i) {
        if (++position == m_n) {
            position = 0;
            current = m_b;
        } else {
            current += m_a;
            if (current >= m_n) current -= m_n;
        }
        out[i] = current;
    }
}

// ---- Keys -----------------------------------------------------------------------------------

PerfKeys::PerfKeys(PerfKeyKind kind, std::uint64_t seed)
    : m_kind(kind),
      m_seedMix(perfMix64(seed ^ 0x5EED5EED5EED5EEDULL)),
      m_stride(kind == PerfKeyKind::Integer  ? 8
               : kind == PerfKeyKind::Packed ? kStringKeyBytes
               : kind == PerfKeyKind::Mixed  ? kMixedMaxBytes
                                             : 32) {
    if (kind != PerfKeyKind::Integer) {
        // Heads: consecutive corpus phrases joined by spaces, cut every 22 bytes.
        const Corpus corpus = Corpus::generate(kHeadCount * 2, seed);
        std::string text;
        for (const std::string& phrase : corpus.phrases()) {
            text += phrase;
            text += ' ';
            if (text.size() >= kHeadTextBytes) break;
        }
        if (text.size() < kHeadTextBytes) {
            throw std::logic_error("perf: the phrase corpus is too short for the string-key heads");
        }
        m_heads.assign(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(kHeadTextBytes));
    }
    m_data.assign(kChunkKeys * m_stride, 0);
    m_views.resize(kChunkKeys);
    m_ids.resize(kChunkKeys);
    if (kind == PerfKeyKind::Packed || kind == PerfKeyKind::Mixed) m_offsets.resize(kChunkKeys + 1);
}

std::size_t PerfKeys::writeKey(std::uint64_t id, char* out) const noexcept {
    const std::uint64_t mixed = perfMix64(id ^ m_seedMix);
    if (m_kind == PerfKeyKind::Integer) {
        for (unsigned b = 0; b < 8; ++b) {
            out[b] = static_cast<char>(static_cast<unsigned char>(mixed >> (8 * b)));
        }
        return 8;
    }
    // The head's length: 22 bytes, or for mixed keys 0 to 31 (the top 5 bits; the head is picked
    // by the low 13, so length and head are independent).
    const std::size_t head = m_kind == PerfKeyKind::Mixed ? static_cast<std::size_t>(mixed >> 59) : kHeadBytes;
    std::memcpy(out, m_heads.data() + (mixed & (kHeadCount - 1)) * kHeadBytes, head);
    out[head] = ' ';
    for (std::size_t t = 0; t < kTagLetters; ++t) {
        out[head + 1 + t] = kTagAlphabet[(id >> (5 * (kTagLetters - 1 - t))) & 31U];
    }
    return head + 1 + kTagLetters;
}

PerfChunk PerfKeys::fill(const PerfIdSet& ids, std::uint64_t begin, std::size_t count) {
    if (count > kChunkKeys) {
        throw std::invalid_argument("perf: a key chunk holds at most " + std::to_string(kChunkKeys) + " keys");
    }
    ids.ids(begin, count, m_ids.data());
    // Packed and mixed keys lie back to back; the others each in a slot of m_stride bytes.
    const bool packed = m_kind == PerfKeyKind::Packed || m_kind == PerfKeyKind::Mixed;
    std::size_t position = 0;
    for (std::size_t i = 0; i < count; ++i) {
        char* out = m_data.data() + (packed ? position : i * m_stride);
        const std::size_t length = writeKey(m_ids[i], out);
        m_views[i] = std::string_view(out, length);
        if (packed) m_offsets[i] = static_cast<std::uint32_t>(position);
        position += length;
    }
    PerfChunk chunk;
    chunk.views = {m_views.data(), count};
    if (packed) {
        m_offsets[count] = static_cast<std::uint32_t>(position);
        chunk.batch = KeyBatch::trusted(m_data.data(), std::span<const std::uint32_t>(m_offsets.data(), count + 1));
        chunk.packed = true;
    }
    return chunk;
}

std::string PerfKeys::key(std::uint64_t id) const {
    std::string out(m_stride, '\0');
    out.resize(writeKey(id, out.data()));
    return out;
}

} // namespace bloomlab::bench
