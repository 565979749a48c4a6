#include "harness/tournament/runner.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include <sys/resource.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <atomic>
#include <mutex>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <thread>

#include "harness/config/config_error.h"
#include "harness/config/tournament_config.h"
#include "harness/registry.h"
#include "harness/tournament/journal.h"
#include "harness/tournament/progress.h"
#include "harness/tournament/report.h"
#include "harness/tournament/schedule.h"

namespace gts {

namespace {

// Set by SIGINT/SIGTERM; polled by the runner and by every search in flight. The one piece of
// global state, because a signal handler can reach nothing else.
std::atomic<bool> g_stop{false};

extern "C" void on_signal(int) {
  if (g_stop.exchange(true)) _exit(130);  // a second Ctrl-C stops at once
}

struct SignalGuard {
  SignalGuard() {
    g_stop = false;
    old_int = std::signal(SIGINT, on_signal);
    old_term = std::signal(SIGTERM, on_signal);
  }
  ~SignalGuard() {
    std::signal(SIGINT, old_int);
    std::signal(SIGTERM, old_term);
  }
  void (*old_int)(int);
  void (*old_term)(int);
};

std::string now_text() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S%z", &tm);
  return buf;
}

std::string stamp_text() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

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
  }
  out << YAML::EndMap;
  out << YAML::Key << "config" << YAML::Value << YAML::Load(resolved_yaml(config));
  out << YAML::EndMap;
  const std::string tmp = dir + "/run.yaml.tmp";
  {
    std::ofstream f(tmp);
    f << "# Written by `harness run`: the resolved config and how it was run.\n"
      << out.c_str() << "\n";
    if (!f) throw std::runtime_error("cannot write " + tmp);
  }
  std::filesystem::rename(tmp, dir + "/run.yaml");
}

std::string read_run_hash(const std::string& dir) {
  try {
    YAML::Node node = YAML::LoadFile(dir + "/run.yaml");
    return node["run"]["config_hash"].as<std::string>();
  } catch (const std::exception& e) {
    throw ConfigError(dir + "/run.yaml", std::string("cannot read the run to resume: ") + e.what());
  }
}

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_-./=:+,") == std::string::npos) {
    return s;
  }
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

const char* result_text(double first_score) {
  return first_score == 1.0 ? "1-0" : first_score == 0.0 ? "0-1" : "1/2-1/2";
}

}  // namespace

