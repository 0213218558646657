// atomic_word_array — the bit words of the classic and blocked Bloom filters, shared by threads.
//
// Lookups read words with acquire loads while inserts OR bits in (std::atomic_ref on the plain
// words, so the hot loops index a raw array: data() is the FilterArray's own pointer, no extra
// indirection). This class holds what both filters need around those loops: a copy that reads
// each word with an acquire load, a move that leaves the source empty, the OR / AND merge of
// two arrays of the same size (union / intersection) and the count of set bits.
#pragma once

#include "core/filter_storage.h"

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

namespace bloomlab {

/// Acquire (or `order`) load of a word that other threads may be OR-ing into (a plain load on
/// x86). The storage is never const (a filter's heap buffer), so the const_cast only lifts the
/// const of the member functions.
template <class W>
inline W loadWord(const W& word, std::memory_order order = std::memory_order_acquire) noexcept {
    static_assert(std::atomic_ref<W>::required_alignment <= alignof(W),
                  "words are accessed in place through std::atomic_ref");
    return std::atomic_ref<W>(const_cast<W&>(word)).load(order);
}

template <class W>
class AtomicWordArray {
    static_assert(std::is_unsigned_v<W>, "bit words are unsigned integers");

public:
    AtomicWordArray() = default;
    /// `count` zero words.
    explicit AtomicWordArray(std::size_t count) : m_words(count, 0) {}
    /// Takes over words read from a file.
    explicit AtomicWordArray(FilterArray<W> words) noexcept : m_words(std::move(words)) {}

    /// Each word read with an acquire load (the source may be receiving inserts).
    AtomicWordArray(const AtomicWordArray& other) : m_words(other.m_words.size()) {
        for (std::size_t i = 0; i < m_words.size(); ++i) m_words[i] = loadWord(other.m_words[i]);
    }
    AtomicWordArray& operator=(const AtomicWordArray& other) {
        if (this != &other) {
            AtomicWordArray copy(other);
            *this = std::move(copy);
        }
        return *this;
    }
    /// The source is left empty.
    AtomicWordArray(AtomicWordArray&& other) noexcept : m_words(std::move(other.m_words)) { other.m_words.clear(); }
    AtomicWordArray& operator=(AtomicWordArray&& other) noexcept {
        if (this != &other) {
            m_words = std::move(other.m_words);
            other.m_words.clear();
        }
        return *this;
    }

    W* data() noexcept { return m_words.data(); }
    const W* data() const noexcept { return m_words.data(); }
    std::size_t size() const noexcept { return m_words.size(); }
    bool empty() const noexcept { return m_words.empty(); }
    W& operator[](std::size_t i) noexcept { return m_words[i]; }
    const W& operator[](std::size_t i) const noexcept { return m_words[i]; }
    /// The words as stored (read them with loadWord while inserts may run).
    std::span<const W> span() const noexcept { return {m_words.data(), m_words.size()}; }

    /// ORs `other`'s words into these (same size). Words with nothing to add are skipped, and
    /// so is the locked instruction where every bit is already set (a relaxed pre-check).
    void orWith(const AtomicWordArray& other) noexcept {
        for (std::size_t i = 0; i < m_words.size(); ++i) {
            const W bits = loadWord(other.m_words[i]);
            if (bits == 0) continue;
            std::atomic_ref<W> ref(m_words[i]);
            if ((ref.load(std::memory_order_relaxed) & bits) != bits) ref.fetch_or(bits, std::memory_order_release);
        }
    }
    /// ANDs `other`'s words into these (same size); all-ones words are skipped.
    void andWith(const AtomicWordArray& other) noexcept {
        for (std::size_t i = 0; i < m_words.size(); ++i) {
            const W bits = loadWord(other.m_words[i]);
            if (bits != static_cast<W>(~W{0})) std::atomic_ref<W>(m_words[i]).fetch_and(bits, std::memory_order_release);
        }
    }
    /// Set bits over all words (relaxed loads: a snapshot while inserts may run).
    std::uint64_t popcount() const noexcept {
        std::uint64_t total = 0;
        for (const W& word : m_words) total += static_cast<std::uint64_t>(std::popcount(loadWord(word, std::memory_order_relaxed)));
        return total;
    }

private:
    FilterArray<W> m_words;  // 64-byte aligned; huge pages from 2 MiB (filter_storage.h)
};

} // namespace bloomlab
