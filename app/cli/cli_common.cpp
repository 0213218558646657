#include "cli_common.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <unistd.h>

namespace bloomlab::cli {

namespace {
std::vector<Command>& registry() {
    static std::vector<Command> commands;
    return commands;
}
} // namespace

bool registerCommand(const Command& command) {
    auto& all = registry();
    all.push_back(command);
    std::sort(all.begin(), all.end(),
              [](const Command& a, const Command& b) { return a.name < b.name; });
    return true;
}

const std::vector<Command>& commands() { return registry(); }

ArgParser::ArgParser(std::vector<std::string> args)
    : m_args(std::move(args)), m_used(m_args.size(), false) {}

std::optional<std::string> ArgParser::value(std::initializer_list<std::string_view> names) {
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (m_used[i]) continue;
        const std::string& arg = m_args[i];
        if (arg == "--") break;
        for (std::string_view name : names) {
            if (arg == name) {
                if (i + 1 >= m_args.size())
                    throw UsageError("option '" + arg + "' needs a value");
                m_used[i] = m_used[i + 1] = true;
                return m_args[i + 1];
            }
            if (name.starts_with("--") && arg.size() > name.size() && arg.starts_with(name) &&
                arg[name.size()] == '=') {
                m_used[i] = true;
                return arg.substr(name.size() + 1);
            }
        }
    }
    return std::nullopt;
}

bool ArgParser::flag(std::initializer_list<std::string_view> names) {
    bool found = false;
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (m_used[i]) continue;
        if (m_args[i] == "--") break;
        for (std::string_view name : names) {
            if (m_args[i] == name) {
                m_used[i] = true;
                found = true;
            }
        }
    }
    return found;
}

std::vector<std::string> ArgParser::positionals() {
    std::vector<std::string> out;
    bool afterDashes = false;
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (m_used[i]) continue;
        const std::string& arg = m_args[i];
        if (!afterDashes && arg == "--") {
            afterDashes = true;
            m_used[i] = true;
            continue;
        }
        // "-" alone (stdin) and negative numbers are positionals; "-x"/"--x" are options.
        const bool optionLike = !afterDashes && arg.size() > 1 && arg[0] == '-' &&
                                !(arg[1] >= '0' && arg[1] <= '9') && arg[1] != '.';
        if (optionLike) continue;
        m_used[i] = true;
        out.push_back(arg);
    }
    return out;
}

void ArgParser::finish() {
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (!m_used[i]) {
            if (m_args[i] == "--") continue;
            throw UsageError("unexpected argument '" + m_args[i] + "' (see --help)");
        }
    }
}

bool stderrIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

std::uint64_t parseSeed(std::string_view text) {
    std::uint64_t value = 0;
    const char* begin = text.data();
    const char* end = begin + text.size();
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        begin += 2;
        base = 16;
    }
    const auto [ptr, ec] = std::from_chars(begin, end, value, base);
    if (begin == end || ec != std::errc() || ptr != end)
        throw std::invalid_argument("invalid seed '" + std::string(text) +
                                    "' (a 64-bit unsigned number, decimal or 0x hex)");
    return value;
}

std::string fmt(const char* format, double value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, value);
    return buf;
}

} // namespace bloomlab::cli
