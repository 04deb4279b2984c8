#include "kiosk.h"

#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "board_palette.h"
#include "controls.h"
#include "event_line.h"
#include "kiosk_settings.h"
#include "report.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

using text::format;
using text::tr;
using text::trc;
using text::trn;

Kiosk::Kiosk(KioskOptions options) : options_(std::move(options)) {}
Kiosk::~Kiosk() = default;

bool Kiosk::start(const Autosave& record, Modals& modals, std::string& error) {
  if (!options_.on) return true;
  if (!staff_.load(options_.pin_file, record, modals, error)) return false;
  load_settings(record, modals);
  modals.on_close(ModalKind::KioskSettings, [this, &modals](const Modal&) { save_settings(modals); });
  // The kiosk's tables: games left too long archived first.
  if (record.enabled()) {
    tables_ = std::make_unique<TablesScreen>(record.path());
    tables_->archive_stale(options_.archive_days);
    season_ = std::make_unique<SeasonView>(record.path());
    season_->set_club_system(scoring_);
  }
  return true;
}

void Kiosk::load_settings(const Autosave& record, Modals& modals) {
  if (!record.enabled()) return;
  const std::string& save = record.path();
  const std::size_t slash = save.rfind('/');
  settings_path_ = (slash == std::string::npos ? std::string() : save.substr(0, slash + 1)) + "kiosk-settings";
  if (::access(settings_path_.c_str(), F_OK) != 0) return;  // none yet: the command line's
  KioskSettings settings{options_.idle_minutes, options_.archive_days, language_, palette_, scoring_};
  std::string error;
  if (!read_kiosk_settings(settings_path_, settings, error)) {
    std::fprintf(stderr, "colonial: %s; the kiosk keeps the settings of its command line\n", error.c_str());
    return;
  }
  options_.idle_minutes = settings.idle_minutes;
  options_.archive_days = settings.archive_days;
  std::printf("colonial: kiosk settings from %s: idle after %g minutes, archive after %d days\n",
              settings_path_.c_str(), options_.idle_minutes, options_.archive_days);
  // The staff's language, before the first frame speaks.
  language_ = settings.language;
  if (!language_.empty()) switch_language(language_);
  // The kiosk's colours, for every player until one chooses others in the
  // menu; the attract view brings them back.
  palette_ = settings.palette;
  scoring_ = settings.scoring;
  std::string notice;
  app_palette().set_kind(palette_of_setting(palette_, settings_path_, notice));
  if (!notice.empty()) modals.notify(notice);
}

void Kiosk::update(GameSession& session, Modals& modals, double now) {
  if (!options_.on) return;
  staff_.check_idle(now - last_input_);
  if (staff_locked()) {
    modals.close(ModalKind::KioskSettings);
    modals.close(ModalKind::Season);
  }
  if (options_.idle_minutes <= 0 || modals.is_open(ModalKind::Attract)) return;
  if (now - last_input_ >= options_.idle_minutes * 60) go_idle(session, modals, now);
}

void Kiosk::go_idle(GameSession& session, Modals& modals, double now) {
  session.flow().cover();
  modals.close(ModalKind::Help);
  modals.close(ModalKind::Menu);
  staff_.went_idle(modals);
  modals.close(ModalKind::KioskSettings);
  modals.close(ModalKind::Season);
  // A lesson left half-way: the next passer-by starts from the attract view.
  modals.close(ModalKind::Lesson);
  modals.open(ModalKind::Attract);
  // The next passer-by sees the kiosk's own colours.
  std::string notice;
  app_palette().set_kind(palette_of_setting(palette_, settings_path_, notice));
  // The tables as they stand now, for the attract view's list.
  if (tables_) tables_->read(session, now);
  // The season as it stands, for its table under them.
  if (season_) season_->read();
  season_reported_ = false;
  std::printf("colonial: idle: the attract view after %g minutes without input\n", options_.idle_minutes);
  text::emit_event("idle", {{"minutes", options_.idle_minutes}});
}

