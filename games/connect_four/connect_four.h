// Connect Four on a width x height board (7 x 6 by default), k in a row wins (4 by default).
// Player 0 ('X') moves first. A move is a column index 0..width-1; in text, columns are 1..width.
//
// Bitboards (the layout of Pascal Pons' solver tutorial, which is the common one): column c owns
// bits c*(height+1) .. c*(height+1)+height-1, bottom first, plus one padding bit on top that is
// never set. The padding keeps every line test from wrapping from one column into the next: a
// shifted chain that leaves the board lands on a padding bit or off the word. Hence
// width*(height+1) <= 64.
//
// Values follow Pons' score convention, from the side to move's view: a win scores
// ceil(width*height/2) + 1 minus the winner's stones at its win (22 minus them on 7 x 6, so
// the fastest win scores most), a draw 0, a loss the negation. Equivalently, a win by the move
// after n stones scores (width*height + 1 - n)/2, Pons' formula. A position where the game is over
// is valued from the loser's view, so terminal_value is never positive.
//
// Position notation is Pons' too: the columns played, 1-based, as one digit each ("4455"); the
// empty board is the empty string. Printing reconstructs a canonical sequence from the bitboards
// (so two move orders reaching one position print the same), and parse(print(s)) == s.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/evaluation.h"
#include "games/game.h"
#include "games/params.h"

namespace gts {

class ConnectFourEval;

class ConnectFour {
 public:
  static constexpr std::string_view kName = "connect-four";
  static constexpr std::string_view kDescription =
      "Connect Four: stones drop into width columns of height cells, k in a row (any direction) "
      "wins; exact values in Pascal Pons' score convention";
  static constexpr int kMaxWidth = 9;  // one digit a move in Pons' notation
  static constexpr int kMaxHeight = 31;
  static constexpr int kMaxK = 32;
  static constexpr std::size_t kMaxMoves = kMaxWidth;
  static constexpr std::array<std::string_view, 2> kSideNames = {"X", "O"};
  static constexpr int kNumFeatures = 6;

  // The stones, and each side's winning cells (winning_cells), which play keeps up to date: the
  // outcome bounds, the move order and the win test of the next move all read them, so a position
  // computes only its new opponent's (one bitboard pass a move). State{} is the empty board for
  // k >= 2; initial_state() is it for every k.
  struct State {
    std::uint64_t mine = 0;        // stones of the side to move
    std::uint64_t mask = 0;        // all stones
    std::uint64_t my_wins = 0;     // winning_cells(mine, mask)
    std::uint64_t their_wins = 0;  // winning_cells(mask ^ mine, mask)
    std::uint8_t moves = 0;        // stones on the board
    std::uint8_t over = 0;  // 1: the last move made k in a row (the side to move has lost)
    friend bool operator==(const State&, const State&) = default;
  };
  using Eval = ConnectFourEval;

  static std::vector<ParamSpec> param_specs();
  static std::vector<EvalInfo> evaluation_kinds();
  static std::string default_evaluation() { return "threats"; }

  // 7 x 6, k = 4.
  ConnectFour();
  // Validates `params` itself (ranges and width*(height+1) <= 64); throws ParamError.
  explicit ConnectFour(const Params& params);

  [[nodiscard]] int width() const { return width_; }
  [[nodiscard]] int height() const { return height_; }
  [[nodiscard]] int k() const { return k_; }
  [[nodiscard]] int cells() const { return width_ * height_; }

  [[nodiscard]] State initial_state() const {
    State s;
    s.my_wins = s.their_wins = empty_wins_;
    return s;
  }
  [[nodiscard]] int to_move(const State& s) const { return s.moves & 1; }
  [[nodiscard]] bool is_terminal(const State& s) const { return s.over != 0 || s.moves == cells(); }
  [[nodiscard]] Value terminal_value(const State& s) const {
    return s.over != 0 ? -static_cast<Value>((cells() + 2 - s.moves) / 2) : 0;
  }
  // Pons' score of a win by the side to move with its next stone (before it, `moves` stones).
  [[nodiscard]] Value win_score(int moves) const { return (cells() + 1 - moves) / 2; }
  // No score's magnitude exceeds a loss before any stone (terminal_value's bound).
  [[nodiscard]] Value max_outcome() const { return (cells() + 2) / 2; }

