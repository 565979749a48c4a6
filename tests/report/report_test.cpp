// `harness report`: each kind of run folder gives its plots (non-empty PNG and SVG images) and a
// report.html that shows them with the tables; a missing gnuplot, an unknown folder and a broken
// CSV are one clear line each.
#include <gtest/gtest.h>

#include <cstdlib>
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

std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

// A real, non-empty plot: a PNG with sensible dimensions and far more data than a blank canvas
// (a blank 640x480 gnuplot PNG is about 2 KB; a plot with axes, labels and data is over 10 KB),
// and an SVG drawn from the same script that holds the given texts and many drawn elements.
void expect_plot(const fs::path& plots, const std::string& name,
                 const std::vector<std::string>& texts) {
  SCOPED_TRACE(name);
  const std::string png = read_file((plots / (name + ".png")).string());
  ASSERT_GT(png.size(), 24u) << "missing or empty " << name << ".png";
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_GE(big_endian(png, 16), 300u);  // width
  EXPECT_GE(big_endian(png, 20), 200u);  // height
  EXPECT_GT(png.size(), 6000u) << "looks like a blank image";
  const std::string svg = read_file((plots / (name + ".svg")).string());
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_GT(count(svg, "<path"), 10u);
  for (const auto& t : texts) EXPECT_NE(svg.find(t), std::string::npos) << t;
  // The data and script stay beside the images, so that a plot can be re-drawn by hand.
  EXPECT_TRUE(fs::exists(plots / (name + ".gp")));
  EXPECT_TRUE(fs::exists(plots / (name + ".dat")));
}

std::string write_config(const std::string& dir, const std::string& text) {
  const std::string path = dir + "/config.yaml";
  std::ofstream(path) << text;
  return path;
}

// A small Kalah tournament; `ab_d3` has an underscore, which gnuplot's enhanced text would eat.
const char* kTournament = R"(
name: report-test
game: {name: kalah, params: {seeds: 3}}
players:
  - {name: ab_d3, algorithm: alphabeta, depth: 3}
  - {name: sss-d2, algorithm: sss*, depth: 2}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 2, plies: 2}
tournament: {pairs: 2}
seed: 4
)";