RunReport run_tournament(const RunOptions& options) {
  TournamentConfig config = load_tournament_config(options.config_path);
  if (options.seed) config.seed = *options.seed;
  if (options.threads) config.threads = *options.threads;
  if (config.threads < 0) throw ParamError("--threads: expected 0 (all cores) or more");
  const int threads =
      config.threads == 0 ? tbb::info::default_concurrency() : config.threads;

  auto game = make_game(config.game, config.game_params);

  // Players: under a node or time budget alpha-beta deepens iteratively, so that it always has a
  // finished iteration's move to play.
  const int num_players = static_cast<int>(config.players.size());
  std::vector<AlgorithmSpec> specs;
  std::vector<int> depths;
  std::vector<std::string> names;
  const bool budget = config.limits.nodes != 0 || config.limits.time_ms > 0;
  for (const auto& p : config.players) {
    AlgorithmSpec spec = p.algorithm;
    if (budget && spec.name == "alphabeta") {
      auto opts = spec.options.values();
      opts["id"] = "on";
      spec = make_algorithm_spec(spec.name, opts);
    } else if (budget && (spec.name == "minimax" || spec.name == "sss*")) {
      throw ConfigError(config.source_path,
                        "player '" + p.name + "': " + spec.name +
                            " cannot play under a node or time budget (it has no iterative "
                            "deepening); use alphabeta");
    }
    specs.push_back(spec);
    int depth = p.depth;
    if (config.limits.depth > 0 && depth > config.limits.depth) depth = config.limits.depth;
    depths.push_back(depth);
    names.push_back(p.name);
  }

  // Openings, each checked to leave a game to play.
  std::vector<std::string> openings;
  switch (config.openings.kind) {
    case OpeningsConfig::Kind::kStart:
      openings.push_back(game->initial_position());
      break;
    case OpeningsConfig::Kind::kRandom:
      for (int o = 0; o < config.openings.count; ++o) {
        openings.push_back(game->random_opening(
            mix_seed(config.seed ^ 0x6f70656e696e6773ULL, static_cast<std::uint64_t>(o)),
            config.openings.plies));
      }
      break;
    case OpeningsConfig::Kind::kList:
      openings = config.openings.positions;
      break;
  }
  for (std::size_t o = 0; o < openings.size(); ++o) {
    if (game->is_terminal(openings[o])) {
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
  const std::vector<ScheduledGame> schedule = make_schedule(sched);

  // The run folder.
  std::string dir = options.out_dir.empty() ? config.output_dir : options.out_dir;
  const std::string hash = config_hash(config);
  if (options.resume) {
    if (dir.empty()) throw ParamError("--resume needs the run folder: --out DIR");
    if (!std::filesystem::exists(dir + "/run.yaml")) {
      throw ParamError("--resume: " + dir + " holds no run (no run.yaml)");
    }
    if (read_run_hash(dir) != hash) {
      throw ConfigError(options.config_path,
                        "--resume: this config differs from the one " + dir +
                            " was started with (config hash " + hash + " vs " +
                            read_run_hash(dir) + "); resume with the same config and seed");
    }
  } else {
    if (dir.empty()) dir = "results/" + config.name + "-" + stamp_text();
    if (std::filesystem::exists(dir + "/games.csv")) {
      throw ParamError("--out: " + dir +
                       " already holds a run; add --resume to finish it, or choose another folder");
    }
    std::filesystem::create_directories(dir);
  }

  RunInfo info;
  info.hash = hash;
  info.seed = config.seed;
  info.threads = threads;
  info.command = options.command_line;
  info.started = now_text();
  info.status = "running";
  info.games_total = static_cast<int>(schedule.size());

  Journal journal(dir, config.output_moves, options.resume);
  info.games_done = static_cast<int>(journal.done().size());
  write_run_yaml(dir, config, info);

  std::vector<const ScheduledGame*> pending;
  for (const auto& g : schedule) {
    if (!journal.done().count(g.index)) pending.push_back(&g);
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

  SignalGuard signals;
  std::atomic<int> finished_here{0};
  std::mutex search_cpu_mutex;
  double search_cpu_ms = 0;  // every search's thread CPU time, finished games or not
  const double tolerance_ms = config.limits.time_ms / 2 + 50.0;
  auto play_one = [&](const ScheduledGame& g) {
    if (g_stop.load(std::memory_order_relaxed)) return;
    const auto first = static_cast<std::size_t>(g.first);
    const auto second = static_cast<std::size_t>(g.second);
    auto searcher_first = game->make_searcher(specs[first], config.players[first].evaluation);
    auto searcher_second = game->make_searcher(specs[second], config.players[second].evaluation);
    std::array<GameSide, 2> sides;
    sides[0].searcher = searcher_first.get();
    sides[1].searcher = searcher_second.get();
    for (std::size_t s = 0; s < 2; ++s) {
      const std::size_t p = s == 0 ? first : second;
      sides[s].limits.depth = depths[p];
      sides[s].limits.max_nodes = config.limits.nodes;
      sides[s].limits.max_ms = config.limits.time_ms;
      sides[s].time_tolerance_ms = tolerance_ms;
    }
    GameSetup setup;
    setup.opening = openings[static_cast<std::size_t>(g.opening)];
    setup.max_plies = config.max_plies;
    setup.seed = mix_seed(config.seed, static_cast<std::uint64_t>(g.index));
    setup.stop = &g_stop;
    const double start = wall_ms();
    GameOutcome out = game->play_game(setup, sides);
    {
      std::lock_guard lock(search_cpu_mutex);
      search_cpu_ms += out.stats[0].cpu_ms + out.stats[1].cpu_ms;
    }
    if (out.termination == Termination::kStopped) return;  // unfinished: played again on resume

    GameRow row;
    row.game = g.index;
    row.pair = g.pair;
    row.pairing = g.pairing;
    row.opening = g.opening;
    row.first = names[first];
    row.second = names[second];
    row.result = result_text(out.first_score);
    row.margin = out.margin ? std::to_string(*out.margin) : "";
    row.plies = out.plies;
    row.termination = termination_name(out.termination);
    row.forfeit = out.forfeit_side < 0 ? "" : (out.forfeit_side == 0 ? row.first : row.second);
    row.reason = out.reason;
    row.first_nodes = out.stats[0].nodes;
    row.second_nodes = out.stats[1].nodes;
    row.first_leaves = out.stats[0].leaves;
    row.second_leaves = out.stats[1].leaves;
    row.first_moves = out.moves[0];
    row.second_moves = out.moves[1];
    row.first_cpu_ms = out.stats[0].cpu_ms;
    row.second_cpu_ms = out.stats[1].cpu_ms;
    row.wall_ms = wall_ms() - start;
    row.final_position = out.final_position;
    std::vector<MoveRow> moves;
    if (config.output_moves) {
      moves.reserve(out.move_log.size());
      for (const auto& m : out.move_log) {
        moves.push_back(MoveRow{g.index, m.ply, m.side == 0 ? row.first : row.second, m.move,
                                m.value, m.depth, m.nodes, m.leaves, m.cpu_us});
      }
    }
    journal.record(row, moves);
    finished_here.fetch_add(1, std::memory_order_relaxed);
    progress.game_finished(g.first, g.second, out.first_score);
  };

  const double cpu_start = process_cpu_ms();
  const double wall_start = wall_ms();
  // Debian's libtbb is not built for ThreadSanitizer, so the hand-off of tasks inside it is
  // invisible to TSan; this release/acquire pair states the ordering that oneTBB guarantees
  // (everything before parallel_for happens before each task, each task before its return).
  std::atomic<int> handoff{0};
  handoff.store(1, std::memory_order_release);
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, pending.size(), 1),
        [&](const tbb::blocked_range<std::size_t>& range) {
          handoff.load(std::memory_order_acquire);
          for (std::size_t i = range.begin(); i != range.end(); ++i) play_one(*pending[i]);
          handoff.fetch_add(1, std::memory_order_acq_rel);
        },
        tbb::simple_partitioner());
  });
  handoff.load(std::memory_order_acquire);
  progress.finish();
  info.play_wall_ms = wall_ms() - wall_start;
  info.process_cpu_ms = process_cpu_ms() - cpu_start;
  info.search_cpu_ms = search_cpu_ms;
  info.games_played = finished_here.load();

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
  if (!options.quiet) std::printf("%s\nrun folder: %s\n", standings.c_str(), dir.c_str());
  if (interrupted) {
    std::fprintf(stderr,
                 "stopped: %zu of %zu games finished and kept; resume with:\n  harness run %s "
                 "--out %s --resume%s\n",
                 rows.size(), schedule.size(), shell_quote(options.config_path).c_str(),
                 shell_quote(dir).c_str(),
                 options.seed ? (" --seed " + std::to_string(*options.seed)).c_str() : "");
    report.exit_code = 130;
  }
  return report;
}

}  // namespace gts
