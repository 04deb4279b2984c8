// Era of Empire's rules as options on the Colonial board: conscription,
// conversion, its civil-disorder removals, its endings (22 centres, shared
// victory, DIAS), one player's powers as one Major Power, the preset and the
// named settings; and named set-ups in the map format.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "game.h"
#include "game_rules.h"
#include "legal.h"
#include "map.h"
#include "notation.h"
#include "order_sheet.h"
#include "record.h"

using namespace colonial;

// Named, so that its helpers stay apart from other files' in a unity build.
namespace era_of_empire_test {

namespace {

// Large values: static storage.
Map g_map;
Game g_game, g_loaded, g_scratch;
Position g_pos, g_after;
PhaseResults g_results;

void load_colonial() {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
}

ProvinceId prov(const char* name) {
  const ProvinceLookup l = g_map.find_province(name);
  REQUIRE_MESSAGE(l.status == LookupStatus::Found, name);
  return l.province;
}

PowerId power(const char* name) {
  const PowerId p = g_map.find_power(name);
  REQUIRE_MESSAGE(p != kNoPower, name);
  return p;
}

GameSettings era_of_empire() {
  GameSettings s;
  REQUIRE(colonial_preset(g_map, "era-of-empire", s));
  return s;
}

// An empty Winter adjustment position under `rules`: no units, no owners.
void winter(const RuleOptions& rules) {
  set_start_position(g_map, g_pos);
  g_pos.clear_units();
  for (PowerId& o : g_pos.owner) o = kNoPower;
  g_pos.rules = rules;
  g_pos.phase = Phase{1871, Season::Winter, PhaseKind::Adjustment};
}

// A unit ("F", "SUD") owning the centre it stands in when it is one.
void put(const char* who, char type, const char* where, bool own = true) {
  const ProvinceLookup l = g_map.find_province(where);
  REQUIRE_MESSAGE(l.status == LookupStatus::Found, where);
  g_pos.units[l.province] = Unit{type == 'A' ? UnitType::Army : UnitType::Fleet, power(who), Coast::None};
  if (own && g_map.province(l.province).colony) g_pos.owner[l.province] = power(who);
}

void own(const char* who, std::initializer_list<const char*> centres) {
  for (const char* c : centres) g_pos.owner[prov(c)] = power(who);
}

Order order(const char* text, PhaseKind phase = PhaseKind::Adjustment) {
  ParseContext ctx;
  ctx.map = &g_map;
  ctx.position = &g_pos;
  ctx.phase = phase;
  Order o;
  ParseError err;
  const bool ok = parse_order(ctx, text, o, err);
  const std::string what = std::string(text) + " -> " + err.message.c_str();
  INFO(what);
  REQUIRE(ok);
  return o;
}

VoidReason check(const char* text) { return check_order(g_map, g_pos, order(text)); }

void adjust(std::initializer_list<const char*> lines) {
  OrderList orders;
  for (const char* text : lines) orders.push_back(order(text));
  adjudicate_adjustment(g_map, g_pos, orders, g_after, g_results);
}

Outcome outcome_of(int i) { return g_results.results[i].outcome; }

}  // namespace

TEST_CASE("the preset: Era of Empire's rules on the Colonial board") {
  load_colonial();
  const GameSettings s = era_of_empire();
  CHECK(s.rules.calendar == Calendar::Seasons);
  CHECK(s.victory_colonies == 22);
  CHECK(s.rules.conscription);
  CHECK(s.rules.conversion);
  CHECK(s.rules.united_powers);
  CHECK(s.rules.civil_disorder == CivilDisorderRule::EraOfEmpire);
  CHECK(s.endings == Endings::EraOfEmpire);
  CHECK_FALSE(s.rules.railroad);
  CHECK_FALSE(s.rules.canal);
  CHECK_FALSE(s.rules.hong_kong);
  // Another preset afterwards undoes them.
  GameSettings t = s;
  REQUIRE(colonial_preset(g_map, "ah1995", t));
  CHECK_FALSE(t.rules.conscription);
  CHECK_FALSE(t.rules.conversion);
  CHECK(t.endings == Endings::Rule1995);
  CHECK(t.rules.civil_disorder == CivilDisorderRule::Rule1995);
  bool listed = false;
  for (const PresetInfo& p : kColonialPresets) listed = listed || p.name == "era-of-empire";
  CHECK(listed);
  g_game.start(g_map, s);
  PhaseText name;
  format_phase(g_game.phase(), name);
  CHECK(name.view() == "Spring 1870 Movement");
}

TEST_CASE("conscription: builds in any empty centre the power controls") {
  load_colonial();
  GameSettings s = era_of_empire();
  winter(s.rules);
  put("Britain", 'F', "ADE");
  own("Britain", {"SUD", "KAR", "DEL"});  // 4 centres, 1 unit: 3 builds
  CHECK(adjustment_count(g_map, g_pos, power("Britain")) == 3);
  CHECK(check("Britain: Build A SUD") == VoidReason::None);
  CHECK(check("Britain: Build F KAR") == VoidReason::None);
  CHECK(check("Britain: Build A DEL") == VoidReason::None);
  CHECK(check("Britain: Build A EGY") == VoidReason::NotOwned);         // a centre of nobody
  CHECK(check("Britain: Build A HYD") == VoidReason::NotSupplyCentre);  // no centre
  CHECK(check("Britain: Build F ADE") == VoidReason::BuildOccupied);    // its fleet stands there
  CHECK(free_build_places(g_map, g_pos, power("Britain")) == 3);
  LegalOrders legal;
  REQUIRE(legal_adjustments(g_map, g_pos, power("Britain"), legal));
  bool sudan = false;
  for (const Order& o : legal) sudan = sudan || (o.kind == OrderKind::Build && g_map.province_of(o.at) == prov("SUD"));
  CHECK(sudan);
  adjust({"Britain: Build A SUD", "Britain: Build F KAR"});
  CHECK(outcome_of(0) == Outcome::Succeeded);
  CHECK(outcome_of(1) == Outcome::Succeeded);
  CHECK(g_after.units[prov("SUD")].type == UnitType::Army);
  // Without the rule only home colonies take builds (8.323).
  g_pos.rules.conscription = false;
  CHECK(check("Britain: Build A SUD") == VoidReason::NotHomeColony);
  CHECK(check("Britain: Build A DEL") == VoidReason::None);
  CHECK(free_build_places(g_map, g_pos, power("Britain")) == 1);
}

TEST_CASE("conversion: a build of the other type where the unit stands, using no build") {
  load_colonial();
  GameSettings s = era_of_empire();
  winter(s.rules);
  // Britain: as many centres as units, nothing owed.
  put("Britain", 'F', "SUD");
  put("Britain", 'A', "BEN");
  put("Britain", 'A', "DEL");
  put("Britain", 'A', "HYD");  // no centre
  own("Britain", {"MAD"});
  REQUIRE(adjustment_count(g_map, g_pos, power("Britain")) == 0);
  CHECK(is_conversion(g_map, g_pos, order("Britain: Build A SUD")));
  CHECK(check("Britain: Build A SUD") == VoidReason::None);
  CHECK(check("Britain: Army Sudan") == VoidReason::None);  // as the rulebook writes it
  CHECK(check("Britain: Build F BEN") == VoidReason::None);
  CHECK(check("Britain: Build F DEL") == VoidReason::ConversionInland);
  CHECK(check("Britain: Build F HYD") == VoidReason::ConversionNotOwnedCentre);
  CHECK(check("Britain: Build A MAD") == VoidReason::NoAdjustment);  // an empty centre: a build, none due
  ConversionOrders conversions;
  conversions_of(g_map, g_pos, power("Britain"), conversions);
  CHECK(conversions.size() == 2);  // A SUD, F BEN; not Delhi (inland), not Hyderabad
  adjust({"Britain: Build A SUD", "Britain: Build F BEN"});
  CHECK(outcome_of(0) == Outcome::Converted);
  CHECK(outcome_of(1) == Outcome::Converted);
  CHECK(g_after.units[prov("SUD")] == Unit{UnitType::Army, power("Britain"), Coast::None});
  CHECK(g_after.units[prov("BEN")] == Unit{UnitType::Fleet, power("Britain"), Coast::None});
  CHECK(g_after.unit_count(power("Britain")) == 4);

  SUBCASE("a unit in a centre it does not control cannot be converted") {
    g_pos.owner[prov("SUD")] = power("France");
    CHECK(check("Britain: Build A SUD") == VoidReason::ConversionNotOwnedCentre);
  }
  SUBCASE("without the rule it is a build in an occupied centre") {
    g_pos.rules.conversion = false;
    CHECK(check("Britain: Build A SUD") == VoidReason::BuildOccupied);
  }
  SUBCASE("another power's unit is never converted") {
    put("France", 'A', "ANN");
    own("Britain", {"ANN"});
    CHECK(check("Britain: Build F ANN") == VoidReason::BuildOccupied);
  }
}

TEST_CASE("conversion beside builds and disbands, and the same unit converted and disbanded") {
  load_colonial();
  winter(era_of_empire().rules);
  put("Britain", 'F', "SUD");
  put("Britain", 'A', "BEN");
  own("Britain", {"MAD", "DEL"});  // 4 centres, 2 units: 2 builds
  adjust({"Britain: Build A SUD", "Britain: Build A MAD", "Britain: Build A DEL"});
  // The conversion used no build: both builds are made.
  CHECK(outcome_of(0) == Outcome::Converted);
  CHECK(outcome_of(1) == Outcome::Succeeded);
  CHECK(outcome_of(2) == Outcome::Succeeded);
  CHECK(g_after.unit_count(power("Britain")) == 4);

  winter(era_of_empire().rules);
  put("Britain", 'F', "SUD");
  put("Britain", 'A', "BEN");
  put("Britain", 'A', "HYD");  // 2 centres, 3 units: 1 disband
  adjust({"Britain: Build A SUD", "Britain: Disband F SUD", "Britain: Disband A HYD"});
  CHECK(outcome_of(0) == Outcome::Converted);
  CHECK(outcome_of(1) == Outcome::Void);
  CHECK(g_results.results[1].reason == VoidReason::ConvertAndDisband);
  CHECK(outcome_of(2) == Outcome::Succeeded);
  CHECK(g_after.units[prov("SUD")].type == UnitType::Army);

  adjust({"Britain: Disband F SUD", "Britain: Build A SUD"});
  CHECK(outcome_of(0) == Outcome::Succeeded);
  CHECK(g_results.results[1].reason == VoidReason::ConvertAndDisband);
  CHECK_FALSE(g_after.units[prov("SUD")].present());

  // A submission refuses each mistake with its own reason.
  auto refused = [](std::initializer_list<const char*> lines) {
    OrderList orders;
    for (const char* text : lines) orders.push_back(order(text));
    int bad = -1;
    return refused_adjustment(g_map, g_pos, orders, bad);
  };
  CHECK(refused({"Britain: Build A SUD", "Britain: Disband F SUD"}) == VoidReason::ConvertAndDisband);
  CHECK(refused({"Britain: Build F HYD"}) == VoidReason::ConversionNotOwnedCentre);
  CHECK(refused({"Britain: Build F BEN", "Britain: Disband A HYD"}) == VoidReason::None);
  put("Britain", 'A', "DEL");
  CHECK(refused({"Britain: Build F DEL"}) == VoidReason::ConversionInland);
  CHECK(refused({"Britain: Build A BEN"}) == VoidReason::BuildOccupied);
  own("Britain", {"MAD"});
  CHECK(refused({"Britain: Build F NAG"}) == VoidReason::None);  // void (no centre), kept: not refused
}

TEST_CASE("an order sheet refuses each mistake on its own line and keeps the good orders") {
  load_colonial();
  winter(era_of_empire().rules);
  put("Britain", 'F', "SUD");
  put("Britain", 'A', "DEL");
  put("Britain", 'A', "HYD");
  own("Britain", {"MAD"});  // 3 centres, 3 units: nothing owed
  static OrderSheet sheet;
  read_order_sheet(g_map, g_pos, kNoPower,
                   "Britain: Build F DEL\nBritain: Build A SUD\nBritain: Build F HYD\nBritain: Disband F SUD\n"
                   "Britain: Build A MAD, Build A DEL\n",
                   sheet);
  REQUIRE(sheet.lines.size() == 5);
  CHECK(sheet.errors == 4);
  CHECK(sheet.lines[0].kind == SheetLineKind::Error);
  CHECK(sheet.lines[0].error.kind == ParseErrorKind::Refused);
  CHECK(std::string(sheet.lines[0].error.message.c_str()).find("inland") != std::string::npos);
  CHECK(sheet.lines[1].kind == SheetLineKind::Orders);
  CHECK(std::string(sheet.lines[2].error.message.c_str()).find("no supply centre") != std::string::npos);
  CHECK(std::string(sheet.lines[3].error.message.c_str()).find("both converted and disbanded") != std::string::npos);
  CHECK(std::string(sheet.lines[4].error.message.c_str()).find("Delhi is occupied") != std::string::npos);
  // Only the conversion is left, where its line says.
  REQUIRE(sheet.orders.size() == 1);
  CHECK(sheet.lines[1].first_order == 0);
  CHECK(is_conversion(g_map, g_pos, sheet.orders[0]));
}

TEST_CASE("conversion to a fleet on a centre with two coasts asks for the coast") {
  load_colonial();
  winter(era_of_empire().rules);
  put("France", 'A', "BAN");
  CHECK(check("France: Build F BAN/ec") == VoidReason::None);
  CHECK(check("France: Build F BAN/wc") == VoidReason::None);
  ParseContext ctx;
  ctx.map = &g_map;
  ctx.position = &g_pos;
  ctx.phase = PhaseKind::Adjustment;
  Order o;
  ParseError err;
  CHECK_FALSE(parse_order(ctx, "France: Build F BAN", o, err));
  CHECK(std::string(err.message.c_str()).find("Build F BAN/ec or Build F BAN/wc") != std::string::npos);
  // Read without a position (a record), it is a void build, as DATC 6.B.14.
  ctx.position = nullptr;
  REQUIRE(parse_order(ctx, "France: Build F BAN", o, err));
  CHECK(check_order(g_map, g_pos, o) == VoidReason::CoastNeeded);
}

TEST_CASE("a Winter phase for conversions alone; the power has a choice") {
  load_colonial();
  GameSettings s = era_of_empire();
  winter(s.rules);
  put("Britain", 'F', "SUD");
  own("Britain", {});
  g_pos.phase = Phase{1871, Season::Fall, PhaseKind::Movement};
  g_game.start_from(g_map, s, g_pos);
  REQUIRE(g_game.adjudicate());
  PhaseText name;
  format_phase(g_game.phase(), name);
  CHECK(name.view() == "Winter 1871 Adjustment");
  CHECK_FALSE(g_game.over());
  CHECK(static_cast<int>(g_game.result().end) == 0);
  CHECK(g_game.is_playing(power("Britain")));
  CHECK(g_game.has_choice(power("Britain")));
  CHECK(g_game.adjustment_due(power("Britain")) == 0);
  // Without conversion nothing is owed: on to Spring.
  s.rules.conversion = false;
  g_game.start_from(g_map, s, g_pos);
  REQUIRE(g_game.adjudicate());
  format_phase(g_game.phase(), name);
  CHECK(name.view() == "Spring 1872 Movement");
}

TEST_CASE("civil disorder: Era of Empire removes units off centres first, then the farthest from an owned centre") {
  load_colonial();
  winter(era_of_empire().rules);
  // Britain owns Delhi and Bombay, has four units: two must go.
  own("Britain", {"DEL", "BOM"});
  put("Britain", 'A', "DEL");
  put("Britain", 'A', "KAR", false);  // a centre it does not own, next to Rajputana
  put("Britain", 'A', "NAG");         // no centre, next to Delhi and Bombay
  put("Britain", 'F', "ARS");         // no centre, next to Bombay
  adjudicate_adjustment(g_map, g_pos, OrderList(), g_after, g_results);
  // (a) Karachi is a centre: the two units off centres go first, though
  // Karachi is farther; (b) both are one province from Bombay: the fleet
  // first.
  CHECK_FALSE(g_after.units[prov("NAG")].present());
  CHECK_FALSE(g_after.units[prov("ARS")].present());
  CHECK(g_after.units[prov("KAR")].present());
  CHECK(g_after.units[prov("DEL")].present());
  for (const OrderResult& r : g_results.results) CHECK(r.outcome == Outcome::CivilDisorder);

  // The 1995 rule (8.33) counts from the home colonies instead, and takes
  // no account of centres: Karachi's army is the farthest from home.
  g_pos.rules.civil_disorder = CivilDisorderRule::Rule1995;
  adjudicate_adjustment(g_map, g_pos, OrderList(), g_after, g_results);
  CHECK_FALSE(g_after.units[prov("KAR")].present());
}

TEST_CASE("endings: two over the line, more wins, equal share (Era of Empire) or nobody yet (1995)") {
  load_colonial();
  GameSettings s = era_of_empire();
  s.victory_colonies = 3;
  winter(s.rules);
  g_pos.phase = Phase{1871, Season::Fall, PhaseKind::Movement};
  own("Britain", {"ADE", "BOM", "DEL", "MAD"});
  own("France", {"ANN", "COC", "TON", "BAN"});
  put("Britain", 'A', "DEL");
  put("France", 'A', "TON");
  put("Russia", 'A', "MOS");
  g_game.start_from(g_map, s, g_pos);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::Victory);
  CHECK(g_game.result().winner == kNoPower);
  CHECK(g_game.result().sharing == ((1u << power("Britain")) | (1u << power("France"))));

