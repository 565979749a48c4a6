// `harness compare` configs: input sets (a game, swept parameters, positions, depths) x algorithms.
// Every key, with an example, and how sweeps and positions are checked: docs/guide/compare.md,
// "Config". Every error is a ConfigError "FILE:LINE:COL: message".
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/evaluation.h"
#include "harness/config/blocks.h"
#include "harness/registry.h"

namespace gts {

struct CompareAlgorithm {
  std::string name;  // the `variant` column: the entry's name, with swept option values appended
  AlgorithmSpec algorithm;
  std::uint64_t max_nodes = 0;  // per search; 0: none
  OptionPlaces option_at;       // where its options stand in the file
  // With `accuracy`: the algorithm as it searches under a budget (spec_under_budget).
  AlgorithmSpec budgeted = {};
};

// Move accuracy against exact move values (the `accuracy` block): every algorithm searches every
// position once per budget, and its move is scored against the exact solver's value of each move.
struct CompareAccuracy {
  std::vector<std::uint64_t> budgets;  // ascending, each > 0
  bool milliseconds = false;           // the budgets are wall-clock ms per search, not nodes
  [[nodiscard]] std::string unit() const { return milliseconds ? "ms" : "nodes"; }
};

struct ComparePositions {
  enum class Kind { kStart, kList, kSample };
  Kind kind = Kind::kStart;
  std::vector<std::string> positions;  // kList: canonical, inline ones first, then the file's
  int count = 0;                       // kSample: positions per game combination
  int min_plies = 0;                   // kSample: random plies from the start, drawn per position
  int max_plies = 0;
};

// A swept game parameter: its values as written, ranges expanded.
struct CompareSweep {
  std::string key;
  std::vector<std::string> values;
};

// One combination of swept parameter values, with the game it configures.
struct CompareVariant {
  std::vector<std::pair<std::string, std::string>> swept;  // in the order the sweep lists them
  std::shared_ptr<const GameHandle> game;
};

struct CompareInputSet {
  std::string name;
  std::string game;
  std::map<std::string, std::string> params;  // every declared parameter that is not swept
  std::vector<CompareSweep> sweep;            // in the order written
  std::vector<CompareVariant> variants;       // the cross product, the last parameter fastest
  EvalSpec evaluation;
  ComparePositions positions;
  std::vector<int> depths;  // kDepthMax for "max"
  // Where each depth stands in the file (line, column); the set's entry for the default, max.
  std::vector<std::pair<int, int>> depth_at;
};

struct CompareConfig : RunSettings {
  std::vector<CompareInputSet> sets;
  std::vector<CompareAlgorithm> algorithms;
  std::size_t reference = 0;            // index into algorithms
  std::optional<std::size_t> baseline;  // index into algorithms; none: no ratio columns
  std::uint64_t seed = 1;
  // Present: an accuracy run (no depths, no reference; docs/guide/compare.md, "Move accuracy").
  std::optional<CompareAccuracy> accuracy;
};

// The exact solver that gives each move its value in an accuracy run: the registry's `solve`,
// its defaults.
AlgorithmSpec exact_solver_spec();

// Reads, parses and validates a compare config, building every game it names; throws ConfigError.
CompareConfig load_compare_config(const std::string& path);
// The same for YAML text; `file` names it in messages and anchors relative paths.
CompareConfig load_compare_config_text(const std::string& text, const std::string& file);

// The resolved config as YAML that loads back into the same inputs and algorithms: defaults filled
// in, ranges and option sweeps expanded, positions canonical and inline (sampled ones as their
// sample spec), reference and baseline named.
std::string compare_resolved_yaml(const CompareConfig& config);

// Searches of more distinct inputs than this are a typo in a sweep, not an experiment.
inline constexpr std::size_t kMaxCompareInputs = 100000;

}  // namespace gts
