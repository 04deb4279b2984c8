// The words the server's pages and JSON share: orders in judge notation,
// places by their codes ("hon", "spa/nc"), kinds of orders and phases by
// name, a power's orders as its seat reads them, and HTML escaping.
#pragma once

#include <string>
#include <string_view>

#include "map.h"
#include "order.h"
#include "order_server.h"
#include "position.h"

namespace colonial::server {

std::string order_text(const Map& map, const Order& o);   // "A del - pun"
std::string location_code(const Map& map, LocationId l);  // "spa/nc"; empty for none
std::string province_code(const Map& map, ProvinceId p);  // "spa"
const char* order_kind_name(OrderKind k);                 // "move", "support"...
const char* phase_kind_name(PhaseKind k);                 // "movement"...
std::string html_escape(std::string_view s);

// Power p's pending orders, one a line in judge notation, then DRAW and
// SURRENDER when handed in: what its seat's `GET orders` sends and its box
// shows.
std::string orders_text(const Map& map, const TableView& view, PowerId p);

}  // namespace colonial::server
