// Monte Carlo tree search throughput: iterations per second from the start of Connect Four (7x6)
// and Kalah(6,4), random playouts to the end, UCT without the solver (the textbook baseline
// OpenSpiel's MCTSBot is compared at), on one thread and on two (one tree, or a tree each:
// parallel=root). Each search is the registry's
// `mcts` under a node budget of 10^6 positions; counters: iterations and nodes per second of the
// searching threads' CPU time (so a loaded machine slows the rate less than wall time would) and
// per second of wall time, and iterations per search.
//   bench_mcts --benchmark_filter=ConnectFour
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "harness/registry.h"

namespace gts {
namespace {

void run_mcts(benchmark::State& state, const std::string& game_name, int threads,
              const std::string& parallel) {
  const auto game = make_game(game_name, {});
  const auto searcher = game->make_searcher(
      make_algorithm_spec("mcts", {{"solver", "off"},
                                   {"threads", std::to_string(threads)},
                                   {"parallel", parallel}}),
      EvalSpec{game->info().default_evaluation, {}});
  const Position root = game->position(game->initial_position());
  SearchLimits limits;
  limits.depth = kDepthMax;
  limits.max_nodes = 1'000'000;
  std::uint64_t iterations = 0, nodes = 0, searches = 0;
  double cpu_ms = 0;
  for (auto _ : state) {
    const SearchResult r = searcher->search(root, limits, searches);
    benchmark::DoNotOptimize(r.best_move);
    iterations += r.stats.iterations;
    nodes += r.stats.nodes;
    cpu_ms += r.stats.cpu_ms;
    ++searches;
  }
  const auto rate = benchmark::Counter::kIsRate;
  state.counters["iterations/s"] = benchmark::Counter(static_cast<double>(iterations), rate);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), rate);
  state.counters["iterations/cpu_s"] = static_cast<double>(iterations) / (cpu_ms / 1e3);
  state.counters["iterations/search"] =
      static_cast<double>(iterations) / static_cast<double>(searches == 0 ? 1 : searches);
}

void register_all() {
  const std::map<std::string, std::string> games = {{"ConnectFour", "connect-four"},
                                                    {"Kalah64", "kalah"}};
  for (const auto& [label, game] : games) {
    for (const auto& run : {std::pair<int, std::string>{1, "tree"}, {2, "tree"}, {2, "root"}}) {
      const int threads = run.first;
      const std::string parallel = run.second;
      const std::string name =
          label + "/threads" + std::to_string(threads) + (threads > 1 ? "/" + parallel : "");
      benchmark::RegisterBenchmark(name.c_str(),
                                   [game, threads, parallel](benchmark::State& st) {
                                     run_mcts(st, game, threads, parallel);
                                   })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
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
