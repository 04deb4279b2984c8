// DAIDE on the wire: the five message structures of the Client-Server
// Protocol (initial IM, representation RM, diplomacy DM, final FM, error
// EM), each a 4-octet header (type, pad, remaining length, big-endian)
// and its data; and the language messages a DM carries, as token lists
// built and read here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tokens.h"

namespace colonial::daide {

using Bytes = std::vector<std::uint8_t>;

enum class FrameType : std::uint8_t { Initial = 0, Representation = 1, Diplomacy = 2, Final = 3, Error = 4 };

// The error codes of an EM.
enum class ProtocolError : std::uint16_t {
  None = 0,
  InitialTimer = 0x01,
  InitialNotFirst = 0x02,
  WrongEndian = 0x03,
  WrongMagic = 0x04,
  Version = 0x05,
  SecondInitial = 0x06,
  InitialFromServer = 0x07,
  UnknownMessage = 0x08,
  TooShort = 0x09,
  DiplomacyBeforeRepresentation = 0x0A,
  RepresentationNotFirst = 0x0B,
  UnexpectedRepresentation = 0x0C,
  RepresentationFromClient = 0x0D,
  InvalidToken = 0x0E,
};

inline constexpr std::uint16_t kProtocolVersion = 1;
inline constexpr std::uint16_t kMagic = 0xDA10;
inline constexpr std::size_t kHeaderBytes = 4;
inline constexpr std::size_t kMaxFrameData = 0xFFFF;

struct Frame {
  std::uint8_t type = 0;  // FrameType, or an unknown value as received
  Bytes data;
};

// Cuts a byte stream into frames. Any bytes can be fed: a frame whose
// length runs past what has arrived waits for the rest.
class FrameReader {
 public:
  void feed(const std::uint8_t* bytes, std::size_t count);
  // The next whole frame, if one has arrived.
  bool next(Frame& out);
  std::size_t buffered() const { return buffer_.size() - start_; }

 private:
  Bytes buffer_;
  std::size_t start_ = 0;
};

Bytes encode_frame(FrameType type, const std::uint8_t* data, std::size_t count);
Bytes encode_initial(std::uint16_t version = kProtocolVersion, std::uint16_t magic = kMagic);
Bytes encode_error(ProtocolError code);
Bytes encode_final();
Bytes encode_message(const Tokens& tokens);
// The tokens of a DM's data; false for an odd length.
bool decode_tokens(const Bytes& data, Tokens& out);
// The first problem of an IM's data (version and magic number).
ProtocolError check_initial(const Bytes& data);

// Builds a language message.
class Builder {
 public:
  Builder& add(Token t) {
    tokens.push_back(t);
    return *this;
  }
  Builder& open() { return add(tok::BRA); }
  Builder& close() { return add(tok::KET); }
  Builder& append(const Tokens& more) {
    tokens.insert(tokens.end(), more.begin(), more.end());
    return *this;
  }
  // ( tokens )
  Builder& group(const Tokens& inner) { return open().append(inner).close(); }
  // ( 'text' ): each byte a text token (UTF-8 as it comes)
  Builder& text(std::string_view s);
  // An integer token, clamped to the representable range.
  Builder& number(int v);
  Tokens tokens;
};

// True if every BRA has its KET and none closes before it opens.
bool balanced(const Tokens& t);

// Reads a language message left to right. Each failed expectation notes
// the position, so that the furthest one reached is where HUH puts ERR.
class Reader {
 public:
  explicit Reader(const Tokens& t) : t_(t) {}
  bool done() const { return pos_ >= t_.size(); }
  bool peek(Token t) const { return pos_ < t_.size() && t_[pos_] == t; }
  Token current() const { return pos_ < t_.size() ? t_[pos_] : Token{0}; }
  bool take(Token t);
  // A token of the category (power, province...): any of them.
  bool take_if(bool (*test)(Token), Token& out);
  bool open() { return take(tok::BRA); }
  bool close() { return take(tok::KET); }
  // ( text ) into out.
  bool text(std::string& out);
  // An integer token.
  bool number(int& out);
  // Skips one bracketed group; false if not at a BRA.
  bool skip_group();
  // The tokens of the bracketed group starting here (without its brackets),
  // consumed.
  bool group(Tokens& out);
  bool at_end();
  std::size_t position() const { return pos_; }
  void rewind(std::size_t pos) { pos_ = pos; }
  std::size_t furthest() const { return furthest_; }
  void fail() {
    if (pos_ > furthest_) furthest_ = pos_;
  }

 private:
  const Tokens& t_;
  std::size_t pos_ = 0;
  std::size_t furthest_ = 0;
};

// HUH ( message with ERR before token `at` ).
Tokens huh(const Tokens& message, std::size_t at);

}  // namespace colonial::daide
