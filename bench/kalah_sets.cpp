// kalah_sets: seeded sets of Kalah positions, solved to the end by registered algorithms.
//
//   kalah_sets --generate N [--seed S] [--seeds 3,4] [--capture empty,nonempty] [--left 20-40]
//   kalah_sets [--algorithm NAME] [--option KEY=VALUE]... [--max-ms MS] [--endgame N] SET...
//   kalah_sets --matrix [--option tt_mb=MIB] [--max-ms MS] [--peer FILE --cap-factor F] SET...
//
// A set is a text file, one position a line: "PITS SEEDS CAPTURE POSITION" (POSITION in the
// game's notation, e.g. "0,4,4,...:N"; '#' starts a comment). --generate writes one: for every
// (seeds, capture) pair N positions of Kalah(6,seeds) from bench/kalah_positions.h (seeded random
// playouts stopped at the first position with at most T seeds left in the houses, T drawn from the
// --left range); the same arguments give the same set on every platform. The sets in
// bench/kalah_positions/ were made so:
//   random_20_40.txt  --generate 10 --seed 1                      (40: (6,3), (6,4), both rules)
//   midgame_50.txt    --generate 25 --seed 2 --capture nonempty --left 20-30  (CMancala's rule)
//
// Solving (default algorithm: alphabeta with --option tt=on, the issue's "tt=on alone") prints a
// line a position: index, variant, seeds left, value, best move, nodes, CPU ms (thread CPU time
// of the search alone), wall ms, complete (0 when --max-ms of CPU time stopped it); then the
// summary: max and median CPU ms, how many over 1 s, total nodes. Every position starts from an
// empty table (the table is emptied in O(1) per search and faulted in before the first clock
// starts).
//
// --matrix solves every position with every option combination of issue 13: fail (hard|soft) x
// ordering (none|static) x tt (off|on) x id (off|on) x history (off|on) for alphabeta and
// negascout, mtd(f) without and with id, and `solve`; each search is stopped after --max-ms of its
// CPU time (or, with --peer, max(1.2 x F x the peer's CPU time, 20 ms)), and a combination once
// stopped skips the later positions (--no-give-up: it does not). It prints one row a combination:
// positions solved, total and max CPU ms, the worst ratio to the fastest combination on a
// position and, with --peer, the worst ratio to the peer's CPU time (the cmancala_driver output:
// "INDEX VALUE MOVE NODES CPU_MS WALL_MS"); values are checked against the peer's and between
// combinations. '>' marks a row with a stopped search: its numbers are lower bounds.
// Exit code 1 when two answers disagree.
#include <pthread.h>
#include <time.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "algorithms/search.h"
#include "algorithms/search_common.h"
#include "algorithms/transposition_table.h"
#include "bench/kalah_positions.h"
#include "games/kalah/kalah.h"
#include "harness/algorithms/algorithm_list.h"
#include "harness/registry.h"

namespace gts {
namespace {

struct Entry {
  int pits = 6;
  int seeds = 3;
  std::string capture;
  std::string position;
};

// --endgame: the size of the games' endgame database (0: none).
int endgame_seeds = 0;

Kalah make_kalah(int pits, int seeds, const std::string& capture) {
  const std::map<std::string, std::string> p{{"pits", std::to_string(pits)},
                                             {"seeds", std::to_string(seeds)},
                                             {"capture", capture},
                                             {"endgame", std::to_string(endgame_seeds)}};
  return Kalah(resolve_params(Kalah::param_specs(), p, "kalah_sets"));
}

// Makes the endgame database of each board and rule in `set` (read from the cache folder or
// built) before any search is timed, and says how long each took.
template <class Set>
void build_endgames(const Set& set) {
  if (endgame_seeds == 0) return;
  std::map<std::pair<int, std::string>, bool> built;
  for (const auto& e : set) {
    if (built[{e.pits, e.capture}]) continue;
    built[{e.pits, e.capture}] = true;
    const double t0 = wall_ms();
    const Kalah game = make_kalah(e.pits, e.seeds, e.capture);
    const KalahEndgame& db = *game.endgame();
    std::printf(
        "# endgame database, %d houses a side, %s capture, up to %d seeds: %llu bytes, "
        "%d of its %d tables read from %s, ready in %.0f ms\n",
        e.pits, e.capture.c_str(), db.max_seeds(), static_cast<unsigned long long>(db.bytes()),
        db.tables_read(), db.max_seeds() + 1, kalah_endgame_cache_dir().c_str(), wall_ms() - t0);
  }
}

int houses(const Kalah& game, const Kalah::State& s) { return kalah_seeds_left(game, s); }

std::vector<int> parse_ints(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) out.push_back(std::stoi(item));
  return out;
}

std::vector<std::string> parse_words(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) out.push_back(item);
  return out;
}

