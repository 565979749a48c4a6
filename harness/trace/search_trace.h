// The tree a search explored, as recorded by the tracing game (harness/trace/tracing_game.h), the
// registry's trace service: game-independent (moves in notation), so the printers (harness/tree/)
// and the CLI need no game types.
//
// A node is a position the algorithm played into (or the root), keyed by its path: the trie of
// (parent, move). What the algorithm did there is counted, never guessed:
// - made: times the algorithm played the move into it (SSS* makes a node when it examines it);
// - expansions: times its moves were generated (an interior visit);
// - evaluations: static evaluations (a leaf visit: horizon or end of the game);
// - tt_answers: visits answered without expanding or evaluating (a transposition-table or
//   game-bound cut-off: the position was checked, probed, and left);
// - pops: SSS* only, each time one of its states left OPEN, in global order.
// Values (lo, hi) are derived from the explored tree by derive_bounds(), in the root mover's view.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/search.h"
#include "games/game.h"

namespace gts {

struct SearchTrace {
  struct Child {
    std::string move;        // notation, from the parent
    std::int32_t node = -1;  // -1: generated, never played into (cut off)
  };
  struct Pop {
    std::uint32_t order = 0;  // 1-based position in the order states left OPEN
    bool solved = false;
    Value h = 0;  // the state's merit, root mover's view
  };
  struct Node {
    std::int32_t parent = -1;
    bool max = true;  // the root's mover is to move here
    std::uint32_t made = 0;
    std::uint32_t expansions = 0;
    std::uint32_t evaluations = 0;
    std::uint32_t tt_answers = 0;
    bool has_static = false;
    Value static_value = 0;  // the last evaluation, root mover's view
    // Moves in the order the game generated them (the last generation), then any child played
    // into without being generated first.
    std::vector<Child> children;
    std::vector<Pop> pops;
    std::uint32_t first_pass = 0;  // passes (root expansions) in which it was visited, 1-based
    std::uint32_t last_pass = 0;
    // Derived: the node's value lies in [lo, hi] (root mover's view); +-kInfinity: unbounded.
    Value lo = -kInfinity;
    Value hi = kInfinity;
    [[nodiscard]] std::uint32_t visits() const { return expansions + evaluations + tt_answers; }
    [[nodiscard]] bool searched() const { return visits() > 0; }
  };

  std::string game{};       // label
  std::string position{};   // root, notation
  std::string algorithm{};  // label
  std::string evaluation{};
  int depth = 0;
  SearchResult result{};
  std::string best_move{};    // notation, or "none"
  std::vector<Node> nodes{};  // nodes[0] is the root; a child's index is above its parent's
  std::uint32_t passes = 0;   // times the root's moves were generated (iterations, MT passes)
  std::uint32_t pops = 0;     // SSS*: states that left OPEN
  std::uint64_t ordering_evals = 0;  // evaluations that only ordered moves (static ordering)

  [[nodiscard]] std::uint64_t total_visits() const;
  // Positions the algorithm made, the root included (SSS*'s node count).
  [[nodiscard]] std::uint64_t total_made() const;
};

// Fills every node's [lo, hi] bottom-up: a leaf's is its evaluation; an expanded node's is the
// max (MAX) or min (MIN) of its children's bounds, a child never searched being (-inf, +inf); a
// node neither expanded nor evaluated (cut off, or answered by the table) is unbounded.
void derive_bounds(SearchTrace& trace);

}  // namespace gts
