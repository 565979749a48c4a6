#include "harness/pipeline/run_pipeline.h"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <thread>
#include <utility>

#include "algorithms/search.h"
#include "common/interrupt.h"
#include "harness/config/config_error.h"
#include "harness/config/yaml_reader.h"
#include "harness/mpi/wire.h"
#include "harness/pipeline/output_folder.h"

namespace gts {

namespace {

// Jobs at once: `wanted`, or where that is 0 (all cores), the cores shared out so that each job's
// search gets its `search_threads` (at least one job).
long long jobs_at_once(long long wanted, int search_threads) {
  if (wanted != 0 || search_threads <= 1) return wanted;
  return std::max(1, resolve_thread_count(0) / search_threads);
}

// Ctrl-C's state is global, because a signal handler can reach nothing else: the flag every job
// polls, and whether a signal came (the flag is also raised by conclude(), which is none). A
// signal raises g_interrupt too, for the work below the searches (common/interrupt.h).
std::atomic<bool> g_stop{false};
std::atomic<bool> g_signalled{false};

extern "C" void on_stop_signal(int) {
  if (g_signalled.exchange(true)) _exit(130);  // a second Ctrl-C stops at once
  g_interrupt = true;
  g_stop = true;
}

// results.log: the journal of a run whose outputs are computed from every job's result at the end
// (compare, solve). One line per finished job, its index and its result's bytes in hex, appended
// and flushed as the job finishes, so a run killed at any moment loses no finished job.
class ResultLog {
 public:
  // Creates `path` or, with `resume`, reads it first: every whole line must be a job below `total`
  // and its result, each job once (else ConfigError naming the file and line); a last line torn
  // by a kill is dropped, and the file is rewritten without it before anything is appended.
  ResultLog(const std::string& path, bool resume, std::size_t total) : path_(path) {
    std::string kept;
    if (resume) {
      int line_number = 0;
      std::map<std::size_t, int> line_of;  // job -> its line
      for (const std::string& line : complete_lines(path)) {
        ++line_number;
        std::size_t index = 0;
        std::string result;
        if (!parse_result_line(line, total, index, result)) {
          throw ConfigError(path, line_number, 1,
                            "not a job's result of this run (job index below " +
                                std::to_string(total) + ", then the result in hex)");
        }
        // A job recorded twice (a copy, never a run) is refused at its line, not overwritten.
        if (const auto [at, fresh] = line_of.emplace(index, line_number); !fresh) {
          throw ConfigError(path, line_number, 1,
                            "job " + std::to_string(index) + " recorded again (first at line " +
                                std::to_string(at->second) +
                                "); mend or remove the line, then "
                                "resume");
        }
        resumed_[index] = std::move(result);
        kept += line;
        kept += '\n';
      }
    }
    replace_file(path, kept);
    file_.open(path, std::ios::binary | std::ios::app);
    if (!file_) throw std::runtime_error("cannot open " + path + " for writing");
  }

  // The results recorded before this run, by job index.
  [[nodiscard]] const std::map<std::size_t, std::string>& resumed() const { return resumed_; }

  // Appends job `index`'s result and flushes (called from one thread at a time).
  void record(std::size_t index, const std::string& result) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string line = std::to_string(index) + ' ';
    for (const char c : result) {
      const auto byte = static_cast<unsigned char>(c);
      line += kHex[byte >> 4];
      line += kHex[byte & 15];
    }
    line += '\n';
    if (!(file_ << line << std::flush)) throw std::runtime_error("cannot write " + path_);
  }

 private:
  std::string path_;
  std::ofstream file_;
  std::map<std::size_t, std::string> resumed_;
};

// The run folder: with --resume, --out, which must hold a run; else --out, the config's folder or
// results/<name>-<stamp>, created. The constructor checks the rest once the folder is locked.
// The run's folder; made unless `check_only` (which only says why it could not be).
std::string run_folder(const RunRequest& request, const RunDescription& description,
                       bool check_only = false) {
  std::string dir = request.out_dir.empty() ? description.config_out_dir : request.out_dir;
  if (request.resume) {
    if (dir.empty()) throw ParamError("--resume needs the run folder: --out DIR");
    if (!std::filesystem::exists(dir + "/run.yaml")) {
      throw ParamError("--resume: " + dir + " holds no run (no run.yaml)");
    }
    return dir;
  }
  const bool from_config = request.out_dir.empty() && !dir.empty();
  if (dir.empty()) dir = "results/" + description.name + "-" + stamp_text();
  if (const std::string why = output_folder_problem(dir, !check_only); !why.empty()) {
    const auto& at = description.config_out_at;
    if (!from_config) throw ParamError("--out: " + why);
    if (at.line > 0) throw ConfigError(at.file, at.line, at.column, "output.dir: " + why);
    throw ConfigError(at.file, "output.dir: " + why);
  }
  return dir;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(':');
    if (line.starts_with("model name") && colon != std::string::npos) {
      return line.substr(line.find_first_not_of(" ", colon + 1));
    }
  }
  return "unknown";
}

