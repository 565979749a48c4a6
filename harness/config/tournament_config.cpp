#include "harness/config/tournament_config.h"

#include <climits>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "algorithms/search.h"
#include "harness/config/config_hash.h"

namespace gts {

namespace {

// The parse step's result: shapes, types and ranges checked; names not yet looked up.
struct ParsedTournament {
  std::string name;
  GameBlock game;
  std::vector<EvaluationEntry> evaluations;
  YAML::Node players_node = undefined_node();
  std::vector<PlayerEntry> players;
  OpeningsConfig openings;  // kind, count and plies; positions are still raw
  std::vector<YAML::Node> position_nodes;
  YAML::Node file_node = undefined_node();
  YAML::Node count_node = undefined_node();
  YAML::Node start_node = undefined_node();
  std::string format = "round-robin";
  YAML::Node gauntlet_node = undefined_node();
  std::vector<YAML::Node> gauntlet;
  int pairs = 1;
  int max_plies = 1000;
  bool adjudicate = true;
  ScoreAdjudication by_score;
  int rating_interval = 0;
  std::optional<SprtConfig> sprt;
  YAML::Node sprt_node = undefined_node();
  LimitsConfig limits;
  std::uint64_t seed = 1;
  int threads = 0;
  std::string output_dir;
  bool output_moves = true;
};

std::string default_name(const std::string& file) {
  std::string stem = std::filesystem::path(file).stem().string();
  for (char& c : stem) {
    if (!is_identifier(std::string_view(&c, 1))) c = '_';
  }
  return stem.empty() ? "tournament" : stem;
}

void parse_openings(const YamlReader& reader, const YAML::Node& node, ParsedTournament& out) {
  if (!node.IsDefined()) return;
  reader.expect_map(node, "'openings'");
  reader.check_keys(node, {"kind", "count", "plies", "positions", "file", "order", "start"},
                    "in 'openings'");
  const YAML::Node kind = reader.find(node, "kind");
  const std::string k = kind.IsDefined()
                            ? reader.choice(kind, "'openings.kind'", {"start", "random", "list"})
                            : "start";
  auto only_for = [&](std::string_view key, const std::string& kind_name) {
    const YAML::Node key_node = YamlReader::find_key(node, key);
    if (key_node.IsDefined() && k != kind_name) {
      reader.fail(key_node, "'" + std::string(key) + "' applies only to openings kind '" +
                                kind_name + "', not '" + k + "'");
    }
  };
  if (k == "start") only_for("count", "random");
  only_for("plies", "random");
  only_for("order", "list");
  only_for("start", "list");
  only_for("positions", "list");
  only_for("file", "list");

  OpeningsConfig& o = out.openings;
  if (k == "start") {
    o.kind = OpeningsConfig::Kind::kStart;
  } else if (k == "random") {
    o.kind = OpeningsConfig::Kind::kRandom;
    if (auto n = reader.find(node, "count"); n.IsDefined()) {
      o.count = static_cast<int>(reader.integer(n, "'openings.count'", 1, 1'000'000));
    }
    if (auto n = reader.find(node, "plies"); n.IsDefined()) {
      o.plies = static_cast<int>(reader.integer(n, "'openings.plies'", 0, 10'000));
    }
  } else {
    o.kind = OpeningsConfig::Kind::kList;
    if (auto n = reader.find(node, "positions"); n.IsDefined()) {
      out.position_nodes = reader.items(n, "'openings.positions'");
      for (std::size_t i = 0; i < out.position_nodes.size(); ++i) {
        (void)reader.text(out.position_nodes[i],
                          "opening position " + std::to_string(i + 1) + " in 'openings.positions'");
      }
    }
    out.file_node = reader.find(node, "file");
    if (out.file_node.IsDefined()) o.file = reader.text(out.file_node, "'openings.file'");
    if (out.position_nodes.empty() && !out.file_node.IsDefined()) {
      reader.fail(node, "openings kind 'list' needs 'positions' or 'file'");
    }
    o.count = 0;
    if (auto n = reader.find(node, "count"); n.IsDefined()) {
      o.count = static_cast<int>(reader.integer(n, "'openings.count'", 1, 1'000'000));
      out.count_node = n;
    }
    if (auto n = reader.find(node, "start"); n.IsDefined()) {
      o.start = static_cast<int>(reader.integer(n, "'openings.start'", 1, 1'000'000'000));
      out.start_node = n;
    }
    if (auto n = reader.find(node, "order"); n.IsDefined()) {
      o.order = reader.choice(n, "'openings.order'", {"sequential", "random"});
    }
  }
}

void parse_tournament_block(const YamlReader& reader, const YAML::Node& node,
                            ParsedTournament& out) {
  if (!node.IsDefined()) return;
  reader.expect_map(node, "'tournament'");
  reader.check_keys(node,
                    {"format", "gauntlet", "pairs", "max_plies", "adjudicate", "resign", "draw",
                     "sprt", "limits", "rating_interval"},
                    "in 'tournament'");
  if (auto n = reader.find(node, "rating_interval"); n.IsDefined()) {
    out.rating_interval =
        static_cast<int>(reader.integer(n, "'tournament.rating_interval'", 0, INT_MAX));
  }
  constexpr std::int64_t kMaxScore = 1'000'000'000;
  if (auto n = reader.find(node, "resign"); n.IsDefined()) {
    reader.expect_map(n, "'tournament.resign'");
    reader.check_keys(n, {"score", "moves", "two_sided"}, "in 'tournament.resign'");
    auto& a = out.by_score;
    a.resign_score =
        static_cast<Value>(reader.integer(reader.require(n, "score", "in 'tournament.resign'"),
                                          "'tournament.resign.score'", 1, kMaxScore));
    a.resign_moves =
        static_cast<int>(reader.integer(reader.require(n, "moves", "in 'tournament.resign'"),
                                        "'tournament.resign.moves'", 1, 10'000));
    if (auto t = reader.find(n, "two_sided"); t.IsDefined()) {
      a.resign_two_sided = reader.boolean(t, "'tournament.resign.two_sided'");
    }
  }
  if (auto n = reader.find(node, "draw"); n.IsDefined()) {
    reader.expect_map(n, "'tournament.draw'");
    reader.check_keys(n, {"score", "moves", "after"}, "in 'tournament.draw'");
    auto& a = out.by_score;
    a.draw_score =
        static_cast<Value>(reader.integer(reader.require(n, "score", "in 'tournament.draw'"),
                                          "'tournament.draw.score'", 0, kMaxScore));
    a.draw_moves = static_cast<int>(reader.integer(
        reader.require(n, "moves", "in 'tournament.draw'"), "'tournament.draw.moves'", 1, 10'000));
    if (auto t = reader.find(n, "after"); t.IsDefined()) {
      a.draw_after = static_cast<int>(reader.integer(t, "'tournament.draw.after'", 0, INT_MAX));
    }
  }
  if (auto n = reader.find(node, "format"); n.IsDefined()) {
    out.format = reader.choice(n, "'tournament.format'", {"round-robin", "gauntlet"});
  }
  out.gauntlet_node = reader.find(node, "gauntlet");
  if (out.format == "gauntlet") {
    if (!out.gauntlet_node.IsDefined()) {
      reader.fail(node,
                  "missing required key 'gauntlet' in 'tournament' (format gauntlet: the "
                  "players who play all the others)");
    }
    out.gauntlet = reader.items(out.gauntlet_node, "'tournament.gauntlet'");
    if (out.gauntlet.empty()) reader.fail(out.gauntlet_node, "'tournament.gauntlet' is empty");
    for (const auto& g : out.gauntlet) (void)reader.identifier(g, "a 'tournament.gauntlet' player");
  } else if (out.gauntlet_node.IsDefined()) {
    reader.fail(YamlReader::find_key(node, "gauntlet"),
                "'gauntlet' applies only to format 'gauntlet', not '" + out.format + "'");
  }
  if (auto n = reader.find(node, "pairs"); n.IsDefined()) {
    out.pairs = static_cast<int>(reader.integer(n, "'pairs'", 1, INT_MAX));
  }
  if (auto n = reader.find(node, "max_plies"); n.IsDefined()) {
    out.max_plies = static_cast<int>(reader.integer(n, "'max_plies'", 1, INT_MAX));
  }
  if (auto n = reader.find(node, "adjudicate"); n.IsDefined()) {
    out.adjudicate = reader.boolean(n, "'tournament.adjudicate'");
  }
  if (auto n = reader.find(node, "sprt"); n.IsDefined()) {
    reader.expect_map(n, "'tournament.sprt'");
    reader.check_keys(n, {"elo0", "elo1", "alpha", "beta", "model"}, "in 'tournament.sprt'");
    out.sprt.emplace();
    read_sprt_keys(reader, n, "tournament.sprt", {"normalized", "logistic", "bayes"}, *out.sprt);
    out.sprt_node = n;
  }
  const YAML::Node limits = reader.find(node, "limits");
  if (limits.IsDefined()) {
    reader.expect_map(limits, "'tournament.limits'");
    reader.check_keys(limits, {"nodes", "time_ms", "depth", "tc", "margin_ms"},
                      "in 'tournament.limits'");
    if (auto n = reader.find(limits, "tc"); n.IsDefined()) {
      out.limits.tc = parse_time_control(reader, n, "'limits.tc'");
    }
    if (auto n = reader.find(limits, "margin_ms"); n.IsDefined()) {
      out.limits.margin_ms = reader.number(n, "'limits.margin_ms'", 0.0, 1e9);
    }
    if (auto n = reader.find(limits, "nodes"); n.IsDefined()) {
      out.limits.nodes = reader.unsigned_integer(n, "'limits.nodes'");
    }
    if (auto n = reader.find(limits, "time_ms"); n.IsDefined()) {
      out.limits.time_ms = reader.number(n, "'limits.time_ms'", 0.0, 1e9);
    }
    if (auto n = reader.find(limits, "depth"); n.IsDefined()) {
      out.limits.depth = static_cast<int>(reader.integer(n, "'limits.depth'", 0, kMaxConfigDepth));
    }
  }
}

ParsedTournament parse_tournament(const YamlReader& reader, const YAML::Node& root) {
  ParsedTournament out;
  reader.expect_map(root, "the top level");
  reader.check_keys(root,
                    {"name", "game", "evaluations", "players", "openings", "tournament", "seed",
                     "threads", "output"},
                    "at the top level");

  const YAML::Node name = reader.find(root, "name");
  out.name = name.IsDefined() ? reader.identifier(name, "'name'") : default_name(reader.file());

  out.game = parse_game_block(reader, reader.require(root, "game", "at the top level"));
  out.evaluations = parse_evaluations_block(reader, reader.find(root, "evaluations"));
  // Tournament limits first: they decide whether players may leave out their depth.
  parse_tournament_block(reader, reader.find(root, "tournament"), out);
  out.players_node = reader.require(root, "players", "at the top level");
  PlayersDefaults defaults;
  defaults.allow_engines = true;
  if (out.limits.nodes > 0 || out.limits.time_ms > 0 || out.limits.tc.enabled()) {
    defaults.depth = kDepthMax;
  } else {
    defaults.depth_hint =
        " (it may be left out only when tournament.limits or the player sets nodes, time_ms or "
        "tc, or the player is an engine)";
  }
  out.players = parse_players_block(reader, out.players_node, defaults);
  parse_openings(reader, reader.find(root, "openings"), out);

  if (auto n = reader.find(root, "seed"); n.IsDefined()) {
    out.seed = reader.unsigned_integer(n, "'seed'");
  }
  if (auto n = reader.find(root, "threads"); n.IsDefined()) {
    out.threads = static_cast<int>(reader.integer(n, "'threads'", 0, 1024));
  }
  const YAML::Node output = reader.find(root, "output");
  if (output.IsDefined()) {
    reader.expect_map(output, "'output'");
    reader.check_keys(output, {"dir", "moves"}, "in 'output'");
    // `dir:` with no value means the default, like `dir: ""`.
    if (auto n = reader.find(output, "dir"); n.IsDefined() && !n.IsNull()) {
      out.output_dir = reader.text(n, "'output.dir'");
    }
    if (auto n = reader.find(output, "moves"); n.IsDefined()) {
      out.output_moves = reader.boolean(n, "'output.moves'");
    }
  }
  return out;
}

// `fail` throws a ConfigError located wherever the position was written.
template <class Fail>
std::string canonical_or_fail(const GameHandle& game, const std::string& text, const Fail& fail) {
  std::string canonical;
  try {
    canonical = game.canonical_position(text);
  } catch (const ParseError& e) {
    fail(std::string("bad opening position: ") + e.what());
  } catch (const ParamError& e) {
    fail(std::string("bad opening position: ") + e.what());
  }
  if (game.is_terminal(canonical)) {
    fail("opening position '" + text + "' is already a finished game");
  }
  return canonical;
}

void read_openings_file(const YamlReader& reader, const ParsedTournament& parsed,
                        const GameHandle& game, OpeningsConfig& openings) {
  const std::string path = reader.relative_path(openings.file);
  if (const std::string why = unreadable_reason(path); !why.empty()) {
    reader.fail(parsed.file_node, "cannot open openings file '" + path + "': " + why);
  }
  std::ifstream in(path);
  if (!in) reader.fail(parsed.file_node, "cannot open openings file '" + path + "'");
  std::string line;
  std::size_t found = 0;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    const std::string text = line.substr(first, last - first + 1);
    const int column = static_cast<int>(first) + 1;
    openings.positions.push_back(canonical_or_fail(game, text, [&](const std::string& message) {
      throw ConfigError(path, number, column, message);
    }));
    ++found;
  }
  if (found == 0) reader.fail(parsed.file_node, "openings file '" + path + "' has no positions");
}

TournamentConfig validate_tournament(const YamlReader& reader, const ParsedTournament& parsed) {
  TournamentConfig c;
  c.name = parsed.name;
  c.source_path = reader.file();

  const std::unique_ptr<GameHandle> game = make_game_from_block(reader, parsed.game);
  c.game = game->info().name;
  c.game_params = game->params().values();
  c.evaluations = validate_evaluations(reader, parsed.evaluations, *game);
  c.players = expand_players(reader, parsed.players, *game, c.evaluations);
  if (c.players.size() < 2) {
    reader.fail(parsed.players_node,
                "a tournament needs at least 2 players, got " + std::to_string(c.players.size()));
  }

  c.openings = parsed.openings;
  for (std::size_t i = 0; i < parsed.position_nodes.size(); ++i) {
    const YAML::Node& node = parsed.position_nodes[i];
    c.openings.positions.push_back(canonical_or_fail(
        *game, node.Scalar(), [&](const std::string& message) { reader.fail(node, message); }));
  }
  if (parsed.file_node.IsDefined()) read_openings_file(reader, parsed, *game, c.openings);
  if (c.openings.kind == OpeningsConfig::Kind::kList) {
    const auto listed = static_cast<int>(c.openings.positions.size());
    if (c.openings.start > listed) {
      reader.fail(parsed.start_node, "'openings.start' is " + std::to_string(c.openings.start) +
                                         ", but the list has " + std::to_string(listed) +
                                         " positions");
    }
    if (c.openings.count > listed - c.openings.start + 1) {
      reader.fail(parsed.count_node,
                  "'openings.count' asks for " + std::to_string(c.openings.count) +
                      " positions from position " + std::to_string(c.openings.start) +
                      ", but the list has " + std::to_string(listed - c.openings.start + 1) +
                      " from there");
    }
  }

  c.format = parsed.format;
  for (const auto& g : parsed.gauntlet) {
    const std::string& name = g.Scalar();
    bool known = false;
    std::string names;
    for (const auto& p : c.players) {
      known = known || p.name == name;
      names += (names.empty() ? "" : ", ") + p.name;
    }
    if (!known)
      reader.fail(g, "gauntlet player '" + name + "' is not a player (players: " + names + ")");
    for (const auto& seen : c.gauntlet) {
      if (seen == name) reader.fail(g, "gauntlet player '" + name + "' listed twice");
    }
    c.gauntlet.push_back(name);
  }
  if (!c.gauntlet.empty() && c.gauntlet.size() == c.players.size()) {
    reader.fail(parsed.gauntlet_node,
                "the gauntlet lists every player: no one is left for them to play");
  }
  c.pairs = parsed.pairs;
  c.max_plies = parsed.max_plies;
  c.adjudicate = parsed.adjudicate;
  c.by_score = parsed.by_score;
  c.rating_interval = parsed.rating_interval;
  if (parsed.sprt && c.players.size() != 2) {
    reader.fail(parsed.sprt_node,
                "'tournament.sprt' tests one player against another; this config "
                "has " +
                    std::to_string(c.players.size()) + " players");
  }
  c.sprt = parsed.sprt;
  c.limits = parsed.limits;
  c.seed = parsed.seed;
  c.threads = parsed.threads;
  c.output_dir = parsed.output_dir;
  c.output_moves = parsed.output_moves;
  return c;
}

TournamentConfig load_with(const YamlReader& reader, const YAML::Node& root) {
  return validate_tournament(reader, parse_tournament(reader, root));
}

// ---- writing ----

void emit_options(YAML::Emitter& out, const Params& options) {
  out << YAML::Flow << YAML::BeginMap;
  for (const auto& [k, v] : options.values()) out << YAML::Key << k << YAML::Value << v;
  out << YAML::EndMap;
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

// The canonical text a config hash is taken over: one length-prefixed field per line, so that no
// two different field sequences make the same text.
class FieldText {
 public:
  void field(std::string_view key, std::string_view value) {
    text_ += key;
    text_ += '=';
    text_ += std::to_string(value.size());
    text_ += ':';
    text_ += value;
    text_ += '\n';
  }
  [[nodiscard]] std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

}  // namespace

std::string openings_kind_name(OpeningsConfig::Kind kind) {
  switch (kind) {
    case OpeningsConfig::Kind::kStart:
      return "start";
    case OpeningsConfig::Kind::kRandom:
      return "random";
    case OpeningsConfig::Kind::kList:
      return "list";
  }
  return "start";
}

bool operator==(const OpeningsConfig& a, const OpeningsConfig& b) {
  return a.kind == b.kind && a.count == b.count && a.plies == b.plies &&
         a.positions == b.positions && a.start == b.start && a.order == b.order;
}

bool operator==(const TournamentConfig& a, const TournamentConfig& b) {
  if (a.evaluations.size() != b.evaluations.size()) return false;
  for (auto ia = a.evaluations.begin(), ib = b.evaluations.begin(); ia != a.evaluations.end();
       ++ia, ++ib) {
    if (ia->first != ib->first || !same_eval(ia->second, ib->second)) return false;
  }
  return a.name == b.name && a.game == b.game && a.game_params == b.game_params &&
         a.players == b.players && a.openings == b.openings && a.format == b.format &&
         a.gauntlet == b.gauntlet && a.pairs == b.pairs && a.max_plies == b.max_plies &&
         a.adjudicate == b.adjudicate &&
         (a.sprt ? sprt_flow(*a.sprt) : "") == (b.sprt ? sprt_flow(*b.sprt) : "") &&
         a.limits == b.limits && a.by_score == b.by_score &&
         a.rating_interval == b.rating_interval && a.seed == b.seed && a.threads == b.threads &&
         a.output_dir == b.output_dir && a.output_moves == b.output_moves;
}

TournamentConfig load_tournament_config(const std::string& path) {
  const YamlReader reader(path);
  return load_with(reader, reader.load());
}

TournamentConfig load_tournament_config_text(const std::string& text, const std::string& file) {
  const YamlReader reader(file);
  return load_with(reader, reader.load_text(text));
}

std::string resolved_yaml(const TournamentConfig& c) {
  YAML::Emitter out;
  out << YAML::Comment("resolved tournament config: defaults filled in, sweeps expanded");
  out << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << c.name;

  out << YAML::Key << "game" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << c.game;
  out << YAML::Key << "params" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto& [k, v] : c.game_params) out << YAML::Key << k << YAML::Value << v;
  out << YAML::EndMap << YAML::EndMap;

  out << YAML::Key << "evaluations" << YAML::Value << YAML::BeginMap;
  for (const auto& [name, spec] : c.evaluations) {
    out << YAML::Key << name << YAML::Value;
    emit_eval(out, spec);
  }
  out << YAML::EndMap;

  out << YAML::Key << "players" << YAML::Value << YAML::BeginSeq;
  for (const auto& p : c.players) {
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << p.name;
    if (p.engine) {
      out << YAML::Key << "engine" << YAML::Value << YAML::BeginMap;
      out << YAML::Key << "command" << YAML::Value << YAML::Flow << p.engine->command;
      if (!p.engine->working_dir.empty()) {
        out << YAML::Key << "working_dir" << YAML::Value << p.engine->working_dir;
      }
      out << YAML::Key << "protocol" << YAML::Value << p.engine->protocol;
      out << YAML::Key << "options" << YAML::Value << YAML::Flow << YAML::BeginMap;
      for (const auto& [k, v] : p.engine->options) out << YAML::Key << k << YAML::Value << v;
      out << YAML::EndMap;
      out << YAML::Key << "startup_ms" << YAML::Value << format_number(p.engine->startup_ms);
      out << YAML::Key << "stall_ms" << YAML::Value << format_number(p.engine->stall_ms);
      out << YAML::EndMap;
      out << YAML::Key << "depth" << YAML::Value << depth_text(p.depth);
    } else {
      out << YAML::Key << "algorithm" << YAML::Value << p.algorithm.name;
      out << YAML::Key << "depth" << YAML::Value << depth_text(p.depth);
      out << YAML::Key << "evaluation" << YAML::Value << p.evaluation_name;
      out << YAML::Key << "options" << YAML::Value;
      emit_options(out, p.algorithm.options);
    }
    if (p.limits.tc.enabled()) {
      out << YAML::Key << "tc" << YAML::Value << time_control_text(p.limits.tc);
    }
    if (p.limits.time_ms > 0) {
      out << YAML::Key << "time_ms" << YAML::Value << format_number(p.limits.time_ms);
    }
    if (p.limits.nodes > 0) out << YAML::Key << "nodes" << YAML::Value << p.limits.nodes;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;

  out << YAML::Key << "openings" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << openings_kind_name(c.openings.kind);
  if (c.openings.kind == OpeningsConfig::Kind::kRandom) {
    out << YAML::Key << "count" << YAML::Value << c.openings.count;
    out << YAML::Key << "plies" << YAML::Value << c.openings.plies;
  } else if (c.openings.kind == OpeningsConfig::Kind::kList) {
    out << YAML::Key << "positions" << YAML::Value << YAML::BeginSeq;
    for (const auto& pos : c.openings.positions) out << pos;
    out << YAML::EndSeq;
    if (c.openings.count > 0) out << YAML::Key << "count" << YAML::Value << c.openings.count;
    out << YAML::Key << "start" << YAML::Value << c.openings.start;
    out << YAML::Key << "order" << YAML::Value << c.openings.order;
  }
  out << YAML::EndMap;

  out << YAML::Key << "tournament" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "format" << YAML::Value << c.format;
  if (c.format == "gauntlet") {
    out << YAML::Key << "gauntlet" << YAML::Value << YAML::Flow << c.gauntlet;
  }
  out << YAML::Key << "pairs" << YAML::Value << c.pairs;
  out << YAML::Key << "max_plies" << YAML::Value << c.max_plies;
  out << YAML::Key << "adjudicate" << YAML::Value << c.adjudicate;
  const ScoreAdjudication& a = c.by_score;
  if (a.resign_moves > 0) {
    out << YAML::Key << "resign" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "score" << YAML::Value << a.resign_score;
    out << YAML::Key << "moves" << YAML::Value << a.resign_moves;
    out << YAML::Key << "two_sided" << YAML::Value << a.resign_two_sided << YAML::EndMap;
  }
  if (a.draw_moves > 0) {
    out << YAML::Key << "draw" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "score" << YAML::Value << a.draw_score;
    out << YAML::Key << "moves" << YAML::Value << a.draw_moves;
    out << YAML::Key << "after" << YAML::Value << a.draw_after << YAML::EndMap;
  }
  if (c.sprt) out << YAML::Key << "sprt" << YAML::Value << YAML::Load(sprt_flow(*c.sprt));
  out << YAML::Key << "rating_interval" << YAML::Value << c.rating_interval;
  out << YAML::Key << "limits" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "nodes" << YAML::Value << c.limits.nodes;
  out << YAML::Key << "time_ms" << YAML::Value << format_number(c.limits.time_ms);
  out << YAML::Key << "depth" << YAML::Value << c.limits.depth;
  if (c.limits.tc.enabled()) {
    out << YAML::Key << "tc" << YAML::Value << time_control_text(c.limits.tc);
  }
  out << YAML::Key << "margin_ms" << YAML::Value << format_number(c.limits.margin_ms);
  out << YAML::EndMap << YAML::EndMap;

  out << YAML::Key << "seed" << YAML::Value << c.seed;
  out << YAML::Key << "threads" << YAML::Value << c.threads;
  out << YAML::Key << "output" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "dir" << YAML::Value << c.output_dir;
  out << YAML::Key << "moves" << YAML::Value << c.output_moves;
  out << YAML::EndMap;
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string decisive_text(const TournamentConfig& c) {
  FieldText h;
  h.field("name", c.name);
  h.field("game", c.game);
  for (const auto& [k, v] : c.game_params) h.field("game.param." + k, v);
  for (const auto& [name, spec] : c.evaluations)
    h.field("evaluation." + name, eval_spec_text(spec));
  for (const auto& p : c.players) {
    h.field("player", p.name);
    h.field("player.algorithm", p.algorithm.name);
    for (const auto& [k, v] : p.algorithm.options.values()) h.field("player.option." + k, v);
    h.field("player.depth", depth_text(p.depth));
    h.field("player.evaluation", p.evaluation_name);
    h.field("player.evaluation.spec", eval_spec_text(p.evaluation));
    if (p.engine) {
      for (const auto& word : p.engine->command) h.field("player.engine.command", word);
      h.field("player.engine.working_dir", p.engine->working_dir);
      for (const auto& [k, v] : p.engine->options) h.field("player.engine.option." + k, v);
      h.field("player.engine.protocol", p.engine->protocol);
      h.field("player.engine.startup_ms", format_number(p.engine->startup_ms));
      h.field("player.engine.stall_ms", format_number(p.engine->stall_ms));
    }
    if (p.limits.tc.enabled()) h.field("player.tc", time_control_text(p.limits.tc));
    if (p.limits.time_ms > 0) h.field("player.time_ms", format_number(p.limits.time_ms));
    if (p.limits.nodes > 0) h.field("player.nodes", std::to_string(p.limits.nodes));
  }
  h.field("openings.kind", openings_kind_name(c.openings.kind));
  h.field("openings.count", std::to_string(c.openings.count));
  h.field("openings.plies", std::to_string(c.openings.plies));
  for (const auto& pos : c.openings.positions) h.field("openings.position", pos);
  h.field("openings.start", std::to_string(c.openings.start));
  h.field("openings.order", c.openings.order);
  h.field("format", c.format);
  for (const auto& g : c.gauntlet) h.field("gauntlet", g);
  h.field("pairs", std::to_string(c.pairs));
  h.field("max_plies", std::to_string(c.max_plies));
  h.field("adjudicate", c.adjudicate ? "on" : "off");
  // Written only where set, so that the configs of earlier versions keep their hash.
  if (c.by_score.resign_moves > 0) {
    h.field("resign", std::to_string(c.by_score.resign_score) + " " +
                          std::to_string(c.by_score.resign_moves) +
                          (c.by_score.resign_two_sided ? " two-sided" : ""));
  }
  if (c.by_score.draw_moves > 0) {
    h.field("draw", std::to_string(c.by_score.draw_score) + " " +
                        std::to_string(c.by_score.draw_moves) + " after " +
                        std::to_string(c.by_score.draw_after));
  }
  h.field("sprt", c.sprt ? sprt_flow(*c.sprt) : "");
  h.field("limits.nodes", std::to_string(c.limits.nodes));
  h.field("limits.time_ms", format_number(c.limits.time_ms));
  h.field("limits.depth", std::to_string(c.limits.depth));
  if (c.limits.tc.enabled()) h.field("limits.tc", time_control_text(c.limits.tc));
  // Written only where set, so that the configs of earlier versions keep their hash.
  if (c.limits.margin_ms != LimitsConfig{}.margin_ms) {
    h.field("limits.margin_ms", format_number(c.limits.margin_ms));
  }
  h.field("seed", std::to_string(c.seed));
  return h.take();
}

std::string config_hash(const TournamentConfig& c) { return config_hash_of(decisive_text(c)); }

}  // namespace gts