  // Every legal column, in the order a solver should try them (what Pons' solver owes much of its
  // speed to, here for every algorithm): winning moves, then a block of the opponent's threat,
  // then moves by the number of threats (cells completing k in a row) they leave the mover (counted
  // only when there is neither a win nor a block: otherwise the rest are moot or lose at once),
  // centre columns first among equals; moves just below an opponent's threat, which hand it the
  // win, last. The set of moves is every non-full column; only the order is chosen.
  void legal_moves(const State& s, MovesOf<ConnectFour>& moves) const {
    if (s.over != 0) return;
    const std::uint64_t possible = playable(s);
    const std::uint64_t my_wins = s.my_wins;
    const std::uint64_t opp_wins = s.their_wins;
    const std::uint64_t below_opp = opp_wins >> 1;
    // With a win to take or a threat to block, every other move is moot or loses at once: no
    // threat count for them.
    const bool count = ((my_wins | opp_wins) & possible) == 0;
    std::array<int, kMaxWidth> keys{};
    std::array<Move, kMaxWidth> cols{};
    std::size_t n = 0;
    for (int i = 0; i < width_; ++i) {
      const int col = order_[static_cast<std::size_t>(i)];
      const std::uint64_t stone = possible & column_mask(col);
      if (stone == 0) continue;
      int key;
      if ((stone & my_wins) != 0) {
        key = 3000;
      } else if ((stone & opp_wins) != 0) {
        key = 2000;
      } else if ((stone & below_opp) != 0) {
        key = 0;
      } else if (count) {
        key = 1000 + count_bits(winning_cells(s.mine | stone, s.mask | stone));
      } else {
        key = 1000;
      }
      // Insertion sort, descending; equal keys keep the centre-first order.
      std::size_t j = n;
      for (; j > 0 && keys[j - 1] < key; --j) {
        keys[j] = keys[j - 1];
        cols[j] = cols[j - 1];
      }
      keys[j] = key;
      cols[j] = col;
      ++n;
    }
    for (std::size_t i = 0; i < n; ++i) moves.push_back(cols[i]);
  }
  // The same columns as legal_moves, left to right, without its ordering work: for searches that
  // need only the set (MCTS's random playouts).
  void unordered_moves(const State& s, MovesOf<ConnectFour>& moves) const {
    if (s.over != 0) return;
    const std::uint64_t possible = playable(s);
    for (int col = 0; col < width_; ++col) {
      if ((possible & column_mask(col)) != 0) moves.push_back(col);
    }
  }

  // `move` is a non-full column of a position whose game is not over (unchecked: parse_move).
  // The move makes k in a row exactly when it fills one of the mover's winning cells; the
  // opponent's winning cells (now the mover's) lose only that cell.
  [[gnu::always_inline]] void play(State& s, Move move) const {
    const std::uint64_t stone = (s.mask + bottom_bit(move)) & column_mask(move);
    const std::uint64_t mine = s.mine | stone;
    const std::uint64_t mask = s.mask | stone;
    s.over = (s.my_wins & stone) != 0 ? 1 : 0;
    s.my_wins = s.their_wins & ~stone;
    s.their_wins = winning_cells(mine, mask);
    s.mine = mask ^ mine;
    s.mask = mask;
    ++s.moves;
  }

