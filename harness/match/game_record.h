// What one game needs and what it produces: plain records around the match loop (match.h).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/search.h"

namespace gts {

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

// A time control, as cutechess and fastchess write them (harness/config/time_control.h reads and
// writes the text): `10+0.1` is 10 s for the game and 0.1 s more after each move; `40/60+0.6`
// adds the 60 s again after every 40 moves of the side; `st=0.5` is 0.5 s a move, no clock;
// `inf` is no limit at all, over any other.
struct TimeControl {
  double base_ms = 0;     // a period's time; 0: no clock
  double inc_ms = 0;      // added after each move
  int moves = 0;          // moves per period (0: the whole game is one period)
  double move_ms = 0;     // `st=`: a fixed time per move, as a movetime (0: none)
  bool infinite = false;  // `inf`: given, and no limit
  // A game clock runs.
  [[nodiscard]] bool enabled() const { return base_ms > 0; }
  // Time bounds each move: a clock or a fixed time per move.
  [[nodiscard]] bool timed() const { return enabled() || move_ms > 0; }
  // Written in the config (a player's own, `inf` included, wins over the tournament's).
  [[nodiscard]] bool given() const { return timed() || infinite; }
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
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
  Value value = 0;       // the searcher's value, mover's point of view
  int depth = 0;         // completed depth, plies (0: no iteration completed)
  bool exact = false;    // the value was proved to the end of the game
  bool searched = true;  // false: a searching player's move without a completed depth
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
  std::array<int, 2> unsearched{};     // moves per side played without a completed depth
  std::vector<MoveRecord> move_log;
  std::string final_position;
};

}  // namespace gts
