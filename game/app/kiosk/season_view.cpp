#include "season_view.h"

#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "autosave.h"
#include "event_line.h"
#include "files.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

namespace {

using text::format;
using text::tr;
using text::trc;
using text::trn;

const ImVec4 kProblemColour(1.0f, 0.55f, 0.45f, 1.0f);

// The labels are string literals (scoring.h), so NUL-terminated.
const char* system_label(ScoringSystem system) { return trc("scoring", scoring_system_info(system).label.data()); }

std::string system_name(ScoringSystem system) { return std::string(scoring_system_info(system).name); }

// The heading of a best-N column, or "" without one.
std::string best_heading(int best) { return best > 0 ? format(tr("Best %d"), best) : std::string(); }

// The first `rows` of the standings as a table: rank, player, games,
// total, the average (`average`), best N; each number column as wide as its
// widest text, numbers at its right edge. `name_cell` draws a player's
// name (row index), in a column as wide as the room left when `stretch`.
// `height` > 0: the rows scroll under the columns' line in that height.
void standings_table(const char* id, const Standings& standings, int rows, bool average, bool stretch, float row_h,
                     float height, const std::function<void(int)>& name_cell) {
  const bool best = standings.best > 0;
  std::vector<std::string> headings = {"#", tr("Player"), tr("Games"), tr("Total")};
  if (average) headings.emplace_back(tr("Average"));
  if (best) headings.push_back(best_heading(standings.best));
  const int columns = static_cast<int>(headings.size());
  std::vector<std::vector<std::string>> cells(static_cast<std::size_t>(rows));
  for (int i = 0; i < rows; ++i) {
    const Standing& row = standings.rows[static_cast<std::size_t>(i)];
    std::vector<std::string>& c = cells[static_cast<std::size_t>(i)];
    c = {std::to_string(i + 1), row.name, std::to_string(row.scores.size()), score_text(row.total)};
    if (average) c.push_back(score_text(row.average()));
    if (best) c.push_back(score_text(row.best));
  }
  std::vector<float> widths(headings.size());
  float total = 0;
  for (std::size_t k = 0; k < headings.size(); ++k) {
    widths[k] = ImGui::CalcTextSize(headings[k].c_str()).x;
    for (const std::vector<std::string>& c : cells)
      widths[k] = std::max(widths[k], ImGui::CalcTextSize(c[k].c_str()).x);
    total += widths[k] + ImGui::GetStyle().CellPadding.x * 2;
  }
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | (height > 0 ? ImGuiTableFlags_ScrollY : 0);
  if (!ImGui::BeginTable(id, columns, flags, ImVec2(stretch ? 0.0f : total, height))) return;
  if (height > 0) ImGui::TableSetupScrollFreeze(0, 1);
  for (std::size_t k = 0; k < headings.size(); ++k)
    ImGui::TableSetupColumn(headings[k].c_str(),
                            k == 1 && stretch ? ImGuiTableColumnFlags_WidthStretch : ImGuiTableColumnFlags_WidthFixed,
                            k == 1 && stretch ? 1.0f : widths[k]);
  ImGui::TableHeadersRow();
  for (int i = 0; i < rows; ++i) {
    ImGui::TableNextRow(0, row_h);
    for (int k = 0; k < columns; ++k) {
      ImGui::TableNextColumn();
      const std::string& text = cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
      if (k == 1) {
        name_cell(i);
        continue;
      }
      if (row_h > ImGui::GetTextLineHeight()) ImGui::AlignTextToFramePadding();
      if (k > 1)
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x -
                             ImGui::CalcTextSize(text.c_str()).x);
      ImGui::TextUnformatted(text.c_str());
    }
  }
  if (height > 0) touch_scroll();
  ImGui::EndTable();
}

}  // namespace

SeasonView::SeasonView(const std::string& first_path) : tables_(first_path) {
  const std::size_t slash = first_path.rfind('/');
  dir_ = slash == std::string::npos ? std::string() : first_path.substr(0, slash + 1);
  settings_path_ = dir_ + "season";
}

std::string SeasonView::file_name(const std::string& path) const {
  return path.starts_with(dir_) ? path.substr(dir_.size()) : path;
}

