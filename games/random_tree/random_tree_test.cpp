#include "games/random_tree/random_tree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "algorithms/perft.h"
#include "algorithms/search.h"

namespace gts {
namespace {

static_assert(Game<RandomTree>);
static_assert(Evaluator<RandomTreeEval, RandomTree>);

using State = RandomTree::State;

// Seen from MIN, who is to move at depth 7.
constexpr Value kLeftmostLeafB10D7 = -39408158;

RandomTree make(const std::map<std::string, std::string>& given) {
  return RandomTree(resolve_params(RandomTree::param_specs(), given, "game random-tree"));
}

std::string error_of(const std::map<std::string, std::string>& given) {
  try {
    RandomTree g = make(given);
  } catch (const ParamError& e) {
    return e.what();
  }
  return "no error";
}

Value negamax(const RandomTree& g, const State& s) {
  if (g.is_terminal(s)) return g.terminal_value(s);
  MovesOf<RandomTree> moves;
  g.legal_moves(s, moves);
  Value best = -kInfinity;
  for (Move m : moves) {
    State c = s;
    g.play(c, m);
    best = std::max(best, -negamax(g, c));
  }
  return best;
}

// Leaf values from MAX's point of view, in raw (left-to-right) order.
std::vector<Value> leaf_values(const RandomTree& g) {
  std::vector<Value> out;
  std::vector<State> stack = {g.initial_state()};
  while (!stack.empty()) {
    State s = stack.back();
    stack.pop_back();
    if (g.is_terminal(s)) {
      out.push_back(g.to_move(s) == 0 ? g.terminal_value(s) : -g.terminal_value(s));
      continue;
    }
    for (int i = g.branching() - 1; i >= 0; --i) {
      State c = s;
      g.play(c, i);
      stack.push_back(c);
    }
  }
  return out;
}

State leftmost_leaf(const RandomTree& g) {
  State s = g.initial_state();
  while (!g.is_terminal(s)) g.play(s, 0);
  return s;
}

// Checks, at every interior node, that legal_moves is a permutation of the raw children whose
// first element has the best (or, for worst-first, the worst) exact value for the side to move.
void check_ordering(const RandomTree& g, const State& s, bool best_first, int& checked) {
  if (g.is_terminal(s)) return;
  MovesOf<RandomTree> moves;
  g.legal_moves(s, moves);
  ASSERT_EQ(moves.size(), static_cast<std::size_t>(g.branching()));
  std::vector<Move> sorted(moves.begin(), moves.end());
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < g.branching(); ++i) ASSERT_EQ(sorted[static_cast<std::size_t>(i)], i);

