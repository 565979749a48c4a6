// `harness tune` as a user runs it: SPSA from a poor start wins its verification, the run folder's
// files agree with each other, tuned.yaml pastes into a tournament config, the results do not
// depend on the thread count, a stopped run resumes to the uninterrupted result, and bad input is
// one located line with exit code 2.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "harness/config/tournament_config.h"
#include "harness/csv.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::write_config;

using Rows = std::vector<std::vector<std::string>>;

Rows read_csv(const std::string& path) {
  Rows rows;
  std::istringstream in(read_file(path));
  for (std::string line; std::getline(in, line);) rows.push_back(csv::split(line));
  return rows;
}

std::size_t column(const Rows& rows, const std::string& name) {
  for (std::size_t i = 0; i < rows.at(0).size(); ++i) {
    if (rows[0][i] == name) return i;
  }
  ADD_FAILURE() << "no column " << name;
  return 0;
}

// games.csv without the columns that measure time.
Rows without_timing(const Rows& rows) {
  std::set<std::size_t> drop;
  for (const char* c : {"first_cpu_us", "second_cpu_us", "wall_ms"}) drop.insert(column(rows, c));
  Rows out;
  for (const auto& r : rows) {
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < r.size(); ++i) {
      if (!drop.count(i)) kept.push_back(r[i]);
    }
    out.push_back(kept);
  }
  return out;
}

// Kalah(4,3) at depth 2 from store-diff written as a linear evaluation (houses 0, stores ±1):
// 2,400 games of SPSA and a verification, in well under a second.
const char* kSmall = R"(name: small
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 2, options: {random_ties: on}}
weights:
  start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1]
  min: -2
  max: 2
  fixed: [5]
spsa: {iterations: 300, pairs: 4, c_end: 0.3, r_end: 0.002}
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 2000, batch_pairs: 32}
seed: 1
)";

constexpr int kSmallTuneGames = 300 * 4 * 2;

std::vector<double> numbers(const std::vector<std::string>& fields, std::size_t from,
                            std::size_t count) {
  std::vector<double> out;
  for (std::size_t i = from; i < from + count; ++i) out.push_back(std::stod(fields.at(i)));
  return out;
}

