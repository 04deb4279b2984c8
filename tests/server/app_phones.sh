#!/usr/bin/env bash
# The app in companion mode serving the players' phones: the game master
# opens Phones, starts serving; every phone (played here by curl, on
# 127.0.0.1 only) sends orders and says Done; the app plays the phase and
# shows the results; the autosave holds the phones' orders.
# usage: app_phones.sh COLONIAL JUDGE SOURCE_DIR OUT_DIR
set -u
colonial=$1 judge=$2 src=$3 out=$4
rm -rf "$out"
mkdir -p "$out"
save=$out/save.colonial
log=$out/log.txt
# SDL's software renderer, as the e2e cases: a third of llvmpipe's CPU.
SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$colonial" --companion --new-game --seed 7 \
  --save "$save" --phones-listen 127.0.0.1 --script "$src/app_phones.script" --shots "$out" >"$log" 2>&1 &
app=$!
for _ in $(seq 300); do
  [[ $(grep -c '^event phone-seat ' "$log") -ge 7 ]] && break
  sleep 0.1
done
# The phone-seat events (docs/EVENTS.md): event phone-seat power=P url=U.
seats=$(grep '^event phone-seat ' "$log" | sed -E 's/^event phone-seat power=([^ ]*) url=([^ ]*).*/\1 \2/')
[[ $(echo "$seats" | wc -l) -eq 7 ]] || { echo "the app printed no seats"; cat "$log"; kill $app; exit 1; }
fail=0
while read -r power url; do
  [[ $url == http://127.0.0.1:* ]] || { echo "seat not on 127.0.0.1: $url"; fail=1; continue; }
  if [[ $power == Britain ]]; then
    code=$(curl -s -m 5 -o /dev/null -w '%{http_code}' --data-binary $'A DEL - PUN\n' "${url}orders")
    [[ $code == 200 ]] || { echo "Britain's orders: $code"; fail=1; }
  fi
  code=$(curl -s -m 5 -o /dev/null -w '%{http_code}' --data-binary done "${url}done")
  [[ $code == 200 ]] || { echo "$power done: $code"; fail=1; }
done <<<"$seats"
wait $app
status=$?
if [[ $status -ne 0 ]]; then
  echo "the app ended with $status"
  cat "$log"
  exit 1
fi
grep -q '^event script-finished ' "$log" || { echo "the script did not finish"; cat "$log"; exit 1; }
"$judge" verify "$save" >/dev/null || { echo "the autosave does not verify"; exit 1; }
grep -q 'A del - pun' "$save" || { echo "Britain's phone order is not in the record"; exit 1; }
[[ $fail -eq 0 ]] || exit 1
echo "app_phones: the phones' orders were played and saved"