  std::vector<Value> child_values;  // from the parent's (side to move's) point of view
  for (Move m : moves) {
    State c = s;
    g.play(c, m);
    child_values.push_back(-negamax(g, c));
  }
  Value node_value = negamax(g, s);
  Value worst = *std::min_element(child_values.begin(), child_values.end());
  EXPECT_EQ(*std::max_element(child_values.begin(), child_values.end()), node_value);
  if (best_first) {
    EXPECT_EQ(child_values.front(), node_value) << g.to_string(s);
    EXPECT_TRUE(std::is_sorted(child_values.rbegin(), child_values.rend())) << g.to_string(s);
  } else {
    EXPECT_EQ(child_values.front(), worst) << g.to_string(s);
    EXPECT_TRUE(std::is_sorted(child_values.begin(), child_values.end())) << g.to_string(s);
  }
  // Ties keep raw order.
  for (std::size_t i = 1; i < moves.size(); ++i) {
    if (child_values[i] == child_values[i - 1]) {
      EXPECT_LT(moves[i - 1], moves[i]);
    }
  }
  ++checked;
  for (Move m : moves) {
    State c = s;
    g.play(c, m);
    check_ordering(g, c, best_first, checked);
  }
}

TEST(RandomTree, Defaults) {
  RandomTree g = make({});
  EXPECT_EQ(g.branching(), 3);
  EXPECT_EQ(g.depth(), 4);
  EXPECT_EQ(g.num_leaves(), 81u);
  EXPECT_EQ(g.range(), 1000);
  EXPECT_EQ(g.values(), RandomTree::Values::kIndependent);
  EXPECT_EQ(g.ordering(), RandomTree::Ordering::kRandom);
  EXPECT_EQ(g.materialized_nodes(), 0u);
  EXPECT_EQ(RandomTree::default_evaluation(), "leaf");
}

TEST(RandomTree, PerftPerPlyIsPowersOfTheBranching) {
  RandomTree g = make({{"branching", "3"}, {"depth", "5"}});
  EXPECT_EQ(perft(g, g.initial_state(), 5), (std::vector<std::uint64_t>{1, 3, 9, 27, 81, 243}));
  // A shallower count stops at the horizon; a deeper one finds nothing below the leaves.
  EXPECT_EQ(perft(g, g.initial_state(), 2), (std::vector<std::uint64_t>{1, 3, 9}));
  EXPECT_EQ(perft(g, g.initial_state(), 6), (std::vector<std::uint64_t>{1, 3, 9, 27, 81, 243, 0}));
  RandomTree wide = make({{"branching", "64"}, {"depth", "3"}, {"ordering", "best-first"}});
  EXPECT_EQ(perft(wide, wide.initial_state(), 3),
            (std::vector<std::uint64_t>{1, 64, 4096, 262144}));
  RandomTree chain = make({{"branching", "1"}, {"depth", "40"}});
  EXPECT_EQ(perft(chain, chain.initial_state(), 40).back(), 1u);
  RandomTree single = make({{"depth", "0"}});
  EXPECT_TRUE(single.is_terminal(single.initial_state()));
  EXPECT_EQ(perft(single, single.initial_state(), 3), (std::vector<std::uint64_t>{1, 0, 0, 0}));
}

TEST(RandomTree, Determinism) {
  std::map<std::string, std::string> p = {{"branching", "4"}, {"depth", "5"}, {"seed", "77"}};
  std::vector<Value> a = leaf_values(make(p));
  std::vector<Value> b = leaf_values(make(p));
  ASSERT_EQ(a.size(), 1024u);
  EXPECT_EQ(a, b);
  p["seed"] = "78";
  std::vector<Value> c = leaf_values(make(p));
  int same = 0;
  for (std::size_t i = 0; i < a.size(); ++i) same += a[i] == c[i] ? 1 : 0;
  EXPECT_LT(same, 10);  // range 4096: about 1024 / 4096 equal by chance

  for (std::string model : {"incremental", "independent"}) {
    std::map<std::string, std::string> q = {
        {"branching", "3"}, {"depth", "6"}, {"values", model}, {"distinct", "no"}};
    q["seed"] = "5";
    std::vector<Value> x = leaf_values(make(q));
    EXPECT_EQ(x, leaf_values(make(q))) << model;
    q["seed"] = "6";
    EXPECT_NE(x, leaf_values(make(q))) << model;
  }
}

TEST(RandomTree, CopiesSeeTheSameTree) {
  RandomTree g = make({{"branching", "3"}, {"depth", "4"}, {"ordering", "best-first"}});
  RandomTree copy = g;
  EXPECT_EQ(leaf_values(copy), leaf_values(g));
  EXPECT_EQ(copy.materialized_nodes(), g.materialized_nodes());
  EXPECT_EQ(copy.materialized_nodes(), 1u + 3 + 9 + 27 + 81);
}

TEST(RandomTree, DistinctValuesAreDistinctAndInRange) {
  RandomTree g = make({{"branching", "4"}, {"depth", "6"}, {"seed", "3"}});
  EXPECT_EQ(g.range(), 4 * 4096);
  std::vector<Value> v = leaf_values(g);
  ASSERT_EQ(v.size(), 4096u);
  for (Value x : v) {
    EXPECT_GE(x, 0);
    EXPECT_LT(x, 4 * 4096);
  }
  std::sort(v.begin(), v.end());
  EXPECT_EQ(std::adjacent_find(v.begin(), v.end()), v.end());
  // Spread over the range, not bunched: the quartiles sit near 1/4, 1/2 and 3/4 of 16384.
  EXPECT_NEAR(v[1024], 4096, 600);
  EXPECT_NEAR(v[2048], 8192, 600);
  EXPECT_NEAR(v[3072], 12288, 600);
}

// Sibling leaves are consecutive raw indices; their values must look independent.
void expect_uncorrelated_siblings(const std::vector<Value>& v, int branching) {
  double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, less = 0;
  for (std::size_t i = 0; i + 1 < v.size(); ++i) {
    if (static_cast<int>(i % static_cast<std::size_t>(branching)) == branching - 1) continue;
    double x = v[i];
    double y = v[i + 1];
    n += 1;
    sx += x;
    sy += y;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
    less += x < y ? 1 : 0;
  }
  double cov = sxy / n - (sx / n) * (sy / n);
  double corr = cov / std::sqrt((sxx / n - (sx / n) * (sx / n)) * (syy / n - (sy / n) * (sy / n)));
  // n is in the thousands: the standard error of both statistics is about 1 / sqrt(n) < 0.02.
  EXPECT_LT(std::abs(corr), 0.06) << "n = " << n;
  EXPECT_NEAR(less / n, 0.5, 0.03) << "n = " << n;
}

TEST(RandomTree, IndependentSiblingsDoNotCorrelate) {
  for (std::string seed : {"1", "2", "3"}) {
    expect_uncorrelated_siblings(
        leaf_values(make({{"branching", "4"}, {"depth", "6"}, {"seed", seed}})), 4);
    expect_uncorrelated_siblings(
        leaf_values(make({{"branching", "2"}, {"depth", "12"}, {"seed", seed}})), 2);
    expect_uncorrelated_siblings(
        leaf_values(make({{"branching", "8"}, {"depth", "4"}, {"range", "4096"}, {"seed", seed}})),
        8);
    expect_uncorrelated_siblings(
        leaf_values(make({{"branching", "8"}, {"depth", "4"}, {"distinct", "no"}, {"seed", seed}})),
        8);
  }
}

TEST(RandomTree, DistinctWithRangeEqualToLeavesIsAPermutation) {
  for (std::string range : {"4096", "3125"}) {
    std::string b = range == "4096" ? "4" : "5";
    std::string d = range == "4096" ? "6" : "5";
    RandomTree g = make({{"branching", b}, {"depth", d}, {"range", range}, {"seed", "11"}});
    std::vector<Value> v = leaf_values(g);
    std::vector<Value> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i) ASSERT_EQ(sorted[i], static_cast<Value>(i));
    // ... and not the identity or anything close to it.
    int fixed = 0;
    for (std::size_t i = 0; i < v.size(); ++i) fixed += v[i] == static_cast<Value>(i) ? 1 : 0;
    EXPECT_LT(fixed, 10) << range;
  }
}

