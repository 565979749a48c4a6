// A byte encoding for what crosses between MPI ranks: jobs, results and the messages around them.
// Integers little-endian, doubles as their 64 bits (a timing travels exactly), strings with their
// length. The Reader checks every length, so a damaged message is an error, never a crash.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gts::wire {

class Writer {
 public:
  Writer& u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
    return *this;
  }
  Writer& i64(std::int64_t v) { return u64(static_cast<std::uint64_t>(v)); }
  Writer& f64(double v) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    return u64(bits);
  }
  Writer& str(std::string_view s) {
    u64(s.size());
    bytes_.append(s.data(), s.size());
    return *this;
  }
  Writer& strs(const std::vector<std::string>& v) {
    u64(v.size());
    for (const auto& s : v) str(s);
    return *this;
  }
  [[nodiscard]] const std::string& bytes() const { return bytes_; }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  std::uint64_t u64() {
    need(8);
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) {
      v |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes_[pos_ + i])) << (8 * i);
    }
    pos_ += 8;
    return v;
  }
  std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
  int i32() { return static_cast<int>(i64()); }
  double f64() {
    const std::uint64_t bits = u64();
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
  std::string str() {
    const std::uint64_t n = u64();
    need(n);
    std::string s(bytes_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  std::vector<std::string> strs() {
    const std::uint64_t n = u64();
    need(n * 8);  // each string takes at least its length
    std::vector<std::string> v;
    v.reserve(n);
    for (std::uint64_t i = 0; i < n; ++i) v.push_back(str());
    return v;
  }
  // Throws unless every byte was read: a message of another shape is not taken for this one.
  void expect_end() const {
    if (pos_ != bytes_.size()) throw std::runtime_error("malformed message: trailing bytes");
  }

 private:
  void need(std::uint64_t n) const {
    if (n > bytes_.size() - pos_) throw std::runtime_error("malformed message: truncated");
  }
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

}  // namespace gts::wire
