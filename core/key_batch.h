// KeyBatch — many keys in one buffer, as a column or a network batch holds them, for the
// filters' batched calls (insertMany / mightContainMany), and KeyBatchBuilder, which packs keys
// into that layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

/// Keys held the way a column or a network batch holds them: one contiguous buffer and
/// count + 1 offsets into it (Apache Arrow's string layout), key i = data[offsets[i], offsets[i + 1]).
///
///   data:     how to installxa longer key
///   offsets:  0, 14, 15, 15, 27      keys "how to install", "x", "" (empty), "a longer key"
///
/// A view: it owns neither buffer, and both must outlive it. The filters' batched calls take it
/// beside a span of string_views (same answers, key for key), so keys that arrive this way need
/// no array of views built first; (with AVX-512) eight 8-byte keys in a row are hashed from one
/// 64-byte load. For 30-byte keys it measured as fast as views into one buffer, not faster: the
/// hash dominates (docs/performance.md).
class KeyBatch {
public:
    /// No keys.
    KeyBatch() noexcept = default;
    /// offsets is empty (no keys) or non-decreasing with offsets.back() <= data.size(); the first
    /// offset need not be 0 (a slice of a larger column). Throws std::invalid_argument otherwise.
    KeyBatch(std::string_view data, std::span<const std::uint32_t> offsets) : m_data(data.data()), m_offsets(offsets) {
        for (std::size_t i = 1; i < offsets.size(); ++i) {
            if (offsets[i] < offsets[i - 1]) {
                throw std::invalid_argument("key batch: offset " + std::to_string(i) + " (" + std::to_string(offsets[i]) +
                                            ") is below offset " + std::to_string(i - 1) + " (" +
                                            std::to_string(offsets[i - 1]) + "); offsets must not decrease");
            }
        }
        if (!offsets.empty() && offsets.back() > data.size()) {
            throw std::invalid_argument("key batch: the last offset (" + std::to_string(offsets.back()) +
                                        ") is past the end of the " + std::to_string(data.size()) + "-byte buffer");
        }
    }

    std::size_t size() const noexcept { return m_offsets.empty() ? 0 : m_offsets.size() - 1; }
    bool empty() const noexcept { return size() == 0; }
    /// Key i (i < size(), unchecked).
    std::string_view operator[](std::size_t i) const noexcept {
        return {m_data + m_offsets[i], static_cast<std::size_t>(m_offsets[i + 1] - m_offsets[i])};
    }
    std::string_view front() const noexcept { return (*this)[0]; }
    /// Keys [start, start + count) (start + count <= size(), unchecked; no validation pass).
    KeyBatch subspan(std::size_t start, std::size_t count) const noexcept {
        return m_offsets.empty() ? KeyBatch() : trusted(m_data, m_offsets.subspan(start, count + 1));
    }
    /// A batch over offsets already known to be valid (KeyBatchBuilder, subspan): no check.
    static KeyBatch trusted(const char* data, std::span<const std::uint32_t> offsets) noexcept {
        KeyBatch batch;
        batch.m_data = data;
        batch.m_offsets = offsets;
        return batch;
    }
    /// The buffer the offsets index (the first key starts at offsets()[0]).
    const char* data() const noexcept { return m_data; }
    std::span<const std::uint32_t> offsets() const noexcept { return m_offsets; }

private:
    const char* m_data = nullptr;
    std::span<const std::uint32_t> m_offsets;
};

/// Owns a buffer and offsets and appends keys to them: the storage a KeyBatch views.
class KeyBatchBuilder {
public:
    KeyBatchBuilder() : m_offsets{0} {}
    /// Throws std::length_error when the buffer would pass 4 GiB (offsets are 32-bit).
    void append(std::string_view key) {
        if (key.size() > std::numeric_limits<std::uint32_t>::max() - m_data.size()) {
            throw std::length_error("key batch: a batch holds at most 4 GiB of key bytes; appending a " +
                                    std::to_string(key.size()) + "-byte key to " + std::to_string(m_data.size()) +
                                    " bytes would pass it");
        }
        m_data.append(key);
        m_offsets.push_back(static_cast<std::uint32_t>(m_data.size()));
    }
    void clear() noexcept {
        m_data.clear();
        m_offsets.assign(1, 0);
    }
    void reserve(std::size_t keys, std::size_t bytes) {
        m_offsets.reserve(keys + 1);
        m_data.reserve(bytes);
    }
    std::size_t size() const noexcept { return m_offsets.size() - 1; }
    /// Valid until the next append, clear or reserve.
    KeyBatch view() const noexcept { return KeyBatch::trusted(m_data.data(), m_offsets); }

private:
    std::string m_data;
    std::vector<std::uint32_t> m_offsets;
};

} // namespace bloomlab
