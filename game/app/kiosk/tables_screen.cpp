#include "tables_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>

#include "controls.h"
#include "event_line.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

namespace {

using text::format;
using text::tr;
using text::trn;

// "today 14:05", "yesterday 09:12", "3 days ago", "2026-10-01".
std::string when_text(std::time_t then, std::time_t now) {
  if (then <= 0) return tr("never");
  std::tm t{}, today{};
  localtime_r(&then, &t);
  localtime_r(&now, &today);
  char buf[48];
  const double days = std::difftime(now, then) / 86400.0;
  if (t.tm_year == today.tm_year && t.tm_yday == today.tm_yday) {
    // TRANSLATORS: strftime's format: today at 14:05.
    std::strftime(buf, sizeof buf, tr("today %H:%M"), &t);
  } else if (days < 2 && (today.tm_yday - t.tm_yday == 1 || (today.tm_yday == 0 && t.tm_mon == 11))) {
    // TRANSLATORS: strftime's format: yesterday at 09:12.
    std::strftime(buf, sizeof buf, tr("yesterday %H:%M"), &t);
  } else if (days < 14) {
    const int n = static_cast<int>(std::lround(days));
    std::snprintf(buf, sizeof buf, trn("%d day ago", "%d days ago", static_cast<unsigned long>(n)), n);
  } else {
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &t);
  }
  return buf;
}

// What a row says of its table's game.
void draw_summary(const TableSummary& t, bool staff_locked) {
  if (t.damaged) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.45f, 1.0f));
    ImGui::TextWrapped("%s", tr("Damaged: this game's record could not be read."));
    ImGui::PopStyleColor();
    ui_target("Damaged");
    if (!staff_locked) ImGui::TextWrapped("%s", t.message.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", tr("The other tables play on. The club's staff can delete this one."));
    ImGui::PopStyleColor();
    return;
  }
  if (t.over)
    // TRANSLATORS: a table's last phase, then that its game is over.
    ImGui::Text(tr("%s - game over"), t.phase.c_str());
  else
    ImGui::TextUnformatted(t.phase.c_str());
  if (t.over)
    ImGui::TextWrapped("%s", t.result.c_str());
  else if (!t.waiting.empty())
    ImGui::TextWrapped(tr("Waiting for: %s"), t.waiting.c_str());
  else
    ImGui::TextWrapped("%s", tr("Every order is in."));
  // TRANSLATORS: %s is when: "today 14:05", "3 days ago", "2026-10-01".
  ImGui::TextDisabled(tr("Last played %s"), when_text(t.last_activity, std::time(nullptr)).c_str());
}

}  // namespace

TablesScreen::TablesScreen(const std::string& first_path) : tables_(first_path) {}
TablesScreen::~TablesScreen() = default;

void TablesScreen::archive_stale(int days) {
  for (const KioskTables::Archived& a : tables_.archive_stale(days, std::time(nullptr))) {
    std::printf("colonial: %s\n", a.sentence().c_str());
    if (!a.kept.empty()) text::emit_event("game-archived", {{"days", a.days}, {"file", a.kept}});
  }
}

void TablesScreen::name_default(const std::string& record_path) {
  const int n = std::max(1, tables_.number_of(record_path));
  std::snprintf(name_, sizeof name_, text::tr("Table %d"), n);
}

void TablesScreen::name_from(const Game& game, const std::string& record_path) {
  if (game.settings().table_name.empty())
    name_default(record_path);
  else
    std::snprintf(name_, sizeof name_, "%s", game.settings().table_name.c_str());
}

std::string TablesScreen::name_for_new_game(const std::string& record_path) {
  if (!name_[0]) name_default(record_path);
  return name_;
}

void TablesScreen::open(GameSession& session, Modals& modals, double now) {
  read(session, now);
  modals.close(ModalKind::Help);
  modals.close(ModalKind::Menu);
  modals.open(ModalKind::Tables);
  std::printf("colonial: tables: %zu\n", list_.size());
  text::emit_event("tables", {{"count", list_.size()}});
}

