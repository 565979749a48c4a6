// Numbers on the command line: every numeric option says whether its value is no number or out of
// range (and which range), exit 2, and a seed is taken whole, never clamped.
#include <gtest/gtest.h>

#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::run_harness;

TEST(CliNumbers, BadValuesNameTheOptionAndTheRange) {
  const std::string dir = testing::make_temp_dir();
  const std::string config = testing::write_config(
      dir, "c.yaml",
      "game: tictactoe\nplayers:\n"
      "  - {name: a, algorithm: random, depth: 1}\n  - {name: b, algorithm: random, depth: 1}\n");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"run", config, "--threads", "-1"}, "--threads: -1 is out of range 0..1024"},
      {{"run", config, "--threads", "abc"}, "--threads: 'abc' is not an integer; expected 0..1024"},
      {{"run", config, "--threads", "100000"}, "--threads: 100000 is out of range 0..1024"},
      {{"run", config, "--threads", "99999999999999999999"}, "is out of range 0..1024"},
      {{"tune", config, "--threads", "1025"}, "--threads: 1025 is out of range 0..1024"},
      {{"compare", config, "--threads", "x"}, "--threads: 'x' is not an integer"},
      {{"solve", config, "--threads", "-2"}, "--threads: -2 is out of range 0..1024"},
      {{"run", config, "--seed", "-5"},
       "--seed: '-5' is not a seed; expected an integer 0..18446744073709551615"},
      {{"run", config, "--seed", "18446744073709551616"},
       "--seed: '18446744073709551616' is not a seed"},
      {{"run", config, "--seed", "1e23"}, "--seed: '1e23' is not a seed"},
      {{"play", "--game", "tictactoe", "--seed", "x"}, "--seed: 'x' is not a seed"},
      {{"search", "--game", "kalah", "--algorithm", "alphabeta", "--depth", "2", "--max-ms", "-5"},
       "--max-ms: -5 is out of range (expected a finite number >= 0)"},
      {{"search", "--game", "kalah", "--algorithm", "alphabeta", "--depth", "2", "--max-ms", "abc"},
       "--max-ms: 'abc' is not a number"},
      {{"search", "--game", "kalah", "--algorithm", "alphabeta", "--depth", "2", "--max-nodes",
        "-1"},
       "--max-nodes: -1 is out of range (expected at least 0)"},
  };
  for (const Case& c : cases) {
    auto r = run_harness(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.message;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("17976931348623157"), std::string::npos) << r.err;
  }
}

// The largest seed is a seed like any other: recorded as given, and its games differ from its
// neighbour's (a clamp would make every seed above 2^63 - 1 play the same games).
TEST(CliNumbers, SeedsAreTakenWhole) {
  const std::string dir = testing::make_temp_dir();
  const std::string config = testing::write_config(
      dir, "c.yaml",
      "game: tictactoe\nplayers:\n"
      "  - {name: a, algorithm: random, depth: 1}\n  - {name: b, algorithm: random, depth: 1}\n"
      "tournament: {pairs: 8}\n");
  auto top = run_harness({"run", config, "--seed", "18446744073709551615", "--out", dir + "/top"});
  ASSERT_EQ(top.exit_code, 0) << top.err;
  EXPECT_NE(testing::read_file(dir + "/top/run.yaml").find("seed: 18446744073709551615"),
            std::string::npos);
  auto next =
      run_harness({"run", config, "--seed", "18446744073709551614", "--out", dir + "/next"});
  ASSERT_EQ(next.exit_code, 0) << next.err;
  EXPECT_NE(testing::table_without(dir + "/top/games.csv", testing::kTournamentTimingColumns),
            testing::table_without(dir + "/next/games.csv", testing::kTournamentTimingColumns));
}

}  // namespace
}  // namespace gts
