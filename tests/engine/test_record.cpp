// The game record: write, read back identical, verify by replay, survive
// damage with a line number, export and import judge text.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "game.h"
#include "map.h"
#include "notation.h"
#include "record.h"

using namespace colonial;

// Named, so that its helpers stay apart from other files' in a unity build.
namespace record_test {

namespace {

Map g_map;
Game g_game, g_loaded, g_scratch;
BufferSink<1 << 20> g_text;

void load(const char* name) {
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text(name), name, g_map, errors));
}

// Parses and submits "Power: order" lines for the current phase.
void play(std::initializer_list<const char*> lines) {
  for (PowerId p = 0; p < g_map.power_count(); ++p) {
    OrderList mine;
    for (const char* text : lines) {
      ParseContext ctx;
      ctx.map = &g_map;
      ctx.position = &g_game.position();
      ctx.phase = g_game.phase().kind;
      Order o;
      ParseError err;
      INFO(text << " -> " << err.message.c_str());
      REQUIRE(parse_order(ctx, text, o, err));
      if (o.power == p) mine.push_back(o);
    }
    if (!mine.empty()) REQUIRE(g_game.submit(p, mine));
  }
  REQUIRE(g_game.adjudicate());
}

// Hands in one order ("Power: order") for the current phase, not played.
void hand_in(PowerId power, const char* text) {
  ParseContext ctx;
  ctx.map = &g_map;
  ctx.position = &g_game.position();
  Order o;
  ParseError err;
  REQUIRE(parse_order(ctx, text, o, err));
  OrderList orders;
  orders.push_back(o);
  REQUIRE(g_game.submit(power, orders));
}

// A short Colonial game with a dislodgement, a retreat and an adjustment.
void play_sample_game() {
  load("colonial");
  GameSettings s;
  s.rules.map_options = g_map.default_options();
  s.rules.calendar = Calendar::Biennial1995;
  s.victory_colonies = 30;
  s.rules.no_retreat_to_convoy_origin = true;  // a rulebook reading, kept by the record
  s.timer_seconds[0] = 900;
  s.player_names[0].assign("Alice Smith");
  // Two seats played by the computer, kept by the record.
  s.computer_powers = (1u << 2) | (1u << 6);
  s.computer_level[2] = BotLevel::Hard;
  s.computer_level[6] = BotLevel::Easy;
  g_game.start(g_map, s);
  play({"Russia: A VLA - SEO", "Russia: A OMS - ORE", "China: A MAC - POR", "Japan: F KYU - YS"});
  play({"Russia: A ORE - TAS", "Britain: F HK S F SIN - SCS", "Britain: F SIN - SCS"});
  // 1872 counted: Russia builds.
  play({"Russia: Build A OMS"});
  g_game.vote_draw(0, true);
  hand_in(0, "Britain: F HK H");
}

bool same_game(const Game& a, const Game& b) {
  if (!(a.settings() == b.settings()) || !(a.position() == b.position()) || !(a.result() == b.result())) return false;
  if (a.history_size() != b.history_size()) return false;
  for (int i = 0; i < a.history_size(); ++i)
    if (!(a.history(i) == b.history(i))) return false;
  return a.pending_orders() == b.pending_orders() && a.draw_votes() == b.draw_votes() &&
         a.timer_used() == b.timer_used() && a.done_without_orders() == b.done_without_orders();
}

std::string_view write_sample() {
  g_text.size = 0;
  TextSink sink = g_text.sink();
  REQUIRE(write_record(g_game, "colonial", sink));
  return g_text.view();
}

}  // namespace

TEST_CASE("a record reads back to the same game, and verifies by replay") {
  play_sample_game();
  CHECK(g_game.history_size() == 3);
  std::string_view text = write_sample();
  CHECK(record_variant(text) == "colonial");
  RecordError err;
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(same_game(g_game, g_loaded));
  CHECK(verify_record(g_loaded, g_scratch, err));
  // Human-readable: phase headings and typed results are there as text.
  CHECK(text.find("phase 1870 Movement") != std::string_view::npos);
  CHECK(text.find("current 1874 Movement") != std::string_view::npos);
  CHECK(text.find("=> bounced") != std::string_view::npos);
  CHECK(text.find("player Britain \"Alice Smith\"") != std::string_view::npos);
  CHECK(text.find(" convoy-all-routes=off no-retreat-to-convoy-origin=on") != std::string_view::npos);
  CHECK(g_loaded.settings().rules.no_retreat_to_convoy_origin);
  CHECK(text.find("\ncomputer France=hard Turkey=easy\n") != std::string_view::npos);
  CHECK(g_loaded.settings().computer_powers == ((1u << 2) | (1u << 6)));
  CHECK(g_loaded.settings().computer_level[2] == BotLevel::Hard);
}

