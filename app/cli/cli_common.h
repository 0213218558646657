// Shared plumbing of bloomlab-cli: command registration, argument parsing, number formatting,
// error type.
// Each command lives in its own cli_<area>.cpp and registers itself with registerCommand.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
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

/// Minimal option parser: options may appear anywhere; "--opt=value" and "--opt value" both work;
/// "--" ends options. Unknown options are an error at finish().
class ArgParser {
public:
    explicit ArgParser(std::vector<std::string> args);
    /// Value of the first of `names` present (e.g. {"-n", "--capacity"}); consumes it.
    /// Throws UsageError when the option is present without a value.
    std::optional<std::string> value(std::initializer_list<std::string_view> names);
    /// True when any of `names` is present; consumes it.
    bool flag(std::initializer_list<std::string_view> names);
    /// Remaining non-option arguments, in order (call after all value()/flag() calls).
    std::vector<std::string> positionals();
    /// Throws UsageError("unknown option '--x'") if anything option-like is left unconsumed.
    void finish();

private:
    std::vector<std::string> m_args;
    std::vector<bool> m_used;
};

/// True when stderr is a terminal (progress bars only then).
bool stderrIsTerminal();

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
