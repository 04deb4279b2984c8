// colonial-judge game commands: a game lives in a record file (the same
// record the app autosaves); each command reads it, acts, and saves it back
// atomically.
//
//   new, show, legal, submit, adjudicate, results, end, export, import, verify
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>
#include <string>
#include <string_view>

#include "bot.h"
#include "command.h"
#include "command_line.h"
#include "files.h"
#include "game_rules.h"
#include "legal.h"
#include "notation.h"
#include "order_sheet.h"
#include "record.h"
#include "report.h"
#include "scoring.h"
#include "session.h"
#include "translate.h"

namespace colonial::judge {
namespace {

using text::format;
using text::tr;
using text::trc;
using text::trn;

void print(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }
void println(std::string_view s) {
  print(s);
  print("\n");
}

// ---------------------------------------------------------------------------
// new
// ---------------------------------------------------------------------------

constexpr std::string_view kNewUsage =
    N_("usage: colonial-judge new -o GAME [--variant colonial|standard|FILE.map]\n"
       "         [--preset ah1995|club|judges|era-of-empire|short|standard|long] [--victory N]\n"
       "         [--calendar 1995|seasons] [--players 2..7] [--setup NAME] [--last-year YEAR]\n"
       "         [--board OPTION=on|off]... [--rule RULE=VALUE]...\n"
       "         [--player POWER=NAME]... [--timer movement|retreat|adjustment=SECONDS]...\n"
       "         [--computer POWER=easy|normal|hard]...\n"
       "\n"
       "Starts a game and writes its record to GAME. Colonial defaults: the 1995\n"
       "calendar (two-year turns from 1870), standard game of 24 colonies, all\n"
       "optional rules 9.1-9.3 on, rule 9.11 off, the Otaru-Sakhalin bridge of the\n"
       "errata. Presets: ah1995 = these defaults; club = the house rules of the\n"
       "rulebook file (Vladivostok-Sakhalin bridge only, 24 colonies, all optional\n"
       "rules); judges = the Moulmein Convention's bridges, 30 colonies on the\n"
       "Spring/Fall calendar; era-of-empire = the rules of Diplomacy: Era of Empire\n"
       "(2025) on the Colonial board (its own board is not published as data):\n"
       "Spring/Fall, conscription, conversion, 22 centres, its endings and civil\n"
       "disorder, one player's powers one Major Power, no railroad, canal or Hong\n"
       "Kong rule; short 16, standard 24, long 30 colonies (rule 4.2) change only\n"
       "the length. Options after a preset change it. --players 2-6 uses the\n"
       "set-ups of rulebook section 12 (powers nobody plays hold; with two players\n"
       "neutral Russia's home country may not be entered) and keeps who commands\n"
       "which powers. --computer hands a power to the computer player at that\n"
       "level: `adjudicate` gives its orders after everyone else's (the record\n"
       "keeps it; `colonial-judge bot` shows what it would order).\n"
       "--setup names one of the map's set-ups (`setup` blocks of a\n"
       "map file). Board options of the Colonial map: otaru_sakhalin (on), moulmein\n"
       "(off), vladivostok_sakhalin (off); all off is the first print.\n"
       "\n"
       "Rules (--rule NAME=VALUE, the names the record and DATC files use):\n");

// The usage above, then one line per rule of the table.
constexpr std::string_view kSecretEndUsage =
    N_("\n--secret-end FIRST-LAST draws a secret end year from FIRST to LAST, as\n"
       "face-to-face tournaments do: the record keeps it, nothing shows it, and the\n"
       "game ends after that year as at a turn limit.\n");

std::string new_usage() {
  std::string text = tr(kNewUsage);
  for (const GameRuleInfo& r : kGameRules)
    text += "  " + std::string(r.name) + "=" + std::string(r.values) + ": " + tr(r.description) + "\n";
  return text + tr(kSecretEndUsage);
}

// The options of `new` and `import` that set the game's rules: --preset,
// --rule NAME=VALUE, --setup, --calendar, --victory, --last-year. Returns 1
// when `option` was one and took `value`, 0 when it was one and refused it
// (`why` says why), -1 when it is another option.
int rule_option(const Map& map, std::string_view option, std::string_view value, GameSettings& settings,
                std::string& why) {
  RuleText refused;
  auto set = [&](std::string_view name, std::string_view v) {
    if (set_game_rule(map, settings, name, v, refused)) return 1;
    why = refused.c_str();
    return 0;
  };
  if (option == "--preset") {
    const int victory = value == "short" ? 16 : value == "standard" ? 24 : value == "long" ? 30 : 0;
    if (victory) {
      settings.victory_colonies = victory;
      return 1;
    }
    if (colonial_preset(map, value, settings)) return 1;
    why =
        tr("preset must be ah1995, club, judges, era-of-empire, short, standard or long (all but the last three on "
           "the Colonial map)");
    return 0;
  }
  if (option == "--rule") {
    const std::size_t eq = value.find('=');
    if (eq == std::string_view::npos) {
      why = tr("expected --rule NAME=VALUE");
      return 0;
    }
    return set(value.substr(0, eq), value.substr(eq + 1));
  }
  if (option == "--setup") return set("setup", value);
  if (option == "--calendar") return set("calendar", value);
  if (option == "--victory") return set("victory", value);
  if (option == "--last-year") return set("last-year", value);
  return -1;
}

// The options of new and import that set the game's rules (rule_option),
// after the command's own.
std::vector<OptionSpec> with_rule_options(std::vector<OptionSpec> specs) {
  for (const char* name : {"preset", "rule", "setup", "calendar", "victory", "last-year"})
    specs.push_back({name, true});
  return specs;
}

// --style judge|rulebook (and sentences where `sentences` may be set):
// false after saying what it takes.
bool style_option(std::string_view command, const CommandLine& cl, bool allow_sentences, OrderStyle& style,
                  bool* sentences = nullptr) {
  const std::string v = cl.value("style", "judge");
  style = v == "rulebook" ? OrderStyle::Rulebook : OrderStyle::Judge;
  if (allow_sentences && sentences) *sentences = v == "sentences";
  if (v == "judge" || v == "rulebook" || (allow_sentences && v == "sentences")) return true;
  fail(command,
       format(allow_sentences ? tr("--style takes judge or rulebook or sentences, not '%s'")
                              : tr("--style takes judge or rulebook, not '%s'"),
              v.c_str()),
       2);
  return false;
}

int run_new(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("new", new_usage(), argc, argv,
                with_rule_options({{"out", true, 'o'},
                                   {"variant", true},
                                   {"players", true},
                                   {"board", true},
                                   {"player", true},
                                   {"computer", true},
                                   {"timer", true},
                                   {"secret-end", true}}),
                0, 0, code))
    return code;
  Session& s = session();
  const std::string out = cl.value("out"), variant = cl.value("variant", "colonial");
  if (!load_variant(variant, s.map)) return 1;
  s.variant = variant;
  GameSettings settings = map_default_settings(s.map);
  int players = 7;
  long secret_first = 0, secret_last = 0;  // --secret-end FIRST-LAST
  std::string why;
  for (const auto& [name, value] : cl.options()) {
    const std::string a = "--" + name;
    std::string_view v = value;
    std::size_t eq = v.find('=');
    std::string_view key = v.substr(0, eq), val = eq == std::string_view::npos ? "" : v.substr(eq + 1);
    if (a == "--out" || a == "--variant") {
      continue;
    } else if (a == "--players") {
      players = std::atoi(std::string(v).c_str());
      if (players <= 0) return fail("new", tr("--players needs a positive number"), 2);
    } else if (const int r = rule_option(s.map, a, v, settings, why); r >= 0) {
      if (r == 0) return fail("new", why, 2);
    } else if (a == "--board") {
      int o = s.map.find_option(key);
      bool on = false;
      if (o < 0 || !on_off_from_text(val, on))
        return fail("new", format(tr("unknown board option or value: %s"), std::string(v).c_str()), 2);
      if (on)
        settings.rules.map_options |= 1u << o;
      else
        settings.rules.map_options &= ~(1u << o);
    } else if (a == "--player") {
      PowerId p = s.map.find_power(key);
      if (p == kNoPower || val.empty()) return fail("new", tr("expected --player POWER=NAME"), 2);
      settings.player_names[p].assign(val);
    } else if (a == "--computer") {
      PowerId p = s.map.find_power(key);
      BotLevel level = BotLevel::Normal;
      if (p == kNoPower || !parse_bot_level(val, level))
        return fail("new", format(tr("expected --computer POWER=easy|normal|hard, not %s"), std::string(v).c_str()), 2);
      settings.computer_powers |= u32{1} << p;
      settings.computer_level[p] = level;
    } else if (a == "--timer") {
      int slot = key == "movement" ? 0 : key == "retreat" ? 1 : key == "adjustment" ? 2 : -1;
      int n = std::atoi(std::string(val).c_str());
      if (slot < 0 || n < 0 || n > 65535)
        return fail("new", tr("expected --timer movement|retreat|adjustment=SECONDS"), 2);
      settings.timer_seconds[slot] = static_cast<u16>(n);
    } else if (a == "--secret-end") {
      const std::size_t dash = v.find('-');
      if (dash == std::string_view::npos || !parse_number(v.substr(0, dash), 1, 9999, secret_first) ||
          !parse_number(v.substr(dash + 1), 1, 9999, secret_last) || secret_first > secret_last)
        return fail(
            "new",
            format(tr("expected --secret-end FIRST-LAST (years, FIRST up to LAST), not %s"), std::string(v).c_str()),
            2);
    }
  }
  if (out.empty()) return fail("new", tr("give the game file with -o GAME"), 2);
  // Drawn once the calendar is known, whatever the options' order.
  if (secret_first > 0) {
    std::random_device random;
    [[maybe_unused]] const bool drawn =
        draw_secret_end_year(settings, static_cast<int>(secret_first), static_cast<int>(secret_last), random());
    COLONIAL_ASSERT(drawn);
  }
  apply_board(s.map, settings.rules);
  if (players != 7) {
    static Position start;
    PlayerSetup setup;
    if (!colonial_player_setup(s.map, players, setup, start))
      return fail("new", tr("players must be 2 to 7 (rulebook section 12) on the Colonial map"), 2);
    settings.unplayed_powers = setup.unplayed;
    settings.rules.closed = setup.closed;
    set_players(settings.rules, setup.powers_of.begin(), setup.powers_of.size());
    s.game.start_from(s.map, settings, start);
  } else {
    s.game.start(s.map, settings);
  }
  if (!save_game(out)) return 1;
  PhaseText phase;
  describe_phase(s.game.phase(), phase);
  std::printf(tr("new game in %s: %s, %s\n"), out.c_str(), s.map.name().data(), phase.c_str());
  return 0;
}

// ---------------------------------------------------------------------------
// show
// ---------------------------------------------------------------------------

constexpr std::string_view kShowUsage =
    N_("usage: colonial-judge show GAME\n"
       "\n"
       "Prints the phase, each power's units, colonies and adjustments, dislodged\n"
       "units, which powers have submitted orders (not the orders: they are\n"
       "secret), and the result if the game is over.\n");

void show_position(const Game& g) {
  const Map& map = g.map();
  const Position& pos = g.position();
  PhaseText phase;
  describe_phase(pos.phase, phase);
  std::printf("%s\n", phase.c_str());
  for (PowerId p = 0; p < map.power_count(); ++p) {
    std::string units;
    for (int i = 0; i < map.province_count(); ++i) {
      const Unit& u = pos.units[i];
      if (!u.present() || u.power != p) continue;
      OrderText loc;
      format_location(map, unit_location(map, static_cast<ProvinceId>(i), u), OrderStyle::Rulebook, loc);
      units += std::string(" ") + unit_letter(u.type) + " " + std::string(loc.view());
    }
    const int colonies = pos.colony_count(map, p), unit_count = pos.unit_count(p);
    const std::string name(power_name(map, p));
    // TRANSLATORS: a power's line in `show`: its name, colonies, units, then
    // the units (" A DEL F BOM").
    std::printf(tr("%-8s %s, %s:%s"), name.c_str(),
                format(trn("%2d colony", "%2d colonies", colonies), colonies).c_str(),
                format(trn("%2d unit", "%2d units", unit_count), unit_count).c_str(), units.c_str());
    if (g.surrendered(p))
      std::fputs(tr(" (surrendered)"), stdout);
    else if ((g.settings().unplayed_powers >> p) & 1u)
      std::fputs(tr(" (unplayed: holds)"), stdout);
    ResultText adj;
    describe_adjustment(g, p, adj);
    if (!adj.empty()) std::printf("  [%s]", adj.c_str());
    std::printf("\n");
  }
  for (int i = 0; i < map.province_count(); ++i) {
    const DislodgedUnit& d = pos.dislodged[i];
    if (!d.unit.present()) continue;
    std::printf(tr("dislodged: %s %c %s"), std::string(power_name(map, d.unit.power)).c_str(), unit_letter(d.unit.type),
                map.province(static_cast<ProvinceId>(i)).name);
    if (d.attacker_from != kNoProvince) std::printf(tr(" (attacked from %s)"), map.province(d.attacker_from).name);
    std::printf("\n");
  }
}

// "scores (Carnage): Britain (Alice) 7006.00, China (Bob) 5505.00, ...": the
// game's points by the scoring system announced for it, player by player
// (the powers of one player joined by +).
void print_scores(const Game& g) {
  ScoreInput input;
  ScoreSheet sheet;
  if (!score_finished_game(g, input, sheet)) return;
  std::string line = format(tr("scores (%s):"), trc("scoring", scoring_system_info(g.settings().scoring).label.data()));
  for (int i = 0; i < input.players.size(); ++i) {
    line += i ? ", " : " ";
    for (PowerId p = 0; p < g.map().power_count(); ++p)
      if ((input.players[i].powers >> p) & 1u)
        line += std::string(line.back() == ' ' ? "" : "+") + std::string(power_name(g.map(), p));
    const std::string_view name = scored_player_name(g, input.players[i].powers);
    if (!name.empty()) line += " (" + std::string(name) + ")";
    line += format(" %.2f", sheet.points[i]);
  }
  println(line);
}

// "game over: time limit reached (most units), Britain wins" or "..., shared
// by Britain China".
void print_game_over(const Game& g) {
  const GameResult& r = g.result();
  if (r.end == GameEnd::None) return;
  static const char* kEnds[] = {"",
                                N_("victory"),
                                N_("draw"),
                                N_("ended by agreement"),
                                N_("turn limit reached"),
                                N_("all surrendered"),
                                N_("time limit reached")};
  std::printf(tr("game over: %s"), tr(kEnds[static_cast<int>(r.end)]));
  if (r.end == GameEnd::Agreement || r.end == GameEnd::TurnLimit || r.end == GameEnd::TimeLimit)
    std::fputs(r.measure == EndMeasure::Units ? tr(" (most units)") : tr(" (most colonies)"), stdout);
  if (r.winner != kNoPower) std::printf(tr(", %s wins"), std::string(power_name(g.map(), r.winner)).c_str());
  // The powers of one player are written joined: "Turkey+China+Holland".
  std::string who;
  u32 seen = 0;
  int players = 0;
  for (PowerId p = 0; p < g.map().power_count(); ++p) {
    if (!((r.sharing >> p) & 1u) || ((seen >> p) & 1u)) continue;
    const u32 player = powers_of_player(g.settings().rules, p) & r.sharing;
    seen |= player;
    ++players;
    who += " ";
    for (PowerId q = p; q < g.map().power_count(); ++q)
      if ((player >> q) & 1u) who += std::string(q == p ? "" : "+") + std::string(power_name(g.map(), q));
  }
  if (players == 1 && r.end != GameEnd::Draw)
    std::printf(tr(",%s wins (one player)"), who.c_str());
  else if (players)
    std::printf(tr(", shared by%s"), who.c_str());
  std::printf("\n");
  print_scores(g);
}

int run_show(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("show", kShowUsage, argc, argv, {}, 1, 1, code)) return code;
  if (!load_game(cl.word(0))) return 1;
  const Game& g = session().game;
  show_position(g);
  std::string waiting, done;
  for (PowerId p = 0; p < g.map().power_count(); ++p) {
    if (!g.has_choice(p)) continue;
    (g.handed_in(p) ? done : waiting) += std::string(" ") + std::string(power_name(g.map(), p));
  }
  if (!g.over()) {
    std::printf(tr("orders in:%s\n"), done.empty() ? tr(" none") : done.c_str());
    std::printf(tr("waiting for:%s\n"), waiting.empty() ? tr(" nobody") : waiting.c_str());
  }
  print_game_over(g);
  return 0;
}

