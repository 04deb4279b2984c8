#include "border_check.h"

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

bool same_pair(ProvinceId a, ProvinceId b, ProvinceId x, ProvinceId y) {
  return (a == x && b == y) || (a == y && b == x);
}

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

namespace {

// For split-coast province p: each sea it touches must lie nearest (by the
// centre of the shared edge) to the anchor of a coast linked to that sea.
void check_coasts(const Map& map, const Raster& ids, ProvinceId p, std::vector<Mismatch>& out) {
  Projection proj;
  proj.width = ids.width;
  proj.init();
  const int n = map.province_count();
  std::vector<double> sx(static_cast<std::size_t>(n), 0), sy(static_cast<std::size_t>(n), 0);
  std::vector<int> count(static_cast<std::size_t>(n), 0);
  for (int y = 0; y < ids.height; ++y)
    for (int x = 0; x < ids.width; ++x) {
      if (ids.at(x, y) != p) continue;
      static const int kN[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      for (const auto& d : kN) {
        int nx = x + d[0], ny = y + d[1];
        if (!ids.inside(nx, ny)) continue;
        int q = ids.at(nx, ny);
        if (q >= n || map.province(static_cast<ProvinceId>(q)).kind != colonial::ProvinceKind::Sea) continue;
        sx[static_cast<std::size_t>(q)] += x;
        sy[static_cast<std::size_t>(q)] += y;
        ++count[static_cast<std::size_t>(q)];
      }
    }
  for (int q = 0; q < n; ++q) {
    if (count[static_cast<std::size_t>(q)] < kMinContact) continue;
    double cx = sx[static_cast<std::size_t>(q)] / count[static_cast<std::size_t>(q)];
    double cy = sy[static_cast<std::size_t>(q)] / count[static_cast<std::size_t>(q)];
    colonial::LocationId nearest = colonial::kNoLocation;
    double best = 1e18;
    for (colonial::Coast c :
         {colonial::Coast::North, colonial::Coast::South, colonial::Coast::East, colonial::Coast::West}) {
      colonial::LocationId l = map.location_of(p, c);
      const colonial::Anchor* a = l == colonial::kNoLocation ? nullptr : map.unit_anchor(l);
      if (!a) continue;
      double dx = proj.x_of(a->lon) - cx, dy = proj.y_of(a->lat) - cy, d = dx * dx + dy * dy;
      if (d < best) {
        best = d;
        nearest = l;
      }
    }
    if (nearest != colonial::kNoLocation && !map.fleet_adjacent(nearest, static_cast<colonial::LocationId>(q)))
      out.push_back({p, static_cast<ProvinceId>(q), Mismatch::WrongCoast, count[static_cast<std::size_t>(q)], {}, {}});
  }
}

// The 8-connected pieces of every id: for each id, the pieces' sizes and a
// pixel of each.
struct Piece {
  int size, x, y;
};
std::vector<std::vector<Piece>> find_pieces(const Raster& ids) {
  std::vector<std::vector<Piece>> pieces(256);
  std::vector<std::uint8_t> seen(ids.pixels.size(), 0);
  std::vector<int> stack;
  for (int y0 = 0; y0 < ids.height; ++y0)
    for (int x0 = 0; x0 < ids.width; ++x0) {
      std::size_t i0 =
          static_cast<std::size_t>(y0) * static_cast<std::size_t>(ids.width) + static_cast<std::size_t>(x0);
      if (seen[i0]) continue;
      const int v = ids.at(x0, y0);
      Piece piece{0, x0, y0};
      seen[i0] = 1;
      stack.assign(1, static_cast<int>(i0));
      while (!stack.empty()) {
        int i = stack.back();
        stack.pop_back();
        ++piece.size;
        int x = i % ids.width, y = i / ids.width;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            int nx = x + dx, ny = y + dy;
            if (!ids.inside(nx, ny) || ids.at(nx, ny) != v) continue;
            std::size_t ni =
                static_cast<std::size_t>(ny) * static_cast<std::size_t>(ids.width) + static_cast<std::size_t>(nx);
            if (seen[ni]) continue;
            seen[ni] = 1;
            stack.push_back(static_cast<int>(ni));
          }
      }
      pieces[static_cast<std::size_t>(v)].push_back(piece);
    }
  return pieces;
}

}  // namespace

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
        out.push_back({pa, pb, Mismatch::AdjacentNotTouching, contact, {}, {}});
      else if (!adjacent && contact > 0)
        out.push_back({pa, pb, Mismatch::TouchingNotAdjacent, contact, {}, {}});
    }
  for (int p = 0; p < n; ++p)
    if (map.has_coasts(static_cast<ProvinceId>(p))) check_coasts(map, ids, static_cast<ProvinceId>(p), out);
  std::vector<std::vector<Piece>> pieces = find_pieces(ids);
  for (int p = 0; p < n; ++p) {
    const std::vector<Piece>& ps = pieces[static_cast<std::size_t>(p)];
    if (ps.size() < 2) continue;
    Mismatch m{static_cast<ProvinceId>(p), colonial::kNoProvince, Mismatch::Split, static_cast<int>(ps.size()), {}, {}};
    const Piece* smallest = &ps[0];
    for (const Piece& q : ps)
      if (q.size < smallest->size) smallest = &q;
    m.where = "smallest piece: " + std::to_string(smallest->size) + " px at " + std::to_string(smallest->x) + "," +
              std::to_string(smallest->y);
    out.push_back(m);
  }
  return out;
}

