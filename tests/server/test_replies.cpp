// The order server's own replies in each phone's language, from the real
// catalogs (po/, built beside the tests) as the app and the judge prepare
// them (phone_languages.h): a phone that asks for French is answered in
// French with French plural forms, one that asks for German in German, any
// other in the table's language (English here).
#include <set>

#include "language.h"
#include "phone_languages.h"
#include "server_fixture.h"
#include "web_text.h"

using namespace colonial;
using namespace colonial::server;
using namespace colonial::server::testing;

namespace {

const PadLanguage& language(const std::vector<PadLanguage>& all, const char* code) {
  for (const PadLanguage& l : all)
    if (l.code == code) return l;
  FAIL("no language " << code);
  return all.front();
}

std::multiset<std::string> placeholders(std::string_view pattern) {
  std::multiset<std::string> out;
  for_each_placeholder(pattern, [&](std::string_view name) { out.emplace(name); });
  return out;
}

}  // namespace

TEST_CASE("every reply is translated into French and German with the placeholders of its English") {
  REQUIRE(text::use_language("en").code == "en");
  const std::vector<PadLanguage> all = phone_languages();
  REQUIRE(all.size() == 3);
  CHECK(all[0].code == "en");  // the table's language first
  for (const char* code : {"fr", "de"}) {
    const PadLanguage& l = language(all, code);
    REQUIRE(l.replies.size() == reply_texts().size());
    REQUIRE(l.counted.size() == counted_reply_texts().size());
    for (std::size_t i = 0; i < l.replies.size(); ++i) {
      const std::string_view english = reply_texts()[i];
      CHECK_MESSAGE(placeholders(l.replies[i]) == placeholders(english), code << ": " << l.replies[i]);
      // Only words kept as typed may stay the same ("phase {n}" in French,
      // DRAW and SURRENDER after a name in German).
      const bool as_typed = english == "phase {n}" || english == "{power}: DRAW" || english == "{power}: SURRENDER";
      if (!as_typed) CHECK_MESSAGE(l.replies[i] != english, code << " lacks: " << english);
    }
    for (std::size_t i = 0; i < l.counted.size(); ++i) {
      REQUIRE(l.counted[i].size() == static_cast<std::size_t>(kPluralSamples));
      for (const std::string& form : l.counted[i])
        CHECK_MESSAGE(placeholders(form) == placeholders(counted_reply_texts()[i].singular), code << ": " << form);
    }
  }
}

TEST_CASE("counted replies take each language's plural forms, for every count") {
  REQUIRE(text::use_language("en").code == "en");
  const std::vector<PadLanguage> all = phone_languages();
  Map map;
  MapErrors errors;
  REQUIRE(load_map(builtin_map_text("colonial"), "colonial", map, errors));
  auto saved = [&](const PadLanguage* l, long n) { return write_reply(Reply(CountedReplyId::OrdersSaved, n), map, l); };
  const PadLanguage* fr = &language(all, "fr");
  const PadLanguage* de = &language(all, "de");
  // French counts 0 and 1 as singular, German and English 1 alone.
  CHECK(saved(fr, 0) == "0 ordre enregistré");
  CHECK(saved(fr, 1) == "1 ordre enregistré");
  CHECK(saved(fr, 2) == "2 ordres enregistrés");
  CHECK(saved(fr, 1001) == "1001 ordres enregistrés");  // beyond the sampled counts
  CHECK(saved(de, 0) == "0 Befehle gespeichert");
  CHECK(saved(de, 1) == "1 Befehl gespeichert");
  CHECK(saved(de, 7) == "7 Befehle gespeichert");
  CHECK(saved(nullptr, 1) == "1 order saved");
  CHECK(saved(nullptr, 0) == "0 orders saved");
  CHECK(saved(&all[0], 3) == "3 orders saved");
  // Power names and phases in the reply's language, sentences joined.
  Reply r(ReplyId::NoOrdersFor);
  r.powers(1u << map.find_power("Britain") | 1u << map.find_power("Turkey"))
      .then(" ", Reply(ReplyId::Now).phase(Phase{1872, Season::Turn, PhaseKind::Adjustment}));
  CHECK(write_reply(r, map, fr) ==
        "pas d'ordres à donner maintenant pour Grande-Bretagne, Turquie ; rien n'a été enregistré maintenant : 1872, "
        "ajustements");
  CHECK(write_reply(r, map, nullptr) ==
        "no orders to give now for Britain, Turkey; nothing was saved now 1872 Adjustment");
}