// ---------------------------------------------------------------------------
// legal
// ---------------------------------------------------------------------------

constexpr std::string_view kLegalUsage =
    N_("usage: colonial-judge legal GAME PLACE [--style judge|rulebook]\n"
       "       colonial-judge legal GAME POWER      (adjustment phases)\n"
       "\n"
       "Lists every legal order of the unit in PLACE in the current phase (a\n"
       "dislodged unit in a retreat phase), or every build and disband of POWER in\n"
       "an adjustment phase, one per line.\n");

int run_legal(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("legal", kLegalUsage, argc, argv, {{"style", true}}, 2, 2, code)) return code;
  OrderStyle style = OrderStyle::Judge;
  if (!style_option("legal", cl, false, style)) return 2;
  if (!load_game(cl.word(0))) return 1;
  const Game& g = session().game;
  static LegalOrders legal;
  legal.clear();
  const std::string& place = cl.word(1);
  PowerId power = g.map().find_power(place);
  if (power != kNoPower) {
    legal_adjustments(g.map(), g.position(), power, legal);
  } else {
    ProvinceLookup l = g.map().find_province(place);
    if (l.status != LookupStatus::Found) return fail("legal", format(tr("no province or power '%s'"), place.c_str()));
    legal_orders(g.map(), g.position(), l.province, legal);
  }
  if (legal.empty()) return fail("legal", tr("no legal orders there in this phase"));
  for (const Order& o : legal) {
    OrderText t;
    format_order_with_power(g.map(), o, style, t);
    println(t.view());
  }
  return 0;
}