void generate(int count, std::uint64_t seed, const std::vector<int>& seed_counts,
              const std::vector<std::string>& captures, int lo, int hi) {
  std::printf(
      "# kalah_sets --generate %d --seed %llu: Kalah(6,s), %d-%d seeds left in the houses\n", count,
      static_cast<unsigned long long>(seed), lo, hi);
  for (int seeds : seed_counts) {
    for (const std::string& capture : captures) {
      const Kalah game = make_kalah(6, seeds, capture);
      for (const Kalah::State& s : kalah_random_positions(game, seed, count, lo, hi)) {
        std::printf("6 %d %s %s\n", seeds, capture.c_str(), game.to_string(s).c_str());
      }
    }
  }
}

std::vector<Entry> read_sets(const std::vector<std::string>& paths) {
  std::vector<Entry> out;
  for (const std::string& path : paths) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read '" + path + "'");
    std::string line;
    for (int line_no = 1; std::getline(in, line); ++line_no) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream fields(line);
      Entry e;
      if (!(fields >> e.pits >> e.seeds >> e.capture >> e.position)) {
        throw std::runtime_error(path + ":" + std::to_string(line_no) +
                                 ": expected 'PITS SEEDS CAPTURE POSITION'");
      }
      out.push_back(e);
    }
  }
  return out;
}

struct Solved {
  Value value = 0;
  Move move = kNoMove;
  std::uint64_t nodes = 0;
  double cpu_ms = 0;
  double wall_ms = 0;
  bool complete = false;
};

