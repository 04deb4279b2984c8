// A map as DAIDE clients see it: a token and a three-letter name for each
// power and province, the representation message (RM) that defines them,
// and the map definition (MDF) with the supply centres, the home centres
// and the adjacencies, generated from any map the engine loads.
//
// The Standard board (75 provinces that all carry the protocol's names)
// keeps the protocol's own numbers and sends an empty RM. Any other board
// gets its own numbering and an RM. A province's name is its code, else
// one of its three-letter aliases, when that is free and no DAIDE token is
// called so (Colonial's AND, ECS, FOR, SCS and SUM are); else a letter and
// two digits.
//
// What the MDF leaves out (docs/DAIDE.md): a railroad (its journeys are
// not moves to a neighbour) and a canal (a passage needs the permission of
// the power holding it, which DAIDE cannot express); both can still be
// ordered as moves (orders.h). Hong Kong is an ordinary supply centre in
// the MDF; the SCO message shows it unowned while China holds it.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "map.h"
#include "position.h"
#include "tokens.h"
#include "wire.h"

namespace colonial::daide {

// Names of the tokens a game uses: the fixed ones, and its powers and
// provinces (the Standard map's, or those an RM defines). Both ends have
// one; a client makes it from the RM it receives.
class TokenNames {
 public:
  // The Standard map's powers and provinces.
  void set_standard();
  // From an RM's data (six octets a token); false for a malformed one.
  bool set_from_representation(const Bytes& data);
  void add(Token t, std::string_view name);
  std::string_view name(Token t) const;
  bool find(std::string_view name, Token& out) const;
  // "HLO ( ENG ) ( 1234 ) ( ( LVL 0 ) )": the tokens as text, for logs and
  // tests; text tokens as 'quoted strings', integers as numbers.
  std::string format(const Tokens& t) const;
  // The reverse of format; false at the first word that is not a token.
  bool parse(std::string_view text, Tokens& out) const;
  const std::map<Token, std::string>& named() const { return names_; }

 private:
  std::map<Token, std::string> names_;
  std::map<std::string, Token, std::less<>> tokens_;
};

// The server's view: the engine's ids next to the tokens.
class Representation {
 public:
  // For `map` with its adjacency as the game's options set it.
  void build(const Map& map);
  const Map& map() const { return *map_; }
  bool standard() const { return standard_; }
  // The MAP message's name: "STANDARD", or the map's name in letters,
  // digits and underscores.
  const std::string& map_name() const { return map_name_; }
  const TokenNames& names() const { return names_; }
  Bytes representation_data() const;  // empty for the Standard map
  Tokens map_definition() const;      // MDF ...

  Token power_token(PowerId p) const { return power_tokens_[p]; }
  PowerId power_of(Token t) const;
  Token province_token(ProvinceId p) const { return province_tokens_[p]; }
  ProvinceId province_of(Token t) const;

  // A location: PROV, or ( PROV COAST ) on a split coast.
  void put_location(Builder& b, LocationId l) const;
  // A province alone or ( province coast ); kNoLocation for a coast the
  // province lacks. False when the tokens are neither.
  bool read_location(Reader& r, LocationId& out) const;
  // ( POWER AMY|FLT location )
  void put_unit(Builder& b, PowerId power, UnitType type, LocationId at) const;

 private:
  void name_provinces();
  bool try_standard();
  void put_adjacency(Builder& b, ProvinceId p) const;

  const Map* map_ = nullptr;
  bool standard_ = false;
  std::string map_name_;
  TokenNames names_;
  Token power_tokens_[kMaxPowers] = {};
  Token province_tokens_[kMaxProvinces] = {};
  std::string province_names_[kMaxProvinces];
};

Token coast_token(Coast c);
Coast coast_of_token(Token t);  // Coast::None for anything else

// An MDF read back into names: what a client learns of the board.
struct MapDefinition {
  std::vector<std::string> powers;
  // Supply centres: name -> the powers it is a home centre of.
  std::map<std::string, std::set<std::string>> centres;
  std::set<std::string> others;  // provinces that are not supply centres
  // Province -> "AMY", "FLT" or "FLT NCS" -> "PROV" or "PROV NCS".
  std::map<std::string, std::map<std::string, std::set<std::string>>> adjacency;
};
// Reads an MDF message; false with the reason in `why`.
bool read_map_definition(const TokenNames& names, const Tokens& message, MapDefinition& out, std::string& why);

}  // namespace colonial::daide
