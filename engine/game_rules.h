// The settings of a game by name. The judge's `new --rule NAME=VALUE`, the
// record's `rules` line and the DATC files' `RULES` line all go through
// set_game_rule, so a name means one thing everywhere; a new-game screen can
// list kGameRules and offer their values.
#pragma once

#include <string_view>

#include "fixed.h"
#include "game.h"
#include "phrases.h"

namespace colonial {

class Map;

// Where a record keeps a setting: on its `rules` line always, on that line
// only when it differs from a new game's default, or on a line of its own
// (`victory 24`, older than this table).
enum class RuleRecordPlace : u8 { RulesLine = 0, RulesLineIfSet, OwnLine };

struct GameRuleInfo {
  std::string_view name;         // "conscription"
  std::string_view values;       // what it takes: "on|off", "1995|era-of-empire", "NUMBER", ...
  std::string_view label;        // for a list of options: "Conscription" (marked for the catalogs, context "rule")
  std::string_view description;  // marked for the catalogs
  RuleRecordPlace record = RuleRecordPlace::RulesLine;
};

inline constexpr GameRuleInfo kGameRules[] = {
    {"calendar", "1995|seasons", NC_("rule", "Calendar"),
     N_("1995: one two-year turn at a time from 1870, colonies counted every second turn; seasons: Spring and "
        "Fall turns with a Winter adjustment.")},
    {"railroad", "on|off", NC_("rule", "Trans-Siberian Railroad (9.2)"),
     N_("Russia may move one army a turn along the railroad.")},
    {"canal", "on|off", NC_("rule", "Suez Canal (9.3)"),
     N_("A fleet may sail between the Mediterranean and the Red Sea with the consent of the power in Egypt.")},
    {"hong-kong", "on|off", NC_("rule", "Hong Kong (9.1)"), N_("Hong Kong never counts as a colony for China.")},
    {"china-waits-for-hong-kong", "on|off", NC_("rule", "China waits for Hong Kong (9.11, struck by the errata)"),
     N_("China may not enter Hong Kong until another power has held it.")},
    {"convoy-all-routes", "on|off", NC_("rule", "Any disrupted convoy route stops the army (6.245 as printed)"),
     N_("An army with several convoy routes stays if any of them is disrupted.")},
    {"no-retreat-to-convoy-origin", "on|off",
     NC_("rule", "No retreat to a convoyed attacker's origin (7.4353 as printed)"),
     N_("A unit dislodged by a convoyed army may not retreat to where the army came from.")},
    {"conscription", "on|off", NC_("rule", "Conscription (Era of Empire)"),
     N_("Build in any empty supply centre you control, not only in your home centres.")},
    {"conversion", "on|off", NC_("rule", "Conversion (Era of Empire)"),
     N_("In the winter a unit in a centre you control may become the other type (Build A SUD where your fleet "
        "stands); it uses no build.")},
    {"civil-disorder", "1995|era-of-empire", NC_("rule", "Removals by rule"),
     N_("Who loses which units when too few disbands are ordered: 1995, the farthest from home first; "
        "era-of-empire, units off supply centres first, then the farthest from an owned centre.")},
    {"endings", "1995|era-of-empire", NC_("rule", "Endings"),
     N_("1995: a tie over the line wins nothing yet, every remaining player votes a draw; era-of-empire: the "
        "most centres over the line wins (equal ones share), a draw includes all survivors (DIAS).")},
    {"united-powers", "on|off", NC_("rule", "One player, one Major Power"),
     N_("The powers one player commands neither dislodge one another nor cut one another's support.")},
    {"players", "each|POWER+POWER,...", NC_("rule", "Who commands which powers"),
     N_("Powers one player commands, joined by + (groups separated by commas); each: one power a player."),
     RuleRecordPlace::RulesLineIfSet},
    {"setup", "NAME", NC_("rule", "Set-up"), N_("The map's set-up of starting units and centres the game starts from."),
     RuleRecordPlace::RulesLineIfSet},
    {"scoring", "none|centres|draw-size|sum-of-squares|carnage|c-diplo|c-diplo-namur|open-tribute|manorcon",
     NC_("rule", "Scoring system"),
     N_("The scoring system the game is scored by at its end (docs/SCORING.md); none: not scored."),
     RuleRecordPlace::RulesLineIfSet},
    {"closed", "none|PROVINCE,...", NC_("rule", "Closed provinces"),
     N_("Provinces no unit may enter (the two-player game's neutral Russia)."), RuleRecordPlace::RulesLineIfSet},
    {"unplayed", "none|POWER,...", NC_("rule", "Powers nobody plays"),
     N_("Powers in civil disorder from the start: their units hold, they never build (section 12)."),
     RuleRecordPlace::OwnLine},
    {"victory", "NUMBER", NC_("rule", "Colonies needed to win"),
     N_("Supply centres a player needs for a solo victory."), RuleRecordPlace::OwnLine},
    {"last-year", "NUMBER", NC_("rule", "Turn limit"), N_("The game ends after this year (0: no limit)."),
     RuleRecordPlace::OwnLine},
    {"time-limit-by", "units|colonies", NC_("rule", "At the time and turn limits"),
     N_("What decides the winner when the game ends on time or at its last year."), RuleRecordPlace::OwnLine},
};

using RuleText = FixedString<256>;

// Sets the setting `name` from `value` as written above ("on", "seasons",
// "22", "Turkey+China+Holland,Britain+France+Japan", ...). False, with a
// sentence in `why` and `s` unchanged, for an unknown name or a value it
// does not take.
bool set_game_rule(const Map& map, GameSettings& s, std::string_view name, std::string_view value, RuleText& why);

// The value of setting `name` as set_game_rule reads it back; false for an
// unknown name.
bool game_rule_value(const Map& map, const GameSettings& s, std::string_view name, RuleText& out);

// A whole number in [lo, hi] written in decimal digits only (the record's
// and the settings' numbers).
bool parse_number(std::string_view s, long lo, long hi, long& out);

// Who commands which powers, from the masks of the powers each player
// commands (PlayerSetup::powers_of); powers in no mask play alone.
void set_players(RuleOptions& rules, const u32* powers_of, int count);

}  // namespace colonial
