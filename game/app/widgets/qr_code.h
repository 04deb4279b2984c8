// A QR code drawn with ImGui (libqrencode makes the code): for a seat's URL
// on the Phones screen, scanned by the player's phone.
#pragma once

#include <string_view>

namespace colonial {

// Draws the QR code of `text` as a square of `size` points at the cursor
// (dark modules on white, with the quiet zone the standard asks), and
// advances the cursor. False (nothing drawn) if the text cannot be encoded.
bool draw_qr_code(std::string_view text, float size);

}  // namespace colonial
