// `harness play`: whole games through a pipe, the prompt's commands (undo, hint, tree, quit), bad
// input answered with the legal moves, engine against itself with and without random ties, and the
// move tree's values checked against the searches they come from.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "harness/play/play_session.h"
#include "harness/registry.h"
#include "tests/process.h"

namespace gts {
namespace {

using testing::run_harness;

struct Transcript {
  int exit_code = -1;
  std::string out;
};

// Runs a session in-process with `input` as the keyboard.
Transcript play(const GameHandle& game, PlayOptions options, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  PlaySession session(game, std::move(options), in, out);
  Transcript t;
  t.exit_code = session.run();
  t.out = out.str();
  return t;
}

PlayOptions options_for(const GameHandle& game, const std::string& algorithm, int depth,
                        HumanSides human, std::map<std::string, std::string> algo_options = {}) {
  PlayOptions o;
  o.algorithm = play_algorithm_spec(algorithm, std::move(algo_options));
  o.eval = parse_eval_spec(game.info().default_evaluation);
  o.depth = depth;
  o.human = human;
  o.seed = 7;
  o.echo_input = true;  // as from a pipe: each command on the prompt's line, output below it
  return o;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

// The engine's moves in order ("South (engine) plays 3" -> "South 3"), without the timings.
std::vector<std::string> engine_moves(const std::string& out) {
  std::vector<std::string> moves;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    const auto at = line.find(" (engine) plays ");
    if (at == std::string::npos) continue;
    std::istringstream rest(line.substr(at + 16));
    std::string move;
    rest >> move;
    moves.push_back(line.substr(0, at) + " " + move);
  }
  return moves;
}

std::string last_line_starting(const std::string& out, const std::string& prefix) {
  std::istringstream in(out);
  std::string found;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(prefix, 0) == 0) found = line;
  }
  return found;
}

TEST(Play, DefaultsToRandomTiesOnlyWhereTheAlgorithmHasThem) {
  EXPECT_EQ(play_algorithm_spec("alphabeta", {}).options.get("random_ties"), "on");
  EXPECT_EQ(play_algorithm_spec("ab", {{"random_ties", "off"}}).options.get("random_ties"), "off");
  EXPECT_EQ(play_algorithm_spec("minimax", {}).name, "minimax");
  EXPECT_EQ(play_algorithm_spec("sss*", {}).options.values().size(), 0u);
  EXPECT_THROW(parse_human_sides("everyone"), ParamError);
  EXPECT_EQ(parse_human_sides("none"), HumanSides::kNone);
}

// Two humans: a whole game typed in advance, checked against the game's own rules.
TEST(Play, TwoHumansPlayAWholeKalahGame) {
  auto game = make_game("kalah", {{"seeds", "3"}});
  std::string input;
  std::string pos = game->initial_position();
  std::uint64_t r = 12345;
  while (!game->is_terminal(pos)) {
    const auto moves = game->legal_moves(pos);
    r = mix_seed(r, 1);
    const std::string& m = moves[r % moves.size()];
    input += m + "\n";
    pos = game->play_move(pos, m);
  }
  const Transcript t = play(*game, options_for(*game, "alphabeta", 2, HumanSides::kBoth), input);
  EXPECT_EQ(t.exit_code, 0);
  EXPECT_EQ(count(t.out, "(engine) plays"), 0u);
  // The final board is the one the rules give, and the result line agrees with it.
  EXPECT_NE(t.out.find(game->draw(pos)), std::string::npos);
  const std::string result = last_line_starting(t.out, "Result: ");
  ASSERT_FALSE(result.empty()) << t.out;
  const std::string board = game->draw(pos);
  if (board.find("(South wins)") != std::string::npos) {
    EXPECT_NE(result.find("South wins by"), std::string::npos) << result;
  } else if (board.find("(North wins)") != std::string::npos) {
    EXPECT_NE(result.find("North wins by"), std::string::npos) << result;
  } else {
    EXPECT_NE(result.find("draw"), std::string::npos) << result;
  }
}

TEST(Play, HumanAgainstEngineThroughAPipe) {
  // Whatever the engine plays, cycling through every house number is a complete script: illegal
  // numbers are answered with the legal moves and the game goes on until it ends.
  std::string script;
  for (int i = 0; i < 200; ++i) script += std::to_string(i % 6 + 1) + "\n";
  auto r = run_harness({"play", "--game", "kalah", "--param", "seeds=3", "--depth", "3", "--seed",
                        "11", "--human", "second"},
                       script);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("South (moves first): engine; North: you"), std::string::npos);
  EXPECT_NE(r.out.find("South's houses"), std::string::npos);
  EXPECT_NE(r.out.find("North's houses"), std::string::npos);
  EXPECT_NE(r.out.find("Your move (North). Legal moves: "), std::string::npos);
  EXPECT_GT(count(r.out, "South (engine) plays"), 3u);
  EXPECT_NE(r.out.find("nodes "), std::string::npos);
  EXPECT_NE(r.out.find(" pv "), std::string::npos);
  EXPECT_NE(r.out.find(" ms"), std::string::npos);
  EXPECT_NE(r.out.find("Game over: "), std::string::npos);
  const std::string result = last_line_starting(r.out, "Result: ");
  EXPECT_NE(result.find("wins by"), std::string::npos) << r.out;
  // Input from a pipe is echoed after the prompt, so the transcript reads like a session.
  EXPECT_NE(r.out.find("> 1\n"), std::string::npos);
}

