// `harness bench`: a fixed list of positions and trees searched by every algorithm below, one
// thread, fixed depths. The total node count is the signature (as in Stockfish's bench): any change
// in what a search visits changes it, so a change in search behaviour is deliberate and shows up in
// tests/bench/bench_test.cpp. Every algorithm must also agree with minimax on every value.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "harness/cli/command.h"
#include "harness/registry.h"

namespace gts::cli {

namespace {

struct BenchPosition {
  const char* label;
  const char* game;
  std::map<std::string, std::string> params;
  const char* position;  // in the game's notation; empty: the start
  int depth;             // kDepthMax: to the end of the game
};

// Positions and trees: opening and middle-game Kalah (extra turns, captures), tic-tac-toe solved
// to the end, a 4x4 m,n,k-game, uniform random trees with independent and with correlated
// (incremental) values, a textbook tree and a Go capture problem.
const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> positions = {
      {"kalah(6,4) start", "kalah", {}, "", 7},
      {"kalah(6,4) middle game", "kalah", {}, "2,0,7,7,1,6,5,2,6,1,0,9,0,2:N", 7},
      {"kalah(6,3) nonempty", "kalah", {{"seeds", "3"}, {"capture", "nonempty"}}, "", 8},
      {"tictactoe solve", "tictactoe", {}, "", kDepthMax},
      {"mnk(4,4,3)", "tictactoe", {{"rows", "4"}, {"cols", "4"}, {"k", "3"}}, "", 5},
      {"random-tree(4,8)",
       "random-tree",
       {{"branching", "4"}, {"depth", "8"}, {"seed", "7"}},
       "",
       8},
      {"random-tree(3,10) incremental",
       "random-tree",
       {{"branching", "3"}, {"depth", "10"}, {"seed", "11"}, {"values", "incremental"}},
       "",
       10},
      {"textbook tree", "tree", {}, "", kDepthMax},
      {"go-capture ladder", "go-capture", {}, "", 4},
  };
  return positions;
}

struct BenchAlgorithm {
  const char* label;
  const char* name;
  std::map<std::string, std::string> options;
};

// One line per algorithm. The first is the reference every other value is checked against.
// Adding a line changes the signature: update kSignature in tests/bench/bench_test.cpp.
const std::vector<BenchAlgorithm>& bench_algorithms() {
  static const std::vector<BenchAlgorithm> algorithms = {
      {"minimax", "minimax", {}},
      {"alphabeta", "alphabeta", {}},
      {"alphabeta soft+ordering", "alphabeta", {{"fail", "soft"}, {"ordering", "static"}}},
      {"alphabeta tt+id+history", "alphabeta", {{"tt", "on"}, {"id", "on"}, {"history", "on"}}},
      {"alphabeta tt+etc+ordering",
       "alphabeta",
       {{"tt", "on"}, {"etc", "on"}, {"ordering", "static"}}},
      {"sss*", "sss*", {}},
      {"negascout", "negascout", {{"ordering", "static"}}},
      {"mt-sss*", "mt-sss*", {}},
      {"mt-dual*", "mt-dual*", {}},
      {"mtd(f) id", "mtd(f)", {{"id", "on"}}},
  };
  return algorithms;
}

struct Totals {
  std::uint64_t nodes = 0;
  double cpu_ms = 0;
};

std::string rate_text(std::uint64_t nodes, double cpu_ms) {
  if (cpu_ms <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", static_cast<double>(nodes) / (cpu_ms / 1e3));
  return buf;
}

int run_bench(bool verbose) {
  const auto& algorithms = bench_algorithms();
  std::vector<Totals> totals(algorithms.size());
  int disagreements = 0;
  if (verbose) {
    std::printf("%-30s %-26s %6s %12s %10s %12s\n", "position", "algorithm", "depth", "value",
                "nodes", "nodes/s");
  }
  for (const auto& p : bench_positions()) {
    auto game = make_game(p.game, p.params);
    const std::string position =
        *p.position == '\0' ? game->initial_position() : game->canonical_position(p.position);
    EvalSpec eval = parse_eval_spec(game->info().default_evaluation);
    SearchLimits limits;
    limits.depth = p.depth;
    Value reference = 0;
    for (std::size_t a = 0; a < algorithms.size(); ++a) {
      const AlgorithmSpec spec = make_algorithm_spec(algorithms[a].name, algorithms[a].options);
      auto searcher = game->make_searcher(spec, eval);
      const SearchResult r = game->search(position, *searcher, limits, 0);
      totals[a].nodes += r.stats.nodes;
      totals[a].cpu_ms += r.stats.cpu_ms;
      if (a == 0) reference = r.value;
      if (r.value != reference) {
        std::fprintf(stderr, "bench: %s on %s: value %d, but %s says %d\n", algorithms[a].label,
                     p.label, r.value, algorithms[0].label, reference);
        ++disagreements;
      }
      if (verbose) {
        std::printf("%-30s %-26s %6s %12d %10llu %12s\n", p.label, algorithms[a].label,
                    p.depth == kDepthMax ? "max" : std::to_string(p.depth).c_str(), r.value,
                    static_cast<unsigned long long>(r.stats.nodes),
                    rate_text(r.stats.nodes, r.stats.cpu_ms).c_str());
      }
    }
  }
  if (verbose) std::printf("\n");
  std::printf("%-26s %14s %10s %12s\n", "algorithm", "nodes", "cpu ms", "nodes/s");
  Totals all;
  for (std::size_t a = 0; a < algorithms.size(); ++a) {
    std::printf("%-26s %14llu %10.1f %12s\n", algorithms[a].label,
                static_cast<unsigned long long>(totals[a].nodes), totals[a].cpu_ms,
                rate_text(totals[a].nodes, totals[a].cpu_ms).c_str());
    all.nodes += totals[a].nodes;
    all.cpu_ms += totals[a].cpu_ms;
  }
  std::printf("%-26s %14llu %10.1f %12s\n", "total", static_cast<unsigned long long>(all.nodes),
              all.cpu_ms, rate_text(all.nodes, all.cpu_ms).c_str());
  std::printf("signature: %llu\n", static_cast<unsigned long long>(all.nodes));
  return disagreements == 0 ? 0 : 1;
}

}  // namespace

void add_bench_command(CLI::App& app, Action& action) {
  auto verbose = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "search a fixed list of positions with every algorithm (one thread, fixed depths); prints "
      "nodes and nodes/s per algorithm and, last, the total node count: the signature");
  cmd->add_flag("--verbose", *verbose, "one line per position and algorithm");
  cmd->callback([&action, verbose] { action = [verbose] { return run_bench(*verbose); }; });
}

}  // namespace gts::cli
