// A driver for Pascal Pons' Connect Four solver (github PascalPons/connect4, AGPL), compiled by
// bench/peers/pons.sh against a checkout the user supplies; none of his code is in this project.
// Reads a set in his format ("move-sequence score" a line) and prints, per position, the sequence,
// the expected and the computed score, nodes and microseconds, then the set's means: the table of
// his tutorial, and the mean thread CPU time (steadier than the wall clock on a shared machine).
// The table is emptied before each position and only solve() is timed, as our benchmark
// (bench/connect_four_sets) does.
#include <time.h>

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
  double total_cpu_us = 0;
  const auto cpu_us = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) * 1e-3;
  };
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
    const double cpu0 = cpu_us();
    const auto t0 = std::chrono::steady_clock::now();
    const int score = solver.solve(p, weak);
    const auto t1 = std::chrono::steady_clock::now();
    total_cpu_us += cpu_us() - cpu0;
    const double us = std::chrono::duration<double, std::micro>(t1 - t0).count();
    const int want = weak ? (expected > 0) - (expected < 0) : expected;
    wrong += score != want;
    total_us += us;
    total_nodes += solver.getNodeCount();
    ++n;
    std::printf("%s %d %d %llu %.1f\n", seq.c_str(), want, score, solver.getNodeCount(), us);
  }
  if (n > 0) {
    std::printf("# positions %ld wrong %ld mean_us %.2f mean_nodes %.1f mean_cpu_us %.2f\n", n,
                wrong, total_us / n, static_cast<double>(total_nodes) / n, total_cpu_us / n);
  }
  return wrong == 0 ? 0 : 1;
}
