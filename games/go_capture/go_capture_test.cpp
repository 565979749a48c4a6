// The go-capture game: Go's rules (captures, suicide, ko, superko, passes), the problem's end
// conditions, notation round-trips and Zhang et al.'s evaluation.
#include "games/go_capture/go_capture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace gts {
namespace {

using State = GoCapture::State;
using ParamMap = std::map<std::string, std::string>;

GoCapture make(const std::string& problem, bool superko = false) {
  return GoCapture(parse_go_problem_text(problem, "test"), superko);
}

Move mv(const GoCapture& g, const State& s, const std::string& text) {
  return g.parse_move(s, text);
}

bool legal(const GoCapture& g, const State& s, const std::string& text) {
  MovesOf<GoCapture> moves;
  g.legal_moves(s, moves);
  try {
    return moves.contains(g.parse_move(s, text));
  } catch (const ParseError&) {
    return false;
  }
}

// A 5x5 board: white C3 alone in the middle, black around on three sides.
const char* kAtari = "...../..X../.XO../..X../..... turn=B target=C3";

TEST(GoCapture, CapturingTheTargetEndsTheProblemForTheAttacker) {
  const GoCapture g = make(kAtari);
  State s = g.initial_state();
  EXPECT_EQ(g.attacker(), 0);
  EXPECT_EQ(g.target_liberties(s), 1);
  EXPECT_FALSE(g.is_terminal(s));
  g.play(s, mv(g, s, "D3"));
  EXPECT_TRUE(g.is_terminal(s));
  EXPECT_EQ(s.status, GoCapture::kCaptured);
  EXPECT_EQ(g.to_string(s), "...../..X../.X.X./..X../.....:W ply=1");
  // White to move in a lost position: -kWin for the mover, so +kWin for black.
  EXPECT_EQ(g.terminal_value(s), -GoCapture::kWin);
}

TEST(GoCapture, FocusMovesAreTheLegalMovesWithThoseThatCanMatterFirst) {
  // White C3 (3 liberties) beside black B3 (3 liberties, so short of them: its liberties count).
  const GoCapture g = make("...../...../.XO../...../..... turn=B target=C3 escape=6");
  const State s = g.initial_state();
  MovesOf<GoCapture> legal;
  g.legal_moves(s, legal);
  MovesOf<GoCapture> moves;
  const std::size_t focus = g.focus_moves(s, moves);
  ASSERT_EQ(moves.size(), legal.size());
  EXPECT_EQ(moves.size(), 24U);  // 23 empty points and the pass
  auto names = [&](std::size_t from, std::size_t to) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < to; ++i) out.push_back(g.move_to_string(s, moves[i]));
    std::sort(out.begin(), out.end());
    return out;
  };
  ASSERT_EQ(focus, 11U);
  // The target's liberties, then B3's, then the target's second-order liberties; then the rest in
  // legal_moves' order, the pass last.
  EXPECT_EQ(names(0, 3), (std::vector<std::string>{"C2", "C4", "D3"}));
  EXPECT_EQ(names(3, 6), (std::vector<std::string>{"A3", "B2", "B4"}));
  EXPECT_EQ(names(6, 11), (std::vector<std::string>{"C1", "C5", "D2", "D4", "E3"}));
  for (std::size_t i = 0; i < 24; ++i) EXPECT_EQ(moves[i], legal[i]) << i;
  EXPECT_EQ(g.move_to_string(s, moves[23]), "pass");
  // Right after a pass, passing ends the game: it joins the focus, before the far points.
  State passed = s;
  g.play(passed, mv(g, passed, "pass"));
  g.play(passed, mv(g, passed, "A5"));
  g.play(passed, mv(g, passed, "pass"));
  MovesOf<GoCapture> after;
  ASSERT_EQ(g.focus_moves(passed, after), 12U);
  EXPECT_EQ(g.move_to_string(passed, after[11]), "pass");
  legal.clear();
  g.legal_moves(passed, legal);
  EXPECT_EQ(g.move_to_string(passed, legal[legal.size() - 1]), "pass");
  // A finished problem has neither.
  State done = s;
  g.play(done, mv(g, done, "D3"));
  g.play(done, mv(g, done, "pass"));
  g.play(done, mv(g, done, "pass"));
  ASSERT_TRUE(g.is_terminal(done));
  MovesOf<GoCapture> none;
  EXPECT_EQ(g.focus_moves(done, none), 0U);
  EXPECT_EQ(none.size(), 0U);
}

