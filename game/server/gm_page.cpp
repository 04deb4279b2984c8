#include "gm_page.h"

#include <nlohmann/json.hpp>

#include "legal.h"
#include "notation.h"
#include "pad_page.h"
#include "phrases.h"
#include "report.h"
#include "web_text.h"

namespace colonial::server {

namespace {

using nlohmann::json;

// Every unit as [power, type, where, dislodged]: small enough to send the
// whole board with every change.
json units_json(const Map& map, const Position& pos) {
  json units = json::array();
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    const Unit& u = pos.units[p];
    if (u.present())
      units.push_back({u.power, std::string(1, unit_letter(u.type)), location_code(map, unit_location(map, p, u)), 0});
    const Unit& d = pos.dislodged[p].unit;
    if (d.present()) units.push_back({d.power, std::string(1, unit_letter(d.type)), province_code(map, p), 1});
  }
  return units;
}

// Each colony's owner: {"del": 0, ...} (power numbers).
json owners_json(const Map& map, const Position& pos) {
  json owners = json::object();
  for (int i = 0; i < map.province_count(); ++i) {
    const ProvinceId p = static_cast<ProvinceId>(i);
    if (map.province(p).colony && pos.owner[p] != kNoPower) owners[province_code(map, p)] = pos.owner[p];
  }
  return owners;
}

json powers_json(const Map& map, const TableView& view, const TableTexts& texts) {
  int units[kMaxPowers] = {}, colonies[kMaxPowers] = {};
  view.position.count_all(map, units, colonies);
  json powers = json::array();
  for (PowerId p = 0; p < map.power_count(); ++p) {
    // [text, at, to, other, kind]: what the board draws it with.
    json orders = json::array();
    for (const Order& o : view.orders[p])
      orders.push_back({order_text(map, o), location_code(map, o.at), location_code(map, o.to),
                        location_code(map, o.other_at), order_kind_name(o.kind)});
    const auto bit = [&](u32 mask) { return ((mask >> p) & 1u) != 0; };
    powers.push_back({{"name", map.power(p).name},
                      {"title", std::string(power_name(map, p))},  // in the tablet's language
                      {"asked", bit(view.asked) && !view.over},
                      {"done", bit(view.done)},
                      {"computer", bit(view.computer)},
                      {"draw", bit(view.draw_votes)},
                      {"surrender", bit(view.surrenders)},
                      {"units", units[p]},
                      {"colonies", colonies[p]},
                      {"note", texts.adjustments[p]},
                      {"task", task_in_words(map, view, p)},
                      {"orders", orders}});
  }
  return powers;
}

// How a result looks on the board and in the list: "good" (done as
// ordered), "bad" (it failed), "grey" (void, or no order), "warn" (stopped
// short, removed by the rule), "lost" (dislodged).
const char* look_of(const OrderResult& r) {
  if (r.dislodged) return "lost";
  switch (r.outcome) {
    case Outcome::Succeeded:
    case Outcome::Converted: return "good";
    case Outcome::NoOrder:
    case Outcome::Void: return "grey";
    case Outcome::CivilDisorder:
    case Outcome::StoppedShort: return "warn";
    default: return "bad";
  }
}

json result_json(const Map& map, const Position& before, const OrderResult& r) {
  const Order& o = r.order;
  ResultText text;
  describe_result(map, r, OrderStyle::Rulebook, text);
  std::string_view line = text.view();
  if (o.power < map.power_count()) {
    // The list groups results by power: "Britain: " need not start each.
    ResultText prefix;
    append_phrase(prefix, Phrase::ResultPowerOrder, {{"power", power_name(map, o.power)}, {"order", ""}});
    if (line.starts_with(prefix.view())) line.remove_prefix(prefix.view().size());
  }
  json j = {{"p", o.power},
            {"kind", order_kind_name(o.kind)},
            {"at", location_code(map, o.at)},
            {"look", look_of(r)},
            {"text", std::string(line)}};
  if (o.to != kNoLocation) j["to"] = location_code(map, o.to);
  if (o.other_at != kNoLocation) j["other"] = location_code(map, o.other_at);
  if (r.outcome == Outcome::NoOrder) {
    // The tablet lists the units that held for want of orders by where they are.
    OrderText unit;
    unit.append(unit_letter(o.unit));
    unit.append(' ');
    OrderText where;
    format_location(map, o.at, OrderStyle::Rulebook, where);  // as the result's text writes it
    unit.append(where.view());
    j["unit"] = std::string(unit.view());
  }
  if (r.outcome != Outcome::NoOrder || r.dislodged) {
    SentenceText said;
    describe_result_sentence(map, before, r, said);
    j["said"] = std::string(said.view());
  }
  return j;
}

std::string names(const Map& map, u32 powers) {
  std::string s;
  for (PowerId p = 0; p < map.power_count(); ++p)
    if ((powers >> p) & 1u) s += (s.empty() ? "" : ", ") + std::string(power_name(map, p));
  return s;
}

}  // namespace

