// `harness replay RUN_DIR [--game N]`: checks a run folder whole, after its manifest, by its run
// kind's own check (harness/pipeline/run_kind.h): a tournament's games are played back from
// games.txt, and with --game one is drawn move by move.
// Each disagreement is one line on stderr, `FILE:LINE: game N: what`; exit 1.
#include <cstdio>
#include <filesystem>

#include "common/input_error.h"
#include "harness/cli/command.h"
#include "harness/pipeline/folder_check.h"
#include "harness/pipeline/manifest.h"
#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/run_kind.h"

namespace gts::cli {

namespace {

struct ReplayArgs {
  std::string run_dir;
  int game = -1;
};

// The manifest first (manifest.h): each file that is not what the run wrote, one line on
// stderr; a killed run's unverified tail, a note on stdout. The kind's own checks follow and find
// the line where they can.
int manifest_findings(const std::string& dir) {
  ManifestCheck check = verify_manifest(dir);
  if (const RunKind* kind = run_kind_of(dir)) locate_damage(dir, *kind, check.problems);
  for (const std::string& line : check.problems) std::fprintf(stderr, "%s\n", line.c_str());
  for (const std::string& line : check.notes) std::printf("note: %s\n", line.c_str());
  return static_cast<int>(check.problems.size());
}

// The summary line of a folder with problems; exit 1.
int damaged(const std::string& dir, int problems) {
  std::printf("%s: %d problems (listed on stderr)\n", dir.c_str(), problems);
  return 1;
}

int run_replay(const ReplayArgs& args) {
  const std::string& dir = args.run_dir;
  // An older format's folder is refused first (exit 2): it has no manifest to hold it to.
  if (std::filesystem::is_regular_file(dir + "/run.yaml")) check_run_folder_format(dir);
  const int unsound = std::filesystem::is_directory(dir) ? manifest_findings(dir) : 0;
  if (!std::filesystem::is_regular_file(dir + "/run.yaml")) {
    // A folder with a run's journal but no run.yaml is a damaged run; any other is not a run's.
    for (const RunKind* kind : run_kinds()) {
      for (const std::string& journal : kind->journal()) {
        if (!std::filesystem::is_regular_file(dir + "/" + journal)) continue;
        Findings(true).add(dir + "/run.yaml", 0, -1,
                           "missing (every run writes it; the folder holds a run's " + journal +
                               "): replay cannot tell what the run was");
        return damaged(dir, unsound + 1);
      }
    }
    if (unsound > 0) return damaged(dir, unsound);
    throw ParamError("RUN_DIR: " + dir + " holds no run.yaml (not the folder of a harness run)");
  }
  check_run_folder_format(dir);
  // A run.yaml that does not say its kind is checked as the first kind's, which names why.
  const RunKind& kind = run_kind_of(dir) != nullptr ? *run_kind_of(dir) : *run_kinds().front();
  Findings findings(true);
  kind.check(dir, {.game = args.game, .say = true, .sound = unsound == 0}, findings);
  // A run in progress (or killed before its end) was checked as far as it has gone.
  if (const RunProgress progress = run_progress(dir, kind); progress.running) {
    std::printf("%s: %s\n", dir.c_str(), progress.line().c_str());
  }
  if (unsound + findings.count() > 0) return damaged(dir, unsound + findings.count());
  return 0;
}

}  // namespace

void add_replay_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<ReplayArgs>(
      app, action, "replay",
      "check a run folder whole; play a tournament's games back from games.txt", run_replay);
  cmd->add_option("RUN_DIR", args->run_dir,
                  "a run folder of harness run (with output.moves), compare, solve or tune")
      ->required();
  cmd->add_option("--game", args->game, "draw this game move by move")
      ->check(integer_in(0, 1'000'000'000));
}

}  // namespace gts::cli
