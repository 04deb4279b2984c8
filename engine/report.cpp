#include "report.h"

#include <bit>

#include "game.h"
#include "legal.h"
#include "map.h"
#include "phrases.h"

namespace colonial {

namespace {

// A place named in a sentence: its province, "the Bay of Bengal" for a sea.
PlaceText place_name(const Map& map, LocationId l) {
  PlaceText place;
  if (l != kNoLocation && l < map.location_count()) format_place_name(map, map.province_of(l), place);
  return place;
}

Phrase outcome_phrase(const OrderResult& r) {
  switch (r.outcome) {
    case Outcome::Succeeded: return Phrase::OutcomeSucceeded;
    case Outcome::Bounced:
      return r.order.kind == OrderKind::Retreat ? Phrase::OutcomeRetreatBounced : Phrase::OutcomeBounced;
    case Outcome::Cut: return Phrase::OutcomeCut;
    case Outcome::NoConvoy: return Phrase::OutcomeNoConvoy;
    case Outcome::ConvoyDisrupted: return Phrase::OutcomeConvoyDisrupted;
    case Outcome::NotMatched: return Phrase::OutcomeNotMatched;
    case Outcome::Void:
      switch (r.order.kind) {
        case OrderKind::Retreat: return Phrase::OutcomeVoidRetreat;
        case OrderKind::Build: return Phrase::OutcomeVoidBuild;
        case OrderKind::Disband:
        case OrderKind::Waive:
        case OrderKind::CanalPermit: return Phrase::OutcomeVoid;
        default: return Phrase::OutcomeVoidHolds;  // rule 6.15
      }
    case Outcome::NoOrder:
      return r.order.kind == OrderKind::Disband ? Phrase::OutcomeNoOrderDisbanded
             : r.order.kind == OrderKind::Hold  ? Phrase::OutcomeNoOrderHeld
                                                : Phrase::OutcomeNoOrder;
    case Outcome::CivilDisorder: return Phrase::OutcomeCivilDisorder;
    case Outcome::CanalClosed: return Phrase::OutcomeCanalClosed;
    case Outcome::StoppedShort: return Phrase::OutcomeStoppedShort;
    case Outcome::Converted:
      return r.order.unit == UnitType::Fleet ? Phrase::OutcomeConvertedToFleet : Phrase::OutcomeConvertedToArmy;
  }
  return Phrase::OutcomeVoid;
}

// "Britain: F hon - scs": the order in notation, after the power's name in
// the reader's language.
void order_with_power(const Map& map, const Order& o, OrderStyle style, ResultText& out) {
  OrderText order;
  format_order(map, o, style, order);
  if (o.power >= map.power_count())
    out.assign(order.view());
  else
    append_phrase(out, Phrase::ResultPowerOrder, {{"power", power_name(map, o.power)}, {"order", order.view()}});
}

// " (the reason)" after a result, when it has one.
template <int N>
void append_reason(const Map& map, const Order& o, VoidReason reason, FixedString<N>& out) {
  if (reason == VoidReason::None) return;
  ReasonText why;
  describe_void(map, o, reason, why);
  out.append(" (");
  out.append(why.view());
  out.append(")");
}

}  // namespace

std::string_view void_consequence(const Order& order, PhaseKind phase) {
  switch (phase) {
    case PhaseKind::Movement:
      return phrase(order.kind == OrderKind::CanalPermit ? Phrase::ConsequenceNoFleetThrough
                                                         : Phrase::ConsequenceHolds);  // 6.15
    case PhaseKind::Retreat: return phrase(Phrase::ConsequenceRetreat);
    case PhaseKind::Adjustment: break;
  }
  switch (order.kind) {
    case OrderKind::Build: return phrase(Phrase::ConsequenceNoBuild);
    case OrderKind::Waive: return phrase(Phrase::ConsequenceWaivesNothing);
    default: return phrase(Phrase::ConsequenceRemovesNothing);
  }
}

void describe_result(const Map& map, const OrderResult& r, OrderStyle style, ResultText& out) {
  ResultText order;
  order_with_power(map, r.order, style, order);
  ResultText outcome;
  const bool stopped_in = r.outcome == Outcome::StoppedShort && r.reached < map.province_count();
  if (stopped_in)
    append_phrase(outcome, Phrase::OutcomeStoppedShortIn, {{"place", place_name(map, r.reached).view()}});
  else
    append_phrase(outcome, outcome_phrase(r));
  // Orders a conditional handed in with the movement orders gave (the
  // club's house rules) say so.
  out.clear();
  append_phrase(out, r.conditional ? Phrase::ResultLineConditional : Phrase::ResultLine,
                {{"order", order.view()}, {"outcome", outcome.view()}});
  append_reason(map, r.order, r.reason, out);
  if (r.dislodged) {
    const bool from = r.dislodged_from != kNoProvince;
    out.append("; ");
    append_phrase(out,
                  r.destroyed ? (from ? Phrase::ResultDestroyedFrom : Phrase::ResultDestroyed)
                              : (from ? Phrase::ResultDislodgedFrom : Phrase::ResultDislodged),
                  {{"place", from ? place_name(map, r.dislodged_from).view() : ""}});
  }
}

namespace {

// "Britain's fleet", the subject of a sentence.
void subject(const Map& map, const Order& o, SentenceText& out) {
  const bool fleet = o.unit == UnitType::Fleet;
  if (o.power >= map.power_count()) {
    append_phrase(out, fleet ? Phrase::SubjectFleetUnknown : Phrase::SubjectArmyUnknown);
    return;
  }
  append_phrase(out, fleet ? Phrase::SubjectFleet : Phrase::SubjectArmy,
                {{"power", power_name(map, o.power)}, {"nation", nation_name(map, o.power)}});
}

// "the French army", a unit named after a verb.
void unit_phrase(const Map& map, PowerId power, UnitType type, SentenceText& out) {
  const bool fleet = type == UnitType::Fleet;
  if (power >= map.power_count()) {
    append_phrase(out, fleet ? Phrase::UnitFleetUnknown : Phrase::UnitArmyUnknown);
    return;
  }
  append_phrase(out, fleet ? Phrase::UnitFleet : Phrase::UnitArmy, {{"nation", nation_name(map, power)}});
}

// The other unit an order names, as it stood before the phase.
void other_unit(const Map& map, const Position& before, const Order& o, SentenceText& out) {
  const ProvinceId p = o.other_at < map.location_count() ? map.province_of(o.other_at) : kNoProvince;
  const Unit* u = p != kNoProvince && before.units[p].present() ? &before.units[p] : nullptr;
  unit_phrase(map, u ? u->power : o.other_power, u ? u->type : o.other_unit, out);
}

// The railroad move stopped short: where, and by what (the station after
// `reached` on its way, and who stood there).
void railroad_stop(const Map& map, const Position& before, const OrderResult& r, std::string_view subject_text,
                   SentenceText& out) {
  const PlaceText from_place = place_name(map, r.order.at), stop_place = place_name(map, r.reached);
  const std::string_view from = from_place.view(), stop = stop_place.view();
  auto plain = [&] {
    append_phrase(out, Phrase::SentenceRailStopped, {{"subject", subject_text}, {"from", from}, {"stop", stop}});
  };
  const int line = railroad_between(map, map.province_of(r.order.at), map.province_of(r.order.to));
  if (line < 0) return plain();
  const Railroad& rr = map.railroad(line);
  int first = -1, reached = -1, last = -1;
  for (int i = 0; i < rr.stations.size(); ++i) {
    if (rr.stations[i] == map.province_of(r.order.at)) first = i;
    if (rr.stations[i] == r.reached) reached = i;
    if (rr.stations[i] == map.province_of(r.order.to)) last = i;
  }
  if (first < 0 || reached < 0 || last < 0 || reached == last) return plain();
  const ProvinceId p = rr.stations[reached + (last > first ? 1 : -1)];
  const Unit& u = before.units[p];
  if (!u.present()) {
    append_phrase(out, Phrase::SentenceRailStoppedStandoff,
                  {{"subject", subject_text}, {"from", from}, {"stop", stop}, {"place", place_name(map, p).view()}});
    return;
  }
  SentenceText blocker;
  unit_phrase(map, u.power, u.type, blocker);
  append_phrase(out, Phrase::SentenceRailStoppedBy,
                {{"subject", subject_text},
                 {"from", from},
                 {"stop", stop},
                 {"unit", blocker.view()},
                 {"place", place_name(map, p).view()}});
}

// A build or a waive: "Britain built an army in Delhi".
void adjustment_sentence(const Map& map, const OrderResult& r, SentenceText& out) {
  const Order& o = r.order;
  const std::string_view power = o.power < map.power_count() ? power_name(map, o.power) : phrase(Phrase::PowerUnknown);
  if (o.kind == OrderKind::Waive) {
    append_phrase(out, Phrase::SentenceWaived, {{"power", power}});
    return;
  }
  const bool fleet = o.unit == UnitType::Fleet, ok = r.outcome == Outcome::Succeeded;
  append_phrase(out,
                ok ? (fleet ? Phrase::SentenceBuiltFleet : Phrase::SentenceBuiltArmy)
                   : (fleet ? Phrase::SentenceNotBuiltFleet : Phrase::SentenceNotBuiltArmy),
                {{"power", power}, {"place", place_name(map, o.at).view()}});
}

// The sentence of a support: "... supported the French army from Tongking to Canton".
Phrase support_phrase(const OrderResult& r) {
  const bool hold = r.order.to == kNoLocation;
  switch (r.outcome) {
    case Outcome::Succeeded: return hold ? Phrase::SentenceSupportedHold : Phrase::SentenceSupportedMove;
    case Outcome::Cut: return hold ? Phrase::SentenceSupportCutHold : Phrase::SentenceSupportCutMove;
    case Outcome::NotMatched: return hold ? Phrase::SentenceNotMatchedHold : Phrase::SentenceNotMatchedMove;
    default: return hold ? Phrase::SentenceTriedSupportHold : Phrase::SentenceTriedSupportMove;
  }
}

Phrase move_phrase(const OrderResult& r) {
  if (r.outcome == Outcome::Succeeded)
    return r.order.via_convoy ? Phrase::SentenceMovedByConvoy : Phrase::SentenceMoved;
  if (r.outcome == Outcome::CanalClosed) return Phrase::SentenceNotMovedCanal;
  if (r.outcome == Outcome::NoConvoy || r.outcome == Outcome::ConvoyDisrupted) return Phrase::SentenceNotMovedConvoy;
  return Phrase::SentenceNotMoved;
}

// What the unit did, without the end of the sentence.
void unit_sentence(const Map& map, const Position& before, const OrderResult& r, SentenceText& out) {
  const Order& o = r.order;
  SentenceText who, other;
  subject(map, o, who);
  other_unit(map, before, o, other);
  const bool ok = r.outcome == Outcome::Succeeded;
  const PlaceText at_place = place_name(map, o.at), to_place = place_name(map, o.to),
                  from_other_place = place_name(map, o.other_at);
  const std::string_view at = at_place.view(), to = to_place.view(), from_other = from_other_place.view();
  auto say = [&](Phrase p, std::string_view from, std::string_view dest) {
    append_phrase(out, p,
                  {{"subject", who.view()},
                   {"at", at},
                   {"from", from},
                   {"to", dest},
                   {"place", from_other},
                   {"unit", other.view()}});
  };
  switch (o.kind) {
    case OrderKind::Move: return say(move_phrase(r), at, to);
    case OrderKind::RailMove:
      if (ok) return say(Phrase::SentenceRailed, at, to);
      if (r.outcome == Outcome::StoppedShort && r.reached < map.province_count())
        return railroad_stop(map, before, r, who.view(), out);
      return say(Phrase::SentenceRailFailed, at, to);
    case OrderKind::Support: return say(support_phrase(r), from_other, to);
    case OrderKind::Convoy: return say(ok ? Phrase::SentenceConvoyed : Phrase::SentenceNotConvoyed, from_other, to);
    case OrderKind::CanalPermit: return say(ok ? Phrase::SentenceLetThrough : Phrase::SentenceNotLetThrough, at, to);
    case OrderKind::Retreat: return say(ok ? Phrase::SentenceRetreated : Phrase::SentenceNotRetreated, at, to);
    case OrderKind::Disband:
      return say(r.outcome == Outcome::CivilDisorder ? Phrase::SentenceRemoved : Phrase::SentenceDisbanded, at, to);
    default:  // Hold
      return say(r.outcome == Outcome::NoOrder ? Phrase::SentenceNoOrderHeld : Phrase::SentenceHeld, at, to);
  }
}

}  // namespace

void describe_result_sentence(const Map& map, const Position& before, const OrderResult& r, SentenceText& out) {
  out.clear();
  SentenceText sentence;
  if (r.order.kind == OrderKind::Build || r.order.kind == OrderKind::Waive)
    adjustment_sentence(map, r, sentence);
  else
    unit_sentence(map, before, r, sentence);
  const bool unit_order = r.order.kind != OrderKind::Build && r.order.kind != OrderKind::Waive;
  if (unit_order && r.outcome == Outcome::Void) {
    ReasonText why;
    describe_void(map, r.order, r.reason, why);
    SentenceText with;
    append_phrase(with, Phrase::SentenceVoid, {{"sentence", sentence.view()}, {"reason", why.view()}});
    sentence = with;
  }
  if (unit_order && r.dislodged) {
    const bool from = r.dislodged_from != kNoProvince && r.dislodged_from < map.province_count();
    SentenceText with;
    append_phrase(with,
                  r.destroyed ? (from ? Phrase::SentenceDestroyedFrom : Phrase::SentenceDestroyed)
                              : (from ? Phrase::SentenceDislodgedFrom : Phrase::SentenceDislodged),
                  {{"sentence", sentence.view()}, {"place", from ? map.province(r.dislodged_from).name : ""}});
    sentence = with;
  }
  append_phrase(out, Phrase::SentenceEnd, {{"sentence", sentence.view()}});
}

void describe_order_words(const Map& map, const Position& pos, const Order& o, SentenceText& out) {
  out.clear();
  PlaceText at, to, other_at;
  format_place_name(map, o.at, at);
  format_place_name(map, o.to, to);
  format_place_name(map, o.other_at, other_at);
  SentenceText other;
  if (o.other_at != kNoLocation) other_unit(map, pos, o, other);
  const bool fleet = o.unit == UnitType::Fleet;
  auto say = [&](Phrase p) {
    append_phrase(out, p,
                  {{"to", to.view()},
                   {"at", at.view()},
                   {"place", o.kind == OrderKind::Support ? other_at.view() : at.view()},
                   {"from", other_at.view()},
                   {"unit", other.view()}});
  };
  switch (o.kind) {
    case OrderKind::Hold: return say(Phrase::WordsHold);
    case OrderKind::Move: {
      const bool far =
          o.at < map.location_count() && o.to < map.location_count() &&
          (fleet ? !map.fleet_adjacent(o.at, o.to) : !map.army_adjacent(map.province_of(o.at), map.province_of(o.to)));
      if (fleet) return say(far ? Phrase::WordsMoveThroughCanal : Phrase::WordsMove);
      return say(o.via_convoy || far ? Phrase::WordsMoveByConvoy : Phrase::WordsMove);
    }
    case OrderKind::RailMove: return say(Phrase::WordsRailroad);
    case OrderKind::Support: return say(o.to == kNoLocation ? Phrase::WordsSupportHold : Phrase::WordsSupportMove);
    case OrderKind::Convoy: return say(Phrase::WordsConvoy);
    case OrderKind::CanalPermit: return say(Phrase::WordsCanalPermit);
    case OrderKind::Retreat: return say(Phrase::WordsRetreat);
    case OrderKind::Disband:
      if (pos.phase.kind != PhaseKind::Adjustment) return say(Phrase::WordsDisband);
      return say(fleet ? Phrase::WordsDisbandFleet : Phrase::WordsDisbandArmy);
    case OrderKind::Build: {
      // A build where the power's own unit stands changes its type (Era of
      // Empire's conversion).
      const ProvinceId p = o.at < map.location_count() ? map.province_of(o.at) : kNoProvince;
      if (p != kNoProvince && pos.units[p].present() && pos.units[p].type != o.unit)
        return say(fleet ? Phrase::WordsConvertToFleet : Phrase::WordsConvertToArmy);
      return say(fleet ? Phrase::WordsBuildFleet : Phrase::WordsBuildArmy);
    }
    case OrderKind::Waive: return say(Phrase::WordsWaive);
    case OrderKind::None: return;
  }
}

void describe_unit_label(const Map& map, UnitType type, LocationId at, SentenceText& out) {
  out.clear();
  PlaceText place;
  format_place_name(map, at, place);
  append_phrase(out, type == UnitType::Fleet ? Phrase::LabelFleet : Phrase::LabelArmy, {{"place", place.view()}});
}

void describe_skipped(const Map& map, const SkippedOrder& s, OrderStyle style, ResultText& out) {
  ResultText order;
  order_with_power(map, s.order, style, order);
  out.clear();
  append_phrase(out, Phrase::ResultSkipped, {{"order", order.view()}});
  append_reason(map, s.order, s.reason, out);
}

namespace {

// What `power` may still build of `owed`, `due` of them possible: "Build 2",
// "Build 0 (1 due, no free home colony: waived)".
void describe_builds(const Game& game, int owed, int due, ResultText& out) {
  if (due >= owed) return append_phrase(out, CountedPhrase::AdjustBuild, due);
  const bool any_centre = game.position().rules.conscription;
  const CountedPhrase p =
      due == 0 ? (any_centre ? CountedPhrase::AdjustBuildWaivedCentre : CountedPhrase::AdjustBuildWaivedHome)
               : (any_centre ? CountedPhrase::AdjustBuildShortCentre : CountedPhrase::AdjustBuildShortHome);
  append_phrase(out, p, owed - due, {{"builds", due}});
}

}  // namespace

void describe_adjustment(const Game& game, PowerId power, ResultText& out) {
  out.clear();
  if (game.phase().kind != PhaseKind::Adjustment) return;
  int owed = adjustment_count(game.map(), game.position(), power);
  if (owed > 0) {
    describe_builds(game, owed, game.adjustment_due(power), out);
  } else if (owed < 0) {
    // No choice left: planned in advance (conditionals), or every unit goes.
    const CountedPhrase p = (game.covered_powers() >> power) & 1u ? CountedPhrase::AdjustDisbandPlanned
                            : !game.has_choice(power)             ? CountedPhrase::AdjustDisbandForced
                                                                  : CountedPhrase::AdjustDisband;
    append_phrase(out, p, -owed);
  }
  // Era of Empire: units it may convert, whatever it owes.
  ConversionOrders conversions;
  conversions_of(game.map(), game.position(), power, conversions);
  ProvinceSet convertible;
  for (const Order& o : conversions) convertible.set(game.map().province_of(o.at));
  if (!convertible.empty() && !game.surrendered(power) && !((game.settings().unplayed_powers >> power) & 1u)) {
    if (out.empty()) return append_phrase(out, CountedPhrase::AdjustMayConvert, convertible.count());
    ResultText owes = out;
    out.clear();
    append_phrase(out, CountedPhrase::AdjustAndMayConvert, convertible.count(), {{"adjustment", owes.view()}});
  }
}

namespace {

// "Britain", "China and Japan", "Britain, China and Japan": the powers of
// a mask, as a list in the phrases in use.
void append_powers(const Map& map, u32 powers, SentenceText& out) {
  const int total = std::popcount(powers);
  int written = 0;
  for (PowerId p = 0; p < map.power_count(); ++p)
    if ((powers >> p) & 1u) {
      if (written > 0) out.append(written + 1 == total ? phrase(Phrase::ListAnd) : ", ");
      out.append(power_name(map, p));
      ++written;
    }
}

// Who has the most colonies (or units) when a game ends on a limit.
void describe_most(const Map& map, const GameResult& r, SentenceText& out) {
  const bool units = r.measure == EndMeasure::Units;
  if (r.winner != kNoPower) {
    append_phrase(out, units ? Phrase::EndMostUnitsWins : Phrase::EndMostColoniesWins,
                  {{"power", power_name(map, r.winner)}});
  } else if (r.sharing) {
    SentenceText powers;
    append_powers(map, r.sharing, powers);
    append_phrase(out, units ? Phrase::EndMostUnitsShared : Phrase::EndMostColoniesShared, {{"powers", powers.view()}});
  } else {
    append_phrase(out, units ? Phrase::EndMostUnitsTied : Phrase::EndMostColoniesTied);
  }
}

}  // namespace

void describe_game_end(const Map& map, const GameResult& r, SentenceText& out) {
  out.clear();
  switch (r.end) {
    case GameEnd::None: return;
    case GameEnd::Victory: {
      if (r.winner != kNoPower) return append_phrase(out, Phrase::EndWins, {{"power", power_name(map, r.winner)}});
      if (!r.sharing) return append_phrase(out, Phrase::EndVictory);
      // One player's several powers, or players tied over the line: all named.
      SentenceText powers;
      append_powers(map, r.sharing, powers);
      return append_phrase(out, Phrase::EndWinShared, {{"powers", powers.view()}});
    }
    case GameEnd::Draw: {
      SentenceText powers;
      append_powers(map, r.sharing, powers);
      return append_phrase(out, Phrase::EndDraw, {{"powers", powers.view()}});
    }
    case GameEnd::Agreement:
    case GameEnd::TurnLimit:
    case GameEnd::TimeLimit: {
      SentenceText most;
      describe_most(map, r, most);
      return append_phrase(out,
                           r.end == GameEnd::Agreement   ? Phrase::EndAgreement
                           : r.end == GameEnd::TurnLimit ? Phrase::EndLastYear
                                                         : Phrase::EndTimeUp,
                           {{"result", most.view()}});
    }
    case GameEnd::AllSurrendered: return append_phrase(out, Phrase::EndAllSurrendered);
  }
}

namespace {

// How many of `power`'s units `orders` give an order to (each once, canal
// permissions apart: they order no unit of their own).
int units_ordered(const Map& map, PowerId power, const OrderList& orders) {
  ProvinceSet ordered;
  for (const Order& o : orders)
    if ((o.power == power || o.power == kNoPower) && o.kind != OrderKind::CanalPermit && o.at != kNoLocation)
      ordered.set(map.province_of(o.at));
  return ordered.count();
}

}  // namespace

void describe_task(const Game& game, PowerId power, const OrderList& orders, ResultText& out) {
  describe_task(game.map(), game.position(), power, game.has_choice(power), orders, out);
}

void describe_task(const Map& map, const Position& pos, PowerId power, bool has_choice, const OrderList& orders,
                   ResultText& out) {
  out.clear();
  if (!has_choice) return append_phrase(out, Phrase::TaskNothing);
  const int ordered = units_ordered(map, power, orders);
  switch (pos.phase.kind) {
    case PhaseKind::Movement:
      return append_phrase(out, CountedPhrase::TaskMovement, pos.unit_count(power), {{"ordered", ordered}});
    case PhaseKind::Retreat: {
      // The dislodged units with somewhere to go; the others are destroyed
      // whatever is ordered.
      int must = 0;
      LegalOrders legal;
      for (int i = 0; i < map.province_count(); ++i) {
        const DislodgedUnit& d = pos.dislodged[i];
        if (!d.unit.present() || d.unit.power != power) continue;
        legal.clear();
        legal_orders(map, pos, static_cast<ProvinceId>(i), legal);
        for (const Order& o : legal)
          if (o.kind == OrderKind::Retreat) {
            ++must;
            break;
          }
      }
      if (ordered == 0) return append_phrase(out, CountedPhrase::TaskRetreat, must);
      return append_phrase(out, CountedPhrase::TaskRetreatOrdered, must, {{"ordered", ordered}});
    }
    case PhaseKind::Adjustment: {
      const int due = adjustment_count(map, pos, power);
      if (due > 0) {
        // As many as it has places for (Game::adjustment_due).
        const int free = free_build_places(map, pos, power);
        const CountedPhrase p = pos.rules.conscription ? CountedPhrase::TaskBuildCentre : CountedPhrase::TaskBuildHome;
        return append_phrase(out, p, free, {{"builds", due < free ? due : free}});
      }
      if (due < 0) return append_phrase(out, CountedPhrase::TaskRemove, -due);
      // Nothing owed: what it may convert (Era of Empire).
      ConversionOrders conversions;
      conversions_of(map, pos, power, conversions);
      ProvinceSet convertible;
      for (const Order& o : conversions) convertible.set(map.province_of(o.at));
      return append_phrase(out, CountedPhrase::AdjustMayConvert, convertible.count());
    }
  }
}

}  // namespace colonial
