// Rolling back (asked first, saying what will be undone), the branches kept
// by earlier rollbacks with Restore, and pictures of the board.
#include <imgui.h>

#include <cctype>
#include <cstdio>
#include <string>

#include "files.h"
#include "gm_tools.h"
#include "touch_ui.h"
#include "translate.h"

namespace colonial {

using text::format;
using text::tr;
using text::trn;

void GameMasterTools::draw_rollback(GameSession& session, Modals& modals, const Modal& question, double now,
                                    const Above& above) {
  Game& game = session.game();
  const int i = question.subject;
  if (!session.flow().attached() || i < 0 || i >= game.history_size()) {
    modals.close_serial(question.serial);
    above();
    return;
  }
  PhaseText from, to;
  format_phase(game.history(i).position.phase, from);
  format_phase(game.phase(), to);
  const int undone = game.history_size() - i;
  PhaseText shown_from, shown_to;
  describe_phase(game.history(i).position.phase, shown_from);
  describe_phase(game.phase(), shown_to);
  // TRANSLATORS: %1$s is the phase played again, %2$d how many phases are undone, %3$s the phase in play now.
  const std::string words = format(trn("Play %1$s again? %2$d phase is undone, from %1$s up to %3$s. It is kept as "
                                       "a branch and can be restored. The orders given in %1$s are handed in "
                                       "again, to be corrected.",
                                       "Play %1$s again? %2$d phases are undone, from %1$s up to %3$s. They are kept "
                                       "as a branch and can be restored. The orders given in %1$s are handed in "
                                       "again, to be corrected.",
                                       static_cast<unsigned long>(undone)),
                                   shown_from.c_str(), undone, shown_to.c_str());
  const int answer =
      confirm_dialog("rollback", words.c_str(), tr("Play it again"), tr("Keep the game"), nullptr, nullptr, above);
  if (answer < 0) return;
  modals.close_serial(question.serial);
  if (answer == 0) return;
  FixedString<160> why;
  if (game.rollback(i, why)) {
    std::printf("colonial: rolled back to %s\n", from.c_str());
    session.changed(now);
  } else {
    modals.notify(format(tr("Cannot go back: %s"), why.c_str()));
  }
}

void GameMasterTools::draw_branches(GameSession& session, Modals& modals, double now, const Above& above) {
  Game& game = session.game();
  if (!session.flow().attached()) {
    modals.close(ModalKind::Branches);
    above();
    return;
  }
  if (!begin_dialog("branches", dialog_width(34))) {
    above();
    return;
  }
  ImGui::TextWrapped("%s", tr("Lines of play undone by going back, kept in the record. Restoring one puts it in "
                              "play; the line played now is kept in its place."));
  bool open = true;
  for (int b = 0; b < game.branch_count() && open; ++b) {
    const Branch& br = game.branch(b);
    PhaseText left, reached;
    describe_phase(br.count > 0 ? game.archived(br.first).position.phase : br.position.phase, left);
    describe_phase(br.position.phase, reached);
    ImGui::PushID(b);
    // TRANSLATORS: a branch: its number, the phase it starts from, how many phases, the phase it reached.
    ImGui::TextWrapped(trn("%d. From %s, %d phase, up to %s", "%d. From %s, %d phases, up to %s",
                           static_cast<unsigned long>(br.count)),
                       b + 1, left.c_str(), br.count, reached.c_str());
    if (touch_button(tr("Restore"))) {
      FixedString<160> why;
      if (game.restore_branch(b, why)) {
        std::printf("colonial: restored branch %d\n", b + 1);
        open = false;
        session.changed(now);
      } else {
        modals.notify(format(tr("Cannot restore it: %s"), why.c_str()));
      }
    }
    ImGui::PopID();
  }
  if (touch_button((std::string(tr("Close")) + "##branches").c_str(), -1)) open = false;
  if (!open) modals.close(ModalKind::Branches);
  above();
  if (!open) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void GameMasterTools::request_picture(const GameSession& session, int index) {
  const Autosave& record = session.record();
  const Game& game = session.game();
  std::string dir = record.enabled() ? record.path() : std::string();
  dir = dir.substr(0, dir.find_last_of('/') + 1);
  std::string name = record.enabled() ? record.path().substr(dir.size()) : std::string("colonial");
  if (const std::size_t dot = name.find('.'); dot != std::string::npos) name.resize(dot);
  PhaseText phase;
  format_phase(index >= 0 && index < game.history_size() ? game.history(index).results.phase : game.phase(), phase);
  std::string tag(phase.view());
  for (char& c : tag) c = c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (dir.empty()) {
    std::string error;
    if (!platform::user_data_dir(dir, error)) dir = "./";
  }
  picture_path_ = dir + name + "-" + tag + ".png";
}

}  // namespace colonial
