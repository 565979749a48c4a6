#include <cstdio>
#include <stdexcept>

#include "algorithms/search.h"
#include "harness/csv.h"
#include "harness/mpi/work_distributor.h"
#include "harness/tune/tune_phases.h"

namespace gts {

namespace {

constexpr std::uint64_t kOpeningTag = 0x6f70656e696e6773ULL;

GameRow game_row(const StepGame& g, const JobResult& r) {
  const GameOutcome& out = r.outcome;
  GameRow row;
  row.game = g.index;
  row.pair = g.index / 2;
  row.pairing = g.step;
  row.opening = g.opening;
  row.first = g.first_name;
  row.second = g.second_name;
  set_outcome(row, out);
  row.wall_ms = r.wall_ms;
  return row;
}

std::uint64_t step_base(const TuneContext& ctx, std::uint64_t phase, int step) {
  return mix_seed(ctx.config->seed ^ phase, static_cast<std::uint64_t>(step));
}

}  // namespace

void say(const TuneContext& ctx, const std::string& line) {
  if (ctx.pipeline->quiet()) return;
  std::fputs(line.c_str(), stdout);
  std::fflush(stdout);
}

CsvOut::CsvOut(std::string path, const std::vector<std::string>& header)
    : path_(std::move(path)), file_(path_, std::ios::binary) {
  if (!file_) throw std::runtime_error("cannot open " + path_ + " for writing");
  row(header);
}

void CsvOut::row(const std::vector<std::string>& fields) {
  if (!(file_ << csv::line(fields) << std::flush))
    throw std::runtime_error("cannot write " + path_);
}

std::string step_opening(const TuneContext& ctx, std::uint64_t phase, int step, int pair) {
  return ctx.game->random_opening(
      mix_seed(step_base(ctx, phase, step) ^ kOpeningTag, static_cast<std::uint64_t>(pair)),
      ctx.config->opening_plies);
}

std::uint64_t game_seed(const TuneContext& ctx, std::uint64_t phase, int step, int game) {
  return mix_seed(step_base(ctx, phase, step), static_cast<std::uint64_t>(game));
}

void add_game_pair(const TuneContext& ctx, std::uint64_t phase, int step, int pair, int first_index,
                   const PairSide& a, const PairSide& b, std::vector<StepGame>& games) {
  const std::string opening = step_opening(ctx, phase, step, pair);
  for (int s = 0; s < 2; ++s) {
    const PairSide& first = s == 0 ? a : b;
    const PairSide& second = s == 0 ? b : a;
    const GameJob job{first.weights, second.weights, opening,
                      game_seed(ctx, phase, step, 2 * pair + s)};
    games.push_back({job, first_index + s, step, pair, first.name, second.name});
  }
}

std::optional<std::vector<double>> play_step(TuneContext& ctx, const std::vector<StepGame>& games) {
  std::vector<double> scores(games.size(), 0.5);
  std::vector<GameJob> jobs;       // the games not in the journal yet
  std::vector<std::size_t> which;  // jobs[k] is games[which[k]]
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (auto it = ctx.resumed.find(games[i].index); it != ctx.resumed.end()) {
      scores[i] = it->second;
    } else {
      jobs.push_back(games[i].job);
      which.push_back(i);
    }
  }
  if (jobs.empty()) return scores;
  // Played here on oneTBB threads or, under mpirun, over every rank: the step's jobs travel in the
  // context, and each result comes back to this thread, which journals it.
  const std::string context =
      tune_step_context(ctx.config->source_path, ctx.pipeline->hash(), jobs);
  std::vector<std::size_t> indices(jobs.size());
  for (std::size_t k = 0; k < jobs.size(); ++k) indices[k] = k;
  TuneStepJobs local(*ctx.game, ctx.engine, std::move(jobs));
  std::size_t finished = 0;
  auto record = [&](std::size_t k, const std::string& bytes) {
    const std::size_t i = which.at(k);
    const JobResult r = decode_job_result(bytes);
    ctx.journal->record(game_row(games[i], r), {});
    scores[i] = r.first_score();
    ++finished;
  };
  const DistributeOutcome outcome =
      ctx.pipeline->execute(kTuneJobKind, context, std::move(indices), local, record);
  if (!outcome.error.empty()) ctx.error = outcome.error;
  if (finished != which.size()) return std::nullopt;
  return scores;
}

}  // namespace gts
