#include "harness/tournament/runner.h"

#include <oneapi/tbb/info.h>
#include <sys/resource.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "harness/config/config_error.h"
#include "harness/config/tournament_config.h"
#include "harness/mpi/thread_count.h"
#include "harness/mpi/wire.h"
#include "harness/mpi/work_distributor.h"
#include "harness/registry.h"
#include "harness/run_folder.h"
#include "harness/stop_signal.h"
#include "harness/tournament/journal.h"
#include "harness/tournament/progress.h"
#include "harness/tournament/report.h"
#include "harness/tournament/schedule.h"

namespace gts {

namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) {
      auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(" ", colon + 1));
    }
  }
  return "unknown";
}

// CPU time of the whole process (every thread), in ms.
double process_cpu_ms() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-3;
}

struct RunInfo {
  std::string hash;
  std::uint64_t seed = 0;
  int threads = 0;
  std::string command;
  std::string started;
  std::string finished;
  std::string status;
  int games_total = 0;
  int games_done = 0;
  // This process's share of the run: CPU spent in searches and in everything (the harness's
  // overhead is the difference), and the wall time of the parallel part.
  double search_cpu_ms = 0;
  double process_cpu_ms = 0;
  double play_wall_ms = 0;
  int games_played = 0;
  // Under MPI: the processes that played, and the CPU time of all but this one.
  int ranks = 1;
  double other_ranks_cpu_ms = 0;
};

void write_run_yaml(const std::string& dir, const TournamentConfig& config, const RunInfo& info) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "run" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "program" << YAML::Value << "harness";
  out << YAML::Key << "version" << YAML::Value << GTS_VERSION;
  out << YAML::Key << "status" << YAML::Value << info.status;
  out << YAML::Key << "config_hash" << YAML::Value << info.hash;
  out << YAML::Key << "config_file" << YAML::Value << config.source_path;
  out << YAML::Key << "seed" << YAML::Value << info.seed;
  out << YAML::Key << "threads" << YAML::Value << info.threads;
  out << YAML::Key << "command" << YAML::Value << info.command;
  out << YAML::Key << "machine" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "cores" << YAML::Value << std::thread::hardware_concurrency();
  out << YAML::Key << "cpu" << YAML::Value << cpu_model();
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  out << YAML::Key << "hostname" << YAML::Value << host;
  out << YAML::EndMap;
  out << YAML::Key << "started" << YAML::Value << info.started;
  out << YAML::Key << "finished" << YAML::Value << info.finished;
  out << YAML::Key << "games_total" << YAML::Value << info.games_total;
  out << YAML::Key << "games_done" << YAML::Value << info.games_done;
  if (info.games_played > 0) {
    out << YAML::Key << "this_process" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "games_played" << YAML::Value << info.games_played;
    out << YAML::Key << "wall_s" << YAML::Value << info.play_wall_ms / 1e3;
    out << YAML::Key << "games_per_s" << YAML::Value
        << info.games_played / (info.play_wall_ms / 1e3);
    out << YAML::Key << "cpu_s" << YAML::Value << info.process_cpu_ms / 1e3;
    out << YAML::Key << "search_cpu_s" << YAML::Value << info.search_cpu_ms / 1e3;
    out << YAML::Key << "harness_overhead_pct" << YAML::Value
        << 100.0 * (info.process_cpu_ms - info.search_cpu_ms) / info.process_cpu_ms;
    out << YAML::EndMap;
    if (info.ranks > 1) {
      out << YAML::Key << "mpi" << YAML::Value << YAML::BeginMap;
      out << YAML::Key << "ranks" << YAML::Value << info.ranks;
      out << YAML::Key << "other_ranks_cpu_s" << YAML::Value << info.other_ranks_cpu_ms / 1e3;
      out << YAML::EndMap;
    }
  }
  out << YAML::EndMap;
  out << YAML::Key << "config" << YAML::Value << YAML::Load(resolved_yaml(config));
  out << YAML::EndMap;
  std::string text = "# Written by `harness run`: the resolved config and how it was run.\n";
  text += out.c_str();
  text += "\n";
  replace_file(dir + "/run.yaml", text);
}

