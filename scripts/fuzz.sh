#!/usr/bin/env bash
# Builds the libFuzzer harnesses (preset fuzz: clang, ASan + UBSan) and runs each one for
# SECONDS (default 60) from the committed seed corpus (fuzz/corpus/<harness>, read-only; new
# inputs go to build/fuzz/runs/<harness>/corpus). Fails on any crash, leak, timeout, oversized
# allocation or sanitizer report, and prints executions per harness.
#   scripts/fuzz.sh [SECONDS]
# Crash inputs are saved as build/fuzz/runs/<harness>/crash-* (replay: <harness-binary> FILE).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

SECONDS_EACH=${1:-60}
if ! [[ $SECONDS_EACH =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: scripts/fuzz.sh [SECONDS]   (a positive whole number; got '$SECONDS_EACH')" >&2
    exit 2
fi
HARNESSES=(fuzz_filter_loader fuzz_parquet_import fuzz_parquet_footer fuzz_parse_units fuzz_key_reader)

ensure_packages
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${HARNESSES[@]}" -- -j"$(nproc)"

BIN="$ROOT/build/fuzz/fuzz"
RUNS="$ROOT/build/fuzz/runs"
# A unit may take at most 10 s; any single allocation above 256 MiB is a bug (inputs are a few
# KiB, and the loaders must refuse sizes the input cannot back); -rss_limit_mb catches leaks
# that grow without bound. Leak detection (LeakSanitizer) is on by default with ASan.
FUZZ_FLAGS=(-max_total_time="$SECONDS_EACH" -timeout=10 -malloc_limit_mb=256 -rss_limit_mb=2048
            -print_final_stats=1)
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

failed=()
summary=()
for h in "${HARNESSES[@]}"; do
    dir="$RUNS/$h"
    rm -rf "$dir"
    mkdir -p "$dir/corpus"
    echo "== $h: ${SECONDS_EACH}s"
    start=$(date +%s)
    status=0
    "$BIN/$h" "${FUZZ_FLAGS[@]}" -artifact_prefix="$dir/" "$dir/corpus" "fuzz/corpus/$h" \
        >"$dir/log.txt" 2>&1 || status=$?
    elapsed=$(($(date +%s) - start))
    execs=$(awk '/stat::number_of_executed_units:/ {print $2}' "$dir/log.txt" | tail -1)
    corpus=$(find "$dir/corpus" "fuzz/corpus/$h" -type f | wc -l)
    artifacts=$(find "$dir" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
                     -o -name 'oom-*' -o -name 'slow-unit-*' \) | wc -l)
    if ((status != 0 || artifacts != 0)) || grep -qE 'ERROR: (Address|Leak|UndefinedBehavior)Sanitizer|runtime error:|INVARIANT VIOLATED' "$dir/log.txt"; then
        failed+=("$h")
        echo "!! $h FAILED (exit $status); last lines of $dir/log.txt:"
        tail -40 "$dir/log.txt"
        result=FAILED
    else
        result=ok
    fi
    rate=0
    ((elapsed > 0)) && rate=$(( ${execs:-0} / elapsed ))
    summary+=("$(printf '%-22s %12s execs %5ss %9s/s  corpus %5s  %s' "$h" "${execs:-?}" "$elapsed" "$rate" "$corpus" "$result")")
done

echo
echo "Fuzzing summary (${SECONDS_EACH}s per harness, clang libFuzzer + ASan/UBSan):"
printf '  %s\n' "${summary[@]}" | tee "$RUNS/summary.txt"
if ((${#failed[@]})); then
    echo "fuzz.sh: failures in: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz.sh: no crash, leak, timeout or sanitizer report."
