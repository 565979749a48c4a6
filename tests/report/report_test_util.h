// What the `harness report` tests share: skipping where gnuplot is missing, and counting
// occurrences in a written file.
#pragma once

#include <gtest/gtest.h>

#include <exception>
#include <string>

#include "harness/report/gnuplot.h"

namespace gts::testing {

inline bool have_gnuplot() {
  try {
    report::find_gnuplot();
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// How often `what` occurs in `text` (overlapping occurrences included).
inline std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

}  // namespace gts::testing

#define REQUIRE_GNUPLOT()              \
  if (!::gts::testing::have_gnuplot()) \
  GTEST_SKIP() << "gnuplot is not installed (apt-get install gnuplot-nox)"
