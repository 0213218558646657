#!/usr/bin/env bash
# Re-extracts every translatable string of the desktop app (ui/ and app/gui/) into the
# translation files with Qt's lupdate:
#   translations/bloomlab_ru.ts, _ja.ts, _hi.ts   one per language, for the translators
#   translations/bloomlab_en.ts                    English plural forms only ("%n bit(s)" ->
#                                                  "1 bit" / "2 bits"); the source texts are English
# Translations already made are kept; a string whose source text changed comes back unfinished
# (with the old translation as a suggestion where lupdate finds a similar text); strings no longer
# in the code stay in the file marked vanished, so a translation is not lost to a rename.
#   scripts/update-translations.sh          update all four files
#   scripts/update-translations.sh ru ja    update only these languages
# The build (ui/CMakeLists.txt) turns the .ts files into .qm files with lrelease; the CMake
# target `update_translations` runs this script. LUPDATE=/path/to/lupdate overrides the tool;
# TS_DIR=/some/dir writes the files there instead of translations/ (the test that the committed
# files are up to date compares such a run with them).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

LANGUAGES=(ru ja hi en)
if (($#)); then
    for lang in "$@"; do
        if [[ ! " ${LANGUAGES[*]} " == *" $lang "* ]]; then
            echo "update-translations: unknown language '$lang' (known: ${LANGUAGES[*]}; a new" \
                 "language is added to LANGUAGES in this script, see docs/gui.md)" >&2
            exit 2
        fi
    done
    LANGUAGES=("$@")
fi

LUPDATE=${LUPDATE:-}
if [[ -z $LUPDATE ]]; then
    for candidate in /usr/lib/qt6/bin/lupdate "$(command -v lupdate6 || true)" "$(command -v lupdate || true)"; do
        if [[ -n $candidate && -x $candidate ]]; then
            LUPDATE=$candidate
            break
        fi
    done
fi
if [[ -z $LUPDATE || ! -x $LUPDATE ]]; then
    echo "update-translations: Qt 6 lupdate not found (Debian: apt-get install qt6-l10n-tools;" \
         "or set LUPDATE=/path/to/lupdate)" >&2
    exit 1
fi

# -I "$ROOT": the sources include their headers as "ui/main_window.h", from the project root.
#   Without it lupdate sees no class declarations and files bloomlab::ui::MainWindow::tr() under
#   the context "MainWindow", which the running program never asks for.
# -locations none: no file names and line numbers in the .ts files, so a code change elsewhere
#   does not touch every translation file (and translators merging their work do not collide).
# -source-language en, -target-language: the plural rules (number of %n forms) of each language.
TS_DIR=${TS_DIR:-$ROOT/translations}
mkdir -p "$TS_DIR"
for lang in "${LANGUAGES[@]}"; do
    options=(-I "$ROOT" -locations none -source-language en -target-language "$lang")
    [[ $lang == en ]] && options+=(-pluralonly)
    "$LUPDATE" -silent "${options[@]}" "$ROOT/ui" "$ROOT/app/gui" -ts "$TS_DIR/bloomlab_$lang.ts"
    echo "updated $TS_DIR/bloomlab_$lang.ts"
done
