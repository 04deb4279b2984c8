// The Phones dialog (game master or kiosk staff): turn the order server on
// or off, show each seat's QR code for its player to scan, see live which
// seats are done, and give a seat a new secret when a phone is lost (its
// old address stops working at once). Opened from the menu.
#include "phones_dialog.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "event_line.h"
#include "files.h"
#include "qr_code.h"
#include "touch_ui.h"
#include "translate.h"
#include "window.h"

namespace colonial {

namespace {

// The seats' secrets are kept beside the game's record; a game played
// without one keeps them in the user's cache directory.
bool seats_path(const Autosave& record, std::string& path, std::string& error) {
  if (record.enabled()) {
    path = record.path() + ".seats";
    return true;
  }
  if (!platform::user_cache_dir(path, error)) return false;
  path += "unsaved-game.seats";
  return true;
}

}  // namespace

void PhonesDialog::stop() {
  if (!phones_.running()) return;
  phones_.stop();
}

void PhonesDialog::pump(GameSession& session, double now) {
  TurnFlow& flow = session.flow();
  if (!phones_.running() || !flow.attached()) return;
  const PhoneTable::Actions actions{[&] { session.adjudicate_with_current(); }, [&] { session.changed(now); }};
  const bool changed = phones_.pump(
      session.game(), flow, now,
      [&] {
        session.save(now);
        return session.save_error().empty();
      },
      actions);
  for (PowerId p = 0; p < session.map().power_count(); ++p)
    if ((phones_.changed_powers() >> p) & 1u) session.restart_pad(p);
  const Screen s = flow.screen();
  if (changed && PhoneTable::everyone_done(flow) && (s == Screen::Orders || s == Screen::Handoff))
    flow.adjudicate_now();
}

void PhonesDialog::start(GameSession& session, double now) {
  error_.clear();
  std::string path;
  if (!seats_path(session.record(), path, error_) ||
      !phones_.start(
          session.map(), listen_, path, [] { platform::Window::wake(); }, error_)) {
    error_ = text::format(text::tr("The phones cannot be served: %s"), error_.c_str());
  } else {
    // The table as it stands goes out before anyone has the addresses: a
    // phone that asks at once is told whose orders are wanted.
    pump(session, now);
    for (PowerId p = 0; p < session.map().power_count(); ++p) {
      std::printf("colonial: phone seat %s %s\n", session.map().power(p).name, phones_.url(p).c_str());
      text::emit_event("phone-seat", {{"power", session.map().power(p).name}, {"url", phones_.url(p)}});
    }
    if (phones_.gm_on()) {
      std::printf("colonial: game master's seat %s\n", phones_.gm_url().c_str());
      text::emit_event("gm-seat", {{"url", phones_.gm_url()}});
    }
    if (!phones_.app_url().empty()) {
      std::printf("colonial: the app for a tablet %s\n", phones_.app_url().c_str());
      text::emit_event("web-app", {{"url", phones_.app_url()}});
    }
  }
  std::fflush(stdout);
}

void PhonesDialog::draw(GameSession& session, Modals& modals, double now, const std::function<void()>& above) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  if (!begin_dialog("Phones", dialog_width(64, 0.96f), vp->Size.y * 0.9f, kTallDialogFlags)) {
    above();
    return;
  }
  const bool close =
      dialog_title(text::tr("Phones as order pads"), (std::string(text::tr("Close")) + "##phones").c_str());
  if (!phones_.running()) {
    ImGui::TextWrapped("%s", text::tr("Each player can enter their orders on their own phone, in secret: the phone "
                                      "opens its seat's address (scan the code) on this table's Wi-Fi. No accounts "
                                      "and no internet are needed. Orders sent from a phone are saved at once; when "
                                      "every power is done, the phase is played."));
    if (primary_button(text::tr("Start serving phones"))) start(session, now);
  } else {
    const auto c = phones_.counters();
    ImGui::TextWrapped(c.refused_secret ? text::tr("Serving the phones. Each player scans the code of their power. "
                                                   "%ld requests, %ld orders sent; some requests with a wrong "
                                                   "address were refused")
                                        : text::tr("Serving the phones. Each player scans the code of their power. "
                                                   "%ld requests, %ld orders sent"),
                       c.requests, c.submissions);
    if (touch_button(text::tr("Stop serving phones"))) phones_.stop();
  }
  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.5f, 1.0f));
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::PopStyleColor();
  }
  if (phones_.running()) draw_seats(session, modals);
  if (close) modals.close(ModalKind::Phones);
  above();
  if (close) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// Each power's seat: its QR code, its address, and whether it is done.