TEST_CASE("a French phone is answered in French by the order server, a German one in German, others in English") {
  REQUIRE(text::use_language("en").code == "en");
  auto table = std::make_unique<Table>(3, 0, phone_languages());  // too large for the stack
  Table& t = *table;
  auto c = t.client();
  const PowerId britain = t.power("Britain");
  auto r = c.Post(t.path(britain, "orders").c_str(), kFrench, "A DEL - PUN\n", "text/plain");
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(r->body == "1 ordre enregistré\n");
  r = c.Post(t.path(britain, "orders").c_str(), kFrench, "A DEL - PUN\nF HK H\n", "text/plain");
  CHECK(r->body == "2 ordres enregistrés\n");
  r = c.Post(t.path(britain, "orders").c_str(), kGerman, "A DEL - PUN\n", "text/plain");
  CHECK(r->body == "1 Befehl gespeichert\n");
  r = c.Post(t.path(britain, "orders").c_str(), "A DEL - PUN\nF HK H\n", "text/plain");
  CHECK(r->body == "2 orders saved\n");
  r = c.Post(t.path(britain, "orders").c_str(), {{"Accept-Language", "it"}}, "A DEL - PUN\n", "text/plain");
  CHECK(r->body == "1 order saved\n");
  // Errors line by line: the engine's words in French too.
  r = c.Post(t.path(britain, "orders").c_str(), kFrench, "A DEL - PUN\nA DEL - NOWHERE\n", "text/plain");
  CHECK(r->status == 400);
  CHECK_MESSAGE(r->body.starts_with("ligne 2 : "), r->body);
  CHECK_MESSAGE(r->body.ends_with("\nrien n'a été enregistré\n"), r->body);
  // The rest of what a phone is told.
  auto stale = kFrench;
  stale.emplace("X-Colonial-Serial", "7");
  r = c.Post(t.path(britain, "orders").c_str(), stale, "A DEL H\n", "text/plain");
  CHECK(r->status == 409);
  CHECK(r->body ==
        "la phase a changé (maintenant : 1870, mouvements) : ces ordres étaient pour une phase précédente et n'ont pas "
        "été enregistrés ; rechargez la page\n");
  r = c.Post(t.path(britain, "done").c_str(), kGerman, "maybe", "text/plain");
  CHECK(r->status == 400);
  CHECK(r->body == "sende \"done\" oder \"not done\"\n");
  r = c.Post(t.path(britain, "done").c_str(), kGerman, "done", "text/plain");
  CHECK(r->body == "fertig\n");
  r = c.Delete(t.path(britain, "orders").c_str(), kFrench);
  CHECK(r->body == "tous les ordres sont retirés : vos unités tiendront\n");
  // The phase as each phone reads it.
  CHECK(json::parse(c.Get(t.path(britain, "state").c_str(), kFrench)->body)["phase"] == "1870, mouvements");
  CHECK(json::parse(c.Get(t.path(britain, "state").c_str(), kGerman)->body)["phase"] == "1870, Bewegung");
  CHECK(json::parse(c.Get(t.path(britain, "state").c_str())->body)["phase"] == "1870 Movement");
  CHECK(c.Get(t.path(britain, "").c_str(), kFrench)->body.find("1870, mouvements") != std::string::npos);
  // The game master's sheet: the powers named in French.
  r = c.Post((t.gm("sheet?bad=leave-out")).c_str(), kFrench, "France: A TON - CAN\nBritain: F HK H\n", "text/plain");
  CHECK(r->status == 200);
  CHECK(json::parse(r->body)["message"] == "ordres pris pour Grande-Bretagne, France");
  // Wrong secrets: 403, then 429, in the phone's language.
  for (int i = 0; i < 3; ++i) {
    r = c.Get("/s/not-a-secret/", kFrench);
    CHECK(r->status == 403);
    CHECK(r->body == "Interdit\n");
  }
  r = c.Get("/s/not-a-secret/", kGerman);
  CHECK(r->status == 429);
  CHECK(r->body == "Zu viele falsche Adressen von diesem Gerät: warte eine Minute\n");
  r = c.Get("/s/not-a-secret/");
  CHECK(r->body == "Too many wrong addresses from this device: wait a minute\n");
}

