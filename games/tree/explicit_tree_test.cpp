#include "games/tree/explicit_tree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "algorithms/perft.h"
#include "algorithms/search.h"

namespace gts {
namespace {

static_assert(Game<ExplicitTree>);
static_assert(Evaluator<TreeEval, ExplicitTree>);

// Plain negamax over the whole tree: the reference every algorithm is checked against.
Value negamax(const ExplicitTree& g, const ExplicitTree::State& s) {
  if (g.is_terminal(s)) return g.terminal_value(s);
  MovesOf<ExplicitTree> moves;
  g.legal_moves(s, moves);
  Value best = -kInfinity;
  for (Move m : moves) {
    ExplicitTree::State c = s;
    g.play(c, m);
    best = std::max(best, -negamax(g, c));
  }
  return best;
}

// Minimax from MAX's point of view, written the textbook way (max and min levels).
Value minimax(const ExplicitTree& g, const ExplicitTree::State& s) {
  if (g.is_terminal(s)) return g.written_value(s);
  MovesOf<ExplicitTree> moves;
  g.legal_moves(s, moves);
  bool max_node = g.to_move(s) == 0;
  Value best = max_node ? -kInfinity : kInfinity;
  for (Move m : moves) {
    ExplicitTree::State c = s;
    g.play(c, m);
    Value v = minimax(g, c);
    best = max_node ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

void collect(const ExplicitTree& g, const ExplicitTree::State& s,
             std::vector<ExplicitTree::State>& out) {
  out.push_back(s);
  if (g.is_terminal(s)) return;
  MovesOf<ExplicitTree> moves;
  g.legal_moves(s, moves);
  for (Move m : moves) {
    ExplicitTree::State c = s;
    g.play(c, m);
    collect(g, c, out);
  }
}

std::string error_of(std::string_view text) {
  try {
    ExplicitTree g(text);
  } catch (const ParamError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ExplicitTree, DefaultIsTheTextbookTree) {
  ExplicitTree g;
  EXPECT_EQ(g.to_text(), "[[3,12,8],[2,4,6],[14,5,2]]");
  ExplicitTree from_params(resolve_params(ExplicitTree::param_specs(), {}, "game tree"));
  EXPECT_EQ(from_params.to_text(), "[[3,12,8],[2,4,6],[14,5,2]]");
  EXPECT_EQ(g.num_nodes(), 13u);
}

TEST(ExplicitTree, TextbookMinimaxIsThree) {
  ExplicitTree g;
  EXPECT_EQ(minimax(g, g.initial_state()), 3);
  EXPECT_EQ(negamax(g, g.initial_state()), 3);
  // The MIN nodes' values are 3, 2 and 2.
  EXPECT_EQ(negamax(g, g.parse("1")), -3);
  EXPECT_EQ(negamax(g, g.parse("2")), -2);
  EXPECT_EQ(negamax(g, g.parse("3")), -2);
}

TEST(ExplicitTree, PerftPerPly) {
  ExplicitTree g;
  EXPECT_EQ(perft(g, g.initial_state(), 2), (std::vector<std::uint64_t>{1, 3, 9}));
  // Beyond the leaves nothing more is counted.
  EXPECT_EQ(perft(g, g.initial_state(), 4), (std::vector<std::uint64_t>{1, 3, 9, 0, 0}));
  ExplicitTree irregular("[[3,[1,2]],5,[[[7]]]]");
  EXPECT_EQ(perft(irregular, irregular.initial_state(), 4),
            (std::vector<std::uint64_t>{1, 3, 3, 3, 1}));
}

TEST(ExplicitTree, TerminalValuesAreFromTheSideToMove) {
  ExplicitTree g("[[3,-4],7]");
  ExplicitTree::State s = g.parse("1.2");  // depth 2: MAX to move, value as written
  EXPECT_TRUE(g.is_terminal(s));
  EXPECT_EQ(g.to_move(s), 0);
  EXPECT_EQ(g.terminal_value(s), -4);
  ExplicitTree::State t = g.parse("2");  // depth 1: MIN to move, negated
  EXPECT_TRUE(g.is_terminal(t));
  EXPECT_EQ(g.to_move(t), 1);
  EXPECT_EQ(g.terminal_value(t), -7);
  EXPECT_FALSE(g.is_terminal(g.parse("1")));
  EXPECT_FALSE(g.is_terminal(g.initial_state()));
  // MAX at the root picks 7 over min(3, -4).
  EXPECT_EQ(negamax(g, g.initial_state()), 7);
  EXPECT_EQ(minimax(g, g.initial_state()), 7);
}

TEST(ExplicitTree, IrregularTreeMinimax) {
  // MAX: max(MIN(3, MAX(1, 2)) = 2, 5, MIN(MAX(MIN(7)))=7, MIN(-1, -9) = -9) = 7
  ExplicitTree g("[[3,[1,2]],5,[[[7]]],[-1,-9]]");
  EXPECT_EQ(minimax(g, g.initial_state()), 7);
  EXPECT_EQ(negamax(g, g.initial_state()), 7);
  EXPECT_EQ(minimax(g, g.parse("1")), 2);
  EXPECT_EQ(minimax(g, g.parse("4")), -9);
}

TEST(ExplicitTree, SingleLeafTree) {
  ExplicitTree g("-42");
  EXPECT_TRUE(g.is_terminal(g.initial_state()));
  EXPECT_EQ(g.terminal_value(g.initial_state()), -42);
  EXPECT_EQ(g.to_string(g.initial_state()), "root");
  EXPECT_EQ(g.to_text(), "-42");
}

TEST(ExplicitTree, PrintParseRoundTrip) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[[3,12,8],[2,4,6],[14,5,2]]", "[[3,12,8],[2,4,6],[14,5,2]]"},
      {" [ [3 , 12,8],\n\t[2,4,6] , [14,5,2] ] ", "[[3,12,8],[2,4,6],[14,5,2]]"},
      {"[[3,[1,2]],5]", "[[3,[1,2]],5]"},
      {"[-1,[-100000000,100000000],[[0]]]", "[-1,[-100000000,100000000],[[0]]]"},
      {"[-0, 007]", "[0,7]"},
      {"[[[[[1]]]]]", "[[[[[1]]]]]"},
      {"[1,[2,[3,[4,[5,6]]]],7]", "[1,[2,[3,[4,[5,6]]]],7]"},
  };
  for (const auto& [text, canonical] : cases) {
    ExplicitTree g(text);
    EXPECT_EQ(g.to_text(), canonical) << text;
    ExplicitTree again(g.to_text());
    EXPECT_EQ(again.to_text(), canonical) << text;
    EXPECT_EQ(again.num_nodes(), g.num_nodes()) << text;
  }
}

TEST(ExplicitTree, LimitsAreAccepted) {
  // 64 children and depth 64 are legal (leaves of magnitude 1e8: see PrintParseRoundTrip).
  std::string wide = "[";
  for (int i = 0; i < 64; ++i) {
    if (i) wide += ',';
    wide += std::to_string(i - 30);
  }
  wide += "]";
  ExplicitTree w(wide);
  EXPECT_EQ(w.num_nodes(), 65u);
  EXPECT_EQ(minimax(w, w.initial_state()), 33);

  std::string deep = std::string(64, '[') + "9" + std::string(64, ']');
  ExplicitTree d(deep);
  EXPECT_EQ(d.num_nodes(), 65u);
  std::vector<std::uint64_t> per_ply = perft(d, d.initial_state(), 64);
  EXPECT_EQ(per_ply[64], 1u);
  ExplicitTree::State leaf = d.initial_state();
  for (int i = 0; i < 64; ++i) d.play(leaf, 0);
  EXPECT_TRUE(d.is_terminal(leaf));
  EXPECT_EQ(d.terminal_value(leaf), 9);  // depth 64 is even: MAX to move
}

TEST(ExplicitTree, MalformedTextIsRejectedWithTheColumn) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "tree: expected '[' or an integer at column 1, found end of text"},
      {"   ", "tree: expected '[' or an integer at column 4, found end of text"},
      {"[", "tree: expected '[' or an integer at column 2, found end of text"},
      {"[]", "tree: expected '[' or an integer (a list may not be empty) at column 2, found ']'"},
      {"[1,,2]", "tree: expected '[' or an integer at column 4, found ','"},
      {"[1 2]", "tree: expected ',' or ']' at column 4, found '2'"},
      {"[1]]", "tree: expected end of text at column 4, found ']'"},
      {"[a]", "tree: expected '[' or an integer at column 2, found 'a'"},
      {"[[1],", "tree: expected '[' or an integer at column 6, found end of text"},
      {"[1,2", "tree: expected ',' or ']' at column 5, found end of text"},
      {"[1,2,]", "tree: expected '[' or an integer at column 6, found ']'"},
      {"[-]", "tree: expected a digit at column 3, found ']'"},
      {"[- 1]", "tree: expected a digit at column 3, found ' '"},
      {"[+1]", "tree: expected '[' or an integer at column 2, found '+'"},
      {"[1.5]", "tree: expected ',' or ']' at column 3, found '.'"},
      {"[1;2]", "tree: expected ',' or ']' at column 3, found ';'"},
      {"(1,2)", "tree: expected '[' or an integer at column 1, found '('"},
      {"[1],[2]", "tree: expected end of text at column 4, found ','"},
      {"[1\x01]", "tree: expected ',' or ']' at column 3, found byte 0x01"},
      {"[100000001]", "tree: integer out of range -100000000..100000000 at column 2, found '1'"},
      {"[5,-99999999999999999999999999]",
       "tree: integer out of range -100000000..100000000 at column 4, found '-'"},
      {"[[3,12,8],[2,4,6] [14,5,2]]", "tree: expected ',' or ']' at column 19, found '['"},
  };
  for (const auto& [text, message] : cases) {
    EXPECT_EQ(error_of(text), message) << "input: " << text;
  }
}

