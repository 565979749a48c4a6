#include "games/go_capture/go_problem.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

namespace gts {

namespace {

constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRST";  // GTP: no I

[[noreturn]] void fail(const std::string& source, const std::string& message) {
  throw ParseError(source + ": " + message);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

std::optional<int> to_int(std::string_view text) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

// The stones of the block at `p` and its liberty count, on a plain size x size board.
struct PlainBlock {
  std::vector<int> stones;
  int liberties = 0;
};

PlainBlock plain_block(const std::vector<std::uint8_t>& board, int size, int p) {
  PlainBlock out;
  const std::uint8_t color = board[static_cast<std::size_t>(p)];
  std::vector<std::uint8_t> seen(board.size(), 0);  // 1 stone, 2 liberty
  std::vector<int> stack = {p};
  seen[static_cast<std::size_t>(p)] = 1;
  while (!stack.empty()) {
    const int q = stack.back();
    stack.pop_back();
    out.stones.push_back(q);
    const int r = q / size;
    const int c = q % size;
    const int nbrs[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
    for (const auto& n : nbrs) {
      if (n[0] < 0 || n[0] >= size || n[1] < 0 || n[1] >= size) continue;
      const int np = n[0] * size + n[1];
      auto& mark = seen[static_cast<std::size_t>(np)];
      if (mark != 0) continue;
      const std::uint8_t v = board[static_cast<std::size_t>(np)];
      if (v == 0) {
        mark = 2;
        ++out.liberties;
      } else if (v == color) {
        mark = 1;
        stack.push_back(np);
      }
    }
  }
  return out;
}

// Rectangles (top-left, bottom-right) covering the flagged points, each point once.
std::vector<std::pair<int, int>> rectangles(const std::vector<std::uint8_t>& flags, int size) {
  std::vector<std::uint8_t> done(flags.size(), 0);
  std::vector<std::pair<int, int>> out;
  auto on = [&](int r, int c) {
    const auto i = static_cast<std::size_t>(r * size + c);
    return flags[i] != 0 && done[i] == 0;
  };
  for (int r = 0; r < size; ++r) {
    for (int c = 0; c < size; ++c) {
      if (!on(r, c)) continue;
      int c2 = c;
      while (c2 + 1 < size && on(r, c2 + 1)) ++c2;
      int r2 = r;
      for (;;) {
        if (r2 + 1 >= size) break;
        bool full = true;
        for (int x = c; x <= c2 && full; ++x) full = on(r2 + 1, x);
        if (!full) break;
        ++r2;
      }
      for (int y = r; y <= r2; ++y) {
        for (int x = c; x <= c2; ++x) done[static_cast<std::size_t>(y * size + x)] = 1;
      }
      out.emplace_back(r * size + c, r2 * size + c2);
    }
  }
  return out;
}

std::string color_name(int color) { return color == 1 ? "black" : "white"; }

}  // namespace

std::string go_point_name(int size, int point) {
  if (point < 0) return "pass";
  std::string out(1, kColumns[static_cast<std::size_t>(point % size)]);
  out += std::to_string(size - point / size);
  return out;
}

int parse_go_point(int size, std::string_view text, const std::string& what) {
  const std::string t = upper(text);
  const std::string board = std::to_string(size) + "x" + std::to_string(size);
  if (t.size() < 2) {
    throw ParseError(what + ": '" + std::string(text) + "' is not a point (like C3)");
  }
  const auto col = kColumns.find(t[0]);
  const auto row = to_int(std::string_view(t).substr(1));
  if (col == std::string_view::npos || !row) {
    throw ParseError(what + ": '" + std::string(text) +
                     "' is not a point (a column letter A-T without I, then a row number)");
  }
  if (static_cast<int>(col) >= size || *row < 1 || *row > size) {
    throw ParseError(what + ": '" + std::string(text) + "' is off the " + board + " board");
  }
  return (size - *row) * size + static_cast<int>(col);
}

std::string sgf_point_name(int size, int point) {
  std::string out;
  out += static_cast<char>('a' + point % size);
  out += static_cast<char>('a' + point / size);
  return out;
}

std::string escape_steps_text(const std::vector<GoProblem::EscapeStep>& steps) {
  std::string out;
  for (const auto& e : steps) {
    if (!out.empty()) out += ',';
    out += std::to_string(e.ply) + ":" + std::to_string(e.liberties);
  }
  return out;
}

std::vector<GoProblem::EscapeStep> parse_escape_steps(std::string_view text,
                                                      const std::string& what) {
  std::vector<GoProblem::EscapeStep> out;
  if (text.empty()) return out;
  for (;;) {  // every item, an empty one before or after a comma too
    const auto comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    const auto colon = item.find(':');
    const auto ply = to_int(item.substr(0, colon));
    const auto libs =
        colon == std::string_view::npos ? std::nullopt : to_int(item.substr(colon + 1));
    if (!ply || !libs) {
      throw ParseError(what + ": '" + std::string(item) +
                       "' is not PLY:LIBERTIES (like 7:4, past ply 7 four liberties escape)");
    }
    out.push_back({*ply, *libs});
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

void GoProblem::advance_escape_steps(int plies) {
  std::vector<EscapeStep> left;
  for (EscapeStep e : escape_after) {
    e.ply -= plies;
    if (e.ply < 0) {
      escape_liberties = e.liberties;  // passed: in force from the start
    } else {
      left.push_back(e);
    }
  }
  escape_after = std::move(left);
}

void check_escape_steps(const GoProblem& p, const std::string& source) {
  int last_ply = -1;
  int last_libs = p.escape_liberties;
  for (const auto& e : p.escape_after) {
    if (e.ply <= last_ply || e.ply >= GoProblem::kMaxPlies || e.liberties < 2 ||
        e.liberties >= last_libs) {
      fail(source, "escape steps " + escape_steps_text(p.escape_after) +
                       ": each is PLY:LIBERTIES with plies increasing from 0 (below " +
                       std::to_string(GoProblem::kMaxPlies) +
                       ") and liberties decreasing from the escape liberties (" +
                       std::to_string(p.escape_liberties) + ") to 2 at least");
    }
    last_ply = e.ply;
    last_libs = e.liberties;
  }
}

void validate_go_problem(const GoProblem& p, const std::string& source) {
  if (p.size < GoProblem::kMinSize || p.size > GoProblem::kMaxSize) {
    fail(source, "board size must be " + std::to_string(GoProblem::kMinSize) + ".." +
                     std::to_string(GoProblem::kMaxSize) + ", got " + std::to_string(p.size));
  }
  const auto cells = static_cast<std::size_t>(p.size * p.size);
  if (p.board.size() != cells) fail(source, "the board does not have size x size points");
  if (p.to_move != 0 && p.to_move != 1) fail(source, "the side to move must be black or white");
  if (p.escape_liberties < 2 || p.escape_liberties > GoProblem::kMaxEscapeLiberties) {
    fail(source, "escape liberties must be 2.." + std::to_string(GoProblem::kMaxEscapeLiberties) +
                     ", got " + std::to_string(p.escape_liberties));
  }
  check_escape_steps(p, source);
  if (p.max_plies < 1 || p.max_plies > GoProblem::kMaxPlies) {
    fail(source, "max plies must be 1.." + std::to_string(GoProblem::kMaxPlies) + ", got " +
                     std::to_string(p.max_plies));
  }
  if (p.expected != "" && p.expected != "proved" && p.expected != "proved by ko" &&
      p.expected != "disproved") {
    fail(source, "the expected answer must be 'proved', 'proved by ko' or 'disproved', got '" +
                     p.expected + "'");
  }
  if (p.ko != -1) {
    if (p.ko < 0 || static_cast<std::size_t>(p.ko) >= cells)
      fail(source, "the ko point is off the board");
    if (p.board[static_cast<std::size_t>(p.ko)] != 0) {
      fail(source, "the ko point " + go_point_name(p.size, p.ko) + " holds a stone");
    }
  }
  for (std::size_t i = 0; i < cells; ++i) {
    if (p.board[i] > 2) fail(source, "a board point holds neither a stone nor nothing");
    if (p.board[i] == 0) continue;
    const PlainBlock b = plain_block(p.board, p.size, static_cast<int>(i));
    if (b.liberties == 0) {
      fail(source, "the " + color_name(p.board[i]) + " block at " +
                       go_point_name(p.size, static_cast<int>(i)) + " has no liberty");
    }
  }
  if (p.target.empty()) fail(source, "no target: mark the block to capture or to save");
  for (int t : p.target) {
    if (t < 0 || static_cast<std::size_t>(t) >= cells)
      fail(source, "a target point is off the board");
    if (p.board[static_cast<std::size_t>(t)] == 0) {
      fail(source, "the target point " + go_point_name(p.size, t) + " holds no stone");
    }
  }
  const PlainBlock block = plain_block(p.board, p.size, p.target.front());
  for (int t : p.target) {
    if (std::find(block.stones.begin(), block.stones.end(), t) == block.stones.end()) {
      fail(source, "the target points " + go_point_name(p.size, p.target.front()) + " and " +
                       go_point_name(p.size, t) + " are not in one block");
    }
  }
  const int mover_color = p.to_move + 1;
  const GoGoal implied = p.target_color() == mover_color ? GoGoal::kEscape : GoGoal::kCapture;
  if (p.goal != implied) {
    fail(source, std::string("the goal '") + (p.goal == GoGoal::kCapture ? "capture" : "escape") +
                     "' does not fit: the target is " + color_name(p.target_color()) + " and " +
                     color_name(mover_color) + " is to move, so the goal is '" +
                     (implied == GoGoal::kCapture ? "capture" : "escape") + "'");
  }
  if (block.liberties >= p.escape_liberties) {
    fail(source, "the target already has " + std::to_string(block.liberties) +
                     " liberties, at least the " + std::to_string(p.escape_liberties) +
                     " that count as escaped");
  }
  if (!p.region.empty()) {
    if (p.region.size() != cells) fail(source, "the region does not cover size x size points");
    if (std::none_of(p.region.begin(), p.region.end(), [](std::uint8_t f) { return f != 0; })) {
      fail(source, "the region is empty");
    }
  }
  for (int m : p.key_moves) {
    if (m < 0 || static_cast<std::size_t>(m) >= cells) fail(source, "a key move is off the board");
  }
}

// ---- text form ----

GoProblem parse_go_problem_text(std::string_view text, const std::string& source) {
  GoProblem p;
  std::vector<std::string> rows;
  std::vector<std::pair<std::string, std::string>> settings;
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    if (text[i] == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j]) && text[j] != '#') ++j;
    const std::string token(text.substr(i, j - i));
    i = j;
    const auto eq = token.find('=');
    if (eq != std::string::npos) {
      settings.emplace_back(token.substr(0, eq), token.substr(eq + 1));
      continue;
    }
    std::size_t start = 0;
    for (;;) {
      const auto slash = token.find('/', start);
      const std::string row =
          token.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
      if (row.empty() || row.find_first_not_of(".XOxo") != std::string::npos) {
        fail(source,
             "'" + token +
                 "' is neither a board row (only '.', 'X' and 'O') nor a key=value setting");
      }
      rows.push_back(row);
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
  }
  if (rows.empty()) fail(source, "no board: give the rows of '.', 'X' and 'O' from the top");
  p.size = static_cast<int>(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != rows.size()) {
      fail(source, "the board must be square: row " + std::to_string(r + 1) + " has " +
                       std::to_string(rows[r].size()) + " points and there are " +
                       std::to_string(rows.size()) + " rows");
    }
  }
  if (p.size < GoProblem::kMinSize || p.size > GoProblem::kMaxSize) {
    fail(source, "board size must be " + std::to_string(GoProblem::kMinSize) + ".." +
                     std::to_string(GoProblem::kMaxSize) + ", got " + std::to_string(p.size));
  }
  for (const auto& row : rows) {
    for (char c : row) p.board.push_back(c == '.' ? 0 : (c == 'X' || c == 'x') ? 1 : 2);
  }
  bool have_goal = false;
  GoGoal goal = GoGoal::kCapture;
  std::vector<std::string> seen;
  for (const auto& [key, value] : settings) {
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      fail(source, "setting '" + key + "' given twice");
    }
    seen.push_back(key);
    const std::string what = source + ": " + key;
    auto points = [&](bool ranges) {
      std::vector<int> out;
      std::size_t start = 0;
      for (;;) {
        const auto comma = value.find(',', start);
        const std::string item =
            value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const auto dash = ranges ? item.find('-') : std::string::npos;
        if (dash == std::string::npos) {
          out.push_back(parse_go_point(p.size, item, what));
        } else {
          const int a = parse_go_point(p.size, item.substr(0, dash), what);
          const int b = parse_go_point(p.size, item.substr(dash + 1), what);
          for (int r = std::min(a, b) / p.size; r <= std::max(a, b) / p.size; ++r) {
            for (int c = std::min(a % p.size, b % p.size); c <= std::max(a % p.size, b % p.size);
                 ++c) {
              out.push_back(r * p.size + c);
            }
          }
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      return out;
    };
    auto count = [&](int lo, int hi) {
      const auto v = to_int(value);
      if (!v || *v < lo || *v > hi) {
        fail(source, key + " must be an integer " + std::to_string(lo) + ".." + std::to_string(hi) +
                         ", got '" + value + "'");
      }
      return *v;
    };
    if (key == "name") {
      if (value.empty()) fail(source, "name is empty");
      p.name = value;
    } else if (key == "turn") {
      const std::string v = upper(value);
      if (v == "B" || v == "BLACK") {
        p.to_move = 0;
      } else if (v == "W" || v == "WHITE") {
        p.to_move = 1;
      } else {
        fail(source, "turn must be B or W, got '" + value + "'");
      }
    } else if (key == "goal") {
      if (value == "capture") {
        goal = GoGoal::kCapture;
      } else if (value == "escape") {
        goal = GoGoal::kEscape;
      } else {
        fail(source, "goal must be capture or escape, got '" + value + "'");
      }
      have_goal = true;
    } else if (key == "target") {
      p.target = points(false);
    } else if (key == "region") {
      p.region.assign(p.board.size(), 0);
      for (int pt : points(true)) p.region[static_cast<std::size_t>(pt)] = 1;
    } else if (key == "escape") {
      p.escape_liberties = count(2, GoProblem::kMaxEscapeLiberties);
    } else if (key == "escape_after") {
      p.escape_after = parse_escape_steps(value, source + ": escape_after");
    } else if (key == "plies") {
      p.max_plies = count(1, GoProblem::kMaxPlies);
    } else if (key == "expect") {
      if (value != "proved" && value != "proved-by-ko" && value != "disproved") {
        fail(source, "expect must be proved, proved-by-ko or disproved, got '" + value + "'");
      }
      p.expected = value == "proved-by-ko" ? "proved by ko" : value;
    } else if (key == "ko") {
      p.ko = parse_go_point(p.size, value, what);
    } else if (key == "key") {
      p.key_moves = points(false);
    } else if (key == "gnugo") {
      if (value.empty()) fail(source, "gnugo needs a reason");
      p.gnugo_skip = value;
    } else {
      fail(source,
           "unknown setting '" + key +
               "' (known: name, turn, goal, target, region, escape, escape_after, plies, expect, "
               "key, gnugo, ko)");
    }
  }
  if (p.target.empty()) fail(source, "no target: add target=POINT (like target=C3)");
  const int mover_color = p.to_move + 1;
  if (p.board[static_cast<std::size_t>(p.target.front())] != 0) {
    p.goal = p.board[static_cast<std::size_t>(p.target.front())] == mover_color ? GoGoal::kEscape
                                                                                : GoGoal::kCapture;
  }
  if (have_goal) p.goal = goal;  // checked against the colours below
  validate_go_problem(p, source);
  return p;
}

std::string go_problem_to_text(const GoProblem& p) {
  std::string out;
  for (int r = 0; r < p.size; ++r) {
    if (r > 0) out += '/';
    for (int c = 0; c < p.size; ++c) {
      const std::uint8_t v = p.board[static_cast<std::size_t>(r * p.size + c)];
      out += v == 0 ? '.' : v == 1 ? 'X' : 'O';
    }
  }
  auto no_space = [](std::string s) {
    for (char& c : s) {
      if (is_space(c) || c == '#') c = '_';
    }
    return s;
  };
  auto point_list = [&](const std::vector<int>& pts) {
    std::string s;
    for (int pt : pts) {
      if (!s.empty()) s += ',';
      s += go_point_name(p.size, pt);
    }
    return s;
  };
  out += p.to_move == 0 ? " turn=B" : " turn=W";
  out += p.goal == GoGoal::kCapture ? " goal=capture" : " goal=escape";
  out += " target=";
  out += point_list(p.target);
  if (!p.region.empty()) {
    std::string s;
    for (const auto& [a, b] : rectangles(p.region, p.size)) {
      s += s.empty() ? "" : ",";
      s += go_point_name(p.size, a);
      if (b != a) {
        s += '-';
        s += go_point_name(p.size, b);
      }
    }
    out += " region=";
    out += s;
  }
  if (p.escape_liberties != GoProblem::kDefaultEscapeLiberties) {
    out += " escape=" + std::to_string(p.escape_liberties);
  }
  if (!p.escape_after.empty()) out += " escape_after=" + escape_steps_text(p.escape_after);
  if (p.max_plies != GoProblem::kDefaultMaxPlies) out += " plies=" + std::to_string(p.max_plies);
  if (p.ko != -1) out += " ko=" + go_point_name(p.size, p.ko);
  if (!p.expected.empty()) {
    out += " expect=" + std::string(p.expected == "proved by ko" ? "proved-by-ko" : p.expected);
  }
  if (!p.key_moves.empty()) out += " key=" + point_list(p.key_moves);
  if (!p.name.empty()) out += " name=" + no_space(p.name);
  if (!p.gnugo_skip.empty()) out += " gnugo=" + no_space(p.gnugo_skip);
  return out;
}

// ---- SGF ----

namespace {

struct SgfProperty {
  std::string id;
  std::vector<std::string> values;
};

class SgfReader {
 public:
  SgfReader(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  // Another game tree follows (an SGF collection holds one or more).
  bool another_tree() {
    skip_space();
    return !at_end();
  }

  // The nodes of the next game tree's main line, the root first: at each branch the first
  // variation. The rest of the game tree is checked for syntax only.
  std::vector<std::vector<SgfProperty>> read_main_line() {
    skip_space();
    if (at_end() || text_[pos_] != '(') fail(source_, "not an SGF file: expected '(' at the start");
    ++pos_;
    skip_space();
    if (at_end() || text_[pos_] != ';') fail(source_, "SGF: expected ';' after '('");
    std::vector<std::vector<SgfProperty>> line = {read_node()};
    int depth = 1;
    bool on_main = true;  // until the first variation closes
    while (depth > 0) {
      skip_space();
      if (at_end()) fail(source_, "SGF: missing ')' at the end of the game tree");
      const char c = text_[pos_];
      if (c == '(') {
        ++depth;
        ++pos_;
      } else if (c == ')') {
        --depth;
        ++pos_;
        on_main = false;
      } else if (c == ';') {
        std::vector<SgfProperty> node = read_node();
        if (on_main) line.push_back(std::move(node));
      } else {
        fail(source_, std::string("SGF: unexpected '") + c + "' at offset " + std::to_string(pos_));
      }
    }
    return line;
  }

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  void skip_space() {
    while (!at_end() && is_space(text_[pos_])) ++pos_;
  }

  // At ';': reads properties up to the next node, tree start or tree end.
  std::vector<SgfProperty> read_node() {
    ++pos_;  // ';'
    std::vector<SgfProperty> props;
    for (;;) {
      skip_space();
      if (at_end()) return props;
      const char c = text_[pos_];
      if (c == ';' || c == '(' || c == ')') return props;
      if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
        fail(source_, std::string("SGF: expected a property name, got '") + c + "' at offset " +
                          std::to_string(pos_));
      }
      SgfProperty prop;
      while (!at_end() && ((text_[pos_] >= 'A' && text_[pos_] <= 'Z') ||
                           (text_[pos_] >= 'a' && text_[pos_] <= 'z'))) {
        // FF[3] spelled identifiers with lower-case letters ("AddBlack"): only capitals count.
        if (text_[pos_] >= 'A' && text_[pos_] <= 'Z') prop.id += text_[pos_];
        ++pos_;
      }
      if (prop.id.empty()) fail(source_, "SGF: a property name without capital letters");
      skip_space();
      if (at_end() || text_[pos_] != '[') {
        fail(source_, "property " + prop.id + ": expected a value in [brackets]");
      }
      while (!at_end() && text_[pos_] == '[') {
        ++pos_;
        std::string value;
        bool closed = false;
        while (!at_end()) {
          const char v = text_[pos_++];
          if (v == '\\') {
            if (at_end()) break;
            const char e = text_[pos_++];
            if (e == '\n' || e == '\r') continue;  // soft line break
            value += e;
          } else if (v == ']') {
            closed = true;
            break;
          } else {
            value += v;
          }
        }
        if (!closed) fail(source_, "property " + prop.id + ": value not closed with ']'");
        prop.values.push_back(std::move(value));
        skip_space();
      }
      for (const auto& other : props) {
        if (other.id == prop.id) fail(source_, "property " + prop.id + " given twice in a node");
      }
      props.push_back(std::move(prop));
    }
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t pos_ = 0;
};

std::string sgf_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

namespace {

// Plays a game record's move onto the board: captures, then suicide is refused. Returns the ko
// point the move leaves (a lone stone that took one stone and has that point as its only
// liberty), or -1.
int play_record_move(GoProblem& p, int color, int pt, const std::string& source, int number) {
  const std::string what = "move " + std::to_string(number) + " (" + (color == 1 ? "B" : "W") +
                           "[" + sgf_point_name(p.size, pt) + "])";
  if (p.board[static_cast<std::size_t>(pt)] != 0) fail(source, what + ": the point is occupied");
  p.board[static_cast<std::size_t>(pt)] = static_cast<std::uint8_t>(color);
  const int r = pt / p.size;
  const int c = pt % p.size;
  std::vector<int> nbrs;
  if (r > 0) nbrs.push_back(pt - p.size);
  if (r + 1 < p.size) nbrs.push_back(pt + p.size);
  if (c > 0) nbrs.push_back(pt - 1);
  if (c + 1 < p.size) nbrs.push_back(pt + 1);
  int captured = 0;
  int last = -1;
  for (int q : nbrs) {
    if (p.board[static_cast<std::size_t>(q)] != 3 - color) continue;
    const PlainBlock b = plain_block(p.board, p.size, q);
    if (b.liberties != 0) continue;
    for (int s : b.stones) p.board[static_cast<std::size_t>(s)] = 0;
    captured += static_cast<int>(b.stones.size());
    last = q;
  }
  const PlainBlock own = plain_block(p.board, p.size, pt);
  if (own.liberties == 0) fail(source, what + ": suicide");
  return captured == 1 && own.stones.size() == 1 && own.liberties == 1 ? last : -1;
}

}  // namespace

namespace {

// The point an SGF value names on a size x size board (property `id`, for messages).
int sgf_point(int size, const std::string& id, std::string_view v, const std::string& source) {
  if (v.size() != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z') {
    fail(source, "property " + id + ": '" + std::string(v) +
                     "' is not a point (two letters a..s, like 'cd')");
  }
  const int c = v[0] - 'a';
  const int r = v[1] - 'a';
  if (c >= size || r >= size) {
    fail(source, "property " + id + ": '" + std::string(v) + "' is off the " +
                     std::to_string(size) + "x" + std::to_string(size) + " board");
  }
  return r * size + c;
}

// The problem a game tree's main line states (see go_problem.h).
GoProblem problem_of_line(const std::vector<std::vector<SgfProperty>>& line,
                          const std::string& source) {
  auto find_in = [](const std::vector<SgfProperty>& node,
                    std::string_view id) -> const SgfProperty* {
    for (const auto& p : node) {
      if (p.id == id) return &p;
    }
    return nullptr;
  };
  // The node that states the problem: the first on the main line that marks the target.
  std::size_t marked = 0;
  while (marked < line.size() && find_in(line[marked], "MA") == nullptr &&
         find_in(line[marked], "TR") == nullptr) {
    ++marked;
  }
  if (marked == line.size()) marked = 0;  // no mark at all: said below
  const std::vector<SgfProperty>& props = line.front();
  auto find = [&](std::string_view id) -> const SgfProperty* {
    if (id == "MA" || id == "TR" || id == "PL" || id == "KO") {
      if (const auto* p = find_in(line[marked], id)) return p;
      if (marked != 0) return nullptr;
    }
    return find_in(props, id);
  };
  auto single = [&](const SgfProperty& prop) -> std::string {
    if (prop.values.size() != 1) fail(source, "property " + prop.id + ": expected one value");
    return prop.values.front();
  };
  GoProblem p;
  if (const auto* gm = find("GM")) {
    if (single(*gm) != "1")
      fail(source, "property GM: the game must be Go (GM[1]), got '" + gm->values.front() + "'");
  }
  p.size = 19;
  if (const auto* sz = find("SZ")) {
    const std::string v = single(*sz);
    const auto n = to_int(v);
    if (!n || *n < GoProblem::kMinSize || *n > GoProblem::kMaxSize) {
      fail(source, "property SZ: expected a square board size " +
                       std::to_string(GoProblem::kMinSize) + ".." +
                       std::to_string(GoProblem::kMaxSize) + ", got '" + v + "'");
    }
    p.size = *n;
  }
  p.board.assign(static_cast<std::size_t>(p.size * p.size), 0);
  auto point = [&](const std::string& id, std::string_view v) {
    return sgf_point(p.size, id, v, source);
  };
  auto points = [&](const SgfProperty& prop) {
    std::vector<int> out;
    for (const auto& v : prop.values) {
      const auto colon = v.find(':');
      if (colon == std::string::npos) {
        out.push_back(point(prop.id, v));
        continue;
      }
      const int a = point(prop.id, std::string_view(v).substr(0, colon));
      const int b = point(prop.id, std::string_view(v).substr(colon + 1));
      for (int r = std::min(a, b) / p.size; r <= std::max(a, b) / p.size; ++r) {
        for (int c = std::min(a % p.size, b % p.size); c <= std::max(a % p.size, b % p.size); ++c) {
          out.push_back(r * p.size + c);
        }
      }
    }
    return out;
  };
  for (const char* id : {"AB", "AW"}) {
    if (const auto* prop = find(id)) {
      for (int pt : points(*prop)) {
        auto& cell = p.board[static_cast<std::size_t>(pt)];
        if (cell != 0) {
          fail(source, std::string("property ") + id + ": point " + sgf_point_name(p.size, pt) +
                           " already holds a stone");
        }
        cell = id[1] == 'B' ? 1 : 2;
      }
    }
  }
  if (const auto* ae = find("AE")) (void)points(*ae);  // empty points: nothing to set up
  // A game record: the moves up to the marked node.
  for (std::size_t i = 1; i <= marked; ++i) {
    for (const auto& prop : line[i]) {
      if (prop.id != "B" && prop.id != "W") continue;
      if (prop.values.size() != 1) fail(source, "property " + prop.id + ": expected one value");
      const std::string& v = prop.values.front();
      const int color = prop.id == "B" ? 1 : 2;
      p.ko = v.empty() || v == "tt"
                 ? -1
                 : play_record_move(p, color, point(prop.id, v), source, static_cast<int>(i));
      p.to_move = color == 1 ? 1 : 0;
    }
  }
  if (const auto* pl = find("PL")) {
    const std::string v = upper(single(*pl));
    if (v == "B") {
      p.to_move = 0;
    } else if (v == "W") {
      p.to_move = 1;
    } else {
      fail(source, "property PL: expected B or W, got '" + pl->values.front() + "'");
    }
  }
  if (const auto* ko = find("KO")) {
    if (ko->values.size() != 1) fail(source, "property KO: expected one value");
    p.ko = ko->values.front().empty() ? -1 : point("KO", ko->values.front());
  }
  const auto* ma = find("MA");
  const auto* tr = find("TR");
  if (ma != nullptr && tr != nullptr) {
    fail(source, "property TR: the target is marked with both MA and TR; use one");
  }
  if (ma == nullptr && tr == nullptr) {
    fail(source, "property MA: missing; mark the target block with MA or TR");
  }
  const SgfProperty& mark = ma != nullptr ? *ma : *tr;
  p.target = points(mark);
  for (int t : p.target) {
    if (p.board[static_cast<std::size_t>(t)] == 0) {
      fail(source, "property " + mark.id + ": the target point " + sgf_point_name(p.size, t) +
                       " holds no stone");
    }
  }
  const int mover_color = p.to_move + 1;
  p.goal = p.board[static_cast<std::size_t>(p.target.front())] == mover_color ? GoGoal::kEscape
                                                                              : GoGoal::kCapture;
  if (const auto* go = find("GO")) {
    const std::string v = single(*go);
    if (v == "capture") {
      p.goal = GoGoal::kCapture;
    } else if (v == "escape") {
      p.goal = GoGoal::kEscape;
    } else {
      fail(source, "property GO: expected capture or escape, got '" + v + "'");
    }
  }
  if (const auto* sl = find("SL")) {
    p.region.assign(p.board.size(), 0);
    for (int pt : points(*sl)) p.region[static_cast<std::size_t>(pt)] = 1;
  }
  auto count = [&](const char* id, int lo, int hi, int& out) {
    if (const auto* prop = find(id)) {
      const std::string v = single(*prop);
      const auto n = to_int(v);
      if (!n || *n < lo || *n > hi) {
        fail(source, std::string("property ") + id + ": expected an integer " + std::to_string(lo) +
                         ".." + std::to_string(hi) + ", got '" + v + "'");
      }
      out = *n;
    }
  };
  count("XL", 2, GoProblem::kMaxEscapeLiberties, p.escape_liberties);
  count("XP", 1, GoProblem::kMaxPlies, p.max_plies);
  if (const auto* xe = find("XE")) {
    for (const std::string& v : xe->values) {
      for (const auto& e : parse_escape_steps(v, source + ": property XE")) {
        p.escape_after.push_back(e);
      }
    }
  }
  if (const auto* xr = find("XR")) {
    const std::string v = single(*xr);
    if (v != "proved" && v != "proved by ko" && v != "disproved") {
      fail(source, "property XR: expected proved, proved by ko or disproved, got '" + v + "'");
    }
    p.expected = v;
  }
  if (const auto* xm = find("XM")) p.key_moves = points(*xm);
  if (const auto* xg = find("XG")) p.gnugo_skip = single(*xg);
  if (const auto* gn = find("GN")) p.name = single(*gn);
  if (const auto* c = find("C")) p.comment = single(*c);
  validate_go_problem(p, source);
  return p;
}

}  // namespace

GoProblem parse_go_problem_sgf(std::string_view text, const std::string& source) {
  return problem_of_line(SgfReader(text, source).read_main_line(), source);
}

std::string go_problem_to_sgf(const GoProblem& p) {
  std::ostringstream out;
  out << "(;GM[1]FF[4]CA[UTF-8]SZ[" << p.size << "]";
  if (!p.name.empty()) out << "GN[" << sgf_escape(p.name) << "]";
  out << "PL[" << (p.to_move == 0 ? 'B' : 'W') << "]";
  for (int color = 1; color <= 2; ++color) {
    bool any = false;
    for (int pt = 0; pt < p.size * p.size; ++pt) {
      if (p.board[static_cast<std::size_t>(pt)] != color) continue;
      if (!any) out << (color == 1 ? "\nAB" : "\nAW");
      any = true;
      out << "[" << sgf_point_name(p.size, pt) << "]";
    }
  }
  out << "\nMA";
  for (int t : p.target) out << "[" << sgf_point_name(p.size, t) << "]";
  out << "GO[" << (p.goal == GoGoal::kCapture ? "capture" : "escape") << "]";
  if (!p.region.empty()) {
    out << "\nSL";
    for (const auto& [a, b] : rectangles(p.region, p.size)) {
      out << "[" << sgf_point_name(p.size, a);
      if (b != a) out << ":" << sgf_point_name(p.size, b);
      out << "]";
    }
  }
  out << "\nXL[" << p.escape_liberties << "]XP[" << p.max_plies << "]";
  if (!p.escape_after.empty()) out << "XE";
  for (const auto& e : p.escape_after) out << "[" << e.ply << ":" << e.liberties << "]";
  if (p.ko != -1) out << "KO[" << sgf_point_name(p.size, p.ko) << "]";
  if (!p.expected.empty()) out << "XR[" << p.expected << "]";
  if (!p.key_moves.empty()) {
    out << "XM";
    for (int m : p.key_moves) out << "[" << sgf_point_name(p.size, m) << "]";
  }
  if (!p.gnugo_skip.empty()) out << "XG[" << sgf_escape(p.gnugo_skip) << "]";
  if (!p.comment.empty()) out << "\nC[" << sgf_escape(p.comment) << "]";
  out << ")\n";
  return out.str();
}

GoProblem load_go_problem(const std::string& path) {
  std::error_code ec;
  // A device or FIFO (/dev/zero) would be read forever: only a regular file is a problem file.
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec)) {
    throw ParseError(path + ": cannot read the problem file (not a regular file)");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path + ": cannot read the problem file");
  std::ostringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  const std::filesystem::path fp(path);
  GoProblem p = fp.extension() == ".sgf" ? parse_go_problem_sgf(text, path)
                                         : parse_go_problem_text(text, path);
  if (p.name.empty()) p.name = fp.stem().string();
  return p;
}

std::string go_game_to_sgf(const GoProblem& start, const std::vector<int>& moves,
                           const std::vector<std::pair<std::string, std::string>>& root) {
  GoProblem problem = start;
  problem.name.clear();  // written below: once in a node
  for (const auto& prop : root) {
    if (prop.first == "C") problem.comment.clear();
  }
  std::string out = go_problem_to_sgf(problem);
  out.resize(out.size() - 2);  // ")\n"
  std::string name = start.name;
  for (const auto& [id, value] : root) {
    if (id == "GN") {
      name = name.empty() ? value : name + ", " + value;
    } else {
      out += "\n" + id + "[" + sgf_escape(value) + "]";
    }
  }
  if (!name.empty()) out += "\nGN[" + sgf_escape(name) + "]";
  int color = start.to_move;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    out += i % 10 == 0 ? "\n;" : ";";
    out += color == 0 ? "B[" : "W[";
    if (moves[i] >= 0) out += sgf_point_name(start.size, moves[i]);  // B[]: a pass
    out += "]";
    color = 1 - color;
  }
  out += ")\n";
  return out;
}

std::vector<GoGameSgf> parse_go_games_sgf(std::string_view text, const std::string& source) {
  std::vector<GoGameSgf> games;
  SgfReader reader(text, source);
  while (games.empty() || reader.another_tree()) {
    const std::string where = source + ", game tree " + std::to_string(games.size() + 1);
    const std::vector<std::vector<SgfProperty>> line = reader.read_main_line();
    GoGameSgf game;
    // The problem stands at the root: later nodes are the game's moves, not a record to play.
    game.start = problem_of_line({line.front()}, where);
    int color = game.start.to_move;
    for (std::size_t i = 1; i < line.size(); ++i) {
      for (const auto& prop : line[i]) {
        if (prop.id != "B" && prop.id != "W") continue;
        const std::string what = "move " + std::to_string(game.moves.size() + 1);
        if (prop.values.size() != 1) fail(where, what + ": expected one value");
        if ((prop.id == "B") != (color == 0)) {
          fail(where, what + ": " + prop.id +
                          " plays out of turn (the colours alternate from "
                          "the root's side to move)");
        }
        const std::string& v = prop.values.front();
        const bool pass = v.empty() || (v == "tt" && game.start.size <= 19);
        game.moves.push_back(pass ? -1 : sgf_point(game.start.size, prop.id, v, where));
        color = 1 - color;
      }
    }
    for (const auto& prop : line.front()) {
      if (prop.id == "RE" && prop.values.size() == 1) game.result = prop.values.front();
    }
    games.push_back(std::move(game));
  }
  return games;
}

}  // namespace gts
