// BoardView: draws a Map and a Position into a rectangle of the Canvas, with
// orders or results as arrows, highlights for order entry, animated units,
// and a camera that pans and zooms.
//
// With the generated board art (tools/mapart; BoardArt) the view draws the
// Colonial map: provinces tinted by owner, colony markers (starting colonies
// ringed), units as army and fleet icons in their power's colour with its
// letter, labels that name a province when its name fits and give its code
// otherwise. Maps without art (Standard, a player's map file) get the
// schematic board (SchematicBoard) with the same units, labels and arrows.
//
// Frame cost: nothing of the board is coloured on the CPU during play. Its
// levels (board_levels.h: the board at the screen's scale, and halved and
// quartered for zooming) become textures once; the colonies' owners tint
// their sprites on the GPU, and a highlight is filled on the GPU from the key
// plane's rectangles (BoardTextures). At rest the board is composed
// into one image of the view's size and copied 1:1 (cheap even for the
// software renderer); while the camera moves, drawn from the nearest level,
// scaled. Every texture is at most 2048 pixels a side (less if the renderer
// says so: the board is then cut into tiles, or drawn from a smaller level,
// with a line in the log). Units, markers, labels and arrows are a few
// hundred small draws over it.
//
// BoardView keeps the position, the camera, the one hit test (pick) and the
// draw order; its parts have one job each: BoardTextures (the art as
// textures and their lifetimes), LabelLayout (where the labels go) and
// UnitMotions (how units move while a turn plays).
//
// Typical use:
//   view.set_map(&map); view.set_position(&pos);
//   view.load_art(canvas, error);            // else the schematic board
//   each event:   BoardGesture g = view.handle_input(e); if (g.tap) ... view.unit_at(g.at, r) ...
//   each frame:   view.set_view(rect); view.update(dt); view.draw(canvas);
//   keep drawing while view.animating().
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "adjudicator.h"
#include "board_camera.h"
#include "board_palette.h"
#include "board_schematic.h"
#include "board_textures.h"
#include "canvas.h"
#include "label_layout.h"
#include "map.h"
#include "order.h"
#include "position.h"
#include "unit_motions.h"

namespace colonial {

class BoardArt;
struct BoardLevel;
struct IconRect;
struct KeyStyles;

class BoardView {
 public:
  BoardView();
  ~BoardView();
  BoardView(const BoardView&) = delete;
  BoardView& operator=(const BoardView&) = delete;

  // --- the board
  // Sets the board and lays out the schematic view. The map must outlive the
  // view (or be set again). Drops the art of the previous map.
  void set_map(const Map* map);
  // The position drawn; must outlive its use (or be set again).
  void set_position(const Position* position) { position_ = position; }
  // The rectangle of the canvas the board is drawn in (pixels).
  void set_view(platform::RectF view);
  // Glides the camera to province p, zoomed in to at least min_zoom times
  // the whole-board fit: on a handheld the fitted board is too small to pick
  // a unit's targets with a finger.
  void focus_on(ProvinceId p, float min_zoom);
  // Loads the generated art for the map (find_board_art) and makes its
  // textures. On failure (no art built, art of another map, a renderer that
  // refuses the textures) returns false with a sentence in `error`, and the
  // view keeps drawing the schematic board. draw() tries this itself on its
  // first call if nobody did, and prints the error then.
  bool load_art(platform::Canvas& canvas, std::string& error);
  // Where the art's cache lives (BoardArt: decoded and composed art kept
  // between runs); empty (the default) for none. Set before the art loads.
  void set_art_cache(const std::string& file) { art_cache_file_ = file; }
  // What became of the cache at the last load ("used", "made", "stale:
  // rebuilt"...; empty without one).
  const std::string& art_cache_note() const;
  bool load_art_from(platform::Canvas& canvas, const std::string& dir, std::string& error);
  // A smaller texture side than the renderer's limit (and our 2048), for
  // GPUs that report more than they manage, and for tests. Before load_art.
  void set_texture_limit(int side) { textures_.set_texture_limit(side); }
  // True when the board art is drawn.
  bool uses_art() const { return art_ready_; }
  // True when the places come from drawing data (the art or map anchors),
  // false when the schematic graph layout is used.
  bool uses_anchors() const { return art_ready_ || schematic_.anchored(); }

  // --- palette (also the overlay's: see app_palette()); switchable at any
  // time, the board is recoloured on the next draw.
  void set_palette(PaletteKind kind);
  PaletteKind palette() const { return app_palette().kind(); }

  // --- camera and input
  Camera& camera() { return camera_; }
  const Camera& camera() const { return camera_; }
  // Pans and zooms for mouse, touch, keys and gamepad; returns taps for the
  // app to act on (a drag or pinch never yields a tap).
  BoardGesture handle_input(const platform::InputEvent& e);
  BoardGestures& gestures() { return gestures_; }
  // Advances camera glides by dt seconds; true if anything moved.
  bool update(float dt) { return camera_.update(dt); }
  // True while the camera glides or a stick is held: keep drawing frames.
  bool animating() const { return camera_.moving(); }

