// Tune configs: every default resolved, the resolved form loading back to the same config, and one
// located line FILE:LINE:COL for each kind of mistake.
#include "harness/tune/tune_config.h"

#include <gtest/gtest.h>

#include "harness/config/config_error.h"

namespace gts {
namespace {

const char* kGood = R"(name: t
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 2, options: {random_ties: on}}
weights:
  start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1]
  min: -3
  max: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]
  fixed: [5]
spsa: {iterations: 50, pairs: 2, c_end: 0.5, r_end: [0.002, 0.002, 0.002, 0.002, 0.002, 0.002, 0.002, 0.002, 0.002, 0.003]}
verify: {elo1: 20, model: normalized}
seed: 5
)";

TEST(TuneConfig, ResolvesEveryDefault) {
  const TuneConfig c = load_tune_config_text(kGood, "t.yaml");
  EXPECT_EQ(c.name, "t");
  EXPECT_EQ(c.game, "kalah");
  EXPECT_EQ(c.game_params.at("pits"), "4");
  EXPECT_EQ(c.algorithm.name, "alphabeta");
  EXPECT_EQ(c.algorithm.options.get("random_ties"), "on");
  EXPECT_EQ(c.depth, 2);
  ASSERT_EQ(c.num_weights(), 10u);
  EXPECT_EQ(c.method, "spsa");
  EXPECT_EQ(c.spsa.iterations, 50);
  EXPECT_EQ(c.spsa.A, 5);  // a tenth of the iterations
  EXPECT_EQ(c.spsa_pairs, 2);
  EXPECT_TRUE(c.spsa.weights[4].fixed);
  EXPECT_FALSE(c.spsa.weights[3].fixed);
  EXPECT_EQ(c.spsa.weights[0].min, -3);
  EXPECT_EQ(c.spsa.weights[9].max, 3);
  EXPECT_EQ(c.spsa.weights[9].r_end, 0.003);
  EXPECT_EQ(c.spsa.weights[0].c_end, 0.5);
  EXPECT_EQ(c.verify.sprt.model, SprtModel::kNormalized);
  EXPECT_EQ(c.verify.sprt.elo0, 0);
  EXPECT_EQ(c.verify.sprt.elo1, 20);
  EXPECT_EQ(c.verify.max_games, 2000);
  EXPECT_EQ(c.opening_plies, 4);
  EXPECT_EQ(c.seed, 5u);
}

TEST(TuneConfig, ResolvedYamlLoadsBackToTheSameConfig) {
  const TuneConfig c = load_tune_config_text(kGood, "t.yaml");
  const TuneConfig again = load_tune_config_text(tune_resolved_yaml(c), "resolved.yaml");
  EXPECT_EQ(tune_config_hash(again), tune_config_hash(c));
  EXPECT_EQ(tune_resolved_yaml(again), tune_resolved_yaml(c));

  const std::string rr = R"(game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 2}
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5, 10]}
method: round-robin
round_robin:
  candidates: [[1, 1, 1, 1, 1, 1, 1, 1, 1, -1]]
  sample: {count: 3, spread: 0.5}
  pairs: 3
)";
  const TuneConfig r = load_tune_config_text(rr, "rr.yaml");
  EXPECT_EQ(r.name, "rr");
  const TuneConfig r2 = load_tune_config_text(tune_resolved_yaml(r), "resolved.yaml");
  EXPECT_EQ(tune_config_hash(r2), tune_config_hash(r));
  // The sampled candidates stay inside start ± spread and the bounds, and fixed weights stay.
  const auto cands = round_robin_candidates(r);
  ASSERT_EQ(cands.size(), 5u);  // start, one listed, three sampled
  EXPECT_EQ(cands[0].source, "start");
  EXPECT_EQ(cands[1].source, "listed");
  for (std::size_t k = 2; k < 5; ++k) {
    EXPECT_EQ(cands[k].source, "sampled");
    EXPECT_NE(cands[k].weights, cands[0].weights);
    for (std::size_t i = 0; i < 10; ++i) {
      EXPECT_LE(std::fabs(cands[k].weights[i] - cands[0].weights[i]), 0.5);
    }
    EXPECT_EQ(cands[k].weights[4], 1);
    EXPECT_EQ(cands[k].weights[9], -1);
  }
}