TEST(RandomTree, NonDistinctValuesInRange) {
  RandomTree g = make({{"branching", "8"}, {"depth", "4"}, {"distinct", "no"}, {"range", "10"}});
  std::vector<Value> v = leaf_values(g);
  ASSERT_EQ(v.size(), 4096u);
  std::vector<int> counts(10, 0);
  for (Value x : v) {
    ASSERT_GE(x, 0);
    ASSERT_LT(x, 10);
    ++counts[static_cast<std::size_t>(x)];
  }
  // Uniform: each value about 410 times (sd about 19).
  for (int c : counts) EXPECT_NEAR(c, 410, 100);
  RandomTree one = make({{"branching", "2"}, {"depth", "3"}, {"distinct", "no"}, {"range", "1"}});
  for (Value x : leaf_values(one)) EXPECT_EQ(x, 0);
}

TEST(RandomTree, TerminalValuesAreFromTheSideToMove) {
  RandomTree g = make({{"branching", "2"}, {"depth", "3"}, {"seed", "9"}});
  State leaf = g.parse("2.1.2");
  ASSERT_TRUE(g.is_terminal(leaf));
  EXPECT_EQ(g.to_move(leaf), 1);
  EXPECT_EQ(g.terminal_value(leaf), -g.independent_value(leaf.index));
  EXPECT_EQ(leaf.index, 5u);
  RandomTree even = make({{"branching", "2"}, {"depth", "2"}, {"seed", "9"}});
  State e = even.parse("1.2");
  EXPECT_EQ(even.to_move(e), 0);
  EXPECT_EQ(even.terminal_value(e), even.independent_value(1));
}

