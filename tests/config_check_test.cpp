// `harness run|compare|solve|tune CONFIG --check`: the config is loaded and validated as the
// command would load it, and nothing is run or written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/process.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::run_harness;

// The command that runs a shipped config, by its file name's prefix.
std::string command_for(const std::string& stem) {
  for (const char* c : {"compare", "solve", "tune"}) {
    if (stem.rfind(std::string(c) + "-", 0) == 0) return c;
  }
  return "run";
}

TEST(ConfigCheck, EveryShippedConfigIsOkAndNothingIsWritten) {
  const std::string out = testing::make_temp_dir() + "/never-made";
  int checked = 0;
  for (const auto& entry : fs::directory_iterator("configs")) {
    if (entry.path().extension() != ".yaml") continue;
    const std::string path = entry.path().string();
    const std::string command = command_for(entry.path().stem().string());
    auto r = run_harness({command, path, "--check", "--out", out});
    EXPECT_EQ(r.exit_code, 0) << command << " " << path << ": " << r.err;
    EXPECT_EQ(r.out, path + ": ok\n");
    ++checked;
  }
  EXPECT_GE(checked, 10);
  EXPECT_FALSE(fs::exists(out)) << "--check made the run folder";
}

TEST(ConfigCheck, AMistakeIsNamedByLineAndExits2) {
  const std::string dir = testing::make_temp_dir();
  const std::string path = dir + "/no-game.yaml";
  std::ofstream(path) << "players:\n  - {name: r, algorithm: random, depth: 1}\n";
  auto r = run_harness({"run", path, "--check"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(path + ":1:1: missing required key 'game'"), std::string::npos) << r.err;

  // A tournament config is not a compare config: the compare loader names the first key it
  // does not know.
  r = run_harness({"compare", "configs/quickstart.yaml", "--check"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("configs/quickstart.yaml:"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace gts
