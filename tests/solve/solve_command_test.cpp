// `harness solve` as a user runs it: the shipped tic-tac-toe config end to end, a small Go config,
// the same results on any thread count, one located line and exit code 2 for every kind of bad
// config, and the report arithmetic on its own.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "harness/csv.h"
#include "harness/solve/solve_runner.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::write_config;

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(read_file(path));
  for (std::string line; std::getline(in, line);) rows.push_back(csv::split(line));
  return rows;
}

// Connect Four poses solve problems through its registry entry alone: every solver agrees with
// the scores in Pons' test sets on the shipped positions.
TEST(SolveCommand, ConnectFourConfigAgreesWithPonsScores) {
  const std::string out = make_temp_dir() + "/run";
  const auto r = run_harness({"solve", "configs/solve-connect-four.yaml", "--out", out, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = read_csv(out + "/solve.csv");
  ASSERT_EQ(rows.size(), 1 + 9 * 4u);
  int proved = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i][4], "true") << rows[i][0] << " " << rows[i][1] << " " << rows[i][2];
    proved += rows[i][2] == "proved" ? 1 : 0;
  }
  EXPECT_EQ(proved, 4 * 4);  // l2-126, l2-376, l2-626 and l2-751, by each solver
}

TEST(SolveCommand, TicTacToeConfigEndToEnd) {
  const std::string out = make_temp_dir() + "/run";
  const auto r = run_harness({"solve", "configs/solve-tictactoe.yaml", "--out", out, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // --quiet removes progress only: no progress on stderr, the table Table 1 has still printed.
  EXPECT_NE(r.out.find("df-pn+"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(read_file(out + "/summary.csv").find("df-pn+"), std::string::npos);
  const auto loud = run_harness({"solve", "configs/solve-tictactoe.yaml", "--out", out + "2"});
  ASSERT_EQ(loud.exit_code, 0) << loud.err;
  EXPECT_NE(loud.out.find("df-pn+"), std::string::npos) << loud.out;

  const auto rows = read_csv(out + "/solve.csv");
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0],
            (std::vector<std::string>{"problem", "algorithm", "result", "expected", "correct",
                                      "best_move", "nodes", "time_ms", "alloc_ms", "depth",
                                      "peak_bytes"}));
  ASSERT_EQ(rows.size(), 1 + 7 * 6u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i][4], "true") << rows[i][0] << " " << rows[i][1];
    EXPECT_EQ(rows[i][2], rows[i][3]);
    if (rows[i][0] == "x-wins") {
      EXPECT_EQ(rows[i][2], "disproved");
    }
    if (rows[i][0] == "x-does-not-lose") {
      EXPECT_EQ(rows[i][2], "proved");
    }
  }
  const auto summary = read_csv(out + "/summary.csv");
  ASSERT_EQ(summary.size(), 1 + 6u);
  EXPECT_EQ(summary[0][0], "algorithm");
  for (std::size_t i = 1; i < summary.size(); ++i) {
    EXPECT_EQ(summary[i][2], "7") << summary[i][0];  // solved
    EXPECT_EQ(summary[i][3], "0");                   // failed
    EXPECT_EQ(summary[i][4], "0");                   // wrong
  }
  const auto within = read_csv(out + "/solved_within.csv");
  ASSERT_GE(within.size(), 2u);
  EXPECT_EQ(within[0],
            (std::vector<std::string>{"t_ms", "ab", "ab-tt", "pn", "pn+", "df-pn", "df-pn+"}));
  EXPECT_EQ(within.back()[1], "7");
  EXPECT_TRUE(std::filesystem::exists(out + "/config.yaml"));
  std::filesystem::remove_all(std::filesystem::path(out).parent_path());
}

