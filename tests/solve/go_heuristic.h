// Zhang et al.'s heuristic for go-capture, as harness solve builds it
// (harness/games/go_capture.cpp), for the solver tests.
#pragma once

#include "algorithms/proof_number.h"
#include "games/go_capture/go_capture.h"

namespace gts::testing {

struct GoHeuristic {
  const GoCapture* game;
  bool prover_is_attacker;
  ProofEstimate operator()(const GoCapture::State& s) const {
    const ProofEstimate e = estimate_from_distance(game->capture_distance(s));
    return prover_is_attacker ? e : swapped(e);
  }
};

}  // namespace gts::testing
