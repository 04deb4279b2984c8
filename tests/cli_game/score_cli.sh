#!/usr/bin/env bash
# A club's season through colonial-judge score: three finished games (a
# time limit shared by all, a concession, a surrender to an alliance), the
# same players typed with other spaces and case, the standings by two
# systems, --best, CSV and the printable page; then every kind of bad input
# refused with its reason and nothing scored.
# usage: score_cli.sh JUDGE [EMULATOR...]
set -u
judge=("${@:2}" "$1")
# shellcheck source=cli_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
fails() { echo "FAIL $1"; failures=$((failures + 1)); }

players=(--player Britain=Alice --player China=Bob --player France=Carol --player Holland=Dan
  --player Japan=Eve --player Russia=Fay --player Turkey=Gus)

# Game 1: ended when its time ran out: every survivor shares.
check new1 0 "${judge[@]}" new -o "$dir/g1.txt" "${players[@]}"
check end1 0 "${judge[@]}" end "$dir/g1.txt"
# Game 2: the same people, typed with spaces around and in other cases;
# everyone but Britain concedes.
check new2 0 "${judge[@]}" new -o "$dir/g2.txt" --player "Britain= alice " --player "China=BOB" \
  --player "France=carol  " --player "Holland=Dan" --player "Japan=EVE" --player "Russia=fay" --player "Turkey= Gus"
printf 'China: SURRENDER\nFrance: SURRENDER\nHolland: SURRENDER\nJapan: SURRENDER\nRussia: SURRENDER\nTurkey: SURRENDER\n' >"$dir/o2"
check submit2 0 "${judge[@]}" submit "$dir/g2.txt" "$dir/o2"
check play2 0 "${judge[@]}" adjudicate "$dir/g2.txt"
# Game 3: five surrender to the Russo-Turkish alliance, which votes DRAW.
check new3 0 "${judge[@]}" new -o "$dir/g3.txt" "${players[@]}"
printf 'Britain: SURRENDER\nChina: SURRENDER\nFrance: SURRENDER\nHolland: SURRENDER\nJapan: SURRENDER\nRussia: DRAW\nTurkey: DRAW\n' >"$dir/o3"
check submit3 0 "${judge[@]}" submit "$dir/g3.txt" "$dir/o3"
check play3 0 "${judge[@]}" adjudicate "$dir/g3.txt"
cp "$dir/g1.txt" "$dir/g1.before"

check systems 0 "${judge[@]}" score --systems
for name in centres draw-size sum-of-squares carnage c-diplo c-diplo-namur open-tribute manorcon; do
  expect_output systems "$name"
done

# Draw size: Alice 14.29 + 100 + 0, Fay and Gus 14.29 + 0 + 50.
check draw_size 0 "${judge[@]}" score "$dir/g1.txt" "$dir/g2.txt" "$dir/g3.txt" --system draw-size
expect_output draw_size "3 games scored."
grep -Eq '^ +1  Alice +3 +114\.29 +38\.10$' "$dir/out" || fails "draw_size: Alice first with 114.29 over 3 games"
grep -Eq '^ +[23]  Fay +3 +64\.29 +21\.43$' "$dir/out" || fails "draw_size: Fay 64.29"
grep -Eq '^ +[45678]  Bob +3 +14\.29 +4\.76$' "$dir/out" || fails "draw_size: Bob 14.29, one player for BOB and Bob"
[[ $(grep -c 'Alice\|alice' "$dir/out") -eq 1 ]] || fails "draw_size: ' alice ' is Alice"

# --best 1: each player's best game orders the table.
check best 0 "${judge[@]}" score "$dir/g1.txt" "$dir/g2.txt" "$dir/g3.txt" --system draw-size --best 1
expect_output best "Best 1"
grep -Eq '^ +1  Alice +3 +114\.29 +38\.10 +100\.00$' "$dir/out" || fails "best: Alice's best game 100"
grep -Eq '^ +[23]  Gus +3 +64\.29 +21\.43 +50\.00$' "$dir/out" || fails "best: Gus's best game 50"

# Carnage on Colonial: a concession is a solo of 28,058 (7 x 1000 places
# and the 58 colonies); the names as this game's record spells them, trimmed.
check carnage 0 "${judge[@]}" score "$dir/g2.txt" --system carnage --csv
expect_output carnage "Player,Games,Total,Average"
expect_output carnage "alice,1,28058.00,28058.00"
expect_output carnage "BOB,1,0.00,0.00"

# Two spellings merged by hand; the printable page.
check merge 0 "${judge[@]}" score "$dir/g1.txt" "$dir/g3.txt" --system c-diplo --same-player "Gus=Fay" \
  --html "$dir/season.html"
