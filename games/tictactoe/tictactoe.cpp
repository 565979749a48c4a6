#include "games/tictactoe/tictactoe.h"

#include <algorithm>
#include <charconv>

#include "games/text.h"

namespace gts {

std::vector<ParamSpec> TicTacToe::param_specs() {
  return {
      ParamSpec::integer("rows", 3, 1, kMaxSide, "board rows"),
      ParamSpec::integer("cols", 3, 1, kMaxSide, "board columns"),
      ParamSpec::integer("k", 3, 1, kMaxSide, "stones in a row that win (at most max(rows, cols))"),
  };
}

std::vector<EvalInfo> TicTacToe::evaluation_kinds() {
  return {
      {"open-lines", "k-lines still open for me minus k-lines still open for the opponent", false},
      {"linear", "weights over the cells: +1 my stone, -1 the opponent's, 0 empty", true},
  };
}

TicTacToe::TicTacToe() : TicTacToe(Params()) {}

TicTacToe::TicTacToe(const Params& given) {
  const auto specs = param_specs();
  const Params p = resolve_params(specs, given.values(), "game tictactoe");
  rows_ = static_cast<int>(p.get_int("rows"));
  cols_ = static_cast<int>(p.get_int("cols"));
  k_ = static_cast<int>(p.get_int("k"));
  if (k_ > std::max(rows_, cols_)) {
    throw ParamError("game tictactoe: k=" + std::to_string(k_) + " does not fit on a " +
                     std::to_string(rows_) + "x" + std::to_string(cols_) +
                     " board (k must be at most max(rows, cols))");
  }
  full_ = cells() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells()) - 1;

  constexpr int kDirections[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      for (const auto& d : kDirections) {
        const int end_r = r + d[0] * (k_ - 1);
        const int end_c = c + d[1] * (k_ - 1);
        if (end_r < 0 || end_r >= rows_ || end_c < 0 || end_c >= cols_) continue;
        std::uint64_t line = 0;
        for (int i = 0; i < k_; ++i) {
          line |= std::uint64_t{1} << ((r + d[0] * i) * cols_ + (c + d[1] * i));
        }
        lines_.push_back(line);
      }
    }
  }
  // With k = 1 every direction gives the same one-cell line.
  std::sort(lines_.begin(), lines_.end());
  lines_.erase(std::unique(lines_.begin(), lines_.end()), lines_.end());

  for (int cell = 0; cell < cells(); ++cell) {
    cell_begin_[cell] = static_cast<std::uint16_t>(cell_lines_.size());
    for (std::uint64_t line : lines_) {
      if ((line >> cell) & 1U) cell_lines_.push_back(line);
    }
  }
  for (int cell = cells(); cell <= 64; ++cell) {
    cell_begin_[cell] = static_cast<std::uint16_t>(cell_lines_.size());
  }
}

std::string TicTacToe::cell_name(int cell) const {
  std::string out(1, static_cast<char>('a' + cell % cols_));
  out += std::to_string(cell / cols_ + 1);
  return out;
}

std::string TicTacToe::legal_list(const State& s) const {
  if (is_terminal(s)) return "none: the game is over";
  MovesOf<TicTacToe> moves;
  legal_moves(s, moves);
  std::string out;
  for (Move m : moves) out += (out.empty() ? "" : ", ") + cell_name(m);
  return out;
}

std::string TicTacToe::to_string(const State& s) const {
  std::string out;
  for (int r = 0; r < rows_; ++r) {
    if (r > 0) out += '/';
    for (int c = 0; c < cols_; ++c) {
      const std::uint64_t bit = std::uint64_t{1} << (r * cols_ + c);
      out += (s.x & bit) != 0 ? 'X' : (s.o & bit) != 0 ? 'O' : '.';
    }
  }
  out += s.side == 0 ? ":X" : ":O";
  return out;
}

