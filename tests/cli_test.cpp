// The command line's contract, as scripts use it: JSON keys and values, the listing commands, and
// one line plus exit code 2 for every kind of bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "tests/process.h"

namespace gts {
namespace {

using testing::run_harness;

nlohmann::json run_json(const std::vector<std::string>& args) {
  auto r = run_harness(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(Cli, PerftTicTacToe) {
  auto j = run_json({"perft", "--game", "tictactoe", "--depth", "9", "--json"});
  EXPECT_EQ(j["total"], 549946);
  const std::vector<std::uint64_t> expected = {1,     9,     72,     504,    3024,
                                               15120, 54720, 148176, 200448, 127872};
  EXPECT_EQ(j["per_ply"].get<std::vector<std::uint64_t>>(), expected);
}

TEST(Cli, TicTacToeIsADrawForEveryAlgorithm) {
  for (const std::vector<std::string>& algo :
       {std::vector<std::string>{"minimax"},
        {"alphabeta"},
        {"alphabeta", "--option", "fail=soft", "--option", "ordering=static"},
        {"alphabeta", "--option", "tt=on", "--option", "id=on"},
        {"sss*"},
        {"sss"}}) {
    std::vector<std::string> args = {"search", "--game", "tictactoe",  "--depth",
                                     "max",    "--json", "--algorithm"};
    args.insert(args.end(), algo.begin(), algo.end());
    auto j = run_json(args);
    EXPECT_EQ(j["value"], 0) << algo[0];
    for (const char* key : {"value", "best_move", "pv", "nodes", "leaves", "time_ms"}) {
      EXPECT_TRUE(j.contains(key)) << key;
    }
    EXPECT_GT(j["nodes"].get<std::uint64_t>(), 0u);
  }
}

TEST(Cli, TextbookTree) {
  for (const char* algo : {"minimax", "alphabeta", "sss*"}) {
    auto j = run_json({"search", "--game", "tree", "--param", "tree=[[3,12,8],[2,4,6],[14,5,2]]",
                       "--algorithm", algo, "--depth", "max", "--json"});
    EXPECT_EQ(j["value"], 3) << algo;
    EXPECT_EQ(j["best_move"], "1") << algo;
  }
  // Alpha-beta's textbook count on this tree: 7 of the 9 leaves.
  auto j =
      run_json({"search", "--game", "tree", "--algorithm", "alphabeta", "--depth", "2", "--json"});
  EXPECT_EQ(j["leaves"], 7);
  EXPECT_EQ(j["nodes"], 11);
}

// The parallel searches give each thread's nodes (summing to `nodes`), one entry on one thread;
// the exact value whatever the thread count; a traced search (harness tree) refuses threads.
TEST(Cli, ParallelSearchesReportEachThreadsNodes) {
  const auto exact = run_json({"search", "--game", "kalah", "--param", "pits=4", "--param",
                               "seeds=2", "--algorithm", "minimax", "--depth", "max", "--json"});
  for (const char* algo : {"lazysmp", "abdada", "solve"}) {
    for (const char* threads : {"1", "2", "3"}) {
      auto j = run_json({"search", "--game", "kalah", "--param", "pits=4", "--param", "seeds=2",
                         "--algorithm", algo, "--option", std::string("threads=") + threads,
                         "--option", "tt_mb=4", "--depth", "max", "--json"});
      const auto each = j["thread_nodes"].get<std::vector<std::uint64_t>>();
      ASSERT_EQ(each.size(), static_cast<std::size_t>(std::stoi(threads))) << algo;
      std::uint64_t sum = 0;
      for (const std::uint64_t n : each) sum += n;
      EXPECT_EQ(sum, j["nodes"].get<std::uint64_t>()) << algo << " threads=" << threads;
      EXPECT_EQ(j["value"], exact["value"]) << algo << " threads=" << threads;
    }
  }
  const auto traced = run_harness({"tree", "--game", "tictactoe", "--algorithm", "lazysmp",
                                   "--option", "threads=2", "--depth", "2"});
  EXPECT_EQ(traced.exit_code, 2) << traced.out;
  EXPECT_NE(traced.err.find("one thread"), std::string::npos) << traced.err;
}

TEST(Cli, KalahSearchPrintsAMoveAndAPrincipalVariation) {
  auto j =
      run_json({"search", "--game", "kalah", "--algorithm", "alphabeta", "--depth", "4", "--json"});
  EXPECT_EQ(j["position"], "4,4,4,4,4,4,0,4,4,4,4,4,4,0:S");
  EXPECT_FALSE(j["pv"].empty());
  EXPECT_EQ(j["pv"][0], j["best_move"]);
  auto m =
      run_json({"search", "--game", "kalah", "--algorithm", "minimax", "--depth", "4", "--json"});
  EXPECT_EQ(m["value"], j["value"]);
  auto text = run_harness({"search", "--game", "kalah", "--algorithm", "sss*", "--depth", "3"});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("best move"), std::string::npos);
}

TEST(Cli, ListsGamesAndAlgorithmsWithParameters) {
  auto games = run_harness({"games"});
  EXPECT_EQ(games.exit_code, 0);
  for (const char* s : {"kalah", "pits", "capture", "tictactoe", "random-tree", "branching",
                        "ordering", "store-diff", "open-lines", "linear"}) {
    EXPECT_NE(games.out.find(s), std::string::npos) << s;
  }
  auto algos = run_json({"algorithms", "--json"});
  std::set<std::string> names;
  std::set<std::string> solvers;
  for (const auto& a : algos) {
    (a["kind"] == "search" ? names : solvers).insert(a["name"].get<std::string>());
  }
  EXPECT_EQ(names,
            (std::set<std::string>{"minimax", "alphabeta", "negascout", "mt-sss*", "mt-dual*",
                                   "mtd(f)", "sss*", "random", "solve", "lazysmp", "abdada",
                                   "mcts"}));
  EXPECT_EQ(solvers, (std::set<std::string>{"alphabeta", "pn", "pn+", "dfpn", "dfpn+"}));
  // The misbehaving test player is registered by the tests' build only.
  auto with_test_players = testing::run_test_harness({"algorithms"});
  EXPECT_EQ(with_test_players.exit_code, 0);
  EXPECT_NE(with_test_players.out.find("faulty"), std::string::npos);
  EXPECT_EQ(run_harness({"algorithms"}).out.find("faulty"), std::string::npos);
}

// Exit codes tell who is at fault: 2 bad input, 1 a failure outside the program (here a player
// that fails at run time), 3 a bug, said to be one, with what to report.
TEST(Cli, ABugExitsThreeAndSaysItIsOne) {
  const std::vector<std::string> search = {"search", "--game",  "tictactoe", "--algorithm",
                                           "faulty", "--depth", "1",         "--option"};
  auto with = [&](const std::string& option) {
    std::vector<std::string> args = search;
    args.push_back(option);
    return testing::run_test_harness(args);
  };
  const auto bug = with("mode=bug");
  EXPECT_EQ(bug.exit_code, 3) << bug.err;
  EXPECT_EQ(bug.err.rfind("internal error: faulty player: a broken invariant\n", 0), 0u) << bug.err;
  EXPECT_NE(bug.err.find("This is a bug in harness"), std::string::npos) << bug.err;
  EXPECT_NE(bug.err.find("Please report it"), std::string::npos) << bug.err;
  const auto failure = with("mode=throw");
  EXPECT_EQ(failure.exit_code, 1) << failure.err;
  EXPECT_EQ(failure.err, "error: faulty player: deliberate failure\n");
  const auto bad = with("mode=nonsense");
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_EQ(bad.err.find("internal error"), std::string::npos) << bad.err;
}

// A long search reports as it goes: with --progress (always on a terminal) each finished
// iteration is a line on stderr with its depth, value, best move and the nodes so far, and the
// results on stdout are those of a search without it.
TEST(Cli, SearchProgressLinesPerIteration) {
  const std::vector<std::string> args = {"search",    "--game",   "kalah", "--algorithm",
                                         "alphabeta", "--option", "id=on", "--option",
                                         "tt=on",     "--depth",  "6"};
  std::vector<std::string> with = args;
  with.push_back("--progress");
  const auto plain = run_harness(args);
  const auto watched = run_harness(with);
  ASSERT_EQ(watched.exit_code, 0) << watched.err;
  EXPECT_EQ(plain.err, "");
  auto strip_time = [](const std::string& out) { return out.substr(0, out.find("time ")); };
  EXPECT_EQ(strip_time(watched.out), strip_time(plain.out));
  std::uint64_t last_nodes = 0;
  std::size_t at = 0;
  for (int depth = 1; depth <= 6; ++depth) {
    const std::string head = "search: depth " + std::to_string(depth) + " value ";
    at = watched.err.find(head, at);
    ASSERT_NE(at, std::string::npos) << watched.err;
    const auto best = watched.err.find(" best ", at);
    const auto nodes_at = watched.err.find("  ", best);
    ASSERT_NE(nodes_at, std::string::npos) << watched.err;
    const std::uint64_t nodes = std::stoull(watched.err.substr(nodes_at + 2));
    EXPECT_GT(nodes, last_nodes) << watched.err;
    last_nodes = nodes;
  }
  const auto json = run_json({"search", "--game", "kalah", "--algorithm", "alphabeta", "--option",
                              "id=on", "--option", "tt=on", "--depth", "6", "--json"});
  EXPECT_LT(last_nodes, json["nodes"].get<std::uint64_t>() + 1);
  EXPECT_NE(watched.err.find("best " + json["best_move"].get<std::string>() + "  " +
                             std::to_string(last_nodes) + " nodes"),
            std::string::npos)
      << watched.err;
}

// Every algorithm of the registry is reachable from `search`: the goal solvers (pn, pn+, dfpn,
// dfpn+) answer the goal a game poses (go-capture: its problem; the others: the side to move
// wins), as `harness solve` would, and say proved, disproved or unknown.
TEST(Cli, SearchRunsTheGoalSolvers) {
  for (const char* algo : {"pn", "pn+", "dfpn", "df-pn", "dfpn+"}) {
    auto j = run_json({"search", "--game", "go-capture", "--param",
                       "file=problems/go-capture/ladder-01.sgf", "--algorithm", algo, "--depth",
                       "max", "--json"});
    EXPECT_EQ(j["result"], "proved") << algo;
    EXPECT_EQ(j["expected"], "proved") << algo;
    EXPECT_EQ(j["goal"], "Black captures D4") << algo;
    EXPECT_TRUE(j["complete"].get<bool>()) << algo;
    EXPECT_GT(j["nodes"].get<std::uint64_t>(), 0u) << algo;
    EXPECT_FALSE(j["main_line"].empty()) << algo;
  }
  // Tic-tac-toe: X cannot force a win.
  auto j = run_json(
      {"search", "--game", "tictactoe", "--algorithm", "dfpn+", "--depth", "max", "--json"});
  EXPECT_EQ(j["result"], "disproved");
  // A textbook tree: MAX reaches at least 1 (its value is 3).
  auto tree =
      run_json({"search", "--game", "tree", "--algorithm", "pn", "--depth", "max", "--json"});
  EXPECT_EQ(tree["result"], "proved");
  EXPECT_EQ(tree["best_move"], "1");
  // Text: the question and the answer, with the problem's own answer beside it.
  const auto text = run_harness({"search", "--game", "go-capture", "--param",
                                 "file=problems/go-capture/ladder-01.sgf", "--algorithm", "dfpn",
                                 "--depth", "max"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("goal        Black captures D4\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("result      proved (as the problem expects)\n"), std::string::npos)
      << text.out;
  // A later position of the problem: the side to move there has the goal.
  auto later = run_json({"search", "--game", "go-capture", "--param",
                         "file=problems/go-capture/ladder-01.sgf", "--position",
                         "........./........./........./........./...X...../..XO...../"
                         "...XX..../........./.........:W",
                         "--algorithm", "dfpn", "--depth", "max", "--json"});
  EXPECT_EQ(later["goal"], "White saves D4");
  EXPECT_EQ(later["result"], "disproved");
  EXPECT_EQ(later["expected"], "");
}

// A search stopped by its budget claims nothing: no value as if solved, the goal solvers answer
// unknown.
TEST(Cli, ABudgetStoppedSearchSaysTheValueIsUnproven) {
  const std::vector<std::string> ladder = {
      "search",  "--game", "go-capture",  "--param", "file=problems/go-capture/ladder-04.sgf",
      "--depth", "max",    "--max-nodes", "20"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = ladder;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_harness(args);
  };
  const auto ab = with({"--algorithm", "alphabeta", "--option", "id=on"});
  ASSERT_EQ(ab.exit_code, 0) << ab.err;
  EXPECT_NE(ab.out.find("stopped by a budget"), std::string::npos) << ab.out;
  EXPECT_NE(ab.out.find("unproven"), std::string::npos) << ab.out;
  EXPECT_EQ(ab.out.find("exact"), std::string::npos) << ab.out;
  const auto abj = with({"--algorithm", "alphabeta", "--option", "id=on", "--json"});
  const auto j = nlohmann::json::parse(abj.out);
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_FALSE(j["exact"].get<bool>());
  const auto pn = with({"--algorithm", "pn"});
  ASSERT_EQ(pn.exit_code, 0) << pn.err;
  EXPECT_NE(pn.out.find("result      unknown: stopped by a budget"), std::string::npos) << pn.out;
  EXPECT_EQ(pn.out.find("best move"), std::string::npos) << pn.out;
  // Searched to the end, the value is exact and says so.
  auto done = run_json(
      {"search", "--game", "tictactoe", "--algorithm", "alphabeta", "--depth", "max", "--json"});
  EXPECT_TRUE(done["exact"].get<bool>());
}

// A table the machine cannot give is refused by name, under a memory limit (ulimit -v), with
// exit code 2, not a crash or a bare std::bad_alloc: a fixed table by tt_mb, a growing one (whose
// whole limit is reserved as address space) by tt_max_mb. (ASan reserves far more address space
// than any such limit allows, so its build skips this.)
// A depth that cannot finish in any reasonable time is warned of, with the game's estimate, before
// the search starts (which then runs, as asked); feasible searches and budgeted ones say nothing.
TEST(Cli, ADepthThatCannotFinishIsWarnedOf) {
  std::string err;
  EXPECT_TRUE(testing::harness_says_before(
      {"search", "--game", "connect-four", "--algorithm", "minimax", "--depth", "max"},
      "warning: ", 20, &err));
  EXPECT_EQ(err.substr(0, 48), "warning: --depth max: minimax would visit about ") << err;
  EXPECT_NE(err.find(" positions of connect-four(height=6,k=4,width=7) (estimated from random "
                     "lines of play); it may not finish in any reasonable time (a smaller "
                     "--depth, or a node or time budget, bounds it)\n"),
            std::string::npos)
      << err;
  EXPECT_TRUE(testing::harness_says_before(
      {"search", "--game", "kalah", "--algorithm", "alphabeta", "--depth", "1000"},
      "warning: --depth 1000: alphabeta would visit at best "
      "about 10^",
      20, &err))
      << err;
  for (const std::vector<std::string>& feasible :
       {std::vector<std::string>{"search", "--game", "tictactoe", "--algorithm", "minimax",
                                 "--depth", "max"},
        {"search", "--game", "kalah", "--algorithm", "alphabeta", "--depth", "6"},
        {"search", "--game", "kalah", "--param", "seeds=2", "--algorithm", "alphabeta", "--depth",
         "max"},
        {"search", "--game", "connect-four", "--algorithm", "minimax", "--depth", "max",
         "--max-nodes", "1000"},
        {"search", "--game", "kalah", "--algorithm", "solve", "--param", "seeds=2", "--depth",
         "max"}}) {
    const auto r = run_harness(feasible);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "") << feasible[2] << " " << feasible[4];
  }
}

TEST(Cli, ATableTooLargeForTheMachineIsNamed) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "sanitizers need more address space than the limit leaves";
#else
  const auto under_limit = [](const std::vector<std::string>& args) {
    const auto r = testing::run_harness_in_memory(600000, args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    return r.err;
  };
  EXPECT_EQ(under_limit({"search", "--game", "kalah", "--algorithm", "alphabeta", "--option",
                         "tt=on", "--option", "tt_mb=4096", "--depth", "3"}),
            "error: tt_mb=4096: cannot allocate a 4096 MiB transposition table here; choose a "
            "smaller tt_mb\n");
  EXPECT_EQ(under_limit({"search", "--game", "kalah", "--algorithm", "solve", "--depth", "max"}),
            "error: tt_mb=16 tt_max_mb=2048: cannot reserve a 2048 MiB transposition table "
            "here; choose a smaller tt_max_mb\n");
  // The threads' shared tables: a fixed one (lazysmp) and a solve's, which grows.
  EXPECT_EQ(under_limit({"search", "--game", "kalah", "--algorithm", "lazysmp", "--option",
                         "threads=2", "--option", "tt_mb=4096", "--depth", "3"}),
            "error: tt_mb=4096: cannot allocate a 4096 MiB shared transposition table here; "
            "choose a smaller tt_mb\n");
  EXPECT_EQ(under_limit({"search", "--game", "kalah", "--algorithm", "solve", "--option",
                         "threads=2", "--depth", "max"}),
            "error: tt_mb=16 tt_max_mb=2048: cannot reserve a 2048 MiB shared transposition "
            "table here; choose a smaller tt_max_mb\n");
#endif
}

struct BadInput {
  std::vector<std::string> args;
  std::string expected;  // a fragment of the one-line error
};

TEST(Cli, BadInputIsOneLineAndExitCodeTwo) {
  const std::vector<BadInput> cases = {
      {{"search", "--game", "chess", "--algorithm", "minimax", "--depth", "1"}, "unknown game"},
      {{"search", "--game", "kalah", "--algorithm", "negamaxx", "--depth", "1"},
       "unknown algorithm"},
      {{"search", "--game", "kalah", "--algorithm", "alphabeta", "--option", "fail=medium",
        "--depth", "1"},
       "fail"},
      {{"search", "--game", "kalah", "--algorithm", "alphabeta", "--option", "colour=red",
        "--depth", "1"},
       "unknown parameter 'colour'"},
      {{"search", "--game", "kalah", "--param", "pits=13", "--algorithm", "minimax", "--depth",
        "1"},
       "pits"},
      {{"search", "--game", "kalah", "--param", "pits", "--algorithm", "minimax", "--depth", "1"},
       "key=value"},
      {{"search", "--game", "kalah", "--position", "4,4,4:S", "--algorithm", "minimax", "--depth",
        "1"},
       "--position"},
      {{"search", "--game", "tree", "--param", "tree=[[1,2],[3,", "--algorithm", "minimax",
        "--depth", "1"},
       "tree"},
      {{"search", "--game", "kalah", "--algorithm", "minimax", "--depth", "deep"}, "--depth"},
      {{"search", "--game", "kalah", "--algorithm", "minimax", "--depth", "2", "--eval", "psqt"},
       "psqt"},
      {{"search", "--game", "kalah", "--algorithm", "minimax", "--depth", "2", "--eval",
        "linear:1,2"},
       "weights"},
      {{"search", "--game", "kalah", "--algorithm", "minimax"}, "--depth"},
      {{"perft", "--game", "tictactoe", "--position", "XXX/OO./...:X", "--depth", "1"},
       "--position"},
      {{"search", "--game", "kalah", "--position", "", "--algorithm", "minimax", "--depth", "1"},
       "--position: an empty value"},
      {{"perft", "--game", "tictactoe", "--position", "", "--depth", "1"},
       "--position: an empty value"},
      {{"frobnicate"}, "frobnicate"},
      {{"search", "--game", "kalah", "--algorithm", "pnn", "--depth", "1"}, "goal solvers: "},
      {{"search", "--game", "go-capture", "--algorithm", "dfpn", "--depth", "4"}, "--depth max"},
      {{"search", "--game", "tictactoe", "--algorithm", "pn+", "--depth", "max", "--eval",
        "open-lines"},
       "--eval"},
  };
  for (const auto& c : cases) {
    auto r = run_harness(c.args);
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    EXPECT_EQ(r.exit_code, 2) << joined << "\n" << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << joined << "\nstderr: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << joined << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << joined;
  }
}

}  // namespace
}  // namespace gts
