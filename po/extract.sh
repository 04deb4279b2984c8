#!/usr/bin/env bash
# Extracts every translatable string of the sources into a gettext template:
#   po/extract.sh OUT.pot
# The marks xgettext looks for: tr(), trc(), trn(), trcn() (game/text/
# translate.h), N_() and NC_() (engine/phrases.h), the engine's phrase
# table (engine/phrases.def), and platform/'s file messages (localized(),
# dgettext()); comments starting TRANSLATORS: go along.
# po/colonial.pot is this script's output (`cmake --build build --target
# pot` makes it and merges it into the catalogs); the catalogs test
# compares a fresh extraction with it and with each catalog.
set -euo pipefail
out=$1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t files < <(find engine platform game -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.def' \) | LC_ALL=C sort)
xgettext --from-code=UTF-8 --language=C++ --add-comments=TRANSLATORS: --add-location=file \
  --package-name=colonial --msgid-bugs-address=colonial@example.org \
  --keyword=tr --keyword=trc:1c,2 --keyword=trn:1,2 --keyword=trcn:1c,2,3 --keyword=N_ --keyword=NC_:1c,2 \
  --keyword=localized --keyword=PHRASE:2c,3 --keyword=PHRASE_EXTRA:2c,3 --keyword=PHRASE_N:2c,3,4 \
  --output="$out" "${files[@]}"
