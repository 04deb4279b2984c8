// The new-game choices as the new-game screen edits them, and how they turn
// into GameSettings and a starting position: variant preset, rule options,
// players (rulebook section 12), who takes which powers (random draw or by
// choice), names, victory condition and phase timers.
//
// Plain data and functions, no ImGui: the screen (screens/new_game_form.h) only
// edits a NewGameChoices; the tests check the rest (tests/app/test_flow_setup.cpp).
#pragma once

#include <array>
#include <string>

#include "game.h"
#include "map.h"
#include "phrases.h"

namespace colonial {

// The variant presets of the new-game screen. Short, Standard and Long are
// the lengths of rule 4.2 (16, 24, 30 colonies) with the rules as printed
// (1995 calendar, rules 9.1-9.3, the Otaru-Sakhalin bridge of the errata);
// Judges is the e-mail judges' game (30 colonies, Spring/Fall, the Moulmein
// Convention's bridges); Club is the house rules at the end of the rulebook
// file (24 colonies, Vladivostok-Sakhalin bridge only); EraOfEmpire is the
// rules of Diplomacy: Era of Empire (2025) on the Colonial board (22
// centres, Spring/Fall, conscription, conversion, its endings and civil
// disorder).
enum class VariantPreset : u8 { Short = 0, Standard, Long, Judges, Club, EraOfEmpire };
inline constexpr int kPresetCount = 6;

const char* preset_label(VariantPreset p);        // "Short (16 colonies)"
const char* preset_description(VariantPreset p);  // one sentence

// A board option's label in the language in use: the built-in Colonial
// map's options are in the catalogs; a map file's own show as it writes them.
const char* board_option_label(const MapOption& option);

// True if the preset means something on this map (all of them on the
// Colonial map; on other boards only Standard, which keeps the map's own
// victory count).
bool preset_available(const Map& map, VariantPreset p);

// Sets the rules, calendar, board edition and colonies needed of `settings`
// for the preset; leaves players, names and timers alone.
void apply_preset(const Map& map, VariantPreset p, GameSettings& settings);

// What the new-game screen edits.
struct NewGameChoices {
  VariantPreset preset = VariantPreset::Standard;
  GameSettings settings;                      // rules, victory_colonies, last_year, timer_seconds
  int players = 7;                            // 2..7 on the Colonial map (section 12)
  bool random_draw = true;                    // powers dealt at random; else by `group_of_seat`
  u64 seed = 0;                               // for the random draw (the clock in the app)
  std::array<std::string, kMaxPowers> names;  // per seat (player), may be empty
  std::array<int, kMaxPowers> group_of_seat = {0, 1, 2, 3, 4, 5, 6, 7};  // by choice: seat -> set-up group
  // Per seat: 0 a person, else the computer at BotLevel(value - 1).
  std::array<int, kMaxPowers> computer_of_seat = {};
  // The game ends after a year drawn at the start between these two (a
  // secret end year, as face-to-face tournaments play): kept in the record,
  // shown to nobody until it is reached. The scoring system is in settings.
  bool secret_end = false;
  int secret_end_first = 0, secret_end_last = 0;
};

// The new-game screen's words for a seat's player: "Person", "Computer
// (easy)", "Computer (normal)", "Computer (hard)", by computer_of_seat;
// in English, shown through text::tr.
inline constexpr const char* kSeatPlayers[] = {N_("Person"), N_("Computer (easy)"), N_("Computer (normal)"),
                                               N_("Computer (hard)")};
inline constexpr int kSeatPlayerCount = 4;

// Fresh choices for a map: the Standard preset (or the map's defaults) with
// every rule option as the preset says, seven players, random draw.
void default_choices(const Map& map, NewGameChoices& out);

// The player counts the map supports: 2-7 on the Colonial map, only its own
// number of powers elsewhere.
bool player_count_supported(const Map& map, int players);

// The groups of powers of a player count (section 12): setup.powers_of[g] is
// the mask of powers of group g.
bool player_groups(const Map& map, int players, PlayerSetup& setup, Position& start);

// The powers of group g as text: "Turkey, China and Holland".
std::string group_text(const Map& map, u32 mask);

// Deals the groups to seats at random (a permutation of 0..count-1 from the
// seed): seat i takes group out[i].
void draw_groups(int count, u64 seed, int out[kMaxPowers]);

// Ticks or unticks the secret end year; ticked, a range of a few years from
// a decade into the game (the turn limit, when one is set, bounds it).
void set_secret_end(const Map& map, NewGameChoices& choices, bool on);

// Builds the game's settings and starting position from the choices. The
// map's board options are set to the choices'; who commands which powers
// (fewer players than powers) goes into the rules, so the record keeps it;
// a secret end year is drawn from the seed. Returns false with a sentence
// in `error` when the choices cannot be played (an unsupported player count,
// a group chosen twice, a victory count out of range, a secret range that
// starts before the game or ends before it starts).
bool make_game(Map& map, const NewGameChoices& choices, GameSettings& settings, Position& start, std::string& error);

}  // namespace colonial
