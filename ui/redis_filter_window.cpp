#include "ui/redis_filter_window.h"

#include "core/key_reader.h"
#include "core/parse_units.h"
#include "core/redis/redis_filter.h"
#include "core/redis/redis_url.h"
#include "ui/background_worker.h"
#include "ui/bit_array_view.h"
#include "ui/filter_probe.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace bloomlab::ui {

namespace {

/// The server refused the credentials (or wants some).
bool isAuthProblem(const std::string& message) {
    return message.find("authentication") != std::string::npos ||
           message.find("NOAUTH") != std::string::npos ||
           message.find("WRONGPASS") != std::string::npos;
}

QString bytesText(std::uint64_t bytes) {
    return QString::fromStdString(formatBytes(static_cast<double>(bytes)));
}

} // namespace

/// The filter and its connections. Only jobs touch it, one at a time, on the worker thread;
/// the GUI thread only interrupts (under the mutex) to cancel.
struct RedisFilterWindow::Session {
    redis::RedisLocation location;
    redis::RedisFilterOptions options;
    std::unique_ptr<redis::RedisFilter> filter;
    /// A local filter the first connection copies to the server (createByCopying), then drops.
    std::shared_ptr<const AnyFilter> toCopy;

    std::mutex mutex; ///< guards interrupter
    std::shared_ptr<redis::RedisInterrupter> interrupter =
        std::make_shared<redis::RedisInterrupter>();

    /// GUI thread: cuts the connections of the running job.
    void interrupt() {
        const std::lock_guard lock(mutex);
        interrupter->interrupt();
    }
    /// Worker thread, at a job's start: after a cancel, the old connections are dropped and new
    /// ones get a fresh interrupter.
    void beginJob() {
        const std::lock_guard lock(mutex);
        if (interrupter->interrupted()) {
            filter.reset();
            interrupter = std::make_shared<redis::RedisInterrupter>();
        }
    }
    /// Worker thread: the filter, opened (metadata checked) when it is not.
    redis::RedisFilter& opened(bool* justOpened) {
        if (!filter) {
            {
                const std::lock_guard lock(mutex);
                options.interrupter = interrupter;
            }
            filter = std::make_unique<redis::RedisFilter>(toCopy ? redis::RedisFilter::upload(location, *toCopy, options)
                                                                 : redis::RedisFilter::open(location, options));
            toCopy.reset();
            *justOpened = true;
        }
        return *filter;
    }
};

struct RedisFilterWindow::ViewData {
    QString stats;
    QString bitMessage;
    std::shared_ptr<const AnyFilter> bits;
};

struct RedisFilterWindow::Outcome {
    QString error;            ///< empty when the job succeeded
    bool authProblem = false; ///< the server wants a (different) password
    bool opened = false;      ///< this job opened the filter
    std::optional<ViewData> view;
    QString result;             ///< the job's answer line
    std::optional<bool> answer; ///< a query's answer
};

RedisFilterWindow::ViewData RedisFilterWindow::readView(redis::RedisFilter& filter,
                                                        const QString& address,
                                                        const Settings& settings) {
    ViewData view;
    const redis::RedisFilterInfo info = filter.info();
    const redis::RedisFilterGeometry& g = info.geometry;
    QString nodes;
    for (const redis::RedisEndpoint& node : info.nodes)
        nodes += (nodes.isEmpty() ? QString() : QStringLiteral(", ")) +
                 QString::fromStdString(node.display());
    view.stats =
        RedisFilterWindow::tr(
            "%1\n%2 filter: m = %3 bits (%4), k = %5, hash %6\n%7 segments on %8 node(s): %9\n"
            "items (counter): %10; estimated from the fill (Swamidass–Baldi): %11\n"
            "fill ratio %12, estimated FPR now %13")
            .arg(address, QString::fromLatin1(filterTypeName(g.type)))
            .arg(g.bits)
            .arg(bytesText(g.bytes()))
            .arg(g.hashes)
            .arg(QString::fromStdString(info.hashName))
            .arg(info.segments.size())
            .arg(info.nodes.size())
            .arg(nodes)
            .arg(info.items)
            .arg(info.estimatedItems, 0, 'f', 0)
            .arg(info.fillRatio, 0, 'f', 4)
            .arg(info.estimatedFpr, 0, 'g', 4);

    const std::uint64_t total = g.bytes();
    const redis::RedisBitSample sample =
        filter.sample(total <= settings.maxViewBytes ? total : settings.sampleBytes);
    view.bits = std::make_shared<const AnyFilter>(filter.sampleAsFilter(sample));
    if (sample.complete()) {
        view.bitMessage =
            RedisFilterWindow::tr(
                "Bits: the whole filter (%1), read from the server. Refresh reads them again.")
                .arg(bytesText(total));
        return view;
    }
    const std::uint64_t stride =
        sample.offsets.size() > 1 ? sample.offsets[1] - sample.offsets[0] : total;
    view.bitMessage =
        RedisFilterWindow::tr(
            "Bits: a sample, not the whole filter. The bitset is %1 (above the %2 the view reads "
            "whole), so the view shows %3 ranges of %4, one every %5: %6 in all, %7 % of the bits. "
            "Bit i of the view is bit i of the sample. Statistics, query and insert use the whole "
            "filter. Refresh reads the sample again.")
            .arg(bytesText(total), bytesText(settings.maxViewBytes))
            .arg(sample.offsets.size())
            .arg(bytesText(sample.rangeBytes), bytesText(stride), bytesText(sample.bytes.size()))
            .arg(100.0 * sample.fraction(), 0, 'g', 3);
    return view;
}