// Staff only (Menu, Kiosk settings): when the kiosk goes idle, when an
// untouched game is archived, and the phase timers of the game in play.
// Changes take effect at once; the kiosk's own are saved beside the record
// when the dialog closes, however it closes (save_settings).
void Kiosk::draw_settings(GameSession& session, Modals& modals, double now, const std::function<void()>& above) {
  if (staff_locked()) {
    modals.close(ModalKind::KioskSettings);
    above();
    return;
  }
  if (!begin_dialog("kiosk settings", dialog_width(30, 0.95f))) {
    above();
    return;
  }
  // The steppers in one column after the widest label, their + in one
  // column after the widest value.
  const char* const labels[] = {
      tr("Language"), tr("Colours"), tr("Scoring"), tr("Attract view after"), tr("Archive a game left for"),
      timer_name(0),  timer_name(1), timer_name(2)};
  float label_w = 0.0f;
  for (const char* label : labels) label_w = std::max(label_w, ImGui::CalcTextSize(label).x);
  label_w += ImGui::GetStyle().WindowPadding.x + ImGui::GetStyle().ItemSpacing.x * 2;
  const float value_w = std::max(
      {stepper_value_width(format(tr("%d min"), static_cast<int>(kMaxIdleMinutes)).c_str()), timer_value_width(),
       stepper_value_width(
           format(trn("%d day", "%d days", static_cast<unsigned long>(kMaxArchiveDays)), kMaxArchiveDays).c_str()),
       stepper_value_width(tr("never"))});
  ImGui::TextUnformatted(tr("Kiosk settings"));
  ImGui::Separator();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Language"));
  ImGui::SameLine(label_w);
  language_choice(language_, options_.language_option);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Colours"));
  ImGui::SameLine(label_w);
  PaletteKind palette = app_palette().kind();
  if (palette_choice(palette)) palette_ = std::string(palette_code(palette));
  // The club's system, for the games started here from now on.
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Scoring"));
  ImGui::SameLine(label_w);
  bool scored = false;
  ScoringSystem system{};
  club_scoring(scored, system);
  if (scoring_choice(scored, system)) {
    scoring_ = scored ? std::string(scoring_system_info(system).name) : std::string();
    if (season_) season_->set_club_system(scoring_);
  }
  int idle = static_cast<int>(options_.idle_minutes);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Attract view after"));
  ImGui::SameLine(label_w);
  if (stepper("idle minutes", &idle, 0, static_cast<int>(kMaxIdleMinutes), 1, idle ? tr("%d min") : tr("never"),
              value_w))
    options_.idle_minutes = idle;
  int days = options_.archive_days;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Archive a game left for"));
  ImGui::SameLine(label_w);
  if (stepper("archive days", &days, 0, kMaxArchiveDays, 1,
              days ? trn("%d day", "%d days", static_cast<unsigned long>(days)) : tr("never"), value_w))
    options_.archive_days = days;
  draw_timer_settings(session, label_w, value_w, now);
  if (!session.save_error().empty()) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.45f, 1.0f));
    ImGui::TextWrapped(tr("%s. The last good record is kept; the game goes on, unsaved, until saving works again."),
                       session.save_error().c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  const bool close =
      primary_button((std::string(tr("Close")) + "##kiosk settings").c_str(), -1, ImGui::GetFrameHeight() * 1.4f);
  if (close) modals.close(ModalKind::KioskSettings);
  above();
  if (close) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// The phase timers of the game in play (off: none; when time is up, missing
// orders hold); a change starts the phase's clock again.
void Kiosk::draw_timer_settings(GameSession& session, float label_w, float value_w, double now) {
  Game& game = session.game();
  if (!session.flow().attached() || game.over()) return;
  ImGui::Spacing();
  ImGui::TextWrapped("%s", tr("This game's phase timers (off: none; when time is up, missing orders hold). The phase "
                              "in play starts its clock again."));
  for (int k = 0; k < 3; ++k) {
    u16 seconds[3] = {game.settings().timer_seconds[0], game.settings().timer_seconds[1],
                      game.settings().timer_seconds[2]};
    int minutes = seconds[k] / 60;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(timer_name(k));
    ImGui::SameLine(label_w);
    if (timer_stepper(k, &minutes, value_w)) {
      seconds[k] = static_cast<u16>(minutes * 60);
      game.set_timers(seconds);
      session.flow().restart_clock(now);
      session.save(now);
    }
  }
}

// A failed save is explained in a notice.
void Kiosk::club_scoring(bool& scored, ScoringSystem& system) const {
  scored = !scoring_.empty() && find_scoring_system(scoring_, system);
}

void Kiosk::save_settings(Modals& modals) {
  if (settings_path_.empty()) return;
  std::string error;
  if (write_kiosk_settings(settings_path_,
                           {options_.idle_minutes, options_.archive_days, language_, palette_, scoring_}, error))
    std::printf("colonial: kiosk settings saved: idle after %g minutes, archive after %d days\n", options_.idle_minutes,
                options_.archive_days);
  else
    modals.notify(format(tr("The kiosk settings were not saved (%s)."), error.c_str()));
}

void Kiosk::draw_attract(const GameSession& session, double now, const std::function<void()>& above) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // Dimmer once it has waited as long again.
  const bool dim = now - last_input_ >= options_.idle_minutes * 120;
  // A modal popup over the whole screen: above every panel, and no tap
  // reaches what is under it.
  ImGui::SetNextWindowBgAlpha(dim ? 0.97f : 0.9f);
  if (!begin_dialog("attract", vp->Size.x, vp->Size.y,
                    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings)) {
    above();
    return;
  }
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, dim ? 0.45f : 1.0f);
  const float margin = vp->Size.x * 0.12f;
  ImGui::SetCursorPos(ImVec2(margin, vp->Size.y * 0.16f));
  ImGui::SetWindowFontScale(2.2f);
  ImGui::TextUnformatted("Colonial Diplomacy");
  ImGui::Indent(margin);
  ImGui::SetWindowFontScale(1.2f);
  draw_attract_game(session);
  draw_attract_season(vp->Size.y * 0.78f - ImGui::GetCursorPosY());
  ImGui::Unindent(margin);
  ImGui::SetWindowFontScale(1.6f);
  const char* tap = tr("Tap anywhere to play");
  ImGui::SetCursorPos(ImVec2((vp->Size.x - ImGui::CalcTextSize(tap).x) * 0.5f, vp->Size.y * 0.8f));
  ImGui::TextUnformatted(tap);
  ui_target("Tap anywhere to play");
  // The lessons, for a passer-by who has never played: a line of its own
  // under "tap to play", a framed target a finger finds.
  ImGui::SetWindowFontScale(1.25f);
  const char* learn = tr("New to the game? Learn to play here (the pad's Y)");
  const ImVec2 size = ImGui::CalcTextSize(learn);
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  const ImVec2 at((vp->Size.x - size.x) * 0.5f, ImGui::GetCursorPosY() + ImGui::GetStyle().ItemSpacing.y);
  ImGui::SetCursorPos(at);
  const ImVec2 screen_at = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRect(ImVec2(screen_at.x - pad.x * 2, screen_at.y - pad.y * 2),
                                      ImVec2(screen_at.x + size.x + pad.x * 2, screen_at.y + size.y + pad.y * 2),
                                      ImGui::GetColorU32(ImGuiCol_Text), ImGui::GetStyle().FrameRounding, 0, 2.0f);
  ImGui::TextUnformatted(learn);
  ui_target("Learn to play");
  learn_x_ = screen_at.x - pad.x * 2;
  learn_y_ = screen_at.y - pad.y * 2;
  learn_w_ = size.x + pad.x * 4;
  learn_h_ = size.y + pad.y * 4;
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopStyleVar();
  above();
  ImGui::EndPopup();
}