void TablesScreen::read(GameSession& session, double now) {
  session.save(now);  // the table in play, as it stands
  // Working space of its own: the game in play is not touched.
  auto map = std::make_unique<Map>();
  auto game = std::make_unique<Game>();
  auto scratch = std::make_unique<Game>();
  tables_.read_all(*map, *game, *scratch, list_);
  // The keys start on the table in play, else the first that plays.
  const std::string& in_play_path = session.record().path();
  const auto in_play =
      std::find_if(list_.begin(), list_.end(), [&](const TableSummary& t) { return t.path == in_play_path; });
  const auto playable = std::find_if(list_.begin(), list_.end(), [](const TableSummary& t) { return !t.damaged; });
  const auto chosen = in_play != list_.end() ? in_play : playable;
  selected_ = chosen != list_.end() ? static_cast<std::size_t>(chosen - list_.begin()) : 0;
  for (const TableSummary& t : list_)
    if (t.damaged) {
      std::fprintf(stderr, "colonial: %s is damaged: %s\n", t.label.c_str(), t.message.c_str());
      text::emit_event("table-damaged", {{"number", t.number}, {"file", t.path}});
    }
  thumbnails_made_ = false;
}

void TablesScreen::handle_key(const platform::InputEvent& e, GameSession& session, Modals& modals, TableHost& host) {
  const Action a = action_for(e, Place::Tables);
  const std::size_t n = list_.size();
  if (a == Action::TablePrevious && n > 0) selected_ = (selected_ + n - 1) % n;
  if (a == Action::TableNext && n > 0) selected_ = (selected_ + 1) % n;
  if (a == Action::PlayTable && selected_ < n && !e.repeat) play(selected_, session, modals, host);
}

// The rows' thumbnails: made once the board's art is ready (after the first
// frame), for the tables on the board in play.
void TablesScreen::make_thumbnails(platform::Canvas& canvas, const BoardView& view, const std::string& variant) {
  if (thumbnails_made_) return;
  for (const platform::ImageId id : thumbnails_) canvas.destroy_image(id);
  thumbnails_.assign(list_.size(), 0);
  platform::Pixels pixels;
  std::string error;
  for (std::size_t i = 0; i < list_.size(); ++i) {
    const TableSummary& t = list_[i];
    if (t.damaged || t.variant != variant) continue;
    if (!view.thumbnail(t.position, 320, pixels)) return;  // the art is not made yet: next frame
    thumbnails_[i] = canvas.create_image(pixels, true, true, error);
    if (!thumbnails_[i]) std::fprintf(stderr, "colonial: a table's thumbnail: %s\n", error.c_str());
  }
  thumbnails_made_ = true;
}

void TablesScreen::play(std::size_t i, GameSession& session, Modals& modals, TableHost& host) {
  assert(i < list_.size());
  const TableSummary t = list_[i];
  if (t.damaged) return;
  if (!(session.flow().attached() && session.record().path() == t.path)) {
    host.leave_table();
    host.open_table(t.path);
  }
  modals.close(ModalKind::Tables);
  std::printf("colonial: table %d (%s): %s\n", t.number, t.label.c_str(),
              session.flow().attached() ? "playing" : "could not be resumed");
  text::emit_event("table-played", {{"number", t.number}, {"resumed", session.flow().attached() ? "yes" : "no"}});
}

void TablesScreen::new_table(GameSession& session, Modals& modals, TableHost& host) {
  host.leave_table();
  host.new_table_at(tables_.new_path());
  modals.close(ModalKind::Tables);
  std::printf("colonial: a new table: %s\n", session.record().path().c_str());
  text::emit_event("table-new", {{"file", session.record().path()}});
}

