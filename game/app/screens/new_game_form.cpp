// The new-game screen's form (new_game_form.h), a section at a time.
#include "new_game_form.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "game_rules.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

using text::tr;
using text::trc;
using text::trn;

namespace {

void heading(const char* text) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.86f, 0.45f, 1.0f));
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
}

void note(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

// The label of a named setting (game_rules.h), so the screen, the judge's
// --rule and the record speak of the same thing.
const char* rule_label(std::string_view name) {
  for (const GameRuleInfo& info : kGameRules)
    if (info.name == name) return trc("rule", info.label.data());
  return name.data();
}

// Era of Empire's rules, any of which may be played on any board.
void era_of_empire_options(GameSettings& s, bool several_powers_a_player) {
  RuleOptions& r = s.rules;
  heading(tr("Era of Empire rules"));
  touch_checkbox(rule_label("conscription"), &r.conscription);
  touch_checkbox(rule_label("conversion"), &r.conversion);
  bool removals = r.civil_disorder == CivilDisorderRule::EraOfEmpire;
  if (touch_checkbox(tr("Its removals: units off centres first, then the farthest from an owned centre"), &removals))
    r.civil_disorder = removals ? CivilDisorderRule::EraOfEmpire : CivilDisorderRule::Rule1995;
  bool endings = s.endings == Endings::EraOfEmpire;
  if (touch_checkbox(tr("Its endings: the most centres over the line wins, a draw includes all survivors"), &endings))
    s.endings = endings ? Endings::EraOfEmpire : Endings::Rule1995;
  if (several_powers_a_player) touch_checkbox(rule_label("united-powers"), &r.united_powers);
}

// Section 12's note for a player count under seven.
void player_count_note(int players) {
  // The six-player note is one sentence too long for a line.
  static constexpr const char* kSixPlayers =
      N_("Six players (12.5): China is neutral and holds, with armies in Mongolia, Kashgar and Chungking; "
         "Britain has an army in Bengal.");
  static const char* kNotes[] = {
      "",
      "",
      N_("Two players (12.1): Russia is neutral and may not be entered; Holland starts with a fleet in Borneo."),
      N_("Three players (12.2)."),
      N_("Four players (12.3): Holland starts with a fleet in Borneo."),
      N_("Five players (12.4)."),
      kSixPlayers};
  note(tr(kNotes[players]));
}

}  // namespace

void NewGameForm::reset(Map& map, u64 seed) {
  default_choices(map, choices_);
  choices_.seed = seed ? seed : static_cast<u64>(std::time(nullptr));
  map.set_options(choices_.settings.rules.map_options);
  set_start_position(map, board_);
}

bool NewGameForm::draw(Map& map, TurnFlow& flow, char* table_name, std::size_t table_name_size,
                       const std::string& language_option) {
  const ImVec2 top = ImGui::GetCursorPos();
  ImGui::SetWindowFontScale(1.3f);
  ImGui::TextUnformatted(tr("New game"));
  ImGui::SetWindowFontScale(1.0f);
  float heading_w = ImGui::GetItemRectSize().x;
  // TRANSLATORS: the board's name, then its number of colonies.
  ImGui::TextDisabled(trn("%s, %d colony", "%s, %d colonies", static_cast<unsigned long>(map.colony_count())),
                      std::string(map.name()).c_str(), map.colony_count());
  heading_w = std::max(heading_w, ImGui::GetItemRectSize().x);
  if (!table_name) draw_language(top.x, top.y, heading_w, language_option);
  if (table_name) {
    // The kiosk's start screen lists the game under this name.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Table name"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
    ImGui::InputText("##table name", table_name, table_name_size, ImGuiInputTextFlags_AutoSelectAll);
    ui_target("Table name");
  }
  // Flattened: the pad's D-pad goes from the form's last choice to Start game
  // and back without entering the scrolling list as a window of its own.
  ImGui::BeginChild("form", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 1.6f), false,
                    ImGuiWindowFlags_NavFlattened);
  bool board_changed = draw_presets(map);
  PlayerSetup setup;
  Position start;
  const bool colonial = preset_available(map, VariantPreset::Judges);
  board_changed = draw_players(map, setup, start) || board_changed;
  const bool setup_ok = !setup.powers_of.empty();
  draw_victory(map);
  draw_scoring(map);
  draw_rules(map, colonial, setup_ok && setup.powers_of.size() < map.power_count());
  board_changed = draw_board_options(map) || board_changed;
  draw_timers();
  draw_table_mode(flow);
  touch_scroll();
  ImGui::EndChild();
  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.5f, 0.45f, 1.0f));
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::PopStyleColor();
  }
  // Start game, and beside it the lessons for whoever has never played; on
  // the same row, so the form's last choice still leads down to Start.
  const float start_w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.55f;
  const bool started = primary_button(tr("Start game"), start_w, ImGui::GetFrameHeight() * 1.4f) && start_pressed(map);
  // The pad starts on Start game: the choices as they are make a game; up
  // goes back through the form, right to the lessons.
  ImGui::SetItemDefaultFocus();
  ImGui::SameLine();
  if (touch_button((std::string(tr("Learn to play")) + "##learn").c_str(), -1, ImGui::GetFrameHeight() * 1.4f))
    lessons_asked_ = true;
  ui_target("Learn to play");
  if (board_changed && setup_ok && !started) {
    // The board shows what the choices start from.
    map.set_options(choices_.settings.rules.map_options);
    board_ = start;
    board_.rules = choices_.settings.rules;
  }
  return started;
}

