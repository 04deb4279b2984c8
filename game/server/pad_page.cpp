#include "pad_page.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <numeric>

#include "files.h"
#include "legal.h"
#include "notation.h"
#include "power_colours.h"
#include "report.h"
#include "web_text.h"

namespace colonial::server {

namespace {

using nlohmann::json;

std::mutex g_template_mutex;
std::string g_template;

void replace_all(std::string& s, std::string_view key, const std::string& value) {
  for (std::size_t at = s.find(key); at != std::string::npos; at = s.find(key, at + value.size()))
    s.replace(at, key.size(), value);
}

std::string code(const Map& map, LocationId l) { return location_code(map, l); }

// The power's units that take orders this phase: every unit in a movement
// phase, the dislodged ones in a retreat phase.
template <typename F>
void for_each_ordered_unit(const Map& map, const Position& pos, PowerId power, F&& f) {
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const Unit& u = pos.phase.kind == PhaseKind::Retreat ? pos.dislodged[p].unit : pos.units[p];
    if (u.present() && u.power == power) f(p, u);
  }
}

std::string units_text(const Map& map, const Position& pos, PowerId power, const PadLanguage* language) {
  std::string s;
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const Unit& u = pos.units[p];
    if (u.present() && u.power == power) {
      if (!s.empty()) s += ", ";
      s += unit_letter(u.type);
      s += ' ';
      s += code(map, unit_location(map, p, u));
    }
    const Unit& d = pos.dislodged[p].unit;
    if (d.present() && d.power == power) {
      if (!s.empty()) s += ", ";
      s += std::string(1, unit_letter(d.type)) + " " + province_code(map, p) + " " +
           std::string(pad_word(language, "(dislodged)"));
    }
  }
  return s.empty() ? std::string(pad_word(language, "none")) : s;
}

}  // namespace

std::string phase_in_words(const Map& map, const TableView& view, const PadLanguage* language) {
  if (view.over) return write_reply(ReplyId::GameIsOver, map, language);
  return phase_in_words(view.position.phase);
}

std::string phase_in_words(const Phase& phase) {
  PhaseText t;
  describe_phase(phase, t);
  return std::string(t.view());
}

std::string last_phase_in_words(const TableView& view) { return view.played ? phase_in_words(view.last_played) : ""; }

std::string task_in_words(const Map& map, const TableView& view, PowerId power) {
  if (view.over) return {};
  ResultText task;
  describe_task(map, view.position, power, (view.asked >> power & 1u) != 0, view.orders[power], task);
  return std::string(task.view());
}

bool load_pad_template(const std::string& web_dir, std::string& error) {
  std::string text;
  if (!platform::read_file(web_dir + "pad.html", text, error)) return false;
  std::lock_guard<std::mutex> lock(g_template_mutex);
  g_template = std::move(text);
  return true;
}

