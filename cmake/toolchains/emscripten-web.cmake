# The web build (scripts/web, preset `web`): Debian's emscripten, and the
# libraries it links built for WebAssembly into COLONIAL_WEB_DEPS
# (packaging/web/build_deps.sh), found through their pkg-config files and
# nothing of the host's.
include(/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake)
# try_compile's projects read this file again: they need the folder too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES COLONIAL_WEB_DEPS)
if(NOT COLONIAL_WEB_DEPS)
  set(COLONIAL_WEB_DEPS "$ENV{COLONIAL_WEB_DEPS}")
endif()
if(NOT EXISTS "${COLONIAL_WEB_DEPS}/lib/pkgconfig/imgui.pc")
  message(FATAL_ERROR "COLONIAL_WEB_DEPS must name the web build's libraries (made by ./scripts/web)")
endif()
set(ENV{PKG_CONFIG_LIBDIR} "${COLONIAL_WEB_DEPS}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
list(APPEND CMAKE_FIND_ROOT_PATH "${COLONIAL_WEB_DEPS}")
# The link runs emscripten's JavaScript optimiser under node, which needs
# Debian's acorn (node-acorn, in /usr/share/nodejs): Debian's own node looks
# there, a node from elsewhere (for example NodeSource's) does not.
if(EXISTS /usr/share/nodejs/acorn)
  set(CMAKE_CXX_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;NODE_PATH=/usr/share/nodejs")
  set(CMAKE_C_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;NODE_PATH=/usr/share/nodejs")
endif()