// Everything a rank derives from the config and the overriding options: the same players,
// openings and schedule on every rank, so that a game index means the same game everywhere.
struct TournamentPlan {
  TournamentConfig config;
  int threads = 1;  // resolved: 0 in the config means this machine's cores
  std::unique_ptr<GameHandle> game;
  std::vector<AlgorithmSpec> specs;
  std::vector<int> depths;
  std::vector<std::string> names;
  std::vector<std::string> openings;
  std::vector<ScheduledGame> schedule;
  std::string hash;
};

// `count` distinct random openings of `plies` plies, drawn in a fixed order from the run's seed
// (a repeat is skipped, not played twice). Refused with the reason when the game ends before
// `plies` (every opening would be decided in one move) or too few distinct positions turn up.
std::vector<std::string> distinct_random_openings(const GameHandle& game,
                                                  const TournamentConfig& config) {
  const int count = config.openings.count;
  const int plies = config.openings.plies;
  const std::int64_t draws = std::max<std::int64_t>(10'000, std::int64_t{50} * count);
  std::vector<std::string> openings;
  std::set<std::string> seen;
  for (std::int64_t o = 0; o < draws && static_cast<int>(openings.size()) < count; ++o) {
    std::string position = game.random_opening(
        mix_seed(config.seed ^ 0x6f70656e696e6773ULL, static_cast<std::uint64_t>(o)), plies);
    if (seen.insert(position).second) openings.push_back(std::move(position));
  }
  // random_opening stops where every move would end the game: such an opening is no game.
  for (const std::string& position : openings) {
    bool alive = false;
    for (const std::string& move : game.legal_moves(position)) {
      alive = alive || !game.is_terminal(game.play_move(position, move));
    }
    if (!alive) {
      throw ConfigError(config.source_path,
                        "openings.plies " + std::to_string(plies) + ": " + game.info().name +
                            " games end before that ply (opening " + position +
                            " is decided by its next move); ask for fewer plies");
    }
  }
  if (static_cast<int>(openings.size()) < count) {
    throw ConfigError(config.source_path,
                      "openings: asked for " + std::to_string(count) +
                          " distinct random openings of " + std::to_string(plies) + " plies, but " +
                          std::to_string(draws) + " draws found only " +
                          std::to_string(openings.size()) +
                          " (there may be no more at that ply); ask for at most that many, or "
                          "more plies");
  }
  return openings;
}

TournamentPlan make_plan(const std::string& config_path, std::optional<int> threads_option,
                         std::optional<std::uint64_t> seed_option) {
  TournamentPlan plan;
  plan.config = load_tournament_config(config_path);
  TournamentConfig& config = plan.config;
  if (seed_option) config.seed = *seed_option;
  if (threads_option) config.threads = *threads_option;
  if (config.threads < 0) throw ParamError("--threads: expected 0 (all cores) or more");
  plan.threads = resolve_thread_count(config.threads);

  plan.game = make_game(config.game, config.game_params);
  const GameHandle& game = *plan.game;

  // Players: under a node or time budget an anytime algorithm deepens iteratively (its
  // iterative-deepening option is turned on), so that it always has a finished iteration's move
  // to play; one that cannot honour a budget is refused.
  const int num_players = static_cast<int>(config.players.size());
  auto& specs = plan.specs;
  auto& depths = plan.depths;
  auto& names = plan.names;
  const bool budget = config.limits.nodes != 0 || config.limits.time_ms > 0;
  for (const auto& p : config.players) {
    AlgorithmSpec spec = p.algorithm;
    const AlgorithmFacts& facts = find_algorithm_info(spec.name).facts;
    if (budget && !facts.anytime) {
      std::string anytime;
      for (const AlgorithmInfo& a : algorithm_infos()) {
        if (a.facts.anytime && a.facts.searches) anytime += (anytime.empty() ? "" : ", ") + a.name;
      }
      throw ConfigError(
          config.source_path,
          "player '" + p.name + "': " + spec.name + " cannot play under " +
              (config.limits.nodes != 0 ? "tournament.limits.nodes" : "tournament.limits.time_ms") +
              " (it cannot stop early with a move it has finished searching); "
              "algorithms that can: " +
              anytime);
    }
    if (budget && !facts.anytime_option.empty()) {
      auto opts = spec.options.values();
      opts[facts.anytime_option] = "on";
      spec = make_algorithm_spec(spec.name, opts);
    }
    specs.push_back(spec);
    int depth = p.depth;
    if (config.limits.depth > 0 && depth > config.limits.depth) depth = config.limits.depth;
    depths.push_back(depth);
    names.push_back(p.name);
  }

  // Openings, each checked to leave a game to play.
  auto& openings = plan.openings;
  switch (config.openings.kind) {
    case OpeningsConfig::Kind::kStart:
      openings.push_back(game.initial_position());
      break;
    case OpeningsConfig::Kind::kRandom:
      openings = distinct_random_openings(game, config);
      break;
    case OpeningsConfig::Kind::kList:
      openings = config.openings.positions;
      break;
  }
  for (std::size_t o = 0; o < openings.size(); ++o) {
    if (game.is_terminal(openings[o])) {
      throw ConfigError(config.source_path, "opening " + std::to_string(o + 1) + " (" +
                                                openings[o] + ") is a finished game");
    }
  }

  ScheduleSpec sched;
  sched.players = num_players;
  for (const auto& g : config.gauntlet) {
    for (int i = 0; i < num_players; ++i) {
      if (names[static_cast<std::size_t>(i)] == g) sched.gauntlet.push_back(i);
    }
  }
  sched.openings = static_cast<int>(openings.size());
  sched.pairs = config.pairs;
  plan.schedule = make_schedule(sched);
  plan.hash = config_hash(config);
  return plan;
}

// A finished game as it travels from the rank that played it to rank 0's journal: the row and the
// moves, every field (timings bit for bit), so that rank 0 writes what a local run writes.
std::string encode_game(const GameRow& row, const std::vector<MoveRow>& moves) {
  wire::Writer w;
  w.strs(to_fields(row));
  w.u64(moves.size());
  for (const auto& m : moves) {
    w.i64(m.game).i64(m.ply).str(m.player).str(m.move).i64(m.value).i64(m.depth).u64(m.nodes);
    w.u64(m.leaves).f64(m.cpu_us);
  }
  w.f64(row.first_cpu_ms).f64(row.second_cpu_ms).f64(row.wall_ms);
  return w.take();
}

void decode_game(const std::string& bytes, GameRow& row, std::vector<MoveRow>& moves) {
  wire::Reader r(bytes);
  row = game_row_from_fields(r.strs());
  const std::uint64_t n = r.u64();
  moves.clear();
  for (std::uint64_t i = 0; i < n; ++i) {
    MoveRow m;
    m.game = r.i32();
    m.ply = r.i32();
    m.player = r.str();
    m.move = r.str();
    m.value = r.i32();
    m.depth = r.i32();
    m.nodes = r.u64();
    m.leaves = r.u64();
    m.cpu_us = r.f64();
    moves.push_back(std::move(m));
  }
  // The CSV fields round the timings; the exact values follow.
  row.first_cpu_ms = r.f64();
  row.second_cpu_ms = r.f64();
  row.wall_ms = r.f64();
  r.expect_end();
}

// Plays scheduled games: the same object on rank 0 and on every worker rank.
class TournamentJobs final : public JobRunner {
 public:
  explicit TournamentJobs(TournamentPlan plan)
      : plan_(std::move(plan)), tolerance_ms_(plan_.config.limits.time_ms / 2 + 50.0) {}

  [[nodiscard]] const TournamentPlan& plan() const { return plan_; }
  // Every search's thread CPU time on this rank, finished games or not.
  [[nodiscard]] double search_cpu_ms() {
    std::lock_guard lock(mutex_);
    return search_cpu_ms_;
  }

  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) override;

 private:
  TournamentPlan plan_;
  double tolerance_ms_;
  std::mutex mutex_;
  double search_cpu_ms_ = 0;
};

