#include "harness/tune/tune_config.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "algorithms/search.h"
#include "harness/config/blocks.h"
#include "harness/config/config_hash.h"
#include "harness/config/yaml_reader.h"
#include "harness/tune/tune_games.h"

namespace gts {

namespace {

constexpr double kMaxWeight = 1e6;

// The parse step's result: shapes, types and ranges checked; nothing looked up in the registry
// and nothing compared with the game's feature count yet. Nodes are kept for located errors.
struct ParsedTune {
  TuneConfig c;
  GameBlock game;
  YAML::Node algorithm_node = undefined_node();
  std::vector<std::pair<YAML::Node, YAML::Node>> options;  // key, value
  YAML::Node start_node = undefined_node();
  // Per-weight settings written as one number (applies to all) or a list (checked for length).
  struct PerWeight {
    YAML::Node node = undefined_node();
    std::vector<double> values;  // one value, or one per weight
  };
  PerWeight min, max, c_end, r_end, spread;
  YAML::Node fixed_node = undefined_node();
  std::vector<std::pair<int, YAML::Node>> fixed;
  YAML::Node spsa_node = undefined_node();
  YAML::Node rr_node = undefined_node();
  std::vector<YAML::Node> candidate_nodes;
  bool a_given = false;
};

std::vector<double> number_list(const YamlReader& reader, const YAML::Node& node,
                                const std::string& what, double lo, double hi) {
  const auto items = reader.items(node, what);
  if (items.empty()) reader.fail(node, "expected a non-empty list for " + what + ", got []");
  std::vector<double> out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    out.push_back(reader.number(items[i], "item " + std::to_string(i + 1) + " of " + what, lo, hi));
  }
  return out;
}

ParsedTune::PerWeight per_weight(const YamlReader& reader, const YAML::Node& node,
                                 const std::string& what, double lo, double hi) {
  if (!node.IsDefined()) return {node, {}};
  if (node.IsSequence()) return {node, number_list(reader, node, what, lo, hi)};
  return {node, {reader.number(node, what, lo, hi)}};
}

void parse_engine(const YamlReader& reader, const YAML::Node& node, ParsedTune& p) {
  reader.check_map(node, "'engine'", {"algorithm", "depth", "options"});
  p.algorithm_node = reader.require(node, "algorithm", "in 'engine'");
  p.c.algorithm.name = reader.text(p.algorithm_node, "'engine.algorithm'");
  p.c.depth = static_cast<int>(reader.integer(reader.require(node, "depth", "in 'engine'"),
                                              "'engine.depth'", 1, kMaxConfigDepth));
  const YAML::Node options = reader.find(node, "options");
  if (!options.IsDefined()) return;
  reader.expect_map(options, "'engine.options'");
  for (auto it = options.begin(); it != options.end(); ++it) {
    const std::string key = reader.text(it->first, "an option name in 'engine.options'");
    for (const auto& [k, v] : p.options) {
      if (k.Scalar() == key) reader.fail(it->first, "option '" + key + "' given twice");
    }
    (void)reader.text(it->second, "option '" + key + "' in 'engine.options'");
    p.options.emplace_back(it->first, it->second);
  }
}

void parse_weights(const YamlReader& reader, const YAML::Node& node, ParsedTune& p) {
  reader.check_map(node, "'weights'", {"start", "min", "max", "fixed"});
  p.start_node = reader.require(node, "start", "in 'weights'");
  for (double w : number_list(reader, p.start_node, "'weights.start'", -kMaxWeight, kMaxWeight)) {
    p.c.spsa.weights.push_back({.start = w});
  }
  p.min = per_weight(reader, reader.find(node, "min"), "'weights.min'", -kMaxWeight, kMaxWeight);
  p.max = per_weight(reader, reader.find(node, "max"), "'weights.max'", -kMaxWeight, kMaxWeight);
  p.fixed_node = reader.find(node, "fixed");
  if (p.fixed_node.IsDefined()) {
    for (const auto& item : reader.items(p.fixed_node, "'weights.fixed'")) {
      p.fixed.emplace_back(static_cast<int>(reader.integer(
                               item, "a position (1-based) in 'weights.fixed'", 1, 100000)),
                           item);
    }
  }
}

void parse_spsa(const YamlReader& reader, const YAML::Node& node, ParsedTune& p) {
  p.spsa_node = node;
  if (!node.IsDefined()) return;
  reader.check_map(node, "'spsa'",
                   {"iterations", "pairs", "c_end", "r_end", "A", "alpha", "gamma"});
  SpsaSpec& s = p.c.spsa;
  reader.get(node, "iterations", "'spsa.iterations'", s.iterations, 1, 10'000'000);
  reader.get(node, "pairs", "'spsa.pairs'", p.c.spsa_pairs, 1, 1'000'000);
  p.c_end = per_weight(reader, reader.find(node, "c_end"), "'spsa.c_end'", 0.0, kMaxWeight);
  p.r_end = per_weight(reader, reader.find(node, "r_end"), "'spsa.r_end'", 0.0, 1e3);
  p.a_given = reader.get(node, "A", "'spsa.A'", s.A, 0.0, 1e9).IsDefined();
  reader.get(node, "alpha", "'spsa.alpha'", s.alpha, 0.0, 10.0);
  reader.get(node, "gamma", "'spsa.gamma'", s.gamma, 0.0, 10.0);
}

void parse_round_robin(const YamlReader& reader, const YAML::Node& node, ParsedTune& p) {
  p.rr_node = node;
  if (!node.IsDefined()) return;
  reader.check_map(node, "'round_robin'", {"candidates", "sample", "include_start", "pairs"});
  RoundRobinTune& rr = p.c.round_robin;
  if (auto n = reader.find(node, "candidates"); n.IsDefined()) {
    p.candidate_nodes = reader.items(n, "'round_robin.candidates'");
    for (std::size_t i = 0; i < p.candidate_nodes.size(); ++i) {
      rr.candidates.push_back(number_list(reader, p.candidate_nodes[i],
                                          "candidate " + std::to_string(i + 1), -kMaxWeight,
                                          kMaxWeight));
    }
  }
  if (auto n = reader.find_map(node, "sample", "'round_robin.sample'", {"count", "spread"});
      n.IsDefined()) {
    rr.sample_count =
        static_cast<int>(reader.integer(reader.require(n, "count", "in 'round_robin.sample'"),
                                        "'round_robin.sample.count'", 1, 1000));
    p.spread = per_weight(reader, reader.require(n, "spread", "in 'round_robin.sample'"),
                          "'round_robin.sample.spread'", 0.0, kMaxWeight);
  }
  reader.get(node, "include_start", "'round_robin.include_start'", rr.include_start);
  reader.get(node, "pairs", "'round_robin.pairs'", rr.pairs, 1, 1'000'000);
}

void parse_verify(const YamlReader& reader, const YAML::Node& node, ParsedTune& p) {
  if (!node.IsDefined()) return;
  reader.check_map(node, "'verify'",
                   {"elo0", "elo1", "alpha", "beta", "model", "max_games", "batch_pairs"});
  VerifyTune& v = p.c.verify;
  read_sprt_keys(reader, node, "verify", {"logistic", "normalized"}, v.sprt);
  const YAML::Node max_games =
      reader.get(node, "max_games", "'verify.max_games'", v.max_games, 0, 100'000'000);
  if (v.max_games % 2 != 0) reader.fail(max_games, "'verify.max_games' must be even (game pairs)");
  reader.get(node, "batch_pairs", "'verify.batch_pairs'", v.batch_pairs, 1, 1'000'000);
}

ParsedTune parse_tune(const YamlReader& reader, const YAML::Node& root) {
  ParsedTune p;
  reader.expect_map(root, "the top level");
  reader.check_keys(root,
                    {"name", "game", "engine", "weights", "method", "spsa", "round_robin",
                     "openings", "max_plies", "verify", "seed", "threads", "output"},
                    "at the top level");
  p.c.name = config_name(reader, root, "tune");
  p.game = parse_game_block(reader, reader.require(root, "game", "at the top level"));
  parse_engine(reader, reader.require(root, "engine", "at the top level"), p);
  parse_weights(reader, reader.require(root, "weights", "at the top level"), p);
  reader.get(root, "method", "'method'", p.c.method, {"spsa", "round-robin"});
  parse_spsa(reader, reader.find(root, "spsa"), p);
  parse_round_robin(reader, reader.find(root, "round_robin"), p);
  if (p.c.method == "spsa" && p.rr_node.IsDefined()) {
    reader.fail(YamlReader::find_key(root, "round_robin"),
                "'round_robin' applies only to method 'round-robin', not 'spsa'");
  }
  if (p.c.method == "round-robin" && p.spsa_node.IsDefined()) {
    reader.fail(YamlReader::find_key(root, "spsa"),
                "'spsa' applies only to method 'spsa', not 'round-robin'");
  }
  if (p.c.method == "round-robin" && !p.rr_node.IsDefined()) {
    reader.fail(root, "method 'round-robin' needs a 'round_robin' block (candidates or sample)");
  }
  const YAML::Node openings = reader.find_map(root, "openings", "'openings'", {"plies"});
  reader.get(openings, "plies", "'openings.plies'", p.c.opening_plies, 0, 10'000);
  reader.get(root, "max_plies", "'max_plies'", p.c.max_plies, 1, 1'000'000);
  parse_verify(reader, reader.find(root, "verify"), p);
  reader.get(root, "seed", "'seed'", p.c.seed);
  reader.get(root, "threads", "'threads'", p.c.threads, 0, 1024);
  (void)read_output(reader, root, {"dir"}, p.c.output_dir);
  return p;
}

// One value per weight from a setting written as a number or a list; `fallback` when absent.
std::vector<double> expand(const YamlReader& reader, const ParsedTune::PerWeight& p,
                           const std::string& what, std::size_t n, double fallback) {
  if (p.values.empty()) return std::vector<double>(n, fallback);
  if (!p.node.IsSequence()) return std::vector<double>(n, p.values[0]);
  if (p.values.size() != n) {
    reader.fail(p.node, what + " lists " + std::to_string(p.values.size()) +
                            " values; the game has " + std::to_string(n) +
                            " weights (give one number for all, or one per weight)");
  }
  return p.values;
}

TuneConfig validate_tune(const YamlReader& reader, ParsedTune& p) {
  TuneConfig c = std::move(p.c);
  c.source_path = reader.file();
  const std::unique_ptr<GameHandle> game = make_game_from_block(reader, p.game);
  c.game = game->info().name;
  c.game_params = game->params().values();

  // The engine.
  const AlgorithmInfo* info = nullptr;
  try {
    info = &find_algorithm_info(c.algorithm.name);
  } catch (const ParamError& e) {
    reader.fail(p.algorithm_node, e.what());
  }
  std::map<std::string, std::string> options;
  for (const auto& [key, value] : p.options) {
    check_param(reader, info->options, "algorithm " + info->name, key.Scalar(), key, value.Scalar(),
                value);
    options[key.Scalar()] = value.Scalar();
  }
  c.algorithm = make_algorithm_spec(info->name, options);

  // The weights: as many as the game's linear evaluation takes (the searcher says so).
  const std::size_t n = c.spsa.weights.size();
  try {
    (void)game->make_searcher(c.algorithm, linear_eval(c.start()));
  } catch (const ParamError& e) {
    reader.fail(p.start_node, e.what());
  }
  const auto mins = expand(reader, p.min, "'weights.min'", n, -kMaxWeight);
  const auto maxs = expand(reader, p.max, "'weights.max'", n, kMaxWeight);
  const auto c_end = expand(reader, p.c_end, "'spsa.c_end'", n, 1.0);
  const auto r_end = expand(reader, p.r_end, "'spsa.r_end'", n, 0.002);
  std::set<int> seen;
  for (const auto& [pos, node] : p.fixed) {
    if (pos > static_cast<int>(n)) {
      reader.fail(node, "'weights.fixed' names weight " + std::to_string(pos) + "; the game has " +
                            std::to_string(n) + " weights");
    }
    if (!seen.insert(pos).second) {
      reader.fail(node, "weight " + std::to_string(pos) + " listed twice in 'weights.fixed'");
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    SpsaWeight& w = c.spsa.weights[i];
    w.min = mins[i];
    w.max = maxs[i];
    w.c_end = c_end[i];
    w.r_end = r_end[i];
    w.fixed = seen.count(static_cast<int>(i) + 1) != 0;
    const std::string which = "weight " + std::to_string(i + 1);
    if (w.min > w.max) {
      reader.fail(
          p.min.node.IsDefined() ? p.min.node : p.max.node,
          which + ": min " + format_number(w.min) + " is above max " + format_number(w.max));
    }
    if (w.start < w.min || w.start > w.max) {
      reader.fail(p.start_node, which + ": start " + format_number(w.start) + " lies outside [" +
                                    format_number(w.min) + ", " + format_number(w.max) + "]");
    }
  }
  if (seen.size() == n) reader.fail(p.fixed_node, "every weight is fixed: nothing to tune");

  if (c.method == "spsa") {
    if (!p.a_given) c.spsa.A = std::round(c.spsa.iterations / 10.0);
    for (std::size_t i = 0; i < n; ++i) {
      if (!c.spsa.weights[i].fixed && c.spsa.weights[i].c_end <= 0) {
        reader.fail(p.c_end.node, "'spsa.c_end' of weight " + std::to_string(i + 1) +
                                      " must be positive (fix the weight instead)");
      }
    }
  } else {
    RoundRobinTune& rr = c.round_robin;
    for (std::size_t k = 0; k < rr.candidates.size(); ++k) {
      const auto& cand = rr.candidates[k];
      const YAML::Node& node = p.candidate_nodes[k];
      if (cand.size() != n) {
        reader.fail(node, "candidate " + std::to_string(k + 1) + " has " +
                              std::to_string(cand.size()) + " weights; the game has " +
                              std::to_string(n));
      }
      for (std::size_t i = 0; i < n; ++i) {
        const SpsaWeight& w = c.spsa.weights[i];
        if (cand[i] < w.min || cand[i] > w.max) {
          reader.fail(node, "candidate " + std::to_string(k + 1) + ": weight " +
                                std::to_string(i + 1) + " (" + format_number(cand[i]) +
                                ") lies outside [" + format_number(w.min) + ", " +
                                format_number(w.max) + "]");
        }
        if (w.fixed && cand[i] != w.start) {
          reader.fail(node, "candidate " + std::to_string(k + 1) + ": weight " +
                                std::to_string(i + 1) + " is fixed at " + format_number(w.start) +
                                ", got " + format_number(cand[i]));
        }
      }
    }
    if (rr.sample_count > 0) {
      rr.spread = expand(reader, p.spread, "'round_robin.sample.spread'", n, 0.0);
      for (std::size_t i = 0; i < n; ++i) {
        if (c.spsa.weights[i].fixed) rr.spread[i] = 0.0;
      }
    }
    const std::size_t total = rr.candidates.size() + static_cast<std::size_t>(rr.sample_count) +
                              (rr.include_start ? 1 : 0);
    if (total < 2) {
      reader.fail(p.rr_node, "a round robin needs at least 2 candidates, got " +
                                 std::to_string(total) + " (list 'candidates' or add 'sample')");
    }
  }
  return c;
}

TuneConfig load_with(const YamlReader& reader, const YAML::Node& root) {
  ParsedTune parsed = parse_tune(reader, root);
  return validate_tune(reader, parsed);
}

std::string list_text(const std::vector<double>& v) {
  std::string out;
  for (double x : v) out.append(out.empty() ? "" : ", ").append(format_number(x));
  return "[" + out + "]";
}

// A YAML double-quoted scalar: any text (parameter values such as explicit trees, folder names)
// reads back as itself.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  out += '"';
  return out;
}

// "{key: "value", ...}".
std::string flow_map(const std::map<std::string, std::string>& values) {
  std::string out;
  for (const auto& [k, v] : values)
    out.append(out.empty() ? "" : ", ").append(k + ": " + quoted(v));
  return "{" + out + "}";
}

template <class F>
std::vector<double> field(const TuneConfig& c, F f) {
  std::vector<double> out;
  for (const auto& w : c.spsa.weights) out.push_back(f(w));
  return out;
}

// The canonical text of everything that decides the results; hashed, and written as YAML.
std::string body_text(const TuneConfig& c) {
  std::string y;
  auto line = [&y](const std::string& key, const std::string& value) {
    y += key;
    y += ": ";
    y += value;
    y += '\n';
  };
  line("name", c.name);
  line("game", "{name: " + c.game + ", params: " + flow_map(c.game_params) + "}");
  line("engine", "{algorithm: " + c.algorithm.name + ", depth: " + std::to_string(c.depth) +
                     ", options: " + flow_map(c.algorithm.options.values()) + "}");
  y += "weights:\n";
  line("  start", list_text(field(c, [](const SpsaWeight& w) { return w.start; })));
  line("  min", list_text(field(c, [](const SpsaWeight& w) { return w.min; })));
  line("  max", list_text(field(c, [](const SpsaWeight& w) { return w.max; })));
  std::string fixed;
  for (std::size_t i = 0; i < c.spsa.weights.size(); ++i) {
    if (c.spsa.weights[i].fixed)
      fixed.append(fixed.empty() ? "" : ", ").append(std::to_string(i + 1));
  }
  line("  fixed", "[" + fixed + "]");
  line("method", c.method);
  if (c.method == "spsa") {
    y += "spsa:\n";
    line("  iterations", std::to_string(c.spsa.iterations));
    line("  pairs", std::to_string(c.spsa_pairs));
    line("  c_end", list_text(field(c, [](const SpsaWeight& w) { return w.c_end; })));
    line("  r_end", list_text(field(c, [](const SpsaWeight& w) { return w.r_end; })));
    line("  A", format_number(c.spsa.A));
    line("  alpha", format_number(c.spsa.alpha));
    line("  gamma", format_number(c.spsa.gamma));
  } else {
    const RoundRobinTune& rr = c.round_robin;
    y += "round_robin:\n";
    if (!rr.candidates.empty()) {
      y += "  candidates:\n";
      for (const auto& cand : rr.candidates) y += "    - " + list_text(cand) + "\n";
    }
    if (rr.sample_count > 0) {
      line("  sample", "{count: " + std::to_string(rr.sample_count) +
                           ", spread: " + list_text(rr.spread) + "}");
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

}  // namespace

std::vector<double> TuneConfig::start() const {
  return field(*this, [](const SpsaWeight& w) { return w.start; });
}

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
  y += body_text(c);
  y += "threads: " + std::to_string(c.threads) + "\n";
  y += "output: {dir: " + quoted(c.output_dir) + "}\n";
  return y;
}

std::string tune_decisive_text(const TuneConfig& c) { return body_text(c); }

std::string tune_config_hash(const TuneConfig& c) { return config_hash_of(body_text(c)); }

std::vector<std::string> weight_names(std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 1; i <= n; ++i) out.push_back(std::string("w").append(std::to_string(i)));
  return out;
}

}  // namespace gts
