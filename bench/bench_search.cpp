// Search throughput: each algorithm and the main alpha-beta variants on Kalah(6,4) at a fixed
// depth from a few fixed positions, and on uniform random trees (b=8 d=6, b=4 d=10; random and
// best-first order). Counters: nodes and leaves per second, and nodes per search (the work an
// algorithm needs, which the rate alone hides).
//
// TreeSweep/<algorithm>/b10_d<d>: time per node (ns/node, CPU of the searching thread) on random
// trees of 10^4 to 10^7 leaves, to see whether it stays flat as the tree grows.
// SssOverAlphaBeta/b10_d<d>: SSS* and alpha-beta timed in the same iterations on the same tree;
// counters ab_ns/node, sss_ns/node and their ratio sss/ab (issue 4 asks for at most 3).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/alphabeta.h"
#include "algorithms/minimax.h"
#include "algorithms/mtd.h"
#include "algorithms/negascout.h"
#include "algorithms/search_common.h"
#include "algorithms/sss_star.h"
#include "games/kalah/kalah.h"
#include "games/params.h"
#include "games/random_tree/random_tree.h"

namespace gts {
namespace {

template <class G>
G make_game(const std::map<std::string, std::string>& params) {
  return G(resolve_params(G::param_specs(), params, "bench"));
}

enum class Algorithm { kMinimax, kAlphaBeta, kSssStar, kNegaScout, kMtSss, kMtdf, kMtdfId };

// The MT family stores every position it searches: a table that holds the largest trees here, made
// once (its pages are touched once; each search empties it in O(1)).
// A first search on a large tree faults every page in, so no benchmark pays for that.
TranspositionTable& mt_table() {
  static TranspositionTable table(256);
  static const bool warm = [] {
    const RandomTree tree(resolve_params(
        RandomTree::param_specs(), {{"branching", "10"}, {"depth", "6"}, {"seed", "2"}}, "bench"));
    const RandomTree::Eval eval(tree, EvalSpec{"leaf", {}});
    SearchLimits limits;
    limits.depth = tree.depth();
    return mt_sss_star(tree, eval, tree.initial_state(), limits, MtOptions{}, &table).complete;
  }();
  benchmark::DoNotOptimize(warm);
  return table;
}

struct Variant {
  std::string name;
  Algorithm algorithm;
  AlphaBetaOptions options;
};

AlphaBetaOptions ab(bool soft, bool order, bool tt, bool id) {
  AlphaBetaOptions o;
  o.fail_soft = soft;
  o.static_ordering = order;
  o.tt = tt;
  // Small searches: a table far larger than the positions searched only costs its clearing.
  o.tt_mb = 4;
  o.iterative_deepening = id;
  return o;
}

template <class G, class E>
void run_search(benchmark::State& state, const G& game, const E& eval,
                const std::vector<typename G::State>& roots, int depth, const Variant& v) {
  SearchLimits limits;
  limits.depth = depth;
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  std::uint64_t searches = 0;
  double cpu_ms = 0;
  for (auto _ : state) {
    for (const auto& root : roots) {
      SearchResult r;
      switch (v.algorithm) {
        case Algorithm::kMinimax:
          r = minimax(game, eval, root, limits);
          break;
        case Algorithm::kAlphaBeta:
          r = alphabeta(game, eval, root, limits, v.options);
          break;
        case Algorithm::kSssStar:
          r = sss_star(game, eval, root, limits);
          break;
        case Algorithm::kNegaScout:
          r = negascout(game, eval, root, limits, NegaScoutOptions(v.options));
          break;
        case Algorithm::kMtSss:
          r = mt_sss_star(game, eval, root, limits, MtOptions{}, &mt_table());
          break;
        case Algorithm::kMtdf:
        case Algorithm::kMtdfId: {
          MtdfOptions o;
          o.iterative_deepening = v.algorithm == Algorithm::kMtdfId;
          r = mtdf(game, eval, root, limits, o, &mt_table());
          break;
        }
      }
      benchmark::DoNotOptimize(r.value);
      nodes += r.stats.nodes;
      leaves += r.stats.leaves;
      cpu_ms += r.stats.cpu_ms;
      ++searches;
    }
  }
  state.counters["nodes"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["leaves"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
  state.counters["nodes/search"] =
      static_cast<double>(nodes) / static_cast<double>(searches == 0 ? 1 : searches);
  state.counters["leaves/search"] =
      static_cast<double>(leaves) / static_cast<double>(searches == 0 ? 1 : searches);
  // CPU of the searching thread per node: the cost of a node, whatever else the machine runs.
  state.counters["ns/node"] = cpu_ms * 1e6 / static_cast<double>(nodes == 0 ? 1 : nodes);
}

// Alpha-beta and SSS* alternately on one tree; each search's thread CPU time goes to its side.
void sss_over_alphabeta(benchmark::State& state, const RandomTree& game,
                        const RandomTree::Eval& eval) {
  SearchLimits limits;
  limits.depth = game.depth();
  double ab_ms = 0;
  double sss_ms = 0;
  std::uint64_t ab_nodes = 0;
  std::uint64_t sss_nodes = 0;
  for (auto _ : state) {
    const SearchResult ab = alphabeta(game, eval, game.initial_state(), limits);
    const SearchResult sss = sss_star(game, eval, game.initial_state(), limits);
    benchmark::DoNotOptimize(ab.value);
    benchmark::DoNotOptimize(sss.value);
    ab_ms += ab.stats.cpu_ms;
    sss_ms += sss.stats.cpu_ms;
    ab_nodes += ab.stats.nodes;
    sss_nodes += sss.stats.nodes;
  }
  const double ab_ns = ab_ms * 1e6 / static_cast<double>(ab_nodes == 0 ? 1 : ab_nodes);
  const double sss_ns = sss_ms * 1e6 / static_cast<double>(sss_nodes == 0 ? 1 : sss_nodes);
  state.counters["ab_ns/node"] = ab_ns;
  state.counters["sss_ns/node"] = sss_ns;
  state.counters["sss/ab"] = ab_ns > 0 ? sss_ns / ab_ns : 0.0;
}

// The start and three positions from seeded random playouts.
std::vector<Kalah::State> kalah_positions(const Kalah& game) {
  std::vector<Kalah::State> out{game.initial_state()};
  for (int i = 1; i <= 3; ++i) {
    Kalah::State s = game.initial_state();
    std::uint64_t rng = 0xBE11C + static_cast<std::uint64_t>(i);
    for (int p = 0; p < 6 * i && !game.is_terminal(s); ++p) {
      MovesOf<Kalah> moves;
      game.legal_moves(s, moves);
      game.play(s, moves[detail::seeded_pick(detail::splitmix64(rng), moves.size())]);
    }
    out.push_back(s);
  }
  return out;
}

void register_all() {
  static const Kalah kalah = make_game<Kalah>({{"pits", "6"}, {"seeds", "4"}});
  static const Kalah::Eval kalah_eval(kalah, EvalSpec{"store-diff", {}});
  static const std::vector<Kalah::State> kalah_roots = kalah_positions(kalah);
  constexpr int kKalahDepth = 8;
  const std::vector<Variant> kalah_variants = {
      {"minimax", Algorithm::kMinimax, {}},
      {"alphabeta/hard", Algorithm::kAlphaBeta, ab(false, false, false, false)},
      {"alphabeta/soft", Algorithm::kAlphaBeta, ab(true, false, false, false)},
      {"alphabeta/soft+order", Algorithm::kAlphaBeta, ab(true, true, false, false)},
      {"alphabeta/soft+order+tt", Algorithm::kAlphaBeta, ab(true, true, true, false)},
      {"alphabeta/soft+order+tt+id", Algorithm::kAlphaBeta, ab(true, true, true, true)},
      {"sss*", Algorithm::kSssStar, {}},
      {"negascout/soft+order+tt+id", Algorithm::kNegaScout, ab(true, true, true, true)},
      {"mt-sss*", Algorithm::kMtSss, {}},
      {"mtd(f)", Algorithm::kMtdf, {}},
      {"mtd(f)+id", Algorithm::kMtdfId, {}},
  };
  for (const Variant& v : kalah_variants) {
    benchmark::RegisterBenchmark(("Kalah64_d8/" + v.name).c_str(), [v](benchmark::State& st) {
      run_search(st, kalah, kalah_eval, kalah_roots, kKalahDepth, v);
    })->Unit(benchmark::kMillisecond);
  }

  struct TreeSpec {
    int b;
    int d;
    const char* ordering;
  };
  const std::vector<Variant> tree_variants = {
      {"minimax", Algorithm::kMinimax, {}},
      {"alphabeta/hard", Algorithm::kAlphaBeta, ab(false, false, false, false)},
      {"alphabeta/soft", Algorithm::kAlphaBeta, ab(true, false, false, false)},
      {"alphabeta/soft+tt", Algorithm::kAlphaBeta, ab(true, false, true, false)},
      {"sss*", Algorithm::kSssStar, {}},
      {"negascout/soft", Algorithm::kNegaScout, ab(true, false, false, false)},
      {"mt-sss*", Algorithm::kMtSss, {}},
      {"mtd(f)", Algorithm::kMtdf, {}},
  };
  for (const TreeSpec t : {TreeSpec{8, 6, "random"}, TreeSpec{8, 6, "best-first"},
                           TreeSpec{4, 10, "random"}, TreeSpec{4, 10, "best-first"}}) {
    const auto game = std::make_shared<const RandomTree>(
        make_game<RandomTree>({{"branching", std::to_string(t.b)},
                               {"depth", std::to_string(t.d)},
                               {"seed", "1"},
                               {"ordering", t.ordering}}));
    const auto eval = std::make_shared<const RandomTree::Eval>(*game, EvalSpec{"leaf", {}});
    const std::string prefix =
        "Tree_b" + std::to_string(t.b) + "_d" + std::to_string(t.d) + "_" + t.ordering + "/";
    for (const Variant& v : tree_variants) {
      const int depth = t.d;
      benchmark::RegisterBenchmark((prefix + v.name).c_str(), [game, eval, depth,
                                                               v](benchmark::State& st) {
        run_search(st, *game, *eval, {game->initial_state()}, depth, v);
      })->Unit(benchmark::kMillisecond);
    }
  }

  // 10^4 .. 10^7 leaves, random order, independent values.
  const std::vector<Variant> sweep_variants = {
      {"alphabeta", Algorithm::kAlphaBeta, ab(false, false, false, false)},
      {"negascout", Algorithm::kNegaScout, ab(true, false, false, false)},
      {"sss*", Algorithm::kSssStar, {}},
      {"mt-sss*", Algorithm::kMtSss, {}},
      {"mtd(f)", Algorithm::kMtdf, {}},
  };
  for (int d = 4; d <= 7; ++d) {
    const auto game = std::make_shared<const RandomTree>(
        make_game<RandomTree>({{"branching", "10"}, {"depth", std::to_string(d)}, {"seed", "1"}}));
    const auto eval = std::make_shared<const RandomTree::Eval>(*game, EvalSpec{"leaf", {}});
    const std::string size = "b10_d" + std::to_string(d);
    for (const Variant& v : sweep_variants) {
      benchmark::RegisterBenchmark(("TreeSweep/" + v.name + "/" + size).c_str(),
                                   [game, eval, d, v](benchmark::State& st) {
                                     run_search(st, *game, *eval, {game->initial_state()}, d, v);
                                   })
          ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark(("SssOverAlphaBeta/" + size).c_str(), [game, eval](
                                                                           benchmark::State& st) {
      sss_over_alphabeta(st, *game, *eval);
    })->Unit(benchmark::kMillisecond);
  }
}

}  // namespace
}  // namespace gts

int main(int argc, char** argv) {
  gts::register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
