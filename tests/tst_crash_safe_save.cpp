// Crash-safe persistence: saveFilter() writes a temp file, fsyncs it, renames
// it over the target and fsyncs the directory, so the target path must always hold a complete
// filter -- the old one or the new one -- whatever moment the saving process dies.
//
// killDuringSave: a forked child saves filter A, then B, then A, ... to the same path without
// pause, counting completed saves in shared memory; the parent waits until the child has
// completed 0, 1 or 2 saves (chosen at random), sleeps a random part (uniform in [0, 1.5 x the
// measured time of one save]) of the next save and SIGKILLs it -- timed by the child's progress,
// not the clock, so kills land inside saves even when the machine is loaded -- then checks the
// path: its bytes equal serializeFilter(A) or serializeFilter(B) exactly, and
// loadFilter() accepts it (magic, version, XXH64 checksum, every size). 300 iterations by
// default, 200 under AddressSanitizer (forking an ASan process is slow); BLOOMLAB_KILL_ITERATIONS
// overrides. The figures (A/B seen, changes, temp files left behind by killed saves) are printed.
//
// readersDuringSaves: a child saves A/B in a loop while the parent loads the path 500 times;
// every load must succeed and be exactly A or B (rename is atomic for readers too).
#ifndef Q_MOC_RUN  // moc (Qt 6.4) cannot parse the C++20 concepts these pull in; it needs none of them
#include "core/any_filter.h"
#include "core/atomic_file.h"
#include "core/filter_io.h"
#include "test_support.h"  // BLOOMLAB_UNDER_ASAN
#endif

#include <QtTest/QtTest>

#include <signal.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <new>
#include <random>
#include <string>
#include <thread>
#include <vector>


using namespace bloomlab;
namespace fs = std::filesystem;

