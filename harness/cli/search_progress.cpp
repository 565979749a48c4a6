#include "harness/cli/search_progress.h"

#include <cstdio>
#include <utility>
#include <vector>

#include "harness/strf.h"

namespace gts::cli {

SearchProgressLine::SearchProgressLine(const GameHandle& game, std::string position, bool tty)
    : game_(game), position_(std::move(position)), tty_(tty), start_ms_(wall_ms()) {}

SearchProgressLine::~SearchProgressLine() {
  if (tty_ && printed_) std::fputs("\r\033[K", stderr);  // the results take the line's place
}

void SearchProgressLine::on_nodes(std::uint64_t nodes) {
  nodes_ = nodes;
  print(false);
}

void SearchProgressLine::on_iteration(int depth, Value value, Move best_move, std::uint64_t nodes) {
  nodes_ = nodes;
  const std::vector<std::string> move = game_.line_to_strings(position_, {best_move});
  iteration_ = "depth " + std::to_string(depth) + " value " + std::to_string(value) + " best " +
               (move.empty() ? std::string("-") : move.front());
  print(!tty_);  // elsewhere each finished iteration gets its line
}

void SearchProgressLine::print(bool force) {
  const double now = wall_ms();
  const double interval = tty_ ? 250.0 : 10000.0;
  if (!force && now - last_print_ms_ < interval) return;
  last_print_ms_ = now;
  const double seconds = (now - start_ms_) / 1e3;
  const std::string line =
      strf("search: %s%s%llu nodes  %.2f M nodes/s  %.1f s", iteration_.c_str(),
           iteration_.empty() ? "" : "  ", static_cast<unsigned long long>(nodes_),
           seconds > 0 ? static_cast<double>(nodes_) / seconds / 1e6 : 0.0, seconds);
  if (tty_) {
    std::fprintf(stderr, "\r%s\033[K", line.c_str());
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
  printed_ = true;
}

}  // namespace gts::cli
