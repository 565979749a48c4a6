// `harness tune` configs: which game and engine, the linear evaluation's starting weights, the
// tuning method (SPSA or a round robin of candidate weight vectors) and the SPRT that verifies the
// result against the starting weights.
//
// Every key, its meaning and its default: docs/reference/config.md (configs/tune-kalah.yaml is an
// example).
// Every error is a ConfigError "FILE:LINE:COL: message".
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "harness/config/blocks.h"
#include "harness/registry.h"
#include "harness/stats/sprt.h"
#include "harness/tune/spsa.h"

namespace gts {

struct RoundRobinTune {
  std::vector<std::vector<double>> candidates;  // listed, in order
  int sample_count = 0;                         // then this many sampled around the start
  std::vector<double> spread;                   // per weight (0 for fixed weights)
  bool include_start = true;                    // the start vector is candidate 0
  int pairs = 2;                                // game pairs per pairing
};

struct VerifyTune {
  SprtConfig sprt{0.0, 10.0, 0.05, 0.05, SprtModel::kLogistic};
  int max_games = 2000;  // the cap: no verdict when it is reached
  int batch_pairs = 32;  // pairs played at once; the test still stops at the deciding pair
};

struct TuneConfig : RunSettings {
  std::string game;
  std::map<std::string, std::string> game_params;  // resolved: every declared parameter
  AlgorithmSpec algorithm;
  int depth = 1;
  OptionPlaces option_at;          // where engine.options stand in the file
  std::pair<int, int> depth_at{};  // where engine.depth stands (line, column)
  std::string method = "spsa";     // or "round-robin"
  SpsaSpec spsa;                   // weights (start, bounds, fixed, c_end, r_end) and the schedule
  int spsa_pairs = 8;              // game pairs per SPSA iteration
  RoundRobinTune round_robin;
  int opening_plies = 4;
  int max_plies = 1000;
  VerifyTune verify;
  std::uint64_t seed = 1;

  [[nodiscard]] std::size_t num_weights() const { return spsa.weights.size(); }
  [[nodiscard]] std::vector<double> start() const;
};

// Reads, parses and validates a tune config; throws ConfigError.
TuneConfig load_tune_config(const std::string& path);
TuneConfig load_tune_config_text(const std::string& text, const std::string& file);

// The resolved config (every default written out) as YAML that loads back into the same config.
std::string tune_resolved_yaml(const TuneConfig& config);

// Everything that decides the results (not threads, output or the source) as canonical text, and
// its config_hash_of.
std::string tune_decisive_text(const TuneConfig& config);
std::string tune_config_hash(const TuneConfig& config);

// The candidates of a round robin: the start (if included), those listed, those sampled.
struct Candidate {
  std::string name;
  std::string source;  // start, listed, sampled
  std::vector<double> weights;
};
std::vector<Candidate> round_robin_candidates(const TuneConfig& config);

// "[0, 1.5, -2]": a weight vector as the resolved config and tuned.yaml write it.
std::string weights_text(const std::vector<double>& weights);
// "w1", "w2", ...: the weights' names in tune.csv and the report.
std::vector<std::string> weight_names(std::size_t n);

}  // namespace gts