TEST(RandomTree, IncrementalLeafIsThePathSum) {
  RandomTree g = make({{"branching", "3"},
                       {"depth", "5"},
                       {"values", "incremental"},
                       {"increment", "50"},
                       {"seed", "21"}});
  EXPECT_EQ(g.range(), 0);
  std::vector<Value> v = leaf_values(g);
  ASSERT_EQ(v.size(), 243u);
  for (std::uint64_t leaf = 0; leaf < 243; ++leaf) {
    Value sum = 0;
    for (int level = 1; level <= 5; ++level) {
      std::uint64_t index = leaf;
      for (int k = level; k < 5; ++k) index /= 3;
      Value inc = g.increment(level, index);
      ASSERT_GE(inc, -50);
      ASSERT_LE(inc, 50);
      sum += inc;
    }
    EXPECT_EQ(v[leaf], sum) << leaf;
  }
  // Increments use the whole interval, both ends included.
  Value lo = 0;
  Value hi = 0;
  for (std::uint64_t x = 0; x < 3000; ++x) {
    lo = std::min(lo, g.increment(8, x));
    hi = std::max(hi, g.increment(8, x));
  }
  EXPECT_EQ(lo, -50);
  EXPECT_EQ(hi, 50);
}

TEST(RandomTree, IncrementalSiblingsCorrelate) {
  RandomTree g = make({{"branching", "3"}, {"depth", "8"}, {"values", "incremental"}});
  std::vector<Value> v = leaf_values(g);
  ASSERT_EQ(v.size(), 6561u);
  double sibling = 0;
  double distant = 0;
  std::size_t half = v.size() / 2;
  for (std::size_t i = 0; i + 1 < v.size(); ++i) {
    if (i % 3 != 2) sibling += std::abs(v[i] - v[i + 1]);  // same parent
  }
  for (std::size_t i = 0; i < v.size(); ++i) distant += std::abs(v[i] - v[(i + half) % v.size()]);
  sibling /= 4374.0;
  distant /= 6561.0;
  // Siblings differ by one pair of increments (mean |diff| about 67 for increment 100); leaves
  // whose paths part at the root differ by eight pairs (about 190).
  EXPECT_NEAR(sibling, 67, 8);
  EXPECT_GT(distant, 2.2 * sibling);
}

TEST(RandomTree, LeafEvaluation) {
  RandomTree inc = make({{"branching", "3"}, {"depth", "5"}, {"values", "incremental"}});
  RandomTreeEval eval(inc, EvalSpec{"leaf", {}});
  State s = inc.parse("2.3");
  EXPECT_EQ(s.sum, inc.increment(1, 1) + inc.increment(2, 5));
  EXPECT_EQ(eval(s), s.sum);  // MAX to move at level 2
  State t = inc.parse("2.3.1");
  EXPECT_EQ(eval(t), -t.sum);  // MIN to move
  EXPECT_NE(t.sum, 0);

  RandomTree ind = make({{"branching", "3"}, {"depth", "5"}});
  RandomTreeEval zero(ind, EvalSpec{"leaf", {}});
  EXPECT_EQ(zero(ind.parse("2.3")), 0);
  State leaf = ind.parse("1.1.1.1.1");
  EXPECT_EQ(leaf_value(ind, zero, leaf), ind.terminal_value(leaf));
  EXPECT_EQ(leaf_value(ind, zero, leaf), -ind.independent_value(0));

  EXPECT_THROW(RandomTreeEval(ind, EvalSpec{"material", {}}), ParamError);
  EXPECT_THROW(RandomTreeEval(ind, EvalSpec{"leaf", {2.0}}), ParamError);
  ASSERT_EQ(RandomTree::evaluation_kinds().size(), 1u);
  EXPECT_EQ(RandomTree::evaluation_kinds()[0].kind, "leaf");
}

