// `harness run|match --json`: the final standings, pairs and SPRT as one typed JSON object on
// stdout (a missing rating is null, never "nan").
#pragma once

#include <nlohmann/json.hpp>

#include "harness/tournament/runner.h"

namespace gts::cli {

// NaN and infinities have no JSON number: null.
nlohmann::json json_number(double v);

// Prints `report` as JSON where `options.json`; returns its exit code.
int print_run_report(const RunOptions& options, const RunReport& report);

}  // namespace gts::cli
