// The game master's seat (/gm/SECRET/...) over real HTTP on 127.0.0.1: it
// sees and gives every power's orders, takes an order sheet line by line,
// runs the timer, plays the phase (asking first when powers are not done),
// shows the results and the history and rolls back; every one of its routes
// is refused to every power's secret and to a seat turned off; bad, too
// large and stale bodies change nothing.
#include <fstream>

#include "server_fixture.h"

using namespace colonial;
using namespace colonial::server;
using namespace colonial::server::testing;

namespace {

struct Route {
  const char* method;
  const char* what;
  const char* body;
};

// Every route of the game master's seat, with a body it would take.
const Route kGmRoutes[] = {
    {"GET", "", ""},
    {"GET", "state", ""},
    {"GET", "state?since=1", ""},
    {"GET", "phase", ""},
    {"GET", "legal?power=Britain", ""},
    {"GET", "orders?power=Britain", ""},
    {"POST", "orders?power=Britain", "A DEL - PUN\n"},
    {"DELETE", "orders?power=Britain", ""},
    {"POST", "done?power=Britain", "done"},
    {"POST", "sheet?check=1", "Britain: A DEL H\n"},
    {"POST", "sheet", "Britain: A DEL H\n"},
    {"POST", "sheet?bad=leave-out", "Britain: A DEL H\nXYZ\n"},
    {"POST", "timer", "pause"},
    {"POST", "play", "play anyway"},
    {"POST", "next", "next"},
    {"POST", "history", "show 1"},
    {"POST", "rollback", "roll back"},
};

httplib::Result send(httplib::Client& c, const std::string& method, const std::string& path, const std::string& body,
                     const httplib::Headers& headers = {}) {
  if (method == "GET") return c.Get(path.c_str(), headers);
  if (method == "DELETE") return c.Delete(path.c_str(), headers, body, "text/plain");
  return c.Post(path.c_str(), headers, body, "text/plain");
}

json gm_state(Table& t, httplib::Client& c) {
  auto r = c.Get(t.gm("state").c_str());
  REQUIRE(r);
  REQUIRE(r->status == 200);
  return json::parse(r->body);
}

// Waits until the published table says `key` is `value` (the host applies
// and publishes on its own thread).
json await_state(Table& t, httplib::Client& c, const char* key, const json& value) {
  json s;
  for (int i = 0; i < 200; ++i) {
    s = gm_state(t, c);
    if (s[key] == value) return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  FAIL("the table never had " << key << " = " << value.dump() << "; it has " << s.dump());
  return s;
}

// Everything a request could change: the table as the game master sees it
// (but its version and the clock's seconds) and the record on disk.
std::string snapshot(Table& t, httplib::Client& c) {
  json s = gm_state(t, c);
  s.erase("v");
  s.erase("timer");
  std::string text, error;
  (void)platform::read_file(t.record, text, error);
  return s.dump() + "\n" + text;
}

httplib::Headers serial(const json& state) {
  return {{"X-Colonial-Serial", std::to_string(state["serial"].get<int>())}};
}

}  // namespace

TEST_CASE("the game master sees every power's orders and gives any power's") {
  auto table = std::make_unique<Table>();
  Table& t = *table;
  auto c = t.client();
  REQUIRE(c.Post(t.path(t.power("China"), "orders").c_str(), "A CAN - TON\n", "text/plain")->status == 200);
  json s = gm_state(t, c);
  CHECK(s["phase"] == "1870 Movement");
  CHECK(s["screen"] == "orders");
  REQUIRE(s["powers"].size() == 7);
  CHECK(s["powers"][1]["name"] == "China");
  CHECK(s["powers"][1]["orders"][0][0] == "A can - ton");
  CHECK(s["powers"][1]["orders"][0][1] == "can");
  CHECK(s["powers"][1]["orders"][0][2] == "ton");
  CHECK(s["units"].size() == 29);
  // Britain's orders from the game master: on Britain's own seat at once.
  auto r = c.Post(t.gm("orders?power=britain").c_str(), serial(s), "A DEL - PUN\nF HK H\n", "text/plain");
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(c.Get(t.path(t.power("Britain"), "orders").c_str())->body == "A del - pun\nF hon H\n");
  CHECK(c.Get(t.gm("orders?power=Britain").c_str())->body == "A del - pun\nF hon H\n");
  // Done and not done, for any power; legal orders for any power.
  CHECK(c.Post(t.gm("done?power=China").c_str(), "done", "text/plain")->status == 200);
  s = gm_state(t, c);  // published before the answer
  CHECK(s["powers"][1]["done"] == true);
  CHECK(json::parse(c.Get(t.path(t.power("China"), "state").c_str())->body)["done"] == true);
  const json legal = json::parse(c.Get(t.gm("legal?power=Japan").c_str())->body);
  CHECK(legal["units"].size() == 4);
  // Unknown or missing powers are refused.
  CHECK(c.Post(t.gm("orders?power=Atlantis").c_str(), "A DEL H\n", "text/plain")->status == 400);
  CHECK(c.Post(t.gm("orders").c_str(), "A DEL H\n", "text/plain")->status == 400);
  CHECK(c.Get(t.gm("legal").c_str())->status == 400);
  // The page is sent, never cached (its address is the secret).
  r = c.Get(t.gm("").c_str());
  CHECK(r->status == 200);
  CHECK(r->body.find("gm.js") != std::string::npos);
  CHECK(r->get_header_value("Cache-Control") == "no-store");
}

TEST_CASE("an order sheet: each line read or its error with a suggestion; taken whole, or its good lines if asked") {
  auto table = std::make_unique<Table>();
  Table& t = *table;
  auto c = t.client();
  const std::string sheet = "France: A TON - CAN\nChnia: A PEK H\nBritain: F HK S A TON - CAN\n\nRussia: A MOS - XYZ\n";
  auto r = c.Post(t.gm("sheet?check=1").c_str(), sheet, "text/plain");
  REQUIRE(r);
  CHECK(r->status == 200);
  json j = json::parse(r->body);
  CHECK(j["good"] == 2);
  CHECK(j["bad"] == 2);
  REQUIRE(j["lines"].size() == 4);  // the blank line is not listed
  CHECK(j["lines"][0]["ok"] == true);
  CHECK(j["lines"][0]["text"] == "France: A ton - can");
  CHECK(j["lines"][1]["n"] == 2);
  CHECK(j["lines"][1]["ok"] == false);
  CHECK(j["lines"][1]["error"].get<std::string>().find("did you mean China") != std::string::npos);
  CHECK(j["lines"][3]["n"] == 5);
  CHECK(j["lines"][3]["error"].get<std::string>().find("XYZ") != std::string::npos);
  // Taken as it is: refused, nothing changed.
  const std::string before = snapshot(t, c);
  r = c.Post(t.gm("sheet").c_str(), sheet, "text/plain");
  CHECK(r->status == 400);
  CHECK(json::parse(r->body)["message"].get<std::string>().find("nothing was taken") != std::string::npos);
  CHECK(snapshot(t, c) == before);
  // The good lines only, as the game master asks: their powers are done.
  r = c.Post(t.gm("sheet?bad=leave-out").c_str(), sheet, "text/plain");
  CHECK(r->status == 200);
  CHECK(json::parse(r->body)["message"] == "orders taken for Britain, France");
  CHECK(c.Get(t.gm("orders?power=France").c_str())->body == "A ton - can\n");
  CHECK(c.Get(t.gm("orders?power=Britain").c_str())->body == "F hon S A ton - can\n");
  const json s = gm_state(t, c);
  CHECK(s["powers"][0]["done"] == true);
  CHECK(s["powers"][2]["done"] == true);
  CHECK(s["powers"][5]["done"] == false);
  // Nothing to take, or longer than a phase can hold: refused.
  CHECK(c.Post(t.gm("sheet").c_str(), "\n\n", "text/plain")->status == 400);
  std::string longer;
  for (int i = 0; i < 300; ++i) longer += "Britain: A DEL H\n";
  r = c.Post(t.gm("sheet?bad=leave-out").c_str(), longer, "text/plain");
  CHECK(r->status == 400);
  CHECK(json::parse(r->body)["too_long"] == true);
}

TEST_CASE("play asks first when powers are not done; the results, the history and a rollback kept as a branch") {
  auto table = std::make_unique<Table>();
  Table& t = *table;
  auto c = t.client();
  json s = gm_state(t, c);
  REQUIRE(c.Post(t.gm("orders?power=Britain").c_str(), serial(s), "A DEL - PUN\n", "text/plain")->status == 200);
  // Powers not done: the question, and nothing played.
  auto r = c.Post(t.gm("play").c_str(), serial(s), "play", "text/plain");
  REQUIRE(r);
  CHECK(r->status == 409);
  CHECK(r->get_header_value("X-Colonial-Question") == "play anyway");
  CHECK(r->body.rfind(reply_text(ReplyId::PlayQuestion), 0) == 0);
  CHECK(r->body.find("Not done: Britain, China, France, Holland, Japan, Russia, Turkey.") != std::string::npos);
  CHECK(t.adjudications == 0);
  // Play needs the phase it was asked for.
  CHECK(c.Post(t.gm("play").c_str(), "play anyway", "text/plain")->status == 400);
  r = c.Post(t.gm("play").c_str(), serial(s), "play anyway", "text/plain");
  CHECK(r->status == 200);
  CHECK(t.adjudications == 1);
  s = await_state(t, c, "screen", "results");
  CHECK(s["shown"] == 0);
  CHECK(s["phase"] == "1872 Movement");
  CHECK(s["rollback"] == "1870 Movement");
  // The same page's play again: stale, refused.
  CHECK(c.Post(t.gm("play").c_str(), {{"X-Colonial-Serial", "0"}}, "play anyway", "text/plain")->status == 409);
  CHECK(c.Post(t.gm("play").c_str(), serial(s), "play anyway", "text/plain")->status == 409);  // results showing
  CHECK(t.adjudications == 1);
  // The results on the board, with sentences.
  r = c.Get(t.gm("phase").c_str());
  REQUIRE(r->status == 200);
  const json phase = json::parse(r->body);
  CHECK(phase["phase"] == "1870 Movement");
  bool moved = false;
  for (const auto& res : phase["results"])
    if (res["at"] == "del" && res["to"] == "pun") {
      moved = res["look"] == "good" && res["said"].get<std::string>().find("Punjab") != std::string::npos;
    }
  CHECK(moved);
  bool in_punjab = false;
  for (const auto& u : phase["after"]["units"]) in_punjab |= u[2] == "pun";
  CHECK(in_punjab);
  // On to the next phase; the history and back.
  CHECK(c.Post(t.gm("next").c_str(), serial(s), "next", "text/plain")->status == 200);
  s = await_state(t, c, "screen", "orders");
  CHECK(c.Get(t.gm("phase").c_str())->status == 404);
  CHECK(c.Post(t.gm("history").c_str(), serial(s), "show 1", "text/plain")->status == 200);
  s = await_state(t, c, "screen", "history");
  CHECK(s["shown"] == 0);
  CHECK(json::parse(c.Get(t.gm("phase").c_str())->body)["phase"] == "1870 Movement");
  CHECK(c.Post(t.gm("history").c_str(), serial(s), "show 2", "text/plain")->status == 400);
  CHECK(c.Post(t.gm("history").c_str(), serial(s), "close", "text/plain")->status == 200);
  s = await_state(t, c, "screen", "orders");
  // Roll back 1870: the orders come back, the line undone is a branch.
  r = c.Post(t.gm("rollback").c_str(), serial(s), "roll back", "text/plain");
  CHECK(r->status == 200);
  CHECK(r->body.find("branch 1") != std::string::npos);
  s = await_state(t, c, "phase", "1870 Movement");
  CHECK(s["branches"] == 1);
  CHECK(s["history"] == 0);
  CHECK(s["powers"][0]["done"] == false);
  CHECK(c.Get(t.gm("orders?power=Britain").c_str())->body == "A del - pun\n");
  // Nothing left to roll back.
  CHECK(c.Post(t.gm("rollback").c_str(), serial(s), "roll back", "text/plain")->status == 409);
  std::string text, error;
  REQUIRE(platform::read_file(t.record, text, error));
  CHECK(text.find("branch") != std::string::npos);
}

TEST_CASE("the phase timer: the game master stops it, runs it and gives the whole time back") {
  auto table = std::make_unique<Table>(10, 600);
  Table& t = *table;
  auto c = t.client();
  json s = gm_state(t, c);
  REQUIRE(s["timer"].is_object());
  CHECK(s["timer"]["limit"] == 600);
  CHECK(s["timer"]["running"] == true);
  t.skew = t.skew + 100;                                        // 100 seconds go by
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the host publishes the clock
  s = gm_state(t, c);
  const int left = s["timer"]["left"];
  CHECK(left <= 500);
  CHECK(c.Post(t.gm("timer").c_str(), serial(s), "pause", "text/plain")->status == 200);
  t.skew = t.skew + 200;  // stopped: nothing goes
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  s = gm_state(t, c);
  CHECK(s["timer"]["running"] == false);
  CHECK(s["timer"]["left"].get<int>() >= left - 1);
  CHECK(c.Post(t.gm("timer").c_str(), serial(s), "start", "text/plain")->status == 200);
  t.skew = t.skew + 50;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  s = gm_state(t, c);
  CHECK(s["timer"]["running"] == true);
  CHECK(s["timer"]["left"].get<int>() <= left - 49);
  CHECK(c.Post(t.gm("timer").c_str(), serial(s), "reset", "text/plain")->status == 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  s = gm_state(t, c);
  CHECK(s["timer"]["running"] == false);
  CHECK(s["timer"]["left"] == 600);
  // A stopped clock never runs out: an hour later the phase is still open.
  t.skew = t.skew + 3600;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(t.adjudications == 0);
  // Run again, it runs out and the phase is played.
  CHECK(c.Post(t.gm("timer").c_str(), serial(s), "start", "text/plain")->status == 200);
  t.skew = t.skew + 601;
  for (int i = 0; i < 100 && t.adjudications == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(t.adjudications == 1);
}

TEST_CASE("every game master route is refused to every power's secret, and to a seat turned off") {
  auto table = std::make_unique<Table>(100000);  // the throttle has a test of its own
  Table& t = *table;
  auto c = t.client();
  REQUIRE(c.Post(t.path(t.power("Japan"), "orders").c_str(), "F TOK H\n", "text/plain")->status == 200);
  const std::string before = snapshot(t, c);
  const json s = gm_state(t, c);
  for (PowerId p = 0; p < t.map.power_count(); ++p) {
    for (const Route& route : kGmRoutes) {
      CAPTURE(t.map.power(p).name);
      CAPTURE(route.method);
      CAPTURE(route.what);
      auto r = send(c, route.method, "/gm/" + t.seats.secret(p) + "/" + route.what, route.body, serial(s));
      REQUIRE(r);
      CHECK(r->status == 403);
      CHECK(r->body == "Forbidden\n");
      CHECK(r->body.find("tok") == std::string::npos);
    }
  }
  // The game master's secret opens no power's seat.
  for (const char* what : {"", "orders", "state", "legal", "done", "form"}) {
    CHECK(c.Get(("/s/" + t.seats.gm_secret() + "/" + what).c_str())->status == 403);
    CHECK(c.Post(("/s/" + t.seats.gm_secret() + "/" + what).c_str(), "F TOK H\n", "text/plain")->status == 403);
  }
  CHECK(snapshot(t, c) == before);
  // Turned off: the game master's own secret is refused on every route;
  // the phones go on as they are.
  std::string error;
  REQUIRE(t.seats.set_gm_on(false, error));
  for (const Route& route : kGmRoutes) {
    CAPTURE(route.what);
    auto r = send(c, route.method, t.gm(route.what), route.body, serial(s));
    REQUIRE(r);
    CHECK(r->status == 403);
  }
  CHECK(c.Get(t.path(t.power("Japan"), "orders").c_str())->body == "F tok H\n");
  // Kept off across a restart, and on again.
  Seats again;
  REQUIRE(again.load_or_create(t.record + ".seats", t.map.power_count(), error));
  CHECK_FALSE(again.gm_on());
  CHECK(again.gm_secret() == t.seats.gm_secret());
  REQUIRE(t.seats.set_gm_on(true, error));
  CHECK(snapshot(t, c) == before);
  CHECK(c.Post(t.path(t.power("Japan"), "orders").c_str(), "F TOK - SOJ\n", "text/plain")->status == 200);
  // A new address: the old one is dead at once.
  const std::string old = t.seats.gm_secret();
  REQUIRE(t.seats.reissue_gm(error));
  CHECK(c.Get(("/gm/" + old + "/state").c_str())->status == 403);
  CHECK(c.Get(t.gm("state").c_str())->status == 200);
}

TEST_CASE("bad, too large and stale bodies: refused on every route of the game master, nothing changed") {
  auto table = std::make_unique<Table>(10, 600);
  Table& t = *table;
  auto c = t.client();
  json s = gm_state(t, c);
  REQUIRE(c.Post(t.gm("orders?power=Britain").c_str(), serial(s), "A DEL - PUN\n", "text/plain")->status == 200);
  const Route kBad[] = {
      {"POST", "orders?power=Britain", "A DEL - XYZ\n"},
      {"POST", "orders?power=Britain", "A PEK - SHA\n"},  // China's army
      {"POST", "orders?power=Britain", ""},
      {"POST", "done?power=Britain", "perhaps"},
      {"POST", "timer", "explode"},
      {"POST", "play", "maybe"},
      {"POST", "next", "later"},
      {"POST", "history", "show 0"},
      {"POST", "history", "show x"},
      {"POST", "rollback", "yes"},
      {"POST", "sheet", "Britain: A DEL - XYZ\n"},
      {"POST", "nowhere", "next"},
  };
  const std::string before = snapshot(t, c);
  for (const Route& route : kBad) {
    CAPTURE(route.what);
    CAPTURE(route.body);
    auto r = send(c, route.method, t.gm(route.what), route.body, serial(s));
    REQUIRE(r);
    CHECK((r->status == 400 || r->status == 404 || r->status == 409));
  }
  const std::string huge(70 * 1024, 'x');
  for (const Route& route : kGmRoutes) {
    if (std::string(route.method) == "GET") continue;
    CAPTURE(route.what);
    auto r = send(c, route.method, t.gm(route.what), huge, serial(s));
    REQUIRE(r);
    CHECK(r->status == 413);
    // From a page drawn before the phase moved on.
    r = send(c, route.method, t.gm(route.what), route.body, {{"X-Colonial-Serial", "7"}});
    REQUIRE(r);
    if (std::string(route.what) == "sheet?check=1") continue;  // reads only
    CHECK(r->status == 409);
    CHECK(r->body.find("moved on") != std::string::npos);
  }
  CHECK(snapshot(t, c) == before);
  CHECK(t.adjudications == 0);
}

TEST_CASE("the game master's polls stay small: the whole table under 8 KB, an unchanged one a few bytes") {
  auto table = std::make_unique<Table>(10, 600);
  Table& t = *table;
  auto c = t.client();
  // Every unit of every power ordered (nobody done: the phase waits).
  std::string orders[kMaxPowers];
  for (int i = 0; i < t.map.province_count(); ++i) {
    const Unit& u = t.game.position().units[i];
    if (u.present())
      orders[u.power] +=
          std::string(1, unit_letter(u.type)) + " " + t.map.province(static_cast<ProvinceId>(i)).code + " H\n";
  }
  for (PowerId p = 0; p < t.map.power_count(); ++p)
    REQUIRE(c.Post(t.gm("orders?power=" + std::string(t.map.power(p).name)).c_str(), orders[p], "text/plain")->status ==
            200);
  auto r = c.Get(t.gm("state").c_str());
  REQUIRE(r);
  MESSAGE("the game master's state with every unit ordered: " << r->body.size() << " bytes");
  CHECK(r->body.size() <= 8 * 1024);
  const json s = json::parse(r->body);
  r = c.Get(t.gm("state?since=" + std::to_string(s["v"].get<long>())).c_str());
  CHECK(r->body.size() < 100);
  CHECK(json::parse(r->body)["same"] == true);
}