// ---------------------------------------------------------------------------
// submit
// ---------------------------------------------------------------------------

constexpr std::string_view kSubmitUsage =
    N_("usage: colonial-judge submit GAME [--power POWER] [FILE|-]\n"
       "\n"
       "Reads orders from FILE or standard input, one per line (\"Power: order\", or\n"
       "bare orders with --power; several orders may share a line separated by\n"
       "commas), plus DRAW, SURRENDER and, in a movement phase, conditional\n"
       "retreats and adjustments (\"If CAN is dislodged, retreat YUN, CHU\", \"If 2\n"
       "builds: build A TON, F ANN; if 1 build: build A TON\", \"If 1 disband:\n"
       "disband F ANN\"), applied when their phase begins. Each power's submission\n"
       "replaces all it had handed in: its orders, its conditionals, and DRAW and\n"
       "SURRENDER, which a submission without them withdraws. SURRENDER stays secret until the phase is\n"
       "adjudicated; the orders given with it are carried out, and from then on\n"
       "the power is out. Lines that are not orders are reported with the reason and\n"
       "nothing is saved; orders that are readable but impossible are kept and\n"
       "reported with what they will do (a unit holds, rule 6.15; an impossible\n"
       "build builds nothing). Exit 1 if any line was refused.\n");

int run_submit(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("submit", kSubmitUsage, argc, argv, {{"power", true}}, 1, 2, code)) return code;
  const std::string path = cl.word(0), input = cl.words().size() > 1 ? cl.word(1) : "-";
  const std::string power_option = cl.value("power");
  if (!load_game(path)) return 1;
  Game& g = session().game;
  if (g.over()) return fail("submit", tr("the game is over"));
  PowerId fixed_power = kNoPower;
  if (!power_option.empty() && (fixed_power = g.map().find_power(power_option)) == kNoPower)
    return fail("submit", format(tr("no power '%s'"), power_option.c_str()), 2);
  std::string text, error;
  if (input == "-") {
    std::string line;
    while (std::getline(std::cin, line)) text += line + "\n";
  } else if (!platform::read_file(input, text, error)) {
    return fail("submit", error);
  }
  static OrderSheet sheet;
  read_order_sheet(g.map(), g.position(), fixed_power, text, sheet);
  if (sheet.too_long) return fail("submit", tr("more lines or orders than one phase can take; nothing saved"));
  for (int i = 0; i < sheet.lines.size(); ++i) {
    const SheetLine& line = sheet.lines[i];
    if (line.kind == SheetLineKind::Error) {
      std::printf(tr("line %d: error: %s\n"), i + 1, line.error.message.c_str());
    } else if (line.warning != VoidReason::None) {
      const Order& o = sheet.orders[line.warning_order];
      ReasonText t;
      describe_void(g.map(), o, line.warning, t);
      const std::string then(void_consequence(o, g.phase().kind));
      std::printf(tr("line %d: accepted but impossible, %s: %s\n"), i + 1, then.c_str(), t.c_str());
    }
  }
  if (sheet.errors)
    return fail("submit", format(trn("%d line refused; nothing saved", "%d lines refused; nothing saved", sheet.errors),
                                 sheet.errors));
  // A power's submission replaces all it handed in before: its orders, and
  // DRAW and SURRENDER, which a submission without them withdraws.
  for (PowerId p = 0; p < g.map().power_count(); ++p) {
    if (!((sheet.powers >> p) & 1u)) continue;
    OrderList mine;
    static ConditionList planned;
    sheet.orders_of(p, mine);
    sheet.conditions_of(p, planned);
    const bool draw = (sheet.draw >> p) & 1u, surrender = (sheet.surrender >> p) & 1u;
    if (!g.submit(p, mine))
      return fail("submit", format(tr("%s is not playing or gave orders to others' units"),
                                   std::string(power_name(g.map(), p)).c_str()));
    g.vote_draw(p, draw);
    g.hand_in_surrender(p, surrender);
    if (g.phase().kind == PhaseKind::Movement && !g.submit_conditions(p, planned))
      return fail("submit", format(tr("too many conditionals this phase (at most %d for all powers); nothing saved"),
                                   ConditionList::kCapacity));
    std::string extra;
    if (!planned.empty()) extra += format(trn(", %d conditional", ", %d conditionals", planned.size()), planned.size());
    if (draw) extra += ", DRAW";
    if (surrender) extra += ", SURRENDER";
    std::printf(trn("%s: %d order in%s\n", "%s: %d orders in%s\n", mine.size()),
                std::string(power_name(g.map(), p)).c_str(), mine.size(), extra.c_str());
  }
  return save_game(path) ? 0 : 1;
}

