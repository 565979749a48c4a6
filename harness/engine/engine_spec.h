// How to start an external engine and talk to it: the `engine:` block of a player.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace gts {

struct EngineSpec {
  std::vector<std::string> command;  // program and arguments
  std::string working_dir;           // empty: the harness's (relative paths: to the config)
  std::vector<std::pair<std::string, std::string>> options;  // `setoption`s, in order
  std::string protocol = "ugi";
  // Replies the harness waits for: the handshake (`ugiok`, `readyok`) and a move searched
  // without a clock or movetime (`go depth`, `go nodes`). Past them the engine forfeits.
  double startup_ms = 10'000;
  double stall_ms = 60'000;
  friend bool operator==(const EngineSpec&, const EngineSpec&) = default;
};

}  // namespace gts
