// The kiosk's staff PIN (game/app/persist/staff_pin.h): kept only as a hash,
// read back from its file, and the pad's lock after five wrong PINs.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "app_settings.h"
#include "files.h"
#include "kiosk_settings.h"
#include "staff_pin.h"
#include "touch_ui.h"

namespace colonial {

TEST_CASE("staff PIN: 4 to 8 digits, kept as a salted hash that only the PIN matches") {
  CHECK(valid_pin("2468"));
  CHECK(valid_pin("12345678"));
  CHECK_FALSE(valid_pin("123"));
  CHECK_FALSE(valid_pin("123456789"));
  CHECK_FALSE(valid_pin("12a4"));
  CHECK_FALSE(valid_pin(""));
  std::string error;
  const std::string hash = hash_pin("2468", error);
  REQUIRE_MESSAGE(!hash.empty(), error);
  CHECK(hash.rfind("$argon2id$", 0) == 0);
  CHECK(hash.find("2468") == std::string::npos);
  CHECK(pin_matches("2468", hash));
  CHECK_FALSE(pin_matches("2469", hash));
  CHECK_FALSE(pin_matches("", hash));
  CHECK_FALSE(pin_matches("2468", "2468"));  // a PIN in clear is no hash
  CHECK(hash_pin("2468", error) != hash);    // salted: never the same twice
}

TEST_CASE("staff PIN file: written atomically, read back; a broken one is named") {
  char dir_name[] = "/tmp/colonial-pin-XXXXXX";
  REQUIRE(::mkdtemp(dir_name));
  const std::string dir = dir_name, path = dir + "/staff-pin";
  std::string error, hash = hash_pin("13579", error), read;
  REQUIRE(write_pin_file(path, hash, error));
  REQUIRE(read_pin_file(path, read, error));
  CHECK(read == hash);
  CHECK(pin_matches("13579", read));
  REQUIRE(platform::save_file_atomic(path, "1357\n", error));
  CHECK_FALSE(read_pin_file(path, read, error));
  CHECK(error.find("holds no PIN hash") != std::string::npos);
  REQUIRE(platform::save_file_atomic(path, "# nothing\n\n", error));
  CHECK_FALSE(read_pin_file(path, read, error));
  CHECK(error.find("is empty") != std::string::npos);
  CHECK_FALSE(read_pin_file(dir + "/none", read, error));
  ::unlink(path.c_str());
  ::unlink((path + ".bak").c_str());
  ::rmdir(dir.c_str());
}

TEST_CASE("the PIN pad locks for a minute after five wrong PINs in a row") {
  PinLock lock;
  for (int i = 0; i < 4; ++i) lock.tried(false, 10.0 + i);
  CHECK_FALSE(lock.locked(14));
  lock.tried(true, 14);  // a right PIN clears the count
  for (int i = 0; i < 4; ++i) lock.tried(false, 20.0 + i);
  CHECK_FALSE(lock.locked(24));
  lock.tried(false, 24);
  CHECK(lock.locked(24));
  CHECK(lock.seconds_left(24) == 60);
  CHECK(lock.seconds_left(83.5) == 1);
  CHECK(lock.locked(83.9));
  CHECK_FALSE(lock.locked(84));
  CHECK(lock.seconds_left(84) == 0);
  // A lock started at a time whose sum with 60 rounds up in doubles still
  // says 60 seconds, not 61.
  PinLock at_odd_time;
  for (int i = 0; i < PinLock::kTries; ++i) at_odd_time.tried(false, 4.212106702221385);
  CHECK(at_odd_time.seconds_left(4.212106702221385) == 60);
}

TEST_CASE("a palette named in a settings file: known ones used, a later version's answered and the default used") {
  std::string notice;
  CHECK(palette_of_setting("", "settings", notice) == PaletteKind::Board);
  CHECK(palette_of_setting("protanopia", "settings", notice) == PaletteKind::Protanopia);
  CHECK(palette_of_setting("tritanopia", "settings", notice) == PaletteKind::Tritanopia);
  CHECK(notice.empty());
  CHECK(palette_of_setting("achromatopsia", "games/settings", notice) == PaletteKind::Board);
  CHECK(notice ==
        "The colours \"achromatopsia\" set in games/settings are not known to this version of Colonial; the printed "
        "board's colours are used.");
}

}  // namespace colonial