namespace {

AnyFilter makeFilter(FilterSpec spec, const char* prefix, unsigned keys) {
    AnyFilter filter = AnyFilter::create(spec);
    for (unsigned i = 0; i < keys; ++i) {
        filter.insert(std::string(prefix) + std::to_string(i));
    }
    return filter;
}

std::vector<std::uint8_t> readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// A counter in memory shared with forked children (MAP_SHARED | MAP_ANONYMOUS): the saver child
/// counts its completed saves there, so the parent times its kills by the child's progress, not
/// by the clock (a loaded or sanitized machine can delay the child's start arbitrarily).
class SharedCounter {
public:
    SharedCounter() {
        void* memory = mmap(nullptr, sizeof(Counter), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (memory != MAP_FAILED) {
            m_counter = ::new (memory) Counter(0);  // placement into the shared mapping
        }
    }
    ~SharedCounter() {
        if (m_counter != nullptr) {
            munmap(m_counter, sizeof(Counter));
        }
    }
    SharedCounter(const SharedCounter&) = delete;
    SharedCounter& operator=(const SharedCounter&) = delete;
    bool valid() const { return m_counter != nullptr; }
    std::atomic<std::uint64_t>& value() { return *m_counter; }

private:
    using Counter = std::atomic<std::uint64_t>;
    static_assert(Counter::is_always_lock_free, "a process-shared counter must be lock-free");
    Counter* m_counter = nullptr;
};

/// Forks a child that saves a, b, a, b, ... to `path` until killed, counting completed saves in
/// `saves` (may be null). Exit code 3 = a save threw.
pid_t startSaver(const AnyFilter& a, const AnyFilter& b, const fs::path& path,
                 std::atomic<std::uint64_t>* saves = nullptr) {
    const pid_t pid = fork();
    if (pid == 0) {
        try {
            for (;;) {
                saveFilter(a, path);
                if (saves != nullptr) {
                    saves->fetch_add(1, std::memory_order_release);
                }
                saveFilter(b, path);
                if (saves != nullptr) {
                    saves->fetch_add(1, std::memory_order_release);
                }
            }
        } catch (...) {
            _exit(3);
        }
    }
    return pid;
}

/// Waits until the child has completed `target` saves; false if it exited on its own first.
bool waitForSaves(pid_t pid, std::atomic<std::uint64_t>& saves, std::uint64_t target) {
    while (saves.load(std::memory_order_acquire) < target) {
        int status = 0;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    return true;
}

/// SIGKILLs the child and reaps it; true when it died from that signal (not on its own).
bool killAndReap(pid_t pid) {
    kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

int iterationsFromEnv() {
    if (const char* env = std::getenv("BLOOMLAB_KILL_ITERATIONS")) {
        const int value = std::atoi(env);
        if (value > 0) {
            return value;
        }
    }
    return BLOOMLAB_UNDER_ASAN ? 200 : 300;
}

} // namespace

class TestCrashSafeSave : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_path = fs::path(m_dir.path().toStdString()) / "filter.blf";
        // Two different filters of different types and sizes (~60 KB each, several write()
        // calls), so a torn or mixed file cannot pass for either.
        m_a = std::make_unique<AnyFilter>(
            makeFilter({.type = FilterType::Classic, .capacity = 50'000, .fpr = 0.01}, "a-", 50'000));
        m_b = std::make_unique<AnyFilter>(
            makeFilter({.type = FilterType::Blocked, .capacity = 45'000, .fpr = 0.01}, "b-", 45'000));
        m_bytesA = serializeFilter(*m_a);
        m_bytesB = serializeFilter(*m_b);
        QVERIFY(m_bytesA != m_bytesB);
    }

    // A catchable signal in the middle of a save (SIGINT, SIGTERM, SIGHUP) removes the temp
    // file and the private temp directories, then the process dies of that signal; the target
    // keeps its old bytes. The child stops inside the write (after the first piece) and signals
    // itself, so the moment is exact.
    void signalDuringSaveRemovesTemp() {
        const fs::path dir = fs::path(m_dir.path().toStdString()) / "signalled";
        for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
            fs::remove_all(dir);
            fs::create_directories(dir);
            const fs::path target = dir / "target.blf";
            saveFilter(*m_a, target);
            const pid_t pid = fork();
            if (pid == 0) {
                bloomlab::installCleanupHandlers();
                bloomlab::PrivateTempDir store("store", dir);
                std::ofstream(store.track("db.sqlite")) << "rows";
                bloomlab::AtomicFileWriter writer(target);
                writer.write(std::span<const std::uint8_t>(m_bytesB).first(100));
                ::raise(sig);
                _exit(0);  // not reached: the default action of sig ends the process
            }
            int status = 0;
            QCOMPARE(waitpid(pid, &status, 0), pid);
            QVERIFY(WIFSIGNALED(status));
            QCOMPARE(WTERMSIG(status), sig);
            std::vector<std::string> left;
            for (const auto& e : fs::directory_iterator(dir)) left.push_back(e.path().filename().string());
            qInfo("signal %d during a save: the process died of it; directory holds %zu entries", sig,
                  left.size());
            QCOMPARE(left, std::vector<std::string>{"target.blf"});
            QVERIFY(readAll(target) == m_bytesA);
        }
    }

    void killDuringSave() {
        // Time one save here, to spread the kills over the whole of a save.
        saveFilter(*m_a, m_path);
        const auto t0 = std::chrono::steady_clock::now();
        constexpr int kPairs = 5;
        for (int i = 0; i < kPairs; ++i) {
            saveFilter(*m_b, m_path);
            saveFilter(*m_a, m_path);
        }
        const auto oneSaveUs =
            std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count() /
            (2 * kPairs);
        const std::int64_t maxDelayUs = std::max<std::int64_t>(100, oneSaveUs * 3 / 2);
        QCOMPARE(readAll(m_path), m_bytesA);

        SharedCounter saves;
        QVERIFY(saves.valid());
        const int iterations = iterationsFromEnv();
        std::mt19937_64 rng(20260601);
        std::uniform_int_distribution<std::int64_t> delay(0, maxDelayUs);
        int seenA = 0;
        int seenB = 0;
        int transitions = 0;
        int corrupt = 0;
        bool lastWasA = true;
        for (int i = 0; i < iterations; ++i) {
            // Kill after 0, 1 or 2 completed saves, plus a random part of the next save.
            const std::uint64_t target = rng() % 3;
            saves.value().store(0);
            const pid_t pid = startSaver(*m_a, *m_b, m_path, &saves.value());
            QVERIFY2(pid > 0, "fork failed");
            QVERIFY2(waitForSaves(pid, saves.value(), target), "the saving child ended on its own (a save threw?)");
            std::this_thread::sleep_for(std::chrono::microseconds(delay(rng)));
            QVERIFY2(killAndReap(pid), "the saving child ended on its own (a save threw?)");

            const std::vector<std::uint8_t> bytes = readAll(m_path);
            const bool isA = bytes == m_bytesA;
            const bool isB = bytes == m_bytesB;
            bool loads = true;
            try {
                const AnyFilter loaded = loadFilter(m_path);
                loads = serializeFilter(loaded) == bytes;
            } catch (const FilterIoError& e) {
                qWarning("iteration %d: load failed: %s", i, e.what());
                loads = false;
            }
            if (!(isA || isB) || !loads) {
                ++corrupt;
                continue;
            }
            if (isA) {
                ++seenA;
            } else {
                ++seenB;
            }
            if (isA != lastWasA) {
                ++transitions;
            }
            lastWasA = isA;
        }
        int leftovers = 0;
        for (const auto& entry : fs::directory_iterator(m_path.parent_path())) {
            leftovers += entry.path() != m_path ? 1 : 0;
        }
        qInfo("kill test: %d SIGKILLs (after 0-2 completed saves + 0..%lld us; one save took %lld us): "
              "%d corrupt, path held A %d times, B %d times, %d changes; %d temp files left by "
              "killed saves", iterations, static_cast<long long>(maxDelayUs),
              static_cast<long long>(oneSaveUs), corrupt, seenA, seenB, transitions, leftovers);
        QCOMPARE(corrupt, 0);
        // Without changes between kills the test would not have interrupted any save.
        QVERIFY2(transitions > 0, "the path never changed between kills: no save was exercised");
    }

    void readersDuringSaves() {
        saveFilter(*m_a, m_path);
        const pid_t pid = startSaver(*m_a, *m_b, m_path);
        QVERIFY2(pid > 0, "fork failed");
        int seenA = 0;
        int seenB = 0;
        int bad = 0;
        for (int i = 0; i < 500; ++i) {
            try {
                const std::vector<std::uint8_t> bytes = serializeFilter(loadFilter(m_path));
                if (bytes == m_bytesA) {
                    ++seenA;
                } else if (bytes == m_bytesB) {
                    ++seenB;
                } else {
                    ++bad;
                }
            } catch (const FilterIoError& e) {
                qWarning("load %d failed while another process saves: %s", i, e.what());
                ++bad;
            }
        }
        const bool killed = killAndReap(pid);
        qInfo("readers during saves: 500 loads, A %d, B %d, bad %d", seenA, seenB, bad);
        QVERIFY2(killed, "the saving child ended on its own (a save threw?)");
        QCOMPARE(bad, 0);
    }

private:
    QTemporaryDir m_dir;
    fs::path m_path;
    std::unique_ptr<AnyFilter> m_a;
    std::unique_ptr<AnyFilter> m_b;
    std::vector<std::uint8_t> m_bytesA;
    std::vector<std::uint8_t> m_bytesB;
};

QTEST_GUILESS_MAIN(TestCrashSafeSave)
#include "tst_crash_safe_save.moc"