// Black's C4 takes White's lone B4 as a ko. Where White wins every ko it retakes at once and the
// board comes back two plies on with Black banned at C4: focus_moves leaves C4 out (legal_moves
// keeps it), a lone target too (taken by a ko at the ply limit, it still stands: taken_status). It
// keeps C4 where White does not win kos and where Black is banned from a point already.
TEST(GoCapture, FocusMovesLeaveOutTheAttackersKoCapturesThatTheDefenderRetakesAtOnce) {
  const std::string board = ".XO../XO.O./.XO../...OX/...OX turn=B target=D2 escape=5";
  auto keeps = [](const std::string& problem, const std::string& threats) {
    ParamMap p{{"problem", problem}};
    if (!threats.empty()) p["ko_threats"] = threats;
    const GoCapture g{Params(p)};
    const State s = g.initial_state();
    MovesOf<GoCapture> legal;
    MovesOf<GoCapture> focus;
    g.legal_moves(s, legal);
    g.focus_moves(s, focus);
    const Move c4 = mv(g, s, "C4");
    EXPECT_TRUE(legal.contains(c4));
    EXPECT_EQ(focus.size() + (focus.contains(c4) ? 0 : 1), legal.size());
    return focus.contains(c4);
  };
  EXPECT_FALSE(keeps(board, "white"));
  EXPECT_TRUE(keeps(board, "black"));
  EXPECT_TRUE(keeps(board, ""));
  EXPECT_FALSE(keeps(".XO../XO.O./.XO../...OX/....X turn=B target=D2 escape=5", "white"));
  EXPECT_TRUE(keeps(board + " ko=E5", "white"));
}

TEST(GoCapture, CapturesRemoveWholeBlocksAndFreeTheirPoints) {
  // Black B4-C4 (two stones) with one liberty at D4; white to move captures both.
  const GoCapture g = make(".OO../OXX../.OO../...X./..... turn=W target=D2");
  State s = g.initial_state();
  ASSERT_TRUE(legal(g, s, "D4"));
  g.play(s, mv(g, s, "D4"));
  EXPECT_EQ(g.to_string(s).substr(0, 29), ".OO../O..O./.OO../...X./.....");
  // Black's D2, with four liberties and Black to move, escapes next move (escape=5): decided.
  EXPECT_EQ(s.status, GoCapture::kEscapeSure);
  EXPECT_EQ(g.terminal_value(s), GoCapture::kWin);  // Black to move has won
}

// A sure escape is read exactly: the defender to move with an extension or a capture that escapes,
// or the attacker to move against two extensions that escape even after it takes a liberty.
TEST(GoCapture, ASureEscapeIsReadExactly) {
  const GoCapture g =
      make("......./......./......./...O.../......./......./....... turn=B target=D4");
  const State black = g.initial_state();
  EXPECT_EQ(black.status, GoCapture::kOngoing);  // the problem's own position is always searched
  EXPECT_TRUE(g.escape_sure(black));             // any extension of D4 has 6 liberties
  const State white = g.parse("......./......./......./...O.../......./......./.......:W");
  EXPECT_TRUE(g.escape_sure(white));
  // Three liberties, attacker to move: an extension reaches 5, not 6; no claim.
  EXPECT_FALSE(g.escape_sure(g.parse("......./......./...X.../...O.../......./......./.......:B")));
  State s = g.initial_state();
  g.play(s, mv(g, s, "A1"));
  EXPECT_EQ(s.status, GoCapture::kEscapeSure);
  // White D4 (liberties D3 and E4, escape 3) to move: each extension leaves it one liberty, but
  // C5 takes Black's C4 (in atari, its last liberty not one of D4's) and D4 has three.
  const GoCapture take =
      make("......./......./...XX../.OXO.X./.XO.X../..XX.../....... turn=W target=D4 escape=3");
  EXPECT_TRUE(take.escape_sure(take.initial_state()));
  const GoCapture no_take = make(  // C4 has a second liberty at B4
      "......./......./...XX../..XO.X./.XO.X../..XX.../....... turn=W target=D4 escape=3");
  EXPECT_FALSE(no_take.escape_sure(no_take.initial_state()));
  const GoCapture off(Params(ParamMap{{"problem",
                                       "......./......./......./...O.../......./"
                                       "......./....... turn=B target=D4"},
                                      {"escapes", "off"}}));
  State o = off.initial_state();
  off.play(o, mv(off, o, "A1"));
  EXPECT_EQ(o.status, GoCapture::kOngoing);
}

TEST(GoCapture, SuicideIsIllegalButCapturingIsNot) {
  // A1 is surrounded by white: black may not play there unless it captures.
  const GoCapture g = make("...../...../...../OX.../.O... turn=B target=A2");
  const State s = g.initial_state();
  EXPECT_FALSE(legal(g, s, "A1"));
  try {
    (void)g.parse_move(s, "A1");
    FAIL() << "suicide accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("suicide"), std::string::npos) << e.what();
  }
  // With B3 black, A1 captures A2 and is legal.
  const GoCapture g2 = make("...../...../X..../OX.../.O... turn=B target=A2");
  EXPECT_TRUE(legal(g2, g2.initial_state(), "A1"));
}

TEST(GoCapture, SimpleKoForbidsTheImmediateRetake) {
  // A ko on the right: black captures at D3, white may not retake at C3 at once.
  const char* ko = "...../..XO./.XO.O/..XO./..... turn=B target=B3 escape=8";
  const GoCapture g = make(ko);
  State s = g.initial_state();
  g.play(s, mv(g, s, "D3"));  // captures C3
  EXPECT_NE(s.ko, 0);
  EXPECT_NE(g.to_string(s).find("ko=C3"), std::string::npos) << g.to_string(s);
  EXPECT_FALSE(legal(g, s, "C3"));
  try {
    (void)g.parse_move(s, "C3");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("ko"), std::string::npos);
  }
  // After an exchange elsewhere the retake is legal again.
  g.play(s, mv(g, s, "A1"));
  g.play(s, mv(g, s, "A5"));
  EXPECT_TRUE(legal(g, s, "C3"));
  // A pass also lifts the ko.
  State t = g.initial_state();
  g.play(t, mv(g, t, "D3"));
  g.play(t, GoCapture::kPass);
  EXPECT_EQ(t.ko, 0);
}

