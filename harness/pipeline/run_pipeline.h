// The one skeleton behind `harness run`, `compare`, `solve` and `tune`: a command loads and checks
// its config, describes the run (RunDescription), and the pipeline does the rest the same way for
// all four: the run folder (one config hash, one lock, --resume), Ctrl-C, the thread count, the
// jobs on oneTBB threads or MPI ranks, run.yaml, and the resume line of a stopped run. The command
// supplies its jobs (a JobRunner), what it does with each result, and its summaries.
//
//   RunPipeline pipeline(request, description);       // folder opened and locked, run.yaml
//   pipeline.run_all("solve", context, n, jobs, on);  // results journaled (or the command's own
//                                                    // journal and pipeline.execute)
//   if (int code = pipeline.finish(complete, error)) return code;  // 130: resumable
//   ... write the summaries into pipeline.dir()
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/config/config_hash.h"
#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/manifest.h"
#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/run_kind.h"

namespace gts {

// What every command that runs a config takes from its command line.
struct RunRequest {
  std::string config_path;
  std::optional<int> threads;  // overrides the config's `threads` (0: all cores)
  std::string out_dir;         // overrides the config's output folder
  bool resume = false;         // finish the interrupted run in out_dir
  bool quiet = false;          // no progress lines, no tables
  std::string command_line;    // recorded in run.yaml
};

// What a command tells the pipeline about the run its config describes.
struct RunDescription {
  std::string command;         // "run", "compare", "solve", "tune"
  std::string unit = "jobs";   // what a job is, in run.yaml and messages: "games", "searches"
  std::string name;            // the config's name: the default folder is results/<name>-<stamp>
  std::string config_out_dir;  // the config's output folder (empty: the default)
  // Where the config gives it (file, 1-based line and column; line 0: not in the file), so that
  // a folder that cannot be made is the config's error at `output.dir`.
  struct {
    std::string file;
    int line = 0;
    int column = 0;
  } config_out_at;
  int config_threads = 0;  // the config's `threads` (0: all cores)
  // The most threads one job's search runs on (parallel searches' `threads` option). Where the
  // jobs at once are left to the machine (threads 0: all cores), cores / search_threads jobs run
  // at once, so that jobs x search threads fit the cores; a `threads` given is taken as it is.
  int search_threads = 1;
  std::string decisive_text;          // everything that decides the results: its hash is the config
                                      // hash a resumed run must match
  std::string resolved_config;        // the resolved config (YAML), recorded in run.yaml
  std::optional<std::uint64_t> seed;  // recorded in run.yaml
  std::vector<std::string> run_files;  // results a fresh run refuses to overwrite
  std::string resume_flags;  // options the resume line repeats besides --out, --resume, --threads
  const RunKind* kind = nullptr;  // the kind of folder it writes (names a damaged table's line)
};

// The description of a run of `config` by `command`, writing a folder of `kind` (counted in its
// unit), with what every config gives alike: its name, its output folder (and where it gives it)
// and its thread count.
template <class Config>
RunDescription describe_run(const RunKind& kind, std::string command, const Config& config) {
  RunDescription d;
  d.command = std::move(command);
  d.unit = kind.unit();
  d.kind = &kind;
  d.name = config.name;
  d.config_out_dir = config.output_dir;
  d.config_out_at = {config.source_path, config.output_dir_line, config.output_dir_column};
  d.config_threads = config.threads;
  return d;
}

// What most commands' worker ranks need to build the same jobs: the config path and the config
// hash they check it against. As bytes for DistributedWork::context, and back (throws on bytes
// that are not one).
struct ConfigContext {
  std::string config_path;
  std::string hash;
};
std::string encode_config_context(const ConfigContext& context);
ConfigContext decode_config_context(const std::string& bytes);
// On a worker rank: throws ConfigError naming `path` unless `mine`, the config hash of what this
// rank read (`what`: "the config", "the config and its inputs"), is rank 0's `theirs`.
void check_same_config(const std::string& path, const std::string& what, const std::string& mine,
                       const std::string& theirs);

// A folder holds one kind of run: a fresh run of `command` ("run", "compare") refuses any folder
// with a run.yaml, and a resume one whose run.yaml another command wrote; ParamError, one line
// naming what the folder holds, before anything in it is written.
void check_folder_kind(const std::string& dir, const std::string& command, bool resume);

// What RunPipeline(request, description) would refuse, checked without making or writing
// anything: the folder that cannot be made, one of another kind, a resume it cannot take, results
// a fresh run would overwrite (`--check`'s verdict on the folder).
void check_run(const RunRequest& request, const RunDescription& description);

// One line of results.log (a job's number below `total`, a space, its result's bytes in hex) read
// into `index` and `result`; false when the line is not one.
bool parse_result_line(const std::string& line, std::size_t total, std::size_t& index,
                       std::string& result);

class RunPipeline {
 public:
  // Resolves the folder and thread count, opens and locks the folder (with `resume`, checking the
  // config hash against run.yaml's), writes run.yaml (status running) and takes over Ctrl-C:
  // while the pipeline lives, SIGINT/SIGTERM raise stop() (the run finishes what it must and
  // leaves a resumable folder) and a second signal exits at once with status 130.
  // ParamError or ConfigError for a folder that cannot be used.
  RunPipeline(const RunRequest& request, RunDescription description);
  ~RunPipeline();  // gives Ctrl-C back
  RunPipeline(const RunPipeline&) = delete;
  RunPipeline& operator=(const RunPipeline&) = delete;

