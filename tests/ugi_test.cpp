// `harness ugi` as a UGI client drives it: the handshake, options, positions, queries in the exact
// two-token forms strict clients parse, the same moves as an in-process search, a stop that ends
// an infinite search, and bad commands answered without the engine going down.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>

#include "harness/registry.h"
#include "tests/process.h"

namespace gts {
namespace {

using testing::run_harness;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The replies that answer requests (options, id and info lines aside).
std::vector<std::string> answers(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& l : lines_of(text)) {
    if (l.rfind("option ", 0) == 0 || l.rfind("id ", 0) == 0 || l.rfind("info ", 0) == 0) continue;
    out.push_back(l);
  }
  return out;
}

TEST(Ugi, HandshakeQueriesAndAFinishedGame) {
  const auto r =
      run_harness({"ugi", "--game", "tictactoe", "--algorithm", "alphabeta", "--depth", "3"},
                  "ugi\nisready\nuginewgame\nposition startpos\nquery p1turn\n"
                  "query gameover\nquery result\n"
                  "position startpos moves a1 b1 a2 b2 a3\nquery gameover\n"
                  "query result\nquery p1turn\ngo depth 2\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> expected = {"ugiok",          "readyok",        "response true",
                                             "response false", "response none",  "response true",
                                             "response p1win", "response false", "bestmove 0000"};
  EXPECT_EQ(answers(r.out), expected) << r.out;
  EXPECT_NE(r.out.find("option name fail type combo default hard var hard var soft"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("option name tt_mb type spin default 16 min 1 max 4096"), std::string::npos);
}

// The protocol path adds nothing and loses nothing: on every position of a game line, the engine's
// move, score and node count are those of `harness search` on the same position.
TEST(Ugi, SameMovesAsAnInProcessSearch) {
  const std::vector<std::string> line = {"3", "6", "1", "5", "2", "4"};
  std::string script = "ugi\nisready\n";
  std::string moves;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    script +=
        "position startpos" + (moves.empty() ? "" : " moves" + moves) + "\nquery fen\ngo depth 5\n";
    if (i < line.size()) moves += " " + line[i];
  }
  script += "quit\n";
  const auto r = run_harness({"ugi", "--game", "kalah", "--algorithm", "alphabeta", "--option",
                              "ordering=static", "--depth", "5"},
                             script);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> positions, best, infos;
  for (const auto& l : lines_of(r.out)) {
    if (l.rfind("response ", 0) == 0) positions.push_back(l.substr(9));
    if (l.rfind("bestmove ", 0) == 0) best.push_back(l.substr(9));
    if (l.rfind("info depth", 0) == 0) infos.push_back(l);
  }
  ASSERT_EQ(best.size(), line.size() + 1) << r.out;
  ASSERT_EQ(positions.size(), line.size() + 1) << r.out;
  ASSERT_EQ(infos.size(), line.size() + 1) << r.out;
  EXPECT_EQ(positions[0], "4,4,4,4,4,4,0,4,4,4,4,4,4,0:S");
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const auto s =
        run_harness({"search", "--game", "kalah", "--algorithm", "alphabeta", "--option",
                     "ordering=static", "--depth", "5", "--json", "--position", positions[i]});
    ASSERT_EQ(s.exit_code, 0) << s.err;
    const auto j = nlohmann::json::parse(s.out);
    EXPECT_EQ(best[i], j["best_move"].get<std::string>()) << positions[i];
    EXPECT_NE(infos[i].find(" score cp " + std::to_string(j["value"].get<int>()) + " nodes " +
                            std::to_string(j["nodes"].get<long long>()) + " "),
              std::string::npos)
        << infos[i];
  }
}