std::optional<std::string> TournamentJobs::run(std::size_t index, const std::atomic<bool>& stop) {
  if (stop.load(std::memory_order_relaxed)) return std::nullopt;
  const TournamentConfig& config = plan_.config;
  const ScheduledGame& g = plan_.schedule.at(index);
  const auto first = static_cast<std::size_t>(g.first);
  const auto second = static_cast<std::size_t>(g.second);
  auto searcher_first =
      plan_.game->make_searcher(plan_.specs[first], config.players[first].evaluation);
  auto searcher_second =
      plan_.game->make_searcher(plan_.specs[second], config.players[second].evaluation);
  std::array<GameSide, 2> sides;
  sides[0].searcher = searcher_first.get();
  sides[1].searcher = searcher_second.get();
  for (std::size_t s = 0; s < 2; ++s) {
    const std::size_t p = s == 0 ? first : second;
    sides[s].limits.depth = plan_.depths[p];
    sides[s].limits.max_nodes = config.limits.nodes;
    sides[s].limits.max_ms = config.limits.time_ms;
    sides[s].time_tolerance_ms = tolerance_ms_;
  }
  GameSetup setup;
  setup.opening = plan_.openings[static_cast<std::size_t>(g.opening)];
  setup.max_plies = config.max_plies;
  setup.seed = mix_seed(config.seed, static_cast<std::uint64_t>(g.index));
  setup.stop = &stop;
  const double start = wall_ms();
  GameOutcome out = plan_.game->play_game(setup, sides);
  {
    std::lock_guard lock(mutex_);
    search_cpu_ms_ += out.stats[0].cpu_ms + out.stats[1].cpu_ms;
  }
  if (out.termination == Termination::kStopped) return std::nullopt;  // played again on resume

  const auto& names = plan_.names;
  GameRow row;
  row.game = g.index;
  row.pair = g.pair;
  row.pairing = g.pairing;
  row.opening = g.opening;
  row.first = names[first];
  row.second = names[second];
  row.opening_position = setup.opening;
  set_outcome(row, out);
  row.wall_ms = wall_ms() - start;
  std::vector<MoveRow> moves;
  if (config.output_moves) {
    moves.reserve(out.move_log.size());
    for (const auto& m : out.move_log) {
      moves.push_back(MoveRow{g.index, m.ply, m.side == 0 ? row.first : row.second, m.move, m.value,
                              m.depth, m.nodes, m.leaves, m.cpu_us});
    }
  }
  return encode_game(row, moves);
}

