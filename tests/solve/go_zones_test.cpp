// Relevance zones (DfpnOptions::zones, GoCapture's zone hooks) and lazy expansion
// (DfpnOptions::lazy, GoCapture::focus_moves) never change an answer: on seeded random capture
// problems (5x5 to 9x9, a target of one to three liberties, either side to move, a few plies, some
// with a ko ban, some with ko threats for one side, some escaping with a liberty fewer past a ply,
// with and without the ladder and escape readers) df-pn and df-pn+ give the same result with both
// off, lazy expansion alone and both on (df-pn+ also with its focus cost, alone and with both), and
// the same as alpha-beta; pn and pn+ give the same with lazy expansion off and on (pn+ also with
// its focus cost). A zone that leaves out a point the result depends on, or a deferred child taken
// for solved, shows up as a disagreement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/dfpn.h"
#include "algorithms/pn_search.h"
#include "algorithms/solver_alphabeta.h"
#include "games/go_capture/go_capture.h"
#include "tests/solve/go_heuristic.h"
#include "tests/solve/go_random.h"
#include "tests/solve/test_rng.h"

namespace gts {
namespace {

using gts::testing::GoHeuristic;

using gts::testing::describe;
using gts::testing::random_game;
using gts::testing::reference_answer;
using gts::testing::Rng;

// A drawn problem: the game, its start, the side to move's goal, the heuristic, and `reference`,
// the result of alpha-beta with a table.
struct Drawn {
  const GoCapture& game;
  GoCapture::State root;
  SolverGoal goal;
  GoHeuristic h;
  SolveResult reference;
};

// Every search of these tests, the reference's included.
const SearchLimits kLimits = [] {
  SearchLimits l;
  l.max_nodes = 20'000;
  return l;
}();

// Calls check(Drawn) on 300 random problems (of at most three target liberties, not over at the
// start); returns how many.
template <class Check>
int for_each_problem(std::uint64_t seed, Check check) {
  Rng rng(seed);
  int problems = 0;
  for (int draw = 0; problems < 300 && draw < 200'000; ++draw) {
    std::map<std::string, std::string> params;
    const std::optional<GoCapture> made = random_game(rng, params);
    if (!made) continue;
    const GoCapture& game = *made;
    const auto root = game.initial_state();
    if (game.is_terminal(root)) continue;
    const int libs = game.target_liberties(root);
    if (libs > 3) continue;
    ++problems;
    SCOPED_TRACE(describe(params));
    const SolverGoal goal{game.to_move(root), 1};
    const GoHeuristic h{&game, goal.prover == game.attacker()};
    check(Drawn{game, root, goal, h, reference_answer(game, goal, root, kLimits, h)});
  }
  return problems;
}

constexpr const char* kVariants[] = {"df-pn", "df-pn+", "df-pn+ (null move everywhere)"};

TEST(GoZones, ZonesAndLazyExpansionNeverChangeAnAnswer) {
  int pruned_some = 0;
  int proved = 0;
  int fewer_leaves = 0;
  int reordered = 0;
  int killed = 0;
  const int problems = for_each_problem(20261126, [&](const Drawn& d) {
    const auto& [game, root, goal, h, reference] = d;
    for (const int variant : {0, 1, 2}) {
      const bool heuristic = variant != 0;
      DfpnOptions o;
      o.heuristic = heuristic;
      o.null_everywhere = variant == 2;
      o.tt_mb = 1;
      o.zones = false;
      o.lazy = false;
      const SolveResult off = dfpn(game, goal, root, kLimits, h, o);
      o.lazy = true;
      const SolveResult lazy = dfpn(game, goal, root, kLimits, h, o);
      o.zones = true;
      const SolveResult on = dfpn(game, goal, root, kLimits, h, o);
      // df-pn+'s focus cost, with everything on and with nothing else (it needs no lazy expansion).
      o.focus_cost = heuristic ? 5000 : 0;
      const SolveResult costly = heuristic ? dfpn(game, goal, root, kLimits, h, o) : on;
      // With killer moves besides (df-pn+: the moves outside the focus that won join it).
      o.killers = heuristic;
      const SolveResult killers = heuristic ? dfpn(game, goal, root, kLimits, h, o) : on;
      o.killers = false;
      o.zones = false;
      o.lazy = false;
      const SolveResult costly_alone = heuristic ? dfpn(game, goal, root, kLimits, h, o) : off;
      for (const SolveResult* r : {&off, &lazy, &on, &costly, &killers, &costly_alone}) {
        const char* what = r == &off       ? "plain"
                           : r == &lazy    ? "lazy"
                           : r == &on      ? "zones and lazy"
                           : r == &costly  ? "zones, lazy and focus cost"
                           : r == &killers ? "zones, lazy, focus cost and killers"
                                           : "focus cost alone";
        if (r->status != ProofStatus::kUnknown && reference.status != ProofStatus::kUnknown) {
          EXPECT_EQ(r->status, reference.status) << kVariants[variant] << ", " << what;
        }
        if (r->status != ProofStatus::kUnknown && off.status != ProofStatus::kUnknown) {
          EXPECT_EQ(r->status, off.status) << kVariants[variant] << ", " << what;
        }
      }
      fewer_leaves += lazy.stats.leaves < off.stats.leaves;
      pruned_some += on.stats.nodes < lazy.stats.nodes;
      reordered += heuristic && costly.stats.nodes != on.stats.nodes;
      killed += heuristic && killers.stats.nodes != costly.stats.nodes;
      proved += on.status == ProofStatus::kProved;
    }
  });
  EXPECT_EQ(problems, 300);
  EXPECT_GT(pruned_some, 100) << "zones should save nodes on many problems";
  EXPECT_GT(fewer_leaves, 300) << "lazy expansion should play fewer children on most problems";
  EXPECT_GT(reordered, 50) << "the focus cost should change df-pn+'s order on many problems";
  // (Few of these small problems have a winning move outside the focus: 2 of 300 change.)
  EXPECT_GT(killed, 0) << "killer moves should change df-pn+'s order on some problems";
  EXPECT_GT(proved, 100);
  EXPECT_LT(proved, 800);
}

// pn and pn+ with lazy expansion (pn+ also with its focus cost): the waiting moves' node must
// neither hide a refutation nor add a ply to the main line.
TEST(GoZones, LazyProofNumberSearchKeepsEveryAnswer) {
  int fewer_leaves = 0;
  int solved = 0;
  int reordered = 0;
  const int problems = for_each_problem(20261127, [&](const Drawn& d) {
    const auto& [game, root, goal, h, reference] = d;
    for (const bool heuristic : {false, true}) {
      PnOptions o;
      o.heuristic = heuristic;
      o.max_mb = 16;
      o.lazy = false;
      const SolveResult off = pn_search(game, goal, root, kLimits, h, o);
      o.lazy = true;
      const SolveResult lazy = pn_search(game, goal, root, kLimits, h, o);
      o.focus_cost = heuristic ? 5000 : 0;
      const SolveResult costly = heuristic ? pn_search(game, goal, root, kLimits, h, o) : lazy;
      reordered += heuristic && costly.stats.nodes != lazy.stats.nodes;
      const char* what = heuristic ? "pn+" : "pn";
      for (const SolveResult* r : {&off, &lazy, &costly}) {
        if (r->status == ProofStatus::kUnknown) continue;
        if (reference.status != ProofStatus::kUnknown) {
          EXPECT_EQ(r->status, reference.status) << what
                                                 << (r == &off    ? ""
                                                     : r == &lazy ? " lazy"
                                                                  : " focus cost");
        }
        // The main line is legal from the root, as long as the solved depth (no ply for the
        // waiting moves' node), ends the game, and starts with the best move.
        ASSERT_FALSE(r->main_line.empty()) << what;
        EXPECT_EQ(r->main_line.front(), r->best_move) << what;
        EXPECT_EQ(static_cast<int>(r->main_line.size()), r->depth) << what;
        auto s = root;
        for (const Move m : r->main_line) {
          ASSERT_FALSE(game.is_terminal(s)) << what;
          MovesOf<GoCapture> legal;
          game.legal_moves(s, legal);
          ASSERT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << what;
          game.play(s, m);
        }
        EXPECT_TRUE(game.is_terminal(s)) << what;
      }
      if (off.status != ProofStatus::kUnknown && lazy.status != ProofStatus::kUnknown) {
        EXPECT_EQ(lazy.status, off.status) << what;
        ++solved;
      }
      if (off.status != ProofStatus::kUnknown && costly.status != ProofStatus::kUnknown) {
        EXPECT_EQ(costly.status, off.status) << what << " focus cost";
      }
      fewer_leaves += lazy.stats.leaves < off.stats.leaves;
    }
  });
  EXPECT_EQ(problems, 300);
  EXPECT_GT(solved, 400);
  EXPECT_GT(fewer_leaves, 300) << "lazy expansion should add fewer children on most problems";
  EXPECT_GT(reordered, 30) << "the focus cost should change pn+'s order on many problems";
}

// The attacker's ko captures that focus_moves leaves out (the defender winning every ko, so it
// retakes at once) are never the attacker's only win: on random problems with the defender winning
// kos, at every position of random playouts where focus_moves leaves a move out, the attacker wins
// after that move only if it also wins after one focus_moves keeps (alpha-beta on the plain moves
// both times), and df-pn+ with lazy expansion and zones answers as alpha-beta does.
TEST(GoZones, TheKoCapturesLeftOutAreNeverTheAttackersOnlyWin) {
  Rng rng(20261127);
  int checked = 0;
  int won_anyway = 0;
  for (int draw = 0; checked < 40 && draw < 400'000; ++draw) {
    std::map<std::string, std::string> params;
    const std::optional<GoCapture> made = random_game(rng, params, true);
    if (!made) continue;
    const GoCapture& game = *made;
    SCOPED_TRACE(params.at("problem"));
    const SolverGoal goal{game.attacker(), 1};
    const GoHeuristic h{&game, true};
    AlphaBetaSolverOptions ab;
    ab.tt = true;
    ab.tt_mb = 1;
    auto s = game.initial_state();
    for (int ply = 0; ply < 6 && !game.is_terminal(s); ++ply) {
      MovesOf<GoCapture> legal;
      MovesOf<GoCapture> focus;
      game.legal_moves(s, legal);
      game.focus_moves(s, focus);
      std::vector<Move> left_out;
      for (Move m : legal) {
        if (!focus.contains(m)) left_out.push_back(m);
      }
      if (!left_out.empty() && checked < 40) {
        ++checked;
        SCOPED_TRACE(game.to_string(s));
        EXPECT_EQ(game.to_move(s), game.attacker());
        auto wins_after = [&](Move m) {
          auto c = s;
          game.play(c, m);
          return alphabeta_solve(game, goal, c, kLimits, h, ab).status;
        };
        bool kept_wins = false;
        bool unknown = false;
        for (Move m : focus) {
          const ProofStatus r = wins_after(m);
          kept_wins = kept_wins || r == ProofStatus::kProved;
          unknown = unknown || r == ProofStatus::kUnknown;
        }
        for (Move m : left_out) {
          if (wins_after(m) != ProofStatus::kProved) continue;
          ++won_anyway;
          EXPECT_TRUE(kept_wins || unknown) << game.move_to_string(s, m) << " wins alone";
        }
        const SolveResult plain = alphabeta_solve(game, goal, s, kLimits, h, ab);
        DfpnOptions o;
        o.heuristic = true;
        o.tt_mb = 1;
        o.focus_cost = 5000;
        o.killers = true;
        const SolveResult lazy = dfpn(game, goal, s, kLimits, h, o);
        if (plain.status != ProofStatus::kUnknown && lazy.status != ProofStatus::kUnknown) {
          EXPECT_EQ(lazy.status, plain.status);
        }
      }
      game.play(s, legal[static_cast<std::size_t>(
                       rng.below(static_cast<int>(std::min<std::size_t>(legal.size(), 6))))]);
    }
  }
  EXPECT_EQ(checked, 40);
  EXPECT_GT(won_anyway, 0) << "some left-out captures should win (alongside a kept move)";
}

}  // namespace
}  // namespace gts