  s.endings = Endings::Rule1995;
  g_game.start_from(g_map, s, g_pos);
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.over());

  s.endings = Endings::EraOfEmpire;
  g_pos.owner[prov("SIN")] = power("Britain");
  g_game.start_from(g_map, s, g_pos);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::Victory);
  CHECK(g_game.result().winner == power("Britain"));
}

TEST_CASE("endings: a draw including all survivors (DIAS) and one player's powers counted together") {
  load_colonial();
  GameSettings s = era_of_empire();
  winter(s.rules);
  g_pos.phase = Phase{1871, Season::Spring, PhaseKind::Movement};
  own("Britain", {"ADE"});
  own("France", {"ANN"});
  put("Britain", 'A', "DEL", false);
  put("France", 'A', "TON", false);
  put("Russia", 'A', "IRK");  // units but no centre: not a survivor
  g_game.start_from(g_map, s, g_pos);
  g_game.vote_draw(power("Britain"), true);
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.over());  // France has not voted
  g_game.vote_draw(power("Britain"), true);
  g_game.vote_draw(power("France"), true);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::Draw);
  CHECK(g_game.result().sharing == ((1u << power("Britain")) | (1u << power("France"))));

  // The club's rule wants every remaining player, Russia too.
  s.endings = Endings::Rule1995;
  g_game.start_from(g_map, s, g_pos);
  g_game.vote_draw(power("Britain"), true);
  g_game.vote_draw(power("France"), true);
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.over());

  // One player commanding France and Russia: Russia survives with France's
  // centre and votes with it; they win together as one player.
  s.endings = Endings::EraOfEmpire;
  RuleText why;
  REQUIRE(set_game_rule(g_map, s, "players", "France+Russia", why));
  g_game.start_from(g_map, s, g_pos);
  g_game.vote_draw(power("Britain"), true);
  g_game.vote_draw(power("France"), true);
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.over());
  g_game.vote_draw(power("Britain"), true);
  g_game.vote_draw(power("France"), true);
  g_game.vote_draw(power("Russia"), true);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::Draw);
  CHECK(g_game.result().sharing == ((1u << power("Britain")) | (1u << power("France")) | (1u << power("Russia"))));

  // Victory counts the player's centres together: 2 + 1 reach 3.
  s.victory_colonies = 3;
  g_pos.phase = Phase{1871, Season::Fall, PhaseKind::Movement};
  own("France", {"COC"});
  g_pos.units[prov("TON")] = Unit();
  put("France", 'A', "CAM");  // no centre
  g_game.start_from(g_map, s, g_pos);
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.over());  // France+Russia own 2
  g_pos.units[prov("IRK")] = Unit();
  put("Russia", 'A', "MOS");
  g_game.start_from(g_map, s, g_pos);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.result().end == GameEnd::Victory);
  CHECK(g_game.result().sharing == ((1u << power("France")) | (1u << power("Russia"))));
}