std::unique_ptr<RedisFilterWindow> RedisFilterWindow::make(const QString& url, std::shared_ptr<const AnyFilter> toCopy,
                                                           PasswordPrompt askPassword, QString* error,
                                                           QWidget* parent, Settings settings) {
    auto session = std::make_shared<Session>();
    try {
        session->location = redis::parseRedisUrl(url.trimmed().toStdString());
    } catch (const std::exception& e) {
        *error = QString::fromStdString(e.what());
        return nullptr;
    }
    session->options.connectTimeout = settings.connectTimeout;
    session->options.replyTimeout = settings.replyTimeout;
    const bool copying = toCopy != nullptr;
    session->toCopy = std::move(toCopy);
    const QString address = QString::fromStdString(session->location.display());
    std::unique_ptr<RedisFilterWindow> window(new RedisFilterWindow(
        std::move(session), address, std::move(askPassword), settings, parent));
    window->m_copying = copying;
    window->connectInBackground(std::nullopt);
    return window;
}

std::unique_ptr<RedisFilterWindow> RedisFilterWindow::create(const QString& url,
                                                             PasswordPrompt askPassword,
                                                             QString* error, QWidget* parent,
                                                             Settings settings) {
    return make(url, nullptr, std::move(askPassword), error, parent, settings);
}

std::unique_ptr<RedisFilterWindow> RedisFilterWindow::create(const QString& url,
                                                             PasswordPrompt askPassword,
                                                             QString* error, QWidget* parent) {
    return create(url, std::move(askPassword), error, parent, Settings{});
}

std::unique_ptr<RedisFilterWindow> RedisFilterWindow::createByCopying(const QString& url,
                                                                      std::shared_ptr<const AnyFilter> filter,
                                                                      PasswordPrompt askPassword, QString* error,
                                                                      QWidget* parent, Settings settings) {
    if (const QString problem = copyProblem(filter.get()); !problem.isEmpty()) {
        *error = problem;
        return nullptr;
    }
    return make(url, std::move(filter), std::move(askPassword), error, parent, settings);
}

RedisFilterWindow* RedisFilterWindow::openWithDialogs(QWidget* parent) {
    return showWithDialogs(parent, tr("Open Redis filter"), [parent](const QString& url, QString* error) {
        return create(url, {}, error, parent);
    });
}

QString RedisFilterWindow::copyProblem(const AnyFilter* filter) {
    if (!filter)
        return tr("There is no filter to copy.");
    if (!redis::canLiveOnRedis(filter->type()))
        return tr("Only classic and blocked Bloom filters can live on Redis; this one is a %1 filter. Choose "
                  "%2 or %3 as the Type under Parameters, insert the keys and copy again.")
            .arg(filterTypeTitle(filter->type()), filterTypeTitle(FilterType::Classic),
                 filterTypeTitle(FilterType::Blocked));
    return {};
}

RedisFilterWindow* RedisFilterWindow::copyWithDialogs(QWidget* parent, std::shared_ptr<const AnyFilter> filter) {
    // A type Redis cannot hold is said before the address is asked.
    if (const QString problem = copyProblem(filter.get()); !problem.isEmpty()) {
        QMessageBox::warning(parent, tr("Copy filter to Redis"), problem);
        return nullptr;
    }
    return showWithDialogs(parent, tr("Copy filter to Redis"), [parent, filter](const QString& url, QString* error) {
        return createByCopying(url, filter, {}, error, parent, Settings{});
    });
}

