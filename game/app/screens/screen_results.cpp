// The screens that look back: the results of the phase just played (the
// board animates the moves; the list gives each order's outcome with its
// reason), the history (every phase played, its orders and results on the
// board), and the end of the game.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "app.h"
#include "report.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

using text::format;
using text::tr;
using text::trc;

namespace {

// How an outcome reads at a glance: a mark and a colour. The sentence says
// the rest (describe_result).
struct OutcomeLook {
  const char* mark;
  ImVec4 colour;
};

OutcomeLook look_of(const OrderResult& r) {
  const ImVec4 good(0.55f, 0.90f, 0.55f, 1.0f), bad(1.0f, 0.52f, 0.45f, 1.0f), grey(0.65f, 0.68f, 0.72f, 1.0f),
      warn(1.0f, 0.80f, 0.40f, 1.0f);
  if (r.dislodged) return {r.destroyed ? "\u2717" : "!", bad};
  switch (r.outcome) {
    case Outcome::Succeeded: return {"\u2713", good};
    case Outcome::NoOrder: return {"-", grey};
    case Outcome::CivilDisorder: return {"!", warn};
    case Outcome::StoppedShort: return {"~", warn};
    case Outcome::Converted: return {"\u2713", good};
    case Outcome::Void: return {"\u2717", grey};
    default: return {"\u2717", bad};
  }
}

}  // namespace

void App::draw_result_list(int index) {
  const Game& game = session_.game();
  const TurnFlow& flow = session_.flow();
  if (index < 0 || index >= game.history_size()) return;
  const PhaseRecord& rec = game.history(index);
  const Map& map = session_.map();
  // On a short screen the list keeps a few lines; the panel scrolls to it.
  const float line_h = ImGui::GetTextLineHeightWithSpacing();
  const float min_h = line_h * 6.0f;
  // The pad's D-pad: down scrolls the panel to the list first, then the
  // list; up scrolls the list back, then the panel.
  float dy = std::exchange(pad_scroll_lines_, 0.0f) * line_h;
  if (dy > 0 && ImGui::GetScrollY() < ImGui::GetScrollMaxY()) {
    ImGui::SetScrollY(std::min(ImGui::GetScrollMaxY(), ImGui::GetScrollY() + dy));
    dy = 0;
  }
  ImGui::BeginChild("results", ImVec2(0, ImGui::GetContentRegionAvail().y < min_h ? min_h : 0.0f), false);
  if (dy != 0) {
    const float before = ImGui::GetScrollY();
    ImGui::SetScrollY(std::clamp(before + dy, 0.0f, ImGui::GetScrollMaxY()));
    if (dy > 0 || before > 0) dy = 0;
  }
  const float wrap = ImGui::GetContentRegionAvail().x;
  bool any = false;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    bool header = false;
    std::string idle;  // units that held without an order, in one line
    auto open_power = [&] {
      if (header) return;
      ImGui::Spacing();
      power_badge(p, std::string(power_name(map, p)).c_str(), map.power(p).letter);
      if (index == flow.shown_phase() && flow.screen() == Screen::Results && !flow.adjustment_note(p).empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", flow.adjustment_note(p).c_str());
      }
      header = true;
    };
    for (const OrderResult& r : rec.results.results) {
      if (r.order.power != p) continue;
      open_power();
      any = true;
      if (r.outcome == Outcome::NoOrder && r.order.kind == OrderKind::Hold && !r.dislodged) {
        OrderText unit;
        format_location(map, r.order.at, OrderStyle::Rulebook, unit);
        idle += std::string(idle.empty() ? "" : ", ") + unit_letter(r.order.unit) + " " + unit.c_str();
        continue;
      }
      ResultText text;
      describe_result(map, r, OrderStyle::Rulebook, text);
      // The power heads the group: "Britain: " need not start every line.
      std::string_view line = text.view();
      ResultText prefix_text;
      append_phrase(prefix_text, Phrase::ResultPowerOrder, {{"power", power_name(map, p)}, {"order", ""}});
      const std::string_view prefix = prefix_text.view();
      if (line.substr(0, prefix.size()) == prefix) line.remove_prefix(prefix.size());
      const OutcomeLook look = look_of(r);
      ImGui::TextColored(look.colour, "%s", look.mark);
      ImGui::SameLine();
      ImGui::PushTextWrapPos(wrap);
      ImGui::PushStyleColor(ImGuiCol_Text, look.colour);
      ImGui::TextWrapped("%.*s", static_cast<int>(line.size()), line.data());
      ImGui::PopStyleColor();
      ImGui::PopTextWrapPos();
    }
    if (!idle.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::PushTextWrapPos(wrap);
      ImGui::TextWrapped(tr("No orders, held: %s"), idle.c_str());
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
    }
  }
  if (!any) ImGui::TextWrapped("%s", tr("Nothing happened in this phase: nobody had anything to do."));
  if (rec.draw_votes) {
    std::string who;
    for (PowerId p = 0; p < map.power_count(); ++p)
      if ((rec.draw_votes >> p) & 1u) who += std::string(who.empty() ? "" : ", ") + std::string(power_name(map, p));
    ImGui::Spacing();
    ImGui::TextWrapped(tr("Voted for a draw: %s."), who.c_str());
  }
  // Surrenders handed in secretly with this phase's orders, made known now
  // (those of earlier phases are in their own results).
  const u32 before = index > 0 ? game.history(index - 1).surrenders : 0;
  if (const u32 fresh = rec.surrenders & ~before; fresh != 0) {
    std::string who;
    for (PowerId p = 0; p < map.power_count(); ++p)
      if ((fresh >> p) & 1u) who += std::string(who.empty() ? "" : ", ") + std::string(power_name(map, p));
    ImGui::Spacing();
    ImGui::TextWrapped(tr("Surrendered: %s (in civil disorder from now on)."), who.c_str());
  }
  touch_scroll();
  ImGui::EndChild();
  // Up with the list at its top: the panel (the current window again).
  if (dy < 0) ImGui::SetScrollY(std::max(0.0f, ImGui::GetScrollY() + dy));
}

