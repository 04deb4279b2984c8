// png_compare REFERENCE_DIR OTHER_DIR [MAX_SHARE_PERCENT]
//
// The same pictures drawn two ways (SDL's software renderer, the OpenGL ES 2
// renderer a Raspberry Pi uses): every PNG of OTHER_DIR against the one of
// the same name in REFERENCE_DIR. Two renderers differ by a level or two
// where they blend and round, and along the edges of what they rasterise
// (the ends of arrows, the rims of discs, text, an icon placed half a pixel
// apart). A pixel differs when neither picture has a pixel within 24 levels
// in every channel of the other's at its place or up to two pixels away; a picture
// fails when more than MAX_SHARE_PERCENT (default 0.2: the board alone) of
// its pixels differ, or when the sizes differ (the app's panels, thin
// anti-aliased outlines and text from Dear ImGui, part by a pixel more
// often: 1 for whole screenshots). Prints each picture's figures; fails when
// nothing was compared. A wrong board (another colour, a missing layer of
// labels or units, a black tile) differs on far more pixels than that.
#include <SDL.h>
#include <SDL_image.h>
#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr int kFar = 24;   // levels in a channel: a difference a player could see
constexpr int kSlack = 2;  // pixels: where the renderers may place an edge (half a texel of a board zoomed in)

struct Figures {
  bool ok = false;
  double far_share = 0, mean = 0;
  int worst = 0;
};

SDL_Surface* load(const std::string& path) {
  SDL_Surface* loaded = IMG_Load(path.c_str());
  if (!loaded) return nullptr;
  SDL_Surface* s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0);
  SDL_FreeSurface(loaded);
  return s;
}

Uint32 pixel(const SDL_Surface* s, int x, int y) {
  return reinterpret_cast<const Uint32*>(static_cast<const Uint8*>(s->pixels) + y * s->pitch)[x];
}

int distance(Uint32 a, Uint32 b) {
  int d = 0;
  for (int shift = 0; shift < 24; shift += 8)
    d = std::max(d, std::abs(static_cast<int>((a >> shift) & 0xFF) - static_cast<int>((b >> shift) & 0xFF)));
  return d;
}

// True when pixel (x, y) of `a` has a match (within kFar) at the same place
// in `b` or up to kSlack pixels away: an edge placed half a pixel apart is
// no difference, a missing line or letter is.
bool matched(const SDL_Surface* a, const SDL_Surface* b, int x, int y) {
  const Uint32 v = pixel(a, x, y);
  for (int dy = -kSlack; dy <= kSlack; ++dy)
    for (int dx = -kSlack; dx <= kSlack; ++dx) {
      const int bx = x + dx, by = y + dy;
      if (bx >= 0 && by >= 0 && bx < b->w && by < b->h && distance(v, pixel(b, bx, by)) <= kFar) return true;
    }
  return false;
}

Figures compare(const SDL_Surface* a, const SDL_Surface* b) {
  Figures f;
  if (a->w != b->w || a->h != b->h) return f;
  long far = 0;
  double sum = 0;
  for (int y = 0; y < a->h; ++y)
    for (int x = 0; x < a->w; ++x) {
      const int d = distance(pixel(a, x, y), pixel(b, x, y));
      sum += d;
      f.worst = std::max(f.worst, d);
      if (d > kFar) far += !matched(a, b, x, y) || !matched(b, a, x, y);
    }
  const double n = static_cast<double>(a->w) * static_cast<double>(a->h);
  f.far_share = 100.0 * static_cast<double>(far) / n;
  f.mean = sum / n;
  f.ok = true;
  return f;
}

std::vector<std::string> pngs_in(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 4 && name.compare(name.size() - 4, 4, ".png") == 0) names.push_back(name);
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: png_compare REFERENCE_DIR OTHER_DIR [MAX_SHARE_PERCENT]\n");
    return 2;
  }
  const std::string reference = argv[1], other = argv[2];
  const double max_share = argc == 4 ? std::atof(argv[3]) : 0.2;
  int compared = 0, failed = 0;
  for (const std::string& name : pngs_in(other)) {
    SDL_Surface* a = load(reference + "/" + name);
    SDL_Surface* b = load(other + "/" + name);
    const Figures f = a && b ? compare(a, b) : Figures{};
    const bool good = f.ok && f.far_share <= max_share;
    std::printf("%-44s %s", name.c_str(), !a ? "no reference" : !b ? "unreadable" : !f.ok ? "sizes differ" : "");
    if (f.ok)
      std::printf("%6.3f%% of pixels differ (no match within %d levels two pixels around), mean %.2f, worst %d%s",
                  f.far_share, kFar, f.mean, f.worst, good ? "" : "  <- too different");
    std::printf("\n");
    ++compared;
    failed += !good;
    if (a) SDL_FreeSurface(a);
    if (b) SDL_FreeSurface(b);
  }
  std::printf("png_compare: %d pictures compared, %d too different (more than %.2f%% of pixels)\n", compared, failed,
              max_share);
  return compared > 0 && failed == 0 ? 0 : 1;
}