TEST_CASE("one player's powers are one Major Power under Era of Empire, separate under 1995") {
  load_colonial();
  GameSettings s = era_of_empire();
  RuleText why;
  REQUIRE(set_game_rule(g_map, s, "players", "Britain+France", why));
  set_start_position(g_map, g_pos);
  g_pos.clear_units();
  g_pos.rules = s.rules;
  g_pos.phase = Phase{1871, Season::Spring, PhaseKind::Movement};
  put("Britain", 'A', "DEL", false);
  put("Britain", 'A', "NEP", false);
  put("France", 'A', "LUC", false);
  put("Russia", 'A', "TIB", false);
  OrderList orders;
  // Britain attacks France's army in Lucknow with support: no dislodging
  // one's own Major Power; France supports Russia into Nepal from Lucknow.
  for (const char* t : {"Britain: A DEL - LUC", "Britain: A NEP S A DEL - LUC", "France: A LUC H"})
    orders.push_back(order(t, PhaseKind::Movement));
  adjudicate_movement(g_map, g_pos, orders, g_after, g_results);
  CHECK(g_after.units[prov("LUC")].power == power("France"));
  CHECK(g_after.units[prov("DEL")].present());
  // Under the 1995 rules they are two major powers.
  g_pos.rules.united_powers = false;
  adjudicate_movement(g_map, g_pos, orders, g_after, g_results);
  CHECK(g_after.units[prov("LUC")].power == power("Britain"));
}

