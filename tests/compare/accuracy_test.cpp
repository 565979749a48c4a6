// `harness compare` with `accuracy`: exact move values are minimax's, a search that reaches the end
// always picks an optimal move, a one-node budget picks the move known in advance, the files are
// the same on any thread count, bad keys are located, a resumed run takes its exact values from
// the journal, and replay and report read the folder.
#include "harness/compare/accuracy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "harness/compare/compare_config.h"
#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/mpi/wire.h"
#include "harness/pipeline/stats_wire.h"
#include "harness/registry.h"
#include "harness/strf.h"
#include "tests/compare/bad_configs.h"
#include "tests/process.h"
#include "tests/report/report_test_util.h"

namespace gts {

namespace {

namespace fs = std::filesystem;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;

using Record = std::map<std::string, std::string>;

std::vector<Record> records(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) rows.push_back(csv::split(line));
  std::vector<Record> out;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    Record m;
    for (std::size_t c = 0; c < rows[0].size() && c < rows[r].size(); ++c)
      m[rows[0][c]] = rows[r][c];
    out.push_back(std::move(m));
  }
  return out;
}

// The CSV without its timing columns.
std::string without_timing(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  std::vector<bool> keep;
  for (std::string line; std::getline(in, line);) {
    const auto fields = csv::split(line);
    if (keep.empty()) {
      for (const auto& f : fields) keep.push_back(!is_timing_column(f));
    }
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (keep[i]) kept.push_back(fields[i]);
    }
    out += csv::line(kept);
  }
  return out;
}

std::string write_config(const std::string& dir, const std::string& text,
                         const std::string& name = "accuracy.yaml") {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// The game of an inputs.csv row of kConfig.
std::unique_ptr<GameHandle> game_of(const Record& in) {
  const std::string& set = in.at("set");
  if (set == "ttt") return make_game("tictactoe", {});
  if (set == "kalah") return make_game("kalah", {{"pits", "3"}, {"seeds", "2"}});
  return make_game("random-tree", {{"branching", "3"},
                                   {"depth", "4"},
                                   {"values", "independent"},
                                   {"seed", in.at("param_seed")}});
}

// Tic-tac-toe positions, random trees and a small Kalah, each algorithm family (and a seeded
// one: random tie-breaks) at a one-node budget and at one that reaches the end of every position.
const char* kConfig = R"(
name: accuracy
inputs:
  - name: ttt
    game: tictactoe
    positions: {sample: 12, plies: 1..5}
  - name: trees
    game: {name: random-tree, params: {branching: 3, depth: 4, values: independent}}
    sweep: {seed: 1..6}
  - name: kalah
    game: {name: kalah, params: {pits: 3, seeds: 2}}
    positions: {sample: 6, plies: 1..4}
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: mtdf, algorithm: mtdf}
  - {name: negascout, algorithm: negascout, options: {tt: on}}
  - {name: ab-ties, algorithm: alphabeta, options: {random_ties: on}}
accuracy: {budgets: [1, 100, 10000000], unit: nodes}
seed: 3
)";

class Accuracy : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(make_temp_dir());
    config_ = new std::string(write_config(*dir_, kConfig));
    result_ = new testing::ProcessResult(
        run_harness({"compare", *config_, "--out", *dir_ + "/t2", "--threads", "2"}));
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
    delete config_;
    delete result_;
  }
  static std::string file(const std::string& name) { return read_file(*dir_ + "/t2/" + name); }
  static std::string* dir_;
  static std::string* config_;
  static testing::ProcessResult* result_;
};
std::string* Accuracy::dir_ = nullptr;
std::string* Accuracy::config_ = nullptr;
testing::ProcessResult* Accuracy::result_ = nullptr;

// Every move's exact value is the negated minimax value of the position after it (the sign kept
// where the same side moves again), and the best of them the position's minimax value.
TEST_F(Accuracy, ExactMoveValuesAreMinimaxValues) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  std::map<std::string, std::vector<Record>> moves;
  for (const Record& r : records(file("exact.csv"))) moves[r.at("input")].push_back(r);
  const auto inputs = records(file("inputs.csv"));
  ASSERT_EQ(inputs.size(), 12u + 6u + 6u);
  std::set<std::string> kept_sign;
  for (const Record& in : inputs) {
    SCOPED_TRACE(in.at("input"));
    const auto game = game_of(in);
    const EvalSpec eval{game->info().default_evaluation, {}};
    const auto minimax = game->make_searcher(make_algorithm_spec("minimax", {}), eval);
    const SearchLimits to_end{.depth = kDepthMax};
    const Position root = game->position(in.at("position"));
    const auto& rows = moves[in.at("input")];
    ASSERT_EQ(rows.size(), game->legal_moves(root).size());
    Value best = std::numeric_limits<Value>::min();
    for (const Record& m : rows) {
      Position child = root;
      game->play(child, game->parse_move(root, m.at("move")));
      const Value v = game->finished(child) ? game->final_value(child)
                                            : minimax->search(child, to_end, 0).value;
      const bool same_side = game->mover(child) == game->mover(root);
      if (same_side) kept_sign.insert(in.at("input"));
      EXPECT_EQ(std::stoi(m.at("value")), same_side ? v : -v) << m.at("move");
      best = std::max(best, static_cast<Value>(std::stoi(m.at("value"))));
    }
    EXPECT_EQ(best, minimax->search(root, to_end, 0).value);
    for (const Record& m : rows) {
      EXPECT_EQ(m.at("best"), std::stoi(m.at("value")) == best ? "true" : "false");
    }
  }
  // Kalah's extra turns were met, so the kept sign was tested.
  EXPECT_FALSE(kept_sign.empty());
}

