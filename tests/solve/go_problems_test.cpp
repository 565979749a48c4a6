// The shipped Go problem set: every answer found by every solver that finishes agrees with the
// known one (so pn variants and alpha-beta agree wherever both finish), every answer is found by at
// least two different algorithms, and a proved problem's best move really wins.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "algorithms/dfpn.h"
#include "algorithms/pn_search.h"
#include "algorithms/solver_alphabeta.h"
#include "games/go_capture/go_capture.h"
#include "games/params.h"
#include "tests/solve/go_heuristic.h"

namespace gts {
namespace {

using gts::testing::GoHeuristic;

std::vector<std::string> shipped_files() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator("problems/go-capture")) {
    if (e.path().extension() == ".sgf") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Problems that only df-pn+ settles within this test's budgets; the full config (two million
// nodes) has df-pn solve them too. See problems/go-capture/README.md.
const std::set<std::string> kOneSolverInTests = {"net-01"};

SearchLimits nodes(std::uint64_t n) {
  SearchLimits l;
  l.max_nodes = n;
  return l;
}

// Half of the problems (part 0 or 1), so that ctest can run the halves side by side.
void check_problems(int part) {
  const auto files = shipped_files();
  ASSERT_GE(files.size(), 40u);
  for (std::size_t i = static_cast<std::size_t>(part); i < files.size(); i += 2) {
    const std::string& file = files[i];
    const GoCapture game(load_go_problem(file));
    const GoProblem& p = game.problem();
    SCOPED_TRACE(p.name);
    const SolverGoal goal{p.to_move, 1};
    const GoHeuristic h{&game, p.to_move == game.attacker()};
    const auto root = game.initial_state();
    const ProofStatus expected =
        p.expected == "proved" ? ProofStatus::kProved : ProofStatus::kDisproved;

    std::map<std::string, SolveResult> results;
    DfpnOptions dfp;
    dfp.heuristic = true;
    results["df-pn+"] = dfpn(game, goal, root, nodes(400'000), h, dfp);
    DfpnOptions focus = dfp;
    focus.focus_cost = 5000;
    results["df-pn+ focus cost"] = dfpn(game, goal, root, nodes(400'000), h, focus);
    PnOptions pnp;
    pnp.heuristic = true;
    pnp.max_mb = 64;
    results["pn+"] = pn_search(game, goal, root, nodes(1'000'000), h, pnp);
    pnp.focus_cost = 5000;
    results["pn+ focus cost"] = pn_search(game, goal, root, nodes(1'000'000), h, pnp);
    AlphaBetaSolverOptions ab;
    ab.tt = true;
    ab.tt_mb = 1;
    ab.main_line = false;
    results["ab-tt"] = alphabeta_solve(game, goal, root, nodes(100'000), h, ab);
    int solved = 0;
    for (const auto& [name, r] : results) solved += r.status != ProofStatus::kUnknown;
    if (solved < 2) {
      results["df-pn"] = dfpn(game, goal, root, nodes(300'000), h, DfpnOptions{});
    }

    solved = 0;
    for (const auto& [name, r] : results) {
      if (r.status == ProofStatus::kUnknown) continue;
      ++solved;
      EXPECT_EQ(r.status, expected) << name << " contradicts the known answer";
    }
    EXPECT_GE(solved, kOneSolverInTests.count(p.name) != 0 ? 1 : 2)
        << "too few algorithms confirm the answer";

    // The winning move of a proved problem wins: after it, the prover still reaches its goal.
    const SolveResult& best = results["df-pn+"];
    if (best.status == ProofStatus::kProved && !game.is_terminal(root)) {
      ASSERT_NE(best.best_move, kNoMove);
      auto child = root;
      game.play(child, best.best_move);
      const SolveResult again = dfpn(game, goal, child, nodes(400'000), h, dfp);
      EXPECT_EQ(again.status, ProofStatus::kProved)
          << "best move " << game.move_to_string(root, best.best_move);
      EXPECT_NE(p.key_moves.end(),
                std::find(p.key_moves.begin(), p.key_moves.end(), game.point(best.best_move)))
          << "df-pn+'s move " << game.move_to_string(root, best.best_move)
          << " is not among the problem's known first moves";
    }
  }
}

// The ladder reader, the escape reader and Benson's life claim only what is true: wherever one
// says the attacker captures (the defender to move, the target in atari) or the defender escapes
// or lives, df-pn+ on the game without the readings (ladders=off, escapes=off, benson=off) never
// finds the opposite. Positions from short playouts of every shipped problem, as shipped and with
// escape steps, biased towards the moves that matter.
TEST(GoProblems, TheLadderAndEscapeReadersClaimOnlyTheTruth) {
  int claims = 0;
  int checked = 0;
  int escapes = 0;
  int alive = 0;
  std::uint64_t rng = 12345;
  auto next = [&rng](std::uint64_t n) {
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (rng >> 33) % n;
  };
  for (const std::string& file : shipped_files()) {
    for (const bool stepped : {false, true}) {
      GoProblem p = load_go_problem(file);
      if (stepped) {  // escape_after: the readers count the steps at the plies they read
        p.escape_after = {{3, p.escape_liberties - 1}};
        if (p.escape_liberties > 3) p.escape_after.push_back({6, p.escape_liberties - 2});
      }
      const GoCapture off(
          Params(std::map<std::string, std::string>{{"problem", go_problem_to_text(p)},
                                                    {"ladders", "off"},
                                                    {"escapes", "off"},
                                                    {"benson", "off"}}));
      SCOPED_TRACE(p.name + (stepped ? " escape_after=" + escape_steps_text(p.escape_after) : ""));
      const GoHeuristic h{&off, true};
      const SolverGoal goal{off.attacker(), 1};
      for (int playout = 0; playout < 6; ++playout) {
        GoCapture::State s = off.initial_state();
        for (int ply = 0; ply < 12 && !off.is_terminal(s); ++ply) {
          if (s.side != off.attacker() && off.target_liberties(s, 2) == 1) {
            ++checked;
            if (off.ladder_captures(s)) {
              ++claims;
              DfpnOptions o;
              o.heuristic = true;
              const SolveResult r = dfpn(off, goal, s, nodes(300'000), h, o);
              EXPECT_NE(r.status, ProofStatus::kDisproved) << off.to_string(s);
            }
          }
          if (s.ply > 0 && off.escape_sure(s)) {
            ++escapes;
            DfpnOptions o;
            o.heuristic = true;
            const SolveResult r = dfpn(off, goal, s, nodes(300'000), h, o);
            EXPECT_NE(r.status, ProofStatus::kProved) << "escape: " << off.to_string(s);
          }
          if (off.unconditionally_alive(s)) {
            ++alive;
            DfpnOptions o;
            o.heuristic = true;
            const SolveResult r = dfpn(off, goal, s, nodes(300'000), h, o);
            EXPECT_NE(r.status, ProofStatus::kProved) << "alive: " << off.to_string(s);
          }
          MovesOf<GoCapture> moves;
          off.legal_moves(s, moves);
          const std::size_t n = moves.size() - 1;  // not the pass
          if (n == 0) break;
          const std::size_t i = next(4) != 0 ? next(std::min<std::size_t>(n, 4)) : next(n);
          off.play(s, moves[i]);
        }
      }
    }
  }
  EXPECT_GT(checked, 50);
  EXPECT_GT(claims, 10);
  EXPECT_GT(escapes, 10);
  EXPECT_GT(alive, 10);
}

TEST(GoProblems, EveryAnswerIsFoundAndAgreedOnByTheSolversThatFinishPart1) { check_problems(0); }
TEST(GoProblems, EveryAnswerIsFoundAndAgreedOnByTheSolversThatFinishPart2) { check_problems(1); }

// The problem a bare `harness search --game go-capture` poses (no `problem`, no `file`) is a
// working ladder on the open 7x7 board: every solver proves it, with the ladder reader on and off,
// starting with one of the two ataris, within 50,000 nodes (without the reader, `harness search`
// takes about 22,000 with pn, 3,800 with pn+, 2,400 with df-pn and 260 with df-pn+).
TEST(GoProblems, TheBuiltInProblemIsALadderEverySolverProvesAtOnce) {
  for (const std::string ladders : {"on", "off"}) {
    SCOPED_TRACE("ladders=" + ladders);
    const GoCapture game(Params(std::map<std::string, std::string>{{"ladders", ladders}}));
    ASSERT_EQ(game.problem().name, "default-ladder");
    const auto root = game.initial_state();
    const SolverGoal goal{game.to_move(root), 1};
    const GoHeuristic h{&game, true};
    std::map<std::string, SolveResult> results;
    for (const bool plus : {false, true}) {
      DfpnOptions d;
      d.heuristic = plus;
      results[plus ? "df-pn+" : "df-pn"] = dfpn(game, goal, root, nodes(50'000), h, d);
      PnOptions p;
      p.heuristic = plus;
      results[plus ? "pn+" : "pn"] = pn_search(game, goal, root, nodes(50'000), h, p);
    }
    AlphaBetaSolverOptions ab;
    ab.tt = true;
    results["ab-tt"] = alphabeta_solve(game, goal, root, nodes(50'000), h, ab);
    for (const auto& [name, r] : results) {
      EXPECT_EQ(r.status, ProofStatus::kProved) << name;
      const std::string first = game.move_to_string(root, r.best_move);
      EXPECT_TRUE(first == "D3" || first == "E4") << name << " starts with " << first;
    }
  }
}

TEST(GoProblems, TheSetCoversTheIssuesKindsOfProblems) {
  std::map<std::string, int> kinds;
  int escape_proved = 0, escape_disproved = 0, capture_proved = 0, capture_disproved = 0;
  std::set<int> sizes;
  for (const auto& file : shipped_files()) {
    const GoProblem p = load_go_problem(file);
    sizes.insert(p.size);
    for (const char* kind : {"ladder", "net", "snapback", "loose-ladder", "escape", "semeai"}) {
      if (p.name.find(kind) != std::string::npos) ++kinds[kind];
    }
    const bool proved = p.expected == "proved";
    if (p.goal == GoGoal::kEscape) {
      (proved ? escape_proved : escape_disproved)++;
    } else {
      (proved ? capture_proved : capture_disproved)++;
    }
  }
  for (const char* kind : {"ladder", "net", "snapback", "loose-ladder", "escape", "semeai"}) {
    EXPECT_GE(kinds[kind], 2) << kind;
  }
  EXPECT_GE(escape_proved, 3);
  EXPECT_GE(escape_disproved, 3);
  EXPECT_GE(capture_proved, 20);
  EXPECT_GE(capture_disproved, 3);
  EXPECT_TRUE(sizes.count(5) && sizes.count(19)) << "boards from 5x5 to 19x19";
}

}  // namespace
}  // namespace gts
