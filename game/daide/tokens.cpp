#include "tokens.h"

#include <iterator>

namespace colonial::daide {
namespace {

struct Named {
  Token token;
  const char* name;
};

#define COLONIAL_DAIDE_NAMED(name, value) {tok::name, #name},
constexpr Named kFixed[] = {COLONIAL_DAIDE_TOKENS(COLONIAL_DAIDE_NAMED)};
#undef COLONIAL_DAIDE_NAMED

// clang-format off
// The press tokens of the higher syntax levels, in their numbers' order
// (0x4A00 on), and the experimental ones: names a map may not use either.
constexpr const char* kPressNames[] = {
    "ALY", "AND", "BWX", "DMZ", "ELS", "EXP", "FWD", "FCT", "FOR", "HOW", "IDK", "IFF", "INS",
    "IOU", "OCC", "ORR", "PCE", "POB", "PPT", "PRP", "QRY", "SCD", "SRY", "SUG", "THK", "THN",
    "TRY", "UOM", "VSS", "WHT", "WHY", "XDO", "XOY", "YDO", "CHO", "BCC", "UNT", "CCL", "NAR",
    "LST", "SEL", "PNG", "PRB", "PRF", "VAR", "WRT"};
// clang-format on

constexpr std::uint8_t kInland = province_category(ProvinceCategory::Inland, false);
constexpr std::uint8_t kInlandSc = province_category(ProvinceCategory::Inland, true);
constexpr std::uint8_t kSea = province_category(ProvinceCategory::Sea, false);
constexpr std::uint8_t kCoastal = province_category(ProvinceCategory::Coastal, false);
constexpr std::uint8_t kCoastalSc = province_category(ProvinceCategory::Coastal, true);
constexpr std::uint8_t kBicoastalSc = province_category(ProvinceCategory::Bicoastal, true);

}  // namespace

// clang-format off
const StandardProvince kStandardProvinces[kStandardProvinceCount] = {
    {"BOH", kInland}, {"BUR", kInland}, {"GAL", kInland}, {"RUH", kInland}, {"SIL", kInland},
    {"TYR", kInland}, {"UKR", kInland},
    {"BUD", kInlandSc}, {"MOS", kInlandSc}, {"MUN", kInlandSc}, {"PAR", kInlandSc}, {"SER", kInlandSc},
    {"VIE", kInlandSc}, {"WAR", kInlandSc},
    {"ADR", kSea}, {"AEG", kSea}, {"BAL", kSea}, {"BAR", kSea}, {"BLA", kSea}, {"EAS", kSea},
    {"ECH", kSea}, {"GOB", kSea}, {"GOL", kSea}, {"HEL", kSea}, {"ION", kSea}, {"IRI", kSea},
    {"MAO", kSea}, {"NAO", kSea}, {"NTH", kSea}, {"NWG", kSea}, {"SKA", kSea}, {"TYS", kSea},
    {"WES", kSea},
    {"ALB", kCoastal}, {"APU", kCoastal}, {"ARM", kCoastal}, {"CLY", kCoastal}, {"FIN", kCoastal},
    {"GAS", kCoastal}, {"LVN", kCoastal}, {"NAF", kCoastal}, {"PIC", kCoastal}, {"PIE", kCoastal},
    {"PRU", kCoastal}, {"SYR", kCoastal}, {"TUS", kCoastal}, {"WAL", kCoastal}, {"YOR", kCoastal},
    {"ANK", kCoastalSc}, {"BEL", kCoastalSc}, {"BER", kCoastalSc}, {"BRE", kCoastalSc},
    {"CON", kCoastalSc}, {"DEN", kCoastalSc}, {"EDI", kCoastalSc}, {"GRE", kCoastalSc},
    {"HOL", kCoastalSc}, {"KIE", kCoastalSc}, {"LON", kCoastalSc}, {"LVP", kCoastalSc},
    {"MAR", kCoastalSc}, {"NAP", kCoastalSc}, {"NWY", kCoastalSc}, {"POR", kCoastalSc},
    {"ROM", kCoastalSc}, {"RUM", kCoastalSc}, {"SEV", kCoastalSc}, {"SMY", kCoastalSc},
    {"SWE", kCoastalSc}, {"TRI", kCoastalSc}, {"TUN", kCoastalSc}, {"VEN", kCoastalSc},
    {"BUL", kBicoastalSc}, {"SPA", kBicoastalSc}, {"STP", kBicoastalSc},
};
// clang-format on

std::string_view fixed_token_name(Token t) {
  for (const Named& n : kFixed)
    if (n.token == t) return n.name;
  return {};
}

bool find_fixed_token(std::string_view name, Token& out) {
  for (const Named& n : kFixed)
    if (name == n.name) {
      out = n.token;
      return true;
    }
  return false;
}

bool is_reserved_name(std::string_view name) {
  Token unused = 0;
  if (find_fixed_token(name, unused)) return true;
  for (const char* press : kPressNames)
    if (name == press) return true;
  return false;
}

}  // namespace colonial::daide
