// SolveProblem for one concrete game: the solvers instantiated over it. Included only by the
// per-game files (solve_go_capture.cpp, solve_games.cpp), so each game's templates are
// instantiated in one translation unit.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "algorithms/dfpn.h"
#include "algorithms/pn_search.h"
#include "algorithms/solver_alphabeta.h"
#include "harness/solve/solve_problem.h"

namespace gts {

template <Game G, class H>
class TypedSolveProblem final : public SolveProblem {
 public:
  using State = typename G::State;

  // `make_heuristic(const G&)` builds the heuristic for the game copy this problem keeps.
  template <class MakeH>
  TypedSolveProblem(std::string game_name, std::string name, std::string expected, G game,
                    State root, SolverGoal goal, MakeH make_heuristic)
      : game_name_(std::move(game_name)),
        name_(std::move(name)),
        expected_(std::move(expected)),
        game_(std::make_unique<G>(std::move(game))),
        root_(std::move(root)),
        goal_(goal),
        heuristic_(make_heuristic(*game_)) {}

  [[nodiscard]] const std::string& name() const override { return name_; }
  [[nodiscard]] const std::string& expected() const override { return expected_; }
  [[nodiscard]] const std::string& game() const override { return game_name_; }

  [[nodiscard]] SolveOutcome solve(const SolverSpec& solver,
                                   const SearchLimits& limits) const override {
    const Params& o = solver.options;
    SolveResult r;
    if (solver.algorithm == "alphabeta") {
      AlphaBetaSolverOptions ab;
      ab.tt = o.get("tt") == "on";
      ab.tt_mb = static_cast<std::size_t>(o.get_int("tt_mb"));
      ab.static_ordering = o.get("ordering") == "static";
      ab.main_line = o.get("line") == "on";
      r = alphabeta_solve(*game_, goal_, root_, limits, *heuristic_, ab);
    } else if (solver.algorithm == "pn" || solver.algorithm == "pn+") {
      PnOptions pn;
      pn.heuristic = solver.algorithm == "pn+";
      pn.max_mb = static_cast<std::size_t>(o.get_int("max_mb"));
      r = pn_search(*game_, goal_, root_, limits, *heuristic_, pn);
    } else if (solver.algorithm == "dfpn" || solver.algorithm == "dfpn+") {
      DfpnOptions df;
      df.heuristic = solver.algorithm == "dfpn+";
      df.tt_mb = static_cast<std::size_t>(o.get_int("tt_mb"));
      df.epsilon = static_cast<double>(o.get_int("epsilon")) / 100.0;
      if (solver.algorithm == "dfpn+") df.cost = static_cast<ProofNumber>(o.get_int("cost"));
      r = dfpn(*game_, goal_, root_, limits, *heuristic_, df);
    } else {
      throw ParamError("internal: solver '" + solver.algorithm + "' has no dispatch");
    }
    SolveOutcome out;
    out.status = r.status;
    out.depth = r.depth;
    out.stats = r.stats;
    out.time_ms = r.wall_ms;
    State s = root_;
    for (Move m : r.main_line) {
      if (game_->is_terminal(s)) break;
      out.main_line.push_back(game_->move_to_string(s, m));
      game_->play(s, m);
    }
    if (r.best_move != kNoMove) out.best_move = game_->move_to_string(root_, r.best_move);
    return out;
  }

 private:
  std::string game_name_;
  std::string name_;
  std::string expected_;
  std::unique_ptr<G> game_;  // stable address: the heuristic points into it
  State root_;
  SolverGoal goal_;
  std::unique_ptr<H> heuristic_;
};

}  // namespace gts
