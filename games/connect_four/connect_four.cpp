#include "games/connect_four/connect_four.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <unordered_set>

#include "games/text.h"

namespace gts {

std::vector<ParamSpec> ConnectFour::param_specs() {
  return {
      ParamSpec::integer("width", 7, 1, kMaxWidth, "columns (width*(height+1) <= 64)"),
      ParamSpec::integer("height", 6, 1, kMaxHeight, "rows (width*(height+1) <= 64)"),
      ParamSpec::integer("k", 4, 1, kMaxK,
                         "stones in a row that win (may exceed the board: then every game is "
                         "drawn)"),
  };
}

std::vector<EvalInfo> ConnectFour::evaluation_kinds() {
  return {
      {"threats",
       "3 x (my open (k-1)-lines - the opponent's) + (open (k-2)-lines difference) + (centre "
       "stones difference), clamped inside the scores a search can prove",
       false},
      {"linear",
       "weights over: my open (k-1)s, theirs, my open (k-2)s, theirs, my centre stones, theirs",
       true},
  };
}

ConnectFour::ConnectFour() : ConnectFour(Params()) {}

ConnectFour::ConnectFour(const Params& given) {
  const auto specs = param_specs();
  const Params p = resolve_params(specs, given.values(), "game connect-four");
  width_ = static_cast<int>(p.get_int("width"));
  height_ = static_cast<int>(p.get_int("height"));
  k_ = static_cast<int>(p.get_int("k"));
  if (width_ * (height_ + 1) > 64) {
    throw ParamError("game connect-four: a " + std::to_string(width_) + "x" +
                     std::to_string(height_) +
                     " board does not fit one 64-bit bitboard (width*(height+1) must be at most "
                     "64)");
  }
  directions_ = {1, height_, height_ + 1, height_ + 2};
  standard_lines_ = k_ == 4 && height_ == 6;
  for (int c = 0; c < width_; ++c) {
    column_masks_[static_cast<std::size_t>(c)] = ((std::uint64_t{1} << height_) - 1)
                                                 << (c * (height_ + 1));
  }
  for (int c = 0; c < width_; ++c) {
    bottom_ |= bottom_bit(c);
    board_ |= column_mask(c);
  }
  if (width_ % 2 == 1) {
    centre_ = column_mask(width_ / 2);
  } else {
    centre_ = column_mask(width_ / 2 - 1) | column_mask(width_ / 2);
  }
  // Columns by distance from the centre, the left one first among equals.
  std::array<int, kMaxWidth> cols{};
  for (int c = 0; c < width_; ++c) cols[static_cast<std::size_t>(c)] = c;
  std::stable_sort(cols.begin(), cols.begin() + width_, [&](int a, int b) {
    return std::abs(2 * a - (width_ - 1)) < std::abs(2 * b - (width_ - 1));
  });
  order_ = cols;
  empty_wins_ = winning_cells(0, 0);

  // Lines by their lowest-index cell and a direction (column step, row step).
  constexpr int kSteps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int c = 0; c < width_; ++c) {
    for (int r = 0; r < height_; ++r) {
      for (const auto& d : kSteps) {
        const int end_c = c + d[0] * (k_ - 1);
        const int end_r = r + d[1] * (k_ - 1);
        if (end_c >= width_ || end_r < 0 || end_r >= height_) continue;
        std::uint64_t line = 0;
        for (int i = 0; i < k_; ++i) {
          line |= std::uint64_t{1} << ((c + d[0] * i) * (height_ + 1) + (r + d[1] * i));
        }
        lines_.push_back(line);
      }
    }
  }
  std::sort(lines_.begin(), lines_.end());
  lines_.erase(std::unique(lines_.begin(), lines_.end()), lines_.end());
}