void TablesScreen::forget(std::size_t i, bool archive, const Frame& f) {
  assert(i < list_.size());
  const TableSummary t = list_[i];
  if (f.session.record().path() == t.path) {
    // The table in play goes: nothing may save it again.
    f.host.leave_table();
    f.session.flow().leave_game();
  }
  std::string error;
  if (archive) {
    const std::string kept = Autosave(t.path).archive(error);
    if (!kept.empty()) {
      std::printf("colonial: %s is archived as %s\n", t.label.c_str(), kept.c_str());
      text::emit_event("table-archived", {{"number", t.number}, {"file", kept}});
    }
  } else if (tables_.remove(t.path, error)) {
    std::printf("colonial: %s is deleted\n", t.label.c_str());
    text::emit_event("table-deleted", {{"number", t.number}});
  }
  if (!error.empty())
    f.modals.notify(
        text::format(archive ? text::tr("%s could not be archived: %s") : text::tr("%s could not be deleted: %s"),
                     t.name.c_str(), error.c_str()));
  read(f.session, f.now);
}

void TablesScreen::draw_row(const Frame& f, std::size_t i, float thumb_w) {
  const TableSummary& t = list_[i];
  const float big = ImGui::GetFrameHeight() * 1.4f;
  ImGui::PushID(static_cast<int>(i));
  ImGui::Separator();
  const float row_top = ImGui::GetCursorPosY();
  const ImVec2 row_corner = ImGui::GetCursorScreenPos();
  // The board in small, or a blank of its size.
  const platform::ImageId thumb = i < thumbnails_.size() ? thumbnails_[i] : 0;
  const platform::SizeF size = thumb ? f.canvas.image_size(thumb) : platform::SizeF{4, 3};
  const float thumb_h = thumb_w * size.h / std::max(1.0f, size.w);
  if (void* handle = f.canvas.texture_handle(thumb))
    ImGui::Image(static_cast<ImTextureID>(handle), ImVec2(thumb_w, thumb_h));
  else
    ImGui::Dummy(ImVec2(thumb_w, thumb_h));
  ImGui::SameLine();
  const ButtonsPlace buttons = buttons_place(f, i, thumb_w);
  // The summary's lines wrap before buttons beside them.
  ImGui::PushTextWrapPos(buttons.beside ? buttons.left - ImGui::GetStyle().ItemSpacing.x : 0.0f);
  ImGui::BeginGroup();
  ImGui::SetWindowFontScale(1.25f);
  ImGui::TextUnformatted(t.name.c_str());
  ui_target(t.label);
  ImGui::SetWindowFontScale(1.0f);
  draw_summary(t, f.staff_locked);
  ImGui::EndGroup();
  ImGui::PopTextWrapPos();
  draw_row_buttons(f, i, buttons, row_top, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY(), row_top + std::max(thumb_h, big)) +
                       ImGui::GetStyle().ItemSpacing.y);
  if (i == selected_) {
    // The row the arrow keys and the pad are on.
    const float pad = ImGui::GetStyle().ItemSpacing.y * 0.5f;
    ImGui::GetWindowDrawList()->AddRect(
        ImVec2(row_corner.x + 1, row_corner.y - pad),
        ImVec2(row_corner.x + ImGui::GetContentRegionAvail().x - 1, ImGui::GetCursorScreenPos().y - pad),
        ImGui::GetColorU32(ImGuiCol_NavHighlight), 4.0f, 0, 2.0f);
  }
  ImGui::PopID();
}

// Play, and the staff's Archive and Delete (each asks first): right-aligned
// on the row where they fit beside its summary, else in a row of their own
// under the summary (a small screen, a longer language's words).
TablesScreen::ButtonsPlace TablesScreen::buttons_place(const Frame& f, std::size_t i, float thumb_w) const {
  const TableSummary& t = list_[i];
  const bool staff = !f.staff_locked;
  const int buttons = (t.damaged ? 0 : 1) + (staff ? (t.damaged ? 1 : 2) : 0);
  const float button_w = ImGui::GetFontSize() * 7.0f;
  const float right = ImGui::GetWindowContentRegionMax().x;
  ButtonsPlace where;
  where.left = right - static_cast<float>(buttons) * (button_w + ImGui::GetStyle().ItemSpacing.x);
  // The summary keeps this much of the row beside its thumbnail.
  where.beside = where.left >= thumb_w + ImGui::GetFontSize() * 14.0f;
  return where;
}

