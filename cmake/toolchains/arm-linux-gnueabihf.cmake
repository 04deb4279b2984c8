# Cross build for 32-bit ARM Linux with hardware floating point: Raspberry Pi
# 2/3 (Raspberry Pi OS bookworm 32-bit) and armhf handhelds.
#
#   apt-get install g++-arm-linux-gnueabihf qemu-user
#   cmake -S . -B build-armhf -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-linux-gnueabihf.cmake \
#         -DCOLONIAL_ENGINE_ONLY=ON
#   cmake --build build-armhf && ctest --test-dir build-armhf
set(COLONIAL_CROSS_TRIPLE arm-linux-gnueabihf)
set(COLONIAL_QEMU qemu-arm)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross-common.cmake)