TEST(Report, TournamentRunGivesPlotsAndTables) {
  REQUIRE_GNUPLOT();
  const std::string dir = make_temp_dir();
  const std::string run = dir + "/run";
  auto played = run_harness({"run", write_config(dir, kTournament), "--out", run});
  ASSERT_EQ(played.exit_code, 0) << played.err;

  auto r = run_harness({"report", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("tournament report: "), std::string::npos) << r.out;
  const fs::path plots = fs::path(run) / "plots";
  expect_plot(plots, "elo", {"ab_d3", "sss-d2", "rnd", "Elo"});
  expect_plot(plots, "crosstable", {"ab_d3", "rnd", "/8"});
  expect_plot(plots, "nodes_per_move", {"ab_d3", "sss-d2", "nodes"});
  expect_plot(plots, "time_per_move", {"ab_d3", "milliseconds"});

  const std::string html = read_file(run + "/report.html");
  for (const char* s :
       {"<h2>Standings</h2>", "<h2>Crosstable</h2>", "<h2>Pairings</h2>", "<h2>Work per move</h2>",
        "<h2>Games</h2>", "<img src=\"plots/elo.png\"", "<img src=\"plots/crosstable.png\"",
        "<img src=\"plots/nodes_per_move.png\"", "<img src=\"plots/time_per_move.png\"",
        "href=\"plots/elo.svg\"", "<td class=\"name\">ab_d3</td>", "95% interval",
        "href=\"standings.csv\"", "report-test", "kalah", "(standings.csv: elo)",
        "(standings.csv: elo_lo, elo_hi)", "(crosstable.csv: rnd)", "(games.csv: termination)"}) {
    EXPECT_NE(html.find(s), std::string::npos) << s;
  }
  // Mailed alone, the page names the run folder's CSVs rather than linking where it cannot reach.
  auto mailed = run_harness({"report", run, "--out", dir + "/mail", "--self-contained"});
  ASSERT_EQ(mailed.exit_code, 0) << mailed.err;
  const std::string alone = read_file(dir + "/mail/report.html");
  EXPECT_EQ(alone.find(".csv\""), std::string::npos) << "a link to a CSV";
  EXPECT_NE(alone.find("<code>standings.csv</code> (in the run folder)"), std::string::npos);
  EXPECT_NE(alone.find("(standings.csv: elo)"), std::string::npos);

  // A games.csv row the standings do not count (a foreign game, a game twice) and a missing
  // pairs.csv are each one line, exit 1, and a warning in report.html.
  const std::string games = read_file(run + "/games.csv");
  const std::size_t lines = testing::count(games, "\n");  // the header and every game
  const std::size_t row = games.find('\n') + 1;
  const std::string game0 = games.substr(row, games.find('\n', row) + 1 - row);
  const std::string next = std::to_string(lines + 1);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"999" + game0.substr(1), "games.csv:" + next + ": game 999: not a game of this run " +
                                    "(run.yaml: games_total " + std::to_string(lines - 1) +
                                    ", numbered from 0)"},
      {game0, "games.csv:" + next + ": game 0: recorded again (first at line 2)"},
  };
  for (const auto& [added, line] : cases) {
    std::ofstream(run + "/games.csv", std::ios::trunc) << games + added;
    auto damaged = run_harness({"report", run});
    EXPECT_EQ(damaged.exit_code, 1) << damaged.err;
    // The manifest names the file first; the kind's own check then finds the line.
    EXPECT_EQ(damaged.err, run +
                               "/games.csv: changed since the run wrote it (its SHA-256 is not "
                               "manifest.sha256's)\n" +
                               run + "/" + line + "\n");
    EXPECT_NE(read_file(run + "/report.html").find("Warning: " + run + "/" + line),
              std::string::npos);
  }
  std::ofstream(run + "/games.csv", std::ios::trunc) << games;
  // What only the whole-folder check of replay sees: a game record whose moves are not moves.csv's.
  const std::string txt = read_file(run + "/games.txt");
  std::string bent = txt;
  const std::size_t tab = bent.rfind('\t', bent.find('\n'));  // game 0's last move
  bent.insert(tab + 1, "9 ");
  std::ofstream(run + "/games.txt", std::ios::trunc) << bent;
  auto bent_moves = run_harness({"report", run});
  EXPECT_EQ(bent_moves.exit_code, 1) << bent_moves.err;
  EXPECT_NE(bent_moves.err.find(run + "/games.txt:1: game 0: "), std::string::npos)
      << bent_moves.err;
  std::ofstream(run + "/games.txt", std::ios::trunc) << txt;
  fs::remove(run + "/pairs.csv");
  auto no_pairs = run_harness({"report", run});
  EXPECT_EQ(no_pairs.exit_code, 1);
  EXPECT_EQ(no_pairs.err, run + "/pairs.csv: missing (manifest.sha256 lists it)\n" + run +
                              "/pairs.csv: missing (a tournament run writes it)\n");
  fs::remove_all(dir);
}

// A gauntlet's player under test plays every game, so it leads on points whatever its rating: the
// standings are ranked by Elo (a player without a finite one by its bound), the player marked.
TEST(Report, GauntletIsRankedByRatingWithThePlayerUnderTestMarked) {
  REQUIRE_GNUPLOT();
  const std::string dir = make_temp_dir();
  const std::string run = dir + "/run";
  const char* config = R"(
name: gauntlet
game: {name: kalah, params: {seeds: 3}}
players:
  - {name: d3, algorithm: alphabeta, depth: 3}
  - {name: under_test, algorithm: alphabeta, depth: 2}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 2, plies: 2}