// A budget that lets every search reach the end: every move optimal, no loss.
TEST_F(Accuracy, ASearchToTheEndIsAlwaysOptimal) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  std::size_t seen = 0;
  for (const Record& r : records(file("accuracy.csv"))) {
    if (r.at("budget") != "10000000") continue;
    SCOPED_TRACE(r.at("group") + " " + r.at("variant"));
    ++seen;
    EXPECT_EQ(r.at("failed"), "0");
    EXPECT_EQ(r.at("optimal_moves"), r.at("positions"));
    EXPECT_EQ(r.at("optimal_share"), "1");
    EXPECT_EQ(r.at("loss_mean"), "0");
    EXPECT_EQ(r.at("budget_unit"), "nodes");
  }
  EXPECT_EQ(seen, 3u * 4u);
  // The printed table is the summary.
  EXPECT_NE(result_->out.find("optimal%"), std::string::npos) << result_->out;
}

// A budget of one node: the first iteration (depth 1) completes whatever the budget, so each
// search plays the move of the same algorithm's depth-1 search, found here through the registry,
// and its share is the share of positions where that move is optimal: below 1 here. (Kalah is
// left out of the comparison: a search to the end consults its endgame database, which a depth-1
// search does not; its scores are still checked against exact.csv.)
TEST_F(Accuracy, AOneNodeBudgetPlaysTheDepthOneMove) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  std::map<std::pair<std::string, std::string>, Value> value_of;
  std::map<std::string, Value> best_of;
  for (const Record& r : records(file("exact.csv"))) {
    const Value v = std::stoi(r.at("value"));
    value_of[{r.at("input"), r.at("move")}] = v;
    if (r.at("best") == "true") best_of[r.at("input")] = v;
  }
  std::map<std::string, Record> inputs;
  for (const Record& in : records(file("inputs.csv"))) inputs[in.at("input")] = in;
  const std::map<std::string, AlgorithmSpec> specs = {
      {"ab", make_algorithm_spec("alphabeta", {{"id", "on"}})},
      {"mtdf", make_algorithm_spec("mtd(f)", {{"id", "on"}})},
      {"negascout", make_algorithm_spec("negascout", {{"id", "on"}, {"tt", "on"}})}};
  std::map<std::string, std::pair<int, int>> by_variant;  // optimal, searches (ttt and trees)
  std::map<std::string, int> optimal_in_searches;         // every set
  for (const Record& s : records(file("searches.csv"))) {
    if (s.at("budget") != "1") continue;
    SCOPED_TRACE(s.at("input") + " " + s.at("variant"));
    const Value v = value_of.at({s.at("input"), s.at("best_move")});
    const Value best = best_of.at(s.at("input"));
    EXPECT_EQ(s.at("optimal"), v == best ? "true" : "false");
    EXPECT_EQ(std::stoi(s.at("loss")), best - v);
    EXPECT_EQ(std::stoi(s.at("move_value")), v);
    optimal_in_searches[s.at("variant")] += v == best ? 1 : 0;
    const Record& in = inputs.at(s.at("input"));
    if (in.at("set") == "kalah" || !specs.contains(s.at("variant"))) continue;
    EXPECT_EQ(s.at("depth"), "1");
    const auto game = game_of(in);
    const EvalSpec eval{game->info().default_evaluation, {}};
    const Position p = game->position(in.at("position"));
    const SearchResult r = game->make_searcher(specs.at(s.at("variant")), eval)
                               ->search(p, SearchLimits{.depth = 1}, 0);
    EXPECT_EQ(s.at("best_move"), game->line_text(p, {r.best_move}).at(0));
    auto& [optimal, n] = by_variant[s.at("variant")];
    optimal += v == best ? 1 : 0;
    ++n;
  }
  ASSERT_EQ(by_variant.size(), 3u);  // ab-ties aside: its ties fall by its seed
  std::map<std::string, int> optimal_in_summary;
  for (const Record& r : records(file("accuracy.csv"))) {
    if (r.at("budget") == "1")
      optimal_in_summary[r.at("variant")] += std::stoi(r.at("optimal_moves"));
  }
  for (const auto& [variant, counts] : by_variant) {
    EXPECT_EQ(counts.second, 18) << variant;
    EXPECT_LT(counts.first, counts.second) << variant;
    EXPECT_EQ(optimal_in_summary[variant], optimal_in_searches[variant]) << variant;
  }
}

