// Unit tests of the border checker on a tiny hand-made board, so each kind of
// mismatch is shown to be found and the exclusions to be skipped.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "border_check.h"

namespace {

using colonial::Map;
using colonial::ProvinceId;
using mapart::Mismatch;
using mapart::Raster;

// NNN-AAA-BBB-CCC in a row above the sea SEA; DDD across the sea is joined to
// CCC by a land bridge; NNN-BBB is an impassable border. SPL has two coasts:
// the north one faces NOR, the south one SOU.
const char* const kMap = R"(map "Tiny"
calendar seasons 1901
victory 2
power Red Red R
province AAA coast "Aaa" colony home=Red unit=A
province BBB coast "Bbb"
province CCC coast "Ccc"
province SEA sea "Sea"
province DDD coast "Ddd"
province NNN land "Nnn"
province SPL coast "Spl" coasts=nc,sc
province NOR sea "Nor"
province SOU sea "Sou"
link NNN AAA army
link AAA BBB army
link BBB CCC army
link AAA SEA fleet
link BBB SEA fleet
link CCC SEA fleet
link DDD SEA fleet
link CCC DDD both bridge
impassable NNN BBB
link SPL/nc NOR fleet
link SPL/sc SOU fleet
link NOR SOU fleet
anchor SPL/nc 25 50
anchor SPL/sc 25 10
)";

// One character per 4x4 block: a=AAA b=BBB c=CCC s=SEA d=DDD n=NNN p=SPL
// o=NOR u=SOU, '.' = no province. With the board projection at this width
// (28 px) the SPL/nc anchor lies at y = 4.8 and SPL/sc at y = 15.5.
const std::vector<std::string> kGood = {
    "po.nabc",
    "po..sss",
    "pu..sd.",
    "pu.....",
};

struct Board {
  Map map;
  Raster ids;
  Board() {
    colonial::MapErrors errors;
    bool ok = colonial::load_map(kMap, "tiny.map", map, errors);
    REQUIRE(ok);
  }
  ProvinceId id(const char* code) const { return map.find_province(code).province; }
  void paint(const std::vector<std::string>& blocks) {
    const int bw = static_cast<int>(blocks[0].size()), bh = static_cast<int>(blocks.size());
    ids.resize(bw * 4, bh * 4, mapart::kIdWater);
    for (int y = 0; y < bh * 4; ++y)
      for (int x = 0; x < bw * 4; ++x) {
        const char* code = nullptr;
        switch (blocks[static_cast<std::size_t>(y / 4)][static_cast<std::size_t>(x / 4)]) {
          case 'a': code = "AAA"; break;
          case 'b': code = "BBB"; break;
          case 'c': code = "CCC"; break;
          case 's': code = "SEA"; break;
          case 'd': code = "DDD"; break;
          case 'n': code = "NNN"; break;
          case 'p': code = "SPL"; break;
          case 'o': code = "NOR"; break;
          case 'u': code = "SOU"; break;
          default: break;
        }
        if (code) ids.at(x, y) = id(code);
      }
  }
  std::vector<Mismatch> check() {
    std::vector<Mismatch> m = mapart::check_borders(map, ids);
    for (const Mismatch& x : m) MESSAGE(mapart::describe(map, x));
    return m;
  }
  bool pair_is(const Mismatch& m, const char* a, const char* b) const {
    return (m.a == id(a) && m.b == id(b)) || (m.a == id(b) && m.b == id(a));
  }
};

}  // namespace

TEST_CASE("a board drawn as the adjacency says has no mismatch") {
  static Board b;
  b.paint(kGood);
  CHECK(b.check().empty());
}

