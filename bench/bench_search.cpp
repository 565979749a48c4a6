// Search throughput: each algorithm and the main alpha-beta variants on Kalah(6,4) at a fixed
// depth from a few fixed positions, and on uniform random trees (b=8 d=6, b=4 d=10; random and
// best-first order). Counters: nodes and leaves per second, and nodes per search (the work an
// algorithm needs, which the rate alone hides). Every algorithm is the registry's (by name and
// options, as a config names it), so the searches timed are the ones the commands run.
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

#include "harness/registry.h"

namespace gts {
namespace {

using Options = std::map<std::string, std::string>;

struct Variant {
  std::string name;
  std::string algorithm;  // a registered name
  Options options;
};

// The MT family stores every position it searches: a table that holds the largest trees here
// (256 MiB), made once per benchmark with its searcher; the first search faults its pages in
// before the timing starts, so no benchmark pays for that.
Options mt(Options o = {}) {
  o["tt_mb"] = "256";
  return o;
}

// Alpha-beta options; small searches get a small table (a far larger one only costs clearing).
Options ab(bool soft, bool order, bool tt, bool id) {
  Options o{{"fail", soft ? "soft" : "hard"},
            {"ordering", order ? "static" : "none"},
            {"tt", tt ? "on" : "off"},
            {"id", id ? "on" : "off"}};
  if (tt) o["tt_mb"] = "4";
  return o;
}

struct Bench {
  std::shared_ptr<const GameHandle> game;
  EvalSpec eval;
  std::vector<std::string> roots;  // positions, in the game's notation
  int depth = 0;
};

void run_search(benchmark::State& state, const Bench& b, const Variant& v) {
  const std::unique_ptr<Searcher> searcher =
      b.game->make_searcher(make_algorithm_spec(v.algorithm, v.options), b.eval);
  SearchLimits limits;
  limits.depth = b.depth;
  (void)searcher->search(b.game->position(b.roots.front()), limits, 0);  // tables faulted in
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  std::uint64_t searches = 0;
  double cpu_ms = 0;
  for (auto _ : state) {
    for (const auto& root : b.roots) {
      const SearchResult r = searcher->search(b.game->position(root), limits, 0);
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
void sss_over_alphabeta(benchmark::State& state, const Bench& b) {
  const auto alphabeta = b.game->make_searcher(make_algorithm_spec("alphabeta", {}), b.eval);
  const auto sss = b.game->make_searcher(make_algorithm_spec("sss*", {}), b.eval);
  SearchLimits limits;
  limits.depth = b.depth;
  double ab_ms = 0;
  double sss_ms = 0;
  std::uint64_t ab_nodes = 0;
  std::uint64_t sss_nodes = 0;
  for (auto _ : state) {
    const SearchResult a = alphabeta->search(b.game->position(b.roots.front()), limits, 0);
    const SearchResult s = sss->search(b.game->position(b.roots.front()), limits, 0);
    benchmark::DoNotOptimize(a.value);
    benchmark::DoNotOptimize(s.value);
    ab_ms += a.stats.cpu_ms;
    sss_ms += s.stats.cpu_ms;
    ab_nodes += a.stats.nodes;
    sss_nodes += s.stats.nodes;
  }
  const double ab_ns = ab_ms * 1e6 / static_cast<double>(ab_nodes == 0 ? 1 : ab_nodes);
  const double sss_ns = sss_ms * 1e6 / static_cast<double>(sss_nodes == 0 ? 1 : sss_nodes);
  state.counters["ab_ns/node"] = ab_ns;
  state.counters["sss_ns/node"] = sss_ns;
  state.counters["sss/ab"] = ab_ns > 0 ? sss_ns / ab_ns : 0.0;
}

Bench random_tree(int b, int d, const std::string& ordering) {
  std::shared_ptr<const GameHandle> game =
      make_game("random-tree", {{"branching", std::to_string(b)},
                                {"depth", std::to_string(d)},
                                {"seed", "1"},
                                {"ordering", ordering}});
  const std::string root = game->initial_position();
  return Bench{std::move(game), EvalSpec{"leaf", {}}, {root}, d};
}

void add(const std::string& name, const Bench& b, const Variant& v) {
  benchmark::RegisterBenchmark(name.c_str(), [b, v](benchmark::State& st) {
    run_search(st, b, v);
  })->Unit(benchmark::kMillisecond);
}

void register_all() {
  // Kalah(6,4) at depth 8 from the start and three positions of seeded random playouts.
  Bench kalah{
      make_game("kalah", {{"pits", "6"}, {"seeds", "4"}}), EvalSpec{"store-diff", {}}, {}, 8};
  kalah.roots.push_back(kalah.game->initial_position());
  for (int i = 1; i <= 3; ++i) {
    kalah.roots.push_back(
        kalah.game->random_opening(0xBE11CULL + static_cast<std::uint64_t>(i), 6 * i));
  }
  const std::vector<Variant> kalah_variants = {
      {"minimax", "minimax", {}},
      {"alphabeta/hard", "alphabeta", ab(false, false, false, false)},
      {"alphabeta/soft", "alphabeta", ab(true, false, false, false)},
      {"alphabeta/soft+order", "alphabeta", ab(true, true, false, false)},
      {"alphabeta/soft+order+tt", "alphabeta", ab(true, true, true, false)},
      {"alphabeta/soft+order+tt+id", "alphabeta", ab(true, true, true, true)},
      {"sss*", "sss*", {}},
      {"negascout/soft+order+tt+id", "negascout", ab(true, true, true, true)},
      {"mt-sss*", "mt-sss*", mt()},
      {"mtd(f)", "mtd(f)", mt()},
      {"mtd(f)+id", "mtd(f)", mt({{"id", "on"}})},
  };
  for (const Variant& v : kalah_variants) add("Kalah64_d8/" + v.name, kalah, v);

  const std::vector<Variant> tree_variants = {
      {"minimax", "minimax", {}},
      {"alphabeta/hard", "alphabeta", ab(false, false, false, false)},
      {"alphabeta/soft", "alphabeta", ab(true, false, false, false)},
      {"alphabeta/soft+tt", "alphabeta", ab(true, false, true, false)},
      {"sss*", "sss*", {}},
      {"negascout/soft", "negascout", ab(true, false, false, false)},
      {"mt-sss*", "mt-sss*", mt()},
      {"mtd(f)", "mtd(f)", mt()},
  };
  struct TreeSpec {
    int b;
    int d;
    const char* ordering;
  };
  for (const TreeSpec t : {TreeSpec{8, 6, "random"}, TreeSpec{8, 6, "best-first"},
                           TreeSpec{4, 10, "random"}, TreeSpec{4, 10, "best-first"}}) {
    const Bench tree = random_tree(t.b, t.d, t.ordering);
    const std::string prefix =
        "Tree_b" + std::to_string(t.b) + "_d" + std::to_string(t.d) + "_" + t.ordering + "/";
    for (const Variant& v : tree_variants) add(prefix + v.name, tree, v);
  }

  // 10^4 .. 10^7 leaves, random order, independent values.
  const std::vector<Variant> sweep_variants = {
      {"alphabeta", "alphabeta", ab(false, false, false, false)},
      {"negascout", "negascout", ab(true, false, false, false)},
      {"sss*", "sss*", {}},
      {"mt-sss*", "mt-sss*", mt()},
      {"mtd(f)", "mtd(f)", mt()},
  };
  for (int d = 4; d <= 7; ++d) {
    const Bench tree = random_tree(10, d, "random");
    const std::string size = "b10_d" + std::to_string(d);
    for (const Variant& v : sweep_variants) add("TreeSweep/" + v.name + "/" + size, tree, v);
    benchmark::RegisterBenchmark(("SssOverAlphaBeta/" + size).c_str(), [tree](
                                                                           benchmark::State& st) {
      sss_over_alphabeta(st, tree);
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