// What RunPipeline refuses of the folder `dir` (made or not) for this run: another kind of run,
// a resume of another config or a damaged folder, a fresh run over results. Tables the run's
// kind rebuilds from an undamaged journal are rebuilt or accepted, as `repair` says.
void check_folder_takes_run(const std::string& dir, const RunRequest& request,
                            const RunDescription& description, const std::string& hash,
                            TableRepair repair) {
  check_folder_kind(dir, description.command, request.resume);
  if (request.resume) {
    check_run_folder_format(dir);
    require_sound_folder(dir, "--resume", description.kind, repair);
    std::string old;  // the config hash dir/run.yaml records
    try {
      old = YamlReader(dir + "/run.yaml").load()["run"]["config_hash"].as<std::string>();
    } catch (const ConfigError&) {
      throw;  // run.yaml is not YAML: named at its line and column
    } catch (const std::exception& e) {
      throw ConfigError(dir + "/run.yaml",
                        std::string("cannot read the run to resume: ") + e.what());
    }
    if (old != hash) {
      throw ConfigError(request.config_path,
                        "--resume: this config differs from the one " + dir +
                            " was started with (config hash " + hash + " vs " + old +
                            "); resume with the same config" +
                            (description.resume_flags.empty() ? "" : " and options"));
    }
  } else {
    for (const std::string& file : description.run_files) {
      if (std::filesystem::exists(dir + "/" + file)) {
        throw ParamError("--out: " + dir +
                         " already holds a run; add --resume to finish it, or choose another "
                         "folder");
      }
    }
  }
}

}  // namespace

bool parse_result_line(const std::string& line, std::size_t total, std::size_t& index,
                       std::string& result) {
  const char* p = line.data();
  const char* const end = p + line.size();
  const auto [space, ec] = std::from_chars(p, end, index);
  if (ec != std::errc() || space == end || *space != ' ' || index >= total ||
      (end - space - 1) % 2 != 0) {
    return false;
  }
  result.clear();
  for (p = space + 1; p != end; p += 2) {
    unsigned byte = 0;
    if (std::from_chars(p, p + 2, byte, 16).ptr != p + 2) return false;
    result += static_cast<char>(byte);
  }
  return true;
}

void check_folder_kind(const std::string& dir, const std::string& command, bool resume) {
  const std::string path = dir + "/run.yaml";
  if (!std::filesystem::exists(path)) return;
  std::string program;
  try {
    program = YAML::LoadFile(path)["run"]["program"].as<std::string>();
  } catch (const std::exception&) {
    program = "";  // unreadable: named by the resume's own reading, or refused below
  }
  const std::string holds = program.empty() ? "a run (run.yaml)" : "a run of `" + program + "`";
  if (!resume) {
    throw ParamError("--out: " + dir + " already holds " + holds +
                     (program == "harness " + command
                          ? "; add --resume to finish it, or choose another folder"
                          : "; choose another folder"));
  }
  if (!program.empty() && program != "harness " + command) {
    throw ParamError("--resume: " + dir + " holds a `" + program + "` run, not a `harness " +
                     command + "` one; resume it with `" + program + "`");
  }
}

void check_run(const RunRequest& request, const RunDescription& description) {
  const std::string dir = run_folder(request, description, true);
  if (std::filesystem::is_directory(dir)) {
    RunFolderLock::check_free(dir);
    check_folder_takes_run(dir, request, description, config_hash_of(description.decisive_text),
                           TableRepair::kCheck);
  }
}

std::string encode_config_context(const ConfigContext& context) {
  return wire::Writer()(context.config_path, context.hash).take();
}

ConfigContext decode_config_context(const std::string& bytes) {
  ConfigContext context;
  wire::Reader{bytes}(context.config_path, context.hash).expect_end();
  return context;
}

