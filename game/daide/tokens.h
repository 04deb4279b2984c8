// The DAIDE language's tokens: 16-bit values whose high octet is a category
// (integers, powers, provinces, commands, ...), as the DAIDE Client-Server
// Protocol lists them, and the three-letter names they are written with.
//
// Powers and provinces are the map's (representation.h): the Standard
// map's numbers are fixed by the protocol, a variant's are sent in the
// representation message. Everything else is in the table here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace colonial::daide {

using Token = std::uint16_t;
using Tokens = std::vector<Token>;

// Categories (the high octet).
inline constexpr std::uint8_t kCategoryMisc = 0x40;
inline constexpr std::uint8_t kCategoryPower = 0x41;
inline constexpr std::uint8_t kCategoryUnit = 0x42;
inline constexpr std::uint8_t kCategoryOrder = 0x43;
inline constexpr std::uint8_t kCategoryNote = 0x44;
inline constexpr std::uint8_t kCategoryResult = 0x45;
inline constexpr std::uint8_t kCategoryCoast = 0x46;
inline constexpr std::uint8_t kCategoryPhase = 0x47;
inline constexpr std::uint8_t kCategoryCommand = 0x48;
inline constexpr std::uint8_t kCategoryParameter = 0x49;
inline constexpr std::uint8_t kCategoryPress = 0x4A;
inline constexpr std::uint8_t kCategoryText = 0x4B;
inline constexpr std::uint8_t kCategoryBignum = 0x4C;
inline constexpr std::uint8_t kCategoryProvinceFirst = 0x50;  // 0x50..0x57: eight kinds of province
inline constexpr std::uint8_t kCategoryProvinceLast = 0x57;
inline constexpr std::uint8_t kCategoryReservedFirst = 0x58;  // private use: never on the wire
inline constexpr std::uint8_t kCategoryReservedLast = 0x5F;

constexpr std::uint8_t category(Token t) { return static_cast<std::uint8_t>(t >> 8); }
constexpr std::uint8_t low(Token t) { return static_cast<std::uint8_t>(t & 0xFF); }
constexpr Token make_token(std::uint8_t cat, std::uint8_t number) { return static_cast<Token>((cat << 8) | number); }
constexpr bool is_integer(Token t) { return category(t) < 0x40; }
constexpr bool is_text(Token t) { return category(t) == kCategoryText; }
constexpr bool is_power(Token t) { return category(t) == kCategoryPower; }
constexpr bool is_province(Token t) {
  return category(t) >= kCategoryProvinceFirst && category(t) <= kCategoryProvinceLast;
}
constexpr bool is_reserved(Token t) {
  return category(t) >= kCategoryReservedFirst && category(t) <= kCategoryReservedLast;
}
// Province categories: bit 0 supply centre; bits 1-2 the kind.
enum class ProvinceCategory : std::uint8_t { Inland = 0, Sea = 1, Coastal = 2, Bicoastal = 3 };
constexpr std::uint8_t province_category(ProvinceCategory kind, bool centre) {
  return static_cast<std::uint8_t>(kCategoryProvinceFirst + static_cast<int>(kind) * 2 + (centre ? 1 : 0));
}

// Integers: 14-bit two's complement, -8192..8191.
inline constexpr int kMinInteger = -8192;
inline constexpr int kMaxInteger = 8191;
constexpr Token integer_token(int v) { return static_cast<Token>(v & 0x3FFF); }
constexpr int integer_value(Token t) { return (t & 0x2000) ? static_cast<int>(t & 0x3FFF) - 0x4000 : (t & 0x3FFF); }