TEST(RandomTree, BestFirstPutsTheBestChildFirst) {
  const std::vector<std::map<std::string, std::string>> trees = {
      {{"branching", "3"}, {"depth", "4"}, {"seed", "1"}},
      {{"branching", "2"}, {"depth", "7"}, {"seed", "2"}},
      {{"branching", "5"}, {"depth", "3"}, {"seed", "3"}},
      {{"branching", "4"}, {"depth", "4"}, {"seed", "4"}, {"values", "incremental"}},
      {{"branching", "6"}, {"depth", "3"}, {"distinct", "no"}, {"range", "3"}},  // many ties
  };
  for (auto p : trees) {
    RandomTree random = make(p);
    p["ordering"] = "best-first";
    RandomTree best = make(p);
    int checked = 0;
    check_ordering(best, best.initial_state(), true, checked);
    EXPECT_GT(checked, 0);
    // Same tree, different order: same leaves and the same value.
    EXPECT_EQ(leaf_values(best), leaf_values(random));
    EXPECT_EQ(negamax(best, best.initial_state()), negamax(random, random.initial_state()));
    // Following the first move everywhere reaches a leaf with the root's value.
    State s = best.initial_state();
    while (!best.is_terminal(s)) {
      MovesOf<RandomTree> moves;
      best.legal_moves(s, moves);
      best.play(s, moves[0]);
    }
    Value leaf_for_max = best.to_move(s) == 0 ? best.terminal_value(s) : -best.terminal_value(s);
    EXPECT_EQ(leaf_for_max, negamax(best, best.initial_state()));
  }
}

TEST(RandomTree, WorstFirstPutsTheWorstChildFirst) {
  const std::vector<std::map<std::string, std::string>> trees = {
      {{"branching", "3"}, {"depth", "4"}, {"seed", "1"}},
      {{"branching", "2"}, {"depth", "7"}, {"seed", "2"}},
      {{"branching", "4"}, {"depth", "4"}, {"seed", "4"}, {"values", "incremental"}},
      {{"branching", "6"}, {"depth", "3"}, {"distinct", "no"}, {"range", "3"}},
  };
  for (auto p : trees) {
    p["ordering"] = "worst-first";
    RandomTree worst = make(p);
    int checked = 0;
    check_ordering(worst, worst.initial_state(), false, checked);
    EXPECT_GT(checked, 0);
  }
}

TEST(RandomTree, NotationRoundTrip) {
  RandomTree g = make({{"branching", "3"}, {"depth", "4"}, {"values", "incremental"}});
  State s = g.parse("2.1.3");
  EXPECT_EQ(s.level, 3);
  EXPECT_EQ(s.index, 11u);  // ((2 - 1) * 3 + (1 - 1)) * 3 + (3 - 1)
  EXPECT_EQ(s.sum, g.increment(1, 1) + g.increment(2, 3) + g.increment(3, 11));
  EXPECT_EQ(g.to_string(s), "2.1.3");
  EXPECT_EQ(g.to_string(g.initial_state()), "root");
  EXPECT_EQ(g.parse("root"), g.initial_state());
  EXPECT_EQ(g.parse(" 3.3.3.3 "), g.parse("3.3.3.3"));
  // Every node of the tree survives the round trip, sums included.
  std::vector<State> stack = {g.initial_state()};
  int count = 0;
  while (!stack.empty()) {
    State n = stack.back();
    stack.pop_back();
    ++count;
    EXPECT_EQ(g.parse(g.to_string(n)), n) << g.to_string(n);
    if (g.is_terminal(n)) continue;
    MovesOf<RandomTree> moves;
    g.legal_moves(n, moves);
    for (Move m : moves) {
      EXPECT_EQ(g.parse_move(n, g.move_to_string(n, m)), m);
      State c = n;
      g.play(c, m);
      stack.push_back(c);
    }
  }
  EXPECT_EQ(count, 1 + 3 + 9 + 27 + 81);

  RandomTree deep = make({{"branching", "10"}, {"depth", "12"}, {"distinct", "no"}});
  State d = deep.parse("10.9.8.7.6.5.4.3.2.1.10.10");
  EXPECT_EQ(d.index, 987654321099ULL);
  EXPECT_EQ(deep.to_string(d), "10.9.8.7.6.5.4.3.2.1.10.10");
}

