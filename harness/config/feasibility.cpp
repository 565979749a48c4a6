#include "harness/config/feasibility.h"

#include <algorithm>
#include <iostream>

#include "harness/config/config_error.h"

namespace gts {

void check_tables(const std::string& source_path, const std::vector<TableUse>& uses) {
  std::vector<const TableUse*> distinct;  // the first user of each size
  for (const TableUse& use : uses) {
    if (std::ranges::none_of(distinct, [&](const TableUse* d) { return d->size == use.size; })) {
      distinct.push_back(&use);
    }
  }
  std::vector<std::pair<std::size_t, std::size_t>> sizes;
  for (const TableUse* d : distinct) sizes.push_back(d->size);
  try {
    check_tables_fit(sizes);
  } catch (const ParamError&) {
    // Which one: each alone, in the config's order.
    for (const TableUse* d : distinct) {
      try {
        check_tables_fit({d->size});
      } catch (const ParamError& e) {
        const std::string key = d->size.second > d->size.first ? "tt_max_mb" : "tt_mb";
        const std::string message = d->who + ": " + e.what();
        if (d->option_at != nullptr) {
          if (const auto at = d->option_at->find(key); at != d->option_at->end()) {
            throw ConfigError(source_path, at->second.first, at->second.second, message);
          }
        }
        throw ConfigError(source_path, message + " (" + key + " is its default)");
      }
    }
    throw ConfigError(source_path,
                      "the transposition tables of its searches together do not fit in this "
                      "machine's memory; choose smaller tt_mb values");
  }
}

bool warn_if_hopeless(const ConfigPlace& at, const std::string& who, const GameHandle& game,
                      std::string_view position, const AlgorithmSpec& spec, int depth) {
  const auto why = hopeless_search(game, position, spec, depth);
  if (!why) return false;
  std::cerr << "warning: " << at.file;
  if (at.at.first > 0) std::cerr << ":" << at.at.first << ":" << at.at.second;
  std::cerr << ": " << who << ": depth " << depth_text(depth) << ": " << *why
            << " (a smaller depth, or a node or time limit, bounds it)\n";
  return true;
}

}  // namespace gts
