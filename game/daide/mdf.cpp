// The map definition (MDF): written from a Map, and read back by clients.
#include "representation.h"

namespace colonial::daide {

// MDF (powers) ((supply centres) (other provinces)) (adjacencies)
Tokens Representation::map_definition() const {
  const Map& map = *map_;
  Builder b;
  b.add(tok::MDF).open();
  for (PowerId w = 0; w < map.power_count(); ++w) b.add(power_tokens_[w]);
  b.close().open().open();
  for (PowerId w = 0; w < map.power_count(); ++w) {
    b.open().add(power_tokens_[w]);
    for (ProvinceId p : map.colony_provinces())
      if (map.province(p).home == w) b.add(province_tokens_[p]);
    b.close();
  }
  b.open().add(tok::UNO);
  for (ProvinceId p : map.colony_provinces())
    if (map.province(p).home >= map.power_count()) b.add(province_tokens_[p]);
  b.close().close().open();
  for (ProvinceId p = 0; p < map.province_count(); ++p)
    if (!map.province(p).colony) b.add(province_tokens_[p]);
  b.close().close().open();
  for (ProvinceId p = 0; p < map.province_count(); ++p) put_adjacency(b, p);
  return b.close().tokens;
}

// ( PROV ( AMY adj ... ) ( FLT adj ... ) ) or, on split coasts,
// ( ( FLT COAST ) adj ... ) for each coast.
void Representation::put_adjacency(Builder& b, ProvinceId p) const {
  const Map& map = *map_;
  const ProvinceInfo& info = map.province(p);
  b.open().add(province_tokens_[p]);
  if (info.kind != ProvinceKind::Sea) {
    b.open().add(tok::AMY);
    map.army_neighbours(p).for_each([&](int q) { b.add(province_tokens_[q]); });
    b.close();
  }
  auto fleet_list = [&](LocationId from) {
    map.fleet_neighbours(from).for_each([&](int l) { put_location(b, static_cast<LocationId>(l)); });
    b.close();
  };
  if (info.coast_count > 0) {
    for (int i = 0; i < info.coast_count; ++i) {
      const LocationId l = static_cast<LocationId>(info.first_coast + i);
      b.open().open().add(tok::FLT).add(coast_token(map.coast_of(l))).close();
      fleet_list(l);
    }
  } else if (info.kind != ProvinceKind::Land) {
    b.open().add(tok::FLT);
    fleet_list(p);
  }
  b.close();
}

namespace {

bool name_list(const TokenNames& names, Reader& r, std::set<std::string>& out) {
  Token t = 0;
  while (r.take_if(is_province, t)) out.insert(std::string(names.name(t)));
  return true;
}

bool read_centres(const TokenNames& names, Reader& r, MapDefinition& out) {
  if (!r.open()) return false;
  while (r.open()) {
    std::set<std::string> owners;
    Token t = 0;
    if (r.take(tok::UNO)) {
    } else if (r.take_if(is_power, t)) {
      owners.insert(std::string(names.name(t)));
    } else if (r.open()) {
      while (r.take_if(is_power, t)) owners.insert(std::string(names.name(t)));
      if (!r.close()) return false;
    } else {
      return false;
    }
    std::set<std::string> centres;
    name_list(names, r, centres);
    for (const std::string& c : centres) out.centres[c].insert(owners.begin(), owners.end());
    if (!r.close()) return false;
  }
  return r.close();
}

// An adjacent place: PROV or ( PROV COAST ).
bool read_place(const TokenNames& names, Reader& r, std::string& out) {
  Token t = 0, c = 0;
  if (r.take_if(is_province, t)) {
    out = names.name(t);
    return true;
  }
  const std::size_t start = r.position();
  if (r.open() && r.take_if(is_province, t) && r.take_if([](Token x) { return category(x) == kCategoryCoast; }, c) &&
      r.close()) {
    out = std::string(names.name(t)) + " " + std::string(names.name(c));
    return true;
  }
  r.rewind(start);
  return false;
}

bool read_unit_kind(const TokenNames& names, Reader& r, std::string& out) {
  Token c = 0;
  if (r.take(tok::AMY)) {
    out = "AMY";
  } else if (r.take(tok::FLT)) {
    out = "FLT";
  } else if (r.open() && r.take(tok::FLT) && r.take_if([](Token x) { return category(x) == kCategoryCoast; }, c) &&
             r.close()) {
    out = "FLT " + std::string(names.name(c));
  } else {
    return false;
  }
  return true;
}

bool read_adjacencies(const TokenNames& names, Reader& r, MapDefinition& out) {
  if (!r.open()) return false;
  while (r.open()) {
    Token p = 0;
    if (!r.take_if(is_province, p)) return false;
    auto& by_kind = out.adjacency[std::string(names.name(p))];
    while (r.open()) {
      std::string kind, place;
      if (!read_unit_kind(names, r, kind)) return false;
      auto& places = by_kind[kind];
      while (read_place(names, r, place)) places.insert(place);
      if (!r.close()) return false;
    }
    if (!r.close()) return false;
  }
  return r.close();
}

}  // namespace

bool read_map_definition(const TokenNames& names, const Tokens& message, MapDefinition& out, std::string& why) {
  out = MapDefinition();
  Reader r(message);
  Token t = 0;
  bool ok = r.take(tok::MDF) && r.open();
  while (ok && r.take_if(is_power, t)) out.powers.push_back(std::string(names.name(t)));
  ok = ok && r.close() && r.open() && read_centres(names, r, out) && r.open() && name_list(names, r, out.others) &&
       r.close() && r.close() && read_adjacencies(names, r, out) && r.at_end();
  if (!ok) why = "the MDF does not follow the syntax at token " + std::to_string(r.furthest());
  return ok;
}

}  // namespace colonial::daide