TEST(TuneCommand, SpsaFromAPoorStartWinsItsVerification) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "small.yaml", kSmall);
  const auto r = run_harness({"tune", config, "--threads", "2", "--out", dir + "/run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("verdict: H1 accepted"), std::string::npos) << r.out;

  // tune.csv: the start, then one row per iteration with its W/D/L and running totals.
  const Rows tune = read_csv(dir + "/run/tune.csv");
  ASSERT_EQ(tune.size(), 1 + 301u);
  const std::vector<std::string> head(tune[0].begin(), tune[0].begin() + 15);
  EXPECT_EQ(head, (std::vector<std::string>{"iteration", "w1", "w2", "w3", "w4", "w5", "w6", "w7",
                                            "w8", "w9", "w10", "c_k", "R_k", "wins", "draws"}));
  EXPECT_EQ(numbers(tune[1], 1, 10), (std::vector<double>{0, 0, 0, 0, 1, 0, 0, 0, 0, -1}));
  const std::size_t tw = column(tune, "total_wins");
  for (std::size_t k = 1; k <= 300; ++k) {
    const auto& row = tune[k + 1];
    ASSERT_EQ(row[0], std::to_string(k));
    EXPECT_EQ(row[5], "1");  // w5 is fixed
    const int games = std::stoi(row[tw]) + std::stoi(row[tw + 1]) + std::stoi(row[tw + 2]);
    EXPECT_EQ(games, 8 * static_cast<int>(k));
    for (const char* c : {"w1", "w2", "w3", "w4", "w6", "w7", "w8", "w9", "w10"}) {
      const double w = std::stod(row[column(tune, c)]);
      EXPECT_GE(w, -2);
      EXPECT_LE(w, 2);
    }
  }
  // c_k at the last iteration is c_end, and R_k is r_end.
  EXPECT_NEAR(std::stod(tune.back()[column(tune, "c_k")]), 0.3, 1e-6);
  EXPECT_NEAR(std::stod(tune.back()[column(tune, "R_k")]), 0.002, 1e-6);
  const std::vector<double> tuned = numbers(tune.back(), 1, 10);
  EXPECT_NE(tuned, numbers(tune[1], 1, 10));

  // verify.csv: pairs in order, stopping at the pair where the LLR crossed the upper bound.
  const Rows verify = read_csv(dir + "/run/verify.csv");
  ASSERT_GE(verify.size(), 3u);
  const auto& last = verify.back();
  EXPECT_EQ(last[column(verify, "verdict")], "H1");
  EXPECT_GE(std::stod(last[column(verify, "llr")]), std::stod(last[column(verify, "upper")]));
  EXPECT_NEAR(std::stod(last[column(verify, "upper")]), 2.944, 0.001);
  EXPECT_GT(std::stod(last[column(verify, "elo")]), 0);
  EXPECT_GT(std::stod(last[column(verify, "elo")]) - std::stod(last[column(verify, "elo_error")]),
            0);  // the interval excludes 0
  EXPECT_EQ(std::stoi(last[column(verify, "games")]), 2 * static_cast<int>(verify.size() - 1));
  for (std::size_t i = 1; i + 1 < verify.size(); ++i) {
    EXPECT_EQ(verify[i][column(verify, "verdict")], "continue");
  }

  // games.csv holds every game played once: the tuning's and the verification's, which plays
  // whole batches of 32 pairs (the pairs after the deciding one are played but not counted).
  const Rows games = read_csv(dir + "/run/games.csv");
  const std::size_t batches = (verify.size() - 1 + 31) / 32;
  ASSERT_EQ(games.size(), 1 + kSmallTuneGames + 2 * 32 * batches);
  for (std::size_t i = 1; i < games.size(); ++i) ASSERT_EQ(games[i][0], std::to_string(i - 1));
  // Each pair's random opening is recorded, the same in both its games, and openings differ.
  const std::size_t at = column(games, "opening_position");
  std::set<std::string> openings;
  for (std::size_t i = 1; i + 1 < games.size(); i += 2) {
    EXPECT_NE(games[i][at], "") << "game " << i - 1;
    EXPECT_EQ(games[i][at], games[i + 1][at]) << "game " << i - 1;
    openings.insert(games[i][at]);
  }
  EXPECT_GT(openings.size(), 3u);

  // tuned.yaml pastes into a tournament config, with exactly the weights of tune.csv's last row.
  const std::string tuned_yaml = read_file(dir + "/run/tuned.yaml");
  EXPECT_NE(tuned_yaml.find("H1 accepted"), std::string::npos) << tuned_yaml;
  const TournamentConfig t =
      load_tournament_config_text(tuned_yaml + R"(game: {name: kalah, params: {pits: 4, seeds: 3}}
players:
  - {name: tuned, algorithm: alphabeta, depth: 2, evaluation: tuned}
  - {name: start, algorithm: alphabeta, depth: 2, evaluation: start}
)",
                                  "pasted.yaml");
  EXPECT_EQ(t.evaluations.at("tuned").weights, tuned);
  EXPECT_EQ(t.evaluations.at("start").weights,
            (std::vector<double>{0, 0, 0, 0, 1, 0, 0, 0, 0, -1}));

  const std::string run_yaml = read_file(dir + "/run/run.yaml");
  EXPECT_NE(run_yaml.find("status: finished"), std::string::npos) << run_yaml;
  EXPECT_NE(run_yaml.find("verdict: H1"), std::string::npos) << run_yaml;
}

