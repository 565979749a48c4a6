#include "harness/solve/solve_runner.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "harness/config/feasibility.h"
#include "harness/csv.h"
#include "harness/pipeline/progress_line.h"
#include "harness/pipeline/stats_wire.h"
#include "harness/solve/solve_config.h"
#include "harness/solve/solve_folder.h"
#include "harness/strf.h"

namespace gts {

namespace {

// One problem x solver's row as it travels from the rank that solved it to rank 0, with the error
// that stopped the solver, if any.
template <class IO, class Row, class Error>
void row_fields(IO& io, Row& row, Error& error) {
  auto& o = row.outcome;
  io(row.problem, row.algorithm, row.expected, error, wire::upto(o.status, ProofStatus::kDisproved),
     o.by_ko, o.best_move, o.main_line, o.depth, o.stats, o.time_ms, o.alloc_ms, o.warning);
}

// The config text without its top-level `threads:` and `output:` entries (the key at column 0
// and the lines indented under it). A config written in flow style keeps them: resuming it after
// such an edit is refused, never wrongly allowed.
std::string decisive_lines(const std::string& text) {
  std::string out;
  bool skipping = false;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != ' ' && line[0] != '\t' && line[0] != '#') {  // top level
      skipping = line.starts_with("threads:") || line.starts_with("output:");
    }
    if (!skipping) out += line + '\n';
  }
  return out;
}

// Job i is problem i / solvers x solver i % solvers; the same on every rank.
class SolveJobs final : public JobRunner {
 public:
  explicit SolveJobs(LoadedSolve loaded) : loaded_(std::move(loaded)) {}
  [[nodiscard]] const LoadedSolve& loaded() const { return loaded_; }
  [[nodiscard]] std::size_t total() const {
    return loaded_.problems.size() * loaded_.config.solvers.size();
  }
  // What a worker rank checks to know that it loaded the same problems as rank 0, and what
  // --resume compares: the config's text but its top-level `threads` and `output` (which change
  // no result), and every problem's name and expected answer.
  [[nodiscard]] std::string fingerprint() const {
    wire::Writer w;
    w.str(decisive_lines(read_file_text(loaded_.config.source_path)));
    for (const auto& p : loaded_.problems) w.str(p->name()).str(p->expected());
    return w.take();
  }

  std::optional<std::string> run(std::size_t i, const std::atomic<bool>& stop) override {
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    const std::size_t num_solvers = loaded_.config.solvers.size();
    const SolveProblem& problem = *loaded_.problems.at(i / num_solvers);
    const SolverSpec& solver = loaded_.config.solvers[i % num_solvers];
    SolveRow row{problem.name(), solver.name, problem.expected(), {}};
    const SearchLimits limits{.depth = kDepthMax,
                              .max_nodes = loaded_.config.max_nodes,
                              .max_ms = loaded_.config.max_ms,
                              .stop = &stop};
    std::string error;
    try {
      row.outcome = problem.solve(solver, limits);
    } catch (const std::exception& e) {
      error = e.what();  // reported, and the result stays unknown
    }
    // A solver cut short by Ctrl-C has no result: a resumed run solves it again.
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    wire::Writer w;
    row_fields(w, row, error);
    return w.take();
  }

 private:
  LoadedSolve loaded_;
};

// The config, with every table its solvers take checked to fit before the first problem.
LoadedSolve load_checked_solve(const std::string& path) {
  LoadedSolve loaded = load_solve_config(path);
  const SolveConfig& c = loaded.config;
  std::vector<TableUse> uses;
  for (std::size_t i = 0; i < c.solvers.size(); ++i) {
    if (const auto size = table_sizes(c.solvers[i].options, false)) {
      uses.push_back({"algorithm '" + c.solvers[i].name + "'", *size, &c.solver_option_at[i]});
    }
  }
  check_tables(c.source_path, uses);
  return loaded;
}

}  // namespace

std::string summary_csv(const std::vector<SummaryRow>& summary) {
  std::string out = csv::line({"algorithm", "problems", "solved", "failed", "wrong", "common",
                               "time_ms_common", "alloc_ms_common", "nodes_common", "depth_common",
                               "time_ms_solved", "nodes_solved", "depth_solved"});
  for (const auto& s : summary) {
    out += csv::line({s.algorithm, std::to_string(s.problems), std::to_string(s.solved),
                      std::to_string(s.failed), std::to_string(s.wrong), std::to_string(s.common),
                      csv::cell(s.time_ms_common), csv::cell(s.alloc_ms_common),
                      csv::cell(s.nodes_common, 1), csv::cell(s.depth_common, 2),
                      csv::cell(s.time_ms_solved), csv::cell(s.nodes_solved, 1),
                      csv::cell(s.depth_solved, 2)});
  }
  return out;
}

std::unique_ptr<JobRunner> make_solve_jobs(const std::string& context) {
  const auto [path, hash] = decode_config_context(context);
  auto jobs = std::make_unique<SolveJobs>(load_checked_solve(path));
  check_same_config(path, "the config and its problems", config_hash_of(jobs->fingerprint()), hash);
  return jobs;
}

namespace {

// The run `jobs` are, as the pipeline takes it.
RunDescription describe_solve(const SolveJobs& jobs) {
  const SolveConfig& c = jobs.loaded().config;
  RunDescription description = describe_run(solve_kind(), "solve", c);
  description.decisive_text = jobs.fingerprint();
  description.resolved_config = read_file_text(c.source_path);
  description.run_files = {"results.log", "solve.csv"};
  return description;
}

}  // namespace

SolveRow solve_job_row(const std::string& bytes, std::string& error) {
  SolveRow row;
  wire::Reader r(bytes);
  row_fields(r, row, error);
  r.expect_end();
  return row;
}

