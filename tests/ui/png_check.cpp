// png_check FILE WIDTH HEIGHT: fails unless FILE is a WIDTH x HEIGHT image
// with a picture in it: many distinct colours and no single colour covering
// (nearly) all of it. Catches blank, black and single-colour screenshots.
#include <SDL.h>
#include <SDL_image.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

namespace {
// A board with labels, links and tokens has hundreds of colours (text is
// anti-aliased); a failed draw has one or a handful.
constexpr std::size_t kMinColours = 32;
// The background may cover most of the image, but not all of it.
constexpr double kMaxShareOfOneColour = 0.95;
}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: png_check FILE WIDTH HEIGHT   (WIDTH 0: any size up to HEIGHT on each side)\n");
    return 2;
  }
  const int want_w = std::atoi(argv[2]);
  const int want_h = std::atoi(argv[3]);
  SDL_Surface* loaded = IMG_Load(argv[1]);
  if (!loaded) {
    std::fprintf(stderr, "png_check: cannot read %s: %s\n", argv[1], IMG_GetError());
    return 1;
  }
  SDL_Surface* img = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0);
  SDL_FreeSurface(loaded);
  if (!img) {
    std::fprintf(stderr, "png_check: cannot convert %s: %s\n", argv[1], SDL_GetError());
    return 1;
  }
  std::unordered_map<Uint32, std::size_t> counts;
  for (int y = 0; y < img->h; ++y) {
    const Uint32* row = reinterpret_cast<const Uint32*>(static_cast<const Uint8*>(img->pixels) + y * img->pitch);
    for (int x = 0; x < img->w; ++x) ++counts[row[x]];
  }
  std::size_t most = 0;
  for (const auto& [colour, n] : counts) most = std::max(most, n);
  const double pixels = static_cast<double>(img->w) * img->h;
  const double share = pixels > 0 ? static_cast<double>(most) / pixels : 1.0;
  std::printf("png_check: %s is %dx%d, %zu colours, the most common covers %.1f%%\n", argv[1], img->w, img->h,
              counts.size(), share * 100.0);
  int rc = 0;
  if (want_w == 0 ? (img->w > want_h || img->h > want_h) : (img->w != want_w || img->h != want_h)) {
    std::fprintf(stderr, "png_check: expected %dx%d\n", want_w, want_h);
    rc = 1;
  }
  if (counts.size() < kMinColours) {
    std::fprintf(stderr, "png_check: fewer than %zu colours: blank or nearly\n", kMinColours);
    rc = 1;
  }
  if (share > kMaxShareOfOneColour) {
    std::fprintf(stderr, "png_check: one colour covers more than %.0f%% of the image\n", kMaxShareOfOneColour * 100);
    rc = 1;
  }
  SDL_FreeSurface(img);
  return rc;
}
