// RedisFilterWindow — a filter shared through Redis, opened in the explorer (File > Open Redis
// Filter…): its statistics (geometry, segments and their nodes, the items counter, the
// Swamidass-Baldi estimate, FPR now), its bits in a bit view, a key field to query and insert,
// and inserting a key file in batches. Inserts go to the server (every process sharing the
// filter sees them at once). File > Copy Filter to Redis… opens the same window with a first job
// that copies the explorer's filter to the server (createByCopying) instead of opening one.
//
// Threads: every Redis call (connect and open, statistics, bits, query, insert) runs on one
// BackgroundWorker thread, never on the GUI thread; results come back with postTo(), tagged with
// a job id, and results of a cancelled job are dropped. The RedisFilter and its connections live
// in a Session that only jobs touch, one job at a time (the worker runs them in order); the
// window starts a job only when none is running (its buttons are disabled meanwhile), so no
// request is ever dropped for a newer one. While a job runs: a busy bar (a percentage for a key
// file) and Cancel. Cancel drops the job's result at once and cuts its connections through a
// RedisInterrupter (shutdown of the sockets), so a call blocked on a silent server returns
// immediately; the next job reconnects. A server that is slow or gone costs the user nothing
// but a message after the timeouts (1 s to connect, 3 s per reply by default); the window stays
// responsive throughout. Any error drops the connections, and the next action (Refresh, Query,
// ...) opens the filter again.
//
// Bits: filters of at most maxViewBytes (16 MiB) are read whole (bit-identical, as download());
// larger ones as a sample of sampleBytes (1 MiB): evenly spaced ranges of the bitset
// (RedisFilter::sample), and the view says which part it shows. "Refresh" reads them again, so
// inserts made elsewhere appear on demand.
//
// The password: from the address or REDISCLI_AUTH; when the server refuses, it is asked in a
// password field (QInputDialog) and kept in memory only, never in QSettings.
#pragma once

#include "core/any_filter.h"

#include <QString>
#include <QWidget>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace bloomlab::redis {
class RedisFilter;
}

namespace bloomlab::ui {

class BackgroundWorker;
class BitArrayView;

class RedisFilterWindow : public QWidget {
    Q_OBJECT

  public:
    /// Bitsets up to this size are read whole for the bit view ...
    static constexpr std::uint64_t kMaxViewBytes = std::uint64_t{16} << 20;
    /// ... larger ones as a sample of this many bytes.
    static constexpr std::uint64_t kSampleBytes = std::uint64_t{1} << 20;
    /// Keys sent to the server per batch when a key file is inserted.
    static constexpr std::size_t kFileBatchKeys = 16384;
    /// Password prompts per connection attempt before the server's refusal is shown.
    static constexpr int kMaxPasswordPrompts = 3;

    struct Settings {
        std::chrono::milliseconds connectTimeout{1000};
        std::chrono::milliseconds replyTimeout{3000};
        std::uint64_t maxViewBytes = kMaxViewBytes;
        std::uint64_t sampleBytes = kSampleBytes;
    };

    /// Asks for the password when the server needs one; nullopt = the user cancelled.
    using PasswordPrompt = std::function<std::optional<QString>(const QString& address)>;

    /// A window for the filter at `url` that starts connecting at once, in the background
    /// (jobFinished() follows, after opened() on success). Password from the URL or REDISCLI_AUTH;
    /// if refused, from `askPassword`. nullptr with `error` set when the address is malformed.
    static std::unique_ptr<RedisFilterWindow> create(const QString& url, PasswordPrompt askPassword,
                                                     QString* error, QWidget* parent,
                                                     Settings settings);
    static std::unique_ptr<RedisFilterWindow> create(const QString& url, PasswordPrompt askPassword,
                                                     QString* error, QWidget* parent = nullptr);
    /// File > Open Redis Filter…: the address in an input dialog, then the window (which shows
    /// its progress and errors), the password in a password field when needed. nullptr when
    /// cancelled or the address is malformed (said in a message box).
    static RedisFilterWindow* openWithDialogs(QWidget* parent);
    /// As create(), but the first job copies `filter` (a classic or blocked filter, bits and item
    /// count; RedisFilter::upload) to the address's NAME, then shows it. A NAME that exists is
    /// refused and left untouched. nullptr with `error` set for a malformed address or a type
    /// Redis cannot hold.
    static std::unique_ptr<RedisFilterWindow> createByCopying(const QString& url,
                                                              std::shared_ptr<const AnyFilter> filter,
                                                              PasswordPrompt askPassword, QString* error,
                                                              QWidget* parent, Settings settings);
    /// Why `filter` cannot be copied to Redis (none, or a type other than classic and blocked);
    /// empty when it can.
    static QString copyProblem(const AnyFilter* filter);
    /// File > Copy Filter to Redis…: openWithDialogs for createByCopying (copyProblem is said
    /// before the address is asked).
    static RedisFilterWindow* copyWithDialogs(QWidget* parent, std::shared_ptr<const AnyFilter> filter);

