# Shared by scripts/play and scripts/test (sourced, not run).
# Installs missing Debian packages, times the stages, knows the repo root.

COLONIAL_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The presets build with Ninja; a build folder a tree configured before with
# Make cannot be configured again by them (CMake refuses another generator):
# its cache is set aside, and the folder builds afresh.
for dir in build build-release build-sanitize build-aarch64 build-tidy build-tidy-files; do
  cache="$COLONIAL_ROOT/$dir/CMakeCache.txt"
  if [[ -f $cache ]] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$cache"; then
    echo "$dir/ was configured for another generator: configuring it afresh"
    rm -rf "$cache" "$COLONIAL_ROOT/$dir/CMakeFiles"
  fi
done
unset dir cache

# What building the game needs (Debian 12 / Raspberry Pi OS bookworm names).
COLONIAL_BUILD_PACKAGES=(build-essential cmake ninja-build pkg-config
  libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libimgui-dev doctest-dev
  libcpp-httplib-dev nlohmann-json3-dev libqrencode-dev libsodium-dev liblz4-dev
  gettext)

# Prints the packages of "$@" that are not installed.
missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || printf '%s\n' "$p"
  done
}

# Installs the packages of "$@" that are missing: with apt-get when run as
# root, otherwise prints the exact command to run and exits.
ensure_packages() {
  if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
    echo "This script installs Debian packages (Debian 12, Raspberry Pi OS bookworm)." >&2
    echo "Elsewhere, install the equivalents of: $*" >&2
    echo "then build with: cmake -S . -B build && cmake --build build" >&2
    exit 1
  fi
  local missing
  mapfile -t missing < <(missing_packages "$@")
  if [[ ${#missing[@]} -eq 0 ]]; then
    echo "All packages present."
    return
  fi
  if [[ $(id -u) -ne 0 ]]; then
    echo "Missing packages. Install them with:" >&2
    echo "  sudo apt-get install ${missing[*]}" >&2
    echo "then run $0 again." >&2
    exit 1
  fi
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# What cross-building the app for 64-bit ARM needs: Debian's cross compiler,
# qemu-user to run what it builds, and the app's libraries for arm64
# (multiarch: they install beside the host's).
COLONIAL_ARM64_PACKAGES=(g++-aarch64-linux-gnu qemu-user
  libsdl2-dev:arm64 libsdl2-image-dev:arm64 libsdl2-ttf-dev:arm64 libimgui-dev:arm64
  libcpp-httplib-dev:arm64 libqrencode-dev:arm64 libsodium-dev:arm64 liblz4-dev:arm64)

# ensure_architecture ARCH: lets dpkg install packages of ARCH (Debian
# multiarch) when run as root, otherwise prints the exact command and exits.
ensure_architecture() {
  local arch=$1
  [[ $(dpkg --print-architecture) == "$arch" ]] && return
  dpkg --print-foreign-architectures | grep -qx "$arch" && return
  if [[ $(id -u) -ne 0 ]]; then
    echo "Packages for $arch cannot be installed yet. Allow them with:" >&2
    echo "  sudo dpkg --add-architecture $arch && sudo apt-get update" >&2
    echo "then run $0 again." >&2
    exit 1
  fi
  echo "Adding the architecture $arch (dpkg --add-architecture)"
  dpkg --add-architecture "$arch"
}

# stage NAME: starts a timed stage (ending the previous one), which prints
# its time and the CPU its commands used (how well it kept the cores busy).
STAGE_NAME=""
STAGE_START=0
STAGE_CPU_START=0
TOTAL_START=$(date +%s)
# CPU_SO_FAR: the CPU seconds used so far by the commands this shell ran and
# waited for (`times` in this shell: in a subshell it would count from zero).
CPU_SO_FAR=0
count_cpu() {
  local file
  file=$(mktemp)
  times >"$file"
  CPU_SO_FAR=$(tail -1 "$file" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, t, "m"); n += t[1] * 60 + t[2] } printf "%d", n }')
  rm -f "$file"
}
stage() {
  end_stage
  STAGE_NAME=$1
  STAGE_START=$(date +%s)
  count_cpu
  STAGE_CPU_START=$CPU_SO_FAR
  printf '\n=== %s\n' "$STAGE_NAME"
}
end_stage() {
  if [[ -n $STAGE_NAME ]]; then
    count_cpu
    printf '=== %s: %ds (CPU %ds)\n' "$STAGE_NAME" $(($(date +%s) - STAGE_START)) $((CPU_SO_FAR - STAGE_CPU_START))
  fi
  STAGE_NAME=""
}
total_time() {
  end_stage
  count_cpu
  printf '\n=== total: %ds (CPU %ds)\n' $(($(date +%s) - TOTAL_START)) "$CPU_SO_FAR"
}

# A check run beside a stage that leaves a core idle part of its time (tests
# that wait on Xvfb, pages or an emulator): in the background at a lower
# priority, so it takes the idle core without slowing the stage; its output
# is kept and printed when it is waited for. One at a time.
beside_start() {
  BESIDE_LOG=$(mktemp)
  BESIDE_START=$(date +%s)
  (
    renice -n 10 "$BASHPID" >/dev/null
    "$@"
  ) >"$BESIDE_LOG" 2>&1 &
  BESIDE_PID=$!
}
# Waits for the check beside, prints its output and its time from its start;
# returns its status.
beside_wait() {
  local status=0
  wait "$BESIDE_PID" || status=$?
  cat "$BESIDE_LOG"
  rm -f "$BESIDE_LOG"
  echo "(${STAGE_NAME:-check}: $(($(date +%s) - BESIDE_START))s from its start beside the stage before)"
  return $status
}

JOBS=$(nproc 2>/dev/null || echo 2)