Solved solve_one(const Entry& e, const AlgorithmSpec& spec, double max_ms) {
  const Kalah game = make_kalah(e.pits, e.seeds, e.capture);
  const KalahEval eval(game, {Kalah::default_evaluation(), {}});
  const auto search = search_function<Kalah, KalahEval>(spec);
  const Kalah::State s = game.parse(e.position);
  // The cap is on the search thread's CPU time, not the wall clock (SearchLimits::max_ms), so
  // that a loaded machine stops no search early: a watcher raises the stop flag.
  std::atomic<bool> stop{false};
  std::atomic<bool> done{false};
  SearchLimits limits{.depth = kDepthMax};
  limits.stop = &stop;
  clockid_t clock{};
  pthread_getcpuclockid(pthread_self(), &clock);
  const double cpu0 = thread_cpu_ms();
  std::thread watcher;
  if (max_ms > 0) {
    watcher = std::thread([&] {
      while (!done.load()) {
        timespec ts{};
        clock_gettime(clock, &ts);
        const double ms =
            static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
        if (ms - cpu0 > max_ms) {
          stop.store(true);
          return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    });
  }
  const double wall0 = wall_ms();
  const SearchResult r = search(game, eval, s, limits, 0);
  Solved out;
  out.wall_ms = wall_ms() - wall0;
  out.cpu_ms = thread_cpu_ms() - cpu0;
  done.store(true);
  if (watcher.joinable()) watcher.join();
  out.value = r.value;
  out.move = r.best_move;
  out.nodes = r.stats.nodes;
  out.complete = r.complete && r.depth == kDepthMax;
  return out;
}

// Faults the tables the specs use in before any clock runs.
// A search to the end uses the thread's table of (tt_mb, tt_max_mb): that one, or the first search
// of each size would pay for faulting its pages in (and the kernel for finding huge pages).
void fault_in(const std::vector<AlgorithmSpec>& specs) {
  std::map<std::pair<std::int64_t, std::int64_t>, bool> done;
  for (const AlgorithmSpec& spec : specs) {
    const auto& o = spec.options.values();
    if (o.count("tt_mb") == 0) continue;
    const std::int64_t mib = spec.options.get_int("tt_mb");
    const std::int64_t max_mib = o.count("tt_max_mb") ? spec.options.get_int("tt_max_mb") : mib;
    if (!done[{mib, max_mib}]) {
      thread_table(static_cast<std::size_t>(mib), static_cast<std::size_t>(max_mib)).clear();
    }
    done[{mib, max_mib}] = true;
  }
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int run_one(const std::vector<Entry>& set, const AlgorithmSpec& spec, double max_ms) {
  fault_in({spec});
  std::printf("# %s --depth max%s\n", spec.label().c_str(),
              max_ms > 0 ? (" --max-ms " + std::to_string(max_ms)).c_str() : "");
  std::printf("# %-4s %-16s %5s %6s %4s %12s %10s %10s %s\n", "idx", "variant", "left", "value",
              "move", "nodes", "cpu_ms", "wall_ms", "complete");
  std::vector<double> cpu;
  long over = 0;
  long unsolved = 0;
  double nodes = 0;
  for (std::size_t i = 0; i < set.size(); ++i) {
    const Entry& e = set[i];
    const Kalah game = make_kalah(e.pits, e.seeds, e.capture);
    const Solved r = solve_one(e, spec, max_ms);
    const std::string variant =
        "(" + std::to_string(e.pits) + "," + std::to_string(e.seeds) + ")" + e.capture;
    std::printf("%-6zu %-16s %5d %6d %4d %12llu %10.2f %10.2f %d\n", i + 1, variant.c_str(),
                houses(game, game.parse(e.position)), r.value, r.move,
                static_cast<unsigned long long>(r.nodes), r.cpu_ms, r.wall_ms, r.complete ? 1 : 0);
    std::fflush(stdout);
    cpu.push_back(r.cpu_ms);
    over += r.cpu_ms > 1000.0 || !r.complete;
    unsolved += !r.complete;
    nodes += static_cast<double>(r.nodes);
  }
  std::printf(
      "# positions %zu max_cpu_ms %.2f median_cpu_ms %.2f over_1s %ld unsolved %ld "
      "total_nodes %.0f\n",
      set.size(), cpu.empty() ? 0.0 : *std::max_element(cpu.begin(), cpu.end()), median(cpu), over,
      unsolved, nodes);
  return 0;
}

struct Peer {
  Value value = 0;
  double cpu_ms = 0;
};

std::map<std::size_t, Peer> read_peer(const std::string& path) {
  std::map<std::size_t, Peer> out;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::size_t index = 0;
    Peer p;
    std::string value;
    if (!(f >> index >> value) || value == "skip") continue;
    unsigned long long nodes = 0;
    double wall = 0;
    int move = 0;
    p.value = static_cast<Value>(std::stol(value));
    f >> move >> nodes >> p.cpu_ms >> wall;
    out[index] = p;
  }
  return out;
}

struct Combination {
  std::string label;
  AlgorithmSpec spec;
};

std::vector<Combination> combinations(const std::string& tt_mb) {
  std::vector<Combination> out;
  for (const char* algorithm : {"alphabeta", "negascout"}) {
    for (const char* fail : {"hard", "soft"}) {
      for (const char* ordering : {"none", "static"}) {
        for (const char* tt : {"off", "on"}) {
          for (const char* id : {"off", "on"}) {
            for (const char* history : {"off", "on"}) {
              std::map<std::string, std::string> o{{"fail", fail},
                                                   {"ordering", ordering},
                                                   {"tt", tt},
                                                   {"id", id},
                                                   {"history", history}};
              if (!tt_mb.empty()) o["tt_mb"] = tt_mb;
              std::string label = std::string(algorithm == std::string("alphabeta") ? "ab" : "ns") +
                                  " " + fail + " " + ordering + " tt=" + tt + " id=" + id +
                                  " hist=" + history;
              out.push_back({label, make_algorithm_spec(algorithm, o)});
            }
          }
        }
      }
    }
  }
  for (const char* id : {"off", "on"}) {
    std::map<std::string, std::string> o{{"id", id}};
    if (!tt_mb.empty()) o["tt_mb"] = tt_mb;
    out.push_back({std::string("mtd(f) id=") + id, make_algorithm_spec("mtd(f)", o)});
  }
  out.push_back({"solve", make_algorithm_spec("solve", {})});
  return out;
}

int run_matrix(const std::vector<Entry>& set, const std::string& tt_mb, double max_ms,
               const std::string& peer_path, double cap_factor, bool verbose, bool give_up) {
  const std::vector<Combination> combos = combinations(tt_mb);
  std::vector<AlgorithmSpec> specs;
  for (const Combination& c : combos) specs.push_back(c.spec);
  fault_in(specs);
  std::map<std::size_t, Peer> peer;
  if (!peer_path.empty()) peer = read_peer(peer_path);
  // cpu[c][p]; negative: stopped.
  std::vector<std::vector<Solved>> results(combos.size(), std::vector<Solved>(set.size()));
  // A combination stopped once is over the cap already: it skips the later positions (unless
  // --no-give-up), which spares hours of searches whose verdict is known.
  std::vector<std::size_t> stopped_at(combos.size(), 0);
  int status = 0;
  for (std::size_t p = 0; p < set.size(); ++p) {
    double cap = max_ms;
    const auto pi = peer.find(p + 1);
    if (pi != peer.end() && cap_factor > 0)
      cap = std::max(1.2 * cap_factor * pi->second.cpu_ms, 20.0);
    std::optional<Value> exact;
    if (pi != peer.end()) exact = pi->second.value;
    for (std::size_t c = 0; c < combos.size(); ++c) {
      if (give_up && stopped_at[c] != 0) continue;
      const Solved r = solve_one(set[p], combos[c].spec, cap);
      results[c][p] = r;
      if (!r.complete && stopped_at[c] == 0) stopped_at[c] = p + 1;
      if (verbose) {
        std::printf("%zu %s %d %llu %.2f %d\n", p + 1, combos[c].label.c_str(), r.value,
                    static_cast<unsigned long long>(r.nodes), r.cpu_ms, r.complete ? 1 : 0);
        std::fflush(stdout);
      }
      if (!r.complete) continue;
      if (exact && *exact != r.value) {
        std::fprintf(stderr, "position %zu: %s says %d, expected %d\n", p + 1,
                     combos[c].label.c_str(), r.value, *exact);
        status = 1;
      }
      if (!exact) exact = r.value;
    }
    std::fprintf(stderr, "position %zu/%zu done\n", p + 1, set.size());
  }
  // The fastest complete combination a position.
  std::vector<double> best(set.size(), 0);
  for (std::size_t p = 0; p < set.size(); ++p) {
    double b = -1;
    for (std::size_t c = 0; c < combos.size(); ++c) {
      const Solved& r = results[c][p];
      if (r.complete && (b < 0 || r.cpu_ms < b)) b = r.cpu_ms;
    }
    best[p] = b;
  }
  std::printf("| combination | solved | total CPU ms | max CPU ms | worst / best | worst / %s |\n",
              peer.empty() ? "peer (none)" : "CMancala");
  std::printf("|---|---|---|---|---|---|\n");
  for (std::size_t c = 0; c < combos.size(); ++c) {
    long solved = 0;
    double total = 0;
    double worst_best = 0;
    double worst_peer = 0;
    double max_cpu = 0;
    bool stopped = false;
    for (std::size_t p = 0; p < set.size(); ++p) {
      const Solved& r = results[c][p];
      solved += r.complete;
      stopped = stopped || !r.complete;
      total += r.cpu_ms;
      max_cpu = std::max(max_cpu, r.cpu_ms);
      if (best[p] > 0) worst_best = std::max(worst_best, r.cpu_ms / best[p]);
      const auto pi = peer.find(p + 1);
      if (pi != peer.end() && pi->second.cpu_ms > 0) {
        worst_peer = std::max(worst_peer, r.cpu_ms / pi->second.cpu_ms);
      }
    }
    const char* more = stopped ? ">" : "";
    const std::string first_stop =
        stopped_at[c] == 0 ? "" : " (stopped at #" + std::to_string(stopped_at[c]) + ")";
    std::printf("| %s | %ld/%zu%s | %s%.0f | %s%.1f | %s%.2f | ", combos[c].label.c_str(), solved,
                set.size(), first_stop.c_str(), more, total, more, max_cpu, more, worst_best);
    if (peer.empty()) {
      std::printf("- |\n");
    } else {
      std::printf("%s%.2f |\n", more, worst_peer);
    }
  }
  if (!peer.empty()) {
    double total = 0;
    double max_cpu = 0;
    for (const auto& [i, p] : peer) {
      total += p.cpu_ms;
      max_cpu = std::max(max_cpu, p.cpu_ms);
    }
    std::printf("| CMancala SOLVE | %zu/%zu | %.0f | %.1f | | 1.00 |\n", peer.size(), set.size(),
                total, max_cpu);
  }
  return status;
}

}  // namespace
}  // namespace gts

