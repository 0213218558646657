#!/usr/bin/env bash
# The committed translations/*.ts files are what lupdate extracts from the code now: a tr() text
# added, changed or removed without running scripts/update-translations.sh fails here (its
# translators would never see it, or translate a text the program no longer shows). The script
# runs on copies of the files, so the comparison is byte for byte (the files hold no source
# locations). Exit 77 (skipped) when Qt's lupdate is not installed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
lupdate=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
if [[ ! -x $lupdate ]]; then
    echo "SKIP: $lupdate not found (Debian: qt6-l10n-tools)"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root"/translations/bloomlab_*.ts "$work"/
TS_DIR=$work LUPDATE=$lupdate "$root/scripts/update-translations.sh" >/dev/null
status=0
for committed in "$root"/translations/bloomlab_*.ts; do
    name=$(basename "$committed")
    if ! cmp -s "$committed" "$work/$name"; then
        echo "FAIL: translations/$name differs from what lupdate extracts now:"
        diff -u "$committed" "$work/$name" | head -40
        status=1
    fi
done
if ((status)); then
    echo "run scripts/update-translations.sh and commit the .ts files with the code"
else
    echo "translations/*.ts are up to date ($(ls "$root"/translations/bloomlab_*.ts | wc -l) files)"
fi
# The script refuses a language it does not know, with a non-zero exit and a message.
if TS_DIR=$work LUPDATE=$lupdate "$root/scripts/update-translations.sh" xx >"$work/out" 2>&1; then
    echo "FAIL: update-translations.sh accepted the unknown language 'xx'"
    status=1
elif ! grep -q "unknown language 'xx'" "$work/out"; then
    echo "FAIL: update-translations.sh xx said: $(cat "$work/out")"
    status=1
fi
exit $status
