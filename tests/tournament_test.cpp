// `harness run` end to end, as a user runs it: determinism across thread counts, a run killed
// part-way and resumed, Ctrl-C, misbehaving players, budgets, adjudication and bad input.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <set>
#include <thread>

#include "harness/csv.h"
#include "harness/stats/elo.h"
#include "harness/tournament/report.h"
#include "tests/process.h"
#include "tests/test_files.h"

namespace gts {
namespace {

using testing::make_temp_dir;
using testing::read_file;
using testing::run_harness;
using testing::table_without;
using testing::write_config;

const auto& kTimingColumns = testing::kTournamentTimingColumns;

const char* kKalahConfig = R"(
name: det
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: ab, algorithm: alphabeta, depth: [2, 3], options: {ordering: static}}
  - {name: soft, algorithm: alphabeta, depth: 3, options: {fail: soft, tt: on, tt_mb: 1, random_ties: on}}
  - {name: sss, algorithm: sss*, depth: 3}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 3, plies: 3}
tournament: {pairs: 1, max_plies: 200}
seed: 5
)";

TEST(Tournament, SameResultsWithOneAndManyThreads) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "det.yaml", kKalahConfig);
  auto one = run_harness({"run", config, "--threads", "1", "--out", dir + "/t1"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  auto two = run_harness({"run", config, "--threads", "2", "--out", dir + "/t2"});
  ASSERT_EQ(two.exit_code, 0) << two.err;
  auto four = run_harness({"run", config, "--threads", "4", "--out", dir + "/t4"});
  ASSERT_EQ(four.exit_code, 0) << four.err;
  testing::expect_same_tournament_results(dir + "/t1", dir + "/t2");
  testing::expect_same_tournament_results(dir + "/t1", dir + "/t4");
  // 5 players: 10 pairings x 3 openings x 2 games.
  EXPECT_EQ(table_without(dir + "/t1/games.csv", {}).size(), 61u);
  EXPECT_NE(one.out.find("run folder: " + dir + "/t1"), std::string::npos);
  EXPECT_NE(one.out.find("harness report " + dir + "/t1"), std::string::npos) << one.out;
  // A different seed plays different games.
  auto other = run_harness({"run", config, "--seed", "6", "--out", dir + "/s6"});
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_NE(table_without(dir + "/t1/games.csv", kTimingColumns),
            table_without(dir + "/s6/games.csv", kTimingColumns));
}

// Slow enough (a few seconds) that a kill lands mid-run.
const char* kSlowConfig = R"(
name: slow
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: a, algorithm: alphabeta, depth: [9, 10], options: {ordering: static}}
  - {name: s, algorithm: sss*, depth: 9}
openings: {kind: random, count: 6, plies: 2}
tournament: {pairs: 1, max_plies: 300}
seed: 9
output: {moves: true}
)";

std::size_t games_recorded(const std::string& dir) {
  std::ifstream in(dir + "/games.csv");
  std::size_t lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  return lines == 0 ? 0 : lines - 1;
}

void expect_each_game_once(const std::string& dir, std::size_t total) {
  auto rows = table_without(dir + "/games.csv", {});
  ASSERT_EQ(rows.size(), total + 1);
  for (std::size_t i = 1; i < rows.size(); ++i) EXPECT_EQ(rows[i][0], std::to_string(i - 1));
}

