#include "web_text.h"

#include "notation.h"

namespace colonial::server {

std::string order_text(const Map& map, const Order& o) {
  OrderText t;
  format_order(map, o, OrderStyle::Judge, t);
  return std::string(t.view());
}

std::string location_code(const Map& map, LocationId l) {
  if (l == kNoLocation || l >= map.location_count()) return {};
  OrderText t;
  format_location(map, l, OrderStyle::Judge, t);
  return std::string(t.view());
}

std::string province_code(const Map& map, ProvinceId p) {
  std::string s = map.province(p).code;
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

const char* order_kind_name(OrderKind k) {
  switch (k) {
    case OrderKind::Hold: return "hold";
    case OrderKind::Move: return "move";
    case OrderKind::Support: return "support";
    case OrderKind::Convoy: return "convoy";
    case OrderKind::RailMove: return "railroad";
    case OrderKind::CanalPermit: return "canal";
    case OrderKind::Retreat: return "retreat";
    case OrderKind::Disband: return "disband";
    case OrderKind::Build: return "build";
    case OrderKind::Waive: return "waive";
    default: return "none";
  }
}

const char* phase_kind_name(PhaseKind k) {
  switch (k) {
    case PhaseKind::Movement: return "movement";
    case PhaseKind::Retreat: return "retreat";
    case PhaseKind::Adjustment: return "adjustment";
  }
  return "movement";
}

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string orders_text(const Map& map, const TableView& view, PowerId p) {
  std::string text;
  for (const Order& o : view.orders[p]) text += order_text(map, o) + "\n";
  if (view.draw_votes >> p & 1u) text += "DRAW\n";
  if (view.surrenders >> p & 1u) text += "SURRENDER\n";
  return text;
}

}  // namespace colonial::server
