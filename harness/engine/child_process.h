// A child process with its stdin, stdout and stderr on pipes: how the harness runs other people's
// programs (UGI engines). Lines go in, lines come out under a deadline, and the process never
// outlives the harness:
//   - it is its own process group's leader, so a Ctrl-C at the terminal reaches only the harness,
//     which stops it in order (and kills the group, taking any program it started along);
//   - it is started with PR_SET_PDEATHSIG = SIGKILL from one thread that lives as long as the
//     harness, so the kernel kills it when the harness dies, SIGKILL included;
//   - a guard process in its group kills the whole group when the harness dies (the end of a
//     pipe only the harness writes), so a wrapper's children go too;
//   - it inherits no descriptor of the harness but its three pipes.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "harness/engine/engine_spec.h"

namespace gts {

class ChildProcess {
 public:
  // Called with each line the child writes to stderr (no newline), on the reading thread.
  using LineSink = std::function<void(const std::string&)>;

  // Starts spec.command (its program looked up in PATH when it has no '/') in spec.working_dir;
  // throws std::runtime_error saying why it could not (not found, not executable, bad working
  // directory).
  ChildProcess(const EngineSpec& spec, LineSink stderr_sink);
  ~ChildProcess();  // terminate()
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  [[nodiscard]] pid_t pid() const { return pid_; }

  // Writes `line` and a newline; false when the child no longer reads (it exited).
  bool write_line(const std::string& line);

  enum class Read { kLine, kTimeout, kEof, kStopped };
  // Waits for the next stdout line until `timeout_ms` passes or `stop` is raised
  // (polled every 20 ms). Stderr lines that arrive meanwhile go to the sink.
  Read read_line(std::string& line, double timeout_ms, const std::atomic<bool>* stop = nullptr);

  // Closes stdin (a well-behaved engine exits on end of input), waits up to `grace_ms` for the
  // child to exit, then kills its process group and reaps it. Idempotent.
  void terminate(double grace_ms = 300);
  // True once the child has exited (it stays unreaped until terminate()).
  bool exited();
  // "exited with status 3", "killed by signal 11 (Segmentation fault)", or "still running".
  std::string exit_description();
  // The last lines the child wrote to stderr (at most 5), oldest first.
  [[nodiscard]] std::vector<std::string> last_stderr() const;

 private:
  void drain_stderr();

  pid_t pid_ = -1;
  pid_t guard_ = -1;   // the group guard, our child too
  int guard_fd_ = -1;  // its pipe's write end: closed, the guard kills the group
  int in_fd_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  bool exited_ = false;
  bool reaped_ = false;
  int code_ = 0;    // CLD_EXITED, CLD_KILLED, CLD_DUMPED
  int status_ = 0;  // the exit status or the signal
  std::string out_buffer_;
  std::string err_buffer_;
  std::deque<std::string> err_tail_;
  LineSink stderr_sink_;
};

}  // namespace gts