// ---------------------------------------------------------------------------
// adjudicate, results
// ---------------------------------------------------------------------------

constexpr std::string_view kAdjudicateUsage =
    N_("usage: colonial-judge adjudicate GAME [--style judge|rulebook]\n"
       "\n"
       "Resolves the current phase with the orders submitted (units without orders\n"
       "hold; dislodged units without a retreat disband; missing disbands follow\n"
       "rule 8.33), prints every order's result, the draw votes and surrenders,\n"
       "and the next phase, and saves. When a retreat or adjustment phase begins,\n"
       "the conditionals handed in with the movement orders give their orders\n"
       "(printed, marked conditional; those no longer possible are skipped with\n"
       "the reason); a phase in which nobody is left to decide anything is played\n"
       "at once.\n");

constexpr std::string_view kResultsUsage =
    N_("usage: colonial-judge results GAME [N] [--style judge|rulebook|sentences]\n"
       "\n"
       "Prints the results of phase N (1 = the first phase played; default the\n"
       "last one played). --style sentences says them in plain sentences, to be\n"
       "read out at the table (\"France's army moved from Tongking to Canton.\").\n");

std::string power_list(const Map& map, u32 mask) {
  std::string out;
  for (PowerId p = 0; p < map.power_count(); ++p)
    if ((mask >> p) & 1u) out += std::string(out.empty() ? "" : ", ") + std::string(power_name(map, p));
  return out;
}

