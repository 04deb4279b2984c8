# Cross build for 64-bit ARM Linux: Raspberry Pi 4/5 (Raspberry Pi OS
# bookworm 64-bit) and most Linux handhelds.
#
#   apt-get install g++-aarch64-linux-gnu qemu-user
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#         -DCOLONIAL_ENGINE_ONLY=ON
#   cmake --build build-aarch64 && ctest --test-dir build-aarch64
#
# ctest runs the test binaries through qemu-user (CMAKE_CROSSCOMPILING_EMULATOR).
set(COLONIAL_CROSS_TRIPLE aarch64-linux-gnu)
set(COLONIAL_QEMU qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/linux-cross-common.cmake)