void check_same_config(const std::string& path, const std::string& what, const std::string& mine,
                       const std::string& theirs) {
  if (mine == theirs) return;
  throw ConfigError(path, "what this rank read (" + what + ") differs from rank 0's (config hash " +
                              mine + " vs " + theirs + ")");
}

RunPipeline::RunPipeline(const RunRequest& request, RunDescription description)
    : request_(request),
      description_(std::move(description)),
      hash_(config_hash_of(description_.decisive_text)),
      threads_wanted_(jobs_at_once(request.threads.value_or(description_.config_threads),
                                   description_.search_threads)),
      threads_(resolve_thread_count(threads_wanted_)),
      dir_(run_folder(request, description_)),
      lock_(dir_),
      manifest_(dir_),
      started_(now_text()) {
  // Checked once locked, so that two runs started on one new folder cannot both pass it.
  check_folder_takes_run(dir_, request, description_, hash_, TableRepair::kWrite);
  if (request.resume) {
    resumed_run_yaml_ = read_file_text(dir_ + "/run.yaml");
    resumed_manifest_ = read_file_text(dir_ + "/" + kManifestName);
  }
  write_run_yaml("running");
  g_stop = false;
  g_signalled = false;
  g_interrupt = false;
  old_int_ = std::signal(SIGINT, on_stop_signal);
  old_term_ = std::signal(SIGTERM, on_stop_signal);
}

RunPipeline::~RunPipeline() {
  if (!resumed_run_yaml_.empty() && finished_.empty() && !executed_) {
    try {
      replace_file(dir_ + "/run.yaml", resumed_run_yaml_);
      if (resumed_manifest_.empty()) {
        std::filesystem::remove(dir_ + "/" + kManifestName);
      } else {
        replace_file(dir_ + "/" + kManifestName, resumed_manifest_);
      }
    } catch (const std::exception&) {  // a destructor throws nothing; the folder says 'running'
    }
  }
  // The end of a run: what the command wrote after finish() (its summaries) is sealed too; a run
  // left by an exception keeps its last checkpoint, so that what it left half done is named.
  if (!finished_.empty() && std::uncaught_exceptions() == 0) {
    try {
      manifest_.seal();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "error: cannot write %s/%s: %s\n", dir_.c_str(), kManifestName,
                   e.what());
    }
  }
  std::signal(SIGINT, old_int_);
  std::signal(SIGTERM, old_term_);
  g_interrupt = false;
}

const std::atomic<bool>& RunPipeline::stop() const { return g_stop; }

void RunPipeline::set_total(std::size_t total) {
  const bool changed = total_ != total;
  total_ = total;
  if (changed && finished_.empty()) write_run_yaml("running");
}

void RunPipeline::conclude() { g_stop = true; }

DistributeOutcome RunPipeline::execute(const std::string& kind, const std::string& context,
                                       std::vector<std::size_t> jobs, JobRunner& local,
                                       const ResultHandler& on_result, bool bounded_lookahead) {
  executed_ = true;
  DistributedWork work;
  work.kind = kind;
  work.context = context;
  work.threads = threads_wanted_;
  work.jobs = std::move(jobs);
  work.bounded_lookahead = bounded_lookahead;
  const double cpu_start = process_cpu_ms();
  const double wall_start = wall_ms();
  // Each result is journaled by on_result; the manifest follows at most once a second (a killed
  // run's records after it are accepted as unverified, manifest.h).
  const ResultHandler checkpointed = [&](std::size_t index, const std::string& result) {
    on_result(index, result);
    if (wall_ms() - last_checkpoint_ms_ >= 1000) {
      manifest_.checkpoint();
      last_checkpoint_ms_ = wall_ms();
    }
  };
  const DistributeOutcome outcome = distribute(work, local, checkpointed, stop());
  wall_ms_ += wall_ms() - wall_start;
  cpu_ms_ += process_cpu_ms() - cpu_start;
  run_here_ += outcome.finished;
  done_ += outcome.finished;
  ranks_ = std::max(ranks_, outcome.ranks);
  other_ranks_cpu_ms_ += outcome.other_ranks_cpu_ms;
  return outcome;
}

