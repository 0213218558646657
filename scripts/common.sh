# Shared by run.sh, test.sh and fuzz.sh: install the Debian packages that are missing (quietly
# when all are present), configure + build a CMake preset, and time named stages.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# The fonts are the .deb's Recommends, so screenshots and tests render Hindi and Japanese as users
# see them: fonts-noto-core has Devanagari (12 MB download), fonts-noto-cjk the Japanese forms of
# the CJK characters (57 MB). Smaller ones exist (fonts-lohit-deva, fonts-droid-fallback, whose
# Chinese-style kanji Japanese readers notice) but are not what a user of the package gets.
BLOOMLAB_PACKAGES=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-base-dev-tools qt6-charts-dev
                   qt6-svg-dev libqt6opengl6-dev libxxhash-dev libsqlite3-dev libgl-dev xvfb xauth libbloom-dev
                   clang libclang-rt-14-dev libhiredis-dev redis-server redis-tools
                   desktop-file-utils appstream qt6-l10n-tools qt6-tools-dev qt6-translations-l10n
                   fonts-noto-core fonts-noto-cjk python3)

ensure_packages() {
    local missing=()
    local p
    for p in "${BLOOMLAB_PACKAGES[@]}" "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if ((${#missing[@]})); then
        echo "Installing missing packages: ${missing[*]}"
        local sudo=""
        [[ $(id -u) -eq 0 ]] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

# build_preset PRESET [TARGET...]: configure, then build everything (or only the targets given).
build_preset() {
    local preset=$1
    shift
    # (explicit `|| return`: run_stage calls this in a `||` list, where set -e does not apply)
    cmake --preset "$preset" >/dev/null || return
    if (($#)); then
        cmake --build --preset "$preset" --target "$@" -- -j"$(nproc)" || return
    else
        cmake --build --preset "$preset" -- -j"$(nproc)" || return
    fi
}

# build_preset_tests PRESET: configure, then build only the test executables that PRESET's test
# preset selects (dev-tsan: the "concurrency" label), not the CLI, the GUI or other tests.
build_preset_tests() {
    local preset=$1
    cmake --preset "$preset" >/dev/null || return
    local targets
    mapfile -t targets < <(ctest --preset "$preset" -N | awk '/Test +#[0-9]+:/ {print $3}')
    if ((${#targets[@]} == 0)); then
        echo "build_preset_tests: test preset '$preset' selects no tests" >&2
        return 1
    fi
    cmake --build --preset "$preset" --target "${targets[@]}" -- -j"$(nproc)" || return
}

# run_stage NAME COMMAND...: runs COMMAND and records its wall time. On failure: with
# KEEP_GOING=1 the failure is recorded and the next stage runs (finish_stages then exits 1);
# otherwise the times so far are printed and the script exits with COMMAND's status.
STAGE_TIMES=()
STAGES_FAILED=()
KEEP_GOING=${KEEP_GOING:-0}
run_stage() {
    local name=$1
    shift
    echo "==== $name"
    local start=$SECONDS
    local status=0
    "$@" || status=$?
    STAGE_TIMES+=("$(printf '%-44s %4dm%02ds  %s' "$name" $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60)) \
                     "$( ((status == 0)) && echo ok || echo "FAILED ($status)")")")
    if ((status != 0)); then
        STAGES_FAILED+=("$name")
        if ((KEEP_GOING == 0)); then
            print_stage_times >&2
            exit "$status"
        fi
    fi
}

# finish_stages: prints the stage times and fails if any stage failed.
finish_stages() {
    print_stage_times
    if ((${#STAGES_FAILED[@]})); then
        echo "FAILED stages: ${STAGES_FAILED[*]}" >&2
        return 1
    fi
}

print_stage_times() {
    ((${#STAGE_TIMES[@]})) || return 0
    echo "Stage times:"
    printf '  %s\n' "${STAGE_TIMES[@]}"
}
