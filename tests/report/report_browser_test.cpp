// report.html of every run kind (a tournament, a gauntlet, compare and its accuracy mode, solve,
// tune), as linked and as one self-contained file copied alone, rendered in headless Chromium at
// 1,400 x 900: no script error, no console error, no resource that fails to load, every image
// shown, the page no wider than the window, a tooltip on every header, no raw inf or nan, and a
// click on each numeric header sorting its table both ways. A probe script, added to the test's
// copy of the page only, records what happened and writes its verdict into the DOM, which
// `--dump-dom` prints.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/process.h"
#include "tests/report/report_test_util.h"

namespace gts {
namespace {

namespace fs = std::filesystem;
using testing::find_chromium;
using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;

const char* kProbe = R"(<script>
(function () {
  var problems = [];
  var cut = function (s) { return String(s).slice(0, 160); };
  window.addEventListener("error", function (e) {
    var t = e.target;
    if (t && t !== window) problems.push("failed to load " + cut(t.src || t.href || t.tagName));
    else problems.push("script error: " + e.message);
  }, true);
  var error = console.error;
  console.error = function () {
    problems.push("console.error: " + cut(Array.prototype.join.call(arguments, " ")));
    error.apply(console, arguments);
  };
  window.addEventListener("load", function () {
    var width = document.documentElement.scrollWidth;
    if (width > window.innerWidth) {
      problems.push("the page is " + width + " px wide in a " + window.innerWidth + " px window");
    }
    Array.prototype.forEach.call(document.images, function (img) {
      if (!img.complete || img.naturalWidth === 0) problems.push("image not shown: " + cut(img.src));
    });
    document.querySelectorAll("td").forEach(function (td) {
      if (/^-?(inf|nan)$/i.test(td.textContent.trim())) problems.push("raw " + td.textContent);
    });
    var sorted = 0;
    document.querySelectorAll("table.sortable").forEach(function (table) {
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
        if (!th.title) problems.push("no tooltip on the header " + th.textContent);
        if (!th.classList.contains("num")) return;
        [1, -1].forEach(function (direction) {
          th.click();
          var last = null, ordered = true;
          Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
            var v = row.cells[i].getAttribute("data-v");
            if (v === null) return;
            v = parseFloat(v);
            if (last !== null && (v - last) * direction < 0) ordered = false;
            last = v;
          });
          if (!ordered) {
            problems.push("column " + th.textContent + " not sorted " +
                          (direction > 0 ? "up" : "down") + " after a click");
          }
        });
        ++sorted;
      });
    });
    var verdict = document.createElement("pre");
    verdict.id = "gts-verdict";
    verdict.textContent = JSON.stringify(
        {problems: problems, sorted: sorted, images: document.images.length});
    document.body.appendChild(verdict);
  });
})();
</script>
)";

struct Verdict {
  std::vector<std::string> problems;
  int sorted = 0, images = 0;
};

// Renders `html` (a copy with the probe added beside it) and returns the probe's verdict.
Verdict render(const std::string& chromium, const fs::path& html) {
  std::string page = read_file(html.string());
  const auto head = page.find("<head>");
  EXPECT_NE(head, std::string::npos);
  page.insert(head + 6, kProbe);
  const fs::path probed = html.parent_path() / "probed.html";
  std::ofstream(probed) << page;
  const std::string profile = make_temp_dir();
  const auto r = testing::run_program(
      "/usr/bin/timeout",
      {"60", chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
       "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1400,900",
       "--dump-dom", "file://" + fs::absolute(probed).string()});
  fs::remove_all(profile);
  fs::remove(probed);
  Verdict v;
  const std::string open = "<pre id=\"gts-verdict\">";
  const auto at = r.out.find(open);
  if (r.exit_code != 0 || at == std::string::npos) {
    v.problems.push_back("chromium exited " + std::to_string(r.exit_code) +
                         " without a verdict: " + r.err.substr(0, 500));
    return v;
  }
  std::string text = r.out.substr(at + open.size(), r.out.find("</pre>", at) - at - open.size());
  for (const auto& [entity, c] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&amp;", "&"}}) {
    for (auto p = text.find(entity); p != std::string::npos; p = text.find(entity, p + 1)) {
      text.replace(p, entity.size(), c);
    }
  }
  const auto json = nlohmann::json::parse(text);
  v.problems = json["problems"].get<std::vector<std::string>>();
  v.sorted = json["sorted"].get<int>();
  v.images = json["images"].get<int>();
  return v;
}

