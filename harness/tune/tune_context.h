// What every phase of a tune run shares (config, the run pipeline, game, engine, journal), and
// the one way a phase plays games: a step's jobs, each with its fixed index in the run, of which
// those already in the journal are taken from it and the rest played and journaled.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/pipeline/run_pipeline.h"
#include "harness/tournament/journal.h"
#include "harness/tune/tune_config.h"
#include "harness/tune/tune_games.h"

namespace gts {

struct TuneContext {
  const TuneConfig* config = nullptr;
  RunPipeline* pipeline = nullptr;  // runs the games; its hash is the config hash workers check
  std::unique_ptr<GameHandle> game;
  TuneEngine engine;
  Journal* journal = nullptr;
  std::map<int, double> resumed;  // game index -> first player's score, from the journal
  std::string error;              // what stopped the run, when a job or a rank failed
};

// One game of a step: the job and how it is journaled.
struct StepGame {
  GameJob job;
  int index = 0;    // the game's index in the run (games.csv `game`)
  int step = 0;     // iteration, pairing or batch (games.csv `pairing`)
  int opening = 0;  // pair within the step (games.csv `opening`)
  std::string first_name;
  std::string second_name;
};

// A side of a game pair: its name in games.csv and its weights.
struct PairSide {
  const std::string& name;
  const std::vector<double>& weights;
};
// Appends pair `pair` of step `step` of a phase to `games`: two games on one opening, `a` first in
// the first and second in the other. Game indices are `first_index` and the next.
void add_game_pair(const TuneContext& ctx, std::uint64_t phase, int step, int pair, int first_index,
                   const PairSide& a, const PairSide& b, std::vector<StepGame>& games);

// The first player's score of every game, or nullopt when the run was stopped (Ctrl-C, or a
// failure, then in ctx.error) before the step finished (what finished is journaled and is not
// played again on resume).
std::optional<std::vector<double>> play_step(TuneContext& ctx, const std::vector<StepGame>& games);

// The opening of pair `pair` of step `step` of a phase, and the seed of a game of it.
std::string step_opening(const TuneContext& ctx, std::uint64_t phase, int step, int pair);
std::uint64_t game_seed(const TuneContext& ctx, std::uint64_t phase, int step, int game);

// A CSV written from scratch, each row flushed as it is added (a killed run keeps what it wrote;
// a resumed run writes the file again from its first row).
class CsvOut {
 public:
  CsvOut(std::string path, const std::vector<std::string>& header);
  ~CsvOut();
  CsvOut(const CsvOut&) = delete;
  CsvOut& operator=(const CsvOut&) = delete;
  void row(const std::vector<std::string>& fields);

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
};

// Phase tags: independent random streams per phase.
inline constexpr std::uint64_t kPhaseSpsa = 0x73707361ULL;
inline constexpr std::uint64_t kPhaseRoundRobin = 0x7272ULL;
inline constexpr std::uint64_t kPhaseVerify = 0x766572696679ULL;
inline constexpr std::uint64_t kPhaseSample = 0x73616d706c65ULL;

}  // namespace gts