RedisFilterWindow* RedisFilterWindow::showWithDialogs(
    QWidget* parent, const QString& title,
    const std::function<std::unique_ptr<RedisFilterWindow>(const QString& url, QString* error)>& createWindow) {
    bool ok = false;
    const QString url = QInputDialog::getText(
        parent, title,
        tr("Address (%1):")
            .arg(QString::fromLatin1(redis::kRedisUrlForms.data(),
                                     int(redis::kRedisUrlForms.size()))),
        QLineEdit::Normal, QStringLiteral("redis://127.0.0.1:6379/NAME"), &ok);
    if (!ok || url.trimmed().isEmpty()) return nullptr;
    QString error;
    std::unique_ptr<RedisFilterWindow> window = createWindow(url, &error);
    if (!window) {
        QMessageBox::warning(parent, title, error);
        return nullptr;
    }
    RedisFilterWindow* shown = window.get();
    window->m_askPassword = [shown](const QString& address) -> std::optional<QString> {
        bool given = false;
        const QString password = QInputDialog::getText(
            shown, tr("Redis password"),
            tr("Password for %1 (kept for this window only, never saved):").arg(address),
            QLineEdit::Password, QString(), &given);
        if (!given) return std::nullopt;
        return password;
    };
    window->setWindowFlag(Qt::Window);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window.release();
}

RedisFilterWindow::RedisFilterWindow(std::shared_ptr<Session> session, QString address,
                                     PasswordPrompt askPassword, Settings settings, QWidget* parent)
    : QWidget(parent), m_session(std::move(session)), m_address(std::move(address)),
      m_askPassword(std::move(askPassword)), m_settings(settings),
      m_worker(std::make_unique<BackgroundWorker>()) {
    setWindowTitle(tr("Redis filter — %1").arg(m_address));
    auto* layout = new QVBoxLayout(this);
    m_stats = new QLabel(tr("%1\nNot connected yet.").arg(m_address), this);
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stats->setWordWrap(true);
    layout->addWidget(m_stats);

    auto* keyRow = new QHBoxLayout;
    m_key = new QLineEdit(this);
    m_key->setPlaceholderText(tr("Key"));
    m_query = new QPushButton(tr("&Query"), this);
    m_insert = new QPushButton(tr("&Insert on the server"), this);
    m_insertFile = new QPushButton(tr("Insert &file…"), this);
    m_insertFile->setToolTip(
        tr("Inserts every line of a key file (exact bytes) on the server, in batches"));
    m_refresh = new QPushButton(tr("&Refresh"), this);
    m_refresh->setToolTip(
        tr("Reads the statistics and the bits again (connects first when needed)"));
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(m_query);
    keyRow->addWidget(m_insert);
    keyRow->addWidget(m_insertFile);
    keyRow->addWidget(m_refresh);
    layout->addLayout(keyRow);

    auto* statusRow = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cancel = new QPushButton(tr("&Cancel"), this);
    statusRow->addWidget(m_progress);
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_cancel);
    layout->addLayout(statusRow);

    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    layout->addWidget(m_result);
    m_bitMessage = new QLabel(this);
    m_bitMessage->setWordWrap(true);
    layout->addWidget(m_bitMessage);
    m_bits = new BitArrayView(this);
    m_bits->setPlaceholderText(tr("No bits read yet."));
    layout->addWidget(m_bits, 1);

    connect(m_query, &QPushButton::clicked, this, [this] { queryKey(m_key->text()); });
    connect(m_key, &QLineEdit::returnPressed, this, [this] {
        if (m_query->isEnabled()) queryKey(m_key->text());
    });
    connect(m_insert, &QPushButton::clicked, this, [this] { insertKey(m_key->text()); });
    connect(m_insertFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Insert keys from file"));
        if (!path.isEmpty()) insertKeysFromFile(path);
    });
    connect(m_refresh, &QPushButton::clicked, this, &RedisFilterWindow::refresh);
    connect(m_cancel, &QPushButton::clicked, this, &RedisFilterWindow::cancel);
    resize(760, 580);
    setBusy(false, false);
}

RedisFilterWindow::~RedisFilterWindow() {
    // A job blocked on a silent server returns at once; then the worker is joined, before the
    // widgets the results would have gone to are destroyed.
    m_session->interrupt();
    m_worker.reset();
}

