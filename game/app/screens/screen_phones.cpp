// The Phones screen (game master or kiosk staff): turn the order server on
// or off, show each seat's QR code for its player to scan, see live which
// seats are done, and give a seat a new secret when a phone is lost (its
// old address stops working at once). The game master's tablet has a seat
// of its own, which can be turned off. Opened from the menu.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "app.h"
#include "qr_code.h"
#include "touch_ui.h"
#include "window.h"

namespace colonial {

namespace {

// The seats' secrets are kept beside the game's autosave.
std::string seats_path(const Autosave& autosave) {
  return autosave.enabled() ? autosave.path() + ".seats" : std::string("/tmp/colonial-unsaved.seats");
}

// The game master's seat: a tablet's browser runs the table from there.
void draw_gm_seat(PhoneTable& phones, float qr, PowerId& reissue_confirm, std::string& error) {
  ImGui::BeginGroup();
  ImGui::PushID("gm seat");
  ImGui::TextUnformatted("Game master's tablet");
  std::string why;
  if (phones.gm_on()) {
    ImGui::TextDisabled("every power's orders, timer, play");
    const std::string url = phones.gm_url();
    draw_qr_code(url, qr);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
    ImGui::TextDisabled("%s", url.c_str());
    ImGui::PopTextWrapPos();
    if (touch_button("New address", qr)) reissue_confirm = kGmSeat;
    if (touch_button("Turn off", qr) && !phones.set_gm_on(false, why)) error = "The seat stays on: " + why;
  } else {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
    ImGui::TextDisabled("Off: no tablet can run the table. The phones go on as they are.");
    ImGui::PopTextWrapPos();
    if (touch_button("Turn on", qr) && !phones.set_gm_on(true, why)) error = "The seat stays off: " + why;
  }
  ImGui::PopID();
  ImGui::EndGroup();
}

}  // namespace

// Menu, Phones..., Start serving phones (or --phones).
void App::start_phones() {
  phones_error_.clear();
  if (!phones_.start(
          *map_, options_.phones_listen, seats_path(autosave_), [] { platform::Window::wake(); }, phones_error_)) {
    phones_error_ = "The phones cannot be served: " + phones_error_;
    std::fprintf(stderr, "colonial: %s\n", phones_error_.c_str());
    return;
  }
  // The table as it stands goes out before anyone has the addresses: a
  // phone that asks at once is told whose orders are wanted.
  pump_phones();
  for (PowerId p = 0; p < map_->power_count(); ++p)
    std::printf("colonial: phone seat %s %s\n", map_->power(p).name, phones_.url(p).c_str());
  if (phones_.gm_on()) std::printf("colonial: game master's seat %s\n", phones_.gm_url().c_str());
  std::fflush(stdout);
}

void App::draw_phones() {
  if (!phones_open_) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float w = std::min(vp->Size.x * 0.96f, 64.0f * ImGui::GetFontSize());
  const float h = vp->Size.y * 0.9f;
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + (vp->Size.x - w) * 0.5f, vp->Pos.y + (vp->Size.y - h) * 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::OpenPopup("Phones");
  if (!ImGui::BeginPopupModal("Phones", nullptr,
                              ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                  ImGuiWindowFlags_NoTitleBar))
    return;
  ImGui::TextUnformatted("Phones as order pads");
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - 5.0f * ImGui::GetFontSize());
  if (touch_button("Close##phones", -1)) phones_open_ = false;
  ImGui::Separator();
  if (!phones_.running()) {
    ImGui::TextWrapped(
        "Each player can enter their orders on their own phone, in secret: the phone opens its seat's address "
        "(scan the code) on this table's Wi-Fi. No accounts and no internet are needed. Orders sent from a phone "
        "are saved at once; when every power is done, the phase is played.");
    if (primary_button("Start serving phones")) start_phones();
  } else {
    const auto c = phones_.counters();
    ImGui::TextWrapped("Serving the phones. Each player scans the code of their power. %ld requests, %ld orders sent%s",
                       c.requests, c.submissions,
                       c.refused_secret ? "; some requests with a wrong address were refused" : "");
    if (touch_button("Stop serving phones")) phones_.stop();
  }
  if (!phones_error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.5f, 1.0f));
    ImGui::TextWrapped("%s", phones_error_.c_str());
    ImGui::PopStyleColor();
  }
  if (phones_.running()) {
    ImGui::BeginChild("seats", ImVec2(0, 0), false);
    const float qr =
        std::clamp(ImGui::GetContentRegionAvail().x / 4.4f, 7.0f * ImGui::GetFontSize(), 14.0f * ImGui::GetFontSize());
    const int columns = std::max(1, static_cast<int>(ImGui::GetContentRegionAvail().x / (qr + ImGui::GetFontSize())));
    draw_gm_seat(phones_, qr, reissue_confirm_, phones_error_);
    int shown = 1;
    for (PowerId p = 0; p < map_->power_count(); ++p) {
      if (!game_->is_playing(p)) continue;
      if (shown % columns != 0) ImGui::SameLine();
      ++shown;
      ImGui::BeginGroup();
      ImGui::PushID(p);
      power_badge(p, map_->power(p).name, map_->power(p).letter);
      const char* status = !flow_.is_asked(p) ? "no orders now" : flow_.is_done(p) ? "done" : "waiting";
      ImGui::TextDisabled("%s", status);
      const std::string url = phones_.url(p);
      draw_qr_code(url, qr);
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
      ImGui::TextDisabled("%s", url.c_str());
      ImGui::PopTextWrapPos();
      if (touch_button("New seat", qr)) reissue_confirm_ = p;
      ImGui::PopID();
      ImGui::EndGroup();
    }
    touch_scroll();
    ImGui::EndChild();
  }
  if (reissue_confirm_ != kNoPower) {
    ImGui::OpenPopup("new seat");
    if (ImGui::BeginPopupModal("new seat", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar)) {
      const bool gm = reissue_confirm_ == kGmSeat;
      ImGui::Text("Give %s a new seat? Its old address stops working at once;",
                  gm ? "the game master's tablet" : map_->power(reissue_confirm_).name);
      ImGui::TextUnformatted(gm ? "the tablet scans the new code." : "its orders stay. The player scans the new code.");
      if (primary_button("New seat##yes")) {
        std::string error;
        if (!(gm ? phones_.reissue_gm(error) : phones_.reissue(reissue_confirm_, error)))
          phones_error_ = "No new seat: " + error;
        reissue_confirm_ = kNoPower;
        ImGui::CloseCurrentPopup();
      }
      ImGui::SameLine();
      if (touch_button("Keep the seat")) {
        reissue_confirm_ = kNoPower;
        ImGui::CloseCurrentPopup();
      }
      ImGui::EndPopup();
    }
  }
  if (!phones_open_) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace colonial
