// The client side of the Universal Game Interface (kz04px/cutegames, ugi.md): one engine process,
// its handshake, and one move at a time. Every failure is an answer, never an exception: a crash,
// a stall past the deadline, a broken handshake come back as the reason the engine forfeits, with
// its exit status and its last stderr lines.
#pragma once

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

#include "harness/engine/child_process.h"
#include "harness/engine/engine_spec.h"
#include "harness/game_record.h"

namespace gts {

// One player's log in the run folder (engines/<player>.log): every engine process's stderr, and
// with `debug` the whole exchange, one line each, prefixed by the process id. Shared by the
// processes of that player, whichever thread they run on.
class EngineLog {
 public:
  EngineLog(const std::string& path, bool debug);  // path empty: no log
  ~EngineLog();
  EngineLog(const EngineLog&) = delete;
  EngineLog& operator=(const EngineLog&) = delete;
  [[nodiscard]] bool debug() const { return debug_; }
  void line(pid_t pid, const char* tag, const std::string& text);

 private:
  std::mutex mutex_;
  std::FILE* file_ = nullptr;
  bool debug_ = false;
};

class UgiEngine {
 public:
  // Starts the process and runs the handshake (`ugi` .. `ugiok`, the `setoption`s, `isready` ..
  // `readyok`); ok() says whether it got through, failure() why not.
  UgiEngine(const EngineSpec& spec, EngineLog* log, const std::atomic<bool>* stop);
  ~UgiEngine();  // `quit`, then terminate

  [[nodiscard]] bool ok() const { return failure_.empty(); }
  [[nodiscard]] const std::string& failure() const { return failure_; }

  // `uginewgame`, `isready` .. `readyok`; false (and failure()) when the engine does not answer.
  bool new_game();
  // `position ...` and `go ...`, then the lines up to `bestmove`. After a timeout, a failure or a
  // stop the engine is in an unknown state: ok() is false and it must not be used again.
  EngineMove go(const EngineGo& request);

 private:
  bool send(const std::string& line);
  // Reads lines until one starts with `word`; false (and failure_) on timeout, end or stop.
  bool expect(const std::string& word, double timeout_ms);
  // `what` and the process's fate: its exit status and last stderr lines.
  std::string describe(const std::string& what);
  double cpu_ms() const;  // the process's CPU time so far, from /proc

  EngineSpec spec_;
  EngineLog* log_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<ChildProcess> process_;
  std::string failure_;
  bool stopped_ = false;
};

// "position startpos moves a b" or "position fen NOTATION moves a b".
std::string ugi_position_command(const EngineGo& request);
// "go depth 4 nodes 1000 movetime 100 p1time 9000 p2time 8000 p1inc 100 p2inc 100".
std::string ugi_go_command(const EngineGo& request);

}  // namespace gts
