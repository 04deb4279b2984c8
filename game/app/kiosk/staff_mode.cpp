// The kiosk's staff mode: a PIN pad between a passer-by and everything but
// the games in play (new games, settings, the phones, ending a game,
// leaving the app). The PIN is set at the kiosk's first start (or given as a
// hash with --kiosk-pin-file) and kept only as a hash beside the autosave.
// Five wrong PINs lock the pad for a minute; staff mode locks itself again
// after five minutes without input, and at "Lock".
#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app.h"
#include "kiosk_settings.h"
#include "staff_pin.h"
#include "touch_ui.h"

namespace colonial {

namespace {

constexpr double kStaffIdleSeconds = 300;

}  // namespace

bool App::load_staff_pin(std::string& error) {
  if (!options_.kiosk) return true;
  if (!options_.pin_file.empty()) {
    // Given by whoever set the kiosk up: read only, never rewritten.
    return read_pin_file(options_.pin_file, pin_hash_, error);
  }
  if (autosave_.enabled()) {
    const std::string& save = autosave_.path();
    const std::size_t slash = save.rfind('/');
    pin_path_ = (slash == std::string::npos ? std::string() : save.substr(0, slash + 1)) + "staff-pin";
    std::string why;
    if (::access(pin_path_.c_str(), F_OK) == 0 && !read_pin_file(pin_path_, pin_hash_, why)) {
      std::printf("colonial: %s; the staff PIN is chosen again\n", why.c_str());
      pin_hash_.clear();
    }
  }
  // The kiosk's first start: whoever sets it up chooses the PIN now.
  if (pin_hash_.empty()) open_pin_pad(PinPad::Choose);
  return true;
}

void App::load_kiosk_settings() {
  if (!options_.kiosk || !autosave_.enabled()) return;
  const std::string& save = autosave_.path();
  const std::size_t slash = save.rfind('/');
  kiosk_settings_path_ = (slash == std::string::npos ? std::string() : save.substr(0, slash + 1)) + "kiosk-settings";
  if (::access(kiosk_settings_path_.c_str(), F_OK) != 0) return;  // none yet: the command line's
  KioskSettings settings{options_.idle_minutes, options_.archive_days};
  std::string error;
  if (!read_kiosk_settings(kiosk_settings_path_, settings, error)) {
    std::fprintf(stderr, "colonial: %s; the kiosk keeps the settings of its command line\n", error.c_str());
    return;
  }
  options_.idle_minutes = settings.idle_minutes;
  options_.archive_days = settings.archive_days;
  std::printf("colonial: kiosk settings from %s: idle after %g minutes, archive after %d days\n",
              kiosk_settings_path_.c_str(), options_.idle_minutes, options_.archive_days);
}

// Staff only (Menu, Kiosk settings): when the kiosk goes idle, when an
// untouched game is archived, and the phase timers of the game in play.
// Changes take effect at once; the kiosk's own are saved beside the
// autosave when the dialog closes. A failed save is explained here.
void App::draw_kiosk_settings() {
  if (!kiosk_settings_open_) return;
  if (staff_locked()) {
    kiosk_settings_open_ = false;
    return;
  }
  ImGui::OpenPopup("kiosk settings");
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(vp->Size.x * 0.95f, ImGui::GetFontSize() * 30.0f), 0));
  if (!ImGui::BeginPopupModal("kiosk settings", nullptr,
                              ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                  ImGuiWindowFlags_AlwaysAutoResize))
    return;
  const float label_w = ImGui::GetFontSize() * 13.0f;
  ImGui::TextUnformatted("Kiosk settings");
  ImGui::Separator();
  int idle = static_cast<int>(options_.idle_minutes);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Attract view after");
  ImGui::SameLine(label_w);
  if (stepper("idle minutes", &idle, 0, static_cast<int>(kMaxIdleMinutes), 1, idle ? "%d min" : "never"))
    options_.idle_minutes = idle;
  int days = options_.archive_days;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Archive a game left for");
  ImGui::SameLine(label_w);
  if (stepper("archive days", &days, 0, kMaxArchiveDays, 1, days ? "%d days" : "never")) options_.archive_days = days;
  if (flow_.attached() && !game_->over()) {
    ImGui::Spacing();
    ImGui::TextWrapped(
        "This game's phase timers (off: none; when time is up, missing orders hold). The phase in play starts "
        "its clock again.");
    static const char* kTimerNames[3] = {"Movement", "Retreats", "Adjustments"};
    for (int k = 0; k < 3; ++k) {
      u16 seconds[3] = {game_->settings().timer_seconds[0], game_->settings().timer_seconds[1],
                        game_->settings().timer_seconds[2]};
      int minutes = seconds[k] / 60;
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(kTimerNames[k]);
      ImGui::SameLine(label_w);
      if (stepper(kTimerNames[k], &minutes, 0, 240, 1, minutes ? "%d min" : "off")) {
        seconds[k] = static_cast<u16>(minutes * 60);
        game_->set_timers(seconds);
        flow_.restart_clock(now());
        save_now();
      }
    }
  }
  if (!save_error_.empty()) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.45f, 1.0f));
    ImGui::TextWrapped("%s. The last good record is kept; the game goes on, unsaved, until saving works again.",
                       save_error_.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  if (primary_button("Close##kiosk settings", -1, ImGui::GetFrameHeight() * 1.4f)) {
    if (!kiosk_settings_path_.empty()) {
      std::string error;
      if (write_kiosk_settings(kiosk_settings_path_, {options_.idle_minutes, options_.archive_days}, error))
        std::printf("colonial: kiosk settings saved: idle after %g minutes, archive after %d days\n",
                    options_.idle_minutes, options_.archive_days);
      else
        notice_ = "The kiosk settings were not saved (" + error + ").";
    }
    kiosk_settings_open_ = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void App::open_pin_pad(PinPad mode) {
  pin_pad_ = mode;
  pin_entry_.clear();
  if (mode != PinPad::Again) pin_message_.clear();
}

void App::lock_staff(const char* why) {
  if (!staff_) return;
  staff_ = false;
  std::printf("colonial: staff mode off (%s)\n", why);
}

void App::check_staff_idle() {
  if (staff_ && options_.kiosk && now() - last_input_ > kStaffIdleSeconds) lock_staff("five minutes without input");
}

void App::pin_entered() {
  const double t = now();
  switch (pin_pad_) {
    case PinPad::Closed: return;
    case PinPad::Unlock: {
      if (pin_lock_.locked(t)) return;
      const bool right = pin_matches(pin_entry_, pin_hash_);
      pin_lock_.tried(right, t);
      if (right) {
        staff_ = true;
        pin_pad_ = PinPad::Closed;
        std::printf("colonial: staff mode on\n");
      } else if (pin_lock_.locked(t)) {
        pin_message_ = "Five wrong PINs: the pad is locked for a minute.";
        std::printf("colonial: wrong staff PIN; the pad is locked for %d s\n", pin_lock_.seconds_left(t));
      } else {
        pin_message_ = "Wrong PIN.";
        std::printf("colonial: wrong staff PIN\n");
      }
      pin_entry_.clear();
      return;
    }
    case PinPad::Choose:
      if (!valid_pin(pin_entry_)) {
        pin_message_ = "The PIN is 4 to 8 digits.";
        pin_entry_.clear();
        return;
      }
      pin_first_ = pin_entry_;
      open_pin_pad(PinPad::Again);
      pin_message_ = "Type the same PIN again.";
      return;
    case PinPad::Again: {
      if (pin_entry_ != pin_first_) {
        open_pin_pad(PinPad::Choose);
        pin_message_ = "The two PINs differ: choose one again.";
        return;
      }
      std::string error;
      std::string hash = hash_pin(pin_entry_, error);
      pin_first_.clear();
      if (hash.empty()) {
        pin_message_ = "The PIN could not be kept: " + error;
        open_pin_pad(PinPad::Choose);
        return;
      }
      if (!pin_path_.empty() && !write_pin_file(pin_path_, hash, error)) {
        // Kept for this run; staff see why it will be asked again.
        notice_ = "The staff PIN could not be saved (" + error + "); it is asked again at the next start.";
        std::fprintf(stderr, "colonial: the staff PIN could not be saved: %s\n", error.c_str());
      }
      pin_hash_ = std::move(hash);
      staff_ = true;
      pin_pad_ = PinPad::Closed;
      std::printf("colonial: staff PIN set; staff mode on\n");
      return;
    }
  }
}

void App::draw_pin_pad() {
  if (pin_pad_ == PinPad::Closed) return;
  const double t = now();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float key = ImGui::GetFontSize() * 3.2f;
  const float w = key * 3 + ImGui::GetStyle().ItemSpacing.x * 2 + ImGui::GetStyle().WindowPadding.x * 2;
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::max(w, ImGui::GetFontSize() * 16), 0));
  ImGui::OpenPopup("Staff PIN");
  if (!ImGui::BeginPopupModal("Staff PIN", nullptr,
                              ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                  ImGuiWindowFlags_NoTitleBar))
    return;
  const char* title = pin_pad_ == PinPad::Unlock   ? "Staff PIN"
                      : pin_pad_ == PinPad::Choose ? "Choose the staff PIN (4 to 8 digits)"
                                                   : "The staff PIN again";
  ImGui::TextWrapped("%s", title);
  ui_target(title);
  // The digits typed, never shown: one dot each.
  std::string dots;
  for (std::size_t i = 0; i < pin_entry_.size(); ++i) dots += "* ";
  ImGui::SetWindowFontScale(1.6f);
  ImGui::TextUnformatted(dots.empty() ? " " : dots.c_str());
  ImGui::SetWindowFontScale(1.0f);
  const bool locked = pin_pad_ == PinPad::Unlock && pin_lock_.locked(t);
  if (locked) {
    ImGui::TextWrapped("Locked: try again in %d s.", pin_lock_.seconds_left(t));
    ui_target("Locked");
  } else if (!pin_message_.empty()) {
    ImGui::TextWrapped("%s", pin_message_.c_str());
    ui_target(pin_message_);
  }
  ImGui::BeginDisabled(locked);
  static const char* kKeys[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", "OK"};
  for (int i = 0; i < 12; ++i) {
    if (i % 3) ImGui::SameLine();
    const std::string label = std::string(kKeys[i]) + "##pin";
    if (touch_button(label.c_str(), key, key * 0.8f)) {
      if (i == 9) {
        pin_entry_.clear();
      } else if (i == 11) {
        pin_entered();
      } else if (pin_entry_.size() < 8) {
        pin_entry_ += kKeys[i];
      }
    }
  }
  ImGui::EndDisabled();
  // Choosing the first PIN cannot be put off: the kiosk is not set up yet.
  if (pin_pad_ == PinPad::Unlock && touch_button("Cancel##pin", -1)) pin_pad_ = PinPad::Closed;
  if (pin_pad_ == PinPad::Closed) {
    pin_entry_.clear();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

// What a passer-by sees where staff would start a game.
void App::draw_staff_gate(const char* what) {
  ImGui::TextWrapped("%s", what);
  if (touch_button("Staff...", -1)) open_pin_pad(PinPad::Unlock);
}

}  // namespace colonial
