// The phases of a tune run. Each is a deterministic function of the config and the games' results,
// so a resumed run (games from the journal) computes exactly what an uninterrupted one does.
//
// What every phase shares (config, the run pipeline, game, engine, journal; tune_context.cpp), and
// the one way a phase plays games: a step's jobs, each with its fixed index in the run, of which
// those already in the journal are taken from it and the rest played and journaled.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/pipeline/run_pipeline.h"
#include "harness/stats/elo.h"
#include "harness/tournament/journal.h"
#include "harness/tune/tune_config.h"
#include "harness/tune/tune_jobs.h"

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

// Prints `line` on stdout, flushed, unless the run is quiet.
void say(const TuneContext& ctx, const std::string& line);

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
  void row(const std::vector<std::string>& fields);

 private:
  std::string path_;
  std::ofstream file_;
};

// Phase tags: independent random streams per phase.
inline constexpr std::uint64_t kPhaseSpsa = 0x73707361ULL;
inline constexpr std::uint64_t kPhaseRoundRobin = 0x7272ULL;
inline constexpr std::uint64_t kPhaseVerify = 0x766572696679ULL;
inline constexpr std::uint64_t kPhaseSample = 0x73616d706c65ULL;

struct TunePhaseResult {
  bool complete = false;      // false: stopped by a signal
  std::vector<double> tuned;  // the tuned weights
  int games = 0;              // games the phase consists of
  std::string summary;        // one line for the terminal and tuned.yaml
};

// SPSA: writes DIR/tune.csv (one row per iteration, row 0 the start).
TunePhaseResult run_spsa_phase(TuneContext& ctx, const std::string& dir);

// Round robin of candidates: writes DIR/tune.csv (one row per candidate).
TunePhaseResult run_round_robin_phase(TuneContext& ctx, const std::string& dir);

// The candidates of a round robin: the start (if included), those listed, those sampled.
struct Candidate {
  std::string name;
  std::string source;  // start, listed, sampled
  std::vector<double> weights;
};
std::vector<Candidate> round_robin_candidates(const TuneConfig& config);

struct VerifyResult {
  bool complete = false;
  std::string verdict = "skipped";  // H1, H0, inconclusive, skipped
  PentanomialCounts pairs;
  WdlCounts games;  // from the tuned weights' view
  EloEstimate elo;
  double llr = 0;
  double lower = 0, upper = 0;
};

// Tuned against start in game pairs until the SPRT decides or max_games is reached; writes
// DIR/verify.csv (one row per pair). Games are numbered from `first_game`.
VerifyResult run_verify_phase(TuneContext& ctx, const std::string& dir,
                              const std::vector<double>& tuned, int first_game);

// "H1 accepted after 412 games: Elo +48.3 ± 21.1 (95%), LLR 2.97 (bounds -2.94, 2.94)".
std::string verify_line(const VerifyResult& v);

}  // namespace gts
