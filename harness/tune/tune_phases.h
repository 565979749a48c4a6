// The phases of a tune run. Each is a deterministic function of the config and the games' results,
// so a resumed run (games from the journal) computes exactly what an uninterrupted one does.
#pragma once

#include <string>
#include <vector>

#include "harness/stats/pentanomial.h"
#include "harness/tune/tune_context.h"

namespace gts {

struct TunePhaseResult {
  bool complete = false;      // false: stopped by a signal
  std::vector<double> tuned;  // the tuned weights
  int games = 0;              // games the phase consists of
  std::string summary;        // one line for the terminal and tuned.yaml
};

// SPSA: writes DIR/tune.csv (one row per iteration, row 0 the start).
TunePhaseResult run_spsa_phase(TuneContext& ctx, const std::string& dir);

// Round robin of candidates: writes DIR/tune.csv (one row per candidate).
TunePhaseResult run_round_robin_phase(TuneContext& ctx, const std::string& dir);

// The candidates of a round robin: the start (if included), those listed, those sampled.
struct Candidate {
  std::string name;
  std::string source;  // start, listed, sampled
  std::vector<double> weights;
};
std::vector<Candidate> round_robin_candidates(const TuneConfig& config);

struct VerifyResult {
  bool complete = false;
  std::string verdict = "skipped";  // H1, H0, inconclusive, skipped
  PentanomialCounts pairs;
  WdlCounts games;  // from the tuned weights' view
  EloEstimate elo;
  double llr = 0;
  double lower = 0, upper = 0;
};

// Tuned against start in game pairs until the SPRT decides or max_games is reached; writes
// DIR/verify.csv (one row per pair). Games are numbered from `first_game`.
VerifyResult run_verify_phase(TuneContext& ctx, const std::string& dir,
                              const std::vector<double>& tuned, int first_game);

// "H1 accepted after 412 games: Elo +48.3 ± 21.1 (95%), LLR 2.97 (bounds -2.94, 2.94)".
std::string verify_line(const VerifyResult& v);

}  // namespace gts
