// `mpirun -np 3 harness tune`: rank 0 keeps the tuning and hands each step's games to every rank;
// tune.csv, verify.csv and tuned.yaml are byte-identical to one process's, games.csv too but for
// its timing columns, for SPSA, a round robin and a resumed run. The step's jobs and results
// survive the trip through bytes exactly, and a rank that read another config refuses to play.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "harness/config/config_error.h"
#include "harness/tune/tune_config.h"
#include "harness/tune/tune_run.h"
#include "tests/mpi/mpi_util.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::run_mpi;
using testing::write_config;

using Rows = std::vector<std::vector<std::string>>;

// games.csv without the columns that measure time.
Rows games_without_timing(const std::string& path) {
  return testing::table_without(path, {"first_cpu_us", "second_cpu_us", "wall_ms"});
}

// Every output of a tune run but run.yaml (times, command) agrees with the one-process run's.
void expect_same_run(const std::string& one, const std::string& many, std::size_t min_games) {
  for (const char* f : {"tune.csv", "verify.csv", "tuned.yaml"}) {
    SCOPED_TRACE(f);
    const std::string a = read_file(one + "/" + f);
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(a, read_file(many + "/" + f));
  }
  const Rows a = games_without_timing(one + "/games.csv");
  ASSERT_GE(a.size(), 1 + min_games);
  EXPECT_EQ(a, games_without_timing(many + "/games.csv"));
}

// Kalah(4,3) at depth 2 from store-diff (as in tune_command_test): 40 SPSA iterations of 4 pairs,
// then a verification in batches of 16 pairs.
const char* kSpsa = R"(name: small
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 2, options: {random_ties: on}}
weights:
  start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1]
  min: -2
  max: 2
  fixed: [5]
spsa: {iterations: 40, pairs: 4, c_end: 0.3, r_end: 0.002}
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 192, batch_pairs: 16}
seed: 1
)";
constexpr std::size_t kSpsaGames = 40 * 4 * 2;