namespace {

// A handheld's narrow panel: powers in the tables by their badges alone (the
// letter on the power's colour), so the numbers keep their columns.
bool narrow_table() { return ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 20; }

}  // namespace

void App::draw_standings(const Position& position, bool with_adjustments) {
  const Map& map = session_.map();
  const bool narrow = narrow_table();
  if (!ImGui::BeginTable("standings", with_adjustments ? 4 : 3,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  // The numbers as wide as their headings, the names given the rest.
  ImGui::TableSetupColumn(tr("Power"), narrow ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn(tr("Colonies"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(tr("Units"), ImGuiTableColumnFlags_WidthFixed);
  if (with_adjustments) ImGui::TableSetupColumn(tr("Player"), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  for (PowerId p = 0; p < map.power_count(); ++p) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    power_badge(p, narrow ? "" : std::string(power_name(map, p)).c_str(), map.power(p).letter);
    ImGui::TableNextColumn();
    ImGui::Text("%d", position.colony_count(map, p));
    ImGui::TableNextColumn();
    ImGui::Text("%d", position.unit_count(p));
    if (with_adjustments) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(session_.game().settings().player_names[p].c_str());
    }
  }
  ImGui::EndTable();
}

// A scored game's points by its system, player by player from the most:
// the powers each commands, their colonies and their points.
void App::draw_scores() {
  ScoreInput input;
  ScoreSheet sheet;
  const Game& game = session_.game();
  if (!score_finished_game(game, input, sheet)) return;
  const Map& map = session_.map();
  const bool narrow = narrow_table();
  ImGui::Spacing();
  // TRANSLATORS: %s is a scoring system's name ("Sum of Squares").
  ImGui::TextWrapped(tr("Scores (%s)"), trc("scoring", scoring_system_info(game.settings().scoring).label.data()));
  int order[kMaxPowers];
  const int players = input.players.size();
  for (int i = 0; i < players; ++i) order[i] = i;
  std::stable_sort(order, order + players, [&](int a, int b) { return sheet.points[a] > sheet.points[b]; });
  if (!ImGui::BeginTable("scores", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn(tr("Player"), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn(tr("Colonies"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(tr("Points"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  for (int k = 0; k < players; ++k) {
    const ScoredPlayer& player = input.players[order[k]];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    for (PowerId p = 0; p < map.power_count(); ++p) {
      if (!((player.powers >> p) & 1u)) continue;
      power_badge(p, narrow ? "" : std::string(power_name(map, p)).c_str(), map.power(p).letter);
      ImGui::SameLine();
    }
    const std::string_view name = scored_player_name(game, player.powers);
    ImGui::TextUnformatted(name.data(), name.data() + name.size());
    ImGui::TableNextColumn();
    ImGui::Text("%d", player.centres);
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", sheet.points[order[k]]);
  }
  ImGui::EndTable();
}

void App::draw_results() {
  TurnFlow& flow = session_.flow();
  const Game& game = session_.game();
  if (gm_.table_view()) {
    draw_table_view(flow.shown_phase());
    return;
  }
  if (!begin_panel("results")) {
    end_side_panel();
    return;
  }
  const int i = flow.shown_phase();
  if (i >= 0 && i < game.history_size()) {
    PhaseText phase;
    describe_phase(game.history(i).results.phase, phase);
    ImGui::SetWindowFontScale(1.2f);
    // TRANSLATORS: the results panel's title; %s is the phase ("Spring 1870 Movement").
    ImGui::Text(tr("%s: results"), phase.c_str());
    ImGui::SetWindowFontScale(1.0f);
  }
  if (flow.shown_was_forced()) {
    SentenceText said;
    append_phrase(said, Phrase::ResultNobodyAsked);
    ImGui::TextWrapped("%s", said.c_str());
  }
  const float big = ImGui::GetFrameHeight() * 1.4f;
  const float third = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 3.0f;
  if (touch_button(tr("Replay"), third, big)) playback_.start(now(), kResultsAnimationSeconds);
  ImGui::SameLine();
  if (primary_button(game.over() ? tr("See the result") : tr("Continue"), -1, big)) {
    playback_.stop();
    flow.continue_play(now());
  }
  ui_target("Continue");
  // Two to a row where their words fit; else one each (a narrow panel).
  float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
  const bool pair = button_fits(tr("Save picture"), half) && button_fits(tr("Normal view"), half);
  if (!pair) half = -1;
  if (touch_button(gm_.table_view() ? tr("Normal view") : tr("Table view"), half)) gm_.table_view() = !gm_.table_view();
  ui_target("Table view");
  // Pictures are files: at a kiosk, the staff's to make.
  if (!kiosk_.staff_locked()) {
    if (pair) ImGui::SameLine();
    if (touch_button(tr("Save picture"), -1)) gm_.request_picture(session_, i);
  }
  draw_result_list(i);
  end_side_panel();
}

// The results for the table to read from across it: plain sentences in
// large type over the bottom of a large board, a power at a time.
void App::draw_table_view(int index) {
  const Game& game = session_.game();
  if (index < 0 || index >= game.history_size()) return;
  const PhaseRecord& rec = game.history(index);
  const LayoutRect& b = layout_.board;
  const float h = std::max(b.h * 0.42f, ImGui::GetFontSize() * 8.0f);
  ImGui::SetNextWindowPos(ImVec2(b.x, b.y + b.h - h));
  ImGui::SetNextWindowSize(ImVec2(b.w, h));
  ImGui::SetNextWindowBgAlpha(0.82f);
  ImGui::Begin("table view", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
  ImGui::SetWindowFontScale(1.7f);
  PhaseText phase;
  describe_phase(rec.results.phase, phase);
  ImGui::TextUnformatted(phase.c_str());
  ImGui::SetWindowFontScale(1.0f);
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 16.0f);
  if (touch_button(tr("Normal view"), ImGui::GetFontSize() * 7.5f)) gm_.table_view() = false;
  ImGui::SameLine();
  if (primary_button(game.over() ? tr("See the result") : tr("Continue"), -1)) {
    playback_.stop();
    session_.flow().continue_play(now());
  }
  ui_target("Continue");
  ImGui::SetWindowFontScale(1.45f);
  for (const OrderResult& r : rec.results.results) {
    if (r.outcome == Outcome::NoOrder && !r.dislodged) continue;  // the quiet units: not worth reading out
    SentenceText t;
    describe_result_sentence(session_.map(), rec.position, r, t);
    const ImVec4 colour =
        r.outcome == Outcome::Succeeded ? ImVec4(0.92f, 0.96f, 0.92f, 1.0f) : ImVec4(1.0f, 0.78f, 0.62f, 1.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", t.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::SetWindowFontScale(1.0f);
  touch_scroll();
  ImGui::End();
}

void App::draw_history() {
  TurnFlow& flow = session_.flow();
  const Game& game = session_.game();
  if (!begin_panel("history")) {
    end_side_panel();
    return;
  }
  const int i = flow.history_index();
  const int n = game.history_size();
  // A short panel (a 480x320 handheld) keeps room for the list.
  const float big = ImGui::GetFrameHeight() * (short_panel() ? 1.0f : 1.4f);
  if (primary_button(tr("Back to the game"), -1, big)) flow.close_history();
  const float third = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
  // A narrow panel: arrows alone (the labels stay the script's targets).
  const bool narrow = third < ImGui::CalcTextSize(tr("< Earlier")).x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::BeginDisabled(i <= 0);
  if (touch_button(narrow ? "<##earlier" : tr("< Earlier"), third, big)) {
    flow.step_history(-1);
    playback_.stop();
  }
  ui_target("< Earlier");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (touch_button(trc("history", "Play"), third, big)) playback_.start(now(), kResultsAnimationSeconds);
  ui_target("Play");
  ImGui::SameLine();
  ImGui::BeginDisabled(i >= n - 1);
  if (touch_button(narrow ? ">##later" : tr("Later >"), third, big)) {
    flow.step_history(1);
    playback_.stop();
  }
  ui_target("Later >");
  ImGui::EndDisabled();
  if (i >= 0 && i < n) {
    PhaseText phase;
    describe_phase(game.history(i).results.phase, phase);
    ImGui::SetWindowFontScale(1.2f);
    ImGui::TextUnformatted(phase.c_str());
    ImGui::SetWindowFontScale(1.0f);
    const std::string count = format(tr("phase %d of %d"), i + 1, n);
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(count.c_str()).x) ImGui::NewLine();
    ImGui::TextDisabled("%s", count.c_str());
  }
  // Rollback, branches and pictures change the game or write files: at a
  // kiosk they are the staff's; a passer-by only looks back.
  if (!kiosk_.staff_locked()) draw_history_tools(i);
  if (i >= 0 && i < n && game.history(i).edit) {
    ImGui::TextWrapped("%s", tr("Here the game master edited the position."));
  } else {
    draw_result_list(i);
  }
  end_side_panel();
}

// Play a phase again (asked first), the branches earlier rollbacks kept,
// and a picture of the board.
void App::draw_history_tools(int history_index) {
  const Game& game = session_.game();
  const float big = ImGui::GetFrameHeight() * (short_panel() ? 1.0f : 1.4f);
  if (history_index >= 0 && history_index < game.history_size() && !game.history(history_index).edit &&
      touch_button(tr("Play again from here..."), -1, big))
    modals_.ask(Question::Rollback, history_index);
  ui_target("Play again from here...");
  const std::string branches = format(tr("Branches (%d)"), game.branch_count());
  float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
  const bool pair = button_fits(tr("Save picture"), half) && button_fits(branches.c_str(), half);
  if (!pair) half = -1;
  ImGui::BeginDisabled(game.branch_count() == 0);
  if (touch_button(branches.c_str(), half)) modals_.open(ModalKind::Branches);
  ui_target("Branches");
  ImGui::EndDisabled();
  if (pair) ImGui::SameLine();
  if (touch_button((std::string(tr("Save picture")) + "##history").c_str(), -1))
    gm_.request_picture(session_, history_index);
}

void App::draw_game_over() {
  TurnFlow& flow = session_.flow();
  const Game& game = session_.game();
  if (!begin_panel("game over")) {
    end_side_panel();
    return;
  }
  const Map& map = session_.map();
  const GameResult& r = game.result();
  ImGui::SetWindowFontScale(1.3f);
  ImGui::TextUnformatted(tr("Game over"));
  ImGui::SetWindowFontScale(1.0f);
  SentenceText end_text;
  describe_game_end(map, r, end_text);
  const std::string text = r.end == GameEnd::None ? flow.problem() : std::string(end_text.view());
  ImGui::TextWrapped("%s", text.c_str());
  // The secret end year, revealed now that it has ended the game.
  const GameSettings& settings = game.settings();
  if (r.end == GameEnd::TurnLimit && settings.secret_end_year > 0 &&
      (settings.last_year == 0 || settings.secret_end_year < settings.last_year))
    ImGui::TextWrapped(tr("The secret end year was %d (drawn between %d and %d)."), settings.secret_end_year,
                       settings.secret_end_first, settings.secret_end_last);
  if (r.winner != kNoPower && !game.settings().player_names[r.winner].empty())
    ImGui::TextWrapped(tr("Congratulations, %s!"), game.settings().player_names[r.winner].c_str());
  ImGui::Spacing();
  draw_standings(game.position(), true);
  draw_scores();
  ImGui::Spacing();
  const float big = ImGui::GetFrameHeight() * 1.4f;
  if (flow.can_open_history() && touch_button(tr("History"), -1, big)) flow.open_history();
  if (kiosk_.staff_locked())
    kiosk_.staff().draw_gate(tr("The club's staff start the next game."), modals_);
  else if (primary_button(tr("New game"), -1, big))
    flow.leave_game();
  end_side_panel();
}

}  // namespace colonial
