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

#if !COLONIAL_THREADS
#include <emscripten/emscripten.h>

#include <cstring>

#include "bot_request.h"
#include "files.h"
#endif

namespace colonial {

namespace {

// Who plays a power, as the seats dialog offers it (the scripts' names stay
// these English words); the computer's levels follow BotLevel.
constexpr const char* kChoices[] = {NC_("computer", "Person"), NC_("computer", "Easy"), NC_("computer", "Normal"),
                                    NC_("computer", "Hard")};

const char* choice_word(int k) { return text::trc("computer", kChoices[k]); }

}  // namespace

#if !COLONIAL_THREADS
namespace {

// The worker's state, as its messages and errors tell it (they arrive
// between frames, on the page's thread).
bool g_worker_ready = false;
bool g_worker_failed = false;

void on_hello(char* data, int size, void*) {
  u32 format = 0;
  if (size == static_cast<int>(sizeof format)) std::memcpy(&format, data, sizeof format);
  g_worker_ready = format == kBotRequestFormat;
  if (!g_worker_ready) {
    g_worker_failed = true;
    std::printf("colonial: the computer players' worker is of another version; they decide on the page\n");
  }
}

// A worker whose script is missing or that fails to start says so only to
// its error handler: the page is told, and decides on its own thread.
EM_JS(void, colonial_watch_worker, (int id), {
  var info = Browser.workers[id];
  if (info) info.worker.onerror = function(event) {
      if (event && event.preventDefault) event.preventDefault();
      Module['_colonial_bot_worker_failed']();
    };
});

}  // namespace
}  // namespace colonial

extern "C" EMSCRIPTEN_KEEPALIVE void colonial_bot_worker_failed() {
  if (!colonial::g_worker_failed)
    std::printf("colonial: the computer players' worker failed; they decide on the page\n");
  colonial::g_worker_failed = true;
}

namespace colonial {

ComputerPlayers::ComputerPlayers() {
  // Made at once: it loads while the players give their orders.
  worker_ = emscripten_create_worker("colonial_bot.js");
  colonial_watch_worker(worker_);
  emscripten_call_worker(worker_, "colonial_bot_hello", nullptr, 0, on_hello, nullptr);
}

bool ComputerPlayers::choose_where() {
  // The worker still loading (the first decision of a page just opened):
  // waited for, as a decision there leaves the page free to draw.
  constexpr double kWaitForWorkerMs = 15000;
  if (!g_worker_ready && !g_worker_failed && emscripten_get_now() - choosing_since_ < kWaitForWorkerMs) return false;
  choosing_ = false;
  via_worker_ = post_to_worker(*job_board_, job_variant_);
  text::emit_event("computer-deciding", {{"where", via_worker_ ? "worker" : "page"}});
  return true;
}

bool ComputerPlayers::post_to_worker(const Map& map, std::string_view variant) {
  if (!g_worker_ready || g_worker_failed) return false;
  // The board's text, as the page loaded it (load_variant_map): a built-in
  // map by its name, else a board file.
  std::string text(builtin_map_text(variant));
  std::string error;
  if (text.empty() && !platform::read_file(std::string(variant), text, error)) return false;
  ++job_id_;
  replied_ = 0;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (!((job_powers_ >> p) & 1u)) continue;
    BotRequest request;
    request.board_text_size = static_cast<u32>(text.size());
    const std::string_view file = map.file_name();
    std::memcpy(request.board_file, file.data(), std::min(file.size(), sizeof request.board_file - 1));
    request.settings = settings_;
    request.position = position_;
    request.power = p;
    request.level = settings_.computer_level[p];
    request.seed = seed_;
    request_.assign(reinterpret_cast<const char*>(&request), sizeof request);
    request_ += text;
    posted_[p] = {this, job_id_, p};
    emscripten_call_worker(worker_, "colonial_bot_decide", request_.data(), static_cast<int>(request_.size()), on_reply,
                           &posted_[p]);
  }
  return true;
}

void ComputerPlayers::on_reply(char* data, int size, void* arg) {
  const Posted& posted = *static_cast<const Posted*>(arg);
  ComputerPlayers& self = *posted.owner;
  if (posted.job != self.job_id_ || !self.via_worker_) return;  // a job no longer waited for
  BotReply reply;
  if (size != static_cast<int>(sizeof reply)) return colonial_bot_worker_failed();
  std::memcpy(&reply, data, sizeof reply);
  if (reply.format != kBotRequestFormat || reply.count > static_cast<u32>(kMaxOrders))
    return colonial_bot_worker_failed();
  OrderList& mine = self.replies_[posted.power];
  mine.clear();
  for (u32 i = 0; i < reply.count; ++i) mine.push_back(reply.orders[i]);
  ++self.made_;
  if (++self.replied_ < self.total_) return;
  // Every power answered: their orders in the powers' order, as the
  // native worker hands them.
  for (PowerId p = 0; p < kMaxPowers; ++p)
    if ((self.job_powers_ >> p) & 1u)
      for (const Order& o : self.replies_[p]) self.orders_.push_back(o);
  self.ready_ = true;
}
#else
ComputerPlayers::ComputerPlayers() = default;
#endif

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
#else
  ++job_id_;  // the worker's replies to it are dropped
  via_worker_ = false;
  choosing_ = false;
#endif
  job_board_ = nullptr;
}

void ComputerPlayers::pump(const Map& map, std::string_view variant, const Game& game, TurnFlow& flow) {
  if (busy()) {
#if !COLONIAL_THREADS
    if (choosing_ && !choose_where()) return;
    if (via_worker_ && g_worker_failed) {  // the worker went: the page decides the job again
      via_worker_ = false;
      orders_.clear();
      made_ = 0;
      next_power_ = 0;
    }
    // One power a frame: the page draws the card between two decisions.
    if (!via_worker_ && !ready_.load() && decide_next()) return;
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
  start(map, variant, game, flow.computer_turn());
}

void ComputerPlayers::start(const Map& map, [[maybe_unused]] std::string_view variant, const Game& game, u32 powers) {
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
#else
  job_variant_ = variant;
  choosing_ = true;
  choosing_since_ = emscripten_get_now();
  choose_where();
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
