#include "harness/config/blocks.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "algorithms/search.h"

namespace gts {

namespace {

// A part of a generated player name: only characters allowed in names.
std::string name_part(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '*') {
      out += "-star";
    } else if (is_identifier(std::string_view(&c, 1))) {
      out += c;
    } else {
      out += '_';
    }
  }
  return out;
}

}  // namespace

bool has_param(const std::vector<ParamSpec>& specs, const std::string& name) {
  return std::any_of(specs.begin(), specs.end(),
                     [&](const ParamSpec& s) { return s.name == name; });
}

void check_param(const YamlReader& reader, const std::vector<ParamSpec>& specs,
                 const std::string& owner, const std::string& key, const YAML::Node& key_node,
                 const std::string& value, const YAML::Node& value_node,
                 const std::string& prefix) {
  or_fail_at(reader, has_param(specs, key) ? value_node : key_node, prefix, [&] {
    resolve_params(specs, {{key, value}}, owner);
  });
}

std::string config_name(const YamlReader& reader, const YAML::Node& root,
                        const std::string& fallback) {
  std::string name = std::filesystem::path(reader.file()).stem().string();
  for (char& c : name) {
    if (!is_identifier(std::string_view(&c, 1))) c = '_';
  }
  if (name.empty()) name = fallback;
  if (const YAML::Node n = reader.find(root, "name"); n.IsDefined()) {
    name = reader.identifier(n, "'name'");
  }
  return name;
}

YAML::Node read_output(const YamlReader& reader, const YAML::Node& root,
                       std::initializer_list<std::string_view> keys, std::string& dir) {
  const YAML::Node output = reader.find_map(root, "output", "'output'", keys);
  if (const YAML::Node n = reader.find(output, "dir"); n.IsDefined() && !n.IsNull()) {
    dir = reader.text(n, "'output.dir'");
  }
  return output;
}

bool next_combination(std::vector<std::size_t>& index, const std::vector<std::size_t>& sizes) {
  for (std::size_t d = sizes.size(); d-- > 0;) {
    if (++index[d] < sizes[d]) return true;
    index[d] = 0;
  }
  return false;
}

void PositionLine::fail(const std::string& message) const {
  throw ConfigError(file, line, column, message);
}

std::vector<PositionLine> read_position_lines(const YamlReader& reader, const YAML::Node& node,
                                              const std::string& written, const std::string& noun) {
  const std::string path = reader.relative_path(written);
  if (const std::string why = unreadable_reason(path); !why.empty()) {
    reader.fail(node, "cannot open " + noun + " file '" + path + "': " + why);
  }
  std::ifstream in(path);
  if (!in) reader.fail(node, "cannot open " + noun + " file '" + path + "'");
  std::vector<PositionLine> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    out.push_back(
        {line.substr(first, last - first + 1), path, number, static_cast<int>(first) + 1});
  }
  if (out.empty()) reader.fail(node, noun + " file '" + path + "' has no positions");
  return out;
}

TimeControl parse_time_control(const YamlReader& reader, const YAML::Node& node,
                               const std::string& what) {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  const auto plus = text.find('+');
  const auto base = parse_number(text.substr(0, plus));
  const auto inc =
      plus == std::string::npos ? std::optional<double>(0.0) : parse_number(text.substr(plus + 1));
  if (!base || !inc || !(*base > 0) || !(*inc >= 0) || *base > 1e7 || *inc > 1e7) {
    reader.fail(node,
                "expected a time control 'SECONDS' or 'SECONDS+INCREMENT' (e.g. 10+0.1, "
                "as fastchess writes it) for " +
                    what + ", got " + describe_node(node));
  }
  return TimeControl{*base * 1e3, *inc * 1e3};
}

std::string time_control_text(const TimeControl& tc) {
  return format_number(tc.base_ms / 1e3) + "+" + format_number(tc.inc_ms / 1e3);
}

