// Prints the table of controls as Markdown: the README's controls section is
// this output (tests/app/check_readme_controls.sh compares them).
#include <cstdio>

#include "controls.h"

int main() {
  std::fputs(colonial::controls_markdown().c_str(), stdout);
  return 0;
}
