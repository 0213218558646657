// bloomlab-cli against a careless or hostile user, by class (docs/reliability.md):
//   outputs never destroy   every writing command x every kind of non-regular target (character
//                           device, FIFO, directory, socket, symbolic link, dangling link), and
//                           every writing command with an output that is one of its inputs (the
//                           same name, a hard link, a ./ path, standard input): refused, with
//                           the path and what it is, nothing on disk changed;
//   waiting is said         keys read from a terminal ('--keys -') get a note on how to end them;
//   inputs never block      a FIFO given as FILTER returns at once with an error; a sparse 2 GiB
//                           file of zeros is refused after its header (peak RSS of the child);
//                           build refuses a filter larger than load accepts;
//   outputs checked first   every writing command with an output in a missing directory, under a
//                           regular file or in a directory it cannot write: refused before any
//                           work, naming the path and why (a child running as nobody when the
//                           test is root, whose rights pass the permission bits);
//   one file, one output    two outputs of one command naming one file (./x, a hard link) are
//                           refused before any work;
//   failures never exit 0   stdout on /dev/full: every command exits non-zero and says so;
//                           a file-size limit (SIGXFSZ) leaves no temp file;
//   no leftovers            SIGINT/SIGTERM during a sqlite bench or sweep leaves its TMPDIR
//                           empty; an interrupted or failed report leaves no report.md and no
//                           report-assets/.
// The children are started with fork/exec so that stdout, TMPDIR, rlimits, signals and the
// peak RSS (wait4) are under the test's control.
#include "core/any_filter.h"
#include "core/filter_io.h"
#include "test_support.h"  // BLOOMLAB_UNDER_ASAN

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <grp.h>
#include <pty.h>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// Peak RSS a refused input may cost a child: the process itself (AddressSanitizer's shadow
/// memory needs more) and never the file.
constexpr long kSmallRssKb = BLOOMLAB_UNDER_ASAN ? 512 * 1024 : 64 * 1024;

struct Child {
    int exitCode = -1;   ///< -1 when killed by a signal or timed out
    int signal = 0;      ///< the signal that ended it
    bool timedOut = false;
    long maxRssKb = 0;
    double seconds = 0;
    std::string err;
};

struct Launch {
    std::vector<std::string> args;
    std::string stdoutPath = "/dev/null";
    std::string stdinPath = "/dev/null";
    std::vector<std::pair<std::string, std::string>> env;
    rlim_t fileSizeLimit = RLIM_INFINITY;
    /// Run as the unprivileged user 65534 (nobody) when the test runs as root, so that permission
    /// bits refuse the child as they refuse any user (root passes them).
    bool unprivileged = false;
    /// The program to run (empty: the built bloomlab-cli). An unprivileged child runs a copy the
    /// test made reachable for it: the build tree may sit below a directory only root can enter
    /// (a fresh clone in a mode 0700 mktemp directory).
    std::string executable;
    /// Polled every 20 ms; when it first returns true, `signal` is sent to the child.
    std::function<bool()> signalWhen;
    int signal = SIGINT;
    int timeoutMs = 60000;
};

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

Child runChild(const Launch& launch) {
    char errTemplate[] = "/tmp/bloomlab-cli-err-XXXXXX";
    const int errFd = mkstemp(errTemplate);
    Child result;
    const auto started = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        const int in = open(launch.stdinPath.c_str(), O_RDONLY | O_NONBLOCK);
        const int out = open(launch.stdoutPath.c_str(), O_WRONLY);
        if (in >= 0) {
            fcntl(in, F_SETFL, 0);
            dup2(in, 0);
        }
        if (out >= 0) dup2(out, 1);
        dup2(errFd, 2);
        for (const auto& [name, value] : launch.env) setenv(name.c_str(), value.c_str(), 1);
        if (launch.fileSizeLimit != RLIM_INFINITY) {
            const rlimit limit{launch.fileSizeLimit, launch.fileSizeLimit};
            setrlimit(RLIMIT_FSIZE, &limit);
        }
        signal(SIGXFSZ, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        std::vector<char*> argv;
        static std::string builtCli = BLOOMLAB_CLI_PATH;
        std::string cli = launch.executable.empty() ? builtCli : launch.executable;
        argv.push_back(cli.data());
        std::vector<std::string> copy = launch.args;
        for (auto& a : copy) argv.push_back(a.data());
        argv.push_back(nullptr);
        if (launch.unprivileged && geteuid() == 0) {
            if (setgroups(0, nullptr) != 0 || setgid(65534) != 0 || setuid(65534) != 0) _exit(126);
        }
        execv(cli.c_str(), argv.data());
        _exit(127);
    }
    bool signalled = false;
    int status = 0;
    rusage usage{};
    for (;;) {
        const pid_t done = wait4(pid, &status, WNOHANG, &usage);
        if (done == pid) break;
        const auto elapsed = std::chrono::steady_clock::now() - started;
        if (elapsed > std::chrono::milliseconds(launch.timeoutMs)) {
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &usage);
            result.timedOut = true;
            break;
        }
        if (!signalled && launch.signalWhen && launch.signalWhen()) {
            kill(pid, launch.signal);
            signalled = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    result.maxRssKb = usage.ru_maxrss;
    close(errFd);
    result.err = readText(errTemplate);
    unlink(errTemplate);
    return result;
}

/// What must not change: the inode, the type, the size and the modification time.
struct Snapshot {
    bool exists = false;
    ino_t ino = 0;
    mode_t mode = 0;
    off_t size = 0;
    timespec mtime{};
    bool operator==(const Snapshot& o) const {
        return exists == o.exists && ino == o.ino && mode == o.mode && size == o.size &&
               mtime.tv_sec == o.mtime.tv_sec && mtime.tv_nsec == o.mtime.tv_nsec;
    }
};

Snapshot snapshot(const fs::path& path, bool withTimes = true) {
    Snapshot s;
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) return s;
    s.exists = true;
    s.ino = st.st_ino;
    s.mode = st.st_mode;
    s.size = S_ISCHR(st.st_mode) ? 0 : st.st_size;
    if (withTimes && !S_ISCHR(st.st_mode)) s.mtime = st.st_mtim;
    return s;
}