// A small Go config: shipped problems by glob, one by its text form; the same results on one
// thread and on three.
TEST(SolveCommand, GoProblemsByGlobAndTextOnAnyThreadCount) {
  const std::string dir = make_temp_dir();
  const std::string root = std::filesystem::current_path().string();
  const std::string config =
      write_config(dir, "go.yaml",
                   "game: go-capture\n"
                   "problems:\n"
                   "  - files: " +
                       root +
                       "/problems/go-capture/snapback-0*.sgf\n"
                       "  - {name: tiny-ladder, problem: "
                       "'......./......./......./..XO.../...XX../......./....... "
                       "turn=B target=D4', expected: proved}\n"
                       "algorithms:\n"
                       "  - {algorithm: pn+}\n"
                       "  - {algorithm: df-pn+, options: {tt_mb: 2}}\n"
                       "  - {algorithm: ab, options: {tt: 'on', tt_mb: 1}}\n"
                       "limits: {nodes: 200000, time_ms: 20000}\n");
  std::vector<std::vector<std::vector<std::string>>> runs;
  for (const char* threads : {"1", "3"}) {
    const std::string out = dir + "/out" + threads;
    const auto r = run_harness({"solve", config, "--threads", threads, "--out", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("runs 12/12"), std::string::npos) << r.err;  // the progress line
    auto rows = read_csv(out + "/solve.csv");
    for (auto& row : rows) row[7] = row[8] = "";  // time_ms and alloc_ms differ from run to run
    runs.push_back(rows);
  }
  EXPECT_EQ(runs[0], runs[1]);
  const auto& rows = runs[0];
  ASSERT_EQ(rows.size(), 1 + 4 * 3u);
  EXPECT_EQ(rows[1][0], "snapback-01");
  EXPECT_EQ(rows[1][1], "pn+");
  EXPECT_EQ(rows[2][1], "dfpn+(tt_mb=2)");
  EXPECT_EQ(rows[3][1], "alphabeta(tt=on,tt_mb=1)");
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i][4], "true") << rows[i][0] << " " << rows[i][1];
    EXPECT_FALSE(rows[i][5].empty());  // a best move
    EXPECT_NE(rows[i][9], "0");        // depth
  }
  EXPECT_EQ(rows[10][0], "tiny-ladder");
  EXPECT_EQ(rows[10][5], "D5");
  std::filesystem::remove_all(dir);
}

struct BadConfig {
  std::string text;
  std::string fragment;  // of the one-line error, after "FILE:"
};

// White B4 has just taken a ko at C4; Black wants B4. Black to move cannot retake, and White
// then connects and escapes (escape=3): Black captures only if it wins the ko.
const char* kKoProblem = ".XO../XO.O./.XO../...../..... turn=B target=B4 escape=3 ko=C4";

// GNU Go's three answers: proved (even if the opponent wins every ko), proved by ko (only if the
// prover wins the ko), disproved; every solver agrees. The same stones without the ban are
// proved by ko too: Black's capture at C4 takes a ko that White retakes if it wins every ko (GNU
// Go's "works with ko"); with White to move the target is saved.
TEST(SolveCommand, ProvedByKoOnAHandMadeKo) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "ko.yaml", std::string(R"(
name: ko
game: go-capture
problems:
  - {name: ko, problem: ")") + kKoProblem + R"( expect=proved-by-ko"}
  - {name: no-ban, problem: ".XO../XO.O./.XO../...../..... turn=B target=B4 escape=3", expected: proved by ko}
  - {name: saved, problem: ".XO../XO.O./.XO../...../..... turn=W target=B4 escape=3", expected: proved}
algorithms:
  - {algorithm: alphabeta, options: {tt: "on"}}
  - {algorithm: alphabeta, options: {tt: "off"}}
  - {algorithm: pn}
  - {algorithm: pn+}
  - {algorithm: dfpn}
  - {algorithm: dfpn+}
