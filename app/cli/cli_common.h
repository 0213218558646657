// Shared plumbing of bloomlab-cli: command registration, argument parsing, number formatting,
// error type.
// Each command lives in its own cli_<area>.cpp and registers itself with registerCommand.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bloomlab::cli {

/// A usage or input error: main prints "bloomlab-cli: <message>" to stderr and exits with 2.
/// Other exceptions (I/O, bad files) exit with 1.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Command {
    std::string_view name;
    std::string_view summary;  ///< one line for the command list
    std::string_view usage;    ///< full help text (printed by `bloomlab-cli CMD --help`)
    int (*run)(std::vector<std::string> args);  ///< args after the command name
};

/// Called from a static initialiser in each cli_*.cpp: `const bool kRegistered = registerCommand({...});`
bool registerCommand(const Command& command);
const std::vector<Command>& commands();

/// The option parser of every command: options may appear anywhere; "--opt=value" and
/// "--opt value" both work; "--" ends options. One mechanism for every command:
///  - an option given twice (in any of its spellings, "-p" and "--fpr") is refused:
///    "option -p given twice ('-p 0.1' and '--fpr 0.2'); give it once";
///  - an option without its value is refused, naming what stood in its place:
///    "--keys needs a value (a file name or -); got the option --out". A value that starts with
///    '-' followed by a letter is taken for an option; write "--keys=-odd-name" for such a value
///    ("-" alone and negative numbers are values);
///  - finish() refuses an option nobody asked for ("unknown option '--x'") and a stray
///    positional argument ("unexpected argument 'x'").
class ArgParser {
public:
    explicit ArgParser(std::vector<std::string> args);
    /// Value of the option spelled as any of `names` (e.g. {"-n", "--capacity"}); consumes it.
    /// `what` describes the value for the missing-value message ("a file name or -").
    /// Throws UsageError when the option is given twice or without a value.
    std::optional<std::string> value(std::initializer_list<std::string_view> names,
                                     std::string_view what = {});
    /// True when any of `names` is present; consumes it. Throws UsageError when given twice.
    bool flag(std::initializer_list<std::string_view> names);
    /// Remaining non-option arguments, in order. Call after all value()/flag() calls: an option
    /// still unconsumed is unknown, and is refused here ("unknown option '--x'").
    std::vector<std::string> positionals();
    /// Throws UsageError when no command may have positionals: "CMD takes no positional
    /// arguments; got 'x'".
    void noPositionals(std::string_view command);
    /// The one positional argument a command takes (`what`: "FILTER"). None: "missing FILTER";
    /// more: "unexpected argument 'x'", followed by `whenMore` when given (what to do instead).
    std::string onePositional(std::string_view what, std::string_view whenMore = {});
    /// Throws UsageError("unknown option '--x' (see --help)") if anything option-like is left
    /// unconsumed, "unexpected argument 'x'" for anything else.
    void finish();
    /// The arguments not consumed yet, in order: what a parser that takes some options out
    /// first (the Redis options, cli_redis.h) hands on to the command's own parser.
    std::vector<std::string> unused() const;

    /// How the user spelled an option `value()` or `flag()` found ("--fpr" for {"-p", "--fpr"}),
    /// or the first name when it was not given.
    std::string spelling(std::initializer_list<std::string_view> names) const;

    /// True for "-x" and "--x" (not "-", not "-5", not "-.5"): what the parser takes for an option.
    static bool looksLikeOption(std::string_view arg);

private:
    void rejectUnknownOptions() const;

    std::vector<std::string> m_args;
    std::vector<bool> m_used;
};

/// What `onePositional` adds when a command that reads keys from a file is given keys as
/// arguments: where keys come from instead, with a pipe for a few keys typed by hand.
std::string keysFromFileHint(std::string_view command);


/// True when stderr is a terminal (progress bars only then).
bool stderrIsTerminal();

/// The options every command takes (docs/json.md), read by main before the command runs:
///  --json       the result as one JSON document on stdout (cli_json.h); the text report is not
///               printed; errors still go to stderr as text;
///  -q, --quiet  no progress and no notes on stderr (warnings and errors are always printed).
struct OutputOptions {
    bool json = false;
    bool quiet = false;
};
const OutputOptions& outputOptions();
/// Reads --json and -q/--quiet (up to a "--") from a command's arguments into outputOptions().
/// Throws UsageError when one is given twice, with ArgParser's message. outputOptions().json is
/// set even then, so the refusal is written as a JSON error document too. Every ArgParser takes
/// these three as already consumed.
void takeOutputOptions(const std::vector<std::string>& args);
/// Progress on stderr: only when stderr is a terminal and --quiet was not given.
bool showProgress();
/// The progress bar may clear its line with an escape sequence: not with NO_COLOR set (to a
/// non-empty value, as no-color.org asks) or TERM=dumb, where it overwrites with spaces instead.
/// No colour is used either way.
bool terminalTakesEscapes();
/// Notes (information that is neither a result nor a warning) on stderr: not with --quiet.
bool showNotes();
/// Two files one command writes must differ: `files` are (option, path) pairs ("--csv", "x").
/// Throws UsageError "--csv and --markdown name the same file 'x'" for the same path spelled
/// alike or not ("x", "./x", "d/../x") and for two names of one existing file (a hard link).
void checkDistinctOutputs(const std::vector<std::pair<std::string, std::string>>& files);

/// Every key of a key file, one per line ('-' = standard input), to `fn`: core's forEachKey.
/// When the keys come from a terminal, a note first says how to end them (Ctrl-D), since the
/// command otherwise just waits. Returns the number of keys.
std::uint64_t readKeys(const std::string& path, const std::function<void(std::string_view)>& fn);
/// The help paragraph about --json and -q/--quiet that main adds to every command's --help.
std::string_view outputOptionsHelp();

/// One number through a printf format ("%.3f", "%.4g"): the CLI's output formatting.
std::string fmt(const char* format, double value);

/// A hash or key seed: a 64-bit unsigned number, decimal or 0x hex. Throws std::invalid_argument
/// (for parseOption) naming what was typed.
std::uint64_t parseSeed(std::string_view text);

/// Runs a core parser (parseCount, parseProbability, ...) and turns its std::invalid_argument
/// into a UsageError naming the option: "option -n: invalid count '10x' ...".
template <class Parse>
auto parseOption(const std::string& option, const std::string& text, Parse parse) {
    try {
        return parse(text);
    } catch (const std::invalid_argument& e) {
        throw UsageError("option " + option + ": " + e.what());
    }
}

} // namespace bloomlab::cli
