// The order parser: what players write, and what they are told when it
// cannot be read.
#include "test_notation_fixture.h"

using namespace colonial;
using namespace colonial::test;

namespace {
const Map& colonial_map() { return builtin_map("colonial"); }
const Map& standard_map() { return builtin_map("standard"); }
}  // namespace

TEST_CASE("notation: the rulebook's order notation") {
  const Map& m = colonial_map();
  CHECK(judge(m, "A TAB—BAG") == "A tab - bag");
  CHECK(judge(m, "A TAB–BAG") == "A tab - bag");  // en dash
  CHECK(judge(m, "A TAB-BAG") == "A tab - bag");
  CHECK(judge(m, "A TAB -> BAG") == "A tab - bag");
  CHECK(judge(m, "A TAB to BAG") == "A tab - bag");
  CHECK(judge(m, "A MOS H") == "A mos H");
  CHECK(judge(m, "A MOS") == "A mos H");
  CHECK(judge(m, "F HK S F GOS—SCS") == "F hon S F gos - scs");
  CHECK(judge(m, "F JS C A SUM—BOR") == "F jvs C A sum - bor");
  CHECK(judge(m, "A ANG S F CON") == "A ang S F con");
  CHECK(judge(m, "A ANG S F CON H") == "A ang S F con");
  CHECK(judge(m, "F UP S F YS—SOJ") == "F upp S F yel - soj");
  CHECK(judge(m, "F SUN.S S Dutch F AND.S—JS") == "F sun S Dutch F and - jvs");
  CHECK(judge(m, "A U.BUR S BRITISH A RAN—MAY") == "A bur S British A ran - may");
  CHECK(judge(m, "F EGY S F TURK. MED—RS") == "F egy S Turkish F med - red");
  CHECK(judge(m, "A CAN S A FRA TON") == "A can S French A ton");
  CHECK(judge(m, "A N.SAM—MAY") == "A sia - may");
  CHECK(judge(m, "F SUL.S H") == "F sul H");
  CHECK(judge(m, "F CEBU—SUL.S.") == "F ceb - sul");
  CHECK(judge(m, "A YUN-U.BUR") == "A yun - bur");
  CHECK(judge(m, "a yun-u.bur") == "A yun - bur");
  CHECK(judge(m, "F ARA.S S A RAJ—KAR") == "F ars S A raj - kar");
  CHECK(judge(m, "A P.ART—MAC") == "A por - mac");
  CHECK(judge(m, "A MOS-TSR-IRK") == "A mos - TSR - irk");
  CHECK(judge(m, "A SWE-NWY via convoy").rfind("error:", 0) == 0);  // not on this board
  CHECK(judge(m, "A SUM—RAN via convoy") == "A sum - ran via convoy");
  CHECK(judge(m, "A SUM—RAN by convoy") == "A sum - ran via convoy");
}

TEST_CASE("notation: full names, judge codes, case and unit types") {
  const Map& m = colonial_map();
  CHECK(judge(m, "Fleet Bay of Bengal - Andaman Sea") == "F bob - and");
  CHECK(judge(m, "fleet southeast indian ocean -> east indian ocean") == "F sio - eio");
  CHECK(judge(m, "F Gulf of Manaar S F Bay of Bengal - Andaman Sea") == "F gom S F bob - and");
  CHECK(judge(m, "army hong kong hold") == "A hon H");
  CHECK(judge(m, "F hon - scs") == "F hon - scs");
  CHECK(judge(m, "F HON—SCHS") == "F hon - scs");  // njudge code
  CHECK(judge(m, "F Port-Arthur - YS") == "F por - yel");
  CHECK(judge(m, "TAB-BAG") == "tab - bag");  // no position: type unknown
  CHECK(judge(m, "Army in Tabriz moves to Baghdad") == "A tab - bag");
  CHECK(judge(m, "A(TAB) - BAG") == "A tab - bag");
}