void PhonesDialog::draw_seats(GameSession& session, Modals& modals) {
  const Map& map = session.map();
  const TurnFlow& flow = session.flow();
  ImGui::BeginChild("seats", ImVec2(0, 0), false);
  const float qr =
      std::clamp(ImGui::GetContentRegionAvail().x / 4.4f, 7.0f * ImGui::GetFontSize(), 14.0f * ImGui::GetFontSize());
  draw_gm_seat(modals, qr);
  draw_web_app(qr);
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (!session.game().is_playing(p)) continue;
    // A column is as wide as its QR code or its power's name, which is longer
    // in some languages ("Grande-Bretagne"): the next one goes beside it only
    // if it fits whole.
    const std::string name(power_name(map, p));
    same_line_if_fits(std::max(qr, power_badge_width(name.c_str())));
    ImGui::BeginGroup();
    ImGui::PushID(p);
    power_badge(p, name.c_str(), map.power(p).letter);
    const char* status = !flow.is_asked(p) ? text::tr("no orders now")
                         : flow.is_done(p) ? text::trc("seat", "done")
                                           : text::tr("waiting");
    ImGui::TextDisabled("%s", status);
    const std::string url = phones_.url(p);
    draw_qr_code(url, qr);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
    ImGui::TextDisabled("%s", url.c_str());
    ImGui::PopTextWrapPos();
    if (touch_button((std::string(text::tr("New seat")) + "##seat").c_str(), qr)) modals.ask(Question::NewSeat, p);
    ImGui::PopID();
    ImGui::EndGroup();
  }
  touch_scroll();
  ImGui::EndChild();
}

// The game master's seat: a tablet's browser runs the table from there.
void PhonesDialog::draw_gm_seat(Modals& modals, float qr) {
  ImGui::BeginGroup();
  ImGui::PushID("gm seat");
  ImGui::TextUnformatted(text::tr("Game master's tablet"));
  std::string why;
  if (phones_.gm_on()) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
    ImGui::TextDisabled("%s", text::tr("every power's orders, timer, play"));
    ImGui::PopTextWrapPos();
    const std::string url = phones_.gm_url();
    draw_qr_code(url, qr);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
    ImGui::TextDisabled("%s", url.c_str());
    ImGui::PopTextWrapPos();
    if (touch_button(text::tr("New address"), qr)) modals.ask(Question::NewSeat, kGmSeat);
    if (touch_button(text::tr("Turn off"), qr) && !phones_.set_gm_on(false, why))
      error_ = text::format(text::tr("The seat stays on: %s"), why.c_str());
  } else {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
    ImGui::TextDisabled("%s", text::tr("Off: no tablet can run the table. The phones go on as they are."));
    ImGui::PopTextWrapPos();
    if (touch_button(text::tr("Turn on"), qr) && !phones_.set_gm_on(true, why))
      error_ = text::format(text::tr("The seat stays off: %s"), why.c_str());
  }
  ImGui::PopID();
  ImGui::EndGroup();
}

// The whole app for a tablet's browser, when this table has its copy: a
// table whose only screen is a tablet plays from there.
void PhonesDialog::draw_web_app(float qr) {
  const std::string url = phones_.app_url();
  if (url.empty()) return;
  same_line_if_fits(qr);
  ImGui::BeginGroup();
  ImGui::TextUnformatted(text::tr("The app on a tablet"));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
  ImGui::TextDisabled("%s", text::tr("the whole game in the browser, while this table is in reach"));
  ImGui::PopTextWrapPos();
  draw_qr_code(url, qr);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + qr);
  ImGui::TextDisabled("%s", url.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

void PhonesDialog::draw_new_seat(GameSession& session, Modals& modals, const Modal& question,
                                 const std::function<void()>& above) {
  const PowerId p = static_cast<PowerId>(question.subject);
  const bool gm = p == kGmSeat;
  const std::string words =
      gm ? std::string(text::tr("Give the game master's tablet a new seat? Its old address stops working at once; "
                                "the tablet scans the new code."))
         : text::format(text::tr("Give %s a new seat? Its old address stops working at once; its orders stay. The "
                                 "player scans the new code."),
                        std::string(power_name(session.map(), p)).c_str());
  const int answer = confirm_dialog("new seat", words.c_str(), (std::string(text::tr("New seat")) + "##yes").c_str(),
                                    text::tr("Keep the seat"), nullptr, nullptr, above);
  if (answer < 0) return;
  modals.close_serial(question.serial);
  std::string error;
  if (answer == 1 && !(gm ? phones_.reissue_gm(error) : phones_.reissue(p, error)))
    error_ = text::format(text::tr("No new seat: %s"), error.c_str());
}

}  // namespace colonial
