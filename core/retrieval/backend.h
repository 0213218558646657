// Backend — the store of record behind the filter: `lookup(query)` returns the document for a
// query, or std::nullopt when the store has none. Four implementations (scan, hash, sqlite,
// latency) share this interface; the retrieval cache and the benchmark only see it.
//
// What a store holds (StoreContents): it INDEXES every phrase of a corpus (that is the search
// space: the scan walks all of them, the SQLite table has a row for each), and HOLDS A DOCUMENT
// for the phrases marked in `documented` (the retrieval experiment: the store returns a document
// for hot queries). lookup() answers exactly the documented phrases plus whatever addDocument()
// added later; every other query, indexed or not, answers empty.
//
// The interface is virtual on purpose: a backend call does a hash-map lookup at the least and
// can take milliseconds, so one indirect call is noise, and it lets the benchmark swap stores
// at run time.
// Backends are NOT thread-safe (the SQLite backend reuses one prepared statement); give each
// thread its own backend. One exception, for a filter rebuilt from the store of record
// (ServingFilter's key source): forEachKey() may run on one other thread while the owner calls
// lookup() (both only read; the SQLite store lists through a connection of its own), and
// addDocument() waits until a listing in progress is done, so the listing sees a store that is
// not changing under it. The scan, hash and SQLite stores list their keys; the latency store does
// not (listsKeys() is false).
#pragma once

#include "core/retrieval/corpus.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

/// The corpus a store indexes and which of its phrases have a document.
struct StoreContents {
    const Corpus* corpus = nullptr;  ///< required; must outlive the backend's constructor only
    std::vector<bool> documented;    ///< size() == corpus->size(), or empty = every phrase
    /// Throws std::invalid_argument when corpus is null or documented has the wrong size.
    void validate() const;
    bool hasDocument(std::size_t index) const { return documented.empty() || documented[index]; }
};

class Backend {
public:
    virtual ~Backend() = default;
    Backend() = default;
    Backend(const Backend&) = delete;
    Backend& operator=(const Backend&) = delete;

    /// "scan", "hash", "sqlite", "latency:200".
    virtual std::string name() const = 0;
    /// The document for `query`, or std::nullopt when the store holds none for it.
    virtual std::optional<std::string> lookup(std::string_view query) = 0;
    /// The store grows (or a document is replaced): afterwards lookup(phrase) == document.
    virtual void addDocument(std::string_view phrase, std::string_view document) = 0;
    /// Phrases that currently have a document.
    virtual std::uint64_t documentCount() const = 0;

    using KeySink = std::function<void(std::string_view)>;
    /// True when forEachKey() works (scan, hash, sqlite).
    virtual bool listsKeys() const noexcept { return false; }
    /// Calls `sink` once per phrase that has a document: every key addDocument() had returned for
    /// before the call, and none the store cannot answer. Thread rules: see the top of this file.
    /// Throws std::logic_error when !listsKeys(); an exception from the sink stops the listing and
    /// propagates.
    virtual void forEachKey(const KeySink& sink) const;
};

} // namespace bloomlab