TEST_CASE("notation: coasts") {
  const Map& m = colonial_map();
  CHECK(judge(m, "F ARB/nc - PGF") == "F arb/nc - pgf");
  CHECK(judge(m, "F ARB(nc) - PGF") == "F arb/nc - pgf");
  CHECK(judge(m, "F ARB nc - PGF") == "F arb/nc - pgf");
  CHECK(judge(m, "F Arabia north coast - Persian Gulf") == "F arb/nc - pgf");
  CHECK(judge(m, "F BAN (East) - GOS") == "F ban/ec - gos");
  CHECK(judge(m, "F GOS - BAN/ec") == "F gos - ban/ec");
  // A fleet reaches Bangkok from the Gulf of Siam by the east coast only.
  CHECK(judge(m, "F GOS - BAN") == "F gos - ban/ec");
  CHECK(judge(m, "F AND - BAN") == "F and - ban/wc");
  Reading r = read_order(m, "F ARB/ec - PGF");
  CHECK(r.error == ParseErrorKind::UnknownCoast);
  CHECK(r.text == "Arabia has no east coast; its coasts are nc and sc");
  r = read_order(m, "F HK/nc - SCS");
  CHECK(r.error == ParseErrorKind::UnknownCoast);
  CHECK(r.text == "Hong Kong has no separate coasts; leave out '/nc'");
  const Map& s = standard_map();
  CHECK(judge(s, "F spa/sc - wes") == "F spa/sc - wes");
  CHECK(judge(s, "F stp/nc - bar") == "F stp/nc - bar");
  CHECK(judge(s, "F St. Petersburg (north coast) H") == "F stp/nc H");
}

TEST_CASE("notation: power prefixes and nationalities") {
  const Map& m = colonial_map();
  CHECK(judge(m, "Britain: F HK S F GOS—SCS") == "Britain: F hon S F gos - scs");
  CHECK(judge(m, "BRITAIN: A RAN-MAY") == "Britain: A ran - may");
  CHECK(judge(m, "british: A RAN-MAY") == "Britain: A ran - may");
  CHECK(judge(m, "B: A RAN-MAY") == "Britain: A ran - may");  // the power's letter
  CHECK(judge(m, "Turkey F EGY S British F RS-MED") == "Turkey: F egy S British F red - med");
  CHECK(judge(m, "Turkish A EGY-SUD") == "Turkey: A egy - sud");
  Reading r = read_order(m, "Britian: A RAN-MAY");
  CHECK(r.error == ParseErrorKind::UnknownPower);
  CHECK(r.text == "no power 'Britian' - did you mean Britain?");
  // Power names that are also province names (Standard: ENG, English Channel).
  const Map& st = standard_map();
  CHECK(judge(st, "English Channel - North Sea") == "eng - nth");
  CHECK(judge(st, "ENG - NTH") == "eng - nth");
  CHECK(judge(st, "Eng F LON - NTH") == "England: F lon - nth");
  CHECK(judge(st, "F NTH S English Channel - LON") == "F nth S eng - lon");
  CHECK(judge(st, "F NTH S ENG") == "F nth S eng");
  CHECK(judge(st, "F NTH S Eng F LON") == "F nth S English F lon");
  r = read_order(m, "Zulu: A RAN-MAY");
  CHECK(r.error == ParseErrorKind::UnknownPower);
  CHECK(r.text.find("the powers are Britain, China") != std::string::npos);
  // The context's power and the prefix disagree.
  r = read_order(m, "France: A RAN-MAY", PhaseKind::Movement, nullptr, power_named(m, "Britain"));
  CHECK(r.error == ParseErrorKind::WrongPower);
  CHECK(r.text == "these orders are for Britain, not France");
}

