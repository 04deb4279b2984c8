#!/usr/bin/env bash
# ship_libraries.sh ROOT PORTDIR: puts into PORTDIR/libs.aarch64 every
# library PORTDIR/colonial.aarch64 needs (directly or through another
# library) that a firmware may lack, taken from ROOT (packaging/portmaster/
# sysroot.sh: Debian 11's builds, glibc 2.31), and into PORTDIR/licenses the
# licence of everything in the port, listed in licenses/libraries.txt.
#
# What the firmwares provide (every firmware PortMaster runs on has them, and
# a copy of ours would override the firmware's own, which its GPU driver and
# SDL2 are built against): glibc, libgcc_s, zlib and SDL2 itself (with the
# firmware's KMS/DRM, GPU and input drivers). Everything else the program
# needs is shipped: SDL2_ttf and FreeType (with libpng and Brotli), SDL2_image,
# libqrencode, libsodium, LZ4. A library needed by neither list stops the
# build, so a new dependency is decided here, not found on a handheld.
set -euo pipefail
root=$1 portdir=$2
tree=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
firmware=" libc.so.6 libm.so.6 libpthread.so.0 libdl.so.2 librt.so.1 ld-linux-aarch64.so.1 libgcc_s.so.1 libz.so.1 libSDL2-2.0.so.0 "
# soname: the Debian package it comes from (its copyright file is its licence;
# colonial-port/NAME.copyright: built by sysroot.sh from that source package).
declare -A package=(
  [libSDL2_ttf-2.0.so.0]=libsdl2-ttf-2.0-0
  [libfreetype.so.6]=libfreetype6
  [libpng16.so.16]=libpng16-16
  [libbrotlidec.so.1]=libbrotli1
  [libbrotlicommon.so.1]=libbrotli1
  [libSDL2_image-2.0.so.0]=colonial-port/libsdl2-image
  [libqrencode.so.4]=libqrencode4
  [libsodium.so.23]=libsodium23
  [liblz4.so.1]=liblz4-1
)
libs=$portdir/libs.aarch64
licenses=$portdir/licenses
mkdir -p "$libs" "$licenses"

needed() { aarch64-linux-gnu-readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
find_lib() {
  local dir
  for dir in "$root/usr/lib/aarch64-linux-gnu" "$root/lib/aarch64-linux-gnu"; do
    [[ -e $dir/$1 ]] && { echo "$dir/$1"; return; }
  done
  echo "ship_libraries: $1 is not in the root $root" >&2
  exit 1
}
# licence_of PACKAGE: the copyright file of PACKAGE in the root, copied once.
licence_of() {
  local name=${1##*/}.copyright
  local from=$root/usr/share/doc/$1/copyright
  [[ $1 == */* ]] && from=$root/usr/share/doc/$1.copyright
  [[ -f $licenses/$name ]] || cp "$from" "$licenses/$name"
  echo "$name"
}

{
  echo "# Each file of libs.aarch64, the Debian package it was taken from (Debian 11, arm64)"
  echo "# or built from (Debian 12's source), and its licence in this folder."
} >"$licenses/libraries.txt"
queue=("$portdir/colonial.aarch64")
declare -A seen=()
while [[ ${#queue[@]} -gt 0 ]]; do
  file=${queue[0]}
  queue=("${queue[@]:1}")
  for lib in $(needed "$file"); do
    [[ -n ${seen[$lib]:-} || $firmware == *" $lib "* ]] && continue
    seen[$lib]=1
    if [[ -z ${package[$lib]:-} ]]; then
      echo "ship_libraries: $(basename "$file") needs $lib, which is neither the firmware's nor shipped:" \
        "decide in $0" >&2
      exit 1
    fi
    cp -L "$(find_lib "$lib")" "$libs/$lib"
    chmod 644 "$libs/$lib"
    aarch64-linux-gnu-strip --strip-unneeded "$libs/$lib"
    echo "$lib ${package[$lib]##*/} $(licence_of "${package[$lib]}")" >>"$licenses/libraries.txt"
    queue+=("$libs/$lib")
  done
done

# What is inside colonial.aarch64 and its assets.
cp "$tree/LICENSE" "$licenses/colonial.LICENSE.txt"
cp "$tree/packaging/copyright" "$licenses/colonial.copyright"
cp "$tree/assets/fonts/DejaVuSans-LICENSE.txt" "$licenses/DejaVuSans.LICENSE.txt"
cp "$tree"/assets/art/GSHHG-*.txt "$licenses/"
cp "$root/usr/share/doc/libimgui-dev/copyright" "$licenses/imgui.copyright"
cp "$root/usr/share/doc/nlohmann-json3-dev/copyright" "$licenses/nlohmann-json.copyright"
cp "$root/usr/share/doc/colonial-port/cpp-httplib.copyright" "$licenses/cpp-httplib.copyright"
cp /usr/share/doc/gcc-12-aarch64-linux-gnu-base/copyright "$licenses/gcc-runtime.copyright"
cat >"$licenses/README.txt" <<'EOF'
Licences of everything in this port.

colonial.aarch64 is Colonial (GPL-3.0 or later: colonial.LICENSE.txt; its
assets and what it is built from: colonial.copyright). Linked into it:
Dear ImGui 1.86 (imgui.copyright), nlohmann-json 3.11 (nlohmann-json.copyright),
cpp-httplib 0.11.4 (cpp-httplib.copyright) and GCC 12's C++ runtime,
libstdc++ (GPL-3.0 with the GCC Runtime Library Exception:
gcc-runtime.copyright). The font is DejaVu Sans (DejaVuSans.LICENSE.txt); the
board art is drawn from GSHHG (GSHHG-LGPL-3.txt, GSHHG-GPL-3.txt).

libs.aarch64: see libraries.txt, one line per library with its licence.
EOF
echo "ship_libraries: $(ls "$libs" | wc -l) libraries in libs.aarch64: $(ls "$libs" | tr '\n' ' ')"