void TablesScreen::draw_row_buttons(const Frame& f, std::size_t i, ButtonsPlace where, float row_top,
                                    ImVec2 summary_min, ImVec2 summary_max) {
  const TableSummary& t = list_[i];
  const float big = ImGui::GetFrameHeight() * 1.4f;
  const float button_w = ImGui::GetFontSize() * 7.0f;
  const bool staff = !f.staff_locked;
  const bool beside = where.beside;
  if (beside)
    ImGui::SetCursorPosY(row_top);
  else
    ImGui::SetCursorScreenPos(ImVec2(summary_min.x, summary_max.y + ImGui::GetStyle().ItemSpacing.y));
  bool first = true;
  auto place = [&] {
    if (beside && first)
      ImGui::SameLine(where.left);
    else if (beside)
      ImGui::SameLine();
    else if (!first)
      same_line_if_fits(button_w);
    first = false;
  };
  if (!t.damaged) {
    place();
    if (primary_button((std::string(text::trc("table", "Play")) + "##play").c_str(), button_w, big))
      play(i, f.session, f.modals, f.host);
    ui_target("Play " + t.label);
  }
  // Scripts press them by their English label and the table's (English) label.
  auto ask = [&](const char* label, Question question) {
    place();
    if (touch_button((std::string(text::tr(label)) + "##" + label).c_str(), button_w, big))
      f.modals.ask(question, static_cast<int>(i));
    ui_target(std::string(label) + " " + t.label);
  };
  if (staff && !t.damaged) ask(N_("Archive"), Question::ArchiveTable);
  if (staff) ask(N_("Delete"), Question::DeleteTable);
}