TEST_CASE("named settings: set, read back, refused with a sentence") {
  load_colonial();
  GameSettings s;
  RuleText why, value;
  REQUIRE(set_game_rule(g_map, s, "conscription", "on", why));
  CHECK(s.rules.conscription);
  REQUIRE(set_game_rule(g_map, s, "civil-disorder", "era-of-empire", why));
  REQUIRE(set_game_rule(g_map, s, "endings", "era-of-empire", why));
  REQUIRE(set_game_rule(g_map, s, "victory", "22", why));
  REQUIRE(set_game_rule(g_map, s, "players", "Turkey+China+Holland,Britain+France+Japan", why));
  CHECK(s.victory_colonies == 22);
  CHECK(powers_of_player(s.rules, power("China")) ==
        ((1u << power("Turkey")) | (1u << power("China")) | (1u << power("Holland"))));
  REQUIRE(game_rule_value(g_map, s, "players", value));
  CHECK(value.view() == "Britain+France+Japan,China+Holland+Turkey");
  for (const GameRuleInfo& r : kGameRules) {
    INFO(r.name);
    REQUIRE(game_rule_value(g_map, s, r.name, value));
    GameSettings t = s;
    REQUIRE(set_game_rule(g_map, t, r.name, value.view(), why));
    CHECK(t == s);
  }
  const GameSettings before = s;
  CHECK_FALSE(set_game_rule(g_map, s, "conscription", "yes", why));
  CHECK(std::string(why.c_str()).find("on or off") != std::string::npos);
  CHECK_FALSE(set_game_rule(g_map, s, "civil-disorder", "2000", why));
  CHECK_FALSE(set_game_rule(g_map, s, "players", "Turkey+Atlantis", why));
  CHECK(std::string(why.c_str()).find("Atlantis") != std::string::npos);
  CHECK_FALSE(set_game_rule(g_map, s, "players", "Turkey+China,China", why));
  CHECK_FALSE(set_game_rule(g_map, s, "victory", "0", why));
  CHECK_FALSE(set_game_rule(g_map, s, "setup", "hawes", why));
  CHECK_FALSE(set_game_rule(g_map, s, "no-such-rule", "on", why));
  CHECK(s == before);
}

