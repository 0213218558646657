// RemoteMembership — a membership filter asked over the network (a filter shared through Redis by
// many machines). The retrieval cache's own filter is a local AnyFilter; a remote one is asked in
// batches by the caller (one round trip per batch, pipelined), which hands each answer to
// RetrievalCache::get(query, maybe). This interface is all the benchmark knows of it, so the
// retrieval code stays free of any client library.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace bloomlab {

class RemoteMembership {
public:
    virtual ~RemoteMembership() = default;
    /// results[i] = 1 when keys[i] may be in the set, 0 when it certainly is not. Throws
    /// std::runtime_error (a lost server, a timeout) with a message naming the server.
    virtual void mightContainMany(std::span<const std::string_view> keys, std::span<std::uint8_t> results) = 0;
    /// Where the filter lives, password masked (for reports).
    virtual std::string location() const = 0;
};

} // namespace bloomlab
