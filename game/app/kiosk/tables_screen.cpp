// The kiosk's tables: the start screen of a club's kiosk keeping several
// games, one record each (persist/tables.h). Each row shows the table's
// board in small, its phase, the powers still to give orders (never the
// orders) and when it was last played; players pick theirs with Play. Staff
// (behind the PIN) add a table, archive or delete one, open the kiosk's
// settings or leave; a damaged record shows as such and only staff can
// remove it, the other tables staying playable.
#include <imgui.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>

#include "app.h"
#include "touch_ui.h"
#include "ui_targets.h"

namespace colonial {

namespace {

// "today 14:05", "yesterday 09:12", "3 days ago", "2026-10-01".
std::string when_text(std::time_t then, std::time_t now) {
  if (then <= 0) return "never";
  std::tm t{}, today{};
  localtime_r(&then, &t);
  localtime_r(&now, &today);
  char buf[48];
  const double days = std::difftime(now, then) / 86400.0;
  if (t.tm_year == today.tm_year && t.tm_yday == today.tm_yday) {
    std::strftime(buf, sizeof buf, "today %H:%M", &t);
  } else if (days < 2 && (today.tm_yday - t.tm_yday == 1 || (today.tm_yday == 0 && t.tm_mon == 11))) {
    std::strftime(buf, sizeof buf, "yesterday %H:%M", &t);
  } else if (days < 14) {
    std::snprintf(buf, sizeof buf, "%d days ago", static_cast<int>(std::lround(days)));
  } else {
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &t);
  }
  return buf;
}

}  // namespace

std::string App::default_table_name() const {
  const int n = tables_ ? std::max(1, tables_->number_of(autosave_.path())) : 1;
  std::string name = "Table ";
  name += std::to_string(n);
  return name;
}

void App::open_tables() {
  if (!tables_) return;
  read_tables();
  tables_open_ = true;
  help_open_ = menu_open_ = false;
  close_menu_ = true;
  std::printf("colonial: tables: %zu\n", table_list_.size());
  std::fflush(stdout);
}

void App::read_tables() {
  if (!tables_) return;
  save_now();  // the table in play, as it stands
  // Working space of its own: the game in play is not touched.
  auto map = std::make_unique<Map>();
  auto game = std::make_unique<Game>();
  auto scratch = std::make_unique<Game>();
  tables_->read_all(*map, *game, *scratch, table_list_);
  // The keys start on the table in play, else the first that plays.
  const auto in_play = std::find_if(table_list_.begin(), table_list_.end(),
                                    [&](const TableSummary& t) { return t.path == autosave_.path(); });
  const auto playable =
      std::find_if(table_list_.begin(), table_list_.end(), [](const TableSummary& t) { return !t.damaged; });
  const auto chosen = in_play != table_list_.end() ? in_play : playable;
  table_selected_ = chosen != table_list_.end() ? static_cast<std::size_t>(chosen - table_list_.begin()) : 0;
  for (const TableSummary& t : table_list_)
    if (t.damaged) std::fprintf(stderr, "colonial: %s is damaged: %s\n", t.name.c_str(), t.message.c_str());
  thumbnails_made_ = false;
}

// The rows' thumbnails: made once the board's art is ready (after the first
// frame), for the tables on the board in play.
void App::make_table_thumbnails() {
  if (thumbnails_made_) return;
  platform::Canvas& canvas = window_.canvas();
  for (const platform::ImageId id : table_thumbnails_) canvas.destroy_image(id);
  table_thumbnails_.assign(table_list_.size(), 0);
  platform::Pixels pixels;
  std::string error;
  for (std::size_t i = 0; i < table_list_.size(); ++i) {
    const TableSummary& t = table_list_[i];
    if (t.damaged || t.variant != variant_) continue;
    if (!view_.thumbnail(t.position, 320, pixels)) return;  // the art is not made yet: next frame
    table_thumbnails_[i] = canvas.create_image(pixels, true, true, error);
    if (!table_thumbnails_[i]) std::fprintf(stderr, "colonial: a table's thumbnail: %s\n", error.c_str());
  }
  thumbnails_made_ = true;
}

void App::leave_table() {
  save_now();
  stop_computer();
  if (phones_.running()) {
    // The phones' seats belong to the table they were given for.
    phones_.stop();
    std::printf("colonial: the phones of %s stopped\n", autosave_.path().c_str());
  }
  editor_.reset();
  sheet_open_ = branches_open_ = phones_open_ = table_view_ = false;
  notice_.clear();
}

