// The client side of the Universal Game Interface (kz04px/cutegames, ugi.md): one engine process,
// its handshake, and one move at a time. Every failure is an answer, never an exception: a crash,
// a stall past the deadline, a broken handshake come back as the reason the engine forfeits, with
// its exit status and its last stderr lines.
#pragma once

#include <atomic>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "harness/engine/child_process.h"
#include "harness/match/player.h"

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

// One `info` line of an engine, split into words (w[0] == "info"), into m: the last depth, score,
// nodes and pv win, as in UCI. A value that does not parse or is out of range (a negative depth, a
// score beyond the game's scale) is ignored, never wrapped into another number.
void read_ugi_info(const std::vector<std::string>& w, PlayerMove& m);

class UgiEngine {
 public:
  // Starts the process and runs the handshake (`ugi` .. `ugiok`, the `setoption`s, `isready` ..
  // `readyok`); ok() says whether it got through, failure() why not.
  UgiEngine(const EngineSpec& spec, EngineLog* log, const std::atomic<bool>* stop);
  ~UgiEngine();  // `quit`, then terminate

  [[nodiscard]] bool ok() const { return failure_.empty(); }
  [[nodiscard]] const std::string& failure() const { return failure_; }

  // `setoption name seed` (when the engine declares a `seed` the config does not set),
  // `uginewgame`, `isready` .. `readyok`; false (and failure()) when the engine does not answer.
  bool new_game(std::uint64_t seed);
  // `position ...` and `go ...`, then the lines up to `bestmove`. After a timeout, a failure or a
  // stop the engine is in an unknown state: ok() is false and it must not be used again.
  PlayerMove go(const MoveRequest& request);

 private:
  bool send(const std::string& line);
  // Reads lines until one starts with `word` (kLine; with `m`, its second word is m->move and the
  // `info` lines before it fill m); sets failure_ on a timeout (naming the spec's `limit`, if
  // any), the end of the output or a stop.
  ChildProcess::Read expect(const std::string& word, double timeout_ms, const char* limit,
                            const std::atomic<bool>* stop, PlayerMove* m = nullptr);
  bool handshake(const std::string& word) {
    return expect(word, spec_.startup_ms, "startup_ms", stop_) == ChildProcess::Read::kLine;
  }
  void log(const char* tag, const std::string& line) {
    if (log_ != nullptr && log_->debug()) log_->line(process_->pid(), tag, line);
  }
  // Sets failure_ to `what` and the process's fate (its exit status and last stderr lines);
  // returns false.
  bool fail(const std::string& what);
  double cpu_ms() const;  // the process's CPU time so far, from /proc

  EngineSpec spec_;
  EngineLog* log_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<ChildProcess> process_;
  std::string failure_;
  std::vector<std::string> declared_;  // the options its handshake declared
};

// The engine processes of one player in a tournament: kept from game to game (the idle ones quit
// with the pool), a fresh one after any failure (a crash, a stall, a move it could not make), so
// that one bad game costs one game.
class EnginePool {
 public:
  // `log_path`: the player's log (stderr, and with `debug` the protocol).
  EnginePool(EngineSpec spec, const std::string& log_path, bool debug)
      : spec_(std::move(spec)), log_(log_path, debug) {}

 private:
  friend class PooledEngine;  // takes an idle engine or starts one, and gives back a sound one
  EngineSpec spec_;
  EngineLog log_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<UgiEngine>> idle_;
};

// A player's engine for one game, as the game loop sees it: taken from the pool (or started, its
// handshake cut short by `stop`) at the start of the game, and given back at its end when sound.
class PooledEngine final : public Player {
 public:
  PooledEngine(EnginePool& pool, const std::atomic<bool>* stop) : pool_(pool), stop_(stop) {}
  ~PooledEngine() override;
  PooledEngine(const PooledEngine&) = delete;
  PooledEngine& operator=(const PooledEngine&) = delete;

  std::string start_game(std::uint64_t seed) override;
  PlayerMove play(const MoveRequest& request) override { return engine_->go(request); }
  // The game was lost by this engine's fault: end the process (the next game starts a fresh one).
  void forfeited() override { engine_.reset(); }

 private:
  EnginePool& pool_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<UgiEngine> engine_;
};

}  // namespace gts
