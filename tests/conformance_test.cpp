// The conformance suite, run over every registered game (OpenSpiel-style): random playouts to the
// end, notation round-trips, equal positions hash equal, copy-make leaves the parent untouched,
// and a non-terminal position always has a legal move.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>
#include <unordered_map>

#include "games/connect_four/connect_four.h"
#include "games/game.h"
#include "games/go_capture/go_capture.h"
#include "games/kalah/kalah.h"
#include "games/random_tree/random_tree.h"
#include "games/tictactoe/tictactoe.h"
#include "games/tree/explicit_tree.h"
#include "harness/registry.h"

namespace gts {
namespace {

using ParamMap = std::map<std::string, std::string>;

template <Game G>
void check_conformance(const ParamMap& params, int playouts, std::uint64_t seed) {
  SCOPED_TRACE(std::string(G::kName) + " " + Params(params).to_string());
  const G game(resolve_params(G::param_specs(), params, "conformance"));
  std::mt19937_64 rng(seed);
  std::unordered_map<std::uint64_t, std::string> seen;  // hash -> notation: no collisions
  int terminals = 0;
  for (int i = 0; i < playouts; ++i) {
    typename G::State s = game.initial_state();
    for (int ply = 0;; ++ply) {
      ASSERT_LT(ply, 100000) << "playout does not end";
      const std::string text = game.to_string(s);
      const typename G::State parsed = game.parse(text);
      ASSERT_EQ(parsed, s) << text;
      ASSERT_EQ(game.to_string(parsed), text);
      ASSERT_EQ(game.hash(parsed), game.hash(s)) << text;
      auto [it, fresh] = seen.emplace(game.hash(s), text);
      ASSERT_EQ(it->second, text) << "hash collision between two positions";
      const int mover = game.to_move(s);
      ASSERT_TRUE(mover == 0 || mover == 1);
      if (game.is_terminal(s)) {
        const Value v = game.terminal_value(s);
        ASSERT_LT(std::abs(v), kInfinity);
        ++terminals;
        break;
      }
      MovesOf<G> moves;
      game.legal_moves(s, moves);
      ASSERT_FALSE(moves.empty()) << "no legal move in non-terminal " << text;
      std::set<Move> distinct(moves.begin(), moves.end());
      ASSERT_EQ(distinct.size(), moves.size()) << "duplicate moves in " << text;
      const typename G::State before = s;
      for (Move m : moves) {
        ASSERT_EQ(game.parse_move(s, game.move_to_string(s, m)), m);
        typename G::State a = s;
        typename G::State b = s;
        game.play(a, m);
        game.play(b, m);
        ASSERT_EQ(s, before) << "copy-make changed the parent";
        ASSERT_EQ(a, b);
        ASSERT_EQ(game.hash(a), game.hash(b));
        ASSERT_NE(game.to_string(a), text) << "a move left the position unchanged";
      }
      game.play(s, moves[rng() % moves.size()]);
    }
  }
  EXPECT_EQ(terminals, playouts);
}

TEST(Conformance, Kalah) {
  check_conformance<Kalah>({}, 300, 1);
  check_conformance<Kalah>({{"pits", "4"}, {"seeds", "3"}, {"capture", "nonempty"}}, 300, 2);
  check_conformance<Kalah>({{"first", "north"}, {"seeds", "6"}}, 100, 3);
  check_conformance<Kalah>({{"pits", "1"}, {"seeds", "1"}}, 20, 4);
  check_conformance<Kalah>({{"pits", "12"}, {"seeds", "10"}}, 20, 5);
}

TEST(Conformance, TicTacToe) {
  check_conformance<TicTacToe>({}, 500, 6);
  check_conformance<TicTacToe>({{"rows", "4"}, {"cols", "4"}, {"k", "3"}}, 200, 7);
  check_conformance<TicTacToe>({{"rows", "8"}, {"cols", "8"}, {"k", "5"}}, 50, 8);
  check_conformance<TicTacToe>({{"rows", "1"}, {"cols", "5"}, {"k", "2"}}, 50, 9);
}

TEST(Conformance, ExplicitTree) {
  check_conformance<ExplicitTree>({}, 50, 10);
  check_conformance<ExplicitTree>({{"tree", "[[3,[1,2]],5,[[[-7]]],[4,[8,9,[10,11]]]]"}}, 100, 11);
}

TEST(Conformance, RandomTree) {
  check_conformance<RandomTree>({}, 100, 12);
  check_conformance<RandomTree>({{"branching", "5"}, {"depth", "6"}, {"values", "incremental"}},
                                100, 13);
  check_conformance<RandomTree>({{"branching", "4"}, {"depth", "5"}, {"ordering", "best-first"}},
                                100, 14);
  check_conformance<RandomTree>(
      {{"branching", "3"}, {"depth", "5"}, {"ordering", "worst-first"}, {"values", "incremental"}},
      100, 15);
}

TEST(Conformance, GoCapture) {
  check_conformance<GoCapture>({}, 100, 16);
  check_conformance<GoCapture>({{"problem", ".XO../XO.O./.XO../...../..... turn=B target=C5"},
                                {"superko", "on"},
                                {"max_plies", "40"}},
                               100, 17);
}

TEST(Conformance, ConnectFour) {
  check_conformance<ConnectFour>({}, 200, 18);
  check_conformance<ConnectFour>({{"width", "4"}, {"height", "4"}}, 200, 19);
  check_conformance<ConnectFour>({{"width", "8"}, {"height", "7"}, {"k", "5"}}, 50, 20);
  check_conformance<ConnectFour>({{"width", "2"}, {"height", "1"}}, 20, 21);
}

// Every game the registry knows has a conformance test above.
TEST(Conformance, CoversEveryRegisteredGame) {
  const std::set<std::string> covered = {
      std::string(Kalah::kName), std::string(TicTacToe::kName), std::string(ExplicitTree::kName),
      std::string(RandomTree::kName), std::string(GoCapture::kName),
      std::string(ConnectFour::kName)};
  for (const auto& info : game_infos()) {
    EXPECT_TRUE(covered.count(info.name)) << info.name << " has no conformance test";
  }
}

// Every registered searching algorithm, through the registry's one dispatch table, on every
// registered game: from a few positions of random play it returns minimax's value at depth 3 and
// a legal best move (a name the registry lists but the dispatch table lacks fails here too).
TEST(Conformance, EveryAlgorithmAgreesWithMinimaxOnEveryGame) {
  const std::set<std::string> not_searching = {"minimax", "random"};
  const SearchLimits limits{.depth = 3};
  for (const auto& game_info : game_infos()) {
    auto game = make_game(game_info.name, {});
    const EvalSpec eval{game_info.default_evaluation, {}};
    auto reference = game->make_searcher(make_algorithm_spec("minimax", {}), eval);
    for (const auto& algo_info : algorithm_infos()) {
      if (not_searching.count(algo_info.name)) continue;
      auto searcher = game->make_searcher(make_algorithm_spec(algo_info.name, {}), eval);
      for (int i = 0; i < 6; ++i) {
        const std::string position = game->random_opening(static_cast<std::uint64_t>(i), i);
        if (game->is_terminal(position)) continue;
        SCOPED_TRACE(game_info.name + " " + algo_info.name + " at " + position);
        const Position p = game->position(position);
        const SearchResult want = reference->search(p, limits, 0);
        const SearchResult got = searcher->search(p, limits, 0);
        EXPECT_EQ(got.value, want.value);
        const auto best = game->line_text(p, {got.best_move});
        ASSERT_EQ(best.size(), 1u) << "best move " << got.best_move << " is not legal";
        EXPECT_GT(got.stats.nodes, 0u);
      }
    }
  }
}

}  // namespace
}  // namespace gts
