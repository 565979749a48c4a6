// `harness bench`: the registry's bench positions searched with every algorithm's bench variants,
// one thread, fixed depths. The total node count is the signature (as in Stockfish's bench): any
// change in what a search visits changes it, so a change in search behaviour is deliberate and
// shows up in tests/bench/bench_test.cpp. Every algorithm must also agree with minimax on every
// value.
#include <cstdio>
#include <string>
#include <vector>

#include "harness/cli/command.h"
#include "harness/registry.h"
#include "harness/strf.h"

namespace gts::cli {

namespace {

// Every bench variant of every registered algorithm, the reference's first: the value every
// other is checked against. Positions and variants are the registry's (GameInfo::bench_positions,
// AlgorithmInfo::bench_variants); adding one changes the signature: update kSignature in
// tests/bench/bench_test.cpp.
struct BenchRun {
  const AlgorithmInfo* algorithm;
  const BenchVariant* variant;
};

std::vector<BenchRun> bench_runs() {
  std::vector<BenchRun> runs;
  const AlgorithmInfo& reference = reference_algorithm();
  for (const auto& v : reference.bench_variants) runs.push_back({&reference, &v});
  for (const auto& a : algorithm_infos()) {
    if (&a == &reference) continue;
    for (const auto& v : a.bench_variants) runs.push_back({&a, &v});
  }
  return runs;
}

// Nodes per second of CPU time.
std::string rate_text(const SearchStats& stats) {
  if (stats.cpu_ms <= 0) return "-";
  return strf("%.0f", static_cast<double>(stats.nodes) / (stats.cpu_ms / 1e3));
}

int run_bench(bool verbose) {
  const std::vector<BenchRun> algorithms = bench_runs();
  std::vector<SearchStats> totals(algorithms.size());  // summed over the positions
  int disagreements = 0;
  if (verbose) {
    std::printf("%-30s %-26s %6s %12s %10s %12s\n", "position", "algorithm", "depth", "value",
                "nodes", "nodes/s");
  }
  for (const auto& info : game_infos()) {
    for (const auto& p : info.bench_positions) {
      auto game = make_game(info.name, p.params);
      const std::string position =
          p.position.empty() ? game->initial_position() : game->canonical_position(p.position);
      const EvalSpec eval = parse_eval_spec(game->info().default_evaluation);
      const SearchLimits limits{.depth = p.depth};
      Value reference = 0;
      for (std::size_t a = 0; a < algorithms.size(); ++a) {
        const AlgorithmSpec spec =
            make_algorithm_spec(algorithms[a].algorithm->name, algorithms[a].variant->options);
        auto searcher = game->make_searcher(spec, eval);
        const SearchResult r = searcher->search(game->position(position), limits, 0);
        totals[a] += r.stats;
        if (a == 0) reference = r.value;
        if (r.value != reference) {
          std::fprintf(stderr, "bench: %s on %s: value %d, but %s says %d\n",
                       algorithms[a].variant->label.c_str(), p.label.c_str(), r.value,
                       algorithms[0].variant->label.c_str(), reference);
          ++disagreements;
        }
        if (verbose) {
          std::printf("%-30s %-26s %6s %12d %10llu %12s\n", p.label.c_str(),
                      algorithms[a].variant->label.c_str(), depth_text(p.depth).c_str(), r.value,
                      static_cast<unsigned long long>(r.stats.nodes), rate_text(r.stats).c_str());
        }
      }
    }
  }
  if (verbose) std::printf("\n");
  std::printf("%-26s %14s %10s %12s\n", "algorithm", "nodes", "cpu ms", "nodes/s");
  SearchStats all;
  for (std::size_t a = 0; a < algorithms.size(); ++a) {
    std::printf("%-26s %14llu %10.1f %12s\n", algorithms[a].variant->label.c_str(),
                static_cast<unsigned long long>(totals[a].nodes), totals[a].cpu_ms,
                rate_text(totals[a]).c_str());
    all += totals[a];
  }
  std::printf("%-26s %14llu %10.1f %12s\n", "total", static_cast<unsigned long long>(all.nodes),
              all.cpu_ms, rate_text(all).c_str());
  std::printf("signature: %llu\n", static_cast<unsigned long long>(all.nodes));
  return disagreements == 0 ? 0 : 1;
}

}  // namespace

void add_bench_command(CLI::App& app, Action& action) {
  const auto [cmd, verbose] = add_command<bool>(
      app, action, "bench",
      "search a fixed list of positions with every algorithm (one thread, fixed depths); prints "
      "nodes and nodes/s per algorithm and, last, the total node count: the signature",
      run_bench);
  cmd->add_flag("--verbose", *verbose, "one line per position and algorithm");
}

}  // namespace gts::cli
