#include "harness/cli/run_folder_checks.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

#include "harness/compare/accuracy.h"
#include "harness/compare/compare_runner.h"
#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"
#include "harness/solve/solve_runner.h"
#include "harness/strf.h"
#include "harness/tournament/journal.h"
#include "harness/tournament/report.h"
#include "harness/tune/tune_config.h"
#include "harness/tune/tune_run.h"

namespace gts::cli {

namespace {

std::string emitted(const YAML::Node& node) {
  YAML::Emitter e;
  e << node;
  return e.c_str();
}

// Whether `node` is there and of that type (asking a missing key's node its type throws).
bool is(const YAML::Node& node, YAML::NodeType::value type) {
  return node.IsDefined() && node.Type() == type;
}
constexpr auto kMap = YAML::NodeType::Map;
constexpr auto kSequence = YAML::NodeType::Sequence;
constexpr auto kScalar = YAML::NodeType::Scalar;

// A whole number of a cell or a YAML scalar; nullopt when it is not one.
std::optional<long> whole(const std::string& text) { return parse_whole<long>(text); }

// A YAML file the run wrote: complete, YAML, a map of the top-level `keys` only (`of` names
// them; any keys when empty), and no key given twice in any map (the parser would keep either
// silently). Nullopt when it is not whole.
std::optional<YAML::Node> read_yaml(const std::string& path, const std::string& written,
                                    const std::vector<std::string>& keys, const std::string& of,
                                    Findings& findings) {
  const FileLines f = read_lines(path, findings);
  if (!f.exists) {
    findings.add(path, 0, -1, "missing (" + written + ")");
    return std::nullopt;
  }
  if (f.cut) return std::nullopt;
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) {
    findings.add(path, e.mark.line + 1, -1, "does not read as YAML: " + e.msg);
    return std::nullopt;
  }
  if (!root.IsMap()) {
    findings.add(path, 1, -1, f.lines.empty() ? "empty" : "not a map of keys");
    return std::nullopt;
  }
  for (const auto& kv : root) {
    if (!keys.empty() && std::ranges::find(keys, kv.first.Scalar()) == keys.end()) {
      findings.add(path, kv.first.Mark().line + 1, -1,
                   "'" + kv.first.Scalar() + "': not an entry of " + of);
    }
  }
  const auto walk = [&](const auto& self, const YAML::Node& node) -> void {
    if (node.IsSequence()) {
      for (const auto& item : node) self(self, item);
    }
    if (!node.IsMap()) return;
    std::map<std::string, int> line_of;
    for (const auto& kv : node) {
      const int line = kv.first.Mark().line + 1;
      if (const auto [it, fresh] = line_of.emplace(kv.first.Scalar(), line); !fresh) {
        findings.add(path, line, -1,
                     "'" + kv.first.Scalar() + "' given again (first at line " +
                         std::to_string(it->second) + ")");
      }
      self(self, kv.second);
    }
  };
  walk(walk, root);
  return root;
}

// What run.yaml says of the run: its resolved config, status and counts of `unit` (-1: unsaid).
struct RunFacts {
  std::optional<YAML::Node> config;  // nullopt unless run.yaml is whole
  std::string status;
  std::string verdict;
  long total = -1, done = -1;
};

RunFacts check_run_yaml(const std::string& dir, const std::string& unit, Findings& findings) {
  const std::string path = dir + "/run.yaml";
  RunFacts facts;
  const std::optional<YAML::Node> root = read_yaml(path, "every run writes it", {"run", "config"},
                                                   "a run.yaml (run, config)", findings);
  if (!root) return facts;
  const YAML::Node run = (*root)["run"];
  const YAML::Node config = (*root)["config"];
  if (!is(run, kMap) || !is(config, kMap)) {
    findings.add(path, 0, -1, "not a run.yaml: it needs a 'run' and a 'config' map");
    return facts;
  }
  const auto count = [&](const std::string& key) -> long {
    const YAML::Node n = run[key];
    if (!n) return -1;
    const auto v = is(n, kScalar) ? whole(n.Scalar()) : std::nullopt;
    if (!v || *v < 0) {
      findings.add(path, n.Mark().line + 1, -1, "'" + key + "' is not a count");
      return -1;
    }
    return *v;
  };
  facts.total = count(unit + "_total");
  facts.done = count(unit + "_done");
  if (is(run["status"], kScalar)) facts.status = run["status"].Scalar();
  if (is(run["verdict"], kScalar)) facts.verdict = run["verdict"].Scalar();
  if (facts.total >= 0 && facts.done > facts.total) {
    findings.add(path, run[unit + "_done"].Mark().line + 1, -1,
                 unit + "_done " + std::to_string(facts.done) + " exceeds " + unit + "_total " +
                     std::to_string(facts.total));
  }
  // Its config is what the other files are held to, only from a whole run.yaml.
  if (findings.clean(path)) facts.config = config;
  return facts;
}

// config.yaml, the config as the run read it, must be run.yaml's: each top-level key alike.
void check_config_yaml(const std::string& dir, const RunFacts& facts, Findings& findings) {
  const std::string path = dir + "/config.yaml";
  std::vector<std::string> keys;
  if (facts.config) {
    for (const auto& kv : *facts.config) keys.push_back(kv.first.Scalar());
  }
  const std::optional<YAML::Node> config =
      read_yaml(path, "every compare and solve run writes it", keys, "run.yaml's config", findings);
  if (!config || !facts.config || !findings.clean(path)) return;
  for (const auto& kv : *config) {
    const std::string key = kv.first.Scalar();
    const YAML::Node theirs = (*facts.config)[key];
    if (emitted(theirs) != emitted(kv.second)) {
      findings.add(path, kv.first.Mark().line + 1, -1,
                   "'" + key + "' differs from run.yaml's config (the config the run was given)");
    }
  }
  for (const auto& kv : *facts.config) {
    if (!(*config)[kv.first.Scalar()]) {
      findings.add(path, 0, -1, "'" + kv.first.Scalar() + "' missing (run.yaml's config has it)");
    }
  }
}

// results.log, the journal of a compare or solve run: a line per finished job ("INDEX HEX"), each
// job of the run once, as many as run.yaml's `unit`_done.
void check_results_log(const std::string& dir, const std::string& unit, const RunFacts& facts,
                       Findings& findings) {
  const std::string path = dir + "/results.log";
  const FileLines f = read_lines(path, findings);
  if (!f.exists) {
    findings.add(path, 0, -1, "missing (the journal every compare and solve run writes)");
    return;
  }
  Numbered jobs{.unit = "job", .bound = "run.yaml: " + unit + "_total", .line_of = {}};
  for (std::size_t i = 0; i < f.lines.size(); ++i) {
    const std::string& l = f.lines[i];
    const int line = static_cast<int>(i) + 1;
    int index = -1;
    const auto [space, ec] = std::from_chars(l.data(), l.data() + l.size(), index);
    const std::size_t hex = static_cast<std::size_t>(space - l.data()) + 1;
    if (ec != std::errc() || hex > l.size() || l[hex - 1] != ' ' || (l.size() - hex) % 2 != 0 ||
        l.find_first_not_of("0123456789abcdef", hex) != std::string::npos) {
      findings.add(path, line, -1, "not a job's result (its number, a space, then bytes in hex)");
      continue;
    }
    if (facts.total >= 0) {
      (void)jobs.take(index, line, static_cast<int>(facts.total), path, findings);
    }
  }
  if (facts.total >= 0 && facts.done >= 0 && static_cast<long>(jobs.line_of.size()) != facts.done) {
    findings.add(path, 0, -1,
                 "holds " + std::to_string(jobs.line_of.size()) + " results; run.yaml's " + unit +
                     "_done is " + std::to_string(facts.done));
  }
}

// Why a file written at the run's end is expected: said with the status of a run not finished.
std::string at_end(const std::string& kind, const std::string& status) {
  if (status == "finished" || status.empty()) return "a " + kind + " run writes it";
  return "a " + kind + " run writes it at its end; run.yaml's status is '" + status +
         "': finish it with --resume";
}

// A compare row's depth as its messages name it: "5", "max" (to the end), "max (5 plies)".
std::string depth_key(const std::string& depth, const std::string& to_end) {
  if (to_end != "true") return depth;
  return depth.empty() ? "max" : "max (" + depth + " plies)";
}

// The swept parameters' columns, as the header of the CSV at `path` names them: a file whose
// header is not its own is named by its own check.
std::vector<std::string> header_params(const std::string& path) {
  try {
    const std::string text = read_file_text(path);
    return compare_header_params(csv::split(text.substr(0, text.find('\n'))));
  } catch (const std::runtime_error&) {
    return {};  // read_csv names the bad header
  }
}

// An accuracy run: inputs.csv, exact.csv (each input's moves, once each), searches.csv (each
// input, algorithm and budget once; each chosen move's value exact.csv's) and accuracy.csv (a
// row per group, algorithm and budget, counting searches.csv's scored and optimal searches).
void check_accuracy(const std::string& dir, const RunFacts& facts, Findings& findings) {
  const std::string written = at_end("compare", facts.status);
  const std::string inputs_path = dir + "/inputs.csv", exact_path = dir + "/exact.csv",
                    searches_path = dir + "/searches.csv", accuracy_path = dir + "/accuracy.csv";
  const CsvFile inputs =
      read_csv(inputs_path, compare_inputs_header(header_params(inputs_path)), written, findings);
  const CsvFile exact = read_csv(exact_path, exact_csv_header(), written, findings);
  const CsvFile searches =
      read_csv(searches_path, searches_csv_header(header_params(searches_path)), written, findings);
  const CsvFile accuracy =
      read_csv(accuracy_path, accuracy_csv_header(header_params(accuracy_path)), written, findings);
  long algorithms = 0, budgets = 0;
  if (facts.config && is((*facts.config)["algorithms"], kSequence)) {
    algorithms = static_cast<long>((*facts.config)["algorithms"].size());
  }
  if (facts.config && is((*facts.config)["accuracy"], kMap) &&
      is((*facts.config)["accuracy"]["budgets"], kSequence)) {
    budgets = static_cast<long>((*facts.config)["accuracy"]["budgets"].size());
  }
  const bool inputs_sound = inputs.exists && findings.clean(inputs_path);
  Keys in_inputs;
  std::map<std::string, std::string> group_of;
  for (const auto& [line, r] : inputs.rows) {
    const std::string& input = r[inputs.col("input")];
    if (in_inputs.take("input " + input, line, inputs_path, findings)) {
      group_of[input] = r[inputs.col("group")];
    }
  }
  // exact.csv: each (input, move) once, of an input of inputs.csv.
  Keys in_exact;
  std::map<std::pair<std::string, std::string>, std::string> value_of;
  for (const auto& [line, r] : exact.rows) {
    const std::string &input = r[exact.col("input")], &move = r[exact.col("move")];
    if (inputs_sound && !group_of.contains(input)) {
      findings.add(exact_path, line, -1, "input " + input + ": not an input of inputs.csv");
      continue;
    }
    if (in_exact.take("input " + input + ", move " + move, line, exact_path, findings)) {
      value_of[{input, move}] = r[exact.col("value")];
    }
  }
  const bool exact_sound = exact.exists && findings.clean(exact_path);
  if (exact_sound && inputs_sound) {
    std::set<std::string> solved;
    for (const auto& [key, value] : value_of) solved.insert(key.first);
    for (const auto& [input, line] : in_inputs.line_of) {
      if (!solved.contains(input.substr(6))) {
        findings.add(inputs_path, line, -1, input + ": no move of it in exact.csv");
      }
    }
  }
  // searches.csv: each (input, variant, budget) once; counted by accuracy.csv's cells.
  using Cell = std::tuple<std::string, std::string, std::string>;
  std::map<Cell, std::pair<long, long>> cells;  // (scored, optimal)
  Keys in_searches;
  long kept = 0;
  for (const auto& [line, r] : searches.rows) {
    const std::string &input = r[searches.col("input")], &variant = r[searches.col("variant")],
                      &budget = r[searches.col("budget")];
    const std::string key = "input " + input + ", " + variant + " at budget " + budget;
    if (inputs_sound && !group_of.contains(input)) {
      findings.add(searches_path, line, -1, key + ": not an input of inputs.csv");
      continue;
    }
    if (!in_searches.take(key, line, searches_path, findings)) continue;
    ++kept;
    const std::string& optimal = r[searches.col("optimal")];
    auto& [scored, best] = cells[{group_of[input], variant, budget}];
    scored += optimal.empty() ? 0 : 1;
    best += optimal == "true" ? 1 : 0;
    const std::string& move = r[searches.col("best_move")];
    if (exact_sound && !optimal.empty() &&
        value_of[{input, move}] != r[searches.col("move_value")]) {
      findings.add(searches_path, line, -1,
                   key + ": move " + move + " valued " + r[searches.col("move_value")] +
                       ", where exact.csv gives '" + value_of[{input, move}] + "'");
    }
  }
  if (searches.exists && facts.total >= 0 && algorithms > 0 && budgets > 0 &&
      kept != facts.total / (budgets + 1) * budgets * algorithms) {
    findings.add(searches_path, 0, -1,
                 "holds " + std::to_string(kept) + " searches, where run.yaml's jobs_total " +
                     std::to_string(facts.total) + " (an exact job and " + std::to_string(budgets) +
                     " budgets per input) of " + std::to_string(algorithms) + " algorithms make " +
                     std::to_string(facts.total / (budgets + 1) * budgets * algorithms));
  }
  // accuracy.csv: a row per cell of searches.csv with its counts.
  const bool cross = searches.exists && findings.clean(searches_path) && inputs_sound;
  Keys in_accuracy;
  std::set<Cell> seen;
  for (const auto& [line, r] : accuracy.rows) {
    const Cell cell{r[accuracy.col("group")], r[accuracy.col("variant")],
                    r[accuracy.col("budget")]};
    const std::string key =
        "group " + std::get<0>(cell) + ", " + std::get<1>(cell) + " at budget " + std::get<2>(cell);
    if (!in_accuracy.take(key, line, accuracy_path, findings) || !cross) continue;
    const auto it = cells.find(cell);
    if (it == cells.end()) {
      findings.add(accuracy_path, line, -1, key + ": no search of searches.csv");
      continue;
    }
    seen.insert(cell);
    for (const auto& [column, count] : {std::pair("positions", it->second.first),
                                        std::pair("optimal_moves", it->second.second)}) {
      if (whole(r[accuracy.col(column)]) != count) {
        findings.add(accuracy_path, line, -1,
                     key + ": " + column + " " + r[accuracy.col(column)] +
                         ", where searches.csv counts " + std::to_string(count));
      }
    }
  }
  for (const auto& [cell, counts] : cells) {
    if (accuracy.exists && cross && !seen.contains(cell)) {
      findings.add(accuracy_path, 0, -1,
                   "group " + std::get<0>(cell) + ", " + std::get<1>(cell) + " at budget " +
                       std::get<2>(cell) + ": missing (searches.csv holds it)");
    }
  }
}

void check_compare(const std::string& dir, const RunFacts& facts, Findings& findings) {
  if (facts.config && (*facts.config)["accuracy"]) {
    check_accuracy(dir, facts, findings);
    return;
  }
  const std::string written = at_end("compare", facts.status);
  const std::string inputs_path = dir + "/inputs.csv", rows_path = dir + "/compare.csv",
                    summary_path = dir + "/summary.csv";
  // The swept parameters' columns, as each file's header names them (summary.csv's less the
  // seed): a file whose header is not its own is named by its own check.
  const auto params = [](const std::string& path) {
    try {
      const std::string text = read_file_text(path);
      return compare_header_params(csv::split(text.substr(0, text.find('\n'))));
    } catch (const std::runtime_error&) {
      return std::vector<std::string>{};  // read_csv names the bad header
    }
  };
  const CsvFile inputs =
      read_csv(inputs_path, compare_inputs_header(params(inputs_path)), written, findings);
  const CsvFile rows =
      read_csv(rows_path, compare_csv_header(params(rows_path)), written, findings);
  const CsvFile summary =
      read_csv(summary_path, compare_summary_header(params(summary_path)), written, findings);

  // The files each is held to, where those are whole.
  const bool inputs_sound = inputs.exists && findings.clean(inputs_path);
  const bool rows_sound = rows.exists && findings.clean(rows_path);
  long algorithms = 0;  // run.yaml's config's
  if (facts.config && is((*facts.config)["algorithms"], kSequence)) {
    algorithms = static_cast<long>((*facts.config)["algorithms"].size());
  }
  // inputs.csv: each input once, with its group.
  Keys in_inputs;
  std::map<std::string, std::string> group_of;
  for (const auto& [line, r] : inputs.rows) {
    const std::string& input = r[inputs.col("input")];
    if (in_inputs.take("input " + input, line, inputs_path, findings)) {
      group_of[input] = r[inputs.col("group")];
    }
  }
  // compare.csv: each (input, algorithm, depth) once, of an input of inputs.csv; counted by the
  // summary's cells (group, algorithm, depth): rows, and rows that agree with the reference.
  using Cell = std::tuple<std::string, std::string, std::string>;
  std::map<Cell, std::pair<long, long>> cells;
  std::set<std::string> with_rows;
  Keys in_rows;
  long kept = 0;
  for (const auto& [line, r] : rows.rows) {
    const std::string &input = r[rows.col("input")], &variant = r[rows.col("variant")];
    const std::string depth = depth_key(r[rows.col("depth")], r[rows.col("to_end")]);
    const std::string key = "input " + input + ", " + variant + " at depth " + depth;
    if (inputs_sound && !group_of.contains(input)) {
      findings.add(rows_path, line, -1, key + ": not an input of inputs.csv");
      continue;
    }
    if (!in_rows.take(key, line, rows_path, findings)) continue;
    ++kept;
    with_rows.insert(input);
    auto& [n, agree] = cells[{group_of[input], variant, depth}];
    ++n;
    agree += r[rows.col("agrees")] == "true" ? 1 : 0;
  }
  if (rows.exists && facts.total >= 0 && algorithms > 0 && kept != facts.total * algorithms) {
    findings.add(rows_path, 0, -1,
                 "holds " + std::to_string(kept) + " searches, where run.yaml's jobs_total " +
                     std::to_string(facts.total) + " of " + std::to_string(algorithms) +
                     " algorithms make " + std::to_string(facts.total * algorithms));
  }
  const bool rows_whole = rows_sound && findings.clean(rows_path);
  if (rows_whole) {
    for (const auto& [input, line] : in_inputs.line_of) {
      if (!with_rows.contains(input.substr(6))) {
        findings.add(inputs_path, line, -1, input + ": no row in compare.csv");
      }
    }
  }
  // summary.csv: a row per cell of compare.csv, counting its rows and those that agree.
  const bool cross = rows_whole && inputs_sound;
  Keys in_summary;
  std::set<Cell> seen;
  for (const auto& [line, r] : summary.rows) {
    const Cell cell{r[summary.col("group")], r[summary.col("variant")],
                    depth_key(r[summary.col("depth")], r[summary.col("to_end")])};
    const std::string key =
        "group " + std::get<0>(cell) + ", " + std::get<1>(cell) + " at depth " + std::get<2>(cell);
    if (!in_summary.take(key, line, summary_path, findings) || !cross) continue;
    const auto it = cells.find(cell);
    if (it == cells.end()) {
      findings.add(summary_path, line, -1, key + ": no search of compare.csv");
      continue;
    }
    seen.insert(cell);
    const auto [n, agree] = it->second;
    for (const auto& [column, count] : {std::pair("inputs", n), std::pair("agree", agree)}) {
      if (whole(r[summary.col(column)]) != count) {
        findings.add(summary_path, line, -1,
                     key + ": " + column + " " + r[summary.col(column)] + ", where compare.csv " +
                         (column == std::string("inputs") ? "holds " : "agrees in ") +
                         std::to_string(count));
      }
    }
  }
  for (const auto& [cell, counts] : cells) {
    if (summary.exists && cross && !seen.contains(cell)) {
      findings.add(summary_path, 0, -1,
                   "group " + std::get<0>(cell) + ", " + std::get<1>(cell) + " at depth " +
                       std::get<2>(cell) + ": missing (compare.csv holds " +
                       std::to_string(counts.first) + " searches of it)");
    }
  }
}

void check_solve(const std::string& dir, const RunFacts& facts, Findings& findings) {
  const std::string written = at_end("solve", facts.status);
  const std::string rows_path = dir + "/solve.csv", summary_path = dir + "/summary.csv",
                    within_path = dir + "/solved_within.csv";
  const auto header = [](std::string text) { return text.substr(0, text.find('\n')); };
  const CsvFile rows = read_csv(rows_path, header(solve_csv({})), written, findings);
  const CsvFile summary = read_csv(summary_path, header(summary_csv({})), written, findings);
  const CsvFile within = read_csv(within_path, "", written, findings);

  // solve.csv: each (problem, algorithm) once; by algorithm, its runs, wrong answers and the
  // times of those solved.
  struct Runs {
    long n = 0, wrong = 0;
    std::vector<double> solved_ms;
  };
  std::map<std::string, Runs> by_algorithm;
  // The problems run.yaml's config lists by name (none when it takes them from a file).
  std::set<std::string> problems;
  if (facts.config && is((*facts.config)["problems"], kSequence)) {
    for (const auto& p : (*facts.config)["problems"]) {
      if (is(p, kMap) && is(p["name"], kScalar)) problems.insert(p["name"].Scalar());
    }
  }
  Keys in_rows;
  long kept = 0;
  for (const auto& [line, r] : rows.rows) {
    const std::string &problem = r[rows.col("problem")], &algorithm = r[rows.col("algorithm")];
    const std::string key = "problem " + problem + ", " + algorithm;
    if (!problems.empty() && !problems.contains(problem)) {
      findings.add(rows_path, line, -1, key + ": not a problem of run.yaml's config");
      continue;
    }
    if (!in_rows.take(key, line, rows_path, findings)) continue;
    ++kept;
    Runs& runs = by_algorithm[algorithm];
    ++runs.n;
    const std::string& correct = r[rows.col("correct")];
    if (correct == "false") ++runs.wrong;
    if (r[rows.col("result")] != "unknown" && correct != "false") {
      runs.solved_ms.push_back(parse_whole<double>(r[rows.col("time_ms")]).value_or(-1));
    }
  }
  if (rows.exists && facts.total >= 0 && kept != facts.total) {
    findings.add(rows_path, 0, -1,
                 "holds " + std::to_string(kept) + " runs; run.yaml's runs_total is " +
                     std::to_string(facts.total));
  }
  // The other files are held to solve.csv where it is whole.
  const bool rows_whole = rows.exists && findings.clean(rows_path);
  // summary.csv: a row per algorithm of solve.csv, in agreement with its rows.
  std::vector<std::string> algorithms;  // summary.csv's, in its order
  Keys in_summary;
  if (summary.exists) {
    for (const auto& [line, r] : summary.rows) {
      const std::string& a = r[summary.col("algorithm")];
      if (!in_summary.take("algorithm " + a, line, summary_path, findings)) continue;
      algorithms.push_back(a);
      if (!rows_whole) continue;
      const auto it = by_algorithm.find(a);
      if (it == by_algorithm.end()) {
        findings.add(summary_path, line, -1, "algorithm " + a + ": no run of solve.csv");
        continue;
      }
      for (const auto& [column, count] :
           {std::pair("problems", it->second.n), std::pair("wrong", it->second.wrong)}) {
        if (whole(r[summary.col(column)]) != count) {
          findings.add(summary_path, line, -1,
                       "algorithm " + a + ": " + column + " " + r[summary.col(column)] +
                           ", where solve.csv holds " + std::to_string(count));
        }
      }
    }
    for (const auto& [a, runs] : by_algorithm) {
      if (rows_whole && !in_summary.line_of.contains("algorithm " + a)) {
        findings.add(summary_path, 0, -1,
                     "algorithm " + a + ": missing (solve.csv holds " + std::to_string(runs.n) +
                         " runs of it)");
      }
    }
  }
  // solved_within.csv: t_ms and a column per algorithm; each count is solve.csv's.
  if (!within.exists || within.header.empty()) return;
  std::vector<std::string> expected = {"t_ms"};
  expected.insert(expected.end(), algorithms.begin(), algorithms.end());
  if (summary.exists && findings.clean(summary_path) && within.header != expected) {
    findings.add(within_path, 1, -1,
                 "the header is not t_ms and summary.csv's algorithms (" +
                     join_strings(expected, ",") + ")");
    return;
  }
  Keys in_within;
  std::optional<double> before;  // the threshold of the row before
  for (const auto& [line, r] : within.rows) {
    const std::string& t = r[0];
    if (!in_within.take("t_ms " + t, line, within_path, findings)) continue;
    const std::optional<double> ms = parse_whole<double>(t);
    if (!ms || (before && *ms <= *before)) {
      findings.add(within_path, line, -1,
                   "t_ms " + t + ": not a threshold after " + csv::number(before.value_or(0)) +
                       " (they ascend)");
      continue;
    }
    before = ms;
    if (!rows_whole) continue;
    for (std::size_t c = 1; c < within.header.size(); ++c) {
      const auto it = by_algorithm.find(within.header[c]);
      if (it == by_algorithm.end() || !ms) continue;
      const auto n =
          std::ranges::count_if(it->second.solved_ms, [&](double v) { return v <= *ms; });
      if (whole(r[c]) != n) {
        findings.add(within_path, line, -1,
                     "t_ms " + t + ", " + within.header[c] + ": " + r[c] +
                         " solved, where solve.csv has " + std::to_string(n) + " solved within " +
                         t + " ms");
      }
    }
  }
}

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
      read_csv(games_path, games_csv_header(), "every tune run writes it", findings);
  Numbered in_games{.bound = "run.yaml: games_done", .line_of = {}};
  std::map<int, int> kept;  // game -> line
  for (const auto& [line, r] : games.rows) {
    try {
      std::string text = csv::line(r);
      text.pop_back();  // its newline
      const GameRow row = parse_game_row(text);
      if (facts.done >= 0 &&
          in_games.take(row.game, line, static_cast<int>(facts.done), games_path, findings)) {
        kept.emplace(row.game, line);
      }
    } catch (const std::runtime_error& e) {
      findings.add(games_path, line, -1, std::string("not a row: ") + e.what());
    }
  }
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

// A W/D/L count against a table's cells: "" when they agree, else what games.csv gives.
std::string wdl_differs(const CsvFile& t, const std::vector<std::string>& r, const WdlCounts& wdl) {
  const std::int64_t want[] = {wdl.games(), wdl.wins, wdl.draws, wdl.losses};
  const char* columns[] = {"games", "wins", "draws", "losses"};
  std::string have, given;
  bool same = true;
  for (int i = 0; i < 4; ++i) {
    same = same && whole(r[t.col(columns[i])]) == want[i];
    have += (i > 0 ? "-" : "") + r[t.col(columns[i])];
    given += (i > 0 ? "-" : "") + std::to_string(want[i]);
  }
  return same ? "" : "games-wins-draws-losses " + have + ", where games.csv gives " + given;
}

// A table of W/D/L counts keyed by its first two columns ("A against B"), held to games.csv's.
struct WdlTable {
  const char* file;
  std::string header;
  const std::map<std::string, WdlCounts>* want;  // games.csv's counts by key
  const char* stranger;                          // what a key games.csv does not know is
  const char* whose;                             // "its games" or "their games"
};

// Each key once; where games.csv is sound, each a key of games.csv with its counts and (the file
// whole) every key of games.csv there.
void check_wdl_table(const std::string& dir, const WdlTable& t, const std::string& written,
                     bool games_sound, Findings& findings) {
  const std::string path = dir + "/" + t.file;
  const CsvFile table = read_csv(path, t.header, written, findings);
  Keys keys;
  for (const auto& [line, r] : table.rows) {
    const std::string key = r[0] + " against " + r[1];
    if (!keys.take(key, line, path, findings) || !games_sound) continue;
    const auto it = t.want->find(key);
    if (it == t.want->end()) {
      findings.add(path, line, -1, key + ": " + t.stranger);
    } else if (const std::string why = wdl_differs(table, r, it->second); !why.empty()) {
      findings.add(path, line, -1, key + ": " + why);
    }
  }
  if (!table.exists || !games_sound || !findings.clean(path)) return;
  for (const auto& [key, wdl] : *t.want) {
    if (!keys.line_of.contains(key)) {
      findings.add(path, 0, -1, key + ": missing (games.csv records " + t.whose + ")");
    }
  }
}

}  // namespace

