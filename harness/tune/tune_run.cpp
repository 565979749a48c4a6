#include "harness/tune/tune_run.h"

#include <cstdio>

#include "harness/strf.h"
#include "harness/tune/tune_phases.h"

namespace gts {

namespace {

void write_tuned_yaml(const std::string& dir, const TuneConfig& c, const TunePhaseResult& phase,
                      const VerifyResult& v) {
  std::string params;
  for (const auto& [k, val] : c.game_params) {
    params.append(params.empty() ? "" : ",").append(k).append("=").append(val);
  }
  std::string y = "# Tuned by `harness tune` from " + c.source_path + " (" + phase.summary + ")\n";
  y += "# for " + c.game + "(" + params + "), " + c.algorithm.label() + " at depth " +
       std::to_string(c.depth) + ".\n";
  y += "# Verification against the start weights: " + verify_line(v) + "\n";
  y += "# Paste under `evaluations:` of a tournament config; players name them by key.\n";
  y += "evaluations:\n";
  y += "  tuned: {kind: linear, weights: " + weights_text(phase.tuned) + "}\n";
  y += "  start: {kind: linear, weights: " + weights_text(c.start()) + "}\n";
  replace_file(dir + "/tuned.yaml", y);
}

}  // namespace

TuneReport run_tune(const RunRequest& request) {
  TuneConfig config = load_tune_config(request.config_path);
  RunDescription description;
  description.command = "tune";
  description.unit = "games";
  description.name = config.name;
  description.config_out_dir = config.output_dir;
  description.config_threads = config.threads;
  description.decisive_text = tune_decisive_text(config);
  description.resolved_config = tune_resolved_yaml(config);
  description.seed = config.seed;
  description.run_files = {"games.csv", "tune.csv"};
  RunPipeline pipeline(request, std::move(description));
  const std::string& dir = pipeline.dir();

  TuneContext ctx;
  ctx.config = &config;
  ctx.pipeline = &pipeline;
  ctx.game = make_game(config.game, config.game_params);
  ctx.engine = TuneEngine{config.algorithm, config.depth, config.max_plies};
  Journal journal(dir, false, request.resume);
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

  TuneReport report;
  report.dir = dir;
  if (phase.complete && verify.complete) pipeline.set_field("verdict", verify.verdict);
  report.exit_code = pipeline.finish(phase.complete && verify.complete, ctx.error);
  if (report.exit_code != 0) return report;
  report.verdict = verify.verdict;
  write_tuned_yaml(dir, config, phase, verify);
  if (!request.quiet) {
    std::printf("tuned (%s): %s\n", phase.summary.c_str(), weights_text(phase.tuned).c_str());
    std::printf("verdict: %s\n", verify_line(verify).c_str());
    std::printf("run folder: %s (tune.csv, tuned.yaml, verify.csv, games.csv, run.yaml)\n",
                dir.c_str());
    std::printf("plots and report.html: harness report %s\n", shell_quote(dir).c_str());
  }
  return report;
}

}  // namespace gts