TEST(RandomTree, BadPositionsAndMovesAreRejected) {
  RandomTree g = make({{"branching", "3"}, {"depth", "4"}});
  for (std::string_view bad : {"", "0", "4", "1..2", "1.", ".1", "a", "-1", "+1", "root.1", "1,2",
                               "1.2.3.1.1", "1.1.1.1.1.1", "99999999999999999999"}) {
    EXPECT_THROW((void)g.parse(bad), ParseError) << bad;
  }
  try {
    (void)g.parse("1.2.3.1.1");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()),
              "random-tree position '1.2.3.1.1': the path is longer than the tree's depth 4");
  }
  State root = g.initial_state();
  EXPECT_EQ(g.parse_move(root, "3"), 2);
  EXPECT_EQ(g.move_to_string(root, 2), "3");
  for (std::string_view bad : {"0", "4", "", "x", "1.1"}) {
    EXPECT_THROW((void)g.parse_move(root, bad), ParseError) << bad;
  }
  EXPECT_THROW((void)g.parse_move(g.parse("1.1.1.1"), "1"), ParseError);
}

TEST(RandomTree, LeavesHaveNoMoves) {
  for (std::string ordering : {"random", "best-first", "worst-first"}) {
    RandomTree g = make({{"branching", "3"}, {"depth", "2"}, {"ordering", ordering}});
    MovesOf<RandomTree> moves;
    g.legal_moves(g.parse("3.3"), moves);
    EXPECT_TRUE(moves.empty()) << ordering;
    g.legal_moves(g.parse("3"), moves);
    EXPECT_EQ(moves.size(), 3u) << ordering;
  }
}

TEST(RandomTree, HashSeparatesLevelsAndIndices) {
  RandomTree g = make({{"branching", "3"}, {"depth", "6"}});
  std::vector<std::uint64_t> hashes;
  std::vector<State> stack = {g.initial_state()};
  while (!stack.empty()) {
    State s = stack.back();
    stack.pop_back();
    hashes.push_back(g.hash(s));
    if (g.is_terminal(s)) continue;
    for (int i = 0; i < 3; ++i) {
      State c = s;
      g.play(c, i);
      stack.push_back(c);
    }
  }
  ASSERT_EQ(hashes.size(), 1093u);
  std::sort(hashes.begin(), hashes.end());
  EXPECT_EQ(std::adjacent_find(hashes.begin(), hashes.end()), hashes.end());
  // Node (1, 0) and node (2, 0) share an index but not a hash.
  EXPECT_NE(g.hash(g.parse("1")), g.hash(g.parse("1.1")));
}

TEST(RandomTree, HugeRandomTreeCostsNothing) {
  auto start = std::chrono::steady_clock::now();
  RandomTree g = make({{"branching", "10"}, {"depth", "7"}});
  RandomTree h = make({{"branching", "10"}, {"depth", "7"}});
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(ms, 100.0);  // microseconds in fact; generating the leaves would take far longer
  EXPECT_EQ(g.num_leaves(), 10'000'000u);
  EXPECT_EQ(g.range(), 40'000'000);
  EXPECT_EQ(g.materialized_nodes(), 0u);
  State leaf = leftmost_leaf(g);
  EXPECT_EQ(g.to_string(leaf), "1.1.1.1.1.1.1");
  EXPECT_EQ(g.terminal_value(leaf), h.terminal_value(leftmost_leaf(h)));
  // Pinned: a change to the generator changes every experiment's trees.
  EXPECT_EQ(g.terminal_value(leaf), kLeftmostLeafB10D7);
  State last = g.parse("10.10.10.10.10.10.10");
  EXPECT_EQ(last.index, 9'999'999u);
  EXPECT_GE(g.independent_value(last.index), 0);
  EXPECT_LT(g.independent_value(last.index), 40'000'000);

  // The largest trees are fine too when values need not be distinct.
  RandomTree biggest = make({{"branching", "2"}, {"depth", "40"}, {"distinct", "no"}});
  EXPECT_EQ(biggest.num_leaves(), std::uint64_t{1} << 40);
  EXPECT_EQ(biggest.range(), RandomTree::kMaxRange);
  State far = biggest.initial_state();
  for (int i = 0; i < 40; ++i) biggest.play(far, 1);
  EXPECT_EQ(far.index, (std::uint64_t{1} << 40) - 1);
  EXPECT_GE(biggest.terminal_value(far), 0);
}

