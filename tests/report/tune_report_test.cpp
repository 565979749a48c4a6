// `harness report` on `harness tune` folders: the weight trajectories (SPSA) or the candidates'
// ratings (round robin), the verification's LLR and Elo plots as non-empty images, and the verdict
// and tuned.yaml in report.html.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "harness/report/gnuplot.h"
#include "tests/process.h"
#include "tests/report/report_test_util.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::count;
using testing::have_gnuplot;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;

// A drawn plot, not a blank canvas: a PNG well over the size of an empty one (about 2 KB), and an
// SVG with many drawn paths and the given texts.
void expect_plot(const fs::path& plots, const std::string& name,
                 const std::vector<std::string>& texts) {
  SCOPED_TRACE(name);
  const std::string png = read_file((plots / (name + ".png")).string());
  ASSERT_GT(png.size(), 24u) << "missing or empty " << name << ".png";
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_GT(png.size(), 6000u) << "looks like a blank image";
  const std::string svg = read_file((plots / (name + ".svg")).string());
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_GT(count(svg, "<path"), 10u);
  for (const auto& t : texts) EXPECT_NE(svg.find(t), std::string::npos) << t;
}

const char* kEngine = R"(game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 2, options: {random_ties: on}}
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 2000, batch_pairs: 32}
seed: 1
)";

std::string tune_run(const std::string& dir, const std::string& method_text) {
  const std::string config = dir + "/tune.yaml";
  std::ofstream(config) << kEngine << method_text;
  const std::string out = dir + "/run";
  const auto r = run_harness({"tune", config, "--threads", "2", "--out", out, "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

TEST(TuneReport, SpsaRunGivesTrajectoriesAndTheVerification) {
  REQUIRE_GNUPLOT();
  const std::string run = tune_run(make_temp_dir(), R"(name: spsa-report
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
spsa: {iterations: 300, pairs: 4, c_end: 0.3, r_end: 0.002}
)");
  const auto r = run_harness({"report", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("tune report"), std::string::npos) << r.out;
  const fs::path plots = fs::path(run) / "plots";
  expect_plot(plots, "weights", {"Weights over the SPSA iterations", "w1", "w5 (fixed)", "w10"});
  expect_plot(plots, "verify_llr", {"log-likelihood ratio", "accept H1", "accept H0"});
  expect_plot(plots, "verify_elo", {"Elo of the tuned weights", "95% interval"});
  const std::string html = read_file(run + "/report.html");
  for (const char* png : {"plots/weights.png", "plots/verify_llr.png", "plots/verify_elo.png"}) {
    EXPECT_NE(html.find(png), std::string::npos) << png;
  }
  EXPECT_NE(html.find("H1 accepted"), std::string::npos);
  EXPECT_NE(html.find("tuned: {kind: linear, weights: ["), std::string::npos);
  EXPECT_NE(html.find("spsa-report"), std::string::npos);  // the run's name, from run.yaml
}

TEST(TuneReport, RoundRobinRunGivesTheCandidatesRatings) {
  REQUIRE_GNUPLOT();
  const std::string run = tune_run(make_temp_dir(), R"(name: rr-report
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
method: round-robin
round_robin:
  candidates: [[0.5, 0.5, 0.5, 0.5, 1, -0.5, -0.5, -0.5, -0.5, -1]]
  sample: {count: 2, spread: 0.3}
  pairs: 20
)");
  const auto r = run_harness({"report", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path plots = fs::path(run) / "plots";
  expect_plot(plots, "candidates", {"Candidates", "start", "listed1", "sample2"});
  expect_plot(plots, "verify_llr", {"log-likelihood ratio"});
  EXPECT_FALSE(fs::exists(plots / "weights.png"));
  const std::string html = read_file(run + "/report.html");
  EXPECT_NE(html.find("plots/candidates.png"), std::string::npos);
  EXPECT_NE(html.find("accepted"), std::string::npos);
}

TEST(TuneReport, BrokenTuneCsvIsOneClearLine) {
  const std::string dir = make_temp_dir();
  std::ofstream(dir + "/tune.csv") << "something,else\n1,2\n";
  std::ofstream(dir + "/run.yaml") << "run: {status: finished}\n";
  const auto r = run_harness({"report", dir});
  EXPECT_EQ(r.exit_code, 1);
  // The folder is checked whole first: its run.yaml and the journal it lacks are named, then what
  // stopped the drawing, each on one line.
  EXPECT_EQ(r.err, dir + "/run.yaml: not a run.yaml: it needs a 'run' and a 'config' map\n" + dir +
                       "/games.csv: missing (every tune run writes it)\n" +
                       "no report written: tune.csv: expected an 'iteration' (SPSA) or " +
                       "'candidate' column\n")
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/report.html"));
}

}  // namespace
}  // namespace gts
