// The board art's cache file: what BoardArt decodes and composes at start-up
// and what does not change between runs (the id map, the icon page, the
// composed board and its key plane), in one LZ4 frame with its content
// checksum, after a small header naming what it was made from.
#include <lz4frame.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "board_art.h"
#include "files.h"

namespace colonial {
namespace {

constexpr char kMagic[8] = {'C', 'O', 'L', 'A', 'R', 'T', '0', '2'};

// Fixed-size header, in the machine's byte order: a cache is this
// machine's own.
struct CacheHeader {
  char magic[8];
  std::uint64_t fingerprint;
  std::int32_t width, height;
  std::int32_t icon_width, icon_height;
  std::uint32_t map_options;
  std::uint8_t railroad, canal, pad[2];
  std::uint64_t payload;  // bytes once decompressed
};

// The payload, in order: the id map, the key plane, the shade (ARGB), the
// icon page (ARGB), the key plane at half size, the provinces' bounds and
// label points.
struct Sections {
  std::size_t board, icons, half;
  std::size_t total() const {
    return board * (1 + 1 + 4) + icons * 4 + half +
           kMaxProvinces * (sizeof(platform::RectF) + sizeof(platform::PointF));
  }
};

Sections sections(int w, int h, int iw, int ih) {
  const auto area = [](int a, int b) { return static_cast<std::size_t>(a) * static_cast<std::size_t>(b); };
  return {area(w, h), area(iw, ih), area((w + 1) / 2, (h + 1) / 2)};
}

// Reads an LZ4 frame from `in` into successive buffers.
class FrameReader {
 public:
  FrameReader(const std::string& in, std::size_t at) : in_(in), at_(at) {
    if (LZ4F_isError(LZ4F_createDecompressionContext(&ctx_, LZ4F_VERSION))) ctx_ = nullptr;
  }
  ~FrameReader() {
    if (ctx_) LZ4F_freeDecompressionContext(ctx_);
  }
  FrameReader(const FrameReader&) = delete;
  FrameReader& operator=(const FrameReader&) = delete;

  // Fills exactly n bytes at out; false (with why()) when the frame is
  // damaged or ends first.
  bool take(void* out, std::size_t n) {
    auto* dst = static_cast<char*>(out);
    while (n > 0) {
      if (!ctx_ || status_ == 0 || at_ >= in_.size()) return fail("cut short");
      std::size_t out_len = n, in_len = in_.size() - at_;
      status_ = LZ4F_decompress(ctx_, dst, &out_len, in_.data() + at_, &in_len, nullptr);
      if (LZ4F_isError(status_)) return fail(LZ4F_getErrorName(status_));
      at_ += in_len;
      dst += out_len;
      n -= out_len;
      if (in_len == 0 && out_len == 0) return fail("cut short");
    }
    return true;
  }
  // Reads the frame's end: its content checksum is checked there.
  bool finish() {
    while (ctx_ && status_ != 0) {
      if (at_ >= in_.size()) return fail("cut short");
      char spare[64];
      std::size_t out_len = sizeof spare, in_len = in_.size() - at_;
      status_ = LZ4F_decompress(ctx_, spare, &out_len, in_.data() + at_, &in_len, nullptr);
      if (LZ4F_isError(status_)) return fail(LZ4F_getErrorName(status_));
      if (out_len > 0) return fail("longer than its header says");
      at_ += in_len;
    }
    return ctx_ != nullptr;
  }
  const std::string& why() const { return why_; }

