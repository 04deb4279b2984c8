#include "main_loop.h"

#include <cstdio>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace colonial::platform {

#ifdef __EMSCRIPTEN__
namespace {

struct PageLoop {
  std::function<bool()> frame;
  std::function<int()> done;
};

void page_frame(void* arg) {
  PageLoop& loop = *static_cast<PageLoop*>(arg);
  if (loop.frame()) return;
  emscripten_cancel_main_loop();
  const int status = loop.done();
  std::fflush(stdout);
  std::fflush(stderr);
  // The page learns the status (Module.onExit): the tests read it.
  emscripten_force_exit(status);
}

}  // namespace

int run_main_loop(const std::function<bool()>& frame, const std::function<int()>& done) {
  // Kept for the life of the page: the loop outlives this call.
  static PageLoop loop;
  loop = {frame, done};
  // 0: the browser's own frame rate (requestAnimationFrame); true: this
  // call does not return, so what the caller holds on its stack stays.
  emscripten_set_main_loop_arg(page_frame, &loop, 0, true);
  return 0;
}

#else

int run_main_loop(const std::function<bool()>& frame, const std::function<int()>& done) {
  while (frame()) {
  }
  return done();
}

#endif

}  // namespace colonial::platform
