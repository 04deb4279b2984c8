#!/usr/bin/env bash
# packaging/web/build_deps.sh PREFIX: builds the web build's libraries as
# static WebAssembly libraries into PREFIX (include/, lib/, lib/pkgconfig/),
# from Debian's own source packages (apt-get source) at the versions the
# native build uses, with Debian's emscripten. Nothing is fetched but the
# Debian source packages: Emscripten's ports (-sUSE_SDL=2 and the like) would
# download from the internet, so none is used.
#
# Called by scripts/web, which keys PREFIX by these versions so that a
# machine pays for these builds once.
set -euo pipefail
prefix=$1
jobs=${COLONIAL_WEB_JOBS:-2}
# The unpacked sources, kept until the build succeeds (a second try after a
# failure fetches nothing); `--fetch` only fetches them (no compiler runs).
work=$prefix.src
fetch_only=0
[[ ${2:-} == --fetch ]] && fetch_only=1
rm -rf "$prefix"
mkdir -p "$work"

# The source version of the package the native build installed ("2.26.5+dfsg-1").
source_version() { dpkg-query -W -f='${source:Version}\n' "$1" | head -1; }

fetch() { # fetch SOURCE-PACKAGE BINARY-PACKAGE: unpacks it under $work once, prints its folder
  local src=$1 bin=$2 version dir
  version=$(source_version "$bin")
  dir=$work/$src
  if [[ ! -f $dir.done ]]; then
    rm -rf "$dir" && mkdir -p "$dir"
    (cd "$dir" && apt-get source -q --only-source "$src=$version" >/dev/null)
    touch "$dir.done"
  fi
  find "$dir" -maxdepth 1 -mindepth 1 -type d -name "$src-*" -printf '%p\n' | head -1
}
sources=(libsdl2:libsdl2-dev freetype:libfreetype-dev libsdl2-ttf:libsdl2-ttf-dev libsdl2-image:libsdl2-image-dev
  imgui:libimgui-dev lz4:liblz4-dev)
for s in "${sources[@]}"; do fetch "${s%%:*}" "${s#*:}" >/dev/null; done
if [[ $fetch_only -eq 1 ]]; then
  echo "The sources are in $work"
  exit 0
fi
mkdir -p "$prefix"

# Every CMake build finds the libraries already built in PREFIX and nothing
# of the host's (emscripten's toolchain searches CMAKE_FIND_ROOT_PATH only).
emcmake_build() { # emcmake_build SOURCE-DIR [CMAKE-OPTIONS...]
  local src=$1
  shift
  emcmake cmake -S "$src" -B "$src/build-web" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_FIND_ROOT_PATH="$prefix" -DCMAKE_PREFIX_PATH="$prefix" -DBUILD_SHARED_LIBS=OFF "$@" >/dev/null
  cmake --build "$src/build-web" -j"$jobs" >/dev/null
  cmake --install "$src/build-web" >/dev/null
}

echo "SDL2"
sdl=$(fetch libsdl2 libsdl2-dev)
emcmake_build "$sdl" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL_TESTS=OFF

echo "FreeType"
freetype=$(fetch freetype libfreetype-dev)
emcmake_build "$freetype" -DFT_DISABLE_ZLIB=ON -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON \
  -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON

echo "SDL2_ttf"
ttf=$(fetch libsdl2-ttf libsdl2-ttf-dev)
emcmake_build "$ttf" -DSDL2TTF_VENDORED=OFF -DSDL2TTF_HARFBUZZ=OFF -DSDL2TTF_SAMPLES=OFF

# PNG reading and writing by stb_image and miniz, both inside SDL2_image's
# own source: no libpng or zlib to build.
echo "SDL2_image"
image=$(fetch libsdl2-image libsdl2-image-dev)
emcmake_build "$image" -DSDL2IMAGE_VENDORED=OFF -DSDL2IMAGE_BACKEND_STB=ON -DSDL2IMAGE_SAMPLES=OFF \
  -DSDL2IMAGE_AVIF=OFF -DSDL2IMAGE_JXL=OFF -DSDL2IMAGE_TIF=OFF -DSDL2IMAGE_WEBP=OFF -DSDL2IMAGE_DEPS_SHARED=OFF

# Their CMake writes pkg-config files only for shared libraries: these
# are the static ones' (SDL2_ttf with the FreeType it was built with).
pc_file() { # pc_file NAME VERSION LIBS
  cat >"$prefix/lib/pkgconfig/$1.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: $1
Description: $1 for WebAssembly (Debian's source)
Version: $2
Requires: sdl2
Libs: -L\${libdir} $3
Cflags: -I\${includedir}/SDL2
PC
}
pc_file SDL2_image 2.6.3 -lSDL2_image
pc_file SDL2_ttf 2.20.1 "-lSDL2_ttf -lfreetype"

# Dear ImGui has no build system of its own: its core and its SDL2 backend
# compiled with the stb headers of its own source.
echo "Dear ImGui"
imgui=$(fetch imgui libimgui-dev)
mkdir -p "$prefix/include/imgui/backends" "$imgui/build-web"
imgui_sources=(imgui.cpp imgui_demo.cpp imgui_draw.cpp imgui_tables.cpp imgui_widgets.cpp backends/imgui_impl_sdl.cpp)
objects=()
for source in "${imgui_sources[@]}"; do
  object="$imgui/build-web/$(basename "${source%.cpp}").o"
  em++ -O2 -std=c++17 -I"$imgui" -I"$prefix/include/SDL2" -c "$imgui/$source" -o "$object"
  objects+=("$object")
done
emar rcs "$prefix/lib/libimgui.a" "${objects[@]}"
cp "$imgui"/*.h "$prefix/include/imgui/"
cp "$imgui"/backends/imgui_impl_sdl.h "$imgui"/backends/imgui_impl_sdlrenderer.h "$prefix/include/imgui/backends/"
cat >"$prefix/lib/pkgconfig/imgui.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include/imgui

Name: imgui
Description: Dear ImGui for WebAssembly (Debian's source)
Version: 1.86
Libs: -L\${libdir} -limgui
Cflags: -I\${includedir}
PC

echo "LZ4"
lz4=$(fetch lz4 liblz4-dev)
mkdir -p "$lz4/build-web"
objects=()
for source in lz4 lz4hc lz4frame xxhash; do
  emcc -O2 -c "$lz4/lib/$source.c" -o "$lz4/build-web/$source.o"
  objects+=("$lz4/build-web/$source.o")
done
emar rcs "$prefix/lib/liblz4.a" "${objects[@]}"
cp "$lz4"/lib/lz4.h "$lz4"/lib/lz4hc.h "$lz4"/lib/lz4frame.h "$prefix/include/"
cat >"$prefix/lib/pkgconfig/liblz4.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: lz4
Description: LZ4 for WebAssembly (Debian's source)
Version: 1.9.4
Libs: -L\${libdir} -llz4
Cflags: -I\${includedir}
PC

rm -rf "$work"
echo "The web build's libraries are in $prefix"
