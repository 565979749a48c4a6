// A driver for Pascal Pons' Connect Four solver (github PascalPons/connect4, AGPL), compiled by
// bench/peers/pons.sh against a checkout the user supplies; none of his code is in this project.
// Reads a set in his format ("move-sequence score" a line) and prints, per position, the sequence,
// the expected and the computed score, nodes and microseconds, then the set's means: the table of
// his tutorial. The table is emptied before each position and only solve() is timed, as our
// benchmark (bench/connect_four_sets) does.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "Solver.hpp"

int main(int argc, char** argv) {
  using GameSolver::Connect4::Position;
  using GameSolver::Connect4::Solver;
  const bool weak = argc > 1 && std::string(argv[1]) == "-w";
  static Solver solver;  // large: keep it off the stack
  std::string line;
  long n = 0;
  long wrong = 0;
  double total_us = 0;
  unsigned long long total_nodes = 0;
  while (std::getline(std::cin, line)) {
    std::istringstream fields(line);
    std::string seq;
    int expected = 0;
    if (!(fields >> seq >> expected)) continue;
    Position p;
    if (p.play(seq) != seq.size()) {
      std::fprintf(stderr, "bad position '%s'\n", seq.c_str());
      return 2;
    }
    solver.reset();
    const auto t0 = std::chrono::steady_clock::now();
    const int score = solver.solve(p, weak);
    const auto t1 = std::chrono::steady_clock::now();
    const double us = std::chrono::duration<double, std::micro>(t1 - t0).count();
    const int want = weak ? (expected > 0) - (expected < 0) : expected;
    wrong += score != want;
    total_us += us;
    total_nodes += solver.getNodeCount();
    ++n;
    std::printf("%s %d %d %llu %.1f\n", seq.c_str(), want, score, solver.getNodeCount(), us);
  }
  if (n > 0) {
    std::printf("# positions %ld wrong %ld mean_us %.2f mean_nodes %.1f\n", n, wrong, total_us / n,
                static_cast<double>(total_nodes) / n);
  }
  return wrong == 0 ? 0 : 1;
}
