#!/usr/bin/env bash
# colonial-judge in French and German: --language and the environment choose;
# the errors of the command line, of typed orders and of the game, the help,
# the results in sentences; a language with no catalog, or a damaged
# catalog, falls back to English with one line; a game played in any
# language writes the same record.
# usage: i18n_cli.sh JUDGE [EMULATOR...]
set -u
judge=("${@:2}" "$1")
# shellcheck source=../cli_game/cli_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../cli_game/cli_lib.sh"
unset LANGUAGE LC_ALL LC_MESSAGES LANG

# The command line's own errors.
check fr_unknown_command 2 "${judge[@]}" --language fr frobnicate
expect_output fr_unknown_command "colonial-judge : aucune commande 'frobnicate' ; lancez colonial-judge --help"
check de_unknown_command 2 "${judge[@]}" --language=de frobnicate
expect_output de_unknown_command "colonial-judge: kein Befehl 'frobnicate'; siehe colonial-judge --help"
check fr_unknown_option 2 "${judge[@]}" show "$game" --colour --language fr
expect_output fr_unknown_option "colonial-judge show : option inconnue '--colour' (voir colonial-judge help show)"
check de_too_few 2 "${judge[@]}" --language de show
expect_output de_too_few "colonial-judge show: zu wenige Argumente; Aufruf: colonial-judge show SPIEL"
check fr_help 0 "${judge[@]}" --language fr --help
expect_output fr_help "commencer une partie et écrire son historique"
check de_help_new 0 "${judge[@]}" --language de help new
expect_output de_help_new "Beginnt eine Partie und schreibt ihr Protokoll nach SPIEL."
expect_output de_help_new "conscription=on|off: In jedem freien Versorgungszentrum bauen"

# Every command's summary and help in French and German: none left in English.
mapfile -t commands < <("${judge[@]}" --language en --help | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1}')
for lang in fr de; do
  english=$("${judge[@]}" --language en --help)
  translated=$("${judge[@]}" --language "$lang" --help)
  for c in "${commands[@]}"; do
    checks=$((checks + 2))
    summary=$(grep -m1 "^  $c " <<<"$english")
    grep -qxF -- "$summary" <<<"$translated" && { echo "FAIL $lang: the summary of $c is English"; failures=$((failures + 1)); }
    "${judge[@]}" --language "$lang" help "$c" | head -1 | grep -q '^usage:' &&
      { echo "FAIL $lang: help $c is English"; failures=$((failures + 1)); }
  done
done
check fr_missing_file 1 "${judge[@]}" --language fr show "$dir/no-such-game.colonial"
expect_output fr_missing_file "colonial-judge : impossible d'ouvrir $dir/no-such-game.colonial : "
check de_directory 1 "${judge[@]}" --language de verify "$dir"
expect_output de_directory "$dir lässt sich nicht lesen: es ist ein Verzeichnis"
check de_daide_port 2 "${judge[@]}" --language de daide "$game" --port 99999
expect_output de_daide_port "colonial-judge daide: --port erwartet 0 bis 65535, nicht 99999"
check fr_serve_gm 2 "${judge[@]}" --language fr serve "$game" --gm maybe
expect_output fr_serve_gm "--gm attend on ou off, pas maybe"
check fr_tournament 2 "${judge[@]}" --language fr tournament --games 1 --bot hard --vs nobody
expect_output fr_tournament "--vs attend random, easy, normal ou hard, pas 'nobody'"

# The language from the environment, as gettext reads it.
check env_lang 2 env LANG=de_DE.UTF-8 "${judge[@]}" frobnicate
expect_output env_lang "kein Befehl 'frobnicate'"
check env_language 2 env LANGUAGE=fr:de "${judge[@]}" frobnicate
expect_output env_language "aucune commande 'frobnicate'"
check env_c 2 env LANGUAGE=fr LC_ALL=C "${judge[@]}" frobnicate
expect_output env_c "no command 'frobnicate'"
check option_first 2 env LANG=de_DE.UTF-8 "${judge[@]}" --language fr frobnicate
expect_output option_first "aucune commande 'frobnicate'"

# No catalog: English, and one line saying so.
check unknown_language 0 "${judge[@]}" --language tlh new -o "$game"
expect_output unknown_language "colonial-judge: no catalog for language 'tlh'"
expect_output unknown_language "new game in"
[[ $(grep -c "no catalog" "$dir/out") -eq 1 ]] || { echo "FAIL unknown_language: not one line"; failures=$((failures + 1)); }
# A damaged catalog found first: English, and one line saying so.
mkdir -p "$dir/locale/fr/LC_MESSAGES"
printf '\336\022\004\225garbage' >"$dir/locale/fr/LC_MESSAGES/colonial.mo"
check damaged_catalog 2 env COLONIAL_LOCALEDIR="$dir/locale" "${judge[@]}" --language fr frobnicate
expect_output damaged_catalog "colonial-judge: the catalog $dir/locale/fr/LC_MESSAGES/colonial.mo is damaged"
expect_output damaged_catalog "no command 'frobnicate'"