TEST_CASE("notation: the Suez canal permission and the railroad") {
  const Map& m = colonial_map();
  Reading r = read_order(m, "SC F MED-RS");
  REQUIRE(r.ok);
  CHECK(r.order.kind == OrderKind::CanalPermit);
  CHECK(r.order.at == province_named(m, "EGY"));
  CHECK(r.order.other_unit == UnitType::Fleet);
  CHECK(r.order.other_at == province_named(m, "MED"));
  CHECK(r.order.to == province_named(m, "RED"));
  CHECK(judge(m, "SC British F RS-MED") == "SC British F red - med");
  CHECK(judge(m, "F EGY SC British F RS—MED") == "F egy SC British F red - med");
  CHECK(judge(m, "SC F Mediterranean Sea - Red Sea") == "SC F med - red");
  r = read_order(m, "SC F BOB-AND");
  CHECK(r.error == ParseErrorKind::NoCanal);
  CHECK(r.text == "no canal joins Bay of Bengal and Andaman Sea; SC lets a fleet through the Suez canal (MED-RED)");
  r = read_order(m, "A MOS-TSR-VLA");
  REQUIRE(r.ok);
  CHECK(r.order.kind == OrderKind::RailMove);
  CHECK(r.order.to == province_named(m, "VLA"));
  CHECK(read_order(m, "A MOS-TSR-IRK", PhaseKind::Retreat).error == ParseErrorKind::Syntax);
  // Other ways judges and test files write the railroad.
  for (const char* line : {"A MOS TSR IRK", "A MOS-IRK via TSR", "A MOS - IRK TSR", "A MOS TSR-IRK"}) {
    CAPTURE(line);
    CHECK(judge(m, line) == "A mos - TSR - irk");
  }
  // A support of a railroad move, as the rulebook writes it (9.26) or
  // naming the railroad: the same order.
  CHECK(judge(m, "A VLA S A MOS-IRK") == "A vla S A mos - irk");
  CHECK(judge(m, "A VLA S A MOS-TSR-IRK") == "A vla S A mos - irk");
  CHECK(judge(m, "A VLA S A MOS - TSR - IRK") == "A vla S A mos - irk");
}

TEST_CASE("notation: with a position the parser finds the unit") {
  const Map& m = colonial_map();
  Position pos;
  set_start_position(m, pos);
  CHECK(judge(m, "HK - SCS", PhaseKind::Movement, &pos) == "Britain: F hon - scs");
  CHECK(judge(m, "DEL - LUC", PhaseKind::Movement, &pos) == "Britain: A del - luc");
  CHECK(judge(m, "F BOM S DEL - KAR", PhaseKind::Movement, &pos) == "Britain: F bom S A del - kar");
  Reading r = read_order(m, "A HK - SCS", PhaseKind::Movement, &pos);
  CHECK(r.error == ParseErrorKind::NoUnit);
  CHECK(r.text == "there is no army in Hong Kong (the unit there is a fleet)");
  r = read_order(m, "A LUC - DEL", PhaseKind::Movement, &pos);
  CHECK(r.error == ParseErrorKind::NoUnit);
  CHECK(r.text == "there is no army in Lucknow");
  r = read_order(m, "France: F HK - SCS", PhaseKind::Movement, &pos);
  CHECK(r.error == ParseErrorKind::WrongPower);
  CHECK(r.text == "the fleet in Hong Kong is British, not French");
  r = read_order(m, "F HK - SCS", PhaseKind::Movement, &pos, power_named(m, "France"));
  CHECK(r.error == ParseErrorKind::WrongPower);
  // The Egypt holder's permission picks up its unit.
  place(m, pos, "Turkey", UnitType::Army, "EGY");
  CHECK(judge(m, "Turkey: SC British F RS-MED", PhaseKind::Movement, &pos) == "Turkey: A egy SC British F red - med");
  // A fleet on a split coast: the coast comes from the position.
  place(m, pos, "Turkey", UnitType::Fleet, "ARB", Coast::North);
  CHECK(judge(m, "F ARB - PGF", PhaseKind::Movement, &pos) == "Turkey: F arb/nc - pgf");
  // A wrongly written coast still names the fleet (DATC 6.B.10); the move is
  // judged from where it really is.
  CHECK(judge(m, "F ARB/sc - GOA", PhaseKind::Movement, &pos) == "Turkey: F arb/nc - goa");
  // Coasts mean nothing to armies (DATC 6.B.12).
  CHECK(judge(m, "A MEC - ARB/nc") == "A mec - arb");
  CHECK(judge(m, "F RED C A MEC - ARB/sc") == "F red C A mec - arb");
  CHECK(judge(m, "A SYR S A MEC - ARB/sc") == "A syr S A mec - arb");
  CHECK(judge(m, "F PGF S F BAG - ARB/nc") == "F pgf S F bag - arb/nc");
}

