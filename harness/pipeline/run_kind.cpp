#include "harness/pipeline/run_kind.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "common/input_error.h"
#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/run_pipeline.h"

namespace gts {

void refuse_game_replay(const std::string& dir, const std::string& kind, const FolderReading& how) {
  if (how.game >= 0) {
    throw ParamError("--game: " + dir + " holds a " + kind + " run, which plays no games to draw");
  }
}

void say_checked(const std::string& dir, const std::string& kind, const FolderReading& how,
                 const Findings& findings) {
  if (!how.say || !how.sound || findings.count() > 0) return;
  std::printf(
      "checked %s, a %s run: every file is whole and agrees with the others (no games to play "
      "back)\n",
      dir.c_str(), kind.c_str());
}

std::map<std::string, std::string> JournaledKind::rebuild(const std::string& dir) const {
  std::string why;
  return rebuild(dir, why);
}

std::map<std::string, std::string> JournaledKind::rebuild(const std::string& dir,
                                                          std::string& why) const {
  std::vector<std::string> results;
  try {
    const YAML::Node run = YAML::LoadFile(dir + "/run.yaml")["run"];
    if (run["status"].as<std::string>() != "finished") return {};
    const auto total = run[unit() + "_total"].as<std::size_t>();
    const std::vector<std::string> lines = complete_lines(dir + "/results.log");
    if (lines.size() != total) return {};
    results.resize(total);
    std::vector<bool> seen(total, false);
    std::size_t index = 0;
    std::string result;
    for (const std::string& line : lines) {
      if (!parse_result_line(line, total, index, result) || seen[index]) return {};
      seen[index] = true;
      results[index] = std::move(result);
    }
  } catch (const std::exception&) {
    return {};  // a journal or run.yaml that does not read: named by the check
  }
  try {
    return tables(dir, results);
  } catch (const std::exception& e) {
    why = e.what();
    return {};
  }
}

void JournaledKind::check(const std::string& dir, const FolderReading& how,
                          Findings& findings) const {
  refuse_game_replay(dir, name(), how);
  const folder::RunFacts facts = folder::check_run_yaml(dir, unit(), findings);
  folder::check_config_yaml(dir, facts, findings);
  folder::check_results_log(dir, unit(), facts, findings);
  if (facts.running()) return;  // its tables are written at its end
  if (findings.clean(dir + "/results.log")) {
    std::string why;
    for (const auto& [file, text] : rebuild(dir, why)) {
      check_rebuilt(dir + "/" + file, text, "results.log", folder::at_end(name(), facts.status),
                    findings);
    }
    if (!why.empty() && findings.clean(dir + "/config.yaml")) {
      findings.add(dir + "/config.yaml", 0, -1,
                   "the tables cannot be rebuilt from it and results.log: " + why);
    }
  }
  say_checked(dir, name(), how, findings);
}

std::string RunProgress::line() const {
  std::string text = "run in progress: " + std::to_string(done);
  if (total >= 0) text += " of " + std::to_string(total);
  return text + " " + unit + " done";
}

RunProgress run_progress(const std::string& dir, const RunKind& kind) {
  RunProgress p;
  p.unit = kind.unit();
  try {
    const YAML::Node run = YAML::LoadFile(dir + "/run.yaml")["run"];
    p.running = run["status"] && run["status"].as<std::string>() == "running";
    if (run[p.unit + "_total"]) p.total = run[p.unit + "_total"].as<long>();
  } catch (const std::exception&) {
    return p;  // a run.yaml that does not read is the check's to name
  }
  // Records in the journal so far: its first file's complete lines (a CSV's header aside).
  const std::string journal = dir + "/" + kind.journal().front();
  if (std::filesystem::is_regular_file(journal)) {
    const auto lines = static_cast<long>(complete_lines(journal).size());
    p.done = journal.ends_with(".csv") ? std::max(0L, lines - 1) : lines;
  }
  return p;
}

void locate_damage(const std::string& dir, const RunKind& kind,
                   std::vector<std::string>& problems) {
  const std::map<std::string, std::string> rebuilt = kind.rebuild(dir);
  const std::string source = kind.journal().front();
  for (std::string& line : problems) {
    for (const auto& [file, text] : rebuilt) {
      const std::string path = dir + "/" + file;
      if (!line.starts_with(path + ": changed")) continue;
      const Difference d = first_difference(read_file_text(path), text, source);
      if (d.line > 0) line += "; line " + std::to_string(d.line) + ": " + d.what;
    }
  }
}

}  // namespace gts