  // Pons' unique position key (the mover's stones plus one marker bit above each column's
  // stones), finalised by splitmix64's bijective mixer: distinct positions never collide, and the
  // bits a transposition table indexes by are well spread.
  [[nodiscard]] std::uint64_t key(const State& s) const { return s.mine + s.mask + bottom_; }
  [[nodiscard]] std::uint64_t hash(const State& s) const {
    std::uint64_t z = key(s);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  // Pons' move sequence, "4455" (canonical: see the file comment). parse throws ParseError naming
  // the offending move for a bad column, a full column or a move after the game is over.
  [[nodiscard]] std::string to_string(const State& s) const;
  [[nodiscard]] State parse(std::string_view text) const;
  [[nodiscard]] std::string move_to_string(const State& s, Move move) const;
  [[nodiscard]] Move parse_move(const State& s, std::string_view text) const;

  // The interval the exact score must lie in (for searches to the end): exact when the mover wins
  // at once or cannot stop the opponent winning next; else no win before the mover's next-but-one
  // stone and, with a safe move available, no loss before the opponent's next-but-one stone.
  [[nodiscard, gnu::always_inline]] std::pair<Value, Value> outcome_bounds(const State& s) const {
    const std::uint64_t possible = playable(s);
    if ((s.my_wins & possible) != 0) {
      const Value v = win_score(s.moves);
      return {v, v};
    }
    const std::uint64_t opp_wins = s.their_wins;
    const std::uint64_t forced = possible & opp_wins;
    std::uint64_t safe = (forced != 0 ? forced : possible) & ~(opp_wins >> 1);
    if ((forced & (forced - 1)) != 0) safe = 0;  // two or more
    if (safe == 0) {
      const Value v = -static_cast<Value>((cells() - s.moves) / 2);
      return {v, v};
    }
    return {-static_cast<Value>((cells() - 2 - s.moves) / 2),
            static_cast<Value>((cells() - 1 - s.moves) / 2)};
  }

  // The exact score of playing `move` (an open column) when it ends the game at once or hands the
  // opponent a win with its next stone: a move that wins; while the opponent holds a playable
  // winning cell, any move elsewhere; a move right below an opponent's winning cell. Else
  // nothing. The searches to the end take these without making the position (Pons' solver never
  // plays such a move: his "non-losing moves").
  [[nodiscard, gnu::always_inline]] std::optional<Value> move_outcome(const State& s,
                                                                      Move move) const {
    const std::uint64_t possible = playable(s);
    const std::uint64_t stone = possible & column_mask(move);
    if ((stone & s.my_wins) != 0) return win_score(s.moves);
    const std::uint64_t forced = possible & s.their_wins;
    if ((forced & ~stone) != 0 || (stone & (s.their_wins >> 1)) != 0) {
      return -static_cast<Value>((cells() - s.moves) / 2);
    }
    return std::nullopt;
  }

  // Features from the mover's view: my and the opponent's open (k-1)s (lines holding k-1 of that
  // side's stones and no other), open (k-2)s (for k >= 3; else 0), and stones in the centre
  // column(s).
  [[nodiscard]] std::size_t num_features() const { return kNumFeatures; }
  void features(const State& s, std::span<std::int32_t> out) const;
  [[nodiscard]] std::vector<std::string> feature_names() const;

  // Rows top to bottom ('X' moves first, 'O', '.'), column numbers, and whose turn it is.
  [[nodiscard]] std::string draw(const State& s) const;

  // Empty cells that would complete k in a row for `stones` (any cell of the board, playable now
  // or not). `mask` is every stone on the board.
  [[nodiscard, gnu::always_inline]] std::uint64_t winning_cells(std::uint64_t stones,
                                                                std::uint64_t mask) const {
    if (standard_lines_) {
      // k = 4 on the standard height: every shift a constant.
      return (wins_along<1>(stones) | wins_along<6>(stones) | wins_along<7>(stones) |
              wins_along<8>(stones)) &
             board_ & ~mask;
    }
    return winning_cells_any(stones, mask);
  }
  // True when `stones` hold k in a row.
  [[nodiscard]] bool has_line(std::uint64_t stones) const {
    if (standard_lines_) {
      return line_along<1>(stones) || line_along<6>(stones) || line_along<7>(stones) ||
             line_along<8>(stones);
    }
    for (int d : directions_) {
      std::uint64_t x = stones;
      for (int len = 1; len < k_ && x != 0;) {
        const int step = len < k_ - len ? len : k_ - len;
        x &= shr(x, step * d);
        len += step;
      }
      if (x != 0) return true;
    }
    return false;
  }
  [[nodiscard]] std::uint64_t playable(const State& s) const { return (s.mask + bottom_) & board_; }
  [[nodiscard]] std::uint64_t column_mask(int col) const {
    return column_masks_[static_cast<std::size_t>(col)];
  }
  [[nodiscard]] std::uint64_t bottom_bit(int col) const {
    return std::uint64_t{1} << (col * (height_ + 1));
  }
  [[nodiscard]] std::uint64_t board_mask() const { return board_; }
  // Every k-in-a-row line as a bitmask, each once.
  [[nodiscard]] std::span<const std::uint64_t> lines() const { return lines_; }

  // Set bits of x. Inline arithmetic where the build targets x86-64 without POPCNT (the baseline
  // x86-64 has none, and std::popcount there is a call into libgcc); the instruction elsewhere.
  static int count_bits(std::uint64_t x) {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#else
    return std::popcount(x);
#endif
  }

 private:
  // k = 4 along the bit step D (3 * D < 64): the cells with three stones on one side, or two and
  // one; and whether four stones lie in a row.
  template <int D>
  static std::uint64_t wins_along(std::uint64_t p) {
    const std::uint64_t before = (p << D) & (p << 2 * D);
    const std::uint64_t after = (p >> D) & (p >> 2 * D);
    return (before & ((p << 3 * D) | (p >> D))) | (after & ((p >> 3 * D) | (p << D)));
  }
  template <int D>
  static bool line_along(std::uint64_t p) {
    const std::uint64_t pairs = p & (p >> D);
    return (pairs & (pairs >> 2 * D)) != 0;
  }
  // winning_cells for any board and k (the standard 7 x 6 board's k = 4 is inline).
  [[nodiscard]] std::uint64_t winning_cells_any(std::uint64_t stones, std::uint64_t mask) const;
  static std::uint64_t shr(std::uint64_t x, int n) { return n >= 64 ? 0 : x >> n; }
  static std::uint64_t shl(std::uint64_t x, int n) { return n >= 64 ? 0 : x << n; }
  [[nodiscard]] std::string legal_list(const State& s) const;
  // The mover's k-in-a-row flag is not needed: only the last mover can have a line.
  bool unplay(std::uint64_t first, std::uint64_t second, int n, bool won, std::string& out,
              std::vector<std::uint64_t>& dead) const;

  int width_ = 7;
  int height_ = 6;
  int k_ = 4;
  std::uint64_t bottom_ = 0;  // the bottom cell of every column
  std::uint64_t board_ = 0;   // every cell of the board (no padding)
  std::uint64_t centre_ = 0;  // the centre column(s)
  std::uint64_t empty_wins_ = 0;
  bool standard_lines_ = false;  // k = 4 on height 6: the line tests' shifts are constants
  std::array<std::uint64_t, kMaxWidth> column_masks_{};  // winning cells on the empty board (all of it for k = 1)
  // Bit steps: vertical, diagonal down-right, horizontal, diagonal up-right.
  std::array<int, 4> directions_{};
  std::array<int, kMaxWidth> order_{};  // columns centre first
  std::vector<std::uint64_t> lines_;
};

// Static evaluations of Connect Four positions, from the side to move's view, clamped into
// +-(cells - stones)/2: strictly inside the scores of every win or loss a search to that position
// can find, so a proven result always outranks a heuristic one.
//   threats  3 x (my open (k-1)s - theirs) + (my open (k-2)s - theirs) + (my centre stones -
//            theirs)
//   linear   weights . features (see ConnectFour::features)
class ConnectFourEval {
 public:
  // Throws ParamError for an unknown kind or bad weights.
  ConnectFourEval(const ConnectFour& game, const EvalSpec& spec);

  Value operator()(const ConnectFour::State& s) const {
    std::array<std::int32_t, ConnectFour::kNumFeatures> f{};
    game_.features(s, f);
    Value v;
    if (linear_) {
      v = linear_value(f, weights_);
    } else {
      v = 3 * (f[0] - f[1]) + (f[2] - f[3]) + (f[4] - f[5]);
    }
    const Value limit = (game_.cells() - s.moves) / 2;
    return v < -limit ? -limit : (v > limit ? limit : v);
  }

 private:
  ConnectFour game_;
  bool linear_ = false;
  std::vector<double> weights_;
};

}  // namespace gts