TEST(TuneCommand, SameResultsOnAnyThreadCount) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "small.yaml", kSmall);
  for (const char* t : {"1", "2", "3"}) {
    const auto r =
        run_harness({"tune", config, "--threads", t, "--out", dir + "/t" + t, "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  for (const char* t : {"2", "3"}) {
    const std::string other = dir + "/t" + t;
    EXPECT_EQ(read_file(dir + "/t1/tune.csv"), read_file(other + "/tune.csv")) << t;
    EXPECT_EQ(read_file(dir + "/t1/verify.csv"), read_file(other + "/verify.csv")) << t;
    EXPECT_EQ(read_file(dir + "/t1/tuned.yaml"), read_file(other + "/tuned.yaml")) << t;
    EXPECT_EQ(without_timing(read_csv(dir + "/t1/games.csv")),
              without_timing(read_csv(other + "/games.csv")))
        << t;
  }
}

// Keeps the header and the first `games` rows of games.csv, plus half of the next line (as a kill
// mid-write leaves it), and removes the outputs: what a run stopped there leaves behind.
void cut_run(const std::string& from, const std::string& to, std::size_t games) {
  fs::copy(from, to, fs::copy_options::recursive);
  std::istringstream in(read_file(to + "/games.csv"));
  std::string text, line;
  for (std::size_t i = 0; i <= games && std::getline(in, line); ++i) text += line + "\n";
  ASSERT_TRUE(std::getline(in, line));
  text += line.substr(0, line.size() / 2);
  std::ofstream(to + "/games.csv", std::ios::trunc) << text;
  for (const char* f : {"tune.csv", "verify.csv", "tuned.yaml"}) fs::remove(to + "/" + f);
  // Made by hand from a finished run, it has no manifest of its own (a killed run's would hold
  // what it wrote): resumed by the journal's own rules, as a folder written before manifests.
  fs::remove(to + "/manifest.sha256");
}

TEST(TuneCommand, AStoppedRunResumesToTheUninterruptedResult) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "small.yaml", kSmall);
  auto full = run_harness({"tune", config, "--threads", "2", "--out", dir + "/full", "--quiet"});
  ASSERT_EQ(full.exit_code, 0) << full.err;
  // Stopped during the SPSA iterations, and during the verification.
  for (std::size_t kept : {std::size_t{777}, std::size_t{kSmallTuneGames + 31}}) {
    SCOPED_TRACE(kept);
    const std::string cut = dir + "/cut" + std::to_string(kept);
    cut_run(dir + "/full", cut, kept);
    const auto r = run_harness({"tune", config, "--threads", "2", "--out", cut, "--resume"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("resuming with " + std::to_string(kept) + " games done"),
              std::string::npos)
        << r.out;
    for (const char* f : {"tune.csv", "verify.csv", "tuned.yaml"}) {
      EXPECT_EQ(read_file(dir + "/full/" + f), read_file(cut + "/" + f)) << f;
    }
    EXPECT_EQ(without_timing(read_csv(dir + "/full/games.csv")),
              without_timing(read_csv(cut + "/games.csv")));
  }
}

