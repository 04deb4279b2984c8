/* What GCC 12's static libstdc++ (Debian 12's, built against glibc 2.36)
 * calls that glibc 2.31 does not have, for the PortMaster port's program
 * (linked in by cmake/toolchains/aarch64-glibc231.cmake). Neither is
 * exported: the program's own libstdc++ is their only user.
 *
 * __libc_single_threaded (glibc 2.32): libstdc++ skips atomic reference
 * counts while it is nonzero. Zero says "maybe several threads": always
 * the atomic, always right.
 *
 * arc4random (glibc 2.36): std::random_device's default source. Here the
 * kernel's random numbers, as glibc's own arc4random gives them. */
#include <stdint.h>
#include <stdlib.h>
#include <sys/random.h>

char __libc_single_threaded = 0;

uint32_t arc4random(void) {
  uint32_t value = 0;
  while (getrandom(&value, sizeof value, 0) != (ssize_t)sizeof value) {
  }
  return value;
}