limits: {nodes: 1000000, time_ms: 20000}
)");
  const auto r = run_harness({"solve", config, "--out", dir + "/out", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = read_csv(dir + "/out/solve.csv");
  ASSERT_EQ(rows.size(), 1 + 3 * 6u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    SCOPED_TRACE(rows[i][0] + " " + rows[i][1]);
    EXPECT_EQ(rows[i][2], rows[i][0] == "saved" ? "proved" : "proved by ko");
    EXPECT_EQ(rows[i][4], "true");
  }
  // search says the same, and under one ko rule (ko_threats) a ban is a different position from
  // the same stones without it: a table that merged them would answer one for both.
  auto search = [](const std::string& problem, std::vector<std::string> extra) {
    std::vector<std::string> args = {
        "search",  "--game", "go-capture", "--algorithm", "dfpn",
        "--depth", "max",    "--json",     "--param",     "problem=" + problem};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto p = run_harness(args);
    EXPECT_EQ(p.exit_code, 0) << p.err;
    return nlohmann::json::parse(p.out)["result"].get<std::string>();
  };
  EXPECT_EQ(search(kKoProblem, {}), "proved by ko");
  EXPECT_EQ(search(kKoProblem, {"--param", "ko_threats=white"}), "disproved");
  EXPECT_EQ(search(kKoProblem, {"--param", "ko_threats=black"}), "proved");
  EXPECT_EQ(search(kKoProblem, {"--param", "ko_threats=white", "--position",
                                ".XO../XO.O./.XO../...../.....:B"}),
            "disproved");
  // Black B2-C2-B1 in atari, White C1 has just taken at D1: Black escapes only by retaking, so
  // with White winning every ko the ban decides.
  const std::string retake = "...../...../OOO../OXXO./.XO.O turn=B target=B2 escape=2 ko=D1";
  EXPECT_EQ(search(retake, {"--param", "ko_threats=white"}), "disproved");
  EXPECT_EQ(search(retake, {"--param", "ko_threats=white", "--position",
                            "...../...../OOO../OXXO./.XO.O:B"}),
            "proved");
}

// ko_searches=side-by-side (the two ko searches at once, on two threads) gives GNU Go's three
// answers as the searches in turn do: proved (the first search proves), proved by ko (the
// second), disproved (the second disproves: the first is stopped), for every solver; the shipped
// semeai and snapback problems too.
TEST(SolveCommand, KoSearchesSideBySideGiveTheSameAnswers) {
  const std::string dir = make_temp_dir();
  std::string problems = std::string("  - {name: ko, problem: \"") + kKoProblem + "\"}\n" +
                         "  - {name: saved, problem: \".XO../XO.O./.XO../...../..... turn=W "
                         "target=B4 escape=3\"}\n";
  for (const char* f : {"semeai-01", "semeai-04", "snapback-01", "snapback-escape-01", "corner-01",
                        "capture-fails-01"}) {
    problems += std::string("  - {file: ") + (std::filesystem::current_path() /
                                              "problems/go-capture" / (std::string(f) + ".sgf"))
                                                 .string() +
                "}\n";
  }
  std::map<std::string, std::string> answers[2];
  for (const int side_by_side : {0, 1}) {
    const std::string config = write_config(
        dir, "ko" + std::to_string(side_by_side) + ".yaml",
        std::string("name: ko\ngame: {name: go-capture, params: {ko_searches: ") +
            (side_by_side != 0 ? "side-by-side" : "in-turn") + "}}\nproblems:\n" + problems +
            "algorithms:\n  - {algorithm: dfpn+}\n  - {algorithm: pn+}\n"
            "  - {algorithm: alphabeta, options: {tt: \"on\"}}\n"
            "limits: {nodes: 2000000, time_ms: 20000}\n");
    const std::string out = dir + "/out" + std::to_string(side_by_side);
    const auto r = run_harness({"solve", config, "--out", out, "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto rows = read_csv(out + "/solve.csv");
    ASSERT_EQ(rows.size(), 1 + 8 * 3u);
    for (std::size_t i = 1; i < rows.size(); ++i) {
      answers[side_by_side][rows[i][0] + " " + rows[i][1]] = rows[i][2];
    }
  }
  EXPECT_EQ(answers[0], answers[1]);
  EXPECT_EQ(answers[1]["ko dfpn+"], "proved by ko");
  EXPECT_EQ(answers[1]["capture-fails-01 dfpn+"], "disproved");
  EXPECT_EQ(answers[1]["saved dfpn+"], "proved");
}

// pn+'s and df-pn+'s focus_cost (the edge cost of the moves go-capture does not name as those
// that can matter) reaches the search from the command line and orders it without changing the
// answer: on the 19x19 ladder read move by move (ladders=off: the reader would settle it at the
// attacker's first atari), without it and with the default, df-pn+ takes 10,299 and 1,420 nodes,
// pn+ 255,440 and 108,689.
TEST(SolveCommand, TheFocusCostOrdersTheSearchAndKeepsTheAnswer) {
  for (const std::string algorithm : {"dfpn+", "pn+"}) {
    SCOPED_TRACE(algorithm);
    auto search = [&](std::vector<std::string> extra) {
      std::vector<std::string> args = {"search",     "--game",
                                       "go-capture", "--algorithm",
                                       algorithm,    "--depth",
                                       "max",        "--json",
                                       "--param",    "file=problems/go-capture/ladder-05.sgf",
                                       "--param",    "region=whole",
                                       "--param",    "ladders=off"};
      args.insert(args.end(), extra.begin(), extra.end());
      const auto p = run_harness(args);
      EXPECT_EQ(p.exit_code, 0) << p.err;
      return nlohmann::json::parse(p.out);
    };
    const auto plain = search({"--option", "focus_cost=0"});
    const auto ordered = search({});
    EXPECT_EQ(plain["result"], "proved");
    EXPECT_EQ(ordered["result"], "proved");
    EXPECT_LT(2 * ordered["nodes"].get<std::uint64_t>(), plain["nodes"].get<std::uint64_t>());
  }
}

// df-pn+'s killer moves reach the search from the command line and order it without changing
// the answer: on semeai-04 (in its region) with and without them, 2,848 and 4,305 nodes.
TEST(SolveCommand, KillerMovesOrderDfpnPlusAndKeepTheAnswer) {
  auto search = [](const std::string& killers) {
    const auto p = run_harness(
        {"search", "--game", "go-capture", "--algorithm", "dfpn+", "--depth", "max", "--json",
         "--param", "file=problems/go-capture/semeai-04.sgf", "--option", "killers=" + killers});
    EXPECT_EQ(p.exit_code, 0) << p.err;
    return nlohmann::json::parse(p.out);
  };
  const auto with = search("on");
  const auto without = search("off");
  EXPECT_EQ(with["result"], "proved");
  EXPECT_EQ(without["result"], "proved");
  EXPECT_LT(with["nodes"].get<std::uint64_t>() * 5, without["nodes"].get<std::uint64_t>() * 4);
}

// A region too small for the truth: black captures C3 at D3, outside the region, so inside it
// the capture fails. region=checked solves on the whole board too, gives its answer and warns.
TEST(SolveCommand, ARegionTooSmallIsDetectedAndWarnedAbout) {
  const std::string problem = "problem=...../..X../.XO../..X../..... turn=B target=C3 region=A1-B5";
  auto search = [&](const std::string& region) {
    const auto r =
        run_harness({"search", "--game", "go-capture", "--param", problem, "--param",
                     "region=" + region, "--algorithm", "dfpn+", "--depth", "max", "--json"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
  };
  const auto plain = search("problem");
  EXPECT_EQ(plain["result"], "disproved");
  EXPECT_EQ(plain["warning"], "");
  const auto checked = search("checked");
  EXPECT_EQ(checked["result"], "proved");
  EXPECT_EQ(checked["warning"],
            "the region is too small: in it the answer is disproved, on the whole board proved");
  // A region that holds what matters passes the check in silence.
  const auto fine = run_harness({"search", "--game", "go-capture", "--param",
                                 "file=problems/go-capture/ladder-01.sgf", "--param",
                                 "region=checked", "--algorithm", "dfpn+", "--depth", "max"});
  EXPECT_EQ(fine.exit_code, 0) << fine.err;
  EXPECT_EQ(fine.out.find("warning"), std::string::npos) << fine.out;
  // harness solve says it on stderr, even when quiet.
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "region.yaml", R"(
name: region
game: {name: go-capture, params: {region: checked}}
problems:
  - {name: small, problem: "...../..X../.XO../..X../..... turn=B target=C3 region=A1-B5"}
algorithms:
  - {algorithm: dfpn}
)");
  const auto r = run_harness({"solve", config, "--out", dir + "/out", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("solve: small / dfpn: warning: the region is too small"), std::string::npos)
      << r.err;
}

// A solver's table the machine cannot give (df-pn's 8192 MiB, alpha-beta's 4096 MiB, under a
// 600 MB address-space limit) is the config's error before the first problem, at its tt_mb;
// alpha-beta's table counts only when it is on, and 32 MiB tables under the same limit solve.
TEST(SolveCommand, ATableTheMachineCannotGiveIsRefusedBeforeTheFirstProblem) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "sanitizers need more address space than the limit leaves";
#else
  const std::string dir = make_temp_dir();
  const std::string head =
      "game: tictactoe\nproblems:\n  - {name: x-wins, prover: 0, at_least: 1}\nalgorithms:\n";
  const auto solve = [&](const std::string& name, const std::string& algorithms, int code) {
    const std::string config = write_config(dir, name + ".yaml", head + algorithms);
    const auto r = testing::run_harness_in_memory(
        600000, {"solve", config, "--out", dir + "/" + name, "--quiet"});
    EXPECT_EQ(r.exit_code, code) << r.err;
    EXPECT_EQ(std::filesystem::exists(dir + "/" + name + "/solve.csv"), code == 0);
    return r.err;
  };
  EXPECT_EQ(solve("dfpn",
                  "  - {name: ab, algorithm: alphabeta, options: {tt: off, tt_mb: 4096}}\n"
                  "  - {name: big, algorithm: dfpn, options: {tt_mb: 8192}}\n",
                  2),
            "error: " + dir +
                "/dfpn.yaml:6:51: algorithm 'big': tt_mb=8192: cannot allocate a 8192 MiB "
                "transposition table here; choose a smaller tt_mb\n");
  EXPECT_EQ(
      solve("ab", "  - {name: ab, algorithm: alphabeta, options: {tt: on, tt_mb: 4096}}\n", 2),
      "error: " + dir +
          "/ab.yaml:5:63: algorithm 'ab': tt_mb=4096: cannot allocate a 4096 MiB "
          "transposition table here; choose a smaller tt_mb\n");
  EXPECT_EQ(solve("fits",
                  "  - {name: ab, algorithm: alphabeta, options: {tt: on, tt_mb: 32}}\n"
                  "  - {name: df-pn, algorithm: dfpn, options: {tt_mb: 32}}\n",
                  0),
            "");
#endif
}

TEST(SolveCommand, BadConfigsAreOneLocatedLineAndExitCodeTwo) {
  const std::string dir = make_temp_dir();
  std::ofstream(dir + "/broken.sgf") << "(;SZ[7]AB[cd]AW[dd]MA[dd]XR[perhaps])";
  const std::string ttt_head = "game: tictactoe\nproblems:\n  - {name: a, prover: 0}\n";
  const std::string algos = "algorithms:\n  - {algorithm: pn}\n";
  const std::vector<BadConfig> cases = {
      {"game: chess\nproblems: [{name: a}]\n" + algos, "1:7: unknown game 'chess'"},
      {ttt_head + "algorithms:\n  - {algorithm: pns}\n", "5:17: unknown solver 'pns'"},
      {ttt_head + "algorithms:\n  - {algorithm: dfpn, options: {epsilon: -3}}\n",
       "5:42: solver dfpn: parameter 'epsilon'"},
      {ttt_head + "algorithms:\n  - {algorithm: dfpn, options: {colour: red}}\n",
       "5:33: solver dfpn: unknown parameter 'colour'"},
      {ttt_head + "algorithms:\n  - {algorithm: pn}\n  - {algorithm: pn}\n",
       "two algorithms are named 'pn'"},
      {ttt_head + "algorithms: []\n", "'algorithms' is empty"},
      {ttt_head + algos + "limits: {nodes: 0, time_ms: 0}\n", "needs a node or a time limit"},
      {ttt_head + algos + "limits: {depth: 3}\n", "unknown key 'depth'"},
      {ttt_head + algos + "colour: red\n", "unknown key 'colour'"},
      {"game: tictactoe\nproblems:\n  - {name: a, position: 'XXXX'}\n" + algos,
       "3:5: tictactoe position"},
      {"game: tictactoe\nproblems:\n  - {name: a, file: x.sgf}\n" + algos,
       "not a 'file' or a 'problem'"},
      {"game: tictactoe\nproblems:\n  - {name: a, prover: 2}\n" + algos,
       "3:23: expected an integer in 0..1"},
      {"game: tictactoe\nproblems:\n  - {name: a, expected: maybe}\n" + algos,
       "3:25: expected one of proved, proved by ko, disproved"},
      {"game: tictactoe\nproblems:\n  - {name: a}\n  - {name: a}\n" + algos,
       "two problems are named 'a'"},
      {"game: go-capture\nproblems:\n  - files: nothing-*.sgf\n" + algos,
       "3:12: no problem file matches 'nothing-*.sgf'"},
      {"game: go-capture\nproblems:\n  - file: broken.sgf\n" + algos,
       "3:11: " + dir + "/broken.sgf: property XR: expected proved, proved by ko or disproved"},
      {"game: go-capture\nproblems:\n  - {name: a, position: 'x'}\n" + algos, "not a 'position'"},
      {"game: {name: go-capture, params: {superko: maybe}}\nproblems:\n  - file: broken.sgf\n" +
           algos,
       "superko"},
      {"game: tictactoe\n" + algos, "1:1: missing required key 'problems'"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].text);
    const std::string path = write_config(dir, "bad" + std::to_string(i) + ".yaml", cases[i].text);
    const auto r = run_harness({"solve", path, "--out", dir + "/out", "--quiet"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err.rfind("error: " + path + ":", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(cases[i].fragment), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
  const auto missing = run_harness({"solve", dir + "/no-such.yaml"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
  std::filesystem::remove_all(dir);
}

SolveRow row(const std::string& problem, const std::string& algorithm, ProofStatus status,
             const std::string& expected, double ms, std::uint64_t nodes, int depth) {
  SolveRow r;
  r.problem = problem;
  r.algorithm = algorithm;
  r.expected = expected;
  r.outcome.status = status;
  r.outcome.time_ms = ms;
  r.outcome.stats.nodes = nodes;
  r.outcome.depth = depth;
  return r;
}

TEST(SolveReport, TableOneCountsAndMeans) {
  const auto P = ProofStatus::kProved;
  const auto D = ProofStatus::kDisproved;
  const auto U = ProofStatus::kUnknown;
  const std::vector<SolveRow> rows = {
      row("p1", "a", P, "proved", 10, 100, 3),    row("p1", "b", P, "proved", 30, 300, 5),
      row("p2", "a", D, "disproved", 20, 200, 4), row("p2", "b", U, "disproved", 99, 999, 0),
      row("p3", "a", P, "disproved", 5, 50, 1),  // wrong
      row("p3", "b", D, "", 40, 400, 7),         // no known answer: counts as solved
  };
  EXPECT_EQ(correctness(rows[0]), "true");
  EXPECT_EQ(correctness(rows[3]), "");
  EXPECT_EQ(correctness(rows[4]), "false");
  EXPECT_EQ(correctness(rows[5]), "");
  const auto s = summarize(rows, {"a", "b"});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].solved, 2);
  EXPECT_EQ(s[0].failed, 1);
  EXPECT_EQ(s[0].wrong, 1);
  EXPECT_EQ(s[1].solved, 2);
  EXPECT_EQ(s[1].failed, 1);
  EXPECT_EQ(s[0].common, 1);  // only p1 is solved by both
  EXPECT_DOUBLE_EQ(s[0].time_ms_common, 10);
  EXPECT_DOUBLE_EQ(s[1].nodes_common, 300);
  EXPECT_DOUBLE_EQ(s[0].time_ms_solved, 15);
  EXPECT_DOUBLE_EQ(s[1].depth_solved, 6);
  const auto within = solved_within_csv(rows, {"a", "b"}, {10, 35, 100});
  EXPECT_EQ(within, "t_ms,a,b\n10,1,0\n35,2,1\n100,2,2\n");
  EXPECT_NE(summary_table(s).find("solved"), std::string::npos);
  EXPECT_EQ(solve_csv({rows[3]}).substr(solve_csv({}).size()),
            "p2,b,unknown,disproved,,,999,99,0,,0\n");
}

}  // namespace
}  // namespace gts
