// Playing the games of one tuning step: a list of independent game jobs in, one result per job
// out. How the jobs are spread (oneTBB threads, MPI ranks: harness/tune/tune_jobs.h) is the
// caller's choice: play_job is a pure function of (game, engine, job), so any schedule gives the
// same results.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

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

}  // namespace gts
