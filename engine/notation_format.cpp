// The formatter: orders and statements written so that the parser reads
// them back (see notation.h).
#include "map.h"
#include "notation.h"
#include "notation_lexer.h"
#include "phrases.h"

namespace colonial {

using notation_internal::append_lower;
using notation_internal::coast_code;

namespace {

constexpr std::string_view kEmDash = "\xE2\x80\x94";

void append_province(const Map& map, ProvinceId p, OrderStyle style, OrderText& out) {
  const ProvinceInfo& info = map.province(p);
  if (style == OrderStyle::Rulebook)
    out.append(info.abbrev[0] ? info.abbrev : info.code);
  else
    append_lower(out, info.code);
}

void append_location(const Map& map, LocationId loc, OrderStyle style, OrderText& out) {
  if (loc == kNoLocation || loc >= map.location_count()) {
    out.append("?");
    return;
  }
  append_province(map, map.province_of(loc), style, out);
  Coast c = map.coast_of(loc);
  if (c != Coast::None) {
    out.append('/');
    out.append(coast_code(c));
  }
}

void append_unit(UnitType t, OrderText& out) {
  if (t == UnitType::None) return;
  out.append(unit_letter(t));
  out.append(' ');
}

void append_dash(OrderStyle style, OrderText& out) { out.append(style == OrderStyle::Rulebook ? kEmDash : " - "); }

void append_nationality(const Map& map, PowerId p, OrderText& out) {
  if (p == kNoPower || p >= map.power_count()) return;
  out.append(map.power(p).adjective);
  out.append(' ');
}

}  // namespace

void format_location(const Map& map, LocationId loc, OrderStyle style, OrderText& out) {
  out.clear();
  append_location(map, loc, style, out);
}

void format_place_name(const Map& map, LocationId loc, PlaceText& out) {
  out.clear();
  if (loc == kNoLocation || loc >= map.location_count()) {
    append_phrase(out, Phrase::PlaceUnknown);
    return;
  }
  const ProvinceId p = map.province_of(loc);
  PlaceText name;
  if (map.province(p).kind == ProvinceKind::Sea)
    append_phrase(name, Phrase::PlaceSea, {{"place", map.province(p).name}});
  else
    name.assign(map.province(p).name);
  switch (map.coast_of(loc)) {
    case Coast::North: append_phrase(out, Phrase::PlaceNorthCoast, {{"place", name.view()}}); break;
    case Coast::South: append_phrase(out, Phrase::PlaceSouthCoast, {{"place", name.view()}}); break;
    case Coast::East: append_phrase(out, Phrase::PlaceEastCoast, {{"place", name.view()}}); break;
    case Coast::West: append_phrase(out, Phrase::PlaceWestCoast, {{"place", name.view()}}); break;
    case Coast::None: out.append(name.view()); break;
  }
}

void format_order(const Map& map, const Order& o, OrderStyle style, OrderText& out) {
  out.clear();
  bool rb = style == OrderStyle::Rulebook;
  auto subject = [&] {
    append_unit(o.unit, out);
    append_location(map, o.at, style, out);
  };
  auto other = [&] {
    append_nationality(map, o.other_power, out);
    append_unit(o.other_unit, out);
    append_location(map, o.other_at, style, out);
  };
  switch (o.kind) {
    case OrderKind::None: out.append("(no order)"); return;
    case OrderKind::Hold:
      subject();
      out.append(" H");
      return;
    case OrderKind::Move:
    case OrderKind::Retreat:
      subject();
      append_dash(style, out);
      append_location(map, o.to, style, out);
      if (o.via_convoy && o.kind == OrderKind::Move) out.append(" via convoy");
      return;
    case OrderKind::RailMove: {
      subject();
      std::string_view name = "TSR";
      for (int r = 0; r < map.railroad_count(); ++r) {
        const Railroad& rr = map.railroad(r);
        for (ProvinceId s : rr.stations)
          if (s == map.province_of(o.at)) name = rr.name;
      }
      // The rulebook writes the railroad with plain hyphens: A MOS-TSR-IRK.
      out.append(rb ? "-" : " - ");
      out.append(name);
      out.append(rb ? "-" : " - ");
      append_location(map, o.to, style, out);
      return;
    }
    case OrderKind::Support:
      subject();
      out.append(" S ");
      other();
      if (o.to != kNoLocation) {
        append_dash(style, out);
        append_location(map, o.to, style, out);
      }
      return;
    case OrderKind::Convoy:
      subject();
      out.append(" C ");
      other();
      append_dash(style, out);
      append_location(map, o.to, style, out);
      return;
    case OrderKind::CanalPermit:
      if (o.unit != UnitType::None) {
        subject();
        out.append(' ');
      }
      out.append("SC ");
      other();
      append_dash(style, out);
      append_location(map, o.to, style, out);
      return;
    case OrderKind::Disband:
      if (rb) {
        out.append("Disband ");
        subject();
      } else {
        subject();
        out.append(" disband");
      }
      return;
    case OrderKind::Build:
      out.append("Build ");
      subject();
      return;
    case OrderKind::Waive:
      out.append("Waive");
      if (o.at != kNoLocation) {
        out.append(' ');
        append_location(map, o.at, style, out);
      }
      return;
  }
}

void format_order_with_power(const Map& map, const Order& order, OrderStyle style, OrderText& out) {
  OrderText body;
  format_order(map, order, style, body);
  out.clear();
  if (order.power != kNoPower && order.power < map.power_count()) {
    out.append(map.power(order.power).name);
    out.append(": ");
  }
  out.append(body.view());
}

void format_statement(const Map& map, const Statement& s, OrderStyle style, StatementText& out) {
  out.clear();
  if (s.power != kNoPower && s.power < map.power_count()) {
    out.append(map.power(s.power).name);
    out.append(": ");
  }
  OrderText t;
  switch (s.kind) {
    case StatementKind::Order:
      format_order(map, s.order, style, t);
      out.append(t.view());
      return;
    case StatementKind::Draw: out.append("DRAW"); return;
    case StatementKind::Surrender: out.append("SURRENDER"); return;
    case StatementKind::Conditional: break;
  }
  for (int i = 0; i < s.conditions.size(); ++i) {
    const Condition& c = s.conditions[i];
    out.append(i ? "; if " : "If ");
    if (c.kind == ConditionKind::Dislodged) {
      t.clear();
      append_unit(c.unit, t);
      append_location(map, c.at, style, t);
      out.append(t.view());
      out.append(" is dislodged, retreat ");
      for (int k = 0; k < c.orders.size(); ++k) {
        if (k) out.append(", ");
        if (c.orders[k].kind == OrderKind::Disband) {
          out.append("disband");
        } else {
          t.clear();
          append_location(map, c.orders[k].to, style, t);
          out.append(t.view());
        }
      }
      continue;
    }
    // "If 2 builds: build A ton, F ann", "If 1 disband: disband F ann"
    const bool building = c.kind == ConditionKind::Builds;
    out.append_int(c.count);
    out.append(building ? (c.count == 1 ? " build: build " : " builds: build ")
                        : (c.count == 1 ? " disband: disband " : " disbands: disband "));
    for (int k = 0; k < c.orders.size(); ++k) {
      if (k) out.append(", ");
      if (c.orders[k].kind == OrderKind::Waive) {
        out.append("waive");
        continue;
      }
      t.clear();
      append_unit(c.orders[k].unit, t);
      append_location(map, c.orders[k].at, style, t);
      out.append(t.view());
    }
  }
}

}  // namespace colonial