TEST(Play, EngineAgainstItselfIsRepeatableAndVariesWithTheSeed) {
  auto game = make_game("kalah", {{"seeds", "3"}});
  std::set<std::vector<std::string>> games_on, games_off;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    PlayOptions on = options_for(*game, "alphabeta", 2, HumanSides::kNone);
    on.seed = seed;
    const Transcript a = play(*game, on, "");
    const Transcript b = play(*game, on, "");
    EXPECT_EQ(a.exit_code, 0);
    EXPECT_FALSE(last_line_starting(a.out, "Result: ").empty()) << a.out;
    EXPECT_EQ(engine_moves(a.out), engine_moves(b.out)) << "same seed, same game";
    games_on.insert(engine_moves(a.out));
    PlayOptions off =
        options_for(*game, "alphabeta", 2, HumanSides::kNone, {{"random_ties", "off"}});
    off.seed = seed;
    games_off.insert(engine_moves(play(*game, off, "").out));
  }
  EXPECT_GT(games_on.size(), 1u) << "random ties should vary the games";
  EXPECT_EQ(games_off.size(), 1u) << "without random ties the seed must not matter";
}

TEST(Play, EngineAgainstItselfForEveryGameWithABoard) {
  for (const auto& [name, params, depth] :
       std::vector<std::tuple<std::string, std::map<std::string, std::string>, std::string>>{
           {"kalah", {}, "3"}, {"tictactoe", {}, "max"}, {"go-capture", {}, "2"}}) {
    auto r = run_harness({"play", "--game", name, "--human", "none", "--depth", depth, "--seed",
                          "5"});
    EXPECT_EQ(r.exit_code, 0) << name << "\n" << r.err;
    EXPECT_NE(r.out.find("(engine) plays"), std::string::npos) << name;
    EXPECT_FALSE(last_line_starting(r.out, "Result: ").empty()) << name << "\n" << r.out;
  }
  // Perfect play draws tic-tac-toe.
  auto r = run_harness({"play", "--game", "tictactoe", "--human", "none", "--depth", "max",
                        "--seed", "3"});
  EXPECT_NE(r.out.find("Result: draw (1/2-1/2)"), std::string::npos) << r.out;
}

TEST(Play, UndoTakesBackTheHumansMoveAndTheEnginesReplies) {
  auto game = make_game("kalah", {});
  // House 1 from the start ends outside the store: the engine replies; undo takes both back.
  const Transcript t =
      play(*game, options_for(*game, "alphabeta", 3, HumanSides::kFirst), "1\nundo\nundo\nquit\n");
  EXPECT_EQ(t.exit_code, 0);
  const auto undone = t.out.find("undone: 1 ");
  ASSERT_NE(undone, std::string::npos) << t.out;
  // The board after the undo is the start position again.
  EXPECT_NE(t.out.find(game->draw(game->initial_position()), undone), std::string::npos);
  EXPECT_NE(t.out.find("nothing to undo"), std::string::npos);
  EXPECT_NE(t.out.find("Result: unfinished after 0 plies"), std::string::npos) << t.out;

  // House 3 from the start ends in South's store: South moves again, and undo takes back one ply.
  const Transcript again =
      play(*game, options_for(*game, "alphabeta", 3, HumanSides::kFirst), "3\nundo\nquit\n");
  EXPECT_NE(again.out.find("undone: 3\n"), std::string::npos) << again.out;
  EXPECT_EQ(count(again.out, "(engine) plays"), 0u);
}

TEST(Play, HintAndQuit) {
  auto game = make_game("tictactoe", {});
  const Transcript t =
      play(*game, options_for(*game, "minimax", 9, HumanSides::kFirst), "hint\nquit\nb2\n");
  EXPECT_EQ(t.exit_code, 0);
  const std::string hint = last_line_starting(t.out, "hint: ");
  ASSERT_FALSE(hint.empty()) << t.out;
  EXPECT_NE(hint.find("value +0"), std::string::npos) << hint;  // tic-tac-toe is a draw
  EXPECT_NE(t.out.find("Result: unfinished after 0 plies"), std::string::npos);
  EXPECT_EQ(t.out.find("X (engine)"), std::string::npos);
}

