#!/usr/bin/env bash
# report_script_test.sh SCRIPT: scripts/report.sh refuses bad arguments before it installs,
# builds or measures anything: exit status 2 and a message naming what was wrong and the usage.
# Each case runs under a short timeout, so a case that slipped past the checks (and started a
# real report) fails instead of running for an hour.
set -uo pipefail
script=$1
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
touch "$scratch/a-file"

expect_refused() {
    local want=$1
    shift
    local out status
    out=$(timeout 20 bash "$script" "$@" 2>&1 </dev/null)
    status=$?
    if [[ $status -ne 2 ]]; then
        echo "FAIL: report.sh $* exited $status, expected 2; output: $out"
        failures=$((failures + 1))
    elif [[ $out != *"$want"* ]]; then
        echo "FAIL: report.sh $* said '$out', expected it to mention '$want'"
        failures=$((failures + 1))
    fi
}

expect_refused "unknown argument '--bogus'" --bogus
expect_refused "unknown argument 'paths'" paths
expect_refused "--assets needs a folder" --paths --assets
expect_refused "--assets needs a folder" --assets --paths
expect_refused "--assets needs a folder" --paths --assets ""
expect_refused "--assets goes with --paths" --assets "$scratch/out"
expect_refused "is not a folder" --paths --assets "$scratch/a-file"
expect_refused "is not a folder" --paths --assets /dev/null
[[ ! -e "$scratch/out" ]] || { echo "FAIL: a refused run created $scratch/out"; failures=$((failures + 1)); }

if ((failures)); then
    echo "$failures case(s) failed"
    exit 1
fi
echo "report.sh: every bad argument refused with status 2"
