#include "modals.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace colonial {

Routing routing_of(ModalKind kind) {
  switch (kind) {
    case ModalKind::Editor:
    case ModalKind::Lesson: return Routing::Board;
    case ModalKind::Tables: return Routing::Tables;
    case ModalKind::Attract: return Routing::Wake;
    default: return Routing::Dialog;
  }
}

bool is_form(ModalKind kind) {
  // The editor and a lesson are panels beside the board they change (the
  // pad's D-pad moves over the board), the tables have keys of their own,
  // and the attract view waits for any press.
  return kind != ModalKind::Editor && kind != ModalKind::Lesson && kind != ModalKind::Tables &&
         kind != ModalKind::Attract;
}

EscapeRule escape_of(ModalKind kind) {
  return kind == ModalKind::Tables || kind == ModalKind::Lesson ? EscapeRule::Owner : EscapeRule::Close;
}

namespace {

// The entries a notice waits behind: what the player is answering or typing,
// the view that covers everything, and the notices that came first.
bool holds_the_front(ModalKind kind) {
  return kind == ModalKind::Question || kind == ModalKind::Notice || kind == ModalKind::PinPad ||
         kind == ModalKind::Attract;
}

}  // namespace

std::size_t Modals::front_start() const {
  std::size_t at = entries_.size();
  while (at > 0 && holds_the_front(entries_[at - 1].kind)) --at;
  return at;
}

void Modals::push(Modal entry) {
  entry.serial = next_serial_++;
  entry.appearing = true;
  // What holds the front comes on top; anything else opens under it.
  const std::size_t at = holds_the_front(entry.kind) ? entries_.size() : front_start();
  entries_.insert(entries_.begin() + static_cast<std::ptrdiff_t>(at), std::move(entry));
}

void Modals::open(ModalKind kind) { open(kind, escape_of(kind)); }

void Modals::open(ModalKind kind, EscapeRule escape) {
  assert(kind != ModalKind::Notice && kind != ModalKind::Question);
  const auto found = std::find_if(entries_.begin(), entries_.end(), [kind](const Modal& m) { return m.kind == kind; });
  if (found != entries_.end()) {
    Modal entry = *found;
    entry.escape = escape;
    entries_.erase(found);
    const std::size_t at = holds_the_front(kind) ? entries_.size() : front_start();
    entries_.insert(entries_.begin() + static_cast<std::ptrdiff_t>(at), std::move(entry));
    return;
  }
  Modal entry;
  entry.kind = kind;
  entry.escape = escape;
  push(std::move(entry));
}

void Modals::ask(Question question, int subject, bool option) {
  assert(question != Question::None);
  Modal entry;
  entry.kind = ModalKind::Question;
  entry.question = question;
  entry.subject = subject;
  entry.option = option;
  push(std::move(entry));
}

void Modals::notify(std::string text) {
  for (const Modal& m : entries_)
    if (m.kind == ModalKind::Notice && m.text == text) return;
  // Under the front, after the notices already waiting there.
  Modal entry;
  entry.kind = ModalKind::Notice;
  entry.text = std::move(text);
  entry.serial = next_serial_++;
  entries_.insert(entries_.begin() + static_cast<std::ptrdiff_t>(front_start()), std::move(entry));
}

bool Modals::is_open(ModalKind kind) const {
  return std::any_of(entries_.begin(), entries_.end(), [kind](const Modal& m) { return m.kind == kind; });
}

void Modals::on_close(ModalKind kind, Closed hook) { on_close_[static_cast<std::size_t>(kind)] = std::move(hook); }

void Modals::closed(const Modal& entry) const {
  const Closed& hook = on_close_[static_cast<std::size_t>(entry.kind)];
  if (hook) hook(entry);
}

void Modals::remove(std::size_t index) {
  const Modal entry = std::move(entries_[index]);
  entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(index));
  closed(entry);
}

bool Modals::close(ModalKind kind) {
  for (std::size_t i = entries_.size(); i-- > 0;)
    if (entries_[i].kind == kind) {
      remove(i);
      return true;
    }
  return false;
}

bool Modals::close_serial(std::uint32_t serial) {
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].serial == serial) {
      remove(i);
      return true;
    }
  return false;
}

void Modals::close_all_but(ModalKind keep) {
  std::vector<Modal> kept;
  std::vector<Modal> gone;
  for (Modal& m : entries_) (m.kind == keep ? kept : gone).push_back(std::move(m));
  entries_ = std::move(kept);
  for (const Modal& m : gone) closed(m);
}

void Modals::clear() {
  std::vector<Modal> gone = std::move(entries_);
  entries_.clear();
  for (const Modal& m : gone) closed(m);
}

void Modals::set_option(std::uint32_t serial, bool option) {
  for (Modal& m : entries_)
    if (m.serial == serial) m.option = option;
}

Modals::Escaped Modals::escape() {
  Escaped out;
  if (entries_.empty()) return out;
  out.entry = entries_.back();
  switch (out.entry.escape) {
    case EscapeRule::Close:
      out.outcome = Outcome::Closed;
      remove(entries_.size() - 1);
      break;
    case EscapeRule::Keep: out.outcome = Outcome::Kept; break;
    case EscapeRule::Owner: out.outcome = Outcome::Owner; break;
  }
  return out;
}

std::size_t Modals::first_undrawn(std::size_t from) const {
  for (std::size_t i = from; i < entries_.size(); ++i)
    if (std::find(drawn_.begin(), drawn_.end(), entries_[i].serial) == drawn_.end()) return i;
  return entries_.size();
}

void Modals::draw_from(std::size_t index, const Drawer& drawer) {
  if (index >= entries_.size()) return;
  // A copy: the drawer may open and close entries.
  const Modal entry = entries_[index];
  drawn_.push_back(entry.serial);
  bool above_drawn = false;
  drawer(entry, [&] {
    if (above_drawn) return;
    above_drawn = true;
    // An entry that closed itself leaves the rest to the pass: they are
    // drawn beside it, not inside a popup that is closing.
    std::size_t at = 0;
    while (at < entries_.size() && entries_[at].serial != entry.serial) ++at;
    if (at < entries_.size()) draw_from(first_undrawn(at + 1), drawer);
  });
  assert(above_drawn && "a drawer must draw what is above it");
}

void Modals::draw(const Drawer& drawer) {
  drawn_.clear();
  // Entries opened by a drawer that closed itself (the menu's items) come
  // after the pass, beside the rest.
  for (std::size_t i = first_undrawn(0); i < entries_.size(); i = first_undrawn(0)) draw_from(i, drawer);
  for (Modal& m : entries_)
    if (std::find(drawn_.begin(), drawn_.end(), m.serial) != drawn_.end()) m.appearing = false;
}

}  // namespace colonial
