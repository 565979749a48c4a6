// Go problems: the text form and SGF, both ways, and one clear error (naming the file and the
// property) for every kind of broken input.
#include "games/go_capture/go_problem.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace gts {
namespace {

const char* kLadderText =
    "# a ladder\n"
    ".......\n.......\n.......\n..XO...\n...XX..\n.......\n.......\n"
    "name=ladder turn=B target=D4 region=C3-G7 escape=4 plies=30 expect=proved key=D5\n";

const char* kLadderSgf =
    "(;GM[1]FF[4]SZ[7]GN[ladder]PL[B]AB[cd][de:ee]AW[dd]MA[dd]SL[ca:ge]\n"
    "XL[4]XP[30]XR[proved]XM[dc]C[a \\] bracket]\n"
    ";B[dc];W[ed])";

std::string error_of(const std::string& sgf, const std::string& source = "p.sgf") {
  try {
    (void)parse_go_problem_sgf(sgf, source);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

std::string text_error_of(const std::string& text) {
  try {
    (void)parse_go_problem_text(text, "p.txt");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

TEST(GoProblem, PointsInGtpAndSgfCoordinates) {
  EXPECT_EQ(go_point_name(9, 0), "A9");
  EXPECT_EQ(go_point_name(9, 80), "J1");
  EXPECT_EQ(go_point_name(19, 18), "T19");
  EXPECT_EQ(go_point_name(9, -1), "pass");
  EXPECT_EQ(parse_go_point(9, "j1", "t"), 80);
  EXPECT_EQ(sgf_point_name(9, 80), "ii");
  EXPECT_THROW(parse_go_point(9, "I5", "t"), ParseError);
  EXPECT_THROW(parse_go_point(9, "K1", "t"), ParseError);
  EXPECT_THROW(parse_go_point(9, "A10", "t"), ParseError);
  EXPECT_THROW(parse_go_point(9, "A", "t"), ParseError);
}

TEST(GoProblem, TextFormReadsEverySetting) {
  const GoProblem p = parse_go_problem_text(kLadderText, "ladder.txt");
  EXPECT_EQ(p.name, "ladder");
  EXPECT_EQ(p.size, 7);
  EXPECT_EQ(p.to_move, 0);
  EXPECT_EQ(p.goal, GoGoal::kCapture);
  EXPECT_EQ(p.target, std::vector<int>{parse_go_point(7, "D4", "t")});
  EXPECT_EQ(p.target_color(), 2);
  EXPECT_EQ(p.escape_liberties, 4);
  EXPECT_EQ(p.max_plies, 30);
  EXPECT_EQ(p.expected, "proved");
  EXPECT_EQ(p.key_moves, std::vector<int>{parse_go_point(7, "D5", "t")});
  EXPECT_TRUE(p.in_region(parse_go_point(7, "C3", "t")));
  EXPECT_TRUE(p.in_region(parse_go_point(7, "G7", "t")));
  EXPECT_FALSE(p.in_region(parse_go_point(7, "B3", "t")));
  // The goal follows from the colours: white to move, white's target, escape.
  const GoProblem e = parse_go_problem_text(
      ".......\n.......\n.......\n..XO...\n...XX..\n"
      ".......\n....... turn=W target=D4",
      "t");
  EXPECT_EQ(e.goal, GoGoal::kEscape);
}

TEST(GoProblem, SgfReadsTheSameProblem) {
  GoProblem from_sgf = parse_go_problem_sgf(kLadderSgf, "ladder.sgf");
  GoProblem from_text = parse_go_problem_text(kLadderText, "ladder.txt");
  EXPECT_EQ(from_sgf.comment, "a ] bracket");
  from_sgf.comment.clear();
  EXPECT_EQ(from_sgf, from_text);
}

TEST(GoProblem, SgfRoundTrip) {
  const GoProblem p = parse_go_problem_sgf(kLadderSgf, "ladder.sgf");
  const std::string written = go_problem_to_sgf(p);
  EXPECT_EQ(parse_go_problem_sgf(written, "again.sgf"), p);
  EXPECT_EQ(go_problem_to_sgf(parse_go_problem_sgf(written, "again.sgf")), written);
  // A problem with every optional field, in a corner, with a ragged region and GNU Go's opt-out.
  GoProblem q = p;
  q.to_move = 1;
  q.goal = GoGoal::kEscape;
  q.region.assign(49, 0);
  for (int pt : {0, 1, 2, 8, 9, 17, 24, 25, 26, 31}) q.region[static_cast<std::size_t>(pt)] = 1;
  q.gnugo_skip = "depends on [the] region";
  q.key_moves = {0, 48};
  q.expected = "disproved";
  q.escape_after = {{7, 3}, {16, 2}};  // (escape=4 here)
  EXPECT_NE(go_problem_to_sgf(q).find("XE[7:3][16:2]"), std::string::npos);
  EXPECT_EQ(parse_go_problem_sgf(go_problem_to_sgf(q), "q.sgf"), q);
  // And through the text form (which keeps no comment).
  q.comment.clear();
  q.gnugo_skip = "depends-on-region";
  EXPECT_EQ(parse_go_problem_text(go_problem_to_text(q), "q.txt"), q);
}

TEST(GoProblem, SgfAcceptsTrMarksOldStyleNamesAndDefaults) {
  const GoProblem p =
      parse_go_problem_sgf("(;AddBlack[cd][dc][ec]AddWhite[dd]SZ[7]TR[dd] ;B[dc])", "x.sgf");
  EXPECT_EQ(p.size, 7);
  EXPECT_EQ(p.to_move, 0);  // PL defaults to black
  EXPECT_EQ(p.goal, GoGoal::kCapture);
  EXPECT_TRUE(p.region.empty());
  EXPECT_EQ(p.escape_liberties, GoProblem::kDefaultEscapeLiberties);
  EXPECT_EQ(p.max_plies, GoProblem::kDefaultMaxPlies);
  // A 19x19 board when SZ is missing.
  EXPECT_EQ(parse_go_problem_sgf("(;AB[cd][dc][ec]AW[dd]MA[dd])", "x.sgf").size, 19);
}

// The ko point: KO in the node that states the problem, ko= in the text form, and a game
// record's last move when it took a ko (White B4 takes the black stone at C4 here).
TEST(GoProblem, TheKoPointComesFromKoOrFromTheLastMoveOfAGameRecord) {
  const char* record =
      "(;GM[1]FF[4]SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc]XL[3]XR[proved by ko]"
      ";W[bb]MA[bb];B[cb])";
  const GoProblem p = parse_go_problem_sgf(record, "record.sgf");
  EXPECT_EQ(go_problem_to_text(p),
            ".XO../XO.O./.XO../...../..... turn=B goal=capture target=B4 escape=3 ko=C4 "
            "expect=proved-by-ko");
  EXPECT_EQ(p.ko, 7);
  EXPECT_EQ(parse_go_problem_text(go_problem_to_text(p), "p.txt"), p);
  EXPECT_EQ(parse_go_problem_sgf(go_problem_to_sgf(p), "again.sgf"), p);
  // KO on the marked node says the same; KO[] says there is none.
  const char* setup = "(;GM[1]FF[4]SZ[5]AB[ba][ab][bc]AW[ca][db][cc][bb]XL[3]MA[bb]";
  EXPECT_EQ(parse_go_problem_sgf(std::string(setup) + "KO[cb])", "k.sgf").ko, 7);
  EXPECT_EQ(parse_go_problem_sgf(std::string(setup) + ")", "k.sgf").ko, -1);
  EXPECT_EQ(parse_go_problem_sgf(std::string(setup) + "KO[])", "k.sgf").ko, -1);
  // A move that takes no ko leaves none; White's move makes Black the side to move.
  const GoProblem q = parse_go_problem_sgf(
      "(;GM[1]FF[4]SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[ee]MA[cc])", "r.sgf");
  EXPECT_EQ(q.ko, -1);
  EXPECT_EQ(q.to_move, 0);
  // Broken records say which move.
  EXPECT_NE(
      error_of("(;SZ[5]AB[aa]AW[cc];W[aa]MA[cc])").find("move 1 (W[aa]): the point is occupied"),
      std::string::npos);
  EXPECT_NE(error_of("(;SZ[5]AB[ba][ab]AW[cc]KO[cc]MA[cc])").find("the ko point C3 holds a stone"),
            std::string::npos);
}

// A game record: the problem at the root, named after it and the game, a node a move; a collection
// of them reads back tree by tree, passes as B[] or B[tt].
TEST(GoProblem, GameRecordsAreSgfCollections) {
  const GoProblem p = parse_go_problem_sgf(kLadderSgf, "ladder.sgf");
  const std::vector<int> moves = {parse_go_point(7, "D5", "m"), -1, parse_go_point(7, "E4", "m")};
  const std::string one = go_game_to_sgf(p, moves, {{"GN", "game 2"}, {"PB", "ab"}, {"RE", "B+"}});
  EXPECT_NE(one.find("GN[ladder, game 2]"), std::string::npos) << one;
  EXPECT_EQ(one.find("GN[ladder]"), std::string::npos) << one;
  EXPECT_NE(one.find("PB[ab]"), std::string::npos) << one;
  EXPECT_NE(one.find(";B[dc];W[];B[ed])"), std::string::npos) << one;
  // Its root is the problem (named after the game).
  GoProblem named = p;
  named.name = "ladder, game 2";
  EXPECT_EQ(parse_go_problem_sgf(one, "one.sgf"), named);
  const auto games = parse_go_games_sgf(one + "\n" + go_game_to_sgf(p, {}, {}), "c.sgf");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].start, named);
  EXPECT_EQ(games[0].moves, moves);
  EXPECT_EQ(games[0].result, "B+");
  EXPECT_EQ(games[1].start, p);
  EXPECT_TRUE(games[1].moves.empty());
  EXPECT_EQ(parse_go_games_sgf("(;SZ[7]AB[cd]AW[dd]MA[dd];B[tt];W[ee])", "t.sgf")[0].moves,
            (std::vector<int>{-1, 4 * 7 + 4}));
  try {
    (void)parse_go_games_sgf(one + "(;SZ[7]AB[cd]AW[dd])", "c.sgf");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("c.sgf, game tree 2: property MA: missing"),
              std::string::npos)
        << e.what();
  }
}

TEST(GoProblem, BrokenSgfNamesTheFileAndTheProperty) {
  struct Case {
    std::string sgf;
    std::string fragment;
  };
  const std::vector<Case> cases = {
      {"", "p.sgf: not an SGF file"},
      {"GM[1]", "p.sgf: not an SGF file"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]", "p.sgf: SGF: missing ')'"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd", "p.sgf: property MA: value not closed"},
      {"(;SZ[25]AB[cd]AW[dd]MA[dd])", "p.sgf: property SZ: expected a square board size 5..19"},
      {"(;SZ[7:9]AB[cd]AW[dd]MA[dd])", "p.sgf: property SZ"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]XE[7-4])", "p.sgf: property XE: '7-4' is not PLY:LIBERTIES"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]XE[7:3][5:2])", "p.sgf: escape steps 7:3,5:2"},
      {"(;GM[2]SZ[7]AB[cd]AW[dd]MA[dd])", "p.sgf: property GM"},
      {"(;SZ[7]AB[cd][zz]AW[dd]MA[dd])", "p.sgf: property AB: 'zz' is off the 7x7 board"},
      {"(;SZ[7]AB[cd][c]AW[dd]MA[dd])", "p.sgf: property AB: 'c' is not a point"},
      {"(;SZ[7]AB[cd]AW[cd]MA[cd])", "p.sgf: property AW: point cd already holds a stone"},
      {"(;SZ[7]AB[cd]AW[dd])", "p.sgf: property MA: missing"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]TR[dd])", "p.sgf: property TR"},
      {"(;SZ[7]AB[cd]AW[dd]MA[ee])", "p.sgf: property MA: the target point ee holds no stone"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]PL[X])", "p.sgf: property PL"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]XL[1])", "p.sgf: property XL"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]XP[0])", "p.sgf: property XP"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]XR[maybe])", "p.sgf: property XR"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]GO[win])", "p.sgf: property GO"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]GO[escape])", "p.sgf: the goal 'escape' does not fit"},
      {"(;SZ[7]AB[cd]AB[ce]AW[dd]MA[dd])", "p.sgf: property AB given twice"},
      {"(;SZ[7]AB[cd]AW[dd]MA[dd]C[x]]", "p.sgf: SGF: expected a property name, got ']'"},
      {"(;SZ 7)", "p.sgf: property SZ: expected a value in [brackets]"},
      {"(;SZ[7]AB[ba][ab]AW[aa]MA[aa])", "p.sgf: the white block at A7 has no liberty"},
      {"(;SZ[5]AW[cc]AB[bc]MA[cc]XL[3])", "p.sgf: the target already has 3 liberties"},
  };
  for (const auto& c : cases) {
    const std::string e = error_of(c.sgf);
    EXPECT_NE(e.find(c.fragment), std::string::npos) << c.sgf << "\n  gave: " << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << "one line: " << e;
  }
}

