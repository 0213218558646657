#!/usr/bin/env bash
# desktop_metadata_test.sh desktop|metainfo FILE: validates the menu entry with
# desktop-file-validate (Debian's desktop-file-utils) or the AppStream metainfo with
# `appstreamcli validate --no-net` (appstream). Exit 77 (CTest: skipped) when the tool is missing.
set -uo pipefail
kind=$1
file=$2
case $kind in
    desktop) tool=desktop-file-validate; package=desktop-file-utils ;;
    metainfo) tool=appstreamcli; package=appstream ;;
    *) echo "usage: desktop_metadata_test.sh desktop|metainfo FILE" >&2; exit 2 ;;
esac
if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (Debian package $package)"
    exit 77
fi
if [[ $kind == desktop ]]; then
    # Errors fail the tool; warnings and hints (e.g. two main menu categories) fail the test too.
    out=$(desktop-file-validate "$file" 2>&1)
    status=$?
else
    out=$(appstreamcli validate --no-net --explain "$file" 2>&1)
    status=$?
fi
echo "$out"
if ((status != 0)) || [[ $kind == desktop && -n $out ]]; then
    echo "FAIL: $tool does not accept $file"
    exit 1
fi
echo "ok: $tool accepts $file"
