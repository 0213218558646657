// bloomlab-cli: dispatches to the commands registered by the cli_*.cpp files.
#include "cli_common.h"
#include "cli_json.h"
#include "cli_redis.h"

#include "bloomlab_git_revision.h"
#include "core/prefetch_distance.h"
#include "core/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

#ifndef BLOOMLAB_VERSION
#define BLOOMLAB_VERSION "0.0.0"
#endif

namespace {

/// `--version`: the release and the git revision the build was made from.
constexpr const char* kVersionLine = "bloomlab-cli " BLOOMLAB_VERSION " (git " BLOOMLAB_GIT_REVISION ")\n";

void printUsage(std::ostream& out) {
    out << "bloomlab-cli " BLOOMLAB_VERSION " — size, build, query, benchmark and inspect "
           "approximate-membership filters\n\n"
           "Usage: bloomlab-cli COMMAND [OPTIONS]\n"
           "       bloomlab-cli COMMAND --help\n\nCommands:\n";
    for (const auto& command : bloomlab::cli::commands()) {
        std::string name(command.name);
        name.resize(10, ' ');
        out << "  " << name << command.summary << "\n";
    }
    out << "\nOptions: --help, --version\n"
           "Every command also takes --json (its result as one JSON document) and -q/--quiet (no\n"
           "progress, no notes); exit status 0 success, 1 error, 2 usage error, 3 failed inserts.\n"
           "\nOutputs (--out, --csv, --chart, --markdown): a regular file, replaced atomically, or a\n"
           "new path, in an existing directory the user can write (checked before any work). A\n"
           "device, FIFO, socket, directory or symbolic link is refused (links are not followed:\n"
           "give the real path), and so is an output that is the same file as one of the\n"
           "command's inputs or as another of its outputs. Inputs given as FILTER must be\n"
           "regular files; key files may be pipes ('-' is standard input: at a terminal, end\n"
           "the keys with Ctrl-D).\n"
           "A full standard output is an error (exit 1).\n";
}

int dispatch(std::vector<std::string> args);

/// A stream buffer that drops what is written: with --json the text report goes there, and the
/// JSON document is the only thing on stdout.
class DiscardBuffer : public std::streambuf {
protected:
    int overflow(int c) override { return traits_type::not_eof(c); }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

/// With --json: the document is written (an error document when the command failed) and
/// flushed; a write that fails makes the run fail.
int finishJson(const std::string& command, int status, const std::string& error) {
    if (!bloomlab::cli::outputOptions().json) return status;
    auto& document = bloomlab::cli::jsonDocument();
    if (document.writeFailed()) {
        // Stdout failed part way (the error said so once): nothing more can be written there.
        std::clearerr(stdout);
        return status == 0 ? 1 : status;
    }
    try {
        if (!error.empty()) {
            document.endWithError(command, error, status);
        } else if (!document.complete()) {
            status = status == 0 ? 1 : status;
            std::cerr << "bloomlab-cli " << command << ": error: the command ended without its JSON result\n";
            document.endWithError(command, "the command ended without its JSON result", status);
        }
        document.flush(stdout);
    } catch (const std::exception& e) {
        std::cerr << "bloomlab-cli " << command << ": error: " << e.what() << "\n";
        std::clearerr(stdout);  // said once, here; finishStdout need not say it again
        return status == 0 ? 1 : status;
    }
    return status;
}

/// Every command's output is checked at exit: a full disk or a closed pipe on stdout is an
/// error (exit 1 with a message on stderr), not a silent success.
int finishStdout(int status) {
    errno = 0;
    std::cout.flush();
    const bool failed = !std::cout.good() | (std::fflush(stdout) != 0) | (std::ferror(stdout) != 0);
    if (failed) {
        const int error = errno;
        std::fprintf(stderr, "bloomlab-cli: cannot write to standard output%s%s\n",
                     error != 0 ? ": " : "", error != 0 ? std::strerror(error) : "");
        return status == 0 ? 1 : status;
    }
    return status;
}

} // namespace

int main(int argc, char** argv) {
    // Temp files never outlive the process: SIGINT/SIGTERM/SIGHUP remove them, SIGXFSZ makes
    // the write fail (EFBIG) so the normal cleanup runs.
    bloomlab::installCleanupHandlers();
    // A wrong BLOOMLAB_PREFETCH_DISTANCE or BLOOMLAB_PREFETCH_LEVEL is ignored by the batched calls; say so before anything runs.
    if (const std::string problem = bloomlab::prefetchEnvironmentProblem(); !problem.empty()) {
        std::fprintf(stderr, "bloomlab-cli: warning: %s\n", problem.c_str());
    }
    return finishStdout(dispatch(std::vector<std::string>(argv + 1, argv + argc)));
}

namespace {

int dispatch(std::vector<std::string> args) {
    if (args.empty()) {
        printUsage(std::cerr);
        return 2;
    }
    const std::string first = args.front();
    if (first == "--help" || first == "-h" || first == "help") {
        printUsage(std::cout);
        return 0;
    }
    if (first == "--version" || first == "-V") {
        std::cout << kVersionLine;
        return 0;
    }
    for (const auto& command : bloomlab::cli::commands()) {
        if (command.name != first) continue;
        args.erase(args.begin());
        for (const auto& arg : args) {
            if (arg == "--help" || arg == "-h") {
                std::cout << command.usage << bloomlab::cli::outputOptionsHelp()
                          << bloomlab::cli::redisOptionsHelp(command.name);
                return 0;
            }
            if (arg == "--version") {
                std::cout << kVersionLine;
                return 0;
            }
        }
        // The report in text goes to stdout unless --json asked for the document instead.
        DiscardBuffer discard;
        std::streambuf* const text = std::cout.rdbuf();
        int status = 0;
        std::string error;
        try {
            bloomlab::cli::takeOutputOptions(args);
            if (bloomlab::cli::outputOptions().json) std::cout.rdbuf(&discard);
            status = command.run(bloomlab::cli::takeRedisOptions(command.name, std::move(args)));
        } catch (const bloomlab::cli::UsageError& e) {
            std::cerr << "bloomlab-cli " << first << ": " << e.what() << "\n";
            status = 2;
            error = e.what();
        } catch (const std::bad_alloc&) {
            error = "out of memory (the filter or the input needs more memory than this machine can give; use a "
                    "smaller -n, a larger -p or a smaller -m)";
            std::cerr << "bloomlab-cli " << first << ": error: " << error << "\n";
            status = 1;
        } catch (const std::exception& e) {
            std::cerr << "bloomlab-cli " << first << ": error: " << e.what() << "\n";
            status = 1;
            error = e.what();
        }
        std::cout.rdbuf(text);
        return finishJson(first, status, error);
    }
    const std::string message = "unknown command '" + first + "' (see bloomlab-cli --help)";
    std::cerr << "bloomlab-cli: " << message << "\n";
    // With --json (options are read as for a command), the refusal is a document as well.
    try {
        bloomlab::cli::takeOutputOptions(args);
    } catch (const bloomlab::cli::UsageError&) {
        // a repeated option: still the unknown command's refusal
    }
    return finishJson(first, 2, message);
}

} // namespace
