// A solve run's folder: results.log, its journal; config.yaml; solve.csv, summary.csv and
// solved_within.csv, each row's key once and the summaries counting solve.csv's rows.
#include "harness/solve/solve_folder.h"

#include <algorithm>
#include <map>
#include <set>

#include "harness/csv.h"
#include "harness/solve/solve_runner.h"
#include "harness/strf.h"

namespace gts {

namespace {

using namespace folder;

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

class SolveKind final : public JournaledKind {
 public:
  std::string name() const override { return "solve"; }
  std::vector<std::string> commands() const override { return {"solve"}; }
  std::string unit() const override { return "runs"; }

 protected:
  void check_tables(const std::string& dir, const RunFacts& facts,
                    Findings& findings) const override {
    check_solve(dir, facts, findings);
  }
};

}  // namespace

const RunKind& solve_kind() {
  static const SolveKind kind;
  return kind;
}

}  // namespace gts
