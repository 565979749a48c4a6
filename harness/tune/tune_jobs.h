// The games of one tuning step as distributed work (harness/mpi/work_distributor.h): rank 0 keeps
// the tuning logic and sends, per step, a context holding the config path, its hash and the step's
// game jobs (the weights depend on the step, so the jobs travel with it); every rank plays the jobs
// it is handed with play_job and returns each result as bytes, timings bit for bit.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/mpi/job_runner.h"
#include "harness/tune/tune_games.h"

namespace gts {

// The JobKinds name of tune steps.
inline constexpr const char* kTuneJobKind = "tune";

// Plays job i of a step's list; the same class on rank 0 and on every worker.
class TuneStepJobs final : public JobRunner {
 public:
  TuneStepJobs(const GameHandle& game, TuneEngine engine, std::vector<GameJob> jobs)
      : game_(game), engine_(std::move(engine)), jobs_(std::move(jobs)) {}

  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) override;

 private:
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
