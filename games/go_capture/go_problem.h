// Go capturing problems: a position, the side to move, a target block, the goal (capture it or
// save it) and optionally a region where moves are allowed; loaded from SGF or from the project's
// compact text form, and written back to both.
//
// Points are numbered row-major from the top-left corner (0 .. size*size-1). In text they are
// written in GTP style: a column letter A..T without I, then the row number counted from the
// bottom ("C3"); SGF writes them as two letters from the top-left ("cg" on a 9x9 board).
//
// SGF (FF[4]; only the root node is read, later nodes and variations are ignored):
//   SZ[n]         board size, 5..19 (required)
//   AB[..] AW[..] black and white stones (point lists, compressed "aa:cc" ranges allowed)
//   PL[B|W]       side to move (default B)
//   MA[..] or TR[..]  the target: one or more points, all stones of one block
//   SL[..]        the region: the points where moves are allowed (default: the whole board)
//   GN[..]        the problem's name (default: the file's stem)
//   C[..]         a comment, kept
//   GO[capture|escape]  the goal, optional: it follows from the colours (capture the
//                 opponent's block, save one's own) and is checked against them when given
//   XL[n]         the target escapes when its block has n liberties (default 5)
//   XE[p:n][..]   past ply p the target escapes with n liberties already (GNU Go's reading
//                 depths: XE[7:4][16:3]); p increasing, n decreasing below XL
//   XP[n]         at most n plies are played; the attacker fails if the target still stands
//                 then (default 60)
//   XR[proved|disproved]  the known answer: can the side to move reach its goal?
//   XM[..]        known correct first moves (documentation only)
//   XG[reason]    leave this problem out of the GNU Go cross-check, saying why
//   KO[..]        the ko point: the side to move may not play there now (a ko just taken)
// The problem's position is the node that marks the target (MA or TR) on the main line (the first
// variation at each branch): usually the root, and the nodes after it (a solution, say) are
// ignored. In a game record the mark may come later: the moves up to it (B[..] and W[..]; B[] and
// B[tt] pass) are played onto the root's setup with captures, the side to move is then the one
// that did not play last, and a last move that took a ko sets the ko point. PL and KO on the
// marked node have the last word.
//
// Text form: whitespace-separated tokens, '#' starts a comment that runs to the end of the line.
// Tokens made only of '.', 'X' (black) and 'O' (white), possibly split by '/', are board rows,
// from the top; the others are key=value settings:
//   name=ID  turn=B|W  goal=capture|escape  target=C3[,D3...]  region=A1-E5[,F6...]
//   escape=N  escape_after=P:N[,P:N...]  plies=N  expect=proved|proved-by-ko|disproved
//   key=C3[,D4...]  gnugo=REASON  ko=C3
// One line works as a game parameter:
//   ".XO../.XO../...../...../..... turn=B target=C5 expect=proved"
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/game.h"

namespace gts {

enum class GoGoal : std::uint8_t { kCapture, kEscape };

struct GoProblem {
  static constexpr int kMinSize = 5;
  static constexpr int kMaxSize = 19;
  static constexpr int kDefaultEscapeLiberties = 5;
  static constexpr int kDefaultMaxPlies = 60;
  static constexpr int kMaxPlies = 255;
  static constexpr int kMaxEscapeLiberties = 20;

  std::string name;
  int size = 9;
  // size*size cells, row-major from the top-left: 0 empty, 1 black, 2 white.
  std::vector<std::uint8_t> board;
  int to_move = 0;  // 0 black, 1 white
  // Points given for the target (all in one block); the first one names it.
  std::vector<int> target;
  GoGoal goal = GoGoal::kCapture;
  // Empty: the whole board. Else size*size flags.
  std::vector<std::uint8_t> region;
  int escape_liberties = kDefaultEscapeLiberties;
  // Steps down from escape_liberties, as GNU Go's reading depths do: past ply `ply` (moves played
  // since this position) the target escapes with `liberties` already. Plies increasing, liberties
  // decreasing, each below escape_liberties.
  struct EscapeStep {
    int ply = 0;
    int liberties = 0;
    friend bool operator==(const EscapeStep&, const EscapeStep&) = default;
  };
  std::vector<EscapeStep> escape_after;
  int max_plies = kDefaultMaxPlies;
  // The point the side to move may not play now (a ko just taken); -1: none.
  int ko = -1;
  std::string expected;  // "", "proved", "proved by ko" or "disproved"
  std::vector<int> key_moves;
  std::string gnugo_skip;  // non-empty: why GNU Go's answer is not comparable
  std::string comment;

