// Learning to play: the lessons (lessons/lessons.h) as a panel beside the
// board, over whatever the screen showed. Each lesson's goal, its board and
// the usual order pad (taps, mouse, or the pad alone: the D-pad's cursor,
// A, the shoulders); Try (the pad's Start) has the engine adjudicate the
// orders, and the panel explains the result in the adjudicator's sentences;
// then Next or Try again (A), or Leave (B). After the last lesson, a game
// against the computer. A lesson is played on a game of its own: the game
// in play, and its record, are never touched.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <ctime>
#include <utility>

#include "app.h"
#include "controls.h"
#include "event_line.h"
#include "new_game_setup.h"
#include "report.h"
#include "touch_ui.h"
#include "translate.h"
#include "ui_targets.h"

namespace colonial {

using text::format;
using text::tr;

namespace {

constexpr float kLessonZoom = 2.5f;  // the board's zoom on a lesson's units

const char* yes_no(bool b) { return b ? "yes" : "no"; }

// What the order pad had before a tap or A: the same after it means the
// place chosen gives no order (a province the unit cannot reach, a unit of
// another power), which a newcomer is told rather than left to guess.
struct PadState {
  EntryStep step;
  ProvinceId selected, other;
  OrderList orders;
  explicit PadState(const OrderEntryModel& m)
      : step(m.step()), selected(m.selected()), other(m.other()), orders(m.orders()) {}
  bool same(const OrderEntryModel& m) const {
    return step == m.step() && selected == m.selected() && other == m.other() && orders == m.orders() &&
           m.message().empty();
  }
};

// A button the scripts press by its English words.
bool lesson_button(const char* english, const char* shown, bool primary, float width, float height) {
  const std::string label = std::string(shown) + "##" + english;
  const bool pressed =
      primary ? primary_button(label.c_str(), width, height) : touch_button(label.c_str(), width, height);
  ui_target(english);
  return pressed;
}

}  // namespace

void App::open_lessons() {
  if (!lessons_fit(session_.map())) {
    modals_.notify(tr("The lessons are played on the Colonial board: choose it for a new game first."));
    return;
  }
  // Nothing of the game in play moves while the lessons are open.
  session_.computer().stop();
  modals_.on_close(ModalKind::Lesson, [this](const Modal&) {
    const std::string id = lessons_.run.started() ? std::string(lessons_.run.data().id) : std::string("none");
    text::emit_event("lessons-closed", {{"id", id}, {"done", yes_no(lessons_.done)}});
    lessons_.run.leave();
    lessons_.done = false;
    lessons_.note.clear();
    playback_.stop();
    view_.camera().fit(false);
  });
  lessons_.done = false;
  if (start_lesson(0)) modals_.open(ModalKind::Lesson);
}

// The board on the lesson: the player's units and the goal's places in
// view, as close as they fit (on a handheld, big enough to tap).
void App::frame_lesson() {
  auto& camera = view_.camera();
  camera.fit(false);
  const Map& map = session_.map();
  const LessonRun& run = lessons_.run;
  const Position& pos = run.game().position();
  float left = FLT_MAX, top = FLT_MAX, right = -FLT_MAX, bottom = -FLT_MAX;
  auto include = [&](ProvinceId p) {
    const platform::PointF at = camera.to_board(view_.screen_point(static_cast<LocationId>(p)));
    left = std::min(left, at.x);
    right = std::max(right, at.x);
    top = std::min(top, at.y);
    bottom = std::max(bottom, at.y);
  };
  for (int p = 0; p < map.province_count(); ++p) {
    const bool mine = (pos.units[p].present() && pos.units[p].power == run.power()) ||
                      (pos.dislodged[p].unit.present() && pos.dislodged[p].unit.power == run.power());
    if (mine) include(static_cast<ProvinceId>(p));
  }
  for (const GoalCheck& goal : run.data().checks)
    if (!goal.place.empty()) include(map.find_province(goal.place).province);
  if (left > right) return;
  const platform::RectF v = camera.view();
  constexpr float kRoom = 0.55f;  // the part of the view the places may take
  const float w = std::max(right - left, 1.0f), h = std::max(bottom - top, 1.0f);
  const float want = std::min(v.w * kRoom / w, v.h * kRoom / h);
  const float factor = std::clamp(want / camera.scale(), 1.0f, kLessonZoom);
  camera.zoom_at({v.x + v.w * 0.5f, v.y + v.h * 0.5f}, factor, false);
  camera.centre_on({(left + right) * 0.5f, (top + bottom) * 0.5f}, false);
}

bool App::start_lesson(int index) {
  std::string error;
  if (!lessons_.run.start(session_.map(), index, error)) {
    modals_.notify(format(tr("This lesson cannot be played (%s)."), error.c_str()));
    return false;
  }
  lessons_.pad.begin(lessons_.run.game(), lessons_.run.power());
  lessons_.pad.offer_plan(false);
  lessons_.note.clear();
  lessons_.intro = true;
  lessons_.frame_pending = true;
  playback_.stop();
  const LessonData& lesson = lessons_.run.data();
  std::printf("colonial: lesson %d: %s\n", index + 1, std::string(lesson.id).c_str());
  text::emit_event("lesson",
                   {{"id", std::string(lesson.id)}, {"number", index + 1}, {"power", std::string(lesson.power)}});
  return true;
}

void App::try_lesson() {
  LessonRun& run = lessons_.run;
  if (!run.started() || run.tried() || lessons_.done) return;
  // An order still in the typed box counts, as Done would take it.
  if (!lessons_.pad.enter_typed()) return;
  if (!run.attempt(lessons_.pad.orders())) {
    lessons_.note = run.explanation().empty() ? std::string() : run.explanation().front();
    text::emit_event("lesson-note", {{"id", std::string(run.data().id)}, {"kind", "refused"}});
    return;
  }
  lessons_.note.clear();
  lessons_.new_try = true;
  playback_.start(now(), kResultsAnimationSeconds);
  text::emit_event("lesson-tried", {{"id", std::string(run.data().id)},
                                    {"reached", yes_no(run.reached())},
                                    {"orders", lessons_.pad.orders().size()}});
}

void App::lesson_again() {
  // Its rule was read before the first try.
  if (lessons_.run.started() && start_lesson(lessons_.run.index())) lessons_.intro = false;
}

void App::next_lesson() {
  const int next = lessons_.run.index() + 1;
  if (next < static_cast<int>(lessons().size())) {
    start_lesson(next);
    return;
  }
  lessons_.done = true;
  playback_.stop();
  text::emit_event("lessons-done", {{"count", static_cast<int>(lessons().size())}});
}

void App::leave_lessons() { modals_.close(ModalKind::Lesson); }

// The end of the lessons: a real game, the player against the computer's
// six powers at its easy level, on the board's default rules.
void App::play_against_computer() {
  Map& map = session_.map();
  NewGameChoices choices;
  default_choices(map, choices);
  choices.seed = options_.seed ? options_.seed : static_cast<u64>(std::time(nullptr));
  for (int seat = 1; seat < kMaxPowers; ++seat) choices.computer_of_seat[static_cast<std::size_t>(seat)] = 1;
  GameSettings settings;
  Position start;
  std::string error;
  if (!make_game(map, choices, settings, start, error)) {
    modals_.notify(error);
    return;
  }
  modals_.close(ModalKind::Lesson);
  if (TablesScreen* tables = kiosk_.tables())
    settings.table_name.assign(tables->name_for_new_game(session_.record().path()));
  session_.start(settings, start, now());
  view_.set_map(&session_.map());
  view_.camera().fit(false);
  PowerId mine = kNoPower;
  for (PowerId p = 0; p < map.power_count() && mine == kNoPower; ++p)
    if (!((settings.computer_powers >> p) & 1u) && !((settings.unplayed_powers >> p) & 1u)) mine = p;
  text::emit_event("lessons-game",
                   {{"power", mine == kNoPower ? std::string("none") : std::string(map.power(mine).name)}});
  if (mine != kNoPower)
    // TRANSLATORS: the power the newcomer plays after the lessons.
    modals_.notify(format(tr("You play %s; the computer plays the other powers. Good luck!"),
                          std::string(power_name(map, mine)).c_str()));
}

// ---------------------------------------------------------------------------
// Input

bool App::handle_lesson_keys(const platform::InputEvent& e, bool typing) {
  if (e.repeat && e.type == platform::InputType::GamepadButtonDown) return false;
  const Action action = typing ? Action::None : action_for(e, Place::Lessons);
  if (lessons_.done) {
    const bool table_in_play = kiosk_.staff_locked() && session_.flow().attached() && !session_.game().over();
    if (!table_in_play && action == Action::LessonOn) {
      play_against_computer();
      return true;
    }
    return false;
  }
  if (lessons_.intro && short_panel()) {
    if (action == Action::LessonOn) {
      lessons_.intro = false;
      return true;
    }
    return false;
  }
  if (lessons_.run.tried()) {
    switch (action) {
      case Action::LessonOn:
        if (lessons_.run.reached())
          next_lesson();
        else
          lesson_again();
        return true;
      case Action::ScrollListUp: pad_scroll_lines_ -= kPadScrollLines; return true;
      case Action::ScrollListDown: pad_scroll_lines_ += kPadScrollLines; return true;
      default: return false;
    }
  }
  // Ctrl+Enter tries even from the typed-order box.
  if (action_for(e, Place::Lessons) == Action::TryLesson) {
    try_lesson();
    return true;
  }
  const PadState before(lessons_.pad.model());
  if (!lessons_.pad.handle_event(e, view_)) return false;
  if (!typing && action_for(e, Place::Orders) == Action::Choose) note_if_no_order(before.same(lessons_.pad.model()));
  return true;
}

void App::note_if_no_order(bool nothing_changed) {
  if (!nothing_changed) {
    lessons_.note.clear();
    return;
  }
  lessons_.note = tr("No order goes there: choose a highlighted place, or one of your units.");
  text::emit_event("lesson-note", {{"id", std::string(lessons_.run.data().id)}, {"kind", "no-order"}});
}

void App::on_lesson_tap(platform::PointF at, bool long_press) {
  if (lessons_.run.tried() || lessons_.done) return;
  // A tap on the board starts the lesson as Begin would.
  lessons_.intro = false;
  if (view_.pick(at) == kNoProvince) {
    // Said, not ignored: a newcomer learns where the board's places are.
    lessons_.note = tr("That is off the board's places: tap a unit of yours, then where it goes.");
    text::emit_event("lesson-note", {{"id", std::string(lessons_.run.data().id)}, {"kind", "off-board"}});
    return;
  }
  const PadState before(lessons_.pad.model());
  lessons_.pad.tap_at(view_, at, long_press);
  note_if_no_order(before.same(lessons_.pad.model()));
}

// Esc or the pad's B: one step back in the order being built, else leave.
void App::on_lesson_escape() {
  if (!lessons_.done && !lessons_.run.tried() && lessons_.pad.model().step() != EntryStep::Idle) {
    lessons_.pad.back();
    return;
  }
  leave_lessons();
}

// ---------------------------------------------------------------------------
// The panel

void App::draw_lesson(const Modals::Above& above) {
  // A short panel (a 480x320 handheld) shows the lesson's rule on a card of
  // its own first, then keeps its room for the order pad.
  const bool compact = short_panel();
  const float button_h = ImGui::GetFrameHeight() * (compact ? 1.0f : 1.4f);
  if (begin_panel("lesson")) {
    const LessonRun& run = lessons_.run;
    const int count = static_cast<int>(lessons().size());
    if (lessons_.done) {
      ImGui::TextDisabled("%s", tr("Learn to play"));
      draw_lessons_end(button_h);
    } else {
      const LessonData& lesson = run.data();
      const bool card = compact && lessons_.intro && !run.tried();
      // TRANSLATORS: the lessons' heading: the lesson's number, of how many.
      ImGui::TextDisabled(tr("Lesson %d of %d"), run.index() + 1, count);
      ui_target("Learn to play");
      ImGui::SameLine();
      power_badge(run.power(), std::string(power_name(session_.map(), run.power())).c_str(),
                  session_.map().power(run.power()).letter);
      // A short panel keeps the title and the rule for the card (the
      // order pad needs the room; the top bar names the lesson).
      if (!compact || card) {
        if (!compact) ImGui::SetWindowFontScale(1.2f);
        ImGui::TextWrapped("%s", tr(lesson.title));
        ImGui::SetWindowFontScale(1.0f);
        ImGui::TextWrapped("%s", tr(lesson.teaches));
      }
      if (!compact || card) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.4f, 1.0f));
        // TRANSLATORS: the lesson's goal follows.
        ImGui::TextWrapped(tr("Goal: %s"), tr(lesson.goal));
        ImGui::PopStyleColor();
        ui_target("Goal");
      }
      if (card) {
        const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
        if (lesson_button("Begin", tr("Begin"), true, half, button_h)) lessons_.intro = false;
        ImGui::SameLine();
        if (lesson_button("Leave", tr("Leave"), false, -1, button_h)) leave_lessons();
      } else if (run.tried()) {
        draw_lesson_result(button_h);
      } else {
        if (!compact) {
          ResultText task;
          describe_task(run.game(), run.power(), lessons_.pad.orders(), task);
          ImGui::TextWrapped("%s", task.c_str());
          ui_target("What to do");
        }
        if (!lessons_.note.empty()) {
          ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.6f, 0.45f, 1.0f));
          ImGui::TextWrapped("%s", lessons_.note.c_str());
          ImGui::PopStyleColor();
          ui_target("Lesson note");
        }
        const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
        if (lesson_button("Try", tr("Try"), true, half, button_h)) try_lesson();
        ImGui::SameLine();
        if (lesson_button("Leave", tr("Leave"), false, -1, button_h)) leave_lessons();
        // The usual order pad fills the rest of the panel.
        ImGui::BeginChild("lesson entry", ImVec2(0, 0), false);
        lessons_.pad.draw_panel_contents();
        ImGui::EndChild();
      }
    }
  }
  end_side_panel();
  above();
}

