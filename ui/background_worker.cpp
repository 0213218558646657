#include "ui/background_worker.h"

namespace bloomlab::ui {

BackgroundWorker::BackgroundWorker()
    : m_thread([this](std::stop_token stop) { loop(stop); }) {}

BackgroundWorker::~BackgroundWorker() {
    {
        std::lock_guard lock(m_mutex);
        m_pending.reset();  // the owner is going away: nobody is left to hand data back to
        m_current.request_stop();
    }
    m_thread.request_stop();  // wakes the condition variable wait
    m_thread.join();
}

void BackgroundWorker::submit(Job job) {
    {
        std::lock_guard lock(m_mutex);
        m_pending = Pending{std::move(job), std::stop_source()};
        m_current.request_stop();
    }
    m_wake.notify_one();
}

void BackgroundWorker::cancel() {
    std::lock_guard lock(m_mutex);
    if (m_pending)
        m_pending->stop.request_stop();
    m_current.request_stop();
}

bool BackgroundWorker::busy() const {
    std::lock_guard lock(m_mutex);
    return m_running || m_pending.has_value();
}

void BackgroundWorker::loop(std::stop_token threadStop) {
    for (;;) {
        Job job;
        std::stop_token jobStop;
        {
            std::unique_lock lock(m_mutex);
            if (!m_wake.wait(lock, threadStop, [this] { return m_pending.has_value(); }))
                return;  // thread stop requested
            job = std::move(m_pending->job);
            m_current = m_pending->stop;
            m_pending.reset();
            jobStop = m_current.get_token();
            m_running = true;
        }
        try {
            job(jobStop);
        } catch (...) {
            // Jobs report their own errors through postTo(); an escaping exception must not
            // take the worker thread (and the application) down.
        }
        std::lock_guard lock(m_mutex);
        m_running = false;
    }
}

} // namespace bloomlab::ui
