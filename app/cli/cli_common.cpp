#include "cli_common.h"

#include "core/key_reader.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
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

namespace {
/// The options of every command, read by takeOutputOptions.
bool isOutputOption(std::string_view arg) { return arg == "--json" || arg == "-q" || arg == "--quiet"; }
} // namespace

ArgParser::ArgParser(std::vector<std::string> args)
    : m_args(std::move(args)), m_used(m_args.size(), false) {
    // --json and -q/--quiet belong to every command (takeOutputOptions): taken already, so a
    // command's parser neither reports them unknown nor takes them for a value ("--keys -q").
    for (std::size_t i = 0; i < m_args.size() && m_args[i] != "--"; ++i)
        if (isOutputOption(m_args[i])) m_used[i] = true;
}

bool ArgParser::looksLikeOption(std::string_view arg) {
    return arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9') && arg[1] != '.';
}

namespace {

/// Where `arg` names one of `names`: 1 = "--opt" (value follows), 2 = "--opt=value", 0 = no.
int matches(const std::string& arg, std::initializer_list<std::string_view> names) {
    for (std::string_view name : names) {
        if (arg == name) return 1;
        if (name.starts_with("--") && arg.size() > name.size() && arg.starts_with(name) &&
            arg[name.size()] == '=')
            return 2;
    }
    return 0;
}

std::string optionName(const std::string& arg) {
    const auto eq = arg.find('=');
    return arg.starts_with("--") && eq != std::string::npos ? arg.substr(0, eq) : arg;
}

} // namespace

std::optional<std::string> ArgParser::value(std::initializer_list<std::string_view> names,
                                            std::string_view what) {
    std::optional<std::string> found;
    std::string firstText;  // how the first occurrence was written ("-p 0.1", "--fpr=0.1")
    std::string firstName;  // its option name ("-p", "--fpr")
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        const std::string& arg = m_args[i];
        if (arg == "--" && !m_used[i]) break;
        if (m_used[i]) continue;
        const int form = matches(arg, names);
        if (form == 0) continue;
        std::string value;
        std::string text;
        if (form == 2) {
            value = arg.substr(arg.find('=') + 1);
            text = arg;
            m_used[i] = true;
        } else {
            const std::string hint = what.empty() ? "" : " (" + std::string(what) + ")";
            if (i + 1 >= m_args.size())
                throw UsageError(arg + " needs a value" + hint + "; it is the last argument");
            const std::string& next = m_args[i + 1];
            if (m_used[i + 1] || looksLikeOption(next) || next == "--")
                throw UsageError(arg + " needs a value" + hint + "; got the option " +
                                 optionName(next) + " (write " + arg + "=VALUE for a value that starts with '-')");
            value = next;
            text = arg + " " + next;
            m_used[i] = m_used[i + 1] = true;
            ++i;
        }
        if (found)
            throw UsageError("option " + firstName + " given twice ('" + firstText +
                             "' and '" + text + "'); give it once");
        found = std::move(value);
        firstText = std::move(text);
        firstName = optionName(arg);
    }
    return found;
}

bool ArgParser::flag(std::initializer_list<std::string_view> names) {
    std::string first;
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (m_args[i] == "--" && !m_used[i]) break;
        if (m_used[i]) continue;
        for (std::string_view name : names) {
            if (m_args[i] != name) continue;
            if (!first.empty())
                throw UsageError("option " + first + " given twice" +
                                 (first == m_args[i] ? std::string() : " (as " + m_args[i] + ")") +
                                 "; give it once");
            m_used[i] = true;
            first = m_args[i];
        }
    }
    return !first.empty();
}

std::string ArgParser::spelling(std::initializer_list<std::string_view> names) const {
    for (const std::string& arg : m_args) {
        if (arg == "--") break;
        if (matches(arg, names) != 0) return optionName(arg);
    }
    return names.size() > 0 ? std::string(*names.begin()) : std::string();
}

std::vector<std::string> ArgParser::positionals() {
    rejectUnknownOptions();  // every option has been asked for by now: the rest are unknown
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
        if (!afterDashes && looksLikeOption(arg)) continue;
        m_used[i] = true;
        out.push_back(arg);
    }
    return out;
}

void ArgParser::noPositionals(std::string_view command) {
    const auto rest = positionals();
    if (!rest.empty())
        throw UsageError(std::string(command) + " takes no positional arguments; got '" +
                         rest.front() + "' (see --help)");
}

std::string ArgParser::onePositional(std::string_view what, std::string_view whenMore) {
    auto rest = positionals();
    if (rest.empty()) throw UsageError("missing " + std::string(what) + " (see --help)");
    if (rest.size() > 1)
        throw UsageError("unexpected argument '" + rest[1] + "'" +
                         (whenMore.empty() ? std::string(" (see --help)") : ": " + std::string(whenMore)));
    return rest.front();
}