TEST_CASE("notation: retreats") {
  const Map& m = colonial_map();
  Position pos;
  ProvinceId ben = province_named(m, "BEN");
  pos.dislodged[ben].unit = Unit{UnitType::Army, power_named(m, "Britain"), Coast::None};
  CHECK(judge(m, "A BEN—NEP", PhaseKind::Retreat, &pos) == "Britain: A ben - nep");
  CHECK(read_order(m, "A BEN—NEP", PhaseKind::Retreat, &pos).order.kind == OrderKind::Retreat);
  CHECK(judge(m, "A BEN R NEP", PhaseKind::Retreat, &pos) == "Britain: A ben - nep");
  CHECK(judge(m, "BEN retreats to Nepal", PhaseKind::Retreat, &pos) == "Britain: A ben - nep");
  CHECK(judge(m, "A BEN disband", PhaseKind::Retreat, &pos) == "Britain: A ben disband");
  CHECK(judge(m, "Disband A BEN", PhaseKind::Retreat, &pos) == "Britain: A ben disband");
  CHECK(judge(m, "A BEN D", PhaseKind::Retreat, &pos) == "Britain: A ben disband");
  Reading r = read_order(m, "A BEN", PhaseKind::Retreat, &pos);
  CHECK(r.error == ParseErrorKind::Syntax);
  CHECK(r.text == "say where the unit in Bengal retreats (A BEN-NEP) or disband it (A BEN disband)");
  r = read_order(m, "A DEL - NEP", PhaseKind::Retreat, &pos);
  CHECK(r.error == ParseErrorKind::NoUnit);
  CHECK(r.text == "no army was dislodged in Delhi");
  r = read_order(m, "F BEN - BOB", PhaseKind::Retreat, &pos);
  CHECK(r.error == ParseErrorKind::NoUnit);
  CHECK(r.text == "no fleet was dislodged in Bengal (the dislodged unit there is an army)");
  r = read_order(m, "A BEN R NEP", PhaseKind::Movement);
  CHECK(r.error == ParseErrorKind::WrongPhase);
  CHECK(r.text == "retreats are ordered only in retreat phases, not in a movement phase");
  r = read_order(m, "A BEN H", PhaseKind::Retreat, &pos);
  CHECK(r.error == ParseErrorKind::WrongPhase);
}

TEST_CASE("notation: adjustments") {
  const Map& m = colonial_map();
  Position pos;
  set_start_position(m, pos);
  constexpr PhaseKind adj = PhaseKind::Adjustment;
  CHECK(judge(m, "Build A OMSK", adj) == "Build A oms");
  CHECK(judge(m, "A OMSK", adj) == "Build A oms");
  CHECK(judge(m, "F SUM", adj) == "Build F sum");
  CHECK(judge(m, "build fleet in Sumatra", adj) == "Build F sum");
  CHECK(judge(m, "Build OMSK", adj) == "Build A oms");  // inland: an army
  Reading r = read_order(m, "Build SUM", adj);
  CHECK(r.error == ParseErrorKind::Syntax);
  CHECK(r.text == "say which unit to build in Sumatra: Build A SUM or Build F SUM");
  CHECK(judge(m, "Disband A ANG", adj, &pos) == "Turkey: A ang disband");
  CHECK(judge(m, "Remove A ANG", adj, &pos) == "Turkey: A ang disband");
  CHECK(judge(m, "Remove ANG", adj, &pos) == "Turkey: A ang disband");
  CHECK(judge(m, "Waive", adj) == "Waive");
  CHECK(judge(m, "Britain: waive", adj) == "Britain: Waive");
  r = read_order(m, "Build A OMSK", PhaseKind::Movement);
  CHECK(r.error == ParseErrorKind::WrongPhase);
  CHECK(r.text == "builds are ordered only in adjustment phases, not in a movement phase");
  r = read_order(m, "Disband A LUC", adj, &pos);
  CHECK(r.error == ParseErrorKind::NoUnit);
}