TicTacToe::State TicTacToe::parse(std::string_view text) const {
  const std::string_view all = trim(text);
  const auto colon = all.rfind(':');
  if (colon == std::string_view::npos) {
    throw ParseError("tictactoe position: missing side to move (':X' or ':O' at the end) in '" +
                     std::string(all) + "'");
  }
  State s;
  const std::string_view side = trim(all.substr(colon + 1));
  if (side == "X" || side == "x") {
    s.side = 0;
  } else if (side == "O" || side == "o") {
    s.side = 1;
  } else {
    throw ParseError("tictactoe position: side to move must be 'X' or 'O', got '" +
                     std::string(side) + "'");
  }

  std::string_view rest = all.substr(0, colon);
  int row = 0;
  while (true) {
    const auto slash = rest.find('/');
    const std::string_view line = rest.substr(0, slash);
    if (row < rows_) {
      if (static_cast<int>(line.size()) != cols_) {
        throw ParseError("tictactoe position: row " + std::to_string(row + 1) + " ('" +
                         std::string(line) + "') has " + std::to_string(line.size()) +
                         " cells, expected " + std::to_string(cols_));
      }
      for (int c = 0; c < cols_; ++c) {
        const std::uint64_t bit = std::uint64_t{1} << (row * cols_ + c);
        const char ch = line[static_cast<std::size_t>(c)];
        if (ch == 'X' || ch == 'x') {
          s.x |= bit;
        } else if (ch == 'O' || ch == 'o') {
          s.o |= bit;
        } else if (ch != '.') {
          throw ParseError("tictactoe position: row " + std::to_string(row + 1) +
                           " has bad cell '" + std::string(1, ch) + "' (use X, O or .)");
        }
      }
    }
    ++row;
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  if (row != rows_) {
    throw ParseError("tictactoe position: expected " + std::to_string(rows_) + " rows, got " +
                     std::to_string(row));
  }
  const int xs = std::popcount(s.x);
  const int os = std::popcount(s.o);
  if (s.side == 0 ? xs != os : xs != os + 1) {
    throw ParseError("tictactoe position: " + std::to_string(xs) + " X and " + std::to_string(os) +
                     " O stones cannot have " + (s.side == 0 ? "X" : "O") +
                     " to move (X moves first)");
  }
  for (std::uint64_t line : lines_) {
    if ((s.x & line) == line) s.lines |= 1U;
    if ((s.o & line) == line) s.lines |= 2U;
  }
  if (s.lines == 3U) {
    throw ParseError("tictactoe position: both X and O have " + std::to_string(k_) + " in a row");
  }
  return s;
}

std::string TicTacToe::move_to_string(const State& /*s*/, Move move) const {
  if (move < 0 || move >= cells()) {
    std::string out = "?";
    out += std::to_string(move);
    return out;
  }
  return cell_name(move);
}

Move TicTacToe::parse_move(const State& s, std::string_view text) const {
  const std::string_view token = trim(text);
  int cell = -1;
  if (!token.empty()) {
    const char first = token.front();
    const bool lettered = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z');
    std::string_view digits = lettered ? token.substr(1) : token;
    int n = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    const bool number =
        !digits.empty() && ec == std::errc() && ptr == digits.data() + digits.size();
    if (number && lettered) {
      const int col = (first | 0x20) - 'a';
      if (col < cols_ && n >= 1 && n <= rows_) cell = (n - 1) * cols_ + col;
    } else if (number) {
      if (n >= 1 && n <= cells()) cell = n - 1;
    } else {
      throw ParseError("tictactoe move '" + std::string(token) +
                       "' is not a cell like 'b2' or a cell number 1.." + std::to_string(cells()) +
                       " (legal: " + legal_list(s) + ")");
    }
  } else {
    throw ParseError("tictactoe move is empty (legal: " + legal_list(s) + ")");
  }
  if (cell < 0) {
    throw ParseError("tictactoe move '" + std::string(token) + "' is off the " +
                     std::to_string(rows_) + "x" + std::to_string(cols_) +
                     " board (legal: " + legal_list(s) + ")");
  }
  const std::uint64_t bit = std::uint64_t{1} << cell;
  if (is_terminal(s) || ((s.x | s.o) & bit) != 0) {
    throw ParseError("tictactoe move '" + std::string(token) +
                     "' is not legal here (legal: " + legal_list(s) + ")");
  }
  return cell;
}

std::vector<std::string> TicTacToe::feature_names() const {
  std::vector<std::string> names;
  names.reserve(num_features());
  for (int c = 0; c < cells(); ++c) names.push_back("cell_" + cell_name(c));
  return names;
}

std::string TicTacToe::draw(const State& s) const {
  std::string out = "   ";
  for (int c = 0; c < cols_; ++c) {
    out += ' ';
    out += static_cast<char>('a' + c);
  }
  out += '\n';
  for (int r = 0; r < rows_; ++r) {
    out += ' ' + std::to_string(r + 1) + ' ';
    for (int c = 0; c < cols_; ++c) {
      const std::uint64_t bit = std::uint64_t{1} << (r * cols_ + c);
      out += ' ';
      out += (s.x & bit) != 0 ? 'X' : (s.o & bit) != 0 ? 'O' : '.';
    }
    out += '\n';
  }
  if ((s.lines & 1U) != 0) {
    out += "Game over: X wins\n";
  } else if ((s.lines & 2U) != 0) {
    out += "Game over: O wins\n";
  } else if (is_terminal(s)) {
    out += "Game over: draw\n";
  } else {
    out += std::string(s.side == 0 ? "X" : "O") + " to move\n";
  }
  return out;
}

TicTacToeEval::TicTacToeEval(const TicTacToe& game, const EvalSpec& spec) : game_(game) {
  if (spec.kind == "open-lines") {
    if (!spec.weights.empty()) {
      throw ParamError("evaluation 'open-lines' for tictactoe takes no weights, got " +
                       std::to_string(spec.weights.size()));
    }
  } else if (spec.kind == "linear") {
    check_linear_weights(spec, game.num_features(), "tictactoe");
    linear_ = true;
    weights_ = spec.weights;
  } else {
    std::string known;
    for (const auto& info : TicTacToe::evaluation_kinds()) {
      known += (known.empty() ? "" : ", ") + info.kind;
    }
    throw ParamError("unknown evaluation '" + spec.kind + "' for tictactoe (known: " + known + ")");
  }
}

}  // namespace gts
