// The new-game screen: variant preset, rule options, board edition, players
// and their powers (random draw or by choice), names, victory condition,
// phase timers and the table mode. It edits App::choices_ (NewGameChoices,
// flow/new_game_setup.h), which make_game() turns into a game.
#include <imgui.h>

#include <cstdio>

#include "app.h"
#include "game_rules.h"
#include "touch_ui.h"

namespace colonial {

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
    if (info.name == name) return info.label.data();
  return name.data();
}

// Era of Empire's rules, any of which may be played on any board.
void era_of_empire_options(GameSettings& s, bool several_powers_a_player) {
  RuleOptions& r = s.rules;
  heading("Era of Empire rules");
  touch_checkbox(rule_label("conscription"), &r.conscription);
  touch_checkbox(rule_label("conversion"), &r.conversion);
  bool removals = r.civil_disorder == CivilDisorderRule::EraOfEmpire;
  if (touch_checkbox("Its removals: units off centres first, then the farthest from an owned centre", &removals))
    r.civil_disorder = removals ? CivilDisorderRule::EraOfEmpire : CivilDisorderRule::Rule1995;
  bool endings = s.endings == Endings::EraOfEmpire;
  if (touch_checkbox("Its endings: the most centres over the line wins, a draw includes all survivors", &endings))
    s.endings = endings ? Endings::EraOfEmpire : Endings::Rule1995;
  if (several_powers_a_player) touch_checkbox(rule_label("united-powers"), &r.united_powers);
}

}  // namespace

