#!/usr/bin/env bash
# check_deb.sh DEB ARCH [RUNNER...]
# Checks a Colonial package as a Raspberry Pi owner would get it: lintian
# with no errors and no warnings, the architecture and dependencies dpkg will install,
# stripped programs in /usr/games, the man pages, icon and desktop entry, the
# translation catalogs.
# Then unpacks it and runs the unpacked programs (through RUNNER, an
# emulator such as "qemu-aarch64 -L /usr/aarch64-linux-gnu", for another
# architecture): the version, and the start position drawn headless with
# the assets and the system font the package points to.
set -euo pipefail
deb=$1 arch=$2
shift 2
runner=("$@")
fail() {
  echo "check_deb.sh $(basename "$deb"): $*" >&2
  exit 1
}
[[ -f $deb ]] || fail "no such package"

echo "--- lintian"
lintian_out=$(lintian --fail-on error,warning "$deb" 2>&1) ||
  fail "lintian reports problems:
$lintian_out"
[[ -z $lintian_out ]] || echo "$lintian_out"

echo "--- control"
field() { dpkg-deb -f "$deb" "$1"; }
[[ $(field Architecture) == "$arch" ]] || fail "Architecture is $(field Architecture), not $arch"
depends=$(field Depends)
for needed in fonts-dejavu-core libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-ttf-2.0-0 libc6; do
  grep -q "\b$needed\b" <<<"$depends" || fail "Depends lacks $needed: $depends"
done
echo "Architecture: $arch; Depends: $depends"
echo "Installed-Size: $(field Installed-Size) KiB; package: $(stat -c %s "$deb") bytes"

echo "--- contents"
contents=$(dpkg-deb -c "$deb")
for path in ./usr/games/colonial ./usr/games/colonial-judge ./usr/share/man/man6/colonial.6.gz \
  ./usr/share/man/man6/colonial-judge.6.gz ./usr/share/doc/colonial/copyright ./usr/share/doc/colonial/changelog.gz \
  ./usr/share/applications/colonial.desktop ./usr/share/icons/hicolor/scalable/apps/colonial.svg \
  ./usr/share/icons/hicolor/256x256/apps/colonial.png ./usr/share/games/colonial/assets/art/colonial_ids.png \
  ./usr/share/games/colonial/assets/web/pad.html ./usr/share/games/colonial/assets/web/gm.html \
  ./usr/share/games/colonial/assets/web/board.js ./usr/share/games/colonial/assets/gamepads/handhelds.txt \
  ./lib/systemd/system/colonial-kiosk.service ./usr/share/locale/fr/LC_MESSAGES/colonial.mo \
  ./usr/share/locale/de/LC_MESSAGES/colonial.mo ./usr/share/man/fr/man6/colonial-judge.6.gz \
  ./usr/share/man/de/man6/colonial-judge.6.gz ./usr/share/man/fr/man6/colonial.6.gz \
  ./usr/share/man/de/man6/colonial.6.gz; do
  grep -q " $path\( \|$\)" <<<"$contents" || fail "the package lacks $path"
done
! grep -q "DejaVuSans.ttf" <<<"$contents" || fail "the package carries a copy of the font"

unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
# The kiosk's unit, installed disabled: systemd has nothing to say about it.
"$(dirname "$0")/../tests/ui/check_kiosk_unit.sh" "$unpacked/lib/systemd/system/colonial-kiosk.service" \
  "$unpacked/usr/games/colonial" || fail "the kiosk's systemd unit does not verify"
for program in colonial colonial-judge; do
  info=$(file -b "$unpacked/usr/games/$program")
  grep -q "stripped" <<<"$info" && ! grep -q "not stripped" <<<"$info" || fail "$program is not stripped: $info"
  echo "$program: $(stat -c %s "$unpacked/usr/games/$program") bytes, $info"
done

echo "--- the unpacked programs"
# The font comes from the system (fonts-dejavu-core), the rest from the package.
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[[ -r $font ]] || fail "fonts-dejavu-core is not installed here"
"${runner[@]}" "$unpacked/usr/games/colonial-judge" --version
# The judge finds the package's catalogs from /usr/games (../share/locale).
said=$("${runner[@]}" "$unpacked/usr/games/colonial-judge" --language de help show) ||
  fail "the unpacked judge gives no help"
grep -q "^Aufruf: colonial-judge show SPIEL" <<<"$said" || fail "the unpacked judge does not speak German: $said"
echo "colonial-judge --language de: $(head -1 <<<"$said")"
"${runner[@]}" "$unpacked/usr/games/colonial" --version
shot=$unpacked/shot.png
log=$(env -u DISPLAY -u WAYLAND_DISPLAY -u COLONIAL_ASSETS SDL_VIDEODRIVER=offscreen \
  "${runner[@]}" "$unpacked/usr/games/colonial" --screenshot "$shot" --size 800x480 2>&1) ||
  fail "the unpacked app did not draw: $log"
echo "$log"
grep -q "art $unpacked/usr/games/../share/games/colonial/assets/art, font $font)" <<<"$log" ||
  fail "the unpacked app did not draw with the package's art and the system's font"
file -b "$shot" | grep -q "PNG image data, 800 x 480" || fail "no screenshot: $(file -b "$shot")"
echo "check_deb.sh $(basename "$deb"): passed"
