// check_borders: lists every mismatch between the borders drawn in the
// generated id map and the game's adjacency (default options), prints the
// count, and fails if any mismatch is not explained in the explanations file
// or an explanation no longer matches anything.
//
//   check_borders --ids DIR/colonial_ids.png [--map FILE.map] [--explained FILE]
#include <cstdio>
#include <fstream>
#include <string>

#include "border_check.h"

namespace {

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string ids_path, map_path, explained_path;
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    if (i + 1 < argc && k == "--ids")
      ids_path = argv[++i];
    else if (i + 1 < argc && k == "--map")
      map_path = argv[++i];
    else if (i + 1 < argc && k == "--explained")
      explained_path = argv[++i];
    else {
      std::fprintf(stderr, "check_borders: unknown or incomplete argument '%s'\n", k.c_str());
      return 2;
    }
  }
  if (ids_path.empty()) {
    std::fprintf(stderr, "usage: check_borders --ids colonial_ids.png [--map FILE.map] [--explained FILE]\n");
    return 2;
  }
  std::string text;
  if (!map_path.empty()) {
    if (!read_file(map_path, text)) {
      std::fprintf(stderr, "check_borders: cannot read %s\n", map_path.c_str());
      return 1;
    }
  } else {
    text = std::string(colonial::builtin_map_text("colonial"));
  }
  static colonial::Map map;
  colonial::MapErrors errors;
  if (!colonial::load_map(text, map_path.empty() ? "colonial.map" : map_path, map, errors)) {
    colonial::FixedString<4096> msg;
    errors.format(msg);
    std::fprintf(stderr, "check_borders: the map does not load:\n%s", std::string(msg.view()).c_str());
    return 1;
  }
  mapart::Raster ids;
  std::string error;
  if (!mapart::load_ids_png(ids_path, ids, error)) {
    std::fprintf(stderr, "check_borders: %s\n", error.c_str());
    return 1;
  }
  std::vector<mapart::Mismatch> mismatches = mapart::check_borders(map, ids);
  std::vector<std::string> stale;
  if (!explained_path.empty()) {
    std::string explained;
    if (!read_file(explained_path, explained)) {
      std::fprintf(stderr, "check_borders: cannot read %s\n", explained_path.c_str());
      return 1;
    }
    if (!mapart::apply_explanations(map, explained, explained_path, mismatches, stale, error)) {
      std::fprintf(stderr, "check_borders: %s\n", error.c_str());
      return 1;
    }
  }
  int unexplained = 0;
  for (const mapart::Mismatch& m : mismatches) {
    std::printf("%s\n", mapart::describe(map, m).c_str());
    if (m.reason.empty()) ++unexplained;
  }
  for (const std::string& s : stale) std::printf("explanation for %s matches no mismatch: remove it\n", s.c_str());
  std::printf("check_borders: %zu mismatches, %d unexplained, %zu stale explanations\n", mismatches.size(), unexplained,
              stale.size());
  return unexplained == 0 && stale.empty() ? 0 : 1;
}