TEST(ExplicitTree, SizeLimitsAreRejected) {
  std::string wide = "[";
  for (int i = 0; i < 65; ++i) {
    if (i) wide += ',';
    wide += std::to_string(i);
  }
  wide += "]";
  // The 65th child starts at column 1 + 10 * 2 + 54 * 3 + 1 = 184.
  EXPECT_EQ(error_of(wide), "tree: more than 64 children in one list at column 184, found '6'");

  std::string deep = std::string(65, '[') + "9" + std::string(65, ']');
  EXPECT_EQ(error_of(deep), "tree: nesting deeper than 64 levels at column 65, found '['");

  // A root with 38 children of 64 * 64 * 64 leaves: 38 * 266305 + 1 nodes, more than 10^7.
  std::string list1 = "[";
  for (int i = 0; i < 64; ++i) list1 += i ? ",0" : "0";
  list1 += "]";
  std::string list2 = "[";
  for (int i = 0; i < 64; ++i) {
    if (i) list2 += ',';
    list2 += list1;
  }
  list2 += "]";
  std::string list3 = "[";
  for (int i = 0; i < 64; ++i) {
    if (i) list3 += ',';
    list3 += list2;
  }
  list3 += "]";
  std::string big = "[";
  for (int i = 0; i < 38; ++i) {
    if (i) big += ',';
    big += list3;
  }
  big += "]";
  std::string message = error_of(big);
  EXPECT_NE(message.find("tree: more than 10000000 nodes at column "), std::string::npos)
      << message;
}

