// The tournament config that `harness run CONFIG.yaml` plays: YAML in, a validated struct out, and
// the resolved form (defaults filled in, sweeps expanded) back out as YAML for the results folder.
//
// Every value is checked as it is read, against the registry too (game, parameters, algorithms,
// options, evaluations, positions). Every error is a ConfigError "FILE:LINE:COL: message". See
// configs/ for examples of every field.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "games/evaluation.h"
#include "harness/config/blocks.h"
#include "harness/config/config_error.h"

namespace gts {

struct OpeningsConfig {
  enum class Kind { kStart, kRandom, kList };
  Kind kind = Kind::kStart;
  // kRandom: number of openings; kList: how many to play (0: all from `start`; more than the list
  // holds from `start` cycles through it again, as fastchess does with a short book).
  int count = 8;
  int plies = 4;  // kRandom: random plies played from the start
  // kList: canonical positions, those written inline first, then those of `file`.
  std::vector<std::string> positions;
  // kList: the openings file as written (relative to the config); provenance only, since
  // `positions` already holds its content.
  std::string file;
  // kList, as fastchess's book options: play from the start-th position (1-based), in the list's
  // order or shuffled by the run seed (order "random"; the run's seed, after --seed).
  int start = 1;
  std::string order = "sequential";
};

struct LimitsConfig {
  std::uint64_t nodes = 0;  // per move; 0 = none
  double time_ms = 0.0;     // per move; 0 = none
  int depth = 0;            // cap on every player's depth; 0 = none
  TimeControl tc;           // a game clock for every player (a player's own `tc` wins)
  // How far past its movetime or its clock a move may go before the game is lost on time.
  double margin_ms = 100.0;
};

struct TournamentConfig : RunSettings {
  std::string game;
  std::map<std::string, std::string> game_params;  // resolved: every declared parameter
  std::map<std::string, EvalSpec> evaluations;     // the named evaluations
  std::vector<PlayerConfig> players;               // sweeps expanded
  OpeningsConfig openings;
  std::string format = "round-robin";  // or "gauntlet"
  std::vector<std::string> gauntlet;   // gauntlet format: these play all the others
  int pairs = 1;                       // game pairs per pairing per opening
  // Only the schedule's first `games` games are played (0: all): cutechess's `-games 1 -rounds N`,
  // N single games whose consecutive pairs still share an opening.
  int games = 0;
  // A pair's second game swaps the sides (false: fastchess's -noswap, both as the first); reverse
  // swaps every game's sides (fastchess's -reverse).
  bool swap = true;
  bool reverse = false;
  int max_plies = 1000;                // longer games are adjudicated draws
  bool adjudicate = true;      // a game whose result is decided (the game proves it) ends there
  ScoreAdjudication by_score;  // `resign` and `draw`: by the players' own scores
  // Two players only: the run stops when this SPRT of the first player against the second
  // decides (the schedule is the most it plays).
  std::optional<SprtConfig> sprt;
  LimitsConfig limits;
  // Every this many finished games, interim ratings go to stderr (0: none), as fastchess's
  // -ratinginterval. Changes no result.
  int rating_interval = 0;
  std::uint64_t seed = 1;
  bool output_moves = true;
  std::string site = "?";  // the PGN's Site tag (fastchess's -site); changes no result
};

// Equal in everything that the config says, that is all but source_path and openings.file
// (provenance: where the text came from, not what it says).
bool operator==(const TournamentConfig& a, const TournamentConfig& b);

// Reads, parses and validates a tournament config; throws ConfigError.
TournamentConfig load_tournament_config(const std::string& path);
// The same for YAML text; `file` names it in messages, anchors relative paths (openings files)
// and gives the default name.
TournamentConfig load_tournament_config_text(const std::string& text, const std::string& file);

// The resolved config as YAML that loads back into an equal TournamentConfig: every default
// written out, sweeps expanded into explicit players, algorithm options complete, positions
// canonical and inline.
std::string resolved_yaml(const TournamentConfig& config);

// The resolved config as canonical text, but for what cannot change the results: threads, the
// output settings and where the config came from. Stable across runs, machines and library
// versions (its own text, not the YAML emitter's output).
std::string decisive_text(const TournamentConfig& config);
// config_hash_of(decisive_text(config)): what --resume compares.
std::string config_hash(const TournamentConfig& config);

}  // namespace gts