TEST_CASE("a record with a computer seat of no known level is refused at its line") {
  play_sample_game();
  std::string text(write_sample());
  const std::size_t at = text.find("computer France=hard");
  REQUIRE(at != std::string::npos);
  text.replace(at, 20, "computer France=wise");
  RecordError err;
  CHECK_FALSE(read_record(text, g_map, g_loaded, g_scratch, err));
  CHECK(err.line > 0);
  CHECK(std::strstr(err.message.c_str(), "France=wise") != nullptr);
}

TEST_CASE("a player's name reads back whatever was typed (quotes, backslashes, control characters)") {
  play_sample_game();
  GameSettings s = g_game.settings();
  s.player_names[1].assign("Bob \"the\" B\\uilder");
  s.player_names[2].assign("Ann\"");
  s.player_names[3].assign("tab\there\nline");
  s.table_name.assign("Table \"2\"");
  g_game.start(g_map, s);
  std::string_view text = write_sample();
  RecordError err;
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(g_loaded.settings().player_names[1].view() == "Bob \"the\" B\\uilder");
  CHECK(g_loaded.settings().player_names[2].view() == "Ann\"");
  // A line break would end the record's line: control characters become spaces.
  CHECK(g_loaded.settings().player_names[3].view() == "tab here line");
  CHECK(g_loaded.settings().table_name.view() == "Table \"2\"");
  // Written again, the record is the same text.
  static char first[1 << 16];
  std::memcpy(first, text.data(), text.size());
  const std::string_view first_text(first, text.size());
  Game& again = g_loaded;
  g_text.size = 0;
  TextSink sink = g_text.sink();
  REQUIRE(write_record(again, "colonial", sink));
  CHECK(g_text.view().substr(g_text.view().find("player")) == first_text.substr(first_text.find("player")));
}

TEST_CASE("a tampered record fails verification at the phase changed") {
  play_sample_game();
  std::string_view text = write_sample();
  static char copy[1 << 20];
  std::memcpy(copy, text.data(), text.size());
  std::string_view t(copy, text.size());
  // Claim the bounced Chinese move succeeded.
  std::size_t at = t.find("=> bounced");
  REQUIRE(at != std::string_view::npos);
  std::memcpy(copy + at, "=> cut    ", 10);
  RecordError err;
  REQUIRE(read_record(t, g_map, g_loaded, g_scratch, err));
  CHECK_FALSE(verify_record(g_loaded, g_scratch, err));
  CHECK(err.line == 1);
  CHECK(std::strstr(err.message.c_str(), "1870 Movement") != nullptr);
}

TEST_CASE("damaged records are refused with a line number and change nothing") {
  play_sample_game();
  std::string_view text = write_sample();
  RecordError err;
  // Cut off mid-write (the power went out): incomplete.
  g_loaded.start(g_map, GameSettings());
  for (std::size_t cut : {text.size() / 3, text.size() / 2, text.size() - 5}) {
    CHECK_FALSE(read_record(text.substr(0, cut), g_map, g_loaded, g_scratch, err));
    CHECK(g_loaded.history_size() == 0);
  }
  // A bad order names its line.
  static char copy[1 << 20];
  std::memcpy(copy, text.data(), text.size());
  std::string_view t(copy, text.size());
  std::size_t at = t.find("Russia: A vla - seo");
  REQUIRE(at != std::string_view::npos);
  std::memcpy(copy + at + 15, "xyz", 3);
  CHECK_FALSE(read_record(t, g_map, g_loaded, g_scratch, err));
  int line = 1;
  for (std::size_t i = 0; i < at; ++i) line += t[i] == '\n';
  CHECK(err.line == line);
  CHECK(std::strstr(err.message.c_str(), "xyz") != nullptr);
  // Not a record at all.
  CHECK_FALSE(read_record("hello\n", g_map, g_loaded, g_scratch, err));
  CHECK(err.line == 1);
  // A record of another variant.
  load("standard");
  CHECK_FALSE(read_record(text, g_map, g_loaded, g_scratch, err));
}

