// A compare run's folder: results.log, its journal; config.yaml; compare.csv, inputs.csv and
// summary.csv (an accuracy run: inputs.csv, exact.csv, searches.csv and accuracy.csv), each row's
// key once and the summaries counting the rows they summarise.
#include "harness/compare/compare_folder.h"

#include <map>
#include <set>
#include <tuple>

#include "harness/compare/accuracy.h"
#include "harness/compare/compare_runner.h"
#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"

namespace gts {

namespace {

using namespace folder;

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

class CompareKind final : public JournaledKind {
 public:
  std::string name() const override { return "compare"; }
  std::vector<std::string> commands() const override { return {"compare"}; }
  std::string unit() const override { return "jobs"; }

 protected:
  void check_tables(const std::string& dir, const RunFacts& facts,
                    Findings& findings) const override {
    check_compare(dir, facts, findings);
  }
};

}  // namespace

const RunKind& compare_kind() {
  static const CompareKind kind;
  return kind;
}

}  // namespace gts
