#include "core/retrieval/sqlite_backend.h"

#include "core/atomic_file.h"

#include <sqlite3.h>

#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace bloomlab {

namespace {

void removeDatabaseFiles(const std::filesystem::path& path) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    std::filesystem::remove(path.string() + "-wal", ignored);
    std::filesystem::remove(path.string() + "-shm", ignored);
    std::filesystem::remove(path.string() + "-journal", ignored);
}

} // namespace

void SqliteBackend::DbCloser::operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }
void SqliteBackend::StmtFinalizer::operator()(sqlite3_stmt* stmt) const noexcept {
    sqlite3_finalize(stmt);
}

void SqliteBackend::fail(const std::string& what) const {
    const std::string message = m_db ? sqlite3_errmsg(m_db.get()) : "out of memory";
    throw std::runtime_error("sqlite store '" + m_path.string() + "': " + what + ": " + message);
}

void SqliteBackend::exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(m_db.get(), sql, nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string message = error ? error : "unknown error";
        sqlite3_free(error);
        throw std::runtime_error("sqlite store '" + m_path.string() + "': " + sql + ": " + message);
    }
}

SqliteBackend::SqliteBackend(const StoreContents& contents, const std::string& path) {
    contents.validate();
    m_ownsFile = path.empty();
    if (m_ownsFile) {
        // A private directory (removed on exit and by the SIGINT/SIGTERM/SIGHUP handler, with
        // the database and its -wal, -shm and -journal files): an interrupted run leaves nothing
        // in the temp directory.
        m_tempDir = std::make_unique<PrivateTempDir>("bloomlab-sqlite");
        m_path = m_tempDir->track("store.sqlite");
        for (const char* suffix : {"-wal", "-shm", "-journal"})
            m_tempDir->track(std::string("store.sqlite") + suffix);
    } else {
        m_path = path;
    }

    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(m_path.c_str(), &raw,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                                   nullptr);
    m_db.reset(raw);
    if (rc != SQLITE_OK) fail("cannot open");

    // Refuse to overwrite a database that is not ours (or a file that is not a database).
    {
        sqlite3_stmt* rawStmt = nullptr;
        if (sqlite3_prepare_v2(m_db.get(),
                               "SELECT name FROM sqlite_master WHERE type = 'table'", -1,
                               &rawStmt, nullptr) != SQLITE_OK)
            fail("not a usable SQLite database");
        std::unique_ptr<sqlite3_stmt, StmtFinalizer> tables(rawStmt);
        int step = 0;
        while ((step = sqlite3_step(tables.get())) == SQLITE_ROW) {
            const auto* name = reinterpret_cast<const char*>(sqlite3_column_text(tables.get(), 0));
            // Ours, plus the statistics tables ANALYZE adds.
            const std::string_view table = name ? std::string_view(name) : std::string_view();
            if (table != "bloomlab_documents" && !table.starts_with("sqlite_stat"))
                throw std::runtime_error("sqlite store '" + m_path.string() +
                                         "' already holds other tables (e.g. '" +
                                         (name ? name : "?") +
                                         "'); give a new path or a BloomLab store");
        }
        if (step != SQLITE_DONE) fail("not a usable SQLite database");
    }

    exec("PRAGMA journal_mode = WAL");
    exec("PRAGMA synchronous = OFF");
    exec("DROP TABLE IF EXISTS bloomlab_documents");
    exec("CREATE TABLE bloomlab_documents (phrase TEXT PRIMARY KEY, document TEXT) WITHOUT ROWID");

    sqlite3_stmt* rawStmt = nullptr;
    if (sqlite3_prepare_v2(m_db.get(),
                           "INSERT INTO bloomlab_documents (phrase, document) VALUES (?1, ?2) "
                           "ON CONFLICT(phrase) DO UPDATE SET document = excluded.document",
                           -1, &rawStmt, nullptr) != SQLITE_OK)
        fail("prepare insert");
    m_upsert.reset(rawStmt);

    exec("BEGIN");
    const auto& phrases = contents.corpus->phrases();
    for (std::size_t i = 0; i < phrases.size(); ++i) {
        const std::string& phrase = phrases[i];
        sqlite3_bind_text(m_upsert.get(), 1, phrase.data(), static_cast<int>(phrase.size()),
                          SQLITE_STATIC);
        std::string document;
        if (contents.hasDocument(i)) {
            document = Corpus::documentFor(phrase);
            sqlite3_bind_text(m_upsert.get(), 2, document.data(),
                              static_cast<int>(document.size()), SQLITE_STATIC);
            ++m_documentCount;
        } else {
            sqlite3_bind_null(m_upsert.get(), 2);
        }
        if (sqlite3_step(m_upsert.get()) != SQLITE_DONE) fail("insert");
        sqlite3_reset(m_upsert.get());
    }
    exec("COMMIT");
    exec("PRAGMA synchronous = NORMAL");
    exec("ANALYZE");

    if (sqlite3_prepare_v2(m_db.get(),
                           "SELECT document FROM bloomlab_documents WHERE phrase = ?1", -1,
                           &rawStmt, nullptr) != SQLITE_OK)
        fail("prepare select");
    m_select.reset(rawStmt);
}