namespace {

// `engine: {command: [program, args...], options: {name: value}, working_dir, protocol: ugi,
// startup_ms, stall_ms}`. A program or working folder written relative to the config is found
// there (a bare program name is looked up in PATH).
EngineSpec parse_engine_block(const YamlReader& reader, const YAML::Node& node,
                              const std::string& who) {
  const std::string where = "'engine' of " + who;
  reader.check_map(node, where,
                   {"command", "options", "working_dir", "protocol", "startup_ms", "stall_ms"});
  EngineSpec e;
  const YAML::Node command = reader.require(node, "command", "in " + where);
  bool is_list = false;
  for (const auto& part : reader.scalar_or_list(command, "'command' of " + who, is_list)) {
    e.command.push_back(reader.text(part, "a word of the 'command' of " + who));
  }
  if (e.command[0].empty()) reader.fail(command, "the 'command' of " + who + " is empty");
  if (e.command[0].find('/') != std::string::npos) {
    e.command[0] = std::filesystem::absolute(reader.relative_path(e.command[0])).lexically_normal();
  }
  if (auto n = reader.find(node, "working_dir"); n.IsDefined()) {
    e.working_dir =
        std::filesystem::absolute(reader.relative_path(reader.text(n, "'working_dir' of " + who)))
            .lexically_normal();
    if (!std::filesystem::is_directory(e.working_dir)) {
      reader.fail(n, "the 'working_dir' of " + who + " is not a folder: " + e.working_dir);
    }
  }
  reader.get(node, "protocol", "'protocol' of " + who, e.protocol, {"ugi"});
  if (auto n = reader.find(node, "options"); n.IsDefined()) {
    reader.expect_map(n, "'options' of the engine of " + who);
    for (auto it = n.begin(); it != n.end(); ++it) {
      const std::string key = reader.text(it->first, "an engine option name of " + who);
      if (key.empty() || key.find_first_of(" \t") != std::string::npos) {
        reader.fail(it->first, "an engine option name of " + who +
                                   " is one word (UGI's 'setoption name NAME value VALUE')");
      }
      e.options.emplace_back(key, reader.text(it->second, "engine option '" + key + "' of " + who));
    }
  }
  reader.get(node, "startup_ms", "'startup_ms' of " + who, e.startup_ms, 1, 1e9);
  reader.get(node, "stall_ms", "'stall_ms' of " + who, e.stall_ms, 1, 1e9);
  return e;
}

}  // namespace

int parse_depth(const YamlReader& reader, const YAML::Node& node, const std::string& what) {
  if (node.Scalar() == "max") return kDepthMax;
  const auto v = parse_integer(node.Scalar());
  if (!v || *v < 1 || *v > kMaxConfigDepth) {
    reader.fail(node, "expected an integer in 1.." + std::to_string(kMaxConfigDepth) +
                          " or 'max' for " + what + ", got " + describe_node(node));
  }
  return static_cast<int>(*v);
}

// ---- game ----

GameBlock parse_game_block(const YamlReader& reader, const YAML::Node& node) {
  GameBlock block;
  block.node = node;
  if (node.IsScalar()) {  // `game: kalah`
    block.name = node.Scalar();
    block.name_node = node;
    return block;
  }
  if (!node.IsMap()) {
    reader.fail(node, "expected a map (name, params) or a game name for 'game', got " +
                          describe_node(node));
  }
  reader.check_keys(node, {"name", "params"}, "in 'game'");
  block.name_node = reader.require(node, "name", "in 'game'");
  block.name = reader.text(block.name_node, "'game.name'");
  block.params_node = reader.find(node, "params");
  if (block.params_node.IsDefined()) {
    reader.expect_map(block.params_node, "'game.params'");
    for (auto it = block.params_node.begin(); it != block.params_node.end(); ++it) {
      const std::string key = reader.text(it->first, "a game parameter name");
      for (const auto& q : block.params) {
        if (q.key == key) reader.fail(it->first, "game parameter '" + key + "' given twice");
      }
      block.params.push_back(
          {key, reader.text(it->second, "game parameter '" + key + "'"), it->first, it->second});
    }
  }
  return block;
}

