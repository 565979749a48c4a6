// connect_four_sets: Pascal Pons' Connect Four benchmark protocol. Reads sets in his format (one
// position a line: the columns played, 1-based, a space, the position's score), solves every
// position with a registered algorithm searched to the end of the game, checks each answer
// against the file, and prints per position "moves expected got nodes microseconds" and per set
// "# set NAME positions N wrong W mean_us T mean_nodes M mean_cpu_us C": the table of his
// tutorial, and the mean thread CPU time of a search (steadier than the wall clock on a shared
// machine).
//
//   connect_four_sets [--algorithm NAME] [--option KEY=VALUE]... [--weak] [--limit N]
//                     [--threads N [--smp abdada|lazy]] SET...
//   connect_four_sets --generate N [--seed S] [--plies LO-HI]
//
// --generate writes a set in his format: N positions, each from its own seeded random playout of
// P plies from the empty board, P drawn from [LO, HI] (default 12-18); playouts that end the game,
// or leave the mover a win with its next stone, and repeats are drawn again. Each is scored by
// this program's exact solver (bisect, one thread). The same arguments give the same set on every
// platform (splitmix64). bench/connect_four_positions/early_12_18.txt was made so:
//   --generate 100 --seed 1
//
// Strong (default): the exact score. Weak (--weak): win, draw or loss only; the search runs on the
// game with every score reduced to its sign (win 1, draw 0, loss -1), so its window is (-1, 1)
// around 0, and the answer is checked against the sign of the file's score.
//
// Each position starts from an empty transposition table; only the search is timed (wall clock),
// after the table has been faulted in once. The table is emptied in O(1) per search (a new
// generation: transposition_table.h), which the timing includes.
// Nodes are the project's count (every position visited, the root included; search.h), which is
// more than Pons' count of negamax calls: he does not count the children his parent-side checks
// settle (immediate wins, forced losses).
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "algorithms/parallel.h"
#include "algorithms/search.h"
#include "algorithms/shared_table.h"
#include "algorithms/transposition_table.h"
#include "games/connect_four/connect_four.h"
#include "harness/algorithms/algorithm_list.h"
#include "harness/registry.h"

namespace gts {
namespace {

// The weak game: Connect Four whose exact values are the signs of Pons' scores.
class WeakConnectFour : public ConnectFour {
 public:
  using ConnectFour::ConnectFour;
  [[nodiscard]] Value terminal_value(const State& s) const { return s.over != 0 ? -1 : 0; }
  [[nodiscard]] std::pair<Value, Value> outcome_bounds(const State& s) const {
    const auto [lo, hi] = ConnectFour::outcome_bounds(s);
    return {sign(lo), sign(hi)};
  }
  [[nodiscard]] std::optional<Value> move_outcome(const State& s, Move move) const {
    const auto v = ConnectFour::move_outcome(s, move);
    if (v) return sign(*v);
    return std::nullopt;
  }