TEST_CASE("the record keeps the Era of Empire settings and who commands which powers") {
  load_colonial();
  GameSettings s = era_of_empire();
  RuleText why;
  REQUIRE(set_game_rule(g_map, s, "players", "Russia+France,Britain+China", why));
  s.last_year = 1877;
  g_game.start(g_map, s);
  static BufferSink<1 << 16> text;
  text.size = 0;
  TextSink sink = text.sink();
  REQUIRE(write_record(g_game, "colonial", sink));
  const std::string written(text.view());
  CHECK(written.find("conscription=on conversion=on civil-disorder=era-of-empire endings=era-of-empire "
                     "united-powers=on players=Britain+China,France+Russia") != std::string::npos);
  RecordError err;
  REQUIRE_MESSAGE(read_record(text.view(), g_map, g_loaded, g_scratch, err), err.message.c_str());
  CHECK(g_loaded.settings() == g_game.settings());
  // A record of the 1995 defaults names the new settings' defaults, and
  // leaves out the players when each commands one power.
  g_game.start(g_map, GameSettings());
  text.size = 0;
  sink = text.sink();
  REQUIRE(write_record(g_game, "colonial", sink));
  CHECK(std::string(text.view()).find("players=") == std::string::npos);
  CHECK(std::string(text.view()).find("civil-disorder=1995 endings=1995") != std::string::npos);
}

