#!/usr/bin/env bash
# Installs what is missing, builds (preset release) and runs the main job:
#   with a display: the BloomLab desktop explorer;
#   without one (a server): the standard benchmark report (bloomlab-cli report).
# Builds only those two programs and the libraries they link, never the tests (scripts/test.sh
# builds and runs those). Safe to run again: installed packages and built files are reused.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
ensure_packages
build_preset release bloomlab bloomlab-cli
BIN="$ROOT/build/release"
if [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" && -x "$BIN/app/gui/bloomlab" ]]; then
    exec "$BIN/app/gui/bloomlab" "$@"
fi
echo "No display: running the standard benchmark report (bloomlab-cli report)."
exec "$BIN/app/cli/bloomlab-cli" report --out "$ROOT/build/report/report.md" "$@"