// A game record in SGF starts from the problem at its first position (board, side, ko, plies
// left) and reads back to the same position and moves: a capture that takes a ko, a pass and a
// move elsewhere included. Broken records say which tree and which move.
TEST(GoCapture, GamesRoundTripThroughSgf) {
  const GoCapture g = make("...../..XO./.XO.O/..XO./..... turn=B target=B3 escape=8 plies=40");
  State start = g.initial_state();
  g.play(start, mv(g, start, "A1"));  // one ply in: the record's start is not the problem's
  std::vector<Move> moves;
  State s = start;
  State ko;
  for (const char* m : {"A5", "D3", "pass", "E5"}) {  // D3 takes C3: a ko at C3
    moves.push_back(mv(g, s, m));
    g.play(s, moves.back());
    if (std::string(m) == "D3") ko = s;
  }
  const std::string sgf =
      g.sgf_game(start, moves, {{"GN", "game 7"}, {"RE", "B+"}}) + g.sgf_game(ko, {}, {});
  EXPECT_NE(sgf.find("XP[39]"), std::string::npos) << sgf;
  EXPECT_NE(sgf.find("PL[W]"), std::string::npos) << sgf;
  EXPECT_NE(sgf.find("RE[B+]"), std::string::npos) << sgf;
  EXPECT_NE(sgf.find(";W[aa];B[dc];W[];B[ea])"), std::string::npos) << sgf;
  EXPECT_NE(sgf.find("KO[cc]"), std::string::npos) << sgf;
  const auto games = g.parse_sgf_games(sgf, "games.sgf");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(g.to_string(games[0].first), g.to_string(start));
  EXPECT_EQ(games[0].second, moves);
  EXPECT_EQ(games[0].first.ply, 1);
  EXPECT_TRUE(games[1].second.empty());
  EXPECT_EQ(g.to_string(games[1].first), g.to_string(ko));  // the ko point kept
  EXPECT_NE(g.to_string(ko).find("ko=C3"), std::string::npos) << g.to_string(ko);

  auto error = [&](const std::string& text) {
    try {
      (void)g.parse_sgf_games(text, "games.sgf");
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string retake = sgf;
  retake.replace(retake.find("W[]"), 3, "W[cc]");  // C3 while the ko bans it
  EXPECT_NE(error(retake).find("games.sgf, game tree 1: move 3: "), std::string::npos)
      << error(retake);
  std::string turn = sgf;
  turn.replace(turn.find(";W[]"), 4, ";B[]");
  EXPECT_NE(error(turn).find("game tree 1: move 3: B plays out of turn"), std::string::npos)
      << error(turn);
  const GoCapture other = make("...../..XO./.XO.O/..XO./..... turn=B target=D4 escape=8");
  try {
    (void)other.parse_sgf_games(sgf, "games.sgf");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("not a game of this problem"), std::string::npos);
  }
}

// White B4 has just taken a black stone at C4: a ko. The ban is part of the position (its text
// and its hash), and the side with ko threats (ko_threats) may retake at once.
const char* kKo = ".XO../XO.O./.XO../...../..... turn=B target=B4 escape=3 ko=C4";

TEST(GoCapture, AKoBanIsPartOfThePositionAndKoThreatsLiftIt) {
  const GoCapture g = make(kKo);
  const State banned = g.initial_state();
  EXPECT_EQ(g.to_string(banned), ".XO../XO.O./.XO../...../.....:B ko=C4");
  EXPECT_FALSE(legal(g, banned, "C4"));
  const State free = g.parse(".XO../XO.O./.XO../...../.....:B");
  EXPECT_TRUE(free.same_board(banned));
  EXPECT_TRUE(legal(g, free, "C4"));
  EXPECT_FALSE(free == banned);
  EXPECT_NE(g.hash(free), g.hash(banned));
  EXPECT_EQ(g.ko_threats(), -1);
  const GoCapture black(Params(ParamMap{{"problem", kKo}, {"ko_threats", "black"}}));
  EXPECT_EQ(black.ko_threats(), 0);
  State s = black.initial_state();
  ASSERT_TRUE(legal(black, s, "C4"));
  black.play(s, mv(black, s, "C4"));
  EXPECT_EQ(s.status, GoCapture::kCaptured);
  const GoCapture white(Params(ParamMap{{"problem", kKo}, {"ko_threats", "white"}}));
  EXPECT_FALSE(legal(white, white.initial_state(), "C4"));
}

// Taking the target by a ko capture ends the problem, unless the defender wins every ko: then it
// may retake at once and the game goes on (GNU Go answers such an attack "works with ko").
TEST(GoCapture, ACaptureByKoIsFinalOnlyWhenTheDefenderCannotRetake) {
  const char* open = ".XO../XO.O./.XO../...../..... turn=B target=B4 escape=3";
  const GoCapture simple = make(open);
  State s = simple.initial_state();
  simple.play(s, mv(simple, s, "C4"));  // takes B4: a ko at B4
  EXPECT_EQ(s.status, GoCapture::kCaptured);
  const GoCapture black(Params(ParamMap{{"problem", open}, {"ko_threats", "black"}}));
  State b = black.initial_state();
  black.play(b, mv(black, b, "C4"));
  EXPECT_EQ(b.status, GoCapture::kCaptured);
  const GoCapture white(Params(ParamMap{{"problem", open}, {"ko_threats", "white"}}));
  State w = white.initial_state();
  white.play(w, mv(white, w, "C4"));
  EXPECT_EQ(w.status, GoCapture::kOngoing);
  EXPECT_EQ(white.to_string(w), ".XO../X.XO./.XO../...../.....:W ko=B4 ply=1");
  MovesOf<GoCapture> moves;  // the retake is the focus's first move
  ASSERT_GE(white.focus_moves(w, moves), 1U);
  EXPECT_EQ(white.move_to_string(w, moves[0]), "B4");
  State retaken = w;
  white.play(retaken, mv(white, retaken, "B4"));  // the target stands again, on the same point
  EXPECT_EQ(retaken.status, GoCapture::kOngoing);
  EXPECT_FALSE(legal(white, retaken, "C4"));  // and Black is bound by the ko
  State elsewhere = w;
  white.play(elsewhere, mv(white, elsewhere, "E1"));  // not retaking: the capture stands
  EXPECT_EQ(elsewhere.status, GoCapture::kCaptured);
  // At the ply limit the game ends before the retake: the target stands, White has won.
  const GoCapture last(
      Params(ParamMap{{"problem", open}, {"ko_threats", "white"}, {"max_plies", "1"}}));
  State l = last.initial_state();
  last.play(l, mv(last, l, "C4"));
  EXPECT_EQ(l.status, GoCapture::kPlyLimit);
  EXPECT_EQ(last.terminal_value(l), GoCapture::kWin);  // White to move
}

// Black B2-C2-B1 in atari (A1 would be suicide); White C1 has just taken a black stone at D1.
// Black's only save is retaking that ko, which lifts the target to two liberties. The ladder
// reading of the problem's own position must let the side with ko threats retake (GNU Go's
// reading.tst 85: once read as captured at the root, so `proved by ko` came out `disproved`).
const char* kRetake = "...../...../OOO../OXXO./.XO.O turn=B target=B2 escape=2 ko=D1";

TEST(GoCapture, TheProblemsOwnPositionLetsTheKoThreatsHolderRetake) {
  const GoCapture plain(Params(ParamMap{{"problem", kRetake}}));
  EXPECT_EQ(plain.initial_state().status, GoCapture::kLadder);
  const GoCapture white(Params(ParamMap{{"problem", kRetake}, {"ko_threats", "white"}}));
  EXPECT_EQ(white.initial_state().status, GoCapture::kLadder);
  const GoCapture black(Params(ParamMap{{"problem", kRetake}, {"ko_threats", "black"}}));
  State s = black.initial_state();
  EXPECT_EQ(s.status, GoCapture::kOngoing);
  EXPECT_FALSE(black.ladder_captures(s));
  ASSERT_TRUE(legal(black, s, "D1"));
  black.play(s, mv(black, s, "D1"));
  EXPECT_EQ(s.status, GoCapture::kEscaped);
}

TEST(GoCapture, SuperkoForbidsRecreatingAnEarlierBoard) {
  const char* text = "...../..X../.XO../..X../..... turn=B target=C3";
  const GoCapture plain = make(text);
  const GoCapture superko = make(text, true);
  State s = superko.initial_state();
  // The board B1 would make, written into the position's history: B1 becomes illegal.
  State t = s;
  superko.play(t, mv(superko, t, "B1"));
  char hex[32];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(t.key));
  const State with_history = superko.parse(superko.to_string(s) + " history=" + hex);
  EXPECT_TRUE(legal(superko, s, "B1"));
  EXPECT_FALSE(legal(superko, with_history, "B1"));
  EXPECT_TRUE(legal(superko, with_history, "A1"));
  try {
    (void)superko.parse_move(with_history, "B1");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("superko"), std::string::npos);
  }
  // Without superko a history is not part of the position.
  EXPECT_THROW((void)plain.parse(plain.to_string(s) + " history=" + hex), ParseError);
  // Superko keeps the earlier boards, so the history grows with every move and round-trips.
  superko.play(s, mv(superko, s, "A1"));
  superko.play(s, GoCapture::kPass);
  EXPECT_EQ(s.history_size, 2);
  EXPECT_EQ(superko.parse(superko.to_string(s)), s);
  EXPECT_THROW(GoCapture(parse_go_problem_text(std::string(text) + " plies=100", "t"), true),
               ParamError);
}

