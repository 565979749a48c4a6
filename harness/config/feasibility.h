// What a loaded config asks of the machine and of time, checked before its first job: every
// transposition table its searches take can be allocated here (else the config's error, exit 2,
// at the key), and a search to a depth that cannot finish in any reasonable time is warned of
// (one line on stderr at the key; the run goes on, as asked).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/config/blocks.h"
#include "harness/registry.h"

namespace gts {

// One config entry whose searches take a transposition table.
struct TableUse {
  std::string who;                           // "player 'big'", "algorithm 'ab'", "'engine'"
  std::pair<std::size_t, std::size_t> size;  // (tt_mb, growth limit), as table_sizes gives it
  const OptionPlaces* option_at = nullptr;   // where its options stand in the file
};

// Maps each distinct table of `uses` once, all at once, and lets them go (mapping makes no pages,
// so this costs no memory). One the machine cannot give is a ConfigError of `source_path` naming
// its first user, at its tt_mb (or tt_max_mb where the table grows) where the file gives it.
void check_tables(const std::string& source_path, const std::vector<TableUse>& uses);

// A place in a config file (1-based line and column; 0: the key is not written there).
struct ConfigPlace {
  std::string file;
  std::pair<int, int> at;
};

// "warning: FILE:LINE:COL: WHO: depth D: why" on stderr when a search of `spec` to `depth` from
// `position` cannot finish in any reasonable time (hopeless_search), `at` being where the depth
// stands; returns whether it warned.
bool warn_if_hopeless(const ConfigPlace& at, const std::string& who, const GameHandle& game,
                      std::string_view position, const AlgorithmSpec& spec, int depth);

}  // namespace gts