TEST_CASE("provinces touching without a link are listed; bridges and impassable borders are not") {
  static Board b;
  b.paint({
      "po.nabc",
      "po.ssss",  // NNN now touches SEA
      "pu..sdc",  // and a piece of CCC touches DDD (a bridge)
      "pu.....",
  });
  std::vector<Mismatch> m = b.check();
  REQUIRE(m.size() == 2);
  CHECK(m[0].kind == Mismatch::TouchingNotAdjacent);
  CHECK(b.pair_is(m[0], "NNN", "SEA"));
  CHECK(m[0].contact == 4);
  // The second piece of CCC is reported too, with where it is.
  CHECK(m[1].kind == Mismatch::Split);
  CHECK(m[1].a == b.id("CCC"));
  CHECK(m[1].contact == 2);
  CHECK(m[1].where == "smallest piece: 16 px at 24,0");  // equal pieces: the first found
  std::vector<std::string> stale;
  std::string error;
  CHECK(mapart::apply_explanations(b.map, "CCC - an island on purpose\n", "x.tsv", m, stale, error));
  CHECK(m[1].reason == "an island on purpose");
  CHECK(m[0].reason.empty());
  CHECK(stale.empty());
  CHECK(mapart::drawn_specially(b.map, b.id("CCC"), b.id("DDD")));
  CHECK(mapart::drawn_specially(b.map, b.id("BBB"), b.id("NNN")));
  CHECK_FALSE(mapart::drawn_specially(b.map, b.id("AAA"), b.id("BBB")));
}

TEST_CASE("adjacent provinces that do not touch, or touch by a sliver, are listed") {
  static Board b;
  b.paint({
      "po.nabc",
      "po..ss.",  // CCC no longer meets SEA
      "pu..sd.",
      "pu.....",
  });
  std::vector<Mismatch> m = b.check();
  REQUIRE(m.size() == 1);
  CHECK(m[0].kind == Mismatch::AdjacentNotTouching);
  CHECK(b.pair_is(m[0], "CCC", "SEA"));
  CHECK(m[0].contact == 0);

  b.ids.at(24, 4) = b.id("SEA");  // one pixel of sea under CCC
  m = b.check();
  REQUIRE(m.size() == 1);
  CHECK(m[0].kind == Mismatch::AdjacentNotTouching);
  CHECK(m[0].contact == 1);
}

TEST_CASE("a sea drawn on the wrong side of a split-coast province is listed") {
  static Board b;
  b.paint({
      "pu.nabc",
      "pu..sss",
      "po..sd.",
      "po.....",
  });
  std::vector<Mismatch> m = b.check();
  REQUIRE(m.size() == 2);
  for (const Mismatch& x : m) {
    CHECK(x.kind == Mismatch::WrongCoast);
    CHECK(x.a == b.id("SPL"));
  }
}

TEST_CASE("explanations mark mismatches, and stale or malformed ones are reported") {
  static Board b;
  b.paint({
      "po.nabc",
      "po.ssss",
      "pu..sd.",
      "pu.....",
  });
  std::vector<Mismatch> m = b.check();
  REQUIRE(m.size() == 1);
  std::vector<std::string> stale;
  std::string error;
  CHECK(mapart::apply_explanations(b.map, "# why\nSEA NNN drawn so on purpose\nAAA DDD no longer true\n", "x.tsv", m,
                                   stale, error));
  CHECK(m[0].reason == "drawn so on purpose");
  REQUIRE(stale.size() == 1);
  CHECK(stale[0] == "AAA DDD");

  stale.clear();
  CHECK_FALSE(mapart::apply_explanations(b.map, "NNN\n", "x.tsv", m, stale, error));
  CHECK(error == "x.tsv:1: expected: PROVINCE PROVINCE reason");
  CHECK_FALSE(mapart::apply_explanations(b.map, "\nXXX SEA why\n", "x.tsv", m, stale, error));
  CHECK(error == "x.tsv:2: unknown province 'XXX'");
  CHECK_FALSE(mapart::apply_explanations(b.map, "NNN SEA\n", "x.tsv", m, stale, error));
  CHECK(error == "x.tsv:1: NNN-SEA needs a reason");
}
