// The order server (game/server) over real HTTP on 127.0.0.1: every route,
// its errors, the secrecy of each seat against every other seat's secret,
// and the abuse it must shrug off (wrong secrets, huge bodies, broken HTTP,
// slow clients). The host is `colonial-judge serve`'s (server_fixture.h).
#include "pad_page.h"
#include "server_fixture.h"

using namespace colonial;
using namespace colonial::server;
using namespace colonial::server::testing;

TEST_CASE("a seat reads and replaces its own orders, and every answer of 200 is on disk") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  const PowerId britain = t.power("Britain");
  auto r = c.Post(t.path(britain, "orders").c_str(), "F HK - SCS\nA DEL H\nDRAW\n", "text/plain");
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(r->body == "2 orders saved\n");
  r = c.Get(t.path(britain, "orders").c_str());
  REQUIRE(r);
  CHECK(r->body == "F hon - scs\nA del H\nDRAW\n");
  // Saved before the answer: the record on disk has them.
  std::string text, error;
  REQUIRE(platform::read_file(t.record, text, error));
  CHECK(text.find("pending Britain: F hon - scs") != std::string::npos);
  CHECK(text.find("draw-votes Britain") != std::string::npos);
  // A new set replaces the old one (DRAW withdrawn with it).
  r = c.Post(t.path(britain, "orders").c_str(), "A DEL - PUN\n", "text/plain");
  CHECK(r->status == 200);
  CHECK(c.Get(t.path(britain, "orders").c_str())->body == "A del - pun\n");
  // DELETE takes them all back.
  r = c.Delete(t.path(britain, "orders").c_str());
  CHECK(r->status == 200);
  CHECK(c.Get(t.path(britain, "orders").c_str())->body.empty());
}

TEST_CASE("bad orders: errors by line, 400, and nothing saved") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  const PowerId britain = t.power("Britain");
  REQUIRE(c.Post(t.path(britain, "orders").c_str(), "A DEL H\n", "text/plain")->status == 200);
  auto r = c.Post(t.path(britain, "orders").c_str(), "F HK H\nA PEK - SHA\nF XYZ H\n", "text/plain");
  REQUIRE(r);
  CHECK(r->status == 400);
  CHECK(r->body.find("line 2: the army in Peking is Chinese, not British") != std::string::npos);
  CHECK(r->body.find("line 3: no province 'XYZ'") != std::string::npos);
  CHECK(r->body.find("nothing was saved") != std::string::npos);
  CHECK(c.Get(t.path(britain, "orders").c_str())->body == "A del H\n");
  // An empty body says what to send instead.
  r = c.Post(t.path(britain, "orders").c_str(), "", "text/plain");
  CHECK(r->status == 400);
  CHECK(r->body.find("no orders") != std::string::npos);
  CHECK(c.Get(t.path(britain, "orders").c_str())->body == "A del H\n");
}

TEST_CASE("state, legal orders and the page: what a seat sees, and never another power's orders") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  const PowerId britain = t.power("Britain"), china = t.power("China");
  REQUIRE(c.Post(t.path(china, "orders").c_str(), "A CAN - TON\n", "text/plain")->status == 200);
  auto r = c.Get(t.path(britain, "state").c_str());
  REQUIRE(r);
  CHECK(r->status == 200);
  const json s = json::parse(r->body);
  CHECK(s["power"] == "Britain");
  CHECK(s["phase"] == "1870 Movement");
  CHECK(s["asked"] == true);
  CHECK(s["serial"] == 0);
  CHECK(s["units"].size() == 29);
  CHECK(s["seats"].size() == 7);
  CHECK_FALSE(s.contains("orders"));
  CHECK(r->body.find("can - ton") == std::string::npos);
  r = c.Get(t.path(britain, "legal").c_str());
  const json l = json::parse(r->body);
  CHECK(l["units"].size() == 6);  // Britain's six units
  bool seen_hold = false;
  for (const auto& u : l["units"])
    for (const auto& o : u["orders"]) seen_hold |= o["text"] == "A del H";
  CHECK(seen_hold);
  r = c.Get(t.path(britain, "").c_str());
  CHECK(r->status == 200);
  CHECK(r->body.find("<h1 id=\"power\">Britain</h1>") != std::string::npos);
  CHECK(r->body.find("can - ton") == std::string::npos);
  CHECK(r->get_header_value("Referrer-Policy") == "no-referrer");
}