const GameInfo& game_info_of(const YamlReader& reader, const GameBlock& block) {
  return *or_fail_at(reader, block.name_node, [&] { return &find_game_info(block.name); });
}

std::unique_ptr<GameHandle> make_game_from_block(const YamlReader& reader, const GameBlock& block) {
  const GameInfo* info = &game_info_of(reader, block);
  // One parameter at a time first, so that the error points at the parameter at fault.
  std::map<std::string, std::string> all;
  for (const auto& p : block.params) {
    check_param(reader, info->params, "game " + info->name, p.key, p.key_node, p.value,
                p.value_node);
    all[p.key] = p.value;
  }
  return or_fail_at(reader, block.params_node.IsDefined() ? block.params_node : block.node,
                    [&] { return make_game(info->name, all); });
}

// ---- evaluations ----

std::vector<EvaluationEntry> parse_evaluations_block(const YamlReader& reader,
                                                     const YAML::Node& node) {
  std::vector<EvaluationEntry> out;
  if (!node.IsDefined()) return out;
  reader.expect_map(node, "'evaluations'");
  for (auto it = node.begin(); it != node.end(); ++it) {
    const std::string name = reader.identifier(it->first, "an evaluation name");
    for (const auto& other : out) {
      if (other.name == name) {
        reader.fail(it->first, "evaluation '" + name + "' defined twice (first at " +
                                   position_text(other.name_node) + ")");
      }
    }
    out.push_back(parse_evaluation_body(reader, it->second, "evaluation '" + name + "'"));
    out.back().name = name;
    out.back().name_node = it->first;
  }
  return out;
}

EvaluationEntry parse_evaluation_body(const YamlReader& reader, const YAML::Node& body,
                                      const std::string& what) {
  EvaluationEntry e;
  reader.check_map(body, what, {"kind", "weights"});
  e.kind_node = reader.require(body, "kind", "in " + what);
  e.spec.kind = reader.text(e.kind_node, "'kind' of " + what);
  e.weights_node = reader.find(body, "weights");
  if (e.weights_node.IsDefined()) {
    const auto items = reader.items(e.weights_node, "'weights' of " + what);
    for (std::size_t i = 0; i < items.size(); ++i) {
      e.spec.weights.push_back(
          reader.number(items[i], "weight " + std::to_string(i + 1) + " of " + what, -1e6, 1e6));
    }
  }
  return e;
}

void check_evaluation(const YamlReader& reader, const EvaluationEntry& e, const GameHandle& game) {
  const auto& kinds = game.info().evaluations;
  if (std::none_of(kinds.begin(), kinds.end(),
                   [&](const EvalInfo& k) { return k.kind == e.spec.kind; })) {
    std::string known;
    for (const auto& k : kinds) known += (known.empty() ? "" : ", ") + k.kind;
    reader.fail(e.kind_node, "unknown evaluation kind '" + e.spec.kind + "' for " +
                                 game.info().name + " (known: " + known + ")");
  }
  or_fail_at(reader, e.weights_node.IsDefined() ? e.weights_node : e.kind_node, [&] {
    (void)game.make_searcher(make_algorithm_spec(reference_algorithm().name, {}), e.spec);
  });
}

std::map<std::string, EvalSpec> validate_evaluations(const YamlReader& reader,
                                                     const std::vector<EvaluationEntry>& entries,
                                                     const GameHandle& game) {
  std::map<std::string, EvalSpec> out;
  for (const auto& e : entries) {
    check_evaluation(reader, e, game);
    out[e.name] = e.spec;
  }
  return out;
}

// ---- players ----