std::string render_pad_page(const Map& map, const TableView& view, PowerId power, const std::string& secret,
                            const std::string& draft, const std::string& message, bool is_error,
                            const PadLanguage* language) {
  std::string page;
  {
    std::lock_guard<std::mutex> lock(g_template_mutex);
    page = g_template;
  }
  const std::string orders = draft.empty() ? orders_text(map, view, power) : draft;
  std::string seats;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (!(view.asked >> p & 1u)) continue;
    const bool done = (view.done >> p & 1u) != 0;
    std::string seat(pad_word(language, "%s: %s"));
    std::size_t at = 0;
    for (const std::string_view part : {power_name(map, p), pad_word(language, done ? "done" : "waiting")})
      if ((at = seat.find("%s", at)) != std::string::npos) {
        seat.replace(at, 2, part);
        at += part.size();
      }
    seats += std::string("<li class=\"") + (done ? "done" : "waiting") + "\">" + html_escape(seat) + "</li>";
  }
  const bool asked = (view.asked >> power & 1u) && !view.over;
  translate_marks(page, [language](std::string_view english) { return pad_word(language, english); });
  replace_all(page, "{{LANG}}", page_language(language));
  replace_all(page, "{{WORDS}}", pad_words_json(language));
  replace_all(page, "{{POWER}}", html_escape(power_name(map, power)));
  replace_all(page, "{{PHASE}}", html_escape(phase_in_words(map, view, language)));
  replace_all(page, "{{TASK}}", html_escape(task_in_words(map, view, power)));
  replace_all(page, "{{SERIAL}}", std::to_string(view.serial));
  replace_all(page, "{{SECRET}}", html_escape(secret));
  replace_all(page, "{{UNITS}}", html_escape(units_text(map, view.position, power, language)));
  replace_all(page, "{{ORDERS}}", html_escape(orders));
  replace_all(page, "{{DONE}}", html_escape(pad_word(language, (view.done >> power & 1u) ? "done" : "not done")));
  replace_all(page, "{{SEATS}}", seats);
  replace_all(page, "{{ASKED}}", asked ? "" : "hidden");
  replace_all(page, "{{NOT_ASKED}}", asked ? "hidden" : "");
  replace_all(page, "{{MESSAGE_CLASS}}", message.empty() ? "hidden" : is_error ? "error" : "ok");
  replace_all(page, "{{MESSAGE}}", html_escape(message));
  replace_all(page, "{{LAST_PHASE}}", html_escape(last_phase_in_words(view)));
  replace_all(page, "{{RESULTS_HIDDEN}}", view.played ? "" : "hidden");  // no empty heading
  replace_all(page, "{{LAST_RESULTS}}", html_escape(texts_in(view, language).last_results));
  return page;
}

json scores_json(const Map& map, const TableView& view, const PadLanguage* language) {
  if (!view.over || !view.scores) return nullptr;
  const TableScores& scores = *view.scores;
  const int count = scores.input.players.size();
  int order[kMaxPowers];
  std::iota(order, order + count, 0);
  std::stable_sort(order, order + count, [&](int a, int b) { return scores.sheet.points[a] > scores.sheet.points[b]; });
  json players = json::array();
  for (int k = 0; k < count; ++k) {
    const int i = order[k];
    const ScoredPlayer& player = scores.input.players[i];
    json powers = json::array(), titles = json::array();
    for (PowerId p = 0; p < map.power_count(); ++p)
      if ((player.powers >> p) & 1u) {
        powers.push_back(map.power(p).name);
        titles.push_back(std::string(power_name(map, p)));
      }
    players.push_back({{"powers", powers},
                       {"titles", titles},
                       {"player", scores.names[i]},
                       {"colonies", player.centres},
                       {"points", std::round(scores.sheet.points[i] * 100) / 100},
                       {"victory", scores.input.end == ScoreEnd::Solo && player.winner},
                       {"draw", scores.input.end == ScoreEnd::Draw && player.in_draw}});
  }
  return {{"system", std::string(scoring_label(language, scores.system))}, {"players", players}};
}

std::string state_json(const Map& map, const TableView& view, PowerId power, const PadLanguage* language) {
  const Position& pos = view.position;
  json units = json::array();
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    auto add = [&](const Unit& u, bool dislodged) {
      units.push_back({{"province", province_code(map, p)},
                       {"location", dislodged ? province_code(map, p) : code(map, unit_location(map, p, u))},
                       {"type", std::string(1, unit_letter(u.type))},
                       {"power", map.power(u.power).name},
                       {"mine", u.power == power},
                       {"dislodged", dislodged}});
    };
    if (pos.units[p].present()) add(pos.units[p], false);
    if (pos.dislodged[p].unit.present()) add(pos.dislodged[p].unit, true);
  }
  json owners = json::object();
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    if (map.province(p).colony && pos.owner[p] != kNoPower)
      owners[province_code(map, p)] = map.power(pos.owner[p]).name;
  }
  json seats = json::array();
  for (PowerId p = 0; p < map.power_count(); ++p)
    seats.push_back({{"power", map.power(p).name},
                     {"name", std::string(power_name(map, p))},  // in the phone's language
                     {"asked", (view.asked >> p & 1u) != 0},
                     {"done", (view.done >> p & 1u) != 0}});
  json results = json::array();
  const std::string& said = texts_in(view, language).last_results;
  std::size_t start = 0;
  while (start < said.size()) {
    std::size_t end = said.find('\n', start);
    if (end == std::string::npos) end = said.size();
    if (end > start) results.push_back(said.substr(start, end - start));
    start = end + 1;
  }
  const json j = {{"serial", view.serial},
                  {"phase", phase_in_words(map, view, language)},
                  {"kind", phase_kind_name(pos.phase.kind)},
                  {"task", task_in_words(map, view, power)},
                  {"power", map.power(power).name},
                  {"asked", (view.asked >> power & 1u) != 0 && !view.over},
                  {"done", (view.done >> power & 1u) != 0},
                  {"over", view.over},
                  {"ending", view.over ? texts_in(view, language).ending : std::string()},
                  {"scores", scores_json(map, view, language)},
                  {"seconds_left", view.seconds_left},
                  {"colonies", pos.colony_count(map, power)},
                  {"unit_count", pos.unit_count(power)},
                  {"seats", seats},
                  {"units", units},
                  {"owners", owners},
                  {"last_phase", last_phase_in_words(view)},
                  {"last_results", results}};
  return j.dump();
}