// The language on the first screen, its choices in their own words (the
// menu offers it too; a kiosk's staff choose it in its settings): at the
// right of the two heading lines, which are taller than it, so the form below
// stays where it is in every language and at every size (a compact box on a
// narrow panel); under them only where even that does not fit.
void NewGameForm::draw_language(float top_x, float top_y, float heading_w, const std::string& language_option) {
  const ImVec2 below = ImGui::GetCursorPos();
  const float room_h = below.y - ImGui::GetStyle().ItemSpacing.y - top_y;
  const float left = top_x + heading_w + ImGui::GetStyle().ItemSpacing.x;
  const float end = ImGui::GetWindowContentRegionMax().x;
  const bool compact = left > end - language_choice_width(language_option);
  const float right = end - language_choice_width(language_option, compact);
  const bool beside = left <= right && ImGui::GetFrameHeight() <= room_h;
  if (beside) ImGui::SetCursorPos(ImVec2(right, top_y + (room_h - ImGui::GetFrameHeight()) * 0.5f));
  language_choice(language_, language_option, compact);
  if (beside) ImGui::SetCursorPos(below);
}

bool NewGameForm::draw_presets(const Map& map) {
  bool changed = false;
  heading(trc("new game", "Game"));
  for (int i = 0; i < kPresetCount; ++i) {
    const VariantPreset p = static_cast<VariantPreset>(i);
    if (!preset_available(map, p)) continue;
    if (touch_radio(preset_label(p), choices_.preset == p)) {
      choices_.preset = p;
      apply_preset(map, p, choices_.settings);
      changed = true;
    }
  }
  note(preset_description(choices_.preset));
  return changed;
}

// How many play and who takes which powers; `setup` and `start` get the
// groups of powers and the start position of that many players.
bool NewGameForm::draw_players(const Map& map, PlayerSetup& setup, Position& start) {
  bool changed = false;
  heading(tr("Players"));
  int players = choices_.players;
  const bool colonial = preset_available(map, VariantPreset::Judges);
  if (colonial) {
    if (stepper("players", &players, 2, 7, 1, trn("%d player", "%d players", static_cast<unsigned long>(players)))) {
      choices_.players = players;
      for (int i = 0; i < kMaxPowers; ++i) choices_.group_of_seat[i] = i;
      changed = true;
    }
  } else {
    ImGui::Text(trn("%d player", "%d players", static_cast<unsigned long>(players)), players);
  }
  if (!player_groups(map, choices_.players, setup, start)) setup.powers_of.clear();
  if (colonial && choices_.players < 7) player_count_note(choices_.players);
  if (touch_radio(tr("Powers dealt at random"), choices_.random_draw)) choices_.random_draw = true;
  if (touch_radio(tr("Players choose their powers"), !choices_.random_draw)) choices_.random_draw = false;
  for (int seat = 0; seat < setup.powers_of.size(); ++seat) draw_seat(map, setup, seat);
  return changed;
}

