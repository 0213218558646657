// RedisFilterWindow — a filter shared through Redis, opened in the explorer (File > Open Redis
// Filter…): its statistics (geometry, segments and their nodes, the items counter, the
// Swamidass-Baldi estimate, FPR now), its bits in a bit view, and a key field to query and
// insert. Inserts go to the server (every process sharing the filter sees them at once).
//
// The bit view shows a downloaded copy (RedisFilter::download, bit-identical) for filters of at
// most kMaxViewBytes; a larger one is refused with a message saying so (statistics, query and
// insert work at any size, they never download the bitset). "Refresh" downloads again, so
// inserts made elsewhere appear on demand.
//
// The password: from the address or REDISCLI_AUTH; when the server refuses, it is asked in a
// password field (QInputDialog) and kept in memory only, never in QSettings.
// The Redis calls run on the GUI thread, each bounded by the connection's timeouts (1 s to
// connect, 3 s per reply), so a server that goes away costs at most a few seconds and a message.
#pragma once

#include "core/any_filter.h"

#include <QString>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;

namespace bloomlab::redis {
class RedisFilter;
}

namespace bloomlab::ui {

class BitArrayView;

class RedisFilterWindow : public QWidget {
    Q_OBJECT

public:
    /// Bitsets up to this size are downloaded for the bit view.
    static constexpr std::uint64_t kMaxViewBytes = std::uint64_t{16} << 20;

    /// Asks for the password when the server needs one; nullopt = the user cancelled.
    using PasswordPrompt = std::function<std::optional<QString>(const QString& address)>;

    /// Opens the filter at `url` (password from the URL or REDISCLI_AUTH; if refused, from
    /// `askPassword`, then retried once per answer). nullptr with `error` set on failure.
    static std::unique_ptr<RedisFilterWindow> open(const QString& url, const PasswordPrompt& askPassword,
                                                   QString* error, QWidget* parent = nullptr);
    /// File > Open Redis Filter…: the address in an input dialog, the password in a password
    /// field when needed; errors in a message box. nullptr when cancelled or failed.
    static RedisFilterWindow* openWithDialogs(QWidget* parent);

    ~RedisFilterWindow() override;

    /// Query or insert one key on the server; the answer is shown and returned.
    bool queryKey(const QString& key);
    void insertKey(const QString& key);
    /// Reads the statistics again and downloads the bits (when small enough).
    void refresh();

    const AnyFilter* snapshot() const noexcept { return m_snapshot ? &*m_snapshot : nullptr; }
    QString statsText() const;
    QString bitViewMessage() const;
    QString resultText() const;

private:
    RedisFilterWindow(std::unique_ptr<redis::RedisFilter> filter, QString address, QWidget* parent);
    void showError(const QString& what, const std::exception& e);

    std::unique_ptr<redis::RedisFilter> m_filter;
    QString m_address;  ///< password masked
    std::optional<AnyFilter> m_snapshot;
    QLabel* m_stats = nullptr;
    QLabel* m_bitMessage = nullptr;
    QLabel* m_result = nullptr;
    QLineEdit* m_key = nullptr;
    BitArrayView* m_bits = nullptr;
};

} // namespace bloomlab::ui
