#!/usr/bin/env bash
# Regenerates report.md and report-assets/ from real runs (release build):
#   1. bloomlab-cli report  -> report.md (sections 1-9), speedup charts, report-assets/report.csv
#   2. bloomlab-cli perf    -> report-assets/perf.csv, perf.png, perf.md (n = 1M and 10M), and
#      perf-100m.* (n = 100M, integer keys, the structures the targets compare)
#   3. appends both to report.md as its "Filter performance" sections.
#   4. the code-path comparison: the same perf configuration natively and with
#      BLOOMLAB_NO_AVX512=1 (the AVX2-only path most users' CPUs take), both result sets and their
#      targets side by side -> report-assets/perf-paths.md (also appended to report.md); then
#      the same both ways once beyond this host's last-level cache (integer keys, 1 repeat; n
#      chosen from the L3 size, below), where memory_bound reads DRAM.
# Takes about an hour on an idle 2-core machine; run it when `uptime` shows a low load.
#   scripts/report.sh [--quick]          (--quick: tiny sizes, seconds; the numbers mean nothing)
#   scripts/report.sh --paths [--quick]  only step 4 (~30 minutes): report-assets/perf-paths.md
#   scripts/report.sh --paths --assets report-assets/HOST   step 4 into another folder (a second
#                                        host's runs beside the first's; the folder is created)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage="usage: scripts/report.sh [--paths [--assets DIR]] [--quick]"
quick=()
paths_only=0
ASSETS="report-assets"
while (($#)); do
    case "$1" in
        --quick) quick=(--quick) ;;
        --paths) paths_only=1 ;;
        --assets)
            [[ $# -ge 2 && -n "$2" && "$2" != -* ]] || { echo "scripts/report.sh: --assets needs a folder; $usage" >&2; exit 2; }
            ASSETS="${2%/}"
            shift ;;
        *) echo "scripts/report.sh: unknown argument '$1'; $usage" >&2; exit 2 ;;
    esac
    shift
done
if [[ "$ASSETS" != report-assets && $paths_only -eq 0 ]]; then
    echo "scripts/report.sh: --assets goes with --paths (the full report writes report-assets/); $usage" >&2
    exit 2
fi
if [[ -e "$ASSETS" && ! -d "$ASSETS" ]]; then
    echo "scripts/report.sh: --assets $ASSETS exists and is not a folder" >&2
    exit 2
fi

ensure_packages
build_preset release bloomlab-cli
CLI="$ROOT/build/release/app/cli/bloomlab-cli"
cd "$ROOT"  # relative paths, so the commands quoted in report.md are the ones to type
mkdir -p "$ASSETS"

# Step 4: one perf configuration on both code paths; the text outputs' target lines are paired
# in one table, then both Markdown sections follow.
paths_config=(-n 1M,10M --keys all --structures classic,classic_fast,blocked,cuckoo12,cuckoo12_local,morton12,libbloom,memory_bound
              --repeats 3 --queries 5M)
((${#quick[@]})) && paths_config=(--quick --keys all --structures classic,classic_fast,blocked,cuckoo12,cuckoo12_local,morton12,libbloom,memory_bound)
# Beyond the caches: the smallest of 100M, 400M and 1600M keys whose blocked filter (10.53 bits
# per key at p = 1%) is larger than this host's L3 as sysfs reports it, so that memory_bound and
# every filter read DRAM (a VM may report a large L3: 480 MiB on the development host).
beyond_cache_n() {
    local size bytes n
    size=$(cat /sys/devices/system/cpu/cpu0/cache/index3/size 2>/dev/null || echo 32768K)
    case "$size" in
        *K) bytes=$(( ${size%K} * 1024 )) ;;
        *M) bytes=$(( ${size%M} * 1048576 )) ;;
        *) bytes=$(( 32 * 1048576 )) ;;
    esac
    for n in 100000000 400000000 1600000000; do
        if (( n * 1053 / 800 > bytes )); then
            echo "$n"
            return
        fi
    done
    echo 1600000000
}
paths_dram_config=(-n "$(beyond_cache_n)" --keys int --structures classic,blocked,cuckoo12,cuckoo12_local,morton12,libbloom,memory_bound
                   --repeats 1 --queries 5M)
((${#quick[@]})) && paths_dram_config=(--quick --keys int --structures classic,blocked,cuckoo12,cuckoo12_local,morton12,libbloom,memory_bound)

# One configuration natively and with BLOOMLAB_NO_AVX512=1: TAG names the files
# (report-assets/perf-TAG-{native,no-avx512}.{txt,csv,md}); the Markdown goes to stdout.
run_both_ways() {
    local tag=$1 title=$2
    shift 2
    local name env_prefix
    for name in native no-avx512; do
        env_prefix=()
        [[ $name == no-avx512 ]] && env_prefix=(env BLOOMLAB_NO_AVX512=1)
        echo "== perf $*, $name path: load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
        "${env_prefix[@]}" "$CLI" perf "$@" --csv "$ASSETS/perf-$tag-$name.csv" \
            --markdown "$ASSETS/perf-$tag-$name.md" >"$ASSETS/perf-$tag-$name.txt" || return
    done
    echo "## $title"
    echo
    echo "The same run natively and with \`BLOOMLAB_NO_AVX512=1\` (the AVX2-only path of most laptops and"
    echo "cloud VMs), one after the other: \`bloomlab-cli perf $*\`. Each run's own"
    echo "section below names the code paths it took; compare ratios within a run, not times across runs."
    echo
    echo "| native | BLOOMLAB_NO_AVX512=1 |"
    echo "|---|---|"
    paste -d '\t' <(grep -E '^  \[(PASS|FAIL|n/a )\]' "$ASSETS/perf-$tag-native.txt") \
        <(grep -E '^  \[(PASS|FAIL|n/a )\]' "$ASSETS/perf-$tag-no-avx512.txt") |
        sed -E 's/\|/\\|/g; s/^  //; s/\t  /\t/; s/^/| /; s/\t/ | /; s/$/ |/'
    for name in native no-avx512; do
        echo
        sed -E "s/^### /#### /; 1s/^## Filter performance$/### Run: $name/" "$ASSETS/perf-$tag-$name.md"
    done
}
run_paths() {
    {
        run_both_ways paths "Filter performance on both code paths" "${paths_config[@]}" || return
        echo
        run_both_ways paths-dram "Filter performance on both code paths, beyond the caches" \
            "${paths_dram_config[@]}" || return
    } >"$ASSETS/perf-paths.md.new" || return
    mv "$ASSETS/perf-paths.md.new" "$ASSETS/perf-paths.md"
    echo "== $ASSETS/perf-paths.md written (the runs: $ASSETS/perf-paths{,-dram}-{native,no-avx512}.{txt,csv,md})"
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
