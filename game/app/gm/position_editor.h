// PositionEditor: the game master's position editor, without ImGui or the
// board (tests/app drive it): makes the app's board match the table's - a
// game started on paper, a unit knocked over, a variant start. Units of any
// power are placed and removed (legal places only: an army on land, a fleet
// at sea or on a coast, the coast asked where a province has two), colonies
// given an owner, powers put in civil disorder, the phase and year set. The
// draft is checked (check_position) before it is applied to the game
// (Game::apply_edit, kept in the record) or starts a new game.
#pragma once

#include <string_view>

#include "fixed.h"
#include "legal.h"
#include "position.h"

namespace colonial {

class Game;
class Map;

enum class EditTool : u8 { Army = 0, Fleet, Remove, Owner };

class PositionEditor {
 public:
  // Starts from the game's position and who is in civil disorder.
  void begin(const Game& game);
  bool started() const { return map_ != nullptr; }

  void set_tool(EditTool t) {
    tool_ = t;
    coasts_.clear();
  }
  EditTool tool() const { return tool_; }
  void set_power(PowerId p);
  PowerId power() const { return power_; }

  // A tap on province p with the tool: place an army or a fleet of the
  // power (replacing what stood there), remove the unit, or make the power
  // the colony's owner (a second tap: nobody). Refused with a message (the
  // draft unchanged) where the unit cannot stand; a fleet on a province
  // with two coasts asks which (coast_choices, choose_coast).
  void tap(ProvinceId p);
  const FixedVector<LocationId, 4>& coast_choices() const { return coasts_; }
  void choose_coast(int i);

  void set_phase_kind(PhaseKind kind);
  void set_year(int year);
  void set_season(Season season);  // Seasons calendar only
  void toggle_civil_disorder(PowerId p);

  const Position& position() const { return draft_; }
  u32 civil_disorder() const { return civil_disorder_; }
  // True when the draft can stand (check_position); else why.
  bool valid(ReasonText& why) const;
  bool dirty() const { return !(draft_ == start_) || civil_disorder_ != start_cd_; }
  std::string_view message() const { return message_.view(); }

 private:
  void place(LocationId at, UnitType type);

  const Map* map_ = nullptr;
  bool biennial_ = true;
  Position draft_;
  Position start_;
  u32 civil_disorder_ = 0;
  u32 start_cd_ = 0;
  EditTool tool_ = EditTool::Army;
  PowerId power_ = 0;
  FixedVector<LocationId, 4> coasts_;
  FixedString<256> message_;
};

}  // namespace colonial
