// How a game names and builds its static evaluations. Each game provides one evaluator class
// (KalahEval, TicTacToeEval, ...) constructed from an EvalSpec; the harness only sees names.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "games/game.h"
#include "games/params.h"

namespace gts {

struct EvalSpec {
  std::string kind;             // e.g. "store-diff", "open-lines", "linear"
  std::vector<double> weights;  // for "linear": one weight per feature, in feature order
};

struct EvalInfo {
  std::string kind;
  std::string help;
  bool takes_weights = false;
};

// Sum of weight × feature, rounded to the nearest integer value.
inline Value linear_value(std::span<const std::int32_t> features, std::span<const double> weights) {
  double sum = 0.0;
  for (std::size_t i = 0; i < features.size(); ++i) sum += weights[i] * features[i];
  return static_cast<Value>(std::lround(sum));
}

// Checks a linear evaluation's weight count; throws ParamError naming the game and the count.
inline void check_linear_weights(const EvalSpec& spec, std::size_t num_features,
                                 const std::string& game_name) {
  if (spec.weights.size() != num_features) {
    throw ParamError("evaluation 'linear' for " + game_name + " needs " +
                     std::to_string(num_features) + " weights, got " +
                     std::to_string(spec.weights.size()));
  }
  for (double w : spec.weights) {
    if (!std::isfinite(w) || std::fabs(w) > 1e6) {
      throw ParamError("evaluation 'linear' for " + game_name +
                       ": weights must be finite and at most 1e6 in magnitude");
    }
  }
}

}  // namespace gts
