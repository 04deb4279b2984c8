// Gamepad mappings beyond SDL's built-in ones: the Linux handhelds' pads we
// ship (assets/gamepads/handhelds.txt) and a user's own gamecontrollerdb.txt
// (SDL_GameControllerDB's format), so that a pad SDL does not know still has
// its A, B, Start... where the table of controls expects them.
//
// SDL parses each mapping (SDL_GameControllerAddMapping); this file only
// finds the files, splits the lines, and names the line of any mapping SDL
// refuses. Needs SDL's game controller subsystem started.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace colonial::platform {

struct MappingCounts {
  int added = 0;            // new pads
  int updated = 0;          // pads SDL knew, now mapped as the line says
  int skipped = 0;          // broken lines (each with a message)
  int other_platforms = 0;  // lines for Windows, macOS, Android...: not ours to use
};

// Adds the mappings of `text` (the contents of a gamecontrollerdb.txt named
// `source` in messages). Blank lines and # comments are ignored, as are lines
// for another platform. A line SDL refuses is skipped with a message
// "SOURCE:LINE: skipped: WHY" in `messages`; the other lines still count.
MappingCounts add_gamepad_mappings(std::string_view text, const std::string& source,
                                   std::vector<std::string>& messages);

// The user's own mappings file: $XDG_CONFIG_HOME/colonial/gamecontrollerdb.txt
// (~/.config/colonial/ when XDG_CONFIG_HOME is unset).
std::string user_gamepad_mappings_path();

// Adds, in this order (a later line for the same pad wins): the shipped
// handhelds' mappings from the assets, the user's file, and the file named
// by SDL_GAMECONTROLLERCONFIG_FILE. Missing files are fine; an unreadable
// or broken one gives messages and loses nothing else.
MappingCounts load_gamepad_mappings(std::vector<std::string>& messages);

}  // namespace colonial::platform