grep -Eq '^ +[0-9]+  Fay +4 ' "$dir/out" || fails "merge: Gus counted as Fay"
grep -q 'Gus' "$dir/out" && fails "merge: Gus still listed"
grep -q '<table>' "$dir/season.html" || fails "html: no table"
grep -q '<td>Fay</td><td class="n">4</td>' "$dir/season.html" || fails "html: Fay's row"

# In French.
check french 0 "${judge[@]}" --language fr score "$dir/g1.txt" --system sum-of-squares
expect_output french "Joueur"
expect_output french "Somme des carrés"

# Bad input: nothing scored, every problem named.
check unknown 2 "${judge[@]}" score "$dir/g1.txt" --system tribute
expect_output unknown "no scoring system 'tribute'"
check no_system 2 "${judge[@]}" score "$dir/g1.txt"
check bad_best 2 "${judge[@]}" score "$dir/g1.txt" --system carnage --best 0
check bad_same 2 "${judge[@]}" score "$dir/g1.txt" --system carnage --same-player Gus
check no_records 2 "${judge[@]}" score --system carnage
check new4 0 "${judge[@]}" new -o "$dir/g4.txt" "${players[@]}"
check unfinished 1 "${judge[@]}" score "$dir/g1.txt" "$dir/g4.txt" --system carnage
expect_output unfinished "g4.txt: the game is not finished"
expect_output unfinished "1 record could not be scored; nothing was scored"
grep -q Alice "$dir/out" && fails "unfinished: a table was printed"
cp "$dir/g1.txt" "$dir/copy.txt"
check duplicate 1 "${judge[@]}" score "$dir/g1.txt" "$dir/g2.txt" "$dir/copy.txt" --system carnage
expect_output duplicate "copy.txt is the same game as $dir/g1.txt"
head -c 200 "$dir/g3.txt" >"$dir/cut.txt"
printf 'nonsense\n' >"$dir/junk.txt"
check damaged 1 "${judge[@]}" score "$dir/g1.txt" "$dir/cut.txt" "$dir/junk.txt" "$dir/missing.txt" --system carnage
expect_output damaged "cut.txt:"
expect_output damaged "junk.txt is not a Colonial game record"
expect_output damaged "missing.txt"
expect_output damaged "3 records could not be scored"
cp "$dir/season.html" "$dir/season.before"
check html_kept 1 "${judge[@]}" score "$dir/g4.txt" --system carnage --html "$dir/season.html"
cmp -s "$dir/season.html" "$dir/season.before" || fails "html_kept: the page was overwritten by a failed run"
cmp -s "$dir/g1.txt" "$dir/g1.before" || fails "scoring changed a record"

# A game announced as scored by Carnage keeps it in its record and shows
# each player's points when it is over.
check new_scored 0 "${judge[@]}" new -o "$dir/g5.txt" "${players[@]}" --rule scoring=carnage
grep -q ' scoring=carnage' "$dir/g5.txt" || fails "new_scored: the record lacks scoring=carnage"
check end_scored 0 "${judge[@]}" end "$dir/g5.txt"
expect_output end_scored "scores (Carnage): Britain (Alice) 7006.00, China (Bob) "
check show_scored 0 "${judge[@]}" show "$dir/g5.txt"
expect_output show_scored "scores (Carnage): Britain (Alice) 7006.00"
check end_unscored 0 "${judge[@]}" show "$dir/g1.txt"
grep -q "scores (" "$dir/out" && fails "an unscored game shows scores"
check bad_rule 2 "${judge[@]}" new -o "$dir/g6.txt" --rule scoring=tribute
expect_output bad_rule "scoring: 'tribute' is not none or a scoring system"
[[ -e "$dir/g6.txt" ]] && fails "bad_rule: a record was written"

# A secret end year: kept in the record, not shown, the game over after it.
check secret 0 "${judge[@]}" new -o "$dir/g7.txt" "${players[@]}" --secret-end 1872-1872 --rule scoring=draw-size
grep -q '^secret-end-year 1872-1872 1872$' "$dir/g7.txt" || fails "secret: the record lacks the year"
check secret_show 0 "${judge[@]}" show "$dir/g7.txt"
grep -qi "secret" "$dir/out" && fails "secret_show: the secret year is shown"
check secret_1870 0 "${judge[@]}" adjudicate "$dir/g7.txt"
expect_output secret_1870 "1872"
for _ in 1 2 3; do  # 1872, and its adjustments if anyone builds
  grep -q "^result none" "$dir/g7.txt" && "${judge[@]}" adjudicate "$dir/g7.txt" >/dev/null 2>&1
done
check secret_over 0 "${judge[@]}" show "$dir/g7.txt"
expect_output secret_over "game over: turn limit reached"
expect_output secret_over "scores (Draw size): Britain (Alice) 14.29"
check secret_bad 2 "${judge[@]}" new -o "$dir/g8.txt" --secret-end 1880-1870
expect_output secret_bad "expected --secret-end FIRST-LAST"

echo "$checks checks, $failures failed"
[[ $failures -eq 0 ]]
