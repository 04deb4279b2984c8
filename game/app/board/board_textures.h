// BoardTextures: the board art as the renderer's textures, and their
// lifetimes. Each size of the board (a level, board_levels.h) becomes
// textures once: its base, cut to the renderer's texture limit, and its
// colonies' sprites packed on pages. A frame draws them, each colony tinted
// with its owner's colour and added to the base (no pixel is coloured on
// the CPU); at rest the board is composed once into an image of the view's
// size and copied. The highlight overlay is filled from the key plane's
// rectangles into its own image when it changes.
//
// Lifetimes: the levels are made when first drawn, at the sizes drawn; the
// halvings a zoom drew from go after a while at rest; a change of palette
// or of the board's features makes them again; textures let go of (an
// earlier map, palette or size) are freed at the next frame, the canvas
// being at hand only then.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "board_camera.h"
#include "canvas.h"
#include "map.h"
#include "position.h"

namespace colonial {

class BoardArt;
struct BoardLevel;
struct KeyStyles;

// What order entry lights on the board: the selected unit's province, the
// provinces its order may go to, and whether everything else fades.
struct BoardHighlight {
  ProvinceId selected = kNoProvince;
  ProvinceSet targets;
  bool has_targets = false;
  bool dim_others = false;
  bool any() const { return has_targets || selected != kNoProvince; }
  bool dimming() const { return dim_others && any(); }
  bool lit(ProvinceId p) const { return p == selected || (has_targets && targets.test(p)); }
  const ProvinceSet* target_set() const { return has_targets ? &targets : nullptr; }
};

class BoardTextures {
 public:
  // One size of the board as textures (board_textures.cpp).
  struct Level;

  // Draws at `camera`'s place and scale (it must outlive the textures).
  explicit BoardTextures(const Camera& camera);
  ~BoardTextures();
  BoardTextures(const BoardTextures&) = delete;
  BoardTextures& operator=(const BoardTextures&) = delete;

  // The art drawn and its map (null: none; both must outlive their use).
  // Every texture made for the art before is let go.
  void attach(const Map* map, BoardArt* art);
  // A smaller texture side than the renderer's limit (and our 2048).
  void set_texture_limit(int side) { texture_limit_ = side; }
  // A texture of the caller's to free with the others at the next frame.
  void retire(platform::ImageId id) { retired_images_.push_back(id); }
  // Frees the textures let go of; at the start of each frame.
  void free_retired(platform::Canvas& canvas);

  // Prepares the art for the position's features and the palette's
  // colours: a change of the base's colours (the palette) drops the levels
  // made.
  void refresh(const Position* position);
  // The level to draw the board from now: at rest the one at the screen's
  // scale (one_to_one), else the nearest halving; null when none can be made.
  const Level* pick_level(platform::Canvas& canvas, bool& one_to_one, std::string& error);
  // The board at rest is composed once into an image of the view's size
  // and copied each frame (true: copy it with draw_composed); while the
  // camera moves it is drawn straight to the frame (false: draw_level).
  bool compose(platform::Canvas& canvas, const Level& level, bool one_to_one, std::string& error);
  void draw_composed(platform::Canvas& canvas) const;
  void draw_level(platform::Canvas& canvas, const Level& level, bool one_to_one, platform::PointF shift) const;
  // The highlight drawn over the board: the selected province and the
  // targets lit, the rest dimmed if asked, as one translucent picture at half the board's size. Its shapes (rectangles
  // of the key plane) are filled on the GPU into it when the highlight
  // changes: no pixel of it is made on the CPU.
  bool make_overlay(platform::Canvas& canvas, const BoardHighlight& highlight, std::string& error);
  void draw_overlay(platform::Canvas& canvas) const;
  // A small picture of `position`'s board about `width` pixels wide:
  // provinces in their owners' colours, borders darker. False before the
  // art is prepared.
  bool thumbnail(const Position& position, int width, platform::Pixels& out) const;

 private:
  // How each key of the art is coloured for `position` (its colonies in
  // their owners' colours; without one, none owned).
  void key_styles(KeyStyles& out, const Position* position) const;
  // The colonies' colours and patterns now, to see them change.
  std::uint64_t colonies_digest() const;
  // The level of `scale` as textures (made when first drawn); null when it
  // cannot be made.
  Level* level_for(platform::Canvas& canvas, float scale, bool exact, std::string& error);
  bool upload_level(platform::Canvas& canvas, const BoardLevel& pixels, Level& level, std::string& error);
  bool upload_tiles(platform::Canvas& canvas, const platform::Pixels& pixels, Level& level, std::string& error);
  bool upload_colonies(platform::Canvas& canvas, const BoardLevel& pixels, Level& level, std::string& error);
  // The colour-blind palette's hatched colony sprites the level lacks.
  void hatch_colonies(platform::Canvas& canvas, Level& level);
  void retire(Level& level);
  int texture_side(const platform::Canvas& canvas) const;
  // The board's pixels drawn from `level` (base and colonies), shifted by
  // `shift` (when drawing into the composed board's image).
  void draw_tiles(platform::Canvas& canvas, const Level& level, bool one_to_one, platform::PointF shift) const;
  void highlight_lut(const BoardHighlight& highlight, std::array<std::uint32_t, 256>& out) const;

  const Camera& camera_;
  const Map* map_ = nullptr;
  BoardArt* art_ = nullptr;
  static constexpr int kLevels = 3;
  std::unique_ptr<Level> levels_[kLevels];  // full, half and quarter size, made when first drawn
  std::unique_ptr<Level> exact_;            // at the screen's scale (when at rest)
  // The scale at rest before exact_'s: a table alternates between two sizes
  // of the board (the hand-off card's whole width and the orders screen's
  // beside its panel), each made once.
  std::unique_ptr<Level> previous_exact_;
  int frames_at_rest_ = 0;               // drawn from exact_ since the last zoom
  std::unique_ptr<BoardLevel> unsaved_;  // exact_'s pixels until it is kept in the cache
  float exact_wanted_ = -1;              // the scale of the last frame that wanted one not made
  int texture_limit_ = 0;
  bool told_limit_ = false;                        // the log has a line on the renderer's texture limit
  std::vector<platform::ImageId> retired_images_;  // of an earlier map or palette, freed at the next frame
  std::unique_ptr<KeyStyles> styles_;              // as last drawn
  // The highlight overlay (half the board's size, in tiles of the texture
  // limit) and what it was made for.
  std::unique_ptr<Level> overlay_;
  std::array<std::uint32_t, 256> overlay_lut_{};
  bool overlay_valid_ = false;
  // The board composed for the camera at rest: the image, its size, and
  // what it was composed for (the view, the board's place and scale, the
  // colonies' colours, the level); the last frame's, to see the camera move.
  struct Composed {
    platform::RectF view;
    platform::PointF origin;
    float scale = 0;
    std::uint64_t colours = 0;
    const Level* level = nullptr;
    bool operator==(const Composed&) const = default;
  };
  platform::ImageId composed_image_ = 0;
  int composed_w_ = 0, composed_h_ = 0;
  bool compose_failed_ = false;
  Composed composed_, last_frame_;
};

}  // namespace colonial
