# Cross build for 64-bit ARM handhelds' custom firmwares (the PortMaster
# port, scripts/port): Debian 12's cross compiler (GCC 12, C++20) against a
# Debian 11 arm64 root (glibc 2.31, what PortMaster's ports are built for),
# with libstdc++ linked statically (the firmwares' own libstdc++ is often
# older than GCC 12's). The root is made by packaging/portmaster/sysroot.sh
# and named by COLONIAL_PORT_SYSROOT (environment or cache variable).
#
# Debian's cross compiler also searches its own target directory,
# /usr/aarch64-linux-gnu (glibc 2.36's headers, libc.so and crt files), ahead
# of any --sysroot: so the standard include directories are given here
# explicitly (-nostdinc) and the root's libraries and crt files are searched
# first (-L, -B). libgcc stays shared: GCC 12's static unwinder calls
# _dl_find_object, which glibc 2.31 lacks; every firmware has libgcc_s.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

if(NOT COLONIAL_PORT_SYSROOT)
  set(COLONIAL_PORT_SYSROOT $ENV{COLONIAL_PORT_SYSROOT})
endif()
if(NOT IS_DIRECTORY "${COLONIAL_PORT_SYSROOT}/usr/include")
  message(FATAL_ERROR "COLONIAL_PORT_SYSROOT (${COLONIAL_PORT_SYSROOT}) is not a root made by "
                      "packaging/portmaster/sysroot.sh")
endif()
set(COLONIAL_PORT_SYSROOT ${COLONIAL_PORT_SYSROOT} CACHE PATH "The Debian 11 arm64 root the port is built against")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES COLONIAL_PORT_SYSROOT)

set(root ${COLONIAL_PORT_SYSROOT})
set(gcc_dir /usr/lib/gcc-cross/aarch64-linux-gnu/12)
set(cxx_dir /usr/aarch64-linux-gnu/include/c++/12)
set(c_includes "-isystem ${gcc_dir}/include -isystem ${root}/usr/include/aarch64-linux-gnu -isystem ${root}/usr/include")
set(CMAKE_C_FLAGS_INIT "--sysroot=${root} -nostdinc ${c_includes}")
set(CMAKE_CXX_FLAGS_INIT
    "--sysroot=${root} -nostdinc -isystem ${cxx_dir} -isystem ${cxx_dir}/aarch64-linux-gnu -isystem ${cxx_dir}/backward ${c_includes}")
set(libs "${root}/usr/lib/aarch64-linux-gnu")
set(link "-B${libs}/ -L${libs} -L${root}/lib/aarch64-linux-gnu -Wl,-rpath-link,${libs}:${root}/lib/aarch64-linux-gnu")
# Only the libraries a program calls are needed at run time (Dear ImGui's
# pkg-config names stb too, which only the board art generator uses).
set(CMAKE_EXE_LINKER_FLAGS_INIT "${link} -Wl,--as-needed -static-libstdc++ -pthread")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "${link}")
# What GCC 12's libstdc++.a calls that glibc 2.31 lacks
# (packaging/portmaster/glibc231_compat.c, compiled into the root).
set(CMAKE_CXX_STANDARD_LIBRARIES_INIT "${libs}/colonial-glibc231-compat.o")

set(CMAKE_SYSROOT ${root})
set(CMAKE_FIND_ROOT_PATH ${root})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(doctest_DIR ${CMAKE_CURRENT_LIST_DIR}/host-doctest CACHE PATH "doctest config for cross builds")

# pkg-config reads the root's .pc files only, and prefixes their paths with it.
set(ENV{PKG_CONFIG_LIBDIR} "${libs}/pkgconfig:${root}/usr/share/pkgconfig:${root}/usr/local/lib/pkgconfig")
set(ENV{PKG_CONFIG_SYSROOT_DIR} ${root})
set(ENV{PKG_CONFIG_PATH} "")

# The build's own programs (the board art generator) run in the root under qemu.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;${root})
