// The engine processes of one player in a tournament: kept from game to game, a fresh one after
// any failure (a crash, a stall, a move it could not make), so that one bad game costs one game.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "harness/engine/ugi_engine.h"

namespace gts {

class EnginePool {
 public:
  // `log_path`: the player's log (stderr, and with `debug` the protocol).
  EnginePool(EngineSpec spec, const std::string& log_path, bool debug);
  ~EnginePool();  // quits the idle engines
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  // An idle engine, or a newly started one (check ok(): its handshake, which `stop` cuts short,
  // may have failed).
  std::unique_ptr<UgiEngine> acquire(const std::atomic<bool>* stop);
  // Keeps a sound engine for the next game; ends any other.
  void release(std::unique_ptr<UgiEngine> engine);

 private:
  EngineSpec spec_;
  EngineLog log_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<UgiEngine>> idle_;
};

// A player's engine for one game, as the game loop sees it: taken from the pool at the start of
// the game and given back at its end.
class PooledEngine final : public ExternalPlayer {
 public:
  PooledEngine(EnginePool& pool, const std::atomic<bool>* stop) : pool_(pool), stop_(stop) {}
  ~PooledEngine() override;
  PooledEngine(const PooledEngine&) = delete;
  PooledEngine& operator=(const PooledEngine&) = delete;

  std::string start_game() override;
  EngineMove go(const EngineGo& request) override;
  // The game was lost by this engine's fault: end the process (the next game starts a fresh one).
  void discard() { engine_.reset(); }

 private:
  EnginePool& pool_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<UgiEngine> engine_;
};

}  // namespace gts