void print_results(const Game& g, int index, OrderStyle style, bool sentences = false) {
  const PhaseRecord& rec = g.history(index);
  PhaseText phase;
  describe_phase(rec.position.phase, phase);
  std::printf("%s%s\n", phase.c_str(), rec.edit ? tr(": the game master edited the position") : "");
  for (const OrderResult& r : rec.results.results) {
    if (sentences) {
      SentenceText t;
      describe_result_sentence(g.map(), rec.position, r, t);
      std::printf("  %s\n", t.c_str());
      continue;
    }
    ResultText t;
    describe_result(g.map(), r, style, t);
    std::printf("  %s\n", t.c_str());
  }
  // "Any votes for a draw will be reported to all players when orders are
  // executed" (the club's house rules); surrenders become known too.
  const u32 before = index > 0 ? g.history(index - 1).surrenders : 0;
  const u32 surrendered = rec.surrenders & ~before;
  if (surrendered) std::printf("SURRENDER: %s\n", power_list(g.map(), surrendered).c_str());
  if (rec.draw_votes) {
    const bool drawn = index + 1 == g.history_size() && g.result().end == GameEnd::Draw;
    std::printf(tr("DRAW voted by: %s%s\n"), power_list(g.map(), rec.draw_votes).c_str(),
                drawn ? tr(" (all remaining players: the game is drawn)") : tr(" (not all: the vote fails)"));
  } else if (rec.position.phase.kind == PhaseKind::Movement) {
    std::fputs(tr("DRAW voted by: nobody\n"), stdout);
  }
  for (const SkippedOrder& k : rec.skipped) {
    ResultText t;
    describe_skipped(g.map(), k, style, t);
    std::printf("  %s\n", t.c_str());
  }
}