TEST(Ugi, StopEndsAnInfiniteSearch) {
  // Kalah(6,6) to the end would run for hours: only `stop` can end it.
  const auto r = run_harness({"ugi", "--game", "kalah", "--param", "seeds=6", "--algorithm",
                              "alphabeta", "--option", "id=on", "--depth", "4"},
                             "ugi\nposition startpos\ngo infinite\nstop\nisready\ngo depth 2\n"
                             "quit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 4u) << r.out;
  EXPECT_EQ(a[0], "ugiok");
  // isready is answered at once while the search runs, so readyok may come before its bestmove.
  int best = 0, ready = 0;
  for (std::size_t i = 1; i < a.size(); ++i) {
    best += a[i].rfind("bestmove ", 0) == 0 ? 1 : 0;
    ready += a[i] == "readyok" ? 1 : 0;
  }
  EXPECT_EQ(best, 2) << r.out;
  EXPECT_EQ(ready, 1) << r.out;
  EXPECT_EQ(a.back().rfind("bestmove ", 0), 0u) << r.out;
}

TEST(Ugi, BadCommandsAreAnsweredAndTheEngineGoesOn) {
  const auto r = run_harness(
      {"ugi", "--game", "tictactoe", "--algorithm", "alphabeta", "--depth", "2"},
      "position fen nonsense\nposition startpos moves a1 a1\nsetoption name fail value weird\n"
      "setoption name nope value 1\ngo depth x\nquery colour\nfrobnicate\nposition startpos\n"
      "setoption name fail value soft\nquery p1turn\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  int errors = 0;
  for (const auto& l : lines_of(r.out)) errors += l.rfind("info string", 0) == 0 ? 1 : 0;
  EXPECT_EQ(errors, 7) << r.out;
  EXPECT_NE(r.out.find("'fail' must be one of hard|soft, got 'weird'"), std::string::npos) << r.out;
  EXPECT_EQ(answers(r.out), std::vector<std::string>{"response true"}) << r.out;
  // The command line itself is checked as `harness search`'s is.
  const auto bad =
      run_harness({"ugi", "--game", "chess", "--algorithm", "alphabeta", "--depth", "2"});
  EXPECT_EQ(bad.exit_code, 2);
}

// After a rejected `position` the engine knows no position the client meant: `go` answers an
// error naming it and `bestmove 0000`, `query` an error, until a `position` is accepted.
TEST(Ugi, NoSearchOfAStalePositionAfterARejectedOne) {
  const std::vector<std::string> args = {"ugi",       "--game",  "kalah", "--algorithm",
                                         "alphabeta", "--depth", "2"};
  const auto r = run_harness(args,
                             "position startpos moves 2\nposition startpos moves 9\ngo depth 2\n"
                             "query fen\nposition startpos moves 3\ngo depth 2\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto reference = run_harness(args, "position startpos moves 3\ngo depth 2\nquit\n");
  const auto expected = answers(reference.out);
  ASSERT_EQ(expected.size(), 1u) << reference.out;
  ASSERT_NE(expected[0], "bestmove 0000");
  EXPECT_EQ(answers(r.out), (std::vector<std::string>{"bestmove 0000", expected[0]})) << r.out;
  EXPECT_NE(r.out.find("info string error: go: the last 'position' was rejected ("),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("info string error: query: the last 'position' was rejected ("),
            std::string::npos)
      << r.out;
}

// The `info depth` of each search and its `bestmove`, in order.
std::vector<std::pair<int, std::string>> searches(const std::string& out) {
  std::vector<std::pair<int, std::string>> r;
  int depth = -1;
  for (const auto& l : lines_of(out)) {
    if (l.rfind("info depth ", 0) == 0) depth = std::stoi(l.substr(11));
    if (l.rfind("bestmove ", 0) == 0) r.emplace_back(depth, l.substr(9)), depth = -1;
  }
  return r;
}

// Every algorithm the registry marks anytime, on every game, from the start and from a mid-game
// position, under `go movetime`, a clock and `go nodes`: a legal move from a completed depth >= 1.
TEST(Ugi, EveryAnytimeAlgorithmSearchesUnderEveryBudget) {
  const std::vector<std::string> budgets = {
      "go movetime 30", "go p1time 900 p2time 900 p1inc 10 p2inc 10", "go nodes 3000"};
  int checked = 0;
  for (const AlgorithmInfo& a : algorithm_infos()) {
    if (!a.facts.anytime || !a.facts.searches) continue;
    for (const GameInfo& g : game_infos()) {
      SCOPED_TRACE(a.name + " on " + g.name);
      const auto game = make_game(g.name, {});
      std::vector<std::string> positions = {game->initial_position()};
      std::string p = positions[0];
      for (int ply = 0; ply < 4 && !game->is_terminal(p); ++ply) {
        const auto moves = game->legal_moves(p);
        const std::string next = game->play_move(p, moves[moves.size() / 2]);
        if (game->is_terminal(next)) break;
        p = next;
      }
      if (p != positions[0]) positions.push_back(p);
      std::string script = "ugi\nisready\n";
      std::vector<std::vector<std::string>> legal;
      for (const auto& pos : positions) {
        for (const auto& b : budgets) {
          script += "position fen " + pos + "\n" + b + "\n";
          legal.push_back(game->legal_moves(pos));
        }
      }
      const auto r =
          run_harness({"ugi", "--game", g.name, "--algorithm", a.name}, script + "quit\n");
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const auto s = searches(r.out);
      ASSERT_EQ(s.size(), legal.size()) << r.out;
      for (std::size_t i = 0; i < s.size(); ++i) {
        EXPECT_GE(s[i].first, 1) << r.out;
        EXPECT_LT(s[i].first, kDepthMax) << r.out;
        EXPECT_NE(std::ranges::find(legal[i], s[i].second), legal[i].end()) << r.out;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 3 * 6 * 2 * 3);
}

// The `time` of each search's `info depth` line, in order.
std::vector<double> search_times(const std::string& out) {
  std::vector<double> r;
  for (const auto& l : lines_of(out)) {
    const auto at = l.find(" time ");
    if (l.rfind("info depth ", 0) == 0 && at != std::string::npos) {
      r.push_back(std::stod(l.substr(at + 6)));
    }
  }
  return r;
}

// `movestogo` is the mover's moves to its clock's next period: with 1 s left and one move to go
// the search takes its cap, half the clock; with 5 to go a 6th; without it, a 25th (40 ms).
// Kalah(6,6) is far too deep to be solved sooner. One engine each, as the end of the input
// stops every search within a second.
TEST(Ugi, MovesToGoSharesTheClockOverTheMovesLeft) {
  const auto search_ms = [](const std::string& go) {
    const auto r =
        run_harness({"ugi", "--game", "kalah", "--param", "seeds=6", "--algorithm", "alphabeta"},
                    "ugi\nisready\nposition startpos\n" + go + "\nquit\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto t = search_times(r.out);
    EXPECT_EQ(t.size(), 1u) << r.out;
    return t.empty() ? -1.0 : t[0];
  };
  const double one = search_ms("go p1time 1000 p2time 1000 movestogo 1");
  EXPECT_GE(one, 500 - 5);
  EXPECT_LT(one, 750);
  const double five = search_ms("go p1time 1000 p2time 1000 p1inc 0 p2inc 0 movestogo 5");
  EXPECT_GE(five, 1000.0 / 6 - 5);
  EXPECT_LT(five, 400);
  const double whole = search_ms("go p1time 1000 p2time 1000");
  EXPECT_GE(whole, 40 - 5);
  EXPECT_LT(whole, 150);
  const auto bad = run_harness({"ugi", "--game", "kalah", "--algorithm", "alphabeta"},
                               "ugi\nposition startpos\ngo movestogo x\ngo movetime inf\n"
                               "go p1time nan\ngo depth 1\nquit\n");
  for (const char* go : {"movestogo x", "movetime inf", "p1time nan"}) {
    EXPECT_NE(bad.out.find(std::string("info string error: go: '") + go +
                           "': expected a finite number >= 0"),
              std::string::npos)
        << bad.out;
  }
  EXPECT_EQ(searches(bad.out).size(), 1u) << bad.out;
}

// The client's end stops any search: the engine answers and exits within about a second.
TEST(Ugi, EndOfInputStopsAnInfiniteSearchAndExits) {
  const auto start = std::chrono::steady_clock::now();
  const auto r =
      run_harness({"ugi", "--game", "kalah", "--param", "seeds=6", "--algorithm", "alphabeta"},
                  "ugi\nposition startpos\ngo infinite\n");
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_LT(s, 3.0);
  const auto found = searches(r.out);
  ASSERT_EQ(found.size(), 1u) << r.out;
  EXPECT_GE(found[0].first, 1) << r.out;
}

// A search to the end reports the plies it proved, never a sentinel depth.
TEST(Ugi, ASolvedSearchReportsPliesNotASentinel) {
  const auto r = run_harness({"ugi", "--game", "tictactoe", "--algorithm", "alphabeta"},
                             "ugi\nposition startpos\ngo\nposition startpos moves a1 b1\n"
                             "go infinite\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto found = searches(r.out);
  ASSERT_EQ(found.size(), 2u) << r.out;
  for (const auto& [depth, move] : found) {
    EXPECT_GE(depth, 1) << r.out;
    EXPECT_LE(depth, 9) << r.out;
  }
}

TEST(Ugi, MalformedLimitsAreNamed) {
  const auto r = run_harness({"ugi", "--game", "kalah", "--algorithm", "alphabeta"},
                             "ugi\nposition startpos\ngo nodes abc\ngo movetime -5\n"
                             "go depth 2x\ngo wtime 5\ngo depth 2\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* token : {"'abc'", "'-5'", "'2x'", "'wtime'"}) {
    EXPECT_NE(r.out.find(std::string("info string error: go: ")), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(token), std::string::npos) << token << "\n" << r.out;
  }
  EXPECT_EQ(searches(r.out).size(), 1u) << r.out;
}

// An algorithm that cannot stop with a finished move is refused at start-up under a known
// budget; under a `go` budget it says so and its move is marked unsearched (depth 0).
TEST(Ugi, AnAlgorithmThatCannotStopIsRefusedUnderABudget) {
  const auto refused =
      run_harness({"ugi", "--game", "kalah", "--algorithm", "sss*", "--max-ms", "100"}, "quit\n");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("sss* cannot play under --max-ms"), std::string::npos) << refused.err;
  const auto r = run_harness({"ugi", "--game", "kalah", "--algorithm", "sss*"},
                             "ugi\nposition startpos\ngo movetime 50\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("info string sss* cannot play under a budget"), std::string::npos) << r.out;
  const auto found = searches(r.out);
  ASSERT_EQ(found.size(), 1u) << r.out;
  EXPECT_EQ(found[0].first, 0) << r.out;
}

// The engine's `seed` makes a seeded player's moves differ from game to game, and repeat for the
// same seed.
TEST(Ugi, TheSeedOptionDrivesASeededEngine) {
  const auto moves_with = [](const std::string& seed) {
    std::string script = "ugi\nsetoption name seed value " + seed + "\nuginewgame\n";
    std::string line;
    for (const char* m : {"", " 1", " 2", " 3", " 4", " 5", " 6", " 7"}) {
      line += m;
      script += "position startpos" + (line.empty() ? "" : " moves" + line) + "\ngo\n";
    }
    const auto r =
        run_harness({"ugi", "--game", "connect-four", "--algorithm", "random"}, script + "quit\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("option name seed type string default 0"), std::string::npos) << r.out;
    std::string out;
    for (const auto& [d, m] : searches(r.out)) out += m + " ";
    return out;
  };
  const std::string a = moves_with("1"), b = moves_with("18446744073709551615");
  EXPECT_EQ(a, moves_with("1"));
  EXPECT_NE(a, b);
}

// mcts over UGI: a move from at least one iteration under `go nodes`, `go movetime` and a clock
// (without the solver, which a budget needs), its real options announced as strings; with the
// solver, `go depth` without a budget proves the depth-limited tree: minimax's value.
TEST(Ugi, MctsPlaysUnderNodesMovetimeAndAClock) {
  const auto r = run_harness(
      {"ugi", "--game", "connect-four", "--algorithm", "mcts", "--option", "solver=off"},
      "ugi\nisready\nposition startpos\ngo nodes 500\ngo movetime 20\n"
      "go p1time 1000 p2time 1000\nposition startpos moves 4 4\ngo nodes 2\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("option name c type string default 1.414"), std::string::npos) << r.out;
  const auto found = searches(r.out);
  ASSERT_EQ(found.size(), 4u) << r.out;
  for (const auto& [depth, move] : found) {
    EXPECT_GE(depth, 1) << r.out;
    EXPECT_TRUE(move.size() == 1 && move[0] >= '1' && move[0] <= '7') << r.out;
  }
  EXPECT_NE(r.out.find(" nodes 2 "), std::string::npos) << r.out;

  const auto proof = run_harness({"ugi", "--game", "kalah", "--algorithm", "mcts"},
                                 "ugi\nposition startpos\ngo depth 3\nquit\n");
  ASSERT_EQ(proof.exit_code, 0) << proof.err;
  const auto reference = run_harness(
      {"search", "--game", "kalah", "--algorithm", "minimax", "--depth", "3", "--json"});
  ASSERT_EQ(reference.exit_code, 0) << reference.err;
  const auto j = nlohmann::json::parse(reference.out);
  EXPECT_NE(proof.out.find("info depth 3 score cp " + std::to_string(j["value"].get<int>())),
            std::string::npos)
      << proof.out;
}

// mcts without its solver never ends without a node or time budget: `go infinite`, a bare `go` and
// `go depth` are each refused in one line, before any search, and the engine plays on.
TEST(Ugi, MctsWithoutItsSolverRefusesAGoWithoutABudget) {
  const auto r = run_harness(
      {"ugi", "--game", "connect-four", "--algorithm", "mcts", "--option", "solver=off"},
      "ugi\nposition startpos\ngo infinite\ngo\ngo depth 3\ngo nodes 200\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string refusal =
      "info string error: go: mcts with solver=off needs a node or time budget or "
      "iterations=N (or solver=on, which searches until its root is proven)";
  std::vector<std::string> after_handshake;
  bool ok = false;
  for (const auto& l : lines_of(r.out)) {
    if (ok) after_handshake.push_back(l);
    ok = ok || l == "ugiok";
  }
  ASSERT_EQ(after_handshake.size(), 5u) << r.out;
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(after_handshake[i], refusal) << r.out;
  const auto found = searches(r.out);
  ASSERT_EQ(found.size(), 1u) << r.out;
  EXPECT_GE(found[0].first, 1) << r.out;
  EXPECT_NE(r.out.find(" nodes 200 "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace gts
