// SweepRunner — runs bench::runSweep on a worker thread and reports back as queued signals.
// The core's progress callback is adapted here: it is throttled (at most every 50 ms, but every
// finished point is delivered), crosses to the GUI thread by value, and is dropped when it
// belongs to an outdated job (a restart bumps the job id). Destroying the runner stops and joins
// the worker.
#pragma once

#include "core/bench/benchmark_engine.h"
#include "ui/background_worker.h"

#include <QObject>
#include <QString>

#include <cstdint>

namespace bloomlab::ui {

class SweepRunner : public QObject {
    Q_OBJECT

public:
    explicit SweepRunner(QObject* parent = nullptr);
    ~SweepRunner() override;

    /// Starts a sweep; a running one is asked to stop and its results are dropped.
    std::uint64_t start(const bench::SweepConfig& config);
    void cancel();
    bool running() const noexcept { return m_running; }
    std::uint64_t currentJob() const noexcept { return m_job; }

signals:
    void started(quint64 job);
    void progressed(quint64 job, int done, int total, const QString& stage);
    void pointReady(quint64 job, const bloomlab::bench::PointResult& point);
    void finished(quint64 job, bool cancelled);
    void failed(quint64 job, const QString& message);

private:
    void deliverProgress(std::uint64_t job, int done, int total, const QString& stage);
    void deliverPoint(std::uint64_t job, const bench::PointResult& point);
    void deliverEnd(std::uint64_t job, bool cancelled, const QString& error);

    std::uint64_t m_job = 0;
    bool m_running = false;
    BackgroundWorker m_worker;  // last: joined first
};

} // namespace bloomlab::ui
