#include "staff_mode.h"

#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "event_line.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

namespace {

constexpr double kStaffIdleSeconds = 300;
constexpr std::size_t kMaxPinDigits = 8;

}  // namespace

bool StaffMode::load(const std::string& pin_file, const Autosave& record, Modals& modals, std::string& error) {
  if (!pin_file.empty()) {
    // Given by whoever set the kiosk up: read only, never rewritten.
    return read_pin_file(pin_file, hash_, error);
  }
  if (record.enabled()) {
    const std::string& save = record.path();
    const std::size_t slash = save.rfind('/');
    path_ = (slash == std::string::npos ? std::string() : save.substr(0, slash + 1)) + "staff-pin";
    std::string why;
    if (::access(path_.c_str(), F_OK) == 0 && !read_pin_file(path_, hash_, why)) {
      std::printf("colonial: %s; the staff PIN is chosen again\n", why.c_str());
      hash_.clear();
    }
  }
  // The kiosk's first start: whoever sets it up chooses the PIN now.
  if (hash_.empty()) open_pad(Pad::Choose, modals);
  return true;
}

void StaffMode::open_pad(Pad mode, Modals& modals) {
  pad_ = mode;
  entry_.clear();
  if (mode != Pad::Again) message_.clear();
  // Choosing the first PIN cannot be put off: the kiosk is not set up yet.
  modals.open(ModalKind::PinPad, mode == Pad::Unlock ? EscapeRule::Close : EscapeRule::Keep);
}

void StaffMode::close_pad(Modals& modals) {
  entry_.clear();
  modals.close(ModalKind::PinPad);
}

void StaffMode::lock(LockReason why) {
  if (!on_) return;
  on_ = false;
  struct Said {
    const char* sentence;
    const char* event_reason;
  };
  static const Said kSaid[] = {
      {"locked by the staff", "staff"}, {"five minutes without input", "no-input"}, {"the kiosk is idle", "idle"}};
  const Said& said = kSaid[static_cast<int>(why)];
  std::printf("colonial: staff mode off (%s)\n", said.sentence);
  text::emit_event("staff-mode-off", {{"reason", said.event_reason}});
}

void StaffMode::check_idle(double idle) {
  if (on_ && idle > kStaffIdleSeconds) lock(LockReason::NoInput);
}

void StaffMode::went_idle(Modals& modals) {
  if (pad_ == Pad::Unlock && modals.is_open(ModalKind::PinPad)) modals.close(ModalKind::PinPad);
  entry_.clear();
  lock(LockReason::KioskIdle);
}

void StaffMode::press(std::string_view key, Modals& modals, double now) {
  // A locked pad takes nothing (its keys are greyed out).
  if (pad_ == Pad::Unlock && lock_.locked(now)) return;
  if (key == "Clear")
    entry_.clear();
  else if (key == "OK")
    entered(modals, now);
  else if (entry_.size() < kMaxPinDigits)
    entry_ += key;
}

void StaffMode::entered(Modals& modals, double now) {
  switch (pad_) {
    case Pad::Unlock: unlock(modals, now); return;
    case Pad::Choose: choose(); return;
    case Pad::Again: confirm(modals); return;
  }
}

void StaffMode::unlock(Modals& modals, double now) {
  if (lock_.locked(now)) return;
  const bool right = pin_matches(entry_, hash_);
  lock_.tried(right, now);
  if (right) {
    on_ = true;
    close_pad(modals);
    std::printf("colonial: staff mode on\n");
    text::emit_event("staff-pin", {{"result", "right"}});
  } else if (lock_.locked(now)) {
    message_ = N_("Five wrong PINs: the pad is locked for a minute.");
    std::printf("colonial: wrong staff PIN; the pad is locked for %d s\n", lock_.seconds_left(now));
    text::emit_event("staff-pin", {{"result", "wrong"}, {"locked-seconds", lock_.seconds_left(now)}});
  } else {
    message_ = N_("Wrong PIN.");
    std::printf("colonial: wrong staff PIN\n");
    text::emit_event("staff-pin", {{"result", "wrong"}, {"locked-seconds", 0}});
  }
  entry_.clear();
}