TEST(GoCapture, TwoPassesOrThePlyLimitLeaveTheTargetSaved) {
  const GoCapture g = make(kAtari);
  State s = g.initial_state();
  g.play(s, GoCapture::kPass);
  EXPECT_FALSE(g.is_terminal(s));
  g.play(s, GoCapture::kPass);
  EXPECT_TRUE(g.is_terminal(s));
  EXPECT_EQ(s.status, GoCapture::kPassedOut);
  EXPECT_EQ(g.terminal_value(s), -GoCapture::kWin);  // black to move, white saved its stone

  const GoCapture short_game = make(std::string(kAtari) + " plies=2");
  State t = short_game.initial_state();
  short_game.play(t, mv(short_game, t, "A5"));
  short_game.play(t, mv(short_game, t, "E5"));
  EXPECT_EQ(t.status, GoCapture::kPlyLimit);
  EXPECT_EQ(short_game.terminal_value(t), -GoCapture::kWin);
}

TEST(GoCapture, ReachingTheEscapeLibertiesSavesTheTarget) {
  // White to move extends from two liberties to three: escape=3 ends the problem at once.
  const GoCapture g = make("...../..X../.XO../...../..... turn=W target=C3 escape=3");
  State s = g.initial_state();
  EXPECT_EQ(g.defender(), 1);
  g.play(s, mv(g, s, "C2"));
  EXPECT_EQ(s.status, GoCapture::kEscaped);
  EXPECT_EQ(g.terminal_value(s), -GoCapture::kWin);  // black to move has lost
}

