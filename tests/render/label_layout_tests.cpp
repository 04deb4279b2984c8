// The label layout (game/app/board/label_layout.h) without a canvas: the
// Colonial map's provinces laid out as the cells of a grid, texts measured
// by a fixed advance, and the labels' places checked: inside their
// province, clear of each other and of the units, the name where it fits.
#include <doctest/doctest.h>

#include <cstring>
#include <memory>

#include "board_camera.h"
#include "builtin_maps.h"
#include "label_layout.h"
#include "legal.h"
#include "map.h"
#include "position.h"

using namespace colonial;
using namespace colonial::board_test;
using platform::PointF;
using platform::RectF;

namespace {

constexpr int kColumns = 12;

// Province p is the cell p of a grid of kColumns columns, cell_w by cell_h
// board units; its units stand in the cell's middle.
class GridGround final : public LabelGround {
 public:
  GridGround(const Map& map, float cell_w, float cell_h) : map_(map), w_(cell_w), h_(cell_h) {}
  RectF cell(ProvinceId p) const {
    return {static_cast<float>(p % kColumns) * w_, static_cast<float>(p / kColumns) * h_, w_, h_};
  }
  RectF screen_cell(ProvinceId p, const Camera& camera) const {
    const RectF c = cell(p);
    const PointF a = camera.to_screen({c.x, c.y}), b = camera.to_screen({c.x + c.w, c.y + c.h});
    return {a.x, a.y, b.x - a.x, b.y - a.y};
  }
  RectF board() const {
    const int rows = (map_.province_count() + kColumns - 1) / kColumns;
    return {0, 0, w_ * kColumns, h_ * static_cast<float>(rows)};
  }
  PointF point(LocationId l) const override {
    const RectF c = cell(map_.province_of(l));
    return {c.x + c.w * 0.5f, c.y + c.h * 0.5f};
  }
  bool bordered() const override { return true; }
  RectF bounds(ProvinceId p) const override { return cell(p); }
  PointF middle(ProvinceId p) const override { return point(p); }
  bool inside(ProvinceId p, const RectF& r, const Camera& camera) const override {
    const RectF c = screen_cell(p, camera);
    return r.x >= c.x && r.y >= c.y && r.x + r.w <= c.x + c.w && r.y + r.h <= c.y + c.h;
  }

 private:
  const Map& map_;
  float w_, h_;
};

// Every letter 0.6 of the text size wide; the letters a box 0.2 down, 0.7 high.
class FixedMeasure final : public LabelMeasure {
 public:
  float width(const char* text, float px) override {
    ++measured;
    return static_cast<float>(std::strlen(text)) * px * 0.6f;
  }
  platform::Canvas::Ink ink(const char*, float px) override { return {px * 0.2f, px * 0.7f}; }
  int measured = 0;
};

bool overlap(const RectF& a, const RectF& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

struct Laid {
  Camera camera;
  LabelLayout layout;
  FixedMeasure measure;
  Position position;
};

// The labels of the Colonial map on `ground`, a board unit a pixel, with
// the start's units.
std::unique_ptr<Laid> lay_out(const GridGround& ground, float unit_size) {
  const Map& map = colonial_map();
  auto laid = std::make_unique<Laid>();
  set_start_position(map, laid->position);
  const RectF board = ground.board();
  laid->camera.set_board(board);
  laid->camera.set_view(board);
  laid->camera.fit(false);
  laid->layout.set_map(&map);
  laid->layout.order_by_size(ground);
  laid->layout.update(laid->camera, &laid->position, unit_size, ground, laid->measure);
  return laid;
}

// What every layout must hold: each label inside its province, clear of
// the others and of the units; found under its own letters.
void check_places(const Laid& laid, const GridGround& ground, float unit_size) {
  const Map& map = colonial_map();
  RectF boxes[kMaxProvinces];
  for (int i = 0; i < map.province_count(); ++i) {
    const auto p = static_cast<ProvinceId>(i);
    RectF box;
    if (!laid.layout.box(p, laid.camera, box)) {
      CHECK_FALSE(laid.layout.labelled().test(p));
      continue;
    }
    INFO(map.province(p).name);
    boxes[i] = box;
    const RectF cell = ground.screen_cell(p, laid.camera);
    // Whole pixels: within one of the cell.
    CHECK(box.x >= cell.x - 1);
    CHECK(box.y >= cell.y - 1);
    CHECK(box.x + box.w <= cell.x + cell.w + 1);
    CHECK(box.y + box.h <= cell.y + cell.h + 1);
    for (int j = 0; j < i; ++j)
      if (laid.layout.labelled().test(static_cast<ProvinceId>(j))) CHECK_FALSE(overlap(box, boxes[j]));
    const Unit& u = laid.position.units[p];
    if (u.present()) {
      const PointF at = laid.camera.to_screen(ground.point(unit_location(map, p, u)));
      const RectF unit{at.x - unit_size * 0.3f, at.y - unit_size * 0.3f, unit_size * 0.6f, unit_size * 0.6f};
      CHECK_FALSE(overlap(box, unit));
    }
    CHECK(laid.layout.at({box.x + box.w * 0.5f, box.y + box.h * 0.5f}, laid.camera) == p);
  }
}

}  // namespace

TEST_CASE("labels: on wide provinces every one is named, inside its own, clear of the others and of the units") {
  const Map& map = colonial_map();
  const GridGround ground(map, 400, 160);
  const float unit_size = 24;
  const auto laid = lay_out(ground, unit_size);
  const LabelLayout& layout = laid->layout;
  CHECK(layout.labelled().count() == map.province_count());
  int names = 0;
  for (int p = 0; p < map.province_count(); ++p)
    if (layout.form(static_cast<ProvinceId>(p)) == LabelForm::Name) ++names;
  CHECK(names == map.province_count());
  check_places(*laid, ground, unit_size);
  // Nothing changed: the layout is kept, nothing measured again.
  const int measured = laid->measure.measured;
  laid->layout.update(laid->camera, &laid->position, unit_size, ground, laid->measure);
  CHECK(laid->measure.measured == measured);
}

TEST_CASE("labels: on narrow provinces codes stand in for the names, and none crosses a border") {
  const Map& map = colonial_map();
  const GridGround ground(map, 40, 40);
  const float unit_size = 20;
  const auto laid = lay_out(ground, unit_size);
  const LabelLayout& layout = laid->layout;
  int names = 0;
  int codes = 0;
  for (int p = 0; p < map.province_count(); ++p) {
    if (!layout.labelled().test(static_cast<ProvinceId>(p))) continue;
    if (layout.form(static_cast<ProvinceId>(p)) == LabelForm::Name)
      ++names;
    else
      ++codes;
  }
  CHECK(names < map.province_count() / 4);
  CHECK(codes > 0);
  check_places(*laid, ground, unit_size);
  // A unit moved: placed again, around it.
  laid->position.units[laid->layout.order(0)] = Unit{};
  laid->layout.update(laid->camera, &laid->position, unit_size, ground, laid->measure);
  check_places(*laid, ground, unit_size);
}

TEST_CASE("labels: the text grows with the zoom, in whole even pixels") {
  Camera camera;
  camera.set_board({0, 0, 1000, 1000});
  camera.set_view({0, 0, 450, 450});
  camera.fit(false);
  const float fitted = LabelLayout::size_for(camera);
  CHECK(fitted == 12);
  camera.zoom_at({225, 225}, 4, false);
  const float zoomed = LabelLayout::size_for(camera);
  CHECK(zoomed > fitted);
  CHECK(zoomed <= 20);
  CHECK(static_cast<int>(zoomed) % 2 == 0);
}