void App::play_table(std::size_t i) {
  assert(i < table_list_.size());
  const TableSummary t = table_list_[i];
  if (t.damaged) return;
  if (!(flow_.attached() && autosave_.path() == t.path)) {
    leave_table();
    autosave_ = Autosave(t.path);
    resume_or_new();
  }
  tables_open_ = false;
  std::printf("colonial: table %d (%s): %s\n", t.number, t.name.c_str(),
              flow_.attached() ? "playing" : "could not be resumed");
  std::fflush(stdout);
}

void App::new_table() {
  if (staff_locked() || !tables_) return;
  leave_table();
  autosave_ = Autosave(tables_->new_path());
  show_new_game();
  tables_open_ = false;
  std::printf("colonial: a new table: %s\n", autosave_.path().c_str());
  std::fflush(stdout);
}

void App::forget_table(std::size_t i, bool archive) {
  assert(i < table_list_.size());
  if (staff_locked()) return;
  const TableSummary t = table_list_[i];
  if (autosave_.path() == t.path) {
    // The table in play goes: nothing may save it again.
    leave_table();
    flow_.leave_game();
  }
  std::string error;
  if (archive) {
    const std::string kept = Autosave(t.path).archive(error);
    if (!kept.empty()) std::printf("colonial: %s is archived as %s\n", t.name.c_str(), kept.c_str());
  } else if (tables_->remove(t.path, error)) {
    std::printf("colonial: %s is deleted\n", t.name.c_str());
  }
  if (!error.empty()) notice_ = t.name + " could not be " + (archive ? "archived" : "deleted") + ": " + error;
  read_tables();
}

void App::draw_table_row(std::size_t i, float thumb_w) {
  const TableSummary& t = table_list_[i];
  const float big = ImGui::GetFrameHeight() * 1.4f;
  ImGui::PushID(static_cast<int>(i));
  ImGui::Separator();
  const float row_top = ImGui::GetCursorPosY();
  const ImVec2 row_corner = ImGui::GetCursorScreenPos();
  // The board in small, or a blank of its size.
  const platform::ImageId thumb = i < table_thumbnails_.size() ? table_thumbnails_[i] : 0;
  const platform::SizeF size = thumb ? window_.canvas().image_size(thumb) : platform::SizeF{4, 3};
  const float thumb_h = thumb_w * size.h / std::max(1.0f, size.w);
  if (void* handle = window_.canvas().texture_handle(thumb))
    ImGui::Image(static_cast<ImTextureID>(handle), ImVec2(thumb_w, thumb_h));
  else
    ImGui::Dummy(ImVec2(thumb_w, thumb_h));
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::SetWindowFontScale(1.25f);
  ImGui::TextUnformatted(t.name.c_str());
  ui_target(t.name);
  ImGui::SetWindowFontScale(1.0f);
  const std::time_t now_s = std::time(nullptr);
  if (t.damaged) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.45f, 1.0f));
    ImGui::TextWrapped("Damaged: this game's record could not be read.");
    ImGui::PopStyleColor();
    ui_target("Damaged");
    if (!staff_locked()) ImGui::TextWrapped("%s", t.message.c_str());
    ImGui::TextDisabled("The other tables play on. The club's staff can delete this one.");
  } else {
    ImGui::Text("%s%s", t.phase.c_str(), t.over ? " - game over" : "");
    if (t.over)
      ImGui::TextWrapped("%s", t.result.c_str());
    else if (!t.waiting.empty())
      ImGui::TextWrapped("Waiting for: %s", t.waiting.c_str());
    else
      ImGui::TextWrapped("Every order is in.");
    ImGui::TextDisabled("Last played %s", when_text(t.last_activity, now_s).c_str());
  }
  ImGui::EndGroup();
  // The buttons, right-aligned on the row.
  const float button_w = ImGui::GetFontSize() * 7.0f;
  const bool staff = !staff_locked();
  const int buttons = (t.damaged ? 0 : 1) + (staff ? (t.damaged ? 1 : 2) : 0);
  const float right = ImGui::GetWindowContentRegionMax().x;
  const float left = right - static_cast<float>(buttons) * (button_w + ImGui::GetStyle().ItemSpacing.x);
  ImGui::SetCursorPosY(row_top);
  bool first = true;
  auto place = [&] {
    if (first)
      ImGui::SameLine(std::max(left, thumb_w + ImGui::GetFontSize() * 14.0f));
    else
      ImGui::SameLine();
    first = false;
  };
  if (!t.damaged) {
    place();
    if (primary_button("Play", button_w, big)) play_table(i);
    ui_target("Play " + t.name);
  }
  // Staff's Archive and Delete: each asks first (draw_tables).
  auto ask = [&](const char* label, bool archive) {
    place();
    if (touch_button(label, button_w, big)) {
      table_confirm_ = static_cast<int>(i);
      table_confirm_archive_ = archive;
      table_confirm_open_ = true;
    }
    ui_target(std::string(label) + " " + t.name);
  };
  if (staff && !t.damaged) ask("Archive", true);
  if (staff) ask("Delete", false);
  ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY(), row_top + std::max(thumb_h, big)) +
                       ImGui::GetStyle().ItemSpacing.y);
  if (i == table_selected_) {
    // The row the arrow keys and the pad are on.
    const float pad = ImGui::GetStyle().ItemSpacing.y * 0.5f;
    ImGui::GetWindowDrawList()->AddRect(
        ImVec2(row_corner.x + 1, row_corner.y - pad),
        ImVec2(row_corner.x + ImGui::GetContentRegionAvail().x - 1, ImGui::GetCursorScreenPos().y - pad),
        ImGui::GetColorU32(ImGuiCol_NavHighlight), 4.0f, 0, 2.0f);
  }
  ImGui::PopID();
}

