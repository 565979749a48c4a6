// printf into a std::string: strf("%.1f%%", pct). A C variadic function rather than a template, so
// that the compiler checks every format against its arguments (-Wformat).
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>

namespace gts {

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

}  // namespace gts