namespace colonial {

TEST_CASE("kiosk settings: written, read back, and a broken file refused with its line, nothing changed") {
  char dir[] = "/tmp/colonial-kiosk-settings-XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  const std::string path = std::string(dir) + "/kiosk-settings";
  std::string error;
  KioskSettings set;
  set.idle_minutes = 2.5;
  set.archive_days = 30;
  REQUIRE_MESSAGE(write_kiosk_settings(path, set, error), error);
  KioskSettings read;
  REQUIRE_MESSAGE(read_kiosk_settings(path, read, error), error);
  CHECK(read == set);
  // The staff's language, kept; without one the line is not written.
  set.language = "de";
  REQUIRE_MESSAGE(write_kiosk_settings(path, set, error), error);
  REQUIRE_MESSAGE(read_kiosk_settings(path, read, error), error);
  CHECK(read.language == "de");
  set.language.clear();
  REQUIRE_MESSAGE(write_kiosk_settings(path, set, error), error);
  read = KioskSettings{};
  REQUIRE_MESSAGE(read_kiosk_settings(path, read, error), error);
  CHECK(read == set);

  const KioskSettings before = read;
  struct Broken {
    const char* text;
    const char* says;
  };
  for (const Broken& b :
       {Broken{"idle-minutes ten\n", ":1: idle-minutes wants minutes"},
        Broken{"# fine\narchive-days 2.5\n", ":2: archive-days wants whole days"},
        Broken{"idle-minutes 5\narchive-days -1\n", ":2: archive-days wants"},
        Broken{"idle-minutes 99999\n", ":1: idle-minutes wants"}, Broken{"volume 11\n", ":1: unknown setting 'volume'"},
        Broken{"idle-minutes 5 6\n", ":1: idle-minutes wants"}, Broken{"language\n", ":1: language wants"},
        Broken{"language fr_FR\n", ":1: language wants"}, Broken{"language ../../x\n", ":1: language wants"},
        Broken{"language fr de\n", ":1: language wants"}}) {
    REQUIRE(platform::save_file_atomic(path, b.text, error));
    KioskSettings s = before;
    INFO(b.text);
    CHECK_FALSE(read_kiosk_settings(path, s, error));
    CHECK(error.find(b.says) != std::string::npos);
    CHECK(s == before);
  }
  CHECK_FALSE(read_kiosk_settings(std::string(dir) + "/none", read, error));
  // The kiosk's colours: kept by name, a later version's name too.
  set.palette = "tritanopia";
  REQUIRE_MESSAGE(write_kiosk_settings(path, set, error), error);
  read = KioskSettings{};
  REQUIRE_MESSAGE(read_kiosk_settings(path, read, error), error);
  CHECK(read.palette == "tritanopia");
  REQUIRE(platform::save_file_atomic(path, "palette Tritanopia!\n", error));
  CHECK_FALSE(read_kiosk_settings(path, read, error));
  CHECK(error.find(":1: palette wants") != std::string::npos);
  // The club's scoring system for new games: by its name, "none" read as
  // none, an unknown name refused.
  set.scoring = "carnage";
  REQUIRE_MESSAGE(write_kiosk_settings(path, set, error), error);
  read = KioskSettings{};
  REQUIRE_MESSAGE(read_kiosk_settings(path, read, error), error);
  CHECK(read.scoring == "carnage");
  REQUIRE(platform::save_file_atomic(path, "scoring none\n", error));
  REQUIRE_MESSAGE(read_kiosk_settings(path, read, error), error);
  CHECK(read.scoring.empty());
  for (const char* bad : {"scoring chess-elo\n", "scoring\n", "scoring carnage c-diplo\n"}) {
    REQUIRE(platform::save_file_atomic(path, bad, error));
    CHECK_FALSE(read_kiosk_settings(path, read, error));
    CHECK(error.find(":1: scoring wants") != std::string::npos);
  }
  std::remove(path.c_str());
  std::remove((path + ".bak").c_str());
  CHECK(::rmdir(dir) == 0);
}

TEST_CASE("the player's settings: the palette written and read back, a later version's kept, nonsense refused") {
  char dir[] = "/tmp/colonial-app-settings-XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  const std::string path = std::string(dir) + "/settings";
  std::string error;
  AppSettings set;
  set.palette = "deuteranopia";
  REQUIRE_MESSAGE(write_app_settings(path, set, error), error);
  AppSettings read;
  REQUIRE_MESSAGE(read_app_settings(path, read, error), error);
  CHECK(read == set);
  // A palette this version does not know (a later one's) is read as it is:
  // the app says so and draws the printed board, and saving the other
  // settings keeps it.
  REQUIRE(platform::save_file_atomic(path, "# from a later version\npalette achromatopsia\n", error));
  REQUIRE_MESSAGE(read_app_settings(path, read, error), error);
  CHECK(read.palette == "achromatopsia");
  REQUIRE_MESSAGE(write_app_settings(path, read, error), error);
  AppSettings again;
  REQUIRE_MESSAGE(read_app_settings(path, again, error), error);
  CHECK(again.palette == "achromatopsia");
  const AppSettings before = again;
  for (const char* broken :
       {"palette\n", "palette two words\n", "palette ../x\n", "palette Deuteranopia\n", "volume 11\n"}) {
    REQUIRE(platform::save_file_atomic(path, broken, error));
    AppSettings s = before;
    INFO(broken);
    CHECK_FALSE(read_app_settings(path, s, error));
    CHECK(error.find(path + ":1: ") == 0);
    CHECK(s == before);
  }
  std::remove(path.c_str());
  std::remove((path + ".bak").c_str());
  CHECK(::rmdir(dir) == 0);
}

}  // namespace colonial