void TablesScreen::draw(const Frame& f, const std::function<void()>& above) {
  make_thumbnails(f.canvas, f.view, f.session.variant());
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  ImGui::SetNextWindowBgAlpha(1.0f);
  // The only window while it is open (the game's panels are not drawn); the
  // PIN pad and the questions, being popups, come above it.
  if (ImGui::Begin("tables", nullptr,
                   ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::SetWindowFontScale(1.6f);
    ImGui::TextUnformatted("Colonial Diplomacy");
    ImGui::SetWindowFontScale(1.0f);
    ImGui::TextUnformatted(list_.empty() ? text::tr("No games yet: the club's staff start one.")
                                         : text::tr("Pick your table to play its game."));
    ui_target("Tables");
    // The rows scroll; the footer stays.
    const float footer_line = ImGui::GetFrameHeight() * 1.4f + ImGui::GetStyle().ItemSpacing.y;
    const float footer = footer_line * static_cast<float>(footer_rows(f)) + ImGui::GetStyle().ItemSpacing.y * 2;
    ImGui::BeginChild("rows", ImVec2(0, -footer), false);
    const float thumb_w = std::min(ImGui::GetFontSize() * 11.0f, vp->Size.x * 0.3f);
    for (std::size_t i = 0; i < list_.size(); ++i) draw_row(f, i, thumb_w);
    touch_scroll();
    ImGui::EndChild();
    ImGui::Separator();
    draw_footer(f);
  }
  ImGui::End();
  above();
}

// Staff's New table, Kiosk settings, Season, Lock and Quit (a passer-by's
// Staff...), and the way back to the table in play at the right; a row
// that has no room left goes on a line of its own.
void TablesScreen::draw_footer(const Frame& f) {
  const float big = ImGui::GetFrameHeight() * 1.4f;
  const std::vector<float> widths = footer_widths(f);
  const float w = widths.back();  // the way back's
  if (f.staff_locked) {
    if (touch_button(text::tr("Staff..."), widths[0], big)) f.staff.open_pad(StaffMode::Pad::Unlock, f.modals);
  } else {
    if (primary_button(text::tr("New table"), widths[0], big)) new_table(f.session, f.modals, f.host);
    same_line_if_fits(widths[1]);
    if (touch_button(text::tr("Kiosk settings..."), widths[1], big)) f.modals.open(ModalKind::KioskSettings);
    same_line_if_fits(widths[2]);
    if (touch_button(text::tr("Season..."), widths[2], big) && f.season) f.season->open(f.modals);
    same_line_if_fits(widths[3]);
    if (touch_button(text::tr("Lock"), widths[3], big)) f.staff.lock(StaffMode::LockReason::ByStaff);
    same_line_if_fits(widths[4]);
    if (touch_button(text::tr("Quit the kiosk"), widths[4], big)) f.modals.ask(Question::Quit);
  }
  if (f.session.flow().attached()) {
    // Back to the table in play, without choosing it again.
    // TRANSLATORS: %s is the table's name ("Table 1").
    const std::string back = text::format(text::tr("Back to %s"), name_);
    const float right = ImGui::GetWindowContentRegionMax().x - w;
    if (ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetStyle().ItemSpacing.x <= right)
      ImGui::SameLine(right);
    else
      ImGui::SetCursorPosX(right);
    if (touch_button((back + "##back").c_str(), w, big)) f.modals.close(ModalKind::Tables);
    ui_target("Back");
  }
}

std::vector<float> TablesScreen::footer_widths(const Frame& f) {
  const float w = ImGui::GetFontSize() * 10.0f;
  const float fit = ImGui::GetStyle().FramePadding.x * 2;
  // Each at least the room of its label (a longer translation is not cut).
  auto room = [&](const char* label, float at_least) { return std::max(at_least, ImGui::CalcTextSize(label).x + fit); };
  if (f.staff_locked) return {room(text::tr("Staff..."), w), w};
  return {room(text::tr("New table"), w),        room(text::tr("Kiosk settings..."), w),
          room(text::tr("Season..."), w * 0.6f), room(text::tr("Lock"), w * 0.6f),
          room(text::tr("Quit the kiosk"), w),   w};
}

int TablesScreen::footer_rows(const Frame& f) {
  const std::vector<float> widths = footer_widths(f);
  const std::size_t count = f.session.flow().attached() ? widths.size() : widths.size() - 1;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float room = ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x;
  // As same_line_if_fits places them, the way back's last.
  int rows = 1;
  float x = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (x > 0 && x + spacing + widths[i] > room) {
      ++rows;
      x = 0;
    }
    x += (x > 0 ? spacing : 0) + widths[i];
  }
  return rows;
}

void TablesScreen::draw_question(const Frame& f, const Modal& question, const std::function<void()>& above) {
  const bool archive = question.question == Question::ArchiveTable;
  if (question.subject < 0 || question.subject >= static_cast<int>(list_.size())) {
    f.modals.close_serial(question.serial);
    above();
    return;
  }
  const TableSummary& t = list_[static_cast<std::size_t>(question.subject)];
  const std::string words =
      archive ? text::format(text::tr("Archive %s? Its game is kept in a file of its own beside the kiosk's games "
                                      "(colonial-judge reads it) and leaves this screen."),
                             t.name.c_str())
              : text::format(text::tr("Delete %s? Its game and its backups are removed for good."), t.name.c_str());
  const int answer =
      confirm_dialog("table", words.c_str(), archive ? text::tr("Archive") : text::tr("Delete the table"),
                     text::tr("Keep it"), nullptr, nullptr, above);
  if (answer < 0) return;
  f.modals.close_serial(question.serial);
  if (answer == 1 && !f.staff_locked) forget(static_cast<std::size_t>(question.subject), archive, f);
}

}  // namespace colonial
