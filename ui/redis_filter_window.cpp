#include "ui/redis_filter_window.h"

#include "core/parse_units.h"
#include "core/redis/redis_filter.h"
#include "core/redis/redis_url.h"
#include "ui/bit_array_view.h"

#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include <chrono>

namespace bloomlab::ui {

namespace {

redis::RedisFilterOptions guiOptions() {
    redis::RedisFilterOptions options;
    options.connectTimeout = std::chrono::milliseconds(1000);
    options.replyTimeout = std::chrono::milliseconds(3000);
    return options;
}

/// The server refused the credentials (or wants some).
bool isAuthProblem(const std::string& message) {
    return message.find("authentication") != std::string::npos || message.find("NOAUTH") != std::string::npos ||
           message.find("WRONGPASS") != std::string::npos;
}

} // namespace

std::unique_ptr<RedisFilterWindow> RedisFilterWindow::open(const QString& url, const PasswordPrompt& askPassword,
                                                           QString* error, QWidget* parent) {
    redis::RedisLocation location;
    try {
        location = redis::parseRedisUrl(url.trimmed().toStdString());
    } catch (const std::exception& e) {
        *error = QString::fromStdString(e.what());
        return nullptr;
    }
    for (int attempt = 0; attempt < 4; ++attempt) {
        try {
            auto filter = std::make_unique<redis::RedisFilter>(redis::RedisFilter::open(location, guiOptions()));
            std::unique_ptr<RedisFilterWindow> window(
                new RedisFilterWindow(std::move(filter), QString::fromStdString(location.display()), parent));
            return window;
        } catch (const std::exception& e) {
            *error = QString::fromStdString(e.what());
            if (!isAuthProblem(e.what()) || !askPassword) return nullptr;
            const std::optional<QString> password = askPassword(QString::fromStdString(location.display()));
            if (!password) return nullptr;
            location.password = password->toStdString();
        }
    }
    return nullptr;
}

RedisFilterWindow* RedisFilterWindow::openWithDialogs(QWidget* parent) {
    bool ok = false;
    const QString url = QInputDialog::getText(
        parent, tr("Open Redis filter"),
        tr("Address (%1):").arg(QString::fromLatin1(redis::kRedisUrlForms.data(), int(redis::kRedisUrlForms.size()))),
        QLineEdit::Normal, QStringLiteral("redis://127.0.0.1:6379/NAME"), &ok);
    if (!ok || url.trimmed().isEmpty()) return nullptr;
    const PasswordPrompt prompt = [parent](const QString& address) -> std::optional<QString> {
        bool given = false;
        const QString password =
            QInputDialog::getText(parent, tr("Redis password"),
                                  tr("Password for %1 (kept for this window only, never saved):").arg(address),
                                  QLineEdit::Password, QString(), &given);
        if (!given) return std::nullopt;
        return password;
    };
    QString error;
    std::unique_ptr<RedisFilterWindow> window = open(url, prompt, &error, parent);
    if (!window) {
        if (!error.isEmpty()) QMessageBox::warning(parent, tr("Open Redis filter"), error);
        return nullptr;
    }
    window->setWindowFlag(Qt::Window);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window.release();
}

RedisFilterWindow::RedisFilterWindow(std::unique_ptr<redis::RedisFilter> filter, QString address, QWidget* parent)
    : QWidget(parent), m_filter(std::move(filter)), m_address(std::move(address)) {
    setWindowTitle(tr("Redis filter — %1").arg(m_address));
    auto* layout = new QVBoxLayout(this);
    m_stats = new QLabel(this);
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stats->setWordWrap(true);
    layout->addWidget(m_stats);

    auto* keyRow = new QHBoxLayout;
    m_key = new QLineEdit(this);
    m_key->setPlaceholderText(tr("Key"));
    auto* query = new QPushButton(tr("&Query"), this);
    auto* insert = new QPushButton(tr("&Insert on the server"), this);
    auto* refreshButton = new QPushButton(tr("&Refresh"), this);
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(query);
    keyRow->addWidget(insert);
    keyRow->addWidget(refreshButton);
    layout->addLayout(keyRow);
    m_result = new QLabel(this);
    layout->addWidget(m_result);
    m_bitMessage = new QLabel(this);
    m_bitMessage->setWordWrap(true);
    layout->addWidget(m_bitMessage);
    m_bits = new BitArrayView(this);
    layout->addWidget(m_bits, 1);

    connect(query, &QPushButton::clicked, this, [this] { queryKey(m_key->text()); });
    connect(m_key, &QLineEdit::returnPressed, this, [this] { queryKey(m_key->text()); });
    connect(insert, &QPushButton::clicked, this, [this] { insertKey(m_key->text()); });
    connect(refreshButton, &QPushButton::clicked, this, &RedisFilterWindow::refresh);
    resize(720, 560);
    refresh();
}

RedisFilterWindow::~RedisFilterWindow() = default;

void RedisFilterWindow::showError(const QString& what, const std::exception& e) {
    m_result->setText(tr("%1 failed: %2").arg(what, QString::fromStdString(e.what())));
}

bool RedisFilterWindow::queryKey(const QString& key) {
    try {
        const bool maybe = m_filter->mightContain(key.toStdString());
        m_result->setText(maybe ? tr("“%1”: maybe (possibly in the set)").arg(key)
                                : tr("“%1”: no (certainly not inserted)").arg(key));
        return maybe;
    } catch (const std::exception& e) {
        showError(tr("Query"), e);
        return false;
    }
}

void RedisFilterWindow::insertKey(const QString& key) {
    try {
        m_filter->insert(key.toStdString());
        m_result->setText(tr("“%1”: inserted on the server").arg(key));
    } catch (const std::exception& e) {
        showError(tr("Insert"), e);
        return;
    }
    refresh();
}

void RedisFilterWindow::refresh() {
    try {
        const redis::RedisFilterInfo info = m_filter->info();
        const redis::RedisFilterGeometry& g = info.geometry;
        QString nodes;
        for (const redis::RedisEndpoint& node : info.nodes)
            nodes += (nodes.isEmpty() ? QString() : QStringLiteral(", ")) + QString::fromStdString(node.display());
        m_stats->setText(
            tr("%1\n%2 filter: m = %3 bits (%4), k = %5, hash %6\n%7 segments on %8 node(s): %9\n"
               "items (counter): %10; estimated from the fill (Swamidass–Baldi): %11\n"
               "fill ratio %12, estimated FPR now %13")
                .arg(m_address, QString::fromLatin1(filterTypeName(g.type)))
                .arg(g.bits)
                .arg(QString::fromStdString(formatBytes(double(g.bytes()))))
                .arg(g.hashes)
                .arg(QString::fromStdString(info.hashName))
                .arg(info.segments.size())
                .arg(info.nodes.size())
                .arg(nodes)
                .arg(info.items)
                .arg(info.estimatedItems, 0, 'f', 0)
                .arg(info.fillRatio, 0, 'f', 4)
                .arg(info.estimatedFpr, 0, 'g', 4));
        m_bits->setFilter(nullptr);
        m_snapshot.reset();
        if (g.bytes() <= kMaxViewBytes) {
            m_snapshot.emplace(m_filter->download());
            m_bits->setFilter(&*m_snapshot);
            m_bitMessage->setText(tr("Bits: a copy downloaded from the server (Refresh downloads it again)."));
        } else {
            m_bitMessage->setText(tr("Bits not shown: this filter's bitset is %1, and the bit view downloads "
                                     "filters of at most %2. Statistics, query and insert work at any size.")
                                      .arg(QString::fromStdString(formatBytes(double(g.bytes()))),
                                           QString::fromStdString(formatBytes(double(kMaxViewBytes)))));
            m_bits->setPlaceholderText(m_bitMessage->text());
        }
    } catch (const std::exception& e) {
        showError(tr("Refresh"), e);
    }
}

QString RedisFilterWindow::statsText() const { return m_stats->text(); }
QString RedisFilterWindow::bitViewMessage() const { return m_bitMessage->text(); }
QString RedisFilterWindow::resultText() const { return m_result->text(); }

} // namespace bloomlab::ui