TEST_CASE("records survive random damage without crashing") {
  play_sample_game();
  std::string_view text = write_sample();
  static char copy[1 << 20];
  unsigned seed = 99;
  int refused = 0;
  for (int round = 0; round < 200; ++round) {
    std::memcpy(copy, text.data(), text.size());
    for (int k = 0; k < 5; ++k) {
      seed = seed * 1103515245u + 12345u;
      copy[(seed >> 8) % text.size()] = static_cast<char>(seed >> 24);
    }
    RecordError err;
    if (!read_record(std::string_view(copy, text.size()), g_map, g_loaded, g_scratch, err)) {
      ++refused;
      CHECK(!err.message.empty());
    }
  }
  CHECK(refused > 100);  // most random damage is detected by the reader alone
}

TEST_CASE("judge-notation export imports back to the same game") {
  play_sample_game();
  BufferSink<1 << 16> out;
  TextSink sink = out.sink();
  REQUIRE(export_judge_text(g_game, sink));
  INFO(std::string(out.view()));
  CHECK(out.view().starts_with("1870 Movement\n"));
  CHECK(out.view().find("\nRussia: A vla - seo\n") < out.view().find("1872 Movement"));
  CHECK(out.view().find("1872 Adjustment\nRussia: Build A oms\n") != std::string_view::npos);
  RecordError err;
  REQUIRE_MESSAGE(import_judge_text(out.view(), g_map, g_game.settings(), g_loaded, err),
                  err.line << ": " << err.message.c_str());
  CHECK(g_loaded.history_size() == g_game.history_size());
  CHECK(g_loaded.position() == g_game.position());
  // A heading out of sequence is refused with its line.
  CHECK_FALSE(import_judge_text("1870 Movement\nRussia: A mos - ore\n1876 Movement\n", g_map, g_game.settings(),
                                g_loaded, err));
  CHECK(err.line == 3);
}

TEST_CASE("outcome and reason names are distinct and round-trip") {
  for (int i = 0; i <= static_cast<int>(Outcome::Converted); ++i)
    CHECK(outcome_name(static_cast<Outcome>(i)) != "unknown");
  CHECK(outcome_name(static_cast<Outcome>(static_cast<int>(Outcome::Converted) + 1)) == "unknown");
  for (int i = 0; i <= static_cast<int>(VoidReason::ConvertAndDisband); ++i)
    CHECK(void_reason_name(static_cast<VoidReason>(i)) != "unknown");
  CHECK(void_reason_name(static_cast<VoidReason>(static_cast<int>(VoidReason::ConvertAndDisband) + 1)) == "unknown");
}

TEST_CASE("a railroad move that stops short and a closed Russia are kept in the record") {
  load("colonial");
  GameSettings s;
  s.rules.map_options = g_map.default_options();
  s.rules.calendar = Calendar::Biennial1995;
  g_game.start(g_map, s);
  // 9.25: a standoff in Irkutsk stops the army in Krasnoyarsk.
  play({"Russia: A MOS-TSR-IRK", "China: A MAC - IRK"});
  std::string_view text = write_sample();
  CHECK(text.find("A mos - TSR - irk => stopped-short at kra") != std::string_view::npos);
  CHECK(g_game.position().units[g_map.find_province("KRA").province].type == UnitType::Army);
  RecordError err;
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(same_game(g_game, g_loaded));
  CHECK(verify_record(g_loaded, g_scratch, err));

  // The two-player game: Russia's home country is closed (12.1).
  static Position start;
  PlayerSetup setup;
  REQUIRE(colonial_player_setup(g_map, 2, setup, start));
  s.unplayed_powers = setup.unplayed;
  s.rules.closed = setup.closed;
  g_game.start_from(g_map, s, start);
  text = write_sample();
  CHECK(text.find(" closed=akm,bak,irk,kir,kra,mos,ode,oms,ore,por,prm,sem,tas,vla") != std::string_view::npos);
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(g_loaded.settings().rules.closed == setup.closed);
  CHECK(same_game(g_game, g_loaded));
  // A bad province in the list is refused with its line.
  std::string bad(text);
  bad.replace(bad.find("closed=akm"), 10, "closed=xyz");
  CHECK_FALSE(read_record(bad, g_map, g_loaded, g_scratch, err));
  CHECK(err.line == 5);
}

TEST_CASE("pending SURRENDER and DRAW, surrenders played, and the time-limit ending are kept in the record") {
  play_sample_game();
  // Handed in for the current phase, not yet in force.
  g_game.hand_in_surrender(g_map.find_power("Turkey"), true);
  std::string_view text = write_sample();
  CHECK(text.find("  surrenders Turkey") != std::string_view::npos);
  CHECK(text.find("surrendered Turkey") == std::string_view::npos);
  RecordError err;
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(g_loaded.surrender_pending(g_map.find_power("Turkey")));
  CHECK_FALSE(g_loaded.surrendered(g_map.find_power("Turkey")));
  // Played: the replay carries out the orders handed in with it.
  REQUIRE(g_game.adjudicate());
  text = write_sample();
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(g_loaded.surrendered(g_map.find_power("Turkey")));
  CHECK(verify_record(g_loaded, g_scratch, err));
  // Time runs out: most units, ties shared.
  g_game.end_by_time_limit(EndMeasure::Units);
  text = write_sample();
  CHECK(text.find("result time-limit units ") != std::string_view::npos);
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(g_loaded.result() == g_game.result());
  CHECK(text.find("time-limit-by colonies") != std::string_view::npos);
}