TEST_CASE("every word the game master's page and script use is in the catalogs' lists") {
  std::string page, script, error;
  const std::string web = std::string(COLONIAL_SOURCE_DIR) + "/assets/web/";
  REQUIRE(platform::read_file(web + "gm.html", page, error));
  REQUIRE(platform::read_file(web + "gm.js", script, error));
  auto known = [](std::string_view w) {
    for (const auto& list : {gm_words(), pad_words()})
      for (const std::string_view k : list)
        if (k == w) return true;
    return false;
  };
  int seen = 0;
  for (std::size_t at = page.find("{{t:"); at != std::string::npos; at = page.find("{{t:", at + 1), ++seen)
    CHECK_MESSAGE(known(page.substr(at + 4, page.find("}}", at) - at - 4)), page.substr(at, 40));
  for (std::size_t at = script.find("T(\""); at != std::string::npos; at = script.find("T(\"", at + 1), ++seen)
    CHECK_MESSAGE(known(script.substr(at + 3, script.find('"', at + 3) - at - 3)), script.substr(at, 40));
  CHECK(seen > 60);
}

TEST_CASE("the game master's page in the language its tablet asks for") {
  REQUIRE(text::use_language("en").code == "en");
  auto table = std::make_unique<Table>(10, 0, phone_languages());  // too large for the stack
  Table& t = *table;
  auto c = t.client();
  auto r = c.Get(t.gm("").c_str(), kFrench);
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(r->get_header_value("Cache-Control") == "no-store");
  CHECK(r->body.find("<html lang=\"fr\">") != std::string::npos);
  CHECK(r->body.find("<h1>Maître du jeu</h1>") != std::string::npos);
  CHECK(r->body.find(">Jouer la phase</button>") != std::string::npos);
  CHECK(r->body.find("Feuille d&#39;ordres") != std::string::npos);
  // The scripts' words: the game master's and the pad's.
  CHECK(r->body.find("\"Game over\":\"Partie terminée\"") != std::string::npos);
  CHECK(r->body.find("\"Tap the unit to support.\":\"Touchez l'unité à soutenir.\"") != std::string::npos);
  CHECK(r->body.find("{{") == std::string::npos);
  r = c.Get(t.gm("").c_str(), kGerman);
  CHECK(r->body.find(">Phase spielen</button>") != std::string::npos);
  r = c.Get(t.gm("").c_str());
  CHECK(r->body.find("<html lang=\"en\">") != std::string::npos);
  CHECK(r->body.find(">Play the phase</button>") != std::string::npos);
  CHECK(r->body.find("<script type=\"application/json\" id=\"words\">{}</script>") != std::string::npos);
}

