// What exists, as `harness games --json` and `harness algorithms --json` list it (and the Python
// module's games() and algorithms()): every parameter and option with its default and range.
#pragma once

#include <nlohmann/json.hpp>

namespace gts {

// [{name, description, params: [{name, default, range, help}], evaluations: [{kind, help,
// takes_weights}], default_evaluation}], in the registry's order.
nlohmann::json games_json();
// [{name, kind ("search" or "goal solver"), aliases, description, options}]: the value searches,
// then the goal solvers.
nlohmann::json algorithms_json();

}  // namespace gts
