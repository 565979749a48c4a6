#include "harness/solve/solve_runner.h"

#include <oneapi/tbb/info.h>

#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "harness/config/config_error.h"
#include "harness/mpi/stats_wire.h"
#include "harness/mpi/thread_count.h"
#include "harness/mpi/work_distributor.h"
#include "harness/progress_line.h"
#include "harness/run_folder.h"
#include "harness/solve/solve_config.h"

namespace gts {

namespace {

// One problem x solver's row as it travels from the rank that solved it to rank 0, with the error
// that stopped the solver, if any.
std::string encode_row(const SolveRow& row, const std::string& error) {
  const SolveOutcome& o = row.outcome;
  wire::Writer w;
  w.str(row.problem).str(row.algorithm).str(row.expected).str(error);
  w.u64(static_cast<std::uint64_t>(o.status)).str(o.best_move).strs(o.main_line).i64(o.depth);
  wire::put_stats(w, o.stats);
  w.f64(o.time_ms);
  return w.take();
}

void decode_row(const std::string& bytes, SolveRow& row, std::string& error) {
  wire::Reader r(bytes);
  row.problem = r.str();
  row.algorithm = r.str();
  row.expected = r.str();
  error = r.str();
  SolveOutcome& o = row.outcome;
  const std::uint64_t status = r.u64();
  if (status > static_cast<std::uint64_t>(ProofStatus::kDisproved)) {
    throw std::runtime_error("malformed solve result");
  }
  o.status = static_cast<ProofStatus>(status);
  o.best_move = r.str();
  o.main_line = r.strs();
  o.depth = r.i32();
  o.stats = wire::get_stats(r);
  o.time_ms = r.f64();
  r.expect_end();
}

// Job i is problem i / solvers x solver i % solvers; the same on every rank.
class SolveJobs final : public JobRunner {
 public:
  explicit SolveJobs(LoadedSolve loaded) : loaded_(std::move(loaded)) {
    limits_.depth = kDepthMax;
    limits_.max_nodes = loaded_.config.max_nodes;
    limits_.max_ms = loaded_.config.max_ms;
  }
  [[nodiscard]] const LoadedSolve& loaded() const { return loaded_; }
  [[nodiscard]] std::size_t total() const {
    return loaded_.problems.size() * loaded_.config.solvers.size();
  }
  // What a worker rank checks to know that it loaded the same problems as rank 0.
  [[nodiscard]] std::string fingerprint() const {
    wire::Writer w;
    w.str(read_file_text(loaded_.config.path));
    for (const auto& p : loaded_.problems) w.str(p->name()).str(p->expected());
    return w.take();
  }

  std::optional<std::string> run(std::size_t i, const std::atomic<bool>& /*stop*/) override {
    const std::size_t num_solvers = loaded_.config.solvers.size();
    const SolveProblem& problem = *loaded_.problems.at(i / num_solvers);
    const SolverSpec& solver = loaded_.config.solvers[i % num_solvers];
    SolveRow row;
    row.problem = problem.name();
    row.algorithm = solver.name;
    row.expected = problem.expected();
    std::string error;
    try {
      row.outcome = problem.solve(solver, limits_);
    } catch (const std::exception& e) {
      error = e.what();  // reported, and the result stays unknown
    }
    return encode_row(row, error);
  }

 private:
  LoadedSolve loaded_;
  SearchLimits limits_;
};

std::string solve_context(const std::string& config_path, const std::string& fingerprint) {
  wire::Writer w;
  w.str(config_path).str(fingerprint);
  return w.take();
}

}  // namespace

std::unique_ptr<JobRunner> make_solve_jobs(const std::string& context) {
  wire::Reader r(context);
  const std::string path = r.str();
  const std::string fingerprint = r.str();
  r.expect_end();
  auto jobs = std::make_unique<SolveJobs>(load_solve_config(path));
  if (jobs->fingerprint() != fingerprint) {
    throw ConfigError(path, "this rank read a config or problems that differ from rank 0's");
  }
  return jobs;
}

SolveRunResult run_solve(const SolveRunOptions& options) {
  SolveJobs jobs(load_solve_config(options.config_path));
  const LoadedSolve& loaded = jobs.loaded();
  const SolveConfig& c = loaded.config;
  const int threads_wanted = options.threads >= 0 ? options.threads : c.threads;
  const int threads = resolve_thread_count(threads_wanted);

  SolveRunResult result;
  result.out_dir = !options.out_dir.empty() ? options.out_dir
                   : !c.out_dir.empty()     ? c.out_dir
                                            : "results/" + c.name + "-" + stamp_text();
  std::error_code ec;
  std::filesystem::create_directories(result.out_dir, ec);
  if (ec || !std::filesystem::is_directory(result.out_dir)) {
    throw std::runtime_error("cannot create the output folder " + result.out_dir);
  }
  write_file(std::filesystem::path(result.out_dir) / "config.yaml", read_file_text(c.path));

  const std::size_t num_solvers = c.solvers.size();
  const std::size_t total = jobs.total();
  result.rows.resize(total);
  if (!options.quiet) {
    std::cerr << "solve: " << loaded.problems.size() << " problems x " << num_solvers
              << " solvers on " << threads << " threads -> " << result.out_dir << "\n";
  }
  ProgressLine progress("runs", static_cast<int>(total), 0, !options.quiet);
  // Each finished job, from this process's threads or from another rank, one at a time.
  auto record = [&](std::size_t i, const std::string& bytes) {
    SolveRow& row = result.rows[i];
    std::string error;
    decode_row(bytes, row, error);
    if (!error.empty())
      progress.message("solve: " + row.problem + " / " + row.algorithm + ": " + error);
    progress.advance("last: " + row.problem + " " + row.algorithm + " " +
                     proof_status_name(row.outcome.status) + " (" +
                     std::to_string(row.outcome.stats.nodes) + " nodes, " +
                     std::to_string(static_cast<long long>(row.outcome.time_ms)) + " ms)");
  };
  DistributedWork work;
  work.kind = "solve";
  work.context = solve_context(options.config_path, jobs.fingerprint());
  work.threads = threads_wanted;
  for (std::size_t i = 0; i < total; ++i) work.jobs.push_back(i);
  const std::atomic<bool> never_stop{false};
  const DistributeOutcome outcome = distribute(work, jobs, record, never_stop);
  progress.finish();
  if (!outcome.error.empty()) throw std::runtime_error(outcome.error);

  std::vector<std::string> names;
  for (const auto& s : c.solvers) names.push_back(s.name);
  result.summary = summarize(result.rows, names);
  const std::filesystem::path dir(result.out_dir);
  write_file(dir / "solve.csv", solve_csv(result.rows));
  write_file(dir / "summary.csv", summary_csv(result.summary));
  write_file(dir / "solved_within.csv", solved_within_csv(result.rows, names, c.solved_within_ms));
  for (const auto& s : result.summary) {
    if (s.wrong > 0) result.exit_code = 1;
  }
  return result;
}

}  // namespace gts