TEST_CASE("a German table: the game master's tablet and the phones each in its own language") {
  // The table's language is German: what the host writes in its own
  // phrases is German, and a French tablet or phone must not get it.
  REQUIRE(text::use_language("de").code == "de");
  auto table = std::make_unique<Table>(10, 0, phone_languages());  // too large for the stack
  Table& t = *table;
  auto c = t.client();
  auto get = [&](const std::string& path, const httplib::Headers& h) {
    auto r = c.Get(path.c_str(), h);
    REQUIRE(r);
    REQUIRE_MESSAGE(r->status == 200, path << ": " << r->body);
    return json::parse(r->body);
  };
  auto britain_of = [](const json& state) {
    for (const json& p : state["powers"])
      if (p["name"] == "Britain") return p;
    FAIL("no Britain in " << state.dump());
    return json();
  };
  // The powers and the phase on the tablet; the API's names stay English.
  json fr = get(t.gm("state"), kFrench);
  CHECK(fr["phase"] == "1870, mouvements");
  CHECK(britain_of(fr)["title"] == "Grande-Bretagne");
  json de = get(t.gm("state"), kGerman);
  CHECK(de["phase"] == "1870, Bewegung");
  CHECK(britain_of(de)["title"] == "Großbritannien");
  CHECK(britain_of(de)["name"] == "Britain");
  json en = get(t.gm("state"), kEnglish);
  CHECK(en["phase"] == "1870 Movement");
  CHECK(britain_of(en)["title"] == "Britain");
  // Each language's polls keep their own version: a German poll between two
  // French ones does not make the French state new.
  const std::string since = "state?since=" + std::to_string(get(t.gm("state"), kFrench)["v"].get<long>());
  get(t.gm("state"), kGerman);
  CHECK(get(t.gm(since), kFrench)["same"] == true);

  // Britain takes Malaya, a colony nobody owns: it has a build to make next.
  REQUIRE(c.Post(t.gm("orders?power=Britain").c_str(), "A DEL - PUN\nF SIN - MAL\n", "text/plain")->status == 200);
  auto r = c.Post(t.gm("play").c_str(), {{"X-Colonial-Serial", std::to_string(fr["serial"].get<int>())}}, "play anyway",
                  "text/plain");
  REQUIRE(r->status == 200);
  for (int i = 0; i < 200 && fr["screen"] != "results"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    fr = get(t.gm("state"), kFrench);
  }
  REQUIRE(fr["screen"] == "results");
  CHECK(fr["phase"] == "1872, mouvements");
  CHECK(fr["rollback"] == "1870, mouvements");
  CHECK(get(t.gm("state"), kGerman)["rollback"] == "1870, Bewegung");
  CHECK(get(t.gm("state"), kEnglish)["rollback"] == "1870 Movement");

  // The results on the tablet, in each tablet's language.
  auto moved = [](const json& phase) {
    for (const json& res : phase["results"])
      if (res["at"] == "del" && res["to"] == "pun") return res;
    FAIL("no move from Delhi in " << phase.dump());
    return json();
  };
  const json fr_phase = get(t.gm("phase"), kFrench);
  CHECK(fr_phase["phase"] == "1870, mouvements");
  CHECK(moved(fr_phase)["said"] == "L'armée britannique a quitté Delhi pour Punjab.");
  CHECK(moved(fr_phase)["text"] == "A DEL—PUN : réussi");  // without "Grande-Bretagne : ", listed under it
  const json de_phase = get(t.gm("phase"), kGerman);
  CHECK(de_phase["phase"] == "1870, Bewegung");
  CHECK(moved(de_phase)["said"] == "Die britische Armee zog von Delhi nach Punjab.");
  const json en_phase = get(t.gm("phase"), kEnglish);
  CHECK(en_phase["phase"] == "1870 Movement");
  CHECK(moved(en_phase)["said"] == "Britain's army moved from Delhi to Punjab.");
  // Units that held for want of orders, by where they are, in any language.
  for (const json* phase : {&fr_phase, &de_phase, &en_phase}) {
    bool aden = false;
    for (const json& res : (*phase)["results"]) aden |= res["at"] == "ade" && res["unit"] == "F ADEN";
    CHECK(aden);
  }

  // The results on the phones, each in its phone's language.
  const PowerId britain = t.power("Britain");
  const json fr_phone = get(t.path(britain, "state"), kFrench);
  CHECK(fr_phone["last_phase"] == "1870, mouvements");
  REQUIRE(fr_phone["last_results"].size() >= 29);
  CHECK(fr_phone["last_results"][0] == "Grande-Bretagne : A del - pun : réussi");
  for (const json& line : fr_phone["last_results"]) {
    const std::string said = line.get<std::string>();
    CHECK_MESSAGE(said.find("Großbritannien") == std::string::npos, said);
    CHECK_MESSAGE(said.find("kein Befehl") == std::string::npos, said);
    CHECK_MESSAGE(said.find("no order") == std::string::npos, said);
  }
  const json de_phone = get(t.path(britain, "state"), kGerman);
  CHECK(de_phone["last_phase"] == "1870, Bewegung");
  CHECK(de_phone["last_results"][0] == "Großbritannien: A del - pun: erfolgreich");
  CHECK(get(t.path(britain, "state"), kEnglish)["last_results"][0] == "Britain: A del - pun: succeeded");
  // No Accept-Language: the table's language.
  CHECK(get(t.path(britain, "state"), {})["last_results"][0] == "Großbritannien: A del - pun: erfolgreich");
  const std::string page = c.Get(t.path(britain, "").c_str(), kFrench)->body;
  CHECK(page.find("Grande-Bretagne : A del - pun : réussi") != std::string::npos);
  CHECK(page.find("Großbritannien") == std::string::npos);
  CHECK(page.find("<li class=\"waiting\">Grande-Bretagne : en attente</li>") != std::string::npos);  // a French colon
  // The order sheet as the French tablet reads it back.
  r = c.Post(t.gm("sheet?check=1").c_str(), kFrench, "Britain: DRAW\nBritain: A PUN - PEK\n", "text/plain");
  REQUIRE(r->status == 200);
  const json sheet = json::parse(r->body);
  CHECK(sheet["lines"][0]["text"] == "Grande-Bretagne : DRAW");
  CHECK(sheet["lines"][1]["warning"].get<std::string>().starts_with("impossible, l'unité tiendra : "));
  CHECK(sheet["powers"] == "Grande-Bretagne");

  // 1872 played too: colonies are counted, and Britain, with Malaya, builds.
  // Each tablet reads the adjustments in its language.
  const auto serial_of = [](const json& state) {
    return httplib::Headers{{"X-Colonial-Serial", std::to_string(state["serial"].get<int>())}};
  };
  REQUIRE(c.Post(t.gm("next").c_str(), serial_of(fr), "next", "text/plain")->status == 200);
  for (int i = 0; i < 200 && fr["screen"] != "orders"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    fr = get(t.gm("state"), kFrench);
  }
  REQUIRE(c.Post(t.gm("play").c_str(), serial_of(fr), "play anyway", "text/plain")->status == 200);
  for (int i = 0; i < 200 && fr["screen"] != "results"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    fr = get(t.gm("state"), kFrench);
  }
  CHECK(fr["phase"] == "1872, ajustements");
  CHECK(britain_of(fr)["note"] == "Construire 1");
  CHECK(britain_of(get(t.gm("state"), kGerman))["note"] == "1 bauen");
  CHECK(britain_of(get(t.gm("state"), kEnglish))["note"] == "Build 1");
  table.reset();
  REQUIRE(text::use_language("en").code == "en");
}

