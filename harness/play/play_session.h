// `harness play`: a game at the terminal, human against engine, engine against itself, or two
// humans with the engine's hints; its commands and the move tree: docs/guide/play-and-tree.md.
// The session reads commands line by line from an input stream and writes to an output
// stream, so it runs the same under a terminal, through a pipe, or inside a test with string
// streams. The move tree is computed, not recorded (the algorithms keep no tree), so its values
// are exactly the minimax values the engine's search saw at that depth.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/search.h"
#include "games/evaluation.h"
#include "harness/match/player.h"
#include "harness/registry.h"

namespace gts {

enum class HumanSides { kFirst, kSecond, kBoth, kNone };

// "first", "second", "both", "none"; throws ParamError naming --human otherwise.
HumanSides parse_human_sides(const std::string& text);

// The algorithm as `play` uses it: random tie-breaking on by default where the algorithm has the
// option (alpha-beta), so that the engine varies its play; an explicit random_ties=off keeps it
// off.
AlgorithmSpec play_algorithm_spec(const std::string& name,
                                  std::map<std::string, std::string> options);

struct PlayOptions {
  AlgorithmSpec algorithm;
  EvalSpec eval;
  int depth = 6;  // plies, or kDepthMax
  HumanSides human = HumanSides::kFirst;
  std::uint64_t seed = 0;
  std::string position;     // start position; empty: the game's initial position
  int max_plies = 1000;     // a longer game is adjudicated a draw
  bool echo_input = false;  // print each line read after the prompt (input not from a terminal)
};

// One level (or `levels`) of the move tree below `position`: each child searched to depth - 1 by
// `searcher`. Values are from the view of the side to move at `position`.
struct TreeNode {
  std::string move;             // empty at the root
  std::string position;         // after the move
  Value value = 0;              // from the root mover's view
  bool moves_again = false;     // the mover is the same after the move (Kalah's extra turn)
  std::vector<std::string> pv;  // the line below this node (after `move`), where not expanded
  std::vector<TreeNode> children;
  SearchStats stats;  // summed over the searches below this node
};
TreeNode compute_move_tree(const GameHandle& game, Searcher& searcher, const std::string& position,
                           int depth, int levels);

class PlaySession {
 public:
  PlaySession(const GameHandle& game, PlayOptions options, std::istream& in, std::ostream& out);

  // Plays until the game ends, `quit` or the end of input; returns the exit code (0).
  int run();

 private:
  struct Played {
    std::string before;  // position before the move
    std::string move;
    bool by_human = false;
  };
  struct LastSearch {
    std::string position;
    PlayerMove result;
  };

  [[nodiscard]] bool human_moves(int side) const;
  // Searches the current position as the engine plays: its move in notation (empty when it is not
  // legal) and a line on the search.
  std::pair<std::string, std::string> engine_search();
  void engine_move();
  // Returns false when the session should end (quit or end of input).
  bool human_turn();
  void play(const std::string& move, bool by_human);
  void undo();
  // False, saying so after `command`, when the engine does not search (`nothing` to show then).
  bool searches(const char* command, const char* nothing);
  void hint();
  void tree(const std::string& args);
  void print_board();
  void print_result();
  [[nodiscard]] std::string legal_text() const;

  const GameHandle& game_;
  PlayOptions options_;
  std::istream& in_;
  std::ostream& out_;
  std::unique_ptr<Searcher> searcher_;
  std::unique_ptr<Searcher> tree_searcher_;  // same algorithm, random ties off
  std::string position_;
  int first_player_ = 0;
  std::vector<Played> history_;
  std::optional<LastSearch> last_search_;
};

}  // namespace gts