 private:
  static Value sign(Value v) { return (v > 0) - (v < 0); }
};

// Pons' driver over the project's alpha-beta searcher: null-window searches that narrow the
// interval [lo, hi] of the scores the root could have (settled at once when the game's outcome
// bounds meet), each probe placed half-way towards the interval's far end from 0 first (scores
// cluster at the extremes: quick wins and losses), the table kept across probes. Fail-soft, so
// each probe returns the bound it proved.
template <class Searcher, class G>
SearchResult bisect_with(Searcher& searcher, const G& game, const typename G::State& root,
                         const SearchLimits& limits) {
  SearchResult r;
  auto [lo, hi] = game.outcome_bounds(root);
  if (lo < hi) {
    // Probes placed as in Pons' driver: from every score the position could still have (a loss
    // at the opponent's next stone up to a win with the mover's next; the weak game's -1..1),
    // not the game's tighter bounds, which the search applies at the root anyway. The same
    // schedule as his: on his sets it needs up to a quarter fewer nodes (Test_L1_R1) than
    // bisecting the tighter interval, and about as many elsewhere.
    if constexpr (std::is_same_v<G, WeakConnectFour>) {
      lo = -1;
      hi = 1;
    } else {
      lo = -(game.cells() - root.moves) / 2;
      hi = (game.cells() + 1 - root.moves) / 2;
    }
  }
  while (lo < hi) {
    Value mid = lo + (hi - lo) / 2;
    if (mid <= 0 && lo / 2 < mid) {
      mid = lo / 2;
    } else if (mid >= 0 && hi / 2 > mid) {
      mid = hi / 2;
    }
    const auto w = searcher.search_window(root, limits.depth, mid, mid + 1);
    if (w.value <= mid) {
      hi = w.value;
    } else {
      lo = w.value;
    }
  }
  r.value = lo;
  r.stats = searcher.stats();
  return r;
}

// With par.threads above 1, each probe is a parallel search (algorithms/parallel.h) over a shared
// table of tt_mb MiB.
template <class G>
SearchResult bisect(const G& game, const ConnectFourEval& eval, const typename G::State& root,
                    const SearchLimits& limits, const AlphaBetaOptions& options,
                    const ParallelOptions& par) {
  if (game.is_terminal(root)) {
    SearchResult r;
    r.value = game.terminal_value(root);
    r.stats.nodes = 1;
    return r;
  }
  if (par.threads > 1) {
    detail::ParallelWindowSearcher<G, ConnectFourEval> searcher(
        game, eval, limits, options, &thread_shared_table(options.tt_mb), {}, par);
    SearchResult r = bisect_with(searcher, game, root, limits);
    r.stats.cpu_ms = searcher.worker_cpu_ms();
    r.thread_nodes = searcher.thread_nodes();
    return r;
  }
  detail::AlphaBetaSearcher<G, ConnectFourEval> searcher(game, eval, limits, options,
                                                         &thread_table(options.tt_mb));
  return bisect_with(searcher, game, root, limits);
}

// Alpha-beta's options from the spec, fail-soft: each bisect probe returns the bound it proved.
AlphaBetaOptions bisect_options(const AlgorithmSpec& spec) {
  AlphaBetaOptions options = alphabeta_options(spec);
  options.fail_soft = true;
  return options;
}

// The --generate positions: a playout of P plies per draw, P in [lo, hi], each draw its own stream.
std::vector<ConnectFour::State> random_positions(const ConnectFour& game, std::uint64_t seed,
                                                 int count, int lo, int hi) {
  std::vector<ConnectFour::State> out;
  std::unordered_set<std::uint64_t> seen;  // Pons' keys: one per position
  const auto max_draws = 1000 * static_cast<std::uint64_t>(count) + 100000;
  for (std::uint64_t draw = 0; static_cast<int>(out.size()) < count; ++draw) {
    if (draw == max_draws) {
      throw ParamError("--generate: only " + std::to_string(out.size()) +
                       " distinct positions of " + std::to_string(lo) + "-" + std::to_string(hi) +
                       " plies in " + std::to_string(max_draws) + " playouts");
    }
    std::uint64_t rng = mix_seed(seed, draw);
    const int plies = lo + static_cast<int>(detail::seeded_pick(
                               splitmix64(rng), static_cast<std::size_t>(hi - lo + 1)));
    ConnectFour::State s = game.initial_state();
    for (int ply = 0; ply < plies && !game.is_terminal(s); ++ply) {
      MovesOf<ConnectFour> moves;
      game.unordered_moves(s, moves);
      game.play(s, moves[detail::seeded_pick(splitmix64(rng), moves.size())]);
    }
    if (game.is_terminal(s) || (s.my_wins & game.playable(s)) != 0) continue;
    if (!seen.insert(game.key(s)).second) continue;
    out.push_back(s);
  }
  return out;
}

void generate(const AlphaBetaOptions& options, int count, std::uint64_t seed, int lo, int hi) {
  const ConnectFour game;
  const ConnectFourEval eval(game, {ConnectFour::default_evaluation(), {}});
  const std::vector<ConnectFour::State> positions = random_positions(game, seed, count, lo, hi);
  std::printf("# connect_four_sets --generate %d --seed %llu --plies %d-%d: moves score\n", count,
              static_cast<unsigned long long>(seed), lo, hi);
  for (const ConnectFour::State& s : positions) {
    const SearchResult r = bisect(game, eval, s, {.depth = kDepthMax}, options, {});
    std::printf("%s %d\n", game.to_string(s).c_str(), r.value);
    std::fflush(stdout);
  }
}

struct Totals {
  long positions = 0;
  long wrong = 0;
  double us = 0;
  double cpu_us = 0;
  double nodes = 0;
  double probes = 0;
  double expanded = 0;
};

template <class G>
int run_sets(const G& game, const AlgorithmSpec& spec, bool use_bisect, const ParallelOptions& par,
             const std::vector<std::string>& sets, bool weak, long limit) {
  const ConnectFourEval eval(game, {ConnectFour::default_evaluation(), {}});
  SearchFunction<G, ConnectFourEval> search;
  if (use_bisect) {
    const AlphaBetaOptions options = bisect_options(spec);
    search = [options, par](const G& g, const ConnectFourEval& e, const typename G::State& s,
                            const SearchLimits& lim,
                            std::uint64_t /*seed*/) { return bisect(g, e, s, lim, options, par); };
  } else {
    search = search_function<G, ConnectFourEval>(spec);
  }
  const SearchLimits limits{.depth = kDepthMax};
  // Fault the thread's table in before the clock runs, as Pons' solver clears its table before
  // each position untimed.
  if (spec.options.values().count("tt_mb") != 0) {
    const auto mib = static_cast<std::size_t>(spec.options.get_int("tt_mb"));
    if (use_bisect && par.threads > 1) {
      thread_shared_table(mib).new_search();  // (its pages are faulted in by the first position)
    } else {
      // In the layout the searches will use, so that the first one does not clear it again.
      thread_table(mib).new_search(TranspositionTable::layout_for(game, true));
      thread_table(mib).clear();
    }
  }
  int status = 0;
  std::printf("# %s%s%s, %s solve\n", use_bisect ? "bisect over " : "", spec.label().c_str(),
              par.threads > 1 ? (", " + std::to_string(par.threads) + " threads " +
                                 (par.scheme == ParallelScheme::kAbdada ? "abdada" : "lazysmp"))
                                    .c_str()
                              : "",
              weak ? "weak" : "strong");
  for (const std::string& path : sets) {
    std::ifstream in(path);
    if (!in) {
      std::fprintf(stderr, "connect_four_sets: cannot read '%s'\n", path.c_str());
      return 2;
    }
    Totals t;
    std::string line;
    for (long line_no = 1; std::getline(in, line) && (limit == 0 || t.positions < limit);
         ++line_no) {
      std::istringstream fields(line);
      std::string moves;
      Value expected = 0;
      if (line.empty() || line[0] == '#') continue;
      if (!(fields >> moves >> expected)) {
        std::fprintf(stderr, "%s:%ld: expected 'moves score', got '%s'\n", path.c_str(), line_no,
                     line.c_str());
        return 2;
      }
      typename G::State s;
      try {
        s = game.parse(moves);
      } catch (const ParseError& e) {
        std::fprintf(stderr, "%s:%ld: %s\n", path.c_str(), line_no, e.what());
        return 2;
      }
      const double cpu0 = thread_cpu_ms();
      const auto t0 = std::chrono::steady_clock::now();
      const SearchResult r = search(game, eval, s, limits, 0);
      const auto t1 = std::chrono::steady_clock::now();
      // A parallel search's threads worked while this one waited.
      t.cpu_us += (thread_cpu_ms() - cpu0 + (r.thread_nodes.empty() ? 0.0 : r.stats.cpu_ms)) * 1e3;
      const double us = std::chrono::duration<double, std::micro>(t1 - t0).count();
      const Value want = weak ? (expected > 0) - (expected < 0) : expected;
      ++t.positions;
      t.wrong += r.value != want;
      t.us += us;
      t.nodes += static_cast<double>(r.stats.nodes);
      t.probes += static_cast<double>(r.stats.tt_probes);
      t.expanded += static_cast<double>(r.stats.interior);
      std::printf("%s %d %d %llu %.1f%s\n", moves.c_str(), want, r.value,
                  static_cast<unsigned long long>(r.stats.nodes), us,
                  r.value != want ? " WRONG" : "");
    }
    if (t.positions == 0) continue;
    const auto n = static_cast<double>(t.positions);
    std::printf(
        "# set %s positions %ld wrong %ld mean_us %.2f mean_nodes %.1f mean_cpu_us %.2f "
        "mean_probes %.1f mean_expanded %.1f\n",
        path.substr(path.find_last_of('/') + 1).c_str(), t.positions, t.wrong, t.us / n,
        t.nodes / n, t.cpu_us / n, t.probes / n, t.expanded / n);
    std::fflush(stdout);
    if (t.wrong != 0) status = 1;
  }
  return status;
}

}  // namespace
}  // namespace gts

