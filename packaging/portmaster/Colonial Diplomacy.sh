#!/bin/bash
# Colonial Diplomacy for PortMaster: starts the game fullscreen on the
# firmware's screen (KMS/DRM), with the firmware's SDL2 and pad mapping, the
# libraries it may lack from libs.aarch64, the games saved under conf/ and
# everything said in log.txt. Select+Start (the firmware's exit hotkey, by
# gptokeyb) ends the game: it saves and exits on SIGTERM.
# Arguments are passed to the game (none when PortMaster starts it).

XDG_DATA_HOME=${XDG_DATA_HOME:-$HOME/.local/share}

if [ -d "/opt/system/Tools/PortMaster/" ]; then
  controlfolder="/opt/system/Tools/PortMaster"
elif [ -d "/opt/tools/PortMaster/" ]; then
  controlfolder="/opt/tools/PortMaster"
elif [ -d "$XDG_DATA_HOME/PortMaster/" ]; then
  controlfolder="$XDG_DATA_HOME/PortMaster"
else
  controlfolder="/roms/ports/PortMaster"
fi

# shellcheck source=/dev/null
source "$controlfolder/control.txt"
# shellcheck source=/dev/null
[ -f "${controlfolder}/mod_${CFW_NAME}.txt" ] && source "${controlfolder}/mod_${CFW_NAME}.txt"
get_controls

# shellcheck disable=SC2154 # directory: set by control.txt
GAMEDIR="/$directory/ports/colonial"
CONFDIR="$GAMEDIR/conf"
# The smallest screen the game lays out for (its minimum window).
MIN_WIDTH=480
MIN_HEIGHT=320

cd "$GAMEDIR" || {
  pm_message "Colonial Diplomacy is not installed in $GAMEDIR: install it again with PortMaster."
  sleep 5
  pm_finish
  exit 1
}

# The log of this start (the last start only), for whoever asks for help.
: >"$GAMEDIR/log.txt" && exec > >(tee "$GAMEDIR/log.txt") 2>&1
echo "Colonial Diplomacy: ${CFW_NAME:-an unknown firmware} ${CFW_VERSION:-}, ${DEVICE_NAME:-an unknown device}" \
  "(${DEVICE_ARCH:-unknown architecture}), screen ${DISPLAY_WIDTH:-?}x${DISPLAY_HEIGHT:-?}, pad ${DEVICE:-unknown}"

# stop MESSAGE: says why the game cannot start, in the log and on the screen.
stop() {
  echo "Colonial Diplomacy cannot start: $1"
  pm_message "Colonial Diplomacy cannot start: $1"
  sleep 5
  pm_finish
  exit 1
}

[ "${DEVICE_ARCH:-aarch64}" = aarch64 ] ||
  stop "it is built for 64-bit ARM (aarch64) devices, and this one is ${DEVICE_ARCH}."

window=()
if [ -n "${DISPLAY_WIDTH:-}" ] && [ -n "${DISPLAY_HEIGHT:-}" ]; then
  if [ "$DISPLAY_WIDTH" -lt "$MIN_WIDTH" ] || [ "$DISPLAY_HEIGHT" -lt "$MIN_HEIGHT" ]; then
    stop "the screen is ${DISPLAY_WIDTH}x${DISPLAY_HEIGHT} and the game needs at least ${MIN_WIDTH}x${MIN_HEIGHT}."
  fi
  window=(--window "${DISPLAY_WIDTH}x${DISPLAY_HEIGHT}")
else
  echo "PortMaster gave no screen size (DISPLAY_WIDTH, DISPLAY_HEIGHT): the game fills the screen SDL reports."
fi

# The games are saved in conf/colonial (SDL's data directory under
# XDG_DATA_HOME); the board art's cache goes in conf/cache.
if ! mkdir -p "$CONFDIR" 2>/dev/null || [ ! -w "$CONFDIR" ]; then
  echo "The folder $CONFDIR cannot be written: games will not be saved."
  pm_message "The folder $CONFDIR cannot be written: games will not be saved."
fi
export XDG_DATA_HOME="$CONFDIR"
export XDG_CACHE_HOME="$CONFDIR/cache"
export XDG_CONFIG_HOME="$CONFDIR/config"
export COLONIAL_ASSETS="$GAMEDIR/assets"
export LD_LIBRARY_PATH="$GAMEDIR/libs.${DEVICE_ARCH}:$LD_LIBRARY_PATH"

# The firmware's mapping of its built-in pad. Without one the game still
# knows several handhelds' pads itself (assets/gamepads/handhelds.txt) and
# says on its screen when a pad has no mapping at all.
if [ -n "${sdl_controllerconfig:-}" ]; then
  export SDL_GAMECONTROLLERCONFIG="$sdl_controllerconfig"
else
  echo "PortMaster has no gamepad mapping for this device's pad (${DEVICE:-unknown}): the game uses its own and SDL's."
fi

# gptokeyb only watches for the exit hotkey: the game reads the pad itself.
$GPTOKEYB "colonial.${DEVICE_ARCH}" &
pm_platform_helper "$GAMEDIR/colonial.${DEVICE_ARCH}"
"./colonial.${DEVICE_ARCH}" "${window[@]}" "$@"
status=$?
echo "Colonial Diplomacy exited with status $status."

# The dynamic loader's own words when a library or one of its symbols is
# missing from the firmware (the game never started, so no screen of its own).
if [ "$status" -eq 127 ]; then
  sleep 1 # tee has the loader's line written by then
  why=$(grep -m1 -E "error while loading shared libraries|symbol lookup error|version .* not found" "$GAMEDIR/log.txt")
  pm_message "Colonial Diplomacy could not start on this firmware: ${why:-the program could not be run}. See ports/colonial/log.txt."
  sleep 5
fi

pm_finish
exit "$status"
