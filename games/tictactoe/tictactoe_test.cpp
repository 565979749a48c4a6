#include "games/tictactoe/tictactoe.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "algorithms/perft.h"

namespace gts {
namespace {

static_assert(Game<TicTacToe>);
static_assert(FeatureGame<TicTacToe>);
static_assert(Evaluator<TicTacToeEval, TicTacToe>);
static_assert(std::is_trivially_copyable_v<TicTacToe::State>);

TicTacToe make_ttt(std::map<std::string, std::string> values) {
  return TicTacToe(Params(std::move(values)));
}

template <class E, class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "<no exception>";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TicTacToe::State play_line(const TicTacToe& game, TicTacToe::State s,
                           const std::vector<std::string>& moves) {
  for (const auto& m : moves) {
    EXPECT_FALSE(game.is_terminal(s)) << m;
    game.play(s, game.parse_move(s, m));
  }
  return s;
}

struct Outcomes {
  std::uint64_t x_wins = 0;
  std::uint64_t o_wins = 0;
  std::uint64_t draws = 0;
};

void count_outcomes(const TicTacToe& game, const TicTacToe::State& s, Outcomes& out) {
  if (game.is_terminal(s)) {
    const Value v = game.terminal_value(s);
    if (v == 0) {
      ++out.draws;
    } else {
      // The value is the mover's; the mover lost, so the other side won.
      EXPECT_EQ(v, -TicTacToe::kWin);
      ++(game.to_move(s) == 0 ? out.o_wins : out.x_wins);
    }
    return;
  }
  MovesOf<TicTacToe> moves;
  game.legal_moves(s, moves);
  for (Move m : moves) {
    TicTacToe::State c = s;
    game.play(c, m);
    count_outcomes(game, c, out);
  }
}

void collect(const TicTacToe& game, const TicTacToe::State& s, std::set<std::uint64_t>& hashes,
             std::set<std::string>& notations) {
  if (!notations.insert(game.to_string(s)).second) return;
  hashes.insert(game.hash(s));
  if (game.is_terminal(s)) return;
  MovesOf<TicTacToe> moves;
  game.legal_moves(s, moves);
  for (Move m : moves) {
    TicTacToe::State c = s;
    game.play(c, m);
    collect(game, c, hashes, notations);
  }
}

// Plain negamax over the whole tree, no pruning, no memory.
Value minimax(const TicTacToe& game, const TicTacToe::State& s) {
  if (game.is_terminal(s)) return game.terminal_value(s);
  MovesOf<TicTacToe> moves;
  game.legal_moves(s, moves);
  Value best = -kInfinity;
  for (Move m : moves) {
    TicTacToe::State c = s;
    game.play(c, m);
    best = std::max(best, -minimax(game, c));
  }
  return best;
}

TEST(TicTacToe, StartPositionAndRoundTrip) {
  TicTacToe game;
  const TicTacToe::State s = game.initial_state();
  EXPECT_EQ(game.to_string(s), ".../.../...:X");
  EXPECT_EQ(game.parse(".../.../...:X"), s);
  EXPECT_EQ(game.to_move(s), 0);
  EXPECT_FALSE(game.is_terminal(s));
  MovesOf<TicTacToe> moves;
  game.legal_moves(s, moves);
  EXPECT_EQ(moves.size(), 9U);
  EXPECT_EQ(game.lines().size(), 8U);

  TicTacToe::State t = play_line(game, s, {"b2", "a1", "3"});
  EXPECT_EQ(game.to_string(t), "O.X/.X./...:O");
  EXPECT_EQ(game.parse(game.to_string(t)), t);
  EXPECT_EQ(game.hash(game.parse("O.X/.X./...:O")), game.hash(t));
  EXPECT_EQ(game.move_to_string(t, 4), "b2");
  EXPECT_EQ(game.move_to_string(t, 0), "a1");
  EXPECT_EQ(game.move_to_string(t, 7), "b3");
  EXPECT_EQ(game.move_to_string(t, 5), "c2");
}

TEST(TicTacToe, PerftToTheEnd) {
  TicTacToe game;
  const std::vector<std::uint64_t> counts = perft(game, game.initial_state(), 9);
  const std::vector<std::uint64_t> expected = {1,     9,     72,     504,    3024,
                                               15120, 54720, 148176, 200448, 127872};
  EXPECT_EQ(counts, expected);
  std::uint64_t total = 0;
  for (auto c : counts) total += c;
  EXPECT_EQ(total, 549946U);
}

TEST(TicTacToe, GameOutcomesOverTheWholeTree) {
  TicTacToe game;
  Outcomes out;
  count_outcomes(game, game.initial_state(), out);
  EXPECT_EQ(out.x_wins + out.o_wins + out.draws, 255168U);
  EXPECT_EQ(out.x_wins, 131184U);
  EXPECT_EQ(out.o_wins, 77904U);
  EXPECT_EQ(out.draws, 46080U);
}

TEST(TicTacToe, DistinctReachablePositions) {
  TicTacToe game;
  std::set<std::uint64_t> hashes;
  std::set<std::string> notations;
  collect(game, game.initial_state(), hashes, notations);
  EXPECT_EQ(notations.size(), 5478U);
  EXPECT_EQ(hashes.size(), 5478U);
}

TEST(TicTacToe, MinimaxOfTheFullTreeIsADraw) {
  TicTacToe game;
  EXPECT_EQ(minimax(game, game.initial_state()), 0);
  // X to move after X a1, O b1 (an edge next to the corner): X wins.
  EXPECT_EQ(minimax(game, game.parse("XO./.../...:X")), TicTacToe::kWin);
}

TEST(TicTacToe, TerminalValues) {
  TicTacToe game;
  // X completed the top row; O to move has lost.
  TicTacToe::State s = play_line(game, game.initial_state(), {"a1", "a2", "b1", "b2", "c1"});
  EXPECT_EQ(game.to_string(s), "XXX/OO./...:O");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), -TicTacToe::kWin);
  MovesOf<TicTacToe> moves;
  game.legal_moves(s, moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(game.parse("XXX/OO./...:O"), s);
  // O wins on the anti-diagonal.
  s = game.parse("XXO/.O./OX.:X");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), -TicTacToe::kWin);
  // A parsed position where the side to move already has a line.
  s = game.parse("XXX/OO./O..:X");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), TicTacToe::kWin);
  // A full board without a line.
  s = game.parse("XOX/XOO/OXX:O");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), 0);
  // The last move fills the board and makes a line: a win, not a draw.
  s = game.parse("X.X/OOX/OXO:X");
  ASSERT_FALSE(game.is_terminal(s));
  game.play(s, game.parse_move(s, "b1"));
  EXPECT_EQ(game.to_string(s), "XXX/OOX/OXO:O");
  EXPECT_EQ(game.terminal_value(s), -TicTacToe::kWin);
  // The last move fills the board without a line.
  s = game.parse("XOX/XOO/O.X:X");
  game.play(s, game.parse_move(s, "b3"));
  EXPECT_EQ(game.to_string(s), "XOX/XOO/OXX:O");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), 0);
  // O completes the main diagonal with its third stone.
  s = play_line(game, game.parse("OXX/.O./X..:O"), {"c2", "a2"});
  EXPECT_FALSE(game.is_terminal(s));
  s = play_line(game, s, {"c3"});
  EXPECT_EQ(game.to_string(s), "OXX/XOO/X.O:X");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), -TicTacToe::kWin);
}

