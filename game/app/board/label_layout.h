// LabelLayout: where each province's label goes on the screen, and in which
// form (its name, its code, its code a size smaller). Pure geometry: the map,
// where the provinces lie (LabelGround), the widths of the texts
// (LabelMeasure) and the camera in; the labels' places out. BoardView draws
// them; tests/render's label_layout_tests lay them out without a canvas.
//
// A label is placed only where its letters lie wholly inside its province
// and clear of the units and of the labels placed before it, so a name
// never points at a neighbour and never hides under a unit. Colonies and
// large provinces are placed first: when labels collide, the small ones
// give way.
#pragma once

#include <cstdint>

#include "board_camera.h"
#include "canvas.h"
#include "map.h"
#include "position.h"

namespace colonial {

// The forms of a label, best first.
enum class LabelForm : std::uint8_t { Name, Code, SmallCode };
inline constexpr int kLabelForms = 3;

// The texts' sizes (the canvas's measure of them in the app).
class LabelMeasure {
 public:
  virtual ~LabelMeasure() = default;
  // The width of `text` at `px` pixels, and where its letters are in its box.
  virtual float width(const char* text, float px) = 0;
  virtual platform::Canvas::Ink ink(const char* text, float px) = 0;
};

// Where the provinces lie, in board coordinates.
class LabelGround {
 public:
  virtual ~LabelGround() = default;
  // Where a unit on location l stands.
  virtual platform::PointF point(LocationId l) const = 0;
  // True when the provinces have borders a label must keep inside (the
  // art); the schematic board has none, and names provinces only close up.
  virtual bool bordered() const = 0;
  // With borders: province p's bounding box, the middle of its widest part,
  // and whether every pixel of the screen box r (at `camera`) shows p.
  virtual platform::RectF bounds(ProvinceId p) const = 0;
  virtual platform::PointF middle(ProvinceId p) const = 0;
  virtual bool inside(ProvinceId p, const platform::RectF& r, const Camera& camera) const = 0;
};

class LabelLayout {
 public:
  // The map labelled (it must outlive the layout); the labels in the map's
  // order until order_by_size.
  void set_map(const Map* map);
  // Colonies first, then the other land, then the seas (their long names
  // would crowd out small provinces; a sea reads by its shape), each by the
  // size of its box on `ground`.
  void order_by_size(const LabelGround& ground);
  // The labels are placed again at the next update().
  void invalidate() { layout_scale_ = -1; }

  // The text size for the camera's scale now (whole even pixels, so that
  // the text cache stays small while zooming).
  static float size_for(const Camera& camera);
  // Lays the labels out again when the camera's scale, the text size or
  // the units changed since the last layout; during a smooth zoom they keep
  // their places on the board. `unit_size`: a unit icon's side on the screen.
  void update(const Camera& camera, const Position* position, float unit_size, const LabelGround& ground,
              LabelMeasure& measure);

  // The provinces labelled by the last layout, in the order they are drawn.
  const ProvinceSet& labelled() const { return labelled_; }
  int count() const { return count_; }
  ProvinceId order(int i) const { return order_[i]; }
  // Province p's label: its form, the text box's top left on the screen,
  // the name's width, the text size of its form.
  LabelForm form(ProvinceId p) const { return places_[p].form; }
  platform::PointF origin(ProvinceId p, const Camera& camera) const { return camera.to_screen(places_[p].board); }
  float name_width(ProvinceId p) const { return width_[0][p]; }
  float text_px(LabelForm form) const {
    return form == LabelForm::SmallCode ? static_cast<float>(small_px_) : static_cast<float>(px_);
  }
  // Where the letters of p's label are on the screen (whole pixels, as the
  // text is drawn); false if it has none.
  bool box(ProvinceId p, const Camera& camera, platform::RectF& out) const;
  // The province whose label is under screen point `at` (with a finger's
  // slack), or kNoProvince.
  ProvinceId at(platform::PointF at, const Camera& camera) const;

 private:
  // What the layout has placed so far, and the board's edges on the screen.
  struct Obstacles;
  std::uint64_t units_key(const Position* position) const;
  void set_px(int px, LabelMeasure& measure);
  void layout(const Camera& camera, const Position* position, float unit_size, const LabelGround& ground,
              LabelMeasure& measure);
  void place(ProvinceId p, const Camera& camera, const Position* position, float unit_size, const LabelGround& ground,
             LabelMeasure& measure, Obstacles& obstacles);
  bool try_rings(ProvinceId p, LabelForm form, platform::PointF middle, const Camera& camera, const LabelGround& ground,
                 Obstacles& obstacles);
  // Places the label's letters on r (the board's edges permitting) if it is
  // inside p and clear of what is placed.
  bool try_spot(ProvinceId p, LabelForm form, platform::RectF r, const Camera& camera, const LabelGround& ground,
                Obstacles& obstacles);
  // The width and letters of a form of p's label at the current size,
  // measured when first needed.
  void measure(ProvinceId p, LabelForm form, LabelMeasure& measure);
  platform::RectF ink_box(ProvinceId p, LabelForm form, platform::PointF origin) const;

  struct Place {
    platform::PointF board;  // the text box's top left, in board coordinates
    LabelForm form = LabelForm::Name;
  };

  const Map* map_ = nullptr;
  ProvinceId order_[kMaxProvinces] = {};
  int count_ = 0;
  int px_ = 0;        // the text size of names and codes
  int small_px_ = 0;  // of the smaller codes
  float width_[kLabelForms][kMaxProvinces] = {};
  platform::Canvas::Ink ink_[kLabelForms][kMaxProvinces] = {};
  ProvinceSet measured_[kLabelForms];
  Place places_[kMaxProvinces];
  ProvinceSet labelled_;
  // What the layout was made for: it is made again when one changes.
  float layout_scale_ = -1;
  int layout_px_ = 0;
  std::uint64_t layout_units_ = 0;
};

}  // namespace colonial