// Starts a run, waits until at least `min_games` are recorded, then sends `sig`.
int interrupt_run(const std::string& config, const std::string& out, int sig, std::size_t min_games,
                  std::string* err) {
  const std::string err_path = out + ".err";
  int pid = testing::spawn_harness({"run", config, "--threads", "2", "--out", out}, out + ".out",
                                   err_path);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (games_recorded(out) < min_games && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(pid, sig);
  int rc = testing::wait_process(pid);
  *err = read_file(err_path);
  return rc;
}

TEST(Tournament, KilledRunResumesToTheUninterruptedResult) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "slow.yaml", kSlowConfig);
  auto full = run_harness({"run", config, "--threads", "2", "--out", dir + "/full"});
  ASSERT_EQ(full.exit_code, 0) << full.err;
  const std::size_t total = games_recorded(dir + "/full");
  ASSERT_EQ(total, 36u);  // 3 players x 6 openings x 2 games

  std::string err;
  const int rc = interrupt_run(config, dir + "/killed", SIGKILL, 4, &err);
  EXPECT_EQ(rc, 128 + SIGKILL);
  const std::size_t kept = games_recorded(dir + "/killed");
  EXPECT_GE(kept, 4u);
  EXPECT_LT(kept, total) << "the run finished before the kill; make the config slower";

  auto resumed = run_harness({"run", config, "--out", dir + "/killed", "--resume"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  expect_each_game_once(dir + "/killed", total);
  testing::expect_same_tournament_results(dir + "/full", dir + "/killed");

  // Resuming a finished run plays nothing and changes nothing.
  auto again = run_harness({"run", config, "--out", dir + "/killed", "--resume"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  testing::expect_same_tournament_results(dir + "/full", dir + "/killed");
}

// One process at a time on a run folder: a second `run` on it, with or without --resume, refuses at
// once naming the holder, and leaves the folder to the first, which finishes every game once.
TEST(Tournament, ASecondProcessOnTheRunFolderRefuses) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "slow.yaml", kSlowConfig);
  const std::string out = dir + "/run";
  const int pid = testing::spawn_harness({"run", config, "--threads", "1", "--out", out},
                                         out + ".out", out + ".err");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (games_recorded(out) < 1 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const std::string holder = "in use by another harness process (PID " + std::to_string(pid) + ")";
  auto resumed = run_harness({"run", config, "--out", out, "--resume"});
  EXPECT_EQ(resumed.exit_code, 2) << resumed.err;
  EXPECT_NE(resumed.err.find(holder), std::string::npos) << resumed.err;
  auto fresh = run_harness({"run", config, "--out", out});
  EXPECT_EQ(fresh.exit_code, 2) << fresh.err;
  EXPECT_NE(fresh.err.find(holder), std::string::npos) << fresh.err;
  ASSERT_EQ(testing::wait_process(pid), 0) << read_file(out + ".err");
  expect_each_game_once(out, 36);
}

TEST(Tournament, CtrlCStopsCleanlyAndPrintsTheResumeCommand) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "slow.yaml", kSlowConfig);
  std::string err;
  const int rc = interrupt_run(config, dir + "/int", SIGINT, 2, &err);
  const std::size_t kept = games_recorded(dir + "/int");
  if (kept < 36) {
    EXPECT_EQ(rc, 130) << err;
    EXPECT_NE(err.find("--resume"), std::string::npos) << err;
    EXPECT_NE(err.find("--out " + dir + "/int --resume --threads 2"), std::string::npos) << err;
    EXPECT_NE(read_file(dir + "/int/run.yaml").find("status: interrupted"), std::string::npos);
  }
  auto resumed = run_harness({"run", config, "--out", dir + "/int", "--resume"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  expect_each_game_once(dir + "/int", 36);
  EXPECT_NE(read_file(dir + "/int/run.yaml").find("status: finished"), std::string::npos);
}

TEST(Tournament, MisbehavingPlayersForfeitAndTheRunCompletes) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "faulty.yaml", R"(
game: tictactoe
players:
  - {name: thrower, algorithm: faulty, depth: 1, options: {mode: throw, after: 1}}
  - {name: cheater, algorithm: faulty, depth: 1, options: {mode: illegal, after: 0}}
  - {name: good, algorithm: alphabeta, depth: max}
tournament: {pairs: 2, max_plies: 9}
)");
  auto r = testing::run_test_harness({"run", config, "--out", dir + "/out"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto games = table_without(dir + "/out/games.csv", {});
  ASSERT_EQ(games.size(), 13u);  // 3 pairings x 2 pairs x 2 games
  const auto& header = games[0];
  auto col = [&](const char* name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  int thrower_errors = 0, cheater_illegal = 0;
  for (std::size_t i = 1; i < games.size(); ++i) {
    const auto& g = games[i];
    if (g[col("forfeit")] == "thrower") {
      EXPECT_EQ(g[col("termination")], "error");
      EXPECT_NE(g[col("reason")].find("deliberate failure"), std::string::npos);
      ++thrower_errors;
    }
    if (g[col("forfeit")] == "cheater") {
      EXPECT_EQ(g[col("termination")], "illegal_move");
      EXPECT_NE(g[col("reason")].find("not legal"), std::string::npos);
      ++cheater_illegal;
    }
    if (!g[col("forfeit")].empty()) {
      const bool first_forfeited = g[col("forfeit")] == g[col("first")];
      EXPECT_EQ(g[col("result")], first_forfeited ? "0-1" : "1-0");
    }
  }
  // The cheater forfeits every game at its first move; the thrower at its second, unless the
  // game ended first (it cannot against the cheater, who moves illegally at once).
  EXPECT_EQ(cheater_illegal, 8);
  EXPECT_GE(thrower_errors, 4);
  auto standings = table_without(dir + "/out/standings.csv", {});
  const auto forfeits =
      static_cast<std::size_t>(std::ranges::find(standings[0], "forfeits") - standings[0].begin());
  ASSERT_LT(forfeits, standings[0].size());
  for (std::size_t i = 1; i < standings.size(); ++i) {
    if (standings[i][0] == "cheater") {
      EXPECT_EQ(standings[i][forfeits], "8");
    }
    if (standings[i][0] == "good") {
      EXPECT_EQ(standings[i][forfeits], "0");
    }
  }
  EXPECT_NE(r.out.find("forfeits"), std::string::npos);
}

TEST(Tournament, BudgetsAndAdjudication) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "budget.yaml", R"(
game: {name: kalah}
players:
  - {name: a, algorithm: alphabeta, options: {ordering: static}}
  - {name: b, algorithm: alphabeta, options: {tt: on}}
tournament: {pairs: 1, max_plies: 12, limits: {nodes: 3000}}
)");
  auto r = run_harness({"run", config, "--out", dir + "/out"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto games = table_without(dir + "/out/games.csv", {});
  ASSERT_EQ(games.size(), 3u);
  for (std::size_t i = 1; i < games.size(); ++i) {
    EXPECT_EQ(games[i][9], "max_plies");  // Kalah does not end in 12 plies
    EXPECT_EQ(games[i][6], "1/2-1/2");
  }
  auto moves = table_without(dir + "/out/moves.csv", {});
  ASSERT_EQ(moves.size(), 25u);
  for (std::size_t i = 1; i < moves.size(); ++i) {
    EXPECT_LE(std::stoull(moves[i][8]), 3000u) << "node budget broken";
    EXPECT_GE(std::stoi(moves[i][5]), 3) << "iterative deepening reached too little depth";
  }
}

// A Kalah endgame database is made before any clock runs (GameHandle::prepare), not inside the
// first search that asks for it. Built in memory to 14 seeds it takes about a second here, more
// than a whole clock of 0.3 s: no game is lost on time, and a `search` under a 1 ms budget reports
// its own time, not the build's.
TEST(Tournament, AnEndgameDatabaseIsMadeBeforeTheClockRuns) {
  const std::string dir = make_temp_dir();
  ::setenv("GTS_CACHE_DIR", "", 1);  // set but empty: nothing on disk, a build in every process
  const std::string config = write_config(dir, "egdb.yaml", R"(
game: {name: kalah, params: {seeds: 2, endgame: 14}}
players:
  - {name: a, algorithm: alphabeta, options: {tt: on}}
  - {name: b, algorithm: negascout, options: {tt: on}}
tournament: {pairs: 1, max_plies: 8, limits: {tc: "0.3+0.01"}}
)");
  const auto r = run_harness({"run", config, "--out", dir + "/out", "--threads", "1"});
  const auto search =
      run_harness({"search", "--game", "kalah", "--param", "seeds=2", "--param", "endgame=14",
                   "--algorithm", "alphabeta", "--depth", "max", "--max-ms", "1"});
  ::unsetenv("GTS_CACHE_DIR");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto games = table_without(dir + "/out/games.csv", {});
  ASSERT_EQ(games.size(), 3u);
  const auto& header = games[0];
  auto col = [&](const char* name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  for (std::size_t i = 1; i < games.size(); ++i) {
    // Decided by the database (adjudicated) or still open after 8 plies; nobody lost on time.
    EXPECT_NE(games[i][col("termination")], "timeout") << r.out << r.err;
    EXPECT_EQ(games[i][col("forfeit")], "") << r.out << r.err;
  }
  ASSERT_EQ(search.exit_code, 0) << search.err;
  const auto at = search.out.find("\ntime");
  ASSERT_NE(at, std::string::npos) << search.out;
  const double ms = std::stod(search.out.substr(search.out.find_first_of("0123456789", at)));
  EXPECT_LT(ms, 100.0) << search.out;
}

// A Kalah game whose result no play can change (a store holding more than half the seeds, or
// both stores at half) ends there: the same winner of every game as played out, fewer plies.
TEST(Tournament, AdjudicationKeepsEveryResultAndShortensTheGames) {
  const std::string dir = make_temp_dir();
  const std::string base = R"(
name: adj
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: ab, algorithm: alphabeta, depth: 3, options: {ordering: static}}
  - {name: weak, algorithm: alphabeta, depth: 1}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 4, plies: 2}
seed: 3
)";
  const std::string on = write_config(dir, "on.yaml", base);
  const std::string off = write_config(dir, "off.yaml", base + "tournament: {adjudicate: off}\n");
  const auto a = run_harness({"run", on, "--threads", "2", "--out", dir + "/on", "--quiet"});
  const auto b = run_harness({"run", off, "--threads", "2", "--out", dir + "/off", "--quiet"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const auto games_on = testing::table_without(dir + "/on/games.csv", kTimingColumns);
  const auto games_off = testing::table_without(dir + "/off/games.csv", kTimingColumns);
  ASSERT_EQ(games_on.size(), games_off.size());
  ASSERT_EQ(games_on.size(), 1u + 3 * 4 * 2);
  const auto col = [&](const std::string& name) {
    const auto& header = games_on.front();
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  int adjudicated = 0;
  long plies_on = 0, plies_off = 0;
  for (std::size_t i = 1; i < games_on.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(games_on[i][col("result")], games_off[i][col("result")]);
    EXPECT_EQ(games_off[i][col("termination")], "normal");
    const std::string& termination = games_on[i][col("termination")];
    if (termination == "adjudicated") {
      ++adjudicated;
      EXPECT_EQ(games_on[i][col("reason")].rfind("decided: the final outcome lies in [", 0), 0u);
      EXPECT_LT(std::stoi(games_on[i][col("plies")]), std::stoi(games_off[i][col("plies")]));
    } else {
      EXPECT_EQ(termination, "normal");
      EXPECT_EQ(games_on[i], games_off[i]);
    }
    plies_on += std::stoi(games_on[i][col("plies")]);
    plies_off += std::stoi(games_off[i][col("plies")]);
  }
  EXPECT_GT(adjudicated, 12) << "of 24 games";
  EXPECT_LT(plies_on, plies_off);
  // The same points and ratings (the nodes per move differ: fewer moves were searched).
  std::set<std::string> per_move = kTimingColumns;
  per_move.insert("nodes_per_move");
  EXPECT_EQ(testing::table_without(dir + "/on/standings.csv", per_move),
            testing::table_without(dir + "/off/standings.csv", per_move));
}

// tournament.resign and tournament.draw adjudicate by the players' own scores, as fastchess's
// -resign and -draw: a game ends when a side's score stayed <= -score for `moves` of its moves
// (that side loses), or when both sides' stayed within +-score for `moves` moves each from ply
// `after` (a draw); moves.csv shows the scores that decided it.
TEST(Tournament, ResignAndDrawByScore) {
  const std::string dir = make_temp_dir();
  // Tic-tac-toe searched to the end scores 0 on every move: drawn after two moves each.
  const auto d = run_harness(
      {"run",
       write_config(dir, "draw.yaml",
                    "game: tictactoe\nplayers:\n"
                    "  - {name: a, algorithm: alphabeta, depth: max}\n"
                    "  - {name: b, algorithm: negascout, depth: max}\n"
                    "tournament: {adjudicate: off, draw: {score: 0, moves: 2, after: 3}}\n"),
       "--out", dir + "/draw", "--quiet"});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  const auto draws = table_without(dir + "/draw/games.csv", kTimingColumns);
  ASSERT_EQ(draws.size(), 3u);
  const auto& h = draws.front();
  const auto col = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(h.begin(), h.end(), name) - h.begin());
  };
  for (std::size_t i = 1; i < draws.size(); ++i) {
    EXPECT_EQ(draws[i][col("result")], "1/2-1/2");
    EXPECT_EQ(draws[i][col("plies")], "4");
    EXPECT_EQ(draws[i][col("termination")], "adjudicated");
    EXPECT_EQ(draws[i][col("reason")].rfind("drawn by score", 0), 0u) << draws[i][col("reason")];
  }
  // Kalah, a depth-6 searcher against a depth-1 one: the weak side's own search sees the loss.
  const std::string kalah = R"(
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: strong, algorithm: alphabeta, depth: 6, options: {ordering: static}}
  - {name: weak, algorithm: alphabeta, depth: 1}
openings: {kind: random, count: 4, plies: 2}
)";
  const auto r = run_harness(
      {"run",
       write_config(dir, "resign.yaml",
                    kalah + "tournament: {adjudicate: off, resign: {score: 5, moves: 3}}\n"),
       "--out", dir + "/resign", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto games = table_without(dir + "/resign/games.csv", kTimingColumns);
  const auto moves = table_without(dir + "/resign/moves.csv", kTimingColumns);
  const auto& mh = moves.front();
  const auto mcol = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(mh.begin(), mh.end(), name) - mh.begin());
  };
  int resigned = 0;
  for (std::size_t i = 1; i < games.size(); ++i) {
    SCOPED_TRACE(games[i][col("reason")]);
    if (games[i][col("termination")] != "adjudicated") continue;
    ++resigned;
    const bool first_lost = games[i][col("reason")].find("the first player's") != std::string::npos;
    const std::string loser = games[i][col(first_lost ? "first" : "second")];
    EXPECT_EQ(games[i][col("result")], first_lost ? "0-1" : "1-0");
    // The loser's last three moves of that game scored <= -5.
    std::vector<int> values;
    for (std::size_t m = 1; m < moves.size(); ++m) {
      if (moves[m][mcol("game")] == games[i][col("game")] && moves[m][mcol("player")] == loser) {
        values.push_back(std::stoi(moves[m][mcol("value")]));
      }
    }
    ASSERT_GE(values.size(), 3u);
    for (std::size_t k = values.size() - 3; k < values.size(); ++k) EXPECT_LE(values[k], -5);
    if (values.size() > 3) {
      EXPECT_GT(values[values.size() - 4], -5);  // else it would have resigned a move earlier
    }
  }
  EXPECT_GE(resigned, 4) << "of 8 games";
}

