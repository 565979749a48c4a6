// A byte encoding for what crosses between MPI ranks: jobs, results and the messages around them.
// Integers little-endian, doubles as their 64 bits (a timing travels exactly), strings with their
// length. The Reader checks every length, so a damaged message is an error, never a crash.
//
// A message names its fields once, for both directions: `w(a, b, c)` on a Writer puts them and
// `r(a, b, c)` on a Reader takes them back in the same order (a template over the two, as in
// `template <class IO, class Row> void fields(IO& io, Row& row)`), so an encoder and its decoder
// cannot drift apart. Fields: integers, enums (wire::upto bounds them), bool, double, strings,
// vectors, arrays and optionals of fields, and any type with put/get overloads in this namespace.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace gts::wire {

class Writer {
 public:
  Writer& u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
    return *this;
  }
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
  template <class... T>
  Writer& operator()(const T&... fields);
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
  template <class... T>
  Reader& operator()(T&&... fields);  // lvalues, or wire::upto's bounds
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

// An enum field whose value may be no greater than `max`: a Reader throws for one that is.
template <class E>
struct Upto {
  E& value;
  std::remove_const_t<E> max;
};
template <class E>
Upto<E> upto(E& value, std::remove_const_t<E> max) {
  return {value, max};
}

inline void put(Writer& w, bool v) { w.u64(v ? 1 : 0); }
inline void get(Reader& r, bool& v) {
  const std::uint64_t x = r.u64();
  if (x > 1) throw std::runtime_error("malformed message: a flag of " + std::to_string(x));
  v = x == 1;
}
template <std::integral I>
void put(Writer& w, I v) {
  w.u64(static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
}
template <std::integral I>
void get(Reader& r, I& v) {
  v = static_cast<I>(static_cast<std::int64_t>(r.u64()));
}
inline void put(Writer& w, double v) { w.f64(v); }
inline void get(Reader& r, double& v) { v = r.f64(); }
inline void put(Writer& w, const std::string& v) { w.str(v); }
inline void get(Reader& r, std::string& v) { v = r.str(); }
template <class E>
void put(Writer& w, const Upto<E>& v) {
  w.u64(static_cast<std::uint64_t>(v.value));
}
template <class E>
void get(Reader& r, const Upto<E>& v) {
  const std::uint64_t x = r.u64();
  if (x > static_cast<std::uint64_t>(v.max)) {
    throw std::runtime_error("malformed message: an enum value of " + std::to_string(x));
  }
  v.value = static_cast<E>(x);
}
template <class T>
void put(Writer& w, const std::optional<T>& v) {
  w(v.has_value(), v.value_or(T{}));
}
template <class T>
void get(Reader& r, std::optional<T>& v) {
  bool has = false;
  T x{};
  r(has, x);
  v = has ? std::optional<T>(std::move(x)) : std::nullopt;
}
template <class T, std::size_t N>
void put(Writer& w, const std::array<T, N>& v) {
  for (const T& x : v) w(x);
}
template <class T, std::size_t N>
void get(Reader& r, std::array<T, N>& v) {
  for (T& x : v) r(x);
}
template <class T>
void put(Writer& w, const std::vector<T>& v) {
  w.u64(v.size());
  for (const T& x : v) w(x);
}
template <class T>
void get(Reader& r, std::vector<T>& v) {
  const std::uint64_t n = r.u64();
  v.clear();
  for (std::uint64_t i = 0; i < n; ++i) r(v.emplace_back());  // a short message throws in time
}

template <class... T>
Writer& Writer::operator()(const T&... fields) {
  (put(*this, fields), ...);
  return *this;
}
template <class... T>
Reader& Reader::operator()(T&&... fields) {
  (get(*this, std::forward<T>(fields)), ...);
  return *this;
}

}  // namespace gts::wire
