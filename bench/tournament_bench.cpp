// Tournament throughput: games per second with 1 thread and with every core, the parallel
// efficiency (games/s at N threads / (N x games/s at 1 thread)), and the harness's own overhead
// (process CPU outside the searches, as a share of the run's CPU).
//
//   ./build/bench/bench_tournament [--benchmark_filter=...] 2>/dev/null
// Run on an otherwise idle machine; the efficiency counter needs the 1-thread case to run first.
// The second argument 1 shows what a watched run shows (the progress line, the score line after
// each game, the standings every 10 games, all on stderr): its games/s against 0's is their cost.
#include <benchmark/benchmark.h>
#include <oneapi/tbb/info.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "harness/tournament/runner.h"

namespace {

// Kalah(6,4), alpha-beta and SSS* at depths 5 to 8: 288 games of 10-50 ms each, like a real run
// (with few games the efficiency mostly measures the last long games running alone).
const char* kConfig = R"(
name: bench
game: {name: kalah}
players:
  - {name: ab, algorithm: alphabeta, depth: [6, 8], options: {ordering: static}}
  - {name: tt, algorithm: alphabeta, depth: 7, options: {ordering: static, tt: on, tt_mb: 4}}
  - {name: sss, algorithm: sss*, depth: 5}
openings: {kind: random, count: 24, plies: 4}
tournament: {max_plies: 300}
seed: 3
output: {moves: true}
)";

std::string temp_dir() {
  std::string t = std::filesystem::temp_directory_path().string() + "/gts-bench-XXXXXX";
  if (mkdtemp(t.data()) == nullptr) throw std::runtime_error("mkdtemp");
  return t;
}

double g_one_thread_rate = 0;

void BM_Tournament(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  const bool live = state.range(1) != 0;
  const std::string dir = temp_dir();
  const std::string config = dir + "/bench.yaml";
  std::ofstream(config) << kConfig;
  double games = 0, wall = 0, cpu = 0, search = 0;
  int run = 0;
  for (auto _ : state) {
    gts::RunOptions o;
    o.config_path = config;
    o.threads = threads;
    o.out_dir = dir + "/run" + std::to_string(run++);
    o.quiet = !live;
    o.live = live;
    if (live) o.rating_interval = 10;
    const gts::RunReport r = gts::run_tournament(o);
    state.SetIterationTime(r.wall_s);
    games += r.games_played;
    wall += r.wall_s;
    cpu += r.cpu_s;
    search += r.search_cpu_s;
  }
  std::filesystem::remove_all(dir);
  const double rate = games / wall;
  if (threads == 1 && !live) g_one_thread_rate = rate;
  state.counters["threads"] = threads;
  state.counters["live"] = live ? 1 : 0;
  state.counters["games_per_s"] = rate;
  state.counters["harness_overhead_pct"] = 100.0 * (cpu - search) / cpu;
  if (g_one_thread_rate > 0) {
    state.counters["parallel_efficiency"] = rate / (threads * g_one_thread_rate);
  }
}

void thread_counts(benchmark::internal::Benchmark* b) {
  const int cores = tbb::info::default_concurrency();
  for (const int live : {0, 1}) {
    for (int t = 1; t < cores; t *= 2) b->Args({t, live});
    b->Args({cores, live});
  }
}

BENCHMARK(BM_Tournament)->Apply(thread_counts)->UseManualTime()->Unit(benchmark::kMillisecond)
    ->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
