// `harness run|compare|solve|tune CONFIG --check`: the run's verdict (the config as the command
// would load it, and the run folder it would use), with nothing run or written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/process.h"
#include "tests/run_folder_configs.h"
#include "tests/test_files.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::run_harness;
using testing::write_config;

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

// Each folder a run refuses before its first job, --check refuses with the same line and exit 2,
// for each kind of run; neither makes a folder.
TEST(ConfigCheck, CheckAndRunRefuseTheSameFolders) {
  const std::string dir = testing::make_temp_dir();
  const std::vector<std::pair<std::string, std::string>> kinds = {
      {"run", write_config(dir, "t.yaml", testing::kSmallTournament)},
      {"compare", write_config(dir, "c.yaml", testing::kSmallCompare)},
      {"solve", write_config(dir, "s.yaml", testing::kSmallSolve)},
      {"tune", write_config(dir, "n.yaml", testing::kSmallTune)}};
  // A finished tournament and a finished compare.
  ASSERT_EQ(run_harness({"run", dir + "/t.yaml", "--out", dir + "/t", "--quiet"}).exit_code, 0);
  ASSERT_EQ(run_harness({"compare", dir + "/c.yaml", "--out", dir + "/c", "--quiet"}).exit_code,
            0);
  const std::string other = write_config(dir, "t2.yaml", std::string(testing::kSmallTournament) +
                                                             "tournament: {pairs: 2}\n");
  int cases = 0;
  for (const auto& [command, config] : kinds) {
    const std::string foreign = command == "run" ? dir + "/c" : dir + "/t";
    const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
        {{"--out", "/dev/null"}, "error: --out: '/dev/null' is not a folder\n"},
        {{"--out", "/dev/null/x"}, "error: --out: '/dev/null' is not a folder\n"},
        {{"--out", dir + "/none", "--resume"},
         "error: --resume: " + dir + "/none holds no run (no run.yaml)\n"},
        {{"--out", foreign}, "error: --out: " + foreign + " already holds a run of `harness " +
                                 (command == "run" ? "compare" : "run") +
                                 "`; choose another folder\n"},
        {{"--out", foreign, "--resume"}, "error: --resume: " + foreign + " holds a `harness " +
                                             (command == "run" ? "compare" : "run") +
                                             "` run, not a `harness " + command + "` one"}};
    for (const auto& [flags, line] : refused) {
      std::vector<std::string> check = {command, config, "--check", "--quiet"};
      std::vector<std::string> run = {command, config, "--quiet"};
      check.insert(check.end(), flags.begin(), flags.end());
      run.insert(run.end(), flags.begin(), flags.end());
      const auto c = run_harness(check);
      const auto r = run_harness(run);
      EXPECT_EQ(c.exit_code, 2) << command << " " << line << c.err;
      EXPECT_EQ(r.exit_code, 2) << command << " " << line << r.err;
      EXPECT_EQ(c.err.substr(0, line.size()), line) << command;
      EXPECT_EQ(c.err, r.err) << command;
      EXPECT_EQ(c.out, "");
      ++cases;
    }
  }
  // A resume with another config: refused by both, naming the config.
  const auto c = run_harness({"run", other, "--check", "--out", dir + "/t", "--resume"});
  const auto r = run_harness({"run", other, "--out", dir + "/t", "--resume"});
  EXPECT_EQ(c.exit_code, 2) << c.err;
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(c.err.find("error: " + other + ": --resume: this config differs from the one " + dir +
                       "/t was started with"),
            std::string::npos)
      << c.err;
  EXPECT_EQ(c.err, r.err);
  EXPECT_EQ(cases, 20);
  EXPECT_FALSE(fs::exists(dir + "/none"));
}

}  // namespace
}  // namespace gts
