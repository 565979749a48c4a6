// One player of a game as the match loop sees it: a searcher in this process (SearcherPlayer) or
// another program over UGI (harness/engine/). The loop asks each for one move at a time, under one
// budget type, and records every reply the same way.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/registry.h"

namespace gts {

// The limits of one move, as UGI's `go` states them: each bounds the search, together.
struct MoveBudget {
  int depth = 0;                    // plies (0: none)
  std::uint64_t nodes = 0;          // 0: none
  double movetime_ms = 0;           // 0: none
  bool clock = false;               // time_ms and inc_ms hold both clocks
  std::array<double, 2> time_ms{};  // remaining: the game's player 1 and player 2 (UGI's p1, p2)
  std::array<double, 2> inc_ms{};
  int own = 0;  // the mover's clock: 0 (p1) or 1 (p2)
  // The mover's moves until its clock's next period adds its time again (UCI's movestogo; 0:
  // the clock is for the whole game).
  int moves_to_go = 0;
  // A node or time budget: an anytime algorithm deepens iteratively under one.
  [[nodiscard]] bool timed_or_counted() const { return nodes != 0 || movetime_ms > 0 || clock; }
};

// The share of a clock spent on one move, in-process and by `harness ugi` alike: a 25th of what
// is left (with `moves_to_go` moves left to the period, fewer than 24: a share of moves_to_go + 1)
// and most of the increment, never more than half of what is left, at least 1 ms.
double clock_allocation_ms(double remaining_ms, double inc_ms, int moves_to_go = 0);

// A searcher's limits for `b`: its depth (to the end when none), its nodes, and the smaller of its
// movetime and the clock's share.
SearchLimits search_limits(const MoveBudget& b);

struct MoveRequest {
  const Position& position;
  const std::string& opening;  // the game's opening position, in notation
  bool opening_is_start = false;
  const std::vector<std::string>& moves;  // played since the opening, in notation
  MoveBudget budget;
  double deadline_ms = 0;  // past this the reply is late (0: the player's own stall limit)
  std::uint64_t seed = 0;  // this move's random stream
  const std::atomic<bool>* stop = nullptr;
};

struct PlayerMove {
  enum class Status { kMove, kTimeout, kFailed, kOverBudget, kStopped };
  Status status = Status::kFailed;
  Move move = kNoMove;  // a searcher's move; an engine's comes as `text`, checked by the loop
  std::string text = {};
  std::string reason = {};  // why there is no move
  Value value = 0;          // the mover's view
  bool scored = true;       // false: the player gave no value
  int depth = 0;            // completed depth in plies; 0: no iteration completed (unsearched)
  bool exact = false;       // the value was proved to the end of the game
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  double cpu_ms = 0;
  std::string pv = {};  // in notation, space-separated
};

class Player {
 public:
  virtual ~Player() = default;
  // Readies the player for a game whose random stream is `seed`, before any clock runs; empty
  // when ready, else why it cannot play. May throw Interrupted.
  virtual std::string start_game(std::uint64_t seed) = 0;
  virtual PlayerMove play(const MoveRequest& request) = 0;
  // The game was lost by this player's fault (an engine starts afresh for its next game).
  virtual void forfeited() {}
  // False for a player that never searches (the random baseline): its moves are not unsearched.
  [[nodiscard]] virtual bool searches() const { return true; }
};

// The plies a search completed, never kDepthMax: the deepest iteration it finished; one proved to
// the end (complete at depth kDepthMax), the iteration that proved it, else (no iterations) its
// principal variation's length, at least 1.
int completed_plies(const SearchResult& r);

// The record's depth and exact flag of a search result: a search proved to the end is exact, its
// depth that of the iteration that proved it (without iterations, the plies of its principal
// variation); otherwise the depth of its last completed iteration.
void completed_depth(const SearchResult& r, PlayerMove& out);

// A searcher of this process. `depth` is what start_game prepares for (kDepthMax: the game's
// endgame tables, made before any clock runs).
class SearcherPlayer final : public Player {
 public:
  SearcherPlayer(const GameHandle& game, Searcher& searcher, int depth, bool searches = true)
      : game_(game), searcher_(searcher), depth_(depth), searches_(searches) {}
  std::string start_game(std::uint64_t seed) override;
  PlayerMove play(const MoveRequest& request) override;
  [[nodiscard]] bool searches() const override { return searches_; }

 private:
  const GameHandle& game_;
  Searcher& searcher_;
  int depth_;
  bool searches_;
};

}  // namespace gts