TEST_CASE("notation: unknown and ambiguous names get suggestions") {
  const Map& m = colonial_map();
  Reading r = read_order(m, "F SUNDS - JS");
  CHECK(r.error == ParseErrorKind::UnknownProvince);
  CHECK(r.column == 2);
  CHECK(r.text == "no province 'SUNDS' - did you mean SUN.S. (Sunda Sea)?");
  r = read_order(m, "F Bay of Bengla - AS");
  CHECK(r.error == ParseErrorKind::UnknownProvince);
  CHECK(r.text == "no province 'Bay of Bengla' - did you mean Bay of Bengal (BOB)?");
  r = read_order(m, "A MAN - PEK");
  CHECK(r.error == ParseErrorKind::AmbiguousProvince);
  // Every province MAN is written for: Manchuria, Gulf of Manaar, Mandalay, Manila.
  CHECK(r.text ==
        "'MAN' could be Manchuria (MAC), Gulf of Manaar (GOM), Mandalay (MAY) or Manila (MNA); write MAC, GOM, MAY "
        "or MNA");
  r = read_order(m, "A XQZW - PEK");
  CHECK(r.error == ParseErrorKind::UnknownProvince);
  CHECK(r.text == "no province 'XQZW' on this map");
  r = read_order(m, "A DEL - Lucnow");
  CHECK(r.error == ParseErrorKind::UnknownProvince);
  CHECK(r.text == "no province 'Lucnow' - did you mean Lucknow (LUC)?");
}

TEST_CASE("notation: syntax errors say what was expected") {
  const Map& m = colonial_map();
  Reading r = read_order(m, "");
  CHECK(r.error == ParseErrorKind::Empty);
  r = read_order(m, "   # only a comment");
  CHECK(r.error == ParseErrorKind::Empty);
  r = read_order(m, "A DEL ---> LUC");
  CHECK(r.error == ParseErrorKind::Syntax);
  CHECK(r.text == "'--->' is not a move arrow; write '-' (or '->', '—', 'to')");
  // What the player typed is quoted as typed: an em dash stays an em dash,
  // only control characters and broken UTF-8 become '?'.
  r = read_order(m, "A DEL \u2014=\u2014 LUC");
  CHECK(r.error == ParseErrorKind::Syntax);
  CHECK(r.text == "'\u2014=\u2014' is not a move arrow; write '-' (or '->', '\u2014', 'to')");
  r = read_order(m, "A DEL - Lucknöw\xff");
  CHECK(r.error == ParseErrorKind::UnknownProvince);
  CHECK(r.text == "no province 'Lucknöw?' - did you mean Lucknow (LUC)?");
  r = read_order(m, "A DEL X LUC");
  CHECK(r.error == ParseErrorKind::Syntax);
  CHECK(r.text == "expected an order after the unit (H, S, C, '-' and a province), found 'X'");
  r = read_order(m, "A DEL -");
  CHECK(r.error == ParseErrorKind::Syntax);
  CHECK(r.text == "expected a destination province at the end");
  r = read_order(m, "A DEL - LUC LUC");
  CHECK(r.error == ParseErrorKind::Syntax);
  CHECK(r.text == "unexpected 'LUC' after the order 'A DEL - LUC'");
  r = read_order(m, "F RS C A EGY");
  CHECK(r.error == ParseErrorKind::Syntax);
  r = read_order(m, "DRAW");
  CHECK(r.error == ParseErrorKind::NotAnOrder);
  std::string huge(kMaxOrderTextLength + 1, 'A');
  CHECK(read_order(m, huge).error == ParseErrorKind::TooLong);
}

