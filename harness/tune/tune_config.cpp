#include "harness/tune/tune_config.h"

#include <algorithm>
#include <cmath>
#include <ranges>
#include <utility>

#include "algorithms/search.h"
#include "harness/config/blocks.h"
#include "harness/config/config_hash.h"
#include "harness/config/yaml_reader.h"
#include "harness/pipeline/run_folder.h"
#include "harness/tune/tune_run.h"

namespace gts {

namespace {

constexpr double kMaxWeight = 1e6;

// A per-weight setting written as one number (for every weight) or a list (one per weight) as `n`
// values; `fallback` for each when `node` is undefined (the key absent).
std::vector<double> per_weight(const YamlReader& reader, const YAML::Node& node,
                               const std::string& what, double lo, double hi, std::size_t n,
                               double fallback) {
  if (!node.IsDefined()) return std::vector<double>(n, fallback);
  if (!node.IsSequence()) return std::vector<double>(n, reader.number(node, what, lo, hi));
  std::vector<double> values = reader.numbers(node, what, lo, hi, true);
  if (values.size() != n) {
    reader.fail(node, what + " lists " + std::to_string(values.size()) + " values; the game has " +
                          std::to_string(n) +
                          " weights (give one number for all, or one per weight)");
  }
  return values;
}

// The engine, its algorithm and options checked against the registry.
void read_engine(const YamlReader& reader, const YAML::Node& node, TuneConfig& c) {
  reader.check_map(node, "'engine'", {"algorithm", "depth", "options"});
  const YAML::Node algorithm = reader.require(node, "algorithm", "in 'engine'");
  const std::string name = reader.text(algorithm, "'engine.algorithm'");
  const YAML::Node depth = reader.require(node, "depth", "in 'engine'");
  c.depth = static_cast<int>(reader.integer(depth, "'engine.depth'", 1, kMaxConfigDepth));
  c.depth_at = {depth.Mark().line + 1, depth.Mark().column + 1};
  const AlgorithmInfo* info =
      or_fail_at(reader, algorithm, [&] { return &find_algorithm_info(name); });
  const auto options = read_options(reader, reader.find(node, "options"), "'engine.options'", *info,
                                    "algorithm", &c.option_at);
  c.algorithm = make_algorithm_spec(info->name, options);
}

// The weights: as many as the game's linear evaluation takes (the searcher says so), each start
// within its bounds.
void read_weights(const YamlReader& reader, const YAML::Node& node, const GameHandle& game,
                  TuneConfig& c) {
  reader.check_map(node, "'weights'", {"start", "min", "max", "fixed"});
  const YAML::Node start = reader.require(node, "start", "in 'weights'");
  for (double w : reader.numbers(start, "'weights.start'", -kMaxWeight, kMaxWeight, true)) {
    c.spsa.weights.push_back({.start = w});
  }
  or_fail_at(reader, start, [&] { (void)game.make_searcher(c.algorithm, linear_eval(c.start())); });
  const std::size_t n = c.num_weights();
  const YAML::Node min = reader.find(node, "min");
  const YAML::Node max = reader.find(node, "max");
  const auto mins =
      per_weight(reader, min, "'weights.min'", -kMaxWeight, kMaxWeight, n, -kMaxWeight);
  const auto maxs =
      per_weight(reader, max, "'weights.max'", -kMaxWeight, kMaxWeight, n, kMaxWeight);
  const YAML::Node fixed = reader.find(node, "fixed");
  if (fixed.IsDefined()) {
    for (const auto& item : reader.items(fixed, "'weights.fixed'")) {
      const auto pos = static_cast<std::size_t>(
          reader.integer(item, "a position (1-based) in 'weights.fixed'", 1, 100000));
      if (pos > n) {
        reader.fail(item, "'weights.fixed' names weight " + std::to_string(pos) +
                              "; the game has " + std::to_string(n) + " weights");
      }
      if (std::exchange(c.spsa.weights[pos - 1].fixed, true)) {
        reader.fail(item, "weight " + std::to_string(pos) + " listed twice in 'weights.fixed'");
      }
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    SpsaWeight& w = c.spsa.weights[i];
    w.min = mins[i];
    w.max = maxs[i];
    const std::string which = "weight " + std::to_string(i + 1);
    if (w.min > w.max) {
      reader.fail(min.IsDefined() ? min : max, which + ": min " + format_number(w.min) +
                                                   " is above max " + format_number(w.max));
    }
    if (w.start < w.min || w.start > w.max) {
      reader.fail(start, which + ": start " + format_number(w.start) + " lies outside [" +
                             format_number(w.min) + ", " + format_number(w.max) + "]");
    }
  }
  if (std::ranges::all_of(c.spsa.weights, &SpsaWeight::fixed)) {
    reader.fail(fixed, "every weight is fixed: nothing to tune");
  }
}

void read_spsa(const YamlReader& reader, const YAML::Node& node, TuneConfig& c) {
  reader.check_map(node, "'spsa'",
                   {"iterations", "pairs", "c_end", "r_end", "A", "alpha", "gamma"});
  SpsaSpec& s = c.spsa;
  const std::size_t n = c.num_weights();
  reader.get(node, "iterations", "'spsa.iterations'", s.iterations, 1, 10'000'000);
  reader.get(node, "pairs", "'spsa.pairs'", c.spsa_pairs, 1, 1'000'000);
  const YAML::Node c_end = reader.find(node, "c_end");
  const auto c_ends = per_weight(reader, c_end, "'spsa.c_end'", 0.0, kMaxWeight, n, 1.0);
  const auto r_ends =
      per_weight(reader, reader.find(node, "r_end"), "'spsa.r_end'", 0.0, 1e3, n, 0.002);
  if (!reader.get(node, "A", "'spsa.A'", s.A, 0.0, 1e9).IsDefined()) {
    s.A = std::round(s.iterations / 10.0);
  }
  reader.get(node, "alpha", "'spsa.alpha'", s.alpha, 0.0, 10.0);
  reader.get(node, "gamma", "'spsa.gamma'", s.gamma, 0.0, 10.0);
  for (std::size_t i = 0; i < n; ++i) {
    SpsaWeight& w = s.weights[i];
    w.c_end = c_ends[i];
    w.r_end = r_ends[i];
    if (!w.fixed && w.c_end <= 0) {
      reader.fail(c_end, "'spsa.c_end' of weight " + std::to_string(i + 1) +
                             " must be positive (fix the weight instead)");
    }
  }
}

void read_round_robin(const YamlReader& reader, const YAML::Node& node, TuneConfig& c) {
  reader.check_map(node, "'round_robin'", {"candidates", "sample", "include_start", "pairs"});
  RoundRobinTune& rr = c.round_robin;
  const std::size_t n = c.num_weights();
  if (auto list = reader.find(node, "candidates"); list.IsDefined()) {
    const auto items = reader.items(list, "'round_robin.candidates'");
    for (std::size_t k = 0; k < items.size(); ++k) {
      const std::string name = "candidate " + std::to_string(k + 1);
      const auto& cand =
          rr.candidates.emplace_back(reader.numbers(items[k], name, -kMaxWeight, kMaxWeight, true));
      if (cand.size() != n) {
        reader.fail(items[k], name + " has " + std::to_string(cand.size()) +
                                  " weights; the game has " + std::to_string(n));
      }
      for (std::size_t i = 0; i < n; ++i) {
        const SpsaWeight& w = c.spsa.weights[i];
        const std::string which = name + ": weight " + std::to_string(i + 1);
        if (cand[i] < w.min || cand[i] > w.max) {
          reader.fail(items[k], which + " (" + format_number(cand[i]) + ") lies outside [" +
                                    format_number(w.min) + ", " + format_number(w.max) + "]");
        }
        if (w.fixed && cand[i] != w.start) {
          reader.fail(items[k], which + " is fixed at " + format_number(w.start) + ", got " +
                                    format_number(cand[i]));
        }
      }
    }
  }
  if (auto sample = reader.find_map(node, "sample", "'round_robin.sample'", {"count", "spread"});
      sample.IsDefined()) {
    rr.sample_count =
        static_cast<int>(reader.integer(reader.require(sample, "count", "in 'round_robin.sample'"),
                                        "'round_robin.sample.count'", 1, 1000));
    rr.spread = per_weight(reader, reader.require(sample, "spread", "in 'round_robin.sample'"),
                           "'round_robin.sample.spread'", 0.0, kMaxWeight, n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
      if (c.spsa.weights[i].fixed) rr.spread[i] = 0.0;
    }
  }
  reader.get(node, "include_start", "'round_robin.include_start'", rr.include_start);
  reader.get(node, "pairs", "'round_robin.pairs'", rr.pairs, 1, 1'000'000);
  const std::size_t total =
      rr.candidates.size() + static_cast<std::size_t>(rr.sample_count) + (rr.include_start ? 1 : 0);
  if (total < 2) {
    reader.fail(node, "a round robin needs at least 2 candidates, got " + std::to_string(total) +
                          " (list 'candidates' or add 'sample')");
  }
}

void read_verify(const YamlReader& reader, const YAML::Node& node, VerifyTune& v) {
  if (!node.IsDefined()) return;
  reader.check_map(node, "'verify'",
                   {"elo0", "elo1", "alpha", "beta", "model", "max_games", "batch_pairs"});
  read_sprt_keys(reader, node, "verify", {"logistic", "normalized"}, v.sprt);
  const YAML::Node max_games =
      reader.get(node, "max_games", "'verify.max_games'", v.max_games, 0, 100'000'000);
  if (v.max_games % 2 != 0) reader.fail(max_games, "'verify.max_games' must be even (game pairs)");
  reader.get(node, "batch_pairs", "'verify.batch_pairs'", v.batch_pairs, 1, 1'000'000);
}

TuneConfig load_with(const YamlReader& reader, const YAML::Node& root) {
  TuneConfig c;
  read_run_settings(reader, root,
                    {"game", "engine", "weights", "method", "spsa", "round_robin", "openings",
                     "max_plies", "verify", "seed"},
                    "tune", {"dir"}, c);
  const std::unique_ptr<GameHandle> game = make_game_from_block(
      reader, parse_game_block(reader, reader.require(root, "game", "at the top level")));
  c.game = game->info().name;
  c.game_params = game->params().values();
  read_engine(reader, reader.require(root, "engine", "at the top level"), c);
  read_weights(reader, reader.require(root, "weights", "at the top level"), *game, c);
  reader.get(root, "method", "'method'", c.method, {"spsa", "round-robin"});
  const YAML::Node spsa = reader.find(root, "spsa");
  const YAML::Node round_robin = reader.find(root, "round_robin");
  reader.only_for(root, "round_robin", "method", "round-robin", c.method);
  reader.only_for(root, "spsa", "method", "spsa", c.method);
  if (c.method == "round-robin" && !round_robin.IsDefined()) {
    reader.fail(root, "method 'round-robin' needs a 'round_robin' block (candidates or sample)");
  }
  if (spsa.IsDefined()) read_spsa(reader, spsa, c);
  if (round_robin.IsDefined()) read_round_robin(reader, round_robin, c);
  const YAML::Node openings = reader.find_map(root, "openings", "'openings'", {"plies"});
  reader.get(openings, "plies", "'openings.plies'", c.opening_plies, 0, 10'000);
  reader.get(root, "max_plies", "'max_plies'", c.max_plies, 1, 1'000'000);
  read_verify(reader, reader.find(root, "verify"), c.verify);
  reader.get(root, "seed", "'seed'", c.seed);
  return c;
}

// "{key: "value", ...}".
std::string flow_map(const std::map<std::string, std::string>& values) {
  const auto entry = [](const auto& kv) { return kv.first + ": " + double_quoted(kv.second); };
  return "{" + join_strings(values | std::views::transform(entry), ", ") + "}";
}

// One member of every weight, in order.
std::vector<double> field(const TuneConfig& c, double SpsaWeight::*member) {
  std::vector<double> out;
  for (const auto& w : c.spsa.weights) out.push_back(w.*member);
  return out;
}

}  // namespace

// The canonical text of everything that decides the results; hashed, and written as YAML.
std::string tune_decisive_text(const TuneConfig& c) {
  std::string y;
  auto line = [&y](const std::string& key, const std::string& value) {
    y.append(key).append(": ").append(value).append("\n");
  };
  line("name", c.name);
  line("game", "{name: " + c.game + ", params: " + flow_map(c.game_params) + "}");
  line("engine", "{algorithm: " + c.algorithm.name + ", depth: " + std::to_string(c.depth) +
                     ", options: " + flow_map(c.algorithm.options.values()) + "}");
  y += "weights:\n";
  line("  start", weights_text(field(c, &SpsaWeight::start)));
  line("  min", weights_text(field(c, &SpsaWeight::min)));
  line("  max", weights_text(field(c, &SpsaWeight::max)));
  std::vector<std::string> fixed;
  for (std::size_t i = 0; i < c.spsa.weights.size(); ++i) {
    if (c.spsa.weights[i].fixed) fixed.push_back(std::to_string(i + 1));
  }
  line("  fixed", "[" + join_strings(fixed, ", ") + "]");
  line("method", c.method);
  if (c.method == "spsa") {
    y += "spsa:\n";
    line("  iterations", std::to_string(c.spsa.iterations));
    line("  pairs", std::to_string(c.spsa_pairs));
    line("  c_end", weights_text(field(c, &SpsaWeight::c_end)));
    line("  r_end", weights_text(field(c, &SpsaWeight::r_end)));
    line("  A", format_number(c.spsa.A));
    line("  alpha", format_number(c.spsa.alpha));
    line("  gamma", format_number(c.spsa.gamma));
  } else {
    const RoundRobinTune& rr = c.round_robin;
    y += "round_robin:\n";
    if (!rr.candidates.empty()) {
      y += "  candidates:\n";
      for (const auto& cand : rr.candidates) y += "    - " + weights_text(cand) + "\n";
    }
    if (rr.sample_count > 0) {
      line("  sample", "{count: " + std::to_string(rr.sample_count) +
                           ", spread: " + weights_text(rr.spread) + "}");
    }
    line("  include_start", rr.include_start ? "true" : "false");
    line("  pairs", std::to_string(rr.pairs));
  }
  line("openings", "{plies: " + std::to_string(c.opening_plies) + "}");
  line("max_plies", std::to_string(c.max_plies));
  std::string verify = sprt_flow(c.verify.sprt);
  verify.pop_back();  // the closing brace: the verification's own keys follow
  line("verify", verify + ", max_games: " + std::to_string(c.verify.max_games) +
                     ", batch_pairs: " + std::to_string(c.verify.batch_pairs) + "}");
  line("seed", std::to_string(c.seed));
  return y;
}

std::vector<double> TuneConfig::start() const { return field(*this, &SpsaWeight::start); }

TuneConfig load_tune_config(const std::string& path) {
  const YamlReader reader(path);
  return load_with(reader, reader.load());
}

TuneConfig load_tune_config_text(const std::string& text, const std::string& file) {
  const YamlReader reader(file);
  return load_with(reader, reader.load_text(text));
}

std::string tune_resolved_yaml(const TuneConfig& c) {
  std::string y = "# resolved tune config: every default filled in\n";
  y += tune_decisive_text(c);
  y += "threads: " + std::to_string(c.threads) + "\n";
  y += "output: {dir: " + double_quoted(c.output_dir) + "}\n";
  return y;
}

std::string tune_config_hash(const TuneConfig& c) { return config_hash_of(tune_decisive_text(c)); }

std::vector<Candidate> round_robin_candidates(const TuneConfig& c) {
  // Sampled weights draw from a stream of their own.
  constexpr std::uint64_t kPhaseSample = 0x73616d706c65ULL;
  std::vector<Candidate> out;
  const RoundRobinTune& rr = c.round_robin;
  if (rr.include_start) out.push_back({"start", "start", c.start()});
  for (std::size_t k = 0; k < rr.candidates.size(); ++k) {
    out.push_back({"listed" + std::to_string(k + 1), "listed", rr.candidates[k]});
  }
  const std::size_t n = c.num_weights();
  for (int k = 0; k < rr.sample_count; ++k) {
    std::vector<double> w = c.start();
    for (std::size_t i = 0; i < n; ++i) {
      const SpsaWeight& sw = c.spsa.weights[i];
      if (sw.fixed || rr.spread[i] == 0.0) continue;
      const std::uint64_t r =
          mix_seed(mix_seed(c.seed ^ kPhaseSample, static_cast<std::uint64_t>(k)), i);
      const double u = static_cast<double>(r >> 11) * 0x1.0p-53;  // [0, 1)
      w[i] = std::clamp(sw.start + rr.spread[i] * (2.0 * u - 1.0), sw.min, sw.max);
    }
    out.push_back({"sample" + std::to_string(k + 1), "sampled", w});
  }
  return out;
}

std::string weights_text(const std::vector<double>& weights) {
  const std::string list = join_strings(weights | std::views::transform(format_number), ", ");
  return "[" + list + "]";
}

std::vector<std::string> weight_names(std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 1; i <= n; ++i) out.push_back(std::string("w").append(std::to_string(i)));
  return out;
}

}  // namespace gts