    ~RedisFilterWindow() override;

    // Each starts a background job; false (and nothing started) while another job runs.
    bool queryKey(const QString& key);
    bool insertKey(const QString& key);
    /// Inserts every line of a key file (exact bytes) in batches, with a percentage.
    bool insertKeysFromFile(const QString& path);
    /// Reads the statistics and the bits again; opens the filter first when it is not open.
    bool refresh();
    /// Drops the running job's result and cuts its connections; the window is idle at once.
    void cancel();

    bool busy() const noexcept { return m_busyJob != 0; }
    bool isOpen() const noexcept { return m_open; }
    /// The last query's answer (nullopt before any, or after an error).
    std::optional<bool> lastAnswer() const noexcept { return m_lastAnswer; }
    /// What the bit view shows: the whole filter, or a sample of it.
    const AnyFilter* snapshot() const noexcept { return m_snapshot.get(); }
    QString statsText() const;
    QString bitViewMessage() const;
    QString resultText() const;
    QString statusText() const;

  signals:
    /// The filter was opened (its metadata checked); statistics and bits follow with jobFinished.
    void opened();
    /// A job ended: ok = it succeeded (false: an error, shown, or cancelled).
    void jobFinished(bool ok);

  private:
    struct Session;
    struct ViewData;
    /// What a job hands back: an error message, or a view of the filter, and the job's own text.
    struct Outcome;

    RedisFilterWindow(std::shared_ptr<Session> session, QString address, PasswordPrompt askPassword,
                      Settings settings, QWidget* parent);
    /// create() and createByCopying(): the window for `url`, connecting (or, with `toCopy`,
    /// copying that filter) in the background.
    static std::unique_ptr<RedisFilterWindow> make(const QString& url, std::shared_ptr<const AnyFilter> toCopy,
                                                   PasswordPrompt askPassword, QString* error, QWidget* parent,
                                                   Settings settings);
    /// Runs `work` on the worker (its Outcome comes back to finishJob); `what` is shown meanwhile.
    /// Posts a job's progress (percent, what it is doing) to the window.
    using Progress = std::function<void(int percent, const QString& stage)>;
    using Work = std::function<void(Session&, Outcome&, const std::stop_token&, const Progress&)>;
    bool startJob(const QString& what, Work work, bool determinate = false);
    void finishJob(std::uint64_t jobId, const std::shared_ptr<Outcome>& outcome);
    void connectInBackground(std::optional<QString> password);
    /// The address dialog and the window of openWithDialogs and copyWithDialogs.
    static RedisFilterWindow* showWithDialogs(QWidget* parent, const QString& title,
                                              const std::function<std::unique_ptr<RedisFilterWindow>(
                                                  const QString& url, QString* error)>& createWindow);
    /// Worker thread: the statistics and bits (whole, or a sample) of the filter.
    static ViewData readView(redis::RedisFilter& filter, const QString& address,
                             const Settings& settings);
    void showView(const ViewData& view);
    void showError(const QString& message);
    void setBusy(bool busy, bool determinate);
    void updateButtons();

    std::shared_ptr<Session> m_session;
    QString m_address; ///< password masked
    PasswordPrompt m_askPassword;
    Settings m_settings;
    int m_passwordPrompts = 0;
    bool m_open = false;
    bool m_copying = false;  ///< the first connection copies a local filter (createByCopying)
    std::uint64_t m_jobId = 0;
    std::uint64_t m_busyJob = 0; ///< the running job's id, 0 when idle
    QString m_busyWhat;          ///< the running job, as its error message names it
    std::optional<bool> m_lastAnswer;
    std::shared_ptr<const AnyFilter> m_snapshot;

    QLabel* m_stats = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_bitMessage = nullptr;
    QLabel* m_result = nullptr;
    QLineEdit* m_key = nullptr;
    QPushButton* m_query = nullptr;
    QPushButton* m_insert = nullptr;
    QPushButton* m_insertFile = nullptr;
    QPushButton* m_refresh = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    BitArrayView* m_bits = nullptr;
    std::unique_ptr<BackgroundWorker> m_worker; // last: joined first, before the widgets go
};

} // namespace bloomlab::ui