TEST_CASE("no seat can read or change another seat's orders, by any route") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  const int n = t.map.power_count();
  // Each power hands in one hold of its first unit.
  std::string mine[kMaxPowers];
  for (PowerId p = 0; p < n; ++p) {
    for (int i = 0; i < t.map.province_count(); ++i) {
      const Unit& u = t.game.position().units[i];
      if (u.present() && u.power == p) {
        mine[p] = std::string(1, unit_letter(u.type)) + " " + t.map.province(static_cast<ProvinceId>(i)).code + " H";
        break;
      }
    }
    REQUIRE(c.Post(t.path(p, "orders").c_str(), mine[p] + "\n", "text/plain")->status == 200);
  }
  for (PowerId a = 0; a < n; ++a) {
    for (PowerId b = 0; b < n; ++b) {
      if (a == b) continue;
      CAPTURE(t.map.power(a).name);
      CAPTURE(t.map.power(b).name);
      // Reading with b's secret shows b's orders only.
      for (const char* what : {"orders", "state", "legal", ""}) {
        auto r = c.Get(t.path(b, what).c_str());
        REQUIRE(r);
        std::string lower = r->body;
        for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        std::string theirs = mine[a];
        for (char& ch : theirs) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (std::string(what) != "legal" && std::string(what) != "state")
          CHECK(lower.find(theirs) == std::string::npos);
      }
      // Ordering a's unit with b's secret is refused and changes nothing.
      auto r = c.Post(t.path(b, "orders").c_str(), mine[a] + "\n", "text/plain");
      REQUIRE(r);
      CHECK(r->status == 400);
      httplib::Params form{{"orders", mine[a]}, {"serial", "0"}, {"action", "save"}};
      r = c.Post(t.path(b, "form").c_str(), form);
      CHECK(r->status == 400);
    }
  }
  // Every power's own orders are as it left them; DELETE with b's secret
  // clears b's alone.
  REQUIRE(c.Delete(t.path(1, "orders").c_str())->status == 200);
  for (PowerId p = 0; p < n; ++p) {
    std::string expected = p == 1 ? "" : mine[p];
    for (char& ch : expected) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (!expected.empty()) expected += "\n";
    std::string got = c.Get(t.path(p, "orders").c_str())->body;
    for (char& ch : got) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    CHECK(got == expected);
  }
}

TEST_CASE("a wrong or re-issued secret gets 403 and nothing else, on every route") {
  auto table = std::make_unique<Table>(1000);  // the throttle has a test of its own
  Table& t = *table;
  const PowerId britain = t.power("Britain");
  std::string good = t.seats.secret(britain);
  std::string upper = good;
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  const std::string wrong[] = {std::string(32, '0'), good.substr(0, 31), good + "0", upper, "", "../" + good};
  for (const std::string& secret : wrong) {
    CAPTURE(secret);
    auto c = t.client();
    for (const char* what : {"", "orders", "state", "legal", "done", "form", "nothing"}) {
      const std::string p = "/s/" + secret + "/" + what;
      auto g = c.Get(p.c_str());
      REQUIRE(g);
      CHECK(g->status == 403);
      CHECK(g->body == "Forbidden\n");
      auto po = c.Post(p.c_str(), "A DEL H\n", "text/plain");
      CHECK(po->status == 403);
      CHECK(po->body == "Forbidden\n");
      auto d = c.Delete(p.c_str());
      CHECK(d->status == 403);
    }
  }
  auto c = t.client();
  // Re-issued: the old URL is dead at once, the new one works.
  std::string error;
  REQUIRE(t.seats.reissue(britain, error));
  CHECK(c.Get(("/s/" + good + "/orders").c_str())->status == 403);
  CHECK(c.Get(t.path(britain, "orders").c_str())->status == 200);
  // And it survives a restart: the seats file has the new secret.
  Seats again;
  REQUIRE(again.load_or_create(t.record + ".seats", t.map.power_count(), error));
  CHECK(again.secret(britain) == t.seats.secret(britain));
  CHECK(again.power_of(good) == kNoPower);
}