void SeasonView::read_settings() {
  settings_problem_.clear();
  if (::access(settings_path_.c_str(), F_OK) != 0) {
    settings_ = SeasonSettings{};
    return;
  }
  SeasonSettings read;
  std::string error;
  if (read_season_settings(settings_path_, read, error)) {
    settings_ = std::move(read);
    return;
  }
  // The games are untouched; only the staff's choices are not used.
  settings_ = SeasonSettings{};
  settings_problem_ = error;
  std::fprintf(stderr, "colonial: %s; the season is shown without its merged names and choices\n", error.c_str());
  text::emit_event("season-settings-ignored", {{"file", settings_path_}});
}

void SeasonView::save_settings() {
  std::string error;
  // A damaged file is set aside whole before the first save replaces it.
  if (!settings_problem_.empty() && ::access(settings_path_.c_str(), F_OK) == 0) {
    const std::string kept = Autosave::keep_aside(settings_path_, error);
    if (kept.empty()) {
      save_problem_ = error;
      return;
    }
    std::printf("colonial: the damaged season file was kept as %s\n", kept.c_str());
  }
  if (write_season_settings(settings_path_, settings_, error)) {
    save_problem_.clear();
    settings_problem_.clear();
  } else {
    save_problem_ = error;
  }
}

void SeasonView::read() {
  read_settings();
  scored_.clear();
  left_out_.clear();
  unscored_ = 0;
  // Working space of its own: the game in play is not touched.
  auto map = std::make_unique<Map>();
  auto game = std::make_unique<Game>();
  auto scratch = std::make_unique<Game>();
  SeasonGames games(*map, *game, *scratch, load_variant_map);
  for (const std::string& path : tables_.kept_records()) {
    std::string text, error;
    if (!platform::read_file(path, text, error)) {
      left_out_.push_back(format(tr("%s could not be read (%s)."), file_name(path).c_str(), error.c_str()));
      continue;
    }
    const SeasonReadResult read = games.read(text, path);
    switch (read.refusal) {
      case SeasonRefusal::None:
        if (read.game->scored)
          scored_.push_back(*read.game);
        else
          ++unscored_;
        break;
      case SeasonRefusal::NotFinished: break;  // still in play, or archived before its end
      case SeasonRefusal::NotARecord:
      case SeasonRefusal::NoMap:
      case SeasonRefusal::Damaged:
        left_out_.push_back(format(tr("%s could not be read."), file_name(path).c_str()));
        break;
      case SeasonRefusal::SameGame:
        // TRANSLATORS: two record files of one game; only the first counts.
        left_out_.push_back(format(tr("%s is the same game as %s: counted once."), file_name(path).c_str(),
                                   file_name(read.same_as).c_str()));
        break;
    }
  }
  choose_system();
  compute();
}

void SeasonView::set_club_system(const std::string& name) {
  has_club_system_ = !name.empty() && find_scoring_system(name, club_system_);
}

// The system staff chose, when games were scored by it; else the club's
// system for new games, when games were scored by it; else the one most
// games were scored by.
void SeasonView::choose_system() {
  systems_.clear();
  int most = 0;
  for (const ScoringSystemInfo& info : kScoringSystems) {
    const int games = static_cast<int>(
        std::count_if(scored_.begin(), scored_.end(), [&](const SeasonGame& g) { return g.system == info.system; }));
    if (games == 0) continue;
    systems_.push_back(info.system);
    if (games > most) {
      most = games;
      system_ = info.system;
    }
  }
  auto among = [&](ScoringSystem system) {
    return std::find(systems_.begin(), systems_.end(), system) != systems_.end();
  };
  if (settings_.has_system && among(settings_.system))
    system_ = settings_.system;
  else if (has_club_system_ && among(club_system_))
    system_ = club_system_;
}

void SeasonView::compute() {
  std::vector<SeasonGame> games;
  for (const SeasonGame& g : scored_)
    if (g.system == system_) games.push_back(g);
  standings_ = season_standings(games, system_, settings_.best, settings_.merges);
  picked_ = target_ = -1;
  scroll_top_ = true;
}

void SeasonView::open(Modals& modals) {
  read();
  exported_.clear();
  modals.open(ModalKind::Season);
  std::printf("colonial: season: %d games by %s, %zu players\n", standings_.games, system_name(system_).c_str(),
              standings_.rows.size());
  text::emit_event("season-shown", {{"view", "staff"},
                                    {"system", system_name(system_)},
                                    {"games", standings_.games},
                                    {"rows", standings_.rows.size()}});
}