TEST(Play, BadInputIsAnsweredWithTheLegalMoves) {
  auto game = make_game("kalah", {});
  const std::vector<std::string> bad = {"7",     "0",         "-1",   "99999999999999999999",
                                        "abc",   "1 2",       "1.5",  std::string(5000, 'x'),
                                        "\x01\x7f", "north 1", "UNDOx"};
  std::string input;
  for (const auto& b : bad) input += b + "\n";
  input += "tree 9\ntree x\nhelp\n\n   \n";  // not moves either: answered, not fatal
  const Transcript t = play(*game, options_for(*game, "alphabeta", 2, HumanSides::kFirst), input);
  EXPECT_EQ(t.exit_code, 0);
  EXPECT_EQ(count(t.out, "is not a legal move here. Legal moves: 1 2 3 4 5 6"), bad.size()) << t.out;
  EXPECT_EQ(count(t.out, "tree: expected a number of levels 1..3"), 2u);
  EXPECT_NE(t.out.find("commands: a move"), std::string::npos);
  // The end of input ends the session cleanly.
  EXPECT_NE(t.out.find("end of input"), std::string::npos);
  EXPECT_NE(t.out.find("Result: unfinished after 0 plies"), std::string::npos);
}

TEST(Play, BadOptionsAreOneLineAndExitCodeTwo) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"play", "--game", "kalah", "--human", "third"}, "--human"},
      {{"play", "--game", "kalah", "--depth", "0"}, "--depth"},
      {{"play", "--game", "kalah", "--depth", "deep"}, "--depth"},
      {{"play", "--game", "kalah", "--seed", "-3"}, "--seed"},
      {{"play", "--game", "kalah", "--algorithm", "minimax", "--option", "random_ties=off"},
       "random_ties"},
      {{"play", "--game", "kalah", "--position", "1,2,3:S"}, "--position"},
      {{"play", "--game", "chess"}, "unknown game"},
  };
  for (const auto& [args, fragment] : cases) {
    auto r = run_harness(args, "quit\n");
    EXPECT_EQ(r.exit_code, 2) << args.back() << "\n" << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// The move tree is computed by searching each child one ply shorter: the best child's value must be
// the value of the search at the root, for every algorithm, and each child's value must be the
// negated (or, after an extra Kalah move, the same) value of a search of that child.
TEST(Play, MoveTreeValuesAgreeWithTheSearch) {
  auto game = make_game("kalah", {{"seeds", "3"}});
  std::string pos = game->initial_position();
  for (const char* m : {"2", "5", "1"}) pos = game->play_move(pos, m);
  const EvalSpec eval = parse_eval_spec("store-diff");
  for (const char* algo : {"minimax", "alphabeta", "sss*"}) {
    auto searcher = game->make_searcher(make_algorithm_spec(algo, {}), eval);
    for (int depth : {1, 3, 4}) {
      SearchLimits limits;
      limits.depth = depth;
      const SearchResult root = searcher->search(game->position(pos), limits, 0);
      for (int levels : {1, 2}) {
        const TreeNode tree = compute_move_tree(*game, *searcher, pos, depth, levels);
        EXPECT_EQ(tree.value, root.value) << algo << " depth " << depth << " levels " << levels;
        EXPECT_EQ(tree.children.size(), game->legal_moves(pos).size());
      }
      const TreeNode tree = compute_move_tree(*game, *searcher, pos, depth, 1);
      for (const auto& child : tree.children) {
        SearchLimits shorter;
        shorter.depth = depth - 1;
        const Value v = searcher->search(game->position(child.position), shorter, 0).value;
        const bool same_mover = game->to_move(child.position) == game->to_move(pos);
        EXPECT_EQ(child.value, same_mover ? v : -v) << algo << " " << child.move;
      }
    }
  }
}

TEST(Play, TreeCommandPrintsTheLastSearchsTree) {
  auto game = make_game("kalah", {});
  const Transcript t = play(*game, options_for(*game, "alphabeta", 4, HumanSides::kFirst),
                            "tree\nhint\ntree\ntree 2\nquit\n");
  EXPECT_EQ(t.exit_code, 0);
  // Before any search, the tree of the current position; then the tree of the hint's search.
  EXPECT_NE(t.out.find("tree: no search yet"), std::string::npos);
  const auto at = t.out.find("move tree at 4,4,4,4,4,4,0,4,4,4,4,4,4,0:S", t.out.find("hint: "));
  ASSERT_NE(at, std::string::npos) << t.out;
  const std::string engine = last_line_starting(t.out, "the engine's search at this position: ");
  ASSERT_FALSE(engine.empty());
  // "value +V, best move M" or "value +V, equally good moves ..." matches the engine's value.
  const auto value_at = t.out.find("\nvalue ", at);
  ASSERT_NE(value_at, std::string::npos);
  const std::string tree_value = t.out.substr(value_at + 7, t.out.find(',', value_at) - value_at - 7);
  EXPECT_NE(engine.find("value " + tree_value + ","), std::string::npos) << engine << " vs " << tree_value;
  // One line per legal move at the first level, marked best where it is.
  EXPECT_GE(count(t.out, "* "), 2u);
  EXPECT_NE(t.out.find("(South moves again)"), std::string::npos);

  // The random player does not search: the tree says so instead of inventing one.
  auto r = run_harness({"play", "--game", "kalah", "--algorithm", "random", "--seed", "1"},
                       "tree\nhint\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("does not search"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace gts