std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

/// A listening Unix socket at `path` (kept open by the returned descriptor).
int makeSocket(const fs::path& path) {
    const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
    if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return -1;
    return fd;
}

struct Fixture {
    QTemporaryDir tmp;
    fs::path dir;
    fs::path keys, classic, blocked, blob;
    Fixture() : dir(tmp.path().toStdString()) {
        keys = dir / "keys.txt";
        std::ofstream(keys) << "alpha\nbeta\ngamma\n";
        classic = dir / "classic.blf";
        blocked = dir / "blocked.blf";
        blob = dir / "blocked.parquet";
        bloomlab::AnyFilter c = bloomlab::AnyFilter::create(
            {.type = bloomlab::FilterType::Classic, .capacity = 100, .fpr = 0.01});
        c.insert("alpha");
        bloomlab::saveFilter(c, classic);
        bloomlab::AnyFilter b = bloomlab::AnyFilter::create(
            {.type = bloomlab::FilterType::Blocked, .capacity = 100, .fpr = 0.01});
        b.insert("alpha");
        bloomlab::saveFilter(b, blocked);
        const auto bytes = bloomlab::exportParquetBloomFilter(*b.as<bloomlab::BlockedBloomFilter>());
        std::ofstream(blob, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
};

/// One writing command with its output replaced by `OUT`.
struct Writer {
    const char* name;
    std::vector<std::string> args; ///< "OUT" is replaced by the target
    std::string extension;         ///< what the target's name must end with
};

std::vector<Writer> writers(const Fixture& f) {
    const std::string k = f.keys.string(), c = f.classic.string(), b = f.blocked.string(),
                      blob = f.blob.string();
    const std::vector<std::string> small = {"-n", "200", "--queries", "2000", "--repeats", "1"};
    auto with = [](std::vector<std::string> a, const std::vector<std::string>& more) {
        a.insert(a.end(), more.begin(), more.end());
        return a;
    };
    return {
        {"build --out", {"build", "--type", "classic", "-n", "100", "-p", "0.01", "--keys", k, "--out", "OUT"}, ".blf"},
        {"export --out", {"export", b, "--format", "parquet", "--out", "OUT"}, ".parquet"},
        {"import --out", {"import", blob, "--format", "parquet", "--out", "OUT"}, ".blf"},
        {"union --out", {"union", c, c, "--out", "OUT"}, ".blf"},
        {"intersect --out", {"intersect", c, c, "--out", "OUT"}, ".blf"},
        {"bench --csv", with({"bench", "--csv", "OUT"}, small), ".csv"},
        {"sweep --csv", with({"sweep", "--ratios", "0.5", "--csv", "OUT"}, small), ".csv"},
        {"sweep --chart", with({"sweep", "--ratios", "0.5", "--chart", "OUT"}, small), ".png"},
        {"perf --csv", {"perf", "--csv", "OUT"}, ".csv"},
        {"perf --chart", {"perf", "--chart", "OUT"}, ".svg"},
        {"perf --markdown", {"perf", "--markdown", "OUT"}, ".md"},
        {"report --out", {"report", "--quick", "--out", "OUT"}, ".md"},
    };
}

/// True when a regular file exists anywhere under `dir` (which the child may be changing).
bool holdsAFile(const fs::path& dir) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec)) return true;
    return false;
}

