// The harness program plus players that only tests need: `faulty`, a deliberately broken player
// (it plays random moves, then from its `after`-th move on throws, returns an illegal move, or
// breaks an invariant as a bug would), so that the tests can show a tournament survives one and
// that a bug is told apart from bad input. The product does not ship it.
#include <memory>
#include <stdexcept>
#include <string>

#include "harness/cli/app.h"
#include "harness/registry.h"

namespace {

class FaultySearcher final : public gts::Searcher {
 public:
  FaultySearcher(std::unique_ptr<gts::Searcher> random, std::string mode, std::int64_t after)
      : random_(std::move(random)), mode_(std::move(mode)), after_(after) {}

  gts::SearchResult search(const gts::Position& state, const gts::SearchLimits& limits,
                           std::uint64_t seed) override {
    if (calls_++ < after_) return random_->search(state, limits, seed);
    if (mode_ == "throw") throw std::runtime_error("faulty player: deliberate failure");
    if (mode_ == "bug") throw std::logic_error("faulty player: a broken invariant");
    gts::SearchResult r;
    r.best_move = gts::Move{1 << 30};  // no game has such a move
    r.stats.nodes = 1;
    return r;
  }

 private:
  std::unique_ptr<gts::Searcher> random_;
  std::string mode_;
  std::int64_t after_;
  std::int64_t calls_ = 0;
};

void register_test_players() {
  using S = gts::ParamSpec;
  gts::AlgorithmInfo info{
      "faulty",
      {},
      "a deliberately broken player, for testing the harness: from its `after`-th move on it "
      "throws, returns an illegal move, or breaks an invariant (a std::logic_error, as a bug)",
      {S::choice("mode", "throw", {"throw", "illegal", "bug"}, "how it misbehaves"),
       S::integer("after", 0, 0, 100000, "random legal moves before it misbehaves")},
      gts::AlgorithmFacts{}};
  info.facts.anytime = true;
  info.facts.seeded = true;
  info.facts.searches = false;
  gts::register_algorithm_wrapper(
      std::move(info), "random",
      [](std::unique_ptr<gts::Searcher> random, const gts::AlgorithmSpec& spec) {
        return std::make_unique<FaultySearcher>(std::move(random), spec.options.get("mode"),
                                                spec.options.get_int("after"));
      });
}

}  // namespace

int main(int argc, char** argv) {
  register_test_players();
  return gts::cli::harness_main(argc, argv);
}