tournament: {format: gauntlet, gauntlet: [under_test], pairs: 2}
seed: 4
)";
  ASSERT_EQ(run_harness({"run", write_config(dir, config), "--out", run}).exit_code, 0);
  // standings.csv lists by points: the player under test first with a negative Elo.
  const std::string csv = read_file(run + "/standings.csv");
  ASSERT_EQ(csv.substr(csv.find('\n') + 1, 21), "under_test,16,10,0,6,") << csv;
  ASSERT_EQ(run_harness({"report", run}).exit_code, 0);
  const std::string html = read_file(run + "/report.html");
  const std::string standings = html.substr(html.find("<h2>Standings</h2>"));
  const auto row = [&](const std::string& player) {
    return standings.find("<td class=\"name\">" + player);
  };
  EXPECT_LT(row("d3"), row("under_test"));
  EXPECT_LT(row("under_test"), row("rnd"));  // unbounded below: last, shown by its bound
  EXPECT_NE(standings.find("<tr class=\"marked\"><td class=\"num\" data-v=\"2\">2</td><td "
                           "class=\"name\">under_test <span class=\"tag\">(under test)</span>"),
            std::string::npos);
  EXPECT_EQ(count(standings, "<tr class=\"marked\">"), 1u);
  EXPECT_NE(standings.find(">−95.4</td>"), std::string::npos);
  EXPECT_NE(standings.find(">≤ −232.5</td>"), std::string::npos);
  EXPECT_NE(standings.find("title=\"no finite rating (unbounded-below): see the interval\">—</td>"),
            std::string::npos);
  fs::remove_all(dir);
}