 private:
  bool fail(const char* what) {
    why_ = what;
    return false;
  }
  const std::string& in_;
  std::size_t at_;
  LZ4F_dctx* ctx_ = nullptr;
  std::size_t status_ = 1;
  std::string why_;
};

}  // namespace

bool BoardArt::read_cache(std::string& why) {
  std::string data, error;
  if (!platform::read_file(cache_file_, data, error)) {
    why = "made";  // none yet: made when the board is composed
    return false;
  }
  CacheHeader head{};
  if (data.size() < sizeof head) {
    why = "damaged (too short): rebuilt";
    return false;
  }
  std::memcpy(&head, data.data(), sizeof head);
  if (std::memcmp(head.magic, kMagic, 6) == 0 && std::memcmp(head.magic, kMagic, sizeof kMagic) != 0) {
    why = "stale (made by another version of the game): rebuilt";
    return false;
  }
  if (std::memcmp(head.magic, kMagic, sizeof kMagic) != 0) {
    why = "damaged (not a board art cache): rebuilt";
    return false;
  }
  if (head.fingerprint != fingerprint_ || head.width != width_ || head.height != height_ ||
      head.icon_width != icon_page_.w || head.icon_height != icon_page_.h) {
    why = "stale (the art changed): rebuilt";
    return false;
  }
  const Sections size = sections(width_, height_, icon_page_.w, icon_page_.h);
  if (head.payload != size.total()) {
    why = "damaged (wrong size): rebuilt";
    return false;
  }
  // Straight into where each part lives.
  FrameReader frame(data, sizeof head);
  ids_.resize(size.board);
  cached_key_.resize(size.board);
  cached_shade_.w = width_;
  cached_shade_.h = height_;
  cached_shade_.argb.resize(size.board);
  icon_page_.argb.resize(size.icons);
  cached_half_keys_.resize(size.half);
  const bool whole = frame.take(ids_.data(), size.board) && frame.take(cached_key_.data(), size.board) &&
                     frame.take(cached_shade_.argb.data(), size.board * 4) &&
                     frame.take(icon_page_.argb.data(), size.icons * 4) &&
                     frame.take(cached_half_keys_.data(), size.half) && frame.take(bounds_, sizeof bounds_) &&
                     frame.take(label_points_, sizeof label_points_) && frame.finish();
  if (!whole) {
    why = "damaged (" + frame.why() + "): rebuilt";
    ids_.clear();
    cached_key_.clear();
    cached_shade_ = platform::Pixels();
    cached_half_keys_.clear();
    return false;
  }
  cached_features_.map_options = head.map_options;
  cached_features_.railroad = head.railroad != 0;
  cached_features_.canal = head.canal != 0;
  cached_board_ = true;
  cached_layout_ = true;
  cache_note_ = "used";
  return true;
}

void BoardArt::write_cache() {
  const Sections size = sections(width_, height_, icon_page_.w, icon_page_.h);
  if (ids_.size() != size.board || key_.size() != size.board || shade_.argb.size() != size.board ||
      half_keys_.size() != size.half || icon_page_.argb.size() != size.icons)
    return;
  std::string payload;
  payload.reserve(size.total());
  auto put = [&](const void* p, std::size_t n) { payload.append(static_cast<const char*>(p), n); };
  put(ids_.data(), size.board);
  put(key_.data(), size.board);
  put(shade_.argb.data(), size.board * 4);
  put(icon_page_.argb.data(), size.icons * 4);
  put(half_keys_.data(), size.half);
  put(bounds_, sizeof bounds_);
  put(label_points_, sizeof label_points_);

  LZ4F_preferences_t prefs{};
  prefs.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
  prefs.frameInfo.contentSize = payload.size();
  CacheHeader head{};
  std::memcpy(head.magic, kMagic, sizeof kMagic);
  head.fingerprint = fingerprint_;
  head.width = width_;
  head.height = height_;
  head.icon_width = icon_page_.w;
  head.icon_height = icon_page_.h;
  head.map_options = features_.map_options;
  head.railroad = features_.railroad ? 1 : 0;
  head.canal = features_.canal ? 1 : 0;
  head.payload = payload.size();
  std::string file(sizeof head + LZ4F_compressFrameBound(payload.size(), &prefs), '\0');
  std::memcpy(file.data(), &head, sizeof head);
  const std::size_t n =
      LZ4F_compressFrame(file.data() + sizeof head, file.size() - sizeof head, payload.data(), payload.size(), &prefs);
  if (LZ4F_isError(n)) {
    cache_note_ = std::string("not written (") + LZ4F_getErrorName(n) + ")";
    return;
  }
  file.resize(sizeof head + n);
  // Written under a name of this process's own, then renamed into place:
  // two games starting at once never mix their writes.
  const std::string mine = cache_file_ + "." + std::to_string(::getpid());
  std::string error;
  if (!platform::save_file_atomic(mine, file, error) || std::rename(mine.c_str(), cache_file_.c_str()) != 0) {
    if (error.empty()) error = "cannot rename " + mine + ": " + std::strerror(errno);
    std::remove(mine.c_str());
    cache_note_ = "not written (" + error + ")";
    return;
  }
  if (cache_note_.empty() || cache_note_ == "used") cache_note_ = "made";
}

}  // namespace colonial