bool Kiosk::asks_for_lessons(const platform::InputEvent& e) const {
  using platform::InputType;
  if (e.type == InputType::GamepadButtonDown) return action_for(e, Place::Lessons) == Action::LearnToPlay;
  if (e.type != InputType::PointerDown && e.type != InputType::TouchDown) return false;
  return e.x >= learn_x_ && e.x <= learn_x_ + learn_w_ && e.y >= learn_y_ && e.y <= learn_y_ + learn_h_;
}

// The club's season, its first rows in the room left above "tap to play";
// nothing until a scored game has finished here.
void Kiosk::draw_attract_season(float height) {
  if (!season_) return;
  ImGui::SetWindowFontScale(1.2f);
  ImGui::Spacing();
  ImGui::Spacing();
  const int rows = season_->draw_top_rows(height - ImGui::GetTextLineHeightWithSpacing());
  if (rows > 0 && !season_reported_) {
    season_reported_ = true;
    const Standings& standings = season_->standings();
    std::printf("colonial: the attract view shows the season's first %d of %zu players\n", rows, standings.rows.size());
    text::emit_event("season-shown", {{"view", "attract"},
                                      {"system", std::string(scoring_system_info(standings.system).name)},
                                      {"games", standings.games},
                                      {"rows", rows}});
  }
}