int main(int argc, char** argv) {
  CLI::App app{"Seeded sets of Kalah positions, solved to the end (see the file's comment)"};
  int generate = 0;
  std::uint64_t seed = 1;
  std::string seeds = "3,4";
  std::string captures = "empty,nonempty";
  std::string left = "20-40";
  std::string algorithm = "alphabeta";
  std::vector<std::string> options;
  double max_ms = 0;
  bool matrix = false;
  bool verbose = false;
  bool no_give_up = false;
  std::string peer;
  double cap_factor = 0;
  std::vector<std::string> sets;
  app.add_option("--generate", generate, "write a set: N positions per (seeds, capture) pair");
  app.add_option("--seed", seed, "the set's seed")->capture_default_str();
  app.add_option("--seeds", seeds, "seed counts of Kalah(6,s), comma-separated")
      ->capture_default_str();
  app.add_option("--capture", captures, "capture rules, comma-separated")->capture_default_str();
  app.add_option("--left", left, "range of seeds left in the houses, LO-HI")->capture_default_str();
  app.add_option("--algorithm", algorithm, "a registered algorithm")->capture_default_str();
  app.add_option("--option", options,
                 "KEY=VALUE for the algorithm, repeated (none: tt=on for alphabeta and "
                 "negascout); with --matrix only tt_mb")
      ->allow_extra_args(false);  // one KEY=VALUE each time: a set file after it is a set
  app.add_option("--max-ms", max_ms,
                 "stop each search after this many ms of its CPU time (0: never)");
  app.add_flag("--matrix", matrix, "every option combination of issue 13 on every position");
  app.add_flag("--verbose", verbose, "with --matrix: a line per position and combination");
  app.add_flag("--no-give-up", no_give_up,
               "with --matrix: search a combination on every position, even after one was stopped");
  app.add_option("--peer", peer, "cmancala_driver output for the same set (--matrix)");
  app.add_option("--cap-factor", cap_factor,
                 "with --peer: stop a search at max(1.2 x F x the peer's CPU time, 20 ms)");
  app.add_option("--endgame", gts::endgame_seeds,
                 "the games' endgame database: positions with at most this many seeds in the "
                 "houses (0: none; read from $GTS_CACHE_DIR or built before the first search, "
                 "timed apart)");
  app.add_option("sets", sets, "set files");
  CLI11_PARSE(app, argc, argv);
  try {
    if (generate > 0) {
      const auto range = gts::parse_ints([&] {
        std::string t = left;
        std::replace(t.begin(), t.end(), '-', ',');
        return t;
      }());
      if (range.size() != 2 || range[0] > range[1]) throw std::runtime_error("--left: LO-HI");
      gts::generate(generate, seed, gts::parse_ints(seeds), gts::parse_words(captures), range[0],
                    range[1]);
      return 0;
    }
    if (sets.empty()) throw std::runtime_error("no set files (or --generate N)");
    const auto set = gts::read_sets(sets);
    gts::build_endgames(set);
    std::map<std::string, std::string> opts;
    for (const auto& kv : options) opts.insert(gts::split_key_value(kv, "--option"));
    if (matrix) {
      const auto mb = opts.find("tt_mb");
      return gts::run_matrix(set, mb == opts.end() ? "" : mb->second, max_ms, peer, cap_factor,
                             verbose, !no_give_up);
    }
    const std::string name = gts::find_algorithm_info(algorithm).name;
    if (options.empty() && (name == "alphabeta" || name == "negascout")) opts = {{"tt", "on"}};
    return gts::run_one(set, gts::make_algorithm_spec(name, opts), max_ms);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kalah_sets: %s\n", e.what());
    return 2;
  }
}
