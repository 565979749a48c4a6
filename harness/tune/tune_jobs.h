// Playing the games of one tuning step: a list of independent game jobs in, one result per job
// out. play_job is a pure function of (game, engine, job), so any schedule gives the same results:
// oneTBB threads, or MPI ranks as distributed work (harness/mpi/work_distributor.h). There rank 0
// keeps the tuning logic and sends, per step, a context holding the config path, its hash and the
// step's game jobs (the weights depend on the step, so the jobs travel with it); every rank plays
// the jobs it is handed with play_job and returns each result as bytes, timings bit for bit.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/mpi/work_distributor.h"
#include "harness/registry.h"

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
  bool stopped = false;  // cut short by the stop flag: not a result
  [[nodiscard]] double first_score() const { return outcome.first_score; }
};

// Plays one job. Thread-safe; never throws for a player's fault (a forfeit is a result).
JobResult play_job(const GameHandle& game, const TuneEngine& engine, const GameJob& job,
                   const std::atomic<bool>* stop = nullptr);

// Eval spec of a weight vector.
EvalSpec linear_eval(const std::vector<double>& weights);

// The JobKinds name of tune steps.
inline constexpr const char* kTuneJobKind = "tune";

// Plays job i of a step's list; the same class on rank 0 and on every worker.
class TuneStepJobs final : public JobRunner {
 public:
  TuneStepJobs(const GameHandle& game, TuneEngine engine, std::vector<GameJob> jobs)
      : game_(game), engine_(std::move(engine)), jobs_(std::move(jobs)) {}
  // A worker rank's runner, which owns the game it plays.
  TuneStepJobs(std::unique_ptr<GameHandle> game, TuneEngine engine, std::vector<GameJob> jobs)
      : owned_(std::move(game)),
        game_(*owned_),
        engine_(std::move(engine)),
        jobs_(std::move(jobs)) {}

  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) override;

 private:
  std::unique_ptr<GameHandle> owned_;
  const GameHandle& game_;
  TuneEngine engine_;
  std::vector<GameJob> jobs_;
};

// A finished job's result as bytes and back (every field of the outcome but its move log).
std::string encode_job_result(const JobResult& result);
JobResult decode_job_result(const std::string& bytes);

// What a worker rank needs for one step: the config (path and hash) and the step's jobs.
std::string tune_step_context(const std::string& config_path, const std::string& config_hash,
                              const std::vector<GameJob>& jobs);

// The runner a worker rank plays a step with (the "tune" JobKinds entry). Throws ConfigError when
// the config it reads differs from rank 0's.
std::unique_ptr<JobRunner> make_tune_jobs(const std::string& context);

}  // namespace gts