// A seat: its player's name, a person or the computer at a level (a tap
// moves on to the next), and the powers chosen (when not dealt).
void NewGameForm::draw_seat(const Map& map, const PlayerSetup& setup, int seat) {
  const int groups = setup.powers_of.size();
  ImGui::PushID(seat);
  ImGui::AlignTextToFramePadding();
  ImGui::Text("%d", seat + 1);
  ImGui::SameLine();
  int& who = choices_.computer_of_seat[static_cast<std::size_t>(seat)];
  float who_w = 0;
  for (const char* player : kSeatPlayers) who_w = std::max(who_w, ImGui::CalcTextSize(tr(player)).x);
  who_w += ImGui::GetStyle().FramePadding.x * 2;
  const float avail = ImGui::GetContentRegionAvail().x - who_w - ImGui::GetStyle().ItemSpacing.x;
  const float name_w = choices_.random_draw ? avail : avail * 0.45f;
  ImGui::SetNextItemWidth(name_w);
  const std::string hint = who > 0 ? std::string(tr("Computer")) : text::format(tr("Player %d"), seat + 1);
  ImGui::InputTextWithHint("##name", hint.c_str(), names_[seat], sizeof names_[seat]);
  ui_target(std::string("name ") + std::to_string(seat + 1));
  ImGui::SameLine();
  // "###": the button keeps its identity as its words change, so the pad's
  // focus stays on it while A steps through the levels.
  if (touch_button((std::string(tr(kSeatPlayers[who])) + "###who").c_str(), who_w)) who = (who + 1) % kSeatPlayerCount;
  ui_target(std::string("who ") + std::to_string(seat + 1));
  if (!choices_.random_draw) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    int& g = choices_.group_of_seat[seat];
    if (g >= groups) g = seat;
    if (ImGui::BeginCombo("##powers", group_text(map, setup.powers_of[g]).c_str())) {
      for (int k = 0; k < groups; ++k)
        if (ImGui::Selectable(group_text(map, setup.powers_of[k]).c_str(), k == g)) g = k;
      ImGui::EndCombo();
    }
  }
  ImGui::PopID();
}

void NewGameForm::draw_victory(const Map& map) {
  GameSettings& s = choices_.settings;
  const bool biennial = s.rules.calendar == Calendar::Biennial1995;
  heading(tr("Victory"));
  int victory = s.victory_colonies;
  if (stepper("victory", &victory, 1, map.colony_count(), 1,
              trn("%d colony", "%d colonies", static_cast<unsigned long>(victory))))
    s.victory_colonies = victory;
  ImGui::SameLine();
  // TRANSLATORS: after "24 colonies": of the board's 58.
  ImGui::TextDisabled(tr("of %d"), map.colony_count());
  bool limit = s.last_year > 0;
  if (touch_checkbox(tr("Turn limit: most colonies wins after"), &limit))
    s.last_year = limit ? map.start_year() + (biennial ? 20 : 10) : 0;
  if (limit) {
    int year = s.last_year;
    if (stepper("last year", &year, map.start_year(), map.start_year() + 200, biennial ? 2 : 1, "%d"))
      s.last_year = year;
  }
}

// The club's scoring system, and a secret end year: drawn at the start from
// the range, kept in the record and shown to nobody until it is reached.
void NewGameForm::draw_scoring(const Map& map) {
  GameSettings& s = choices_.settings;
  heading(tr("Scoring"));
  scoring_choice(s.scored, s.scoring);
  if (s.scored) note(tr(scoring_system_info(s.scoring).description.data()));
  bool secret = choices_.secret_end;
  if (touch_checkbox(tr("Secret end year, drawn at the start between"), &secret)) set_secret_end(map, choices_, secret);
  if (!choices_.secret_end) return;
  const int step = s.rules.calendar == Calendar::Biennial1995 ? 2 : 1;
  const int last_allowed = s.last_year > 0 ? s.last_year : map.start_year() + 200;
  int first = choices_.secret_end_first, last = choices_.secret_end_last;
  const float line_left = ImGui::GetCursorScreenPos().x;
  if (stepper("secret first", &first, map.start_year(), last_allowed, step, "%d")) {
    choices_.secret_end_first = first;
    choices_.secret_end_last = std::max(first, choices_.secret_end_last);
  }
  // The second year beside the first where both fit, else below it (a
  // handheld's narrow panel).
  const float stepper_w = ImGui::GetItemRectMax().x - line_left;
  // TRANSLATORS: between two years of the secret end year's range: "1880 and 1884".
  const char* and_word = tr("and");
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float right = ImGui::GetItemRectMax().x + gap + ImGui::CalcTextSize(and_word).x + gap + stepper_w;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(and_word);
  ImGui::SameLine();
  if (stepper("secret last", &last, map.start_year(), last_allowed, step, "%d")) {
    choices_.secret_end_last = last;
    choices_.secret_end_first = std::min(last, choices_.secret_end_first);
  }
  note(tr("The year is kept in the record and shown to nobody; the game ends after it as at a turn limit."));
}

