// The best-first searches: Stockman's SSS*, and the MT family of Plaat et al. (1996) that
// reformulates it as null-window passes over a transposition table (MT-SSS*, MT-DUAL*, MTD(f)),
// with `solve`, MTD(f) tuned for exact solving.
#pragma once

#include "algorithms/mtd.h"
#include "algorithms/solve.h"
#include "algorithms/sss_star.h"
#include "harness/algorithms/algorithm_entry.h"
#include "harness/algorithms/parallel_entry.h"

namespace gts {

inline ParamSpec mt_table_spec() {
  return ParamSpec::integer("tt_mb", 16, 1, 4096,
                            "transposition table size in MiB (MT stores every position it "
                            "searched, leaves included; a table too small re-evaluates leaves)");
}

struct SssStarEntry {
  static AlgorithmInfo info() {
    return {"sss*",
            {"sss"},
            "Stockman's SSS*: best-first search over solution trees with a priority queue "
            "OPEN; never evaluates a leaf that alpha-beta prunes",
            {},
            {.tree_exponent = 0.5},
            {{"sss*", {}}}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec&) {
    return [](const G& g, const E& ev, const typename G::State& s, const SearchLimits& lim,
              std::uint64_t) { return sss_star(g, ev, s, lim, SssOptions{}); };
  }
};

// MT-SSS* (kDual false) and MT-DUAL*, which differ only in the side the passes start from.
template <bool kDual>
struct MtStarEntry {
  static AlgorithmInfo info() {
    return {kDual ? "mt-dual*" : "mt-sss*",
            {kDual ? "mt-dual" : "mt-sss"},
            kDual ? "MT-DUAL* (Plaat et al. 1996): null-window alpha-beta passes over a "
                    "transposition table from -inf up"
                  : "MT-SSS* (Plaat et al. 1996): null-window alpha-beta passes over a "
                    "transposition table from +inf down; evaluates the same leaves as SSS*",
            {mt_table_spec(), table_growth_spec()},
            AlgorithmFacts{},
            {{kDual ? "mt-dual*" : "mt-sss*", {}}}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec& spec) {
    const MtOptions options{.tt_mb = table_mib(spec.options)};
    return [options, tables = TableSizes(spec.options)](const G& g, const E& ev,
                                                        const typename G::State& s,
                                                        const SearchLimits& lim, std::uint64_t) {
      TranspositionTable* table = &tables.for_search(lim);
      return kDual ? mt_dual_star(g, ev, s, lim, options, table)
                   : mt_sss_star(g, ev, s, lim, options, table);
    };
  }
};

struct MtdfEntry {
  static AlgorithmInfo info() {
    using S = ParamSpec;
    return {"mtd(f)",
            {"mtdf"},
            "MTD(f) (Plaat et al. 1996): null-window passes over a transposition table from a "
            "first guess, bounds narrowed from both sides",
            {S::choice("id", "off", {"off", "on"},
                       "iterative deepening: each depth's value is the next one's first guess, "
                       "and the table's best moves go first"),
             S::integer("first_guess", 0, -999'999'999, 999'999'999,
                        "first guess of the value (the first iteration's, with id)"),
             S::choice("hints", "auto", {"auto", "on", "off"},
                       "the game's move-ordering hints after the table's move; auto: on in "
                       "searches to the end (depth max)"),
             mt_table_spec(), table_growth_spec()},
            {.anytime = true, .anytime_option = "id"},
            {{"mtd(f) id", {{"id", "on"}}}}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec& spec) {
    const MtdfOptions options{
        .first_guess = static_cast<Value>(spec.options.get_int("first_guess")),
        .iterative_deepening = spec.options.get("id") == "on",
        .tt_mb = table_mib(spec.options),
        .hints = hints_option(spec.options)};
    return [options, tables = TableSizes(spec.options)](
               const G& g, const E& ev, const typename G::State& s, const SearchLimits& lim,
               std::uint64_t) { return mtdf(g, ev, s, lim, options, &tables.for_search(lim)); };
  }
};

// An exact solve; with id on it deepens iteratively, so that a budget leaves a searched move.
struct SolveEntry {
  static AlgorithmInfo info() {
    return {"solve",
            {},
            "exact solve (use --depth max): MTD(f) over the two-bound table with the game's "
            "move hints and solving keys; prints the principal variation to the end",
            {ParamSpec::choice("id", "off", {"off", "on"},
                               "iterative deepening: depth 1, 2, ... over one table, each depth's "
                               "value the next one's first guess; a node or time budget then "
                               "plays the last completed depth's move (tournaments turn it on "
                               "under a budget). off: one exact bisection, which a budget only "
                               "stops"),
             ParamSpec::integer("tt_mb", static_cast<std::int64_t>(SolveOptions{}.tt_mb), 1, 4096,
                                "transposition table size in MiB (where it starts)"),
             ParamSpec::integer("tt_max_mb", static_cast<std::int64_t>(SolveOptions{}.tt_max_mb), 1,
                                65536,
                                "the table doubles, keeping its entries, when it fills, up to "
                                "this size in MiB (at or below tt_mb: never grows); the threads' "
                                "shared table grows the same way"),
             threads_spec("each MTD(f) pass a parallel search"),
             ParamSpec::choice("smp", "abdada", {"abdada", "lazy"},
                               "with threads: how the threads share a pass, ABDADA or Lazy SMP "
                               "(docs/results/parallel.md)")},
            {.anytime = true, .anytime_option = "id", .table_always_grows = true}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec& spec) {
    const SolveOptions options{
        .tt_mb = table_mib(spec.options),
        .tt_max_mb = table_mib(spec.options, "tt_max_mb"),
        .iterative_deepening = spec.options.get("id") == "on",
        .parallel = {.threads = threads_option<G>(spec.options),
                     .scheme = spec.options.get("smp") == "lazy" ? ParallelScheme::kLazySmp
                                                                 : ParallelScheme::kAbdada}};
    return [options](const G& g, const E& ev, const typename G::State& s, const SearchLimits& lim,
                     std::uint64_t) {
      if (options.parallel.threads > 1) {
        return solve_parallel(g, ev, s, lim, options,
                              thread_shared_table(options.tt_mb, options.table_max_mb()));
      }
      return solve(g, ev, s, lim, options, &thread_table(options.tt_mb, options.table_max_mb()));
    };
  }
};

}  // namespace gts
