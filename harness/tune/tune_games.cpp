#include "harness/tune/tune_games.h"

#include <array>

namespace gts {

EvalSpec linear_eval(const std::vector<double>& weights) { return EvalSpec{"linear", weights}; }

JobResult play_job(const GameHandle& game, const TuneEngine& engine, const GameJob& job,
                   const std::atomic<bool>* stop) {
  auto first = game.make_searcher(engine.algorithm, linear_eval(job.first));
  auto second = game.make_searcher(engine.algorithm, linear_eval(job.second));
  std::array<GameSide, 2> sides;
  sides[0].searcher = first.get();
  sides[1].searcher = second.get();
  for (auto& s : sides) s.limits.depth = engine.depth;
  GameSetup setup;
  setup.opening = job.opening;
  setup.max_plies = engine.max_plies;
  setup.seed = job.seed;
  setup.stop = stop;
  const double start = wall_ms();
  JobResult r;
  r.outcome = game.play_game(setup, sides);
  r.wall_ms = wall_ms() - start;
  r.outcome.move_log.clear();
  r.outcome.move_log.shrink_to_fit();
  r.stopped = r.outcome.termination == Termination::kStopped;
  return r;
}

}  // namespace gts
