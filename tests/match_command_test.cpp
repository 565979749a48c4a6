// `harness match`: a match from flags alone plays the games `harness run` plays of the equivalent
// config, its folder resumes like run's, and fastchess's -noswap, -reverse and -sprt mean the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::table_without;
using testing::write_config;

const std::vector<std::string> kGame = {"match",  "--game",  "kalah",  "--param",
                                        "pits=6", "--param", "seeds=4"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// games.csv's (first, second) of each game, in game order.
std::vector<std::pair<std::string, std::string>> sides(const std::string& dir) {
  const auto rows = table_without(dir + "/games.csv", {});
  std::vector<std::pair<std::string, std::string>> out;
  const auto& header = rows.at(0);
  const auto first = std::ranges::find(header, "first") - header.begin();
  const auto second = std::ranges::find(header, "second") - header.begin();
  for (std::size_t i = 1; i < rows.size(); ++i) {
    out.emplace_back(rows[i].at(static_cast<std::size_t>(first)),
                     rows[i].at(static_cast<std::size_t>(second)));
  }
  return out;
}

TEST(MatchCommand, PlaysTheGamesOfTheEquivalentConfig) {
  const std::string dir = make_temp_dir();
  const std::string harness = testing::harness_path();
  const std::string config = write_config(dir, "match.yaml", R"(
name: m
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: ab, algorithm: alphabeta, depth: 3, options: {ordering: static}}
  - name: ugi
    engine: {command: [)" + harness + R"(, ugi, --game, kalah, --algorithm, alphabeta],
             options: {tt: "on"}}
    depth: 2
openings: {kind: random, count: 3, plies: 3}
seed: 5
)");
  const auto run = run_harness({"run", config, "--out", dir + "/run", "--quiet"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto flags =
      with(kGame, {"--engine", "name=ab", "algorithm=alphabeta", "depth=3",
                   "option.ordering=static", "--engine", "name=ugi", "cmd=" + harness,
                   "args=ugi --game kalah --algorithm alphabeta", "option.tt=on", "plies=2",
                   "--rounds", "3", "--openings", "plies=3", "--srand", "5", "--event", "m"});
  const auto match = run_harness(with(flags, {"--out", dir + "/match", "--quiet"}));
  ASSERT_EQ(match.exit_code, 0) << match.err;
  testing::expect_same_tournament_results(dir + "/run", dir + "/match");
  EXPECT_EQ(sides(dir + "/match").size(), 6u);

  // The folder holds the config it played: `harness run` of it plays the same games again.
  const std::string written = dir + "/match/match.yaml";
  ASSERT_TRUE(std::filesystem::exists(written));
  const auto again = run_harness({"run", written, "--out", dir + "/again", "--quiet"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  testing::expect_same_tournament_results(dir + "/run", dir + "/again");
  // --check prints that config and plays nothing.
  const auto check = run_harness(with(flags, {"--check"}));
  ASSERT_EQ(check.exit_code, 0) << check.err;
  EXPECT_EQ(check.out, read_file(written));

  // Resumed with the same flags it has nothing left to play; other flags are refused.
  const auto resumed = run_harness(with(flags, {"--out", dir + "/match", "--resume", "--quiet"}));
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  testing::expect_same_tournament_results(dir + "/run", dir + "/match");
  auto other = flags;
  other[std::ranges::find(other, "--rounds") - other.begin() + 1] = "4";
  const auto refused = run_harness(with(other, {"--out", dir + "/match", "--resume"}));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("--resume: these flags differ from those " + dir + "/match"),
            std::string::npos)
      << refused.err;
}

TEST(MatchCommand, NoswapAndReverseSetTheSides) {
  const std::string dir = make_temp_dir();
  const auto base = with(kGame, {"--engine", "name=a", "algorithm=alphabeta", "depth=1", "--engine",
                                 "name=b", "algorithm=alphabeta", "depth=2", "--rounds", "2",
                                 "--openings", "plies=2", "--quiet"});
  using Sides = std::vector<std::pair<std::string, std::string>>;
  const std::pair<std::string, std::string> a_first{"a", "b"}, b_first{"b", "a"};
  const std::vector<std::pair<std::vector<std::string>, Sides>> cases = {
      {{}, {a_first, b_first, a_first, b_first}},
      {{"--noswap"}, {a_first, a_first, a_first, a_first}},
      {{"--reverse"}, {b_first, a_first, b_first, a_first}},
      {{"--noswap", "--reverse"}, {b_first, b_first, b_first, b_first}},
  };
  int k = 0;
  for (const auto& [extra, expected] : cases) {
    const std::string out = dir + "/" + std::to_string(k++);
    const auto r = run_harness(with(with(base, extra), {"--out", out}));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(sides(out), expected) << (extra.empty() ? "" : extra[0]);
  }
}

// The SPRT tests the first engine against the second whichever side each game gives it.
TEST(MatchCommand, TheSprtTestsTheFirstEngineWhateverItsSide) {
  const std::string dir = make_temp_dir();
  const auto r = run_harness(with(kGame, {"--engine",
                                          "name=ab",
                                          "algorithm=alphabeta",
                                          "depth=4",
                                          "option.ordering=static",
                                          "--engine",
                                          "name=rnd",
                                          "algorithm=random",
                                          "depth=1",
                                          "--rounds",
                                          "100",
                                          "--openings",
                                          "plies=4",
                                          "--sprt",
                                          "elo0=0",
                                          "elo1=100",
                                          "model=logistic",
                                          "--reverse",
                                          "--noswap",
                                          "--srand",
                                          "2",
                                          "--out",
                                          dir + "/m",
                                          "--quiet"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string run_yaml = read_file(dir + "/m/run.yaml");
  EXPECT_NE(run_yaml.find("sprt_result: \"H1 accepted"), std::string::npos) << run_yaml;
  for (const auto& [first, second] : sides(dir + "/m")) EXPECT_EQ(first, "rnd");
}

TEST(MatchCommand, BadFlagsAreNamedAndExitTwo) {
  const std::string dir = make_temp_dir();
  const std::vector<std::string> two = {"--engine", "algorithm=alphabeta", "depth=2",
                                        "--engine", "algorithm=random",    "depth=1"};
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--engine", "algorithm=alphabeta", "depth=2"}, "--engine: a match needs at least two"},
      {{"--engine", "algorithm=alphabeta", "depth=2", "hash=16", "--engine", "algorithm=random"},
       "--engine: unknown key 'hash'"},
      {{"--engine", "algorithm=nosuch", "depth=2", "--engine", "algorithm=random"},
       "--engine algorithm=nosuch depth=2: "},
      {{"--engine", "depth=2", "--engine", "algorithm=random"},
       "give cmd=PROGRAM (an engine over UGI) or algorithm=NAME"},
      {with(two, {"--each", "tc=abc"}), "--each tc=abc: "},
      {with(two, {"--games", "1"}), "--games takes 2, got 1"},
      {with(two, {"--openings", "plies=2", "order=random"}), "--openings: order is for an "},
      {with(two, {"--sprt", "elo0=0", "elo1=x"}), "--sprt elo0=0 elo1=x: "},
      {with(two, {"--engine", "algorithm=random", "depth=1", "--sprt", "elo0=0", "elo1=5"}),
       "'tournament.sprt' tests one player against another"},
  };
  for (const auto& [flags, message] : cases) {
    const auto r = run_harness(with(with(kGame, flags), {"--out", dir + "/x", "--quiet"}));
    EXPECT_EQ(r.exit_code, 2) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/x/games.csv"));
}

}  // namespace
}  // namespace gts
