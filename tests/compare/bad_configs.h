// Bad compare configs, each written to a file and loaded: every one refused with one ConfigError
// that begins `FILE:LINE:COL: ` and says what is wrong.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "harness/compare/compare_config.h"
#include "harness/config/config_error.h"

namespace gts::testing {

struct BadConfig {
  std::string text;
  const char* where;    // "LINE:COL"
  const char* message;  // a part of the message
};

// Loads each case from `path` (overwritten each time) and checks its error.
inline void expect_located(const std::vector<BadConfig>& cases, const std::string& path) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    std::ofstream(path, std::ios::trunc) << c.text;
    try {
      (void)load_compare_config(path);
      ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
      EXPECT_EQ(std::string(e.what()).rfind(path + ":" + c.where + ": ", 0), 0u) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
    }
  }
}

}  // namespace gts::testing
