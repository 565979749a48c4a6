// The SPRT that stops a two-player run (tournament.sprt). It counts game pairs in schedule order:
// pair k counts once both its games are recorded and every earlier pair has counted, and the test
// is decided at the first pair whose count crosses a bound. So the decision, and the games it
// rests on, are the same whatever order threads or ranks finish games in, and a resumed run
// continues the same test from its journal.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "harness/stats/sprt.h"

namespace gts {

class SprtWatch {
 public:
  // `pairs`: the schedule's game pairs (games 2k and 2k+1 are pair k, the first player moving
  // first in game 2k).
  SprtWatch(const SprtConfig& config, std::size_t pairs);

  // Game `index` finished with `first_score` for the player who moved first in it. True when this
  // game decided the test (once; after that every game is ignored).
  bool record(std::size_t index, double first_score);

  [[nodiscard]] bool decided() const { return result_ != SprtResult::kContinue; }
  // Games the test counted: every game of the pairs counted so far (at the decision, its games).
  [[nodiscard]] std::size_t games_counted() const { return 2 * counted_; }
  [[nodiscard]] double llr() const { return llr_; }
  // "H1 accepted (LLR 2.97 >= 2.94) after 212 games: W/D/L ..., pentanomial ..." or, undecided,
  // "no decision yet (LLR ...)".
  [[nodiscard]] std::string summary() const;
  // "LLR 1.23 [-2.94, 2.94]".
  [[nodiscard]] std::string llr_text() const;

 private:
  SprtConfig config_;
  SprtBounds bounds_;
  std::vector<std::optional<double>> scores_;  // by game: the first player of pair k's score
  std::size_t counted_ = 0;                    // pairs counted, in order
  WdlCounts wdl_;
  PentanomialCounts penta_;
  double llr_ = 0;
  SprtResult result_ = SprtResult::kContinue;
};

}  // namespace gts
