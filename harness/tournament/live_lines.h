// What a run shows while it plays: after each game cutechess's score line for the game's pairing
// ("Score of A vs B: 12 - 9 - 31 [0.529] 52"), coloured on a terminal.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "harness/stats/elo.h"
#include "harness/tournament/journal.h"

namespace gts {

// Colour on `fd` only where it is a terminal, NO_COLOR is unset or empty and TERM is not "dumb"
// (https://no-color.org); never into a pipe or a file.
bool colour_wanted(int fd);

enum class Paint { kGood, kBad };
// `text` in green (kGood) or red (kBad) where `on`, else as it is.
std::string paint(const std::string& text, Paint paint, bool on);

// The running W/L/D of each pairing, in the view of the player named first for it.
class ScoreLines {
 public:
  explicit ScoreLines(bool colour) : colour_(colour) {}
  // Counts `row` for the pairing of `a` (whose view it is) and `b`.
  void add(const GameRow& row, const std::string& a, const std::string& b);
  // "Score of A vs B: W - L - D [score] N" after the games added so far.
  [[nodiscard]] std::string line(const std::string& a, const std::string& b) const;

 private:
  bool colour_;
  std::map<std::pair<std::string, std::string>, WdlCounts> counts_;
};

}  // namespace gts
