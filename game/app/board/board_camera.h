// Camera: which part of the board is on screen, and the gestures that move it.
//
// Board coordinates are the art's pixels (or the schematic layout's units);
// screen = board * scale + offset. The camera never shows less than the
// whole board's narrower side would allow: at the smallest zoom the board
// fits the view, and when zoomed in the view stays on the board.
//
// Movement is smooth: wheel and key zooms, and centring on a point, glide to
// their target (call update() every frame while moving() is true); drags and
// pinches follow the fingers exactly.
#pragma once

#include <cstdint>

#include "canvas.h"
#include "input.h"

namespace colonial {

class Camera {
 public:
  // The board's extent in board units.
  void set_board(platform::RectF board);
  // The rectangle of the screen the board is drawn in (pixels). Keeps the
  // board point at the centre of the view and the zoom relative to the fit.
  void set_view(platform::RectF view);
  // The largest scale (screen pixels per board unit) zooming may reach; the
  // art looks soft beyond about 2.5. At least the fit.
  void set_max_scale(float s) {
    max_scale_limit_ = s;
    clamp_now();
  }

  const platform::RectF& view() const { return view_; }
  const platform::RectF& board() const { return board_; }
  float scale() const { return scale_; }
  // Scale at which the whole board fits the view.
  float fit_scale() const;
  float max_scale() const;
  // scale() / fit_scale(): 1 when the whole board is shown.
  float zoom() const { return scale_ / fit_scale(); }

  platform::PointF to_screen(platform::PointF board) const;
  platform::PointF to_board(platform::PointF screen) const;
  // The part of the board on screen (board units).
  platform::RectF visible_board() const;

  // Shows the whole board (smoothly, or at once).
  void fit(bool smooth);
  // Moves the board by (dx, dy) screen pixels, at once (drags).
  void pan_by(float dx, float dy);
  // Multiplies the scale by `factor`, keeping the board point under `screen`
  // where it is (wheel, pinch, keys).
  void zoom_at(platform::PointF screen, float factor, bool smooth);
  // Brings board point p to the middle of the view.
  void centre_on(platform::PointF p, bool smooth);
  // Continuous motion (gamepad sticks): pan in screen pixels per second,
  // zoom as a factor per second around the view's centre. 0 stops.
  void set_motion(float pan_x, float pan_y, float zoom_per_second);

  // Advances the glides and the continuous motion by dt seconds. Returns true
  // when the camera moved.
  bool update(float dt);
  // True while a glide or continuous motion is under way (keep drawing).
  bool moving() const;
  // True while the scale is changing (a zoom glide or a zoom stick).
  bool zooming() const { return scale_ != target_scale_ || zoom_rate_ != 1; }

 private:
  void clamp_now();
  void clamp(platform::PointF& centre, float& scale) const;

  platform::RectF board_{0, 0, 1, 1};
  platform::RectF view_{0, 0, 1, 1};
  float max_scale_limit_ = 1e6f;
  // Current and target: the board point at the view's centre, and the scale.
  platform::PointF centre_{0.5f, 0.5f};
  float scale_ = 1;
  platform::PointF target_centre_{0.5f, 0.5f};
  float target_scale_ = 1;
  // During a smooth zoom at a point, that point stays put.
  bool anchored_ = false;
  platform::PointF anchor_screen_;
  platform::PointF anchor_board_;
  float pan_vx_ = 0, pan_vy_ = 0, zoom_rate_ = 1;
  bool fitted_ = false;  // no view yet: the first set_view fits
};

// Press-and-release logic shared by mouse and touch: a press becomes a drag
// only once it has moved more than the threshold from where it started, so a
// slightly shaky tap is still a tap and never nudges the board.
class TapOrDrag {
 public:
  explicit TapOrDrag(float threshold = 8) : threshold_(threshold) {}
  void set_threshold(float px) { threshold_ = px; }
  float threshold() const { return threshold_; }
  void press(platform::PointF at);
  // The pointer moved to `at`. Returns the movement to apply to the board
  // (zero until the press has become a drag; then the full offset since the
  // press, once, followed by each step).
  platform::PointF move(platform::PointF at);
  // The pointer was released: true if this was a tap (never became a drag).
  bool release();
  // Forgets the press (a second finger turned it into a pinch).
  void cancel();
  bool pressed() const { return pressed_; }
  bool dragging() const { return dragging_; }
  platform::PointF start() const { return start_; }

 private:
  float threshold_;
  bool pressed_ = false;
  bool dragging_ = false;
  platform::PointF start_;
  platform::PointF last_;
};

// What an input event meant for the board.
struct BoardGesture {
  bool tap = false;        // a tap or click at `at` (select a unit or a province)
  bool secondary = false;  // the tap was a right click (or a long press is not modelled)
  platform::PointF at;
  bool camera_moved = false;  // the event panned or zoomed
};

// Board gestures: mouse (drag to pan, wheel to zoom at the cursor, click),
// touch (one finger pans or taps, two pinch and pan), keys (arrows pan, + and
// - zoom, Home fits) and gamepad (left stick pans, right stick or triggers
// zoom). Events the overlay captured are ignored.
class BoardGestures {
 public:
  // `pixel_ratio` scales the thresholds on high-DPI screens.
  void set_pixel_ratio(float ratio);
  BoardGesture handle(const platform::InputEvent& e, Camera& camera);
  // Drops any press in progress (the view changed under it).
  void reset();
  const TapOrDrag& mouse() const { return mouse_; }

 private:
  struct Finger {
    std::int64_t id = 0;
    platform::PointF at;
    bool down = false;
  };
  void stick_motion(Camera& camera);
  Finger* finger(std::int64_t id);
  float ratio_ = 1;
  TapOrDrag mouse_{8};
  TapOrDrag touch_{16};  // fingers wobble more than mice
  Finger fingers_[2];
  float pinch_distance_ = 0;
  bool pinched_ = false;  // this touch sequence pinched: no tap at its end
  platform::PointF pointer_;
  float pan_[2] = {0, 0};  // the panning stick (x, y)
  float zoom_stick_ = 0;   // the zooming stick (y: up zooms in)
  float trigger_[2] = {0, 0};
};

}  // namespace colonial
