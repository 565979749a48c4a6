#include "harness/compare/compare_runner.h"

#include <atomic>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "harness/config/blocks.h"
#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/progress_line.h"
#include "harness/strf.h"

namespace gts {

namespace {

// What decides the jobs: the resolved config but for the settings that only rank 0 uses (threads,
// output folder), and every input's position. Its hash is the run's config hash, which a worker
// rank also compares with rank 0's to know that it will run the same jobs.
std::string decisive_text(const ComparePlan& plan) {
  CompareConfig config = plan.config;
  config.threads = 0;
  config.output_dir.clear();
  return compare_resolved_yaml(config) + inputs_csv(plan);
}

ComparePlan load_checked_plan(const std::string& path) {
  ComparePlan plan = make_compare_plan(load_compare_config(path));
  if (plan.inputs.size() > kMaxCompareInputs) {
    throw ConfigError(path, "the inputs expand into " + std::to_string(plan.inputs.size()) +
                                " positions, more than " + std::to_string(kMaxCompareInputs));
  }
  return plan;
}

// Job i of the plan, on whichever thread or rank runs it; its rows travel as bytes.
class CompareJobs final : public JobRunner {
 public:
  explicit CompareJobs(ComparePlan plan) : plan_(std::move(plan)) {}
  [[nodiscard]] const ComparePlan& plan() const { return plan_; }
  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) override {
    if (index >= plan_.jobs.size()) throw std::runtime_error("compare job out of range");
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    std::vector<CompareRow> rows = run_compare_job(plan_, index, &stop);
    // Searches cut short by Ctrl-C have no result: a resumed run does the job again.
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    return encode_compare_rows(rows);
  }

 private:
  ComparePlan plan_;
};

}  // namespace

std::unique_ptr<JobRunner> make_compare_jobs(const std::string& context) {
  const auto [path, hash] = decode_config_context(context);
  ComparePlan plan = load_checked_plan(path);
  const std::string mine = config_hash_of(decisive_text(plan));
  if (mine != hash) {
    throw ConfigError(path, "this rank read a config or inputs that differ from rank 0's (hash " +
                                mine + " vs " + hash + ")");
  }
  return std::make_unique<CompareJobs>(std::move(plan));
}

CompareRunResult run_compare(const RunRequest& request) {
  CompareJobs jobs(load_checked_plan(request.config_path));
  const ComparePlan& plan = jobs.plan();
  RunDescription description;
  description.command = "compare";
  description.unit = "jobs";
  description.name = plan.config.name;
  description.config_out_dir = plan.config.output_dir;
  description.config_threads = plan.config.threads;
  description.decisive_text = decisive_text(plan);
  description.resolved_config = compare_resolved_yaml(plan.config);
  description.run_files = {"results.log", "compare.csv"};
  RunPipeline pipeline(request, std::move(description));

  CompareRunResult result;
  result.out_dir = pipeline.dir();
  const std::filesystem::path dir(result.out_dir);
  write_file(dir / "config.yaml", compare_resolved_yaml(plan.config));
  if (!request.quiet) {
    std::cerr << "compare: " << plan.inputs.size() << " inputs, " << plan.jobs.size()
              << " (input, depth) jobs x " << plan.config.algorithms.size() << " algorithms on "
              << pipeline.threads() << " threads -> " << result.out_dir << "\n";
  }
  const double start = wall_ms();
  // Each job's rows into its slot, as they arrive from this process's threads, other ranks or the
  // journal of an interrupted run: the rows stay in job order whoever ran them.
  const std::size_t per_job = plan.config.algorithms.size();
  result.rows.resize(plan.jobs.size() * per_job);
  ProgressLine progress("jobs", static_cast<int>(plan.jobs.size()), 0, !request.quiet);
  auto record = [&](std::size_t index, const std::string& bytes) {
    std::vector<CompareRow> rows = decode_compare_rows(bytes);
    progress.advance(index < plan.jobs.size()
                         ? "last: " + plan.inputs[plan.jobs[index].input].name + " depth " +
                               depth_text(plan.jobs[index].depth)
                         : std::string());
    if (index >= plan.jobs.size() || rows.size() != per_job ||
        (per_job > 0 && rows.front().input != plan.inputs[plan.jobs[index].input].name)) {
      throw std::runtime_error("compare: a result does not match job " + std::to_string(index));
    }
    std::move(rows.begin(), rows.end(),
              result.rows.begin() + static_cast<std::ptrdiff_t>(index * per_job));
  };
  const DistributeOutcome outcome =
      pipeline.run_all("compare", encode_config_context({request.config_path, pipeline.hash()}),
                       plan.jobs.size(), jobs, record);
  progress.finish();
  result.exit_code = pipeline.finish(pipeline.all_done(), outcome.error);
  if (result.exit_code != 0) return result;
  result.summary = summarize_compare(plan, result.rows);

  write_file(dir / "compare.csv", compare_csv(result.rows));
  write_file(dir / "inputs.csv", inputs_csv(plan));
  write_file(dir / "summary.csv", compare_summary_csv(result.summary));

  const auto value = [](const CompareRow& r) {
    return r.error.empty() ? strf("=%d", r.value) : std::string(" failed");
  };
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    const CompareRow* job_rows = result.rows.data() + j * per_job;
    std::string wrong;
    for (std::size_t a = 0; a < per_job; ++a) {
      const CompareRow& r = job_rows[a];
      if (!r.agrees)
        wrong += " " + r.variant + value(r) + (r.error.empty() ? "" : " (" + r.error + ")");
    }
    if (wrong.empty()) continue;
    const CompareRow& ref = job_rows[plan.config.reference];
    result.disagreements.push_back(job_rows[0].input + " (depth " + depth_text(plan.jobs[j].depth) +
                                   "): " + ref.variant + value(ref) + " (reference), but" + wrong);
  }
  result.exit_code = result.disagreements.empty() ? 0 : 1;
  if (!request.quiet) {
    std::cerr << "compare: " << result.rows.size() << " searches in "
              << csv::number((wall_ms() - start) / 1e3, 2) << " s";
    if (outcome.ranks > 1) std::cerr << " on " << outcome.ranks << " ranks";
    std::cerr << "\n";
  }
  return result;
}

}  // namespace gts