TEST(GoCapture, EscapeStepsLowerTheEscapeLibertiesPastTheirPly) {
  // White C3 (two liberties) extends to C2: four liberties at ply 2. Escape at 5, with steps to 4
  // past ply 2 and to 3 past ply 3.
  const std::string text = "...../..X../.XO../...../..... turn=B target=C3";
  auto game = [&](const std::string& steps, const std::string& escapes) {
    return GoCapture(Params(ParamMap{
        {"problem", text}, {"escape_after", steps}, {"escapes", escapes}, {"ladders", "off"}}));
  };
  const GoCapture stepped = game("2:4,3:3", "off");
  EXPECT_EQ(stepped.escape_at(0), 5);
  EXPECT_EQ(stepped.escape_at(2), 5);
  EXPECT_EQ(stepped.escape_at(3), 4);
  EXPECT_EQ(stepped.escape_at(4), 3);
  EXPECT_EQ(stepped.escape_at(GoProblem::kMaxPlies + 9), 3);
  for (const char* steps : {"none", "2:4,3:3"}) {
    const GoCapture g = game(steps, "off");
    State s = g.initial_state();
    for (const char* m : {"A5", "C2"}) g.play(s, mv(g, s, m));
    EXPECT_EQ(g.target_liberties(s), 4);
    EXPECT_EQ(s.status, GoCapture::kOngoing) << steps;  // ply 2: five liberties needed
    g.play(s, mv(g, s, "A1"));
    EXPECT_EQ(s.status, std::string(steps) == "none" ? GoCapture::kOngoing : GoCapture::kEscaped)
        << steps;  // ply 3: four are enough with the steps
  }
  // The sure-escape reading counts the steps two plies on: at ply 2 (Black to move) White has two
  // extensions that reach three liberties at ply 4 whatever Black does; three escape past ply 3,
  // not yet past ply 4.
  for (const char* steps : {"none", "3:3", "4:3"}) {
    const GoCapture g = game(steps, "on");
    State s = g.initial_state();
    for (const char* m : {"A5", "C2"}) g.play(s, mv(g, s, m));
    EXPECT_EQ(s.status, std::string(steps) == "3:3" ? GoCapture::kEscapeSure : GoCapture::kOngoing)
        << steps;
  }
  // The problem one ply on carries the steps one ply nearer; passed steps join escape.
  State s = stepped.initial_state();
  stepped.play(s, mv(stepped, s, "A5"));
  GoProblem at1 = stepped.problem_at(s);
  EXPECT_EQ(at1.escape_liberties, 5);
  EXPECT_EQ(escape_steps_text(at1.escape_after), "1:4,2:3");
  for (const char* m : {"E5", "A1"}) stepped.play(s, mv(stepped, s, m));
  const GoProblem at3 = stepped.problem_at(s);
  EXPECT_EQ(at3.escape_liberties, 4);
  EXPECT_EQ(escape_steps_text(at3.escape_after), "0:3");
  for (int ply = 0; ply < 10; ++ply) EXPECT_EQ(at3.escape_at(ply), stepped.escape_at(ply + 3));
  // The parameter overrides the problem's steps, or drops them.
  const GoCapture none(
      Params(ParamMap{{"problem", text + " escape_after=2:4"}, {"escape_after", "none"}}));
  EXPECT_TRUE(none.problem().escape_after.empty());
  const GoCapture gnugo(Params(ParamMap{{"problem", text}, {"escape_after", "7:4,16:3"}}));
  EXPECT_EQ(escape_steps_text(gnugo.problem().escape_after), "7:4,16:3");
  EXPECT_EQ(gnugo.escape_at(7), 5);
  EXPECT_EQ(gnugo.escape_at(8), 4);
  EXPECT_EQ(gnugo.escape_at(17), 3);
  EXPECT_THROW(GoCapture(Params(ParamMap{{"problem", text}, {"escape_after", "7-4"}})), ParseError);
  try {
    (void)GoCapture(Params(ParamMap{{"problem", text}, {"escape_after", "7:4,5:3"}}));
    ADD_FAILURE() << "steps out of order were taken";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "game go-capture: parameter 'escape_after': escape steps 7:4,5:3: each is"),
              std::string::npos)
        << e.what();
  }
}

