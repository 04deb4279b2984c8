#include "new_game_setup.h"

#include <algorithm>
#include <bit>

#include "game_rules.h"
#include "legal.h"
#include "translate.h"

namespace colonial {

using text::format;
using text::tr;

namespace {

bool colonial_board(const Map& map) {
  // The presets and the set-ups of section 12 name the Colonial board's
  // powers and bridges; colonial_preset checks the bridges exist.
  GameSettings probe;
  return colonial_preset(map, "ah1995", probe);
}

}  // namespace

const char* preset_label(VariantPreset p) {
  switch (p) {
    case VariantPreset::Short: return tr("Short game (16 colonies)");
    case VariantPreset::Standard: return tr("Standard game (24 colonies)");
    case VariantPreset::Long: return tr("Long game (30 colonies)");
    case VariantPreset::Judges: return tr("Judges (30 colonies)");
    case VariantPreset::Club: return tr("Club house rules (24 colonies)");
    case VariantPreset::EraOfEmpire: return tr("Era of Empire (22 centres)");
  }
  return "";
}

// The descriptions of assets/maps/colonial.map's options, for xgettext: the
// map file is data, so its words are marked here (text_tests checks that
// each of the map's options has its translation).
[[maybe_unused]] constexpr const char* kColonialBoardOptions[] = {
    NC_("board option", "Otaru-Sakhalin land bridge (Avalon Hill errata, second print)"),
    NC_("board option", "Akita-Otaru land bridge (the judges' Moulmein Convention)"),
    NC_("board option", "Vladivostok-Sakhalin land bridge (designer's board; club house rules)"),
};

const char* board_option_label(const MapOption& option) { return text::trc("board option", option.description); }

const char* preset_description(VariantPreset p) {
  switch (p) {
    case VariantPreset::Short:
    case VariantPreset::Standard:
    case VariantPreset::Long:
      return tr(
          "The 1995 rules as printed with the errata: two-year turns from 1870, the optional rules 9.1-9.3, "
          "the Otaru-Sakhalin land bridge.");
    case VariantPreset::Judges:
      return tr(
          "As the e-mail judges play: Spring and Fall turns from 1870, 30 of 58 colonies, the Moulmein "
          "Convention's land bridges.");
    case VariantPreset::Club:
      return tr(
          "The club's house rules: only the Vladivostok-Sakhalin bridge, all optional rules, rule 9.11 "
          "struck.");
    case VariantPreset::EraOfEmpire:
      return tr(
          "Diplomacy: Era of Empire (2025) on the Colonial board: builds in any centre you control, armies "
          "and fleets converted in winter, 22 centres to win, a draw includes all survivors; no railroad or "
          "canal rule, and Hong Kong counts for China. (Its own board is not published, so it is not "
          "included.)");
  }
  return "";
}

bool preset_available(const Map& map, VariantPreset p) { return colonial_board(map) || p == VariantPreset::Standard; }

void apply_preset(const Map& map, VariantPreset p, GameSettings& settings) {
  if (!colonial_board(map)) {
    settings.rules.map_options = map.default_options();
    settings.rules.calendar = map.biennial_calendar() ? Calendar::Biennial1995 : Calendar::Seasons;
    settings.victory_colonies = map.victory_colonies();
    return;
  }
  switch (p) {
    case VariantPreset::Short:
    case VariantPreset::Standard:
    case VariantPreset::Long:
      colonial_preset(map, "ah1995", settings);
      settings.victory_colonies = p == VariantPreset::Short ? 16 : p == VariantPreset::Long ? 30 : 24;
      break;
    case VariantPreset::Judges: colonial_preset(map, "judges", settings); break;
    case VariantPreset::Club: colonial_preset(map, "club", settings); break;
    case VariantPreset::EraOfEmpire: colonial_preset(map, "era-of-empire", settings); break;
  }
}

void default_choices(const Map& map, NewGameChoices& out) {
  out = NewGameChoices();
  out.preset = VariantPreset::Standard;
  apply_preset(map, out.preset, out.settings);
  out.players = map.power_count();
  for (int i = 0; i < kMaxPowers; ++i) out.group_of_seat[i] = i;
}

bool player_count_supported(const Map& map, int players) {
  if (players == map.power_count()) return true;
  return colonial_board(map) && players >= 2 && players <= 7;
}

bool player_groups(const Map& map, int players, PlayerSetup& setup, Position& start) {
  if (!player_count_supported(map, players)) return false;
  if (players == map.power_count() && !colonial_board(map)) {
    // Any other board: one power per player, the map's start.
    setup = PlayerSetup();
    setup.player_count = players;
    for (PowerId p = 0; p < map.power_count(); ++p) setup.powers_of.push_back(u32{1} << p);
    set_start_position(map, start);
    return true;
  }
  return colonial_player_setup(map, players, setup, start);
}

std::string group_text(const Map& map, u32 mask) {
  std::string out;
  int total = std::popcount(mask);
  int written = 0;
  for (PowerId p = 0; p < map.power_count(); ++p) {
    if (!((mask >> p) & 1u)) continue;
    if (written > 0) out += written + 1 == total ? phrase(Phrase::ListAnd) : ", ";
    out += power_name(map, p);
    ++written;
  }
  return out;
}

void draw_groups(int count, u64 seed, int out[kMaxPowers]) {
  for (int i = 0; i < kMaxPowers; ++i) out[i] = i;
  Random random{seed};
  // Fisher-Yates over the first `count` seats.
  for (int i = count - 1; i > 0; --i) {
    const int j = random.below(i + 1);
    const int t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
}

void set_secret_end(const Map& map, NewGameChoices& choices, bool on) {
  choices.secret_end = on;
  if (!on) return;
  const int step = choices.settings.rules.calendar == Calendar::Biennial1995 ? 2 : 1;
  choices.secret_end_first = map.start_year() + 5 * step;
  choices.secret_end_last = map.start_year() + 7 * step;
  if (choices.settings.last_year > 0) {
    choices.secret_end_last = std::min(choices.secret_end_last, choices.settings.last_year);
    choices.secret_end_first = std::min(choices.secret_end_first, choices.secret_end_last);
  }
}

bool make_game(Map& map, const NewGameChoices& choices, GameSettings& settings, Position& start, std::string& error) {
  if (!player_count_supported(map, choices.players)) {
    error = colonial_board(map) ? tr("Choose 2 to 7 players (rulebook section 12).")
                                : format(tr("This board is played by %d players."), map.power_count());
    return false;
  }
  if (choices.settings.victory_colonies < 1 || choices.settings.victory_colonies > map.colony_count()) {
    error = format(tr("The colonies needed to win must be between 1 and %d."), map.colony_count());
    return false;
  }
  settings = choices.settings;
  settings.secret_end_first = settings.secret_end_last = settings.secret_end_year = 0;
  if (choices.secret_end) {
    // A draw of its own, so the year says nothing of who took which powers.
    Random random{choices.seed ^ 0x5ec7e7e9d0fULL};
    if (choices.secret_end_first < map.start_year() ||
        !draw_secret_end_year(settings, choices.secret_end_first, choices.secret_end_last,
                              static_cast<u32>(random.next()))) {
      error = format(tr("The secret end year must be drawn from %d or later, the first year no later than the last."),
                     map.start_year());
      return false;
    }
  }
  map.set_options(settings.rules.map_options);
  PlayerSetup setup;
  if (!player_groups(map, choices.players, setup, start)) {
    error = format(tr("The set-up for %d players is not available on this board."), choices.players);
    return false;
  }
  const int groups = setup.powers_of.size();
  int group_of_seat[kMaxPowers];
  if (choices.random_draw) {
    draw_groups(groups, choices.seed, group_of_seat);
  } else {
    u32 taken = 0;
    for (int seat = 0; seat < groups; ++seat) {
      const int g = choices.group_of_seat[seat];
      if (g < 0 || g >= groups) {
        error = format(tr("Seat %d has no powers chosen."), seat + 1);
        return false;
      }
      if ((taken >> g) & 1u) {
        // TRANSLATORS: %s is a list of powers' names ("Britain and China").
        error = format(tr("%s is chosen by two players; give each player other powers."),
                       group_text(map, setup.powers_of[g]).c_str());
        return false;
      }
      taken |= u32{1} << g;
      group_of_seat[seat] = g;
    }
  }
  settings.unplayed_powers = setup.unplayed;
  settings.rules.closed = setup.closed;
  set_players(settings.rules, setup.powers_of.begin(), groups);
  for (auto& n : settings.player_names) n.clear();
  settings.computer_powers = 0;
  for (int seat = 0; seat < groups; ++seat) {
    std::string name = choices.names[seat];
    // Trim: names come from a text box.
    while (!name.empty() && name.back() == ' ') name.pop_back();
    while (!name.empty() && name.front() == ' ') name.erase(name.begin());
    const int computer = choices.computer_of_seat[seat];
    const bool by_computer = computer > 0 && computer < kSeatPlayerCount;
    if (name.empty()) name = by_computer ? tr(kSeatPlayers[computer]) : format(tr("Player %d"), seat + 1);
    const u32 mask = setup.powers_of[group_of_seat[seat]];
    for (PowerId p = 0; p < map.power_count(); ++p) {
      if (!((mask >> p) & 1u)) continue;
      settings.player_names[p].assign(name);
      if (!by_computer) continue;
      settings.computer_powers |= u32{1} << p;
      settings.computer_level[p] = static_cast<BotLevel>(computer - 1);
    }
  }
  return true;
}

}  // namespace colonial
