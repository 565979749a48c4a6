// Small compare and solve configs whose run folders the run-folder tests damage and check.
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

}  // namespace gts::testing
