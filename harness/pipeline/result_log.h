// results.log: the journal of a run whose outputs are computed from every job's result at the end
// (compare, solve). One line per finished job, its index and its result's bytes in hex, appended
// and flushed as the job finishes, so a run killed at any moment loses no finished job.
#pragma once

#include <cstddef>
#include <cstdio>
#include <map>
#include <string>

namespace gts {

class ResultLog {
 public:
  // Creates `path` or, with `resume`, reads it first: every whole line must be a job below `total`
  // and its result (else ConfigError naming the file and line); a last line torn by a kill is
  // dropped, and the file is rewritten without it before anything is appended.
  ResultLog(const std::string& path, bool resume, std::size_t total);
  ~ResultLog();
  ResultLog(const ResultLog&) = delete;
  ResultLog& operator=(const ResultLog&) = delete;

  // The results recorded before this run, by job index.
  [[nodiscard]] const std::map<std::size_t, std::string>& resumed() const { return resumed_; }

  // Appends job `index`'s result and flushes (called from one thread at a time).
  void record(std::size_t index, const std::string& result);

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::map<std::size_t, std::string> resumed_;
};

}  // namespace gts
