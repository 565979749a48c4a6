// A tune run's folder: games.csv, its journal; tune.csv, verify.csv and tuned.yaml, held to the
// games and to each other.
#include "harness/tune/tune_folder.h"

#include <algorithm>
#include <map>
#include <set>

#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/strf.h"
#include "harness/tournament/journal.h"
#include "harness/tune/tune_config.h"
#include "harness/tune/tune_run.h"

namespace gts {

namespace {

using namespace folder;

void check_tune(const std::string& dir, const RunFacts& facts, Findings& findings) {
  const std::string games_path = dir + "/games.csv", tune_path = dir + "/tune.csv",
                    verify_path = dir + "/verify.csv";
  std::optional<TuneConfig> config;
  if (facts.config) {
    try {
      config = load_tune_config_text(emitted(*facts.config), dir + "/run.yaml");
    } catch (const ConfigError& e) {
      findings.add(dir + "/run.yaml", 0, -1, std::string("its config: ") + e.what());
    }
  }
  // games.csv: the journal, each game once, numbered below run.yaml's games_done.
  const CsvFile games =
      read_csv(games_path, games_csv_header(), "every tune run writes it", findings,
               facts.running());
  Numbered in_games{.bound = "run.yaml: games_done", .line_of = {}};
  // A run in progress has played past the games_done it started from: each game once, so far.
  const long bound = facts.running() ? 1L << 30 : facts.done;
  std::map<int, int> kept;  // game -> line
  for (const auto& [line, r] : games.rows) {
    try {
      std::string text = csv::line(r);
      text.pop_back();  // its newline
      const GameRow row = parse_game_row(text);
      if (bound >= 0 && in_games.take(row.game, line, static_cast<int>(bound), games_path, findings)) {
        kept.emplace(row.game, line);
      }
    } catch (const std::runtime_error& e) {
      findings.add(games_path, line, -1, std::string("not a row: ") + e.what());
    }
  }
  if (facts.running()) return;  // tune.csv, verify.csv and tuned.yaml are not whole yet
  if (games.exists && facts.done >= 0 && static_cast<long>(kept.size()) != facts.done) {
    findings.add(games_path, 0, -1,
                 "holds " + std::to_string(kept.size()) + " games; run.yaml's games_done is " +
                     std::to_string(facts.done));
  }
  if (!config) return;
  const TuneConfig& c = *config;
  const bool spsa = c.method == "spsa";
  const bool finished = facts.status == "finished";

  // tune.csv: the tuning phase, a row per SPSA iteration from 0 (the start) or per candidate.
  const CsvFile tune = read_csv(tune_path, "", "every tune run writes it", findings);
  long phase_games = -1;           // the phase's games as tune.csv counts them
  std::vector<std::string> tuned;  // the weights it ends with
  const std::string first = spsa ? "iteration" : "candidate";
  if (!tune.header.empty() && tune.header[0] != first) {
    findings.add(tune_path, 1, -1,
                 "not the header of a " + c.method + " run's tune.csv (it begins " + first + ")");
  } else if (!tune.header.empty()) {
    const auto names = weight_names(c.num_weights());
    std::set<std::string> candidates;
    for (const auto& cand : round_robin_candidates(c)) candidates.insert(cand.name);
    const long pairs = spsa ? c.spsa_pairs : c.round_robin.pairs;
    Keys in_tune;
    long sum_games = 0, best = 0, kept_rows = 0;
    for (const auto& [line, r] : tune.rows) {
      const std::string& key = r[0];
      const std::optional<long> k = whole(key);
      if (spsa ? !k || *k != kept_rows : !candidates.contains(key)) {
        if (!in_tune.line_of.contains(first + " " + key)) {
          findings.add(tune_path, line, -1,
                       first + " " + key + ": " +
                           (spsa ? "where iteration " + std::to_string(kept_rows) + " comes next"
                                 : "not a candidate of this run"));
          continue;
        }
      }
      if (!in_tune.take(first + " " + key, line, tune_path, findings)) continue;
      ++kept_rows;
      if (spsa) {
        long w = 0;
        for (const char* col : {"total_wins", "total_draws", "total_losses"}) {
          w += whole(r[tune.col(col)]).value_or(0);
        }
        phase_games = w;
        if (w != 2 * pairs * *k) {
          findings.add(tune_path, line, -1,
                       "iteration " + key + ": " + std::to_string(w) +
                           " games in its totals, where " + key + " iterations of " +
                           std::to_string(pairs) + " pairs play " + std::to_string(2 * pairs * *k));
        }
        tuned.clear();
        for (const auto& n : names) tuned.push_back(r[tune.col(n)]);
      } else {
        sum_games += whole(r[tune.col("games")]).value_or(0);
        if (r[tune.col("best")] == "true") {
          ++best;
          tuned.clear();
          for (const auto& n : names) tuned.push_back(r[tune.col(n)]);
        }
      }
    }
    const long rows_wanted = spsa ? c.spsa.iterations + 1 : static_cast<long>(candidates.size());
    if (finished && kept_rows != rows_wanted) {
      findings.add(tune_path, 0, -1,
                   "holds " + std::to_string(kept_rows) + " " + first + "s of the run's " +
                       std::to_string(rows_wanted));
    }
    if (!spsa) {
      phase_games = sum_games / 2;
      if (kept_rows > 0 && best != 1) {
        findings.add(tune_path, 0, -1, std::to_string(best) + " candidates marked best, not 1");
      }
    }
  }

  // verify.csv: a row per game pair from 0; the last holds the verdict run.yaml records.
  const CsvFile verify =
      read_csv(verify_path, verify_csv_header(),
               finished ? "a tune run writes it" : at_end("tune", facts.status), findings);
  long verify_games = 0;
  int last_line = 0;
  std::string verdict;
  Numbered in_verify{.unit = "pair", .bound = "verify.max_games / 2 =", .line_of = {}};
  for (const auto& [line, r] : verify.rows) {
    const std::optional<long> p = whole(r[0]);
    if (!p || !in_verify.take(static_cast<int>(*p), line, c.verify.max_games / 2, verify_path,
                              findings)) {
      continue;
    }
    if (*p + 1 != static_cast<long>(in_verify.line_of.size())) {
      findings.add(verify_path, line, -1,
                   "pair " + r[0] + ": where pair " + std::to_string(in_verify.line_of.size() - 1) +
                       " comes next");
      continue;
    }
    verify_games = whole(r[verify.col("games")]).value_or(-1);
    verdict = r[verify.col("verdict")];
    last_line = line;
  }
  const bool tune_whole = tune.exists && findings.clean(tune_path);
  const bool verify_whole = verify.exists && findings.clean(verify_path);
  if (finished && verify_whole && last_line > 0 && !facts.verdict.empty() &&
      verdict != facts.verdict) {
    findings.add(verify_path, last_line, -1,
                 "the last pair's verdict is " + verdict + ", run.yaml's " + facts.verdict);
  }
  // Verification plays whole batches of pairs: the games of its last batch past the deciding
  // pair are played and journaled too.
  const long batch = std::max(1, c.verify.batch_pairs);
  const long verify_played =
      2 * std::min<long>(c.verify.max_games / 2, (verify_games / 2 + batch - 1) / batch * batch);
  if (finished && findings.clean(games_path) && games.exists && tune_whole && verify_whole &&
      phase_games >= 0 && static_cast<long>(kept.size()) != phase_games + verify_played) {
    findings.add(games_path, 0, -1,
                 "holds " + std::to_string(kept.size()) + " games, where tune.csv counts " +
                     std::to_string(phase_games) + " and verify.csv " +
                     std::to_string(verify_games) + " (" + std::to_string(verify_played) +
                     " played in whole batches of " + std::to_string(batch) + " pairs)");
  }

  // tuned.yaml: the weights tune.csv ends with (SPSA's last iteration, the best candidate).
  const std::string tuned_path = dir + "/tuned.yaml";
  const std::optional<YAML::Node> y =
      read_yaml(tuned_path, at_end("tune", facts.status), {"evaluations"},
                "a tuned.yaml (evaluations)", findings);
  if (!y) return;
  const YAML::Node evaluations = (*y)["evaluations"];
  const YAML::Node w = is(evaluations, kMap) && is(evaluations["tuned"], kMap)
                           ? evaluations["tuned"]["weights"]
                           : YAML::Node();
  if (!is(w, kSequence)) {
    findings.add(tuned_path, 0, -1, "holds no evaluations.tuned.weights");
    return;
  }
  std::vector<std::string> written;
  for (const auto& v : w) written.push_back(v.IsScalar() ? v.Scalar() : "?");
  if (tune_whole && !tuned.empty() && written != tuned) {
    findings.add(tuned_path, w.Mark().line + 1, -1,
                 "the tuned weights [" + join_strings(written, ", ") + "] are not tune.csv's [" +
                     join_strings(tuned, ", ") + "]");
  }
}

class TuneKind final : public RunKind {
 public:
  std::string name() const override { return "tune"; }
  std::vector<std::string> commands() const override { return {"tune"}; }
  std::string unit() const override { return "games"; }
  std::vector<std::string> journal() const override { return {"games.csv"}; }
  std::map<std::string, std::string> rebuild(const std::string&) const override { return {}; }
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
