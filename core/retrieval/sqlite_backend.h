// SqliteBackend — a real on-disk store of record: one SQLite table
//
//     bloomlab_documents(phrase TEXT PRIMARY KEY, document TEXT) WITHOUT ROWID
//
// holding every corpus phrase (document NULL for phrases without one). lookup() runs one
// prepared statement `SELECT document FROM bloomlab_documents WHERE phrase = ?1` (a B-tree
// search of the primary key; a miss walks the tree too, it just finds nothing).
//
// Loading: journal_mode = WAL and synchronous = OFF while the rows go in, inside one
// transaction (100,000 rows load in well under a second); afterwards synchronous = NORMAL.
// The page cache stays at SQLite's default (2 MiB), so a 100,000-phrase table is partly served
// from the OS page cache, as a real embedded store would be.
//
// Listing the keys (forEachKey, for a filter rebuilt from the store): a second, read-only
// connection runs `SELECT phrase FROM bloomlab_documents WHERE document IS NOT NULL`; in WAL mode
// it reads the last committed state without blocking this connection's writes.
//
// File: an empty path creates a fresh file in a private directory under $TMPDIR (or /tmp),
// removed with its -wal and -shm files by the destructor and by the CLI's signal handler
// (core/atomic_file.h, PrivateTempDir). A given path is (re)created when it is missing or holds a
// previous bloomlab_documents table; a file that is some other SQLite database, or not a
// database at all, is refused (std::runtime_error) rather than overwritten.
#pragma once

#include "core/retrieval/backend.h"

#include <filesystem>
#include <memory>
#include <string>

struct sqlite3;
namespace bloomlab { class PrivateTempDir; }
struct sqlite3_stmt;

namespace bloomlab {

class SqliteBackend final : public Backend {
public:
    /// Throws std::runtime_error with SQLite's message when the database cannot be built.
    explicit SqliteBackend(const StoreContents& contents, const std::string& path = {});
    ~SqliteBackend() override;

    std::string name() const override { return "sqlite"; }
    std::optional<std::string> lookup(std::string_view query) override;
    void addDocument(std::string_view phrase, std::string_view document) override;
    std::uint64_t documentCount() const override { return m_documentCount; }
    bool listsKeys() const noexcept override { return true; }
    /// Through a read-only connection of its own (WAL: it reads the last committed state while
    /// this connection may write), so it may run on another thread than lookup/addDocument.
    void forEachKey(const KeySink& sink) const override;
    const std::filesystem::path& path() const noexcept { return m_path; }
    /// Size of the database file (plus WAL) on disk, in bytes.
    std::uint64_t fileBytes() const;

private:
    struct DbCloser { void operator()(sqlite3* db) const noexcept; };
    struct StmtFinalizer { void operator()(sqlite3_stmt* stmt) const noexcept; };

    void exec(const char* sql);
    [[noreturn]] void fail(const std::string& what) const;

    std::unique_ptr<PrivateTempDir> m_tempDir;  // declared first: removed after the database closes
    std::filesystem::path m_path;
    bool m_ownsFile = false;
    std::unique_ptr<sqlite3, DbCloser> m_db;
    std::unique_ptr<sqlite3_stmt, StmtFinalizer> m_select;
    std::unique_ptr<sqlite3_stmt, StmtFinalizer> m_upsert;
    std::uint64_t m_documentCount = 0;
};

} // namespace bloomlab