SqliteBackend::~SqliteBackend() {
    m_select.reset();
    m_upsert.reset();
    m_db.reset();
    if (m_ownsFile) removeDatabaseFiles(m_path);
}

std::optional<std::string> SqliteBackend::lookup(std::string_view query) {
    sqlite3_stmt* stmt = m_select.get();
    sqlite3_bind_text(stmt, 1, query.data(), static_cast<int>(query.size()), SQLITE_STATIC);
    std::optional<std::string> result;
    const int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        if (sqlite3_column_type(stmt, 0) != SQLITE_NULL) {
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
            result.emplace(text, static_cast<std::size_t>(sqlite3_column_bytes(stmt, 0)));
        }
    } else if (rc != SQLITE_DONE) {
        sqlite3_reset(stmt);
        fail("lookup");
    }
    sqlite3_reset(stmt);
    return result;
}

void SqliteBackend::addDocument(std::string_view phrase, std::string_view document) {
    const bool had = lookup(phrase).has_value();
    sqlite3_bind_text(m_upsert.get(), 1, phrase.data(), static_cast<int>(phrase.size()),
                      SQLITE_STATIC);
    sqlite3_bind_text(m_upsert.get(), 2, document.data(), static_cast<int>(document.size()),
                      SQLITE_STATIC);
    const int rc = sqlite3_step(m_upsert.get());
    sqlite3_reset(m_upsert.get());
    if (rc != SQLITE_DONE) fail("insert");
    if (!had) ++m_documentCount;
}

void SqliteBackend::forEachKey(const KeySink& sink) const {
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(m_path.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
    const std::unique_ptr<sqlite3, DbCloser> db(raw);
    const auto failed = [&](const std::string& what) {
        return std::runtime_error("sqlite store '" + m_path.string() + "': " + what + ": " +
                                  (db ? sqlite3_errmsg(db.get()) : "out of memory"));
    };
    if (rc != SQLITE_OK) throw failed("cannot open for listing");
    sqlite3_busy_timeout(db.get(), 5000);
    sqlite3_stmt* rawStmt = nullptr;
    if (sqlite3_prepare_v2(db.get(), "SELECT phrase FROM bloomlab_documents WHERE document IS NOT NULL", -1,
                           &rawStmt, nullptr) != SQLITE_OK)
        throw failed("prepare listing");
    const std::unique_ptr<sqlite3_stmt, StmtFinalizer> stmt(rawStmt);
    int step = 0;
    while ((step = sqlite3_step(stmt.get())) == SQLITE_ROW) {
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt.get(), 0));
        sink(std::string_view(text ? text : "", static_cast<std::size_t>(sqlite3_column_bytes(stmt.get(), 0))));
    }
    if (step != SQLITE_DONE) throw failed("listing");
}

std::uint64_t SqliteBackend::fileBytes() const {
    std::error_code ec;
    std::uint64_t total = 0;
    const auto main = std::filesystem::file_size(m_path, ec);
    if (!ec) total += main;
    const auto wal = std::filesystem::file_size(m_path.string() + "-wal", ec);
    if (!ec) total += wal;
    return total;
}

} // namespace bloomlab