TEST_CASE("notation: several orders on a line") {
  const Map& m = colonial_map();
  ParseContext ctx;
  ctx.map = &m;
  ParsedOrders orders;
  ParseError err;
  REQUIRE(parse_order_line(ctx, "BRITAIN: A RAN-MAY, F GOS-SCS, F HK S F GOS—SCS", orders, err));
  REQUIRE(orders.size() == 3);
  CHECK(orders[2].kind == OrderKind::Support);
  CHECK(orders[2].power == power_named(m, "Britain"));
  REQUIRE(parse_order_line(ctx, "A SHA—KYU F YS C A SHA—KYU", orders, err));
  REQUIRE(orders.size() == 2);
  CHECK(orders[1].kind == OrderKind::Convoy);
  ctx.phase = PhaseKind::Adjustment;
  REQUIRE(parse_order_line(ctx, "A OMSK F SUM", orders, err));
  REQUIRE(orders.size() == 2);
  CHECK(orders[1].kind == OrderKind::Build);
  CHECK(orders[1].unit == UnitType::Fleet);
  ctx.phase = PhaseKind::Movement;
  // The Egypt unit's own order and its power's canal permission (9.34), in
  // one submission: after a comma, or straight after the order.
  REQUIRE(parse_order_line(ctx, "Turkey: A EGY-SUD, SC British F RS-MED", orders, err));
  REQUIRE(orders.size() == 2);
  CHECK(orders[0].kind == OrderKind::Move);
  CHECK(orders[1].kind == OrderKind::CanalPermit);
  CHECK(orders[1].at == province_named(m, "EGY"));
  REQUIRE(parse_order_line(ctx, "F EGY S F MED-RS SC British F RS-MED", orders, err));
  REQUIRE(orders.size() == 2);
  CHECK(orders[0].kind == OrderKind::Support);
  CHECK(orders[1].kind == OrderKind::CanalPermit);
  REQUIRE(parse_order_line(ctx, "F EGY SC British F RS-MED", orders, err));
  REQUIRE(orders.size() == 1);
  CHECK(orders[0].kind == OrderKind::CanalPermit);
  CHECK_FALSE(parse_order_line(ctx, "A RAN-MAY, F GOZ-SCS", orders, err));
  CHECK(orders.size() == 1);
  CHECK(err.kind == ParseErrorKind::UnknownProvince);
  CHECK(err.column == 13);
}

TEST_CASE("notation: glued words from hand-written or scanned orders") {
  const Map& m = colonial_map();
  CHECK(judge(m, "FJAVA") == "F jav H");
  CHECK(judge(m, "FCEYSF GOM-AND") == "F cey S F gom - and");
  CHECK(judge(m, "F RSC A ERI-ADE") == "F red C A eri - ade");
}

