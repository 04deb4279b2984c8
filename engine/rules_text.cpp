#include "rules_text.h"

namespace colonial {

namespace {

// From the rulebook of Diplomacy: Era of Empire (Renegade Game Studios,
// 2025): "Object of the game", "Gaining and losing units phase", "Civil
// Disorder", "Alternate ways to play".
constexpr RulesSection kEraOfEmpire[] = {
    {"Era of Empire rules",
     "These are the rules of Diplomacy: Era of Empire (2025), the current printing of Colonial Diplomacy, "
     "played on the Colonial board: its own board is not published as data, so it is not included. Orders, "
     "support, convoys, standoffs and retreats are as in Colonial; what differs is below."},
    {"The year",
     "The game starts in Spring 1870. Each year has a Spring and a Fall turn. After every Fall turn (and its "
     "retreats) the supply centres change hands: a centre belongs to the power whose unit stands in it, and "
     "stays its own while empty. Then, in Winter, every power builds or disbands until it has as many units "
     "as centres."},
    {"Winning",
     "A player who controls 22 supply centres after a Fall turn wins alone. If two or more reach 22 in the "
     "same year, the one with the most centres wins; equal ones share the victory. The players may instead "
     "agree before the game on a turn limit (the game ends after a given Fall) or a time limit: then the "
     "player with the most centres wins, and tied players share the victory. A draw includes all survivors: "
     "when every player still owning at least one centre votes DRAW, they share it equally."},
    {"Conscription",
     "A power with more centres than units builds new units in any empty supply centre it controls, not only "
     "in the centres it started with. It never has more units than centres; it may decline a build."},
    {"Conversion",
     "In Winter a unit standing in a supply centre its power controls may be changed into the other type: "
     "write a build of the new type there (Army Sudan, or Build A SUD, turns the British fleet in Sudan into "
     "an army). A conversion uses no build and may be made with nothing to build or disband. A fleet never "
     "stands in an inland province: an army in Delhi cannot become a fleet. On a centre with two coasts, name "
     "the coast of the new fleet."},
    {"Builds and disbands",
     "Only an army can be built in an inland centre; in a coastal one say Army or Fleet. A centre with a unit "
     "in it takes no build. A power with fewer centres than units disbands the difference, its choice of units; "
     "if it orders too few, the rule of civil disorder below picks the rest. Orders that are impossible or too "
     "many are ignored: the first ones count."},
    {"Civil disorder",
     "A power whose player has left, or who hands in no orders, is in civil disorder: its units hold and do "
     "not support one another, a dislodged unit is disbanded, and it builds nothing. When it must lose units "
     "(or any power orders too few disbands): first, no unit on a supply centre goes while another can; then "
     "the unit farthest from a centre the power owns goes first, counting neighbouring provinces whether or "
     "not the unit could move there; at equal distance fleets before armies, then in the alphabetical order "
     "of the provinces' names."},
    {"Fewer than seven players",
     "With two to six players some command several powers. All the pieces of one player's powers are one "
     "Major Power for every purpose: they cannot dislodge one another or cut one another's support, and "
     "their centres count together for victory and for the draw."},
    {"Colonial rules not used",
     "Era of Empire has no Trans-Siberian Railroad and no canal passage: a fleet goes from the Red Sea to "
     "Egypt, and on a later turn from Egypt to the Mediterranean. Hong Kong is a supply centre for every "
     "power, China included."},
};

}  // namespace

RulesText rules_text(std::string_view preset) {
  if (preset == "era-of-empire")
    return RulesText{"Era of Empire rules", kEraOfEmpire,
                     static_cast<int>(sizeof kEraOfEmpire / sizeof kEraOfEmpire[0])};
  return RulesText{};
}

}  // namespace colonial
