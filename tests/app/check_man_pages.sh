#!/usr/bin/env bash
# The manual pages in docs/man must be what tools/man/make_man.py writes from
# the programs' own --help (the options, and the controls from the one table
# of controls; both also in each language of the catalogs, docs/man/LANG/),
# and groff must read them without a warning.
#   check_man_pages.sh COLONIAL COLONIAL_JUDGE SOURCE_DIR OUT_DIR
set -euo pipefail
colonial=$1 judge=$2 src=$3 out=$4
mkdir -p "$out"
python3 "$src/tools/man/make_man.py" "$colonial" "$judge" "$out"
status=0
mapfile -t languages <"$src/po/LINGUAS"
pages=(colonial.6 colonial-judge.6)
for lang in "${languages[@]}"; do pages+=("$lang/colonial.6" "$lang/colonial-judge.6"); done
for page in "${pages[@]}"; do
  if ! diff -u "$src/docs/man/$page" "$out/$page"; then
    echo "docs/man/$page differs from the programs' help: run" >&2
    echo "  python3 tools/man/make_man.py $colonial $judge docs/man" >&2
    status=1
  fi
  warnings=$(groff -k -man -Tutf8 -ww -z "$out/$page" 2>&1)
  if [[ -n $warnings ]]; then
    echo "groff warns about $page: $warnings" >&2
    status=1
  fi
done
[[ $status -eq 0 ]] && echo "man pages match the programs' help"
exit $status