void StaffMode::choose() {
  if (!valid_pin(entry_)) {
    message_ = N_("The PIN is 4 to 8 digits.");
    entry_.clear();
    return;
  }
  first_ = entry_;
  pad_ = Pad::Again;
  entry_.clear();
  message_ = N_("Type the same PIN again.");
}

void StaffMode::confirm(Modals& modals) {
  if (entry_ != first_) {
    pad_ = Pad::Choose;
    entry_.clear();
    message_ = N_("The two PINs differ: choose one again.");
    return;
  }
  std::string error;
  std::string hash = hash_pin(entry_, error);
  first_.clear();
  if (hash.empty()) {
    pad_ = Pad::Choose;
    entry_.clear();
    message_ = text::format(text::tr("The PIN could not be kept: %s"), error.c_str());
    return;
  }
  close_pad(modals);
  if (!path_.empty() && !write_pin_file(path_, hash, error)) {
    // Kept for this run; staff see why it will be asked again.
    modals.notify(text::format(text::tr("The staff PIN could not be saved (%s); it is asked again at the next start."),
                               error.c_str()));
    std::fprintf(stderr, "colonial: the staff PIN could not be saved: %s\n", error.c_str());
  }
  hash_ = std::move(hash);
  on_ = true;
  std::printf("colonial: staff PIN set; staff mode on\n");
  text::emit_event("staff-pin-set");
}

void StaffMode::draw_pad(Modals& modals, double now, const std::function<void()>& above) {
  // Keys as wide as their words: "Clear" is longer in French and German.
  const float key_height = ImGui::GetFontSize() * 3.2f * 0.8f;
  const float key =
      std::max({ImGui::GetFontSize() * 3.2f, button_width(text::tr("Clear")), button_width(text::tr("OK"))});
  const float w = key * 3 + ImGui::GetStyle().ItemSpacing.x * 2 + ImGui::GetStyle().WindowPadding.x * 2;
  if (!begin_dialog("Staff PIN", std::max(w, ImGui::GetFontSize() * 16), 0,
                    ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                        ImGuiWindowFlags_NoTitleBar)) {
    above();
    return;
  }
  // Scripts find the pad's title and message by their English.
  const char* title = pad_ == Pad::Unlock   ? N_("Staff PIN")
                      : pad_ == Pad::Choose ? N_("Choose the staff PIN (4 to 8 digits)")
                                            : N_("The staff PIN again");
  ImGui::TextWrapped("%s", text::tr(title));
  ui_target(title);
  // The digits typed, never shown: one dot each.
  std::string dots;
  for (std::size_t i = 0; i < entry_.size(); ++i) dots += "* ";
  ImGui::SetWindowFontScale(1.6f);
  ImGui::TextUnformatted(dots.empty() ? " " : dots.c_str());
  ImGui::SetWindowFontScale(1.0f);
  const bool locked = pad_ == Pad::Unlock && lock_.locked(now);
  if (locked) {
    const int seconds = lock_.seconds_left(now);
    ImGui::TextWrapped(text::trn("Locked: try again in %d second.", "Locked: try again in %d seconds.",
                                 static_cast<unsigned long>(seconds)),
                       seconds);
    ui_target("Locked");
  } else if (!message_.empty()) {
    ImGui::TextWrapped("%s", text::tr(message_.c_str()));
    ui_target(message_);
  }
  ImGui::BeginDisabled(locked);
  static const char* kKeys[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", N_("Clear"), "0", N_("OK")};
  for (int i = 0; i < 12; ++i) {
    if (i % 3) ImGui::SameLine();
    const std::string label = std::string(i == 9 || i == 11 ? text::tr(kKeys[i]) : kKeys[i]) + "##pin";
    if (touch_button(label.c_str(), key, key_height)) press(kKeys[i], modals, now);
  }
  ImGui::EndDisabled();
  if (pad_ == Pad::Unlock && touch_button((std::string(text::tr("Cancel")) + "##pin").c_str(), -1)) close_pad(modals);
  const bool closed = !modals.is_open(ModalKind::PinPad);
  above();
  if (closed) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void StaffMode::draw_gate(const char* what, Modals& modals) {
  ImGui::TextWrapped("%s", what);
  if (touch_button(text::tr("Staff..."), -1)) open_pad(Pad::Unlock, modals);
}

}  // namespace colonial