// The conditionals at work in the phase that just began: the orders they
// gave, those no longer possible, and who is not asked.
void print_conditions_applied(const Game& g, OrderStyle style) {
  if (g.over() || g.phase().kind == PhaseKind::Movement) return;
  if (!g.conditional_powers() && g.skipped_conditions().empty()) return;
  PhaseText phase;
  describe_phase(g.phase(), phase);
  std::printf(tr("\nConditionals for %s:\n"), phase.c_str());
  for (const Order& o : g.pending_orders()) {
    if (!((g.conditional_powers() >> o.power) & 1u)) continue;
    OrderText t;
    format_order_with_power(g.map(), o, style, t);
    std::printf(tr("  %s (conditional)\n"), t.c_str());
  }
  for (const SkippedOrder& k : g.skipped_conditions()) {
    ResultText t;
    describe_skipped(g.map(), k, style, t);
    std::printf("  %s\n", t.c_str());
  }
  if (g.covered_powers())
    std::printf(tr("  not asked (decided by their conditionals): %s\n"),
                power_list(g.map(), g.covered_powers()).c_str());
}

// A person (not a computer's seat) has something to decide.
bool anyone_asked(const Game& g) {
  for (PowerId p = 0; p < g.map().power_count(); ++p)
    if (g.has_choice(p) && !((g.settings().computer_powers >> p) & 1u)) return true;
  return false;
}