// The fixed tokens, X(NAME, value) each: their constants (tok::) and their
// names (fixed_token_name) are made from this one list.
// clang-format off
#define COLONIAL_DAIDE_TOKENS(X) \
  X(BRA, 0x4000) X(KET, 0x4001) \
  X(AMY, 0x4200) X(FLT, 0x4201) \
  X(CTO, 0x4320) X(CVY, 0x4321) X(HLD, 0x4322) \
  X(MTO, 0x4323) X(SUP, 0x4324) X(VIA, 0x4325) \
  X(DSB, 0x4340) X(RTO, 0x4341) \
  X(BLD, 0x4380) X(REM, 0x4381) X(WVE, 0x4382) \
  X(MBV, 0x4400) X(BPR, 0x4401) X(CST, 0x4402) \
  X(ESC, 0x4403) X(FAR, 0x4404) X(HSC, 0x4405) \
  X(NAS, 0x4406) X(NMB, 0x4407) X(NMR, 0x4408) \
  X(NRN, 0x4409) X(NRS, 0x440A) X(NSA, 0x440B) \
  X(NSC, 0x440C) X(NSF, 0x440D) X(NSP, 0x440E) \
  X(NST, 0x440F) X(NSU, 0x4410) X(NVR, 0x4411) \
  X(NYU, 0x4412) X(YSC, 0x4413) \
  X(SUC, 0x4500) X(BNC, 0x4501) X(CUT, 0x4502) \
  X(DSR, 0x4503) X(FLD, 0x4504) X(NSO, 0x4505) \
  X(RET, 0x4506) \
  X(NCS, 0x4600) X(NEC, 0x4602) X(ECS, 0x4604) \
  X(SEC, 0x4606) X(SCS, 0x4608) X(SWC, 0x460A) \
  X(WCS, 0x460C) X(NWC, 0x460E) \
  X(SPR, 0x4700) X(SUM, 0x4701) X(FAL, 0x4702) \
  X(AUT, 0x4703) X(WIN, 0x4704) \
  X(CCD, 0x4800) X(DRW, 0x4801) X(FRM, 0x4802) \
  X(GOF, 0x4803) X(HLO, 0x4804) X(HST, 0x4805) \
  X(HUH, 0x4806) X(IAM, 0x4807) X(LOD, 0x4808) \
  X(MAP, 0x4809) X(MDF, 0x480A) X(MIS, 0x480B) \
  X(NME, 0x480C) X(NOT, 0x480D) X(NOW, 0x480E) \
  X(OBS, 0x480F) X(OFF, 0x4810) X(ORD, 0x4811) \
  X(OUT, 0x4812) X(PRN, 0x4813) X(REJ, 0x4814) \
  X(SCO, 0x4815) X(SLO, 0x4816) X(SND, 0x4817) \
  X(SUB, 0x4818) X(SVE, 0x4819) X(THX, 0x481A) \
  X(TME, 0x481B) X(YES, 0x481C) X(ADM, 0x481D) \
  X(SMR, 0x481E) \
  X(AOA, 0x4900) X(BTL, 0x4901) X(ERR, 0x4902) \
  X(LVL, 0x4903) X(MRT, 0x4904) X(MTL, 0x4905) \
  X(NPB, 0x4906) X(NPR, 0x4907) X(PDA, 0x4908) \
  X(PTL, 0x4909) X(RTL, 0x490A) X(UNO, 0x490B) \
  X(DSD, 0x490D)
// clang-format on

namespace tok {
#define COLONIAL_DAIDE_TOKEN(name, value) inline constexpr Token name = value;
COLONIAL_DAIDE_TOKENS(COLONIAL_DAIDE_TOKEN)
#undef COLONIAL_DAIDE_TOKEN
}  // namespace tok

// The name of a token of the fixed table (commands, notes, ...: not powers,
// provinces, integers or text); empty for others.
std::string_view fixed_token_name(Token t);
// The token a fixed name stands for (upper case), or false.
bool find_fixed_token(std::string_view name, Token& out);
// True if a three-letter name is one of the fixed tokens (or a press token):
// a variant's province or power may not be called that.
bool is_reserved_name(std::string_view name);

// The 75 provinces and 7 powers of the Standard map, with their fixed
// numbers (the token of province i of this list is in its category with
// number i).
struct StandardProvince {
  const char* name;
  std::uint8_t category;
};
inline constexpr int kStandardProvinceCount = 75;
extern const StandardProvince kStandardProvinces[kStandardProvinceCount];
inline constexpr const char* kStandardPowers[7] = {"AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"};

}  // namespace colonial::daide
