#include "harness/match/match.h"

#include <algorithm>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "common/interrupt.h"
#include "harness/strf.h"

namespace gts {

namespace {

std::string format_ms(double ms) { return strf("%.1f", ms); }

// A game in progress: its position, the clocks and the outcome so far.
class Match {
 public:
  Match(const GameHandle& game, const GameSetup& setup, std::array<GameSide, 2>& sides)
      : game_(game),
        setup_(setup),
        sides_(sides),
        p_(game.position(setup.opening)),
        start_(game.initial_position()),
        first_player_(game.mover(p_)),
        p1_(game.to_move(start_)),
        clock_left_{sides[0].clock.base_ms, sides[1].clock.base_ms},
        watch_(setup.by_score) {}

  GameOutcome play() {
    bool over = false;
    // What the searches (or the adjudication) would make on first use is made before any clock;
    // a player that cannot start (an engine's handshake) loses before the game begins.
    try {
      if (setup_.adjudicate) game_.prepare({.depth = kDepthMax});
      for (int side = 0; side < 2 && !over; ++side) {
        const std::string why =
            sides_[static_cast<std::size_t>(side)].player->start_game(setup_.seed);
        if (!why.empty()) over = end(Termination::kError, side, why);
      }
    } catch (const Interrupted&) {
      over = end(Termination::kStopped);
    }
    for (int ply = 0; !over; ++ply) over = game_over(ply) || next_move(ply);
    out_.final_position = game_.text(p_);
    if (out_.forfeit_side >= 0) {
      sides_[static_cast<std::size_t>(out_.forfeit_side)].player->forfeited();
    }
    return std::move(out_);
  }

 private:
  // Ends the game for `why`, `side` losing it by forfeit (-1: neither). True: it is over.
  bool end(Termination why, int side = -1, std::string reason = {}) {
    out_.termination = why;
    if (side >= 0) {
      out_.forfeit_side = side;
      out_.first_score = side == 0 ? 0.0 : 1.0;
    }
    out_.reason = std::move(reason);
    return true;
  }
  // Ends the game as stopped once the run's stop flag is set; true then.
  bool stopped() {
    return setup_.stop != nullptr && setup_.stop->load(std::memory_order_relaxed) &&
           end(Termination::kStopped);
  }

  // Ends the game before the move of `ply` where it is finished, decided, too long or stopped.
  bool game_over(int ply) {
    out_.plies = ply;
    if (game_.finished(p_)) {
      const Value v = game_.final_value(p_);
      const Value first_view = game_.mover(p_) == first_player_ ? v : -v;
      out_.first_score = first_view > 0 ? 1.0 : first_view < 0 ? 0.0 : 0.5;
      if (game_.info().outcome_is_margin) out_.margin = first_view;
      return true;
    }
    if (watch_.decided()) {
      out_.first_score = watch_.first_score();
      return end(Termination::kAdjudicated, -1, watch_.reason());
    }
    if (setup_.adjudicate && adjudicate()) return true;
    if (ply >= setup_.max_plies) return end(Termination::kMaxPlies);
    return stopped();
  }

  // Ends the game when the game's outcome bounds leave one result: the first player's score, and
  // the margin where the bounds meet. False while the result is open.
  bool adjudicate() {
    const auto bounds = game_.outcome_bounds(p_);
    if (!bounds) return false;
    const auto [lo, hi] = *bounds;
    if (lo <= 0 && hi >= 0 && lo != hi) return false;
    const bool first_moves = game_.mover(p_) == first_player_;
    const Value first_lo = first_moves ? lo : -hi;
    const Value first_hi = first_moves ? hi : -lo;
    out_.first_score = first_lo > 0 ? 1.0 : first_hi < 0 ? 0.0 : 0.5;
    if (game_.info().outcome_is_margin && first_lo == first_hi) out_.margin = first_lo;
    return end(Termination::kAdjudicated, -1,
               "decided: the final outcome lies in [" + std::to_string(first_lo) + ", " +
                   std::to_string(first_hi) + "] for the first player");
  }

  // What the player of `side` is asked: its limits, and both clocks under the game's own player
  // numbers (UGI's p1 moves first from the start position).
  MoveBudget budget(int side) const {
    const GameSide& gs = sides_[static_cast<std::size_t>(side)];
    MoveBudget b{.depth = gs.limits.depth < kDepthMax ? gs.limits.depth : 0,
                 .nodes = gs.limits.max_nodes,
                 .movetime_ms = gs.limits.max_ms};
    for (int t = 0; t < 2; ++t) {
      const auto u = static_cast<std::size_t>(t);
      if (!sides_[u].clock.enabled()) continue;
      const int player = t == 0 ? first_player_ : 1 - first_player_;
      const std::size_t p = player == p1_ ? 0 : 1;
      b.clock = true;
      b.time_ms[p] = std::max(0.0, clock_left_[u]);
      b.inc_ms[p] = sides_[u].clock.inc_ms;
      if (t != side) continue;
      b.own = static_cast<int>(p);
      if (const int moves = sides_[u].clock.moves; moves > 0) {
        b.moves_to_go = moves - period_moves_[u];
      }
    }
    return b;
  }

