// The app's loop, on a desktop and in a browser. A desktop program loops
// for as long as it likes; a page must hand each frame back to the browser
// (which draws it, and runs the page's input and storage) and is called
// again for the next one.
#pragma once

#include <functional>

namespace colonial::platform {

// Calls `frame` once per frame until it returns false, then `done`, whose
// value is the program's exit status.
// Native: a plain loop; returns done's status.
// Browser: each frame comes from the page (requestAnimationFrame); this
// call never returns (the page keeps the program's state alive), and the
// program exits with done's status when the loop ends.
int run_main_loop(const std::function<bool()>& frame, const std::function<int()>& done);

// Whether the program runs in a browser's page: each frame must return at
// once (waiting for input would freeze the page), files stay in the page
// (offer_download hands them to the user), and leaving is closing the tab.
constexpr bool in_a_browser() {
#ifdef __EMSCRIPTEN__
  return true;
#else
  return false;
#endif
}

}  // namespace colonial::platform