std::vector<PlayerEntry> parse_players_block(const YamlReader& reader, const YAML::Node& node,
                                             const PlayersDefaults& defaults) {
  std::vector<PlayerEntry> out;
  const auto items = reader.items(node, "'players'");
  for (std::size_t i = 0; i < items.size(); ++i) {
    const YAML::Node& item = items[i];
    PlayerEntry p;
    p.node = item;
    const std::string where = "in player " + std::to_string(i + 1);
    reader.expect_map(item, "player " + std::to_string(i + 1));
    if (defaults.allow_engines) {
      reader.check_keys(item,
                        {"name", "algorithm", "engine", "depth", "evaluation", "options", "tc",
                         "time_ms", "nodes"},
                        where);
    } else {
      reader.check_keys(item, {"name", "algorithm", "depth", "evaluation", "options"}, where);
    }
    p.name_node = reader.require(item, "name", where);
    p.name = reader.identifier(p.name_node, "a player's 'name'");
    const std::string who = "player '" + p.name + "'";

    bool own_budget = false;
    if (defaults.allow_engines) {
      if (auto n = reader.find(item, "tc"); n.IsDefined()) {
        p.limits.tc = parse_time_control(reader, n, "'tc' of " + who);
      }
      reader.get(item, "time_ms", "'time_ms' of " + who, p.limits.time_ms, 0.0, 1e9);
      reader.get(item, "nodes", "'nodes' of " + who, p.limits.nodes);
      own_budget = p.limits.tc.enabled() || p.limits.time_ms > 0 || p.limits.nodes > 0;
      if (auto n = reader.find(item, "engine"); n.IsDefined()) {
        for (const char* key : {"algorithm", "evaluation", "options"}) {
          if (auto k = reader.find_key(item, key); k.IsDefined()) {
            reader.fail(k, who + " is an engine: '" + key +
                               "' belongs to in-process players (engine options go under "
                               "'engine: {options: ...}')");
          }
        }
        p.engine = parse_engine_block(reader, n, who);
        if (!own_budget && !defaults.depth && !reader.find(item, "depth").IsDefined()) {
          reader.fail(n, who +
                             " is an engine with nothing to bound its moves: give it a "
                             "'depth', 'nodes', 'time_ms' or 'tc' (or set one in "
                             "tournament.limits)");
        }
        own_budget = true;  // an engine without a depth searches under its clock or budget
      }
    }

    if (!p.engine) {
      p.algorithm.values = reader.scalar_or_list(
          reader.require(item, "algorithm",
                         "in " + who + (defaults.allow_engines ? " (or 'engine')" : "")),
          "'algorithm' of " + who, p.algorithm.swept);
    }

    const YAML::Node depth = reader.find(item, "depth");
    if (depth.IsDefined()) {
      p.depth.values = reader.scalar_or_list(depth, "'depth' of " + who, p.depth.swept);
      for (const auto& d : p.depth.values)
        p.depths.push_back(parse_depth(reader, d, "'depth' of " + who));
    } else if (defaults.depth) {
      p.depths.push_back(*defaults.depth);
    } else if (own_budget) {
      p.depths.push_back(kDepthMax);
    } else {
      reader.fail(item, "missing required key 'depth' in " + who + defaults.depth_hint);
    }

    const YAML::Node evaluation = reader.find(item, "evaluation");
    if (evaluation.IsDefined()) {
      p.evaluation.values =
          reader.scalar_or_list(evaluation, "'evaluation' of " + who, p.evaluation.swept);
    }

    p.options_node = reader.find(item, "options");
    if (p.options_node.IsDefined()) {
      reader.expect_map(p.options_node, "'options' of " + who);
      for (auto it = p.options_node.begin(); it != p.options_node.end(); ++it) {
        const std::string key = reader.text(it->first, "an option name of " + who);
        for (const auto& other : p.options) {
          if (other.key == key) reader.fail(it->first, "option '" + key + "' given twice");
        }
        p.options.push_back({key, it->first, {}});
        PlayerEntry::Field& values = p.options.back().values;
        values.values =
            reader.scalar_or_list(it->second, "option '" + key + "' of " + who, values.swept);
      }
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<PlayerConfig> expand_players(const YamlReader& reader,
                                         const std::vector<PlayerEntry>& entries,
                                         const GameHandle& game,
                                         const std::map<std::string, EvalSpec>& evaluations) {
  std::vector<PlayerConfig> out;
  std::map<std::string, YAML::Node> first_seen;
  const auto add = [&](PlayerConfig&& player, const YAML::Node& name_node) {
    if (auto [it, fresh] = first_seen.emplace(player.name, name_node); !fresh) {
      reader.fail(name_node, "duplicate player name '" + player.name + "' (first at " +
                                 position_text(it->second) + ")");
    }
    out.push_back(std::move(player));
  };
  const GameInfo& game_info = game.info();

  for (const auto& entry : entries) {
    const std::string who = "player '" + entry.name + "'";

    if (entry.engine) {  // an external engine: one player per depth
      for (const int depth : entry.depths) {
        PlayerConfig player;
        player.name = entry.name;
        if (entry.depth.swept) player.name += std::string("-d").append(depth_text(depth));
        player.depth = depth;
        player.engine = entry.engine;
        player.limits = entry.limits;
        add(std::move(player), entry.name_node);
      }
      continue;
    }

    // Each algorithm, and each option value checked against it, before any combination.
    std::vector<const AlgorithmInfo*> algorithms;
    for (const auto& a : entry.algorithm.values) {
      const AlgorithmInfo* info =
          or_fail_at(reader, a, who + ": ", [&] { return &find_algorithm_info(a.Scalar()); });
      for (const auto& o : entry.options) {
        for (const auto& v : o.values.values) {
          check_param(reader, info->options, "algorithm " + info->name, o.key, o.key_node,
                      v.Scalar(), v, who + ": ");
        }
      }
      algorithms.push_back(info);
    }

    // Evaluations: a named one first, else a kind of the game.
    struct Eval {
      std::string name;
      EvalSpec spec;
      YAML::Node node;  // where a rejection is reported
    };
    std::vector<Eval> evals;
    if (entry.evaluation.values.empty()) {
      evals.push_back(
          {game_info.default_evaluation, EvalSpec{game_info.default_evaluation, {}}, entry.node});
    }
    for (const auto& v : entry.evaluation.values) {
      const std::string& name = v.Scalar();
      if (auto it = evaluations.find(name); it != evaluations.end()) {
        evals.push_back({name, it->second, v});
        continue;
      }
      const auto& kinds = game_info.evaluations;
      if (std::none_of(kinds.begin(), kinds.end(),
                       [&](const EvalInfo& k) { return k.kind == name; })) {
        std::string known;
        for (const auto& [n, spec] : evaluations) known += (known.empty() ? "" : ", ") + n;
        for (const auto& k : kinds) known += (known.empty() ? "" : ", ") + k.kind;
        reader.fail(v, who + ": unknown evaluation '" + name +
                           "': not a name in 'evaluations' nor an evaluation kind of " +
                           game_info.name + " (known: " + known + ")");
      }
      evals.push_back({name, EvalSpec{name, {}}, v});
    }

    // The odometer over every field, the last one fastest.
    std::vector<std::size_t> sizes = {algorithms.size(), entry.depths.size(), evals.size()};
    for (const auto& o : entry.options) sizes.push_back(o.values.values.size());
    std::size_t combinations = 1;
    for (std::size_t n : sizes) {
      combinations *= n;
      if (combinations > kMaxSweepPlayers) {
        reader.fail(entry.name_node, who + ": the sweep expands into more than " +
                                         std::to_string(kMaxSweepPlayers) + " players");
      }
    }
    std::vector<std::size_t> index(sizes.size(), 0);
    do {
      PlayerConfig player;
      std::string name = entry.name;
      const AlgorithmInfo& info = *algorithms[index[0]];
      // Appended piecewise: `"x" + std::string` trips a GCC 12 -Wrestrict false positive.
      auto add_part = [&name](const std::string& part) {
        name += '-';
        name += part;
      };
      if (entry.algorithm.swept) add_part(name_part(info.name));
      player.depth = entry.depths[index[1]];
      if (entry.depth.swept) add_part(std::string("d").append(depth_text(player.depth)));
      const Eval& eval = evals[index[2]];
      player.evaluation_name = eval.name;
      player.evaluation = eval.spec;
      if (entry.evaluation.swept) add_part(name_part(player.evaluation_name));
      std::map<std::string, std::string> options;
      for (std::size_t k = 0; k < entry.options.size(); ++k) {
        const auto& o = entry.options[k];
        const std::string& value = o.values.values[index[3 + k]].Scalar();
        options[o.key] = value;
        if (o.values.swept) add_part(name_part(o.key) + "=" + name_part(value));
      }
      player.name = name;
      player.limits = entry.limits;
      const std::string prefix = "player '" + name + "': ";
      player.algorithm =
          or_fail_at(reader, entry.options_node.IsDefined() ? entry.options_node : entry.node,
                     prefix, [&] { return make_algorithm_spec(info.name, options); });
      or_fail_at(reader, eval.node, prefix,
                 [&] { (void)game.make_searcher(player.algorithm, player.evaluation); });
      add(std::move(player), entry.name_node);
    } while (next_combination(index, sizes));
  }
  return out;
}

void read_sprt_keys(const YamlReader& reader, const YAML::Node& node, const std::string& where,
                    std::initializer_list<std::string_view> models, SprtConfig& sprt) {
  const std::string at = "'" + where + ".";
  if (auto n = reader.find(node, "model"); n.IsDefined()) {
    sprt.model = parse_sprt_model(reader.choice(n, at + "model'", models));
  }
  const double max_elo =
      sprt.model == SprtModel::kNormalized ? kSprtMaxNormalizedElo : kSprtMaxLogisticElo;
  reader.get(node, "elo0", at + "elo0'", sprt.elo0, -max_elo, max_elo);
  reader.get(node, "elo1", at + "elo1'", sprt.elo1, -max_elo, max_elo);
  if (!(sprt.elo0 < sprt.elo1)) {
    reader.fail(node, at + "elo0' (" + format_number(sprt.elo0) + ") must be below " + at +
                          "elo1' (" + format_number(sprt.elo1) + ")");
  }
  for (const char* key : {"alpha", "beta"}) {
    if (auto n = reader.find(node, key); n.IsDefined()) {
      const double x = reader.number(n, at + key + "'", 0.0, 1.0);
      if (x <= 0.0 || x >= 0.5) {
        reader.fail(n, at + key + "' must lie strictly between 0 and 0.5, got " + format_number(x));
      }
      (key[0] == 'a' ? sprt.alpha : sprt.beta) = x;
    }
  }
}

void emit_game(YAML::Emitter& out, const std::string& name,
               const std::map<std::string, std::string>& params) {
  put(out, "game", YAML::BeginMap);
  put(out, "name", name);
  out << YAML::Key << "params" << YAML::Value << YAML::Flow << params << YAML::EndMap;
}

void emit_eval(YAML::Emitter& out, const EvalSpec& spec) {
  out << YAML::Flow << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << spec.kind;
  if (!spec.weights.empty()) {
    out << YAML::Key << "weights" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (double w : spec.weights) out << format_number(w);
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
}

std::string sprt_flow(const SprtConfig& sprt) {
  return "{elo0: " + format_number(sprt.elo0) + ", elo1: " + format_number(sprt.elo1) +
         ", alpha: " + format_number(sprt.alpha) + ", beta: " + format_number(sprt.beta) +
         ", model: " + std::string(to_string(sprt.model)) + "}";
}

}  // namespace gts