// What a worker rank needs to make the same plan: the options that override the config, and the
// config hash to check that it read the same config.
std::string tournament_context(const RunOptions& options, const std::string& hash) {
  wire::Writer w;
  w.str(options.config_path);
  w.u64(options.threads ? 1 : 0).i64(options.threads.value_or(0));
  w.u64(options.seed ? 1 : 0).u64(options.seed.value_or(0));
  w.str(hash);
  return w.take();
}

}  // namespace

std::unique_ptr<JobRunner> make_tournament_jobs(const std::string& context) {
  wire::Reader r(context);
  const std::string path = r.str();
  const bool has_threads = r.u64() != 0;
  const auto threads_value = static_cast<int>(r.i64());
  const bool has_seed = r.u64() != 0;
  const std::uint64_t seed_value = r.u64();
  RunOptions options;
  options.config_path = path;
  if (has_threads) options.threads = threads_value;
  if (has_seed) options.seed = seed_value;
  const std::string hash = r.str();
  r.expect_end();
  TournamentPlan plan = make_plan(path, options.threads, options.seed);
  if (plan.hash != hash) {
    throw ConfigError(path, "this rank read a config that differs from rank 0's (config hash " +
                                plan.hash + " vs " + hash + ")");
  }
  return std::make_unique<TournamentJobs>(std::move(plan));
}

