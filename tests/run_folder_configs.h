// Small configs of each kind whose run folders the run-folder tests damage and check.
#pragma once

namespace gts::testing {

// One random-tree input swept over two seeds, alpha-beta and minimax: 2 jobs, 4 searches.
inline constexpr const char* kSmallCompare = R"(name: cmp
inputs:
  - name: tree
    game: {name: random-tree, params: {branching: 3, depth: 4}}
    sweep: {seed: [1, 2]}
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: mm, algorithm: minimax}
)";

// Two problems, two solvers: 4 runs.
inline constexpr const char* kSmallSolve = R"(name: slv
game: tictactoe
problems:
  - {name: x-wins-after-a1-b1, position: "XO./.../...:X", prover: 0, at_least: 1, expected: proved}
  - {name: x-wins-after-b2-a1, position: "O../.X./...:X", prover: 0, at_least: 1, expected: disproved}
algorithms:
  - {name: ab, algorithm: alphabeta}
  - {name: pn, algorithm: pn}
limits: {nodes: 1000000, time_ms: 10000}
)";

// Two players, two random openings played twice: 4 games.
inline constexpr const char* kSmallTournament = R"(name: t
game: {name: kalah, params: {pits: 4, seeds: 3}}
players:
  - {name: a, algorithm: alphabeta, depth: 1}
  - {name: b, algorithm: alphabeta, depth: 2}
openings: {kind: random, count: 2, plies: 2}
seed: 3
)";

// Two SPSA iterations of one pair, then a verification of at most 4 games.
inline constexpr const char* kSmallTune = R"(name: tn
game: {name: kalah, params: {pits: 4, seeds: 3}}
engine: {algorithm: alphabeta, depth: 1}
weights: {start: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1], min: -2, max: 2, fixed: [5]}
spsa: {iterations: 2, pairs: 1}
openings: {plies: 2}
verify: {elo0: 0, elo1: 20, max_games: 4, batch_pairs: 1}
seed: 1
)";

}  // namespace gts::testing
