// Conditional retreats and adjustments (the club's house rules): the
// choices a planning screen offers, the checks at submission, and a game
// that plays a conditional retreat and conditional adjustments through to
// the next movement phase without asking anyone.
#include <doctest/doctest.h>

#include <string>

#include "conditions.h"
#include "game.h"
#include "map.h"
#include "notation.h"
#include "record.h"
#include "report.h"
#include "test_adjudicator_fixture.h"

// Named, so that its helpers stay apart from other files' in a unity build.
namespace colonial::test::conditions_test {
namespace {

Map g_map;
Game g_game, g_loaded, g_scratch;

void fresh_map() {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", g_map, errors));
}

PowerId power(const char* name) { return g_map.find_power(name); }
ProvinceId prov(const char* name) {
  ProvinceLookup l = g_map.find_province(name);
  REQUIRE_MESSAGE(l.status == LookupStatus::Found, name);
  return l.province;
}

// The statement's conditions, read as the judge reads them.
ConditionList read_conditions(const Game& g, const char* text) {
  ParseContext ctx;
  ctx.map = &g.map();
  ctx.position = &g.position();
  ctx.phase = g.phase().kind;
  Statement st;
  ParseError err;
  REQUIRE_MESSAGE(parse_statement(ctx, text, st, err), err.message.c_str());
  REQUIRE(st.kind == StatementKind::Conditional);
  ConditionList out;
  for (const Condition& c : st.conditions) out.push_back(c);
  return out;
}

std::string why_not(const Game& g, const char* text) {
  ConditionList l = read_conditions(g, text);
  ReasonText why;
  int bad = 0;
  return check_conditions(g.map(), g.position(), l, why, bad) ? "ok" : why.c_str();
}

void play(const char* power_name, std::initializer_list<const char*> lines) {
  const PowerId p = power(power_name);
  ParseContext ctx;
  ctx.map = &g_map;
  ctx.position = &g_game.position();
  ctx.phase = g_game.phase().kind;
  ctx.power = p;
  OrderList orders;
  for (const char* line : lines) {
    Order o;
    ParseError err;
    REQUIRE_MESSAGE(parse_order(ctx, line, o, err), err.message.c_str());
    orders.push_back(o);
  }
  REQUIRE(g_game.submit(p, orders));
}

GameSettings seasons() {
  GameSettings s;
  s.rules.map_options = g_map.default_options();
  s.rules.calendar = Calendar::Seasons;  // Spring, Fall (counted), Winter
  return s;
}

// Spring 1870: France takes Canton with British support; China's army
// there is dislodged.
void dislodge_canton() {
  play("France", {"A TON-CAN"});
  play("Britain", {"F HK S A TON-CAN"});
}

}  // namespace

TEST_CASE("conditionals: the choices a plan may offer") {
  const Map& map = builtin_map("colonial");
  Position pos;
  set_start_position(map, pos);
  // The Chinese army in Canton could retreat wherever it could move by
  // itself: Chungking, Hong Kong (a land bridge), Mandalay, Nanchung,
  // Tongking, Yunnan - never the South China Sea - or disband.
  PlanOrders choices;
  conditional_retreat_choices(map, pos, map.find_province("CAN").province, choices);
  REQUIRE(choices.size() == 7);
  CHECK(choices[choices.size() - 1].kind == OrderKind::Disband);
  for (const Order& o : choices)
    if (o.kind == OrderKind::Retreat) CHECK(map.province(map.province_of(o.to)).kind != ProvinceKind::Sea);
  // A fleet retreats by sea or along coasts, by coast on a split province.
  conditional_retreat_choices(map, pos, map.find_province("ANN").province, choices);
  bool sea = false;
  for (const Order& o : choices)
    sea = sea || (o.kind == OrderKind::Retreat && o.to == map.find_province("SCS").province);
  CHECK(sea);
  // Closed provinces are no choice (two players: Russia's home country).
  pos.rules.closed = map.home_country(map.find_power("Russia"));
  conditional_retreat_choices(map, pos, map.find_province("MAC").province, choices);
  for (const Order& o : choices)
    if (o.kind == OrderKind::Retreat) CHECK_FALSE(pos.rules.closed.test(map.province_of(o.to)));
  CHECK(choices.size() == 5);  // Mongolia, Peking, Seoul, Shanghai (occupied now: maybe not then), Disband
  // Builds: each home colony, fleets on coasts only; disbands: each unit.
  AdjustmentChoices adj;
  conditional_adjustment_choices(map, pos, map.find_power("China"), adj);
  CHECK(adj.max_builds == 5);
  CHECK(adj.max_disbands == 5);
  CHECK(adj.disbands.size() == 5);
  int fleets = 0, armies = 0, waives = 0;
  for (const Order& o : adj.builds) {
    fleets += o.unit == UnitType::Fleet;
    armies += o.unit == UnitType::Army;
    waives += o.kind == OrderKind::Waive;
  }
  CHECK(armies == 5);
  CHECK(fleets == 3);  // Shanghai, Canton, Manchuria; not Peking or Sinkiang
  CHECK(waives == 1);
}

TEST_CASE("conditionals: bad ones are refused at submission with a reason") {
  fresh_map();
  g_game.start(g_map, seasons());
  CHECK(why_not(g_game, "China: If CAN is dislodged, retreat YUN, CHU, disband") == "ok");
  CHECK(why_not(g_game, "China: If 2 builds: build A TON") ==
        "A TON: China builds only in its home colonies, fleets only on coasts (8.323, 8.324)");
  CHECK(why_not(g_game, "China: If CAN is dislodged, retreat SCS") ==
        "the South China Sea is no retreat for the army in Canton: it could not move there by itself, or no unit may "
        "enter it");
  CHECK(why_not(g_game, "China: If 6 builds: build A PEK") ==
        "China can never build 6 units at once: it has 5 home colonies to build in (8.323)");
  CHECK(why_not(g_game, "China: If 1 build: build A PEK, F SHA") == "the condition lists 2 builds for 1");
  CHECK(why_not(g_game, "China: If 2 builds: build A SHA, F SHA") == "two builds in Shanghai");
  CHECK(why_not(g_game, "China: If 1 build: build F PEK") ==
        "F PEK: China builds only in its home colonies, fleets only on coasts (8.323, 8.324)");
  CHECK(why_not(g_game, "China: If 1 disband: disband F ANN") == "China has no unit in Annam to disband");
  CHECK(why_not(g_game, "China: If 1 build: build A PEK; if 1 build: build A SHA") == "two conditions for 1 build");
  // The parser already refuses a unit of another power.
  ParseContext ctx;
  ctx.map = &g_map;
  ctx.position = &g_game.position();
  Statement st;
  ParseError err;
  CHECK_FALSE(parse_statement(ctx, "China: If DEL is dislodged, retreat LUC", st, err));
  CHECK(err.kind == ParseErrorKind::WrongPower);
  // Handed in outside a movement phase, or by another power: refused.
  ConditionList mine = read_conditions(g_game, "China: If CAN is dislodged, retreat YUN");
  CHECK_FALSE(g_game.submit_conditions(power("France"), mine));
  CHECK(g_game.conditions().empty());
}

TEST_CASE("conditionals: a retreat and adjustments play through to the next movement phase without asking") {
  fresh_map();
  g_game.start(g_map, seasons());
  REQUIRE(g_game.submit_conditions(power("China"),
                                   read_conditions(g_game, "China: If CAN is dislodged, retreat YUN, CHU")));
  dislodge_canton();
  REQUIRE(g_game.adjudicate());
  // Spring 1870 Retreat: China's retreat is decided; nobody is asked.
  REQUIRE(g_game.phase().kind == PhaseKind::Retreat);
  CHECK(g_game.conditional_powers() == (1u << power("China")));
  CHECK(g_game.covered_powers() == (1u << power("China")));
  CHECK_FALSE(g_game.has_choice(power("China")));
  REQUIRE(g_game.pending_orders().size() == 1);
  CHECK(g_game.pending_orders()[0].to == prov("YUN"));
  REQUIRE(g_game.adjudicate());
  const PhaseResults& retreat = g_game.history(1).results;
  REQUIRE(retreat.results.size() == 1);
  CHECK(retreat.results[0].conditional);
  ResultText text;
  describe_result(g_map, retreat.results[0], OrderStyle::Judge, text);
  CHECK(text.view() == "China: A can - yun (conditional): succeeded");
  CHECK(g_game.history(0).conditions.size() == 1);  // kept with the movement phase

  // Fall 1870: both adjustments planned; France gains Canton, China loses it.
  REQUIRE(g_game.phase().season == Season::Fall);
  REQUIRE(g_game.submit_conditions(power("France"), read_conditions(g_game, "France: If 1 build: build A TON")));
  REQUIRE(g_game.submit_conditions(power("China"), read_conditions(g_game, "China: If 1 disband: disband A YUN")));
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.phase().kind == PhaseKind::Adjustment);
  CHECK(g_game.covered_powers() == ((1u << power("China")) | (1u << power("France"))));
  for (PowerId p = 0; p < g_map.power_count(); ++p) CHECK_FALSE(g_game.has_choice(p));
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.phase().kind == PhaseKind::Movement);
  CHECK(g_game.phase().year == 1871);
  CHECK(g_game.position().units[prov("TON")].power == power("France"));
  CHECK_FALSE(g_game.position().units[prov("YUN")].present());
  CHECK(g_game.conditions().empty());  // they lasted their movement phase's turn only

  // The record keeps them, and replays.
  static BufferSink<1 << 16> sink_buf;
  sink_buf.size = 0;
  TextSink sink = sink_buf.sink();
  REQUIRE(write_record(g_game, "colonial", sink));
  std::string_view record = sink_buf.view();
  CHECK(record.find("condition China: If A can is dislodged, retreat yun, chu") != std::string_view::npos);
  CHECK(record.find("order France: Build A ton => succeeded conditional") != std::string_view::npos);
  RecordError err;
  REQUIRE_MESSAGE(read_record(record, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(verify_record(g_loaded, g_scratch, err));
  // The export gives the conditionals, not the orders they gave; the import
  // plays the same game.
  sink_buf.size = 0;
  sink = sink_buf.sink();
  REQUIRE(export_judge_text(g_game, sink));
  std::string exported(sink_buf.view());
  CHECK(exported.find("China: If A can is dislodged, retreat yun, chu") != std::string::npos);
  CHECK(exported.find("Build A ton") == std::string::npos);
  REQUIRE_MESSAGE(import_judge_text(exported, g_map, seasons(), g_loaded, err), err.message.c_str());
  CHECK(g_loaded.position() == g_game.position());
}

TEST_CASE("conditionals: impossible at adjudication - skipped with a note, the power asked as usual") {
  fresh_map();
  g_game.start(g_map, seasons());
  // Yunnan is taken by a French army the same turn: the first choice is
  // gone, Chungking is taken.
  REQUIRE(g_game.submit_conditions(power("China"),
                                   read_conditions(g_game, "China: If CAN is dislodged, retreat YUN, CHU")));
  static Position start;
  start = g_game.position();
  start.units[prov("MAY")] = Unit{UnitType::Army, power("France"), Coast::None};
  start.units[prov("CHU")] = Unit{UnitType::Army, power("China"), Coast::None};
  g_game.start_from(g_map, seasons(), start);
  REQUIRE(g_game.submit_conditions(power("China"),
                                   read_conditions(g_game, "China: If CAN is dislodged, retreat YUN, CHU")));
  dislodge_canton();
  play("France", {"A TON-CAN", "A MAY-YUN"});
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.phase().kind == PhaseKind::Retreat);
  // Both retreats of the list are impossible: noted, and China is asked.
  CHECK(g_game.conditional_powers() == 0);
  CHECK(g_game.covered_powers() == 0);
  CHECK(g_game.has_choice(power("China")));
  REQUIRE(g_game.skipped_conditions().size() == 2);
  CHECK(g_game.skipped_conditions()[0].reason == VoidReason::RetreatOccupied);
  ResultText text;
  describe_skipped(g_map, g_game.skipped_conditions()[0], OrderStyle::Judge, text);
  CHECK(text.view().find("China: A can - yun (conditional): skipped, no longer possible") == 0);
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.history(1).skipped.size() == 2);  // kept with the phase

  // A build on a home colony still occupied at the count: skipped with its
  // reason, and France is asked as usual.
  fresh_map();
  g_game.start(g_map, seasons());
  dislodge_canton();
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.adjudicate());  // China's army had no conditional: disbanded for want of an order
  REQUIRE(g_game.submit_conditions(power("France"), read_conditions(g_game, "France: If 1 build: build F ANN")));
  REQUIRE(g_game.adjudicate());
  REQUIRE(g_game.phase().kind == PhaseKind::Adjustment);
  CHECK(g_game.has_choice(power("France")));
  REQUIRE(g_game.skipped_conditions().size() == 1);
  CHECK(g_game.skipped_conditions()[0].reason == VoidReason::BuildOccupied);
  play("France", {"Build A TON"});
  REQUIRE(g_game.adjudicate());
  CHECK(g_game.position().units[prov("TON")].power == power("France"));
  CHECK_FALSE(g_game.history(g_game.history_size() - 1).results.results[0].conditional);
}

}  // namespace colonial::test::conditions_test
