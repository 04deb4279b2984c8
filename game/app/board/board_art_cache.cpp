// The board art's cache file: what BoardArt decodes, composes and resamples
// and what does not change between runs, in sections, each one LZ4 frame,
// after a header naming what it was made from and a table of the sections
// with a checksum of each (over the compressed bytes: LZ4's own checksum of
// the content cost a tenth of the start-up):
//   layout  the id map (as runs), the icon page, the provinces' bounds and
//           label points, the unit points, the quarter-size key plane, the
//           overlay's rectangles
//   full    the full board (key plane and shade) for the header's features
//   level   one level (board_levels.h) for the header's features and base
//           colours: the halves and quarters, and the sizes screens asked for
// Only the sections needed are read (pread at their offsets): a start reads
// the layout and the level of its screen.
#include <fcntl.h>
#include <lz4frame.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "board_art.h"
#include "files.h"

namespace colonial {
namespace {

constexpr char kMagic[8] = {'C', 'O', 'L', 'A', 'R', 'T', '0', '5'};
// Levels at the screens' own sizes kept besides the halvings: a laptop and
// its window, a kiosk, the benchmark.
constexpr int kScreenLevels = 4;

// Fixed-size header, in the machine's byte order: a cache is this
// machine's own.
struct CacheHeader {
  char magic[8];
  std::uint64_t fingerprint;
  std::int32_t width, height;
  std::int32_t icon_width, icon_height;
  std::uint32_t map_options;
  std::uint8_t railroad, canal, pad[2];
  std::uint64_t base_digest;
  std::uint32_t sections, pad2;
};

enum class Kind : std::uint32_t { Layout = 1, Full = 2, Level = 3 };

struct SectionEntry {
  Kind kind;
  float scale;        // a level's
  std::uint64_t raw;  // bytes once decompressed
  std::uint64_t offset, packed;
  std::uint64_t check;  // of the packed bytes
};

// A damaged section is found before it is decompressed.
std::uint64_t checksum(const std::string& bytes) { return art_hash(bytes); }

bool is_power_of_two_scale(float s) { return s == 1.0f || s == 0.5f || s == 0.25f; }

// The cache file opened for reading its sections.
class CacheFile {
 public:
  explicit CacheFile(const std::string& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~CacheFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  CacheFile(const CacheFile&) = delete;
  CacheFile& operator=(const CacheFile&) = delete;

  // The header and the table; false with `why` when there is none to trust.
  bool open(std::string& why) {
    if (fd_ < 0) {
      why = "made";  // none yet: made when the board is composed
      return false;
    }
    if (!read_at(0, &head, sizeof head)) {
      why = "damaged (too short): rebuilt";
      return false;
    }
    if (std::memcmp(head.magic, kMagic, 6) == 0 && std::memcmp(head.magic, kMagic, sizeof kMagic) != 0) {
      why = "stale (made by another version of the game): rebuilt";
      return false;
    }
    if (std::memcmp(head.magic, kMagic, sizeof kMagic) != 0 || head.sections > 64) {
      why = "damaged (not a board art cache): rebuilt";
      return false;
    }
    table.resize(head.sections);
    struct stat st {};
    const bool read = read_at(sizeof head, table.data(), table.size() * sizeof(SectionEntry)) && ::fstat(fd_, &st) == 0;
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (!read || std::any_of(table.begin(), table.end(),
                             [&](const SectionEntry& e) { return e.offset > size || e.packed > size - e.offset; })) {
      why = "damaged (cut short): rebuilt";
      return false;
    }
    return true;
  }
  const SectionEntry* find(Kind kind, float scale = 0) const {
    for (const SectionEntry& e : table)
      if (e.kind == kind && (kind != Kind::Level || e.scale == scale)) return &e;
    return nullptr;
  }
  // A section's compressed bytes, whole (their checksum checked).
  bool packed(const SectionEntry& e, std::string& out) const {
    if (e.packed > (std::uint64_t{1} << 30)) return false;
    out.resize(static_cast<std::size_t>(e.packed));
    return read_at(e.offset, out.data(), out.size()) && checksum(out) == e.check;
  }

  CacheHeader head{};
  std::vector<SectionEntry> table;

 private:
  bool read_at(std::uint64_t at, void* out, std::size_t n) const {
    auto* dst = static_cast<char*>(out);
    while (n > 0) {
      const ssize_t got = ::pread(fd_, dst, n, static_cast<off_t>(at));
      if (got <= 0) return false;
      dst += got;
      at += static_cast<std::uint64_t>(got);
      n -= static_cast<std::size_t>(got);
    }
    return true;
  }
  int fd_ = -1;
};

// Reads an LZ4 frame into successive buffers.
class FrameReader {
 public:
  explicit FrameReader(const std::string& in) : in_(in) {
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
  template <typename T>
  bool take(T& value) {
    return take(&value, sizeof value);
  }
  // Pixels of a size read first (bounded: a damaged size must not allocate gigabytes).
  bool take(platform::Pixels& p) {
    if (!take(p.w) || !take(p.h) || p.w < 0 || p.h < 0 || p.w > 8192 || p.h > 8192) return fail("bad size");
    p.argb.resize(static_cast<std::size_t>(p.w) * static_cast<std::size_t>(p.h));
    return take(p.argb.data(), p.argb.size() * 4);
  }
  // Reads the frame's end (nothing may follow).
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
  std::size_t at_ = 0;
  LZ4F_dctx* ctx_ = nullptr;
  std::size_t status_ = 1;
  std::string why_;
};

// A section's bytes as one LZ4 frame; empty on failure.
std::string packed(const std::string& bytes) {
  LZ4F_preferences_t prefs{};
  prefs.frameInfo.contentSize = bytes.size();
  std::string out(LZ4F_compressFrameBound(bytes.size(), &prefs), '\0');
  const std::size_t n = LZ4F_compressFrame(out.data(), out.size(), bytes.data(), bytes.size(), &prefs);
  if (LZ4F_isError(n)) return {};
  out.resize(n);
  return out;
}

// Builds a section's payload.
class Payload {
 public:
  void put(const void* p, std::size_t n) { bytes_.append(static_cast<const char*>(p), n); }
  template <typename T>
  void put(const T& value) {
    put(&value, sizeof value);
  }
  void put(const platform::Pixels& p) {
    put(p.w);
    put(p.h);
    put(p.argb.data(), p.argb.size() * 4);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

void put_level(Payload& out, const BoardLevel& level) {
  out.put(level.base);
  out.put(static_cast<std::uint32_t>(level.colonies.size()));
  for (const ColonySprite& c : level.colonies) {
    out.put(c.province);
    out.put(c.x);
    out.put(c.y);
    out.put(c.pixels);
  }
}

bool take_level(FrameReader& in, BoardLevel& level) {
  std::uint32_t count = 0;
  if (!in.take(level.base) || !in.take(count) || count > kMaxProvinces) return false;
  level.colonies.resize(count);
  for (ColonySprite& c : level.colonies)
    if (!in.take(c.province) || !in.take(c.x) || !in.take(c.y) || !in.take(c.pixels)) return false;
  return in.finish();
}

}  // namespace

bool BoardArt::read_cache_layout(std::string& why) {
  CacheFile file(cache_file_);
  if (!file.open(why)) return false;
  const CacheHeader& head = file.head;
  if (head.fingerprint != fingerprint_ || head.width != width_ || head.height != height_ ||
      head.icon_width != icon_page_.w || head.icon_height != icon_page_.h) {
    why = "stale (the art changed): rebuilt";
    return false;
  }
  std::string packed;
  const SectionEntry* e = file.find(Kind::Layout);
  if (!e || !file.packed(*e, packed)) {
    why = "damaged (cut short, or a checksum differs): rebuilt";
    return false;
  }
  FrameReader in(packed);
  const auto quarter = static_cast<std::size_t>((width_ + 3) / 4) * static_cast<std::size_t>((height_ + 3) / 4);
  icon_page_.argb.resize(static_cast<std::size_t>(icon_page_.w) * static_cast<std::size_t>(icon_page_.h));
  quarter_keys_.resize(quarter);
  run_rows_.resize(static_cast<std::size_t>(height_) + 1);
  std::uint32_t rects = 0;
  bool whole = in.take(run_rows_.data(), run_rows_.size() * 4) && run_rows_.back() < (1u << 24) &&
               std::is_sorted(run_rows_.begin(), run_rows_.end());
  if (whole) {
    run_starts_.resize(run_rows_.back());
    run_ids_.resize(run_rows_.back());
    whole = in.take(run_starts_.data(), run_starts_.size() * 2) && in.take(run_ids_.data(), run_ids_.size()) &&
            in.take(icon_page_.argb.data(), icon_page_.argb.size() * 4) && in.take(bounds_, sizeof bounds_) &&
            in.take(label_points_, sizeof label_points_) && in.take(unit_points_, sizeof unit_points_) &&
            in.take(quarter_keys_.data(), quarter) && in.take(key_rects_.w) && in.take(key_rects_.h) &&
            in.take(key_rects_.first) && in.take(rects) && rects == key_rects_.first[256] && rects < (1u << 22);
  }
  if (whole) {
    key_rects_.rects.resize(rects);
    whole = in.take(key_rects_.rects.data(), rects * sizeof(KeyRects::Rect)) && in.finish() && runs_whole();
  }
  if (!whole) {
    why = "damaged (" + (in.why().empty() ? std::string("inconsistent") : in.why()) + "): rebuilt";
    run_rows_.clear();
    run_starts_.clear();
    run_ids_.clear();
    quarter_keys_.clear();
    key_rects_ = KeyRects();
    return false;
  }
  cached_layout_ = true;
  cache_note_ = "used";
  return true;
}

namespace {

// The header's board: made for these features (and, for the levels, these
// base colours)?
bool made_for(const CacheHeader& head, const ArtFeatures& f) {
  return head.map_options == f.map_options && (head.railroad != 0) == f.railroad && (head.canal != 0) == f.canal;
}

}  // namespace

bool BoardArt::read_cache_full() {
  if (cache_file_.empty() || !cached_layout_) return false;
  CacheFile file(cache_file_);
  std::string why, packed;
  if (!file.open(why) || file.head.fingerprint != fingerprint_ || !made_for(file.head, features_)) return false;
  const SectionEntry* e = file.find(Kind::Full);
  if (!e) return false;
  FullBoard full;
  full.w = width_;
  full.h = height_;
  full.key.resize(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_));
  full.shade.resize(full.key.size());
  bool whole = file.packed(*e, packed);
  if (whole) {
    FrameReader in(packed);
    whole =
        in.take(full.key.data(), full.key.size()) && in.take(full.shade.data(), full.shade.size() * 4) && in.finish();
  }
  if (!whole) {
    cache_note_ = "damaged (the full board's section): rebuilt";
    return false;
  }
  full_ = std::move(full);
  cache_written_ = true;  // it can be read again
  return true;
}

bool BoardArt::read_cache_level(float scale, BoardLevel& out) {
  if (cache_file_.empty()) return false;
  CacheFile file(cache_file_);
  std::string why, packed;
  if (!file.open(why) || file.head.fingerprint != fingerprint_ || !made_for(file.head, features_) ||
      file.head.base_digest != base_digest_)
    return false;
  const SectionEntry* e = file.find(Kind::Level, scale);
  if (!e) return false;
  out = BoardLevel();
  out.scale = scale;
  if (file.packed(*e, packed)) {
    FrameReader in(packed);
    if (take_level(in, out) && out.base.w == level_side(width_, scale) && out.base.h == level_side(height_, scale))
      return true;
  }
  cache_note_ = "damaged (a level's section): rebuilt";
  out = BoardLevel();
  out.scale = scale;
  return false;
}

namespace {

using Section = std::pair<SectionEntry, std::string>;  // its entry, its packed bytes

// The sections of the file there still good for this art (fingerprint),
// board (features) and colours: its layout, its full board, its levels but
// `replaced` (of the latest screens' sizes only); none when it is not.
std::vector<Section> kept_sections(const std::string& path, std::uint64_t fingerprint, const ArtFeatures& features,
                                   std::uint64_t digest, float replaced) {
  std::vector<Section> kept;
  CacheFile old(path);
  std::string why;
  if (!old.open(why) || old.head.fingerprint != fingerprint || !made_for(old.head, features)) return kept;
  int screens = 0;
  for (auto it = old.table.rbegin(); it != old.table.rend(); ++it) {
    const SectionEntry& e = *it;
    if (e.kind == Kind::Level && (old.head.base_digest != digest || e.scale == replaced)) continue;
    if (e.kind == Kind::Level && !is_power_of_two_scale(e.scale) && ++screens >= kScreenLevels) continue;
    std::string packed;
    if (old.packed(e, packed)) kept.insert(kept.begin(), {e, std::move(packed)});
  }
  return kept;
}

bool has(const std::vector<Section>& sections, Kind kind) {
  return std::any_of(sections.begin(), sections.end(), [&](const Section& s) { return s.first.kind == kind; });
}

// The whole file: the header, the table, the sections; empty when one of
// them could not be compressed.
std::string file_bytes(CacheHeader head, std::vector<Section>& sections) {
  head.sections = static_cast<std::uint32_t>(sections.size());
  std::string file(sizeof head + sections.size() * sizeof(SectionEntry), '\0');
  std::memcpy(file.data(), &head, sizeof head);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    auto& [entry, packed] = sections[i];
    if (packed.empty()) return {};
    entry.offset = file.size();
    entry.packed = packed.size();
    entry.check = checksum(packed);
    std::memcpy(file.data() + sizeof head + i * sizeof(SectionEntry), &entry, sizeof entry);
    file += packed;
  }
  return file;
}

}  // namespace

std::string BoardArt::layout_bytes() const {
  Payload layout;
  layout.put(run_rows_.data(), run_rows_.size() * 4);
  layout.put(run_starts_.data(), run_starts_.size() * 2);
  layout.put(run_ids_.data(), run_ids_.size());
  layout.put(icon_page_.argb.data(), icon_page_.argb.size() * 4);
  layout.put(bounds_, sizeof bounds_);
  layout.put(label_points_, sizeof label_points_);
  layout.put(unit_points_, sizeof unit_points_);
  layout.put(quarter_keys_.data(), quarter_keys_.size());
  layout.put(key_rects_.w);
  layout.put(key_rects_.h);
  layout.put(key_rects_.first);
  layout.put(static_cast<std::uint32_t>(key_rects_.rects.size()));
  layout.put(key_rects_.rects.data(), key_rects_.rects.size() * sizeof(KeyRects::Rect));
  return layout.bytes();
}

void BoardArt::write_cache(const BoardLevel* added) {
  if (cache_file_.empty() || run_rows_.empty() || key_rects_.rects.empty()) return;
  // What the file there holds for this board is kept as it is (compressing
  // the full board again would cost more than reading it): only what is
  // new is compressed.
  std::vector<Section> sections =
      kept_sections(cache_file_, fingerprint_, features_, base_digest_, added ? added->scale : -1.0f);
  auto section = [](Kind kind, float scale, const std::string& bytes) {
    return Section{{kind, scale, bytes.size(), 0, 0, 0}, packed(bytes)};
  };
  if (!has(sections, Kind::Layout)) sections.insert(sections.begin(), section(Kind::Layout, 0, layout_bytes()));
  if (!has(sections, Kind::Full)) {
    if (full_.empty()) return;
    Payload full;
    full.put(full_.key.data(), full_.key.size());
    full.put(full_.shade.data(), full_.shade.size() * 4);
    sections.insert(sections.begin() + 1, section(Kind::Full, 0, full.bytes()));
  }
  if (added) {
    Payload level;
    put_level(level, *added);
    sections.push_back(section(Kind::Level, added->scale, level.bytes()));
  }
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
  head.base_digest = base_digest_;
  save_cache(file_bytes(head, sections));
}

void BoardArt::save_cache(const std::string& file) {
  if (file.empty()) {
    cache_note_ = "not written (the compression failed)";
    return;
  }
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
  cache_written_ = true;
  if (cache_note_.empty()) cache_note_ = "made";
}

}  // namespace colonial
