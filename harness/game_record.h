// What one tournament game needs and what it produces. The game loop itself is a template
// (GameAdapter<G>::play_game); everything around it works on these plain records.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/search.h"

namespace gts {

class Searcher;

enum class Termination {
  kNormal,
  kAdjudicated,  // the game proved the result before its end (GameSetup::adjudicate)
  kMaxPlies,
  kIllegalMove,
  kError,
  kBudget,
  kTimeout,  // lost on time: the clock (or the movetime) ran out, past the margin
  kStopped
};
const char* termination_name(Termination t);

// A game clock, as fastchess writes it: `tc: 10+0.1` is 10 s for the game and 0.1 s more after
// each move.
struct TimeControl {
  double base_ms = 0;  // 0: no clock
  double inc_ms = 0;
  [[nodiscard]] bool enabled() const { return base_ms > 0; }
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// The share of a clock an in-process player spends on one move, and what `harness ugi` spends
// for `go p1time ...`: a 25th of what is left and most of the increment, never more than half of
// what is left, at least 1 ms.
double clock_allocation_ms(double remaining_ms, double inc_ms);

// One move asked of an external engine (the UGI `position` and `go` it is sent).
struct EngineGo {
  std::string opening;              // the game's opening position, in the game's notation
  bool opening_is_start = false;    // it is the game's start position (`position startpos`)
  std::vector<std::string> moves;   // played since, in notation
  int depth = 0;                    // `go depth` (0: none)
  std::uint64_t nodes = 0;          // `go nodes` (0: none)
  double movetime_ms = 0;           // `go movetime` (0: none)
  bool clock = false;               // `go p1time .. p2time .. p1inc .. p2inc ..`
  std::array<double, 2> time_ms{};  // remaining, the game's player 1 and player 2
  std::array<double, 2> inc_ms{};
  double deadline_ms = 0;  // how long the reply may take (0: the engine's own stall limit)
  const std::atomic<bool>* stop = nullptr;
};

// An external engine's reply: a move in notation (the game checks it) or why there is none.
struct EngineMove {
  enum class Status { kMove, kTimeout, kFailed, kStopped };
  Status status = Status::kFailed;
  std::string move;
  std::string reason;  // kTimeout, kFailed: what happened, with the engine's last stderr lines
  int depth = 0;       // from its last `info` line
  std::uint64_t nodes = 0;
  Value value = 0;
  bool scored = false;  // it sent a score
  std::string pv;       // as it sent it
  double cpu_ms = 0;    // the engine process's CPU time for the move (user + system)
};

// A player that is another program (harness/engine/): one game at a time.
class ExternalPlayer {
 public:
  virtual ~ExternalPlayer() = default;
  // Readies the engine for a new game; empty when ready, else why it cannot play.
  virtual std::string start_game() = 0;
  virtual EngineMove go(const EngineGo& request) = 0;
};

// One side of a game: its searcher (or external engine), its per-move limits and its clock.
struct GameSide {
  Searcher* searcher = nullptr;
  ExternalPlayer* external = nullptr;  // instead of `searcher`
  SearchLimits limits;
  TimeControl clock;
  // A move may take this much longer than limits.max_ms, and a clock may run this far below
  // zero, before the game is lost on time (a search polls the clock, so it always overshoots a
  // little; a pipe and a process switch add to it).
  double margin_ms = 0.0;
};

// Adjudication by the players' own scores, as fastchess's -resign and -draw options: values in the
// game's units (Kalah: seeds of store margin), each from the mover's side as it reported it; a
// move without a score (an engine that sent none) breaks every run.
struct ScoreAdjudication {
  // A side whose score is <= -resign_score for resign_moves moves in a row loses (with
  // resign_two_sided, only while the other side's is >= resign_score for as many of its moves).
  int resign_moves = 0;  // 0: off
  Value resign_score = 0;
  bool resign_two_sided = false;
  // From ply draw_after on, draw_moves moves of each side in a row with |score| <= draw_score:
  // a draw.
  int draw_moves = 0;  // 0: off
  Value draw_score = 0;
  int draw_after = 0;
  friend bool operator==(const ScoreAdjudication&, const ScoreAdjudication&) = default;
};

// The runs ScoreAdjudication counts, move by move, and its verdict.
class ScoreWatch {
 public:
  explicit ScoreWatch(const ScoreAdjudication& rules) : rules_(rules) {}
  // After `side` (0: first) played its move at `ply` with `value` (its view; `scored` false when
  // it gave none).
  void moved(int side, int ply, bool scored, Value value);
  [[nodiscard]] bool decided() const { return verdict_ >= 0; }
  [[nodiscard]] double first_score() const;  // once decided
  [[nodiscard]] const std::string& reason() const { return reason_; }

 private:
  ScoreAdjudication rules_;
  std::array<int, 2> losing_{}, winning_{}, level_{};
  int verdict_ = -1;  // 0: the first side resigned, 1: the second, 2: a draw
  std::string reason_;
};

struct GameSetup {
  std::string opening;  // canonical position; side to move there is "first"
  int max_plies = 0;    // adjudicated a draw past this many plies
  // End the game as soon as its result is decided: where the game bounds the final outcome
  // (outcome_bounds, e.g. a Kalah store holding more than half the seeds), a win, loss or draw
  // that no play can change. The result is the one playing on would give; the margin is known
  // only when the bounds meet.
  bool adjudicate = false;
  ScoreAdjudication by_score;
  std::uint64_t seed = 0;  // the game's random stream: (run seed, game index)
  const std::atomic<bool>* stop = nullptr;
};

struct MoveRecord {
  int ply = 0;
  int side = 0;  // 0 = first, 1 = second
  std::string move;
  Value value = 0;  // the searcher's value, mover's point of view
  int depth = 0;    // completed depth
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  double cpu_us = 0.0;
  double wall_ms = 0.0;
  double clock_ms = -1;  // the mover's clock after the move (its increment added); -1: no clock
  std::string pv;        // the searcher's principal variation, in notation, space-separated
};

struct GameOutcome {
  double first_score = 0.5;     // 1, 0.5 or 0, from the first player's view
  std::optional<Value> margin;  // final score difference, first's view, where the game has one
  int plies = 0;
  Termination termination = Termination::kNormal;
  int forfeit_side = -1;               // the side that lost by forfeit, or -1
  std::string reason;                  // why, for forfeits
  std::array<SearchStats, 2> stats{};  // per side, summed over its moves
  std::array<int, 2> moves{};          // moves made per side
  std::vector<MoveRecord> move_log;
  std::string final_position;
};

}  // namespace gts