  [[nodiscard]] int target_point() const { return target.empty() ? -1 : target.front(); }
  [[nodiscard]] int target_color() const {
    return target.empty() ? 0 : board[static_cast<std::size_t>(target.front())];
  }
  // The liberties at which the target has escaped once `ply` moves are played.
  [[nodiscard]] int escape_at(int ply) const {
    int libs = escape_liberties;
    for (const EscapeStep& e : escape_after) {
      if (ply > e.ply) libs = e.liberties;
    }
    return libs;
  }
  // The same problem `plies` moves later: steps already passed join escape_liberties, the rest
  // move `plies` nearer (max_plies is the caller's).
  void advance_escape_steps(int plies);
  [[nodiscard]] bool in_region(int point) const {
    return region.empty() || region[static_cast<std::size_t>(point)] != 0;
  }

  friend bool operator==(const GoProblem&, const GoProblem&) = default;
};

// "7:4,16:3" (escape_after), and back; throws ParseError mentioning `what`.
std::string escape_steps_text(const std::vector<GoProblem::EscapeStep>& steps);
std::vector<GoProblem::EscapeStep> parse_escape_steps(std::string_view text,
                                                      const std::string& what);

// "C3" for a point of a size x size board; "pass" for -1.
std::string go_point_name(int size, int point);
// Parses "C3" / "c3" (GTP); throws ParseError mentioning `what`.
int parse_go_point(int size, std::string_view text, const std::string& what);
// "cg": SGF coordinates.
std::string sgf_point_name(int size, int point);

// Checks the escape steps against the escape liberties (validate_go_problem's part for them).
// Throws ParseError("SOURCE: message").
void check_escape_steps(const GoProblem& problem, const std::string& source);

// Checks a problem's consistency: stones with liberties, the target a stone of one block, the goal
// matching the colours, the target neither captured nor escaped already, a non-empty region,
// ranges. Throws ParseError("SOURCE: message").
void validate_go_problem(const GoProblem& problem, const std::string& source);

// `source` names the problem in messages (a file name, "problem parameter", ...). Both parsers
// validate what they read.
GoProblem parse_go_problem_text(std::string_view text, const std::string& source);
GoProblem parse_go_problem_sgf(std::string_view text, const std::string& source);

// One line of the text form, and an SGF file, that parse back to an equal problem.
std::string go_problem_to_text(const GoProblem& problem);
std::string go_problem_to_sgf(const GoProblem& problem);

// A game played from a problem's position: its moves (points, -1 a pass), the colours alternating
// from the problem's side to move, and the result as SGF's RE gives it ("" when absent).
struct GoGameSgf {
  GoProblem start;
  std::vector<int> moves;
  std::string result;
};

// A game as an SGF game tree: the problem's root as go_problem_to_sgf writes it, with the `root`
// properties (id, value: GN, PB, PW, RE, ...) added (a GN there follows the problem's name, a C
// there replaces its comment), then one node a move (B[] a pass). Any SGF editor shows the game;
// parse_go_problem_sgf reads its root back as the problem.
std::string go_game_to_sgf(const GoProblem& start, const std::vector<int>& moves,
                           const std::vector<std::pair<std::string, std::string>>& root);
// Every game tree of an SGF collection (one or more trees) as a game: the problem at its root, the
// moves along its main line. Throws ParseError naming `source` and the tree.
std::vector<GoGameSgf> parse_go_games_sgf(std::string_view text, const std::string& source);

// Reads a problem file: SGF when the name ends in ".sgf", else the text form. A missing problem
// name defaults to the file's stem. Throws ParseError naming the file.
GoProblem load_go_problem(const std::string& path);

}  // namespace gts
