// What `harness serve` shows of a tournament's run folder while the run writes it: the games
// finished so far (games.csv's complete lines), the standings and crosstable the report module
// draws from them, the SPRT's LLR against games with its bounds, the pace and the latest games.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/stats/sprt.h"

namespace gts::serve {

// What run.yaml says of a tournament's run folder (run or match), read once when serving starts.
struct RunFacts {
  std::string name;                  // config.name
  std::vector<std::string> players;  // config.players' names, in the config's order
  long games_total = 0;              // run.games_total (0 where it does not say)
  std::optional<SprtConfig> sprt;    // config.tournament.sprt
};

// Throws ParamError naming RUN_DIR when it is not a tournament's run folder (no run.yaml, one that
// does not read, or another kind of run).
RunFacts read_run_facts(const std::filesystem::path& run_dir);

// One point of the SPRT's course: the LLR after `games` games (whole pairs, in schedule order).
struct LlrPoint {
  long games;
  double llr;
};
// The LLR from 0 games on, after each game pair counted as the run counts them: pair k (games 2k
// and 2k+1) once both are finished and every earlier pair has counted, up to a decision.
// `scores_of_a`: (game, the score of A, the config's first player) of each finished game.
std::vector<LlrPoint> llr_course(const SprtConfig& config,
                                 const std::vector<std::pair<int, double>>& scores_of_a);

// The pace the server has seen: games per second over what it watched, or since run.yaml's start.
struct Pace {
  double games_per_s = 0;  // 0: not known yet
  std::string status;      // run.yaml's run.status ("running", "finished", ...)
};

// The page's live part (what /live serves and / wraps): progress, SPRT, standings, crosstable,
// latest games. Throws ConfigError for a games.csv of another format.
std::string live_sections(const std::filesystem::path& run_dir, const RunFacts& facts,
                          const Pace& pace);

// The whole page: the report's style and table script, the live part, and the few lines that
// fetch /live again whenever /events says the folder changed. Nothing comes from elsewhere.
std::string live_page(const std::filesystem::path& run_dir, const RunFacts& facts,
                      const std::string& sections);

}  // namespace gts::serve