// tournament.rating_interval prints the interim results every N games: the match's W/D/L, Elo,
// nElo and LOS (and the LLR under an SPRT) as counted so far; nothing with --quiet.
TEST(Tournament, InterimRatingsEveryNGames) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "c.yaml", R"(
game: {name: kalah, params: {pits: 4, seeds: 3}}
players:
  - {name: ab, algorithm: alphabeta, depth: 4}
  - {name: mm, algorithm: minimax, depth: 2}
openings: {kind: random, count: 6, plies: 2}
tournament: {rating_interval: 4, sprt: {elo0: 0, elo1: 100}}
threads: 2
)");
  const auto r = run_harness({"run", config, "--out", dir + "/o"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* n : {"4", "8", "12"}) {
    const std::string head = std::string("interim after ") + n + " games: ab vs mm W/D/L ";
    const auto at = r.err.find(head);
    ASSERT_NE(at, std::string::npos) << r.err;
    const std::string line = r.err.substr(at, r.err.find('\n', at) - at);
    EXPECT_NE(line.find(", Elo "), std::string::npos) << line;
    EXPECT_NE(line.find(", LLR "), std::string::npos) << line;
  }
  // The last interim counts are the final ones.
  const auto games = table_without(dir + "/o/games.csv", kTimingColumns);
  int w = 0, d = 0, l = 0;
  const auto& h = games.front();
  const auto col = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(h.begin(), h.end(), name) - h.begin());
  };
  for (std::size_t i = 1; i < games.size(); ++i) {
    const bool ab_first = games[i][col("first")] == "ab";
    const std::string& res = games[i][col("result")];
    if (res == "1/2-1/2") {
      ++d;
    } else if ((res == "1-0") == ab_first) {
      ++w;
    } else {
      ++l;
    }
  }
  const std::string wdl = "interim after 12 games: ab vs mm W/D/L " + std::to_string(w) + "/" +
                          std::to_string(d) + "/" + std::to_string(l) + ",";
  EXPECT_NE(r.err.find(wdl), std::string::npos) << r.err;
  const auto quiet = run_harness({"run", config, "--out", dir + "/q", "--quiet"});
  EXPECT_EQ(quiet.err.find("interim"), std::string::npos);
}