  [[nodiscard]] const std::string& dir() const { return dir_; }
  [[nodiscard]] const std::string& hash() const { return hash_; }
  // When this process opened the run, as run.yaml's `started` ("2026-12-01T17:23:27+0000").
  [[nodiscard]] const std::string& started() const { return started_; }
  [[nodiscard]] bool quiet() const { return request_.quiet; }
  // Jobs at once on this process (0 resolved to the core count).
  [[nodiscard]] int threads() const { return threads_; }
  // Set by Ctrl-C (SIGINT or SIGTERM); every job in flight polls it.
  [[nodiscard]] const std::atomic<bool>& stop() const;

  // run.yaml's counts: the jobs of the whole run (when known) and those done before this process.
  // The total goes into run.yaml at once, so that a live view of the folder knows how far it is.
  void set_total(std::size_t total);
  void set_done(std::size_t done) { done_ = done; }
  // The wall and CPU time (every thread of this process) spent in execute() so far.
  [[nodiscard]] double execute_wall_ms() const { return wall_ms_; }
  [[nodiscard]] double execute_cpu_ms() const { return cpu_ms_; }
  // Whether every job of a run with a known total is done.
  [[nodiscard]] bool all_done() const { return total_ && done_ == *total_; }
  // CPU time spent inside searches by this process (run.yaml's harness overhead is the rest).
  void add_search_cpu_ms(double ms) { search_cpu_ms_ += ms; }
  // A line of run.yaml's `run` map, e.g. ("verdict", "H1").
  void set_field(const std::string& key, const std::string& value) { fields_[key] = value; }

  // Runs `jobs` (indices into the command's job list) with `local` here, or over every MPI rank
  // when this is rank 0 of an mpirun (`kind` names the JobKinds factory that builds the runner
  // there from `context`). Each result reaches on_result on this thread, one at a time. Stops
  // handing out jobs on Ctrl-C or a failure (DistributeOutcome::error); counts the jobs, wall and
  // CPU time for run.yaml. `bounded_lookahead`: see DistributedWork.
  DistributeOutcome execute(const std::string& kind, const std::string& context,
                            std::vector<std::size_t> jobs, JobRunner& local,
                            const ResultHandler& on_result, bool bounded_lookahead = false);

  // Jobs 0..total-1, each once, their results journaled in results.log as they arrive: a resumed
  // run replays the results of the jobs done before (in job order) through on_result, then runs
  // the rest. For commands whose outputs are computed from every result at the end; worker ranks
  // get the ConfigContext of the config path and hash.
  DistributeOutcome run_all(const std::string& kind, std::size_t total, JobRunner& local,
                            const ResultHandler& on_result);

  // The run has its answer before its last job (a tournament's SPRT decided): no more jobs are
  // handed out, and those in flight are abandoned as on Ctrl-C (a Ctrl-C after it is still the
  // first, not the one that exits at once). finish() then says finished.
  void conclude();

  // Ends the run: run.yaml's status becomes finished or interrupted. Interrupted (Ctrl-C or an
  // error, printed first) prints the command that resumes it and returns 130 (1 after an error);
  // finished returns 0.
  int finish(bool complete, const std::string& error = {});

 private:
  void write_run_yaml(const std::string& status);

  RunRequest request_;
  RunDescription description_;
  std::string hash_;
  int threads_wanted_ = 0;
  int threads_ = 1;
  std::string dir_;
  RunFolderLock lock_;              // taken before anything in the folder is read or written
  ManifestWriter manifest_;         // DIR/manifest.sha256, at each checkpoint and at the end
  double last_checkpoint_ms_ = 0;   // when the manifest was last written (wall_ms)
  std::string resumed_manifest_;    // a resumed run's manifest as it was (see resumed_run_yaml_)
  void (*old_int_)(int) = nullptr;  // the Ctrl-C handlers before the pipeline's
  void (*old_term_)(int) = nullptr;
  std::string started_;
  std::string finished_;
  // A resumed run's run.yaml as it was: put back when the resume is refused before any job runs
  // (a journal that contradicts the run), so that the refusal leaves the folder as it found it.
  std::string resumed_run_yaml_;
  bool executed_ = false;
  std::optional<std::size_t> total_;
  std::size_t done_ = 0;
  std::size_t run_here_ = 0;
  double wall_ms_ = 0, cpu_ms_ = 0, search_cpu_ms_ = 0;
  int ranks_ = 1;
  double other_ranks_cpu_ms_ = 0;
  std::map<std::string, std::string> fields_;
};

}  // namespace gts
