#include "harness/engine/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "algorithms/search.h"

namespace gts {

namespace {

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Moves the first whole line of `buffer` into `line` (without its "\n" or "\r\n"); false if none.
bool take_line(std::string& buffer, std::string& line) {
  const auto nl = buffer.find('\n');
  if (nl == std::string::npos) return false;
  line.clear();
  std::size_t end = nl;
  if (end > 0 && buffer[end - 1] == '\r') --end;
  // Control bytes (a NUL, an escape sequence) as \xNN: an engine's text goes into CSVs, logs and
  // the terminal whole and inert.
  for (std::size_t i = 0; i < end; ++i) {
    const auto c = static_cast<unsigned char>(buffer[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      line += "\\x";
      line += kHex[c >> 4];
      line += kHex[c & 15];
    } else {
      line += static_cast<char>(c);
    }
  }
  buffer.erase(0, nl + 1);
  return true;
}

// Appends what `fd` has to `buffer`; at the end of the stream (or an error) closes `fd`, ends a
// last line that has no newline, and returns false.
bool read_into(int& fd, std::string& buffer) {
  char buf[4096];
  const ssize_t n = read(fd, buf, sizeof buf);
  if (n > 0) buffer.append(buf, static_cast<std::size_t>(n));
  if (n > 0 || (n < 0 && (errno == EINTR || errno == EAGAIN))) return true;
  close_fd(fd);
  if (!buffer.empty()) buffer += '\n';
  return false;
}

struct Spawned {
  pid_t pid = -1;
  int in = -1, out = -1, err = -1;
  pid_t guard = -1;   // the group guard (see start_guard), -1 if none could be started
  int guard_fd = -1;  // the write end of its pipe
  std::string error;  // why it could not start
};

// Starts the group guard of the engine whose process group is `group`: a forked process that
// joins the group (so that its id is not reused while the guard lives), reads a pipe whose only
// write end the harness holds, and at the end of the pipe (the harness died, SIGKILL included,
// or closed it) kills the whole group: the engine and whatever it started. The parent-death
// signal alone would take only the engine. Returns false when it could not be started.
bool start_guard(pid_t group, pid_t& guard, int& guard_fd) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) return false;
  const pid_t pid = fork();
  if (pid < 0) {
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    return false;
  }
  if (pid == 0) {
    // Async-signal-safe calls only: the harness has other threads.
    setpgid(0, group);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (pipe_fds[0] != 0) dup2(pipe_fds[0], 0);
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 1U, ~0U, 0U) != 0)
#endif
      for (int fd = 1; fd < 4096; ++fd) close(fd);
    for (char c = 0;;) {
      const ssize_t r = read(0, &c, 1);
      if (r == 0 || (r < 0 && errno != EINTR)) break;
    }
    kill(-group, SIGKILL);  // the guard too: it is in the group
    _exit(0);
  }
  close(pipe_fds[0]);
  guard = pid;
  guard_fd = pipe_fds[1];
  return true;
}

// What a child that could not start writes to its report pipe: 'd' (no working directory) or
// 'x' (no exec), and the errno.
struct StartFailure {
  char what = 0;
  int code = 0;
};

// fork + exec. Runs on the spawner thread only: PR_SET_PDEATHSIG fires when the thread that
// forked the child ends, so the forking thread must live as long as the harness.
Spawned spawn_now(const EngineSpec& spec) {
  std::vector<char*> argv;  // execvp does not write to them
  for (const auto& a : spec.command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const char* dir = spec.working_dir.empty() ? nullptr : spec.working_dir.c_str();

  int in[2], out[2], err[2], report[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 ||
      pipe2(report, O_CLOEXEC) != 0) {
    return {.error = std::strerror(errno)};
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    const Spawned failed{.error = std::string("fork: ") + std::strerror(errno)};
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1], report[0], report[1]}) close(fd);
    return failed;
  }
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);  // the harness died before the line above
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    if (report[1] != 3) {
      dup2(report[1], 3);
      fcntl(3, F_SETFD, FD_CLOEXEC);
    }
    // Descriptors 0-2 and the report pipe (3) only.
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 4U, ~0U, 0U) != 0)
#endif
      for (int fd = 4; fd < 4096; ++fd) close(fd);
    // The harness ignores SIGPIPE and handles SIGINT/SIGTERM; the engine starts with defaults.
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    StartFailure failure{.what = 'd'};
    if (dir == nullptr || chdir(dir) == 0) {
      failure.what = 'x';
      execvp(argv[0], argv.data());
    }
    failure.code = errno;
    (void)!write(3, &failure, sizeof failure);
    _exit(127);
  }
  for (int fd : {in[0], out[1], err[1], report[1]}) close(fd);
  // The report pipe closes at exec (it is close-on-exec): no bytes means the program runs. (One
  // write of a few bytes to a pipe arrives whole.)
  StartFailure failure;
  ssize_t n = 0;
  do n = read(report[0], &failure, sizeof failure);
  while (n < 0 && errno == EINTR);
  close(report[0]);
  if (n <= 0) {
    Spawned started{.pid = pid, .in = in[1], .out = out[0], .err = err[0], .error = {}};
    if (!start_guard(pid, started.guard, started.guard_fd)) {
      const std::string why = std::strerror(errno);
      kill(-pid, SIGKILL);
      for (int fd : {in[1], out[0], err[0]}) close(fd);
      while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
      return {.error = "cannot start the guard of '" + spec.command[0] + "': " + why};
    }
    return started;
  }
  for (int fd : {in[1], out[0], err[0]}) close(fd);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return {.error = failure.what == 'd'
                       ? "cannot enter working directory '" + spec.working_dir +
                             "': " + std::strerror(failure.code)
                       : "cannot run '" + spec.command[0] + "': " + std::strerror(failure.code)};
}