TEST(MpiTune, SpsaOverThreeRanksMatchesOneProcess) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "small.yaml", kSpsa);
  const auto one =
      run_harness({"tune", config, "--threads", "2", "--out", dir + "/one", "--quiet"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto many =
      run_mpi(3, {"tune", config, "--threads", "1", "--out", dir + "/many", "--quiet"});
  ASSERT_EQ(many.exit_code, 0) << many.out << many.err;
  expect_same_run(dir + "/one", dir + "/many", kSpsaGames + 2);
  // Every game was played in this invocation, over three ranks, and the workers' CPU is counted.
  const std::string run_yaml = read_file(dir + "/many/run.yaml");
  EXPECT_NE(run_yaml.find("status: finished"), std::string::npos) << run_yaml;
  const std::size_t total = games_without_timing(dir + "/many/games.csv").size() - 1;
  EXPECT_NE(run_yaml.find("games_done: " + std::to_string(total)), std::string::npos) << run_yaml;
  EXPECT_NE(run_yaml.find("ranks: 3"), std::string::npos) << run_yaml;
  EXPECT_NE(run_yaml.find("other_ranks_cpu_s: "), std::string::npos) << run_yaml;
  fs::remove_all(dir);
}

TEST(MpiTune, RoundRobinOverThreeRanksMatchesOneProcess) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "rr.yaml", R"(name: rr
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 2, options: {random_ties: on}}
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
method: round-robin
round_robin:
  candidates: [[0.5, 0.5, 0.5, 0.5, 1, -0.5, -0.5, -0.5, -0.5, -1]]
  sample: {count: 2, spread: 0.3}
  pairs: 6
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 128, batch_pairs: 16}
seed: 3
)");
  const auto one =
      run_harness({"tune", config, "--threads", "1", "--out", dir + "/one", "--quiet"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto many =
      run_mpi(3, {"tune", config, "--threads", "2", "--out", dir + "/many", "--quiet"});
  ASSERT_EQ(many.exit_code, 0) << many.out << many.err;
  // 4 candidates: 6 pairings of 6 pairs.
  expect_same_run(dir + "/one", dir + "/many", 6 * 6 * 2);
  fs::remove_all(dir);
}

TEST(MpiTune, ARunResumedUnderMpiEndsAsTheUninterruptedOne) {
  SKIP_WITHOUT_MPI();
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "small.yaml", kSpsa);
  const auto full =
      run_harness({"tune", config, "--threads", "2", "--out", dir + "/full", "--quiet"});
  ASSERT_EQ(full.exit_code, 0) << full.err;
  // What a run stopped after 123 games leaves (a half-written line, no outputs).
  const std::string cut = dir + "/cut";
  fs::copy(dir + "/full", cut, fs::copy_options::recursive);
  std::istringstream in(read_file(cut + "/games.csv"));
  std::string text, line;
  for (int i = 0; i <= 123 && std::getline(in, line); ++i) text += line + "\n";
  ASSERT_TRUE(std::getline(in, line));
  text += line.substr(0, line.size() / 2);
  std::ofstream(cut + "/games.csv", std::ios::trunc) << text;
  for (const char* f : {"tune.csv", "verify.csv", "tuned.yaml"}) fs::remove(cut + "/" + f);
  fs::remove(cut + "/manifest.sha256");  // made by hand: resumed by the journal's own rules

  const auto resumed =
      run_mpi(3, {"tune", config, "--threads", "1", "--out", cut, "--resume", "--quiet"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
  expect_same_run(dir + "/full", cut, kSpsaGames + 2);
  fs::remove_all(dir);
}

// In process (no MPI needed): the bytes a rank sends.

TEST(TuneJobs, AResultSurvivesItsBytesExactly) {
  JobResult r;
  GameOutcome& o = r.outcome;
  o.first_score = 0.5;
  o.margin = -7;
  o.plies = 31;
  o.termination = Termination::kIllegalMove;
  o.forfeit_side = 1;
  o.reason = "illegal move \"x\"";
  for (int s = 0; s < 2; ++s) {
    SearchStats& st = o.stats[static_cast<std::size_t>(s)];
    st.nodes = 1000003u + static_cast<unsigned>(s);
    st.leaves = 77;
    st.ordering_evals = 5;
    st.interior = 9;
    st.cutoffs = 11;
    st.tt_probes = 13;
    st.tt_hits = 2;
    st.peak_open = 3;
    st.peak_bytes = 1ull << 40;
    st.cpu_ms = 0.1 + s;
  }
  o.moves = {16, 15};
  o.final_position = "4,0,3,2|1|0,0,9,1|5|s";
  r.wall_ms = 1.0 / 3.0;
  const JobResult back = decode_job_result(encode_job_result(r));
  EXPECT_EQ(back.outcome.first_score, 0.5);
  EXPECT_EQ(back.outcome.margin, std::optional<Value>(-7));
  EXPECT_EQ(back.outcome.plies, 31);
  EXPECT_EQ(back.outcome.termination, Termination::kIllegalMove);
  EXPECT_EQ(back.outcome.forfeit_side, 1);
  EXPECT_EQ(back.outcome.reason, o.reason);
  for (std::size_t s = 0; s < 2; ++s) {
    const SearchStats& a = o.stats[s];
    const SearchStats& b = back.outcome.stats[s];
    EXPECT_EQ(
        std::vector<std::uint64_t>({a.nodes, a.leaves, a.ordering_evals, a.interior, a.cutoffs,
                                    a.tt_probes, a.tt_hits, a.peak_open, a.peak_bytes}),
        std::vector<std::uint64_t>({b.nodes, b.leaves, b.ordering_evals, b.interior, b.cutoffs,
                                    b.tt_probes, b.tt_hits, b.peak_open, b.peak_bytes}));
    EXPECT_EQ(a.cpu_ms, b.cpu_ms);  // bit for bit
  }
  EXPECT_EQ(back.outcome.moves, o.moves);
  EXPECT_EQ(back.outcome.final_position, o.final_position);
  EXPECT_EQ(back.wall_ms, r.wall_ms);
  EXPECT_FALSE(back.stopped());
  o.margin.reset();
  EXPECT_FALSE(decode_job_result(encode_job_result(r)).outcome.margin.has_value());
  // A damaged message is an error, not a crash or a wrong result.
  std::string bytes = encode_job_result(r);
  EXPECT_THROW(decode_job_result(bytes.substr(0, bytes.size() - 1)), std::runtime_error);
  EXPECT_THROW(decode_job_result(bytes + "x"), std::runtime_error);
}

TEST(TuneJobs, AWorkerPlaysTheStepItIsSentAndRefusesAnotherConfig) {
  const std::string dir = make_temp_dir();
  const std::string path = write_config(dir, "small.yaml", kSpsa);
  const TuneConfig config = load_tune_config(path);
  const std::string hash = tune_config_hash(config);
  const auto game = make_game(config.game, config.game_params);
  const TuneEngine engine{config.algorithm, config.depth, config.max_plies};
  std::vector<GameJob> jobs;
  for (int i = 0; i < 4; ++i) {
    GameJob j;
    j.first = config.start();
    j.second = config.start();
    j.second[0] = 0.25 * (i + 1);  // a different opponent in each job
    j.opening = game->random_opening(static_cast<std::uint64_t>(100 + i), 2);
    j.seed = 7 + static_cast<std::uint64_t>(i);
    jobs.push_back(j);
  }
  const auto worker = make_tune_jobs(tune_step_context(path, hash, jobs));
  const std::atomic<bool> go{false};
  for (std::size_t i = jobs.size(); i-- > 0;) {  // any order
    const auto bytes = worker->run(i, go);
    ASSERT_TRUE(bytes.has_value());
    const JobResult got = decode_job_result(*bytes);
    const JobResult want = play_job(*game, engine, jobs[i]);
    EXPECT_EQ(got.outcome.first_score, want.outcome.first_score) << i;
    EXPECT_EQ(got.outcome.plies, want.outcome.plies) << i;
    EXPECT_EQ(got.outcome.final_position, want.outcome.final_position) << i;
    EXPECT_EQ(got.outcome.stats[0].nodes, want.outcome.stats[0].nodes) << i;
    EXPECT_EQ(got.outcome.stats[1].nodes, want.outcome.stats[1].nodes) << i;
  }
  // A stopped step returns nothing (the job is played again on resume).
  const std::atomic<bool> stopped{true};
  EXPECT_FALSE(worker->run(0, stopped).has_value());

  EXPECT_THROW(make_tune_jobs(tune_step_context(path, "0123456789abcdef", jobs)), ConfigError);
  auto wrong = jobs;
  wrong[2].first.pop_back();
  EXPECT_THROW(make_tune_jobs(tune_step_context(path, hash, wrong)), std::runtime_error);
  const std::string context = tune_step_context(path, hash, jobs);
  EXPECT_THROW(make_tune_jobs(context.substr(0, context.size() - 3)), std::runtime_error);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace gts
