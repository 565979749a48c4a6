// A UGI engine that misbehaves on purpose, for the tests of external players: it plays the first
// legal move of the position it is given, and on the `--at`-th `go` of its life (1-based) does
// what `--mode` says instead:
//   good      nothing: plays on (with --sleep-ms, sleeps that long before every bestmove)
//   crash     writes a line to stderr (with a NUL and an escape sequence) and aborts
//   stall     never answers (it still reads its input, and ignores `stop`)
//   illegal   answers `bestmove` with a move that is not legal
//   garbage   answers `bestmove` with text that is not a move at all
//   no-ugi    never answers `ugi` (from the start; --at does not apply)
//   no-ugi-later  as no-ugi in every process but the first --at started (counted in --pid-dir):
//             an engine that gets through the harness's check before the run, then fails
// With --pid-dir DIR it creates DIR/<pid> at start, so that a test can check that it is gone.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "harness/registry.h"

int main(int argc, char** argv) {
  std::string game_name = "tictactoe", mode = "good", pid_dir;
  std::map<std::string, std::string> params;
  int at = 1;
  int sleep_ms = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--game") game_name = v;
    if (k == "--param") params[v.substr(0, v.find('='))] = v.substr(v.find('=') + 1);
    if (k == "--mode") mode = v;
    if (k == "--at") at = std::stoi(v);
    if (k == "--sleep-ms") sleep_ms = std::stoi(v);
    if (k == "--pid-dir") pid_dir = v;
  }
  if (mode == "no-ugi-later" && !pid_dir.empty()) {
    int started = 0;
    for (const auto& e : std::filesystem::directory_iterator(pid_dir)) started += e.exists();
    mode = started >= at ? "no-ugi" : "good";
  }
  if (!pid_dir.empty()) std::ofstream(pid_dir + "/" + std::to_string(getpid())) << "fake\n";
  const auto game = gts::make_game(game_name, params);
  std::string position = game->initial_position();
  int gos = 0;
  for (std::string line; std::getline(std::cin, line);) {
    std::istringstream in(line);
    std::vector<std::string> w;
    for (std::string s; in >> s;) w.push_back(s);
    if (w.empty()) continue;
    if (w[0] == "ugi") {
      if (mode == "no-ugi") continue;
      std::cout << "id name fake-" << mode << "\nugiok" << std::endl;
    } else if (w[0] == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (w[0] == "position") {
      std::size_t i = 2;
      std::string text;
      if (w[1] == "startpos") {
        position = game->initial_position();
      } else {
        for (; i < w.size() && w[i] != "moves"; ++i) text += (text.empty() ? "" : " ") + w[i];
        position = game->canonical_position(text);
      }
      for (++i; i < w.size(); ++i) position = game->play_move(position, w[i]);
    } else if (w[0] == "go") {
      ++gos;
      const bool now = gos == at;
      if (now && mode == "crash") {
        // A NUL and an escape sequence too: the harness must keep the line whole and inert.
        std::cerr << std::string("fake engine\0\x1b[31m: crashing on purpose at go ", 45) << gos
                  << std::endl;
        std::abort();
      }
      if (now && mode == "stall") {
        for (std::string ignored; std::getline(std::cin, ignored);) {
        }
        std::this_thread::sleep_for(std::chrono::hours(1));
      }
      if (sleep_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
      if (now && mode == "illegal") {
        std::cout << "bestmove 999" << std::endl;
      } else if (now && mode == "garbage") {
        std::cout << "bestmove what?" << std::endl;
      } else {
        const auto moves = game->legal_moves(position);
        std::cout << "info depth 1 score cp 0 nodes 1 pv " << moves.at(0) << "\n"
                  << "bestmove " << moves.at(0) << std::endl;
      }
    } else if (w[0] == "quit") {
      return 0;
    }
  }
  return 0;
}