TEST_CASE("notation: statements - votes and conditionals") {
  const Map& m = colonial_map();
  ParseContext ctx;
  ctx.map = &m;
  Statement s;
  ParseError err;
  REQUIRE(parse_statement(ctx, "DRAW", s, err));
  CHECK(s.kind == StatementKind::Draw);
  REQUIRE(parse_statement(ctx, "France: draw", s, err));
  CHECK(s.kind == StatementKind::Draw);
  CHECK(s.power == power_named(m, "France"));
  REQUIRE(parse_statement(ctx, "SURRENDER", s, err));
  CHECK(s.kind == StatementKind::Surrender);
  REQUIRE(parse_statement(ctx, "A TAB-BAG", s, err));
  CHECK(s.kind == StatementKind::Order);
  CHECK(s.order.kind == OrderKind::Move);

  const Map& st = standard_map();
  ctx.map = &st;
  REQUIRE(parse_statement(ctx, "If MUN is dislodged, retreats (in order of preference): BER, KIE", s, err));
  CHECK(s.kind == StatementKind::Conditional);
  REQUIRE(s.conditions.size() == 1);
  const Condition& c = s.conditions[0];
  CHECK(c.kind == ConditionKind::Dislodged);
  CHECK(c.at == province_named(st, "MUN"));
  REQUIRE(c.orders.size() == 2);
  CHECK(c.orders[0].kind == OrderKind::Retreat);
  CHECK(c.orders[0].to == province_named(st, "BER"));
  CHECK(c.orders[1].to == province_named(st, "KIE"));

  REQUIRE(parse_statement(ctx,
                          "England: If two Supply Centers are gained, build A LON and F EDI; if only one is gained, "
                          "build F LON",
                          s, err));
  REQUIRE(s.conditions.size() == 2);
  CHECK(s.conditions[0].kind == ConditionKind::Builds);
  CHECK(s.conditions[0].power == power_named(st, "England"));
  CHECK(s.conditions[0].count == 2);
  REQUIRE(s.conditions[0].orders.size() == 2);
  CHECK(s.conditions[0].orders[1].unit == UnitType::Fleet);
  CHECK(s.conditions[0].orders[1].at == province_named(st, "EDI"));
  CHECK(s.conditions[1].count == 1);
  REQUIRE(s.conditions[1].orders.size() == 1);
  CHECK(s.conditions[1].orders[0].kind == OrderKind::Build);

  REQUIRE(parse_statement(ctx, "if 1 centre is lost, remove F LON", s, err));
  CHECK(s.conditions[0].kind == ConditionKind::Disbands);
  CHECK(s.conditions[0].orders[0].kind == OrderKind::Disband);

  // The adjustment form keyed on the count, the verbs optional after the
  // first, a waive among builds.
  ctx.map = &m;
  REQUIRE(parse_statement(ctx, "France: If 2 builds: build A TON, F ANN; if 1 build: build A TON", s, err));
  REQUIRE(s.conditions.size() == 2);
  CHECK(s.conditions[0].kind == ConditionKind::Builds);
  CHECK(s.conditions[0].count == 2);
  REQUIRE(s.conditions[0].orders.size() == 2);
  CHECK(s.conditions[0].orders[1].kind == OrderKind::Build);
  CHECK(s.conditions[0].orders[1].unit == UnitType::Fleet);
  CHECK(s.conditions[0].orders[1].power == power_named(m, "France"));
  CHECK(s.conditions[1].count == 1);
  REQUIRE(parse_statement(ctx, "If 1 disband: disband F ANN", s, err));
  CHECK(s.conditions[0].kind == ConditionKind::Disbands);
  CHECK(s.conditions[0].orders[0].kind == OrderKind::Disband);
  REQUIRE(parse_statement(ctx, "if two builds, A TON and waive", s, err));
  REQUIRE(s.conditions[0].orders.size() == 2);
  CHECK(s.conditions[0].orders[1].kind == OrderKind::Waive);
  CHECK_FALSE(parse_statement(ctx, "If 2 builds: disband F ANN", s, err));
  CHECK(err.message.view().find("lists builds") != std::string_view::npos);
  ctx.map = &st;

  REQUIRE(parse_statement(ctx, "If A MUN is dislodged, retreat BOH or disband", s, err));
  REQUIRE(s.conditions[0].orders.size() == 2);
  CHECK(s.conditions[0].orders[1].kind == OrderKind::Disband);

  CHECK_FALSE(parse_statement(ctx, "If MUN is taken, retreat BER", s, err));
  CHECK(err.kind == ParseErrorKind::Syntax);
  CHECK_FALSE(parse_statement(ctx, "If MNU is dislodged, retreat BER", s, err));
  CHECK(err.kind == ParseErrorKind::UnknownProvince);
}

TEST_CASE("notation: statements round-trip through their text") {
  const Map& st = standard_map();
  ParseContext ctx;
  ctx.map = &st;
  for (const char* line : {"DRAW", "Germany: SURRENDER", "If MUN is dislodged, retreat BER, KIE, disband",
                           "England: If two Supply Centers are gained, build A LON and F EDI; if one is gained, build "
                           "F LON",
                           "if 1 centre is lost, remove F LON and A LVP", "Russia: F stp/sc - bot",
                           "England: If 2 builds: build A LON, F EDI; if 1 build: build F LON",
                           "If 1 disband: disband F LON", "if two builds, A LON and waive"}) {
    CAPTURE(line);
    Statement s, again;
    ParseError err;
    REQUIRE(parse_statement(ctx, line, s, err));
    for (OrderStyle style : {OrderStyle::Rulebook, OrderStyle::Judge}) {
      StatementText text;
      format_statement(st, s, style, text);
      CAPTURE(text.c_str());
      REQUIRE(parse_statement(ctx, text.view(), again, err));
      CHECK(again == s);
    }
  }
}
