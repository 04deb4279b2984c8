// OrderPreview: what if (the orders screen's Preview, pass-and-play). The
// power's orders adjudicated against a guess of the others' - every other
// unit holding, or the computer's guess - shown on the board instead of the
// orders and labelled a guess, never the others' real orders (nobody sees
// those before the results). Made again only when the position, the
// power, its orders or the guess change.
#pragma once

#include <memory>

#include "bot.h"
#include "order.h"
#include "position.h"

namespace colonial {

class OrderPreview {
 public:
  OrderPreview();
  ~OrderPreview();

  // The player asked for it (the Preview checkbox).
  bool on() const { return on_; }
  // The preview of p's orders in `position`; false when there is none (not
  // a movement phase). Its results are then results().
  bool show(const Map& map, const Position& position, PowerId p, const OrderList& orders);
  const PhaseResults& results() const { return results_; }
  // True when results() are p's preview in `position` (drawn this frame).
  bool showing(const Position& position, PowerId p) const;
  // How many previews were made (tests: not one a frame).
  int made_count() const { return made_count_; }
  void set_guess(PreviewGuess guess) { guess_ = guess; }

  // The Preview checkbox and, while on, the guess (in the orders panel).
  void draw_controls();
  // Over the board while the preview shows: what it is, in words nobody can
  // take for the results, at the top of the board (x, y, w: ImGui points).
  void draw_label(float x, float y, float w) const;

 private:
  bool on_ = false;
  PreviewGuess guess_ = PreviewGuess::OthersHold;
  std::unique_ptr<Bot> bot_;  // large: made when first needed
  // What the preview shown was made of.
  struct Made {
    bool valid = false;
    Position position;
    PowerId power = kNoPower;
    PreviewGuess guess = PreviewGuess::OthersHold;
    OrderList orders;
  } made_;
  Position after_;
  PhaseResults results_;
  int made_count_ = 0;
};

}  // namespace colonial
