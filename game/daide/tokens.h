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

namespace tok {
#define COLONIAL_DAIDE_TOKEN(name, value) inline constexpr Token name = value;
// clang-format off
COLONIAL_DAIDE_TOKEN(BRA, 0x4000) COLONIAL_DAIDE_TOKEN(KET, 0x4001)
COLONIAL_DAIDE_TOKEN(AMY, 0x4200) COLONIAL_DAIDE_TOKEN(FLT, 0x4201)
COLONIAL_DAIDE_TOKEN(CTO, 0x4320) COLONIAL_DAIDE_TOKEN(CVY, 0x4321) COLONIAL_DAIDE_TOKEN(HLD, 0x4322)
COLONIAL_DAIDE_TOKEN(MTO, 0x4323) COLONIAL_DAIDE_TOKEN(SUP, 0x4324) COLONIAL_DAIDE_TOKEN(VIA, 0x4325)
COLONIAL_DAIDE_TOKEN(DSB, 0x4340) COLONIAL_DAIDE_TOKEN(RTO, 0x4341)
COLONIAL_DAIDE_TOKEN(BLD, 0x4380) COLONIAL_DAIDE_TOKEN(REM, 0x4381) COLONIAL_DAIDE_TOKEN(WVE, 0x4382)
COLONIAL_DAIDE_TOKEN(MBV, 0x4400) COLONIAL_DAIDE_TOKEN(BPR, 0x4401) COLONIAL_DAIDE_TOKEN(CST, 0x4402)
COLONIAL_DAIDE_TOKEN(ESC, 0x4403) COLONIAL_DAIDE_TOKEN(FAR, 0x4404) COLONIAL_DAIDE_TOKEN(HSC, 0x4405)
COLONIAL_DAIDE_TOKEN(NAS, 0x4406) COLONIAL_DAIDE_TOKEN(NMB, 0x4407) COLONIAL_DAIDE_TOKEN(NMR, 0x4408)
COLONIAL_DAIDE_TOKEN(NRN, 0x4409) COLONIAL_DAIDE_TOKEN(NRS, 0x440A) COLONIAL_DAIDE_TOKEN(NSA, 0x440B)
COLONIAL_DAIDE_TOKEN(NSC, 0x440C) COLONIAL_DAIDE_TOKEN(NSF, 0x440D) COLONIAL_DAIDE_TOKEN(NSP, 0x440E)
COLONIAL_DAIDE_TOKEN(NST, 0x440F) COLONIAL_DAIDE_TOKEN(NSU, 0x4410) COLONIAL_DAIDE_TOKEN(NVR, 0x4411)
COLONIAL_DAIDE_TOKEN(NYU, 0x4412) COLONIAL_DAIDE_TOKEN(YSC, 0x4413)
COLONIAL_DAIDE_TOKEN(SUC, 0x4500) COLONIAL_DAIDE_TOKEN(BNC, 0x4501) COLONIAL_DAIDE_TOKEN(CUT, 0x4502)
COLONIAL_DAIDE_TOKEN(DSR, 0x4503) COLONIAL_DAIDE_TOKEN(FLD, 0x4504) COLONIAL_DAIDE_TOKEN(NSO, 0x4505)
COLONIAL_DAIDE_TOKEN(RET, 0x4506)
COLONIAL_DAIDE_TOKEN(NCS, 0x4600) COLONIAL_DAIDE_TOKEN(NEC, 0x4602) COLONIAL_DAIDE_TOKEN(ECS, 0x4604)
COLONIAL_DAIDE_TOKEN(SEC, 0x4606) COLONIAL_DAIDE_TOKEN(SCS, 0x4608) COLONIAL_DAIDE_TOKEN(SWC, 0x460A)
COLONIAL_DAIDE_TOKEN(WCS, 0x460C) COLONIAL_DAIDE_TOKEN(NWC, 0x460E)
COLONIAL_DAIDE_TOKEN(SPR, 0x4700) COLONIAL_DAIDE_TOKEN(SUM, 0x4701) COLONIAL_DAIDE_TOKEN(FAL, 0x4702)
COLONIAL_DAIDE_TOKEN(AUT, 0x4703) COLONIAL_DAIDE_TOKEN(WIN, 0x4704)
COLONIAL_DAIDE_TOKEN(CCD, 0x4800) COLONIAL_DAIDE_TOKEN(DRW, 0x4801) COLONIAL_DAIDE_TOKEN(FRM, 0x4802)
COLONIAL_DAIDE_TOKEN(GOF, 0x4803) COLONIAL_DAIDE_TOKEN(HLO, 0x4804) COLONIAL_DAIDE_TOKEN(HST, 0x4805)
COLONIAL_DAIDE_TOKEN(HUH, 0x4806) COLONIAL_DAIDE_TOKEN(IAM, 0x4807) COLONIAL_DAIDE_TOKEN(LOD, 0x4808)
COLONIAL_DAIDE_TOKEN(MAP, 0x4809) COLONIAL_DAIDE_TOKEN(MDF, 0x480A) COLONIAL_DAIDE_TOKEN(MIS, 0x480B)
COLONIAL_DAIDE_TOKEN(NME, 0x480C) COLONIAL_DAIDE_TOKEN(NOT, 0x480D) COLONIAL_DAIDE_TOKEN(NOW, 0x480E)
COLONIAL_DAIDE_TOKEN(OBS, 0x480F) COLONIAL_DAIDE_TOKEN(OFF, 0x4810) COLONIAL_DAIDE_TOKEN(ORD, 0x4811)
COLONIAL_DAIDE_TOKEN(OUT, 0x4812) COLONIAL_DAIDE_TOKEN(PRN, 0x4813) COLONIAL_DAIDE_TOKEN(REJ, 0x4814)
COLONIAL_DAIDE_TOKEN(SCO, 0x4815) COLONIAL_DAIDE_TOKEN(SLO, 0x4816) COLONIAL_DAIDE_TOKEN(SND, 0x4817)
COLONIAL_DAIDE_TOKEN(SUB, 0x4818) COLONIAL_DAIDE_TOKEN(SVE, 0x4819) COLONIAL_DAIDE_TOKEN(THX, 0x481A)
COLONIAL_DAIDE_TOKEN(TME, 0x481B) COLONIAL_DAIDE_TOKEN(YES, 0x481C) COLONIAL_DAIDE_TOKEN(ADM, 0x481D)
COLONIAL_DAIDE_TOKEN(SMR, 0x481E)
COLONIAL_DAIDE_TOKEN(AOA, 0x4900) COLONIAL_DAIDE_TOKEN(BTL, 0x4901) COLONIAL_DAIDE_TOKEN(ERR, 0x4902)
COLONIAL_DAIDE_TOKEN(LVL, 0x4903) COLONIAL_DAIDE_TOKEN(MRT, 0x4904) COLONIAL_DAIDE_TOKEN(MTL, 0x4905)
COLONIAL_DAIDE_TOKEN(NPB, 0x4906) COLONIAL_DAIDE_TOKEN(NPR, 0x4907) COLONIAL_DAIDE_TOKEN(PDA, 0x4908)
COLONIAL_DAIDE_TOKEN(PTL, 0x4909) COLONIAL_DAIDE_TOKEN(RTL, 0x490A) COLONIAL_DAIDE_TOKEN(UNO, 0x490B)
COLONIAL_DAIDE_TOKEN(DSD, 0x490D)
// clang-format on
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
