#include "harness/tune/tune_run.h"

#include <oneapi/tbb/info.h>
#include <yaml-cpp/yaml.h>

#include <atomic>
#include <cstdio>
#include <filesystem>

#include "harness/config/config_error.h"
#include "harness/config/yaml_reader.h"
#include "harness/csv.h"
#include "harness/mpi/thread_count.h"
#include "harness/run_folder.h"
#include "harness/stop_signal.h"
#include "harness/tune/tune_phases.h"

namespace gts {

namespace {

struct RunInfo {
  std::string hash;
  std::string command;
  std::string started;
  std::string finished;
  std::string status = "running";
  int threads = 0;
  int games_played = 0;
  std::string verdict;
};

void write_run_yaml(const std::string& dir, const TuneConfig& config, const RunInfo& info) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "run" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "program" << YAML::Value << "harness tune";
  out << YAML::Key << "version" << YAML::Value << GTS_VERSION;
  out << YAML::Key << "status" << YAML::Value << info.status;
  out << YAML::Key << "config_hash" << YAML::Value << info.hash;
  out << YAML::Key << "config_file" << YAML::Value << config.source_path;
  out << YAML::Key << "seed" << YAML::Value << config.seed;
  out << YAML::Key << "threads" << YAML::Value << info.threads;
  out << YAML::Key << "command" << YAML::Value << info.command;
  out << YAML::Key << "started" << YAML::Value << info.started;
  out << YAML::Key << "finished" << YAML::Value << info.finished;
  out << YAML::Key << "games_played_by_this_process" << YAML::Value << info.games_played;
  if (!info.verdict.empty()) out << YAML::Key << "verdict" << YAML::Value << info.verdict;
  out << YAML::EndMap;
  out << YAML::Key << "config" << YAML::Value << YAML::Load(tune_resolved_yaml(config));
  out << YAML::EndMap;
  replace_file(
      dir + "/run.yaml",
      std::string("# Written by `harness tune`: the resolved config and how it was run.\n") +
          out.c_str() + "\n");
}

std::string weights_flow(const std::vector<double>& w) {
  std::string out = "[";
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (i > 0) out += ", ";
    out += format_number(w[i]);
  }
  return out + "]";
}

void write_tuned_yaml(const std::string& dir, const TuneConfig& c, const TunePhaseResult& phase,
                      const VerifyResult& v) {
  std::string params;
  for (const auto& [k, val] : c.game_params) {
    if (!params.empty()) params += ",";
    params += k;
    params += "=";
    params += val;
  }
  std::string y = "# Tuned by `harness tune` from " + c.source_path + " (" + phase.summary + ")\n";
  y += "# for " + c.game + "(" + params + "), " + c.algorithm.label() + " at depth " +
       std::to_string(c.depth) + ".\n";
  y += "# Verification against the start weights: " + verify_line(v) + "\n";
  y += "# Paste under `evaluations:` of a tournament config; players name them by key.\n";
  y += "evaluations:\n";
  y += "  tuned: {kind: linear, weights: " + weights_flow(phase.tuned) + "}\n";
  y += "  start: {kind: linear, weights: " + weights_flow(c.start()) + "}\n";
  replace_file(dir + "/tuned.yaml", y);
}

}  // namespace

TuneReport run_tune(const TuneOptions& options) {
  TuneConfig config = load_tune_config(options.config_path);
  if (options.threads) config.threads = *options.threads;
  if (config.threads < 0) throw ParamError("--threads: expected 0 (all cores) or more");
  const int threads = resolve_thread_count(config.threads);

  const std::string hash = tune_config_hash(config);
  const RunFolder folder =
      open_run_folder({options.out_dir.empty() ? config.output_dir : options.out_dir,
                       options.resume,
                       options.config_path,
                       hash,
                       config.name,
                       {"games.csv", "tune.csv"},
                       "resume with the same config"});
  const std::string& dir = folder.dir;

  TuneContext ctx;
  ctx.config = &config;
  ctx.config_hash = hash;
  ctx.game = make_game(config.game, config.game_params);
  ctx.engine = TuneEngine{config.algorithm, config.depth, config.max_plies};
  ctx.threads = threads;
  ctx.stop = &StopSignal::flag();
  ctx.quiet = options.quiet;
  Journal journal(dir, false, options.resume);
  ctx.journal = &journal;
  for (const auto& r : journal.resumed_rows()) ctx.resumed[r.game] = r.first_score();

  RunInfo info;
  info.hash = hash;
  info.command = options.command_line;
  info.started = now_text();
  info.threads = threads;
  write_run_yaml(dir, config, info);
  if (!options.quiet) {
    std::string resuming;
    if (!ctx.resumed.empty()) {
      resuming = ", resuming with ";
      resuming += std::to_string(ctx.resumed.size());
      resuming += " games done";
    }
    std::printf("tune %s: %s depth %d on %s, %zu weights, %s; run folder %s%s\n",
                config.name.c_str(), config.algorithm.label().c_str(), config.depth,
                ctx.game->label().c_str(), config.num_weights(), config.method.c_str(), dir.c_str(),
                resuming.c_str());
    std::fflush(stdout);
  }

  StopSignal signals;
  TunePhaseResult phase =
      config.method == "spsa" ? run_spsa_phase(ctx, dir) : run_round_robin_phase(ctx, dir);
  VerifyResult verify;
  if (phase.complete) verify = run_verify_phase(ctx, dir, phase.tuned, phase.games);
  journal.finish();
  info.games_played = ctx.games_played;
  info.finished = now_text();

  TuneReport report;
  report.dir = dir;
  if (!phase.complete || !verify.complete) {
    info.status = "interrupted";
    write_run_yaml(dir, config, info);
    std::fprintf(stderr,
                 "stopped: every finished game is kept; resume with:\n  harness tune %s --out %s "
                 "--resume%s\n",
                 shell_quote(options.config_path).c_str(), shell_quote(dir).c_str(),
                 options.threads ? (" --threads " + std::to_string(*options.threads)).c_str() : "");
    report.exit_code = 130;
    return report;
  }
  report.verdict = verify.verdict;
  info.status = "finished";
  info.verdict = verify.verdict;
  write_run_yaml(dir, config, info);
  write_tuned_yaml(dir, config, phase, verify);
  if (!options.quiet) {
    std::printf("tuned (%s): %s\n", phase.summary.c_str(), weights_flow(phase.tuned).c_str());
    std::printf("verdict: %s\n", verify_line(verify).c_str());
    std::printf("run folder: %s (tune.csv, tuned.yaml, verify.csv, games.csv, run.yaml)\n",
                dir.c_str());
    std::printf("plots and report.html: harness report %s\n", shell_quote(dir).c_str());
  }
  return report;
}

}  // namespace gts