TEST(TicTacToe, FourByFourThreeInARow) {
  TicTacToe game = make_ttt({{"rows", "4"}, {"cols", "4"}, {"k", "3"}});
  // 4×4, k = 3: 8 horizontal, 8 vertical and 2 × 4 diagonal lines.
  EXPECT_EQ(game.lines().size(), 24U);
  EXPECT_EQ(game.to_string(game.initial_state()), "..../..../..../....:X");
  // X b1, c2, d3: a diagonal that misses the main one.
  TicTacToe::State s = game.initial_state();
  s = play_line(game, s, {"b1", "a4", "c2"});
  EXPECT_FALSE(game.is_terminal(s));
  s = play_line(game, s, {"b4", "d3"});
  EXPECT_EQ(game.to_string(s), ".X../..X./...X/OO..:O");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), -TicTacToe::kWin);
  // Two in a row, and three X that are not in a line, are not wins.
  EXPECT_FALSE(game.is_terminal(game.parse("XX.X/..../OO../....:O")));
  // Anti-diagonal c1, b2, a3.
  EXPECT_TRUE(game.is_terminal(game.parse("..X./.X../X.../OO..:O")));
  // O's three in column d.
  EXPECT_FALSE(game.is_terminal(game.parse("OXX./OX../..../....:O")));
  s = game.parse("X..O/X..O/...O/.X..:X");
  EXPECT_TRUE(game.is_terminal(s));
  EXPECT_EQ(game.terminal_value(s), -TicTacToe::kWin);
  // Cell numbers count row by row: 16 is d4.
  EXPECT_EQ(game.parse_move(game.initial_state(), "16"), 15);
  EXPECT_EQ(game.parse_move(game.initial_state(), "d4"), 15);
  EXPECT_EQ(game.parse_move(game.initial_state(), "a2"), 4);
}