TEST(GoCapture, MovesAreTheRegionsLegalPointsThenPass) {
  const GoCapture g = make("...../..X../.XO../..X../..... turn=B target=C3 region=C2-D4");
  MovesOf<GoCapture> moves;
  g.legal_moves(g.initial_state(), moves);
  std::vector<std::string> names;
  for (Move m : moves) names.push_back(g.move_to_string(g.initial_state(), m));
  // The target's liberty first, then its second-order liberties, then the rest.
  EXPECT_EQ(names, (std::vector<std::string>{"D3", "D4", "D2", "pass"}));
  EXPECT_FALSE(legal(g, g.initial_state(), "A1"));
  try {
    (void)g.parse_move(g.initial_state(), "A1");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("region"), std::string::npos);
  }
}

// The moves that can matter come first: the target's liberties, then the liberties of an
// attacker block beside it that is no stronger (C2, in atari: D2 takes it), then the points next
// to the target's liberties; the rest follow in row-major order.
TEST(GoCapture, MovesThatCanMatterComeFirst) {
  const GoCapture g = make("...../..X../.XO../.OXO./..... turn=W target=C3");
  MovesOf<GoCapture> moves;
  g.legal_moves(g.initial_state(), moves);
  std::vector<std::string> names;
  for (Move m : moves) names.push_back(g.move_to_string(g.initial_state(), m));
  ASSERT_GE(names.size(), 4u);
  EXPECT_EQ(std::vector<std::string>(names.begin(), names.begin() + 4),
            (std::vector<std::string>{"D3", "C1", "D4", "E3"}));
  EXPECT_EQ(names.back(), "pass");
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "no move twice";
}

// Ladders are read exactly with the defender to move, and with the attacker to move past the
// problem's own position: a working one ends the problem for the attacker (ladder-01: after D5,
// White's D4 runs into the edge), a broken one does not, and ladders=off leaves them to the
// search.
TEST(GoCapture, AWorkingLadderIsReadToTheEnd) {
  const GoCapture g(Params(ParamMap{{"file", "problems/go-capture/ladder-01.sgf"}}));
  EXPECT_TRUE(g.ladders());
  State s = g.initial_state();
  EXPECT_FALSE(g.is_terminal(s));  // the attacker's first move is still a move
  g.play(s, mv(g, s, "D5"));
  EXPECT_EQ(s.status, GoCapture::kLadder);
  EXPECT_EQ(g.terminal_value(s), -GoCapture::kWin);  // White to move has lost
  // Past the problem's own position the attacker to move reads it too: D5 ataris into the ladder.
  const State later = g.parse(g.to_string(g.initial_state()) + " ply=2");
  EXPECT_EQ(later.status, GoCapture::kLadder);
  EXPECT_EQ(g.terminal_value(later), GoCapture::kWin);  // Black to move has won
  // The other atari lets White out at D5 with three liberties: no ladder.
  State t = g.initial_state();
  g.play(t, mv(g, t, "E4"));
  EXPECT_EQ(t.status, GoCapture::kOngoing);
  // A white stone on the ladder's path breaks it.
  const GoCapture broken(
      Params(ParamMap{{"problem",
                       "........./......O../........./........./........./..XO...../...XX..../"
                       "........./......... turn=B target=D4"}}));
  State b = broken.initial_state();
  broken.play(b, mv(broken, b, "D5"));
  EXPECT_EQ(b.status, GoCapture::kOngoing);
  EXPECT_EQ(broken.parse(broken.to_string(broken.initial_state()) + " ply=2").status,
            GoCapture::kOngoing);
  // So does a stone the extension captures: White's E4 takes F4 (short of its liberty F5 it
  // would stand, and the ladder works).
  for (const bool f5 : {true, false}) {
    const GoCapture g2(Params(
        ParamMap{{"problem", std::string("........./........./........./........./") +
                                 (f5 ? ".....O..." : ".........") +
                                 "/..XO.XO../...XXO.../........./......... turn=B target=D4"}}));
    State c = g2.initial_state();
    g2.play(c, mv(g2, c, "D5"));
    EXPECT_EQ(c.status, f5 ? GoCapture::kOngoing : GoCapture::kLadder) << f5;
  }
  // White's E4 takes D3 and E3, which touch D4 too: D4 E4 then have D3 and E3, not E3 alone, and
  // Black's atari at D3 lets White connect out at E3.
  const GoCapture taken(Params(
      ParamMap{{"problem",
                "........./........./........./........./....X..../..XO.X.../..OXXO.../...OO..../"
                "......... turn=B target=D4"}}));
  State d = taken.initial_state();
  taken.play(d, mv(taken, d, "D5"));
  EXPECT_EQ(d.status, GoCapture::kOngoing);
  const GoCapture off(
      Params(ParamMap{{"file", "problems/go-capture/ladder-01.sgf"}, {"ladders", "off"}}));
  State o = off.initial_state();
  off.play(o, mv(off, o, "D5"));
  EXPECT_EQ(o.status, GoCapture::kOngoing);
  EXPECT_TRUE(off.ladder_captures(o));
  // Too few plies left for the ladder: the defender survives by the ply limit, and the reading
  // knows it.
  const GoCapture short_game(
      Params(ParamMap{{"file", "problems/go-capture/ladder-01.sgf"}, {"max_plies", "6"}}));
  State sh = short_game.initial_state();
  short_game.play(sh, mv(short_game, sh, "D5"));
  EXPECT_EQ(sh.status, GoCapture::kOngoing);
}