TEST_CASE("the server's front page in the language the browser asks for, else the table's") {
  REQUIRE(text::use_language("de").code == "de");                  // a German table
  auto table = std::make_unique<Table>(10, 0, phone_languages());  // too large for the stack
  Table& t = *table;
  auto c = t.client();
  const std::string french =
      "Serveur d'ordres de Colonial. Scannez le code QR de votre place sur l'écran du maître du jeu.";
  const std::string german =
      "Befehlsserver von Colonial. Scanne den QR-Code deines Platzes auf dem Bildschirm des Spielleiters.";
  const std::string english = "Colonial order server. Scan your seat&#39;s QR code on the game master&#39;s screen.";
  auto page = [&](const httplib::Headers& h) {
    auto r = c.Get("/", h);
    REQUIRE(r);
    CHECK(r->status == 200);
    CHECK(r->get_header_value("Content-Type") == "text/html; charset=utf-8");
    return r->body;
  };
  std::string body = page(kFrench);
  CHECK(body.find("<html lang=\"fr\">") != std::string::npos);
  CHECK_MESSAGE(body.find(html_escape(french)) != std::string::npos, body);
  CHECK(body.find("Scan your") == std::string::npos);
  body = page(kGerman);
  CHECK(body.find("<html lang=\"de\">") != std::string::npos);
  CHECK_MESSAGE(body.find(german) != std::string::npos, body);
  body = page({{"Accept-Language", "en-GB,en;q=0.9"}});
  CHECK(body.find("<html lang=\"en\">") != std::string::npos);
  CHECK_MESSAGE(body.find(english) != std::string::npos, body);
  // None asked for, or one the table does not offer: the table's.
  for (const httplib::Headers& h : {httplib::Headers{}, httplib::Headers{{"Accept-Language", "it"}}}) {
    body = page(h);
    CHECK(body.find("<html lang=\"de\">") != std::string::npos);
    CHECK_MESSAGE(body.find(german) != std::string::npos, body);
  }
  table.reset();
  REQUIRE(text::use_language("en").code == "en");
}

TEST_CASE("the phase line in the phone's language") {
  REQUIRE(text::use_language("en").code == "en");
  auto table = std::make_unique<Table>(3, 0, phone_languages());  // too large for the stack
  Table& t = *table;
  auto c = t.client();
  const PowerId britain = t.power("Britain");
  REQUIRE(c.Post(t.path(britain, "orders").c_str(), "A DEL - PUN\n", "text/plain")->status == 200);
  auto task = [&](const httplib::Headers& language) {
    return json::parse(c.Get(t.path(britain, "state").c_str(), language)->body)["task"].get<std::string>();
  };
  CHECK(task({}) == "1 of 6 units ordered");
  CHECK(task(kFrench) == "Ordres donnés : 1 sur 6 unités");
  CHECK(task(kGerman) == "Befehle für 1 von 6 Einheiten");
  CHECK(c.Get(t.path(britain, "").c_str(), kGerman)->body.find("Befehle für 1 von 6 Einheiten") != std::string::npos);
}