TEST(TicTacToe, OtherBoardShapes) {
  // 1 × 5 with k = 5: only one line; k = 1 wins with the first stone.
  TicTacToe row = make_ttt({{"rows", "1"}, {"cols", "5"}, {"k", "5"}});
  EXPECT_EQ(row.lines().size(), 1U);
  TicTacToe one = make_ttt({{"k", "1"}});
  EXPECT_EQ(one.lines().size(), 9U);
  TicTacToe::State s = one.initial_state();
  one.play(s, 4);
  EXPECT_TRUE(one.is_terminal(s));
  EXPECT_EQ(one.terminal_value(s), -TicTacToe::kWin);
  // 8 × 8 uses every bit: the full board is recognised.
  TicTacToe big = make_ttt({{"rows", "8"}, {"cols", "8"}, {"k", "8"}});
  EXPECT_EQ(big.lines().size(), 18U);
  MovesOf<TicTacToe> moves;
  big.legal_moves(big.initial_state(), moves);
  EXPECT_EQ(moves.size(), 64U);
  EXPECT_EQ(moves[63], 63);
  EXPECT_EQ(big.move_to_string(big.initial_state(), 63), "h8");
  // 2 × 3 with k = 3: only the two rows are lines.
  TicTacToe wide = make_ttt({{"rows", "2"}, {"cols", "3"}, {"k", "3"}});
  EXPECT_EQ(wide.lines().size(), 2U);
}

TEST(TicTacToe, OpenLinesEvaluation) {
  TicTacToe game;
  const TicTacToeEval eval(game, EvalSpec{"open-lines", {}});
  EXPECT_EQ(eval(game.initial_state()), 0);
  // X in the centre, O to move: 4 lines avoid the centre (open for O), 8 are open for X.
  EXPECT_EQ(eval(game.parse(".../.X./...:O")), 4 - 8);
  // X in a corner: 5 lines avoid a1 and 8 are open for X.
  EXPECT_EQ(eval(game.parse("X../.../...:O")), 5 - 8);
  // X centre, O corner, X to move: open for X = lines without O (8 − 3 = 5), open for O =
  // lines without X (8 − 4 = 4).
  EXPECT_EQ(eval(game.parse("O../.X./...:X")), 5 - 4);
  TicTacToe four = make_ttt({{"rows", "4"}, {"cols", "4"}, {"k", "3"}});
  const TicTacToeEval eval4(four, EvalSpec{"open-lines", {}});
  // X on a1 (in 3 of the 24 lines), O to move: 21 open for O, 24 for X.
  EXPECT_EQ(eval4(four.parse("X.../..../..../....:O")), 21 - 24);
}

TEST(TicTacToe, FeaturesAndLinearEvaluation) {
  TicTacToe game;
  const TicTacToe::State s = game.parse("O.X/.X./...:O");
  ASSERT_EQ(game.num_features(), 9U);
  std::vector<std::int32_t> f(9);
  game.features(s, f);
  EXPECT_EQ(f, (std::vector<std::int32_t>{1, 0, -1, 0, -1, 0, 0, 0, 0}));
  const auto names = game.feature_names();
  ASSERT_EQ(names.size(), 9U);
  EXPECT_EQ(names[0], "cell_a1");
  EXPECT_EQ(names[2], "cell_c1");
  EXPECT_EQ(names[4], "cell_b2");
  EXPECT_EQ(names[8], "cell_c3");

  // Corners 2, centre 3, edges 1.
  const std::vector<double> w = {2, 1, 2, 1, 3, 1, 2, 1, 2};
  const TicTacToeEval linear(game, EvalSpec{"linear", w});
  EXPECT_EQ(linear(s), 2 - 2 - 3);
  TicTacToe::State x_view = s;
  x_view.side = 0;
  EXPECT_EQ(linear(x_view), 2 + 3 - 2);

  EXPECT_TRUE(contains(error_of<ParamError>([&] {
                         TicTacToeEval(game, EvalSpec{"foo", {}});
                       }),
                       "open-lines, linear"));
  EXPECT_TRUE(contains(error_of<ParamError>([&] {
                         TicTacToeEval(game, EvalSpec{"linear", {1.0}});
                       }),
                       "9 weights"));
  EXPECT_TRUE(contains(error_of<ParamError>([&] {
                         TicTacToeEval(game, EvalSpec{"open-lines", {1.0}});
                       }),
                       "no weights"));
  EXPECT_EQ(TicTacToe::default_evaluation(), "open-lines");
}