bool RedisFilterWindow::startJob(const QString& what, Work work, bool determinate) {
    if (busy()) return false;
    const std::uint64_t id = ++m_jobId;
    m_busyJob = id;
    m_busyWhat = what;
    m_status->setStyleSheet(QString());
    setBusy(true, determinate);
    QObject* receiver = this;
    std::shared_ptr<Session> session = m_session;
    m_worker->submit([receiver, session, id, work = std::move(work)](std::stop_token stop) {
        auto outcome = std::make_shared<Outcome>();
        const Progress progress = [receiver, id](int percent, const QString& stage) {
            postTo(receiver, [receiver, id, percent, stage] {
                auto* self = static_cast<RedisFilterWindow*>(receiver);
                if (id != self->m_busyJob) return;
                self->m_progress->setValue(percent);
                self->m_status->setText(stage);
            });
        };
        if (stop.stop_requested()) {
            outcome->error = tr("cancelled");
        } else {
            session->beginJob();
            try {
                work(*session, *outcome, stop, progress);
            } catch (const std::bad_alloc&) {
                outcome->error = tr("out of memory");
                session->filter.reset();
            } catch (const std::exception& e) {
                outcome->error = QString::fromStdString(e.what());
                outcome->authProblem = isAuthProblem(e.what());
                session->filter.reset(); // the connection may be broken: the next job reconnects
            }
        }
        postTo(receiver, [receiver, id, outcome] {
            static_cast<RedisFilterWindow*>(receiver)->finishJob(id, outcome);
        });
    });
    return true;
}

void RedisFilterWindow::finishJob(std::uint64_t jobId, const std::shared_ptr<Outcome>& outcome) {
    if (jobId != m_busyJob) return; // cancelled: its result is not wanted
    m_busyJob = 0;
    const bool firstOpen = outcome->opened && !m_open;
    if (outcome->opened) {
        m_passwordPrompts = 0;
        m_copying = false;
    }
    m_open = m_open || outcome->opened;
    setBusy(false, false); // after m_open: the key buttons follow it
    if (firstOpen) emit opened();
    if (!outcome->error.isEmpty()) {
        m_lastAnswer.reset();
        if (outcome->authProblem && m_askPassword && m_passwordPrompts < kMaxPasswordPrompts) {
            ++m_passwordPrompts;
            if (std::optional<QString> password = m_askPassword(m_address)) {
                connectInBackground(std::move(password));
                return;
            }
        }
        showError(tr("%1 failed: %2").arg(m_busyWhat, outcome->error));
        emit jobFinished(false);
        return;
    }
    if (outcome->view) showView(*outcome->view);
    if (!outcome->result.isEmpty()) m_result->setText(outcome->result);
    if (outcome->answer) m_lastAnswer = outcome->answer;
    m_status->setText(tr("Ready."));
    emit jobFinished(true);
}

void RedisFilterWindow::connectInBackground(std::optional<QString> password) {
    const QString address = m_address;
    const Settings settings = m_settings;
    const QString what = m_copying ? tr("Copying the filter to %1").arg(m_address) : tr("Connecting to %1").arg(m_address);
    startJob(what,
             [password, address, settings](Session& session, Outcome& outcome,
                                           const std::stop_token&, const Progress&) {
                 if (password) {
                     session.location.password = password->toStdString();
                     session.filter.reset();
                 }
                 redis::RedisFilter& filter = session.opened(&outcome.opened);
                 outcome.view = readView(filter, address, settings);
             });
    m_status->setText(m_copying ? tr("Copying the filter to %1…").arg(m_address) : tr("Connecting to %1…").arg(m_address));
}

bool RedisFilterWindow::refresh() {
    const QString address = m_address;
    const Settings settings = m_settings;
    if (!startJob(tr("Refresh"), [address, settings](Session& session, Outcome& outcome,
                                                     const std::stop_token&, const Progress&) {
            redis::RedisFilter& filter = session.opened(&outcome.opened);
            outcome.view = readView(filter, address, settings);
        }))
        return false;
    m_status->setText(tr("Reading the statistics and bits of %1…").arg(m_address));
    return true;
}

bool RedisFilterWindow::queryKey(const QString& key) {
    if (!startJob(tr("Query"), [key](Session& session, Outcome& outcome, const std::stop_token&,
                                     const Progress&) {
            const bool maybe = session.opened(&outcome.opened).mightContain(key.toStdString());
            outcome.answer = maybe;
            outcome.result = maybe ? tr("“%1”: maybe (possibly in the set)").arg(key)
                                   : tr("“%1”: no (certainly not inserted)").arg(key);
        }))
        return false;
    m_status->setText(tr("Asking the server about “%1”…").arg(key));
    return true;
}

