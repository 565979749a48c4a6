// `--json` of `harness run`, `match` and `compare`: the final standings, pairs and SPRT, or the
// compare summary, as one typed JSON object on stdout (a missing number is null, never "nan").
#pragma once

#include <nlohmann/json.hpp>

#include "harness/compare/compare_runner.h"
#include "harness/tournament/runner.h"

namespace gts::cli {

// NaN and infinities have no JSON number: null.
nlohmann::json json_number(double v);

// Prints `report` as JSON where `options.json`; returns its exit code.
int print_run_report(const RunOptions& options, const RunReport& report);

// The compare run's summary (or its accuracy summary) and disagreements.
nlohmann::json compare_json(const CompareRunResult& result);

}  // namespace gts::cli
