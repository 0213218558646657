#!/usr/bin/env bash
# man_page_test.sh CLI MANPAGE COMPLETION: the man page of bloomlab-cli is in step with the
# program's help.
#   - every command that `CLI --help` lists has a subsection `.SS COMMAND` under COMMANDS, and the
#     man page documents no command the program does not have;
#   - every option (-x or --long-name) that `CLI COMMAND --help` names appears in that subsection;
#   - --help and --version are under OPTIONS; EXIT STATUS lists 0, 1, 2 and 3;
#   - groff formats the page without warnings (when groff is installed).
# The command list comes from the program at test time, so a new command is checked as soon as it
# is registered. Commands and options are read from the help by the bash completion's own
# functions (COMPLETION), so the man page, the completion and the help agree on one list.
set -uo pipefail
cli=$1
page=$2
completion=$3
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

[[ -x $cli ]] || { echo "FAIL: $cli is not built"; exit 1; }
[[ -r $page ]] || { echo "FAIL: no man page at $page"; exit 1; }
# shellcheck source=../resources/bash-completion/bloomlab-cli
source "$completion" || { echo "FAIL: cannot read the completion $completion"; exit 1; }

# The page as plain text per line: roff's \- as -, font escapes dropped.
plain=$(sed -E 's/\\-/-/g; s/\\f(\[[^]]*\]|\(..|.)//g; s/\\&//g' "$page")

# Lines of one section (.SH NAME) or subsection (.SS NAME), up to the next .SH or .SS.
section() {
    awk -v kind="$1" -v name="$2" '
        /^\.(SH|SS)[ \t]/ { title = $0; sub(/^\.(SH|SS)[ \t]+/, "", title); gsub(/"/, "", title)
                            inside = (substr($0, 2, 2) == kind && title == name); next }
        inside' <<<"$plain"
}
has_word() { grep -qE -- "(^|[^[:alnum:]_-])$1([^[:alnum:]_-]|$)"; }

"$cli" --help >/dev/null || { echo "FAIL: $cli --help exited with $?"; exit 1; }
mapfile -t commands < <(_bloomlab_cli_commands "$cli")
((${#commands[@]} > 0)) || { echo "FAIL: no commands found in '$cli --help'"; exit 1; }
echo "commands in --help: ${commands[*]}"

for command in "${commands[@]}"; do
    text=$(section SS "$command")
    if [[ -z $text ]]; then
        fail "command '$command' has no section in $page (add '.SS $command' under .SH COMMANDS)"
        continue
    fi
    "$cli" "$command" --help >/dev/null || { fail "'$cli $command --help' exited with $?"; continue; }
    checked=0
    while read -r option; do
        [[ -n $option ]] || continue
        checked=$((checked + 1))
        has_word "$option" <<<"$text" ||
            fail "option $option of '$command' (in '$cli $command --help') is not in the man page's '$command' section"
    done < <(_bloomlab_cli_options "$cli" "$command")
    echo "ok: $command ($checked options)"
done

# Subsections under COMMANDS that name no command of the program.
mapfile -t documented < <(awk '/^\.SH[ \t]/ { inside = ($0 ~ /^\.SH[ \t]+"?COMMANDS"?$/); next }
                                inside && /^\.SS[ \t]/ { sub(/^\.SS[ \t]+/, ""); gsub(/"/, ""); print }' "$page")
for name in "${documented[@]}"; do
    printf '%s\n' "${commands[@]}" | grep -qxF -- "$name" ||
        fail "the man page documents command '$name', which '$cli --help' does not list"
done

options=$(section SH OPTIONS)
for option in --help --version; do
    has_word "$option" <<<"$options" || fail "$option is not under OPTIONS"
done
exit_status=$(section SH "EXIT STATUS")
for code in 0 1 2 3; do
    grep -qE "^$code[[:space:]]" <<<"$exit_status" || fail "EXIT STATUS has no row for $code"
done

if command -v groff >/dev/null; then
    warnings=$(groff -t -man -Tutf8 -ww -z "$page" 2>&1)
    [[ -z $warnings ]] || fail "groff warns about $page: $warnings"
else
    echo "note: groff is not installed; the page's formatting was not checked"
fi

if ((failures)); then
    echo "$failures problem(s) in $page"
    exit 1
fi
echo "man page in step with --help: ${#commands[@]} commands"
