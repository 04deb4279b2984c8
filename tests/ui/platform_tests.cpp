// Units of platform/: atomic saves, file reading, asset lookup, event
// translation, gamepad mappings (a synthetic pad), and Canvas drawing on
// SDL's software renderer (no display).
#include <SDL.h>
#include <SDL_image.h>
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "canvas.h"
#include "clock.h"
#include "files.h"
#include "gamepad_mappings.h"
#include "input_sdl.h"
#include "sound.h"

using namespace colonial::platform;

namespace {

// A fresh directory under $TMPDIR for one test, removed with its files.
struct TempDir {
  std::string path;
  TempDir() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/colonial-test-XXXXXX";
    if (char* p = ::mkdtemp(pattern.data())) path = p;
  }
  ~TempDir() {
    for (const char* name : {"save.txt", "save.txt.bak", "save.txt.tmp", "image.png"})
      ::unlink((path + "/" + name).c_str());
    ::rmdir(path.c_str());
  }
};

bool exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

std::string contents(const std::string& path) {
  std::string out;
  std::string error;
  return read_file(path, out, error) ? out : "<" + error + ">";
}

Uint32 pixel(SDL_Surface* s, int x, int y) { return static_cast<const Uint32*>(s->pixels)[y * (s->pitch / 4) + x]; }

Uint32 rgb(SDL_Surface* s, Uint8 r, Uint8 g, Uint8 b) { return SDL_MapRGBA(s->format, r, g, b, 255); }

}  // namespace

TEST_CASE("save_file_atomic keeps the previous save as .bak and leaves no temp file") {
  TempDir dir;
  REQUIRE(!dir.path.empty());
  const std::string file = dir.path + "/save.txt";
  std::string error;

  REQUIRE(save_file_atomic(file, "first", error));
  CHECK(contents(file) == "first");
  CHECK(!exists(file + ".bak"));
  CHECK(!exists(file + ".tmp"));

  REQUIRE(save_file_atomic(file, "second", error));
  CHECK(contents(file) == "second");
  CHECK(contents(file + ".bak") == "first");

  REQUIRE(save_file_atomic(file, std::string(100000, 'x'), error));
  CHECK(contents(file).size() == 100000);
  CHECK(contents(file + ".bak") == "second");
  CHECK(!exists(file + ".tmp"));
}

TEST_CASE("save_file_atomic reports a failure and touches nothing") {
  TempDir dir;
  const std::string file = dir.path + "/no-such-dir/save.txt";
  std::string error;
  CHECK(!save_file_atomic(file, "data", error));
  CHECK(error.find("no-such-dir") != std::string::npos);
  CHECK(!exists(file));
}

TEST_CASE("read_file explains what went wrong") {
  TempDir dir;
  std::string out;
  std::string error;
  CHECK(!read_file(dir.path + "/missing.txt", out, error));
  CHECK(error.find("cannot open") != std::string::npos);
  CHECK(error.find("missing.txt") != std::string::npos);
  CHECK(!read_file(dir.path, out, error));
  CHECK(error.find("directory") != std::string::npos);
}

TEST_CASE("find_asset finds the font and names where it looked for a missing file") {
  std::string searched;
  const std::string font = find_asset("fonts/DejaVuSans.ttf", searched);
  CHECK(!font.empty());
  CHECK(::access(font.c_str(), R_OK) == 0);
  CHECK(find_asset("no/such/asset.png", searched).empty());
  CHECK(!searched.empty());
}

TEST_CASE("the monotonic clock never goes back") {
  const std::int64_t a = monotonic_ns();
  const std::int64_t b = monotonic_ns();
  CHECK(b >= a);
  CHECK(seconds_since_start() >= 0.0);
}