// Staff only: closed when staff mode locks (update).
void Kiosk::draw_season(Modals& modals, const std::function<void()>& above) {
  if (!season_ || staff_locked()) {
    modals.close(ModalKind::Season);
    above();
    return;
  }
  season_->draw(modals, above);
}

// The games at this kiosk: each table's phase and who it waits for; with one
// table, its game and the last phase's results (never the orders being
// given now).
void Kiosk::draw_attract_game(const GameSession& session) {
  const std::vector<TableSummary> none;
  const std::vector<TableSummary>& list = tables_ ? tables_->list() : none;
  if (list.size() > 1) {
    ImGui::TextUnformatted(tr("The games at this kiosk:"));
    ImGui::SetWindowFontScale(1.0f);
    for (const TableSummary& t : list) {
      ImGui::Spacing();
      if (t.damaged)
        ImGui::TextWrapped(tr("%s: damaged (the club's staff will see to it)"), t.name.c_str());
      else if (t.over)
        ImGui::TextWrapped(tr("%s: game over. %s"), t.name.c_str(), t.result.c_str());
      else if (t.waiting.empty())
        // TRANSLATORS: a table's name, then its phase.
        ImGui::TextWrapped(tr("%s: %s"), t.name.c_str(), t.phase.c_str());
      else
        // TRANSLATORS: a table's name, its phase, then the powers not done.
        ImGui::TextWrapped(tr("%s: %s, waiting for %s"), t.name.c_str(), t.phase.c_str(), t.waiting.c_str());
    }
    return;
  }
  if (!session.flow().attached()) {
    ImGui::TextUnformatted(tr("No game is open at this table yet."));
    return;
  }
  const Game& game = session.game();
  const Map& map = session.map();
  PhaseText phase;
  describe_phase(game.phase(), phase);
  ImGui::Text(tr("The game at this table: %s"), phase.c_str());
  std::string waiting;
  for (PowerId p = 0; p < map.power_count(); ++p)
    if ((session.flow().waiting() >> p) & 1u)
      waiting += std::string(waiting.empty() ? "" : ", ") + std::string(power_name(map, p));
  if (!waiting.empty()) ImGui::TextWrapped(tr("Waiting for: %s"), waiting.c_str());
  for (int i = game.history_size() - 1; i >= 0; --i) {
    const PhaseRecord& r = game.history(i);
    if (r.edit) continue;
    ImGui::SetWindowFontScale(1.0f);
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Last results:"));
    int shown = 0;
    for (const OrderResult& result : r.results.results) {
      if (shown == 6) break;
      SentenceText sentence;
      describe_result_sentence(map, r.position, result, sentence);
      if (sentence.empty()) continue;
      ImGui::TextWrapped("  %s", sentence.c_str());
      ++shown;
    }
    break;
  }
}

}  // namespace colonial