  // Plays the move of `ply`; true when the game ended instead (a forfeit, or stopped).
  bool next_move(int ply) {
    const int side = game_.mover(p_) == first_player_ ? 0 : 1;
    const auto us = static_cast<std::size_t>(side);
    GameSide& gs = sides_[us];
    const bool clocked = gs.clock.enabled();
    const double deadline = clocked                ? std::max(0.0, clock_left_[us]) + gs.margin_ms
                            : gs.limits.max_ms > 0 ? gs.limits.max_ms + gs.margin_ms
                                                   : 0.0;
    const MoveRequest request{.position = p_,
                              .opening = setup_.opening,
                              .opening_is_start = setup_.opening == start_,
                              .moves = played_,
                              .budget = budget(side),
                              .deadline_ms = deadline,
                              .seed = mix_seed(setup_.seed, static_cast<std::uint64_t>(ply)),
                              .stop = setup_.stop};
    const double start = wall_ms();
    PlayerMove r = gs.player->play(request);
    const double elapsed = wall_ms() - start;
    using S = PlayerMove::Status;
    if (r.status == S::kStopped || stopped()) return end(Termination::kStopped);
    if (r.status == S::kTimeout) {
      return end(Termination::kTimeout, side,
                 deadline > 0
                     ? "lost on time (" + format_ms(clocked ? clock_left_[us] : gs.limits.max_ms) +
                           (clocked ? " ms on the clock" : " ms movetime") + " + margin " +
                           format_ms(gs.margin_ms) + " ms): " + r.reason
                     : r.reason);
    }
    if (r.status == S::kFailed) return end(Termination::kError, side, r.reason);
    out_.stats[us].nodes += r.nodes;
    out_.stats[us].leaves += r.leaves;
    out_.stats[us].cpu_ms += r.cpu_ms;
    ++out_.moves[us];
    if (r.status == S::kOverBudget) return end(Termination::kBudget, side, r.reason);
    if (!r.text.empty()) {
      try {
        r.move = game_.parse_move(p_, r.text);
      } catch (const std::exception& e) {
        return end(Termination::kIllegalMove, side,
                   "bestmove '" + r.text + "' in " + game_.text(p_) + ": " + e.what());
      }
    }
    std::vector<std::string> move = game_.line_text(p_, {r.move});  // empty: not legal here
    if (move.empty()) {
      return end(Termination::kIllegalMove, side,
                 "move " + std::to_string(r.move) + " is not legal in " + game_.text(p_));
    }
    if (!clocked && gs.limits.max_ms > 0 && elapsed > gs.limits.max_ms + gs.margin_ms) {
      return end(Termination::kTimeout, side,
                 "took " + format_ms(elapsed) + " ms, movetime " + format_ms(gs.limits.max_ms) +
                     " ms + margin " + format_ms(gs.margin_ms) + " ms");
    }
    double clock_after = -1;
    if (clocked) {
      clock_left_[us] -= elapsed;
      if (clock_left_[us] < -gs.margin_ms) {
        return end(Termination::kTimeout, side,
                   "lost on time: the move took " + format_ms(elapsed) + " ms with " +
                       format_ms(clock_left_[us] + elapsed) + " ms on the clock (margin " +
                       format_ms(gs.margin_ms) + " ms)");
      }
      clock_left_[us] += gs.clock.inc_ms;
      // The period's last move: its time comes again for the next period.
      if (gs.clock.moves > 0 && ++period_moves_[us] == gs.clock.moves) {
        period_moves_[us] = 0;
        clock_left_[us] += gs.clock.base_ms;
      }
      clock_after = clock_left_[us];
    }
    const bool searched = r.depth >= 1 || !gs.player->searches();
    if (!searched) ++out_.unsearched[us];
    out_.move_log.push_back(MoveRecord{.ply = ply,
                                       .side = side,
                                       .move = move[0],
                                       .value = r.value,
                                       .depth = r.depth,
                                       .exact = r.exact,
                                       .searched = searched,
                                       .nodes = r.nodes,
                                       .leaves = r.leaves,
                                       .cpu_us = r.cpu_ms * 1e3,
                                       .wall_ms = elapsed,
                                       .clock_ms = clock_after,
                                       .pv = std::move(r.pv)});
    played_.push_back(std::move(move[0]));
    game_.play(p_, r.move);
    watch_.moved(side, ply, r.scored, r.value);
    return false;
  }

  const GameHandle& game_;
  const GameSetup& setup_;
  std::array<GameSide, 2>& sides_;
  Position p_;
  const std::string start_;
  const int first_player_;
  const int p1_;  // the player who moves first from the game's start (UGI's p1)
  std::array<double, 2> clock_left_;
  std::array<int, 2> period_moves_{};  // each side's moves in its clock's current period
  std::vector<std::string> played_;    // in notation, since the opening
  ScoreWatch watch_;
  GameOutcome out_;
};

}  // namespace

GameOutcome play_match(const GameHandle& game, const GameSetup& setup,
                       std::array<GameSide, 2>& sides) {
  return Match(game, setup, sides).play();
}

}  // namespace gts