TEST_CASE("repeated wrong secrets from one address are slowed") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  for (int i = 0; i < 10; ++i) CHECK(c.Get(("/s/" + std::string(32, 'a') + "/state").c_str())->status == 403);
  auto r = c.Get(t.path(0, "state").c_str());
  REQUIRE(r);
  CHECK(r->status == 429);
  CHECK(r->get_header_value("Retry-After") == "60");
  CHECK(t.server->counters().throttled >= 1);
}

TEST_CASE("huge bodies, broken HTTP and slow clients are refused without blocking the table") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  const PowerId britain = t.power("Britain");
  REQUIRE(c.Post(t.path(britain, "orders").c_str(), "A DEL H\n", "text/plain")->status == 200);
  std::string huge(70 * 1024, 'x');
  auto r = c.Post(t.path(britain, "orders").c_str(), huge, "text/plain");
  REQUIRE(r);
  CHECK(r->status == 413);
  CHECK(c.Get(t.path(britain, "orders").c_str())->body == "A del H\n");

  int fd = connect_raw(t.server->port());
  const char garbage[] = "THIS IS NOT HTTP\r\n\r\n";
  CHECK(::write(fd, garbage, sizeof garbage - 1) > 0);
  const std::string answer = read_all(fd);
  ::close(fd);
  CHECK(answer.rfind("HTTP/1.1 400", 0) == 0);

  // Five clients that send half a request and wait: the others are served.
  int slow[5];
  for (int& s : slow) {
    s = connect_raw(t.server->port());
    const char half[] = "GET /s/";
    CHECK(::write(s, half, sizeof half - 1) > 0);
  }
  const auto t0 = std::chrono::steady_clock::now();
  r = c.Get(t.path(britain, "orders").c_str());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(seconds < 2.0);
  for (int s : slow) ::close(s);
}

