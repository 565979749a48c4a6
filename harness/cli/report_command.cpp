// `harness report RUN_DIR`: plots and report.html from a run folder (see harness/report/report.h).
#include <algorithm>
#include <iostream>

#include "common/input_error.h"
#include "harness/cli/command.h"
#include "harness/pipeline/manifest.h"
#include "harness/pipeline/output_folder.h"
#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/run_kind.h"
#include "harness/report/report.h"

namespace gts::cli {

namespace {

int run_report(report::ReportOptions options) {
  if (!options.out_dir.empty()) {
    if (const std::string why = make_output_folder(options.out_dir); !why.empty()) {
      throw ParamError("--out: " + why);
    }
  }
  // An older format's folder is refused (exit 2); the kind run.yaml names, and the whole-folder
  // check replay makes of it (a tournament run without output.moves, which has no games.txt to
  // replay: the report's own checks only).
  const std::string dir = options.run_dir.string();
  check_run_folder_format(dir);
  const RunKind* kind = run_kind_of(dir);
  options.kind = kind != nullptr ? kind->name() : "";
  // The manifest first (manifest.h), then the kind's own checks, which find the line.
  std::vector<std::string> unsound = verify_manifest(dir).problems;
  if (kind != nullptr) locate_damage(dir, *kind, unsound);
  // A run in progress is reported as far as it has gone: its journal's complete records and the
  // tables rebuilt from them.
  const RunProgress progress = kind != nullptr ? run_progress(dir, *kind) : RunProgress{};
  if (progress.running) {
    options.progress = progress.line();
    options.so_far = kind->rebuild(dir);
    for (const std::string& file : kind->journal()) {
      std::string text;
      for (const std::string& line : complete_lines(dir + "/" + file)) text += line + "\n";
      options.so_far[file] = text;
    }
    std::cout << dir << ": " << progress.line() << "\n";
  }
  options.check = [&](const std::string& name) -> std::optional<std::vector<std::string>> {
    Findings findings(false);
    for (const RunKind* k : run_kinds()) {
      if (k->name() != name) continue;
      try {
        k->check(dir, {}, findings);
      } catch (const InputError&) {
        if (unsound.empty()) return std::nullopt;  // a folder the check cannot read whole
      }
    }
    std::vector<std::string> lines = unsound;
    lines.insert(lines.end(), findings.lines().begin(), findings.lines().end());
    return lines;
  };
  const report::ReportResult r = report::write_report(options);
  if (r.html.empty()) {
    std::cout << r.kind << " report: not written: the run folder is damaged (its problems are "
              << "listed on stderr)\n";
  } else {
    const auto png = std::count_if(r.images.begin(), r.images.end(),
                                   [](const auto& image) { return image.extension() == ".png"; });
    std::cout << r.kind << " report: " << r.html.string() << " (" << png
              << " plots as PNG and SVG in " << (r.html.parent_path() / "plots").string()
              << (options.self_contained ? "; inlined as SVG" : "") << ")\n";
  }
  // A file the run should have, or a row its standings do not count, is bad news: named, never
  // silently dropped.
  for (const auto& line : r.problems) std::cerr << line << "\n";
  return r.problems.empty() ? 0 : 1;
}

}  // namespace

void add_report_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<report::ReportOptions>(
      app, action, "report",
      "plots (PNG and SVG, through gnuplot) and report.html from a run folder's CSVs", run_report);
  cmd->add_option("RUN_DIR", args->run_dir, "a run folder (of harness run, compare, solve or tune)")
      ->required();
  cmd->add_option("--out", args->out_dir,
                  "folder for report.html and plots/ (default: the run folder itself)");
  cmd->add_flag("--self-contained", args->self_contained,
                "inline the plots (SVG) into report.html and name the run folder's CSVs "
                "instead of linking them, so that the one file can be mailed");
}

}  // namespace gts::cli
