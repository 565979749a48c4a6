// `harness verify RUN_DIR`: checks every file of a run folder against its manifest
// (manifest.sha256) and nothing else: fast, and the same for every kind of run. Each file that is
// not what the run wrote is one line on stderr; exit 1.
#include <cstdio>
#include <filesystem>

#include "common/input_error.h"
#include "harness/cli/command.h"
#include "harness/pipeline/manifest.h"
#include "harness/pipeline/run_kind.h"

namespace gts::cli {

namespace {

struct VerifyArgs {
  std::string run_dir;
};

int run_verify(const VerifyArgs& args) {
  const std::string& dir = args.run_dir;
  if (!std::filesystem::is_directory(dir)) {
    throw ParamError("RUN_DIR: " + dir + " is not a folder");
  }
  const ManifestCheck check = verify_manifest(dir);
  if (!check.present) {
    if (!std::filesystem::exists(dir + "/run.yaml")) {
      throw ParamError("RUN_DIR: " + dir + " holds no run.yaml (not the folder of a harness run)");
    }
    std::fprintf(stderr,
                 "%s/%s: missing: a folder written before manifests (or with its manifest "
                 "deleted) cannot be verified; `harness replay %s` checks it by its files' own "
                 "rules, or run it again\n",
                 dir.c_str(), kManifestName, dir.c_str());
    return 1;
  }
  for (const std::string& line : check.problems) std::fprintf(stderr, "%s\n", line.c_str());
  for (const std::string& line : check.notes) std::printf("note: %s\n", line.c_str());
  if (const RunKind* kind = run_kind_of(dir)) {
    if (const RunProgress progress = run_progress(dir, *kind); progress.running) {
      std::printf("%s: %s\n", dir.c_str(), progress.line().c_str());
    }
  }
  if (!check.problems.empty()) {
    std::printf("%s: %zu problems (listed on stderr)\n", dir.c_str(), check.problems.size());
    return 1;
  }
  std::printf("%s: every file is as the run wrote it (%s)\n", dir.c_str(), kManifestName);
  return 0;
}

}  // namespace

void add_verify_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<VerifyArgs>(
      app, action, "verify",
      "check every file of a run folder against its manifest (manifest.sha256), nothing else",
      run_verify);
  cmd->add_option("RUN_DIR", args->run_dir, "a run folder (of harness run, compare, solve or tune)")
      ->required();
}

}  // namespace gts::cli
