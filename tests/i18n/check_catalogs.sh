#!/usr/bin/env bash
# The translation catalogs are complete and current:
#   - each po/LANG.po compiles with `msgfmt --check` (formats, headers,
#     plural forms) and has no untranslated or fuzzy message;
#   - every string the sources mark today (po/extract.sh: xgettext over the
#     tree) is in each catalog, translated: a new English string fails this
#     test until its French and German are written;
#   - po/colonial.pot holds the same messages as that extraction, and no
#     catalog keeps messages the sources no longer have.
# `cmake --build build --target pot` brings the template and the catalogs
# up to date with the sources (new messages then wait, untranslated, for
# their translator).
#   check_catalogs.sh SOURCE_DIR SCRATCH_DIR
set -euo pipefail
src=$1 scratch=$2
mkdir -p "$scratch"
fresh="$scratch/fresh.pot"
"$src/po/extract.sh" "$fresh"
status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}
mapfile -t languages <"$src/po/LINGUAS"
for lang in "${languages[@]}"; do
  po="$src/po/$lang.po"
  if ! stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
    fail "$lang.po does not compile: $stats"
    continue
  fi
  case $stats in
    *fuzzy* | *untranslated*) fail "$lang.po: $stats (translate them, then remove the fuzzy marks)" ;;
  esac
  # Each message of the sources, translated (msgcmp counts neither fuzzy nor
  # untranslated messages as present).
  msgcmp "$po" "$fresh" >"$scratch/msgcmp-$lang.txt" 2>&1 ||
    fail "$lang.po lacks translations of the sources' messages:
$(grep -A2 'this message' "$scratch/msgcmp-$lang.txt" | head -40)"
  obsolete=$(msgattrib --only-obsolete --no-wrap "$po" | grep -c '^#~ msgid' || true)
  [[ $obsolete -eq 0 ]] || fail "$lang.po keeps $obsolete obsolete messages (#~): remove them"
  echo "$lang.po: $stats"
done
# The template in the tree is the extraction of today's sources, both ways.
if ! msgcmp --use-untranslated "$src/po/colonial.pot" "$fresh" >"$scratch/pot-new.txt" 2>&1 ||
  ! msgcmp --use-untranslated "$fresh" "$src/po/colonial.pot" >"$scratch/pot-old.txt" 2>&1; then
  fail "po/colonial.pot is not the extraction of the sources: run cmake --build build --target pot
$(cat "$scratch/pot-new.txt" "$scratch/pot-old.txt" | head -20)"
fi
[[ $status -eq 0 ]] && echo "catalogs complete: $(grep -c '^msgid ' "$fresh") messages, ${languages[*]}"
exit $status
