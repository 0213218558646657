// bloomlab-cli: dispatches to the commands registered by the cli_*.cpp files.
#include "cli_common.h"

#include "bloomlab_git_revision.h"

#include <cstdio>
#include <exception>
#include <iostream>
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
    out << "\nOptions: --help, --version\n";
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
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
                std::cout << command.usage;
                return 0;
            }
            if (arg == "--version") {
                std::cout << kVersionLine;
                return 0;
            }
        }
        try {
            return command.run(std::move(args));
        } catch (const bloomlab::cli::UsageError& e) {
            std::cerr << "bloomlab-cli " << first << ": " << e.what() << "\n";
            return 2;
        } catch (const std::exception& e) {
            std::cerr << "bloomlab-cli " << first << ": error: " << e.what() << "\n";
            return 1;
        }
    }
    std::cerr << "bloomlab-cli: unknown command '" << first << "' (see bloomlab-cli --help)\n";
    return 2;
}