void App::draw_tables() {
  if (!tables_open_) return;
  make_table_thumbnails();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  ImGui::SetNextWindowBgAlpha(1.0f);
  // The only window while it is open (the game's panels are not drawn); the
  // PIN pad and the questions, being popups, come above it.
  if (!ImGui::Begin("tables", nullptr,
                    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  const float big = ImGui::GetFrameHeight() * 1.4f;
  ImGui::SetWindowFontScale(1.6f);
  ImGui::TextUnformatted("Colonial Diplomacy");
  ImGui::SetWindowFontScale(1.0f);
  ImGui::TextUnformatted(table_list_.empty() ? "No games yet: the club's staff start one."
                                             : "Pick your table to play its game.");
  ui_target("Tables");
  // The rows scroll; the footer stays.
  const float footer = big + ImGui::GetStyle().ItemSpacing.y * 3;
  ImGui::BeginChild("rows", ImVec2(0, -footer), false);
  const float thumb_w = std::min(ImGui::GetFontSize() * 11.0f, vp->Size.x * 0.3f);
  for (std::size_t i = 0; i < table_list_.size(); ++i) draw_table_row(i, thumb_w);
  touch_scroll();
  ImGui::EndChild();
  ImGui::Separator();
  const float w = ImGui::GetFontSize() * 10.0f;
  if (staff_locked()) {
    if (touch_button("Staff...", w, big)) open_pin_pad(PinPad::Unlock);
  } else {
    if (primary_button("New table", w, big)) new_table();
    ImGui::SameLine();
    if (touch_button("Kiosk settings...", w, big)) kiosk_settings_open_ = true;
    ImGui::SameLine();
    if (touch_button("Lock", w * 0.6f, big)) lock_staff("locked by the staff");
    ImGui::SameLine();
    if (touch_button("Quit the kiosk", w, big)) quit_confirm_ = true;
  }
  if (flow_.attached()) {
    // Back to the table in play, without choosing it again.
    const std::string back = std::string("Back to ") + table_name_buffer_;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - w));
    if (touch_button((back + "##back").c_str(), w, big)) tables_open_ = false;
    ui_target("Back");
  }
  if (table_confirm_ >= 0 && table_confirm_ < static_cast<int>(table_list_.size())) {
    const TableSummary& t = table_list_[static_cast<std::size_t>(table_confirm_)];
    const std::string question = table_confirm_archive_
                                     ? "Archive " + t.name +
                                           "? Its game is kept in a file of its own beside the kiosk's games "
                                           "(colonial-judge reads it) and leaves this screen."
                                     : "Delete " + t.name + "? Its game and its backups are removed for good.";
    const int answer = confirm_dialog("table", &table_confirm_open_, question.c_str(),
                                      table_confirm_archive_ ? "Archive" : "Delete the table", "Keep it");
    if (answer == 1) forget_table(static_cast<std::size_t>(table_confirm_), table_confirm_archive_);
    if (answer >= 0) table_confirm_ = -1;
  }
  ImGui::End();
}

}  // namespace colonial
