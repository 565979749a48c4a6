// `harness compare` configs: input sets (a game, swept parameters, positions, depths) x algorithms.
//
//   name: compare-random-trees          # names the run folder (default: the file's stem)
//   inputs:
//     - name: uniform                   # names the inputs of this set (default: the game's name)
//       game: {name: random-tree, params: {values: independent}}   # the game block of every config
//       sweep: {branching: [4, 8], depth: 2..6, seed: 1..20}       # game parameters, cross product
//       positions: start                # or {file: F} | {list: [...]} | {sample: N, plies: A..B}
//       depths: [max]                   # search depths (integers or max); default [max]
//       evaluation: leaf                # a kind of the game, or {kind: linear, weights: [...]}
//   algorithms:                         # the players block of `harness run`, without depth and
//     - {name: ab, algorithm: alphabeta}               # evaluation (the inputs set those); option
//     - {name: ab, algorithm: alphabeta, options: {tt: [off, on]}}   # sweeps expand as there;
//     - {name: cut, algorithm: alphabeta, nodes: 500}  # `nodes`: a per-search node budget
//   reference: minimax                  # entry whose values the others must equal (default: the
//                                       # first minimax entry; one is added when there is none)
//   baseline: ab                        # entry the ratios are taken to (default: first alphabeta)
//   seed: 1                             # sampled positions and random tie-breaks derive from it
//   threads: 0                          # (input, depth) jobs run at once; 0: all cores
//   output: {dir: results/my-compare}
//
// Sweep values are a scalar, a list, or an integer range "A..B". Every combination's game is built
// while the config is read, so a combination the game rejects is reported at the sweep. Positions
// from a file (one per line, '#' comments) are checked against every combination's game and
// reported at FILE:LINE:COL. Every error is a ConfigError "FILE:LINE:COL: message".
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/evaluation.h"
#include "harness/registry.h"

namespace gts {

struct CompareAlgorithm {
  std::string name;  // the `variant` column: the entry's name, with swept option values appended
  AlgorithmSpec algorithm;
  std::uint64_t max_nodes = 0;  // per search; 0: none
};

struct ComparePositions {
  enum class Kind { kStart, kList, kSample };
  Kind kind = Kind::kStart;
  std::vector<std::string> positions;  // kList: canonical, inline ones first, then the file's
  std::string file;                    // kList: the file as written (provenance only)
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
};

struct CompareConfig {
  std::string name;
  std::string source_path;
  std::vector<CompareInputSet> sets;
  std::vector<CompareAlgorithm> algorithms;
  std::size_t reference = 0;            // index into algorithms
  std::optional<std::size_t> baseline;  // index into algorithms; none: no ratio columns
  std::uint64_t seed = 1;
  int threads = 0;  // 0: all cores
  std::string output_dir;
};

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
