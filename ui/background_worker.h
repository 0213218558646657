// BackgroundWorker — one worker thread that runs the most recently submitted job, the model of
// Qt's mandelbrot example and KDAB hotspot: a changed parameter restarts the work instead of
// queueing another job, a stop token is checked inside the job, and the owner stops and joins in
// its destructor.
//
//   GUI thread                         worker thread
//   submit(job A) ------------------>  runs A(stopA)
//   submit(job B): stopA requested,    A returns early (it checks stopA), then B(stopB) runs;
//                  B replaces any      a job still pending when C arrives is dropped unrun.
//                  pending job
//   ~BackgroundWorker: drop pending, request stop, join.
//
// Jobs never touch their owner's members: they capture their inputs by value and send results
// back as values with postTo() (a queued call that Qt drops if the receiver is gone). Every
// result carries the job id it was made for, so the receiver can drop results of outdated jobs.
#pragma once

#include <QMetaObject>
#include <QObject>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <utility>

namespace bloomlab::ui {

class BackgroundWorker {
public:
    using Job = std::function<void(std::stop_token)>;

    BackgroundWorker();
    ~BackgroundWorker();
    BackgroundWorker(const BackgroundWorker&) = delete;
    BackgroundWorker& operator=(const BackgroundWorker&) = delete;

    /// Replaces the pending job (if any; it is dropped unrun) and asks the running one to stop.
    void submit(Job job);
    /// Asks the running job and the pending one to stop. A pending job still runs (with its stop
    /// token already set) so that a job which owns data always gets to hand it back.
    void cancel();
    /// True while a job runs or waits to run.
    bool busy() const;

private:
    void loop(std::stop_token threadStop);

    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake;
    struct Pending {
        Job job;
        std::stop_source stop;
    };
    std::optional<Pending> m_pending;
    std::stop_source m_current;
    bool m_running = false;
    std::jthread m_thread;  // declared last: starts after, and is joined before, the members above go
};

/// Runs `fn` on the receiver's thread (queued). Dropped by Qt when the receiver is destroyed first.
template <class F>
void postTo(QObject* receiver, F&& fn) {
    QMetaObject::invokeMethod(receiver, std::forward<F>(fn), Qt::QueuedConnection);
}

/// Lets a progress callback through at most once per interval (the first call always passes),
/// so a progress bar is not flooded with thousands of queued events.
class ProgressThrottle {
public:
    explicit ProgressThrottle(std::chrono::milliseconds interval = std::chrono::milliseconds(50))
        : m_interval(interval) {}
    bool due() {
        const auto now = std::chrono::steady_clock::now();
        if (m_first || now - m_last >= m_interval) {
            m_first = false;
            m_last = now;
            return true;
        }
        return false;
    }

private:
    std::chrono::milliseconds m_interval;
    std::chrono::steady_clock::time_point m_last{};
    bool m_first = true;
};

} // namespace bloomlab::ui
