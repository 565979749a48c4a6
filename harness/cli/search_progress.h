// `harness search`'s progress on stderr while a long search works: the deepest iteration finished
// (its value and best move), nodes, nodes per second and time. On a terminal one line updates in
// place (at most four times a second) and is wiped when the search ends; elsewhere (with
// --progress) a plain line per finished iteration and every 10 s.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "algorithms/search.h"
#include "harness/registry.h"

namespace gts::cli {

class SearchProgressLine final : public SearchProgress {
 public:
  // `game` and `position` name the moves; `tty`: update one line in place.
  SearchProgressLine(const GameHandle& game, std::string position, bool tty);
  ~SearchProgressLine() override;
  SearchProgressLine(const SearchProgressLine&) = delete;
  SearchProgressLine& operator=(const SearchProgressLine&) = delete;

  void on_nodes(std::uint64_t nodes) override;
  void on_iteration(int depth, Value value, Move best_move, std::uint64_t nodes) override;

 private:
  void print(bool force);

  const GameHandle& game_;
  std::string position_;
  bool tty_;
  double start_ms_;
  double last_print_ms_ = 0;
  std::uint64_t nodes_ = 0;
  std::string iteration_;  // "depth 7 value 3 best 6", empty before the first iteration
  bool printed_ = false;
};

}  // namespace gts::cli
