#include "language.h"

#include <libintl.h>

#include <clocale>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>

#include "files.h"
#include "instructions.h"
#include "translate.h"

// gettext's manual ("Changing the language at run time"): bumped after a
// change of LANGUAGE so that the lookups cached for the old language are
// not reused.
// (glibc's: the browser build's C library, musl, keeps a catalog per locale
// name instead, see set_gettext.)
#ifdef __GLIBC__
extern "C" int _nl_msg_cat_cntr;  // NOLINT(bugprone-reserved-identifier): glibc's own name
#endif

namespace colonial::text {

namespace {

constexpr LanguageInfo kLanguages[] = {
    {"en", "English"},
    {"fr", "Français"},
    {"de", "Deutsch"},
};

std::string g_current = "en";

// The empty message: gettext answers with the catalog's header.
constexpr const char* kHeader = "";

bool plain_c(const char* locale) { return !locale || !std::strcmp(locale, "C") || !std::strcmp(locale, "POSIX"); }

// gettext ignores LANGUAGE while the messages' locale is plain "C" (POSIX
// asks it to), and a device may have no locale generated at all: any
// other locale will do, the C library's own C.UTF-8 first.
bool messages_locale_ready() {
  if (!plain_c(std::setlocale(LC_MESSAGES, nullptr))) return true;
  for (const char* name : {"", "C.UTF-8", "C.utf8", "en_US.UTF-8", "en_GB.UTF-8"}) {
    const char* set = std::setlocale(LC_MESSAGES, name);
    if (set && !plain_c(set)) return true;
  }
  return false;
}

// Points gettext at `dir`'s catalog of `code` (dir empty: no catalog).
void set_gettext(const std::string& dir, std::string_view code) {
  if (!dir.empty()) bindtextdomain(kTextDomain, dir.c_str());
  bind_textdomain_codeset(kTextDomain, "UTF-8");
  const std::string name(code);
  ::setenv("LANGUAGE", name.c_str(), 1);
#ifdef __GLIBC__
  ++_nl_msg_cat_cntr;
#else
  // musl (the browser build's C library) reads no LANGUAGE: it finds the
  // catalog by the name of the messages' locale (DIR/NAME/LC_MESSAGES), and
  // takes any name for that category. "en" has no catalog: English.
  std::setlocale(LC_MESSAGES, name.c_str());
#endif
}

std::uint32_t read_u32(std::string_view data, std::size_t at, bool big_endian) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    const auto byte = static_cast<unsigned char>(data[at + static_cast<std::size_t>(big_endian ? i : 3 - i)]);
    v = v << 8 | byte;
  }
  return v;
}

// Each of the `count` (length, offset) pairs of the table at `table` names a
// NUL-terminated string inside `data`.
bool strings_inside(std::string_view data, std::uint64_t table, std::uint64_t count, bool big_endian) {
  if (table + count * 8 > data.size()) return false;
  for (std::uint64_t i = 0; i < count; ++i) {
    // Inside data (checked above): the sums fit a size_t on 32-bit machines too.
    const auto at = static_cast<std::size_t>(table + i * 8);
    const std::uint64_t length = read_u32(data, at, big_endian);
    const std::uint64_t offset = read_u32(data, at + 4, big_endian);
    if (offset + length >= data.size() || data[static_cast<std::size_t>(offset + length)] != '\0') return false;
  }
  return true;
}

// The translations of one language: the engine's phrase book and the texts
// it points to.
struct LanguageBook {
  std::deque<std::string> texts;
  PhraseBook book;
};

// A copy of `text` kept as long as the book.
const char* keep(LanguageBook& b, const char* text) { return b.texts.emplace_back(text).c_str(); }

// A counted message's form for each count a PhraseBook keeps, from gettext
// in the language it is set to (so its plural rule stays gettext's):
// each(n, form) for n from 0 to kPluralSamples - 1.
template <typename Each>
void sample_counted(std::string_view context_view, std::string_view singular_view, std::string_view plural_view,
                    Each&& each) {
  const std::string context(context_view), singular(singular_view), plural(plural_view);
  for (int n = 0; n < kPluralSamples; ++n)
    each(n, context.empty() ? trn(singular.c_str(), plural.c_str(), static_cast<unsigned long>(n))
                            : trcn(context.c_str(), singular.c_str(), plural.c_str(), static_cast<unsigned long>(n)));
}