std::vector<std::string> substitute(std::vector<std::string> args, const std::string& out) {
    for (auto& a : args)
        if (a == "OUT") a = out;
    return args;
}

} // namespace

class TestCliOutputs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { signal(SIGPIPE, SIG_IGN); }

    void nonRegularTargetsAreRefused() {
        Fixture f;
        int checked = 0;
        for (const Writer& w : writers(f)) {
            const fs::path work = f.dir / ("t" + std::to_string(checked));
            fs::create_directory(work);
            const fs::path regular = work / ("real" + w.extension);
            std::ofstream(regular) << "keep me\n";
            struct Target {
                std::string kind;
                fs::path path;
                std::string says;
            };
            std::vector<Target> targets;
            targets.push_back({"character device", "/dev/null", "a character device"});
            const fs::path fifo = work / ("fifo" + w.extension);
            mkfifo(fifo.c_str(), 0644);
            targets.push_back({"FIFO", fifo, "a FIFO"});
            const fs::path directory = work / ("dir" + w.extension);
            fs::create_directory(directory);
            targets.push_back({"directory", directory, "a directory"});
            const fs::path sock = work / ("s" + w.extension);
            const int sockFd = makeSocket(sock);
            if (sockFd >= 0) targets.push_back({"socket", sock, "a socket"});
            const fs::path link = work / ("link" + w.extension);
            fs::create_symlink(regular, link);
            targets.push_back({"symlink", link, "a symbolic link"});
            const fs::path dangling = work / ("dangling" + w.extension);
            fs::create_symlink(work / "nowhere", dangling);
            targets.push_back({"dangling symlink", dangling, "a symbolic link"});
            for (const Target& t : targets) {
                const std::vector<std::string> before = entries(work);
                const Snapshot target = snapshot(t.path), real = snapshot(regular);
                Launch launch;
                launch.args = substitute(w.args, t.path.string());
                launch.timeoutMs = 30000;
                const Child child = runChild(launch);
                const QByteArray what = QByteArray(w.name) + " -> " + t.kind.c_str() + ": " +
                                        child.err.c_str();
                QVERIFY2(!child.timedOut, what.constData());
                QVERIFY2(child.exitCode != 0 && child.exitCode != -1, what.constData());
                QVERIFY2(child.err.find("cannot write '" + t.path.string() + "'") != std::string::npos,
                         what.constData());
                QVERIFY2(child.err.find(t.says) != std::string::npos, what.constData());
                QVERIFY2(snapshot(t.path) == target, what.constData());
                QVERIFY2(snapshot(regular) == real, what.constData());
                QVERIFY2(entries(work) == before, (what + " left: " + joined(entries(work)).c_str()).constData());
                ++checked;
            }
            if (sockFd >= 0) close(sockFd);
            QCOMPARE(readText(regular), std::string("keep me\n"));
        }
        qInfo("non-regular targets: %d command x target cases refused, nothing changed", checked);
        QVERIFY(checked >= 12 * 5);
    }

    /// Every writing command, before any work: an output whose directory is missing, is a
    /// regular file, or cannot be written is refused, naming the path and why; nothing is
    /// measured (stdout stays empty) and nothing is created. The directory check uses the
    /// effective user's rights (faccessat, AT_EACCESS): root may write in a mode 0555 directory,
    /// so as root that directory is accepted (and written), and the refusal is checked by a child
    /// running as nobody.
    void outputDirectoryMustExistAndBeWritable() {
        Fixture f;
        // Readable by nobody: the inputs, so that only the output can be what is refused.
        fs::permissions(f.dir, fs::perms::owner_all | fs::perms::group_read |
                                   fs::perms::group_exec | fs::perms::others_read |
                                   fs::perms::others_exec);
        for (const fs::path& input : {f.keys, f.classic, f.blocked, f.blob})
            fs::permissions(input, fs::perms::owner_read | fs::perms::owner_write |
                                       fs::perms::group_read | fs::perms::others_read);
        std::vector<Writer> all = writers(f);
        const std::vector<std::string> small = {"-n", "200", "--queries", "2000", "--repeats", "1"};
        std::vector<std::string> sqlite = {"bench", "--backend", "sqlite", "--sqlite-path", "OUT"};
        sqlite.insert(sqlite.end(), small.begin(), small.end());
        all.push_back({"bench --sqlite-path", sqlite, ".db"});
        all.push_back({"copy", {"copy", f.classic.string(), "OUT"}, ".blf"});

        const fs::path notADir = f.dir / "plain.txt";
        std::ofstream(notADir) << "a file, not a directory\n";
        const fs::path readOnly = f.dir / "read-only";
        fs::create_directory(readOnly);
        fs::permissions(readOnly, fs::perms::owner_read | fs::perms::owner_exec |
                                      fs::perms::group_read | fs::perms::group_exec |
                                      fs::perms::others_read | fs::perms::others_exec);
        const fs::path out = f.dir / "stdout.txt";
        // The unprivileged child runs a copy of the CLI in the test's directory (world-readable
        // above), whatever the permissions of the build tree's parents.
        const fs::path cliCopy = f.dir / "bin" / "bloomlab-cli";
        fs::create_directory(cliCopy.parent_path());
        fs::copy_file(BLOOMLAB_CLI_PATH, cliCopy);
        fs::permissions(cliCopy.parent_path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                                   fs::perms::others_read | fs::perms::others_exec);
        fs::permissions(cliCopy, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                     fs::perms::others_read | fs::perms::others_exec);
        int checked = 0;
        for (const Writer& w : all) {
            struct Case {
                const char* kind;
                fs::path target;
                std::string says;
                bool unprivileged;
            };
            const std::string name = "x" + w.extension;
            const std::vector<Case> cases = {
                {"missing directory", f.dir / "missing" / "deeper" / name,
                 "the directory '" + (f.dir / "missing" / "deeper").string() + "' does not exist",
                 false},
                {"file as directory", notADir / name,
                 "'" + notADir.string() + "' is a regular file, not a directory", false},
                {"read-only directory", readOnly / name,
                 "the directory '" + readOnly.string() + "' is not writable", true},
                // Root passes the permission bits of /proc; the file system itself refuses.
                {"pseudo file system", fs::path("/proc") / name,
                 geteuid() == 0 ? "no file can be created in the directory '/proc'"
                                : "the directory '/proc' is not writable",
                 false},
            };
            for (const Case& c : cases) {
                std::ofstream(out, std::ios::trunc).flush();
                const std::vector<std::string> before = entries(f.dir), inside = entries(readOnly);
                Launch launch;
                launch.args = substitute(w.args, c.target.string());
                launch.stdoutPath = out.string();
                launch.unprivileged = c.unprivileged;
                if (c.unprivileged) launch.executable = cliCopy.string();
                launch.timeoutMs = 60000;
                const Child child = runChild(launch);
                const QByteArray what = QByteArray(w.name) + " -> " + c.kind + ": exit " +
                                        QByteArray::number(child.exitCode) + ", " +
                                        child.err.c_str();
                QVERIFY2(child.exitCode == 1, what.constData());
                QVERIFY2(child.err.find("cannot write '" + c.target.string() + "'") !=
                             std::string::npos,
                         what.constData());
                QVERIFY2(child.err.find(c.says) != std::string::npos, what.constData());
                QVERIFY2(readText(out).empty(),
                         (what + " measured first: " + readText(out).c_str()).constData());
                QVERIFY2(entries(f.dir) == before,
                         (what + " left: " + joined(entries(f.dir)).c_str()).constData());
                QVERIFY2(entries(readOnly) == inside, what.constData());
                ++checked;
            }
        }
        qInfo("output directories: %d command x case refusals checked", checked);
        QCOMPARE(checked, int(all.size()) * 4);

        // Root's rights: the permission bits do not refuse root, so neither does the check, and
        // the write succeeds (a refusal here would refuse what root can do).
        if (geteuid() == 0) {
            Launch launch;
            launch.args = {"build",
                           "--type",
                           "classic",
                           "-n",
                           "100",
                           "-p",
                           "0.01",
                           "--keys",
                           f.keys.string(),
                           "--out",
                           (readOnly / "root.blf").string()};
            const Child child = runChild(launch);
            QVERIFY2(child.exitCode == 0, child.err.c_str());
            QVERIFY(fs::is_regular_file(readOnly / "root.blf"));
        }
    }

    void outputEqualToAnInputIsRefused() {
        Fixture f;
        fs::create_directory(f.dir / "sub");
        const fs::path hardKeys = f.dir / "keys-hard.txt", hardClassic = f.dir / "classic-hard.blf",
                       hardBlocked = f.dir / "blocked-hard.blf", hardBlob = f.dir / "blob-hard";
        fs::create_hard_link(f.keys, hardKeys);
        fs::create_hard_link(f.classic, hardClassic);
        fs::create_hard_link(f.blocked, hardBlocked);
        fs::create_hard_link(f.blob, hardBlob);
        const std::string k = f.keys.string(), c = f.classic.string(), b = f.blocked.string();
        auto dotted = [&](const fs::path& p) { return (f.dir / "sub" / ".." / "." / p.filename()).string(); };
        struct Case {
            std::string name;
            std::vector<std::string> args;
            fs::path input;
            std::string stdinPath = "/dev/null";
        };
        std::vector<Case> cases;
        const std::vector<std::string> build = {"build", "--type", "blocked", "-n", "100", "-p", "0.01"};
        auto buildWith = [&](const std::string& keys, const std::string& out) {
            auto a = build;
            a.insert(a.end(), {"--keys", keys, "--out", out});
            return a;
        };
        for (const auto& [label, out] : std::vector<std::pair<std::string, std::string>>{
                 {"same name", k}, {"hard link", hardKeys.string()}, {"./ path", dotted(f.keys)}})
            cases.push_back({"build --out = --keys (" + label + ")", buildWith(k, out), f.keys});
        cases.push_back({"build --keys - from the output file", buildWith("-", c), f.classic, c});
        for (const auto& [label, out] : std::vector<std::pair<std::string, std::string>>{
                 {"same name", b}, {"hard link", hardBlocked.string()}, {"./ path", dotted(f.blocked)}})
            cases.push_back({"export --out = FILTER (" + label + ")",
                             {"export", b, "--format", "parquet", "--out", out}, f.blocked});
        cases.push_back({"import --out = BLOB (hard link)",
                         {"import", f.blob.string(), "--format", "parquet", "--out", hardBlob.string()}, f.blob});
        for (const char* op : {"union", "intersect"}) {
            cases.push_back({std::string(op) + " --out = A", {op, c, b, "--out", c}, f.classic});
            cases.push_back({std::string(op) + " --out = B (hard link)", {op, b, c, "--out", hardClassic.string()},
                             f.classic});
            cases.push_back({std::string(op) + " --out = A (./ path)", {op, c, c, "--out", dotted(f.classic)},
                             f.classic});
        }
        for (const Case& cs : cases) {
            const std::string bytes = readText(cs.input);
            const Snapshot before = snapshot(cs.input);
            Launch launch;
            launch.args = cs.args;
            launch.stdinPath = cs.stdinPath;
            const Child child = runChild(launch);
            const QByteArray what = QByteArray::fromStdString(cs.name + ": " + child.err);
            QVERIFY2(child.exitCode == 1, what.constData());
            QVERIFY2(child.err.find("same file as the input") != std::string::npos, what.constData());
            QVERIFY2(snapshot(cs.input) == before, what.constData());
            QVERIFY2(readText(cs.input) == bytes, what.constData());
        }
        qInfo("same-file outputs: %zu cases refused, inputs unchanged", cases.size());
    }

    // Two outputs of one command that are one file (spelled alike or not, or a hard link): the
    // second would overwrite the first. Refused before any work, nothing written.
    void twoOutputsOfOneCommandMustDiffer() {
        Fixture f;
        fs::create_directory(f.dir / "sub");
        const fs::path existing = f.dir / "existing.out", hard = f.dir / "existing-hard.out";
        std::ofstream(existing) << "the user's file\n";
        fs::create_hard_link(existing, hard);
        const std::string fresh = (f.dir / "fresh.out").string();
        const std::string dotted = (f.dir / "sub" / ".." / "." / "fresh.out").string();
        const std::vector<std::string> perf = {"perf", "-n", "1000", "--structures", "classic", "--repeats", "1",
                                               "--queries", "1000"};
        const std::vector<std::string> sweep = {"sweep", "--backend", "sqlite", "-n", "200", "--queries", "200",
                                                "--repeats", "1"};
        const std::vector<std::string> bench = {"bench", "--backend", "sqlite", "-n", "200", "--queries", "200",
                                                "--repeats", "1"};
        const auto with = [](std::vector<std::string> args, std::initializer_list<std::string> more) {
            args.insert(args.end(), more);
            return args;
        };
        const struct {
            std::vector<std::string> args;
            std::string says;
        } cases[] = {
            {with(perf, {"--csv", fresh, "--markdown", fresh}), "--csv and --markdown name the same file"},
            {with(perf, {"--csv", fresh, "--markdown", dotted}), "--csv and --markdown name the same file"},
            {with(perf, {"--markdown", existing.string(), "--csv", hard.string()}), "--csv and --markdown name the same file"},
            {with(perf, {"--chart", fresh + ".svg", "--markdown", dotted + ".svg"}), "--chart and --markdown name the same file"},
            {with(sweep, {"--csv", fresh + ".png", "--chart", dotted + ".png"}), "--csv and --chart name the same file"},
            {with(sweep, {"--sqlite-path", fresh + ".svg", "--chart", fresh + ".svg"}), "--sqlite-path and --chart name the same file"},
            {with(bench, {"--sqlite-path", fresh, "--csv", dotted}), "--sqlite-path and --csv name the same file"},
        };
        for (const auto& c : cases) {
            Launch launch;
            launch.args = c.args;
            const Child child = runChild(launch);
            std::string line;
            for (const std::string& arg : c.args) line += arg + " ";
            const QByteArray what = QByteArray::fromStdString(line + "-> " + child.err);
            QVERIFY2(child.exitCode == 2, what.constData());
            QVERIFY2(child.err.find(c.says) != std::string::npos, what.constData());
            QVERIFY2(child.seconds < 10, what.constData());
            QVERIFY2(!fs::exists(fresh) && !fs::exists(fresh + ".svg") && !fs::exists(fresh + ".png"), what.constData());
            QCOMPARE(readText(existing), std::string("the user's file\n"));
        }
    }

    void fifoFilterReturnsPromptly() {
        Fixture f;
        const fs::path fifo = f.dir / "filter.fifo";
        QCOMPARE(mkfifo(fifo.c_str(), 0644), 0);
        const std::string p = fifo.string();
        const std::vector<std::vector<std::string>> commands = {
            {"info", p},
            {"query", p, "--keys", f.keys.string()},
            {"export", p, "--format", "parquet", "--out", (f.dir / "x.parquet").string()},
            {"union", p, f.classic.string(), "--out", (f.dir / "u.blf").string()},
            {"import", p, "--format", "parquet", "--out", (f.dir / "i.blf").string()},
        };
        double slowest = 0;
        for (const auto& args : commands) {
            Launch launch;
            launch.args = args;
            launch.timeoutMs = 10000;
            const Child child = runChild(launch);
            const QByteArray what = QByteArray::fromStdString(args[0] + ": " + child.err);
            QVERIFY2(!child.timedOut, what.constData());
            QCOMPARE(child.exitCode, 1);
            QVERIFY2(child.err.find("is a FIFO (named pipe), not a regular file") != std::string::npos,
                     what.constData());
            slowest = std::max(slowest, child.seconds);
        }
        qInfo("FIFO as FILTER: %zu commands refused, slowest %.2f s (timeout 10 s)", commands.size(), slowest);
    }

    void sparseZeroFileRefusedAfterItsHeader() {
        Fixture f;
        const fs::path zeros = f.dir / "zeros.blf";
        { std::ofstream touch(zeros); }
        fs::resize_file(zeros, std::uintmax_t{2} << 30);  // sparse: 2 GiB of zeros, no disk used
        Launch launch;
        launch.args = {"info", zeros.string()};
        const Child child = runChild(launch);
        qInfo("2 GiB sparse zero file: exit %d in %.2f s, peak RSS %ld KiB: %s", child.exitCode,
              child.seconds, child.maxRssKb, child.err.c_str());
        QCOMPARE(child.exitCode, 1);
        QVERIFY(child.err.find("bad magic") != std::string::npos);
        QVERIFY2(child.maxRssKb < kSmallRssKb, "the file was read beyond its header");
    }

    void buildRefusesWhatLoadRefuses() {
        Fixture f;
        for (const char* type : {"classic", "blocked", "counting", "cuckoo"}) {
            Launch launch;
            const fs::path out = f.dir / "big.blf";
            launch.args = {"build", "--type", type, "-n", "2e10", "-p", "0.01", "--keys",
                           f.keys.string(), "--out", out.string()};
            const Child child = runChild(launch);
            QVERIFY2(child.exitCode == 1 || child.exitCode == 2, child.err.c_str());
            QVERIFY2(child.err.find("16 GiB") != std::string::npos ||
                         child.err.find("2^40") != std::string::npos,
                     child.err.c_str());
            QVERIFY2(child.maxRssKb < 4 * kSmallRssKb, "the filter was allocated before the refusal");
            QVERIFY(!fs::exists(out));
        }
    }

    void fullStdoutIsAnError() {
        Fixture f;
        const std::vector<std::vector<std::string>> commands = {
            {"--help"},
            {"--version"},
            {"size", "-n", "1000", "-p", "0.01"},
            {"size", "--help"},
            {"info", f.classic.string()},
            {"query", f.classic.string(), "--keys", f.keys.string()},
            {"build", "--type", "classic", "-n", "100", "-p", "0.01", "--keys", f.keys.string(), "--out",
             (f.dir / "built.blf").string()},
            {"export", f.blocked.string(), "--format", "parquet", "--out", (f.dir / "e.parquet").string()},
            {"union", f.classic.string(), f.classic.string(), "--out", (f.dir / "u.blf").string()},
            {"build", "--help"},
            {"bench", "--help"},
            {"perf", "--help"},
        };
        for (const auto& args : commands) {
            Launch launch;
            launch.args = args;
            launch.stdoutPath = "/dev/full";
            const Child child = runChild(launch);
            const QByteArray what = QByteArray::fromStdString(args[0] + " > /dev/full: " + child.err);
            QVERIFY2(child.exitCode != 0 && child.exitCode != -1, what.constData());
            QVERIFY2(child.err.find("cannot write to standard output") != std::string::npos, what.constData());
        }
        qInfo("stdout on /dev/full: %zu commands exit non-zero", commands.size());
    }

    // Past the process's file-size limit a write fails with EFBIG, as on a full disk: every kind
    // of output (a filter, a chart drawn in memory) says so, naming the file the user asked
    // for, and leaves nothing behind.
    void fileSizeLimitLeavesNoTempFile_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("names");
        QTest::newRow("build") << QStringList{"build", "--type", "classic", "-n", "100000", "-p", "0.01", "--keys",
                                              "KEYS", "--out", "WORK/target.blf"}  // ~120 KB
                               << "WORK/target.blf";
        QTest::newRow("sweep png chart")
            << QStringList{"sweep", "--backend", "hash", "-n", "2000", "--queries", "2000", "--repeats", "1",
                           "--chart", "WORK/chart.png"}
            << "WORK/chart.png";
        QTest::newRow("sweep svg chart")
            << QStringList{"sweep", "--backend", "hash", "-n", "2000", "--queries", "2000", "--repeats", "1",
                           "--chart", "WORK/chart.svg"}
            << "WORK/chart.svg";
    }

    void fileSizeLimitLeavesNoTempFile() {
        QFETCH(QStringList, args);
        QFETCH(QString, names);
        Fixture f;
        const fs::path work = f.dir / "fsize";
        fs::create_directory(work);
        const auto expand = [&](QString text) {
            return text.replace("WORK", QString::fromStdString(work.string()))
                .replace("KEYS", QString::fromStdString(f.keys.string()))
                .toStdString();
        };
        Launch launch;
        for (const QString& arg : args) launch.args.push_back(expand(arg));
        launch.fileSizeLimit = 4096;
        launch.timeoutMs = 120000;
        const Child child = runChild(launch);
        qInfo("RLIMIT_FSIZE 4096: exit %d, signal %d: %s", child.exitCode, child.signal, child.err.c_str());
        QCOMPARE(child.signal, 0);  // not killed by SIGXFSZ
        QCOMPARE(child.exitCode, 1);
        QVERIFY2(child.err.find("cannot save '" + expand(names) + "': write failed: File too large") !=
                     std::string::npos,
                 child.err.c_str());
        QVERIFY2(entries(work).empty(), joined(entries(work)).c_str());
    }

    void interruptedSqliteRunsLeaveNothing_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("signal");
        QTest::newRow("bench SIGINT") << "bench" << SIGINT;
        QTest::newRow("bench SIGTERM") << "bench" << SIGTERM;
        QTest::newRow("sweep SIGINT") << "sweep" << SIGINT;
        QTest::newRow("sweep SIGHUP") << "sweep" << SIGHUP;
    }

    void interruptedSqliteRunsLeaveNothing() {
        QFETCH(QString, command);
        QFETCH(int, signal);
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        Launch launch;
        launch.args = {command.toStdString(), "--backend", "sqlite", "-n", "20000", "--queries",
                       "50000000", "--repeats", "5"};
        launch.env = {{"TMPDIR", dir.string()}};
        bool sawDatabase = false;
        launch.signalWhen = [&] {
            // Interrupt once the store exists (its private directory holds a file).
            sawDatabase = sawDatabase || holdsAFile(dir);
            return sawDatabase;
        };
        launch.signal = signal;
        launch.timeoutMs = 120000;
        const Child child = runChild(launch);
        qInfo("%s: ended by signal %d after %.1f s; TMPDIR afterwards: [%s]", qPrintable(command),
              child.signal, child.seconds, joined(entries(dir)).c_str());
        QVERIFY(sawDatabase);
        QVERIFY(!child.timedOut);
        QCOMPARE(child.signal, signal);
        QVERIFY2(entries(dir).empty(), joined(entries(dir)).c_str());
    }

    // Keys typed at a terminal ('--keys -' with a terminal on standard input): a note says how
    // to end them, since the command otherwise just waits; from a pipe or a file, no note.
    void keysFromATerminalSayHowToEnd() {
        Fixture f;
        const std::string note = "reading keys from the terminal: one per line, Ctrl-D on a line of its own to end";
        const auto runOnTerminal = [&](const std::vector<std::string>& args) {
            int master = -1;
            const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
            if (pid == 0) {
                std::vector<char*> argv{const_cast<char*>(BLOOMLAB_CLI_PATH)};
                for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
                argv.push_back(nullptr);
                ::execv(BLOOMLAB_CLI_PATH, argv.data());
                ::_exit(127);
            }
            // The terminal echoes what is typed; Ctrl-D (VEOF) at the start of a line ends the input.
            const std::string typed = "alpha\nnever-inserted\n\x04";
            (void)!::write(master, typed.data(), typed.size());
            std::string seen;
            char buffer[4096];
            for (;;) {
                const ssize_t got = ::read(master, buffer, sizeof buffer);
                if (got <= 0) break;  // EIO once the child has exited and closed the terminal
                seen.append(buffer, static_cast<std::size_t>(got));
            }
            int status = 0;
            ::waitpid(pid, &status, 0);
            ::close(master);
            return std::pair{WIFEXITED(status) ? WEXITSTATUS(status) : -1, seen};
        };
        const auto [exitCode, seen] = runOnTerminal({"query", f.classic.string(), "--keys", "-"});
        QVERIFY2(exitCode == 0, seen.c_str());
        QVERIFY2(seen.find(note) != std::string::npos, seen.c_str());
        // The answers after the typed keys (the terminal turns each '\n' into "\r\n").
        QVERIFY2(seen.find("maybe\r\nno\r\n") != std::string::npos, seen.c_str());
        const auto [quietCode, quiet] = runOnTerminal({"query", f.classic.string(), "--keys", "-", "-q"});
        QCOMPARE(quietCode, 0);
        QVERIFY2(quiet.find(note) == std::string::npos, quiet.c_str());
        // From a file: no note.
        Launch fromFile;
        fromFile.args = {"query", f.classic.string(), "--keys", f.keys.string()};
        const Child child = runChild(fromFile);
        QCOMPARE(child.exitCode, 0);
        QVERIFY2(child.err.find(note) == std::string::npos, child.err.c_str());
    }

    void interruptedOrFailedReportLeavesNothing() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        // Interrupted: SIGINT once the run has started (its staging directory exists).
        Launch launch;
        launch.args = {"report", "--quick", "--out", (dir / "report.md").string()};
        // Qt (the charts) makes its runtime directory under TMPDIR when XDG_RUNTIME_DIR is unset;
        // that is Qt's, not a leftover of the report, so it gets a directory of its own.
        QTemporaryDir runtime;
        launch.env = {{"TMPDIR", dir.string()}, {"XDG_RUNTIME_DIR", runtime.path().toStdString()}};
        const auto started = std::chrono::steady_clock::now();
        bool sawFile = false;
        launch.signalWhen = [&] {
            // Mid-run: once a staged or temporary file exists (or after 3 s at the latest).
            sawFile = sawFile || holdsAFile(dir);
            return sawFile || std::chrono::steady_clock::now() - started > std::chrono::seconds(3);
        };
        launch.timeoutMs = 300000;
        const Child child = runChild(launch);
        qInfo("report interrupted after %.1f s (signal %d, a temp file existed: %d); left: [%s]",
              child.seconds, child.signal, int(sawFile), joined(entries(dir)).c_str());
        QCOMPARE(child.signal, SIGINT);
        QVERIFY2(entries(dir).empty(), joined(entries(dir)).c_str());

        // Refused before it starts, quickly, creating nothing next to the report.
        const auto refusedBeforeTheRun = [&](const fs::path& where, const std::string& says) {
            Launch failing;
            failing.args = {"report", "--quick", "--out", (where / "report.md").string()};
            const Child failed = runChild(failing);
            QCOMPARE(failed.exitCode, 1);
            QVERIFY2(failed.err.find(says) != std::string::npos, failed.err.c_str());
            QVERIFY(failed.seconds < 10);
            QCOMPARE(joined(entries(where)), std::string("report-assets"));
        };
        // report-assets is a file.
        const fs::path other = dir / "other";
        fs::create_directory(other);
        std::ofstream(other / "report-assets") << "not a directory\n";
        refusedBeforeTheRun(other, "not a directory");
        // A FIFO where the report's CSV goes: refused before the run, not after it.
        const fs::path third = dir / "third";
        fs::create_directories(third / "report-assets");
        QCOMPARE(mkfifo((third / "report-assets" / "report.csv").c_str(), 0644), 0);
        refusedBeforeTheRun(third, "report.csv': it is a FIFO");
        QCOMPARE(joined(entries(third / "report-assets")), std::string("report.csv"));
    }
};

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "tst_cli_outputs.moc"