bool apply_explanations(const Map& map, const std::string& text, const std::string& file_name,
                        std::vector<Mismatch>& mismatches, std::vector<std::string>& stale, std::string& error) {
  return read_word_lines(text, file_name, error, [&](const std::vector<std::string>& w, const auto& fail) {
    if (w.size() < 2) return fail("expected: PROVINCE PROVINCE reason");
    const std::string& a = w[0];
    const std::string& b = w[1];
    std::string reason;
    for (std::size_t i = 2; i < w.size(); ++i) reason += (reason.empty() ? "" : " ") + w[i];
    if (reason.empty()) return fail(a + "-" + b + " needs a reason");
    // "A - reason" explains province A drawn in pieces.
    const bool split = b == "-";
    colonial::ProvinceLookup la = map.find_province(a), lb = split ? la : map.find_province(b);
    if (la.status != colonial::LookupStatus::Found || lb.status != colonial::LookupStatus::Found)
      return fail("unknown province '" + (la.status != colonial::LookupStatus::Found ? a : b) + "'");
    bool used = false;
    for (Mismatch& m : mismatches)
      if (split ? (m.kind == Mismatch::Split && m.a == la.province)
                : (m.kind != Mismatch::Split && same_pair(m.a, m.b, la.province, lb.province))) {
        m.reason = reason;
        used = true;
      }
    if (!used) stale.push_back(a + " " + b);
    return true;
  });
}

std::string describe(const Map& map, const Mismatch& m) {
  if (m.kind == Mismatch::Split) {
    std::string s =
        std::string(map.province(m.a).code) + ": drawn in " + std::to_string(m.contact) + " pieces (" + m.where + ")";
    if (!m.reason.empty()) s += "  [explained: " + m.reason + "]";
    return s;
  }
  std::string s = std::string(map.province(m.a).code) + " " + map.province(m.b).code + ": ";
  if (m.kind == Mismatch::TouchingNotAdjacent)
    s += "touch on screen (" + std::to_string(m.contact) + " px) but are not adjacent";
  else if (m.kind == Mismatch::WrongCoast)
    s += "the sea is drawn nearest a coast of " + std::string(map.province(m.a).code) + " that has no fleet link to it";
  else if (m.contact == 0)
    s += "adjacent but do not touch on screen";
  else
    s += "adjacent but touch by " + std::to_string(m.contact) + " px only (need " + std::to_string(kMinContact) + ")";
  if (!m.reason.empty()) s += "  [explained: " + m.reason + "]";
  return s;
}

}  // namespace mapart