// The one thread that starts children (see spawn_now). Never destroyed: it lives until exit.
class Spawner {
 public:
  static Spawner& instance() {
    static Spawner* spawner = new Spawner;  // leaked on purpose: the thread outlives statics
    return *spawner;
  }

  Spawned spawn(const EngineSpec& spec) {
    std::packaged_task<Spawned()> task([&spec] { return spawn_now(spec); });
    std::future<Spawned> result = task.get_future();
    {
      std::lock_guard lock(mutex_);
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
    return result.get();
  }

 private:
  Spawner() {
    // A write to an engine that has exited fails with EPIPE instead of killing the harness.
    std::signal(SIGPIPE, SIG_IGN);
    std::thread([this] { loop(); }).detach();
  }

  void loop() {
    for (;;) {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return !tasks_.empty(); });
      std::packaged_task<Spawned()> task = std::move(tasks_.front());
      tasks_.pop_front();
      lock.unlock();
      task();
    }
  }

  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::packaged_task<Spawned()>> tasks_;
};

}  // namespace

ChildProcess::ChildProcess(const EngineSpec& spec, LineSink stderr_sink)
    : stderr_sink_(std::move(stderr_sink)) {
  if (spec.command.empty() || spec.command[0].empty()) {
    throw std::runtime_error("an empty command");
  }
  Spawned s = Spawner::instance().spawn(spec);
  if (s.pid < 0) throw std::runtime_error(s.error);
  pid_ = s.pid;
  guard_ = s.guard;
  guard_fd_ = s.guard_fd;
  in_fd_ = s.in;
  out_fd_ = s.out;
  err_fd_ = s.err;
}

ChildProcess::~ChildProcess() { terminate(); }

bool ChildProcess::write_line(const std::string& line) {
  if (in_fd_ < 0) return false;
  const std::string text = line + "\n";
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(in_fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno != EINTR) return false;
    if (n > 0) done += static_cast<std::size_t>(n);
  }
  return true;
}

void ChildProcess::drain_stderr() {
  (void)read_into(err_fd_, err_buffer_);
  for (std::string l; take_line(err_buffer_, l);) {
    if (stderr_sink_) stderr_sink_(l);
    err_tail_.push_back(std::move(l));
    if (err_tail_.size() > 5) err_tail_.pop_front();
  }
}

ChildProcess::Read ChildProcess::read_line(std::string& line, double timeout_ms,
                                           const std::atomic<bool>* stop) {
  const double deadline = wall_ms() + timeout_ms;
  for (;;) {
    if (take_line(out_buffer_, line)) return Read::kLine;
    if (out_fd_ < 0) return Read::kEof;
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) return Read::kStopped;
    const double left = deadline - wall_ms();
    if (left <= 0) return Read::kTimeout;
    pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
    const int n = poll(fds, err_fd_ >= 0 ? 2 : 1, static_cast<int>(std::min(20.0, left)) + 1);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    }
    if (err_fd_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) drain_stderr();
    if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0 && !read_into(out_fd_, out_buffer_)) {
      // End of output: what is left of stderr is read before the caller asks why.
      const double until = wall_ms() + 100;
      while (err_fd_ >= 0 && wall_ms() < until) {
        pollfd e{err_fd_, POLLIN, 0};
        if (poll(&e, 1, 20) > 0) drain_stderr();
      }
    }
  }
}

bool ChildProcess::exited() {
  if (exited_ || pid_ < 0) return true;
  // WNOWAIT: the exit is seen but the child is left unreaped, so that its process id (and its
  // group's) cannot be reused before terminate() has killed the group.
  siginfo_t info{};
  int r = 0;
  do r = waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
  while (r < 0 && errno == EINTR);
  if (r == 0 && info.si_pid != pid_) return false;  // still running
  // (r < 0: not our child, which cannot happen: nothing to wait for.)
  exited_ = true;
  reaped_ = r < 0;
  code_ = info.si_code;
  status_ = info.si_status;
  return true;
}

void ChildProcess::terminate(double grace_ms) {
  close_fd(in_fd_);
  if (pid_ > 0 && !reaped_) {
    const double deadline = wall_ms() + grace_ms;
    while (!exited() && wall_ms() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    // The whole group (a wrapper script's own children too), while the unreaped leader still
    // holds the group's id.
    kill(-pid_, SIGKILL);
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    exited_ = true;
    reaped_ = true;
  }
  if (guard_ > 0) {
    // Killed with the group above (or by the end of its pipe when the engine was reaped before).
    close_fd(guard_fd_);
    while (waitpid(guard_, nullptr, 0) < 0 && errno == EINTR) {
    }
    guard_ = -1;
  }
  close_fd(guard_fd_);
  close_fd(out_fd_);
  close_fd(err_fd_);
}

std::string ChildProcess::exit_description() {
  if (!exited()) return "still running";
  if (code_ == CLD_EXITED) return "exited with status " + std::to_string(status_);
  if (code_ != CLD_KILLED && code_ != CLD_DUMPED) return "ended";
  const char* name = strsignal(status_);
  return "killed by signal " + std::to_string(status_) +
         (name ? std::string(" (") + name + ")" : "");
}

std::vector<std::string> ChildProcess::last_stderr() const {
  std::vector<std::string> out(err_tail_.begin(), err_tail_.end());
  if (!err_buffer_.empty()) out.push_back(err_buffer_);
  return out;
}

}  // namespace gts
