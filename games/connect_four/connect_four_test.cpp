#include "games/connect_four/connect_four.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "algorithms/alphabeta.h"
#include "algorithms/minimax.h"
#include "algorithms/mtd.h"
#include "algorithms/negascout.h"
#include "algorithms/perft.h"
#include "algorithms/sss_star.h"

namespace gts {
namespace {

using ParamMap = std::map<std::string, std::string>;

ConnectFour make(int width, int height, int k = 4) {
  return ConnectFour(Params(ParamMap{{"width", std::to_string(width)},
                                     {"height", std::to_string(height)},
                                     {"k", std::to_string(k)}}));
}

ConnectFourEval default_eval(const ConnectFour& game) {
  return ConnectFourEval(game, {"threats", {}});
}

// The exact score with the project's alpha-beta: table, enhanced transposition cut-offs, the
// game's outcome bounds and threat-ordered moves, to the end.
Value solve(const ConnectFour& game, const ConnectFour::State& s) {
  AlphaBetaOptions o;
  o.tt = true;
  o.enhanced_cutoffs = true;
  o.tt_mb = 64;
  const ConnectFourEval eval = default_eval(game);
  return alphabeta(game, eval, s, SearchLimits{.depth = kDepthMax}, o).value;
}

TEST(ConnectFour, ParametersAndRanges) {
  const ConnectFour game;
  EXPECT_EQ(game.width(), 7);
  EXPECT_EQ(game.height(), 6);
  EXPECT_EQ(game.k(), 4);
  EXPECT_EQ(game.lines().size(), 69u);  // the standard board's 69 winning lines
  EXPECT_NO_THROW(make(8, 7));          // 64 bits exactly
  EXPECT_THROW(make(9, 7), ParamError);
  EXPECT_THROW(make(10, 6), ParamError);
  EXPECT_THROW(make(0, 6), ParamError);
  EXPECT_NO_THROW(make(2, 1));  // A342329's boards: k beyond the board
  EXPECT_EQ(make(2, 1).lines().size(), 0u);
}

// Pascal Pons' two published examples ("Solving Connect Four", part 2).
// unordered_moves lists legal_moves' set, left to right, on positions of random play.
TEST(ConnectFour, UnorderedMovesAreTheLegalMoves) {
  const ConnectFour game = make(7, 6);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200; ++i) {
    ConnectFour::State s = game.initial_state();
    while (!game.is_terminal(s)) {
      MovesOf<ConnectFour> ordered, unordered;
      game.legal_moves(s, ordered);
      game.unordered_moves(s, unordered);
      std::vector<Move> a(ordered.begin(), ordered.end());
      const std::vector<Move> b(unordered.begin(), unordered.end());
      std::sort(a.begin(), a.end());
      ASSERT_EQ(a, b) << game.to_string(s);
      game.play(s, ordered[rng() % ordered.size()]);
    }
    MovesOf<ConnectFour> none;
    game.unordered_moves(s, none);
    EXPECT_TRUE(none.empty());
  }
}

TEST(ConnectFour, PonsScoreExamples) {
  const ConnectFour game;
  EXPECT_EQ(solve(game, game.parse("4455")), 18);
  EXPECT_EQ(solve(game, game.parse("44455554221")), -15);
}

TEST(ConnectFour, WinOnEveryDirection) {
  const ConnectFour game;
  // X wins with its 4th stone at move 7 (22 - 4 = 18 for the winner), or its 6th at move 11 (16).
  const std::map<std::string, Value> wins = {
      {"1212121", -18},      // vertical
      {"1122334", -18},      // horizontal
      {"12234334544", -16},  // diagonal up to the right
      {"76654554344", -16},  // diagonal down to the right
  };
  for (const auto& [seq, value] : wins) {
    SCOPED_TRACE(seq);
    const ConnectFour::State s = game.parse(seq);
    EXPECT_TRUE(game.is_terminal(s));
    EXPECT_EQ(s.over, 1);
    EXPECT_EQ(game.terminal_value(s), value);
    // One move earlier the game was still on, and that move was the win.
    const ConnectFour::State before = game.parse(seq.substr(0, seq.size() - 1));
    EXPECT_FALSE(game.is_terminal(before));
    const auto bounds = game.outcome_bounds(before);
    EXPECT_EQ(bounds.first, -value);
    EXPECT_EQ(bounds.second, -value);
    EXPECT_THROW((void)game.parse(seq + "1"), ParseError);  // no move after a win
  }
  // Every line of every direction, on boards of several shapes: the full line wins, every line
  // less one stone does not, and that stone's cell is a winning cell.
  for (const auto& g : {game, make(5, 4), make(4, 7, 3), make(8, 7, 5), make(3, 3, 1)}) {
    ASSERT_FALSE(g.lines().empty());
    for (std::uint64_t line : g.lines()) {
      EXPECT_TRUE(g.has_line(line));
      for (std::uint64_t rest = line; rest != 0; rest &= rest - 1) {
        const std::uint64_t cell = rest & (~rest + 1);
        if (g.k() > 1) {
          EXPECT_FALSE(g.has_line(line ^ cell));
        }
        EXPECT_EQ(g.winning_cells(line ^ cell, line ^ cell) & cell, cell);
      }
    }
  }
  // Stones filling a whole board with no line (columns alternate in pairs) win nothing.
  EXPECT_FALSE(game.has_line(0));
}

TEST(ConnectFour, NotationRoundTripsAndErrors) {
  const ConnectFour game;
  EXPECT_EQ(game.to_string(game.initial_state()), "");
  EXPECT_EQ(game.to_string(game.parse("4455")), "4455");
  // Another order to the same position prints the canonical one.
  EXPECT_EQ(game.parse("5544"), game.parse("4455"));
  EXPECT_EQ(game.to_string(game.parse("5544")), "4455");
  EXPECT_EQ(game.hash(game.parse("5544")), game.hash(game.parse("4455")));
  EXPECT_NE(game.hash(game.parse("44")), game.hash(game.parse("4")));
  for (const char* seq : {"44455554221", "32751571231557", "12234334544", "1212121"}) {
    const ConnectFour::State s = game.parse(seq);
    EXPECT_EQ(game.parse(game.to_string(s)), s) << seq;
  }
  EXPECT_THROW((void)game.parse("48"), ParseError);  // no column 8
  EXPECT_THROW((void)game.parse("40"), ParseError);  // columns are 1-based
  EXPECT_THROW((void)game.parse("4x"), ParseError);
  EXPECT_THROW((void)game.parse("4444444"), ParseError);  // the 7th stone in a 6-high column
  try {
    (void)game.parse("4444444");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("move 7"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("full"), std::string::npos) << e.what();
  }
  const ConnectFour::State s = game.parse("444444");
  EXPECT_EQ(game.parse_move(s, "1"), 0);
  EXPECT_EQ(game.parse_move(s, " 7 "), 6);
  EXPECT_EQ(game.move_to_string(s, 2), "3");
  EXPECT_THROW((void)game.parse_move(s, "4"), ParseError);  // full
  EXPECT_THROW((void)game.parse_move(s, "8"), ParseError);
  EXPECT_THROW((void)game.parse_move(s, "a"), ParseError);
  EXPECT_THROW((void)game.parse_move(s, ""), ParseError);
  // Random playouts on several boards: every position round-trips and hashes like its parse.
  std::mt19937_64 rng(7);
  for (const auto& g : {game, make(4, 4), make(9, 6), make(8, 7, 5), make(2, 1), make(1, 8, 3)}) {
    for (int i = 0; i < 100; ++i) {
      ConnectFour::State p = g.initial_state();
      while (!g.is_terminal(p)) {
        const std::string text = g.to_string(p);
        ASSERT_EQ(g.parse(text), p) << text;
        MovesOf<ConnectFour> moves;
        g.legal_moves(p, moves);
        g.play(p, moves[rng() % moves.size()]);
      }
      ASSERT_EQ(g.parse(g.to_string(p)), p);
    }
  }
}

// play keeps each side's winning cells and the end-of-game flag as a recomputation finds them,
// on boards and line lengths from k = 1 (every empty cell wins) to k beyond the board.
TEST(ConnectFour, PlayKeepsTheWinningCells) {
  std::mt19937_64 rng(11);
  for (const auto& g : {ConnectFour(), make(4, 4), make(9, 6), make(8, 7, 5), make(5, 4, 3),
                        make(3, 3, 2), make(4, 3, 1), make(2, 1), make(1, 8, 3)}) {
    for (int i = 0; i < 200; ++i) {
      ConnectFour::State p = g.initial_state();
      while (true) {
        ASSERT_EQ(p.my_wins, g.winning_cells(p.mine, p.mask)) << g.to_string(p);
        ASSERT_EQ(p.their_wins, g.winning_cells(p.mask ^ p.mine, p.mask)) << g.to_string(p);
        ASSERT_EQ(p.over != 0, g.has_line(p.mask ^ p.mine)) << g.to_string(p);
        if (g.is_terminal(p)) break;
        MovesOf<ConnectFour> moves;
        g.legal_moves(p, moves);
        g.play(p, moves[rng() % moves.size()]);
      }
    }
  }
  for (std::uint64_t x : {0ULL, 1ULL, 0xFFULL, 0x8000000000000001ULL, ~0ULL, 0x123456789ABCDEFULL}) {
    EXPECT_EQ(ConnectFour::count_bits(x), std::popcount(x));
  }
}

TEST(ConnectFour, DrawingShowsTheBoard) {
  const ConnectFour game = make(4, 3);
  EXPECT_EQ(game.draw(game.parse("2232")),
            "  . O . .\n"
            "  . O . .\n"
            "  . X X .\n"
            "  1 2 3 4\n"
            "X to move\n");
  const ConnectFour standard;
  const std::string won = standard.draw(standard.parse("1212121"));
  EXPECT_NE(won.find("Game over: X wins"), std::string::npos) << won;
}

// OEIS A212693: distinct legal 7x6 positions after n plies (won positions are not continued).
TEST(ConnectFour, DistinctPositionsMatchOeisA212693) {
  const std::vector<std::uint64_t> expected = {1,    7,     49,    238,    1120,
                                               4263, 16422, 54859, 184275, 558186};
  const ConnectFour game;
  std::vector<ConnectFour::State> level = {game.initial_state()};
  for (std::size_t ply = 0; ply < expected.size(); ++ply) {
    ASSERT_EQ(level.size(), expected[ply]) << "ply " << ply;
    if (ply + 1 == expected.size()) break;
    std::unordered_set<std::uint64_t> seen;
    std::vector<ConnectFour::State> next;
    for (const auto& s : level) {
      if (game.is_terminal(s)) continue;
      MovesOf<ConnectFour> moves;
      game.legal_moves(s, moves);
      for (Move m : moves) {
        ConnectFour::State c = s;
        game.play(c, m);
        if (seen.insert(game.key(c)).second) next.push_back(c);
      }
    }
    level = std::move(next);
  }
}

TEST(ConnectFour, PerftCountsEveryMoveSequence) {
  const ConnectFour game;
  // No game can end before ply 7, so 7^n sequences up to ply 6, and at ply 7 all but the 7 that
  // put a 7th stone into one column.
  const auto counts = perft(game, game.initial_state(), 7);
  EXPECT_EQ(counts, (std::vector<std::uint64_t>{1, 7, 49, 343, 2401, 16807, 117649, 823536}));
}

// OEIS A342329: different complete games of Connect Four on (n+1) x n boards (n+1 columns).
std::uint64_t complete_games(const ConnectFour& game, const ConnectFour::State& s) {
  if (game.is_terminal(s)) return 1;
  MovesOf<ConnectFour> moves;
  game.legal_moves(s, moves);
  std::uint64_t n = 0;
  for (Move m : moves) {
    ConnectFour::State c = s;
    game.play(c, m);
    n += complete_games(game, c);
  }
  return n;
}

TEST(ConnectFour, CompleteGamesMatchOeisA342329) {
  EXPECT_EQ(complete_games(make(2, 1), ConnectFour::State{}), 2u);
  EXPECT_EQ(complete_games(make(3, 2), ConnectFour::State{}), 90u);
  EXPECT_EQ(complete_games(make(4, 3), ConnectFour::State{}), 356232u);
}

TEST(ConnectFour, TerminalValuesFollowPonsConvention) {
  const ConnectFour game;
  EXPECT_EQ(game.win_score(0), 21);       // a win with the first stone would score 22 - 1
  EXPECT_EQ(game.win_score(41), 1);       // with the last
  EXPECT_EQ(make(3, 3).win_score(0), 5);  // odd boards: ceil(9/2) + 1 - 1
  // A full board with no line is a draw.
  const ConnectFour small = make(3, 2);
  const ConnectFour::State full = small.parse("123123");
  EXPECT_TRUE(small.is_terminal(full));
  EXPECT_EQ(small.terminal_value(full), 0);
  // A loss is valued from the loser's (the side to move's) view.
  EXPECT_EQ(game.terminal_value(game.parse("1212121")), -18);
}

// On small boards every algorithm, searched to the end, returns minimax's exact value, and that
// value lies in the game's outcome bounds.
TEST(ConnectFour, EveryAlgorithmAgreesWithMinimaxToTheEnd) {
  struct Case {
    ConnectFour game;
    int plies;  // random plies before the search, to keep plain minimax affordable
    int count;
  };
  const std::vector<Case> cases = {{make(4, 4), 4, 8},
                                   {make(5, 4), 8, 6},
                                   {make(4, 4, 3), 3, 6},
                                   {make(3, 3, 3), 0, 1},
                                   {make(4, 3), 0, 1}};
  const SearchLimits exact{.depth = kDepthMax};
  std::mt19937_64 rng(11);
  int checked = 0;
  int nonzero = 0;
  for (const auto& c : cases) {
    const ConnectFourEval eval = default_eval(c.game);
    for (int i = 0; i < c.count; ++i) {
      ConnectFour::State s = c.game.initial_state();
      for (int p = 0; p < c.plies && !c.game.is_terminal(s); ++p) {
        MovesOf<ConnectFour> moves;
        c.game.legal_moves(s, moves);
        ConnectFour::State next = s;
        c.game.play(next, moves[rng() % moves.size()]);
        if (c.game.is_terminal(next)) break;
        s = next;
      }
      if (c.game.is_terminal(s)) continue;
      SCOPED_TRACE(std::to_string(c.game.width()) + "x" + std::to_string(c.game.height()) +
                   " k=" + std::to_string(c.game.k()) + " at '" + c.game.to_string(s) + "'");
      const Value want = minimax(c.game, eval, s, exact).value;
      const auto bounds = c.game.outcome_bounds(s);
      EXPECT_LE(bounds.first, want);
      EXPECT_GE(bounds.second, want);
      AlphaBetaOptions plain;
      AlphaBetaOptions strong;
      strong.tt = true;
      strong.history = true;
      strong.enhanced_cutoffs = true;
      strong.fail_soft = true;
      AlphaBetaOptions id = strong;
      id.iterative_deepening = true;
      EXPECT_EQ(alphabeta(c.game, eval, s, exact, plain).value, want);
      EXPECT_EQ(alphabeta(c.game, eval, s, exact, strong).value, want);
      EXPECT_EQ(alphabeta(c.game, eval, s, exact, id).value, want);
      EXPECT_EQ(negascout(c.game, eval, s, exact, NegaScoutOptions{}).value, want);
      EXPECT_EQ(negascout(c.game, eval, s, exact, NegaScoutOptions(strong)).value, want);
      EXPECT_EQ(sss_star(c.game, eval, s, exact).value, want);
      EXPECT_EQ(mt_sss_star(c.game, eval, s, exact).value, want);
      EXPECT_EQ(mt_dual_star(c.game, eval, s, exact).value, want);
      EXPECT_EQ(mtdf(c.game, eval, s, exact).value, want);
      ++checked;
      nonzero += want != 0;
    }
  }
  EXPECT_GE(checked, 15);
  EXPECT_GE(nonzero, 3);  // not only draws
}

// At fixed depths too (heuristic leaves), on the standard board.
TEST(ConnectFour, AlgorithmsAgreeAtFixedDepth) {
  const ConnectFour game;
  const ConnectFourEval eval = default_eval(game);
  for (const char* seq : {"", "4453", "32751571231557", "2416615552"}) {
    const ConnectFour::State s = game.parse(seq);
    for (int depth = 1; depth <= 4; ++depth) {
      SCOPED_TRACE(std::string(seq) + " depth " + std::to_string(depth));
      const SearchLimits lim{.depth = depth};
      const Value want = minimax(game, eval, s, lim).value;
      AlphaBetaOptions tt;
      tt.tt = true;
      EXPECT_EQ(alphabeta(game, eval, s, lim).value, want);
      EXPECT_EQ(alphabeta(game, eval, s, lim, tt).value, want);
      EXPECT_EQ(negascout(game, eval, s, lim).value, want);
      EXPECT_EQ(sss_star(game, eval, s, lim).value, want);
      EXPECT_EQ(mt_sss_star(game, eval, s, lim).value, want);
      EXPECT_EQ(mtdf(game, eval, s, lim).value, want);
    }
  }
}

TEST(ConnectFour, FeaturesAndEvaluation) {
  const ConnectFour game;
  // X: 1,2,3 on the bottom row (an open three); O: 1,2 above them. X to move? No: O to move.
  const ConnectFour::State s = game.parse("11223");
  std::array<std::int32_t, ConnectFour::kNumFeatures> f{};
  game.features(s, f);
  // O to move: "mine" are O's stones (1 and 2 on the second row), "theirs" X's.
  EXPECT_EQ(f[1], 1);  // X's bottom row 1-2-3-4 holds three X and one empty cell
  EXPECT_EQ(f[0], 0);
  EXPECT_GT(f[3], 0);  // X's open twos
  EXPECT_EQ(f[4], 0);  // no O stone in column 4
  EXPECT_EQ(f[5], 0);
  const ConnectFourEval eval = default_eval(game);
  EXPECT_LT(eval(s), 0);  // O is under threat
  const ConnectFourEval linear(game, {"linear", {0, 0, 0, 0, 0, 0}});
  EXPECT_EQ(linear(s), 0);
  const ConnectFourEval minus_their_threes(game, {"linear", {0, -5, 0, 0, 0, 0}});
  EXPECT_EQ(minus_their_threes(s), -5);
  EXPECT_THROW(ConnectFourEval(game, {"linear", {1, 2}}), ParamError);
  EXPECT_THROW(ConnectFourEval(game, {"threats", {1}}), ParamError);
  EXPECT_THROW(ConnectFourEval(game, {"nope", {}}), ParamError);
  EXPECT_EQ(game.feature_names().size(), game.num_features());
  // Clamped inside the provable scores: with one empty cell left, a heuristic is 0.
  const ConnectFour small = make(2, 2, 2);
  const ConnectFourEval small_eval(small, {"linear", {100, 0, 0, 0, 0, 0}});
  EXPECT_EQ(small_eval(small.parse("122")), 0);
}

TEST(ConnectFour, LegalMovesAreEveryOpenColumnBestFirst) {
  const ConnectFour game;
  MovesOf<ConnectFour> moves;
  game.legal_moves(game.initial_state(), moves);
  EXPECT_EQ(std::vector<Move>(moves.begin(), moves.end()),
            (std::vector<Move>{3, 2, 4, 1, 5, 0, 6}));
  // X to move can win in column 4: listed first; all 7 columns still listed.
  moves.clear();
  game.legal_moves(game.parse("112233"), moves);
  ASSERT_EQ(moves.size(), 7u);
  EXPECT_EQ(moves[0], 3);
  // O must block column 4 ("1122334" wins for X): the block first.
  moves.clear();
  game.legal_moves(game.parse("1122337"), moves);
  ASSERT_EQ(moves.size(), 7u);
  EXPECT_EQ(moves[0], 3);
  moves.clear();
  game.legal_moves(game.parse("444444"), moves);
  EXPECT_EQ(moves.size(), 6u);
  EXPECT_FALSE(moves.contains(3));
}

// Positions generated here (random play from the empty board, 8 to 24 stones) and scored by
// Pascal Pons' solver built from his repository (bench/peers/pons.sh): our exact solver must
// reproduce every score.
TEST(ConnectFour, ReproducesPonsScores) {
  std::ifstream in("games/connect_four/testdata/pons_scored.txt");
  ASSERT_TRUE(in) << "run from the repository root";
  const ConnectFour game;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string seq;
    Value want = 0;
    ASSERT_TRUE(fields >> seq >> want) << line;
    EXPECT_EQ(solve(game, game.parse(seq)), want) << seq;
    ++n;
  }
  EXPECT_EQ(n, 50);
}

}  // namespace
}  // namespace gts
