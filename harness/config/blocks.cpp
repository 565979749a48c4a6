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
  return std::ranges::find(specs, name, &ParamSpec::name) != specs.end();
}

void check_param(const YamlReader& reader, const std::vector<ParamSpec>& specs,
                 const std::string& owner, const std::string& key, const YAML::Node& key_node,
                 const std::string& value, const YAML::Node& value_node,
                 const std::string& prefix) {
  or_fail_at(reader, has_param(specs, key) ? value_node : key_node, prefix, [&] {
    resolve_params(specs, {{key, value}}, owner);
  });
}

std::map<std::string, std::string> read_options(const YamlReader& reader, const YAML::Node& node,
                                                const std::string& what, const AlgorithmInfo& info,
                                                const std::string& owner, OptionPlaces* places) {
  std::map<std::string, std::string> out;
  for (const auto& [key, key_node, value] : reader.entries(node, what, "an option name")) {
    out[key] = reader.text(value, "option '" + key + "' in " + what);
    check_param(reader, info.options, owner + " " + info.name, key, key_node, out[key], value);
    if (places != nullptr) (*places)[key] = {value.Mark().line + 1, value.Mark().column + 1};
  }
  return out;
}

YAML::Node read_run_settings(const YamlReader& reader, const YAML::Node& root,
                             std::initializer_list<std::string_view> keys,
                             const std::string& fallback,
                             std::initializer_list<std::string_view> output_keys, RunSettings& s,
                             int max_threads) {
  std::vector<std::string_view> allowed = {"name"};
  allowed.insert(allowed.end(), keys);
  allowed.insert(allowed.end(), {"threads", "output"});
  reader.expect_map(root, "the top level");
  reader.check_keys(root, allowed, "at the top level");
  s.source_path = reader.file();
  s.name = std::filesystem::path(reader.file()).stem().string();
  std::ranges::replace_if(
      s.name, [](char c) { return !is_identifier(std::string_view(&c, 1)); }, '_');
  if (s.name.empty()) s.name = fallback;
  if (const YAML::Node n = reader.find(root, "name"); n.IsDefined()) {
    s.name = reader.identifier(n, "'name'");
  }
  reader.get(root, "threads", "'threads'", s.threads, 0, max_threads);
  const YAML::Node output = reader.find_map(root, "output", "'output'", output_keys);
  if (const YAML::Node n = reader.find(output, "dir"); n.IsDefined() && !n.IsNull()) {
    s.output_dir = reader.text(n, "'output.dir'");
    s.output_dir_line = n.Mark().line + 1;
    s.output_dir_column = n.Mark().column + 1;
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

std::vector<std::string> read_positions(const YamlReader& reader, const YAML::Node& list,
                                        const std::string& what, const YAML::Node& file,
                                        const std::string& written, const std::string& noun,
                                        const std::vector<const GameHandle*>& games) {
  std::vector<std::string> out;
  const bool openings = noun == "openings";
  const std::string item = openings ? "opening position" : "position";
  const auto add = [&](const std::string& text, const auto& fail) {
    for (const GameHandle* game : games) {
      std::string canonical;
      try {
        canonical = game->canonical_position(text);
      } catch (const InputError& e) {  // ParseError, ParamError
        fail("bad " + item + (games.size() > 1 ? " for " + game->label() : "") + ": " + e.what());
      }
      if (game->is_terminal(canonical)) {
        fail(item + " '" + text + "' is already a finished game: there is nothing to " +
             (openings ? "play" : "search"));
      }
      if (game == games.front()) out.push_back(canonical);
    }
  };
  if (list.IsDefined()) {
    const auto items = reader.items(list, what);
    for (std::size_t i = 0; i < items.size(); ++i) {
      add(reader.text(items[i], item + " " + std::to_string(i + 1) + " in " + what),
          [&](const std::string& message) { reader.fail(items[i], message); });
    }
  }
  if (!file.IsDefined()) return out;
  const std::string path = reader.relative_path(written);
  if (const std::string why = unreadable_reason(path); !why.empty()) {
    reader.fail(file, "cannot open " + noun + " file '" + path + "': " + why);
  }
  std::ifstream in(path);
  if (!in) reader.fail(file, "cannot open " + noun + " file '" + path + "'");
  const std::size_t listed = out.size();
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    add(line.substr(first, last - first + 1), [&](const std::string& message) {
      throw ConfigError(path, number, static_cast<int>(first) + 1, message);
    });
  }
  if (out.size() == listed) reader.fail(file, noun + " file '" + path + "' has no positions");
  return out;
}

void read_time_control(const YamlReader& reader, const YAML::Node& map, const std::string& what,
                       TimeControl& tc) {
  const YAML::Node node = reader.find(map, "tc");
  if (!node.IsDefined()) return;
  const auto parsed = node.IsScalar() ? parse_time_control(node.Scalar()) : std::nullopt;
  if (!parsed) reader.fail(node, time_control_expected(what, describe_node(node)));
  tc = *parsed;
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
  for (const auto& [key, key_node, value] :
       reader.entries(reader.find(node, "options"), "'options' of the engine of " + who,
                      "an engine option name of " + who)) {
    if (key.empty() || key.find_first_of(" \t") != std::string::npos) {
      reader.fail(key_node, "an engine option name of " + who +
                                " is one word (UGI's 'setoption name NAME value VALUE')");
    }
    e.options.emplace_back(key, reader.text(value, "engine option '" + key + "' of " + who));
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

GameBlock parse_game_block(const YamlReader& reader, const YAML::Node& node) {
  if (!node.IsScalar() && !node.IsMap()) {  // a scalar: `game: kalah`
    reader.fail(node, "expected a map (name, params) or a game name for 'game', got " +
                          describe_node(node));
  }
  reader.check_keys(node, {"name", "params"}, "in 'game'");
  const YAML::Node params = reader.find(node, "params");
  // Nodes are built, not assigned: assigning a YAML::Node rebinds the node it referred to.
  GameBlock block{.info = nullptr,
                  .params = {},
                  .name_node = node.IsMap() ? reader.require(node, "name", "in 'game'") : node,
                  .params_node = params.IsDefined() ? params : node};
  const std::string name = reader.text(block.name_node, "'game.name'");
  block.info = or_fail_at(reader, block.name_node, [&] { return &find_game_info(name); });
  const std::string owner = "game " + block.info->name;
  for (const auto& [key, key_node, value] :
       reader.entries(params, "'game.params'", "a game parameter name")) {
    block.params[key] = reader.text(value, "game parameter '" + key + "'");
    check_param(reader, block.info->params, owner, key, key_node, block.params[key], value);
  }
  return block;
}

std::unique_ptr<GameHandle> make_game_from_block(const YamlReader& reader, const GameBlock& block) {
  return or_fail_at(reader, block.params_node,
                    [&] { return make_game(block.info->name, block.params); });
}

EvalSpec read_evaluation(const YamlReader& reader, const YAML::Node& body, const std::string& what,
                         const GameHandle& game, bool kind_alone) {
  const bool map = !kind_alone || !body.IsScalar();
  if (map) reader.check_map(body, what, {"kind", "weights"});
  // Nodes are built, not assigned: assigning a YAML::Node rebinds the node it referred to.
  const YAML::Node kind = map ? reader.require(body, "kind", "in " + what) : body;
  const YAML::Node weights = map ? reader.find(body, "weights") : undefined_node();
  EvalSpec spec;
  spec.kind = reader.text(kind, "'kind' of " + what);
  if (weights.IsDefined()) {
    spec.weights = reader.numbers(weights, "'weights' of " + what, -1e6, 1e6, false);
  }
  const auto& kinds = game.info().evaluations;
  if (std::ranges::find(kinds, spec.kind, &EvalInfo::kind) == kinds.end()) {
    reader.fail(kind, "unknown evaluation kind '" + spec.kind + "' for " + game.info().name +
                          " (known: " +
                          join_strings(kinds | std::views::transform(&EvalInfo::kind), ", ") + ")");
  }
  or_fail_at(reader, weights.IsDefined() ? weights : kind, [&] {
    (void)game.make_searcher(make_algorithm_spec(reference_algorithm().name, {}), spec);
  });
  return spec;
}

std::map<std::string, EvalSpec> read_evaluations(const YamlReader& reader, const YAML::Node& node,
                                                 const GameHandle& game) {
  std::map<std::string, EvalSpec> out;
  for (const auto& [key, key_node, value] :
       reader.entries(node, "'evaluations'", "an evaluation name")) {
    const std::string name = reader.identifier(key_node, "an evaluation name");
    out[name] = read_evaluation(reader, value, "evaluation '" + name + "'", game);
  }
  return out;
}

namespace {

// A player's evaluation: a named one, or a kind of the game.
struct PlayerEval {
  std::string name;
  EvalSpec spec;
  YAML::Node node;  // where a rejection is reported
};

PlayerEval player_eval(const YamlReader& reader, const YAML::Node& v, const std::string& who,
                       const GameInfo& game, const std::map<std::string, EvalSpec>& evaluations) {
  const std::string& name = v.Scalar();
  if (auto it = evaluations.find(name); it != evaluations.end()) return {name, it->second, v};
  const auto& kinds = game.evaluations;
  if (std::ranges::find(kinds, name, &EvalInfo::kind) == kinds.end()) {
    std::vector<std::string> known;
    for (const auto& [n, spec] : evaluations) known.push_back(n);
    for (const auto& k : kinds) known.push_back(k.kind);
    reader.fail(v, who + ": unknown evaluation '" + name +
                       "': not a name in 'evaluations' nor an evaluation kind of " + game.name +
                       " (known: " + join_strings(known, ", ") + ")");
  }
  return {name, EvalSpec{name, {}}, v};
}

// A swept option: its values as written.
struct SweptOption {
  std::string key;
  std::vector<YAML::Node> values;
  bool swept = false;
};

// Entry `index` of the players block: its players, sweeps expanded.
std::vector<PlayerConfig> read_player(const YamlReader& reader, const YAML::Node& item,
                                      std::size_t index, const PlayersDefaults& defaults,
                                      const GameHandle& game,
                                      const std::map<std::string, EvalSpec>& evaluations) {
  const std::string entry = defaults.entry + " " + std::to_string(index + 1);
  const std::string where = "in " + entry;
  reader.expect_map(item, entry);
  for (const std::string_view key : defaults.set_elsewhere) {
    if (const YAML::Node k = YamlReader::find_key(item, key); k.IsDefined()) {
      reader.fail(k, "'" + std::string(key) + "' is set " + defaults.elsewhere + ", not per " +
                         defaults.entry);
    }
  }
  std::vector<std::string_view> keys = {"name", "algorithm"};
  keys.insert(keys.end(), defaults.keys.begin(), defaults.keys.end());
  keys.push_back("options");
  reader.check_keys(item, keys, where);
  const YAML::Node name_node = reader.require(item, "name", where);
  const std::string name = reader.identifier(name_node, "the 'name' of " + entry);
  const std::string who = defaults.entry + " '" + name + "'";

  PlayerConfig player;
  PlayerLimits& limits = player.limits;
  read_time_control(reader, item, "'tc' of " + who, limits.tc);
  reader.get(item, "time_ms", "'time_ms' of " + who, limits.time_ms, 0.0, 1e9);
  reader.get(item, "nodes", "'nodes' of " + who, limits.nodes);
  const bool own_budget = limits.tc.timed() || limits.time_ms > 0 || limits.nodes > 0;
  const YAML::Node depth = reader.find(item, "depth");
  const YAML::Node engine = reader.find(item, "engine");
  if (engine.IsDefined()) {
    for (const char* key : {"algorithm", "evaluation", "options"}) {
      if (auto k = reader.find_key(item, key); k.IsDefined()) {
        reader.fail(k, who + " is an engine: '" + key +
                           "' belongs to in-process players (engine options go under "
                           "'engine: {options: ...}')");
      }
    }
    player.engine = parse_engine_block(reader, engine, who);
    const YAML::Mark command = reader.find(engine, "command").Mark();
    player.engine_at = {command.line + 1, command.column + 1};
    if (!own_budget && !defaults.depth && !depth.IsDefined()) {
      reader.fail(engine, who +
                              " is an engine with nothing to bound its moves: give it a "
                              "'depth', 'nodes', 'time_ms' or 'tc' (or set one in "
                              "tournament.limits)");
    }
  }

  bool depth_swept = false;
  std::vector<int> depths;
  std::vector<std::pair<int, int>> depth_marks;
  if (depth.IsDefined()) {
    for (const auto& d : reader.scalar_or_list(depth, "'depth' of " + who, depth_swept)) {
      depths.push_back(parse_depth(reader, d, "'depth' of " + who));
      depth_marks.emplace_back(d.Mark().line + 1, d.Mark().column + 1);
    }
  } else if (defaults.depth) {
    depths.push_back(*defaults.depth);
    depth_marks.emplace_back();
  } else if (own_budget || player.engine) {  // searches under its clock or budget
    depths.push_back(kDepthMax);
    depth_marks.emplace_back();
  } else {
    reader.fail(item, "missing required key 'depth' in " + who + defaults.depth_hint);
  }
  std::vector<PlayerConfig> out;
  if (player.engine) {  // an external engine: one player per depth
    for (const int d : depths) {
      out.push_back(player);
      out.back().name = name;
      if (depth_swept) out.back().name.append("-d").append(depth_text(d));
      out.back().depth = d;
    }
    return out;
  }

  // Each algorithm, and each option value checked against it, before any combination.
  bool algorithm_swept = false;
  std::vector<const AlgorithmInfo*> algorithms;
  std::vector<YAML::Mark> algorithm_marks;
  const bool engines = std::ranges::find(keys, "engine") != keys.end();
  for (const auto& a : reader.scalar_or_list(
           reader.require(item, "algorithm", "in " + who + (engines ? " (or 'engine')" : "")),
           "'algorithm' of " + who, algorithm_swept)) {
    algorithms.push_back(
        or_fail_at(reader, a, who + ": ", [&] { return &find_algorithm_info(a.Scalar()); }));
    algorithm_marks.push_back(a.Mark());
  }
  const YAML::Node options_node = reader.find(item, "options");
  std::vector<SweptOption> options;
  for (const auto& [key, key_node, value] :
       reader.entries(options_node, "'options' of " + who, "an option name of " + who)) {
    SweptOption& o = options.emplace_back(SweptOption{key, {}});
    o.values = reader.scalar_or_list(value, "option '" + key + "' of " + who, o.swept);
    for (const AlgorithmInfo* info : algorithms) {
      for (const auto& v : o.values) {
        check_param(reader, info->options, "algorithm " + info->name, key, key_node, v.Scalar(), v,
                    who + ": ");
      }
    }
  }
  const GameInfo& game_info = game.info();
  bool eval_swept = false;
  std::vector<PlayerEval> evals;
  if (const YAML::Node n = reader.find(item, "evaluation"); n.IsDefined()) {
    for (const auto& v : reader.scalar_or_list(n, "'evaluation' of " + who, eval_swept)) {
      evals.push_back(player_eval(reader, v, who, game_info, evaluations));
    }
  } else {
    const std::string& kind = game_info.default_evaluation;
    evals.push_back({kind, EvalSpec{kind, {}}, item});
  }

  // The odometer over every field, the last one fastest.
  std::vector<std::size_t> sizes = {algorithms.size(), depths.size(), evals.size()};
  for (const auto& o : options) sizes.push_back(o.values.size());
  std::size_t combinations = 1;
  for (std::size_t n : sizes) {
    combinations *= n;
    if (combinations > kMaxSweepPlayers) {
      reader.fail(name_node, who + ": the sweep expands into more than " +
                                 std::to_string(kMaxSweepPlayers) + " players");
    }
  }
  std::vector<std::size_t> index_of(sizes.size(), 0);
  do {
    player.name = name;
    // Appended piecewise: `"x" + std::string` trips a GCC 12 -Wrestrict false positive.
    auto add_part = [&player](const std::string& part) {
      player.name += '-';
      player.name += part;
    };
    const AlgorithmInfo& info = *algorithms[index_of[0]];
    const YAML::Mark at = algorithm_marks[index_of[0]];
    player.algorithm_at = {at.line + 1, at.column + 1};
    if (algorithm_swept) add_part(name_part(info.name));
    player.depth = depths[index_of[1]];
    player.depth_at = depth_marks[index_of[1]];
    if (depth_swept) add_part(std::string("d").append(depth_text(player.depth)));
    const PlayerEval& eval = evals[index_of[2]];
    player.evaluation_name = eval.name;
    player.evaluation = eval.spec;
    if (eval_swept) add_part(name_part(eval.name));
    std::map<std::string, std::string> values;
    for (std::size_t k = 0; k < options.size(); ++k) {
      const std::string& value = options[k].values[index_of[3 + k]].Scalar();
      values[options[k].key] = value;
      const YAML::Mark mark = options[k].values[index_of[3 + k]].Mark();
      player.option_at[options[k].key] = {mark.line + 1, mark.column + 1};
      if (options[k].swept) add_part(name_part(options[k].key) + "=" + name_part(value));
    }
    const std::string prefix = defaults.entry + " '" + player.name + "': ";
    player.algorithm = or_fail_at(reader, options_node.IsDefined() ? options_node : item, prefix,
                                  [&] { return make_algorithm_spec(info.name, values); });
    or_fail_at(reader, eval.node, prefix,
               [&] { (void)game.make_searcher(player.algorithm, player.evaluation); });
    out.push_back(player);
  } while (next_combination(index_of, sizes));
  return out;
}

}  // namespace

std::vector<PlayerConfig> read_players(const YamlReader& reader, const YAML::Node& node,
                                       const PlayersDefaults& defaults, const GameHandle& game,
                                       const std::map<std::string, EvalSpec>& evaluations) {
  std::vector<PlayerConfig> out;
  std::map<std::string, YAML::Node> first_seen;
  const auto items = reader.items(node, defaults.what);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const YAML::Node name_node = reader.find(items[i], "name");
    for (PlayerConfig& player : read_player(reader, items[i], i, defaults, game, evaluations)) {
      if (auto [it, fresh] = first_seen.emplace(player.name, name_node); !fresh) {
        reader.fail(name_node, "duplicate " + defaults.entry + " name '" + player.name +
                                   "' (first at " + position_text(it->second) + ")");
      }
      out.push_back(std::move(player));
    }
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
