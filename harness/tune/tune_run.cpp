#include "harness/tune/tune_run.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <span>
#include <stdexcept>

#include "algorithms/search.h"
#include "harness/config/feasibility.h"
#include "harness/csv.h"
#include "harness/match/match.h"
#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/stats_wire.h"
#include "harness/stats/elo.h"
#include "harness/stats/ratings.h"
#include "harness/stats/sprt.h"
#include "harness/strf.h"
#include "harness/tournament/journal.h"
#include "harness/tune/spsa.h"
#include "harness/tune/tune_config.h"
#include "harness/tune/tune_folder.h"

namespace gts {

namespace {

// Plays job i of a step's list; the same class on rank 0 and on every worker.
class TuneStepJobs final : public JobRunner {
 public:
  TuneStepJobs(std::shared_ptr<const GameHandle> game, TuneEngine engine, std::vector<GameJob> jobs)
      : game_(std::move(game)), engine_(std::move(engine)), jobs_(std::move(jobs)) {}

  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) override {
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    const JobResult r = play_job(*game_, engine_, jobs_.at(index), &stop);
    if (r.stopped()) return std::nullopt;  // played again on resume
    return encode_job_result(r);
  }

 private:
  std::shared_ptr<const GameHandle> game_;
  TuneEngine engine_;
  std::vector<GameJob> jobs_;
};

}  // namespace

// A step's job as it travels to the worker ranks.
void put(wire::Writer& w, const GameJob& j) { w(j.first, j.second, j.opening, j.seed); }
void get(wire::Reader& r, GameJob& j) { r(j.first, j.second, j.opening, j.seed); }

JobResult play_job(const GameHandle& game, const TuneEngine& engine, const GameJob& job,
                   const std::atomic<bool>* stop) {
  auto first = game.make_searcher(engine.algorithm, linear_eval(job.first));
  auto second = game.make_searcher(engine.algorithm, linear_eval(job.second));
  SearcherPlayer first_player(game, *first, engine.depth);
  SearcherPlayer second_player(game, *second, engine.depth);
  std::array<GameSide, 2> sides;
  sides[0].player = &first_player;
  sides[1].player = &second_player;
  for (auto& s : sides) s.limits.depth = engine.depth;
  GameSetup setup;
  setup.opening = job.opening;
  setup.max_plies = engine.max_plies;
  setup.seed = job.seed;
  setup.stop = stop;
  const double start = wall_ms();
  JobResult r{.outcome = play_match(game, setup, sides)};
  r.wall_ms = wall_ms() - start;
  r.outcome.move_log = {};
  return r;
}

// The move log stays on the rank that played the game.
template <class IO, class Result>
void result_fields(IO& io, Result& result) {
  auto& o = result.outcome;
  io(o.first_score, o.margin, o.plies, wire::upto(o.termination, Termination::kStopped),
     o.forfeit_side, o.reason, o.stats, o.moves, o.unsearched, o.final_position, result.wall_ms);
}

std::string encode_job_result(const JobResult& result) {
  wire::Writer w;
  result_fields(w, result);
  return w.take();
}

JobResult decode_job_result(const std::string& bytes) {
  wire::Reader r(bytes);
  JobResult result;
  result_fields(r, result);
  r.expect_end();
  return result;
}

std::string tune_step_context(const std::string& config_path, const std::string& config_hash,
                              const std::vector<GameJob>& jobs) {
  return wire::Writer()(config_path, config_hash, jobs).take();
}

namespace {

// The config, with the engine's table checked to fit before the first game.
TuneConfig load_checked_tune(const std::string& path) {
  TuneConfig config = load_tune_config(path);
  if (const auto size = table_sizes(config.algorithm, config.depth)) {
    check_tables(config.source_path, {{"'engine'", *size, &config.option_at}});
  }
  return config;
}

}  // namespace