TEST_CASE("the time used of the current phase's timer is kept in the record, and only there") {
  play_sample_game();
  // Unused: no line (records of untimed games do not change).
  std::string_view text = write_sample();
  CHECK(text.find("timer-used") == std::string_view::npos);
  g_game.set_timer_used(437);
  text = write_sample();
  const std::size_t at = text.find("  timer-used 437\n");
  REQUIRE(at != std::string_view::npos);
  CHECK(at > text.find("current 1874 Movement"));
  RecordError err;
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(g_loaded.timer_used() == 437);
  CHECK(same_game(g_game, g_loaded));
  CHECK(verify_record(g_loaded, g_scratch, err));
  // A new phase starts its timer from full.
  REQUIRE(g_loaded.adjudicate());
  CHECK(g_loaded.timer_used() == 0);
  // Bad values and a played phase's block are refused with their line.
  std::string bad(text);
  bad.replace(bad.find("timer-used 437"), 14, "timer-used -5x");
  CHECK_FALSE(read_record(bad, g_map, g_loaded, g_scratch, err));
  CHECK(std::string_view(err.message.c_str()).find("timer-used") != std::string_view::npos);
  std::string misplaced(text);
  misplaced.erase(misplaced.find("  timer-used 437\n"), 17);
  misplaced.insert(misplaced.find("\nend\n") + 1, "  timer-used 5\n");
  CHECK_FALSE(read_record(misplaced, g_map, g_loaded, g_scratch, err));
}

TEST_CASE("a power that handed in no orders is kept as handed in, until it gives orders or the phase is played") {
  play_sample_game();
  const PowerId japan = g_map.find_power("Japan");
  const PowerId china = g_map.find_power("China");
  CHECK_FALSE(g_game.handed_in(japan));
  // Done with no orders: every unit holds, and that is a choice handed in.
  REQUIRE(g_game.submit(japan, OrderList()));
  CHECK(g_game.handed_in(japan));
  CHECK_FALSE(g_game.handed_in(china));
  const std::string text(write_sample());
  const std::size_t at = text.find("  done-without-orders Japan\n");
  REQUIRE(at != std::string_view::npos);
  CHECK(at > text.find("current 1874 Movement"));
  RecordError err;
  REQUIRE_MESSAGE(read_record(text, g_map, g_loaded, g_scratch, err), err.line << ": " << err.message.c_str());
  CHECK(g_loaded.handed_in(japan));
  CHECK_FALSE(g_loaded.handed_in(china));
  CHECK(same_game(g_game, g_loaded));
  CHECK(verify_record(g_loaded, g_scratch, err));
  // Orders given later replace the empty hand-in; withdrawing them leaves
  // the power waiting again.
  hand_in(japan, "Japan: A KYO H");
  CHECK(g_game.handed_in(japan));
  CHECK(g_game.done_without_orders() == 0);
  CHECK(write_sample().find("done-without-orders") == std::string_view::npos);
  g_game.clear_orders(japan);
  CHECK_FALSE(g_game.handed_in(japan));
  // Played: the next phase asks everyone again.
  REQUIRE(g_game.submit(japan, OrderList()));
  REQUIRE(g_game.adjudicate());
  CHECK_FALSE(g_game.handed_in(japan));
  CHECK(g_game.done_without_orders() == 0);
  // Only the current phase has it; a power named twice is one power.
  std::string misplaced(text);
  misplaced.erase(misplaced.find("  done-without-orders Japan\n"), 28);
  misplaced.insert(misplaced.find("\nend\n") + 1, "  done-without-orders Japan\n");
  CHECK_FALSE(read_record(misplaced, g_map, g_loaded, g_scratch, err));
  CHECK(std::string_view(err.message.c_str()).find("done-without-orders") != std::string_view::npos);
  std::string unknown(text);
  unknown.replace(unknown.find("done-without-orders Japan"), 25, "done-without-orders Japn");
  CHECK_FALSE(read_record(unknown, g_map, g_loaded, g_scratch, err));
}

}  // namespace record_test