std::map<std::string, std::string> solve_tables(const SolveConfig& config,
                                                const std::vector<std::string>& results) {
  std::vector<SolveRow> rows;
  std::string error;
  for (const std::string& bytes : results) rows.push_back(solve_job_row(bytes, error));
  std::vector<std::string> names;
  for (const auto& s : config.solvers) names.push_back(s.name);
  return {{"solve.csv", solve_csv(rows)},
          {"summary.csv", summary_csv(summarize(rows, names))},
          {"solved_within.csv", solved_within_csv(rows, names, config.solved_within_ms)}};
}

void check_solve(const RunRequest& request) {
  const SolveJobs jobs(load_checked_solve(request.config_path));
  check_run(request, describe_solve(jobs));
}

SolveRunResult run_solve(const RunRequest& request) {
  SolveJobs jobs(load_checked_solve(request.config_path));
  const LoadedSolve& loaded = jobs.loaded();
  const SolveConfig& c = loaded.config;
  RunPipeline pipeline(request, describe_solve(jobs));

  SolveRunResult result;
  result.out_dir = pipeline.dir();
  write_file(std::filesystem::path(result.out_dir) / "config.yaml", read_file_text(c.source_path));
  const std::size_t total = jobs.total();
  result.rows.resize(total);
  std::vector<std::string> results(total);  // each job's result, for the tables
  if (!request.quiet) {
    std::cerr << "solve: " << loaded.problems.size() << " problems x " << c.solvers.size()
              << " solvers on " << pipeline.threads() << " threads -> " << result.out_dir << "\n";
  }
  ProgressLine progress("runs", static_cast<int>(total), 0, !request.quiet);
  // Each finished job, from this process's threads, from another rank or from the journal of an
  // interrupted run, one at a time.
  auto record = [&](std::size_t i, const std::string& bytes) {
    std::string error;
    SolveRow& row = result.rows[i] = solve_job_row(bytes, error);
    results[i] = bytes;
    const std::string which = "solve: " + row.problem + " / " + row.algorithm + ": ";
    if (!error.empty()) progress.message(which + error);
    if (!row.outcome.warning.empty()) progress.message(which + "warning: " + row.outcome.warning);
    progress.advance("last: " + row.problem + " " + row.algorithm + " " +
                     solve_result_name(row.outcome) + " (" +
                     std::to_string(row.outcome.stats.nodes) + " nodes, " +
                     std::to_string(static_cast<long long>(row.outcome.time_ms)) + " ms)");
  };
  const DistributeOutcome outcome = pipeline.run_all("solve", total, jobs, record);
  progress.finish();
  result.exit_code = pipeline.finish(pipeline.all_done(), outcome.error);
  if (result.exit_code != 0) return result;

  std::vector<std::string> names;
  for (const auto& s : c.solvers) names.push_back(s.name);
  result.summary = summarize(result.rows, names);
  const std::filesystem::path dir(result.out_dir);
  for (const auto& [file, text] : solve_tables(c, results)) write_file(dir / file, text);
  if (std::ranges::any_of(result.summary, [](const SummaryRow& s) { return s.wrong > 0; })) {
    result.exit_code = 1;
  }
  return result;
}

std::string correctness(const SolveRow& row) {
  if (row.outcome.status == ProofStatus::kUnknown || row.expected.empty()) return "";
  return row.expected == solve_result_name(row.outcome) ? "true" : "false";
}

bool solved(const SolveRow& row) {
  return row.outcome.status != ProofStatus::kUnknown && correctness(row) != "false";
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
      if (correctness(r) == "false") ++s.wrong;
      if (!solved(r)) continue;
      ++s.solved;
      add(r.outcome, s.time_ms_solved, s.nodes_solved, s.depth_solved);
      if (common.count(r.problem) != 0) {
        add(r.outcome, s.time_ms_common, s.nodes_common, s.depth_common);
        s.alloc_ms_common += r.outcome.alloc_ms;
      }
    }
    s.failed = s.problems - s.solved;
    for (double* x : {&s.time_ms_solved, &s.nodes_solved, &s.depth_solved}) {
      *x /= std::max(s.solved, 1);
    }
    for (double* x : {&s.time_ms_common, &s.alloc_ms_common, &s.nodes_common, &s.depth_common}) {
      *x /= std::max(s.common, 1);
    }
    out.push_back(s);
  }
  return out;
}

std::string solve_csv(const std::vector<SolveRow>& rows) {
  std::string out = csv::line({"problem", "algorithm", "result", "expected", "correct", "best_move",
                               "nodes", "time_ms", "alloc_ms", "depth", "peak_bytes"});
  for (const auto& r : rows) {
    const bool known = r.outcome.status != ProofStatus::kUnknown;
    out += csv::line({r.problem, r.algorithm, solve_result_name(r.outcome), r.expected,
                      correctness(r), r.outcome.best_move, std::to_string(r.outcome.stats.nodes),
                      csv::number(r.outcome.time_ms), csv::number(r.outcome.alloc_ms),
                      known ? std::to_string(r.outcome.depth) : "",
                      std::to_string(r.outcome.stats.peak_bytes)});
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
  out += strf(
      "%-*s %6s %6s %5s %10s %9s %12s %7s   (means over the %d problems every solver solved)\n", w,
      "algorithm", "solved", "failed", "wrong", "time_ms", "alloc_ms", "nodes", "depth",
      summary.empty() ? 0 : summary.front().common);
  for (const auto& s : summary) {
    out += strf("%-*s %6d %6d %5d %10.2f %9.2f %12.0f %7.2f\n", w, s.algorithm.c_str(), s.solved,
                s.failed, s.wrong, s.time_ms_common, s.alloc_ms_common, s.nodes_common,
                s.depth_common);
  }
  return out;
}

}  // namespace gts
