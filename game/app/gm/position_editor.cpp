#include "position_editor.h"

#include "game.h"
#include "map.h"
#include "setup.h"
#include "translate.h"

namespace colonial {

using text::tr;

void PositionEditor::begin(const Game& game) {
  map_ = &game.map();
  biennial_ = game.settings().rules.calendar == Calendar::Biennial1995;
  draft_ = start_ = game.position();
  civil_disorder_ = start_cd_ = game.surrendered_mask();
  coasts_.clear();
  message_.clear();
  if (power_ >= map_->power_count()) power_ = 0;
}

void PositionEditor::set_power(PowerId p) {
  if (started() && p < map_->power_count()) power_ = p;
  coasts_.clear();
}

void PositionEditor::place(LocationId at, UnitType type) {
  const ProvinceId p = map_->province_of(at);
  Unit u;
  u.power = power_;
  u.type = type;
  u.coast = map_->coast_of(at);
  draft_.units[p] = u;
  coasts_.clear();
  message_.clear();
}

void PositionEditor::tap(ProvinceId p) {
  if (!started() || p >= map_->province_count()) return;
  const ProvinceInfo& info = map_->province(p);
  message_.clear();
  coasts_.clear();
  switch (tool_) {
    case EditTool::Remove:
      draft_.units[p] = Unit();
      draft_.dislodged[p] = DislodgedUnit();
      return;
    case EditTool::Owner:
      if (!info.colony) {
        // TRANSLATORS: %s is a province's name as printed on the board.
        message_.assign(text::format(tr("%s is no colony: only colonies have owners"), info.name));
        return;
      }
      draft_.owner[p] = draft_.owner[p] == power_ ? kNoPower : power_;
      return;
    case EditTool::Army:
      if (!map_->can_stand(UnitType::Army, p)) {
        message_.assign(text::format(tr("an army cannot stand in %s"), info.name));
        return;
      }
      place(p, UnitType::Army);
      return;
    case EditTool::Fleet:
      if (info.coast_count > 0) {
        for (int i = 0; i < info.coast_count; ++i) coasts_.push_back(static_cast<LocationId>(info.first_coast + i));
        message_.assign(text::format(tr("which coast of %s?"), info.name));
        return;
      }
      if (!map_->can_stand(UnitType::Fleet, p)) {
        message_.assign(text::format(tr("a fleet cannot stand in %s: it is inland"), info.name));
        return;
      }
      place(p, UnitType::Fleet);
      return;
  }
}

void PositionEditor::choose_coast(int i) {
  if (i < 0 || i >= coasts_.size()) return;
  place(coasts_[i], UnitType::Fleet);
}

void PositionEditor::set_phase_kind(PhaseKind kind) {
  draft_.phase.kind = kind;
  if (kind == PhaseKind::Adjustment && !biennial_) draft_.phase.season = Season::Winter;
  if (kind != PhaseKind::Adjustment && draft_.phase.season == Season::Winter)
    draft_.phase.season = biennial_ ? Season::Turn : Season::Fall;
  if (biennial_) draft_.phase.season = kind == PhaseKind::Adjustment ? Season::Winter : Season::Turn;
  if (kind != PhaseKind::Retreat)
    for (DislodgedUnit& d : draft_.dislodged) d = DislodgedUnit();
}

void PositionEditor::set_year(int year) {
  if (year >= 1 && year <= 9999) draft_.phase.year = static_cast<i16>(year);
}

void PositionEditor::set_season(Season season) {
  if (!biennial_ && draft_.phase.kind != PhaseKind::Adjustment && (season == Season::Spring || season == Season::Fall))
    draft_.phase.season = season;
}

void PositionEditor::toggle_civil_disorder(PowerId p) {
  if (started() && p < map_->power_count()) civil_disorder_ ^= u32{1} << p;
}

bool PositionEditor::valid(ReasonText& why) const {
  if (!started()) return false;
  return check_position(*map_, draft_, why);
}

}  // namespace colonial
