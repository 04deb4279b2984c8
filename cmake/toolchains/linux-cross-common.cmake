# Shared part of the Debian cross toolchain files. The including file sets
# COLONIAL_CROSS_TRIPLE (the GNU triple of Debian's g++-<triple> package) and
# COLONIAL_QEMU (the qemu-user binary that runs its programs).
set(CMAKE_SYSTEM_NAME Linux)
string(REGEX REPLACE "-.*" "" CMAKE_SYSTEM_PROCESSOR ${COLONIAL_CROSS_TRIPLE})

set(CMAKE_C_COMPILER ${COLONIAL_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${COLONIAL_CROSS_TRIPLE}-g++)

# Debian's cross packages put the target's libraries and headers here.
set(COLONIAL_CROSS_SYSROOT /usr/${COLONIAL_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH ${COLONIAL_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# doctest is header-only and architecture-independent, but its Debian package
# config points at /usr/include, which must not be searched by a cross
# compiler (the host's C library headers live there). This config exposes the
# doctest header alone.
set(doctest_DIR ${CMAKE_CURRENT_LIST_DIR}/host-doctest CACHE PATH "doctest config for cross builds")

# Lets ctest (and add_test) run the target's programs on this machine.
# -L tells qemu where the target's dynamic loader and libraries are: the
# target's own C library when it is installed (Debian multiarch: libc6:arm64
# comes with the app's libraries), else the cross compiler's copy. The two
# are different builds of glibc; a program that loads libraries from the
# first with the loader of the second hangs when it starts a thread.
if(EXISTS /usr/lib/${COLONIAL_CROSS_TRIPLE}/libc.so.6)
  set(COLONIAL_QEMU_ROOT /)
else()
  set(COLONIAL_QEMU_ROOT ${COLONIAL_CROSS_SYSROOT})
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR ${COLONIAL_QEMU};-L;${COLONIAL_QEMU_ROOT})

# The target's pkg-config (Debian's <triple>-pkg-config, from the pkg-config
# package): libraries are looked up for the target's architecture, never the
# host's, whose headers and libraries do not link into a cross build.
# Without it (no package of the target's architecture installed yet), the
# host's pkg-config is pointed at the target's .pc files only.
find_program(COLONIAL_CROSS_PKG_CONFIG ${COLONIAL_CROSS_TRIPLE}-pkg-config)
if(COLONIAL_CROSS_PKG_CONFIG)
  set(PKG_CONFIG_EXECUTABLE ${COLONIAL_CROSS_PKG_CONFIG} CACHE FILEPATH "pkg-config for the target")
else()
  set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${COLONIAL_CROSS_TRIPLE}/pkgconfig:/usr/share/pkgconfig")
endif()
