// The algorithms of the search-efficiency comparison beyond minimax, alpha-beta and SSS*:
// NegaScout in its option combinations and the MT family (MT-SSS*, MT-DUAL*, MTD(f) with and
// without iterative deepening), as named search functions over one caller-owned table, so that
// the tests can run each of them on many small positions without paying for a table each time.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "algorithms/mtd.h"
#include "algorithms/negascout.h"
#include "algorithms/transposition_table.h"
#include "tests/algorithms/search_test_util.h"

namespace gts::test {

template <class G>
using SearchFn = std::function<SearchResult(const G&, const typename G::Eval&,
                                            const typename G::State&, const SearchLimits&)>;

template <class G>
struct NamedSearch {
  std::string name;
  SearchFn<G> run;
  bool first_best_in_order = false;  // picks minimax's first best move (no reordering at the root)
};

// fail hard/soft x static ordering x tt x id x history: 32 NegaScout variants.
inline std::vector<NegaScoutOptions> negascout_combinations() {
  std::vector<NegaScoutOptions> out;
  for (int mask = 0; mask < 32; ++mask) {
    NegaScoutOptions o;
    o.fail_soft = (mask & 1) != 0;
    o.static_ordering = (mask & 2) != 0;
    o.tt = (mask & 4) != 0;
    o.tt_mb = 1;
    o.iterative_deepening = (mask & 8) != 0;
    o.history = (mask & 16) != 0;
    out.push_back(o);
  }
  return out;
}

// Every NegaScout combination (plus random ties), MT-SSS*, MT-DUAL*, MTD(f) from three first
// guesses, and MTD(f) with iterative deepening. `table` serves every table-using search.
template <class G>
std::vector<NamedSearch<G>> family(TranspositionTable& table) {
  using State = typename G::State;
  using Eval = typename G::Eval;
  std::vector<NamedSearch<G>> out;
  for (const NegaScoutOptions& o : negascout_combinations()) {
    const bool plain = !o.static_ordering && !o.tt && !o.iterative_deepening && !o.history;
    out.push_back({"negascout " + describe(o),
                   [o, &table](const G& g, const Eval& e, const State& s, const SearchLimits& l) {
                     return negascout(g, e, s, l, o, o.tt ? &table : nullptr);
                   },
                   plain});
  }
  NegaScoutOptions ties;
  ties.tt = true;
  ties.random_ties = true;
  ties.seed = 99;
  out.push_back({"negascout " + describe(ties),
                 [ties, &table](const G& g, const Eval& e, const State& s, const SearchLimits& l) {
                   return negascout(g, e, s, l, ties, &table);
                 }});
  out.push_back(
      {"mt-sss*", [&table](const G& g, const Eval& e, const State& s, const SearchLimits& l) {
         return mt_sss_star(g, e, s, l, MtOptions{}, &table);
       }});
  out.push_back(
      {"mt-dual*", [&table](const G& g, const Eval& e, const State& s, const SearchLimits& l) {
         return mt_dual_star(g, e, s, l, MtOptions{}, &table);
       }});
  for (Value guess : {0, -7, 25}) {
    for (bool id : {false, true}) {
      MtdfOptions o;
      o.first_guess = guess;
      o.iterative_deepening = id;
      out.push_back({"mtd(f) f=" + std::to_string(guess) + (id ? " id" : ""),
                     [o, &table](const G& g, const Eval& e, const State& s, const SearchLimits& l) {
                       return mtdf(g, e, s, l, o, &table);
                     }});
    }
  }
  return out;
}

}  // namespace gts::test