TEST(ExplicitTree, NotationRoundTrip) {
  ExplicitTree g("[[3,[1,2]],5,[[[7]]],[-1,-9]]");
  std::vector<ExplicitTree::State> all;
  collect(g, g.initial_state(), all);
  EXPECT_EQ(all.size(), g.num_nodes());
  for (const auto& s : all) {
    EXPECT_EQ(g.parse(g.to_string(s)), s) << g.to_string(s);
  }
  EXPECT_EQ(g.to_string(g.initial_state()), "root");
  ExplicitTree::State s = g.parse("1.2.2");
  EXPECT_EQ(s.depth, 3);
  EXPECT_EQ(g.written_value(s), 2);
  EXPECT_EQ(g.to_string(s), "1.2.2");
  EXPECT_EQ(g.parse(" 3.1.1.1 "), g.parse("3.1.1.1"));
  EXPECT_EQ(g.written_value(g.parse("3.1.1.1")), 7);
}

TEST(ExplicitTree, BadPositionsAreRejected) {
  ExplicitTree g("[[3,[1,2]],5]");
  for (std::string_view bad : {"", "0", "3", "1.3", "2.1", "1..2", "1.", ".1", "a", "-1", "+1",
                               "root.1", "1,2", "Root", "1.2.1.1"}) {
    EXPECT_THROW((void)g.parse(bad), ParseError) << bad;
  }
  try {
    (void)g.parse("1.3");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()), "tree position '1.3': expected a child number 1..2, got '3'");
  }
  try {
    (void)g.parse("2.1");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()), "tree position '2.1': 2 is a leaf, the path cannot go deeper");
  }
}