DistributeOutcome RunPipeline::run_all(const std::string& kind, std::size_t total, JobRunner& local,
                                       const ResultHandler& on_result) {
  set_total(total);
  ResultLog log(dir() + "/results.log", request_.resume, total);
  std::vector<std::size_t> jobs;
  for (std::size_t i = 0; i < total; ++i) {
    if (const auto it = log.resumed().find(i); it != log.resumed().end()) {
      on_result(i, it->second);
    } else {
      jobs.push_back(i);
    }
  }
  set_done(log.resumed().size());
  return execute(kind, encode_config_context({request_.config_path, hash_}), std::move(jobs), local,
                 [&](std::size_t index, const std::string& result) {
                   log.record(index, result);
                   on_result(index, result);
                 });
}

int RunPipeline::finish(bool complete, const std::string& error) {
  finished_ = now_text();
  const bool interrupted = !complete || !error.empty();
  write_run_yaml(interrupted ? "interrupted" : "finished");
  if (!interrupted) return 0;
  if (!error.empty()) std::fprintf(stderr, "error: %s\n", error.c_str());
  std::string line = "harness " + description_.command + " " + shell_quote(request_.config_path) +
                     " --out " + shell_quote(dir()) + " --resume";
  if (request_.threads) line += " --threads " + std::to_string(*request_.threads);
  line += description_.resume_flags;
  std::string counts = std::to_string(done_);
  if (total_) counts += " of " + std::to_string(*total_);
  std::fprintf(stderr, "stopped: %s %s finished and kept; resume with:\n  %s\n", counts.c_str(),
               description_.unit.c_str(), line.c_str());
  return error.empty() ? 130 : 1;
}

void RunPipeline::write_run_yaml(const std::string& status) {
  const std::string& unit = description_.unit;
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "run" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "program" << YAML::Value << "harness " + description_.command;
  out << YAML::Key << "version" << YAML::Value << GTS_VERSION;
  out << YAML::Key << "format" << YAML::Value << kRunFolderFormat;
  out << YAML::Key << "status" << YAML::Value << status;
  out << YAML::Key << "config_hash" << YAML::Value << hash_;
  out << YAML::Key << "config_file" << YAML::Value << request_.config_path;
  if (description_.seed) out << YAML::Key << "seed" << YAML::Value << *description_.seed;
  out << YAML::Key << "threads" << YAML::Value << threads_;
  out << YAML::Key << "command" << YAML::Value << request_.command_line;
  out << YAML::Key << "machine" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "cores" << YAML::Value << std::thread::hardware_concurrency();
  out << YAML::Key << "cpu" << YAML::Value << cpu_model();
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  out << YAML::Key << "hostname" << YAML::Value << host;
  out << YAML::EndMap;
  out << YAML::Key << "started" << YAML::Value << started_;
  out << YAML::Key << "finished" << YAML::Value << finished_;
  if (total_) out << YAML::Key << unit + "_total" << YAML::Value << *total_;
  out << YAML::Key << unit + "_done" << YAML::Value << done_;
  for (const auto& [key, value] : fields_) out << YAML::Key << key << YAML::Value << value;
  if (run_here_ > 0) {
    out << YAML::Key << "this_process" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << unit << YAML::Value << run_here_;
    out << YAML::Key << "wall_s" << YAML::Value << wall_ms_ / 1e3;
    out << YAML::Key << unit + "_per_s" << YAML::Value
        << static_cast<double>(run_here_) / (wall_ms_ / 1e3);
    out << YAML::Key << "cpu_s" << YAML::Value << cpu_ms_ / 1e3;
    if (search_cpu_ms_ > 0) {
      out << YAML::Key << "search_cpu_s" << YAML::Value << search_cpu_ms_ / 1e3;
      out << YAML::Key << "harness_overhead_pct" << YAML::Value
          << 100.0 * (cpu_ms_ - search_cpu_ms_) / cpu_ms_;
    }
    out << YAML::EndMap;
    if (ranks_ > 1) {
      out << YAML::Key << "mpi" << YAML::Value << YAML::BeginMap;
      out << YAML::Key << "ranks" << YAML::Value << ranks_;
      out << YAML::Key << "other_ranks_cpu_s" << YAML::Value << other_ranks_cpu_ms_ / 1e3;
      out << YAML::EndMap;
    }
  }
  out << YAML::EndMap;
  out << YAML::Key << "config" << YAML::Value << YAML::Load(description_.resolved_config);
  out << YAML::EndMap;
  replace_file(dir() + "/run.yaml", "# Written by `harness " + description_.command +
                                        "`: the resolved config and how it was run.\n" +
                                        out.c_str() + "\n");
  manifest_.checkpoint();
  last_checkpoint_ms_ = wall_ms();
}

}  // namespace gts
