#!/usr/bin/env bash
# Regenerates report.md and report-assets/ from real runs (release build):
#   1. bloomlab-cli report  -> report.md (sections 1-9), speedup charts, report-assets/report.csv
#   2. bloomlab-cli perf    -> report-assets/perf.csv, perf.png, perf.md (n = 1M and 10M), and
#      perf-100m.* (n = 100M, integer keys, the structures the targets compare)
#   3. appends both to report.md as its "Filter performance" sections.
# Takes about 30 minutes on an idle 2-core machine; run it when `uptime` shows a low load.
#   scripts/report.sh [--quick]      (--quick: tiny sizes, seconds; the numbers mean nothing)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

quick=()
case "${1:-}" in
    "") ;;
    --quick) quick=(--quick) ;;
    *) echo "usage: scripts/report.sh [--quick]" >&2; exit 2 ;;
esac

ensure_packages
build_preset release bloomlab-cli
CLI="$ROOT/build/release/app/cli/bloomlab-cli"
cd "$ROOT"  # relative paths, so the commands quoted in report.md are the ones to type
ASSETS="report-assets"
mkdir -p "$ASSETS"

echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$CLI" report --out report.md "${quick[@]}"
"$CLI" perf "${quick[@]}" --csv "$ASSETS/perf.csv" --chart "$ASSETS/perf.png" \
    --chart-link report-assets/perf.png --markdown "$ASSETS/perf.md"
# n = 100M, integer keys, the rows the targets use: beyond any CPU cache (~10 minutes, ~1 GB).
large=(-n 100M --keys int --repeats 3 --structures classic,classic_atomic,classic_fast,blocked,blocked_atomic,cuckoo12,libbloom,memory_bound)
((${#quick[@]})) && large=(--quick --keys int --structures classic,classic_atomic,classic_fast,blocked,blocked_atomic,cuckoo12,libbloom,memory_bound)
"$CLI" perf "${large[@]}" --csv "$ASSETS/perf-100m.csv" --chart "$ASSETS/perf-100m.png" \
    --chart-link report-assets/perf-100m.png --markdown "$ASSETS/perf-100m.md"
{
    echo
    cat "$ASSETS/perf.md"
    echo
    sed '1s/^## Filter performance$/## Filter performance beyond the caches (n = 100M)/' "$ASSETS/perf-100m.md"
} >>report.md
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "report.md and report-assets/ written."
