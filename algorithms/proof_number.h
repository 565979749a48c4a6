// Proof and disproof numbers: the arithmetic every proof-number search shares, and Zhang et al.'s
// mapping from an evaluation to initial numbers (pn+ and df-pn+).
//
// Numbers are always from the prover's side: pn is how hard proving looks (0: proved), dn how hard
// disproving looks (0: disproved), kPnInfinity the value of the impossible.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace gts {

using ProofNumber = std::uint32_t;
inline constexpr ProofNumber kPnInfinity = 2'000'000'000;
// The largest finite number: sums saturate here, so only a solved child makes a number infinite.
inline constexpr ProofNumber kPnMax = kPnInfinity - 1;

// Sum that stays finite unless an operand is infinite.
inline ProofNumber pn_add(ProofNumber a, ProofNumber b) {
  if (a >= kPnInfinity || b >= kPnInfinity) return kPnInfinity;
  const std::uint64_t s = std::uint64_t{a} + b;
  return s >= kPnMax ? kPnMax : static_cast<ProofNumber>(s);
}

// x times n (the sum of n children standing at x), saturating as pn_add does.
inline ProofNumber pn_times(ProofNumber x, std::size_t n) {
  if (x >= kPnInfinity) return n == 0 ? 0 : kPnInfinity;
  const std::uint64_t p = std::uint64_t{x} * n;
  return p >= kPnMax ? kPnMax : static_cast<ProofNumber>(p);
}

// Initial numbers of an unsolved leaf.
struct ProofEstimate {
  ProofNumber pn = 1;
  ProofNumber dn = 1;
  friend bool operator==(const ProofEstimate&, const ProofEstimate&) = default;
};

// The largest distance the mapping below accepts; Zhang et al.'s scale factor.
inline constexpr int kMaxProofDistance = 25;

// Zhang et al.'s pn+ / df-pn+ initialisation from an evaluation E (the prover's distance from its
// goal, 1 = next to it, 25 = hopeless): pn = E^2, dn = (1/E x 25)^2, the latter rounded to the
// nearest integer and at least 1. E is clamped to 1..25, so pn runs 1..625 and dn 625..1; at E = 5
// both are 25.
inline ProofEstimate estimate_from_distance(int e) {
  const int d = std::clamp(e, 1, kMaxProofDistance);
  const double inv = static_cast<double>(kMaxProofDistance) / d;
  ProofEstimate out;
  out.pn = static_cast<ProofNumber>(d * d);
  out.dn = std::max<ProofNumber>(1, static_cast<ProofNumber>(std::lround(inv * inv)));
  return out;
}

// The same numbers seen from the other side: the opponent's distance from its goal.
inline ProofEstimate swapped(const ProofEstimate& e) { return {e.dn, e.pn}; }

}  // namespace gts
