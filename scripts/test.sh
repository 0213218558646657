#!/usr/bin/env bash
# Installs what is missing, builds (preset dev) and runs every test with CTest.
#   scripts/test.sh            unit, integration and CLI tests (the README's test command)
#   scripts/test.sh --full     also the ASan/UBSan suite, the TSan concurrency suite and the fuzzers
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
ensure_packages
build_preset dev
ctest --preset dev -j2
if [[ "${1:-}" == "--full" ]]; then
    build_preset dev-asan
    ctest --preset dev-asan -j2
    build_preset dev-tsan
    ctest --preset dev-tsan
    if [[ -x scripts/fuzz.sh ]]; then scripts/fuzz.sh "${FUZZ_SECONDS:-60}"; fi
fi
