// Text: printf into a std::string, a list joined by a separator, numbers written and read whole.
#pragma once

#include <charconv>
#include <cstdarg>
#include <cstdio>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>

namespace gts {

// strf("%.1f%%", pct). A C variadic function rather than a template, so that the compiler checks
// every format against its arguments (-Wformat).
__attribute__((format(printf, 1, 2))) inline std::string strf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  std::string out(n > 0 ? static_cast<std::size_t>(n) : 0, '\0');
  std::vsnprintf(out.data(), out.size() + 1, format, again);
  va_end(again);
  return out;
}

// "a, b, c" (with sep ", "): the items (strings or string views), `sep` between them.
template <std::ranges::input_range Items>
std::string join_strings(Items&& items, std::string_view sep) {
  std::string out;
  bool first = true;
  for (const auto& item : items) {
    out.append(first ? "" : sep).append(item);
    first = false;
  }
  return out;
}

// Shortest decimal text that reads back as exactly `value` ("0.1", "3", "-2.5e-07").
inline std::string format_number(double value) {
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, ec == std::errc() ? ptr : buf);
}

// The whole text as a T (an integer or a floating-point type), or nullopt (empty, a sign other
// than '-', spaces or anything after the number).
template <class T>
std::optional<T> parse_whole(std::string_view text) {
  T v{};
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace gts
