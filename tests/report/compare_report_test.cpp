// `harness report` on a `harness compare` folder: nodes and leaves against depth per algorithm and
// time per leaf, one set of plots per input set, as non-empty PNG and SVG images, with the summary
// table in report.html; a compare folder is told from a solve folder (both have summary.csv) by
// its compare.csv.
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

// A drawn plot: a PNG far larger than a blank canvas, an SVG with many paths and the given texts.
void expect_plot(const fs::path& plots, const std::string& name,
                 const std::vector<std::string>& texts) {
  SCOPED_TRACE(name);
  const std::string png = read_file((plots / (name + ".png")).string());
  ASSERT_GT(png.size(), 6000u) << "missing, empty or blank " << name << ".png";
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const std::string svg = read_file((plots / (name + ".svg")).string());
  EXPECT_GT(count(svg, "<path"), 10u);
  for (const auto& t : texts) EXPECT_NE(svg.find(t), std::string::npos) << t;
}

TEST(CompareReport, NodesLeavesAndTimePerLeafAgainstDepth) {
  REQUIRE_GNUPLOT();
  const std::string dir = make_temp_dir();
  const std::string config = dir + "/compare.yaml";
  std::ofstream(config) << R"(
name: report-compare
inputs:
  - name: trees
    game: {name: random-tree, params: {branching: 3}}
    sweep: {depth: 2..5, seed: 1..2}
  - name: ttt
    game: tictactoe
    positions: {sample: 3, plies: 2..3}
    depths: [1, 2, 3, max]
algorithms:
  - {name: minimax, algorithm: minimax}
  - {name: ab_plain, algorithm: alphabeta}
  - {name: sss, algorithm: sss*}
)";
  const std::string run = dir + "/run";
  const auto compared = run_harness({"compare", config, "--out", run, "--quiet"});
  ASSERT_EQ(compared.exit_code, 0) << compared.err;
  const auto r = run_harness({"report", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("compare report: "), std::string::npos) << r.out;
  const fs::path plots = fs::path(run) / "plots";
  // ab_plain keeps its underscore: the terminal is not in enhanced-text mode.
  expect_plot(plots, "nodes_trees", {"minimax", "ab_plain", "sss", "depth (plies)", "nodes"});
  expect_plot(plots, "leaves_trees", {"ab_plain", "leaves"});
  expect_plot(plots, "time_per_leaf_trees", {"ns per leaf"});
  expect_plot(plots, "nodes_ttt", {"sss"});
  // Four depths on the trees' axis, three numeric ones for tic-tac-toe (max is table-only).
  EXPECT_EQ(count(read_file((plots / "nodes_trees.dat").string()), "\n5 "), 3u);
  const std::string html = read_file(run + "/report.html");
  for (const char* s :
       {"<h2>Input set trees</h2>", "<h2>Input set ttt</h2>", "<h2>Summary</h2>",
        "<img src=\"plots/nodes_trees.png\"", "<img src=\"plots/leaves_ttt.png\"",
        "<img src=\"plots/time_per_leaf_trees.png\"", "returned the reference's value on all",
        "href=\"compare.csv\"", "leaves_vs_minimal", "report-compare"}) {
    EXPECT_NE(html.find(s), std::string::npos) << s;
  }
  EXPECT_NE(html.find("rows searched to the end (depth max) are in the table only"),
            std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace gts