std::unique_ptr<JobRunner> make_tune_jobs(const std::string& context) {
  std::string path, hash;
  std::vector<GameJob> jobs;
  wire::Reader{context}(path, hash, jobs).expect_end();
  // Rank 0 sends one context per step: the config is read once per path and hash, not at every
  // step (serve() builds runners one at a time, so this cache needs no lock).
  struct Loaded {
    std::string path, hash;
    TuneConfig config;
  };
  static std::optional<Loaded> loaded;
  if (!loaded || loaded->path != path || loaded->hash != hash) {
    loaded.reset();
    TuneConfig config = load_checked_tune(path);
    check_same_config(path, "the config", tune_config_hash(config), hash);
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

// The phases of a tune run. Each is a deterministic function of the config and the games' results,
// so a resumed run (games from the journal) computes exactly what an uninterrupted one does. A
// phase plays games one way: a step's jobs, each with its fixed index in the run, of which those
// already in the journal are taken from it and the rest played and journaled.
namespace {

// Phase tags: independent random streams per phase.
constexpr std::uint64_t kPhaseSpsa = 0x73707361ULL;
constexpr std::uint64_t kPhaseRoundRobin = 0x7272ULL;
constexpr std::uint64_t kPhaseVerify = 0x766572696679ULL;
constexpr std::uint64_t kOpeningTag = 0x6f70656e696e6773ULL;

// What every phase shares.
struct TuneContext {
  const TuneConfig* config = nullptr;
  RunPipeline* pipeline = nullptr;  // runs the games; its hash is the config hash workers check
  std::shared_ptr<const GameHandle> game;
  Journal* journal = nullptr;
  std::map<int, double> resumed;  // game index -> first player's score, from the journal
  std::string error;              // what stopped the run, when a job or a rank failed
};

// Prints `line` on stdout, flushed, unless the run is quiet.
void say(const TuneContext& ctx, const std::string& line) {
  if (ctx.pipeline == nullptr || ctx.pipeline->quiet()) return;
  std::fputs(line.c_str(), stdout);
  std::fflush(stdout);
}

// One game of a step: the job, and its games.csv row up to the outcome (`pairing` is the
// iteration, pairing or batch; `opening` the pair within the step).
struct StepGame {
  GameJob job;
  GameRow row;
};

// A side of a game pair: its name in games.csv and its weights.
using PairSide = std::pair<std::string, std::vector<double>>;

// Appends pair `pair` of step `step` of a phase to `games`: two games on one opening, `a` first in
// the first and second in the other. Game indices are `first_index` and the next.
void add_game_pair(const TuneContext& ctx, std::uint64_t phase, int step, int pair, int first_index,
                   const PairSide& a, const PairSide& b, std::vector<StepGame>& games) {
  const std::uint64_t step_base =
      mix_seed(ctx.config->seed ^ phase, static_cast<std::uint64_t>(step));
  const std::string opening =
      ctx.game->random_opening(mix_seed(step_base ^ kOpeningTag, static_cast<std::uint64_t>(pair)),
                               ctx.config->opening_plies);
  for (int s = 0; s < 2; ++s) {
    const auto& [first, first_weights] = s == 0 ? a : b;
    const auto& [second, second_weights] = s == 0 ? b : a;
    StepGame& g = games.emplace_back();
    g.job = {first_weights, second_weights, opening,
             mix_seed(step_base, static_cast<std::uint64_t>(2 * pair + s))};
    g.row.game = first_index + s;
    g.row.pair = g.row.game / 2;
    g.row.pairing = step;
    g.row.opening = pair;
    g.row.opening_position = opening;
    g.row.first = first;
    g.row.second = second;
  }
}

// The first player's score of every game, or nullopt when the run was stopped (Ctrl-C, or a
// failure, then in ctx.error) before the step finished (what finished is journaled and is not
// played again on resume).
std::optional<std::vector<double>> play_step(TuneContext& ctx, const std::vector<StepGame>& games) {
  const TuneConfig& c = *ctx.config;
  std::vector<double> scores(games.size(), 0.5);
  std::vector<GameJob> jobs;
  std::vector<std::size_t> todo;  // the games not in the journal yet
  for (std::size_t i = 0; i < games.size(); ++i) {
    jobs.push_back(games[i].job);
    if (auto it = ctx.resumed.find(games[i].row.game); it != ctx.resumed.end()) {
      scores[i] = it->second;
    } else {
      todo.push_back(i);
    }
  }
  const std::size_t expected = todo.size();
  if (expected == 0) return scores;
  if (ctx.pipeline == nullptr) {  // rebuilding the tables from the journal: nothing is played
    throw std::runtime_error("game " + std::to_string(games[todo.front()].row.game) +
                             " of the run is not in it");
  }
  // Played here on oneTBB threads or, under mpirun, over every rank: the step's jobs travel in the
  // context, and each result comes back to this thread, which journals it.
  const std::string context = tune_step_context(c.source_path, ctx.pipeline->hash(), jobs);
  TuneStepJobs local(ctx.game, {c.algorithm, c.depth, c.max_plies}, std::move(jobs));
  std::size_t finished = 0;
  auto record = [&](std::size_t i, const std::string& bytes) {
    const JobResult r = decode_job_result(bytes);
    GameRow row = games[i].row;
    set_outcome(row, r.outcome);
    row.wall_ms = r.wall_ms;
    ctx.journal->record(row, {});
    scores[i] = r.outcome.first_score;
    ++finished;
  };
  const DistributeOutcome outcome =
      ctx.pipeline->execute(kTuneJobKind, context, std::move(todo), local, record);
  if (!outcome.error.empty()) ctx.error = outcome.error;
  if (finished != expected) return std::nullopt;
  return scores;
}

struct TunePhaseResult {
  bool complete = false;      // false: stopped by a signal
  std::vector<double> tuned;  // the tuned weights
  int games = 0;              // games the phase consists of
  std::string summary;        // one line for the terminal and tuned.yaml
};

// SPSA: per iteration a flip vector, θ+ against θ− in game pairs with colours swapped on one
// opening per pair, and the update from W − L. Writes DIR/tune.csv (one row per iteration, row 0
// the start).
TunePhaseResult run_spsa_phase(TuneContext& ctx, const std::string& dir) {
  const TuneConfig& c = *ctx.config;
  const SpsaSpec& spec = c.spsa;
  const std::size_t n = spec.weights.size();
  const auto names = weight_names(n);
  std::vector<std::size_t> tuned_index;
  for (std::size_t i = 0; i < n; ++i) {
    if (!spec.weights[i].fixed) tuned_index.push_back(i);
  }
  // One c_k and one R_k column when every tuned weight shares c_end and r_end.
  const bool uniform = std::all_of(tuned_index.begin(), tuned_index.end(), [&](std::size_t i) {
    const SpsaWeight& first = spec.weights[tuned_index[0]];
    return spec.weights[i].c_end == first.c_end && spec.weights[i].r_end == first.r_end;
  });

  std::vector<std::string> header = {"iteration"};
  header.insert(header.end(), names.begin(), names.end());
  if (uniform) {
    header.insert(header.end(), {"c_k", "R_k"});
  } else {
    for (std::size_t i : tuned_index) header.push_back("c_k_" + names[i]);
    for (std::size_t i : tuned_index) header.push_back("R_k_" + names[i]);
  }
  header.insert(header.end(),
                {"wins", "draws", "losses", "total_wins", "total_draws", "total_losses"});
  FlushedFile csv_out(dir + "/tune.csv", std::ios::trunc);  // a resumed run writes it anew
  csv_out.write(csv::line(header));

  std::vector<double> theta = spsa_start(spec);
  auto row = [&](int k, const SpsaStep* step, const WdlCounts& it, const WdlCounts& total) {
    std::vector<std::string> f = {std::to_string(k)};
    for (double w : theta) f.push_back(format_number(w));
    const std::size_t gains = uniform ? 1 : tuned_index.size();
    for (const auto gain : {&SpsaStep::c, &SpsaStep::r}) {
      for (std::size_t g = 0; g < gains; ++g) {
        f.push_back(step == nullptr ? "" : csv::cell((step->*gain)[tuned_index[g]], 6));
      }
    }
    for (std::int64_t v : {it.wins, it.draws, it.losses, total.wins, total.draws, total.losses}) {
      f.push_back(std::to_string(v));
    }
    csv_out.write(csv::line(f));
  };
  WdlCounts total;
  row(0, nullptr, {}, total);

  const int pairs = c.spsa_pairs;
  TunePhaseResult result;
  result.games = spec.iterations * 2 * pairs;
  const int report_every = std::max(1, spec.iterations / 10);
  for (int k = 1; k <= spec.iterations; ++k) {
    const SpsaStep step = spsa_step(spec, theta, k, c.seed ^ kPhaseSpsa);
    std::vector<StepGame> games;
    for (int p = 0; p < pairs; ++p) {
      add_game_pair(ctx, kPhaseSpsa, k, p, (k - 1) * 2 * pairs + 2 * p, {"theta+", step.plus},
                    {"theta-", step.minus}, games);
    }
    const auto scores = play_step(ctx, games);
    if (!scores) return result;
    WdlCounts it;
    for (std::size_t i = 0; i < games.size(); ++i) {
      // θ+'s score: it moves first in the even games of each pair.
      const double s = i % 2 == 0 ? (*scores)[i] : 1.0 - (*scores)[i];
      it.add(s);
      total.add(s);
    }
    theta = spsa_update(spec, theta, step, static_cast<double>(it.wins - it.losses));
    row(k, &step, it, total);
    if (k % report_every == 0 || k == spec.iterations) {
      std::string w;
      for (double x : theta) w.append(w.empty() ? "" : " ").append(csv::number(x, 3));
      say(ctx, strf("spsa %d/%d  theta+ W-D-L %lld-%lld-%lld  theta: %s\n", k, spec.iterations,
                    static_cast<long long>(total.wins), static_cast<long long>(total.draws),
                    static_cast<long long>(total.losses), w.c_str()));
    }
  }
  result.complete = true;
  result.tuned = theta;
  result.summary = "spsa, " + std::to_string(spec.iterations) + " iterations of " +
                   std::to_string(pairs) + " game pairs (" + std::to_string(result.games) +
                   " games)";
  return result;
}

// The seed's method: candidate weight vectors play a round robin (game pairs, colours swapped on
// one opening per pair) and the one with the best maximum-likelihood rating wins. Writes
// DIR/tune.csv (one row per candidate).
TunePhaseResult run_round_robin_phase(TuneContext& ctx, const std::string& dir) {
  const TuneConfig& c = *ctx.config;
  const std::vector<Candidate> cands = round_robin_candidates(c);
  const std::size_t m = cands.size();
  const int pairs = c.round_robin.pairs;
  TunePhaseResult result;

  std::vector<StepGame> games;
  std::vector<std::pair<std::size_t, std::size_t>> who;  // per game: first, second candidate
  int pairing = 0;
  for (std::size_t a = 0; a < m; ++a) {
    for (std::size_t b = a + 1; b < m; ++b, ++pairing) {
      for (int p = 0; p < pairs; ++p) {
        add_game_pair(ctx, kPhaseRoundRobin, pairing, p, static_cast<int>(games.size()),
                      {cands[a].name, cands[a].weights}, {cands[b].name, cands[b].weights}, games);
        who.emplace_back(a, b);
        who.emplace_back(b, a);
      }
    }
  }
  result.games = static_cast<int>(games.size());
  say(ctx, strf("round robin: %zu candidates, %d games\n", m, result.games));
  const auto scores = play_step(ctx, games);
  if (!scores) return result;

  std::vector<Encounter> encounters;
  std::vector<double> points(m, 0.0);
  std::vector<int> played(m, 0);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto [first, second] = who[i];
    encounters.push_back({first, second, 1.0, (*scores)[i]});
    points[first] += (*scores)[i];
    points[second] += 1.0 - (*scores)[i];
    ++played[first];
    ++played[second];
  }
  RatingOptions options;
  if (c.round_robin.include_start) options.anchor = 0;
  const RatingFit fit = fit_ratings(m, encounters, options);
  const auto best = static_cast<std::size_t>(
      std::ranges::max_element(fit.players, {}, &PlayerRating::rating) - fit.players.begin());

  const auto names = weight_names(c.num_weights());
  std::vector<std::string> header = {"candidate", "source"};
  header.insert(header.end(), names.begin(), names.end());
  header.insert(header.end(),
                {"games", "points", "score", "rating", "rating_error", "rating_status", "best"});
  FlushedFile csv_out(dir + "/tune.csv", std::ios::trunc);  // a resumed run writes it anew
  csv_out.write(csv::line(header));
  for (std::size_t i = 0; i < m; ++i) {
    std::vector<std::string> f = {cands[i].name, cands[i].source};
    for (double w : cands[i].weights) f.push_back(format_number(w));
    const PlayerRating& r = fit.players[i];
    f.insert(f.end(), {std::to_string(played[i]), csv::number(points[i], 1),
                       csv::cell(played[i] > 0 ? points[i] / played[i] : std::nan(""), 4),
                       csv::cell(r.rating, 1), csv::cell(r.error, 1),
                       std::string(to_string(r.status)), i == best ? "true" : "false"});
    csv_out.write(csv::line(f));
  }
  result.complete = true;
  result.tuned = cands[best].weights;
  result.summary = "round robin of " + std::to_string(m) + " candidates, " +
                   std::to_string(result.games) + " games; best: " + cands[best].name + " (" +
                   csv::number(fit.players[best].rating, 1) + " ± " +
                   csv::number(fit.players[best].error, 1) + " Elo" +
                   (c.round_robin.include_start ? " against start" : "") + ")";
  return result;
}

struct VerifyResult {
  bool complete = false;
  std::string verdict = "skipped";  // H1, H0, inconclusive, skipped
  SprtTest sprt{SprtConfig{}};      // from the tuned weights' view
  EloEstimate elo;
};

std::string signed_number(double v, int digits) {
  std::string s = csv::number(v, digits);
  if (std::isfinite(v) && v >= 0) s.insert(s.begin(), '+');
  return s;
}

// "H1 accepted after 412 games: Elo +48.3 ± 21.1 (95%), LLR 2.97 (bounds -2.94, 2.94)".
std::string verify_line(const VerifyResult& v) {
  if (v.verdict == "skipped") return "verification skipped (verify.max_games is 0)";
  const char* verdict = v.verdict == "H1"   ? "H1 accepted (the tuned weights are stronger)"
                        : v.verdict == "H0" ? "H0 accepted (no gain of elo1 shown)"
                                            : "inconclusive (max_games reached)";
  const auto& [config, bounds, games, pairs, llr, result] = v.sprt;
  return std::string(verdict) + " after " + std::to_string(games.games()) + " games (" +
         std::to_string(games.wins) + "-" + std::to_string(games.draws) + "-" +
         std::to_string(games.losses) + " W-D-L): Elo " + signed_number(v.elo.elo, 1) + " ± " +
         csv::number(v.elo.error, 1) + " (95%), LLR " + csv::number(llr, 2) + " (bounds " +
         csv::number(bounds.lower, 2) + ", " + csv::number(bounds.upper, 2) + ")";
}

// Verification: the tuned weights play the start weights in game pairs (one opening per pair,
// colours swapped) until the SPRT on the pentanomial counts decides or max_games is reached.
// Pairs are played in batches but taken in order, so the test stops at the same pair for any
// thread count. Writes DIR/verify.csv (one row per pair); games are numbered from `first_game`.
VerifyResult run_verify_phase(TuneContext& ctx, const std::string& dir,
                              const std::vector<double>& tuned, int first_game) {
  const TuneConfig& c = *ctx.config;
  const VerifyTune& vc = c.verify;
  VerifyResult v;
  v.complete = true;
  v.sprt = SprtTest(vc.sprt);
  FlushedFile csv_out(dir + "/verify.csv", std::ios::trunc);
  csv_out.write(verify_csv_header() + "\n");
  const int max_pairs = vc.max_games / 2;
  if (max_pairs == 0) return v;
  const std::vector<double> start = c.start();
  say(ctx, strf("verify: tuned vs start, SPRT elo0 %s elo1 %s (%s), up to %d games\n",
                csv::number(vc.sprt.elo0, 2).c_str(), csv::number(vc.sprt.elo1, 2).c_str(),
                std::string(to_string(vc.sprt.model)).c_str(), vc.max_games));
  v.verdict = "inconclusive";
  for (int batch = 0, pair0 = 0; pair0 < max_pairs; ++batch, pair0 += vc.batch_pairs) {
    const int pair1 = std::min(max_pairs, pair0 + vc.batch_pairs);
    std::vector<StepGame> games;
    for (int p = pair0; p < pair1; ++p) {
      add_game_pair(ctx, kPhaseVerify, 0, p, first_game + 2 * p, {"tuned", tuned}, {"start", start},
                    games);
      for (StepGame& g : std::span(games).last(2)) g.row.pairing = batch;
    }
    const auto scores = play_step(ctx, games);
    if (!scores) {
      v.complete = false;
      return v;
    }
    const auto& [config, bounds, wdl, pairs, llr, result] = v.sprt;
    for (int p = pair0; p < pair1; ++p) {
      const std::size_t i = static_cast<std::size_t>(2 * (p - pair0));
      const double first = (*scores)[i];             // tuned moved first
      const double second = 1.0 - (*scores)[i + 1];  // start moved first
      const SprtResult d = v.sprt.add_pair(first, second);
      v.elo = elo_from_pentanomial(pairs);
      const bool last = d != SprtResult::kContinue || p + 1 == max_pairs;
      if (d == SprtResult::kAcceptH1) v.verdict = "H1";
      if (d == SprtResult::kAcceptH0) v.verdict = "H0";
      csv_out.write(csv::line(
          {std::to_string(p), csv::number(first, 1), csv::number(second, 1),
           std::to_string(wdl.games()), std::to_string(wdl.wins), std::to_string(wdl.draws),
           std::to_string(wdl.losses), std::to_string(pairs.ll), std::to_string(pairs.ld),
           std::to_string(pairs.wl_dd), std::to_string(pairs.wd), std::to_string(pairs.ww),
           csv::cell(v.elo.elo, 2), csv::cell(v.elo.error, 2), csv::cell(v.elo.nelo, 2),
           csv::cell(llr, 4), csv::cell(bounds.lower, 4), csv::cell(bounds.upper, 4),
           last ? v.verdict : "continue"}));
      if (d != SprtResult::kContinue) return v;
    }
  }
  return v;
}

void write_tuned_yaml(const std::string& dir, const TuneContext& ctx, const TunePhaseResult& phase,
                      const VerifyResult& v) {
  const TuneConfig& c = *ctx.config;
  std::string y = "# Tuned by `harness tune` from " + c.source_path + " (" + phase.summary + ")\n";
  y += "# for " + ctx.game->label() + ", " + c.algorithm.label() + " at depth " +
       std::to_string(c.depth) + ".\n";
  y += "# Verification against the start weights: " + verify_line(v) + "\n";
  y += "# Paste under `evaluations:` of a tournament config; players name them by key.\n";
  y += "evaluations:\n";
  y += "  tuned: {kind: linear, weights: " + weights_text(phase.tuned) + "}\n";
  y += "  start: {kind: linear, weights: " + weights_text(c.start()) + "}\n";
  replace_file(dir + "/tuned.yaml", y);
}

// What --resume checks of each game games.csv keeps: a game the run plays (below the phase's
// games and verify.max_games), between the sides that game has.
Journal::RowCheck tune_row_check(const TuneConfig& c) {
  int phase_games = 2 * c.spsa.iterations * c.spsa_pairs;
  std::set<std::string> sides = {"theta+", "theta-"};
  if (c.method != "spsa") {
    const auto m = static_cast<int>(round_robin_candidates(c).size());
    phase_games = m * (m - 1) * c.round_robin.pairs;
    sides.clear();
    for (const auto& cand : round_robin_candidates(c)) sides.insert(cand.name);
  }
  const int total = phase_games + 2 * (c.verify.max_games / 2);
  return [=](const GameRow& r) {
    if (r.game < 0 || r.game >= total) {
      throw std::runtime_error("game " + std::to_string(r.game) +
                               ": not a game of this run (it plays at most " +
                               std::to_string(total) + ", numbered from 0)");
    }
    const bool verify = r.game >= phase_games;
    const auto side = [&](const std::string& name) {
      return verify ? name == "tuned" || name == "start" : sides.contains(name);
    };
    if (!side(r.first) || !side(r.second) || r.first == r.second) {
      throw std::runtime_error("game " + std::to_string(r.game) + ": " + r.first + " against " +
                               r.second + " is not a game of the run's " +
                               (verify ? std::string("verification") : c.method));
    }
  };
}

}  // namespace

std::string verify_csv_header() {
  std::string h = csv::line({"pair", "tuned_first", "tuned_second", "games", "wins", "draws",
                             "losses", "ll", "ld", "wl_dd", "wd", "ww", "elo", "elo_error", "nelo",
                             "llr", "lower", "upper", "verdict"});
  h.pop_back();
  return h;
}

namespace {

// The checked config of `request`, its hopeless depth warned of, and the run it is, as the
// pipeline takes it.
std::pair<TuneConfig, RunDescription> plan_tune(const RunRequest& request) {
  TuneConfig config = load_checked_tune(request.config_path);
  {
    const auto game = make_game(config.game, config.game_params);
    (void)warn_if_hopeless({config.source_path, config.depth_at}, "'engine'", *game,
                           game->initial_position(), config.algorithm, config.depth);
  }
  RunDescription description = describe_run(tune_kind(), "tune", config);
  description.decisive_text = tune_decisive_text(config);
  description.resolved_config = tune_resolved_yaml(config);
  description.seed = config.seed;
  description.run_files = {"games.csv", "tune.csv"};
  return {std::move(config), std::move(description)};
}

}  // namespace

std::map<std::string, std::string> tune_tables(const TuneConfig& config,
                                               const std::map<int, double>& scores) {
  TuneContext ctx;
  ctx.config = &config;
  ctx.game = make_game(config.game, config.game_params);
  ctx.resumed = scores;
  // The phases write their tables as the run does, into a folder of their own.
  std::string dir = (std::filesystem::temp_directory_path() / "gts-tune-XXXXXX").string();
  if (mkdtemp(dir.data()) == nullptr) throw std::runtime_error("cannot make a temporary folder");
  std::map<std::string, std::string> files;
  try {
    const TunePhaseResult phase =
        config.method == "spsa" ? run_spsa_phase(ctx, dir) : run_round_robin_phase(ctx, dir);
    const VerifyResult verify = run_verify_phase(ctx, dir, phase.tuned, phase.games);
    write_tuned_yaml(dir, ctx, phase, verify);
    for (const char* file : {"tune.csv", "verify.csv", "tuned.yaml"}) {
      files[file] = read_file_text(dir + "/" + file);
    }
  } catch (...) {
    std::filesystem::remove_all(dir);
    throw;
  }
  std::filesystem::remove_all(dir);
  return files;
}

void check_tune(const RunRequest& request) {
  const auto [config, description] = plan_tune(request);
  check_run(request, description);
}

int run_tune(const RunRequest& request) {
  auto [config, description] = plan_tune(request);
  RunPipeline pipeline(request, std::move(description));
  const std::string& dir = pipeline.dir();
  Journal journal(dir, false, request.resume, tune_row_check(config));
  TuneContext ctx;
  ctx.config = &config;
  ctx.pipeline = &pipeline;
  ctx.game = make_game(config.game, config.game_params);
  ctx.journal = &journal;
  for (const auto& r : journal.resumed_rows()) ctx.resumed[r.game] = r.first_score();
  pipeline.set_done(ctx.resumed.size());
  const std::string resuming =
      ctx.resumed.empty() ? "" : strf(", resuming with %zu games done", ctx.resumed.size());
  say(ctx,
      strf("tune %s: %s depth %d on %s, %zu weights, %s; run folder %s%s\n", config.name.c_str(),
           config.algorithm.label().c_str(), config.depth, ctx.game->label().c_str(),
           config.num_weights(), config.method.c_str(), dir.c_str(), resuming.c_str()));

  TunePhaseResult phase =
      config.method == "spsa" ? run_spsa_phase(ctx, dir) : run_round_robin_phase(ctx, dir);
  VerifyResult verify;
  if (phase.complete) verify = run_verify_phase(ctx, dir, phase.tuned, phase.games);
  journal.finish();

  if (phase.complete && verify.complete) pipeline.set_field("verdict", verify.verdict);
  const int exit_code = pipeline.finish(phase.complete && verify.complete, ctx.error);
  if (exit_code != 0) return exit_code;
  write_tuned_yaml(dir, ctx, phase, verify);
  // --quiet removes progress only: the result is printed as always.
  std::printf("tuned (%s): %s\n", phase.summary.c_str(), weights_text(phase.tuned).c_str());
  std::printf("verdict: %s\n", verify_line(verify).c_str());
  std::printf("run folder: %s (tune.csv, tuned.yaml, verify.csv, games.csv, run.yaml)\n",
              dir.c_str());
  std::printf("plots and report.html: harness report %s\n", shell_quote(dir).c_str());
  return 0;
}

}  // namespace gts
