#include "harness/solve/solve_runner.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <stdexcept>

#include "harness/solve/solve_config.h"

namespace gts {

namespace {

std::string stamp_text() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.flush();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

SolveRunResult run_solve(const SolveRunOptions& options) {
  LoadedSolve loaded = load_solve_config(options.config_path);
  const SolveConfig& c = loaded.config;
  const int threads_wanted = options.threads >= 0 ? options.threads : c.threads;
  const int threads = threads_wanted == 0 ? tbb::info::default_concurrency() : threads_wanted;

  SolveRunResult result;
  result.out_dir = !options.out_dir.empty() ? options.out_dir
                   : !c.out_dir.empty()     ? c.out_dir
                                            : "results/" + c.name + "-" + stamp_text();
  std::error_code ec;
  std::filesystem::create_directories(result.out_dir, ec);
  if (ec || !std::filesystem::is_directory(result.out_dir)) {
    throw std::runtime_error("cannot create the output folder " + result.out_dir);
  }
  {
    std::ifstream in(c.path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    write_file(std::filesystem::path(result.out_dir) / "config.yaml", text);
  }

  SearchLimits limits;
  limits.depth = kDepthMax;
  limits.max_nodes = c.max_nodes;
  limits.max_ms = c.max_ms;
  const std::size_t num_solvers = c.solvers.size();
  const std::size_t total = loaded.problems.size() * num_solvers;
  result.rows.resize(total);
  std::mutex progress_mutex;
  std::size_t done = 0;
  if (!options.quiet) {
    std::cerr << "solve: " << loaded.problems.size() << " problems x " << num_solvers
              << " solvers on " << threads << " threads -> " << result.out_dir << "\n";
  }
  auto run_one = [&](std::size_t i) {
    const SolveProblem& problem = *loaded.problems[i / num_solvers];
    const SolverSpec& solver = c.solvers[i % num_solvers];
    SolveRow& row = result.rows[i];
    row.problem = problem.name();
    row.algorithm = solver.name;
    row.expected = problem.expected();
    std::string error;
    try {
      row.outcome = problem.solve(solver, limits);
    } catch (const std::exception& e) {
      error = e.what();  // reported, and the result stays unknown
    }
    if (options.quiet && error.empty()) return;
    std::lock_guard<std::mutex> lock(progress_mutex);
    ++done;
    if (!error.empty()) {
      std::cerr << "solve: " << row.problem << " / " << row.algorithm << ": " << error << "\n";
    }
    if (!options.quiet) {
      std::cerr << "[" << done << "/" << total << "] " << row.problem << " " << row.algorithm << " "
                << proof_status_name(row.outcome.status) << " nodes=" << row.outcome.stats.nodes
                << " time_ms=" << static_cast<long long>(row.outcome.time_ms) << "\n";
    }
  };
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, total, 1),
        [&](const tbb::blocked_range<std::size_t>& range) {
          for (std::size_t i = range.begin(); i != range.end(); ++i) run_one(i);
        },
        tbb::simple_partitioner());
  });

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