bool RedisFilterWindow::insertKey(const QString& key) {
    const QString address = m_address;
    const Settings settings = m_settings;
    if (!startJob(tr("Insert"), [key, address, settings](Session& session, Outcome& outcome,
                                                         const std::stop_token&, const Progress&) {
            redis::RedisFilter& filter = session.opened(&outcome.opened);
            filter.insert(key.toStdString());
            outcome.result = tr("“%1”: inserted on the server").arg(key);
            outcome.view = readView(filter, address, settings);
        }))
        return false;
    m_status->setText(tr("Inserting “%1” on the server…").arg(key));
    return true;
}

bool RedisFilterWindow::insertKeysFromFile(const QString& path) {
    if (busy()) return false;
    const QFileInfo info(path);
    if (const QString problem = keyFileProblem(path); !problem.isEmpty()) {
        showError(tr("Insert from file failed: %1").arg(problem));
        emit jobFinished(false);
        return false;
    }
    const QString name = info.fileName();
    const double fileBytes = std::max<double>(1.0, static_cast<double>(info.size()));
    const std::string nativePath = QFile::encodeName(path).toStdString();
    const QString address = m_address;
    const Settings settings = m_settings;
    if (!startJob(
            tr("Insert from %1").arg(name),
            [nativePath, name, fileBytes, address, settings](Session& session, Outcome& outcome,
                                                             const std::stop_token& stop,
                                                             const Progress& progress) {
                redis::RedisFilter& filter = session.opened(&outcome.opened);
                KeyReader reader(nativePath);
                std::vector<std::string> keys;
                std::uint64_t inserted = 0;
                double bytes = 0;
                ProgressThrottle throttle;
                bool more = true;
                while (more) {
                    keys.clear();
                    std::string key;
                    while (keys.size() < kFileBatchKeys && (more = reader.next(key))) {
                        bytes += static_cast<double>(key.size() + 1);
                        keys.push_back(std::move(key));
                    }
                    if (stop.stop_requested()) return; // cancelled: the window has moved on
                    const std::vector<std::string_view> views(keys.begin(), keys.end());
                    filter.insertMany(views);
                    inserted += keys.size();
                    if (throttle.due())
                        progress(static_cast<int>(std::min(100.0, 100.0 * bytes / fileBytes)),
                                 tr("Inserted %1 keys from %2…").arg(inserted).arg(name));
                }
                outcome.result =
                    tr("Inserted %1 keys from %2 on the server").arg(inserted).arg(name);
                outcome.view = readView(filter, address, settings);
            },
            true))
        return false;
    m_status->setText(tr("Inserting the keys of %1…").arg(name));
    return true;
}

void RedisFilterWindow::cancel() {
    if (!busy()) return;
    m_session->interrupt();
    m_worker->cancel();
    m_busyJob = 0;
    setBusy(false, false);
    m_lastAnswer.reset();
    m_status->setStyleSheet(QString());
    // A cancelled copy takes back what it wrote (RedisFilter::upload); keys inserted stay.
    m_status->setText(m_copying ? tr("Cancelled: %1 stopped, and what it had written to the server is deleted again. "
                                     "Refresh copies the filter again.")
                                      .arg(m_busyWhat)
                                : tr("Cancelled: %1 stopped (keys already sent stay in the filter). The next action "
                                     "connects again.")
                                      .arg(m_busyWhat));
    emit jobFinished(false);
}

void RedisFilterWindow::showView(const ViewData& view) {
    m_stats->setText(view.stats);
    m_bitMessage->setText(view.bitMessage);
    m_bits->setFilter(nullptr);
    m_snapshot = view.bits;
    m_bits->setFilter(m_snapshot.get());
}

void RedisFilterWindow::showError(const QString& message) {
    m_status->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_status->setText(message);
}

void RedisFilterWindow::setBusy(bool busy, bool determinate) {
    m_progress->setRange(0, busy && !determinate ? 0 : 100); // 0..0: the moving busy indicator
    m_progress->setValue(0);
    m_progress->setVisible(busy);
    updateButtons();
}

void RedisFilterWindow::updateButtons() {
    const bool idle = !busy();
    m_query->setEnabled(idle && m_open);
    m_insert->setEnabled(idle && m_open);
    m_insertFile->setEnabled(idle && m_open);
    m_refresh->setEnabled(idle);
    m_cancel->setEnabled(!idle);
}

QString RedisFilterWindow::statsText() const {
    return m_stats->text();
}
QString RedisFilterWindow::bitViewMessage() const {
    return m_bitMessage->text();
}
QString RedisFilterWindow::resultText() const {
    return m_result->text();
}
QString RedisFilterWindow::statusText() const {
    return m_status->text();
}

} // namespace bloomlab::ui
