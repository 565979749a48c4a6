// The `game`, `evaluations` and `players` blocks that every config (run, compare, solve, tune)
// shares. Each block is read in two steps, as fastchess does: parse (shape, types, ranges and
// unknown keys, no registry) and then validate against the registry (names, parameters, options,
// evaluations). The parsed entries keep their YAML nodes so that a validation error still points
// at the line and column of the offending value.
//
//   game:        {name: kalah, params: {pits: 6}}      (or just `game: kalah`)
//   evaluations: {stores: {kind: store-diff}, w: {kind: linear, weights: [1, -1, ...]}}
//   players:     [{name: ab, algorithm: alphabeta, depth: [2, 4], evaluation: stores,
//                  options: {ordering: [none, static]}}, ...]
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/evaluation.h"
#include "harness/config/yaml_reader.h"
#include "harness/engine/engine_spec.h"
#include "harness/game_record.h"
#include "harness/registry.h"
#include "harness/stats/sprt.h"

namespace gts {

// One player after sweep expansion: everything needed to build its Searcher.
// A player's own limits, over the tournament's (`tc`, `time_ms`, `nodes` in a player's entry).
struct PlayerLimits {
  TimeControl tc;
  double time_ms = 0;       // movetime; 0: the tournament's
  std::uint64_t nodes = 0;  // 0: the tournament's
  friend bool operator==(const PlayerLimits&, const PlayerLimits&) = default;
};

struct PlayerConfig {
  std::string name;
  AlgorithmSpec algorithm;      // in-process players
  int depth = 1;                // kDepthMax for "max" (an engine: no `go depth`)
  std::string evaluation_name;  // a name from `evaluations`, or an evaluation kind of the game
  EvalSpec evaluation;
  std::optional<EngineSpec> engine;  // an external engine instead of an algorithm
  PlayerLimits limits;
};

bool same_eval(const EvalSpec& a, const EvalSpec& b);
bool operator==(const PlayerConfig& a, const PlayerConfig& b);

// ---- game ----

struct GameBlock {
  struct Param {
    std::string key;
    std::string value;
    YAML::Node key_node = undefined_node();
    YAML::Node value_node = undefined_node();
  };
  YAML::Node node = undefined_node();
  std::string name;
  YAML::Node name_node = undefined_node();
  std::vector<Param> params;                  // as written
  YAML::Node params_node = undefined_node();  // undefined when absent
};

GameBlock parse_game_block(const YamlReader& reader, const YAML::Node& node);
// The configured game; unknown games and bad parameters fail at the offending node.
std::unique_ptr<GameHandle> make_game_from_block(const YamlReader& reader, const GameBlock& block);

// ---- evaluations ----

struct EvaluationEntry {
  std::string name;
  YAML::Node name_node = undefined_node();
  EvalSpec spec;
  YAML::Node kind_node = undefined_node();
  YAML::Node weights_node = undefined_node();  // undefined when absent
};

// `node` may be undefined (no block): no entries.
std::vector<EvaluationEntry> parse_evaluations_block(const YamlReader& reader,
                                                     const YAML::Node& node);
// Checks each evaluation against the game (kind known, weights accepted).
std::map<std::string, EvalSpec> validate_evaluations(const YamlReader& reader,
                                                     const std::vector<EvaluationEntry>& entries,
                                                     const GameHandle& game);

// ---- players ----

struct PlayerEntry {
  // A field written as a scalar (one value) or a list (swept); values are scalar nodes.
  struct Field {
    std::vector<YAML::Node> values;
    bool swept = false;
  };
  struct Option {
    std::string key;
    YAML::Node key_node = undefined_node();
    Field values;
  };
  YAML::Node node = undefined_node();
  std::string name;
  YAML::Node name_node = undefined_node();
  Field algorithm;
  Field depth;                  // no values: the default depth
  std::vector<int> depths;      // parsed, parallel to depth.values (or the default alone)
  Field evaluation;             // no values: the game's default evaluation
  std::vector<Option> options;  // in the order written
  YAML::Node options_node = undefined_node();
  std::optional<EngineSpec> engine;  // `engine:` instead of `algorithm:`
  PlayerLimits limits;
};

struct PlayersDefaults {
  // Depth for a player that gives none; nullopt makes `depth` required.
  std::optional<int> depth;
  // Appended to the "missing 'depth'" message, e.g. why it is required here.
  std::string depth_hint;
  // Tournaments: a player may be an external `engine` and have its own `tc`, `time_ms` and
  // `nodes` (then its depth defaults to max).
  bool allow_engines = false;
};

// "10+0.1" (seconds, as fastchess writes it) or "10": a game clock; fails at the node otherwise.
TimeControl parse_time_control(const YamlReader& reader, const YAML::Node& node,
                               const std::string& what);
// The same clock written back: "10+0.1".
std::string time_control_text(const TimeControl& tc);

std::vector<PlayerEntry> parse_players_block(const YamlReader& reader, const YAML::Node& node,
                                             const PlayersDefaults& defaults);

// Expands sweeps (cartesian product: algorithm, depth, evaluation, then options as written; the
// last field varies fastest) into named players, validates each against the registry and the game
// (a Searcher is built to prove it) and rejects duplicate names. Generated names are the entry's
// name + "-" + one part per swept field: "d4"/"dmax", the algorithm's canonical name, the
// evaluation's name, or "key=value"; characters not allowed in names become '_' ('*' becomes
// "-star": "sss-star").
std::vector<PlayerConfig> expand_players(const YamlReader& reader,
                                         const std::vector<PlayerEntry>& entries,
                                         const GameHandle& game,
                                         const std::map<std::string, EvalSpec>& evaluations);

// ---- SPRT ----

// The keys of an SPRT block, `{elo0, elo1, alpha, beta, model}`, into `sprt` (keys absent keep
// its values). `where` names the block in messages ("verify", "tournament.sprt"); `models` are
// the models the block accepts. The caller checks the block's keys (it may have more of its own).
void read_sprt_keys(const YamlReader& reader, const YAML::Node& node, const std::string& where,
                    std::initializer_list<std::string_view> models, SprtConfig& sprt);
// "{elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, model: normalized}", as the block reads it back.
std::string sprt_flow(const SprtConfig& sprt);

// "max" or 1..kMaxConfigDepth.
inline constexpr int kMaxConfigDepth = 1000;
// A typo in a sweep should not build a million Searchers.
inline constexpr std::size_t kMaxSweepPlayers = 10000;
std::string depth_text(int depth);

}  // namespace gts
