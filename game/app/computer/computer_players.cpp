#include "computer_players.h"

#include <imgui.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <string>

#include "bot_level.h"
#include "event_line.h"
#include "map.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

namespace {

// Who plays a power, as the seats dialog offers it (the scripts' names stay
// these English words); the computer's levels follow BotLevel.
constexpr const char* kChoices[] = {NC_("computer", "Person"), NC_("computer", "Easy"), NC_("computer", "Normal"),
                                    NC_("computer", "Hard")};

const char* choice_word(int k) { return text::trc("computer", kChoices[k]); }

}  // namespace

ComputerPlayers::~ComputerPlayers() { stop(); }

bool ComputerPlayers::busy() const {
#if COLONIAL_THREADS
  return worker_.joinable();
#else
  return job_board_ != nullptr;
#endif
}

void ComputerPlayers::stop() {
#if COLONIAL_THREADS
  if (worker_.joinable()) worker_.join();
#endif
  job_board_ = nullptr;
}

void ComputerPlayers::pump(const Map& map, const Game& game, TurnFlow& flow) {
  if (busy()) {
#if !COLONIAL_THREADS
    // One power a frame: the page draws the card between two decisions.
    if (!ready_.load() && decide_next()) return;
#endif
    if (!ready_.load()) return;
    stop();
    // Still the decision the flow waits for (a seat handed back to a person
    // meanwhile, or the game left, makes it void).
    if (flow.attached() && flow.screen() == Screen::Computer && job_phase_ == game.history_size() &&
        job_powers_ == flow.computer_turn()) {
      std::printf("colonial: the computer gave its orders (%d powers)\n", total_);
      text::emit_event("computer-orders", {{"powers", total_}});
      flow.computer_done(orders_);
      return;
    }
  }
  if (!flow.attached() || flow.screen() != Screen::Computer) return;
  start(map, game, flow.computer_turn());
}

void ComputerPlayers::start(const Map& map, const Game& game, u32 powers) {
  if (!bot_) bot_ = std::make_unique<Bot>();
  position_ = game.position();
  job_phase_ = game.history_size();
  job_powers_ = powers;
  total_ = std::popcount(job_powers_);
  made_ = 0;
  ready_ = false;
  settings_ = game.settings();
  // The same game gives the same computer orders: seeded by the phase.
  seed_ = static_cast<u64>(job_phase_) * 7919u + 1u;
  next_power_ = 0;
  orders_.clear();
  job_board_ = &map;
#if COLONIAL_THREADS
  worker_ = std::thread([this] {
    while (decide_next()) {
    }
  });
#endif
}

bool ComputerPlayers::decide_next() {
  const Map& board = *job_board_;
  for (; next_power_ < board.power_count(); ++next_power_) {
    if (!((job_powers_ >> next_power_) & 1u)) continue;
    OrderList mine;
    bot_->decide(board, position_, next_power_, settings_.computer_level[next_power_], seed_, mine);
    for (const Order& o : mine) orders_.push_back(o);
    ++made_;
    ++next_power_;
    return true;
  }
  ready_ = true;
  return false;
}

void ComputerPlayers::draw_card(const Map& map, const Game& game, const TurnFlow& flow, float top, double now) const {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, top), io.DisplaySize, IM_COL32(8, 12, 20, 120));
  const float w = std::min(io.DisplaySize.x * 0.92f, ImGui::GetFontSize() * 26.0f);
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, top + (io.DisplaySize.y - top) * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, 0));
  ImGui::Begin("computer", nullptr, kFixedWindowFlags | ImGuiWindowFlags_AlwaysAutoResize);
  centred_text(text::tr("The computer is choosing its orders"));
  std::string who;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (!((flow.computer_turn() >> p) & 1u)) continue;
    if (!who.empty()) who += ", ";
    who += std::string(power_name(map, p)) + " (" +
           choice_word(1 + static_cast<int>(game.settings().computer_level[p])) + ")";
  }
  ImGui::TextWrapped("%s", who.c_str());
  const int total = std::max(1, total_);
  const int made = std::min(total, made_.load());
  // Never still: a bar that moves while the worker thinks.
  const float sweep = static_cast<float>(std::fmod(now, 1.2) / 1.2);
  const float shown =
      made >= total ? 1.0f : (static_cast<float>(made) + 0.2f + 0.6f * sweep) / static_cast<float>(total);
  const std::string label =
      text::format(text::trn("%d of %d power", "%d of %d powers", static_cast<unsigned long>(total)), made, total);
  ImGui::ProgressBar(shown, ImVec2(-1, 0), label.c_str());
  ImGui::TextDisabled("%s", text::tr("Their orders are shown with the results."));
  ImGui::End();
}

// Who plays each power: a person or the computer (at its level). For a
// player who left (a power in civil disorder), the game master hands the
// power to the computer here.
ComputerPlayers::SeatsAnswer ComputerPlayers::draw_seats(const Map& map, Game& game,
                                                         const std::function<void()>& above) {
  SeatsAnswer answer;
  if (!begin_dialog("computer seats", dialog_width(34, 0.95f))) {
    above();
    return answer;
  }
  ImGui::TextWrapped("%s", text::tr("Who plays each power. The computer gives its orders when everyone else is done."));
  // The choices beside each power's name, or under it where the dialog is
  // too narrow for both (a 480x320 handheld).
  const ImGuiStyle& style = ImGui::GetStyle();
  float choices_w = 0;
  for (int k = 0; k < 4; ++k)
    choices_w += ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(choice_word(k)).x +
                 style.ItemSpacing.x;
  const float beside = ImGui::GetContentRegionAvail().x - choices_w;
  const bool below = beside < ImGui::GetFontSize() * 9.0f;
  const float column = below ? ImGui::GetFontSize() : std::min(ImGui::GetFontSize() * 13.0f, beside);
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if ((game.settings().unplayed_powers >> p) & 1u) continue;
    ImGui::PushID(p);
    ImGui::AlignTextToFramePadding();
    power_badge(p, std::string(power_name(map, p)).c_str(), map.power(p).letter);
    if (game.surrendered(p)) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", text::tr("(civil disorder)"));
    }
    const bool computer = (game.settings().computer_powers >> p) & 1u;
    const int now_choice = computer ? 1 + static_cast<int>(game.settings().computer_level[p]) : 0;
    for (int k = 0; k < 4; ++k) {
      if (k == 0 && below)
        ImGui::SetCursorPosX(column);
      else
        ImGui::SameLine(k == 0 ? column : 0.0f);
      const bool on = k == now_choice && !(k == 0 && game.surrendered(p));
      if (touch_radio((std::string(choice_word(k)) + "##" + kChoices[k]).c_str(), on) && !on)
        answer.changed = game.set_computer(p, k > 0, static_cast<BotLevel>(k > 0 ? k - 1 : 0)) || answer.changed;
      ui_target(std::string(map.power(p).name) + " " + kChoices[k]);
    }
    ImGui::PopID();
  }
  answer.closed =
      primary_button((std::string(text::tr("Close")) + "##computer seats").c_str(), -1, ImGui::GetFrameHeight() * 1.4f);
  touch_scroll();
  above();
  if (answer.closed) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return answer;
}

}  // namespace colonial