// --- named set-ups in the map format

namespace {

constexpr const char* kTwoSetups = R"(map "two_setups"
calendar seasons 1901
victory 3
power Red Red R
power Blue Blue B
province AAA coast "Alpha" colony
province BBB coast "Beta" colony
province CCC land "Gamma" colony
province DDD coast "Delta" colony
province SEA sea "Sea"
link AAA BBB both
link AAA CCC army
link BBB CCC army
link CCC DDD army
link AAA SEA fleet
link BBB SEA fleet
link DDD SEA fleet
)";

}  // namespace

TEST_CASE("set-ups: the board file in tests/data/maps with its standard and Hawes set-ups") {
  std::string text;
  {
    const std::string path = std::string(COLONIAL_TEST_DATA) + "/maps/two_setups.map";
    FILE* f = std::fopen(path.c_str(), "rb");
    REQUIRE_MESSAGE(f, path);
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);
  }
  static Map m;
  MapErrors errors;
  REQUIRE(load_map(text, "two_setups.map", m, errors));
  REQUIRE(m.setup_count() == 2);
  CHECK(std::string(m.setup(0).name) == "standard");
  CHECK(m.find_setup("Hawes") == 1);
  CHECK(m.current_setup() == 0);
  const PowerId red = m.find_power("Red"), blue = m.find_power("Blue");
  auto id = [&](const char* c) { return m.find_province(c).province; };
  Position p;
  set_start_position(m, p);
  CHECK(p.unit_count(red) == 1);
  CHECK(p.unit_count(blue) == 1);
  CHECK(p.owner[id("AAA")] == red);
  CHECK(p.owner[id("BBB")] == kNoPower);
  CHECK(m.province(id("AAA")).home == red);
  CHECK(m.home_colonies(red).test(id("AAA")));
  CHECK_FALSE(m.home_colonies(red).test(id("BBB")));
  // Hawes: more units; its centres are those its units stand on.
  m.set_setup(1);
  set_start_position(m, p);
  CHECK(p.rules.setup == 1);
  CHECK(p.unit_count(red) == 2);
  CHECK(p.units[id("BBB")] == Unit{UnitType::Fleet, red, Coast::None});
  CHECK(p.owner[id("CCC")] == blue);
  CHECK(m.province(id("BBB")).home == red);
  // Where each power builds follows the set-up.
  for (const PowerId w : {red, blue})
    for (int q = 0; q < m.province_count(); ++q) {
      const ProvinceInfo& info = m.province(static_cast<ProvinceId>(q));
      CHECK(m.home_colonies(w).test(q) == (info.colony && info.home == w));
    }
  CHECK(m.home_colonies(red).test(id("BBB")));
  // A game on set-up 1 keeps it, and the record names it.
  GameSettings s;
  s.rules.calendar = Calendar::Seasons;
  RuleText why;
  REQUIRE(set_game_rule(m, s, "setup", "hawes", why));
  m.set_setup(0);
  g_game.start(m, s);
  CHECK(g_game.position().unit_count(red) == 2);
  static BufferSink<1 << 16> record;
  record.size = 0;
  TextSink sink = record.sink();
  REQUIRE(write_record(g_game, "two_setups", sink));
  CHECK(std::string(record.view()).find("setup=hawes") != std::string::npos);
  m.set_setup(0);
  RecordError err;
  const bool read = read_record(record.view(), m, g_loaded, g_scratch, err);
  const std::string what = std::string(err.message.c_str()) + " at line " + std::to_string(err.line);
  INFO(what);
  REQUIRE(read);
  CHECK(g_loaded.position().unit_count(red) == 2);
  CHECK(m.current_setup() == 1);
  // A game on a board file names the file as its variant (the app and the
  // judge write what they loaded the board from), and reads back with the
  // map read from that file; another file or board is refused.
  CHECK(m.file_name() == "two_setups.map");
  static Map from_path;
  REQUIRE(load_map(text, "/clubs/boards/two_setups.map", from_path, errors));
  CHECK(from_path.file_name() == "/clubs/boards/two_setups.map");
  record.size = 0;
  REQUIRE(write_record(g_game, "/clubs/boards/two_setups.map", sink));
  const bool read_back = read_record(record.view(), from_path, g_loaded, g_scratch, err);
  INFO(err.message.c_str());
  CHECK(read_back);
  REQUIRE(load_map(text, "/elsewhere/two_setups.map", from_path, errors));
  CHECK_FALSE(read_record(record.view(), from_path, g_loaded, g_scratch, err));
  CHECK(std::string(err.message.c_str()).find("another variant") != std::string::npos);
}

