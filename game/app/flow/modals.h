// Modals: what is open over the screen, kept in one place. Every dialog,
// question, notice, PIN pad, editor and overlay is an entry of one stack,
// pushed when it opens and popped when it closes. The entry on top decides
// where input goes (routing), whether the keys and the pad move through a
// form (ImGui's navigation), and what Esc and the pad's B do; the app draws
// the entries bottom to top, each over the one below (draw).
//
// What the player is answering or typing holds the front: questions, the PIN
// pad, the attract view and the notices waiting. A dialog opened meanwhile
// (the kiosk's tables at start, under the first PIN; the help asked for
// with a question open) goes under them, and a notice goes under them after
// the notices already waiting: nothing being answered is hidden, and each
// notice is read in turn.
//
// Whatever must happen when an entry closes (the kiosk's settings saved)
// is its kind's close hook, run however it leaves the stack: its button, Esc
// or B, or another part closing it (staff mode locking, a new game).
//
// Plain state, no ImGui or SDL (tests/app: app_flow_tests).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace colonial {

enum class ModalKind : std::uint8_t {
  Menu,           // the top bar's menu
  Help,           // the rules in brief and the controls
  Notice,         // a message to read and dismiss (Modal::text)
  Question,       // a yes-or-no question (Modal::question, about Modal::subject)
  Phones,         // the players' phones as order pads
  OrderSheet,     // the game master's sheet of typed orders (a window over the panel)
  Editor,         // the game master's position editor (a panel; taps on the board edit)
  Branches,       // the lines of play kept by rollbacks
  ComputerSeats,  // who plays each power: a person or the computer
  Plan,           // the order pad's retreats and builds planned in advance
  Lesson,         // learning to play: a lesson's panel beside its board (taps on the board give orders)
  PinPad,         // the kiosk's staff PIN
  KioskSettings,  // the kiosk's settings (staff)
  Season,         // the kiosk's season standings (staff)
  Tables,         // the kiosk's start screen: its tables (covers the screen)
  Attract,        // the kiosk left alone (covers everything until a touch)
};
inline constexpr std::size_t kModalKinds = static_cast<std::size_t>(ModalKind::Attract) + 1;

enum class Question : std::uint8_t {
  None,
  Quit,          // leave the app
  NewGame,       // leave the game in play for the new-game screen
  Companion,     // switch to companion mode (orders begun would show)
  Adjudicate,    // adjudicate before every power is done
  Agreement,     // end the game by agreement
  EndTime,       // end the game: the time set for it is up (Modal::option: count units)
  Surrender,     // hand in SURRENDER for the power on screen
  Rollback,      // play a phase again (subject: its history index)
  NewSeat,       // give a power's phone a new seat (subject: the power)
  ArchiveTable,  // archive a kiosk table (subject: its row)
  DeleteTable,   // delete a kiosk table (subject: its row)
};

// Where input goes.
enum class Routing : std::uint8_t {
  Screen,  // nothing is open: the screen's keys, then the board
  Dialog,  // the top entry's widgets only (ImGui); the screen and the board get nothing
  Board,   // the board's gestures, its taps to the top entry (the editor, a lesson); not the screen's keys
  Tables,  // the kiosk's tables: their keys choose and play a row
  Wake,    // a press only ends the top entry (the attract view)
};

// What Esc and the pad's B do to the entry on top.
enum class EscapeRule : std::uint8_t {
  Close,  // close it (a question: no)
  Keep,   // nothing: it must be answered (the kiosk's first staff PIN)
  Owner,  // its owner decides (the kiosk's tables: back to a game only if there is one; a lesson:
          // one step back in the order being built, else leave)
};

struct Modal {
  ModalKind kind = ModalKind::Notice;
  Question question = Question::None;
  int subject = -1;     // what a question is about (see Question)
  bool option = false;  // a question's checkbox
  std::string text;     // a notice's message
  EscapeRule escape = EscapeRule::Close;
  bool appearing = true;  // not drawn yet: popups open on their first frame
  std::uint32_t serial = 0;
};

// How each kind behaves on top of the stack.
Routing routing_of(ModalKind kind);
bool is_form(ModalKind kind);
EscapeRule escape_of(ModalKind kind);

class Modals {
 public:
  // Opens an entry of `kind` on top (under the front: see above), with its
  // kind's Esc rule (or `escape`). An entry of that kind already open is
  // brought up instead.
  void open(ModalKind kind);
  void open(ModalKind kind, EscapeRule escape);
  // A question on top (answered with close(ModalKind::Question) or Esc).
  void ask(Question question, int subject = -1, bool option = false);
  // A notice, queued (see the header comment). The same text already
  // waiting is not queued twice.
  void notify(std::string text);

  bool empty() const { return entries_.empty(); }
  std::size_t size() const { return entries_.size(); }
  const Modal* top() const { return entries_.empty() ? nullptr : &entries_.back(); }
  bool on_top(ModalKind kind) const { return !entries_.empty() && entries_.back().kind == kind; }
  bool is_open(ModalKind kind) const;
  const Modal& at(std::size_t i) const { return entries_[i]; }

  // Runs hook(entry) for every entry of `kind` that leaves the stack, on
  // every path below (replaces the kind's hook; its owner sets it once).
  // It runs once the entry is gone, so it may open or close entries.
  using Closed = std::function<void(const Modal& entry)>;
  void on_close(ModalKind kind, Closed hook);

  // Closes the uppermost entry of `kind` (false: none was open).
  bool close(ModalKind kind);
  // Closes the entry with this serial (a drawer closing itself).
  bool close_serial(std::uint32_t serial);
  // Closes every entry but those of `keep` (leaving a table, say).
  void close_all_but(ModalKind keep);
  void clear();
  // A question's checkbox, changed while it is drawn.
  void set_option(std::uint32_t serial, bool option);

  // Where input goes now, and whether the keys and the pad move through
  // the top entry's widgets (when nothing is open the screen decides both).
  Routing routing() const { return entries_.empty() ? Routing::Screen : routing_of(entries_.back().kind); }
  bool form() const { return !entries_.empty() && is_form(entries_.back().kind); }

  // Esc or the pad's B: what became of the top entry.
  enum class Outcome : std::uint8_t {
    Nothing,  // nothing is open: the screen's turn
    Closed,   // the entry was closed
    Kept,     // it stays (EscapeRule::Keep)
    Owner,    // it stays: its owner decides (EscapeRule::Owner)
  };
  struct Escaped {
    Outcome outcome = Outcome::Nothing;
    Modal entry;  // the top entry it concerned
  };
  Escaped escape();

  // Draws the entries bottom to top: drawer(entry, above) for each, where
  // `above` draws the entries over it. A drawer calls `above` once, inside
  // its own popup when it has one: ImGui nests a popup opened inside
  // another, while two opened side by side close each other. Entries opened
  // while drawing are drawn in the same pass, entries closed are not.
  using Above = std::function<void()>;
  using Drawer = std::function<void(const Modal& entry, const Above& above)>;
  void draw(const Drawer& drawer);

 private:
  void push(Modal entry);
  // Removes entries_[index], then runs its kind's close hook.
  void remove(std::size_t index);
  void closed(const Modal& entry) const;
  std::size_t front_start() const;  // where the entries holding the front begin
  void draw_from(std::size_t index, const Drawer& drawer);
  std::size_t first_undrawn(std::size_t from) const;

  std::vector<Modal> entries_;
  std::array<Closed, kModalKinds> on_close_;
  std::vector<std::uint32_t> drawn_;  // this pass
  std::uint32_t next_serial_ = 1;
};

}  // namespace colonial
