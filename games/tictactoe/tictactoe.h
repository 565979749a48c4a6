// Tic-tac-toe generalised to the m,n,k-game: rows × cols board (at most 8 × 8, one bit a cell,
// row-major from the top-left), k in a row wins. X is player 0 and moves first.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/evaluation.h"
#include "games/game.h"
#include "games/params.h"

namespace gts {

class TicTacToeEval;

class TicTacToe {
 public:
  static constexpr std::string_view kName = "tictactoe";
  static constexpr std::string_view kDescription =
      "m,n,k-game: rows x cols board, k in a row wins (3,3,3 is tic-tac-toe)";
  static constexpr std::size_t kMaxMoves = 64;
  static constexpr std::array<std::string_view, 2> kSideNames = {"X", "O"};
  static constexpr int kMaxSide = 8;
  // Value of a won position for the winner; draws are 0.
  static constexpr Value kWin = 1000;

  struct State {
    std::uint64_t x = 0;  // X's stones
    std::uint64_t o = 0;  // O's stones
    std::uint8_t side = 0;  // 0 = X, 1 = O
    // Bit p set: player p has k in a row. Cached when the line is made so that is_terminal does
    // not rescan every line at each node; it is a function of the boards, so equality is unchanged.
    std::uint8_t lines = 0;
    friend bool operator==(const State&, const State&) = default;
  };
  using Eval = TicTacToeEval;

  static std::vector<ParamSpec> param_specs();
  static std::vector<EvalInfo> evaluation_kinds();
  static std::string default_evaluation() { return "open-lines"; }

  // 3 × 3, k = 3.
  TicTacToe();
  // Validates `params` itself (ranges and k <= max(rows, cols)); throws ParamError.
  explicit TicTacToe(const Params& params);

  [[nodiscard]] int rows() const { return rows_; }
  [[nodiscard]] int cols() const { return cols_; }
  [[nodiscard]] int k() const { return k_; }
  [[nodiscard]] int cells() const { return rows_ * cols_; }
  // Every k-in-a-row line as a bitmask, each once.
  [[nodiscard]] std::span<const std::uint64_t> lines() const { return lines_; }

  [[nodiscard]] State initial_state() const { return State{}; }
  [[nodiscard]] int to_move(const State& s) const { return s.side; }

  [[nodiscard]] bool is_terminal(const State& s) const {
    return s.lines != 0 || (s.x | s.o) == full_;
  }

  [[nodiscard]] Value terminal_value(const State& s) const {
    if ((s.lines & (1U << (1 - s.side))) != 0) return -kWin;
    if ((s.lines & (1U << s.side)) != 0) return kWin;
    return 0;
  }

  void legal_moves(const State& s, MovesOf<TicTacToe>& moves) const {
    if (s.lines != 0) return;
    for (std::uint64_t empty = full_ & ~(s.x | s.o); empty != 0; empty &= empty - 1) {
      moves.push_back(std::countr_zero(empty));
    }
  }

  // `move` is an empty cell of a non-terminal position (unchecked: see parse_move).
  void play(State& s, Move move) const {
    std::uint64_t& mine = s.side == 0 ? s.x : s.o;
    mine |= std::uint64_t{1} << move;
    // Only lines through the new stone can have been completed.
    const int end = cell_begin_[move + 1];
    for (int i = cell_begin_[move]; i < end; ++i) {
      if ((mine & cell_lines_[i]) == cell_lines_[i]) {
        s.lines = static_cast<std::uint8_t>(s.lines | (1U << s.side));
        break;
      }
    }
    s.side ^= 1;
  }

  [[nodiscard]] std::uint64_t hash(const State& s) const {
    std::uint64_t h = mix(s.x ^ 0x9E3779B97F4A7C15ULL);
    h = mix(h ^ s.o);
    return s.side != 0 ? ~h : h;
  }

  // ".../.X./...:O": rows top to bottom, 'X', 'O' or '.', then the side to move.
  [[nodiscard]] std::string to_string(const State& s) const;
  [[nodiscard]] State parse(std::string_view text) const;
  // Column letter and row number from the top: "a1" is the top-left cell.
  [[nodiscard]] std::string move_to_string(const State& s, Move move) const;
  // Accepts "b2" or the 1-based cell number ("5"); throws ParseError listing the legal moves.
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const;

  // One feature a cell, row-major: +1 my stone, −1 the opponent's, 0 empty.
  [[nodiscard]] std::size_t num_features() const { return static_cast<std::size_t>(cells()); }
  void features(const State& s, std::span<std::int32_t> out) const {
    const std::uint64_t mine = s.side == 0 ? s.x : s.o;
    const std::uint64_t theirs = s.side == 0 ? s.o : s.x;
    for (int c = 0; c < cells(); ++c) {
      const std::uint64_t bit = std::uint64_t{1} << c;
      out[c] = (mine & bit) != 0 ? 1 : (theirs & bit) != 0 ? -1 : 0;
    }
  }
  [[nodiscard]] std::vector<std::string> feature_names() const;

  // A grid with column letters and row numbers, and whose turn it is.
  [[nodiscard]] std::string draw(const State& s) const;

 private:
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  [[nodiscard]] std::string cell_name(int cell) const;
  [[nodiscard]] std::string legal_list(const State& s) const;

  int rows_ = 3;
  int cols_ = 3;
  int k_ = 3;
  std::uint64_t full_ = 0;
  std::vector<std::uint64_t> lines_;
  // Lines through cell c: cell_lines_[cell_begin_[c] .. cell_begin_[c+1]).
  std::vector<std::uint64_t> cell_lines_;
  std::array<std::uint16_t, 65> cell_begin_{};
};

// Static evaluations of m,n,k positions, from the side to move's view.
//   open-lines  lines still open for me (no opponent stone) − lines still open for the opponent
//   linear      weights · features (see TicTacToe::features)
class TicTacToeEval {
 public:
  // Throws ParamError for an unknown kind or bad weights.
  TicTacToeEval(const TicTacToe& game, const EvalSpec& spec);

  Value operator()(const TicTacToe::State& s) const {
    const std::uint64_t mine = s.side == 0 ? s.x : s.o;
    const std::uint64_t theirs = s.side == 0 ? s.o : s.x;
    if (!linear_) {
      Value open = 0;
      for (std::uint64_t line : game_.lines()) {
        open += static_cast<Value>((line & theirs) == 0) - static_cast<Value>((line & mine) == 0);
      }
      return open;
    }
    std::array<std::int32_t, 64> f{};
    game_.features(s, f);
    return linear_value(std::span<const std::int32_t>(f.data(), weights_.size()), weights_);
  }

 private:
  TicTacToe game_;
  bool linear_ = false;
  std::vector<double> weights_;
};

}  // namespace gts