  // --- where things are (screen pixels)
  // Where a unit on location l is drawn.
  platform::PointF screen_point(LocationId l) const;
  // The location whose point is nearest to p, within `radius`; kNoLocation
  // if none.
  LocationId location_at(platform::PointF p, float radius) const;
  // The province under p: an exact look-up in the art's id map, or (on the
  // schematic board) the nearest province point within two unit sizes.
  ProvinceId province_at(platform::PointF p) const;
  // The province of the unit drawn nearest to p within `radius` (dislodged
  // units count, at the place they are drawn); kNoProvince if none. For
  // fingers on small screens, where the province under a tap is a guess.
  ProvinceId unit_at(platform::PointF p, float radius) const;
  // The size of a unit icon on screen now (pixels).
  float unit_size() const;
  // What a tap or click at p means: the one hit test every caller uses. A
  // unit icon under the finger wins over the province beneath it (on a small
  // screen the finger covers several provinces, and the icon is what was
  // aimed at); then the province under p; then a unit icon within reach.
  // With `wanted` (the provinces the current step can use), a wanted one of
  // these wins over one that is not. kNoProvince: nothing there.
  ProvinceId pick(platform::PointF p, const ProvinceSet* wanted = nullptr) const;

  // --- orders, results, highlights
  // Orders drawn as arrows (nullptr: none). Results replace orders when set.
  void set_orders(const OrderList* orders) { orders_ = orders; }
  // Resolved orders drawn with their outcome (nullptr: none). Draw them over
  // the position *before* the phase, so arrows start at the units.
  void set_results(const PhaseResults* results) { results_ = results; }
  // Highlights for order entry: the selected unit's province, and the
  // provinces its order may go to; with `dim_others` everything else fades.
  void set_selected(ProvinceId p) { highlight_.selected = p; }
  void set_targets(const ProvinceSet& targets, bool dim_others = true);
  void clear_highlights();
  ProvinceId selected() const { return highlight_.selected; }

  // --- animation of a resolved turn (with set_results)
  // t in [0, 1]: successful moves glide along their arrows, bounced ones go
  // a third of the way and back, dislodged units step aside at the end,
  // destroyed ones fade. t < 0 switches the animation off.
  void set_animation(float t);
  // Draws the unit of province p (in the position) at share t of the way
  // from location `from` to `to` along its arrow; `bounce` goes a third of
  // the way and back instead. For the app's own animations.
  void set_unit_motion(ProvinceId p, LocationId from, LocationId to, float t, bool bounce);
  void clear_unit_motions();

  void draw(platform::Canvas& canvas);
  // A small picture of `position`'s board about `width` pixels wide (the
  // kiosk's tables): provinces in their owners' colours, borders darker,
  // no units or names. False when the board has no art or it is not made
  // yet (it is made at the first draw).
  bool thumbnail(const Position& position, int width, platform::Pixels& out) const;
  // The provinces whose label the last draw() showed (labels that would
  // overlap give way, the smaller province's first).
  const ProvinceSet& labelled() const { return labels_.labelled(); }
  // Where the letters of province p's label are on the screen since the
  // last draw(); false if it has none. Every label lies inside its own
  // province.
  bool label_box(ProvinceId p, platform::RectF& out) const;
  // The middle of province p's widest part on the screen (its point on the
  // schematic board).
  platform::PointF label_point(ProvinceId p) const;
  // The province whose label is under screen point `at`, or kNoProvince.
  ProvinceId label_at(platform::PointF at) const;

 private:
  class Geometry;
  class Ground;
  class TextMeasure;

  platform::PointF board_point(LocationId l) const;
  platform::PointF dislodged_point(ProvinceId p) const;
  platform::PointF motion_point(const UnitMotion& m, platform::PointF rest, ProvinceId p) const;
  // Forgets the art and its textures (freed at the next draw).
  void drop_art();
  void draw_board(platform::Canvas& canvas, const BoardTextures::Level* level, bool one_to_one, bool composed);
  void draw_colonies(platform::Canvas& canvas);
  void draw_labels(platform::Canvas& canvas);
  // True if every pixel of the screen box r shows province p on the art.
  bool box_inside(ProvinceId p, const platform::RectF& r) const;
  void draw_units(platform::Canvas& canvas, bool moving);
  void draw_unit(platform::Canvas& canvas, platform::PointF at, const Unit& u, bool dislodged, float alpha);
  // Icon of the icon page with its hot spot on `at`, scaled by k, tinted.
  void draw_icon(platform::Canvas& canvas, const IconRect& icon, platform::PointF at, float k,
                 platform::Color tint) const;
  void draw_bridges(platform::Canvas& canvas);
  void draw_orders(platform::Canvas& canvas);

  const Map* map_ = nullptr;
  const Position* position_ = nullptr;
  SchematicBoard schematic_;
  Camera camera_;
  BoardGestures gestures_;
  BoardTextures textures_{camera_};

  // The art and its textures.
  std::unique_ptr<BoardArt> art_;
  bool art_ready_ = false;
  bool art_tried_ = false;
  std::string art_cache_file_;
  platform::ImageId icons_ = 0;  // the units' and bridges' icons

  const OrderList* orders_ = nullptr;
  const PhaseResults* results_ = nullptr;
  BoardHighlight highlight_;
  LabelLayout labels_;
  UnitMotions motions_;
};

}  // namespace colonial