TEST(Report, TournamentWithoutMovesAndWithUnboundedRatings) {
  REQUIRE_GNUPLOT();
  const std::string dir = make_temp_dir();
  const std::string run = dir + "/run";
  const char* config = R"(
name: lopsided
game: {name: kalah, params: {seeds: 3}}
players:
  - {name: strong, algorithm: alphabeta, depth: 4}
  - {name: rnd, algorithm: random, depth: 1}
  - {name: broken, algorithm: faulty, depth: 1, options: {after: 2}}
tournament: {pairs: 2}
output: {moves: false}
seed: 3
)";
  // `faulty` is a test-only player: the run goes through the harness build that has it.
  ASSERT_EQ(testing::run_test_harness({"run", write_config(dir, config), "--out", run}).exit_code,
            0);
  ASSERT_FALSE(fs::exists(run + "/moves.csv"));
  // A separate output folder: the report links back to the run's CSVs.
  const std::string out = dir + "/report";
  auto r = run_harness({"report", run, "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path plots = fs::path(out) / "plots";
  expect_plot(plots, "elo", {"strong", "broken (unbounded-below)"});
  expect_plot(plots, "crosstable", {"strong", "broken"});
  expect_plot(plots, "nodes_per_move", {"strong", "broken"});  // bars from standings.csv
  expect_plot(plots, "time_per_move", {"strong"});
  const std::string html = read_file(out + "/report.html");
  EXPECT_NE(html.find("this run kept no moves.csv"), std::string::npos);
  EXPECT_NE(html.find("Forfeits"), std::string::npos);
  EXPECT_NE(html.find("faulty player"), std::string::npos);  // the forfeit's reason
  EXPECT_NE(html.find("href=\"../run/standings.csv\""), std::string::npos);
  EXPECT_FALSE(fs::exists(run + "/report.html"));
  fs::remove_all(dir);
}

TEST(Report, SolveRunGivesProblemsSolvedWithinTime) {
  REQUIRE_GNUPLOT();
  const std::string out = make_temp_dir();
  auto r = run_harness({"report", "tests/report/data/solve-run", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("solve report: "), std::string::npos) << r.out;
  const fs::path plots = fs::path(out) / "plots";
  expect_plot(plots, "solved_within", {"df-pn+", "ab-tt", "problems solved", "all 7 problems"});
  expect_plot(plots, "nodes_per_problem", {"df-pn", "pn+"});
  const std::string html = read_file(out + "/report.html");
  for (const char* s : {"<h2>Problems solved within t ms</h2>", "<h2>Summary</h2>",
                        "<img src=\"plots/solved_within.png\"", "time_ms_common", "x-wins"}) {
    EXPECT_NE(html.find(s), std::string::npos) << s;
  }
  fs::remove_all(out);
}

// A file the run kind always writes that the folder lacks is named on one line, exit 1, and in
// report.html, where its section is left out; never dropped without a word.
TEST(Report, AMissingFileOfTheRunIsNamed) {
  REQUIRE_GNUPLOT();
  const std::string dir = make_temp_dir();
  for (const char* f : {"solved_within.csv", "summary.csv"}) {
    fs::copy_file(fs::path("tests/report/data/solve-run") / f, fs::path(dir) / f);
  }
  auto r = run_harness({"report", dir});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err, dir +
                       "/solve.csv: missing (a solve run writes it); the report leaves out what it "
                       "holds\n");
  EXPECT_NE(r.out.find("solve report: "), std::string::npos) << r.out;
  const std::string html = read_file(dir + "/report.html");
  EXPECT_NE(html.find("Warning: solve.csv is missing (a solve run writes it)"), std::string::npos);
  fs::copy_file("tests/report/data/solve-run/solve.csv", dir + "/solve.csv");
  auto whole = run_harness({"report", dir});
  EXPECT_EQ(whole.exit_code, 0) << whole.err;
  EXPECT_EQ(whole.err, "");
  fs::remove_all(dir);
}

TEST(Report, MissingGnuplotSaysWhatToInstall) {
  const std::string dir = make_temp_dir();
  std::ofstream(dir + "/standings.csv") << "player,games,score,elo,elo_lo,elo_hi\na,1,1,0,0,0\n";
  std::ofstream(dir + "/crosstable.csv") << "player,a\na,\n";
  const char* old_path = std::getenv("PATH");
  const std::string saved = old_path != nullptr ? old_path : "";
  const char* old_forced = std::getenv("GTS_GNUPLOT");
  const std::string saved_forced = old_forced != nullptr ? old_forced : "";
  setenv("PATH", "/nonexistent", 1);
  unsetenv("GTS_GNUPLOT");
  auto r = run_harness({"report", dir});
  setenv("PATH", saved.c_str(), 1);
  if (old_forced != nullptr) setenv("GTS_GNUPLOT", saved_forced.c_str(), 1);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("apt-get install gnuplot-nox"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(fs::exists(dir + "/report.html"));
  fs::remove_all(dir);
}

TEST(Report, UnknownFoldersAndBrokenFilesAreOneLine) {
  const std::string dir = make_temp_dir();
  auto missing = run_harness({"report", dir + "/nowhere"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("is not a folder"), std::string::npos) << missing.err;

  auto empty = run_harness({"report", dir});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("standings.csv"), std::string::npos) << empty.err;
  EXPECT_NE(empty.err.find("solved_within.csv"), std::string::npos) << empty.err;
  EXPECT_EQ(std::count(empty.err.begin(), empty.err.end(), '\n'), 1) << empty.err;

  auto no_dir = run_harness({"report"});
  EXPECT_EQ(no_dir.exit_code, 2);

  if (have_gnuplot()) {
    std::ofstream(dir + "/standings.csv") << "player,games\na,1\n";
    std::ofstream(dir + "/crosstable.csv") << "player,a\na,\n";
    auto broken = run_harness({"report", dir});
    EXPECT_EQ(broken.exit_code, 2);
    EXPECT_NE(broken.err.find(dir + "/standings.csv:1:1: no column"), std::string::npos)
        << broken.err;
    EXPECT_EQ(std::count(broken.err.begin(), broken.err.end(), '\n'), 1) << broken.err;

    // A file cut short (its header, or a row, lost its end), a row with too few fields, or a
    // tournament with no player is refused, located, never drawn as an empty table.
    const std::string header =
        "player,games,wins,draws,losses,score,elo,elo_lo,elo_hi,rating_status\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"player,games,wins,dr", "standings.csv:1:1: the file ends in the middle of a line"},
        {header + "a,2,1,0,1,1,0,-5,5,o", "standings.csv:2:1: the file ends in the middle"},
        {header + "a,2,1\n", "standings.csv:2:1: 3 fields where the header has 10"},
        {header, "standings.csv: holds no player"},
    };
    for (const auto& [text, message] : cases) {
      std::ofstream(dir + "/standings.csv", std::ios::trunc) << text;
      auto r = run_harness({"report", dir});
      EXPECT_EQ(r.exit_code, 2) << message;
      EXPECT_NE(r.err.find(dir + "/" + message), std::string::npos) << r.err;
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace gts