std::uint64_t ConnectFour::winning_cells_any(std::uint64_t stones, std::uint64_t mask) const {
  std::uint64_t cells = 0;
  if (k_ == 4) {
    // The common case unrolled: three stones on one side of the cell, or two and one.
    for (int d : directions_) {
      const std::uint64_t before = shl(stones, d) & shl(stones, 2 * d);
      const std::uint64_t after = shr(stones, d) & shr(stones, 2 * d);
      cells |= (before & (shl(stones, 3 * d) | shr(stones, d))) |
               (after & (shr(stones, 3 * d) | shl(stones, d)));
    }
    return cells & board_ & ~mask;
  }
  const int reach = k_ - 1;
  for (int d : directions_) {
    // up[m]: cells p with stones at p+d .. p+m*d; down[m]: at p-d .. p-m*d.
    std::array<std::uint64_t, kMaxK> up;  // NOLINT: entries 0..reach written before read
    std::array<std::uint64_t, kMaxK> down;
    up[0] = down[0] = ~std::uint64_t{0};
    for (int m = 1; m <= reach; ++m) {
      up[m] = up[m - 1] & shr(stones, m * d);
      down[m] = down[m - 1] & shl(stones, m * d);
    }
    for (int j = 0; j <= reach; ++j) cells |= up[reach - j] & down[j];
  }
  return cells & board_ & ~mask;
}

bool ConnectFour::unplay(std::uint64_t first, std::uint64_t second, int n, bool won,
                         std::string& out, std::vector<std::uint64_t>& dead) const {
  if (n == 0) return true;
  const std::uint64_t mask = first | second;
  const std::uint64_t id = first + mask + bottom_;
  if (std::find(dead.begin(), dead.end(), id) != dead.end()) return false;
  const bool last_is_first = ((n - 1) & 1) == 0;
  const std::uint64_t last = last_is_first ? first : second;
  // Latest columns first: "4455" prints as "4455".
  for (int col = width_ - 1; col >= 0; --col) {
    const std::uint64_t in_col = mask & column_mask(col);
    if (in_col == 0) continue;
    const std::uint64_t top = std::uint64_t{1} << (63 - std::countl_zero(in_col));
    if ((last & top) == 0) continue;
    const std::uint64_t rest = last ^ top;
    // Before the winning move nobody had k in a row.
    if (won && has_line(rest)) continue;
    if (unplay(last_is_first ? rest : first, last_is_first ? second : rest, n - 1, false, out,
               dead)) {
      out.push_back(static_cast<char>('1' + col));
      return true;
    }
  }
  dead.push_back(id);
  return false;
}

std::string ConnectFour::to_string(const State& s) const {
  const std::uint64_t other = s.mask ^ s.mine;
  const std::uint64_t first = to_move(s) == 0 ? s.mine : other;
  std::string out;
  out.reserve(s.moves);
  // Dead ends (sub-positions with no legal history under the preference order) are rare; the
  // list keeps the backtracking from exploring one twice.
  std::vector<std::uint64_t> dead;
  if (!unplay(first, s.mask ^ first, s.moves, s.over != 0, out, dead)) {
    throw ParseError("connect-four: position has no legal move sequence (internal error)");
  }
  return out;
}

ConnectFour::State ConnectFour::parse(std::string_view text) const {
  const std::string_view seq = trim(text);
  State s;
  for (std::size_t i = 0; i < seq.size(); ++i) {
    const char ch = seq[i];
    const std::string where = "connect-four position '" + std::string(seq) + "': move " +
                              std::to_string(i + 1) + " ('" + std::string(1, ch) + "')";
    if (ch < '1' || ch > static_cast<char>('0' + width_)) {
      throw ParseError(where + " is not a column 1.." + std::to_string(width_));
    }
    const int col = ch - '1';
    if (s.over != 0) throw ParseError(where + " comes after the game was won");
    if ((s.mask & column_mask(col)) == column_mask(col)) {
      throw ParseError(where + ": column " + std::to_string(col + 1) + " is full");
    }
    play(s, col);
  }
  return s;
}

std::string ConnectFour::legal_list(const State& s) const {
  if (is_terminal(s)) return "none: the game is over";
  std::string out;
  for (int c = 0; c < width_; ++c) {
    if ((playable(s) & column_mask(c)) != 0)
      out += (out.empty() ? "" : ", ") + std::to_string(c + 1);
  }
  return out;
}