std::string render_gm_page(std::string page, const PadLanguage* language) {
  translate_marks(page, [language](std::string_view english) { return gm_word(language, english); });
  const std::string code = page_language(language);
  for (std::size_t at = page.find("{{LANG}}"); at != std::string::npos; at = page.find("{{LANG}}", at))
    page.replace(at, 8, code);
  const std::string words = gm_words_json(language);
  if (const std::size_t at = page.find("{{WORDS}}"); at != std::string::npos) page.replace(at, 9, words);
  return page;
}

std::string gm_state_json(const Map& map, const TableView& view, const PadLanguage* language) {
  const TableTexts& texts = texts_in(view, language);
  const json j = {{"serial", view.serial},
                  {"phase", phase_in_words(map, view, language)},
                  {"kind", phase_kind_name(view.position.phase.kind)},
                  {"over", view.over},
                  {"ending", texts.ending},
                  {"scores", scores_json(map, view, language)},
                  {"screen", table_screen_name(view.screen)},
                  {"shown", view.shown},
                  {"history", view.history_size},
                  {"branches", view.branches},
                  {"rollback", view.can_roll_back ? phase_in_words(view.rollback_phase) : std::string()},
                  {"powers", powers_json(map, view, texts)},
                  {"units", units_json(map, view.position)},
                  {"owners", owners_json(map, view.position)}};
  return j.dump();
}

std::string gm_timer_json(const TableView& view) {
  if (view.timer_limit <= 0 || view.seconds_left < 0) return "null";
  return json{{"limit", view.timer_limit}, {"left", view.seconds_left}, {"running", view.clock_running}}.dump();
}

std::string phase_json(const Game& game, int index, std::string_view note) {
  const Map& map = game.map();
  const PhaseRecord& rec = game.history(index);
  const Position& after = index + 1 < game.history_size() ? game.history(index + 1).position : game.position();
  json results = json::array();
  for (const OrderResult& r : rec.results.results) results.push_back(result_json(map, rec.position, r));
  const u32 earlier = index > 0 ? game.history(index - 1).surrenders : 0;
  const json j = {{"index", index},
                  {"phase", phase_in_words(rec.position.phase)},
                  {"kind", phase_kind_name(rec.position.phase.kind)},
                  {"edit", rec.edit},
                  {"before", {{"units", units_json(map, rec.position)}, {"owners", owners_json(map, rec.position)}}},
                  {"after", {{"units", units_json(map, after)}, {"owners", owners_json(map, after)}}},
                  {"results", results},
                  {"draw", names(map, rec.draw_votes)},
                  {"surrendered", names(map, rec.surrenders & ~earlier)},
                  {"note", std::string(note)}};
  return j.dump();
}

std::string sheet_json(const Map& map, const OrderSheet& sheet, const std::string& message,
                       const PadLanguage* language) {
  json lines = json::array();
  int good = 0;
  for (int i = 0; i < sheet.lines.size(); ++i) {
    const SheetLine& line = sheet.lines[i];
    if (line.kind == SheetLineKind::Blank) continue;
    json l = {{"n", i + 1}, {"ok", line.kind != SheetLineKind::Error}};
    std::string what;
    switch (line.kind) {
      case SheetLineKind::Error: l["error"] = std::string(line.error.message.view()); break;
      case SheetLineKind::Orders: {
        json drawn = json::array();  // [at, to, other, kind]: the board shows them as they are read
        for (int k = 0; k < line.order_count; ++k) {
          const Order& o = sheet.orders[line.first_order + k];
          OrderText t;
          format_order_with_power(map, o, OrderStyle::Judge, t);
          what += (k ? ", " : "") + std::string(t.view());
          drawn.push_back({location_code(map, o.at), location_code(map, o.to), location_code(map, o.other_at),
                           order_kind_name(o.kind)});
        }
        l["orders"] = drawn;
        break;
      }
      case SheetLineKind::Draw: what = write_reply(Reply(ReplyId::SheetDraw).power(line.power), map, language); break;
      case SheetLineKind::Surrender:
        what = write_reply(Reply(ReplyId::SheetSurrender).power(line.power), map, language);
        break;
      case SheetLineKind::Conditional:
        what = write_reply(Reply(ReplyId::SheetConditional).power(line.power), map, language);
        break;
      default: break;
    }
    if (line.kind != SheetLineKind::Error) {
      ++good;
      l["text"] = what;
    }
    if (line.warning != VoidReason::None) {
      ReasonText why;
      describe_void(map, sheet.orders[line.warning_order], line.warning, why);
      l["warning"] = write_reply(Reply(ReplyId::SheetWarning).text(std::string(why.view())), map, language);
    }
    lines.push_back(l);
  }
  return json{{"message", message},
              {"lines", lines},
              {"good", good},
              {"bad", sheet.errors},
              {"powers", names(map, sheet.powers)},
              {"too_long", sheet.too_long}}
      .dump();
}

}  // namespace colonial::server