TEST(ExplicitTree, Moves) {
  ExplicitTree g("[[3,[1,2]],5,[[[7]]]]");
  ExplicitTree::State root = g.initial_state();
  MovesOf<ExplicitTree> moves;
  g.legal_moves(root, moves);
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0], 0);
  EXPECT_EQ(moves[2], 2);
  EXPECT_EQ(g.move_to_string(root, 1), "2");
  EXPECT_EQ(g.parse_move(root, "3"), 2);
  EXPECT_EQ(g.parse_move(root, "1"), 0);
  for (std::string_view bad : {"0", "4", "", "x", "1.1", "-1"}) {
    EXPECT_THROW((void)g.parse_move(root, bad), ParseError) << bad;
  }
  ExplicitTree::State leaf = g.parse("2");
  EXPECT_THROW((void)g.parse_move(leaf, "1"), ParseError);
  MovesOf<ExplicitTree> none;
  g.legal_moves(leaf, none);
  EXPECT_TRUE(none.empty());
  ExplicitTree::State c = root;
  g.play(c, g.parse_move(root, "1"));
  EXPECT_EQ(c, g.parse("1"));
  EXPECT_EQ(g.to_move(c), 1);
}

TEST(ExplicitTree, HashDistinguishesNodes) {
  ExplicitTree g("[[3,[1,2]],5,[[[7]]],[-1,-9]]");
  std::vector<ExplicitTree::State> all;
  collect(g, g.initial_state(), all);
  std::vector<std::uint64_t> hashes;
  for (const auto& s : all) hashes.push_back(g.hash(s));
  std::sort(hashes.begin(), hashes.end());
  EXPECT_EQ(std::adjacent_find(hashes.begin(), hashes.end()), hashes.end());
  EXPECT_EQ(g.hash(g.parse("1.2")),
            ExplicitTree("[[3,[1,2]],5,[[[7]]],[-1,-9]]").hash(g.parse("1.2")));
}

TEST(ExplicitTree, Draw) {
  ExplicitTree g("[[3,[1,2]],5]");
  EXPECT_EQ(g.draw(g.initial_state()), "root (MAX to move): [[3,[1,2]],5]");
  EXPECT_EQ(g.draw(g.parse("1")), "1 (MIN to move): [3,[1,2]]");
  EXPECT_EQ(g.draw(g.parse("1.2.1")), "1.2.1 (MIN to move): 1");
}

TEST(ExplicitTree, Evaluation) {
  ExplicitTree g;
  EXPECT_EQ(ExplicitTree::default_evaluation(), "leaf");
  ASSERT_EQ(ExplicitTree::evaluation_kinds().size(), 1u);
  EXPECT_EQ(ExplicitTree::evaluation_kinds()[0].kind, "leaf");
  TreeEval eval(g, EvalSpec{"leaf", {}});
  EXPECT_EQ(eval(g.parse("2")), 0);
  EXPECT_EQ(leaf_value(g, eval, g.parse("2")), 0);    // interior: the evaluation
  EXPECT_EQ(leaf_value(g, eval, g.parse("2.1")), 2);  // leaf: the exact value
  EXPECT_EQ(leaf_value(g, eval, g.parse("3.1")), 14);
  EXPECT_THROW(TreeEval(g, EvalSpec{"material", {}}), ParamError);
  EXPECT_THROW(TreeEval(g, EvalSpec{"leaf", {1.0}}), ParamError);
}

TEST(ExplicitTree, CopiesShareTheTree) {
  ExplicitTree g("[[3,[1,2]],5]");
  ExplicitTree copy = g;
  EXPECT_EQ(copy.to_text(), g.to_text());
  EXPECT_EQ(copy.hash(copy.parse("1.2")), g.hash(g.parse("1.2")));
}

}  // namespace
}  // namespace gts
