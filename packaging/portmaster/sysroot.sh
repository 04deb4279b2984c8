#!/usr/bin/env bash
# sysroot.sh ROOT: makes (once; kept while its recipe is unchanged) the
# Debian 11 (bullseye, glibc 2.31) arm64 root the PortMaster port is built
# against, takes its shipped libraries from, and is tested in under qemu-user.
# Everything comes from Debian's archive:
#   - bullseye's arm64 packages, extracted by mmdebstrap (nothing of them is
#     run, so no binfmt is needed): glibc 2.31, libgcc, zlib, bash and the
#     tools a launch script uses, and the libraries the port ships:
#     SDL2_ttf 2.0.15 with FreeType, libqrencode, libsodium, LZ4;
#   - SDL2 2.26.5 and SDL2_image 2.6.3 built here from Debian 12's source
#     packages: SDL2 only as the firmware's stand-in (the port never ships
#     it; bullseye's 2.0.14 lacks what Dear ImGui's renderer needs), SDL2_image
#     with its built-in PNG and JPEG readers (no libpng, libjpeg, libtiff...);
#   - Debian 12's Dear ImGui 1.86 and stb (static libraries), nlohmann-json headers,
#     and cpp-httplib 0.11.4's single header from its source package, used
#     header-only without TLS (the phones' server speaks plain HTTP).
# COLONIAL_PORT_JOBS: how many compilers at once (default: one per core).
set -euo pipefail
root=${1:?usage: sysroot.sh ROOT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tree=$(cd "$here/../.." && pwd)
mirror=${COLONIAL_DEBIAN_MIRROR:-http://deb.debian.org/debian}
jobs=${COLONIAL_PORT_JOBS:-$(nproc)}
recipe=$(cat "$0" "$here/glibc231_compat.c" "$tree/cmake/toolchains/aarch64-glibc231.cmake" | sha256sum | cut -c1-16)
if [[ -f $root/.colonial-sysroot && $(cat "$root/.colonial-sysroot") == "$recipe" ]]; then
  echo "sysroot: $root is up to date"
  exit 0
fi
work=$(dirname "$root")/sysroot-work
rm -rf "$root" "$work"
mkdir -p "$work/src" "$work/apt/lists/partial" "$work/apt/cache/archives/partial"

echo "sysroot: bullseye arm64 packages (mmdebstrap)"
mmdebstrap --variant=extract --architectures=arm64 --mode=root --quiet \
  --include=libc6-dev,libgcc-s1,zlib1g,bash,coreutils,grep,sed,procps,findutils,util-linux,libsdl2-ttf-2.0-0,libfreetype6,libqrencode-dev,libsodium-dev,liblz4-dev,valgrind \
  bullseye "$root" "deb $mirror bullseye main" "deb $mirror bullseye-updates main"

# Links to absolute paths (libpthread.so -> /lib/...) would lead out of the
# root, to this machine's own arm64 libraries: made relative.
find "$root" -type l -lname '/*' | while read -r link; do
  ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$root$(readlink "$link")")" "$link"
done

# apt_get SOURCES ARGS...: apt-get on its own lists (never the machine's).
apt_get() {
  local list=$work/apt/$1.list
  shift
  apt-get -q -o Dir::Etc::SourceList="$list" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache" -o Dir::State::status=/dev/null \
    -o APT::Architecture=arm64 -o APT::Architectures=arm64 -o APT::Sandbox::User=root "$@"
}
cat >"$work/apt/bullseye.list" <<EOF
deb [arch=arm64] $mirror bullseye main
EOF
cat >"$work/apt/bookworm.list" <<EOF
deb [arch=arm64] $mirror bookworm main
deb-src $mirror bookworm main
EOF
echo "sysroot: SDL2_ttf's headers (bullseye), Dear ImGui and nlohmann-json (bookworm), sources (bookworm)"
apt_get bullseye update >/dev/null
(cd "$work/src" && apt_get bullseye download libsdl2-ttf-dev)
rm -rf "$work/apt/lists"/*Packages* "$work/apt/lists"/*Sources* "$work/apt/lists"/*Release*
apt_get bookworm update >/dev/null
(cd "$work/src" && apt_get bookworm download libimgui-dev libstb-dev nlohmann-json3-dev &&
  apt_get bookworm source --download-only libsdl2 libsdl2-image cpp-httplib)
for deb in "$work"/src/*.deb; do dpkg-deb -x "$deb" "$root"; done
# stb (only the board art generator, run at build time, uses it): Debian 12's
# headers, which the code is written against, and its static library (its
# shared one needs glibc 2.33).
rm -f "$root"/usr/lib/aarch64-linux-gnu/libstb.so*

echo "sysroot: cpp-httplib 0.11.4, header-only"
mkdir -p "$root/usr/local/include/httplib" "$root/usr/local/lib/pkgconfig"
tar -xf "$work"/src/cpp-httplib_*.orig.tar.* -C "$work/src"
cp "$work"/src/*cpp-httplib*/httplib.h "$root/usr/local/include/httplib/"
cat >"$root/usr/local/lib/pkgconfig/cpp-httplib.pc" <<'EOF'
prefix=/usr/local
includedir=${prefix}/include/httplib

Name: cpp-httplib
Description: A C++ HTTP server and client library (header-only, without TLS)
Version: 0.11.4
Libs: -pthread
Cflags: -I${includedir}
EOF

echo "sysroot: glibc 2.31's missing pieces for GCC 12's libstdc++ (glibc231_compat.c)"
gcc_dir=/usr/lib/gcc-cross/aarch64-linux-gnu/12
aarch64-linux-gnu-gcc --sysroot="$root" -nostdinc -isystem "$gcc_dir/include" \
  -isystem "$root/usr/include/aarch64-linux-gnu" -isystem "$root/usr/include" -O2 -Wall -Werror -c \
  "$here/glibc231_compat.c" -o "$root/usr/lib/aarch64-linux-gnu/colonial-glibc231-compat.o"

# cmake_build NAME SOURCE_DIR OPTIONS...: builds a CMake project for the root
# and installs it into /usr there.
cmake_build() {
  local name=$1 src=$2
  shift 2
  echo "sysroot: $name (cross-built from Debian's source)"
  cmake -S "$src" -B "$work/build-$name" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="$tree/cmake/toolchains/aarch64-glibc231.cmake" -DCOLONIAL_PORT_SYSROOT="$root" \
    -DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_INSTALL_LIBDIR=lib/aarch64-linux-gnu "$@" >"$work/$name.log" 2>&1 ||
    { tail -30 "$work/$name.log"; exit 1; }
  cmake --build "$work/build-$name" --parallel "$jobs" >>"$work/$name.log" 2>&1 ||
    { tail -30 "$work/$name.log"; exit 1; }
  DESTDIR="$root" cmake --install "$work/build-$name" >>"$work/$name.log" 2>&1
}
tar -xzf "$work"/src/libsdl2_*.orig.tar.gz -C "$work/src"
cmake_build sdl2 "$work"/src/SDL2-2.26.5 -DSDL_STATIC=OFF -DSDL_TEST=OFF -DSDL_X11=OFF -DSDL_WAYLAND=OFF \
  -DSDL_KMSDRM=OFF -DSDL_OPENGL=OFF -DSDL_OPENGLES=OFF -DSDL_VULKAN=OFF -DSDL_ALSA=OFF -DSDL_PULSEAUDIO=OFF \
  -DSDL_PIPEWIRE=OFF -DSDL_JACK=OFF -DSDL_SNDIO=OFF -DSDL_LIBSAMPLERATE=OFF -DSDL_DBUS=OFF -DSDL_IBUS=OFF \
  -DSDL_LIBUDEV=OFF -DSDL_OFFSCREEN=ON -DSDL_DUMMYVIDEO=ON -DSDL_DISKAUDIO=ON
tar -xzf "$work"/src/libsdl2-image_*.orig.tar.gz -C "$work/src"
cmake_build sdl2-image "$work"/src/SDL2_image-2.6.3 -DSDL2IMAGE_SAMPLES=OFF -DSDL2IMAGE_VENDORED=OFF \
  -DSDL2IMAGE_DEPS_SHARED=OFF -DSDL2IMAGE_BACKEND_STB=ON -DSDL2IMAGE_AVIF=OFF -DSDL2IMAGE_TIF=OFF \
  -DSDL2IMAGE_WEBP=OFF -DSDL2IMAGE_JXL=OFF -DSDL2IMAGE_SVG=OFF
# The licences of what was built from source (Debian's copyright files),
# for the port's licenses/.
mkdir -p "$root/usr/share/doc/colonial-port"
for source in libsdl2-image cpp-httplib; do
  tar -xJf "$work"/src/${source}_*.debian.tar.xz -C "$work/src" debian/copyright
  mv "$work/src/debian/copyright" "$root/usr/share/doc/colonial-port/$source.copyright"
done
rm -rf "$work"
echo "$recipe" >"$root/.colonial-sysroot"
echo "sysroot: $root made ($(du -sh "$root" | cut -f1))"