int main(int argc, char** argv) {
  CLI::App app{
      "Solves Connect Four positions in Pascal Pons' set format and checks them against the file"};
  std::string algorithm = "bisect";
  std::vector<std::string> options;
  bool weak = false;
  long limit = 0;
  std::vector<std::string> sets;
  app.add_option("--algorithm", algorithm,
                 "a registered algorithm (harness algorithms), or bisect: Pons' null-window "
                 "driver over alpha-beta (takes alpha-beta's options)")
      ->capture_default_str();
  app.add_option("--option", options,
                 "KEY=VALUE for the algorithm, repeated (without any: tt=on etc=on tt_mb=64 for "
                 "bisect, alphabeta and negascout, tt_mb=64 for the MT family)")
      ->allow_extra_args(false);  // one KEY=VALUE each time: a set file after it is a set
  app.add_flag("--weak", weak, "win/draw/loss only (null window around 0) instead of the score");
  app.add_option("--limit", limit, "solve only the first N positions of each set");
  int threads = 1;
  std::string smp = "abdada";
  app.add_option("--threads", threads,
                 "bisect only: each probe a parallel search on N threads over a shared table of "
                 "tt_mb MiB")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  app.add_option("--smp", smp, "with --threads: abdada or lazy (Lazy SMP)")
      ->check(CLI::IsMember({"abdada", "lazy"}))
      ->capture_default_str();
  int generate = 0;
  std::uint64_t seed = 1;
  std::string plies = "12-18";
  auto* generate_opt =
      app.add_option(
             "--generate", generate,
             "write a set of N seeded random positions, scored by bisect, to standard output")
          ->check(CLI::Range(1, 100000));
  app.add_option("--seed", seed, "with --generate: the set's seed")
      ->capture_default_str()
      ->needs(generate_opt);
  app.add_option("--plies", plies, "with --generate: LO-HI, the stones on the board (0-41)")
      ->capture_default_str()
      ->needs(generate_opt);
  app.add_option("sets", sets, "set files (e.g. Test_L1_R2)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;  // --help is 0; a bad option, like every bad input here, 2
  }
  try {
    std::map<std::string, std::string> opts;
    for (const auto& kv : options) opts.insert(gts::split_key_value(kv, "--option"));
    const bool use_bisect = algorithm == "bisect";
    const std::string name = gts::find_algorithm_info(use_bisect ? "alphabeta" : algorithm).name;
    if (options.empty() && (name == "alphabeta" || name == "negascout")) {
      // No history: it would reorder the game's threat-ordered moves, which are better here.
      opts = {{"tt", "on"}, {"etc", "on"}, {"tt_mb", "64"}};
    } else if (options.empty() && (name == "mtd(f)" || name == "mt-sss*" || name == "mt-dual*")) {
      opts = {{"tt_mb", "64"}};
    }
    const gts::AlgorithmSpec spec = gts::make_algorithm_spec(name, opts);
    if (threads > 1 && !use_bisect) {
      throw gts::ParamError(
          "--threads is bisect's; give a parallel algorithm its own "
          "--option threads=N");
    }
    if (generate > 0) {
      if (weak || !sets.empty() || !use_bisect || threads > 1) {
        throw gts::ParamError(
            "--generate scores new positions exactly with bisect on one thread: no --weak, "
            "--algorithm, --threads or SET");
      }
      int lo = 0;
      int hi = 0;
      char dash = 0;
      std::istringstream range(plies);
      if (!(range >> lo >> dash >> hi) || dash != '-' || !range.eof() || lo < 0 || lo > hi ||
          hi > 41) {
        throw gts::ParamError("--plies: expected LO-HI with 0 <= LO <= HI <= 41, got '" + plies +
                              "'");
      }
      gts::generate(gts::bisect_options(spec), generate, seed, lo, hi);
      return 0;
    }
    if (sets.empty()) throw gts::ParamError("no SET given (or --generate N)");
    const gts::ParallelOptions par{
        .threads = threads,
        .scheme = smp == "lazy" ? gts::ParallelScheme::kLazySmp : gts::ParallelScheme::kAbdada};
    if (weak) {
      return gts::run_sets(gts::WeakConnectFour(), spec, use_bisect, par, sets, true, limit);
    }
    return gts::run_sets(gts::ConnectFour(), spec, use_bisect, par, sets, false, limit);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "connect_four_sets: %s\n", e.what());
    return 2;
  }
}
