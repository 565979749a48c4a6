#include "harness/solve/solve_report.h"

#include <algorithm>
#include <map>
#include <set>

#include "harness/csv.h"
#include "harness/strf.h"

namespace gts {

std::string correctness(const SolveRow& row) {
  if (row.outcome.status == ProofStatus::kUnknown || row.expected.empty()) return "";
  return row.expected == solve_result_name(row.outcome) ? "yes" : "no";
}

bool solved(const SolveRow& row) {
  return row.outcome.status != ProofStatus::kUnknown && correctness(row) != "no";
}

std::vector<SummaryRow> summarize(const std::vector<SolveRow>& rows,
                                  const std::vector<std::string>& algorithms) {
  std::map<std::string, int> solved_by;  // problem -> solvers that solved it
  for (const auto& r : rows) {
    if (solved(r)) ++solved_by[r.problem];
  }
  std::set<std::string> common;
  for (const auto& [p, n] : solved_by) {
    if (n == static_cast<int>(algorithms.size())) common.insert(p);
  }
  std::vector<SummaryRow> out;
  for (const auto& a : algorithms) {
    SummaryRow s;
    s.algorithm = a;
    s.common = static_cast<int>(common.size());
    // Sums, then means, of time, nodes and depth over the problems solved and the common ones.
    const auto add = [](const SolveOutcome& o, double& time, double& nodes, double& depth) {
      time += o.time_ms;
      nodes += static_cast<double>(o.stats.nodes);
      depth += o.depth;
    };
    for (const auto& r : rows) {
      if (r.algorithm != a) continue;
      ++s.problems;
      if (correctness(r) == "no") ++s.wrong;
      if (!solved(r)) continue;
      ++s.solved;
      add(r.outcome, s.time_ms_solved, s.nodes_solved, s.depth_solved);
      if (common.count(r.problem) != 0) {
        add(r.outcome, s.time_ms_common, s.nodes_common, s.depth_common);
      }
    }
    s.failed = s.problems - s.solved;
    for (double* x : {&s.time_ms_solved, &s.nodes_solved, &s.depth_solved}) {
      *x /= std::max(s.solved, 1);
    }
    for (double* x : {&s.time_ms_common, &s.nodes_common, &s.depth_common}) {
      *x /= std::max(s.common, 1);
    }
    out.push_back(s);
  }
  return out;
}

std::string solve_csv(const std::vector<SolveRow>& rows) {
  std::string out = csv::line({"problem", "algorithm", "result", "expected", "correct", "best_move",
                               "nodes", "time_ms", "depth", "peak_bytes"});
  for (const auto& r : rows) {
    const bool known = r.outcome.status != ProofStatus::kUnknown;
    out += csv::line({r.problem, r.algorithm, solve_result_name(r.outcome), r.expected,
                      correctness(r), r.outcome.best_move, std::to_string(r.outcome.stats.nodes),
                      csv::number(r.outcome.time_ms), known ? std::to_string(r.outcome.depth) : "",
                      std::to_string(r.outcome.stats.peak_bytes)});
  }
  return out;
}

std::string summary_csv(const std::vector<SummaryRow>& summary) {
  std::string out =
      csv::line({"algorithm", "problems", "solved", "failed", "wrong", "common", "time_ms_common",
                 "nodes_common", "depth_common", "time_ms_solved", "nodes_solved", "depth_solved"});
  for (const auto& s : summary) {
    out += csv::line({s.algorithm, std::to_string(s.problems), std::to_string(s.solved),
                      std::to_string(s.failed), std::to_string(s.wrong), std::to_string(s.common),
                      csv::number(s.time_ms_common), csv::number(s.nodes_common, 1),
                      csv::number(s.depth_common, 2), csv::number(s.time_ms_solved),
                      csv::number(s.nodes_solved, 1), csv::number(s.depth_solved, 2)});
  }
  return out;
}

std::string solved_within_csv(const std::vector<SolveRow>& rows,
                              const std::vector<std::string>& algorithms,
                              const std::vector<double>& thresholds_ms) {
  std::vector<std::string> header = {"t_ms"};
  header.insert(header.end(), algorithms.begin(), algorithms.end());
  std::string out = csv::line(header);
  for (double t : thresholds_ms) {
    std::vector<std::string> line = {csv::number(t)};
    for (const auto& a : algorithms) {
      line.push_back(std::to_string(std::count_if(rows.begin(), rows.end(), [&](const SolveRow& r) {
        return r.algorithm == a && solved(r) && r.outcome.time_ms <= t;
      })));
    }
    out += csv::line(line);
  }
  return out;
}

std::string summary_table(const std::vector<SummaryRow>& summary) {
  std::string out;
  std::size_t width = 9;
  for (const auto& s : summary) width = std::max(width, s.algorithm.size());
  const int w = static_cast<int>(width);
  out += strf("%-*s %6s %6s %5s %10s %12s %7s   (means over the %d problems every solver solved)\n",
              w, "algorithm", "solved", "failed", "wrong", "time_ms", "nodes", "depth",
              summary.empty() ? 0 : summary.front().common);
  for (const auto& s : summary) {
    out += strf("%-*s %6d %6d %5d %10.1f %12.0f %7.2f\n", w, s.algorithm.c_str(), s.solved,
                s.failed, s.wrong, s.time_ms_common, s.nodes_common, s.depth_common);
  }
  return out;
}

}  // namespace gts