int run_adjudicate(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("adjudicate", kAdjudicateUsage, argc, argv, {{"style", true}}, 1, 1, code)) return code;
  OrderStyle style = OrderStyle::Judge;
  if (!style_option("adjudicate", cl, false, style)) return 2;
  if (!load_game(cl.word(0))) return 1;
  Game& g = session().game;
  // The computer's seats give their orders now, after everyone else's.
  static Bot bot;
  play_computer_powers(g, bot, static_cast<u64>(g.history_size()));
  if (!g.adjudicate())
    return fail("adjudicate", g.over() ? tr("the game is over") : tr("the game is too long to record"));
  print_results(g, g.history_size() - 1, style);
  print_conditions_applied(g, style);
  // A retreat or adjustment phase in which nobody but the computer has
  // anything to decide - every choice made by conditionals, or none to
  // make - is played at once, as the app does.
  while (!g.over() && g.phase().kind != PhaseKind::Movement && !anyone_asked(g)) {
    play_computer_powers(g, bot, static_cast<u64>(g.history_size()));
    if (!g.adjudicate()) break;
    std::printf("\n");
    print_results(g, g.history_size() - 1, style);
    print_conditions_applied(g, style);
  }
  std::printf("\n");
  show_position(g);
  if (!save_game(cl.word(0))) return 1;
  return 0;
}

int run_results(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("results", kResultsUsage, argc, argv, {{"style", true}}, 1, 2, code)) return code;
  OrderStyle style = OrderStyle::Judge;
  bool sentences = false;
  if (!style_option("results", cl, true, style, &sentences)) return 2;
  if (!load_game(cl.word(0))) return 1;
  const Game& g = session().game;
  if (g.history_size() == 0) return fail("results", tr("no phase has been played yet"));
  int n = g.history_size();
  if (cl.words().size() > 1) n = std::atoi(cl.word(1).c_str());
  if (n < 1 || n > g.history_size())
    return fail("results", format(tr("phase number must be 1 to %d"), g.history_size()), 2);
  print_results(g, n - 1, style, sentences);
  return 0;
}

// ---------------------------------------------------------------------------
// end
// ---------------------------------------------------------------------------

constexpr std::string_view kEndUsage =
    N_("usage: colonial-judge end GAME [--by units|colonies]\n"
       "\n"
       "Ends the game now, as the game master does when the time set for it runs\n"
       "out: the power with the most units (the club's house rules: \"After the two\n"
       "month limit is reached, the player with the most units wins\") or the most\n"
       "colonies (rule 4.2) wins; powers tied for the most share the win. Without\n"
       "--by, the game's setting decides (units under the club preset, else\n"
       "colonies). Orders handed in for the current phase are not played.\n");

int run_end(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("end", kEndUsage, argc, argv, {{"by", true}}, 1, 1, code)) return code;
  const std::string path = cl.word(0), by = cl.value("by");
  if (!by.empty() && by != "units" && by != "colonies") return fail("end", tr("--by takes units or colonies"), 2);
  if (!load_game(path)) return 1;
  Game& g = session().game;
  if (g.over()) return fail("end", tr("the game is already over"));
  const EndMeasure measure = by.empty()      ? g.settings().time_limit_measure
                             : by == "units" ? EndMeasure::Units
                                             : EndMeasure::Colonies;
  g.end_by_time_limit(measure);
  show_position(g);
  print_game_over(g);
  return save_game(path) ? 0 : 1;
}

// ---------------------------------------------------------------------------
// export, import, verify
// ---------------------------------------------------------------------------

