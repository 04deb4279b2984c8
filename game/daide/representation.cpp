#include "representation.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace colonial::daide {
namespace {

bool is_name_char(char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// A name as DAIDE writes one (three of A-Z, 0-9), upper-cased, or empty.
std::string daide_name(std::string_view s) {
  if (s.size() != 3) return {};
  std::string out;
  for (char c : s) {
    const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (!is_name_char(u)) return {};
    out.push_back(u);
  }
  return out;
}

ProvinceCategory category_of(const Map& map, ProvinceId p) {
  const ProvinceInfo& info = map.province(p);
  if (info.kind == ProvinceKind::Sea) return ProvinceCategory::Sea;
  if (info.kind == ProvinceKind::Land) return ProvinceCategory::Inland;
  return info.coast_count > 0 ? ProvinceCategory::Bicoastal : ProvinceCategory::Coastal;
}

std::uint8_t token_category(const Map& map, ProvinceId p) {
  return province_category(category_of(map, p), map.province(p).colony);
}

// The names a province might go by, best first.
std::vector<std::string> candidate_names(const Map& map, ProvinceId p) {
  std::vector<std::string> out;
  auto consider = [&](std::string_view s) {
    const std::string n = daide_name(s);
    if (!n.empty() && std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  };
  consider(map.province(p).code);
  consider(map.province(p).abbrev);
  map.for_each_alias(p, [&](std::string_view a) { consider(a); });
  return out;
}

struct Sorted {
  std::uint8_t category;
  std::string name;
  ProvinceId province;
};

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Token names
// ---------------------------------------------------------------------------

void TokenNames::add(Token t, std::string_view name) {
  names_[t] = std::string(name);
  tokens_[std::string(name)] = t;
}

void TokenNames::set_standard() {
  names_.clear();
  tokens_.clear();
  for (int i = 0; i < 7; ++i) add(make_token(kCategoryPower, static_cast<std::uint8_t>(i)), kStandardPowers[i]);
  for (int i = 0; i < kStandardProvinceCount; ++i)
    add(make_token(kStandardProvinces[i].category, static_cast<std::uint8_t>(i)), kStandardProvinces[i].name);
}

bool TokenNames::set_from_representation(const Bytes& data) {
  if (data.empty()) {
    set_standard();
    return true;
  }
  if (data.size() % 6 != 0) return false;
  names_.clear();
  tokens_.clear();
  for (std::size_t i = 0; i < data.size(); i += 6) {
    const Token t = static_cast<Token>((data[i] << 8) | data[i + 1]);
    if (!is_power(t) && !is_province(t)) return false;
    const std::string name = daide_name(std::string_view(reinterpret_cast<const char*>(&data[i + 2]), 3));
    if (name.empty() || data[i + 5] != 0 || names_.count(t)) return false;
    add(t, name);
  }
  return true;
}

std::string_view TokenNames::name(Token t) const {
  const auto it = names_.find(t);
  if (it != names_.end()) return it->second;
  return fixed_token_name(t);
}

bool TokenNames::find(std::string_view name, Token& out) const {
  const auto it = tokens_.find(name);
  if (it != tokens_.end()) {
    out = it->second;
    return true;
  }
  return find_fixed_token(name, out);
}

std::string TokenNames::format(const Tokens& t) const {
  std::string out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!out.empty()) out += ' ';
    if (is_text(t[i])) {
      out += '\'';
      while (i < t.size() && is_text(t[i])) out += static_cast<char>(low(t[i++]));
      --i;
      out += '\'';
    } else if (is_integer(t[i])) {
      out += std::to_string(integer_value(t[i]));
    } else if (t[i] == tok::BRA || t[i] == tok::KET) {
      out += t[i] == tok::BRA ? '(' : ')';
    } else {
      const std::string_view n = name(t[i]);
      if (!n.empty()) {
        out += n;
      } else {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%04X", t[i]);
        out += hex;
      }
    }
  }
  return out;
}

bool TokenNames::parse(std::string_view text, Tokens& out) const {
  out.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      ++i;
    } else if (c == '(' || c == ')') {
      out.push_back(c == '(' ? tok::BRA : tok::KET);
      ++i;
    } else if (c == '\'') {
      const std::size_t end = text.find('\'', i + 1);
      if (end == std::string_view::npos) return false;
      for (std::size_t k = i + 1; k < end; ++k)
        out.push_back(make_token(kCategoryText, static_cast<std::uint8_t>(text[k])));
      i = end + 1;
    } else {
      std::size_t end = i;
      while (end < text.size() && text[end] != ' ' && text[end] != '(' && text[end] != ')' && text[end] != '\n') ++end;
      const std::string word(text.substr(i, end - i));
      Token t = 0;
      char* stop = nullptr;
      const long v = std::strtol(word.c_str(), &stop, 10);
      if (stop && *stop == 0 && v >= kMinInteger && v <= kMaxInteger)
        t = integer_token(static_cast<int>(v));
      else if (!find(word, t))
        return false;
      out.push_back(t);
      i = end;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] The server's representation of a map
// ---------------------------------------------------------------------------

void Representation::build(const Map& map) {
  map_ = &map;
  names_ = TokenNames();
  std::string name;
  for (char c : map.name())
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_')
      name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  map_name_ = name.empty() ? "MAP" : name;
  if (try_standard()) return;
  standard_ = false;
  name_provinces();
}

bool Representation::try_standard() {
  const Map& map = *map_;
  if (map.province_count() != kStandardProvinceCount || map.power_count() != 7) return false;
  std::set<int> seen;
  for (ProvinceId p = 0; p < map.province_count(); ++p) {
    int found = -1;
    for (const std::string& n : candidate_names(map, p)) {
      for (int i = 0; i < kStandardProvinceCount && found < 0; ++i)
        if (n == kStandardProvinces[i].name && kStandardProvinces[i].category == token_category(map, p)) found = i;
      if (found >= 0) break;
    }
    if (found < 0 || !seen.insert(found).second) return false;
    province_tokens_[p] = make_token(kStandardProvinces[found].category, static_cast<std::uint8_t>(found));
    province_names_[p] = kStandardProvinces[found].name;
  }
  for (PowerId w = 0; w < 7; ++w) {
    const std::string n = daide_name(std::string_view(map.power(w).name).substr(0, 3));
    const auto* it =
        std::find_if(std::begin(kStandardPowers), std::end(kStandardPowers), [&](const char* s) { return n == s; });
    if (it == std::end(kStandardPowers)) return false;
    power_tokens_[w] = make_token(kCategoryPower, static_cast<std::uint8_t>(it - std::begin(kStandardPowers)));
  }
  standard_ = true;
  map_name_ = "STANDARD";
  names_.set_standard();
  return true;
}

void Representation::name_provinces() {
  const Map& map = *map_;
  std::set<std::string> used;
  for (PowerId w = 0; w < map.power_count(); ++w) {
    std::string n = daide_name(std::string_view(map.power(w).name).substr(0, 3));
    for (int k = 0; n.empty() || used.count(n) || is_reserved_name(n); ++k) {
      char alt[16];
      std::snprintf(alt, sizeof alt, "P%02d", k % 100);
      n = alt;
    }
    used.insert(n);
    power_tokens_[w] = make_token(kCategoryPower, static_cast<std::uint8_t>(w));
    names_.add(power_tokens_[w], n);
  }
  std::vector<Sorted> order;
  for (ProvinceId p = 0; p < map.province_count(); ++p) {
    std::string chosen;
    for (const std::string& n : candidate_names(map, p))
      if (!used.count(n) && !is_reserved_name(n)) {
        chosen = n;
        break;
      }
    for (int k = 0; chosen.empty(); ++k) {
      char alt[16];
      std::snprintf(alt, sizeof alt, "%c%02d", map.province(p).code[0], k % 100);
      if (!used.count(alt) && !is_reserved_name(alt) && daide_name(alt) == alt) chosen = alt;
    }
    used.insert(chosen);
    province_names_[p] = chosen;
    order.push_back({token_category(map, p), chosen, p});
  }
  // Numbered from 0 by category, then by name (as the Standard map is).
  std::sort(order.begin(), order.end(), [](const Sorted& a, const Sorted& b) {
    return a.category != b.category ? a.category < b.category : a.name < b.name;
  });
  for (std::size_t i = 0; i < order.size(); ++i) {
    province_tokens_[order[i].province] = make_token(order[i].category, static_cast<std::uint8_t>(i));
    names_.add(province_tokens_[order[i].province], order[i].name);
  }
}

Bytes Representation::representation_data() const {
  Bytes out;
  if (standard_) return out;
  for (const auto& [token, name] : names_.named()) {
    out.push_back(static_cast<std::uint8_t>(token >> 8));
    out.push_back(static_cast<std::uint8_t>(token & 0xFF));
    for (char c : name) out.push_back(static_cast<std::uint8_t>(c));
    out.push_back(0);
  }
  return out;
}

PowerId Representation::power_of(Token t) const {
  for (PowerId w = 0; w < map_->power_count(); ++w)
    if (power_tokens_[w] == t) return w;
  return kNoPower;
}

ProvinceId Representation::province_of(Token t) const {
  if (!is_province(t)) return kNoProvince;
  for (ProvinceId p = 0; p < map_->province_count(); ++p)
    if (province_tokens_[p] == t) return p;
  return kNoProvince;
}

Token coast_token(Coast c) {
  switch (c) {
    case Coast::North: return tok::NCS;
    case Coast::South: return tok::SCS;
    case Coast::East: return tok::ECS;
    case Coast::West: return tok::WCS;
    case Coast::None: break;
  }
  return 0;
}

Coast coast_of_token(Token t) {
  switch (t) {
    case tok::NCS: return Coast::North;
    case tok::SCS: return Coast::South;
    case tok::ECS: return Coast::East;
    case tok::WCS: return Coast::West;
    default: return Coast::None;
  }
}

void Representation::put_location(Builder& b, LocationId l) const {
  const ProvinceId p = map_->province_of(l);
  const Coast c = map_->coast_of(l);
  if (c == Coast::None)
    b.add(province_tokens_[p]);
  else
    b.open().add(province_tokens_[p]).add(coast_token(c)).close();
}

bool Representation::read_location(Reader& r, LocationId& out) const {
  const std::size_t start = r.position();
  Token t = 0;
  if (r.take_if(is_province, t)) {
    const ProvinceId p = province_of(t);
    out = p == kNoProvince ? kNoLocation : p;
    return true;
  }
  Token c = 0;
  if (r.open() && r.take_if(is_province, t) && r.take_if([](Token x) { return category(x) == kCategoryCoast; }, c) &&
      r.close()) {
    const ProvinceId p = province_of(t);
    out = p == kNoProvince ? kNoLocation : map_->location_of(p, coast_of_token(c));
    return true;
  }
  r.rewind(start);
  return false;
}

void Representation::put_unit(Builder& b, PowerId power, UnitType type, LocationId at) const {
  b.open().add(power_tokens_[power]).add(type == UnitType::Fleet ? tok::FLT : tok::AMY);
  put_location(b, at);
  b.close();
}

}  // namespace colonial::daide
