#include "harness/engine/engine_pool.h"

namespace gts {

EnginePool::EnginePool(EngineSpec spec, const std::string& log_path, bool debug)
    : spec_(std::move(spec)), log_(log_path, debug) {}

EnginePool::~EnginePool() = default;

std::unique_ptr<UgiEngine> EnginePool::acquire(const std::atomic<bool>* stop) {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      auto e = std::move(idle_.back());
      idle_.pop_back();
      return e;
    }
  }
  return std::make_unique<UgiEngine>(spec_, &log_, stop);
}

void EnginePool::release(std::unique_ptr<UgiEngine> engine) {
  if (engine == nullptr || !engine->ok()) return;  // destroyed: the process is ended
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(engine));
}

PooledEngine::~PooledEngine() { pool_.release(std::move(engine_)); }

std::string PooledEngine::start_game() {
  if (engine_ == nullptr) engine_ = pool_.acquire(stop_);
  if (!engine_->ok() || !engine_->new_game()) return engine_->failure();
  return {};
}

EngineMove PooledEngine::go(const EngineGo& request) { return engine_->go(request); }

}  // namespace gts
