#include "border_check.h"

#include <sstream>

namespace mapart {

using colonial::LinkKind;
using colonial::Map;
using colonial::ProvinceId;

namespace {

bool any_fleet_link(const Map& map, ProvinceId a, ProvinceId b) {
  for (int l = 0; l < map.location_count(); ++l) {
    if (map.province_of(static_cast<colonial::LocationId>(l)) != a) continue;
    for (int m = 0; m < map.location_count(); ++m)
      if (map.province_of(static_cast<colonial::LocationId>(m)) == b &&
          map.fleet_adjacent(static_cast<colonial::LocationId>(l), static_cast<colonial::LocationId>(m)))
        return true;
  }
  return false;
}

bool same_pair(ProvinceId a, ProvinceId b, ProvinceId x, ProvinceId y) { return (a == x && b == y) || (a == y && b == x); }

}  // namespace

bool drawn_specially(const Map& map, ProvinceId a, ProvinceId b) {
  for (int i = 0; i < map.link_count(); ++i) {
    const colonial::Link& k = map.link(i);
    if (k.kind == LinkKind::Bridge && same_pair(a, b, map.province_of(k.a), map.province_of(k.b))) return true;
  }
  for (int i = 0; i < map.canal_count(); ++i) {
    const colonial::Canal& c = map.canal(i);
    if (same_pair(a, b, map.province_of(c.sea_a), map.province_of(c.sea_b))) return true;
  }
  for (int i = 0; i < map.impassable_count(); ++i) {
    ProvinceId x, y;
    map.impassable(i, x, y);
    if (same_pair(a, b, x, y)) return true;
  }
  return false;
}

std::vector<Mismatch> check_borders(const Map& map, const Raster& ids) {
  Contacts contacts = count_contacts(ids);
  std::vector<Mismatch> out;
  const int n = map.province_count();
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      ProvinceId pa = static_cast<ProvinceId>(a), pb = static_cast<ProvinceId>(b);
      if (drawn_specially(map, pa, pb)) continue;
      bool adjacent = map.army_adjacent(pa, pb) || any_fleet_link(map, pa, pb);
      int contact = contacts.at(a, b);
      if (adjacent && contact < kMinContact)
        out.push_back({pa, pb, Mismatch::AdjacentNotTouching, contact, {}});
      else if (!adjacent && contact > 0)
        out.push_back({pa, pb, Mismatch::TouchingNotAdjacent, contact, {}});
    }
  return out;
}

bool apply_explanations(const Map& map, const std::string& text, const std::string& file_name,
                        std::vector<Mismatch>& mismatches, std::vector<std::string>& stale, std::string& error) {
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    std::istringstream ss(line);
    std::string a, b, reason, word;
    if (!(ss >> a)) continue;
    if (!(ss >> b)) {
      error = file_name + ":" + std::to_string(number) + ": expected: PROVINCE PROVINCE reason";
      return false;
    }
    while (ss >> word) reason += (reason.empty() ? "" : " ") + word;
    if (reason.empty()) {
      error = file_name + ":" + std::to_string(number) + ": " + a + "-" + b + " needs a reason";
      return false;
    }
    colonial::ProvinceLookup la = map.find_province(a), lb = map.find_province(b);
    if (la.status != colonial::LookupStatus::Found || lb.status != colonial::LookupStatus::Found) {
      error = file_name + ":" + std::to_string(number) + ": unknown province '" +
              (la.status != colonial::LookupStatus::Found ? a : b) + "'";
      return false;
    }
    bool used = false;
    for (Mismatch& m : mismatches)
      if (same_pair(m.a, m.b, la.province, lb.province)) {
        m.reason = reason;
        used = true;
      }
    if (!used) stale.push_back(a + " " + b);
  }
  return true;
}

std::string describe(const Map& map, const Mismatch& m) {
  std::string s = std::string(map.province(m.a).code) + " " + map.province(m.b).code + ": ";
  if (m.kind == Mismatch::TouchingNotAdjacent)
    s += "touch on screen (" + std::to_string(m.contact) + " px) but are not adjacent";
  else if (m.contact == 0)
    s += "adjacent but do not touch on screen";
  else
    s += "adjacent but touch by " + std::to_string(m.contact) + " px only (need " + std::to_string(kMinContact) + ")";
  if (!m.reason.empty()) s += "  [explained: " + m.reason + "]";
  return s;
}

}  // namespace mapart
