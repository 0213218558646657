#!/usr/bin/env bash
# Regenerates report.md and report-assets/ from real runs (release build):
#   1. bloomlab-cli report  -> report.md (sections 1-9), speedup charts, report-assets/report.csv
#   2. bloomlab-cli perf    -> report-assets/perf.csv, perf.png, perf.md (n = 1M and 10M), and
#      perf-100m.* (n = 100M, integer keys, the structures the targets compare)
#   3. appends both to report.md as its "Filter performance" sections.
#   4. the code-path comparison: the same perf configuration natively and with
#      BLOOMLAB_NO_AVX512=1 (the AVX2-only path most users' CPUs take), both result sets and their
#      targets side by side -> report-assets/perf-paths.md (also appended to report.md).
# Takes about an hour on an idle 2-core machine; run it when `uptime` shows a low load.
#   scripts/report.sh [--quick]          (--quick: tiny sizes, seconds; the numbers mean nothing)
#   scripts/report.sh --paths [--quick]  only step 4 (~20 minutes): report-assets/perf-paths.md
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

quick=()
paths_only=0
for arg in "$@"; do
    case "$arg" in
        --quick) quick=(--quick) ;;
        --paths) paths_only=1 ;;
        *) echo "usage: scripts/report.sh [--paths] [--quick]" >&2; exit 2 ;;
    esac
done

ensure_packages
build_preset release bloomlab-cli
CLI="$ROOT/build/release/app/cli/bloomlab-cli"
cd "$ROOT"  # relative paths, so the commands quoted in report.md are the ones to type
ASSETS="report-assets"
mkdir -p "$ASSETS"

# Step 4: one perf configuration on both code paths; the text outputs' target lines are paired
# in one table, then both Markdown sections follow.
paths_config=(-n 1M,10M --keys all --structures classic,classic_fast,blocked,cuckoo12,cuckoo12_local,libbloom,memory_bound
              --repeats 3 --queries 5M)
((${#quick[@]})) && paths_config=(--quick --keys all --structures classic,classic_fast,blocked,cuckoo12,cuckoo12_local,libbloom,memory_bound)
run_paths() {
    local name env_prefix
    for name in native no-avx512; do
        env_prefix=()
        [[ $name == no-avx512 ]] && env_prefix=(env BLOOMLAB_NO_AVX512=1)
        echo "== perf, $name path: load $(cut -d' ' -f1-3 /proc/loadavg)"
        "${env_prefix[@]}" "$CLI" perf "${paths_config[@]}" --csv "$ASSETS/perf-paths-$name.csv" \
            --markdown "$ASSETS/perf-paths-$name.md" >"$ASSETS/perf-paths-$name.txt"
    done
    {
        echo "## Filter performance on both code paths"
        echo
        echo "The same run natively and with \`BLOOMLAB_NO_AVX512=1\` (the AVX2-only path of most laptops and"
        echo "cloud VMs), one after the other: \`bloomlab-cli perf ${paths_config[*]}\`. Each run's own"
        echo "section below names the code paths it took; compare ratios within a run, not times across runs."
        echo
        echo "| native | BLOOMLAB_NO_AVX512=1 |"
        echo "|---|---|"
        paste -d '\t' <(grep -E '^  \[(PASS|FAIL|n/a )\]' "$ASSETS/perf-paths-native.txt") \
            <(grep -E '^  \[(PASS|FAIL|n/a )\]' "$ASSETS/perf-paths-no-avx512.txt") |
            sed -E 's/\|/\\|/g; s/^  //; s/\t  /\t/; s/^/| /; s/\t/ | /; s/$/ |/'
        for name in native no-avx512; do
            echo
            sed -E "s/^### /#### /; 1s/^## Filter performance$/### Run: $name/" "$ASSETS/perf-paths-$name.md"
        done
    } >"$ASSETS/perf-paths.md"
    echo "== $ASSETS/perf-paths.md written (both runs: $ASSETS/perf-paths-{native,no-avx512}.{txt,csv,md})"
}
if ((paths_only)); then
    run_paths
    exit 0
fi

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
run_paths
{
    echo
    cat "$ASSETS/perf-paths.md"
} >>report.md
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "report.md and report-assets/ written."