TEST_CASE("a stale page, a phase that moved on, a seat with nothing to do: clear errors, nothing changed") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  // Everybody holds and says done: the phase is played.
  for (PowerId p = 0; p < t.map.power_count(); ++p)
    REQUIRE(c.Post(t.path(p, "done").c_str(), "done", "text/plain")->status == 200);
  for (int i = 0; i < 100 && t.adjudications == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(t.adjudications == 1);
  for (int i = 0; i < 50; ++i) {
    const json s = json::parse(c.Get(t.path(0, "state").c_str())->body);
    if (s["serial"] == 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const PowerId britain = t.power("Britain");
  // Sent with the old phase's number: refused, saying what happened.
  auto r = c.Post(t.path(britain, "orders").c_str(), serial_header(0), "A DEL H\n", "text/plain");
  REQUIRE(r);
  CHECK(r->status == 409);
  CHECK(r->body.find("the phase has moved on") != std::string::npos);
  httplib::Params form{{"orders", "A DEL H"}, {"serial", "0"}, {"action", "save"}};
  r = c.Post(t.path(britain, "form").c_str(), form);
  CHECK(r->status == 409);
  CHECK(r->body.find("the phase has moved on") != std::string::npos);
  CHECK(c.Get(t.path(britain, "orders").c_str())->body.empty());
  // The state shows the results of the phase played.
  const json s = json::parse(c.Get(t.path(britain, "state").c_str())->body);
  CHECK(s["last_phase"] == "1870 Movement");
  CHECK(s["last_results"].size() >= 29);
}

TEST_CASE("the page works without JavaScript: the form saves orders and says Done") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  const PowerId japan = t.power("Japan");
  httplib::Params form{{"orders", "F TOK H\r\n"}, {"serial", "0"}, {"action", "save"}};
  auto r = c.Post(t.path(japan, "form").c_str(), form);
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(r->body.find("1 order saved") != std::string::npos);
  CHECK(r->body.find("F tok H") != std::string::npos);
  httplib::Params done{{"orders", ""}, {"serial", "0"}, {"action", "done"}};
  r = c.Post(t.path(japan, "form").c_str(), done);
  CHECK(r->status == 200);
  const json s = json::parse(c.Get(t.path(japan, "state").c_str())->body);
  CHECK(s["done"] == true);
}

TEST_CASE("a port in use or an address not this machine's: a clear error naming it, and port() -1") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  // A port held by a plain socket (no SO_REUSEPORT, so it cannot be shared).
  const int held = socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(held >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  REQUIRE(bind(held, reinterpret_cast<sockaddr*>(&address), size) == 0);
  REQUIRE(listen(held, 1) == 0);
  REQUIRE(getsockname(held, reinterpret_cast<sockaddr*>(&address), &size) == 0);
  const int port = ntohs(address.sin_port);

  OrderServer other(t.map, t.seats);
  ServerOptions o;
  o.listen = "127.0.0.1";
  o.port = port;
  o.web_dir = std::string(COLONIAL_SOURCE_DIR) + "/assets/web/";
  std::string error;
  CHECK_FALSE(other.start(o, error));
  CHECK(other.port() == -1);
  CHECK_MESSAGE(error.find("cannot listen on 127.0.0.1:" + std::to_string(port)) != std::string::npos, error);
  CHECK_MESSAGE(error.find("in use") != std::string::npos, error);
  close(held);

  o.listen = "192.0.2.1";  // a documentation address: no interface of this machine has it
  o.port = 0;
  CHECK_FALSE(other.start(o, error));
  CHECK(other.port() == -1);
  CHECK_MESSAGE(error.find("cannot listen on 192.0.2.1 on any port") != std::string::npos, error);

  o.web_dir = "/nonexistent/";  // not a listening failure: port() says so
  CHECK_FALSE(other.start(o, error));
  CHECK(other.port() == 0);
  CHECK_FALSE(other.running());
}

TEST_CASE("a phone's language: the one its Accept-Language asks for, else the table's") {
  const std::vector<PadLanguage> offered = {
      {"en", {}, nullptr, {}, {}, {}, {}}, {"fr", {}, nullptr, {}, {}, {}, {}}, {"de", {}, nullptr, {}, {}, {}, {}}};
  CHECK(pick_language("", offered) == 0);
  CHECK(pick_language("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5", offered) == 1);
  CHECK(pick_language("de;q=0.5, FR;q=0.7", offered) == 1);
  CHECK(pick_language("it, de-AT;q=0.3", offered) == 2);
  CHECK(pick_language("it, *", offered) == 0);
  CHECK(pick_language("fr;q=0, de;q=0.1", offered) == 2);
  CHECK(pick_language("fr;q=nonsense", offered) == 0);
  CHECK(pick_language(std::string(8000, ','), offered) == 0);
  CHECK(pick_language("de, fr", offered) == 2);  // equal weights: the first
}

TEST_CASE("a French phone gets the page's words in French, its words for the scripts, and lang=fr") {
  std::vector<std::string> english, french;
  for (const std::string_view w : pad_words()) english.emplace_back(w);
  french = english;
  for (std::size_t i = 0; i < french.size(); ++i) {
    if (english[i] == "Save orders") french[i] = "Enregistrer les ordres";
    if (english[i] == "Tap the unit to support.") french[i] = "Touchez l'unité à soutenir.";
  }
  auto table = std::make_unique<Table>(
      10, 0,
      std::vector<PadLanguage>{{"en", english, nullptr, {}, {}, {}, {}}, {"fr", french, nullptr, {}, {}, {}, {}}});
  Table& t = *table;
  auto c = t.client();
  const PowerId britain = t.power("Britain");
  auto r = c.Get(t.path(britain, "").c_str(), kFrench);
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(r->body.find("<html lang=\"fr\">") != std::string::npos);
  CHECK(r->body.find(">Enregistrer les ordres</button>") != std::string::npos);
  CHECK(r->body.find("\"Tap the unit to support.\":\"Touchez l'unité à soutenir.\"") != std::string::npos);
  CHECK(r->body.find("{{") == std::string::npos);  // every word and value filled in
  r = c.Get(t.path(britain, "").c_str());
  REQUIRE(r);
  CHECK(r->body.find("<html lang=\"en\">") != std::string::npos);
  CHECK(r->body.find(">Save orders</button>") != std::string::npos);
}

TEST_CASE("every word the phone's page and scripts use is in the catalogs' list") {
  std::string page, pad_js, board_js, error;
  const std::string web = std::string(COLONIAL_SOURCE_DIR) + "/assets/web/";
  REQUIRE(platform::read_file(web + "pad.html", page, error));
  REQUIRE(platform::read_file(web + "pad.js", pad_js, error));
  REQUIRE(platform::read_file(web + "board.js", board_js, error));
  auto known = [](std::string_view w) {
    for (const std::string_view k : pad_words())
      if (k == w) return true;
    return false;
  };
  int seen = 0;
  for (std::size_t at = page.find("{{t:"); at != std::string::npos; at = page.find("{{t:", at + 1), ++seen) {
    const std::string word = page.substr(at + 4, page.find("}}", at) - at - 4);
    CHECK_MESSAGE(known(word), word);
  }
  for (const std::string* js : {&pad_js, &board_js})
    for (std::size_t at = js->find("T(\""); at != std::string::npos; at = js->find("T(\"", at + 1), ++seen) {
      const std::string word = js->substr(at + 3, js->find('"', at + 3) - at - 3);
      CHECK_MESSAGE(known(word), word);
    }
  CHECK(seen > 15);
}

TEST_CASE("the phase line: what the power has to do, counted from the orders it saved, on the page and the tablet") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  const PowerId britain = t.power("Britain"), china = t.power("China");
  auto task = [&](PowerId p) { return json::parse(c.Get(t.path(p, "state").c_str())->body)["task"]; };
  CHECK(task(britain) == "0 of 6 units ordered");
  CHECK(c.Get(t.path(britain, "").c_str())->body.find(">0 of 6 units ordered</p>") != std::string::npos);
  REQUIRE(c.Post(t.path(britain, "orders").c_str(), "A DEL - PUN\nF HK H\n", "text/plain")->status == 200);
  CHECK(task(britain) == "2 of 6 units ordered");
  CHECK(task(china) == "0 of 5 units ordered");
  // The game master's tablet: each power's line.
  const json s = json::parse(c.Get(t.gm("state").c_str())->body);
  CHECK(s["powers"][britain]["task"] == "2 of 6 units ordered");
  CHECK(s["powers"][china]["task"] == "0 of 5 units ordered");
}