// Benson's unconditional life: three single-point eyes in the corner (test 195 of GNU Go's
// reading regression after Black's J4) make H6 alive whatever White plays, so the problem ends
// there for the defender; without J4 the corner is not yet alive, and benson=off leaves it to the
// search.
TEST(GoCapture, AnUnconditionallyAliveTargetHasEscaped) {
  const std::string corner =
      "........./........./..OOOOOOO/..XXXXOXX/...X.OXX./...X.OX.X/...X.OXX./.....OOXX/"
      "...X.OOO.";
  const GoCapture g = make(corner + " turn=W target=H6");
  const State s = g.initial_state();
  EXPECT_TRUE(g.unconditionally_alive(s));
  EXPECT_TRUE(g.benson_alive(s));
  EXPECT_EQ(s.status, GoCapture::kAlive);
  EXPECT_EQ(g.terminal_value(s), -GoCapture::kWin);  // White to move has lost
  std::string before = corner;
  before[5 * 10 + 8] = '.';  // no J4 (row 4, the sixth from the top; column J, the ninth)
  const GoCapture h = make(before + " turn=B target=H6");
  EXPECT_FALSE(h.unconditionally_alive(h.initial_state()));
  EXPECT_EQ(h.initial_state().status, GoCapture::kOngoing);
  State t = h.initial_state();
  h.play(t, mv(h, t, "J4"));
  EXPECT_EQ(t.status, GoCapture::kAlive);
  const GoCapture off(
      Params(ParamMap{{"problem", corner + " turn=W target=H6"}, {"benson", "off"}}));
  EXPECT_EQ(off.initial_state().status, GoCapture::kOngoing);
  // Two blocks that share both their eyes, B5 and C4, live together (only the whole-board reading
  // sees it: each eye is beside both).
  const GoCapture shared = make("X.XX./XX.X./.XX../...../..... turn=W target=A5 escape=8");
  EXPECT_TRUE(shared.benson_alive(shared.initial_state()));
  EXPECT_TRUE(shared.unconditionally_alive(shared.initial_state()));
  // An eye shared with a block that has no other (D5) is lost with that block: B5 keeps one eye.
  const GoCapture lost = make(".X.XO/XXXO./...../...../..... turn=W target=B5 escape=8");
  EXPECT_FALSE(lost.benson_alive(lost.initial_state()));
  EXPECT_FALSE(lost.unconditionally_alive(lost.initial_state()));
}

// The quick reading from the target's liberties agrees with the whole-board algorithm on the
// positions of random fills of a 7x7 board (stones only where a point beside is empty, so that
// eyes form as the board fills; no end but a capture).
TEST(GoCapture, TheQuickLifeReadingAgreesWithBensonsAlgorithm) {
  const GoCapture g(Params(ParamMap{
      {"problem", "......./......./......./...X.../......./......./....... turn=W target=D4"},
      {"benson", "off"},
      {"ladders", "off"},
      {"escapes", "off"},
      {"escape_liberties", "20"},
      {"max_plies", "255"}}));
  const std::string cols = "ABCDEFG";
  std::uint64_t seed = 12345;
  auto next = [&seed]() {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(seed >> 33);
  };
  int alive = 0;
  int not_alive = 0;
  for (int game = 0; game < 500; ++game) {
    State s = g.initial_state();
    for (int move = 0; move < 60; ++move) {
      const std::string text = g.to_string(s);  // rows top first, then ":B" or ":W"
      std::vector<std::string> candidates;
      for (int r = 0; r < 7; ++r) {
        for (int c = 0; c < 7; ++c) {
          auto at = [&](int rr, int cc) {
            return rr < 0 || rr >= 7 || cc < 0 || cc >= 7
                       ? '#'
                       : text[static_cast<std::size_t>(rr * 8 + cc)];
          };
          if (at(r, c) != '.') continue;
          if (at(r - 1, c) != '.' && at(r + 1, c) != '.' && at(r, c - 1) != '.' &&
              at(r, c + 1) != '.') {
            continue;
          }
          const std::string name =
              cols.substr(static_cast<std::size_t>(c), 1) + std::to_string(7 - r);
          if (s.ko != 0 && mv(g, s, name) == static_cast<Move>(s.ko)) continue;
          candidates.push_back(name);
        }
      }
      if (candidates.empty()) break;
      g.play(s, mv(g, s, candidates[next() % candidates.size()]));
      if (s.status == GoCapture::kCaptured) break;
      const bool quick = g.unconditionally_alive(s);
      const bool whole = g.benson_alive(s);
      ASSERT_EQ(quick, whole) << g.to_string(s);
      ASSERT_EQ(g.benson_local_alive(s), whole) << g.to_string(s);
      ++(quick ? alive : not_alive);
    }
  }
  EXPECT_GT(alive, 80);
  EXPECT_GT(not_alive, 100);
}

