#include "wire.h"

#include <algorithm>

namespace colonial::daide {
namespace {

std::uint16_t read_u16(const std::uint8_t* p) { return static_cast<std::uint16_t>((p[0] << 8) | p[1]); }

void put_u16(Bytes& out, std::uint16_t v) {
  out.push_back(static_cast<std::uint8_t>(v >> 8));
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
}

}  // namespace

void FrameReader::feed(const std::uint8_t* bytes, std::size_t count) {
  // Drop what was read before growing the buffer again.
  if (start_ > 0 && start_ * 2 > buffer_.size()) {
    buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(start_));
    start_ = 0;
  }
  buffer_.insert(buffer_.end(), bytes, bytes + count);
}

bool FrameReader::next(Frame& out) {
  if (buffered() < kHeaderBytes) return false;
  const std::uint8_t* head = buffer_.data() + start_;
  const std::size_t length = read_u16(head + 2);
  if (buffered() < kHeaderBytes + length) return false;
  out.type = head[0];
  out.data.assign(head + kHeaderBytes, head + kHeaderBytes + length);
  start_ += kHeaderBytes + length;
  if (start_ == buffer_.size()) {
    buffer_.clear();
    start_ = 0;
  }
  return true;
}

Bytes encode_frame(FrameType type, const std::uint8_t* data, std::size_t count) {
  Bytes out;
  out.reserve(kHeaderBytes + count);
  out.push_back(static_cast<std::uint8_t>(type));
  out.push_back(0);
  put_u16(out, static_cast<std::uint16_t>(std::min(count, kMaxFrameData)));
  out.insert(out.end(), data, data + std::min(count, kMaxFrameData));
  return out;
}

Bytes encode_initial(std::uint16_t version, std::uint16_t magic) {
  Bytes data;
  put_u16(data, version);
  put_u16(data, magic);
  return encode_frame(FrameType::Initial, data.data(), data.size());
}

Bytes encode_error(ProtocolError code) {
  Bytes data;
  put_u16(data, static_cast<std::uint16_t>(code));
  return encode_frame(FrameType::Error, data.data(), data.size());
}

Bytes encode_final() { return encode_frame(FrameType::Final, nullptr, 0); }

Bytes encode_message(const Tokens& tokens) {
  Bytes data;
  data.reserve(tokens.size() * 2);
  for (Token t : tokens) put_u16(data, t);
  return encode_frame(FrameType::Diplomacy, data.data(), data.size());
}

bool decode_tokens(const Bytes& data, Tokens& out) {
  out.clear();
  if (data.size() % 2 != 0) return false;
  out.reserve(data.size() / 2);
  for (std::size_t i = 0; i < data.size(); i += 2) out.push_back(read_u16(data.data() + i));
  return true;
}

ProtocolError check_initial(const Bytes& data) {
  if (data.size() < 4) return ProtocolError::TooShort;
  const std::uint16_t version = read_u16(data.data());
  const std::uint16_t magic = read_u16(data.data() + 2);
  // A client that forgot network byte order sends both fields swapped.
  if (magic == 0x10DA) return ProtocolError::WrongEndian;
  if (magic != kMagic) return ProtocolError::WrongMagic;
  if (version != kProtocolVersion) return ProtocolError::Version;
  return ProtocolError::None;
}

Builder& Builder::text(std::string_view s) {
  open();
  for (char c : s) add(make_token(kCategoryText, static_cast<std::uint8_t>(c)));
  return close();
}

Builder& Builder::number(int v) { return add(integer_token(std::clamp(v, kMinInteger, kMaxInteger))); }

bool balanced(const Tokens& t) {
  int depth = 0;
  for (Token x : t) {
    if (x == tok::BRA) ++depth;
    if (x == tok::KET && --depth < 0) return false;
  }
  return depth == 0;
}

bool Reader::take(Token t) {
  if (peek(t)) {
    ++pos_;
    return true;
  }
  fail();
  return false;
}

bool Reader::take_if(bool (*test)(Token), Token& out) {
  if (pos_ < t_.size() && test(t_[pos_])) {
    out = t_[pos_++];
    return true;
  }
  fail();
  return false;
}

bool Reader::text(std::string& out) {
  const std::size_t start = pos_;
  out.clear();
  if (!open()) return false;
  while (pos_ < t_.size() && is_text(t_[pos_])) out.push_back(static_cast<char>(low(t_[pos_++])));
  if (close()) return true;
  pos_ = start;
  return false;
}

bool Reader::number(int& out) {
  if (pos_ < t_.size() && is_integer(t_[pos_])) {
    out = integer_value(t_[pos_++]);
    return true;
  }
  fail();
  return false;
}

bool Reader::skip_group() {
  Tokens unused;
  return group(unused);
}

bool Reader::group(Tokens& out) {
  const std::size_t start = pos_;
  if (!open()) return false;
  int depth = 1;
  while (pos_ < t_.size() && depth > 0) {
    const Token x = t_[pos_++];
    if (x == tok::BRA) ++depth;
    if (x == tok::KET) --depth;
  }
  if (depth != 0) {
    pos_ = start;
    fail();
    return false;
  }
  out.assign(t_.begin() + static_cast<std::ptrdiff_t>(start + 1), t_.begin() + static_cast<std::ptrdiff_t>(pos_ - 1));
  return true;
}

bool Reader::at_end() {
  if (done()) return true;
  fail();
  return false;
}

Tokens huh(const Tokens& message, std::size_t at) {
  Builder b;
  b.add(tok::HUH).open();
  for (std::size_t i = 0; i <= message.size(); ++i) {
    if (i == at) b.add(tok::ERR);
    if (i < message.size()) b.add(message[i]);
  }
  return b.close().tokens;
}

}  // namespace colonial::daide