// After a try: the goal reached or not, the adjudicator's sentence for each
// order and the lesson's word, then what next.
void App::draw_lesson_result(float button_h) {
  const LessonRun& run = lessons_.run;
  if (run.reached())
    ImGui::TextColored(ImVec4(0.55f, 0.95f, 0.55f, 1.0f), "%s", tr("Goal reached."));
  else
    ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.45f, 1.0f), "%s", tr("Not yet: the goal was missed."));
  ui_target("Verdict");
  const bool last = run.index() + 1 >= static_cast<int>(lessons().size());
  const float rows = run.reached() ? 2.0f : 1.0f;
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  ImGui::BeginChild("lesson explanation", ImVec2(0, -(button_h + spacing) * rows - spacing), false);
  // The pad's D-pad scrolls the sentences.
  const float dy = std::exchange(pad_scroll_lines_, 0.0f) * ImGui::GetTextLineHeightWithSpacing();
  if (std::exchange(lessons_.new_try, false))
    ImGui::SetScrollY(0);  // each try's sentences from their first
  else if (dy != 0)
    ImGui::SetScrollY(std::clamp(ImGui::GetScrollY() + dy, 0.0f, ImGui::GetScrollMaxY()));
  for (const std::string& line : run.explanation()) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", line.c_str());
  }
  touch_scroll();
  ImGui::EndChild();
  if (run.reached()) {
    if (lesson_button("Next", last ? tr("Finish the lessons") : tr("Next lesson"), true, -1, button_h)) next_lesson();
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (lesson_button("Try again", tr("Try again"), false, half, button_h)) lesson_again();
  } else {
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (lesson_button("Try again", tr("Try again"), true, half, button_h)) lesson_again();
  }
  ImGui::SameLine();
  if (lesson_button("Leave", tr("Leave"), false, -1, button_h)) leave_lessons();
}

void App::draw_lessons_end(float button_h) {
  ImGui::SetWindowFontScale(1.2f);
  ImGui::TextWrapped("%s", tr("You have played every lesson."));
  ImGui::SetWindowFontScale(1.0f);
  ImGui::TextWrapped("%s", tr("Now a real game: you play one power, the computer the six others. The rules you "
                              "need are the ones you just tried; Rules in the top bar has the rest."));
  // A kiosk's table in play is the club's: a passer-by does not replace it.
  if (kiosk_.staff_locked() && session_.flow().attached() && !session_.game().over())
    ImGui::TextWrapped("%s", tr("A game is in play at this table: the club's staff will open a table for you."));
  else if (lesson_button("Play against the computer", tr("Play against the computer"), true, -1, button_h))
    play_against_computer();
  if (lesson_button("Leave", tr("Leave"), false, -1, button_h)) leave_lessons();
}

}  // namespace colonial