TEST(GoProblem, BrokenTextFormSaysWhatIsWrong) {
  struct Case {
    std::string text;
    std::string fragment;
  };
  const std::vector<Case> cases = {
      {"turn=B target=A1", "no board"},
      {"...../..... turn=B target=A1", "the board must be square"},
      {"..../..../..../.... turn=B target=A1", "board size must be 5..19"},
      {"...../..X../.XO../..X../..... turn=B", "no target"},
      {"...../..X../.XO../..X../..... turn=B target=C3 colour=red", "unknown setting 'colour'"},
      {"...../..X../.XO../..X../..... turn=B target=C3 turn=W", "given twice"},
      {"...../..X../.XO../..X../..... turn=Q target=C3", "turn must be B or W"},
      {"...../..X../.XO../..X../..... turn=B target=Z3", "'Z3' is not a point"},
      {"...../..X../.XO../..X../..... turn=B target=A1", "holds no stone"},
      {"...../..X../.XO../..X../..... turn=B target=C3 goal=escape", "does not fit"},
      {"...../..X../.XO../..X../..... turn=B target=C3 escape=99", "escape must be"},
      {"...../..X../.XO../..X../..... turn=B target=C3 expect=yes", "expect must be"},
      {"...../..X../.XO../..X../..... turn=B target=C3 escape_after=7", "is not PLY:LIBERTIES"},
      {"...../..X../.XO../..X../..... turn=B target=C3 escape_after=7:4,", "'' is not PLY"},
      {"...../..X../.XO../..X../..... turn=B target=C3 escape_after=,7:4", "'' is not PLY"},
      {"...../..X../.XO../..X../..... turn=B target=C3 escape_after=7:4,5:3", "escape steps"},
      {"...../..X../.XO../..X../..... turn=B target=C3 escape_after=7:5", "escape steps"},
      {"...../..X../.XO../..X../..... turn=B target=C3 escape_after=7:1", "escape steps"},
      {"...../..X../.X?../..X../..... turn=B target=C3", "neither a board row"},
      {"...../..X../.XO../..X../..... turn=B target=C3,C4", "are not in one block"},
  };
  for (const auto& c : cases) {
    const std::string e = text_error_of(c.text);
    EXPECT_NE(e.find("p.txt: "), std::string::npos) << e;
    EXPECT_NE(e.find(c.fragment), std::string::npos) << c.text << "\n  gave: " << e;
  }
}