constexpr std::string_view kExportUsage =
    N_("usage: colonial-judge export GAME\n"
       "\n"
       "Prints the game as plain text in judge notation: each phase played with\n"
       "the orders given (see docs/RECORD-FORMAT.md). `import` reads it back.\n");

constexpr std::string_view kImportUsage =
    N_("usage: colonial-judge import TEXT -o GAME [--variant colonial|standard] [--preset NAME]\n"
       "         [--calendar 1995|seasons] [--victory N] [--setup NAME] [--rule RULE=VALUE]...\n"
       "\n"
       "Replays plain judge-notation text (phase headings, then \"Power: order\"\n"
       "lines) from the start position and writes the game record. The rules are\n"
       "given as for new (the export does not carry them).\n");

constexpr std::string_view kVerifyUsage =
    N_("usage: colonial-judge verify GAME\n"
       "\n"
       "Reads the record and replays every phase through the adjudicator; names\n"
       "the first phase whose recorded results or position differ. Exit 0 when the\n"
       "record is consistent.\n");

int run_export(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("export", kExportUsage, argc, argv, {}, 1, 1, code)) return code;
  if (!load_game(cl.word(0))) return 1;
  TextSink sink{nullptr,
                [](void*, std::string_view t) { return std::fwrite(t.data(), 1, t.size(), stdout) == t.size(); }};
  return export_judge_text(session().game, sink) ? 0 : 1;
}

int run_import(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("import", kImportUsage, argc, argv, with_rule_options({{"out", true, 'o'}, {"variant", true}}), 1, 1,
                code))
    return code;
  Session& s = session();
  const std::string input = cl.word(0), out = cl.value("out"), variant = cl.value("variant", "colonial");
  if (!load_variant(variant, s.map)) return 1;
  s.variant = variant;
  GameSettings settings = map_default_settings(s.map);
  std::string why;
  for (const auto& [name, value] : cl.options())
    if (rule_option(s.map, "--" + name, value, settings, why) == 0) return fail("import", why, 2);
  if (out.empty()) return fail("import", tr("give the game file with -o GAME"), 2);
  std::string text, error;
  if (!platform::read_file(input, text, error)) return fail("import", error);
  RecordError err;
  if (!import_judge_text(text, s.map, settings, s.game, err))
    return fail("import", input + ":" + std::to_string(err.line) + ": " + err.message.c_str());
  if (!save_game(out)) return 1;
  std::printf(trn("imported %d phase into %s\n", "imported %d phases into %s\n", s.game.history_size()),
              s.game.history_size(), out.c_str());
  return 0;
}

int run_verify(int argc, char** argv) {
  CommandLine cl;
  int code = 0;
  if (!cl.parse("verify", kVerifyUsage, argc, argv, {}, 1, 1, code)) return code;
  const std::string& path = cl.word(0);
  if (!load_game(path)) return 1;
  Session& s = session();
  RecordError err;
  if (!verify_record(s.game, s.scratch, err)) return fail("verify", path + ": " + err.message.c_str());
  std::printf(trn("%s: %d phase replayed, all results and positions agree\n",
                  "%s: %d phases replayed, all results and positions agree\n", s.game.history_size()),
              path.c_str(), s.game.history_size());
  return 0;
}

const CommandRegistration kNew({"new", N_("start a game and write its record"), kNewUsage, run_new, new_usage});
const CommandRegistration kShow({"show", N_("show the position of a game"), kShowUsage, run_show});
const CommandRegistration kLegal({"legal", N_("list the legal orders of a unit or power"), kLegalUsage, run_legal});
const CommandRegistration kSubmit({"submit", N_("submit orders from a file or stdin"), kSubmitUsage, run_submit});
const CommandRegistration kAdjudicate({"adjudicate", N_("resolve the current phase and save"), kAdjudicateUsage,
                                       run_adjudicate});
const CommandRegistration kResults({"results", N_("show the results of a phase played"), kResultsUsage, run_results});
const CommandRegistration kEnd({"end", N_("end the game when its time runs out (most units or colonies)"), kEndUsage,
                                run_end});
const CommandRegistration kExport({"export", N_("print the game in judge notation"), kExportUsage, run_export});
const CommandRegistration kImport({"import", N_("replay judge-notation text into a game"), kImportUsage, run_import});
const CommandRegistration kVerify({"verify", N_("replay a record and check it"), kVerifyUsage, run_verify});

}  // namespace
}  // namespace colonial::judge