void check_tournament_tables(const std::string& dir, const std::string& status,
                             const std::map<int, GameRow>& games, bool games_sound,
                             Findings& findings) {
  const std::string written = at_end("tournament", status);
  std::vector<GameRow> rows;
  std::set<std::string> names;
  for (const auto& [g, r] : games) {
    rows.push_back(r);
    names.insert(r.first);
    names.insert(r.second);
  }
  std::map<std::string, WdlCounts> by_player;
  for (const Standing& s :
       compute_standings(std::vector<std::string>(names.begin(), names.end()), rows)) {
    by_player[s.player] = s.wdl;
  }
  // A row of a player games.csv does not know, or whose counts are not games.csv's.
  const auto player_row = [&](const std::string& path, int line, const std::string& player,
                              const CsvFile* counts, const std::vector<std::string>& r) {
    if (!games_sound) return;
    const auto it = by_player.find(player);
    if (it == by_player.end()) {
      findings.add(path, line, -1, "player " + player + ": plays no game of games.csv");
    } else if (counts != nullptr) {
      if (const std::string why = wdl_differs(*counts, r, it->second); !why.empty()) {
        findings.add(path, line, -1, "player " + player + ": " + why);
      }
    }
  };
  // Only in a file whole so far: a cut one has said what it lost.
  const auto missing_players = [&](const std::string& path, const Keys& keys) {
    if (!games_sound || !findings.clean(path)) return;
    for (const auto& name : names) {
      if (!keys.line_of.contains("player " + name)) {
        findings.add(path, 0, -1, "player " + name + ": missing (games.csv records their games)");
      }
    }
  };

  const std::string standings_path = dir + "/standings.csv";
  const CsvFile standings = read_csv(standings_path, standings_csv_header(), written, findings);
  Keys in_standings;
  for (const auto& [line, r] : standings.rows) {
    const std::string& player = r[0];
    if (in_standings.take("player " + player, line, standings_path, findings)) {
      player_row(standings_path, line, player, &standings, r);
    }
  }
  if (standings.exists) missing_players(standings_path, in_standings);

  // crosstable.csv: a row and a column per player, in one order; each cell points/games.
  const std::string cross_path = dir + "/crosstable.csv";
  const CsvFile cross = read_csv(cross_path, "", written, findings);
  const std::vector<std::string> columns = {names.begin(), names.end()};
  std::vector<std::string> header = cross.header;
  if (header.size() > 1) std::sort(header.begin() + 1, header.end());
  if (!cross.header.empty() &&
      (cross.header[0] != "player" ||
       (games_sound && std::vector(header.begin() + 1, header.end()) != columns))) {
    findings.add(cross_path, 1, -1,
                 "not the header of this run's crosstable.csv (player, then a column for each of " +
                     join_strings(columns, ", ") + ")");
  } else if (!cross.header.empty()) {
    Keys in_cross;
    for (const auto& [line, r] : cross.rows) {
      if (in_cross.take("player " + r[0], line, cross_path, findings)) {
        player_row(cross_path, line, r[0], nullptr, r);
      }
    }
    if (games_sound) {
      const auto cells = crosstable_cells(rows);
      for (const auto& [line, r] : cross.rows) {
        if (in_cross.line_of.at("player " + r[0]) != line || !by_player.contains(r[0])) continue;
        for (std::size_t c = 1; c < r.size(); ++c) {
          const auto it = cells.find({r[0], cross.header[c]});
          const std::string want = it == cells.end() ? "" : it->second;
          if (r[c] != want) {
            findings.add(cross_path, line, -1,
                         "player " + r[0] + " against " + cross.header[c] + ": '" + r[c] +
                             "', where games.csv gives '" + want + "'");
          }
        }
      }
      missing_players(cross_path, in_cross);
    }
  }

  // crosstable_long.csv: each (player, opponent) that met once, with games.csv's W/D/L from the
  // player's view; pairs.csv: each pairing once, with its W/D/L from its first player's view.
  std::map<std::string, WdlCounts> by_meeting, by_pairing;
  for (const GameRow& r : rows) {
    by_meeting[r.first + " against " + r.second].add(r.first_score());
    by_meeting[r.second + " against " + r.first].add(1.0 - r.first_score());
  }
  for (const PairingStats& p : compute_pairings(rows)) by_pairing[p.a + " against " + p.b] = p.wdl;
  const WdlTable tables[] = {
      {"crosstable_long.csv", crosstable_long_csv_header(), &by_meeting,
       "they play no game of games.csv", "their games"},
      {"pairs.csv", pairs_csv_header(), &by_pairing, "not a pairing of games.csv", "its games"}};
  for (const WdlTable& t : tables) check_wdl_table(dir, t, written, games_sound, findings);
}

void check_run_yaml(const std::string& dir, Findings& findings) {
  (void)check_run_yaml(dir, "games", findings);
}

std::string run_kind(const std::string& dir) {
  try {
    const YAML::Node program = YAML::LoadFile(dir + "/run.yaml")["run"]["program"];
    if (!is(program, kScalar)) return "";
    const std::string p = program.Scalar();
    if (p == "harness run") return "tournament";
    for (const char* kind : {"compare", "solve", "tune"}) {
      if (p == std::string("harness ") + kind) return kind;
    }
  } catch (const std::exception&) {
    // No run.yaml, or one that does not read: the kind is not said.
  }
  return "";
}

void check_run_folder(const std::string& kind, const std::string& dir, Findings& findings) {
  const std::string unit = kind == "solve" ? "runs" : kind == "tune" ? "games" : "jobs";
  const RunFacts facts = check_run_yaml(dir, unit, findings);
  if (kind != "tune") {
    check_config_yaml(dir, facts, findings);
    check_results_log(dir, unit, facts, findings);
  }
  if (kind == "compare") check_compare(dir, facts, findings);
  if (kind == "solve") check_solve(dir, facts, findings);
  if (kind == "tune") check_tune(dir, facts, findings);
}

}  // namespace gts::cli
