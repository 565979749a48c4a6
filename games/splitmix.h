// splitmix64 (Steele, Lea and Flood): the one seeded 64-bit generator the project uses, for Zobrist
// tables, synthetic trees and seeded choices. Fixed arithmetic, so every platform draws the same.
#pragma once

#include <cstdint>

namespace gts {

// Advances `state` and returns the next value.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace gts
