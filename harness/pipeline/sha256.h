// SHA-256 (FIPS 180-4), streaming: the content hash of a run folder's manifest. Small and
// dependency-free; tested against the standard's vectors in tests/sha256_test.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gts {

class Sha256 {
 public:
  Sha256();
  // Adds bytes to the message; may be called any number of times.
  void update(std::string_view bytes);
  // The digest of the bytes so far as 64 lowercase hex digits; the object is left as it was, so
  // that more bytes may follow (the hash of each prefix of a growing file).
  [[nodiscard]] std::string hex() const;

 private:
  void block(const unsigned char* p);
  std::array<std::uint32_t, 8> state_;
  std::array<unsigned char, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t length_ = 0;  // bytes added
};

// The hex digest of `bytes`.
std::string sha256_hex(std::string_view bytes);

}  // namespace gts
