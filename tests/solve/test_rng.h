// A small seeded generator for the tests that draw random problems: the same seed draws the same
// problems on every machine.
#pragma once

#include <cstdint>

namespace gts::testing {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  // Uniform enough in [0, n), n > 0.
  int below(int n) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state_ >> 33) % static_cast<std::uint64_t>(n));
  }

 private:
  std::uint64_t state_;
};

}  // namespace gts::testing
