#include "ui/sweep_runner.h"

namespace bloomlab::ui {

SweepRunner::SweepRunner(QObject* parent) : QObject(parent) {}

SweepRunner::~SweepRunner() = default;

std::uint64_t SweepRunner::start(const bench::SweepConfig& config) {
    const std::uint64_t job = ++m_job;
    m_running = true;
    emit started(job);
    SweepRunner* self = this;
    m_worker.submit([self, job, config](std::stop_token stop) {
        ProgressThrottle throttle;
        const auto onProgress = [&](const bench::Progress& p) {
            if (p.point) {
                postTo(self, [self, job, point = *p.point] { self->deliverPoint(job, point); });
            }
            if (p.point || throttle.due()) {
                const int done = static_cast<int>(p.done);
                const int total = static_cast<int>(p.total);
                const QString stage = QString::fromStdString(p.stage);
                postTo(self, [self, job, done, total, stage] { self->deliverProgress(job, done, total, stage); });
            }
        };
        bool cancelled = false;
        QString error;
        try {
            const bench::SweepResult result = bench::runSweep(config, onProgress, stop);
            cancelled = result.cancelled;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        postTo(self, [self, job, cancelled, error] { self->deliverEnd(job, cancelled, error); });
    });
    return job;
}

void SweepRunner::cancel() { m_worker.cancel(); }

void SweepRunner::deliverProgress(std::uint64_t job, int done, int total, const QString& stage) {
    if (job == m_job)
        emit progressed(job, done, total, stage);
}

void SweepRunner::deliverPoint(std::uint64_t job, const bench::PointResult& point) {
    if (job == m_job)
        emit pointReady(job, point);
}

void SweepRunner::deliverEnd(std::uint64_t job, bool cancelled, const QString& error) {
    if (job != m_job)
        return;
    m_running = false;
    if (!error.isEmpty())
        emit failed(job, error);
    else
        emit finished(job, cancelled);
}

} // namespace bloomlab::ui
