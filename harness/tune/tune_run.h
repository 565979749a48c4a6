// `harness tune`: tunes a linear evaluation's weights by playing games (SPSA or a round robin of
// candidates), verifies the result against the starting weights with an SPRT, and writes the run
// folder: tune.csv, tuned.yaml, verify.csv, games.csv (the journal) and run.yaml.
//
// A tuning step's games are a list of independent game jobs, one result per job. play_job is a pure
// function of (game, engine, job), so any schedule gives the same results: oneTBB threads, or MPI
// ranks as distributed work (harness/mpi/work_distributor.h). There rank 0 keeps the tuning logic
// and sends, per step, a context holding the config path, its hash and the step's game jobs (the
// weights depend on the step, so the jobs travel with it); every rank plays the jobs it is handed
// with play_job and returns each result as bytes, timings bit for bit.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/match/game_record.h"
#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/run_pipeline.h"
#include "harness/registry.h"
#include "harness/tune/tune_config.h"

namespace gts {

// The searcher every tuned player uses; only the linear evaluation's weights differ.
struct TuneEngine {
  AlgorithmSpec algorithm;
  int depth = 1;
  int max_plies = 1000;  // longer games are adjudicated draws
};

// One game: `first` moves first from `opening`. `seed` is the game's random stream (tie-breaks).
struct GameJob {
  std::vector<double> first;
  std::vector<double> second;
  std::string opening;
  std::uint64_t seed = 0;
};

struct JobResult {
  GameOutcome outcome;  // without its move log
  double wall_ms = 0;
  // Cut short by the stop flag: not a result.
  [[nodiscard]] bool stopped() const { return outcome.termination == Termination::kStopped; }
};

// Plays one job. Thread-safe; never throws for a player's fault (a forfeit is a result).
JobResult play_job(const GameHandle& game, const TuneEngine& engine, const GameJob& job,
                   const std::atomic<bool>* stop = nullptr);

// The linear evaluation with these weights.
inline EvalSpec linear_eval(const std::vector<double>& weights) { return {"linear", weights}; }

// The JobKinds name of tune steps.
inline constexpr const char* kTuneJobKind = "tune";

// A finished job's result as bytes and back (every field of the outcome but its move log).
std::string encode_job_result(const JobResult& result);
JobResult decode_job_result(const std::string& bytes);

// What a worker rank needs for one step: the config (path and hash) and the step's jobs.
std::string tune_step_context(const std::string& config_path, const std::string& config_hash,
                              const std::vector<GameJob>& jobs);

// The runner a worker rank plays a step with (the "tune" JobKinds entry). Throws ConfigError when
// the config it reads differs from rank 0's.
std::unique_ptr<JobRunner> make_tune_jobs(const std::string& context);

// verify.csv's header line, without its newline.
std::string verify_csv_header();

// Returns the exit code: 0 when finished; 130 when stopped by a signal, 1 by a failed rank. Bad
// configs throw ConfigError, bad options ParamError.
int run_tune(const RunRequest& request);

// The tables a finished run writes (tune.csv, verify.csv, tuned.yaml, by file name), rebuilt from
// `scores`, its games.csv's first-player score by game number: each phase run again without
// playing. Throws std::runtime_error naming a game of the run that `scores` lacks.
std::map<std::string, std::string> tune_tables(const TuneConfig& config,
                                               const std::map<int, double>& scores);
// `tune --check`: what the run would refuse (config, tables, the run folder), with nothing run or
// written.
void check_tune(const RunRequest& request);

}  // namespace gts