// A counted phrase's distinct forms, and which one each sampled count takes.
void fill_counted(LanguageBook& b, CountedPhrase id) {
  const PhraseSource& src = phrase_source(id);
  const char* forms[kMaxPluralForms] = {};
  int form_count = 0;
  u8 form_of[kPluralSamples] = {};
  bool translated = false;
  bool unknown_rule = false;
  sample_counted(src.context, src.text, src.plural, [&](int n, const char* form) {
    if (unknown_rule) return;
    translated = translated || (src.text != form && src.plural != form);
    int f = 0;
    while (f < form_count && std::strcmp(forms[f], form) != 0) ++f;
    if (f == form_count) {
      if (form_count == kMaxPluralForms) {
        unknown_rule = true;  // not a plural rule gettext knows: keep the English
        return;
      }
      forms[form_count++] = keep(b, form);
    }
    form_of[n] = static_cast<u8>(f);
  });
  if (translated && !unknown_rule) b.book.set(id, forms, form_count, form_of);
}

// The phrases of the language gettext is set to.
void fill_book(LanguageBook& b) {
  for (int i = 0; i < kPhraseCount; ++i) {
    const PhraseSource& src = phrase_source(static_cast<Phrase>(i));
    const std::string context(src.context), english(src.text);
    const char* translated = trc(context.c_str(), english.c_str());
    if (english != translated) b.book.set(static_cast<Phrase>(i), keep(b, translated));
  }
  for (int i = 0; i < kCountedPhraseCount; ++i) fill_counted(b, static_cast<CountedPhrase>(i));
}

std::map<std::string, std::unique_ptr<LanguageBook>, std::less<>>& books() {
  static std::map<std::string, std::unique_ptr<LanguageBook>, std::less<>> all;
  return all;
}

// Runs f() with gettext set to `code` (its catalog in `dir`), then sets it
// back to the language in use.
template <typename F>
void with_gettext_in(const std::string& dir, std::string_view code, F&& f) {
  const char* bound = bindtextdomain(kTextDomain, nullptr);
  const std::string before_dir = bound ? bound : "";
  set_gettext(dir, code);
  f();
  set_gettext(before_dir, g_current);
}

}  // namespace

std::span<const LanguageInfo> languages() { return kLanguages; }

std::string language_code(std::string_view name) {
  const std::size_t end = name.find_first_of("_-.@:");
  std::string code(name.substr(0, end));
  for (char& c : code) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (code == "c" || code == "posix") return "en";
  return code;
}

std::string requested_language(std::string_view option, Getenv getenv) {
  if (!option.empty()) return language_code(option);
  auto value = [&](const char* name) {
    const char* v = getenv(name);
    return std::string_view(v ? v : "");
  };
  // The locale gettext would use for messages: plain C means English.
  std::string_view locale = value("LC_ALL");
  if (locale.empty()) locale = value("LC_MESSAGES");
  if (locale.empty()) locale = value("LANG");
  const bool plain = locale == "C" || locale == "POSIX";
  std::string_view list = value("LANGUAGE");
  while (!plain && !list.empty()) {
    const std::size_t colon = list.find(':');
    std::string code = language_code(list.substr(0, colon));
    if (!code.empty()) return code;
    list = colon == std::string_view::npos ? std::string_view() : list.substr(colon + 1);
  }
  const std::string code = language_code(locale);
  return code.empty() ? "en" : code;
}

std::string requested_language(std::string_view option) {
  return requested_language(option, [](const char* name) -> const char* { return std::getenv(name); });
}

std::vector<std::string> catalog_dirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("COLONIAL_LOCALEDIR"); env && *env) dirs.emplace_back(env);
  const std::filesystem::path exe = platform::own_executable();
  if (!exe.empty()) {
    const std::filesystem::path here = exe.parent_path();
    for (const char* relative : {"locale", "../locale", "../share/locale"})
      dirs.push_back((here / relative).lexically_normal().string());
  }
  return dirs;
}