std::string keysFromFileHint(std::string_view command) {
    return "keys are read from a file, one per line (--keys FILE), or from standard input "
           "(--keys -): printf '%s\\n' KEY... | bloomlab-cli " +
           std::string(command) + " FILTER --keys -";
}

void ArgParser::rejectUnknownOptions() const {
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (m_args[i] == "--" && !m_used[i]) break;
        if (!m_used[i] && looksLikeOption(m_args[i]))
            throw UsageError("unknown option '" + optionName(m_args[i]) + "' (see --help)");
    }
}

void ArgParser::finish() {
    rejectUnknownOptions();
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        if (m_used[i] || m_args[i] == "--") continue;
        throw UsageError("unexpected argument '" + m_args[i] + "' (see --help)");
    }
}

std::vector<std::string> ArgParser::unused() const {
    // The options of every command (marked taken by the constructor) stay for the command's own
    // parser, which needs them to tell "--keys -q" from a key file named -q.
    std::vector<std::string> out;
    bool afterDashes = false;
    for (std::size_t i = 0; i < m_args.size(); ++i) {
        afterDashes = afterDashes || m_args[i] == "--";
        if (!m_used[i] || (!afterDashes && isOutputOption(m_args[i]))) out.push_back(m_args[i]);
    }
    return out;
}

bool stderrIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

namespace {
OutputOptions& mutableOutputOptions() {
    static OutputOptions options;
    return options;
}
} // namespace

const OutputOptions& outputOptions() { return mutableOutputOptions(); }

void takeOutputOptions(const std::vector<std::string>& args) {
    OutputOptions& options = mutableOutputOptions();
    options = {};
    const auto dashes = std::find(args.begin(), args.end(), "--");
    // Known before any refusal, so a refusal here is a JSON document as well.
    const bool json = std::find(args.begin(), dashes, "--json") != dashes;
    options.json = json;
    bool seenJson = false;
    std::string quiet;  // how -q/--quiet was first spelled
    for (const std::string& arg : args) {
        if (arg == "--") break;
        if (arg == "--json") {
            if (seenJson) throw UsageError("option --json given twice; give it once");
            seenJson = true;
        } else if (arg == "-q" || arg == "--quiet") {
            if (!quiet.empty())
                throw UsageError("option " + quiet + " given twice" + (quiet == arg ? std::string() : " (as " + arg + ")") +
                                 "; give it once");
            quiet = arg;
        }
    }
    options.quiet = !quiet.empty();
}

bool showProgress() { return stderrIsTerminal() && !outputOptions().quiet; }
bool showNotes() { return !outputOptions().quiet; }

void checkDistinctOutputs(const std::vector<std::pair<std::string, std::string>>& files) {
    const auto where = [](const std::string& path) {
        std::error_code ec;
        const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
        return (ec ? std::filesystem::path(path) : absolute).lexically_normal();
    };
    for (std::size_t i = 0; i < files.size(); ++i)
        for (std::size_t j = i + 1; j < files.size(); ++j) {
            std::error_code ec;
            if (where(files[i].second) == where(files[j].second) ||
                std::filesystem::equivalent(files[i].second, files[j].second, ec))
                throw UsageError(files[i].first + " and " + files[j].first + " name the same file '" + files[j].second +
                                 "'; give each its own path");
        }
}

std::uint64_t readKeys(const std::string& path, const std::function<void(std::string_view)>& fn) {
    if (path == "-" && ::isatty(STDIN_FILENO) == 1 && showNotes())
        std::fprintf(stderr, "reading keys from the terminal: one per line, Ctrl-D on a line of its own to end\n");
    return forEachKey(path, fn);
}

bool terminalTakesEscapes() {
    const char* noColor = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    const bool noColorSet = noColor != nullptr && noColor[0] != '\0';  // no-color.org: non-empty
    return !noColorSet && !(term != nullptr && std::string_view(term) == "dumb");
}

std::string_view outputOptionsHelp() {
    return R"(
Every command:
  --json               the result as one JSON document on stdout (fields: docs/json.md); a
                       failure writes {"error": {"command", "message", "exit_code"}} there too
  -q, --quiet          no progress and no notes on stderr (warnings and errors still print)
Progress is drawn only when stderr is a terminal; nothing is ever coloured (NO_COLOR holds).
Exit status (every command): 0 success, 1 error in data, files, network or output, 2 usage
error, 3 the filter was saved but some inserts failed.
)";
}

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