TEST_CASE("the phase line of every kind of phase, as the pad and the tablet write it") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  const Map& map = t.map;
  const PowerId britain = t.power("Britain"), france = t.power("France");
  auto view_of = [&](PhaseKind kind) {
    auto v = std::make_unique<TableView>();
    set_start_position(map, v->position);
    v->position.phase.kind = kind;
    return v;
  };
  auto province = [&](const char* code) { return map.find_province(code).province; };
  // A retreat: Britain's army in Delhi, dislodged from the Punjab.
  auto retreat = view_of(PhaseKind::Retreat);
  retreat->position.dislodged[province("DEL")] = {retreat->position.units[province("DEL")], province("PUN")};
  retreat->position.units[province("DEL")] = {UnitType::Army, france, Coast::None};
  retreat->asked = u32{1} << britain;
  CHECK(task_in_words(map, *retreat, britain) == "1 unit must retreat");
  CHECK(task_in_words(map, *retreat, france) == "Nothing to do this phase: Done");
  Order back;
  back.kind = OrderKind::Retreat;
  back.power = britain;
  back.unit = UnitType::Army;
  back.at = map.location_of(province("DEL"), Coast::None);
  back.to = map.location_of(province("NAG"), Coast::None);
  REQUIRE(retreat->orders[britain].push_back(back));
  CHECK(task_in_words(map, *retreat, britain) == "1 unit must retreat: 1 ordered");
  // Builds: Britain owns two colonies more than it has units.
  auto builds = view_of(PhaseKind::Adjustment);
  builds->position.units[province("MAD")] = {};
  builds->position.units[province("BOM")] = {};
  builds->asked = u32{1} << britain;
  CHECK(task_in_words(map, *builds, britain) == "Build 2 (2 colonies free to build in)");
  // Removals: France has lost Tongking, and keeps its three units.
  auto removals = view_of(PhaseKind::Adjustment);
  removals->position.owner[province("TON")] = britain;
  removals->asked = u32{1} << france;
  CHECK(task_in_words(map, *removals, france) == "Remove 1 unit");
  // Once the game is over, no line.
  removals->over = true;
  CHECK(task_in_words(map, *removals, france).empty());
}