std::size_t lines_of(const std::string& path) {
  std::ifstream in(path);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

TEST(TuneCommand, InterruptKeepsTheGamesAndSaysHowToResume) {
  const std::string dir = make_temp_dir();
  std::string slow = kSmall;
  slow.replace(slow.find("iterations: 300"), 15, "iterations: 3000");
  const std::string config = write_config(dir, "slow.yaml", slow);
  const std::string out = dir + "/run";
  const int pid = testing::spawn_harness({"tune", config, "--threads", "2", "--out", out},
                                         dir + "/out.txt", dir + "/err.txt");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (lines_of(out + "/games.csv") < 200 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(pid, SIGINT);
  EXPECT_EQ(testing::wait_process(pid), 130);
  const std::string err = read_file(dir + "/err.txt");
  EXPECT_NE(err.find("--out " + out + " --resume --threads 2"), std::string::npos) << err;
  EXPECT_NE(read_file(out + "/run.yaml").find("status: interrupted"), std::string::npos);
  const std::size_t kept = lines_of(out + "/games.csv") - 1;
  EXPECT_GE(kept, 199u);
  EXPECT_LT(kept, 3000u * 8) << "the run finished before the interrupt";
  EXPECT_FALSE(fs::exists(out + "/tuned.yaml"));
}

TEST(TuneCommand, AKilledRunResumesToTheUninterruptedResult) {
  const std::string dir = make_temp_dir();
  std::string slow = kSmall;
  slow.replace(slow.find("iterations: 300"), 15, "iterations: 600");
  const std::string config = write_config(dir, "slow.yaml", slow);
  auto full = run_harness({"tune", config, "--threads", "2", "--out", dir + "/full", "--quiet"});
  ASSERT_EQ(full.exit_code, 0) << full.err;

  const std::string out = dir + "/killed";
  const int pid = testing::spawn_harness({"tune", config, "--threads", "2", "--out", out},
                                         dir + "/out.txt", dir + "/err.txt");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (lines_of(out + "/games.csv") < 500 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  kill(pid, SIGKILL);
  EXPECT_EQ(testing::wait_process(pid), 128 + SIGKILL);
  const std::size_t kept = lines_of(out + "/games.csv") - 1;
  EXPECT_GE(kept, 499u);
  ASSERT_LT(kept, 600u * 8) << "the run finished before the kill";
  EXPECT_FALSE(fs::exists(out + "/tuned.yaml"));

  const auto r = run_harness({"tune", config, "--threads", "2", "--out", out, "--resume"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"tune.csv", "verify.csv", "tuned.yaml"}) {
    EXPECT_EQ(read_file(dir + "/full/" + f), read_file(out + "/" + f)) << f;
  }
  EXPECT_EQ(without_timing(read_csv(dir + "/full/games.csv")),
            without_timing(read_csv(out + "/games.csv")));
}

TEST(TuneCommand, RoundRobinPicksTheBestCandidate) {
  const std::string dir = make_temp_dir();
  // The listed candidate counts the seeds on each side of the board, as they all end up in the
  // owner's store when the game ends: it beats store-diff (the start) at this depth.
  const std::string config = write_config(dir, "rr.yaml", R"(name: rr
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 2, options: {random_ties: on}}
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
method: round-robin
round_robin:
  candidates: [[0.5, 0.5, 0.5, 0.5, 1, -0.5, -0.5, -0.5, -0.5, -1]]
  sample: {count: 2, spread: 0.3}
  pairs: 40
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 2000}
seed: 3
)");
  const auto r = run_harness({"tune", config, "--threads", "2", "--out", dir + "/run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows tune = read_csv(dir + "/run/tune.csv");
  ASSERT_EQ(tune.size(), 1 + 4u);
  EXPECT_EQ(tune[0][0], "candidate");
  EXPECT_EQ(tune[1][0], "start");
  EXPECT_EQ(tune[2][0], "listed1");
  EXPECT_EQ(tune[3][0], "sample1");
  EXPECT_EQ(tune[1][column(tune, "rating")], "0");  // the anchor
  int best = 0;
  for (std::size_t i = 1; i < tune.size(); ++i) {
    EXPECT_EQ(tune[i][column(tune, "games")], "240");  // 3 opponents x 40 pairs x 2 games
    best += tune[i][column(tune, "best")] == "true";
  }
  EXPECT_EQ(best, 1);
  EXPECT_EQ(tune[2][column(tune, "best")], "true") << read_file(dir + "/run/tune.csv");
  const Rows verify = read_csv(dir + "/run/verify.csv");
  EXPECT_EQ(verify.back()[column(verify, "verdict")], "H1");
  EXPECT_NE(r.out.find("best: listed1"), std::string::npos) << r.out;
}

// The engine's table the machine cannot give (4096 MiB under a 600 MB address-space limit) is the
// config's error before the first game, at engine.options.tt_mb.
TEST(TuneCommand, ATableTheMachineCannotGiveIsRefusedBeforeTheFirstGame) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "sanitizers need more address space than the limit leaves";
#else
  const std::string dir = make_temp_dir();
  std::string text = kSmall;
  const std::string engine = "options: {random_ties: on}";
  text.replace(text.find(engine), engine.size(), "options: {random_ties: on, tt: on, tt_mb: 4096}");
  const std::string config = write_config(dir, "big.yaml", text);
  const auto r =
      testing::run_harness_in_memory(600000, {"tune", config, "--out", dir + "/big", "--quiet"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: " + config +
                       ":3:84: 'engine': tt_mb=4096: cannot allocate a 4096 MiB transposition "
                       "table here; choose a smaller tt_mb\n");
  EXPECT_FALSE(std::filesystem::exists(dir + "/big/games.csv"));
#endif
}

// A fixed depth that cannot finish in any reasonable time (alpha-beta without a table to depth
// 1000 in Kalah(6,4): at best about 10^20 positions by the game's estimate) is warned of at
// engine.depth before the first game; the small config's depth 2 says nothing.
TEST(TuneCommand, ADepthThatCannotFinishIsWarnedOf) {
  const std::string dir = make_temp_dir();
  std::string text = kSmall;
  const auto change = [&](const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
  };
  change("{pits: 4, seeds: 3}", "{pits: 6, seeds: 4}");
  change("depth: 2", "depth: 1000");
  change("[0, 0, 0, 0, 1, 0, 0, 0, 0, -1]", "[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, -1]");
  change("fixed: [5]", "fixed: [7]");
  const std::string config = write_config(dir, "deep.yaml", text);
  std::string err;
  EXPECT_TRUE(testing::harness_says_before({"tune", config, "--out", dir + "/deep", "--quiet"},
                                           "warning: ", 20, &err))
      << err;
  EXPECT_NE(err.find("warning: " + config +
                     ":3:39: 'engine': depth 1000: alphabeta would visit at best about 10^"),
            std::string::npos)
      << err;
  const auto small = run_harness(
      {"tune", write_config(dir, "small.yaml", kSmall), "--out", dir + "/small", "--quiet"});
  EXPECT_EQ(small.exit_code, 0) << small.err;
  EXPECT_EQ(small.err.find("warning"), std::string::npos) << small.err;
}

TEST(TuneCommand, BadInputIsOneLocatedLineAndExitCode2) {
  const std::string dir = make_temp_dir();
  std::string bad = kSmall;
  bad.replace(bad.find("c_end: 0.3"), 10, "c_end: -1");
  const auto r = run_harness({"tune", write_config(dir, "bad.yaml", bad), "--out", dir + "/x"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("error: " + dir + "/bad.yaml:9:42: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("'spsa.c_end'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_FALSE(fs::exists(dir + "/x/games.csv"));

  const std::string config = write_config(dir, "small.yaml", kSmall);
  auto no_out = run_harness({"tune", config, "--resume"});
  EXPECT_EQ(no_out.exit_code, 2);
  EXPECT_NE(no_out.err.find("--out"), std::string::npos) << no_out.err;
  auto none = run_harness({"tune", config, "--resume", "--out", dir + "/nothing"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("no run"), std::string::npos) << none.err;

  ASSERT_EQ(run_harness({"tune", config, "--out", dir + "/run", "--quiet"}).exit_code, 0);
  auto again = run_harness({"tune", config, "--out", dir + "/run"});
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("already holds a run"), std::string::npos) << again.err;
  std::string other = kSmall;
  other.replace(other.find("seed: 1"), 7, "seed: 2");
  auto changed = run_harness(
      {"tune", write_config(dir, "small.yaml", other), "--out", dir + "/run", "--resume"});
  EXPECT_EQ(changed.exit_code, 2);
  EXPECT_NE(changed.err.find("differs from the one"), std::string::npos) << changed.err;
  auto threads = run_harness({"tune", config, "--threads", "-1"});
  EXPECT_EQ(threads.exit_code, 2);
}

}  // namespace
}  // namespace gts