void App::draw_new_game() {
  // A decision under way reads the board this screen changes.
  stop_computer();
  if (!begin_panel("new game")) {
    end_panel();
    return;
  }
  if (staff_locked()) {
    ImGui::SetWindowFontScale(1.3f);
    ImGui::TextUnformatted("Colonial Diplomacy");
    ImGui::SetWindowFontScale(1.0f);
    draw_staff_gate("No game is open at this table. The club's staff start one.");
    end_panel();
    return;
  }
  GameSettings& s = choices_.settings;
  RuleOptions& r = s.rules;
  bool board_changed = false;

  ImGui::SetWindowFontScale(1.3f);
  ImGui::TextUnformatted("New game");
  ImGui::SetWindowFontScale(1.0f);
  ImGui::TextDisabled("%s, %d colonies", std::string(map_->name()).c_str(), map_->colony_count());
  if (tables_) {
    // The kiosk's start screen lists the game under this name.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Table name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
    ImGui::InputText("##table name", table_name_buffer_, sizeof table_name_buffer_, ImGuiInputTextFlags_AutoSelectAll);
    ui_target("Table name");
  }
  ImGui::BeginChild("form", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 1.6f), false);

  heading("Game");
  for (int i = 0; i < kPresetCount; ++i) {
    const VariantPreset p = static_cast<VariantPreset>(i);
    if (!preset_available(*map_, p)) continue;
    if (touch_radio(preset_label(p), choices_.preset == p)) {
      choices_.preset = p;
      apply_preset(*map_, p, s);
      board_changed = true;
    }
  }
  note(preset_description(choices_.preset));

  heading("Players");
  int players = choices_.players;
  const bool colonial = preset_available(*map_, VariantPreset::Judges);
  if (colonial) {
    if (stepper("players", &players, 2, 7, 1, "%d players")) {
      choices_.players = players;
      for (int i = 0; i < kMaxPowers; ++i) choices_.group_of_seat[i] = i;
      board_changed = true;
    }
  } else {
    ImGui::Text("%d players", players);
  }
  PlayerSetup setup;
  Position preview;
  const bool setup_ok = player_groups(*map_, choices_.players, setup, preview);
  if (colonial && choices_.players < 7) {
    // The six-player note is one sentence too long for a line.
    static constexpr const char* kSixPlayers =
        "Six players (12.5): China is neutral and holds, with armies in Mongolia, Kashgar and Chungking; "
        "Britain has an army in Bengal.";
    static const char* kNotes[] = {
        "",
        "",
        "Two players (12.1): Russia is neutral and may not be entered; Holland starts with a fleet in Borneo.",
        "Three players (12.2).",
        "Four players (12.3): Holland starts with a fleet in Borneo.",
        "Five players (12.4).",
        kSixPlayers};
    note(kNotes[choices_.players]);
  }
  if (touch_radio("Powers dealt at random", choices_.random_draw)) choices_.random_draw = true;
  if (touch_radio("Players choose their powers", !choices_.random_draw)) choices_.random_draw = false;
  if (setup_ok) {
    const int groups = setup.powers_of.size();
    for (int seat = 0; seat < groups; ++seat) {
      ImGui::PushID(seat);
      ImGui::AlignTextToFramePadding();
      ImGui::Text("%d", seat + 1);
      ImGui::SameLine();
      // Who sits there: a person, or the computer at a level (a tap moves
      // on to the next).
      int& who = choices_.computer_of_seat[static_cast<std::size_t>(seat)];
      const float who_w = ImGui::CalcTextSize(kSeatPlayers[2]).x + ImGui::GetStyle().FramePadding.x * 2;
      const float avail = ImGui::GetContentRegionAvail().x - who_w - ImGui::GetStyle().ItemSpacing.x;
      const float name_w = choices_.random_draw ? avail : avail * 0.45f;
      ImGui::SetNextItemWidth(name_w);
      char hint[24];
      std::snprintf(hint, sizeof hint, who > 0 ? "Computer" : "Player %d", seat + 1);
      ImGui::InputTextWithHint("##name", hint, name_buffers_[seat], sizeof name_buffers_[seat]);
      ui_target(std::string("name ") + std::to_string(seat + 1));
      ImGui::SameLine();
      if (touch_button((std::string(kSeatPlayers[who]) + "##who").c_str(), who_w)) who = (who + 1) % kSeatPlayerCount;
      ui_target(std::string("who ") + std::to_string(seat + 1));
      if (!choices_.random_draw) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-1.0f);
        int& g = choices_.group_of_seat[seat];
        if (g >= groups) g = seat;
        if (ImGui::BeginCombo("##powers", group_text(*map_, setup.powers_of[g]).c_str())) {
          for (int k = 0; k < groups; ++k)
            if (ImGui::Selectable(group_text(*map_, setup.powers_of[k]).c_str(), k == g)) g = k;
          ImGui::EndCombo();
        }
      }
      ImGui::PopID();
    }
  }

  heading("Victory");
  int victory = s.victory_colonies;
  if (stepper("victory", &victory, 1, map_->colony_count(), 1, "%d colonies")) s.victory_colonies = victory;
  ImGui::SameLine();
  ImGui::TextDisabled("of %d", map_->colony_count());
  bool limit = s.last_year > 0;
  if (touch_checkbox("Turn limit: most colonies wins after", &limit))
    s.last_year = limit ? map_->start_year() + (r.calendar == Calendar::Biennial1995 ? 20 : 10) : 0;
  if (limit) {
    int year = s.last_year;
    if (stepper("last year", &year, map_->start_year(), map_->start_year() + 200,
                r.calendar == Calendar::Biennial1995 ? 2 : 1, "%d"))
      s.last_year = year;
  }

  heading("Rules");
  if (r.calendar == Calendar::Biennial1995) {
    if (touch_radio("1995 calendar: a turn every two years", true)) {
    }
    if (touch_radio("Spring and Fall turns", false)) r.calendar = Calendar::Seasons;
  } else {
    if (touch_radio("1995 calendar: a turn every two years", false)) r.calendar = Calendar::Biennial1995;
    if (touch_radio("Spring and Fall turns", true)) {
    }
  }
  if (map_->railroad_count() > 0) touch_checkbox("Trans-Siberian Railroad (9.2)", &r.railroad);
  if (map_->canal_count() > 0) touch_checkbox("Suez Canal (9.3)", &r.canal);
  if (colonial) {
    touch_checkbox("Hong Kong never a colony for China (9.1)", &r.hong_kong);
    touch_checkbox("China may not enter Hong Kong at first (9.11, deleted by the errata)",
                   &r.china_waits_for_hong_kong);
  }
  era_of_empire_options(s, setup_ok && setup.powers_of.size() < map_->power_count());
  if (map_->option_count() > 0) {
    heading("Board");
    for (int i = 0; i < map_->option_count(); ++i) {
      bool on = (r.map_options >> i) & 1u;
      if (touch_checkbox(map_->option(i).description, &on)) {
        r.map_options = on ? (r.map_options | (1u << i)) : (r.map_options & ~(1u << i));
        board_changed = true;
      }
    }
  }

  heading("Phase timers");
  note("Minutes for each phase; when the time is up, missing orders hold. 0 = no timer.");
  static const char* kTimerNames[3] = {"Movement", "Retreats", "Adjustments"};
  for (int k = 0; k < 3; ++k) {
    int minutes = s.timer_seconds[k] / 60;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(kTimerNames[k]);
    ImGui::SameLine(ImGui::GetFontSize() * 7.0f);
    if (stepper(kTimerNames[k], &minutes, 0, 240, 1, minutes ? "%d min" : "off"))
      s.timer_seconds[k] = static_cast<u16>(minutes * 60);
  }

  heading("Table");
  if (touch_radio("Pass-and-play", flow_.mode() == TableMode::PassAndPlay)) flow_.set_mode(TableMode::PassAndPlay);
  if (touch_radio("Companion (game master)", flow_.mode() == TableMode::Companion))
    flow_.set_mode(TableMode::Companion);
  note(flow_.mode() == TableMode::PassAndPlay
           ? "One device passed round the table; each player's orders stay secret."
           : "One person keys in every power's orders, for a table playing on the physical board.");
  touch_scroll();
  ImGui::EndChild();

  if (!setup_error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.5f, 0.45f, 1.0f));
    ImGui::TextWrapped("%s", setup_error_.c_str());
    ImGui::PopStyleColor();
  }
  if (primary_button("Start game", -1, ImGui::GetFrameHeight() * 1.4f)) {
    for (int seat = 0; seat < kMaxPowers; ++seat) choices_.names[seat] = name_buffers_[seat];
    GameSettings settings;
    Position start;
    if (make_game(*map_, choices_, settings, start, setup_error_)) {
      setup_error_.clear();
      start_game(settings, start);
      if (flow_.mode() == TableMode::PassAndPlay) {
        // Announce who plays what (a random draw is news to everybody).
        std::string deal = "Powers: ";
        for (PowerId p = 0; p < map_->power_count(); ++p) {
          if ((settings.unplayed_powers >> p) & 1u) continue;
          if (deal.size() > 8) deal += "; ";
          deal += std::string(map_->power(p).name) + " - " + settings.player_names[p].c_str();
        }
        notice_ = deal + ".";
      }
    }
  }
  end_panel();

  if (board_changed && setup_ok && flow_.screen() == Screen::NewGame) {
    map_->set_options(r.map_options);
    start_preview_ = preview;
    start_preview_.rules = r;
  }
}

}  // namespace colonial
