// The `game`, `evaluations` and `players` blocks that every config (run, compare, solve, tune)
// shares. Each value is checked where it is read, its shape and type and then against the registry
// (names, parameters, options, evaluations), so that every error points at its line and column.
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
#include <utility>
#include <vector>

#include "games/evaluation.h"
#include "harness/config/time_control.h"
#include "harness/config/yaml_reader.h"
#include "harness/engine/engine_spec.h"
#include "harness/match/game_record.h"
#include "harness/registry.h"
#include "harness/stats/sprt.h"

namespace gts {

// A player's own limits, over the tournament's (`tc`, `time_ms`, `nodes` in a player's entry).
struct PlayerLimits {
  TimeControl tc;
  double time_ms = 0;       // movetime; 0: the tournament's
  std::uint64_t nodes = 0;  // 0: the tournament's
};

// Where each option given in a config file stands (1-based line and column of its value), for
// checks made after loading (a table the machine cannot give).
using OptionPlaces = std::map<std::string, std::pair<int, int>>;

// One player after sweep expansion: everything needed to build its Searcher.
struct PlayerConfig {
  std::string name;
  AlgorithmSpec algorithm;      // in-process players
  int depth = 1;                // kDepthMax for "max" (an engine: no `go depth`)
  std::string evaluation_name;  // a name from `evaluations`, or an evaluation kind of the game
  EvalSpec evaluation;
  std::optional<EngineSpec> engine;  // an external engine instead of an algorithm
  PlayerLimits limits;
  OptionPlaces option_at;
  std::pair<int, int> algorithm_at{};  // where its algorithm is named (line, column; 0: nowhere)
  std::pair<int, int> depth_at{};      // where its depth is given (line, column; 0: nowhere)
  std::pair<int, int> engine_at{};     // where its engine's command is given (0: nowhere)
};

// The game a block names, its parameters each checked against the registry (an unknown game or
// a bad parameter fails at its node).
struct GameBlock {
  const GameInfo* info = nullptr;
  std::map<std::string, std::string> params;  // as written
  YAML::Node name_node = undefined_node();
  YAML::Node params_node = undefined_node();  // where the parameters together are blamed
};

GameBlock parse_game_block(const YamlReader& reader, const YAML::Node& node);
// The configured game; parameters the game rejects together fail at the block's parameters.
std::unique_ptr<GameHandle> make_game_from_block(const YamlReader& reader, const GameBlock& block);

// One evaluation's `{kind, weights}` map (`what` in messages), checked against the game: its kind
// known, its weights accepted. `kind_alone` also takes a bare kind.
EvalSpec read_evaluation(const YamlReader& reader, const YAML::Node& body, const std::string& what,
                         const GameHandle& game, bool kind_alone = false);
// The `evaluations` block by name (`node` may be undefined: none), each checked against the game.
std::map<std::string, EvalSpec> read_evaluations(const YamlReader& reader, const YAML::Node& node,
                                                 const GameHandle& game);

struct PlayersDefaults {
  // Depth for a player that gives none; nullopt makes `depth` required.
  std::optional<int> depth;
  // Appended to the "missing 'depth'" message, e.g. why it is required here.
  std::string depth_hint;
  // The keys an entry may have besides name, algorithm and options. Tournaments add an external
  // `engine` and a player's own `tc`, `time_ms` and `nodes` (then its depth defaults to max).
  std::vector<std::string_view> keys = {"depth", "evaluation"};
  std::string what = "'players'";  // the block, in messages
  std::string entry = "player";    // one entry of it, in messages
  // Keys that another block sets (compare: depth and evaluation, per input set), and where: an
  // entry giving one is told so rather than "unknown key".
  std::vector<std::string_view> set_elsewhere;
  std::string elsewhere;
};

// The time control under `tc` in `map`, in one of kTimeControlForms, into `tc` (absent: `tc` keeps
// its value); fails at the value otherwise, showing the forms.
void read_time_control(const YamlReader& reader, const YAML::Node& map, const std::string& what,
                       TimeControl& tc);

// The list of player entries `node` holds, validated against the registry and the game (a
// Searcher is built to prove each) and sweeps expanded: the cartesian product of algorithm, depth,
// evaluation, then options as written, the last field fastest. Duplicate names are rejected.
// Generated names are the entry's name + "-" + one part per swept field: "d4"/"dmax", the
// algorithm's canonical name, the evaluation's name, or "key=value"; characters not allowed in
// names become '_' ('*' becomes "-star": "sss-star").
std::vector<PlayerConfig> read_players(const YamlReader& reader, const YAML::Node& node,
                                       const PlayersDefaults& defaults, const GameHandle& game,
                                       const std::map<std::string, EvalSpec>& evaluations);

// `key: value`, in a map being written.
template <class V>
void put(YAML::Emitter& out, const std::string& key, const V& value) {
  out << YAML::Key << key << YAML::Value << value;
}
// `game: {name: NAME, params: {...}}`, in a map being written.
void emit_game(YAML::Emitter& out, const std::string& name,
               const std::map<std::string, std::string>& params);
// `{kind: KIND, weights: [...]}` (no weights when there are none), as a value.
void emit_eval(YAML::Emitter& out, const EvalSpec& spec);

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
// "max" (kDepthMax) or an integer in 1..kMaxConfigDepth, for `what`.
int parse_depth(const YamlReader& reader, const YAML::Node& node, const std::string& what);

// `run()`, a registry call whose ParamError fails at `at`, its message after `prefix`.
template <class Run>
decltype(auto) or_fail_at(const YamlReader& reader, const YAML::Node& at, const std::string& prefix,
                          const Run& run) {
  try {
    return run();
  } catch (const ParamError& e) {
    reader.fail(at, prefix + e.what());
  }
}
template <class Run>
decltype(auto) or_fail_at(const YamlReader& reader, const YAML::Node& at, const Run& run) {
  return or_fail_at(reader, at, "", run);
}

bool has_param(const std::vector<ParamSpec>& specs, const std::string& name);
// One parameter `key: value` checked against `specs` (those of `owner`, e.g. "game kalah"): the
// registry's message, after `prefix`, at the value when the key is declared, else at the key.
void check_param(const YamlReader& reader, const std::vector<ParamSpec>& specs,
                 const std::string& owner, const std::string& key, const YAML::Node& key_node,
                 const std::string& value, const YAML::Node& value_node,
                 const std::string& prefix = "");

// The map of options `node` holds (`what`; may be undefined: none), each checked against those of
// `info` (`owner` in messages, e.g. "algorithm alphabeta"); where each stands into `places`.
std::map<std::string, std::string> read_options(const YamlReader& reader, const YAML::Node& node,
                                                const std::string& what, const AlgorithmInfo& info,
                                                const std::string& owner,
                                                OptionPlaces* places = nullptr);

// What every config has at its top level: its name, the run's threads and output folder; and
// where it was read from.
struct RunSettings {
  std::string name;         // `name`; by default the file's stem (characters not allowed as '_')
  std::string source_path;  // the file it was read from
  int threads = 0;          // `threads`: jobs at once (0: all cores)
  std::string output_dir;   // `output.dir`; empty: results/<name>-<date>-<time>
  int output_dir_line = 0;  // where `output.dir` stands (1-based; 0: not given)
  int output_dir_column = 0;
};
// Checks that `root` is a map of `name`, `keys`, `threads` and `output` only, and reads the
// settings (`fallback`: the name when the file's stem is empty; `dir:` with no value means the
// default). Returns the `output` block (its keys `output_keys`), undefined when absent.
YAML::Node read_run_settings(const YamlReader& reader, const YAML::Node& root,
                             std::initializer_list<std::string_view> keys,
                             const std::string& fallback,
                             std::initializer_list<std::string_view> output_keys, RunSettings& s,
                             int max_threads = 1024);

// Steps `index` to the next combination of `sizes` (an odometer, the last field fastest); false
// after the last one.
bool next_combination(std::vector<std::size_t>& index, const std::vector<std::size_t>& sizes);

// The positions of the list `list` (`what`; may be undefined), then those of the file `written`
// (relative to the config) that `file` names (may be undefined; one position a line, blank lines
// and '#' comments skipped; `noun` names it in messages: "openings", "positions"), each as the
// first of `games` writes it. A file that cannot be read or has none fails at `file`; a position
// that one of `games` cannot read, or where its game is over, at its node or FILE:LINE:COL.
std::vector<std::string> read_positions(const YamlReader& reader, const YAML::Node& list,
                                        const std::string& what, const YAML::Node& file,
                                        const std::string& written, const std::string& noun,
                                        const std::vector<const GameHandle*>& games);

}  // namespace gts