TEST_CASE("an adjustment in which nobody has a choice is played at once, and the results say so") {
  auto table = std::make_unique<Table>();  // a Map and two Games: too large for the stack
  Table& t = *table;
  auto c = t.client();
  // 1872, a year whose colonies count: China's army owns no colony and must
  // go (nothing to choose), Britain and France keep what they have. (A
  // retreat with nowhere to go never makes a phase: the unit is destroyed
  // with the movement's results.)
  auto pos = std::make_unique<Position>();
  set_start_position(t.map, *pos);
  pos->clear_units();
  for (PowerId& owner : pos->owner) owner = kNoPower;
  pos->phase.year = 1872;
  auto put = [&](const char* power, const char* where) {
    const ProvinceId p = t.map.find_province(where).province;
    pos->units[p] = {UnitType::Army, t.power(power), Coast::None};
    if (t.map.province(p).colony && std::string(power) != "China") pos->owner[p] = t.power(power);
  };
  put("China", "YUN");
  put("France", "TON");
  put("Britain", "DEL");
  t.on_host([&](Game& g) {
    const GameSettings settings = g.settings();
    g.start_from(t.map, settings, *pos);
    t.table->game_changed();
  });
  for (const char* power : {"China", "France", "Britain"})
    REQUIRE(c.Post(t.path(t.power(power), "done").c_str(), "done", "text/plain")->status == 200);
  for (int i = 0; i < 200 && t.adjudications < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(t.adjudications == 2);  // the movement, then the adjustment nobody was asked about
  json s;
  for (int i = 0; i < 50; ++i) {
    s = json::parse(c.Get(t.path(t.power("France"), "state").c_str())->body);
    if (s["last_phase"] == "1872 Adjustment") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  INFO(s.dump());
  CHECK(s["last_phase"] == "1872 Adjustment");
  REQUIRE(!s["last_results"].empty());
  CHECK(s["last_results"].back() == "Nobody had a choice in this phase: what the rules force was done at once.");
  CHECK(s["phase"] == "1874 Movement");
  // The tablet shows that phase's results, saying so too.
  const json shown = json::parse(c.Get(t.gm("phase").c_str())->body);
  CHECK(shown["phase"] == "1872 Adjustment");
  CHECK(shown["note"] == "Nobody had a choice in this phase: what the rules force was done at once.");
  CHECK(s["task"] == "0 of 1 unit ordered");
}
