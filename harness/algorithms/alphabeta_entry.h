// The registry entries of the depth-first searches: minimax and the random baseline, which have no
// options, and the window searches alphabeta and negascout, which share theirs (the enhancements
// of alphabeta.h).
#pragma once

#include "algorithms/alphabeta.h"
#include "algorithms/minimax.h"
#include "algorithms/negascout.h"
#include "algorithms/random_move.h"
#include "harness/algorithms/algorithm_entry.h"

namespace gts {

struct MinimaxEntry {
  static AlgorithmInfo info() {
    return {"minimax",
            {},
            "plain full-width minimax (negamax form): the reference",
            {},
            {.reference = true, .tree_exponent = 1},
            {{"minimax", {}}}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec&) {
    return [](const G& g, const E& ev, const typename G::State& s, const SearchLimits& lim,
              std::uint64_t) { return minimax(g, ev, s, lim); };
  }
};

struct RandomEntry {
  static AlgorithmInfo info() {
    return {"random",
            {},
            "a uniformly random legal move (seeded): a baseline player",
            {},
            {.anytime = true, .seeded = true, .searches = false}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec&) {
    return [](const G& g, const E&, const typename G::State& s, const SearchLimits&,
              std::uint64_t seed) { return random_move(g, s, seed); };
  }
};

// alphabeta's options; negascout takes the same with fail-soft as its default.
inline std::vector<ParamSpec> alphabeta_option_specs(const std::string& fail_default) {
  using S = ParamSpec;
  return {S::choice("fail", fail_default, {"hard", "soft"},
                    "hard: the classic Minimax-ab, values clamped to the window; soft: the best "
                    "value found, even outside the window"),
          S::choice("ordering", "none", {"none", "static"},
                    "static: children sorted by their static evaluation before they are searched"),
          S::choice("tt", "off", {"off", "on"},
                    "transposition table storing bounds and the best move (searched first)"),
          S::integer("tt_mb", 16, 1, 4096, "transposition table size in MiB"),
          table_growth_spec(),
          S::choice("id", "off", {"off", "on"},
                    "iterative deepening: depth 1, 2, ... up to the depth; under a node or time "
                    "budget the last completed iteration's move is played"),
          S::choice("history", "off", {"off", "on"},
                    "history heuristic: moves that caused cut-offs before are searched first"),
          S::choice("etc", "off", {"off", "on"},
                    "enhanced transposition cut-offs (with tt): probe every child before "
                    "searching any"),
          S::choice("hints", "auto", {"auto", "on", "off"},
                    "the game's move-ordering hints first (Kalah: extra turn, seeds banked, "
                    "nearest the store); auto: on in searches to the end (depth max)"),
          S::choice("bounds", "on", {"off", "on"},
                    "in searches to the end (depth max), cut with the game's bounds on the final "
                    "outcome where it has them (Kalah: stores only grow)"),
          S::choice("random_ties", "off", {"off", "on"},
                    "choose at random (seeded) among equally valued root moves"),
          S::integer("seed", 0, 0, (std::int64_t{1} << 62), "seed for random_ties")};
}

// Validated options (see alphabeta_option_specs) as the algorithm's option struct.
inline AlphaBetaOptions alphabeta_options(const AlgorithmSpec& spec) {
  const Params& p = spec.options;
  return {.fail_soft = p.get("fail") == "soft",
          .static_ordering = p.get("ordering") == "static",
          .tt = p.get("tt") == "on",
          .tt_mb = table_mib(p),
          .iterative_deepening = p.get("id") == "on",
          .random_ties = p.get("random_ties") == "on",
          .seed = static_cast<std::uint64_t>(p.get_int("seed")),
          .outcome_bounds = p.get("bounds") == "on",
          .enhanced_cutoffs = p.get("etc") == "on",
          .history = p.get("history") == "on",
          .hints = hints_option(p)};
}

// alphabeta (kScout false) and negascout, which search alike on the same options; Reinefeld's
// NegaScout is fail-soft.
template <bool kScout>
struct WindowSearchEntry {
  static AlgorithmInfo info() {
    const AlgorithmFacts facts = {.anytime = true,
                                  .anytime_option = "id",
                                  .seeded = true,
                                  .ratio_baseline = !kScout,
                                  .tree_exponent = 0.5};
    if (kScout) {
      return {"negascout",
              {"pvs"},
              "NegaScout / principal variation search (Reinefeld): null-window scouts of every "
              "move after the first, re-searched on a fail-high; alpha-beta's options",
              alphabeta_option_specs("soft"),
              facts,
              {{"negascout", {{"ordering", "static"}}}}};
    }
    return {"alphabeta",
            {"alpha-beta", "ab"},
            "depth-first alpha-beta (Knuth and Moore), with the variants below",
            alphabeta_option_specs("hard"),
            facts,
            {{"alphabeta", {}},
             {"alphabeta soft+ordering", {{"fail", "soft"}, {"ordering", "static"}}},
             {"alphabeta tt+id+history", {{"tt", "on"}, {"id", "on"}, {"history", "on"}}},
             {"alphabeta tt+etc+ordering", {{"tt", "on"}, {"etc", "on"}, {"ordering", "static"}}}}};
  }
  template <Game G, class E>
  static SearchFunction<G, E> make(const AlgorithmSpec& spec) {
    return [options = alphabeta_options(spec), tables = TableSizes(spec.options)](
               const G& g, const E& ev, const typename G::State& s, const SearchLimits& lim,
               std::uint64_t seed) {
      AlphaBetaOptions o = options;
      o.seed = seed;
      TranspositionTable* table = o.tt ? &tables.for_search(lim) : nullptr;
      return kScout ? negascout(g, ev, s, lim, NegaScoutOptions(o), table)
                    : alphabeta(g, ev, s, lim, o, table);
    };
  }
};

}  // namespace gts