TEST(GoCapture, PositionsRoundTripAndHashByEverythingThatMatters) {
  const GoCapture g = make("...../..XO./.XO.O/..XO./..... turn=B target=B3 escape=8");
  State s = g.initial_state();
  g.play(s, mv(g, s, "D3"));
  g.play(s, GoCapture::kPass);
  const std::string text = g.to_string(s);
  EXPECT_EQ(text, "...../..XO./.X.XO/..XO./.....:B ply=2 passes=1");
  EXPECT_EQ(g.parse(text), s);
  EXPECT_EQ(g.hash(g.parse(text)), g.hash(s));
  // The same board at another ply, or with another side to move, is another position.
  State other = g.parse("...../..XO./.X.XO/..XO./.....:B ply=4 passes=1");
  EXPECT_NE(g.hash(other), g.hash(s));
  other = g.parse("...../..XO./.X.XO/..XO./.....:W ply=2 passes=1");
  EXPECT_NE(g.hash(other), g.hash(s));
  for (const char* bad :
       {"...../...../...../...../.....", "..../..../..../....:B", "...../...../...../...../.....:Q",
        "...../...../...../...../..Z..:B", "...../...../...../...../.....:B ply=-1",
        "...../...../...../...../.....:B colour=red", "XO.../O..../...../...../.....:B"}) {
    EXPECT_THROW((void)g.parse(bad), ParseError) << bad;
  }
}

TEST(GoCapture, CaptureDistanceFollowsLibertiesAndLadders) {
  // Defender to move in atari: what it reaches by extending. Here the ladder works (2).
  const GoCapture ladder =
      make("......./......./......./..XO.../...XX../......./....... turn=W target=D4");
  State s = ladder.initial_state();
  EXPECT_EQ(ladder.target_liberties(s), 2);
  EXPECT_EQ(ladder.capture_distance(s), 3);  // defender to move with 2 liberties: 2 + 1
  State after = ladder.parse("......./......./...X.../..XO.../...XX../......./.......:W ply=1");
  EXPECT_EQ(ladder.capture_distance(after), 2);  // extends to E4 with two liberties
  // Attacker to move: the liberties, plus attacker blocks beside the target no stronger than it.
  const GoCapture weak = make("...../..X../.XO../.OXO./..... turn=B target=C3");
  const State w = weak.initial_state();
  EXPECT_EQ(weak.target_liberties(w), 1);
  EXPECT_EQ(weak.capture_distance(w), 2);  // C2 (black, one liberty) counts
  const GoCaptureEval eval(weak, EvalSpec{"liberties", {}});
  EXPECT_EQ(eval(w), weak.escape_liberties() - 2);
  EXPECT_THROW(GoCaptureEval(weak, EvalSpec{"material", {}}), ParamError);
}

TEST(GoCapture, ParametersPickTheProblemAndOverrideItsLimits) {
  const GoCapture dflt;
  EXPECT_EQ(dflt.size(), 7);
  EXPECT_EQ(dflt.problem().name, "default-ladder");
  const GoCapture g(
      Params(ParamMap{{"problem", kAtari}, {"max_plies", "9"}, {"escape_liberties", "3"}}));
  EXPECT_EQ(g.max_plies(), 9);
  EXPECT_EQ(g.escape_liberties(), 3);
  EXPECT_THROW(GoCapture(Params(ParamMap{{"problem", kAtari}, {"file", "x.sgf"}})), ParamError);
  EXPECT_THROW(GoCapture(Params(ParamMap{{"problem", "..... turn=B"}})), ParseError);
  EXPECT_THROW(GoCapture(Params(ParamMap{{"file", "/no/such/problem.sgf"}})), ParseError);
  // A device is refused rather than read forever.
  EXPECT_THROW(GoCapture(Params(ParamMap{{"file", "/dev/zero"}})), ParseError);
  EXPECT_THROW(GoCapture(Params(ParamMap{{"superko", "maybe"}})), ParamError);
  // region=whole drops the problem's region: every empty point of the board is a move.
  const ParamMap ladder = {{"file", "problems/go-capture/ladder-01.sgf"}};
  ParamMap whole = ladder;
  whole["region"] = "whole";
  MovesOf<GoCapture> in_region;
  MovesOf<GoCapture> everywhere;
  const GoCapture r(Params{ladder});
  const GoCapture w(Params{whole});
  r.legal_moves(r.initial_state(), in_region);
  w.legal_moves(w.initial_state(), everywhere);
  EXPECT_FALSE(r.problem().region.empty());
  EXPECT_TRUE(w.problem().region.empty());
  EXPECT_EQ(everywhere.size(), 81u - 4u + 1u);  // 77 empty points and the pass
  EXPECT_LT(in_region.size(), everywhere.size());
}

}  // namespace
}  // namespace gts
