#include "harness/tournament/live_lines.h"

#include <unistd.h>

#include <cinttypes>
#include <cstdlib>
#include <string_view>

#include "harness/strf.h"

namespace gts {

bool colour_wanted(int fd) {
  const char* no_colour = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return isatty(fd) != 0 && (no_colour == nullptr || *no_colour == '\0') &&
         (term == nullptr || std::string_view(term) != "dumb");
}

std::string paint(const std::string& text, Paint paint, bool on) {
  if (!on) return text;
  return (paint == Paint::kGood ? "\033[32m" : "\033[31m") + text + "\033[0m";
}

void ScoreLines::add(const GameRow& row, const std::string& a, const std::string& b) {
  const double score = row.first == a ? row.first_score() : 1.0 - row.first_score();
  counts_[{a, b}].add(score);
}

std::string ScoreLines::line(const std::string& a, const std::string& b) const {
  const auto it = counts_.find({a, b});
  const WdlCounts c = it == counts_.end() ? WdlCounts{} : it->second;
  const std::int64_t n = c.games();
  return "Score of " + a + " vs " + b + ": " +
         paint(std::to_string(c.wins), Paint::kGood, colour_) + " - " +
         paint(std::to_string(c.losses), Paint::kBad, colour_) + " - " + std::to_string(c.draws) +
         strf(" [%.3f] %" PRId64, n > 0 ? c.points() / static_cast<double>(n) : 0.0, n);
}

}  // namespace gts
