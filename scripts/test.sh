#!/usr/bin/env bash
# Installs what is missing, builds and runs the tests with CTest.
#   scripts/test.sh          unit, integration and CLI tests (preset dev) -- the README's test command
#   scripts/test.sh --full   what CI runs (.ci/run): the above, then
#                              - the whole suite again under AddressSanitizer + UBSan (preset
#                                dev-asan, GUI tests included, offscreen),
#                              - the concurrency tests under ThreadSanitizer (preset dev-tsan; only
#                                their targets are built),
#                              - every libFuzzer harness for FUZZ_SECONDS (default 60) seconds
#                                (scripts/fuzz.sh, preset fuzz).
# Each stage's wall time is printed at the end (--full also writes build/ci-timings.txt). With
# --full every stage runs even if an earlier one failed (all failures are reported; exit 1).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

full=0
case "${1:-}" in
    "") ;;
    --full) full=1; KEEP_GOING=1 ;;
    *) echo "usage: scripts/test.sh [--full]" >&2; exit 2 ;;
esac

ensure_packages
run_stage "dev: configure + build" build_preset dev
run_stage "dev: tests" ctest --preset dev -j"$(nproc)"
if ((full)); then
    run_stage "dev-asan: configure + build" build_preset dev-asan
    run_stage "dev-asan: tests (ASan + UBSan)" ctest --preset dev-asan -j"$(nproc)"
    run_stage "dev-tsan: configure + build" build_preset_tests dev-tsan
    run_stage "dev-tsan: concurrency tests (TSan)" ctest --preset dev-tsan
    run_stage "fuzz: build + ${FUZZ_SECONDS:-60}s per harness" scripts/fuzz.sh "${FUZZ_SECONDS:-60}"
fi
if ((full)); then
    print_stage_times >"$ROOT/build/ci-timings.txt"
fi
finish_stages