TEST(TicTacToe, BadParametersAreRejected) {
  const std::string big_k = error_of<ParamError>([] { make_ttt({{"k", "4"}}); });
  EXPECT_TRUE(contains(big_k, "k=4")) << big_k;
  EXPECT_TRUE(contains(big_k, "3x3")) << big_k;
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_ttt({{"rows", "9"}}); }), "rows"));
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_ttt({{"cols", "0"}}); }), "cols"));
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_ttt({{"k", "x"}}); }), "k"));
  EXPECT_TRUE(contains(error_of<ParamError>([] { make_ttt({{"size", "3"}}); }), "size"));
  // k may exceed the shorter side: lines then run only along the longer one.
  EXPECT_EQ(make_ttt({{"rows", "2"}, {"cols", "5"}, {"k", "4"}}).lines().size(), 4U);
}

TEST(TicTacToe, BadPositionsAreRejected) {
  TicTacToe game;
  auto parse_error = [&](const std::string& text) {
    return error_of<ParseError>([&] { (void)game.parse(text); });
  };
  EXPECT_TRUE(contains(parse_error(".../...:X"), "expected 3 rows, got 2"));
  EXPECT_TRUE(contains(parse_error(".../.../.../...:X"), "expected 3 rows, got 4"));
  EXPECT_TRUE(contains(parse_error(".../..../...:X"), "row 2"));
  EXPECT_TRUE(contains(parse_error(".../../...:X"), "row 2"));
  EXPECT_TRUE(contains(parse_error(".../.Z./...:X"), "bad cell 'Z'"));
  EXPECT_TRUE(contains(parse_error(".../.../...:Y"), "'X' or 'O'"));
  EXPECT_TRUE(contains(parse_error(".../.../..."), "side to move"));
  EXPECT_TRUE(contains(parse_error("X../.../...:X"), "1 X and 0 O"));
  EXPECT_TRUE(contains(parse_error(".../.../...:O"), "0 X and 0 O"));
  EXPECT_TRUE(contains(parse_error("OO./X../...:X"), "1 X and 2 O"));
  EXPECT_TRUE(contains(parse_error("XXX/OOO/...:X"), "both X and O"));
}

TEST(TicTacToe, BadMovesAreRejectedWithTheLegalOnes) {
  TicTacToe game;
  const TicTacToe::State s = game.parse("XOX/OXO/...:X");
  EXPECT_EQ(game.parse_move(s, "a3"), 6);
  EXPECT_EQ(game.parse_move(s, "b3"), 7);
  EXPECT_EQ(game.parse_move(s, "C3"), 8);
  EXPECT_EQ(game.parse_move(s, "9"), 8);
  for (const char* bad : {"a1", "1", "d1", "a4", "10", "0", "b", "zz", "", "b3x", "-1"}) {
    const std::string msg = error_of<ParseError>([&] { (void)game.parse_move(s, bad); });
    EXPECT_TRUE(contains(msg, "legal: a3, b3, c3")) << bad << ": " << msg;
  }
  const TicTacToe::State over = game.parse("XXX/OO./...:O");
  EXPECT_TRUE(contains(error_of<ParseError>([&] { (void)game.parse_move(over, "c2"); }), "over"));
}

TEST(TicTacToe, DrawShowsGridAndTurn) {
  TicTacToe game;
  const std::string text = game.draw(game.parse("O.X/.X./...:O"));
  EXPECT_EQ(text, "    a b c\n 1  O . X\n 2  . X .\n 3  . . .\nO to move\n");
  EXPECT_TRUE(contains(game.draw(game.parse("XXX/OO./...:O")), "X wins"));
  EXPECT_TRUE(contains(game.draw(game.parse("XOX/XOO/OXX:O")), "draw"));
}

}  // namespace
}  // namespace gts