RunReport run_tournament(const RunOptions& options) {
  TournamentJobs jobs(make_plan(options.config_path, options.threads, options.seed));
  const TournamentPlan& plan = jobs.plan();
  const TournamentConfig& config = plan.config;
  const int threads = plan.threads;
  const int num_players = static_cast<int>(config.players.size());
  const auto& names = plan.names;
  const std::vector<ScheduledGame>& schedule = plan.schedule;

  // The run folder.
  const std::string& hash = plan.hash;
  const RunFolder folder =
      open_run_folder({options.out_dir.empty() ? config.output_dir : options.out_dir,
                       options.resume,
                       options.config_path,
                       hash,
                       config.name,
                       {"games.csv"},
                       "resume with the same config and seed"});
  const std::string& dir = folder.dir;

  RunInfo info;
  info.hash = hash;
  info.seed = config.seed;
  info.threads = threads;
  info.command = options.command_line;
  info.started = now_text();
  info.status = "running";
  info.games_total = static_cast<int>(schedule.size());

  // A recorded game must be the schedule's game of that index, between the players it names.
  auto check = [&](const GameRow& r) {
    if (r.game < 0 || r.game >= static_cast<int>(schedule.size())) {
      throw std::runtime_error("game " + std::to_string(r.game) +
                               " is not in this run's schedule (" +
                               std::to_string(schedule.size()) + " games, numbered from 0)");
    }
    const ScheduledGame& g = schedule[static_cast<std::size_t>(r.game)];
    const std::string& first = names[static_cast<std::size_t>(g.first)];
    const std::string& second = names[static_cast<std::size_t>(g.second)];
    if (r.first != first || r.second != second || r.pair != g.pair || r.pairing != g.pairing ||
        r.opening != g.opening ||
        r.opening_position != plan.openings[static_cast<std::size_t>(g.opening)]) {
      throw std::runtime_error("game " + std::to_string(r.game) + " is recorded as " + r.first +
                               " vs " + r.second + " (pair " + std::to_string(r.pair) +
                               ", opening " + std::to_string(r.opening) + "); the schedule has " +
                               first + " vs " + second + " (pair " + std::to_string(g.pair) +
                               ", opening " + std::to_string(g.opening) + ")");
    }
  };
  Journal journal(dir, config.output_moves, options.resume, check);
  info.games_done = static_cast<int>(journal.done().size());
  write_run_yaml(dir, config, info);

  DistributedWork work;
  work.kind = "tournament";
  work.context = tournament_context(options, hash);
  work.threads = config.threads;
  for (const auto& g : schedule) {
    if (!journal.done().count(g.index)) work.jobs.push_back(static_cast<std::size_t>(g.index));
  }

  std::vector<double> points(static_cast<std::size_t>(num_players), 0.0);
  std::vector<int> played(static_cast<std::size_t>(num_players), 0);
  for (const auto& r : journal.resumed_rows()) {
    for (int i = 0; i < num_players; ++i) {
      const auto u = static_cast<std::size_t>(i);
      if (names[u] == r.first) points[u] += r.first_score(), ++played[u];
      if (names[u] == r.second) points[u] += 1.0 - r.first_score(), ++played[u];
    }
  }
  Progress progress(static_cast<int>(schedule.size()), info.games_done, names, points, played,
                    !options.quiet);

  StopSignal signals;
  int finished_here = 0;
  // Each finished game, from this process's threads or from another rank, one at a time.
  auto record = [&](std::size_t index, const std::string& result) {
    GameRow row;
    std::vector<MoveRow> moves;
    decode_game(result, row, moves);
    journal.record(row, moves);
    ++finished_here;
    const ScheduledGame& g = schedule.at(index);
    progress.game_finished(g.first, g.second, row.first_score());
  };

  const double cpu_start = process_cpu_ms();
  const double wall_start = wall_ms();
  const DistributeOutcome outcome = distribute(work, jobs, record, StopSignal::flag());
  progress.finish();
  info.play_wall_ms = wall_ms() - wall_start;
  info.process_cpu_ms = process_cpu_ms() - cpu_start;
  info.search_cpu_ms = jobs.search_cpu_ms();
  info.games_played = finished_here;
  info.ranks = outcome.ranks;
  info.other_ranks_cpu_ms = outcome.other_ranks_cpu_ms;

  const std::vector<GameRow> rows = journal.finish();
  const bool interrupted = rows.size() < schedule.size();
  info.games_done = static_cast<int>(rows.size());
  info.finished = now_text();
  info.status = interrupted ? "interrupted" : "finished";
  write_run_yaml(dir, config, info);

  const std::string standings = write_tournament_reports(dir, names, rows);
  RunReport report;
  report.dir = dir;
  report.games_total = static_cast<int>(schedule.size());
  report.games_played = info.games_played;
  report.wall_s = info.play_wall_ms / 1e3;
  report.cpu_s = info.process_cpu_ms / 1e3;
  report.search_cpu_s = info.search_cpu_ms / 1e3;
  if (!options.quiet) {
    std::printf("%s\nrun folder: %s\nplots and report.html: harness report %s\n", standings.c_str(),
                dir.c_str(), shell_quote(dir).c_str());
  }
  if (!outcome.error.empty()) std::fprintf(stderr, "error: %s\n", outcome.error.c_str());
  if (interrupted) {
    std::fprintf(stderr,
                 "stopped: %zu of %zu games finished and kept; resume with:\n  harness run %s "
                 "--out %s --resume%s%s\n",
                 rows.size(), schedule.size(), shell_quote(options.config_path).c_str(),
                 shell_quote(dir).c_str(),
                 options.seed ? (" --seed " + std::to_string(*options.seed)).c_str() : "",
                 options.threads ? (" --threads " + std::to_string(*options.threads)).c_str() : "");
    report.exit_code = outcome.error.empty() ? 130 : 1;
  }
  return report;
}

}  // namespace gts
