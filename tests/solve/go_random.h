// Seeded random capture problems for the solver tests: 5x5 to 9x9 boards of random stones, a
// random target, either side to move, a few plies, some with a ko ban, escape steps, ko threats
// for one side, or the ladder, escape and Benson readers off.
#pragma once

#include <exception>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/solver_alphabeta.h"
#include "games/go_capture/go_capture.h"
#include "tests/solve/test_rng.h"

namespace gts::testing {

// A random problem in the text form, or "" when the drawn board does not make one.
inline std::string random_problem(Rng& rng, std::map<std::string, std::string>& params) {
  const int size = 5 + rng.below(5);
  const int density = 25 + rng.below(25);
  std::vector<char> board(static_cast<std::size_t>(size * size), '.');
  for (char& c : board) {
    const int r = rng.below(100);
    c = r < density / 2 ? 'X' : r < density ? 'O' : '.';
  }
  std::string rows;
  for (int r = 0; r < size; ++r) {
    if (r > 0) rows += '/';
    rows.append(&board[static_cast<std::size_t>(r * size)], static_cast<std::size_t>(size));
  }
  const int target = rng.below(size * size);
  if (board[static_cast<std::size_t>(target)] == '.') return "";
  const int escape = 3 + rng.below(2);
  const int plies = 3 + rng.below(5);
  std::string text = rows + (rng.below(2) == 0 ? " turn=B" : " turn=W") +
                     " target=" + go_point_name(size, target) +
                     " escape=" + std::to_string(escape) + " plies=" + std::to_string(plies);
  if (rng.below(3) == 0) {  // one liberty fewer escapes past a ply (GNU Go's reading depths)
    text += " escape_after=" + std::to_string(rng.below(plies)) + ":" + std::to_string(escape - 1);
  }
  if (rng.below(4) == 0) {
    const int ko = rng.below(size * size);
    if (board[static_cast<std::size_t>(ko)] == '.') text += " ko=" + go_point_name(size, ko);
  }
  params = {{"problem", text}};
  if (rng.below(4) == 0) params["ko_threats"] = rng.below(2) == 0 ? "black" : "white";
  if (rng.below(3) == 0) params["ladders"] = "off";
  if (rng.below(3) == 0) params["escapes"] = "off";
  if (rng.below(3) == 0) params["benson"] = "off";
  return text;
}

// The game of a random problem (random_problem fills `params`), the defender winning every ko when
// `defender_wins_kos`; none when the drawn problem is not one (stones without liberties, a target
// already escaped, ...).
inline std::optional<GoCapture> random_game(Rng& rng, std::map<std::string, std::string>& params,
                                            bool defender_wins_kos = false) {
  if (random_problem(rng, params).empty()) return std::nullopt;
  std::optional<GoCapture> made;
  try {
    made.emplace(Params(params));
    if (defender_wins_kos) {
      params["ko_threats"] = made->attacker() == 0 ? "white" : "black";
      made.emplace(Params(params));
    }
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return made;
}

// A drawn problem's parameters in one line, for a test's trace.
inline std::string describe(const std::map<std::string, std::string>& params) {
  std::string s = params.at("problem");
  for (const auto& [key, value] : params) {
    if (key == "problem") continue;
    s += ' ';
    s += key;
    s += '=';
    s += value;
  }
  return s;
}

// The exact answer the solvers are held to: alpha-beta with a small table, no main line.
template <class H>
SolveResult reference_answer(const GoCapture& game, const SolverGoal& goal,
                             const GoCapture::State& root, const SearchLimits& limits,
                             const H& heuristic) {
  AlphaBetaSolverOptions ab;
  ab.tt = true;
  ab.tt_mb = 1;
  ab.main_line = false;
  return alphabeta_solve(game, goal, root, limits, heuristic, ab);
}

}  // namespace gts::testing