TEST(GoProblem, LoadsFilesByExtensionAndNamesThemInErrors) {
  const auto dir =
      std::filesystem::temp_directory_path() /
      ("gts_go_problem_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::filesystem::create_directories(dir);
  const std::string sgf = (dir / "corner-ladder.sgf").string();
  const std::string txt = (dir / "corner-ladder.txt").string();
  const std::string bad = (dir / "broken.sgf").string();
  std::ofstream(sgf) << "(;SZ[7]AB[cd][de][ee]AW[dd]MA[dd])";
  std::ofstream(txt) << ".......\n.......\n.......\n..XO...\n...XX..\n.......\n.......\n"
                        "turn=B target=D4\n";
  std::ofstream(bad) << "(;SZ[7]AB[cd][de][ee]AW[dd])";
  const GoProblem a = load_go_problem(sgf);
  const GoProblem b = load_go_problem(txt);
  EXPECT_EQ(a.name, "corner-ladder");  // the file's stem when GN is missing
  EXPECT_EQ(a, b);
  try {
    (void)load_go_problem(bad);
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()),
              bad + ": property MA: missing; mark the target block with MA or TR");
  }
  EXPECT_THROW((void)load_go_problem((dir / "missing.sgf").string()), ParseError);
  std::filesystem::remove_all(dir);
}

// Every shipped problem loads, carries its known answer, and survives both round-trips.
TEST(GoProblem, ShippedProblemsLoadAndRoundTrip) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator("problems/go-capture")) {
    if (e.path().extension() == ".sgf") files.push_back(e.path());
  }
  ASSERT_GE(files.size(), 40u);
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    const GoProblem p = load_go_problem(f.string());
    EXPECT_EQ(p.name, f.stem().string());
    EXPECT_FALSE(p.expected.empty());
    EXPECT_FALSE(p.comment.empty());
    EXPECT_EQ(parse_go_problem_sgf(go_problem_to_sgf(p), "again"), p);
    GoProblem no_comment = p;
    no_comment.comment.clear();
    EXPECT_EQ(parse_go_problem_text(go_problem_to_text(p), "again"), no_comment);
  }
}

}  // namespace
}  // namespace gts
