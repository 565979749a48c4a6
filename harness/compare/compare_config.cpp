#include "harness/compare/compare_config.h"

#include <algorithm>
#include <set>

#include "algorithms/search.h"
#include "harness/config/config_error.h"
#include "harness/config/yaml_reader.h"

namespace gts {

namespace {

// "A..B" with integers A <= B, or nullopt when the text is not of that form.
std::optional<std::pair<std::int64_t, std::int64_t>> parse_range(const YamlReader& reader,
                                                                 const YAML::Node& node,
                                                                 const std::string& what) {
  const std::string& text = node.Scalar();
  const auto dots = text.find("..");
  if (dots == std::string::npos) return std::nullopt;
  const auto lo = parse_integer(std::string_view(text).substr(0, dots));
  const auto hi = parse_integer(std::string_view(text).substr(dots + 2));
  if (!lo || !hi) {
    reader.fail(node,
                "expected an integer range A..B for " + what + ", got " + describe_node(node));
  }
  if (*lo > *hi) reader.fail(node, "empty range '" + text + "' for " + what + " (A must be <= B)");
  return std::make_pair(*lo, *hi);
}

std::vector<CompareSweep> parse_sweep(const YamlReader& reader, const YAML::Node& node,
                                      const GameInfo& info, const GameBlock& block) {
  std::vector<CompareSweep> out;
  const std::string game = "game " + info.name;  // whose parameters they are
  for (const auto& [name, key, value] : reader.entries(node, "'sweep'", "a swept game parameter")) {
    CompareSweep f{name, {}};
    const std::string what = "swept parameter '" + f.key + "'";
    if (block.params.count(f.key) != 0) {
      reader.fail(key, "parameter '" + f.key + "' is both in 'game.params' and swept");
    }
    // An undeclared parameter fails here, naming the declared ones.
    if (!has_param(info.params, f.key))
      check_param(reader, info.params, game, f.key, key, "", value);
    bool is_list = false;
    for (const YAML::Node& v : reader.scalar_or_list(value, what, is_list)) {
      const std::size_t first = f.values.size();
      if (const auto range = parse_range(reader, v, what)) {
        if (range->second - range->first >= static_cast<std::int64_t>(kMaxCompareInputs)) {
          reader.fail(v, "range '" + v.Scalar() + "' is longer than " +
                             std::to_string(kMaxCompareInputs) + " values");
        }
        for (std::int64_t x = range->first; x <= range->second; ++x) {
          f.values.push_back(std::to_string(x));
        }
      } else {
        f.values.push_back(reader.text(v, what));
      }
      for (std::size_t k = first; k < f.values.size(); ++k) {
        check_param(reader, info.params, game, f.key, key, f.values[k], v);
      }
    }
    out.push_back(std::move(f));
  }
  return out;
}

// The set `item`'s depths, each with where it stands (the set's entry for the default, max).
void parse_depths(const YamlReader& reader, const YAML::Node& item, CompareInputSet& set) {
  const YAML::Node node = reader.find(item, "depths");
  if (!node.IsDefined()) {
    set.depths = {kDepthMax};
    set.depth_at = {{item.Mark().line + 1, item.Mark().column + 1}};
    return;
  }
  bool is_list = false;
  for (const YAML::Node& d : reader.scalar_or_list(node, "'depths'", is_list)) {
    const int depth = parse_depth(reader, d, "a depth in 'depths'");
    if (std::find(set.depths.begin(), set.depths.end(), depth) != set.depths.end()) {
      reader.fail(d, "depth " + depth_text(depth) + " listed twice in 'depths'");
    }
    set.depths.push_back(depth);
    set.depth_at.emplace_back(d.Mark().line + 1, d.Mark().column + 1);
  }
}

ComparePositions parse_positions(const YamlReader& reader, const YAML::Node& node,
                                 const std::vector<CompareVariant>& variants) {
  ComparePositions p;
  if (!node.IsDefined()) return p;
  if (node.IsScalar()) {
    (void)reader.choice(node, "'positions'", {"start"});
    return p;
  }
  if (!node.IsMap()) {
    reader.fail(node,
                "expected 'start' or a map (file, list, sample, plies) for 'positions', got " +
                    describe_node(node));
  }
  reader.check_keys(node, {"file", "list", "sample", "plies"}, "in 'positions'");
  const YAML::Node file = reader.find(node, "file");
  const YAML::Node list = reader.find(node, "list");
  const YAML::Node sample = reader.find(node, "sample");
  const YAML::Node plies = reader.find(node, "plies");
  if (sample.IsDefined()) {
    for (const char* key : {"file", "list"}) {
      if (const YAML::Node k = YamlReader::find_key(node, key); k.IsDefined()) {
        reader.fail(k, std::string("'") + key + "' and 'sample' exclude each other in 'positions'");
      }
    }
    p.kind = ComparePositions::Kind::kSample;
    p.count = static_cast<int>(reader.integer(sample, "'positions.sample'", 1, 100000));
    if (!plies.IsDefined()) {
      reader.fail(node,
                  "'positions.sample' needs 'plies': random plies from the start (N or A..B)");
    }
    const auto range = parse_range(reader, plies, "'positions.plies'");
    if (range) {
      if (range->first < 0 || range->second > 10000) {
        reader.fail(plies, "plies must lie in 0..10000, got " + describe_node(plies));
      }
      p.min_plies = static_cast<int>(range->first);
      p.max_plies = static_cast<int>(range->second);
    } else {
      p.min_plies = p.max_plies =
          static_cast<int>(reader.integer(plies, "'positions.plies'", 0, 10000));
    }
    return p;
  }
  if (plies.IsDefined()) {
    reader.fail(YamlReader::find_key(node, "plies"), "'plies' applies only with 'sample'");
  }
  if (!file.IsDefined() && !list.IsDefined()) {
    reader.fail(node, "'positions' needs 'file', 'list' or 'sample'");
  }
  p.kind = ComparePositions::Kind::kList;
  if (list.IsDefined() && list.IsSequence() && list.size() == 0) {
    reader.fail(list, "'positions.list' is empty");
  }
  const std::string written = file.IsDefined() ? reader.text(file, "'positions.file'") : "";
  std::vector<const GameHandle*> games;
  for (const auto& v : variants) games.push_back(v.game.get());
  p.positions = read_positions(reader, list, "'positions.list'", file, written, "positions", games);
  return p;
}

CompareInputSet parse_input_set(const YamlReader& reader, const YAML::Node& item, std::size_t index,
                                bool accuracy) {
  const std::string where = "in input set " + std::to_string(index + 1);
  reader.expect_map(item, "input set " + std::to_string(index + 1));
  reader.check_keys(item, {"name", "game", "sweep", "positions", "depths", "evaluation"}, where);
  CompareInputSet set;
  const GameBlock block = parse_game_block(reader, reader.require(item, "game", where));
  const GameInfo* info = block.info;
  set.game = info->name;
  set.name = info->name;
  if (const auto n = reader.find(item, "name"); n.IsDefined()) {
    set.name = reader.identifier(n, "an input set's 'name'");
  }
  const YAML::Node sweep_node = reader.find(item, "sweep");
  set.sweep = parse_sweep(reader, sweep_node, *info, block);
  const std::vector<CompareSweep>& sweep = set.sweep;

  // The cross product, the last swept parameter fastest; each combination's game built now.
  std::size_t combinations = 1;
  std::vector<std::size_t> sizes, odometer(sweep.size(), 0);
  for (const auto& f : sweep) {
    sizes.push_back(f.values.size());
    if ((combinations *= f.values.size()) > kMaxCompareInputs) {
      reader.fail(sweep_node, "the sweep expands into more than " +
                                  std::to_string(kMaxCompareInputs) + " games");
    }
  }
  do {
    CompareVariant v;
    std::map<std::string, std::string> params = block.params;
    for (std::size_t k = 0; k < sweep.size(); ++k) {
      v.swept.emplace_back(sweep[k].key, sweep[k].values[odometer[k]]);
      params[sweep[k].key] = sweep[k].values[odometer[k]];
    }
    try {
      v.game = make_game(info->name, params);
    } catch (const ParamError& e) {
      if (sweep.empty()) reader.fail(block.params_node, e.what());
      std::string combination;
      for (const auto& [k, value] : v.swept) {
        combination += (combination.empty() ? "" : ", ") + k + "=" + value;
      }
      reader.fail(sweep_node, "the combination " + combination + " is rejected: " + e.what());
    }
    set.variants.push_back(std::move(v));
  } while (next_combination(odometer, sizes));
  for (const auto& [k, value] : set.variants.front().game->params().values()) {
    if (std::ranges::find(sweep, k, &CompareSweep::key) == sweep.end()) set.params[k] = value;
  }

  set.evaluation = {info->default_evaluation, {}};
  if (const YAML::Node n = reader.find(item, "evaluation"); n.IsDefined()) {
    set.evaluation = read_evaluation(reader, n, "'evaluation'", *set.variants.front().game, true);
  }
  set.positions = parse_positions(reader, reader.find(item, "positions"), set.variants);
  if (set.positions.kind == ComparePositions::Kind::kStart) {
    for (const auto& v : set.variants) {
      if (v.game->is_terminal(v.game->initial_position())) {
        reader.fail(item, "the start position of " + v.game->label() +
                              " is a finished game: there is nothing to search");
      }
    }
  }
  if (accuracy) {
    // Each search goes as deep as its budget lets it.
    if (const YAML::Node k = YamlReader::find_key(item, "depths"); k.IsDefined()) {
      reader.fail(k,
                  "'depths' does not apply with 'accuracy': its budgets decide how far each "
                  "search goes");
    }
    set.depths = {kDepthMax};
    set.depth_at = {{item.Mark().line + 1, item.Mark().column + 1}};
    return set;
  }
  parse_depths(reader, item, set);
  return set;
}

std::vector<CompareAlgorithm> read_algorithms(const YamlReader& reader, const YAML::Node& node,
                                              const std::vector<CompareInputSet>& sets,
                                              bool accuracy) {
  if (accuracy && node.IsSequence()) {
    for (const YAML::Node& item : node) {
      if (const YAML::Node k = item.IsMap() ? YamlReader::find_key(item, "nodes") : YAML::Node();
          k.IsDefined()) {
        reader.fail(k, "an algorithm's 'nodes' does not apply with 'accuracy': its budgets do");
      }
    }
  }
  // The entries of a players block without depth and evaluation (the input sets give those), and
  // with a per-search node budget; checked against each game the sets name.
  PlayersDefaults defaults;
  defaults.depth = 1;
  defaults.keys = {"nodes"};
  defaults.what = "'algorithms'";
  defaults.entry = "algorithm";
  defaults.set_elsewhere = {"depth", "evaluation"};
  defaults.elsewhere = "per input set in a compare config ('depths', 'evaluation')";
  std::vector<PlayerConfig> players;
  std::set<std::string> games_checked;
  for (const auto& set : sets) {
    if (!games_checked.insert(set.game).second) continue;
    players = read_players(reader, node, defaults, *set.variants.front().game, {});
  }
  if (players.empty()) reader.fail(node, "'algorithms' is empty: list at least one algorithm");
  std::vector<CompareAlgorithm> out;
  for (const auto& p : players) {
    // An option's error names the player's algorithm line, or the list when it has none.
    const auto refuse = [&](const ParamError& e) {
      const auto [line, column] = p.algorithm_at;
      const std::string what = "algorithm '" + p.name + "': " + e.what();
      if (line == 0) reader.fail(node, what);
      throw ConfigError(reader.file(), line, column, what);
    };
    if (!accuracy && p.limits.nodes == 0) {
      try {
        check_ends_unbudgeted(p.algorithm);
      } catch (const ParamError& e) {
        refuse(e);
      }
    }
    out.push_back({p.name, p.algorithm, p.limits.nodes, p.option_at});
    if (!accuracy) continue;
    try {
      out.back().budgeted = spec_under_budget(p.algorithm, "an accuracy budget");
    } catch (const ParamError& e) {
      refuse(e);
    }
  }
  return out;
}

std::size_t find_entry(const YamlReader& reader, const YAML::Node& node, const std::string& what,
                       const std::vector<CompareAlgorithm>& algorithms) {
  const std::string name = reader.identifier(node, what);
  std::string names;
  for (std::size_t i = 0; i < algorithms.size(); ++i) {
    if (algorithms[i].name == name) return i;
    names += (names.empty() ? "" : ", ") + algorithms[i].name;
  }
  reader.fail(node, what + " '" + name +
                        "' is not an algorithm of this config (algorithms: " + names + ")");
}

// The `accuracy` block: budgets (one or a list, ascending) and their unit.
CompareAccuracy parse_accuracy(const YamlReader& reader, const YAML::Node& node) {
  reader.check_map(node, "'accuracy'", {"budgets", "unit"});
  CompareAccuracy a;
  std::string unit = "nodes";
  reader.get(node, "unit", "'accuracy.unit'", unit, {"nodes", "ms"});
  a.milliseconds = unit == "ms";
  const YAML::Node budgets = reader.require(node, "budgets", "in 'accuracy'");
  bool is_list = false;
  const std::int64_t most = a.milliseconds ? 3'600'000 : 1'000'000'000'000;
  for (const YAML::Node& b : reader.scalar_or_list(budgets, "'accuracy.budgets'", is_list)) {
    const auto v = static_cast<std::uint64_t>(
        reader.integer(b, "a budget in 'accuracy.budgets' (" + unit + ")", 1, most));
    if (!a.budgets.empty() && v <= a.budgets.back()) {
      reader.fail(b, "budget " + std::to_string(v) + " after " + std::to_string(a.budgets.back()) +
                         " in 'accuracy.budgets': list them ascending, each once");
    }
    a.budgets.push_back(v);
  }
  return a;
}

CompareConfig load_with(const YamlReader& reader, const YAML::Node& root) {
  CompareConfig c;
  read_run_settings(reader, root,
                    {"inputs", "algorithms", "reference", "baseline", "seed", "accuracy"},
                    "compare", {"dir"}, c);
  const YAML::Node accuracy_node = reader.find(root, "accuracy");
  const bool accuracy = accuracy_node.IsDefined();
  if (accuracy) {
    c.accuracy = parse_accuracy(reader, accuracy_node);
    for (const char* key : {"reference", "baseline"}) {
      if (const YAML::Node k = YamlReader::find_key(root, key); k.IsDefined()) {
        reader.fail(k, std::string("'") + key +
                           "' does not apply with 'accuracy': the exact solver's move values "
                           "are the reference");
      }
    }
  }

  const YAML::Node inputs = reader.require(root, "inputs", "at the top level");
  const auto items = reader.items(inputs, "'inputs'");
  if (items.empty()) reader.fail(inputs, "'inputs' is empty: list at least one input set");
  std::map<std::string, YAML::Node> set_names;
  for (std::size_t i = 0; i < items.size(); ++i) {
    c.sets.push_back(parse_input_set(reader, items[i], i, accuracy));
    if (!set_names.emplace(c.sets.back().name, items[i]).second) {
      reader.fail(items[i],
                  "two input sets are named '" + c.sets.back().name + "'; give one a 'name'");
    }
  }

  c.algorithms = read_algorithms(reader, reader.require(root, "algorithms", "at the top level"),
                                 c.sets, accuracy);
  if (accuracy) {
    reader.get(root, "seed", "'seed'", c.seed);
    return c;
  }
  if (const auto n = reader.find(root, "reference"); n.IsDefined()) {
    c.reference = find_entry(reader, n, "'reference'", c.algorithms);
  } else {
    // The registry's reference algorithm (plain minimax), added in front when not listed.
    const std::string& ref = reference_algorithm().name;
    const auto it = std::ranges::find(c.algorithms, ref,
                                      [](const CompareAlgorithm& a) { return a.algorithm.name; });
    if (it != c.algorithms.end()) {
      c.reference = static_cast<std::size_t>(it - c.algorithms.begin());
    } else {
      if (std::ranges::find(c.algorithms, ref, &CompareAlgorithm::name) != c.algorithms.end()) {
        reader.fail(root, "no " + ref + " entry to be the reference, and '" + ref +
                              "' names another algorithm: name the 'reference'");
      }
      c.algorithms.insert(c.algorithms.begin(),
                          CompareAlgorithm{ref, make_algorithm_spec(ref, {}), 0, {}});
      c.reference = 0;
    }
  }
  if (const auto n = reader.find(root, "baseline"); n.IsDefined()) {
    c.baseline = find_entry(reader, n, "'baseline'", c.algorithms);
  } else {
    for (std::size_t i = 0; i < c.algorithms.size(); ++i) {
      if (find_algorithm_info(c.algorithms[i].algorithm.name).facts.ratio_baseline) {
        c.baseline = i;
        break;
      }
    }
  }
  reader.get(root, "seed", "'seed'", c.seed);
  return c;
}

}  // namespace

AlgorithmSpec exact_solver_spec() { return make_algorithm_spec("solve", {}); }

CompareConfig load_compare_config(const std::string& path) {
  const YamlReader reader(path);
  return load_with(reader, reader.load());
}

CompareConfig load_compare_config_text(const std::string& text, const std::string& file) {
  const YamlReader reader(file);
  return load_with(reader, reader.load_text(text));
}

std::string compare_resolved_yaml(const CompareConfig& c) {
  YAML::Emitter out;
  out << YAML::Comment("resolved compare config: defaults filled in, ranges and sweeps expanded");
  out << YAML::BeginMap;
  put(out, "name", c.name);
  put(out, "inputs", YAML::BeginSeq);
  for (const auto& s : c.sets) {
    out << YAML::BeginMap;
    put(out, "name", s.name);
    emit_game(out, s.game, s.params);
    if (!s.sweep.empty()) {
      put(out, "sweep", YAML::BeginMap);
      for (const auto& [k, values] : s.sweep) {
        out << YAML::Key << k << YAML::Value << YAML::Flow << values;
      }
      out << YAML::EndMap;
    }
    out << YAML::Key << "evaluation" << YAML::Value;
    emit_eval(out, s.evaluation);
    out << YAML::Key << "positions" << YAML::Value;
    switch (s.positions.kind) {
      case ComparePositions::Kind::kStart:
        out << "start";
        break;
      case ComparePositions::Kind::kList:
        out << YAML::BeginMap << YAML::Key << "list" << YAML::Value << YAML::BeginSeq;
        for (const auto& p : s.positions.positions) out << YAML::DoubleQuoted << p;
        out << YAML::EndSeq << YAML::EndMap;
        break;
      case ComparePositions::Kind::kSample:
        out << YAML::Flow << YAML::BeginMap;
        put(out, "sample", s.positions.count);
        out << YAML::Key << "plies" << YAML::Value
            << std::to_string(s.positions.min_plies) + ".." + std::to_string(s.positions.max_plies);
        out << YAML::EndMap;
        break;
    }
    if (!c.accuracy) {
      out << YAML::Key << "depths" << YAML::Value << YAML::Flow << YAML::BeginSeq;
      for (int d : s.depths) out << depth_text(d);
      out << YAML::EndSeq;
    }
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  put(out, "algorithms", YAML::BeginSeq);
  for (const auto& a : c.algorithms) {
    out << YAML::Flow << YAML::BeginMap;
    put(out, "name", a.name);
    put(out, "algorithm", a.algorithm.name);
    out << YAML::Key << "options" << YAML::Value << YAML::Flow << a.algorithm.options.values();
    if (a.max_nodes != 0) put(out, "nodes", a.max_nodes);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  if (c.accuracy) {
    put(out, "accuracy", YAML::BeginMap);
    out << YAML::Key << "budgets" << YAML::Value << YAML::Flow << c.accuracy->budgets;
    put(out, "unit", c.accuracy->unit());
    out << YAML::EndMap;
  } else {
    put(out, "reference", c.algorithms[c.reference].name);
    if (c.baseline) put(out, "baseline", c.algorithms[*c.baseline].name);
  }
  put(out, "seed", c.seed);
  put(out, "threads", c.threads);
  put(out, "output", YAML::BeginMap);
  put(out, "dir", c.output_dir);
  out << YAML::EndMap;
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace gts