// Reports the run twice, linked and self-contained (copied alone to a folder of its own), and
// renders both; each shows `images` plots and sorts at least one numeric column.
void expect_clean_pages(const std::string& chromium, const std::string& run, int images) {
  SCOPED_TRACE(run);
  const std::string dir = make_temp_dir();
  const auto linked = run_harness({"report", run, "--out", dir + "/linked"});
  ASSERT_EQ(linked.exit_code, 0) << linked.err;
  const auto inlined = run_harness({"report", run, "--out", dir + "/inlined", "--self-contained"});
  ASSERT_EQ(inlined.exit_code, 0) << inlined.err;
  fs::create_directories(dir + "/mailed");
  fs::copy_file(dir + "/inlined/report.html", dir + "/mailed/report.html");
  for (const std::string page : {"/linked/report.html", "/mailed/report.html"}) {
    SCOPED_TRACE(page);
    const Verdict v = render(chromium, dir + page);
    EXPECT_EQ(v.problems, std::vector<std::string>{});
    EXPECT_EQ(v.images, images);
    EXPECT_GT(v.sorted, 0);
  }
  EXPECT_EQ(read_file(dir + "/mailed/report.html").find("src=\"plots/"), std::string::npos);
  fs::remove_all(dir);
}

std::string make_run(const std::vector<std::string>& command, const std::string& config_text,
                     const std::string& dir) {
  std::ofstream(dir + "/config.yaml") << config_text;
  std::vector<std::string> args = command;
  args.insert(args.begin() + 1, dir + "/config.yaml");
  args.insert(args.end(), {"--out", dir + "/run", "--quiet"});
  const auto r = run_harness(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return dir + "/run";
}

class ReportInBrowser : public ::testing::Test {
 protected:
  void SetUp() override {
    REQUIRE_GNUPLOT();
    chromium_ = find_chromium();
    if (chromium_.empty()) {
      GTEST_SKIP() << "chromium is not installed (apt-get install chromium; scripts/setup.sh "
                      "installs it)";
    }
    dir_ = make_temp_dir();
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  std::string chromium_, dir_;
};

TEST_F(ReportInBrowser, TournamentAndGauntlet) {
  // Long names and an underscore: a name must not wrap or widen the page.
  const std::string players = R"(
players:
  - {name: alphabeta_depth_three_with_a_long_name, algorithm: alphabeta, depth: 3}
  - {name: sss-d2, algorithm: sss*, depth: 2}
  - {name: rnd, algorithm: random, depth: 1}
game: {name: kalah, params: {seeds: 3}}
seed: 4
)";
  fs::create_directories(dir_ + "/rr");
  expect_clean_pages(
      chromium_, make_run({"run"}, "name: rr\ntournament: {pairs: 2}\n" + players, dir_ + "/rr"),
      4);
  fs::create_directories(dir_ + "/g");
  const std::string gauntlet = make_run(
      {"run"}, "name: g\ntournament: {format: gauntlet, gauntlet: [rnd], pairs: 2}\n" + players,
      dir_ + "/g");
  expect_clean_pages(chromium_, gauntlet, 4);
}

TEST_F(ReportInBrowser, CompareSolveAndTune) {
  fs::create_directories(dir_ + "/c");
  const std::string compare = make_run({"compare"}, R"(
name: c
inputs:
  - name: trees
    game: {name: random-tree, params: {branching: 3}}
    sweep: {depth: 2..4, seed: 1..2}
algorithms:
  - {name: minimax, algorithm: minimax}
  - {name: ab, algorithm: alphabeta}
  - {name: pns, algorithm: sss*}
)",
                                       dir_ + "/c");
  expect_clean_pages(chromium_, compare, 3);
  // A compare run in accuracy mode: two plots per group.
  fs::create_directories(dir_ + "/a");
  const std::string accuracy = make_run({"compare"}, R"(
name: a
inputs:
  - name: ttt
    game: tictactoe
    positions: {sample: 6, plies: 1..4}
algorithms:
  - {name: alphabeta_with_a_long_name, algorithm: alphabeta}
  - {name: mtdf, algorithm: mtdf}
accuracy: {budgets: [1, 100, 10000]}
)",
                                        dir_ + "/a");
  expect_clean_pages(chromium_, accuracy, 2);
  expect_clean_pages(chromium_, "tests/report/data/solve-run", 2);
  fs::create_directories(dir_ + "/t");
  const std::string tune = make_run({"tune", "--threads", "2"}, R"(name: t
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 2, options: {random_ties: on}}
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 200, batch_pairs: 32}
seed: 1
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
spsa: {iterations: 30, pairs: 2, c_end: 0.3, r_end: 0.002}
)",
                                    dir_ + "/t");
  expect_clean_pages(chromium_, tune, 3);
}

}  // namespace
}  // namespace gts
