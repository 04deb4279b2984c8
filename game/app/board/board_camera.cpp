#include "board_camera.h"

#include <algorithm>
#include <cmath>

#include "controls.h"

namespace colonial {
namespace {

using platform::InputEvent;
using platform::InputType;
using platform::PointF;
using platform::RectF;

// Glides close 1 - 1/e of the remaining distance every kGlideSeconds.
constexpr float kGlideSeconds = 0.07f;
constexpr float kWheelStep = 1.2f;    // zoom factor per wheel notch
constexpr float kKeyZoom = 1.5f;      // per + or - key
constexpr float kKeyPanShare = 0.2f;  // share of the view per arrow key
constexpr float kStickDeadZone = 0.2f;
constexpr float kStickPanSpeed = 1100.0f;  // pixels per second at full tilt (before the pixel ratio)
constexpr float kStickZoomSpeed = 2.5f;    // zoom factor per second at full tilt

// A stick value past the dead zone, 0..1 with a gentle start.
float stick(float v) {
  const float a = std::fabs(v);
  if (a < kStickDeadZone) return 0;
  const float t = (a - kStickDeadZone) / (1 - kStickDeadZone);
  return std::copysign(t * t, v);
}

}  // namespace

// --- Camera

void Camera::set_board(RectF board) {
  board_ = board;
  if (board_.w <= 0) board_.w = 1;
  if (board_.h <= 0) board_.h = 1;
  fitted_ = false;
  if (view_.w > 1 && view_.h > 1) {
    fit(false);
    fitted_ = true;
  }
}

void Camera::set_view(RectF view) {
  if (view.w < 1) view.w = 1;
  if (view.h < 1) view.h = 1;
  // Called every frame by the app's layout: only a real change counts (and
  // would stop a zoom glide at its anchor).
  if (fitted_ && view.x == view_.x && view.y == view_.y && view.w == view_.w && view.h == view_.h) return;
  const float zoom_now = fitted_ ? zoom() : 1.0f;
  const float target_zoom = fitted_ ? target_scale_ / fit_scale() : 1.0f;
  view_ = view;
  if (!fitted_) {
    fit(false);
    fitted_ = true;
    return;
  }
  scale_ = zoom_now * fit_scale();
  target_scale_ = target_zoom * fit_scale();
  anchored_ = false;
  clamp_now();
}

float Camera::fit_scale() const { return std::min(view_.w / board_.w, view_.h / board_.h); }

float Camera::max_scale() const { return std::max(fit_scale(), max_scale_limit_); }

PointF Camera::to_screen(PointF b) const {
  return {view_.x + view_.w * 0.5f + (b.x - centre_.x) * scale_, view_.y + view_.h * 0.5f + (b.y - centre_.y) * scale_};
}

PointF Camera::to_board(PointF s) const {
  return {centre_.x + (s.x - view_.x - view_.w * 0.5f) / scale_, centre_.y + (s.y - view_.y - view_.h * 0.5f) / scale_};
}

RectF Camera::visible_board() const {
  const PointF a = to_board({view_.x, view_.y});
  return {a.x, a.y, view_.w / scale_, view_.h / scale_};
}

void Camera::clamp(PointF& centre, float& scale) const {
  scale = std::clamp(scale, fit_scale(), max_scale());
  const float half_w = view_.w * 0.5f / scale;
  const float half_h = view_.h * 0.5f / scale;
  // Board narrower than the view: centred; wider: the view stays on it.
  if (2 * half_w >= board_.w)
    centre.x = board_.x + board_.w * 0.5f;
  else
    centre.x = std::clamp(centre.x, board_.x + half_w, board_.x + board_.w - half_w);
  if (2 * half_h >= board_.h)
    centre.y = board_.y + board_.h * 0.5f;
  else
    centre.y = std::clamp(centre.y, board_.y + half_h, board_.y + board_.h - half_h);
}

void Camera::clamp_now() {
  clamp(centre_, scale_);
  clamp(target_centre_, target_scale_);
}

void Camera::fit(bool smooth) {
  target_scale_ = fit_scale();
  target_centre_ = {board_.x + board_.w * 0.5f, board_.y + board_.h * 0.5f};
  anchored_ = false;
  if (!smooth) {
    scale_ = target_scale_;
    centre_ = target_centre_;
  }
  clamp_now();
}

void Camera::pan_by(float dx, float dy) {
  centre_.x -= dx / scale_;
  centre_.y -= dy / scale_;
  target_centre_.x -= dx / target_scale_;
  target_centre_.y -= dy / target_scale_;
  // A zoom glide under way keeps the same board point under the moved anchor.
  anchor_screen_.x += dx;
  anchor_screen_.y += dy;
  clamp_now();
}

void Camera::zoom_at(PointF screen, float factor, bool smooth) {
  if (!(factor > 0)) return;
  const PointF b = to_board(screen);
  float s = target_scale_ * factor;
  PointF c = target_centre_;
  clamp(c, s);
  target_scale_ = s;
  target_centre_ = {b.x - (screen.x - view_.x - view_.w * 0.5f) / s, b.y - (screen.y - view_.y - view_.h * 0.5f) / s};
  clamp(target_centre_, target_scale_);
  if (smooth) {
    anchored_ = true;
    anchor_screen_ = screen;
    anchor_board_ = b;
  } else {
    anchored_ = false;
    scale_ = target_scale_;
    centre_ = target_centre_;
  }
}

void Camera::centre_on(PointF p, bool smooth) {
  target_centre_ = p;
  anchored_ = false;
  clamp(target_centre_, target_scale_);
  if (!smooth) centre_ = target_centre_;
}

void Camera::set_motion(float pan_x, float pan_y, float zoom_per_second) {
  pan_vx_ = pan_x;
  pan_vy_ = pan_y;
  zoom_rate_ = zoom_per_second > 0 ? zoom_per_second : 1.0f;
}

bool Camera::moving() const {
  return pan_vx_ != 0 || pan_vy_ != 0 || zoom_rate_ != 1 || scale_ != target_scale_ || centre_.x != target_centre_.x ||
         centre_.y != target_centre_.y;
}

bool Camera::update(float dt) {
  if (!(dt > 0)) return false;
  dt = std::min(dt, 0.25f);  // after a stall, do not jump across the board
  const PointF before = centre_;
  const float before_scale = scale_;
  if (pan_vx_ != 0 || pan_vy_ != 0 || zoom_rate_ != 1) {
    // Continuous motion moves the target, and the glide follows at once.
    const PointF mid{view_.x + view_.w * 0.5f, view_.y + view_.h * 0.5f};
    if (zoom_rate_ != 1) zoom_at(mid, std::pow(zoom_rate_, dt), false);
    target_centre_.x += pan_vx_ * dt / target_scale_;
    target_centre_.y += pan_vy_ * dt / target_scale_;
    clamp(target_centre_, target_scale_);
    centre_ = target_centre_;
    scale_ = target_scale_;
  } else {
    const float k = 1.0f - std::exp(-dt / kGlideSeconds);
    scale_ = std::exp(std::log(scale_) + (std::log(target_scale_) - std::log(scale_)) * k);
    if (anchored_) {
      centre_ = {anchor_board_.x - (anchor_screen_.x - view_.x - view_.w * 0.5f) / scale_,
                 anchor_board_.y - (anchor_screen_.y - view_.y - view_.h * 0.5f) / scale_};
    } else {
      centre_.x += (target_centre_.x - centre_.x) * k;
      centre_.y += (target_centre_.y - centre_.y) * k;
    }
    clamp(centre_, scale_);
    // Close enough: land exactly, so that moving() turns false.
    if (std::fabs(std::log(scale_ / target_scale_)) < 2e-3f && distance(centre_, target_centre_) * scale_ < 0.25f) {
      scale_ = target_scale_;
      centre_ = target_centre_;
      anchored_ = false;
    }
  }
  return centre_.x != before.x || centre_.y != before.y || scale_ != before_scale;
}

// --- TapOrDrag

void TapOrDrag::press(PointF at) {
  pressed_ = true;
  dragging_ = false;
  start_ = last_ = at;
}

PointF TapOrDrag::move(PointF at) {
  if (!pressed_) return {};
  if (!dragging_) {
    if (distance(at, start_) <= threshold_) return {};
    dragging_ = true;
    last_ = at;
    return {at.x - start_.x, at.y - start_.y};
  }
  const PointF d{at.x - last_.x, at.y - last_.y};
  last_ = at;
  return d;
}

bool TapOrDrag::release() {
  const bool tap = pressed_ && !dragging_;
  cancel();
  return tap;
}

void TapOrDrag::cancel() {
  pressed_ = false;
  dragging_ = false;
}

// --- BoardGestures

void BoardGestures::set_pixel_ratio(float ratio) {
  ratio_ = ratio > 0 ? ratio : 1.0f;
  mouse_.set_threshold(8 * ratio_);
  touch_.set_threshold(16 * ratio_);
}

void BoardGestures::reset() {
  mouse_.cancel();
  touch_.cancel();
  fingers_[0].down = fingers_[1].down = false;
  pinched_ = false;
}

BoardGestures::Finger* BoardGestures::finger(std::int64_t id) {
  for (Finger& f : fingers_)
    if (f.down && f.id == id) return &f;
  return nullptr;
}

void BoardGestures::stick_motion(Camera& camera) {
  const float speed = kStickPanSpeed * ratio_;
  const float zoom_in =
      -stick(zoom_stick_) + std::max(0.0f, trigger_[1] - kStickDeadZone) - std::max(0.0f, trigger_[0] - kStickDeadZone);
  camera.set_motion(stick(pan_[0]) * speed, stick(pan_[1]) * speed,
                    std::pow(kStickZoomSpeed, std::clamp(zoom_in, -1.0f, 1.0f)));
}

BoardGesture BoardGestures::handle(const InputEvent& e, Camera& camera) {
  BoardGesture g;
  const PointF at{e.x, e.y};
  const bool release = e.type == InputType::PointerUp || e.type == InputType::TouchUp;
  // The overlay's events are not the board's, but a release still ends a
  // press begun on the board.
  if (e.ui_captured && !release && e.type != InputType::GamepadAxis) return g;
  switch (e.type) {
    case InputType::PointerDown:
      if (e.from_touch) break;  // the touch events handle fingers
      pointer_ = at;
      if (e.button == platform::PointerButton::Left || e.button == platform::PointerButton::Right) mouse_.press(at);
      break;
    case InputType::PointerMove: {
      if (e.from_touch) break;
      pointer_ = at;
      const PointF d = mouse_.move(at);
      if (d.x != 0 || d.y != 0) {
        camera.pan_by(d.x, d.y);
        g.camera_moved = true;
      }
      break;
    }
    case InputType::PointerUp:
      if (e.from_touch) break;
      if (mouse_.release() && !e.ui_captured) {
        g.tap = true;
        g.secondary = e.button == platform::PointerButton::Right;
        g.at = at;
      }
      break;
    case InputType::Wheel:
      if (e.dy != 0) {
        camera.zoom_at(pointer_, std::pow(kWheelStep, e.dy), true);
        g.camera_moved = true;
      }
      break;
    case InputType::TouchDown:
      if (!fingers_[0].down) {
        fingers_[0] = {e.finger, at, true};
        touch_.press(at);
        pinched_ = false;
      } else if (!fingers_[1].down) {
        fingers_[1] = {e.finger, at, true};
        touch_.cancel();
        pinched_ = true;
        pinch_distance_ = distance(fingers_[0].at, fingers_[1].at);
      }
      break;
    case InputType::TouchMove: {
      Finger* f = finger(e.finger);
      if (!f) break;
      const PointF old_at = f->at;
      f->at = at;
      if (fingers_[0].down && fingers_[1].down) {
        // Pinch: zoom by the change of the fingers' spread around their
        // middle, and pan by the middle's movement.
        const Finger& other = f == &fingers_[0] ? fingers_[1] : fingers_[0];
        const PointF mid_old{(old_at.x + other.at.x) * 0.5f, (old_at.y + other.at.y) * 0.5f};
        const PointF mid_new{(at.x + other.at.x) * 0.5f, (at.y + other.at.y) * 0.5f};
        const float d = distance(fingers_[0].at, fingers_[1].at);
        if (pinch_distance_ > 1 && d > 1) camera.zoom_at(mid_old, d / pinch_distance_, false);
        pinch_distance_ = d;
        camera.pan_by(mid_new.x - mid_old.x, mid_new.y - mid_old.y);
        g.camera_moved = true;
      } else if (pinched_) {
        // One finger left after a pinch: it drags, it can no longer tap.
        camera.pan_by(at.x - old_at.x, at.y - old_at.y);
        g.camera_moved = true;
      } else {
        const PointF d = touch_.move(at);
        if (d.x != 0 || d.y != 0) {
          camera.pan_by(d.x, d.y);
          g.camera_moved = true;
        }
      }
      break;
    }
    case InputType::TouchUp: {
      Finger* f = finger(e.finger);
      if (!f) break;
      if (!pinched_ && touch_.release() && !e.ui_captured) {
        g.tap = true;
        g.at = at;
      }
      f->down = false;
      if (!fingers_[0].down && fingers_[1].down) std::swap(fingers_[0], fingers_[1]);
      if (!fingers_[0].down) pinched_ = false;
      break;
    }
    case InputType::KeyDown: {
      const PointF mid{camera.view().x + camera.view().w * 0.5f, camera.view().y + camera.view().h * 0.5f};
      const float step_x = camera.view().w * kKeyPanShare / camera.scale();
      const float step_y = camera.view().h * kKeyPanShare / camera.scale();
      const PointF c = camera.to_board(mid);
      switch (action_for(e, Place::Board)) {
        case Action::PanLeft: camera.centre_on({c.x - step_x, c.y}, true); break;
        case Action::PanRight: camera.centre_on({c.x + step_x, c.y}, true); break;
        case Action::PanUp: camera.centre_on({c.x, c.y - step_y}, true); break;
        case Action::PanDown: camera.centre_on({c.x, c.y + step_y}, true); break;
        case Action::ZoomIn: camera.zoom_at(mid, kKeyZoom, true); break;
        case Action::ZoomOut: camera.zoom_at(mid, 1 / kKeyZoom, true); break;
        case Action::FitBoard: camera.fit(true); break;
        default: return g;
      }
      g.camera_moved = true;
      break;
    }
    case InputType::GamepadAxis: {
      // The table of controls names the sticks: Pan is an X axis with its Y
      // axis next to it; Zoom a stick's Y axis; ZoomIn and ZoomOut triggers.
      const auto slot = [&](Action a) { return axis_for(a, Place::Board); };
      const platform::GamepadAxis pan_x = slot(Action::Pan);
      if (e.axis == pan_x) pan_[0] = e.value;
      if (e.axis == static_cast<platform::GamepadAxis>(static_cast<int>(pan_x) + 1)) pan_[1] = e.value;
      if (e.axis == slot(Action::Zoom)) zoom_stick_ = e.value;
      if (e.axis == slot(Action::ZoomOut)) trigger_[0] = e.value;
      if (e.axis == slot(Action::ZoomIn)) trigger_[1] = e.value;
      stick_motion(camera);
      g.camera_moved = true;
      break;
    }
    case InputType::GamepadRemoved:
      pan_[0] = pan_[1] = zoom_stick_ = 0;
      trigger_[0] = trigger_[1] = 0;
      stick_motion(camera);
      break;
    default: break;
  }
  return g;
}

}  // namespace colonial