TEST(TuneConfig, TheHashIgnoresThreadsAndOutputButNotTheSeed) {
  const TuneConfig c = load_tune_config_text(kGood, "t.yaml");
  TuneConfig d = c;
  d.threads = 7;
  d.output_dir = "elsewhere";
  EXPECT_EQ(tune_config_hash(d), tune_config_hash(c));
  d.seed = 6;
  EXPECT_NE(tune_config_hash(d), tune_config_hash(c));
}

// Replaces the first occurrence of `from` in kGood by `to` and expects a ConfigError at
// LINE:COL whose message holds `fragment`.
void expect_error(const std::string& from, const std::string& to, int line, int column,
                  const std::string& fragment) {
  std::string text = kGood;
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  try {
    (void)load_tune_config_text(text, "bad.yaml");
    ADD_FAILURE() << "no error for " << to;
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    const std::string where =
        "bad.yaml:" + std::to_string(line) + ":" + std::to_string(column) + ": ";
    EXPECT_EQ(what.rfind(where, 0), 0u) << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(TuneConfig, BadInputIsLocated) {
  expect_error("name: t", "nme: t", 1, 1, "unknown key 'nme'");
  expect_error("name: kalah", "name: kalha", 2, 14, "kalha");
  expect_error("pits: 4", "pits: 99", 2, 36, "pits");
  expect_error("algorithm: alphabeta", "algorithm: alfabeta", 3, 21, "alfabeta");
  expect_error("depth: 2", "depth: 0", 3, 39, "'engine.depth'");
  expect_error("random_ties: on", "random_ties: maybe", 3, 65, "maybe");
  expect_error("random_ties: on", "randomties: on", 3, 52, "randomties");
  // Kalah(4,3) has 10 features: a wrong count is reported at the list.
  expect_error("start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1]", "start: [0, 0, 1, 0, 0, 0, -1]", 5, 10,
               "needs 10 weights, got 7");
  expect_error("start: [0, 0, 0, 0, 1,", "start: [0, 0, 0, x, 1,", 5, 20, "expected a number");
  expect_error("start: [0, 0, 0, 0, 1,", "start: [0, 0, 0, 4, 1,", 5, 10, "outside [-3, 3]");
  expect_error("max: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]", "max: [3, 3, 3]", 7, 8, "lists 3 values");
  expect_error("fixed: [5]", "fixed: [11]", 8, 11, "the game has 10 weights");
  expect_error("fixed: [5]", "fixed: [5, 5]", 8, 14, "listed twice");
  expect_error("fixed: [5]", "fixed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", 8, 10,
               "every weight is fixed");
  expect_error("iterations: 50", "iterations: -1", 9, 20, "'spsa.iterations'");
  expect_error("c_end: 0.5", "c_end: 0", 9, 41, "must be positive");
  expect_error("seed: 5", "round_robin: {pairs: 2}\nseed: 5", 11, 1,
               "applies only to method 'round-robin'");
  expect_error("elo1: 20", "elo1: -5", 10, 9, "must be below");
  expect_error("model: normalized", "model: bayes", 10, 27, "'verify.model'");
  expect_error("seed: 5", "seed: -5", 11, 7, "'seed'");
}

TEST(TuneConfig, RoundRobinNeedsCandidates) {
  const std::string text = R"(game: kalah
engine: {algorithm: alphabeta, depth: 2}
weights: {start: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, -1]}
method: round-robin
round_robin: {pairs: 2}
)";
  try {
    (void)load_tune_config_text(text, "rr.yaml");
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("rr.yaml:5:14: ", 0), 0u) << e.what();
    EXPECT_NE(std::string(e.what()).find("at least 2 candidates"), std::string::npos) << e.what();
  }
  const std::string bad_candidate = R"(game: kalah
engine: {algorithm: alphabeta, depth: 2}
weights: {start: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, -1], fixed: [7]}
method: round-robin
round_robin:
  candidates:
    - [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, -1]
)";
  try {
    (void)load_tune_config_text(bad_candidate, "rr.yaml");
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("rr.yaml:7:7: ", 0), 0u) << e.what();
    EXPECT_NE(std::string(e.what()).find("weight 7 is fixed at 1"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gts
