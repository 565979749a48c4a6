// The registry entries of the parallel alpha-beta searches (algorithms/parallel.h): lazysmp and
// abdada, alpha-beta's options over a table the threads share, plus `threads`.
#pragma once

#include <string>
#include <vector>

#include "algorithms/parallel.h"
#include "harness/algorithms/alphabeta_entry.h"

namespace gts {

inline ParamSpec threads_spec(const std::string& what) {
  return ParamSpec::integer("threads", 1, 1, 256,
                            "search threads (" + what +
                                "); a tournament running games in parallel runs fewer games at "
                                "once so that games x threads fit the cores it was given");
}

// The `threads` option, for game type G: a traced game (harness tree) records one search's visits
// in one trie, which threads cannot share, so it takes one thread.
template <Game G>
int threads_option(const Params& p) {
  const auto threads = static_cast<int>(p.get_int("threads"));
  if (ObservedGame<G> && threads > 1) {
    throw ParamError("threads=" + std::to_string(threads) +
                     ": a traced search (harness tree) runs on one thread; give threads=1");
  }
  return threads;
}

// alphabeta's options less `tt` (always on: the table is what the threads share) and `tt_max_mb`
// (the shared table does not grow), plus `threads`.
inline std::vector<ParamSpec> parallel_option_specs(const std::string& what) {
  std::vector<ParamSpec> specs;
  for (ParamSpec& s : alphabeta_option_specs("hard")) {
    if (s.name == "tt" || s.name == "tt_max_mb") continue;
    if (s.name == "tt_mb") {
      s.help =
          "size in MiB of the transposition table the threads share (it does not grow: "
          "give an exact solve what it needs)";
    }
    specs.push_back(std::move(s));
  }
  specs.push_back(threads_spec(what));
  return specs;
}

// lazysmp (kAbdada false) and abdada. Not in `harness bench`: parallel node counts vary from run
// to run, and the bench's total is a signature.
template <bool kAbdada>
struct ParallelEntry {
  static AlgorithmInfo info() {
    const AlgorithmFacts facts = {
        .anytime = true, .anytime_option = "id", .seeded = true, .tree_exponent = 0.5};
    if (kAbdada) {
      return {"abdada",
              {},
              "ABDADA (Weill 1996): alpha-beta on `threads` threads over one shared lock-free "
              "table; a young brother another thread is searching is put off until its "
              "siblings are done",
              parallel_option_specs("ABDADA"),
              facts};
    }
    return {"lazysmp",
            {"lazy-smp"},
            "Lazy SMP: alpha-beta on `threads` threads searching the same root over one shared "
            "lock-free table, each starting on a different root move",
            parallel_option_specs("Lazy SMP"),
            facts};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec& spec) {
    // alphabeta's options read back as alphabeta's, with the table on.
    auto values = spec.options.values();
    values["tt"] = "on";
    values["tt_max_mb"] = values["tt_mb"];
    const AlphaBetaOptions options = alphabeta_options(AlgorithmSpec{spec.name, Params(values)});
    const ParallelOptions par{
        .threads = threads_option<G>(spec.options),
        .scheme = kAbdada ? ParallelScheme::kAbdada : ParallelScheme::kLazySmp};
    return [options, par, mib = table_mib(spec.options)](
               const G& g, const E& ev, const typename G::State& s, const SearchLimits& lim,
               std::uint64_t seed) {
      AlphaBetaOptions o = options;
      o.seed = seed;
      return parallel_alphabeta(g, ev, s, lim, o, par, thread_shared_table(mib));
    };
  }
};

}  // namespace gts