std::string legal_json(const Map& map, const TableView& view, PowerId power) {
  const Position& pos = view.position;
  static thread_local LegalOrders legal;  // large: one per request thread, not on its stack
  SentenceText words;
  auto order_json = [&](const Order& o) {
    describe_order_words(map, pos, o, words);
    json j = {{"text", order_text(map, o)}, {"kind", order_kind_name(o.kind)}, {"words", std::string(words.view())}};
    if (o.to != kNoLocation) j["to"] = code(map, o.to);
    if (o.other_at != kNoLocation) j["other"] = code(map, o.other_at);
    if (o.at != kNoLocation) j["at"] = code(map, o.at);
    return j;
  };
  json units = json::array();
  if (!view.over && (view.asked >> power & 1u)) {
    if (pos.phase.kind == PhaseKind::Adjustment) {
      legal.clear();
      legal_adjustments(map, pos, power, legal);
      json orders = json::array();
      for (const Order& o : legal) orders.push_back(order_json(o));
      units.push_back({{"at", ""}, {"type", ""}, {"label", ""}, {"orders", orders}});
    } else {
      for_each_ordered_unit(map, pos, power, [&](ProvinceId p, const Unit& u) {
        legal.clear();
        legal_orders(map, pos, p, legal);
        json orders = json::array();
        for (const Order& o : legal)
          if (o.kind != OrderKind::CanalPermit) orders.push_back(order_json(o));
        const LocationId at = pos.phase.kind == PhaseKind::Retreat ? p : unit_location(map, p, u);
        describe_unit_label(map, u.type, unit_location(map, p, u), words);
        units.push_back({{"at", code(map, at)},
                         {"label", std::string(words.view())},
                         {"province", province_code(map, p)},
                         {"type", std::string(1, unit_letter(u.type))},
                         {"orders", orders}});
      });
    }
  }
  json permits = json::array();
  if (!view.over && pos.phase.kind == PhaseKind::Movement && (view.asked >> power & 1u)) {
    legal.clear();
    legal_canal_permits(map, pos, power, legal);
    for (const Order& o : legal) permits.push_back(order_json(o));
  }
  return json{{"serial", view.serial}, {"units", units}, {"permits", permits}}.dump();
}

std::string palettes_json(const Map& map) {
  auto hex = [](Rgb c) {
    char s[8];
    std::snprintf(s, sizeof s, "#%02x%02x%02x", c.r, c.g, c.b);
    return std::string(s);
  };
  json palettes = json::object();
  for (int k = 0; k < kPaletteCount; ++k) {
    const auto kind = static_cast<PaletteKind>(k);
    json powers = json::object();
    for (PowerId p = 0; p < map.power_count(); ++p) {
      const PowerColours c = power_colours(kind, map, p);
      powers[map.power(p).name] = {
          {"unit", hex(c.unit)}, {"land", hex(c.land)}, {"letter", std::string(1, map.power(p).letter)}};
    }
    palettes[std::string(palette_code(kind))] = powers;
  }
  return palettes.dump();
}

}  // namespace colonial::server
