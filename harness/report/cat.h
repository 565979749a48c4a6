// String building by appending. GCC 12 warns, wrongly, on `"literal" + std::string{temporary}`
// (-Wrestrict); appending part by part avoids that overload altogether.
#pragma once

#include <string>

namespace gts::report {

template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  ((out += parts), ...);
  return out;
}

}  // namespace gts::report