std::string ConnectFour::move_to_string(const State& /*s*/, Move move) const {
  if (move < 0 || move >= width_) {
    std::string out = "?";
    out += std::to_string(move);
    return out;
  }
  return std::to_string(move + 1);
}

Move ConnectFour::parse_move(const State& s, std::string_view text) const {
  const std::string_view token = trim(text);
  int n = 0;
  const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), n);
  if (token.empty() || ec != std::errc() || ptr != token.data() + token.size()) {
    throw ParseError("connect-four move '" + std::string(token) + "' is not a column number 1.." +
                     std::to_string(width_) + " (legal: " + legal_list(s) + ")");
  }
  if (n < 1 || n > width_) {
    throw ParseError("connect-four move '" + std::string(token) +
                     "' is off the board: columns 1.." + std::to_string(width_) +
                     " (legal: " + legal_list(s) + ")");
  }
  if (is_terminal(s) || (playable(s) & column_mask(n - 1)) == 0) {
    throw ParseError("connect-four move '" + std::string(token) +
                     "' is not legal here (legal: " + legal_list(s) + ")");
  }
  return n - 1;
}

void ConnectFour::features(const State& s, std::span<std::int32_t> out) const {
  const std::uint64_t opp = s.mask ^ s.mine;
  std::int32_t f[kNumFeatures] = {};
  for (std::uint64_t line : lines_) {
    const int mine = count_bits(line & s.mine);
    const int theirs = count_bits(line & opp);
    if (theirs == 0 && mine > 0) {
      if (mine == k_ - 1) ++f[0];
      if (mine == k_ - 2) ++f[2];
    } else if (mine == 0 && theirs > 0) {
      if (theirs == k_ - 1) ++f[1];
      if (theirs == k_ - 2) ++f[3];
    }
  }
  f[4] = count_bits(s.mine & centre_);
  f[5] = count_bits(opp & centre_);
  for (int i = 0; i < kNumFeatures; ++i) out[static_cast<std::size_t>(i)] = f[i];
}

std::vector<std::string> ConnectFour::feature_names() const {
  return {"my_open_k-1",    "their_open_k-1", "my_open_k-2",
          "their_open_k-2", "my_centre",      "their_centre"};
}

std::string ConnectFour::draw(const State& s) const {
  const std::uint64_t first = to_move(s) == 0 ? s.mine : s.mask ^ s.mine;
  std::string out;
  for (int r = height_ - 1; r >= 0; --r) {
    out += ' ';
    for (int c = 0; c < width_; ++c) {
      const std::uint64_t bit = std::uint64_t{1} << (c * (height_ + 1) + r);
      out += ' ';
      out += (s.mask & bit) == 0 ? '.' : (first & bit) != 0 ? 'X' : 'O';
    }
    out += '\n';
  }
  out += ' ';
  for (int c = 0; c < width_; ++c) {
    out += ' ';
    out += static_cast<char>('1' + c);
  }
  out += '\n';
  const char* mover = to_move(s) == 0 ? "X" : "O";
  const char* last = to_move(s) == 0 ? "O" : "X";
  if (s.over != 0) {
    out += std::string("Game over: ") + last + " wins\n";
  } else if (is_terminal(s)) {
    out += "Game over: draw\n";
  } else {
    out += std::string(mover) + " to move\n";
  }
  return out;
}

ConnectFourEval::ConnectFourEval(const ConnectFour& game, const EvalSpec& spec) : game_(game) {
  if (spec.kind == "threats") {
    if (!spec.weights.empty()) {
      throw ParamError("evaluation 'threats' for connect-four takes no weights, got " +
                       std::to_string(spec.weights.size()));
    }
  } else if (spec.kind == "linear") {
    check_linear_weights(spec, game.num_features(), "connect-four");
    linear_ = true;
    weights_ = spec.weights;
  } else {
    std::string known;
    for (const auto& info : ConnectFour::evaluation_kinds()) {
      known += (known.empty() ? "" : ", ") + info.kind;
    }
    throw ParamError("unknown evaluation '" + spec.kind + "' for connect-four (known: " + known +
                     ")");
  }
}

}  // namespace gts