void SeasonView::export_to(bool page) {
  const std::string path = dir_ + (page ? "season.html" : "season.csv");
  std::string error;
  export_failed_ =
      !platform::save_file_atomic(path, page ? standings_page(standings_) : standings_csv(standings_), error);
  if (export_failed_) {
    exported_ = format(tr("Not saved: %s (the previous file is unchanged)."), error.c_str());
    return;
  }
  exported_ = format(tr("Saved in %s"), path.c_str());
  std::printf("colonial: season saved as %s\n", path.c_str());
  text::emit_event("season-exported", {{"kind", page ? "html" : "csv"}, {"file", path}});
  platform::offer_download(path);
}

// Staff only (the tables' Season...): the whole table, its choices, merging
// two spellings, the exports.
void SeasonView::draw(Modals& modals, const std::function<void()>& above) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  if (!begin_dialog("season", dialog_width(50, 0.96f), vp->Size.y * 0.9f, kTallDialogFlags)) {
    above();
    return;
  }
  const bool close = dialog_title(format(tr("Season standings: %s"), system_label(system_)).c_str(),
                                  (std::string(tr("Close")) + "##season").c_str());
  if (!settings_problem_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kProblemColour);
    ImGui::TextWrapped(tr("The season's file could not be read (%s): its merged names and choices are ignored, the "
                          "games are all here. The first change made here sets it aside, whole, beside the games."),
                       settings_problem_.c_str());
    ImGui::PopStyleColor();
  }
  if (!save_problem_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kProblemColour);
    ImGui::TextWrapped(tr("The season's choices were not saved (%s)."), save_problem_.c_str());
    ImGui::PopStyleColor();
  }
  const float big = ImGui::GetFrameHeight() * 1.4f;
  float after_table = 0;
  if (standings_.rows.empty()) {
    ImGui::TextWrapped("%s", tr("No game played to a scoring system has finished at this kiosk yet. Choose a scoring "
                                "system for a game on the new-game screen: its players are in the season once it "
                                "ends."));
  } else {
    draw_choices();
    // The table scrolls; merging, the exports and the notes stay under it.
    // As high as its rows, leaving the room of what comes under it (as
    // measured in the last frame).
    const float rows_h =
        (static_cast<float>(standings_.rows.size()) + 1) *
            (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().CellPadding.y * 2) +
        ImGui::GetStyle().ItemSpacing.y;
    draw_table(std::min(rows_h, std::max(ImGui::GetContentRegionAvail().y - below_h_, ImGui::GetFrameHeight() * 4)));
    after_table = ImGui::GetCursorPosY();
    draw_merging();
    if (touch_button(tr("Export CSV"), 0, big)) export_to(false);
    same_line_if_fits(button_width(tr("Export printable page")));
    if (touch_button(tr("Export printable page"), 0, big)) export_to(true);
    if (!exported_.empty()) {
      if (export_failed_) ImGui::PushStyleColor(ImGuiCol_Text, kProblemColour);
      ImGui::TextWrapped("%s", exported_.c_str());
      if (export_failed_) ImGui::PopStyleColor();
    }
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  if (unscored_)
    ImGui::TextWrapped(
        trn("%d finished game had no scoring system and is not counted.",
            "%d finished games had no scoring system and are not counted.", static_cast<unsigned long>(unscored_)),
        unscored_);
  for (std::size_t i = 0; i < left_out_.size() && i < 3; ++i) ImGui::TextWrapped("%s", left_out_[i].c_str());
  if (left_out_.size() > 3)
    ImGui::TextWrapped(
        trn("%d more record left out.", "%d more records left out.", static_cast<unsigned long>(left_out_.size() - 3)),
        static_cast<int>(left_out_.size() - 3));
  ImGui::PopStyleColor();
  if (after_table > 0) below_h_ = ImGui::GetCursorPosY() - after_table;
  if (close) modals.close(ModalKind::Season);
  above();
  if (close) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// The system (when games were scored by several) and the best games counted.
void SeasonView::draw_choices() {
  if (systems_.size() > 1) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Scoring system:"));
    for (const ScoringSystem system : systems_) {
      const int games = static_cast<int>(
          std::count_if(scored_.begin(), scored_.end(), [&](const SeasonGame& g) { return g.system == system; }));
      // TRANSLATORS: a scoring system and how many games were scored by it.
      const std::string label =
          format(trn("%s (%d game)", "%s (%d games)", static_cast<unsigned long>(games)), system_label(system), games);
      same_line_if_fits(checkbox_width(label.c_str()));
      const bool picked = touch_radio(label.c_str(), system == system_);
      ui_target("season system " + system_name(system));
      if (picked && system != system_) {
        system_ = system;
        settings_.has_system = true;
        settings_.system = system;
        save_settings();
        compute();
      }
    }
  } else {
    ImGui::TextWrapped(trn("%d game scored.", "%d games scored.", static_cast<unsigned long>(standings_.games)),
                       standings_.games);
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Games counted for each player"));
  ImGui::SameLine();
  int best = settings_.best;
  const int most = std::max(1, std::min(kMaxSeasonBest, standings_.games));
  // TRANSLATORS: the stepper's value: each player's N best games count.
  if (stepper("season best", &best, 0, most, 1, best ? tr("best %d") : tr("all"),
              stepper_value_width(format(tr("best %d"), most).c_str()))) {
    settings_.best = best;
    save_settings();
    compute();
  }
}

void SeasonView::draw_table(float height) {
  standings_table("season", standings_, static_cast<int>(standings_.rows.size()), true, true, ImGui::GetFrameHeight(),
                  height, [this](int i) {
                    // New standings (a merge, another system) show from their top.
                    if (i == 0 && scroll_top_) {
                      ImGui::SetScrollY(0);
                      scroll_top_ = false;
                    }
                    // A tap picks the name to merge, a second tap the name it is.
                    const std::string& name = standings_.rows[static_cast<std::size_t>(i)].name;
                    const bool picked = i == picked_ || i == target_;
                    if (ImGui::Selectable((name + "##season row " + std::to_string(i)).c_str(), picked, 0,
                                          ImVec2(0, ImGui::GetFrameHeight()))) {
                      if (picked_ < 0 || i == picked_) {
                        picked_ = i == picked_ ? -1 : i;
                        target_ = -1;
                      } else {
                        target_ = i;
                      }
                    }
                    ui_target(name);
                  });
}

// Two spellings of one player: the two names tapped, asked, merged; each
// merge listed with the way to undo it.
void SeasonView::draw_merging() {
  const float big = ImGui::GetFrameHeight() * 1.4f;
  if (picked_ >= 0 && target_ >= 0) {
    const std::string& alias = standings_.rows[static_cast<std::size_t>(picked_)].name;
    const std::string& name = standings_.rows[static_cast<std::size_t>(target_)].name;
    // TRANSLATORS: two spellings of a player's name: the first counted as the second.
    ImGui::TextWrapped(tr("Count %s as %s?"), alias.c_str(), name.c_str());
    if (primary_button(tr("Merge the names"), 0, big)) {
      settings_.merges.add(alias, name);
      save_settings();
      std::printf("colonial: season: %s counted as %s\n", alias.c_str(), name.c_str());
      text::emit_event("season-merged", {{"alias", alias}, {"name", name}});
      compute();
    }
    ImGui::SameLine();
    if (touch_button((std::string(tr("Cancel")) + "##merge").c_str(), 0, big)) picked_ = target_ = -1;
  } else if (picked_ >= 0) {
    ImGui::TextWrapped(tr("Now tap the name %s is another spelling of."),
                       standings_.rows[static_cast<std::size_t>(picked_)].name.c_str());
  } else {
    ImGui::TextWrapped("%s", tr("Two spellings of one player? Tap one name, then the other."));
  }
  int i = 0;
  for (const PlayerMerges::Merge& merge : settings_.merges.list()) {
    ImGui::AlignTextToFramePadding();
    // TRANSLATORS: a merge of two spellings: the first name counts as the second.
    ImGui::Text(tr("%s counts as %s"), merge.alias.c_str(), trimmed_name(merge.name).c_str());
    ImGui::SameLine();
    if (touch_button((std::string(tr("Separate")) + "##merge " + std::to_string(i++)).c_str())) {
      settings_.merges.remove(merge.alias);
      save_settings();
      compute();
      break;
    }
  }
}

int SeasonView::draw_top_rows(float height) const {
  if (standings_.rows.empty()) return 0;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const int fit = static_cast<int>(height / line) - 2;  // the heading and the columns' line
  if (fit <= 0) return 0;
  const int rows = std::min(fit, static_cast<int>(standings_.rows.size()));
  ImGui::TextUnformatted(format(tr("Season standings: %s"), system_label(standings_.system)).c_str());
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(ImGui::GetFontSize() * 0.5f, 1.0f));
  standings_table("attract season", standings_, rows, false, false, 0.0f, 0.0f,
                  [this](int i) { ImGui::TextUnformatted(standings_.rows[static_cast<std::size_t>(i)].name.c_str()); });
  ImGui::PopStyleVar();
  return rows;
}

}  // namespace colonial
