#!/usr/bin/env bash
# install_test.sh CMAKE BUILD_DIR: installs the build into a temporary DESTDIR the way a package
# does (`cmake --install BUILD_DIR --prefix /usr`), runs the installed CLI and the installed GUI
# (offscreen) from there, and checks that the menu entry, metainfo, icons, man pages and bash
# completion are where the desktop and the shell look for them.
set -uo pipefail
cmake=$1
build=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

dest=$(mktemp -d "${TMPDIR:-/tmp}/bloomlab-install.XXXXXX")
trap 'rm -rf "$dest"' EXIT
if ! DESTDIR=$dest "$cmake" --install "$build" --prefix /usr >"$dest.log" 2>&1; then
    cat "$dest.log"
    rm -f "$dest.log"
    echo "FAIL: cmake --install failed (are bloomlab and bloomlab-cli built?)"
    exit 1
fi
rm -f "$dest.log"
usr=$dest/usr

# ---- the files, where freedesktop, man and bash-completion look --------------------------------
expect_file() { if [[ -f $usr/$1 ]]; then ok "usr/$1"; else fail "usr/$1 is not installed"; fi; }
expect_file bin/bloomlab-cli
expect_file bin/bloomlab
expect_file share/applications/bloomlab.desktop
expect_file share/metainfo/io.github.bloomlab.BloomLab.metainfo.xml
expect_file share/icons/hicolor/scalable/apps/bloomlab.svg
expect_file share/bash-completion/completions/bloomlab-cli
for size in 16 22 24 32 48 64 128 256; do
    png=$usr/share/icons/hicolor/${size}x${size}/apps/bloomlab.png
    if [[ ! -f $png ]]; then
        fail "no ${size}x${size} icon"
        continue
    fi
    # PNG: the 8-byte signature, then the IHDR chunk with width and height as big-endian u32.
    read -r -a header < <(od -An -tu1 -N24 -w24 "$png")
    width=$(((header[16] << 24) | (header[17] << 16) | (header[18] << 8) | header[19]))
    height=$(((header[20] << 24) | (header[21] << 16) | (header[22] << 8) | header[23]))
    if [[ ${header[1]} == 80 && ${header[2]} == 78 && ${header[3]} == 71 && $width == "$size" && $height == "$size" ]]; then
        ok "${size}x${size}/apps/bloomlab.png is a ${width}x${height} PNG"
    else
        fail "${size}x${size}/apps/bloomlab.png is not a ${size}x${size} PNG (${width}x${height})"
    fi
done
for page in bloomlab-cli.1 bloomlab.1; do
    man_file=$(ls "$usr/share/man/man1/$page"* 2>/dev/null | head -1)
    if [[ -z $man_file ]]; then
        fail "man page $page is not in usr/share/man/man1"
    elif command -v man >/dev/null; then
        text=$(MANWIDTH=80 man -l "$man_file" 2>&1)
        if grep -q '^NAME' <<<"$text" && grep -q '^SYNOPSIS' <<<"$text"; then
            ok "man -l ${man_file#"$dest"/} renders"
        else
            fail "man -l ${man_file#"$dest"/} renders no NAME/SYNOPSIS: $(head -5 <<<"$text")"
        fi
    else
        ok "${man_file#"$dest"/} (man is not installed: not rendered)"
    fi
done
grep -q 'EXIT STATUS' < <(MANWIDTH=80 man -l "$usr"/share/man/man1/bloomlab-cli.1* 2>/dev/null) ||
    ! command -v man >/dev/null || fail "the bloomlab-cli man page has no EXIT STATUS section"

# ---- the installed binaries run from the install tree, not the build tree ----------------------
if command -v readelf >/dev/null; then
    for program in bloomlab-cli bloomlab; do
        if readelf -d "$usr/bin/$program" | grep -E 'R(UN)?PATH' | grep -qF "$build"; then
            fail "installed $program still has the build tree in its run path"
        fi
    done
fi
version=$("$usr/bin/bloomlab-cli" --version 2>&1)
if [[ $version =~ ^bloomlab-cli\ [0-9]+\.[0-9]+\.[0-9]+\ \(git\ [^\)]+\)$ ]]; then
    ok "installed bloomlab-cli --version: $version"
else
    fail "installed bloomlab-cli --version printed '$version'"
fi
size=$("$usr/bin/bloomlab-cli" size -n 1e6 -p 0.01 2>&1)
if grep -qx 'k=7' <<<"$size" && grep -q '^m=9585059 ' <<<"$size"; then
    ok "installed bloomlab-cli size -n 1e6 -p 0.01: m=9585059, k=7"
else
    fail "installed bloomlab-cli size -n 1e6 -p 0.01 printed: $size"
fi
gui_version=$(XDG_CONFIG_HOME=$dest/config QT_QPA_PLATFORM=offscreen "$usr/bin/bloomlab" --version 2>/dev/null)
if [[ $gui_version =~ ^bloomlab\ [0-9]+\.[0-9]+\.[0-9]+\ \(git\ [^\)]+\)$ ]]; then
    ok "installed bloomlab --version: $gui_version"
else
    fail "installed bloomlab --version printed '$gui_version'"
fi
shot=$dest/start.png
gui_out=$(cd "$dest" && XDG_CONFIG_HOME=$dest/config QT_QPA_PLATFORM=offscreen timeout 120 "$usr/bin/bloomlab" --screenshot "$shot" 2>&1)
if [[ -s $shot ]]; then
    ok "installed bloomlab started offscreen: $(grep "^saved" <<<"$gui_out")"
else
    fail "installed bloomlab --screenshot made no picture: $gui_out"
fi

# ---- bash completion, with the installed program on PATH ---------------------------------------
completion=$usr/share/bash-completion/completions/bloomlab-cli
if [[ -f $completion ]]; then
    complete_words() {
        PATH=$usr/bin:$PATH bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
                                      _bloomlab_cli; printf "%s\n" "${COMPREPLY[@]}"' sh "$completion" "$@"
    }
    mapfile -t commands < <(source "$completion" && _bloomlab_cli_commands "$usr/bin/bloomlab-cli")
    offered=$(complete_words bloomlab-cli "")
    missing=()
    for command in "${commands[@]}"; do grep -qxF "$command" <<<"$offered" || missing+=("$command"); done
    if ((${#commands[@]} && ${#missing[@]} == 0)); then
        ok "completion offers every command (${#commands[@]})"
    else
        fail "completion does not offer: ${missing[*]:-(no commands in --help)}"
    fi
    options=$(complete_words bloomlab-cli size --)
    if grep -qx -- '--items' <<<"$options" && grep -qx -- '--fpr' <<<"$options"; then
        ok "completion offers size's options"
    else
        fail "completion of 'bloomlab-cli size --' offered: $options"
    fi
    types=$(complete_words bloomlab-cli build --type c | tr '\n' ' ')
    [[ $types == "classic counting cuckoo " ]] || fail "completion of 'build --type c' offered: $types"
    registered=$(bash -c 'source "$1"; complete -p bloomlab-cli' sh "$completion" 2>&1)
    [[ $registered == *"-F _bloomlab_cli bloomlab-cli"* ]] || fail "the completion file registers: $registered"
fi

if ((failures)); then
    echo "$failures problem(s) with the installed tree"
    exit 1
fi
echo "install into DESTDIR: everything in place and running"