// tournament.sprt stops a two-player match when the test decides: a strong player against a
// random one accepts H1, two equal players reject a 100-200 Elo gap (H0). Pairs count in
// schedule order, so one thread and two give the same games, decision and files; the games after
// the decision are not kept; resuming a decided run plays nothing.
TEST(Tournament, SprtStopsTheMatchWithTheRightDecision) {
  const std::string dir = make_temp_dir();
  const std::string strong = write_config(dir, "h1.yaml", R"(
name: sprt-h1
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: ab, algorithm: alphabeta, depth: 4, options: {ordering: static}}
  - {name: rnd, algorithm: random, depth: 1}
openings: {kind: random, count: 100, plies: 4}
tournament: {sprt: {elo0: 0, elo1: 100, model: logistic}}
seed: 2
)");
  const std::string equal = write_config(dir, "h0.yaml", R"(
name: sprt-h0
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - {name: a, algorithm: alphabeta, depth: 2, options: {random_ties: on}}
  - {name: b, algorithm: alphabeta, depth: 2, options: {random_ties: on}}
openings: {kind: random, count: 200, plies: 4}
tournament: {sprt: {elo0: 100, elo1: 200, model: logistic}}
seed: 2
)");
  for (const auto& [config, decision] : {std::pair{strong, std::string("H1 accepted")},
                                         std::pair{equal, std::string("H0 accepted")}}) {
    SCOPED_TRACE(config);
    const std::string one = dir + "/" + decision.substr(0, 2) + "-1";
    const std::string two = dir + "/" + decision.substr(0, 2) + "-2";
    const auto a = run_harness({"run", config, "--threads", "1", "--out", one});
    const auto b = run_harness({"run", config, "--threads", "2", "--out", two});
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_NE(a.out.find(decision + " (LLR "), std::string::npos) << a.out;
    // The progress line carries the running LLR and its bounds.
    EXPECT_NE(a.err.find("  LLR "), std::string::npos) << a.err;
    EXPECT_NE(a.err.find(" [-2.94, 2.94] after "), std::string::npos) << a.err;
    const std::size_t games = games_recorded(one);
    EXPECT_GE(games, 4u);
    EXPECT_LT(games, decision == "H1 accepted" ? 200u : 400u) << "the test never decided";
    EXPECT_EQ(games % 2, 0u);
    EXPECT_NE(a.out.find("after " + std::to_string(games) + " games"), std::string::npos) << a.out;
    // Games start in schedule order, none more than 2 x threads places past the first unfinished
    // one, so a parallel match finishes at most 3 games past its decision with 2 threads, however
    // they are scheduled (its final progress line counts every game finished).
    const auto last = b.err.rfind("games ");
    ASSERT_NE(last, std::string::npos) << b.err;
    const std::size_t finished = std::stoul(b.err.substr(last + 6));
    EXPECT_LE(finished, games + 3) << b.err;
    testing::expect_same_tournament_results(one, two);
    const std::string run_yaml = read_file(one + "/run.yaml");
    EXPECT_NE(run_yaml.find("status: finished"), std::string::npos) << run_yaml;
    EXPECT_NE(run_yaml.find("sprt_result: \"" + decision), std::string::npos) << run_yaml;
    EXPECT_NE(run_yaml.find("games_done: " + std::to_string(games)), std::string::npos);
    const auto again = run_harness({"run", config, "--out", one, "--resume", "--quiet"});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(games_recorded(one), games);
  }
  // An SPRT tests one player against another.
  const std::string three = write_config(dir, "three.yaml", R"(
game: kalah
players:
  - {name: a, algorithm: alphabeta, depth: 1}
  - {name: b, algorithm: alphabeta, depth: 2}
  - {name: c, algorithm: random, depth: 1}
tournament:
  sprt: {elo0: 0, elo1: 10}
)");
  const auto bad = run_harness({"run", three, "--out", dir + "/three"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find(three + ":8:9: 'tournament.sprt' tests one player against another; this "
                                 "config has 3 players"),
            std::string::npos)
      << bad.err;
}

// An opening book as fastchess reads one: `start` (1-based) and `count` pick a run of the list,
// `order: random` shuffles it by the run seed (the same for the same seed).
TEST(Tournament, OpeningBookStartCountAndOrder) {
  const std::string dir = make_temp_dir();
  const std::vector<std::string> book = {"X../.../...:O", ".X./.../...:O", "..X/.../...:O",
                                         ".../X../...:O", ".../.X./...:O", ".../..X/...:O"};
  std::string file;
  for (const auto& p : book) file += p + "\n";
  write_config(dir, "book.txt", file);
  auto config = [&](const std::string& name, const std::string& openings) {
    return write_config(dir, name + ".yaml",
                        "game: tictactoe\nplayers:\n"
                        "  - {name: a, algorithm: alphabeta, depth: 1}\n"
                        "  - {name: b, algorithm: alphabeta, depth: 2}\n"
                        "openings: " +
                            openings + "\nseed: 4\n");
  };
  auto played = [&](const std::string& name, const std::string& openings, const std::string& seed) {
    const auto r = run_harness(
        {"run", config(name, openings), "--out", dir + "/" + name, "--quiet", "--seed", seed});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto rows = testing::table_without(dir + "/" + name + "/games.csv", kTimingColumns);
    const auto& header = rows.front();
    const auto col = static_cast<std::size_t>(
        std::find(header.begin(), header.end(), "opening_position") - header.begin());
    std::vector<std::string> out;
    for (std::size_t i = 1; i < rows.size(); i += 2) out.push_back(rows[i][col]);
    return out;
  };
  EXPECT_EQ(played("seq", "{kind: list, file: book.txt, start: 2, count: 3}", "4"),
            (std::vector<std::string>{book[1], book[2], book[3]}));
  EXPECT_EQ(played("all", "{kind: list, file: book.txt, start: 5}", "4"),
            (std::vector<std::string>{book[4], book[5]}));
  const auto shuffled = played("rnd", "{kind: list, file: book.txt, order: random}", "4");
  EXPECT_EQ(played("rnd-again", "{kind: list, file: book.txt, order: random}", "4"), shuffled);
  EXPECT_NE(shuffled, book);
  EXPECT_EQ(std::multiset<std::string>(shuffled.begin(), shuffled.end()),
            std::multiset<std::string>(book.begin(), book.end()));
  EXPECT_NE(played("rnd-other", "{kind: list, file: book.txt, order: random}", "5"), shuffled);

  const auto past = run_harness(
      {"run", config("past", "{kind: list, file: book.txt, start: 7}"), "--out", dir + "/p"});
  EXPECT_EQ(past.exit_code, 2);
  EXPECT_NE(past.err.find("past.yaml:5:47: 'openings.start' is 7, but the list has 6 positions"),
            std::string::npos)
      << past.err;
  // A count past the list's end cycles through the positions taken (fastchess's short book).
  EXPECT_EQ(played("many", "{kind: list, file: book.txt, start: 3, count: 5}", "4"),
            (std::vector<std::string>{book[2], book[3], book[4], book[5], book[2]}));
}

