#include "harness/config/tournament_config.h"

#include <algorithm>
#include <array>
#include <climits>
#include <ranges>

#include "algorithms/search.h"
#include "harness/config/config_hash.h"

namespace gts {

namespace {

// The names of OpeningsConfig::Kind, in its order.
constexpr std::array<const char*, 3> kOpeningsKinds = {"start", "random", "list"};

void read_openings(const YamlReader& reader, const YAML::Node& node, const GameHandle& game,
                   OpeningsConfig& o) {
  if (!node.IsDefined()) return;
  reader.check_map(node, "'openings'",
                   {"kind", "count", "plies", "positions", "file", "order", "start"});
  std::string k = "start";
  reader.get(node, "kind", "'openings.kind'", k, {"start", "random", "list"});
  if (k == "start") reader.only_for(node, "count", "openings kind", "random", k);
  reader.only_for(node, "plies", "openings kind", "random", k);
  for (const char* key : {"order", "start", "positions", "file"}) {
    reader.only_for(node, key, "openings kind", "list", k);
  }

  o.kind = static_cast<OpeningsConfig::Kind>(std::ranges::find(kOpeningsKinds, k) -
                                             kOpeningsKinds.begin());
  if (o.kind == OpeningsConfig::Kind::kRandom) {
    reader.get(node, "count", "'openings.count'", o.count, 1, 1'000'000);
    reader.get(node, "plies", "'openings.plies'", o.plies, 0, 10'000);
  } else if (o.kind == OpeningsConfig::Kind::kList) {
    const YAML::Node positions = reader.find(node, "positions");
    const YAML::Node file = reader.get(node, "file", "'openings.file'", o.file);
    o.positions = read_positions(reader, positions, "'openings.positions'", file, o.file,
                                 "openings", {&game});
    if (o.positions.empty() && !file.IsDefined()) {
      reader.fail(node, "openings kind 'list' needs 'positions' or 'file'");
    }
    const auto listed = static_cast<int>(o.positions.size());
    o.count = 0;
    reader.get(node, "order", "'openings.order'", o.order, {"sequential", "random"});
    if (const YAML::Node n =
            reader.get(node, "start", "'openings.start'", o.start, 1, 1'000'000'000);
        o.start > listed) {
      reader.fail(n, "'openings.start' is " + std::to_string(o.start) + ", but the list has " +
                         std::to_string(listed) + " positions");
    }
    reader.get(node, "count", "'openings.count'", o.count, 1, 1'000'000);
  }
}

// The `tournament` block but its limits, once the players are known.
void read_tournament(const YamlReader& reader, const YAML::Node& node, TournamentConfig& c) {
  reader.get(node, "rating_interval", "'tournament.rating_interval'", c.rating_interval, 0,
             INT_MAX);
  // `resign` and `draw`: a score and a number of moves, both required.
  const auto score_rule = [&](const std::string& key, std::initializer_list<std::string_view> keys,
                              Value& score, std::int64_t min_score, int& moves) {
    const std::string what = "'tournament." + key + "'";
    const YAML::Node n = reader.find_map(node, key, what, keys);
    if (n.IsDefined()) {
      score = static_cast<Value>(reader.integer(reader.require(n, "score", "in " + what),
                                                "'tournament." + key + ".score'", min_score,
                                                1'000'000'000));
      moves = static_cast<int>(reader.integer(reader.require(n, "moves", "in " + what),
                                              "'tournament." + key + ".moves'", 1, 10'000));
    }
    return n;
  };
  ScoreAdjudication& a = c.by_score;
  const YAML::Node resign =
      score_rule("resign", {"score", "moves", "two_sided"}, a.resign_score, 1, a.resign_moves);
  reader.get(resign, "two_sided", "'tournament.resign.two_sided'", a.resign_two_sided);
  const YAML::Node draw =
      score_rule("draw", {"score", "moves", "after"}, a.draw_score, 0, a.draw_moves);
  reader.get(draw, "after", "'tournament.draw.after'", a.draw_after, 0, INT_MAX);
  reader.get(node, "format", "'tournament.format'", c.format, {"round-robin", "gauntlet"});
  const YAML::Node gauntlet = reader.find(node, "gauntlet");
  if (c.format == "gauntlet") {
    if (!gauntlet.IsDefined()) {
      reader.fail(node,
                  "missing required key 'gauntlet' in 'tournament' (format gauntlet: the "
                  "players who play all the others)");
    }
    for (const auto& g : reader.items(gauntlet, "'tournament.gauntlet'")) {
      const std::string name = reader.identifier(g, "a 'tournament.gauntlet' player");
      if (std::ranges::find(c.players, name, &PlayerConfig::name) == c.players.end()) {
        reader.fail(g,
                    "gauntlet player '" + name + "' is not a player (players: " +
                        join_strings(c.players | std::views::transform(&PlayerConfig::name), ", ") +
                        ")");
      }
      if (std::ranges::find(c.gauntlet, name) != c.gauntlet.end()) {
        reader.fail(g, "gauntlet player '" + name + "' listed twice");
      }
      c.gauntlet.push_back(name);
    }
    if (c.gauntlet.empty()) reader.fail(gauntlet, "'tournament.gauntlet' is empty");
    if (c.gauntlet.size() == c.players.size()) {
      reader.fail(gauntlet, "the gauntlet lists every player: no one is left for them to play");
    }
  }
  reader.only_for(node, "gauntlet", "format", "gauntlet", c.format);
  reader.get(node, "pairs", "'pairs'", c.pairs, 1, INT_MAX);
  reader.get(node, "games", "'tournament.games'", c.games, 0, INT_MAX);
  reader.get(node, "swap", "'tournament.swap'", c.swap);
  reader.get(node, "reverse", "'tournament.reverse'", c.reverse);
  reader.get(node, "max_plies", "'max_plies'", c.max_plies, 1, INT_MAX);
  reader.get(node, "adjudicate", "'tournament.adjudicate'", c.adjudicate);
  const YAML::Node sprt = reader.find_map(node, "sprt", "'tournament.sprt'",
                                          {"elo0", "elo1", "alpha", "beta", "model"});
  if (sprt.IsDefined()) {
    read_sprt_keys(reader, sprt, "tournament.sprt", {"normalized", "logistic", "bayes"},
                   c.sprt.emplace());
    if (c.players.size() != 2) {
      reader.fail(sprt, "'tournament.sprt' tests one player against another; this config has " +
                            std::to_string(c.players.size()) + " players");
    }
  }
}

TournamentConfig load_with(const YamlReader& reader, const YAML::Node& root) {
  TournamentConfig c;
  const YAML::Node output = read_run_settings(
      reader, root, {"game", "evaluations", "players", "openings", "tournament", "seed", "site"},
      "tournament", {"dir", "moves"}, c);
  const std::unique_ptr<GameHandle> game = make_game_from_block(
      reader, parse_game_block(reader, reader.require(root, "game", "at the top level")));
  c.game = game->info().name;
  c.game_params = game->params().values();
  c.evaluations = read_evaluations(reader, reader.find(root, "evaluations"), *game);
  const YAML::Node tournament =
      reader.find_map(root, "tournament", "'tournament'",
                      {"format", "gauntlet", "pairs", "games", "swap", "reverse", "max_plies",
                       "adjudicate", "resign", "draw", "sprt", "limits", "rating_interval"});
  // Tournament limits first: they decide whether players may leave out their depth.
  const YAML::Node limits = reader.find_map(tournament, "limits", "'tournament.limits'",
                                            {"nodes", "time_ms", "depth", "tc", "margin_ms"});
  read_time_control(reader, limits, "'limits.tc'", c.limits.tc);
  reader.get(limits, "margin_ms", "'limits.margin_ms'", c.limits.margin_ms, 0.0, 1e9);
  reader.get(limits, "nodes", "'limits.nodes'", c.limits.nodes);
  reader.get(limits, "time_ms", "'limits.time_ms'", c.limits.time_ms, 0.0, 1e9);
  reader.get(limits, "depth", "'limits.depth'", c.limits.depth, 0, kMaxConfigDepth);
  PlayersDefaults defaults;
  defaults.keys = {"engine", "depth", "evaluation", "tc", "time_ms", "nodes"};
  if (c.limits.nodes > 0 || c.limits.time_ms > 0 || c.limits.tc.timed()) {
    defaults.depth = kDepthMax;
  } else {
    defaults.depth_hint =
        " (it may be left out only when tournament.limits or the player sets nodes, time_ms or "
        "tc, or the player is an engine)";
  }
  const YAML::Node players = reader.require(root, "players", "at the top level");
  c.players = read_players(reader, players, defaults, *game, c.evaluations);
  if (c.players.size() < 2) {
    reader.fail(players,
                "a tournament needs at least 2 players, got " + std::to_string(c.players.size()));
  }
  read_tournament(reader, tournament, c);
  read_openings(reader, reader.find(root, "openings"), *game, c.openings);
  reader.get(root, "seed", "'seed'", c.seed);
  reader.get(root, "site", "'site'", c.site);
  reader.get(output, "moves", "'output.moves'", c.output_moves);
  return c;
}

}  // namespace

bool operator==(const TournamentConfig& a, const TournamentConfig& b) {
  // decisive_text spells out every field but those that cannot change the results.
  return decisive_text(a) == decisive_text(b) && a.rating_interval == b.rating_interval &&
         a.site == b.site && a.threads == b.threads && a.output_dir == b.output_dir &&
         a.output_moves == b.output_moves;
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
  put(out, "name", c.name);

  emit_game(out, c.game, c.game_params);

  put(out, "evaluations", YAML::BeginMap);
  for (const auto& [name, spec] : c.evaluations) {
    out << YAML::Key << name << YAML::Value;
    emit_eval(out, spec);
  }
  out << YAML::EndMap;

  put(out, "players", YAML::BeginSeq);
  for (const auto& p : c.players) {
    out << YAML::BeginMap;
    put(out, "name", p.name);
    if (p.engine) {
      put(out, "engine", YAML::BeginMap);
      out << YAML::Key << "command" << YAML::Value << YAML::Flow << p.engine->command;
      if (!p.engine->working_dir.empty()) put(out, "working_dir", p.engine->working_dir);
      put(out, "protocol", p.engine->protocol);
      out << YAML::Key << "options" << YAML::Value << YAML::Flow << YAML::BeginMap;
      for (const auto& [k, v] : p.engine->options) put(out, k, v);
      out << YAML::EndMap;
      put(out, "startup_ms", format_number(p.engine->startup_ms));
      put(out, "stall_ms", format_number(p.engine->stall_ms));
      out << YAML::EndMap;
      put(out, "depth", depth_text(p.depth));
    } else {
      put(out, "algorithm", p.algorithm.name);
      put(out, "depth", depth_text(p.depth));
      put(out, "evaluation", p.evaluation_name);
      out << YAML::Key << "options" << YAML::Value << YAML::Flow << p.algorithm.options.values();
    }
    if (p.limits.tc.given()) put(out, "tc", time_control_text(p.limits.tc));
    if (p.limits.time_ms > 0) put(out, "time_ms", format_number(p.limits.time_ms));
    if (p.limits.nodes > 0) put(out, "nodes", p.limits.nodes);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;

  put(out, "openings", YAML::BeginMap);
  out << YAML::Key << "kind" << YAML::Value << kOpeningsKinds[static_cast<int>(c.openings.kind)];
  if (c.openings.kind == OpeningsConfig::Kind::kRandom) {
    put(out, "count", c.openings.count);
    put(out, "plies", c.openings.plies);
  } else if (c.openings.kind == OpeningsConfig::Kind::kList) {
    put(out, "positions", c.openings.positions);
    if (c.openings.count > 0) put(out, "count", c.openings.count);
    put(out, "start", c.openings.start);
    put(out, "order", c.openings.order);
  }
  out << YAML::EndMap;

  put(out, "tournament", YAML::BeginMap);
  put(out, "format", c.format);
  if (c.format == "gauntlet") {
    out << YAML::Key << "gauntlet" << YAML::Value << YAML::Flow << c.gauntlet;
  }
  put(out, "pairs", c.pairs);
  if (c.games > 0) put(out, "games", c.games);
  put(out, "swap", c.swap);
  put(out, "reverse", c.reverse);
  put(out, "max_plies", c.max_plies);
  put(out, "adjudicate", c.adjudicate);
  const ScoreAdjudication& a = c.by_score;
  if (a.resign_moves > 0) {
    out << YAML::Key << "resign" << YAML::Value << YAML::Flow << YAML::BeginMap;
    put(out, "score", a.resign_score);
    put(out, "moves", a.resign_moves);
    out << YAML::Key << "two_sided" << YAML::Value << a.resign_two_sided << YAML::EndMap;
  }
  if (a.draw_moves > 0) {
    out << YAML::Key << "draw" << YAML::Value << YAML::Flow << YAML::BeginMap;
    put(out, "score", a.draw_score);
    put(out, "moves", a.draw_moves);
    out << YAML::Key << "after" << YAML::Value << a.draw_after << YAML::EndMap;
  }
  if (c.sprt) put(out, "sprt", YAML::Load(sprt_flow(*c.sprt)));
  put(out, "rating_interval", c.rating_interval);
  out << YAML::Key << "limits" << YAML::Value << YAML::Flow << YAML::BeginMap;
  put(out, "nodes", c.limits.nodes);
  put(out, "time_ms", format_number(c.limits.time_ms));
  put(out, "depth", c.limits.depth);
  if (c.limits.tc.given()) put(out, "tc", time_control_text(c.limits.tc));
  put(out, "margin_ms", format_number(c.limits.margin_ms));
  out << YAML::EndMap << YAML::EndMap;

  put(out, "seed", c.seed);
  put(out, "site", c.site);
  put(out, "threads", c.threads);
  put(out, "output", YAML::BeginMap);
  put(out, "dir", c.output_dir);
  put(out, "moves", c.output_moves);
  out << YAML::EndMap;
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string decisive_text(const TournamentConfig& c) {
  // One length-prefixed field per line, so that no two different field sequences make the same
  // text.
  std::string text;
  const auto field = [&text](std::string_view key, std::string_view value) {
    text.append(key).append("=").append(std::to_string(value.size())).append(":");
    text.append(value).append("\n");
  };
  field("name", c.name);
  field("game", c.game);
  for (const auto& [k, v] : c.game_params) field("game.param." + k, v);
  for (const auto& [name, spec] : c.evaluations) field("evaluation." + name, eval_spec_text(spec));
  for (const auto& p : c.players) {
    field("player", p.name);
    field("player.algorithm", p.algorithm.name);
    for (const auto& [k, v] : p.algorithm.options.values()) field("player.option." + k, v);
    field("player.depth", depth_text(p.depth));
    field("player.evaluation", p.evaluation_name);
    field("player.evaluation.spec", eval_spec_text(p.evaluation));
    if (p.engine) {
      for (const auto& word : p.engine->command) field("player.engine.command", word);
      field("player.engine.working_dir", p.engine->working_dir);
      for (const auto& [k, v] : p.engine->options) field("player.engine.option." + k, v);
      field("player.engine.protocol", p.engine->protocol);
      field("player.engine.startup_ms", format_number(p.engine->startup_ms));
      field("player.engine.stall_ms", format_number(p.engine->stall_ms));
    }
    if (p.limits.tc.given()) field("player.tc", time_control_text(p.limits.tc));
    if (p.limits.time_ms > 0) field("player.time_ms", format_number(p.limits.time_ms));
    if (p.limits.nodes > 0) field("player.nodes", std::to_string(p.limits.nodes));
  }
  field("openings.kind", kOpeningsKinds[static_cast<int>(c.openings.kind)]);
  field("openings.count", std::to_string(c.openings.count));
  field("openings.plies", std::to_string(c.openings.plies));
  for (const auto& pos : c.openings.positions) field("openings.position", pos);
  field("openings.start", std::to_string(c.openings.start));
  field("openings.order", c.openings.order);
  field("format", c.format);
  for (const auto& g : c.gauntlet) field("gauntlet", g);
  field("pairs", std::to_string(c.pairs));
  if (c.games > 0) field("games", std::to_string(c.games));
  // Written only where set, so that the configs of earlier versions keep their hash.
  if (!c.swap) field("swap", "off");
  if (c.reverse) field("reverse", "on");
  field("max_plies", std::to_string(c.max_plies));
  field("adjudicate", c.adjudicate ? "on" : "off");
  // Written only where set, so that the configs of earlier versions keep their hash.
  if (c.by_score.resign_moves > 0) {
    field("resign", std::to_string(c.by_score.resign_score) + " " +
                        std::to_string(c.by_score.resign_moves) +
                        (c.by_score.resign_two_sided ? " two-sided" : ""));
  }
  if (c.by_score.draw_moves > 0) {
    field("draw", std::to_string(c.by_score.draw_score) + " " +
                      std::to_string(c.by_score.draw_moves) + " after " +
                      std::to_string(c.by_score.draw_after));
  }
  field("sprt", c.sprt ? sprt_flow(*c.sprt) : "");
  field("limits.nodes", std::to_string(c.limits.nodes));
  field("limits.time_ms", format_number(c.limits.time_ms));
  field("limits.depth", std::to_string(c.limits.depth));
  if (c.limits.tc.given()) field("limits.tc", time_control_text(c.limits.tc));
  // Written only where set, so that the configs of earlier versions keep their hash.
  if (c.limits.margin_ms != LimitsConfig{}.margin_ms) {
    field("limits.margin_ms", format_number(c.limits.margin_ms));
  }
  field("seed", std::to_string(c.seed));
  return text;
}

std::string config_hash(const TournamentConfig& c) { return config_hash_of(decisive_text(c)); }

}  // namespace gts