TEST_F(Accuracy, SameFilesOnOneThreadAndFromTheResolvedConfig) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  const auto one =
      run_harness({"compare", *config_, "--out", *dir_ + "/t1", "--threads", "1", "--quiet"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto again =
      run_harness({"compare", *dir_ + "/t2/config.yaml", "--out", *dir_ + "/again", "--quiet"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  for (const std::string run : {"/t1/", "/again/"}) {
    for (const char* name : {"exact.csv", "inputs.csv", "searches.csv", "accuracy.csv"}) {
      SCOPED_TRACE(run + name);
      const std::string ours = without_timing(file(name));
      EXPECT_GT(ours.size(), 100u);
      EXPECT_EQ(without_timing(read_file(*dir_ + run + name)), ours);
    }
  }
}

TEST_F(Accuracy, ReplayAndReportReadTheFolder) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  const std::string run = *dir_ + "/t2";
  auto r = run_harness({"replay", run});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  if (testing::have_gnuplot()) {
    r = run_harness({"report", run, "--out", *dir_ + "/report"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string html = read_file(*dir_ + "/report/report.html");
    for (const char* s :
         {"<h2>Move accuracy: ttt</h2>", "<h2>Move accuracy: trees</h2>", "<h2>Accuracy</h2>",
          "plots/accuracy_1_optimal.png", "plots/accuracy_1_loss.png", "optimal_share"}) {
      EXPECT_NE(html.find(s), std::string::npos) << s;
    }
    EXPECT_GT(fs::file_size(*dir_ + "/report/plots/accuracy_1_optimal.png"), 6000u);
  }
  // A count accuracy.csv gets wrong is found.
  const std::string copy = *dir_ + "/damaged";
  fs::copy(run, copy, fs::copy_options::recursive);
  std::string text = read_file(copy + "/accuracy.csv");
  const auto at = text.find("\nttt,ttt,alphabeta,ab,1,nodes,12,");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, 33, "\nttt,ttt,alphabeta,ab,1,nodes,11,");
  std::ofstream(copy + "/accuracy.csv") << text;
  r = run_harness({"replay", copy});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("accuracy.csv:2: group ttt: positions '11', where the table rebuilt from "
                       "results.log has '12'"),
            std::string::npos)
      << r.err;
}

// Resuming takes each position's exact values from the journal: a journal line whose values were
// changed shows in exact.csv and the scores, so nothing was solved again.
TEST_F(Accuracy, AResumedRunTakesExactValuesFromTheJournal) {
  ASSERT_EQ(result_->exit_code, 0) << result_->err;
  const std::string run = *dir_ + "/resumed";
  fs::copy(*dir_ + "/t2", run, fs::copy_options::recursive);
  const auto first = records(read_file(run + "/exact.csv"));
  const std::string input = first.front().at("input");
  std::vector<ExactMove> moves;
  for (const Record& r : first) {
    if (r.at("input") == input) moves.push_back({r.at("move"), 1000, 0});  // every move "won"
  }
  std::string bytes = wire::Writer()(moves).take();
  std::string hex;
  for (const unsigned char c : bytes) hex += strf("%02x", c);
  // Job 0 is the first input's exact job.
  std::string journal;
  std::istringstream lines(read_file(run + "/results.log"));
  for (std::string line; std::getline(lines, line);) {
    journal += (line.rfind("0 ", 0) == 0 ? "0 " + hex : line) + "\n";
  }
  std::ofstream(run + "/results.log") << journal;
  // The journal is changed on purpose: without the manifest, which would name it, the resume
  // takes it as a folder written before manifests.
  fs::remove(run + "/manifest.sha256");
  const auto r = run_harness({"compare", *config_, "--out", run, "--resume", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const Record& e : records(read_file(run + "/exact.csv"))) {
    if (e.at("input") == input) {
      EXPECT_EQ(e.at("value"), "1000");
      EXPECT_EQ(e.at("best"), "true");
    }
  }
  for (const Record& s : records(read_file(run + "/searches.csv"))) {
    if (s.at("input") == input) {
      EXPECT_EQ(s.at("optimal"), "true") << s.at("variant");
    }
  }
}

// Time budgets run the same way (nothing here depends on how long a search takes): every search
// is scored, its row says ms, and the first iteration completes whatever the budget. The random
// player, anytime and seeded, is a baseline: its moves are drawn from (run seed, position).
TEST(AccuracyTime, MillisecondBudgetsAndTheRandomBaseline) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, R"(
inputs:
  - {name: ttt, game: tictactoe, positions: {sample: 8, plies: 1..3}}
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: random, algorithm: random}
accuracy: {budgets: [1, 20], unit: ms}
)");
  const auto r = run_harness({"compare", config, "--out", dir + "/out", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto searches = records(read_file(dir + "/out/searches.csv"));
  ASSERT_EQ(searches.size(), 8u * 2u * 2u);
  for (const Record& s : searches) {
    SCOPED_TRACE(s.at("input") + " " + s.at("variant") + " " + s.at("budget"));
    EXPECT_EQ(s.at("budget_unit"), "ms");
    EXPECT_NE(s.at("optimal"), "");
    if (s.at("variant") == "ab") {
      EXPECT_NE(s.at("depth"), "");
    }
  }
  const auto again = run_harness({"compare", config, "--out", dir + "/again", "--quiet"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const auto moves = [](const std::vector<Record>& rows) {
    std::vector<std::string> out;
    for (const Record& s : rows) {
      if (s.at("variant") == "random") out.push_back(s.at("best_move"));
    }
    return out;
  };
  EXPECT_EQ(moves(records(read_file(dir + "/again/searches.csv"))), moves(searches));
  fs::remove_all(dir);
}

TEST(AccuracyConfig, BadKeysAreLocated) {
  const std::string head =
      "inputs:\n  - game: tictactoe\nalgorithms:\n  - {name: ab, algorithm: alphabeta}\n";
  const std::vector<testing::BadConfig> cases = {
      {head + "accuracy: {budgets: [10, 5]}\n", "5:26", "list them ascending"},
      {head + "accuracy: {budgets: [0]}\n", "5:22", "a budget in 'accuracy.budgets'"},
      {head + "accuracy: {budgets: [10], unit: seconds}\n", "5:33", "'accuracy.unit'"},
      {head + "accuracy: {unit: ms}\n", "5:11", "'budgets'"},
      {head + "accuracy: {budgets: [10], depth: 3}\n", "5:27", "unknown key 'depth'"},
      {head + "accuracy: {budgets: [10]}\nreference: ab\n", "6:1",
       "'reference' does not apply with 'accuracy'"},
      {"inputs:\n  - game: tictactoe\n    depths: [2]\nalgorithms:\n"
       "  - {name: ab, algorithm: alphabeta}\naccuracy: {budgets: [10]}\n",
       "3:5", "'depths' does not apply with 'accuracy'"},
      {"inputs:\n  - game: tictactoe\nalgorithms:\n  - {name: mm, algorithm: minimax}\n"
       "accuracy: {budgets: [10]}\n",
       "4:27", "algorithm 'mm': minimax cannot play under an accuracy budget"},
      {"inputs:\n  - game: tictactoe\nalgorithms:\n"
       "  - {name: ab, algorithm: alphabeta, nodes: 5}\naccuracy: {budgets: [10]}\n",
       "4:38", "'nodes' does not apply with 'accuracy'"},
  };
  const std::string dir = make_temp_dir();
  testing::expect_located(cases, dir + "/bad.yaml");
  // Through the command: one line, exit code 2.
  const auto r = run_harness({"compare", write_config(dir, cases[0].text), "--quiet"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("accuracy.yaml:5:26: "), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  fs::remove_all(dir);
}

// Wilson's interval for 8 of 10 (Wilson 1927; the textbook example): 0.4902 to 0.9433; for 0 of
// 10 it starts at 0 and is not empty.
TEST(AccuracyStats, WilsonAndMeanIntervals) {
  const Interval95 w = wilson_interval(8, 10);
  EXPECT_NEAR(w.low, 0.4902, 1e-4);
  EXPECT_NEAR(w.high, 0.9433, 1e-4);
  const Interval95 none = wilson_interval(0, 10);
  EXPECT_EQ(none.low, 0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
  // Mean 2, sample standard deviation 1 (1, 2, 3): 2 +- 1.96 / sqrt(3).
  const MeanInterval m = mean_interval({1, 2, 3});
  EXPECT_DOUBLE_EQ(m.mean, 2);
  EXPECT_NEAR(m.interval.high - m.mean, 1.959964 / std::sqrt(3.0), 1e-6);
  EXPECT_TRUE(std::isnan(mean_interval({5}).interval.low));
}

}  // namespace
}  // namespace gts
