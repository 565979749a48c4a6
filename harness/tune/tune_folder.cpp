// A tune run's folder: games.csv, its journal; tune.csv, verify.csv and tuned.yaml, rebuilt from
// the games by running each phase again on their scores, and held to the files line by line.
#include "harness/tune/tune_folder.h"

#include <yaml-cpp/yaml.h>

#include <map>

#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/tournament/journal.h"
#include "harness/tune/tune_config.h"
#include "harness/tune/tune_run.h"

namespace gts {

namespace {

using namespace folder;

// The run's config as run.yaml records it, under the path the run was given it by.
std::optional<TuneConfig> run_config(const std::string& dir) {
  try {
    const YAML::Node run = YAML::LoadFile(dir + "/run.yaml");
    TuneConfig config = load_tune_config_text(emitted(run["config"]), dir + "/run.yaml");
    config.source_path = run["run"]["config_file"].as<std::string>();
    return config;
  } catch (const std::exception&) {
    return std::nullopt;  // named by the check
  }
}

void check_tune(const std::string& dir, const RunFacts& facts, Findings& findings) {
  const std::string games_path = dir + "/games.csv";
  std::optional<TuneConfig> config;
  if (facts.config) {
    try {
      (void)load_tune_config_text(emitted(*facts.config), dir + "/run.yaml");
      config = run_config(dir);
    } catch (const ConfigError& e) {
      findings.add(dir + "/run.yaml", 0, -1, std::string("its config: ") + e.what());
    }
  }
  // games.csv: the journal, each game once, numbered below run.yaml's games_done.
  const CsvFile games = read_csv(games_path, games_csv_header(), "every tune run writes it",
                                 findings, facts.running());
  Numbered in_games{.bound = "run.yaml: games_done", .line_of = {}};
  // A run in progress has played past the games_done it started from: each game once, so far.
  const long bound = facts.running() ? 1L << 30 : facts.done;
  std::map<int, double> scores;  // game -> the first player's score
  for (const auto& [line, r] : games.rows) {
    try {
      std::string text = csv::line(r);
      text.pop_back();  // its newline
      const GameRow row = parse_game_row(text);
      if (bound >= 0 &&
          in_games.take(row.game, line, static_cast<int>(bound), games_path, findings)) {
        scores.emplace(row.game, row.first_score());
      }
    } catch (const std::runtime_error& e) {
      findings.add(games_path, line, -1, std::string("not a row: ") + e.what());
    }
  }
  if (facts.running()) return;  // tune.csv, verify.csv and tuned.yaml are not whole yet
  if (games.exists && facts.done >= 0 && static_cast<long>(scores.size()) != facts.done) {
    findings.add(games_path, 0, -1,
                 "holds " + std::to_string(scores.size()) + " games; run.yaml's games_done is " +
                     std::to_string(facts.done));
  }
  // A finished run's tables, rebuilt from the games as the run wrote them, each held to its file
  // line by line (an interrupted run's are written anew by --resume).
  if (!config || facts.status != "finished" || !games.exists || !findings.clean(games_path)) return;
  try {
    const auto tables = tune_tables(*config, scores);
    for (const auto& [file, text] : tables) {
      check_rebuilt(dir + "/" + file, text, "games.csv", "a tune run writes it", findings);
    }
    // run.yaml's verdict: the last verification pair's.
    const std::string& verify = tables.at("verify.csv");
    const std::string last = verify.substr(verify.rfind('\n', verify.size() - 2) + 1);
    const std::string verdict = last.substr(last.rfind(',') + 1, last.size() - last.rfind(',') - 2);
    if (!facts.verdict.empty() && facts.verdict != verdict) {
      findings.add(dir + "/run.yaml", 0, -1,
                   "verdict: " + facts.verdict +
                       ", where the verification rebuilt from games.csv "
                       "ends " +
                       verdict);
    }
  } catch (const std::runtime_error& e) {
    findings.add(games_path, 0, -1,
                 std::string("the tables cannot be rebuilt from it: ") + e.what());
  }
}

class TuneKind final : public RunKind {
 public:
  std::string name() const override { return "tune"; }
  std::vector<std::string> commands() const override { return {"tune"}; }
  std::string unit() const override { return "games"; }
  std::vector<std::string> journal() const override { return {"games.csv"}; }
  std::map<std::string, std::string> rebuild(const std::string& dir) const override {
    const std::optional<TuneConfig> config = run_config(dir);
    if (!config) return {};
    try {
      std::map<int, double> scores;
      for (const GameRow& r : read_games_csv(dir + "/games.csv")) {
        scores.emplace(r.game, r.first_score());
      }
      return tune_tables(*config, scores);
    } catch (const std::exception&) {
      return {};  // a journal that does not read, or lacks a game: named by the check
    }
  }
  void check(const std::string& dir, const FolderReading& how, Findings& findings) const override {
    refuse_game_replay(dir, name(), how);
    check_tune(dir, check_run_yaml(dir, unit(), findings), findings);
    say_checked(dir, name(), how, findings);
  }
};

}  // namespace

const RunKind& tune_kind() {
  static const TuneKind kind;
  return kind;
}

}  // namespace gts
