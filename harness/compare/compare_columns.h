// The columns every CSV of a compare folder shares: the swept parameters' `param_<name>` columns
// and booleans as true/false.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "harness/compare/compare_runner.h"

namespace gts {

// true/false, as every CSV of a run folder writes a boolean.
std::string flag(bool b);

// The swept parameters of every set, in the order first met: the `param_<name>` columns.
std::vector<std::string> swept_params(const CompareConfig& c, bool with_seed);
std::vector<std::string> param_columns(const std::vector<std::string>& params);
// An input's values of `params` (empty where its set does not sweep one).
std::vector<std::string> param_values(const ComparePlan& plan, const CompareInput& in,
                                      const std::vector<std::string>& params);

// `fields` with `middle` inserted before index `at`.
std::vector<std::string> with(std::vector<std::string> fields, std::size_t at,
                              const std::vector<std::string>& middle);

// inputs.csv: what each input name stands for (its set, swept parameters, group, game, position).
std::string inputs_csv(const ComparePlan& plan);

}  // namespace gts
