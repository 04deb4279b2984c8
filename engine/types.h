// Basic value types of the rules engine: ids, capacities, small enums.
//
// Every capacity here is a hard upper bound sized from the largest map we
// support (Colonial: 119 provinces, 3 split provinces, 7 powers, 58 colonies).
// The engine never allocates: containers are fixed arrays of these sizes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace colonial {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i16 = std::int16_t;
using i32 = std::int32_t;

// Capacities. Raising one costs memory in every Position and Map; nothing else.
inline constexpr int kMaxProvinces = 128;        // Colonial 119, Standard 75
inline constexpr int kMaxLocations = 160;        // provinces + coast children
inline constexpr int kMaxPowers = 8;             // Colonial 7, Standard 7
inline constexpr int kMaxUnits = kMaxProvinces;  // at most one unit per province
inline constexpr int kMaxOrders = kMaxUnits;     // one order per unit (movement/retreat)
inline constexpr int kMaxNameLength = 40;        // longest display name + NUL
inline constexpr int kMaxAliases = 2048;         // all names a player may write
inline constexpr int kAliasPoolBytes = 32768;    // characters of all aliases
inline constexpr int kMaxOptionalLinks = 16;     // links enabled by a rule option
inline constexpr int kMaxMapOptions = 8;         // board editions and similar
inline constexpr int kMaxRailroadLength = 12;    // Colonial's TSR has 6 stations
inline constexpr int kMaxCanals = 2;
inline constexpr int kMaxBridges = 16;
inline constexpr int kMaxImpassable = 8;
inline constexpr int kMaxAmbiguousAliases = 32;
inline constexpr int kMaxAnchors = 1024;  // drawing points, several per province

// A province (land, coastal or sea space). kNoProvince marks "none".
using ProvinceId = u8;
inline constexpr ProvinceId kNoProvince = 0xFF;

// A place a unit can stand: a province, or one coast of a split-coast
// province. For provinces without split coasts LocationId == ProvinceId; coast
// children are numbered after all provinces.
using LocationId = u8;
inline constexpr LocationId kNoLocation = 0xFF;

// A power (Britain, China, ...). kNoPower marks neutral or unowned.
using PowerId = u8;
inline constexpr PowerId kNoPower = 0xFF;

enum class UnitType : u8 { None = 0, Army, Fleet };

enum class ProvinceKind : u8 { Land = 0, Coast, Sea };

// Coasts of split-coast provinces, written nc/sc/ec/wc.
enum class Coast : u8 { None = 0, North, South, East, West };

inline constexpr char unit_letter(UnitType t) { return t == UnitType::Army ? 'A' : t == UnitType::Fleet ? 'F' : '?'; }

}  // namespace colonial