bool check_catalog(std::string_view data, std::string& why) {
  constexpr std::uint32_t kMagic = 0x950412de;
  if (data.size() < 28) {
    why = "too short for a catalog";
    return false;
  }
  const bool big_endian = read_u32(data, 0, true) == kMagic;
  if (!big_endian && read_u32(data, 0, false) != kMagic) {
    why = "not a GNU catalog (wrong magic number)";
    return false;
  }
  if (read_u32(data, 4, big_endian) >> 16 > 1) {
    why = "a catalog revision this program does not know";
    return false;
  }
  const std::uint64_t count = read_u32(data, 8, big_endian);
  if (count == 0 || !strings_inside(data, read_u32(data, 12, big_endian), count, big_endian) ||
      !strings_inside(data, read_u32(data, 16, big_endian), count, big_endian)) {
    why = "its tables point outside the file (cut short or damaged)";
    return false;
  }
  return true;
}

std::string find_catalog(std::string_view code, std::string& why) {
  const std::string name(code);
  const std::string relative = text::format("/%s/LC_MESSAGES/%s.mo", name.c_str(), kTextDomain);
  std::string searched;
  for (const std::string& dir : catalog_dirs()) {
    const std::string path = dir + relative;
    if (!std::filesystem::exists(path)) {
      searched += searched.empty() ? "" : ", ";
      searched += dir;
      continue;
    }
    std::string data, error;
    if (!platform::read_file(path, data, error)) {
      why = error;
      return {};
    }
    std::string damage;
    if (!check_catalog(data, damage)) {
      why = "the catalog ";
      why += path;
      why += " is damaged: ";
      why += damage;
      return {};
    }
    return dir;
  }
  why = text::format("no catalog for language '%s' (looked in %s)", name.c_str(), searched.c_str());
  return {};
}

LanguageChoice use_language(std::string_view code) {
  LanguageChoice choice{"en", ""};
  const bool ready = messages_locale_ready();
  if (code.empty() || code == "en") {
    set_gettext({}, "en");
  } else if (!ready) {
    choice.warning = text::format("this system has no locale gettext can use (not even C.UTF-8): English instead of %s",
                                  std::string(code).c_str());
  } else if (const std::string dir = find_catalog(code, choice.warning); !dir.empty()) {
    set_gettext(dir, code);
    // The catalog's header answers for the empty message when gettext
    // really reads it.
    if (*dgettext(kTextDomain, kHeader) != '\0')
      choice.code = std::string(code);
    else
      choice.warning = text::format("gettext did not take the catalog in %s: English instead of %s", dir.c_str(),
                                    std::string(code).c_str());
  } else {
    choice.warning += ": English instead";
  }
  g_current = choice.code;
  if (choice.code == "en") set_gettext({}, "en");
  set_phrases(choice.code == "en" ? nullptr : &phrase_book(choice.code));
  return choice;
}

std::string current_language() { return g_current; }

namespace {

// Runs f() with gettext in `code` (English when it has no catalog).
template <typename F>
void in_language(std::string_view code, F&& f) {
  std::string why;
  const std::string dir = code == "en" || !messages_locale_ready() ? std::string() : find_catalog(code, why);
  with_gettext_in(dir, dir.empty() ? "en" : code, f);
}

}  // namespace

std::vector<std::string> translations(std::string_view code, std::span<const Message> messages) {
  std::vector<std::string> out;
  out.reserve(messages.size());
  auto translate_all = [&] {
    for (const Message& m : messages) {
      const std::string id(m.id);
      out.emplace_back(m.context.empty() ? tr(id.c_str()) : trc(std::string(m.context).c_str(), id.c_str()));
    }
  };
  in_language(code, translate_all);
  return out;
}

std::vector<std::vector<std::string>> counted_translations(std::string_view code,
                                                           std::span<const CountedMessage> messages) {
  std::vector<std::vector<std::string>> out;
  out.reserve(messages.size());
  auto translate_all = [&] {
    for (const CountedMessage& m : messages) {
      std::vector<std::string>& forms = out.emplace_back();
      forms.reserve(kPluralSamples);
      sample_counted(m.context, m.singular, m.plural, [&](int, const char* form) { forms.emplace_back(form); });
    }
  };
  in_language(code, translate_all);
  return out;
}

const PhraseBook& phrase_book(std::string_view code) {
  auto& all = books();
  if (auto it = all.find(code); it != all.end()) return it->second->book;
  auto book = std::make_unique<LanguageBook>();
  std::string why;
  const std::string dir = code == "en" || !messages_locale_ready() ? std::string() : find_catalog(code, why);
  if (!dir.empty()) with_gettext_in(dir, code, [&] { fill_book(*book); });
  return all.emplace(std::string(code), std::move(book)).first->second->book;
}

}  // namespace colonial::text
