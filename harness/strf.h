// printf into a std::string: strf("%.1f%%", pct).
#pragma once

#include <cstdio>
#include <string>

namespace gts {

template <class... Args>
std::string strf(const char* format, Args... args) {
  const int n = std::snprintf(nullptr, 0, format, args...);
  std::string out(n > 0 ? static_cast<std::size_t>(n) : 0, '\0');
  std::snprintf(out.data(), out.size() + 1, format, args...);
  return out;
}

}  // namespace gts
