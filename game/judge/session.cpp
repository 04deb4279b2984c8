#include "session.h"

#include <cstdio>
#include <cstring>
#include <string>

#include "files.h"
#include "record.h"
#include "translate.h"

namespace colonial::judge {

Session& session() {
  static Session s;
  return s;
}

int fail(std::string_view command, std::string_view what, int code) {
  const std::string name(command), message(what);
  std::fprintf(stderr, text::tr("colonial-judge %s: %s\n"), name.c_str(), message.c_str());
  return code;
}

bool load_variant(std::string_view variant, Map& map) {
  static std::string text;  // a user map's text lives as long as the map
  std::string_view source = builtin_map_text(variant);
  std::string name(variant);
  if (source.empty()) {
    std::string error;
    if (variant.find('/') == std::string_view::npos && variant.find(".map") == std::string_view::npos) {
      std::fprintf(stderr,
                   text::tr("colonial-judge: no variant '%s' (built in: colonial, standard; or give a .map file)\n"),
                   name.c_str());
      return false;
    }
    if (!platform::read_file(name, text, error)) {
      // TRANSLATORS: the program's name, then what went wrong.
      std::fprintf(stderr, text::tr("colonial-judge: %s\n"), error.c_str());
      return false;
    }
    source = text;
  }
  MapErrors errors;
  if (!load_map(source, name, map, errors)) {
    FixedString<4096> out;
    errors.format(out);
    std::fprintf(stderr, "%s", out.c_str());
    return false;
  }
  return true;
}

bool load_game(const std::string& path) {
  Session& s = session();
  std::string text, error;
  if (!platform::read_file(path, text, error)) {
    std::fprintf(stderr, text::tr("colonial-judge: %s\n"), error.c_str());
    return false;
  }
  std::string_view variant = record_variant(text);
  if (variant.empty()) {
    std::fprintf(stderr, text::tr("colonial-judge: %s is not a Colonial game record\n"), path.c_str());
    return false;
  }
  s.variant = std::string(variant);
  if (!load_variant(s.variant, s.map)) return false;
  RecordError err;
  if (!read_record(text, s.map, s.game, s.scratch, err)) {
    std::fprintf(stderr, "%s:%d: %s\n", path.c_str(), err.line, err.message.c_str());
    return false;
  }
  return true;
}

bool save_game(const std::string& path) {
  Session& s = session();
  std::string text;
  TextSink sink{&text, [](void* c, std::string_view t) {
                  static_cast<std::string*>(c)->append(t);
                  return true;
                }};
  if (!write_record(s.game, s.variant, sink)) {
    std::fputs(text::tr("colonial-judge: could not write the record\n"), stderr);
    return false;
  }
  std::string error;
  if (!platform::save_file_atomic(path, text, error)) {
    std::fprintf(stderr, text::tr("colonial-judge: %s (the previous file is unchanged)\n"), error.c_str());
    return false;
  }
  return true;
}

}  // namespace colonial::judge