// Rewrites a game record file without the last move of its first game: the text from the last
// `move_start` before the first `game_end` up to it.
void drop_first_games_last_move(const std::string& path, const std::string& game_end,
                                char move_start) {
  std::string text = read_file(path);
  const auto end = text.find(game_end);
  const auto last = text.rfind(move_start, end);
  text.erase(last, end - last);
  std::ofstream(path, std::ios::trunc) << text;
}

// games.txt holds every game as a line that replays: `harness replay` plays each back to the
// final position games.csv records (adjudicated games included), draws one move by move, and
// finds a record that was tampered with.
TEST(Tournament, GameRecordsReplayToTheRecordedEnd) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "rec.yaml", kKalahConfig);
  const std::string out = dir + "/run";
  const auto run = run_harness({"run", config, "--out", out, "--quiet"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::size_t games = games_recorded(out);
  const auto replay = run_harness({"replay", out});
  ASSERT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_EQ(replay.out, "replayed " + std::to_string(games) + " games from " + out +
                            "/games.txt: every final position matches games.csv\nread " +
                            std::to_string(games) + " games from " + out +
                            "/games.pgn: each is its games.txt record, move for move\n");
  const auto one = run_harness({"replay", out, "--game", "3"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out.rfind("game 3, opening ", 0), 0u) << one.out;
  EXPECT_NE(one.out.find("ply 0: "), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("the final position matches games.csv"), std::string::npos) << one.out;
  const auto missing = run_harness({"replay", out, "--game", "999"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("--game: 999 is not in"), std::string::npos) << missing.err;
  // A folder without the records, and a damaged run.yaml, are refused by name.
  const auto empty = run_harness({"replay", dir});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("RUN_DIR: " + dir + " holds no run.yaml"), std::string::npos)
      << empty.err;
  const std::string run_yaml = read_file(out + "/run.yaml");
  std::string broken = run_yaml;
  broken.replace(broken.find("name: kalah"), 11, "name: chess");
  std::ofstream(out + "/run.yaml", std::ios::trunc) << broken;
  const auto bad_game = run_harness({"replay", out});
  EXPECT_EQ(bad_game.exit_code, 2);
  EXPECT_NE(bad_game.err.find(out + "/run.yaml:"), std::string::npos) << bad_game.err;
  EXPECT_NE(bad_game.err.find("chess"), std::string::npos) << bad_game.err;
  std::ofstream(out + "/run.yaml", std::ios::trunc) << run_yaml;

  // Game 0 without its last move ends elsewhere than games.csv says.
  drop_first_games_last_move(out + "/games.txt", "\n", ' ');
  const auto tampered = run_harness({"replay", out});
  EXPECT_EQ(tampered.exit_code, 1);
  EXPECT_NE(tampered.err.find(out + "/games.txt:1: game 0: ends at "), std::string::npos)
      << tampered.err;
  EXPECT_NE(tampered.out.find(": " + std::to_string(games - 1) + " match games.csv, 1 do not"),
            std::string::npos)
      << tampered.out;
}

// A Go run also writes games.sgf: a game tree per game of games.txt, in its order, from the
// opening's problem (White to move here: one random ply in), with the players by colour and the
// result; `harness replay` reads it back move for move and finds a tampered tree.
TEST(Tournament, GoGamesAreWrittenAsSgf) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "go.yaml", testing::kGoSgfConfig);
  const std::string out = dir + "/run";
  const auto run = run_harness({"run", config, "--out", out, "--quiet"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto rows = table_without(out + "/games.csv", {});
  ASSERT_EQ(rows.size(), 9u);  // the header and 8 games
  const std::string sgf = read_file(out + "/games.sgf");
  std::size_t trees = 0;
  for (std::size_t at = sgf.find("(;GM[1]"); at != std::string::npos;
       at = sgf.find("(;GM[1]", at + 1)) {
    ++trees;
  }
  EXPECT_EQ(trees, 8u);
  // Game 0: ab plays first, and White moves first after the one-ply opening.
  const std::string first = sgf.substr(0, sgf.find(")\n(;"));
  EXPECT_NE(first.find("PL[W]"), std::string::npos) << first;
  EXPECT_NE(first.find("PW[ab]"), std::string::npos) << first;
  EXPECT_NE(first.find("PB[rnd]"), std::string::npos) << first;
  EXPECT_NE(first.find("GN[game 0]"), std::string::npos) << first;
  const std::string result = rows[1].at(6);  // games.csv's result column
  ASSERT_TRUE(result == "1-0" || result == "0-1") << result;
  EXPECT_NE(first.find(result == "1-0" ? "RE[W+]" : "RE[B+]"), std::string::npos) << first;

  const auto replay = run_harness({"replay", out});
  ASSERT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_NE(replay.out.find("read 8 games from " + out +
                            "/games.sgf: each is its games.txt record, move for move"),
            std::string::npos)
      << replay.out;
  // The first tree without its last move no longer is game 0.
  drop_first_games_last_move(out + "/games.sgf", ")\n(;", ';');
  const auto tampered = run_harness({"replay", out});
  EXPECT_EQ(tampered.exit_code, 1);
  EXPECT_NE(
      tampered.err.find("games.sgf: game tree 1 differs from game 0 of games.txt (the moves)"),
      std::string::npos)
      << tampered.err;
}

TEST(Tournament, BadInputIsLocatedAndExitsTwo) {
  const std::string dir = make_temp_dir();
  const std::string bad = write_config(dir, "bad.yaml",
                                       "game: kalah\nplayers:\n  - {name: a, algorithm: alphabeta, "
                                       "depth: 0}\n  - {name: b, algorithm: random, depth: 1}\n");
  auto r = run_harness({"run", bad, "--out", dir + "/x"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(bad + ":3:"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/x/games.csv"));

  auto missing = run_harness({"run", dir + "/nope.yaml"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("nope.yaml"), std::string::npos) << missing.err;

  // An existing run is never overwritten; resuming it with another config is refused.
  const std::string config = write_config(dir, "det.yaml", kKalahConfig);
  ASSERT_EQ(run_harness({"run", config, "--out", dir + "/run"}).exit_code, 0);
  auto again = run_harness({"run", config, "--out", dir + "/run"});
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("--resume"), std::string::npos) << again.err;
  auto other_seed = run_harness({"run", config, "--out", dir + "/run", "--resume", "--seed", "77"});
  EXPECT_EQ(other_seed.exit_code, 2);
  EXPECT_NE(other_seed.err.find("differs"), std::string::npos) << other_seed.err;
  auto no_out = run_harness({"run", config, "--resume"});
  EXPECT_EQ(no_out.exit_code, 2);
  EXPECT_NE(no_out.err.find("--out"), std::string::npos) << no_out.err;
  auto threads = run_harness({"run", config, "--threads", "-3"});
  EXPECT_EQ(threads.exit_code, 2);
}

// Random openings are distinct, every game records the position it started from, and a request
// the game cannot meet (more distinct openings than exist, more plies than a game lasts) is
// refused.
TEST(Tournament, RandomOpeningsAreDistinctAndRecorded) {
  const std::string dir = make_temp_dir();
  auto config = [&](int count, int plies) {
    return write_config(dir, "o" + std::to_string(count) + "-" + std::to_string(plies) + ".yaml",
                        "game: kalah\nplayers:\n  - {name: a, algorithm: random, depth: 1}\n"
                        "  - {name: b, algorithm: random, depth: 1}\n"
                        "openings: {kind: random, count: " +
                            std::to_string(count) + ", plies: " + std::to_string(plies) + "}\n");
  };
  // Kalah(6,4) has 6 moves from the start, and one of them (house 3) moves again: 6 positions.
  auto six = run_harness({"run", config(6, 1), "--out", dir + "/six"});
  ASSERT_EQ(six.exit_code, 0) << six.err;
  const auto games = table_without(dir + "/six/games.csv", {});
  ASSERT_EQ(games.size(), 13u);
  const auto& header = games[0];
  const auto col = static_cast<std::size_t>(
      std::find(header.begin(), header.end(), "opening_position") - header.begin());
  ASSERT_LT(col, header.size());
  std::set<std::string> starts;
  for (std::size_t i = 1; i < games.size(); i += 2) {
    EXPECT_EQ(games[i][col], games[i + 1][col]) << "a game pair starts from one position";
    starts.insert(games[i][col]);
  }
  EXPECT_EQ(starts.size(), 6u);

  auto seven = run_harness({"run", config(7, 1), "--out", dir + "/seven"});
  EXPECT_EQ(seven.exit_code, 2);
  EXPECT_NE(seven.err.find("asked for 7 distinct random openings of 1 plies, but 10000 draws "
                           "found only 6"),
            std::string::npos)
      << seven.err;
  auto long_openings = run_harness({"run", config(2, 500), "--out", dir + "/long"});
  EXPECT_EQ(long_openings.exit_code, 2);
  EXPECT_NE(long_openings.err.find("openings.plies 500: kalah games end before that ply"),
            std::string::npos)
      << long_openings.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/long/games.csv"));
}

// A resumed run reads its journal back and refuses, naming the file and line, anything this run
// could not have written; the files are left untouched for the user to mend.
TEST(Tournament, ResumeRefusesAJournalThatContradictsTheRun) {
  const std::string dir = make_temp_dir();
  const std::string config = write_config(dir, "det.yaml", kKalahConfig);
  ASSERT_EQ(run_harness({"run", config, "--out", dir + "/run"}).exit_code, 0);
  // Resume's own checks of the journal, as on a folder written before manifests (with one, the
  // manifest names the file first: run_folder_integrity_test).
  std::filesystem::remove(dir + "/run/manifest.sha256");
  const auto games = table_without(dir + "/run/games.csv", {});
  ASSERT_EQ(games.size(), 61u);
  const auto& header = games[0];
  auto col = [&](const char* name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  // The first game played to its end with a non-zero margin.
  std::size_t decided = 0;
  for (std::size_t i = 1; i < games.size() && decided == 0; ++i) {
    if (games[i][col("termination")] == "normal" && games[i][col("margin")] != "0") decided = i;
  }
  ASSERT_NE(decided, 0u);
  const std::size_t moves_lines = table_without(dir + "/run/moves.csv", {}).size();

  struct Case {
    const char* name;
    std::string file;
    std::function<void(std::vector<std::vector<std::string>>&)> edit;
    std::string where;
    std::string what;
  };
  const std::vector<Case> cases = {
      {"extra game", "games.csv",
       [&](auto& rows) {
         rows.push_back(rows[1]);
         rows.back()[col("game")] = "60";
       },
       "games.csv:62:1:", "game 60 is not in this run's schedule (60 games"},
      {"result against margin", "games.csv",
       [&](auto& rows) {
         auto& r = rows[decided];
         r[col("result")] = r[col("result")] == "1-0" ? "0-1" : "1-0";
       },
       "games.csv:" + std::to_string(decided + 1) + ":1:", "contradicts margin"},
      {"unknown player", "games.csv", [&](auto& rows) { rows[3][col("first")] = "ghost"; },
       "games.csv:4:1:", "recorded as ghost vs"},
      {"repeated game", "games.csv", [](auto& rows) { rows.push_back(rows[1]); },
       "games.csv:62:1:", "game 0 recorded again (first at line 2)"},
      {"repeated move", "moves.csv", [](auto& rows) { rows.push_back(rows[1]); },
       "moves.csv:" + std::to_string(moves_lines + 1) + ":1:",
       "game 0, ply 0 recorded again (first at line 2)"},
      // (written raw below: csv::line would escape the stray quote)
      {"broken quote", "moves.csv", [](auto&) {}, "moves.csv:3:1:", "quote"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string run = dir + "/" + std::to_string(&c - cases.data());
    std::filesystem::copy(dir + "/run", run, std::filesystem::copy_options::recursive);
    auto rows = table_without(run + "/" + c.file, {});
    c.edit(rows);
    std::string text;
    for (const auto& r : rows) text += csv::line(r);
    if (std::string(c.name) == "broken quote") {  // line 3 starts with an unterminated quote
      const std::size_t at = text.find('\n', text.find('\n') + 1) + 1;
      text.replace(at, text.find(',', at) - at, "\"1");
    }
    testing::write_config(run, c.file, text);
    auto r = run_harness({"run", config, "--out", run, "--resume"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(run + "/" + c.where), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.what), std::string::npos) << r.err;
    EXPECT_EQ(read_file(run + "/" + c.file), text) << "the journal was rewritten";
  }
}

GameRow game(int index, const char* first, const char* second, const char* result) {
  GameRow r;
  r.game = index;
  r.pair = index / 2;
  r.pairing = 0;
  // Built, not assigned from char*: GCC 12 -O2 sees a false -Wrestrict in the assignment here.
  r.first = std::string(first);
  r.second = std::string(second);
  r.result = std::string(result);
  return r;
}

// A perfect score has no finite maximum-likelihood rating: the standings say so (elo NaN) and give
// the one-sided bound the games support, and a lone rated player is the scale's zero, not "0 +- 0".
// A player's table the machine cannot give (here: 4096 MiB under a 600 MB address-space limit) is
// the config's error before any game, at the player's tt_mb; 16 MiB tables under the same limit
// play. Growth limits count: solve's default tt_max_mb (2048 MiB) is named as its default.
// `--check` says the same.
TEST(Tournament, ATableTheMachineCannotGiveIsRefusedBeforeTheFirstGame) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "sanitizers need more address space than the limit leaves";
#else
  const std::string dir = make_temp_dir();
  // --check gives the run's verdict: the same line and exit code.
  const auto under_limit = [&](const std::string& config, const std::string& out, int code) {
    const auto check = testing::run_harness_in_memory(600000, {"run", config, "--check"});
    EXPECT_EQ(check.exit_code, code) << check.err;
    const auto r = testing::run_harness_in_memory(600000, {"run", config, "--out", out, "--quiet"});
    EXPECT_EQ(r.exit_code, code) << r.err;
    EXPECT_EQ(check.err, r.err);
    return r.err;
  };
  const std::string head =
      "game: tictactoe\nplayers:\n  - {name: small, algorithm: alphabeta, "
      "depth: 2, options: {tt: 'on'}}\n";
  const std::string big = write_config(
      dir, "big.yaml",
      head +
          "  - name: big\n    algorithm: alphabeta\n    depth: 2\n    options: {tt: 'on', "
          "tt_mb: 4096}\n");
  EXPECT_EQ(under_limit(big, dir + "/big", 2),
            "error: " + big +
                ":7:32: player 'big': tt_mb=4096: cannot allocate a 4096 MiB transposition table "
                "here; choose a smaller tt_mb\n");
  EXPECT_FALSE(std::filesystem::exists(dir + "/big/games.csv"));
  const std::string solver =
      write_config(dir, "solve.yaml", head + "  - {name: solver, algorithm: solve, depth: max}\n");
  EXPECT_EQ(under_limit(solver, dir + "/solve", 2),
            "error: " + solver +
                ": player 'solver': tt_mb=16 tt_max_mb=2048: cannot reserve a 2048 MiB "
                "transposition table here; choose a smaller tt_max_mb (tt_max_mb is its "
                "default)\n");
  const std::string fits = write_config(
      dir, "fits.yaml",
      head + "  - {name: fits, algorithm: alphabeta, depth: 2, options: {tt: 'on', tt_mb: 32}}\n");
  (void)under_limit(fits, dir + "/fits", 0);
  EXPECT_EQ(table_without(dir + "/fits/games.csv", {}).size(), 3u);
#endif
}

// A player whose fixed depth cannot finish in any reasonable time (minimax to the end of Connect
// Four: about 10^21 positions by the game's estimate) is warned of at its depth before the first
// game; one under a node budget, or with a table, is not, nor a feasible one; the run goes on.
TEST(Tournament, ADepthThatCannotFinishIsWarnedOf) {
  const std::string dir = make_temp_dir();
  const std::string config =
      write_config(dir, "c4.yaml",
                   "game: connect-four\nplayers:\n  - {name: mm, algorithm: minimax, depth: max}\n"
                   "  - {name: budget, algorithm: alphabeta, nodes: 1000}\n"
                   "  - {name: tt, algorithm: alphabeta, depth: max, options: {tt: 'on'}}\n");
  std::string err;
  EXPECT_TRUE(testing::harness_says_before({"run", config, "--out", dir + "/c4", "--quiet"},
                                           "warning: ", 20, &err))
      << err;
  EXPECT_NE(err.find("warning: " + config +
                     ":3:43: player 'mm': depth max: minimax would visit about 10^"),
            std::string::npos)
      << err;
  EXPECT_EQ(err.find("'budget'"), std::string::npos) << err;
  EXPECT_EQ(err.find("'tt'"), std::string::npos) << err;
  // Minimax to the end of tic-tac-toe (549,946 positions) is no such search.
  const std::string ttt =
      write_config(dir, "ttt.yaml",
                   "game: tictactoe\nplayers:\n  - {name: mm, algorithm: minimax, depth: max}\n"
                   "  - {name: rnd, algorithm: random, depth: 1}\ntournament: {pairs: 1}\n");
  const auto r = run_harness({"run", ttt, "--out", dir + "/ttt", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
}

// An output folder that cannot be made is named before anything runs: the option, or the config's
// `output.dir` where it stands; one line, exit 2.
TEST(Tournament, AnOutputFolderThatCannotBeMadeIsNamed) {
  const std::string dir = make_temp_dir();
  const std::string players =
      "game: tictactoe\nplayers:\n  - {name: a, algorithm: alphabeta, depth: 1}\n"
      "  - {name: b, algorithm: alphabeta, depth: 2}\n";
  const std::string config = write_config(dir, "c.yaml", players);
  const std::string in_config =
      write_config(dir, "d.yaml", "output: {dir: /dev/null/runs}\n" + players);
  struct Case {
    std::vector<std::string> args;
    std::string error;
  };
  const std::vector<Case> cases = {
      {{"run", config, "--out", "/proc/nope"},
       "error: --out: cannot create '/proc/nope': No such file or directory\n"},
      {{"run", config, "--out", "/dev/null"}, "error: --out: '/dev/null' is not a folder\n"},
      {{"run", config, "--out", "/dev/null/x"}, "error: --out: '/dev/null' is not a folder\n"},
      {{"run", in_config},
       "error: " + in_config + ":1:15: output.dir: '/dev/null' is not a folder\n"},
      {{"report", dir, "--out", "/dev/null"}, "error: --out: '/dev/null' is not a folder\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args[c.args.size() - 1]);
    const auto r = run_harness(c.args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, c.error);
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(Tournament, AnOlderRunFolderIsNamedByItsFormat) {
  const std::string dir = make_temp_dir();
  const auto r = run_harness(
      {"run", write_config(dir, "c.yaml", kKalahConfig), "--out", dir + "/out", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto edit = [](const std::string& path, const std::string& from, const std::string& to) {
    std::string text = read_file(path);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << path << ": " << from;
    text.replace(at, from.size(), to);
    std::ofstream(path, std::ios::trunc) << text;
  };
  // Format 2 (0.2): run.yaml without `format`. replay, report and resume refuse it by run.yaml.
  std::filesystem::copy(dir + "/out", dir + "/two", std::filesystem::copy_options::recursive);
  edit(dir + "/two/run.yaml", "  format: 3\n", "");
  const std::string two = dir + "/two/run.yaml: a run folder of format 2 (gametree-harness 0.2)";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"replay", dir + "/two"},
        {"report", dir + "/two"},
        {"run", dir + "/c.yaml", "--out", dir + "/two", "--resume", "--quiet"}}) {
    SCOPED_TRACE(args[0]);
    const auto old = run_harness(args);
    EXPECT_EQ(old.exit_code, 2);
    EXPECT_EQ(old.err.rfind("error: " + two + "; this is ", 0), 0u) << old.err;
    EXPECT_EQ(std::count(old.err.begin(), old.err.end(), '\n'), 1) << old.err;
  }
  // Journals of formats 1 and 2 under a run.yaml that does not say (mended by hand) are named by
  // their headers and flags (as a folder of those formats has it, without a manifest).
  std::filesystem::remove(dir + "/out/manifest.sha256");
  const auto as_old = [&](const std::string& file, const std::set<std::string>& added) {
    std::string text;
    for (const auto& row : table_without(dir + "/out/" + file, added)) text += csv::line(row);
    std::ofstream(dir + "/out/" + file) << text;
  };
  {
    // Format 2's flags: 0/1 for exact and searched (columns 6 and 7) under format 3's header.
    auto rows = table_without(dir + "/out/moves.csv", {});
    for (std::size_t c : {6u, 7u}) rows[1][c] = rows[1][c] == "true" ? "1" : "0";
    std::string text;
    for (const auto& row : rows) text += csv::line(row);
    std::ofstream(dir + "/out/moves.csv") << text;
  }
  const auto moves_two = run_harness({"replay", dir + "/out"});
  EXPECT_EQ(moves_two.exit_code, 2);
  EXPECT_NE(moves_two.err.find("moves.csv:2:1: a run folder of format 2"), std::string::npos)
      << moves_two.err;
  as_old("games.csv", {"first_unsearched", "second_unsearched"});
  as_old("moves.csv", {"exact", "searched"});
  edit(dir + "/out/games.csv", "first_cpu_us,second_cpu_us", "first_cpu_ms,second_cpu_ms");
  const std::string named = "games.csv:1:1: a run folder of format 1 (gametree-harness 0.1)";
  const auto replay = run_harness({"replay", dir + "/out"});
  EXPECT_EQ(replay.exit_code, 2);
  EXPECT_NE(replay.err.find(named), std::string::npos) << replay.err;
  const auto resume =
      run_harness({"run", dir + "/c.yaml", "--out", dir + "/out", "--resume", "--quiet"});
  EXPECT_EQ(resume.exit_code, 2);
  EXPECT_NE(resume.err.find(named), std::string::npos) << resume.err;
}

TEST(Reports, PlayersWithoutAFiniteRatingGetABound) {
  std::vector<GameRow> rows;
  for (int i = 0; i < 10; ++i)
    rows.push_back(game(i, i % 2 ? "B" : "A", i % 2 ? "A" : "B", i % 2 ? "0-1" : "1-0"));
  auto st = compute_standings({"A", "B"}, rows);
  ASSERT_EQ(st.size(), 2u);
  EXPECT_EQ(st[0].player, "A");
  EXPECT_EQ(st[0].rating_status, "reference");
  EXPECT_EQ(st[0].elo, 0.0);
  EXPECT_TRUE(std::isnan(st[0].elo_lo) && std::isnan(st[0].elo_hi));
  EXPECT_EQ(st[1].rating_status, "unbounded-below");
  EXPECT_TRUE(std::isnan(st[1].elo));
  EXPECT_EQ(st[1].elo_lo, -std::numeric_limits<double>::infinity());
  // Ten straight losses: below 0 - Elo(0.05^(1/10)) = -182.7 at 95%.
  EXPECT_NEAR(st[1].elo_hi, elo_from_score(std::pow(0.05, 0.1)) * -1, 1e-9);
  EXPECT_NEAR(st[1].elo_hi, -182.7, 0.05);

  // B and C split their games (rated, mean 0); A won all four against B and met no one else: A is
  // at least B's rating + Elo(0.05^(1/4)) above.
  rows.clear();
  for (int i = 0; i < 4; ++i) rows.push_back(game(i, "A", "B", "1-0"));
  rows.push_back(game(4, "B", "C", "1-0"));
  rows.push_back(game(5, "C", "B", "1/2-1/2"));
  rows.push_back(game(6, "B", "C", "0-1"));
  st = compute_standings({"A", "B", "C"}, rows);
  ASSERT_EQ(st[0].player, "A");
  EXPECT_EQ(st[0].rating_status, "unbounded-above");
  EXPECT_TRUE(std::isnan(st[0].elo));
  const Standing& b = st[1].player == "B" ? st[1] : st[2];
  EXPECT_EQ(b.rating_status, "ok");
  EXPECT_NEAR(st[0].elo_lo, b.elo + elo_from_score(std::pow(0.05, 0.25)), 1e-9);
  EXPECT_EQ(st[0].elo_hi, std::numeric_limits<double>::infinity());
}

TEST(Reports, PentanomialCountsOverGamePairs) {
  // Pairs from A's view: (1, 0) -> WL, (1, 1) -> WW, (0.5, 0.5) -> DD, (0, 0.5) -> LD,
  // (0, 0) -> LL, (1, 0.5) -> WD; and one half pair that is not counted.
  std::vector<GameRow> rows = {
      game(0, "A", "B", "1-0"), game(1, "B", "A", "1-0"),     game(2, "A", "B", "1-0"),
      game(3, "B", "A", "0-1"), game(4, "A", "B", "1/2-1/2"), game(5, "B", "A", "1/2-1/2"),
      game(6, "A", "B", "0-1"), game(7, "B", "A", "1/2-1/2"), game(8, "A", "B", "0-1"),
      game(9, "B", "A", "1-0"), game(10, "A", "B", "1-0"),    game(11, "B", "A", "1/2-1/2"),
      game(12, "A", "B", "1-0")};
  auto pairings = compute_pairings(rows);
  ASSERT_EQ(pairings.size(), 1u);
  const PairingStats& p = pairings[0];
  EXPECT_EQ(p.a, "A");
  EXPECT_EQ(p.b, "B");
  EXPECT_EQ(p.wdl.games(), 13);
  EXPECT_EQ(p.wdl.wins, 5);
  EXPECT_EQ(p.wdl.draws, 4);
  EXPECT_EQ(p.wdl.losses, 4);
  EXPECT_EQ(p.ll, 1);
  EXPECT_EQ(p.ld, 1);
  EXPECT_EQ(p.wl_dd, 2);
  EXPECT_EQ(p.wd, 1);
  EXPECT_EQ(p.ww, 1);
  // Pair scores 0, 1/4, 1/2, 1/2, 3/4, 1: mean 1/2, so nElo 0. BayesElo by hand from W/D/L 5/4/4:
  // 200 log10(pw/pl (1-pl)/(1-pw)) = 200 log10(5/4 * 9/8) and drawelo 200 log10(9/4 * 8/5).
  EXPECT_NEAR(p.elo.nelo, 0.0, 1e-9);
  EXPECT_GT(p.elo.nelo_error, 0.0);
  EXPECT_NEAR(p.bayes.elo, 200 * std::log10(1.25 * 1.125), 1e-9);
  EXPECT_NEAR(p.bayes.drawelo, 200 * std::log10(2.25 * 1.6), 1e-9);

  auto standings = compute_standings({"A", "B"}, rows);
  ASSERT_EQ(standings.size(), 2u);
  EXPECT_EQ(standings[0].player, "A");
  EXPECT_DOUBLE_EQ(standings[0].wdl.points(), 7.0);
  EXPECT_NEAR(standings[0].elo, -standings[1].elo, 1e-9);  // mean 0
  // Two players: the ML rating difference is Elo(s) for s = 7/13.
  EXPECT_NEAR(standings[0].elo - standings[1].elo, -400 * std::log10(13.0 / 7.0 - 1), 0.01);
}

}  // namespace
}  // namespace gts