TEST(RandomTree, BadParametersAreRejected) {
  EXPECT_EQ(error_of({{"branching", "0"}}),
            "game random-tree: parameter 'branching' = 0 is out of range 1..64");
  EXPECT_EQ(error_of({{"depth", "41"}}),
            "game random-tree: parameter 'depth' = 41 is out of range 0..40");
  EXPECT_EQ(error_of({{"branching", "3"}, {"depth", "26"}, {"distinct", "no"}}),
            "game random-tree: branching^depth = 3^26 leaves exceeds the limit of 2^40 = "
            "1099511627776");
  EXPECT_EQ(error_of({{"branching", "64"}, {"depth", "40"}}),
            "game random-tree: branching^depth = 64^40 leaves exceeds the limit of 2^40 = "
            "1099511627776");
  EXPECT_EQ(error_of({{"branching", "4"}, {"depth", "6"}, {"range", "4095"}}),
            "game random-tree: distinct values need range >= leaves, but range = 4095 < 4096 "
            "leaves (raise range or set distinct=no)");
  EXPECT_EQ(error_of({{"branching", "2"}, {"depth", "30"}}),
            "game random-tree: distinct values need range >= leaves, but 1073741824 leaves "
            "exceed the largest range 500000000 (set distinct=no)");
  EXPECT_EQ(
      error_of(
          {{"branching", "10"}, {"depth", "8"}, {"ordering", "best-first"}, {"distinct", "no"}}),
      "game random-tree: ordering=best-first stores the exact minimax value of every "
      "node, and 111111111 nodes exceed the limit of 50000000 (use ordering=random or a "
      "smaller tree)");
  EXPECT_NE(error_of({{"values", "foo"}}).find("parameter 'values' must be one of"),
            std::string::npos);
  EXPECT_NE(error_of({{"ordering", "sorted"}}).find("parameter 'ordering' must be one of"),
            std::string::npos);
  EXPECT_NE(error_of({{"increment", "0"}}).find("parameter 'increment' = 0 is out of range"),
            std::string::npos);
  EXPECT_NE(error_of({{"range", "-1"}}).find("parameter 'range' = -1 is out of range"),
            std::string::npos);
  EXPECT_NE(error_of({{"seed", "x"}}).find("parameter 'seed' must be an integer"),
            std::string::npos);
  // Range and distinct do not apply to incremental values, so they are not checked there.
  EXPECT_EQ(error_of({{"branching", "2"}, {"depth", "30"}, {"values", "incremental"}}), "no error");
  // Hand-built parameters bypassing resolve_params are still checked.
  Params raw({{"branching", "65"},
              {"depth", "4"},
              {"seed", "1"},
              {"values", "independent"},
              {"distinct", "yes"},
              {"range", "0"},
              {"increment", "100"},
              {"ordering", "random"}});
  EXPECT_THROW(RandomTree{raw}, ParamError);
}

TEST(RandomTree, BestFirstOfTenMillionLeavesMaterializes) {
  RandomTree g = make({{"branching", "10"}, {"depth", "7"}, {"ordering", "best-first"}});
  EXPECT_EQ(g.materialized_nodes(), 11'111'111u);
  // Following the first move everywhere is the principal variation; its leaf carries the root's
  // minimax value, which equals the best first-child value at the root.
  State s = g.initial_state();
  while (!g.is_terminal(s)) {
    MovesOf<RandomTree> moves;
    g.legal_moves(s, moves);
    g.play(s, moves[0]);
  }
  RandomTree random = make({{"branching", "10"}, {"depth", "7"}});
  // The stored leaf value is the generated one, and it is the root's minimax value.
  EXPECT_EQ(g.terminal_value(s), random.terminal_value(s));
  EXPECT_EQ(-g.terminal_value(s), negamax(random, random.initial_state()));
  EXPECT_EQ(g.terminal_value(leftmost_leaf(g)), kLeftmostLeafB10D7);
}

}  // namespace
}  // namespace gts