TEST_CASE("SDL events become our input events") {
  OutputGeometry g;
  g.pixel_ratio = 2.0f;
  g.output_width = 800;
  g.output_height = 600;
  SDL_Event e;
  InputEvent out;

  SUBCASE("keys with modifiers") {
    SDL_zero(e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = SDLK_RETURN;
    e.key.keysym.mod = KMOD_LALT;
    REQUIRE(translate_event(e, g, out));
    CHECK(out.type == InputType::KeyDown);
    CHECK(out.key == Key::Enter);
    CHECK(out.mods == kModAlt);
    CHECK(translate_key(SDLK_F11) == Key::F11);
    CHECK(translate_key(SDLK_q) == Key::Q);
    CHECK(translate_key(SDLK_7) == Key::Num7);
    CHECK(translate_key(SDLK_CAPSLOCK) == Key::Unknown);
  }
  SUBCASE("mouse positions are scaled to output pixels") {
    SDL_zero(e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_RIGHT;
    e.button.x = 10;
    e.button.y = 20;
    REQUIRE(translate_event(e, g, out));
    CHECK(out.type == InputType::PointerDown);
    CHECK(out.button == PointerButton::Right);
    CHECK(out.x == 20.0f);
    CHECK(out.y == 40.0f);
    CHECK(!out.from_touch);
  }
  SUBCASE("fingers are placed on the output") {
    SDL_zero(e);
    e.type = SDL_FINGERMOTION;
    e.tfinger.fingerId = 7;
    e.tfinger.x = 0.5f;
    e.tfinger.y = 0.25f;
    REQUIRE(translate_event(e, g, out));
    CHECK(out.type == InputType::TouchMove);
    CHECK(out.finger == 7);
    CHECK(out.x == 400.0f);
    CHECK(out.y == 150.0f);
  }
  SUBCASE("gamepad axes span [-1, 1]") {
    SDL_zero(e);
    e.type = SDL_CONTROLLERAXISMOTION;
    e.caxis.which = 3;
    e.caxis.axis = SDL_CONTROLLER_AXIS_LEFTY;
    e.caxis.value = -32768;
    REQUIRE(translate_event(e, g, out));
    CHECK(out.gamepad == 3);
    CHECK(out.axis == GamepadAxis::LeftY);
    CHECK(out.value == -1.0f);
    e.caxis.value = 32767;
    REQUIRE(translate_event(e, g, out));
    CHECK(out.value == 1.0f);
  }
  SUBCASE("gamepad buttons and removal") {
    SDL_zero(e);
    e.type = SDL_CONTROLLERBUTTONDOWN;
    e.cbutton.which = 1;
    e.cbutton.button = SDL_CONTROLLER_BUTTON_START;
    REQUIRE(translate_event(e, g, out));
    CHECK(out.type == InputType::GamepadButtonDown);
    CHECK(out.pad_button == GamepadButton::Start);
    e.type = SDL_CONTROLLERDEVICEREMOVED;
    e.cdevice.which = 1;
    REQUIRE(translate_event(e, g, out));
    CHECK(out.type == InputType::GamepadRemoved);
    CHECK(out.gamepad == 1);
  }
  SUBCASE("text input and window events") {
    SDL_zero(e);
    e.type = SDL_TEXTINPUT;
    std::strcpy(e.text.text, "Hé");
    REQUIRE(translate_event(e, g, out));
    CHECK(std::string(out.text) == "Hé");
    SDL_zero(e);
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_CLOSE;
    REQUIRE(translate_event(e, g, out));
    CHECK(out.type == InputType::Quit);
    e.window.event = SDL_WINDOWEVENT_MOVED;
    CHECK(!translate_event(e, g, out));
  }
}

TEST_CASE("Canvas draws shapes, text and images on the software renderer") {
  SDL_Surface* target = SDL_CreateRGBSurfaceWithFormat(0, 96, 64, 32, SDL_PIXELFORMAT_ARGB8888);
  REQUIRE(target);
  SDL_Renderer* renderer = SDL_CreateSoftwareRenderer(target);
  REQUIRE(renderer);
  {
    Canvas canvas(renderer);
    canvas.clear({0, 0, 0, 255});
    canvas.fill_circle({20, 20}, 8, {255, 0, 0, 255});
    canvas.line({40, 10}, {90, 10}, 4, {0, 255, 0, 255});
    canvas.fill_rect({40, 30, 10, 10}, {0, 0, 255, 255});
    SDL_RenderPresent(renderer);
    CHECK(pixel(target, 20, 20) == rgb(target, 255, 0, 0));
    CHECK(pixel(target, 20, 5) == rgb(target, 0, 0, 0));  // outside the disc
    CHECK(pixel(target, 60, 10) == rgb(target, 0, 255, 0));
    CHECK(pixel(target, 60, 15) == rgb(target, 0, 0, 0));  // below the 4 px line
    CHECK(pixel(target, 45, 35) == rgb(target, 0, 0, 255));

    // No font yet: text() refuses rather than drawing nothing silently.
    CHECK(!canvas.text({0, 0}, "HON", 16, {255, 255, 255, 255}));
    std::string error;
    CHECK(!canvas.set_font("/no/such/font.ttf", error));
    CHECK(error.find("/no/such/font.ttf") != std::string::npos);
    std::string searched;
    REQUIRE(canvas.set_font(find_asset("fonts/DejaVuSans.ttf", searched), error));
    const SizeF size = canvas.measure_text("HON", 16);
    CHECK(size.w > 10);
    CHECK(size.h > 10);
    canvas.clear({0, 0, 0, 255});
    REQUIRE(canvas.text({48, 32}, "HON", 16, {255, 255, 255, 255}, Align::Center, Align::Center));
    SDL_RenderPresent(renderer);
    int lit = 0;
    for (int y = 0; y < 64; ++y)
      for (int x = 0; x < 96; ++x) lit += pixel(target, x, y) != rgb(target, 0, 0, 0);
    CHECK(lit > 20);
    CHECK(pixel(target, 2, 2) == rgb(target, 0, 0, 0));  // centred, not at the corner

    // An image: a 2x2 PNG drawn scaled up.
    TempDir dir;
    const std::string png = dir.path + "/image.png";
    SDL_Surface* small = SDL_CreateRGBSurfaceWithFormat(0, 2, 2, 32, SDL_PIXELFORMAT_ARGB8888);
    REQUIRE(small);
    SDL_FillRect(small, nullptr, SDL_MapRGBA(small->format, 255, 255, 0, 255));
    REQUIRE(IMG_SavePNG(small, png.c_str()) == 0);
    SDL_FreeSurface(small);
    const ImageId id = canvas.load_image(png, error);
    REQUIRE(id != 0);
    CHECK(canvas.image_size(id).w == 2.0f);
    CHECK(canvas.load_image(dir.path + "/missing.png", error) == 0);
    CHECK(error.find("missing.png") != std::string::npos);
    canvas.clear({0, 0, 0, 255});
    canvas.draw_image(id, {0, 0, 2, 2}, {10, 10, 20, 20});
    SDL_RenderPresent(renderer);
    CHECK(pixel(target, 20, 20) == rgb(target, 255, 255, 0));
    CHECK(pixel(target, 5, 5) == rgb(target, 0, 0, 0));
  }
  SDL_DestroyRenderer(renderer);
  SDL_FreeSurface(target);
}

TEST_CASE("a tone for the table: the samples of a sine, faded in and out") {
  std::vector<std::int16_t> samples;
  colonial::platform::make_tone(1000.0f, 100, 20000, 0.5f, samples);
  REQUIRE(samples.size() == 2000);
  CHECK(samples.front() == 0);  // faded in: no click
  CHECK(std::abs(samples.back()) < 200);
  int peak = 0, crossings = 0;
  for (std::size_t i = 1; i < samples.size(); ++i) {
    peak = std::max(peak, std::abs(static_cast<int>(samples[i])));
    crossings += (samples[i - 1] < 0) != (samples[i] < 0);
  }
  CHECK(peak > 15000);
  CHECK(peak <= 16000);                   // volume 0.5 of full scale
  CHECK(std::abs(crossings - 200) <= 2);  // 1000 Hz for 0.1 s: 100 periods, two crossings each
}

TEST_CASE("a pad SDL does not know plays once its gamecontrollerdb line is read; a broken line is named") {
  REQUIRE(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0);
  // A synthetic pad without SDL's automatic mapping: only our line maps it.
  SDL_VirtualJoystickDesc desc;
  SDL_zero(desc);
  desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
  desc.type = SDL_JOYSTICK_TYPE_UNKNOWN;
  desc.naxes = 2;
  desc.nbuttons = 10;
  desc.vendor_id = 0x4b48;
  desc.product_id = 0x1234;
  desc.name = "synthetic handheld pad";
  const int index = SDL_JoystickAttachVirtualEx(&desc);
  REQUIRE(index >= 0);
  CHECK_FALSE(SDL_IsGameController(index));
  char guid[33];
  SDL_JoystickGetGUIDString(SDL_JoystickGetDeviceGUID(index), guid, sizeof guid);

  // A handheld's line (Super Nintendo layout: its lower button is b1), a
  // broken line, and a line for another system.
  const std::string text = std::string("# pads\n") + guid +
                           ",Anbernic Test Pad,a:b1,b:b0,x:b2,y:b3,back:b8,start:b9,dpup:b4,dpdown:b5,dpleft:b6,"
                           "dpright:b7,leftx:a0,lefty:a1,platform:Linux,\n"
                           "this line is not a mapping\n"
                           "030000005e0400008e02000000000000,A Windows Pad,a:b0,b:b1,platform:Windows,\n";
  std::vector<std::string> messages;
  const MappingCounts counts = add_gamepad_mappings(text, "pads.txt", messages);
  CHECK(counts.added == 1);
  CHECK(counts.skipped == 1);
  CHECK(counts.other_platforms == 1);
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].rfind("pads.txt:3: skipped: ", 0) == 0);
  CHECK(messages[0].find("this line is not a mapping") != std::string::npos);

  REQUIRE(SDL_IsGameController(index));
  SDL_GameController* pad = SDL_GameControllerOpen(index);
  REQUIRE(pad);
  CHECK(std::string(SDL_GameControllerName(pad)) == "Anbernic Test Pad");
  SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
  SDL_Joystick* joystick = SDL_GameControllerGetJoystick(pad);
  REQUIRE(SDL_JoystickSetVirtualButton(joystick, 1, SDL_PRESSED) == 0);
  SDL_GameControllerUpdate();
  CHECK(SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_A) == 1);
  CHECK(SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_B) == 0);
  // The press reaches the game as the A of the table of controls.
  bool pressed_a = false;
  SDL_Event e;
  while (SDL_PollEvent(&e)) {
    InputEvent in;
    if (e.type == SDL_CONTROLLERBUTTONDOWN && translate_event(e, OutputGeometry{}, in))
      pressed_a = in.type == InputType::GamepadButtonDown && in.pad_button == GamepadButton::A;
  }
  CHECK(pressed_a);
  SDL_GameControllerClose(pad);
  SDL_JoystickDetachVirtual(index);

  SUBCASE("the user's file and SDL_GAMECONTROLLERCONFIG_FILE are read; a missing one is said") {
    TempDir dir;
    REQUIRE(::mkdir((dir.path + "/colonial").c_str(), 0700) == 0);
    const std::string user_file = dir.path + "/colonial/gamecontrollerdb.txt";
    std::string error;
    REQUIRE(save_file_atomic(user_file, "broken,\n", error));
    ::setenv("XDG_CONFIG_HOME", dir.path.c_str(), 1);
    ::setenv("SDL_GAMECONTROLLERCONFIG_FILE", "/no/such/gamecontrollerdb.txt", 1);
    CHECK(user_gamepad_mappings_path() == user_file);
    messages.clear();
    const MappingCounts loaded = load_gamepad_mappings(messages);
    ::unsetenv("XDG_CONFIG_HOME");
    ::unsetenv("SDL_GAMECONTROLLERCONFIG_FILE");
    ::unlink(user_file.c_str());
    ::unlink((user_file + ".bak").c_str());
    ::rmdir((dir.path + "/colonial").c_str());
    CHECK(loaded.skipped == 1);
    // The handhelds' mappings shipped in the assets are there too.
    CHECK(loaded.added + loaded.updated >= 8);
    const auto said = [&](const std::string& what) {
      return std::any_of(messages.begin(), messages.end(),
                         [&](const std::string& m) { return m.find(what) != std::string::npos; });
    };
    CHECK(said(user_file + ":1: skipped: "));
    CHECK(said("SDL_GAMECONTROLLERCONFIG_FILE names /no/such/gamecontrollerdb.txt, which does not exist"));
  }
  SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
}

TEST_CASE("a pad without a mapping is said, with its name, instead of doing nothing in silence") {
  REQUIRE(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0);
  SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
  SDL_VirtualJoystickDesc desc;
  SDL_zero(desc);
  desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
  desc.type = SDL_JOYSTICK_TYPE_UNKNOWN;
  desc.naxes = 2;
  desc.nbuttons = 6;
  desc.vendor_id = 0x4b48;
  desc.product_id = 0x4321;
  desc.name = "unmapped handheld pad";
  const int index = SDL_JoystickAttachVirtualEx(&desc);
  REQUIRE(index >= 0);
  REQUIRE_FALSE(SDL_IsGameController(index));
  bool unmapped = false;
  SDL_Event e;
  while (SDL_PollEvent(&e)) {
    InputEvent in;
    if (translate_event(e, OutputGeometry{}, in) && in.type == InputType::GamepadUnmapped) {
      CHECK(std::string(in.text) == "unmapped handheld pad");
      unmapped = true;
    }
  }
  CHECK(unmapped);
  SDL_JoystickDetachVirtual(index);
  SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
}