TEST_CASE("set-ups: the Colonial board keeps its own") {
  load_colonial();
  REQUIRE(g_map.setup_count() == 1);
  CHECK(std::string(g_map.setup(0).name) == "standard");
  Position p;
  set_start_position(g_map, p);
  CHECK(p.unit_count(power("Britain")) == 6);
  CHECK(p.units[prov("HON")] == Unit{UnitType::Fleet, power("Britain"), Coast::None});
}

TEST_CASE("set-ups: a province the board lacks, and other mistakes, refused with the line") {
  static Map m;
  MapErrors errors;
  auto first_error = [&](const std::string& extra) {
    errors = MapErrors();
    const std::string text = std::string(kTwoSetups) + extra;
    CHECK_FALSE(load_map(text, "bad.map", m, errors));
    REQUIRE_FALSE(errors.errors.empty());
    return errors.errors[0];
  };
  // The base text has 17 lines: the set-up starts on line 18.
  MapError e = first_error("setup hawes\nunit Red A AAA\nunit Blue F XYZ\nend\n");
  CHECK(e.line == 20);
  CHECK(std::string(e.message.c_str()).find("unknown province 'XYZ'") != std::string::npos);
  e = first_error("setup hawes\ncentre Red AAA QQQ\nend\n");
  CHECK(e.line == 19);
  CHECK(std::string(e.message.c_str()).find("QQQ") != std::string::npos);
  e = first_error("unit Red A AAA\n");
  CHECK(e.line == 18);
  e = first_error("setup hawes\nunit Red A AAA\n");
  CHECK(e.line == 18);
  CHECK(std::string(e.message.c_str()).find("without 'end'") != std::string::npos);
  e = first_error("setup hawes\nunit Red F CCC\nend\n");
  CHECK(std::string(e.message.c_str()).find("cannot stand") != std::string::npos);
  e = first_error("setup hawes\nunit Red A AAA\nunit Blue A AAA\nend\n");
  CHECK(e.line == 20);
  e = first_error("setup hawes\ncentre Red SEA\nend\n");
  CHECK(std::string(e.message.c_str()).find("not a supply centre") != std::string::npos);
  e = first_error("setup a\nend\nsetup A\nend\n");
  CHECK(e.line == 20);
  e = first_error("setup a\nunit Green A AAA\nend\n");
  CHECK(std::string(e.message.c_str()).find("unknown power") != std::string::npos);
  // And a good one loads.
  errors = MapErrors();
  CHECK(load_map(std::string(kTwoSetups) + "setup only\nunit Red A CCC\nend\n", "ok.map", m, errors));
  CHECK(m.setup_count() == 1);
  CHECK(std::string(m.setup(0).name) == "only");
  CHECK(m.province(m.find_province("CCC").province).home == m.find_power("Red"));
}

}  // namespace era_of_empire_test
