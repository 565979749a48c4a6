// `harness tree`: the explored tree of the textbook example under minimax (every node), alpha-beta
// (its two hand-counted cut-offs) and SSS* (the order states leave OPEN, checked by hand); trace
// counts against the searches' own statistics; truncation; DOT structure; bad options.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "harness/registry.h"
#include "harness/trace/search_trace.h"
#include "harness/tree/tree_format.h"
#include "tests/process.h"

namespace gts {
namespace {

using testing::run_harness;

constexpr const char* kTextbook = "[[3,12,8],[2,4,6],[14,5,2]]";

SearchTrace trace_of(const std::string& game_name, const std::map<std::string, std::string>& params,
                     const std::string& algorithm, int depth,
                     const std::map<std::string, std::string>& options = {}) {
  auto game = make_game(game_name, params);
  const AlgorithmSpec algo = make_algorithm_spec(algorithm, options);
  SearchLimits limits;
  limits.depth = depth;
  SearchTrace t = game->trace(game->initial_position(), algo,
                              parse_eval_spec(game->info().default_evaluation), limits, 0);
  derive_bounds(t);
  return t;
}

SearchTrace textbook(const std::string& algorithm,
                     const std::map<std::string, std::string>& options = {}) {
  return trace_of("tree", {{"tree", kTextbook}}, algorithm, 2, options);
}

// The lines after the three header lines.
std::string body(const std::string& text) {
  std::size_t at = 0;
  for (int i = 0; i < 3; ++i) at = text.find('\n', at) + 1;
  return text.substr(at);
}

TEST(TreeText, MinimaxShowsEveryNode) {
  const SearchTrace t = textbook("minimax");
  EXPECT_EQ(format_tree_text(t, 1000),
            "tree(tree=[[3,12,8],[2,4,6],[14,5,2]]) at root: minimax, depth 2, evaluation leaf\n"
            "value 3, best move 1; search: 13 nodes, 9 leaves, 0 cut-offs; trace: 13 visits, 13 "
            "positions made\n"
            "values in MAX's view (MAX: the side to move at the root); [leaf] evaluated, [cut] "
            "not searched, [tt] answered by the table or the game's bounds\n"
            "root  MAX = 3\n"
            "├── 1  MIN = 3\n"
            "│   ├── 1  = 3 [leaf]\n"
            "│   ├── 2  = 12 [leaf]\n"
            "│   └── 3  = 8 [leaf]\n"
            "├── 2  MIN = 2\n"
            "│   ├── 1  = 2 [leaf]\n"
            "│   ├── 2  = 4 [leaf]\n"
            "│   └── 3  = 6 [leaf]\n"
            "└── 3  MIN = 2\n"
            "    ├── 1  = 14 [leaf]\n"
            "    ├── 2  = 5 [leaf]\n"
            "    └── 3  = 2 [leaf]\n");
}

// Knuth and Moore's fail-hard alpha-beta: the second MIN node is refuted by its first leaf
// (2 <= 3), so it is only bounded, and its other two children are never searched.
constexpr const char* kAlphaBetaBody =
    "root  MAX = 3\n"
    "├── 1  MIN = 3\n"
    "│   ├── 1  = 3 [leaf]\n"
    "│   ├── 2  = 12 [leaf]\n"
    "│   └── 3  = 8 [leaf]\n"
    "├── 2  MIN <= 2\n"
    "│   ├── 1  = 2 [leaf]\n"
    "│   ├── 2  [cut]\n"
    "│   └── 3  [cut]\n"
    "└── 3  MIN = 2\n"
    "    ├── 1  = 14 [leaf]\n"
    "    ├── 2  = 5 [leaf]\n"
    "    └── 3  = 2 [leaf]\n";

TEST(TreeText, AlphaBetaShowsTheKnownCutoffs) {
  const SearchTrace t = textbook("alphabeta");
  EXPECT_EQ(t.result.stats.nodes, 11U);
  EXPECT_EQ(body(format_tree_text(t, 1000)), kAlphaBetaBody);
  // Fail-soft returns other values from the cut node, but explores the same tree: the printed
  // bounds come from the explored tree, not from what the algorithm returned.
  EXPECT_EQ(body(format_tree_text(textbook("alphabeta", {{"fail", "soft"}}), 1000)),
            kAlphaBetaBody);
}

// Hand trace of SSS* (OPEN ordered by h, ties to the leftmost): #1 root; #2-#7 the three MIN
// nodes and their first leaves (3, 2, 14); #8-#11 the third node's 5 and 2 (h falls to 5, then
// 2); #12-#16 the first node's 12 and 8 under h = 3; #17 the first MIN node solved, purging the
// other two's solved states; #18 the root solved at 3.
TEST(TreeText, SssStarOpenOrderMatchesTheHandTrace) {
  const SearchTrace t = textbook("sss*");
  EXPECT_EQ(t.pops, 18U);
  EXPECT_EQ(body(format_tree_text(t, 1000)),
            "root  MAX = 3 [open #1 live +inf, #18 solved 3]\n"
            "├── 1  MIN = 3 [open #2 live +inf, #17 solved 3]\n"
            "│   ├── 1  = 3 [leaf] [open #3 live +inf, #12 solved 3]\n"
            "│   ├── 2  = 12 [leaf] [open #13 live 3, #14 solved 3]\n"
            "│   └── 3  = 8 [leaf] [open #15 live 3, #16 solved 3]\n"
            "├── 2  MIN <= 2 [open #4 live +inf]\n"
            "│   ├── 1  = 2 [leaf] [open #5 live +inf]\n"
            "│   ├── 2  [cut]\n"
            "│   └── 3  [cut]\n"
            "└── 3  MIN = 2 [open #6 live +inf]\n"
            "    ├── 1  = 14 [leaf] [open #7 live +inf, #8 solved 14]\n"
            "    ├── 2  = 5 [leaf] [open #9 live 14, #10 solved 5]\n"
            "    └── 3  = 2 [leaf] [open #11 live 5]\n");
}

// A node is every visit (expansion, evaluation or table answer), and the trace's count is the
// search's. SSS* makes a position only when it examines it: made and visited agree too.
TEST(TraceCounts, EqualTheSearchStatistics) {
  const std::map<std::string, std::string> random_tree{
      {"branching", "3"}, {"depth", "5"}, {"seed", "11"}};
  for (const std::string algo : {"minimax", "alphabeta", "sss*"}) {
    for (int depth : {3, 4, 5}) {
      const SearchTrace t = trace_of("random-tree", random_tree, algo, depth);
      EXPECT_EQ(t.total_visits(), t.result.stats.nodes) << algo << " depth " << depth;
    }
  }
  const SearchTrace sss = trace_of("random-tree", random_tree, "sss*", 5);
  EXPECT_EQ(sss.total_made(), sss.result.stats.nodes);
  EXPECT_LT(sss.result.stats.nodes,
            trace_of("random-tree", random_tree, "minimax", 5).result.stats.nodes);
  // Tic-tac-toe transposes: with a table, some visits are answered by it.
  const SearchTrace tt = trace_of("tictactoe", {}, "alphabeta", 5, {{"tt", "on"}, {"id", "on"}});
  EXPECT_EQ(tt.total_visits(), tt.result.stats.nodes);
  std::uint64_t answers = 0;
  for (const auto& n : tt.nodes) answers += n.tt_answers;
  EXPECT_GT(answers, 0U);
  EXPECT_GT(tt.passes, 1U);  // iterative deepening: one pass per iteration
  // Static ordering evaluates every child before searching any: orderings, not visits.
  for (const std::string game : {"tictactoe", "kalah"}) {
    const SearchTrace o = trace_of(game, {}, "alphabeta", 4, {{"ordering", "static"}});
    EXPECT_EQ(o.total_visits(), o.result.stats.nodes) << game;
    EXPECT_EQ(o.ordering_evals, o.result.stats.ordering_evals) << game;
    EXPECT_GT(o.ordering_evals, 0U) << game;
  }
  // The MT family: repeated null-window passes over one table.
  for (const std::string algo : {"mtd(f)", "mt-sss*", "negascout"}) {
    const SearchTrace m = trace_of("tictactoe", {}, algo, 4);
    EXPECT_EQ(m.total_visits(), m.result.stats.nodes) << algo;
  }
}

// The value at the root derived from the explored tree is the search's value, exactly.
TEST(TraceBounds, RootValueIsTheSearchValue) {
  const std::map<std::string, std::string> random_tree{
      {"branching", "4"}, {"depth", "4"}, {"seed", "5"}};
  for (const std::string algo : {"minimax", "alphabeta", "sss*"}) {
    const SearchTrace t = trace_of("random-tree", random_tree, algo, 4);
    EXPECT_EQ(t.nodes[0].lo, t.result.value) << algo;
    EXPECT_EQ(t.nodes[0].hi, t.result.value) << algo;
  }
}

TEST(TreeText, MaxNodesSaysHowManyWereLeftOut) {
  const SearchTrace t = textbook("alphabeta");
  EXPECT_EQ(tree_size(t), 13U);
  const std::string text = format_tree_text(t, 5);
  EXPECT_EQ(body(text),
            "root  MAX = 3\n"
            "├── 1  MIN = 3\n"
            "│   ├── 1  = 3 [leaf]\n"
            "│   ├── 2  = 12 [leaf]\n"
            "│   └── 3  = 8 [leaf]\n"
            "... 8 more nodes not shown (--max-nodes 5, 13 in all)\n");
}

// Balanced braces, one digraph, and every edge's endpoints declared before use.
void expect_well_formed_dot(const std::string& dot, std::size_t expected_nodes) {
  int depth = 0;
  for (char c : dot) {
    if (c == '{') ++depth;
    if (c == '}') --depth;
    ASSERT_GE(depth, 0);
  }
  EXPECT_EQ(depth, 0);
  EXPECT_NE(dot.find("digraph search_tree {"), std::string::npos);
  // "  ID [label=..." declares a node; "  A -> B [..." is an edge (IDs are word characters).
  auto word_at = [](const std::string& line, std::size_t at) {
    std::size_t end = at;
    while (end < line.size() &&
           (std::isalnum(static_cast<unsigned char>(line[end])) != 0 || line[end] == '_')) {
      ++end;
    }
    return line.substr(at, end - at);
  };
  std::set<std::string> declared;
  std::size_t edges = 0;
  std::istringstream in(dot);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  ", 0) != 0 || line.size() < 3 || line[2] == ' ') continue;
    const std::string from = word_at(line, 2);
    if (from.empty()) continue;
    const std::string rest = line.substr(2 + from.size());
    if (rest.rfind(" -> ", 0) == 0) {
      const std::string to = word_at(rest, 4);
      ASSERT_FALSE(to.empty()) << line;
      ASSERT_EQ(rest.compare(4 + to.size(), 2, " ["), 0) << line;
      EXPECT_TRUE(declared.count(from)) << line;
      EXPECT_TRUE(declared.count(to)) << line;
      ++edges;
    } else if (rest.rfind(" [label=", 0) == 0) {
      EXPECT_TRUE(declared.insert(from).second) << "declared twice: " << line;
    }
  }
  declared.erase("more");
  EXPECT_EQ(declared.size(), expected_nodes);
  EXPECT_EQ(edges + 1, expected_nodes);  // a tree
}

TEST(TreeDot, IsAWellFormedDigraph) {
  const SearchTrace t = textbook("alphabeta");
  const std::string dot = format_tree_dot(t, 1000);
  expect_well_formed_dot(dot, 13);
  // The two cut children are dashed and grey, edges included; leaves are boxes.
  EXPECT_EQ(std::count(dot.begin(), dot.end(), '\n') > 0, true);
  std::size_t dashed = 0;
  for (auto at = dot.find("style=dashed"); at != std::string::npos;
       at = dot.find("style=dashed", at + 1)) {
    ++dashed;
  }
  EXPECT_EQ(dashed, 4U);
  EXPECT_NE(dot.find("[label=\"root\\nMAX = 3\", shape=triangle]"), std::string::npos);
  EXPECT_NE(dot.find("[label=\"MIN <= 2\", shape=invtriangle]"), std::string::npos);
  EXPECT_NE(dot.find("[label=\"= 14\", shape=box]"), std::string::npos);
  const std::string cut = format_tree_dot(t, 4);
  expect_well_formed_dot(cut, 4);
  EXPECT_NE(cut.find("9 more nodes not shown"), std::string::npos);
}

TEST(TreeCli, PrintsTextAndDot) {
  const auto text =
      run_harness({"tree", "--game", "tree", "--param", std::string("tree=") + kTextbook,
                   "--algorithm", "alphabeta", "--depth", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(body(text.out), kAlphaBetaBody);
  const auto dot = run_harness({"tree", "--game", "tree", "--algorithm", "sss*", "--depth", "max",
                                "--format", "dot", "--max-nodes", "6"});
  ASSERT_EQ(dot.exit_code, 0) << dot.err;
  expect_well_formed_dot(dot.out, 6);
  EXPECT_NE(dot.out.find("7 more nodes not shown (--max-nodes 6, 13 in all)"), std::string::npos);
  EXPECT_NE(dot.out.find("#18 solved 3"), std::string::npos);
}

TEST(TreeCli, BadOptionsExitTwoWithAClearError) {
  const std::vector<std::string> base{"tree",      "--game",  "tree", "--algorithm",
                                      "alphabeta", "--depth", "2"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_harness(args);
  };
  const auto format = with({"--format", "xml"});
  EXPECT_EQ(format.exit_code, 2);
  EXPECT_NE(format.err.find("--format"), std::string::npos) << format.err;
  const auto zero = with({"--max-nodes", "0"});
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_NE(zero.err.find("--max-nodes: 0 is out of range (expected at least 1)"),
            std::string::npos)
      << zero.err;
  const auto depth =
      run_harness({"tree", "--game", "tree", "--algorithm", "alphabeta", "--depth", "deep"});
  EXPECT_EQ(depth.exit_code, 2);
  EXPECT_NE(depth.err.find("--depth"), std::string::npos) << depth.err;
  const auto option = with({"--option", "fail=sideways"});
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_NE(option.err.find("fail"), std::string::npos) << option.err;
  const auto position = with({"--position", "9.9"});
  EXPECT_EQ(position.exit_code, 2);
  EXPECT_NE(position.err.find("--position"), std::string::npos) << position.err;
}

}  // namespace
}  // namespace gts
