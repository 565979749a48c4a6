#include "harness/tune/tune_jobs.h"

#include <array>
#include <stdexcept>

#include "harness/config/config_error.h"
#include "harness/pipeline/stats_wire.h"
#include "harness/strf.h"
#include "harness/tune/tune_config.h"

namespace gts {

namespace {

void write_weights(wire::Writer& w, const std::vector<double>& v) {
  w.u64(v.size());
  for (double x : v) w.f64(x);
}

std::vector<double> read_weights(wire::Reader& r) {
  const std::uint64_t n = r.u64();
  if (n > 1u << 20) throw std::runtime_error("malformed tune step: weight count");
  std::vector<double> v;
  v.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) v.push_back(r.f64());
  return v;
}

}  // namespace

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

std::optional<std::string> TuneStepJobs::run(std::size_t index, const std::atomic<bool>& stop) {
  if (stop.load(std::memory_order_relaxed)) return std::nullopt;
  const JobResult r = play_job(game_, engine_, jobs_.at(index), &stop);
  if (r.stopped) return std::nullopt;  // played again on resume
  return encode_job_result(r);
}

std::string encode_job_result(const JobResult& result) {
  const GameOutcome& o = result.outcome;
  wire::Writer w;
  w.f64(o.first_score).u64(o.margin ? 1 : 0).i64(o.margin.value_or(0)).i64(o.plies);
  w.u64(static_cast<std::uint64_t>(o.termination)).i64(o.forfeit_side).str(o.reason);
  for (const auto& s : o.stats) wire::put_stats(w, s);
  w.i64(o.moves[0]).i64(o.moves[1]).str(o.final_position).f64(result.wall_ms);
  return w.take();
}

JobResult decode_job_result(const std::string& bytes) {
  wire::Reader r(bytes);
  JobResult result;
  GameOutcome& o = result.outcome;
  o.first_score = r.f64();
  const bool has_margin = r.u64() != 0;
  const auto margin = static_cast<Value>(r.i64());
  if (has_margin) o.margin = margin;
  o.plies = r.i32();
  const std::uint64_t termination = r.u64();
  if (termination > static_cast<std::uint64_t>(Termination::kStopped)) {
    throw std::runtime_error("malformed tune result: termination");
  }
  o.termination = static_cast<Termination>(termination);
  o.forfeit_side = r.i32();
  o.reason = r.str();
  for (auto& s : o.stats) s = wire::get_stats(r);
  o.moves[0] = r.i32();
  o.moves[1] = r.i32();
  o.final_position = r.str();
  result.wall_ms = r.f64();
  r.expect_end();
  result.stopped = o.termination == Termination::kStopped;
  return result;
}

std::string tune_step_context(const std::string& config_path, const std::string& config_hash,
                              const std::vector<GameJob>& jobs) {
  wire::Writer w;
  w.str(config_path).str(config_hash).u64(jobs.size());
  for (const auto& j : jobs) {
    write_weights(w, j.first);
    write_weights(w, j.second);
    w.str(j.opening).u64(j.seed);
  }
  return w.take();
}

std::unique_ptr<JobRunner> make_tune_jobs(const std::string& context) {
  wire::Reader r(context);
  const std::string path = r.str();
  const std::string hash = r.str();
  const std::uint64_t n = r.u64();
  std::vector<GameJob> jobs;
  for (std::uint64_t i = 0; i < n; ++i) {
    GameJob j;
    j.first = read_weights(r);
    j.second = read_weights(r);
    j.opening = r.str();
    j.seed = r.u64();
    jobs.push_back(std::move(j));
  }
  r.expect_end();
  // Rank 0 sends one context per step: the config is read once per path and hash (serve() builds
  // runners one at a time, so this cache needs no lock).
  struct Loaded {
    std::string path, hash;
    TuneConfig config;
  };
  static std::optional<Loaded> loaded;
  if (!loaded || loaded->path != path || loaded->hash != hash) {
    loaded.reset();
    TuneConfig config = load_tune_config(path);
    const std::string own = tune_config_hash(config);
    if (own != hash) {
      throw ConfigError(path, strf("this rank read a config that differs from rank 0's (config "
                                   "hash %s vs %s)",
                                   own.c_str(), hash.c_str()));
    }
    loaded = Loaded{path, hash, std::move(config)};
  }
  const TuneConfig& c = loaded->config;
  for (const auto& j : jobs) {
    if (j.first.size() != c.num_weights() || j.second.size() != c.num_weights()) {
      throw std::runtime_error("malformed tune step: a job's weights do not match the config");
    }
  }
  return std::make_unique<TuneStepJobs>(make_game(c.game, c.game_params),
                                        TuneEngine{c.algorithm, c.depth, c.max_plies},
                                        std::move(jobs));
}

}  // namespace gts