void NewGameForm::draw_rules(const Map& map, bool colonial, bool several_powers_a_player) {
  RuleOptions& r = choices_.settings.rules;
  heading(tr("Rules"));
  const bool biennial = r.calendar == Calendar::Biennial1995;
  if (touch_radio(tr("1995 calendar: a turn every two years"), biennial) && !biennial)
    r.calendar = Calendar::Biennial1995;
  if (touch_radio(tr("Spring and Fall turns"), !biennial) && biennial) r.calendar = Calendar::Seasons;
  if (map.railroad_count() > 0) touch_checkbox(tr("Trans-Siberian Railroad (9.2)"), &r.railroad);
  if (map.canal_count() > 0) touch_checkbox(tr("Suez Canal (9.3)"), &r.canal);
  if (colonial) {
    touch_checkbox(tr("Hong Kong never a colony for China (9.1)"), &r.hong_kong);
    touch_checkbox(tr("China may not enter Hong Kong at first (9.11, deleted by the errata)"),
                   &r.china_waits_for_hong_kong);
  }
  era_of_empire_options(choices_.settings, several_powers_a_player);
}

bool NewGameForm::draw_board_options(const Map& map) {
  if (map.option_count() == 0) return false;
  RuleOptions& r = choices_.settings.rules;
  bool changed = false;
  heading(tr("Board"));
  for (int i = 0; i < map.option_count(); ++i) {
    bool on = (r.map_options >> i) & 1u;
    if (touch_checkbox(board_option_label(map.option(i)), &on)) {
      r.map_options = on ? (r.map_options | (1u << i)) : (r.map_options & ~(1u << i));
      changed = true;
    }
  }
  return changed;
}

void NewGameForm::draw_timers() {
  heading(tr("Phase timers"));
  note(tr("Minutes for each phase; when the time is up, missing orders hold. 0 = no timer."));
  float label_w = 7.0f * ImGui::GetFontSize();
  for (int k = 0; k < 3; ++k)
    label_w = std::max(label_w, ImGui::CalcTextSize(timer_name(k)).x + ImGui::GetStyle().ItemSpacing.x);
  const float value_w = timer_value_width();
  for (int k = 0; k < 3; ++k) {
    int minutes = choices_.settings.timer_seconds[k] / 60;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(timer_name(k));
    ImGui::SameLine(label_w);
    if (timer_stepper(k, &minutes, value_w)) choices_.settings.timer_seconds[k] = static_cast<u16>(minutes * 60);
  }
}

void NewGameForm::draw_table_mode(TurnFlow& flow) {
  heading(tr("Table"));
  if (touch_radio(tr("Pass-and-play"), flow.mode() == TableMode::PassAndPlay)) flow.set_mode(TableMode::PassAndPlay);
  if (touch_radio(tr("Companion (game master)"), flow.mode() == TableMode::Companion))
    flow.set_mode(TableMode::Companion);
  note(flow.mode() == TableMode::PassAndPlay
           ? tr("One device passed round the table; each player's orders stay secret.")
           : tr("One person keys in every power's orders, for a table playing on the physical board."));
}

bool NewGameForm::start_pressed(Map& map) {
  for (int seat = 0; seat < kMaxPowers; ++seat) choices_.names[seat] = names_[seat];
  if (!make_game(map, choices_, made_settings_, made_start_, error_)) return false;
  error_.clear();
  return true;
}

}  // namespace colonial