# A game in French: typed orders with their errors, void orders, results.
check fr_new 0 "${judge[@]}" --language fr new -o "$game"
expect_output fr_new "nouvelle partie dans $game : Colonial, 1870, mouvements"
printf 'France: A TON - CAN\nBritain: F HK S A TON - CAN\nA DEL - Lucnow\nRussia: A MOS-TSR-IRK\n' >"$dir/orders"
check fr_submit_error 1 "${judge[@]}" --language fr submit "$game" "$dir/orders"
expect_output fr_submit_error "ligne 3 : erreur : aucune province 'Lucnow' – vouliez-vous dire Lucknow (LUC) ?"
expect_output fr_submit_error "colonial-judge submit : 1 ligne refusée ; rien n'est enregistré"
printf 'France: A TON - CAN\nBritain: F HK S A TON - CAN, A DEL - Bay of Bengal\nRussia: A MOS-TSR-IRK\n' >"$dir/orders"
check fr_submit 0 "${judge[@]}" --language fr submit "$game" "$dir/orders"
expect_output fr_submit "ligne 2 : accepté mais impossible, l'unité tiendra : A DEL ne peut pas atteindre Bay of Bengal : les armées n'entrent pas en mer"
expect_output fr_submit "Grande-Bretagne : 2 ordres rendus"
expect_output fr_submit "France : 1 ordre rendu"
check fr_adjudicate 0 "${judge[@]}" --language fr adjudicate "$game"
expect_output fr_adjudicate "France : A ton - can : réussi"
expect_output fr_adjudicate "Chine : A can H : pas d'ordre, a tenu; délogée depuis Tongking"
expect_output fr_adjudicate "1870, retraites"
expect_output fr_adjudicate "France    3 colonies,  3 unités : F ANN A CAN A COC"
expect_output fr_adjudicate "délogée : Chine A Canton (attaquée depuis Tongking)"
check fr_sentences 0 "${judge[@]}" --language fr results "$game" --style sentences
expect_output fr_sentences "La flotte britannique à Hong Kong a soutenu l'armée française depuis Tongking vers Canton."
check de_sentences 0 "${judge[@]}" --language de results "$game" --style sentences
expect_output de_sentences "Die britische Flotte in Hong Kong unterstützte die französische Armee von Tongking nach Canton."
expect_output de_sentences "Die russische Armee aus Moscow erreichte Irkutsk per Eisenbahn."
check de_results_bad 2 "${judge[@]}" --language de results "$game" 7
expect_output de_results_bad "colonial-judge results: die Phasennummer muss zwischen 1 und 1 liegen"
check de_rule 2 "${judge[@]}" --language de new -o "$dir/x.txt" --rule civil-disorder=2000
expect_output de_rule "civil-disorder: '2000' ist nicht 1995 oder era-of-empire"
check de_rules 0 "${judge[@]}" --language de rules --preset era-of-empire
expect_output de_rules "Regeln von Era of Empire"
expect_output de_rules "Konskription"
check fr_parse 1 sh -c "printf 'Britain: F HK S F GOS-SCS\nFrance: A PEK H\n' | $(printf '%q ' "${judge[@]}") --language fr parse --position start"
expect_output fr_parse "ok Britain: F hon S F gos - scs"
expect_output fr_parse "error wrong-power: l'armée à Peking est chinoise, pas française (colonne 11)"

# The same game played in English, French and German: the same record.
for lang in en fr de; do
  "${judge[@]}" --language "$lang" new -o "$dir/$lang.txt" >/dev/null
  "${judge[@]}" --language "$lang" submit "$dir/$lang.txt" "$dir/orders" >/dev/null
  "${judge[@]}" --language "$lang" adjudicate "$dir/$lang.txt" >/dev/null
done
checks=$((checks + 2))
cmp -s "$dir/en.txt" "$dir/fr.txt" || { echo "FAIL the French record differs"; diff "$dir/en.txt" "$dir/fr.txt"; failures=$((failures + 1)); }
cmp -s "$dir/en.txt" "$dir/de.txt" || { echo "FAIL the German record differs"; diff "$dir/en.txt" "$dir/de.txt"; failures=$((failures + 1)); }
# A game saved in German opens in French.
check de_to_fr 0 "${judge[@]}" --language fr verify "$dir/de.txt"
expect_output de_to_fr "1 phase rejouée, tous les résultats et positions concordent"

passed=$((checks - failures))
echo "$passed passed, $failures failed"
[[ $failures -eq 0 ]]
