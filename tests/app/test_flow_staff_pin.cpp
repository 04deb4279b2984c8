// The kiosk's staff PIN (game/app/persist/staff_pin.h): kept only as a hash,
// read back from its file, and the pad's lock after five wrong PINs.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "files.h"
#include "staff_pin.h"

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
}

}  // namespace colonial
