// The phones' table (phones/phone_table.h) when it cannot serve: the error
// names what the app can change, its --phones-listen (the judge's --port is
// no option of the app's).
#include "phone_table.h"
#include "test_features_fixture.h"

using namespace colonial;
using namespace colonial::features_test;

TEST_CASE("phones: an address not this device's is refused with a message naming --phones-listen") {
  Modals modals;
  auto s = session_on(modals, "");
  TempDir dir;
  PhoneTable phones;
  std::string error;
  // A documentation address: no interface of this machine has it, so
  // neither port 8080 nor any free port can be had there.
  CHECK_FALSE(phones.start(
      s->map(), "192.0.2.1", dir.file("game.seats"), [] {}, error));
  CHECK_FALSE(phones.running());
  CHECK_MESSAGE(error.find("cannot listen on 192.0.2.1") != std::string::npos, error);
  CHECK_MESSAGE(error.find("--phones-listen") != std::string::npos, error);
  CHECK_MESSAGE(error.find("--port") == std::string::npos, error);
}
